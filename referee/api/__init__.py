"""The HTTP shell: the Flask app factory (design.md, "Layers").

Handlers are short: parse (marshmallow) → call the core → store → serialize.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask

from referee import __version__
from referee.api.errors import ProblemApi, register_error_handlers

#: Largest request body accepted, in bytes (a whole partie fits many times over).
DEFAULT_MAX_CONTENT_LENGTH = 256 * 1024


def _config_from_env() -> dict[str, Any]:
    return {
        "DATABASE_URL": os.environ.get("DATABASE_URL", "sqlite:///referee.db"),
        "MAX_CONTENT_LENGTH": int(
            os.environ.get("REFEREE_MAX_BODY_BYTES", DEFAULT_MAX_CONTENT_LENGTH)
        ),
    }


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides the environment (DATABASE_URL, …).

    Routes: ``/v1/...`` (the API), ``/healthz``, ``/openapi.json`` and ``/docs``.
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

    api = ProblemApi(
        app,
        spec_kwargs={
            "info": {
                "description": (
                    "Scorekeeping and referee API for Pitch (Auction Pitch, Setback) and "
                    "Piquet (Rubicon Piquet). Errors are RFC 9457 problem+json."
                )
            }
        },
    )
    register_error_handlers(app)
    _register_docs_assets(app)

    from referee.api import health

    api.register_blueprint(health.blp)
    for module_name in ("piquet", "pitch"):
        module = _optional_module(module_name)
        if module is not None:
            api.register_blueprint(module.blp)
    return app


def _optional_module(name: str) -> Any:
    import importlib

    try:
        return importlib.import_module(f"referee.api.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"referee.api.{name}":
            raise
        return None


def _register_docs_assets(app: Flask) -> None:
    """Serve Swagger UI's files from the installed package: the docs work offline."""
    from flask import send_from_directory
    from swagger_ui_bundle import swagger_ui_path

    @app.get("/docs/static/<path:filename>")
    def docs_static(filename: str) -> Any:
        return send_from_directory(swagger_ui_path, filename)
