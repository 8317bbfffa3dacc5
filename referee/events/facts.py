"""What the statistics read of one match (docs/events.md E12), taken from the match's state
as its rulings decided it — never ruled again: who scored a pique, a repique or a capot (the
Piquet ruling's roles, Q6–Q7), the partie's settlement (Q9), the Pitch hand's pitcher, bid,
whether it was made and who took each point (P3–P6).

Pure: a :class:`~referee.match.state.MatchState` in, a frozen value of
:mod:`referee.events.statistics` out. A match's facts change only with its version, so the
caller may keep them by (match, version).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.events.statistics import PiquetDeal, PiquetMatch, PitchHand, PitchMatch
from referee.match.games import GAMES
from referee.match.state import MatchState

__all__ = ["Sittings", "match_facts", "piquet_facts", "pitch_facts"]

#: The entry levels whose ruling says who scored each thing (cards, a score sheet); a totals
#: line says only the points (docs/records.md).
_DETAILED = ("cards", "sheet")
_AWARDS = ("high", "low", "jack", "game")


#: Who sat at the seats for which deals (E14): ``(after, keys)`` pairs in order, each seat's
#: player by ``keys`` (seat order) for the deals numbered after ``after``; none: ``keys`` for
#: every deal.
Sittings = tuple[tuple[int, tuple[str, ...]], ...]


def match_facts(state: MatchState, keys: Sequence[str] | None = None,
                sittings: Sittings = ()) -> PiquetMatch | PitchMatch:
    """The match's facts for the statistics, each seat's player by ``keys`` (seat order;
    default the match's own names), or deal by deal by ``sittings`` when a substitute took a
    seat (E14: each deal is the figure of whoever sat there; ``keys`` are then the last)."""
    if state.game == "piquet":
        return piquet_facts(state, keys, sittings)
    return pitch_facts(state, keys, sittings)


def _at(seat_keys: tuple[str, ...], sittings: Sittings, number: int) -> tuple[str, ...]:
    """The seats' players for deal ``number`` (E14): the last sitting begun before it."""
    found = seat_keys
    for after, keys in sittings:
        if after < number:
            found = keys
    return found


def _keys(state: MatchState, keys: Sequence[str] | None) -> tuple[str, ...]:
    if keys is None:
        return state.players
    if len(keys) != len(state.players):
        raise ValueError(f"{len(keys)} keys for {len(state.players)} seats")
    return tuple(keys)


def piquet_facts(state: MatchState, keys: Sequence[str] | None = None,
                 sittings: Sittings = ()) -> PiquetMatch:
    """A partie's facts: each counted deal's points per player (in seat order) and who
    scored a pique, repique or capot by its ruling (Q6, Q7; a totals entry says none), and
    the partie's settlement once it is finished with no deal disputed (Q9, E11)."""
    seat_keys = _keys(state, keys)
    by_name = dict(zip(state.players, seat_keys, strict=True))
    game = GAMES["piquet"]
    deals = []
    for entry in state.live_deals:
        ruling = entry.ruling
        roles = game.roles(entry.dealer, state.players)
        detailed = ruling.get("level") in _DETAILED
        sat = dict(zip(state.players, _at(seat_keys, sittings, entry.number), strict=True))

        def scorer(what: str, ruling: dict[str, Any] = ruling, roles: dict[str, str] = roles,
                   detailed: bool = detailed, sat: dict[str, str] = sat) -> str | None:
            role = ruling.get(what) if detailed else None
            return sat[roles[role]] if role in ("elder", "younger") else None

        deals.append(PiquetDeal(
            tuple((sat[name], int(entry.scores.get(name, 0))) for name in state.players),
            scorer("pique"), scorer("repique"), scorer("capot"), detailed))
    outcome = state.outcome
    settled = outcome.finished and not state.disputed and outcome.settlement is not None
    winner = loser = None
    rubiconed = False
    if settled and outcome.settlement is not None:
        settlement = outcome.settlement.settlement
        winner = by_name.get(settlement.winner) if settlement.winner else None
        loser = by_name.get(settlement.loser) if settlement.loser else None
        rubiconed = settlement.rubiconed
    first, second = seat_keys
    return PiquetMatch((first, second), tuple(deals), settled, winner, loser, rubiconed)


def _side(award: Any) -> int | None:
    side = award.get("side") if isinstance(award, dict) else None
    return side if isinstance(side, int) else None


def pitch_facts(state: MatchState, keys: Sequence[str] | None = None,
                sittings: Sittings = ()) -> PitchMatch:
    """A Pitch game's facts: each counted hand that is not void (P10) with its sides, its
    pitcher and bid, whether the bid was made, each side's score change and, when the entry
    says (cards, a score sheet), which side took High, Low, Jack and Game (P3–P6)."""
    seat_keys = _keys(state, keys)
    hands = []
    for entry in state.live_deals:
        ruling = entry.ruling
        if ruling.get("void"):
            continue
        sat = _at(seat_keys, sittings, entry.number)
        sides = tuple(tuple(sat[seat] for seat in side) for side in ruling["sides"])
        points = ruling.get("points") if ruling.get("level") in _DETAILED else None
        high, low, jack, game = (_side(points.get(name)) if isinstance(points, dict)
                                 else None for name in _AWARDS)
        bid = ruling.get("bid")
        hands.append(PitchHand(
            sides, sat[ruling["pitcher"]], bid if isinstance(bid, int) else None,
            bool(ruling["made_bid"]), tuple(int(s) for s in ruling["scores"]),
            high, low, jack, game, isinstance(points, dict)))
    return PitchMatch(tuple(hands))
