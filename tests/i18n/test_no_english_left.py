"""Issue "The players' languages", point 8: every error a client meets (one of each problem
type, tests/api/test_problems.py ``_answers``, and the further ones of :func:`_further`: the
database's faults, the limits, the ledger's, every kind of token refused, a 409 clash, what
an event and a club refuse), asked for in French, German and Polish, comes back with no
English sentence left: its title, detail, each schema message and each violation's message
differ from the English answer's, while its type, status, codes, rule sections and
locations are the same."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from uuid import uuid4

import peewee
import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.api import health, serving
from referee.api.stream_hub import Hub, StreamRefused
from referee.store import expiry, ledger
from referee.store.db import DatabaseBusy, WriteOutcomeUnknown
from tests.api.test_matches_agreement import Table
from tests.api.test_matches_clash import seated, send
from tests.api.test_problems import _answers
from tests.conftest import ON_POSTGRES
from tests.match.test_clash import ANN_DEAL_2

OTHERS = ["fr", "de", "pl"]
#: A sentence: some letters beyond a code, a number or a path.
_WORDS = re.compile(r"[A-Za-z]{3,}\s+[A-Za-z]{2,}")


def _sentences(body: Any, path: str = "") -> dict[str, str]:
    """Every text of a problem a player reads, by where it is: title, detail, each message
    of ``errors`` and each violation's message."""
    found: dict[str, str] = {}
    if not isinstance(body, dict):
        return found
    for key in ("title", "detail"):
        if isinstance(body.get(key), str):
            found[path + key] = body[key]
    for location, messages in (body.get("errors") or {}).items():
        for i, text in enumerate(messages if isinstance(messages, list) else [messages]):
            if isinstance(text, str):
                found[f"{path}errors.{location}[{i}]"] = text
    for i, violation in enumerate(body.get("violations") or []):
        found[f"{path}violations[{i}].message"] = violation["message"]
    return found


def _codes(body: Any) -> Any:
    """What never changes with the language: type, status, codes, sections, locations."""
    return (body.get("type"), body.get("status"), body.get("code"), body.get("section"),
            sorted(body.get("errors") or {}),
            [(v["code"], v["rule"], v["location"]) for v in body.get("violations") or []])


def _bearer(token: str, **headers: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **headers}


def _fault(error: Callable[[str], BaseException]) -> Callable[..., bool]:
    """A match's first look-up (its expiry, before any other check) failing with ``error``."""
    def fail(match_id: str, *args: Any) -> bool:
        raise error(match_id)
    return fail


#: What the layers below fail with, each caused on a match's read: name → the error.
FAULTS: dict[str, Callable[[str], BaseException]] = {
    "database-unavailable": lambda _: peewee.OperationalError(
        "server closed the connection unexpectedly"),
    "database-busy": lambda _: DatabaseBusy("the write lock stayed taken"),
    "storage-full": lambda _: peewee.OperationalError("database or disk is full"),
    "write-outcome-unknown": lambda _: WriteOutcomeUnknown("the COMMIT's reply was lost"),
    "internal-server-error": lambda _: RuntimeError("a bug"),
    "ledger-full": lambda match_id: ledger.LedgerFull(match_id, 5000),
    "ledger-tampered": lambda match_id: ledger.LedgerTampered(match_id, 3),
    "not-found.match": lambda match_id: ledger.MatchNotFound(match_id),
}


