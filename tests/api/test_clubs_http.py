"""/v1/clubs (docs/events.md E13): a club's players known by ids across its events, renamed,
merged and removed; a club's event keyed by those ids; a substitute's part of a game (E14)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_events_http import _bearer, _pitch_win, _post, _record

CLUB_TYPE = "https://referee.example/problems/club-refused"
EVENT_TYPE = "https://referee.example/problems/event-refused"


def _club(client: FlaskClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/v1/clubs", json={"name": "Tuesday club", **body})
    assert answer.status_code == 201, answer.json
    assert answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["Location"] == f"/v1/clubs/{answer.json['id']}"
    return answer.json


def _club_post(client: FlaskClient, path: str, token: str, body: Any = None,
               **headers: str) -> Any:
    """POST to a club's route with its token and If-Match: the club's ETag as just read."""
    club_id = path.split("/")[3]
    read = client.get(f"/v1/clubs/{club_id}", headers=_bearer(token))
    sent = {**_bearer(token), "If-Match": read.headers["ETag"], **headers}
    return client.post(path, json=body if body is not None else {}, headers=sent)


def _ids(club: dict[str, Any]) -> dict[str, str]:
    """Each player's name (or member number, for two alike) → id."""
    return {p["member"] or p["name"]: p["id"] for p in club["players"] if p["name"]}


def test_a_club_keeps_members_and_guests_by_id(bare_client: FlaskClient) -> None:
    client = bare_client
    made = _club(client, players=[{"name": "Ann", "member": "7"}, {"name": "Ann"}])
    club_id, organiser = made["id"], made["tokens"]["organiser"]
    assert club_id.startswith("cl_") and made["version"] == 1
    first, second = made["players"]
    assert first["id"] != second["id"] and first["id"].startswith("pl_")
    assert (first["name"], first["member"], first["guest"]) == ("Ann", "7", False)
    assert (second["name"], second["member"], second["guest"]) == ("Ann", None, True)
    read = client.get(f"/v1/clubs/{club_id}", headers=_bearer(made["tokens"]["read"]))
    assert read.status_code == 200 and read.headers["ETag"] == '"v1"'

    added = _club_post(client, f"/v1/clubs/{club_id}/players", organiser,
                       {"name": "Bill", "member": "8"})
    assert added.status_code == 200 and added.headers["ETag"] == '"v2"'
    assert added.json["players"][-1]["name"] == "Bill"
    taken = _club_post(client, f"/v1/clubs/{club_id}/players", organiser,
                       {"name": "Cy", "member": "7"})
    assert taken.status_code == 422 and taken.json["type"] == CLUB_TYPE
    assert (taken.json["code"], taken.json["section"]) == ("member_taken", "E13")
    renamed = _club_post(client, f"/v1/clubs/{club_id}/players/{second['id']}/rename",
                         organiser, {"name": "Ann B.", "member": "9"})
    assert renamed.status_code == 200
    one = client.get(f"/v1/clubs/{club_id}/players/{second['id']}", headers=_bearer(organiser))
    assert one.json == {"id": second["id"], "name": "Ann B.", "member": "9", "guest": False,
                        "merged_into": None, "removed": False}
    nobody = client.get(f"/v1/clubs/{club_id}/players/pl_nobody", headers=_bearer(organiser))
    assert nobody.status_code == 422 and nobody.json["code"] == "not_in_club"


def test_club_writes_take_the_organiser_if_match_and_idempotency_keys(
        bare_client: FlaskClient) -> None:
    client = bare_client
    made = _club(client)
    club_id, organiser, reader = made["id"], made["tokens"]["organiser"], made["tokens"]["read"]
    url = f"/v1/clubs/{club_id}/players"
    assert client.post(url, json={"name": "Ann"}).status_code == 401
    assert client.post(url, json={"name": "Ann"}, headers={
        **_bearer(reader), "If-Match": '"v1"'}).status_code == 403
    other = _club(client)
    assert client.get(f"/v1/clubs/{club_id}",
                      headers=_bearer(other["tokens"]["read"])).status_code == 403
    assert client.post(url, json={"name": "Ann"}, headers=_bearer(organiser)).status_code == 428
    keyed = {**_bearer(organiser), "If-Match": '"v1"', "Idempotency-Key": "add-ann"}
    first = client.post(url, json={"name": "Ann"}, headers=keyed)
    again = client.post(url, json={"name": "Ann"}, headers=keyed)
    assert first.status_code == again.status_code == 200 and first.json == again.json
    assert len(client.get(f"/v1/clubs/{club_id}", headers=_bearer(organiser)).json[
        "players"]) == 1
    stale = client.post(url, json={"name": "Bill"}, headers={
        **_bearer(organiser), "If-Match": '"v1"'})
    assert stale.status_code == 412 and stale.json["club"]["version"] == 2
    assert stale.headers["ETag"] == '"v2"'


