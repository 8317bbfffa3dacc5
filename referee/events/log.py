"""An event as its stored log makes it (docs/events.md E1–E3), pure.

The log is append-only: each entry a ``(kind, payload)`` with a JSON payload; folding it in
order gives the :class:`~referee.events.model.Event` and the match of each table. The kinds:

- ``event_created``: ``{name, game, movement, rule, kind, options, correction_minutes}``
  (``options``: the options of every table's match; ``correction_minutes``, E11, absent
  from logs written before it: 0);
- ``checked_in`` / ``left``: ``{player}`` (E2);
- ``team_formed``: ``{players: [first, second]}`` (E5);
- ``round_started``: ``{number, tables: [{number, seats, teams, match_id}], byes}`` (E3);
- ``round_ended``: ``{number, by, tables: [{number, points, winners}]}``: the round's
  unfinished games scored as they stood when it ended (E11; ``by``: ``"organiser"`` or
  ``"head_table"``), each player's points and the winning side's players.

``event_created`` may also hold ``round_ends`` (E11; absent from logs written before it:
``"every_table"``) and ``club`` (E13: the club whose players' ids the roster holds; absent
from logs written before it and for an event whose players are known by their names).

- ``substituted``: ``{table, seat, player, after}``: a substitute takes a seat of the last
  round's table after that many deals of its match (E14).

Each entry is applied by the function of :mod:`referee.events.model` a live request uses, so
a log folds to the event those requests made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.events.model import (
    Event,
    Round,
    Table,
    add_round,
    check_in,
    form_team,
    leave,
    new_event,
)
from referee.events.standings import GameResult
from referee.events.substitutes import substitute

__all__ = ["Folded", "fold", "rekeyed", "round_payload"]

Entry = tuple[str, Mapping[str, Any]]


@dataclass(frozen=True, slots=True)
class Folded:
    """An event folded from its log: the ``event``, the ``options`` of its tables' matches and
    ``matches``: (round number, table number) → the id of that table's match; ``ended``: the same
    keys → the result of a game scored as it stood when its round ended (E11)."""

    event: Event
    options: Mapping[str, Any] = field(default_factory=dict)
    matches: Mapping[tuple[int, int], str] = field(default_factory=dict)
    ended: Mapping[tuple[int, int], GameResult] = field(default_factory=dict)


def _round(payload: Mapping[str, Any]) -> Round:
    tables = tuple(Table(int(t["number"]), tuple(t["seats"]),
                         tuple(tuple(int(i) for i in team) for team in t["teams"]))
                   for t in payload["tables"])
    return Round(int(payload["number"]), tables, tuple(payload.get("byes", ())))


def round_payload(round_: Round, matches: Mapping[int, str]) -> dict[str, Any]:
    """The ``round_started`` payload of ``round_``, ``matches`` giving each table's match id
    by table number."""
    return {"number": round_.number, "byes": list(round_.byes),
            "tables": [{"number": t.number, "seats": list(t.seats),
                        "teams": [list(team) for team in t.teams],
                        "match_id": matches[t.number]} for t in round_.tables]}


def rekeyed(entries: Iterable[Entry], alias: Mapping[str, str]) -> list[Entry]:
    """E13: the log read with every player named by ``alias`` (a merged-away id → the id it
    stands for now) renamed, in every kind of entry; the stored log is never rewritten. Two
    ids of one roster are never merged (E13), so no entry doubles another.
    """

    def key(player: Any) -> Any:
        return alias.get(player, player) if isinstance(player, str) else player

    def keyed(kind: str, payload: Mapping[str, Any]) -> Mapping[str, Any]:
        if kind in ("checked_in", "left", "substituted"):
            return {**payload, "player": key(payload["player"])}
        if kind == "team_formed":
            return {**payload, "players": [key(p) for p in payload["players"]]}
        if kind == "round_started":
            return {**payload, "byes": [key(p) for p in payload.get("byes", ())],
                    "tables": [{**t, "seats": [key(p) for p in t["seats"]]}
                               for t in payload["tables"]]}
        if kind == "round_ended":
            return {**payload, "tables": [
                {**t, "points": {key(p): n for p, n in t["points"].items()},
                 "winners": [key(p) for p in t["winners"]]} for t in payload["tables"]]}
        return payload

    return [(kind, keyed(kind, payload) if alias else payload) for kind, payload in entries]


def fold(entries: Iterable[Entry]) -> Folded:
    """The event its log makes.

    :raises ValueError: a log that does not start with ``event_created``, or has an entry of
        an unknown kind.
    :raises EventError: an entry its event refuses (a log not written by this code).
    """
    folded: Folded | None = None
    for kind, payload in entries:
        if folded is None:
            if kind != "event_created":
                raise ValueError("an event's log starts with event_created")
            event = new_event(payload["name"], payload["game"], payload["movement"],
                              payload["rule"], payload["kind"],
                              int(payload.get("correction_minutes", 0)),
                              payload.get("round_ends", "every_table"), payload.get("club"))
            folded = Folded(event, dict(payload.get("options", {})))
            continue
        event, matches, ended = folded.event, dict(folded.matches), dict(folded.ended)
        if kind == "checked_in":
            event = check_in(event, payload["player"])
        elif kind == "left":
            event = leave(event, payload["player"])
        elif kind == "team_formed":
            first, second = payload["players"]
            event = form_team(event, first, second)
        elif kind == "substituted":
            event = substitute(event, int(payload["table"]), int(payload["seat"]),
                               payload["player"], int(payload["after"]))
        elif kind == "round_started":
            made = _round(payload)
            event = add_round(event, made)
            matches.update({(made.number, int(t["number"])): str(t["match_id"])
                            for t in payload["tables"]})
        elif kind == "round_ended":
            number = int(payload["number"])
            ended.update({(number, int(t["number"])): GameResult(
                number, int(t["number"]), {p: int(n) for p, n in t["points"].items()},
                frozenset(t["winners"])) for t in payload["tables"]})
        else:
            raise ValueError(f"an event's log has no entry of kind {kind!r}")
        folded = Folded(event, folded.options, matches, ended)
    if folded is None:
        raise ValueError("an event's log starts with event_created")
    return folded
