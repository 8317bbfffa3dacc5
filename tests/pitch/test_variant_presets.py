"""One hand of each preset of V12 (docs/rules/pitch-variants.md), written out card by card
with its bids, and the points and totals that preset's rules give it, worked by hand.

Each hand is ruled by the engine the match would use (:func:`referee.pitch.variants.rule_record`:
the 4-point game by its own engine, the others by the variants' engine) under the preset
alone, ``{"variant": ...}`` with nothing else, so that a change to a row of V12 (its points,
their values, its trump order, Low's rule, its play rule) breaks the hand that shows it.
Partnerships are seats 0+2 (side 0) and 1+3 (side 1); solo, the side is the seat. Tricks are
written from their leader; under trump-only play from the seat due to lead, ``None`` for a
player who is out (V5.3).
"""

from __future__ import annotations

from typing import Any

from referee import pitch
from referee.pitch.variants import rule_record


def ruled(variant: str, record: dict[str, Any], players: int,
          partnership: bool = False) -> dict[str, Any]:
    """The ruling of ``record`` under the preset ``variant`` alone (V12), as the API writes it."""
    options = pitch.variant_options({"variant": variant})
    ruling: dict[str, Any] = rule_record(record, players, partnership, options).as_dict()
    assert ruling["violations"] == []
    return ruling


def awards(ruling: dict[str, Any]) -> dict[str, Any]:
    """Each point of the game: (its card, the side that scores it), or None; Game: its side."""
    found: dict[str, Any] = {}
    for name, award in ruling["points"].items():
        if award is None:
            found[name] = None
        elif name == "game":
            found[name] = award["side"]
        else:
            found[name] = (award["card"], award["side"])
    return found


def winners(ruling: dict[str, Any]) -> list[int]:
    """The seat that won each trick."""
    return [trick["winner"] for trick in ruling["tricks"]]


def test_four_point_p1_to_p10() -> None:
    """V12 four_point is P1-P10: three players, dealer seat 0; seat 1 bids 2, seat 2 passes,
    the dealer takes it at 2 (P3, steal match_below_4). Hearts trump. Low to its captor (P5):
    seat 0's own AH wins the 2H. Game (P5): seat 0 18 (AH, JH KH, TC), seat 1 19 (QS KS,
    TD AD), seat 2 1: seat 1. Seat 0 made 3 of his 2: +3 (P6)."""
    record = {
        "dealer": 0, "bids": [2, "pass", 2],
        "hands": [["AH", "QS", "KH", "TD", "4H", "8S"], ["7H", "KS", "JH", "AD", "5C", "6S"],
                  ["2H", "9S", "3H", "4D", "TC", "JS"]],
        "tricks": [["AH", "7H", "2H"], ["QS", "KS", "9S"], ["JH", "3H", "KH"],
                   ["TD", "AD", "4D"], ["5C", "TC", "4H"], ["8S", "6S", "JS"]],
    }
    ruling = ruled("four_point", record, 3)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (0, 2, "H")
    assert winners(ruling) == [0, 1, 0, 1, 0, 2]
    assert awards(ruling) == {"high": ("AH", 0), "low": ("2H", 0), "jack": ("JH", 0),
                              "game": 1}
    assert ruling["points"]["game"]["game_points"] == [18, 19, 1]
    assert ruling["points_won"] == [3, 1, 0]
    assert ruling["score_changes"] == [3, 1, 0]


