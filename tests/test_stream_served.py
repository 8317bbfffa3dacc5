"""Live updates across processes: a write through one app server reaches the
stream held by another — two gunicorn servers on one PostgreSQL (LISTEN/NOTIFY), and on
SQLite the workers of one server (each worker's watcher notices the other's commit)."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.conftest import ON_POSTGRES
from tests.served import Server, call, start_gunicorn


class ServedStream:
    """An event stream read over a real socket, block by block."""

    def __init__(self, base: str, match_id: str, token: str, last_id: str | None = None) -> None:
        url = urlparse(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
        if last_id is not None:
            headers["Last-Event-ID"] = last_id
        self.connection.request("GET", f"/v1/matches/{match_id}/stream", headers=headers)
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")

    def next_event(self) -> dict[str, str]:
        """The next block that is not a comment (a heartbeat)."""
        while True:
            fields: dict[str, str] = {}
            while (line := self.response.readline().decode()) not in ("\n", ""):
                name, _, value = line.rstrip("\n").partition(":")
                fields[name or "comment"] = value.removeprefix(" ")
            if line == "":
                raise EOFError("the stream ended")
            if fields and "comment" not in fields:
                return fields

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def servers(database_url: str, tmp_path: Path) -> Iterator[list[Server]]:
    """Two gunicorn servers on one PostgreSQL database; on SQLite, one server (two workers)."""
    started = [start_gunicorn(database_url, tmp_path / f"gunicorn-{n}.log")
               for n in range(2 if ON_POSTGRES else 1)]
    try:
        yield started
    finally:
        for server in started:
            server.stop()


@pytest.mark.slow
def test_a_write_through_one_server_reaches_a_stream_on_another(servers: list[Server]) -> None:
    writer, watcher = servers[0].base, servers[-1].base
    created = call(writer, "POST", "/v1/matches", {"game": "piquet", "players": ["Bill", "Ann"]})
    assert created.status == 201
    match_id, tokens = created.body["id"], created.body["tokens"]
    stream = ServedStream(watcher, match_id, tokens["read"])
    try:
        assert stream.next_event() == {"retry": "3000"}
        assert stream.next_event()["id"] == "1"
        for version, card in enumerate(("KS", "AS", "QS"), start=2):
            played = call(writer, "POST", f"/v1/matches/{match_id}/events",
                          {"type": "card", "card": card},
                          {"Authorization": f"Bearer {tokens['write']}",
                           "If-Match": f'"v{version - 1}"'})
            assert played.status == 201, played.body
            event = stream.next_event()
            assert event["event"] == "match" and event["id"] == str(version)
            assert json.loads(event["data"]) == played.body["match"]
    finally:
        stream.close()
    # A phone that comes back after version 2 gets version 4 at once, and only that.
    stream = ServedStream(watcher, match_id, tokens["read"], last_id="2")
    try:
        stream.next_event()
        assert stream.next_event()["id"] == "4"
    finally:
        stream.close()



@pytest.mark.slow
def test_a_quiet_stream_outlives_the_worker_timeout(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """gunicorn's worker timeout (here 2 s) never cuts a healthy stream that only beats."""
    monkeypatch.setenv("GUNICORN_CMD_ARGS", "--timeout 2")
    monkeypatch.setenv("REFEREE_STREAM_HEARTBEAT_SECONDS", "0.5")
    server = start_gunicorn(database_url, tmp_path / "gunicorn.log", workers=1)
    try:
        created = call(server.base, "POST", "/v1/matches",
                       {"game": "piquet", "players": ["Bill", "Ann"]})
        match_id, tokens = created.body["id"], created.body["tokens"]
        stream = ServedStream(server.base, match_id, tokens["read"])
        try:
            assert stream.next_event() == {"retry": "3000"}
            assert stream.next_event()["id"] == "1"
            beats = 0
            while beats < 10:  # five seconds of heartbeats only, past two timeouts
                line = stream.response.readline()
                assert line, "the stream was cut"
                beats += line == b": heartbeat\n"
            played = call(server.base, "POST", f"/v1/matches/{match_id}/events",
                          {"type": "card", "card": "KS"},
                          {"Authorization": f"Bearer {tokens['write']}", "If-Match": '"v1"'})
            assert played.status == 201
            assert stream.next_event()["id"] == "2"
        finally:
            stream.close()
    finally:
        server.stop()
