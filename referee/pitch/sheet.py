"""A hand entered the way a table keeps score: the score-sheet line and bare totals.

A **score sheet** says who pitched and for how much (or the whole auction), who took High, Low,
Jack (or "not out") and Game (or "tied"), optionally trump, each side's count for Game, that a
single trump was in play, and the score the table wrote. A **totals** line gives only each
side's score change and the pitcher. Neither has the cards, so the ruling checks everything
such a line allows, computes the score (P5, P6), and says what it had to take on trust
("as reported"). An impossible line is a violation located in the record (``sheet.high``,
``totals.scores[2]``); a line that cannot be read at all raises :class:`RecordError`.

What one hand can score (P3, P5, P6), the bounds :func:`rule_totals` checks:

- High and Low always go to someone (a trump is always in play: the pitcher's first lead sets
  it); Jack is not awarded when the jack of trumps is not in play; Game is not awarded on a tie.
  So 2, 3 or 4 points are won in all, each by one side.
- A side that did not pitch scores what it won: 0 to 4, never negative.
- The pitcher's side scores what it won when that is at least the bid (so at least the bid, at
  most 4), else exactly minus the bid (P6). A bid is at least 1 (``min_bid``), so the pitcher's
  side never scores 0.
- Made: all the scores add up to the points won, 2 to 4. Set back with bid ``b``: the pitcher's
  side won at most ``b - 1``, so the others add up to 2 - (b - 1) = 3 - b at least (and never
  below 0), 4 at most.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypeGuard

from referee.cards import FULL_PACK, SUITS, game_point_value
from referee.pitch.bidding import can_steal, check_bidding
from referee.pitch.claims import (
    Count,
    bid_count,
    point_count,
    score_counts,
    seat_words,
    side_words,
)
from referee.pitch.hand import auction_pitcher, claimed_violations
from referee.pitch.irregular import (
    IrregularityRuling,
    apply_penalties,
    out_of_turn_leaders,
    read_bids,
)
from referee.pitch.match import next_dealer as next_dealer_after
from referee.pitch.records import (
    DEFAULT_OPTIONS,
    HAND_SIZE,
    MAX_BID,
    Call,
    Irregularity,
    PitchOptions,
    check_names,
    check_players,
    irregularity_from_record,
    parse_call,
    side_of_seat,
    sides_of,
)
from referee.pitch.wording import as_played as worded_as_played
from referee.pitch.wording import finding
from referee.rulings import Finding, findings_dicts
from referee.violations import RecordError, Violation, said

#: Every game-point value of the pack, highest first (P5): four tens, aces, kings, queens, jacks.
_GAME_VALUES = sorted((game_point_value(c) for c in FULL_PACK), reverse=True)

#: A trump suit as a table writes it (P4): its symbol, or its name in English, French, German
#: or Polish (docs/glossary.md); the letters S H D C are read as they are.
_SUIT_INPUT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C",
               "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C",
               "pique": "S", "cœur": "H", "coeur": "H", "carreau": "D", "trèfle": "C",
               "trefle": "C", "pik": "S", "herz": "H", "karo": "D", "kreuz": "C",
               "kier": "H", "trefl": "C"}


def most_game_points(players: int) -> int:
    """The most game points the cards in play can hold (P2, P5): the best ``6 * players``
    cards of the pack. 2 players: 68; 3: 78; 4 or more: all 80.

    >>> most_game_points(2), most_game_points(3), most_game_points(4)
    (68, 78, 80)
    """
    return sum(_GAME_VALUES[: HAND_SIZE * players])


@dataclass(frozen=True, slots=True)
class PitchSheet:
    """A score-sheet line (docs/records.md, "Pitch: the score-sheet line"), parsed.

    ``players``/``partnership``: the table (P1). Seats are 0..players-1; in partnership any
    seat of a side names the side. ``high``, ``low``: the seat that took High and Low (Low:
    that was dealt it under ``low="holder"``). ``jack``: the seat that took the jack of trumps,
    ``None`` = not out. ``game``: the seat that took Game, ``None`` = tied. ``dealer``: his seat
    or ``None``. ``bids``: the whole auction from the dealer's left (P3), or ``None``; then
    ``pitcher`` (seat) and ``bid`` (1..4) say who pitched. ``trump``: ``"S" "H" "D" "C"`` or
    ``None``. ``game_points``: each side's count for Game, or ``None``. ``single_trump``: only
    one trump was in play (P5). ``claimed``: the score changes the table wrote, per seat or
    per side, or ``None``. ``irregular``: irregularities the table recorded (P10: a revoke,
    its trick optional; a lead or a bid out of turn), whose penalties the ruling applies.
    ``names``: the players, one per seat, named in the ruling's sentences (empty: "seat 1").
    """

    players: int
    partnership: bool
    high: int
    low: int
    jack: int | None
    game: int | None
    dealer: int | None = None
    bids: tuple[Call, ...] | None = None
    pitcher: int | None = None
    bid: int | None = None
    trump: str | None = None
    game_points: tuple[int, ...] | None = None
    single_trump: bool = False
    claimed: tuple[int, ...] | None = None
    irregular: tuple[Irregularity, ...] = ()
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PitchTotals:
    """A totals line (docs/records.md, "Pitch: totals"), parsed: ``scores`` per side (points, may
    be negative), the ``pitcher``'s seat (P7 needs his side), his ``bid`` or ``None``;
    ``names`` as for :class:`PitchSheet`."""

    players: int
    partnership: bool
    scores: tuple[int, ...]
    pitcher: int
    bid: int | None = None
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SheetPoint:
    """Who took one of High, Low, Jack, Game by the sheet (P5): ``seat`` as written and its
    ``side``, both ``None`` for a jack not out or a tied Game."""

    seat: int | None
    side: int | None

    def as_dict(self) -> dict[str, int | None]:
        """JSON-ready: ``{"seat": 3, "side": 1}``."""
        return {"seat": self.seat, "side": self.side}


@dataclass(frozen=True, slots=True)
class PitchSheetRuling:
    """The ruling on a score-sheet line.

    ``pitcher``/``bid``: from the auction when given, else as written; ``pitched``: the bid was
    made by pitching (known only from the auction). ``sides`` and ``pitcher_side`` as in
    :class:`~referee.pitch.hand.PitchRuling`. ``high`` … ``game``: who took each point.
    ``game_points``: the counts written, or ``None``. ``points_won``: per side, 0..4.
    ``made_bid``, ``score_changes`` (P6). ``claimed_ok``: the table's claim is right (``None``
    without one). ``verified`` / ``computed`` / ``as_reported``: what the ruling checked,
    derived, and took on trust. ``violations``: every impossible or wrong entry.
    ``next_dealer``: when the dealer is known (P2). ``irregularities``, ``void``,
    ``as_played``, ``names``: as for :class:`~referee.pitch.hand.PitchRuling` (P10).
    """

    players: int
    partnership: bool
    dealer: int | None
    pitcher: int
    bid: int
    pitched: bool
    sides: tuple[tuple[int, ...], ...]
    pitcher_side: int
    trump: str | None
    high: SheetPoint
    low: SheetPoint
    jack: SheetPoint
    game: SheetPoint
    game_points: tuple[int, ...] | None
    single_trump: bool
    points_won: tuple[int, ...]
    made_bid: bool
    score_changes: tuple[int, ...]
    claimed_ok: bool | None
    verified: tuple[Finding, ...]
    computed: tuple[Finding, ...]
    as_reported: tuple[Finding, ...]
    violations: tuple[Violation, ...]
    next_dealer: int | None
    irregularities: tuple[IrregularityRuling, ...] = ()
    void: bool = False
    as_played: tuple[int, ...] | None = None
    names: tuple[str, ...] = ()

    level = "sheet"

    @property
    def scores(self) -> tuple[int, ...]:
        """The score change per side (P6): the same as ``score_changes``."""
        return self.score_changes

    def counts(self) -> tuple[Count, ...]:
        """The counting steps: High, Low, Jack, Game, the bid, each side's score (P5, P6)."""
        sides, names = self.sides, self.names
        found = [
            point_count("high", sides, self.high.side, "", names),
            point_count("low", sides, self.low.side, "", names),
            point_count("jack", sides, self.jack.side, "", names),
        ]
        detail = "" if self.game_points is None else "game points " + " v ".join(
            map(str, self.game_points)
        )
        found.append(point_count("game", sides, self.game.side, detail, names))
        won = self.points_won[self.pitcher_side]
        found.append(bid_count(sides, self.pitcher_side, self.bid, self.made_bid, won, names))
        found.extend(score_counts(sides, self.score_changes, _won_words(self), names))
        return tuple(found)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``level`` ``"sheet"``, ``scores`` and every field above; a void hand's
        ``pitcher_side`` is ``None`` (no P7 win at its end)."""
        return {
            "level": self.level,
            "players": self.players,
            "partnership": self.partnership,
            "dealer": self.dealer,
            "pitcher": self.pitcher,
            "bid": self.bid,
            "pitched": self.pitched,
            "sides": [list(side) for side in self.sides],
            # A void hand was not played to a result: no P7 win at its end (match_winner).
            "pitcher_side": None if self.void else self.pitcher_side,
            "trump": self.trump,
            "points": {
                "high": self.high.as_dict(),
                "low": self.low.as_dict(),
                "jack": self.jack.as_dict(),
                "game": {**self.game.as_dict(), "game_points": _list(self.game_points)},
            },
            "single_trump": self.single_trump,
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
            "as_played": _list(self.as_played),
        }


@dataclass(frozen=True, slots=True)
class PitchTotalsRuling:
    """The ruling on a totals line: the ``scores`` as written (per side), checked against what
    one hand can score (see the module notes). ``bid``: as written, or read from a set-back
    score (``-bid``), else ``None``. ``made_bid``: the pitcher's side scored (not set back).
    ``verified`` / ``computed`` / ``as_reported``, ``violations`` and ``names`` as for a sheet.
    """

    players: int
    partnership: bool
    sides: tuple[tuple[int, ...], ...]
    pitcher: int
    pitcher_side: int
    bid: int | None
    made_bid: bool
    score_changes: tuple[int, ...]
    verified: tuple[Finding, ...]
    computed: tuple[Finding, ...]
    as_reported: tuple[Finding, ...]
    violations: tuple[Violation, ...]
    names: tuple[str, ...] = ()

    level = "totals"

    @property
    def scores(self) -> tuple[int, ...]:
        """The score change per side, as written."""
        return self.score_changes

    def counts(self) -> tuple[Count, ...]:
        """The counting steps a totals line says: the bid (made or set back), each score."""
        won = self.score_changes[self.pitcher_side] if self.made_bid else None
        return (
            bid_count(self.sides, self.pitcher_side, self.bid, self.made_bid, won, self.names),
            *score_counts(self.sides, self.score_changes, None, self.names),
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``level`` ``"totals"``, ``scores`` and every field above."""
        return {
            "level": self.level,
            "players": self.players,
            "partnership": self.partnership,
            "sides": [list(side) for side in self.sides],
            "pitcher": self.pitcher,
            "pitcher_side": self.pitcher_side,
            "bid": self.bid,
            "made_bid": self.made_bid,
            "score_changes": list(self.score_changes),
            "scores": list(self.score_changes),
            "verified": findings_dicts(self.verified),
            "computed": findings_dicts(self.computed),
            "as_reported": findings_dicts(self.as_reported),
            "violations": [v.as_dict() for v in self.violations],
        }


