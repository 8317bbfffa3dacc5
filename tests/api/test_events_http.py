"""/v1/events (docs/events.md): a progressive Pitch night and a Piquet round robin played
through the API, each table's game a match recorded through /v1/matches; the organiser's
credential; the errors."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from flask.testing import FlaskClient

EVENT_TYPE = "https://referee.example/problems/event-refused"


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/v1/events", json=body)
    assert answer.status_code == 201, answer.json
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.json


def _post(client: FlaskClient, path: str, token: str, body: Any = None,
          **headers: str) -> Any:
    """POST to an event's route with its token and If-Match: the event's ETag as just read."""
    event_id = path.split("/")[3]
    read = client.get(f"/v1/events/{event_id}", headers=_bearer(token))
    sent = {**_bearer(token), "If-Match": read.headers["ETag"], **headers}
    if body is None:
        return client.post(path, headers=sent)
    return client.post(path, json=body, headers=sent)


def _record(client: FlaskClient, table: dict[str, Any], record: dict[str, Any]) -> None:
    """Record one deal on a table's match with its write token (If-Match: its ETag)."""
    headers = _bearer(table["tokens"]["write"])
    read = client.get(f"/v1/matches/{table['match_id']}", headers=headers)
    answer = client.post(f"/v1/matches/{table['match_id']}/deals", json=record,
                         headers={**headers, "If-Match": read.headers["ETag"]})
    assert answer.status_code == 201, answer.json


def _pitch_win(client: FlaskClient, table: dict[str, Any], side: int) -> None:
    """The side (0: seats 0 and 2; 1: seats 1 and 3) pitches, bids 4 and makes it: 4 points,
    the target of these tests (P7)."""
    scores = [4, 0] if side == 0 else [0, 4]
    _record(client, table, {"totals": {"scores": scores, "pitcher": side, "bid": 4}})


