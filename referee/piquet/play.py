"""Q6 play of the cards: trick winners, points for leads and wins, the last trick, revokes.

No trumps; the follower must follow suit if able; the higher card of the suit led wins and
the winner leads next; elder leads the first trick.  1 point per card led, 1 for winning a
trick led by the opponent (with ``lead_point="ten_or_higher"`` only with a ten or higher), 1
extra for the last (twelfth) trick.  The cards (10, or 40 for capot) are scored by
:mod:`referee.piquet.deal`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple

from referee.cards import PIQUET_PACK, TEN, Card, card_name
from referee.piquet.records import PiquetOptions, Role, other
from referee.violations import Violation, said

_SUIT, _TRICK = attrgetter("suit"), itemgetter(0)
_SUIT_WORDS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}


class TrickResult(NamedTuple):
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


class PlayPoint(NamedTuple):
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


_new = tuple.__new__  # builds a NamedTuple from a tuple without a Python-level call
_LEAD_WORDS: dict[Card, str] = {c: f"lead {card_name(c)}" for c in PIQUET_PACK}
_WIN_WORDS: tuple[str, ...] = tuple(f"wins trick {n}" for n in range(1, 13))


def play_tricks(
    tricks: Sequence[tuple[Card, ...]], options: PiquetOptions,
    out_of_turn: frozenset[int] = frozenset(),
    lone: frozenset[int] = frozenset(), lone_by: Role = "elder",
) -> tuple[list[TrickResult], list[PlayPoint]]:
    """Resolve tricks in order (Q6): elder leads the first, each winner leads the next.

    ``tricks``: tricks of 2 cards (leader's first); the last may hold 1 card (in progress).
    ``out_of_turn``: 0-based tricks led by the other player (recorded anyway, Q12: the lead
    stands once the adversary has played to it, PT 59 III).
    ``lone``: 0-based tricks of one card that ``lone_by`` plays alone, his adversary holding
    fewer than twelve cards: PT 57, "his adversary counts as tricks all cards that cannot be
    played to" — he leads it (1 point, PT 65) and wins it; the twelfth is the last trick.
    :returns: the tricks with leaders and winners, and the play points in the order scored.
    """
    results, points, _ = walk_tricks(tricks, options, out_of_turn, lone, lone_by)
    return results, [_new(PlayPoint, point) for point in points]


#: A play point as a plain tuple, equal to its :class:`PlayPoint` (and hashed alike).
PointTuple = tuple[Role, str, int, int]


def walk_tricks(
    tricks: Sequence[tuple[Card, ...]], options: PiquetOptions,
    out_of_turn: frozenset[int] = frozenset(),
    lone: frozenset[int] = frozenset(), lone_by: Role = "elder",
) -> tuple[list[TrickResult], list[PointTuple], dict[Role, dict[Card, tuple[int, int]]]]:
    """:func:`play_tricks` (Q6) and, from the same walk, each role's played cards as
    :func:`plays_by_role` gives them: ``(results, points, plays)``; the points as plain
    tuples (who, what, points, trick), the fields of :class:`PlayPoint` (not built when
    only their counting records are wanted, :func:`referee.piquet.deal.play_counts`).
    At most twelve tricks are placed in ``plays`` as :func:`plays_by_role` places them;
    the caller checks the count."""
    results: list[TrickResult] = []
    points: list[PointTuple] = []
    elder: dict[Card, tuple[int, int]] = {}
    younger: dict[Card, tuple[int, int]] = {}
    every = options.lead_point == "every"
    irregular = bool(out_of_turn or lone)
    places = _PLACES if len(tricks) <= 12 else _places(len(tricks))
    leader: Role = "elder"
    for i, cards in enumerate(tricks):
        if irregular:
            if i in out_of_turn:
                leader = "younger" if leader == "elder" else "elder"
            if i in lone:
                leader = lone_by
        lead = cards[0]
        first, second = (elder, younger) if leader == "elder" else (younger, elder)
        first[lead] = places[i][0]
        if every or lead.rank >= TEN:
            points.append((leader, _LEAD_WORDS.get(lead) or f"lead {lead}", 1, i))
        if len(cards) < 2:
            if i in lone:  # PT 57: a card that cannot be played to is a trick
                if i == 11:
                    points.append((leader, "last trick", 1, i))
                results.append(_new(TrickResult, (i + 1, leader, cards, leader)))
                continue
            results.append(_new(TrickResult, (i + 1, leader, cards, None)))
            break
        follow = cards[1]
        second[follow] = places[i][1]
        if follow.suit == lead.suit and follow.rank > lead.rank:
            winner: Role = "younger" if leader == "elder" else "elder"
            if every or follow.rank >= TEN:
                points.append((winner, _WIN_WORDS[i], 1, i))
        else:
            winner = leader
        if i == 11:
            points.append((winner, "last trick", 1, i))
        results.append(_new(TrickResult, (i + 1, leader, cards, winner)))
        leader = winner
    return results, points, {"elder": elder, "younger": younger}


def plays_by_role(results: Sequence[TrickResult]) -> dict[Role, dict[Card, tuple[int, int]]]:
    """Each role's played cards → (trick index, position in trick), in play order."""
    elder: dict[Card, tuple[int, int]] = {}
    younger: dict[Card, tuple[int, int]] = {}
    for (_, leader, cards, _), (lead, reply) in zip(results, _PLACES, strict=False):  # ≤ 12
        first, second = (elder, younger) if leader == "elder" else (younger, elder)
        first[cards[0]] = lead
        if len(cards) > 1:
            second[cards[1]] = reply
    return {"elder": elder, "younger": younger}


def _places(tricks: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """(trick index, position) of a lead and a reply in each of ``tricks`` tricks."""
    return tuple(((i, 0), (i, 1)) for i in range(tricks))


#: (trick index, position) of a lead and a reply in each of the twelve tricks.
_PLACES = _places(12)


def find_revokes(
    results: Sequence[TrickResult],
    hands: Mapping[Role, frozenset[Card] | None],
    plays: Mapping[Role, Mapping[Card, tuple[int, int]]],
    retaken: Mapping[Role, Sequence[Card]] | None = None,
) -> list[Violation]:
    """Q6: a follower who did not follow suit although able (a revoke), at ``tricks[i][1]``.

    ``hands``: each role's hand after the exchange when known (None: unknown); ``plays``: each
    role's played cards → (trick index, position), see :func:`plays_by_role`; ``retaken``:
    the cards each took back after a revoke (PT 59 IV), known to be in his hand until he
    plays them again.  A revoke is proven by the known hand, by a later play of the suit led
    by the same player, or by a card of that suit he took back and has not played again.
    """
    violations: list[Violation] = []
    # Made when a follower first does not follow suit: the last trick in which each role
    # played each suit (plays are in play order), and whether his known hand differs from
    # the cards he played (then it must be searched card by card).
    last: dict[Role, dict[str, int]] = {}
    odd: dict[Role, bool] = {}
    for i, (_, leader, cards, _) in enumerate(results):
        if len(cards) < 2:
            continue
        lead, follow = cards
        suit = lead.suit
        if follow.suit == suit:
            continue
        follower: Role = "younger" if leader == "elder" else "elder"
        mine = plays[follower]
        back = retaken.get(follower) if retaken else None
        kept = [c for c in back if c.suit == suit and mine.get(c, (99,))[0] > i] \
            if back else []
        if not last:  # (the two roles written out: no comprehension frame)
            e, y = plays["elder"], plays["younger"]
            last = {"elder": dict(zip(map(_SUIT, e), map(_TRICK, e.values()), strict=True)),
                    "younger": dict(zip(map(_SUIT, y), map(_TRICK, y.values()), strict=True))}
            h_e, h_y = hands.get("elder"), hands.get("younger")
            odd = {"elder": h_e is not None and h_e != e.keys(),
                   "younger": h_y is not None and h_y != y.keys()}
        if last[follower].get(suit, -1) <= i and not odd[follower] and not kept:
            continue  # no later play of the suit, and the known hand is what he played
        hand = hands.get(follower)
        # Cards of the suit led that he still held: in his known hand, or played later.
        held = [c for c in (mine if hand is None else hand)
                if c.suit == suit and mine.get(c, (99,))[0] > i]
        where, common = f"tricks[{i}][1]", {"trick": i + 1, "hand": follower,
                                             "card": card_name(follow), "lead": card_name(lead)}
        if hand is not None and held:
            violations.append(said("revoke.piquet", "Q6", where, held=card_name(max(held)),
                                   **common))
        elif held:
            proof = min(held, key=mine.__getitem__)
            violations.append(said("revoke.piquet.shown", "Q6", where, proof=card_name(proof),
                                   proof_trick=mine[proof][0] + 1, suit=suit, **common))
        elif kept:
            violations.append(said("revoke.piquet.kept", "Q6", where, kept=card_name(kept[0]),
                                   suit=suit, **common))
    return violations
