"""Migration 0004 on a database of the previous version: its events, linked by plain SHA-256,
are linked again under the server's key (so no plain link is accepted from then on), a
pending Idempotency-Key claim left by a request that died is dropped, and the match reads
and takes writes as before."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from referee.api import create_app
from referee.store import ledger
from referee.store.chain import GENESIS_HASH, canonical_json, chain_hash
from referee.store.db import make_database, migration_runner, upgrade
from referee.store.tokens import token_hash

EVENTS = [
    ("match_created", {"game": "pitch", "players": ["Ann", "Bob", "Cid"],
                       "options": {"target": 11, "partnership": False, "first_dealer": "Ann"},
                       "rules_version": "old"}),
    ("bid", {"deal": 1, "dealer": 0, "seat": 1, "call": 2}),
]


def test_upgrade_links_old_events_under_the_key(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    db = make_database(url)
    with db.connection_context():
        migration_runner(db).up(target="0003_idempotency_created_at_index")
        # created now: a match with no deal recorded expires after two days (0008)
        db.execute_sql('INSERT INTO "match" ("id", "game", "created_at") VALUES (\'m1\', '
                       "'pitch', ?)", (datetime.datetime.now(datetime.UTC).replace(tzinfo=None),))
        prev = GENESIS_HASH
        for seq, (kind, payload) in enumerate(EVENTS, 1):
            text = canonical_json(payload)
            link = chain_hash(prev, seq, kind, text, "Ann")  # the old plain SHA-256
            db.execute_sql(
                'INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", '
                '"created_at", "prev_hash", "hash") VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
                ("m1", seq, kind, text, "Ann", "2026-11-01 10:00:00", prev, link))
            prev = link
        db.execute_sql(
            'INSERT INTO "access_token" ("match_id", "kind", "token_hash", "created_at") '
            "VALUES ('m1', 'write', ?, '2026-11-01 10:00:00')", (token_hash("rw_old"),))
        db.execute_sql(
            'INSERT INTO "idempotency_key" ("scope", "key", "fingerprint", "state", '
            '"created_at", "updated_at") VALUES (\'m1\', \'died\', \'f\', \'pending\', '
            "'2026-11-23 09:00:00', '2026-11-23 09:00:00')")

    app = create_app({"TESTING": True, "DATABASE_URL": url})  # the server's key, as flask db
    with db.connection_context():
        assert upgrade(db)[0] == "0004_keyed_chain"  # then the later ones (0006: seats)
        rows = db.execute_sql('SELECT "key_id", "hash" FROM "event" ORDER BY "seq"').fetchall()
        assert all(kid is not None for kid, _ in rows)
        assert rows[-1][1] != prev  # linked anew
        assert db.execute_sql('SELECT count(*) FROM "idempotency_key"').fetchone()[0] == 0
    client = app.test_client()
    auth = {"Authorization": "Bearer rw_old"}
    read = client.get("/v1/matches/m1", headers=auth)
    assert read.status_code == 200 and read.json["version"] == 2
    assert client.get("/v1/matches/m1/verify", headers=auth).json["intact"] is True
    retried = client.post("/v1/matches/m1/events", json={"type": "bid", "call": "pass"},
                          headers={**auth, "If-Match": '"v2"', "Idempotency-Key": "died"})
    assert retried.status_code == 201  # the dead request's key no longer blocks it
    with db.connection_context():
        assert ledger.verify_chain("m1") is None
        payload = db.execute_sql('SELECT "payload" FROM "event" WHERE "seq" = 3').fetchone()[0]
    assert json.loads(payload)["call"] == "pass"
