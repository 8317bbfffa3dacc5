"""What a ruling says, step by step, and where a side's claim parts from it (P5, P6).

A referee explains a score in the order the table counts it: High, Low, Jack, Game (P5), then
the bid, made or set back (P6), then each side's score. Every ruling (on the cards, on a score
sheet, on totals) lists these steps as :class:`Count` values; :func:`compare_claim` walks the
ruling's steps and the claim's side by side and reports the first where they part, and every
difference.

A ruling's ``verified`` / ``computed`` / ``as_reported`` lists are :class:`Finding` values:
one rule section and one sentence each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from referee.rulings import ClaimComparison, Difference, Hint

#: The counting order of a Pitch hand (P5, then P6), as the steps are named in comparisons.
STEPS: tuple[str, ...] = ("high", "low", "jack", "game", "bid", "score")


@dataclass(frozen=True, slots=True)
class Count:
    """One step of counting a hand.

    ``step``: one of :data:`STEPS`. ``rule``: its section. ``standing``: for ``"score"``, the
    side (index into the sides) the step is about, else ``None``. ``key``: what is compared,
    e.g. the side that took High (``None`` = nobody: a jack not out, a tied Game); for
    ``"bid"`` a tuple ``(pitcher_side, bid, made)`` in which ``None`` means "not said" (a totals
    claim that gives no bid). ``what``: the step in words, as a player says it.
    """

    step: str
    rule: str
    standing: int | None
    key: object
    what: str


class Counted(Protocol):
    """A ruling that can say how it counted the hand (every Pitch ruling does)."""

    def counts(self) -> tuple[Count, ...]:
        """The hand's counting steps in :data:`STEPS` order."""
        ...


#: Every code of a Pitch ruling's findings (verified, computed, as reported), with what it
#: says.
FINDING_CODES: dict[str, str] = {
    "auction_legal": "the auction is legal: who pitched, for how much (P3)",
    "auction_read_as_played": "an auction that breaks P3, read as the table played it",
    "bid_legal": "the bid is within the table's bids (P3)",
    "dealer_bid_legal": "the stuck dealer's bid came over or matched another (P3)",
    "highest_bidder_as_reported": "the pitcher and bid as written, the auction not given",
    "bid_made_as_reported": "the pitcher made the bid, as written (P3)",
    "no_revoke": "every card followed suit or trumped where it had to (P4)",
    "no_revoke_but_recorded": "no revoke but the one recorded anyway (P4, P10)",
    "no_revoke_as_reported": "nobody revoked, as written: no cards to check (P4)",
    "trump_and_tricks": "trump, from the first lead, and each trick's winner (P4)",
    "trump_as_reported": "trump, as written (P4)",
    "points_won": "High, Low, Jack and Game each side won (P5)",
    "variant_points_won": "the points of a variant each side won, at their values (V7)",
    "variant_points_as_reported": "who took each point of a variant, as written (V7)",
    "variant_scores_possible": "each score is possible in one hand of the variant (V7, V10)",
    "points_won_add_up": "the points won add up to 2 to 4 (P5)",
    "points_not_given": "who took High, Low, Jack and Game: only totals given (P5)",
    "high_low_as_reported": "who took High and Low, as written (P5)",
    "jack_not_out": "the jack of trumps was not out (P5)",
    "jack_as_reported": "who took the jack of trumps, as written (P5)",
    "game_tied": "Game tied, as written (P5)",
    "game_as_reported": "who took Game, as written (P5)",
    "game_agrees_with_counts": "Game agrees with the game points written (P5)",
    "game_points_as_reported": "the game points as the table counted them (P5)",
    "counts_fit": "the game points written fit in the cards in play (P5)",
    "single_trump": "a single trump in play is both High and Low (P5)",
    "partners_pool": "partners score as one side (P5)",
    "bid_result": "the pitcher's bid made or set back, and the score (P6)",
    "set_back": "the pitcher was set back by the bid (P6)",
    "set_back_points_fit": "a pitcher set back: the others' points fit (P5, P6)",
    "scores_possible": "each score is possible in one hand (P6)",
    "scores_as_reported": "the scores themselves, as written (P6)",
    "claim_agrees": "the score the table wrote agrees with the rules (P6)",
    "next_dealer": "who deals next (P2)",
    "hands_not_given": "the hands as dealt not given: each read from the cards played (P2)",
    "irregularity": "an irregularity recorded anyway and its penalty (P10)",
    "revoke_penalised": "the revoke's penalty and the scores after it (P10)",
    "hand_void": "the hand is void: nobody scores (P10)",
    "misdeal_shown": "the hands as dealt show a misdeal (P2)",
    "misdeal_reported": "a misdeal, as the table reported it (P10)",
    "new_deal": "a new deal, nobody scores, and who deals (P10)",
}

