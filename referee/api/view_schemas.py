"""marshmallow schemas of the match as the API shows it (``GET /v1/matches/{id}``, …/me, and
the ``match`` every write answers with)."""

from __future__ import annotations

import marshmallow as ma

from referee.api.errors import ViolationSchema
from referee.api.option_schemas import OPTIONS_IN_FORCE, AutoConfirmField
from referee.api.strict import ShapesField
from referee.violations import CONSEQUENCE_WORDS


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


class MatchSettlementSchema(ma.Schema):
    """Q9: the settlement of a finished Piquet partie — who won, who pays, whether he was
    rubiconed, the payment in points and money (``amount`` a decimal string in ``currency``,
    null without a stake) — and whether it waits on deals not yet confirmed."""

    winner = ma.fields.String(allow_none=True)
    loser = ma.fields.String(allow_none=True)
    rubiconed = ma.fields.Boolean()
    payment = ma.fields.Integer(metadata={"description": "Points the loser pays (Q9)"})
    amount = ma.fields.String(allow_none=True, metadata={"example": "3.40"})
    currency = ma.fields.String(allow_none=True, metadata={"example": "EUR"})
    amount_words = ma.fields.String(allow_none=True, metadata={
        "example": "41,20\u00a0€",
        "description": "The amount in the currency, written the answer's language's way "
                       "(Content-Language): \"€41.20\" in English, \"41,20 €\" in French and "
                       "German; null without a stake"})
    provisional = ma.fields.Boolean(
        metadata={"description": "It stands once the deals in provisional_deals are confirmed"})
    provisional_deals = ma.fields.List(ma.fields.Integer())


def consequence_code_field() -> ma.fields.String:
    """An irregularity's ``consequence_code`` (P10, Q12): the stable code its sentence is
    made from (:data:`referee.violations.CONSEQUENCE_WORDS`), absent for words with no code
    (an engine's own sentence, or one stored before consequences had codes)."""
    return ma.fields.String(metadata={
        "description": "The consequence's stable code, the same in every language (absent: "
                       "its words have no code, and are English)",
        "enum": sorted(CONSEQUENCE_WORDS), "example": "withdrawn.card.due"})


def consequence_params_field() -> ma.fields.Dict:
    """An irregularity's ``consequence_params``: the values its sentence is made of."""
    return ma.fields.Dict(metadata={
        "description": "The values the consequence's sentence is made of (a law cited, the "
                       "player to play…), the same in every language; the sentence opens "
                       "with the first violation, worded by its own code",
        "example": {"law": "P10: cancelled and the order restored", "due": "Ann"}})


def consequence_language_field() -> ma.fields.String:
    """``"en"`` on an answer in another language whose consequence has no code: its words
    are the English ones (an engine's own sentence, or an event stored before consequences
    had codes whose words read back into none)."""
    return ma.fields.String(metadata={
        "description": 'Present, "en", when the consequence has no code and is shown in '
                       "English in an answer in another language",
        "enum": ["en"]})


class CurrentIrregularitySchema(ma.Schema):
    """A step of the deal in progress recorded anyway (P10, Q12): what (``irregularity``:
    revoke, out_of_turn, misdeal, false_call, talon_offence, no_discard, other), its
    ``penalty``, the ``consequence`` in a sentence (and by its ``consequence_code`` and
    ``consequence_params``), the rules' ``violations`` and the ``step`` as it was sent (a card
    taken back is in no record: a page shows it from here)."""

    irregularity = ma.fields.String(allow_none=True, metadata={"example": "revoke"})
    penalty = ma.fields.String(allow_none=True, metadata={"example": "replay"})
    consequence = ma.fields.String(allow_none=True)
    consequence_code = consequence_code_field()
    consequence_params = consequence_params_field()
    consequence_language = consequence_language_field()
    violations = ma.fields.List(ma.fields.Nested(ViolationSchema), allow_none=True)
    step = ma.fields.Dict(allow_none=True, metadata={
        "description": "The step as it was sent and stored (a Step's fields)"})


class MatchSchema(ma.Schema):
    """A match as it stands. ``version`` is also the ETag (``"v<version>"``)."""

    id = ma.fields.String()
    game = ma.fields.String()
    players = ma.fields.List(ma.fields.String())
    options = ShapesField(
        *OPTIONS_IN_FORCE.values(),
        discriminator=("game", OPTIONS_IN_FORCE),
        metadata={"description": "The match's options, every one with its value (the "
                                 "defaults filled in): a Piquet match's (PiquetOptionsInForce) "
                                 "or a Pitch match's (PitchOptionsInForce), their game naming "
                                 "which"})
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
    settlement = ma.fields.Nested(
        MatchSettlementSchema, allow_none=True,
        metadata={"description": "Piquet, once the partie is over (Q9); null before, in Pitch, "
                                 "and while a deal is disputed"})
    current_deal = ma.fields.Dict(
        allow_none=True,
        metadata={"description": "The deal being recorded: its record so far (bids, tricks…)"},
    )
    current_irregularities = ma.fields.List(
        ma.fields.Nested(CurrentIrregularitySchema),
        metadata={"description": "Steps of the deal in progress recorded anyway (P10, Q12), "
                                 "oldest first"},
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
    auto_confirm = AutoConfirmField()
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
