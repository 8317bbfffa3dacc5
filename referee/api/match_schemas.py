"""marshmallow schemas of the stored-match endpoints (requests strict, responses documented)."""

from __future__ import annotations

from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import validate

from referee.api.fields import (
    MAX_VERSION,
    AnnouncedField,
    CallField,
    CardField,
    NameField,
    StakeField,
    StrictSchema,
    card_list,
)
from referee.match.games import PENALTIES

#: Texts are printable: no control characters (PostgreSQL text cannot hold NUL, and a text
#: with an escape code is no text). Names are :class:`NameField`: NFC, nothing hidden.
_PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f]*$", error="Use printable characters only.")
TEXT = [validate.Length(max=500), _PRINTABLE]


class PitchOptionsSchema(StrictSchema):
    """A Pitch table's options (P7, P8); omitted ones take the rules' defaults."""

    target = ma.fields.Integer(validate=validate.Range(min=1, max=500))
    low = ma.fields.String(validate=validate.OneOf(["captor", "holder"]))
    min_bid = ma.fields.Integer(validate=validate.Range(min=1, max=4))
    stuck_dealer_min = ma.fields.Integer(allow_none=True, validate=validate.Range(min=1, max=4))
    dealer_steal = ma.fields.String(
        validate=validate.OneOf(["match_below_4", "outbid_only", "match_any"])
    )
    pitcher_only_wins = ma.fields.Boolean()
    # P10: penalties for irregularities recorded anyway (rules/irregularities.md; the sources
    # are in referee.pitch.PitchOptions' docstring).
    revoke_penalty = ma.fields.String(
        validate=validate.OneOf(["set_back_bid", "all_fours", "void"]),
        metadata={"description": "A revoke: set_back_bid (default; Foster, EB29: the offender "
                  "scores nothing and is set back the bid), all_fours (Foster's All Fours: "
                  "1 point, 2 with the jack in play, no Jack or Game), void (nobody scores)"},
    )
    misdeal = ma.fields.String(
        validate=validate.OneOf(["pass_deal", "same_dealer"]),
        metadata={"description": "A wrong number of cards dealt: a new deal (Foster, EB29) by "
                  "the next dealer (pass_deal, default) or the same one (same_dealer)"},
    )
    bid_out_of_turn = ma.fields.String(
        validate=validate.OneOf(["cancel", "must_pass", "stands"]),
        metadata={"description": "No Pitch law: cancel (default: the call is void), must_pass "
                  "(the offender passes at his turn), stands (accepted as his call)"},
    )
    lead_out_of_turn = ma.fields.String(
        validate=validate.OneOf(["score_as_played", "void"]),
        metadata={"description": "A completed trick led out of turn (no Pitch law): "
                  "score_as_played (default, noted) or void the hand; an uncompleted lead is "
                  "taken back, a wrong first lead always"},
    )


class PiquetOptionsSchema(StrictSchema):
    """A Piquet table's options (Q6, Q7); omitted ones take the rules' defaults."""

    lead_point = ma.fields.String(validate=validate.OneOf(["every", "ten_or_higher"]))
    cards_count_for_pique = ma.fields.Boolean()
    revoke = ma.fields.String(
        validate=validate.OneOf(["replay", "reckon_nothing", "void"]),
        metadata={"description": "Q12, a revoke recorded anyway: replay (default, PT 59 IV: "
                                 "the card is taken back and the play goes on), reckon_nothing "
                                 "(the offender reckons nothing that deal) or void"},
    )
    false_call = ma.fields.String(
        validate=validate.OneOf(["reckon_nothing", "call_only"]),
        metadata={"description": "Q12, a call of what one does not hold recorded anyway: "
                                 "reckon_nothing (default, PT 54) or call_only"},
    )
    long_hand = ma.fields.String(
        validate=validate.OneOf(["reckon_nothing", "void"]),
        metadata={"description": "Q12, a hand found to hold more than twelve cards in play: "
                                 "reckon_nothing (default, PT 58: he scores nothing but a "
                                 "carte blanche, his cards still bar) or void (nobody scores, "
                                 "Case XXII)"},
    )
    talon_offence = ma.fields.String(
        validate=validate.OneOf(["reckon_nothing", "fresh_deal"]),
        metadata={"description": "Q12, talon cards taken or exposed that one is not entitled "
                                 "to: reckon_nothing (default, PT 27–29, 33, 35) or fresh_deal "
                                 "(PT 28–29: the other player elects a fresh deal)"},
    )


