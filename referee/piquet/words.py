"""What Piquet players say when they declare (Q5), read into values.

A score sheet writes the declarations the way they are said at the table: "point of five, 48",
"quart major", "tierce to the queen", "sixième to the king in spades", "three kings", "trio of
kings", "quatorze of aces", "four aces"; and in the service's other languages, the sequences'
names French at every table (docs/glossary.md): "point de cinq", "quinte majeure", "tierce au
roi en trèfle", "trio d'as"; "Punkt von fünf", "Quinte bis zum König in Kreuz", "drei Asse";
"point z pięciu", "tierce do króla w trefl", "trzy asy".  Structured forms are read too: a point
``{"cards": 5, "pips": 48}``, a sequence ``{"length": 4, "top": "A", "suit": "C"}`` (top and
suit optional), a set ``{"count": 3, "rank": "A"}``; and the engine's short forms
``"quint:A"`` / ``"trio:A"``.

Reading checks only that the words name a combination; whether a hand can hold it is the
ruling's business (:mod:`referee.piquet.sheet`).  Unreadable words raise
:class:`~referee.violations.InputError` (code ``bad_announcement``, rule Q5; a 400 at the API,
never an irregularity) with a sentence saying how to write it.

The words are read in English, French, German and Polish alike, as players of each language
say them (docs/glossary.md): "point de cinq, 48", "quinte au roi à trèfle", "trois rois",
"quatorze d'as"; "Point von fünf", "Quinte bis König in Kreuz", "drei Könige", "vier Asse";
"point z pięciu", "kwinta do króla w trefl", "trzy króle", "quatorze asów".  A word means
the same in every language it belongs to, so the language of a sheet need not be known.

This is the one reader of declarations: the score sheet (:mod:`referee.piquet.sheet`), the
announcements of a deal record and of a match's declaration step
(:func:`referee.piquet.records.announcement_from_dict`) and the API's request schemas all read
them here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple, TypeGuard

from referee.cards import ACE, JACK, KING, QUEEN, TEN
from referee.violations import InputError, said

#: The words of the service's other languages (docs/glossary.md; the sequences' names are
#: French at every table): French, German and Polish as players write them on a sheet.
_NUMBER_WORDS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    # French
    "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8,
    "neuf": 9, "dix": 10, "onze": 11, "douze": 12,
    # German
    "eins": 1, "ein": 1, "eine": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "fuenf": 5,
    "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12,
    "zwoelf": 12,
    # Polish (as counted, and after "z": "point z pięciu")
    "jeden": 1, "jedna": 1, "jednej": 1, "dwa": 2, "dwie": 2, "dwóch": 2, "trzy": 3,
    "trzech": 3, "cztery": 4, "czterech": 4, "pięć": 5, "pięciu": 5, "sześć": 6, "sześciu": 6,
    "siedem": 7, "siedmiu": 7, "osiem": 8, "ośmiu": 8, "dziewięć": 9, "dziewięciu": 9,
    "dziesięć": 10, "dziesięciu": 10, "jedenaście": 11, "jedenastu": 11, "dwanaście": 12,
    "dwunastu": 12,
}
_SEQUENCE_WORDS: dict[str, int] = {
    "tierce": 3, "quart": 4, "quarte": 4, "quatrième": 4, "quatrieme": 4, "quint": 5,
    "quinte": 5, "sixième": 6, "sixieme": 6, "sixiem": 6, "septième": 7, "septieme": 7,
    "huitième": 8, "huitieme": 8,
    # German and Polish names of the same sequences
    "terz": 3, "sext": 6, "sexte": 6, "septime": 7, "oktave": 8, "octave": 8,
    "tercja": 3, "kwarta": 4, "kwinta": 5, "seksta": 6, "septyma": 7, "oktawa": 8,
}
_RANK_WORDS: dict[str, int] = {
    "ace": ACE, "aces": ACE, "a": ACE, "king": KING, "kings": KING, "k": KING,
    "queen": QUEEN, "queens": QUEEN, "q": QUEEN, "jack": JACK, "jacks": JACK, "knave": JACK,
    "knaves": JACK, "j": JACK, "ten": TEN, "tens": TEN, "t": TEN, "10": TEN, "nine": 9,
    "nines": 9, "9": 9, "eight": 8, "eights": 8, "8": 8, "seven": 7, "sevens": 7, "7": 7,
    "10s": TEN, "9s": 9, "8s": 8, "7s": 7,
    # French
    "as": ACE, "roi": KING, "rois": KING, "dame": QUEEN, "dames": QUEEN, "valet": JACK,
    "valets": JACK, "dix": TEN, "neuf": 9, "huit": 8, "sept": 7,
    # German
    "ass": ACE, "asse": ACE, "assen": ACE, "könig": KING, "könige": KING, "königen": KING,
    "koenig": KING, "koenige": KING, "damen": QUEEN, "bube": JACK, "buben": JACK,
    "zehn": TEN, "zehner": TEN, "zehnen": TEN, "zehnern": TEN, "neun": 9, "neuner": 9,
    "neunern": 9, "acht": 8, "achter": 8, "achtern": 8, "sieben": 7, "siebener": 7,
    "siebenern": 7,
    # Polish
    "asy": ACE, "asów": ACE, "król": KING, "króla": KING, "króle": KING, "królów": KING,
    "króli": KING, "dama": QUEEN, "damy": QUEEN, "dam": QUEEN, "damie": QUEEN,
    "walet": JACK, "waleta": JACK, "walety": JACK, "waletów": JACK, "dziesiątka": TEN,
    "asa": ACE, "neunen": 9, "achten": 8, "siebenen": 7,
    "dziesiątki": TEN, "dziesiątek": TEN, "dziewiątka": 9, "dziewiątki": 9, "dziewiątek": 9,
    "ósemka": 8, "ósemki": 8, "ósemek": 8, "siódemka": 7, "siódemki": 7, "siódemek": 7,
}
_SUIT_WORDS: dict[str, str] = {
    "spades": "S", "spade": "S", "s": "S", "♠": "S", "hearts": "H", "heart": "H", "h": "H",
    "♥": "H", "diamonds": "D", "diamond": "D", "d": "D", "♦": "D", "clubs": "C", "club": "C",
    "c": "C", "♣": "C",
    # French, German, Polish
    "pique": "S", "piques": "S", "cœur": "H", "cœurs": "H", "coeur": "H", "coeurs": "H",
    "carreau": "D", "carreaux": "D", "trèfle": "C", "trèfles": "C", "trefle": "C",
    "pik": "S", "herz": "H", "karo": "D", "kreuz": "C", "piki": "S", "kier": "H", "kiery": "H",
    "trefl": "C",
}
_SET_SIZES: dict[str, int] = {
    "trio": 3, "brelan": 3, "three": 3, "3": 3, "quatorze": 4, "four": 4, "4": 4,
    "fourteen": 4,
    "trois": 3, "quatre": 4, "drei": 3, "vier": 4, "trzy": 3, "cztery": 4,
}
#: Words between a sequence's name and its top card or suit: "to the king in clubs", "au roi
#: à trèfle", "bis König in Kreuz", "do króla w trefl", and the service's own "roi en tête".
_SEQUENCE_FILLERS = frozenset({
    "the", "of", "in", "to", "au", "à", "en", "de", "du", "la", "le", "l", "tête", "tete",
    "bis", "zum", "zur", "zu", "der", "dem", "den", "die", "von", "an", "do", "w", "we",
    "od", "kolor", "najwyższa", "karta", "des", "aux", "les"})
#: "major" (a sequence to the ace) in each language.
_MAJOR_WORDS = frozenset({"major", "majeure", "majeur", "majorowa"})
#: Words between a set's size and its rank: "trio of aces", "trio d'as", "Trio von Assen".
_SET_FILLERS = frozenset({"of", "de", "d", "des", "du", "von", "der"})


class PointCall(NamedTuple):
    """A point as announced (Q5): its number of ``cards`` and, when said, its ``pips``."""

    cards: int
    pips: int | None = None


class SequenceCall(NamedTuple):
    """A sequence as announced (Q5): its ``length`` (3 tierce … 8 huitième), its ``top`` rank
    (14 = ace, "major") and ``suit`` ("S", "H", "D", "C") when said."""

    length: int
    top: int | None = None
    suit: str | None = None


class SetCall(NamedTuple):
    """A set as announced (Q5): ``size`` 3 (trio) or 4 (quatorze) of ``rank``."""

    size: int
    rank: int


def _bad(message_code: str, location: str, **params: Any) -> InputError:
    return InputError([said(f"bad_announcement.{message_code}", "Q5", location, **params)])


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;:.()'’]+", text.strip().lower()) if w]


def _number(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


#: Words that say nothing was announced in a category (the line is left blank at the table).
NOTHING_WORDS: frozenset[str] = frozenset({"", "-", "none", "nothing", "no", "sunk", "sinks",
                                          "rien", "aucun", "aucune", "néant", "nichts", "kein",
                                          "keine", "nic", "brak"})
_POINT_FILLERS = frozenset({"point", "of", "for", "making", "makes", "pips", "pip", "a", "and",
                            "is", "cards", "card", "in", "worth", "counting",
                            "de", "à", "pour", "et", "cartes", "carte", "points", "valant",
                            "von", "mit", "für", "und", "karten", "karte", "augen", "zu",
                            "z", "za", "i", "kart", "karty", "oczek", "oczka", "na",
                            "punkt", "punkte", "punktów", "punkty"})


def says_nothing(value: Any) -> bool:
    """Whether ``value`` says nothing was announced ("none", "-", "sunk", an empty list)."""
    if isinstance(value, str):
        return value.strip().lower() in NOTHING_WORDS
    return isinstance(value, list | tuple) and not value


def read_point(value: Any, location: str) -> PointCall:
    """A point: ``"point of five, 48"``, ``"point of five"``, ``"five for 48"``, ``"5"``,
    ``5`` or ``{"cards": 5, "pips": 48}``.

    :raises InputError: ``bad_announcement`` when it is not a point.
    """
    if _whole(value):
        return PointCall(value)
    if isinstance(value, Mapping):
        cards, pips = value.get("cards"), value.get("pips")
        if not _whole(cards) or (pips is not None and not _whole(pips)) \
                or set(value) - {"cards", "pips"}:
            raise _bad("point_object", location)
        return PointCall(cards, pips)
    if isinstance(value, str):
        numbers = [n for w in _words(value) if w not in _POINT_FILLERS
                   if (n := _number(w)) is not None]
        others = [w for w in _words(value) if _number(w) is None and w not in _POINT_FILLERS]
        if numbers and not others and len(numbers) <= 2:
            return PointCall(numbers[0], numbers[1] if len(numbers) == 2 else None)
    raise _bad("point", location, value=_shown(value))


def read_sequence(value: Any, location: str) -> SequenceCall:
    """A sequence: ``"quart major"``, ``"tierce to the queen"``, ``"sixième to the king in
    spades"``, ``"quint:A"``, or ``{"length": 4, "top": "A", "suit": "C"}``.

    :raises InputError: ``bad_announcement`` when it is not a sequence.
    """
    if isinstance(value, Mapping):
        return _structured_sequence(value, location)
    if not isinstance(value, str):
        raise _bad("sequence_words", location)
    words = _words(value.replace(":", " to "))
    if words and words[0] in ("a", "an", "une", "un", "eine", "ein"):
        words = words[1:]
    if not words or (length := _SEQUENCE_WORDS.get(words[0])) is None:
        raise _bad("sequence", location, value=_shown(value))
    top: int | None = None
    suit: str | None = None
    for word in words[1:]:
        if word in _SEQUENCE_FILLERS:
            continue
        if word in _MAJOR_WORDS and top is None:
            top = ACE
        elif word in _RANK_WORDS and top is None:
            top = _RANK_WORDS[word]
        elif word in _SUIT_WORDS and suit is None:
            suit = _SUIT_WORDS[word]
        else:
            raise _bad("sequence_word", location, value=_shown(value), word=word)
    _, short, after = value.partition(":")
    after = after.strip().lower()
    if short and not after:  # "quint:" names no top card
        raise _bad("sequence", location, value=_shown(value))
    if after and top is None:  # the short form names its top card: "quint:A"
        raise _bad("sequence_word", location, value=_shown(value), word=after)
    return SequenceCall(length, top, suit)


def _structured_sequence(value: Mapping[str, Any], location: str) -> SequenceCall:
    length, top, suit = value.get("length"), value.get("top"), value.get("suit")
    if not _whole(length) or not 3 <= length <= 8 or set(value) - {"length", "top", "suit"}:
        raise _bad("sequence_object", location)
    rank = None
    if top is not None:
        rank = _RANK_WORDS.get(str(top).strip().lower())
        if rank is None:
            raise _bad("rank", f"{location}.top", value=_shown(top))
    suit_letter = None
    if suit is not None:
        suit_letter = _SUIT_WORDS.get(str(suit).strip().lower())
        if suit_letter is None:
            raise _bad("suit", f"{location}.suit", value=_shown(suit))
    return SequenceCall(length, rank, suit_letter)


def read_set(value: Any, location: str) -> SetCall:
    """A set: ``"three kings"``, ``"trio of kings"``, ``"quatorze of aces"``, ``"four aces"``,
    ``"trio:A"`` or ``{"count": 3, "rank": "A"}``.

    :raises InputError: ``bad_announcement`` when it is not a set of three or four.
    """
    if isinstance(value, Mapping):
        size, rank_text = value.get("count"), value.get("rank")
        rank = _RANK_WORDS.get(str(rank_text).strip().lower()) if rank_text is not None \
            else None
        if size not in (3, 4) or rank is None or set(value) - {"count", "rank"}:
            raise _bad("set_object", location)
        return SetCall(size, rank)
    if isinstance(value, str):
        words = [w for w in _words(value) if w not in _SET_FILLERS]
        if len(words) == 2 and words[0] in _SET_SIZES and words[1] in _RANK_WORDS:
            return SetCall(_SET_SIZES[words[0]], _RANK_WORDS[words[1]])
    raise _bad("set", location, value=_shown(value))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def read_sequences(value: Any, location: str) -> tuple[SequenceCall, ...]:
    """The sequences of one announcement: one (words or structured), several separated by
    commas (``"quint:A, tierce:T"``, ``"quart major, tierce to the ten"``) or a list of them;
    nothing said ("none", an empty list) is no sequence.

    An empty part (``",,,"``, ``"quint:A,"``) is refused rather than read as no sequence.

    :raises InputError: ``bad_announcement``, located at the part (``location[1]`` in a list).
    """
    if isinstance(value, list | tuple):
        return tuple(read_sequence(item, f"{location}[{i}]") for i, item in enumerate(value)
                     if not says_nothing(item))
    if isinstance(value, str):
        if value == "" or (says_nothing(value) and value.strip()):
            return ()  # blanks alone are refused below, as a part left empty
        parts = value.split(",")
        if any(not part.strip() for part in parts):
            raise _bad("sequences", location, value=_shown(value))
        return tuple(read_sequence(part, location) for part in parts)
    return (read_sequence(value, location),)


def read_sets(value: Any, location: str) -> tuple[SetCall, ...]:
    """The sets of one announcement: a list (``["three aces", "quatorze:T"]``) or one set;
    nothing said ("none", an empty list) is no set.

    :raises InputError: ``bad_announcement``, located at the set (``location[0]``).
    """
    if isinstance(value, list | tuple):
        return tuple(read_set(item, f"{location}[{i}]") for i, item in enumerate(value)
                     if not says_nothing(item))
    if says_nothing(value):
        return ()
    return (read_set(value, location),)


_RANK_LETTERS = {ACE: "A", KING: "K", QUEEN: "Q", JACK: "J", TEN: "T", 9: "9", 8: "8", 7: "7"}
_SEQUENCE_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
                   8: "huitième"}


def sequence_text(call: SequenceCall) -> str:
    """The engine's short form of a sequence called: ``"quint:A"``, ``"tierce"`` (the suit,
    when said, is not kept: misnaming it is no offence, PT 53)."""
    top = f":{_RANK_LETTERS[call.top]}" if call.top is not None else ""
    return _SEQUENCE_NAMES[call.length] + top


def set_text(call: SetCall) -> str:
    """The engine's short form of a set called: ``"trio:A"``, ``"quatorze:T"``."""
    return ("trio" if call.size == 3 else "quatorze") + ":" + _RANK_LETTERS[call.rank]
