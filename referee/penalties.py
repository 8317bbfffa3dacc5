"""The penalties of both games, each named once (docs/rules/laws.md, "Penalties"; P10, Q12).

:data:`PENALTIES` is the one table: each penalty's name (the value a match option takes and
the ``penalty`` an irregularity is stored with), what chooses it (the options, with the laws
that apply it unasked), the older names stored events may carry for it (read as today's name,
never rewritten) and the words the page shows. :data:`CHOICES` gives each option's values,
the default first, drawn from it; the options' schemas, the ``irregularities`` option of a
match and the ledger's renamed penalties are read from here, and tests/test_laws_table.py
checks docs/rules/laws.md and the page's words (``PENALTY`` in
referee/web/screens/anyway.js) against it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Penalty:
    """One penalty: ``name``; ``chosen``: what chooses it, as docs/rules/laws.md says it (the
    options in backquotes, then the laws that apply it); ``older``: (game, kind, name) of each
    older name stored events of that game and kind carry for it; ``displayed``: the words the
    page shows for it."""

    name: str
    chosen: str
    older: tuple[tuple[str, str, str], ...]
    displayed: str


#: Every penalty, in the order of docs/rules/laws.md's table.
PENALTIES: tuple[Penalty, ...] = (
    Penalty("withdrawn", "`irregularities.out_of_turn`; a discard of none (PT 21, 22)", (),
            "taken back: the play goes on as though it had not happened"),
    Penalty("replay", "`revoke` (Piquet, PT 59 IV)", (("piquet", "revoke", "withdrawn"),),
            "the play from the revoking trick on is taken back and recorded again"),
    Penalty("void", "`revoke`, `long_hand`, `revoke_penalty`, `lead_out_of_turn`, "
            "`irregularities.*`; a misdeal or incorrect pack", (),
            "the deal is void and dealt again"),
    Penalty("as_played", "`irregularities.other`; a lead out of turn played to (PT 59 III)",
            (), "scored as played, the irregularity noted"),
    Penalty("score_as_played", "`lead_out_of_turn` (Pitch)", (),
            "scored as played, the lead out of turn noted"),
    Penalty("set_back_bid", "`revoke_penalty`", (),
            "the offender's side scores nothing and is set back the bid"),
    Penalty("all_fours", "`revoke_penalty`", (),
            "the offender's side loses a point (two with the jack in play) and cannot score "
            "Jack or Game"),
    Penalty("cancel", "`bid_out_of_turn`", (), "the call is void, the auction goes on in turn"),
    Penalty("must_pass", "`bid_out_of_turn`", (),
            "the player who called out of turn must pass"),
    Penalty("stands", "`bid_out_of_turn`; a deal out of turn found late (PT 16)", (),
            "it stands as made: a call as his call in turn, a deal out of turn as dealt"),
    Penalty("pass_deal", "`misdeal`", (), "a new deal: nobody scores, the next dealer deals"),
    Penalty("same_dealer", "`misdeal`", (),
            "a new deal: nobody scores, the same dealer deals again"),
    Penalty("reckon_nothing", "`revoke`, `false_call`, `long_hand`, `talon_offence`; the "
            "election `play_on` (PT 28–29)", (), "the offender reckons nothing this deal"),
    Penalty("call_only", "`false_call`", (), "only the false call scores nothing"),
    Penalty("fresh_deal", "`talon_offence`; `irregularities.misdeal`, "
            "`irregularities.exposed_in_dealing`; the election `fresh_deal` (PT 11, 13, 28–29)"
            "; PT 39 with elder 11 and seven in the talon", (),
            "a fresh deal: this deal scores nothing, the same dealer deals again"),
    Penalty("play_on", "`irregularities.misdeal`, `irregularities.exposed_in_dealing`; the "
            "election `play_on` (PT 11, 13); an elder who took in unannounced (PT 39)", (),
            "the deal stands and is played on"),
    Penalty("may_be_called", "an exposed card in the partnership game (F)", (),
            "the opponents may call the card"),
    Penalty("none", "an exposed card, a short hand (PT 57; Pitch P10), a misnomer (PT 53)", (),
            "no penalty"),
)

#: Each penalty by its name.
BY_NAME: dict[str, Penalty] = {p.name: p for p in PENALTIES}

#: The values each option takes, the default first (P10, Q12): the Pitch options
#: ``revoke_penalty``, ``misdeal``, ``bid_out_of_turn``, ``lead_out_of_turn``; the Piquet
#: options ``revoke``, ``false_call``, ``long_hand``, ``talon_offence``; and each kind of a
#: match's ``irregularities`` option (``irregularities.out_of_turn`` …; Piquet's
#: ``exposed_in_dealing`` and ``misdeal``: elder's elections, PT 11, 13).
CHOICES: dict[str, tuple[str, ...]] = {
    "revoke_penalty": ("set_back_bid", "all_fours", "void"),
    "misdeal": ("pass_deal", "same_dealer"),
    "bid_out_of_turn": ("cancel", "must_pass", "stands"),
    "lead_out_of_turn": ("score_as_played", "void"),
    "revoke": ("replay", "reckon_nothing", "void"),
    "false_call": ("reckon_nothing", "call_only"),
    "long_hand": ("reckon_nothing", "void"),
    "talon_offence": ("reckon_nothing", "fresh_deal"),
    "irregularities.out_of_turn": ("withdrawn", "void"),
    "irregularities.other": ("void", "as_played"),
    "irregularities.exposed_in_dealing": ("fresh_deal", "play_on"),
    "irregularities.misdeal": ("fresh_deal", "play_on"),
}


def choices(option: str) -> list[str]:
    """The values of ``option`` (a key of :data:`CHOICES`), the default first, for a schema's
    ``OneOf``."""
    return list(CHOICES[option])


def renamed(game: str) -> dict[tuple[str, str], str]:
    """(kind, older name) → today's name of the penalties stored events of ``game``
    ("piquet" or "pitch") may carry (:attr:`Penalty.older`)."""
    return {(kind, old): p.name for p in PENALTIES for g, kind, old in p.older if g == game}


def _check() -> None:
    """Every option value is a penalty of the table (run at import: a slip fails at once)."""
    for option, values in CHOICES.items():
        unknown = [v for v in values if v not in BY_NAME]
        if unknown:
            raise AssertionError(f"{option}: {unknown} not in PENALTIES")


_check()
