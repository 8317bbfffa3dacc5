"""Migration 0008 (the create quota, the expiry of unplayed matches) on a database of the
previous version, SQLite or PostgreSQL: its matches read and verify as before, an old one
that recorded no deal expires and is pruned, and creates are counted."""

from __future__ import annotations

import datetime
import secrets
from pathlib import Path

import peewee

from referee.api import create_app
from referee.match import commands
from referee.match.games import GAMES
from referee.store import expiry, keys
from referee.store.chain import GENESIS_HASH, canonical_json, chain_hash
from referee.store.db import make_database, migration_runner
from referee.store.tokens import token_hash
from tests.conftest import ON_POSTGRES, _reset_postgres


def _old_match(db: peewee.Database, match_id: str, key: str, created: datetime.datetime
               ) -> None:
    """A new Piquet match as the previous version stored it, linked under ``key``."""
    mark = db.param
    db.execute_sql(f'INSERT INTO "match" ("id", "game", "created_at") VALUES ({mark}, '
                   f"{mark}, {mark})", (match_id, "piquet", created))
    prev = GENESIS_HASH
    for seq, (kind, payload) in enumerate(commands.create(GAMES["piquet"], ["Bill", "Ann"], {}),
                                          1):
        text = canonical_json(payload)
        link = chain_hash(prev, seq, kind, text, None, key.encode())
        db.execute_sql(
            'INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", "created_at", '
            f'"prev_hash", "hash", "key_id") VALUES ({", ".join([mark] * 9)})',
            (match_id, seq, kind, text, None, created, prev, link, keys.key_id(key.encode())))
        prev = link
    db.execute_sql(f'INSERT INTO "access_token" ("match_id", "kind", "token_hash", '
                   f'"created_at") VALUES ({mark}, {mark}, {mark}, {mark})',
                   (match_id, "write", token_hash("rw_" + match_id), created))


def test_a_database_of_the_previous_version_upgrades(database_url: str, tmp_path: Path) -> None:
    key_file = tmp_path / "keys" / "ledger.key"
    key_file.parent.mkdir()
    key = secrets.token_urlsafe(48)
    key_file.write_text(key + "\n", "utf-8")
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    db = make_database(database_url)
    with db.connection_context():
        if ON_POSTGRES:
            _reset_postgres(db)
        else:
            for table in ("event", "match", "access_token", "idempotency_key",
                          "schema_migration"):
                db.execute_sql(f'DROP TABLE IF EXISTS "{table}"')
        migration_runner(db).up(target="0006_seat_tokens")
        _old_match(db, "young", key, now - datetime.timedelta(hours=1))
        _old_match(db, "old", key, now - datetime.timedelta(days=3))
    if hasattr(db, "close_all"):
        db.close_all()

    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "REFEREE_LEDGER_KEY_FILE": str(key_file), "CREATE_QUOTA": 2})
    expiry.KNOWN.clear()
    runner = app.test_cli_runner()
    upgraded = runner.invoke(args=["db", "upgrade"])
    assert upgraded.exit_code == 0 and "0008_create_quota_and_match_expiry" in upgraded.output
    client = app.test_client()
    young = {"Authorization": "Bearer rw_young"}
    assert client.get("/v1/matches/young/verify", headers=young).get_json()["intact"] is True
    assert client.get("/v1/matches/young", headers=young).status_code == 200
    assert client.get("/v1/matches/old", headers={"Authorization": "Bearer rw_old"}
                      ).status_code == 410
    pruned = runner.invoke(args=["db", "prune"])
    assert pruned.exit_code == 0 and "pruned 1 expired match " in pruned.output
    created = [client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]}
                           ).status_code for _ in range(3)]
    assert created == [201, 201, 429]
    assert client.get("/v1/matches/young/verify", headers=young).get_json()["intact"] is True
