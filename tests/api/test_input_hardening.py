"""Each input that gave a 500 (or escaped a guard) is now refused or
neutralized, through HTTP, on SQLite and (DATABASE_URL=postgresql://…) PostgreSQL.

Bodies are sent as raw text where JSON escapes matter: ``"\\ud800"`` in the body is a lone
surrogate once decoded, ``"\\u0000"`` a NUL.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.deals import Q10_RECORD, create_match, record_deal

SPEC = Path(__file__).resolve().parents[2] / "api_spec" / "openapi.json"

#: A lone UTF-16 surrogate and a NUL, as JSON escapes (the text sent on the wire).
SURROGATE = "\\ud800"
NUL = "\\u0000"


def _post_raw(client: FlaskClient, path: str, text: str) -> Any:
    return client.post(path, data=text, content_type="application/json")


def _assert_400(response: Any) -> dict[str, Any]:
    assert response.status_code == 400, (response.status_code, response.get_data(as_text=True))
    assert response.content_type == "application/problem+json"
    body: dict[str, Any] = response.get_json()
    return body


# --- an integer of 5,000 digits -------------------------------------------------------------

def test_an_integer_of_5000_digits_is_400_not_500(client: FlaskClient) -> None:
    """Python reads at most 4,300 digits into an int and raised inside the JSON decoder."""
    huge = "9" * 5000
    body = _assert_400(_post_raw(
        client, "/v1/matches",
        '{"game": "pitch", "players": ["Ann", "Bob"], "options": {"target": ' + huge + "}}"))
    assert body["errors"] == {"body": ["Integers have at most 15 digits."]}
    _assert_400(_post_raw(client, "/v1/pitch/hands:score",
                          '{"players": 3, "dealer": ' + huge + ', "bids": [], "tricks": []}'))


def test_a_long_integer_under_python_s_limit_is_bounded_too(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    _assert_400(_post_raw(client, f"/v1/matches/{match_id}/deals",
                          json.dumps({**Q10_RECORD, "expected_version": 10**16})))
    _assert_400(_post_raw(client, f"/v1/matches/{match_id}/undo",
                          '{"expected_version": 99999999999999}'))  # 14 digits: the schema's


@pytest.mark.parametrize("number", ["1e999", "-1e999", "NaN", "Infinity"])
def test_numbers_that_are_not_finite_are_400(client: FlaskClient, number: str) -> None:
    _assert_400(_post_raw(client, "/v1/pitch/hands:score",
                          '{"players": 3, "dealer": ' + number + ', "bids": [], "tricks": []}'))


def test_every_integer_a_request_may_carry_is_bounded() -> None:
    """The OpenAPI document (made from the schemas): every integer of every request body and
    parameter has a minimum and a maximum."""
    doc = json.loads(SPEC.read_text())
    schemas = doc["components"]["schemas"]
    unbounded: list[str] = []

    def walk(node: Any, where: str, seen: frozenset[str]) -> None:
        if not isinstance(node, dict):
            return
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name not in seen:
                walk(schemas[name], where, seen | {name})
            return
        types = node.get("type")
        if "integer" in (types if isinstance(types, list) else [types]) and not (
            "minimum" in node and "maximum" in node
        ):
            unbounded.append(where)
        for key, child in node.get("properties", {}).items():
            walk(child, f"{where}.{key}", seen)
        walk(node.get("items"), where + "[]", seen)
        walk(node.get("additionalProperties"), where + "{}", seen)
        for key in ("oneOf", "anyOf", "allOf"):
            for child in node.get(key, []):
                walk(child, where, seen)

    for path, item in doc["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict):
                continue
            for parameter in operation.get("parameters", []):
                if "$ref" in parameter:  # a shared header (Idempotency-Key, If-Match…)
                    parameter = doc["components"]["parameters"][parameter["$ref"].rsplit("/")[-1]]
                walk(parameter.get("schema"), f"{method} {path} ?{parameter['name']}", frozenset())
            for content in operation.get("requestBody", {}).get("content", {}).values():
                walk(content["schema"], f"{method} {path} body", frozenset())
    assert unbounded == []


def test_a_deal_number_of_5000_digits_in_the_path_is_404_not_500(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    response = client.post(f"/v1/matches/{match_id}/deals/{'9' * 5000}/void",
                           json={"reason": "misdeal"})
    assert response.status_code in (400, 404)


# --- cursors --------------------------------------------------------------------------------

@pytest.mark.parametrize("endpoint", ["log", "ledger"])
@pytest.mark.parametrize("cursor", ["%C2%B2", "99999999999999999999", "-1", "1.5", "%EF%BC%91"])
def test_a_cursor_that_is_not_one_is_400(client: FlaskClient, endpoint: str,
                                         cursor: str) -> None:
    """``²`` (str.isdigit() says yes, int() says no) and a number past 64 bits (SQLite
    refused it) gave 500s; ``１`` is a full-width digit."""
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_deal(client, match_id, Q10_RECORD)
    body = _assert_400(client.get(f"/v1/matches/{match_id}/{endpoint}?cursor={cursor}"))
    assert "cursor" in body["errors"]


@pytest.mark.parametrize("endpoint", ["log", "ledger"])
def test_a_cursor_of_18_digits_is_an_empty_page(client: FlaskClient, endpoint: str) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_deal(client, match_id, Q10_RECORD)
    response = client.get(f"/v1/matches/{match_id}/{endpoint}?cursor={'9' * 18}")
    assert response.status_code == 200
    assert response.get_json()["items"] == []


# --- lone surrogates and NUL in text --------------------------------------------------------

@pytest.mark.parametrize("bad", [SURROGATE, NUL], ids=["surrogate", "nul"])
def test_bad_text_in_a_player_s_name_is_400(client: FlaskClient, bad: str) -> None:
    body = _assert_400(_post_raw(
        client, "/v1/matches", '{"game": "pitch", "players": ["Ann", "B' + bad + 'b"]}'))
    assert list(body["errors"]) == ["players[1]"]


@pytest.mark.parametrize("bad", [SURROGATE, NUL], ids=["surrogate", "nul"])
def test_bad_text_in_by_and_reason_is_400_and_stores_nothing(client: FlaskClient,
                                                              bad: str) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_deal(client, match_id, Q10_RECORD)
    version = client.get(f"/v1/matches/{match_id}").get_json()["version"]
    cases = [
        (f"/v1/matches/{match_id}/deals", json.dumps(Q10_RECORD)[:-1] + f', "by": "x{bad}"}}',
         "by"),
        (f"/v1/matches/{match_id}/deals/1/void", f'{{"reason": "mis{bad}deal"}}', "reason"),
        (f"/v1/matches/{match_id}/deals/1/void", f'{{"reason": "misdeal", "by": "{bad}"}}', "by"),
        (f"/v1/matches/{match_id}/undo", f'{{"by": "Ann{bad}"}}', "by"),
        (f"/v1/matches/{match_id}/events", f'{{"type": "deal_started", "by": "{bad}"}}', "by"),
    ]
    for path, text, field in cases:
        body = _assert_400(_post_raw(client, path, text))
        assert list(body["errors"]) == [field], path
    assert client.get(f"/v1/matches/{match_id}").get_json()["version"] == version


@pytest.mark.parametrize("bad", [SURROGATE, NUL], ids=["surrogate", "nul"])
def test_bad_text_anywhere_in_a_body_is_400(client: FlaskClient, bad: str) -> None:
    """Options, keys, records passed through as plain JSON: one check covers them all."""
    _assert_400(_post_raw(client, "/v1/matches",
                          '{"game": "piquet", "players": ["Bill", "Ann"], '
                          '"options": {"currency": "' + bad + '"}}'))
    _assert_400(_post_raw(client, "/v1/matches",
                          '{"game": "piquet", "players": ["Bill", "Ann"], "' + bad + '": 1}'))
    _assert_400(_post_raw(client, "/v1/piquet/deals:score",
                          json.dumps(Q10_RECORD)[:-1] + ', "claimed": {"A' + bad + '": 1}}'))


@pytest.mark.parametrize("bad", ["%00", "%ED%A0%80"], ids=["nul", "surrogate-bytes"])
def test_bad_text_in_the_url_is_refused(client: FlaskClient, bad: str) -> None:
    """A NUL in a match id reached PostgreSQL, which refuses NUL in text (500)."""
    for path in (f"/v1/matches/x{bad}", f"/v1/matches/x{bad}/ledger",
                 f"/v1/matches/x{bad}/log?cursor=1"):
        response = client.get(path)
        assert response.status_code in (400, 401, 404), (path, response.status_code)
    response = client.get(f"/v1/matches/x/log?cursor=1{bad}")
    assert response.status_code in (400, 401, 404)


def test_a_nul_in_the_path_is_400(client: FlaskClient) -> None:
    _assert_400(client.get("/v1/matches/x%00y"))


# --- the CSV export -------------------------------------------------------------------------

def test_csv_cells_are_all_quoted_and_carry_no_formula_for_any_separator(
    client: FlaskClient,
) -> None:
    """``x;=cmd|' /C calc'!A0`` escaped the guard for a spreadsheet splitting on ";"."""
    name = "x;=cmd|' /C calc'!A0"
    match_id = create_match(client, "piquet", [name, "=1+1"])["id"]
    record_deal(client, match_id, Q10_RECORD)
    text = client.get(f"/v1/matches/{match_id}/ledger.csv").get_data(as_text=True)
    lines = text.splitlines()
    rows = list(csv.reader(io.StringIO(text)))
    for line, row in zip(lines, rows, strict=True):  # QUOTE_ALL: every cell in quotes
        assert line == ",".join('"' + cell.replace('"', '""') + '"' for cell in row)
    assert "x;'=cmd|' /C calc'!A0 points" in rows[0] and "'=1+1 points" in rows[0]
    assert rows[1][:2] == ["1", "'=1+1"]  # the dealer's name, guarded
    formula = ("=", "+", "-", "@", "\t", "\r")
    for separator in (",", ";", "\t", "|"):
        # A reader honouring quotes with this separator, and one that ignores quotes.
        for row in csv.reader(io.StringIO(text), delimiter=separator):
            assert not any(cell.startswith(formula) for cell in row), (separator, row)
        for line in lines:
            for piece in line.replace('"', "").split(separator):
                assert not piece.startswith(formula) or piece.lstrip("-").isdigit(), piece


# --- the text check, where it refuses (referee.api.inbound.load_body) ----------------------


@pytest.mark.parametrize("text", [
    '{"by": "A\\u0000"}', '{"x\\ud800": 1}', '{"record": {"tricks": [["AS", "\\udfff"]]}}',
    '{"by": "\\\\\\u0000"}',  # an escaped backslash, then a NUL
])
def test_a_nul_or_surrogate_made_by_an_escape_is_refused_where_it_is(text: str) -> None:
    from referee.api.errors import ProblemError
    from referee.api.inbound import load_body

    for raw in (text, text.encode()):
        with pytest.raises(ProblemError):
            load_body(raw)


def test_a_lone_surrogate_already_in_the_text_is_refused() -> None:
    from referee.api.errors import ProblemError
    from referee.api.inbound import load_body

    with pytest.raises(ProblemError):
        load_body('{"by": "A\ud800"}')


@pytest.mark.parametrize("text", [
    '{"by": "Ann", "cards": ["AS", "KH"], "at": {"deal": 1}}',  # no escape
    '{"by": "\\u00e9l\\u00e8ve \\\\u0000"}',  # escapes of good text, a backslash then "u0000"
])
def test_good_text_reads_as_json_does(text: str) -> None:
    from referee.api.inbound import load_body

    assert load_body(text) == json.loads(text) == load_body(text.encode())
