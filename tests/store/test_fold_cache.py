"""The worker's fold cache (referee.folds.FoldCache) earns its place in bench/RESULTS.md;
here it must never serve anything but a fresh replay of the committed, verified ledger. And a
write decided on a ledger that moved meanwhile (the unique (match, seq) index as the last
guard, one retry) is told how the match stands, leaving nothing behind."""

from __future__ import annotations

import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import folds
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold, replay
from referee.store import ledger
from referee.store.db import database_proxy, execute
from tests.api.deals import Q10_TRICKS, create_match, record_deal, step_ok


def stored(match_id: str) -> list[Event]:
    """All the match's stored events, their links checked."""
    rows = ledger.rows(match_id)
    ledger.check(match_id, rows)
    return [Event(seq, kind, json.loads(payload), actor, digest)
            for seq, kind, payload, actor, _, digest, _ in rows]


def fresh(match_id: str) -> object:
    """The match replayed from all its stored events, no cache involved."""
    return replay(stored(match_id), GAMES)


def test_another_workers_writes_are_caught_up(client: FlaskClient, app: Flask) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    other = folds.FoldCache()  # another worker's cache, taken at version 1
    with app.app_context():
        assert other.fold(match["id"]).version == 1
    for card in Q10_TRICKS[0]:
        step_ok(client, match["id"], type="card", card=card)  # written by "this" worker
    with app.app_context():
        caught_up = other.fold(match["id"])
        assert caught_up.version == 3
        assert caught_up.state() == fresh(match["id"])


def test_an_undo_meanwhile_folds_the_ledger_again(client: FlaskClient, app: Flask) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    record_deal(client, match["id"], {"tricks": Q10_TRICKS})
    other = folds.FoldCache()
    with app.app_context():
        assert other.fold(match["id"]).state().standings == {"Bill": 11, "Ann": 41}
    undone = client.post(f"/v1/matches/{match['id']}/undo", json={"reason": "wrong deal"})
    assert undone.status_code == 200
    with app.app_context():
        state = other.fold(match["id"]).state()
        assert state.standings == {"Bill": 0, "Ann": 0}
        assert state == fresh(match["id"])


def test_a_fold_handed_out_is_a_copy(client: FlaskClient, app: Flask) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    cache = folds.FoldCache()
    with app.app_context():
        mine = cache.fold(match["id"])
        mine.deals[99] = None  # type: ignore[assignment]  # a caller scribbling on its copy
        assert 99 not in cache.fold(match["id"]).deals


def test_a_cached_fold_the_ledger_no_longer_leads_to_is_dropped(
    client: FlaskClient, app: Flask
) -> None:
    """A fold cached from events that were rolled back, or that another writer replaced,
    does not match the stored event at its seq: the whole ledger is folded again."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    step_ok(client, match["id"], type="card", card=Q10_TRICKS[0][0])
    cache = folds.FoldCache()
    with app.app_context():
        wrong = Fold(stored(match["id"])[:1], GAMES)  # at version 1 …
        cache.put(match["id"], wrong, (1, "match_created", "{}", None, "", "0" * 64, "x"))
        assert cache.fold(match["id"]).state() == fresh(match["id"])  # … not the ledger's


def test_a_tampered_new_event_is_refused_not_folded(client: FlaskClient, app: Flask) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    cache = folds.FoldCache()
    with app.app_context():
        cache.fold(match["id"])
    step_ok(client, match["id"], type="card", card=Q10_TRICKS[0][0])
    with app.app_context():
        execute('UPDATE "event" SET "payload" = ? WHERE "match_id" = ? AND "seq" = 2',
                ('{"card":"7C","deal":1,"dealer":0}', match["id"]))
        try:
            cache.fold(match["id"])
        except ledger.LedgerTampered as tampered:
            assert tampered.seq == 2
        else:
            raise AssertionError("a tampered event was folded")


def rival(match_id: str, new_events: list[tuple[str, dict[str, object]]],
          actor: str | None) -> None:
    """Another writer stores ``new_events`` after the ledger's last event (committed at once
    outside a transaction; inside one, part of it)."""
    seq, link = execute('SELECT "seq", "hash" FROM "event" WHERE "match_id" = ? '
                        'ORDER BY "seq" DESC LIMIT 1', (match_id,)).fetchone()
    folds.transact(lambda: ledger.append(match_id, ledger.chain(seq, link, new_events, actor)))


def hold_back(monkeypatch: pytest.MonkeyPatch, behind: Fold, times: int) -> None:
    """The next ``times`` writes decide on ``behind``, a fold the ledger has moved past (on
    PostgreSQL another writer can commit between a write's read and its insert; SQLite's
    write lock allows no such thing, so the cache is made to lag here)."""
    real = folds.FOLDS.fold
    left = [times]

    def lagging(match_id: str, whole: bool = False) -> Fold:
        if left[0] > 0 and database_proxy.obj.in_transaction():
            left[0] -= 1
            return behind.copy()
        return real(match_id, whole)

    monkeypatch.setattr(folds.FOLDS, "fold", lagging)


def test_a_writer_that_keeps_losing_to_others_gets_the_current_match(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each time this write has decided, another writer had stored an event first: the
    unique (match, seq) index refuses its insert every time, and after folds.ATTEMPTS tries
    it is told how the match stands (412), never a 500."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    mid = match["id"]

    def work() -> folds.Appended:
        fold = folds.expect(mid, None)
        return folds.append(mid, fold, [("card", {"card": "KC", "deal": 1, "dealer": 1})],
                            None)

    with app.app_context():
        behind = folds.FOLDS.fold(mid)
        for _ in range(folds.ATTEMPTS):
            rival(mid, [("card", {"card": "AC", "deal": 1, "dealer": 1})], "rival")
        hold_back(monkeypatch, behind, folds.ATTEMPTS)
        try:
            folds.transact(work, mid)
        except folds.VersionMismatch as lost:
            assert lost.current.version == 1 + folds.ATTEMPTS
        else:
            raise AssertionError("a write that never saw the ledger's end was stored")
        assert ledger.verify_chain(mid) is None


def test_an_append_inside_a_callers_transaction_that_loses_is_412_too(
    client: FlaskClient, app: Flask
) -> None:
    """A route that writes more beside its events (seats) runs the append in its own
    transaction: a move of the match between decision and insert runs the whole
    transaction again, and at the end is a VersionMismatch (412), never an internal
    exception."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    mid = match["id"]

    def work() -> object:
        fold = folds.expect(mid, None)
        decided = [("card", {"card": "KC", "deal": 1, "dealer": 1})]
        rival(mid, [("card", {"card": "AC", "deal": 1, "dealer": 1})], "rival")
        return folds.append(mid, fold, decided, None)

    with app.app_context():
        try:
            folds.transact(work, mid)
        except folds.VersionMismatch as lost:
            assert lost.current.version == 1  # every try rolled back, the rival's too
        else:
            raise AssertionError("stored on a ledger that moved")


