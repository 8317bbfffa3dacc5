"""Rulings and problems asked for in French, German and Polish (docs/translating.md): the
same requests as in English give the same codes, message codes, parameters, rule sections,
locations and numbers, and only their sentences change, each in the language asked for.

Requests: a Pitch hand whose auction breaks P3, a Piquet deal of 11 tricks (Q6), a Piquet
score sheet that cannot be (Q5, Q6), Piquet totals that cannot be (Q8), a sheet whose words
name nothing (400), and a match's refusals (a player who is not at the table, nothing to
undo)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee import piquet
from referee.i18n.sentences import violation_words
from referee.violations import said as said_violation
from tests.api.deals import Q10_RECORD, create_match
from tests.api.test_languages import _skeleton
from tests.api.test_matches_agreement import bearer
from tests.api.test_matches_clash import card_at, client_etag, piquet_at_the_first_lead
from tests.api.test_pitch_http import FOUR_TRICKS

OTHERS = ["fr", "de", "pl"]
#: English words no French, German or Polish sentence of these requests holds.
ENGLISH = re.compile(r"\b(the|is|not|and|hand|trick|tricks|bid|deal|cards?|never|write|"
                     r"give|there|nothing|player)\b")

REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("/v1/pitch/hands:score", {"players": 4, "dealer": 3, "bids": ["pass", 9, 2, 2],
                               "tricks": FOUR_TRICKS}),
    ("/v1/piquet/deals:score", {**Q10_RECORD, "tricks": Q10_RECORD["tricks"][:11]}),
    ("/v1/piquet/sheets:score", {"point": {"elder": "point of five"},
                                 "sets": {"elder": ["trio of nines"],
                                          "younger": ["trio of aces", "trio of aces"]},
                                 "tricks": {"elder": 5, "younger": 8},
                                 "play": {"elder": 8, "younger": 9}}),
    ("/v1/piquet/totals:check", {"scores": {"elder": -3, "younger": 41}}),
]


def _violations(body: Any) -> list[dict[str, Any]]:
    if isinstance(body, dict):
        found = [body] if "message_code" in body else []
        return found + [v for value in body.values() for v in _violations(value)]
    if isinstance(body, list):
        return [v for value in body for v in _violations(value)]
    return []


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize(("path", "body"), REQUESTS)
def test_a_ruling_or_refusal_in_each_language(client: FlaskClient, path: str,
                                              body: dict[str, Any], language: str) -> None:
    english = client.post(path, json=body)
    said = client.post(path, json=body, headers={"Accept-Language": language})
    assert said.status_code == english.status_code
    assert said.headers["Content-Language"] == language
    assert "Accept-Language" in said.headers["Vary"]
    assert _skeleton(said.json) == _skeleton(english.json)
    theirs, ours = _violations(said.json), _violations(english.json)
    assert theirs and len(theirs) == len(ours)
    for mine, original in zip(theirs, ours, strict=True):
        assert {k: v for k, v in mine.items() if k != "message"} == \
            {k: v for k, v in original.items() if k != "message"}
        assert mine["message"] != original["message"]
        assert not ENGLISH.search(mine["message"]), mine["message"]


@pytest.mark.parametrize("language", OTHERS)
def test_words_that_name_nothing_are_a_400_in_the_language(client: FlaskClient,
                                                           language: str) -> None:
    body = {"point": {"elder": "point of nine"}, "sets": {"younger": ["trio of twos"]},
            "tricks": {"elder": 5, "younger": 7}}
    english = client.post("/v1/piquet/sheets:score", json=body)
    said = client.post("/v1/piquet/sheets:score", json=body,
                       headers={"Accept-Language": language})
    assert said.status_code == english.status_code == 400
    assert said.headers["Content-Language"] == language
    assert set(said.json["errors"]) == set(english.json["errors"])
    assert said.json["errors"] != english.json["errors"]
    assert said.json["detail"] != english.json["detail"]
    assert said.json["type"] == english.json["type"]


@pytest.mark.parametrize("language", OTHERS)
def test_a_matchs_refusals_in_each_language(client: FlaskClient, language: str) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    url = f"/v1/matches/{match['id']}"
    for path, body in ((f"{url}/undo", {}), (f"{url}/deals/7/confirm", {})):
        etag = client.get(url).headers["ETag"]
        english = client.post(path, json=body, headers={"If-Match": etag})
        said = client.post(path, json=body, headers={"If-Match": etag,
                                                     "Accept-Language": language})
        assert said.status_code == english.status_code
        assert said.headers["Content-Language"] == language
        assert _skeleton(said.json) == _skeleton(english.json)
        message = said.json["violations"][0]["message"]
        assert message != english.json["violations"][0]["message"]
        assert not ENGLISH.search(message), message


@pytest.mark.parametrize(("language", "words"), [
    ("en", "€38.20"), ("fr", "38,20\u00a0€"), ("de", "38,20\u00a0€"), ("pl", "38,20\u00a0€")])
def test_a_settlement_in_the_currency_the_languages_way(client: FlaskClient, language: str,
                                                        words: str) -> None:
    """Q9: Bill 213, Ann 69 at 0.10 EUR a point: she pays 382 points, 38.20 (the amount as
    data, the same in every language) written as the language writes money."""
    from tests.api.test_matches_agreement import Table
    from tests.api.test_matches_last_deal import partie

    table = Table(client, stake="0.10", currency="EUR")
    partie(table)
    said = client.get(table.url(""), headers={"Authorization": f"Bearer {table.write}",
                                              "Accept-Language": language})
    settlement = said.json["settlement"]
    assert (settlement["amount"], settlement["currency"]) == ("38.20", "EUR")
    assert settlement["amount_words"] == words


def test_money_in_a_currency_that_is_no_code() -> None:
    from referee.i18n import money

    assert money("3.4", "points", "fr") == "3,40\u00a0points"
    assert money("3.4", "eur", "de") == "3,40\u00a0€"


@pytest.mark.parametrize(("language", "heading"), [
    ("fr", "Q6 Le jeu de la carte"), ("de", "Q6 Das Spiel"), ("pl", "Q6 Rozgrywka")])
def test_the_rules_in_each_language(bare_client: FlaskClient, language: str,
                                    heading: str) -> None:
    """/rules/: the same anchors in every language, the page (translated whole), the contents
    and the links in the language asked for, and a note that the English is the reference."""
    english = bare_client.get("/rules/piquet")
    said = bare_client.get("/rules/piquet", headers={"Accept-Language": language})
    assert said.status_code == 200
    assert said.headers["Content-Language"] == language
    assert "Accept-Language" in said.headers["Vary"]
    assert said.headers["ETag"] != english.headers["ETag"]
    page = said.get_data(as_text=True)
    assert f'<html lang="{language}">' in page
    assert f'<h2 id="Q6">{heading}</h2>' in page
    assert re.findall(r'id="([PQ]\d+)"', page) == \
        re.findall(r'id="([PQ]\d+)"', english.get_data(as_text=True))
    assert "<p><em>" in page
    contents = bare_client.get(f"/rules/?lang={language}")
    assert contents.headers["Content-Language"] == language
    assert f'<html lang="{language}">' in contents.get_data(as_text=True)
    assert heading in contents.get_data(as_text=True)
    section = bare_client.get(f"/rules/Q6?lang={language}")
    assert section.status_code == 302
    assert section.headers["Location"].endswith(f"/rules/piquet?lang={language}#Q6")


def test_the_rules_in_english_are_as_before(bare_client: FlaskClient) -> None:
    plain = bare_client.get("/rules/piquet")
    assert plain.headers["Content-Language"] == "en"
    assert '<h2 id="Q6">Q6 The play</h2>' in plain.get_data(as_text=True)
    assert "lang=\"fr\"" not in plain.get_data(as_text=True)


@pytest.mark.parametrize("language", OTHERS)
def test_a_step_for_another_place_in_each_language(client: FlaskClient, language: str) -> None:
    """A card sent for trick 2 while trick 1 wants its second card: ``step_not_next``, its
    places in the language's words, the same code and parameters as in English."""
    table = piquet_at_the_first_lead(client)
    sent = {"type": "card", "card": "AS", "at": card_at(2, 1)}
    headers = {**bearer(table.token("Ann")), "If-Match": client_etag(table)}
    english = table.client.post(table.url("/events"), json=sent, headers=headers)
    said = table.client.post(table.url("/events"), json=sent,
                             headers={**headers, "Accept-Language": language})
    assert english.status_code == said.status_code == 409
    [ours], [theirs] = english.json["violations"], said.json["violations"]
    assert ours["message"] == ("This step was written for deal 1, trick 2, card 1, but the "
                               "next card goes at deal 1, trick 1, card 1.")
    assert (theirs["message_code"], theirs["params"]) == ("step_not_next.card",
                                                          ours["params"])
    assert not ENGLISH.search(theirs["message"]), theirs["message"]
    assert "2" in theirs["message"]


