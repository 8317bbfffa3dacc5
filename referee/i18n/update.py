"""Bring every locale's catalog up to the messages the code registers:
``python -m referee.i18n.update`` (``make i18n``; docs/translating.md).

Each ``.po`` file is rewritten in the registry's order: a new message gets an empty
translation, a message whose English changed keeps its old translation marked fuzzy (not
used until a translator checks it and removes the mark), a message no longer registered is
dropped.  Nothing else is generated: the ``.po`` files are read as they are at start-up.
"""

from __future__ import annotations

import importlib
import sys
from datetime import UTC, datetime

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from referee.i18n import CATALOG_DIR, DEFAULT, LOCALES, MESSAGES

#: The header's dates, fixed: a run that changes no message changes no file.
_FIXED = datetime(2026, 11, 27, tzinfo=UTC)


def load_every_message() -> None:
    """Import every module that registers messages, so :data:`MESSAGES` is whole."""
    import referee.api.rules
    import referee.i18n.findings
    import referee.i18n.page
    import referee.i18n.sentences  # noqa: F401

    # after the rest, so that the command line's messages come last in the catalogs
    importlib.import_module("referee.i18n.command_line")


def update(locale: str) -> list[str]:
    """Rewrite ``locale``'s catalog; return the keys that still want words."""
    path = CATALOG_DIR / locale / "LC_MESSAGES" / "messages.po"
    old: dict[str, tuple[str, str, bool]] = {}
    if path.exists():
        with path.open("rb") as handle:
            for item in read_po(handle, locale=locale):
                if item.id and item.context:
                    old[item.context] = (str(item.id), str(item.string), item.fuzzy)
    fresh = Catalog(locale=locale, project="referee", version="1", charset="utf-8",
                    fuzzy=False, creation_date=_FIXED, revision_date=_FIXED,
                    copyright_holder="the referee project", msgid_bugs_address="-",
                    last_translator="the referee project", language_team="-")
    wanting = []
    for key, found in MESSAGES.items():
        english, text, fuzzy = old.get(key, (found.english, "", False))
        flags = ["fuzzy"] if text and (fuzzy or english != found.english) else []
        fresh.add(found.english, text, context=key, flags=flags)
        if not text or flags:
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