class AutoConfirmField(ma.fields.Field):
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


def _penalty_words(given: dict[str, Any]) -> None:
    """Each penalty of ``options.irregularities`` a word of :data:`PENALTIES` (whether the
    kind takes it is the match's ruling: 422)."""
    words = sorted({word for allowed in PENALTIES.values() for word in allowed})
    for kind, word in given.items():
        if word not in words:
            raise ma.ValidationError(f"The penalty for {kind} is one of: {', '.join(words)}.")


class MatchOptionsSchema(PitchOptionsSchema, PiquetOptionsSchema):
    """Options of a match. Pitch: target, partnership and the P8 options. Piquet: lead_point,
    cards_count_for_pique (Q6, Q7), stake and currency (Q9). Both: first_dealer (a player),
    auto_confirm (docs/records.md)."""

    auto_confirm = AutoConfirmField()

    partnership = ma.fields.Boolean()
    stake = StakeField(allow_none=True)
    currency = ma.fields.String(allow_none=True, validate=validate.Length(max=12))
    first_dealer = NameField()
    # The values are checked by a validator, not ``values=``: apispec would document any key.
    irregularities = ma.fields.Dict(
        keys=ma.fields.String(validate=validate.OneOf(["out_of_turn", "other"])),
        validate=_penalty_words,
        metadata={"description": "The penalty of an irregularity recorded anyway that no "
                                 "engine option covers (P10, Q12): out_of_turn — withdrawn "
                                 "(default: taken back, PT 59 III) | void; other — void "
                                 "(default) | as_played",
                  # The kinds and penalties both games take (referee.match.games).
                  "properties": {kind: {"type": "string", "enum": list(allowed)}
                                 for kind, allowed in PENALTIES.items()},
                  "additionalProperties": False},
    )


class CreateMatchSchema(StrictSchema):
    """A new match: the game, the players' names in seating order (clockwise), options."""

    game = ma.fields.String(required=True, validate=validate.OneOf(["pitch", "piquet"]))
    players = ma.fields.List(
        NameField(), required=True, validate=validate.Length(min=2, max=7)
    )
    options = ma.fields.Nested(MatchOptionsSchema, load_default=dict)
    by = NameField()


class NextSchema(ma.Schema):
    """What the table must record next, and what the rules allow now (when known)."""

    action = ma.fields.String(
        metadata={"description": "bid | card | none (the match is over)"}
    )
    player = ma.fields.String(allow_none=True)
    seat = ma.fields.Integer(allow_none=True)
    role = ma.fields.String(allow_none=True)
    legal_calls = ma.fields.List(ma.fields.Raw(), allow_none=True)
    legal_cards = ma.fields.List(ma.fields.String(), allow_none=True)
    also = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "Steps the table may still record before that card (Piquet: "
                       "{type: exchange}, {type: declaration, role, player})"})
    at = ma.fields.Dict(
        keys=ma.fields.String(), values=ma.fields.Integer(), allow_none=True,
        metadata={"description": "Where that bid or card goes, as a step's ``at`` says it: "
                                 "{deal, trick, position} (position 1 the lead) or {deal, "
                                 "bid}; null when nothing is to record"})


class StandingSchema(ma.Schema):
    """A player's (or team's) total in the match."""

    name = ma.fields.String()
    score = ma.fields.Integer()
    agreed = ma.fields.Integer(
        metadata={"description": "The points of the deals confirmed or ruled only"}
    )


class SeatSchema(ma.Schema):
    """A player and his seat."""

    player = ma.fields.String()
    seat = ma.fields.Integer()


class HeadSchema(ma.Schema):
    """The last event of the ledger: its ``seq`` (the version) and ``hash`` (its keyed link).
    Keep it: ``GET /verify?head=SEQ:HASH`` tells a ledger cut short or rewritten since."""

    seq = ma.fields.Integer()
    hash = ma.fields.String(allow_none=True)


class ReentrySchema(ma.Schema):
    """The cards of an earlier deal being entered step by step (docs/records.md): the deal in
    progress (``deal_number``, ``dealer``, ``next``, ``current_deal``) is that deal, not a new
    one; its last card rules it (``agreement`` "ruled") and the next deal is played after."""

    deal = ma.fields.Integer(metadata={"description": "The deal whose cards are being entered"})
    level = ma.fields.String(
        allow_none=True,
        metadata={"description": "How it was entered before: cards, sheet or totals"})
    agreement = ma.fields.String(
        allow_none=True,
        metadata={"description": "Its agreement in the ledger until its last card (e.g. "
                                 "disputed); it counts as entered until then"})
    undo_steps = ma.fields.Integer(
        metadata={"description": "How many undos take the entry back entirely (give up)"})


