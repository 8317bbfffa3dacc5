"""Piquet deals entered as score-sheet lines or totals in a match, their cards
entered later, and a dispute ruled by the cards, over HTTP.

Bill and Ann; Ann deals deal 1, so Bill is elder (Q1). The Q10 deal written as the table
would: Bill's point of five is not good, his three aces are; Ann's point of six and sixième;
Bill takes 5 tricks and counts 8 in play, Ann 7 tricks and 9: Bill 11, Ann 41.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from referee.piquet import deal_from_record, rule_deal, sheet_record_of
from tests.api.deals import Q10_RECORD, random_piquet_record
from tests.api.test_matches_agreement import Table

Q10_SHEET: dict[str, Any] = {
    "point": {"elder": "point of five", "younger": "point of six"},
    "sequence": {"younger": "sixième"},
    "sets": {"elder": ["three aces"]},
    "tricks": {"elder": 5, "younger": 7},
    "play": {"elder": 8, "younger": 9},
}


def test_the_q10_deal_as_a_score_sheet_gives_bill_11_ann_41(client: FlaskClient) -> None:
    table = Table(client)
    body = table.deal({"sheet": Q10_SHEET})
    assert body["scores"] == {"Bill": 11, "Ann": 41}
    ruling = body["ruling"]
    assert ruling["level"] == "sheet" and body["level"] == "sheet"
    assert (ruling["elder"], ruling["younger"]) == ("Bill", "Ann")
    assert ruling["verified"] and ruling["computed"] and ruling["as_reported"]
    assert all({"rule", "what"} <= set(note) for note in ruling["verified"])
    # Totals, the last resort: taken as reported, checked against one deal.
    totals = table.deal({"totals": {"scores": {"elder": 30, "younger": 12}}})
    assert totals["scores"] == {"Ann": 30, "Bill": 12}  # deal 2: Ann is elder
    impossible = table.post("/deals", {"totals": {"scores": {"elder": 0, "younger": 0}}})
    assert impossible.status_code == 422
    assert impossible.json["violations"]
    # An impossible line is refused with a sentence: 6 in play with 7 tricks.
    refused = table.post("/deals", {"sheet": {**Q10_SHEET, "play": {"elder": 8,
                                                                     "younger": 6}}})
    assert refused.status_code == 422
    assert refused.json["violations"][0]["location"] == "sheet.play.younger"
    ledger = table.get("/ledger")["items"]
    assert [i["level"] for i in ledger] == ["sheet", "totals"]


def test_a_sheet_deal_re_entered_with_its_cards_keeps_both(client: FlaskClient) -> None:
    table = Table(client)
    # Ann's sequence written as a quint: Ann 40.
    entered = table.deal({"sheet": {**Q10_SHEET, "sequence": {"younger": "quint"}}})
    assert entered["scores"] == {"Bill": 11, "Ann": 40}
    ruled = table.post("/deals/1/cards", Q10_RECORD)
    assert ruled.status_code == 201, ruled.json
    assert ruled.json["scores"] == {"Bill": 11, "Ann": 41}
    assert ruled.json["level"] == "cards" and ruled.json["agreement"] == "ruled"
    changes = ruled.json["changes"]
    assert changes["agrees"] is False
    # The first point where the line parts from the cards, in the counting order of Q8.
    assert (changes["parts_at"]["step"], changes["parts_at"]["rule"]) == ("sequence", "Q5")
    assert "sixième" in changes["parts_at"]["ruling"] and "quint" in changes["parts_at"]["claim"]
    assert changes["parts_at"]["difference"] == {"Bill": 0, "Ann": -1}
    assert ruled.json["match"]["standings"] == [
        {"name": "Bill", "score": 11, "agreed": 11}, {"name": "Ann", "score": 41, "agreed": 41}]
    item = table.get("/ledger")["items"][0]
    assert item["superseded"][0]["level"] == "sheet"
    assert item["superseded"][0]["scores"] == {"Bill": 11, "Ann": 40}
    kinds = [e["kind"] for e in table.get("/log")["items"]]
    assert kinds[-2:] == ["deal_cards_recorded", "deal_scored"]


def test_a_dispute_ann_claims_38_ruled_by_the_cards(client: FlaskClient) -> None:
    table = Table(client)
    table.join()
    entered = table.deal({"sheet": Q10_SHEET}, who="Bill")
    assert entered["agreement"] == "provisional"
    disputed = table.post("/deals/1/dispute", {
        "reason": "I count 38", "claim": {"totals": {"scores": {"elder": 11, "younger": 38}}},
    }, who="Ann")
    assert disputed.status_code == 200, disputed.json
    assert disputed.json["claims"][1]["scores"] == {"Bill": 11, "Ann": 38}
    match = table.get()
    assert match["disputed"] == [1]
    ruled = table.post("/deals/1/cards", Q10_RECORD, who="Ann")
    assert ruled.status_code == 201, ruled.json
    assert ruled.json["scores"] == {"Bill": 11, "Ann": 41}
    bill, ann = ruled.json["claims"]
    assert bill["side"] == "Bill" and bill["comparison"]["agrees"] is True
    assert ann["side"] == "Ann" and ann["comparison"]["agrees"] is False
    parts = ann["comparison"]["parts_at"]
    assert "41" in parts["ruling"] and "38" in parts["claim"]
    assert (parts["step"], parts["rule"]) == ("totals", "Q8")
    assert parts["difference"] == {"Bill": 0, "Ann": -3}
    item = table.get("/ledger")["items"][0]
    assert item["agreement"] == "ruled" and item["claims"][1]["comparison"]["parts_at"]



def disputed_and_ruled(client: FlaskClient, scores: dict[str, int]) -> Any:
    """Bill enters Q10 as a score sheet, Ann disputes it claiming ``scores`` (roles), the
    cards rule: Ann's claim with its comparison."""
    table = Table(client)
    table.join()
    table.deal({"sheet": Q10_SHEET}, who="Bill")
    disputed = table.post("/deals/1/dispute", {"reason": "I count it otherwise",
                                               "claim": {"totals": {"scores": scores}}},
                          who="Ann")
    assert disputed.status_code == 200, disputed.json
    ruled = table.post("/deals/1/cards", Q10_RECORD, who="Ann")
    assert ruled.status_code == 201, ruled.json
    ann = next(c for c in ruled.json["claims"] if c["side"] == "Ann")
    assert ann["comparison"]["agrees"] is False
    return ann["comparison"]


