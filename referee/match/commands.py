"""What a request adds to a match's ledger, decided from the match's state (pure).

Each function takes the current :class:`~referee.match.state.MatchState` and what the table
sends, checks it against the rules and everything recorded so far, and returns the events
to append — or raises, so that nothing is stored:

:raises MatchError: the match cannot take it (finished, nothing to undo, unknown deal).
:raises RecordError: the record or the step breaks the rules (422 with the violations).
:raises InputError: the record or the step cannot be read (words that name no combination:
    400), even ``anyway``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee import RULES_VERSION
from referee.i18n import LOCALES
from referee.match.claims import Claim
from referee.match.events import Event
from referee.match.games import GAMES, blocking
from referee.match.irregularities import Entry, IrregularityNote, VoidRuling
from referee.match.state import (
    ORGANISER,
    Clash,
    DealEntry,
    DealRuling,
    Decided,
    ElectionRefused,
    Game,
    MatchError,
    MatchState,
    StepCheck,
    StepRefused,
    StepResult,
)
from referee.rulings import Consequence, with_kind
from referee.violations import (
    MESSAGE_WORDS,
    InputError,
    RecordError,
    Violation,
    Words,
    consequence,
    said,
)

NewEvent = tuple[str, dict[str, Any]]


#: A wrong number of cards dealt (Piquet Q2, or nine in the talon), recorded anyway from the
#: hands as dealt: a misdeal, the deal void and dealt afresh by the same dealer (Q12; PT 10–14,
#: 39–43: no law moves the deal). Pitch's misdeal is its engine's (P10, ``misdeal`` option).
MISDEAL_CODES = ("hand_size", "talon_size")
#: Violations that show the pack itself is wrong (a card twice, a card no pack holds): the
#: deal is void and earlier deals stand (PT 75; Pitch P10 likewise), whatever the table's
#: ``irregularities`` option says — a deal with a duplicate card is never scored.
PACK_CODES = ("duplicate_card", "not_in_pack")


def _irregularity_options(game: Game, given: Any) -> dict[str, str]:
    """The match's ``irregularities`` option: a penalty per kind (the game's
    :attr:`Laws.penalties <referee.match.state.Laws.penalties>`).

    :raises MatchError: an unknown kind or penalty.
    """
    table = game.laws.penalties
    chosen = {kind: allowed[0] for kind, allowed in table.items()}
    if given is None:
        return chosen
    if not isinstance(given, dict):
        raise MatchError([said("bad_option.irregularities", "", "options.irregularities")])
    for kind, penalty in given.items():
        if kind not in table or penalty not in table[kind]:
            where = f"options.irregularities.{kind}"
            raise MatchError([
                said("bad_option.irregularity", game.laws.irregularities, where, kind=kind,
                     kinds=tuple(table)) if kind not in table else
                said("bad_option.penalty", game.laws.irregularities, where, kind=kind,
                     penalties=tuple(table[kind]))])
        chosen[kind] = penalty
    return chosen


def create(game: Game, players: Sequence[str], options: dict[str, Any]) -> list[NewEvent]:
    """The ``match_created`` event of a new match. :raises MatchError: bad players or options."""
    names = [p.strip() for p in players]
    if len(set(names)) != len(names) or any(not n for n in names):
        raise MatchError(
            [said("bad_players", game.laws.players, "players")]
        )
    options = dict(options)
    auto_confirm = options.pop("auto_confirm", "auto")
    if auto_confirm not in ("auto", True, False):
        raise MatchError([said("bad_option.auto_confirm", "", "options.auto_confirm")])
    irregularities = _irregularity_options(game, options.pop("irregularities", None))
    language = options.pop("language", None)
    if language is not None and language not in LOCALES:
        raise MatchError([said("bad_option.language", "", "options.language",
                               languages=LOCALES)])
    normalized = {**game.normalize_options(names, options), "auto_confirm": auto_confirm,
                  "irregularities": irregularities}
    if language is not None:  # a match without a table language stores none (as before)
        normalized["language"] = language
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


def _refuse_if_finished(state: MatchState, game: Game) -> None:
    if state.outcome.finished and state.current is None:
        raise MatchError(
            [said("match_finished", game.laws.end)]
        )


def step(
    state: MatchState, game: Game, kind: str, payload: dict[str, Any], actor: str | None,
    entered_by: str | None = None, anyway: bool = False,
) -> list[NewEvent]:
    """One step of a deal (``deal_started``, ``bid``, ``exchange``, ``declaration``, ``card``),
    checked at once against the deal so far; adds ``deal_scored`` when the step completes it.
    With ``"deal": n`` in the payload (no other deal in progress), the steps enter the cards of
    deal n, entered earlier as a score sheet or totals or disputed: its last card rules the
    deal as :func:`record_cards` does.
    ``entered_by``: the credential that records it ("seat:Ann" or "write token"); the deal is
    provisional until the other side confirms it (docs/records.md).
    ``anyway``: a step the rules refuse (a revoke, a card or bid out of turn, a card not held)
    that really happened is recorded with the penalty of the match's ``irregularities`` option
    (docs/rules/irregularities.md; see :data:`referee.match.games.PENALTIES`): an
    ``irregularity`` event says what and why.
    ``"at"`` in the payload says where the step belongs (see :func:`refuse_step_clash`).
    Decided by :func:`decide_step` (the step ruled once).

    :raises Clash: ``at`` names a place already filled, or not the next one.
    """
    outcome = decide_step(state, game, kind, payload, actor, entered_by, anyway)
    if outcome.error is not None:
        raise outcome.error
    assert outcome.events is not None
    return outcome.events


@dataclass(frozen=True, slots=True)
class StepOutcome:
    """A step decided (:func:`decide_step`), the step ruled once: ``events`` what recording
    it appends — for a step the rules refuse and that is recorded anyway, what recording it
    anyway appends — or None when it is not recorded; ``refused`` why the rules refuse the
    step as sent (None: they take it); ``error`` what recording it raises (the refusal, or
    why even anyway it cannot be recorded; None when it is recorded)."""

    events: list[NewEvent] | None
    refused: MatchError | RecordError | None = None
    error: MatchError | RecordError | None = None


@dataclass(frozen=True, slots=True)
class _Placed:
    """Where a step goes: deal ``number`` dealt by ``dealer``, its ``record`` so far and the
    rules' view of it (``before``), the step's event payload (``full``), ``cards_entry`` when
    the steps enter the cards of an earlier deal (docs/records.md, "reentry") and
    ``first_of_entry`` when this step begins them."""

    number: int
    dealer: int
    record: dict[str, Any]
    before: StepCheck
    full: dict[str, Any]
    payload: dict[str, Any]
    cards_entry: bool
    first_of_entry: bool


def _placed_step(
    state: MatchState, game: Game, kind: str, payload: dict[str, Any], entered_by: str | None,
) -> _Placed:
    """The deal a step goes to. :raises Clash: (``at``, see :func:`refuse_step_clash`);
    :raises MatchError: no deal can take it (another in progress, the match over, no such
    deal, its cards already entered)."""
    payload = dict(payload)
    reentry = payload.pop("deal", None)
    at = payload.pop("at", None)
    if at is not None:
        refuse_step_clash(state, game, kind, at, payload, reentry)
    current = state.current
    if reentry is not None and current is not None and current.reentry \
            and reentry != current.number:
        raise MatchError([said("deal_in_progress.entered", "", "deal", n=current.number)])
    first_of_entry = reentry is not None and (current is None or not current.reentry)
    if first_of_entry:
        # the cards of an earlier deal, step by step (docs/records.md, "reentry")
        if current is not None:
            raise MatchError([said("deal_in_progress.reentry", "", n=current.number,
                                   reentry=reentry)])
        entry = _counted_deal(state, reentry)
        _refuse_cards_entered(entry)
        number, dealer = entry.number, entry.dealer
        record = game.new_record(dealer, state.players, state.options)
    elif current is None:
        _refuse_if_finished(state, game)
        number, dealer = state.next_number, state.next_dealer
        record = game.new_record(dealer, state.players, state.options)
    elif kind == "deal_started":
        raise MatchError([said("deal_in_progress", "", n=current.number)])
    else:
        number, dealer, record = current.number, current.dealer, current.record
    full = {**payload, "deal": number, "dealer": dealer}
    if entered_by is not None:
        full["entered_by"] = entered_by
    # the deal so far, as the fold ruled it (not for the cards of an earlier deal just begun)
    before = state.check if not first_of_entry else None
    if before is None:
        before = game.check_step(record, dealer, state.players, state.options)
    cards_entry = reentry is not None or bool(current is not None and current.reentry)
    return _Placed(number, dealer, record, before, full, payload, cards_entry, first_of_entry)


def decide_step(
    state: MatchState, game: Game, kind: str, payload: dict[str, Any], actor: str | None,
    entered_by: str | None = None, anyway: bool = False,
) -> StepOutcome:
    """A step (see :func:`step`) ruled once by the game (:meth:`Game.step`); refused and
    sent ``anyway``, recorded as the irregularity it is (:func:`_anyway`).

    :raises Clash: ``at`` names a place already filled, or not the next one.
    :raises MatchError: no deal can take the step (see :func:`_placed_step`).
    :raises InputError: the step cannot be read (never recorded anyway).
    """
    withdrawn = _withdrawn_lead(state, kind, payload)
    if withdrawn is not None:  # the place is the taken-back lead's trick, not a fresh one
        payload = {k: v for k, v in payload.items() if k != "at"}
    placed = _placed_step(state, game, kind, payload, entered_by)
    irregular = _Irregular(state, game, placed.number, placed.dealer, kind, placed.full,
                           entered_by)
    done: StepResult | None = None
    try:
        if kind == "irregularity":  # found at the table, no refused step
            return StepOutcome(_at_the_table(state, game, irregular, placed))
        if withdrawn is not None:
            try:
                answered = _answered_lead(state, game, irregular, placed, withdrawn)
            except MatchError as wrong:  # a card that cannot be played to it: not recorded
                return StepOutcome(None, wrong, wrong)
            if answered is not None:
                return StepOutcome(answered)
        _refuse_out_of_turn(game, kind, placed.payload.get("player"),
                            placed.before.next.player, state.players)
        done = game.step(placed.record, Event(state.version + 1, kind, placed.full, actor),
                         placed.before, placed.dealer, state.players, state.options)
        return StepOutcome(_recorded(state, game, irregular, placed, done, []))
    except InputError:
        raise  # a slip of the pen is corrected, never recorded anyway
    except (MatchError, RecordError) as refused:
        if not anyway or kind == "irregularity":
            return StepOutcome(None, refused, refused)
        try:
            return StepOutcome(_anyway(state, game, irregular, placed, refused, done),
                               refused)
        except InputError:
            raise
        except (MatchError, RecordError) as error:
            return StepOutcome(None, refused, error)


def _withdrawn_lead(
    state: MatchState, kind: str, payload: dict[str, Any],
) -> IrregularityNote | None:
    """PT 59 III: the note of a lead out of turn just taken back (the deal's last
    irregularity, nothing played since: the next card still goes where it was led) when
    ``payload`` is a card that can be played to it — by the adversary (not naming the
    offender), sent plainly or ``at`` the second place of that trick; None otherwise (a card
    ``at`` the lead's own place is the right player's lead)."""
    current = state.current
    if kind != "card" or current is None or not current.irregular or "deal" in payload:
        return None
    note = current.irregular[-1]
    lead = note.withdrawn_lead()
    if lead is None:
        return None
    offender, card, lead_at = lead
    tricks = current.record.get("tricks") or []
    if len(tricks) != lead_at.get("trick", 0) - 1 or (tricks and len(tricks[-1]) == 1):
        return None  # a card has been played since
    at = payload.get("at")
    if at is not None and (at.get("deal"), at.get("trick"), at.get("position")) != (
            current.number, lead_at["trick"], 2):
        return None
    if payload.get("player") == offender or payload.get("card") == card:  # the lead again
        return None
    return note


def _answered_lead(
    state: MatchState, game: Game, irregular: _Irregular, placed: _Placed,
    note: IrregularityNote,
) -> list[NewEvent] | None:
    """The card of ``placed`` played to the lead out of turn of ``note``, taken back: the
    lead stands (PT 59 III, by :meth:`Game.answer_lead`), noted as a ``lead_out_of_turn``
    irregularity carrying the record with the trick; None when the game takes such a lead
    back whatever follows (Pitch P10).

    :raises MatchError: the trick breaks a rule of play.
    """
    lead = note.withdrawn_lead()
    assert lead is not None  # as _withdrawn_lead found it
    offender, card, _ = lead
    found = game.answer_lead(placed.record, offender, str(card),
                             str(placed.payload.get("card")), placed.dealer, state.players,
                             state.options)
    if found is None:
        return None
    answer = irregular.note("lead_out_of_turn", found.penalty, [], None,
                            consequence=found.said, entries=found.entries,
                            record=found.record)
    return _noted(state, game, irregular, answer, found.record, placed.cards_entry)


def _anyway(
    state: MatchState, game: Game, irregular: _Irregular, placed: _Placed,
    refused: MatchError | RecordError, done: StepResult | None,
) -> list[NewEvent]:
    """A step the rules refuse (``refused``), recorded anyway (docs/rules/irregularities.md
    P10, Q12): as the game's engine records it (a revoke, a bid or lead out of turn, a
    misdeal, a false call), else with the penalty of the match's ``irregularities`` option
    (:data:`referee.match.games.PENALTIES`): a step out of turn is taken back or voids the
    deal, a hand of the wrong size is a misdeal (the same dealer deals again, Q12; PT 10–14,
    39–43), any other refused step voids the deal or stands as played. ``done``: the step as
    ruled when the deal it completes was refused.

    :raises MatchError, RecordError: what cannot be recorded even anyway.
    """
    other = _played_by_other(state, game, irregular, placed)
    if other is not None:
        return _anyway(state, game, *other, done)
    _ask_whose_card(state, irregular, placed, refused)
    by_engine = _by_engine(state, game, irregular, placed, refused.violations)
    if by_engine is not None:
        return by_engine
    due = placed.before.next.player
    if any(v.code in PACK_CODES for v in refused.violations):  # PT 75
        return irregular.events("incorrect_pack", refused.violations, due, "void")
    if isinstance(refused, StepRefused):  # what the step brings breaks a rule
        category = "other"
        penalty = state.options.get("irregularities", {}).get(
            category, game.laws.penalties[category][0])
        if penalty in ("withdrawn", "void"):
            return irregular.events(category, refused.violations, due, penalty)
        note = irregular.note(category, penalty, refused.violations, due)
        return _recorded(state, game, irregular, placed, refused.result, [note])
    if isinstance(refused, MatchError):
        if refused.violations[0].code != "out_of_turn":
            raise refused
        return irregular.events("out_of_turn", refused.violations, due,
                                at=game.next_place(placed.record, state.players))
    if done is not None:  # the step was taken, the deal it completes is not
        raise refused
    # the record with the step cannot be ruled (e.g. a hand of the wrong size)
    if irregular.kind == "deal_started" and any(v.code in MISDEAL_CODES
                                                for v in refused.violations):
        return irregular.events("misdeal", refused.violations, due, "void")
    return irregular.events("other", refused.violations, due)


#: A card refused as one the player to play cannot hold (Q6, Q4, P4).
NOT_HIS = ("card_not_held", "discard_played")


def _ask_whose_card(
    state: MatchState, irregular: _Irregular, placed: _Placed,
    refused: MatchError | RecordError,
) -> None:
    """A card sent without ``player`` that the player to play cannot hold, and no known hand
    holds, while some hands are not recorded (the candidates): whose it was cannot be
    told, and a guess could void the deal where the laws only take a card out of turn up
    (PT 59 III, P10). Asked, never recorded: "a lead out of turn by Ann?".

    :raises MatchError: ``player_unknown``, naming the candidates (``player``).
    """
    due = placed.before.next.player
    if irregular.kind != "card" or placed.payload.get("player") is not None or due is None \
            or not any(v.code in NOT_HIS for v in refused.violations):
        return
    others = [p for p in irregular.game.unknown_hands(placed.record, placed.dealer,
                                                       state.players) if p != due]
    if not others:  # every other hand is known and none holds it: a card of no hand
        return
    place = "lead" if irregular.game.next_place(placed.record, state.players)[
        "position"] == 1 else "card"
    if len(others) == 1:
        raise MatchError([said(f"player_unknown.{place}", irregular.game.laws.turn("card"),
                               "player", due=due, card=placed.payload.get("card"),
                               named=others[0])])
    raise MatchError([said(f"player_unknown.{place}s", irregular.game.laws.turn("card"),
                           "player", due=due, card=placed.payload.get("card"), named=others)])


def _played_by_other(
    state: MatchState, game: Game, irregular: _Irregular, placed: _Placed,
) -> tuple[_Irregular, _Placed, MatchError] | None:
    """A card sent without ``player`` that the player to play does not hold but another
    does, the hands being known: that other's card out of turn (PT 59 III: a lead out of
    turn is taken up; P10), never a card "not held" that voids the deal. The step as that
    player's, and the refusal a named card out of turn gets; None for any other step."""
    due = placed.before.next.player
    if irregular.kind != "card" or placed.payload.get("player") is not None or due is None:
        return None
    card = placed.payload.get("card")
    holder = game.card_holder(placed.record, card, placed.dealer, state.players,
                              state.options)
    if holder is None or holder == due:
        return None
    named = replace(placed, full={**placed.full, "player": holder},
                    payload={**placed.payload, "player": holder})
    step = _Irregular(state, game, irregular.number, irregular.dealer, irregular.kind,
                      named.full, irregular.entered_by)
    refused = MatchError([said("out_of_turn.holder", game.laws.turn("card"), "card", due=due,
                               named=holder, card=card)])
    return step, named, refused