def _list(values: tuple[int, ...] | None) -> list[int] | None:
    return None if values is None else list(values)


# --- Parsing -------------------------------------------------------------------------------

_SHEET_KEYS = frozenset(
    {"dealer", "bids", "pitcher", "bid", "trump", "high", "low", "jack", "game",
     "game_points", "single_trump", "claimed", "irregular"}
)
_TOTALS_KEYS = frozenset({"scores", "pitcher", "bid", "dealer"})


def _bad(message_code: str, location: str, rule: str = "P9", own: str = "",
         **params: Any) -> RecordError:
    """A sheet or totals line that cannot be read: ``malformed_record.<message_code>``, or
    the message code itself when it names its own code (``bid_out_of_range.sheet``).  A
    variant's line (V7–V11) still words its refusals itself: a sentence for
    ``message_code``, its code ``own`` (``malformed_record`` when empty)."""
    if " " in message_code:
        return RecordError([Violation(own or "malformed_record", rule, message_code, location)])
    code = message_code if message_code.split(".")[0] in _OWN_CODES \
        else f"malformed_record.{message_code}"
    return RecordError([said(code, rule, location, **params)])


#: The codes a line's refusals give other than ``malformed_record``.
_OWN_CODES = frozenset({"bid_out_of_range", "claimed_wrong_length"})


