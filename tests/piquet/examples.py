"""Example deals written out for the Piquet engine tests, and small builders."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from referee.cards import PIQUET_PACK, Card, parse_cards
from referee.piquet import Announcement, PiquetDeal, PiquetOptions, PiquetRuling, rule_deal


def cards(text: str) -> tuple[Card, ...]:
    """``"AH KH 7C"`` → a tuple of cards."""
    return parse_cards(text.split())


def tricks(text: str) -> tuple[tuple[Card, ...], ...]:
    """``"KS AS|KC AC"`` → tricks (leader's card first)."""
    return tuple(cards(t) for t in text.split("|"))


# Q10, the worked deal of the source: Ann deals, Bill is elder.
Q10_DEALT = {
    "elder": cards("AC KS QS TS 9S 8S KH TH 7H AD TD 8D"),
    "younger": cards("KC QC TC 9C 8C JS 7S 9H KD QD 9D 7D"),
}
Q10_TALON = cards("AH JH 8H 7C JD AS QH JC")
Q10_EXCHANGE = {"elder": cards("KH TH 7H TD 8D"), "younger": cards("QD 9D 7D")}
Q10_DECLARATIONS = {"elder": Announcement(point=5, sequence=None, sets=("trio:A",))}
Q10_TRICKS = tricks("KS AS|KC AC|QS 7S|TS JS|QC 7C|JC 8S|TC JH|9C 8H|8C JD|QH AH|AD KD|9S 9H")
# The hands after the exchange.
Q10_BILL = cards("AC 7C KS QS TS 9S 8S AH JH 8H AD JD")
Q10_ANN = cards("KC QC JC TC 9C 8C AS JS 7S QH 9H KD")

Q10_RECORD = {
    "dealt": {"elder": "AC KS QS TS 9S 8S KH TH 7H AD TD 8D".split(),
              "younger": "KC QC TC 9C 8C JS 7S 9H KD QD 9D 7D".split()},
    "talon": ["AH", "JH", "8H", "7C", "JD", "AS", "QH", "JC"],
    "exchange": {"elder": ["KH", "TH", "7H", "TD", "8D"], "younger": ["QD", "9D", "7D"]},
    "declarations": {"elder": {"point": 5, "sequence": None, "sets": ["trio:A"]}},
    "tricks": [t.split() for t in
               "KS AS|KC AC|QS 7S|TS JS|QC 7C|JC 8S|TC JH|9C 8H|8C JD|QH AH|AD KD|9S 9H"
               .split("|")],
}


def q10_deal(**changes: object) -> PiquetDeal:
    """The full Q10 record, with some fields replaced."""
    fields: dict[str, object] = {
        "tricks": Q10_TRICKS, "dealt": Q10_DEALT, "talon": Q10_TALON,
        "exchange": Q10_EXCHANGE, "declarations": Q10_DECLARATIONS,
    }
    fields.update(changes)
    return PiquetDeal(**fields)  # type: ignore[arg-type]


def _legal(hand: list[Card], led: Card | None) -> list[Card]:
    if led is None:
        return hand
    same = [c for c in hand if c.suit == led.suit]
    return same or hand


def play_out(
    elder: tuple[Card, ...], younger: tuple[Card, ...], rng: Random | None = None
) -> tuple[tuple[Card, ...], ...]:
    """Play two hands of equal size out legally (Q6), ``elder`` leading first.

    Without ``rng``: the leader leads his highest card (ranks, then suits S H D C); the follower
    wins with his lowest card of the suit that beats the lead if he can, else plays his lowest
    card of the suit, else his lowest card.  With ``rng``: random legal cards.
    """
    hands = {"elder": sorted(elder, key=_strength), "younger": sorted(younger, key=_strength)}
    leader = "elder"
    played = []
    while hands[leader]:
        follower = "younger" if leader == "elder" else "elder"
        options = hands[leader]
        lead = rng.choice(options) if rng else options[-1]
        hands[leader].remove(lead)
        legal = _legal(hands[follower], lead)
        if rng:
            follow = rng.choice(legal)
        else:
            beating = [c for c in legal if c.suit == lead.suit and c.rank > lead.rank]
            follow = beating[0] if beating else legal[0]
        hands[follower].remove(follow)
        played.append((lead, follow))
        if follow.suit == lead.suit and follow.rank > lead.rank:
            leader = follower
    return tuple(played)


def _strength(card: Card) -> tuple[int, int]:
    return card.rank, -"SHDC".index(card.suit)


def build(dealt_e: str, dealt_y: str, talon: str, disc_e: str, disc_y: str,
          **extra: object) -> PiquetDeal:
    """A deal from its written-out record; the hands after the exchange are played out."""
    de, dy, t = cards(dealt_e), cards(dealt_y), cards(talon)
    xe, xy = cards(disc_e) if disc_e else (), cards(disc_y) if disc_y else ()
    after_e = tuple(c for c in de if c not in xe) + t[:len(xe)]
    after_y = tuple(c for c in dy if c not in xy) + t[len(xe):len(xe) + len(xy)]
    fields: dict[str, object] = {
        "tricks": play_out(after_e, after_y), "dealt": {"elder": de, "younger": dy},
        "talon": t, "exchange": {"elder": xe, "younger": xy},
    }
    fields.update(extra)
    return PiquetDeal(**fields)  # type: ignore[arg-type]


def rule_hands(
    elder: str | tuple[Card, ...],
    younger: str | tuple[Card, ...],
    declarations: Mapping[str, Announcement] | None = None,
    options: PiquetOptions = PiquetOptions(),  # noqa: B008
    play: tuple[tuple[Card, ...], ...] | None = None,
) -> PiquetRuling:
    """Rule a deal given only the hands after the exchange (played out by :func:`play_out`)."""
    e = cards(elder) if isinstance(elder, str) else elder
    y = cards(younger) if isinstance(younger, str) else younger
    deal = PiquetDeal(tricks=play or play_out(e, y), declarations=declarations)  # type: ignore[arg-type]
    return rule_deal(deal, options)


def random_deal(rng: Random, with_records: bool = True) -> tuple[PiquetDeal, dict[str, object]]:
    """A random legal deal (Q2–Q6): shuffle, legal exchange, random legal play.

    Returns the deal (with dealt hands, talon and exchange when ``with_records``) and the facts
    used to build it (hands after the exchange, counts).
    """
    pack = list(PIQUET_PACK)
    rng.shuffle(pack)
    dealt_e, dealt_y, talon = pack[:12], pack[12:24], pack[24:]
    n_e = rng.randint(1, 5)
    n_y = rng.randint(1, 8 - n_e)
    disc_e = rng.sample(dealt_e, n_e)
    disc_y = rng.sample(dealt_y, n_y)
    after_e = [c for c in dealt_e if c not in disc_e] + talon[:n_e]
    after_y = [c for c in dealt_y if c not in disc_y] + talon[n_e:n_e + n_y]
    play = play_out(tuple(after_e), tuple(after_y), rng)
    if with_records:
        deal = PiquetDeal(
            tricks=play,
            dealt={"elder": tuple(dealt_e), "younger": tuple(dealt_y)},
            talon=tuple(talon),
            exchange={"elder": tuple(disc_e), "younger": tuple(disc_y)},
        )
    else:
        deal = PiquetDeal(tricks=play)
    facts: dict[str, object] = {"after_e": after_e, "after_y": after_y, "n_e": n_e, "n_y": n_y,
                                "talon": talon, "dealt_e": dealt_e, "dealt_y": dealt_y}
    return deal, facts
