"""Stateless Piquet rulings: a deal (``deals:score``, with a claim explained entry by entry), a
score-sheet line (``sheets:score``), bare totals (``totals:check``), declarations
(``declarations:compare``) and the partie's settlement (``parties:settle``)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee import piquet
from referee.api.blueprint import Blueprint
from referee.api.errors import ProblemError, ViolationSchema
from referee.api.fields import StakeField, StrictSchema, card_list
from referee.api.match_schemas import (
    PiquetOptionsSchema,
    RolesAnnouncementsSchema,
    RolesCardsSchema,
)
from referee.api.problems import BAD_REQUEST
from referee.violations import InputError

blp = Blueprint(
    "piquet", __name__, url_prefix="/v1/piquet",
    description="Piquet (Rubicon Piquet): rulings on a deal, on declarations, on a partie.",
)



def _role() -> ma.fields.String:
    """A role: "elder", "younger" or null."""
    return ma.fields.String(
        allow_none=True, metadata={"description": '"elder", "younger" or null'}
    )


_ROLE_IN = validate.OneOf(["elder", "younger"])


class DealOptionsSchema(PiquetOptionsSchema):
    """A Piquet table's options (Q6, Q7) and its penalties for irregularities recorded anyway
    (Q12); omitted ones take the defaults."""

    revoke = ma.fields.String(
        validate=validate.OneOf(["replay", "reckon_nothing", "void"]),
        metadata={"description": "A revoke recorded anyway: replay from that trick (PT 59 IV, "
                                 "default); when it cannot be replayed the offender reckons "
                                 "nothing, or the deal is void"})
    false_call = ma.fields.String(
        validate=validate.OneOf(["reckon_nothing", "call_only"]),
        metadata={"description": "A call of what one does not hold recorded anyway: the caller "
                                 "reckons nothing that deal (PT 54, default), or only the call "
                                 "scores nothing"})


class IrregularSchema(StrictSchema):
    """A rule break recorded anyway (Q12): a revoke ("revoke", "tricks[2][1]"), a false call
    ("announcement_not_held", "declarations.elder.sequence"), a lead out of turn the adversary
    played to ("lead_out_of_turn", "tricks[4][0]"), a misdeal ("hand_size", "dealt.elder");
    and found at the table, the location naming the offender: more than twelve cards in play
    ("long_hand", "elder", PT 58), fewer ("short_hand", "younger", PT 57: the last tricks
    hold the adversary's card alone), a talon offence ("talon_offence", "younger", PT 27–29,
    33, 35)."""

    code = ma.fields.String(required=True, validate=validate.OneOf(
        ["revoke", "announcement_not_held", "lead_out_of_turn", "hand_size", "talon_size",
         "long_hand", "short_hand", "talon_offence"]))
    location = ma.fields.String(required=True, validate=validate.Length(max=80))


class PiquetIrregularitySchema(ma.Schema):
    """An irregularity recorded anyway and its penalty (Q12)."""

    kind = ma.fields.String(metadata={"example": "revoke"})
    who = _role()
    law = ma.fields.String(metadata={"example": "PT 59 IV"})
    location = ma.fields.String()
    penalty = ma.fields.String(metadata={"example": "reckon_nothing"})
    consequence = ma.fields.String()


class RolesNumbersSchema(StrictSchema):
    """A whole number per role (either may be left out where the field allows)."""

    elder = ma.fields.Integer(validate=validate.Range(min=-1000, max=1000))
    younger = ma.fields.Integer(validate=validate.Range(min=-1000, max=1000))


class TricksSchema(StrictSchema):
    """Tricks won per role (the referee checks they make 12, Q6)."""

    elder = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=12))
    younger = ma.fields.Integer(required=True, validate=validate.Range(min=0, max=12))


class SaidField(ma.fields.Field[Any]):
    """What a player announced, as said ("quint to the king in clubs", "point of five, 48",
    "three kings"), a number (a point's cards), a structured form ({"cards": 5, "pips": 48},
    {"length": 4, "top": "A", "suit": "C"}, {"count": 3, "rank": "A"}) or a list of those
    (sequences, sets).  The referee reads the words (Q5)."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": "Write what was announced, e.g. 'quint to the king in clubs', or a list of "
                   "such (at most 8, each under 200 characters)."
    }

    def __init__(self, **kwargs: Any) -> None:
        one = {"oneOf": [{"type": "string", "example": "quint to the king in clubs"},
                         {"type": "integer", "minimum": -999, "maximum": 999},
                         {"type": "object"}]}
        metadata = {"oneOf": [*one["oneOf"], {"type": "array", "items": one}],
                    "description": self.__doc__.split("\n\n")[0] if self.__doc__ else ""}
        super().__init__(metadata=metadata, **kwargs)

    @staticmethod
    def _one(value: Any) -> bool:
        if isinstance(value, str):
            return len(value) <= 200
        if isinstance(value, int):  # bounded like every integer of a request
            return not isinstance(value, bool) and abs(value) <= 999
        if isinstance(value, dict):
            return len(value) <= 3 and all(
                isinstance(k, str) and ((isinstance(v, str) and len(v) <= 20)
                                        or (isinstance(v, int) and abs(v) <= 999) or v is None)
                for k, v in value.items())
        return False

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list):
            if len(value) <= 8 and all(self._one(v) for v in value):
                return value
        elif self._one(value):
            return value
        raise self.make_error("invalid")


