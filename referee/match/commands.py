"""What a request adds to a match's ledger, decided from the match's state (pure).

Each function takes the current :class:`~referee.match.state.MatchState` and what the table
sends, checks it against the rules and everything recorded so far, and returns the events
to append — or raises, so that nothing is stored:

:raises MatchError: the match cannot take it (finished, nothing to undo, unknown deal).
:raises RecordError: the record or the step breaks the rules (422 with the violations).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from referee import RULES_VERSION
from referee.match.events import Event
from referee.match.games import blocking
from referee.match.state import DealEntry, Decided, Game, MatchError, MatchState
from referee.violations import RecordError, Violation

NewEvent = tuple[str, dict[str, Any]]


def create(game: Game, players: Sequence[str], options: dict[str, Any]) -> list[NewEvent]:
    """The ``match_created`` event of a new match. :raises MatchError: bad players or options."""
    names = [p.strip() for p in players]
    if len(set(names)) != len(names) or any(not n for n in names):
        raise MatchError(
            [Violation("bad_players", "Q1" if game.name == "piquet" else "P1",
                       "Each player needs a name of his own.", "players")]
        )
    normalized = game.normalize_options(names, dict(options))
    return [
        (
            "match_created",
            {
                "game": game.name,
                "players": names,
                "options": normalized,
                "rules_version": RULES_VERSION,
            },
        )
    ]


def _refuse_if_finished(state: MatchState) -> None:
    if state.outcome.finished and state.current is None:
        raise MatchError(
            [Violation("match_finished", "Q9" if state.game == "piquet" else "P7",
                       "The match is over: no more deals can be recorded.")]
        )


def step(
    state: MatchState, game: Game, kind: str, payload: dict[str, Any], actor: str | None
) -> list[NewEvent]:
    """One step of a deal (``deal_started``, ``bid``, ``exchange``, ``declaration``, ``card``),
    checked at once against the deal so far; adds ``deal_scored`` when the step completes it.
    """
    _refuse_if_finished(state)
    if state.current is None:
        number = (state.deals[-1].number if state.deals else 0) + 1
        dealer = state.next_dealer
        record = game.new_record(dealer, state.players, state.options)
    else:
        if kind == "deal_started":
            raise MatchError(
                [
                    Violation(
                        "deal_in_progress",
                        "",
                        f"Deal {state.current.number} is still being played: finish it, undo "
                        "it or record its cards first.",
                    )
                ]
            )
        number, dealer, record = state.current.number, state.current.dealer, state.current.record
    full = {**payload, "deal": number, "dealer": dealer}
    before = state.check  # the deal so far, as the fold ruled it
    if before is None:
        before = game.check_step(record, dealer, state.players, state.options)
    _refuse_out_of_turn(game, kind, payload.get("player"), before.next.player, state.players)
    done = game.step(record, Event(state.version + 1, kind, full, actor), before, dealer,
                     state.players, state.options)
    events = Decided([(kind, full)])
    if done.check.complete:
        ruled = game.rule(done.record, dealer, state.players, state.options)
        refused = blocking(ruled.violations, kind)
        if refused:
            raise RecordError(refused)
        events.append(
            ("deal_scored", {"deal": number, "scores": ruled.scores, "ruling": ruled.ruling})
        )
    else:
        events.check = done.check  # the fold need not rule the deal again
    return events


def _refuse_out_of_turn(
    game: Game, kind: str, named: str | None, due: str | None, players: Sequence[str]
) -> None:
    """A step that names its ``player`` must name one of the match, and a bid or a card must
    be his turn (P3/P4, Q6)."""
    if named is None:
        return
    rule = "Q6" if game.name == "piquet" else "P3" if kind == "bid" else "P4"
    if named not in players:
        raise MatchError([Violation(
            "not_a_player", "Q1" if game.name == "piquet" else "P1",
            f"{named} is not a player of this match ({', '.join(players)}).", "player",
        )])
    if kind in ("bid", "card") and due is not None and named != due:
        raise MatchError(
            [Violation("out_of_turn", rule, f"It is {due}'s turn, not {named}'s.", "player")]
        )


def record_deal(state: MatchState, game: Game, record: dict[str, Any]) -> list[NewEvent]:
    """A whole deal at once: ruled, and stored only when it breaks no rule."""
    _refuse_if_finished(state)
    if state.current is not None and state.current.step_seqs:
        raise MatchError(
            [
                Violation(
                    "deal_in_progress",
                    "",
                    f"Deal {state.current.number} is being recorded step by step: finish or undo "
                    "it before recording a whole deal.",
                )
            ]
        )
    number = (state.deals[-1].number if state.deals else 0) + 1
    dealer = state.next_dealer
    record = _with_dealer(game.new_record(dealer, state.players, state.options), record)
    ruled = game.rule(record, dealer, state.players, state.options)
    if ruled.violations:
        raise RecordError(ruled.violations)
    return [
        ("deal_recorded", {"deal": number, "dealer": dealer, "record": record}),
        ("deal_scored", {"deal": number, "scores": ruled.scores, "ruling": ruled.ruling}),
    ]


def undo(state: MatchState, reason: str | None, by: str | None) -> list[NewEvent]:
    """Take back the last entry (a step, a whole deal, a void or an amendment) and the score
    it caused. :raises MatchError: nothing to undo."""
    if not state.last_undoable:
        raise MatchError([Violation("nothing_to_undo", "", "There is nothing to undo.")])
    return [("undo", {"voids": list(state.last_undoable), "reason": reason, "by": by})]


def void_deal(
    state: MatchState, number: int, reason: str, by: str | None, game: Game | None = None
) -> list[NewEvent]:
    """Void a finished deal: it stays in the ledger but no longer counts. With ``game``, the
    deals still counted must make sense to its rules (see :func:`_refuse_if_outcome_breaks`).
    """
    entry = state.deal(number)
    if entry is None or entry.status != "live":
        raise MatchError(
            [Violation("no_such_deal", "", f"There is no counted deal {number} to void.")]
        )
    if game is not None:
        _refuse_if_outcome_breaks(state, game, {number: replace(entry, status="voided")})
    return [("deal_voided", {"deal": number, "reason": reason, "by": by})]


def amend_deal(
    state: MatchState, game: Game, number: int, record: dict[str, Any], reason: str,
    by: str | None,
) -> list[NewEvent]:
    """Replace a finished deal's record by a corrected one, ruled again; the old one stays in
    the ledger."""
    entry = state.deal(number)
    if entry is None or entry.status != "live":
        raise MatchError(
            [Violation("no_such_deal", "", f"There is no counted deal {number} to amend.")]
        )
    record = _with_dealer(game.new_record(entry.dealer, state.players, state.options), record)
    ruled = game.rule(record, entry.dealer, state.players, state.options)
    if ruled.violations:
        raise RecordError(ruled.violations)
    _refuse_if_outcome_breaks(state, game, {number: replace(entry, scores=ruled.scores)})
    return [
        ("deal_amended", {"deal": number, "record": record, "reason": reason, "by": by}),
        ("deal_scored", {"deal": number, "scores": ruled.scores, "ruling": ruled.ruling}),
    ]


def _refuse_if_outcome_breaks(
    state: MatchState, game: Game, changed: dict[int, DealEntry]
) -> None:
    """A correction must leave deals the match's end can be judged on: in Piquet no deal may
    stay counted after the partie would have ended (Q9: six deals, eight only when tied after
    six), e.g. amending deal 2 of a partie that went to a seventh deal because it was tied.
    """
    deals = tuple(changed.get(d.number, d) for d in state.deals)
    try:
        game.outcome(deals, state.players, state.options)
    except ValueError:
        raise MatchError(
            [
                Violation(
                    "correction_ends_partie_earlier",
                    "Q9",
                    "With this correction the partie would have ended before the last deals "
                    "recorded: void or undo those deals first.",
                    "deal",
                )
            ]
        ) from None


def _with_dealer(empty: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The record sent, checked against the dealer the match expects (P2, Q1)."""
    expected = empty.get("dealer")
    given = record.get("dealer", expected)
    if given != expected:
        raise RecordError(
            [
                Violation(
                    "wrong_dealer",
                    "P2",
                    f"Seat {expected} deals this hand, not seat {given}.",
                    "dealer",
                )
            ]
        )
    return {**empty, **record}
