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

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path

from babel import Locale, negotiate_locale
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
    (``str.format`` placeholders such as ``{bid}``)."""

    key: str
    english: str

    def __call__(self, locale: str, **params: object) -> str:
        """The message in ``locale`` with ``params`` filled in (the English when the locale
        has no current translation of it).

        :raises KeyError: a placeholder with no parameter (a ruling stored without them)."""
        return translation(locale, self).format(**params)

    def translation(self, locale: str) -> str:
        """The template in ``locale`` (:func:`translation`)."""
        return translation(locale, self)


#: Every message the code words, by key (filled by :func:`message` as modules are imported).
MESSAGES: dict[str, Message] = {}


def message(key: str, english: str) -> Message:
    """Register the message ``key`` with its ``english`` template, once.

    :raises ValueError: ``key`` registered already with other words.
    """
    found = MESSAGES.get(key)
    if found is not None and found.english != english:
        raise ValueError(f"message {key!r} registered twice with different words")
    MESSAGES[key] = made = Message(key, english)
    return made


def placeholders(template: str) -> set[str]:
    """The names a template fills in: ``"{a} and {b:+d}"`` → ``{"a", "b"}``."""
    return set(_PLACEHOLDER.findall(template))


@dataclass(frozen=True, slots=True)
class Entry:
    """One catalog entry as read: the English it translates (``msgid``), the translation
    (``msgstr``, "" when none), whether it is marked ``fuzzy``."""

    english: str
    text: str
    fuzzy: bool


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
        english = item.id if isinstance(item.id, str) else item.id[0]
        text = item.string if isinstance(item.string, str) else (item.string or ("",))[0]
        entries[item.context] = Entry(english, text, item.fuzzy)
    return entries


def translation(locale: str, found: Message) -> str:
    """The template of ``found`` in ``locale``: its translation when the catalog has a
    current one (not fuzzy, made from the same English), else the English."""
    entry = catalog(locale).get(found.key)
    if entry is None or not entry.text or entry.fuzzy or entry.english != found.english:
        return found.english
    return entry.text


def negotiate(preferred: Iterable[str]) -> str:
    """The locale to answer in, from the client's languages in order of preference (an
    Accept-Language header's values, best first, ``;q=`` parts allowed): the first one
    spoken, a region falling back to its language (``fr-CA`` → ``fr``), else English."""
    tags = [p.split(";", 1)[0].strip().replace("_", "-").lower() for p in preferred]
    found = negotiate_locale([t for t in tags if t and t != "*"], LOCALES, sep="-")
    return found if found in LOCALES else DEFAULT


def plural(locale: str, count: int) -> str:
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
