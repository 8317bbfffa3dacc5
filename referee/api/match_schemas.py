"""marshmallow schemas of a new match and of a deal's record: the create request (each game's
options: :mod:`referee.api.option_schemas`) and the record of a deal's cards, score-sheet line
or totals (requests strict)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import validate

from referee.api.fields import (
    MAX_VERSION,
    AnnouncedField,
    CallField,
    NameField,
    card_list,
    pitch_card_list,
)
from referee.api.option_schemas import PiquetMatchOptionsSchema, PitchMatchOptionsSchema
from referee.api.strict import ShapesField, StrictSchema
from referee.i18n.schema import schema_error


class _CreateFieldsSchema(StrictSchema):
    """What every new match names: the players in seating order (clockwise), the note's
    author ``by``."""

    players = ma.fields.List(
        NameField(), required=True, validate=validate.Length(min=2, max=7)
    )
    by = NameField()


class CreatePiquetMatchSchema(_CreateFieldsSchema):
    """A new Piquet match: two players (Q1), its options (PiquetMatchOptions)."""

    players = ma.fields.List(
        NameField(), required=True,
        validate=validate.Length(equal=2, error="Piquet is played by two players (Q1)."))
    game = ma.fields.String(required=True, validate=validate.OneOf(["piquet"]))
    options = ma.fields.Nested(PiquetMatchOptionsSchema, load_default=dict)


class CreatePitchMatchSchema(_CreateFieldsSchema):
    """A new Pitch match: 2 to 7 players, its options (PitchMatchOptions)."""

    game = ma.fields.String(required=True, validate=validate.OneOf(["pitch"]))
    options = ma.fields.Nested(PitchMatchOptionsSchema, load_default=dict)


class CreateMatchSchema(ma.Schema):
    """A new match: a Piquet match (CreatePiquetMatch) or a Pitch match (CreatePitchMatch),
    its ``game`` naming which; each takes its game's options only. Documented as their
    ``oneOf`` with ``game`` the discriminator (:class:`~referee.api.strict.JsonSchemaRules`);
    read by the schema of the game named."""

    #: The property naming the shape, and each value's schema.
    SHAPES: ClassVar[tuple[str, Mapping[str, type[ma.Schema]]]] = ("game", {
        "piquet": CreatePiquetMatchSchema, "pitch": CreatePitchMatchSchema})

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: str | None = None) -> Any:
        """The body read by its game's schema.

        :raises marshmallow.ValidationError: no game, a game neither, or the game's schema
            refuses the body (an option of the other game among them).
        """
        if not isinstance(data, Mapping):
            raise ma.ValidationError({"_schema": [schema_error("input_type")]})
        name, shapes = self.SHAPES
        if name not in data:
            raise ma.ValidationError({name: [schema_error("required")]})
        shape = shapes.get(data[name]) if isinstance(data[name], str) else None
        if shape is None:
            raise ma.ValidationError({name: [schema_error("one_of", choices=", ".join(shapes))]})
        return shape().load(data, partial=partial)


class AnnouncementFields(StrictSchema):
    """What a Piquet player announced (Q5)."""

    point = AnnouncedField("point", allow_none=True)
    sequence = AnnouncedField("sequence", allow_none=True)
    sets = AnnouncedField("sets")
    carte_blanche = ma.fields.Boolean()


class RolesCardsSchema(StrictSchema):
    """Cards per Piquet role."""

    elder = card_list(allow_none=True)
    younger = card_list(allow_none=True)


class RolesAnnouncementsSchema(StrictSchema):
    """Announcements per Piquet role."""

    elder = ma.fields.Nested(AnnouncementFields, allow_none=True)
    younger = ma.fields.Nested(AnnouncementFields, allow_none=True)


class DeclarationsField(ma.fields.Field[Any]):
    """Piquet declarations of a deal (Q5): "none" (nobody announced), "best" (each
    his best), or per role (``elder``/``younger``) what he announced, "none" or "best".
    A record that says nothing scores each his best (the ruling's ``declarations_used``)."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": 'Declarations are "none", "best" or an object with "elder"/"younger", each '
                   'what he announced, "none" or "best".'
    }
    _announcement = AnnouncementFields()

    def __init__(self, **kwargs: Any) -> None:
        mode = {"type": "string", "enum": ["none", "best"]}
        announcement = {"oneOf": [{"$ref": "#/components/schemas/AnnouncementFields"}, mode,
                                  {"type": "null"}]}
        metadata = {
            "oneOf": [mode, {"type": "object",
                             "properties": {"elder": announcement, "younger": announcement},
                             "additionalProperties": False}],
            "description": self.__doc__,
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if value in ("none", "best"):
            return value
        if not isinstance(value, dict) or set(value) - {"elder", "younger"}:
            raise self.make_error("invalid")
        out: dict[str, Any] = {}
        for role, item in value.items():
            if item is None or item in ("none", "best"):
                out[role] = item
            elif isinstance(item, dict):
                try:
                    out[role] = self._announcement.load(item)
                except ma.ValidationError as error:  # located under the role
                    raise ma.ValidationError({role: error.messages}) from None
            else:
                raise self.make_error("invalid")
        return out


_CALL = CallField()
#: An irregularity recorded anyway, one shape per game (the match's game reads it, as a
#: sheet): Piquet's names its ``code``, Pitch's its ``type``. Registered class names (the
#: games' modules import this one).
IRREGULAR = ("IrregularSchema", "PitchIrregularitySchema")
_TRICKS = ma.fields.List(card_list(), validate=validate.Length(max=32))


class CardsRecordSchema(StrictSchema):
    """A whole deal with its cards (the deal records of /rules/records). Pitch: dealer, bids,
    tricks, hands, claimed. Piquet: dealt, talon, exchange, declarations, tricks."""

    tricks = ma.fields.List(pitch_card_list(folds=True), required=True,
                            validate=validate.Length(max=32), metadata={
                                "description": "Pitch's games with more points: jokers (V2) "
                                "and null for a player out of trumps (V5.3)"})
    dealer = ma.fields.Integer(validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, validate=validate.Length(max=16))
    hands = ma.fields.List(pitch_card_list(), allow_none=True, validate=validate.Length(max=8))
    trump = ma.fields.String(allow_none=True, validate=validate.OneOf(["S", "H", "D", "C"]),
                             metadata={"description": "Pitch's games with more points: the "
                                       "suit the pitcher named (V3.2)"})
    claimed = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-1000, max=1000)),
                             allow_none=True, validate=validate.Length(max=8))
    dealt = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    talon = card_list(allow_none=True)
    exchange = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    declarations = DeclarationsField(allow_none=True)
    irregular = ma.fields.List(ShapesField(*IRREGULAR), validate=validate.Length(max=16),
                               metadata={
        "description": "Pitch (P10, PitchIrregularity): irregularities that really happened, "
                       'e.g. {"type": "revoke", "seat": 2, "trick": 3}, {"type": "misdeal"}. '
                       'Piquet (Q12, Irregular): {"code", "location"}, e.g. {"code": "revoke", '
                       '"location": "tricks[2][1]"}, {"code": "long_hand", "location": '
                       '"elder"}, {"code": "talon_offence", "location": "younger"}'})
    unplayed = ma.fields.Nested(RolesCardsSchema, allow_none=True, metadata={
        "description": "Piquet: the cards a hand of more than twelve never played (PT 58)"})
    retaken = ma.fields.Nested(RolesCardsSchema, allow_none=True, metadata={
        "description": "Piquet: the cards each player took back when a revoke was replayed "
                       "(PT 59 IV); the tricks hold the play recorded again"})
    by = NameField()
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


