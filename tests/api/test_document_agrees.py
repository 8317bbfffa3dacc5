"""The OpenAPI document and the API agree: each test is a disagreement schemathesis found
(tests/fuzz), fixed at its root — a schema-valid request the API refused, or a schema-invalid
one it took — checked here on its own, through HTTP and in the document."""

from __future__ import annotations

import re
import unicodedata
from typing import Any, ClassVar

import apispec
import marshmallow as ma
import pytest
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask
from flask.testing import FlaskClient

from referee.api.fields import NAME_PATTERN, hidden_characters
from referee.api.strict import JsonSchemaRules, StrictSchema
from tests.api.test_piquet_sheets_http import Q10_SHEET


@pytest.fixture
def document(app: Flask) -> dict[str, Any]:
    return app.test_client().get("/openapi.json").get_json()


def _component(document: dict[str, Any], name: str) -> dict[str, Any]:
    return document["components"]["schemas"][name]


def _property(document: dict[str, Any], schema: str, name: str) -> dict[str, Any]:
    return _component(document, schema)["properties"][name]


def test_the_name_pattern_excludes_exactly_the_hidden_characters() -> None:
    # A name with U+0092 (a C1 control) matched the document and was a 400.
    hidden_class = re.compile(NAME_PATTERN.removeprefix("^[^").removesuffix("]{1,40}$")
                              .join("[]"))
    # Every code point but the surrogates (no JSON text carries a lone one: refused before
    # any schema), in one text.
    every = "".join(chr(code) for code in range(0x110000) if not 0xD800 <= code <= 0xDFFF)
    by_pattern = {match.group() for match in hidden_class.finditer(every)}
    by_the_api = {chr(int(code[2:], 16)) for code in hidden_characters(every)}
    assert by_pattern == by_the_api


def test_names_are_documented_with_their_pattern(document: dict[str, Any]) -> None:
    player = _property(document, "CreatePiquetMatch", "players")["items"]
    assert (player["pattern"], player["minLength"], player["maxLength"]) == (NAME_PATTERN, 1, 40)
    assert _property(document, "Step", "by")["pattern"] == NAME_PATTERN


def test_a_name_of_forty_characters_as_sent_is_taken_though_nfc_lengthens_it(
    bare_client: FlaskClient,
) -> None:
    # U+0958 (devanagari qa) has no composed form: NFC writes it as two characters.
    name = "\u0958" * 40
    assert len(unicodedata.normalize("NFC", name)) == 80
    answer = bare_client.post("/v1/matches", json={"game": "piquet", "players": [name, "Ann"]})
    assert answer.status_code == 201, answer.get_json()
    too_long = bare_client.post("/v1/matches",
                                json={"game": "piquet", "players": ["A" * 41, "Ann"]})
    assert too_long.status_code == 400


def test_the_irregularities_option_documents_its_kinds_and_penalties(
    document: dict[str, Any], bare_client: FlaskClient,
) -> None:
    # Any key matched the document ({"additionalProperties": …}); only these kinds are taken,
    # the last two by Piquet alone (elder's election, PT 11, 13).
    common = {
        "out_of_turn": {"type": "string", "enum": ["withdrawn", "void"]},
        "other": {"type": "string", "enum": ["void", "as_played"]},
    }
    elections = {
        "exposed_in_dealing": {"type": "string", "enum": ["fresh_deal", "play_on"]},
        "misdeal": {"type": "string", "enum": ["fresh_deal", "play_on"]},
    }
    for options, kinds in (("PiquetMatchOptions", {**common, **elections}),
                           ("PitchMatchOptions", common)):
        option = _property(document, options, "irregularities")
        assert option["additionalProperties"] is False
        assert option["properties"] == kinds, options
    create = {"game": "pitch", "players": ["Ann", "Bob", "Cid"]}
    unknown = bare_client.post("/v1/matches", json={
        **create, "options": {"irregularities": {"revoke": "void"}}})
    assert unknown.status_code == 400
    assert list(unknown.get_json()["errors"]) == ["options.irregularities.revoke.key"]
    word = bare_client.post("/v1/matches", json={
        **create, "options": {"irregularities": {"other": "nothing"}}})
    assert word.status_code == 400
    assert list(word.get_json()["errors"]) == ["options.irregularities"]
    taken = bare_client.post("/v1/matches", json={
        **create, "options": {"irregularities": {"out_of_turn": "void", "other": "as_played"}}})
    assert taken.status_code == 201
    piquet_only = bare_client.post("/v1/matches", json={
        **create, "options": {"irregularities": {"misdeal": "play_on"}}})
    # the document lists only Pitch's kinds for a Pitch match: a Piquet election is a 400
    assert piquet_only.status_code == 400
    assert list(piquet_only.get_json()["errors"]) == ["options.irregularities.misdeal.key"]