@pytest.mark.parametrize("language", OTHERS)
def test_an_option_the_engine_refuses_in_each_language(client: FlaskClient,
                                                       language: str) -> None:
    """V13: a ten-point game's lowest bid of 11, refused with the engine's own sentence
    (``bad_option``): its words in the language, the option's name and values kept."""
    body = {"players": 4, "partnership": True, "dealer": 3, "bids": ["pass", 9, 2, 2],
            "tricks": FOUR_TRICKS, "options": {"variant": "ten_point", "min_bid": 11}}
    english = client.post("/v1/pitch/hands:score", json=body)
    said = client.post("/v1/pitch/hands:score", json=body,
                       headers={"Accept-Language": language})
    assert english.status_code == said.status_code == 422
    [ours], [theirs] = english.json["violations"], said.json["violations"]
    assert ours["message"] == "min_bid must be 1..10, not 11."
    assert theirs["message_code"] == "bad_option.engine_sentence"
    assert theirs["params"] == ours["params"]
    assert theirs["message"] != ours["message"] and "min_bid" in theirs["message"]
    assert "10" in theirs["message"] and "11" in theirs["message"]


@pytest.mark.parametrize("language", ["en", *OTHERS])
def test_a_card_of_one_of_several_players_in_each_language(language: str) -> None:
    """PT 59 III: a lead none of whose candidates can be told (``player_unknown`` with two
    names): asked in the language, each candidate named; English as it always was."""
    found = said_violation("player_unknown.leads", "PT 59", "player", due="Bill", card="KC",
                           named=["Ann", "Cy"])
    if language == "en":
        assert found.message == (
            "Bill cannot hold KC, and the hands recorded do not tell whose card it is. A lead "
            "out of turn by Ann? or a lead out of turn by Cy? Send it again naming the player "
            "who played it.")
        return
    worded = violation_words(found, language)
    assert "Ann" in worded and "Cy" in worded and "Bill" in worded
    assert not ENGLISH.search(worded), worded


