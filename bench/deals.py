"""Random legal deals from a seeded shuffle, as the JSON records of design.md.

Written independently of the engines (like the property tests' generators) so that the
benchmarks time the engines, not the generator: Pitch hands (P2-P4) and Piquet deals (Q2-Q6).
The same seed always gives the same deals.
"""

from __future__ import annotations

from random import Random
from typing import Any

from referee.cards import FULL_PACK, PIQUET_PACK, Card, card_name

# ------------------------------------------------------------------------------- Pitch


def _pitch_calls(is_dealer: bool, high: int | None) -> list[Any]:
    """Legal calls with the default options (P3, P8): min bid 1, a stuck dealer bids at
    least 2, the dealer may match a high bid below 4."""
    stuck = is_dealer and high is None
    lowest = max(1, (high or 0) + 1)
    if stuck:
        lowest = max(lowest, 2)
    bids: list[Any] = list(range(lowest, 5))
    if is_dealer and high is not None and high < 4 and high not in bids:
        bids.insert(0, high)
    calls: list[Any] = [] if stuck else ["pass"]
    calls.extend(bids)
    if 4 in bids:
        calls.append("pitch")
    return calls


def _winner(trick: list[Card], trump: str) -> int:
    led = trick[0].suit
    return max(
        range(len(trick)),
        key=lambda j: (trick[j].suit == trump, trick[j].suit == led, trick[j].rank),
    )


def pitch_record(rng: Random, players: int, dealer: int) -> dict[str, Any]:
    """A legal Pitch hand for ``players`` solo players dealt by seat ``dealer``: the record
    with ``dealer``, ``bids``, ``tricks`` and ``hands`` (six tricks, default options)."""
    deck = list(FULL_PACK)
    rng.shuffle(deck)
    hands = [deck[6 * s : 6 * s + 6] for s in range(players)]
    bids: list[Any] = []
    high: int | None = None
    pitcher = 0
    for i in range(players):
        call = rng.choice(_pitch_calls(i == players - 1, high))
        bids.append(call)
        if call != "pass":
            high, pitcher = (4 if call == "pitch" else call), (dealer + 1 + i) % players
        if call == "pitch":
            break
    remaining = [list(h) for h in hands]
    tricks: list[list[Card]] = []
    leader, trump = pitcher, ""
    for _ in range(6):
        trick: list[Card] = []
        for j in range(players):
            hand = remaining[(leader + j) % players]
            choices = hand
            if trick:  # follow suit or trump (P4)
                follow = [c for c in hand if c.suit == trick[0].suit]
                if follow:
                    choices = follow + [c for c in hand if c.suit == trump and c not in follow]
            card = rng.choice(sorted(choices))
            trump = trump or card.suit
            hand.remove(card)
            trick.append(card)
        tricks.append(trick)
        leader = (leader + _winner(trick, trump)) % players
    return {
        "dealer": dealer,
        "bids": bids,
        "tricks": [[card_name(c) for c in t] for t in tricks],
        "hands": [[card_name(c) for c in h] for h in hands],
    }


def pitch_records(seed: int, count: int, players: tuple[int, ...] = (2, 3, 4, 5, 6, 7)
                  ) -> list[tuple[dict[str, Any], int]]:
    """``count`` (record, player count) pairs, player counts cycling through ``players``."""
    rng = Random(seed)
    out = []
    for i in range(count):
        n = players[i % len(players)]
        out.append((pitch_record(rng, n, rng.randrange(n)), n))
    return out


# ------------------------------------------------------------------------------ Piquet


def _legal_follow(hand: list[Card], lead: Card) -> list[Card]:
    same = [c for c in hand if c.suit == lead.suit]
    return same or hand  # follow suit if able (Q6)


def piquet_record(rng: Random) -> dict[str, Any]:
    """A legal Piquet deal: shuffle, deal 12/12/8 (Q2), a legal exchange (elder 1-5, younger
    up to what is left, Q4), random legal play (Q6); declarations left to the referee."""
    pack = list(PIQUET_PACK)
    rng.shuffle(pack)
    dealt_e, dealt_y, talon = pack[:12], pack[12:24], pack[24:]
    n_e = rng.randint(1, 5)
    n_y = rng.randint(1, 8 - n_e)
    disc_e = rng.sample(dealt_e, n_e)
    disc_y = rng.sample(dealt_y, n_y)
    hands = {
        "elder": [c for c in dealt_e if c not in disc_e] + talon[:n_e],
        "younger": [c for c in dealt_y if c not in disc_y] + talon[n_e : n_e + n_y],
    }
    leader, tricks = "elder", []
    while hands[leader]:
        follower = "younger" if leader == "elder" else "elder"
        lead = rng.choice(hands[leader])
        hands[leader].remove(lead)
        follow = rng.choice(_legal_follow(hands[follower], lead))
        hands[follower].remove(follow)
        tricks.append([lead, follow])
        if follow.suit == lead.suit and follow.rank > lead.rank:
            leader = follower

    def names(cards: list[Card]) -> list[str]:
        return [card_name(c) for c in cards]

    return {
        "dealt": {"elder": names(dealt_e), "younger": names(dealt_y)},
        "talon": names(talon),
        "exchange": {"elder": names(disc_e), "younger": names(disc_y)},
        "tricks": [names(t) for t in tricks],
    }


def piquet_records(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` legal Piquet deal records from ``seed``."""
    rng = Random(seed)
    return [piquet_record(rng) for _ in range(count)]
