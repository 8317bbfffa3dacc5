"""Ledgers recorded by an earlier version keep working (tests/corpus/README.md).

Each file of ``tests/corpus/v*/`` holds a match's rows exactly as the database stored them.
They are inserted as they are, never recorded again through the API, into a database at the
schema they were recorded under (then upgraded by this code's migrations), with the ledger key
they were linked with; then this code must fold them to the recorded facts (standings,
settlement, deal numbers, agreement, who is next), render the ledger, its CSV and the log,
verify the chain, undo the last entry as recorded, and never rewrite a stored row by reading
it. Runs on SQLite, and on PostgreSQL when DATABASE_URL names a server.
"""

from __future__ import annotations

import datetime
import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import peewee
import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator

from referee import folds
from referee.api import create_app
from referee.store import tokens
from referee.store.db import make_database, migration_runner, upgrade
from tests.conftest import ON_POSTGRES, POSTGRES_URL
from tests.corpus.facts import (
    after_undo_facts,
    csv_facts,
    ledger_facts,
    match_facts,
    verify_facts,
)

CORPUS_DIR = Path(__file__).resolve().parent
FILES = sorted(CORPUS_DIR.glob("v*/*.json"))


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8"))


@pytest.fixture(params=FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def recording(request: pytest.FixtureRequest) -> dict[str, Any]:
    """One corpus file."""
    return _load(request.param)


def _when(value: Any) -> datetime.datetime:
    """A stored datetime: SQLite gives its text back, PostgreSQL a datetime."""
    if isinstance(value, datetime.datetime):
        return value
    return datetime.datetime.fromisoformat(str(value))


def _stored_value(column: str, value: Any) -> Any:
    """A column's value to compare (and to give PostgreSQL): datetimes as datetimes, the rest
    as stored."""
    return _when(value) if column.endswith("_at") and value is not None else value


def _corpus_postgres_url() -> str:
    """A PostgreSQL database of the corpus's own beside this worker's (``<name>_corpus``,
    created when missing): its tables are dropped for each file, which must never touch the
    database a served fixture of the session keeps using."""
    parts = urllib.parse.urlsplit(POSTGRES_URL)
    name = f"{parts.path.lstrip('/') or 'postgres'}_corpus"
    import psycopg  # the PostgreSQL extra: only when DATABASE_URL names a server

    with psycopg.connect(POSTGRES_URL, autocommit=True) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not found:
            conn.execute(f'CREATE DATABASE "{name}"')
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def _fresh_database(tmp_path: Path) -> tuple[str, peewee.Database]:
    """An empty database (its own SQLite file, or the corpus's PostgreSQL database with
    every table dropped) and its URL."""
    if not ON_POSTGRES:
        url = f"sqlite:///{tmp_path / 'corpus.db'}"
        return url, make_database(url)
    url = _corpus_postgres_url()
    db = make_database(url)
    with db.connection_context():
        names = [r[0] for r in db.execute_sql(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").fetchall()]
        for name in names:
            db.execute_sql(f'DROP TABLE IF EXISTS "{name}" CASCADE')
    return url, db


def _insert(db: peewee.Database, table: str, row: dict[str, Any]) -> None:
    columns = list(row)
    sql = 'INSERT INTO "{}" ({}) VALUES ({})'.format(
        table, ", ".join(f'"{c}"' for c in columns), ", ".join([db.param] * len(columns)))
    if isinstance(db, peewee.SqliteDatabase):  # the very text SQLite kept
        db.execute_sql(sql, [row[c] for c in columns])
    else:  # PostgreSQL keeps a timestamp: the same instant
        db.execute_sql(sql, [_stored_value(c, row[c]) for c in columns])


def _recorded_schema(db: peewee.Database, names: list[str]) -> None:
    """Apply exactly the migrations the recording database had (a migration added since,
    whatever its number, runs later, in :func:`upgrade`, as on a server upgraded)."""
    runner = migration_runner(db)
    known = {m.name: m for m in runner.status()}
    assert set(names) <= set(known), f"recorded migrations gone: {set(names) - set(known)}"
    runner.History.create_table()
    for name in sorted(names, key=lambda n: known[n]):
        module = known[name].load()
        with runner.migrator.migration_context(getattr(module, "atomic", True)):
            module.up(runner.migrator, db)
            runner.History.create(name=name)


def _load_rows(db: peewee.Database, recording: dict[str, Any]) -> None:
    """The schema the rows were recorded under, the rows as stored, then this code's
    migrations on top (as a server upgraded over a database of that version would)."""
    with db.connection_context():
        _recorded_schema(db, recording["schema"])
        with db.atomic():
            _insert(db, "match", recording["match"])
            for row in recording["events"]:
                _insert(db, "event", row)
            if not isinstance(db, peewee.SqliteDatabase):  # ids given: move the sequence on
                db.execute_sql(
                    "SELECT setval(pg_get_serial_sequence('\"event\"', 'id'), "
                    'MAX("id")) FROM "event"')
        upgrade(db)
    if hasattr(db, "close_all"):
        db.close_all()


#: The corpus's expiry time (seconds): far beyond any recording's age.
_CENTURY_SECONDS = 100 * 365 * 86400


@pytest.fixture
def loaded(recording: dict[str, Any], tmp_path: Path) -> Iterator[tuple[Flask, str]]:
    """The app on a database holding the recorded match, configured with the corpus's ledger
    key; yields (app, a write token made for the test)."""
    url, db = _fresh_database(tmp_path)
    _load_rows(db, recording)
    # A recording is read long after it was made: a match in it that recorded no deal would
    # have expired by the clock (docs/security.md, "Limits and their defaults"), which is not
    # what these tests are about, so the expiry is put a century away.
    app = create_app({"TESTING": True, "DATABASE_URL": url,
                      "REFEREE_LEDGER_KEY": recording["ledger_key"],
                      "MATCH_EXPIRY_SECONDS": _CENTURY_SECONDS})
    folds.FOLDS.clear()  # every fold from the stored rows, never from an earlier test's
    app_db = app.extensions["referee.db"]
    with app_db.connection_context(), app_db.atomic():
        write = tokens.issue(recording["match"]["id"], ("write",))["write"]
    yield app, write
    folds.FOLDS.clear()
    app_db.close_all()


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _rows(app: Flask, recording: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The recorded match's stored rows now, in the columns recorded (a column a later
    migration added is not the recorded row's; datetimes as datetimes)."""
    match_id = recording["match"]["id"]
    recorded = {"match": list(recording["match"]), "event": list(recording["events"][0])}
    db = app.extensions["referee.db"]
    found: dict[str, list[dict[str, Any]]] = {}
    with db.connection_context():
        for table, where, order in (("match", "id", "id"), ("event", "match_id", "seq")):
            cursor = db.execute_sql(
                f'SELECT * FROM "{table}" WHERE "{where}" = {db.param} ORDER BY "{order}"',
                (match_id,))
            names = [d[0] for d in cursor.description]
            rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
            found[table] = [{c: _stored_value(c, row[c]) for c in recorded[table]}
                            for row in rows]
    return found


def _recorded_rows(recording: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    def typed(row: dict[str, Any]) -> dict[str, Any]:
        return {c: _stored_value(c, v) for c, v in row.items()}

    return {"match": [typed(recording["match"])],
            "event": [typed(r) for r in recording["events"]]}


def _all(client: FlaskClient, match_id: str, write: str, path: str) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        query: dict[str, Any] = {"limit": 100}
        if cursor is not None:
            query["cursor"] = cursor
        response = client.get(f"/v1/matches/{match_id}{path}", query_string=query,
                              headers=_bearer(write))
        assert response.status_code == 200, response.json
        items += response.json["items"]
        cursor = response.json["next_cursor"]
        if cursor is None:
            return items


def _read_everything(client: FlaskClient, match_id: str, write: str) -> dict[str, Any]:
    """Every read of the match, each asserted 200: the match, /me, /ledger, /ledger.csv, /log,
    /verify."""
    headers = _bearer(write)
    url = f"/v1/matches/{match_id}"
    answers: dict[str, Any] = {}
    for name, path in (("match", ""), ("me", "/me"), ("verify", "/verify")):
        response = client.get(url + path, headers=headers)
        assert response.status_code == 200, (path, response.json)
        answers[name] = response.json
    csv_text = client.get(url + "/ledger.csv", headers=headers)
    assert csv_text.status_code == 200 and csv_text.mimetype == "text/csv"
    answers["csv"] = csv_text.get_data(as_text=True)
    answers["ledger"] = _all(client, match_id, write, "/ledger")
    answers["log"] = _all(client, match_id, write, "/log")
    return answers


def test_a_recorded_ledger_folds_renders_verifies_and_undoes(
    recording: dict[str, Any], loaded: tuple[Flask, str],
) -> None:
    app, write = loaded
    client = app.test_client()
    match_id = recording["match"]["id"]
    expected = recording["expected"]
    read = _read_everything(client, match_id, write)

    assert match_facts(read["match"]) == expected["match"]
    assert ledger_facts(read["ledger"]) == expected["ledger"]
    assert csv_facts(read["csv"]) == expected["csv"]
    assert verify_facts(read["verify"]) == expected["verify"]
    assert read["verify"]["intact"] is True
    # The document describes the old ledger's deals too (their records and typed rulings).
    document = client.get("/openapi.json").get_json()
    validator = Draft202012Validator({"$ref": "#/components/schemas/LedgerItem",
                                      "components": document["components"]})
    for item in read["ledger"]:
        assert not [error.message for error in validator.iter_errors(item)], item["deal"]
    # Its options as stored, read as its game's (the stored ones lack the game: added on read).
    options = read["match"]["options"]
    assert options["game"] == read["match"]["game"]
    shape = {"piquet": "PiquetOptionsInForce", "pitch": "PitchOptionsInForce"}[options["game"]]
    validator = Draft202012Validator({"$ref": f"#/components/schemas/{shape}",
                                      "components": document["components"]})
    assert not [error.message for error in validator.iter_errors(options)], options
    # The log shows every stored event as it is stored.
    assert [(i["seq"], i["kind"], i["payload"], i["actor"], i["prev_hash"], i["hash"])
            for i in read["log"]] == [
        (r["seq"], r["kind"], json.loads(r["payload"]), r["actor"], r["prev_hash"], r["hash"])
        for r in recording["events"]]

    # One undo by the shared phone, against the version just read.
    undo = client.post(f"/v1/matches/{match_id}/undo", json={},
                       headers={**_bearer(write), "If-Match": f'"v{read["match"]["version"]}"'})
    wanted = expected["undo"]
    assert undo.status_code == wanted["status"], undo.json
    verify = client.get(f"/v1/matches/{match_id}/verify", headers=_bearer(write)).json
    if wanted["status"] != 200:
        assert [v["code"] for v in undo.json["violations"]] == wanted["codes"]
        assert verify_facts(verify) == expected["verify"]
        return
    assert after_undo_facts(undo.json) == wanted["match"]
    last = _all(client, match_id, write, "/log")[-1]
    assert (last["kind"], last["payload"]["voids"]) == ("undo", wanted["voids"])
    # The undo is linked under this server's key: the whole chain still verifies.
    assert verify["intact"] is True and verify["events"] == wanted["verify"]["events"]
    again = client.get(f"/v1/matches/{match_id}", headers=_bearer(write))
    assert after_undo_facts(again.json) == wanted["match"]


def test_reading_a_recorded_ledger_never_rewrites_its_rows(
    recording: dict[str, Any], loaded: tuple[Flask, str],
) -> None:
    app, write = loaded
    client = app.test_client()
    match_id = recording["match"]["id"]
    assert _rows(app, recording) == _recorded_rows(recording)
    _read_everything(client, match_id, write)
    _read_everything(client, match_id, write)  # the second from the folds kept
    assert _rows(app, recording) == _recorded_rows(recording)
    # An undo appends; the rows before it stay as they were.
    version = client.get(f"/v1/matches/{match_id}", headers=_bearer(write)).json["version"]
    client.post(f"/v1/matches/{match_id}/undo", json={},
                headers={**_bearer(write), "If-Match": f'"v{version}"'})
    after = _rows(app, recording)
    assert after["match"] == _recorded_rows(recording)["match"]
    assert after["event"][: len(recording["events"])] == _recorded_rows(recording)["event"]


def test_the_corpus_is_there() -> None:
    """The corpus holds both games' ledgers, each file says what recorded it and with which
    key, and its rows are whole (seqs from 1 without gaps, every link and key id)."""
    assert FILES, "no recorded ledgers under tests/corpus/v*/"
    games = set()
    for path in FILES:
        recording = _load(path)
        assert recording["recorded_by"] and recording["ledger_key"] and recording["schema"]
        games.add(recording["match"]["game"])
        seqs = [row["seq"] for row in recording["events"]]
        assert seqs == list(range(1, len(seqs) + 1)), path
        assert all(row["hash"] and row["key_id"] for row in recording["events"]), path
    assert games == {"piquet", "pitch"}


def test_a_recorded_ledger_resumed_from_snapshots_folds_and_undoes_as_recorded(
    recording: dict[str, Any], loaded: tuple[Flask, str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same facts with a fold snapshot every 2 events (docs/operations.md, "Fold
    snapshots"), stored for the recorded ledger as the service would have: every read and
    the undo resume from them, and fold what a replay folds."""
    from referee import resume
    from referee.match.games import GAMES
    from referee.match.state import replay
    from tests.api.test_fold_snapshots import stored_events

    app, _ = loaded
    monkeypatch.setenv("REFEREE_SNAPSHOT_EVERY", "2")
    monkeypatch.setenv("REFEREE_SNAPSHOTS_KEPT", "1000")
    match_id = recording["match"]["id"]
    with app.app_context():
        assert resume.build(match_id) == len(recording["events"]) // 2
        folds.FOLDS.clear()
        assert folds.load_state(match_id) == replay(stored_events(match_id), GAMES)
    folds.FOLDS.clear()
    test_a_recorded_ledger_folds_renders_verifies_and_undoes(recording, loaded)
    with app.app_context():
        folds.FOLDS.clear()
        assert folds.load_state(match_id) == replay(stored_events(match_id), GAMES)
