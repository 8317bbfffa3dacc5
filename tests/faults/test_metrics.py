"""GET /metrics: what an operator watches — answers by status, 503s by cause, SQLite's lock
waits, open streams, damaged ledgers (docs/operations.md, "Metrics")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.served import call, start_gunicorn


def _value(text: str, name: str, labels: str = "") -> float:
    """The sample ``name{labels}`` in Prometheus' text format (0 when absent)."""
    pattern = re.escape(name) + (r"\{" + re.escape(labels) + r"\}" if labels else "") + r" (\S+)"
    found = re.search(r"^" + pattern + r"$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def test_metrics_count_answers_by_status_and_faults_by_cause(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = client.get("/metrics")
    assert before.status_code == 200
    assert before.mimetype == "text/plain"
    text = before.get_data(as_text=True)
    ok, missing = (_value(text, "referee_http_responses_total", 'status="200"'),
                   _value(text, "referee_http_responses_total", 'status="404"'))
    client.get("/healthz")
    client.get("/v1/matches/nothing-here", headers={"Authorization": "Bearer x"})
    import peewee

    from referee import folds

    def busy(*args: object, **kwargs: object) -> None:
        raise peewee.OperationalError("database is locked")

    faults = _value(text, "referee_database_faults_total", 'cause="database-busy"')
    created = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    monkeypatch.setattr(folds, "load_state", busy)
    assert client.get(f"/v1/matches/{created.get_json()['id']}").status_code == 503
    monkeypatch.undo()
    after = client.get("/metrics").get_data(as_text=True)
    assert _value(after, "referee_http_responses_total", 'status="200"') >= ok + 2
    assert _value(after, "referee_http_responses_total", 'status="503"') >= 1
    assert _value(after, "referee_http_responses_total", 'status="404"') + _value(
        after, "referee_http_responses_total", 'status="401"') >= missing + 1
    assert _value(after, "referee_database_faults_total", 'cause="database-busy"') == faults + 1
    for name in ("referee_database_lock_wait_seconds_count", "referee_open_streams",
                 "referee_ledgers_damaged_total"):
        assert name in after


def test_metrics_can_want_a_token(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_METRICS_TOKEN", "s3cret-metrics-token")
    refused = client.get("/metrics")
    assert refused.status_code == 401
    assert refused.mimetype == "application/problem+json"
    assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.get("/metrics", headers={
        "Authorization": "Bearer s3cret-metrics-token"}).status_code == 200


@pytest.mark.slow
def test_metrics_add_up_every_worker(database_url: str, tmp_path: Path) -> None:
    """Under gunicorn (two workers, multiprocess mode) /metrics counts every worker's answers,
    whichever worker serves it."""
    server = start_gunicorn(database_url, tmp_path / "gunicorn.log", workers=2)
    try:
        for _ in range(40):
            assert call(server.base, "GET", "/healthz").status == 200
        import urllib.request

        with urllib.request.urlopen(server.base + "/metrics", timeout=10) as answer:
            text = answer.read().decode()
        assert _value(text, "referee_http_responses_total", 'status="200"') >= 40
    finally:
        server.stop()


def test_each_status_s_counter_is_looked_up_once(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The answers' count takes each status's counter from prometheus_client once (its
    ``labels`` checks and locks on every call) and counts every answer all the same."""
    from referee import metrics

    asked: list[tuple[str, ...]] = []
    labels = metrics.RESPONSES.labels

    def counted(*values: str) -> object:
        asked.append(values)
        return labels(*values)

    before = _value(client.get("/metrics").get_data(as_text=True),
                    "referee_http_responses_total", 'status="204"')
    monkeypatch.setattr(metrics.RESPONSES, "labels", counted)
    for _ in range(3):
        assert client.get("/healthz").status_code in (200, 204)
    status = client.get("/healthz").status_code
    monkeypatch.undo()
    after = client.get("/metrics").get_data(as_text=True)
    assert asked.count((str(status),)) <= 1
    assert _value(after, "referee_http_responses_total",
                  f'status="{status}"') >= (before if status == 204 else 0) + 4
