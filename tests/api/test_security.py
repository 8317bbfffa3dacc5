"""Security: ids and tokens of any text, credentials a replay must not hand out, the actor
of an entry, answers no cache keeps, exact numbers and names (docs/security.md)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

#: A body each match route accepts (so the request reaches its id and token checks).
BODIES: dict[str, dict[str, Any] | None] = {
    "matches.read_match": None,
    "matches.read_me": None,
    "matches.read_ledger": None,
    "matches.read_ledger_csv": None,
    "matches.read_record_file": None,
    "matches.read_events": None,
    "matches.verify": None,
    "live.stream_match": None,
    "matches.rotate_tokens": {"which": "both"},
    "matches.recover_tokens": {"which": "both"},  # + the recovery code
    "matches.join_seat": {},
    "matches.record_step": {"type": "bid", "call": 2},
    "matches.record_deal": {"bids": ["pass"], "tricks": []},
    "matches.record_cards": {"bids": ["pass"], "tricks": []},
    "matches.confirm_deal": {},
    "matches.dispute_deal": {"reason": "x"},
    "matches.issue_seats": {},
    "matches.undo": {},
    "matches.void_deal": {"reason": "x"},
    "matches.amend_deal": {"reason": "x", "record": {"tricks": []}},
}

#: Ids no match has: non-ASCII (UTF-8 in the path), very long, both.
ODD_IDS = ["%C3%A9", "caf%C3%A9-%E2%80%AE-%F0%9F%82%A1", "a" * 5000, "%C3%A9" * 600]


def create(client: FlaskClient, players: list[str] | None = None,
           headers: dict[str, str] | None = None, **options: Any) -> Any:
    return client.post("/v1/matches", json={"game": "pitch",
                                            "players": players or ["Ann", "Bob", "Cid"],
                                            "options": options}, headers=headers or {})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def match_routes(app: Flask) -> list[tuple[str, str, str]]:
    """(endpoint, method, rule) of every route with a match id in its path."""
    found = []
    for rule in app.url_map.iter_rules():
        if "match_id" in rule.arguments:
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                found.append((rule.endpoint, method, rule.rule))
    return found


def test_every_match_route_has_a_body_here(app: Flask) -> None:
    assert {endpoint for endpoint, _, _ in match_routes(app)} == set(BODIES)


@pytest.mark.parametrize("odd", ODD_IDS)
def test_an_unknown_id_of_any_text_is_404_with_a_valid_token_on_every_route(
    app: Flask, bare_client: FlaskClient, odd: str
) -> None:
    match = create(bare_client).get_json()
    for endpoint, method, rule in match_routes(app):
        url = rule.replace("<string:match_id>", odd).replace("<int:deal>", "1")
        body = BODIES[endpoint]
        if endpoint == "matches.recover_tokens":
            body = {**(body or {}), "recovery_code": match["recovery_code"]}
        for token, status in ((match["tokens"]["write"], 404), (match["tokens"]["read"], 404),
                              ("rw_not-a-token", 401), ("rw_caf\u00e9", 401)):
            if endpoint == "matches.recover_tokens":
                status = 401  # no bearer token: a code of another match, said the same way
            response = bare_client.open(url, method=method, json=body,
                                        headers={**bearer(token), "If-Match": '"v1"'})
            assert response.status_code != 500, (endpoint, response.get_data(as_text=True))
            assert response.status_code == status, (endpoint, token, response.status_code)
            assert response.content_type == "application/problem+json", endpoint
            assert "Traceback" not in response.get_data(as_text=True)


def test_tokens_and_recovery_codes_of_any_text_are_401(bare_client: FlaskClient) -> None:
    match = create(bare_client).get_json()
    url = f"/v1/matches/{match['id']}"
    for token in ("rw_caf\u00e9", "\u00e9" * 300, "rw_" + "x" * 5000):
        assert bare_client.get(url, headers=bearer(token)).status_code == 401
    for code in ("rc_caf\u00e9", "rc_\u202e\U0001f0a1", "\u00e9" * 300):
        recovered = bare_client.post(url + "/tokens:recover", json={"recovery_code": code})
        assert recovered.status_code in (400, 401), recovered.get_data(as_text=True)
    # the code of this match on a match id no match has: 401, as any wrong code
    odd = bare_client.post("/v1/matches/%C3%A9/tokens:recover",
                           json={"recovery_code": match["recovery_code"]})
    assert odd.status_code == 401


# ------------------------------------------------------- no credentials handed out by a replay


def _age_keys(minutes: int) -> None:
    """Make every stored Idempotency-Key ``minutes`` older (no clock is waited for)."""
    import datetime

    from referee.store.models import IdempotencyKey

    for row in IdempotencyKey.select():
        IdempotencyKey.update(
            created_at=row.created_at - datetime.timedelta(minutes=minutes)
        ).where(IdempotencyKey.id == row.id).execute()


def _refused_replay(answer: Any, match_id: str) -> None:
    assert answer.status_code == 410, answer.get_data(as_text=True)
    assert answer.content_type == "application/problem+json"
    problem = answer.get_json()
    assert problem["type"].endswith("credentials-not-replayed")
    assert problem["match_id"] == match_id
    text = answer.get_data(as_text=True)
    assert "rw_" not in text and "ro_" not in text and "rc_" not in text and "st_" not in text


CREATE = {"game": "piquet", "players": ["Bill", "Ann"]}


def test_a_create_replayed_after_the_owner_rotated_hands_out_nothing(
    bare_client: FlaskClient,
) -> None:
    key = {"Idempotency-Key": "create-seen-in-a-proxy-log"}
    first = bare_client.post("/v1/matches", json=CREATE, headers=key).get_json()
    url = f"/v1/matches/{first['id']}"
    rotated = bare_client.post(url + "/tokens", json={"which": "both"},
                               headers={**bearer(first["tokens"]["write"]), "If-Match": "*"})
    assert rotated.status_code == 200
    replay = bare_client.post("/v1/matches", json=CREATE, headers=key)
    _refused_replay(replay, first["id"])
    assert "tokens:recover" in replay.get_json()["detail"]  # how to get back in
    # the owner's new tokens still work; the old ones (a replay's) do not
    assert bare_client.get(url, headers=bearer(rotated.get_json()["tokens"]["write"])
                           ).status_code == 200
    assert bare_client.get(url, headers=bearer(first["tokens"]["write"])).status_code == 401


@pytest.mark.parametrize("then", ["record", "seats", "recovery"])
def test_a_create_replayed_after_the_match_was_used_hands_out_nothing(
    bare_client: FlaskClient, then: str
) -> None:
    key = {"Idempotency-Key": f"create-then-{then}"}
    first = bare_client.post("/v1/matches", json=CREATE, headers=key).get_json()
    url = f"/v1/matches/{first['id']}"
    write = {**bearer(first["tokens"]["write"]), "If-Match": '"v1"'}
    if then == "record":
        done = bare_client.post(url + "/events", json={"type": "card", "card": "AC"},
                                headers=write)
    elif then == "seats":
        done = bare_client.post(url + "/seats", json={}, headers=write)
    else:  # the owner replaced the recovery code
        done = bare_client.post(url + "/tokens", json={"which": "recovery"}, headers=write)
    assert done.status_code in (200, 201), done.get_data(as_text=True)
    _refused_replay(bare_client.post("/v1/matches", json=CREATE, headers=key), first["id"])


def test_a_create_replayed_after_the_retry_window_hands_out_nothing(
    bare_client: FlaskClient,
) -> None:
    key = {"Idempotency-Key": "create-late"}
    first = bare_client.post("/v1/matches", json=CREATE, headers=key).get_json()
    _age_keys(9)
    within = bare_client.post("/v1/matches", json=CREATE, headers=key)
    assert within.status_code == 201 and within.get_json() == first  # a lost answer, retried
    _age_keys(2)  # 11 minutes: past the default window of 10
    _refused_replay(bare_client.post("/v1/matches", json=CREATE, headers=key), first["id"])


def test_the_retry_window_is_a_setting(app: Flask, bare_client: FlaskClient) -> None:
    app.config["CREDENTIAL_RETRY_SECONDS"] = 3600
    key = {"Idempotency-Key": "create-hour"}
    first = bare_client.post("/v1/matches", json=CREATE, headers=key).get_json()
    _age_keys(30)
    assert bare_client.post("/v1/matches", json=CREATE, headers=key).get_json() == first


def test_the_recovery_code_is_replaced_when_used_and_by_the_owner(
    bare_client: FlaskClient,
) -> None:
    first = bare_client.post("/v1/matches", json=CREATE).get_json()
    url = f"/v1/matches/{first['id']}"
    key = {"Idempotency-Key": "recover-1"}
    recovered = bare_client.post(url + "/tokens:recover",
                                 json={"recovery_code": first["recovery_code"]}, headers=key)
    assert recovered.status_code == 200
    fresh = recovered.get_json()
    assert fresh["recovery_code"].startswith("rc_")
    assert fresh["recovery_code"] != first["recovery_code"]
    # its lost answer retried with the code it used: the same answer, nothing replaced twice
    again = bare_client.post(url + "/tokens:recover",
                             json={"recovery_code": first["recovery_code"]}, headers=key)
    assert again.status_code == 200 and again.get_json() == fresh
    # the code used no longer works, the new one does
    used = bare_client.post(url + "/tokens:recover", json={"recovery_code": first["recovery_code"]})
    assert used.status_code == 401
    # the owner replaces it with the write token
    rotated = bare_client.post(url + "/tokens", json={"which": "recovery"},
                               headers={**bearer(fresh["tokens"]["write"]), "If-Match": "*"})
    assert rotated.status_code == 200
    newest = rotated.get_json()
    assert newest["tokens"] == {} and newest["recovery_code"] not in (fresh["recovery_code"],
                                                                      first["recovery_code"])
    assert bare_client.post(url + "/tokens:recover",
                            json={"recovery_code": fresh["recovery_code"]}).status_code == 401
    back = bare_client.post(url + "/tokens:recover",
                            json={"recovery_code": newest["recovery_code"], "which": "read"})
    assert back.status_code == 200 and set(back.get_json()["tokens"]) == {"read"}
    # the write token was not touched by a recovery of the read token
    assert bare_client.get(url, headers=bearer(fresh["tokens"]["write"])).status_code == 200


def test_a_recovery_replayed_after_the_window_hands_out_nothing(
    bare_client: FlaskClient,
) -> None:
    first = bare_client.post("/v1/matches", json=CREATE).get_json()
    url = f"/v1/matches/{first['id']}"
    key = {"Idempotency-Key": "recover-late"}
    body = {"recovery_code": first["recovery_code"]}
    assert bare_client.post(url + "/tokens:recover", json=body, headers=key).status_code == 200
    _age_keys(11)
    _refused_replay(bare_client.post(url + "/tokens:recover", json=body, headers=key),
                    first["id"])


@pytest.mark.parametrize("then", ["late", "rotated again", "recorded"])
def test_a_rotation_replayed_late_or_after_a_change_hands_out_nothing(
    bare_client: FlaskClient, then: str
) -> None:
    first = bare_client.post("/v1/matches", json=CREATE).get_json()
    url = f"/v1/matches/{first['id']}"
    old = bearer(first["tokens"]["write"])
    key = {"Idempotency-Key": "rotate-1", "If-Match": "*"}
    rotated = bare_client.post(url + "/tokens", json={"which": "both"}, headers={**old, **key})
    new = bearer(rotated.get_json()["tokens"]["write"])
    if then == "late":
        _age_keys(11)
    elif then == "rotated again":
        assert bare_client.post(url + "/tokens", json={"which": "write"},
                                headers={**new, "If-Match": "*"}).status_code == 200
    else:
        assert bare_client.post(url + "/events", json={"type": "card", "card": "AC"},
                                headers={**new, "If-Match": '"v1"'}).status_code == 201
    _refused_replay(bare_client.post(url + "/tokens", json={"which": "both"},
                                     headers={**old, **key}), first["id"])


def test_seats_replayed_after_a_seat_joined_hand_out_nothing(bare_client: FlaskClient) -> None:
    first = bare_client.post("/v1/matches", json=CREATE).get_json()
    url = f"/v1/matches/{first['id']}"
    headers = {**bearer(first["tokens"]["write"]), "If-Match": '"v1"',
               "Idempotency-Key": "seats-1"}
    made = bare_client.post(url + "/seats", json={}, headers=headers)
    assert made.status_code == 201
    again = bare_client.post(url + "/seats", json={}, headers=headers)
    assert again.status_code == 201 and again.get_json()["seats"] == made.get_json()["seats"]
    ann = next(s["token"] for s in made.get_json()["seats"] if s["player"] == "Ann")
    joined = bare_client.post(url + "/me:join", json={},
                              headers={**bearer(ann), "If-Match": "*"})
    assert joined.status_code == 200
    _refused_replay(bare_client.post(url + "/seats", json={}, headers=headers), first["id"])


def test_no_idempotency_record_holds_a_credential(bare_client: FlaskClient) -> None:
    from referee.store.models import AccessToken, IdempotencyKey

    first = bare_client.post("/v1/matches", json=CREATE,
                             headers={"Idempotency-Key": "c"}).get_json()
    url = f"/v1/matches/{first['id']}"
    secrets = [*first["tokens"].values(), first["recovery_code"]]
    write = {**bearer(first["tokens"]["write"]), "If-Match": '"v1"'}
    seats = bare_client.post(url + "/seats", json={}, headers={**write, "Idempotency-Key": "s"})
    secrets += [s["token"] for s in seats.get_json()["seats"]]
    rotated = bare_client.post(url + "/tokens", json={"which": "read"},
                               headers={**write, "If-Match": "*", "Idempotency-Key": "r"})
    secrets += list(rotated.get_json()["tokens"].values())
    recovered = bare_client.post(url + "/tokens:recover",
                                 json={"recovery_code": first["recovery_code"]},
                                 headers={"Idempotency-Key": "rc"}).get_json()
    secrets += [*recovered["tokens"].values(), recovered["recovery_code"]]
    stored = [f"{k.response} {k.headers}" for k in IdempotencyKey.select()]
    assert len(stored) == 4
    hashes = {t.token_hash for t in AccessToken.select()}
    for secret in secrets:
        assert not any(secret in text for text in stored)
        assert secret not in hashes  # only their hashes are kept


def test_every_answer_that_carries_credentials_is_no_store(bare_client: FlaskClient) -> None:
    answers = []
    for _ in range(2):  # the answer, then its replay
        answers.append(bare_client.post("/v1/matches", json=CREATE,
                                        headers={"Idempotency-Key": "c"}))
    first = answers[0].get_json()
    url = f"/v1/matches/{first['id']}"
    write = {**bearer(first["tokens"]["write"]), "If-Match": '"v1"'}
    for _ in range(2):
        answers.append(bare_client.post(url + "/seats", json={},
                                        headers={**write, "Idempotency-Key": "s"}))
    for _ in range(2):
        answers.append(bare_client.post(url + "/tokens", json={"which": "read"},
                                        headers={**write, "If-Match": "*",
                                                 "Idempotency-Key": "r"}))
    for _ in range(2):
        answers.append(bare_client.post(url + "/tokens:recover",
                                        json={"recovery_code": first["recovery_code"]},
                                        headers={"Idempotency-Key": "rc"}))
    assert [a.status_code for a in answers] == [201, 201, 201, 201, 200, 200, 200, 200]
    assert [a.headers.get("Idempotent-Replayed") for a in answers[1::2]] == ["true"] * 4
    for answer in answers:
        assert answer.headers["Cache-Control"] == "no-store", answer.request.path


# --------------------------------------------------------------------------------- actor


def test_the_actor_is_the_credential_and_by_only_a_note(bare_client: FlaskClient) -> None:
    match = create(bare_client, ["Ann", "Bob"], auto_confirm=False).get_json()
    url = f"/v1/matches/{match['id']}"
    seats = bare_client.post(url + "/seats", json={"by": "Ann"},
                             headers={**bearer(match["tokens"]["write"]), "If-Match": '"v1"'})
    ann = next(s["token"] for s in seats.get_json()["seats"] if s["player"] == "Ann")
    bid = bare_client.post(url + "/events", json={"type": "bid", "call": 2, "by": "seat:Bob"},
                           headers={**bearer(ann), "If-Match": seats.headers["ETag"]})
    assert bid.status_code == 201, bid.get_data(as_text=True)
    undone = bare_client.post(url + "/undo", json={"by": "seat:Bob"},
                              headers={**bearer(ann), "If-Match": bid.headers["ETag"]})
    assert undone.status_code == 200, undone.get_data(as_text=True)
    log = bare_client.get(url + "/log", headers=bearer(ann)).get_json()["items"]
    assert log[0]["actor"] is None  # the create: no credential yet
    assert log[1]["kind"] == "seats_issued" and log[1]["actor"].startswith("write token ")
    assert log[1]["payload"]["by"] == "Ann"
    steps = [e for e in log if e["kind"] in ("bid", "undo")]
    assert [e["actor"] for e in steps] == ["seat:Ann", "seat:Ann"]  # never "seat:Bob"
    assert [e["payload"]["by"] for e in steps] == ["seat:Bob", "seat:Bob"]  # kept as a note
    assert "seat:Bob" not in {e["actor"] for e in log}


def test_an_actor_stored_before_still_reads_as_stored(app: Flask,
                                                      bare_client: FlaskClient) -> None:
    """A ledger recorded when ``by`` set the actor: its events keep it, and still verify."""
    from referee import folds

    match = create(bare_client, ["Ann", "Bob"]).get_json()
    url = f"/v1/matches/{match['id']}"
    with app.app_context():
        folds.transact(lambda: folds.append(match["id"], folds.expect(match["id"], None),
                                            [("bid", {"call": 2, "deal": 1, "dealer": 0})],
                                            actor="Ann"))
    read = bearer(match["tokens"]["read"])
    log = bare_client.get(url + "/log", headers=read).get_json()["items"]
    assert log[-1]["actor"] == "Ann"
    assert bare_client.get(url + "/verify", headers=read).get_json()["intact"] is True
    assert bare_client.get(url, headers=read).status_code == 200


# ------------------------------------------------------------------- exact numbers, names


@pytest.mark.parametrize("target", [11.5, 11.0, "11"])
def test_an_integer_option_that_is_not_an_integer_is_400(bare_client: FlaskClient,
                                                          target: Any) -> None:
    answer = create(bare_client, ["Ann", "Bob"], target=target)
    assert answer.status_code == 400, answer.get_json()
    assert list(answer.get_json()["errors"]) == ["options.target"]


def test_integers_are_exact_in_steps_and_versions(bare_client: FlaskClient) -> None:
    match = bare_client.post("/v1/matches", json=CREATE).get_json()
    url = f"/v1/matches/{match['id']}/events"
    write = bearer(match["tokens"]["write"])
    point = bare_client.post(url, json={"type": "declaration", "role": "elder", "point": 4.5},
                             headers={**write, "If-Match": '"v1"'})
    assert point.status_code == 400 and list(point.get_json()["errors"]) == ["point"]
    version = bare_client.post(url, json={"type": "card", "card": "AC",
                                          "expected_version": 1.5}, headers=write)
    assert version.status_code == 400
    assert list(version.get_json()["errors"]) == ["expected_version"]


@pytest.mark.parametrize("hidden", ["\u200b", "\ufeff", "\u00ad", "\u202e", "\u2066",
                                    "\u200e", "\u0085", "\u2028", "\u3164"])
def test_a_name_with_an_invisible_or_direction_character_is_400(
    bare_client: FlaskClient, hidden: str
) -> None:
    answer = create(bare_client, ["Ann", f"Ann{hidden}", "Bob"])
    assert answer.status_code == 400, answer.get_json()
    assert list(answer.get_json()["errors"]) == ["players[1]"]
    assert f"U+{ord(hidden):04X}" in answer.get_data(as_text=True)
    dealer = create(bare_client, ["Ann", "Bob"], first_dealer=f"B{hidden}ob")
    assert dealer.status_code == 400
    assert list(dealer.get_json()["errors"]) == ["options.first_dealer"]


def test_names_are_nfc_so_two_spellings_of_one_name_are_a_duplicate(
    bare_client: FlaskClient,
) -> None:
    composed, decomposed = "Ren\u00e9", "Rene\u0301"  # René, typed two ways
    twice = create(bare_client, [composed, decomposed])
    assert twice.status_code in (400, 422), twice.get_json()
    assert "players" in twice.get_data(as_text=True)
    made = create(bare_client, [decomposed, "Ann"], first_dealer=composed)
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["players"] == [composed, "Ann"]
    assert made.get_json()["options"]["first_dealer"] == composed
