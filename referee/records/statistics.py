"""Statistics files (docs/format.md, "Statistics"): players' statistics (docs/events.md E12)
as a TOML document of the record format, ``kind = "statistics"``, that a player can read and
keep beside the matches' record files.

A statistics file holds counts only: what is worked out of them (points per deal, per hand) is
left out, and TOML has no null, so a bid of no known level is written ``level = "none"``.
Writing is canonical and reading gives back what was written:
``read_statistics(write_statistics(s)) == s``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from typing import Any

import tomlkit

from referee.events.statistics import BidLine, PiquetStatistics, PitchStatistics
from referee.records.toml_format import FORMAT_VERSION

__all__ = ["KIND", "StatisticsFile", "read_statistics", "write_statistics"]

#: The ``kind`` of a statistics file (a match's record file has none).
KIND = "statistics"
NONE = "none"

_PIQUET = tuple(f.name for f in fields(PiquetStatistics))
_PITCH = tuple(f.name for f in fields(PitchStatistics) if f.name != "bids")


@dataclass(frozen=True, slots=True)
class StatisticsFile:
    """A statistics file: the ``game`` ("piquet" or "pitch"), optionally the ``event``'s
    name, and one line per player (Piquet's or Pitch's by the game)."""

    game: str
    event: str | None = None
    piquet: tuple[PiquetStatistics, ...] = ()
    pitch: tuple[PitchStatistics, ...] = ()


def write_statistics(stats: StatisticsFile) -> str:
    """The file's canonical text: the header (``format``, ``kind``, ``game``, ``event``),
    then a ``[[player]]`` table per player, its counts in the order of docs/events.md E12
    and, for Pitch, a ``[[player.bid]]`` table per bid level.

    >>> print(write_statistics(StatisticsFile("piquet", piquet=(PiquetStatistics("Ann"),)))
    ...       .splitlines()[1:6])
    ['format = 1', 'kind = "statistics"', 'game = "piquet"', '', '[[player]]']
    """
    header: dict[str, Any] = {"format": FORMAT_VERSION, "kind": KIND, "game": stats.game}
    if stats.event is not None:
        header["event"] = stats.event
    players: list[dict[str, Any]] = []
    if stats.game == "piquet":
        players = [{name: getattr(line, name) for name in _PIQUET} for line in stats.piquet]
    else:
        for line in stats.pitch:
            out = {name: getattr(line, name) for name in _PITCH}
            if line.bids:
                out["bid"] = [{"level": NONE if bid.level is None else bid.level,
                               "made": bid.made, "set": bid.set} for bid in line.bids]
            players.append(out)
    if players:
        header["player"] = players
    return "# Statistics of the referee (docs/format.md)\n" + tomlkit.dumps(header)


def read_statistics(text: str) -> StatisticsFile:
    """A statistics file read back.

    :raises ValueError: not TOML, not a statistics file of this format, or a count that is
        not a whole number.
    """
    data = tomllib.loads(text)
    if data.get("format") != FORMAT_VERSION or data.get("kind") != KIND:
        raise ValueError(f"not a statistics file of format {FORMAT_VERSION}")
    game = data.get("game")
    if game not in ("piquet", "pitch"):
        raise ValueError(f"no game is called {game!r}")
    event = data.get("event")
    rows = data.get("player", [])
    if game == "piquet":
        return StatisticsFile(game, event, piquet=tuple(
            PiquetStatistics(**_counts(row, _PIQUET)) for row in rows))
    return StatisticsFile(game, event, pitch=tuple(
        PitchStatistics(**_counts(row, _PITCH), bids=tuple(
            BidLine(None if bid["level"] == NONE else _count(bid["level"]),
                    _count(bid["made"]), _count(bid["set"])) for bid in row.get("bid", ())))
        for row in rows))


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _counts(row: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"player": str(row["player"])}
    for name in names[1:]:
        out[name] = _count(row.get(name, 0))
    return out
