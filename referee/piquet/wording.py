"""The words of a Piquet ruling's findings, made in one place from each finding's code and
parameters (Q5–Q8).

:data:`FINDING_WORDS` holds, per code of :data:`~referee.piquet.claims.FINDING_CODES`, how its
English sentence is made from its parameters (:func:`referee.rulings.word`); the engine makes
every finding through :func:`finding`, so a client that words rulings its own way needs only
the code and the parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.piquet.counting import STEPS
from referee.rulings import Finding, Param, Wording, worded

_OTHER = {"elder": "younger", "younger": "elder"}


def _see(params: Mapping[str, Any], ok: str) -> str:
    """``ok`` when nothing was broken, else a pointer to the violations."""
    return " (see the violations)." if params["broken"] else ok


def _steps(params: Mapping[str, Any]) -> str:
    """One step's counts: "The elder hand, point of five, 48: 5; …"."""
    what = "; ".join(f"the {who} hand, {said}: {points}" for who, said, points
                     in zip(params["who"], params["what"], params["points"], strict=True))
    return what[0].upper() + what[1:] + "."


def _play(params: Mapping[str, Any]) -> str:
    return (f"In play: elder {params['elder']}, younger {params['younger']} (leads, tricks "
            "won on the other's lead, the last trick).")


#: How each finding is worded from its parameters.
FINDING_WORDS: dict[str, Wording] = {
    "tricks_checked": lambda p: "12 tricks of 2 cards, following suit checked"
                                + _see(p, ": no revoke."),
    "declarations_checked": lambda p: "The declarations against the cards each hand played"
                                      + _see(p, "."),
    **{f"{step}_counted": _steps for step in STEPS if step != "play"},
    "play_counted": _play,
    "tricks_add_up": "12 tricks: elder {elder}, younger {younger}.",
    "good_as_reported": lambda p: (
        f"In {p['category']} the table said "
        f"{'equal' if p['said'] == 'equal' else p['said'] + ' good'}: {p['elder']} against "
        f"{p['younger']}, {p['tie_break']} not written."),
    "good_stands": lambda p: (
        f"In {p['category']} the younger hand allowed the elder hand's {p['elder']} good "
        f"holding {p['younger']}, and did not correct it in time: the reply stands (PT 51)."),
    "category_compared": lambda p: p["category"].capitalize() + ": " + (
        "equal, nobody scores" if p["good"] is None else
        f"the {p['good']} hand's {p[p['good']]} beats {p[_OTHER[p['good']]]}") + ".",
    "one_side_written": lambda p: (
        f"{p['category'].capitalize()}: only the {p['who']} hand's {p['shown']} is written; "
        "the other is taken to have had nothing better (said good)."),
    "carte_blanche_as_reported": "The {who} hand's carte blanche, as reported (the hands as "
                                 "dealt are not on the sheet).",
    "cards_none": "Six tricks each: nobody scores the cards.",
    "cards_won": lambda p: f"The {p['who']} hand: " + (
        "capot, all twelve tricks" if p["capot"] else
        f"the cards, {p['tricks']} tricks to {p['other_tricks']}") + f", {p['points']}.",
    "repique": lambda p: (
        f"Repique: the {p['who']} hand reached {p['reached']} in the declarations before the "
        f"{_OTHER[p['who']]} hand scored anything (Q8 order): 60."),
    "no_repique": "No repique: nobody reached 30 in the declarations before the other scored "
                  "(Q8 order).",
    "claim_adds_up": "The {who} hand's claimed {claimed} is what the line adds up to.",
    "play_as_reported": "Points in play as counted at the table: elder {elder}, younger "
                        "{younger} (the cards are not on the sheet).",
    "play_from_totals": "Points in play taken from the claimed totals: elder {elder}, younger "
                        "{younger}.",
    "play_fits_tricks": "Points in play fit the tricks: elder {elder} with {elder_tricks}, "
                        "younger {younger} with {younger_tricks}.",
    "pique_verified": "The {who} hand's pique: {why}.",
    "pique_as_reported": "The {who} hand's pique, as reported: {why}; the order of play is not "
                         "on the sheet.",
    "pique_computed": "The {who} hand's pique: {why}.",
    "pique_possible_not_claimed": "No pique claimed; one was possible for the {who} hand "
                                  "({why}), scored none.",
    "no_pique": "No pique: nobody could reach 30 before the other scored.",
    "claimed_as_reported": lambda p: "The claimed points as reported: " + ", ".join(
        f"{r} {p[r]}" for r in ("elder", "younger") if p.get(r) is not None) + ".",
    "totals_possible": lambda p: (
        f"Each total is within what one deal can give (0 to {p['most']})" + (
            ", the elder hand has his first lead and together they have the 13 points of the "
            "play" if p["every_lead"] else "") + "."),
    "totals_as_reported": "The deal's points as reported: elder {elder}, younger {younger} "
                          "(no declarations or tricks were written).",
}


def finding(code: str, rule: str, **params: Param) -> Finding:
    """The finding ``code`` on ``rule``, worded by :data:`FINDING_WORDS` from ``params``."""
    return worded(FINDING_WORDS, code, rule, **params)
