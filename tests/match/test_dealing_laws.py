"""The laws of the dealing in the match layer, without Flask (docs/rules/laws.md): a card the
dealer exposes (PT 13: elder's election; the dealer's own card stands), a card faced in the
pack or the talon (PT 14: a fresh deal), the dealer after an incorrect pack (PT 6, 75), and
Pitch's card exposed in dealing (P10: a new deal, the ``misdeal`` option names the dealer).

Piquet: the Q10 deal of docs/rules/piquet.md, Ann deals, Bill (elder) 11, Ann 41. Pitch: Ann
deals to Bob and Cid; Bob pitches the king of hearts.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.match.state import MatchError
from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_TALON,
    Q10_TRICKS,
)
from tests.match.table import Table

Q10_CARDS = [c for trick in Q10_TRICKS for c in trick]


def kinds(decided: list[Any]) -> list[str]:
    return [kind for kind, _ in decided]


def q10_dealt(**options: Any) -> Table:
    table = Table(**options)
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    return table


def play_q10(table: Table) -> list[Any]:
    table.step("exchange", **Q10_EXCHANGE)
    table.step("declaration", role="elder", **Q10_DECLARATIONS["elder"])
    decided: list[Any] = []
    for k, card in enumerate(Q10_CARDS):
        if k == 1:
            table.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
        decided = table.step("card", card=card)
    return decided


def assert_replays(table: Table) -> None:
    assert table.state == table.replayed()


def test_pt13_elder_elects_a_fresh_deal_when_the_dealer_exposes_his_card() -> None:
    """Ann, dealing, exposes one of Bill's cards; Bill elects a fresh deal: the deal scores
    nothing, does not count, and Ann deals again."""
    table = q10_dealt()
    decided = table.step("irregularity", what="exposed_in_dealing", player="Bill",
                         election="fresh_deal")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    note = decided[0][1]
    assert (note["irregularity"], note["penalty"]) == ("exposed_in_dealing", "fresh_deal")
    assert "PT 13" in note["consequence"] and "Bill (the elder hand)" in note["consequence"]
    assert table.state.current is None and table.state.live_deals == ()
    assert table.state.next_dealer == 1  # Ann again
    assert_replays(table)


def test_pt13_elder_may_play_on_and_the_deal_stands() -> None:
    """Bill elects to play on after a talon card is exposed: Q10 is scored as played, 11–41,
    and the ruling names PT 13."""
    table = q10_dealt()
    [(kind, note)] = table.step("irregularity", what="exposed_in_dealing",
                                election="play_on")
    assert (kind, note["penalty"]) == ("irregularity", "play_on")
    assert note["irregular"] == [{"code": "exposed_in_dealing", "location": "talon"}]
    assert "a talon card" in note["consequence"]
    scored = play_q10(table)[-1][1]
    assert scored["scores"] == {"Bill": 11, "Ann": 41}
    found = [i for i in scored["ruling"]["irregularities"] if i["kind"] == "exposed_in_dealing"]
    assert [(i["law"], i["penalty"]) for i in found] == [("PT 13", "play_on")]
    assert_replays(table)


def test_pt13_the_election_left_out_is_the_tables_default() -> None:
    """No election sent: the match's irregularities option decides (fresh_deal unless it
    says play_on)."""
    fresh = q10_dealt()
    assert kinds(fresh.step("irregularity", what="exposed_in_dealing", player="Bill")) == [
        "irregularity", "deal_scored", "deal_voided"]
    played = q10_dealt(irregularities={"exposed_in_dealing": "play_on"})
    [(_, note)] = played.step("irregularity", what="exposed_in_dealing", player="Bill")
    assert note["penalty"] == "play_on"


def test_pt13_the_dealers_own_card_exposed_the_deal_stands() -> None:
    """Ann exposes one of her own cards: the deal stands, nobody elects (an election is
    refused), and Q10 scores as played."""
    table = q10_dealt()
    with pytest.raises(MatchError) as refused:
        table.step("irregularity", what="exposed_in_dealing", player="Ann",
                   election="fresh_deal")
    assert refused.value.violations[0].location == "election"
    [(_, note)] = table.step("irregularity", what="exposed_in_dealing", player="Ann")
    assert note["penalty"] == "none" and "the deal stands (PT 13)" in note["consequence"]
    assert play_q10(table)[-1][1]["scores"] == {"Bill": 11, "Ann": 41}
    assert_replays(table)


def test_pt14_a_faced_card_is_a_fresh_deal_whatever_is_elected() -> None:
    """A card found faced in the talon as the hands take in: a fresh deal must be made; an
    election is refused; once the play has begun it is no longer a law of the dealing."""
    table = q10_dealt()
    with pytest.raises(MatchError):
        table.step("irregularity", what="faced_card", election="play_on")
    table.step("exchange", **Q10_EXCHANGE)
    decided = table.step("irregularity", what="faced_card")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert decided[0][1]["penalty"] == "fresh_deal"
    assert "in the talon" in decided[0][1]["consequence"]
    assert "PT 14" in decided[0][1]["consequence"]
    assert table.state.next_dealer == 1
    assert_replays(table)
    late = q10_dealt()
    late.step("exchange", **Q10_EXCHANGE)
    late.step("card", card=Q10_CARDS[0])
    with pytest.raises(MatchError):
        late.step("irregularity", what="faced_card")


def test_pt6_the_dealer_order_holds_after_an_incorrect_pack() -> None:
    """Deal 1 (Ann deals) is played; deal 2 is Bill's and its pack is found incorrect (the ♣K
    twice): that deal is void (PT 75), deal 1 stands, and Bill deals again, the cut for deal
    holding good (PT 6)."""
    table = q10_dealt()
    play_q10(table)
    assert table.state.next_dealer == 0  # Bill deals deal 2
    twice = {"elder": [*Q10_DEALT["elder"][:11], "KC"], "younger": Q10_DEALT["younger"]}
    assert "KC" in Q10_DEALT["younger"]
    decided = table.step("deal_started", anyway=True, dealt=twice, talon=Q10_TALON)
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert "PT 6" in decided[0][1]["consequence"] and "PT 75" in decided[0][1]["consequence"]
    assert table.state.next_dealer == 0  # Bill again
    assert [d.number for d in table.state.live_deals] == [1]
    assert_replays(table)


def test_pitch_a_card_exposed_in_dealing_is_a_new_deal() -> None:
    """P10 (F): a card exposed in dealing to Bob: a new deal, nobody scores; the deal passes
    to Bob (the misdeal option), or Ann deals again under same_dealer."""
    table = Table("pitch")
    table.step("deal_started", hands=BOB_SET_BACK_HANDS)
    decided = table.step("irregularity", what="exposed_in_dealing", player="Bob")
    assert kinds(decided) == ["irregularity", "deal_scored"]
    note = decided[0][1]
    assert (note["irregularity"], note["penalty"]) == ("exposed_in_dealing", "pass_deal")
    assert note["consequence"].startswith("A card was exposed in dealing to Bob: there must "
                                          "be a new deal")
    assert decided[1][1]["scores"] == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert table.state.next_dealer == 1  # Bob
    assert_replays(table)
    same = Table("pitch", misdeal="same_dealer")
    same.step("irregularity", what="exposed_in_dealing")
    assert same.state.next_dealer == 0
    with pytest.raises(MatchError):
        Table("pitch").step("irregularity", what="exposed_in_dealing", election="play_on")
