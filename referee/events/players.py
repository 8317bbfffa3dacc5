"""A club's players, who persist across its events (docs/events.md E13), pure.

A club keeps a list of :class:`Player`, each known by an **id** the referee gives (``pl_…``),
never by a name: two players may share a name and stay two. The organiser adds members (with a
member number) and guests, renames them, merges one player entered under two spellings into
one (the merged-away id then points where it went) and removes a player, which erases the
name and member number and keeps the results under the bare id.

Every function takes the club's list (a tuple, in the order the players were added) and
returns the new one; a change the club refuses raises :class:`ClubError`.

>>> club = add((), Player("pl_1", "Ann", "7"))
>>> club = add(club, Player("pl_2", "Ann", None))
>>> [p.label for p in club]
['Ann', 'Ann']
>>> club = merge(club, "pl_2", "pl_1", ())
>>> resolve(club, "pl_2")
'pl_1'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

__all__ = [
    "CLUB_WORDS",
    "ClubError",
    "Player",
    "add",
    "aliases",
    "club_refused",
    "find",
    "merge",
    "remove",
    "rename",
    "resolve",
]


class ClubError(ValueError):
    """A change the club's player list refuses (E13): ``code`` (snake_case, stable),
    ``section`` ("E13") and one sentence for the organiser, in English; ``words`` the key
    of its template (``"club.<code>"``: :data:`CLUB_WORDS`) and ``params`` its values, from
    which the API words it in the organiser's language (docs/translating.md)."""

    def __init__(self, code: str, message: str, section: str = "E13", *,
                 words: str | None = None, params: Mapping[str, Any] | None = None) -> None:
        self.code, self.section = code, section
        self.words, self.params = words, dict(params or {})
        super().__init__(message)


#: Each sentence the club's player list refuses a change with (E13), by its code: the
#: English template (``str.format`` placeholders: ids, names and numbers).
CLUB_WORDS: dict[str, str] = {
    "not_in_club": "The club has no player {player_id!r}.",
    "player_removed": "Player {player_id} was removed from the club.",
    "player_merged": "Player {player_id} was merged into {into}: change that one.",
    "no_name": "A player needs a name.",
    "no_name.club": "A club needs a name.",
    "member_taken": "Member number {member} is someone else's.",
    "player_exists": "The club has a player {player_id} already.",
    "same_player": "A player cannot be merged into themselves.",
    "known_apart": "{away} and {into} were both on one event's roster: they are two people.",
}


def club_refused(key: str, **params: Any) -> ClubError:
    """The :class:`ClubError` of :data:`CLUB_WORDS`' ``key`` (its code the key's first part)
    with ``params`` filled in.

    :raises KeyError: an unknown key or a placeholder without its value."""
    return ClubError(key.split(".", 1)[0], CLUB_WORDS[key].format(**params),
                     words="club." + key, params=params)


@dataclass(frozen=True, slots=True)
class Player:
    """One player of a club (E13).

    ``id``: the referee's id (``pl_…``), for good; ``name``: the display name as the organiser
    writes it (None once removed); ``member``: the member number, None for a guest (and once
    removed); ``merged_into``: the id this player was merged into (E13), None otherwise;
    ``removed``: the personal data is erased, the id and its results stay.
    """

    id: str
    name: str | None
    member: str | None
    merged_into: str | None = None
    removed: bool = False

    @property
    def guest(self) -> bool:
        """A guest: no member number (and neither merged away nor removed)."""
        return self.member is None and self.merged_into is None and not self.removed

    @property
    def live(self) -> bool:
        """Can play: neither merged away nor removed."""
        return self.merged_into is None and not self.removed

    @property
    def label(self) -> str | None:
        """The name shown for this player (None once removed or merged away)."""
        return self.name if self.live else None


def find(players: Iterable[Player], player_id: str) -> Player:
    """The player of ``player_id``.

    :raises ClubError: ``not_in_club``.
    """
    for player in players:
        if player.id == player_id:
            return player
    raise club_refused("not_in_club", player_id=player_id)


