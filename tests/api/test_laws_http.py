"""Laws of Piquet over HTTP that had no test of their own (docs/rules/laws-of-piquet.md):
PT 10, 12, 23, 24, 49–53 and 59 I (PT 72: tests/api/test_matches_piquet.py), each with its
example written out. The Q10 deal of docs/rules/piquet.md: Ann deals, Bill is elder; Bill
11, Ann 41. The engine's side: tests/piquet/test_laws.py; every law: docs/rules/laws.md."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.deals import (
    Q10_DEALT,
    Q10_DECLARATIONS,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
    full_log,
    play_q10_cards,
    post_step,
    read_match,
    standings,
    step_ok,
)
from tests.api.test_matches_agreement import Table

PLAYERS = ["Bill", "Ann"]
Q10_CARDS = [card for trick in Q10_TRICKS for card in trick]


def _authorised(client: FlaskClient, table: Table) -> None:
    client.environ_base["HTTP_AUTHORIZATION"] = "Bearer " + table.write


def _new(client: FlaskClient) -> str:
    table = Table(client, "piquet", PLAYERS)
    _authorised(client, table)
    return table.id


def test_pt10_a_wrong_deal_is_put_right_before_the_hands_are_taken_up(
    client: FlaskClient,
) -> None:
    """PT 10: Ann deals Bill 13 cards (the ♥J too) and puts it right, Bill agreeing, before
    either takes up his hand. The wrong deal sent plain is refused and nothing is stored; the
    deal as put right is recorded and scores as Q10."""
    match_id = _new(client)
    before = len(full_log(client, match_id))
    wrong = {**Q10_DEALT, "elder": [*Q10_DEALT["elder"], "JH"]}
    refused = post_step(client, match_id, type="deal_started", dealt=wrong, talon=Q10_TALON)
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "hand_size"
    assert len(full_log(client, match_id)) == before
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body = play_q10_cards(client, match_id, Q10_CARDS)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}


def test_pt23_talon_cards_are_taken_from_the_top(client: FlaskClient) -> None:
    """PT 23: Q10 with the talon's ♦J and ♠A swapped: elder takes the top five (♠A among
    them), Ann the next three (♦J among them); Ann's ♠A in trick 1 and Bill's ♦J in trick 9
    are cards not held."""
    body = {**Q10_RECORD, "talon": ["AH", "JH", "8H", "7C", "AS", "JD", "QH", "JC"]}
    response = client.post("/v1/piquet/deals:score", json=body)
    found = {(v["code"], v["location"]) for v in response.json["violations"]}
    assert {("card_not_held", "tricks[0][1]"), ("card_not_held", "tricks[8][1]")} <= found


def test_pt24_the_discard_cannot_be_altered_once_a_talon_card_is_taken(
    client: FlaskClient,
) -> None:
    """PT 24: Bill's exchange (discard ♥K ♥10 ♥7 ♦10 ♦8, five talon cards taken) is recorded;
    a second exchange for him, keeping the ♦8 and putting out the ♠8, is refused (422, nothing
    stored), even sent anyway. Undo is the way to correct a slip of the pen."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", elder=Q10_EXCHANGE["elder"])
    before = len(full_log(client, match_id))
    altered = ["KH", "TH", "7H", "TD", "8S"]
    for anyway in (False, True):
        refused = post_step(client, match_id, type="exchange", elder=altered, anyway=anyway)
        assert refused.status_code == 422, refused.json
        [violation] = refused.json["violations"]
        assert (violation["code"], violation["rule"]) == ("discard_fixed", "Q4")
        assert "PT 24" in violation["message"]
    assert len(full_log(client, match_id)) == before
    assert read_match(client, match_id)["current_deal"]["exchange"] == {
        "elder": Q10_EXCHANGE["elder"]}
    step_ok(client, match_id, type="exchange", younger=Q10_EXCHANGE["younger"])
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body = play_q10_cards(client, match_id, Q10_CARDS)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}