def _recorded(
    state: MatchState, game: Game, irregular: _Irregular, placed: _Placed, done: StepResult,
    noted: list[NewEvent],
) -> Decided:
    """The step's event (and its ``noted`` irregularity, when it stands as played), then —
    when it completes the deal — the deal finished (:func:`finish_deal`)."""
    full = placed.full if done.law is None else {**placed.full, "law": done.law}
    events = Decided([(irregular.kind, full), *noted])
    if not done.check.complete:
        events.check = done.check  # the fold need not rule the deal again
        return events
    events.extend(finish_deal(state, game, irregular, done.record,
                              [IrregularityNote.read(n[1]) for n in noted],
                              placed.cards_entry))
    return events


def finish_deal(
    state: MatchState, game: Game, irregular: _Irregular, record: dict[str, Any],
    noted: Sequence[IrregularityNote], cards_entry: bool,
) -> list[NewEvent]:
    """A deal whose last step was just decided, finished: the cards of an earlier deal rule
    it (:func:`record_cards`; docs/records.md, "reentry"); else the complete ``record`` is
    ruled once, with the penalties of every irregularity of the deal (those of the deal in
    progress and the ``noted`` ones of this step) applied (P10, Q12), and scored.

    :raises RecordError: the complete record breaks a rule no irregularity acknowledged.
    """
    number, entered_by = irregular.number, irregular.entered_by
    if cards_entry:
        return record_cards(state, game, number, record, entered_by)
    ruled = game.rule(record, irregular.dealer, state.players, state.options)
    known = [*(state.current.irregular if state.current else ()), *noted]
    acknowledged = {found for n in known for found in n.acknowledged}
    left = [v for v in blocking(ruled.violations, irregular.kind)
            if (v.code, v.location) not in acknowledged]
    if left:
        raise RecordError(left)
    if known:
        ruled = game.penalize(ruled, known, state.players, state.options)
    return [("deal_scored", _scored(number, ruled, entered_by))]


