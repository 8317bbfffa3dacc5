"""A match's state, computed from its events alone (docs/records.md).

:func:`replay` folds the ledger: it applies corrections (undo, void, amend), gathers the
deals and the deal in progress, adds up the standings and asks the game's rules what must be
recorded next. It is pure: the same events always give the same state, so standings can be
rebuilt from the ledger at any time.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from operator import is_, itemgetter
from typing import Any, Protocol

from referee.i18n import DEFAULT, money
from referee.match.claims import Claim
from referee.match.events import Event
from referee.match.irregularities import AnywayRuling, IrregularityNote, TableRuling
from referee.piquet import Settlement
from referee.rulings import ClaimComparison, Difference, with_kind
from referee.violations import RecordError, Violation

#: Who enters as an event's organiser at one of its tables (docs/events.md E11): the
#: credential's principal, beside "seat:Ann" and "write token". Its amendment stands ruled,
#: and it answers (confirms, disputes) for any side.
ORGANISER = "organiser"


class MatchError(ValueError):
    """A request the match cannot take (finished match, nothing to undo, unknown deal…).

    ``violations`` says why, for a 422 answer.
    """

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations = tuple(violations)
        super().__init__(self.violations[0].message if self.violations else "refused")


class ElectionRefused(MatchError):
    """An election a step carries that its law does not give (PT 39's ``taken_in`` for an
    elder not dealt 11 or 13): the step is refused, never recorded as another irregularity."""


class Clash(MatchError):
    """A write that says where it belongs (the deal an entry was written for, the place of a
    step) and finds that place already filled, or not the next one: nothing is stored and the
    table decides (the API answers 409 with the match as it stands).

    ``problem``: ``deal-already-recorded`` | ``deal-not-next`` | ``step-already-recorded`` |
    ``step-not-next``; ``details``: what the answer says besides the match (``deal``,
    ``existing``, ``next_deal``; ``at``, ``next_at``, ``same``); ``state``: the match it was
    decided on (its ``version`` is the one to send again).
    """

    def __init__(self, problem: str, violations: Iterable[Violation], state: MatchState,
                 details: dict[str, Any]) -> None:
        super().__init__(violations)
        self.problem = problem
        self.state = state
        self.details = details


@dataclass(frozen=True, slots=True)
class AlsoStep:
    """A step the table may still record before the next card (Piquet: the exchange before
    the first lead, Q4; each player's declarations, Q5): ``type`` "exchange" or
    "declaration"; for a declaration the ``role`` ("elder"/"younger") and the ``player``'s
    name."""

    type: str
    role: str | None = None
    player: str | None = None

    def to_json(self) -> dict[str, str]:
        """JSON-ready: ``{"type"}`` for the exchange, ``{"type", "role", "player"}`` for a
        declaration."""
        if self.role is None or self.player is None:
            return {"type": self.type}
        return {"type": self.type, "role": self.role, "player": self.player}


@dataclass(frozen=True, slots=True)
class Next:
    """What the table must record next.

    ``action``: "bid" (Pitch), "card" (the next card; in Piquet before the first card the
    table may also record the exchange and declarations), "score" (never left pending: a
    complete deal is scored at once), or "none" when the match is over. ``player``: the name
    of who acts (None when anyone may), ``seat``: his seat index in the players list,
    ``role`` (Piquet: "elder"/"younger").
    ``legal_calls`` / ``legal_cards``: what the rules allow now, when the referee knows it.
    ``also``: the steps the table may still record before that card (Piquet: the exchange,
    each player's declarations), e.g. ``{"type": "declaration", "role": "elder", "player":
    "Bill"}``.
    ``at``: where that bid or card goes, as a step says it (``{"deal": 2, "trick": 3,
    "position": 1}``, position 1 the lead; ``{"deal": 2, "bid": 1}``); None when nothing is
    to record.
    """

    action: str
    player: str | None = None
    seat: int | None = None
    role: str | None = None
    legal_calls: tuple[Any, ...] | None = None
    legal_cards: tuple[str, ...] | None = None
    also: tuple[AlsoStep, ...] = ()
    at: dict[str, int] | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready dict."""
        return {
            "action": self.action,
            "player": self.player,
            "seat": self.seat,
            "role": self.role,
            "legal_calls": list(self.legal_calls) if self.legal_calls is not None else None,
            "legal_cards": list(self.legal_cards) if self.legal_cards is not None else None,
            "also": [a.to_json() for a in self.also],
            "at": dict(self.at) if self.at is not None else None,
        }


@dataclass(frozen=True, slots=True)
class StepCheck:
    """The rules' view of a deal in progress: ``complete`` (ready to score), ``next`` (who acts
    and what is legal), ``violations`` found so far; ``ruled``: the game's own ruling of it,
    from which its next card is ruled alone (:meth:`Game.rule_step`), or None (not part of
    the value: two checks that say the same are equal)."""

    complete: bool
    next: Next
    violations: tuple[Violation, ...] = ()
    ruled: object = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class StepResult:
    """One step applied to a deal and ruled once: the deal's ``record`` with the step, the
    rules' view of it (``check``) and the violations the step brought that refuse it
    (``blocking``: empty when the step may be recorded); ``law``: the law that allows a step
    the usual rule would refuse (e.g. "PT 32": younger altering his discard), named in the
    step's event."""

    record: dict[str, Any]
    check: StepCheck
    blocking: tuple[Violation, ...] = ()
    law: str | None = None


class StepRefused(RecordError):
    """A step the rules refuse for what it brings (:meth:`Game.step`): its ``violations``
    (the blocking ones), and ``result``: the step applied and ruled once, which recording it
    anyway goes on from (P10, Q12)."""

    def __init__(self, result: StepResult) -> None:
        super().__init__(result.blocking)
        self.result = result


class Decided(list[tuple[str, dict[str, Any]]]):
    """The events a command decided to append (``(kind, payload)`` each), and ``check``: the
    rules' view of the deal in progress after them when the command ruled it (a step), so
    the match's fold does not rule the same deal again."""

    check: StepCheck | None = None


class EngineRuling(Protocol):
    """An engine's typed, frozen ruling on a deal (Piquet Q2–Q12: ``PiquetRuling``, a sheet's
    or totals' ruling; Pitch P2–P10: ``PitchRuling``, ``MisdealRuling``, ``VariantRuling``,
    a line's ruling; the match's :class:`~referee.match.irregularities.VoidRuling` and
    :class:`Redeal`), made JSON only where an event stores it."""

    def as_dict(self) -> dict[str, Any]:
        """The ruling's JSON, with its ``level``, as a ``deal_scored`` event stores it."""
        ...


@dataclass(frozen=True, slots=True)
class Redeal:
    """P3: everyone passed where the table's options make the deal void: nobody scores and
    the deal is dealt again. ``dealer``: the seat who dealt; ``bids``: the calls, from the
    dealer's left.

    >>> Redeal(2, ("pass", "pass", "pass")).as_dict()
    {'redeal': True, 'dealer': 2, 'bids': ['pass', 'pass', 'pass'], 'level': 'cards'}
    """

    dealer: int
    bids: tuple[str | int, ...]

    def as_dict(self) -> dict[str, Any]:
        """``{"redeal": true, "dealer", "bids", "level": "cards"}``."""
        return {"redeal": True, "dealer": self.dealer, "bids": list(self.bids),
                "level": "cards"}


@dataclass(frozen=True, slots=True)
class DealRuling:
    """A finished deal ruled, as the match records it: ``ruling`` the engine's typed ruling
    (:class:`EngineRuling`); ``scores`` points per standing name (player or team);
    ``violations`` (empty for a legal deal); and what the match adds to the engine's words
    (Q1, Q5, Q12; P10): ``roles`` the players by role (``(("elder", "Ann"), ("younger",
    "Bob"))``, Piquet), ``declarations_used`` how each role's declarations are scored
    (``(("elder", "as_announced"), ("younger", "best"))``, Piquet on its cards, Q5), and
    ``recorded_anyway`` the irregularities recorded anyway in the deal (P10, Q12; None: not
    listed).  :meth:`as_dict` is the ruling a ``deal_scored`` event stores.
    """

    ruling: EngineRuling
    scores: dict[str, int]
    violations: tuple[Violation, ...] = ()
    roles: tuple[tuple[str, str], ...] = ()
    declarations_used: tuple[tuple[str, str], ...] | None = None
    recorded_anyway: tuple[IrregularityNote, ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON: the engine's ruling, then ``declarations_used`` (an object, when given),
        each role's player (``elder``, ``younger``), and ``recorded_anyway``
        (:meth:`~referee.match.irregularities.IrregularityNote.as_recorded` each, when
        listed)."""
        data = self.ruling.as_dict()
        if self.declarations_used is not None:
            data["declarations_used"] = dict(self.declarations_used)
        data.update(self.roles)
        if self.recorded_anyway is not None:
            data["recorded_anyway"] = [n.as_recorded() for n in self.recorded_anyway]
        return data


@dataclass(frozen=True, slots=True)
class Laws:
    """What a game's adapter tells the match to cite and to say, so that no command asks
    which game it is (docs/rules/pitch.md P1–P10, docs/rules/piquet.md Q1–Q12,
    docs/rules/irregularities.md).

    Rule sections: ``players`` (who plays: "P1", "Q1"), ``end`` (the end of the match: "P7",
    "Q9"), ``irregularities`` (the laws on irregularities: "P10", "Q12"), ``bid_turn`` and
    ``card_turn`` (whose turn it is to bid or play: "P3"/"P4", "Q6").
    Words: ``deal`` (what one deal is called: "hand", "deal"), ``match`` ("match",
    "partie"). Laws cited in an irregularity's consequence: ``misdeal`` (a wrong number of
    cards dealt, dealt again by the same dealer), ``withdrawn`` (a step taken back),
    ``incorrect_pack`` (a card twice or not of the pack: that deal void, earlier deals stand),
    ``pack_dealer`` (why the same dealer deals again after it: Piquet's PT 6, the cut for
    deal holding good; "" where no law says).
    ``amend_until_next_deal``: the law that lets a deal's count be put right only until the
    players have seen their next hands ("PT 70"); None: no time limit (Pitch).
    ``renamed``: penalties stored under an older name, (irregularity, stored name) → today's
    name, read so when a ledger is folded (the stored events are not rewritten).
    ``penalties``: for each kind of irregularity recorded anyway that the engine does not
    rule itself ("out_of_turn", "other"), the penalties a table may choose in its
    ``irregularities`` option, the default first (see :data:`referee.match.games.PENALTIES`).
    """

    players: str
    end: str
    irregularities: str
    bid_turn: str
    card_turn: str
    deal: str
    match: str
    misdeal: str
    withdrawn: str
    penalties: dict[str, tuple[str, ...]]
    incorrect_pack: str = "PT 75"
    pack_dealer: str = ""
    amend_until_next_deal: str | None = None
    renamed: dict[tuple[str, str], str] = field(default_factory=dict)

    def turn(self, kind: str) -> str:
        """The rule section whose turn a step of ``kind`` ("bid", "card"…) is."""
        return self.bid_turn if kind == "bid" else self.card_turn


class Game(Protocol):
    """What the ledger needs from a game's rules (implemented in referee.match.games)."""

    name: str
    #: What the match cites and says for this game (see :class:`Laws`).
    laws: Laws

    def normalize_options(self, players: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        """Options with defaults filled in. :raises MatchError: for bad options."""
        ...

    def standing_names(self, players: Sequence[str], options: dict[str, Any]) -> list[str]:
        """Who is scored: the players, or team names in partnership."""
        ...

    def first_dealer(self, players: Sequence[str], options: dict[str, Any]) -> int:
        """Seat of the first deal's dealer."""
        ...

    def next_dealer(self, dealer: int, players: Sequence[str], options: dict[str, Any]) -> int:
        """Seat of the dealer after ``dealer``."""
        ...

    def dealer_after(
        self, deals: Sequence[DealEntry], players: Sequence[str], options: dict[str, Any]
    ) -> int | None:
        """Seat of the dealer of the deal after ``deals`` when a law names him (Piquet PT
        16: the elder hand of a deal dealt out of turn deals twice running), else None."""
        ...

    def dealt_by(self, record: dict[str, Any], dealer: int, players: Sequence[str]) -> int:
        """Who dealt a deal entered whole whose dealer by the match's order is ``dealer``:
        he, unless the record says another dealt it out of turn (Piquet PT 16)."""
        ...

    def new_record(
        self, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> dict[str, Any]:
        """The empty record of a deal dealt by ``dealer``."""
        ...

    def roles(self, dealer: int, players: Sequence[str]) -> dict[str, str]:
        """Who is who in a deal dealt by seat ``dealer``, by name: ``dealer``, and in Piquet
        ``elder`` and ``younger`` (Q1)."""
        ...

    def next_place(self, record: dict[str, Any], players: Sequence[str]) -> dict[str, int]:
        """Where the next bid and the next card of the deal ``record`` go: ``{"bid": i,
        "trick": t, "position": p}``, each counted from 1 (position 1 is the lead)."""
        ...

    def apply_step(
        self, record: dict[str, Any], event: Event, players: Sequence[str]
    ) -> dict[str, Any]:
        """The record with one step added (a new dict). :raises MatchError: step out of place."""
        ...

    def check_step(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> StepCheck:
        """Rule on a deal in progress dealt by seat ``dealer``."""
        ...

    def rule_step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepResult:
        """The step ``event`` applied to the deal ``record`` (whose check is ``before``) and
        ruled once. :raises MatchError: a step out of place (see :meth:`apply_step`)."""
        ...

    def verify_step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> None:
        """Refuse a step the rules do not allow. :raises RecordError: with its violations;
        :raises MatchError: a step out of place."""
        ...

    def can_step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> bool:
        """Whether :meth:`verify_step` would let the step be recorded."""
        ...

    def step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepResult:
        """The step applied and ruled (:meth:`rule_step`), when allowed.
        :raises RecordError: its blocking violations; :raises MatchError: out of place."""
        ...

    def rule(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> DealRuling:
        """Rule on a finished deal dealt by seat ``dealer``.

        :raises RecordError: when it cannot be ruled on.
        """
        ...

    def outcome(
        self, deals: Sequence[DealEntry], players: Sequence[str], options: dict[str, Any]
    ) -> Outcome:
        """Whether the match is over, and its winner and settlement."""
        ...

    def record_anyway(
        self, record: dict[str, Any], kind: str, payload: dict[str, Any], seat: int | None,
        players: Sequence[str], options: dict[str, Any],
    ) -> AnywayRuling | None:
        """A step the rules refuse, recorded as the engine records irregularities (Pitch
        P10, Piquet Q12); None when the engine does not record it.

        :raises RecordError: the step is no irregularity the engine records.
        """
        ...

    def card_holder(
        self, record: dict[str, Any], card: Any, dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> str | None:
        """The player whose hand, known from the record, holds ``card`` not yet played
        (PT 59 III, P10: a card sent for the player to play that another holds is that
        other's card out of turn); None when no known hand holds it."""
        ...

    def unknown_hands(
        self, record: dict[str, Any], dealer: int, players: Sequence[str],
    ) -> list[str]:
        """The players whose hands the deal's ``record`` does not show (a card sent without
        ``player`` that the player to play cannot hold may be any of theirs)."""
        ...

    def answer_lead(
        self, record: dict[str, Any], leader: str, lead: str, card: str, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> TableRuling | None:
        """A card played to a lead out of turn just taken back (PT 59 III: once the adversary
        has played to it, the lead stands): ``leader``'s ``lead``, ``card`` played to it; the
        ruling's record has the trick ``[lead, card]`` added, its penalty is "as_played";
        None when the game takes such a lead back whatever follows (Pitch P10).

        :raises MatchError: the trick breaks a rule of play (e.g. a card not held).
        """
        ...

    def record_irregularity(
        self, record: dict[str, Any], what: Any, seat: int | None, dealer: int,
        players: Sequence[str], options: dict[str, Any], cards: Sequence[str] | None = None,
        election: str | None = None,
    ) -> TableRuling:
        """An irregularity found at the table that is no refused step (a talon offence, a
        hand of the wrong size, an exposed card; a card exposed or faced in dealing, with the
        ``election`` of a player the law gives one, PT 13), added to the deal's record.

        :raises MatchError: not an irregularity of this game. :raises RecordError: the
            record with it cannot be read.
        """
        ...

    def penalize(
        self, ruled: DealRuling, irregular: Sequence[IrregularityNote], players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        """The ruling of a deal with irregularities recorded anyway (their notes), with the
        penalties they carry applied and listed (P10, Q12)."""
        ...

    def sheet_has_dealer(self, level: str) -> bool:
        """Whether a record of entry ``level`` names the dealer (checked like a cards
        record's)."""
        ...

    def rule_entry(
        self, level: str, record: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        """Rule on a deal entered at ``level`` "cards" | "sheet" | "totals".

        :raises RecordError: when it cannot be ruled on.
        """
        ...

    def compare(
        self, cards: dict[str, Any], ruled: DealRuling, level: str, claim: dict[str, Any],
        claim_scores: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> Comparison:
        """A claim (an entry at ``level`` and its points) beside the cards' ruling: the
        engine's :class:`~referee.rulings.ClaimComparison`, or :class:`ScoresComparison`
        for a claim entered as cards."""
        ...


@dataclass(frozen=True, slots=True)
class ScoresComparison:
    """A claim beside the cards' ruling by its points alone (a claim entered as cards):
    ``agrees`` when every player's points are the ruling's; ``parts_at`` else, the one
    difference (step ``"scores"``, the points of each in words). Stored, unlike the engines'
    :class:`~referee.rulings.ClaimComparison`, without codes (ledgers keep what they
    stored)."""

    agrees: bool
    parts_at: Difference | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, as stored: ``{"agrees", "parts_at": {"step", "rule", "ruling",
        "claim"} | None, "differences": [the same] or []}``."""
        parts = None if self.parts_at is None else {
            "step": self.parts_at.step, "rule": self.parts_at.rule,
            "ruling": self.parts_at.ruling, "claim": self.parts_at.claim}
        return {"agrees": self.agrees, "parts_at": parts,
                "differences": [] if parts is None else [dict(parts)]}


#: A claim beside the cards' ruling: the engine's, in the game's counting order (a sheet or
#: totals claim), or by its points alone (a claim entered as cards).
Comparison = ClaimComparison | ScoresComparison


@dataclass(frozen=True, slots=True)
class MatchSettlement:
    """A finished Piquet partie's settlement as the match shows it (Q9): the engine's
    :class:`~referee.piquet.Settlement`, the match's ``currency`` (None without one), and,
    once the ledger has marked it, ``provisional`` (a live deal not yet agreed) and
    ``provisional_deals`` (their numbers). Unmarked (None) when the game first rules it."""

    settlement: Settlement
    currency: str | None = None
    provisional: bool | None = None
    provisional_deals: tuple[int, ...] | None = None

    @property
    def winner(self) -> str | None:
        """The winner's name, None when drawn."""
        return self.settlement.winner

    def marked(self, provisional_deals: Sequence[int]) -> MatchSettlement:
        """This settlement marked provisional while ``provisional_deals`` are not agreed."""
        return replace(self, provisional=bool(provisional_deals),
                       provisional_deals=tuple(provisional_deals))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready, as answered: ``{"winner", "loser", "rubiconed", "payment", "amount",
        "currency", "amount_words", "provisional"?, "provisional_deals"?}`` (``amount`` a
        decimal string or None; ``amount_words`` the amount in the currency as English writes
        it, "€38.20", worded again in each answer's language; the provisional keys once
        marked)."""
        data = {**self.settlement.as_dict(), "currency": self.currency}
        data["amount_words"] = None if data.get("amount") is None \
            else money(data["amount"], self.currency, DEFAULT)
        if self.provisional is not None:
            data["provisional"] = self.provisional
            data["provisional_deals"] = list(self.provisional_deals or ())
        return data


@dataclass(frozen=True, slots=True)
class Outcome:
    """The match's result so far: ``finished``, ``winner`` (a standing name, None when drawn or
    not finished), ``drawn``, ``settlement`` (Piquet, Q9), ``deals_required`` (Piquet)."""

    finished: bool
    winner: str | None = None
    drawn: bool = False
    settlement: MatchSettlement | None = None
    deals_required: int | None = None


@dataclass(frozen=True, slots=True)
class CorrectionNote:
    """A correction applied to a counted deal (docs/records.md): the ``seq`` and ``kind`` of
    its event ("deal_amended", "deal_voided"), the ``reason`` given and who the request named
    (``by``), None when not said."""

    seq: int
    kind: str
    reason: str | None = None
    by: str | None = None

    @classmethod
    def of(cls, event: Event) -> CorrectionNote:
        """The note of a correction's ``event``."""
        return cls(event.seq, event.kind, event.payload.get("reason"), event.payload.get("by"))

    def as_dict(self) -> dict[str, Any]:
        """JSON: ``{"seq", "kind", "reason", "by"}``."""
        return {"seq": self.seq, "kind": self.kind, "reason": self.reason, "by": self.by}


@dataclass(frozen=True, slots=True)
class SupersededEntry:
    """An earlier entry of a deal that its cards superseded (docs/records.md: the ledger keeps
    it): how it was entered (``level``), its ``record``, ``ruling`` (JSON, as stored) and
    ``scores``, who entered it and its ``agreement`` then."""

    level: str
    record: dict[str, Any]
    ruling: dict[str, Any]
    scores: dict[str, int]
    entered_by: str | None
    agreement: str

    def as_dict(self) -> dict[str, Any]:
        """JSON: ``{"level", "record", "ruling", "scores", "entered_by", "agreement"}``."""
        return {"level": self.level, "record": self.record, "ruling": self.ruling,
                "scores": self.scores, "entered_by": self.entered_by,
                "agreement": self.agreement}


@dataclass(frozen=True, slots=True)
class DealEntry:
    """A finished deal in the ledger: ``number`` (1…), ``dealer`` seat, the ``record`` and its
    ``ruling``, ``scores`` per standing name, ``status`` "live" or "voided", ``amended``, the
    seq of the event that scored it and the corrections applied to it.

    Entry and agreement (docs/records.md): ``level`` "cards" | "sheet" | "totals" (how the
    record was entered); ``entered_by`` the credential that entered it ("seat:Ann" or
    "write token"); ``agreement`` "provisional" | "confirmed" | "disputed" | "ruled" and
    ``agreed_by`` who confirmed or disputed it ("auto" when it confirmed as the next deal
    started, or as the match ended); ``claims`` what each side claimed (the entry itself
    when it was a score sheet or totals, and each dispute's claim), with how it compares to
    the cards' ruling once ruled;
    ``superseded`` the earlier entries the cards replaced; ``changes`` the comparison of the
    last superseded entry against the cards' ruling. ``entered_at``: for a deal recorded step
    by step, who entered each bid and card (``("bid", i)``, ``("card", trick, position)``,
    counted from 1 → the credential). ``imported``: for an entry imported from a record file
    (docs/format.md), what the file said of it (``entered_by``, ``confirmed_by``: names, a
    note — never the other side's agreement); None for an entry made at the table."""

    number: int
    dealer: int
    record: dict[str, Any]
    ruling: dict[str, Any]
    scores: dict[str, int]
    status: str = "live"
    amended: bool = False
    scored_seq: int = 0
    corrections: tuple[CorrectionNote, ...] = ()
    level: str = "cards"
    entered_by: str | None = None
    agreement: str = "provisional"
    agreed_by: str | None = None
    claims: tuple[Claim, ...] = ()
    superseded: tuple[SupersededEntry, ...] = ()
    changes: dict[str, Any] | None = None
    entered_at: dict[tuple[Any, ...], str | None] = field(default_factory=dict)
    imported: dict[str, Any] | None = None

    @property
    def counted(self) -> bool:
        """Counted in the standings (not voided)."""
        return self.status == "live"


@dataclass(frozen=True, slots=True)
class InProgress:
    """The deal being recorded step by step: its number, dealer, record so far and the seqs of
    its step events (for undo); ``reentry`` when these are the cards of a deal already
    entered (as a score sheet or totals, or disputed), entered step by step to rule it;
    ``first_seq`` the seq of its first event (an undo of the whole deal goes back before it);
    ``entered_at`` who entered each bid and card so far (as :class:`DealEntry`'s);
    ``irregular`` the notes of its steps recorded anyway (P10, Q12), oldest first.
    """

    number: int
    dealer: int
    record: dict[str, Any]
    step_seqs: tuple[int, ...] = ()
    level: str = "cards"
    reentry: bool = False
    irregular: tuple[IrregularityNote, ...] = ()
    first_seq: int = 0
    entered_at: dict[tuple[Any, ...], str | None] = field(default_factory=dict)
    imported: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class MatchState:
    """Everything known about a match after its events (see :func:`replay`); ``head`` is the
    chain link of the last one (``version``), when the events carry theirs; ``check`` the
    rules' view of the deal in progress, or of the next deal's empty record (None when the
    match is over): what a step is ruled against. ``seats``: the players whose seat credential
    was issued; ``joined``: those whose seat was taken up on its phone (``seat_joined``, or the
    seat's first write; in older ledgers, issuing it) (docs/records.md); ``current_undos`` how many
    undos take back the deal in progress entirely (0 when none is in progress): a table giving
    up the step-by-step entry of an earlier deal's cards (docs/records.md, "reentry") undoes
    that many times.
    ``next_number``: the number a new deal takes (the last deal's, voided or not, plus one);
    ``next_deal``: that deal by name, ``{"number", "dealer", "elder", "younger"}`` (Piquet's
    roles, Q1), None once the match is over; ``roles``: the names of the deal in progress, or
    of the next deal (``dealer``, Piquet ``elder``/``younger``).
    ``deal_number``: the deal being recorded (the deal in progress, else the next deal's
    number). ``agreed``: the standings counting only the deals the other side agreed to
    (``confirmed``, or ``ruled`` by their cards; docs/records.md), per standing name.
    ``totals``: the running totals after each deal of ``deals`` (same order; a voided deal
    adds nothing), per standing name."""

    game: str
    players: tuple[str, ...]
    options: dict[str, Any]
    rules_version: str
    version: int
    deals: tuple[DealEntry, ...]
    current: InProgress | None
    standings: dict[str, int]
    outcome: Outcome
    next: Next
    next_dealer: int
    last_undoable: tuple[int, ...] = field(default=())
    last_undoable_by: str | None = None
    seats: tuple[str, ...] = ()
    withheld: str | None = None
    joined: tuple[str, ...] = ()
    current_undos: int = 0

    @property
    def auto_confirm(self) -> bool:
        """Whether a provisional deal confirms itself when the next deal starts (the last ones
        when the match ends): the option ``auto_confirm`` true or false, or "auto" (default):
        on while no seat has joined."""
        return auto_confirm_on(self.options, self.joined)

    def side_of(self, principal: str | None) -> str | None:
        """The standing name (player or team) a credential speaks for: "seat:Ann" → "Ann"
        (or "Ann & Cid" in partnership); None for the shared write token."""
        if principal is None or not principal.startswith("seat:"):
            return None
        player = principal[len("seat:"):]
        for name in self.standings:
            if player in name.split(" & "):
                return name
        return None

    @property
    def disputed(self) -> tuple[int, ...]:
        """Numbers of the counted deals under dispute."""
        return tuple(d.number for d in self.live_deals if d.agreement == "disputed")

    @property
    def provisional(self) -> tuple[int, ...]:
        """Numbers of the counted deals not yet confirmed by the other side."""
        return tuple(d.number for d in self.live_deals if d.agreement == "provisional")
    head: str | None = None
    check: StepCheck | None = None
    next_number: int = 1
    next_deal: dict[str, Any] | None = None
    roles: dict[str, str] = field(default_factory=dict)
    deal_number: int = 1
    agreed: dict[str, int] = field(default_factory=dict)
    totals: tuple[dict[str, int], ...] = ()

    @property
    def live_deals(self) -> tuple[DealEntry, ...]:
        """The deals that count (not voided), in order."""
        return tuple(d for d in self.deals if d.status == "live")

    def deal(self, number: int) -> DealEntry | None:
        """The finished deal with that number, or None."""
        for entry in self.deals:
            if entry.number == number:
                return entry
        return None


def auto_confirm_on(options: dict[str, Any], joined: Sequence[str]) -> bool:
    """The ``auto_confirm`` option in effect: true, false, or "auto" (on while no seat has
    ``joined`` the match, i.e. been taken up on its phone: a single phone records for
    everyone)."""
    value = options.get("auto_confirm", "auto")
    if value == "auto":
        return not joined
    return bool(value)


@dataclass(frozen=True, slots=True)
class _Settled:
    """What a match's finished deals decide, worked out once for them (:meth:`Fold._settle`)
    and reused by every state while they stay the same — the steps of a deal in progress
    change none of it: the standings (and those ``agreed``), the running ``totals``, the
    ``outcome`` (over every deal), why the result is ``withheld``, the next new deal's
    number, dealer and names. Each state gets its own ``standings``, ``agreed`` and
    ``next_deal`` dicts; ``totals`` (read only) is shared."""

    deals: tuple[DealEntry, ...]
    players: tuple[str, ...]
    options: dict[str, Any]
    standings: dict[str, int]
    agreed: dict[str, int]
    totals: tuple[dict[str, int], ...]
    outcome: Outcome
    withheld: str | None
    next_number: int
    new_dealer: int
    next_deal: dict[str, Any] | None

    def holds(self, deals: tuple[DealEntry, ...], players: tuple[str, ...],
              options: dict[str, Any]) -> bool:
        """Whether it was worked out for these very deals (each the same entry: a deal
        scored, agreed, voided or amended is a new one), players and options."""
        return (len(deals) == len(self.deals) and all(map(is_, deals, self.deals))
                and players == self.players and options == self.options)


#: Event kinds that begin a new deal (the deals before it auto-confirm, see Fold).
_STARTS = frozenset({"deal_started", "deal_recorded", "bid", "exchange", "declaration", "card",
                     "irregularity"})


def replay(events: Sequence[Event], games: dict[str, Game]) -> MatchState:
    """Fold a match's events, in seq order, into its :class:`MatchState`.

    ``games`` maps a game name to its rules adapter.

    :raises ValueError: when the first event is not ``match_created``.
    """
    return Fold(events, games).state()


class Fold:
    """The running fold of a match's events: :meth:`extend` it with newer events (when they
    hold no undo), ask it for the :meth:`state`. Not thread-safe: one owner at a time.

    :raises ValueError: when the first event is not ``match_created``.
    """

    def __init__(self, events: Sequence[Event], games: dict[str, Game]) -> None:
        if not events or events[0].kind != "match_created":
            raise ValueError("a match ledger starts with match_created")
        created = events[0].payload
        self.game = games[created["game"]]
        self.players = tuple(created["players"])
        self.options = dict(created["options"])
        self.rules_version: str = created.get("rules_version", "")
        self.voided = _voids(events)
        self.deals: dict[int, DealEntry] = {}
        self.current: InProgress | None = None
        # groups of seqs an undo takes back, in the order of their first seq
        self.undoable: list[tuple[int, ...]] = []
        self.pending_amend: dict[int, dict[str, Any]] = {}
        self.pending_cards: dict[int, dict[str, Any]] = {}
        self.entered: dict[int, str] = {}  # seq → the credential that made it
        self.seats: tuple[str, ...] = ()  # issued
        self.joined: tuple[str, ...] = ()  # taken up on the seat's phone
        self.standing_names = tuple(self.game.standing_names(self.players, self.options))
        self.version = events[0].seq
        self.head = events[0].hash
        self._state: MatchState | None = None  # the state at self.version, once asked for
        self._known_check: StepCheck | None = None  # the deal in progress, already ruled
        self._settled: _Settled | None = None  # what the finished deals decide, once
        for event in events[1:]:
            self._add(event)

    #: The attributes that are containers (dict, list, set): the fold changes them in place
    #: (never the values in them: deals, records and notes are replaced, not changed), so
    #: :meth:`copy` copies each. tests/match/test_fold_copy.py checks that every container
    #: attribute is named here.
    COPIED = ("options", "voided", "deals", "undoable", "pending_amend", "pending_cards",
              "entered")

    def copy(self) -> Fold:
        """An independent fold at the same point (extending one leaves the other as it is).

        Every attribute of :attr:`COPIED` is copied (``dict``, ``list`` or ``set``: a shallow
        copy); the rest are values (tuples, frozen dataclasses, numbers, strings) or the
        game's rules, shared.
        """
        twin = object.__new__(type(self))
        attrs = self.__dict__.copy()
        for name in self.COPIED:
            attrs[name] = attrs[name].copy()
        twin.__dict__ = attrs
        return twin

    def can_extend(self, events: Sequence[Event]) -> bool:
        """Whether :meth:`extend` may take these events: none of them undoes an event this
        fold already holds (that undo needs a fold of the whole ledger, or of a snapshot
        taken before the event it takes back)."""
        return all(seq > self.version for seq in _voids(events))

    def extend(self, events: Sequence[Event], check: StepCheck | None = None) -> None:
        """Fold newer events (seq order, after :attr:`version`; see :meth:`can_extend`: an
        undo among them takes back only events among them).

        ``check``: the rules' view of the deal in progress after them, when the step that
        made it was just ruled (:meth:`Game.step`): it is not ruled a second time.
        """
        self.voided.update(_voids(events))
        for event in events:
            self._add(event)
        self._known_check = check if self.current is not None else None

    def _add(self, event: Event) -> None:
        self.version = event.seq
        self.head = event.hash
        self._state = None
        self._known_check = None
        if event.payload.get("entered_by") is not None:
            self.entered[event.seq] = event.payload["entered_by"]
            self._join(event.payload["entered_by"])  # a seat's first write takes it up
        if event.seq in self.voided or event.kind == "undo":
            return
        payload = event.payload
        kind = event.kind
        reentry = kind in _STARTS and payload.get("deal") in self.deals
        if kind in _STARTS and not reentry and (
            kind in ("deal_started", "deal_recorded")
            or self.current is None
            or self.current.number != payload["deal"]
        ):
            self._auto_confirm()
        fold = _FOLDS.get(kind)
        if fold is not None:
            fold(self, event, reentry)

    # One method an event kind (``reentry``: the deal was already recorded, and is entered
    # again step by step); :data:`_FOLDS` names them.

    def _deal_started(self, event: Event, reentry: bool) -> None:
        payload = event.payload
        empty = self.game.new_record(payload["dealer"], self.players, self.options)
        self.current = InProgress(
            payload["deal"], payload["dealer"], self.game.apply_step(empty, event, self.players),
            (event.seq,), reentry=reentry, first_seq=event.seq,
        )
        self.undoable.append((event.seq,))

    def _in_progress(self, event: Event, reentry: bool) -> InProgress:
        """The deal in progress the step ``event`` belongs to (a new one when it is not)."""
        payload = event.payload
        current = self.current
        if current is None or current.number != payload["deal"]:
            current = InProgress(
                payload["deal"], payload["dealer"],
                self.game.new_record(payload["dealer"], self.players, self.options),
                reentry=reentry, first_seq=event.seq,
            )
        return current

    def _step(self, event: Event, reentry: bool) -> None:
        current = self._in_progress(event, reentry)
        record = self.game.apply_step(current.record, event, self.players)
        # as dataclasses.replace makes it, without its look-up of every field (once a step)
        self.current = InProgress(
            current.number, current.dealer, record, (*current.step_seqs, event.seq),
            current.level, current.reentry, current.irregular, current.first_seq,
            _entered(current.entered_at, record, event.payload.get("entered_by")),
            current.imported)
        self.undoable.append((event.seq,))

    def _deal_recorded(self, event: Event, reentry: bool) -> None:
        payload = event.payload
        self.current = InProgress(payload["deal"], payload["dealer"], payload["record"],
                                  level=payload.get("level", "cards"), first_seq=event.seq,
                                  imported=payload.get("imported"))
        self.undoable.append((event.seq,))

    def _irregularity(self, event: Event, reentry: bool) -> None:
        """A step recorded anyway (P10, Q12). An old event's penalty is read by its name
        today (the game's ``Laws.renamed``); the stored event is not rewritten."""
        payload = event.payload
        current = self._in_progress(event, reentry)
        if payload.get("dealt_by") is not None:  # PT 16: the other player dealt it
            current = replace(current, dealer=payload["dealt_by"])
        record = current.record
        if payload.get("record") is not None:  # as the engine recorded it (Pitch P10)
            record = payload["record"]
        stands_alone = payload.get("record") is not None or payload["penalty"] in (
            "withdrawn", "void")
        note = IrregularityNote.read(payload, self.game.laws.renamed)
        self.current = replace(
            current, record=record, irregular=(*current.irregular, note),
            entered_at=_entered(current.entered_at, record, payload.get("entered_by")))
        if stands_alone or not self.undoable:
            self.undoable.append((event.seq,))
        else:  # the step stands: the note goes with it
            self.undoable[-1] = (*self.undoable[-1], event.seq)

    def _deal_cards_recorded(self, event: Event, reentry: bool) -> None:
        payload = event.payload
        self.pending_cards[payload["deal"]] = {**payload, "seq": event.seq}
        if self.current is not None and self.current.reentry and self.undoable:
            # the cards entered step by step: it goes with the last card
            self.undoable[-1] = (*self.undoable[-1], event.seq)
        else:
            self.undoable.append((event.seq,))

    def _agreed(self, event: Event, reentry: bool) -> None:
        self._agreement(event)
        self.undoable.append((event.seq,))

    def _seats_issued(self, event: Event, reentry: bool) -> None:
        payload = event.payload
        self.seats = tuple(dict.fromkeys((*self.seats, *payload["players"])))
        if payload.get("joined", True):  # older ledgers: a seat joined when issued
            self.joined = tuple(dict.fromkeys((*self.joined, *payload["players"])))
        else:  # a new credential: its phone has yet to take it up
            self.joined = tuple(p for p in self.joined if p not in payload["players"])

    def _seat_joined(self, event: Event, reentry: bool) -> None:
        self._join(f"seat:{event.payload['player']}")

    def _deal_scored(self, event: Event, reentry: bool) -> None:
        self._scored(event)
        self._confirm_if_over()

    def _deal_voided(self, event: Event, reentry: bool) -> None:
        payload = event.payload
        number = payload["deal"]
        entry = self.deals[number]
        self.deals[number] = replace(
            entry, status="voided", corrections=(*entry.corrections, CorrectionNote.of(event))
        )
        if payload.get("irregularity") and self.undoable:  # voided by its penalty
            self.undoable[-1] = (*self.undoable[-1], event.seq)
        else:
            self.undoable.append((event.seq,))
        self._confirm_if_over()

    def _deal_amended(self, event: Event, reentry: bool) -> None:
        payload = event.payload
        self.pending_amend[payload["deal"]] = {
            "record": payload["record"], "note": CorrectionNote.of(event),
            "level": payload.get("level", "cards"), "entered_by": payload.get("entered_by"),
        }
        self.undoable.append((event.seq,))

    def _scored(self, event: Event) -> None:
        payload = event.payload
        number = payload["deal"]
        amend = self.pending_amend.pop(number, None)
        cards = self.pending_cards.pop(number, None)
        if amend is not None:
            old = self.deals[number]
            level = amend["level"]
            entered_by = amend["entered_by"]
            self.deals[number] = replace(
                old,
                record=amend["record"],
                ruling=with_kind(self.game.name, payload["ruling"]),
                scores=payload["scores"],
                amended=True,
                scored_seq=event.seq,
                corrections=(*old.corrections, amend["note"]),
                level=level,
                entered_by=entered_by,
                # An event's organiser rules on a deal at its table (docs/events.md E11): the
                # amendment stands as ruled; anyone else's waits for the other side again.
                agreement="ruled" if entered_by == ORGANISER else "provisional",
                agreed_by=ORGANISER if entered_by == ORGANISER else None,
                claims=self._entry_claims(level, amend["record"], payload, entered_by),
                entered_at={},  # its record is the amendment's, entered whole
                imported=None,
            )
        elif cards is not None:  # the cards of a deal entered as a sheet or disputed rule it
            old = self.deals[number]
            earlier = SupersededEntry(old.level, old.record, old.ruling, old.scores,
                                      old.entered_by, old.agreement)
            self.deals[number] = replace(
                old,
                record=cards["record"],
                ruling=with_kind(self.game.name, payload["ruling"]),
                scores=payload["scores"],
                scored_seq=event.seq,
                level="cards",
                agreement="ruled",
                agreed_by=cards.get("entered_by"),
                claims=tuple(Claim.read(c) for c in cards.get("claims", ())),
                superseded=(*old.superseded, earlier),
                changes=cards.get("changes"),
                entered_at=(self.current.entered_at if self.current is not None
                            and self.current.number == number else {}),
                imported=None,
            )
            if self.current is not None and self.current.number == number:
                self.current = None
        else:
            current = self.current
            record = current.record if current is not None else {}
            dealer = current.dealer if current is not None else payload.get("dealer", 0)
            level = current.level if current is not None else "cards"
            entered_by = payload.get("entered_by")
            self.deals[number] = DealEntry(
                number, dealer, record, with_kind(self.game.name, payload["ruling"]),
                payload["scores"],
                scored_seq=event.seq, level=level, entered_by=entered_by,
                claims=self._entry_claims(level, record, payload, entered_by),
                entered_at=current.entered_at if current is not None else {},
                imported=current.imported if current is not None else None,
            )
            self.current = None
        if self.undoable:  # the score goes with the entry that caused it
            self.undoable[-1] = (*self.undoable[-1], event.seq)

    def _join(self, principal: str) -> None:
        """The seat ``principal`` ("seat:Ann") has been taken up on its phone (docs/records.md)."""
        if principal.startswith("seat:"):
            player = principal[len("seat:"):]
            if player in self.seats and player not in self.joined:
                self.joined = (*self.joined, player)

    def _side(self, principal: str | None) -> str | None:
        if principal is None or not principal.startswith("seat:"):
            return None
        player = principal[len("seat:"):]
        return next((n for n in self.standing_names if player in n.split(" & ")), None)

    def _entry_claims(
        self, level: str, record: dict[str, Any], scored: dict[str, Any], by: str | None
    ) -> tuple[Claim, ...]:
        """A score sheet or totals entry is its side's claim until the cards rule the deal."""
        if level == "cards":
            return ()
        return (Claim(self._side(by), by, None, True, level, record, scored["scores"]),)

    def _auto_confirm(self) -> None:
        """A new deal starts: with ``auto_confirm`` in effect, every provisional deal before it
        is confirmed (by "auto"). A fold rule, not an event: it follows from the option and
        from whether seats had joined when the deal started, both in the ledger."""
        if not auto_confirm_on(self.options, self.joined):
            return
        for number, entry in self.deals.items():
            if entry.agreement == "provisional" and entry.status == "live":
                self.deals[number] = replace(entry, agreement="confirmed", agreed_by="auto")

    def _confirm_if_over(self) -> None:
        """The match has ended (Q9, P7): no next deal will start to confirm its last deals, so
        with ``auto_confirm`` in effect they confirm now (by "auto"), as each deal before them
        did when the next one started. Decided when the deal that ends the match is scored (or
        a void ends it), from the option and the seats joined then, like :meth:`_auto_confirm`;
        with it off, they wait for the other side, and the result says it is provisional."""
        if not auto_confirm_on(self.options, self.joined):
            return
        ordered = tuple(self.deals[n] for n in sorted(self.deals))
        if not self.game.outcome(ordered, self.players, self.options).finished:
            return
        self._auto_confirm()

    def _agreement(self, event: Event) -> None:
        payload = event.payload
        entry = self.deals[payload["deal"]]
        by = payload.get("entered_by")
        if event.kind == "deal_confirmed":
            self.deals[entry.number] = replace(entry, agreement="confirmed", agreed_by=by)
            return
        claim = payload.get("claim")
        claims = entry.claims
        imported = payload.get("imported")  # a dispute read from a record file
        broken = payload.get("violations")  # a deal recorded with the rules broken
        if claim is not None or payload.get("reason") or imported is not None:
            claims = (*claims, Claim.read({**(claim or {}), "side": self._side(by),
                                           "entered_by": by, "reason": payload.get("reason"),
                                           "entry": False, "imported": imported,
                                           "violations": broken or None}))
        self.deals[entry.number] = replace(entry, agreement="disputed", agreed_by=by,
                                           claims=claims)

    def state(self) -> MatchState:
        """The match as the events so far make it (the same value until more are folded)."""
        if self._state is None:
            self._state = self._make_state()
        return self._state

    def _settle(self, ordered: tuple[DealEntry, ...]) -> _Settled:
        """What the finished deals ``ordered`` decide (:class:`_Settled`)."""
        game, players, options = self.game, self.players, self.options
        standings = dict.fromkeys(self.standing_names, 0)
        agreed = dict(standings)
        totals: list[dict[str, int]] = []
        last_live = None
        for entry in ordered:
            if entry.status == "live":
                last_live = entry
                for name, points in entry.scores.items():
                    standings[name] = standings.get(name, 0) + points
                    if entry.agreement in ("confirmed", "ruled"):
                        agreed[name] = agreed.get(name, 0) + points
            totals.append(dict(standings))
        outcome = game.outcome(ordered, players, options)
        disputed = [d.number for d in ordered if d.status == "live" and d.agreement == "disputed"]
        withheld = None
        if disputed and outcome.finished:
            which = ", ".join(str(n) for n in disputed)
            what = game.laws.match
            withheld = (f"Deal {which} is disputed: the {what} is settled once its cards are "
                        "entered and ruled (or the dispute is undone).")
            outcome = replace(outcome, winner=None, drawn=False, settlement=None)
        provisional = [d.number for d in ordered
                       if d.status == "live" and d.agreement == "provisional"]
        if outcome.settlement is not None:  # shown, marked while a deal is not yet agreed
            outcome = replace(outcome, settlement=outcome.settlement.marked(provisional))
        # The next new deal: its number (after every deal, voided or not) and its dealer.
        next_number = (ordered[-1].number if ordered else 0) + 1
        if last_live is not None and last_live.ruling.get("misdeal"):
            new_dealer = last_live.ruling["next_dealer"]  # P10: the misdeal option says
        elif last_live is not None:
            named = game.dealer_after(ordered, players, options)  # PT 16
            new_dealer = named if named is not None else game.next_dealer(
                last_live.dealer, players, options)
        else:
            new_dealer = game.first_dealer(players, options)
        next_deal = None if outcome.finished else {
            "number": next_number, **game.roles(new_dealer, players)}
        return _Settled(ordered, players, dict(options), standings, agreed, tuple(totals),
                        outcome, withheld, next_number, new_dealer, next_deal)

    def _make_state(self) -> MatchState:
        game, players, options, current = self.game, self.players, self.options, self.current
        ordered = tuple(self.deals[n] for n in sorted(self.deals))
        settled = self._settled
        if settled is None or not settled.holds(ordered, players, options):
            settled = self._settled = self._settle(ordered)
        outcome, new_dealer, next_number = (settled.outcome, settled.new_dealer,
                                            settled.next_number)
        next_dealer = current.dealer if current is not None else new_dealer
        check: StepCheck | None = None
        if outcome.finished and current is None:
            nxt = Next("none")
        elif current is not None:
            check = self._known_check or game.check_step(
                current.record, current.dealer, players, options)
            nxt = _placed(check.next, game, current.number, current.record, players)
        else:  # the next deal: who bids or leads first (a deal_started step is optional)
            empty = game.new_record(next_dealer, players, options)
            check = game.check_step(empty, next_dealer, players, options)
            nxt = _placed(check.next, game, next_number, empty, players)
        return MatchState(
            game=game.name,
            players=players,
            options=options,
            rules_version=self.rules_version,
            version=self.version,
            deals=ordered,
            current=current,
            standings=dict(settled.standings),
            outcome=outcome,
            next=nxt,
            next_dealer=next_dealer,
            last_undoable=self.undoable[-1] if self.undoable else (),
            last_undoable_by=(self.entered.get(self.undoable[-1][0])
                              if self.undoable else None),
            seats=self.seats,
            withheld=settled.withheld,
            joined=self.joined,
            head=self.head,
            check=check,
            current_undos=(len(self.undoable) - bisect_left(self.undoable, current.first_seq,
                                                            key=itemgetter(0))
                           if current is not None else 0),
            next_number=next_number,
            next_deal=(None if settled.next_deal is None
                       else dict(settled.next_deal)),
            roles=game.roles(next_dealer, players),
            deal_number=current.number if current is not None else next_number,
            agreed=dict(settled.agreed),
            totals=settled.totals,
        )


# How each kind of event is folded (the kinds of docs/records.md; others change nothing).
_FOLDS: dict[str, Callable[[Fold, Event, bool], None]] = {
    "deal_started": Fold._deal_started,
    "bid": Fold._step,
    "exchange": Fold._step,
    "declaration": Fold._step,
    "card": Fold._step,
    "deal_recorded": Fold._deal_recorded,
    "irregularity": Fold._irregularity,
    "deal_cards_recorded": Fold._deal_cards_recorded,
    "deal_confirmed": Fold._agreed,
    "deal_disputed": Fold._agreed,
    "seats_issued": Fold._seats_issued,
    "seat_joined": Fold._seat_joined,
    "deal_scored": Fold._deal_scored,
    "deal_voided": Fold._deal_voided,
    "deal_amended": Fold._deal_amended,
}


def _voids(events: Sequence[Event]) -> set[int]:
    """The seqs the undos among ``events`` take back."""
    return {seq for e in events if e.kind == "undo" for seq in e.payload["voids"]}


def _placed(nxt: Next, game: Game, number: int, record: dict[str, Any],
            players: Sequence[str]) -> Next:
    """``nxt`` with the place (``at``) of the bid or card it asks for in deal ``number``."""
    if nxt.action == "bid":
        at = {"deal": number, "bid": game.next_place(record, players)["bid"]}
    elif nxt.action == "card":
        place = game.next_place(record, players)
        at = {"deal": number, "trick": place["trick"], "position": place["position"]}
    else:
        return nxt
    # as dataclasses.replace(nxt, at=at) makes it, without its look-up of every field
    return Next(nxt.action, nxt.player, nxt.seat, nxt.role, nxt.legal_calls, nxt.legal_cards,
                nxt.also, at)


def _entered(entered_at: dict[tuple[Any, ...], str | None], record: dict[str, Any],
             by: str | None) -> dict[tuple[Any, ...], str | None]:
    """A deal in progress's ``entered_at`` (see :class:`InProgress`) noting who entered the
    bid and the card its last step put in ``record`` (a card taken back puts none): the same
    dict when there is nothing new."""
    bids, tricks = record.get("bids") or [], record.get("tricks") or []
    places: list[tuple[Any, ...]] = []
    if bids:
        places.append(("bid", len(bids)))
    if tricks and tricks[-1]:
        places.append(("card", len(tricks), len(tricks[-1])))
    new = {place: by for place in places if place not in entered_at}
    return {**entered_at, **new} if new else entered_at