def test_pt49_elders_good_sequence_reckons_all_his_sequences(client: FlaskClient) -> None:
    """PT 49: elder's quint to the ace is good, so he also reckons his tierce to the nine,
    though younger's quart to the king beats the tierce: elder 15 + 3, younger none."""
    line = {"sequence": {"elder": ["quint to the ace", "tierce to the nine"],
                         "younger": "quart to the king"},
            "tricks": {"elder": 6, "younger": 6}}
    ruling = client.post("/v1/piquet/sheets:score", json=line).json
    sequences = [(c["who"], c["points"]) for c in ruling["counts"] if c["step"] == "sequence"]
    assert sorted(sequences) == [("elder", 3), ("elder", 15)]


def test_pt50_a_call_below_his_hand_is_corrected_before_the_reply(
    client: FlaskClient,
) -> None:
    """PT 50: Bill calls a point of four holding five; a second call is refused (he is bound
    by what he called once answered); corrected before Ann replies — the call undone and
    made again — the point of five is what is recorded."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", point=4, sets=["trio:A"])
    again = post_step(client, match_id, type="declaration", role="elder", point=5)
    assert again.status_code == 422
    assert again.json["violations"][0]["code"] == "declared_twice"
    undone = client.post(f"/v1/matches/{match_id}/undo", json={},
                         headers={"If-Match": client.get(
                             f"/v1/matches/{match_id}").headers["ETag"]})
    assert undone.status_code == 200, undone.json
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    declared = read_match(client, match_id)["current_deal"]["declarations"]["elder"]
    assert declared["point"] == 5
    body = play_q10_cards(client, match_id, Q10_CARDS)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}


def test_pt51_younger_corrects_a_good_he_gave_in_error(client: FlaskClient) -> None:
    """PT 51: Bill calls a point of five, Ann says "good" holding six, and corrects it before
    Bill's next call: the sheet says younger's point is good and Ann scores 6. Not corrected
    in time, the reply stands: Bill scores his point of five, noted as PT 51."""
    line = {"point": {"elder": "point of five", "younger": "point of six"},
            "tricks": {"elder": 6, "younger": 6}}
    corrected = client.post("/v1/piquet/sheets:score",
                            json={**line, "good": {"point": "younger"}}).json
    point = [(c["who"], c["points"]) for c in corrected["counts"] if c["step"] == "point"]
    assert point == [("younger", 6)]
    kept = client.post("/v1/piquet/sheets:score", json={**line, "good": {"point": "elder"}})
    assert kept.status_code == 200, kept.json
    assert not [v for v in kept.json["violations"] if v["location"].startswith("sheet.good")]
    point = [(c["who"], c["points"]) for c in kept.json["counts"] if c["step"] == "point"]
    assert point == [("elder", 5)]
    [stands] = [f for f in kept.json["as_reported"] if f["code"] == "good_stands"]
    assert stands["rule"] == "PT 51" and "the reply stands (PT 51)" in stands["what"]
    # Said the other way (younger good while elder's point is better) is no reply of PT 51.
    wrong = {"point": {"elder": "point of six", "younger": "point of five"},
             "tricks": {"elder": 6, "younger": 6}, "good": {"point": "younger"}}
    refused = client.post("/v1/piquet/sheets:score", json=wrong).json
    assert ("good_contradicts", "sheet.good.point") in {
        (v["code"], v["location"]) for v in refused["violations"]}


def test_pt52_a_call_not_held_is_corrected_before_younger_plays(client: FlaskClient) -> None:
    """PT 52: Bill calls a quint he does not hold; with the hands known it is refused at once
    (put right in time, no penalty); he calls his point of five and trio of aces and the deal
    scores as Q10."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    refused = post_step(client, match_id, type="declaration", role="elder", sequence="quint")
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "announcement_not_held"
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    body = play_q10_cards(client, match_id, Q10_CARDS)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}


def test_pt53_a_misnomer_costs_nothing_but_the_call(client: FlaskClient) -> None:
    """PT 53: Bill holds three aces and calls "three kings": he holds a trio, and his hand
    and discard together (the ♠K, the ♥K discarded) could not hold three kings: a misnomer,
    no penalty; the call scores nothing (Bill 11 - 3 = 8, Ann 41)."""
    body = {**Q10_RECORD, "declarations": {**Q10_RECORD["declarations"],
                                           "elder": {"point": 5, "sets": ["trio:K"]}},
            "irregular": [{"code": "announcement_not_held",
                           "location": "declarations.elder.sets[0]"}]}
    ruling = client.post("/v1/piquet/deals:score", json=body).json
    [item] = ruling["irregularities"]
    assert (item["law"], item["penalty"]) == ("PT 53", "none"), item
    assert ruling["scores"] == {"elder": 8, "younger": 41}


