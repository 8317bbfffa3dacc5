"""The two games as the ledger sees them: options, dealers, steps, rulings, the match's end.

Each adapter turns the engines' rulings (:mod:`referee.piquet`, :mod:`referee.pitch`) into
what a match needs: points per player (or team), whose turn it is, and when the match ends —
the Piquet partie (Q1, Q9) or the Pitch target (P2, P7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from typing import Any

from referee import piquet, pitch
from referee.cards import card_names, parse_card
from referee.match.events import Event
from referee.match.irregularities import AnywayRuling, Entry, IrregularityNote, TableRuling
from referee.match.state import (
    AlsoStep,
    Comparison,
    DealEntry,
    DealRuling,
    ElectionRefused,
    Laws,
    MatchError,
    MatchSettlement,
    Next,
    Outcome,
    Redeal,
    ScoresComparison,
    StepCheck,
    StepRefused,
    StepResult,
)
from referee.penalties import CHOICES, renamed
from referee.piquet.exchange import STANDING_DEALS
from referee.piquet.irregular import (
    DEALING_CODES,
    answered_lead,
    deal_out_of_turn_irregularity,
    exposed_in_dealing_irregularity,
    faced_card_irregularity,
    long_hand_irregularity,
    short_hand_irregularity,
    talon_offence_irregularity,
    wrong_deal_irregularity,
)
from referee.piquet.records import TAKEN_IN
from referee.pitch.irregular import penalty_of as pitch_penalty_of
from referee.pitch.records import check_players
from referee.rulings import ClaimComparison, Difference
from referee.violations import InputError, RecordError, Violation, said

ROLES = ("elder", "younger")

#: Irregularities recorded anyway that no engine rules itself (docs/rules/irregularities.md
#: P10, Q12): for each kind, the penalties a table may choose in its ``irregularities``
#: option, the default first. The same for both games:
#:
#: - ``withdrawn``: the step is taken back and the play goes on as though it had not happened
#:   (a lead out of turn, PT 59 III: "the card led may be taken up"; a card out of turn within
#:   a trick). Nothing is scored for it; the ledger notes it.
#: - ``void``: the deal is void and dealt again (where no law gives a penalty).
#: - ``as_played``: the step stands and the deal is scored as played, the irregularity noted.
#:
#: What the engines record are theirs: Pitch (P10) revokes, bids and leads out of turn,
#: misdeals by the table's ``revoke_penalty``, ``bid_out_of_turn``, ``lead_out_of_turn``,
#: ``misdeal`` options (Foster's Complete Hoyle 1897, Britannica 1929); Piquet (Q12) a revoke
#: by the ``revoke`` option — "replay" (PT 59 IV: the play from the revoking trick on is taken
#: back, the event carrying the record without it, and recorded again), "reckon_nothing" or
#: "void" (listed in the record's ``irregular``, the deal played out) — and a call of what one
#: does not hold under ``false_call`` (PT 52–54).
PENALTIES: dict[str, tuple[str, ...]] = {
    kind: CHOICES[f"irregularities.{kind}"] for kind in ("out_of_turn", "other")}

#: Piquet's elections (Q12): where a law gives elder the choice of a fresh deal or playing on
#: — a card of his or of the talon exposed in dealing (``exposed_in_dealing``, PT 13), hands
#: dealt one card wrong (``misdeal``, PT 11, 40–43) — the step may carry his ``election``;
#: these are its defaults, the first unless the table's ``irregularities`` option names the
#: other.
PIQUET_PENALTIES: dict[str, tuple[str, ...]] = {
    **PENALTIES,
    **{kind: CHOICES[f"irregularities.{kind}"] for kind in ("exposed_in_dealing", "misdeal")},
}

#: A wrong number of cards dealt (Q2): hands of the wrong size, or a talon not of eight.
MISDEAL_VIOLATIONS = ("hand_size", "talon_size")

#: Piquet's sections and words (Q1 players, Q6 play, Q9 the partie, Q12 irregularities); a
#: misdeal is dealt afresh by the same dealer (PT 10–14, 39–43), a card out of turn taken up
#: (PT law 59). A revoke taken back (PT 59 IV) was stored as ``withdrawn`` by older versions;
#: it is read as ``replay``, the ``revoke`` option's name (:data:`referee.penalties.PENALTIES`).
PIQUET_LAWS = Laws(players="Q1", end="Q9", irregularities="Q12", bid_turn="Q6",
                   card_turn="Q6", deal="deal", match="partie", misdeal="PT 10–14, 39–43",
                   withdrawn="PT law 59", penalties=PIQUET_PENALTIES, incorrect_pack="PT 75",
                   pack_dealer="the cut for deal holds good, PT 6",
                   renamed=renamed("piquet"), amend_until_next_deal="PT 70")

#: Pitch's sections and words (P1 players, P3 bidding, P4 play, P7 the match's end, P10
#: irregularities).
PITCH_LAWS = Laws(players="P1", end="P7", irregularities="P10", bid_turn="P3", card_turn="P4",
                  deal="hand", match="match", misdeal="P10",
                  withdrawn="P10: cancelled and the order restored", penalties=PENALTIES,
                  incorrect_pack="P10: a new deal")


def _deals_twice(upto: Sequence[DealEntry], players: Sequence[str]) -> bool:
    """PT 16: whether the elder hand of the last of the counted deals ``upto`` (a deal dealt
    out of turn) deals the next two: not when that deal or the next is the partie's last
    (Q9: six deals, eight when tied after six)."""
    first, second = players
    status = piquet.partie_status([(d.scores.get(first, 0), d.scores.get(second, 0))
                                   for d in upto])
    return len(upto) + 1 < status.deals_required


def _bad_option(message_code: str, location: str, **params: Any) -> MatchError:
    return MatchError([said(f"bad_option.{message_code}", "", location, **params)])


def _seat_of(players: Sequence[str], name: str, location: str) -> int:
    if name not in players:
        raise _bad_option("not_a_player", location, named=name)
    return list(players).index(name)


LEVELS = ("cards", "sheet", "totals")


def _scores_text(scores: dict[str, int]) -> str:
    return ", ".join(f"{name} {points}" for name, points in scores.items())


def compare_scores(ruled: DealRuling, claim_scores: dict[str, int]) -> ScoresComparison:
    """A claim beside a ruling by its points alone (a cards entry, or no engine comparison)."""
    agrees = all(claim_scores.get(n, 0) == p for n, p in ruled.scores.items())
    if agrees:
        return ScoresComparison(True)
    return ScoresComparison(False, Difference("scores", "", _scores_text(ruled.scores),
                                              _scores_text(claim_scores)))


def _noted(ruled: DealRuling, irregular: Sequence[IrregularityNote]) -> DealRuling:
    """The ruling with the irregularities recorded anyway listed (``recorded_anyway``); their
    violations no longer refuse the deal."""
    known = {found for n in irregular for found in n.acknowledged}
    left = tuple(v for v in ruled.violations if (v.code, v.location) not in known)
    return replace(ruled, violations=left, recorded_anyway=tuple(irregular))




def blocking(violations: Sequence[Violation], kind: str) -> tuple[Violation, ...]:
    """The violations that refuse a step of ``kind``. A declaration is refused for its own
    faults; but when the hands are unknown, an announcement the hand did not hold shows only
    once its cards are played, and the card that shows it is not at fault: that deal is
    scored as the rules score it (the announcement scores nothing, Q5) and its ruling lists
    the violation."""
    if kind == "declaration":
        return tuple(violations)
    return tuple(v for v in violations if not v.location.startswith("declarations."))


@dataclass(frozen=True, slots=True)
class Ruled:
    """A game's ruling (``engine``: the engine's value) of the deal ``record`` dealt by
    ``dealer`` among ``players`` under ``options``: what :meth:`StepRules.check_after` rules
    the next card from."""

    record: dict[str, Any]
    dealer: int
    players: tuple[str, ...]
    options: dict[str, Any]
    engine: object

    def of(self, record: dict[str, Any], dealer: int, players: Sequence[str],
           options: dict[str, Any]) -> bool:
        """Whether this is the ruling of ``record`` dealt so (the same values)."""
        return (dealer == self.dealer and tuple(players) == self.players
                and (record is self.record or record == self.record)
                and (options is self.options or options == self.options))


_ABSENT = object()


def _added_card(record: dict[str, Any], new: dict[str, Any], size: int) -> Any:
    """The card ``new`` adds to the deal ``record`` when that is all it changes — the next
    card of the trick in progress (the last trick, holding fewer than ``size`` cards), or
    the lead of a new trick (the last one full, or none yet) —, else None."""
    tricks, old = new.get("tricks"), record.get("tricks") or []
    if not isinstance(tricks, list) or not tricks or not isinstance(old, list) \
            or len(new) - len(record) != ("tricks" not in record):
        return None
    for key, value in new.items():
        if key != "tricks" and record.get(key, _ABSENT) is not value:
            return None
    last = tricks[-1]
    if not isinstance(last, list) or not last:
        return None
    if old and isinstance(old[-1], list) and len(old[-1]) < size:  # the trick in progress
        if len(tricks) != len(old) or last[:-1] != old[-1] or tricks[:-1] != old[:-1]:
            return None
    elif len(tricks) != len(old) + 1 or len(last) != 1 or tricks[:-1] != old:
        return None
    return last[-1]


class StepRules:
    """A game's steps as check / ask / apply (like pokerkit's verify_x / can_x / x), each
    built on :meth:`rule_step`, which applies a step and rules the deal once; and a deal
    entered whole at one of :data:`LEVELS`, ruled (:meth:`rule_entry`) and compared with its
    cards (:meth:`compare`). The game supplies ``apply_step``, ``check_step``, ``rule`` (the
    cards), ``rule_line`` and ``compare_line`` (a score sheet or totals)."""

    def apply_step(
        self, record: dict[str, Any], event: Event, players: Sequence[str]
    ) -> dict[str, Any]:
        raise NotImplementedError

    def rule(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> DealRuling:
        raise NotImplementedError

    def rule_line(
        self, level: str, record: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        raise NotImplementedError

    def compare_line(
        self, cards: dict[str, Any], level: str, claim: dict[str, Any], dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> ClaimComparison:
        raise NotImplementedError

    def csv_columns(self, options: dict[str, Any]) -> list[str]:
        """The names of the columns the game adds to each row of the ledger's CSV (none)."""
        return []

    def csv_cells(self, ruling: dict[str, Any], players: Sequence[str],
                  options: dict[str, Any]) -> list[str]:
        """A deal's cells in :meth:`csv_columns`, from its ``ruling`` (as stored)."""
        return []

    def rule_entry(
        self, level: str, record: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        """A deal entered as cards (:meth:`rule`), a score sheet or totals
        (:meth:`rule_line`), points per player or team.

        :raises RecordError: the record cannot be read.
        """
        if level == "cards":
            return self.rule(record, dealer, players, options)
        return self.rule_line(level, record, dealer, players, options)

    def compare(
        self, cards: dict[str, Any], ruled: DealRuling, level: str, claim: dict[str, Any],
        claim_scores: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> Comparison:
        """A claim (an entry at ``level`` with its points ``claim_scores``) beside the cards'
        ruling ``ruled``: by its points alone for cards, else in the game's counting order
        (:meth:`compare_line`)."""
        if level == "cards":
            return compare_scores(ruled, claim_scores)
        return self.compare_line(cards, level, claim, dealer, players, options)

    def check_step(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> StepCheck:
        raise NotImplementedError

    def rule_step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepResult:
        """``event`` applied to the deal ``record`` (whose check is ``before``) and ruled:
        the violations it brings (not already in ``before``) that refuse it are
        ``blocking``. :raises MatchError: a step out of place (``apply_step``)."""
        new_record = self.apply_step(record, event, players)
        after = self.check_after(record, new_record, before, dealer, players, options)
        fresh = [v for v in after.violations if v not in before.violations]
        return StepResult(new_record, after, blocking(fresh, event.kind))

    def check_after(
        self, record: dict[str, Any], new_record: dict[str, Any], before: StepCheck,
        dealer: int, players: Sequence[str], options: dict[str, Any],
    ) -> StepCheck:
        """:meth:`check_step` of ``new_record``, the deal ``record`` (whose check is
        ``before``) with one step more; a game may rule a card alone from ``before.ruled``,
        to the same check."""
        return self.check_step(new_record, dealer, players, options)

    def verify_step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> None:
        """Refuse a step the rules do not allow.
        :raises RecordError: its violations. :raises MatchError: a step out of place."""
        self.step(record, event, before, dealer, players, options)

    def can_step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> bool:
        """Whether the rules allow the step (:meth:`verify_step` would not raise)."""
        try:
            return not self.rule_step(record, event, before, dealer, players, options).blocking
        except MatchError:
            return False

    def step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepResult:
        """The step applied and ruled once, when the rules allow it.
        :raises StepRefused: its blocking violations (with the step ruled);
        :raises RecordError: the record with it cannot be read; :raises MatchError: out of
        place."""
        done = self.rule_step(record, event, before, dealer, players, options)
        if done.blocking:
            raise StepRefused(done)
        return done


class PiquetGame(StepRules):
    """Piquet for the ledger: players[0] and players[1]; the dealer is younger hand (Q1)."""

    name = "piquet"
    laws = PIQUET_LAWS

    def normalize_options(self, players: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        """lead_point, cards_count_for_pique (Q6, Q7), stake and currency (Q9), first_dealer.

        :raises MatchError: two players are needed; an option is out of range.
        """
        if len(players) != 2:
            raise MatchError(
                [said("player_count.piquet", "Q1", "players")]
            )
        lead_point = options.get("lead_point", "every")
        if lead_point not in ("every", "ten_or_higher"):
            raise _bad_option("lead_point", "options.lead_point")
        cards_count = options.get("cards_count_for_pique", True)
        stake = options.get("stake")
        if stake is not None:
            try:
                stake = str(Decimal(str(stake)))
            except InvalidOperation:
                raise _bad_option("stake", "options.stake") from None
            if Decimal(stake) < 0:
                raise _bad_option("stake.negative", "options.stake")
        first_dealer = options.get("first_dealer", players[1])
        _seat_of(players, first_dealer, "options.first_dealer")
        revoke = options.get("revoke", "replay")
        if revoke not in ("replay", "reckon_nothing", "void"):
            raise _bad_option("revoke", "options.revoke")
        false_call = options.get("false_call", "reckon_nothing")
        if false_call not in ("reckon_nothing", "call_only"):
            raise _bad_option("false_call", "options.false_call")
        long_hand = options.get("long_hand", "reckon_nothing")
        if long_hand not in ("reckon_nothing", "void"):
            raise MatchError([said("bad_option.long_hand", "Q12", "options.long_hand")])
        talon_offence = options.get("talon_offence", "reckon_nothing")
        if talon_offence not in ("reckon_nothing", "fresh_deal"):
            raise MatchError([said("bad_option.talon_offence", "Q12", "options.talon_offence")])
        return {
            "lead_point": lead_point,
            "cards_count_for_pique": bool(cards_count),
            "stake": stake,
            "currency": options.get("currency"),
            "first_dealer": first_dealer,
            "revoke": revoke,
            "false_call": false_call,
            "long_hand": long_hand,
            "talon_offence": talon_offence,
        }

    def standing_names(self, players: Sequence[str], options: dict[str, Any]) -> list[str]:
        """Both players."""
        return list(players)

    def first_dealer(self, players: Sequence[str], options: dict[str, Any]) -> int:
        """The player who won the cut chose (option first_dealer; default the second player)."""
        return list(players).index(options["first_dealer"])

    def next_dealer(self, dealer: int, players: Sequence[str], options: dict[str, Any]) -> int:
        """The deal alternates (Q1)."""
        return 1 - dealer

    def new_record(
        self, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> dict[str, Any]:
        """An empty Piquet deal record."""
        return {"tricks": []}

    @staticmethod
    def _engine_options(options: dict[str, Any]) -> piquet.PiquetOptions:
        return piquet.PiquetOptions(
            lead_point=options["lead_point"],
            cards_count_for_pique=options["cards_count_for_pique"],
            revoke=options.get("revoke", "replay"),
            false_call=options.get("false_call", "reckon_nothing"),
            long_hand=options.get("long_hand", "reckon_nothing"),
            talon_offence=options.get("talon_offence", "reckon_nothing"),
        )

    @staticmethod
    def _role_seats(dealer: int) -> dict[str, int]:
        return {"younger": dealer, "elder": 1 - dealer}

    def roles(self, dealer: int, players: Sequence[str]) -> dict[str, str]:
        """Q1: the dealer is younger hand, the other elder."""
        seats = self._role_seats(dealer)
        return {"dealer": players[dealer], "elder": players[seats["elder"]],
                "younger": players[seats["younger"]]}

    def next_place(self, record: dict[str, Any], players: Sequence[str]) -> dict[str, int]:
        """Where the next card goes (Q6): a trick is two cards; once a hand of fewer than
        twelve is recorded (PT 57) each card is a trick of its own. Piquet has no bids."""
        tricks = record.get("tricks") or []
        fresh = not tricks or len(tricks[-1]) == 2 or self._short(record)
        return {"bid": 1, "trick": len(tricks) + 1 if fresh else len(tricks),
                "position": 1 if fresh else len(tricks[-1]) + 1}

    def apply_step(
        self, record: dict[str, Any], event: Event, players: Sequence[str]
    ) -> dict[str, Any]:
        """Add a deal_started (dealt, talon), exchange, declaration or card to the record."""
        payload = event.payload
        new = dict(record)
        if event.kind == "deal_started":
            for key in ("dealt", "talon"):
                if payload.get(key) is not None:
                    new[key] = payload[key]
        elif event.kind == "exchange":
            self._before_play(record)
            exchange = dict(record.get("exchange") or {})
            exchange.update({r: payload[r] for r in ROLES if payload.get(r) is not None})
            new["exchange"] = exchange
        elif event.kind == "declaration":
            role = payload["role"]
            declarations = dict(record.get("declarations") or {})
            self._check_declaration_time(record, role, declarations)
            mode = payload.get("announced", "as_announced")
            announced = {
                k: payload.get(k) for k in ("point", "sequence", "sets", "carte_blanche")
                if payload.get(k) is not None and mode == "as_announced"
            }
            try:
                piquet.check_announcement(announced, f"declarations.{role}")
            except InputError as unread:  # a slip of the pen, at the step's own field
                raise InputError(replace(v, location=v.location.removeprefix(
                    f"declarations.{role}.")) for v in unread.violations) from None
            # Q5: "best" scores his best, as when nothing is recorded; "none" announces nothing
            declarations[role] = "best" if mode == "best" else announced
            new["declarations"] = declarations
        elif event.kind == "card":
            tricks = [list(t) for t in record.get("tricks", [])]
            if self.next_place(record, players)["position"] == 1:
                tricks.append([])
            tricks[-1].append(payload["card"])
            new["tricks"] = tricks
        else:
            raise MatchError([said("bad_step.piquet", "", kind=event.kind)])
        return new

    def rule_step(
        self, record: dict[str, Any], event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepResult:
        """:meth:`StepRules.rule_step`, a new exchange first checked by
        :meth:`_discard_fixed` (PT 24). Stored steps are folded by ``apply_step`` alone, so a
        ledger recorded before this check still reads as it was recorded.

        :raises MatchError: a step out of place; ``discard_fixed`` (Q4, PT 24)."""
        if event.kind == "exchange":
            self._discard_fixed(record.get("exchange") or {}, event.payload)
            if self._altered_by_pt32(record.get("exchange") or {}, event.payload):
                done = super().rule_step(record, event, before, dealer, players, options)
                return replace(done, law="PT 32")
        return super().rule_step(record, event, before, dealer, players, options)

    @staticmethod
    def _discard_fixed(exchange: dict[str, Any], payload: dict[str, Any]) -> None:
        """PT 24: once a player has taken up a talon card his discard cannot be altered; an
        exchange step records the discard and the cards taken together, so a second one for
        the same hand is refused (undo the exchange to correct a slip of the pen) — but for
        younger's discard altered under PT 32 (:meth:`_altered_by_pt32`).

        :raises MatchError: code ``discard_fixed`` (Q4) at the role's field.
        """
        for role in ROLES:
            if role == "younger" and PiquetGame._altered_by_pt32(exchange, payload):
                continue
            if payload.get(role) is not None and role in exchange:
                raise MatchError([said("discard_fixed", "Q4", role, hand=role)])

    @staticmethod
    def _altered_by_pt32(exchange: dict[str, Any], payload: dict[str, Any]) -> bool:
        """PT 32: elder leaving cards must say how many he takes; if he did not, younger,
        finding more than three on touching the stock, may alter his discard and take them.
        True when the step sends younger's exchange again, taking more than his recorded one
        (which took three at most) and no more than elder left; elder's exchange alone stays
        fixed (PT 24)."""
        old, new, elder = (exchange.get("younger"), payload.get("younger"),
                           exchange.get("elder"))
        if old is None or new is None or elder is None or payload.get("elder") is not None:
            return False
        left = 8 - len(elder)
        return left > 3 and len(old) <= 3 and len(old) < len(new) <= left

    @staticmethod
    def _short(record: dict[str, Any]) -> bool:
        """PT 57: a hand of fewer than twelve cards recorded (when he had no card to play):
        every card after it is a trick of its own, a card that cannot be played to."""
        return any(isinstance(i, dict) and i.get("code") == "short_hand"
                   for i in record.get("irregular") or ())

    def card_holder(
        self, record: dict[str, Any], card: Any, dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> str | None:
        """PT 59 III by :func:`referee.piquet.holder_of`: the player whose hand after the
        exchange is known and holds ``card``, not yet played; None when no known hand holds
        it or the card cannot be read."""
        try:
            role = piquet.holder_of(self._declared(record), parse_card(str(card)))
        except ValueError:  # a card or a record that cannot be read: nobody is known
            return None
        return None if role is None else players[self._role_seats(dealer)[role]]

    def record_irregularity(
        self, record: dict[str, Any], what: Any, seat: int | None, dealer: int,
        players: Sequence[str], options: dict[str, Any], cards: Sequence[str] | None = None,
        election: str | None = None,
    ) -> TableRuling:
        """Q12: an irregularity found at the table that is no refused step, added to the
        deal's record as the engine rules it: ``what`` is ``"talon_offence"`` (PT 27–29, 33,
        35; ``election``: the adversary's, PT 28–29), ``"long_hand"`` (more than twelve
        cards, PT 58; ``cards``: those he will never play, when known) or ``"short_hand"``
        (fewer than twelve, PT 57: record it when he has no card to play; from then on each
        card of the adversary is a trick of its own); or of the dealing
        (:meth:`_dealing_irregularity`): ``"exposed_in_dealing"`` (PT 13) and
        ``"faced_card"`` (PT 14).

        :raises MatchError: an unknown irregularity, no player named, or recorded twice.
        :raises RecordError: the record with it breaks the rules.
        """
        if what == "deal_out_of_turn":
            return self._dealt_out_of_turn(record, dealer, players, options, election)
        if what in DEALING_CODES:
            return self._dealing_irregularity(record, str(what), seat, dealer, players,
                                              options, election)
        if what not in piquet.TABLE_CODES:
            raise MatchError([said("bad_irregularity.piquet", "Q12", "what")])
        if election is not None and what != "talon_offence":
            raise MatchError([said(f"bad_irregularity.no_election.{what}", "Q12", "election")])
        if seat is None:
            raise MatchError([said("bad_irregularity.player", "Q12", "player")])
        role: piquet.Role = "younger" if seat == dealer else "elder"
        entry: Entry = {"code": what, "location": role}
        if election is not None:  # PT 28–29: the adversary's, kept for the deal's ruling
            entry["election"] = election
        earlier = list(record.get("irregular") or ())
        if any((e.get("code"), e.get("location")) == (what, role) for e in earlier):
            raise MatchError([said(f"bad_irregularity.twice.{what}", "Q12", "what",
                                   who=players[seat])])
        new = {**record, "irregular": [*earlier, entry]}
        if cards:
            if what != "long_hand":
                raise MatchError([said("bad_irregularity.unplayed", "Q12", "cards")])
            new["unplayed"] = {**(record.get("unplayed") or {}), role: list(cards)}
        self.check_step(new, dealer, players, options)  # raises when it cannot be read
        engine = self._engine_options(options)
        seats = self._role_seats(dealer)
        names: dict[piquet.Role, str] = {"elder": players[seats["elder"]],
                                         "younger": players[seats["younger"]]}
        if what == "long_hand":
            found = long_hand_irregularity(role, len(cards or ()), engine.long_hand, names)
        elif what == "short_hand":
            found = short_hand_irregularity(role, 0, names)
        else:
            found = talon_offence_irregularity(
                role, piquet.talon_offence_penalty(election, engine.talon_offence), names,
                elected=election is not None)
        return TableRuling(new, (entry,), found.penalty, found.said, found.law)

    def _dealt_out_of_turn(
        self, record: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any], election: str | None,
    ) -> TableRuling:
        """PT 16: the deal in progress was dealt by the other player, not by the match's
        dealer (seat ``dealer``). Recorded with nothing but the deal recorded (no exchange,
        declaration or card), it was found before either took up his cards: the deal is void
        and the right dealer deals ("fresh_deal"). Later, the deal stands with him the dealer
        (``"dealt_by"``: his seat; the steps are the roles as they really were), the record's
        ``irregular`` lists ``{"code": "deal_out_of_turn", "location": "younger"}``, and the
        elder hand of that deal deals the next two (:meth:`dealer_after`).

        :returns: as :meth:`record_irregularity`, with ``dealt_by`` when the deal stands.
        :raises MatchError: ``bad_irregularity`` — an election, or recorded twice.
        """
        if election is not None:
            raise MatchError([said("bad_irregularity.no_election.deal_out_of_turn", "Q12",
                                   "election")])
        entry = {"code": "deal_out_of_turn", "location": "younger"}
        earlier = list(record.get("irregular") or ())
        if entry in earlier:
            raise MatchError([said("bad_irregularity.twice", "Q12", "what")])
        actual = 1 - dealer
        seats = self._role_seats(actual)
        names: dict[piquet.Role, str] = {"elder": players[seats["elder"]],
                                         "younger": players[seats["younger"]]}
        early = not (record.get("exchange") or record.get("declarations")
                     or record.get("tricks"))
        if early:
            found = deal_out_of_turn_irregularity(True, names=names)
            return TableRuling(record, (), found.penalty, found.said, found.law)
        found = deal_out_of_turn_irregularity(False, names=names)
        new = {**record, "irregular": [*earlier, entry]}
        self.check_step(new, actual, players, options)  # raises when it cannot be read
        return TableRuling(new, (entry,), found.penalty, found.said, found.law,
                           dealt_by=actual)

    def dealer_after(
        self, deals: Sequence[DealEntry], players: Sequence[str], options: dict[str, Any]
    ) -> int | None:
        """PT 16: after a deal dealt out of turn and found late (its record's ``irregular``
        lists ``deal_out_of_turn``), its elder hand deals the next two deals — unless that
        deal or the next is the partie's last (Q9: the sixth, or the eighth when tied). The
        dealer of the deal after ``deals`` when this law names him, else None (the deal
        alternates, Q1)."""
        live = [d for d in deals if d.status == "live"]
        if len(live) < 2:
            return None
        wrong, after = live[-2], live[-1]
        if not any(isinstance(i, dict) and i.get("code") == "deal_out_of_turn"
                   for i in wrong.record.get("irregular") or ()):
            return None
        elder = 1 - wrong.dealer
        if after.dealer != elder or not _deals_twice(live[:-1], players):
            return None
        return elder

    def dealt_by(self, record: dict[str, Any], dealer: int, players: Sequence[str]) -> int:
        """PT 16: a whole deal whose record's ``irregular`` lists ``deal_out_of_turn`` (found
        late, it stands) was dealt by the other player; else by the match's ``dealer``."""
        out_of_turn = any(isinstance(i, dict) and i.get("code") == "deal_out_of_turn"
                          for i in record.get("irregular") or ())
        return 1 - dealer if out_of_turn else dealer

    def _dealing_irregularity(
        self, record: dict[str, Any], what: str, seat: int | None, dealer: int,
        players: Sequence[str], options: dict[str, Any], election: str | None,
    ) -> TableRuling:
        """An irregularity of the dealing (Q12):

        - ``"exposed_in_dealing"`` (PT 13): the dealer exposed a card; ``seat`` is the player
          it was dealt to (None: a talon card). The dealer's own: the deal stands, nobody
          elects. Elder's or a talon card: elder's ``election``, "fresh_deal" or "play_on"
          (None: the table's ``irregularities.exposed_in_dealing``, default "fresh_deal").
          The law states no time limit for his election: recorded at any time of the deal.
        - ``"faced_card"`` (PT 14): a card faced in the pack in dealing, or in the talon in
          taking in (once an exchange is recorded), before the play: a fresh deal must be
          made, no election.

        :returns: as :meth:`record_irregularity`; a fresh deal's penalty is "fresh_deal".
        :raises MatchError: ``bad_irregularity`` — a faced card once the play has begun, an
            election where the law gives none, or recorded twice.
        """
        if what == "faced_card" and record.get("tricks"):
            raise MatchError([said("bad_irregularity.faced_card_late", "Q12", "what")])
        seats = self._role_seats(dealer)
        names: dict[piquet.Role, str] = {"elder": players[seats["elder"]],
                                         "younger": players[seats["younger"]]}
        if what == "faced_card":
            if election is not None:
                raise MatchError([said("bad_irregularity.no_election.faced_card", "Q12",
                                       "election")])
            where = "talon" if record.get("exchange") else "pack"
            found = faced_card_irregularity(where)
        else:
            where = "talon" if seat is None else ("younger" if seat == dealer else "elder")
            if where == "younger" and election is not None:
                raise MatchError([said("bad_irregularity.own_card", "Q12", "election",
                                       who=players[dealer])])
            chosen = election or options.get("irregularities", {}).get(
                "exposed_in_dealing", PIQUET_PENALTIES["exposed_in_dealing"][0])
            found = exposed_in_dealing_irregularity(where, chosen, names)
        entry: Entry = {"code": what, "location": where}
        earlier = list(record.get("irregular") or ())
        if entry in earlier:
            raise MatchError([said("bad_irregularity.twice", "Q12", "what")])
        new = {**record, "irregular": [*earlier, entry]}
        self.check_step(new, dealer, players, options)  # raises when it cannot be read
        return TableRuling(new, (entry,), found.penalty, found.said, found.law)

    @staticmethod
    def _check_declaration_time(
        record: dict[str, Any], role: str, declarations: dict[str, Any]
    ) -> None:
        """Q5: elder announces before he leads, younger before he plays to the first trick;
        what is announced is not raised later (undo the declaration to correct a slip)."""
        tricks = record.get("tricks", [])
        played = sum(len(t) for t in tricks)
        if played > (0 if role == "elder" else 1):
            raise MatchError([said(f"declaration_too_late.{role}", "Q5", "role")])
        if role in declarations:
            raise MatchError([said("declared_twice", "Q5", "role", hand=role)])

    def _also(
        self, record: dict[str, Any], players: Sequence[str], dealer: int
    ) -> tuple[AlsoStep, ...]:
        """What the table may still record before the next card: the exchange
        before the first lead (Q4), elder's declarations before he leads and younger's before
        he plays to the first trick (Q5)."""
        played = sum(len(t) for t in record.get("tricks", []))
        declared = record.get("declarations") or {}
        seats = self._role_seats(dealer)
        also: list[AlsoStep] = []
        if played == 0 and not record.get("exchange"):
            also.append(AlsoStep("exchange"))
        for role, latest in (("elder", 0), ("younger", 1)):
            if played <= latest and role not in declared:
                also.append(AlsoStep("declaration", role, players[seats[role]]))
        return tuple(also)

    @staticmethod
    def _before_play(record: dict[str, Any]) -> None:
        if record.get("tricks"):
            raise MatchError(
                [said("exchange_too_late", "Q4")]
            )

    @staticmethod
    def declarations_used(record: dict[str, Any]) -> dict[str, str]:
        """How each role's declarations are scored (Q5): "as_announced" (what he
        announced), "none" (he announced nothing) or "best" (each his best: the old default
        when a record says nothing)."""
        declared = record.get("declarations")
        if declared is None or isinstance(declared, str):  # "none" | "best" for both
            return dict.fromkeys(ROLES, declared or "best")
        used = {}
        for role in ROLES:
            value = declared.get(role)
            if value is None or value == "best":
                used[role] = "best"
            elif value == "none" or value == {}:
                used[role] = "none"
            else:
                used[role] = "as_announced"
        return used

    @classmethod
    def _declared(cls, record: dict[str, Any]) -> piquet.PiquetDeal:
        """The record's deal for the engine, its declarations made explicit: "none" is an
        empty announcement, "best" leaves the role to announce his best (Q5).

        :raises RecordError: the record cannot be read.
        """
        declared = record.get("declarations")
        if isinstance(declared, str) or (
            isinstance(declared, dict) and any(isinstance(v, str) for v in declared.values())
        ):
            used = cls.declarations_used(record)
            explicit = declared if isinstance(declared, dict) else {}
            record = {**record, "declarations": {
                role: ({} if used[role] == "none" else explicit.get(role))
                for role in ROLES if used[role] != "best"
            }}
        return piquet.deal_from_record(record)

    def check_step(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> StepCheck:
        """The deal so far, ruled by :func:`referee.piquet.progress` (its
        :func:`~referee.piquet.stage`, kept in the check's ``ruled`` for the next card)."""
        found = piquet.stage(self._declared(record), self._engine_options(options))
        return self._checked(found, record, dealer, players, options)

    def check_after(
        self, record: dict[str, Any], new_record: dict[str, Any], before: StepCheck,
        dealer: int, players: Sequence[str], options: dict[str, Any],
    ) -> StepCheck:
        """A card added to the deal ``record`` is ruled alone
        (:func:`referee.piquet.play_card`, Q6) from ``before``'s ruling of that very record,
        when it was ruled so; anything else, as :meth:`check_step`."""
        ruled = before.ruled
        card = _added_card(record, new_record, 2)
        if card is not None and isinstance(ruled, Ruled) and ruled.of(
                record, dealer, players, options):
            named = piquet.card_named(card)
            if named is not None and isinstance(ruled.engine, piquet.PiquetStage):
                found = piquet.play_card(ruled.engine, named)
                return self._checked(found, new_record, dealer, players, options)
        return self.check_step(new_record, dealer, players, options)

    def _checked(
        self, stage: piquet.PiquetStage, record: dict[str, Any], dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepCheck:
        """The check of the deal ``record`` from the engine's ruling ``stage`` of it (Q6)."""
        found = stage.progress
        complete = found.phase == "complete"
        role = found.to_play
        seat = None
        if role is not None:
            seat = self._role_seats(dealer)[role]
        legal = tuple(card_names(found.legal_cards)) if found.legal_cards is not None else None
        if complete:
            nxt = Next("score")
        else:
            nxt = Next(
                "card",
                player=players[seat] if seat is not None else None,
                seat=seat,
                role=role,
                legal_cards=legal,
                also=self._also(record, players, dealer),
            )
        return StepCheck(complete, nxt, tuple(found.violations),
                         Ruled(record, dealer, tuple(players), options, stage))

    def rule(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> DealRuling:
        """The whole deal ruled by :func:`referee.piquet.rule_deal`; points per player."""
        ruling = piquet.rule_deal(self._declared(record), self._engine_options(options))
        seats = self._role_seats(dealer)
        scores = {players[seats[role]]: int(ruling.scores[role]) for role in piquet.ROLES}
        return DealRuling(ruling, scores, tuple(ruling.violations),
                          tuple((role, players[seats[role]]) for role in ROLES),
                          tuple(self.declarations_used(record).items()))

    def sheet_has_dealer(self, level: str) -> bool:
        """Piquet sheets and totals name roles, not the dealer."""
        return False

    def _engine_entry(self, level: str, record: dict[str, Any], options: dict[str, Any]) -> Any:
        """The engine's ruling on a sheet or totals record (Q3–Q8 as far as a line shows)."""
        engine_options = self._engine_options(options)
        if level == "sheet":
            return piquet.rule_sheet(piquet.sheet_from_record(record), engine_options)
        return piquet.rule_totals(piquet.totals_from_record(record), engine_options)

    def rule_line(
        self, level: str, record: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        """A deal entered as a score sheet or totals (roles → players).

        :raises RecordError: the record cannot be read.
        """
        ruling = self._engine_entry(level, record, options)
        seats = self._role_seats(dealer)
        scores = {players[seats[role]]: int(ruling.scores[role]) for role in ROLES}
        return DealRuling(ruling, scores, tuple(ruling.violations),
                          tuple((role, players[seats[role]]) for role in ROLES))

    def compare_line(
        self, cards: dict[str, Any], level: str, claim: dict[str, Any], dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> ClaimComparison:
        """A sheet or totals claim against the cards' ruling in the counting order of Q8."""
        cards_ruling = piquet.rule_deal(self._declared(cards), self._engine_options(options))
        seats = self._role_seats(dealer)
        names: dict[piquet.Role, str] = {r: players[seats[r]] for r in ("elder", "younger")}
        return piquet.compare_claim(cards_ruling, self._engine_entry(level, claim, options),
                                    names)

    def unknown_hands(
        self, record: dict[str, Any], dealer: int, players: Sequence[str],
    ) -> list[str]:
        """The players whose hand as dealt is not in the record's ``dealt`` (Q2)."""
        dealt = record.get("dealt") or {}
        seats = self._role_seats(dealer)
        return [players[seats[r]] for r in ROLES if not dealt.get(r)]

    def answer_lead(
        self, record: dict[str, Any], leader: str, lead: str, card: str, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> TableRuling | None:
        """PT 59 III: a lead out of turn "may be taken up, unless the adversary have played
        to the trick". The adversary's ``card`` played to the ``lead`` taken back: the trick
        ``[lead, card]`` stands, listed in the record's ``irregular`` as
        ``{"code": "lead_out_of_turn", "location": "tricks[i][0]"}`` (the engine reads the
        other player as its leader, PT 59 III).

        :raises MatchError: the trick breaks a rule of play (a card not held, a revoke).
        """
        tricks = [list(t) for t in record.get("tricks") or []]
        where = f"tricks[{len(tricks)}][0]"
        entry: Entry = {"code": "lead_out_of_turn", "location": where}
        new = {**record, "tricks": [*tricks, [lead, card]],
               "irregular": [*record.get("irregular", []), entry]}
        before = self.check_step(record, dealer, players, options)
        try:
            after = self.check_step(new, dealer, players, options)
        except RecordError as error:
            raise MatchError(error.violations) from None
        fresh = [v for v in after.violations if v not in before.violations]
        if fresh:
            raise MatchError(fresh)
        return TableRuling(new, (entry,), "as_played", answered_lead(leader, lead, card),
                           "PT 59 III")

    def record_anyway(
        self, record: dict[str, Any], kind: str, payload: dict[str, Any], seat: int | None,
        players: Sequence[str], options: dict[str, Any],
    ) -> AnywayRuling | None:
        """Q12 as the engine records it: the step applied and the violations it brings that
        the engine rules on. A revoke under ``revoke`` "replay" is put right (PT 59 IV): the
        record loses the revoking card and every card after it (the card that proved it
        included), which go back to the hands that played them (the record's ``retaken``),
        and the play is recorded again from the revoking trick. A revoke under
        "reckon_nothing" or "void" and a call of what one does not hold are listed in the
        record's ``irregular`` as ``{"code", "location"}``, the play going on as played, and
        the deal's ruling applies their penalty. None for the rest — a lead out of turn (PT
        59 III: taken up, the adversary not having played to it), a misdeal —, which the
        match's option rules. A hand of eleven or thirteen dealt is elder's election
        (:meth:`_wrong_deal`, PT 11, 40–43)."""
        dealer = int(payload.get("dealer", 0))
        if kind == "deal_started":
            stood = self._wrong_deal(record, payload, dealer, players, options)
            if stood is not None:
                return stood
        engine_options = self._engine_options(options)
        before = self.check_step(record, dealer, players, options)
        try:
            new = self.apply_step(record, Event(0, kind, payload), players)
            after = self.check_step(new, dealer, players, options)
        except (MatchError, RecordError):
            return None
        fresh = [v for v in after.violations if v not in before.violations]
        if kind == "exchange" and fresh and all(v.code == "exchange_count" for v in fresh):
            return self._exchange_anyway(record, new, fresh, dealer, players, engine_options,
                                         payload.get("election"))
        known = [v for v in fresh if v.code in piquet.IRREGULAR_CODES]
        if not known or len(known) != len(fresh):
            return None
        kinds = {piquet.IRREGULAR_CODES[v.code] for v in known}
        if "misdeal" in kinds or "lead_out_of_turn" in kinds:
            return None
        if kinds == {"revoke"} and engine_options.revoke == "replay":
            return self._replay(new, known, engine_options)
        entries: list[Entry] = [{"code": v.code, "location": v.location} for v in known]
        new = {**new, "irregular": [*new.get("irregular", []), *entries]}
        deal = self._declared(new)
        penalties, consequences = [], []
        for v in known:
            if v.code == "revoke":
                found = piquet.revoke_of(deal, v.location, engine_options)
            else:  # PT 52–54, decided by the engine as its ruling will (case of a misnomer)
                found = piquet.false_call_of(deal, v.location, engine_options)
            penalties.append(found.penalty)
            consequences.append(found.said)
        return AnywayRuling(new, tuple(entries),
                            tuple(piquet.IRREGULAR_CODES[v.code] for v in known),
                            tuple(penalties), tuple(consequences), tuple(known))

    def _wrong_deal(
        self, record: dict[str, Any], payload: dict[str, Any], dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> AnywayRuling | None:
        """PT 11, 40–43: hands dealt one card wrong (elder 11 or 13, or 12 with 7 in the
        talon; both hands sent) are elder's election, the step's ``election`` or else the
        table's ``irregularities.misdeal`` (default "fresh_deal"): a fresh deal by the same
        dealer, or "play_on" — the deal stands (the record's ``irregular`` lists
        ``{"code": "deal_stands", "location": "elder"}``) and each discards so as to play
        with twelve. None for any other deal: more than one card wrong is a fresh deal
        whatever he elects (PT 12), ruled as every misdeal."""
        dealt = payload.get("dealt")
        if not isinstance(dealt, dict) or set(dealt) != set(ROLES) \
                or not all(isinstance(dealt[r], list) for r in ROLES):
            return None
        sizes: dict[piquet.Role, int] = {"elder": len(dealt["elder"]),
                                          "younger": len(dealt["younger"])}
        law = STANDING_DEALS.get((sizes["elder"], sizes["younger"]))
        talon = payload.get("talon")
        taken_in = payload.get("election") == TAKEN_IN
        if taken_in and sizes["elder"] not in (11, 13):  # PT 39 is elder's 11 or 13
            raise ElectionRefused([said("bad_irregular.taken_in", "Q12", "election",
                                   n=sizes["elder"])])
        if taken_in and law is None and sizes == {"elder": 11, "younger": 14}:
            return self._taken_in_fresh_deal(record, payload, dealer, players, options, sizes)
        if law is None or (isinstance(talon, list) and len(talon) != law[1]):
            return None
        misdealt = self._misdealt(record, payload, dealer, players, options)
        if misdealt is None:
            return None  # nothing wrong to elect on, or not a misdeal
        new, violations = misdealt
        election = payload.get("election") or options.get("irregularities", {}).get(
            "misdeal", PIQUET_PENALTIES["misdeal"][0])
        seats = self._role_seats(dealer)
        names: dict[piquet.Role, str] = {r: players[seats[r]] for r in ("elder", "younger")}
        item = wrong_deal_irregularity(sizes, election, names)
        found = AnywayRuling(record, (), ("misdeal",), (item.penalty,), (item.said,),
                             tuple(violations))
        if election not in ("play_on", TAKEN_IN):
            return found
        entry: Entry = {"code": "deal_stands", "location": "elder"}
        if taken_in:  # PT 39: kept for the exchange's count and the deal's ruling
            entry["election"] = TAKEN_IN
        stood = {**new, "irregular": [*(new.get("irregular") or ()), entry]}
        try:
            self.check_step(stood, dealer, players, options)
        except (MatchError, RecordError):
            return None
        return replace(found, record=stood, entries=(entry,))

    def _taken_in_fresh_deal(
        self, record: dict[str, Any], payload: dict[str, Any], dealer: int,
        players: Sequence[str], options: dict[str, Any], sizes: dict[piquet.Role, int],
    ) -> AnywayRuling | None:
        """PT 39: elder dealt 11 (younger 14, seven in the talon) took in without announcing
        it: there must be a fresh deal. None when the deal is not refused as a misdeal."""
        misdealt = self._misdealt(record, payload, dealer, players, options)
        if misdealt is None:
            return None
        seats = self._role_seats(dealer)
        names: dict[piquet.Role, str] = {r: players[seats[r]] for r in ("elder", "younger")}
        item = wrong_deal_irregularity(sizes, TAKEN_IN, names)
        return AnywayRuling(record, (), ("misdeal",), (item.penalty,), (item.said,),
                            tuple(misdealt[1]))

    def _misdealt(
        self, record: dict[str, Any], payload: dict[str, Any], dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> tuple[dict[str, Any], list[Violation]] | None:
        """The record with the ``deal_started`` step ``payload`` applied and the misdeal
        violations (Q2: :data:`MISDEAL_VIOLATIONS`) it is refused with; None when it is not
        refused, or refused for something else."""
        new = self.apply_step(record, Event(0, "deal_started", payload), players)
        try:
            self.check_step(new, dealer, players, options)
            return None
        except RecordError as refused:
            if refused.violations[0].code not in MISDEAL_VIOLATIONS:
                return None
            return new, list(refused.violations)

    def _exchange_anyway(
        self, record: dict[str, Any], new: dict[str, Any], counts: Sequence[Violation],
        dealer: int, players: Sequence[str], engine_options: piquet.PiquetOptions,
        election: str | None = None,
    ) -> AnywayRuling | None:
        """An exchange of the wrong number of cards as the laws rule it
        (:func:`referee.piquet.exchange_irregularity`): a discard of none is taken back, the
        record left as it was (PT 21, 22: no penalty, he must discard); taking in the
        adversary's talon cards is a talon offence (PT 27–29) under ``talon_offence``, listed
        in the record's ``irregular`` with the exchange as recorded (``"fresh_deal"``: the
        deal ends). None when it is neither (the match's option rules it)."""
        seats = self._role_seats(dealer)
        names: dict[piquet.Role, str] = {r: players[seats[r]] for r in ("elder", "younger")}
        deal = self._declared(new)
        found = [piquet.exchange_irregularity(deal, v.location, engine_options.talon_offence,
                                              names, election) for v in counts]
        if any(item is None for item in found):
            return None
        items = [item for item in found if item is not None]
        first = next((i for i in items if i.kind == "no_discard"), items[0])
        if first.kind == "no_discard":
            return AnywayRuling(record, (), ("no_discard",), (first.penalty,),
                                (first.said,), tuple(counts))
        entry: Entry = {"code": "talon_offence", "location": first.who}
        if election is not None:  # PT 28–29: the adversary's, kept for the deal's ruling
            entry["election"] = election
        if first.penalty != "fresh_deal":
            new = {**new, "irregular": [*new.get("irregular", []), entry]}
        return AnywayRuling(new, (entry,), ("talon_offence",), (first.penalty,),
                            (first.said,), tuple(counts))

    def _replay(
        self, new: dict[str, Any], revokes: Sequence[Violation],
        engine_options: piquet.PiquetOptions,
    ) -> AnywayRuling:
        """PT 59 IV by :func:`referee.piquet.take_back_revoke`: the record with the play from
        the (first) revoke on taken back, for the ``irregularity`` event to carry."""
        first = min(revokes, key=lambda v: piquet.trick_of(v.location) or 0)
        retake = piquet.take_back_revoke(self._declared(new), first.location, engine_options)
        record = {**new, "tricks": [card_names(t) for t in retake.tricks],
                  "retaken": {r: card_names(c) for r, c in retake.retaken.items()}}
        irregular = [{"code": code, "location": where} for code, where in retake.irregular]
        if irregular or "irregular" in record:
            record["irregular"] = irregular
        return AnywayRuling(record, (), ("revoke",), ("replay",),
                            (retake.irregularity.said,), (first,))

    def penalize(
        self, ruled: DealRuling, irregular: Sequence[IrregularityNote], players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        """Q12: a revoke or other irregularity recorded "as played" is scored as played and
        noted (PT gives a revoke no score penalty, law 59 IV)."""
        return _noted(ruled, irregular)

    def outcome(
        self, deals: Sequence[DealEntry], players: Sequence[str], options: dict[str, Any]
    ) -> Outcome:
        """The partie (Q1, Q9): six deals, two more when tied, then drawn; the settlement."""
        live = [d for d in deals if d.status == "live"]
        first, second = players
        per_deal = [(d.scores.get(first, 0), d.scores.get(second, 0)) for d in live]
        status = piquet.partie_status(per_deal)
        totals = {first: sum(a for a, _ in per_deal), second: sum(b for _, b in per_deal)}
        if not status.finished:
            return Outcome(False, deals_required=status.deals_required)
        stake = Decimal(options["stake"]) if options.get("stake") is not None else None
        settlement = MatchSettlement(piquet.settle_partie(totals, stake), options.get("currency"))
        return Outcome(
            True,
            winner=settlement.winner,
            drawn=settlement.winner is None,
            settlement=settlement,
            deals_required=status.deals_required,
        )


class PitchGame(StepRules):
    """Pitch for the ledger: 2–7 players solo or 4 in partnership (P1)."""

    name = "pitch"
    laws = PITCH_LAWS

    def normalize_options(self, players: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        """target, partnership and the P8 options, first_dealer.

        :raises MatchError: a bad player count or option.
        """
        partnership = bool(options.get("partnership", False))
        try:
            check_players(len(players), partnership)
            engine = self._engine_options(options)
        except ValueError as error:
            violations = getattr(error, "violations", None)
            if violations:
                raise MatchError(violations) from None
            raise MatchError([said("bad_option.engine", "", "options", what=str(error))]) \
                from None
        first_dealer = options.get("first_dealer", players[0])
        _seat_of(players, first_dealer, "options.first_dealer")
        return {**engine.as_dict(), "partnership": partnership, "first_dealer": first_dealer}

    @staticmethod
    def _engine_options(options: dict[str, Any]) -> pitch.PitchOptions:
        """The engine's options (P8) among the match's; absent ones take the defaults."""
        names = pitch.PitchOptions.__dataclass_fields__
        return pitch.variant_options({k: v for k, v in options.items() if k in names})

    def _sides(
        self, players: Sequence[str], options: dict[str, Any]
    ) -> tuple[tuple[int, ...], ...]:
        return pitch.sides_of(len(players), options["partnership"])

    def standing_names(self, players: Sequence[str], options: dict[str, Any]) -> list[str]:
        """Each player, or each team ("Ann & Cid") in partnership."""
        return [" & ".join(players[s] for s in side) for side in self._sides(players, options)]

    def csv_columns(self, options: dict[str, Any]) -> list[str]:
        """The game (``variant``, V12), the table's ``house options`` (those its row of V12
        does not give, V13), then one column per scoring point of the game, named as in
        ``points`` (V7): who scored it."""
        return ["variant", "house options", *self._engine_options(options).points]

    def csv_cells(self, ruling: dict[str, Any], players: Sequence[str],
                  options: dict[str, Any]) -> list[str]:
        """The game's name and house options, then for each scoring point the player or
        team that scored it (V7, P5), from the ruling's awards; empty when nobody did (its
        card not in play, Game tied), and for a deal entered by its totals (which do not say
        who took what) or void."""
        engine = self._engine_options(options)
        house = "; ".join(f"{name}={_option_text(value)}"
                          for name, value in pitch.house_options(engine).items())
        names = self.standing_names(players, options)
        awards = (ruling or {}).get("points") or {}
        takers = []
        for point in engine.points:
            award = awards.get(point)
            side = award.get("side") if isinstance(award, dict) else None
            takers.append(names[side] if isinstance(side, int) and 0 <= side < len(names)
                          else "")
        return [engine.variant, house, *takers]

    def first_dealer(self, players: Sequence[str], options: dict[str, Any]) -> int:
        """Option first_dealer (default the first player)."""
        return list(players).index(options["first_dealer"])

    def next_dealer(self, dealer: int, players: Sequence[str], options: dict[str, Any]) -> int:
        """The deal passes to the left (P2)."""
        return pitch.next_dealer(dealer, len(players))

    def dealer_after(
        self, deals: Sequence[DealEntry], players: Sequence[str], options: dict[str, Any]
    ) -> int | None:
        """No Pitch law names the dealer after a deal but the misdeal option (the misdeal's
        ruling says it): None."""
        return None

    def dealt_by(self, record: dict[str, Any], dealer: int, players: Sequence[str]) -> int:
        """The match's dealer: no Pitch record says another dealt."""
        return dealer

    def new_record(
        self, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> dict[str, Any]:
        """An empty hand dealt by ``dealer``."""
        return {"dealer": dealer, "bids": [], "tricks": []}

    def apply_step(
        self, record: dict[str, Any], event: Event, players: Sequence[str]
    ) -> dict[str, Any]:
        """Add a deal_started (hands), bid or card to the record."""
        payload = event.payload
        new = dict(record)
        if event.kind == "deal_started":
            if payload.get("hands") is not None:
                new["hands"] = payload["hands"]
        elif event.kind == "bid":
            new["bids"] = [*record.get("bids", []), payload["call"]]
        elif event.kind == "card":
            tricks = [list(t) for t in record.get("tricks", [])]
            if self.next_place(record, players)["position"] == 1:
                tricks.append([])
            tricks[-1].append(payload["card"])
            new["tricks"] = tricks
        else:
            raise MatchError([said("bad_step.pitch", "", kind=event.kind)])
        return new

    def roles(self, dealer: int, players: Sequence[str]) -> dict[str, str]:
        """Who deals (P2)."""
        return {"dealer": players[dealer]}

    def next_place(self, record: dict[str, Any], players: Sequence[str]) -> dict[str, int]:
        """Where the next bid (P3, counted from the dealer's left) and the next card go (P4:
        a trick is one card from each player, less a short hand's with no card left, P10)."""
        tricks = record.get("tricks") or []
        fresh = not tricks or len(tricks[-1]) == pitch.cards_in_trick(
            len(players), record.get("irregular") or (), len(tricks) - 1)
        return {"bid": len(record.get("bids") or []) + 1,
                "trick": len(tricks) + 1 if fresh else len(tricks),
                "position": 1 if fresh else len(tricks[-1]) + 1}

    @staticmethod
    def _hand(record: dict[str, Any], players: Sequence[str], options: dict[str, Any],
              engine_options: pitch.PitchOptions) -> Any:
        """The engine's hand of ``record`` (``engine_options``: :meth:`_engine_options` of
        ``options``, worked out once by the caller)."""
        if not engine_options.classic:  # a game with more points (V1)
            return pitch.variant_hand_from_record(record, len(players), options["partnership"],
                                                  engine_options, players)
        return pitch.hand_from_record(record, len(players), options["partnership"], players)

    def check_step(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> StepCheck:
        """The hand so far, ruled by :func:`referee.pitch.progress` (its
        :func:`~referee.pitch.stage`, kept in the check's ``ruled`` for the next card), or a
        variant's by :func:`referee.pitch.variant_progress`."""
        engine_options = self._engine_options(options)
        hand = self._hand(record, players, options, engine_options)
        if not engine_options.classic:
            return self._checked(pitch.variant_progress(hand, engine_options), engine_options,
                                 players)
        found = pitch.stage(hand, engine_options)
        return self._checked(found.progress, engine_options, players,
                             Ruled(record, dealer, tuple(players), options, found))

    def check_after(
        self, record: dict[str, Any], new_record: dict[str, Any], before: StepCheck,
        dealer: int, players: Sequence[str], options: dict[str, Any],
    ) -> StepCheck:
        """A card added to the hand ``record`` is ruled alone (:func:`referee.pitch.play_card`,
        P4) from ``before``'s ruling of that very record, when it was ruled so; anything
        else, as :meth:`check_step`."""
        ruled = before.ruled
        if isinstance(ruled, Ruled) and isinstance(ruled.engine, pitch.PitchStage):
            named = pitch.card_named(_added_card(record, new_record, len(players)))
            if named is not None and ruled.of(record, dealer, players, options):
                found = pitch.play_card(ruled.engine, named)
                return self._checked(found.progress, found.options, players,
                                     Ruled(new_record, dealer, tuple(players), options, found))
        return self.check_step(new_record, dealer, players, options)

    @staticmethod
    def _checked(
        found: pitch.PitchProgress, engine_options: pitch.PitchOptions, players: Sequence[str],
        ruled: Ruled | None = None,
    ) -> StepCheck:
        """The check of a hand from the engine's ``found`` (P3, P4)."""
        seat = found.to_act
        name = players[seat] if seat is not None else None
        violations = found.violations
        if found.phase in ("complete", "redeal", "misdeal"):
            return StepCheck(True, Next("score"), violations, ruled)
        if found.phase == "bidding":
            nxt = Next("bid", player=name, seat=seat, legal_calls=tuple(found.legal_calls or ()))
        else:
            legal = found.legal_cards
            written = (None if legal is None else card_names(legal) if engine_options.classic
                       else [pitch.variant_card_name(c, engine_options) for c in legal])
            nxt = Next(
                "card",
                player=name,
                seat=seat,
                legal_cards=tuple(written) if written is not None else None,
            )
        return StepCheck(False, nxt, violations, ruled)

    def rule(
        self, record: dict[str, Any], dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> DealRuling:
        """The hand ruled by :func:`referee.pitch.rule_deal` (irregularities in the record
        included, P10; a misdeal scores nothing); points per player or team."""
        engine_options = self._engine_options(options)
        hand = self._hand(record, players, options, engine_options)
        names = self.standing_names(players, options)
        status = pitch.check_bidding(len(players), hand.dealer, hand.bids, engine_options,
                                     names=players)
        if status.redeal:
            return DealRuling(Redeal(hand.dealer, tuple(hand.bids)), dict.fromkeys(names, 0),
                              tuple(status.violations))
        ruling: pitch.PitchRuling | pitch.MisdealRuling | pitch.VariantRuling
        if engine_options.classic:
            ruling = pitch.rule_deal(hand, engine_options)
        else:  # a game with more points (V1)
            ruling = pitch.rule_variant_hand(hand, engine_options)
        scores = {names[i]: int(change) for i, change in enumerate(ruling.scores)}
        return DealRuling(ruling, scores, ruling.violations)

    def sheet_has_dealer(self, level: str) -> bool:
        """A Pitch score sheet names the dealer (its bids start at his left, P3)."""
        return level == "sheet"

    def _engine_entry(
        self, level: str, record: dict[str, Any], players: Sequence[str], options: dict[str, Any]
    ) -> Any:
        """The engine's ruling on a sheet or totals record (P3–P7 as far as a line shows; a
        variant's line names its own points, V7)."""
        return pitch.rule_line_record(level, record, len(players), options["partnership"],
                                      self._engine_options(options), players)

    def rule_line(
        self, level: str, record: dict[str, Any], dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        """A hand entered as a score sheet or totals (per standing).

        :raises RecordError: the record cannot be read.
        """
        ruling = self._engine_entry(level, record, players, options)
        names = self.standing_names(players, options)
        scores = {names[i]: int(change) for i, change in enumerate(ruling.scores)}
        return DealRuling(ruling, scores, ruling.violations)

    def compare_line(
        self, cards: dict[str, Any], level: str, claim: dict[str, Any], dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> ClaimComparison:
        """A sheet or totals claim against the cards' ruling: High, Low, Jack, Game, the bid
        (P5, P6)."""
        engine_options = self._engine_options(options)
        hand = self._hand(cards, players, options, engine_options)
        cards_ruling = (pitch.rule_hand(hand, engine_options) if engine_options.classic
                        else pitch.rule_variant_hand(hand, engine_options))
        return pitch.compare_claim(cards_ruling,
                                   self._engine_entry(level, claim, players, options))

    def record_anyway(
        self, record: dict[str, Any], kind: str, payload: dict[str, Any], seat: int | None,
        players: Sequence[str], options: dict[str, Any],
    ) -> AnywayRuling | None:
        """P10 by :func:`referee.pitch.record_anyway`: a revoke, a bid or a lead out of turn, a
        misdeal kept in the record's ``irregular`` list; the consequences name the players.

        :raises RecordError: the step is no irregularity the engine records.
        """
        step: dict[str, Any] = {"kind": kind, **{k: payload[k] for k in ("call", "card",
                                                                          "hands")
                                                  if payload.get(k) is not None}}
        if seat is not None:
            step["seat"] = seat
        found = pitch.record_anyway(record, step, len(players), options["partnership"],
                                    self._engine_options(options), names=players)
        return AnywayRuling(found.record,
                            tuple(item.as_dict() for item in found.irregularities),
                            tuple(item.kind for item in found.irregularities),
                            tuple(found.penalties), tuple(found.consequences),
                            tuple(found.refused))

    def unknown_hands(
        self, record: dict[str, Any], dealer: int, players: Sequence[str],
    ) -> list[str]:
        """The players whose hand is not in the record's ``hands`` (P2; none recorded: all)."""
        hands = record.get("hands") or []
        return [p for seat, p in enumerate(players)
                if seat >= len(hands) or not hands[seat]]

    def answer_lead(
        self, record: dict[str, Any], leader: str, lead: str, card: str, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> TableRuling | None:
        """P10: a lead out of turn is taken back until the trick is complete, whatever is
        played after it: None."""
        return None

    def card_holder(
        self, record: dict[str, Any], card: Any, dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> str | None:
        """P10 by :func:`referee.pitch.holder_of`: the player dealt ``card``, not yet played,
        when the hands are recorded; None otherwise (a fold, ``null``, is nobody's card)."""
        if card is None:
            return None
        try:
            seat = pitch.holder_of(record, card, len(players), options["partnership"])
        except ValueError:  # a card or a record that cannot be read: nobody is known
            return None
        return None if seat is None else players[seat]

    def record_irregularity(
        self, record: dict[str, Any], what: Any, seat: int | None, dealer: int,
        players: Sequence[str], options: dict[str, Any], cards: Sequence[str] | None = None,
        election: str | None = None,
    ) -> TableRuling:
        """P10: an irregularity found at the table that is no refused step, added to the
        hand's record: ``what`` is ``"exposed_card"`` (no score penalty; the opponents may
        call it in the partnership game, F), ``"exposed_in_dealing"`` (a card exposed in
        dealing, before the play, ``seat`` the player it was dealt to if known: a new deal,
        F), ``"long_hand"`` (a hand found in play with more than six cards: a new deal, by
        analogy with Work 1913; a new deal is dealt as the ``misdeal`` option says) or
        ``"short_hand"`` (``seat``, whose turn it is to play, has no card left: no penalty,
        he plays to no trick from this one on and answers for any revoke, by analogy with
        Work 1913; the four-point game only). A
        revoke, a misdeal or a bid or card out of turn is recorded as the step itself with
        ``"anyway": true``. No Pitch irregularity gives an ``election``.

        :raises MatchError: another irregularity, no player named, or an election.
        """
        if election is not None:
            raise MatchError([said("bad_irregularity.pitch_election", "P10", "election")])
        if what not in ("exposed_card", "long_hand", "exposed_in_dealing", "short_hand"):
            raise MatchError([said("bad_irregularity.pitch_kinds", "P10", "what")])
        tricks = record.get("tricks") or []
        if what == "exposed_in_dealing" and tricks:
            raise MatchError([said("bad_irregularity.exposed_late", "P10", "what")])
        if seat is None and what != "exposed_in_dealing":
            raise MatchError([said("bad_irregularity.player", "P10", "player")])
        if cards and what in ("long_hand", "short_hand"):
            raise MatchError([said("bad_irregularity.exposed_card", "P10", "cards")])
        if what == "short_hand":
            return self._short_hand(record, seat, dealer, players, options)
        entry: Entry = {"type": what}
        if seat is not None:  # a card exposed in dealing: the player it was dealt to
            entry["seat"] = seat
        if what == "exposed_card" and tricks:
            entry["trick"] = min(self.next_place(record, players)["trick"], 6)
        new = {**record, "irregular": [*(record.get("irregular") or ()), entry]}
        self.check_step(new, dealer, players, options)  # raises when it cannot be read
        engine = self._engine_options(options)
        partnership = bool(options.get("partnership"))
        item = pitch.hand_from_record(new, len(players), partnership).irregular[-1]
        penalty, source = pitch_penalty_of(what, engine, partnership)
        next_dealer = None
        if what in ("long_hand", "exposed_in_dealing"):  # P10: a new deal, as a misdeal
            next_dealer = dealer if penalty == "same_dealer" else (dealer + 1) % len(players)
        consequence = pitch.said_consequence(item, engine, None, next_dealer, partnership,
                                             names=players,
                                             card=parse_card(cards[0]) if cards else None)
        return TableRuling(new, (entry,), penalty, consequence, source)

    def _short_hand(
        self, record: dict[str, Any], seat: int | None, dealer: int, players: Sequence[str],
        options: dict[str, Any],
    ) -> TableRuling:
        """P10: ``seat``, whose turn it is to play, has no card left (a short hand found in
        play, by analogy with Work 1913): recorded as ``{"type": "short_hand", "seat", "trick":
        the trick he cannot play to}``; that trick and each after it hold one card fewer.

        :raises MatchError: no player named, not his turn to play, a game with more points.
        """
        if seat is None:
            raise MatchError([Violation(
                "bad_irregularity", "P10", "Name the player who has no card left.", "player")])
        if not self._engine_options(options).classic:
            raise MatchError([Violation(
                "bad_irregularity", "P10", "A short hand found in play is ruled card by card in "
                "the four-point game only; enter this hand's score-sheet line or totals.",
                "what")])
        check = self.check_step(record, dealer, players, options)
        if check.next.action != "card" or check.next.seat != seat:
            raise MatchError([Violation(
                "bad_irregularity", "P10", f"A short hand is recorded when its player has no "
                f"card to play: it is not {players[seat]}'s turn to play.", "player")])
        entry: Entry = {"type": "short_hand", "seat": seat,
                        "trick": self.next_place(record, players)["trick"]}
        new = {**record, "irregular": [*(record.get("irregular") or ()), entry]}
        self.check_step(new, dealer, players, options)  # raises when it cannot be read
        item = pitch.hand_from_record(new, len(players), bool(options.get("partnership")),
                                      players).irregular[-1]
        engine = self._engine_options(options)
        penalty, source = pitch_penalty_of("short_hand", engine)
        return TableRuling(new, (entry,), penalty,
                           pitch.said_consequence(item, engine, names=players), source)

    def penalize(
        self, ruled: DealRuling, irregular: Sequence[IrregularityNote], players: Sequence[str],
        options: dict[str, Any],
    ) -> DealRuling:
        """P10: the engine applied the penalties of the irregularities in the record (the
        table's ``revoke_penalty``, ``bid_out_of_turn``… options); the others recorded "as
        played" are noted."""
        return _noted(ruled, irregular)

    def outcome(
        self, deals: Sequence[DealEntry], players: Sequence[str], options: dict[str, Any]
    ) -> Outcome:
        """P7: after each counted hand, in order, the pitcher's side may have won."""
        names = self.standing_names(players, options)
        totals = [0] * len(names)
        engine_options = self._engine_options(options)
        for entry in deals:
            if entry.status != "live":
                continue
            for i, name in enumerate(names):
                totals[i] += entry.scores.get(name, 0)
            pitcher_side = entry.ruling.get("pitcher_side")
            winner = pitch.match_winner(totals, pitcher_side, engine_options,
                                        bid=entry.ruling.get("bid"),
                                        made=entry.ruling.get("made_bid"))
            if winner is not None:
                return Outcome(True, winner=names[winner])
        return Outcome(False)


#: The games a match can be of.
def _option_text(value: Any) -> str:
    """An option's value in a CSV cell: a list space-separated, ``null``, ``true``/``false``."""
    if isinstance(value, list | tuple):
        return " ".join(str(v) for v in value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


GAMES: dict[str, Any] = {"piquet": PiquetGame(), "pitch": PitchGame()}
