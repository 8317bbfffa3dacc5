"""The players' languages over HTTP (docs/translating.md): Accept-Language negotiated (q
values, a region falling back to its language, English otherwise), Content-Language and
``Vary: Accept-Language`` on the answers, the match's table language, and the same codes,
rule sections, locations and numbers in every language: only sentences change.

Piquet's Q10 deal (Bill elder, Ann younger) and a refused card; Pitch: a bid refused."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import Headers

from tests.api.deals import Q10_RECORD, create_match, post_step, record_deal
from tests.api.test_matches_piquet import _play_q10, _start_q10

OTHERS = ["fr", "de", "pl"]
ENGLISH = re.compile(r"\b(the|hand|tricks?|declarations|nobody|scored|turn|bid|won|took)\b")


def _get(client: FlaskClient, path: str, language: str | None) -> Any:
    headers = {"Accept-Language": language} if language else {}
    return client.get(path, headers=headers)


def _skeleton(value: Any) -> Any:
    """The answer with every sentence taken out: codes, rules, locations, numbers, names."""
    if isinstance(value, dict):
        return {k: _skeleton(v) for k, v in value.items()
                if k not in ("what", "message", "title", "detail", "note", "ruling", "claim",
                             "explanations", "scored", "elder_shown", "younger_shown")
                or not isinstance(v, (str, list))}
    if isinstance(value, list):
        return [_skeleton(v) for v in value]
    return value


def _sentences(value: Any, key: str = "") -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() if k != "params" for s in _sentences(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in _sentences(v, key)]
    return [value] if isinstance(value, str) and key in ("what", "message", "title") else []


@pytest.mark.parametrize(("header", "chosen"), [
    ("fr", "fr"), ("fr-CA", "fr"), ("de-AT,de;q=0.9", "de"), ("pl-PL", "pl"),
    ("xx, en;q=0.1", "en"), ("ja", "en"), (None, "en"), ("en;q=0.2, pl;q=0.8", "pl"),
    ("de;q=0, fr;q=0.5", "fr"), ("*", "en"),
])
def test_accept_language_is_negotiated_and_said(client: FlaskClient, header, chosen) -> None:
    answer = _get(client, "/v1/matches/m_nothing", header)
    assert answer.status_code in (401, 404)
    assert answer.headers["Content-Language"] == chosen
    assert "Accept-Language" in answer.headers["Vary"]


def test_what_is_written_in_english_says_so(client: FlaskClient) -> None:
    for path in ("/table/", "/healthz"):
        answer = _get(client, path, "fr")
        assert answer.headers["Content-Language"] == "en", path


def test_english_answers_are_as_before(client: FlaskClient) -> None:
    """No Accept-Language and ``en`` give the same bytes."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    record_deal(client, match["id"], Q10_RECORD)
    plain = client.get(f"/v1/matches/{match['id']}")
    english = _get(client, f"/v1/matches/{match['id']}", "en-GB")
    assert plain.data == english.data


@pytest.mark.parametrize("language", OTHERS)
def test_a_whole_piquet_ruling_in_each_language(client: FlaskClient, language: str) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    record_deal(client, match["id"], Q10_RECORD)
    english = _get(client, f"/v1/matches/{match['id']}/ledger", None).json
    said = _get(client, f"/v1/matches/{match['id']}/ledger", language)
    assert said.headers["Content-Language"] == language
    assert _skeleton(said.json) == _skeleton(english)
    words = _sentences(said.json)
    assert words and words != _sentences(english)
    left = [w for w in words if ENGLISH.search(w)]
    assert not left, left
    assert "Bill" in str(said.json) and "Ann" in str(said.json)


@pytest.mark.parametrize("language", OTHERS)
def test_a_refusal_in_each_language(client: FlaskClient, language: str) -> None:
    match_id = _start_q10(client)
    _play_q10(client, match_id, cards=5)
    english = post_step(client, match_id, type="card", card="QC")
    said = client.post(f"/v1/matches/{match_id}/events", json={"type": "card", "card": "QC"},
                       headers={"Accept-Language": language,
                                "If-Match": client.get(f"/v1/matches/{match_id}")
                                .headers["ETag"]})
    assert said.status_code == english.status_code == 422
    assert said.headers["Content-Language"] == language
    assert said.json["title"] != english.json["title"]
    assert _skeleton(said.json)["violations"] == _skeleton(english.json)["violations"]
    message = said.json["violations"][0]["message"]
    assert message != english.json["violations"][0]["message"]
    assert not ENGLISH.search(message), message
    assert "QC" in message  # the card notation of records is data


