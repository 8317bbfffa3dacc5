"""Folds resumed from stored snapshots (referee.resume; docs/operations.md, "Fold snapshots"):
through the service, a match with snapshots is served exactly as a replay of its ledger
serves it — cold reads, undos (also one after another, back past several snapshots) — and a
snapshot that is forged, bound to another event, of another code version or unreadable is
never used. The chain's promises stand (docs/security.md): an event changed after the
snapshot is refused at once, one before it at the whole chain's next check, and a snapshot
never lets a changed event into what is served. SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import folds, resume
from referee.match import snapshot
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold, MatchState, replay
from referee.store import ledger, snapshots
from referee.store.db import DatabaseBusy, execute
from tests.api.deals import (
    Q10_TRICKS,
    create_match,
    random_piquet_record,
    read_match,
    record_deal,
    record_q10_steps,
)

EVERY = 4


@pytest.fixture(autouse=True)
def often(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A snapshot every :data:`EVERY` events (the default is far above these matches), all
    of them kept, and every test starts as a worker that has folded nothing."""
    monkeypatch.setenv("REFEREE_SNAPSHOT_EVERY", str(EVERY))
    monkeypatch.setenv("REFEREE_SNAPSHOTS_KEPT", "1000")
    folds.FOLDS.clear()
    yield
    folds.FOLDS.clear()


class Spy:
    """Which snapshot :func:`referee.resume.resume` resumed from, call by call (its seq;
    None: none, the caller replayed)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.used: list[int | None] = []
        read, real = snapshots.read, resume.resume
        verified: list[int] = []

        def spied_read(match_id: str, version: str, seq: int) -> Any:
            found = read(match_id, version, seq)
            if found is not None:
                verified.append(seq)
            return found

        def spied(match_id: str, extra: Any = ()) -> Any:
            verified.clear()
            found = real(match_id, extra)
            self.used.append(verified[-1] if found is not None else None)
            return found

        monkeypatch.setattr(snapshots, "read", spied_read)
        monkeypatch.setattr(resume, "resume", spied)


def stored_events(match_id: str) -> list[Event]:
    """Every stored event of the match, every link checked."""
    rows = ledger.rows(match_id)
    ledger.check(match_id, rows)
    return [Event(seq, kind, json.loads(payload), actor, digest)
            for seq, kind, payload, actor, _, digest, _ in rows]


def replayed(match_id: str) -> MatchState:
    """The match replayed from every stored event (every link checked), no snapshot."""
    return replay(stored_events(match_id), GAMES)


def cold(app: Flask, match_id: str) -> MatchState:
    """The match as a worker that never folded it serves it."""
    folds.FOLDS.clear()
    with app.app_context():
        return folds.load_state(match_id)


def stored(app: Flask, match_id: str) -> list[int]:
    with app.app_context():
        return sorted(snapshots.seqs(match_id, snapshot.version(), 10**9))


def played(client: FlaskClient, app: Flask) -> str:
    """A Piquet match: two whole deals, then deal 3 step by step (35 events)."""
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_deal(client, match_id, {"tricks": Q10_TRICKS})
    record_deal(client, match_id, random_piquet_record(3))  # Bill deals deal 2
    assert read_match(client, match_id)["next_deal"]["elder"] == "Bill"
    record_q10_steps(client, match_id)
    return match_id


def test_a_match_with_snapshots_is_served_as_its_replay(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = played(client, app)
    with app.app_context():
        version = ledger.chain_head(match_id)[0]
    assert stored(app, match_id)  # written as the match went past each multiple
    assert all(s <= version for s in stored(app, match_id))
    spy = Spy(monkeypatch)
    state = cold(app, match_id)
    assert spy.used[-1] == max(stored(app, match_id))
    with app.app_context():
        assert state == replayed(match_id)
    assert client.get(f"/v1/matches/{match_id}").json == read_match(client, match_id)


def test_undos_one_after_another_resume_before_what_each_takes_back(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = played(client, app)
    spy = Spy(monkeypatch)
    for _ in range(20):  # back through deal 4's cards, past several snapshots
        folds.FOLDS.clear()
        with app.app_context():
            before = folds.load_state(match_id)
        undone = client.post(f"/v1/matches/{match_id}/undo", json={"reason": "slip"})
        assert undone.status_code == 200, undone.json
        used = spy.used[-1]
        assert used is not None and used < min(before.last_undoable)
        with app.app_context():
            after = folds.load_state(match_id)  # the fold the undo left in the cache
            assert after == replayed(match_id)
            assert cold(app, match_id) == after
    assert read_match(client, match_id)["version"] == before.version + 1


def test_only_the_newest_snapshots_are_kept(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFEREE_SNAPSHOTS_KEPT", "2")
    match_id = played(client, app)
    with app.app_context():
        events = ledger.chain_head(match_id)[0]
    newest = events - events % EVERY
    assert stored(app, match_id) == [newest - EVERY, newest]
    with app.app_context():
        assert resume.build(match_id) == 2
    assert stored(app, match_id) == [newest - EVERY, newest]
    for _ in range(3):  # back past both: replayed, and still right
        assert client.post(f"/v1/matches/{match_id}/undo", json={}).status_code == 200
    with app.app_context():
        assert cold(app, match_id) == replayed(match_id)


def test_a_forged_snapshot_is_never_used(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bytes that are not the server's (a pickle would run them), under the MAC of others."""
    match_id = played(client, app)
    newest = max(stored(app, match_id))
    with app.app_context():
        other = snapshot.dump(Fold(stored_events(match_id)[:1], GAMES))
        execute('UPDATE "fold_snapshot" SET "state" = ? WHERE "match_id" = ? AND "seq" = ?',
                (other, match_id, newest))
    spy = Spy(monkeypatch)
    state = cold(app, match_id)
    assert spy.used[-1] is not None and spy.used[-1] < newest  # the one before it
    assert newest not in stored(app, match_id)  # deleted
    with app.app_context():
        assert state == replayed(match_id)


