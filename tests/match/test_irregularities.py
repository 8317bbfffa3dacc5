"""Every irregularity the match layer records, without Flask (docs/rules/irregularities.md
P10, Q12): steps recorded anyway (out of turn, a revoke, a card not held, a misdeal, a false
call) under each penalty the table may choose, and irregularities found at the table (a talon
offence, a long or short hand, an exposed card) — the events decided, the deal in progress
and the score, and the served state against a fresh replay.

Pitch: Ann deals, Bob pitches the king of hearts (2), Cid plays the ace and Ann — holding the
three and two of hearts — may revoke with the nine of spades (P4). Piquet: the Q10 deal, Bill
(elder) 11, Ann (younger, the dealer) 41.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.match import commands
from referee.match.irregularities import IrregularityNote
from referee.match.state import MatchError
from referee.violations import RecordError
from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_TALON,
    Q10_TRICKS,
)
from tests.match.table import Table

Q10_CARDS = [c for trick in Q10_TRICKS for c in trick]
PITCH_CARDS = [c for trick in BOB_SET_BACK_TRICKS for c in trick]
#: After Ann's revoke the hand is played out legally (tests/api/test_matches_irregular.py).
AFTER_REVOKE = ["JH", "2H", "5H", "TS", "6S", "8S", "TD", "9D", "8D", "TC", "9C", "8C",
                "7S", "3H", "5S"]


def kinds(decided: list[Any]) -> list[str]:
    return [kind for kind, _ in decided]


def pitch_to_the_revoke(**options: Any) -> Table:
    table = Table("pitch", **options)
    table.step("deal_started", hands=BOB_SET_BACK_HANDS)
    for call in (2, "pass", "pass"):
        table.step("bid", call=call)
    table.cards(["KH", "AH"])
    return table


def q10_exchanged(**options: Any) -> Table:
    table = Table(**options)
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    table.step("exchange", **Q10_EXCHANGE)
    return table


def play_q10(table: Table, cards: list[str], declare: bool = True) -> list[Any]:
    decided: list[Any] = []
    for k, card in enumerate(cards):
        if declare and k == 1:
            table.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
        decided = table.step("card", card=card)
    return decided


def assert_replays(table: Table) -> None:
    assert table.state == table.replayed()


# ------------------------------------------------------------------------- Pitch, anyway


def test_a_pitch_revoke_is_the_engines_and_sets_the_offender_back() -> None:
    table = pitch_to_the_revoke()
    with pytest.raises(RecordError):
        table.decide_step("card", card="9S")
    dry = table.decide_step("card", anyway=True, card="9S")
    [(kind, note)] = table.step("card", anyway=True, card="9S")
    assert [(kind, note)] == dry
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "revoke",
                                                             "set_back_bid")
    assert note["record"]["tricks"][0] == ["KH", "AH", "9S"]
    assert_replays(table)
    scored = table.cards(AFTER_REVOKE)[-1][1]
    assert scored["scores"] == {"Ann": -2, "Bob": 0, "Cid": 4}  # P10, Foster
    assert scored["ruling"]["recorded_anyway"][0]["irregularity"] == "revoke"
    assert table.state.deal(1).record["irregular"] == [  # type: ignore[union-attr]
        {"type": "revoke", "seat": 0, "trick": 1}]
    assert_replays(table)


def test_a_pitch_revoke_under_all_fours() -> None:
    table = pitch_to_the_revoke(revoke_penalty="all_fours")
    [(_, note)] = table.step("card", anyway=True, card="9S")
    assert note["penalty"] == "all_fours"
    scored = table.cards(AFTER_REVOKE)[-1][1]
    assert scored["scores"]["Ann"] < 0 and scored["scores"]["Bob"] == 0


def test_a_card_not_held_voids_the_deal_and_undo_brings_it_back() -> None:
    table = pitch_to_the_revoke()
    decided = table.step("card", anyway=True, card="QH")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert (decided[0][1]["irregularity"], decided[0][1]["penalty"]) == ("other", "void")
    state = table.state
    assert state.current is None and state.live_deals == () and state.next_dealer == 0
    assert state.next_number == 2  # dealt again by the same dealer, as the next deal
    assert_replays(table)
    [(_, undo)] = table.undo()
    assert len(undo["voids"]) == 3
    assert table.state.current is not None
    assert table.state.current.record["tricks"] == [["KH", "AH"]]
    assert_replays(table)


def test_a_card_not_held_played_as_played_under_the_option() -> None:
    table = pitch_to_the_revoke(irregularities={"other": "as_played"})
    decided = table.step("card", anyway=True, card="QH")
    assert kinds(decided) == ["card", "irregularity"]
    assert decided[1][1]["penalty"] == "as_played"
    assert table.state.current.record["tricks"][0] == ["KH", "AH", "QH"]  # type: ignore
    assert table.state.current.irregular[0].penalty == "as_played"  # type: ignore
    assert_replays(table)
    [(_, undo)] = table.undo()  # the card and its note go together
    assert len(undo["voids"]) == 2 and table.state.current.irregular == ()  # type: ignore


def test_a_pitch_bid_out_of_turn_under_must_pass() -> None:
    table = Table("pitch", bid_out_of_turn="must_pass")
    table.step("deal_started", hands=BOB_SET_BACK_HANDS)
    [(kind, note)] = table.step("bid", anyway=True, call=3, player="Cid")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "out_of_turn",
                                                             "must_pass")
    assert table.state.next.player == "Bob"
    table.step("bid", call=2)
    assert table.state.next.player == "Cid" and table.state.next.legal_calls == ("pass",)
    assert_replays(table)


def test_a_card_out_of_turn_is_taken_back_or_voids_under_the_option() -> None:
    table = pitch_to_the_revoke()
    [(kind, note)] = table.step("card", anyway=True, card="5H", player="Bob")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "out_of_turn",
                                                             "withdrawn")
    assert "Ann is to play" in _said(note)
    assert table.state.next.player == "Ann"
    assert table.state.current.record["tricks"] == [["KH", "AH"]]  # type: ignore[union-attr]
    assert_replays(table)
    strict = pitch_to_the_revoke(irregularities={"out_of_turn": "void"})
    decided = strict.step("card", anyway=True, card="5H", player="Bob")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert_replays(strict)


def test_a_pitch_misdeal_in_the_step_flow_passes_the_deal() -> None:
    table = Table("pitch")
    short = [BOB_SET_BACK_HANDS[0][:5], *BOB_SET_BACK_HANDS[1:]]
    with pytest.raises(RecordError):
        table.step("deal_started", hands=short)
    decided = table.step("deal_started", anyway=True, hands=short)
    assert kinds(decided) == ["irregularity", "deal_scored"]
    assert decided[0][1]["irregularity"] == "misdeal"
    assert decided[1][1]["scores"] == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert table.state.next_dealer == 1  # the deal passes (misdeal "pass_deal")
    assert_replays(table)


def test_a_legal_step_sent_anyway_is_just_the_step() -> None:
    table = pitch_to_the_revoke()
    assert kinds(table.step("card", anyway=True, card="2H")) == ["card"]
    assert_replays(table)


def test_a_finished_match_refuses_even_anyway() -> None:
    table = Table()
    while not table.state.outcome.finished:  # Q9: six deals
        table.deal({"scores": {"elder": 30, "younger": 12}}, level="totals")
    with pytest.raises(MatchError) as over:
        table.step("deal_started", anyway=True, dealt=Q10_DEALT, talon=Q10_TALON)
    assert [v.code for v in over.value.violations] == ["match_finished"]


# ------------------------------------------------------------------------ Piquet, anyway


def test_a_piquet_revoke_is_replayed_by_default_or_reckons_nothing() -> None:
    table = q10_exchanged()
    table.step("card", card="KS")
    [(kind, note)] = table.step("card", anyway=True, card="KC")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "revoke",
                                                             "replay")
    assert table.state.current.record["tricks"] == [["KS"]]  # type: ignore[union-attr]
    assert table.state.next.legal_cards == ("AS", "JS", "7S")
    assert_replays(table)
    kept = q10_exchanged(revoke="reckon_nothing")
    kept.step("card", card="KS")
    [(_, note)] = kept.step("card", anyway=True, card="KC")
    assert note["penalty"] == "reckon_nothing"
    assert kept.state.current.record["tricks"] == [["KS", "KC"]]  # type: ignore[union-attr]
    assert_replays(kept)


def test_a_piquet_false_call_reckons_nothing() -> None:
    table = q10_exchanged()
    with pytest.raises(RecordError):
        table.step("declaration", role="elder", point=6)
    [(kind, note)] = table.step("declaration", anyway=True, role="elder", point=6)
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "false_call",
                                                             "reckon_nothing")
    assert "PT 54" in _said(note)
    assert table.state.current.record["irregular"] == [  # type: ignore[union-attr]
        {"code": "announcement_not_held", "location": "declarations.elder.point"}]
    scored = play_q10(table, Q10_CARDS)[-1][1]
    assert scored["scores"] == {"Bill": 0, "Ann": 41}
    assert_replays(table)


def test_a_piquet_hand_of_eleven_is_a_misdeal_dealt_again_by_the_same_dealer() -> None:
    table = Table()
    short = {"elder": Q10_DEALT["elder"][:11], "younger": Q10_DEALT["younger"]}
    with pytest.raises(RecordError):
        table.step("deal_started", dealt=short, talon=Q10_TALON)
    decided = table.step("deal_started", anyway=True, dealt=short, talon=Q10_TALON)
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert (decided[0][1]["irregularity"], decided[0][1]["penalty"]) == ("misdeal", "void")
    assert table.state.next_dealer == 1 and table.state.live_deals == ()  # Ann again
    assert_replays(table)


# ------------------------------------------------------------- found at the table (Q12, P10)


def test_a_talon_offence_reckons_nothing_or_is_a_fresh_deal() -> None:
    table = q10_exchanged()
    [(kind, note)] = table.step("irregularity", what="talon_offence", player="Ann")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "talon_offence",
                                                             "reckon_nothing")
    assert_replays(table)
    scored = play_q10(table, Q10_CARDS)[-1][1]
    assert scored["scores"] == {"Bill": 11, "Ann": 0}
    assert scored["ruling"]["irregularities"][0]["kind"] == "talon_offence"
    assert_replays(table)
    fresh = q10_exchanged(talon_offence="fresh_deal")
    decided = fresh.step("irregularity", what="talon_offence", player="Bill")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert fresh.state.current is None and fresh.state.next_dealer == 1
    assert_replays(fresh)
    fresh.undo()
    assert fresh.state.current is not None and fresh.state.current.irregular == ()
    assert_replays(fresh)


def test_irregularities_at_the_table_are_checked() -> None:
    table = q10_exchanged()
    with pytest.raises(MatchError) as nobody:
        table.step("irregularity", what="talon_offence")
    assert (nobody.value.violations[0].rule, nobody.value.violations[0].location) == (
        "Q12", "player")
    with pytest.raises(MatchError) as stranger:
        table.step("irregularity", what="talon_offence", player="Cid")
    assert [v.code for v in stranger.value.violations] == ["not_a_player"]


def test_a_long_and_a_short_hand() -> None:
    table = Table()
    play_q10(table, Q10_CARDS[:20], declare=False)
    [(_, note)] = table.step("irregularity", what="long_hand", player="Bill",
                             cards=["QD", "TD", "9D", "8D", "7D"])
    assert note["penalty"] == "reckon_nothing"
    scored = play_q10(table, Q10_CARDS[20:], declare=False)[-1][1]
    assert scored["scores"] == {"Bill": 0, "Ann": 35}  # PT 58
    assert_replays(table)
    short = Table()
    play_q10(short, Q10_CARDS[:22], declare=False)
    [(_, note)] = short.step("irregularity", what="short_hand", player="Bill")
    assert "no penalty (PT 57)" in _said(note)
    assert short.state.next.player == "Ann"
    scored = short.step("card", card="9H", player="Ann")[-1][1]
    assert scored["scores"] == {"Bill": 9, "Ann": 43}
    assert_replays(short)


def test_a_pitch_exposed_card_and_a_long_hand() -> None:
    table = pitch_to_the_revoke()
    table.cards(PITCH_CARDS[2:4])
    [(_, note)] = table.step("irregularity", what="exposed_card", player="Ann", cards=["9S"])
    assert (note["irregularity"], note["penalty"]) == ("exposed_card", "none")
    scored = table.cards(PITCH_CARDS[4:])[-1][1]
    assert scored["scores"] == {"Ann": 0, "Bob": -2, "Cid": 4}
    assert_replays(table)
    long = pitch_to_the_revoke()
    long.cards(PITCH_CARDS[2:6])
    decided = long.step("irregularity", what="long_hand", player="Cid")
    assert kinds(decided) == ["irregularity", "deal_scored"]
    assert decided[0][1]["penalty"] == "pass_deal" and long.state.next_dealer == 1
    assert_replays(long)


# ------------------------------------------------------------------------- ruled once


@pytest.mark.parametrize(("card", "anyway"), [("2H", False), ("QH", True), ("9S", True)])
def test_a_step_is_ruled_once_even_anyway_and_in_a_dry_run(
    card: str, anyway: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A legal card, a card not held (voids the deal) and a revoke (the engine's, P10), each
    sent anyway: the game rules the step once (:meth:`Game.step`), when recorded and in the
    dry run that says what recording it anyway would do."""
    table = pitch_to_the_revoke()
    game = type(table.game)
    ruled: list[Any] = []
    real = game.rule_step

    def counted(self: Any, *args: Any) -> Any:
        ruled.append(args[1])
        return real(self, *args)

    monkeypatch.setattr(game, "rule_step", counted)
    commands.dry_run(table.state, table.game, "card", {"card": card}, None)
    assert len(ruled) == 1
    table.step("card", anyway=anyway, card=card)
    assert len(ruled) == 2


