"""The games' terms in each locale (docs/glossary.md): cards, suits, seat roles, and Piquet's
counts as a player says them (Q5–Q8).

A Piquet count's ``what`` is written by the engine in its English term grammar ("point of
five, 48", "quint to the king in clubs", "trio of aces", "lead of the king of spades",
"trick 4 won with the jack of hearts", "the cards, 7 tricks to 5"); rulings stored before
the other languages existed carry the same words.  :func:`piquet_term` reads that grammar
back into its parts and words them in a locale, so old and new rulings read alike; words it
cannot read are left as they are (English).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from referee.i18n import DEFAULT, Message, message, plural_message
from referee.piquet.combinations import SEQUENCE_NAMES, sequence_in_full

#: A rank's English name → its number (14 = ace).
RANK_NUMBERS = _RANKS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                         "eight": 8, "nine": 9, "ten": 10, "jack": 11, "queen": 12, "king": 13,
                         "ace": 14}
PLURAL_RANKS = {"aces": 14, "kings": 13, "queens": 12, "jacks": 11, "tens": 10, "nines": 9,
                 "eights": 8, "sevens": 7}
_NUMBERS = {w: n for n, w in enumerate(("zero", "one", "two", "three", "four", "five", "six",
                                        "seven", "eight", "nine", "ten", "eleven", "twelve"))}
_SEQUENCES = {"tierce": 3, "quart": 4, "quint": 5, "sixième": 6, "septième": 7,
              "huitième": 8}
#: A suit's English name → its letter.
SUITS = _SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}

#: A suit's name by letter.
SUIT = {s: message(f"term.suit.{s}", english) for s, english in
        (("S", "spades"), ("H", "hearts"), ("D", "diamonds"), ("C", "clubs"))}
#: A rank's name (one card), by rank.
RANK = {r: message(f"term.rank.{r}", english) for english, r in _RANKS.items()}
#: A rank's name, several cards, by rank (Piquet's sets).
RANKS = {r: message(f"term.ranks.{r}", english) for english, r in PLURAL_RANKS.items()}
#: Piquet's sequences by length: Piquet's own (French) words at every table.
SEQUENCE = {n: message(f"term.sequence.{n}", english) for english, n in _SEQUENCES.items()}
#: A Piquet player by role.
ROLE = {"elder": message("term.role.elder", "elder"),
        "younger": message("term.role.younger", "younger")}
#: "the elder hand" / "the younger hand", as a sentence's subject or object.
HAND = {"elder": message("term.hand.elder", "the elder hand"),
        "younger": message("term.hand.younger", "the younger hand")}
#: Pitch's four points (P5).
POINT = {name: message(f"term.pitch.{name.lower()}", name)
         for name in ("High", "Low", "Jack", "Game")}
#: The points of the games with more points (V7), as :func:`referee.pitch.point_words` says
#: them.
POINT.update({words: message(f"term.pitch.{name}", words) for name, words in (
    ("off_jack", "off-jack"), ("joker", "joker"), ("big_joker", "big joker"),
    ("little_joker", "little joker"), ("ten", "ten"), ("three", "three"), ("five", "five"),
    ("off_ace", "off-ace"), ("off_three", "off-three"))})

CARD = message("term.card", "{rank} of {suit}")
#: A point by its number of cards: one entry per plural form, as the languages say a number
#: of cards ("point z 1 karty", "point z 5 kart"; "point de 1 carte").
POINT_OF = plural_message("term.piquet.point", "point of {cards}", "point of {cards}", "cards")
POINT_PIPS = plural_message("term.piquet.point_pips", "point of {cards}, {pips}",
                            "point of {cards}, {pips}", "cards")
SEQ_MAJOR = message("term.piquet.sequence_major", "{sequence} major")
SEQ_TO = message("term.piquet.sequence_to", "{sequence} to the {top}")
IN_SUIT = message("term.piquet.in_suit", "{words} in {suit}")
SET_KIND = {3: message("term.piquet.trio", "trio of {ranks}"),
            4: message("term.piquet.quatorze", "quatorze of {ranks}")}
SET_COUNT = {3: message("term.piquet.three", "three {ranks}"),
             4: message("term.piquet.four", "four {ranks}")}
LEAD = message("term.piquet.lead", "lead of the {card}")
LAST_TRICK = message("term.piquet.the_last_trick", "the last trick")
TRICK_WON = message("term.piquet.trick_won", "trick {trick} won with the {card}")
THE_CARDS = message("term.piquet.cards_tricks", "the cards, {tricks} tricks to {other}")
CAPOT = message("term.piquet.capot_all", "capot, all twelve tricks")
WORD = {w: message(f"term.piquet.{w.replace(' ', '_')}", w)
        for w in ("carte blanche", "repique", "pique", "capot", "the point", "the sequences",
                  "the sets", "the pips", "the top cards", "the ranks", "the deal is void",
                  "reckons nothing this deal", "nothing", "equal", "the cards", "last trick",
                  "the declarations", "the play", "the repique", "the pique", "penalties")}
#: A Piquet penalty count's step in the running log (Q12).
PENALTY = message("term.piquet.penalty", "penalty")
#: What a Piquet penalty count says it is for (Q12: "reckons nothing this deal: talon offence
#: (PT 27–29, 33, 35)"), by the engine's words for the irregularity.
CAUSE = {english: message(f"term.piquet.cause.{kind}", english) for kind, english in (
    ("long_hand", "more than twelve cards"), ("short_hand", "fewer than twelve cards"),
    ("talon_offence", "talon offence"), ("revoke", "revoke"), ("false_call", "false call"),
    ("lead_out_of_turn", "lead out of turn"), ("misdeal", "misdeal"),
    ("deal_out_of_turn", "deal out of turn"), ("no_discard", "no discard"),
    ("exposed_in_dealing", "exposed in dealing"), ("faced_card", "faced card"))}
PENALTY_FOR = message("term.piquet.penalty_for", "{penalty}: {cause} ({law})")
LEAD_SHORT = message("term.piquet.lead_short", "lead {card}")
WINS_TRICK = message("term.piquet.wins_trick", "wins trick {trick}")
IN_PLAY = message("term.piquet.in_play", "{points} in play")


SEAT = message("term.seat", "seat {n}")
SEATS = message("term.seats", "seats {seats}")
AND = message("list.and", " and ")
_SEAT = re.compile(r"(?P<s>[Ss])eats? (?P<n>\d+(?: and \d+)*)")


def seat_words(value: str, locale: str) -> str:
    """A side named by its seats when the table's names are not known ("seat 2", "seats 0
    and 2", as the engines write them) in ``locale``; any other value as it is (a name)."""
    m = _SEAT.fullmatch(value) if locale != DEFAULT else None
    if m is None:
        return value
    seats = m["n"].split(" and ")
    said = SEAT(locale, n=seats[0]) if len(seats) == 1 else SEATS(
        locale, seats=AND(locale).join(seats))
    return said[:1].upper() + said[1:] if m["s"] == "S" else said