def test_a_retried_club_create_gets_the_same_club_and_tokens(bare_client: FlaskClient) -> None:
    sent = {"Idempotency-Key": "club-1"}
    body = {"name": "Tuesday club", "players": [{"name": "Ann"}]}
    first = bare_client.post("/v1/clubs", json=body, headers=sent)
    again = bare_client.post("/v1/clubs", json=body, headers=sent)
    assert first.status_code == again.status_code == 201
    assert first.json == again.json
    organiser = first.json["tokens"]["organiser"]
    _club_post(bare_client, f"/v1/clubs/{first.json['id']}/players", organiser, {"name": "B"})
    late = bare_client.post("/v1/clubs", json=body, headers=sent)
    assert late.status_code == 410 and late.json["club_id"] == first.json["id"]


def _club_event(client: FlaskClient, club: dict[str, Any], players: list[str],
                **body: Any) -> dict[str, Any]:
    answer = client.post("/v1/events", json={
        "name": "Friday", "game": "pitch", "movement": "manual", "club": club["id"],
        "players": players, "options": {"target": 4}, **body},
        headers=_bearer(club["tokens"]["organiser"]))
    assert answer.status_code == 201, answer.json
    return answer.json


def test_two_anns_stay_two_players_at_a_clubs_event(bare_client: FlaskClient) -> None:
    client = bare_client
    club = _club(client, players=[{"name": "Ann", "member": "1"}, {"name": "Ann", "member": "2"},
                                  {"name": "Bill", "member": "3"}])
    ids = _ids(club)
    body = {"name": "Friday", "game": "pitch", "movement": "manual", "club": club["id"],
            "players": [ids["1"]]}
    assert client.post("/v1/events", json=body).status_code == 401, "the club's token"
    other = _club(client)
    assert client.post("/v1/events", json=body, headers=_bearer(
        other["tokens"]["organiser"])).status_code == 403
    event = _club_event(client, club, [ids["1"], ids["2"], ids["3"]], guests=["Di"])
    event_id, organiser = event["id"], event["tokens"]["organiser"]
    assert event["club"] == club["id"]
    di = next(key for key, name in event["names"].items() if name == "Di")
    assert [e["player"] for e in event["roster"]] == [ids["1"], ids["2"], ids["3"], di]
    assert event["names"][ids["1"]] == event["names"][ids["2"]] == "Ann"
    listed = client.get(f"/v1/clubs/{club['id']}", headers=_bearer(club["tokens"]["read"])).json
    assert listed["players"][-1] == {"id": di, "name": "Di", "member": None, "guest": True,
                                     "merged_into": None, "removed": False}
    assert listed["events"] == [event_id]
    twice = _post(client, f"/v1/events/{event_id}/players", organiser, {"players": [ids["1"]]})
    assert twice.status_code == 422 and twice.json["code"] == "already_present"
    stranger = _post(client, f"/v1/events/{event_id}/players", organiser,
                     {"players": ["pl_stranger"]})
    assert stranger.status_code == 422 and stranger.json["code"] == "not_in_club"

    seats = [ids["1"], ids["3"], ids["2"], di]
    started = _post(client, f"/v1/events/{event_id}/rounds", organiser,
                    {"tables": [{"seats": seats, "partnership": True}]})
    assert started.status_code == 201, started.json
    table = started.json["tables"][0]
    match = client.get(f"/v1/matches/{table['match_id']}",
                       headers=_bearer(table["tokens"]["write"])).json
    assert match["players"] == ["Ann (1)", "Bill", "Ann (3)", "Di"]
    assert [s["player"] for s in table["seat_tokens"]] == match["players"]
    where = client.get(f"/v1/events/{event_id}/where", query_string={"player": ids["2"]},
                       headers=_bearer(event["tokens"]["read"])).json
    assert (where["player"], where["seat"], where["partners"]) == (ids["2"], 2, [ids["1"]])
    assert where["names"] == {ids["2"]: "Ann", ids["1"]: "Ann", ids["3"]: "Bill", di: "Di"}
    _pitch_win(client, table, 1)  # Bill and Di win
    lines = client.get(f"/v1/events/{event_id}/standings", headers=_bearer(organiser)).json
    assert [(s["player"], s["name"], s["points"]) for s in lines["players"]] == [
        (ids["3"], "Bill", 4), (di, "Di", 4), *sorted(
            [(ids["1"], "Ann", 0), (ids["2"], "Ann", 0)], key=lambda line: line[0])]


