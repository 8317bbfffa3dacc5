"""progress(): a deal recorded step by step — next player, legal cards, violations so far."""

from __future__ import annotations

import pytest

from referee.cards import PIQUET_PACK
from referee.piquet import PiquetDeal, progress, rule_deal
from referee.violations import RecordError

from .examples import (
    Q10_ANN,
    Q10_BILL,
    Q10_DEALT,
    Q10_EXCHANGE,
    Q10_TALON,
    Q10_TRICKS,
    cards,
    q10_deal,
    tricks,
)
from .test_play import REVOKE_TRICKS


def test_nothing_played_nothing_known_elder_may_lead_any_card() -> None:
    state = progress(PiquetDeal(tricks=()))
    assert (state.phase, state.to_play) == ("play", "elder")
    assert state.legal_cards is not None and set(state.legal_cards) == set(PIQUET_PACK)


def test_known_hand_gives_the_legal_cards() -> None:
    state = progress(q10_deal(tricks=()))
    assert state.legal_cards is not None and set(state.legal_cards) == set(Q10_BILL)
    # After Bill's ♠K, Ann must follow with a spade: ♠A J 7.
    state = progress(q10_deal(tricks=(cards("KS"),)))
    assert state.to_play == "younger"
    assert state.legal_cards == cards("AS JS 7S")


def test_void_suit_without_following_gives_the_rest_of_the_hand() -> None:
    # Trick 6: Ann leads ♣J and Bill, out of clubs, may play any card he holds.
    state = progress(q10_deal(tricks=(*Q10_TRICKS[:5], cards("JC"))))
    assert state.to_play == "elder"
    assert state.legal_cards is not None
    assert set(state.legal_cards) == set(Q10_BILL) - {c for t in Q10_TRICKS[:5] for c in t}


def test_unknown_hand_unseen_cards_minus_suits_shown_void() -> None:
    # Tricks only: Bill showed void in clubs in trick 6; Ann leads ♣10 in trick 7.
    state = progress(PiquetDeal(tricks=(*Q10_TRICKS[:6], cards("TC"))))
    assert state.to_play == "elder"
    seen = {c for t in Q10_TRICKS[:6] for c in t} | {cards("TC")[0]}
    expected = {c for c in PIQUET_PACK if c not in seen and c.suit != "C"}
    assert state.legal_cards is not None and set(state.legal_cards) == expected


def test_winner_of_the_last_trick_leads() -> None:
    state = progress(PiquetDeal(tricks=Q10_TRICKS[:4]))
    assert state.to_play == "younger"  # Ann's ♠J won trick 4
    assert [t.winner for t in state.tricks] == ["younger", "elder", "elder", "younger"]
    assert state.tricks_won == {"elder": 2, "younger": 2}


def test_revoke_flagged_once_a_later_play_proves_it() -> None:
    assert progress(PiquetDeal(tricks=REVOKE_TRICKS[:3])).violations == ()
    state = progress(PiquetDeal(tricks=REVOKE_TRICKS[:4]))
    assert [(v.code, v.location) for v in state.violations] == [("revoke", "tricks[2][1]")]


def test_revoke_flagged_at_once_when_the_hand_is_known() -> None:
    state = progress(q10_deal(tricks=REVOKE_TRICKS[:3]))
    assert [(v.code, v.location) for v in state.violations] == [("revoke", "tricks[2][1]")]


def test_card_played_twice_is_a_violation_while_recording() -> None:
    state = progress(PiquetDeal(tricks=tricks("KS AS|KC KS")))
    assert [(v.code, v.location) for v in state.violations] == [
        ("card_played_twice", "tricks[1][1]")]


def test_card_not_held_when_the_hand_is_known() -> None:
    # Ann plays ♥K, which Bill had discarded (and she held spades: a revoke too).
    state = progress(q10_deal(tricks=(cards("KS KH"),)))
    assert [(v.code, v.location) for v in state.violations] == [
        ("card_not_held", "tricks[0][1]"), ("revoke", "tricks[0][1]")]
    assert "discarded" in state.violations[0].message


def test_running_score_counts_declarations_when_the_hands_are_known() -> None:
    state = progress(q10_deal(tricks=Q10_TRICKS[:1]))
    assert state.declarations_counted
    assert state.score == {"elder": 4, "younger": 23}  # the Q10 narrative after trick 1
    unknown = progress(PiquetDeal(tricks=Q10_TRICKS[:1]))
    assert not unknown.declarations_counted
    assert unknown.score == {"elder": 1, "younger": 1}


def test_complete_deal() -> None:
    state = progress(q10_deal())
    assert (state.phase, state.to_play, state.legal_cards) == ("complete", None, None)
    assert state.score == rule_deal(q10_deal()).scores == {"elder": 11, "younger": 41}
    assert set(Q10_ANN) == {c for t in state.tricks for c in t.cards} - set(Q10_BILL)


@pytest.mark.parametrize("bad", [
    (*Q10_TRICKS, cards("7D 8D")),            # 13 tricks
    (cards("KS"), cards("KC AC")),             # a 1-card trick before the last
    (cards("KS AS QS"),),                      # 3 cards
    (cards("6S AS"),),                         # not in the Piquet pack
])
def test_unreadable_partial_records_raise(bad) -> None:
    with pytest.raises(RecordError):
        progress(PiquetDeal(tricks=bad))


def test_as_dict_is_json_ready() -> None:
    data = progress(q10_deal(tricks=(cards("KS"),))).as_dict()
    assert data["legal_cards"] == ["AS", "JS", "7S"]
    assert data["tricks"] == [{"number": 1, "leader": "elder", "cards": ["KS"], "winner": None}]


def test_unknown_hand_excludes_the_cards_the_record_places_elsewhere() -> None:
    # Only elder's side is recorded: younger cannot hold elder's hand as dealt, elder's
    # discards, or the talon cards elder took (the top five).
    deal = PiquetDeal(tricks=(cards("KS"),), dealt={"elder": Q10_DEALT["elder"]},
                      talon=Q10_TALON, exchange={"elder": Q10_EXCHANGE["elder"]})
    state = progress(deal)
    assert state.to_play == "younger" and state.legal_cards is not None
    impossible = set(Q10_DEALT["elder"]) | set(Q10_TALON[:5])
    assert not impossible & set(state.legal_cards)
    assert set(state.legal_cards) == {c for c in PIQUET_PACK if c not in impossible}
