"""An irregularity's consequence that a ruling holds only in English, in a locale
(docs/translating.md, "What is English in every language for now").

A deal's ruling words each irregularity in English (a Pitch ``irregularities[].what`` and its
``irregularity`` finding, P10; a Piquet ``irregularities[].consequence``, Q12) without the
code and parameters the match's note carries beside it.  Such a sentence is read back here
by the English templates of :data:`referee.violations.CONSEQUENCE_WORDS`: each placeholder
becomes a pattern for its kind of value (a player's name or "seat 2", " in trick 3" or
nothing, "the bid, 2", "the elder hand", "Bill (the elder hand)", "the king of clubs"…), the
values are read out of the English and turned back into parameters, and the template is
made again in English: only a sentence that comes out the very same is taken to be that
code's, and worded in the locale from the code and the values
(:func:`referee.i18n.sentences.consequence_said`'s words).  A sentence no template makes
(an engine's own, not yet made from a code) stays English: :func:`read_back` gives None.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from referee import violations as engines
from referee.cards import Card
from referee.i18n import DEFAULT
from referee.i18n.sentences import CONSEQUENCE, _Words, reword, said
from referee.i18n.terms import RANK_NUMBERS, SUITS

_CARD = r"(?:\w+ of (?:spades|hearts|diamonds|clubs)|big joker|little joker|joker)"
_JOKERS = {"big joker": "BJ", "little joker": "LJ", "joker": "JK"}
_SUIT_ONE = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}
_ROLE = r"(?:elder|younger)"


def _card(words: str) -> str:
    """A card's notation from its English words ("king of clubs" → "KC")."""
    if words in _JOKERS:
        return _JOKERS[words]
    rank, suit = words.split(" of ")
    return str(Card(RANK_NUMBERS[rank], SUITS[suit]))


def _seat(words: str) -> str | int:
    """A player as a sentence names him: his name, or a seat number ("seat 2")."""
    m = re.fullmatch(r"[Ss]eat (\d+)", words)
    return int(m[1]) if m else words


def _player_hand(m: Mapping[str, str | None], name: str) -> tuple[str, str | None]:
    return (str(m[f"{name}_role"] or m[f"{name}_alone"]).lower(), m[f"{name}_player"])


def _cards(words: str) -> tuple[str, ...]:
    """Cards shown ("the ace of hearts and the seven of hearts") as notations."""
    parts = re.split(r", | and ", words)
    return tuple(_card(p.removeprefix("the ")) for p in parts)


