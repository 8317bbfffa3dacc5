"""The record file (docs/format.md), read and written.

A record file is a TOML document: a header (``format``, ``game``, ``players``, optionally
``partnership``, ``date``, ``place``, ``stake``, ``currency``, ``ledger_head`` and an
``[options]`` table) and any number of ``[[deal]]`` tables. Each deal holds one entry, at the
level the table has it, in the shapes of docs/records.md: the cards record's fields in the deal
table itself, or a ``[deal.sheet]`` table, or a ``[deal.totals]`` table; and optionally its
``number`` and its ``dealer`` by name.

Two spellings differ from the API's JSON, because TOML has no null and players write names:

- a JSON ``null`` is written ``"none"`` (``jack = "none"``: the jack was not out);
- a Pitch field that names one seat (``dealer``, ``pitcher``, ``high``, ``low``, ``jack``,
  ``game``, an irregularity's ``seat``) may give the player's name; the writer always does.

Reading is lenient and exact about where: every deal is checked and each problem names its
line and deal (:class:`RecordProblem`); writing is canonical, ``read_record(write_record(r))
== r``.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

import tomlkit

from referee.piquet.canonical import canonical_record
from referee.pitch.canonical import canonical_record as canonical_pitch
from referee.rulings import Params
from referee.violations import Violation, said

__all__ = [
    "FORMAT_VERSION",
    "DealEntry",
    "Dispute",
    "RecordFile",
    "RecordFileError",
    "RecordProblem",
    "read_record",
    "write_record",
]

#: The version of docs/format.md this module reads and writes.
FORMAT_VERSION = 1

Level = Literal["cards", "sheet", "totals"]
GAMES = ("pitch", "piquet")
NONE = "none"
_HEADER_KEYS = ("format", "game", "players", "partnership", "date", "place", "stake",
                "currency", "ledger_head", "options", "deal")
_DEAL_KEYS = ("number", "dealer", "entered_by", "confirmed_by", "void", "dispute")
#: Who a file may say entered, confirmed or disputed a deal, besides a player: the table's
#: shared phone ("table"); a confirmation also "auto" (the match confirmed it itself).
TABLE, AUTO = "table", "auto"
#: The Pitch fields that name one seat, by entry level (docs/records.md).
_PITCH_SEATS: dict[str, tuple[str, ...]] = {
    "cards": ("dealer",),
    "sheet": ("dealer", "pitcher", "high", "low", "jack", "game"),
    "totals": ("pitcher",),
}
#: The canonical order of a cards record's fields, by game (docs/records.md).
_CARDS_ORDER = {
    "pitch": ("dealer", "bids", "hands", "tricks", "claimed", "irregular"),
    "piquet": ("dealt", "talon", "exchange", "declarations", "tricks", "claimed", "irregular"),
}


@dataclass(frozen=True)
class RecordProblem:
    """One thing wrong in a record file: its ``line`` (1-based; 0 when unknown), the ``deal``
    (1-based position in the file; None for the header), the ``rule`` broken (a section such
    as "Q6", or "format" for the file's own shape), the ``location`` in the deal's record
    (e.g. ``tricks[3][1]``) and a sentence a player understands."""

    line: int
    deal: int | None
    rule: str
    location: str
    message: str
    code: str = "format"
    message_code: str = ""
    params: Params = ()

    @classmethod
    def of(cls, found: Violation, line: int, deal: int | None,
           location: str | None = None) -> RecordProblem:
        """The problem a :class:`~referee.violations.Violation` makes at ``line`` of ``deal``
        (its location, or ``location``): its code, rule, sentence, message code and
        parameters, so that it is worded in any language as the violation is."""
        return cls(line, deal, found.rule or "format",
                   found.location if location is None else location, found.message,
                   found.code, found.message_code, found.params)

    def where(self, source: str) -> str:
        """``file:line: message`` as the command line prints it."""
        at = f" (deal {self.deal})" if self.deal is not None else ""
        return f"{source}:{self.line}:{at} {self.message}"


class RecordFileError(ValueError):
    """A record file that cannot be read; ``problems`` lists every one found (all deals are
    checked, not only the first bad one)."""

    def __init__(self, problems: Sequence[RecordProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.where("record") for p in self.problems))


@dataclass(frozen=True)
class Dispute:
    """A deal's dispute as the ledger keeps it (docs/records.md, ``deal_disputed``): ``by``
    whom (a player's name, or "table"; None: not said), the ``reason`` and, when the side
    gave one, its own ``claim`` at ``level`` "sheet" or "totals" (the API's JSON record of
    that level, seats as numbers)."""

    by: str | None = None
    reason: str | None = None
    level: Literal["sheet", "totals"] | None = None
    claim: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class DealEntry:
    """One deal of a record file: its entry ``level`` (cards, sheet or totals) and ``record``,
    the API's JSON record of that level (docs/records.md: seats as numbers, ``None`` for
    null); ``number`` (1-based deal of the match) and ``dealer`` (a player's name) when the
    file gives them; who the ledger says ``entered_by`` and ``confirmed_by`` (a player's
    name, "table", or for a confirmation "auto"), its open ``disputes`` and, for a deal the
    ledger struck out, why it was ``void``; ``line``, where its ``[[deal]]`` starts (not part
    of its value)."""

    level: Level
    record: Mapping[str, Any]
    number: int | None = None
    dealer: str | None = None
    entered_by: str | None = None
    confirmed_by: str | None = None
    disputes: tuple[Dispute, ...] = ()
    void: str | None = None
    line: int = field(default=0, compare=False)
    lines: Mapping[str, int] = field(default_factory=dict, compare=False)

    def line_of(self, location: str) -> int:
        """The line of the field a ``location`` in the record starts with (``tricks[3][1]``,
        ``sheet.high``), else of the deal."""
        key = re.split(r"[.\[]", location.removeprefix(f"{self.level}."), maxsplit=1)[0]
        return self.lines.get(key, self.line)


@dataclass(frozen=True)
class RecordFile:
    """A whole record file: the ``game`` ("pitch" or "piquet"), the ``players`` by name (Pitch:
    seat 0 first), ``partnership`` (Pitch), the game's ``options`` as the API takes them, the
    optional ``date``, ``place``, ``stake`` (a decimal string), ``currency`` and
    ``ledger_head`` (to check against a server), and the ``deals`` in order."""

    game: str
    players: tuple[str, ...]
    deals: tuple[DealEntry, ...] = ()
    partnership: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)
    date: datetime.date | None = None
    place: str | None = None
    stake: str | None = None
    currency: str | None = None
    ledger_head: str | None = None


# -- reading ---------------------------------------------------------------------------------


_DEAL_HEADER = re.compile(r"^\s*\[\[\s*deal\s*\]\]")
_TOML_AT = re.compile(r"at line (\d+)")


class TextLines:
    """Where things are in the text: the line of each ``[[deal]]`` and of a key inside it."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.deals = [n + 1 for n, line in enumerate(self.lines) if _DEAL_HEADER.match(line)]

    def deal_line(self, index: int) -> int:
        return self.deals[index] if index < len(self.deals) else 0

    def key_line(self, index: int | None, key: str) -> int:
        """The line of ``key`` (``key =`` or ``[deal.key]``) in deal ``index`` (0-based), or
        in the header; the deal's (or file's) first line when not found."""
        start = self.deal_line(index) if index is not None else 1
        end = (self.deal_line(index + 1) - 1 if index is not None and index + 1 < len(self.deals)
               else len(self.lines))
        if index is None and self.deals:
            end = self.deals[0] - 1
        pattern = re.compile(rf"^\s*(\[\[?\s*deal\.{re.escape(key)}\b|{re.escape(key)}\s*[=.])")
        for number in range(max(start, 1), end + 1):
            if pattern.match(self.lines[number - 1]):
                return number
        return start


def read_record(text: str) -> RecordFile:
    """Read a record file's text (docs/format.md).

    :raises RecordFileError: with every problem found, each located by line and deal (TOML that
        does not parse; a header or deal of the wrong shape; a name that is not a player's).
        The deals' rules are not checked here.
    """
    lines = TextLines(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        at = _TOML_AT.search(str(error))
        line = int(at.group(1)) if at else len(lines.lines)  # else: "at end of document"
        raise RecordFileError([RecordProblem.of(said("record_not_toml", "", error=str(error)),
                                                line, None)]) from None
    problems: list[RecordProblem] = []
    header = _read_header(data, lines, problems)
    deals = data.get("deal", [])
    if not isinstance(deals, list) or not all(isinstance(d, dict) for d in deals):
        problems.append(_header_problem(lines, "deal", "record_deals"))
        deals = []
    entries = [_read_deal(i, d, header, lines, problems) for i, d in enumerate(deals)]
    if problems:
        raise RecordFileError(problems)
    return replace(header, deals=tuple(e for e in entries if e is not None))


def _header_problem(lines: TextLines, key: str, code: str, **params: Any) -> RecordProblem:
    """A problem of the header at ``key``'s line: :data:`~referee.violations.MESSAGE_WORDS`'s
    ``code`` filled with ``params``."""
    return RecordProblem.of(said(code, "", key, **params), lines.key_line(None, key), None)


#: Reports a problem at a key: its message code and parameters.
Bad = Callable[..., None]


def _read_header(data: Mapping[str, Any], lines: TextLines,
                 problems: list[RecordProblem]) -> RecordFile:
    def bad(key: str, code: str, **params: Any) -> None:
        problems.append(_header_problem(lines, key, code, **params))

    for key in data:
        if key not in _HEADER_KEYS:
            bad(key, "record_unknown_field", name=key)
    if data.get("format") != FORMAT_VERSION:
        bad("format", "record_format", version=FORMAT_VERSION)
    game = data.get("game")
    if game not in GAMES:
        bad("game", "record_game")
        game = "pitch"
    options = data.get("options", {})
    if not isinstance(options, dict):
        bad("options", "record_options")
        options = {}
    partnership = data.get("partnership", False)
    if not isinstance(partnership, bool):
        bad("partnership", "record_partnership")
        partnership = False
    place, stake, currency, head = (_text(data, key, bad) for key in _TEXT_KEYS)
    return RecordFile(game=str(game), players=_players(data, str(game), bad),
                      partnership=partnership, options=_nulls_in(options),
                      date=_date(data, bad), place=place, stake=stake, currency=currency,
                      ledger_head=head)


_TEXT_KEYS = ("place", "stake", "currency", "ledger_head")


def _players(data: Mapping[str, Any], game: str, bad: Bad) -> tuple[str, ...]:
    players = data.get("players")
    if (not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players)
            or len(set(players)) != len(players)):
        bad("players", "record_players")
        return ()
    if game == "piquet" and len(players) != 2:
        bad("players", "record_players.piquet")
    return tuple(players)


def _text(data: Mapping[str, Any], key: str, bad: Bad) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        bad(key, "record_text", name=key)
        return None
    return value


def _date(data: Mapping[str, Any], bad: Bad) -> datetime.date | None:
    when = data.get("date")
    if when is not None and (not isinstance(when, datetime.date)
                             or isinstance(when, datetime.datetime)):
        bad("date", "record_date")
        return None
    return when


def _read_deal(index: int, data: Mapping[str, Any], header: RecordFile, lines: TextLines,
               problems: list[RecordProblem]) -> DealEntry | None:
    found: list[RecordProblem] = []

    def bad(key: str, code: str, **params: Any) -> None:
        found.append(RecordProblem.of(said(code, "", key, **params),
                                      lines.key_line(index, key), index + 1))

    levels = [k for k in ("sheet", "totals") if k in data]
    cards = [k for k in data if k not in (*_DEAL_KEYS, "sheet", "totals")]
    if len(levels) > 1 or (levels and cards):
        bad((levels + cards)[1], "record_one_entry")
    level: Level = "sheet" if "sheet" in levels else "totals" if "totals" in levels else "cards"
    record = data[level] if level != "cards" else {k: data[k] for k in cards}
    if not isinstance(record, dict):
        bad(level, "record_entry_table", level=level)
        record = {}
    number = data.get("number")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)
                               or number < 1):
        bad("number", "record_number")
    dealer = data.get("dealer")
    if header.game == "piquet" and dealer is not None and dealer not in header.players:
        bad("dealer", "record_not_a_player", named=dealer, players=header.players)
    record = _nulls_in(record)
    if header.game == "pitch":
        record = _seats_in(record, level, header.players, bad)
        if isinstance(dealer, str) and "dealer" not in record and dealer in header.players:
            record["dealer"] = header.players.index(dealer)
    ledger = _ledger_words(data, header, bad)
    problems.extend(found)
    if found:
        return None
    return DealEntry(level=level, record=record, number=number,
                     dealer=dealer if header.game == "piquet" else None, **ledger,
                     line=lines.deal_line(index),
                     lines={key: lines.key_line(index, key)
                            for key in dict.fromkeys((*record, *data))})


