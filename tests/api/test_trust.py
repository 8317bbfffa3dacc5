"""Trust (the match's tokens, Idempotency-Key, If-Match, bounds): who may read and write,
retries that store nothing twice, stale phones that cannot overwrite, garbage refused cleanly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.store.models import Event, IdempotencyKey


def create(client: FlaskClient, players: list[str] | None = None) -> dict[str, Any]:
    response = client.post("/v1/matches", json={"game": "pitch",
                                                 "players": players or ["Ann", "Bob", "Cid"]})
    assert response.status_code == 201
    body = response.get_json()
    assert set(body["tokens"]) == {"write", "read"}
    return body


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


READS = ["", "/ledger", "/ledger.csv", "/log", "/verify"]
WRITES: list[tuple[str, dict[str, Any]]] = [
    ("/events", {"type": "bid", "call": "pass", "expected_version": 1}),
    ("/deals", {"bids": ["pass"], "tricks": []}),
    ("/undo", {}),
    ("/deals/1/void", {"reason": "x"}),
    ("/deals/1/amend", {"reason": "x", "record": {"tricks": []}}),
    ("/tokens", {"which": "read"}),
]


@pytest.mark.parametrize("path", READS)
def test_reads_need_a_token_of_this_match(bare_client: FlaskClient, path: str) -> None:
    mine, other = create(bare_client), create(bare_client, ["Dee", "Eve"])
    url = f"/v1/matches/{mine['id']}{path}"
    missing = bare_client.get(url)
    assert missing.status_code == 401
    assert missing.content_type == "application/problem+json"
    assert "Bearer" in missing.headers["WWW-Authenticate"]
    assert bare_client.get(url, headers=bearer("rw_not-a-token")).status_code == 401
    foreign = bare_client.get(url, headers=bearer(other["tokens"]["write"]))
    assert foreign.status_code == 403
    assert mine["id"] not in foreign.get_data(as_text=True)
    assert "Ann" not in foreign.get_data(as_text=True)
    for kind in ("read", "write"):
        assert bare_client.get(url, headers=bearer(mine["tokens"][kind])).status_code == 200


@pytest.mark.parametrize(("path", "body"), WRITES)
def test_writes_need_the_write_token(
    bare_client: FlaskClient, path: str, body: dict[str, Any]
) -> None:
    mine, other = create(bare_client), create(bare_client, ["Dee", "Eve"])
    url = f"/v1/matches/{mine['id']}{path}"
    before = Event.select().where(Event.match == mine["id"]).count()
    assert bare_client.post(url, json=body).status_code == 401
    assert bare_client.post(url, json=body, headers=bearer("garbage")).status_code == 401
    foreign = bare_client.post(url, json=body, headers=bearer(other["tokens"]["write"]))
    assert foreign.status_code == 403
    assert "Ann" not in foreign.get_data(as_text=True)
    read_only = bare_client.post(url, json=body, headers=bearer(mine["tokens"]["read"]))
    assert read_only.status_code == 403
    assert Event.select().where(Event.match == mine["id"]).count() == before
    allowed = bare_client.post(url, json=body, headers=bearer(mine["tokens"]["write"]))
    assert allowed.status_code not in (401, 403)


def test_rotating_tokens_revokes_the_old_ones(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}"
    rotated = bare_client.post(url + "/tokens", json={"which": "both"},
                               headers={**bearer(match["tokens"]["write"]), "If-Match": "*"})
    assert rotated.status_code == 200
    fresh = rotated.get_json()["tokens"]
    assert bare_client.get(url, headers=bearer(match["tokens"]["write"])).status_code == 401
    assert bare_client.get(url, headers=bearer(match["tokens"]["read"])).status_code == 401
    assert bare_client.get(url, headers=bearer(fresh["read"])).status_code == 200


def test_tokens_are_stored_only_as_hashes(bare_client: FlaskClient, app: Flask) -> None:
    from referee.store.models import AccessToken

    match = create(bare_client)
    stored = {row.token_hash for row in AccessToken.select()}
    assert match["tokens"]["write"] not in stored
    assert all(len(h) == 64 for h in stored)


def test_the_same_card_three_times_with_one_key_is_one_event(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}/events"
    headers = {**bearer(match["tokens"]["write"]), "Idempotency-Key": "bid-1", "If-Match": '"v1"'}
    answers = [bare_client.post(url, json={"type": "bid", "call": 2}, headers=headers)
               for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert answers[0].get_data() == answers[1].get_data() == answers[2].get_data()
    assert answers[1].headers["Idempotent-Replayed"] == "true"
    assert Event.select().where((Event.match == match["id"]) & (Event.kind == "bid")).count() == 1
    stored = IdempotencyKey.get(IdempotencyKey.key == "bid-1")
    assert stored.first_seq == 2 and stored.state == "done"


def test_the_same_key_with_another_body_is_422(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}/events"
    headers = {**bearer(match["tokens"]["write"]), "Idempotency-Key": "k", "If-Match": '"v1"'}
    first = bare_client.post(url, json={"type": "bid", "call": 2}, headers=headers)
    assert first.status_code == 201
    reused = bare_client.post(url, json={"type": "bid", "call": 3}, headers=headers)
    assert reused.status_code == 422
    assert reused.get_json()["type"].endswith("idempotency-key-reused")


def test_a_duplicate_in_flight_waits_and_gets_the_stored_answer(
    bare_client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No more 409 "in progress": the second request with the key waits for the first one's
    transaction (the write lock, or the key's row) and answers what it stored."""
    import threading

    from referee.store import idempotency

    match = create(bare_client)
    url = f"/v1/matches/{match['id']}/events"
    headers = {**bearer(match["tokens"]["write"]), "Idempotency-Key": "slow", "If-Match": '"v1"'}
    inside, release = threading.Event(), threading.Event()
    real_complete = idempotency.complete

    def slow_complete(*args: Any, **kwargs: Any) -> Any:
        if not inside.is_set():  # the first request, inside its transaction
            inside.set()
            release.wait(5)
        return real_complete(*args, **kwargs)

    monkeypatch.setattr(idempotency, "complete", slow_complete)
    answers: dict[str, Any] = {}

    def send(name: str) -> None:
        with app.test_client() as phone:
            answers[name] = phone.post(url, json={"type": "bid", "call": 2}, headers=headers)

    first = threading.Thread(target=send, args=("first",))
    first.start()
    assert inside.wait(5)
    second = threading.Thread(target=send, args=("second",))
    second.start()
    second.join(0.3)
    assert second.is_alive()  # the duplicate waits for the first one's transaction
    release.set()
    first.join(10)
    second.join(10)
    assert answers["first"].status_code == answers["second"].status_code == 201
    assert answers["first"].get_data() == answers["second"].get_data()
    assert answers["second"].headers["Idempotent-Replayed"] == "true"
    assert Event.select().where(Event.match == match["id"]).count() == 2