def test_a_merged_player_is_followed_across_events(bare_client: FlaskClient) -> None:
    client = bare_client
    club = _club(client, players=[{"name": "Ann"}, {"name": "Anne"}, {"name": "Bill"}])
    ann, anne, bill = (p["id"] for p in club["players"])
    organiser = club["tokens"]["organiser"]
    first = _club_event(client, club, [ann, bill])
    second = _club_event(client, club, [anne, bill])
    apart = _club_post(client, f"/v1/clubs/{club['id']}/players/{anne}/merge", organiser,
                       {"into": bill})
    assert apart.status_code == 422 and apart.json["code"] == "known_apart"
    merged = _club_post(client, f"/v1/clubs/{club['id']}/players/{anne}/merge", organiser,
                        {"into": ann})
    assert merged.status_code == 200, merged.json
    gone = client.get(f"/v1/clubs/{club['id']}/players/{anne}", headers=_bearer(organiser))
    assert gone.json == {"id": anne, "name": None, "member": None, "guest": False,
                         "merged_into": ann, "removed": False}
    later = client.get(f"/v1/events/{second['id']}",
                       headers=_bearer(second["tokens"]["organiser"])).json
    assert [e["player"] for e in later["roster"]] == [ann, bill]
    assert later["names"][ann] == "Ann"
    where = client.get(f"/v1/events/{second['id']}/where", query_string={"player": anne},
                       headers=_bearer(second["tokens"]["read"])).json
    assert where["player"] == ann, "the merged-away id finds where it went"
    left = _post(client, f"/v1/events/{second['id']}/players:leave",
                 second["tokens"]["organiser"], {"players": [ann]})
    assert left.status_code == 200 and left.json["roster"][0]["left"] == 0
    back = _post(client, f"/v1/events/{second['id']}/players", second["tokens"]["organiser"],
                 {"players": [anne]})
    assert back.status_code == 200 and back.json["roster"][-1] == {
        "player": ann, "joined": 1, "left": None}
    assert client.get(f"/v1/events/{first['id']}", headers=_bearer(
        first["tokens"]["read"])).status_code == 200


def test_a_removed_player_keeps_anonymised_results(bare_client: FlaskClient) -> None:
    client = bare_client
    club = _club(client, players=[{"name": "Ann", "member": "7"}, {"name": "Bill"}])
    ann, bill = (p["id"] for p in club["players"])
    event = _club_event(client, club, [ann, bill], game="piquet", movement="round_robin",
                        options={})
    organiser = event["tokens"]["organiser"]
    removed = _club_post(client, f"/v1/clubs/{club['id']}/players/{ann}/remove",
                         club["tokens"]["organiser"])
    assert removed.status_code == 200
    assert removed.json["players"][0] == {"id": ann, "name": None, "member": None,
                                          "guest": False, "merged_into": None, "removed": True}
    again = _club_post(client, f"/v1/clubs/{club['id']}/players/{ann}/remove",
                       club["tokens"]["organiser"])
    assert again.status_code == 422 and again.json["code"] == "player_removed"
    shown = client.get(f"/v1/events/{event['id']}", headers=_bearer(organiser)).json
    assert shown["names"] == {ann: None, bill: "Bill"}
    assert shown["roster"][0]["player"] == ann, "the id and its results stay"
    lines = client.get(f"/v1/events/{event['id']}/standings", headers=_bearer(organiser)).json
    assert {(s["player"], s["name"]) for s in lines["players"]} == {(ann, None),
                                                                    (bill, "Bill")}
    _post(client, f"/v1/events/{event['id']}/players:leave", organiser, {"players": [ann]})
    refused = _post(client, f"/v1/events/{event['id']}/players", organiser,
                    {"players": [ann]})
    assert refused.status_code == 422 and refused.json["type"] == EVENT_TYPE
    assert (refused.json["code"], refused.json["section"]) == ("player_removed", "E13")