class RolesSaidSchema(StrictSchema):
    """What each role announced in a category (absent or null: nothing announced)."""

    elder = SaidField(allow_none=True)
    younger = SaidField(allow_none=True)


class GoodSchema(StrictSchema):
    """What the table said in each category: "elder", "younger" or "equal"."""

    point = ma.fields.String(allow_none=True,
                             validate=validate.OneOf(["elder", "younger", "equal"]))
    sequence = ma.fields.String(allow_none=True,
                                validate=validate.OneOf(["elder", "younger", "equal"]))
    sets = ma.fields.String(allow_none=True,
                            validate=validate.OneOf(["elder", "younger", "equal"]))


class DealRequestSchema(StrictSchema):
    """A Piquet deal (/rules/records): ``tricks`` (leader's card first; elder leads the first);
    optional ``dealt`` hands, ``talon`` (top first), ``exchange`` (discards) and
    ``declarations`` (what each announced; without them each announces his best)."""

    tricks = ma.fields.List(card_list(), required=True, validate=validate.Length(max=32))
    dealt = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    talon = card_list(allow_none=True)
    exchange = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    declarations = ma.fields.Nested(RolesAnnouncementsSchema, allow_none=True)
    claimed = ma.fields.Nested(
        RolesNumbersSchema, allow_none=True,
        metadata={"description": "The deal's points each side claims (either or both): the "
                                 "answer explains any difference entry by entry"})
    irregular = ma.fields.List(
        ma.fields.Nested(IrregularSchema), validate=validate.Length(max=16), allow_none=True,
        metadata={"description": "Rule breaks the table records anyway (Q12), each as the "
                                 "code and location of its violation"})
    unplayed = ma.fields.Nested(
        RolesCardsSchema, allow_none=True,
        metadata={"description": "The cards a hand of more than twelve never played (with "
                                 '{"code": "long_hand"} in irregular): they still bar the '
                                 "adversary's combinations (PT 58)"})
    options = ma.fields.Nested(DealOptionsSchema, load_default=dict)


class PiquetSheetSchema(StrictSchema):
    """A deal as the score sheet gives it (docs/records.md): carte blanche, what each announced in
    point, sequence and sets (the words players say) and who was good, the tricks, the points
    each counted in play (or the totals each claims), a pique if claimed. A match's ``sheet``
    (its options are the match's)."""

    carte_blanche = ma.fields.String(allow_none=True, validate=_ROLE_IN)
    point = ma.fields.Nested(RolesSaidSchema, allow_none=True)
    sequence = ma.fields.Nested(RolesSaidSchema, allow_none=True)
    sets = ma.fields.Nested(RolesSaidSchema, allow_none=True)
    good = ma.fields.Nested(GoodSchema, allow_none=True)
    tricks = ma.fields.Nested(TricksSchema, required=True)
    play = ma.fields.Nested(RolesNumbersSchema, allow_none=True)
    claimed = ma.fields.Nested(RolesNumbersSchema, allow_none=True)
    pique = ma.fields.String(allow_none=True, validate=_ROLE_IN,
                             metadata={"description": "the role claiming a pique; null: none"})


class PiquetSheetRequestSchema(PiquetSheetSchema):
    """A score-sheet line (:class:`PiquetSheetSchema`) and the table's options."""

    options = ma.fields.Nested(PiquetOptionsSchema, load_default=dict)


class PiquetTotalsSchema(StrictSchema):
    """A deal's points only (the last resort): both roles' totals. A match's ``totals``."""

    scores = ma.fields.Nested(RolesNumbersSchema, required=True)


class PiquetTotalsRequestSchema(PiquetTotalsSchema):
    """A deal's totals (:class:`PiquetTotalsSchema`) and the table's options."""

    options = ma.fields.Nested(PiquetOptionsSchema, load_default=dict)


class PerRoleSchema(ma.Schema):
    """A number per role."""

    elder = ma.fields.Integer()
    younger = ma.fields.Integer()


