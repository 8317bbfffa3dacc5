"""bench/statistics.py's generated matches are what the statistics count (E12): every hand
and deal counted once per player, a set bid counted as set."""

from __future__ import annotations

from bench.statistics import piquet_parties, pitch_games
from referee.events.statistics import piquet_statistics, pitch_statistics


def test_the_benchs_matches_are_counted_whole() -> None:
    games = pitch_games(30, 10, 1)
    stats = pitch_statistics(games).values()
    assert sum(s.hands for s in stats) == 4 * sum(len(g.hands) for g in games)
    assert sum(s.bids_made + s.bids_set for s in stats) == sum(len(g.hands) for g in games)
    assert any(s.bids_set for s in stats)
    parties = piquet_parties(30, 10, 2)
    lines = piquet_statistics(parties).values()
    assert sum(s.parties for s in lines) == 60 and sum(s.deals for s in lines) == 360
    assert sum(s.won for s in lines) == sum(s.lost for s in lines)
