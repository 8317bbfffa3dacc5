"""Q6 play of the cards: trick winners, points for leads and wins, the last trick, revokes.

No trumps; the follower must follow suit if able; the higher card of the suit led wins and
the winner leads next; elder leads the first trick.  1 point per card led, 1 for winning a
trick led by the opponent (with ``lead_point="ten_or_higher"`` only with a ten or higher), 1
extra for the last (twelfth) trick.  The cards (10, or 40 for capot) are scored by
:mod:`referee.piquet.deal`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import TEN, Card, card_name
from referee.piquet.records import PiquetOptions, Role, other
from referee.violations import Violation

_SUIT_WORDS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


@dataclass(frozen=True, slots=True)
class TrickResult:
    """One trick (Q6): its 1-based ``number``, the ``leader``, the ``cards`` (leader's first)
    and the ``winner`` (None while the trick is incomplete)."""

    number: int
    leader: Role
    cards: tuple[Card, ...]
    winner: Role | None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``{number, leader, cards: ["KS", "AS"], winner}``."""
        return {"number": self.number, "leader": self.leader,
                "cards": [card_name(c) for c in self.cards], "winner": self.winner}


@dataclass(frozen=True, slots=True)
class PlayPoint:
    """A point scored in play (Q6): ``who``, ``what`` in words ("lead KS", "wins trick 4",
    "last trick"), ``points``, and the 0-based ``trick`` index it belongs to."""

    who: Role
    what: str
    points: int
    trick: int


def trick_winner(leader: Role, lead: Card, follow: Card) -> Role:
    """Q6: the higher card of the suit led wins; a card of another suit never wins."""
    if follow.suit == lead.suit and follow.rank > lead.rank:
        return other(leader)
    return leader


def play_tricks(
    tricks: Sequence[tuple[Card, ...]], options: PiquetOptions
) -> tuple[list[TrickResult], list[PlayPoint]]:
    """Resolve tricks in order (Q6): elder leads the first, each winner leads the next.

    ``tricks``: tricks of 2 cards (leader's first); the last may hold 1 card (in progress).
    :returns: the tricks with leaders and winners, and the play points in the order scored.
    """
    results: list[TrickResult] = []
    points: list[PlayPoint] = []
    every = options.lead_point == "every"
    leader: Role = "elder"
    last = 11
    for i, cards in enumerate(tricks):
        lead = cards[0]
        if every or lead.rank >= TEN:
            points.append(PlayPoint(leader, f"lead {card_name(lead)}", 1, i))
        if len(cards) < 2:
            results.append(TrickResult(i + 1, leader, cards, None))
            break
        follow = cards[1]
        if follow.suit == lead.suit and follow.rank > lead.rank:
            winner: Role = other(leader)
            if every or follow.rank >= TEN:
                points.append(PlayPoint(winner, f"wins trick {i + 1}", 1, i))
        else:
            winner = leader
        if i == last:
            points.append(PlayPoint(winner, "last trick", 1, i))
        results.append(TrickResult(i + 1, leader, cards, winner))
        leader = winner
    return results, points


def played_by(results: Sequence[TrickResult]) -> dict[Role, list[tuple[int, int, Card]]]:
    """Each role's plays in order, as (trick index, position in trick, card)."""
    plays: dict[Role, list[tuple[int, int, Card]]] = {"elder": [], "younger": []}
    for i, trick in enumerate(results):
        follower = other(trick.leader)
        for pos, card in enumerate(trick.cards):
            plays[trick.leader if pos == 0 else follower].append((i, pos, card))
    return plays


def find_revokes(
    results: Sequence[TrickResult],
    hands: Mapping[Role, frozenset[Card] | None],
) -> list[Violation]:
    """Q6: a follower who did not follow suit although able (a revoke), at ``tricks[i][1]``.

    ``hands``: each role's hand after the exchange when known (None: unknown).  A revoke is
    proven by the known hand, or else by a later play of the suit led by the same player.
    """
    plays = played_by(results)
    violations: list[Violation] = []
    for i, trick in enumerate(results):
        if len(trick.cards) < 2:
            continue
        lead, follow = trick.cards
        if follow.suit == lead.suit:
            continue
        follower = other(trick.leader)
        suit = lead.suit
        later = [(j, c) for j, pos, c in plays[follower] if j > i and c.suit == suit]
        hand = hands.get(follower)
        before = {c for j, _, c in plays[follower] if j < i}
        held = sorted((c for c in hand if c.suit == suit and c not in before),
                      reverse=True) if hand is not None else []
        # A known hand proves it; else a later play of the suit does.
        start = (f"In trick {i + 1} the {follower} hand played {card_name(follow)} on "
                 f"{card_name(lead)} without following suit")
        if held:
            message = f"{start} although holding the {card_name(held[0])}."
        elif later:
            j, card = later[0]
            message = (f"{start}; his {card_name(card)} in trick {j + 1} proves he held a "
                       f"{_SUIT_WORDS[suit]}.")
        else:
            continue
        violations.append(Violation("revoke", "Q6", message, f"tricks[{i}][1]"))
    return violations