#: Every hint code of a Pitch comparison, with what it means.
HINT_CODES: dict[str, str] = {
    "columns_swapped": "two sides' scores written in each other's column (P6)",
    "negative_score": "a score below zero for a side that was not set back (P6)",
    "set_back_as_made": "a pitcher set back written as having made his bid (P6)",
}


def _same(ruling_key: object, claim_key: object) -> bool:
    """Whether the claim's key agrees with the ruling's; in tuples ``None`` is "not said"."""
    if isinstance(ruling_key, tuple) and isinstance(claim_key, tuple):
        return all(c is None or r == c for r, c in zip(ruling_key, claim_key, strict=True))
    return ruling_key == claim_key


def compare_claim(ruling: Counted, claim_ruling: Counted) -> ClaimComparison:
    """Put a side's claim beside the referee's ruling (P5, P6).

    ``ruling``: the ruling on the cards (:class:`~referee.pitch.hand.PitchRuling`), or any
    ruling taken as the reference. ``claim_ruling``: the ruling on what a side claims, a score
    sheet (:func:`~referee.pitch.sheet.rule_sheet`) or totals
    (:func:`~referee.pitch.sheet.rule_totals`). Steps the claim does not say (a totals claim
    says nothing of High, Low, Jack and Game) are not compared.

    Counting order: High, Low, Jack, Game, the bid (made or set back), then each side's score.
    """
    theirs = {(c.step, c.standing): c for c in claim_ruling.counts()}
    mine = ruling.counts()
    differences = []
    for count in mine:
        claim = theirs.get((count.step, count.standing))
        if claim is not None and not _same(count.key, claim.key):
            hints = _score_hints(mine, theirs, count, claim) if count.step == "score" else ()
            differences.append(Difference(count.step, count.rule, count.what, claim.what,
                                          hints=hints))
    return ClaimComparison.of(differences)


def _score_hints(
    ruled: Sequence[Count], theirs: dict[tuple[str, int | None], Count], count: Count,
    claim: Count,
) -> tuple[Hint, ...]:
    """P6: what could explain a side's claimed score (``claim``) that parts from the cards'
    (``count``): two sides' scores written in each other's column, a negative score for a side
    that was not set back, a pitcher set back written as having made it."""
    found: list[Hint] = []
    mine, said = count.key, claim.key
    for other in ruled:
        partner = theirs.get(("score", other.standing))
        if other.step != "score" or other.standing == count.standing or partner is None:
            continue
        if (said, partner.key) == (other.key, mine) and mine != other.key:
            found.append(Hint("columns_swapped", "P6", (
                f"the two scores written in each other's column: the cards say {count.what} "
                f"and {other.what}"), (("side", count.standing), ("score", _whole(mine)),
                                       ("other_side", other.standing),
                                       ("other_score", _whole(said)))))
    if found or not isinstance(mine, int) or not isinstance(said, int):
        return tuple(found)  # swapped columns explain it all
    if said < 0 <= mine:
        slip = f"; perhaps {mine:+d}, the minus sign a slip" if said == -mine else ""
        found.append(Hint("negative_score", "P6", (
            f"only a pitcher set back scores below zero, and the cards say {count.what}{slip}"),
            (("side", count.standing), ("score", mine), ("claimed", said))))
    elif mine < 0 < said and said == -mine:
        found.append(Hint("set_back_as_made", "P6", (
            f"the pitcher was set back: the bid is taken off the score, {mine:+d}, "
            f"not {said:+d}"), (("side", count.standing), ("score", mine), ("claimed", said))))
    return tuple(found)


