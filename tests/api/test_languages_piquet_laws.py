"""The Piquet laws' consequences in French, German and Polish (docs/translating.md): a false
call (PT 52–54), a lead out of turn played to (PT 59 III), a long or short hand (PT 57, 58),
a discard of none (PT 21, 22), a wrong deal (PT 11, 39–43) and a deal out of turn (PT 16),
each as the dry run of the step that records it says it: the English word for word as
before, and in every language the same irregularity, penalty, code, parameters and law
sections, no English left and no ``consequence_language`` marker."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.i18n.localize import localize
from referee.match.irregularities import IrregularityNote
from tests.api.deals import Q10_DEALT, Q10_DECLARATIONS, Q10_EXCHANGE, Q10_TALON, Q10_TRICKS
from tests.api.test_languages_consequences import ENGLISH, OTHERS, _facts
from tests.api.test_matches_agreement import Table, bearer

CARDS = [c for trick in Q10_TRICKS for c in trick]
#: PT 41: Bill dealt 13 (Q10's twelve and the ♥A), Ann Q10's twelve, seven in the talon.
PT41_DEALT = {**Q10_DEALT, "elder": [*Q10_DEALT["elder"], "AH"]}
PT41_TALON = "JH 8H 7C JD AS QH JC".split()


def _dealt(table: Table, **step: Any) -> None:
    body = {"type": "deal_started", "dealt": Q10_DEALT, "talon": Q10_TALON, **step}
    assert table.post("/events", body).status_code == 201


def _exchanged(table: Table) -> None:
    _dealt(table)
    assert table.post("/events", {"type": "exchange", **Q10_EXCHANGE}).status_code == 201


def _played(table: Table, cards: list[str]) -> None:
    _exchanged(table)
    assert table.post("/events", {"type": "declaration", "role": "elder",
                                  **Q10_DECLARATIONS["elder"]}).status_code == 201
    for k, card in enumerate(cards):
        if k == 1:
            assert table.post("/events", {"type": "declaration", "role": "younger",
                                          **Q10_DECLARATIONS["younger"]}).status_code == 201
        assert table.post("/events", {"type": "card", "card": card}).status_code == 201


def _false_call(table: Table) -> dict[str, Any]:
    """PT 54: Bill calls a point of six he does not hold: he reckons nothing."""
    _exchanged(table)
    return {"type": "declaration", "role": "elder", "point": 6}


def _impossible_call(table: Table) -> dict[str, Any]:
    """PT 54: Bill calls a point of seven his hand and discard could not hold: no penalty."""
    _exchanged(table)
    return {"type": "declaration", "role": "elder", "point": 7, "sets": ["trio:A"]}


def _lead_answered(table: Table) -> dict[str, Any]:
    """PT 59 III: Ann leads ♠7 out of turn at trick 3 (taken back), Bill plays ♠Q to it."""
    _played(table, CARDS[:4])
    taken = table.post("/events", {"type": "card", "card": "7S", "player": "Ann",
                                   "anyway": True})
    assert taken.status_code == 201, taken.json
    return {"type": "card", "card": "QS", "at": {"deal": 1, "trick": 3, "position": 2}}


def _long_hand(table: Table) -> dict[str, Any]:
    """PT 58: Bill is found with five diamonds he never played."""
    _played(table, CARDS[:20])
    return {"type": "irregularity", "what": "long_hand", "player": "Bill",
            "cards": ["QD", "TD", "9D", "8D", "7D"]}


def _short_hand(table: Table) -> dict[str, Any]:
    """PT 57: Bill has no card left to lead to trick 12."""
    _played(table, CARDS[:22])
    return {"type": "irregularity", "what": "short_hand", "player": "Bill"}


def _no_discard(table: Table) -> dict[str, Any]:
    """PT 21: Bill discards none."""
    _dealt(table)
    return {"type": "exchange", "elder": [], "younger": ["QD", "9D", "7D"]}


def _wrong_deal(election: str) -> Callable[[Table], dict[str, Any]]:
    def step(table: Table) -> dict[str, Any]:
        """PT 11, 39, 41: Bill dealt 13, seven in the talon; his election."""
        return {"type": "deal_started", "dealt": PT41_DEALT, "talon": PT41_TALON,
                "election": election}
    return step


def _dealt_out_of_turn(late: bool) -> Callable[[Table], dict[str, Any]]:
    def step(table: Table) -> dict[str, Any]:
        """PT 16: Bill dealt, not Ann: found at once, or after the exchange."""
        (_exchanged if late else _dealt)(table)
        return {"type": "irregularity", "what": "deal_out_of_turn"}
    return step


#: Each law: how the table comes to it (returning the step that records it), and its English
#: as the match said it before the consequence had a code.
LAWS: dict[str, tuple[Callable[[Table], dict[str, Any]], str]] = {
    "false_call": (_false_call,
        "The elder hand called a point of six it did not hold and reckons nothing this deal (PT "
        "54); the younger hand reckons what it has good."),
    "false_call.impossible": (_impossible_call,
        "The elder hand called a point of seven, which its hand and discard together could not "
        "hold: no penalty (PT 54); the call scores nothing."),
    "lead_out_of_turn": (_lead_answered,
        "Ann led 7S out of turn and QS was played to it: the lead stands (PT 59 III: it cannot "
        "be taken up once the adversary has played to the trick); the trick is scored as "
        "played."),
    "long_hand": (_long_hand,
        "Bill (the elder hand) played with more than twelve cards (5 cards never played) and "
        "reckons nothing this deal but a carte blanche (PT 58, Case XXI); its cards and calls "
        "still bar a pique or repique of the younger hand, and the twelfth trick is the last "
        "(Case XIX)."),
    "short_hand": (_short_hand,
        "Bill (the elder hand) has no card left to play: fewer than twelve cards, no penalty "
        "(PT 57); each card of the younger hand that cannot be played to is a trick it wins."),
    "no_discard": (_no_discard,
        "Bill (the elder hand) discarded no card: no penalty (PT 21); it must discard at least "
        "one. The exchange is taken back: record it again with its discard."),
    "wrong_deal.play_on": (_wrong_deal("play_on"),
        "Bill (the elder hand) was dealt 13 cards and Ann (the younger hand) 12 cards: elder "
        "elected to stand the deal (PT 11). The elder hand discards one more than it takes in, "
        "at least two; the younger hand as many as it takes in; each plays with twelve (PT 41)."),
    "wrong_deal.fresh_deal": (_wrong_deal("fresh_deal"),
        "Bill (the elder hand) was dealt 13 cards and Ann (the younger hand) 12 cards: elder "
        "elected a fresh deal (PT 11); the same dealer deals again and this deal scores "
        "nothing."),
    "wrong_deal.taken_in": (_wrong_deal("taken_in"),
        "Bill (the elder hand) was dealt 13 cards and Ann (the younger hand) 12 cards: the "
        "elder hand took in without announcing it and has lost his option of a fresh deal (PT "
        "39); the deal stands. He cannot alter his discard and must leave at least three cards "
        "for the younger hand. The elder hand discards one more than it takes in, at least two; "
        "the younger hand as many as it takes in; each plays with twelve (PT 41)."),
    "deal_out_of_turn.early": (_dealt_out_of_turn(False),
        "Bill (the younger hand) dealt out of turn, found before either player took up his "
        "cards: the deal is void and the right dealer, Ann (the elder hand), deals (PT 16); it "
        "scores nothing."),
    "deal_out_of_turn.late": (_dealt_out_of_turn(True),
        "Bill (the younger hand) dealt out of turn, found after the hands were taken up: the "
        "deal stands as dealt and Ann (the elder hand) deals the next two deals, unless this "
        "deal or the next is the partie's last (PT 16)."),
}


def _dry_run(table: Table, step: dict[str, Any], language: str) -> Any:
    client = table.client
    etag = client.get(table.url(), headers=bearer(table.write)).headers["ETag"]
    found = client.post(table.url("/events") + "?dry_run=true", json=step,
                        headers={**bearer(table.write), "If-Match": etag,
                                 "Accept-Language": language})
    assert found.status_code == 200, found.json
    return found.get_json()


@pytest.mark.parametrize("law", sorted(LAWS))
def test_the_english_as_it_was(client: FlaskClient, law: str) -> None:
    arrive, english = LAWS[law]
    table = Table(client)
    said = _dry_run(table, arrive(table), "en")
    assert said["consequence"] == english


#: The consequence's code of each law's step, and some of its parameters.
CODES: dict[str, tuple[str, dict[str, Any]]] = {
    "false_call": ("piquet.false_call.reckon_nothing",
                   {"hand": "elder", "call": ["point", "point of six"], "adversary": "younger"}),
    "false_call.impossible": ("piquet.false_call.impossible",
                              {"hand": "elder", "call": ["point", "point of seven"]}),
    "lead_out_of_turn": ("piquet.lead_out_of_turn.answered",
                         {"leader": "Ann", "lead": "7S", "card": "QS"}),
    "long_hand": ("piquet.long_hand.reckon_nothing.unplayed",
                  {"who": ["elder", "Bill"], "unplayed": 5, "adversary": "younger"}),
    "short_hand": ("piquet.short_hand.found", {"who": ["elder", "Bill"],
                                               "adversary": "younger"}),
    "no_discard": ("piquet.no_discard", {"who": ["elder", "Bill"], "law": "PT 21"}),
    "wrong_deal.play_on": ("piquet.wrong_deal.play_on",
                           {"elder": ["elder", "Bill"], "elder_dealt": 13,
                            "younger": ["younger", "Ann"], "younger_dealt": 12,
                            "law": "PT 41"}),
    "wrong_deal.fresh_deal": ("piquet.wrong_deal.fresh_deal", {"elder_dealt": 13}),
    "wrong_deal.taken_in": ("piquet.wrong_deal.taken_in", {"law": "PT 41"}),
    "deal_out_of_turn.early": ("piquet.deal_out_of_turn.fresh_deal",
                               {"dealer": ["younger", "Bill"], "elder": ["elder", "Ann"]}),
    "deal_out_of_turn.late": ("piquet.deal_out_of_turn.stands",
                              {"dealer": ["younger", "Bill"], "elder": ["elder", "Ann"]}),
}

#: A law's section as a sentence cites it ("PT 59 III", "PT 27–29"; a Case's number, "XXI").
_SECTIONS = re.compile(r"PT \d+(?:[–-]\d+)?(?: [IVX]+)?|\b[IVX]{2,}\b")


@pytest.mark.parametrize("law", sorted(LAWS))
def test_each_law_is_answered_by_its_code(client: FlaskClient, law: str) -> None:
    arrive, _ = LAWS[law]
    table = Table(client)
    said = _dry_run(table, arrive(table), "en")
    code, params = CODES[law]
    assert said["consequence_code"] == code
    assert params.items() <= said["consequence_params"].items()
    assert "consequence_language" not in said


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("law", sorted(LAWS))
def test_each_law_in_each_language(client: FlaskClient, law: str, language: str) -> None:
    """The same facts as in English, the same law sections and every number (a point said in
    words in English, "point of six", is a number in the others), no English words, the
    players' names kept."""
    arrive, english = LAWS[law]
    table = Table(client)
    step = arrive(table)
    said = _dry_run(table, step, language)
    assert _facts(said) == _facts(_dry_run(table, step, "en"))
    assert "consequence_language" not in said
    words = said["consequence"]
    assert words != english and not ENGLISH.search(words), words
    assert sorted(_SECTIONS.findall(words)) == sorted(_SECTIONS.findall(english)), words
    assert set(re.findall(r"\b\d+\b", english)) <= set(re.findall(r"\d+", words)), words
    for name in ("Bill", "Ann"):
        assert (name in words) == (name in english), words


