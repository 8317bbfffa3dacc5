"""Irregularities recorded anyway (P10): each one with each option value, the
penalty applied with its source, the scores after the penalty."""

from __future__ import annotations

import dataclasses

import pytest

from referee.pitch import (
    Irregularity,
    MisdealRuling,
    PitchHand,
    PitchOptions,
    consequence,
    hand_from_record,
    progress,
    rule_deal,
    rule_hand,
    rule_misdeal,
)
from referee.pitch.irregular import read_bids
from referee.violations import RecordError

from .examples import FOUR_BIDS, FOUR_DEALER, FOUR_HANDS, FOUR_TRICKS, REVOKE_TRICKS, make_hand

# Two players, dealer 1. Seat 0 bids 3 and leads the 7 of spades, the only spade dealt (High
# and Low, 2 points). In trick 4 seat 0 leads the 2 of diamonds and seat 1 discards the 8 of
# hearts while holding the ten of diamonds: a revoke, proven in trick 5 when he plays the ten.
# Game: seat 0 7 (AH KH), seat 1 10 (TD): seat 1 takes Game. As played seat 0 won 2 of his 3:
# set back, 0 - 3 and 1.
TWO_HANDS = ("7S AH KH 2D 3D 4D", "5H 6H 7H TD 8H 9H")
TWO_REVOKE = ("7S 5H", "AH 6H", "KH 7H", "2D 8H", "3D TD", "9H 4D")


def two_revoke(bid: int = 3, **irregular: int) -> PitchHand:
    hand = make_hand(2, 1, (bid, "pass"), TWO_REVOKE, TWO_HANDS)
    if irregular:
        hand = dataclasses.replace(hand, irregular=(Irregularity("revoke", **irregular),))
    return hand


def test_revoke_is_a_violation_until_recorded() -> None:
    ruling = rule_hand(two_revoke())
    assert [(v.code, v.location) for v in ruling.violations] == [("revoke", "tricks[3][1]")]
    assert ruling.score_changes == (-3, 1)
    # progress offers the entry to record it anyway.
    state = progress(two_revoke())
    assert [i.as_dict() for i in state.recordable] == [{"type": "revoke", "seat": 1, "trick": 4}]
    recorded = progress(two_revoke(seat=1, trick=4))
    assert recorded.violations == () and recorded.recordable == ()


def test_revoke_set_back_bid_default() -> None:
    # F, EB29: seat 1 scores nothing and is set back the bid, 3; the pitcher, who did not
    # revoke, is not set back: he scores the 2 he won.
    ruling = rule_hand(two_revoke(seat=1, trick=4))
    assert ruling.violations == ()
    assert ruling.score_changes == (2, -3)
    assert ruling.as_played == (-3, 1)
    assert ruling.made_bid is False  # as played
    (item,) = ruling.irregularities
    assert (item.kind, item.seat, item.trick, item.penalty, item.proven) == (
        "revoke", 1, 4, "set_back_bid", True
    )
    assert item.source == "F: Foster's Complete Hoyle, Auction Pitch; EB29"
    assert "set back the bid, 3" in item.what
    data = ruling.as_dict()
    assert data["irregularities"][0]["rule"] == "P10"
    assert data["scores"] == [2, -3] and data["as_played"] == [-3, 1] and data["void"] is False
    assert any(f["rule"] == "P10" for f in data["verified"])
    assert not any("no revoke" in f["what"] for f in data["verified"])
    assert any(f["what"].startswith("As played: seat 0 bid 3") for f in data["computed"])


def test_revoke_all_fours() -> None:
    # Seat 1 loses 1 (the jack of spades was not in play) and cannot score Game: -1.
    ruling = rule_hand(two_revoke(seat=1, trick=4), PitchOptions(revoke_penalty="all_fours"))
    assert ruling.score_changes == (2, -1)
    assert ruling.irregularities[0].source.startswith("F: Foster's Complete Hoyle, All Fours")