class NextDealSchema(ma.Schema):
    """The next new deal: its number and who deals it (Piquet: who is elder and younger), by
    name — to map a line written by player names onto that deal's roles."""

    number = ma.fields.Integer()
    dealer = ma.fields.String()
    elder = ma.fields.String(metadata={"description": "Piquet: elder hand of that deal"})
    younger = ma.fields.String(metadata={"description": "Piquet: younger hand (the dealer)"})


class ConfirmWaySchema(ma.Schema):
    """One provisional deal of an ended match, and how it is confirmed."""

    deal = ma.fields.Integer()
    path = ma.fields.String(metadata={"description": "POST it (If-Match) to confirm the deal"})
    by = ma.fields.List(
        ma.fields.String(),
        metadata={"description": 'Who may confirm it: "seat:Ann" or "write token" (GET …/me '
                                 "lists it in to_confirm for that credential)"})


class ProvisionalResultSchema(ma.Schema):
    """The match has ended while deals wait for the other side's confirmation: its winner and
    settlement (``settlement.provisional``) stand once they are confirmed."""

    deals = ma.fields.List(ma.fields.Integer(), metadata={"description": "Still provisional"})
    confirm = ma.fields.List(ma.fields.Nested(ConfirmWaySchema))
    message = ma.fields.String(
        metadata={"description": 'e.g. "Provisional until deal 6 is confirmed, from Bill\'s '
                                 'phone."'})


class MatchSchema(ma.Schema):
    """A match as it stands. ``version`` is also the ETag (``"v<version>"``)."""

    id = ma.fields.String()
    game = ma.fields.String()
    players = ma.fields.List(ma.fields.String())
    options = ma.fields.Dict()
    rules_version = ma.fields.String()
    version = ma.fields.Integer()
    deal_number = ma.fields.Integer()
    deal_in_progress = ma.fields.Boolean()
    dealer = ma.fields.Nested(SeatSchema)
    elder = ma.fields.String(metadata={"description": "Piquet: elder hand of this deal"})
    younger = ma.fields.String(metadata={"description": "Piquet: younger hand (the dealer)"})
    standings = ma.fields.List(ma.fields.Nested(StandingSchema))
    deals_played = ma.fields.Integer()
    deals_required = ma.fields.Integer(allow_none=True)
    next = ma.fields.Nested(NextSchema)
    finished = ma.fields.Boolean()
    winner = ma.fields.String(allow_none=True)
    drawn = ma.fields.Boolean()
    settlement = ma.fields.Dict(allow_none=True)
    current_deal = ma.fields.Dict(
        allow_none=True,
        metadata={"description": "The deal being recorded: its record so far (bids, tricks…)"},
    )
    current_irregularities = ma.fields.List(
        ma.fields.Dict(),
        metadata={"description": "Steps of the deal in progress recorded anyway (P10, Q12): "
                                 "irregularity, penalty, consequence, violations, step"},
    )
    provisional = ma.fields.List(
        ma.fields.Integer(), metadata={"description": "Deals waiting for the other side"}
    )
    disputed = ma.fields.List(
        ma.fields.Integer(), metadata={"description": "Deals under dispute (until ruled)"}
    )
    settlement_withheld = ma.fields.String(
        allow_none=True,
        metadata={"description": "Why the result is withheld (a deal is disputed)"},
    )
    provisional_result = ma.fields.Nested(
        ProvisionalResultSchema, allow_none=True,
        metadata={"description": "Set when the match has ended with deals still provisional: "
                                 "its winner and settlement stand once they are confirmed"})
    seats = ma.fields.List(ma.fields.String(),
                           metadata={"description": "Players who have a seat credential"})
    joined = ma.fields.List(
        ma.fields.String(),
        metadata={"description": "Players whose seat was taken up on its phone (POST …/me:join "
                                 "or its first write): once one has, deals wait for the other "
                                 "side (auto_confirm \"auto\")"})
    auto_confirm = ma.fields.Raw(metadata={"description": 'The option: "auto", true or false'})
    auto_confirm_on = ma.fields.Boolean(
        metadata={"description": "Whether provisional deals confirm when the next one starts "
                                 "(the last ones when the match ends)"}
    )
    reentry = ma.fields.Nested(
        ReentrySchema, allow_none=True,
        metadata={"description": "Set while the deal in progress is the cards of an earlier "
                                 "deal entered step by step (null for a new deal)"})
    head = ma.fields.Nested(HeadSchema)
    next_deal = ma.fields.Nested(
        NextDealSchema, allow_none=True,
        metadata={"description": "The deal a new entry is for (POST …/deals with its "
                                 "``deal``); null once the match is over"})


