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
from typing import Any, Literal

from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import DealEntry as LedgerEntry
from referee.match.state import Fold, Game, MatchError, MatchState
from referee.records import DealEntry, Dispute, RecordFile, RecordFileError, RecordProblem
from referee.records.toml_format import AUTO, TABLE
from referee.violations import RecordError, Violation

__all__ = ["IMPORTER", "import_events", "options_of", "record_of"]

#: Who an imported entry, dispute or void was made by (the events' ``entered_by``, actor).
IMPORTER = "import"

#: The principals of the ledger as a file names them: the shared write token is "table".
_WRITE_TOKEN = "write token"

NewEvent = tuple[str, dict[str, Any]]


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
        for claim in entry.claims if not claim.entry
    ) if entry.agreement == "disputed" else ()
    if entry.agreement == "disputed" and not disputes:  # disputed with no reason said
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


def import_events(record: RecordFile) -> list[NewEvent]:
    """The events of a new match made from ``record``: ``match_created`` (the file's options;
    the first dealer from its first deal when the options do not say), then for each deal, in
    the file's order, the events recording it whole (``commands.record_deal``, as
    ``POST /v1/matches/{id}/deals`` would), its void and its disputes, all by
    :data:`IMPORTER` with an ``imported`` mark.

    :raises RecordFileError: the options or players refused, or a deal the match refuses
        (its number, its dealer, a deal after the match is over, a claim the rules refuse):
        the problems up to the first deal refused, each with its line and deal and the rule.
    """
    game = GAMES[record.game]
    try:
        created = commands.create(game, record.players, options_of(record))
    except MatchError as error:
        raise RecordFileError([RecordProblem(0, None, v.rule or "format", v.location or "",
                                             v.message) for v in error.violations]) from None
    events: list[NewEvent] = list(created)
    fold = Fold([Event(1, *created[0])], GAMES)
    for index, deal in enumerate(record.deals, start=1):
        try:
            made = _deal_events(fold, game, record, deal)
        except (MatchError, RecordError) as error:
            raise RecordFileError([
                RecordProblem(deal.line_of(v.location or ""), index, v.rule or "format",
                              v.location or "", v.message) for v in error.violations
            ]) from None
        events.extend(made)
    return events


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


def _deal_events(fold: Fold, game: Game, record: RecordFile, deal: DealEntry
                 ) -> list[NewEvent]:
    """The events of one deal of the file (``fold`` is extended with them)."""
    state = fold.state()
    dealer = state.next_dealer
    if deal.level == "cards":  # PT 16: a deal dealt out of turn, found late, stands as dealt
        dealer = game.dealt_by(dict(deal.record), dealer, state.players)
    if deal.dealer is not None and record.players.index(deal.dealer) != dealer:
        raise MatchError([Violation(
            "wrong_dealer", "Q2", f"{state.players[dealer]} deals deal "
            f"{state.next_number}, not {deal.dealer} (the deal alternates).", "dealer")])
    recorded = commands.record_deal(state, game, dict(deal.record), deal.level,
                                    entered_by=IMPORTER, deal=deal.number)
    noted = {k: getattr(deal, k) for k in ("entered_by", "confirmed_by")
             if getattr(deal, k) is not None}
    kind, payload = recorded[0]
    made: list[NewEvent] = [(kind, {**payload, "imported": noted}), *recorded[1:]]
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
    disputed = [_mark(commands.dispute(state, game, number, dispute.reason or "",
                                       _claim(dispute), IMPORTER),
                      {"by": dispute.by} if dispute.by else {})
                for dispute in deal.disputes]
    for events in disputed:
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

