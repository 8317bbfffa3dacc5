"""Every problem type the API answers (RFC 9457), in one registry.

A problem+json answer's ``type`` is a URI clients switch on, so each is made here once — its
URI, status and title — and every raise site names its entry (``ProblemError(STALE_VERSION,
"…")``) instead of spelling a type and a title of its own. README.md ("Errors") lists them;
tests/api/test_problems.py checks that every type the app answers is here and listed there.

Two kinds of entry:

- **specific** types say more than the status: ``stale-version`` (a 412 carrying the match as
  it stands), ``rule-violation``, ``refused``… Several share a status.
- **generic** types say only the status, as HTTP words it: ``not-found``, ``bad-request``…
  (the status's phrase, lower case, hyphenated). An error with no specific type gets the
  generic type of its status (:func:`for_status`).
"""

from __future__ import annotations

from dataclasses import dataclass
from http import HTTPStatus

#: Where every problem type's URI starts.
BASE = "https://referee.example/problems/"


@dataclass(frozen=True, slots=True)
class ProblemType:
    """One problem type: ``slug`` (the URI's last part, e.g. ``"stale-version"``), the HTTP
    ``status`` it is answered with, its ``title`` (the same for every answer of the type),
    ``generic`` (True: it says only the status) and ``when`` (when it is answered, for the
    docs)."""

    slug: str
    status: int
    title: str
    when: str
    generic: bool = False

    @property
    def uri(self) -> str:
        """The ``type`` member of the answers: ``https://referee.example/problems/<slug>``."""
        return BASE + self.slug


#: Every registered type by slug, in the order of the README's table.
REGISTRY: dict[str, ProblemType] = {}


def _add(slug: str, status: int, title: str, when: str, generic: bool = False) -> ProblemType:
    if slug in REGISTRY:
        raise ValueError(f"problem type {slug!r} registered twice")
    REGISTRY[slug] = kind = ProblemType(slug, status, title, when, generic)
    return kind


#: The generic type of each status this API answers of itself.
GENERIC: dict[int, ProblemType] = {}


def _generic(status: int, title: str, when: str) -> ProblemType:
    """The generic type of ``status``: its title the status's phrase (as Python 3.11 words
    it, spelt out here so that a newer Python's wording cannot change a URI), its slug that
    title in lower case, hyphenated (``404`` → ``not-found``, "Not Found")."""
    GENERIC[status] = kind = _add(title.lower().replace(" ", "-"), status, title, when,
                                  generic=True)
    return kind


# ----------------------------------------------------------------------- generic types

BAD_REQUEST = _generic(400, "Bad Request", (
    "Malformed JSON, or a body or query that does not match the schema (``errors`` keyed by "
    "field); a bad Idempotency-Key or cursor."))
UNAUTHORIZED = _generic(401, "Unauthorized", (
    "No token, or one that is not valid (wrong, rotated away); a wrong recovery code."))
FORBIDDEN = _generic(403, "Forbidden", (
    "Another match's token, or one that does not allow this request."))
NOT_FOUND = _generic(404, "Not Found", "No such match, route, page or rules section.")
METHOD_NOT_ALLOWED = _generic(405, "Method Not Allowed",
                              "A route asked with a method it does not take.")
REQUEST_TIMEOUT = _generic(408, "Request Timeout", "The request body did not arrive in time.")
PRECONDITION_FAILED = _generic(412, "Precondition Failed",
                               "An If-Match that is not a match's ETag.")
REQUEST_ENTITY_TOO_LARGE = _generic(413, "Request Entity Too Large",
                                    "A request body larger than the server takes.")
UNSUPPORTED_MEDIA_TYPE = _generic(415, "Unsupported Media Type",
                                  "A body of a media type the route does not read (a record "
                                  "file is application/toml).")
PRECONDITION_REQUIRED = _generic(428, "Precondition Required", (
    "A write without If-Match (or with If-Match: * where that could record it twice)."))
INTERNAL_SERVER_ERROR = _generic(500, "Internal Server Error",
                                 "The referee failed unexpectedly; nothing was stored.")

# ---------------------------------------------------------------------- specific types

STALE_VERSION = _add("stale-version", 412, "Precondition Failed",
                     "The match moved on since the If-Match version: ``match`` holds it as it "
                     "stands now, with its ETag.")
RULE_VIOLATION = _add("rule-violation", 422, "Rule violation",
                      "An entry or step that breaks the rules: not recorded (``violations``).")
REFUSED = _add("refused", 422, "Refused",
               "A command the match refuses as it stands (``violations``): a deal already "
               "ruled, not your side's to confirm…")
RECORD_NOT_SCORABLE = _add("record-not-scorable", 422, "Record not scorable",
                           "A record too broken to rule on (``violations``).")
OPTIONS_CONFLICT = _add("options-conflict", 422, "Options that do not go together",
                        "Options each valid alone that the rules do not allow together, "
                        "e.g. a joker order without two jokers (V13; ``violations``).")
IDEMPOTENCY_KEY_REUSED = _add("idempotency-key-reused", 422, "Idempotency-Key reused",
                              "An Idempotency-Key already used for a different request.")
CREDENTIALS_NOT_REPLAYED = _add("credentials-not-replayed", 410,
                                "Credentials not handed out again",
                                "A retry of a write that hands out credentials (create, seats, "
                                "rotate, recover) after its window, or after the match moved "
                                "on: ``match_id``, and how to get back in (the recovery "
                                "code); an event's create or round start: ``event_id``.")
