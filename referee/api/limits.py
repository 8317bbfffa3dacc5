"""The create quota and the expiry of unplayed matches, over HTTP (docs/security.md,
"Limits and their defaults").

- :func:`take_create_quota`: a create counts against its client address's quota
  (``REFEREE_CREATE_QUOTA`` creates per ``REFEREE_CREATE_QUOTA_SECONDS``); past it, ``429``
  ``create-quota-exceeded`` with ``Retry-After``.
- :func:`register`: every route of a match (any route whose path names a ``match_id``)
  answers ``410`` ``match-expired`` for a match that recorded no deal within
  ``REFEREE_MATCH_EXPIRY_SECONDS`` of its creation, until ``flask db prune`` deletes it.

The client address is ``request.remote_addr``: behind a reverse proxy it is the client's
only where the app is configured to trust that proxy's forwarded address.
"""

from __future__ import annotations

import datetime

from flask import Flask, current_app, request

from referee.api.errors import ProblemError
from referee.api.problems import MATCH_EXPIRED
from referee.i18n.details import EXPIRED, duration
from referee.store import expiry, quota


class SettingError(ValueError):
    """A setting out of its range (the server does not start)."""


def check_settings(app: Flask) -> None:
    """Check the settings of the quota and the expiry.

    :raises SettingError: the expiry is shorter than a day, or the quota's window is not a
        positive number of seconds.
    """
    if float(app.config["MATCH_EXPIRY_SECONDS"]) < expiry.MIN_TTL.total_seconds():
        raise SettingError(
            "REFEREE_MATCH_EXPIRY_SECONDS must be at least 86400 (a day): a match made the "
            "evening before it is played must still be there")
    if int(app.config["CREATE_QUOTA_SECONDS"]) <= 0:
        raise SettingError("REFEREE_CREATE_QUOTA_SECONDS must be a positive number of seconds")


def expiry_time() -> datetime.timedelta:
    """How long a match that records no deal is kept (``REFEREE_MATCH_EXPIRY_SECONDS``)."""
    return datetime.timedelta(seconds=float(current_app.config["MATCH_EXPIRY_SECONDS"]))


def take_create_quota() -> None:
    """Count this create against its client address's quota; call inside the create's
    transaction (a create refused or failed counts nothing).

    :raises quota.QuotaExceeded: past the quota (``429 create-quota-exceeded`` with
        ``Retry-After``, :mod:`referee.api.handlers`).
    """
    quota.take(quota.client_key(request.remote_addr), int(current_app.config["CREATE_QUOTA"]),
               int(current_app.config["CREATE_QUOTA_SECONDS"]))


def register(app: Flask) -> None:
    """Answer ``410 match-expired`` on every route of an expired match (before any other
    check: whoever asks, with any credential or none)."""

    @app.before_request
    def _refuse_expired() -> None:
        match_id = (request.view_args or {}).get("match_id")
        if not isinstance(match_id, str):
            return
        ttl = expiry_time()
        if expiry.expired(match_id, ttl):
            raise ProblemError(
                MATCH_EXPIRED,
                EXPIRED.said(within=duration(int(ttl.total_seconds()))),
                extra={"match_id": match_id},
            )
