"""A damaged ledger is never served and never written on (README, "Integrity"; docs/security.md,
"What the chain gives"), and no match grows past its most events (``ledger-full``).

The regression cases: an OLDER event changed while a worker holds the match's fold (the
cache used to compare only the fold's last event, so the match, the ledger, the CSV and
``/log`` answered 200 and writes were stored on top); the same ledger after a restart, on
every route of the match; a match grown without end (every undo replays it all).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import folds
from referee.store import ledger
from referee.store.db import execute
from tests.api.deals import Q10_TRICKS, create_match, full_log, record_deal, step_ok

TAMPERED = "/ledger-tampered"


class Clock:
    """The fold cache's clock, moved on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    """The worker's fold cache on a clock the test moves (and empty)."""
    moved = Clock()
    folds.FOLDS.clear()
    monkeypatch.setattr(folds.FOLDS, "clock", moved)
    yield moved
    folds.FOLDS.clear()


def played(client: FlaskClient) -> tuple[str, int]:
    """A Piquet match with deal 1 scored (Ann 41) and a card of deal 2 after it, its fold
    cached by this worker; returns (id, seq of the deal_scored event)."""
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_deal(client, match_id, {"tricks": Q10_TRICKS})
    step_ok(client, match_id, type="card", card="AC")
    scored = next(e["seq"] for e in full_log(client, match_id) if e["kind"] == "deal_scored")
    assert client.get(f"/v1/matches/{match_id}").status_code == 200  # the fold is cached
    return match_id, scored


def tamper(app: Flask, match_id: str, seq: int) -> None:
    """Someone with the database changes Ann's score in event ``seq`` (not the last one)."""
    with app.app_context():
        (payload,) = execute('SELECT "payload" FROM "event" WHERE "match_id" = ? AND "seq" = ?',
                             (match_id, seq)).fetchone()
        assert '"Ann":41' in payload
        execute('UPDATE "event" SET "payload" = ? WHERE "match_id" = ? AND "seq" = ?',
                (payload.replace('"Ann":41', '"Ann":141'), match_id, seq))


def refused(answer: Any, seq: int) -> None:
    """``answer`` is the ledger-tampered problem for event ``seq``, serving nothing of it."""
    assert answer.status_code == 500, answer.get_data(as_text=True)[:300]
    assert answer.content_type == "application/problem+json"
    body = answer.json
    assert body["type"].endswith(TAMPERED) and body["broken_at"] == seq
    assert "141" not in answer.get_data(as_text=True)
    assert "Traceback" not in answer.get_data(as_text=True)


# ---------------------------------------------------- an older event changed, fold cached

READS_OF_EVERY_EVENT = {
    "ledger": ("/ledger", {}),
    "ledger as CSV": ("/ledger", {"Accept": "text/csv"}),
    "ledger.csv": ("/ledger.csv", {}),
    "log": ("/log", {}),
    "record file": ("/record", {}),
}


@pytest.mark.parametrize("route", READS_OF_EVERY_EVENT)
def test_what_serves_the_events_refuses_a_changed_older_event_at_once(
    client: FlaskClient, app: Flask, clock: Clock, route: str
) -> None:
    """The ledger, its CSV and the log read every event they serve: the cached fold does not
    spare the check, however recently it was checked."""
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    path, headers = READS_OF_EVERY_EVENT[route]
    refused(client.get(f"/v1/matches/{match_id}{path}", headers=headers), scored)
    # … and from then on the match itself (its fold was dropped, not served again).
    refused(client.get(f"/v1/matches/{match_id}"), scored)


def test_a_log_page_after_the_changed_event_checks_its_own_links(
    client: FlaskClient, app: Flask, clock: Clock
) -> None:
    """A page that holds the changed event refuses; so does one whose first event no longer
    follows the event before it (that event was removed)."""
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    refused(client.get(f"/v1/matches/{match_id}/log", query_string={"cursor": str(scored - 1),
                                                                     "limit": 1}), scored)
    match_id, scored = played(client)
    with app.app_context():
        execute('DELETE FROM "event" WHERE "match_id" = ? AND "seq" = ?', (match_id, scored))
    answer = client.get(f"/v1/matches/{match_id}/log", query_string={"cursor": str(scored)})
    assert answer.status_code == 500 and answer.json["type"].endswith(TAMPERED)


