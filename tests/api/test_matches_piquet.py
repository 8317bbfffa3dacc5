"""Stored Piquet matches over HTTP: the Q10 deal card by card, refused cards, whole parties
(Q1 alternation, Q9 six deals, two more when tied, the Rubicon and the stake).

Players are ["Bill", "Ann"]: first_dealer defaults to players[1], so Ann deals deal 1 and Bill
is elder in deals 1, 3, 5, 7 (Q1).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from flask.testing import FlaskClient

from referee.piquet import deal_from_record, rule_deal
from tests.api.deals import (
    Q10_DEALT,
    Q10_EXCHANGE,
    Q10_RECORD,
    Q10_TALON,
    Q10_TRICKS,
    create_match,
    full_log,
    post_step,
    random_piquet_record,
    read_match,
    record_deal,
    standings,
    step_ok,
)

PLAYERS = ["Bill", "Ann"]


def _start_q10(client: FlaskClient) -> str:
    """A Piquet match with the Q10 deal dealt, exchanged and Bill's declarations made."""
    match = create_match(client, "piquet", PLAYERS)
    assert (match["elder"], match["younger"], match["dealer"]["player"]) == ("Bill", "Ann", "Ann")
    match_id = match["id"]
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    step_ok(client, match_id, type="declaration", role="elder", point=5, sets=["trio:A"])
    return match_id


def _play_q10(client: FlaskClient, match_id: str, cards: int = 24) -> dict[str, Any]:
    """Play the first ``cards`` cards of Q10 one by one (Ann declares after Bill's first lead,
    Q5); returns the last step's body."""
    body: dict[str, Any] = {}
    played = [card for trick in Q10_TRICKS for card in trick][:cards]
    for k, card in enumerate(played):
        if k == 1:
            step_ok(client, match_id, type="declaration", role="younger", point=6,
                    sequence="sixième")
        body = step_ok(client, match_id, type="card", card=card)
        if k < 23:
            assert body["scored"] is None
            assert body["match"]["deal_in_progress"] is True
    return body


def test_q10_card_by_card_scores_bill_11_ann_41(client: FlaskClient) -> None:
    match_id = _start_q10(client)
    first = step_ok(client, match_id, type="card", card="KS")
    # Ann must follow spades: she holds ♠A ♠J ♠7 after taking ♠A from the talon (Q4, Q6).
    assert first["match"]["next"]["player"] == "Ann"
    assert first["match"]["next"]["legal_cards"] == ["AS", "JS", "7S"]
    step_ok(client, match_id, type="declaration", role="younger", point=6, sequence="sixième")
    played = [card for trick in Q10_TRICKS for card in trick]
    body: dict[str, Any] = {}
    for card in played[1:]:
        body = step_ok(client, match_id, type="card", card=card)
    assert body["scored"]["scores"] == {"Bill": 11, "Ann": 41}
    assert body["scored"]["ruling"]["elder"] == "Bill"
    log = body["scored"]["ruling"]["log"]
    assert (log[0]["what"], log[0]["points"]) == ("trio of aces", 3)
    assert (log[-1]["elder_total"], log[-1]["younger_total"]) == (11, 41)
    match = body["match"]
    assert standings(match) == {"Bill": 11, "Ann": 41}
    assert match["deals_played"] == 1 and match["deal_in_progress"] is False
    # Q1: the deal alternates: Bill deals deal 2, Ann is elder and leads.
    assert match["deal_number"] == 2
    assert (match["dealer"]["player"], match["elder"]) == ("Bill", "Ann")
    assert (match["next"]["player"], match["next"]["role"]) == ("Ann", "elder")
    assert standings(read_match(client, match_id)) == {"Bill": 11, "Ann": 41}


def test_card_not_following_suit_is_refused_and_nothing_stored(client: FlaskClient) -> None:
    match_id = _start_q10(client)
    _play_q10(client, match_id, cards=5)  # KS AS, KC AC, Bill leads QS
    before = client.get(f"/v1/matches/{match_id}")
    log_before = full_log(client, match_id)
    # Ann holds ♠J ♠7: ♣Q does not follow suit (Q6).
    refused = post_step(client, match_id, type="card", card="QC")
    assert refused.status_code == 422
    assert refused.content_type == "application/problem+json"
    violations = refused.json["violations"]
    assert [(v["rule"], v["location"]) for v in violations] == [("Q6", "tricks[2][1]")]
    after = client.get(f"/v1/matches/{match_id}")
    assert after.headers["ETag"] == before.headers["ETag"]
    assert after.json["version"] == before.json["version"]
    assert full_log(client, match_id) == log_before
    # The right card is still accepted.
    assert step_ok(client, match_id, type="card", card="7S")["match"]["next"]["player"] == "Bill"


