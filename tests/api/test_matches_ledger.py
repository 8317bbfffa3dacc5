"""The stored ledger over HTTP: it survives a restart, pages by cursor, exports CSV, refuses
stale writes (If-Match) and proves itself untouched (hash chain). Runs on SQLite and, when
DATABASE_URL is a postgresql URL, on PostgreSQL.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee.store.models import Event as EventRow
from tests.api.deals import (
    BOB_SET_BACK_TRICKS,
    PITCH_PLAYERS,
    Q10_RECORD,
    create_match,
    etag,
    full_log,
    random_piquet_record,
    read_match,
    record_deal,
    record_q10_steps,
    standings,
)

REPO = Path(__file__).resolve().parents[2]

RESTART_SCRIPT = """
import json, sys
from referee.api import create_app
app = create_app({"DATABASE_URL": sys.argv[1]})
headers = {"Authorization": sys.argv[3]} if sys.argv[3] else {}
response = app.test_client().get("/v1/matches/" + sys.argv[2], headers=headers)
print(json.dumps({"status": response.status_code, "match": response.json}))
"""


def _piquet_with_deals(client: FlaskClient, count: int) -> tuple[str, list[dict[str, Any]]]:
    """A Piquet match (Bill, Ann) with ``count`` whole deals: Q10 then random ones."""
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    bodies = [record_deal(client, match_id, Q10_RECORD)]
    bodies += [record_deal(client, match_id, random_piquet_record(s)) for s in range(count - 1)]
    return match_id, bodies


def test_a_restarted_app_reads_the_same_standings(
    client: FlaskClient, database_url: str
) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_q10_steps(client, match_id)
    record_deal(client, match_id, random_piquet_record(0))
    client.post(f"/v1/matches/{match_id}/deals/1/void", json={"reason": "misdeal"})
    record_deal(client, match_id, random_piquet_record(1))
    here = read_match(client, match_id)
    done = subprocess.run(
        [sys.executable, "-c", RESTART_SCRIPT, database_url, match_id,
         client.environ_base.get("HTTP_AUTHORIZATION", "")],
        cwd=REPO, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    there = json.loads(done.stdout.strip().splitlines()[-1])
    assert there["status"] == 200
    assert standings(there["match"]) == standings(here)
    assert there["match"] == here


def test_ledger_pages_by_cursor(client: FlaskClient) -> None:
    match_id, bodies = _piquet_with_deals(client, 5)
    url = f"/v1/matches/{match_id}/ledger"
    pages, cursor = [], None
    while True:
        query = {"limit": 2} if cursor is None else {"limit": 2, "cursor": cursor}
        response = client.get(url, query_string=query)
        assert response.status_code == 200, response.json
        pages.append([item["deal"] for item in response.json["items"]])
        cursor = response.json["next_cursor"]
        if cursor is None:
            break
    assert pages == [[1, 2], [3, 4], [5]]
    whole = client.get(url).json["items"]
    assert [item["totals"] for item in whole][-1] == standings(bodies[-1]["match"])
    assert whole[0]["scores"] == {"Bill": 11, "Ann": 41}
    assert whole[0]["record"]["tricks"] == Q10_RECORD["tricks"]
    assert whole[0]["ruling"]["scores"] == {"elder": 11, "younger": 41}
    assert client.get(url, query_string={"cursor": "abc"}).status_code == 400
    assert client.get(url, query_string={"limit": 0}).status_code == 400
    # An unknown match: not found (or refused first by the token gate, when there is one).
    assert client.get("/v1/matches/nope/ledger").status_code in (401, 403, 404)


def test_event_log_pages_by_cursor_and_keeps_every_event(client: FlaskClient) -> None:
    match_id, _ = _piquet_with_deals(client, 3)
    url = f"/v1/matches/{match_id}/log"
    first = client.get(url, query_string={"limit": 4}).json
    assert [e["seq"] for e in first["items"]] == [1, 2, 3, 4]
    assert first["next_cursor"] == "4"
    rest = client.get(url, query_string={"limit": 4, "cursor": "4"}).json
    assert [e["seq"] for e in rest["items"]] == [5, 6, 7]
    assert rest["next_cursor"] is None
    events = first["items"] + rest["items"]
    assert [e["kind"] for e in events] == ["match_created"] + ["deal_recorded", "deal_scored"] * 3
    assert events[0]["prev_hash"] == "0" * 64
    assert all(a["hash"] == b["prev_hash"] for a, b in itertools.pairwise(events))


def _csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_ledger_as_csv(client: FlaskClient) -> None:
    match_id, bodies = _piquet_with_deals(client, 3)
    client.post(f"/v1/matches/{match_id}/deals/2/void", json={"reason": "misdeal"})
    by_accept = client.get(f"/v1/matches/{match_id}/ledger", headers={"Accept": "text/csv"})
    by_path = client.get(f"/v1/matches/{match_id}/ledger.csv")
    for response in (by_accept, by_path):
        assert response.status_code == 200
        assert response.mimetype == "text/csv"
    assert by_accept.get_data(as_text=True) == by_path.get_data(as_text=True)
    rows = _csv_rows(by_path.get_data(as_text=True))
    assert rows[0] == ["deal", "dealer", "status", "amended", "Bill points", "Ann points",
                       "Bill total", "Ann total", "level", "agreement"]
    # Deals 1 and 2 confirmed themselves as the next deal started (one phone, no seats).
    assert rows[1] == ["1", "Ann", "live", "False", "11", "41", "11", "41", "cards",
                       "confirmed"]
    assert rows[2][:3] == ["2", "Bill", "voided"]
    third = bodies[2]["scores"]
    assert rows[3] == ["3", "Ann", "live", "False", str(third["Bill"]), str(third["Ann"]),
                       str(11 + third["Bill"]), str(41 + third["Ann"]), "cards", "provisional"]
    assert len(rows) == 4
    # JSON stays the default.
    assert client.get(f"/v1/matches/{match_id}/ledger").mimetype == "application/json"


def test_stale_if_match_is_412_with_the_current_match(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    first = etag(client, match_id)
    assert first == '"v1"'
    fresh = client.post(f"/v1/matches/{match_id}/deals", json=Q10_RECORD,
                        headers={"If-Match": first})
    assert fresh.status_code == 201, fresh.json
    current = fresh.headers["ETag"]
    assert current == '"v3"'
    # Someone else recorded a deal since "v1" was read: nothing is stored.
    for path, body in (
        ("deals", random_piquet_record(0)),
        ("events", {"type": "card", "card": "AS"}),
        ("undo", {}),
        ("deals/1/void", {"reason": "misdeal"}),
    ):
        stale = client.post(f"/v1/matches/{match_id}/{path}", json=body,
                            headers={"If-Match": first})
        assert stale.status_code == 412, (path, stale.json)
        assert stale.content_type == "application/problem+json"
        assert stale.headers["ETag"] == current
        assert stale.json["match"]["version"] == 3
        assert standings(stale.json["match"]) == {"Bill": 11, "Ann": 41}
    assert read_match(client, match_id)["version"] == 3
    bad = client.post(f"/v1/matches/{match_id}/undo", json={}, headers={"If-Match": "*x"})
    assert bad.status_code == 412
    weak = client.post(f"/v1/matches/{match_id}/deals", json=random_piquet_record(0),
                       headers={"If-Match": "W/" + current})
    assert weak.status_code == 201
    assert etag(client, match_id) == '"v5"'


def test_hash_chain_verifies_and_finds_tampering(client: FlaskClient, app: Flask) -> None:
    match_id = create_match(client, "pitch", PITCH_PLAYERS)["id"]
    record_deal(client, match_id,
                {"dealer": 0, "bids": [2, "pass", "pass"], "tricks": BOB_SET_BACK_TRICKS})
    client.post(f"/v1/matches/{match_id}/undo", json={"reason": "test"})
    ok = client.get(f"/v1/matches/{match_id}/verify")
    assert ok.status_code == 200
    assert (ok.json["intact"], ok.json["broken_at"], ok.json["events"]) == (True, None, 4)
    assert ok.json["head"] == full_log(client, match_id)[-1]["hash"]
    assert client.get("/v1/matches/nope/verify").status_code in (401, 403, 404)
    # Someone edits the stored score of the deal in the database.
    scored = next(e for e in full_log(client, match_id) if e["kind"] == "deal_scored")
    payload = {**scored["payload"], "scores": {"Ann": 0, "Bob": 4, "Cid": 4}}
    db = app.extensions["referee.db"]
    with db.connection_context():
        changed = (
            EventRow.update(payload=json.dumps(payload, sort_keys=True, separators=(",", ":")))
            .where((EventRow.match == match_id) & (EventRow.seq == scored["seq"]))
            .execute()
        )
    assert changed == 1
    broken = client.get(f"/v1/matches/{match_id}/verify")
    assert (broken.json["intact"], broken.json["broken_at"]) == (False, scored["seq"])