def test_a_progressive_pitch_night_through_the_api(bare_client: FlaskClient) -> None:
    client = bare_client
    made = _create(client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCDEFGH"), options={"target": 4})
    event_id, organiser = made["id"], made["tokens"]["organiser"]
    assert event_id.startswith("ev_") and made["rule"] == "points"
    assert [t["seats"] for t in made["next"]["round"]["tables"]] == [list("ABCD"),
                                                                     list("EFGH")]
    started = _post(client, f"/v1/events/{event_id}/rounds", organiser, {})
    assert started.status_code == 201, started.json
    tables = started.json["tables"]
    assert tables[0]["sides"] == [["A", "C"], ["B", "D"]]
    assert [s["player"] for s in tables[0]["seat_tokens"]] == list("ABCD")
    assert tables[0]["seat_tokens"][0]["link"].startswith(f"/table/#match={tables[0]['match_id']}")
    match = client.get(f"/v1/matches/{tables[0]['match_id']}",
                       headers=_bearer(tables[0]["tokens"]["write"])).json
    assert match["players"] == list("ABCD") and match["options"]["partnership"] is True

    event = client.get(f"/v1/events/{event_id}", headers=_bearer(organiser)).json
    assert event["next"]["round"] is None
    assert event["next"]["waiting"]["code"] == "round_in_progress"
    early = _post(client, f"/v1/events/{event_id}/rounds", organiser, {})
    assert early.status_code == 422 and early.json["type"] == EVENT_TYPE
    assert (early.json["code"], early.json["section"]) == ("round_in_progress", "E3")

    where = client.get(f"/v1/events/{event_id}/where", query_string={"player": "D"},
                       headers=_bearer(made["tokens"]["read"])).json
    assert where == {"player": "D", "round": 1, "table": 1, "seat": 3, "partners": ["B"],
                     "opponents": ["A", "C"], "match_id": tables[0]["match_id"], "bye": False,
                     "names": {"A": "A", "B": "B", "C": "C", "D": "D"}}
    nobody = client.get(f"/v1/events/{event_id}/where", query_string={"player": "Zed"},
                        headers=_bearer(organiser))
    assert nobody.status_code == 422 and nobody.json["code"] == "not_checked_in"

    _pitch_win(client, tables[0], 0)  # A and C win the head table
    _pitch_win(client, tables[1], 1)  # F and H win table 2
    event = client.get(f"/v1/events/{event_id}", headers=_bearer(made["tokens"]["read"])).json
    assert [t["finished"] for t in event["rounds"][0]["tables"]] == [True, True]
    # E4: A C stay at the head table and keep their partnership, F H come up; B D go down to
    # table 2 and split with E G, who stayed.
    assert [t["sides"] for t in event["next"]["round"]["tables"]] == [
        [["A", "C"], ["F", "H"]], [["E", "B"], ["G", "D"]]]

    lines = client.get(f"/v1/events/{event_id}/standings", headers=_bearer(organiser)).json
    assert [(s["name"], s["place"], s["points"], s["won"]) for s in lines["players"]] == [
        ("A", 1, 4, 1), ("C", 1, 4, 1), ("F", 1, 4, 1), ("H", 1, 4, 1),
        ("B", 5, 0, 0), ("D", 5, 0, 0), ("E", 5, 0, 0), ("G", 5, 0, 0)]

    late = _post(client, f"/v1/events/{event_id}/players", organiser, {"players": ["I"]})
    assert late.status_code == 200 and late.json["roster"][-1] == {
        "player": "I", "joined": 2, "left": None}
    gone = _post(client, f"/v1/events/{event_id}/players:leave", organiser,
                 {"players": ["A"]})
    assert gone.status_code == 200
    # C (head winner) E... : the ladder C F H (A gone), E G B D, I: tables of four and four.
    assert [t["seats"] for t in gone.json["next"]["round"]["tables"]] == [
        ["C", "F", "H", "E"], ["G", "B", "D", "I"]]
    second = _post(client, f"/v1/events/{event_id}/rounds", organiser)
    assert second.status_code == 201 and second.json["number"] == 2, "no body: the movement's"
    assert [t["seats"] for t in second.json["tables"]] == [
        ["C", "F", "H", "E"], ["G", "B", "D", "I"]]


def test_the_organiser_seats_a_round_by_hand(bare_client: FlaskClient) -> None:
    made = _create(bare_client, name="Club", game="pitch", movement="manual",
                   players=["Ann", "Bill", "Cy", "Di", "Eve"])
    organiser = made["tokens"]["organiser"]
    assert made["next"]["waiting"]["code"] == "manual_movement"
    url = f"/v1/events/{made['id']}/rounds"
    twice = _post(bare_client, url, organiser, {"tables": [{"seats": ["Ann", "Bill", "Ann"]}]})
    assert twice.status_code == 422 and twice.json["code"] == "seated_twice"
    started = _post(bare_client, url, organiser, {"tables": [
        {"seats": ["Ann", "Bill", "Cy", "Di"], "partnership": True}]})
    assert started.status_code == 201, started.json
    assert started.json["byes"] == ["Eve"]
    eve = bare_client.get(f"/v1/events/{made['id']}/where", query_string={"player": "Eve"},
                          headers=_bearer(organiser)).json
    assert (eve["round"], eve["table"], eve["bye"]) == (1, None, True)
    assert started.json["tables"][0]["sides"] == [["Ann", "Cy"], ["Bill", "Di"]]


def _piquet_partie(client: FlaskClient, table: dict[str, Any]) -> None:
    """Six deals by their totals (Q10's deal, 41 and 11): the first player named at the table
    takes 41 in every deal, 246 to 66 (elder and younger alternate, Q1)."""
    headers = _bearer(table["tokens"]["write"])
    for _ in range(6):
        match = client.get(f"/v1/matches/{table['match_id']}", headers=headers).json
        winner_elder = match["next_deal"]["elder"] == table["seats"][0]
        scores = {"elder": 41, "younger": 11} if winner_elder else {"elder": 11, "younger": 41}
        _record(client, table, {"totals": {"scores": scores}})


def test_a_piquet_round_robin_settles_in_the_fewest_payments(bare_client: FlaskClient) -> None:
    client = bare_client
    made = _create(client, name="Piquet club", game="piquet", movement="round_robin",
                   players=["Ann", "Bill", "Cy"], options={"stake": "0.10"})
    organiser = made["tokens"]["organiser"]
    event_id = made["id"]
    assert made["rule"] == "money"
    first = _post(client, f"/v1/events/{event_id}/rounds", organiser, {}).json
    # E6: three players, a bye a round: Ann has round 1's, Bill plays Cy.
    assert first["byes"] == ["Ann"] and first["tables"][0]["seats"] == ["Bill", "Cy"]
    _piquet_partie(client, first["tables"][0])
    second = _post(client, f"/v1/events/{event_id}/rounds", organiser, {}).json
    assert second["byes"] == ["Bill"] and second["tables"][0]["seats"] == ["Cy", "Ann"]
    _piquet_partie(client, second["tables"][0])
    # Bill beat Cy and Cy beat Ann, each 246 to 66, rubiconed: 412 points, 41.20 at 0.10.
    paid = client.get(f"/v1/events/{event_id}/payments", headers=_bearer(organiser)).json
    balances = {b["player"]: Decimal(b["balance"]) for b in paid["balances"]}
    assert balances == {"Ann": Decimal("-41.20"), "Bill": Decimal("41.20"), "Cy": 0}
    assert paid["payments"] == [{"payer": "Ann", "payee": "Bill", "amount": "41.20"}]
    assert paid["exact"] is True
    lines = client.get(f"/v1/events/{event_id}/standings",
                       headers=_bearer(organiser)).json["players"]
    assert [(s["name"], s["money"], s["won"]) for s in lines] == [
        ("Bill", "41.20", 1), ("Cy", "0.00", 1), ("Ann", "-41.20", 0)]


def test_the_event_needs_its_own_credential(bare_client: FlaskClient) -> None:
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCD"))
    other = _create(bare_client, name="Saturday", game="pitch", movement="progressive")
    url = f"/v1/events/{made['id']}"
    assert bare_client.get(url).status_code == 401
    assert bare_client.get(url, headers=_bearer("rw_wrong")).status_code == 401
    assert bare_client.get(url, headers=_bearer(other["tokens"]["organiser"])).status_code == 403
    read = _bearer(made["tokens"]["read"])
    assert bare_client.get(url, headers=read).status_code == 200
    refused = _post(bare_client, url + "/players", made["tokens"]["read"], {"players": ["E"]})
    assert refused.status_code == 403
    missing = bare_client.get("/v1/events/ev_nothing", headers=read)
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"
    organiser = _bearer(made["tokens"]["organiser"])
    assert bare_client.get("/v1/matches/" + made["id"], headers=organiser).status_code == 404


def test_what_the_event_refuses_is_a_problem(bare_client: FlaskClient) -> None:
    refused = bare_client.post("/v1/events", json={"name": "X", "game": "piquet",
                                                   "movement": "progressive"})
    assert refused.status_code == 422 and refused.json["code"] == "movement_not_for_game"
    bad = bare_client.post("/v1/events", json={"name": "X", "game": "chess",
                                               "movement": "manual"})
    assert bad.status_code == 400
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=["Ann"])
    token = made["tokens"]["organiser"]
    url = f"/v1/events/{made['id']}"
    again = _post(bare_client, url + "/players", token, {"players": ["Ann"]})
    assert again.status_code == 422 and again.json["code"] == "already_present"
    alone = _post(bare_client, url + "/rounds", token, {})
    assert alone.status_code == 422 and alone.json["code"] == "too_few_players"
    teams = _post(bare_client, url + "/teams", token, {"teams": [["Ann", "B"]]})
    assert teams.status_code == 422 and teams.json["code"] == "not_fixed"
    money = bare_client.get(url + "/payments", headers=_bearer(token))
    assert money.status_code == 422 and money.json["code"] == "not_for_money"
    options = bare_client.post("/v1/events", json={"name": "X", "game": "pitch",
                                                   "movement": "manual",
                                                   "options": {"first_dealer": "Ann"}})
    assert options.status_code == 422 and options.json["code"] == "bad_options"
    other = bare_client.post("/v1/events", json={"name": "X", "game": "pitch",
                                                 "movement": "manual",
                                                 "options": {"stake": "0.10"}})
    assert other.status_code == 422 and other.json["code"] == "bad_options"
    assert other.json["errors"] == {"options.stake": [
        "stake is an option of Piquet: a Pitch match does not take it."]}


