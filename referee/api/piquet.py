"""Stateless Piquet rulings: a deal (``deals:score``, with a claim explained entry by entry), a
score-sheet line (``sheets:score``), bare totals (``totals:check``), declarations
(``declarations:compare``) and the partie's settlement (``parties:settle``). Their requests'
schemas are in :mod:`referee.api.piquet_schemas`, their answers' in
:mod:`referee.api.piquet_ruling_schemas`."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

from referee import piquet
from referee.api.blueprint import Blueprint
from referee.api.errors import ProblemError
from referee.api.piquet_ruling_schemas import (
    DealRulingSchema,
    DeclarationsSchema,
    PiquetSheetRulingSchema,
    SettlementSchema,
)
from referee.api.piquet_schemas import (
    CompareRequestSchema,
    DealRequestSchema,
    PiquetSheetRequestSchema,
    PiquetTotalsRequestSchema,
    SettleRequestSchema,
)
from referee.api.problems import BAD_REQUEST
from referee.violations import InputError

blp = Blueprint(
    "piquet", __name__, url_prefix="/v1/piquet",
    description="Piquet (Rubicon Piquet): rulings on a deal, on declarations, on a partie.",
)


def engine_options(data: dict[str, Any]) -> piquet.PiquetOptions:
    """The engine's options from the request's ``options``."""
    return piquet.PiquetOptions(**data)


@blp.ruling("/deals:score", DealRequestSchema, DealRulingSchema)
def score_deal(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a finished deal: every declaration, trick point, pique, repique, capot.

    With ``claimed`` scores (either or both roles) the answer says whether they agree
    (``claimed_ok``), where they part from the ruling and which counts could explain each
    difference (``claim``), each difference also a ``claimed_score_differs`` violation.
    A record too broken to score (13 cards in a hand, a card twice…) is 422.
    """
    options = engine_options(body.pop("options"))
    claimed = body.pop("claimed", None)
    return piquet.rule_claimed_deal(piquet.deal_from_record(body), claimed, options).as_dict()


@blp.ruling("/sheets:score", PiquetSheetRequestSchema, PiquetSheetRulingSchema)
def score_sheet(body: dict[str, Any]) -> dict[str, Any]:
    """Rule on a deal as the score sheet gives it (docs/records.md): the referee compares the
    declarations (Q5), derives the repique (Q7), the cards and capot (Q6), checks the play
    points against the tricks, a claimed pique and claimed totals.

    An impossible line is answered with its ``violations`` (each located, e.g.
    ``sheet.sequence.elder``); words that name no combination are 400, with ``errors`` at
    their place in the body (``sets.elder[0]``).
    """
    options = engine_options(body.pop("options"))
    try:
        sheet = piquet.sheet_from_record(body)
    except InputError as unread:  # the body is the sheet: "sheet.sets…" is "sets…" in it
        raise InputError(replace(v, location=v.location.removeprefix("sheet."))
                         for v in unread.violations) from None
    return piquet.rule_sheet(sheet, options).as_dict()


@blp.ruling("/totals:check", PiquetTotalsRequestSchema, PiquetSheetRulingSchema)
def check_totals(body: dict[str, Any]) -> dict[str, Any]:
    """Check a deal's bare totals against what one deal can score (Q3–Q7): never below 0 or
    above 180 for one player, and under ``lead_point: "every"`` the elder's first lead and
    the 13 points of the play."""
    options = engine_options(body.pop("options"))
    return piquet.rule_totals(piquet.totals_from_record(body), options).as_dict()


@blp.ruling("/declarations:compare", CompareRequestSchema, DeclarationsSchema)
def compare(body: dict[str, Any]) -> dict[str, Any]:
    """Compare two hands' declarations, each announcing his best (Q5), and the repique."""
    hands = piquet.deal_from_record({"tricks": [], "dealt": {k: body[k] for k in piquet.ROLES}})
    assert hands.dealt is not None
    result = piquet.compare_declarations(
        hands.dealt["elder"], hands.dealt["younger"], engine_options(body["options"])
    )
    return result.as_dict()


@blp.route("/parties:settle", methods=["POST"])
@blp.arguments(SettleRequestSchema)
@blp.response(200, SettlementSchema)
def settle(body: dict[str, Any]) -> dict[str, Any]:
    """Settle a partie (Q9): the Rubicon, exactly 100 not rubiconed, the stake."""
    stake = body.get("stake")
    try:
        return piquet.settle_partie(
            body["scores"], Decimal(stake) if stake is not None else None
        ).as_dict()
    except ValueError as error:
        raise ProblemError(BAD_REQUEST, str(error)) from None