class CategorySchema(ma.Schema):
    """One declaration category (Q5): who scores it (null: nobody), the points each scored,
    what the winner scored in words, and what each showed."""

    winner = _role()
    elder = ma.fields.Integer()
    younger = ma.fields.Integer()
    scored = ma.fields.List(ma.fields.String())
    scored_points = ma.fields.List(ma.fields.Integer())
    elder_shown = ma.fields.String(allow_none=True)
    younger_shown = ma.fields.String(allow_none=True)


class DeclarationsSchema(ma.Schema):
    """The declarations (Q3, Q5) and the repique judged on them (Q7, Q8)."""

    carte_blanche = _role()
    point = ma.fields.Nested(CategorySchema)
    sequence = ma.fields.Nested(CategorySchema)
    sets = ma.fields.Nested(CategorySchema)
    scores = ma.fields.Nested(PerRoleSchema)
    repique = _role()


class PiquetTrickSchema(ma.Schema):
    """A trick: its number, the role that led, the cards (leader's first), the winner."""

    number = ma.fields.Integer()
    leader = ma.fields.String()
    cards = ma.fields.List(ma.fields.String())
    winner = ma.fields.String(allow_none=True)


class LogEntrySchema(ma.Schema):
    """One scoring event as the players call it, with the running totals."""

    who = ma.fields.String()
    what = ma.fields.String()
    points = ma.fields.Integer()
    elder_total = ma.fields.Integer()
    younger_total = ma.fields.Integer()
    note = ma.fields.String(metadata={"description": "why, when the entry needs explaining"})


class CountSchema(ma.Schema):
    """One counting record (Q8): who counts what (in full, as said aloud), the points, the
    stage ("declaring", "playing", "the cards"), the rule, the Q8 step, the trick (play)."""

    who = ma.fields.String()
    what = ma.fields.String(metadata={"example": "quint to the king in clubs"})
    points = ma.fields.Integer()
    stage = ma.fields.String(
        validate=validate.OneOf(["declaring", "playing", "the cards", "penalty"]))
    rule = ma.fields.String(metadata={"example": "Q5"})
    step = ma.fields.String(metadata={"example": "sequence"})
    trick = ma.fields.Integer()
    note = ma.fields.String()


class GroundSchema(ma.Schema):
    """One thing a ruling verified, computed or took as reported: a stable code, its rule
    section and a sentence."""

    code = ma.fields.String(metadata={"example": "tricks_add_up", "description": (
        "Stable, for clients to switch on (the sentence, what, may be reworded); one of: "
        + ", ".join(piquet.FINDING_CODES))})
    rule = ma.fields.String(metadata={"example": "Q5"})
    what = ma.fields.String()
    params = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Raw(), metadata={
        "description": "The values the sentence is made of, by name (players by name, cards "
                       "in the design's notation, points, counts; a list where the sentence "
                       "names several), enough to word the finding again from its code; "
                       "absent from rulings recorded before findings had them"})


class ClaimHintSchema(ma.Schema):
    """What could explain a totals claim that parts from the cards: a stable code, the rule
    it rests on, the hint in words."""

    code = ma.fields.String(metadata={"example": "pique_not_given", "description": (
        "One of: " + ", ".join(piquet.HINT_CODES))})
    rule = ma.fields.String(metadata={"example": "Q7"})
    message = ma.fields.String()
    params = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Raw(), metadata={
        "description": "The values the message is made of, by name (e.g. who, points), for a "
                       "client that words the hint itself"})


class PiquetDifferenceSchema(ma.Schema):
    """A step where a claim parts from the ruling (Q8 order): what each says, the claim minus
    the ruling per role, and for totals what could explain it (``explanations`` in words,
    ``hints`` typed)."""

    code = ma.fields.String(metadata={"example": "sequence_differs",
                                      "description": "<step>_differs"})
    step = ma.fields.String(metadata={"example": "sequence"})
    rule = ma.fields.String(metadata={"example": "Q5"})
    ruling = ma.fields.String()
    claim = ma.fields.String()
    difference = ma.fields.Nested(PerRoleSchema)
    explanations = ma.fields.List(ma.fields.String())
    hints = ma.fields.List(ma.fields.Nested(ClaimHintSchema))


class ClaimComparisonSchema(ma.Schema):
    """A claim beside the ruling: whether it agrees, the first point where it parts, every
    difference in counting order."""

    code = ma.fields.String(metadata={"example": "claim_differs",
                                      "description": '"claim_agrees" or "claim_differs"'})
    agrees = ma.fields.Boolean()
    parts_at = ma.fields.Nested(PiquetDifferenceSchema, allow_none=True)
    differences = ma.fields.List(ma.fields.Nested(PiquetDifferenceSchema))


