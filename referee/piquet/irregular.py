"""Irregularities that really happened, recorded anyway (Q12, rules/irregularities.md).

The rules refuse a revoke, a lead out of turn, a misdeal or a call of what one does not hold;
but at a real table they happen and are found late.  A record may say which of its rule
breaks the table records anyway (:attr:`PiquetDeal.irregular`, each as the ``(code,
location)`` of the violation it would otherwise be), and the ruling then applies the penalty
of the Portland Club laws (PT, Cavendish 1882) or the table's option
(:class:`~referee.piquet.records.PiquetOptions` ``revoke``, ``false_call``):

======================  =========================================================  ==========
irregularity            what the ruling does                                       law
======================  =========================================================  ==========
revoke                  ``replay`` (default): the play from that trick must be     PT 59 IV
                        recorded again; ``reckon_nothing``: the offender scores
                        nothing, his counts still bar a pique or repique;
                        ``void``: the deal counts for nobody
lead out of turn        the lead stands, the adversary having played to it         PT 59 III
call of what one        ``reckon_nothing`` (default): the caller scores nothing    PT 52–54,
does not hold           that deal; ``call_only``: only the call scores nothing;    HI 6
                        no penalty when hand and discard together could not hold
                        it (a misnomer)
wrong number of cards   a fresh deal by the same dealer: the deal scores nothing   PT 10–14,
dealt, 9 in the talon                                                              39–43
======================  =========================================================  ==========
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

from referee.piquet.counting import Count
from referee.piquet.records import ROLES, Role, other

#: The violation codes a table may record anyway, and the irregularity each is (Q12).
IRREGULAR_CODES: dict[str, str] = {
    "revoke": "revoke",
    "announcement_not_held": "false_call",
    "lead_out_of_turn": "lead_out_of_turn",
    "hand_size": "misdeal",
    "talon_size": "misdeal",
}


class Irregularity(NamedTuple):
    """One irregularity recorded anyway, with its penalty (Q12).

    ``kind``: "revoke", "false_call", "lead_out_of_turn" or "misdeal"; ``who``: the offender
    (None for a misdeal); ``law``: the law applied ("PT 59 IV"); ``location``: where in the
    record; ``penalty``: what was applied ("replay", "reckon_nothing", "void", "call_only",
    "none", "fresh_deal"); ``consequence``: a sentence for the players.
    """

    kind: str
    who: Role | None
    law: str
    location: str
    penalty: str
    consequence: str

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return self._asdict()


def trick_of(location: str) -> int | None:
    """The 0-based trick of a location like ``tricks[4][0]``, or None."""
    if not location.startswith("tricks["):
        return None
    number = location[len("tricks["):].split("]", 1)[0]
    return int(number) if number.isdigit() else None


def out_of_turn_tricks(irregular: Collection[tuple[str, str]]) -> frozenset[int]:
    """The tricks recorded as led out of turn (PT 59 III)."""
    return frozenset(t for code, loc in irregular
                     if code == "lead_out_of_turn" and (t := trick_of(loc)) is not None)


def penalty_counts(counts: Sequence[Count], found: Sequence[Irregularity]) -> list[Count]:
    """The penalties as counting records (stage "penalty", Q12), after every other count so
    that an offender's counts still bar his opponent's pique and repique (PT 58, Case I):
    an offender who reckons nothing loses what he counted; a void deal takes both totals."""
    losers: dict[Role, Irregularity] = {}
    for item in found:
        if item.penalty == "void":
            for role in ROLES:
                losers.setdefault(role, item)
        elif item.penalty == "reckon_nothing" and item.who is not None:
            losers.setdefault(item.who, item)
    out: list[Count] = []
    for role in ROLES:
        cause = losers.get(role)
        if cause is None:
            continue
        total = sum(c.points for c in counts if c.who == role)
        what = ("the deal is void" if cause.penalty == "void" else "reckons nothing this deal") \
            + f": {cause.kind.replace('_', ' ')} ({cause.law})"
        out.append(Count(role, what, -total, "penalty", "Q12", "penalty", "penalty", None, 0,
                         cause.consequence))
    return out


def revoke_irregularity(
    location: str, offender: Role, suit_words: str, penalty: str
) -> Irregularity:
    """A revoke recorded anyway (PT 59 IV and the table's option)."""
    trick = (trick_of(location) or 0) + 1
    if penalty == "replay":
        consequence = (f"The {offender} hand revoked in trick {trick}: take back the cards from "
                       f"that trick, he plays a {suit_words}, and the play goes on as though no "
                       "error had been made (PT 59 IV); record the replay.")
    elif penalty == "reckon_nothing":
        consequence = (f"The {offender} hand revoked in trick {trick} and the deal cannot be "
                       "replayed: he reckons nothing this deal; his counts still bar a pique or "
                       f"repique of the {other(offender)} hand (table option).")
    else:
        consequence = (f"The {offender} hand revoked in trick {trick} and the deal cannot be "
                       "replayed: the deal is void, nobody scores (table option).")
    return Irregularity("revoke", offender, "PT 59 IV", location, penalty, consequence)


def false_call_irregularity(
    location: str, caller: Role, penalty: str, misnomer: bool
) -> Irregularity:
    """A call of what one does not hold, recorded anyway (PT 52–54, HI 6)."""
    if misnomer:
        return Irregularity(
            "false_call", caller, "PT 53", location, "none",
            f"The {caller} hand called a combination that his hand and discard together could "
            "not hold: a misnomer, no penalty (PT 53); the call scores nothing.")
    if penalty == "reckon_nothing":
        return Irregularity(
            "false_call", caller, "PT 54", location, "reckon_nothing",
            f"The {caller} hand called a combination he did not hold: he reckons nothing this "
            f"deal (PT 54); the {other(caller)} hand reckons what he has good.")
    return Irregularity(
        "false_call", caller, "PT 54", location, "call_only",
        f"The {caller} hand called a combination he did not hold: the call scores nothing "
        "(table option).")


def lead_out_of_turn_irregularity(location: str, leader: Role) -> Irregularity:
    """A lead out of turn the adversary played to: it stands (PT 59 III)."""
    trick = (trick_of(location) or 0) + 1
    return Irregularity(
        "lead_out_of_turn", leader, "PT 59 III", location, "none",
        f"The {leader} hand led trick {trick} out of turn; the {other(leader)} hand played to "
        "it, so the lead stands and the play goes on from it (PT 59 III).")


def misdeal_irregularity(location: str, message: str) -> Irregularity:
    """A wrong number of cards dealt, recorded anyway: a fresh deal (PT 10–14, 39–43)."""
    return Irregularity(
        "misdeal", None, "PT 10–14, 39–43", location, "fresh_deal",
        f"{message.split(':')[0]}: a misdeal. The same dealer deals afresh (no law moves the "
        "deal); this deal scores nothing.")
