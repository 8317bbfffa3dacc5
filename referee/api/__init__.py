"""The HTTP shell: the Flask app factory (design.md, "Layers").

Handlers are short: parse (marshmallow) → call the core → store → serialize.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask

from referee import __version__
from referee.api import serving
from referee.api.errors import ProblemApi, register_error_handlers
from referee.api.fields import JsonSchemaRules

#: Largest request body accepted, in bytes (a whole partie fits many times over).
DEFAULT_MAX_CONTENT_LENGTH = 256 * 1024


def _config_from_env() -> dict[str, Any]:
    return {
        "DATABASE_URL": os.environ.get("DATABASE_URL", "sqlite:///referee.db"),
        "MAX_CONTENT_LENGTH": int(
            os.environ.get("REFEREE_MAX_BODY_BYTES", DEFAULT_MAX_CONTENT_LENGTH)
        ),
        # Seconds a request body may take to arrive (under gevent; 408 after).
        "BODY_TIMEOUT": float(os.environ.get("REFEREE_BODY_TIMEOUT", "20")),
        # Live updates (referee.api.live): a heartbeat comment every 15 s; SQLite's change
        # watcher looks every 0.1 s; a stream ends after an hour (the client reconnects).
        "STREAM_HEARTBEAT_SECONDS": float(
            os.environ.get("REFEREE_STREAM_HEARTBEAT_SECONDS", "15")
        ),
        "STREAM_POLL_SECONDS": float(os.environ.get("REFEREE_STREAM_POLL_SECONDS", "0.1")),
        "STREAM_MAX_SECONDS": float(os.environ.get("REFEREE_STREAM_MAX_SECONDS", "3600")),
        # Strict-Transport-Security's max-age on answers sent over TLS (referee.api.serving).
        "HSTS_MAX_AGE": int(os.environ.get("REFEREE_HSTS_MAX_AGE", "31536000")),
        # Streams one worker admits (docs/security.md, "Limits"): per token, per match, per
        # client address (a club's phones and TV share one), in all (well below gunicorn's
        # worker_connections: gunicorn.conf.py sets it to two thirds of it when unset).
        "STREAMS_PER_TOKEN": int(os.environ.get("REFEREE_STREAMS_PER_TOKEN", "100")),
        "STREAMS_PER_MATCH": int(os.environ.get("REFEREE_STREAMS_PER_MATCH", "200")),
        "STREAMS_PER_ADDRESS": int(os.environ.get("REFEREE_STREAMS_PER_ADDRESS", "250")),
        "STREAMS_PER_WORKER": int(os.environ.get("REFEREE_STREAMS_PER_WORKER", "8000")),
        # The reverse proxies whose X-Forwarded-For names the client (referee.api.clients).
        "TRUSTED_PROXIES": os.environ.get("REFEREE_TRUSTED_PROXIES", ""),
        # How long a retry of a write that hands out credentials (create, seats, a rotation,
        # a recovery) is answered with them again (referee.api.matches): 10 minutes.
        "CREDENTIAL_RETRY_SECONDS": float(
            os.environ.get("REFEREE_CREDENTIAL_RETRY_SECONDS", "600")
        ),
        # The create quota per client address (referee.api.limits): 120 creates in any hour
        # (a sliding window); 0 turns it off.
        "CREATE_QUOTA": int(os.environ.get("REFEREE_CREATE_QUOTA", "120")),
        "CREATE_QUOTA_SECONDS": int(os.environ.get("REFEREE_CREATE_QUOTA_SECONDS", "3600")),
        # A match that records no deal expires this long after its creation: 2 days (at
        # least one); `flask db prune` deletes it.
        "MATCH_EXPIRY_SECONDS": float(
            os.environ.get("REFEREE_MATCH_EXPIRY_SECONDS", str(2 * 86400))
        ),
    }


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides the environment (DATABASE_URL, …).

    Routes: ``/v1/...`` (the API), ``/healthz``, ``/openapi.json`` and ``/docs``, the table
    page ``/table/``, the rules ``/rules/`` and ``/favicon.ico``.
    """
    app = Flask(__name__)
    app.config.update(
        API_TITLE="referee",
        API_VERSION=__version__,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL="/docs/static/",
        JSON_SORT_KEYS=False,
    )
    app.config.update(_config_from_env())
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]
    from referee.api import limits

    limits.check_settings(app)
    _register_client_address(app)

    api = ProblemApi(
        app,
        spec_kwargs={
            "extra_plugins": [JsonSchemaRules()],
            "info": {
                "description": (
                    "Scorekeeping and referee API for Pitch (Auction Pitch, Setback) and "
                    "Piquet (Rubicon Piquet). Errors are RFC 9457 problem+json. The rules "
                    "the referee applies are served at [/rules/](/rules/): every violation "
                    "names its section in `rule` (P1-P10 Pitch, Q1-Q12 Piquet) and links it "
                    "in `rule_url` (e.g. [/rules/Q6](/rules/Q6)); the deal records, score "
                    "sheets, totals and ledger events are described at "
                    "[/rules/records](/rules/records). Follow a match live with "
                    "`GET /v1/matches/{match_id}/stream` (Server-Sent Events). Under every "
                    "schema: integers are JSON integers of at most 15 digits (`11.0` is "
                    "refused like `11.5`), and no string may hold NUL or a lone UTF-16 "
                    "surrogate (400)."
                )
            }
        },
    )
    api.spec.components.security_scheme(
        "bearerAuth",
        {"type": "http", "scheme": "bearer",
         "description": "A match's write token (to record and correct), a seat's token (to "
                        "record, confirm and dispute) or read token (to read)."},
    )
    # Compression first: after_request functions run last-registered first, so it sees each
    # answer complete (security headers included, e.g. the hash of /docs' inline script).
    _register_compression(app)
    register_error_handlers(app)
    serving.register(app)
    _register_docs_assets(app)
    _register_database(app)
    limits.register(app)

    from referee.api import health, live, matches, piquet, pitch, rules, table

    live.register_hub(app)
    for module in (health, matches, live, piquet, pitch):
        api.register_blueprint(module.blp)
    app.register_blueprint(table.blp)  # the table page, /table/ (not part of the API document)
    app.add_url_rule("/favicon.ico", "favicon", table.favicon)
    app.register_blueprint(rules.blp)  # the rules as HTML, /rules/ (cited by every violation)
    _register_metrics(app)
    return app