def _partie_refusals() -> list[str]:
    """The Piquet engine's own sentences refusing a partie's totals (Q1, Q9), as it says them."""
    said: list[str] = []
    for refused in (lambda: piquet.settle_partie({"Ann": 100, "Bill": 90, "Cy": 80}),
                    lambda: piquet.settle_partie({"Ann": -1, "Bill": 90}),
                    lambda: piquet.partie_status([(10, 20), (-3, 40)]),
                    lambda: piquet.partie_status([(10, 20)] * 6 + [(30, 0)])):
        with pytest.raises(ValueError) as error:
            refused()
        said.append(str(error.value))
    return said


@pytest.mark.parametrize("language", OTHERS)
def test_a_partie_the_piquet_engine_refuses_in_each_language(language: str) -> None:
    """Q1, Q9: a partie's totals refused with the Piquet engine's own sentence
    (``bad_option.engine``): each sentence in the language, its numbers kept; English as the
    engine says it."""
    refusals = _partie_refusals()
    assert refusals == ["a partie has exactly two players, not 3",
                        "partie scores cannot be negative",
                        "deal 2: scores cannot be negative",
                        "deal 7: the partie was already over"]
    for english in refusals:
        found = said_violation("bad_option.engine", "", "options", what=english)
        assert violation_words(found, "en") == english
        worded = violation_words(found, language)
        assert worded != english, f"{language}: still English: {english!r}"
        assert re.findall(r"\d+", worded) == re.findall(r"\d+", english)


#: Bodies off the schema, each a 400 with marshmallow's messages: a card that is none, an
#: unknown field, a text for an integer, a number out of range, a missing field, a null, a
#: name too short, a value none of the choices, a stake written as a number, the other
#: game's option, and a step without what its type needs.
SCHEMA_ERRORS: list[tuple[str, dict[str, Any]]] = [
    ("/v1/piquet/deals:score", {"tricks": [["KS", "XX"]], "bogus": 1}),
    ("/v1/pitch/hands:score", {"players": "four", "dealer": 99, "bids": None}),
    ("/v1/matches", {"game": "piquet", "players": ["", "Ann"],
                     "options": {"stake": 5, "target": 11}}),
    ("/v1/matches", {"game": "chess", "players": ["Bill", "Ann"]}),
    ("/v1/piquet/parties:settle", {"scores": {"Ann": 100}, "stake": "x"}),
]