def _retaken(words: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The cards each hand takes back ("the elder hand the king of spades; …")."""
    out = []
    for part in words.split("; "):
        m = re.fullmatch(rf"the ({_ROLE}) hand (.+)", part)
        if m is None:
            raise ValueError(part)
        out.append((m[1], _cards(m[2])))
    return tuple(out)


#: How a hand dealt 11, 12 or 13 cards discards, by its words (PT 40-43).
_DISCARDS = {words: dealt for dealt, words in engines.DISCARD_WORDS.items()}


def _call(words: str) -> list[str]:
    """A Piquet call (PT 52-54) as ``[kind, words]`` from its English ("a point of seven",
    "a trio of tens", "a sequence (quint:A)", "a combination")."""
    if words == "a combination":
        return ["", ""]
    sequence = re.fullmatch(r"a sequence \((.+)\)", words)
    if sequence is not None:
        return ["sequence", sequence[1]]
    said = words.removeprefix("a ")
    return ["point" if said.startswith("point") else "set", said]


#: Each placeholder kind read back: (pattern with ``{g}`` for the group's name, value made
#: from the match).  A kind not here makes its template unreadable.
_KINDS: dict[str, tuple[str, Callable[[re.Match[str], str], Any]]] = {
    "": (r"(?P<{g}>.+?)", lambda m, g: m[g]),
    "law": (r"(?P<{g}>.+?)", lambda m, g: m[g]),
    "source": (r"(?P<{g}>.+?)", lambda m, g: m[g]),
    "step": (r"(?P<{g}>\w+)", lambda m, g: m[g]),
    "seat": (r"(?P<{g}>.+?)", lambda m, g: _seat(m[g])),
    "suit": (r"(?P<{g}>spade|heart|diamond|club)", lambda m, g: _SUIT_ONE[m[g]]),
    "card": (rf"(?P<{{g}}>{_CARD})", lambda m, g: _card(m[g])),
    "hand": (rf"[Tt]he (?P<{{g}}>{_ROLE}) hand", lambda m, g: m[g]),
    "player_hand": (rf"(?:(?P<{{g}}_player>[^()]+?) \(the (?P<{{g}}_role>{_ROLE}) hand\)"
                    rf"|[Tt]he (?P<{{g}}_alone>{_ROLE}) hand)",
                    lambda m, g: _player_hand(m.groupdict(), g)),
    "in_trick": (r"(?: in trick (?P<{g}>\d+))?", lambda m, g: m[g] and int(m[g])),
    "no_card_for": (r"(?:, with no card for trick (?P<{g}>\d+))?",
                    lambda m, g: m[g] and int(m[g])),
    "the_bid": (r"the bid(?:, (?P<{g}>\d+))?", lambda m, g: m[g] and int(m[g])),
    "shown": (rf"(?:a card|the (?P<{{g}}>{_CARD}))", lambda m, g: m[g] and _card(m[g])),
    "to_seat": (r"(?: to (?P<{g}>.+?))?", lambda m, g: m[g] and _seat(m[g])),
    "dealer_named": (r"(?: \((?P<{g}>[^()]+?)\))?", lambda m, g: m[g] and _seat(m[g])),
    "retaken": (r"(?P<{g}>the (?:elder|younger) hand .+?)", lambda m, g: _retaken(m[g])),
    "cards": (r"(?P<{g}>\d+) cards?", lambda m, g: int(m[g])),
    "discards": ("(?P<{g}>" + "|".join(re.escape(words) for words in engines.DISCARD_WORDS.values())
                 + ")", lambda m, g: _DISCARDS[m[g]]),
    "call": (r"(?P<{g}>a .+?)", lambda m, g: _call(m[g])),
}


class _Template:
    """One consequence's English template as a pattern, with how each value is read back."""

    def __init__(self, code: str, english: str) -> None:
        self.code = code
        self.english = english
        parts: list[str] = []
        self.readers: list[tuple[str, str, Callable[[re.Match[str], str], Any]]] = []
        seen: set[str] = set()
        for i, (literal, field, spec, _) in enumerate(string.Formatter().parse(english)):
            parts.append(re.escape(literal))
            if field is None:
                continue
            kind = (spec or "").lower()
            if kind not in _KINDS:
                raise KeyError(kind)
            pattern, read = _KINDS[kind]
            group = f"g{i}"
            parts.append(pattern.format(g=group))
            if field not in seen:  # a value said twice is read where it is said first
                seen.add(field)
                self.readers.append((field, group, read))
        self.pattern = re.compile("".join(parts))
        self.literal = len(re.sub(r"\{[^{}]*\}", "", english))

    def params(self, english: str) -> dict[str, Any] | None:
        """The values ``english`` says, by name, when it matches; else None."""
        m = self.pattern.fullmatch(english)
        if m is None:
            return None
        return {field: read(m, group) for field, group, read in self.readers}


@cache
def _templates() -> tuple[_Template, ...]:
    found = []
    for code, english in engines.CONSEQUENCE_WORDS.items():
        try:
            found.append(_Template(code, english))
        except KeyError:  # a kind of value not read back here: its sentence stays English
            continue
    return tuple(sorted(found, key=lambda t: -t.literal))


def coded(english: str) -> tuple[str, dict[str, Any], str] | None:
    """The consequence code, parameters and opening violation (``what``, its English) that
    make ``english`` again word for word (:func:`referee.violations.consequence_words`);
    None when no template does."""
    for template in _templates():
        try:
            params = template.params(english)
            if params is None:
                continue
            what = str(params.pop("what", ""))
            if engines.consequence_words(template.code, what, params) == english:
                return template.code, params, what
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    return None


def read_back(english: str, locale: str) -> str | None:
    """``english`` (an irregularity's consequence a ruling holds in words only) in
    ``locale``, from the code and values it is read back into (:func:`coded`); None when no
    template makes it, or the violation it opens with has no words in ``locale`` (then the
    English stays, marked)."""
    if locale == DEFAULT:
        return english
    found = coded(english)
    if found is None:
        return None
    code, params, what = found
    opening = what
    # A misdeal names its violation's part before the colon, when the sentence has one.
    head = _head_words(what, locale) if what and code in engines.HEAD_ONLY else None
    if head is not None:
        opening = head
    elif what:
        opening = reword(what + ".", locale)
        if opening == what + ".":
            return None
    try:
        return engines.consequence_words(code, opening, params, _Words(locale),
                                         CONSEQUENCE[code].translation(locale), False)
    except (KeyError, IndexError, TypeError, ValueError):
        return None


@cache
def _heads() -> tuple[_Template, ...]:
    """Each violation's sentence (:data:`referee.violations.MESSAGE_WORDS`) that has a
    colon, as its part before the colon, read back: what a misdeal's consequence opens
    with."""
    found = []
    for code, english in engines.MESSAGE_WORDS.items():
        head = _before_colon(english)
        if head is None:
            continue
        try:
            found.append(_Template(code, head))
        except (KeyError, ValueError):  # a kind of value not read back here
            continue
    return tuple(sorted(found, key=lambda t: -t.literal))


def _before_colon(template: str) -> str | None:
    """``template``'s text before its first colon outside a placeholder (``"{hand:Hand} was
    dealt {n:cards}"`` of ``"{hand:Hand} was dealt {n:cards}: each hand gets 12…"``); None
    when it has none."""
    made = ""
    for literal, field, spec, conversion in string.Formatter().parse(template):
        literal = literal.replace("{", "{{").replace("}", "}}")
        if ":" in literal:
            return made + literal.split(":")[0]
        made += literal
        if field is not None:
            made += "{" + field + ("!" + conversion if conversion else "") \
                + (":" + spec if spec else "") + "}"
    return None


def _head_words(head: str, locale: str) -> str | None:
    """``head`` (a violation's part before its colon, English) in ``locale``: the part
    before the colon of that violation's sentence worded from the values read back; None
    when no violation's sentence opens with it word for word."""
    for template in _heads():
        params = template.params(head)
        if params is None:
            continue
        try:
            if engines.Words().words(template.english, params) != head:
                continue
        except (KeyError, IndexError, TypeError, ValueError):
            continue
        worded = said(template.code, params, locale)
        if worded is not None:
            return worded.split(":")[0].rstrip()
    return None
