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

from referee.match.irregularities import IrregularityNote
from referee.match.state import MatchError
from referee.violations import RecordError
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
    assert "PT 13" in _said(note) and "Bill (the elder hand)" in _said(note)
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
    assert "a talon card" in _said(note)
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
    assert note["penalty"] == "none" and "the deal stands (PT 13)" in _said(note)
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
    assert "in the talon" in _said(decided[0][1])
    assert "PT 14" in _said(decided[0][1])
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
    assert "PT 6" in _said(decided[0][1]) and "PT 75" in _said(decided[0][1])
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
    assert _said(note).startswith("A card was exposed in dealing to Bob: there must "
                                          "be a new deal")
    assert decided[1][1]["scores"] == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert table.state.next_dealer == 1  # Bob
    assert_replays(table)
    same = Table("pitch", misdeal="same_dealer")
    same.step("irregularity", what="exposed_in_dealing")
    assert same.state.next_dealer == 0
    with pytest.raises(MatchError):
        Table("pitch").step("irregularity", what="exposed_in_dealing", election="play_on")


#: PT 40: Q10 dealt one card wrong — Bill (elder) 13 cards (the ♥A too), Ann 11 (no ♦7, which
#: lies at the bottom of the talon). Standing, Bill discards Q10's five and takes four (♥J ♥8
#: ♣7 ♦J), Ann discards two (♦Q ♦9) and takes three (♠A ♥Q ♣J): each plays Q10's twelve.
PT40_DEALT = {"elder": [*Q10_DEALT["elder"], "AH"],
              "younger": [c for c in Q10_DEALT["younger"] if c != "7D"]}
PT40_TALON = "JH 8H 7C JD AS QH JC 7D".split()
PT40_EXCHANGE = {"elder": Q10_EXCHANGE["elder"], "younger": ["QD", "9D"]}
#: PT 42: Bill 11 (no ♦8), Ann 13 (the ♦8 too), Q10's talon: Bill discards four and takes
#: five, Ann discards four (♦8 among them) and takes three.
PT42_DEALT = {"elder": [c for c in Q10_DEALT["elder"] if c != "8D"],
              "younger": [*Q10_DEALT["younger"], "8D"]}
PT42_EXCHANGE = {"elder": ["KH", "TH", "7H", "TD"], "younger": ["QD", "9D", "7D", "8D"]}


def play_exchanged(table: Table, exchange: dict[str, list[str]]) -> list[Any]:
    table.step("exchange", **exchange)
    table.step("declaration", role="elder", **Q10_DECLARATIONS["elder"])
    decided: list[Any] = []
    for k, card in enumerate(Q10_CARDS):
        if k == 1:
            table.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
        decided = table.step("card", card=card)
    return decided


def test_pt11_elder_with_thirteen_elects_a_fresh_deal_by_default() -> None:
    table = Table()
    decided = table.step("deal_started", anyway=True, dealt=PT40_DEALT, talon=PT40_TALON)
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    note = decided[0][1]
    assert (note["irregularity"], note["penalty"]) == ("misdeal", "fresh_deal")
    assert "elected a fresh deal (PT 11)" in _said(note)
    assert table.state.next_dealer == 1 and table.state.live_deals == ()
    assert_replays(table)


def test_pt40_elder_stands_on_thirteen_and_each_plays_twelve() -> None:
    """Bill elects to play on (the step's election): the deal stands; his exchange of five
    for four and Ann's of two for three are the law's (PT 40); Q10 scores 11–41."""
    table = Table()
    [(kind, note)] = table.step("deal_started", anyway=True, dealt=PT40_DEALT,
                                talon=PT40_TALON, election="play_on")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "misdeal",
                                                             "play_on")
    assert "PT 40" in _said(note)
    assert_replays(table)
    scored = play_exchanged(table, PT40_EXCHANGE)[-1][1]
    assert scored["scores"] == {"Bill": 11, "Ann": 41}
    [item] = scored["ruling"]["irregularities"]
    assert (item["kind"], item["law"], item["penalty"]) == ("misdeal", "PT 11, 40", "play_on")
    assert_replays(table)


