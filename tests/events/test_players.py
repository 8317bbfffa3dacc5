"""A club's players (docs/events.md E13) and substitutes (E14), pure: ids, not names."""

from __future__ import annotations

import pytest

from referee.events import (
    Event,
    EventError,
    GameResult,
    Round,
    add_round,
    check_in,
    new_event,
    solo,
)
from referee.events.log import fold, rekeyed, round_payload
from referee.events.model import partnership, where
from referee.events.players import (
    ClubError,
    Player,
    add,
    aliases,
    find,
    merge,
    remove,
    rename,
    resolve,
)
from referee.events.standings import standings, team_standings
from referee.events.substitutes import (
    Sitter,
    for_teams,
    seat_changes,
    sitters,
    split,
    substitute,
)


def _club() -> tuple[Player, ...]:
    club = add((), Player("pl_a", " Ann ", "7"))
    club = add(club, Player("pl_b", "Ann", None))
    return add(club, Player("pl_c", "Anne", ""))


def test_two_anns_stay_two_players_and_members_have_their_own_numbers() -> None:
    club = _club()
    assert [(p.id, p.name, p.member, p.guest) for p in club] == [
        ("pl_a", "Ann", "7", False), ("pl_b", "Ann", None, True), ("pl_c", "Anne", None, True)]
    for bad, code in [(Player("pl_d", "Bill", "7"), "member_taken"),
                      (Player("pl_d", "  ", None), "no_name"),
                      (Player("pl_a", "Bill", None), "player_exists")]:
        with pytest.raises(ClubError) as refused:
            add(club, bad)
        assert (refused.value.code, refused.value.section) == (code, "E13")
    renamed = rename(club, "pl_b", "Ann B.", "8")
    assert find(renamed, "pl_b") == Player("pl_b", "Ann B.", "8")
    with pytest.raises(ClubError, match="someone else"):
        rename(club, "pl_b", "Ann", "7")
    assert find(rename(club, "pl_a", "Ann", "7"), "pl_a").member == "7", "keeps its own number"


def test_a_merged_away_player_answers_where_it_went() -> None:
    club = merge(_club(), "pl_c", "pl_a", [frozenset({"pl_b", "pl_c"})])
    gone = find(club, "pl_c")
    assert (gone.name, gone.member, gone.merged_into, gone.live) == (None, None, "pl_a", False)
    assert resolve(club, "pl_c") == "pl_a" and resolve(club, "pl_b") == "pl_b"
    club = merge(club, "pl_a", "pl_b", [])
    assert resolve(club, "pl_c") == "pl_b", "followed to the end"
    assert aliases(club) == {"pl_a": "pl_b", "pl_c": "pl_b"}
    codes = {}
    for away, into, rosters in [("pl_b", "pl_b", []), ("pl_c", "pl_b", []),
                                ("pl_b", "pl_x", [])]:
        with pytest.raises(ClubError) as refused:
            merge(club, away, into, rosters)
        codes[(away, into)] = refused.value.code
    assert codes == {("pl_b", "pl_b"): "same_player", ("pl_c", "pl_b"): "player_merged",
                     ("pl_b", "pl_x"): "not_in_club"}


def test_two_players_on_one_roster_are_never_merged() -> None:
    with pytest.raises(ClubError) as refused:
        merge(_club(), "pl_b", "pl_a", [frozenset({"pl_a", "pl_b"})])
    assert refused.value.code == "known_apart"


def test_removing_a_player_erases_the_name_and_the_number_and_keeps_the_id() -> None:
    club = remove(_club(), "pl_a")
    gone = find(club, "pl_a")
    assert (gone.name, gone.member, gone.removed, gone.label) == (None, None, True, None)
    assert resolve(club, "pl_a") == "pl_a"
    for change in (lambda: remove(club, "pl_a"), lambda: rename(club, "pl_a", "Ann", None),
                   lambda: merge(club, "pl_b", "pl_a", [])):
        with pytest.raises(ClubError) as refused:
            change()
        assert refused.value.code == "player_removed"
    assert find(add(club, Player("pl_d", "Di", "7")), "pl_d").member == "7", "number freed"