# ---------------------------------------------- a card out of turn, as the laws take it up


def test_a_piquet_card_sent_without_player_that_the_other_holds_is_his_lead_out_of_turn(
) -> None:
    """Q10: Bill leads ♠K, Ann wins with ♠A and is to lead; ♣A, sent without ``player``, is
    not in Ann's hand but in Bill's (dealt AC KS QS TS 9S 8S KH TH 7H AD TD 8D): Bill's lead
    out of turn, taken up (PT 59 III), never a card "not held" that voids the deal."""
    table = q10_exchanged()
    table.cards(["KS", "AS"])
    dry = table.decide_step("card", anyway=True, card="AC")
    decided = table.step("card", anyway=True, card="AC")
    assert decided == dry
    [(kind, note)] = decided
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "out_of_turn",
                                                             "withdrawn")
    assert note["step"]["player"] == "Bill"
    assert "not Bill's (Bill holds AC)" in _said(note)
    assert "Ann is to play" in _said(note)
    state = table.state
    assert state.current is not None and state.current.record["tricks"] == [["KS", "AS"]]
    assert state.next.player == "Ann" and state.live_deals == ()
    assert_replays(table)
    # the same as when the table names him
    named = q10_exchanged()
    named.cards(["KS", "AS"])
    [(_, by_name)] = named.step("card", anyway=True, card="AC", player="Bill")
    assert (by_name["irregularity"], by_name["penalty"]) == ("out_of_turn", "withdrawn")


