"""An irregularity's consequence in French, German and Polish (P10; docs/translating.md): the
same step recorded anyway answers the same irregularity, penalty, consequence code and
parameters, violation codes and rule sections in every language, and only the sentence
changes — worded from the code, with no English left; words with no code stay English,
marked ``"consequence_language": "en"``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.i18n.localize import localize
from tests.api.deals import PITCH_PLAYERS
from tests.api.test_matches_agreement import Table, bearer
from tests.api.test_matches_irregular import _pitch_to_the_revoke

OTHERS = ["fr", "de", "pl"]
#: English words none of these French, German or Polish sentences holds.
ENGLISH = re.compile(r"\b(the|is|taken|back|play|goes|though|nothing|scored|turn|not)\b")


def _dry_run(client: FlaskClient, table: Table, language: str,
             step: dict[str, Any] | None = None) -> Any:
    etag = client.get(table.url(), headers=bearer(table.write)).headers["ETag"]
    return client.post(table.url("/events") + "?dry_run=true",
                       json=step or {"type": "card", "card": "5H", "player": "Bob"},
                       headers={**bearer(table.write), "If-Match": etag,
                                "Accept-Language": language})


def _facts(said: dict[str, Any]) -> tuple[Any, ...]:
    return (said["irregularity"], said["penalty"], said.get("consequence_code"),
            said.get("consequence_params"),
            [(v["code"], v["rule"], v.get("params")) for v in said["violations"]])


@pytest.mark.parametrize("language", OTHERS)
def test_a_card_out_of_turn_in_each_language(client: FlaskClient, language: str) -> None:
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    english = _dry_run(client, table, "en").get_json()
    said = _dry_run(client, table, language).get_json()
    assert english["consequence_code"] == "withdrawn.card.due"
    assert english["consequence"].endswith("Ann is to play.")
    assert _facts(said) == _facts(english)
    assert said["consequence"] != english["consequence"]
    assert "Ann" in said["consequence"] and "Bob" in said["consequence"]
    assert not ENGLISH.search(said["consequence"]), said["consequence"]
    assert "consequence_language" not in said

    wrong = table.post("/events", {"type": "card", "card": "5H", "player": "Bob",
                                   "anyway": True})
    assert wrong.status_code == 201, wrong.json
    shown = client.get(table.url(), headers={**bearer(table.write),
                                             "Accept-Language": language}).get_json()
    [note] = shown["current_irregularities"]
    assert _facts(note) == _facts(english)
    assert note["consequence"] == said["consequence"]
    [in_english] = table.get()["current_irregularities"]
    assert in_english["consequence"] == english["consequence"]


@pytest.mark.parametrize("language", OTHERS)
def test_a_pitch_revoke_by_its_engines_code_in_each_language(client: FlaskClient,
                                                             language: str) -> None:
    """P10: the engine's consequence (the table's revoke option, its source) by its code."""
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    revoke = {"type": "card", "card": "9S"}
    english = _dry_run(client, table, "en", revoke).get_json()
    said = _dry_run(client, table, language, revoke).get_json()
    assert english["consequence_code"] == "pitch.revoke.set_back_bid"
    assert english["consequence"].startswith("Ann revoked in trick 1")
    assert _facts(said) == _facts(english)
    assert said["consequence"].startswith("Ann") and "Foster" in said["consequence"]
    assert not ENGLISH.search(said["consequence"]), said["consequence"]
    wrong = table.post("/events", {**revoke, "anyway": True})
    assert wrong.status_code == 201, wrong.json
    assert wrong.json["events"][0]["payload"]["consequence"] == english["consequence"]


@pytest.mark.parametrize("language", OTHERS)
def test_an_older_events_words_are_shown_from_their_code_or_in_english_marked(
    language: str,
) -> None:
    """Stored before consequences had codes (tests/corpus/v1): upcast where the words read
    back into a code (as the match reads the note, referee.match.irregularities), else
    English, marked."""
    first = {"code": "out_of_turn", "rule": "P4", "message": "It is Ann's turn, not Bob's.",
             "location": "player"}
    worded = {"irregularity": "out_of_turn", "penalty": "withdrawn",
              "consequence": "Something the engine said.", "violations": [first]}
    kept = localize({"current_irregularities": [dict(worded)]}, language)
    [note] = kept["current_irregularities"]
    assert note["consequence"] == "Something the engine said."
    assert note["consequence_language"] == "en"