def _whole(key: object) -> int | None:
    """A score step's key as a number (None if it is not one)."""
    return key if isinstance(key, int) else None


def seat_words(seat: int, names: Sequence[str] = ()) -> str:
    """A seat in words: its player's name when the table's ``names`` (one per seat) are given
    (``"Bob"``), else ``"seat 2"`` (a stateless ruling that knows no names)."""
    return names[seat] if names else f"seat {seat}"


def side_words(sides: Sequence[Sequence[int]], side: int, names: Sequence[str] = ()) -> str:
    """A side in words: its players' names when ``names`` are given (``"Bob"``, ``"Ann and
    Cy"`` in partnership), else ``"seat 2"`` solo, ``"seats 0 and 2"`` in partnership."""
    seats = sides[side]
    if names:
        return " and ".join(names[s] for s in seats)
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + " and ".join(map(str, seats))


def sentence_start(words: str) -> str:
    """``words`` opening a sentence: the first letter upper case, the rest as it is (a name
    keeps its own case, unlike :meth:`str.capitalize`)."""
    return words[:1].upper() + words[1:]


def bid_count(
    sides: Sequence[Sequence[int]], pitcher_side: int, bid: int | None, made: bool, won: int | None,
    names: Sequence[str] = (),
) -> Count:
    """The bid step (P6): who pitched, for how much, made or set back, in words (``names``:
    the players, one per seat, or empty: :func:`side_words`)."""
    who = side_words(sides, pitcher_side, names)
    if bid is None:
        what = f"{who} pitched and {'made the bid' if made else 'was set back'}"
    elif made:
        what = f"{who} bid {bid} and made it" + ("" if won is None else f", winning {won}")
    else:
        what = f"{who} bid {bid} and was set back {bid}" + (
            "" if won is None else f", winning only {won}"
        )
    return Count("bid", "P6", None, (pitcher_side, bid, made), what)


def score_counts(
    sides: Sequence[Sequence[int]],
    changes: Sequence[int],
    reasons: Sequence[str] | None = None,
    names: Sequence[str] = (),
) -> list[Count]:
    """The score step of each side (P6): ``changes`` per side; ``reasons`` per side (what it
    won, e.g. ``"High, Game"``), or ``None`` when unknown; ``names`` as :func:`side_words`."""
    found = []
    for side, change in enumerate(changes):
        what = f"{side_words(sides, side, names)} scores {change:+d}"
        if reasons is not None and reasons[side]:
            what += f" ({reasons[side]})"
        found.append(Count("score", "P6", side, change, what))
    return found


_NOBODY = {"jack": "the jack of trumps was not out", "game": "Game was tied: nobody took it"}


def point_count(
    step: str, sides: Sequence[Sequence[int]], side: int | None, detail: str = "",
    names: Sequence[str] = (),
) -> Count:
    """A High/Low/Jack/Game step (P5): ``side`` that took it, or ``None`` (nobody); ``names``
    as :func:`side_words`."""
    name = {"high": "High", "low": "Low", "jack": "Jack", "game": "Game"}[step]
    if side is None:
        what = _NOBODY.get(step, f"nobody took {name}")
    else:
        what = f"{side_words(sides, side, names)} took {name}"
    if detail:
        what += f" ({detail})"
    return Count(step, "P5", None, side, what)