#: The steps a match refuses unless they are sent "anyway" (the rules break; Q12).
_ANYWAY = ("false_call", "false_call.impossible", "no_discard", "wrong_deal.play_on",
           "wrong_deal.fresh_deal", "wrong_deal.taken_in")


@pytest.mark.parametrize("law", sorted(LAWS))
def test_each_law_is_stored_by_its_code_and_read_in_each_language(client: FlaskClient,
                                                                   law: str) -> None:
    """Recorded, the event keeps the code and parameters, not the words; read back, its
    English is as before and each language words it."""
    arrive, english = LAWS[law]
    table = Table(client)
    step = arrive(table)
    recorded = table.post("/events", {**step, "anyway": True} if law in _ANYWAY else step)
    assert recorded.status_code == 201, recorded.json
    stored = [e["payload"] for e in table.get("/log")["items"]
              if e["kind"] == "irregularity"][-1]
    assert stored["consequence_code"] == CODES[law][0] and "consequence" not in stored
    shown = IrregularityNote.read(stored).as_shown()
    assert shown["consequence"] == english
    for language in OTHERS:
        [note] = localize({"current_irregularities": [dict(shown)]},
                          language)["current_irregularities"]
        assert "consequence_language" not in note
        assert not ENGLISH.search(note["consequence"]), note["consequence"]


@pytest.mark.parametrize("language", OTHERS)
def test_older_words_of_these_laws_stay_english_marked(language: str) -> None:
    """An event stored before these consequences had codes: read as stored, marked."""
    first = {"code": "announcement_not_held", "rule": "Q5",
             "location": "declarations.elder.point",
             "message": "The elder hand announced a point of six but holds no suit of 6 cards "
                        "after the exchange."}
    for text in (LAWS["false_call"][1], LAWS["long_hand"][1], LAWS["no_discard"][1]):
        note = {"irregularity": "false_call", "penalty": "reckon_nothing", "consequence": text,
                "violations": [first]}
        assert IrregularityNote.read(note).consequence.code == ""
        [shown] = localize({"current_irregularities": [note]},
                           language)["current_irregularities"]
        assert shown["consequence"] == text and shown["consequence_language"] == "en"