def _named(seat: int, names: Sequence[str]) -> str | int:
    """A seat as a sentence's parameter: its player's name, or the seat when none is known."""
    return names[seat] if names else seat


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: object, players: int, location: str, what: str, rule: str) -> int:
    if not _whole(value) or not 0 <= value < players:
        raise _bad("seat", location, rule, what=what, most=players - 1, value=repr(value))
    return int(value)


def _numbers(value: object, location: str, what: str) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise _bad("numbers", location, what=what)
    for i, item in enumerate(value):
        if not _whole(item):
            raise _bad("number", f"{location}[{i}]", what=what, value=repr(item))
    return tuple(int(v) for v in value)


def _mapping(record: object, name: str, allowed: frozenset[str]) -> Mapping[str, Any]:
    if not isinstance(record, Mapping):
        raise _bad(f"object.{name}", name)
    unknown = sorted(set(record) - allowed)
    if unknown:
        raise _bad(f"unknown.{name}", f"{name}.{unknown[0]}", value=repr(unknown[0]),
                   allowed=tuple(sorted(allowed)))
    return record


def _bid_value(value: object, location: str) -> int:
    if not _whole(value) or not 1 <= value <= MAX_BID:
        raise _bad("bid_out_of_range.sheet", location, "P3", value=repr(value))
    return int(value)


def _point_seat(
    line: Mapping[str, Any], players: int, key: str, nullable: bool
) -> int | None:
    """The seat that took a point (P5), ``None`` for Jack or Game when ``nullable``."""
    if key not in line:
        raise _bad(f"point_seat.{key}", f"sheet.{key}", "P5")
    value = line[key]
    if value is None:
        if nullable:
            return None
        raise _bad("point_taken", f"sheet.{key}", "P5", what=key)
    return _seat(value, players, f"sheet.{key}", key, "P5")


def _sheet_bids(line: Mapping[str, Any], dealer: int | None) -> tuple[Call, ...] | None:
    """The auction of a sheet line, if given (P3): it needs the dealer."""
    if line.get("bids") is None:
        return None
    raw = line["bids"]
    if not isinstance(raw, (list, tuple)):
        raise _bad("bids", "sheet.bids", "P3")
    bids = tuple(parse_call(c, f"sheet.bids[{i}]") for i, c in enumerate(raw))
    if dealer is None:
        raise _bad("bids_dealer", "sheet.dealer", "P3")
    return bids


def trump_letter(value: Any) -> str | None:
    """The suit letter ("S", "H", "D", "C") of a trump as a table writes it (P4): ``"cœur"``,
    ``"Herz"``, ``"♥"``, ``"h"``; None when it names no suit."""
    trump = _SUIT_INPUT.get(value.strip().lower(), value.upper()) if isinstance(value, str) \
        else None
    return trump if trump in SUITS else None


def _sheet_trump(line: Mapping[str, Any]) -> str | None:
    """The trump suit of a sheet line, if given (P4)."""
    if line.get("trump") is None:
        return None
    text = line["trump"]
    trump = trump_letter(text)
    if trump is None:
        raise _bad("trump", "sheet.trump", "P4", value=repr(text))
    return trump


