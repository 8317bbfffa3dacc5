"""Limits of the live-update streams (docs/security.md, "Limits"): streams per token, per
match, per client address and per worker are capped (429 ``too-many-streams`` with
Retry-After past them), the client's address is X-Forwarded-For's only from a trusted proxy,
and a revoked token's streams end within a second, not at the next heartbeat."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.api import create_app
from referee.api.clients import client_address, parse_proxies
from tests.api.streams import Stream
from tests.api.streams import new_match as _match

#: Small caps, so that a test reaches each with a few streams.
LIMITS = {"STREAMS_PER_TOKEN": 2, "STREAMS_PER_MATCH": 3, "STREAMS_PER_ADDRESS": 4,
          "STREAMS_PER_WORKER": 5}


def _app(database_url: str, **config: Any) -> Flask:
    # The default heartbeat (15 s): a stream that ends sooner was ended by something else.
    return create_app({"TESTING": True, "DATABASE_URL": database_url,
                       "STREAM_POLL_SECONDS": 0.05, **config})


def _close(application: Flask) -> None:
    db = application.extensions["referee.db"]
    if hasattr(db, "close_all"):
        db.close_all()
    elif not db.is_closed():
        db.close()


@pytest.fixture
def limited(database_url: str) -> Iterator[Flask]:
    application = _app(database_url, **LIMITS)
    yield application
    _close(application)


@pytest.fixture
def plain(database_url: str) -> Iterator[Flask]:
    """The app with the default limits (and heartbeat)."""
    application = _app(database_url)
    yield application
    _close(application)


def _ask(client: FlaskClient, match_id: str, token: str, address: str = "10.0.0.1",
         **headers: str) -> Any:
    return client.get(f"/v1/matches/{match_id}/stream", buffered=False,
                      environ_base={"REMOTE_ADDR": address},
                      headers={"Authorization": f"Bearer {token}", **headers})


class Held:
    """The streams a test holds open (closed at the end)."""

    def __init__(self) -> None:
        self.streams: list[Stream] = []

    def open(self, client: FlaskClient, match_id: str, token: str,
             address: str = "10.0.0.1") -> Stream:
        response = _ask(client, match_id, token, address)
        assert response.status_code == 200, response.get_data()
        stream = Stream(response)
        assert stream.next_block() == {"retry": "3000"}
        self.streams.append(stream)
        return stream

    def close(self) -> None:
        for stream in self.streams:
            stream.close()
        self.streams.clear()


@pytest.fixture
def held() -> Iterator[Held]:
    opened = Held()
    yield opened
    opened.close()


def _refused(response: Any, limit: str) -> None:
    if response.status_code != 429:
        response.close()  # never read an admitted stream's body: it does not end
        raise AssertionError(f"answered {response.status_code}, not 429")
    assert response.mimetype == "application/problem+json"
    body = response.get_json()
    assert body["type"] == "https://referee.example/problems/too-many-streams"
    assert body["limit"] == limit
    assert int(response.headers["Retry-After"]) > 0
    assert "GET" in body["detail"]  # what to do meanwhile: poll


def test_streams_of_one_token_are_capped(limited: Flask, held: Held) -> None:
    client = limited.test_client()
    match_id, tokens = _match(client)
    for _ in range(2):
        held.open(client, match_id, tokens["read"], "10.0.0.1")
    _refused(_ask(client, match_id, tokens["read"], "10.0.0.2"), "token")
    # Another token of the match still gets one (the match's cap is 3).
    held.open(client, match_id, tokens["write"], "10.0.0.3")
    _refused(_ask(client, match_id, tokens["write"], "10.0.0.4"), "match")


def limit_refusals(limit: str) -> float:
    """``referee_limit_refusals_total{limit=…}`` as /metrics would report it (this process)."""
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value("referee_limit_refusals_total", {"limit": limit}) or 0.0


def test_streams_from_one_address_are_capped(limited: Flask, held: Held) -> None:
    client = limited.test_client()
    before = limit_refusals("stream_address"), limit_refusals("stream_server")
    for _ in range(2):
        match_id, tokens = _match(client)
        held.open(client, match_id, tokens["read"], "10.0.0.7")
        held.open(client, match_id, tokens["write"], "10.0.0.7")
    match_id, tokens = _match(client)
    _refused(_ask(client, match_id, tokens["read"], "10.0.0.7"), "address")
    held.open(client, match_id, tokens["read"], "10.0.0.8")  # another address: admitted
    _refused(_ask(client, match_id, tokens["write"], "10.0.0.9"), "server")  # 5 in all
    # Each refusal is counted for the operator (docs/operations.md, "Metrics").
    assert (limit_refusals("stream_address"), limit_refusals("stream_server")) == (before[0] + 1,
                                                                         before[1] + 1)


def test_a_stream_that_ends_frees_its_place(limited: Flask, held: Held) -> None:
    client = limited.test_client()
    match_id, tokens = _match(client)
    first = held.open(client, match_id, tokens["read"])
    held.open(client, match_id, tokens["read"])
    _refused(_ask(client, match_id, tokens["read"]), "token")
    first.close()
    held.open(client, match_id, tokens["read"])
    assert limited.extensions["referee.hub"].streams() == 2


def test_a_refused_stream_costs_nothing_and_the_match_still_reads(limited: Flask,
                                                                   held: Held) -> None:
    client = limited.test_client()
    match_id, tokens = _match(client)
    for _ in range(2):
        held.open(client, match_id, tokens["read"])
    for _ in range(20):
        _refused(_ask(client, match_id, tokens["read"]), "token")
    assert limited.extensions["referee.hub"].streams() == 2
    read = client.get(f"/v1/matches/{match_id}",
                      headers={"Authorization": f"Bearer {tokens['read']}"})
    assert read.status_code == 200  # the fallback: polling


def test_the_defaults_admit_a_club_on_one_address(plain: Flask) -> None:
    """A club's phones and TV share one address: 200 streams of it are admitted by default
    (and more tokens' than one match's)."""
    hub = plain.extensions["referee.hub"]
    limits = hub.limits
    assert limits.per_address >= 200
    assert limits.per_token <= limits.per_match < limits.per_worker
    subscriptions = [hub.subscribe(f"match{n % 40}", f"token{n % 40}", "192.0.2.1")
                     for n in range(200)]
    assert hub.streams() == 200
    for subscription in subscriptions:
        hub.unsubscribe(subscription)
    assert hub.streams() == 0


# ----------------------------------------------------------------------- revoked tokens


def _ends_within(stream: Stream, seconds: float) -> float:
    """Read ``stream`` until it ends; how long that took (it must end within ``seconds``:
    the read is abandoned after that)."""
    ended = threading.Event()
    began = time.monotonic()

    def read() -> None:
        try:
            while True:
                stream.next_block()
        except StopIteration:
            ended.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    ended.wait(seconds)
    return time.monotonic() - began if ended.is_set() else float("inf")


def test_a_rotated_tokens_stream_ends_within_a_second(plain: Flask, held: Held) -> None:
    client = plain.test_client()
    match_id, tokens = _match(client)
    revoked = held.open(client, match_id, tokens["read"])
    kept = held.open(client, match_id, tokens["write"])
    assert revoked.next_block()["id"] == "1"
    assert kept.next_block()["id"] == "1"
    rotated = client.post(f"/v1/matches/{match_id}/tokens", json={"which": "read"},
                          headers={"Authorization": f"Bearer {tokens['write']}",
                                   "If-Match": "*"})
    assert rotated.status_code == 200
    took = _ends_within(revoked, 5.0)
    assert took < 1.0, f"the revoked token's stream ended after {took:.2f} s"
    assert plain.extensions["referee.hub"].streams() == 1  # the write token's goes on
    played = client.post(f"/v1/matches/{match_id}/events", json={"type": "card", "card": "KS"},
                         headers={"Authorization": f"Bearer {tokens['write']}",
                                  "If-Match": '"v1"'})
    assert played.status_code == 201
    assert kept.next_event()["id"] == "2"


def test_a_replaced_seats_stream_ends_within_a_second(plain: Flask, held: Held) -> None:
    client = plain.test_client()
    match_id, tokens = _match(client)
    write = {"Authorization": f"Bearer {tokens['write']}"}
    seats = client.post(f"/v1/matches/{match_id}/seats", json={"players": ["Ann"]},
                        headers={**write, "If-Match": '"v1"'})
    assert seats.status_code == 201, seats.get_json()
    version = seats.get_json()["match"]["version"]
    seat = held.open(client, match_id, seats.get_json()["seats"][0]["token"])
    assert seat.next_block()["event"] == "match"
    again = client.post(f"/v1/matches/{match_id}/seats", json={"players": ["Ann"]},
                        headers={**write, "If-Match": f'"v{version}"'})
    assert again.status_code == 201
    took = _ends_within(seat, 5.0)
    assert took < 1.0, f"the replaced seat's stream ended after {took:.2f} s"


# ----------------------------------------------------------------------- client address


def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(database_url: str) -> None:
    application = _app(database_url, **{**LIMITS, "STREAMS_PER_ADDRESS": 1},
                       TRUSTED_PROXIES="10.9.0.0/16, ::1")
    seen: list[str | None] = []

    @application.get("/whoami")
    def whoami() -> str:
        from flask import request
        seen.append(request.remote_addr)
        return ""

    try:
        client = application.test_client()

        def address(peer: str, forwarded: str | None = None) -> str | None:
            headers = {"X-Forwarded-For": forwarded} if forwarded else {}
            client.get("/whoami", environ_base={"REMOTE_ADDR": peer}, headers=headers)
            return seen[-1]

        assert address("203.0.113.5") == "203.0.113.5"
        # A client that writes the header itself is not believed.
        assert address("203.0.113.5", "198.51.100.1") == "203.0.113.5"
        # The proxy's: the right-most address it did not add itself is the client.
        assert address("10.9.0.2", "198.51.100.1") == "198.51.100.1"
        assert address("10.9.0.2", "6.6.6.6, 198.51.100.1, 10.9.0.3") == "198.51.100.1"
        assert address("::1", "2001:db8::7") == "2001:db8::7"
        assert address("10.9.0.2", "not an address") == "10.9.0.2"
        # The streams' cap per address counts clients behind the proxy apart.
        match_id, tokens = _match(client)
        opened = []
        try:
            for token, client_seen, admitted in ((tokens["read"], "198.51.100.1", True),
                                                 (tokens["write"], "198.51.100.1", False),
                                                 (tokens["write"], "198.51.100.2", True)):
                response = client.get(f"/v1/matches/{match_id}/stream", buffered=False,
                                      environ_base={"REMOTE_ADDR": "10.9.0.2"},
                                      headers={"Authorization": f"Bearer {token}",
                                               "X-Forwarded-For": client_seen})
                if admitted:
                    assert response.status_code == 200
                    opened.append(response)
                else:
                    _refused(response, "address")
        finally:
            for response in opened:
                response.close()
    finally:
        _close(application)


def test_the_client_address_is_decided_by_the_trusted_proxies() -> None:
    trusted = parse_proxies("10.0.0.0/8, 192.0.2.1")
    assert client_address("192.0.2.1", ["203.0.113.9"], trusted) == "203.0.113.9"
    assert client_address("192.0.2.2", ["203.0.113.9"], trusted) == "192.0.2.2"
    assert client_address("192.0.2.1", ["1.1.1.1, 203.0.113.9", "10.1.1.1"],
                          trusted) == "203.0.113.9"
    assert client_address("192.0.2.1", ["10.1.1.1, 10.2.2.2"], trusted) == "10.1.1.1"
    assert client_address("192.0.2.1", [], trusted) == "192.0.2.1"
    assert client_address("::ffff:192.0.2.1", ["203.0.113.9"], trusted) == "203.0.113.9"
    assert client_address("192.0.2.1", ["203.0.113.9"], ()) == "192.0.2.1"
    with pytest.raises(ValueError, match="REFEREE_TRUSTED_PROXIES"):
        parse_proxies("10.0.0.0/8, proxy.example")
