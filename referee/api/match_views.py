"""The match as the API shows it (:func:`state_dict`), and its reads: ``GET /v1/matches/{id}``
and ``GET …/me`` (who this credential is at the table). Routes: :mod:`referee.api.routes`.

Every match fact shown (next deal, totals, elder and younger) comes from the match state
(:mod:`referee.match.state`), never decided here.
"""

from __future__ import annotations

from typing import Any

from flask import g

from referee.api.access import BEARER, etag, principal_of, read_state
from referee.api.dumping import Dumped, dumper
from referee.api.errors import problems
from referee.api.matches import blp
from referee.api.view_schemas import CurrentIrregularitySchema, MatchSchema, ViewerSchema
from referee.match import commands
from referee.match.state import MatchState
from referee.store import tokens


def state_dict(match_id: str, state: MatchState) -> Dumped:
    """The match as the API shows it, made as :class:`~referee.api.view_schemas.MatchSchema`
    dumps it (its fields in order, each value as dumped: a write's answer gives it as it is,
    tests/api/test_match_shown.py compares the two at every event of tests/corpus)."""
    players = list(state.players)
    dealer = state.next_dealer
    body: dict[str, Any] = {
        "id": match_id,
        "game": state.game,
        "players": players,
        # the game in the options too, the document's discriminator (stored options lack it)
        "options": {**state.options, "game": state.game},
        "rules_version": state.rules_version,
        "version": state.version,
        "deal_number": state.deal_number,
        "deal_in_progress": state.current is not None,
        "dealer": {"player": players[dealer], "seat": dealer},
        # Piquet's elder and younger hand of the deal (Q1): the roles the game names
        **{role: name for role, name in state.roles.items() if role != "dealer"},
        "standings": [
            {"name": n, "score": p, "agreed": state.agreed.get(n, 0)}
            for n, p in state.standings.items()
        ],
        "deals_played": len(state.live_deals),
        "deals_required": state.outcome.deals_required,
        "next": state.next.as_dict(),
        "finished": state.outcome.finished,
        "winner": state.outcome.winner,
        "drawn": state.outcome.drawn,
        "settlement": (None if state.outcome.settlement is None
                       else state.outcome.settlement.to_json()),
        "current_deal": state.current.record if state.current is not None else None,
        "current_irregularities": _irregularities(state),
        "provisional": list(state.provisional),
        "disputed": list(state.disputed),
        "settlement_withheld": state.withheld,
        "provisional_result": _provisional_result(match_id, state),
        "seats": list(state.seats),
        "joined": list(state.joined),
        "auto_confirm": state.options.get("auto_confirm", "auto"),
        "auto_confirm_on": state.auto_confirm,
        "reentry": _reentry(state),
        "head": head_of(state),
        "next_deal": state.next_deal,
    }
    return Dumped(MatchSchema, body)


#: The deal in progress's irregularities as the match's schema dumps them (their violations'
#: fields in the schema's order).
_IRREGULARITIES = dumper(CurrentIrregularitySchema(many=True))


def _provisional_result(match_id: str, state: MatchState) -> dict[str, Any] | None:
    """:func:`commands.provisional_result`, each deal with the path that confirms it."""
    found = commands.provisional_result(state)
    if found is None:
        return None
    result = found.as_dict()
    return {**result, "confirm": [  # in ConfirmWaySchema's order
        {"deal": way["deal"], "path": f"/v1/matches/{match_id}/deals/{way['deal']}/confirm",
         "by": way["by"]}
        for way in result["confirm"]]}


def _irregularities(state: MatchState) -> list[dict[str, Any]]:
    """The steps of the deal in progress recorded anyway (P10, Q12), oldest first: what
    (``irregularity``), its ``penalty``, the ``consequence`` in a sentence, the rules'
    ``violations`` and the ``step`` as sent (a card taken back is in no record: the page shows
    it from here)."""
    if state.current is None or not state.current.irregular:
        return []
    shown: list[dict[str, Any]] = _IRREGULARITIES([note.as_shown()
                                                   for note in state.current.irregular])
    return shown


def _reentry(state: MatchState) -> dict[str, Any] | None:
    """The deal in progress when it is the cards of an earlier deal entered step by step
    (docs/records.md): which deal, how it stands in the ledger until its last card rules it, and
    how many undos take the entry back (see :class:`~referee.api.view_schemas.ReentrySchema`)."""
    current = state.current
    if current is None or not current.reentry:
        return None
    entry = state.deal(current.number)
    return {
        "deal": current.number,
        "level": entry.level if entry is not None else None,
        "agreement": entry.agreement if entry is not None else None,
        "undo_steps": state.current_undos,
    }


def head_of(state: MatchState) -> dict[str, Any]:
    """The ledger's last event (seq = version, its keyed link): keep it, /verify?head= tells
    a ledger cut short or rewritten since."""
    return {"seq": state.version, "hash": state.head}


@blp.response(200, MatchSchema)
@blp.alt_response(304, description="Not modified: the ETag sent in If-None-Match is current.")
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_match(match_id: str) -> Any:
    """The match: players, standings, whose turn it is and what is legal now, the result.

    Its ``ETag`` is the match's version: send it back as ``If-Match`` when writing.
    """
    state = read_state(match_id)
    return state_dict(match_id, state), 200, {"ETag": etag(state)}


@blp.response(200, ViewerSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404)
def read_me(match_id: str) -> Any:
    """Who this credential is at the table: ``kind`` (write | read | seat), ``player`` (a
    seat's), and ``to_confirm``: the provisional deals waiting for its answer, confirm or
    dispute (a seat: those the other side entered; the shared write token: all of them while
    no seat has joined and ``auto_confirm`` is off — on, they confirm themselves, the last
    when the match ends)."""
    state = read_state(match_id)
    return viewer(state, g.grant), 200, {"ETag": etag(state)}


def viewer(state: MatchState, grant: tokens.Grant) -> dict[str, Any]:
    """What ``GET …/me`` says of the credential ``grant``."""
    principal = principal_of(grant) if grant.kind != "read" else None
    return {"kind": grant.kind, "player": grant.seat, "joined": grant.seat in state.joined,
            "to_confirm": list(commands.to_confirm(state, principal))}
