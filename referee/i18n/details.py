"""The sentences of the problems the HTTP layer answers (a problem's ``detail``), each a
registered message made with its parameters where it is raised (:meth:`Message.said`), and
worded in the answer's language at the edge from the message and its parameters
(:class:`referee.i18n.Said`; docs/translating.md).  English answers are the English
templates filled in, as they always were.

Registered here too: the sentences an event, a club's player list and a token are refused
with (their English templates in :data:`referee.events.REFUSAL_WORDS`,
:data:`referee.events.players.CLUB_WORDS`, :data:`referee.store.tokens.TOKEN_WORDS`: the
error keeps the key and its values), as ``event.*``, ``club.*`` and ``token.*``.
"""

from __future__ import annotations

from collections.abc import Mapping

from werkzeug.exceptions import MethodNotAllowed, NotFound

from referee.events.model import REFUSAL_WORDS
from referee.events.players import CLUB_WORDS
from referee.i18n import DEFAULT, Message, Said, message, plural_message, template_pattern
from referee.store.tokens import TOKEN_WORDS

#: Werkzeug's own description of a 404 and a 405 (a route that is not there, a method a
#: route does not take), by status.
HTTP: dict[int, Message] = {
    404: message("detail.http.404", str(NotFound.description)),
    405: message("detail.http.405", str(MethodNotAllowed.description)),
}

# If-Match (design.md, "Concurrency")
IF_MATCH_ANY = message(
    "detail.if_match.any", "If-Match: * could record this twice (two phones sending the same "
    "entry): send the ETag of the match as you last read it, e.g. \"v12\".")
IF_MATCH_BAD = message("detail.if_match.bad",
                       "If-Match must be the ETag of the match as last read, e.g. \"v12\".")
IF_MATCH_MISSING = message(
    "detail.if_match.missing", "Say which version of the match you are adding to: send "
    "If-Match with its ETag (or expected_version in the body), so two phones cannot "
    "overwrite each other.")
STALE = message("detail.stale",
                "The match has changed since you read it: here is its current state.")
#: An event's or a club's 412, by what changed.
STALE_OWNER = {noun: message(f"detail.stale.{noun}", f"The {noun} has changed since you "
                             "read it: here it is as it stands.") for noun in ("event", "club")}
KEY_REUSED = message("detail.key_reused",
                     "This Idempotency-Key was already used for a different request.")

# What is not there
NO_MATCH = message("detail.no_match", "There is no match {id!r}.")
NO_EVENT_TABLE = message("detail.no_event_table",
                         "The event has no table {number} in round {round}.")
RULES_NOT_FOUND = message(
    "detail.rules_not_found", "There is no section or page {name!r} of the rules: sections "
    "are P1-P10 (Pitch), Q1-Q12 (Piquet) and V1-V15 (Pitch with more points), and the laws "
    "of Piquet PT 1-78; the contents are at /rules/.")

# What the request sends, refused (a header, a query, the body's shape)
KEY_LENGTH = message("detail.idempotency_key_length",
                     "Idempotency-Key must be 1 to 255 characters.")
LEDGER_HEAD = message("detail.ledger_head", "head is SEQ:HASH, as a match's head gives them.")
CURSOR = message("detail.cursor", "The cursor is the next_cursor of the previous page.")
NESTED = message("detail.nested", "The request body is nested too deeply.")
RECORD_MEDIA = message("detail.record_media", "Send the record file as {media}.")
RECORD_UTF8 = message("detail.record_utf8", "A record file is UTF-8 text.")

# Live updates refused (docs/security.md, "Limits and their defaults"), and why: by the
# count that is full
STREAMS = message("detail.streams", "No live updates for now: {why}. Read the match with GET "
                  "(If-None-Match) and try the stream again in {seconds} s.")
STREAMS_WHY = {limit: message(f"detail.streams.{limit}", english) for limit, english in (
    ("token", "this token already has {cap} live-update streams open here"),
    ("match", "this match already has {cap} live-update streams open here"),
    ("address", "your network address already has {cap} live-update streams open here"),
    ("server", "the server holds as many live-update streams as it can ({cap})"),
)}

# The body, read before the app (referee/api/serving.py)
TOO_LARGE = message("detail.too_large", "The request body is larger than {limit} bytes.")
TIMEOUT = message("detail.timeout", "The request body did not arrive in time; send it again.")

# A record ruled on (Q11, P9)
NOT_SCORABLE = message("detail.not_scorable",
                       "The record breaks the rules too badly to be ruled on: {first}")
#: A step or deal a match refuses (rule-violation): nothing recorded, the first reason why.
NOT_RECORDED = message("detail.not_recorded.first", "Not recorded: {first}")

# Credentials
CREDENTIAL_REPLACED = message("detail.credential_replaced",
                              "This credential is not valid (wrong, or replaced).")
METRICS_TOKEN = message("detail.metrics_token",
                        "GET /metrics needs REFEREE_METRICS_TOKEN's token.")

# A retry's credentials not handed out again (410): why, and how to get back in (``{id}``:
# the match's, the event's or the club's id)
NOT_REPLAYED = message("detail.not_replayed", "This request was answered already and its "
                       "credentials are not handed out again: {why}. {how}")