def test_a_schema_error_keeps_its_codes_in_another_language(client: FlaskClient) -> None:
    said = client.post("/v1/matches", json={"game": "chess", "players": ["A", "B"]},
                       headers={"Accept-Language": "de"})
    assert said.status_code == 400
    assert said.headers["Content-Language"] == "de"
    assert said.json["title"] == "Ungültige Anfrage"
    assert said.json["type"].endswith("/bad-request")


def test_the_table_language_wins_over_each_phone(client: FlaskClient) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"], language="fr")
    assert match["options"]["language"] == "fr"
    record_deal(client, match["id"], Q10_RECORD)
    for phone in (None, "de", "pl-PL"):
        said = _get(client, f"/v1/matches/{match['id']}", phone)
        assert said.headers["Content-Language"] == "fr"
    french = _get(client, f"/v1/matches/{match['id']}/ledger", "de").json
    assert any("aîné" in s for s in _sentences(french))


def test_a_table_language_must_be_spoken(client: FlaskClient) -> None:
    refused = client.post("/v1/matches", json={"game": "pitch", "players": ["A", "B"],
                                               "options": {"language": "xx"}})
    assert refused.status_code == 400
    assert "options" in str(refused.json["errors"])


def test_a_match_without_a_table_language_stores_none(client: FlaskClient) -> None:
    match = create_match(client, "pitch", ["A", "B"])
    assert "language" not in match["options"]


def test_pitch_refusal_in_french(client: FlaskClient) -> None:
    create = client.post("/v1/matches", json={"game": "pitch", "players": ["Ann", "Bob", "Cid"]})
    match_id = create.json["id"]
    token = create.json["tokens"]["write"]
    headers = {"Authorization": f"Bearer {token}"}
    etag = client.get(f"/v1/matches/{match_id}", headers=headers).headers["ETag"]
    step = client.post(f"/v1/matches/{match_id}/events", json={"type": "bid", "bid": 9},
                       headers={**headers, "If-Match": etag, "Accept-Language": "fr"})
    assert step.headers["Content-Language"] == "fr"
    assert step.status_code in (400, 422)
    copy.deepcopy(step.json)


@pytest.mark.parametrize("language", ["en", *OTHERS])
def test_the_page_reads_its_words_from_the_same_catalogs(bare_client: FlaskClient,
                                                         language: str) -> None:
    from referee.i18n.page import PAGE

    answer = bare_client.get(f"/table/i18n/{language}.json")
    assert answer.status_code == 200
    assert answer.headers["Content-Language"] == language
    words = answer.json["messages"]
    plurals = answer.json["plurals"]
    assert set(words) | set(plurals) == set(PAGE) and not set(words) & set(plurals)
    assert all(PAGE[name].english_plural for name in plurals)
    assert set(plurals["clash.tricks"]) == {"en": {"one", "other"}, "de": {"one", "other"},
                                            "fr": {"one", "many", "other"},
                                            "pl": {"one", "few", "many"}}[language]
    assert set(answer.json["locales"]) == {"en", "fr", "de", "pl"}
    same = bare_client.get(f"/table/i18n/{language}.json",
                           headers={"If-None-Match": answer.headers["ETag"]})
    assert same.status_code == 304
    if language != "en":
        assert words["home.start"] != PAGE["home.start"].english


def test_a_language_the_page_does_not_speak_is_404(bare_client: FlaskClient) -> None:
    assert bare_client.get("/table/i18n/xx.json").status_code == 404


def test_money_the_locales_way() -> None:
    from referee.i18n import money, number, plural

    assert money("41.20", "EUR", "fr") == "41,20\u00a0€"
    assert money("41.20", "EUR", "de") == "41,20\u00a0€"
    assert money("41.20", "EUR", "en") == "€41.20"
    assert number(1234.5, "pl") == "1\u00a0234,5"
    assert [plural("pl", n) for n in (1, 2, 5)] == ["one", "few", "many"]


@pytest.mark.parametrize("language", OTHERS)
def test_a_claim_beside_the_ruling_in_each_language(client: FlaskClient, language: str) -> None:
    """A sheet whose sequence was written as a quint, then the cards: the differences' words
    and their hints in the language, the steps, rules and points as in English."""
    from tests.api.test_matches_agreement import Table
    from tests.api.test_matches_piquet_sheets import Q10_SHEET

    table = Table(client)
    table.deal({"sheet": {**Q10_SHEET, "sequence": {"younger": "quint"}}})
    assert table.post("/deals/1/cards", Q10_RECORD).status_code == 201
    english = client.get(table.url("/ledger"), headers={"Authorization": f"Bearer {table.write}"})
    said = client.get(table.url("/ledger"), headers={"Authorization": f"Bearer {table.write}",
                                                     "Accept-Language": language})
    assert _skeleton(said.json) == _skeleton(english.json)
    changes = said.json["items"][0]["changes"]
    words = [changes["parts_at"]["ruling"], changes["parts_at"]["claim"]]
    assert words != [english.json["items"][0]["changes"]["parts_at"][k]
                     for k in ("ruling", "claim")]
    assert not [w for w in words if ENGLISH.search(w)], words