def test_pt40_a_discard_the_law_does_not_allow_is_refused() -> None:
    """Standing on thirteen, elder discards at least two (he takes in one fewer): a discard
    of one is refused (Q4, citing PT 40)."""
    table = Table(irregularities={"misdeal": "play_on"})
    table.step("deal_started", anyway=True, dealt=PT40_DEALT, talon=PT40_TALON)
    with pytest.raises(RecordError) as refused:
        table.step("exchange", elder=["KH"])
    assert refused.value.violations[0].code == "exchange_count"
    assert "PT 40" in refused.value.violations[0].message


def test_pt42_elder_stands_on_eleven() -> None:
    """Bill 11, Ann 13, talon 8: Bill discards four and takes five, Ann discards four and
    takes three (PT 42); Q10 scores 11–41."""
    table = Table()
    table.step("deal_started", anyway=True, dealt=PT42_DEALT, talon=Q10_TALON,
               election="play_on")
    scored = play_exchanged(table, PT42_EXCHANGE)[-1][1]
    assert scored["scores"] == {"Bill": 11, "Ann": 41}
    assert scored["ruling"]["irregularities"][0]["law"] == "PT 11, 42"


#: PT 41 and 39: Bill dealt 13 (Q10's and the ♥A), Ann Q10's twelve, seven in the talon.
PT41_DEALT = {"elder": [*Q10_DEALT["elder"], "AH"], "younger": Q10_DEALT["younger"]}
PT41_TALON = "JH 8H 7C JD AS QH JC".split()
#: Bill takes all five of his cards, discarding six (PT 41 allows it; PT 39 does not).
ALL_FIVE = ["KH", "TH", "7H", "TD", "8D", "9S"]


def test_pt39_elder_who_took_in_unannounced_must_leave_younger_three() -> None:
    """Bill, dealt 13 with seven in the talon, took in before saying so: he has lost his
    option (the deal stands, ruled under PT 39, not PT 11) and must leave Ann at least three
    cards, so taking all five (which PT 41 lets an elder who stood take) is refused, naming
    PT 39; Q10's exchange (he takes four, Ann three) stands and Q10 scores 11–41."""
    table = Table()
    [(kind, note)] = table.step("deal_started", anyway=True, dealt=PT41_DEALT,
                                talon=PT41_TALON, election="taken_in")
    assert (kind, note["irregularity"], note["penalty"]) == ("irregularity", "misdeal",
                                                             "play_on")
    assert "lost his option of a fresh deal (PT 39)" in _said(note)
    assert "at least three cards for the younger hand" in _said(note)
    with pytest.raises(RecordError) as refused:
        table.step("exchange", elder=ALL_FIVE)
    assert refused.value.violations[0].code == "exchange_count"
    assert "PT 39" in refused.value.violations[0].message
    scored = play_exchanged(table, Q10_EXCHANGE)[-1][1]
    assert scored["scores"] == {"Bill": 11, "Ann": 41}
    [item] = scored["ruling"]["irregularities"]
    assert (item["kind"], item["law"], item["penalty"]) == ("misdeal", "PT 39, 41", "play_on")
    assert_replays(table)
    stood = Table()
    stood.step("deal_started", anyway=True, dealt=PT41_DEALT, talon=PT41_TALON,
               election="play_on")
    stood.step("exchange", elder=ALL_FIVE)  # PT 41: an elder who stood may take all five


def test_pt41_elder_taking_all_five_leaves_younger_only_two() -> None:
    """PT 41: Bill stood on 13 with seven in the talon and takes all five (discarding six):
    Ann can only take two; three is refused (the talon counted as 32 less the cards dealt,
    not 9)."""
    table = Table()
    table.step("deal_started", anyway=True, dealt=PT41_DEALT, talon=PT41_TALON,
               election="play_on")
    table.step("exchange", elder=ALL_FIVE)
    with pytest.raises(RecordError) as refused:
        table.step("exchange", younger=["QD", "9D", "7D"])
    assert refused.value.violations[0].code == "exchange_count"
    assert "1 to 2 cards (PT 41)" in refused.value.violations[0].message
    table.step("exchange", younger=["QD", "9D"])


