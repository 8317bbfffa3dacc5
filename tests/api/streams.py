"""What the live streams' tests share (a match's, tests/api/test_stream*.py; an event's,
tests/api/test_event_stream*.py): the app with a quick heartbeat, a stream read block by
block, and opening one with a token."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

#: A module's tests on an app with a heartbeat every 0.2 s (the default is 15 s) and the
#: SQLite watcher polling every 0.05 s: ``pytestmark = QUICK_STREAMS``
#: (tests/conftest.py's ``app`` takes the mark's settings).
QUICK_STREAMS = pytest.mark.app_config(STREAM_HEARTBEAT_SECONDS=0.2, STREAM_POLL_SECONDS=0.05)


class Stream:
    """The blocks of an event stream as they come (each ``{"field": "value"}``, a comment as
    ``{"comment": "heartbeat"}``)."""

    def __init__(self, response: Any) -> None:
        self.response = response
        self._chunks = iter(response.response)
        self._buffer = ""

    def next_block(self) -> dict[str, str]:
        while "\n\n" not in self._buffer:
            chunk = next(self._chunks)
            self._buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        block, self._buffer = self._buffer.split("\n\n", 1)
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(":")
            fields[name or "comment"] = value.removeprefix(" ")
        return fields

    def next_event(self) -> dict[str, str]:
        """The next block that is not a heartbeat."""
        while "comment" in (block := self.next_block()):
            pass
        return block

    def close(self) -> None:
        self.response.close()


def new_match(client: FlaskClient) -> tuple[str, dict[str, str]]:
    """A new Piquet match to follow: its id and tokens."""
    created = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    assert created.status_code == 201
    return created.get_json()["id"], created.get_json()["tokens"]


def open_stream(client: FlaskClient, path: str, token: str, **headers: str) -> Stream:
    """GET the stream at ``path`` with ``token`` (and ``headers``), unbuffered: it is open."""
    response = client.get(path, buffered=False,
                          headers={"Authorization": f"Bearer {token}",
                                   "Accept": "text/event-stream", **headers})
    assert response.status_code == 200, response.get_data()
    return Stream(response)
