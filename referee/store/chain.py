"""The ledger's chain: the one stored text of a payload and the link that ties each event to
the one before it (docs/records.md, docs/security.md: what the chain proves).

Pure functions on strings; the store keeps the links (:mod:`referee.store.ledger`), the
server's key comes from :mod:`referee.store.keys`.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from typing import Any

#: The hash before the first event of every match.
GENESIS_HASH = "0" * 64


#: :func:`canonical_json`'s encoder, made once: ``json.dumps`` with these arguments makes a new
#: one on every call (twice a write: the events' text and the request's fingerprint).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(payload: Any) -> str:
    """The one JSON text of a payload that is stored and hashed (sorted keys, no spaces, the
    text as it is: ``json.dumps(payload, sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)``)."""
    return _CANONICAL.encode(payload)


def chain_hash(
    prev_hash: str, seq: int, kind: str, payload_json: str, actor: str | None = None,
    key: bytes | None = None,
) -> str:
    """The link (hex, 64 characters) of an event over the previous link, the seq, kind,
    payload and actor: changing or removing any earlier event breaks every link after it.

    With ``key`` (the server's ledger key) it is HMAC-SHA256, so only the server can make a
    link: someone who can write the database cannot rebuild the chain after changing it.
    Without, plain SHA-256 (the links of events stored before keyed chains). The time an
    event was stored is not covered.
    """
    # Each part followed by a unit separator, digested in one call (the same digest as
    # part by part; a tenth of the time, which a cold fold pays once per event).
    message = "\x1f".join((prev_hash, str(seq), kind, payload_json, actor or "", "")).encode()
    if key is not None:
        keyed = _keyed(key).copy()  # the key's pads worked out once, not for every link
        keyed.update(message)
        return keyed.hexdigest()
    return hashlib.sha256(message).hexdigest()


@functools.lru_cache(maxsize=16)
def _keyed(key: bytes) -> hmac.HMAC:
    """HMAC-SHA256 under ``key`` over nothing yet, copied for each link (a keyring holds a
    few keys): a link then costs about four fifths of ``hmac.digest`` (bench/RESULTS.md
    §31). Never updated itself."""
    return hmac.new(key, digestmod=hashlib.sha256)