@pytest.mark.parametrize("value", [0, 1, "true", "yes"])
def test_a_boolean_is_true_or_false_only(bare_client: FlaskClient, value: Any) -> None:
    # {"cards_count_for_pique": 0} was taken as false, though the document says boolean.
    body = {**Q10_SHEET, "options": {"cards_count_for_pique": value}}
    answer = bare_client.post("/v1/piquet/sheets:score", json=body)
    assert answer.status_code == 400, answer.get_json()
    assert list(answer.get_json()["errors"]) == ["options.cards_count_for_pique"]
    kept = bare_client.post("/v1/piquet/sheets:score",
                            json={**Q10_SHEET, "options": {"cards_count_for_pique": False}})
    assert kept.status_code == 200


def test_dry_run_in_the_query_is_still_text(bare_client: FlaskClient) -> None:
    match = bare_client.post("/v1/matches",
                             json={"game": "piquet", "players": ["Bill", "Ann"]}).get_json()
    answer = bare_client.post(
        f"/v1/matches/{match['id']}/events?dry_run=true",
        json={"type": "declaration", "role": "elder", "point": 5},
        headers={"Authorization": "Bearer " + match["tokens"]["write"]})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["dry_run"] is True


def test_a_settlement_takes_exactly_two_scores(document: dict[str, Any],
                                               bare_client: FlaskClient) -> None:
    scores = _property(document, "SettleRequest", "scores")
    assert (scores["minProperties"], scores["maxProperties"]) == (2, 2)
    assert bare_client.post("/v1/piquet/parties:settle",
                            json={"scores": {}}).status_code == 400


@pytest.mark.parametrize("head", ["0" * 100, "\u00b2:" + "0" * 64, "1:" + "g" * 64])
def test_a_head_is_seq_colon_hash_as_documented(document: dict[str, Any],
                                                bare_client: FlaskClient, head: str) -> None:
    verify = document["paths"]["/v1/matches/{match_id}/verify"]["get"]["parameters"]
    pattern = next(p for p in verify if p["name"] == "head")["schema"]["pattern"]
    assert re.match(pattern, head) is None
    match = bare_client.post("/v1/matches",
                             json={"game": "piquet", "players": ["Bill", "Ann"]}).get_json()
    answer = bare_client.get(f"/v1/matches/{match['id']}/verify", query_string={"head": head},
                             headers={"Authorization": "Bearer " + match["tokens"]["read"]})
    assert answer.status_code == 400
    kept = match["head"]
    same = bare_client.get(f"/v1/matches/{match['id']}/verify",
                           query_string={"head": f"{kept['seq']}:{kept['hash']}"},
                           headers={"Authorization": "Bearer " + match["tokens"]["read"]})
    assert same.status_code == 200 and re.match(pattern, f"{kept['seq']}:{kept['hash']}")


def _valid(document: dict[str, Any], name: str, value: Any) -> bool:
    """Whether ``value`` matches the document's component ``name`` (JSON Schema 2020-12)."""
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator({"$ref": f"#/components/schemas/{name}",
                                      "components": document["components"]})
    return bool(validator.is_valid(value))


@pytest.mark.parametrize("step", [
    {"type": "bid", "call": 0, "what": "long_hand"},  # 'what' belongs to an irregularity
    {"type": "card", "card": "TH", "cards": []},
    {"type": "bid"},  # a bid needs its call
    {"type": "bid", "call": None},
    {"type": "card", "card": "TH", "at": {"deal": 1, "bid": 1}},  # a card's place: trick, position
    {"type": "declaration", "role": "elder", "at": {"deal": 1, "trick": 1}},
])
def test_a_step_of_one_type_with_anothers_fields_is_refused_by_both(
    document: dict[str, Any], bare_client: FlaskClient, step: dict[str, Any],
) -> None:
    # The document took {"type": "bid", "what": …}, the API answered 400.
    assert not _valid(document, "Step", step)
    match = bare_client.post("/v1/matches",
                             json={"game": "pitch", "players": ["Ann", "Bob", "Cid"]}).get_json()
    answer = bare_client.post(f"/v1/matches/{match['id']}/events", json=step, headers={
        "Authorization": "Bearer " + match["tokens"]["write"], "If-Match": '"v1"'})
    assert answer.status_code == 400, answer.get_json()


