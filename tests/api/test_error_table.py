"""The errors of the layers below, answered from one table (referee/api/handlers.py): the
same error class answered alike on every route, and where the route changes the answer it is
written there (a recovery code is no bearer token; a record refused on a match is not
recorded, one sent to be ruled cannot be)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee import folds
from referee.api.handlers import DOMAIN_ERRORS
from referee.match.state import Clash, MatchError
from referee.store import ledger, tokens
from referee.violations import InputError, RecordError


def create(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/v1/matches", json={"game": "pitch", "players": ["Ann", "Bob"]})
    assert response.status_code == 201
    body: dict[str, Any] = response.get_json()
    return body


def test_a_refused_bearer_token_is_challenged_a_refused_recovery_code_is_not(
        bare_client: FlaskClient) -> None:
    match = create(bare_client)
    url = f"/v1/matches/{match['id']}"
    read = bare_client.get(url)
    assert read.status_code == 401
    assert read.headers["WWW-Authenticate"] == 'Bearer realm="referee"'
    recovered = bare_client.post(url + "/tokens:recover", json={"recovery_code": "rc_wrong"})
    assert recovered.status_code == 401
    assert recovered.content_type == "application/problem+json"
    assert "WWW-Authenticate" not in recovered.headers


def test_a_live_token_asking_for_a_match_that_is_not_there_is_404_on_reads_and_writes(
        bare_client: FlaskClient) -> None:
    match = create(bare_client)
    token = {"Authorization": f"Bearer {match['tokens']['write']}"}
    for answer in (bare_client.get("/v1/matches/nope", headers=token),
                   bare_client.post("/v1/matches/nope/undo", json={}, headers={
                       **token, "If-Match": '"v1"'})):
        assert answer.status_code == 404
        assert answer.get_json()["type"].endswith("/not-found")


def test_a_record_refused_on_a_match_is_a_rule_violation_elsewhere_not_scorable(
        bare_client: FlaskClient) -> None:
    match = create(bare_client)
    headers = {"Authorization": f"Bearer {match['tokens']['write']}", "If-Match": '"v1"'}
    # a deal whose bidding names a call nobody may make (P2): refused, nothing recorded
    on_match = bare_client.post(f"/v1/matches/{match['id']}/deals", headers=headers,
                                json={"bids": [2, 2], "tricks": []})
    assert on_match.status_code == 422
    assert on_match.get_json()["type"].endswith("/rule-violation")
    assert bare_client.get(f"/v1/matches/{match['id']}", headers=headers).get_json()[
        "deals_played"] == 0


@pytest.mark.parametrize("error, covered_by", [
    (Clash, Clash), (MatchError, MatchError), (InputError, InputError),
    (RecordError, RecordError), (ledger.MatchNotFound, ledger.MatchNotFound),
    (folds.VersionMismatch, folds.VersionMismatch), (tokens.TokenRefused, tokens.TokenRefused),
])
def test_each_domain_error_has_its_own_entry(error: type[Exception],
                                             covered_by: type[Exception]) -> None:
    # the most specific class wins (Flask looks handlers up along the class hierarchy): a
    # Clash is answered as a Clash (409), not as the MatchError it also is (422)
    assert next(k for k in error.__mro__ if k in DOMAIN_ERRORS) is covered_by