def test_pt59_i_a_dropped_card_is_no_play(client: FlaskClient) -> None:
    """PT 59 I: Bill drops the ♠Q while leading; the table undoes it and he leads the ♠K.
    The ledger keeps the undo; the deal scores as Q10."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    step_ok(client, match_id, type="card", card="QS")
    undone = client.post(f"/v1/matches/{match_id}/undo", json={"reason": "dropped"},
                         headers={"If-Match": client.get(
                             f"/v1/matches/{match_id}").headers["ETag"]})
    assert undone.status_code == 200, undone.json
    assert not undone.json["current_deal"].get("tricks")
    body = play_q10_cards(client, match_id, Q10_CARDS)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}


def test_pt12_nine_cards_in_the_talon_is_a_fresh_deal(client: FlaskClient) -> None:
    """PT 12: Ann deals Bill eleven cards (not the ♦8) and leaves nine in the talon: a fresh
    deal must follow, by the same dealer, with no election; refused sent plain, and sent
    anyway the deal scores nothing and Ann deals again."""
    match_id = _new(client)
    dealt = {"elder": Q10_DEALT["elder"][:11], "younger": Q10_DEALT["younger"]}
    talon = [*Q10_TALON, Q10_DEALT["elder"][11]]
    plain = post_step(client, match_id, type="deal_started", dealt=dealt, talon=talon)
    assert plain.status_code == 422
    assert plain.json["violations"][0]["code"] == "hand_size"
    body = step_ok(client, match_id, type="deal_started", dealt=dealt, talon=talon,
                   anyway=True)
    [note] = [e["payload"] for e in body["events"] if e["kind"] == "irregularity"]
    assert "PT 10–14" in note["consequence"] or "PT 10–14" in str(note), note
    match = body["match"]
    assert match["deal_in_progress"] is False and match["deals_played"] == 0
    assert match["dealer"]["player"] == "Ann"


def test_pt59_iii_a_lead_out_of_turn_played_to_stands(client: FlaskClient) -> None:
    """PT 59 III: Q10 to trick 2 (♠K ♠A, ♣K ♣A: Bill to lead). Ann leads ♠7 out of turn:
    taken back. Bill then plays ♠Q to it, ``at`` trick 3, card 2 (the dry run says so
    first): the lead stands, Bill wins the trick, and the deal scores Bill 11, Ann 42 (Ann
    the lead, Bill the trick instead of his lead)."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", **Q10_DECLARATIONS["elder"])
    play_q10_cards(client, match_id, ["KS", "AS", "KC", "AC"])
    taken = step_ok(client, match_id, type="card", card="7S", player="Ann", anyway=True)
    [note] = [e["payload"] for e in taken["events"]]
    assert (note["irregularity"], note["penalty"]) == ("out_of_turn", "withdrawn")
    answer = {"type": "card", "card": "QS", "at": {"deal": 1, "trick": 3, "position": 2}}
    dry = client.post(f"/v1/matches/{match_id}/events?dry_run=true", json=answer)
    assert dry.status_code == 200, dry.json
    assert (dry.json["irregularity"], dry.json["penalty"]) == ("lead_out_of_turn", "as_played")
    body = step_ok(client, match_id, **answer)
    [stands] = [e["payload"] for e in body["events"]]
    assert "PT 59 III" in stands["consequence"]
    assert body["match"]["current_deal"]["tricks"][-1] == ["7S", "QS"]
    assert body["match"]["next"]["player"] == "Bill"
    rest = [c for t in Q10_TRICKS[3:] for c in t]
    for card in rest:
        body = step_ok(client, match_id, type="card", card=card)
    assert standings(body["match"]) == {"Bill": 11, "Ann": 42}