def _register_client_address(app: Flask) -> None:
    """``request.remote_addr`` is the client's address, everywhere: X-Forwarded-For is
    believed only from ``TRUSTED_PROXIES`` (:mod:`referee.api.clients`).

    :raises ValueError: a ``TRUSTED_PROXIES`` entry that is not an address or a network.
    """
    from referee.api.clients import ClientAddress, parse_proxies

    trusted = parse_proxies(str(app.config["TRUSTED_PROXIES"] or ""))
    app.wsgi_app = ClientAddress(app.wsgi_app, trusted)  # type: ignore[method-assign]


def _register_metrics(app: Flask) -> None:
    """``GET /metrics`` (Prometheus' text format; docs/operations.md) and the count of every
    answer by status. With ``REFEREE_METRICS_TOKEN`` set, /metrics wants it as a bearer token
    (401 without), so a public server need not show its figures."""
    import hmac

    from flask import Response, request

    from referee import metrics
    from referee.api.errors import abort_problem
    from referee.api.problems import UNAUTHORIZED

    @app.after_request
    def _count(response: Response) -> Response:
        metrics.RESPONSES.labels(str(response.status_code)).inc()
        return response

    def serve_metrics() -> Response:
        wanted = os.environ.get("REFEREE_METRICS_TOKEN", "")
        if wanted:
            sent = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
            if not hmac.compare_digest(sent.encode(), wanted.encode()):
                abort_problem(UNAUTHORIZED, "GET /metrics needs REFEREE_METRICS_TOKEN's token.",
                              headers={"WWW-Authenticate": "Bearer"})
        body, content_type = metrics.exposition()
        return Response(body, content_type=content_type,
                        headers={"Cache-Control": "no-store"})

    app.add_url_rule("/metrics", "metrics", serve_metrics)


#: What is worth compressing: the API's JSON, the page's files, the docs, CSV. Never
#: ``text/event-stream`` (each event must leave at once, not wait for a compressor's block).
COMPRESSED_TYPES = [
    "application/json", "application/problem+json", "text/html", "text/css",
    "text/javascript", "application/javascript", "image/svg+xml", "text/csv",
    "application/manifest+json", "text/markdown", "text/plain",
]


def _register_compression(app: Flask) -> None:
    """Compress answers of 500 bytes or more (zstd, brotli or gzip, as the client accepts):
    club Wi-Fi is slow. Streamed answers (the event stream) are never
    compressed nor buffered, and an answer's ETag stays as it is: a match's ETag is its
    version, which a client sends back in If-Match whatever the encoding it read it in."""
    from flask import Response
    from flask_compress import Compress

    class _Compress(Compress):
        def after_request(self, response: Response | None) -> Response:
            etag = response.headers.get("ETag") if response is not None else None
            compressed: Response = super().after_request(response)
            if etag is not None:
                compressed.headers["ETag"] = etag
            return compressed

    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    _Compress(app)


