"""A record file's deals ruled (docs/format.md): each deal through the very stateless ruling
the API serves for its game and level (``POST /v1/piquet/deals:score``, ``/v1/pitch/sheets:score``
…), its schema, its view and its answer. Used by ``POST /v1/records:score`` and by the command
line's ``referee score``; no Flask request is needed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import marshmallow as ma

from referee.api import piquet as _piquet  # noqa: F401  (registers the Piquet rulings)
from referee.api import pitch as _pitch  # noqa: F401  (registers the Pitch rulings)
from referee.api.blueprint import RULINGS, StatelessRuling
from referee.api.errors import ProblemError
from referee.i18n.schema import joined
from referee.records import DealEntry, RecordFile, RecordProblem
from referee.violations import InputError, RecordError, Violation

__all__ = ["DealOutcome", "RecordRuling", "rule_record"]

#: The stateless ruling of each (game, level): the path it is served at.
LEVEL_PATHS: dict[tuple[str, str], str] = {
    ("pitch", "cards"): "/hands:score",
    ("pitch", "sheet"): "/sheets:score",
    ("pitch", "totals"): "/totals:check",
    ("piquet", "cards"): "/deals:score",
    ("piquet", "sheet"): "/sheets:score",
    ("piquet", "totals"): "/totals:check",
}


@dataclass(frozen=True)
class DealOutcome:
    """One deal of a file ruled: its place (``deal``, 1-based in the file; ``line``), its
    ``number`` and ``level`` as the file gives them, and either the ``ruling`` (the stateless
    ruling's answer, as ``POST /v1/…`` would give it) or the ``problems`` that kept it from
    being ruled (``unreadable``: off the record's shape, else too broken to rule on)."""

    deal: int
    line: int
    number: int | None
    level: str
    ruling: Mapping[str, Any] | None = None
    problems: tuple[RecordProblem, ...] = ()
    unreadable: bool = False

    @property
    def claims_agree(self) -> bool | None:
        """Whether the table's claim agrees with the ruling (None: nothing claimed, or not
        ruled). A Pitch or Piquet ruling says it in ``claimed_ok``."""
        if self.ruling is None:
            return None
        agrees = self.ruling.get("claimed_ok")
        return agrees if isinstance(agrees, bool) else None


@dataclass(frozen=True)
class RecordRuling:
    """Every deal of a record file ruled, in the file's order."""

    game: str
    deals: tuple[DealOutcome, ...]

    @property
    def problems(self) -> tuple[RecordProblem, ...]:
        """Every problem of every deal, in the file's order."""
        return tuple(p for d in self.deals for p in d.problems)

    @property
    def unreadable(self) -> bool:
        """Some deal is off its record's shape (docs/records.md)."""
        return any(d.unreadable for d in self.deals)

    @property
    def claims_agree(self) -> bool:
        """No deal's claim parts from its ruling."""
        return all(d.claims_agree is not False for d in self.deals)


def rule_record(record: RecordFile) -> RecordRuling:
    """Rule every deal of ``record``, each as its game's stateless ruling of its level does;
    a deal that cannot be ruled carries its problems instead, and the others are still ruled.
    Match-only options (a stake, who deals first) do not change a deal's ruling and are left
    out of each deal's request."""
    return RecordRuling(record.game, tuple(
        _rule_deal(record, n, deal) for n, deal in enumerate(record.deals, start=1)))


def _rule_deal(record: RecordFile, n: int, deal: DealEntry) -> DealOutcome:
    ruling = RULINGS[(record.game, LEVEL_PATHS[(record.game, deal.level)])]
    outcome = DealOutcome(deal=n, line=deal.line, number=deal.number, level=deal.level)
    try:
        body = ruling.request().load(_request(record, deal, ruling))
        answer = ruling.answer().dump(ruling.view(body))
    except ma.ValidationError as error:
        return _with(outcome, deal, flatten_messages(error.messages), unreadable=True)
    except InputError as error:
        return _violated(outcome, deal, error.violations, unreadable=True)
    except ProblemError as error:
        return _with(outcome, deal, [("options", str(error.description), "format")],
                     unreadable=True)
    except RecordError as error:
        return _violated(outcome, deal, error.violations, unreadable=False)
    return DealOutcome(n, deal.line, deal.number, deal.level, ruling=answer)


def _with(outcome: DealOutcome, deal: DealEntry, found: Iterable[tuple[str, str, str]], *,
          unreadable: bool) -> DealOutcome:
    """``outcome`` with the ``found`` (location, message, rule) problems, each at its line."""
    problems = tuple(RecordProblem(deal.line_of(location), outcome.deal, rule, location, message)
                     for location, message, rule in found)
    return DealOutcome(outcome.deal, outcome.line, outcome.number, outcome.level,
                       problems=problems, unreadable=unreadable)


def _violated(outcome: DealOutcome, deal: DealEntry, found: Iterable[Violation], *,
              unreadable: bool) -> DealOutcome:
    """``outcome`` with the violations ``found`` as problems, each at its line, with its
    code, message code and parameters (worded in any language)."""
    problems = tuple(RecordProblem.of(v, deal.line_of(v.location or ""), outcome.deal)
                     for v in found)
    return DealOutcome(outcome.deal, outcome.line, outcome.number, outcome.level,
                       problems=problems, unreadable=unreadable)


def _request(record: RecordFile, deal: DealEntry, ruling: StatelessRuling) -> dict[str, Any]:
    """The stateless ruling's request body for ``deal``: its record (at the top, or under
    ``sheet``/``totals`` where the Pitch request nests them), the file's options that the
    ruling reads, and for Pitch the players."""
    options_field = ruling.request().fields.get("options")
    known = getattr(options_field, "schema", None)
    names = set(known.fields) if isinstance(known, ma.Schema) else set()
    body: dict[str, Any] = {"options": {k: v for k, v in record.options.items() if k in names}}
    if record.game == "pitch":
        body.update(players=len(record.players), partnership=record.partnership,
                    names=list(record.players))
        if deal.level != "cards":
            body[deal.level] = dict(deal.record)
            return body
    body.update(deal.record)
    return body


def flatten_messages(messages: Any, at: str = "") -> Iterator[tuple[str, str, str]]:
    """marshmallow's nested error messages as (location, message, rule) triples, the
    location as ``tricks[3][1]``; a location's messages as one sentence that keeps their
    message and parameters (:func:`referee.i18n.schema.joined`), worded in any language."""
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            where = (f"{at}[{key}]" if isinstance(key, int)
                     else f"{at}.{key}" if at else str(key))
            yield from flatten_messages(value, where)
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        yield at, joined(messages), "format"
    elif isinstance(messages, list):
        for value in messages:
            yield from flatten_messages(value, at)
    else:
        yield at, str(messages), "format"


def dealers(record: RecordFile) -> tuple[str | None, ...]:
    """Who dealt each Piquet deal of the file: as the deal says, else the other player than the
    deal before's dealer (the deal alternates, Q2); None while the file has not said."""
    found: list[str | None] = []
    for deal in record.deals:
        before = found[-1] if found else None
        other = next((p for p in record.players if p != before), None) if before else None
        found.append(deal.dealer or other)
    return tuple(found)


def roles_of(record: RecordFile, index: int) -> dict[str, str]:
    """The players' names by role in Piquet deal ``index`` (0-based): ``{"elder": …,
    "younger": …}``, the dealer being younger (Q2); empty for Pitch or an unknown dealer."""
    if record.game != "piquet":
        return {}
    dealer = dealers(record)[index]
    if dealer is None:
        return {}
    elder = next(p for p in record.players if p != dealer)
    return {"elder": elder, "younger": dealer}


def partie_totals(record: RecordFile, ruled: RecordRuling) -> dict[str, int]:
    """Each player's points over the file's ruled Piquet deals (Q8), by name.

    :raises ValueError: when a deal's dealer cannot be told (the first deal names none).
    """
    totals = dict.fromkeys(record.players, 0)
    for index, outcome in enumerate(ruled.deals):
        roles = roles_of(record, index)
        scores = (outcome.ruling or {}).get("scores") or {}
        if not roles:
            raise ValueError(f"deal {outcome.deal} does not say who dealt")
        for role, points in scores.items():
            totals[roles[role]] += int(points)
    return totals