def _sheet_game_points(
    line: Mapping[str, Any], n_sides: int, partnership: bool
) -> tuple[int, ...] | None:
    """The game points per side of a sheet line, if given (P5)."""
    if line.get("game_points") is None:
        return None
    game_points = _numbers(line["game_points"], "sheet.game_points", "game_points")
    if len(game_points) != n_sides:
        raise _bad("game_points.team" if partnership else "game_points", "sheet.game_points",
                   "P5", sides=n_sides, n=len(game_points))
    for i, value in enumerate(game_points):
        if value < 0:
            raise _bad("game_points_negative", f"sheet.game_points[{i}]", "P5")
    return game_points


def _sheet_claimed(
    line: Mapping[str, Any], players: int, n_sides: int, partnership: bool
) -> tuple[int, ...] | None:
    """The score the table wrote on a sheet line, if given: per seat or per side (P6)."""
    if line.get("claimed") is None:
        return None
    claimed = _numbers(line["claimed"], "sheet.claimed", "claimed")
    if len(claimed) not in (players, n_sides):
        raise _bad(
            "claimed_wrong_length.partnership" if partnership else "claimed_wrong_length",
            "sheet.claimed", "P6", n=len(claimed), players=players, sides=n_sides,
        )
    return claimed


def _sheet_irregular(line: Mapping[str, Any], players: int) -> tuple[Irregularity, ...]:
    """The irregularities recorded on a sheet line (P10)."""
    if line.get("irregular") is None:
        return ()
    raw_irregular = line["irregular"]
    if not isinstance(raw_irregular, (list, tuple)):
        raise _bad("irregular", "sheet.irregular", "P10")
    irregular = tuple(
        irregularity_from_record(item, players, f"sheet.irregular[{i}]", on_sheet=True)
        for i, item in enumerate(raw_irregular)
    )
    out_of_turn_leaders(irregular)  # a first lead out of turn cannot stand
    return irregular


def sheet_from_record(
    record: Mapping[str, Any], players: int, partnership: bool, names: Sequence[str] = ()
) -> PitchSheet:
    """Parse a score-sheet line (docs/records.md, "Pitch: the score-sheet line") into a
    :class:`PitchSheet`; ``names``: the players, one per seat (or empty), named in the
    ruling's sentences.

    Required: ``high``, ``low`` (seats: they always go, P5), the keys ``jack`` and ``game``
    (a seat, or ``null`` for "not out" / "tied"), and either ``bids`` (with ``dealer``) or
    ``pitcher`` and ``bid``. Optional: ``dealer``, ``trump``, ``game_points`` (one count per
    side, 0 or more), ``single_trump``, ``claimed`` (per seat, or per side).

    Only the shape is checked here; :func:`rule_sheet` checks the rules.

    :raises RecordError: ``player_count``, ``malformed_record`` (a missing key, an unknown
        key, a seat out of range, a count below 0…), ``malformed_call``, ``bid_out_of_range``;
        located ``sheet.<key>``.
    """
    check_players(players, partnership)
    line = _mapping(record, "sheet", _SHEET_KEYS)
    n_sides = len(sides_of(players, partnership))

    high = _point_seat(line, players, "high", False)
    low = _point_seat(line, players, "low", False)
    jack = _point_seat(line, players, "jack", True)
    game = _point_seat(line, players, "game", True)
    assert high is not None and low is not None
    dealer = None
    if line.get("dealer") is not None:
        dealer = _seat(line["dealer"], players, "sheet.dealer", "dealer", "P2")
    bids = _sheet_bids(line, dealer)
    pitcher = None
    if line.get("pitcher") is not None:
        pitcher = _seat(line["pitcher"], players, "sheet.pitcher", "pitcher", "P3")
    bid = None if line.get("bid") is None else _bid_value(line["bid"], "sheet.bid")
    if bids is None and (pitcher is None or bid is None):
        key = "pitcher" if pitcher is None else "bid"
        raise _bad("no_auction", f"sheet.{key}", "P3")
    trump = _sheet_trump(line)
    game_points = _sheet_game_points(line, n_sides, partnership)
    single = line.get("single_trump", False)
    if single is None:
        single = False
    if not isinstance(single, bool):
        raise _bad("single_trump", "sheet.single_trump", "P5")
    claimed = _sheet_claimed(line, players, n_sides, partnership)
    irregular = _sheet_irregular(line, players)
    return PitchSheet(
        players=players,
        partnership=partnership,
        high=high,
        low=low,
        jack=jack,
        game=game,
        dealer=dealer,
        bids=bids,
        pitcher=pitcher,
        bid=bid,
        trump=trump,
        game_points=game_points,
        single_trump=single,
        claimed=claimed,
        irregular=irregular,
        names=check_names(names, players),
    )


