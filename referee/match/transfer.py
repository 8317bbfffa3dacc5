"""A match as a record file and back (docs/format.md): :func:`record_of` writes the ledger's
deals as a :class:`~referee.records.RecordFile`; :func:`import_events` makes the events of a
new match from one, every deal recorded and ruled as the table would have recorded it whole.

What a file says of its deals' agreement is stored as the file said it, under the importer
(``entered_by`` "import") with an ``imported`` mark in the events' payloads: who entered and
who confirmed a deal are notes (``deal_recorded``'s ``imported``), never the other side's
agreement; a dispute is a ``deal_disputed`` event (its side's claim ruled like any dispute's)
whose ``imported`` names who disputed. A deal the ledger struck out is written with ``void``
and struck out again on import.

Pure: no database, no Flask. The problems of a file name their line and deal
(:class:`~referee.records.RecordProblem`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Clash, Fold, Game, MatchError, MatchState
from referee.match.state import DealEntry as LedgerEntry
from referee.records import DealEntry, Dispute, RecordFile, RecordFileError, RecordProblem
from referee.records.toml_format import AUTO, TABLE
from referee.violations import RecordError, Violation, said

__all__ = ["IMPORTER", "Violations", "import_events", "options_of", "record_of"]

#: Who an imported entry, dispute or void was made by (the events' ``entered_by``, actor).
IMPORTER = "import"

#: The principals of the ledger as a file names them: the shared write token is "table".
_WRITE_TOKEN = "write token"

NewEvent = tuple[str, dict[str, Any]]
#: What an import makes of a deal that breaks the rules: refuse the file, or record it
#: disputed (:func:`import_events`).
Violations = Literal["refuse", "dispute"]


def _name(principal: str | None) -> str | None:
    """A credential as a file names it: "seat:Ann" → "Ann", the write token → "table",
    "auto" stays; the importer and none → None."""
    if principal is None or principal == IMPORTER:
        return None
    if principal.startswith("seat:"):
        return principal[len("seat:"):]
    return TABLE if principal == _WRITE_TOKEN else AUTO if principal == AUTO else None


# -- export ----------------------------------------------------------------------------------


def record_of(state: MatchState) -> RecordFile:
    """The match ``state`` as a record file: its header (game, players, options; Pitch's
    partnership and Piquet's stake and currency in the header's own fields), every finished
    deal at the level its ledger entry holds it (the record that counts now: an amendment, or
    the cards that ruled a disputed sheet), who entered and confirmed it, its open disputes,
    and ``ledger_head`` ``"SEQ:HASH"`` to check a copy against the server. A deal in
    progress is not written."""
    options = {k: v for k, v in state.options.items() if v is not None}
    partnership = bool(options.pop("partnership", False)) if state.game == "pitch" else False
    stake = options.get("stake") if state.game == "piquet" else None
    currency = options.get("currency") if state.game == "piquet" else None
    head = f"{state.version}:{state.head}" if state.head else None
    return RecordFile(
        game=state.game, players=tuple(state.players), partnership=partnership,
        options=options, stake=None if stake is None else str(stake),
        currency=None if currency is None else str(currency), ledger_head=head,
        deals=tuple(_deal_of(state, entry) for entry in state.deals))


def _line_level(level: str | None) -> Literal["sheet", "totals"] | None:
    """A claim's level when it is a score-sheet line or totals (a record file's dispute
    claims one of those), else None."""
    if level == "sheet":
        return "sheet"
    return "totals" if level == "totals" else None


def _deal_of(state: MatchState, entry: LedgerEntry) -> DealEntry:
    noted = entry.imported or {}
    confirmed = (noted.get("confirmed_by") if entry.imported is not None
                 else _name(entry.agreed_by) if entry.agreement == "confirmed" else None)
    disputes = tuple(
        Dispute(by=(claim.imported.get("by") if claim.imported is not None
                    else _name(claim.entered_by)),
                reason=claim.reason or None,
                level=_line_level(claim.level),
                claim=claim.record if _line_level(claim.level) else None)
        for claim in entry.claims if not claim.entry and not claim.violations
    ) if entry.agreement == "disputed" else ()
    # a deal imported with the rules broken is disputed by its violations: an import with
    # violations=dispute disputes it again from its record, nothing written for it
    broken = any(claim.violations for claim in entry.claims)
    if entry.agreement == "disputed" and not disputes and not broken:  # no reason said
        disputes = (Dispute(by=_name(entry.agreed_by)),)
    void = None
    if entry.status != "live":
        reasons = [c.reason for c in entry.corrections if c.kind == "deal_voided"]
        void = (reasons[-1] if reasons else None) or "void"
    return DealEntry(
        level=entry.level,  # type: ignore[arg-type]  # "cards" | "sheet" | "totals"
        record=entry.record, number=entry.number,
        dealer=state.players[entry.dealer] if state.game == "piquet" else None,
        entered_by=(noted.get("entered_by") if entry.imported is not None
                    else _name(entry.entered_by)),
        confirmed_by=confirmed, disputes=disputes, void=void)


# -- import ----------------------------------------------------------------------------------


def import_events(record: RecordFile, violations: Violations = "refuse") -> list[NewEvent]:
    """The events of a new match made from ``record``: ``match_created`` (the file's options;
    the first dealer from its first deal when the options do not say), then for each deal, in
    the file's order, the events recording it whole (``commands.record_deal``, as
    ``POST /v1/matches/{id}/deals`` would), its void and its disputes, all by
    :data:`IMPORTER` with an ``imported`` mark.

    ``violations``: what becomes of a deal that breaks the rules but can be ruled (a revoke,
    a total no deal gives): ``"refuse"`` refuses the file; ``"dispute"`` records the deal as
    ruled, with its violations, and disputed at once (``commands.record_deal``'s
    ``disputed``; docs/format.md).

    :raises RecordFileError: the options or players refused, or deals the match refuses (a
        number or a dealer out of turn, a deal after the match is over, a claim the rules
        refuse, a deal that breaks the rules unless ``violations`` is "dispute"): the
        problems of every deal, each with its line and deal and the rule. A deal refused
        for the rules is checked as recorded disputed, so that the deals after it are
        checked against the match as it would stand; the deals after one that cannot be
        ruled at all (its points unknown) are not checked against the match.
    """
    game = GAMES[record.game]
    try:
        created = commands.create(game, record.players, options_of(record))
    except MatchError as error:
        raise RecordFileError([RecordProblem.of(v, 0, None) for v in error.violations]
                              ) from None
    events: list[NewEvent] = list(created)
    fold = Fold([Event(1, *created[0])], GAMES)
    problems: list[RecordProblem] = []
    for index, deal in enumerate(record.deals, start=1):
        found = _DealCheck(deal, index)
        made = _deal_events(fold, game, record, deal, found)
        if violations == "refuse":
            found.refuse_broken(made)
        problems.extend(found.problems)
        if found.lost:
            break
        events.extend(made)
    if problems:
        raise RecordFileError(problems)
    return events


class _DealCheck:
    """The problems of one deal of the file, each at its line (``lost``: the deal could not
    be recorded even disputed, and the match cannot follow the file past it)."""

    def __init__(self, deal: DealEntry, index: int) -> None:
        self.deal, self.index = deal, index
        self.problems: list[RecordProblem] = []
        self.lost = False

    def add(self, found: Sequence[Violation], prefix: str = "") -> None:
        for v in found:
            location = f"{prefix}.{v.location}" if prefix and v.location else (
                prefix or v.location or "")
            self.problems.append(RecordProblem.of(v, self.deal.line_of(location), self.index,
                                                  location))

    def refuse_broken(self, made: Sequence[NewEvent]) -> None:
        """The rules the deal breaks (its ruling's violations: it was recorded disputed by
        them, or voided by a penalty all the same), as problems."""
        for kind, payload in made:
            if kind == "deal_scored":
                self.add([Violation.from_dict(v)
                          for v in payload["ruling"].get("violations") or ()])


def options_of(record: RecordFile) -> dict[str, Any]:
    """The match's options from the file: its ``[options]``, Pitch's partnership, Piquet's
    stake and currency from the header, and the first dealer from the first deal."""
    options = dict(record.options)
    if record.game == "pitch":
        options["partnership"] = record.partnership
        first = record.deals[0].record.get("dealer") if record.deals else None
        if isinstance(first, int) and 0 <= first < len(record.players):
            options.setdefault("first_dealer", record.players[first])
    else:
        for key in ("stake", "currency"):
            if getattr(record, key) is not None:
                options.setdefault(key, getattr(record, key))
        first_dealer = record.deals[0].dealer if record.deals else None
        if first_dealer is not None:
            options.setdefault("first_dealer", first_dealer)
    return options


def _add(fold: Fold, made: Sequence[NewEvent]) -> None:
    fold.extend([Event(fold.version + n, kind, payload)
                 for n, (kind, payload) in enumerate(made, start=1)])


def _deal_events(fold: Fold, game: Game, record: RecordFile, deal: DealEntry,
                 found: _DealCheck) -> list[NewEvent]:
    """The events of one deal of the file (``fold`` is extended with them), each problem
    added to ``found``. A deal that breaks the rules is recorded disputed by its violations
    (the caller says whether they refuse the file)."""
    state = fold.state()
    dealer = state.next_dealer
    if deal.level == "cards":  # PT 16: a deal dealt out of turn, found late, stands as dealt
        dealer = game.dealt_by(dict(deal.record), dealer, state.players)
    if deal.dealer is not None and record.players.index(deal.dealer) != dealer:
        found.add([said("wrong_dealer.piquet", "Q2", "dealer",
                        dealer=state.players[dealer], n=state.next_number,
                        named=deal.dealer)])
    try:
        try:
            recorded = commands.record_deal(state, game, dict(deal.record), deal.level,
                                            entered_by=IMPORTER, deal=deal.number,
                                            disputed=True)
        except Clash as clash:  # its number (the file's ``number``): checked on as the next deal
            found.add([replace(v, location="number") for v in clash.violations])
            recorded = commands.record_deal(state, game, dict(deal.record), deal.level,
                                            entered_by=IMPORTER, disputed=True)
    except (MatchError, RecordError) as error:  # the match is over, or no ruling at all
        found.add(error.violations)
        found.lost = isinstance(error, RecordError)
        return []
    noted = {k: getattr(deal, k) for k in ("entered_by", "confirmed_by")
             if getattr(deal, k) is not None}
    made: list[NewEvent] = [
        (kind, {**payload, "imported": noted}) if kind == "deal_recorded"
        else (kind, {**payload, "imported": {}}) if kind == "deal_disputed"
        else (kind, payload) for kind, payload in recorded]
    _add(fold, made)
    number = state.next_number
    state = fold.state()
    entry = state.deal(number)
    if deal.void is not None:  # struck out: its disputes no longer matter
        if entry is not None and entry.counted:  # (a misdeal's penalty may have voided it)
            voided = _mark(commands.void_deal(state, number, deal.void, None, game), {})
            _add(fold, voided)
            made.extend(voided)
        return made
    # each dispute decided on the deal as recorded: a file may hold one from either side
    for n, dispute in enumerate(deal.disputes):
        try:
            events = commands.dispute(fold.state(), game, number, dispute.reason or "",
                                      _claim(dispute), IMPORTER,
                                      {"by": dispute.by} if dispute.by else {})
        except (MatchError, RecordError) as error:
            found.add(error.violations, f"dispute[{n}]")
            continue
        _add(fold, events)
        made.extend(events)
    return made


def _claim(dispute: Dispute) -> dict[str, Any] | None:
    if dispute.level is None or dispute.claim is None:
        return None
    return {dispute.level: dict(dispute.claim)}


def _mark(events: Sequence[NewEvent], noted: Mapping[str, Any]) -> list[NewEvent]:
    """``events`` with the ``imported`` mark (and what the file noted) in each payload."""
    return [(kind, {**payload, "imported": dict(noted)}) for kind, payload in events]