def test_pt39_elder_eleven_with_seven_in_the_talon_is_a_fresh_deal() -> None:
    """Bill 11, Ann 14, seven in the talon, Bill took in unannounced: a fresh deal (PT 39),
    the same dealer deals again."""
    dealt = {"elder": PT42_DEALT["elder"], "younger": [*Q10_DEALT["younger"], "8D", "AH"]}
    table = Table()
    decided = table.step("deal_started", anyway=True, dealt=dealt, talon=PT41_TALON,
                         election="taken_in")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    note = decided[0][1]
    assert (note["irregularity"], note["penalty"]) == ("misdeal", "fresh_deal")
    assert "there must be a fresh deal (PT 39)" in _said(note)
    assert table.state.next_dealer == 1
    assert_replays(table)


def test_pt39_is_only_for_elder_dealt_eleven_or_thirteen() -> None:
    """Bill 12 and seven in the talon (PT 43's deal): taking in unannounced is not PT 39's
    case; refused, naming the law."""
    dealt = {**Q10_DEALT, "younger": [*Q10_DEALT["younger"], "JC"]}
    table = Table()
    with pytest.raises(MatchError) as refused:
        table.step("deal_started", anyway=True, dealt=dealt,
                   talon="AH JH 8H 7C JD AS QH".split(), election="taken_in")
    assert refused.value.violations[0].message_code == "bad_irregular.taken_in"
    assert "PT 39" in refused.value.violations[0].message


def test_pt12_two_cards_wrong_is_a_fresh_deal_whatever_elder_elects() -> None:
    """Bill 13 (the ♥A too) and Ann 13 (the ♣J too), six in the talon: two cards wrong, a
    fresh deal (PT 12) though Bill elects to play on."""
    both = {"elder": PT40_DEALT["elder"], "younger": [*Q10_DEALT["younger"], "JC"]}
    table = Table()
    decided = table.step("deal_started", anyway=True, dealt=both,
                         talon="JH 8H 7C JD AS QH".split(), election="play_on")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    note = decided[0][1]
    assert (note["irregularity"], note["penalty"]) == ("misdeal", "void")
    assert table.state.next_dealer == 1


def test_pt16_a_deal_out_of_turn_found_at_once_is_void() -> None:
    """Ann is to deal; Bill deals instead and it is found before either takes up his cards
    (nothing recorded but the deal): void, and Ann, the right dealer, deals."""
    table = q10_dealt()
    decided = table.step("irregularity", what="deal_out_of_turn")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    note = decided[0][1]
    assert (note["irregularity"], note["penalty"]) == ("deal_out_of_turn", "fresh_deal")
    assert "the right dealer, Ann" in _said(note) and "PT 16" in _said(note)
    assert table.state.next_dealer == 1 and table.state.live_deals == ()
    assert_replays(table)


def test_pt16_found_late_the_deal_stands_and_its_elder_deals_twice_running() -> None:
    """Bill deals deal 1, Ann's turn, found after the exchange: the deal stands with Bill
    the dealer (Ann elder: Q10 scores Ann 11, Bill 41, noted under PT 16); Ann, its elder,
    deals deals 2 and 3; Bill deal 4."""
    table = q10_dealt()
    table.step("exchange", **Q10_EXCHANGE)
    [(_, note)] = table.step("irregularity", what="deal_out_of_turn")
    assert (note["penalty"], note["dealt_by"]) == ("stands", 0)
    assert "Ann (the elder hand) deals the next two deals" in _said(note)
    assert table.state.next.player == "Ann"  # elder leads
    assert_replays(table)
    table.step("declaration", role="elder", **Q10_DECLARATIONS["elder"])
    decided: list[Any] = []
    for k, card in enumerate(Q10_CARDS):
        if k == 1:
            table.step("declaration", role="younger", **Q10_DECLARATIONS["younger"])
        decided = table.step("card", card=card)
    scored = decided[-1][1]
    assert scored["scores"] == {"Bill": 41, "Ann": 11}
    assert [(i["kind"], i["law"]) for i in scored["ruling"]["irregularities"]] == [
        ("deal_out_of_turn", "PT 16")]
    assert table.state.next_dealer == 1  # Ann deals deal 2
    table.deal({"tricks": Q10_TRICKS})
    assert table.state.next_dealer == 1  # and deal 3 (PT 16)
    table.deal({"tricks": Q10_TRICKS})
    assert table.state.next_dealer == 0  # Bill deals deal 4
    assert_replays(table)