def test_card_not_held_is_refused(client: FlaskClient) -> None:
    match_id = _start_q10(client)
    _play_q10(client, match_id, cards=1)  # Bill leads ♠K
    version = read_match(client, match_id)["version"]
    refused = post_step(client, match_id, type="card", card="AD")  # Bill holds ♦A, not Ann
    assert refused.status_code == 422
    assert refused.json["violations"][0]["rule"] == "Q6"
    assert read_match(client, match_id)["version"] == version


def test_step_naming_the_wrong_player_is_refused(client: FlaskClient) -> None:
    """StepSchema: ``player`` may name who acts, and it must be his turn (Q6, Q11)."""
    match_id = _start_q10(client)
    version = read_match(client, match_id)["version"]
    refused = post_step(client, match_id, type="card", card="KS", player="Ann")
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "out_of_turn"
    assert read_match(client, match_id)["version"] == version
    step_ok(client, match_id, type="card", card="KS", player="Bill")


def test_whole_q10_record_scores_the_same(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    body = record_deal(client, match_id, Q10_RECORD)
    assert body["deal"] == 1
    assert body["scores"] == {"Bill": 11, "Ann": 41}
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}


def test_whole_record_breaking_a_rule_is_refused(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    # Bill announces a quint he does not hold (Q5).
    record = {**Q10_RECORD, "declarations": {"elder": {"point": 5, "sequence": "quint"}}}
    refused = client.post(f"/v1/matches/{match_id}/deals", json=record)
    assert refused.status_code == 422
    assert any(v["location"].startswith("declarations.elder") for v in refused.json["violations"])
    match = read_match(client, match_id)
    assert (match["version"], match["deals_played"]) == (1, 0)


# ------------------------------------------------------------------------------- parties


def _engine_scores(record: dict[str, Any]) -> tuple[int, int]:
    scores = rule_deal(deal_from_record(record)).scores
    return scores["elder"], scores["younger"]


def _record_partie(
    client: FlaskClient,
    match_id: str,
    records: list[dict[str, Any]],
    totals: dict[str, int] | None = None,
) -> tuple[dict[str, Any], dict[str, int]]:
    """Record the deals in order after those already recorded, checking at each deal the Q1
    alternation (Bill elder in odd deals), the deal's points per player (from the engine's
    ruling by role) and the running totals. Returns the last body and the totals."""
    totals = dict(totals or {"Bill": 0, "Ann": 0})
    body: dict[str, Any] = {}
    for record in records:
        before = read_match(client, match_id)
        number = before["deal_number"]
        elder, younger = ("Bill", "Ann") if number % 2 == 1 else ("Ann", "Bill")
        assert (before["elder"], before["younger"]) == (elder, younger)
        elder_points, younger_points = _engine_scores(record)
        totals[elder] += elder_points
        totals[younger] += younger_points
        body = record_deal(client, match_id, record)
        assert body["deal"] == number
        assert body["scores"] == {elder: elder_points, younger: younger_points}
        assert standings(body["match"]) == totals
    return body, totals


def _payment(totals: dict[str, int]) -> int:
    """Q9 written out: the loser pays the difference + 100, or when rubiconed (under 100) the
    sum + 100."""
    high, low = max(totals.values()), min(totals.values())
    return high + low + 100 if low < 100 else high - low + 100


def test_partie_of_six_deals_rubiconed_loser_pays_the_sum_plus_100(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", PLAYERS, stake="0.10", currency="EUR")["id"]
    records = [Q10_RECORD] + [random_piquet_record(seed) for seed in (0, 1, 2, 3, 4)]
    body, totals = _record_partie(client, match_id, records[:5])
    assert body["match"]["finished"] is False
    assert body["match"]["settlement"] is None
    body, totals = _record_partie(client, match_id, records[5:], totals)
    match = body["match"]
    assert totals == {"Bill": 77, "Ann": 175}  # the seeds were chosen for a Rubicon
    assert match["finished"] is True and match["deals_played"] == 6
    assert (match["winner"], match["drawn"]) == ("Ann", False)
    settlement = match["settlement"]
    assert settlement["winner"] == "Ann" and settlement["loser"] == "Bill"
    assert settlement["rubiconed"] is True
    assert settlement["payment"] == 77 + 175 + 100 == _payment(totals)
    assert Decimal(settlement["amount"]) == Decimal("35.20")
    assert settlement["currency"] == "EUR"
    assert match["next"]["action"] == "none"
    # The partie is over: a seventh deal is refused and nothing is stored.
    version = match["version"]
    refused = client.post(f"/v1/matches/{match_id}/deals", json=random_piquet_record(9))
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "match_finished"
    refused = post_step(client, match_id, type="card", card="AS")
    assert refused.status_code == 422
    assert read_match(client, match_id)["version"] == version


def test_partie_loser_over_100_pays_the_difference_plus_100(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    records = [Q10_RECORD] + [random_piquet_record(seed) for seed in (1, 2, 3, 4, 5)]
    body, totals = _record_partie(client, match_id, records)
    assert totals == {"Bill": 136, "Ann": 131}
    settlement = body["match"]["settlement"]
    assert (settlement["winner"], settlement["loser"]) == ("Bill", "Ann")
    assert settlement["rubiconed"] is False
    assert settlement["payment"] == 136 - 131 + 100 == _payment(totals)
    assert settlement["amount"] is None


def test_tied_partie_goes_to_eight_deals(client: FlaskClient) -> None:
    """The same deal with the roles swapped gives each player elder's + younger's points, so
    six Q10 deals leave the partie tied at 156 all (Q9)."""
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    body, totals = _record_partie(client, match_id, [Q10_RECORD] * 6)
    assert totals == {"Bill": 156, "Ann": 156}
    match = body["match"]
    assert match["finished"] is False
    assert match["deals_required"] == 8
    assert match["deal_number"] == 7 and match["elder"] == "Bill"
    seventh = record_deal(client, match_id, Q10_RECORD)["match"]  # Bill elder: 11, Ann 41
    assert standings(seventh) == {"Bill": 167, "Ann": 197}
    assert seventh["finished"] is False
    eighth = record_deal(client, match_id, random_piquet_record(6))["match"]
    elder_points, younger_points = _engine_scores(random_piquet_record(6))  # Ann elder
    final = {"Bill": 167 + younger_points, "Ann": 197 + elder_points}
    assert standings(eighth) == final
    assert eighth["finished"] is True and eighth["deals_played"] == 8
    assert eighth["winner"] == max(final, key=final.__getitem__)
    assert eighth["settlement"]["payment"] == _payment(final)


def test_partie_still_tied_after_eight_deals_is_drawn(client: FlaskClient) -> None:
    match_id = create_match(client, "piquet", PLAYERS, stake="1")["id"]
    body, totals = _record_partie(client, match_id, [Q10_RECORD] * 8)
    assert totals == {"Bill": 208, "Ann": 208}
    match = body["match"]
    assert match["finished"] is True and match["drawn"] is True
    assert match["winner"] is None
    assert match["settlement"]["payment"] == 0
    assert match["settlement"]["winner"] is None
    assert Decimal(match["settlement"]["amount"]) == 0
    refused = client.post(f"/v1/matches/{match_id}/deals", json=Q10_RECORD)
    assert refused.status_code == 422


def test_correction_that_would_end_the_partie_earlier_is_refused(client: FlaskClient) -> None:
    """Tied after six, a seventh deal is played (Q9). Amending deal 2 is refused with
    nothing stored, and the match still reads: too late once the next hands are seen (PT 70;
    it would also leave a deal counted after the partie's end). Voiding deal 2 instead is
    fine: deal 7 becomes the sixth deal that counts and the partie ends."""
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    _record_partie(client, match_id, [Q10_RECORD] * 7)
    version = read_match(client, match_id)["version"]
    refused = client.post(f"/v1/matches/{match_id}/deals/2/amend",
                          json={"record": random_piquet_record(0), "reason": "misread"})
    assert refused.status_code == 422, refused.json
    assert refused.json["violations"][0]["code"] == "amend_too_late"
    match = read_match(client, match_id)
    assert match["version"] == version
    assert standings(match) == {"Bill": 167, "Ann": 197}
    assert match["finished"] is False and match["deals_required"] == 8
    voided = client.post(f"/v1/matches/{match_id}/deals/2/void", json={"reason": "misdeal"})
    assert voided.status_code == 200, voided.json
    # Counted: deals 1, 3, 5, 7 with Bill elder (11 each), 4 and 6 with Ann elder.
    assert standings(voided.json) == {"Bill": 4 * 11 + 2 * 41, "Ann": 4 * 41 + 2 * 11}
    assert voided.json["finished"] is True and voided.json["winner"] == "Ann"


def test_void_that_would_end_the_partie_earlier_is_refused(client: FlaskClient) -> None:
    """Tied after six, deals 7 and 8 played; voiding deal 1 would make deals 2–7 the first six
    that count, not tied, with deal 8 counted after the partie's end (Q9): refused."""
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    _record_partie(client, match_id, [Q10_RECORD] * 6 + [random_piquet_record(0)] * 2)
    version = read_match(client, match_id)["version"]
    refused = client.post(f"/v1/matches/{match_id}/deals/1/void", json={"reason": "misdeal"})
    assert refused.status_code == 422, refused.json
    assert refused.json["violations"][0]["rule"] == "Q9"
    assert read_match(client, match_id)["version"] == version
    # Voiding the last deal first, as the refusal says, makes voiding deal 1 possible.
    assert client.post(f"/v1/matches/{match_id}/deals/8/void",
                       json={"reason": "misdeal"}).status_code == 200
    assert client.post(f"/v1/matches/{match_id}/deals/1/void",
                       json={"reason": "misdeal"}).status_code == 200


def test_declarations_are_checked_when_made(client: FlaskClient) -> None:
    """Q5: a declaration that names no combination is refused at once; elder declares before
    he leads; what was announced is not raised later."""
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    bad = post_step(client, match_id, type="declaration", role="elder", sequence="quint:Z")
    assert bad.status_code == 400  # no combination: a slip of the pen, at its field
    assert list(bad.json["errors"]) == ["sequence"]
    nines = post_step(client, match_id, type="declaration", role="elder", sets=["trio:9"])
    assert nines.status_code == 422 and nines.json["violations"][0]["rule"] == "Q5"
    zero = post_step(client, match_id, type="declaration", role="elder", point=0)
    assert zero.status_code == 400 and list(zero.json["errors"]) == ["point"]
    step_ok(client, match_id, type="declaration", role="elder", point=5, sets=["trio:A"])
    again = post_step(client, match_id, type="declaration", role="elder", point=6)
    assert again.status_code == 422 and again.json["violations"][0]["code"] == "declared_twice"
    step_ok(client, match_id, type="card", card="KS")
    late = post_step(client, match_id, type="declaration", role="elder", sequence="tierce")
    assert late.status_code == 422
    assert late.json["violations"][0]["code"] == "declaration_too_late"
    step_ok(client, match_id, type="declaration", role="younger", point=6, sequence="sixième")


def test_an_unheld_announcement_shows_at_the_end_and_does_not_block_the_deal(
    client: FlaskClient,
) -> None:
    """Hands unknown: Bill announces a quint he does not hold. Only his twelve cards prove it;
    the last card is not refused, the quint scores nothing and the ruling says why (Q5)."""
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    step_ok(client, match_id, type="declaration", role="elder", point=5, sequence="quint",
            sets=["trio:A"])
    cards = [card for trick in Q10_TRICKS for card in trick]
    body: dict[str, Any] = {}
    for card in cards:
        body = step_ok(client, match_id, type="card", card=card)
    ruling = body["scored"]["ruling"]
    assert [v["location"] for v in ruling["violations"]] == ["declarations.elder.sequence"]
    assert standings(body["match"]) == {"Bill": 11, "Ann": 41}


def test_an_unheld_announcement_is_refused_at_once_when_the_hands_are_known(
    client: FlaskClient,
) -> None:
    match_id = create_match(client, "piquet", PLAYERS)["id"]
    step_ok(client, match_id, type="deal_started", dealt=Q10_DEALT, talon=Q10_TALON)
    step_ok(client, match_id, type="exchange", **Q10_EXCHANGE)
    refused = post_step(client, match_id, type="declaration", role="elder", sequence="quint")
    assert refused.status_code == 422
    assert refused.json["violations"][0]["code"] == "announcement_not_held"
