"""An app's database and ledger key: opened at start, a pooled connection per request, the key
found where the settings say (docs/operations.md, docs/security.md)."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from flask import Flask

from referee.store import keys
from referee.store.db import open_database


def register(app: Flask) -> None:
    """Open the database of DATABASE_URL (a pooled connection taken when a request first
    needs one and given back at its end) and load the ledger key; both kept in
    ``app.extensions`` ("referee.db", "referee.keyring", "referee.key_file").

    :raises keys.LedgerKeyError: the key cannot be read, or made (docs/operations.md).
    """

    db = open_database(app.config["DATABASE_URL"])
    app.extensions["referee.db"] = db
    environ, old_file = _key_environ(app), _old_key_file(app)
    key_file = keys.key_file(environ, _default_key_file(app), old_file)
    keyring = keys.load_keyring(environ, _default_key_file(app), old_file,
                                holds_keyed_events=lambda: _holds_keyed_events(db))
    _warn_if_key_beside_database(app, key_file)
    app.extensions["referee.key_file"] = key_file
    keys.configure(keyring)
    app.extensions["referee.keyring"] = keyring

    # No connection is taken before a request needs one (peewee connects on first use):
    # /healthz and static files never wait for the pool.
    @app.before_request
    def _configure_keys() -> None:
        keys.configure(keyring)  # this app's (a process may hold several, e.g. in tests)

    @app.teardown_request
    def _close(_: BaseException | None) -> None:
        # Back to the pool (PostgreSQL, and SQLite files). A plain SQLite database (only
        # ``:memory:``) keeps its one connection: closing it would drop the database.
        if not db.is_closed() and hasattr(db, "close_all"):
            db.close()


def _key_environ(app: Flask) -> dict[str, str]:
    """The ledger key's settings: the environment, overridden by the app's config."""
    names = ("REFEREE_LEDGER_KEY", "REFEREE_LEDGER_OLD_KEYS", "REFEREE_LEDGER_KEY_FILE")
    found = {n: os.environ[n] for n in names if os.environ.get(n)}
    found.update({n: str(app.config[n]) for n in names if app.config.get(n)})
    return found


def _default_key_file(app: Flask) -> Any:
    """Where the ledger key is kept when no setting names it: ``<instance dir>/ledger.key``,
    apart from the database (whoever copies the database's folder does not get the key)."""
    return Path(app.instance_path) / "ledger.key"


def _sqlite_file(app: Flask) -> Any:
    """The SQLite database's file (a Path), or None (PostgreSQL, or SQLite in memory)."""
    url = str(app.config["DATABASE_URL"])
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///"):]
        if path and path != ":memory:":
            return Path(path)
    return None


def _old_key_file(app: Flask) -> Any:
    """Where earlier versions kept the key of a SQLite database: next to it
    (``<file>.ledger-key``); still read when the key is not at its place now. None for
    PostgreSQL (its key was already in the instance folder)."""
    database = _sqlite_file(app)
    return None if database is None else Path(str(database) + ".ledger-key")


def _warn_if_key_beside_database(app: Flask, key_file: Any) -> None:
    """Log a warning at start when the key file lies in the SQLite database's folder: a copy
    of that folder (a backup, a stolen disk) holds both, and with both anyone can rebuild
    every chain (docs/security.md)."""
    database = _sqlite_file(app)
    if key_file is None or database is None:
        return
    if key_file.resolve().parent == database.resolve().parent:
        logging.getLogger("referee").warning(
            "the ledger key file %s lies beside the database %s: whoever copies that folder "
            "can rebuild every match's chain. Move the key elsewhere (the default is %s) or "
            "set REFEREE_LEDGER_KEY_FILE or REFEREE_LEDGER_KEY (docs/security.md).",
            key_file, database, _default_key_file(app))


def _holds_keyed_events(db: Any) -> bool:
    """Whether the database holds events linked under a ledger key (so a new key must not be
    made for it).

    :raises keys.LedgerKeyError: the database cannot be asked (a new key is not made blind).
    """
    from referee.store.keys import LedgerKeyError

    try:
        with db.connection_context():
            if not db.table_exists("event"):
                return False
            if "key_id" not in {column.name for column in db.get_columns("event")}:
                return False  # events from before keyed chains: migration 0004 links them
            found = db.execute_sql('SELECT 1 FROM "event" WHERE "key_id" IS NOT NULL LIMIT 1')
            return found.fetchone() is not None
    except Exception as error:
        raise LedgerKeyError(
            f"no ledger key file yet, and the database cannot be asked whether it holds "
            f"events (so whether a new key may be made): {error}") from error