@dataclass(frozen=True, slots=True)
class DryRun:
    """What a step would do on the match as it stands (``version``), stored nowhere.

    ``would_record``: the step is recorded as sent; ``violations``: what the rules say
    against it (P2–P10, Q2–Q12). Refused and not sent ``anyway``, ``anyway`` is True when
    recording it anyway would be taken, and the rest says what that would do (else it says
    what the step as sent does): the ``irregularity`` noted (revoke, out_of_turn, misdeal,
    false_call, talon_offence, no_discard, other…), its ``penalty`` and ``consequence``
    (docs/rules/irregularities.md P10, Q12), the ``events`` it would append and the deal's
    ``scored`` payload when it would complete it."""

    version: int
    would_record: bool = True
    violations: tuple[Violation, ...] = ()
    anyway: bool = False
    irregularity: str | None = None
    penalty: str | None = None
    consequence: Consequence | None = None
    events: tuple[NewEvent, ...] = ()
    scored: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"dry_run": true, "version", "would_record", "violations",
        "irregularity", "penalty", "consequence", "events": [{"kind", "payload"}],
        "scored"}``, with ``"anyway": true`` when it says what recording it anyway does, and
        ``consequence_code`` with ``consequence_params`` when the consequence has a code
        (:meth:`~referee.rulings.Consequence.as_fields`)."""
        answer: dict[str, Any] = {
            "dry_run": True, "version": self.version, "would_record": self.would_record,
            "violations": [v.as_dict() for v in self.violations],
            "irregularity": self.irregularity,
            "penalty": self.penalty, "consequence": None,
            **(self.consequence.as_fields() if self.consequence is not None else {}),
            "events": [{"kind": k, "payload": p} for k, p in self.events],
            "scored": self.scored,
        }
        if self.anyway:
            answer["anyway"] = True
        return answer


def dry_run(
    state: MatchState, game: Game, kind: str, payload: dict[str, Any], actor: str | None,
    entered_by: str | None = None, anyway: bool = False,
) -> DryRun:
    """What :func:`step` would decide, appended nowhere; a step the rules refuse (not sent
    ``anyway``) is answered with what recording it anyway would do, when the match would
    take it (docs/rules/irregularities.md: the table sees the penalty before it chooses).

    :raises Clash: the place ``at`` names is taken or not the next one (as when recorded).
    :raises InputError: the step cannot be read (corrected, never recorded anyway).
    """
    try:  # decided once: what the rules say of the step as sent, and of it recorded anyway
        outcome = decide_step(state, game, kind, payload, actor, entered_by, anyway=True)
    except (Clash, InputError):
        raise
    except (MatchError, RecordError) as refused:  # no deal can take it (a finished match)
        return DryRun(state.version, would_record=False, violations=refused.violations)
    answer = DryRun(state.version)
    if outcome.events is None or (outcome.refused is not None and not anyway):
        why = outcome.refused if not anyway else outcome.error
        assert why is not None
        answer = DryRun(state.version, would_record=False, violations=why.violations)
        if outcome.events is None:
            return answer  # refused even anyway
        answer = replace(answer, anyway=True)
    events = outcome.events
    for new_kind, new_payload in events:
        if new_kind == "irregularity":
            note = IrregularityNote.read(new_payload)
            answer = replace(answer, irregularity=note.irregularity, penalty=note.penalty,
                             consequence=note.consequence,
                             violations=answer.violations or tuple(
                                 Violation.from_dict(v) for v in note.violations))
        if new_kind == "deal_scored":  # as the ledger will read it
            answer = replace(answer, scored={
                **new_payload, "ruling": with_kind(game.name, new_payload["ruling"])})
    return replace(answer, events=tuple(events))


def refuse_step_clash(
    state: MatchState, game: Game, kind: str, at: dict[str, int], payload: dict[str, Any],
    reentry: int | None = None,
) -> None:
    """A step that says where it belongs (``at``: ``{"deal": n}``, and for a bid ``"bid": i``,
    for a card ``"trick": t, "position": p``, counted from 1, position 1 the lead) must go
    there. Two phones that tapped the same trick: the second finds its place filled —
    ``step-already-recorded`` with the ``existing`` step (``type``, ``player``, ``card`` or
    ``call``, ``entered_by``) and ``same`` (the same card or call by the same player: both
    phones agree); a place ahead of the next free one (trick 4 while trick 3 is not
    complete), or another deal than the one the step would go to (the deal in progress, the
    next deal, or with ``reentry`` the earlier deal whose cards are entered): ``step-not-next``
    with ``next_at``, where a step of this ``kind`` goes now. Where the next step goes is the
    game's (:meth:`Game.next_place`, the one rule that also places each card played).

    :raises Clash: as above; nothing else is checked here.
    """
    current = state.current
    if reentry is not None and (current is None or not current.reentry):
        # the cards of an earlier deal, from their first step (docs/records.md, "reentry")
        goes = reentry
    else:
        goes = current.number if current is not None else state.next_number
    if current is not None and current.number == goes:
        into, dealer, made = current.record, current.dealer, current.entered_at
    else:
        entry = state.deal(goes) if goes != state.next_number else None
        dealer = entry.dealer if entry is not None else state.next_dealer
        into, made = game.new_record(dealer, state.players, state.options), {}
    place = _place(kind, at)
    record: dict[str, Any] | None = into
    by: str | None = None
    if at["deal"] != goes:  # a deal already played: is that place in its cards?
        played = state.deal(at["deal"])
        record = played.record if played is not None and played.level == "cards" else None
        if played is not None:
            dealer, made, by = played.dealer, played.entered_at, played.entered_by
    if place is not None and record is not None:
        existing = _step_at(state, game, record, dealer, place)
        if existing is not None:
            existing["entered_by"] = made.get(place, by)
            what = "call" if kind == "bid" else "card"
            same = existing.get(what) == payload.get(what) and existing["type"] == kind and (
                payload.get("player") in (None, existing["player"]))
            refused = said(
                "step_already_recorded.bid", "", "at", n=at["deal"], bid=place[1],
                player=existing["player"], step=existing.get(what)) if place[0] == "bid" \
                else said("step_already_recorded.card", "", "at", n=at["deal"], trick=place[1],
                          card=place[2], player=existing["player"], step=existing.get(what))
            raise Clash("step-already-recorded", [refused], state,
                {"at": dict(at), "existing": existing, "same": same})
    free = game.next_place(into, state.players)
    next_at: dict[str, int] = {"deal": goes}
    if kind == "bid":
        next_at["bid"] = free["bid"]
    elif kind == "card":
        next_at.update(trick=free["trick"], position=free["position"])
    if at["deal"] != goes or (place is not None and place != _place(kind, next_at)):
        code = f"step_not_next.{kind}"
        refused = said(code, "", "at", at=_where(at), next=_where(next_at)) \
            if code in MESSAGE_WORDS else Violation(  # a kind with no template: English
                "step_not_next", "", f"This step was written for {Words().place(_where(at))}, "
                f"but the next {kind.replace('_', ' ')} goes at "
                f"{Words().place(_where(next_at))}.", "at")
        raise Clash("step-not-next", [refused], state, {"at": dict(at), "next_at": next_at})


def _place(kind: str, at: dict[str, int]) -> tuple[Any, ...] | None:
    """The place ``at`` names for a step of ``kind``, as the fold keys it (``("bid", i)``,
    ``("card", trick, position)``); None for a step that has no place within its deal."""
    if kind == "bid" and "bid" in at:
        return ("bid", at["bid"])
    if kind == "card" and "trick" in at and "position" in at:
        return ("card", at["trick"], at["position"])
    return None


def _where(at: dict[str, int]) -> list[int]:
    """A place as a sentence's ``place`` parameter: ``[deal, bid]``, ``[deal, trick, card]``
    or ``[deal]``."""
    if "bid" in at:
        return [at["deal"], at["bid"]]
    if "trick" in at:
        return [at["deal"], at["trick"], at["position"]]
    return [at["deal"]]


def _step_at(
    state: MatchState, game: Game, record: dict[str, Any], dealer: int, place: tuple[Any, ...],
) -> dict[str, Any] | None:
    """The bid or card already at ``place`` in the deal ``record`` (dealt by ``dealer``):
    ``{"type", "player", "call" | "card"}``, the player being whose turn it was there (the
    rules on the deal up to that place); None when the place is free."""
    bids, tricks = list(record.get("bids") or []), [list(t) for t in record.get("tricks") or []]
    if place[0] == "bid":
        if not 1 <= place[1] <= len(bids):
            return None
        before = {**record, "bids": bids[:place[1] - 1], "tricks": []}
        found: dict[str, Any] = {"type": "bid", "call": bids[place[1] - 1]}
    else:
        trick, position = place[1], place[2]
        if not (1 <= trick <= len(tricks) and 1 <= position <= len(tricks[trick - 1])):
            return None
        earlier = tricks[:trick - 1] + ([tricks[trick - 1][:position - 1]] if position > 1
                                        else [])
        before = {**record, "tricks": earlier}
        found = {"type": "card", "card": tricks[trick - 1][position - 1]}
    check = game.check_step(before, dealer, state.players, state.options)
    return {"type": found["type"], "player": check.next.player, **found}


def _by_engine(
    state: MatchState, game: Game, irregular: _Irregular, placed: _Placed,
    refused: Sequence[Violation],
) -> list[NewEvent] | None:
    """A step recorded anyway as the game's engine records it (Pitch P10: a revoke, a bid
    or a lead out of turn, a misdeal go into the record's ``irregular`` list and the ruling
    applies the table's option), or None when the engine does not take it."""
    named = placed.payload.get("player")
    seat = state.players.index(named) if named in state.players else None
    try:
        found = game.record_anyway(placed.record, irregular.kind, irregular.step, seat,
                                   state.players, state.options)
    except ElectionRefused:
        raise
    except (MatchError, RecordError):
        return None
    if found is None or not found.kinds:
        return None
    note = irregular.note(found.category, found.penalty, found.violations or refused,
                          placed.before.next.player, consequence=found.said,
                          entries=found.entries, record=found.record)
    if found.fresh_deal:  # PT 28–29: the adversary elects a fresh deal
        return irregular.voided(note)
    return _noted(state, game, irregular, note, found.record, placed.cards_entry)


