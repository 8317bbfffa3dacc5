"""marshmallow schemas of the stored-match endpoints (requests strict, responses documented)."""

from __future__ import annotations

import marshmallow as ma
from marshmallow import validate

from referee.api.fields import (
    MAX_VERSION,
    CallField,
    CardField,
    StakeField,
    StrictSchema,
    card_list,
)

NAME = validate.Length(min=1, max=40)
TEXT = validate.Length(max=500)


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


class MatchOptionsSchema(PitchOptionsSchema, PiquetOptionsSchema):
    """Options of a match. Pitch: target, partnership and the P8 options. Piquet: lead_point,
    cards_count_for_pique (Q6, Q7), stake and currency (Q9). Both: first_dealer (a player)."""

    partnership = ma.fields.Boolean()
    stake = StakeField(allow_none=True)
    currency = ma.fields.String(allow_none=True, validate=validate.Length(max=12))
    first_dealer = ma.fields.String(validate=NAME)


class CreateMatchSchema(StrictSchema):
    """A new match: the game, the players' names in seating order (clockwise), options."""

    game = ma.fields.String(required=True, validate=validate.OneOf(["pitch", "piquet"]))
    players = ma.fields.List(
        ma.fields.String(validate=NAME), required=True, validate=validate.Length(min=2, max=7)
    )
    options = ma.fields.Nested(MatchOptionsSchema, load_default=dict)
    by = ma.fields.String(validate=NAME)


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


class StandingSchema(ma.Schema):
    """A player's (or team's) total in the match."""

    name = ma.fields.String()
    score = ma.fields.Integer()


class SeatSchema(ma.Schema):
    """A player and his seat."""

    player = ma.fields.String()
    seat = ma.fields.Integer()


class HeadSchema(ma.Schema):
    """The last event of the ledger: its ``seq`` (the version) and ``hash`` (its keyed link).
    Keep it: ``GET /verify?head=SEQ:HASH`` tells a ledger cut short or rewritten since."""

    seq = ma.fields.Integer()
    hash = ma.fields.String(allow_none=True)


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
    head = ma.fields.Nested(HeadSchema)


class TokensSchema(ma.Schema):
    """A match's tokens, shown once: ``write`` records, ``read`` only reads (share it)."""

    tokens = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String())


class CreatedMatchSchema(MatchSchema):
    """A new match, with its tokens and recovery code (shown this once)."""

    tokens = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String(), allow_none=True)
    recovery_code = ma.fields.String(
        allow_none=True,
        metadata={"description": "Mints new tokens when all are lost (POST …/tokens:recover)"},
    )


class RotateSchema(StrictSchema):
    """Which tokens to rotate."""

    which = ma.fields.String(load_default="both",
                             validate=validate.OneOf(["write", "read", "both"]))
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


class RecoverSchema(RotateSchema):
    """The recovery code the create answered, and which tokens to make anew."""

    recovery_code = ma.fields.String(required=True, validate=validate.Length(min=1, max=100))


class AnnouncementFields(StrictSchema):
    """What a Piquet player announced (Q5)."""

    point = ma.fields.Integer(allow_none=True, validate=validate.Range(min=0, max=12))
    sequence = ma.fields.String(allow_none=True, validate=TEXT)
    sets = ma.fields.List(ma.fields.String(validate=TEXT), validate=validate.Length(max=8))
    carte_blanche = ma.fields.Boolean()


class RolesCardsSchema(StrictSchema):
    """Cards per Piquet role."""

    elder = card_list(allow_none=True)
    younger = card_list(allow_none=True)


class RolesAnnouncementsSchema(StrictSchema):
    """Announcements per Piquet role."""

    elder = ma.fields.Nested(AnnouncementFields, allow_none=True)
    younger = ma.fields.Nested(AnnouncementFields, allow_none=True)


_CALL = CallField()
_TRICKS = ma.fields.List(card_list(), validate=validate.Length(max=32))


