"""marshmallow schemas of a match's options: each game's as the stateless rulings take them,
as a match takes them at its creation (with the table's: first dealer, auto-confirm, language,
the irregularities' penalties), and as an answer gives them (every option, ``game`` always)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import validate

from referee.api.fields import NameField, StakeField
from referee.api.strict import StrictSchema
from referee.i18n import LOCALES
from referee.i18n.schema import schema_error
from referee.match.games import PENALTIES, PIQUET_PENALTIES
from referee.penalties import choices
from referee.pitch.records import POINT_VALUES, VARIANT_CHOICES


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
                    schema_error("penalty", kind=kind, words=", ".join(words)))

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
            name: [schema_error("other_game", name=name, game=GAME_NAMES[game],
                                this=GAME_NAMES[self.GAME])]
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
