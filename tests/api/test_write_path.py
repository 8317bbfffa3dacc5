"""Regression tests of the write path: the lost rotation
answer that locked the owner out, the whole deal and the undo recorded twice without
If-Match, the tampered total served, the ledger cut short unnoticed, the retry refused
after a crash."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import folds
from referee.store import idempotency
from referee.store.db import execute
from referee.store.models import Event
from tests.api.deals import Q10_TRICKS


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: FlaskClient) -> dict[str, Any]:
    made = client.post("/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    assert made.status_code == 201
    return made.json


# ------------------------------------------------------------------------------- tokens


def test_a_lost_rotation_answer_does_not_lock_the_owner_out(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}"
    headers = {**bearer(match["tokens"]["write"]), "If-Match": "*", "Idempotency-Key": "rot-1"}
    first = bare_client.post(url + "/tokens", json={"which": "both"}, headers=headers)
    assert first.status_code == 200  # … and the phone never got this answer
    again = bare_client.post(url + "/tokens", json={"which": "both"}, headers=headers)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json  # the same new tokens: nothing revoked twice
    assert bare_client.get(url, headers=bearer(again.json["tokens"]["write"])).status_code == 200
    assert bare_client.get(url, headers=bearer(match["tokens"]["write"])).status_code == 401


def test_rotation_needs_if_match_and_a_stale_one_is_412(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}/tokens"
    write = bearer(match["tokens"]["write"])
    assert bare_client.post(url, json={}, headers=write).status_code == 428
    assert bare_client.post(url, json={}, headers={**write, "If-Match": '"v9"'}).status_code \
        == 412
    assert bare_client.post(url, json={}, headers={**write, "If-Match": '"v1"'}).status_code \
        == 200


def test_the_recovery_code_mints_new_tokens_when_all_are_lost(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    code = match["recovery_code"]
    assert code.startswith("rc_")
    url = f"/v1/matches/{match['id']}"
    assert bare_client.get(url, headers=bearer(code)).status_code == 401  # not a bearer token
    wrong = bare_client.post(url + "/tokens:recover", json={"recovery_code": "rc_guess"})
    assert wrong.status_code == 401
    other = create(bare_client)
    foreign = bare_client.post(url + "/tokens:recover",
                               json={"recovery_code": other["recovery_code"]})
    assert foreign.status_code == 401
    key = {"Idempotency-Key": "lost-everything"}
    recovered = bare_client.post(url + "/tokens:recover", json={"recovery_code": code},
                                 headers=key)
    assert recovered.status_code == 200
    fresh = recovered.json["tokens"]
    assert bare_client.get(url, headers=bearer(fresh["write"])).status_code == 200
    assert bare_client.get(url, headers=bearer(match["tokens"]["write"])).status_code == 401
    again = bare_client.post(url + "/tokens:recover", json={"recovery_code": code}, headers=key)
    assert again.json == recovered.json  # a lost answer: the same tokens again


def test_a_retried_create_answers_the_same_tokens_and_recovery_code(
    bare_client: FlaskClient,
) -> None:
    body = {"game": "piquet", "players": ["Bill", "Ann"]}
    key = {"Idempotency-Key": "create-1"}
    first = bare_client.post("/v1/matches", json=body, headers=key)
    again = bare_client.post("/v1/matches", json=body, headers=key)
    assert again.json == first.json
    assert again.json["recovery_code"] == first.json["recovery_code"]


def test_the_author_label_does_not_count_the_tokens(client: FlaskClient) -> None:
    match = create(client)
    for _ in range(3):  # rotations make more token rows
        client.post(f"/v1/matches/{match['id']}/tokens", json={"which": "read"},
                    headers={"If-Match": "*"})
    client.post(f"/v1/matches/{match['id']}/events", json={"type": "card", "card": "AC"})
    actor = client.get(f"/v1/matches/{match['id']}/log").json["items"][-1]["actor"]
    assert actor.startswith("write token ") and not any(ch == "#" for ch in actor)
    assert actor.split()[-1] not in {str(n) for n in range(20)}


# ------------------------------------------------------------------------- If-Match


@pytest.mark.parametrize(("path", "body"), [
    ("/deals", {"tricks": Q10_TRICKS}),
    ("/undo", {"reason": "slip"}),
    ("/deals/1/void", {"reason": "misdeal"}),
    ("/deals/1/amend", {"reason": "x", "record": {"tricks": Q10_TRICKS}}),
    ("/events", {"type": "card", "card": "AC"}),
])
def test_every_write_needs_if_match(bare_client: FlaskClient, path: str,
                                    body: dict[str, Any]) -> None:
    match = create(bare_client)
    write = bearer(match["tokens"]["write"])
    url = f"/v1/matches/{match['id']}"
    bare_client.post(url + "/deals", json={"tricks": Q10_TRICKS}, headers={**write,
                                                                           "If-Match": '"v1"'})
    before = Event.select().where(Event.match == match["id"]).count()
    missing = bare_client.post(url + path, json=body, headers=write)
    assert missing.status_code == 428
    star = bare_client.post(url + path, json=body, headers={**write, "If-Match": "*"})
    assert star.status_code == 428  # * could record the same entry twice
    assert Event.select().where(Event.match == match["id"]).count() == before


def test_the_same_whole_deal_from_two_phones_is_recorded_once(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    headers = {**bearer(match["tokens"]["write"]), "If-Match": '"v1"'}
    url = f"/v1/matches/{match['id']}/deals"
    answers = [bare_client.post(url, json={"tricks": Q10_TRICKS}, headers=headers)
               for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 412]
    assert answers[1].json["match"]["deals_played"] == 1
    assert Event.select().where(
        (Event.match == match["id"]) & (Event.kind == "deal_recorded")).count() == 1


def test_two_undos_at_once_take_back_one_entry(bare_client: FlaskClient) -> None:
    match = create(bare_client)
    write = bearer(match["tokens"]["write"])
    url = f"/v1/matches/{match['id']}"
    for n, card in enumerate(Q10_TRICKS[0], start=1):
        assert bare_client.post(url + "/events", json={"type": "card", "card": card},
                                headers={**write, "If-Match": f'"v{n}"'}).status_code == 201
    answers = [bare_client.post(url + "/undo", json={}, headers={**write, "If-Match": '"v3"'})
               for _ in range(2)]
    assert [a.status_code for a in answers] == [200, 412]
    assert answers[0].json["current_deal"]["tricks"] == [[Q10_TRICKS[0][0]]]


# ------------------------------------------------------------------------ integrity


def _tamper_score(match_id: str) -> None:
    row = execute('SELECT "payload" FROM "event" WHERE "match_id" = ? AND "kind" = ?',
                  (match_id, "deal_scored")).fetchone()
    execute('UPDATE "event" SET "payload" = ? WHERE "match_id" = ? AND "kind" = ?',
            (row[0].replace('"Ann":41', '"Ann":141'), match_id, "deal_scored"))


def test_a_tampered_total_is_never_served(client: FlaskClient, app: Flask,
                                          caplog: pytest.LogCaptureFixture) -> None:
    match = create(client)
    client.post(f"/v1/matches/{match['id']}/deals", json={"tricks": Q10_TRICKS})
    client.post(f"/v1/matches/{match['id']}/events", json={"type": "card", "card": "AC"})
    with app.app_context():
        _tamper_score(match["id"])
    folds.FOLDS.clear()  # a worker that has not read this match yet (or a restart)
    for path in ("", "/ledger", "/ledger.csv"):
        read = client.get(f"/v1/matches/{match['id']}{path}")
        assert read.status_code == 500, path
        assert read.content_type == "application/problem+json"
        assert read.json["type"].endswith("/ledger-tampered") and read.json["broken_at"] == 3
        assert "141" not in read.get_data(as_text=True)
    refused = client.post(f"/v1/matches/{match['id']}/events", json={"type": "card",
                                                                     "card": "KC"})
    assert refused.status_code == 500  # nothing recorded on a ledger that does not verify
    assert "LEDGER TAMPERED" in caplog.text
    assert client.get(f"/v1/matches/{match['id']}/verify").json["broken_at"] == 3


def test_a_chain_rebuilt_without_the_key_does_not_verify(client: FlaskClient,
                                                         app: Flask) -> None:
    """Someone who can write the database changes a score and recomputes every link with
    plain SHA-256 (what the unkeyed chain allowed): it no longer verifies."""
    from referee.store.chain import GENESIS_HASH, chain_hash

    match = create(client)
    client.post(f"/v1/matches/{match['id']}/deals", json={"tricks": Q10_TRICKS})
    with app.app_context():
        _tamper_score(match["id"])
        rows = execute('SELECT "id", "seq", "kind", "payload", "actor" FROM "event" '
                       'WHERE "match_id" = ? ORDER BY "seq"', (match["id"],)).fetchall()
        prev = GENESIS_HASH
        for row_id, seq, kind, payload, actor in rows:
            link = chain_hash(prev, seq, kind, payload, actor)
            execute('UPDATE "event" SET "prev_hash" = ?, "hash" = ?, "key_id" = NULL '
                    'WHERE "id" = ?', (prev, link, row_id))
            prev = link
    folds.FOLDS.clear()
    assert client.get(f"/v1/matches/{match['id']}").status_code == 500
    assert client.get(f"/v1/matches/{match['id']}/verify").json["intact"] is False


def test_a_ledger_cut_short_is_reported_against_a_clients_head(
    client: FlaskClient, app: Flask
) -> None:
    match = create(client)
    for card in Q10_TRICKS[0]:
        answer = client.post(f"/v1/matches/{match['id']}/events",
                             json={"type": "card", "card": card})
    head = answer.json["match"]["head"]
    assert head["seq"] == 3 and len(head["hash"]) == 64
    kept = f"{head['seq']}:{head['hash']}"
    same = client.get(f"/v1/matches/{match['id']}/verify", query_string={"head": kept}).json
    assert same["intact"] is True and same["known_head"]["status"] == "same"
    with app.app_context():
        execute('DELETE FROM "event" WHERE "match_id" = ? AND "seq" = 3', (match["id"],))
    folds.FOLDS.clear()
    alone = client.get(f"/v1/matches/{match['id']}/verify").json
    assert alone["intact"] is True  # a prefix of a chain is a chain: only the head tells
    cut = client.get(f"/v1/matches/{match['id']}/verify", query_string={"head": kept}).json
    assert cut["intact"] is False and cut["known_head"]["status"] == "behind"
    runner = app.test_cli_runner()
    result = runner.invoke(args=["db", "verify", match["id"], "--head", kept])
    assert result.exit_code == 1 and "BEHIND" in result.output
    ok = runner.invoke(args=["db", "verify", match["id"]])
    assert ok.exit_code == 0, ok.output


def test_every_match_answer_carries_its_head(client: FlaskClient) -> None:
    match = create(client)
    assert match["head"]["seq"] == 1 and len(match["head"]["hash"]) == 64
    step = client.post(f"/v1/matches/{match['id']}/events", json={"type": "card", "card": "AC"})
    read = client.get(f"/v1/matches/{match['id']}").json
    assert step.json["match"]["head"] == read["head"]
    log = client.get(f"/v1/matches/{match['id']}/log").json["items"]
    assert read["head"] == {"seq": 2, "hash": log[-1]["hash"]}


# --------------------------------------------------------------------------- crashes


def test_a_retry_right_after_a_crash_just_works(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server dies after inserting the events, before the commit: the transaction is
    gone with it, so the retry (same key, same If-Match) is recorded — no 409 for a minute."""
    match = create(client)
    url = f"/v1/matches/{match['id']}/events"
    headers = {"Idempotency-Key": "in-flight", "If-Match": '"v1"'}
    real = idempotency.complete

    def die(*args: Any, **kwargs: Any) -> None:
        raise SystemExit("killed")

    monkeypatch.setattr(idempotency, "complete", die)
    with pytest.raises(SystemExit):
        client.post(url, json={"type": "card", "card": "AC"}, headers=headers)
    monkeypatch.setattr(idempotency, "complete", real)
    retried = client.post(url, json={"type": "card", "card": "AC"}, headers=headers)
    assert retried.status_code == 201
    assert [e["seq"] for e in retried.json["events"]] == [2]
    assert Event.select().where(Event.match == match["id"]).count() == 2
