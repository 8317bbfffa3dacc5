"""The input values of the Piquet engine: roles, options, announcements and the deal record.

A :class:`PiquetDeal` is the Piquet deal record of design.md with its cards already parsed
(see :func:`deal_from_record` for the JSON form).  Rules sections are those of
shared/rules/piquet.md (Q1…Q11).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from referee.cards import PIQUET_PACK, Card, CardError, card_name, parse_card
from referee.frozen import quick_init
from referee.penalties import CHOICES
from referee.piquet.words import (
    read_point,
    read_sequences,
    read_sets,
    says_nothing,
    sequence_text,
    set_text,
)
from referee.violations import InputError, RecordError, Violation, said

#: Elder hand (the non-dealer, who leads first) or younger hand (the dealer), Q1.
Role = Literal["elder", "younger"]

#: Both roles in the order they count (elder first).
ROLES: tuple[Role, Role] = ("elder", "younger")

#: The 32-card pack as a set, for membership tests (Q1).
PACK_SET: frozenset[Card] = frozenset(PIQUET_PACK)


def counted(n: int, noun: str) -> str:
    """``n`` and the noun, singular for one: ``counted(1, "card")`` → ``"1 card"``,
    ``counted(3, "card")`` → ``"3 cards"``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def other(role: Role) -> Role:
    """The opponent's role: ``"elder"`` ↔ ``"younger"``."""
    return "younger" if role == "elder" else "elder"


@dataclass(frozen=True, slots=True)
class PiquetOptions:
    """Table options for a Piquet deal (defaults are the referee's, shared/rules/piquet.md).

    ``lead_point`` (Q6): ``"every"`` scores 1 for every card led and for every trick won on the
    opponent's lead; ``"ten_or_higher"`` scores those only with a ten or higher (the card led,
    resp. the winning card).  ``cards_count_for_pique`` (Q7): the 10 for the cards counts towards
    a pique as soon as seven tricks are won; ``False`` is Cavendish's reading (they never count).

    Irregularities recorded anyway (Q12, rules/irregularities.md; PT = Cavendish, *Laws of
    Piquet adopted by the Portland and Turf Clubs*, 1882):

    ``revoke``: ``"replay"`` (default, PT 59 IV: the offender "must… retake any cards played in
    error, and substitute the suit led… the play… proceeds as though no error had been
    committed" — no score penalty; the ruling asks for the replay from the revoke trick);
    when the deal can no longer be replayed, ``"reckon_nothing"`` (the offender reckons nothing
    that deal, his counts still barring the opponent's pique and repique, as PT 58 and Case I
    do for the other offences) or ``"void"`` (the deal counts for nobody) — both proposals of
    the rules digest, no law giving a revoke a score penalty.

    ``false_call`` (calling what one does not hold, found after younger played to the first
    trick): ``"reckon_nothing"`` (default, PT 54: he "can reckon nothing that deal"; HI 6
    "counts nothing"; no penalty for a call he "could not possibly have held in his hand and
    discard taken together", PT 53) or ``"call_only"`` (a lenient table: only the false call
    scores nothing).

    ``long_hand`` (a player found to have played with more than twelve cards):
    ``"reckon_nothing"`` (default, PT 58: he "can reckon nothing that deal; but his cards,
    though not good to score, are good to bar his adversary"; also PT 25, 31 and Cases XVII,
    XIX; a carte blanche he showed still counts, Case XXI) or ``"void"`` (the deal counts for
    nobody — the digest's proposal, since Cavendish himself calls PT 58 "an inadequate law"
    that can profit the offender, Case XXII).  A hand of fewer than twelve has no option: "he
    is liable to no penalty. His adversary counts as tricks all cards that cannot be played
    to" (PT 57; PT 26, 30).

    ``talon_offence`` (exposing, taking up or mixing with one's hand talon cards one is not
    entitled to, or elder taking up the cards he left): ``"reckon_nothing"`` (default, PT
    27–29, 33, 35: the offender "can reckon nothing that deal") or ``"fresh_deal"`` (PT 28–29:
    when such a card was mixed with his hand the other player "may elect to have a fresh
    deal": the deal scores nothing and the same dealer deals again).  HI 2 and PT's laws of
    Piquet au cent make the offender "lose the game"; a Rubicon partie of six deals has no
    game of a hundred to lose, so that rule is not offered.
    """

    lead_point: Literal["every", "ten_or_higher"] = "every"
    cards_count_for_pique: bool = True
    revoke: Literal["replay", "reckon_nothing", "void"] = "replay"
    false_call: Literal["reckon_nothing", "call_only"] = "reckon_nothing"
    long_hand: Literal["reckon_nothing", "void"] = "reckon_nothing"
    talon_offence: Literal["reckon_nothing", "fresh_deal"] = "reckon_nothing"


