"""A hand of a game with more points (V1-V15) entered the way a table keeps score: the
score-sheet line naming the game's own points, and bare totals checked against the game.

A variant's **score sheet** names who took each point of the game (``points``, V7): High and
Low always go to someone; every other point (the jack, the off-jack, the jokers, the three,
the ten, the five …) to a seat, or ``null`` when its card was not in play; Game to a seat or
``null`` when tied (V8). Each point counts at its value (a three is 3, a five 5; V7), the
pitcher is set back the bid when he won less (V10). A line naming a point the game does not
have, or leaving out one it has, cannot be read.

A variant's **totals** are checked against what one hand of the game can score (V7, V10):
High and Low always go, every other point may go to nobody, a side scores the sum of the
values of the points it took; the pitcher's side at least its bid, or exactly minus it. The
check is exact: :func:`split_scores` lists every way one hand of the game can share out its
points between the pitcher's side and the others, so a nine-point table's "5 made" (no hand
of High, Low, Jack, Five and Game gives the pitcher exactly 5 with the others nothing) is
caught as well as a score above the game's total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from referee.cards import game_point_value
from referee.pitch.claims import (
    Count,
    bid_count,
    point_count,
    score_counts,
    seat_words,
    sentence_start,
    side_words,
)
from referee.pitch.hand import claimed_violations
from referee.pitch.match import next_dealer as next_dealer_after
from referee.pitch.records import (
    HAND_SIZE,
    POINT_VALUES,
    PitchOptions,
    check_names,
    check_players,
    side_of_seat,
    sides_of,
)
from referee.pitch.sheet import (
    PitchSheet,
    PitchTotalsRuling,
    SheetPoint,
    _bad,
    _Found,
    _mapping,
    _numbers,
    _seat,
    _sheet_auction,
    _sheet_bids,
    _sheet_claimed,
    _sheet_game_points,
    _sheet_irregular,
    _sheet_penalties,
    _sheet_trump,
    _whole,
)
from referee.pitch.variants import pack_of, trump_order
from referee.pitch.wording import finding
from referee.rulings import Finding, findings_dicts
from referee.violations import Violation, said

#: The keys of a variant's sheet line besides its points (as the 4-point line's, less
#: ``single_trump``, which P5 ties to the 4-point game).
_LINE_KEYS = frozenset({"dealer", "bids", "pitcher", "bid", "trump", "game_points", "claimed",
                        "irregular"})

#: The points that always go to someone (V7: a trump is always in play, the pitcher's first
#: lead; High is the highest, Low the lowest natural one).
ALWAYS_WON = ("high", "low")


def point_words(name: str) -> str:
    """A point as a player says it (V7): ``"off_jack"`` → ``"off-jack"``, ``"big_joker"`` →
    ``"big joker"``, ``"high"`` → ``"High"`` (the 4-point game's points keep their capital)."""
    if name in ("high", "low", "jack", "game"):
        return name.capitalize()
    return name.replace("off_", "off-").replace("_", " ")


def _always(options: PitchOptions) -> frozenset[str]:
    """The points of the game that always go to someone: High and Low when the first lead is
    a trump (V3.4); with ``first_lead="any"`` play may open without one."""
    if options.first_lead != "trump":
        return frozenset()
    return frozenset(ALWAYS_WON) & frozenset(options.points)


@dataclass(frozen=True, slots=True)
class VariantSheet:
    """A variant's score-sheet line, parsed (V7, V13).

    ``taken``: per point of the game, in the order of ``options.points``, the seat that took
    it (Low under ``low="holder"``: that played it) or ``None`` (its card not in play; Game
    tied). ``line``: the rest of the line as a 4-point :class:`~referee.pitch.sheet.PitchSheet`
    (the auction, dealer, trump, game points, claim, irregularities and names; its ``high``
    … ``game`` are those of ``taken``, ``jack`` ``None`` when the game has no Jack).
    """

    taken: tuple[tuple[str, int | None], ...]
    line: PitchSheet


def _taken(
    line: Mapping[str, Any], players: int, options: PitchOptions
) -> tuple[tuple[str, int | None], ...]:
    """Who took each point of the game by the line (V7); every point must be there."""
    always = _always(options)
    taken: list[tuple[str, int | None]] = []
    for name in options.points:
        what = point_words(name)
        if name not in line:
            kind = ".always" if name in always else ".game" if name == "game" else ""
            raise _bad(f"point_missing{kind}", f"sheet.{name}", "V7", point=what)
        value = line[name]
        if value is None:
            if name in always:
                raise _bad("point_taken.variant", f"sheet.{name}", "V7", point=what)
            taken.append((name, None))
        else:
            taken.append((name, _seat(value, players, f"sheet.{name}", sentence_start(what),
                                      "V7")))
    return tuple(taken)


def _variant_bid(value: object, location: str, options: PitchOptions) -> int:
    """A bid written on a line: 1 to the game's ``max_bid`` (V9)."""
    if not _whole(value) or not 1 <= value <= options.max_bid:
        raise _bad("bid_out_of_range.variant", location, "V9", most=options.max_bid,
                   value=repr(value))
    return int(value)


def variant_sheet_from_record(
    record: Mapping[str, Any], players: int, partnership: bool, options: PitchOptions,
    names: Sequence[str] = (),
) -> VariantSheet:
    """Parse a variant's score-sheet line (docs/records.md, "Pitch: the score-sheet line";
    V7, V13): the 4-point line's keys less ``single_trump``, with one key per point of the
    game (``options.points``) in place of ``high``, ``low``, ``jack``, ``game``.

    :raises RecordError: ``malformed_record`` (a point of the game missing, a point the game
        does not have, a seat out of range, ``game_points`` without Game …),
        ``malformed_call``, ``bid_out_of_range`` (above ``max_bid``); located ``sheet.<key>``.
    """
    check_players(players, partnership)
    if isinstance(record, Mapping):
        stray = sorted(k for k in record if k in POINT_VALUES and k not in options.points
                       and record[k] is not None)
        if stray:
            raise _bad("stray_point", f"sheet.{stray[0]}", "V7", variant=options.variant,
                       point=point_words(stray[0]),
                       points=tuple(map(point_words, options.points)))
        record = {k: v for k, v in record.items() if k not in POINT_VALUES or k in options.points}
    line = _mapping(record, "sheet", _LINE_KEYS | frozenset(options.points))
    n_sides = len(sides_of(players, partnership))
    taken = _taken(line, players, options)
    seat_of = dict(taken)
    dealer = None
    if line.get("dealer") is not None:
        dealer = _seat(line["dealer"], players, "sheet.dealer", "The dealer", "P2")
    bids = _sheet_bids(line, dealer)
    pitcher = None
    if line.get("pitcher") is not None:
        pitcher = _seat(line["pitcher"], players, "sheet.pitcher", "The pitcher", "V9")
    bid = (None if line.get("bid") is None
           else _variant_bid(line["bid"], "sheet.bid", options))
    if bids is None and (pitcher is None or bid is None):
        key = "pitcher" if pitcher is None else "bid"
        raise _bad("no_auction.variant", f"sheet.{key}", "V9")
    game_points = _sheet_game_points(line, n_sides, partnership)
    if game_points is not None and "game" not in options.points:
        raise _bad("no_game", "sheet.game_points", "V8")
    base = PitchSheet(
        players=players, partnership=partnership,
        high=seat_of.get("high") or 0, low=seat_of.get("low") or 0,
        jack=seat_of.get("jack"), game=seat_of.get("game"), dealer=dealer, bids=bids,
        pitcher=pitcher, bid=bid, trump=_sheet_trump(line), game_points=game_points,
        claimed=_sheet_claimed(line, players, n_sides, partnership),
        irregular=_sheet_irregular(line, players), names=check_names(names, players))
    return VariantSheet(taken, base)


def most_variant_game_points(players: int, options: PitchOptions) -> int:
    """The most game points the cards in play of this game can hold (V8): the best
    ``6 * players`` cards of its pack, only trumps under ``trump_only`` (jokers count 0).

    >>> from referee.pitch import variant_options
    >>> most_variant_game_points(4, variant_options({"variant": "ten_point"}))
    21
    """
    if options.play == "trump_only":  # the game points of the trumps of any suit are alike
        cards: Sequence[Any] = trump_order("S", options.points, options.joker_rank)
    else:
        cards = sorted(pack_of(options.points, options.deck))
    values = sorted((game_point_value(c) for c in cards), reverse=True)
    return sum(values[: HAND_SIZE * players])


@dataclass(frozen=True, slots=True)
class VariantSheetRuling:
    """The ruling on a variant's score-sheet line (V7-V10): as
    :class:`~referee.pitch.sheet.PitchSheetRuling`, with ``taken`` one
    :class:`~referee.pitch.sheet.SheetPoint` per point of the game (in ``options.points``
    order) and ``points_won`` per side counting each at its value."""

    players: int
    partnership: bool
    dealer: int | None
    pitcher: int
    bid: int
    sides: tuple[tuple[int, ...], ...]
    pitcher_side: int
    trump: str | None
    taken: tuple[tuple[str, SheetPoint], ...]
    game_points: tuple[int, ...] | None
    points_won: tuple[int, ...]
    made_bid: bool
    score_changes: tuple[int, ...]
    claimed_ok: bool | None
    verified: tuple[Finding, ...]
    computed: tuple[Finding, ...]
    as_reported: tuple[Finding, ...]
    violations: tuple[Violation, ...]
    next_dealer: int | None
    options: PitchOptions
    irregularities: tuple[Any, ...] = ()
    void: bool = False
    as_played: tuple[int, ...] | None = None
    names: tuple[str, ...] = ()

    level = "sheet"

    @property
    def scores(self) -> tuple[int, ...]:
        """The score change per side (V10): the same as ``score_changes``."""
        return self.score_changes

    def counts(self) -> tuple[Count, ...]:
        """The counting steps (V7, V10): High, Low, Jack, Game as the 4-point game counts
        them (where the game has them), the bid, each side's score."""
        return variant_counts(self.sides, dict((n, p.side) for n, p in self.taken),
                              self.pitcher_side, self.bid, self.made_bid, self.points_won,
                              self.score_changes, self.names)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, as :meth:`~referee.pitch.sheet.PitchSheetRuling.as_dict`, with
        ``variant`` and ``points`` holding ``{seat, side}`` per point of the game (Game with
        its ``game_points``)."""
        points: dict[str, Any] = {name: point.as_dict() for name, point in self.taken}
        if "game" in points:
            points["game"]["game_points"] = (None if self.game_points is None
                                             else list(self.game_points))
        return {
            "level": self.level,
            "variant": self.options.variant,
            "players": self.players,
            "partnership": self.partnership,
            "dealer": self.dealer,
            "pitcher": self.pitcher,
            "bid": self.bid,
            "pitched": False,
            "sides": [list(side) for side in self.sides],
            "pitcher_side": None if self.void else self.pitcher_side,
            "trump": self.trump,
            "points": points,
            "single_trump": False,
            "points_won": list(self.points_won),
            "made_bid": self.made_bid,
            "score_changes": list(self.score_changes),
            "scores": list(self.score_changes),
            "claimed_ok": self.claimed_ok,
            "verified": findings_dicts(self.verified),
            "computed": findings_dicts(self.computed),
            "as_reported": findings_dicts(self.as_reported),
            "violations": [v.as_dict() for v in self.violations],
            "next_dealer": self.next_dealer,
            "irregularities": [r.as_dict() for r in self.irregularities],
            "void": self.void,
            "as_played": None if self.as_played is None else list(self.as_played),
        }


def variant_counts(
    sides: tuple[tuple[int, ...], ...], side_taking: Mapping[str, int | None],
    pitcher_side: int, bid: int, made: bool, won: Sequence[int], changes: Sequence[int],
    names: Sequence[str] = (),
) -> tuple[Count, ...]:
    """The counting steps of a variant's hand (V7, V10) for :func:`~referee.pitch.claims.
    compare_claim`: High, Low, Jack and Game where the game has them (``side_taking``: point
    → side, ``None`` nobody), the bid, then each side's score with the points it took."""
    found = [point_count(step, sides, side_taking[step], "", names)
             for step in ("high", "low", "jack", "game") if step in side_taking]
    found.append(bid_count(sides, pitcher_side, bid, made, won[pitcher_side], names))
    reasons = [", ".join(point_words(n) for n, s in side_taking.items() if s == k)
               for k in range(len(sides))]
    found.extend(score_counts(sides, changes, reasons, names))
    return tuple(found)


def _game_checks(sheet: VariantSheet, options: PitchOptions, game: SheetPoint,
                 found: _Found) -> None:
    """V8 on a sheet line: the counts fit in the cards in play of this game, and Game goes to
    the single highest count (nobody on a tie; under ``joker_game="tiebreak"`` a tied side
    may take it on the jokers it won)."""
    line = sheet.line
    counts = line.game_points
    assert counts is not None
    sides = sides_of(line.players, line.partnership)
    most = most_variant_game_points(line.players, options)
    total = sum(counts)
    if total > most:
        found.violations.append(said("game_points_too_many.variant", "V8", "sheet.game_points",
                                     total=total, most=most))
    else:
        found.verified.append(finding("counts_fit", "V8", total=total, most=most))
    best = max(counts)
    leaders = [k for k, c in enumerate(counts) if c == best]
    allowed: set[int | None] = {leaders[0]} if len(leaders) == 1 else {None}
    if len(leaders) > 1 and options.joker_game == "tiebreak":
        allowed |= set(leaders)
    if game.side in allowed:
        found.verified.append(finding(
            "game_agrees_with_counts", "V8", counts=tuple(counts),
            leaders=tuple(side_words(sides, k, line.names) for k in leaders), best=best))
    else:
        leading = tuple(side_words(sides, k, line.names) for k in leaders)
        if len(leaders) == 1 and game.side is None:
            found.violations.append(said("game_not_highest_count.variant", "V8", "sheet.game",
                                         leader=leading[0], best=best))
        elif len(leaders) == 1:
            found.violations.append(said(
                "game_not_highest_count.variant.not", "V8", "sheet.game", leader=leading[0],
                best=best, taken=seat_words(game.seat or 0, line.names)))
        else:
            found.violations.append(said(
                "game_not_highest_count." + ("jokers" if allowed != {None} else "tie"), "V8",
                "sheet.game", leaders=leading, best=best))
    found.as_reported.append(finding("game_points_as_reported", "V8", counts=tuple(counts)))


def rule_variant_sheet(sheet: VariantSheet, options: PitchOptions) -> VariantSheetRuling:
    """Rule on a variant's score-sheet line (V7-V10).

    Checked (each failure a violation located ``sheet.<key>``): the auction as on a 4-point
    line (V9 through :func:`~referee.pitch.check_bidding` with the game's bids), the game
    points against the cards of the game and Game against the counts (V8), the claimed score
    (V10). Computed: the points won per side at their values (V7), the bid made or set back
    (V10), the next dealer. Taken on trust: who took each point, that nobody revoked.

    :raises RecordError: an auction nobody won, located ``sheet.bids``.
    """
    line = sheet.line
    players = line.players
    sides = sides_of(players, line.partnership)
    side_of = side_of_seat(players, line.partnership)
    found = _Found([], [], [], [])
    pitcher, bid, _pitched = _sheet_auction(line, options, found)
    pitcher_side = side_of[pitcher]
    taken = tuple((name, SheetPoint(seat, None if seat is None else side_of[seat]))
                  for name, seat in sheet.taken)
    points = dict(taken)
    won = [0] * len(sides)
    for name, point in taken:
        if point.side is not None:
            won[point.side] += POINT_VALUES[name]
    words = [", ".join(point_words(n) for n, p in taken if p.side == k)
             for k in range(len(sides))]
    given = [(point_words(n), seat_words(p.seat, line.names)) for n, p in taken
             if p.seat is not None]
    found.as_reported.append(finding("variant_points_as_reported", "V7",
                                     points=tuple(n for n, _ in given),
                                     seats=tuple(s for _, s in given)))
    game = points.get("game")
    if game is not None and line.game_points is not None:
        _game_checks(sheet, options, game, found)
    if line.trump is not None:
        found.as_reported.append(finding("trump_as_reported", "V3", trump=line.trump))
    found.as_reported.append(finding("no_revoke_as_reported", "V5"))
    made = won[pitcher_side] >= bid
    changes = list(won)
    if not made:
        changes[pitcher_side] = -bid  # V10, P6: set back by the bid
    if line.partnership:
        found.computed.append(finding("partners_pool", "V10"))
    side_names = [side_words(sides, side, line.names) for side in range(len(sides))]
    found.computed.append(finding("variant_points_won", "V7", sides=tuple(side_names),
                                  won=tuple(won), points=tuple(words)))
    found.computed.append(finding("bid_result", "V10",
                                  pitcher=side_words(sides, pitcher_side, line.names), bid=bid,
                                  won=won[pitcher_side]))
    jack = points.get("jack", SheetPoint(None, None))
    as_played, changes, void, irregularities = _sheet_penalties(
        line, options, pitcher_side, bid, won, changes,
        (jack, game or SheetPoint(None, None)), found)
    claimed_ok = None
    if line.claimed is not None:
        wrong = claimed_violations(line.claimed, changes, players, line.partnership, "sheet.",
                                   line.names)
        claimed_ok = not wrong
        found.violations.extend(wrong)
        if claimed_ok:
            found.verified.append(finding("claim_agrees", "V10"))
    next_dealer = None if line.dealer is None else next_dealer_after(line.dealer, players)
    if next_dealer is not None:
        found.computed.append(finding("next_dealer", "P2",
                                      dealer=seat_words(next_dealer, line.names)))
    return VariantSheetRuling(
        players=players, partnership=line.partnership, dealer=line.dealer, pitcher=pitcher,
        bid=bid, sides=sides, pitcher_side=pitcher_side, trump=line.trump, taken=taken,
        game_points=line.game_points, points_won=tuple(won), made_bid=made,
        score_changes=tuple(changes), claimed_ok=claimed_ok, verified=tuple(found.verified),
        computed=tuple(found.computed), as_reported=tuple(found.as_reported),
        violations=tuple(found.violations), next_dealer=next_dealer, options=options,
        irregularities=irregularities, void=void, as_played=as_played, names=line.names)


# --- Totals ----------------------------------------------------------------------------------


@cache
def split_scores(points: tuple[str, ...], always: frozenset[str],
                 others: int) -> frozenset[tuple[int, tuple[int, ...]]]:
    """Every way one hand can share out the points of a game (V7): pairs of what the
    pitcher's side won and what each of the ``others`` sides won (sorted, highest first).
    A point of ``always`` goes to some side; any other may go to nobody.

    >>> sorted(split_scores(("high", "low"), frozenset({"high", "low"}), 1))
    [(0, (2,)), (1, (1,)), (2, (0,))]
    """
    states: set[tuple[int, tuple[int, ...]]] = {(0, (0,) * others)}
    for name in points:
        value = POINT_VALUES[name]
        grown: set[tuple[int, tuple[int, ...]]] = set()
        for mine, rest in states:
            if name not in always:
                grown.add((mine, rest))
            grown.add((mine + value, rest))
            for k in range(others):
                moved = list(rest)
                moved[k] += value
                grown.add((mine, tuple(sorted(moved, reverse=True))))
        states = grown
    return frozenset(states)


@dataclass(frozen=True, slots=True)
class VariantTotals:
    """A variant's totals line, parsed: ``scores`` per side, the ``pitcher``'s seat, his
    ``bid`` (1 to ``max_bid``, V9) or ``None``; ``names`` as for a sheet."""

    players: int
    partnership: bool
    scores: tuple[int, ...]
    pitcher: int
    bid: int | None = None
    names: tuple[str, ...] = ()


def variant_totals_from_record(
    record: Mapping[str, Any], players: int, partnership: bool, options: PitchOptions,
    names: Sequence[str] = (),
) -> VariantTotals:
    """Parse a totals line of a variant (docs/records.md, "Pitch: totals"): as the 4-point
    line, the bid 1 to the game's ``max_bid`` (V9).

    :raises RecordError: ``player_count``, ``malformed_record``, ``bid_out_of_range``;
        located ``totals.<key>``.
    """
    check_players(players, partnership)
    line = _mapping(record, "totals", frozenset({"scores", "pitcher", "bid", "dealer"}))
    n_sides = len(sides_of(players, partnership))
    if line.get("scores") is None:
        raise _bad("scores", "totals.scores", "V10")
    scores = _numbers(line["scores"], "totals.scores", "The scores")
    if len(scores) != n_sides:
        raise _bad("scores_count" + (".team" if partnership else ""), "totals.scores", "V10",
                   sides=n_sides, n=len(scores))
    if line.get("pitcher") is None:
        raise _bad("pitcher.variant", "totals.pitcher", "V11")
    pitcher = _seat(line["pitcher"], players, "totals.pitcher", "The pitcher", "V9")
    bid = None if line.get("bid") is None else _variant_bid(line["bid"], "totals.bid", options)
    return VariantTotals(players, partnership, scores, pitcher, bid, check_names(names, players))


@dataclass(frozen=True, slots=True)
class VariantTotalsRuling(PitchTotalsRuling):
    """The ruling on a variant's totals line (V10): as
    :class:`~referee.pitch.sheet.PitchTotalsRuling`, checked against the game's points
    (``options``, the game's options)."""

    options: PitchOptions = field(kw_only=True)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, as :meth:`~referee.pitch.sheet.PitchTotalsRuling.as_dict`, with
        ``variant`` after ``level``."""
        answer = PitchTotalsRuling.as_dict(self)
        return {"level": answer.pop("level"), "variant": self.options.variant, **answer}


def _values_words(options: PitchOptions) -> str:
    """The game's points with their values: ``"High 1, Low 1, … three 3, ten 1"``."""
    return ", ".join(f"{point_words(n)} {POINT_VALUES[n]}" for n in options.points)


def _values(options: PitchOptions) -> tuple[tuple[str, int], ...]:
    """The game's points with their values as a sentence's parameter (``values``)."""
    return tuple((point_words(n), POINT_VALUES[n]) for n in options.points)


def _pitcher_checks(mine: int, bid: int | None, options: PitchOptions, who: str,
                    here: str) -> list[Violation]:
    """V10: the pitcher's side scores at least its bid (at most the game's total), or exactly
    minus it; never 0."""
    total = options.total
    rule = "V10"
    if mine == 0:
        return [said("pitcher_score_impossible.zero", rule, here, who=who)]
    if bid is not None and 0 < mine < bid:
        return [said("pitcher_score_impossible.below", rule, here, who=who, bid=bid,
                     minus=-bid, mine=mine)]
    if bid is not None and mine < 0 and mine != -bid:
        return [said("pitcher_score_impossible.set_back", rule, here, who=who, bid=bid,
                     minus=-bid, lost=-mine)]
    if mine > total or mine < -options.max_bid:
        return [said("pitcher_score_impossible.range.variant", rule, here, who=who,
                     total=total, most=options.max_bid, mine=mine)]
    if mine < 0 and -mine < options.min_bid:
        return [said("pitcher_score_impossible.minimum", rule, here, who=who, lost=-mine,
                     least=options.min_bid)]
    return []


def rule_variant_totals(totals: VariantTotals, options: PitchOptions) -> VariantTotalsRuling:
    """Rule on a variant's totals line: are these scores possible in one hand of this game?
    (V7, V9, V10)

    A side that did not pitch scores 0 to the game's total (``score_out_of_range``); the
    pitcher's side at least its bid and at most the total, or exactly minus the bid, never 0
    (``pitcher_score_impossible``); and the scores together must be a way the game's points
    can be shared out in one hand (:func:`split_scores`), the pitcher's side having won less
    than its bid when set back (``points_total_impossible``). Without a bid, a negative
    pitcher's score is read as the bid set back.

    Taken on trust: who took each point, and so the score itself.
    """
    sides = sides_of(totals.players, totals.partnership)
    side_of = side_of_seat(totals.players, totals.partnership)
    pitcher_side = side_of[totals.pitcher]
    scores = totals.scores
    mine = scores[pitcher_side]
    who = side_words(sides, pitcher_side, totals.names)
    violations: list[Violation] = []
    verified: list[Finding] = []
    computed: list[Finding] = []
    here = f"totals.scores[{pitcher_side}]"
    for k, score in enumerate(scores):
        if k != pitcher_side and not 0 <= score <= options.total:
            violations.append(said(
                "score_out_of_range.variant", "V10", f"totals.scores[{k}]",
                who=side_words(sides, k, totals.names), total=options.total,
                values=_values(options), score=score))
    bid = totals.bid
    made = mine > 0
    if bid is None and mine < 0:
        bid = -mine
        computed.append(finding("set_back", "V10", pitcher=who, bid=bid))
    if bid is not None and bid < options.min_bid and totals.bid is not None:
        violations.append(said("bid_below_minimum.sheet", "V9", "totals.bid", bid=bid,
                               least=options.min_bid))
    violations += _pitcher_checks(mine, bid, options, who, here)
    if not violations:
        others = tuple(sorted((s for k, s in enumerate(scores) if k != pitcher_side),
                              reverse=True))
        splits = split_scores(options.points, _always(options), len(others))
        if made:
            fits = (mine, others) in splits
        else:
            assert bid is not None
            fits = any((won, others) in splits for won in range(bid))
        if not fits:
            code = "points_total_impossible.variant" + (".always" if _always(options) else "") \
                + (".made" if made else ".set_back")
            violations.append(said(code, "V7", "totals.scores", values=_values(options),
                                   scores=tuple(scores), who=who, bid=bid))
    if not violations:
        verified.append(finding("variant_scores_possible", "V10", total=options.total))
    as_reported = [finding("points_not_given", "V7"), finding("scores_as_reported", "V10")]
    if totals.bid is None and made:
        as_reported.append(finding("bid_made_as_reported", "V9", pitcher=who))
    return VariantTotalsRuling(
        players=totals.players, partnership=totals.partnership, sides=sides,
        pitcher=totals.pitcher, pitcher_side=pitcher_side, bid=bid, made_bid=made,
        score_changes=scores, verified=tuple(verified), computed=tuple(computed),
        as_reported=tuple(as_reported), violations=tuple(violations), options=options,
        names=totals.names)


# --- One entry point for both games ----------------------------------------------------------


def rule_line_record(
    level: str, record: Mapping[str, Any], players: int, partnership: bool,
    options: PitchOptions, names: Sequence[str] = (),
) -> Any:
    """Rule on a score-sheet line (``level="sheet"``) or totals (``"totals"``) under the
    table's options: the 4-point game's by :mod:`referee.pitch.sheet`, any other game's here
    (V1). Returns the ruling (its ``as_dict``, ``scores``, ``violations``, ``counts``).

    :raises RecordError: the line cannot be read, or its auction has no pitcher.
    """
    from referee.pitch import sheet as classic

    if options.classic:
        if level == "sheet":
            return classic.rule_sheet(
                classic.sheet_from_record(record, players, partnership, names), options)
        return classic.rule_totals(
            classic.totals_from_record(record, players, partnership, names), options)
    if level == "sheet":
        return rule_variant_sheet(
            variant_sheet_from_record(record, players, partnership, options, names), options)
    return rule_variant_totals(
        variant_totals_from_record(record, players, partnership, options, names), options)