class ViewerSchema(ma.Schema):
    """The credential asking: its kind, a seat's player, what waits for its answer (confirm
    or dispute)."""

    kind = ma.fields.String(metadata={"description": "write | read | seat"})
    player = ma.fields.String(allow_none=True)
    joined = ma.fields.Boolean(
        metadata={"description": "A seat: its phone has taken it up (POST …/me:join)"})
    to_confirm = ma.fields.List(ma.fields.Integer())


class JoinedSchema(ViewerSchema):
    """The seat, joined, and the match."""

    match = ma.fields.Nested(MatchSchema)


class TokensSchema(ma.Schema):
    """A match's tokens, shown once: ``write`` records, ``read`` only reads (share it); and
    the new ``recovery_code`` when one was made (a recovery, or a rotation of "recovery")."""

    tokens = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String())
    recovery_code = ma.fields.String(
        metadata={"description": "The new recovery code (the one before stops working)"})


class CreatedMatchSchema(MatchSchema):
    """A new match, with its tokens and recovery code (shown this once)."""

    tokens = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(), allow_none=True)
    recovery_code = ma.fields.String(
        allow_none=True,
        metadata={"description": "Mints new tokens when all are lost (POST …/tokens:recover)"},
    )


class RotateSchema(StrictSchema):
    """Which tokens to rotate: "write", "read", "both", or "recovery" (the recovery code)."""

    which = ma.fields.String(load_default="both",
                             validate=validate.OneOf(["write", "read", "both", "recovery"]))
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


class RecoverSchema(StrictSchema):
    """The recovery code (from the create, or the last recovery or rotation), and which
    tokens to make anew; the code itself is always replaced."""

    which = ma.fields.String(load_default="both",
                             validate=validate.OneOf(["write", "read", "both"]))
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))
    recovery_code = ma.fields.String(required=True, validate=validate.Length(min=1, max=100))


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


class DeclarationsField(ma.fields.Field):
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
_TRICKS = ma.fields.List(card_list(), validate=validate.Length(max=32))


class CardsRecordSchema(StrictSchema):
    """A whole deal with its cards (the deal records of /rules/records). Pitch: dealer, bids,
    tricks, hands, claimed. Piquet: dealt, talon, exchange, declarations, tricks."""

    tricks = ma.fields.List(card_list(), required=True, validate=validate.Length(max=32))
    dealer = ma.fields.Integer(validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, validate=validate.Length(max=16))
    hands = ma.fields.List(card_list(), allow_none=True, validate=validate.Length(max=8))
    claimed = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-1000, max=1000)),
                             allow_none=True, validate=validate.Length(max=8))
    dealt = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    talon = card_list(allow_none=True)
    exchange = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    declarations = DeclarationsField(allow_none=True)
    irregular = ma.fields.List(ma.fields.Dict(), validate=validate.Length(max=16), metadata={
        "description": "Pitch (P10): irregularities that really happened, e.g. "
                       '{"type": "revoke", "seat": 2, "trick": 3}, {"type": "misdeal"}. '
                       'Piquet (Q12): {"code", "location"}, e.g. {"code": "revoke", '
                       '"location": "tricks[2][1]"}, {"code": "long_hand", "location": '
                       '"elder"}, {"code": "talon_offence", "location": "younger"}'})
    unplayed = ma.fields.Nested(RolesCardsSchema, allow_none=True, metadata={
        "description": "Piquet: the cards a hand of more than twelve never played (PT 58)"})
    retaken = ma.fields.Nested(RolesCardsSchema, allow_none=True, metadata={
        "description": "Piquet: the cards each player took back when a revoke was replayed "
                       "(PT 59 IV); the tricks hold the play recorded again"})
    by = NameField()
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


