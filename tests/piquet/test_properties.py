"""Hypothesis properties over random legal deals (shuffle, legal exchange, legal play)."""

from __future__ import annotations

from collections import Counter
from random import Random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.cards import PIQUET_PACK, Card
from referee.piquet import (
    PiquetDeal,
    PiquetOptions,
    compare_declarations,
    progress,
    rule_deal,
)

from .examples import random_deal

OPTIONS = st.builds(
    PiquetOptions,
    lead_point=st.sampled_from(["every", "ten_or_higher"]),
    cards_count_for_pique=st.booleans(),
)


def _oracle(hand: list[Card]) -> tuple[tuple[int, int], tuple[int, int], int, tuple[int, int],
                                       int]:
    """Independent Q5 reading: best point key, best sequence key and total, best set key and
    total (keys (0, 0) when nothing)."""
    pips = {14: 11, 13: 10, 12: 10, 11: 10}
    point = max(
        (sum(1 for c in hand if c.suit == s), sum(pips.get(c.rank, c.rank)
                                                   for c in hand if c.suit == s))
        for s in "SHDC")
    runs = []
    for s in "SHDC":
        ranks = {c.rank for c in hand if c.suit == s}
        for top in range(14, 8, -1):
            if top in ranks and top + 1 not in ranks:
                n = 0
                while top - n in ranks:
                    n += 1
                if n >= 3:
                    runs.append((n, top))
    seq_scores = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
    counts = Counter(c.rank for c in hand if c.rank >= 10)
    sets = [(n, r) for r, n in counts.items() if n >= 3]
    return (point, max(runs, default=(0, 0)), sum(seq_scores[n] for n, _ in runs),
            max(sets, default=(0, 0)), sum(3 if n == 3 else 14 for n, _ in sets))


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans(), OPTIONS)
def test_random_legal_deals(rng: Random, with_records: bool, options: PiquetOptions) -> None:
    deal, facts = random_deal(rng, with_records)
    ruling = rule_deal(deal, options)
    # 32 cards conserved: dealt + talon is the pack; the 24 played are the hands after.
    assert sorted(facts["dealt_e"] + facts["dealt_y"] + facts["talon"]) == sorted(PIQUET_PACK)
    assert set(ruling.hands["elder"]) == set(facts["after_e"])
    assert set(ruling.hands["younger"]) == set(facts["after_y"])
    assert len({c for t in ruling.tricks for c in t.cards}) == 24
    # 12 tricks, all won; no violations in a legal deal.
    assert len(ruling.tricks) == 12 and sum(ruling.tricks_won.values()) == 12
    assert ruling.violations == ()
    # The log adds up to the scores, with consistent running totals.
    totals = {"elder": 0, "younger": 0}
    for entry in ruling.log:
        totals[entry.who] += entry.points
        assert (entry.elder_total, entry.younger_total) == (totals["elder"], totals["younger"])
    assert totals == ruling.scores
    # Trick points: with every lead scoring, 12 leads + wins on the opponent's lead + last.
    play = sum(e.points for e in ruling.log
               if e.what.startswith(("lead ", "wins trick")) or e.what == "last trick")
    if options.lead_point == "every":
        follower_wins = sum(1 for t in ruling.tricks if t.winner != t.leader)
        assert play == 12 + follower_wins + 1
    # Deterministic.
    assert rule_deal(deal, options) == ruling
    assert rule_deal(deal, options).as_dict() == ruling.as_dict()


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_declarations_agree_with_an_independent_reading(rng: Random) -> None:
    deal, facts = random_deal(rng, with_records=False)
    elder, younger = facts["after_e"], facts["after_y"]
    decl = compare_declarations(tuple(elder), tuple(younger))
    e, y = _oracle(elder), _oracle(younger)
    for category, index, total_index in ((decl.point, 0, None), (decl.sequence, 1, 2),
                                         (decl.sets, 3, 4)):
        if e[index] == y[index]:
            assert category.winner is None and category.elder == category.younger == 0
        else:
            winner = "elder" if e[index] > y[index] else "younger"
            mine = e if winner == "elder" else y
            assert category.winner == winner
            expected = mine[index][0] if total_index is None else mine[total_index]
            assert getattr(category, winner) == expected
    # The ruling of the whole deal scores the same declarations.
    ruled = rule_deal(deal).declarations
    assert (ruled.point, ruled.sequence, ruled.sets) == (decl.point, decl.sequence, decl.sets)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_progress_allows_every_card_of_a_legal_deal(rng: Random, with_records: bool) -> None:
    deal, _ = random_deal(rng, with_records)
    for i in range(12):
        for pos in range(2):
            # The record just before card ``pos`` of trick ``i`` is played.
            partial = (*deal.tricks[:i], deal.tricks[i][:1]) if pos else deal.tricks[:i]
            before = PiquetDeal(tricks=partial, dealt=deal.dealt, talon=deal.talon,
                                exchange=deal.exchange)
            state = progress(before)
            assert state.violations == ()
            assert state.legal_cards is not None
            assert deal.tricks[i][pos] in state.legal_cards
    assert progress(deal).phase == "complete"


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_revoke_is_always_flagged(rng: Random) -> None:
    # Swap a following card for a later off-suit card of the same player where that breaks
    # the obligation to follow suit; the swap must be flagged as a revoke.
    deal, _ = random_deal(rng, with_records=False)
    ruling = rule_deal(deal)
    plays: dict[str, list[tuple[int, int]]] = {"elder": [], "younger": []}
    for i, t in enumerate(ruling.tricks):
        plays[t.leader].append((i, 0))
        plays["younger" if t.leader == "elder" else "elder"].append((i, 1))
    tricks = [list(t) for t in deal.tricks]
    for i, t in enumerate(ruling.tricks):
        lead, follow = t.cards
        if follow.suit != lead.suit:
            continue
        follower = "younger" if t.leader == "elder" else "elder"
        for j, pos in plays[follower]:
            card = tricks[j][pos]
            if j > i and pos == 1 and card.suit != lead.suit and card.suit != tricks[j][0].suit:
                # Both tricks keep their winners (an off-suit follow never wins).
                j_lead = tricks[j][0]
                if follow.rank < lead.rank and (
                        follow.suit != j_lead.suit or follow.rank < j_lead.rank):
                    tricks[i][1], tricks[j][1] = card, follow
                    broken = PiquetDeal(tricks=tuple(tuple(x) for x in tricks))
                    codes = [(v.code, v.location) for v in rule_deal(broken).violations]
                    assert ("revoke", f"tricks[{i}][1]") in codes
                    assert [t.winner for t in rule_deal(broken).tricks] == [
                        t.winner for t in ruling.tricks]
                    return
    assume(False)  # no such swap in this deal (rare)
