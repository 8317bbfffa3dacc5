"""GET /v1/events/{id}/statistics (docs/events.md E12): each player's statistics over the
event's tables, read from their matches' rulings; as JSON, CSV and a statistics file
(docs/format.md); the event's read token; ETag, If-None-Match and Vary."""

from __future__ import annotations

import csv
import io
from typing import Any

from flask.testing import FlaskClient

from referee.records.statistics import read_statistics
from tests.api.test_events_http import _bearer, _create, _piquet_partie, _post, _record


def _statistics(client: FlaskClient, event_id: str, token: str, **headers: str) -> Any:
    return client.get(f"/v1/events/{event_id}/statistics",
                      headers={**_bearer(token), **headers})


def _pitch_night(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    made = _create(client, name="Friday", game="pitch", movement="manual",
                   players=["Ann", "Bob", "Cid", "=Dee"], options={"target": 11})
    started = _post(client, f"/v1/events/{made['id']}/rounds", made["tokens"]["organiser"],
                    {"tables": [{"seats": ["Ann", "Bob", "Cid"]}]})
    assert started.status_code == 201, started.json
    return made, started.json["tables"][0]


def test_pitch_statistics_per_player(bare_client: FlaskClient) -> None:
    made, table = _pitch_night(bare_client)
    read = made["tokens"]["read"]
    # Bob bids 3 and takes only High: set back 3 (P6); Ann Low and Game, Cid the Jack.
    _record(bare_client, table, {"sheet": {"pitcher": 1, "bid": 3, "high": 1, "low": 0,
                                           "jack": 2, "game": 0}})
    # Ann bids 2 and makes it; the totals line says nothing of the points.
    _record(bare_client, table, {"totals": {"scores": [2, 1, 0], "pitcher": 0, "bid": 2}})
    answer = _statistics(bare_client, made["id"], read)
    assert answer.status_code == 200, answer.json
    assert {v.strip() for v in answer.headers["Vary"].split(",")} >= {"Accept",
                                                                    "Accept-Language"}
    body = answer.json
    assert body["game"] == "pitch" and body["piquet"] == []
    lines = {line["player"]: line for line in body["pitch"]}
    assert list(lines) == ["=Dee", "Ann", "Bob", "Cid"]
    assert lines["Bob"] == {
        "player": "Bob", "hands": 2, "points": -2, "points_per_hand": -1.0,
        "bids_made": 0, "bids_set": 1, "bids": [{"level": 3, "made": 0, "set": 1}],
        "awards_hands": 1, "high": 1, "low": 0, "jack": 0, "game": 0}
    assert (lines["Ann"]["points"], lines["Ann"]["bids"]) == (
        4, [{"level": 2, "made": 1, "set": 0}])
    assert (lines["Ann"]["low"], lines["Ann"]["game"], lines["Cid"]["jack"]) == (1, 1, 1)
    assert lines["=Dee"]["hands"] == 0 and lines["=Dee"]["points_per_hand"] is None

    again = _statistics(bare_client, made["id"], read, **{"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304 and again.headers["ETag"] == answer.headers["ETag"]
    _record(bare_client, table, {"totals": {"scores": [0, 1, 1], "pitcher": 2, "bid": 1}})
    moved = _statistics(bare_client, made["id"], read, **{"If-None-Match": answer.headers["ETag"]})
    assert moved.status_code == 200 and moved.headers["ETag"] != answer.headers["ETag"]


def test_pitch_statistics_as_csv(bare_client: FlaskClient) -> None:
    made, table = _pitch_night(bare_client)
    _record(bare_client, table, {"sheet": {"pitcher": 1, "bid": 3, "high": 1, "low": 0,
                                           "jack": 2, "game": 0}})
    _record(bare_client, table, {"totals": {"scores": [2, 1, 0], "pitcher": 0}})
    for answer in (_statistics(bare_client, made["id"], made["tokens"]["read"],
                               Accept="text/csv"),
                   bare_client.get(f"/v1/events/{made['id']}/statistics?format=csv",
                                   headers=_bearer(made["tokens"]["organiser"]))):
        assert answer.status_code == 200 and answer.mimetype == "text/csv"
        rows = list(csv.reader(io.StringIO(answer.get_data(as_text=True))))
        assert rows[0] == ["player", "hands", "points", "points per hand", "bids made",
                           "bids set", "bid 3 made", "bid 3 set", "bid ? made", "bid ? set",
                           "awards hands", "high", "low", "jack", "game"]
        by_player = {row[0]: row for row in rows[1:]}
        assert by_player["Bob"] == ["Bob", "2", "-2", "-1.00", "0", "1", "0", "1", "0", "0",
                                    "1", "1", "0", "0", "0"]
        assert by_player["Ann"][8:10] == ["1", "0"]  # made, its level not given
        assert "'=Dee" in by_player, "a name a spreadsheet would run is written as text"
        assert by_player["'=Dee"][3] == ""


def test_piquet_statistics_and_the_statistics_file(bare_client: FlaskClient) -> None:
    made = _create(bare_client, name="Piquet club", game="piquet", movement="round_robin",
                   players=["Ann", "Bill", "Cy"], options={"stake": "0.10"})
    first = _post(bare_client, f"/v1/events/{made['id']}/rounds",
                  made["tokens"]["organiser"], {}).json
    _piquet_partie(bare_client, first["tables"][0])  # Bill beats Cy, 246 to 66: rubicon
    body = _statistics(bare_client, made["id"], made["tokens"]["read"]).json
    assert body["pitch"] == []
    lines = {line["player"]: line for line in body["piquet"]}
    assert lines["Bill"] == {
        "player": "Bill", "parties": 1, "won": 1, "lost": 0, "drawn": 0,
        "rubicons_given": 1, "rubicons_taken": 0, "deals": 6, "points": 246,
        "points_per_deal": 41.0, "detailed_deals": 0, "piques": 0, "repiques": 0,
        "capots": 0}
    assert (lines["Cy"]["lost"], lines["Cy"]["rubicons_taken"], lines["Cy"]["points"]) == (
        1, 1, 66)
    assert lines["Ann"]["parties"] == 0

    toml = _statistics(bare_client, made["id"], made["tokens"]["read"],
                       Accept="application/toml")
    assert toml.status_code == 200 and toml.mimetype == "application/toml"
    assert "attachment" in toml.headers["Content-Disposition"]
    kept = read_statistics(toml.get_data(as_text=True))
    assert kept.game == "piquet" and kept.event == "Piquet club"
    assert {p.player: p.rubicons_given for p in kept.piquet} == {"Ann": 0, "Bill": 1, "Cy": 0}


def test_statistics_need_the_events_token(bare_client: FlaskClient) -> None:
    made = _create(bare_client, name="Club", game="pitch", movement="manual",
                   players=["Ann", "Bob"])
    assert bare_client.get(f"/v1/events/{made['id']}/statistics").status_code == 401
    other = _create(bare_client, name="Other", game="pitch", movement="manual",
                    players=["Ann", "Bob"])
    assert _statistics(bare_client, made["id"], other["tokens"]["read"]).status_code == 403
    assert _statistics(bare_client, "ev_nothing", made["tokens"]["read"]).status_code in (
        403, 404)
    bad = bare_client.get(f"/v1/events/{made['id']}/statistics?format=xls",
                          headers=_bearer(made["tokens"]["read"]))
    assert bad.status_code == 400


def test_a_matchs_facts_are_read_once_per_ledger_head(bare_client: FlaskClient,
                                                      monkeypatch: Any) -> None:
    from referee import club_statistics, folds

    made, table = _pitch_night(bare_client)
    monkeypatch.setattr(club_statistics, "CACHE", club_statistics.FactsCache())
    loads: list[str] = []
    real = folds.load_state

    def counted(match_id: str, whole: bool = False) -> Any:
        loads.append(match_id)
        return real(match_id, whole)

    monkeypatch.setattr(folds, "load_state", counted)
    read = made["tokens"]["read"]
    _statistics(bare_client, made["id"], read)
    _statistics(bare_client, made["id"], read)
    assert loads == [table["match_id"]], "the second read used the facts kept"
    _record(bare_client, table, {"totals": {"scores": [0, 1, 1], "pitcher": 2, "bid": 1}})
    loads.clear()
    hands = {line["player"]: line["hands"] for line in
             _statistics(bare_client, made["id"], read).json["pitch"]}
    assert loads == [table["match_id"]] and hands["Cid"] == 1, "a new entry: read again"
    assert len(club_statistics.CACHE._kept) == 1, "the match's older facts were replaced"
