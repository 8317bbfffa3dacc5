"""E4–E7: the movements, each on an example worked by hand."""

from __future__ import annotations

import pytest

from referee.events import (
    EventError,
    Round,
    add_round,
    check_in,
    fixed_round,
    form_team,
    leave,
    manual_round,
    new_event,
    next_round,
    partnership,
    progressive_first,
    progressive_next,
    round_robin_round,
    round_robin_rounds,
    solo,
    table_sizes,
)

TWELVE = list("ABCDEFGHIJKL")


@pytest.mark.parametrize(("players", "sizes"), [
    (2, [2]), (3, [3]), (4, [4]), (5, [5]), (6, [3, 3]), (7, [4, 3]), (8, [4, 4]),
    (9, [4, 5]), (10, [4, 3, 3]), (11, [4, 4, 3]), (12, [4, 4, 4]), (13, [4, 4, 5]),
])
def test_odd_numbers_make_a_table_of_three_or_five_not_a_sit_out(players: int,
                                                                 sizes: list[int]) -> None:
    assert [len(places) for places in table_sizes(players)] == sizes


def test_one_player_is_not_a_round() -> None:
    with pytest.raises(EventError) as refused:
        table_sizes(1)
    assert refused.value.code == "too_few_players"


def test_progressive_round_one_seats_in_order_partners_opposite() -> None:
    first = progressive_first(TWELVE)
    assert [t.seats for t in first.tables] == [tuple("ABCD"), tuple("EFGH"), tuple("IJKL")]
    assert first.tables[0].team_of("A") == ("A", "C")


def test_progressive_winners_up_losers_stay_head_losers_to_the_low_table() -> None:
    """12 players, 3 tables, worked by hand: table 1 (A C beat B D), table 2 (F H beat E G),
    table 3 (I K beat J L). Head table: A C stay together, F H come up together. Table 2: E G
    stay and split, I K come up and split. Table 3: J L stay and split, B D come down from the
    head table and split."""
    first = progressive_first(TWELVE)
    second = progressive_next(first, {1: {"A", "C"}, 2: {"F", "H"}, 3: {"I", "K"}}, TWELVE)
    assert second.number == 2
    assert second.tables == (partnership(1, ("A", "C"), ("F", "H")),
                             partnership(2, ("E", "I"), ("G", "K")),
                             partnership(3, ("J", "B"), ("L", "D")))
    assert second.byes == ()


def test_two_tables_the_head_losers_meet_the_low_tables_losers() -> None:
    first = progressive_first(list("ABCDEFGH"))
    second = progressive_next(first, {1: {"B", "D"}, 2: {"E", "G"}}, list("ABCDEFGH"))
    assert second.tables == (partnership(1, ("B", "D"), ("E", "G")),
                             partnership(2, ("F", "A"), ("H", "C")))


def test_one_table_keeps_its_partnerships() -> None:
    first = progressive_first(list("ABCD"))
    second = progressive_next(first, {1: {"B", "D"}}, list("ABCD"))
    assert second.tables == (partnership(1, ("B", "D"), ("A", "C")),)


def test_a_late_player_joins_at_the_low_table_and_a_leaver_is_not_seated() -> None:
    """Nine players (4 + 5); C leaves, J and K come: ten players make 4 + 3 + 3."""
    nine = list("ABCDEFGHI")
    first = progressive_first(nine)
    assert [t.seats for t in first.tables] == [tuple("ABCD"), tuple("EFGHI")]
    now = [p for p in nine if p != "C"] + ["J", "K"]
    second = progressive_next(first, {1: {"B", "D"}, 2: {"E"}}, now)
    # Ladder: B D (head winners) E (up from table 2), F G H I (stay), A (down), J K (new).
    assert [t.seats for t in second.tables] == [("B", "E", "D", "F"), ("G", "H", "I"),
                                                ("A", "J", "K")]
    assert not second.tables[1].partnership


def test_progressive_refuses_a_missing_or_wrong_result() -> None:
    first = progressive_first(list("ABCDEFGH"))
    for winners, code in (({1: {"A", "C"}}, "no_result"),
                          ({1: {"A", "B"}, 2: {"E", "G"}}, "not_a_side"),
                          ({1: {"A", "C"}, 2: set()}, "not_a_side")):
        with pytest.raises(EventError) as refused:
            progressive_next(first, winners, list("ABCDEFGH"))
        assert refused.value.code == code
    three = progressive_first(list("ABC"))
    with pytest.raises(EventError):
        progressive_next(three, {1: {"A", "B", "C"}}, list("ABC"))


