"""A revoke put right in play (PT 59 IV, the ``revoke`` option "replay"): the revoking card
and every card after it are taken back into the hands that played them, the offender follows
suit, and the play is recorded again; under "reckon_nothing" or "void" the deal is played out
as played (Q12, rules/irregularities.md).

The hands are those of tests/api/deals.py: Q10 with the talon's ♥8 ♦J given to Ann's ♣9 ♣8,
so Bill (elder) holds ♣9 ♣8 when Ann leads ♣J in trick 6 and he discards ♠8.
"""

from __future__ import annotations

import pytest

from referee.cards import card_names
from referee.piquet import (
    PiquetDeal,
    PiquetOptions,
    deal_from_record,
    progress,
    revoke_of,
    rule_deal,
    take_back_revoke,
)
from referee.violations import RecordError
from tests.api.deals import (
    Q10_EXCHANGE,
    Q10_TRICKS,
    REVOKE_AS_PLAYED,
    REVOKE_DEALT,
    REVOKE_FIRST,
    REVOKE_REPLAYED_TRICKS,
    REVOKE_TALON,
    REVOKE_THEN_PROOF,
)

from .examples import tricks


def _deal(cards: list[str], **record: object) -> PiquetDeal:
    played = [cards[i:i + 2] for i in range(0, len(cards), 2)]
    return deal_from_record({"tricks": played, **record})


HANDS = {"dealt": REVOKE_DEALT, "talon": REVOKE_TALON, "exchange": Q10_EXCHANGE}


def test_a_revoke_proven_by_a_later_trick_is_taken_back_from_the_revoking_trick() -> None:
    """Hands not recorded: Bill's ♠8 on ♣J passes, his ♣8 on ♣10 in trick 7 proves it. The
    replay takes back ♠8, ♣10 and ♣8; trick 6 is open again on Ann's ♣J, and Bill, known to
    hold the ♣8, must play a club: one of the clubs not seen (not Ann's ♣10, which she took
    back)."""
    proven = _deal(REVOKE_FIRST + REVOKE_THEN_PROOF)
    [revoke] = progress(proven).violations
    assert (revoke.code, revoke.location) == ("revoke", "tricks[5][1]")
    retake = take_back_revoke(proven, revoke.location)
    assert retake.tricks == (*proven.tricks[:5], tricks("JC")[0])
    assert {r: card_names(c) for r, c in retake.retaken.items()} == {
        "elder": ["8S", "8C"], "younger": ["TC"]}
    item = retake.irregularity
    assert (item.kind, item.who, item.law, item.penalty) == ("revoke", "elder", "PT 59 IV",
                                                             "replay")
    assert item.consequence == (
        "The elder hand revoked in trick 6 (the eight of spades on the jack of clubs): the "
        "cards from it on are taken back (the elder hand the eight of spades and the eight of "
        "clubs; the younger hand the ten of clubs), the elder hand plays a club, and the play "
        "goes on as though no "
        "error had been made (PT 59 IV); record the play again from there.")
    again = PiquetDeal(tricks=retake.tricks, retaken=retake.retaken)
    found = progress(again)
    assert found.violations == () and found.to_play == "elder"
    assert card_names(found.legal_cards or ()) == ["9C", "8C"]
    # Discarding again is a revoke at once: the ♣8 he took back proves it.
    [again_revoke] = progress(PiquetDeal(tricks=(*retake.tricks[:5], tricks("JC 8S")[0]),
                                         retaken=retake.retaken)).violations
    assert again_revoke.location == "tricks[5][1]"
    assert ("the 8C the elder hand took back after a revoke proves it holds a club"
            in again_revoke.message)


def test_before_the_fix_the_open_trick_offered_bill_no_club() -> None:
    """Without the takeback the suit shown void in trick 6 was never offered again; a revoke
    recorded anyway does not show him void (he held the suit)."""
    played = _deal(REVOKE_FIRST + REVOKE_THEN_PROOF + ["QH"],
                   irregular=[{"code": "revoke", "location": "tricks[5][1]"}])
    found = progress(played)
    assert found.to_play == "elder" and found.violations == ()
    assert "9C" in card_names(found.legal_cards or ())


def test_a_revoke_proven_by_a_later_lead() -> None:
    """After ♣J ♠8 Ann leads ♥Q, Bill wins with ♥A and leads ♣8: the lead proves the revoke.
    Everything from the ♠8 is taken back; Bill must play a club."""
    proven = _deal([*REVOKE_FIRST, "8S", "QH", "AH", "8C"])
    [revoke] = progress(proven).violations
    assert revoke.location == "tricks[5][1]"
    retake = take_back_revoke(proven, revoke.location)
    assert {r: card_names(c) for r, c in retake.retaken.items()} == {
        "elder": ["8S", "AH", "8C"], "younger": ["QH"]}
    found = progress(PiquetDeal(tricks=retake.tricks, retaken=retake.retaken))
    assert card_names(found.legal_cards or ()) == ["TC", "9C", "8C"]


def test_a_revoke_proven_by_the_hand_is_taken_back_alone() -> None:
    """Hands recorded: the ♠8 is a revoke the moment it is played; only it is taken back and
    Bill is offered exactly his clubs."""
    revoked = _deal([*REVOKE_FIRST, "8S"], **HANDS)
    [revoke] = progress(revoked).violations
    retake = take_back_revoke(revoked, revoke.location)
    assert card_names(retake.retaken["elder"]) == ["8S"] and "younger" not in retake.retaken
    found = progress(deal_from_record({
        "tricks": [card_names(t) for t in retake.tricks], **HANDS,
        "retaken": {"elder": ["8S"]}}))
    assert card_names(found.legal_cards or ()) == ["9C", "8C"]


def test_the_replayed_deal_is_ruled_as_played_again() -> None:
    """The deal recorded again from trick 6 is an ordinary deal: no violation, no penalty;
    the cards taken back were played again."""
    replayed = deal_from_record({"tricks": REVOKE_REPLAYED_TRICKS, **HANDS,
                                 "retaken": {"elder": ["8S"]}})
    ruling = rule_deal(replayed)
    assert ruling.violations == () and ruling.irregularities == ()
    assert ruling.scores == {"elder": 28, "younger": 11}


@pytest.mark.parametrize(("option", "scores"), [
    ("reckon_nothing", {"elder": 0, "younger": 11}),
    ("void", {"elder": 0, "younger": 0}),
])
def test_when_the_deal_cannot_be_replayed_it_is_played_out(
    option: str, scores: dict[str, int]
) -> None:
    """The revoke stays in the record; the deal is played out as played and the penalty is
    the one announced when it was recorded (:func:`revoke_of`)."""
    options = PiquetOptions(revoke=option)  # type: ignore[arg-type]
    proven = _deal(REVOKE_FIRST + REVOKE_THEN_PROOF,
                   irregular=[{"code": "revoke", "location": "tricks[5][1]"}])
    told = revoke_of(proven, "tricks[5][1]", options)
    assert told.penalty == option
    assert "it is played out as played" in told.consequence
    played = deal_from_record({"tricks": [*Q10_TRICKS[:5], *REVOKE_AS_PLAYED],
                               "irregular": [{"code": "revoke", "location": "tricks[5][1]"}]})
    ruling = rule_deal(played, options)
    assert ruling.irregularities == (told,)
    assert ruling.scores == scores


def test_only_a_played_revoke_is_taken_back() -> None:
    with pytest.raises(RecordError):
        take_back_revoke(_deal(REVOKE_FIRST), "tricks[5][1]")
