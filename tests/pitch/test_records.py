"""hand_from_record and parse_call: the JSON record of design.md into a PitchHand."""

from __future__ import annotations

from typing import Any

import pytest

from referee.cards import parse_card
from referee.pitch import PitchOptions, hand_from_record, parse_call, rule_hand
from referee.pitch.records import IRREGULARITY_KINDS, irregularity_from_record
from referee.violations import RecordError

from .examples import FOUR_BIDS, FOUR_HANDS, FOUR_TRICKS


def record() -> dict[str, Any]:
    return {
        "dealer": 3,
        "bids": list(FOUR_BIDS),
        "tricks": [t.split() for t in FOUR_TRICKS],
        "hands": [h.split() for h in FOUR_HANDS],
        "claimed": [0, -3, 1, 0],
    }


def test_record_parses_and_rules() -> None:
    data = record()
    data["tricks"][0] = ["a♥", "5h", "2H", "3H"]  # input notation is lenient (design.md)
    hand = hand_from_record(data, players=4)
    assert hand.tricks[0][0] == parse_card("AH")
    assert hand.claimed == (0, -3, 1, 0)
    ruling = rule_hand(hand)
    assert ruling.claimed_ok is True
    assert ruling.as_dict()["tricks"][0]["cards"] == ["AH", "5H", "2H", "3H"]


def test_optional_parts_may_be_missing() -> None:
    data = record()
    del data["hands"], data["claimed"]
    hand = hand_from_record(data, players=4, partnership=True)
    assert hand.hands is None and hand.claimed is None and hand.partnership
    assert rule_hand(hand, PitchOptions(low="holder")).score_changes == (2, -3)


def test_calls() -> None:
    assert parse_call("Pass") == "pass"
    assert parse_call(" pitch ") == "pitch"
    assert parse_call("3") == 3
    assert parse_call(5) == 5  # a rule break for check_bidding, not a malformed call
    for bad in ("double", None, True, 2.5):
        with pytest.raises(RecordError) as err:
            parse_call(bad, "bids[0]")
        assert err.value.violations[0].code == "malformed_call"
        assert err.value.violations[0].location == "bids[0]"


@pytest.mark.parametrize(
    ("path", "value", "code", "location"),
    [
        ("dealer", "3", "malformed_record", "dealer"),
        ("bids", "pass", "malformed_record", "bids"),
        ("tricks", [["AH", "XX"]], "malformed_card", "tricks[0][1]"),
        ("hands", [["AH"], "AS"], "malformed_record", "hands[1]"),
        ("claimed", [0, "1"], "malformed_record", "claimed[1]"),
    ],
)
def test_malformed_records(path: str, value: Any, code: str, location: str) -> None:
    data = record()
    data[path] = value
    with pytest.raises(RecordError) as err:
        hand_from_record(data, players=4)
    assert (err.value.violations[0].code, err.value.violations[0].location) == (code, location)


@pytest.mark.parametrize("kind", IRREGULARITY_KINDS)
@pytest.mark.parametrize("field", ["seat", "trick", "call"])
def test_every_kind_of_irregularity_refuses_a_field_it_has_not_in_words(kind: str,
                                                                        field: str) -> None:
    """P10: an entry of ``irregular`` with a field its kind has not (a trick on a card
    exposed in dealing, a call on a misdeal) is a located refusal worded for a player, for
    every kind; no kind lacks the sentence (a card exposed in dealing with a trick was a
    500)."""
    entry = {"type": kind, "seat": 1, "trick": 2, "call": 2}
    entry.pop(field)
    try:
        irregularity_from_record(entry, 4, "irregular[0]")
    except RecordError as refused:
        (violation,) = refused.violations
        assert violation.rule == "P10" and violation.location.startswith("irregular[0].")
        assert violation.message and "{" not in violation.message