def totals_from_record(
    record: Mapping[str, Any], players: int, partnership: bool, names: Sequence[str] = ()
) -> PitchTotals:
    """Parse a totals line (docs/records.md, "Pitch: totals") into a :class:`PitchTotals`;
    ``names`` as for :func:`sheet_from_record`.

    ``scores``: one whole number per side (per seat solo, per team in partnership);
    ``pitcher``: his seat (required: P7 needs his side); ``bid``: 1..4, optional. ``dealer``
    may be present (the match checks it) and is otherwise ignored.

    :raises RecordError: ``player_count``, ``malformed_record``, ``bid_out_of_range``; located
        ``totals.<key>``.
    """
    check_players(players, partnership)
    line = _mapping(record, "totals", _TOTALS_KEYS)
    n_sides = len(sides_of(players, partnership))
    if line.get("scores") is None:
        raise _bad("scores", "totals.scores", "P6")
    scores = _numbers(line["scores"], "totals.scores", "scores")
    if len(scores) != n_sides:
        raise _bad("scores_count.team" if partnership else "scores_count", "totals.scores",
                   "P6", sides=n_sides, n=len(scores))
    if line.get("pitcher") is None:
        raise _bad("pitcher", "totals.pitcher", "P7")
    pitcher = _seat(line["pitcher"], players, "totals.pitcher", "pitcher", "P3")
    bid = None if line.get("bid") is None else _bid_value(line["bid"], "totals.bid")
    return PitchTotals(players, partnership, scores, pitcher, bid, check_names(names, players))


# --- Ruling --------------------------------------------------------------------------------


def _prefixed(violations: Sequence[Violation], prefix: str) -> list[Violation]:
    """The violations with ``prefix`` before each location (``bids[1]`` → ``sheet.bids[1]``)."""
    return [
        replace(v, location=prefix + v.location if v.location else prefix[:-1])
        for v in violations
    ]


def _won_words(ruling: PitchSheetRuling) -> list[str]:
    names: list[list[str]] = [[] for _ in ruling.sides]
    for name, point in (("High", ruling.high), ("Low", ruling.low), ("Jack", ruling.jack),
                        ("Game", ruling.game)):
        if point.side is not None:
            names[point.side].append(name)
    return [", ".join(n) for n in names]


class _Found(NamedTuple):
    """What a sheet ruling found so far: ``verified``, ``computed``, ``as_reported``
    (:class:`~referee.pitch.claims.Finding` each) and ``violations``."""

    verified: list[Finding]
    computed: list[Finding]
    as_reported: list[Finding]
    violations: list[Violation]


def _sheet_auction(
    sheet: PitchSheet, options: PitchOptions, found: _Found
) -> tuple[int, int, bool]:
    """P3 on a sheet line: the pitcher, his bid and whether he pitched, from the bids when
    given (checked), else as written (:func:`_bid_checks`).

    :raises RecordError: an auction nobody won, located ``sheet.bids``.
    """
    players, seat_names = sheet.players, sheet.names
    verified, computed, as_reported, violations = found

    def seat(number: int | None) -> str:
        return seat_words(number or 0, seat_names)

    pitched = False
    if sheet.bids is not None:
        assert sheet.dealer is not None  # sheet_from_record requires it with the bids
        bids = read_bids(players, sheet.dealer, sheet.bids, sheet.irregular, options)
        status = check_bidding(players, sheet.dealer, bids, options, names=seat_names)
        try:
            pitcher = auction_pitcher(status, seat_names)
        except RecordError as error:
            raise RecordError(_prefixed(error.violations, "sheet.")) from None
        bid = status.high_bid or 0
        pitched = status.pitched
        violations.extend(_prefixed(status.violations, "sheet."))
        calls = tuple(sheet.bids)
        if status.violations:
            computed.append(finding("auction_read_as_played", "P3", calls=calls,
                                    pitcher=seat(pitcher), bid=bid))
        else:
            verified.append(finding("auction_legal", "P3", calls=calls, pitcher=seat(pitcher),
                                    bid=bid))
        if sheet.pitcher is not None and sheet.pitcher != pitcher:
            violations.append(
                said("pitcher_not_high_bidder", "P3", "sheet.pitcher",
                     pitcher=_named(pitcher, sheet.names),
                     written=_named(sheet.pitcher, sheet.names))
            )
        if sheet.bid is not None and sheet.bid != bid:
            violations.append(
                said("bid_not_high_bid", "P3", "sheet.bid", bid=bid, written=sheet.bid)
            )
    else:
        assert sheet.pitcher is not None and sheet.bid is not None
        pitcher, bid = sheet.pitcher, sheet.bid
        violations.extend(_bid_checks(sheet, pitcher, bid, options, verified, as_reported))
    return pitcher, bid, pitched


def _sheet_points(
    sheet: PitchSheet, options: PitchOptions, points: tuple[SheetPoint, ...],
    pitcher_side: int, found: _Found,
) -> None:
    """P4, P5 on a sheet line: who took each point, checked for a single trump and against
    the game points when given, else taken as reported."""
    sides = sides_of(sheet.players, sheet.partnership)
    seat_names = sheet.names
    verified, _computed, as_reported, violations = found
    high, low, jack, game = points

    def seat(number: int | None) -> str:
        return seat_words(number or 0, seat_names)

    if sheet.single_trump:
        violations.extend(_single_trump_checks(sides, pitcher_side, high, low, jack, verified,
                                               seat_names))
    else:
        as_reported.append(finding("high_low_as_reported", "P5", high=seat(sheet.high),
                                   low=seat(sheet.low), low_to_holder=options.low == "holder"))
        if sheet.jack is None:
            as_reported.append(finding("jack_not_out", "P5"))
        else:
            as_reported.append(finding("jack_as_reported", "P5", jack=seat(sheet.jack)))
    if sheet.game_points is not None:
        violations.extend(_game_checks(sheet, sides, game, verified, as_reported))
    elif sheet.game is None:
        as_reported.append(finding("game_tied", "P5"))
    else:
        as_reported.append(finding("game_as_reported", "P5", game=seat(sheet.game)))
    if sheet.trump is not None:
        as_reported.append(finding("trump_as_reported", "P4", trump=sheet.trump))
    as_reported.append(finding("no_revoke_as_reported", "P4"))