def test_the_match_view_and_writes_find_a_changed_older_event_within_the_recheck_time(
    client: FlaskClient, app: Flask, clock: Clock
) -> None:
    """The match view and a write check the whole chain behind a cached fold once it was
    last checked REFEREE_LEDGER_RECHECK_SECONDS ago: then both refuse, and nothing is stored."""
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    clock.now += folds.recheck_seconds()
    refused(client.get(f"/v1/matches/{match_id}"), scored)
    with app.app_context():
        before = ledger.chain_head(match_id)
    refused(client.post(f"/v1/matches/{match_id}/events", json={"type": "card", "card": "KC"},
                        headers={"If-Match": '"v4"'}), scored)
    with app.app_context():
        assert ledger.chain_head(match_id) == before  # nothing written on it


def test_a_write_on_a_cached_fold_refuses_a_changed_older_event(
    client: FlaskClient, app: Flask, clock: Clock
) -> None:
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    clock.now += folds.recheck_seconds()
    refused(client.post(f"/v1/matches/{match_id}/events", json={"type": "card", "card": "KC"},
                        headers={"If-Match": '"v4"'}), scored)
    with app.app_context():
        assert ledger.chain_head(match_id)[0] == 4


def test_with_no_recheck_time_every_request_checks_the_whole_chain(
    client: FlaskClient, app: Flask, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REFEREE_LEDGER_RECHECK_SECONDS", "0")
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    refused(client.get(f"/v1/matches/{match_id}"), scored)


def test_readyz_counts_the_damaged_ledgers_and_a_restored_one_leaves_the_count(
    client: FlaskClient, app: Flask, clock: Clock
) -> None:
    ledger._DAMAGED.clear()
    assert client.get("/readyz").json["damaged_ledgers"] == 0
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    refused(client.get(f"/v1/matches/{match_id}/ledger"), scored)
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json["damaged_ledgers"] == 1
    with app.app_context():  # the operator restores the event
        execute('UPDATE "event" SET "payload" = REPLACE("payload", ?, ?) '
                'WHERE "match_id" = ? AND "seq" = ?', ('"Ann":141', '"Ann":41', match_id, scored))
    assert client.get(f"/v1/matches/{match_id}").status_code == 200
    assert client.get("/readyz").json["damaged_ledgers"] == 0


# ------------------------------------------------------ after a restart: every route

ROUTES: dict[str, tuple[str, str, Any]] = {
    "match": ("GET", "", None),
    "me": ("GET", "/me", None),
    "ledger": ("GET", "/ledger", None),
    "ledger.csv": ("GET", "/ledger.csv", None),
    "record file": ("GET", "/record", None),
    "log": ("GET", "/log", None),
    "stream": ("GET", "/stream", None),
    "step": ("POST", "/events", {"type": "card", "card": "KC"}),
    "dry run": ("POST", "/events?dry_run=true", {"type": "card", "card": "KC"}),
    "deal": ("POST", "/deals", {"tricks": Q10_TRICKS}),
    "confirm": ("POST", "/deals/1/confirm", {}),
    "dispute": ("POST", "/deals/1/dispute", {"reason": "not so"}),
    "void": ("POST", "/deals/1/void", {"reason": "misdeal"}),
    "amend": ("POST", "/deals/1/amend", {"record": {"tricks": Q10_TRICKS}, "reason": "typo"}),
    "undo": ("POST", "/undo", {"reason": "slip"}),
    "seats": ("POST", "/seats", {}),
}


@pytest.mark.parametrize("route", ROUTES)
def test_after_a_restart_every_route_of_a_damaged_match_answers_the_problem(
    client: FlaskClient, app: Flask, clock: Clock, route: str,
    caplog: pytest.LogCaptureFixture
) -> None:
    """A worker that never folded the match (a restart): a clear problem+json, logged,
    never a bare 500 or a traceback, on every route that reads or writes the match."""
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    folds.FOLDS.clear()
    method, path, body = ROUTES[route]
    answer = client.open(f"/v1/matches/{match_id}{path}", method=method, json=body,
                         headers={"If-Match": '"v4"'} if method == "POST" else {})
    refused(answer, scored)
    assert "LEDGER TAMPERED" in caplog.text


def test_verify_still_answers_on_a_damaged_match(client: FlaskClient, app: Flask,
                                                 clock: Clock) -> None:
    match_id, scored = played(client)
    tamper(app, match_id, scored)
    answer = client.get(f"/v1/matches/{match_id}/verify")
    assert answer.status_code == 200
    assert (answer.json["intact"], answer.json["broken_at"]) == (False, scored)


# ----------------------------------------------------------------- flask db verify --all


def test_flask_db_verify_all_names_each_broken_match(client: FlaskClient, app: Flask,
                                                     clock: Clock) -> None:
    whole, _ = played(client)
    broken, scored = played(client)
    runner = app.test_cli_runner()
    fine = runner.invoke(args=["db", "verify", "--all"])
    assert fine.exit_code == 0, fine.output
    assert "2 matches verified, 0 broken" in fine.output
    tamper(app, broken, scored)
    found = runner.invoke(args=["db", "verify", "--all"])
    assert found.exit_code == 1
    assert f"match {broken}: chain broken at event {scored}" in found.output
    assert whole not in found.output
    assert "2 matches verified, 1 broken" in found.output
    assert runner.invoke(args=["db", "verify"]).exit_code != 0  # neither an id nor --all


def test_new_match_ids_never_begin_with_a_dash() -> None:
    """One URL-safe id in 64 would: ``flask db verify`` and ``referee export`` read it as an
    option."""
    assert not [made for made in (ledger.new_match_id() for _ in range(5000))
                if made.startswith("-")]


def test_flask_db_verify_takes_an_older_id_that_begins_with_a_dash(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    older = "-bE3iWfRkq1nO2pLsT9xYw"  # as an earlier version could make it
    monkeypatch.setattr(ledger, "new_match_id", lambda: older)
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    assert match_id == older
    record_deal(client, match_id, {"tricks": Q10_TRICKS})
    done = app.test_cli_runner().invoke(args=["db", "verify", match_id])
    assert done.exit_code == 0, done.output
    assert "No such option" not in done.output


# ------------------------------------------------------------------------ the event cap


def test_a_write_past_the_event_cap_is_a_409_and_stores_nothing(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    monkeypatch.setenv("REFEREE_MAX_EVENTS", "3")
    record_deal(client, match_id, {"tricks": Q10_TRICKS})  # events 2 and 3: at the cap
    answer = client.post(f"/v1/matches/{match_id}/events", json={"type": "card", "card": "AC"})
    assert answer.status_code == 409 and answer.content_type == "application/problem+json"
    assert answer.json["type"].endswith("/ledger-full") and answer.json["max_events"] == 3
    undo = client.post(f"/v1/matches/{match_id}/undo", json={"reason": "slip"})
    assert undo.status_code == 409  # an undo is an event too
    with app.app_context():
        assert ledger.chain_head(match_id)[0] == 3
    monkeypatch.setenv("REFEREE_MAX_EVENTS", "4")
    assert client.post(f"/v1/matches/{match_id}/events",
                       json={"type": "card", "card": "AC"}).status_code == 201


def test_the_event_cap_has_a_default_no_real_match_meets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_MAX_EVENTS", raising=False)
    assert ledger.max_events() == ledger.MAX_EVENTS == 20_000
    monkeypatch.setenv("REFEREE_MAX_EVENTS", "nonsense")
    assert ledger.max_events() == 20_000