def test_event_writes_take_if_match_and_idempotency_keys(bare_client: FlaskClient) -> None:
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=["Ann", "Bill"])
    token, url = made["tokens"]["organiser"], f"/v1/events/{made['id']}"
    read = bare_client.get(url, headers=_bearer(token))
    assert read.headers["ETag"] == '"v3"'  # created, two check-ins
    bare = bare_client.post(url + "/players", json={"players": ["Cy"]}, headers=_bearer(token))
    assert bare.status_code == 428
    sent = {**_bearer(token), "If-Match": '"v3"', "Idempotency-Key": "k-1"}
    first = bare_client.post(url + "/players", json={"players": ["Cy"]}, headers=sent)
    assert first.status_code == 200 and first.headers["ETag"] == '"v4"'
    again = bare_client.post(url + "/players", json={"players": ["Cy"]}, headers=sent)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json
    other = bare_client.post(url + "/players", json={"players": ["Di"]}, headers=sent)
    assert other.status_code == 422  # the key was used for another request
    stale = bare_client.post(url + "/players", json={"players": ["Di"]},
                             headers={**_bearer(token), "If-Match": '"v3"'})
    assert stale.status_code == 412 and stale.headers["ETag"] == '"v4"'
    assert [e["player"] for e in stale.json["event"]["roster"]] == ["Ann", "Bill", "Cy"]
    assert [e["player"] for e in bare_client.get(url, headers=_bearer(token)).json["roster"]
            ] == ["Ann", "Bill", "Cy"], "nothing stored twice"