def _pitch_night(client: FlaskClient, movement: str, players: str) -> tuple[str, str]:
    """A 4-point Pitch night of ``movement`` with ``players`` (one letter each): its URL
    and its organiser's token."""
    made = client.post("/v1/events", json={"name": "Friday", "game": "pitch",
                                           "movement": movement, "players": list(players),
                                           "options": {"target": 4}}).json
    return f"/v1/events/{made['id']}", made["tokens"]["organiser"]


def test_a_substitutes_part_of_the_game_is_kept_apart(bare_client: FlaskClient) -> None:
    """E14: C sits for deal 1 (A and C make 2), E takes C's seat and A and E make 2 more and
    win: A has 4 and the win; C 2 and no win; E 2 and the win; each played one game."""
    client = bare_client
    url, organiser = _pitch_night(client, "manual", "ABCDE")
    started = _post(client, url + "/rounds", organiser,
                    {"tables": [{"seats": list("ABCD"), "partnership": True}]})
    table = started.json["tables"][0]
    _record(client, table, {"totals": {"scores": [2, 0], "pitcher": 0, "bid": 2}})
    busy = _post(client, url + "/seats:substitute", organiser,
                 {"table": 1, "seat": 2, "player": "A"})
    assert busy.status_code == 422 and busy.json["code"] == "seated_twice"
    subbed = _post(client, url + "/seats:substitute", organiser,
                   {"table": 1, "seat": 2, "player": "E"})
    assert subbed.status_code == 200, subbed.json
    assert subbed.json["substitutions"] == [{"round": 1, "table": 1, "seat": 2, "out": "C",
                                             "into": "E", "after": 1}]
    assert subbed.json["rounds"][0]["tables"][0]["seats"] == list("ABED")
    assert subbed.json["rounds"][0]["byes"] == ["C"]
    _record(client, table, {"totals": {"scores": [2, 0], "pitcher": 0, "bid": 2}})
    lines = client.get(url + "/standings", headers=_bearer(organiser)).json["players"]
    assert {s["player"]: (s["points"], s["games"], s["won"]) for s in lines} == {
        "A": (4, 1, 1), "E": (2, 1, 1), "C": (2, 1, 0), "B": (0, 1, 0), "D": (0, 1, 0)}
    stats = client.get(url + "/statistics", headers=_bearer(organiser)).json["pitch"]
    # E12, E14: each hand is the statistics' of whoever sat at the seat then
    assert {p["player"]: (p["hands"], p["points"], p["bids_made"]) for p in stats} == {
        "A": (2, 4, 2), "B": (2, 0, 0), "C": (1, 2, 0), "D": (2, 0, 0), "E": (1, 2, 0)}
    done = _post(client, url + "/seats:substitute", organiser,
                 {"table": 1, "seat": 2, "player": "C"})
    assert done.status_code == 422 and done.json["code"] == "table_finished"
    guest = _post(client, url + "/seats:substitute", organiser,
                  {"table": 1, "seat": 0, "guest": "Zed"})
    assert guest.status_code == 422 and guest.json["code"] in ("no_club", "table_finished")


