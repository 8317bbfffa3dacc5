"""Backup and restore (a drill: back up, write more, restore, verify), and migrations that
servers starting together do not race (docs/operations.md)."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from referee.api import create_app
from referee.store import db as store_db
from tests.api.test_piquet_http import Q10_TRICKS
from tests.conftest import ON_POSTGRES, POSTGRES_URL, TableClient


def _app(path: Path, key_file: Path | None = None) -> Any:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}",
                      "REFEREE_LEDGER_KEY_FILE": str(key_file or path.parent.parent / "keys"
                                                     / "ledger.key")})
    app.test_client_class = TableClient
    return app


@pytest.mark.skipif(ON_POSTGRES, reason="SQLite's online backup (PostgreSQL: pg_dump)")
def test_a_backup_restored_verifies_and_says_it_is_behind_a_later_head(tmp_path: Path) -> None:
    live = tmp_path / "live" / "referee.db"
    app = _app(live)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = app.test_client()
    match = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    match_id = match.get_json()["id"]
    assert client.post(f"/v1/matches/{match_id}/deals",
                       json={"tricks": Q10_TRICKS}).status_code == 201

    backup = tmp_path / "backups" / "referee.db"
    done = runner.invoke(args=["db", "backup", str(backup)])
    assert done.exit_code == 0, done.output
    assert "ledger key copied" in done.output
    assert (backup.parent / "referee.db.ledger-key").read_bytes() == app.extensions[
        "referee.key_file"].read_bytes()
    assert runner.invoke(args=["db", "backup", str(backup)]).exit_code != 0  # never over one

    # the evening goes on after the backup: a client keeps the newest head it saw
    later = client.post(f"/v1/matches/{match_id}/deals", json={"tricks": Q10_TRICKS})
    assert later.status_code == 201
    head = client.get(f"/v1/matches/{match_id}").get_json()["head"]

    # the disk is lost: restore the backup (database and key) in a new place
    restored = tmp_path / "restored" / "referee.db"
    restored.parent.mkdir()
    shutil.copy(backup, restored)
    (tmp_path / "restored-keys").mkdir()
    shutil.copy(backup.parent / "referee.db.ledger-key", tmp_path / "restored-keys" / "key")
    again = _app(restored, tmp_path / "restored-keys" / "key")
    answer = again.test_client().get(f"/v1/matches/{match_id}/verify",
                                     query_string={"head": f"{head['seq']}:{head['hash']}"},
                                     headers={"Authorization": "Bearer "
                                              + match.get_json()["tokens"]["read"]})
    assert answer.status_code == 200, answer.get_json()
    report = answer.get_json()
    assert report["known_head"]["status"] == "behind"  # a restore to an earlier point
    assert report["events"] == head["seq"] - 2  # the deal recorded after the backup is gone
    chain = again.test_cli_runner().invoke(args=["db", "verify", match_id])
    assert chain.exit_code == 0, chain.output  # what the backup holds verifies
    assert "chain intact" in chain.output
    standings = again.test_client().get(
        f"/v1/matches/{match_id}",
        headers={"Authorization": "Bearer " + match.get_json()["tokens"]["read"]}).get_json()
    assert {s["name"]: s["score"] for s in standings["standings"]} == {"Bill": 11, "Ann": 41}


@pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL's advisory lock")
def test_migrations_wait_for_another_server_migrating(database_url: str) -> None:
    """Two servers starting together: the second waits for the first's advisory lock (it
    raced it and failed on a table the first had just made)."""
    holder = store_db.make_database(POSTGRES_URL)
    holder.execute_sql("SELECT pg_advisory_lock(%s)", (store_db.UPGRADE_LOCK,))
    finished = threading.Event()
    second = store_db.make_database(POSTGRES_URL)

    def migrate() -> None:
        with second.connection_context():
            store_db.upgrade(second)
        finished.set()

    thread = threading.Thread(target=migrate)
    thread.start()
    try:
        assert not finished.wait(0.5)  # it waits its turn
    finally:
        holder.execute_sql("SELECT pg_advisory_unlock(%s)", (store_db.UPGRADE_LOCK,))
        holder.close()
    thread.join(timeout=30)
    assert finished.is_set()
    second.close_all()