def card(rank: int, suit: str, locale: str) -> str:
    """A card in words: "king of spades", "roi de pique"."""
    return CARD(locale, rank=RANK[rank](locale), suit=SUIT[suit](locale))


def _sequence(m: re.Match[str], locale: str) -> str:
    words = SEQUENCE[_SEQUENCES[m["seq"]]](locale)
    if m["major"]:
        words = SEQ_MAJOR(locale, sequence=words)
    elif m["top"]:
        words = SEQ_TO(locale, sequence=words, top=RANK[_RANKS[m["top"]]](locale))
    if m["suit"]:
        words = IN_SUIT(locale, words=words, suit=SUIT[_SUITS[m["suit"]]](locale))
    return words


def _card_of(m: re.Match[str], locale: str) -> str:
    return card(_RANKS[m["rank"]], _SUITS[m["suit"]], locale)


_RANK_RE = "|".join(_RANKS)
_SUIT_RE = "|".join(_SUITS)
_GRAMMAR: tuple[tuple[re.Pattern[str], Callable[[re.Match[str], str], str]], ...] = (
    (re.compile(r"point of (?P<n>\w+), (?P<pips>\d+)"),
     lambda m, loc: POINT_PIPS(loc, cards=_NUMBERS.get(m["n"], m["n"]), pips=m["pips"])),
    (re.compile(r"point of (?P<n>\w+)"),
     lambda m, loc: POINT_OF(loc, cards=_NUMBERS.get(m["n"], m["n"]))),
    (re.compile(rf"(?P<seq>{'|'.join(_SEQUENCES)})(?: (?P<major>major)| to the "
                rf"(?P<top>{_RANK_RE}))?(?: in (?P<suit>{_SUIT_RE}))?"), _sequence),
    (re.compile(r"(?P<kind>trio|quatorze) of (?P<ranks>\w+)"),
     lambda m, loc: SET_KIND[3 if m["kind"] == "trio" else 4](
         loc, ranks=RANKS[PLURAL_RANKS[m["ranks"]]](loc))),
    (re.compile(r"(?P<n>three|four) (?P<ranks>\w+)"),
     lambda m, loc: SET_COUNT[_NUMBERS[m["n"]]](loc, ranks=RANKS[PLURAL_RANKS[m["ranks"]]](loc))),
    (re.compile(rf"lead of the (?P<rank>{_RANK_RE}) of (?P<suit>{_SUIT_RE})"),
     lambda m, loc: LEAD(loc, card=_card_of(m, loc))),
    (re.compile(rf"trick (?P<t>\d+) won with the (?P<rank>{_RANK_RE}) of (?P<suit>{_SUIT_RE})"),
     lambda m, loc: TRICK_WON(loc, trick=m["t"], card=_card_of(m, loc))),
    (re.compile(r"the cards, (?P<t>\d+) tricks to (?P<o>\d+)"),
     lambda m, loc: THE_CARDS(loc, tricks=m["t"], other=m["o"])),
    (re.compile(r"capot, all twelve tricks"), lambda m, loc: CAPOT(loc)),
    (re.compile(r"the last trick"), lambda m, loc: LAST_TRICK(loc)),
    (re.compile(r"lead (?P<card>[0-9TJQKA][SHDC])"),
     lambda m, loc: LEAD_SHORT(loc, card=m["card"])),
    (re.compile(r"wins trick (?P<t>\d+)"), lambda m, loc: WINS_TRICK(loc, trick=m["t"])),
    (re.compile(r"(?P<n>\d+) in play"), lambda m, loc: IN_PLAY(loc, points=m["n"])),
    (re.compile(r"(?P<head>the deal is void|reckons nothing this deal): (?P<cause>[^()]+) "
                r"\((?P<law>[^()]+)\)"),
     lambda m, loc: PENALTY_FOR(loc, penalty=WORD[m["head"]](loc),
                                cause=CAUSE[m["cause"]](loc), law=m["law"])),
    (re.compile(r"penalty"), lambda m, loc: PENALTY(loc)),
)


