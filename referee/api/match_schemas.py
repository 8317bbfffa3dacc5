"""marshmallow schemas of a match's set-up and of a deal's record: the options of each game,
the create request, and the record of a deal's cards (requests strict)."""

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
    ShapesField,
    StakeField,
    StrictSchema,
    card_list,
    pitch_card_list,
)
from referee.i18n import LOCALES
from referee.match.games import PENALTIES, PIQUET_PENALTIES
from referee.penalties import choices
from referee.pitch.records import POINT_VALUES, VARIANT_CHOICES

#: Texts are printable: no control characters (PostgreSQL text cannot hold NUL, and a text
#: with an escape code is no text). Names are :class:`NameField`: NFC, nothing hidden.
_PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f]*$", error="Use printable characters only.")
TEXT = [validate.Length(max=500), _PRINTABLE]


class PitchOptionsSchema(StrictSchema):
    """A Pitch table's options (P7, P8); omitted ones take the rules' defaults."""

    target = ma.fields.Integer(validate=validate.Range(min=1, max=500))
    low = ma.fields.String(validate=validate.OneOf(["captor", "holder"]))
    min_bid = ma.fields.Integer(validate=validate.Range(min=1, max=13), metadata={
        "description": "1 to 4 in the 4-point game, up to max_bid in the others (V9)"})
    stuck_dealer_min = ma.fields.Integer(allow_none=True,
                                         validate=validate.Range(min=1, max=13))
    dealer_steal = ma.fields.String(
        validate=validate.OneOf(["match_below_4", "match_below_max", "outbid_only",
                                 "match_any"])
    )
    # The games with more points (docs/rules/pitch-variants.md V12, V13): the variant's row
    # fills every option not given.
    variant = ma.fields.String(
        validate=validate.OneOf(list(VARIANT_CHOICES["variant"])),
        metadata={"description": "The game (V12): four_point (default, P1-P10) or a game with "
                  "more points; its row fills the options not given"})
    points = ma.fields.List(
        ma.fields.String(validate=validate.OneOf(list(POINT_VALUES))),
        validate=validate.Length(min=1, max=len(POINT_VALUES)),
        metadata={"description": "The scoring points (V7), no repeats; they also decide the "
                  "pack and the trumps (off_* make those cards trumps, joker one joker, "
                  "big_joker with little_joker two)"})
    play = ma.fields.String(validate=validate.OneOf(list(VARIANT_CHOICES["play"])),
                            metadata={"description": "The play rule (V5)"})
    first_lead = ma.fields.String(validate=validate.OneOf(list(VARIANT_CHOICES["first_lead"])),
                                  metadata={"description": "V3.4; any needs the named trump"})
    pitched_joker = ma.fields.String(
        validate=validate.OneOf(list(VARIANT_CHOICES["pitched_joker"])),
        metadata={"description": "A joker led first (V3.3): spades trump, or the suit named"})
    joker_rank = ma.fields.String(validate=validate.OneOf(list(VARIANT_CHOICES["joker_rank"])),
                                  metadata={"description": "V4"})
    joker_order = ma.fields.String(
        validate=validate.OneOf(list(VARIANT_CHOICES["joker_order"])),
        metadata={"description": "V4: marked (BJ beats LJ) or first_played (jokers alike, JK)"})
    joker_game = ma.fields.String(validate=validate.OneOf(list(VARIANT_CHOICES["joker_game"])),
                                  metadata={"description": "V8"})
    deck = ma.fields.String(validate=validate.OneOf(list(VARIANT_CHOICES["deck"])),
                            metadata={"description": "V2"})
    draw = ma.fields.String(validate=validate.OneOf(list(VARIANT_CHOICES["draw"])),
                            metadata={"description": "V6, descriptive"})
    kitty = ma.fields.Integer(validate=validate.Range(min=0, max=6),
                              metadata={"description": "V6, descriptive"})
    cards_dealt = ma.fields.Integer(validate=validate.Range(min=6, max=10),
                                    metadata={"description": "V6, descriptive"})
    max_bid = ma.fields.Integer(validate=validate.Range(min=1, max=13),
                                metadata={"description": "V9; default the total of points"})
    moon = ma.fields.String(allow_none=True, validate=validate.OneOf(["win_game"]),
                            metadata={"description": "V9 (proposed): null or win_game"})
    pitcher_only_wins = ma.fields.Boolean()
    # P10: penalties for irregularities recorded anyway (rules/irregularities.md; the sources
    # are in referee.pitch.PitchOptions' docstring).
    revoke_penalty = ma.fields.String(
        validate=validate.OneOf(choices("revoke_penalty")),
        metadata={"description": "A revoke: set_back_bid (default; Foster, EB29: the offender "
                  "scores nothing and is set back the bid), all_fours (Foster's All Fours: "
                  "1 point, 2 with the jack in play, no Jack or Game), void (nobody scores)"},
    )
    misdeal = ma.fields.String(
        validate=validate.OneOf(choices("misdeal")),
        metadata={"description": "A wrong number of cards dealt: a new deal (Foster, EB29) by "
                  "the next dealer (pass_deal, default) or the same one (same_dealer)"},
    )
    bid_out_of_turn = ma.fields.String(
        validate=validate.OneOf(choices("bid_out_of_turn")),
        metadata={"description": "No Pitch law: cancel (default: the call is void), must_pass "
                  "(the offender passes at his turn), stands (accepted as his call)"},
    )
    lead_out_of_turn = ma.fields.String(
        validate=validate.OneOf(choices("lead_out_of_turn")),
        metadata={"description": "A completed trick led out of turn (no Pitch law): "
                  "score_as_played (default, noted) or void the hand; an uncompleted lead is "
                  "taken back, a wrong first lead always"},
    )


