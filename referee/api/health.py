"""``GET /healthz`` (liveness: the process serves requests) and ``GET /readyz`` (readiness:
the database is reachable and every migration of this code is applied)."""

from __future__ import annotations

import marshmallow as ma
from flask import current_app

from referee import RULES_VERSION, __version__
from referee.api.errors import abort_problem, problems
from referee.api.fields import Blueprint
from referee.api.problems import NOT_READY
from referee.store.db import pending_migrations

blp = Blueprint("health", __name__, description="Service health")


class HealthSchema(ma.Schema):
    """The service's state: ``status`` "ok", the version and the rules version."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})
    version = ma.fields.String(required=True)
    rules_version = ma.fields.String(required=True)


@blp.route("/healthz")
@blp.response(200, HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness: answers 200 whenever the app serves requests; never touches the database
    (a restart would not mend a database that is down)."""
    return {"status": "ok", "version": __version__, "rules_version": RULES_VERSION}


@blp.route("/readyz")
@blp.response(200, HealthSchema)
@problems(blp, 503)
def readyz() -> dict[str, str]:
    """Readiness: 200 when the database answers and has every migration of this code
    applied; 503 problem+json otherwise (the Docker HEALTHCHECK and load balancers ask this).
    """
    db = current_app.extensions["referee.db"]
    try:
        pending = pending_migrations(db)
    except Exception as error:  # any driver error: unreachable, refused, pool exhausted…
        current_app.logger.warning("readyz: database unreachable: %s", error)
        abort_problem(NOT_READY, "The database cannot be reached.",
                      headers={"Retry-After": "5"})
    if pending:
        abort_problem(NOT_READY, "The database lacks migrations: " + ", ".join(pending)
                      + " (run `flask --app wsgi db upgrade`).",
                      headers={"Retry-After": "5"})
    return {"status": "ready", "version": __version__, "rules_version": RULES_VERSION}