def piquet_term(what: str, locale: str) -> str:
    """A Piquet count's words (``what``, the engine's English term grammar) in ``locale``;
    ``what`` itself when English or when the words are not of that grammar.

    >>> piquet_term("quint to the king in clubs", "fr")
    'quinte, roi en tête, à trèfle'
    """
    if locale == DEFAULT:
        return what
    found = WORD.get(what)
    if found is not None:
        return found(locale)
    for pattern, words in _GRAMMAR:
        m = pattern.fullmatch(what)
        if m is not None:
            try:
                return words(m, locale)
            except KeyError:
                return what
    return what


#: A combination as the declarations' comparison shows it (``elder_shown``): a point with its
#: pips, a sequence with its top card and suit (referee.piquet.combinations).
_SHOWN_POINT = re.compile(r"(point of \w+) \((\d+) pips\)")
_SHOWN_SEQUENCE = re.compile(r"(\w+) \(to the (\w+), ([SHDC])\)")
_SEQUENCE_LENGTHS = {name: length for length, name in SEQUENCE_NAMES.items()}


def shown_term(shown: str, locale: str) -> str:
    """A combination as the declarations' comparison shows it ("point of five (47 pips)",
    "sixième (to the king, C)", "trio of aces") in ``locale``, as a count says it ("point
    de 5 cartes, 47"); ``shown`` itself when English or not of these forms.

    >>> shown_term("quint (to the ace, H)", "fr")
    'quinte majeure, à cœur'
    """
    point = _SHOWN_POINT.fullmatch(shown)
    sequence = _SHOWN_SEQUENCE.fullmatch(shown)
    if point is not None:
        english = f"{point[1]}, {point[2]}"
    elif sequence is not None and sequence[1] in _SEQUENCE_LENGTHS \
            and sequence[2] in RANK_NUMBERS:
        english = sequence_in_full(_SEQUENCE_LENGTHS[sequence[1]], RANK_NUMBERS[sequence[2]],
                                   sequence[3])
    else:
        english = shown
    said = piquet_term(english, locale)
    return shown if said == english else said


def word_of(table: dict[str, Message], key: str, locale: str) -> str:
    """``table[key]`` in ``locale``, or ``key`` itself when the table has no such word."""
    found = table.get(key)
    return key if found is None else found(locale)
