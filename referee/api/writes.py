"""The writes to a match's ledger: a step (or its dry run), a whole deal, a deal's cards,
its agreement (confirm, dispute), and the corrections (undo, void, amend). Each is
:func:`referee.api.writing.write` around a pure command of :mod:`referee.match.commands`.
Routes: :mod:`referee.api.routes`."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from flask import Response

from referee import folds
from referee.api.access import BEARER, authorize, principal
from referee.api.errors import problems
from referee.api.match_schemas import CardsRecordSchema, RecordDealSchema
from referee.api.match_views import state_dict
from referee.api.matches import blp
from referee.api.view_schemas import MatchSchema
from referee.api.write_schemas import (
    AmendSchema,
    CorrectionSchema,
    DealAgreementSchema,
    DealResultSchema,
    DisputeSchema,
    DryRunArgsSchema,
    DryRunSchema,
    StepResultSchema,
    StepSchema,
    VoidSchema,
)
from referee.api.writing import idempotency_key, json_response, response_schema, write
from referee.match import commands
from referee.match.games import GAMES
from referee.match.irregularities import IrregularityNote
from referee.match.state import MatchState
from referee.rulings import with_kind


@blp.arguments(StepSchema())
@blp.arguments(DryRunArgsSchema(), location="query")
@blp.response(201, StepResultSchema)
@blp.alt_response(200, schema=DryRunSchema, description="?dry_run=true: what would happen")
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422, 428)
def record_step(body: dict[str, Any], args: dict[str, Any], match_id: str) -> Any:
    """Record one step of the deal in play (a bid, an exchange, a declaration, a card),
    checked at once; the deal is scored when its last card is played.

    ``"anyway": true`` records a step the rules refuse but that really happened (a revoke, a
    card or bid out of turn, a card not held): an ``irregularity`` event says what, and the
    match's ``irregularities`` option its penalty (taken back, the bid set back, void, or
    scored as played). ``?dry_run=true`` answers what would happen (violations, penalty,
    consequence) and stores nothing.

    Needs ``If-Match`` (or ``expected_version``): a stale version is refused with 412.
    ``at`` says where the step belongs (the match's ``next.at``): a place already filled →
    409 ``step-already-recorded`` (``existing``, ``same``), a place ahead or another deal →
    409 ``step-not-next`` (``next_at``); both with the ``match`` and its ETag, nothing stored.
    """
    kind = body.pop("type")
    anyway = bool(body.pop("anyway", False))

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.step(state, GAMES[state.game], kind, _sent(body), body.get("by"),
                             entered_by=principal(), anyway=anyway)

    if args.get("dry_run"):
        authorize(match_id, "record")
        idempotency_key()  # checked as on every write, though a dry run stores nothing
        answer = response_schema(DryRunSchema).dump(_dry_run(match_id, kind, body, anyway))
        return json_response(json.dumps(answer), 200, {})

    def render(appended: folds.Appended) -> dict[str, Any]:
        scored = [e.payload for e in appended.events if e.kind == "deal_scored"]
        return {
            "events": [_event_dict(e) for e in appended.events],
            "scored": _scored(appended.state.game, scored[0]) if scored else None,
            "match": state_dict(match_id, appended.state),
        }

    return write(match_id, body, decide, render, StepResultSchema, 201, needed="record")


def _dry_run(match_id: str, kind: str, body: dict[str, Any], anyway: bool) -> dict[str, Any]:
    """:func:`commands.dry_run` on the match as it is now (stored nowhere). A place taken, or
    not the next one, is a :class:`~referee.match.state.Clash` as when recorded."""
    state = folds.load_state(match_id)
    return commands.dry_run(state, GAMES[state.game], kind, _sent(body), body.get("by"),
                            entered_by=principal(), anyway=anyway).as_dict()


def _scored(game: str, payload: dict[str, Any]) -> dict[str, Any]:
    """A ``deal_scored`` payload as answered: its ruling with its ``kind``, as read back."""
    return {**payload, "ruling": with_kind(game, payload["ruling"])}


def _event_dict(event: Any) -> dict[str, Any]:
    """An event written, as answered: an ``irregularity`` with its consequence in words
    beside the code it stores (worded in the answer's language at the edge)."""
    payload = event.payload
    if event.kind == "irregularity":
        note = IrregularityNote.read(payload)
        payload = {**payload, **note.consequence.as_fields()}
    return {"seq": event.seq, "kind": event.kind, "payload": payload, "actor": event.actor}


def _deal_result(match_id: str, appended: folds.Appended) -> dict[str, Any]:
    scored = next(e.payload for e in reversed(appended.events) if e.kind == "deal_scored")
    entry = appended.state.deal(scored["deal"])
    return {
        "deal": scored["deal"],
        "scores": scored["scores"],
        "ruling": with_kind(appended.state.game, scored["ruling"]),
        "level": entry.level if entry is not None else "cards",
        "agreement": entry.agreement if entry is not None else "provisional",
        "entered_by": entry.entered_by if entry is not None else None,
        "changes": entry.changes if entry is not None else None,
        "claims": [c.as_dict() for c in entry.claims] if entry is not None else [],
        "match": state_dict(match_id, appended.state),
    }


def _sent(body: dict[str, Any]) -> dict[str, Any]:
    """What the table sent, without who sent it (``by``) and the version it was sent against
    (``expected_version``): a step, or a deal's record."""
    return {k: v for k, v in body.items() if k not in ("by", "expected_version")}


def _deal_write(
    match_id: str, body: dict[str, Any], decide: Callable[[MatchState], Sequence[Any]]
) -> Response:
    """A write that scores a deal (a seat's token may too), answered 201 with its result."""
    return write(match_id, body, decide, lambda a: _deal_result(match_id, a),
                  DealResultSchema, 201, needed="record")


def _agreement_write(
    match_id: str, body: dict[str, Any], deal: int,
    decide: Callable[[MatchState], Sequence[Any]],
) -> Response:
    """A write that confirms or disputes ``deal`` (a seat's token may too), answered with the
    deal's agreement."""
    return write(match_id, body, decide, lambda a: _agreement(match_id, a, deal),
                  DealAgreementSchema, needed="record")


def _entry(body: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The level and record of a deal entry: ``{"sheet": …}``, ``{"totals": …}`` or a cards
    record."""
    for level in ("sheet", "totals"):
        if level in body:
            return level, body[level]
    return "cards", _sent(body)


@blp.arguments(RecordDealSchema())
@blp.response(201, DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 409, 412, 422, 428)
def record_deal(body: dict[str, Any], match_id: str) -> Any:
    """Record a whole deal at once, at one of three entry levels: its cards (the deal records
    of /rules/records), the line of the score sheet (``{"sheet": …}``) or just its points
    (``{"totals": …}``); stored only if legal (an impossible line is refused). The ruling says
    what it verified, computed and took "as reported"; the deal is ``provisional`` until the
    other side confirms it. A seat's token may record.

    Needs ``If-Match`` (or ``expected_version``): the same deal sent by two phones is
    recorded once, the second gets 412 with the match as it now is.

    ``deal``: the deal the entry was written for (clients should always send it). That deal
    already recorded → 409 ``deal-already-recorded`` with the ``existing`` entry (by player
    names, its ``scores`` and ``entry``); any deal but the next → 409 ``deal-not-next`` with
    ``next_deal``. Both carry the ``match`` and its ETag; nothing is stored. Without it the
    entry is the next deal's.
    """
    number = body.pop("deal", None)
    level, record = _entry(body)

    def decide(state: MatchState) -> Sequence[Any]:
        return commands.record_deal(state, GAMES[state.game], record, level=level,
                                    entered_by=principal(), deal=number)

    return _deal_write(match_id, body, decide)


@blp.arguments(CardsRecordSchema())
@blp.response(201, DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def record_cards(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Enter the cards of a deal entered as a score sheet or totals, or of a disputed deal:
    the cards' ruling supersedes (the ledger keeps the earlier entry) and the deal is
    ``ruled``. The answer says what changed (``changes``: the earlier entry against the
    ruling) and puts each side's claim beside it (``claims``, each with ``parts_at``: the
    first point where it parts from the ruling, in counting order)."""
    record = _sent(body)
    return _deal_write(match_id, body, lambda state: commands.record_cards(
        state, GAMES[state.game], deal, record, principal()))


@blp.arguments(CorrectionSchema())
@blp.response(200, DealAgreementSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def confirm_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """The other side accepts a provisional deal: it is ``confirmed``. A seat cannot confirm
    its own side's entry; the shared write token confirms only while no seat has joined; a
    read token cannot."""
    return _agreement_write(match_id, body, deal,
                            lambda state: commands.confirm(state, deal, principal()))


@blp.arguments(DisputeSchema())
@blp.response(200, DealAgreementSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def dispute_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """The other side disputes a deal with a reason and optionally its own claim
    (``{"sheet": …}`` or ``{"totals": …}``): the deal is ``disputed`` and the settlement
    withheld until its cards are entered (``POST …/deals/{n}/cards``) and rule it."""
    return _agreement_write(match_id, body, deal, lambda state: commands.dispute(
        state, GAMES[state.game], deal, body["reason"], body.get("claim"), principal()))


def _agreement(match_id: str, appended: folds.Appended, number: int) -> dict[str, Any]:
    entry = appended.state.deal(number)
    assert entry is not None
    return {
        "deal": number,
        "agreement": entry.agreement,
        "agreed_by": entry.agreed_by,
        "entered_by": entry.entered_by,
        "claims": [c.as_dict() for c in entry.claims],
        "match": state_dict(match_id, appended.state),
    }


@blp.arguments(CorrectionSchema())
@blp.response(200, MatchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def undo(body: dict[str, Any], match_id: str) -> Any:
    """Take back the last entry (a step, a whole deal, a void or an amendment).

    Needs ``If-Match`` (or ``expected_version``): two phones undoing at once take back one
    entry, not two."""
    return write(
        match_id, body,
        lambda state: commands.undo(state, body.get("reason"), body.get("by"), principal()),
        lambda a: state_dict(match_id, a.state), MatchSchema, needed="record",
    )


@blp.arguments(VoidSchema())
@blp.response(200, MatchSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def void_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Void a recorded deal with a reason: it stays in the ledger, it no longer counts.
    Needs ``If-Match`` (or ``expected_version``)."""
    return write(
        match_id, body,
        lambda state: commands.void_deal(state, deal, body["reason"], body.get("by"),
                                         game=GAMES[state.game]),
        lambda a: state_dict(match_id, a.state), MatchSchema,
    )


@blp.arguments(AmendSchema())
@blp.response(200, DealResultSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 412, 422, 428)
def amend_deal(body: dict[str, Any], match_id: str, deal: int) -> Any:
    """Replace a recorded deal by a corrected record, with a reason; ruled again.
    Needs ``If-Match`` (or ``expected_version``)."""
    return write(
        match_id, body,
        lambda state: commands.amend_deal(
            state, GAMES[state.game], deal, body["record"], body["reason"], body.get("by"),
            entered_by=principal(),
        ),
        lambda a: _deal_result(match_id, a), DealResultSchema,
    )