class PiquetOptionsSchema(StrictSchema):
    """A Piquet table's options (Q6, Q7); omitted ones take the rules' defaults."""

    lead_point = ma.fields.String(validate=validate.OneOf(["every", "ten_or_higher"]))
    cards_count_for_pique = ma.fields.Boolean()
    revoke = ma.fields.String(
        validate=validate.OneOf(choices("revoke")),
        metadata={"description": "Q12, a revoke recorded anyway: replay (default, PT 59 IV: "
                                 "the card is taken back and the play goes on), reckon_nothing "
                                 "(the offender reckons nothing that deal) or void"},
    )
    false_call = ma.fields.String(
        validate=validate.OneOf(choices("false_call")),
        metadata={"description": "Q12, a call of what one does not hold recorded anyway: "
                                 "reckon_nothing (default, PT 54) or call_only"},
    )
    long_hand = ma.fields.String(
        validate=validate.OneOf(choices("long_hand")),
        metadata={"description": "Q12, a hand found to hold more than twelve cards in play: "
                                 "reckon_nothing (default, PT 58: he scores nothing but a "
                                 "carte blanche, his cards still bar) or void (nobody scores, "
                                 "Case XXII)"},
    )
    talon_offence = ma.fields.String(
        validate=validate.OneOf(choices("talon_offence")),
        metadata={"description": "Q12, talon cards taken or exposed that one is not entitled "
                                 "to: reckon_nothing (default, PT 27–29, 33, 35) or fresh_deal "
                                 "(PT 28–29: the other player elects a fresh deal)"},
    )


