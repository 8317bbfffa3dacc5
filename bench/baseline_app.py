"""The bare baseline of the HTTP benchmark: Flask + marshmallow + peewee, nothing else.

``POST /plays`` validates a step-like JSON body with marshmallow and inserts one row in one
write transaction (``BEGIN IMMEDIATE`` on SQLite), then answers 201 with the row as JSON.
It opens the database exactly as the service does (:func:`referee.store.db.make_database`:
same SQLite pragmas, same PostgreSQL pool; a worker keeps its SQLite connection open) and
writes in the service's transaction (:func:`referee.store.db.write_transaction`: on SQLite
the same wait for the write lock, without which SQLite's short busy timeout answers
"database is locked" under load), so the difference between the two runs is the service's
own work: tokens, Idempotency-Key, the match's fold, the rules, the hash chain and the
bigger answer.

``BASELINE_SQLITE_WAIT=busy_timeout`` writes with peewee's plain ``atomic("IMMEDIATE")``
and SQLite's own busy wait (10 s) instead: the plain code the service's cooperative wait
is measured against (bench/RESULTS.md).

    DATABASE_URL=sqlite:////tmp/baseline.db gunicorn -c gunicorn.conf.py bench.baseline_app:app
"""

from __future__ import annotations

import datetime
import json
import os
from typing import Any

import marshmallow as ma
import peewee
from flask import Flask, Response, request

from referee.store.db import database_proxy, is_sqlite, make_database, write_transaction


class Play(peewee.Model):
    """One recorded play (the baseline's only table)."""

    id = peewee.AutoField()
    match_id = peewee.CharField(max_length=32, index=True)
    kind = peewee.CharField(max_length=32)
    payload = peewee.TextField()
    created_at = peewee.DateTimeField()

    class Meta:
        database = database_proxy
        table_name = "baseline_play"


CARD = ma.validate.Length(min=2, max=3)


class PlaySchema(ma.Schema):
    """A step as a phone sends it (the same bodies as the service's steps, plus the match)."""

    match_id = ma.fields.String(required=True, validate=ma.validate.Length(min=1, max=32))
    type = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["deal_started", "bid", "exchange", "card"]),
    )
    card = ma.fields.String(validate=CARD)
    call = ma.fields.Raw()
    player = ma.fields.String(validate=ma.validate.Length(max=40))
    hands = ma.fields.List(ma.fields.List(ma.fields.String(validate=CARD)))
    dealt = ma.fields.Dict(keys=ma.fields.String(),
                           values=ma.fields.List(ma.fields.String(validate=CARD)))
    talon = ma.fields.List(ma.fields.String(validate=CARD))
    elder = ma.fields.List(ma.fields.String(validate=CARD))
    younger = ma.fields.List(ma.fields.String(validate=CARD))


def create_app() -> Flask:
    """The baseline app on DATABASE_URL (its table is created if missing)."""
    app = Flask(__name__)
    db = make_database(os.environ.get("DATABASE_URL", "sqlite:///baseline.db"))
    database_proxy.initialize(db)
    with db.connection_context():
        db.create_tables([Play], safe=True)
    schema = PlaySchema()
    plain = is_sqlite(db) and os.environ.get("BASELINE_SQLITE_WAIT") == "busy_timeout"
    if plain:  # SQLite's own wait for the lock (a blocking sleep in C), 10 s
        db._pragmas = [(k, 10_000 if k == "busy_timeout" else v) for k, v in db._pragmas]

    @app.before_request
    def _connect() -> None:
        db.connect(reuse_if_open=True)

    @app.teardown_request
    def _close(_: BaseException | None) -> None:
        # As the service (referee/api/__init__.py): PostgreSQL back to the pool, a SQLite
        # connection kept open in its worker (closing it checkpoints the WAL every request).
        if not db.is_closed() and not is_sqlite(db):
            db.close()

    @app.get("/healthz")
    def healthz() -> Any:
        return {"status": "ok"}

    @app.post("/plays")
    def record_play() -> Any:
        try:
            body = schema.load(request.get_json(force=True))
        except ma.ValidationError as error:
            return Response(json.dumps({"errors": error.messages}), 400,
                            mimetype="application/problem+json")
        with db.atomic("IMMEDIATE") if plain else write_transaction():
            row = Play.create(
                match_id=body.pop("match_id"), kind=body["type"],
                payload=json.dumps(body, sort_keys=True),
                created_at=datetime.datetime.now(datetime.UTC).replace(tzinfo=None),
            )
        out = {"id": row.id, "match_id": row.match_id, "kind": row.kind, "payload": body}
        return Response(json.dumps(out), 201, mimetype="application/json")

    return app


app = create_app()
