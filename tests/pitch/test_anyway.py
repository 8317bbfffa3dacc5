"""record_anyway (P10): a step the rules refuse, recorded as the irregularity it is."""

from __future__ import annotations

from typing import Any

import pytest

from referee.pitch import PitchOptions, hand_from_record, progress, record_anyway, rule_deal
from referee.violations import RecordError

# Two players, dealer 1: seat 0 bids 3; the hands as dealt.
HANDS = ["7S AH KH 2D 3D 4D".split(), "5H 6H 7H TD 8H 9H".split()]
PLAYED = [t.split() for t in ("7S 5H", "AH 6H", "KH 7H", "2D 8H")]  # seat 1 discards 8H on 2D


def record(**extra: Any) -> dict[str, Any]:
    return {"dealer": 1, "bids": [3, "pass"], "tricks": [], "hands": HANDS, **extra}


def test_a_card_that_proves_a_revoke_is_played_and_the_revoke_recorded() -> None:
    # Seat 1 revoked in trick 4 (8H on the 2D lead while holding TD): with hands, the revoke
    # shows at once, on the 8H.
    before = record(tricks=[*PLAYED[:3], ["2D"]])
    done = record_anyway(before, {"kind": "card", "card": "8H"}, 2)
    assert done.record["tricks"][-1] == ["2D", "8H"]
    assert done.record["irregular"] == [{"type": "revoke", "seat": 1, "trick": 4}]
    assert [v.code for v in done.refused] == ["revoke"]
    assert done.penalties == ("set_back_bid",)
    assert done.consequences[0].text.startswith("Seat 1 revoked in trick 4: the hand is scored")
    assert "set back the bid, 3" in done.consequences[0].text
    assert done.consequences[0].code == "pitch.revoke.set_back_bid"  # worded at the edge
    assert dict(done.consequences[0].params)["bid"] == 3
    state = progress(hand_from_record(done.record, 2))
    assert state.violations == ()
    assert done.as_dict()["irregularities"][0]["penalty"] == "set_back_bid"


def test_a_legal_card_needs_no_anyway() -> None:
    done = record_anyway(record(tricks=[["7S"]]), {"kind": "card", "card": "5H"}, 2)
    assert done.irregularities == () and done.refused == ()
    assert done.record["tricks"] == [["7S", "5H"]]


def test_a_card_not_held_is_still_refused() -> None:
    with pytest.raises(RecordError) as caught:
        record_anyway(record(tricks=[["7S"]]), {"kind": "card", "card": "QC"}, 2)
    assert caught.value.violations[0].code == "card_not_held"


def test_a_lead_out_of_turn_is_taken_back_at_every_trick() -> None:
    # Seat 1 won trick 4 (TD) but seat 0 leads trick 5 (3D) before anyone played to it: the
    # card is taken back, as a first lead out of turn is (P10; PT 59 III by analogy), and
    # the record is left as it was.
    before = record(tricks=[*PLAYED[:3], ["2D", "TD"]])
    for options in (PitchOptions(), PitchOptions(lead_out_of_turn="void")):
        with pytest.raises(RecordError) as caught:
            record_anyway(before, {"kind": "card", "card": "3D", "seat": 0}, 2,
                          options=options)
        [violation] = caught.value.violations
        assert (violation.code, violation.rule) == ("lead_out_of_turn", "P10")
        assert "led trick 5 out of turn" in violation.message
        assert "taken back" in violation.message
    assert progress(hand_from_record(before, 2)).to_act == 1
    # A first lead out of turn is taken back, and a card out of turn within a trick too.
    with pytest.raises(RecordError) as caught:
        record_anyway(record(), {"kind": "card", "card": "5H", "seat": 1}, 2)
    assert caught.value.violations[0].code == "lead_out_of_turn"
    with pytest.raises(RecordError):
        record_anyway(record(tricks=[["7S"]]), {"kind": "card", "card": "5H", "seat": 0}, 2)


def test_a_bid_out_of_turn() -> None:
    start = {"dealer": 3, "bids": ["pass"], "tricks": []}
    done = record_anyway(start, {"kind": "bid", "call": 3, "seat": 2}, 4,
                         options=PitchOptions(bid_out_of_turn="must_pass"))
    assert done.record["bids"] == ["pass"]  # the auction stays in turn
    assert done.record["irregular"] == [{"type": "bid_out_of_turn", "seat": 2, "call": 3}]
    assert "seat 2 must pass when next to call" in done.consequences[0].text
    # Seat 1 calls in turn; then seat 2 may only pass.
    after = record_anyway(done.record, {"kind": "bid", "call": 2}, 4,
                          options=PitchOptions(bid_out_of_turn="must_pass"))
    state = progress(hand_from_record(after.record, 4), PitchOptions(bid_out_of_turn="must_pass"))
    assert (state.to_act, state.legal_calls) == (2, ("pass",))
    # A bid not higher, in turn, is no irregularity: refused.
    with pytest.raises(RecordError):
        record_anyway(after.record, {"kind": "bid", "call": 1}, 4)


def test_a_misdeal_from_the_hands_or_told() -> None:
    short = [HANDS[0], HANDS[1][:5]]
    done = record_anyway({"dealer": 1, "bids": [], "tricks": []},
                         {"kind": "deal_started", "hands": short}, 2,
                         options=PitchOptions(misdeal="same_dealer"))
    assert done.record["irregular"] == [{"type": "misdeal", "seat": 1}]
    assert "same dealer deals again (seat 1)" in done.consequences[0].text
    ruling = rule_deal(hand_from_record(done.record, 2), PitchOptions(misdeal="same_dealer"))
    assert ruling.next_dealer == 1 and ruling.scores == (0, 0)
    told = record_anyway({"dealer": 1, "bids": [], "tricks": []}, {"kind": "misdeal"}, 2)
    assert told.record["irregular"] == [{"type": "misdeal"}]
    assert "the next dealer deals (seat 0)" in told.consequences[0].text


def test_bad_steps() -> None:
    with pytest.raises(RecordError):
        record_anyway(record(), {"kind": "shuffle"}, 2)
    with pytest.raises(RecordError):
        record_anyway(record(), {"kind": "bid", "call": 2, "seat": 5}, 2)


def test_after_a_trick_short_of_a_card_the_next_card_is_a_lead() -> None:
    """P10: Ann (seat 0), short from trick 5, plays to neither of the last two tricks; trick 5
    (Cid's ♣7, Bob's ♣8) is complete with two cards, so Cid's card before Bob leads trick 6
    is a lead out of turn, taken back — not a card out of turn within a trick."""
    record = {"dealer": 0, "bids": [2, "pass", "pass"],
              "tricks": [t.split() for t in ("KH AH 3H", "JH 2H 5H", "TS 9S 8S", "TD 9D 8D",
                                             "7C 8C")],
              "irregular": [{"type": "short_hand", "seat": 0, "trick": 5}]}
    assert progress(hand_from_record(record, 3)).to_act == 1  # Bob won trick 5
    with pytest.raises(RecordError) as refused:
        record_anyway(record, {"kind": "card", "card": "7S", "seat": 2}, 3)
    assert refused.value.violations[0].message_code == "lead_out_of_turn"