#: A Piquet sheet and Pitch totals as the document types them (PiquetSheet, Totals).
_SHEET = {"tricks": {"elder": 7, "younger": 5}}
_TOTALS = {"scores": [1, 0, 3], "pitcher": 2, "bid": 2}


@pytest.mark.parametrize(("record", "valid"), [
    ({"tricks": []}, True),
    ({"sheet": _SHEET}, True),
    ({"totals": _TOTALS, "deal": 1, "by": "Ann"}, True),
    ({}, False),  # no entry
    ({"sheet": {}, "totals": {}}, False),
    ({"sheet": {}, "bids": []}, False),  # a sheet and cards
    ({"bids": []}, False),  # cards without their tricks
])
def test_a_deals_record_is_one_entry_in_the_document_as_in_the_api(
    document: dict[str, Any], bare_client: FlaskClient, record: dict[str, Any], valid: bool,
) -> None:
    assert _valid(document, "RecordDeal", record) is valid
    if not valid:
        match = bare_client.post("/v1/matches", json={"game": "piquet",
                                                      "players": ["Bill", "Ann"]}).get_json()
        answer = bare_client.post(f"/v1/matches/{match['id']}/deals", json=record, headers={
            "Authorization": "Bearer " + match["tokens"]["write"], "If-Match": '"v1"'})
        assert answer.status_code == 400


@pytest.mark.parametrize(("claim", "valid"), [
    ({"sheet": _SHEET}, True), ({"totals": _TOTALS}, True), ({}, False),
    ({"sheet": _SHEET, "totals": _TOTALS}, False),
])
def test_a_claim_is_a_sheet_or_totals(document: dict[str, Any], claim: dict[str, Any],
                                      valid: bool) -> None:
    assert _valid(document, "Claim", claim) is valid


@pytest.mark.parametrize(("shape", "sheet", "game"), [
    ("PiquetSheet", _SHEET, "pitch"),
    ("Sheet", {"pitcher": 1, "bid": 2, "high": 1, "low": 1, "jack": None, "game": 1}, "piquet"),
])
def test_a_sheet_is_one_of_the_games_sheets_and_the_matchs_game_reads_it(
    document: dict[str, Any], bare_client: FlaskClient, shape: str, sheet: dict[str, Any],
    game: str,
) -> None:
    # The document types a match's sheet as one of the games' sheets; the match's game
    # reads it, so the other game's sheet is a 422 with its rule, not a 400.
    assert _valid(document, shape, sheet)
    assert _valid(document, "RecordDeal", {"sheet": sheet})
    assert not _valid(document, "RecordDeal", {"sheet": {"tricks": 7}})
    players = ["Bill", "Ann"] if game == "piquet" else ["Ann", "Bob", "Cid"]
    match = bare_client.post("/v1/matches", json={"game": game, "players": players}).get_json()
    answer = bare_client.post(f"/v1/matches/{match['id']}/deals", json={"sheet": sheet},
                              headers={"Authorization": "Bearer " + match["tokens"]["write"],
                                       "If-Match": '"v1"'})
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["violations"][0]["rule"]


def test_a_declaration_that_may_be_null_says_so(document: dict[str, Any]) -> None:
    # {"type": "bid", "call": 0, "sequence": null} was taken though the document had no null.
    assert {"type": "null"} in _property(document, "Step", "sequence")["oneOf"]
    assert {"type": "null"} in _property(document, "RolesSaid", "elder")["oneOf"]
    assert {"type": "null"} not in _property(document, "Step", "sets")["oneOf"]


@pytest.mark.parametrize("stake", [0, 0.05, "1e3", " 1", "1000000.5", "0.0000001"])
def test_a_stake_is_a_decimal_string_as_documented(document: dict[str, Any],
                                                   bare_client: FlaskClient, stake: Any) -> None:
    # {"stake": 0} was taken, though the document says a string.
    assert not _valid(document, "SettleRequest", {"scores": {"A": 1, "B": 2}, "stake": stake})
    answer = bare_client.post("/v1/piquet/parties:settle",
                              json={"scores": {"A": 50, "B": 60}, "stake": stake})
    assert answer.status_code == 400
    assert list(answer.get_json()["errors"]) == ["stake"]
    kept = bare_client.post("/v1/piquet/parties:settle",
                            json={"scores": {"A": 50, "B": 60}, "stake": "1000000"})
    assert kept.status_code == 200