class PiquetSheetRulingSchema(ma.Schema):
    """The ruling on a score-sheet line or on totals: the deal's points, the counting records,
    what was verified, computed and taken as reported, and every impossibility found."""

    class Meta:  # a match's ruling says more (the players' names…): the object stays open
        unknown = ma.INCLUDE

    level = ma.fields.String(required=True, validate=validate.OneOf(["sheet", "totals"]),
                             metadata={"description": '"sheet" or "totals"'})
    scores = ma.fields.Nested(PerRoleSchema, required=True)
    tricks_won = ma.fields.Nested(PerRoleSchema)
    carte_blanche = _role()
    repique = _role()
    pique = _role()
    capot = _role()
    cards = ma.fields.String(allow_none=True, metadata={"description": "who won the cards"})
    counts = ma.fields.List(ma.fields.Nested(CountSchema))
    log = ma.fields.List(ma.fields.Nested(LogEntrySchema))
    verified = ma.fields.List(ma.fields.Nested(GroundSchema))
    computed = ma.fields.List(ma.fields.Nested(GroundSchema))
    as_reported = ma.fields.List(ma.fields.Nested(GroundSchema))
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))


class DealRulingSchema(ma.Schema):
    """The ruling on a deal: the deal's totals, tricks, declarations, carte blanche, repique,
    pique, capot, each trick, the running log (as a table counts aloud), the counting records
    in Q8 order, what was verified / computed / taken as reported, and every rule break."""

    class Meta:  # a match's ruling says more (the players' names…): the object stays open
        unknown = ma.INCLUDE

    level = ma.fields.String(required=True, validate=validate.OneOf(["cards"]),
                             metadata={"description": '"cards" (a ruling on every card)'})
    scores = ma.fields.Nested(PerRoleSchema, required=True)
    tricks_won = ma.fields.Nested(PerRoleSchema)
    declarations = ma.fields.Nested(DeclarationsSchema)
    carte_blanche = _role()
    repique = _role()
    pique = _role()
    capot = _role()
    cards = ma.fields.String(allow_none=True, metadata={"description": "who won the cards"})
    tricks = ma.fields.List(ma.fields.Nested(PiquetTrickSchema))
    hands = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.List(ma.fields.String()))
    log = ma.fields.List(ma.fields.Nested(LogEntrySchema))
    counts = ma.fields.List(ma.fields.Nested(CountSchema))
    irregularities = ma.fields.List(ma.fields.Nested(PiquetIrregularitySchema))
    verified = ma.fields.List(ma.fields.Nested(GroundSchema))
    computed = ma.fields.List(ma.fields.Nested(GroundSchema))
    as_reported = ma.fields.List(ma.fields.Nested(GroundSchema))
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema))
    claimed_ok = ma.fields.Boolean(
        allow_none=True, metadata={"description": "the claimed scores agree (null: none sent)"})
    claim = ma.fields.Nested(ClaimComparisonSchema, allow_none=True)


class CompareRequestSchema(StrictSchema):
    """Both hands after the exchange, 12 cards each."""

    elder = card_list(required=True)
    younger = card_list(required=True)
    options = ma.fields.Nested(PiquetOptionsSchema, load_default=dict)


def _two_players(scores: dict[str, int]) -> None:
    """Q9: a partie is between two players. :raises ma.ValidationError: not two names."""
    if len(scores) != 2:
        raise ma.ValidationError("Length must be 2.")


class SettleRequestSchema(StrictSchema):
    """The partie's totals per player name (exactly two), and an optional stake per point."""

    scores = ma.fields.Dict(
        keys=ma.fields.String(validate=validate.Length(min=1, max=40)),
        values=ma.fields.Integer(validate=validate.Range(min=0, max=100_000)),
        required=True,
        # A function, not validate.Length: apispec would write minLength on an object.
        validate=_two_players,
        metadata={"minProperties": 2, "maxProperties": 2,
                  "json_schema": {"propertyNames": {"minLength": 1, "maxLength": 40}}},
    )
    stake = StakeField(allow_none=True)


class SettlementSchema(ma.Schema):
    """Q9: who won, who pays, whether he was rubiconed, the payment in points and money."""

    winner = ma.fields.String(allow_none=True)
    loser = ma.fields.String(allow_none=True)
    rubiconed = ma.fields.Boolean()
    payment = ma.fields.Integer()
    amount = ma.fields.String(allow_none=True)


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
    claimed = body.pop("claimed", None) or None
    deal = piquet.deal_from_record(body)
    ruling = piquet.rule_deal(deal, options)
    data = ruling.as_dict()
    data["claimed_ok"] = None
    data["claim"] = None
    if claimed:
        comparison = piquet.compare_claimed(ruling, claimed, options)
        data["claimed_ok"] = comparison.agrees
        data["claim"] = comparison.as_dict()
        data["violations"] += [v.as_dict() for v in
                               piquet.claimed_violations(ruling, claimed, comparison)]
    return data


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
