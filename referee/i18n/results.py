"""A match's result in words at the edge (docs/translating.md): what makes a provisional result
final (``provisional_result.message``, Q9, P7, docs/records.md "Entry and agreement"), made
from the deals and phones it carries, and why a result is withheld while a deal is disputed
(``settlement_withheld``), made from the deals disputed.

The match layer words it in English (:class:`referee.match.commands.ProvisionalResult`); the
edge words it again from ``deals`` and ``confirm`` with the messages registered here, and only
where their English is the match layer's sentence word for word (else the sentence stays as
it is).

>>> result = {"deals": [5, 6], "confirm": [{"deal": 5, "by": ["seat:Ann"]},
...                                        {"deal": 6, "by": ["seat:Ann"]}],
...           "message": "Provisional until deals 5 and 6 are confirmed, from Ann's phone."}
>>> provisional_words(result, "piquet", "fr")
'Provisoire tant que les donnes 5 et 6 ne sont pas confirmées, depuis le téléphone de Ann.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.i18n import DEFAULT, message
from referee.i18n.findings import ITEMS
from referee.i18n.sentences import OR
from referee.i18n.terms import AND

#: Until which deals (Piquet) or hands (Pitch) the result is provisional: one, or several.
_UNTIL = {
    ("deal", False): message("result.provisional.deal", "Provisional until deal {n} is confirmed"),
    ("deal", True): message("result.provisional.deals",
                            "Provisional until deals {numbers} are confirmed"),
    ("hand", False): message("result.provisional.hand", "Provisional until hand {n} is confirmed"),
    ("hand", True): message("result.provisional.hands",
                            "Provisional until hands {numbers} are confirmed"),
}
#: The phones that may confirm: the same for every deal, or each deal's own.
_FROM_ALL = message("result.provisional.from", "{until}, from {phones}.")
_FROM_EACH = message("result.provisional.each", "{until}: {each}.")
_EACH = {"deal": message("result.provisional.deal_from", "deal {n} from {phones}"),
         "hand": message("result.provisional.hand_from", "hand {n} from {phones}")}
#: A phone that may confirm: the shared one (the write token's), a seat's, or none yet.
_SHARED = message("result.phone.shared", "the shared phone")
_SEAT = message("result.phone.seat", "{name}'s phone")
_NONE = message("result.phone.none", "the phone of a player of the other side, once given a "
                                     "seat")


def provisional_words(result: Mapping[str, Any], game: str | None, locale: str) -> str:
    """``result`` (a match's ``provisional_result``: ``{"deals": [n…], "confirm": [{"deal",
    "by": [credential…]}], "message"}``) in ``locale``: its ``message`` made again from its
    deals and phones, a Piquet deal or a Pitch hand as ``game`` says; the message as it is
    when the English of these templates is not that message word for word (or the game is
    not known)."""
    english = str(result.get("message", ""))
    if game not in ("pitch", "piquet"):
        return english
    word = "deal" if game == "piquet" else "hand"
    try:
        if _made(result, word, DEFAULT) != english:
            return english
        return _made(result, word, locale)
    except (KeyError, TypeError, ValueError, IndexError):
        return english


#: Why the result waits: a deal is disputed (Q9, P7), in a Piquet partie or a Pitch match.
_WITHHELD = {
    "piquet": message("result.withheld.partie", "Deal {which} is disputed: the partie is settled "
                      "once its cards are entered and ruled (or the dispute is undone)."),
    "pitch": message("result.withheld.match", "Deal {which} is disputed: the match is settled "
                     "once its cards are entered and ruled (or the dispute is undone)."),
}


def withheld_words(match: Mapping[str, Any], game: str | None, locale: str) -> str:
    """``match``'s ``settlement_withheld`` (why its result waits) in ``locale``, made from its
    ``disputed`` deals; as it is when these templates do not make its English word for word.
    """
    english = str(match.get("settlement_withheld", ""))
    found = _WITHHELD.get(game or "")
    if found is None:
        return english
    which = ", ".join(str(n) for n in match.get("disputed") or ())
    if found(DEFAULT, which=which) != english:
        return english
    return found(locale, which=which)


def _made(result: Mapping[str, Any], word: str, locale: str) -> str:
    confirm = [(int(c["deal"]), tuple(str(p) for p in c["by"])) for c in result["confirm"]]
    numbers = [str(n) for n, _ in confirm]
    if len(numbers) == 1:
        until = _UNTIL[word, False](locale, n=numbers[0])
    else:
        until = _UNTIL[word, True](locale, numbers=_either(numbers, AND(locale), locale))
    if len({phones for _, phones in confirm}) == 1:
        return _FROM_ALL(locale, until=until, phones=_phones(confirm[0][1], locale))
    each = ITEMS(locale).join(_EACH[word](locale, n=n, phones=_phones(phones, locale))
                              for n, phones in confirm)
    return _FROM_EACH(locale, until=until, each=each)


def _phones(credentials: Sequence[str], locale: str) -> str:
    """The phones of these credentials ("write token", "seat:Ann") in words."""
    if not credentials:
        return _NONE(locale)
    return _either([_SHARED(locale) if c == "write token"
                    else _SEAT(locale, name=c.removeprefix("seat:")) for c in credentials],
                   OR(locale), locale)


def _either(words: Sequence[str], conjunction: str, locale: str) -> str:
    """"a", "a or b", "a, b or c" (``conjunction`` with its spaces: " or ")."""
    if len(words) == 1:
        return words[0]
    return ITEMS(locale).join(words[:-1]) + conjunction + words[-1]