def test_fixed_partnerships_moving_teams_go_up_and_table_one_wraps() -> None:
    teams = [("A", "B"), ("C", "D"), ("E", "F"), ("G", "H"), ("I", "J"), ("K", "L")]
    rounds = [fixed_round(teams, n) for n in (1, 2, 3, 4)]
    # Stationary: AB, CD, EF at tables 1, 2, 3. Moving: GH, IJ, KL.
    assert [t.seats for t in rounds[0].tables] == [tuple("AGBH"), tuple("CIDJ"), tuple("EKFL")]
    assert [t.seats for t in rounds[1].tables] == [tuple("AIBJ"), tuple("CKDL"), tuple("EGFH")]
    assert [t.seats for t in rounds[2].tables] == [tuple("AKBL"), tuple("CGDH"), tuple("EIFJ")]
    assert rounds[3].tables == rounds[0].tables, "after as many rounds as tables it repeats"


def test_fixed_partnerships_an_odd_team_gives_a_bye() -> None:
    teams = [("A", "B"), ("C", "D"), ("E", "F")]
    one, two = fixed_round(teams, 1), fixed_round(teams, 2)
    assert [t.seats for t in one.tables] == [tuple("AEBF")] and one.byes == ("C", "D")
    assert [t.seats for t in two.tables] == [tuple("CEDF")] and two.byes == ("A", "B")
    with pytest.raises(EventError):
        fixed_round(teams[:1], 1)


def test_round_robin_circle_of_four() -> None:
    players = ["Ann", "Bill", "Cy", "Di"]
    assert round_robin_rounds(players) == 3
    seats = [[t.seats for t in round_robin_round(players, n).tables] for n in (1, 2, 3)]
    assert seats == [[("Ann", "Di"), ("Bill", "Cy")],
                     [("Cy", "Ann"), ("Di", "Bill")],
                     [("Ann", "Bill"), ("Cy", "Di")]]
    with pytest.raises(EventError) as over:
        round_robin_round(players, 4)
    assert over.value.code == "round_robin_over"


def test_round_robin_odd_number_gives_one_bye_a_round() -> None:
    players = ["Ann", "Bill", "Cy"]
    assert round_robin_rounds(players) == 3
    rounds = [round_robin_round(players, n) for n in (1, 2, 3)]
    # The circle Ann, Bill, Cy, bye: Ann stays put, the others turn one place a round.
    assert [r.byes for r in rounds] == [("Ann",), ("Bill",), ("Cy",)]
    assert [r.tables[0].seats for r in rounds] == [("Bill", "Cy"), ("Cy", "Ann"),
                                                   ("Ann", "Bill")]


def test_round_robin_a_leaver_gives_the_opponent_a_bye() -> None:
    made = round_robin_round(["Ann", "Bill", "Cy", "Di"], 1, here=["Ann", "Bill", "Cy"])
    assert [t.seats for t in made.tables] == [("Bill", "Cy")] and made.byes == ("Ann",)


def test_next_round_follows_the_events_movement() -> None:
    event = new_event("Club", "piquet", "round_robin")
    for player in ("Ann", "Bill", "Cy", "Di"):
        event = check_in(event, player)
    event = add_round(event, next_round(event))
    event = check_in(event, "Eve")
    second = next_round(event)
    assert [t.seats for t in second.tables] == [("Cy", "Ann"), ("Di", "Bill")]
    assert second.byes == ("Eve",), "a late player is outside the drawn circle"

    night = new_event("Friday", "pitch", "progressive")
    for player in "ABCDEFGH":
        night = check_in(night, player)
    night = add_round(night, next_round(night))
    night = leave(check_in(night, "I"), "A")
    made = next_round(night, {1: {"A", "C"}, 2: {"E", "G"}})
    # A left, I came: the ladder C (head winner), E G (up), F H (stay), B D (down), I (new),
    # cut into two tables of four; C's partner gone, the head table's partners switch too.
    assert [t.seats for t in made.tables] == [tuple("CEGF"), tuple("HBDI")]
    assert made.tables[0].team_of("C") == ("C", "G")
    assert add_round(night, made).rounds[-1] is made


def test_next_round_fixed_needs_every_player_in_a_team() -> None:
    event = new_event("Cup", "pitch", "fixed")
    for player in "ABCDE":
        event = check_in(event, player)
    event = form_team(form_team(event, "A", "B"), "C", "D")
    with pytest.raises(EventError) as alone:
        next_round(event)
    assert alone.value.code == "no_team"
    event = leave(event, "E")
    assert [t.seats for t in next_round(event).tables] == [tuple("ACBD")]


def test_manual_seating_leaves_the_rest_on_a_bye() -> None:
    event = new_event("Friday", "pitch", "manual")
    for player in "ABCDEF":
        event = check_in(event, player)
    with pytest.raises(EventError) as manual:
        next_round(event)
    assert manual.value.code == "manual_movement"
    made = manual_round(event, [solo(1, ("A", "B", "C"))])
    assert made == Round(1, (solo(1, ("A", "B", "C")),), ("D", "E", "F"))
    with pytest.raises(EventError):
        manual_round(event, [solo(1, ("A", "B", "Z"))])
