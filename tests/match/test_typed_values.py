"""The match layer's typed values and their JSON, which is what the API answers.

A Piquet partie's settlement (Q9) is a :class:`~referee.match.state.MatchSettlement`, the
engine's :class:`~referee.piquet.Settlement` inside; it becomes JSON once, at the edge
(``to_json``). Over the ledger corpus (tests/corpus: ledgers recorded by older versions, read
as stored), its JSON is what those versions answered.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from referee import piquet, pitch
from referee.i18n import money
from referee.match import commands
from referee.match.events import Event
from referee.match.games import GAMES
from referee.match.state import AlsoStep, DealRuling, MatchSettlement, MatchState, Next, replay
from referee.piquet import Settlement, settle_partie
from tests.corpus.facts import SETTLEMENT_KEYS

CORPUS = sorted((Path(__file__).resolve().parents[1] / "corpus").glob("v*/*.json"))


def _old_settlement(scores: dict[str, int], stake: Decimal | None, currency: str | None,
                    provisional: list[int] | None) -> dict[str, Any]:
    """The settlement as the match layer built it as a dict before it was typed."""
    old = settle_partie(scores, stake).as_dict()
    old["currency"] = currency
    # Added since: the amount in the currency, written as English writes money.
    old["amount_words"] = None if old["amount"] is None else money(old["amount"], currency, "en")
    if provisional is not None:
        old = {**old, "provisional": bool(provisional), "provisional_deals": provisional}
    return old


@pytest.mark.parametrize(("scores", "stake", "currency", "provisional"), [
    ({"Bill": 213, "Ann": 69}, Decimal("0.10"), "EUR", []),          # rubiconed, agreed
    ({"Bill": 120, "Ann": 150}, None, None, [5, 6]),                  # no stake, provisional
    ({"Bill": 100, "Ann": 100}, Decimal("1"), "GBP", None),           # drawn, unmarked
])
def test_a_settlement_answers_the_json_it_answered_as_a_dict(
    scores: dict[str, int], stake: Decimal | None, currency: str | None,
    provisional: list[int] | None,
) -> None:
    typed = MatchSettlement(settle_partie(scores, stake), currency)
    if provisional is not None:
        typed = typed.marked(provisional)
    expected = _old_settlement(scores, stake, currency, provisional)
    assert typed.to_json() == expected
    assert list(typed.to_json()) == list(expected)  # the same keys in the same order
    assert json.dumps(typed.to_json()) == json.dumps(expected)


def test_a_settlement_is_frozen_and_marking_makes_a_new_one() -> None:
    unmarked = MatchSettlement(Settlement("Ann", "Bill", False, 130), None)
    marked = unmarked.marked([6])
    assert unmarked.provisional is None and "provisional" not in unmarked.to_json()
    assert (marked.provisional, marked.provisional_deals, marked.winner) == (True, (6,), "Ann")
    with pytest.raises(AttributeError):
        marked.currency = "EUR"  # type: ignore[misc]


def _events(recording: dict[str, Any]) -> list[Event]:
    """The file's rows as the store reads them: each payload as its stored text, parsed."""
    return [Event(row["seq"], row["kind"], json.loads(row["payload"]), row["actor"],
                  row["hash"]) for row in recording["events"]]


@pytest.mark.parametrize("path", CORPUS, ids=[f"{p.parent.name}/{p.stem}" for p in CORPUS])
def test_a_corpus_ledger_settles_as_its_version_answered(path: Path) -> None:
    recording = json.loads(path.read_text("utf-8"))
    state = replay(_events(recording), GAMES)
    answered = recording["expected"]["match"]["settlement"]
    settlement = state.outcome.settlement
    if answered is None:
        assert settlement is None
        return
    assert settlement is not None
    as_json = settlement.to_json()
    assert {k: as_json.get(k) for k in SETTLEMENT_KEYS} == answered
    assert settlement.provisional is not None  # the ledger marks what it shows


def test_the_corpus_holds_a_settled_partie() -> None:
    """The corpus test above would pass vacuously without one."""
    answers = [json.loads(p.read_text("utf-8"))["expected"]["match"]["settlement"]
               for p in CORPUS]
    assert any(a is not None for a in answers)


def test_what_may_still_be_recorded_answers_the_json_it_answered_as_dicts() -> None:
    """Q4, Q5: the exchange and each player's declarations before the first card."""
    also = (AlsoStep("exchange"), AlsoStep("declaration", "elder", "Bill"))
    assert Next("card", also=also).as_dict()["also"] == [
        {"type": "exchange"}, {"type": "declaration", "role": "elder", "player": "Bill"}]


def _cards_recorded() -> list[tuple[str, list[Event], Event]]:
    """Each corpus ``deal_cards_recorded`` event, with the events stored before it."""
    found = []
    for path in CORPUS:
        events = _events(json.loads(path.read_text("utf-8")))
        for at, event in enumerate(events):
            if event.kind == "deal_cards_recorded":
                found.append((f"{path.parent.name}/{path.stem}#{event.seq}", events[:at], event))
    return found


CARDS_RECORDED = _cards_recorded()