def _noted(
    state: MatchState, game: Game, irregular: _Irregular, note: NewEvent,
    new_record: dict[str, Any], cards_entry: bool,
) -> list[NewEvent]:
    """The ``irregularity`` note of a step, then — when the record with it is complete — the
    deal finished (:func:`finish_deal`).

    :raises RecordError: the complete record cannot be ruled.
    """
    after = game.check_step(new_record, irregular.dealer, state.players, state.options)
    if not after.complete:
        return [note]
    return [note, *finish_deal(state, game, irregular, new_record,
                               [IrregularityNote.read(note[1])], cards_entry)]


def _at_the_table(
    state: MatchState, game: Game, irregular: _Irregular, placed: _Placed,
) -> list[NewEvent]:
    """An irregularity the rules do not refuse as a step but that the table found (a talon
    offence, a hand of more or fewer than twelve cards: Q12, PT 27–29, 57, 58; P10 for
    Pitch): added to the deal's record by the game, noted in an ``irregularity`` event with
    its penalty (the table's option); a fresh deal (PT 28–29) ends the deal at once: it
    scores nothing, does not count, and the same dealer deals again.

    :raises MatchError: not an irregularity of the game, or the player not of the match.
    :raises RecordError: the record with it cannot be read.
    """
    payload = placed.payload
    named = payload.get("player")
    if named is not None and named not in state.players:
        raise MatchError([said("not_a_player", game.laws.players, "player", named=named,
                               players=state.players)])
    seat = state.players.index(named) if named is not None else None
    found = game.record_irregularity(placed.record, payload.get("what"), seat,
                                     irregular.dealer, state.players, state.options,
                                     payload.get("cards"), payload.get("election"))
    what = str(payload.get("what"))
    note = irregular.note(what, found.penalty, [], None, consequence=found.said,
                          entries=found.entries, record=found.record)
    if found.fresh_deal:
        return irregular.voided(note)
    if found.dealt_by is not None:  # PT 16: the deal stands, the other its dealer
        if placed.cards_entry:  # an earlier deal keeps the dealer it was counted with
            raise MatchError([said("bad_irregularity.counted", game.laws.irregularities,
                                   "what", n=irregular.number)])
        note[1]["dealt_by"] = found.dealt_by
        irregular = _Irregular(state, game, irregular.number, found.dealt_by,
                               irregular.kind, irregular.step, irregular.entered_by)
    return _noted(state, game, irregular, note, found.record, placed.cards_entry)


