"""The HTTP shell: the Flask app factory (design.md, "Layers").

Handlers are short: parse (marshmallow) → call the core → store → serialize.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask

from referee import __version__
from referee.api import serving
from referee.api.contract import Contract
from referee.api.errors import ProblemApi
from referee.api.handlers import register_error_handlers
from referee.api.strict import JsonSchemaRules

#: Largest request body accepted, in bytes (a whole partie fits many times over).
DEFAULT_MAX_CONTENT_LENGTH = 256 * 1024


class SyncFlask(Flask):
    """Flask for an app whose views and hooks are all plain functions (none is ``async``;
    tests/api/test_sync_app.py checks every one registered): :meth:`ensure_sync` hands each
    back as it is. Flask's own asks ``inspect.iscoroutinefunction`` every time, some twenty
    times a request here (each hook, and each of flask-smorest's wrappers around a view)."""

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """``func`` itself (it is not a coroutine function)."""
        return func


def _config_from_env() -> dict[str, Any]:
    return {
        "DATABASE_URL": os.environ.get("DATABASE_URL", "sqlite:///referee.db"),
        "MAX_CONTENT_LENGTH": int(
            os.environ.get("REFEREE_MAX_BODY_BYTES", DEFAULT_MAX_CONTENT_LENGTH)
        ),
        # Seconds a request body may take to arrive (under gevent; 408 after).
        "BODY_TIMEOUT": float(os.environ.get("REFEREE_BODY_TIMEOUT", "20")),
        # Live updates (referee.api.live): a heartbeat comment every 15 s; SQLite's change
        # watcher looks every 0.02 s (a look is one PRAGMA when nothing was committed; at
        # 0.1 s the wait alone was up to 100 ms of every delivery, bench/RESULTS.md); a stream
        # ends after an hour (the client reconnects).
        "STREAM_HEARTBEAT_SECONDS": float(
            os.environ.get("REFEREE_STREAM_HEARTBEAT_SECONDS", "15")
        ),
        "STREAM_POLL_SECONDS": float(os.environ.get("REFEREE_STREAM_POLL_SECONDS", "0.02")),
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
        # a recovery) is answered with them again (referee.api.credentials): 10 minutes.
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
    app = SyncFlask(__name__)
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
    # Flask's default JSON provider has sort_keys; app.json is typed as the base provider
    app.json.sort_keys = False  # type: ignore[attr-defined]
    from referee.api import cli, database, limits

    limits.check_settings(app)
    _register_client_address(app)

    api = ProblemApi(
        app,
        spec_kwargs={
            "extra_plugins": [JsonSchemaRules(), Contract()],
            # Relative: the document describes the server that serves it.
            "servers": [{"url": "/", "description": "This server"}],
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
                        "record, confirm and dispute) or read token (to read); an event's "
                        "organiser token (its writes, and its tables' matches as their write "
                        "token) or read token."},
    )
    from referee.api.event_schemas import EventLiveSchema

    api.spec.components.schema("EventLive", schema=EventLiveSchema)  # the event's stream
    # Compression first: after_request functions run last-registered first, so it sees each
    # answer complete (security headers included, e.g. the hash of /docs' inline script).
    _register_compression(app)
    from referee.api import language

    language.register(app)  # before compression: it rewords the answer compression sees
    register_error_handlers(app)
    serving.register(app)
    _register_docs_assets(app)
    database.register(app)
    cli.register(app)
    limits.register(app)

    from referee.api import (
        clubs,
        events,
        health,
        live,
        piquet,
        pitch,
        records,
        routes,
        rules,
        stream_hub,
        table,
    )

    stream_hub.register_hub(app)
    # routes.blp: /v1/matches; events.blp: /v1/events; clubs.blp: /v1/clubs
    for module in (health, routes, live, events, clubs, piquet, pitch, records):
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
    # Flask's documented way to wrap its WSGI app (mypy sees a method assigned)
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
    from referee.i18n.details import METRICS_TOKEN

    # Each status's counter looked up once: prometheus_client's ``labels`` checks and
    # converts the label values and takes a lock on every call (bench/RESULTS.md §30).
    counters: dict[int, Any] = {}

    @app.after_request
    def _count(response: Response) -> Response:
        status = response.status_code
        counter = counters.get(status)
        if counter is None:
            counter = counters[status] = metrics.RESPONSES.labels(str(status))
        counter.inc()
        return response

    def serve_metrics() -> Response:
        wanted = os.environ.get("REFEREE_METRICS_TOKEN", "")
        if wanted:
            sent = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
            if not hmac.compare_digest(sent.encode(), wanted.encode()):
                abort_problem(UNAUTHORIZED, METRICS_TOKEN.said(),
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
            if etag is not None and compressed.headers.get("ETag") != etag:
                compressed.headers["ETag"] = etag
            return compressed

    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    _Compress(app)
    from referee.api.language import COMPRESSION

    app.extensions[COMPRESSION] = True  # the language hook writes Vary whole (its docstring)


def _register_docs_assets(app: Flask) -> None:
    """Serve Swagger UI's files from the installed package: the docs work offline."""
    from flask import send_from_directory
    from swagger_ui_bundle import swagger_ui_path

    @app.get("/docs/static/<path:filename>")
    def docs_static(filename: str) -> Any:
        return send_from_directory(swagger_ui_path, filename)