@pytest.mark.parametrize("sent", ["", "abc", "\u00b2", "1" * 19])
def test_a_last_event_id_that_is_not_a_version_is_ignored(bare_client: FlaskClient,
                                                         sent: str) -> None:
    # The document said ^[0-9]{1,18}$ and the stream answered 200 to "" (it ignores such an
    # id, as the document now says); "²" (a digit to str.isdigit, not to int()) was a 500.
    match = bare_client.post("/v1/matches",
                             json={"game": "piquet", "players": ["Bill", "Ann"]}).get_json()
    answer = bare_client.get(
        f"/v1/matches/{match['id']}/stream",
        headers={"Authorization": "Bearer " + match["tokens"]["read"],
                 "Last-Event-ID": sent.encode("latin-1").decode("latin-1")},
        buffered=False)
    assert answer.status_code == 200
    answer.close()


@pytest.mark.parametrize(("declarations", "valid"), [
    ({"elder": {"point": 5}, "younger": "none"}, True),
    ({"elder": None, "younger": "best"}, True),  # null was taken, not documented
    ({"elder": {"colour": "red"}}, False),  # any object was documented, unknown keys refused
    ({"elder": {"point": 5}, "dealer": "none"}, False),
])
def test_declarations_per_role_are_documented_as_taken(
    document: dict[str, Any], bare_client: FlaskClient, declarations: dict[str, Any],
    valid: bool,
) -> None:
    record = {"tricks": [], "declarations": declarations}
    assert _valid(document, "RecordDeal", record) is valid
    if not valid:
        match = bare_client.post("/v1/matches", json={"game": "piquet",
                                                      "players": ["Bill", "Ann"]}).get_json()
        answer = bare_client.post(f"/v1/matches/{match['id']}/deals", json=record, headers={
            "Authorization": "Bearer " + match["tokens"]["write"], "If-Match": '"v1"'})
        assert answer.status_code == 400


@pytest.mark.parametrize(("key", "taken"), [
    ("k" * 255, True), ('"' + "k" * 253 + '"', True), ('"k"', True),
    ("k" * 256, False), ('"' + "k" * 254 + '"', False), ('""', False), ('"', False),
])
def test_the_idempotency_key_is_taken_as_its_parameter_says(
        document: dict[str, Any], bare_client: FlaskClient, key: str, taken: bool) -> None:
    """1 to 255 characters as sent, not only double quotes: on a create, and on a dry run,
    which stores nothing but checks the key as every write does."""
    schema = document["components"]["parameters"]["IdempotencyKey"]["schema"]
    valid = (schema["minLength"] <= len(key) <= schema["maxLength"]
             and re.search(schema["pattern"], key) is not None)
    assert valid is taken
    created = bare_client.post("/v1/matches", json={"game": "pitch", "players": ["A", "B"]},
                               headers={"Idempotency-Key": key})
    assert (created.status_code == 201) is taken, created.json
    if not taken:
        assert created.json["detail"] == "Idempotency-Key must be 1 to 255 characters."
        return
    write = {"Authorization": f"Bearer {created.json['tokens']['write']}"}
    for sent, status in ((key, 200), ('""', 400)):
        dry = bare_client.post(f"/v1/matches/{created.json['id']}/events?dry_run=true",
                               json={"type": "bid", "call": 2},
                               headers={**write, "Idempotency-Key": sent})
        assert dry.status_code == status, dry.json


def test_a_schema_named_by_its_class_name_keeps_its_rules_in_the_document() -> None:
    """A shape a ShapesField names by its registered class name (as the match's deal records
    name Piquet's irregular entry) keeps its JSON_SCHEMA in its component: the plugin was
    once given the name and found no rules, so the document said less than the API refused."""
    class RuledShapeSchema(StrictSchema):
        kind = ma.fields.String()
        JSON_SCHEMA: ClassVar[dict[str, Any]] = {
            "if": {"properties": {"kind": {"const": "a"}}}, "then": {"required": ["kind"]}}

    spec = apispec.APISpec("t", "1", "3.1.0", plugins=[MarshmallowPlugin(), JsonSchemaRules()])
    spec.components.schema("RuledShape", schema="RuledShapeSchema")
    component = spec.to_dict()["components"]["schemas"]["RuledShape"]
    assert component["if"] == {"properties": {"kind": {"const": "a"}}}
    assert component["then"] == {"required": ["kind"]}
