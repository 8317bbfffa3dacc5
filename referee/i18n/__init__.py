"""The players' languages (docs/translating.md): which locale an answer is worded in, and the
words of each locale, read from the gettext catalogs under ``referee/i18n/locales``.

English is the language the engines and the API word everything in; it needs no catalog.
Every other locale has one ``.po`` file, read into memory when first asked for (never
compiled into ``.mo`` files, never written at run time).  Each message has a key (the
``.po`` entry's ``msgctxt``) and its English template (the ``msgid``), registered once in
code by :func:`message`; a translation whose ``msgid`` no longer matches the English is not
used (the English is), and ``tests/test_i18n_catalogs.py`` names it.

>>> negotiate(["fr-CA", "en;q=0.5"])
'fr'
>>> negotiate(["xx"])
'en'
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Protocol, runtime_checkable

from babel import Locale, negotiate_locale
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal, list_currencies

#: The locales the service speaks, English first (the default).
LOCALES: tuple[str, ...] = ("en", "fr", "de", "pl")
DEFAULT = "en"

#: Where each locale's catalog lives: ``<lang>/LC_MESSAGES/messages.po``.
CATALOG_DIR = Path(__file__).parent / "locales"

_PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")


@dataclass(frozen=True, slots=True)
class Message:
    """One message: its ``key`` (``"finding.pitch.bid_legal"``) and its ``english`` template
    (``str.format`` placeholders such as ``{bid}``).  A message said of a count ("1 trick",
    "5 tricks") also has its ``english_plural`` (the ``.po`` entry's ``msgid_plural``) and
    names the parameter that holds the ``count``: each locale's entry has one form per
    plural category of its language (:func:`categories`)."""

    key: str
    english: str
    english_plural: str | None = None
    count: str = "n"

    def __call__(self, locale: str, **params: object) -> str:
        """The message in ``locale`` with ``params`` filled in (the English when the locale
        has no current translation of it); a plural message in the form its count needs.

        :raises KeyError: a placeholder with no parameter (a ruling stored without them)."""
        return translation(locale, self, _count(params.get(self.count))).format(**params)

    def translation(self, locale: str, count: int | float | None = None) -> str:
        """The template in ``locale`` (:func:`translation`); a plural message's form for
        ``count``."""
        return translation(locale, self, count)

    def said(self, **params: object) -> Said:
        """The English sentence of this message with ``params``, keeping them: worded in
        another locale at the edge (:meth:`Said.words`)."""
        return Said(self, params)


@runtime_checkable
class Worded(Protocol):
    """A value that has words in every locale (a :class:`Said`, a violation's sentence)."""

    def words(self, locale: str) -> str:
        """The value in ``locale``'s words."""


class Said(str):
    """A sentence made from a registered message and its parameters: the English text
    itself (a ``str``: English answers are the same text, byte for byte), keeping its
    ``message`` and ``params`` so that the edge words it in the answer's locale
    (:meth:`words`) instead of reading the English back.  A parameter that is
    :class:`Worded` (a Said within) is worded in the same locale."""

    message: Message
    params: dict[str, object]

    def __new__(cls, found: Message, params: Mapping[str, object]) -> Said:
        made = super().__new__(cls, found(DEFAULT, **params))
        made.message, made.params = found, dict(params)
        return made

    def words(self, locale: str) -> str:
        """The sentence in ``locale`` (its English when the locale has no current
        translation of the message)."""
        if locale == DEFAULT:
            return str(self)
        return self.message(locale, **{name: value.words(locale) if isinstance(value, Worded)
                                       else value for name, value in self.params.items()})


def _count(value: object) -> int | float | None:
    """A count given as a parameter (a number, or a number written as text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal):
        return value if isinstance(value, int | float) else float(value)
    try:
        return int(str(value))
    except ValueError:
        return None


#: Every message the code words, by key (filled by :func:`message` as modules are imported).
MESSAGES: dict[str, Message] = {}


def message(key: str, english: str) -> Message:
    """Register the message ``key`` with its ``english`` template, once.

    :raises ValueError: ``key`` registered already with other words.
    """
    return _register(Message(key, english))


def plural_message(key: str, one: str, other: str, count: str | None = None) -> Message:
    """Register the message ``key`` said of a count, the parameter ``count``: its English
    for one (``"{n} trick"``) and for any other number (``"{n} tricks"``), a gettext plural
    entry (``msgid``/``msgid_plural``) in every catalog.  Without ``count``, the count is
    the last placeholder before the first word the two forms part on ("{player} exchanged
    {n} cards": ``n``).

    :raises ValueError: ``key`` registered already with other words, or no count found.
    """
    if count is None:
        parts = next((i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
                     min(len(one), len(other)))
        before = [m.group(1) for m in _PLACEHOLDER.finditer(other) if m.start() < parts]
        if not before:
            raise ValueError(f"message {key!r}: which placeholder is the count?")
        count = before[-1]
    return _register(Message(key, one, other, count))


def _register(made: Message) -> Message:
    found = MESSAGES.get(made.key)
    if found is not None and found != made:
        raise ValueError(f"message {made.key!r} registered twice with different words")
    MESSAGES[made.key] = made
    return made


def placeholders(template: str) -> set[str]:
    """The names a template fills in: ``"{a} and {b:+d}"`` → ``{"a", "b"}``."""
    return set(_PLACEHOLDER.findall(template))


def template_pattern(template: str) -> re.Pattern[str]:
    """A template as a pattern that reads its English back: each plain placeholder
    (``{name}``) a named group of any text, the rest literal (``"{n} tricks"`` matches
    ``"5 tricks"``, ``n`` = ``"5"``)."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                              for i, part in enumerate(parts)))


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalog entry as read: the English it translates (``msgid``), the translation
    (``msgstr``, "" when none), whether it is marked ``fuzzy``."""

    english: str
    text: str
    fuzzy: bool
    #: A plural entry's ``msgid_plural`` and its forms (``msgstr[0]``…), in the order of
    #: :func:`categories`; None and () for a plain entry.
    english_plural: str | None = None
    forms: tuple[str, ...] = ()


@cache
def catalog(locale: str) -> Mapping[str, Entry]:
    """The catalog of ``locale`` by key (``msgctxt``), read from its ``.po`` file once per
    process; empty for English or a locale without a file."""
    path = CATALOG_DIR / locale / "LC_MESSAGES" / "messages.po"
    if locale == DEFAULT or not path.exists():
        return {}
    with path.open("rb") as handle:
        read = read_po(handle, locale=locale)
    entries: dict[str, Entry] = {}
    for item in read:
        if not item.id or item.context is None:
            continue
        if isinstance(item.id, str):
            text = item.string if isinstance(item.string, str) else ""
            entries[item.context] = Entry(item.id, text, item.fuzzy)
            continue
        forms = (item.string,) if isinstance(item.string, str) else tuple(item.string or ())
        entries[item.context] = Entry(item.id[0], forms[0] if forms else "", item.fuzzy,
                                      item.id[1], forms)
    return entries


def translation(locale: str, found: Message, count: int | float | None = None) -> str:
    """The template of ``found`` in ``locale``: its translation when the catalog has a
    current one (not fuzzy, made from the same English, every plural form written), else
    the English.  A plural message takes the form of ``count``'s plural category in the
    locale (1 when no count is given): Polish "1 lewa", "2 lewy", "5 lew"."""
    entry = catalog(locale).get(found.key)
    if found.english_plural is None:
        if entry is None or not entry.text or entry.fuzzy or entry.english != found.english:
            return found.english
        return entry.text
    n = 1 if count is None else count
    if entry is not None and plural_entry_complete(locale, entry, found):
        kinds = categories(locale)
        kind = plural(locale, n)
        return entry.forms[kinds.index(kind) if kind in kinds else len(kinds) - 1]
    return found.english if plural(DEFAULT, n) == "one" else found.english_plural


def plural_entry_complete(locale: str, entry: Entry, found: Message) -> bool:
    """Whether ``entry`` is a current translation of the plural message ``found`` in
    ``locale``: not fuzzy, made from the same two English forms, and with a form written
    for every plural category of the locale."""
    return (not entry.fuzzy and entry.english == found.english
            and entry.english_plural == found.english_plural
            and len(entry.forms) == len(categories(locale)) and all(entry.forms))


@cache
def categories(locale: str) -> tuple[str, ...]:
    """The CLDR plural category of each form a plural catalog entry of ``locale`` carries,
    in ``msgstr[0]``, ``msgstr[1]``… order: the forms of the catalog's ``Plural-Forms``
    (Babel's gettext rule for the language), each named by the CLDR category of the whole
    numbers it is chosen for — ``("one", "other")`` (en, de), ``("one", "many", "other")``
    (fr: 1 000 000 de points), ``("one", "few", "many")`` (pl: 1 punkt, 2 punkty,
    5 punktów; the CLDR "other" of Polish is for fractions only, which no count is).

    :raises ValueError: the gettext rule and the CLDR rule part on some whole number."""
    rule = get_plural(locale)
    choose = gettext.c2py(rule.plural_expr)
    found: dict[int, str] = {}
    for n in (*range(1001), 1_000_000, 2_000_000):
        index, kind = choose(n), plural(locale, n)
        if found.setdefault(index, kind) != kind:
            raise ValueError(f"{locale}: form {index} is both {found[index]} and {kind}")
    if sorted(found) != list(range(rule.num_plurals)):
        raise ValueError(f"{locale}: forms {sorted(found)} of {rule.num_plurals}")
    return tuple(found[i] for i in range(rule.num_plurals))


def negotiate(preferred: Iterable[str]) -> str:
    """The locale to answer in, from the client's languages in order of preference (an
    Accept-Language header's values, best first, ``;q=`` parts allowed): the first one
    spoken, a region falling back to its language (``fr-CA`` → ``fr``), else English."""
    tags = [p.split(";", 1)[0].strip().replace("_", "-").lower() for p in preferred]
    found = negotiate_locale([t for t in tags if t and t != "*"], LOCALES, sep="-")
    return found if found in LOCALES else DEFAULT


def plural(locale: str, count: int | float) -> str:
    """The CLDR plural category of ``count`` in ``locale`` ("one", "few", "many", "other"):
    Polish says 1 punkt, 2 punkty, 5 punktów."""
    return str(Locale.parse(locale).plural_form(count))


def number(value: int | float | Decimal, locale: str) -> str:
    """``value`` written the locale's way: 1234.5 → "1,234.5" (en), "1 234,5" (fr)."""
    return str(format_decimal(value, locale=locale))


def money(amount: int | float | Decimal | str, currency: str | None, locale: str) -> str:
    """An amount in ``currency`` (an ISO 4217 code such as "EUR"), written the locale's way:
    "€41.20" (en), "41,20 €" (fr, de), "41,20 €" (pl); a currency that is no ISO code
    ("points") after the number ("41,20 points"); without a currency, the number with two
    decimals."""
    value = Decimal(str(amount))
    plain = str(format_decimal(value, format="#,##0.00", locale=locale))
    if not currency:
        return plain
    if currency.upper() not in _CURRENCIES:  # a word of the table's own ("points", "zł")
        return f"{plain}\u00a0{currency}"
    return str(format_currency(value, currency.upper(), locale=locale))


#: The ISO 4217 codes Babel knows, which it writes the locale's way.
_CURRENCIES = frozenset(list_currencies())