MATCH_EXPIRED = _add("match-expired", 410, "Match expired",
                    "A match that recorded no deal within the expiry time of its creation "
                    "(``REFEREE_MATCH_EXPIRY_SECONDS``, 2 days), on any of its routes, until "
                    "``flask db prune`` deletes it (then it is unknown): ``match_id``.")
CREATE_QUOTA_EXCEEDED = _add("create-quota-exceeded", 429, "Create quota exceeded",
                             "More matches created from one client address than its quota "
                             "(``REFEREE_CREATE_QUOTA`` per ``REFEREE_CREATE_QUOTA_SECONDS``); "
                             "nothing was stored (``Retry-After``).")
DEAL_ALREADY_RECORDED = _add("deal-already-recorded", 409, "Deal already recorded",
                             "An entry for a deal that already has one: the answer carries "
                             "the existing entry.")
DEAL_NOT_NEXT = _add("deal-not-next", 409, "Not the next deal",
                     "An entry written for a deal that is not the next one.")
STEP_ALREADY_RECORDED = _add("step-already-recorded", 409, "Already recorded",
                             "A step for a place in the deal (trick, position) that already "
                             "has one.")
STEP_NOT_NEXT = _add("step-not-next", 409, "Not the next step",
                     "A step written for a place in the deal that is not the next one.")
LEDGER_TAMPERED = _add("ledger-tampered", 500, "Ledger tampered",
                       "The match's ledger does not verify (changed outside the referee): "
                       "nothing is served or recorded from it, on any of its routes "
                       "(``broken_at``).")
LEDGER_FULL = _add("ledger-full", 409, "Ledger full",
                   "A write that would take the match past its most events "
                   "(``REFEREE_MAX_EVENTS``, default 20,000; ``max_events``): nothing is "
                   "stored; start a new match.")
NOT_READY = _add("not-ready", 503, "Not ready",
                 "GET /readyz: the database cannot be reached, does not answer within a "
                 "second, or lacks migrations.")
DATABASE_UNAVAILABLE = _add("database-unavailable", 503, "Database unavailable",
                            "The database cannot be reached or failed; nothing was stored "
                            "(``Retry-After``; docs/operations.md).")
DATABASE_BUSY = _add("database-busy", 503, "Database busy",
                     "A lock or statement waited past its bound, or no pooled connection was "
                     "free; nothing was stored (``Retry-After``).")
STORAGE_FULL = _add("storage-full", 503, "Storage full",
                    "The database's disk is full (a write), or nearly so (GET /readyz); "
                    "nothing was stored (``Retry-After``).")
TOO_MANY_STREAMS = _add("too-many-streams", 429, "Too many streams",
                        "GET …/stream refused: this token, match or address, or the server, "
                        "holds as many live-update streams as it may (``limit`` names which; "
                        "``Retry-After``). Poll the match with If-None-Match meanwhile.")
WRITE_OUTCOME_UNKNOWN = _add("write-outcome-unknown", 503, "Write outcome unknown",
                             "The connection was lost while the COMMIT was in flight: the "
                             "write may be stored. Send it again with the same "
                             "Idempotency-Key.")
EVENT_REFUSED = _add("event-refused", 422, "Refused by the event",
                     "A change a club night or tournament refuses as it stands: ``code`` and "
                     "``section`` (docs/events.md E1–E14) say why: a player not checked in, a "
                     "round still being played…")
CLUB_REFUSED = _add("club-refused", 422, "Refused by the club",
                    "A change a club's player list refuses as it stands: ``code`` and "
                    "``section`` (docs/events.md E13) say why: a member number that is "
                    "someone else's, two players of one event merged, a removed player…")


def every_uri() -> list[str]:
    """Every ``type`` an answer may carry, for the document's enumeration that clients switch
    on: the registered types, then the generic type of each error status (4xx, 5xx) that has
    none registered, as :func:`for_status` makes it."""
    uris = [kind.uri for kind in REGISTRY.values()]
    for status in HTTPStatus:
        if status >= 400 and status not in GENERIC:
            uris.append(for_status(status).uri)
    return uris


def lookup(slug: str) -> ProblemType:
    """The registered type ``slug``. :raises KeyError: none is registered."""
    return REGISTRY[slug]


def for_status(status: int) -> ProblemType:
    """The generic type of ``status``: the registered one, or — for a status this API does
    not answer of itself (a framework's 406, say) — one made alike from its phrase, so that no
    error ever fails for want of a type."""
    found = GENERIC.get(status)
    if found is not None:
        return found
    phrase = HTTPStatus(status).phrase
    return ProblemType(phrase.lower().replace(" ", "-"), status, phrase, "", generic=True)


def resolve(status: int, problem_type: ProblemType | str | None) -> ProblemType:
    """The type of an answer of ``status``: ``problem_type`` itself, the registered type of
    that slug, or the generic type of the status when none is given. A slug that is not
    registered still answers (never a 500 from an error path) with a type made from it;
    tests/api/test_problems.py keeps every slug in the code registered."""
    if isinstance(problem_type, ProblemType):
        return problem_type
    if problem_type is None:
        return for_status(status)
    found = REGISTRY.get(problem_type)
    if found is not None:
        return found
    return ProblemType(problem_type, status, HTTPStatus(status).phrase, "")
