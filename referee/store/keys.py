"""The server's ledger key: it keys the ledger's hash chain (HMAC-SHA256) and the secrets the
server derives (tokens a retried create or rotation answers again, recovery codes).

Where it comes from, first found wins:

1. ``REFEREE_LEDGER_KEY`` (the current key, any text of at least 32 characters) and
   ``REFEREE_LEDGER_OLD_KEYS`` (older keys, comma-separated, still accepted to verify);
2. the file ``REFEREE_LEDGER_KEY_FILE``, else the default file ``<instance dir>/ledger.key``
   (apart from the database, whatever it is): one key per line, the first is current, the
   others older ones. Where no named file exists but a key file lies at the old default
   place, next to a SQLite file (``<file>.ledger-key``, where earlier versions made it),
   that one is read (the app warns that it sits with the database; :func:`key_file`).
   A missing file is created at first start with a random key, mode 0600 — but never for a
   database that already holds events linked under a key: their key is lost or elsewhere,
   and a new one would make every match of the database fail to verify, so the server does
   not start (:class:`LedgerKeyError`).

Each key has an id (8 hex characters of its SHA-256), stored with every event it linked, so
events linked under an older key still verify after a rotation (README, "Integrity").
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

#: The shortest key accepted (characters).
MIN_KEY_LENGTH = 32


class LedgerKeyError(ValueError):
    """A ledger key that is too short, or an event's key id the keyring does not hold."""


def key_id(key: bytes) -> str:
    """The id of a key: 8 hex characters of SHA-256 (safe to store beside what it signed)."""
    return hashlib.sha256(b"referee ledger key id\x1f" + key).hexdigest()[:8]


@dataclass(frozen=True, slots=True)
class Keyring:
    """The current key (``current``, its id ``current_id``) and every key still accepted to
    verify, by id (``keys``)."""

    current_id: str
    keys: Mapping[str, bytes]

    @property
    def current(self) -> bytes:
        """The key new events are linked with."""
        return self.keys[self.current_id]

    def key(self, kid: str) -> bytes:
        """The key of id ``kid``. :raises LedgerKeyError: not in the keyring (an unknown key)."""
        try:
            return self.keys[kid]
        except KeyError:
            raise LedgerKeyError(f"no ledger key with id {kid!r} (an old key dropped?)") from None

    def derive(self, purpose: str, *parts: str, kid: str | None = None) -> str:
        """A secret derived from a key (the current one, or ``kid``'s) for ``purpose`` and
        ``parts``: 32 URL-safe characters; the same inputs give the same text."""
        mac = hmac.new(self.key(kid or self.current_id), digestmod=hashlib.sha256)
        for part in ("referee derive", purpose, *parts):
            mac.update(part.encode("utf-8") + b"\x1f")
        return base64.urlsafe_b64encode(mac.digest()[:24]).decode("ascii")


def keyring_from_texts(texts: list[str]) -> Keyring:
    """A keyring of key texts, the first current. :raises LedgerKeyError: none, or one too short."""
    keys: dict[str, bytes] = {}
    for text in texts:
        text = text.strip()
        if len(text) < MIN_KEY_LENGTH:
            raise LedgerKeyError(f"a ledger key must have at least {MIN_KEY_LENGTH} characters")
        key = text.encode("utf-8")
        keys.setdefault(key_id(key), key)
    if not keys:
        raise LedgerKeyError("no ledger key")
    return Keyring(next(iter(keys)), keys)


def key_file(environ: Mapping[str, str], default_file: Path,
             old_file: Path | None = None) -> Path | None:
    """The key file the keyring is read from: None when the environment holds the key
    (``REFEREE_LEDGER_KEY``); else ``REFEREE_LEDGER_KEY_FILE`` where that file exists; else
    ``old_file`` (the key's old default place, next to a SQLite file) where it exists — the
    key the database's events were linked with, even when the new default place holds a key
    (of another database); else ``REFEREE_LEDGER_KEY_FILE`` or ``default_file``."""
    if environ.get("REFEREE_LEDGER_KEY", "").strip():
        return None
    named = environ.get("REFEREE_LEDGER_KEY_FILE")
    if named and Path(named).exists():
        return Path(named)
    if old_file is not None and old_file.exists():
        return old_file
    return Path(named or default_file)


def load_keyring(environ: Mapping[str, str], default_file: Path,
                 old_file: Path | None = None,
                 holds_keyed_events: Callable[[], bool] | None = None) -> Keyring:
    """The keyring from the environment, else from its file (:func:`key_file`; created when
    missing, unless ``holds_keyed_events()`` says the database already holds events linked
    under a key).

    :raises LedgerKeyError: a key that is too short; no key file for a database that holds
        keyed events (with where the key was looked for and what to do).
    """
    current = environ.get("REFEREE_LEDGER_KEY", "").strip()
    if current:
        old = [k for k in environ.get("REFEREE_LEDGER_OLD_KEYS", "").split(",") if k.strip()]
        return keyring_from_texts([current, *old])
    path = key_file(environ, default_file, old_file)
    assert path is not None
    if not path.exists():
        if holds_keyed_events is not None and holds_keyed_events():
            places = str(path) + (f" nor at {old_file}" if old_file is not None else "")
            raise LedgerKeyError(
                f"the database holds events linked under a ledger key, but no key file is at "
                f"{places}. A new key would make none of them verify: put the key file back "
                "there, or set REFEREE_LEDGER_KEY_FILE (or REFEREE_LEDGER_KEY) to the key.")
        _create_key_file(path)
    lines = [line for line in path.read_text("utf-8").splitlines() if line.strip()]
    return keyring_from_texts(lines)


def _create_key_file(path: Path) -> None:
    """Write a new random key to ``path`` (mode 0600); a file made meanwhile by another
    process (a second gunicorn worker) is kept. The key is written to a draft beside it and
    linked into place whole; the draft never stays behind, even when the write fails.

    :raises LedgerKeyError: the file cannot be written (no space, no permission), with what
        to do instead.
    """
    draft = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(secrets.token_urlsafe(48) + "\n")
            out.flush()
            os.fsync(out.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)  # whole or not at all; never over an existing key
    except OSError as error:
        raise LedgerKeyError(
            f"cannot create the ledger key file {path}: {error.strerror or error}. Free space "
            "or fix its folder's permissions, or set REFEREE_LEDGER_KEY (or "
            "REFEREE_LEDGER_KEY_FILE) to a key kept elsewhere."
        ) from error
    finally:
        with contextlib.suppress(OSError):
            draft.unlink()


_keyring: Keyring | None = None


def configure(keyring: Keyring) -> None:
    """Use ``keyring`` for the ledger and the derived secrets (the app does it at start)."""
    global _keyring
    _keyring = keyring


def keyring() -> Keyring:
    """The configured keyring. :raises RuntimeError: none configured (no app started)."""
    if _keyring is None:
        raise RuntimeError("the ledger key is not configured (create_app configures it)")
    return _keyring