def test_five_point_off_jack_below_the_jack() -> None:
    """V12 five_point: High, Low, Jack, Off-jack, Game, Low to its captor, trump anytime,
    each bid above the last (dealer_steal outbid_only, V9). Three players, dealer seat 0:
    seat 1 bids 2, seat 2 passes, the dealer outbids with 3. Spades trump, so JC is the
    off-jack (V2, V3.1): led in trick 2 it is a trump lead, and the jack of trumps beats it
    (V4: A K Q J offJ 10 … 2). The 2S falls to seat 1's own trump in trick 4: Low his (V7,
    captor). Game (V8): seat 0 14 (AS, TD), seat 1 17 (JC JS, QH KH, TC), seat 2 7 (KD AD).
    Seat 0 took High only, 1 of his 3: set back 3 (V10)."""
    record = {
        "dealer": 0, "bids": [2, "pass", 3],
        "hands": [["AS", "JC", "4D", "KH", "7C", "9S"], ["3S", "JS", "KD", "2S", "TC", "9D"],
                  ["5S", "6S", "AD", "QH", "8C", "TD"]],
        "tricks": [["AS", "3S", "5S"], ["JC", "JS", "6S"], ["KD", "AD", "4D"],
                   ["QH", "KH", "2S"], ["TC", "8C", "7C"], ["9D", "TD", "9S"]],
    }
    ruling = ruled("five_point", record, 3)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (0, 3, "S")
    assert winners(ruling) == [0, 1, 2, 1, 1, 0]
    assert awards(ruling) == {"high": ("AS", 0), "low": ("2S", 1), "jack": ("JS", 1),
                              "off_jack": ("JC", 1), "game": 1}
    assert ruling["points"]["game"]["game_points"] == [14, 17, 7]
    assert ruling["points_won"] == [1, 4, 0]
    assert ruling["score_changes"] == [-3, 4, 0]


def test_five_point_joker_pitched_joker_makes_spades_and_ranks_lowest() -> None:
    """V12 five_point_joker (Bicycle's game), partners: High, Low, Jack, Joker, Game; Low to
    its holder; the joker the lowest trump (V4 below_two) and, pitched first, spades trump
    (V3.3 pitched_joker spades); the dealer may take the bid at the same number below the
    most (V9 match_below_max). Dealer seat 3: pass, 2 (seat 1), pass, 2 (the dealer). Seat 3
    pitches JK: spades. Trick 1: the KS beats the joker, so seat 1 takes it for his partner
    (Joker, side 1). The 2S, seat 2's, is Low although seat 1 took it: holder, side 0 (V7;
    the joker is never Low). Game (V8): side 0 14 (KC TC, JD), side 1 27: side 1, with
    High, Jack, Joker, Game 4 of its 2: +4; side 0 +1 (V10)."""
    record = {
        "dealer": 3, "bids": ["pass", 2, "pass", 2],
        "hands": [["4S", "KH", "2D", "7C", "KC", "8D"], ["KS", "AH", "TD", "9S", "3C", "4D"],
                  ["2S", "3H", "QD", "4C", "TC", "JD"], ["JK", "5H", "AS", "JS", "6C", "6D"]],
        "tricks": [["JK", "4S", "KS", "2S"], ["AH", "3H", "5H", "KH"],
                   ["TD", "QD", "AS", "2D"], ["JS", "7C", "9S", "4C"],
                   ["6C", "KC", "3C", "TC"], ["8D", "4D", "JD", "6D"]],
    }
    ruling = ruled("five_point_joker", record, 4, partnership=True)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (3, 2, "S")
    assert winners(ruling) == [1, 1, 3, 3, 0, 2]
    assert awards(ruling) == {"high": ("AS", 1), "low": ("2S", 0), "jack": ("JS", 1),
                              "joker": ("JK", 1), "game": 1}
    assert ruling["points"]["low"]["seat"] == 2
    assert ruling["points"]["game"]["game_points"] == [14, 27]
    assert ruling["points_won"] == [1, 4]
    assert ruling["score_changes"] == [1, 4]