class _Irregular:
    """The events of a step recorded anyway (P10, Q12): the ``irregularity`` note, and the
    deal voided when that is the penalty."""

    def __init__(self, state: MatchState, game: Game, number: int, dealer: int, kind: str,
                 step: dict[str, Any], entered_by: str | None) -> None:
        self.state, self.game, self.number, self.dealer = state, game, number, dealer
        self.kind, self.step, self.entered_by = kind, step, entered_by

    def note(self, category: str, penalty: str, violations: Sequence[Violation],
             due: str | None, consequence: Consequence | None = None,
             entries: Sequence[Entry] = (),
             record: dict[str, Any] | None = None) -> NewEvent:
        """The ``irregularity`` event; ``consequence``: the engine's, when the engine ruled on
        it, else the match's (:meth:`consequence`), stored by its code and parameters when it
        has a code, else as its English words; ``entries``: what it adds to the record's
        ``irregular`` list and ``record`` the deal's record with it, when the engine rules
        on it."""
        said_so = (consequence if consequence is not None and consequence.text
                   else self.consequence(category, penalty, violations, due))
        payload = {
            "deal": self.number, "dealer": self.dealer, "irregularity": category,
            "penalty": penalty, "step": {"type": self.kind, **self.step},
            "violations": [v.as_dict() for v in violations],
            **said_so.as_stored(),
            "entered_by": self.entered_by,
        }
        if entries:
            payload["irregular"] = list(entries)
        if record is not None:
            payload["record"] = record
        return ("irregularity", payload)

    def events(self, category: str, violations: Sequence[Violation],
               due: str | None, penalty: str | None = None,
               at: dict[str, int] | None = None) -> list[NewEvent]:
        """The note of a step taken back or voiding the deal, with the void's events;
        ``at``: where a card taken back was played (``{"trick", "position"}``), kept on its
        note so that a card played to it is known (PT 59 III)."""
        if penalty is None:
            options = self.state.options.get("irregularities", {})
            penalty = options.get(category, self.game.laws.penalties[category][0])
        if penalty not in ("withdrawn", "void"):  # out of turn: nothing else can stand
            penalty = "withdrawn"
        events = [self.note(category, penalty, violations, due)]
        if at is not None and penalty == "withdrawn" and self.kind == "card":
            events[0][1]["at"] = {"deal": self.number, "trick": at["trick"],
                                  "position": at["position"]}
        if penalty == "void":
            return self.voided(events[0])
        return events

    def voided(self, note: NewEvent) -> list[NewEvent]:
        """The note of an irregularity whose penalty voids the deal, the void ruling, and
        the deal voided (dealt again by the same dealer)."""
        names = self.game.standing_names(self.state.players, self.state.options)
        payload = note[1]
        ruling = VoidRuling(payload["irregularity"], tuple(payload["violations"]))
        return [note,
                ("deal_scored", _scored(self.number, DealRuling(ruling, dict.fromkeys(names, 0)),
                                        self.entered_by)),
                ("deal_voided", {"deal": self.number,
                                 "reason": IrregularityNote.read(payload).consequence.text,
                                 "by": None, "irregularity": True})]

    def consequence(self, category: str, penalty: str, violations: Sequence[Violation],
                    due: str | None) -> Consequence:
        """What the penalty means for the table (P10, Q12), by its code
        (:data:`referee.violations.CONSEQUENCE_WORDS`), opening with the first violation."""
        first, laws, kind = violations[0], self.game.laws, self.kind
        if category == "misdeal":
            return consequence("misdeal", first, law=laws.misdeal)
        if category == "incorrect_pack":
            if laws.pack_dealer:
                return consequence("incorrect_pack", first, dealer_law=laws.pack_dealer,
                                   law=laws.incorrect_pack)
            return consequence("incorrect_pack.hand", first, law=laws.incorrect_pack)
        variant = kind if kind in ("card", "bid") else None
        if penalty == "withdrawn":
            code = "withdrawn" + (f".{variant}" if variant else "") + (".due" if due else "")
            return consequence(code, first, law=laws.withdrawn,
                               **({"due": due} if due else {}),
                               **({} if variant else {"step": kind}))
        if penalty == "void":
            return consequence("void", first)
        return consequence("stands" + (f".{variant}" if variant else ""), first,
                           **({} if variant else {"step": kind}))


