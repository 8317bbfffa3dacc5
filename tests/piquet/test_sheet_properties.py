"""Property: for random legal deals the score sheet derived from the cards rules the same as the
cards, the cards engine being the oracle; and so does a claim compared to itself."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import PIQUET_PACK, Card
from referee.piquet import (
    Announcement,
    PiquetDeal,
    PiquetOptions,
    compare_claim,
    rule_deal,
    rule_sheet,
    settle_partie,
    sheet_from_record,
    sheet_record_of,
)
from referee.piquet.combinations import SEQUENCE_NAMES, best_claims

from .examples import play_out, random_deal

OPTIONS = st.builds(
    PiquetOptions,
    lead_point=st.sampled_from(["every", "ten_or_higher"]),
    cards_count_for_pique=st.booleans(),
)
_RANK = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", 9: "9"}


def _announce(hand: tuple[Card, ...], rng: Random) -> Announcement:
    """An announcement of some of the hand's best combinations (sinking the rest, Q5)."""
    claims = best_claims(hand)
    point = claims.point.key[0] if claims.point and rng.random() < 0.8 else None
    sequences = [f"{SEQUENCE_NAMES[c.key[0]]}:{_RANK[c.key[1]]}" for c in claims.sequences
                 if rng.random() < 0.8]
    sets = tuple(f"{'quatorze' if c.key[0] == 4 else 'trio'}:{_RANK[c.key[1]]}"
                 for c in claims.sets if rng.random() < 0.8)
    return Announcement(point=point, sequence=", ".join(sequences) or None, sets=sets)


def _strong_deal(rng: Random) -> PiquetDeal:
    """Hands after the exchange only, one of them strong (many high cards: repiques, piques,
    capots), played greedily or at random; some declarations sunk."""
    pack = list(PIQUET_PACK)
    rng.shuffle(pack)
    high = [c for c in pack if c.rank >= 10]
    low = [c for c in pack if c.rank < 10]
    n_high = rng.randint(8, 12)
    strong = high[:n_high] + low[:12 - n_high]
    rest = [c for c in pack if c not in strong]
    weak = rest[:12]
    elder, younger = (strong, weak) if rng.random() < 0.7 else (weak, strong)
    tricks = play_out(tuple(elder), tuple(younger), rng if rng.random() < 0.5 else None)
    declarations = None
    if rng.random() < 0.5:
        declarations = {"elder": _announce(tuple(elder), rng),
                        "younger": _announce(tuple(younger), rng)}
    return PiquetDeal(tricks=tricks, declarations=declarations)  # type: ignore[arg-type]


def _carte_blanche_deal(rng: Random) -> PiquetDeal:
    """A deal where elder is dealt no court card (Q3), with its records."""
    pack = list(PIQUET_PACK)
    rng.shuffle(pack)
    plain = [c for c in pack if not c.is_court]
    dealt_e = plain[:12]
    others = [c for c in pack if c not in dealt_e]
    dealt_y, talon = others[:12], others[12:]
    n_e = rng.randint(1, 5)
    n_y = rng.randint(1, 8 - n_e)
    disc_e, disc_y = rng.sample(dealt_e, n_e), rng.sample(dealt_y, n_y)
    after_e = [c for c in dealt_e if c not in disc_e] + talon[:n_e]
    after_y = [c for c in dealt_y if c not in disc_y] + talon[n_e:n_e + n_y]
    return PiquetDeal(
        tricks=play_out(tuple(after_e), tuple(after_y), rng),
        dealt={"elder": tuple(dealt_e), "younger": tuple(dealt_y)}, talon=tuple(talon),
        exchange={"elder": tuple(disc_e), "younger": tuple(disc_y)})


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), kind=st.sampled_from(["random", "strong", "blanche"]),
       options=OPTIONS)
def test_the_sheet_of_the_cards_rules_as_the_cards(seed: int, kind: str,
                                                   options: PiquetOptions) -> None:
    rng = Random(seed)
    deal = {"random": lambda: random_deal(rng)[0], "strong": lambda: _strong_deal(rng),
            "blanche": lambda: _carte_blanche_deal(rng)}[kind]()
    cards = rule_deal(deal, options)
    record = sheet_record_of(cards)
    sheet = rule_sheet(sheet_from_record(record), options)
    assert sheet.violations == ()
    assert dict(sheet.scores) == dict(cards.scores)
    assert (sheet.carte_blanche, sheet.repique, sheet.pique, sheet.capot, sheet.cards) == (
        cards.carte_blanche, cards.repique, cards.pique, cards.capot, cards.cards)
    # Without the pique written the referee never invents one the cards do not give.
    silent = rule_sheet(sheet_from_record({**record, "claimed": None}), options)
    unsaid = {k: v for k, v in record.items() if k != "pique"}
    quiet = rule_sheet(sheet_from_record(unsaid), options)
    assert quiet.pique in (None, cards.pique)
    assert silent.scores == sheet.scores


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_a_partie_by_sheets_settles_as_by_cards(seed: int, options: PiquetOptions) -> None:
    """Six deals (Q1) entered as the sheets the cards give settle the partie the same (Q9), and
    each sheet, as a claim, agrees with its cards."""
    rng = Random(seed)
    by_cards: list[tuple[int, int]] = []
    by_sheets: list[tuple[int, int]] = []
    for number in range(6):
        cards = rule_deal(_strong_deal(rng) if number % 2 else random_deal(rng)[0], options)
        sheet = rule_sheet(sheet_from_record(sheet_record_of(cards)), options)
        assert compare_claim(cards, sheet).agrees
        # Ann deals first: Bill is elder in deals 1, 3, 5.
        bill, ann = ("elder", "younger") if number % 2 == 0 else ("younger", "elder")
        by_cards.append((cards.scores[bill], cards.scores[ann]))
        by_sheets.append((sheet.scores[bill], sheet.scores[ann]))
    totals = {"Bill": sum(b for b, _ in by_cards), "Ann": sum(a for _, a in by_cards)}
    sheets = {"Bill": sum(b for b, _ in by_sheets), "Ann": sum(a for _, a in by_sheets)}
    assert sheets == totals
    assert settle_partie(sheets) == settle_partie(totals)