def _sheet_penalties(
    sheet: PitchSheet, options: PitchOptions, pitcher_side: int, bid: int, won: list[int],
    changes: list[int], jack_game: tuple[SheetPoint, SheetPoint], found: _Found,
) -> tuple[tuple[int, ...] | None, list[int], bool, tuple[IrregularityRuling, ...]]:
    """P10 on a sheet line: the penalties of the irregularities recorded; (the scores as
    played when the penalties changed them, the scores, void, the irregularities ruled)."""
    players = sheet.players
    side_of = side_of_seat(players, sheet.partnership)
    jack, game = jack_game
    computed, as_reported = found.computed, found.as_reported
    as_played = None
    void = False
    irregularities: tuple[IrregularityRuling, ...] = ()
    if sheet.irregular:
        penalised = apply_penalties(
            players,
            sheet.partnership,
            sheet.irregular,
            options,
            violations=(),
            leaders=(),
            side_of=side_of,
            pitcher_side=pitcher_side,
            bid=bid,
            won=won,
            changes=changes,
            jack_in_play=jack.side is not None,
            jack_side=jack.side,
            game_side=game.side,
            names=sheet.names,
        )
        if penalised.changes != tuple(changes):
            as_played = tuple(changes)
            computed[:] = [worded_as_played(f) if f.rule == "P6" else f for f in computed]
        changes = list(penalised.changes)
        void = penalised.void
        irregularities = penalised.irregularities
        computed.extend(penalised.findings)
        as_reported.extend(finding("irregularity", "P10", what=item.what)
                           for item in irregularities)
        if any(item.kind == "revoke" for item in sheet.irregular):
            as_reported[:] = [f for f in as_reported if f.code != "no_revoke_as_reported"]
    return as_played, changes, void, irregularities


def rule_sheet(sheet: PitchSheet, options: PitchOptions = DEFAULT_OPTIONS) -> PitchSheetRuling:
    """Rule on a score-sheet line (P3, P5, P6).

    Checked (each failure a violation located ``sheet.<key>``):

    - P3, with the bids: the auction is legal (:func:`~referee.pitch.check_bidding`) and the
      pitcher and bid written, if any, are the auction's (``pitcher_not_high_bidder``,
      ``bid_not_high_bid``). Without them: the bid is at least ``min_bid``
      (``bid_below_minimum``), and a dealer's bid below ``stuck_dealer_min`` is possible only
      over or matching another bid (``stuck_dealer_bid_too_low``).
    - P4/P5, a single trump: it was the pitcher's opening lead and won its trick, so High and
      Low (and the Jack, when that trump is the jack) are the pitcher's side's
      (``single_trump_not_pitchers``).
    - P5, game points: they add up to no more than the cards in play hold
      (``game_points_too_many``), and Game goes to the single highest count, nobody on a tie
      (``game_not_highest_count``).
    - P6: the claimed score is the rules' score (``claimed_score_differs``).

    Computed: the points won per side, pooled per team (P5), the bid made or set back and the
    score changes (P6), the next dealer (P2). Taken on trust: who took each point (no cards),
    the game points as counted, the pitcher when the auction is not given, that nobody revoked.

    :raises RecordError: an auction nobody won (``redeal``, ``no_pitcher``,
        ``bidding_incomplete``), located ``sheet.bids``.
    """
    players = sheet.players
    sides = sides_of(players, sheet.partnership)
    side_of = side_of_seat(players, sheet.partnership)
    seat_names = sheet.names

    def seat(number: int | None) -> str:
        return seat_words(number or 0, seat_names)

    verified: list[Finding] = []
    computed: list[Finding] = []
    as_reported: list[Finding] = []
    violations: list[Violation] = []

    found = _Found(verified, computed, as_reported, violations)
    pitcher, bid, pitched = _sheet_auction(sheet, options, found)
    pitcher_side = side_of[pitcher]

    # P5: who took each point.
    high = SheetPoint(sheet.high, side_of[sheet.high])
    low = SheetPoint(sheet.low, side_of[sheet.low])
    jack = SheetPoint(sheet.jack, None if sheet.jack is None else side_of[sheet.jack])
    game = SheetPoint(sheet.game, None if sheet.game is None else side_of[sheet.game])
    _sheet_points(sheet, options, (high, low, jack, game), pitcher_side, found)

    # P5 points won, pooled per side; P6 the score.
    won = [0] * len(sides)
    for point in (high, low, jack, game):
        if point.side is not None:
            won[point.side] += 1
    made = won[pitcher_side] >= bid
    changes = list(won)
    if not made:
        changes[pitcher_side] = -bid
    if sheet.partnership:
        computed.append(finding("partners_pool", "P5"))
    what = [", ".join(n for n, p in (("High", high), ("Low", low), ("Jack", jack),
                                      ("Game", game)) if p.side == k) for k in range(len(sides))]
    computed.append(finding(
        "points_won", "P5", from_cards=False,
        sides=tuple(side_words(sides, k, seat_names) for k in range(len(sides))),
        won=tuple(won), points=tuple(what)))
    computed.append(finding("bid_result", "P6",
                            pitcher=side_words(sides, pitcher_side, seat_names), bid=bid,
                            won=won[pitcher_side]))
    as_played, changes, void, irregularities = _sheet_penalties(
        sheet, options, pitcher_side, bid, won, changes, (jack, game), found)
    claimed_ok = None
    if sheet.claimed is not None:
        wrong = claimed_violations(sheet.claimed, changes, players, sheet.partnership, "sheet.",
                                   seat_names)
        claimed_ok = not wrong
        violations.extend(wrong)
        if claimed_ok:
            verified.append(finding("claim_agrees", "P6"))
    next_dealer = None if sheet.dealer is None else next_dealer_after(sheet.dealer, players)
    if next_dealer is not None:
        computed.append(finding("next_dealer", "P2", dealer=seat(next_dealer)))
    return PitchSheetRuling(
        players=players,
        partnership=sheet.partnership,
        dealer=sheet.dealer,
        pitcher=pitcher,
        bid=bid,
        pitched=pitched,
        sides=sides,
        pitcher_side=pitcher_side,
        trump=sheet.trump,
        high=high,
        low=low,
        jack=jack,
        game=game,
        game_points=sheet.game_points,
        single_trump=sheet.single_trump,
        points_won=tuple(won),
        made_bid=made,
        score_changes=tuple(changes),
        claimed_ok=claimed_ok,
        verified=tuple(verified),
        computed=tuple(computed),
        as_reported=tuple(as_reported),
        violations=tuple(violations),
        next_dealer=next_dealer,
        irregularities=irregularities,
        void=void,
        as_played=as_played,
        names=seat_names,
    )