def test_revoke_void() -> None:
    ruling = rule_hand(two_revoke(seat=1, trick=4), PitchOptions(revoke_penalty="void"))
    assert ruling.score_changes == (0, 0) and ruling.void is True
    assert ruling.as_played == (-3, 1)
    # A void hand is no P7 win for its pitcher: the ruling's pitcher_side is null.
    assert ruling.as_dict()["pitcher_side"] is None and ruling.as_dict()["pitcher"] == 0


def test_revoking_pitcher_scores_nothing_and_is_set_back() -> None:
    # The four-player hand: seat 1, the pitcher (bid 3), revokes in trick 3.
    hand = make_hand(4, FOUR_DEALER, FOUR_BIDS, REVOKE_TRICKS, FOUR_HANDS)
    recorded = dataclasses.replace(hand, irregular=(Irregularity("revoke", 1, 3),))
    ruling = rule_hand(recorded)
    assert ruling.violations == () and ruling.score_changes == (0, -3, 1, 0)
    # All Fours: High and Low (2) fall short of the bid: set back 3, and 2 more (jack in play).
    assert rule_hand(recorded, PitchOptions(revoke_penalty="all_fours")).score_changes == (
        0, -5, 1, 0
    )


def test_revoke_reported_but_not_shown_in_the_record() -> None:
    # The table proved a revoke by seat 2 in trick 2 after the hand (not in the record).
    hand = make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS)
    ruling = rule_hand(dataclasses.replace(hand, irregular=(Irregularity("revoke", 2, 2),)))
    assert ruling.irregularities[0].proven is False
    # Seat 2 (Jack: +1 as played) is set back 3; the pitcher (won 2 of 3) is not set back.
    assert ruling.score_changes == (0, 2, -3, 0)
    assert any(f.rule == "P10" for f in ruling.findings()[2])  # as reported


def test_revoke_penalty_on_the_offenders_side_in_partnership() -> None:
    hand = make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS, partnership=True)
    as_played = rule_hand(hand)
    assert as_played.score_changes == (2, -3)  # seats 0 and 2: Jack and Game (46 v 4)
    ruling = rule_hand(dataclasses.replace(hand, irregular=(Irregularity("revoke", 2, 2),)))
    # Seats 0 and 2 offended: set back 3; the pitcher's side (1 and 3) keeps its 2.
    assert ruling.score_changes == (-3, 2)


# Lead out of turn: the two-player hand without the revoke; seat 0 leads trick 5 though seat 1
# won trick 4. Everyone played to it, so it stands (or voids the hand).
TWO_TRICKS = ("7S 5H", "AH 6H", "KH 7H", "2D TD", "3D 8H", "4D 9H")


def two_lead(**options: str) -> tuple[PitchHand, PitchOptions]:
    hand = make_hand(2, 1, (2, "pass"), TWO_TRICKS, TWO_HANDS)
    return dataclasses.replace(
        hand, irregular=(Irregularity("lead_out_of_turn", 0, 5),)
    ), PitchOptions(**options)  # type: ignore[arg-type]


def test_lead_out_of_turn_unrecorded_misplaces_the_cards() -> None:
    hand, _ = two_lead()
    codes = {v.code for v in rule_hand(dataclasses.replace(hand, irregular=())).violations}
    assert "card_not_held" in codes


def test_lead_out_of_turn_score_as_played() -> None:
    hand, options = two_lead()
    ruling = rule_hand(hand, options)
    assert ruling.violations == ()
    assert [t.leader for t in ruling.tricks] == [0, 0, 0, 0, 0, 0]
    assert ruling.score_changes == (2, 1) and ruling.as_played is None
    assert ruling.irregularities[0].penalty == "score_as_played"
    assert "stands as played" in ruling.irregularities[0].what


def test_lead_out_of_turn_void() -> None:
    hand, options = two_lead(lead_out_of_turn="void")
    ruling = rule_hand(hand, options)
    assert ruling.score_changes == (0, 0) and ruling.void


def test_first_lead_out_of_turn_never_sets_trump() -> None:
    hand, _ = two_lead()
    first = dataclasses.replace(hand, irregular=(Irregularity("lead_out_of_turn", 1, 1),))
    with pytest.raises(RecordError) as caught:
        rule_hand(first)
    assert caught.value.violations[0].code == "first_lead_out_of_turn"
    assert caught.value.violations[0].location == "irregular[0]"