def test_a_refused_write_releases_its_key(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}/events"
    headers = {**bearer(match["tokens"]["write"]), "Idempotency-Key": "again", "If-Match": '"v1"'}
    refused = bare_client.post(url, json={"type": "bid", "call": 9}, headers=headers)
    assert refused.status_code == 422
    assert IdempotencyKey.select().where(IdempotencyKey.key == "again").count() == 0


def test_create_retried_with_its_key_is_the_same_answer_and_stores_nothing(
    bare_client: FlaskClient,
) -> None:
    from referee.store.models import AccessToken, Match

    body = {"game": "piquet", "players": ["Bill", "Ann"]}
    key = {"Idempotency-Key": "5f0c0a4e-8d1e-4c47-9a57-2d7c3e1f9b10"}
    first = bare_client.post("/v1/matches", json=body, headers=key)
    tokens_before = AccessToken.select().count()
    again = bare_client.post("/v1/matches", json=body, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert first.get_json() == again.get_json()  # the same match and the same tokens
    assert Match.select().count() == 1 and AccessToken.select().count() == tokens_before
    url = f"/v1/matches/{first.get_json()['id']}"
    assert bare_client.get(url, headers=bearer(first.get_json()["tokens"]["write"])).status_code \
        == 200
    stored = IdempotencyKey.get(IdempotencyKey.scope == "create")
    for secret in (*first.get_json()["tokens"].values(), first.get_json()["recovery_code"]):
        assert secret not in (stored.response or "")  # computed again, never stored


def test_steps_need_a_version_and_a_stale_one_gets_the_current_state(
    bare_client: FlaskClient,
) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}/events"
    write = bearer(match["tokens"]["write"])
    missing = bare_client.post(url, json={"type": "bid", "call": 2}, headers=write)
    assert missing.status_code == 428
    first = bare_client.post(url, json={"type": "bid", "call": 2},
                             headers={**write, "If-Match": '"v1"'})
    assert first.status_code == 201 and first.headers["ETag"] == '"v2"'
    stale = bare_client.post(url, json={"type": "bid", "call": 3},
                             headers={**write, "If-Match": '"v1"'})
    assert stale.status_code == 412
    assert stale.get_json()["match"]["version"] == 2
    assert stale.headers["ETag"] == '"v2"'
    by_body = bare_client.post(url, json={"type": "bid", "call": 3, "expected_version": 2},
                               headers=write)
    assert by_body.status_code == 201


