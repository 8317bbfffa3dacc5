"""The words of a Pitch ruling's findings, made in one place from each finding's code and
parameters (P2–P6, P10).

:data:`FINDING_WORDS` holds, per code of :data:`~referee.pitch.claims.FINDING_CODES`, how its
English sentence is made from its parameters (:func:`referee.rulings.word`): players and sides
by name (``"Ann"``, ``"Ann and Cy"``, or ``"seat 2"`` when the table's names are not known),
a suit by its letter (``"H"``), points and counts as numbers.  The engine makes every finding
through :func:`finding`, so a client that words rulings its own way needs only the code and
the parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import SUIT_NAMES
from referee.rulings import Finding, Param, Wording, worded


def _start(words: str) -> str:
    """``words`` opening a sentence (a name keeps its own case)."""
    return words[:1].upper() + words[1:]


def _as_played(params: Mapping[str, Any], sentence: str) -> str:
    """A P6 sentence, "As played: …" when a penalty changed the scores it gives (the
    sentence then goes on from the pitcher as named: "As played: Bob bid 3", "As played:
    seat 0 bid 3")."""
    if params.get("as_played"):
        return "As played: " + sentence
    return sentence


def _bid_result(p: Mapping[str, Any]) -> str:
    who = p["pitcher"] if p.get("as_played") else _start(p["pitcher"])
    if p["won"] >= p["bid"]:
        sentence = f"{who} bid {p['bid']} and won {p['won']}: it scores {p['won']}."
    else:
        sentence = f"{who} bid {p['bid']} and won only {p['won']}: it is set back {p['bid']}."
    return _as_played(p, sentence)


def _points_won(p: Mapping[str, Any]) -> str:
    opening = "High, Low, Jack and Game from the cards won: " if p["from_cards"] \
        else "Points won: "
    return opening + "; ".join(
        f"{side} {won} ({points or 'nothing'})"
        for side, won, points in zip(p["sides"], p["won"], p["points"], strict=True)) + "."


def _counts(p: Mapping[str, Any]) -> str:
    """Each side's game points, "12 v 9"."""
    return " v ".join(map(str, p["counts"]))


def _highest(p: Mapping[str, Any]) -> str:
    """Who has the highest count (P5): "Ann has the highest count (12)", "Ann and Bob tie
    at 9"."""
    if len(p["leaders"]) == 1:
        return f"{p['leaders'][0]} has the highest count ({p['best']})"
    return " and ".join(p["leaders"]) + f" tie at {p['best']}"


def _calls(p: Mapping[str, Any]) -> str:
    return ", ".join(map(str, p["calls"]))


#: How each finding is worded from its parameters.
FINDING_WORDS: dict[str, Wording] = {
    "auction_legal": lambda p: (
        f"The auction ({_calls(p)}, from the dealer's left) is legal: {p['pitcher']} is the "
        f"highest bidder, with {p['bid']}." if "calls" in p else
        f"The auction is legal: {p['pitcher']} is the pitcher, bid {p['bid']}."),
    "auction_read_as_played": lambda p: (
        f"Read as the table played it, the auction ({_calls(p)}) makes {p['pitcher']} the "
        f"pitcher with {p['bid']}." if "calls" in p else
        f"The auction breaks P3 (see the violations); read as the table played it, "
        f"{p['pitcher']} is the pitcher with a bid of {p['bid']}."),
    "bid_legal": "A bid of {bid} is a legal bid at this table ({least} to {most}).",
    "dealer_bid_legal": "The dealer's {bid} came over or matched another bid (had everyone "
                        "passed, he had to bid at least {stuck_least}).",
    "highest_bidder_as_reported": lambda p: (
        f"{_start(p['pitcher'])} was the highest bidder, with {p['bid']} (the auction was not "
        "given)."),
    "bid_made_as_reported": lambda p: f"{_start(p['pitcher'])} made its bid (not given).",
    "no_revoke": "Every card followed suit or trumped where it had to: no revoke.",
    "no_revoke_but_recorded": "But for the revoke recorded (P10), every card followed suit or "
                              "trumped where it had to.",
    "no_revoke_as_reported": "Nobody revoked: without the cards the play cannot be checked.",
    "trump_and_tricks": lambda p: (
        f"Trump is {SUIT_NAMES[p['trump']]}, the suit of the first lead; each trick's winner."),
    "trump_as_reported": lambda p: f"Trump was {SUIT_NAMES[p['trump']]}.",
    "points_won": _points_won,
    "variant_points_won": lambda p: "Points won, each at its value: " + "; ".join(
        f"{side} {won} ({points or 'nothing'})"
        for side, won, points in zip(p["sides"], p["won"], p["points"], strict=True)) + ".",
    "variant_points_as_reported": lambda p: "Who took each point, as written (no cards were "
    "given): " + ", ".join(f"{point} {who}" for point, who in zip(p["points"], p["seats"],
                                                                 strict=True)) + ".",
    "variant_scores_possible": lambda p: (
        f"Each score is possible in one hand of this game ({p['total']} "
        f"{'point' if p['total'] == 1 else 'points'} in all): the pitcher at least his bid or "
        "minus the bid."),
    "points_won_add_up": "The points won add up to {total}: 2 to 4, as High and Low always go "
                         "and Jack and Game may not.",
    "points_not_given": "Who took High, Low, Jack and Game: only the totals were given.",
    "high_low_as_reported": lambda p: (
        f"{_start(p['high'])} took High and {p['low']} "
        f"{'was dealt' if p['low_to_holder'] else 'took'} Low (no cards were given)."),
    "jack_not_out": "The jack of trumps was not out (not dealt).",
    "jack_as_reported": lambda p: f"{_start(p['jack'])} took the jack of trumps.",
    "game_tied": "Game was tied (no counts were given).",
    "game_as_reported": lambda p: f"{_start(p['game'])} took Game (no counts were given).",
    "game_agrees_with_counts": lambda p: (
        f"Game agrees with the counts ({_counts(p)}): {_highest(p)}."),
    "game_points_as_reported": lambda p: (
        f"The game points as the table counted them: {_counts(p)}."),
    "counts_fit": "The counts ({total} in all) fit in the cards in play (at most {most}).",
    "single_trump": lambda p: (
        f"A single trump in play is both High and Low{' and the Jack' if p['points'] == 3 else ''}"
        f": {p['pitcher']} scores {p['points']} for it, as the pitcher led it."),
    "partners_pool": "Partners pool what they won: each team scores as one.",
    "bid_result": _bid_result,
    "set_back": lambda p: f"{_start(p['pitcher'])} was set back: it bid {p['bid']}.",
    "set_back_points_fit": lambda p: (
        f"{_start(p['pitcher'])} was set back {p['bid']}: the others' {p['others']} "
        f"{'point fits' if p['others'] == 1 else 'points fit'} ({p['least']} to 4)."),
    "scores_possible": "Each score is possible in one hand: a non-pitcher 0 to 4, the pitcher "
                       "at least his bid or minus the bid.",
    "scores_as_reported": "The scores themselves, within what one hand can score.",
    "claim_agrees": "The score the table wrote agrees with the rules.",
    "next_dealer": "The next dealer is {dealer}.",
    "hands_not_given": "The hands as dealt were not given: each hand is read from the cards "
                       "played, so a revoke shows only when the player later played the suit he "
                       "failed to follow.",
    "irregularity": "{what}",
    "revoke_penalised": lambda p: (
        f"Revoke ({p['penalty']}): {', '.join(p['offenders'])} penalised; the scores after the "
        "penalty: " + ", ".join(f"{x:+d}" for x in p["after"]) + "."),
    "hand_void": "The hand is void: nobody scores.",
    "misdeal_shown": lambda p: "The hands as dealt show a misdeal: " + ", ".join(
        f"{who} {n}" for who, n in zip(p["players"], p["cards"], strict=True))
        + " cards, not six.",
    "misdeal_reported": "The misdeal, as the table reported it.",
    "new_deal": "A new deal, nobody scores; {dealer} deals ({source}).",
}


def finding(code: str, rule: str, **params: Param) -> Finding:
    """The finding ``code`` on ``rule``, worded by :data:`FINDING_WORDS` from ``params``."""
    return worded(FINDING_WORDS, code, rule, **params)


def as_played(found: Finding) -> Finding:
    """``found`` (a P6 finding) worded "As played: …": a penalty changed the scores."""
    return finding(found.code, found.rule, **dict(found.params), as_played=True)