def test_a_log_read_after_a_merge_knows_the_person_by_the_surviving_id() -> None:
    """E13: the stored log is read with the merged-away id renamed, in every kind of entry."""
    first = Round(1, (solo(1, ("pl_c", "pl_d")),), ("pl_e",))
    entries = [
        ("event_created", {"name": "Friday", "game": "piquet", "movement": "manual",
                           "rule": "money", "kind": "night", "club": "cl_1"}),
        *[("checked_in", {"player": p}) for p in ("pl_c", "pl_d", "pl_e")],
        ("round_started", round_payload(first, {1: "m1"})),
        ("substituted", {"table": 1, "seat": 0, "player": "pl_e", "after": 1}),
        ("round_ended", {"number": 1, "by": "organiser", "tables": [
            {"number": 1, "points": {"pl_e": 3, "pl_d": 5}, "winners": ["pl_d"]}]}),
        ("left", {"player": "pl_c"}),
    ]
    folded = fold(rekeyed(entries, {"pl_c": "pl_a", "pl_e": "pl_b"}))
    event = folded.event
    assert [e.player for e in event.roster] == ["pl_a", "pl_d", "pl_b"]
    assert event.roster[0].left == 1 and event.club == "cl_1"
    assert event.rounds[0].tables[0].seats == ("pl_b", "pl_d")
    assert event.rounds[0].byes == ("pl_a",)
    assert (event.substitutions[0].out, event.substitutions[0].into) == ("pl_a", "pl_b")
    assert dict(folded.ended[(1, 1)].points) == {"pl_b": 3, "pl_d": 5}
    assert rekeyed(entries, {}) == entries


def _seated() -> Event:
    event = new_event("Friday", "pitch", "manual")
    for player in ("A", "B", "C", "D", "E"):
        event = check_in(event, player)
    return add_round(event, Round(1, (partnership(1, ("A", "C"), ("B", "D")),), ("E",)))


def test_a_substitute_takes_the_seat_and_who_left_it_has_the_bye() -> None:
    event = _seated()
    subbed = substitute(event, 1, 2, "E", after=2)
    table = subbed.rounds[-1].tables[0]
    assert table.seats == ("A", "B", "E", "D") and subbed.rounds[-1].byes == ("C",)
    assert where(subbed.rounds[-1], "E").partners == ("A",)
    assert where(subbed.rounds[-1], "C").table is None
    codes = {}
    for args in [(2, 0, "E", 2), (1, 4, "E", 2), (1, 0, "Zed", 2), (1, 0, "B", 2)]:
        with pytest.raises(EventError) as refused:
            substitute(event, *args)
        codes[args[:3]] = refused.value.code
    assert codes == {(2, 0, "E"): "no_table", (1, 4, "E"): "no_seat",
                     (1, 0, "Zed"): "not_checked_in", (1, 0, "B"): "seated_twice"}
    with pytest.raises(EventError) as early:
        substitute(subbed, 1, 2, "C", after=1)
    assert (early.value.code, early.value.section) == ("substitute_order", "E14")


def test_each_person_keeps_their_own_part_of_the_seats_game() -> None:
    """E14: C sat for the first 2 deals (their side made 3), E for the rest (the side ended
    on 11 and won): C carries 3 and no win, E 8 and the win; both played a game."""
    event = _seated()
    subbed = substitute(event, 1, 2, "E", after=2)
    final = GameResult(1, 1, {"A": 11, "E": 11, "B": 5, "D": 5}, frozenset({"A", "E"}))
    running = {(0, 2): 3, (2, 2): 3}
    result = split(final, subbed.substitutions, lambda seat, n: running[(seat, n)])
    assert result.points == {"A": 11, "B": 5, "D": 5, "C": 3, "E": 8}
    assert result.winners == frozenset({"A", "E"})
    lines = {s.player: (s.points, s.games, s.won) for s in standings([result], "points")}
    assert lines["C"] == (3, 1, 0) and lines["E"] == (8, 1, 1)
    back = substitute(subbed, 1, 2, "C", after=4)
    running[(2, 4)] = 7
    again = split(GameResult(1, 1, {"A": 11, "C": 11, "B": 5, "D": 5}, frozenset({"A", "C"})),
                  back.substitutions, lambda seat, n: running[(seat, n)])
    assert again.points == {"A": 11, "B": 5, "D": 5, "C": 3 + 4, "E": 4}
    other = GameResult(1, 2, {"X": 1}, frozenset())
    assert split(other, subbed.substitutions, lambda seat, n: 0) is other