def test_a_write_that_loses_the_race_leaves_no_trace_in_the_cached_fold(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's seat confirms deal 1 (If-Match: the version she read); between her read of the
    match and her insert another worker stores the shared phone's void of deal 1. Ann's
    write is tried again on the ledger as it now is, gets 412 and stores nothing; the void
    is the last entry, made by the shared phone (no seat), in the cached fold as in a fresh
    replay."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    mid = match["id"]
    record_deal(client, mid, {"tricks": Q10_TRICKS})

    with app.app_context():
        version = folds.load_state(mid).version
        behind = folds.FOLDS.fold(mid)
        rival(mid, [("deal_voided", {"deal": 1, "reason": "misdeal", "by": None})], None)
        hold_back(monkeypatch, behind, 1)

        def work() -> folds.Appended:
            fold = folds.expect(mid, version)
            return folds.append(mid, fold, [("deal_confirmed", {
                "deal": 1, "entered_by": "seat:Ann"})], "seat:Ann")

        try:
            folds.transact(work, mid)
        except folds.VersionMismatch as lost:
            assert lost.current.version == version + 1
        else:
            raise AssertionError("stored on a ledger that moved")
        state = folds.load_state(mid)
        assert state.last_undoable == (version + 1,) and state.last_undoable_by is None
        assert state == fresh(mid)


def test_a_cached_fold_is_checked_against_the_whole_chain_after_the_recheck_time(
    client: FlaskClient, app: Flask
) -> None:
    """A change to an event the cached fold already holds leaves the fold's last event as it
    was: the cache finds it when it checks every stored link again — at once with ``whole``,
    else once the fold was last checked ``recheck_seconds()`` ago (the documented bound)."""
    match = create_match(client, "piquet", ["Bill", "Ann"])
    record_deal(client, match["id"], {"tricks": Q10_TRICKS})
    step_ok(client, match["id"], type="card", card="AC")
    now = [100.0]
    cache = folds.FoldCache(clock=lambda: now[0])
    with app.app_context():
        cache.fold(match["id"])
        execute('UPDATE "event" SET "actor" = ? WHERE "match_id" = ? AND "seq" = 2',
                ("someone else", match["id"]))
        now[0] += folds.recheck_seconds() / 2
        cache.fold(match["id"])  # within the bound: the fold is served (one row read)
        for whole in (True, False):
            if not whole:
                now[0] += folds.recheck_seconds()
            try:
                cache.fold(match["id"], whole=whole)
            except ledger.LedgerTampered as tampered:
                assert tampered.seq == 2
            else:
                raise AssertionError("a changed older event was served from the cache")
        assert match["id"] in ledger.damaged()


def test_a_recheck_that_finds_the_chain_whole_keeps_the_fold_and_folds_what_is_new(
    client: FlaskClient, app: Flask
) -> None:
    match = create_match(client, "piquet", ["Bill", "Ann"])
    now = [100.0]
    cache = folds.FoldCache(clock=lambda: now[0])
    with app.app_context():
        cache.fold(match["id"])
    record_deal(client, match["id"], {"tricks": Q10_TRICKS})
    now[0] += folds.recheck_seconds()
    with app.app_context():
        assert cache.fold(match["id"]).state() == fresh(match["id"])
        assert match["id"] not in ledger.damaged()
