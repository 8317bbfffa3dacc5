"""What an organiser's resources share (docs/events.md E1, E13): an event and a club are
each written under their organiser's token, at a version (their ETag, ``"v12"``) sent back as
If-Match, with an Idempotency-Key, in one transaction; a racing writer is 412
``stale-version`` with the resource as it stands. Written once here, used by
:mod:`referee.api.events` and :mod:`referee.api.clubs`."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import marshmallow as ma
import peewee
from flask import Response

from referee import folds
from referee.api import limits
from referee.api.access import bearer_token, expected_version
from referee.api.credentials import Again, Handout, Owner
from referee.api.dumping import response_dumper
from referee.api.errors import ProblemError
from referee.api.problems import STALE_VERSION
from referee.api.writing import (
    claim_key,
    idempotency_key,
    json_response,
    replay,
    request_fingerprint,
)
from referee.i18n import Message
from referee.i18n.details import STALE_OWNER
from referee.store import idempotency, tokens


def _stale(noun: str) -> str:
    """The 412's sentence of an event or a club that changed since it was read."""
    return STALE_OWNER[noun].said() if noun in STALE_OWNER else (
        f"The {noun} has changed since you read it: here it is as it stands.")


@dataclass(frozen=True, slots=True)
class Organised:
    """One kind of organiser's resource: ``owner``, what its tokens belong to (``"event"``,
    ``"club"``); ``version(id)``, its version; ``view(id)``, it as answered (before
    dumping by ``schema``); ``noun``, how a 412's sentence and field name it."""

    owner: tokens.Owner
    version: Callable[[str], int]
    view: Callable[[str], dict[str, Any]]
    schema: type[ma.Schema]
    noun: str

    def authorize(self, owner_id: str, needed: str) -> None:
        """401 without a live token; 403 with one of something else (or a read token for a
        write); 404 when there is no such resource.

        :raises tokens.TokenRefused:
        """
        tokens.authenticate(owner_id, bearer_token(), needed, owner=self.owner)

    def etag(self, owner_id: str) -> dict[str, str]:
        """Its ETag, its version: ``"v12"``."""
        return {"ETag": f'"v{self.version(owner_id)}"'}

    def written(self, owner_id: str, stored: idempotency.StoredResponse) -> bool:
        """Whether it has moved on from the version a stored answer left it at."""
        return stored.headers.get("ETag") != self.etag(owner_id)["ETag"]

    def expect(self, owner_id: str, expected: int | None) -> None:
        """412 ``stale-version`` when it moved on since the If-Match version, with it as it
        stands and its ETag.

        :raises ProblemError:
        """
        if expected is not None and expected != self.version(owner_id):
            raise ProblemError(
                STALE_VERSION, _stale(self.noun), extra={self.noun: response_dumper(self.schema)(
                    self.view(owner_id))}, headers=self.etag(owner_id))

    def transact(self, owner_id: str, work: Callable[[], Any]) -> Any:
        """Run ``work`` in one write transaction; two writers that raced for its next version
        (the second refused by the store, twice) is 412 ``stale-version``, never a 500."""
        try:
            return folds.transact(work)
        except peewee.IntegrityError:
            self.expect(owner_id, -1)  # always stale: as it now stands
            raise

    def write(self, owner_id: str, body: dict[str, Any], change: Callable[[], Any],
              answer: Callable[[], dict[str, Any]] | None = None) -> Response:
        """One organiser's change: the organiser's token, If-Match (428 without, 412 stale),
        then in ONE transaction the Idempotency-Key's claim (a retry gets the stored answer),
        the ``change`` and the stored answer: ``answer()`` (by default the resource as
        answered, dumped by ``schema``)."""
        self.authorize(owner_id, "write")
        expected = expected_version(body, required=True)
        key = idempotency_key()
        fingerprint = request_fingerprint() if key is not None else None

        def work() -> Response:
            stored = claim_key(owner_id, key, fingerprint)
            if stored is not None:
                return replay(stored)
            self.expect(owner_id, expected)
            change()
            shown = answer() if answer is not None else response_dumper(self.schema)(
                self.view(owner_id))
            text = json.dumps(shown)
            headers = self.etag(owner_id)
            if key is not None:
                idempotency.complete(owner_id, key, idempotency.StoredResponse(
                    200, text, headers), owner_id, None)
            return json_response(text, 200, headers)

        done: Response = self.transact(owner_id, work)
        return done

    def credentials(self) -> Owner:
        """Its own credentials (its create's organiser and read tokens), as a refused retry
        checks them: written to once its version moved on."""
        return Owner(f"{self.noun}_id", self.written, tokens.all_live)

    def create(self, how: Message, make: Callable[[], str], created: type[ma.Schema],
               location: str) -> Response:
        """Create one (``make()`` stores it and returns its id) and answer, once, its
        ``organiser`` and ``read`` tokens (only their hashes are stored): 201, with its ETag
        and ``Location`` (``location`` with ``{id}``), dumped by ``created``. It counts once
        against the client's create quota. A retry with the same Idempotency-Key gets the same
        answer, tokens included (made again from the key), within the retry window and while
        it is as the create left it; after that 410 ``credentials-not-replayed`` saying
        ``how`` to go on."""
        handout = Handout("create", how, owner=self.credentials())

        def again(kept: dict[str, Any], seed: tokens.Seed) -> Again:
            made = {k: tokens.derive(kept["id"], k, seed, "create") for k in tokens.KINDS}
            answer = {**kept, "tokens": {"organiser": made["write"], "read": made["read"]}}
            return kept["id"], list(made.values()), lambda: json.dumps(answer)

        def work() -> Response:
            replayed = handout.replayed(again)  # the same create again: the same answer
            if replayed is not None:
                return replayed
            limits.take_create_quota()  # a retry above is free
            owner_id = make()
            made = tokens.issue(owner_id, tokens.KINDS, handout.seed, "create")
            answer = response_dumper(created)(
                {**self.view(owner_id),
                 "tokens": {"organiser": made["write"], "read": made["read"]}})
            headers = {**self.etag(owner_id), "Location": location.format(id=owner_id)}
            handout.keep(owner_id, 201, {**answer, "tokens": None}, headers, None)
            return json_response(json.dumps(answer), 201, headers)

        done: Response = folds.transact(work)
        return done