def _ledger_words(data: Mapping[str, Any], header: RecordFile, bad: Bad) -> dict[str, Any]:
    """What a deal says of its agreement (docs/format.md, "What the ledger says"): who
    ``entered_by`` and ``confirmed_by`` (a player, "table", "auto"), why it is ``void`` and
    its ``dispute`` tables, read into :class:`DealEntry`'s fields."""
    def who(key: str, value: Any, also: tuple[str, ...]) -> str | None:
        if value is None or (isinstance(value, str) and (value in header.players
                                                          or value in also)):
            return value
        bad(key, "record_who.confirmed" if AUTO in also else "record_who", name=key,
            players=header.players)
        return None

    said: dict[str, Any] = {
        "entered_by": who("entered_by", data.get("entered_by"), (TABLE,)),
        "confirmed_by": who("confirmed_by", data.get("confirmed_by"), (TABLE, AUTO)),
        "void": data.get("void"),
    }
    if said["void"] is not None and not isinstance(said["void"], str):
        bad("void", "record_void")
        said["void"] = None
    disputes = data.get("dispute", [])
    if not isinstance(disputes, list) or not all(isinstance(d, dict) for d in disputes):
        bad("dispute", "record_disputes")
        disputes = []
    said["disputes"] = tuple(_dispute(d, header, who, bad) for d in disputes)
    return said