#: The fields of a deal's record that are not its cards (:class:`RecordDealSchema`).
_NOT_CARDS = ("sheet", "totals", "by", "expected_version", "deal")


def _none_of(*names: str) -> dict[str, Any]:
    return {"not": {"anyOf": [{"required": [name]} for name in names]}}


class RecordDealSchema(CardsRecordSchema):
    """A whole deal at one of three entry levels (/rules/records): its cards
    (``tricks`` and the rest), the line of the score sheet ``{"sheet": {…}}``, or just its
    points ``{"totals": {…}}`` (the records of the score-sheet entry, checked by the
    referee)."""

    tricks = ma.fields.List(card_list(), validate=validate.Length(max=32))
    sheet = ma.fields.Dict(metadata={"description": "Pitch: bids or pitcher and bid, trump, "
                                                    "high, low, jack, game…; Piquet: point, "
                                                    "sequence, sets, tricks, play…"})
    totals = ma.fields.Dict(metadata={"description": 'The deal\'s points: Pitch {"scores": '
                                                     '[…], "pitcher": s, "bid": b}; Piquet '
                                                     '{"scores": {"elder": …, "younger": …}}'})
    deal = ma.fields.Integer(
        validate=validate.Range(min=-MAX_VERSION, max=MAX_VERSION),
        metadata={"description": "The deal this entry was written for (send it always). "
                                 "Already recorded → 409 deal-already-recorded; not the next "
                                 "deal → 409 deal-not-next; left out: the next deal"})

    @ma.validates_schema
    def _one_level(self, data: dict, **kwargs: object) -> None:
        levels = [k for k in ("sheet", "totals") if k in data]
        cards = [k for k in data if k not in _NOT_CARDS]
        if len(levels) > 1 or (levels and cards):
            raise ma.ValidationError("Send one entry: a cards record, a sheet or totals.")
        if not levels and "tricks" not in data:
            raise ma.ValidationError("A cards record needs its tricks (or send a sheet or "
                                     "totals).", "tricks")


def _one_entry(cards: list[str]) -> dict[str, Any]:
    """:meth:`RecordDealSchema._one_level` for the document: the cards (with their tricks),
    a sheet or totals, one of them."""
    return {"oneOf": [
        {"required": ["tricks"], **_none_of("sheet", "totals")},
        {"required": ["sheet"], **_none_of("totals", *cards)},
        {"required": ["totals"], **_none_of("sheet", *cards)},
    ]}


RecordDealSchema.JSON_SCHEMA = _one_entry(
    [name for name in RecordDealSchema._declared_fields if name not in _NOT_CARDS])


class StepAtSchema(StrictSchema):
    """Where a step belongs: ``deal``, and for a card ``trick`` and ``position`` (1 the lead),
    for a bid ``bid`` (its place in the auction), each counted from 1."""

    deal = ma.fields.Integer(required=True,
                             validate=validate.Range(min=-MAX_VERSION, max=MAX_VERSION))
    trick = ma.fields.Integer(validate=validate.Range(min=1, max=99))
    position = ma.fields.Integer(validate=validate.Range(min=1, max=99))
    bid = ma.fields.Integer(validate=validate.Range(min=1, max=99))


#: What a step of each type needs (:class:`StepSchema`).
_STEP_NEEDS = {"bid": "call", "card": "card", "declaration": "role", "irregularity": "what"}