def test_a_pitch_card_sent_without_player_that_another_holds_is_his_card_out_of_turn(
) -> None:
    """Ann (3H 2H 9S 9D 9C 6S) is to play to Bob's ♥K and Cid's ♥A; ♥5, sent without
    ``player``, is Bob's (KH 5H 8S 8D 8C 5S): taken back (P10), the deal goes on."""
    table = pitch_to_the_revoke()
    [(kind, note)] = table.step("card", anyway=True, card="5H")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "out_of_turn",
                                                             "withdrawn")
    assert "Ann is to play" in _said(note)
    assert table.state.next.player == "Ann"
    assert table.state.current.record["tricks"] == [["KH", "AH"]]  # type: ignore[union-attr]
    assert_replays(table)


def test_a_pitch_lead_out_of_turn_at_trick_two_is_taken_back() -> None:
    """Cid wins trick 1 (KH AH 3H) and is to lead; Bob leads ♥5 out of turn before anyone
    plays to it: taken back, as a first lead out of turn is (P10; PT 59 III by analogy),
    and Cid leads — never "everyone played to it"."""
    table = pitch_to_the_revoke()
    table.cards(["3H"])
    assert table.state.next.player == "Cid"
    [(kind, note)] = table.step("card", anyway=True, card="5H", player="Bob")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "out_of_turn",
                                                             "withdrawn")
    assert "everyone played to it" not in _said(note)
    assert "taken back" in _said(note) and "Cid is to play" in _said(note)
    assert table.state.next.player == "Cid"
    assert table.state.current.irregular[0].penalty == "withdrawn"  # type: ignore
    assert table.state.current.record["tricks"] == [  # type: ignore[union-attr]
        ["KH", "AH", "3H"]]
    assert "irregular" not in table.state.current.record  # type: ignore[union-attr]
    assert_replays(table)
    table.cards(["JH"])  # Cid leads as he should
    assert table.state.next.player == "Ann"


