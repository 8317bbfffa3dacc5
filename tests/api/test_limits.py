"""The create quota per client address and the expiry of matches that record no deal
(docs/security.md, "Limits and their defaults"): each layer alone and through HTTP."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.api import create_app
from referee.api.limits import SettingError
from referee.api.problems import BASE
from referee.store import expiry, quota
from tests.api.test_piquet_http import Q10_TRICKS
from tests.api.test_stream_limits import limit_refusals

CREATE = {"game": "piquet", "players": ["Bill", "Ann"]}


def _client(app: Flask, address: str = "192.0.2.10") -> FlaskClient:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


@pytest.fixture
def small_quota(database_url: str) -> Any:
    """The app with a quota of 3 creates an hour."""
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "CREATE_QUOTA": 3})
    yield app
    db = app.extensions["referee.db"]
    if hasattr(db, "close_all"):
        db.close_all()


# ------------------------------------------------------------------------ the quota alone


def test_an_ipv6_client_counts_by_its_64_network() -> None:
    assert quota.client_key("192.0.2.7") == "192.0.2.7"
    assert quota.client_key("2001:db8:1:2::7") == quota.client_key("2001:db8:1:2:ffff::1") \
        == "2001:db8:1:2::/64"
    assert quota.client_key("2001:db8:1:3::7") != quota.client_key("2001:db8:1:2::7")
    assert quota.client_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert quota.client_key(None) == "unknown"


def test_the_sliding_window_weighs_the_last_window_by_what_is_still_inside() -> None:
    assert quota.estimate(previous=100, current=10, elapsed=900, window=3600) == 85.0
    # a full window, half-way into the next: half of it still counts
    assert quota.estimate(previous=120, current=0, elapsed=1800, window=3600) == 60.0


def test_retry_after_is_when_one_more_create_fits() -> None:
    # 120 last window, 60 this one, 1800 s in: 60 + 60 = 120; one more fits once 1/120 of
    # the last window slid out: 30 s
    assert quota.retry_after(120, 60, 1800, 3600, 120) == 30
    # this window full: the next window, once enough of this one slid out
    wait = quota.retry_after(0, 120, 600, 3600, 120)
    assert 3000 < wait <= 3000 + 30
    assert quota.estimate(120, 1, wait - 3000, 3600) <= 120
    assert quota.retry_after(0, 1, 0, 60, 1) == 120  # limit 1: the one create slides out
    assert quota.retry_after(5, 0, 0, 60, 10) >= 1


# ------------------------------------------------------------------- the quota over HTTP


def test_creates_past_the_quota_are_429_with_retry_after(small_quota: Flask) -> None:
    client = _client(small_quota)
    for _ in range(3):
        assert client.post("/v1/matches", json=CREATE).status_code == 201
    refused = client.post("/v1/matches", json=CREATE)
    assert refused.status_code == 429
    body = refused.get_json()
    assert body["type"] == BASE + "create-quota-exceeded" and body["status"] == 429
    assert re.fullmatch(r"[1-9]\d*", refused.headers["Retry-After"])
    assert int(refused.headers["Retry-After"]) <= 2 * 3600
    assert "Try again in" in body["detail"]
    # another address is not held back; nothing was stored for the refused one
    assert _client(small_quota, "192.0.2.11").post("/v1/matches", json=CREATE).status_code == 201
    db = small_quota.extensions["referee.db"]
    with db.connection_context():
        assert db.execute_sql('SELECT count(*) FROM "match"').fetchone()[0] == 4


def test_refused_and_failed_creates_count_nothing_and_a_retry_is_free(
        small_quota: Flask) -> None:
    client = _client(small_quota)
    assert client.post("/v1/matches", json={"game": "piquet", "players": ["A"]}
                       ).status_code == 400  # not a create: not counted
    first = client.post("/v1/matches", json=CREATE, headers={"Idempotency-Key": "k1"})
    assert first.status_code == 201
    for _ in range(2):
        assert client.post("/v1/matches", json=CREATE).status_code == 201
    assert client.post("/v1/matches", json=CREATE).status_code == 429
    assert client.post("/v1/matches", json=CREATE).status_code == 429  # 429s count nothing
    again = client.post("/v1/matches", json=CREATE, headers={"Idempotency-Key": "k1"})
    assert again.status_code == 201 and again.get_json()["id"] == first.get_json()["id"]


def test_the_quota_is_shared_by_every_server_of_the_database(small_quota: Flask) -> None:
    other = create_app({"TESTING": True, "DATABASE_URL": small_quota.config["DATABASE_URL"],
                        "CREATE_QUOTA": 3})
    try:
        for app in (small_quota, other, small_quota):
            assert _client(app).post("/v1/matches", json=CREATE).status_code == 201
        assert _client(other).post("/v1/matches", json=CREATE).status_code == 429
    finally:
        db = other.extensions["referee.db"]
        if hasattr(db, "close_all"):
            db.close_all()


def test_the_default_quota_lets_a_club_create_and_stops_a_flood(app: Flask) -> None:
    """A club where every table creates from one Wi-Fi address: 40 creates in a row go
    through; the default stops one address at 120 in the hour."""
    assert app.config["CREATE_QUOTA"] == 120 and app.config["CREATE_QUOTA_SECONDS"] == 3600
    client = _client(app)
    answers = [client.post("/v1/matches", json=CREATE).status_code for _ in range(121)]
    assert answers[:120] == [201] * 120
    assert answers[120] == 429


def test_a_quota_of_zero_is_no_quota(database_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "CREATE_QUOTA": 0})
    client = _client(app)
    assert all(client.post("/v1/matches", json=CREATE).status_code == 201 for _ in range(5))


# ---------------------------------------------------------------------------- the expiry


def _age(app: Flask, match_id: str, days: float) -> None:
    """Make the match ``days`` old (and forget what this process knew of it)."""
    db = app.extensions["referee.db"]
    when = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) - datetime.timedelta(
        days=days)
    with db.connection_context():
        db.execute_sql(f'UPDATE "match" SET "created_at" = {db.param} WHERE "id" = {db.param}',
                       (when, match_id))
    expiry.KNOWN.clear()


def _create(client: FlaskClient) -> tuple[str, dict[str, str]]:
    made = client.post("/v1/matches", json=CREATE)
    assert made.status_code == 201
    body = made.get_json()
    return body["id"], body["tokens"]


def test_a_match_with_no_deal_expires_on_every_route(app: Flask, bare_client: FlaskClient
                                                     ) -> None:
    match_id, tokens = _create(bare_client)
    auth = {"Authorization": "Bearer " + tokens["write"]}
    assert bare_client.get(f"/v1/matches/{match_id}", headers=auth).status_code == 200
    _age(app, match_id, 2.01)  # the default: two days
    routes = [r for r in app.url_map.iter_rules() if "match_id" in r.arguments]
    assert len(routes) > 10
    for rule in routes:
        path = rule.rule.replace("<string:match_id>", match_id).replace("<int:deal>", "1")
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            for headers in (auth, {}):
                answer = bare_client.open(path, method=method, headers=headers,
                                          json={} if method == "POST" else None)
                assert answer.status_code == 410, (method, path, answer.get_json())
                body = answer.get_json()
                assert body["type"] == BASE + "match-expired"
                assert body["match_id"] == match_id and "create a new one" in body["detail"]
    assert bare_client.get("/v1/matches/nosuchmatch", headers=auth).status_code == 404


def test_a_match_is_kept_within_its_time_after_a_deal_or_when_it_does_not_expire(
        app: Flask, client: FlaskClient) -> None:
    young, _ = _create(client)
    played, _ = _create(client)
    kept, _ = _create(client)
    assert client.post(f"/v1/matches/{played}/deals", json={"tricks": Q10_TRICKS}
                       ).status_code == 201
    db = app.extensions["referee.db"]
    with db.connection_context():
        db.execute_sql(f'UPDATE "match" SET "expires" = {db.param} WHERE "id" = {db.param}',
                       (False, kept))
    _age(app, young, 1.9)
    _age(app, played, 30)
    _age(app, kept, 30)
    for match_id in (young, played, kept):
        assert client.get(f"/v1/matches/{match_id}").status_code == 200, match_id


def test_the_expiry_time_is_a_setting_of_at_least_a_day(database_url: str) -> None:
    with pytest.raises(SettingError, match="at least 86400"):
        create_app({"TESTING": True, "DATABASE_URL": database_url,
                    "MATCH_EXPIRY_SECONDS": 3600})
    app = create_app({"TESTING": True, "DATABASE_URL": database_url,
                      "MATCH_EXPIRY_SECONDS": 7 * 86400})
    client = app.test_client()
    match_id, tokens = _create(client)
    _age(app, match_id, 6)
    auth = {"Authorization": "Bearer " + tokens["read"]}
    assert client.get(f"/v1/matches/{match_id}", headers=auth).status_code == 200
    _age(app, match_id, 7.01)
    assert client.get(f"/v1/matches/{match_id}", headers=auth).status_code == 410


def _count(app: Flask, sql: str, *params: Any) -> int:
    db = app.extensions["referee.db"]
    with db.connection_context():
        return int(db.execute_sql(sql.replace("?", db.param), params).fetchone()[0])


def test_flask_db_prune_deletes_the_expired_matches_whole(app: Flask, client: FlaskClient
                                                         ) -> None:
    gone = client.post("/v1/matches", json=CREATE, headers={"Idempotency-Key": "gone"})
    gone_id = gone.get_json()["id"]
    assert client.post(f"/v1/matches/{gone_id}/seats", json={}, headers={
        "Idempotency-Key": "seats"}).status_code == 201
    young, _ = _create(client)
    played, _ = _create(client)
    assert client.post(f"/v1/matches/{played}/deals", json={"tricks": Q10_TRICKS}
                       ).status_code == 201
    for match_id, days in ((gone_id, 3), (young, 1), (played, 3)):
        _age(app, match_id, days)
    assert _count(app, 'SELECT count(*) FROM "idempotency_key" WHERE "match_id" = ? '
                       'OR "scope" = ?', gone_id, gone_id) == 2

    done = app.test_cli_runner().invoke(args=["db", "prune"])
    assert done.exit_code == 0, done.output
    assert "pruned 1 expired match " in done.output
    for table, column in (("match", "id"), ("event", "match_id"),
                          ("access_token", "match_id"), ("idempotency_key", "match_id"),
                          ("idempotency_key", "scope")):
        assert _count(app, f'SELECT count(*) FROM "{table}" WHERE "{column}" = ?',
                      gone_id) == 0, table
    assert client.get(f"/v1/matches/{gone_id}").status_code == 401  # its tokens are gone
    other = {"Authorization": "Bearer " + client.tokens[young]["write"]}
    assert client.get(f"/v1/matches/{gone_id}", headers=other).status_code == 404
    for match_id in (young, played):
        assert client.get(f"/v1/matches/{match_id}").status_code == 200
    assert _count(app, 'SELECT count(*) FROM "event" WHERE "match_id" = ?', played) > 2
    again = app.test_cli_runner().invoke(args=["db", "prune"])
    assert again.exit_code == 0 and "pruned 0 expired matches" in again.output


def test_prune_works_in_batches(app: Flask,
                                 client: FlaskClient) -> None:
    made = [_create(client)[0] for _ in range(5)]
    for match_id in made:
        _age(app, match_id, 3)
    with app.app_context():
        db = app.extensions["referee.db"]
        with db.connection_context():
            assert expiry.prune(datetime.timedelta(days=2), batch=2) == 5
            assert db.execute_sql('SELECT count(*) FROM "match"').fetchone()[0] == 0


def test_the_service_says_why_a_setting_stops_it(tmp_path: Any) -> None:
    """wsgi.py (what gunicorn loads): one sentence and exit status 3, not a traceback."""
    import subprocess
    import sys

    from tests.served import ROOT

    env = {"PATH": "/usr/bin:/bin", "DATABASE_URL": f"sqlite:///{tmp_path / 'r.db'}",
           "REFEREE_LEDGER_KEY": "k" * 40, "REFEREE_MATCH_EXPIRY_SECONDS": "3600"}
    done = subprocess.run([sys.executable, "-c", "import wsgi"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3
    assert done.stderr.strip().startswith(
        "referee cannot start: REFEREE_MATCH_EXPIRY_SECONDS must be at least 86400")
    assert "Traceback" not in done.stderr


def test_a_create_past_the_quota_is_counted_for_the_operator(small_quota: Flask) -> None:
    """docs/operations.md, "Metrics": limiter refusals, by limit."""
    client = _client(small_quota, "192.0.2.77")
    before = limit_refusals("create_quota")
    for _ in range(3):
        assert client.post("/v1/matches", json=CREATE).status_code == 201
    assert limit_refusals("create_quota") == before
    assert client.post("/v1/matches", json=CREATE).status_code == 429
    assert limit_refusals("create_quota") == before + 1