# Bid out of turn: dealer 3; seat 0 passed; seat 2 called 3 before seat 1's turn.
BID_OUT = (Irregularity("bid_out_of_turn", 2, None, 3),)


@pytest.mark.parametrize(
    ("rule", "seat_2_calls"),
    [
        ("cancel", ("pass", 1, 2, 3, 4, "pitch")),  # the call was void: he calls freely
        ("must_pass", ("pass",)),
        ("stands", (3,)),
    ],
)
def test_bid_out_of_turn_options_in_the_auction(rule: str, seat_2_calls: tuple) -> None:
    options = PitchOptions(bid_out_of_turn=rule)  # type: ignore[arg-type]
    seat_1 = progress(PitchHand(4, False, 3, ("pass",), (), irregular=BID_OUT), options)
    assert seat_1.to_act == 1 and "pass" in seat_1.legal_calls
    seat_2 = progress(PitchHand(4, False, 3, ("pass", 2), (), irregular=BID_OUT), options)
    assert seat_2.to_act == 2
    if rule == "cancel":
        assert seat_2.legal_calls == ("pass", 3, 4, "pitch")
    else:
        assert seat_2.legal_calls == seat_2_calls


def test_bid_out_of_turn_read_into_the_auction() -> None:
    bids = ("pass", 2, "pass", "pass")
    for rule, read in (("cancel", bids), ("must_pass", bids),
                       ("stands", ("pass", 2, 3, "pass"))):
        options = PitchOptions(bid_out_of_turn=rule)  # type: ignore[arg-type]
        assert read_bids(4, 3, bids, BID_OUT, options) == read
    # must_pass turns his bid at his turn into a pass...
    assert read_bids(4, 3, ("pass", 2, 3, "pass"), BID_OUT,
                     PitchOptions(bid_out_of_turn="must_pass")) == bids
    # ...but a dealer stuck by everyone passing still bids (P3).
    stuck = (Irregularity("bid_out_of_turn", 3, None, 2),)
    assert read_bids(4, 3, ("pass", "pass", "pass", 2), stuck,
                     PitchOptions(bid_out_of_turn="must_pass")) == ("pass", "pass", "pass", 2)


def test_bid_out_of_turn_cancelled_is_noted_in_the_ruling() -> None:
    # The four-player hand: seat 2 had called 2 out of turn; cancelled, the hand scores as played.
    hand = make_hand(4, FOUR_DEALER, FOUR_BIDS, FOUR_TRICKS, FOUR_HANDS)
    irregular = (Irregularity("bid_out_of_turn", 2, None, 2),)
    ruling = rule_hand(dataclasses.replace(hand, irregular=irregular))
    assert ruling.score_changes == (0, -3, 1, 0) and ruling.violations == ()
    item = ruling.irregularities[0]
    assert (item.penalty, item.source, item.proven) == ("cancel", "proposal, no Pitch law", False)
    # must_pass on the pitcher's own out-of-turn 3: he could not have pitched.
    pitcher_out = (Irregularity("bid_out_of_turn", 1, None, 3),)
    with pytest.raises(RecordError):
        rule_hand(dataclasses.replace(hand, irregular=pitcher_out),
                  PitchOptions(bid_out_of_turn="must_pass"))


