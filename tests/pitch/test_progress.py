"""progress(): what is legal next in a partial hand (P3, P4)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from referee.cards import FULL_PACK, parse_card
from referee.pitch import Call, PitchHand, PitchOptions, progress
from referee.violations import RecordError

from .examples import FOUR_BIDS, FOUR_DEALER, FOUR_HANDS, REVOKE_TRICKS, cards, make_hand


def partial(
    bids: Sequence[Call], tricks: Sequence[str] = (), hands: Sequence[str] | None = None
) -> PitchHand:
    return make_hand(4, FOUR_DEALER, bids, tricks, hands)


def test_bidding_phase() -> None:
    state = progress(partial(["pass", 3]))
    assert (state.phase, state.to_act) == ("bidding", 2)
    assert state.legal_calls == ("pass", 4, "pitch")
    assert state.legal_cards is None and state.violations == ()


def test_redeal_phase() -> None:
    state = progress(partial(["pass"] * 4), PitchOptions(stuck_dealer_min=None))
    assert (state.phase, state.to_act) == ("redeal", None)


def test_opening_lead_without_hands_knows_nothing() -> None:
    state = progress(partial(FOUR_BIDS))
    assert (state.phase, state.to_act, state.pitcher, state.bid) == ("play", 1, 1, 3)
    assert state.legal_cards is None


def test_opening_lead_with_hands_is_the_pitchers_hand() -> None:
    state = progress(partial(FOUR_BIDS, hands=FOUR_HANDS))
    assert state.legal_cards == cards("JS KS AH 6D 8D 2C")  # pack order: S H D C, 2..A


def test_following_with_hands_must_follow_or_trump() -> None:
    # Trick 2 led KS by seat 1: seat 2 holds QS, JH and others: QS or the trump JH.
    state = progress(partial(FOUR_BIDS, ("AH 5H 2H 3H", "KS"), FOUR_HANDS))
    assert (state.to_act, state.trump) == (2, "H")
    assert state.legal_cards == cards("QS JH")


def test_void_player_may_play_anything() -> None:
    # Trick 6 led 4D by seat 2: seat 3 plays 9D, then seat 0 holds only TH.
    tricks = (
        "AH 5H 2H 3H",
        "KS JH 4S AS",
        "TD 5D KD 6D",
        "TC 2C QC 7C",
        "QS 8S 9S JS",
        "4D 9D",
    )
    state = progress(partial(FOUR_BIDS, tricks, FOUR_HANDS))
    assert state.to_act == 0 and state.legal_cards == cards("TH")


def test_without_hands_unseen_cards_minus_shown_voids() -> None:
    # After trick 3 of the revoke record, seat 1 has shown void in diamonds (he discarded 2C).
    state = progress(partial(FOUR_BIDS, (*REVOKE_TRICKS[:3], "TC")))
    assert state.to_act == 1 and state.violations == ()  # nothing proven yet
    legal = state.legal_cards
    assert legal is not None
    seen = set(cards(" ".join(REVOKE_TRICKS[:3]) + " TC"))
    assert not any(c.suit == "D" for c in legal)
    assert set(legal) == {c for c in FULL_PACK if c not in seen and c.suit != "D"}


def test_revoke_flagged_as_soon_as_a_later_play_proves_it() -> None:
    state = progress(partial(FOUR_BIDS, (*REVOKE_TRICKS[:3], "TC 6D")))
    (revoke,) = state.violations
    assert (revoke.code, revoke.location) == ("revoke", "tricks[2][3]")
    assert "in trick 4." in revoke.message and "tricks[" not in revoke.message


def test_complete_phase() -> None:
    state = progress(partial(FOUR_BIDS, REVOKE_TRICKS))
    assert (state.phase, state.to_act, state.legal_cards) == ("complete", None, None)
    assert [t.winner for t in state.tricks] == [1, 2, 0, 2, 2, 0]


def test_incomplete_trick_has_no_winner_yet() -> None:
    state = progress(partial(FOUR_BIDS, ("AH 5H",)))
    assert state.tricks[0].winner is None and state.to_act == 3
    data = state.as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["tricks"] == [{"leader": 1, "cards": ["AH", "5H"], "winner": None}]


def test_trailing_four_is_a_pitch_once_a_card_is_played() -> None:
    assert progress(partial([4])).phase == "bidding"
    state = progress(partial([4], ("AS",)))
    assert (state.phase, state.pitcher, state.to_act) == ("play", 0, 1)
    assert state.bidding.pitched and state.trump == "S"
    assert parse_card("AS") not in (state.legal_cards or ())


def test_cards_before_the_auction_ended() -> None:
    with pytest.raises(RecordError) as err:
        progress(partial(["pass", 2], ("AS",)))
    assert err.value.violations[0].code == "play_before_auction_ended"


def test_broken_shapes_raise() -> None:
    with pytest.raises(RecordError) as err:
        progress(partial(FOUR_BIDS, ("AH 5H", "KS")))  # an incomplete trick before another
    assert err.value.violations[0].code == "trick_wrong_size"
    with pytest.raises(RecordError) as err:
        progress(partial(FOUR_BIDS, ("AH 5H AH",)))
    assert err.value.violations[0].code == "card_played_twice"
