"""The two games as the ledger sees them: options, dealers, steps, rulings, the match's end.

Each adapter turns the engines' rulings (:mod:`referee.piquet`, :mod:`referee.pitch`) into
what a match needs: points per player (or team), whose turn it is, and when the match ends —
the Piquet partie (Q1, Q9) or the Pitch target (P2, P7).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from referee import piquet, pitch
from referee.cards import card_names
from referee.match.events import Event
from referee.match.state import (
    DealEntry,
    DealRuling,
    MatchError,
    Next,
    Outcome,
    StepCheck,
    StepResult,
)
from referee.pitch.records import check_players
from referee.violations import RecordError, Violation

ROLES = ("elder", "younger")


def _bad_option(message: str, location: str) -> MatchError:
    return MatchError([Violation("bad_option", "", message, location)])


def _seat_of(players: Sequence[str], name: str, location: str) -> int:
    if name not in players:
        raise _bad_option(f"{name!r} is not one of the players.", location)
    return list(players).index(name)


def blocking(violations: Sequence[Violation], kind: str) -> tuple[Violation, ...]:
    """The violations that refuse a step of ``kind``. A declaration is refused for its own
    faults; but when the hands are unknown, an announcement the hand did not hold shows only
    once its cards are played, and the card that shows it is not at fault: that deal is
    scored as the rules score it (the announcement scores nothing, Q5) and its ruling lists
    the violation."""
    if kind == "declaration":
        return tuple(violations)
    return tuple(v for v in violations if not v.location.startswith("declarations."))


class StepRules:
    """A game's steps as check / ask / apply (like pokerkit's verify_x / can_x / x), each
    built on :meth:`rule_step`, which applies a step and rules the deal once. The game
    supplies ``apply_step`` and ``check_step``."""

    def apply_step(self, record: dict, event: Event, players: Sequence[str]) -> dict:
        raise NotImplementedError

    def check_step(
        self, record: dict, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> StepCheck:
        raise NotImplementedError

    def rule_step(
        self, record: dict, event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepResult:
        """``event`` applied to the deal ``record`` (whose check is ``before``) and ruled:
        the violations it brings (not already in ``before``) that refuse it are
        ``blocking``. :raises MatchError: a step out of place (``apply_step``)."""
        new_record = self.apply_step(record, event, players)
        after = self.check_step(new_record, dealer, players, options)
        fresh = [v for v in after.violations if v not in before.violations]
        return StepResult(new_record, after, blocking(fresh, event.kind))

    def verify_step(
        self, record: dict, event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> None:
        """Refuse a step the rules do not allow.
        :raises RecordError: its violations. :raises MatchError: a step out of place."""
        self.step(record, event, before, dealer, players, options)

    def can_step(
        self, record: dict, event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> bool:
        """Whether the rules allow the step (:meth:`verify_step` would not raise)."""
        try:
            return not self.rule_step(record, event, before, dealer, players, options).blocking
        except MatchError:
            return False

    def step(
        self, record: dict, event: Event, before: StepCheck, dealer: int,
        players: Sequence[str], options: dict[str, Any],
    ) -> StepResult:
        """The step applied and ruled once, when the rules allow it.
        :raises RecordError: its blocking violations. :raises MatchError: out of place."""
        done = self.rule_step(record, event, before, dealer, players, options)
        if done.blocking:
            raise RecordError(done.blocking)
        return done


class PiquetGame(StepRules):
    """Piquet for the ledger: players[0] and players[1]; the dealer is younger hand (Q1)."""

    name = "piquet"

    def normalize_options(self, players: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        """lead_point, cards_count_for_pique (Q6, Q7), stake and currency (Q9), first_dealer.

        :raises MatchError: two players are needed; an option is out of range.
        """
        if len(players) != 2:
            raise MatchError(
                [Violation("player_count", "Q1", "Piquet is played by two players.", "players")]
            )
        lead_point = options.get("lead_point", "every")
        if lead_point not in ("every", "ten_or_higher"):
            raise _bad_option("lead_point is 'every' or 'ten_or_higher'.", "options.lead_point")
        cards_count = options.get("cards_count_for_pique", True)
        stake = options.get("stake")
        if stake is not None:
            try:
                stake = str(Decimal(str(stake)))
            except InvalidOperation:
                raise _bad_option("stake is an amount per point, e.g. '0.10'.",
                                  "options.stake") from None
            if Decimal(stake) < 0:
                raise _bad_option("stake cannot be negative.", "options.stake")
        first_dealer = options.get("first_dealer", players[1])
        _seat_of(players, first_dealer, "options.first_dealer")
        return {
            "lead_point": lead_point,
            "cards_count_for_pique": bool(cards_count),
            "stake": stake,
            "currency": options.get("currency"),
            "first_dealer": first_dealer,
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

    def new_record(self, dealer: int, players: Sequence[str], options: dict[str, Any]) -> dict:
        """An empty Piquet deal record."""
        return {"tricks": []}

    @staticmethod
    def _engine_options(options: dict[str, Any]) -> piquet.PiquetOptions:
        return piquet.PiquetOptions(
            lead_point=options["lead_point"],
            cards_count_for_pique=options["cards_count_for_pique"],
        )

    @staticmethod
    def _role_seats(dealer: int) -> dict[str, int]:
        return {"younger": dealer, "elder": 1 - dealer}

    def apply_step(self, record: dict, event: Event, players: Sequence[str]) -> dict:
        """Add a deal_started (dealt, talon), exchange, declaration or card to the record."""
        payload = event.payload
        new = dict(record)
        if event.kind == "deal_started":
            for key in ("dealt", "talon"):
                if payload.get(key) is not None:
                    new[key] = payload[key]
        elif event.kind == "exchange":
            self._before_play(record, "An exchange")
            exchange = dict(record.get("exchange") or {})
            exchange.update({r: payload[r] for r in ROLES if payload.get(r) is not None})
            new["exchange"] = exchange
        elif event.kind == "declaration":
            role = payload["role"]
            declarations = dict(record.get("declarations") or {})
            self._check_declaration_time(record, role, declarations)
            announced = {
                k: payload.get(k) for k in ("point", "sequence", "sets", "carte_blanche")
                if payload.get(k) is not None
            }
            piquet.check_announcement(announced, f"declarations.{role}")
            declarations[role] = announced
            new["declarations"] = declarations
        elif event.kind == "card":
            tricks = [list(t) for t in record.get("tricks", [])]
            if not tricks or len(tricks[-1]) == 2:
                tricks.append([])
            tricks[-1].append(payload["card"])
            new["tricks"] = tricks
        else:
            raise MatchError([Violation("bad_step", "", f"Piquet has no {event.kind!r} step.")])
        return new

    @staticmethod
    def _check_declaration_time(record: dict, role: str, declarations: dict) -> None:
        """Q5: elder announces before he leads, younger before he plays to the first trick;
        what is announced is not raised later (undo the declaration to correct a slip)."""
        tricks = record.get("tricks", [])
        played = sum(len(t) for t in tricks)
        if played > (0 if role == "elder" else 1):
            when = "before he leads" if role == "elder" else "before he plays to the first trick"
            raise MatchError([Violation(
                "declaration_too_late", "Q5",
                f"The {role} hand declares {when}.", "role",
            )])
        if role in declarations:
            raise MatchError([Violation(
                "declared_twice", "Q5",
                f"The {role} hand has already declared; once announced it cannot be raised "
                "(undo the declaration to correct a slip).", "role",
            )])

    @staticmethod
    def _before_play(record: dict, what: str) -> None:
        if record.get("tricks"):
            raise MatchError(
                [Violation("exchange_too_late", "Q4", f"{what} comes before the first lead.")]
            )

    def check_step(
        self, record: dict, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> StepCheck:
        """The deal so far, ruled by :func:`referee.piquet.progress`."""
        deal = piquet.deal_from_record(record)
        found = piquet.progress(deal, self._engine_options(options))
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
            )
        return StepCheck(complete, nxt, tuple(found.violations))

    def rule(
        self, record: dict, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> DealRuling:
        """The whole deal ruled by :func:`referee.piquet.rule_deal`; points per player."""
        ruling = piquet.rule_deal(piquet.deal_from_record(record), self._engine_options(options))
        data = ruling.as_dict()
        seats = self._role_seats(dealer)
        scores = {players[seats[role]]: int(data["scores"][role]) for role in ROLES}
        data["elder"] = players[seats["elder"]]
        data["younger"] = players[seats["younger"]]
        return DealRuling(data, scores, tuple(ruling.violations))

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
        settlement = piquet.settle_partie(totals, stake).as_dict()
        settlement["currency"] = options.get("currency")
        return Outcome(
            True,
            winner=settlement.get("winner"),
            drawn=settlement.get("winner") is None,
            settlement=settlement,
            deals_required=status.deals_required,
        )


class PitchGame(StepRules):
    """Pitch for the ledger: 2–7 players solo or 4 in partnership (P1)."""

    name = "pitch"

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
            raise _bad_option(str(error), "options") from None
        first_dealer = options.get("first_dealer", players[0])
        _seat_of(players, first_dealer, "options.first_dealer")
        return {**engine.as_dict(), "partnership": partnership, "first_dealer": first_dealer}

    @staticmethod
    def _engine_options(options: dict[str, Any]) -> pitch.PitchOptions:
        """The engine's options (P8) among the match's; absent ones take the defaults."""
        names = pitch.PitchOptions.__dataclass_fields__
        return pitch.PitchOptions(**{k: v for k, v in options.items() if k in names})

    def _sides(
        self, players: Sequence[str], options: dict[str, Any]
    ) -> tuple[tuple[int, ...], ...]:
        return pitch.sides_of(len(players), options["partnership"])

    def standing_names(self, players: Sequence[str], options: dict[str, Any]) -> list[str]:
        """Each player, or each team ("Ann & Cid") in partnership."""
        return [" & ".join(players[s] for s in side) for side in self._sides(players, options)]

    def first_dealer(self, players: Sequence[str], options: dict[str, Any]) -> int:
        """Option first_dealer (default the first player)."""
        return list(players).index(options["first_dealer"])

    def next_dealer(self, dealer: int, players: Sequence[str], options: dict[str, Any]) -> int:
        """The deal passes to the left (P2)."""
        return pitch.next_dealer(dealer, len(players))

    def new_record(self, dealer: int, players: Sequence[str], options: dict[str, Any]) -> dict:
        """An empty hand dealt by ``dealer``."""
        return {"dealer": dealer, "bids": [], "tricks": []}

    def apply_step(self, record: dict, event: Event, players: Sequence[str]) -> dict:
        """Add a deal_started (hands), bid or card to the record."""
        payload = event.payload
        new = dict(record)
        if event.kind == "deal_started":
            if payload.get("hands") is not None:
                new["hands"] = payload["hands"]
        elif event.kind == "bid":
            new["bids"] = [*record.get("bids", []), payload["call"]]
        elif event.kind == "card":
            new["tricks"] = self._add_card(record, payload["card"], len(players))
        else:
            raise MatchError([Violation("bad_step", "", f"Pitch has no {event.kind!r} step.")])
        return new

    @staticmethod
    def _add_card(record: dict, card: str, players: int) -> list[list[str]]:
        tricks = [list(t) for t in record.get("tricks", [])]
        if not tricks or len(tricks[-1]) == players:
            tricks.append([])
        tricks[-1].append(card)
        return tricks

    def _hand(self, record: dict, players: Sequence[str], options: dict[str, Any]) -> Any:
        return pitch.hand_from_record(record, len(players), options["partnership"])

    def check_step(
        self, record: dict, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> StepCheck:
        """The hand so far, ruled by :func:`referee.pitch.progress`."""
        found = pitch.progress(self._hand(record, players, options), self._engine_options(options))
        seat = found.to_act
        name = players[seat] if seat is not None else None
        if found.phase in ("complete", "redeal"):
            return StepCheck(True, Next("score"), tuple(found.violations))
        if found.phase == "bidding":
            nxt = Next("bid", player=name, seat=seat, legal_calls=tuple(found.legal_calls or ()))
        else:
            legal = found.legal_cards
            nxt = Next(
                "card",
                player=name,
                seat=seat,
                legal_cards=tuple(card_names(legal)) if legal is not None else None,
            )
        return StepCheck(False, nxt, tuple(found.violations))

    def rule(
        self, record: dict, dealer: int, players: Sequence[str], options: dict[str, Any]
    ) -> DealRuling:
        """The hand ruled by :func:`referee.pitch.rule_hand`; points per player or team."""
        hand = self._hand(record, players, options)
        engine_options = self._engine_options(options)
        names = self.standing_names(players, options)
        status = pitch.check_bidding(len(players), hand.dealer, hand.bids, engine_options)
        if status.redeal:
            data = {"redeal": True, "dealer": hand.dealer, "bids": list(hand.bids)}
            return DealRuling(data, dict.fromkeys(names, 0), tuple(status.violations))
        ruling = pitch.rule_hand(hand, engine_options)
        data = ruling.as_dict()
        scores = {names[i]: int(change) for i, change in enumerate(ruling.score_changes)}
        return DealRuling(data, scores, tuple(ruling.violations))

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
            winner = pitch.match_winner(totals, pitcher_side, engine_options)
            if winner is not None:
                return Outcome(True, winner=names[winner])
        return Outcome(False)


#: The games a match can be of.
GAMES: dict[str, Any] = {"piquet": PiquetGame(), "pitch": PitchGame()}
