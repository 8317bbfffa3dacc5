"""The event, its roster, rounds and tables (docs/events.md E1–E3).

Everything here is a frozen value; a change (a check-in, a leave, a round added) returns a new
:class:`Event`. Players are known by a key: their name as the organiser writes it (E1: two
entries with the same name are one player), or, at a club's event, their id in the club's
player list (E13: two players of one name stay two).

>>> night = check_in(check_in(new_event("Friday", "pitch", "progressive"), "Ann"), "Bill")
>>> [entry.player for entry in present(night)]
['Ann', 'Bill']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

__all__ = [
    "GAMES",
    "KINDS",
    "MOVEMENTS",
    "REFUSAL_WORDS",
    "RULES",
    "Entry",
    "Event",
    "EventError",
    "Round",
    "Seat",
    "Table",
    "add_round",
    "check_in",
    "form_team",
    "leave",
    "new_event",
    "present",
    "refusal",
    "replace_round",
    "where",
]

Game = Literal["pitch", "piquet"]
Kind = Literal["night", "tournament"]
Movement = Literal["progressive", "fixed", "round_robin", "manual"]
Rule = Literal["points", "games", "money"]
RoundEnd = Literal["every_table", "head_table"]

#: The games an event runs, its kinds, its movements and its standings' rules (E1).
GAMES: tuple[Game, ...] = ("pitch", "piquet")
KINDS: tuple[Kind, ...] = ("night", "tournament")
MOVEMENTS: tuple[Movement, ...] = ("progressive", "fixed", "round_robin", "manual")
RULES: tuple[Rule, ...] = ("points", "games", "money")
#: When a round ends (E11): once every table has finished, or once the head table has.
ROUND_ENDS: tuple[RoundEnd, ...] = ("every_table", "head_table")

#: The movements each game allows and the standings' rule it takes unless told (E1).
GAME_MOVEMENTS: dict[Game, tuple[Movement, ...]] = {
    "pitch": ("progressive", "fixed", "manual"),
    "piquet": ("round_robin", "manual"),
}
DEFAULT_RULE: dict[Game, Rule] = {"pitch": "points", "piquet": "money"}

#: Players at one table (E3): Pitch 2–7, four in partnership (P1); Piquet two (Q1).
TABLE_SIZES: dict[Game, tuple[int, ...]] = {"pitch": (2, 3, 4, 5, 6, 7), "piquet": (2,)}


class EventError(ValueError):
    """A change the event refuses (E1–E7).

    ``code``: a stable snake_case name (``"not_checked_in"``, ``"seated_twice"``…);
    ``section``: the section of docs/events.md that says why (``"E2"``); the message is one
    sentence for the organiser, in English. ``words``: the key of the sentence's template
    (``"event.not_checked_in"``: :data:`REFUSAL_WORDS`, or ``"club.…"``:
    :data:`referee.events.players.CLUB_WORDS`) and ``params`` its values, from which the
    API words it in the organiser's language (docs/translating.md); None for a sentence
    made without one.
    """

    def __init__(self, code: str, section: str, message: str, *, words: str | None = None,
                 params: Mapping[str, Any] | None = None,
                 errors: Mapping[str, Any] | None = None) -> None:
        self.code, self.section = code, section
        self.words, self.params = words, dict(params or {})
        #: What was refused where, as a schema refuses a body (``{"options.target": ["Not a
        #: valid integer."]}``, marshmallow's messages): the problem's ``errors``; None.
        self.errors = errors
        super().__init__(message)


#: Each sentence an event refuses a change with (E1–E14), by its key: the error's code, then
#: a variant when the code has several sentences; (the section, the English template).
#: ``str.format`` placeholders: names, numbers and codes, the same in every language.
REFUSAL_WORDS: dict[str, tuple[str, str]] = {
    "no_name": ("E1", "An event needs a name."),
    "no_name.player": ("E2", "A player needs a name."),
    "movement_not_for_game": ("E1", "A {game} event cannot use the {movement} movement."),
    "money_not_for_game": ("E1", "Only Piquet parties are played for money."),
    "bad_window": ("E11", "A correction window cannot be negative."),
    "bad_options.seating": ("E1", "The first dealer and the partnership are decided at each "
                                  "table (E3), not for the event."),
    "bad_options": ("E1", "The tables' options are refused: see errors."),
    "already_present": ("E2", "{player} has already checked in."),
    "not_checked_in": ("E2", "{player} is not checked in."),
    "not_checked_in.roster": ("E2", "{player} is not on the roster."),
    "round_number": ("E3", "The next round is round {next}, not {number}."),
    "round_number.first": ("E3", "Rounds are numbered from 1."),
    "table_numbers": ("E3", "Tables are numbered 1, 2, 3… from the head table."),
    "table_size.two": ("E3", "Table {table} has {n} players; {game} is played by two "
                             "players."),
    "table_size.range": ("E3", "Table {table} has {n} players; {game} is played by {least} "
                               "to {most} players."),
    "table_size.partnership": ("E3", "Table {table}: partnerships play four at a table."),
    "seated_twice": ("E3", "{player} is seated twice in one round."),
    "seated_twice.round": ("E3", "{player} is seated in round {round} already."),
    "no_round.adjust": ("E3", "There is no round to adjust yet."),
    "no_round.seat": ("E3", "There is no round to take a seat in yet."),
    "no_round.end": ("E3", "There is no round to end yet."),
    "own_partner": ("E5", "{player} cannot be their own partner."),
    "already_in_team": ("E5", "{player} already has a partner."),
    "not_in_round": ("E3", "{player} is not in round {round}."),
    "unknown_rule": ("E8", "No standings rule is called {rule!r}."),
    "balances_not_even": ("E9", "What the players receive and what they pay do not add up."),
    "no_table": ("E14", "Round {round} has no table {table}."),
    "no_seat": ("E14", "Table {table} has no seat {seat}."),
    "substitute_order": ("E14", "Seat {seat} of table {table} was taken after deal {deal}; a "
                                "later one comes after."),
    "too_few_players": ("E4", "A Pitch round needs at least two players."),
    "too_few_players.round_robin": ("E6", "A round robin needs at least two players."),
    "no_result": ("E4", "Table {table} has no result yet."),
    "not_a_side": ("E4", "The winners given for table {table} are not a side there."),
    "too_few_teams": ("E5", "Fixed partnerships need at least two teams."),
    "round_robin_over": ("E6", "Everyone has met everyone in {rounds} rounds."),
    "manual_movement": ("E7", "The organiser seats every round of this event."),
    "no_team": ("E5", "{players} has no partner yet."),
    "bad_fee": ("E10", "An entry fee cannot be negative."),
    "bad_split": ("E10", "Prize shares are fractions of the pot that add up to at most 1."),
    "disputed": ("E11", "Table {table} of round {round} has a deal disputed: rule on it "
                        "before the round ends."),
    "disputed.deals": ("E11", "Table {table} of round {round} has deal {deals} disputed: the "
                              "organiser rules on it (or its cards do)."),
    "nothing_to_end": ("E11", "Every table of the last round has finished already."),
    "no_club": ("E13", "Guests are added to a club's player list: this event belongs to no "
                       "club."),
    "not_fixed": ("E5", "Teams are formed only for fixed partnerships."),
    "round_in_progress": ("E3", "Table {table} of round {round} has not finished."),
    "not_for_money": ("E9", "Only Piquet parties are played for money."),
    "table_finished": ("E14", "Table {table} of round {round} has finished: nobody takes a "
                              "seat there any more."),
    "no_substitute": ("E14", "Name one substitute: a player or a guest."),
}


def refusal(key: str, errors: Mapping[str, Any] | None = None, **params: Any) -> EventError:
    """The :class:`EventError` of :data:`REFUSAL_WORDS`' ``key`` (its code the key's first
    part, its section the table's) with ``params`` filled in; ``errors``: what was refused
    where (:attr:`EventError.errors`).

    :raises KeyError: an unknown key or a placeholder without its value.
    """
    section, english = REFUSAL_WORDS[key]
    return EventError(key.split(".", 1)[0], section, english.format(**params),
                      words="event." + key, params=params, errors=errors)


@dataclass(frozen=True, slots=True)
class Entry:
    """One player on the roster (E2).

    ``player``: the name; ``joined``: the first round the player can be seated in (1 for a
    player checked in before the event starts; later for one who joins late); ``left``: the
    last round played before leaving, or None while present.
    """

    player: str
    joined: int = 1
    left: int | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round (E3).

    ``number``: 1 is the head table; ``seats``: the players in seat order (the order of play,
    seat 0 first); ``teams``: the partnerships as tuples of seat indexes, ``((0, 2), (1, 3))``
    at a partnership table of four (partners sit opposite, P1), one seat each otherwise.
    """

    number: int
    seats: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...]

    @property
    def partnership(self) -> bool:
        """True when partners play together at this table."""
        return any(len(team) > 1 for team in self.teams)

    def team_of(self, player: str) -> tuple[str, ...]:
        """The players of ``player``'s side, ``player`` included, in seat order.

        :raises ValueError: when ``player`` is not at this table.
        """
        seat = self.seats.index(player)
        team = next(team for team in self.teams if seat in team)
        return tuple(self.seats[i] for i in team)