class StepSchema(StrictSchema):
    """One step of the deal in play. ``type``: ``deal_started`` (optionally with the hands:
    Pitch ``hands``, Piquet ``dealt``/``talon``), ``bid`` (``call``), ``exchange`` (Piquet
    discards ``elder``/``younger``), ``declaration`` (Piquet ``role`` and what was announced),
    ``card`` (``card``), ``irregularity`` (``what`` the table found and ``player``, the
    offender: Piquet ``talon_offence``, ``long_hand`` with the ``cards`` he never played,
    ``short_hand`` when he has no card to play; the deal's ruling applies the table's option).
    ``player`` may name who acts: it must be his turn."""

    type = ma.fields.String(
        required=True,
        validate=validate.OneOf(["deal_started", "bid", "exchange", "declaration", "card",
                                 "irregularity"]),
    )
    player = NameField()
    what = ma.fields.String(
        validate=validate.OneOf(["talon_offence", "long_hand", "short_hand", "exposed_card"]),
        metadata={"description": "An irregularity step: what the table found (Piquet Q12: "
                                 "talon_offence, long_hand, short_hand; Pitch P10: "
                                 "exposed_card); ``player`` names the offender"})
    cards = card_list(metadata={
        "description": "An irregularity step: a long hand's cards he never played (PT 58), or "
                       "the card exposed (Pitch)"})
    by = NameField()
    deal = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION), metadata={
        "description": "Enter the cards of this earlier deal (a score sheet or totals entry, or "
                       "disputed), step by step; its last card rules it"})
    call = _CALL
    card = CardField()
    hands = ma.fields.List(card_list(), validate=validate.Length(max=8))
    dealt = ma.fields.Nested(RolesCardsSchema)
    talon = card_list()
    elder = card_list()
    younger = card_list()
    role = ma.fields.String(validate=validate.OneOf(["elder", "younger"]))
    point = AnnouncedField("point", allow_none=True)
    sequence = AnnouncedField("sequence", allow_none=True)
    sets = AnnouncedField("sets")
    carte_blanche = ma.fields.Boolean()
    announced = ma.fields.String(
        validate=validate.OneOf(["as_announced", "none", "best"]),
        metadata={"description": "A declaration: what he announced (default), \"none\" "
                                 "(nothing), or \"best\" (score his best, Q5)"},
    )
    anyway = ma.fields.Boolean(metadata={
        "description": "Record a step the rules refuse but that really happened (P10, Q12): "
                       "the match's irregularities option decides the penalty"})
    at = ma.fields.Nested(StepAtSchema, metadata={
        "description": "Where the step belongs (the match's next.at gives it): a card "
                       "{deal, trick, position}, a bid {deal, bid}, any other step {deal}. "
                       "That place already filled → 409 step-already-recorded (with the "
                       "existing step and same: true when it is the same card or call by the "
                       "same player); ahead of the next free place or another deal → 409 "
                       "step-not-next (with next_at). Left out: the next place"})
    expected_version = ma.fields.Integer(
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "The match version this step follows (or send If-Match)"},
    )

    #: :meth:`_fields_of_type` for the document.
    JSON_SCHEMA: ClassVar[dict[str, Any]] = {"allOf": [
        *({"if": {"properties": {"type": {"const": kind}}},
           "then": {"required": [needs], "properties": {needs: {"not": {"type": "null"}}}}}
          for kind, needs in _STEP_NEEDS.items()),
        {"if": {"not": {"properties": {"type": {"const": "irregularity"}}}},
         "then": {"not": {"anyOf": [{"required": ["what"]}, {"required": ["cards"]}]}}},
        {"if": {"properties": {"type": {"const": "card"}}},
         "then": {"properties": {"at": {"required": ["trick", "position"],
                                        "not": {"required": ["bid"]}}}},
         "else": {"if": {"properties": {"type": {"const": "bid"}}},
                  "then": {"properties": {"at": {"required": ["bid"], "not": {"anyOf": [
                      {"required": ["trick"]}, {"required": ["position"]}]}}}},
                  "else": {"properties": {"at": {"not": {"anyOf": [
                      {"required": ["trick"]}, {"required": ["position"]},
                      {"required": ["bid"]}]}}}}}},
    ]}

    @ma.validates_schema
    def _fields_of_type(self, data: dict, **kwargs: object) -> None:
        needs = _STEP_NEEDS
        wanted = needs.get(data.get("type", ""))
        if wanted and data.get(wanted) is None:
            raise ma.ValidationError(f"A {data['type']} step needs {wanted!r}.", wanted)
        if data.get("type") != "irregularity":
            for key in ("what", "cards"):
                if key in data:
                    raise ma.ValidationError(f"Only an irregularity step has {key!r}.", key)
        at = data.get("at")
        if at is not None:
            kind = data.get("type")
            places = {"card": {"trick", "position"}, "bid": {"bid"}}.get(kind or "", set())
            if set(at) - {"deal"} != places:
                gives = " and ".join(sorted(places)) or "only the deal"
                raise ma.ValidationError(f"The at of a {kind} step gives {gives}.", "at")


class DryRunArgsSchema(StrictSchema):
    """``dry_run=true``: answer what the step would do, store nothing."""

    EXACT_INTEGERS = False  # a query string: ``dry_run=true`` is text

    dry_run = ma.fields.Boolean(load_default=False)