def _dispute(data: Mapping[str, Any], header: RecordFile, who: Callable[..., str | None],
             bad: Bad) -> Dispute:
    """One ``[[deal.dispute]]``: ``by``, ``reason`` and at most one claim table."""
    unknown = [k for k in data if k not in ("by", "reason", "sheet", "totals")]
    levels = [k for k in ("sheet", "totals") if k in data]
    if unknown or len(levels) > 1:
        bad("dispute", "record_dispute")
    reason = data.get("reason")
    if reason is not None and not isinstance(reason, str):
        bad("dispute", "record_dispute_reason")
        reason = None
    level = levels[0] if levels else None
    claim = data.get(level) if level else None
    if claim is not None and not isinstance(claim, dict):
        bad("dispute", "record_dispute_claim", level=level)
        claim = None
    if claim is not None:
        claim = _nulls_in(claim)
        if header.game == "pitch":
            claim = _seats_in(claim, cast(Level, level), header.players,
                              lambda key, code, **params: bad("dispute", code, **params))
    return Dispute(by=who("dispute", data.get("by"), (TABLE,)), reason=reason,
                   level=cast(Literal["sheet", "totals"] | None, level if claim else None),
                   claim=claim)


def _nulls_in(value: Any) -> Any:
    """``"none"`` → ``None``, through tables and arrays (TOML has no null)."""
    if value == NONE:
        return None
    if isinstance(value, dict):
        return {k: _nulls_in(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_nulls_in(v) for v in value]
    return value


def _seats_in(record: dict[str, Any], level: Level, players: Sequence[str],
              bad: Bad) -> dict[str, Any]:
    """A Pitch record with its one-seat fields given by name turned to seat numbers."""

    def seat(key: str, value: Any) -> Any:
        if isinstance(value, str):
            if value in players:
                return players.index(value)
            bad(key, "record_not_a_player", named=value, players=players)
        return value

    out = {k: seat(k, v) if k in _PITCH_SEATS[level] else v for k, v in record.items()}
    irregular = out.get("irregular")
    if isinstance(irregular, list):
        out["irregular"] = [{k: seat("irregular", v) if k == "seat" else v for k, v in i.items()}
                            if isinstance(i, dict) else i for i in irregular]
    return out


# -- writing ---------------------------------------------------------------------------------


def write_record(record: RecordFile) -> str:
    """The record file's canonical text: header fields in docs/format.md's order, then each
    deal; nulls written ``"none"``, Pitch's one-seat fields by name.

    >>> print(write_record(RecordFile("piquet", ("Bill", "Ann"))), end="")
    # A record of the referee (docs/format.md)
    format = 1
    game = "piquet"
    players = ["Bill", "Ann"]
    """
    header: dict[str, Any] = {"format": FORMAT_VERSION, "game": record.game,
                              "players": list(record.players)}
    if record.partnership:
        header["partnership"] = True
    for key in ("date", "place", "stake", "currency", "ledger_head"):
        value = getattr(record, key)
        if value is not None:
            header[key] = value
    if record.options:
        header["options"] = _nulls_out(record.options)
    if record.deals:
        header["deal"] = [_deal_out(d, record) for d in record.deals]
    return "# A record of the referee (docs/format.md)\n" + tomlkit.dumps(header)


def _deal_out(deal: DealEntry, record: RecordFile) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if deal.number is not None:
        out["number"] = deal.number
    if deal.dealer is not None:
        out["dealer"] = deal.dealer
    for key in ("entered_by", "confirmed_by", "void"):
        if getattr(deal, key) is not None:
            out[key] = getattr(deal, key)
    body = _body_out(deal.record, deal.level, record)
    if deal.level == "cards":
        order = _CARDS_ORDER[record.game]
        out.update({k: body[k] for k in order if k in body})
        out.update({k: v for k, v in body.items() if k not in order})
    else:
        out[deal.level] = body
    if deal.disputes:
        out["dispute"] = [_dispute_out(d, record) for d in deal.disputes]
    return out


def _body_out(body: Mapping[str, Any], level: Level, record: RecordFile) -> dict[str, Any]:
    """A record of ``level`` as the file writes it: its words canonical (Piquet's
    declarations, :func:`referee.piquet.canonical.canonical_record`; Pitch's passes and trump,
    :func:`referee.pitch.canonical.canonical_record`), Pitch's one-seat fields by name, nulls
    ``"none"``."""
    out = dict(body)
    if record.game == "piquet":
        out = canonical_record(level, out)
    if record.game == "pitch":
        out = canonical_pitch(level, out)
        out = _names_out(out, level, record.players)
    return dict(_nulls_out(out))


def _dispute_out(dispute: Dispute, record: RecordFile) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if dispute.by is not None:
        out["by"] = dispute.by
    if dispute.reason is not None:
        out["reason"] = dispute.reason
    if dispute.level is not None and dispute.claim is not None:
        out[dispute.level] = _body_out(dispute.claim, dispute.level, record)
    return out


def _names_out(body: dict[str, Any], level: Level, players: Sequence[str]) -> dict[str, Any]:
    def name(value: Any) -> Any:
        return players[value] if isinstance(value, int) and 0 <= value < len(players) else value

    out = {k: name(v) if k in _PITCH_SEATS[level] else v for k, v in body.items()}
    if isinstance(out.get("irregular"), list):
        out["irregular"] = [{k: name(v) if k == "seat" else v for k, v in i.items()}
                            for i in out["irregular"]]
    return out


def _nulls_out(value: Any) -> Any:
    """``None`` → ``"none"``, through mappings and sequences."""
    if value is None:
        return NONE
    if isinstance(value, Mapping):
        return {k: _nulls_out(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_nulls_out(v) for v in value]
    return value


def iter_problems(error: RecordFileError) -> Iterator[RecordProblem]:
    """The problems of ``error`` in the file's order (by line)."""
    return iter(sorted(error.problems, key=lambda p: (p.line, p.deal or 0)))