def test_pt28_29_the_adversary_elects_a_fresh_deal_or_to_play_on(client: FlaskClient) -> None:
    """PT 29: Ann (younger) discards four (QD 9D 7D KD) after Bill took his five: she mixed
    one of his cards. Bill elects on the step: a fresh deal (the match's option being to
    reckon nothing) — the deal scores nothing and Ann deals again (an election of no law's
    words is a 400). PT 28, the deal again: Bill discards six; Ann elects to play on: Bill
    reckons nothing, and Ann takes only the two cards he left — three are refused."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    took_one = {"elder": Q10_EXCHANGE["elder"], "younger": [*Q10_EXCHANGE["younger"], "KD"]}
    dry = client.post(f"/v1/matches/{match_id}/events?dry_run=true",
                      json={"type": "exchange", "election": "fresh_deal", **took_one})
    assert (dry.json["irregularity"], dry.json["penalty"]) == ("talon_offence", "fresh_deal")
    body = step_ok(client, match_id, type="exchange", anyway=True, election="fresh_deal",
                   **took_one)
    assert [e["kind"] for e in body["events"]] == ["irregularity", "deal_scored",
                                                   "deal_voided"]
    assert "Bill (the elder hand) elects a fresh deal (his election, PT 28–29)" in body[
        "events"][0]["payload"]["consequence"]
    assert body["match"]["deals_played"] == 0 and body["match"]["dealer"]["player"] == "Ann"
    bad = post_step(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON,
                    election="maybe")
    assert bad.status_code == 400
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    body = step_ok(client, match_id, type="exchange", anyway=True, election="play_on",
                   elder=["KH", "TH", "7H", "TD", "8D", "9S"])
    [note] = [e["payload"] for e in body["events"]]
    assert (note["irregularity"], note["penalty"]) == ("talon_offence", "reckon_nothing")
    refused = post_step(client, match_id, type="exchange", younger=["QD", "9D", "7D"])
    assert refused.status_code == 422
    assert "PT 28" in refused.json["violations"][0]["message"]
    step_ok(client, match_id, type="exchange", younger=["QD", "9D"])


def test_a_card_whose_player_cannot_be_told_is_asked_with_the_candidates(
    client: FlaskClient,
) -> None:
    """PT 59 III: only Bill's hand is recorded; he is to lead and ♣K, sent without
    ``player`` and ``anyway``, is not his: 422 ``player_unknown`` asking "a lead out of turn
    by Ann?" — nothing stored, the deal not voided on a guess."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt={"elder": Q10_DEALT["elder"]},
            talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    before = len(full_log(client, match_id))
    asked = post_step(client, match_id, type="card", card="KC", anyway=True)
    assert asked.status_code == 422, asked.json
    [violation] = asked.json["violations"]
    assert violation["code"] == "player_unknown"
    assert "A lead out of turn by Ann?" in violation["message"]
    assert len(full_log(client, match_id)) == before
    assert read_match(client, match_id)["deal_in_progress"] is True
    named = step_ok(client, match_id, type="card", card="KC", player="Ann", anyway=True)
    assert named["events"][0]["payload"]["penalty"] == "withdrawn"


def test_pt32_younger_alters_his_discard_on_finding_more_than_three(
    client: FlaskClient,
) -> None:
    """PT 32: Bill discards four and takes four, leaving four; Ann's exchange of three is
    recorded, then altered to four on finding the fourth card: accepted, the event naming
    PT 32; a second
    alteration, after she took more than three, is refused (PT 24)."""
    match_id = _new(client)
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", elder=["KH", "TH", "7H", "TD"])
    step_ok(client, match_id, type="exchange", younger=["QD", "9D", "7D"])
    body = step_ok(client, match_id, type="exchange", younger=["QD", "9D", "7D", "KD"])
    assert body["match"]["current_deal"]["exchange"]["younger"] == ["QD", "9D", "7D", "KD"]
    assert body["events"][0]["payload"]["law"] == "PT 32"
    again = post_step(client, match_id, type="exchange", younger=["QD", "9D", "7D", "9H"])
    assert again.status_code == 422
    assert again.json["violations"][0]["code"] == "discard_fixed"
