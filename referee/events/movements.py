"""How players move between rounds (docs/events.md E4–E7).

Each movement is a plain function from who is present (and the last round's winners, for the
progressive movement) to the next :class:`~referee.events.model.Round`; :func:`next_round`
picks the event's own. Who won a game is not decided here: it is the match's fact (P7), handed
in by the caller.

>>> [len(t) for t in table_sizes(11)]
[4, 4, 3]
>>> [len(t) for t in table_sizes(9)]
[4, 5]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from referee.events.model import (
    Event,
    Round,
    Table,
    check_round,
    partnership,
    present,
    refusal,
    solo,
)

__all__ = [
    "fixed_round",
    "manual_round",
    "next_round",
    "progressive_first",
    "progressive_next",
    "round_robin_round",
    "round_robin_rounds",
    "table_sizes",
]


def table_sizes(players: int) -> tuple[range, ...]:
    """E4: the tables of a progressive Pitch round for ``players`` present, as ranges of
    places on the ladder: tables of four, and for the rest one table of five (one over), two
    of three (two over) or one of three (three over), at the bottom; nobody sits out. Two or
    three players make one table.

    :raises EventError: ``too_few_players`` under two.
    """
    if players < 2:
        raise refusal("too_few_players")
    fours, over = divmod(players, 4)
    if players < 4:
        sizes = [players]
    elif over == 0:
        sizes = [4] * fours
    elif over == 1:
        sizes = [4] * (fours - 1) + [5]
    elif over == 2:
        sizes = [4] * (fours - 1) + [3, 3]
    else:
        sizes = [4] * fours + [3]
    places, start = [], 0
    for size in sizes:
        places.append(range(start, start + size))
        start += size
    return tuple(places)


def _seat(number: int, ladder: Sequence[str], keep: bool) -> Table:
    """E4: a table from its players in ladder order. Four play in partnership: the first two
    together when ``keep`` (the head table's winners stay partners), else each of the first
    two with one of the last two (partners switch); any other number plays each for himself."""
    if len(ladder) != 4:
        return solo(number, tuple(ladder))
    a, b, c, d = ladder
    return partnership(number, (a, b), (c, d)) if keep else partnership(number, (a, c), (b, d))


def progressive_first(players: Sequence[str], number: int = 1) -> Round:
    """E4: a progressive round seated in ``players``' order (the first four at the head table,
    and so on down; partners sit opposite), as :func:`table_sizes` cuts it.

    :raises EventError: ``too_few_players``.
    """
    return Round(number, tuple(_seat(i + 1, [players[p] for p in places], False)
                               for i, places in enumerate(table_sizes(len(players)))))


def _split(table: Table, winners: Mapping[int, Collection[str]]) -> tuple[tuple[str, ...],
                                                                           tuple[str, ...]]:
    """E4: a table's winners and losers in seat order, checked against the table.

    :raises EventError: ``no_result`` (no winners for the table), ``not_a_side`` (winners that
    are not one whole side of a partnership table, or no one or everyone at another table).
    """
    if table.number not in winners:
        raise refusal("no_result", table=table.number)
    won = set(winners[table.number])
    sides = [set(table.team_of(table.seats[team[0]])) for team in table.teams]
    good = won in sides if table.partnership else bool(won) and won < set(table.seats)
    if not good:
        raise refusal("not_a_side", table=table.number)
    return (tuple(p for p in table.seats if p in won),
            tuple(p for p in table.seats if p not in won))


def progressive_next(last: Round, winners: Mapping[int, Collection[str]],
                     players: Sequence[str]) -> Round:
    """E4: the progressive round after ``last``.

    ``winners``: table number → the players who won its game (the winning side at a table of
    four; the winner, or the players ahead, at another); ``players``: those present now, in
    check-in order. The winners move up a table and the losers stay; the head table's winners
    stay and its losers go to the lowest table. Each table's stayers come first on the ladder,
    then its arrivals; players who left are taken off it and newcomers (late joiners, players
    back from a bye) join it at the bottom; the ladder is then cut into :func:`table_sizes`.
    At the head table the two who stayed keep their partnership and so do the two who came up;
    at every other table of four each stayer partners an arrival.

    :raises EventError: ``no_result``, ``not_a_side``, ``too_few_players``.
    """
    split = [_split(table, winners) for table in last.tables]
    won, lost = [w for w, _ in split], [lo for _, lo in split]
    count = len(split)
    groups = [won[0] + (won[1] if count > 1 else lost[0])]
    groups += [lost[t] + won[t + 1] for t in range(1, count - 1)]
    if count > 1:
        groups.append(lost[-1] + lost[0])
    here = set(players)
    ladder = [p for group in groups for p in group if p in here]
    placed = set(ladder)
    ladder += [p for p in players if p not in placed]
    head_kept = len(won[0]) == 2 and ladder[:2] == list(won[0])
    return Round(last.number + 1, tuple(
        _seat(i + 1, [ladder[p] for p in places], keep=(i == 0 and head_kept))
        for i, places in enumerate(table_sizes(len(ladder)))))


def fixed_round(teams: Sequence[tuple[str, str]], number: int) -> Round:
    """E5: round ``number`` of fixed partnerships, moving and stationary.

    The first half of ``teams`` (rounded up) stay at tables 1, 2, …; the others move, each up a
    table a round, table 1 wrapping to the last: moving team ``j`` sits at table
    ``(j - (number - 1)) mod tables + 1``. Over as many rounds as tables every stationary team
    meets every moving team once. With an odd number of teams the stationary team that meets
    no moving team has the round's bye (a partnership needs four at a table, P1).

    :raises EventError: ``too_few_teams`` under two, ``round_number`` under 1.
    """
    if len(teams) < 2:
        raise refusal("too_few_teams")
    if number < 1:
        raise refusal("round_number.first")
    count = (len(teams) + 1) // 2
    stationary, moving = teams[:count], teams[count:]
    at: dict[int, tuple[str, str]] = {
        (j - (number - 1)) % count: team for j, team in enumerate(moving)}
    tables: list[tuple[tuple[str, str], tuple[str, str]]] = []
    byes: list[str] = []
    for t, home in enumerate(stationary):
        if t in at:
            tables.append((home, at[t]))
        else:
            byes.extend(home)
    return Round(number, tuple(partnership(i + 1, home, away)
                               for i, (home, away) in enumerate(tables)), tuple(byes))


def round_robin_rounds(players: Sequence[str]) -> int:
    """E6: how many rounds a round robin of ``players`` takes (each meets each once)."""
    return len(players) - 1 if len(players) % 2 == 0 else len(players)


def round_robin_round(players: Sequence[str], number: int,
                      here: Collection[str] | None = None) -> Round:
    """E6: round ``number`` of a Piquet round robin of ``players`` (the circle method).

    The first player stays put and the others turn round the circle one place a round; when
    the number is odd a bye joins the circle, and whoever meets it has the round's bye. In
    :func:`round_robin_rounds` rounds everyone meets everyone once. The first player's table
    alternates who is named first. ``here``: the players still present (all when None); one
    whose opponent has left has a bye instead. :func:`next_round` draws the circle over the
    players checked in before round 1; a player who joins late has a bye in each round.

    :raises EventError: ``too_few_players`` under two, ``round_robin_over`` past the last
        round, ``round_number`` under 1.
    """
    if len(players) < 2:
        raise refusal("too_few_players.round_robin")
    if number < 1:
        raise refusal("round_number.first")
    if number > round_robin_rounds(players):
        raise refusal("round_robin_over", rounds=round_robin_rounds(players))
    circle: list[str | None] = list(players) + ([None] if len(players) % 2 else [])
    size, turn = len(circle), number - 1
    rest = circle[1:]
    turned = [circle[0], *rest[-turn:], *rest[:-turn]] if turn else circle
    pairs = [(turned[i], turned[size - 1 - i]) for i in range(size // 2)]
    if turn % 2:
        pairs[0] = (pairs[0][1], pairs[0][0])
    present_now = set(players if here is None else here)
    tables: list[tuple[str, ...]] = []
    byes: list[str] = []
    for pair in pairs:
        sitting = tuple(p for p in pair if p is not None and p in present_now)
        if len(sitting) == 2:
            tables.append(sitting)
        else:
            byes.extend(sitting)
    return Round(number, tuple(solo(i + 1, t) for i, t in enumerate(tables)), tuple(byes))


def manual_round(event: Event, tables: Sequence[Table]) -> Round:
    """E7: the organiser's own seating for the event's next round; every present player not
    seated has a bye.

    :raises EventError: as :func:`~referee.events.model.check_round` (a player not present or
        seated twice, a table of a size the game does not play).
    """
    seated = {p for table in tables for p in table.seats}
    byes = tuple(e.player for e in present(event) if e.player not in seated)
    made = Round(event.next_round, tuple(tables), byes)
    check_round(event, made)
    return made


def next_round(event: Event, winners: Mapping[int, Collection[str]] | None = None) -> Round:
    """E4–E6: the event's next round by its movement, from who is present now (and, for the
    progressive movement after round 1, ``winners``: the last round's winners by table).

    :raises EventError: ``manual_movement`` (the organiser seats every round, E7),
        ``no_team`` (a present player without a partner in fixed partnerships, E5), and the
        movement's own errors.
    """
    players = [entry.player for entry in present(event)]
    number = event.next_round
    if event.movement == "manual":
        raise refusal("manual_movement")
    if event.movement == "progressive":
        if not event.rounds:
            return progressive_first(players)
        return progressive_next(event.rounds[-1], winners or {}, players)
    if event.movement == "fixed":
        teamed = [team for team in event.teams if set(team) <= set(players)]
        alone = set(players) - {p for team in teamed for p in team}
        if alone:
            raise refusal("no_team", players=", ".join(sorted(alone)))
        return fixed_round(teamed, number)
    drawn = [entry.player for entry in event.roster if entry.joined == 1]
    made = round_robin_round(drawn, number, players)
    circle = set(drawn)
    late = tuple(p for p in players if p not in circle)
    return Round(made.number, made.tables, made.byes + late)