# ------------------------------------------------ the exchange, as the laws rule it (Q12)


#: Q10's exchange, but Ann (younger) discards four (QD 9D 7D KD) when Bill took his five: she
#: took in one of elder's five (PT 27, 29).
YOUNGER_TOOK_ONE_OF_ELDERS = {"elder": Q10_EXCHANGE["elder"],
                              "younger": [*Q10_EXCHANGE["younger"], "KD"]}


def q10_dealt(**options: Any) -> Table:
    table = Table(**options)
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    return table


def _said(note: dict[str, Any]) -> str:
    """A stored note's consequence in English (a coded one is stored by its code)."""
    return IrregularityNote.read(note).consequence.text


def test_younger_taking_one_of_elders_five_reckons_nothing_and_play_goes_on() -> None:
    """PT 27, 29: Ann took one of the top five: she reckons nothing (talon_offence
    "reckon_nothing", the default), the deal is played out, never voided as an `other`."""
    table = q10_dealt()
    with pytest.raises(RecordError):
        table.step("exchange", **YOUNGER_TOOK_ONE_OF_ELDERS)
    [(kind, note)] = table.step("exchange", anyway=True, **YOUNGER_TOOK_ONE_OF_ELDERS)
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "talon_offence",
                                                             "reckon_nothing")
    assert note["consequence_code"] == "piquet.talon_offence.reckon_nothing"
    assert "Ann (the younger hand)" in _said(note) and "PT 27" in _said(note)
    record = table.state.current.record  # type: ignore[union-attr]
    assert record["irregular"] == [{"code": "talon_offence", "location": "younger"}]
    assert record["exchange"] == YOUNGER_TOOK_ONE_OF_ELDERS
    assert table.state.next.player == "Bill" and table.state.live_deals == ()
    assert_replays(table)
    table.step("declaration", role="elder", **Q10_DECLARATIONS["elder"])
    scored = play_q10(table, Q10_CARDS)[-1][1]
    assert scored["scores"]["Ann"] == 0 and scored["scores"]["Bill"] > 0
    assert_replays(table)


