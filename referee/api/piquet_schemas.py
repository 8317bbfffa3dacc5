"""The requests of the stateless Piquet rulings (:mod:`referee.api.piquet`): a deal, a
score-sheet line, totals, two hands to compare, a partie's totals to settle. A match's sheet and
totals are :class:`PiquetSheetSchema` and :class:`PiquetTotalsSchema`; the answers are
:mod:`referee.api.piquet_ruling_schemas`."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee.api.fields import STRUCTURE, StakeField, bounded_structure, card_list
from referee.api.match_schemas import RolesAnnouncementsSchema, RolesCardsSchema
from referee.api.option_schemas import PiquetOptionsSchema
from referee.api.strict import StrictSchema
from referee.i18n.schema import schema_error
from referee.piquet.records import ELECTIONS, TAKEN_IN

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
    33, 35); and of the dealing, the location saying where the card was: a card the dealer
    exposed ("exposed_in_dealing", "elder" | "younger" | "talon", PT 13: the dealer's own
    stands; elder's or a talon card, a record with its play shows elder played on, one with
    none the fresh deal he elected) and a card faced in the pack or the talon ("faced_card",
    "pack" | "talon", PT 14: a fresh deal); elder stood a deal one card wrong
    ("deal_stands", "elder", PT 11, 40–43: each discards so as to play with twelve); a deal
    dealt out of turn, found late ("deal_out_of_turn", "younger", PT 16: it stands)."""

    code = ma.fields.String(required=True, validate=validate.OneOf(
        ["revoke", "announcement_not_held", "lead_out_of_turn", "hand_size", "talon_size",
         "long_hand", "short_hand", "talon_offence", "exposed_in_dealing", "faced_card",
         "deal_stands", "deal_out_of_turn"]))
    location = ma.fields.String(required=True, validate=validate.Length(max=80))
    election = ma.fields.String(
        validate=validate.OneOf([*ELECTIONS, TAKEN_IN]),
        metadata={"description": "A talon offence: the election of the player not in fault "
                                 "(PT 28–29), a fresh deal or play on (the offender reckons "
                                 "nothing); left out, the table's talon_offence option. A "
                                 "deal_stands: taken_in when elder, dealt 11 or 13, took in "
                                 "without announcing it (PT 39: he must leave younger at "
                                 "least three cards)"})


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
                         STRUCTURE]}
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
            return bounded_structure(value)
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


class CompareRequestSchema(StrictSchema):
    """Both hands after the exchange, 12 cards each."""

    elder = card_list(required=True)
    younger = card_list(required=True)
    options = ma.fields.Nested(PiquetOptionsSchema, load_default=dict)


def _two_players(scores: dict[str, int]) -> None:
    """Q9: a partie is between two players. :raises ma.ValidationError: not two names."""
    if len(scores) != 2:
        raise ma.ValidationError(schema_error("length.equal", equal=2))


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