def test_two_organisers_racing_for_the_log_is_a_412(bare_client: FlaskClient,
                                                     monkeypatch: Any) -> None:
    """The log's primary key refuses the second of two writers that took the same next
    entry (twice): the answer is the event as it stands, 412, never a 500."""
    import peewee

    from referee import club

    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=["Ann"])

    def lost(*_: Any) -> Any:
        raise peewee.IntegrityError("UNIQUE constraint failed: club_event_entry")

    monkeypatch.setattr(club, "check_in_players", lost)
    raced = _post(bare_client, f"/v1/events/{made['id']}/players", made["tokens"]["organiser"],
                  {"players": ["Bill"]})
    assert raced.status_code == 412 and raced.json["event"]["roster"][0]["player"] == "Ann"


def test_the_store_decides_an_events_404_by_the_events_table(bare_client: FlaskClient,
                                                             app: Any) -> None:
    """A live token of something else on an event's id: 403 when the event exists (the
    matches' table does not know it), 404 when it does not — decided by
    ``tokens.authenticate`` for its owner, not by the matches' table."""
    import pytest

    from referee.store import tokens

    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCD"))
    match = bare_client.post("/v1/matches", json={"game": "piquet", "players": ["X", "Y"]})
    match_token = match.json["tokens"]["write"]
    with app.app_context():
        with pytest.raises(tokens.TokenRefused) as other:
            tokens.authenticate(made["id"], match_token, "read", owner="event")
        assert other.value.status == 403
        with pytest.raises(tokens.TokenRefused) as nothing:
            tokens.authenticate("ev_nothing", match_token, "read", owner="event")
        assert nothing.value.status == 404 and "no event" in str(nothing.value)
        with pytest.raises(tokens.TokenRefused) as read_only:
            tokens.authenticate(made["id"], made["tokens"]["read"], "write", owner="event")
        assert read_only.value.status == 403 and "organiser" in str(read_only.value)
    url = f"/v1/events/{made['id']}"
    assert bare_client.get(url, headers=_bearer(match_token)).status_code == 403
    assert bare_client.get("/v1/events/ev_nothing",
                           headers=_bearer(match_token)).status_code == 404


