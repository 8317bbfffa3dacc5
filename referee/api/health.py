"""``GET /healthz``: is the service up, and can it reach its database."""

from __future__ import annotations

import marshmallow as ma

from referee import RULES_VERSION, __version__
from referee.api.fields import Blueprint

blp = Blueprint("health", __name__, description="Service health")


class HealthSchema(ma.Schema):
    """The service's state: ``status`` "ok", the version and the rules version."""

    status = ma.fields.String(required=True, metadata={"example": "ok"})
    version = ma.fields.String(required=True)
    rules_version = ma.fields.String(required=True)


@blp.route("/healthz")
@blp.response(200, HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness: answers 200 when the app serves requests."""
    return {"status": "ok", "version": __version__, "rules_version": RULES_VERSION}