#: The English of marshmallow's and the schemas' messages, none of which a French, German
#: or Polish message holds.
SCHEMA_ENGLISH = re.compile(r"\b(Missing|data|required|field|valid|Unknown|Must|Length|"
                            r"between|greater|less|than|equal|one of|Invalid|may|rank|"
                            r"then|suit|stake|amount|written|string|take|match|does|step|"
                            r"needs|Not|Shorter|Longer)\b")


def _schema_error_in(client: FlaskClient, path: str, body: Any, language: str,
                     **kwargs: Any) -> None:
    english = client.post(path, json=body, **kwargs)
    said = client.post(path, json=body, **{**kwargs, "headers": {
        **kwargs.get("headers", {}), "Accept-Language": language}})
    assert english.status_code == said.status_code == 400, (english.json, said.json)
    assert said.headers["Content-Language"] == language
    assert said.json["type"] == english.json["type"]
    assert said.json["detail"] != english.json["detail"]
    assert not SCHEMA_ENGLISH.search(said.json["detail"]), said.json["detail"]
    # the same locations, as many messages at each, none of them English
    assert {k: len(v) for k, v in said.json["errors"].items()} == \
        {k: len(v) for k, v in english.json["errors"].items()}
    for where, messages in said.json["errors"].items():
        for mine, original in zip(messages, english.json["errors"][where], strict=True):
            assert mine != original, (where, mine)
            words = re.sub(r"'[^']*'", "", mine)  # a field's name, quoted, is data
            assert not SCHEMA_ENGLISH.search(words), (where, mine)
            assert not ENGLISH.search(words), (where, mine)
            # the values it is made of (bounds, lengths, names) kept
            assert re.findall(r"\d+", mine.replace("\u00a0", "").replace(" ", "")
                              .replace(".", "").replace(",", "")) == \
                re.findall(r"\d+", original.replace(",", "").replace(".", "")), (mine, original)


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize(("path", "body"), SCHEMA_ERRORS)
def test_schema_errors_in_each_language(client: FlaskClient, path: str, body: dict[str, Any],
                                        language: str) -> None:
    """A body off the schema asked for in French, German or Polish: the same locations and
    as many messages as in English, each in the language (marshmallow's "Missing data for
    required field.", "Not a valid integer.", "Unknown field.", lengths, ranges and choices
    with their bounds), and the detail too."""
    _schema_error_in(client, path, body, language)


def test_schema_errors_in_english_are_marshmallows() -> None:
    """English answers keep marshmallow's own words, and the schemas' (the values filled)."""
    import marshmallow as ma

    from referee.api.match_schemas import CreateMatchSchema

    with pytest.raises(ma.ValidationError) as refused:
        CreateMatchSchema().load({"game": "piquet", "players": [""], "options": {"stake": 5}})
    assert refused.value.messages == {
        "players": {0: ["Length must be between 1 and 40."]},
        "options": {"stake": ['A stake is an amount per point from 0 to 1,000,000, written as '
                              'a string, e.g. "0.05".']}}