def test_a_logged_substitution_and_club_fold_as_made() -> None:
    first = Round(1, (solo(1, ("pl_a", "pl_b")),))
    entries = [
        ("event_created", {"name": "Friday", "game": "piquet", "movement": "manual",
                           "rule": "money", "kind": "night", "club": "cl_1"}),
        *[("checked_in", {"player": p}) for p in ("pl_a", "pl_b", "pl_c")],
        ("round_started", round_payload(first, {1: "m1"})),
        ("substituted", {"table": 1, "seat": 1, "player": "pl_c", "after": 3}),
    ]
    event = fold(entries).event
    assert event.club == "cl_1" and event.rounds[0].tables[0].seats == ("pl_a", "pl_c")
    assert [s.out for s in event.substitutions] == ["pl_b"]
    old = fold([("event_created", {k: v for k, v in entries[0][1].items() if k != "club"})]).event
    assert old.club is None and old.substitutions == ()


def test_shared_places_are_listed_by_the_players_names_not_their_ids() -> None:
    """E8, E13: a tie between pl_z (Ann) and pl_a (Zoe) lists Ann first."""
    result = GameResult(1, 1, {"pl_a": 4, "pl_z": 4}, frozenset())
    lines = standings([result], "points", names={"pl_a": "Zoe", "pl_z": "Ann"})
    assert [line.player for line in lines] == ["pl_z", "pl_a"]
    assert [line.player for line in standings([result], "points")] == ["pl_a", "pl_z"]


def test_who_sat_at_each_seat_for_which_deals() -> None:
    """E14: the seats' sitters, each with the deals they sat for (what per-deal figures of a
    person are read from)."""
    event = substitute(substitute(_seated(), 1, 2, "E", after=2), 1, 2, "C", after=5)
    assert sitters(event, 1, 1) == (
        Sitter(0, "A", 0, None), Sitter(1, "B", 0, None),
        Sitter(2, "C", 0, 2), Sitter(2, "E", 2, 5), Sitter(2, "C", 5, None),
        Sitter(3, "D", 0, None))
    with pytest.raises(EventError):
        sitters(event, 1, 2)

    assert seat_changes(event, 1, 1) == (
        (0, ("A", "B", "C", "D")), (2, ("A", "B", "E", "D")), (5, ("A", "B", "C", "D")))
    assert seat_changes(_seated(), 1, 1) == ()


def test_a_team_keeps_its_game_when_a_substitute_finished_it_for_them() -> None:
    """E5, E14: at a fixed partnership's table C leaves after 2 deals and E finishes the game
    for the team A & C; the side ends on 11 and wins. Each person's own line is split (C 3,
    E 8), but the team's line counts the game as the team's: the side's 11 and the win."""
    event = _seated()
    subbed = substitute(event, 1, 2, "E", after=2)
    final = GameResult(1, 1, {"A": 11, "E": 11, "B": 5, "D": 5}, frozenset({"A", "E"}))
    running = {(0, 2): 3, (2, 2): 3}
    result = split(final, subbed.substitutions, lambda seat, n: running[(seat, n)])
    teams = [("A", "C"), ("B", "D")]
    lines = {s.player: (s.points, s.games, s.won)
             for s in team_standings([for_teams(final, subbed.substitutions)], teams,
                                     "points")}
    assert lines == {"A & C": (11, 1, 1), "B & D": (5, 1, 0)}
    assert for_teams(result, ()) == result
    twice = substitute(subbed, 1, 2, "C", after=4)
    back = GameResult(1, 1, {"A": 11, "C": 11, "B": 5, "D": 5}, frozenset({"A", "C"}))
    assert for_teams(back, twice.substitutions).points == back.points