def test_younger_taking_one_of_elders_five_under_fresh_deal_is_dealt_again() -> None:
    """PT 29: elder may elect a fresh deal (talon_offence "fresh_deal"): the same dealer
    deals again, the deal scores nothing."""
    table = q10_dealt(talon_offence="fresh_deal")
    decided = table.step("exchange", anyway=True, **YOUNGER_TOOK_ONE_OF_ELDERS)
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert (decided[0][1]["irregularity"], decided[0][1]["penalty"]) == ("talon_offence",
                                                                         "fresh_deal")
    assert "PT 28–29" in _said(decided[0][1])
    assert table.state.current is None and table.state.next_dealer == 1  # Ann again
    assert_replays(table)


@pytest.mark.parametrize(("exchange", "law"), [
    ({"elder": [], "younger": Q10_EXCHANGE["younger"]}, "PT 21"),
    ({"elder": Q10_EXCHANGE["elder"], "younger": []}, "PT 22"),
])
def test_a_discard_of_none_costs_nothing_and_is_recorded_again(
    exchange: dict[str, list[str]], law: str,
) -> None:
    """PT 21, 22: no penalty; he is bound to discard at least one: the exchange is taken
    back, the deal goes on and the exchange is recorded with his discard."""
    table = q10_dealt()
    [(kind, note)] = table.step("exchange", anyway=True, **exchange)
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "no_discard",
                                                             "withdrawn")
    assert f"no penalty ({law})" in _said(note)
    assert table.state.current is not None and "exchange" not in table.state.current.record
    assert_replays(table)
    table.step("exchange", **Q10_EXCHANGE)
    scored = play_q10(table, Q10_CARDS)[-1][1]
    assert scored["scores"] == {"Bill": 11, "Ann": 41}
    assert_replays(table)


def test_the_discard_is_fixed_once_the_exchange_is_recorded() -> None:
    """PT 24: after Bill's exchange (five talon cards taken) a second exchange for him,
    putting out the ♠8 instead of the ♦8, is refused, even anyway; Ann's exchange follows."""
    table = q10_dealt()
    table.step("exchange", elder=Q10_EXCHANGE["elder"])
    for anyway in (False, True):
        with pytest.raises(MatchError) as refused:
            table.step("exchange", anyway=anyway, elder=["KH", "TH", "7H", "TD", "8S"])
        [violation] = refused.value.violations
        assert (violation.code, violation.rule, violation.location) == (
            "discard_fixed", "Q4", "elder")
    assert table.state.current is not None
    assert table.state.current.record["exchange"] == {"elder": Q10_EXCHANGE["elder"]}
    table.step("exchange", younger=Q10_EXCHANGE["younger"])
    table.step("declaration", role="elder", **Q10_DECLARATIONS["elder"])
    assert play_q10(table, Q10_CARDS)[-1][1]["scores"] == {"Bill": 11, "Ann": 41}
    assert_replays(table)