@dataclass(frozen=True, slots=True)
class Announcement:
    """What one player announced in the declarations (Q3, Q5); ``None``/empty = not announced.

    ``point``: number of cards announced (``5`` = "point of five").
    ``sequence``: ``"tierce"``, ``"quart"``, ``"quint"``, ``"sixième"`` (or ``"sixieme"``),
    ``"septième"``, ``"huitième"``, optionally with its top card rank (``"quint:A"``); several
    sequences may be announced separated by commas (``"quint:A, tierce:T"``).
    ``sets``: e.g. ``("trio:A", "quatorze:T")``.
    ``carte_blanche``: the player claimed a carte blanche (Q3).
    """

    point: int | None = None
    sequence: str | None = None
    sets: tuple[str, ...] = ()
    carte_blanche: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class PiquetDeal:
    """One deal as recorded at the table (design.md "Piquet deal"), cards parsed.

    ``tricks``: each trick is the leader's card then the follower's (elder leads trick 1, the
    winner leads the next), 12 tricks of 2 cards for a complete deal (Q6).
    ``dealt``: either or both hands as dealt, 12 cards each (Q2).
    ``talon``: the 8 talon cards, top first (Q2).
    ``exchange``: each player's discards (Q4).
    ``declarations``: each player's announcements (Q5); a role missing (or ``None`` for the
    whole mapping) announces his best combinations.
    ``irregular``: irregularities the table recorded anyway (Q12), as the (code, location) of
    the violation each would otherwise be: ``("revoke", "tricks[2][1]")``,
    ``("announcement_not_held", "declarations.elder.sequence")``, ``("lead_out_of_turn",
    "tricks[4][0]")`` (that trick was led by the other player, and answered),
    ``("hand_size", "dealt.elder")`` or ``("talon_size", "talon")`` (a misdeal); and, not
    violations but events found at the table, with the offender's role as the location:
    ``("long_hand", "elder")`` (he played with more than twelve cards, PT 58),
    ``("short_hand", "younger")`` (with fewer than twelve, PT 57: the last tricks hold only
    the adversary's card) and ``("talon_offence", "elder")`` (PT 27–29, 33, 35); and of the
    dealing: ``("exposed_in_dealing", "elder" | "younger" | "talon")`` (PT 13),
    ``("faced_card", "pack" | "talon")`` (PT 14) and ``("deal_stands", "elder")`` (elder
    stood a deal one card wrong, PT 11, 40–43; its election :data:`TAKEN_IN`: he took in
    without announcing it, PT 39).
    ``unplayed``: the cards a long hand held but never played (PT 58: they still bar the
    adversary's combinations).
    ``elections``: where a law lets the player not in fault choose, his election by the
    irregularity's code, ``{"talon_offence": "fresh_deal" | "play_on"}`` (PT 28–29; an
    ``irregular`` entry's ``"election"``); a code without one takes the table's option;
    ``{"deal_stands": "taken_in"}``: elder lost his option by taking in unannounced (PT 39).
    ``retaken``: the cards each player took back when a revoke was found (PT 59 IV: the
    revoking card and every card played after it go back to their hands and the play goes on
    from the revoking trick): they are known to be in that hand, so he must follow suit with
    one (and the other player cannot hold it); the tricks hold the play recorded again.
    """

    tricks: tuple[tuple[Card, ...], ...]
    dealt: Mapping[Role, tuple[Card, ...]] | None = None
    talon: tuple[Card, ...] | None = None
    exchange: Mapping[Role, tuple[Card, ...]] | None = None
    declarations: Mapping[Role, Announcement] | None = None
    irregular: tuple[tuple[str, str], ...] = ()
    unplayed: Mapping[Role, tuple[Card, ...]] | None = None
    retaken: Mapping[Role, tuple[Card, ...]] | None = None
    elections: Mapping[str, str] | None = None