def test_two_organisers_racing_for_the_club_is_a_412(bare_client: FlaskClient,
                                                      monkeypatch: Any) -> None:
    """The second of two writers that both read version 1 is refused by the store's guard on
    the club's version (as an event's log refuses it): 412 with the club as it stands."""
    from referee import clubs

    made = _club(bare_client, players=[{"name": "Ann"}])
    organiser = made["tokens"]["organiser"]
    _club_post(bare_client, f"/v1/clubs/{made['id']}/players", organiser, {"name": "Bill"})
    real = clubs.load

    def as_read_before(club_id: str) -> clubs.Club:
        club = real(club_id)
        return clubs.Club(club.id, club.name, club.version - 1, club.players[:1])

    monkeypatch.setattr(clubs, "load", as_read_before)
    raced = bare_client.post(f"/v1/clubs/{made['id']}/players", json={"name": "Cy"},
                             headers={**_bearer(organiser), "If-Match": '"v2"'})
    monkeypatch.undo()
    assert raced.status_code == 412 and raced.headers["ETag"] == '"v2"'
    names = [p.name for p in real(made["id"]).players]
    assert names == ["Ann", "Bill"]


def test_who_sat_where_across_a_clubs_events(bare_client: FlaskClient) -> None:
    """E13, E14: every seat of the club's events' games with who sat there for which deals,
    a merged-away id read as its survivor: what statistics across events read."""
    from referee import club as events_store
    from referee.events.substitutes import Sitter

    client = bare_client
    made = _club(client, players=[{"name": n} for n in ("Ann", "Bill", "Cy", "Di", "Eve")])
    ann, bill, cy, di, eve = (p["id"] for p in made["players"])
    event = _club_event(client, made, [ann, bill, cy, di, eve])
    organiser = event["tokens"]["organiser"]
    url = f"/v1/events/{event['id']}"
    started = _post(client, url + "/rounds", organiser,
                    {"tables": [{"seats": [ann, bill, cy, di], "partnership": True}]})
    table = started.json["tables"][0]
    _record(client, table, {"totals": {"scores": [2, 0], "pitcher": 0, "bid": 2}})
    _post(client, url + "/seats:substitute", organiser, {"table": 1, "seat": 2, "player": eve})
    with client.application.app_context():
        found = events_store.sittings(made["id"])
    assert [(s.event_id, s.round, s.table, s.match_id) for s in found] == [
        (event["id"], 1, 1, table["match_id"])] * 5
    assert [s.sitter for s in found] == [
        Sitter(0, ann, 0, None), Sitter(1, bill, 0, None), Sitter(2, cy, 0, 1),
        Sitter(2, eve, 1, None), Sitter(3, di, 0, None)]


def test_a_clubs_statistics_follow_people_across_its_events(bare_client: FlaskClient) -> None:
    """E12, E13: Ann plays one night as "Ann" and the next as "Anne"; once merged, the club's
    statistics count both nights' hands as hers, under her id with her name."""
    client = bare_client
    made = _club(client, players=[{"name": n} for n in ("Ann", "Anne", "Bill", "Cy", "Di")])
    ann, anne, bill, cy, di = (p["id"] for p in made["players"])
    for first in (ann, anne):
        event = _club_event(client, made, [first, bill, cy, di])
        started = _post(client, f"/v1/events/{event['id']}/rounds", event["tokens"]["organiser"],
                        {"tables": [{"seats": [first, bill, cy, di], "partnership": True}]})
        _pitch_win(client, started.json["tables"][0], 0)  # the first seat's side wins
    url = f"/v1/clubs/{made['id']}/statistics"
    before = client.get(url, headers=_bearer(made["tokens"]["read"])).json
    assert {p["player"]: p["hands"] for p in before["pitch"]} == {
        ann: 1, anne: 1, bill: 2, cy: 2, di: 2}
    assert before["piquet"] == []
    merged = _club_post(client, f"/v1/clubs/{made['id']}/players/{anne}/merge",
                        made["tokens"]["organiser"], {"into": ann})
    assert merged.status_code == 200
    after = client.get(url, headers=_bearer(made["tokens"]["read"])).json
    assert {p["player"]: (p["hands"], p["points"]) for p in after["pitch"]} == {
        ann: (2, 8), bill: (2, 0), cy: (2, 8), di: (2, 0)}
    assert after["names"] == {ann: "Ann", bill: "Bill", cy: "Cy", di: "Di"}
    assert after["version"] > before["version"]
    assert client.get(url).status_code == 401


