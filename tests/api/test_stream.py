"""Live updates: ``GET /v1/matches/{id}/stream`` sends the
match at once and after every change, resumes after ``Last-Event-ID``, beats, and lets only a
token of the match in; reads answer 304 to a current ``If-None-Match`` (the polling fallback).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.api.streams import QUICK_STREAMS, Stream, open_stream
from tests.api.streams import new_match as _match
from tests.conftest import ON_POSTGRES

pytestmark = QUICK_STREAMS


def _open(client: FlaskClient, match_id: str, token: str, **headers: str) -> Stream:
    return open_stream(client, f"/v1/matches/{match_id}/stream", token, **headers)


def _play(client: FlaskClient, match_id: str, card: str) -> dict[str, Any]:
    answer = client.post(f"/v1/matches/{match_id}/events", json={"type": "card", "card": card})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["match"]


def test_a_stream_needs_a_token_of_that_match(bare_client: FlaskClient) -> None:
    match_id, _ = _match(bare_client)
    _, other = _match(bare_client)
    path = f"/v1/matches/{match_id}/stream"
    missing = bare_client.get(path)
    assert missing.status_code == 401
    assert missing.mimetype == "application/problem+json"
    assert bare_client.get(path, headers={"Authorization": "Bearer nope"}).status_code == 401
    foreign = bare_client.get(path, headers={"Authorization": f"Bearer {other['read']}"})
    assert foreign.status_code == 403
    assert b"Bill" not in foreign.data


def test_the_first_event_is_the_match_as_get_gives_it(client: FlaskClient) -> None:
    match_id, tokens = _match(client)
    stream = _open(client, match_id, tokens["read"], **{"Accept-Encoding": "gzip, br"})
    try:
        response = stream.response
        assert response.mimetype == "text/event-stream"
        assert "no-cache" in response.headers["Cache-Control"]
        assert "Content-Encoding" not in response.headers  # never compressed nor buffered
        assert stream.next_block() == {"retry": "3000"}
        event = stream.next_block()
        assert event["event"] == "match" and event["id"] == "1"
        shown = client.get(f"/v1/matches/{match_id}").get_json()
        assert json.loads(event["data"]) == shown
    finally:
        stream.close()


def test_a_change_is_delivered_to_every_stream_of_the_match(client: FlaskClient) -> None:
    match_id, tokens = _match(client)
    watchers = [_open(client, match_id, tokens["read"]) for _ in range(2)]
    try:
        for stream in watchers:
            assert stream.next_event() == {"retry": "3000"}
            assert stream.next_event()["id"] == "1"
        after = _play(client, match_id, "KS")  # elder leads the king of spades
        for stream in watchers:
            event = stream.next_event()
            assert event["id"] == "2"
            match = json.loads(event["data"])
            assert match == after
            assert match["current_deal"]["tricks"] == [["KS"]]
    finally:
        for stream in watchers:
            stream.close()


def test_resume_after_the_last_event_sends_only_what_is_new(client: FlaskClient) -> None:
    match_id, tokens = _match(client)
    _play(client, match_id, "KS")
    # Up to date (Last-Event-ID 2): nothing at once, only heartbeats until the next change.
    stream = _open(client, match_id, tokens["read"], **{"Last-Event-ID": "2"})
    try:
        assert stream.next_block() == {"retry": "3000"}
        assert stream.next_block() == {"comment": "heartbeat"}
        _play(client, match_id, "AS")
        assert stream.next_event()["id"] == "3"
    finally:
        stream.close()
    # Behind (Last-Event-ID 1): the match at once, at its current version, once.
    stream = _open(client, match_id, tokens["read"], **{"Last-Event-ID": "1"})
    try:
        assert stream.next_block() == {"retry": "3000"}
        event = stream.next_block()
        assert event["id"] == "3"
        assert json.loads(event["data"])["current_deal"]["tricks"] == [["KS", "AS"]]
        assert stream.next_block() == {"comment": "heartbeat"}  # no duplicate of version 3
    finally:
        stream.close()
    # Ahead of the match (a database restored from a backup): the match as it is.
    stream = _open(client, match_id, tokens["read"], **{"Last-Event-ID": "99"})
    try:
        assert stream.next_block() == {"retry": "3000"}
        assert stream.next_block()["id"] == "3"
    finally:
        stream.close()


def test_heartbeats_while_nothing_happens_and_a_rotated_token_ends_the_stream(
    client: FlaskClient, app: Flask,
) -> None:
    match_id, tokens = _match(client)
    stream = _open(client, match_id, tokens["read"])
    try:
        stream.next_event()
        stream.next_event()
        assert stream.next_block() == {"comment": "heartbeat"}
        assert stream.next_block() == {"comment": "heartbeat"}
        rotated = client.post(f"/v1/matches/{match_id}/tokens", json={"which": "read"})
        assert rotated.status_code == 200
        with pytest.raises(StopIteration):  # ended at the next heartbeat
            while True:
                stream.next_block()
    finally:
        stream.close()
    assert app.extensions["referee.hub"].streams() == 0


def test_a_stream_that_the_client_closes_is_forgotten(client: FlaskClient, app: Flask) -> None:
    match_id, tokens = _match(client)
    stream = _open(client, match_id, tokens["read"])
    stream.next_event()
    assert app.extensions["referee.hub"].streams() == 1
    stream.close()
    assert app.extensions["referee.hub"].streams() == 0


def test_an_unknown_match_is_404(bare_client: FlaskClient) -> None:
    _, tokens = _match(bare_client)
    answer = bare_client.get("/v1/matches/nosuchmatch/stream",
                             headers={"Authorization": f"Bearer {tokens['read']}"})
    assert answer.status_code == 404  # a live token, no such match (another's would be 403)


def test_reads_answer_304_to_a_current_etag(client: FlaskClient) -> None:
    match_id, _ = _match(client)
    for path in (f"/v1/matches/{match_id}", f"/v1/matches/{match_id}/ledger",
                 f"/v1/matches/{match_id}/ledger.csv"):
        first = client.get(path)
        assert first.status_code == 200 and first.headers["ETag"] == '"v1"'
        again = client.get(path, headers={"If-None-Match": '"v1"'})
        assert again.status_code == 304, path
        assert again.data == b"" and again.headers["ETag"] == '"v1"'
        assert client.get(path, headers={"If-None-Match": '"v0", W/"v1"'}).status_code == 304
    _play(client, match_id, "KS")
    moved = client.get(f"/v1/matches/{match_id}", headers={"If-None-Match": '"v1"'})
    assert moved.status_code == 200 and moved.get_json()["version"] == 2


@pytest.mark.skipif(not ON_POSTGRES, reason="the pool's connections in use (PostgreSQL)")
def test_an_idle_stream_holds_no_database_connection(client: FlaskClient, app: Flask) -> None:
    match_id, tokens = _match(client)
    db = app.extensions["referee.db"]
    stream = _open(client, match_id, tokens["read"])
    try:
        stream.next_event()
        stream.next_event()
        assert stream.next_block() == {"comment": "heartbeat"}  # the token was checked again
        assert not db._in_use, "every connection went back to the pool"
    finally:
        stream.close()