class DryRunSchema(ma.Schema):
    """What a step would do (nothing stored): ``would_record`` as sent; the rules'
    ``violations``; when refused, what recording it ``anyway`` would do: the ``irregularity``
    (revoke, out_of_turn, misdeal, false_call, other), its ``penalty`` and the
    ``consequence`` in a sentence; the ``events`` it would append and the deal's score if it
    would complete it."""

    dry_run = ma.fields.Boolean()
    version = ma.fields.Integer()
    would_record = ma.fields.Boolean()
    anyway = ma.fields.Boolean()
    violations = ma.fields.List(ma.fields.Dict())
    irregularity = ma.fields.String(allow_none=True)
    penalty = ma.fields.String(allow_none=True)
    consequence = ma.fields.String(allow_none=True)
    events = ma.fields.List(ma.fields.Dict())
    scored = ma.fields.Dict(allow_none=True)


class EventSchema(ma.Schema):
    """One ledger event."""

    seq = ma.fields.Integer()
    kind = ma.fields.String()
    payload = ma.fields.Dict()
    actor = ma.fields.String(allow_none=True)


class StepResultSchema(ma.Schema):
    """What a step appended, the deal's ruling when it completed it, and the match now."""

    events = ma.fields.List(ma.fields.Nested(EventSchema))
    scored = ma.fields.Dict(allow_none=True)
    match = ma.fields.Nested(MatchSchema)


AGREEMENT = "provisional | confirmed | disputed | ruled"


class DealResultSchema(ma.Schema):
    """A deal recorded, amended or ruled by its cards: its number, points per player/team, the
    ruling (with its ``level``), the deal's ``agreement``, who entered it, and — when its cards
    superseded an earlier entry — ``changes`` (that entry against the ruling) and ``claims``
    (each side's claim beside it, with ``comparison.parts_at``); the match."""

    deal = ma.fields.Integer()
    scores = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    ruling = ma.fields.Dict()
    level = ma.fields.String(metadata={"description": "cards | sheet | totals"})
    agreement = ma.fields.String(metadata={"description": AGREEMENT})
    entered_by = ma.fields.String(allow_none=True,
                                  metadata={"description": '"seat:Ann" or "write token"'})
    changes = ma.fields.Dict(allow_none=True, metadata={
        "description": "The earlier entry against the cards' ruling: agrees, parts_at, "
                       "differences"})
    claims = ma.fields.List(ma.fields.Dict())
    match = ma.fields.Nested(MatchSchema)


class DealAgreementSchema(ma.Schema):
    """A deal's agreement after a confirmation or a dispute, and the match."""

    deal = ma.fields.Integer()
    agreement = ma.fields.String(metadata={"description": AGREEMENT})
    agreed_by = ma.fields.String(allow_none=True)
    entered_by = ma.fields.String(allow_none=True)
    claims = ma.fields.List(ma.fields.Dict())
    match = ma.fields.Nested(MatchSchema)


class ClaimSchema(StrictSchema):
    """What the disputing side claims: a score-sheet line or the deal's totals."""

    JSON_SCHEMA: ClassVar[dict[str, Any]] = {
        "oneOf": [{"required": ["sheet"]}, {"required": ["totals"]}]}

    sheet = ma.fields.Dict()
    totals = ma.fields.Dict()

    @ma.validates_schema
    def _one(self, data: dict, **kwargs: object) -> None:
        if len(data) != 1:
            raise ma.ValidationError("A claim is {\"sheet\": …} or {\"totals\": …}.")


class DisputeSchema(StrictSchema):
    """Why the deal is disputed and, optionally, the disputing side's own claim."""

    reason = ma.fields.String(required=True, validate=validate.Length(min=1, max=500))
    claim = ma.fields.Nested(ClaimSchema, allow_none=True)
    by = NameField()
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


class SeatsRequestSchema(StrictSchema):
    """Which players get a (new) seat credential: all of them when ``players`` is absent."""

    players = ma.fields.List(NameField(), validate=validate.Length(min=1,
                                                                                      max=7))
    by = NameField()
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


class SeatTokenSchema(ma.Schema):
    """A player's seat credential (shown once) and its join link."""

    player = ma.fields.String()
    token = ma.fields.String()
    link = ma.fields.String(metadata={"description": "/table/#match=<id>&token=<seat token>"})


class SeatsSchema(ma.Schema):
    """The seat credentials made, and the match."""

    seats = ma.fields.List(ma.fields.Nested(SeatTokenSchema))
    match = ma.fields.Nested(MatchSchema)