@pytest.mark.parametrize(("rule", "next_dealer"), [("pass_deal", 0), ("same_dealer", 3)])
def test_misdeal(rule: str, next_dealer: int) -> None:
    options = PitchOptions(misdeal=rule)  # type: ignore[arg-type]
    # Seat 1 was dealt five cards: the hands show it.
    short = (FOUR_HANDS[0], "AH KS 6D 2C JS", *FOUR_HANDS[2:])
    hand = make_hand(4, FOUR_DEALER, (), (), short)
    with pytest.raises(RecordError):
        rule_hand(hand)
    ruling = rule_misdeal(hand, options)
    assert ruling.next_dealer == next_dealer and ruling.scores == (0, 0, 0, 0)
    (item,) = ruling.irregularities
    assert (item.kind, item.seat, item.proven, item.penalty) == ("misdeal", 1, True, rule)
    data = ruling.as_dict()
    assert data["misdeal"] and data["void"] and data["pitcher_side"] is None
    assert data["level"] == "cards" and data["next_dealer"] == next_dealer
    # Recorded by the table (no hands): rule_deal rules it; progress says so; rule_hand refuses.
    told = PitchHand(4, False, 3, ("pass",), (), irregular=(Irregularity("misdeal"),))
    deal = rule_deal(told, options)
    assert isinstance(deal, MisdealRuling) and deal.irregularities[0].proven is False
    assert progress(told, options).phase == "misdeal"
    with pytest.raises(RecordError) as caught:
        rule_hand(told)
    assert caught.value.violations[0].code == "misdeal"


def test_consequence_sentences_before_recording() -> None:
    revoke = Irregularity("revoke", 2, 3)
    assert consequence(revoke, bid=3) == (
        "Seat 2 revoked in trick 3: the hand is scored as played; the offender's side scores "
        "nothing and is set back the bid, 3; a pitcher who did not revoke cannot be set back "
        "(F: Foster's Complete Hoyle, Auction Pitch; EB29)."
    )
    assert "void" in consequence(revoke, PitchOptions(revoke_penalty="void"))
    same = PitchOptions(misdeal="same_dealer")
    assert "same dealer" in consequence(Irregularity("misdeal"), same)


def test_irregular_entries_parsed_from_the_record() -> None:
    record = {"dealer": 1, "bids": [3, "pass"], "tricks": [t.split() for t in TWO_REVOKE],
              "irregular": [{"type": "revoke", "seat": 1, "trick": 4}]}
    hand = hand_from_record(record, 2)
    assert hand.irregular == (Irregularity("revoke", 1, 4),)
    assert rule_hand(hand).score_changes == (2, -3)


@pytest.mark.parametrize(
    ("entry", "location"),
    [
        ({"type": "renege", "seat": 1}, "irregular[0].type"),
        ({"type": "revoke", "trick": 2}, "irregular[0].seat"),
        ({"type": "revoke", "seat": 1}, "irregular[0].trick"),
        ({"type": "revoke", "seat": 1, "trick": 7}, "irregular[0].trick"),
        ({"type": "bid_out_of_turn", "seat": 1}, "irregular[0].call"),
        ({"type": "misdeal", "seat": 5}, "irregular[0].seat"),
        ({"type": "misdeal", "colour": 5}, "irregular[0].colour"),
        ("revoke", "irregular[0]"),
    ],
)
def test_malformed_irregularities(entry: object, location: str) -> None:
    with pytest.raises(RecordError) as caught:
        hand_from_record({"dealer": 1, "bids": [], "tricks": [], "irregular": [entry]}, 2)
    assert (caught.value.violations[0].rule, caught.value.violations[0].location) == (
        "P10", location
    )


def test_options_refuse_unknown_values() -> None:
    for name in ("revoke_penalty", "misdeal", "bid_out_of_turn", "lead_out_of_turn"):
        with pytest.raises(ValueError, match=name):
            PitchOptions(**{name: "nonsense"})  # type: ignore[arg-type]
    assert PitchOptions().as_dict()["revoke_penalty"] == "set_back_bid"


# A short hand found in play (P10, by analogy with Work 1913: no penalty, he answers for any
# revoke). Ann (seat 0) deals; Bob (seat 1) bids 2 and pitches hearts. Ann was dealt five
# cards. Her ♣9 wins trick 5, her last card: she cannot lead trick 6, so Bob, on her left,
# leads it, and it holds two cards. Cid takes High (♥A), Low (♥2, from Ann in trick 2), Jack
# (♥J) and Game (28 to Bob's 0 and Ann's 0): Ann 0, Bob set back 2, Cid 4.
SHORT_HANDS = ("3H 2H 9S 9D 9C", "KH 5H 8S 8D 8C 5S", "AH JH TS TD 7C 7S")
SHORT_TRICKS = ("KH AH 3H", "JH 2H 5H", "TS 9S 8S", "TD 9D 8D", "7C 9C 8C", "5S 7S")
SHORT_RECORD = {"players": 3, "dealer": 0, "bids": [2, "pass", "pass"],
                "tricks": [t.split() for t in SHORT_TRICKS],
                "irregular": [{"type": "short_hand", "seat": 0, "trick": 6}]}


