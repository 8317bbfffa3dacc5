"""Every route of ``/v1/matches`` and the view that answers it, in the order the API document
(api_spec/openapi.json) lists them: flask-smorest documents a blueprint's routes in the order
they are added, and the views live by resource, not in that order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.api import credentials, ledger_views, match_views, writes
from referee.api.matches import blp

__all__ = ["ROUTES", "blp"]

MATCH = "/<string:match_id>"
DEAL = MATCH + "/deals/<int:deal>"

#: (rule under /v1/matches, method, view): the document's order.
ROUTES: tuple[tuple[str, str, Callable[..., Any]], ...] = (
    ("", "POST", credentials.create_match),
    (MATCH + "/tokens", "POST", credentials.rotate_tokens),
    (MATCH + "/tokens:recover", "POST", credentials.recover_tokens),
    (MATCH, "GET", match_views.read_match),
    (MATCH + "/me", "GET", match_views.read_me),
    (MATCH + "/me:join", "POST", credentials.join_seat),
    (MATCH + "/events", "POST", writes.record_step),
    (MATCH + "/deals", "POST", writes.record_deal),
    (DEAL + "/cards", "POST", writes.record_cards),
    (DEAL + "/confirm", "POST", writes.confirm_deal),
    (DEAL + "/dispute", "POST", writes.dispute_deal),
    (MATCH + "/seats", "POST", credentials.issue_seats),
    (MATCH + "/undo", "POST", writes.undo),
    (DEAL + "/void", "POST", writes.void_deal),
    (DEAL + "/amend", "POST", writes.amend_deal),
    (MATCH + "/ledger", "GET", ledger_views.read_ledger),
    (MATCH + "/ledger.csv", "GET", ledger_views.read_ledger_csv),
    (MATCH + "/record", "GET", ledger_views.read_record_file),
    (MATCH + "/log", "GET", ledger_views.read_events),
    (MATCH + "/verify", "GET", ledger_views.verify),
)

for _rule, _method, _view in ROUTES:
    blp.add_url_rule(_rule, view_func=_view, methods=[_method])