def _bid_checks(
    sheet: PitchSheet,
    pitcher: int,
    bid: int,
    options: PitchOptions,
    verified: list[Finding],
    as_reported: list[Finding],
) -> list[Violation]:
    """P3 without the auction: what the pitcher's bid alone can break (see :func:`rule_sheet`)."""
    found = []
    if bid < options.min_bid:
        found.append(
            said("bid_below_minimum.sheet", "P3", "sheet.bid", bid=bid, least=options.min_bid)
        )
    stuck_min = options.stuck_dealer_min
    dealer_bid_low = sheet.dealer == pitcher and stuck_min is not None and bid < stuck_min
    if dealer_bid_low:
        # Below his stuck minimum, the dealer's bid stands only over another bid (so it is at
        # least min_bid + 1) or as a steal matching one (dealer_steal, P8).
        possible = bid >= options.min_bid + 1 or can_steal(bid, options)
        if not possible:
            found.append(
                said("stuck_dealer_bid_too_low.sheet", "P3", "sheet.bid",
                     who=_named(pitcher, sheet.names), bid=bid, least=stuck_min)
            )
        else:
            as_reported.append(finding("dealer_bid_legal", "P3", bid=bid,
                                       stuck_least=stuck_min))
    if not found:
        verified.append(finding("bid_legal", "P3", bid=bid, least=options.min_bid,
                                most=options.max_bid))
    as_reported.append(
        finding("highest_bidder_as_reported", "P3", pitcher=seat_words(pitcher, sheet.names),
                bid=bid)
    )
    return found


def _single_trump_checks(
    sides: tuple[tuple[int, ...], ...],
    pitcher_side: int,
    high: SheetPoint,
    low: SheetPoint,
    jack: SheetPoint,
    verified: list[Finding],
    names: Sequence[str] = (),
) -> list[Violation]:
    """P4/P5: a single trump was the pitcher's first lead (it set trump) and won its trick, so
    it is High and Low for his side, and the Jack too when it is the jack (3 points)."""
    who = side_words(sides, pitcher_side, names)
    found = []
    for key, point in (("high", high), ("low", low), ("jack", jack)):
        if point.side is not None and point.side != pitcher_side:
            found.append(said(
                "single_trump_not_pitchers" + (".jack" if key == "jack" else ""), "P5",
                f"sheet.{key}", who=who, point=key, taken=seat_words(point.seat or 0, names)))
    if not found:
        points = 3 if jack.side is not None else 2
        verified.append(finding("single_trump", "P5", pitcher=who, points=points))
    return found


def _game_checks(
    sheet: PitchSheet,
    sides: tuple[tuple[int, ...], ...],
    game: SheetPoint,
    verified: list[Finding],
    as_reported: list[Finding],
) -> list[Violation]:
    """P5: the game points are within what the cards in play hold, and Game goes to the single
    highest count (nobody on a tie)."""
    counts = sheet.game_points
    assert counts is not None
    found = []
    most = most_game_points(sheet.players)
    total = sum(counts)
    if total > most:
        found.append(
            said("game_points_too_many", "P5", "sheet.game_points", total=total,
                 cards=HAND_SIZE * sheet.players, most=most)
        )
    best = max(counts)
    leaders = [k for k, c in enumerate(counts) if c == best]
    expected: int | None = leaders[0] if len(leaders) == 1 else None
    if game.side != expected:
        leading = tuple(side_words(sides, k, sheet.names) for k in leaders)
        if expected is None:
            found.append(said("game_not_highest_count.tie", "P5", "sheet.game",
                              leaders=leading, best=best))
        elif game.side is None:
            found.append(said("game_not_highest_count.not_tied", "P5", "sheet.game",
                              leader=leading[0], best=best))
        else:
            found.append(said("game_not_highest_count", "P5", "sheet.game", leader=leading[0],
                              best=best, taken=seat_words(game.seat or 0, sheet.names)))
    else:
        verified.append(finding(
            "game_agrees_with_counts", "P5", counts=tuple(counts),
            leaders=tuple(side_words(sides, k, sheet.names) for k in leaders), best=best))
    if total <= most:
        verified.append(finding("counts_fit", "P5", total=total, most=most))
    as_reported.append(finding("game_points_as_reported", "P5", counts=tuple(counts)))
    return found


