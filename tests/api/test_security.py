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