NOT_REPLAYED_WHY = {
    "old": message("detail.not_replayed.old",
                   "it was first answered more than {minutes} minutes ago"),
    "written": message("detail.not_replayed.written", "what it made has been written to since"),
    "replaced": message("detail.not_replayed.replaced", "they have been replaced since"),
}
HOW: dict[str, Message] = {name: message(f"detail.how.{name}", english) for name, english in (
    ("recover", "With the match's recovery code, POST /v1/matches/{id}/tokens:recover makes "
                "new tokens."),
    ("seats", "The write token makes new seat credentials: POST /v1/matches/{id}/seats (the "
              "old ones stop working)."),
    ("relink", "Ask for new links again (POST …/rounds/{round}/tables/{table}/links): the old "
               "ones are replaced."),
    ("round", "A round's credentials are handed out once: the tables that took them up keep "
              "them, and the organiser gets new links for a table (POST "
              "…/rounds/<n>/tables/<n>/links; the old ones stop working)."),
    ("event", "An event's tokens are handed out once, to its create: create the event anew."),
    ("club", "A club's tokens are handed out once, to its create: create the club anew."),
)}

# Limits (docs/security.md)
QUOTA = message(
    "detail.quota", "Too many matches were created from your address lately (at most {limit} "
    "in {window}). Try again in {wait}.")
EXPIRED = message("detail.expired", "This match recorded no deal within {within} of its "
                  "creation and has expired: create a new one.")
LEDGER_FULL = message(
    "detail.ledger_full", "This match holds the most events a match may hold ({limit}): "
    "nothing more is recorded on it. Start a new match to go on.")
LEDGER_TAMPERED = message(
    "detail.ledger_tampered", "The ledger of this match does not verify at event {seq}: it "
    "was changed outside the referee. Nothing is served or recorded from it; the operator "
    "can inspect it with 'flask db verify'.")
#: A time in words, by its unit: "45 seconds", "2 minutes", "1 hour", "1 day".
DURATION = {unit: plural_message(f"term.duration.{unit}", f"{{n}} {unit}", f"{{n}} {unit}s")
            for unit in ("day", "hour", "minute", "second")}

# Database faults (referee/api/handlers.py database_fault) and a bug
DATABASE_UNAVAILABLE = message(
    "detail.database.unavailable", "The referee's database cannot be reached just now; "
    "nothing was stored. Try again shortly.")
DATABASE_BUSY = message(
    "detail.database.busy", "The referee's database stayed busy longer than it waits; "
    "nothing was stored. Try again.")
STORAGE_FULL = message(
    "detail.database.full", "The referee's database has run out of disk space; nothing was "
    "stored. The operator must free space; try again later.")
WRITE_OUTCOME_UNKNOWN = message(
    "detail.database.unknown", "The connection to the database was lost while this write "
    "was being committed: it may or may not have been stored. Send it again with the same "
    "Idempotency-Key: the answer then says what was recorded (never twice).")
# /readyz, for the operator (docs/operations.md)
PROBE_TIMEOUT = message("detail.readyz.timeout",
                        "The database did not answer within {seconds:g} s.")
PROBE_UNREACHABLE = message("detail.readyz.unreachable", "The database cannot be reached.")
MIGRATIONS = message("detail.readyz.migrations", "The database lacks migrations: {pending} "
                     "(run `flask --app wsgi db upgrade`).")
DISK_LOW = message("detail.readyz.disk", "The database's disk has {free} KiB free, less than "
                   "the {needed} KiB a write needs (REFEREE_MIN_FREE_BYTES): writes would fail.")
UNEXPECTED = message("detail.unexpected",
                     "The referee failed unexpectedly; the request stored nothing.")

#: The refusals of an event (E1–E14), a club's player list (E13) and a token, by key.
REFUSALS: dict[str, Message] = {
    **{f"event.{key}": message(f"event.{key}", english)
       for key, (_, english) in REFUSAL_WORDS.items()},
    **{f"club.{key}": message(f"club.{key}", english) for key, english in CLUB_WORDS.items()},
    **{f"token.{key}": message(f"token.{key}", english) for key, english in TOKEN_WORDS.items()},
}


def duration(seconds: int) -> Said:
    """``seconds`` in words a player reads: "45 seconds", "2 minutes", "1 hour" (the largest
    unit it is a whole number of, or at least two of)."""
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if (seconds >= size and seconds % size == 0) or seconds >= 2 * size:
            return DURATION[unit].said(n=round(seconds / size))
    return DURATION["second"].said(n=seconds)


def refusal(english: str, words: str | None, params: Mapping[str, object]) -> str:
    """A refusal's sentence (an event's, a club's, a token's) as the edge words it: its
    template ``words`` (a key of :data:`REFUSALS`) with ``params`` when the two make the
    same ``english`` (a :class:`Said`), else ``english`` as it is."""
    found = REFUSALS.get(words) if words else None
    if found is None:
        return english
    try:
        said = found.said(**params)
    except (KeyError, IndexError, ValueError):
        return english
    return said if said == english else english


def waiting_words(code: str, english: str, locale: str) -> str:
    """Why an event's next round cannot be proposed yet (``next.waiting``: an event's
    refusal, E3-E7, kept as its ``code`` and English ``message``) in ``locale``: read back
    by the templates of that code (``event.<code>``, ``event.<code>.…``) into their values,
    and worded from them when they make ``english`` again word for word; else ``english``.
    """
    for key, found in REFUSALS.items():
        if key != f"event.{code}" and not key.startswith(f"event.{code}."):
            continue
        matched = template_pattern(found.english).fullmatch(english)
        if matched is None:
            continue
        params = matched.groupdict()
        if found(DEFAULT, **params) == english:
            return found(locale, **params)
    return english
