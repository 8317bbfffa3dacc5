"""Irregularities found in play on the stateless Piquet endpoint (Q12, PT 27–29, 57, 58):
the record's ``irregular`` and ``unplayed``, the options ``long_hand`` and ``talon_offence``."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.deals import Q10_RECORD, Q10_TRICKS


def score(client: FlaskClient, body: dict[str, Any]) -> Any:
    return client.post("/v1/piquet/deals:score", json=body)


def test_a_long_hand_reckons_nothing_and_his_cards_bar(client: FlaskClient) -> None:
    """Q10, Bill (elder) found with five diamonds he never played: his point of seven bars
    Ann's point of six; he reckons nothing (PT 58): Bill 0, Ann 41 - 6 = 35."""
    body = {"tricks": Q10_TRICKS, "irregular": [{"code": "long_hand", "location": "elder"}],
            "unplayed": {"elder": ["QD", "TD", "9D", "8D", "7D"]}}
    response = score(client, body)
    assert response.status_code == 200, response.json
    ruling = response.json
    assert ruling["scores"] == {"elder": 0, "younger": 35}
    [item] = ruling["irregularities"]
    assert (item["kind"], item["who"], item["law"], item["penalty"]) == (
        "long_hand", "elder", "PT 58", "reckon_nothing")
    assert ruling["counts"][-1]["stage"] == "penalty"
    void = score(client, {**body, "options": {"long_hand": "void"}}).json
    assert void["scores"] == {"elder": 0, "younger": 0}


def test_a_short_hand_the_card_not_played_to_is_a_trick(client: FlaskClient) -> None:
    """Bill without his ♠9: Ann's ♥9 cannot be played to, her trick and the last (PT 57)."""
    tricks = [*Q10_TRICKS[:11], ["9H"]]
    refused = score(client, {"tricks": tricks})
    assert refused.status_code == 422
    assert refused.json["violations"][0]["location"] == "tricks[11]"
    ruling = score(client, {"tricks": tricks,
                            "irregular": [{"code": "short_hand", "location": "elder"}]}).json
    assert ruling["scores"] == {"elder": 9, "younger": 43}
    assert ruling["tricks"][-1] == {"number": 12, "leader": "younger", "cards": ["9H"],
                                    "winner": "younger"}
    assert ruling["irregularities"][0]["penalty"] == "none"


def test_a_talon_offence_by_the_option(client: FlaskClient) -> None:
    body = {**Q10_RECORD, "irregular": [{"code": "talon_offence", "location": "younger"}]}
    ruling = score(client, body).json
    assert ruling["scores"] == {"elder": 11, "younger": 0}
    assert ruling["irregularities"][0]["law"] == "PT 27–29, 33, 35"
    fresh = score(client, {**body, "options": {"talon_offence": "fresh_deal"}}).json
    assert fresh["scores"] == {"elder": 0, "younger": 0}
    assert fresh["irregularities"][0]["penalty"] == "fresh_deal"


def test_bad_options_and_locations_are_located_problems(client: FlaskClient) -> None:
    """An option out of its list is refused like the other options (the schema: 400 with the
    location); a record naming no offender, or an unplayed card in the tricks, is 422."""
    bad = score(client, {"tricks": Q10_TRICKS, "options": {"talon_offence": "lose_game"}})
    assert bad.status_code == 400
    assert bad.headers["Content-Type"].startswith("application/problem+json")
    assert "options.talon_offence" in bad.json["errors"]
    bad = score(client, {"tricks": Q10_TRICKS, "options": {"long_hand": "nothing"}})
    assert bad.status_code == 400
    assert "options.long_hand" in bad.json["errors"]
    nobody = score(client, {"tricks": Q10_TRICKS,
                            "irregular": [{"code": "long_hand", "location": "tricks[1]"}]})
    assert nobody.status_code == 422
    [v] = nobody.json["violations"]
    assert (v["code"], v["rule"], v["location"]) == ("bad_irregular", "Q12",
                                                     "irregular[0].location")
    played = score(client, {"tricks": Q10_TRICKS, "unplayed": {"elder": ["KS"]},
                            "irregular": [{"code": "long_hand", "location": "elder"}]})
    assert played.status_code == 422
    assert played.json["violations"][0]["location"] == "unplayed.elder[0]"
