"""New links for a table of an event (docs/events.md, "Lost links"): the organiser replaces a
table's credentials — its match's tokens and every seat, or only the seats named — the old
ones stop working, a retry under the same Idempotency-Key gets the same links, and only the
organiser's token may ask."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.test_events_http import _bearer, _create, _pitch_win, _post


def _night(client: FlaskClient) -> tuple[str, dict[str, str], list[dict[str, Any]]]:
    """A progressive Pitch night of eight, round 1 started: (event id, tokens, its tables)."""
    made = _create(client, name="Friday", game="pitch", movement="progressive",
                   players=list("ABCDEFGH"), options={"target": 4})
    started = _post(client, f"/v1/events/{made['id']}/rounds", made["tokens"]["organiser"], {})
    assert started.status_code == 201, started.json
    return made["id"], made["tokens"], started.json["tables"]


def _reads(client: FlaskClient, match_id: str, token: str) -> int:
    return int(client.get(f"/v1/matches/{match_id}", headers=_bearer(token)).status_code)


def test_new_links_for_a_table_replace_its_tokens_and_seats(bare_client: FlaskClient) -> None:
    client = bare_client
    event_id, made, tables = _night(client)
    old = tables[1]  # table 2: E F G H
    url = f"/v1/events/{event_id}/rounds/1/tables/2/links"
    answer = _post(client, url, made["organiser"], {})
    assert answer.status_code == 200, answer.json
    assert answer.headers["Cache-Control"] == "no-store"
    new = answer.json
    assert (new["number"], new["match_id"], new["seats"]) == (2, old["match_id"], list("EFGH"))
    assert [s["player"] for s in new["seat_tokens"]] == list("EFGH")
    assert new["seat_tokens"][0]["link"] == (
        f"/table/#match={old['match_id']}&token={new['seat_tokens'][0]['token']}")
    assert set(new["tokens"]) == {"write", "read"}
    # the old credentials stop working; the new ones work
    for token in (old["tokens"]["write"], old["tokens"]["read"], old["seat_tokens"][0]["token"]):
        assert _reads(client, old["match_id"], token) == 401
    for token in (new["tokens"]["write"], new["tokens"]["read"], new["seat_tokens"][3]["token"]):
        assert _reads(client, old["match_id"], token) == 200
    _pitch_win(client, new, 1)  # the table records with its new write token
    # table 1 is untouched
    assert _reads(client, tables[0]["match_id"], tables[0]["tokens"]["write"]) == 200
    # the table's game went on with its new write token
    match = client.get(f"/v1/matches/{old['match_id']}",
                       headers=_bearer(new["tokens"]["read"])).json
    assert match["finished"] is True


def test_new_links_for_a_players_seat_only(bare_client: FlaskClient) -> None:
    client = bare_client
    event_id, made, tables = _night(client)
    old = tables[0]
    answer = _post(client, f"/v1/events/{event_id}/rounds/1/tables/1/links",
                   made["organiser"], {"players": ["B", "B"]})  # named twice: one seat
    assert answer.status_code == 200, answer.json
    assert answer.json["tokens"] == {}
    [seat] = answer.json["seat_tokens"]
    assert seat["player"] == "B"
    assert _reads(client, old["match_id"], old["seat_tokens"][1]["token"]) == 401
    assert _reads(client, old["match_id"], seat["token"]) == 200
    # the table's phone and the other seats keep theirs
    assert _reads(client, old["match_id"], old["tokens"]["write"]) == 200
    assert _reads(client, old["match_id"], old["seat_tokens"][0]["token"]) == 200
    other = _post(client, f"/v1/events/{event_id}/rounds/1/tables/1/links",
                  made["organiser"], {"players": ["E"]})
    assert other.status_code == 422, other.json  # E sits at table 2
    assert other.json["violations"][0]["code"] == "not_a_player"


def test_new_links_retry_under_their_key_and_need_the_organiser(
        bare_client: FlaskClient) -> None:
    client = bare_client
    event_id, made, tables = _night(client)
    url = f"/v1/events/{event_id}/rounds/1/tables/1/links"
    etag = client.get(f"/v1/events/{event_id}", headers=_bearer(made["read"])).headers["ETag"]
    sent = {**_bearer(made["organiser"]), "If-Match": etag, "Idempotency-Key": "lost-1"}
    first = client.post(url, json={}, headers=sent)
    again = client.post(url, json={}, headers=sent)
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json
    assert _reads(client, tables[0]["match_id"], first.json["tokens"]["write"]) == 200
    _pitch_win(client, first.json, 0)  # the table moved on: the links are not handed out again
    late = client.post(url, json={}, headers=sent)
    assert late.status_code == 410, late.json
    assert late.json["type"].endswith("/credentials-not-replayed")
    assert late.json["match_id"] == tables[0]["match_id"] and "tokens" not in late.json

    body = {"If-Match": etag}
    assert client.post(url, json={}, headers=body).status_code == 401
    assert client.post(url, json={}, headers={**body, **_bearer(made["read"])}
                       ).status_code == 403
    assert client.post(url, json={}, headers={**body, **_bearer(tables[0]["tokens"]["write"])}
                       ).status_code in (401, 403)
    assert client.post(url, json={}, headers=_bearer(made["organiser"])).status_code == 428
    assert client.post(url, json={}, headers={**_bearer(made["organiser"]),
                                              "If-Match": '"v1"'}).status_code == 412
    assert client.post(url, json={}, headers={**_bearer(made["organiser"]),
                                              "If-Match": "*"}).status_code == 200
    for missing in ("/rounds/2/tables/1/links", "/rounds/1/tables/3/links"):
        nowhere = client.post(f"/v1/events/{event_id}{missing}", json={},
                              headers={**_bearer(made["organiser"]), "If-Match": "*"})
        assert nowhere.status_code == 404, nowhere.json


def test_the_document_has_the_tables_links(bare_client: FlaskClient) -> None:
    paths = bare_client.get("/openapi.json").json["paths"]
    route = paths["/v1/events/{event_id}/rounds/{round_number}/tables/{table}/links"]["post"]
    assert route["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/EventStartedTable"}
    assert {"401", "403", "404", "410", "412", "428"} <= set(route["responses"])