RAN: list[str] = []


def _ran(what: str) -> None:
    RAN.append(what)


class _Payload:
    """Bytes that run code when unpickled (here: note that they ran)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_ran, ("unpickled",))


def test_bytes_not_signed_by_the_server_are_never_unpickled(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pickle

    match_id = played(client, app)
    newest = max(stored(app, match_id))
    with app.app_context():
        execute('UPDATE "fold_snapshot" SET "state" = ? WHERE "match_id" = ?',
                (pickle.dumps(_Payload()), match_id))
    RAN.clear()
    state = cold(app, match_id)
    assert RAN == []
    # Every one of them deleted; the replay left a genuine one at the end.
    assert stored(app, match_id) == [state.version] and state.version >= newest
    with app.app_context():
        assert state == replayed(match_id)


def test_a_snapshot_bound_to_another_link_of_its_event_is_never_used(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Signed by the server, but for a ledger that no longer leads there (restored from an
    older backup, then written on)."""
    match_id = played(client, app)
    newest = max(stored(app, match_id))
    with app.app_context():
        blob = snapshots.read(match_id, snapshot.version(), newest)
        assert blob is not None
        snapshots.discard(match_id, snapshot.version(), newest)
        snapshots.save(match_id, snapshot.version(), newest, "ab" * 32, blob.state)
    spy = Spy(monkeypatch)
    state = cold(app, match_id)
    assert spy.used[-1] is not None and spy.used[-1] < newest
    assert newest not in stored(app, match_id)
    with app.app_context():
        assert state == replayed(match_id)