def _register_database(app: Flask) -> None:
    """Open the database of DATABASE_URL (a pooled connection taken when a request first
    needs one and given back at its end), and the ``flask db`` CLI."""
    import click

    from referee.store import keys, ledger
    from referee.store.db import open_database, upgrade

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

    group = click.Group("db", help="The database: migrations and ledger checks.")

    @group.command("upgrade")
    def db_upgrade() -> None:
        """Apply the migrations not yet applied (creates the SQLite file if needed)."""
        with db.connection_context():
            applied = upgrade(db)
        click.echo("applied: " + ", ".join(applied) if applied else "database is up to date")

    @group.command("backup")
    @click.argument("destination", type=click.Path(dir_okay=False, writable=True))
    def db_backup(destination: str) -> None:
        """Back up a SQLite database while it serves (online, consistent) to DESTINATION,
        and its ledger key file beside it (DESTINATION.ledger-key). PostgreSQL: pg_dump (see
        docs/operations.md). Example: flask --app wsgi db backup /backups/referee-$(date +%F).db
        """
        from pathlib import Path

        from referee.store.db import backup

        target = Path(destination)
        try:
            backup(db, target)
        except (ValueError, FileExistsError) as error:
            raise click.ClickException(str(error)) from None
        click.echo(f"database backed up to {target}")
        key_file = app.extensions["referee.key_file"]
        if key_file is None:
            click.echo("the ledger key is in REFEREE_LEDGER_KEY (and REFEREE_LEDGER_OLD_KEYS): "
                       "keep it with the backup; the events do not verify without it")
            return
        copy = target.with_name(target.name + ".ledger-key")
        copy.write_bytes(key_file.read_bytes())
        copy.chmod(0o600)
        click.echo(f"ledger key copied to {copy} (mode 0600): keep the two together")

    @group.command("prune")
    def db_prune() -> None:
        """Delete the matches that expired without recording a deal (older than
        REFEREE_MATCH_EXPIRY_SECONDS), with their events, tokens and Idempotency-Keys, and
        the create quota's spent counts. Safe to run from cron while the server serves (a
        transaction per batch of matches). Example: flask --app wsgi db prune
        """
        import datetime

        from referee.store import expiry, quota

        ttl = datetime.timedelta(seconds=float(app.config["MATCH_EXPIRY_SECONDS"]))
        with db.connection_context():
            pruned = expiry.prune(ttl)
            with db.atomic():
                counts = quota.purge(int(app.config["CREATE_QUOTA_SECONDS"]))
        click.echo(f"pruned {pruned} expired match{'es' if pruned != 1 else ''} "
                   f"(no deal recorded within {ttl.total_seconds():.0f} s of its creation); "
                   f"dropped {counts} spent create-quota count{'s' if counts != 1 else ''}")

    @group.command("snapshots")
    @click.option("--drop", is_flag=True, help="Delete every fold snapshot.")
    @click.option("--build", is_flag=True,
                  help="Store the snapshots of every match's ledger (one every "
                       "REFEREE_SNAPSHOT_EVERY events).")
    def db_snapshots(drop: bool, build: bool) -> None:
        """Count the stored fold snapshots; --drop deletes them all (safe at any time, the
        server serving: folds replay the events until new snapshots are written), --build
        stores them for every match (after an upgrade, for long matches read before they
        are written again). docs/operations.md, "Fold snapshots"."""
        from referee import resume
        from referee.store import snapshots

        if drop and build:
            raise click.UsageError("--drop or --build, not both")
        with db.connection_context():
            if drop:
                with db.atomic():
                    dropped = snapshots.drop()
                click.echo(f"dropped {dropped} fold snapshot{'s' if dropped != 1 else ''}")
                return
            if build:
                for match_id in ledger.match_ids():
                    try:
                        resume.build(match_id)
                    except (ledger.MatchNotFound, ledger.LedgerTampered) as error:
                        click.echo(f"match {match_id}: {error}")
            stored = snapshots.count()
        click.echo(f"{stored} fold snapshot{'s' if stored != 1 else ''} stored")

    @group.command("verify")
    @click.argument("match_id", required=False)
    @click.option("--head", "known", metavar="SEQ:HASH",
                  help="A head a client kept (a match's head): the ledger must still lead there.")
    @click.option("--all", "every", is_flag=True,
                  help="Verify every match (for cron); names each one that breaks.")
    def db_verify(match_id: str | None, known: str | None, every: bool) -> None:
        """Verify a match's hash chain; exits 1 where it breaks, or when the ledger is cut
        short or rewritten before a head a client kept. With --all (no MATCH_ID): every
        match's chain, one line per broken one and a count; exits 1 if any breaks."""
        if every:
            if match_id is not None or known is not None:
                raise click.UsageError("--all takes no MATCH_ID and no --head")
            _verify_all(db)
            return
        if match_id is None:
            raise click.UsageError("give a MATCH_ID, or --all")
        with db.connection_context():
            try:
                broken = ledger.verify_chain(match_id)
                events, _ = ledger.chain_head(match_id)
                check = None
                if known is not None:
                    seq, _, digest = known.partition(":")
                    if not seq.isdigit() or len(digest) != 64:
                        raise click.BadParameter("SEQ:HASH, as a match's head gives them",
                                                 param_hint="--head")
                    check = ledger.check_head(match_id, int(seq), digest.lower())
            except ledger.MatchNotFound:
                click.echo(f"match {match_id}: no such match")
                raise SystemExit(1) from None
        failed = False
        if broken is None:
            click.echo(f"match {match_id}: chain intact ({events} events)")
        else:
            click.echo(f"match {match_id}: chain broken at event {broken}")
            failed = True
        if check is not None:
            meaning = {"same": "the ledger ends at the kept head",
                       "extended": "the ledger leads to the kept head and goes on",
                       "behind": f"the ledger is BEHIND the kept head: it has {events} events, "
                                 f"the client saw {check.seq} (cut short)",
                       "diverged": f"event {check.seq} is NOT the one the client saw "
                                   "(rewritten)"}[check.status]
            click.echo(f"match {match_id}: head {check.seq}: {meaning}")
            failed = failed or not check.consistent
        if failed:
            raise SystemExit(1)

    app.cli.add_command(group)