def test_a_ledger_stored_with_a_second_exchange_still_reads_as_recorded() -> None:
    """Before PT 24 was checked a second exchange for a hand replaced the first: such a stored
    ledger is folded as it was recorded (the check is on new steps only)."""
    table = q10_dealt()
    table.step("exchange", elder=["KH", "TH", "7H", "TD", "8S"])
    stored = {**table.events[-1].payload, "elder": Q10_EXCHANGE["elder"]}
    table._append([("exchange", stored)])
    replayed = table.replayed()
    assert replayed.current is not None
    assert replayed.current.record["exchange"] == {"elder": Q10_EXCHANGE["elder"]}


@pytest.mark.parametrize("options", [{}, {"irregularities": {"other": "as_played"}}])
def test_an_incorrect_pack_voids_that_deal_under_pt_75(options: dict[str, Any]) -> None:
    """PT 75: a pack with a card twice (the ace of clubs dealt to both hands) voids the deal
    where it is found, under its law, whatever the table's ``other`` option says; it is never
    taken back as a step (PT 59) nor scored."""
    table = Table(**options)
    dealt = {"elder": list(Q10_DEALT["elder"]), "younger": ["AC", *Q10_DEALT["younger"][1:]]}
    decided = table.step("deal_started", anyway=True, dealt=dealt, talon=Q10_TALON)
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    note = decided[0][1]
    assert (note["irregularity"], note["penalty"]) == ("incorrect_pack", "void")
    assert "PT 75" in _said(note) and "earlier deals stand" in _said(note)
    assert "table's option" not in _said(note)
    assert decided[1][1]["scores"] == {"Bill": 0, "Ann": 0}


def test_an_old_piquet_revoke_stored_as_withdrawn_is_read_as_replay() -> None:
    """PT 59 IV: older versions stored a Piquet revoke taken back with the penalty
    ``withdrawn`` (no record with it); it is read under the ``revoke`` option's name,
    ``replay``, and the stored event is not rewritten. The ledger goes on from it."""
    table = q10_exchanged()
    table.step("card", card="KS")
    [(_, note)] = table.decide_step("card", anyway=True, card="KC")
    old = {k: v for k, v in note.items() if k != "record"} | {"penalty": "withdrawn"}
    table.add([("irregularity", old)])
    assert table.events[-1].payload["penalty"] == "withdrawn"
    assert table.state.current.irregular[-1].penalty == "replay"  # type: ignore[union-attr]
    assert table.replayed().current.irregular[-1].penalty == "replay"  # type: ignore
    assert table.state.current.record["tricks"] == [["KS"]]  # type: ignore[union-attr]


# Q10 but Ann leads trick 3 out of turn (♠7; Bill won trick 2 with ♣A) and Bill plays to it.
OUT_OF_TURN_REST = ["TS", "JS", "QC", "7C", "JC", "8S", "TC", "JH", "9C", "8H", "8C", "JD",
                    "QH", "AH", "AD", "KD", "9S", "9H"]


@pytest.mark.parametrize("at", [None, {"deal": 1, "trick": 3, "position": 2}])
def test_a_card_played_to_a_lead_out_of_turn_taken_back_makes_it_stand(
    at: dict[str, int] | None,
) -> None:
    """PT 59 III: after ♠K ♠A, ♣K ♣A Bill (AC KS QS TS 9S 8S AH JH 8H 7C JD AD after the
    exchange) is to lead; Ann (KC QC TC 9C 8C JS 7S 9H KD AS QH JC) leads ♠7: taken back.
    Bill then plays ♠Q to it — sent plainly, or ``at`` trick 3, card 2: the adversary has
    played to the trick, so the lead stands; Ann scores her lead, Bill the trick (Bill 11,
    Ann 42, as tests/piquet/test_irregular.py's whole record)."""
    table = q10_exchanged()
    play_q10(table, ["KS", "AS", "KC", "AC"])
    [(_, taken)] = table.step("card", anyway=True, card="7S", player="Ann")
    assert (taken["irregularity"], taken["penalty"]) == ("out_of_turn", "withdrawn")
    assert taken["at"] == {"deal": 1, "trick": 3, "position": 1}
    sent: dict[str, Any] = {"card": "QS"} if at is None else {"card": "QS", "at": at}
    [(kind, stands)] = table.step("card", **sent)
    assert (kind, stands["irregularity"], stands["penalty"]) == (
        "irregularity", "lead_out_of_turn", "as_played")
    assert stands["irregular"] == [{"code": "lead_out_of_turn", "location": "tricks[2][0]"}]
    assert "PT 59 III" in _said(stands) and "Ann led 7S" in _said(stands)
    state = table.state
    assert state.current is not None
    assert state.current.record["tricks"][-1] == ["7S", "QS"]
    assert state.next.player == "Bill"  # he won the trick
    assert_replays(table)
    decided = play_q10(table, OUT_OF_TURN_REST, declare=False)
    assert decided[-1][1]["scores"] == {"Bill": 11, "Ann": 42}