def test_snapshots_of_another_code_version_are_ignored_then_replaced(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = played(client, app)
    old = stored(app, match_id)
    monkeypatch.setattr(snapshot, "version", lambda: "1-3.11-another-code")
    spy = Spy(monkeypatch)
    state = cold(app, match_id)
    assert spy.used == [None]  # replayed
    with app.app_context():
        assert state == replayed(match_id)
        # The replay left a snapshot of the new version, and the old ones went.
        found = execute('SELECT "version", "seq" FROM "fold_snapshot" WHERE "match_id" = ?',
                        (match_id,)).fetchall()
    assert [tuple(r) for r in found] == [("1-3.11-another-code", state.version)]
    assert old


def test_a_snapshot_that_cannot_be_stored_never_fails_the_write(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(*_: Any) -> None:
        raise DatabaseBusy("database is locked")

    monkeypatch.setattr(snapshots, "save", busy)
    match_id = played(client, app)  # each write answered 201
    assert stored(app, match_id) == []
    with app.app_context():
        assert cold(app, match_id) == replayed(match_id)


def test_no_snapshots_with_every_zero(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = played(client, app)
    monkeypatch.setenv("REFEREE_SNAPSHOT_EVERY", "0")
    spy = Spy(monkeypatch)
    state = cold(app, match_id)
    assert spy.used == [None]
    with app.app_context():
        assert state == replayed(match_id)


# ------------------------------------------------------------------ the chain still holds


def _tamper(app: Flask, match_id: str, seq: int) -> None:
    """Someone with the database changes event ``seq``'s payload (a deal_scored)."""
    with app.app_context():
        (payload,) = execute('SELECT "payload" FROM "event" WHERE "match_id" = ? AND "seq" = ?',
                             (match_id, seq)).fetchone()
        assert '"Ann":41' in payload
        execute('UPDATE "event" SET "payload" = ? WHERE "match_id" = ? AND "seq" = ?',
                (payload.replace('"Ann":41', '"Ann":141'), match_id, seq))


def _scored(app: Flask, match_id: str) -> list[int]:
    with app.app_context():
        return [e.seq for e in stored_events(match_id) if e.kind == "deal_scored"]


def test_an_event_changed_after_the_snapshot_is_refused_at_once(
    client: FlaskClient, app: Flask
) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    for seed in (3, 4):
        record_deal(client, match_id, random_piquet_record(seed))
    snapshot_at = max(stored(app, match_id))
    record_deal(client, match_id, {"tricks": Q10_TRICKS})  # Ann 41, after the snapshot
    changed = _scored(app, match_id)[-1]
    assert changed > snapshot_at and max(stored(app, match_id)) < changed
    _tamper(app, match_id, changed)
    folds.FOLDS.clear()
    answer = client.get(f"/v1/matches/{match_id}")
    assert answer.status_code == 500 and answer.json["broken_at"] == changed


def test_an_event_changed_before_the_snapshot_is_never_served_and_found_at_the_recheck(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot was folded from the events as they were: what is served is that, never
    the change; the ledger (every link, at once) and the next whole check find it."""
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_deal(client, match_id, {"tricks": Q10_TRICKS})  # Ann 41
    for seed in (3, 4, 5):
        record_deal(client, match_id, random_piquet_record(seed))
    changed = _scored(app, match_id)[0]
    assert min(stored(app, match_id)) > changed
    truth = read_match(client, match_id)
    _tamper(app, match_id, changed)
    folds.FOLDS.clear()
    served = client.get(f"/v1/matches/{match_id}")
    assert served.status_code == 200 and served.json["standings"] == truth["standings"]
    assert served.json == truth  # the snapshot as folded: no 141 anywhere, hashes included
    answer = client.get(f"/v1/matches/{match_id}/ledger")
    assert answer.status_code == 500 and answer.json["broken_at"] == changed
    folds.FOLDS.clear()  # a worker with the snapshot's fold, its recheck time past
    monkeypatch.setenv("REFEREE_LEDGER_RECHECK_SECONDS", "0")
    answer = client.get(f"/v1/matches/{match_id}")
    assert answer.status_code == 500 and answer.json["broken_at"] == changed


# ------------------------------------------------------------------- flask db snapshots


def test_flask_db_snapshots_counts_builds_and_drops_them(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = played(client, app)
    runner = app.test_cli_runner()
    made = len(stored(app, match_id))
    counted = runner.invoke(args=["db", "snapshots"])
    assert counted.exit_code == 0 and f"{made} fold snapshot" in counted.output
    dropped = runner.invoke(args=["db", "snapshots", "--drop"])
    assert dropped.exit_code == 0 and f"dropped {made}" in dropped.output
    assert stored(app, match_id) == []
    with app.app_context():
        assert cold(app, match_id) == replayed(match_id)  # replayed, and served the same
    with app.app_context():
        snapshots.drop()
    built = runner.invoke(args=["db", "snapshots", "--build"])
    assert built.exit_code == 0, built.output
    with app.app_context():
        events = ledger.chain_head(match_id)[0]
    assert stored(app, match_id) == list(range(EVERY, events + 1, EVERY))
    spy = Spy(monkeypatch)
    with app.app_context():
        assert cold(app, match_id) == replayed(match_id)
    assert spy.used[-1] == stored(app, match_id)[-1]
