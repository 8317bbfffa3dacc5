"""Clubs as stored (docs/events.md E13): a club's player list, changed by the rules of
:mod:`referee.events.players` and stored by :mod:`referee.store.clubs`; what a club's events
need of it (who an id stands for now, the names to show).

Writes run inside the caller's write transaction (:func:`referee.folds.transact`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.events import players as rules
from referee.events.players import Player
from referee.store import club_events, clubs

__all__ = ["Club", "add_player", "create", "load", "merge", "names", "remove", "rename"]


@dataclass(frozen=True, slots=True)
class Club:
    """A club as stored: its ``id``, ``name``, ``version`` (its ETag) and ``players``."""

    id: str
    name: str
    version: int
    players: tuple[Player, ...]


def load(club_id: str) -> Club:
    """The club and its players.

    :raises referee.store.clubs.ClubNotFound:
    """
    name = clubs.name(club_id)
    return Club(club_id, name, clubs.version(club_id), clubs.players(club_id))


def create(name: str, members: Sequence[tuple[str, str | None]]) -> Club:
    """E13: a new club with its first players, each ``(name, member number or None)``.

    :raises referee.events.players.ClubError: ``no_name`` (the club's or a player's),
        ``member_taken``.
    """
    if not name.strip():
        raise rules.club_refused("no_name.club")
    club_id = clubs.create(name.strip())
    listed: tuple[Player, ...] = ()
    for player, member in members:
        listed = rules.add(listed, Player(clubs.new_player_id(), player, member))
    clubs.save(club_id, 0, (), listed)
    return load(club_id)


def add_player(club_id: str, name: str, member: str | None) -> tuple[Club, Player]:
    """E13: a member (with a member number) or a guest added to the club (in a write
    transaction); the club and the new player.

    :raises referee.events.players.ClubError: ``no_name``, ``member_taken``.
    """
    club = load(club_id)
    player = Player(clubs.new_player_id(), name, member)
    after = rules.add(club.players, player)
    clubs.save(club_id, club.version, club.players, after)
    return load(club_id), rules.find(after, player.id)


def rename(club_id: str, player_id: str, name: str, member: str | None) -> Club:
    """E13: a player's name and member number changed (in a write transaction).

    :raises referee.events.players.ClubError: as :func:`referee.events.players.rename`.
    """
    club = load(club_id)
    clubs.save(club_id, club.version, club.players,
               rules.rename(club.players, player_id, name, member))
    return load(club_id)


def merge(club_id: str, away: str, into: str) -> Club:
    """E13: ``away`` merged into ``into`` (in a write transaction), unless both were on one
    of the club's events' rosters.

    :raises referee.events.players.ClubError: as :func:`referee.events.players.merge`.
    """
    club = load(club_id)
    now = rules.aliases(club.players)
    rosters = [frozenset(now.get(str(payload["player"]), str(payload["player"]))
                         for kind, payload in club_events.entries(event_id)
                         if kind == "checked_in")
               for event_id in clubs.events(club_id)]
    clubs.save(club_id, club.version, club.players,
               rules.merge(club.players, away, into, rosters))
    return load(club_id)


def remove(club_id: str, player_id: str) -> Club:
    """E13: the player's name and member number erased (in a write transaction); the id and
    its results stay.

    :raises referee.events.players.ClubError: as :func:`referee.events.players.remove`.
    """
    club = load(club_id)
    clubs.save(club_id, club.version, club.players, rules.remove(club.players, player_id))
    return load(club_id)


def names(players: Sequence[Player]) -> Mapping[str, str | None]:
    """E13: each player's id and the name shown for it (a merged-away id: its survivor's;
    a removed player: None)."""
    shown = {p.id: p.label for p in players}
    for away, into in rules.aliases(players).items():
        shown[away] = shown.get(into)
    return shown
