"""E1–E3: the event, its roster (check in, join late, leave), rounds and tables."""

from __future__ import annotations

import pytest

from referee.events import (
    EventError,
    Round,
    add_round,
    check_in,
    form_team,
    leave,
    new_event,
    partnership,
    present,
    replace_round,
    solo,
    where,
)


def _night(*players: str) -> object:
    event = new_event("Friday", "pitch", "progressive")
    for player in players:
        event = check_in(event, player)
    return event


def test_an_event_takes_its_games_usual_rule() -> None:
    assert new_event("Friday", "pitch", "progressive").rule == "points"
    assert new_event("Club", "piquet", "round_robin").rule == "money"
    assert new_event("Cup", "pitch", "fixed", "games", "tournament").kind == "tournament"


@pytest.mark.parametrize(("game", "movement", "rule", "code"), [
    ("pitch", "round_robin", None, "movement_not_for_game"),
    ("piquet", "progressive", None, "movement_not_for_game"),
    ("piquet", "fixed", None, "movement_not_for_game"),
    ("pitch", "progressive", "money", "money_not_for_game"),
])
def test_an_event_refuses_what_its_game_does_not_play(game: str, movement: str,
                                                      rule: str | None, code: str) -> None:
    with pytest.raises(EventError) as refused:
        new_event("Night", game, movement, rule)  # type: ignore[arg-type]
    assert (refused.value.code, refused.value.section) == (code, "E1")


def test_roster_check_in_leave_and_come_back() -> None:
    event = new_event("Friday", "pitch", "progressive")
    for player in ("Ann", "Bill", "Cy", "Di"):
        event = check_in(event, player)
    assert [e.joined for e in event.roster] == [1, 1, 1, 1]
    with pytest.raises(EventError) as twice:
        check_in(event, "Ann")
    assert twice.value.code == "already_present"
    event = add_round(event, Round(1, (partnership(1, ("Ann", "Cy"), ("Bill", "Di")),)))
    late = check_in(event, "Eve")
    assert late.roster[-1].joined == 2, "a late player is seated from the next round"
    gone = leave(late, "Bill")
    assert [e.player for e in present(gone)] == ["Ann", "Cy", "Di", "Eve"]
    assert next(e for e in gone.roster if e.player == "Bill").left == 1
    with pytest.raises(EventError):
        leave(gone, "Bill")
    back = check_in(gone, "Bill")
    assert [e.player for e in present(back)][-1] == "Bill"


def test_a_round_seats_present_players_once_at_tables_the_game_plays() -> None:
    event = new_event("Friday", "pitch", "progressive")
    for player in "ABCDEFG":
        event = check_in(event, player)
    good = Round(1, (partnership(1, ("A", "C"), ("B", "D")), solo(2, ("E", "F", "G"))))
    assert add_round(event, good).rounds == (good,)
    cases = {
        "seated_twice": Round(1, (partnership(1, ("A", "C"), ("B", "D")),
                                  solo(2, ("E", "F", "A")))),
        "not_checked_in": Round(1, (solo(1, ("A", "Z")),)),
        "table_numbers": Round(1, (solo(2, ("A", "B")),)),
        "round_number": Round(2, (solo(1, ("A", "B")),)),
        "table_size": Round(1, (solo(1, ("A",)),)),
    }
    for code, bad in cases.items():
        with pytest.raises(EventError) as refused:
            add_round(event, bad)
        assert refused.value.code == code


def test_piquet_is_two_at_a_table() -> None:
    event = check_in(check_in(check_in(new_event("Club", "piquet", "manual"), "A"), "B"), "C")
    with pytest.raises(EventError) as refused:
        add_round(event, Round(1, (solo(1, ("A", "B", "C")),)))
    assert refused.value.code == "table_size"


def test_where_says_table_seat_and_partner() -> None:
    round_ = Round(1, (partnership(1, ("Ann", "Cy"), ("Bill", "Di")), solo(2, ("Eve", "Fay"))),
                   ("Gus",))
    ann = where(round_, "Ann")
    assert (ann.table, ann.seat, ann.partners, ann.opponents) == (1, 0, ("Cy",), ("Bill", "Di"))
    di = where(round_, "Di")
    assert (di.table, di.seat, di.partners, di.opponents) == (1, 3, ("Bill",), ("Ann", "Cy"))
    fay = where(round_, "Fay")
    assert (fay.table, fay.seat, fay.partners, fay.opponents) == (2, 1, (), ("Eve",))
    assert where(round_, "Gus").table is None
    with pytest.raises(EventError):
        where(round_, "Hal")


def test_the_organiser_adjusts_the_last_round() -> None:
    event = new_event("Friday", "pitch", "progressive")
    for player in "ABCD":
        event = check_in(event, player)
    with pytest.raises(EventError):
        replace_round(event, Round(1, (solo(1, ("A", "B", "C", "D")),)))
    event = add_round(event, Round(1, (partnership(1, ("A", "C"), ("B", "D")),)))
    swapped = Round(1, (partnership(1, ("A", "B"), ("C", "D")),))
    assert replace_round(event, swapped).rounds == (swapped,)


def test_fixed_partnerships_are_formed_from_present_players() -> None:
    event = new_event("Cup", "pitch", "fixed")
    for player in "ABCD":
        event = check_in(event, player)
    event = form_team(event, "A", "B")
    assert event.teams == (("A", "B"),)
    for first, second, code in (("A", "C", "already_in_team"), ("C", "C", "own_partner"),
                                ("C", "Z", "not_checked_in")):
        with pytest.raises(EventError) as refused:
            form_team(event, first, second)
        assert refused.value.code == code