def _scored(number: int, ruled: DealRuling, entered_by: str | None) -> dict[str, Any]:
    scored = {"deal": number, "scores": ruled.scores, "ruling": ruled.as_dict()}
    if entered_by is not None:
        scored["entered_by"] = entered_by
    return scored


def _refuse_out_of_turn(
    game: Game, kind: str, named: str | None, due: str | None, players: Sequence[str]
) -> None:
    """A step that names its ``player`` must name one of the match, and a bid or a card must
    be his turn (P3/P4, Q6)."""
    if named is None:
        return
    rule = game.laws.turn(kind)
    if named not in players:
        raise MatchError([said("not_a_player", game.laws.players, "player", named=named,
                               players=players)])
    if kind in ("bid", "card") and due is not None and named != due:
        raise MatchError(
            [said("out_of_turn", rule, "player", due=due, named=named)]
        )


def record_deal(
    state: MatchState, game: Game, record: dict[str, Any], level: str = "cards",
    entered_by: str | None = None, deal: int | None = None, *, disputed: bool = False,
) -> list[NewEvent]:
    """A whole deal at once, at entry ``level`` "cards" (a deal record), "sheet" (the line of
    the score sheet) or "totals" (the deal's points): ruled, and stored only when it breaks no
    rule (an impossible line is refused). ``entered_by`` as for :func:`step`.

    ``disputed``: a record that breaks the rules but can still be ruled (its points known:
    a revoke, a total no deal gives) is recorded as ruled, its ruling listing its violations,
    and disputed at once (``deal_disputed`` by ``entered_by``, its ``reason`` the violations'
    sentences and ``violations`` them as JSON): it counts as ruled, the result withheld,
    until its cards rule it or it is amended or voided (docs/format.md, an import's
    ``violations=dispute``). A record too broken to be ruled is refused even so.

    ``deal``: the deal the entry was written for (None: the next deal, as older clients
    send). A new deal is only ever recorded as such on purpose: an entry written for a deal
    that already has one, or for any deal but the next, is refused (:func:`refuse_deal_clash`)
    — never recorded as the next deal with its roles read for that deal's players.

    :raises Clash: ``deal`` already recorded, or not the next deal.
    :raises MatchError: the match is over, or a deal is being recorded step by step.
    :raises RecordError: the entry breaks the rules.
    """
    if deal is not None:
        refuse_deal_clash(state, game, deal)
    _refuse_if_finished(state, game)
    if state.current is not None and state.current.step_seqs:
        raise MatchError(
            [
                said("deal_in_progress.steps", "", n=state.current.number)
            ]
        )
    number = state.next_number
    dealer = state.next_dealer
    if level == "cards":  # PT 16: a deal dealt out of turn, found late, stands as dealt
        dealer = game.dealt_by(record, dealer, state.players)
    record, ruled = _ruled_entry(game, level, record, dealer, state, "", keep=disputed)
    events: list[NewEvent] = [
        ("deal_recorded", {"deal": number, "dealer": dealer, "record": record, "level": level,
                           **({"entered_by": entered_by} if entered_by else {})}),
        ("deal_scored", _scored(number, ruled, entered_by)),
    ]
    fresh = [i for i in events[1][1]["ruling"].get("irregularities") or ()
             if isinstance(i, dict) and i.get("penalty") == "fresh_deal"]
    if fresh:  # Q12: a misdeal (PT 10–14) or a fresh deal elected (PT 28–29): dealt again
        events.append(("deal_voided", {"deal": number, "reason": fresh[0]["consequence"],
                                       "by": None, "irregularity": True}))
    elif ruled.violations:  # kept only when ``disputed``: the rules broken, disputed at once
        events.append(("deal_disputed", {
            "deal": number, "reason": " ".join(v.message for v in ruled.violations),
            "entered_by": entered_by,
            "violations": [v.as_dict() for v in ruled.violations]}))
    return events


def refuse_deal_clash(state: MatchState, game: Game, number: int) -> None:
    """An entry written for deal ``number`` must be for the next deal. Deal ``number``
    already counted (its entry scored and not voided; cards that superseded a sheet or totals
    are still that deal's entry): ``deal-already-recorded`` with that entry
    (:func:`describe_entry`); any other deal but the next (beyond it, before it, below 1):
    ``deal-not-next`` with ``next_deal``.

    :raises Clash: as above; nothing else is checked here.
    """
    entry = state.deal(number)
    if entry is not None and entry.status == "live":
        existing = describe_entry(state, game, entry)
        scores = tuple(f"{name} {points}" for name, points in entry.scores.items())
        who = (entry.entered_by or "").removeprefix("seat:")
        refused = said("deal_already_recorded", "", "deal", n=number, scores=scores, who=who,
                       next=state.next_number) if who else \
            said("deal_already_recorded.phone", "", "deal", n=number, scores=scores,
                 next=state.next_number)
        raise Clash("deal-already-recorded", [refused], state,
                    {"deal": number, "existing": existing})
    if number != state.next_number:
        raise Clash("deal-not-next", [said(
            "deal_not_next", "", "deal", n=number, next=state.next_number)], state,
            {"deal": number, "next_deal": state.next_number})


def describe_entry(state: MatchState, game: Game, entry: DealEntry) -> dict[str, Any]:
    """A counted deal's entry as the table reads it: ``deal``, ``level``, ``dealer`` (and in
    Piquet ``elder``, ``younger``) by name, ``entered_by``, ``agreement``, ``scores`` (points
    per player or team) and ``entry``: the body that recorded it (``{"sheet": …}``,
    ``{"totals": …}`` or the cards record, as stored)."""
    body: dict[str, Any] = dict(entry.record)
    if entry.level in ("sheet", "totals"):
        body = {entry.level: body}
    return {"deal": entry.number, "level": entry.level,
            **game.roles(entry.dealer, state.players),
            "entered_by": entry.entered_by, "agreement": entry.agreement,
            "scores": dict(entry.scores), "entry": body}


def _ruled_entry(
    game: Game, level: str, record: dict[str, Any], dealer: int, state: MatchState,
    location: str, *, keep: bool = False,
) -> tuple[dict[str, Any], DealRuling]:
    """The record as stored (the dealer checked and filled in) and its ruling; ``keep``: a
    ruling with violations is returned, not refused (:func:`record_deal`'s ``disputed``).

    :raises RecordError: the record breaks a rule (unless ``keep``) or is impossible (its
        violations located under ``location``, e.g. "claim").
    """
    if level == "cards" or game.sheet_has_dealer(level):
        record = _with_dealer(game.new_record(dealer, state.players, state.options), record,
                              state.players, keep=level == "cards")
    try:
        ruled = game.rule_entry(level, record, dealer, state.players, state.options)
    except InputError as unread:  # located in the body: "claim.sheet.sets.elder[0]"
        outer = location.removesuffix(f".{level}") if location.endswith(f".{level}") else ""
        raise InputError(_located(unread.violations, outer)) from None
    if ruled.violations and not keep:
        raise RecordError(_located(ruled.violations, location))
    return record, ruled


