"""A fold made into bytes and back (referee.match.snapshot) is the fold it was made of, and a
fold resumed from one with the events after it is a fresh replay of the whole ledger — on the
recorded ledgers of tests/corpus and on the matches the stateful test writes (undo, void,
amend, seats, disputes…). No database: the store's part is tests/store/test_snapshots.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis.stateful import invariant, run_state_machine_as_test

from referee.match import snapshot
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import Fold, replay
from tests.match.table import Table
from tests.match.test_replay_stateful import SETTINGS, MatchMachine

CORPUS = sorted((Path(__file__).resolve().parent.parent / "corpus").glob("v*/*.json"))


def _events(path: Path) -> list[Event]:
    rows = json.loads(path.read_text("utf-8"))["events"]
    return [Event(r["seq"], r["kind"], json.loads(r["payload"]), r["actor"], r["hash"])
            for r in rows]


def _thawed(fold: Fold) -> Fold:
    return snapshot.load(snapshot.dump(fold), GAMES)


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_a_recorded_ledger_resumed_at_any_event_folds_as_replayed(path: Path) -> None:
    """At every event, even inside a write's events (a snapshot made of a ledger written
    before snapshots falls where it falls: referee.resume.build)."""
    events = _events(path)
    whole = replay(events, GAMES)
    resumed = 0
    for seq in range(1, len(events) + 1):
        at = Fold(events[:seq], GAMES)
        thawed = _thawed(at)
        if events[seq - 1].kind != "deal_recorded":  # else mid-write: its deal_scored follows
            assert thawed.state() == at.state(), seq
        later = events[seq:]
        if thawed.can_extend(later):  # no undo after it takes back what it holds
            thawed.extend(later)
            assert thawed.state() == whole, seq
            resumed += 1
    assert resumed >= len(events) // 2


def test_a_snapshot_is_never_resumed_under_an_undo_that_reaches_into_it() -> None:
    table = Table("piquet")
    table.step("card", card="AC")
    table.step("card", card="KC")
    before_undo = Fold(table.events, GAMES)
    table.undo()  # takes back the KC, an event the snapshot holds
    undo = table.events[-1:]
    assert not _thawed(before_undo).can_extend(undo)
    # Resumed from before that card, it folds as the replay does.
    early = _thawed(Fold(table.events[:2], GAMES))
    assert early.can_extend(table.events[2:])
    early.extend(table.events[2:])
    assert early.state() == table.replayed()


def test_an_undo_of_an_event_among_the_new_ones_extends_a_fold() -> None:
    table = Table("piquet")
    start = Fold(table.events, GAMES)
    table.step("card", card="AC")
    table.undo()
    table.step("card", card="KC")
    assert start.can_extend(table.events[1:])
    start.extend(table.events[1:])
    assert start.state() == table.replayed()
    assert start.state().version == 4


def test_what_only_the_past_needed_is_left_out() -> None:
    table = Table("piquet")
    for _ in range(20):
        table.step("card", card="AC", by="seat:Ann")
        table.undo()
    fold = Fold(table.events, GAMES)
    assert len(fold.voided) == 20 and len(fold.entered) == 20
    thawed = _thawed(fold)
    assert thawed.voided == set() and thawed.entered == {}
    assert thawed.state() == fold.state()


def test_the_version_names_the_format_python_and_the_sources(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    version = snapshot.version()
    made, python, digest = version.split("-")
    assert made == str(snapshot.FORMAT) and python.count(".") == 1 and len(digest) == 16
    assert snapshot.version() == version
    monkeypatch.setattr(snapshot, "FORMAT", snapshot.FORMAT + 1)
    snapshot.version.cache_clear()
    try:
        assert snapshot.version() != version
        monkeypatch.setattr(snapshot, "_NOT_FOLDED", ("api", "store", "web", "pitch"))
        snapshot.version.cache_clear()
        assert snapshot.version().split("-")[2] != digest
    finally:
        monkeypatch.undo()
        snapshot.version.cache_clear()
    assert snapshot.version() == version


def test_bytes_of_another_format_or_game_are_refused() -> None:
    import pickle

    fold = Fold(Table("pitch").events, GAMES)
    _, game, attrs = pickle.loads(snapshot.dump(fold))
    with pytest.raises(ValueError, match="format"):
        snapshot.load(pickle.dumps((snapshot.FORMAT + 1, game, attrs)), GAMES)
    with pytest.raises(ValueError, match="game"):
        snapshot.load(pickle.dumps((snapshot.FORMAT, "whist", attrs)), GAMES)


class SnapshotMachine(MatchMachine):
    """The stateful test's matches, with a snapshot of the served fold after every write:
    each one no later undo reaches into, resumed with the events after it, is a fresh
    replay."""

    def __init__(self) -> None:
        super().__init__()
        self.blobs: list[tuple[int, bytes]] = []

    @invariant()
    def resumed_is_a_fresh_replay(self) -> None:
        if self.table is None:
            return
        events = self.t.events
        if not self.blobs or self.blobs[-1][0] != len(events):
            self.blobs.append((len(events), snapshot.dump(self.t.fold)))
        replayed, resumed = self.t.replayed(), 0
        for seq, blob in self.blobs:
            fold = snapshot.load(blob, GAMES)
            if fold.can_extend(events[seq:]):
                fold.extend(events[seq:])
                assert fold.state() == replayed, seq
                resumed += 1
        assert resumed > 0  # the first, taken when the match was created, at least


def test_a_resumed_fold_is_always_a_fresh_replay() -> None:
    machine = type("SnapshotMachineCounted", (SnapshotMachine,), {"seen": {}})
    run_state_machine_as_test(machine, settings=SETTINGS)


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_undo_groups_stay_in_the_order_of_their_first_seq(path: Path) -> None:
    """MatchState.current_undos is counted by bisection over the fold's undo groups: at every
    event of a recorded ledger (and a snapshot of it), the groups are in the order of their
    first seq and the count is the plain one."""
    events = _events(path)
    for seq in range(1, len(events) + 1):
        if events[seq - 1].kind == "deal_recorded":  # mid-write: its deal_scored follows
            continue
        for fold in (Fold(events[:seq], GAMES), _thawed(Fold(events[:seq], GAMES))):
            firsts = [group[0] for group in fold.undoable]
            assert firsts == sorted(firsts), seq
            state = fold.state()
            current = state.current
            plain = (sum(1 for group in fold.undoable if group[0] >= current.first_seq)
                     if current is not None else 0)
            assert state.current_undos == plain, seq
