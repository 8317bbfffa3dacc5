"""The irregularities inside a deal's ruling in French, German and Polish (P10, Q12;
docs/translating.md): a Pitch ``irregularities[].what`` and its ``irregularity`` finding, a
Piquet ``irregularities[].consequence``, worded from the consequence their English reads back
into; every other field, the finding's ``params`` and the stored events as in English; a
sentence no template makes stays English, marked; English answers as before."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.i18n.localize import localize
from tests.api.deals import BOB_SET_BACK_TRICKS, PITCH_PLAYERS, Q10_RECORD
from tests.api.test_languages_consequences import ENGLISH, OTHERS
from tests.api.test_matches_agreement import Table, bearer
from tests.api.test_matches_irregular import AFTER_REVOKE, _pitch_to_the_revoke, _play
from tests.api.test_pitch_http import FOUR_HANDS, FOUR_TRICKS


def _without(data: dict[str, Any], *fields: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in fields}


def _irregularity_findings(ruling: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for part in ("verified", "computed", "as_reported") for f in ruling[part]
            if f["code"] == "irregularity"]


def _revoked(client: FlaskClient) -> Table:
    """P10: Ann revokes in trick 1 (the nine of spades on a heart lead), recorded anyway, and
    the hand is played out: she is set back the bid (Foster)."""
    table = Table(client, "pitch", PITCH_PLAYERS)
    _pitch_to_the_revoke(table)
    assert table.post("/events", {"type": "card", "card": "9S", "anyway": True}) \
        .status_code == 201
    _play(table, AFTER_REVOKE)
    return table


@pytest.mark.parametrize("language", OTHERS)
def test_a_pitch_revoke_in_a_deals_ruling_in_each_language(client: FlaskClient,
                                                           language: str) -> None:
    table = _revoked(client)
    english = table.get("/ledger")["items"][0]["ruling"]
    said = client.get(table.url("/ledger"), headers={
        **bearer(table.write), "Accept-Language": language}).get_json()["items"][0]["ruling"]
    [ruled_en], [ruled] = english["irregularities"], said["irregularities"]
    assert ruled_en["what"].startswith("Ann revoked in trick 1")
    assert "consequence_language" not in ruled_en
    assert _without(ruled, "what") == _without(ruled_en, "what")
    assert ruled["what"] != ruled_en["what"] and ruled["what"].startswith("Ann")
    assert "2" in ruled["what"] and "EB29" in ruled["what"]
    assert not ENGLISH.search(ruled["what"]), ruled["what"]
    # The finding beside it: worded the same, its parameters the English sentence still
    [found_en], [found] = _irregularity_findings(english), _irregularity_findings(said)
    assert found["what"] == ruled["what"] and found["params"] == found_en["params"]
    assert found_en["params"]["what"] == found_en["what"] == ruled_en["what"]
    assert "what_language" not in found
    # The note's words, from its code, are the same sentence in the language
    assert said["recorded_anyway"][0]["consequence"] == ruled["what"]
    # Stored as it was: the event log in English
    stored = table.get("/log")["items"]
    assert any(e["kind"] == "irregularity" for e in stored)


def test_the_english_ruling_is_as_the_engine_words_it(client: FlaskClient) -> None:
    table = _revoked(client)
    plain = table.get("/ledger")
    asked = client.get(table.url("/ledger"), headers={
        **bearer(table.write), "Accept-Language": "en"})
    assert asked.get_data() == client.get(table.url("/ledger"),
                                          headers=bearer(table.write)).get_data()
    ruling = plain["items"][0]["ruling"]
    assert ruling["irregularities"][0]["what"] == \
        ruling["recorded_anyway"][0]["consequence"]


@pytest.mark.parametrize("language", OTHERS)
def test_a_stateless_pitch_hand_names_seats_in_each_language(client: FlaskClient,
                                                             language: str) -> None:
    """POST /v1/pitch/hands:score knows no names: a card exposed in dealing to seat 2 (P10,
    F), worded with the seat in the language."""
    body = {"players": 3, "dealer": 0, "bids": [2, "pass", "pass"],
            "tricks": BOB_SET_BACK_TRICKS, "irregular": [{"type": "exposed_in_dealing",
                                                          "seat": 2}]}
    english = client.post("/v1/pitch/hands:score", json=body).get_json()
    said = client.post("/v1/pitch/hands:score", json=body,
                       headers={"Accept-Language": language}).get_json()
    [ruled_en], [ruled] = english["irregularities"], said["irregularities"]
    assert ruled_en["what"].startswith("A card was exposed in dealing to seat 2")
    assert _without(ruled, "what") == _without(ruled_en, "what")
    assert "2" in ruled["what"] and not ENGLISH.search(ruled["what"]), ruled["what"]
    assert "consequence_language" not in ruled


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize(("irregular", "law"), [
    ({"code": "faced_card", "location": "talon"}, "PT 14"),
    ({"code": "exposed_in_dealing", "location": "younger"}, "PT 13"),
    ({"code": "talon_offence", "location": "elder"}, "PT 27–29, 33, 35"),
    ({"code": "long_hand", "location": "elder"}, "PT 58"),
    ({"code": "lead_out_of_turn", "location": "tricks[3][0]"}, "PT 59 III"),
    ({"code": "hand_size", "location": "dealt.elder"}, "PT 10–14, 39–43"),  # a misdeal
])
def test_a_piquet_deals_irregularity_in_each_language(client: FlaskClient, language: str,
                                                      irregular: dict[str, str],
                                                      law: str) -> None:
    """The irregularity's consequence in the language, and the same sentence wherever the
    ruling repeats it (the count it changed, the running log's line)."""
    body = {**Q10_RECORD, "irregular": [irregular]}
    if irregular["code"] == "hand_size":  # the elder hand dealt 11 cards (PT 10)
        body = {"tricks": [], "dealt": {"elder": Q10_RECORD["dealt"]["elder"][:11]},
                "irregular": [irregular]}
    english = client.post("/v1/piquet/deals:score", json=body).get_json()
    said = client.post("/v1/piquet/deals:score", json=body,
                       headers={"Accept-Language": language}).get_json()
    [ruled_en], [ruled] = english["irregularities"], said["irregularities"]
    assert ruled_en["law"] == law
    assert _without(ruled, "consequence") == _without(ruled_en, "consequence")
    assert ruled["consequence"] != ruled_en["consequence"]
    assert law.split(",")[0] in ruled["consequence"] or irregular["code"] == "hand_size"
    assert "11" in ruled["consequence"] or irregular["code"] != "hand_size"
    assert not ENGLISH.search(ruled["consequence"]), ruled["consequence"]
    for part in ("counts", "log"):
        for line_en, line in zip(english.get(part) or [], said.get(part) or [], strict=True):
            if line_en.get("note") == ruled_en["consequence"]:
                assert line["note"] == ruled["consequence"], (part, line)


@pytest.mark.parametrize("language", OTHERS)
def test_words_no_template_makes_stay_english_marked(language: str) -> None:
    """An engine's own sentence (not yet made from a code) and a ruling stored before: the
    English as it is, marked ``"en"``; nothing else changes."""
    ruling = {"game": "piquet", "irregularities": [
        {"kind": "false_call", "who": "elder", "law": "PT 54", "location": "x",
         "penalty": "reckon_nothing", "consequence": "Something the engine said."}]}
    pitch = {"game": "pitch", "irregularities": [
        {"type": "revoke", "seat": 0, "trick": 1, "call": None, "rule": "P10",
         "penalty": "set_back_bid", "source": "x", "what": "An older sentence.",
         "proven": True}],
        "verified": [{"code": "irregularity", "rule": "P10", "what": "An older sentence.",
                      "params": {"what": "An older sentence."}}]}
    [piquet_item] = localize(copy.deepcopy(ruling), language)["irregularities"]
    assert piquet_item == {**ruling["irregularities"][0], "consequence_language": "en"}
    shown = localize(copy.deepcopy(pitch), language)
    assert shown["irregularities"][0] == {**pitch["irregularities"][0],
                                          "consequence_language": "en"}
    assert shown["verified"][0] == {**pitch["verified"][0], "what_language": "en"}
    assert localize(copy.deepcopy(pitch), "en") == pitch


@pytest.mark.parametrize(("language", "jack", "game"), [
    ("fr", "Cy a pris le Valet (valet de cœur)",
     "Le Jeu était à égalité : personne ne l'a pris (points de jeu 23 v 4 v 23 v 0)"),
    ("de", "Cy nahm Bube (Herz-Bube)", "Spiel war gleich: niemand nahm es (Spielpunkte 23 v 4 "
     "v 23 v 0)"),
    ("pl", "Cy wziął Waleta (walet kier)", "Gra była remisowa: nikt jej nie wziął (punkty gry "
     "23 v 4 v 23 v 0)"),
])
def test_a_pitch_sheet_against_its_cards_says_who_took_each_point(
        client: FlaskClient, language: str, jack: str, game: str) -> None:
    """P5: the table wrote that the jack was not out and that Dee took Game; the cards say Cy
    took Jack and Game was tied. Each point's side of the comparison in the language."""
    body = {"players": 4, "names": ["Ann", "Bob", "Cy", "Dee"],
            "sheet": {"dealer": 3, "bids": ["pass", 2, "pass", 3], "high": 1, "low": 1,
                      "jack": None, "game": 3},
            "cards": {"dealer": 3, "bids": ["pass", 3, "pass", "pass"], "tricks": FOUR_TRICKS,
                      "hands": FOUR_HANDS}}
    english = client.post("/v1/pitch/sheets:score", json=body).get_json()["comparison"]
    said = client.post("/v1/pitch/sheets:score", json=body,
                       headers={"Accept-Language": language}).get_json()["comparison"]
    assert english["differences"][0]["ruling"] == "Cy took Jack (jack of hearts)"
    assert [d["code"] for d in said["differences"]] == \
        [d["code"] for d in english["differences"]]
    assert said["differences"][0]["ruling"] == jack
    assert said["differences"][1]["ruling"] == game
    assert not ENGLISH.search(said["differences"][0]["claim"] + said["differences"][1]["claim"])


@pytest.mark.parametrize(("language", "point", "shown"), [
    ("fr", "point de 6 cartes", "point de 5 cartes, 47"),
    ("de", "Point mit 6 Karten", "Point mit 5 Karten, 47"),
    ("pl", "point z 6 kart", "point z 5 kart, 47"),
])
def test_the_declarations_compared_in_each_language(client: FlaskClient, language: str,
                                                    point: str, shown: str) -> None:
    """Q5, Q10: Ann's point of six (57) beats Bill's point of five (47): what scored and what
    each showed, in the language; the numbers and winners as in English."""
    english = client.post("/v1/piquet/deals:score", json=Q10_RECORD).get_json()
    said = client.post("/v1/piquet/deals:score", json=Q10_RECORD,
                       headers={"Accept-Language": language}).get_json()
    compared, compared_en = said["declarations"]["point"], english["declarations"]["point"]
    assert compared_en["elder_shown"] == "point of five (47 pips)"
    assert (compared["scored"], compared["elder_shown"]) == ([point], shown)
    assert _without(compared, "scored", "elder_shown", "younger_shown") == \
        _without(compared_en, "scored", "elder_shown", "younger_shown")
    sequence = said["declarations"]["sequence"]["younger_shown"]
    assert "king" not in sequence and "(to the" not in sequence, sequence