def test_six_point_joker_between_the_off_jack_and_the_ten() -> None:
    """V12 six_point: High, Low, Jack, Off-jack, Joker, Game; Low to its captor; the joker
    just under the jacks (V4: A K Q J offJ Joker 10 … 2). Four players each for himself,
    dealer seat 1: 2 (seat 2), 3 (seat 3), pass, pass. Seat 3 names hearts (V3.2) and leads
    the off-jack JD, a trump lead (V5.1); the JK beats only the TH, and seat 2's QH takes
    all three: Off-jack and Joker his. Seat 3 takes High (AH) and Low (2H, trick 2) and the
    Jack (JH trumps a club): 3, his bid: +3. Game (V8): seat 0 17, seat 1 0, seat 2 23,
    seat 3 10: seat 2 (V10)."""
    record = {
        "dealer": 1, "bids": [2, 3, "pass", "pass"], "trump": "H",
        "hands": [["JK", "5H", "AS", "QC", "9D", "TS"], ["TH", "3H", "4S", "KC", "TD", "8S"],
                  ["QH", "2H", "7S", "9C", "4H", "6S"], ["JD", "AH", "KS", "JH", "8D", "2S"]],
        "tricks": [["JD", "JK", "TH", "QH"], ["2H", "AH", "5H", "3H"],
                   ["KS", "AS", "4S", "7S"], ["QC", "KC", "9C", "JH"],
                   ["8D", "9D", "TD", "4H"], ["6S", "2S", "TS", "8S"]],
    }
    ruling = ruled("six_point", record, 4)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (3, 3, "H")
    assert winners(ruling) == [2, 3, 0, 3, 2, 0]
    assert awards(ruling) == {"high": ("AH", 3), "low": ("2H", 3), "jack": ("JH", 3),
                              "off_jack": ("JD", 2), "joker": ("JK", 2), "game": 2}
    assert ruling["points"]["game"]["game_points"] == [17, 0, 23, 10]
    assert ruling["points_won"] == [0, 0, 3, 3]
    assert ruling["score_changes"] == [0, 0, 3, 3]


def test_seven_point_two_jokers_below_the_off_jack_and_low_to_its_holder() -> None:
    """V12 seven_point: High, Low, Jack, Off-jack, big and little joker, Game; Low to its
    holder; marked jokers under the jacks (V4: A K Q J offJ BJ LJ 10 … 2). Three players,
    dealer seat 2: 3 (seat 0), 4 (seat 1), pass. Seat 1 pitches KC: clubs, off-jack JS. The
    KC beats the LJ, the JS the BJ (trick 2), so seat 1 takes Off-jack and both jokers; the
    2C he takes there is seat 0's Low (holder, V7), and seat 0 trumps hearts with the JC
    (V5.2 trump anytime, although he holds a heart). Seat 1: 3 of his 4, set back 4 (V10);
    seat 0 Low, Jack, Game (V8: 17 to 11 and 4) 3; seat 2 High (AC, trick 6) 1."""
    record = {
        "dealer": 2, "bids": [3, 4, "pass"],
        "hands": [["3C", "2C", "KD", "JC", "QS", "9H"], ["KC", "JS", "AD", "4H", "7S", "8H"],
                  ["LJ", "BJ", "5D", "AH", "TS", "AC"]],
        "tricks": [["KC", "LJ", "3C"], ["JS", "BJ", "2C"], ["AD", "5D", "KD"],
                   ["4H", "AH", "JC"], ["QS", "7S", "TS"], ["9H", "8H", "AC"]],
    }
    ruling = ruled("seven_point", record, 3)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (1, 4, "C")
    assert winners(ruling) == [1, 1, 1, 0, 0, 2]
    assert awards(ruling) == {
        "high": ("AC", 2), "low": ("2C", 0), "jack": ("JC", 0), "off_jack": ("JS", 1),
        "big_joker": ("BJ", 1), "little_joker": ("LJ", 1), "game": 0}
    assert ruling["points"]["game"]["game_points"] == [17, 11, 4]
    assert ruling["points_won"] == [3, 3, 1]
    assert ruling["score_changes"] == [3, -4, 1]