def _located(violations: Sequence[Violation], prefix: str) -> list[Violation]:
    if not prefix:
        return list(violations)
    return [replace(v, location=f"{prefix}.{v.location}" if v.location else prefix)
            for v in violations]


def _may_answer(state: MatchState, entry: DealEntry, principal: str, what: str) -> None:
    """Only the other side confirms or disputes an entry. A seat is not the other
    side of its own side's entry; the shared write token speaks for the whole table only while
    no seat has joined (a single phone).

    An event's organiser (docs/events.md E11) answers for any side at its tables.

    :raises MatchError: code ``not_the_other_side``.
    """
    if principal == ORGANISER:
        return
    if not principal.startswith("seat:"):
        if state.joined:
            raise MatchError([said(f"not_the_other_side.seats.{what}", "")])
        return
    side = state.side_of(principal)
    if side is not None and side == state.side_of(entry.entered_by):
        raise MatchError([said(f"not_the_other_side.{what}", "", n=entry.number, side=side)])


def to_confirm(state: MatchState, principal: str | None) -> tuple[int, ...]:
    """The provisional deals waiting for this credential's answer, confirm or dispute (issue
    11): a seat, those the other side entered; the shared write token, all of them while no
    seat has joined and ``auto_confirm`` is off (on, they confirm themselves: each as the next
    deal starts, the last as the match ends; the write token may still confirm one early);
    the read token (None), none."""
    if principal is None:
        return ()
    if not principal.startswith("seat:") and state.auto_confirm:
        return ()
    numbers = []
    for entry in state.live_deals:
        if entry.agreement != "provisional":
            continue
        try:
            _may_answer(state, entry, principal, "confirm")
        except MatchError:
            continue
        numbers.append(entry.number)
    return tuple(numbers)


@dataclass(frozen=True, slots=True)
class ProvisionalResult:
    """How to make final the result of a match that has ended with deals still provisional
    (Q9, P7; docs/records.md: the other side confirms each deal): ``confirm`` each such deal
    with the credentials that may confirm it (``"seat:Bill"``, ``"write token"``: those whose
    :func:`to_confirm` lists it), in order; ``word`` the game's word for a deal ("deal",
    "hand"), for :attr:`message`.

    >>> result = ProvisionalResult(((5, ("seat:Ann",)), (6, ("seat:Ann",))), "deal")
    >>> result.deals, result.message
    ((5, 6), "Provisional until deals 5 and 6 are confirmed, from Ann's phone.")
    """

    confirm: tuple[tuple[int, tuple[str, ...]], ...]
    word: str = "deal"

    @property
    def deals(self) -> tuple[int, ...]:
        """The deals still provisional, in order."""
        return tuple(n for n, _ in self.confirm)

    @property
    def message(self) -> str:
        """What the table must do, in a sentence: "Provisional until deal 6 is confirmed, from
        Bill's phone."; each deal's phones when they differ."""
        word = self.word
        numbers = [str(n) for n in self.deals]
        what = (f"{word} {numbers[0]} is" if len(numbers) == 1
                else f"{word}s {_either(numbers, 'and')} are")
        if len({phones for _, phones in self.confirm}) == 1:
            how = f", from {_phones(self.confirm[0][1])}."
        else:
            how = ": " + ", ".join(f"{word} {n} from {_phones(phones)}"
                                   for n, phones in self.confirm) + "."
        return f"Provisional until {what} confirmed{how}"

    def as_dict(self) -> dict[str, Any]:
        """JSON: ``{"deals": [n, …], "confirm": [{"deal": n, "by": [credential, …]}],
        "message"}``."""
        return {"deals": list(self.deals),
                "confirm": [{"deal": n, "by": list(phones)} for n, phones in self.confirm],
                "message": self.message}


def provisional_result(state: MatchState) -> ProvisionalResult | None:
    """How to make final the result of a match that has ended with deals still provisional
    (:class:`ProvisionalResult`); None while the match goes on, its result is withheld (a deal
    disputed) or every counted deal is agreed."""
    if not state.outcome.finished or state.withheld is not None or not state.provisional:
        return None
    principals = ("write token", *(f"seat:{p}" for p in state.seats))
    waiting = {p: to_confirm(state, p) for p in principals}
    return ProvisionalResult(
        tuple((n, tuple(p for p in principals if n in waiting[p])) for n in state.provisional),
        GAMES[state.game].laws.deal)


def _phones(principals: Sequence[str]) -> str:
    """The phones of these credentials in words: "Bill's phone", "the shared phone or Ann's
    phone"; none: a seat of the other side must be given first."""
    if not principals:
        return "the phone of a player of the other side, once given a seat"
    words = ["the shared phone" if p == "write token" else f"{p[len('seat:'):]}'s phone"
             for p in principals]
    return _either(words, "or")


def _either(words: Sequence[str], conjunction: str) -> str:
    """"a", "a or b", "a, b or c"."""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _counted_deal(state: MatchState, number: int) -> DealEntry:
    entry = state.deal(number)
    if entry is None or entry.status != "live":
        raise MatchError(
            [said("no_such_deal", "", "deal", n=number)]
        )
    return entry


def confirm(state: MatchState, number: int, principal: str) -> list[NewEvent]:
    """The other side accepts deal ``number`` as entered: provisional → confirmed (docs/records.md).

    :raises MatchError: no such counted deal, not provisional, or not the other side.
    """
    entry = _counted_deal(state, number)
    if entry.agreement != "provisional":
        raise MatchError([said(f"not_provisional.{entry.agreement}", "", n=number)])
    _may_answer(state, entry, principal, "confirm")
    return [("deal_confirmed", {"deal": number, "entered_by": principal})]


def dispute(
    state: MatchState, game: Game, number: int, reason: str, claim: dict[str, Any] | None,
    principal: str, imported: dict[str, Any] | None = None,
) -> list[NewEvent]:
    """The other side disputes deal ``number`` with a reason and, optionally, its own claim
    (``{"sheet": …}`` or ``{"totals": …}``, ruled like an entry and refused when impossible):
    provisional or confirmed → disputed, until the deal's cards rule it (docs/records.md).
    ``imported``: what a record file said of the dispute (docs/format.md; who disputed):
    stored as the event's ``imported`` mark, and each of a file's disputes is its own, though
    all are made by the importer.

    :raises MatchError: no such counted deal, already ruled, or not the other side.
    :raises RecordError: the claim is impossible.
    """
    entry = _counted_deal(state, number)
    if entry.agreement == "ruled":
        raise MatchError([said("already_ruled", "", n=number)])
    if entry.agreement == "disputed" and imported is None and any(
        c.by(principal) for c in entry.claims
    ):
        raise MatchError([said("already_disputed", "", n=number)])
    _may_answer(state, entry, principal, "dispute")
    payload: dict[str, Any] = {"deal": number, "reason": reason, "entered_by": principal}
    if imported is not None:
        payload["imported"] = imported
    if claim is not None:
        level = "sheet" if "sheet" in claim else "totals"
        record, ruled = _ruled_entry(game, level, claim[level], entry.dealer, state,
                                     f"claim.{level}")
        payload["claim"] = {"level": level, "record": record, "scores": ruled.scores}
    return [("deal_disputed", payload)]


