"""The event's stored log folded (referee/events/log.py): the same event as the requests that
wrote it made."""

from __future__ import annotations

import pytest

from referee.events import EventError, Round, add_round, check_in, leave, new_event, partnership
from referee.events.log import fold, round_payload


def test_a_log_folds_to_the_event_its_requests_made() -> None:
    first = Round(1, (partnership(1, ("A", "C"), ("B", "D")),), ("E",))
    entries = [
        ("event_created", {"name": "Friday", "game": "pitch", "movement": "progressive",
                           "rule": "points", "kind": "night", "options": {"target": 11}}),
        *[("checked_in", {"player": p}) for p in "ABCDE"],
        ("round_started", round_payload(first, {1: "m1"})),
        ("left", {"player": "E"}),
        ("checked_in", {"player": "F"}),
    ]
    folded = fold(entries)
    expected = new_event("Friday", "pitch", "progressive", "points")
    for player in "ABCDE":
        expected = check_in(expected, player)
    expected = check_in(leave(add_round(expected, first), "E"), "F")
    assert folded.event == expected
    assert folded.matches == {(1, 1): "m1"} and folded.options == {"target": 11}


def test_a_log_must_start_with_the_event_and_know_its_entries() -> None:
    with pytest.raises(ValueError):
        fold([("checked_in", {"player": "A"})])
    with pytest.raises(ValueError):
        fold([])
    created = ("event_created", {"name": "X", "game": "pitch", "movement": "manual",
                                 "rule": "points", "kind": "night"})
    with pytest.raises(ValueError):
        fold([created, ("renamed", {})])
    with pytest.raises(EventError):
        fold([created, ("left", {"player": "Nobody"})])


def test_a_correction_window_is_kept_and_older_logs_have_none() -> None:
    """E11: ``correction_minutes`` as the create stored it; a log written before it had
    none reads as 0 (final once finished); a negative window is refused."""
    created = {"name": "X", "game": "piquet", "movement": "round_robin", "rule": "money",
               "kind": "night"}
    assert fold([("event_created", created)]).event.correction_minutes == 0
    windowed = fold([("event_created", {**created, "correction_minutes": 30})])
    assert windowed.event.correction_minutes == 30
    with pytest.raises(EventError) as refused:
        new_event("X", "piquet", "round_robin", correction_minutes=-1)
    assert (refused.value.code, refused.value.section) == ("bad_window", "E11")


def test_a_round_ended_as_it_stood_folds_to_its_results() -> None:
    """E11: ``round_ended`` keeps each unfinished game's points and winners; ``round_ends``
    absent from an older log is ``every_table``."""
    first = Round(1, (partnership(1, ("A", "C"), ("B", "D")),))
    created = {"name": "X", "game": "pitch", "movement": "progressive", "rule": "points",
               "kind": "night"}
    entries = [("event_created", created),
               *[("checked_in", {"player": p}) for p in "ABCD"],
               ("round_started", round_payload(first, {1: "m1"})),
               ("round_ended", {"number": 1, "by": "organiser", "tables": [
                   {"number": 1, "points": {"A": 3, "C": 3, "B": 1, "D": 1},
                    "winners": ["A", "C"]}]})]
    folded = fold(entries)
    assert folded.event.round_ends == "every_table"
    result = folded.ended[(1, 1)]
    assert result.points == {"A": 3, "C": 3, "B": 1, "D": 1}
    assert result.winners == frozenset({"A", "C"})
    assert fold([("event_created", {**created, "round_ends": "head_table"})]
                ).event.round_ends == "head_table"