def test_pt16_no_double_deal_when_the_next_deal_is_the_parties_last() -> None:
    """Deal 5 dealt out of turn (Bill instead of Ann), found late: deal 6 is the partie's
    last, so Ann (its elder) deals deal 6 as the deals alternate, and not deal 7 too: each
    deal is Q10 (elder 11, younger 41), so the partie is tied after six and goes on, Bill
    dealing deal 7."""
    table = Table()
    for _ in range(4):
        table.deal({"tricks": Q10_TRICKS})
    assert table.state.next_dealer == 1  # Ann deals deal 5
    table.step("deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    table.step("exchange", **Q10_EXCHANGE)
    table.step("irregularity", what="deal_out_of_turn")
    table.cards(Q10_CARDS)
    assert table.state.deal(5).scores == {"Ann": 11, "Bill": 41}  # type: ignore[union-attr]
    assert table.state.next_dealer == 1
    table.deal({"tricks": Q10_TRICKS})
    assert table.state.standings == {"Bill": 156, "Ann": 156}
    assert not table.state.outcome.finished
    assert table.state.next_dealer == 0  # Bill deals deal 7
    assert_replays(table)


def test_pt16_a_whole_deal_out_of_turn_is_the_other_players_deal() -> None:
    """Deal 1 entered whole with ``deal_out_of_turn`` listed: Bill dealt it (Ann elder, 11;
    Bill 41), and Ann deals deals 2 and 3."""
    table = Table()
    table.deal({"tricks": Q10_TRICKS,
                "irregular": [{"code": "deal_out_of_turn", "location": "younger"}]})
    entry = table.state.deal(1)
    assert entry is not None and entry.dealer == 0
    assert entry.scores == {"Bill": 41, "Ann": 11}
    assert table.state.next_dealer == 1
    table.deal({"tricks": Q10_TRICKS})
    assert table.state.next_dealer == 1
    assert_replays(table)


def test_pt16_is_not_recorded_while_an_earlier_deals_cards_are_entered() -> None:
    """Deal 1 entered as totals, then its cards step by step: it keeps the dealer it was
    counted with, so a deal out of turn is refused there (and nothing is stored)."""
    table = Table()
    table.deal({"scores": {"elder": 11, "younger": 41}}, level="totals")
    table.step("deal_started", deal=1, dealt=Q10_DEALT, talon=Q10_TALON)
    table.step("exchange", **Q10_EXCHANGE)
    before = len(table.events)
    with pytest.raises(MatchError):
        table.step("irregularity", what="deal_out_of_turn")
    assert len(table.events) == before


def test_pt13_elder_may_elect_after_the_play_has_begun() -> None:
    """PT 13 states no time limit for elder's election: after trick 1 he still may have a
    fresh deal; a faced card (PT 14) is no longer recorded then."""
    table = q10_dealt()
    table.step("exchange", **Q10_EXCHANGE)
    table.cards(Q10_CARDS[:2])
    with pytest.raises(MatchError):
        table.step("irregularity", what="faced_card")
    decided = table.step("irregularity", what="exposed_in_dealing", player="Bill",
                         election="fresh_deal")
    assert kinds(decided) == ["irregularity", "deal_scored", "deal_voided"]
    assert table.state.next_dealer == 1
    assert_replays(table)


def _said(payload: dict[str, Any]) -> str:
    """An ``irregularity`` event's consequence in English, as the match reads it (a code
    and parameters stored, worded when read)."""
    return IrregularityNote.read(payload).consequence.text