class AutoConfirmField(ma.fields.Field[Any]):
    """``auto_confirm``: "auto", true or false."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": 'auto_confirm is "auto", true or false.'
    }

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [{"type": "string", "enum": ["auto"]}, {"type": "boolean"}],
            "description": "Whether a provisional deal confirms itself when the next deal "
                           "starts: true, false, or \"auto\" (default: on while no seat has "
                           "joined the match, off after)",
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if value == "auto" or isinstance(value, bool):
            return value
        raise self.make_error("invalid")


def _irregularities_field(penalties: Mapping[str, tuple[str, ...]], description: str
                          ) -> ma.fields.Dict:
    """``options.irregularities`` of a game whose kinds and penalties are ``penalties``
    (referee.match.games: PENALTIES for Pitch, PIQUET_PENALTIES for Piquet, which adds elder's
    elections); each penalty a word of that table (whether the kind takes that word is the
    match's ruling: 422). The values are checked by a validator, not ``values=``: apispec would
    document any key."""
    words = sorted({word for allowed in penalties.values() for word in allowed})

    def penalty_words(given: dict[str, Any]) -> None:
        for kind, word in given.items():
            if word not in words:
                raise ma.ValidationError(
                    f"The penalty for {kind} is one of: {', '.join(words)}.")

    return ma.fields.Dict(
        keys=ma.fields.String(validate=validate.OneOf(list(penalties))),
        validate=penalty_words,
        metadata={"description": description,
                  "properties": {kind: {"type": "string", "enum": list(allowed)}
                                 for kind, allowed in penalties.items()},
                  "additionalProperties": False},
    )


#: What ``irregularities`` says in both games (P10, Q12).
_IRREGULARITIES_WORDS = (
    "The penalty of an irregularity recorded anyway that no engine option covers (P10, Q12): "
    "out_of_turn — withdrawn (default: taken back, PT 59 III) | void; other — void (default) "
    "| as_played")


class _TableOptionsSchema(StrictSchema):
    """The options both games take: first_dealer (a player), auto_confirm (docs/records.md),
    language (the table's, docs/translating.md), irregularities (P10, Q12); and ``game``,
    which an answer always carries (the document's discriminator) and a create may send
    back, when it is the match's. An option of the other game is refused, naming it and
    its game (:data:`MATCH_OPTIONS` decides whose option is whose)."""

    #: The game whose options these are ("piquet" or "pitch").
    GAME: ClassVar[str] = ""

    auto_confirm = AutoConfirmField()
    language = ma.fields.String(
        validate=validate.OneOf(list(LOCALES)),
        metadata={"description": "The table's language: every answer about this match is "
                                 "worded in it, whatever a phone's Accept-Language asks "
                                 "(docs/translating.md); omitted, each answer follows its "
                                 "request's Accept-Language"},
    )
    first_dealer = NameField()

    @ma.pre_load
    def _refuse_other_games(self, data: Any, **kwargs: Any) -> Any:
        """An option of the other game (:data:`MATCH_OPTIONS`) is refused by its name and
        game, rather than as an unknown field (a 400)."""
        if not isinstance(data, Mapping):
            return data
        errors = {
            name: [f"{name} is an option of {GAME_NAMES[game]}: a {GAME_NAMES[self.GAME]} "
                   f"match does not take it."]
            for name in data if name not in self.fields
            for game, schema in MATCH_OPTIONS.items()
            if game != self.GAME and name in schema._declared_fields
        }
        if errors:
            raise ma.ValidationError(errors)
        return data


class PiquetMatchOptionsSchema(_TableOptionsSchema, PiquetOptionsSchema):
    """A Piquet match's options: lead_point, cards_count_for_pique (Q6, Q7), the penalties of
    Q12, stake and currency (Q9), and the options both games take."""

    GAME = "piquet"

    game = ma.fields.String(validate=validate.OneOf(["piquet"]), metadata={
        "description": "piquet: always in an answer; a create may leave it out"})
    stake = StakeField(allow_none=True)
    currency = ma.fields.String(allow_none=True, validate=validate.Length(max=12))
    irregularities = _irregularities_field(
        PIQUET_PENALTIES,
        _IRREGULARITIES_WORDS + "; the default of elder's election where a step leaves it "
        "out: exposed_in_dealing (PT 13) and misdeal (hands dealt one card wrong, PT 11) — "
        "fresh_deal (default) | play_on")


class PitchMatchOptionsSchema(_TableOptionsSchema, PitchOptionsSchema):
    """A Pitch match's options: target, partnership, the P8 options, the games with more
    points (docs/rules/pitch-variants.md, V2-V13), the penalties of P10, and the options
    both games take."""

    GAME = "pitch"

    game = ma.fields.String(validate=validate.OneOf(["pitch"]), metadata={
        "description": "pitch: always in an answer; a create may leave it out"})
    partnership = ma.fields.Boolean()
    irregularities = _irregularities_field(PENALTIES, _IRREGULARITIES_WORDS)


class PiquetOptionsInForceSchema(PiquetMatchOptionsSchema):
    """A Piquet match's options as an answer gives them: every option with its value (the
    defaults filled in; a match recorded before an option existed lacks it) and ``game``,
    always there (the discriminator of ``Match.options``)."""

    game = ma.fields.String(required=True, validate=validate.OneOf(["piquet"]))


class PitchOptionsInForceSchema(PitchMatchOptionsSchema):
    """A Pitch match's options as an answer gives them: every option with its value (the
    defaults filled in; the 4-point game leaves out the options of the games with more
    points) and ``game``, always there (the discriminator of ``Match.options``)."""

    game = ma.fields.String(required=True, validate=validate.OneOf(["pitch"]))


#: Each game's match options: whose option is whose is decided here.
MATCH_OPTIONS: dict[str, type[_TableOptionsSchema]] = {
    "piquet": PiquetMatchOptionsSchema, "pitch": PitchMatchOptionsSchema}
#: Each game's options in an answer (``game`` required).
OPTIONS_IN_FORCE: dict[str, type[_TableOptionsSchema]] = {
    "piquet": PiquetOptionsInForceSchema, "pitch": PitchOptionsInForceSchema}
#: The games' names in a sentence.
GAME_NAMES = {"piquet": "Piquet", "pitch": "Pitch"}


class _CreateFieldsSchema(StrictSchema):
    """What every new match names: the players in seating order (clockwise), the note's
    author ``by``."""

    players = ma.fields.List(
        NameField(), required=True, validate=validate.Length(min=2, max=7)
    )
    by = NameField()


class CreatePiquetMatchSchema(_CreateFieldsSchema):
    """A new Piquet match: two players, its options (PiquetMatchOptions)."""

    game = ma.fields.String(required=True, validate=validate.OneOf(["piquet"]))
    options = ma.fields.Nested(PiquetMatchOptionsSchema, load_default=dict)


class CreatePitchMatchSchema(_CreateFieldsSchema):
    """A new Pitch match: 2 to 7 players, its options (PitchMatchOptions)."""

    game = ma.fields.String(required=True, validate=validate.OneOf(["pitch"]))
    options = ma.fields.Nested(PitchMatchOptionsSchema, load_default=dict)


class CreateMatchSchema(ma.Schema):
    """A new match: a Piquet match (CreatePiquetMatch) or a Pitch match (CreatePitchMatch),
    its ``game`` naming which; each takes its game's options only. Documented as their
    ``oneOf`` with ``game`` the discriminator (:class:`~referee.api.fields.JsonSchemaRules`);
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
            raise ma.ValidationError({"_schema": ["Invalid input type."]})
        name, shapes = self.SHAPES
        if name not in data:
            raise ma.ValidationError({name: ["Missing data for required field."]})
        shape = shapes.get(data[name]) if isinstance(data[name], str) else None
        if shape is None:
            raise ma.ValidationError({name: [f"Must be one of: {', '.join(shapes)}."]})
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
            raise ma.ValidationError("Send one entry: a cards record, a sheet or totals.")
        if not levels and "tricks" not in data:
            raise ma.ValidationError("A cards record needs its tricks (or send a sheet or "
                                     "totals).", "tricks")


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