def test_a_dispute_claim_swapped_or_off_by_a_pique_or_repique_gets_its_hint(
    client: FlaskClient,
) -> None:
    swapped = disputed_and_ruled(client, {"elder": 41, "younger": 11})
    assert [h["code"] for d in swapped["differences"] for h in d["hints"]] \
        == ["columns_swapped", "columns_swapped"]
    assert swapped["parts_at"]["explanations"][0].startswith(
        "the two totals written in each other's column")
    assert swapped["parts_at"]["difference"] == {"Bill": 30, "Ann": 0}
    pique = disputed_and_ruled(client, {"elder": 11, "younger": 71})["parts_at"]
    assert pique["difference"] == {"Bill": 0, "Ann": 30}
    assert [(h["code"], h["rule"]) for h in pique["hints"]] == [("pique_not_given", "Q7")]
    repique = disputed_and_ruled(client, {"elder": 11, "younger": 101})["parts_at"]
    assert [(h["code"], h["rule"]) for h in repique["hints"]] == [("repique_not_given", "Q7")]


def test_a_dispute_claim_with_a_negative_total_is_refused(client: FlaskClient) -> None:
    """A negative total is no claim one deal can give (Q8): refused when disputed, located."""
    table = Table(client)
    table.join()
    table.deal({"sheet": Q10_SHEET}, who="Bill")
    refused = table.post("/deals/1/dispute", {
        "reason": "x", "claim": {"totals": {"scores": {"elder": 11, "younger": -41}}}},
        who="Ann")
    assert refused.status_code == 422
    [violation] = refused.json["violations"]
    assert (violation["code"], violation["rule"]) == ("total_impossible", "Q8")
    assert "never negative" in violation["message"]

def _settled(table: Table) -> dict[str, Any]:
    match = table.get()
    assert match["finished"] is True
    return {"standings": match["standings"], "winner": match["winner"],
            "settlement": match["settlement"]}


def test_a_partie_by_score_sheets_settles_like_the_same_deals_by_cards(
    client: FlaskClient,
) -> None:
    records = [Q10_RECORD] + [random_piquet_record(seed) for seed in (0, 1, 2, 3, 4)]
    by_cards = Table(client, stake="0.10")
    by_sheets = Table(client, stake="0.10")
    for record in records:
        by_cards.deal(record)
        sheet = sheet_record_of(rule_deal(deal_from_record(record)))
        body = by_sheets.deal({"sheet": sheet})
        assert body["level"] == "sheet"
    cards, sheets = _settled(by_cards), _settled(by_sheets)
    assert sheets == cards
    assert cards["settlement"]["payment"] == 77 + 175 + 100  # as test_matches_piquet says