def test_a_retried_create_gets_the_same_event_and_tokens(bare_client: FlaskClient) -> None:
    """An Idempotency-Key on the create (as a match's): the same answer, tokens made again
    from the key; another body under the key is 422; once the event moved on, 410."""
    body = {"name": "Friday", "game": "pitch", "movement": "progressive", "players": ["Ann"]}
    key = {"Idempotency-Key": "night-1"}
    first = bare_client.post("/v1/events", json=body, headers=key)
    assert first.status_code == 201 and first.headers["ETag"] == '"v2"'
    again = bare_client.post("/v1/events", json=body, headers=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json and again.headers["Cache-Control"] == "no-store"
    organiser = first.json["tokens"]["organiser"]
    url = f"/v1/events/{first.json['id']}"
    assert bare_client.get(url, headers=_bearer(organiser)).status_code == 200
    other = bare_client.post("/v1/events", json={**body, "name": "Saturday"}, headers=key)
    assert other.status_code == 422
    assert _post(bare_client, url + "/players", organiser, {"players": ["Bill"]}
                 ).status_code == 200
    late = bare_client.post("/v1/events", json=body, headers=key)
    assert late.status_code == 410 and late.json["event_id"] == first.json["id"]
    assert late.json["type"].endswith("/credentials-not-replayed")
    assert "tokens" not in late.json


def test_a_retried_round_start_gets_the_same_tables_and_credentials(
        bare_client: FlaskClient) -> None:
    """An Idempotency-Key on starting a round: a retry gets the same matches, tokens and
    seats (nothing started twice); once a table records a deal, the retry is 410."""
    made = _create(bare_client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCDEFGH"), options={"target": 4})
    token, url = made["tokens"]["organiser"], f"/v1/events/{made['id']}"
    etag = bare_client.get(url, headers=_bearer(token)).headers["ETag"]
    sent = {**_bearer(token), "If-Match": etag, "Idempotency-Key": "round-1"}
    first = bare_client.post(url + "/rounds", json={}, headers=sent)
    assert first.status_code == 201, first.json
    again = bare_client.post(url + "/rounds", json={}, headers=sent)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json and again.headers["Cache-Control"] == "no-store"
    event = bare_client.get(url, headers=_bearer(token)).json
    assert len(event["rounds"]) == 1, "one round started"
    table = first.json["tables"][0]
    seat = table["seat_tokens"][1]
    assert bare_client.get(f"/v1/matches/{table['match_id']}",
                           headers=_bearer(seat["token"])).status_code == 200
    assert "at" not in first.json and "at" not in again.json
    _pitch_win(bare_client, table, 0)
    late = bare_client.post(url + "/rounds", json={}, headers=sent)
    assert late.status_code == 410 and late.json["event_id"] == made["id"]
    assert "tables" not in late.json


def _match_post(client: FlaskClient, match_id: str, path: str, token: str,
                body: dict[str, Any]) -> Any:
    """POST to a table's match with ``token`` and If-Match: the match's ETag as just read."""
    read = client.get(f"/v1/matches/{match_id}", headers=_bearer(token))
    return client.post(f"/v1/matches/{match_id}{path}", json=body,
                       headers={**_bearer(token), "If-Match": read.headers["ETag"]})


def test_the_organiser_rules_on_a_dispute_at_the_events_table(bare_client: FlaskClient) -> None:
    """E11: a disputed deal holds its table (the round cannot move on, the partie's money is
    withheld); the organiser's token acts at the event's tables as their write token, and
    its amendment, with a reason, stands ruled: it cannot be disputed again. The event's
    read token reads the tables, and writes nothing."""
    from tests.api.deals import Q10_RECORD

    client = bare_client
    made = _create(client, name="Piquet club", game="piquet", movement="round_robin",
                   players=["Ann", "Bill"], options={"stake": "0.10"})
    organiser, reader = made["tokens"]["organiser"], made["tokens"]["read"]
    url = f"/v1/events/{made['id']}"
    table = _post(client, url + "/rounds", organiser, {}).json["tables"][0]
    match_id, first = table["match_id"], table["seats"][0]
    seat = {s["player"]: s["token"] for s in table["seat_tokens"]}
    for _ in range(5):  # the first player named takes 41 a deal, entered by the table
        match = client.get(f"/v1/matches/{match_id}", headers=_bearer(reader)).json
        elder_wins = match["next_deal"]["elder"] == first
        _record(client, table, {"totals": {"scores": {"elder": 41 if elder_wins else 11,
                                                      "younger": 11 if elder_wins else 41}}})
    entered = _match_post(client, match_id, "/deals", seat["Ann"],
                          {"totals": {"scores": {"elder": 41, "younger": 11}}})
    assert entered.status_code == 201, entered.json
    assert _match_post(client, match_id, "/me:join", seat["Bill"], {}).status_code == 200
    disputed = _match_post(client, match_id, "/deals/6/dispute", seat["Bill"],
                           {"reason": "I was elder"})
    assert disputed.status_code == 200, disputed.json
    event = client.get(url, headers=_bearer(reader)).json
    assert event["rounds"][0]["tables"][0]["disputed"] == [6]
    assert event["rounds"][0]["tables"][0]["finished"] is False
    assert (event["next"]["waiting"]["code"], event["next"]["waiting"]["section"]) == (
        "disputed", "E11")
    paid = client.get(url + "/payments", headers=_bearer(reader)).json
    assert paid["payments"] == [] and [p["table"] for p in paid["pending"]] == [1]

    assert client.get(f"/v1/matches/{match_id}", headers=_bearer(reader)).status_code == 200
    refused = _match_post(client, match_id, "/deals/6/amend", reader,
                          {"record": Q10_RECORD, "reason": "the event's read token"})
    assert refused.status_code == 403
    other = _create(client, name="Saturday", game="pitch", movement="progressive")
    assert client.get(f"/v1/matches/{match_id}",
                      headers=_bearer(other["tokens"]["organiser"])).status_code == 403
    ruled = _match_post(client, match_id, "/deals/6/amend", organiser,
                        {"record": Q10_RECORD, "reason": "the deal as the table played it"})
    assert ruled.status_code == 200, ruled.json
    assert (ruled.json["agreement"], ruled.json["entered_by"]) == ("ruled", "organiser")
    log = client.get(f"/v1/matches/{match_id}/log", headers=_bearer(organiser)).json["items"]
    assert log[-1]["actor"].startswith("organiser ")
    again = _match_post(client, match_id, "/deals/6/dispute", seat["Bill"], {"reason": "no"})
    assert again.status_code == 422
    event = client.get(url, headers=_bearer(reader)).json
    assert event["rounds"][0]["tables"][0]["finished"] is True
    assert client.get(url + "/payments", headers=_bearer(reader)).json["pending"] == []


def test_money_counts_only_final_results(bare_client: FlaskClient, monkeypatch: Any) -> None:
    """E11: within the correction window after a partie's last entry its money is pending;
    past it, final and counted."""
    import datetime

    from referee import club

    client = bare_client
    made = _create(client, name="Piquet club", game="piquet", movement="round_robin",
                   players=["Ann", "Bill"], options={"stake": "0.10"}, correction_minutes=30)
    assert made["correction_minutes"] == 30
    organiser, url = made["tokens"]["organiser"], f"/v1/events/{made['id']}"
    table = _post(client, url + "/rounds", organiser, {}).json["tables"][0]
    _piquet_partie(client, table)
    paid = client.get(url + "/payments", headers=_bearer(organiser)).json
    assert paid["payments"] == [] and paid["pending"] == [
        {"round": 1, "table": 1, "match_id": table["match_id"]}]
    event = client.get(url, headers=_bearer(organiser)).json
    assert event["rounds"][0]["tables"][0]["finished"] is True
    assert event["rounds"][0]["tables"][0]["final"] is False
    later = datetime.datetime.now(datetime.UTC).replace(tzinfo=None) + datetime.timedelta(
        minutes=31)
    monkeypatch.setattr(club, "_now", lambda: later)
    paid = client.get(url + "/payments", headers=_bearer(organiser)).json
    assert paid["pending"] == [] and paid["payments"] == [
        {"payer": "Bill", "payee": "Ann", "amount": "41.20"}]


def test_a_round_ends_when_its_head_table_finishes(bare_client: FlaskClient) -> None:
    """E11, ``round_ends: head_table``: once the head table has finished, the next round is
    seated with table 2's game as it stands (its side ahead wins), stored as the round
    starts; that game counts in the standings with its points so far."""
    client = bare_client
    made = _create(client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCDEFGH"), options={"target": 8}, round_ends="head_table")
    organiser, url = made["tokens"]["organiser"], f"/v1/events/{made['id']}"
    assert made["round_ends"] == "head_table"
    tables = _post(client, url + "/rounds", organiser, {}).json["tables"]
    _pitch_win(client, tables[0], 0)
    _pitch_win(client, tables[0], 0)  # A and C: 8, the head table has finished
    _record(client, tables[1], {"totals": {"scores": [1, 3], "pitcher": 1, "bid": 3}})
    event = client.get(url, headers=_bearer(organiser)).json
    # Table 2 as it stands: F and H (3) ahead of E and G (1): F and H go up.
    assert [t["sides"] for t in event["next"]["round"]["tables"]] == [
        [["A", "C"], ["F", "H"]], [["E", "B"], ["G", "D"]]]
    started = _post(client, url + "/rounds", organiser, {})
    assert started.status_code == 201, started.json
    event = client.get(url, headers=_bearer(organiser)).json
    assert [(t["finished"], t["ended"]) for t in event["rounds"][0]["tables"]] == [
        (True, False), (True, True)]
    lines = client.get(url + "/standings", headers=_bearer(organiser)).json["players"]
    assert [(s["name"], s["points"], s["won"]) for s in lines] == [
        ("A", 8, 1), ("C", 8, 1), ("F", 3, 1), ("H", 3, 1),
        ("E", 1, 0), ("G", 1, 0), ("B", 0, 0), ("D", 0, 0)]
    # A deal recorded later at table 2 changes nothing: the game ended as it stood.
    _record(client, tables[1], {"totals": {"scores": [4, 0], "pitcher": 0, "bid": 4}})
    again = client.get(url + "/standings", headers=_bearer(organiser)).json["players"]
    assert again == lines


def test_the_organiser_ends_a_round_by_the_clock(bare_client: FlaskClient) -> None:
    """E11: ``POST …/rounds:end`` scores every game still playing as it stands; sides level
    at the top, the side last ahead wins; nothing to end is refused."""
    client = bare_client
    made = _create(client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCD"), options={"target": 11})
    organiser, url = made["tokens"]["organiser"], f"/v1/events/{made['id']}"
    table = _post(client, url + "/rounds", organiser, {}).json["tables"][0]
    _record(client, table, {"totals": {"scores": [0, 3], "pitcher": 1, "bid": 3}})
    _record(client, table, {"totals": {"scores": [3, 0], "pitcher": 0, "bid": 3}})
    assert client.get(url, headers=_bearer(organiser)).json["next"]["waiting"]["code"] == (
        "round_in_progress")
    ended = _post(client, url + "/rounds:end", organiser)
    assert ended.status_code == 200, ended.json
    assert ended.json["rounds"][0]["tables"][0]["ended"] is True
    lines = client.get(url + "/standings", headers=_bearer(organiser)).json["players"]
    # 3 all: B and D were ahead after the first deal, alone: they win it.
    assert [(s["name"], s["points"], s["won"]) for s in lines] == [
        ("B", 3, 1), ("D", 3, 1), ("A", 3, 0), ("C", 3, 0)]
    assert ended.json["next"]["round"] is not None
    again = _post(client, url + "/rounds:end", organiser)
    assert again.status_code == 422 and (again.json["code"], again.json["section"]) == (
        "nothing_to_end", "E11")
