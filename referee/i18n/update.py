"""Bring every locale's catalog up to the messages the code registers:
``python -m referee.i18n.update`` (``make i18n``; docs/translating.md).

Each ``.po`` file is rewritten in the registry's order: a new message gets an empty
translation, a message whose English changed keeps its old translation marked fuzzy (not
used until a translator checks it and removes the mark), a message no longer registered is
dropped.  A message said of a count is a plural entry (``msgid_plural``, one ``msgstr[i]``
per form of the language's ``Plural-Forms``); a plain entry turned plural keeps its old words
as the first form, marked fuzzy, the other forms empty.  Nothing else is generated: the
``.po`` files are read as they are at start-up.
"""

from __future__ import annotations

import importlib
import sys
from datetime import UTC, datetime

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from referee.i18n import CATALOG_DIR, DEFAULT, LOCALES, MESSAGES, categories

#: The header's dates, fixed: a run that changes no message changes no file.
_FIXED = datetime(2026, 11, 27, tzinfo=UTC)


def load_every_message() -> None:
    """Import every module that registers messages, so :data:`MESSAGES` is whole."""
    import referee.api.rules
    import referee.i18n.details
    import referee.i18n.findings
    import referee.i18n.page
    import referee.i18n.results
    import referee.i18n.sentences  # noqa: F401

    # after the rest, so that the command line's messages come last in the catalogs
    importlib.import_module("referee.i18n.command_line")


def update(locale: str) -> list[str]:
    """Rewrite ``locale``'s catalog; return the keys that still want words."""
    path = CATALOG_DIR / locale / "LC_MESSAGES" / "messages.po"
    old: dict[str, tuple[tuple[str, ...], tuple[str, ...], bool]] = {}
    if path.exists():
        with path.open("rb") as handle:
            for item in read_po(handle, locale=locale):
                if item.id and item.context:
                    ids = (item.id,) if isinstance(item.id, str) else tuple(item.id)
                    strings = ((item.string,) if isinstance(item.string, str)
                               else tuple(item.string or ()))
                    old[item.context] = (ids, strings, item.fuzzy)
    fresh = Catalog(locale=locale, project="referee", version="1", charset="utf-8",
                    fuzzy=False, creation_date=_FIXED, revision_date=_FIXED,
                    copyright_holder="the referee project", msgid_bugs_address="-",
                    last_translator="the referee project", language_team="-")
    wanting = []
    forms = len(categories(locale))
    for key, found in MESSAGES.items():
        english = ((found.english,) if found.english_plural is None
                   else (found.english, found.english_plural))
        ids, texts, fuzzy = old.get(key, (english, (), False))
        if len(english) == 2:  # a plural entry: one form per plural category of the locale
            texts = (texts + ("",) * forms)[:forms] if len(ids) == 2 else (
                (texts[0],) + ("",) * (forms - 1) if texts and texts[0] else ("",) * forms)
        else:
            texts = texts[:1] or ("",)
        flags = ["fuzzy"] if any(texts) and (fuzzy or ids != english) else []
        fresh.add(english if len(english) == 2 else english[0],
                  texts if len(english) == 2 else texts[0], context=key, flags=flags)
        if not all(texts) or flags:
            wanting.append(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, fresh, width=100, no_location=True)
    return wanting


def main() -> int:
    """Update every locale's catalog; print what each still wants."""
    load_every_message()
    for locale in LOCALES:
        if locale == DEFAULT:
            continue
        wanting = update(locale)
        print(f"{locale}: {len(MESSAGES)} messages, {len(wanting)} want words"
              + (": " + ", ".join(wanting) if wanting else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