def test_after_a_lead_out_of_turn_taken_back_the_right_lead_at_its_place_is_a_lead() -> None:
    """PT 59 III: Ann's ♠7 taken back, Bill leads ♠Q ``at`` trick 3, card 1: his own lead,
    the trick open for Ann; a card of his own sent by Ann again is taken back again."""
    table = q10_exchanged()
    play_q10(table, ["KS", "AS", "KC", "AC"])
    table.step("card", anyway=True, card="7S", player="Ann")
    [(kind, _)] = table.step("card", card="QS", at={"deal": 1, "trick": 3, "position": 1})
    assert kind == "card"
    state = table.state
    assert state.current is not None and state.current.record["tricks"][-1] == ["QS"]
    assert state.next.player == "Ann"


def test_the_election_on_a_talon_offence_is_the_steps_the_option_only_the_default() -> None:
    """PT 28–29: the player not in fault elects. Ann (younger) took one of Bill's five
    (exchange sent anyway): under the default option (reckon nothing) Bill elects a fresh
    deal on the step — the deal is void and Ann deals again; under the option "fresh_deal"
    he elects to play on — Ann reckons nothing and the deal goes on. Found at the table
    (PT 28: Bill mixed a card of Ann's three), Ann's election is carried the same way."""
    table = q10_dealt()
    decided = table.step("exchange", anyway=True, election="fresh_deal",
                         **YOUNGER_TOOK_ONE_OF_ELDERS)
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert decided[0][1]["penalty"] == "fresh_deal" and "PT 28–29" in _said(decided[0][1])
    assert table.state.current is None and table.state.next_dealer == 1
    assert_replays(table)
    played_on = q10_dealt(talon_offence="fresh_deal")
    [(_, note)] = played_on.step("exchange", anyway=True, election="play_on",
                                 **YOUNGER_TOOK_ONE_OF_ELDERS)
    assert (note["irregularity"], note["penalty"]) == ("talon_offence", "reckon_nothing")
    assert played_on.state.current is not None and played_on.state.live_deals == ()
    assert_replays(played_on)
    at_table = q10_exchanged()
    decided = at_table.step("irregularity", what="talon_offence", player="Bill",
                            election="fresh_deal")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert_replays(at_table)
    on = q10_exchanged(talon_offence="fresh_deal")
    [(_, note)] = on.step("irregularity", what="talon_offence", player="Bill",
                          election="play_on")
    assert note["penalty"] == "reckon_nothing"
    scored = play_q10(on, Q10_CARDS)[-1][1]
    assert scored["scores"] == {"Bill": 0, "Ann": 41}


def test_pt28_elder_took_six_younger_takes_only_the_cards_left() -> None:
    """PT 28: Bill (elder) discards six (KH TH 7H TD 8D 9S) and so mixes the ♠A, the first of
    Ann's three, with his hand; Ann elects to play on (Bill reckons nothing). She then takes
    only the two cards he did not take (♥Q ♣J): three are refused under PT 28, two recorded."""
    table = q10_dealt(talon_offence="fresh_deal")
    [(_, note)] = table.step("exchange", anyway=True, election="play_on",
                             elder=["KH", "TH", "7H", "TD", "8D", "9S"])
    assert (note["irregularity"], note["penalty"]) == ("talon_offence", "reckon_nothing")
    assert note["irregular"] == [{"code": "talon_offence", "location": "elder",
                                  "election": "play_on"}]
    assert "Ann (the younger hand) elects to play on" in _said(note)
    with pytest.raises(RecordError) as refused:
        table.step("exchange", younger=["QD", "9D", "7D"])
    [violation] = refused.value.violations
    assert (violation.code, violation.location) == ("exchange_count", "exchange.younger")
    assert "PT 28" in violation.message and "at most 2" in violation.message
    [(kind, _)] = table.step("exchange", younger=["QD", "9D"])
    assert kind == "exchange" and table.state.next.player == "Bill"
    assert_replays(table)


