"""Each game's match options (PiquetMatchOptions, PitchMatchOptions): a create takes its game's
options only and refuses the other game's by name; an answer's options carry the game, the
document's discriminator (PiquetOptionsInForce, PitchOptionsInForce; docs/api.md, "Match
options")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.api.option_schemas import MATCH_OPTIONS, OPTIONS_IN_FORCE
from referee.match import commands
from referee.match.games import GAMES
from tests.api.deals import create_match, read_match

PIQUET = ["Bill", "Ann"]
PITCH = ["Ann", "Bob", "Cid"]


def _create(client: FlaskClient, game: str, players: list[str], options: Any) -> Any:
    return client.post("/v1/matches", json={"game": game, "players": players,
                                            "options": options})


@pytest.mark.parametrize(("game", "players", "option", "other"), [
    ("piquet", PIQUET, {"target": 7}, "Pitch"),
    ("piquet", PIQUET, {"partnership": True}, "Pitch"),
    ("piquet", PIQUET, {"variant": "ten_point"}, "Pitch"),
    ("piquet", PIQUET, {"revoke_penalty": "void"}, "Pitch"),
    ("pitch", PITCH, {"stake": "0.10"}, "Piquet"),
    ("pitch", PITCH, {"currency": "EUR"}, "Piquet"),
    ("pitch", PITCH, {"lead_point": "ten_or_higher"}, "Piquet"),
    ("pitch", PITCH, {"talon_offence": "fresh_deal"}, "Piquet"),
])
def test_a_create_refuses_the_other_games_option_by_name(
        client: FlaskClient, game: str, players: list[str], option: dict[str, Any],
        other: str) -> None:
    (name, _), = option.items()
    response = _create(client, game, players, {"first_dealer": players[0], **option})
    assert response.status_code == 400, response.json
    assert response.mimetype == "application/problem+json"
    this = {"piquet": "Piquet", "pitch": "Pitch"}[game]
    assert response.json["errors"] == {
        f"options.{name}": [f"{name} is an option of {other}: a {this} match does not take it."]}


def test_every_option_of_the_other_game_is_named(client: FlaskClient) -> None:
    response = _create(client, "pitch", PITCH, {"target": 11, "stake": "1", "lead_point": "every"})
    assert response.status_code == 400
    assert sorted(response.json["errors"]) == ["options.lead_point", "options.stake"]


def test_an_option_of_neither_game_is_an_unknown_field(client: FlaskClient) -> None:
    response = _create(client, "piquet", PIQUET, {"trumps": "S"})
    assert response.status_code == 400
    assert response.json["errors"] == {"options.trumps": ["Unknown field."]}


@pytest.mark.parametrize(("body", "where"), [
    ({"players": PIQUET}, "game"),
    ({"game": "bridge", "players": PIQUET}, "game"),
    ({"game": None, "players": PIQUET}, "game"),
    ({"game": "piquet"}, "players"),
    ({"game": "pitch", "players": PITCH, "options": []}, "options._schema"),
])
def test_a_create_without_a_game_or_its_fields_is_refused(
        client: FlaskClient, body: dict[str, Any], where: str) -> None:
    response = client.post("/v1/matches", json=body)
    assert response.status_code == 400, response.json
    assert list(response.json["errors"]) == [where]


def test_a_body_that_is_no_object_is_refused(client: FlaskClient) -> None:
    response = client.post("/v1/matches", json=["piquet"])
    assert response.status_code == 400, response.json


def test_each_game_takes_its_own_options(client: FlaskClient) -> None:
    piquet = create_match(client, "piquet", PIQUET, stake="0.10", currency="EUR",
                          lead_point="ten_or_higher", first_dealer="Ann", language="fr")
    assert piquet["options"]["game"] == "piquet"
    assert (piquet["options"]["stake"], piquet["options"]["lead_point"]) == (
        "0.10", "ten_or_higher")
    # Pitch's games with more points (docs/rules/pitch-variants.md V13).
    pitch = create_match(client, "pitch", PITCH, variant="ten_point", play="follow_suit",
                         joker_rank="below_two", first_dealer="Bob")
    options = pitch["options"]
    assert (options["game"], options["variant"], options["play"], options["joker_rank"],
            options["max_bid"]) == ("pitch", "ten_point", "follow_suit", "below_two", 10)
    assert read_match(client, pitch["id"])["options"] == options


def test_a_match_answers_options_make_the_same_match_again(client: FlaskClient) -> None:
    first = create_match(client, "pitch", PITCH, target=11, partnership=False)
    again = _create(client, "pitch", PITCH, first["options"])
    assert again.status_code == 201, again.json
    assert again.json["options"] == first["options"]


def test_the_options_game_must_be_the_matchs(client: FlaskClient) -> None:
    response = _create(client, "piquet", PIQUET, {"game": "pitch"})
    assert response.status_code == 400
    assert list(response.json["errors"]) == ["options.game"]


def test_the_document_gives_each_game_its_options(client: FlaskClient) -> None:
    schemas = client.get("/openapi.json").json["components"]["schemas"]
    create = schemas["CreateMatch"]
    assert create["discriminator"] == {"propertyName": "game", "mapping": {
        "piquet": "#/components/schemas/CreatePiquetMatch",
        "pitch": "#/components/schemas/CreatePitchMatch"}}
    assert [b["$ref"] for b in create["oneOf"]] == list(
        create["discriminator"]["mapping"].values())
    for game, kind in (("piquet", "Piquet"), ("pitch", "Pitch")):
        shape = schemas[f"Create{kind}Match"]
        assert shape["properties"]["game"]["enum"] == [game]
        assert shape["properties"]["options"] == {
            "$ref": f"#/components/schemas/{kind}MatchOptions"}
        options = schemas[f"{kind}MatchOptions"]
        assert options["additionalProperties"] is False
        assert options["properties"]["game"]["enum"] == [game]
    assert "stake" not in schemas["PitchMatchOptions"]["properties"]
    assert "target" not in schemas["PiquetMatchOptions"]["properties"]
    assert {"variant", "points", "play", "joker_order", "deck", "moon"} <= set(
        schemas["PitchMatchOptions"]["properties"])
    # An answer's options: the same, their game always there (the discriminator).
    assert schemas["Match"]["properties"]["options"]["discriminator"] == {
        "propertyName": "game", "mapping": {
            "piquet": "#/components/schemas/PiquetOptionsInForce",
            "pitch": "#/components/schemas/PitchOptionsInForce"}}
    for kind in ("Piquet", "Pitch"):
        answer, request = schemas[f"{kind}OptionsInForce"], schemas[f"{kind}MatchOptions"]
        assert answer["required"] == ["game"] and "required" not in request
        assert answer["properties"] == request["properties"] | {
            "game": answer["properties"]["game"]}
    assert "MatchOptions" not in schemas


@pytest.mark.parametrize(("game", "players", "options"), [
    ("piquet", PIQUET, {}),
    ("pitch", PITCH, {}),
    ("pitch", ["Ann", "Bob", "Cid", "Dee"], {"variant": "thirteen_point", "partnership": True}),
])
def test_every_option_a_match_keeps_is_one_its_games_schema_takes(
        game: str, players: list[str], options: dict[str, Any]) -> None:
    [(_, created)] = commands.create(GAMES[game], players, options)
    kept = {**created["options"], "game": game}
    assert set(kept) <= set(MATCH_OPTIONS[game]().fields)
    assert OPTIONS_IN_FORCE[game]().validate(kept) == {}
    # ... and taken back by a create as they are.
    assert MATCH_OPTIONS[game]().load(kept) == kept


@pytest.mark.parametrize("players", [["Bill"], ["Bill", "Ann", "Cid"], ["A", "B", "C", "D", "E"]])
def test_a_piquet_match_is_of_exactly_two_players(
    client: FlaskClient, players: list[str],
) -> None:
    # Q1: refused by the schema at its field, before any match is made; the document says 2.
    response = client.post("/v1/matches", json={"game": "piquet", "players": players})
    assert response.status_code == 400
    assert response.json["errors"] == {"players": ["Piquet is played by two players (Q1)."]}
    shapes = client.get("/openapi.json").json["components"]["schemas"]
    piquet = shapes["CreatePiquetMatch"]["properties"]["players"]
    assert (piquet["minItems"], piquet["maxItems"]) == (2, 2)
    pitch = shapes["CreatePitchMatch"]["properties"]["players"]
    assert (pitch["minItems"], pitch["maxItems"]) == (2, 7)
