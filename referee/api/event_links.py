"""New links for a table of an event (docs/events.md, "Lost links"): the organiser gets a
table's credentials again when its phone lost the match's token or a player lost the join
link. Credentials are never stored (only hashes), so they are not handed out again: they are
replaced, as a match's rotation and seats replace them (:mod:`referee.api.credentials`), and
the old ones stop working."""

from __future__ import annotations

import json
from typing import Any

from flask import Response

from referee import club, folds
from referee.api import access
from referee.api.access import BEARER, expected_version
from referee.api.credentials import MATCH, Again, Handout, Owner
from referee.api.dumping import response_dumper
from referee.api.errors import ProblemError, problems
from referee.api.event_access import authorize, blp, event_etag, expect_event, table_dict
from referee.api.event_schemas import EventRelinkSchema, EventStartedTableSchema
from referee.api.problems import NOT_FOUND
from referee.api.writing import json_response, noted
from referee.events import Table
from referee.i18n.details import HOW, NO_EVENT_TABLE
from referee.match import commands
from referee.store import idempotency, ledger, tokens

#: What a refused retry of new links says to do instead.
_RELINK_HOW = HOW["relink"]
#: The purpose new links' tokens are made for (a retry makes the same ones from its key).
_PURPOSE = "relink"


def _match_moved(match_id: str, stored: idempotency.StoredResponse) -> bool:
    """Whether the table's match has moved on since the new links were answered."""
    return bool(ledger.chain_head(match_id)[0] != json.loads(stored.body)["at"])


#: New links belong to the table's match: a retry gets them again only while it is unchanged.
_LINKS_OWNER = Owner("match_id", _match_moved, MATCH.live)


def _table_of(event_id: str, round_number: int, number: int) -> tuple[Table, str]:
    """The table ``number`` of round ``round_number`` and its match's id.

    :raises ProblemError: 404, no such round or table (yet).
    """
    folded = club.load(event_id)
    rounds = folded.event.rounds
    if 1 <= round_number <= len(rounds):
        for table in rounds[round_number - 1].tables:
            match_id = folded.matches.get((round_number, table.number))
            if table.number == number and match_id is not None:
                return table, match_id
    raise ProblemError(NOT_FOUND, NO_EVENT_TABLE.said(number=number, round=round_number))


def _answer(event_id: str, round_number: int, table: Table, made: dict[str, str],
            seats: list[dict[str, str]]) -> str:
    """The table as a started round shows it (:class:`EventStartedTableSchema`), as its match
    stands: its new ``tokens`` (none when only seats were replaced) and ``seat_tokens`` with
    their join links."""
    folded = club.load(event_id)
    state = next(t for t in club.tables(folded, folded.event.rounds[round_number - 1])
                 if t.table == table.number)
    link = "/table/#match={}&token={}"
    shown = {**table_dict(table, state.match_id, state), "tokens": made, "seat_tokens": [
        {**seat, "link": link.format(state.match_id, seat["token"])} for seat in seats]}
    return json.dumps(response_dumper(EventStartedTableSchema)(shown))


@blp.arguments(EventRelinkSchema())
@blp.response(200, EventStartedTableSchema)
@blp.doc(security=BEARER)
@problems(blp, 401, 403, 404, 410, 412, 422, 428)
def relink_table(body: dict[str, Any], event_id: str, round_number: int, table: int) -> Any:
    """New links for a table (the organiser's token): its match's write and read ``tokens``
    and every seat's token and join link made anew, or, with ``players``, only those
    players' seats (the table's phone keeps its token). The ones they replace stop working
    at once (their streams end), as a match's rotation (``POST …/tokens:rotate``) and seats
    (``POST …/seats``) replace them; new seats join again when their phones open the link.
    Needs ``If-Match``: the event's ETag (or ``*``; nothing is recorded twice). With an
    Idempotency-Key a retry gets the same links and replaces nothing more, within the retry
    window and while the table's match is unchanged; after that it is ``410``
    (``credentials-not-replayed``)."""
    authorize(event_id, "write")
    expected = expected_version(body, required=True, any_ok=True)
    seated, match_id = _table_of(event_id, round_number, table)
    grant = access.authorize(match_id, "write")  # the organiser's, as at the table (E11)
    players = body.get("players")
    kinds: tuple[tokens.Kind, ...] = () if players is not None else tokens.KINDS
    handout = Handout(event_id, _RELINK_HOW, owner=_LINKS_OWNER,
                      how_params={"round": round_number, "table": table})

    def again(kept: dict[str, Any], seed: tokens.Seed) -> Again:
        made = {k: tokens.derive(match_id, k, seed, _PURPOSE) for k in kept["kinds"]}
        seats = [{"player": p, "token": tokens.derive(match_id, tokens.SEAT, seed,
                                                       f"seat:{p}")} for p in kept["players"]]
        shown = [*made.values(), *(s["token"] for s in seats)]
        return match_id, shown, lambda: _answer(event_id, round_number, seated, made, seats)

    def work() -> Response:
        replayed = handout.replayed(again)
        if replayed is not None:
            return replayed
        expect_event(event_id, expected)
        fold = folds.expect(match_id, None)
        named = list(dict.fromkeys(players if players is not None else seated.seats))
        appended = folds.append(match_id, fold, noted(commands.issue_seats(
            fold.state(), named), None), grant.label)
        made = tokens.rotate(match_id, kinds, handout.seed, _PURPOSE) if kinds else {}
        seats = tokens.issue_seats(match_id, list(appended.events[0].payload["players"]),
                                   handout.seed)
        headers = event_etag(event_id)
        handout.keep(match_id, 200, {"kinds": list(kinds), "players": named,
                                     "at": appended.state.version}, headers, None)
        return json_response(_answer(event_id, round_number, seated, made, seats), 200, headers)

    answer: Response = folds.transact(work, match_id)
    return answer
