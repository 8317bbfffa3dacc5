"""A Piquet revoke's consequence in French, German and Polish (PT 59 IV, Q12;
docs/translating.md): by its code and parameters, the same irregularity, penalty, code,
parameters and rule sections in every language, no English left; the English as before."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.i18n.localize import localize
from referee.match.irregularities import IrregularityNote
from tests.api.deals import Q10_DEALT, Q10_TALON
from tests.api.test_languages_consequences import ENGLISH, OTHERS, _facts
from tests.api.test_matches_agreement import Table, bearer
from tests.api.test_matches_irregular import _q10_exchanged


def _dry_run(client: FlaskClient, table: Table, language: str) -> Any:
    etag = client.get(table.url(), headers=bearer(table.write)).headers["ETag"]
    return client.post(table.url("/events") + "?dry_run=true",
                       json={"type": "card", "card": "KC"},
                       headers={**bearer(table.write), "If-Match": etag,
                                "Accept-Language": language}).get_json()


def _to_the_revoke(client: FlaskClient, revoke: str) -> Table:
    """Q10; Bill leads the king of spades, Ann holds spades and plays the king of clubs."""
    table = Table(client, revoke=revoke)
    _q10_exchanged(table)
    assert table.post("/events", {"type": "card", "card": "KS"}).status_code == 201
    return table


@pytest.mark.parametrize(("revoke", "code"), [
    ("replay", "piquet.revoke.retaken.cards"),
    ("reckon_nothing", "piquet.revoke.reckon_nothing.cards"),
    ("void", "piquet.revoke.void.cards"),
])
def test_a_piquet_revoke_is_stored_by_its_code(client: FlaskClient, revoke: str,
                                               code: str) -> None:
    table = _to_the_revoke(client, revoke)
    english = _dry_run(client, table, "en")
    assert english["consequence_code"] == code
    assert english["consequence_params"]["hand"] == "younger"
    assert english["consequence"].startswith(
        "The younger hand revoked in trick 1 (the king of clubs on the king of spades)")
    for language in OTHERS:
        said = _dry_run(client, table, language)
        assert _facts(said) == _facts(english)
        assert not ENGLISH.search(said["consequence"]), said["consequence"]
        assert "consequence_language" not in said
    wrong = table.post("/events", {"type": "card", "card": "KC", "anyway": True})
    assert wrong.status_code == 201, wrong.json
    assert wrong.json["events"][0]["payload"]["consequence"] == english["consequence"]
    stored = table.get("/log")["items"][-1]
    assert stored["kind"] == "irregularity"
    assert stored["payload"]["consequence_code"] == code


@pytest.mark.parametrize("language", OTHERS)
def test_the_replay_names_the_cards_taken_back_in_each_language(client: FlaskClient,
                                                                language: str) -> None:
    table = _to_the_revoke(client, "replay")
    english = _dry_run(client, table, "en")
    assert english["consequence_params"]["retaken"] == [["younger", ["KC"]]]
    assert "taken back (the younger hand the king of clubs)" in english["consequence"]
    said = _dry_run(client, table, language)
    assert said["consequence"].count("PT 59 IV") == 1
    assert not ENGLISH.search(said["consequence"]), said["consequence"]


@pytest.mark.parametrize("language", OTHERS)
def test_an_older_piquet_revokes_words_stay_english_marked(language: str) -> None:
    """Stored before the Piquet consequences had codes: read as stored, marked."""
    first = {"code": "revoke", "rule": "Q6", "location": "tricks[0][1]",
             "message": "The younger hand revoked."}
    text = ("The younger hand revoked in trick 1 and the deal cannot be replayed: the deal "
            "is void, nobody scores (table option); it is played out as played.")
    note = {"irregularity": "revoke", "penalty": "void", "consequence": text,
            "violations": [first]}
    [shown] = localize({"current_irregularities": [note]}, language)["current_irregularities"]
    assert shown["consequence"] == text and shown["consequence_language"] == "en"


@pytest.mark.parametrize("language", OTHERS)
def test_a_talon_offence_by_its_code_in_each_language(client: FlaskClient,
                                                      language: str) -> None:
    """PT 27, 29: Ann, younger, took one of Bill's five: she reckons nothing (the default)."""
    table = Table(client)
    assert table.post("/events", {"type": "deal_started", "dealt": Q10_DEALT,
                                  "talon": Q10_TALON}).status_code == 201
    step = {"type": "exchange", "elder": ["KH", "TH", "7H", "TD", "8D"],
            "younger": ["QD", "9D", "7D", "KD"]}

    def dry(language: str) -> Any:
        etag = client.get(table.url(), headers=bearer(table.write)).headers["ETag"]
        return client.post(table.url("/events") + "?dry_run=true", json=step,
                           headers={**bearer(table.write), "If-Match": etag,
                                    "Accept-Language": language}).get_json()

    english, said = dry("en"), dry(language)
    assert english["consequence_code"] == "piquet.talon_offence.reckon_nothing"
    assert english["consequence"].startswith("Ann (the younger hand) took talon cards")
    assert _facts(said) == _facts(english)
    assert said["consequence"].startswith("Ann (") and "PT 27–29" in said["consequence"]
    assert not ENGLISH.search(said["consequence"]), said["consequence"]
    wrong = table.post("/events", {**step, "anyway": True})
    assert wrong.status_code == 201, wrong.json
    stored = table.get("/log")["items"][-1]["payload"]
    assert stored["consequence_code"] == english["consequence_code"]
    assert "consequence" not in stored


@pytest.mark.parametrize("language", OTHERS)
def test_a_card_exposed_in_dealing_shown_in_each_language(client: FlaskClient,
                                                          language: str) -> None:
    """PT 13: Ann, dealing, exposed one of Bill's cards; Bill elects a fresh deal."""
    table = Table(client)
    assert table.post("/events", {"type": "deal_started", "dealt": Q10_DEALT,
                                  "talon": Q10_TALON}).status_code == 201
    found = table.post("/events", {"type": "irregularity", "what": "exposed_in_dealing",
                                   "player": "Bill", "election": "fresh_deal"})
    assert found.status_code == 201, found.json
    [stored] = [e for e in table.get("/log")["items"] if e["kind"] == "irregularity"]
    code = "piquet.exposed_in_dealing.fresh_deal.elder"
    assert stored["payload"]["consequence_code"] == code
    shown = IrregularityNote.read(stored["payload"]).as_shown()
    said = localize({"current_irregularities": [shown]}, language)
    [note] = said["current_irregularities"]
    assert note["consequence"].startswith("Ann (") and "Bill (" in note["consequence"]
    assert "PT 13" in note["consequence"] and "consequence_language" not in note
    assert not ENGLISH.search(note["consequence"]), note["consequence"]