def test_reads_return_the_version_as_etag(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    response = bare_client.get(
        f"/v1/matches/{match['id']}", headers=bearer(match["tokens"]["read"])
    )
    assert response.headers["ETag"] == '"v1"'


@pytest.mark.parametrize(
    ("data", "content_type"),
    [
        (b"[" * 50_000 + b"]" * 50_000, "application/json"),
        (b'{"game": "pitch", "players": ["\xff\xfe"]}', "application/json"),
        (b'{"game": 7, "players": "Ann"}', "application/json"),
        (b'{"game": "pitch", "players": ["A", "B"], "extra": 1}', "application/json"),
        (json.dumps({"game": "pitch", "players": ["x" * 41, "B"]}).encode(), "application/json"),
        (json.dumps({"game": "pitch", "players": ["P"] * 50}).encode(), "application/json"),
        (b"not json", "application/json"),
    ],
)
def test_garbage_is_a_clean_4xx(bare_client: FlaskClient, data: bytes, content_type: str) -> None:
    response = bare_client.post("/v1/matches", data=data, content_type=content_type)
    assert 400 <= response.status_code < 500
    assert response.content_type == "application/problem+json"


def test_an_oversize_body_is_413(bare_client: FlaskClient) -> None:
    huge = b'{"game": "pitch", "players": ["' + b"A" * 300_000 + b'"]}'
    response = bare_client.post("/v1/matches", data=huge, content_type="application/json")
    assert response.status_code == 413
    assert response.content_type == "application/problem+json"


def test_every_write_names_who_made_it(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}"
    write = bearer(match["tokens"]["write"])
    bare_client.post(url + "/events", json={"type": "bid", "call": 2},
                     headers={**write, "If-Match": '"v1"'})
    undone = bare_client.post(url + "/undo", json={"reason": "wrong bid"},
                              headers={**write, "If-Match": '"v2"'})
    assert undone.status_code == 200
    named = bare_client.post(url + "/events", json={"type": "bid", "call": 3, "by": "Ann"},
                             headers={**write, "If-Match": undone.headers["ETag"]})
    assert named.status_code == 201
    log = bare_client.get(url + "/log", headers=write).get_json()["items"]
    actors = [(e["kind"], e["actor"]) for e in log[1:]]
    assert actors[0][1].startswith("write token ") and actors[1][1] == actors[0][1]
    assert "#" not in actors[0][1]  # the label does not count the match's tokens
    assert log[2]["payload"]["by"] == actors[0][1]  # the undo says who took the bid back
    assert actors[2] == ("bid", actors[0][1])  # the credential, whatever name was sent
    assert log[3]["payload"]["by"] == "Ann"  # the name sent: a note


def test_csv_export_does_not_carry_formulas(client: FlaskClient) -> None:
    match = client.post("/v1/matches", json={"game": "pitch",
                                             "players": ["=1+1", "@SUM(A1)", "Cid"]}).get_json()
    csv_text = client.get(f"/v1/matches/{match['id']}/ledger.csv").get_data(as_text=True)
    header = csv_text.splitlines()[0]
    assert "'=1+1 points" in header and "'@SUM(A1) points" in header
    assert ",=" not in csv_text and ",@" not in csv_text


@pytest.mark.parametrize("stake", ["-1", "1e400", "NaN"])
def test_a_stake_out_of_range_is_400(bare_client: FlaskClient, stake: str) -> None:
    response = bare_client.post("/v1/piquet/parties:settle",
                                json={"scores": {"A": 50, "B": 60}, "stake": stake})
    assert response.status_code == 400
    assert "stake" in response.get_json()["errors"]


def test_a_zero_stake_is_an_amount_of_zero(bare_client: FlaskClient) -> None:
    response = bare_client.post("/v1/piquet/parties:settle",
                                json={"scores": {"A": 50, "B": 60}, "stake": "0"})
    assert response.get_json()["amount"] == "0"


@pytest.mark.parametrize("call", [True, "two", 2.5, {"a": 1}])
def test_a_malformed_call_is_400(bare_client: FlaskClient, call: Any) -> None:
    response = bare_client.post("/v1/pitch/bidding:check",
                                json={"players": 3, "dealer": 2, "bids": [call]})
    assert response.status_code == 400
    assert "bids[0]" in response.get_json()["errors"]


def test_the_ledger_carries_the_match_version(client: FlaskClient) -> None:
    match = client.post("/v1/matches", json={"game": "pitch",
                                             "players": ["Ann", "Bob", "Cid"]}).get_json()
    url = f"/v1/matches/{match['id']}"
    version = client.get(url).headers["ETag"]
    assert client.get(url + "/ledger").headers["ETag"] == version
    assert client.get(url + "/ledger.csv").headers["ETag"] == version