def record_cards(
    state: MatchState, game: Game, number: int, record: dict[str, Any], entered_by: str | None,
) -> list[NewEvent]:
    """The cards of deal ``number``, entered after a score sheet or totals entry or to decide
    a dispute: the cards' ruling supersedes the earlier entry (the ledger keeps both), and the
    event says what changed (the earlier entry, and each side's claim, against the ruling,
    with the first point where each parts from it).

    :raises MatchError: no such counted deal, one already ruled by its cards and not
        disputed (amend it instead), or another deal's cards being entered step by step.
    :raises RecordError: the cards break a rule.
    """
    current = state.current
    if current is not None and current.reentry and current.number != number:
        # its undo would go with the other entry's last step (docs/records.md, "reentry")
        raise MatchError([said("deal_in_progress.cards", "", "deal", n=current.number,
                               reentry=number)])
    entry = _counted_deal(state, number)
    _refuse_cards_entered(entry)
    record, ruled = _ruled_entry(game, "cards", record, entry.dealer, state, "")
    _refuse_if_outcome_breaks(state, game, {number: replace(entry, scores=ruled.scores)})
    players, options = state.players, state.options

    def compared(level: str, claimed: dict[str, Any], scores: dict[str, int]) -> dict[str, Any]:
        # stored in the event's payload: JSON from here on
        return game.compare(record, ruled, level, claimed, scores, entry.dealer, players,
                            options).as_dict()

    earlier = compared(entry.level, entry.record, entry.scores)
    claims = [
        replace(c, comparison=compared(c.level, c.record or {}, c.scores or {}))
        if c.level else c
        for c in entry.claims
    ]
    if entry.level == "cards" and entry.agreement == "disputed":  # the first entry's claim
        claims.insert(0, Claim(state.side_of(entry.entered_by), entry.entered_by, None, True,
                               "cards", entry.record, entry.scores, earlier))
    payload = {"deal": number, "record": record, "entered_by": entered_by,
               "changes": earlier, "claims": [c.as_dict() for c in claims]}
    return [("deal_cards_recorded", payload), ("deal_scored", _scored(number, ruled, entered_by))]


def _refuse_cards_entered(entry: DealEntry) -> None:
    if entry.level == "cards" and entry.agreement != "disputed":
        raise MatchError([said("already_cards", "", "deal", n=entry.number)])


def issue_seats(state: MatchState, players: Sequence[str]) -> list[NewEvent]:
    """Seat credentials are made (by the store, never in the ledger): the ``seats_issued``
    event. A seat joins only when its phone takes it up (:func:`join_seat`, or its first
    write): ``"joined": false`` says so (older ledgers, without it, joined on issue; a
    credential made again waits for its new phone) (docs/records.md).

    :raises MatchError: a name that is not a player of the match.
    """
    for name in players:
        if name not in state.players:
            raise MatchError([said("not_a_player", GAMES[state.game].laws.players, "players",
                                   named=name, players=state.players)])
    return [("seats_issued", {"players": list(players), "joined": False})]


def join_seat(state: MatchState, principal: str) -> list[NewEvent]:
    """The seat's phone takes it up (docs/records.md): ``seat_joined``, once (nothing when it has
    already joined). From then on deals wait for the other side (``auto_confirm`` "auto").

    :raises MatchError: ``not_a_seat``: the credential is not a seat's.
    """
    if not principal.startswith("seat:"):
        raise MatchError([said("not_a_seat", "")])
    player = principal[len("seat:"):]
    if player in state.joined:
        return []
    return [("seat_joined", {"player": player})]


def undo(
    state: MatchState, reason: str | None, by: str | None, principal: str | None = None
) -> list[NewEvent]:
    """Take back the last entry (a step, a whole deal, a void or an amendment) and the score
    it caused. A seat (``principal`` "seat:Ann") takes back only its own entries (docs/records.md:
    the other side disputes instead). :raises MatchError: nothing to undo, or not the seat's
    own entry."""
    if not state.last_undoable:
        raise MatchError([said("nothing_to_undo", "")])
    made_by = state.last_undoable_by
    if principal is not None and principal.startswith("seat:") and made_by != principal:
        raise MatchError([said("not_your_entry", "", who=made_by.removeprefix("seat:"))
                          if made_by else said("not_your_entry.shared", "")])
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
            [said("no_such_deal.void", "", n=number)]
        )
    if game is not None:
        _refuse_if_outcome_breaks(state, game, {number: replace(entry, status="voided")})
    return [("deal_voided", {"deal": number, "reason": reason, "by": by})]


def amend_deal(
    state: MatchState, game: Game, number: int, record: dict[str, Any], reason: str,
    by: str | None, entered_by: str | None = None,
) -> list[NewEvent]:
    """Replace a finished deal's record by a corrected one, ruled again; the old one stays in
    the ledger."""
    entry = state.deal(number)
    if entry is None or entry.status != "live":
        raise MatchError(
            [said("no_such_deal.amend", "", n=number)]
        )
    _refuse_amend_too_late(state, game, number)
    record = _with_dealer(game.new_record(entry.dealer, state.players, state.options), record,
                          state.players)
    ruled = game.rule(record, entry.dealer, state.players, state.options)
    if ruled.violations:
        raise RecordError(ruled.violations)
    _refuse_if_outcome_breaks(state, game, {number: replace(entry, scores=ruled.scores)})
    amended = {"deal": number, "record": record, "reason": reason, "by": by}
    if entered_by is not None:
        amended["entered_by"] = entered_by
    return [("deal_amended", amended), ("deal_scored", _scored(number, ruled, entered_by))]


def _refuse_amend_too_late(state: MatchState, game: Game, number: int) -> None:
    """PT 70: errors in counting a hand may be put right "until he has seen his next hand":
    once a later deal is begun (recorded, voided or in progress), deal ``number`` stands
    as scored. Only for a game whose laws say so (:attr:`Laws.amend_until_next_deal`).

    :raises MatchError: ``amend_too_late``.
    """
    law = game.laws.amend_until_next_deal
    if law is None:
        return
    later = [d.number for d in state.deals if d.number > number]
    current = state.current
    if current is not None and not current.reentry and current.number > number:
        later.append(current.number)
    if later:
        raise MatchError([said("amend_too_late", law, "deal", n=number, next=min(later),
                               law=law)])


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
                said("correction_ends_partie_earlier", "Q9", "deal")
            ]
        ) from None


def _with_dealer(
    empty: dict[str, Any], record: dict[str, Any], players: Sequence[str], keep: bool = True
) -> dict[str, Any]:
    """The record sent, checked against the dealer the match expects (P2, Q1); with ``keep``
    the empty record's other fields fill in what the record leaves out. ``players``: named in
    the refusal."""
    expected = empty.get("dealer")
    given = record.get("dealer", expected)
    if given != expected:
        def who(seat: Any) -> Any:
            known = isinstance(seat, int) and 0 <= seat < len(players)
            return players[seat] if known else seat

        raise RecordError([said("wrong_dealer", "P2", "dealer", expected=who(expected),
                                given=who(given))])
    if not keep:
        return {**record, "dealer": expected} if expected is not None else dict(record)
    return {**empty, **record}
