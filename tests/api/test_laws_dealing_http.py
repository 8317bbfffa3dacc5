"""The laws of the dealing over HTTP (docs/rules/laws.md): PT 13 (a card the dealer exposes:
elder's election, carried by the step; the dealer's own card stands), PT 14 (a faced card: a
fresh deal), PT 6 (the dealer after an incorrect pack) and Pitch's card exposed in dealing
(P10), each as a match step (with its dry run) and, where a whole record shows it, in
``deals:score`` / ``hands:score``. The Q10 deal of docs/rules/piquet.md: Ann deals, Bill is
elder; Bill 11, Ann 41. The match layer's side: tests/match/test_dealing_laws.py."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.deals import (
    BOB_SET_BACK_HANDS,
    BOB_SET_BACK_TRICKS,
    PITCH_PLAYERS,
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
    SHORT_HAND_HANDS,
    SHORT_HAND_TRICKS,
    create_match,
    play_q10_cards,
    post_step,
    read_match,
    standings,
    step_ok,
)

Q10_CARDS = [card for trick in Q10_TRICKS for card in trick]
#: Ann deals; Bob bids 2, Cid and Ann pass (tests/api/deals.py).
BOB_SET_BACK_BIDS: list[Any] = [2, "pass", "pass"]


def _q10_dealt(client: FlaskClient, **options: Any) -> str:
    match_id = str(create_match(client, "piquet", ["Bill", "Ann"], **options)["id"])
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    return match_id


def _play_q10(client: FlaskClient, match_id: str) -> dict[str, Any]:
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    return play_q10_cards(client, match_id)


def test_pt13_elder_elects_a_fresh_deal_or_plays_on(client: FlaskClient) -> None:
    """Ann, dealing, exposes one of Bill's cards. The dry run says what Bill's election does;
    "fresh_deal": the deal scores nothing and Ann deals again. In another match Bill elects
    "play_on": Q10 stands, 11–41, its ruling naming PT 13."""
    match_id = _q10_dealt(client)
    step = {"type": "irregularity", "what": "exposed_in_dealing", "player": "Bill",
            "election": "fresh_deal"}
    dry = client.post(f"/v1/matches/{match_id}/events?dry_run=true", json=step).json
    assert (dry["irregularity"], dry["penalty"]) == ("exposed_in_dealing", "fresh_deal")
    assert "PT 13" in dry["consequence"]
    body = step_ok(client, match_id, **step)
    assert [e["kind"] for e in body["events"]] == ["irregularity", "deal_scored", "deal_voided"]
    assert body["match"]["dealer"]["player"] == "Ann"
    assert body["match"]["deals_played"] == 0
    played = _q10_dealt(client)
    noted = step_ok(client, played, type="irregularity", what="exposed_in_dealing",
                    player="Bill", election="play_on")
    assert noted["events"][0]["payload"]["penalty"] == "play_on"
    body = _play_q10(client, played)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}
    laws = [(i["kind"], i["law"]) for i in body["scored"]["ruling"]["irregularities"]]
    assert laws == [("exposed_in_dealing", "PT 13")]


def test_pt13_the_dealers_own_card_exposed_the_deal_stands(client: FlaskClient) -> None:
    """Ann exposes her own card: the deal stands; an election is refused (422)."""
    match_id = _q10_dealt(client)
    refused = post_step(client, match_id, type="irregularity", what="exposed_in_dealing",
                        player="Ann", election="fresh_deal")
    assert refused.status_code == 422
    noted = step_ok(client, match_id, type="irregularity", what="exposed_in_dealing",
                    player="Ann")
    assert noted["events"][0]["payload"]["penalty"] == "none"
    assert standings(_play_q10(client, match_id)["match"]) == {"Bill": 11, "Ann": 41}


def test_pt13_in_a_whole_record(client: FlaskClient) -> None:
    """deals:score: a talon card exposed, the deal played: elder played on (PT 13), Q10
    scores 11–41; with no card played, the fresh deal he elected scores nothing."""
    body = {**Q10_RECORD, "irregular": [{"code": "exposed_in_dealing", "location": "talon"}]}
    ruled = client.post("/v1/piquet/deals:score", json=body)
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["scores"] == {"elder": 11, "younger": 41}
    assert [(i["law"], i["penalty"]) for i in ruled.json["irregularities"]] == [
        ("PT 13", "play_on")]
    fresh = client.post("/v1/piquet/deals:score", json={**body, "tricks": []})
    assert fresh.status_code == 200, fresh.json
    assert fresh.json["scores"] == {"elder": 0, "younger": 0}
    assert fresh.json["irregularities"][0]["penalty"] == "fresh_deal"
    wrong = client.post("/v1/piquet/deals:score", json={
        **Q10_RECORD, "irregular": [{"code": "exposed_in_dealing", "location": "pack"}]})
    assert wrong.status_code == 422
    assert wrong.json["violations"][0]["code"] == "bad_irregular"


def test_pt14_a_faced_card_is_a_fresh_deal(client: FlaskClient) -> None:
    """A card found faced in the pack in dealing: a fresh deal (PT 14), by step or in a whole
    record, played or not."""
    match_id = _q10_dealt(client)
    body = step_ok(client, match_id, type="irregularity", what="faced_card")
    note = body["events"][0]["payload"]
    assert (note["irregularity"], note["penalty"]) == ("faced_card", "fresh_deal")
    assert "PT 14" in note["consequence"] and "in the pack" in note["consequence"]
    assert body["match"]["dealer"]["player"] == "Ann"
    ruled = client.post("/v1/piquet/deals:score", json={
        **Q10_RECORD, "irregular": [{"code": "faced_card", "location": "talon"}]})
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["scores"] == {"elder": 0, "younger": 0}
    assert ruled.json["irregularities"][0]["law"] == "PT 14"


def test_pt6_the_cut_for_deal_holds_after_an_incorrect_pack(client: FlaskClient) -> None:
    """The ♣K twice in the first deal: void (PT 75), and Ann, who dealt it, deals again (PT
    6)."""
    match_id = str(create_match(client, "piquet", ["Bill", "Ann"])["id"])
    twice = {"elder": [*Q10_DEALT["elder"][:11], "KC"], "younger": Q10_DEALT["younger"]}
    body = step_ok(client, match_id, type="deal_started", dealt=twice, talon=Q10_TALON,
                   anyway=True)
    note = body["events"][0]["payload"]
    assert note["irregularity"] == "incorrect_pack"
    assert "PT 6" in note["consequence"] and "PT 75" in note["consequence"]
    assert read_match(client, match_id)["dealer"]["player"] == "Ann"


def test_pitch_a_card_exposed_in_dealing_is_a_new_deal(client: FlaskClient) -> None:
    """P10 (F): a card exposed in dealing to Cid: a new deal, nobody scores, the deal passes
    (misdeal option); in a whole record, ``{"type": "exposed_in_dealing"}`` likewise."""
    match_id = str(create_match(client, "pitch", PITCH_PLAYERS)["id"])
    step_ok(client, match_id, type="deal_started", hands=BOB_SET_BACK_HANDS)
    body = step_ok(client, match_id, type="irregularity", what="exposed_in_dealing",
                   player="Cid")
    note = body["events"][0]["payload"]
    assert (note["irregularity"], note["penalty"]) == ("exposed_in_dealing", "pass_deal")
    assert note["consequence"].startswith("A card was exposed in dealing to Cid")
    assert body["scored"]["scores"] == {"Ann": 0, "Bob": 0, "Cid": 0}
    assert body["match"]["dealer"]["player"] == "Bob"
    ruled = client.post("/v1/pitch/hands:score", json={
        "players": 3, "dealer": 0, "bids": BOB_SET_BACK_BIDS, "tricks": BOB_SET_BACK_TRICKS,
        "irregular": [{"type": "exposed_in_dealing", "seat": 2}]})
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["scores"] == [0, 0, 0]
    assert ruled.json["irregularities"][0]["type"] == "exposed_in_dealing"


#: PT 40: Bill (elder) dealt 13 (Q10's and the ♥A), Ann 11 (not the ♦7, at the talon's
#: bottom); standing, Bill discards five and takes four, Ann discards two and takes three.
PT40_DEALT = {"elder": [*Q10_DEALT["elder"], "AH"],
              "younger": [c for c in Q10_DEALT["younger"] if c != "7D"]}
PT40_TALON = "JH 8H 7C JD AS QH JC 7D".split()
PT40_EXCHANGE = {"elder": Q10_EXCHANGE["elder"], "younger": ["QD", "9D"]}


def test_pt11_elder_elects_on_a_deal_one_card_wrong(client: FlaskClient) -> None:
    """Bill is dealt 13: the dry run (no election: the table's default) is a fresh deal
    naming PT 11; sent with "election": "play_on" the deal stands (PT 40), the exchange of
    five for four is taken and Q10 scores 11–41."""
    match_id = str(create_match(client, "piquet", ["Bill", "Ann"])["id"])
    step = {"type": "deal_started", "dealt": PT40_DEALT, "talon": PT40_TALON}
    dry = client.post(f"/v1/matches/{match_id}/events?dry_run=true", json=step).json
    assert (dry["irregularity"], dry["penalty"]) == ("misdeal", "fresh_deal")
    assert "PT 11" in dry["consequence"]
    noted = step_ok(client, match_id, **step, anyway=True, election="play_on")
    assert noted["events"][0]["payload"]["penalty"] == "play_on"
    assert "PT 40" in noted["events"][0]["payload"]["consequence"]
    step_ok(client, match_id, type="exchange", **PT40_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body = play_q10_cards(client, match_id)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}
    refused = post_step(client, match_id, type="card", card="AS", election="play_on")
    assert refused.status_code == 400  # only an irregularity or a deal_started elects


def test_pt40_a_stood_deal_in_a_whole_record(client: FlaskClient) -> None:
    """deals:score with ``{"code": "deal_stands", "location": "elder"}``: the exchange is
    checked under PT 40 and Q10 scores 11–41; a wrong discard count is named."""
    body = {**Q10_RECORD, "dealt": PT40_DEALT, "talon": PT40_TALON, "exchange": PT40_EXCHANGE,
            "irregular": [{"code": "deal_stands", "location": "elder"}]}
    ruled = client.post("/v1/piquet/deals:score", json=body)
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["scores"] == {"elder": 11, "younger": 41}
    assert ruled.json["irregularities"][0]["law"] == "PT 11, 40"
    plain = client.post("/v1/piquet/deals:score", json={**body, "irregular": []})
    assert plain.status_code == 422
    assert plain.json["violations"][0]["code"] == "hand_size"


#: Q10 dealt one card wrong in each way elder may stand (PT 40–43): the hands as dealt, the
#: talon and the exchange that leave each hand Q10's twelve.
STOOD = {
    "PT 40": (PT40_DEALT, PT40_TALON, PT40_EXCHANGE),
    "PT 41": ({**Q10_DEALT, "elder": [*Q10_DEALT["elder"], "AH"]},
              "JH 8H 7C JD AS QH JC".split(), Q10_EXCHANGE),
    "PT 42": ({"elder": [c for c in Q10_DEALT["elder"] if c != "8D"],
               "younger": [*Q10_DEALT["younger"], "8D"]}, Q10_TALON,
              {"elder": ["KH", "TH", "7H", "TD"], "younger": ["QD", "9D", "7D", "8D"]}),
    "PT 43": ({**Q10_DEALT, "younger": [*Q10_DEALT["younger"], "JC"]},
              "AH JH 8H 7C JD AS QH".split(), Q10_EXCHANGE),
}


@pytest.mark.parametrize("law", sorted(STOOD))
def test_pt40_to_43_each_stood_deal_scores_as_played(client: FlaskClient, law: str) -> None:
    dealt, talon, exchange = STOOD[law]
    body = {**Q10_RECORD, "dealt": dealt, "talon": talon, "exchange": exchange,
            "irregular": [{"code": "deal_stands", "location": "elder"}]}
    ruled = client.post("/v1/piquet/deals:score", json=body)
    assert ruled.status_code == 200, ruled.json
    assert (ruled.json["scores"], ruled.json["violations"]) == (
        {"elder": 11, "younger": 41}, [])
    assert ruled.json["irregularities"][0]["law"] == f"PT 11, {law[3:]}"


def test_pt16_a_deal_out_of_turn(client: FlaskClient) -> None:
    """Ann is to deal but Bill deals. Found at once: void, Ann deals. Found after the
    exchange: the deal stands with Bill the dealer (Ann elder, 11; Bill 41), and Ann deals
    the next two deals; a whole record notes it under PT 16."""
    match_id = _q10_dealt(client)
    step = {"type": "irregularity", "what": "deal_out_of_turn"}
    body = step_ok(client, match_id, **step)
    assert body["events"][0]["payload"]["penalty"] == "fresh_deal"
    assert body["match"]["dealer"]["player"] == "Ann"
    assert body["match"]["deals_played"] == 0
    late = _q10_dealt(client)
    step_ok(client, late, type="exchange", **Q10_EXCHANGE)
    dry = client.post(f"/v1/matches/{late}/events?dry_run=true", json=step).json
    assert (dry["irregularity"], dry["penalty"]) == ("deal_out_of_turn", "stands")
    assert "PT 16" in dry["consequence"]
    noted = step_ok(client, late, **step)
    assert noted["match"]["next"]["player"] == "Ann"  # the elder hand leads
    step_ok(client, late, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body = play_q10_cards(client, late)
    assert standings(body["match"]) == {"Bill": 41, "Ann": 11}
    assert body["match"]["dealer"]["player"] == "Ann"
    second = client.post(f"/v1/matches/{late}/deals", json={"tricks": Q10_TRICKS})
    assert second.status_code == 201, second.json
    assert read_match(client, late)["dealer"]["player"] == "Ann"  # twice running
    ruled = client.post("/v1/piquet/deals:score", json={
        **Q10_RECORD, "irregular": [{"code": "deal_out_of_turn", "location": "younger"}]})
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["scores"] == {"elder": 11, "younger": 41}
    assert ruled.json["irregularities"][0]["law"] == "PT 16"


#: PT 39 and 41: Bill dealt 13 (Q10's and the ♥A), Ann Q10's twelve, seven in the talon.
PT41_DEALT = {**Q10_DEALT, "elder": [*Q10_DEALT["elder"], "AH"]}
PT41_TALON = "JH 8H 7C JD AS QH JC".split()
#: Bill takes all five of his cards, discarding six: PT 41 allows it, PT 39 does not.
ALL_FIVE = {"elder": ["KH", "TH", "7H", "TD", "8D", "9S"], "younger": ["QD", "9D"]}


def test_pt39_elder_took_in_unannounced(client: FlaskClient) -> None:
    """Bill, dealt 13 with seven in the talon, took in before announcing it: sent with
    ``"election": "taken_in"`` the dry run and the note name PT 39 (the deal stands, he must
    leave Ann three cards); taking all five is refused (422, PT 39); Q10's exchange stands
    and Q10 scores 11–41. A whole record says it with its ``deal_stands`` entry's election;
    Bill dealt 12 (PT 43's deal) cannot have taken in under PT 39: 422."""
    match_id = str(create_match(client, "piquet", ["Bill", "Ann"])["id"])
    step = {"type": "deal_started", "dealt": PT41_DEALT, "talon": PT41_TALON,
            "election": "taken_in"}
    dry = client.post(f"/v1/matches/{match_id}/events?dry_run=true",
                      json={**step, "anyway": True}).json
    assert (dry["irregularity"], dry["penalty"]) == ("misdeal", "play_on")
    assert "PT 39" in dry["consequence"]
    noted = step_ok(client, match_id, **step, anyway=True)
    assert "lost his option of a fresh deal (PT 39)" in \
        noted["events"][0]["payload"]["consequence"]
    refused = post_step(client, match_id, type="exchange", elder=ALL_FIVE["elder"])
    assert refused.status_code == 422, refused.json
    assert "PT 39" in refused.json["violations"][0]["message"]
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body = play_q10_cards(client, match_id)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}
    entry = {"code": "deal_stands", "location": "elder", "election": "taken_in"}
    record = {**Q10_RECORD, "dealt": PT41_DEALT, "talon": PT41_TALON, "irregular": [entry]}
    ruled = client.post("/v1/piquet/deals:score", json=record)
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["scores"] == {"elder": 11, "younger": 41}
    assert ruled.json["irregularities"][0]["law"] == "PT 39, 41"
    taken_all = client.post("/v1/piquet/deals:score", json={**record, "exchange": ALL_FIVE})
    counts = [v["message"] for v in taken_all.json["violations"]
              if v["code"] == "exchange_count"]
    assert len(counts) == 1 and "at least three cards for younger (PT 39)" in counts[0]
    stood = client.post("/v1/piquet/deals:score", json={
        **record, "exchange": ALL_FIVE, "irregular": [{**entry, "election": "play_on"}]})
    assert not [v for v in stood.json["violations"]  # PT 41: he who stood may take five
                if v["code"] == "exchange_count"]
    twelve = post_step(client, str(create_match(client, "piquet", ["Bill", "Ann"])["id"]),
                       **{**step, "dealt": {**Q10_DEALT,
                                            "younger": [*Q10_DEALT["younger"], "JC"]},
                          "talon": "AH JH 8H 7C JD AS QH".split()}, anyway=True)
    assert twelve.status_code == 422, twelve.json
    assert twelve.json["violations"][0]["message_code"] == "bad_irregular.taken_in"
    dealt_twelve = client.post("/v1/piquet/deals:score", json={
        **Q10_RECORD, "dealt": {**Q10_DEALT, "younger": [*Q10_DEALT["younger"], "JC"]},
        "talon": "AH JH 8H 7C JD AS QH".split(), "irregular": [entry]})
    assert dealt_twelve.status_code == 422, dealt_twelve.json
    assert dealt_twelve.json["violations"][0]["message_code"] == "bad_irregular.taken_in"
    wrong_code = client.post("/v1/piquet/deals:score", json={
        **Q10_RECORD, "irregular": [{"code": "talon_offence", "location": "elder",
                                     "election": "taken_in"}]})
    # the document cannot say it (the fuzz sent one as schema-valid): a rule's refusal, 422
    assert wrong_code.status_code == 422, wrong_code.json
    (refused,) = wrong_code.json["violations"]
    assert refused["message_code"] == "election_taken_in"
    assert refused["location"] == "irregular[0].election"
    assert refused["params"] == {"code": "talon_offence"}


def test_pitch_a_short_hand_found_in_play(client: FlaskClient) -> None:
    """P10 (Work 1913 by analogy): Ann, dealt five, has no card when she must lead trick 6.
    Step by step: the dry run and the step say "no penalty"; Bob leads trick 6, two cards
    complete it, and the hand scores as played (Ann 0, Bob −2, Cid 4). The same hand as a
    whole record, in a match and in hands:score (with the hands as dealt, hers of five)."""
    match_id = str(create_match(client, "pitch", PITCH_PLAYERS)["id"])
    for call in BOB_SET_BACK_BIDS:
        step_ok(client, match_id, type="bid", call=call)
    for card in [c for trick in SHORT_HAND_TRICKS[:5] for c in trick]:
        step_ok(client, match_id, type="card", card=card)
    step = {"type": "irregularity", "what": "short_hand", "player": "Ann"}
    dry = client.post(f"/v1/matches/{match_id}/events?dry_run=true", json=step)
    assert dry.status_code == 200, dry.json
    assert (dry.json["irregularity"], dry.json["penalty"]) == ("short_hand", "none")
    noted = step_ok(client, match_id, **step)
    assert noted["events"][0]["payload"]["consequence"].startswith(
        "Ann was found in play with fewer than six cards, with no card for trick 6: no "
        "penalty")
    assert noted["match"]["next"]["player"] == "Bob"
    step_ok(client, match_id, type="card", card="5S")
    body = step_ok(client, match_id, type="card", card="7S")
    assert standings(body["match"]) == {"Ann": 0, "Bob": -2, "Cid": 4}
    entry = {"type": "short_hand", "seat": 0, "trick": 6}
    whole = str(create_match(client, "pitch", PITCH_PLAYERS)["id"])
    recorded = client.post(f"/v1/matches/{whole}/deals", json={
        "bids": BOB_SET_BACK_BIDS, "tricks": SHORT_HAND_TRICKS, "irregular": [entry]})
    assert recorded.status_code == 201, recorded.json
    assert standings(read_match(client, whole)) == {"Ann": 0, "Bob": -2, "Cid": 4}
    ruled = client.post("/v1/pitch/hands:score", json={
        "players": 3, "dealer": 0, "bids": BOB_SET_BACK_BIDS, "tricks": SHORT_HAND_TRICKS,
        "hands": SHORT_HAND_HANDS, "irregular": [entry], "names": PITCH_PLAYERS})
    assert ruled.status_code == 200, ruled.json
    assert ruled.json["score_changes"] == [0, -2, 4]
    assert ruled.json["tricks"][-1] == {"leader": 1, "cards": ["5S", "7S"], "winner": 2,
                                        "absent": [0]}
    [item] = ruled.json["irregularities"]
    assert (item["type"], item["penalty"], item["proven"]) == ("short_hand", "none", True)
    plain = client.post("/v1/pitch/hands:score", json={
        "players": 3, "dealer": 0, "bids": BOB_SET_BACK_BIDS, "tricks": SHORT_HAND_TRICKS})
    assert plain.status_code == 422  # without the entry a trick of two is refused