class CorrectionSchema(StrictSchema):
    """Who corrects, and why; ``expected_version`` (or If-Match) guards against a stale phone."""

    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))

    reason = ma.fields.String(validate=TEXT)
    by = NameField()


class VoidSchema(CorrectionSchema):
    """Voiding a deal needs a reason."""

    reason = ma.fields.String(required=True, validate=validate.Length(min=1, max=500))


class AmendSchema(VoidSchema):
    """The corrected record and the reason."""

    record = ma.fields.Nested(RecordDealSchema, required=True)


class PageArgsSchema(StrictSchema):
    """Cursor pagination: ``cursor`` from the previous page's ``next_cursor``."""

    EXACT_INTEGERS = False  # a query string: ``limit=50`` is text

    # ASCII digits only ("²" is a digit to str.isdigit but not to int()), at most 18 of them
    # (a 64-bit database integer; SQLite refused a larger one with a 500).
    cursor = ma.fields.String(
        validate=validate.Regexp(r"\A[0-9]{1,18}\Z",
                                 error="The cursor is the next_cursor of the previous page."),
        metadata={"pattern": "^[0-9]{1,18}$"},
    )
    limit = ma.fields.Integer(load_default=50, validate=validate.Range(min=1, max=500))


class LedgerItemSchema(ma.Schema):
    """One deal of the ledger with the running totals after it."""

    deal = ma.fields.Integer()
    dealer = ma.fields.String()
    status = ma.fields.String(metadata={"description": "live | voided"})
    amended = ma.fields.Boolean()
    scores = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    totals = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    record = ma.fields.Dict()
    ruling = ma.fields.Dict()
    corrections = ma.fields.List(ma.fields.Dict())
    level = ma.fields.String(metadata={"description": "cards | sheet | totals"})
    agreement = ma.fields.String(metadata={"description": AGREEMENT})
    entered_by = ma.fields.String(allow_none=True)
    agreed_by = ma.fields.String(allow_none=True)
    claims = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "Each side's claim (a sheet or totals entry, a dispute's claim) and, "
                       "once ruled, its comparison with the ruling (parts_at)"})
    superseded = ma.fields.List(ma.fields.Dict(), metadata={
        "description": "Earlier entries of this deal its cards superseded"})
    changes = ma.fields.Dict(allow_none=True)


class LedgerPageSchema(ma.Schema):
    """A page of the ledger, and the ledger's ``head`` as this read found it."""

    items = ma.fields.List(ma.fields.Nested(LedgerItemSchema))
    next_cursor = ma.fields.String(allow_none=True)
    head = ma.fields.Nested(HeadSchema)


class StoredEventSchema(EventSchema):
    """A stored event with its time and hash chain."""

    created_at = ma.fields.String()
    prev_hash = ma.fields.String()
    hash = ma.fields.String()


class EventPageSchema(ma.Schema):
    """A page of the raw event log, and the ledger's ``head`` as this read found it."""

    items = ma.fields.List(ma.fields.Nested(StoredEventSchema))
    next_cursor = ma.fields.String(allow_none=True)
    head = ma.fields.Nested(HeadSchema)


#: A head as a client sends it back: ``SEQ:HASH`` (the sequence number, the SHA-256 hex).
HEAD_PATTERN = "^[0-9]{1,12}:[0-9A-Fa-f]{64}$"


class VerifyArgsSchema(StrictSchema):
    """``head``: SEQ:HASH of a head a client kept (a match's ``head``)."""

    head = ma.fields.String(validate=validate.Length(max=100),
                            metadata={"pattern": HEAD_PATTERN})


class KnownHeadSchema(ma.Schema):
    """A kept head against the ledger: ``status`` "same", "extended" (the ledger leads there
    and goes on), "behind" (cut short) or "diverged" (rewritten)."""

    seq = ma.fields.Integer()
    hash = ma.fields.String()
    status = ma.fields.String()


class VerifySchema(ma.Schema):
    """The hash chain's check: ``intact`` or the seq where it breaks; ``events`` and ``head``
    (the last event's hash) — keep them: a later ledger that does not lead to this head was
    cut short. With ``?head=``, ``known_head`` says how the ledger stands to it."""

    intact = ma.fields.Boolean()
    broken_at = ma.fields.Integer(allow_none=True)
    events = ma.fields.Integer()
    head = ma.fields.String()
    known_head = ma.fields.Nested(KnownHeadSchema)