def _pitcher_score_possible(
    mine: int, bid: int | None, who: str, here: str, violations: list[Violation]
) -> bool:
    """P6: whether the pitcher's side's score ``mine`` is possible with ``bid`` (if known);
    when not, a ``pitcher_score_impossible`` violation is appended."""
    pitcher_ok = True
    if mine == 0:
        pitcher_ok = False
        violations.append(said("pitcher_score_impossible.zero", "P6", here, who=who))
    elif bid is not None and mine > 0 and mine < bid:
        pitcher_ok = False
        violations.append(said("pitcher_score_impossible.below", "P6", here, who=who, bid=bid,
                               minus=-bid, mine=mine))
    elif bid is not None and mine < 0 and mine != -bid:
        pitcher_ok = False
        violations.append(said("pitcher_score_impossible.set_back", "P6", here, who=who,
                               bid=bid, minus=-bid, lost=-mine))
    elif mine > 4 or mine < -MAX_BID:
        pitcher_ok = False
        violations.append(said("pitcher_score_impossible.range", "P6", here, who=who,
                               mine=mine))
    return pitcher_ok


def _totals_fit(
    mine: int, others: int, set_back: int | None, who: str, verified: list[Finding],
    violations: list[Violation],
) -> None:
    """P5: the points won add up as one hand allows: made (``set_back`` None), all scores 2..4;
    set back by ``set_back``, the others ``max(0, 3 - bid)``..4."""
    if set_back is None:
        total = others + mine
        if not 2 <= total <= 4:
            violations.append(said(
                "points_total_impossible." + ("few" if total < 2 else "many"), "P5",
                "totals.scores", total=total))
        else:
            verified.append(finding("points_won_add_up", "P5", total=total))
        return
    bid = set_back
    least = max(0, 3 - bid)
    if not least <= others <= 4:
        violations.append(
            said("points_total_impossible.set_back", "P5", "totals.scores", who=who, bid=bid,
                 most=bid - 1, least=least, others=others)
        )
    else:
        verified.append(finding("set_back_points_fit", "P5", pitcher=who, bid=bid,
                                others=others, least=least))


def rule_totals(
    totals: PitchTotals, options: PitchOptions = DEFAULT_OPTIONS
) -> PitchTotalsRuling:
    """Rule on a totals line: are these scores possible in one hand? (P3, P5, P6)

    The bounds (derived in the module notes): a side that did not pitch scores 0 to 4
    (``score_out_of_range``); the pitcher's side scores at least its bid and at most 4, or
    exactly minus the bid, never 0 (``pitcher_score_impossible``); made, all the scores add up
    to 2..4, set back with bid ``b``, the others add up to ``max(0, 3 - b)``..4
    (``points_total_impossible``). Without a bid, a negative pitcher's score is read as the
    bid set back, and a positive one as a bid made of at most that much.

    Taken on trust: who took High, Low, Jack and Game, and so the score itself.
    """
    players = totals.players
    sides = sides_of(players, totals.partnership)
    side_of = side_of_seat(players, totals.partnership)
    pitcher_side = side_of[totals.pitcher]
    scores = totals.scores
    mine = scores[pitcher_side]
    who = side_words(sides, pitcher_side, totals.names)
    violations: list[Violation] = []
    verified: list[Finding] = []
    computed: list[Finding] = []
    here = f"totals.scores[{pitcher_side}]"
    for k, score in enumerate(scores):
        if k != pitcher_side and not 0 <= score <= 4:
            violations.append(
                said("score_out_of_range", "P5", f"totals.scores[{k}]",
                     who=tuple(totals.names[s] for s in sides[k]) if totals.names
                     else sides[k], score=score)
            )
    bid = totals.bid
    made = mine > 0
    if bid is None and mine < 0:
        bid = -mine
        computed.append(finding("set_back", "P6", pitcher=who, bid=bid))
    if bid is not None and bid < options.min_bid:
        violations.append(
            said("bid_below_minimum.sheet", "P3",
                 "totals.bid" if totals.bid is not None else here, bid=bid,
                 least=options.min_bid)
        )
    pitcher_ok = _pitcher_score_possible(mine, bid, who, here, violations)
    others = sum(s for k, s in enumerate(scores) if k != pitcher_side)
    if pitcher_ok and (made or bid is not None):
        _totals_fit(mine, others, None if made else bid, who, verified, violations)
    if not violations:
        verified.append(finding("scores_possible", "P6"))
    as_reported = [
        finding("points_not_given", "P5"),
        finding("scores_as_reported", "P6"),
    ]
    if totals.bid is None and made:
        as_reported.append(finding("bid_made_as_reported", "P3", pitcher=who))
    return PitchTotalsRuling(
        players=players,
        partnership=totals.partnership,
        sides=sides,
        pitcher=totals.pitcher,
        pitcher_side=pitcher_side,
        bid=bid,
        made_bid=made,
        score_changes=scores,
        verified=tuple(verified),
        computed=tuple(computed),
        as_reported=tuple(as_reported),
        violations=tuple(violations),
        names=totals.names,
    )