def test_nine_point_the_five_of_trumps_is_worth_five() -> None:
    """V12 nine_point, partners: High, Low, Jack, Five (5), Game; no off-jack (JH stays a
    heart); Low to its captor. Dealer seat 0: 3 (seat 1), 5 (seat 2), pass, pass. Seat 2
    pitches AD: diamonds; seat 3 must give up his only trump, the 5D, to it (V5.2): side 0
    scores 5 for it (V7). Seat 2 trumps hearts with the 2D (Low, captor). Game (V8): side 0
    21, side 1 30 (JD QD, AS KS, the clubs, TS): side 1. Side 0: 1 + 1 + 5 = 7 of its 5,
    +7; side 1 Jack and Game +2 (V10)."""
    record = {
        "dealer": 0, "bids": [3, 5, "pass", "pass"],
        "hands": [["3D", "7D", "2S", "3H", "QC", "TS"], ["KD", "QD", "AS", "TH", "JC", "8H"],
                  ["AD", "JD", "4S", "2D", "KC", "7H"], ["5D", "2C", "KS", "AH", "AC", "9H"]],
        "tricks": [["AD", "5D", "3D", "KD"], ["JD", "2C", "7D", "QD"],
                   ["AS", "4S", "KS", "2S"], ["TH", "2D", "AH", "3H"],
                   ["KC", "AC", "QC", "JC"], ["9H", "TS", "8H", "7H"]],
    }
    ruling = ruled("nine_point", record, 4, partnership=True)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (2, 5, "D")
    assert winners(ruling) == [2, 1, 1, 2, 3, 3]
    assert awards(ruling) == {"high": ("AD", 0), "low": ("2D", 0), "jack": ("JD", 1),
                              "five": ("5D", 0), "game": 1}
    assert ruling["points"]["game"]["game_points"] == [21, 30]
    assert ruling["points_won"] == [7, 2]
    assert ruling["score_changes"] == [7, 2]


def test_ten_point_trump_only_with_marked_jokers() -> None:
    """V12 ten_point as the preset has it: High, Low, Jack, Off-jack, big and little joker,
    Three (3), Ten (no Game); trump only, Low to its holder, marked jokers. Three players,
    dealer seat 1: 5 (seat 2), pass, 6 (the dealer outbids, V9). Seat 1 pitches AS: spades,
    off-jack JC. Only trumps are played (V5.2); seats 0 and 1 are out after trick 3 (None)
    and the hand ends after trick 5, when nobody holds a trump. The KS takes the JC and the
    BJ (V4: K Q J offJ BJ LJ). Seat 1 takes High, Low (his own 2S, taken by seat 2: holder)
    and the Three (seat 0's 3S in trick 1): 5 of his 6, set back 6; seat 2 the other five."""
    record = {
        "dealer": 1, "bids": [5, "pass", 6],
        "hands": [["BJ", "3S", "9S", "KH", "QD", "4C"], ["AS", "JC", "2S", "7H", "8D", "5C"],
                  ["KS", "TS", "LJ", "JS", "4S", "6H"]],
        "tricks": [["AS", "4S", "3S"], ["JC", "KS", "BJ"], ["TS", "9S", "2S"],
                   ["JS", None, None], ["LJ", None, None]],
    }
    ruling = ruled("ten_point", record, 3)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (1, 6, "S")
    assert [t["leader"] for t in ruling["tricks"]] == [1, 1, 2, 2, 2]
    assert winners(ruling) == [1, 2, 2, 2, 2]
    assert awards(ruling) == {
        "high": ("AS", 1), "low": ("2S", 1), "jack": ("JS", 2), "off_jack": ("JC", 2),
        "big_joker": ("BJ", 2), "little_joker": ("LJ", 2), "three": ("3S", 1),
        "ten": ("TS", 2), "game": None}
    assert ruling["points_won"] == [0, 5, 5]
    assert ruling["score_changes"] == [0, -6, 5]


