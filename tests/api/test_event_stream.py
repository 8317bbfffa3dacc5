"""Live standings of an event: ``GET /v1/events/{id}/stream`` sends the event and its
standings at once and again after a check-in and after every deal recorded at one of its
tables (through the streams' hub, as a match's stream), resumes after ``Last-Event-ID``,
and lets only the event's tokens in."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.streams import QUICK_STREAMS, Stream, open_stream
from tests.api.test_events_http import _bearer, _create, _pitch_win, _post

pytestmark = QUICK_STREAMS


def _open(client: FlaskClient, event_id: str, token: str, **headers: str) -> Stream:
    return open_stream(client, f"/v1/events/{event_id}/stream", token, **headers)


def _standings(block: dict[str, str]) -> list[tuple[str, int, int]]:
    assert block["event"] == "standings"
    data = json.loads(block["data"])
    assert data["version"] == int(block["id"])
    return [(s["name"], s["place"], s["points"]) for s in data["standings"]["players"]]


def test_the_standings_follow_the_tables_live(bare_client: FlaskClient, app: Flask) -> None:
    client = bare_client
    made = _create(client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCDEFGH"), options={"target": 4})
    event_id, organiser, reader = made["id"], made["tokens"]["organiser"], made["tokens"]["read"]
    tables = _post(client, f"/v1/events/{event_id}/rounds", organiser, {}).json["tables"]
    stream = _open(client, event_id, reader)
    try:
        assert stream.next_event() == {"retry": "3000"}
        first = stream.next_event()
        data = json.loads(first["data"])
        assert data["standings"] == client.get(f"/v1/events/{event_id}/standings",
                                               headers=_bearer(reader)).json
        assert data["event"]["rounds"][0]["tables"][0]["finished"] is False
        assert {points for _, _, points in _standings(first)} == {0}

        _pitch_win(client, tables[0], 0)  # A and C win the head table: 4 points each
        block = stream.next_event()
        while _standings(block)[0][2] == 0:  # an entry before the deal's score
            block = stream.next_event()
        assert int(block["id"]) > int(first["id"])
        assert _standings(block)[:2] == [("A", 1, 4), ("C", 1, 4)]
        assert json.loads(block["data"])["event"]["rounds"][0]["tables"][0]["finished"]

        late = _post(client, f"/v1/events/{event_id}/players", organiser, {"players": ["I"]})
        assert late.status_code == 200
        block = stream.next_event()
        assert "I" in [name for name, _, _ in _standings(block)]
    finally:
        stream.close()
    assert app.extensions["referee.hub"].streams() == 0


def test_a_resumed_stream_sends_only_what_moved_on(bare_client: FlaskClient) -> None:
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCD"))
    reader = made["tokens"]["read"]
    stream = _open(bare_client, made["id"], reader)
    try:
        stream.next_event()
        version = stream.next_event()["id"]
    finally:
        stream.close()
    resumed = _open(bare_client, made["id"], reader, **{"Last-Event-ID": version})
    try:
        assert resumed.next_block() == {"retry": "3000"}
        assert resumed.next_block() == {"comment": "heartbeat"}  # nothing new: no standings
    finally:
        resumed.close()


def test_an_event_stream_needs_the_events_token(bare_client: FlaskClient) -> None:
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive")
    other = _create(bare_client, name="Saturday", game="pitch", movement="progressive")
    path = f"/v1/events/{made['id']}/stream"
    assert bare_client.get(path).status_code == 401
    foreign: Any = bare_client.get(path, headers=_bearer(other["tokens"]["read"]))
    assert foreign.status_code == 403
    missing = bare_client.get("/v1/events/ev_nothing/stream",
                              headers=_bearer(made["tokens"]["read"]))
    assert missing.status_code == 404


def test_the_hub_wakes_a_stream_for_the_matches_it_follows(monkeypatch: Any) -> None:
    """Hub.follow: a stream under an event's id is woken by news of a match it follows (once
    per version), no longer once it follows others, and forgets them when it ends."""
    from referee.api import stream_hub

    class Idle:  # no database to watch: the test tells the hub what changed
        def __init__(self, *_: Any, **__: Any) -> None:
            pass

        def start(self) -> None:
            pass

    monkeypatch.setattr(stream_hub, "Watcher", Idle)
    the_hub = stream_hub.Hub(None, 0.1)  # type: ignore[arg-type]
    stream = the_hub.subscribe("ev_night", "token", "address")
    the_hub.follow(stream, ["m1", "m2"])
    assert set(the_hub.watched()) == {"ev_night", "m1", "m2"}
    the_hub.on_change("m1", 3)
    assert stream.waiter.is_set()
    stream.waiter.clear()
    the_hub.on_change("m1", 3)  # not news
    the_hub.on_change("m3", 1)  # not followed
    assert not stream.waiter.is_set()
    the_hub.follow(stream, ["m3"])
    the_hub.on_change("m1", 4)
    assert not stream.waiter.is_set()
    the_hub.on_change("m3", 1)
    assert stream.waiter.is_set()
    the_hub.unsubscribe(stream)
    assert the_hub.watched() == [] and the_hub.streams() == 0


def test_the_organiser_follows_a_tables_match_live(bare_client: FlaskClient) -> None:
    """E11: the organiser's token, which acts on the event's tables, also keeps a table's
    match stream open (its token checked again at each heartbeat stays live)."""
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCD"))
    organiser = made["tokens"]["organiser"]
    table = _post(bare_client, f"/v1/events/{made['id']}/rounds", organiser, {}
                  ).json["tables"][0]
    stream = open_stream(bare_client, f"/v1/matches/{table['match_id']}/stream", organiser)
    try:
        assert stream.next_block() == {"retry": "3000"}
        assert stream.next_block()["event"] == "match"
        for _ in range(3):  # heartbeats, past the token's recheck: the stream lives on
            assert stream.next_block() == {"comment": "heartbeat"}
    finally:
        stream.close()


def test_a_match_and_an_event_stream_run_one_loop(bare_client: FlaskClient,
                                                  monkeypatch: Any) -> None:
    """Both streams are written by live.sse_events (its heartbeat, resumption, revocation and
    deadline), each with its event's name: no second copy of the loop."""
    from referee.api import live

    names: list[str] = []
    loop = live.sse_events

    def counted(the_hub: Any, subscription: Any, name: str, *rest: Any, **more: Any) -> Any:
        names.append(name)
        return loop(the_hub, subscription, name, *rest, **more)

    monkeypatch.setattr(live, "sse_events", counted)
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCD"))
    organiser = made["tokens"]["organiser"]
    table = _post(bare_client, f"/v1/events/{made['id']}/rounds", organiser, {}
                  ).json["tables"][0]
    for path in (f"/v1/matches/{table['match_id']}/stream", f"/v1/events/{made['id']}/stream"):
        stream = open_stream(bare_client, path, organiser)
        try:
            assert stream.next_block() == {"retry": "3000"}
            assert stream.next_block()["event"] in {"match", "standings"}
            assert stream.next_block() == {"comment": "heartbeat"}
        finally:
            stream.close()
    assert names == ["match", "standings"]