def _bad_input(message_code: str, location: str, **params: Any) -> RecordError:
    if message_code.startswith("bad_announcement"):  # words that name nothing: a slip (400)
        return InputError([said(message_code, "Q5", location, **params)])
    return RecordError([said(message_code, "Q1", location, **params)])


def not_a_card(text: object, location: str) -> Violation:
    """The violation of a text that is not a card (design.md's notation), at ``location``."""
    if isinstance(text, str):
        return said("not_a_card", "Q1", location, value=repr(text))
    return said("not_a_card.value", "Q1", location, value=repr(text))


#: Canonical card texts of the Piquet pack, for the fast path of parsing (design.md notation).
_BY_NAME: dict[str, Card] = {card_name(c): c for c in PIQUET_PACK}



def card_named(text: object) -> Card | None:
    """The Piquet card whose canonical text (design.md notation, ``"KS"``) is ``text``, or
    None (another spelling, or not a card of the 32-card pack, Q1: read it as a record is
    read, :func:`deal_from_record`)."""
    return _BY_NAME.get(text) if isinstance(text, str) else None


def _cards(value: Any, location: str) -> tuple[Card, ...]:
    if not isinstance(value, list | tuple):
        raise _bad_input("not_a_card_list", location)
    try:  # fast path: canonical names of Piquet cards
        return tuple(map(_BY_NAME.__getitem__, value))
    except (KeyError, TypeError):
        pass
    cards = []
    for i, text in enumerate(value):
        try:
            cards.append(parse_card(text))
        except CardError as exc:
            raise RecordError([not_a_card(text, f"{location}[{i}]")]) from exc
    return tuple(cards)


def _roles(value: Any, location: str) -> dict[Role, Any]:
    if type(value) is not dict and not isinstance(value, Mapping):  # a dict: no ABC check
        raise _bad_input("not_an_object.role_map", location)
    result: dict[Role, Any] = {}
    for key, item in value.items():
        if key not in ROLES:
            raise _bad_input("unknown_role", location, value=repr(key))
        if item is not None:
            result[key] = item
    return result


def announcement_from_dict(data: Mapping[str, Any], location: str = "") -> Announcement:
    """Build an :class:`Announcement` from its JSON form ``{point, sequence, sets,
    carte_blanche}``, each read as the score sheet reads it (:mod:`referee.piquet.words`, the
    one reader of declarations): a point ``5``, ``"point of five"`` or ``{"cards": 5, "pips":
    48}``; sequences ``"quint:A"``, ``"quart major"``, several separated by commas or a list;
    sets ``["trio:A"]``, ``["three aces", "quatorze of tens"]``. "none" or an empty list is
    nothing announced. The pips and a sequence's suit, when said, are not kept: the cards
    say them.

    :raises InputError: (code ``bad_announcement``, located at the field) when the words name
        no combination or a field has the wrong type.
    """
    point = data.get("point")
    sequence = data.get("sequence")
    sets = data.get("sets") or ()
    blanche = data.get("carte_blanche", False)
    if isinstance(point, bool) or (point is not None and not says_nothing(point)
                                   and not isinstance(point, int | str | Mapping)):
        raise _bad_input("bad_announcement.point_number", f"{location}.point")
    if not isinstance(blanche, bool):
        raise _bad_input("bad_announcement.carte_blanche", f"{location}.carte_blanche")
    cards = None if point is None or says_nothing(point) \
        else read_point(point, f"{location}.point").cards
    sequences = () if sequence is None else read_sequences(sequence, f"{location}.sequence")
    called = read_sets(sets, f"{location}.sets")
    return Announcement(point=cards,
                        sequence=", ".join(sequence_text(c) for c in sequences) or None,
                        sets=tuple(set_text(c) for c in called), carte_blanche=blanche)