def test_a_clubs_statistics_download_as_csv_and_as_a_statistics_file(
        bare_client: FlaskClient) -> None:
    """E12, E13: the club's statistics of one game as CSV, each id with its name, and as a
    statistics file (docs/format.md); a download names its game; ETag and 304 as the JSON."""
    client = bare_client
    made = _club(client, players=[{"name": n} for n in ("Ann", "Bill", "Cy", "Di")])
    ann, bill, cy, di = (p["id"] for p in made["players"])
    event = _club_event(client, made, [ann, bill, cy, di])
    started = _post(client, f"/v1/events/{event['id']}/rounds", event["tokens"]["organiser"],
                    {"tables": [{"seats": [ann, bill, cy, di], "partnership": True}]})
    _pitch_win(client, started.json["tables"][0], 0)
    url = f"/v1/clubs/{made['id']}/statistics"
    read = _bearer(made["tokens"]["read"])

    csv = client.get(url + "?format=csv&game=pitch", headers=read)
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    assert f'statistics-{made["id"]}-pitch.csv' in csv.headers["Content-Disposition"]
    rows = csv.get_data(as_text=True).splitlines()
    assert rows[0].startswith('"player","name","hands","points"')
    assert any(row.startswith(f'"{ann}","Ann","1","4",') for row in rows[1:])
    assert len(rows) == 5

    # one game played: Accept alone chooses it
    by_accept = client.get(url, headers={**read, "Accept": "text/csv"})
    assert by_accept.mimetype == "text/csv"
    assert by_accept.get_data(as_text=True) == csv.get_data(as_text=True)

    file = client.get(url + "?format=toml&game=pitch", headers=read)
    assert file.mimetype == "application/toml"
    text = file.get_data(as_text=True)
    assert 'kind = "statistics"' in text and 'game = "pitch"' in text
    assert f'event = "{made["name"]}"' in text

    # no game named: the one the club played
    unnamed = client.get(url + "?format=csv", headers=read)
    assert unnamed.get_data(as_text=True) == csv.get_data(as_text=True)
    piquet = client.get(url + "?format=csv&game=piquet", headers=read)
    assert piquet.get_data(as_text=True).splitlines()[0].startswith('"player","name","parties"')
    assert len(piquet.get_data(as_text=True).splitlines()) == 1

    again = client.get(url + "?format=csv&game=pitch",
                       headers={**read, "If-None-Match": csv.headers["ETag"]})
    assert again.status_code == 304


def test_a_substitute_finishes_a_fixed_partnerships_game_for_the_team(
        bare_client: FlaskClient) -> None:
    """E5, E14: at a night of fixed partnerships A leaves after the first hand (A and C make
    2) and E, who came late, finishes the game for the team A & C (2 more, the win). Each
    person's line is their own part; the team's line is the team's game: 4 and the win
    (not A's part alone, though A is named first)."""
    client = bare_client
    url, organiser = _pitch_night(client, "fixed", "ABCD")
    formed = _post(client, url + "/teams", organiser, {"teams": [["A", "C"], ["B", "D"]]})
    assert formed.status_code == 200, formed.json
    started = _post(client, url + "/rounds", organiser, {})
    assert started.status_code == 201, started.json
    table = started.json["tables"][0]
    assert table["sides"] == [["A", "C"], ["B", "D"]]
    _record(client, table, {"totals": {"scores": [2, 0], "pitcher": 0, "bid": 2}})
    assert _post(client, url + "/players", organiser, {"players": ["E"]}).status_code == 200
    subbed = _post(client, url + "/seats:substitute", organiser,
                   {"table": 1, "seat": 0, "player": "E"})
    assert subbed.status_code == 200, subbed.json
    _record(client, table, {"totals": {"scores": [2, 0], "pitcher": 0, "bid": 2}})
    lines = client.get(url + "/standings", headers=_bearer(organiser)).json
    assert {s["player"]: (s["points"], s["games"], s["won"]) for s in lines["players"]} == {
        "A": (2, 1, 0), "C": (4, 1, 1), "E": (2, 1, 1), "B": (0, 1, 0), "D": (0, 1, 0)}
    assert {s["player"]: (s["points"], s["games"], s["won"]) for s in lines["teams"]} == {
        "A & C": (4, 1, 1), "B & D": (0, 1, 0)}