def _further(client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The errors beyond one of each type: name → the answer."""
    table, other = Table(client), Table(client)
    table.issue()
    found: dict[str, Any] = {}
    url = table.url()
    for name, error in FAULTS.items():
        with monkeypatch.context() as patched:
            patched.setattr(expiry, "expired", _fault(error))
            found[name] = client.get(url, headers=_bearer(table.write))
    with monkeypatch.context() as patched:
        patched.setitem(app.config, "CREATE_QUOTA", 1)
        found["create-quota-exceeded"] = client.post(
            "/v1/matches", json={"game": "piquet", "players": ["Bill", "Ann"]})
    found["not-found.route"] = client.get("/v1/nothing-here")
    # every kind of token refused, for a match
    found["token.invalid"] = client.get(url, headers=_bearer("rw_wrong"))
    found["token.elsewhere"] = client.get(url, headers=_bearer(other.write))
    found["token.no_such"] = client.get("/v1/matches/m_nothing", headers=_bearer(table.write))
    found["token.seat"] = table.post("/seats", {}, who="Bill")
    found["token.recovery"] = client.post(url + "/tokens:recover",
                                          json={"recovery_code": "rc_wrong"})
    # a 409: Ann's phone sends deal 2 that Bill's phone has recorded meanwhile
    at = seated(client)
    at.deal({"sheet": ANN_DEAL_2, "deal": 2}, who="Bill")
    moved = client.get(at.url(), headers=_bearer(at.write)).headers["ETag"]
    found["deal-already-recorded"] = send(at, "/deals", {"sheet": ANN_DEAL_2, "deal": 2},
                                          "Ann", moved)
    found.update(_organised(client))
    found.update(_refused_input(client, table))
    with monkeypatch.context() as patched:
        patched.setattr(Hub, "check_room", _full_room)
        found["too-many-streams"] = client.get(url + "/stream", buffered=False,
                                               headers=_bearer(table.write))
    found["credentials-not-replayed"] = _late_retry(client)
    found.update(_not_ready(client, monkeypatch))
    with monkeypatch.context() as patched:  # a body that stops arriving (under gevent)
        patched.setattr(serving, "_read", _too_slow)
        found["request-timeout"] = client.post("/v1/matches", json={"game": "piquet"})
    return found


def _not_ready(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """/readyz's answers for the operator: the database unreachable, lacking migrations, its
    disk nearly full (an SQLite file's)."""
    found: dict[str, Any] = {}
    with monkeypatch.context() as patched:
        patched.setattr(health, "_probe", _unreachable)
        found["not-ready.unreachable"] = client.get("/readyz")
        patched.setattr(health, "_probe", lambda db: ["0042_more"])
        found["not-ready.migrations"] = client.get("/readyz")
    if not ON_POSTGRES:
        with monkeypatch.context() as patched:
            patched.setenv("REFEREE_MIN_FREE_BYTES", str(10**18))
            found["storage-full.disk"] = client.get("/readyz")
    return found


def _unreachable(db: Any) -> list[str]:
    raise peewee.OperationalError("connection refused")


def _late_retry(client: FlaskClient) -> Any:
    """A create retried once its match was written to: its tokens are not handed out again."""
    body, key = {"game": "piquet", "players": ["Bill", "Ann"]}, {"Idempotency-Key": uuid4().hex}
    made = client.post("/v1/matches", json=body, headers=key).json
    client.post(f"/v1/matches/{made['id']}/events", json={"type": "exchange"},
                headers=_bearer(made["tokens"]["write"], **{"If-Match": '"v1"'}))
    return client.post("/v1/matches", json=body, headers=key)


def _too_slow(stream: Any, cap: int | None, seconds: float) -> bytes:
    raise TimeoutError("request body too slow")


def _full_room(self: Hub, address: str) -> None:
    raise StreamRefused("address", 4)


def _refused_input(client: FlaskClient, table: Table) -> dict[str, Any]:
    """What the request sends that is refused before any rule: a header, a query, a body."""
    url, write = table.url(), _bearer(table.write)
    return {
        "bad-request.key": client.post(url + "/events", json={"type": "card", "card": "KS"},
                                       headers={**write, "If-Match": '"v2"',
                                                "Idempotency-Key": "k" * 300}),
        "bad-request.head": client.get(url + "/verify?head=nothing", headers=write),
        "bad-request.cursor": client.get(url + "/log?cursor=abc", headers=write),
        "bad-request.nested": client.post("/v1/matches", data=b"[" * 5000 + b"]" * 5000,
                                          content_type="application/json"),
        "unsupported-media-type": client.post("/v1/records:score", json={"format": 1}),
        "bad-request.utf8": client.post("/v1/records:score", data=b'place = "caf\xe9"',
                                        content_type="application/toml"),
    }


def _organised(client: FlaskClient) -> dict[str, Any]:
    """What an event and a club refuse, and their tokens refused."""
    found: dict[str, Any] = {}
    made = client.post("/v1/events", json={"name": "Friday", "game": "pitch",
                                           "movement": "progressive", "players": ["Ann"]}).json
    second = client.post("/v1/events", json={"name": "Saturday", "game": "pitch",
                                              "movement": "progressive"}).json
    url, organiser = f"/v1/events/{made['id']}", made["tokens"]["organiser"]
    etag = client.get(url, headers=_bearer(organiser)).headers["ETag"]
    write = _bearer(organiser, **{"If-Match": etag})
    found["event.movement_not_for_game"] = client.post("/v1/events", json={
        "name": "X", "game": "piquet", "movement": "progressive"})
    found["event.bad_options"] = client.post("/v1/events", json={
        "name": "X", "game": "pitch", "movement": "manual", "options": {"first_dealer": "Ann"}})
    found["event.bad_options.located"] = client.post("/v1/events", json={
        "name": "X", "game": "pitch", "movement": "manual", "options": {"target": "a"}})
    found["event.already_present"] = client.post(url + "/players", json={"players": ["Ann"]},
                                                 headers=write)
    found["event.too_few_players"] = client.post(url + "/rounds", json={}, headers=write)
    found["event.not_fixed"] = client.post(url + "/teams", json={"teams": [["Ann", "B"]]},
                                           headers=write)
    found["event.not_for_money"] = client.get(url + "/payments", headers=_bearer(organiser))
    found["event.stale-version"] = client.post(url + "/players", json={"players": ["Cy"]},
                                               headers=_bearer(organiser, **{"If-Match": '"v1"'}))
    found["event.token.needed"] = client.get(url)
    found["event.token.read_only"] = client.post(
        url + "/players", json={"players": ["Di"]},
        headers=_bearer(made["tokens"]["read"], **{"If-Match": etag}))
    found["event.token.elsewhere"] = client.get(url, headers=_bearer(
        second["tokens"]["organiser"]))
    found["event.token.no_such"] = client.get("/v1/events/ev_nothing",
                                              headers=_bearer(made["tokens"]["read"]))
    club = client.post("/v1/clubs", json={"name": "Tuesday club",
                                          "players": [{"name": "Ann", "member": "7"}]}).json
    curl, chief = f"/v1/clubs/{club['id']}", club["tokens"]["organiser"]
    cetag = client.get(curl, headers=_bearer(chief)).headers["ETag"]
    found["club.member_taken"] = client.post(curl + "/players", json={"name": "Cy", "member": "7"},
                                             headers=_bearer(chief, **{"If-Match": cetag}))
    found["club.not_in_club"] = client.get(curl + "/players/pl_nobody", headers=_bearer(chief))
    found["club.token.needed"] = client.get(curl)
    found["club.token.read_only"] = client.post(
        curl + "/players", json={"name": "Di"},
        headers=_bearer(club["tokens"]["read"], **{"If-Match": cetag}))
    return found


def _in(app: Flask, locale: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = locale
    return {**_answers(client), **_further(client, app, monkeypatch)}


def test_the_further_errors_are_the_ones_named(app: Flask,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Each further answer is the error it is named after (its type, or its code)."""
    for name, answer in _further(app.test_client(), app, monkeypatch).items():
        body = answer.get_json()
        assert answer.mimetype == "application/problem+json", (name, body)
        kind = body["type"].rsplit("/", 1)[1]
        part = name.split(".")
        if part[0] in ("event", "club") and part[1] not in ("token", "stale-version"):
            assert (kind, body["code"]) == (f"{part[0]}-refused", part[1]), (name, body)
        elif part[-2:-1] == ["token"] or part[0] == "token":
            assert answer.status_code in (401, 403, 404), (name, body)
        elif part[-1] == "stale-version":
            assert kind == "stale-version", (name, body)
        else:
            assert kind == part[0], (name, body)


@pytest.mark.parametrize("locale", OTHERS)
def test_every_error_a_client_meets_is_in_the_language_asked(
    app: Flask, locale: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    english = {name: a.get_json() for name, a in _in(app, "en", monkeypatch).items()}
    theirs = _in(app, locale, monkeypatch)
    left = []
    for name, answer in theirs.items():
        body = answer.get_json()
        if answer.headers.get("Content-Language") != locale:
            left.append(f"{name}: no Content-Language {locale}")
        assert _codes(body) == _codes(english[name]), name
        said = _sentences(english[name])
        for where, text in _sentences(body).items():
            if text == said.get(where) and _WORDS.search(text):
                left.append(f"{name} {where}: {text}")
    assert not left, "\n".join(left)


#: The English of further answers as they were worded before their sentences were made from
#: registered messages: the same text, byte for byte.
ENGLISH = {
    "database-unavailable": "The referee's database cannot be reached just now; nothing was "
                            "stored. Try again shortly.",
    "database-busy": "The referee's database stayed busy longer than it waits; nothing was "
                     "stored. Try again.",
    "storage-full": "The referee's database has run out of disk space; nothing was stored. The "
                    "operator must free space; try again later.",
    "write-outcome-unknown": "The connection to the database was lost while this write was "
                             "being committed: it may or may not have been stored. Send it "
                             "again with the same Idempotency-Key: the answer then says what "
                             "was recorded (never twice).",
    "internal-server-error": "The referee failed unexpectedly; the request stored nothing.",
    "ledger-full": "This match holds the most events a match may hold (5000): nothing more is "
                   "recorded on it. Start a new match to go on.",
    "ledger-tampered": "The ledger of this match does not verify at event 3: it was changed "
                       "outside the referee. Nothing is served or recorded from it; the "
                       "operator can inspect it with 'flask db verify'.",
    "not-found.route": "The requested URL was not found on the server. If you entered the URL "
                       "manually please check your spelling and try again.",
    "token.invalid": "This token is not valid (wrong, or rotated away).",
    "token.elsewhere": "This token belongs to something else, not this match.",
    "token.no_such": "There is no match 'm_nothing'.",
    "token.seat": "A seat records, confirms and disputes deals; this needs the match's write "
                  "token.",
    "token.recovery": "This recovery code is not valid for this match.",
    "event.movement_not_for_game": "A piquet event cannot use the progressive movement.",
    "event.bad_options": "The first dealer and the partnership are decided at each table (E3), "
                         "not for the event.",
    "event.already_present": "Ann has already checked in.",
    "event.too_few_players": "A Pitch round needs at least two players.",
    "event.stale-version": "The event has changed since you read it: here it is as it stands.",
    "event.token.needed": "This event needs its token: send 'Authorization: Bearer …'.",
    "event.token.read_only": "This is the event's read token: this needs the organiser's token.",
    "event.token.no_such": "There is no event 'ev_nothing'.",
    "club.member_taken": "Member number 7 is someone else's.",
    "club.not_in_club": "The club has no player 'pl_nobody'.",
    "club.token.needed": "This club needs its token: send 'Authorization: Bearer …'.",
    "bad-request.key": "Idempotency-Key must be 1 to 255 characters.",
    "bad-request.head": "head is SEQ:HASH, as a match's head gives them.",
    "bad-request.nested": "The request body is nested too deeply.",
    "unsupported-media-type": "Send the record file as application/toml.",
    "bad-request.utf8": "A record file is UTF-8 text.",
    "request-timeout": "The request body did not arrive in time; send it again.",
    "not-ready.unreachable": "The database cannot be reached.",
    "not-ready.migrations": "The database lacks migrations: 0042_more (run `flask --app wsgi db "
                            "upgrade`).",
    "too-many-streams": "No live updates for now: your network address already has 4 "
                        "live-update streams open here. Read the match with GET "
                        "(If-None-Match) and try the stream again in 30 s.",
}


def test_english_answers_keep_their_words(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Made from registered messages, the English details are the sentences they were."""
    found = _further(app.test_client(), app, monkeypatch)
    assert {name: found[name].get_json()["detail"] for name in ENGLISH} == ENGLISH
    quota = found["create-quota-exceeded"].get_json()["detail"]
    assert re.fullmatch(r"Too many matches were created from your address lately \(at most 1 "
                        r"in 1 hour\)\. Try again in \d+ (minutes|seconds|minute|second)\.",
                        quota), quota
    if "storage-full.disk" in found:
        disk = found["storage-full.disk"].get_json()["detail"]
        assert re.fullmatch(r"The database's disk has \d+ KiB free, less than the \d+ KiB a "
                            r"write needs \(REFEREE_MIN_FREE_BYTES\): writes would fail\.",
                            disk), disk
    late = found["credentials-not-replayed"].get_json()
    assert late["detail"] == (
        "This request was answered already and its credentials are not handed out again: what "
        "it made has been written to since. With the match's recovery code, POST /v1/matches/"
        f"{late['match_id']}/tokens:recover makes new tokens.")
    too_large = _answers(app.test_client())["request-entity-too-large"]
    assert too_large.get_data() == (b'{"type": "https://referee.example/problems/request-entity'
                                    b'-too-large", "title": "Request Entity Too Large", "status":'
                                    b' 413, "detail": "The request body is larger than 262144 '
                                    b'bytes."}')
    assert (too_large.headers["Content-Language"], too_large.headers["Vary"]) == (
        "en", "Accept-Language")


def test_a_detail_made_from_its_message_is_worded_whole(app: Flask) -> None:
    """A refusal's detail is worded from its message and parameters, even when its English
    also reads like another sentence ("… scores …"): a player's name is a parameter, never
    reworded, and no part of the sentence stays English."""
    client = app.test_client()
    made = client.post("/v1/events", json={"name": "Friday", "game": "pitch",
                                           "movement": "progressive",
                                           "players": ["Ann scores big"]}).json
    url, organiser = f"/v1/events/{made['id']}", made["tokens"]["organiser"]
    etag = client.get(url, headers=_bearer(organiser)).headers["ETag"]
    for locale, detail in [("en", "Ann scores big has already checked in."),
                           ("fr", "Ann scores big est déjà présent.")]:
        again = client.post(url + "/players", json={"players": ["Ann scores big"]},
                            headers=_bearer(organiser, **{"If-Match": etag,
                                                          "Accept-Language": locale}))
        assert again.get_json()["detail"] == detail


@pytest.mark.parametrize(("locale", "detail"), [
    ("en", "Not recorded: The elder hand scores at least 1 in every deal: his first lead."),
    ("fr", "Non enregistré : L'aîné marque au moins 1 à chaque donne : sa première entame."),
])
def test_a_step_a_match_refuses_is_worded_whole(app: Flask, locale: str, detail: str) -> None:
    """A rule-violation on a match says "Not recorded" and its first reason, both worded in
    the language asked."""
    table = Table(app.test_client())
    refused = table.client.post(table.url() + "/deals", json={"totals": {"scores": {
        "elder": 0, "younger": 0}}}, headers=_bearer(table.write, **{
            "If-Match": '"v1"', "Accept-Language": locale}))
    assert (refused.status_code, refused.get_json()["detail"]) == (422, detail)


def test_no_such_event_or_club_is_worded(app: Flask) -> None:
    """An event or a club gone once its token was checked: the 404 in the language asked,
    worded as the token's look-up words it."""
    from referee.api import handlers
    from referee.store.club_events import EventNotFound
    from referee.store.clubs import ClubNotFound

    for error, english in [(EventNotFound("ev_gone"), "There is no event 'ev_gone'."),
                           (ClubNotFound("cl_gone"), "There is no club 'cl_gone'.")]:
        for locale in ("en", "fr"):
            with app.test_request_context("/v1/events/x", headers={"Accept-Language": locale}):
                answer = app.process_response(handlers._event_not_found(error))
            detail = answer.get_json()["detail"]
            assert (detail == english) == (locale == "en"), detail
            assert "_gone" in detail and answer.status_code == 404
