"""The command line's own words (``referee``, docs/format.md), one message per sentence
(``cli.<name>``), and the language it speaks: ``--lang``, else the environment's
``REFEREE_LANG``, ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first set), else English.

A problem of a record file is worded from its message code and parameters
(:func:`problem_words`), as the API words it; what the server answers, it answers in the
language the command asks for (``Accept-Language``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from referee.i18n import DEFAULT, Message, message, negotiate, plural_message
from referee.i18n.schema import said as schema_said
from referee.i18n.sentences import reword, said

#: The environment variables that name the language, in the order they are read (POSIX's,
#: after the command's own).
LANGUAGE_VARIABLES = ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

#: Each sentence's English; one said of a count has its forms for one and for other numbers.
_WORDS: dict[str, str | tuple[str, str]] = {
    "deal": "(deal {n})",
    "at": "at {location}",
    "unreachable": "referee: cannot reach {url}: {reason}",
    "refused": "referee: the server answered {status} {title}: {detail}",
    "import.made": ("Match {id} ({game}): {deals} deal, {standings}",
                    "Match {id} ({game}): {deals} deals, {standings}"),
    "import.token": "{kind} token: {value}",
    "import.recovery": "recovery code: {code}",
    "import.disputed": "disputed, until their cards rule them: deals {deals}",
    "export.written": "{file}: match {id}",
    "verify.no_head": "the file has no ledger_head to check",
    "verify.intact": ("Intact: {events} event, head {events}:{head}",
                      "Intact: {events} events, head {events}:{head}"),
    "verify.same": "the file's head {seq}: the ledger is as the file has it",
    "verify.extended": "the file's head {seq}: the ledger leads there and has gone on since",
    "verify.behind": "Not intact: the ledger is behind the file's head (cut short), at event "
                     "{at}",
    "verify.diverged": "Not intact: the ledger is not the one the file's head was taken from "
                       "(rewritten), at event {at}",
    "verify.broken": "Not intact: the chain is broken, at event {at}",
    # referee score: each deal as players read it
    "score.deal": "{where}: deal {number}, by {level}",
    "score.deal_of_file": "{where}: deal {n} of the file, by {level}",
    "score.level.cards": "cards",
    "score.level.sheet": "sheet",
    "score.level.totals": "totals",
    "score.line": "Score: {line}",
    "score.broken": "Rule broken [{rule}]: {message}",
    "score.agrees": "The table's claim agrees.",
    "score.parts": "The table's claim parts from the cards at {at}:",
    "score.difference": "{step} [{rule}]: the cards give {ruling}, the table {claim}{why}",
    # referee settle: the partie's settlement (Q9)
    "settle.not_piquet": "{file}: only a Piquet partie is settled.",
    "settle.bad_stake": "{file}: the stake {stake} is not a number.",
    "settle.totals": "Totals: {totals}",
    "settle.drawn": "The partie is drawn: nobody pays.",
    "settle.pays": ("{loser} pays {winner} {payment} point{amount}.",
                    "{loser} pays {winner} {payment} points{amount}."),
    "settle.pays.rubiconed": ("{loser} (rubiconed) pays {winner} {payment} point{amount}.",
                              "{loser} (rubiconed) pays {winner} {payment} points{amount}."),
}

#: Each sentence of the command line, by its name.
WORDS: dict[str, Message] = {
    name: message(f"cli.{name}", english) if isinstance(english, str)
    else plural_message(f"cli.{name}", *english) for name, english in _WORDS.items()}


def language(given: str | None, environ: Mapping[str, str] | None = None) -> str:
    """The locale the command speaks: ``given`` (``--lang``), else the first language
    variable set (:data:`LANGUAGE_VARIABLES`; ``fr_FR.UTF-8`` → ``fr``), else English."""
    env = os.environ if environ is None else environ
    for value in (given, *(env.get(name) for name in LANGUAGE_VARIABLES)):
        if value:
            tag = value.split(".", 1)[0].split("@", 1)[0]
            return DEFAULT if tag in ("C", "POSIX") else negotiate([tag])
    return DEFAULT


def words(name: str, locale: str, **params: object) -> str:
    """The sentence ``name`` of :data:`WORDS` in ``locale`` with ``params`` filled in."""
    return WORDS[name](locale, **params)


def problem_words(message_code: str, params: Mapping[str, object], english: str,
                  locale: str) -> str:
    """A record file's problem in ``locale``, from its message code and parameters; one of
    the deal's shape (marshmallow's, :mod:`referee.i18n.schema`) from the messages its
    ``english`` keeps; any other by the templates its English matches, as the API rewords
    it (:func:`referee.i18n.sentences.reword`); its ``english`` as it is otherwise."""
    if locale == DEFAULT:
        return english
    if not message_code:
        worded = schema_said(english, locale)
        return reword(english, locale) if worded is english else str(worded)
    return said(message_code, params, locale) or english