def test_eleven_point_the_off_ace_second_in_trumps() -> None:
    """V12 eleven_point, partners: ten_point and the Off-ace (V4: A offA K Q J offJ BJ LJ 10
    … 2). Dealer seat 2: pass, 5 (seat 0), 7 (seat 1), pass. Seat 1 names hearts (V3.2) and
    leads the AD, the off-ace, a trump (V3.1); only the AH beats it, so side 0 scores it
    with High and the big joker. Seats 3 and 0 are out after trick 2, everyone after trick
    4. Side 1 takes the Off-jack, the little joker and the Three: 5 of its 7, set back 7;
    side 0 High, Low (seat 2's 2H), Jack, big joker, Ten, Off-ace: 6 (V10)."""
    record = {
        "dealer": 2, "bids": ["pass", 5, 7, "pass"], "trump": "H",
        "hands": [["AH", "3H", "QC", "9S", "5D", "7C"], ["AD", "JD", "TH", "5H", "KS", "2C"],
                  ["KH", "2H", "QH", "JH", "8S", "4D"], ["BJ", "LJ", "AS", "KC", "6D", "9C"]],
        "tricks": [["AD", "KH", "BJ", "AH"], ["3H", "JD", "2H", "LJ"],
                   ["TH", "QH", None, None], ["JH", None, None, "5H"]],
    }
    ruling = ruled("eleven_point", record, 4, partnership=True)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (1, 7, "H")
    assert [t["leader"] for t in ruling["tricks"]] == [1, 0, 1, 2]
    assert winners(ruling) == [0, 1, 2, 2]
    assert awards(ruling) == {
        "high": ("AH", 0), "low": ("2H", 0), "jack": ("JH", 0), "off_jack": ("JD", 1),
        "big_joker": ("BJ", 0), "little_joker": ("LJ", 1), "three": ("3H", 1),
        "ten": ("TH", 0), "off_ace": ("AD", 0), "game": None}
    assert ruling["points_won"] == [6, 5]
    assert ruling["score_changes"] == [6, -7]


def test_thirteen_point_the_off_three_worth_three_above_the_two() -> None:
    """V12 thirteen_point: ten_point and the Off-three (3) (V4: … 4 3 off3 2). Three players,
    dealer seat 0: 5 (seat 1), 6 (seat 2), pass. Seat 2 pitches AC: clubs, off-jack JS,
    off-three 3S. Seat 0's 3S falls to the AC: 3 for seat 2 (V7), and Low is still the 2C
    (below the off-three), seat 1's (holder). Seat 0 takes the Jack, Off-jack, both jokers,
    the Three and the Ten: 8; in trick 4 he is out and seat 1 leads the last trump
    (V5.2). Seat 2 High and Off-three, 4 of his 6: set back 6 (V10)."""
    record = {
        "dealer": 0, "bids": [5, 6, "pass"],
        "hands": [["3S", "BJ", "JC", "AH", "KD", "5H"], ["2C", "TC", "JS", "QC", "9H", "8D"],
                  ["AC", "3C", "LJ", "AS", "7D", "4H"]],
        "tricks": [["AC", "3S", "2C"], ["3C", "BJ", "TC"], ["JC", "JS", "LJ"],
                   [None, "QC", None]],
    }
    ruling = ruled("thirteen_point", record, 3)
    assert (ruling["pitcher"], ruling["bid"], ruling["trump"]) == (2, 6, "C")
    assert [t["leader"] for t in ruling["tricks"]] == [2, 2, 0, 0]
    assert winners(ruling) == [2, 0, 0, 1]
    assert awards(ruling) == {
        "high": ("AC", 2), "low": ("2C", 1), "jack": ("JC", 0), "off_jack": ("JS", 0),
        "big_joker": ("BJ", 0), "little_joker": ("LJ", 0), "three": ("3C", 0),
        "ten": ("TC", 0), "off_three": ("3S", 2), "game": None}
    assert ruling["points_won"] == [8, 1, 4]
    assert ruling["score_changes"] == [8, 1, -6]