@pytest.mark.parametrize("language", OTHERS)
def test_a_pitch_hand_and_its_claim_in_each_language(client: FlaskClient, language: str) -> None:
    """A stateless Pitch ruling whose claimed scores differ: every sentence in the language
    (the sides by seat, the points High, Low, Jack and Game in its words), the codes and
    numbers as in English."""
    from tests.api.test_pitch_http import FOUR_BIDS, FOUR_TRICKS

    body = {"players": 4, "dealer": 3, "bids": FOUR_BIDS, "tricks": FOUR_TRICKS,
            "claimed": [1, 1, 1, 1]}
    english = client.post("/v1/pitch/hands:score", json=body)
    said = client.post("/v1/pitch/hands:score", json=body,
                       headers={"Accept-Language": language})
    assert said.status_code == english.status_code == 200
    assert said.headers["Content-Language"] == language
    assert _skeleton(said.json) == _skeleton(english.json)
    words = _sentences(said.json) + [d[k] for d in said.json["claim"]["differences"]
                                     for k in ("ruling", "claim")]
    left = [w for w in words if ENGLISH.search(w) or re.search(r"\bseat\b", w)]
    assert not left, left


def test_vary_without_accept_language_and_beside_a_view_s_own(bare_client: FlaskClient) -> None:
    """An answer with no Vary of its own gets exactly ``Accept-Language`` (then compression's
    ``Accept-Encoding``); a Vary the answer already had is kept and added to."""
    app = bare_client.application

    @app.get("/v1/test-vary")
    def _own_vary() -> Any:
        return app.response_class("{}", mimetype="application/json", headers={"Vary": "Origin"})

    plain = bare_client.get("/healthz")
    assert plain.headers["Content-Language"] == "en"
    answer = bare_client.get("/v1/matches/m_nothing")
    assert answer.headers.getlist("Vary") == ["Accept-Language, Accept-Encoding"]
    assert answer.headers.getlist("Content-Language") == ["en"]
    own = bare_client.get("/v1/test-vary", headers={"Accept-Language": "fr"})
    assert own.headers.getlist("Vary") == ["Origin, Accept-Language, Accept-Encoding"]
    assert own.headers["Content-Language"] == "fr"


def test_the_language_hook_reads_the_headers_once(bare_client: FlaskClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The hook looks at the answer's header names in one pass, not with werkzeug's ``in``
    (a scan that raises and catches an exception on each miss, twice an answer); an answer's
    own Content-Language or Vary is still found whatever the case of its name."""
    from werkzeug.datastructures import Headers

    app = bare_client.application
    (hook,) = [f for f in app.after_request_funcs[None] if f.__name__ == "_language"]

    def refused(self: Headers, key: object) -> bool:
        raise AssertionError(f"`{key!r} in headers`")

    def answer(headers: dict[str, str], language: str = "") -> Headers:
        sent = {"Accept-Language": language} if language else {}
        with app.test_request_context("/v1/matches/m_x", headers=sent):
            response = app.response_class("{}", mimetype="application/json", headers=headers)
            with monkeypatch.context() as patched:
                patched.setattr(Headers, "__contains__", refused)
                said: Headers = hook(response).headers
        return said

    plain = answer({})
    assert plain.getlist("Content-Language") == ["en"]
    # with compression's Accept-Encoding, which the hook writes too (the app compresses)
    assert plain.getlist("Vary") == ["Accept-Language, Accept-Encoding"]
    own = answer({"content-language": "de", "vary": "Origin"}, "fr")
    assert own.getlist("Content-Language") == ["de"]
    assert own.getlist("Vary") == ["Origin"]
    vary = answer({"vary": "Origin"}, "fr")
    assert vary.getlist("Content-Language") == ["fr"]
    assert vary.getlist("Vary") == ["Origin, Accept-Language"]


def test_vary_is_written_once_whole(bare_client: FlaskClient,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """On an answer with no Vary of its own the language hook writes compression's
    ``Accept-Encoding`` too, so compression's hook finds it there and does not set the header
    again (werkzeug's ``set`` scans and rewrites the headers; bench/RESULTS.md §30)."""
    written: list[str] = []
    set_header = Headers.set

    def noted(self: Headers, key: str, value: Any, **kwargs: Any) -> None:
        written.append(key.lower())
        set_header(self, key, value, **kwargs)

    monkeypatch.setattr(Headers, "set", noted)
    answer = bare_client.get("/v1/matches/m_nothing")
    assert answer.headers.getlist("Vary") == ["Accept-Language, Accept-Encoding"]
    assert "vary" not in written