@pytest.mark.parametrize("hands", [False, True])
def test_a_short_hand_found_in_play_is_played_out_and_scored_as_played(hands: bool) -> None:
    record = {**SHORT_RECORD, **({"hands": [h.split() for h in SHORT_HANDS]} if hands else {})}
    ruling = rule_hand(hand_from_record(record, 3, False, ("Ann", "Bob", "Cid")))
    assert ruling.violations == ()
    assert [t.leader for t in ruling.tricks] == [1, 2, 2, 2, 2, 1]
    assert [t.winner for t in ruling.tricks] == [2, 2, 2, 2, 0, 2]
    assert ruling.tricks[-1].as_dict() == {"leader": 1, "cards": ["5S", "7S"], "winner": 2,
                                           "absent": [0]}
    assert "absent" not in ruling.tricks[0].as_dict()
    assert ruling.score_changes == (0, -2, 4)
    [item] = ruling.irregularities
    assert (item.kind, item.seat, item.trick, item.penalty, item.proven) == (
        "short_hand", 0, 6, "none", True)
    assert item.what.startswith("Ann was found in play with fewer than six cards, with no "
                                "card for trick 6: no penalty")
    assert "Work 1913" in item.source


def test_a_short_hand_the_tricks_hold_one_card_fewer() -> None:
    """Without the entry the short trick is refused; with it, a full trick after his cards
    are gone is refused too, and his hand as dealt must hold a card for each trick he played
    to."""
    with pytest.raises(RecordError) as plain:
        rule_hand(hand_from_record({**SHORT_RECORD, "irregular": []}, 3, False))
    assert plain.value.violations[0].code == "trick_wrong_size"
    full = [*SHORT_RECORD["tricks"][:5], ["5S", "7S", "6S"]]
    with pytest.raises(RecordError) as extra:
        rule_hand(hand_from_record({**SHORT_RECORD, "tricks": full}, 3, False))
    assert extra.value.violations[0].message_code == "short_hand_trick"
    six = [h.split() for h in SHORT_HANDS]
    six[0].append("6S")
    with pytest.raises(RecordError) as dealt:
        rule_hand(hand_from_record({**SHORT_RECORD, "hands": six}, 3, False))
    assert dealt.value.violations[0].message_code == "short_hand_dealt"


def test_a_short_hand_in_progress_the_lead_passes_to_his_left() -> None:
    """After trick 5 Ann, who won it, has no card: Bob is to lead trick 6, then Cid."""
    record = {**SHORT_RECORD, "tricks": SHORT_RECORD["tricks"][:5]}
    assert progress(hand_from_record(record, 3, False)).to_act == 1
    record["tricks"] = [*SHORT_RECORD["tricks"][:5], ["5S"]]
    assert progress(hand_from_record(record, 3, False)).to_act == 2


def test_as_played_keeps_the_pitcher_s_name_as_written() -> None:
    """P6, P10: the score as played names the pitcher as the table wrote the name ("As
    played: Bob bid 3", not "bob"), in English and in every language; a seat keeps its
    lower case ("As played: seat 0 bid 3")."""
    from referee.i18n.localize import localize

    named = dataclasses.replace(two_revoke(seat=1, trick=4), names=("Bob", "Ann"))
    data = rule_hand(named).as_dict()
    said = [f["what"] for f in data["computed"] if f["what"].startswith("As played")]
    assert said and said[0].startswith("As played: Bob bid 3"), said
    french = [f["what"] for f in localize(data, "fr")["computed"]
              if f["what"].startswith("Tel que joué")]
    assert french and french[0].startswith("Tel que joué : Bob "), french