class RecordDealSchema(StrictSchema):
    """A whole deal (the records of /rules/records). Pitch: dealer, bids, tricks, hands, claimed.
    Piquet: dealt, talon, exchange, declarations, tricks."""

    tricks = ma.fields.List(card_list(), required=True, validate=validate.Length(max=32))
    dealer = ma.fields.Integer(validate=validate.Range(min=0, max=9))
    bids = ma.fields.List(_CALL, validate=validate.Length(max=16))
    hands = ma.fields.List(card_list(), allow_none=True, validate=validate.Length(max=8))
    claimed = ma.fields.List(ma.fields.Integer(validate=validate.Range(min=-1000, max=1000)),
                             allow_none=True, validate=validate.Length(max=8))
    dealt = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    talon = card_list(allow_none=True)
    exchange = ma.fields.Nested(RolesCardsSchema, allow_none=True)
    declarations = ma.fields.Nested(RolesAnnouncementsSchema, allow_none=True)
    by = ma.fields.String(validate=NAME)
    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))


class StepSchema(StrictSchema):
    """One step of the deal in play. ``type``: ``deal_started`` (optionally with the hands:
    Pitch ``hands``, Piquet ``dealt``/``talon``), ``bid`` (``call``), ``exchange`` (Piquet
    discards ``elder``/``younger``), ``declaration`` (Piquet ``role`` and what was announced),
    ``card`` (``card``). ``player`` may name who acts: it must be his turn."""

    type = ma.fields.String(
        required=True,
        validate=validate.OneOf(["deal_started", "bid", "exchange", "declaration", "card"]),
    )
    player = ma.fields.String(validate=NAME)
    by = ma.fields.String(validate=NAME)
    call = _CALL
    card = CardField()
    hands = ma.fields.List(card_list(), validate=validate.Length(max=8))
    dealt = ma.fields.Nested(RolesCardsSchema)
    talon = card_list()
    elder = card_list()
    younger = card_list()
    role = ma.fields.String(validate=validate.OneOf(["elder", "younger"]))
    point = ma.fields.Integer(allow_none=True, validate=validate.Range(min=0, max=12))
    sequence = ma.fields.String(allow_none=True, validate=TEXT)
    sets = ma.fields.List(ma.fields.String(validate=TEXT), validate=validate.Length(max=8))
    carte_blanche = ma.fields.Boolean()
    expected_version = ma.fields.Integer(
        validate=validate.Range(min=1, max=MAX_VERSION),
        metadata={"description": "The match version this step follows (or send If-Match)"},
    )

    @ma.validates_schema
    def _fields_of_type(self, data: dict, **kwargs: object) -> None:
        needs = {"bid": "call", "card": "card", "declaration": "role"}
        wanted = needs.get(data.get("type", ""))
        if wanted and data.get(wanted) is None:
            raise ma.ValidationError(f"A {data['type']} step needs {wanted!r}.", wanted)


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


class DealResultSchema(ma.Schema):
    """A deal recorded or amended: its number, points per player/team, the ruling, the match."""

    deal = ma.fields.Integer()
    scores = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer())
    ruling = ma.fields.Dict()
    match = ma.fields.Nested(MatchSchema)


class CorrectionSchema(StrictSchema):
    """Who corrects, and why; ``expected_version`` (or If-Match) guards against a stale phone."""

    expected_version = ma.fields.Integer(validate=validate.Range(min=1, max=MAX_VERSION))

    reason = ma.fields.String(validate=TEXT)
    by = ma.fields.String(validate=NAME)


class VoidSchema(CorrectionSchema):
    """Voiding a deal needs a reason."""

    reason = ma.fields.String(required=True, validate=validate.Length(min=1, max=500))


class AmendSchema(VoidSchema):
    """The corrected record and the reason."""

    record = ma.fields.Nested(RecordDealSchema, required=True)


class PageArgsSchema(StrictSchema):
    """Cursor pagination: ``cursor`` from the previous page's ``next_cursor``."""

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


class VerifyArgsSchema(StrictSchema):
    """``head``: SEQ:HASH of a head a client kept (a match's ``head``)."""

    head = ma.fields.String(validate=validate.Length(max=100))


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