def deal_from_record(record: Mapping[str, Any]) -> PiquetDeal:
    """Parse the JSON deal record of design.md into a :class:`PiquetDeal`.

    Only the shape and the card notation are checked here; the rules are checked by
    :func:`referee.piquet.rule_deal`.

    :raises RecordError: when a card does not parse or a field has the wrong shape.
    """
    tricks_value = record.get("tricks")
    if not isinstance(tricks_value, list | tuple):
        raise _bad_input("not_a_card_list.tricks", "tricks")
    try:  # fast path: canonical names of Piquet cards
        by_name = _BY_NAME.__getitem__
        tricks = tuple([tuple(map(by_name, t)) for t in tricks_value])
    except (KeyError, TypeError):
        tricks = tuple(_cards(t, f"tricks[{i}]") for i, t in enumerate(tricks_value))
    # Read in the record's order, so that the first bad field is the one reported.
    dealt = _role_cards(record, "dealt")
    talon = None if record.get("talon") is None else _cards(record["talon"], "talon")
    exchange = _role_cards(record, "exchange")
    declarations = None
    if record.get("declarations") is not None:
        declarations = _announcements(record["declarations"])
    irregular = _irregular(record.get("irregular") or ())
    return PiquetDeal(
        tricks=tricks, dealt=dealt, talon=talon, exchange=exchange, declarations=declarations,
        irregular=irregular, unplayed=_role_cards(record, "unplayed"),
        retaken=_role_cards(record, "retaken"),
        elections=_elections(record.get("irregular") or ()),
    )


def _role_cards(record: Mapping[str, Any], key: str) -> dict[Role, tuple[Card, ...]] | None:
    """The record's cards per role under ``key`` (``dealt``, ``exchange``, ...), or None."""
    if record.get(key) is None:
        return None
    return {r: _cards(v, f"{key}.{r}") for r, v in _roles(record[key], key).items()}


def _announcements(value: Any) -> dict[Role, Announcement]:
    """The record's ``declarations``: each role's announcement (Q5)."""
    declarations = {}
    for r, v in _roles(value, "declarations").items():
        if not isinstance(v, Mapping):
            raise _bad_input("bad_announcement.object", f"declarations.{r}")
        declarations[r] = announcement_from_dict(v, f"declarations.{r}")
    return declarations


#: The elections a law gives the player not in fault: a fresh deal, or play on — elder's
#: (PT 11, 13: the deal stands) and the adversary's of a talon offence (PT 28–29: the
#: offender reckons nothing).
ELECTIONS: tuple[str, ...] = CHOICES["irregularities.misdeal"]

#: PT 39: elder, dealt 11 or 13 cards, took up a talon card without announcing it: he has lost
#: his option of a fresh deal (the deal stands), cannot alter his discard and must leave at
#: least three cards for younger. Not an election but the fact that took his away; a record
#: carries it as the ``election`` of its ``deal_stands`` entry, a ``deal_started`` step as its
#: ``election``.
TAKEN_IN = "taken_in"


def _elections(raw: Any) -> dict[str, str] | None:
    """The ``election`` of each entry of the record's ``irregular`` list that carries one
    (read after :func:`_irregular`), by its code; None when none does."""
    found: dict[str, str] = {}
    for i, item in enumerate(raw):
        election = item.get("election")
        if election is None:
            continue
        if election == TAKEN_IN and item["code"] != "deal_stands":  # PT 39
            raise RecordError([said("election_taken_in", "Q12", f"irregular[{i}].election",
                                    code=item["code"])])
        if election not in ELECTIONS and election != TAKEN_IN:
            raise _bad_input("not_an_object.election", f"irregular[{i}].election")
        found[item["code"]] = election
    return found or None


def _irregular(raw: Any) -> tuple[tuple[str, str], ...]:
    """The record's ``irregular`` list: (code, location) of each irregularity accepted."""
    if not isinstance(raw, list | tuple):
        raise _bad_input("not_an_object.irregular", "irregular")
    irregular: list[tuple[str, str]] = []
    for i, item in enumerate(raw):
        if not isinstance(item, Mapping) or not isinstance(item.get("code"), str) \
                or not isinstance(item.get("location", ""), str):
            raise _bad_input("not_an_object.irregularity", f"irregular[{i}]")
        irregular.append((item["code"], item.get("location", "")))
    return tuple(irregular)