def _verify_all(db: Any) -> None:
    """``flask db verify --all``: every match's chain, one connection per match (a long run
    holds no transaction open); prints each broken match and a count, exits 1 if any."""
    import click

    from referee.store import ledger

    with db.connection_context():
        ids = ledger.match_ids()
    broken = 0
    for match_id in ids:
        with db.connection_context():
            try:
                seq = ledger.verify_chain(match_id)
            except ledger.MatchNotFound:  # a match row without events: nothing to serve
                continue
        if seq is not None:
            broken += 1
            click.echo(f"match {match_id}: chain broken at event {seq}")
    click.echo(f"{len(ids)} matches verified, {broken} broken")
    if broken:
        raise SystemExit(1)


def _key_environ(app: Flask) -> dict[str, str]:
    """The ledger key's settings: the environment, overridden by the app's config."""
    names = ("REFEREE_LEDGER_KEY", "REFEREE_LEDGER_OLD_KEYS", "REFEREE_LEDGER_KEY_FILE")
    found = {n: os.environ[n] for n in names if os.environ.get(n)}
    found.update({n: str(app.config[n]) for n in names if app.config.get(n)})
    return found


def _default_key_file(app: Flask) -> Any:
    """Where the ledger key is kept when no setting names it: ``<instance dir>/ledger.key``,
    apart from the database (whoever copies the database's folder does not get the key)."""
    from pathlib import Path

    return Path(app.instance_path) / "ledger.key"


def _sqlite_file(app: Flask) -> Any:
    """The SQLite database's file (a Path), or None (PostgreSQL, or SQLite in memory)."""
    from pathlib import Path

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
    from pathlib import Path

    database = _sqlite_file(app)
    return None if database is None else Path(str(database) + ".ledger-key")


def _warn_if_key_beside_database(app: Flask, key_file: Any) -> None:
    """Log a warning at start when the key file lies in the SQLite database's folder: a copy
    of that folder (a backup, a stolen disk) holds both, and with both anyone can rebuild
    every chain (docs/security.md)."""
    import logging

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


def _register_docs_assets(app: Flask) -> None:
    """Serve Swagger UI's files from the installed package: the docs work offline."""
    from flask import send_from_directory
    from swagger_ui_bundle import swagger_ui_path

    @app.get("/docs/static/<path:filename>")
    def docs_static(filename: str) -> Any:
        return send_from_directory(swagger_ui_path, filename)