@pytest.mark.parametrize("language", OTHERS)
def test_a_step_off_the_schema_in_each_language(client: FlaskClient, language: str) -> None:
    """A match's step without what its type needs, or with a field of another type's: the
    schema's own sentences in the language, the field named as sent."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    url = f"/v1/matches/{match['id']}/events"
    etag = client.get(f"/v1/matches/{match['id']}").headers["ETag"]
    for body in ({"type": "declaration"}, {"type": "card", "card": "AS", "what": "x"},
                 {"type": "card", "card": "AS", "at": {"deal": 1, "bid": 1}}):
        _schema_error_in(client, url, body, language, headers={"If-Match": etag})


@pytest.mark.parametrize("language", OTHERS)
def test_a_body_that_is_no_json_in_each_language(client: FlaskClient, language: str) -> None:
    english = client.post("/v1/piquet/deals:score", data="{", content_type="application/json")
    said = client.post("/v1/piquet/deals:score", data="{", content_type="application/json",
                       headers={"Accept-Language": language})
    assert english.status_code == said.status_code == 400
    assert english.json["errors"] == {"body": ["Invalid JSON body."]}
    assert set(said.json["errors"]) == {"body"}
    [message] = said.json["errors"]["body"]
    assert message != "Invalid JSON body." and "JSON" in message
    assert said.json["detail"] != english.json["detail"]


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("raw", ['{"players": 1234567890123456789}', '{"tricks": NaN}',
                                 '{"tricks": 1e999}', '{"tricks\\u0000": 1}'])
def test_a_body_refused_before_its_schema_in_each_language(client: FlaskClient, raw: str,
                                                           language: str) -> None:
    """A number no referee holds or a text no database stores (referee/api/inbound.py): the
    same location, the message in the language, its bound kept."""
    english = client.post("/v1/piquet/deals:score", data=raw, content_type="application/json")
    said = client.post("/v1/piquet/deals:score", data=raw, content_type="application/json",
                       headers={"Accept-Language": language})
    assert english.status_code == said.status_code == 400
    assert set(said.json["errors"]) == set(english.json["errors"]) == {"body"}
    [mine], [original] = said.json["errors"]["body"], english.json["errors"]["body"]
    assert mine != original
    assert not SCHEMA_ENGLISH.search(mine) and not ENGLISH.search(mine), mine
    assert re.findall(r"\d+", mine) == re.findall(r"\d+", original)
    assert said.json["detail"] != english.json["detail"]


@pytest.mark.parametrize("language", OTHERS)
def test_an_irregularity_for_another_deal_in_each_language(client: FlaskClient,
                                                           language: str) -> None:
    """An irregularity step sent for deal 2 while deal 1 is played: ``step_not_next`` of its
    kind, in the language's words; the English as it was."""
    table = piquet_at_the_first_lead(client)
    sent = {"type": "irregularity", "what": "exposed_card", "player": "Bill",
            "at": {"deal": 2}}
    headers = {**bearer(table.token("Ann")), "If-Match": client_etag(table)}
    english = table.client.post(table.url("/events"), json=sent, headers=headers)
    said = table.client.post(table.url("/events"), json=sent,
                             headers={**headers, "Accept-Language": language})
    assert english.status_code == said.status_code == 409, english.json
    [ours], [theirs] = english.json["violations"], said.json["violations"]
    assert ours["message"] == ("This step was written for deal 2, but the next irregularity "
                               "goes at deal 1.")
    assert (theirs["message_code"], theirs["params"]) == ("step_not_next.irregularity",
                                                          ours["params"])
    assert not ENGLISH.search(theirs["message"]), theirs["message"]


#: Pitch options the engine refuses with its own sentence (P8, V13), one for each sentence.
ENGINE_REFUSED = [
    {"target": 0}, {"low": "x"}, {"max_bid": 99}, {"min_bid": 0}, {"stuck_dealer_min": 99},
    {"dealer_steal": "x"}, {"pitcher_only_wins": 3}, {"revoke_penalty": "x"}, {"variant": "x"},
    {"variant": "ten_point", "kitty": 9}, {"variant": "ten_point", "moon": "x"},
    {"variant": "ten_point", "points": []}, {"variant": "ten_point", "points": ["zz"]},
    {"variant": "ten_point", "points": ["high", "high"]},
    {"variant": "ten_point", "points": ["high", "big_joker"]},
    {"variant": "ten_point", "points": ["high", "joker", "big_joker", "little_joker"]},
    {"variant": "ten_point", "joker_order": "first_played", "points": ["high", "joker"]},
]


@pytest.mark.parametrize("language", OTHERS)
def test_every_option_sentence_of_the_engine_has_words(language: str) -> None:
    """Each sentence the Pitch engine refuses an option with is worded in the language from
    a registered template (``violation.bad_option.engine.*``): none stays English."""
    for options in ENGINE_REFUSED:
        with pytest.raises(ValueError) as refused:
            _pitch_options(options)
        english = str(refused.value)
        found = said_violation("bad_option.engine", "", "options", what=english)
        worded = violation_words(found, language)
        assert worded != english and not ENGLISH.search(worded), (options, worded)


def _pitch_options(options: dict[str, Any]) -> Any:
    from referee import pitch

    return pitch.variant_options(options)


@pytest.mark.parametrize("language", OTHERS)
def test_the_detail_of_options_refused_is_worded_whole(client: FlaskClient,
                                                       language: str) -> None:
    """A stateless ruling's options that do not go together: the detail ("Bad options: …")
    in the language, its opening as well as the engine's sentence."""
    body = {"players": 4, "partnership": True, "dealer": 3, "bids": ["pass", 9, 2, 2],
            "tricks": FOUR_TRICKS, "options": {"variant": "ten_point", "min_bid": 11}}
    english = client.post("/v1/pitch/hands:score", json=body)
    said = client.post("/v1/pitch/hands:score", json=body,
                       headers={"Accept-Language": language})
    assert english.json["detail"] == "Bad options: min_bid must be 1..10, not 11"
    assert said.status_code == 422
    assert "Bad options" not in said.json["detail"] and "min_bid" in said.json["detail"]
    assert not ENGLISH.search(said.json["detail"]), said.json["detail"]
