"""An irregularity's consequence is stored as a code and its parameters, worded when read
(P10, Q12; docs/translating.md): new events carry no English sentence, and an event stored
before consequences had codes is read as stored, upcast to its code when its words read back
into one."""

from __future__ import annotations

from referee.match.irregularities import IrregularityNote, recovered
from referee.violations import CONSEQUENCE_WORDS
from tests.match.test_irregularities import pitch_to_the_revoke


def test_a_new_irregularity_event_stores_a_code_not_an_english_sentence() -> None:
    table = pitch_to_the_revoke()
    [(kind, note)] = table.step("card", anyway=True, card="5H", player="Bob")
    assert kind == "irregularity"
    assert "consequence" not in note
    assert note["consequence_code"] == "withdrawn.card.due"
    assert note["consequence_params"] == {"law": "P10: cancelled and the order restored",
                                          "due": "Ann"}
    assert IrregularityNote.read(note).consequence.text == (
        "It is Ann's turn, not Bob's: the card is taken back and the play goes on as though it "
        "had not happened (P10: cancelled and the order restored); nothing is scored for it. "
        "Ann is to play.")
    shown = IrregularityNote.read(note).as_shown()
    assert shown["consequence_code"] == "withdrawn.card.due"
    assert shown["consequence"].endswith("Ann is to play.")


def test_a_voided_deal_keeps_its_reason_in_words() -> None:
    strict = pitch_to_the_revoke(irregularities={"out_of_turn": "void"})
    note, _, voided = strict.step("card", anyway=True, card="5H", player="Bob")
    assert note[1]["consequence_code"] == "void"
    assert voided[1]["reason"] == IrregularityNote.read(note[1]).consequence.text


def test_an_older_event_is_read_as_stored_and_upcast_when_its_words_read_back() -> None:
    """The ledger corpus's words (tests/corpus/v1/pitch-card-out-of-turn.json)."""
    first = {"code": "out_of_turn", "rule": "P4", "message": "It is Ann's turn, not Bob's.",
             "location": "player"}
    text = ("It is Ann's turn, not Bob's: the card is taken back and the play goes on as "
            "though it had not happened (P10: cancelled and the order restored); nothing is "
            "scored for it. Ann is to play.")
    old = {"irregularity": "out_of_turn", "penalty": "withdrawn", "consequence": text,
           "violations": [first]}
    said = IrregularityNote.read(old).consequence
    assert (said.code, dict(said.params), said.text) == (
        "withdrawn.card.due", {"law": "P10: cancelled and the order restored", "due": "Ann"},
        text)
    odd = {**old, "consequence": "Words no template makes."}
    kept = IrregularityNote.read(odd).consequence
    assert (kept.code, kept.text) == ("", "Words no template makes.")
    assert IrregularityNote.read(odd).as_shown()["consequence"] == "Words no template makes."
    assert "consequence_code" not in IrregularityNote.read(odd).as_shown()


def test_every_template_of_the_match_reads_back_from_its_own_words() -> None:
    """The match's own consequences, as events stored them before codes; a Pitch or
    Piquet consequence's parts (" in trick 3", "the elder hand") do not read back: such
    older words stay English."""
    from referee.violations import consequence, said

    first = said("hand_size", "Q2", "elder", n=11)
    values = {"law": "P10", "dealer_law": "PT 6", "due": "Ann", "step": "exchange"}
    for code, template in CONSEQUENCE_WORDS.items():
        if code.startswith(("pitch.", "piquet.")):
            continue
        params = {k: v for k, v in values.items() if "{" + k in template}
        made = consequence(code, first, **params)
        back = recovered(made.text, first.message)
        assert back is not None and back.text == made.text, code


def test_a_pitch_irregularity_found_at_the_table_stores_its_code() -> None:
    """P10: an exposed card (the table's option), by the Pitch engine's code."""
    table = pitch_to_the_revoke()
    [(kind, note)] = table.step("irregularity", what="exposed_card", player="Bob",
                                cards=["5H"])
    assert kind == "irregularity" and "consequence" not in note
    assert note["consequence_code"] == "pitch.exposed_card.none"
    assert note["consequence_params"]["who"] == "Bob"
    assert note["consequence_params"]["card"] == "5H"
    said = IrregularityNote.read(note).consequence.text
    assert said.startswith("Bob exposed the five of hearts in trick 1: no penalty")