def _live(players: Iterable[Player], player_id: str) -> Player:
    """The player of ``player_id`` who can still be changed.

    :raises ClubError: ``not_in_club``, ``player_removed``, ``player_merged``.
    """
    player = find(players, player_id)
    if player.removed:
        raise club_refused("player_removed", player_id=player_id)
    if player.merged_into is not None:
        raise club_refused("player_merged", player_id=player_id, into=player.merged_into)
    return player


def _checked(players: tuple[Player, ...], player: Player) -> Player:
    """``player`` with its name stripped, once its name and member number are acceptable.

    :raises ClubError: ``no_name``, ``member_taken``.
    """
    name = (player.name or "").strip()
    if not name:
        raise club_refused("no_name")
    member = player.member.strip() if player.member is not None else None
    if member == "":
        member = None
    if member is not None and any(p.member == member and p.id != player.id for p in players):
        raise club_refused("member_taken", member=member)
    return replace(player, name=name, member=member)


def add(players: tuple[Player, ...], player: Player) -> tuple[Player, ...]:
    """E13: ``player`` added to the club: a member (with a member number, unique in the club)
    or a guest (none).

    :raises ClubError: ``no_name``, ``member_taken``, ``player_exists`` (the id is taken).
    """
    if any(p.id == player.id for p in players):
        raise club_refused("player_exists", player_id=player.id)
    return (*players, _checked(players, player))


def rename(players: tuple[Player, ...], player_id: str, name: str, member: str | None
           ) -> tuple[Player, ...]:
    """E13: the player's display name and member number (None: a guest) changed; the id and
    every result under it stay.

    :raises ClubError: ``not_in_club``, ``player_removed``, ``player_merged``, ``no_name``,
        ``member_taken``.
    """
    known = _live(players, player_id)
    changed = _checked(players, replace(known, name=name, member=member))
    return tuple(changed if p.id == player_id else p for p in players)


def merge(players: tuple[Player, ...], away: str, into: str,
          rosters: Iterable[frozenset[str]]) -> tuple[Player, ...]:
    """E13: one person entered twice: ``away`` becomes ``into`` everywhere (results,
    standings, check-ins), and answers where it went (``merged_into``); its own name and
    member number are erased. ``rosters``: the ids on each of the club's events' rosters;
    two players on one roster were two people there, and are not merged.

    :raises ClubError: ``not_in_club``, ``player_removed``, ``player_merged``,
        ``same_player``, ``known_apart``.
    """
    if away == into:
        raise club_refused("same_player")
    _live(players, away)
    _live(players, into)
    if any(away in roster and into in roster for roster in rosters):
        raise club_refused("known_apart", away=away, into=into)
    gone = Player(away, None, None, merged_into=into)
    return tuple(gone if p.id == away else p for p in players)


def remove(players: tuple[Player, ...], player_id: str) -> tuple[Player, ...]:
    """E13: the player's personal data erased (name, member number); the id stays, with the
    results played under it, anonymised. A removed player cannot be checked in again.

    :raises ClubError: ``not_in_club``, ``player_removed``, ``player_merged``.
    """
    _live(players, player_id)
    gone = Player(player_id, None, None, removed=True)
    return tuple(gone if p.id == player_id else p for p in players)


def resolve(players: Iterable[Player], player_id: str) -> str:
    """E13: the id ``player_id`` stands for now: itself, or the player it was merged into
    (followed to the end).

    :raises ClubError: ``not_in_club``.
    """
    known = {p.id: p for p in players}
    if player_id not in known:
        raise club_refused("not_in_club", player_id=player_id)
    seen = {player_id}
    while (into := known[player_id].merged_into) is not None and into not in seen:
        player_id = into
        seen.add(into)
    return player_id


def aliases(players: Iterable[Player]) -> Mapping[str, str]:
    """E13: every merged-away id and the id it stands for now."""
    listed = tuple(players)
    return {p.id: resolve(listed, p.id) for p in listed if p.merged_into is not None}