#: A score-sheet line in a match, one shape per game (the match's game reads it: a field the
#: game's sheet has not is a 422 with its rule). Registered class names: the games' modules
#: import this one.
SHEETS = ("PiquetSheetSchema", "SheetSchema")
SHEET = ("The deal's score-sheet line, in the match's game: Piquet (PiquetSheet: point, "
         "sequence, sets, tricks, play…) or Pitch (Sheet: bids or pitcher and bid, trump, "
         "high, low, jack, game…)")
#: A deal's totals in a match, one shape per game (see :data:`SHEETS`).
TOTALS = ("PiquetTotalsSchema", "TotalsSchema")
TOTALS_TEXT = ('The deal\'s points, in the match\'s game: Piquet (PiquetTotals: {"scores": '
               '{"elder": …, "younger": …}}) or Pitch (Totals: {"scores": […], "pitcher": s, '
               '"bid": b})')


#: The fields of a deal's record that are not its cards (:class:`RecordDealSchema`).
_NOT_CARDS = ("sheet", "totals", "by", "expected_version", "deal")


def _none_of(*names: str) -> dict[str, Any]:
    return {"not": {"anyOf": [{"required": [name]} for name in names]}}


class RecordDealSchema(CardsRecordSchema):
    """A whole deal at one of three entry levels (/rules/records): its cards
    (``tricks`` and the rest), the line of the score sheet ``{"sheet": {…}}``, or just its
    points ``{"totals": {…}}`` (the records of the score-sheet entry, checked by the
    referee)."""

    tricks = ma.fields.List(pitch_card_list(folds=True), validate=validate.Length(max=32))
    sheet = ShapesField(*SHEETS, metadata={"description": SHEET})
    totals = ShapesField(*TOTALS, metadata={"description": TOTALS_TEXT})
    deal = ma.fields.Integer(
        validate=validate.Range(min=-MAX_VERSION, max=MAX_VERSION),
        metadata={"description": "The deal this entry was written for (send it always). "
                                 "Already recorded → 409 deal-already-recorded; not the next "
                                 "deal → 409 deal-not-next; left out: the next deal"})

    @ma.validates_schema
    def _one_level(self, data: dict[str, Any], **kwargs: object) -> None:
        levels = [k for k in ("sheet", "totals") if k in data]
        cards = [k for k in data if k not in _NOT_CARDS]
        if len(levels) > 1 or (levels and cards):
            raise ma.ValidationError(schema_error("one_entry"))
        if not levels and "tricks" not in data:
            raise ma.ValidationError(schema_error("needs_tricks"), "tricks")


def _one_entry(cards: list[str]) -> dict[str, Any]:
    """:meth:`RecordDealSchema._one_level` for the document: the cards (with their tricks),
    a sheet or totals, one of them. Written as conditions (``allOf`` of ``if``/``then``), not
    as a ``oneOf`` of ``required`` lists, so a generated client still makes the body a model
    (a top-level ``oneOf`` reads as a union of shapes)."""
    return {"allOf": [
        {"if": {"required": ["sheet"]}, "then": _none_of("totals", *cards)},
        {"if": {"required": ["totals"]}, "then": _none_of("sheet", *cards)},
        {"if": _none_of("sheet", "totals"), "then": {"required": ["tricks"]}},
    ]}


RecordDealSchema.JSON_SCHEMA = _one_entry(
    [name for name in RecordDealSchema._declared_fields if name not in _NOT_CARDS])