def test_a_card_whose_player_cannot_be_told_is_asked_never_a_void() -> None:
    """Only Bill's hand is recorded (AC KS QS TS 9S 8S KH TH 7H AD TD 8D; after the exchange
    AC KS QS TS 9S 8S AH JH 8H 7C JD AD). He is to lead; ♣K, sent without ``player`` and
    ``anyway``, is not his, and Ann's hand is not known: the referee asks "a lead out of turn
    by Ann?" (``player_unknown``, nothing recorded) instead of voiding the deal on a guess;
    sent again naming Ann, it is her lead out of turn, taken back (PT 59 III)."""
    table = Table()
    table.step("deal_started", dealt={"elder": Q10_DEALT["elder"]}, talon=Q10_TALON)
    table.step("exchange", **Q10_EXCHANGE)
    before = len(table.events)
    with pytest.raises(MatchError) as asked:
        table.step("card", anyway=True, card="KC")
    [violation] = asked.value.violations
    assert (violation.code, violation.location) == ("player_unknown", "player")
    assert "A lead out of turn by Ann?" in violation.message
    assert len(table.events) == before and table.state.live_deals == ()
    dry = commands.dry_run(table.state, table.game, "card", {"card": "KC"}, None, anyway=True)
    assert not dry.would_record
    assert [v.code for v in dry.violations] == ["player_unknown"]
    [(_, note)] = table.step("card", anyway=True, card="KC", player="Ann")
    assert (note["irregularity"], note["penalty"]) == ("out_of_turn", "withdrawn")
    assert table.state.current is not None and table.state.next.player == "Bill"


def test_pt32_younger_finding_more_than_three_may_alter_his_discard() -> None:
    """PT 32: Bill (elder) discards four (KH TH 7H TD) and takes AH JH 8H 7C without saying
    he leaves one; Ann discards three (QD 9D 7D), takes JD AS QH, finds a fourth card (JC)
    and alters her discard to four (QD 9D 7D KD): recorded. Once she has taken more than
    three, her discard is fixed again (PT 24), and Bill's always was."""
    table = q10_dealt()
    table.step("exchange", elder=["KH", "TH", "7H", "TD"])
    table.step("exchange", younger=["QD", "9D", "7D"])
    [(kind, altered)] = table.step("exchange", younger=["QD", "9D", "7D", "KD"])
    assert (kind, altered["law"]) == ("exchange", "PT 32")
    record = table.state.current.record  # type: ignore[union-attr]
    assert record["exchange"] == {"elder": ["KH", "TH", "7H", "TD"],
                                  "younger": ["QD", "9D", "7D", "KD"]}
    assert_replays(table)
    for again in ({"younger": ["QD", "9D", "7D", "9H"]}, {"elder": ["KH", "TH", "7H", "8D"]}):
        with pytest.raises(MatchError) as fixed:
            table.step("exchange", **again)
        assert [v.code for v in fixed.value.violations] == ["discard_fixed"]


def test_a_card_that_cannot_be_played_to_a_lead_taken_back_is_refused_even_anyway() -> None:
    """PT 59 III: after Ann's ♠7 is taken back, Bill's ♥A (he holds ♠Q ♠10 ♠9 ♠8) would be a
    revoke played to it: refused, even anyway, nothing recorded; the ♠7 sent again is no
    answer (taken back again)."""
    table = q10_exchanged()
    play_q10(table, ["KS", "AS", "KC", "AC"])
    table.step("card", anyway=True, card="7S", player="Ann")
    before = len(table.events)
    for anyway in (False, True):
        with pytest.raises((MatchError, RecordError)):
            table.step("card", anyway=anyway, card="AH")
    assert len(table.events) == before
    [(_, again)] = table.step("card", anyway=True, card="7S")
    assert (again["irregularity"], again["penalty"]) == ("out_of_turn", "withdrawn")


def _said(payload: dict[str, Any]) -> str:
    """An ``irregularity`` event's consequence in English, as the match reads it (a code
    and parameters stored, worded when read)."""
    return IrregularityNote.read(payload).consequence.text