def _without_codes(value: Any) -> Any:
    """``value`` without what comparisons gained after tests/corpus/v1 was recorded: their
    ``code`` keys (``claim_agrees``, ``…_differs``) and a difference's hints
    (``explanations``, ``hints``)."""
    if isinstance(value, dict):
        return {k: _without_codes(v) for k, v in value.items()
                if k not in ("explanations", "hints")
                and not (k == "code" and isinstance(v, str)
                         and (v.startswith("claim_") or v.endswith("_differs")))}
    if isinstance(value, list):
        return [_without_codes(v) for v in value]
    return value


@pytest.mark.parametrize(("before", "stored"), [(b, s) for _, b, s in CARDS_RECORDED],
                         ids=[name for name, _, _ in CARDS_RECORDED])
def test_the_cards_entered_again_compare_as_the_corpus_stored_them(
    before: list[Event], stored: Event,
) -> None:
    """docs/records.md: the earlier entry (``changes``) and each side's claim beside the
    cards' ruling, typed now (the engines' comparisons, or by points alone) and made JSON
    only for the event: what the older version stored, key for key."""
    state = replay(before, GAMES)
    decided = commands.record_cards(state, GAMES[state.game], stored.payload["deal"],
                                    stored.payload["record"], stored.payload["entered_by"])
    kind, payload = decided[0]
    assert kind == "deal_cards_recorded"
    for key in ("changes", "claims"):
        # stored as canonical JSON (sorted keys); codes and hints came after v1
        assert json.dumps(_without_codes(payload[key]), sort_keys=True) \
            == json.dumps(stored.payload[key], sort_keys=True)


def test_the_corpus_holds_cards_entered_after_a_claim() -> None:
    """The test above would pass vacuously without them: both games, agreeing or not."""
    assert len(CARDS_RECORDED) >= 4
    assert {name.split("-")[0] for name, _, _ in CARDS_RECORDED} == {"v1/piquet", "v1/pitch"}


def _old_compare(state: MatchState, cards: dict[str, Any], ruled: DealRuling, level: str,
                 claim: dict[str, Any], claim_scores: dict[str, int],
                 dealer: int) -> dict[str, Any]:
    """The comparison as the match layer built it as a dict before it was typed (a copy of
    that code, kept here as the reference; it calls the adapters' private helpers)."""
    players, options = state.players, state.options
    if level == "cards":
        text = ", ".join
        agrees = all(claim_scores.get(n, 0) == p for n, p in ruled.scores.items())
        parts = None if agrees else {
            "step": "scores", "rule": "",
            "ruling": text(f"{n} {p}" for n, p in ruled.scores.items()),
            "claim": text(f"{n} {p}" for n, p in claim_scores.items())}
        return {"agrees": agrees, "parts_at": parts,
                "differences": [] if parts is None else [parts]}
    if state.game == "pitch":
        game = GAMES["pitch"]
        engine_options = game._engine_options(options)  # type: ignore[attr-defined]
        cards_ruling = pitch.rule_hand(game._hand(cards, players, options,  # type: ignore[attr-defined]
                                                  engine_options), engine_options)
        return pitch.compare_claim(cards_ruling, game._engine_entry(  # type: ignore[attr-defined]
            level, claim, players, options)).as_dict()
    game = GAMES["piquet"]
    cards_ruling = piquet.rule_deal(game._declared(cards),  # type: ignore[attr-defined]
                                    game._engine_options(options))  # type: ignore[attr-defined]
    compared = piquet.compare_claim(cards_ruling, game._engine_entry(  # type: ignore[attr-defined]
        level, claim, options)).as_dict()
    seats = game._role_seats(dealer)  # type: ignore[attr-defined]
    for difference in (compared.get("parts_at"), *compared.get("differences", ())):
        by_role = (difference or {}).get("difference")
        if isinstance(by_role, dict) and set(by_role) <= {"elder", "younger"}:
            difference["difference"] = {players[seats[r]]: p for r, p in by_role.items()}
    return compared


@pytest.mark.parametrize(("before", "stored"), [(b, s) for _, b, s in CARDS_RECORDED],
                         ids=[name for name, _, _ in CARDS_RECORDED])
def test_a_typed_comparison_answers_the_json_the_dicts_made(
    before: list[Event], stored: Event,
) -> None:
    """Each claim of the corpus beside its cards: the typed comparison's JSON is the old
    code's, byte for byte (codes and hints included)."""
    state = replay(before, GAMES)
    game = GAMES[state.game]
    entry = next(d for d in state.deals if d.number == stored.payload["deal"])
    cards = stored.payload["record"]
    ruled = game.rule_entry("cards", cards, entry.dealer, state.players, state.options)
    claims = [(entry.level, entry.record, entry.scores),
              *((c.level, c.record, c.scores) for c in entry.claims if c.level)]
    assert any(level != "cards" for level, _, _ in claims)
    for level, claim, scores in claims:
        typed = game.compare(cards, ruled, level, claim, scores, entry.dealer, state.players,
                             state.options)
        old = _old_compare(state, cards, ruled, level, claim, scores, entry.dealer)
        assert json.dumps(typed.as_dict()) == json.dumps(old)
    # and by points alone, both ways
    differing = {n: p + 1 for n, p in ruled.scores.items()}
    for scores in (dict(ruled.scores), differing):
        typed = game.compare(cards, ruled, "cards", cards, scores, entry.dealer, state.players,
                             state.options)
        old = _old_compare(state, cards, ruled, "cards", cards, scores, entry.dealer)
        assert json.dumps(typed.as_dict()) == json.dumps(old)
