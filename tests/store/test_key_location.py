"""Where the ledger key lives (referee.store.keys; docs/security.md): apart from the database
by default, still read at its old place next to a SQLite file (a database made by the
previous version verifies after the upgrade), a warning when key and database sit together,
and never a new key for a database that already holds keyed events."""

from __future__ import annotations

import datetime
import logging
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

import referee.api.database
from referee.api import create_app
from referee.match import commands
from referee.match.games import GAMES
from referee.store import keys
from referee.store.chain import GENESIS_HASH, canonical_json, chain_hash
from referee.store.db import make_database, migration_runner
from referee.store.tokens import token_hash
from tests.api.test_piquet_http import Q10_TRICKS
from tests.conftest import ON_POSTGRES
from tests.served import ROOT

sqlite_only = pytest.mark.skipif(ON_POSTGRES, reason="the old key place is a SQLite file's")

#: The events of a new Piquet match, as the previous version stored them.
EVENTS = list(commands.create(GAMES["piquet"], ["Bill", "Ann"], {}))


def _previous_version_database(path: Path) -> str:
    """A SQLite database as the previous version left it: its migrations (up to 0006), its
    key next to it (``<file>.ledger-key``) and a match whose events that key linked."""
    key = secrets.token_urlsafe(48)
    path.parent.mkdir(parents=True, exist_ok=True)
    Path(str(path) + ".ledger-key").write_text(key + "\n", "utf-8")
    url = f"sqlite:///{path}"
    db = make_database(url)
    now = datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
    with db.connection_context():
        migration_runner(db).up(target="0006_seat_tokens")
        db.execute_sql('INSERT INTO "match" ("id", "game", "created_at") VALUES (?, ?, ?)',
                       ("m1", "piquet", now))
        prev = GENESIS_HASH
        for seq, (kind, payload) in enumerate(EVENTS, 1):
            text = canonical_json(payload)
            link = chain_hash(prev, seq, kind, text, None, key.encode())
            db.execute_sql(
                'INSERT INTO "event" ("match_id", "seq", "kind", "payload", "actor", '
                '"created_at", "prev_hash", "hash", "key_id") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
                ("m1", seq, kind, text, None, now, prev, link, keys.key_id(key.encode())))
            prev = link
        db.execute_sql(
            'INSERT INTO "access_token" ("match_id", "kind", "token_hash", "created_at") '
            "VALUES ('m1', 'write', ?, ?)", (token_hash("rw_old"), now))
    db.close()
    return url


@sqlite_only
def test_a_database_of_the_previous_version_verifies_after_the_upgrade(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    # the new default place holds a key too (another database's): the old place still wins
    default = tmp_path / "instance" / "ledger.key"
    default.parent.mkdir()
    default.write_text(secrets.token_urlsafe(48) + "\n", "utf-8")
    monkeypatch.setattr(referee.api.database, "_default_key_file", lambda app: default)
    url = _previous_version_database(tmp_path / "data" / "referee.db")

    with caplog.at_level(logging.WARNING, logger="referee"):
        app = create_app({"TESTING": True, "DATABASE_URL": url})
    assert app.extensions["referee.key_file"] == tmp_path / "data" / "referee.db.ledger-key"
    assert any("lies beside the database" in r.getMessage() for r in caplog.records)
    upgraded = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert upgraded.exit_code == 0 and "0008_create_quota_and_match_expiry" in upgraded.output

    client = app.test_client()
    auth = {"Authorization": "Bearer rw_old"}
    assert client.get("/v1/matches/m1/verify", headers=auth).get_json()["intact"] is True
    dealt = client.post("/v1/matches/m1/deals", json={"tricks": Q10_TRICKS},
                        headers={**auth, "If-Match": '"v1"'})
    assert dealt.status_code == 201, dealt.get_json()
    assert client.get("/v1/matches/m1/verify", headers=auth).get_json()["intact"] is True
    assert app.test_cli_runner().invoke(args=["db", "verify", "m1"]).exit_code == 0


@sqlite_only
def test_a_new_database_keeps_its_key_apart_from_it(tmp_path: Path) -> None:
    database = tmp_path / "referee.db"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{database}"})
    assert not Path(str(database) + ".ledger-key").exists()
    key_file = app.extensions["referee.key_file"]
    assert key_file == Path(app.instance_path) / "ledger.key" and key_file.exists()
    assert key_file.parent != database.parent


@sqlite_only
def test_a_key_file_beside_the_database_is_warned_of(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    url = f"sqlite:///{tmp_path / 'referee.db'}"
    with caplog.at_level(logging.WARNING, logger="referee"):
        create_app({"TESTING": True, "DATABASE_URL": url,
                    "REFEREE_LEDGER_KEY_FILE": str(tmp_path / "my.key")})
    warned = [r.getMessage() for r in caplog.records if "beside the database" in r.getMessage()]
    assert len(warned) == 1 and "my.key" in warned[0]
    caplog.clear()
    elsewhere = tmp_path / "keys" / "my.key"
    with caplog.at_level(logging.WARNING, logger="referee"):
        create_app({"TESTING": True, "DATABASE_URL": url,
                    "REFEREE_LEDGER_KEY_FILE": str(elsewhere)})
    assert not [r for r in caplog.records if "beside the database" in r.getMessage()]


def test_no_new_key_is_made_for_a_database_that_holds_events(
        database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = create_app({"TESTING": True, "DATABASE_URL": database_url,
                        "REFEREE_LEDGER_KEY_FILE": str(tmp_path / "keys" / "ledger.key")})
    made = first.test_client().post("/v1/matches", json={"game": "piquet",
                                                         "players": ["Bill", "Ann"]})
    assert made.status_code == 201
    db = first.extensions["referee.db"]
    if hasattr(db, "close_all"):
        db.close_all()

    lost = tmp_path / "elsewhere" / "ledger.key"
    monkeypatch.setattr(referee.api.database, "_default_key_file", lambda app: lost)
    with pytest.raises(keys.LedgerKeyError, match="holds events linked under a ledger key"):
        create_app({"TESTING": True, "DATABASE_URL": database_url})
    assert not lost.exists()
    with pytest.raises(keys.LedgerKeyError, match=str(tmp_path / "missing.key")):
        create_app({"TESTING": True, "DATABASE_URL": database_url,
                    "REFEREE_LEDGER_KEY_FILE": str(tmp_path / "missing.key")})
    assert not (tmp_path / "missing.key").exists()


@sqlite_only
def test_the_service_refuses_to_start_without_the_key_of_its_events(tmp_path: Path) -> None:
    """wsgi.py (what gunicorn loads): one sentence and exit status 3."""
    url = _previous_version_database(tmp_path / "referee.db")
    Path(str(tmp_path / "referee.db") + ".ledger-key").unlink()  # the key is lost
    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": url,
           "REFEREE_LEDGER_KEY_FILE": str(tmp_path / "keys" / "ledger.key")}
    done = subprocess.run([sys.executable, "-c", "import wsgi"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert done.stderr.strip().startswith("referee cannot start: the database holds events")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "keys" / "ledger.key").exists()