def solo(number: int, seats: tuple[str, ...]) -> Table:
    """A table where each plays for himself (E3): one side per seat."""
    return Table(number, seats, tuple((i,) for i in range(len(seats))))


def partnership(number: int, first: tuple[str, str], second: tuple[str, str]) -> Table:
    """A partnership table of four (E3, P1): ``first`` and ``second`` are the two sides; the
    seats alternate between them, so partners sit opposite."""
    return Table(number, (first[0], second[0], first[1], second[1]), ((0, 2), (1, 3)))


@dataclass(frozen=True, slots=True)
class Round:
    """One round (E3): its ``number`` (1 first), its ``tables`` by number, and ``byes``, the
    players present but not seated (a Piquet round robin's odd player, E6; a fixed
    partnership's odd team, E5; whoever the organiser leaves out, E7)."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[str, ...] = ()

    def seated(self) -> tuple[str, ...]:
        """Every player seated in this round, table by table, seat by seat."""
        return tuple(player for table in self.tables for player in table.seats)


@dataclass(frozen=True, slots=True)
class Seat:
    """Where one player sits in a round (E3): "your table, your seat, your partner".

    ``table``: its number, or None on a bye; ``seat``: the seat index (0 first to play in the
    first deal's order); ``partners``: the other players of the side; ``opponents``: everyone
    else at the table.
    """

    player: str
    table: int | None
    seat: int | None
    partners: tuple[str, ...]
    opponents: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Substitution:
    """A substitute takes a seat while its round is played (E14).

    ``round``, ``table`` and ``seat`` (the seat index): where; ``out``: who sat there;
    ``into``: who sits there from now on; ``after``: how many deals the table's match had
    recorded then (the deals up to it are ``out``'s, the later ones ``into``'s).
    """

    round: int
    table: int
    seat: int
    out: str
    into: str
    after: int


@dataclass(frozen=True, slots=True)
class Event:
    """A club night or a tournament (E1).

    ``name``: as the organiser writes it; ``game``: ``"pitch"`` or ``"piquet"``; ``movement``:
    how players move between rounds (E4–E7); ``rule``: how standings are ranked (E8);
    ``kind``: ``"night"`` or ``"tournament"`` (a word for people; the rules are the same);
    ``roster``: every player who checked in, in check-in order; ``rounds``: the rounds made so
    far; ``teams``: the fixed partnerships (E5), in the order they were formed;
    ``correction_minutes``: how long a game's result stays open to the organiser's correction
    after its last entry before it is final (E11; 0: final once finished); ``round_ends``:
    ``"every_table"`` (a round ends once every table has finished) or ``"head_table"``
    (once the head table has; the others' games are scored as they stand, E11);
    ``substitutions``: every seat a substitute took, in order (E14); ``club``: the id of the
    club whose players the roster's entries are (E13), None for an event whose players are
    known by their names.
    """

    name: str
    game: Game
    movement: Movement
    rule: Rule
    kind: Kind = "night"
    roster: tuple[Entry, ...] = ()
    rounds: tuple[Round, ...] = ()
    teams: tuple[tuple[str, str], ...] = ()
    correction_minutes: int = 0
    round_ends: RoundEnd = "every_table"
    substitutions: tuple[Substitution, ...] = ()
    club: str | None = None

    @property
    def next_round(self) -> int:
        """The number the next round will have (1 before the event starts)."""
        return len(self.rounds) + 1


def new_event(name: str, game: Game, movement: Movement, rule: Rule | None = None,
              kind: Kind = "night", correction_minutes: int = 0,
              round_ends: RoundEnd = "every_table", club: str | None = None) -> Event:
    """E1: an event with no players yet; ``rule`` defaults to the game's usual one (Pitch
    total points, Piquet money); ``correction_minutes``: the correction window, and
    ``round_ends``: when a round ends (E11); ``club``: the club whose players' ids the roster
    holds (E13).

    :raises EventError: ``movement_not_for_game`` (a round robin for Pitch, a progressive
        movement for Piquet), ``money_not_for_game`` (money standings for Pitch),
        ``no_name``.
    """
    if not name.strip():
        raise refusal("no_name")
    if movement not in GAME_MOVEMENTS[game]:
        raise refusal("movement_not_for_game", game=game, movement=movement)
    chosen: Rule = DEFAULT_RULE[game] if rule is None else rule
    if chosen == "money" and game != "piquet":
        raise refusal("money_not_for_game")
    if correction_minutes < 0:
        raise refusal("bad_window")
    return Event(name.strip(), game, movement, chosen, kind,
                 correction_minutes=correction_minutes, round_ends=round_ends, club=club)


def present(event: Event) -> tuple[Entry, ...]:
    """E2: the players who can be seated in the next round, in check-in order."""
    return tuple(entry for entry in event.roster if entry.left is None)


def _entry(event: Event, player: str) -> Entry | None:
    return next((entry for entry in event.roster if entry.player == player), None)


def check_in(event: Event, player: str) -> Event:
    """E2: ``player`` checks in, or joins late once rounds have been made (seated from the next
    round), or comes back after leaving (seated again from the next round).

    :raises EventError: ``no_name`` for a blank name, ``already_present`` when the player is
        on the roster and has not left.
    """
    name = player.strip()
    if not name:
        raise refusal("no_name.player")
    known = _entry(event, name)
    if known is not None and known.left is None:
        raise refusal("already_present", player=name)
    entry = Entry(name, event.next_round)
    roster = (*tuple(e for e in event.roster if e.player != name), entry)
    return replace(event, roster=roster)


def leave(event: Event, player: str) -> Event:
    """E2: ``player`` leaves after the rounds made so far; the results already played stay in
    the standings (E8), and the player is seated in no later round.

    :raises EventError: ``not_checked_in`` when the player is not present.
    """
    known = _entry(event, player)
    if known is None or known.left is not None:
        raise refusal("not_checked_in", player=player)
    gone = replace(known, left=len(event.rounds))
    return replace(event, roster=tuple(gone if e is known else e for e in event.roster))


def check_round(event: Event, round_: Round) -> None:
    """E3: a round the event can take: numbered next, tables numbered 1, 2, … of sizes the
    game plays, every seated player present and seated once, byes present and unseated.

    :raises EventError: ``round_number``, ``table_numbers``, ``table_size``,
        ``not_checked_in``, ``seated_twice``.
    """
    if round_.number != event.next_round:
        raise refusal("round_number", next=event.next_round, number=round_.number)
    if [t.number for t in round_.tables] != list(range(1, len(round_.tables) + 1)):
        raise refusal("table_numbers")
    for table in round_.tables:
        if len(table.seats) not in TABLE_SIZES[event.game]:
            sizes = TABLE_SIZES[event.game]
            raise refusal("table_size.two" if sizes == (2,) else "table_size.range",
                          table=table.number, n=len(table.seats), game=event.game,
                          least=sizes[0], most=sizes[-1])
        if table.partnership and len(table.seats) != 4:
            raise refusal("table_size.partnership", table=table.number)
    here = {entry.player for entry in present(event)}
    seen: set[str] = set()
    for player in (*round_.seated(), *round_.byes):
        if player not in here:
            raise refusal("not_checked_in", player=player)
        if player in seen:
            raise refusal("seated_twice", player=player)
        seen.add(player)


def add_round(event: Event, round_: Round) -> Event:
    """E3: the event with ``round_`` made next, once :func:`check_round` accepts it."""
    check_round(event, round_)
    return replace(event, rounds=(*event.rounds, round_))


def replace_round(event: Event, round_: Round) -> Event:
    """E3: the organiser's adjustment of the last round made, before it starts (whether its
    games have started is the caller's to know): ``round_`` replaces it once checked.

    :raises EventError: ``no_round`` before any round, or as :func:`check_round`.
    """
    if not event.rounds:
        raise refusal("no_round.adjust")
    before = replace(event, rounds=event.rounds[:-1])
    check_round(before, round_)
    return replace(event, rounds=(*before.rounds, round_))


def form_team(event: Event, first: str, second: str) -> Event:
    """E5: ``first`` and ``second`` play together for the whole event (fixed partnerships).

    :raises EventError: ``not_checked_in`` unless both are present, ``already_in_team`` when
        either has a partner already, ``own_partner`` when they are the same player.
    """
    if first == second:
        raise refusal("own_partner", player=first)
    here = {entry.player for entry in present(event)}
    teamed = {player for team in event.teams for player in team}
    for player in (first, second):
        if player not in here:
            raise refusal("not_checked_in", player=player)
        if player in teamed:
            raise refusal("already_in_team", player=player)
    return replace(event, teams=(*event.teams, (first, second)))


def where(round_: Round, player: str) -> Seat:
    """E3: ``player``'s table, seat, partners and opponents in ``round_``; table and seat None
    on a bye.

    :raises EventError: ``not_in_round`` when the player is neither seated nor on a bye.
    """
    for table in round_.tables:
        if player in table.seats:
            side = table.team_of(player)
            return Seat(player, table.number, table.seats.index(player),
                        tuple(p for p in side if p != player),
                        tuple(p for p in table.seats if p not in side))
    if player in round_.byes:
        return Seat(player, None, None, (), ())
    raise refusal("not_in_round", player=player, round=round_.number)

