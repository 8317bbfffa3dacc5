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
                        it (PT 54; a misnamed one he holds: a misnomer, PT 53)
wrong number of cards   a fresh deal by the same dealer: the deal scores nothing   PT 10–14,
dealt, 9 in the talon                                                              39–43
more than twelve cards  ``long_hand`` ``reckon_nothing`` (default): he scores      PT 58, 25,
in play                 nothing but a carte blanche (Case XXI), his cards and      31; Cases
                        calls still bar the adversary's pique and repique; his     XVII, XIX,
                        cards not played are no trick, the twelfth is the last     XXI
                        trick (Case XIX); ``void``: nobody scores (Case XXII)
fewer than twelve       no penalty; each card of the adversary that cannot be      PT 57, 26,
cards in play           played to is a trick of his (led, won; the twelfth is      30
                        the last trick)
a card exposed in       the dealer's own: the deal stands; elder's or a talon      PT 13
dealing                 card: elder elects a fresh deal or plays on
a card faced in the     a fresh deal by the same dealer, compulsory                PT 14
pack or the talon
talon offence           ``talon_offence`` ``reckon_nothing`` (default): the        PT 27–29,
(also an exchange that  offender scores nothing, his counts still bar;             33, 35
takes in the            ``fresh_deal``: nobody scores, the same dealer deals again
adversary's cards)
a discard of none       no penalty: the exchange is taken back, he must discard    PT 21, 22
                        at least one
======================  =========================================================  ==========
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from referee.cards import Card
from referee.piquet.counting import Count
from referee.piquet.exchange import STANDING_DEALS, STANDS, is_carte_blanche, standing_law
from referee.piquet.records import ROLES, TAKEN_IN, PiquetDeal, Role, other
from referee.rulings import Consequence
from referee.violations import RecordError, Violation, consequence, said

#: The violation codes a table may record anyway, and the irregularity each is (Q12).
IRREGULAR_CODES: dict[str, str] = {
    "revoke": "revoke",
    "announcement_not_held": "false_call",
    "lead_out_of_turn": "lead_out_of_turn",
    "hand_size": "misdeal",
    "talon_size": "misdeal",
}

#: Irregularities found at the table that are no violation of the record (Q12): the record's
#: ``irregular`` lists them with the offender's role as the location.
TABLE_CODES: dict[str, str] = {
    "long_hand": "more than twelve cards in play (PT 58)",
    "short_hand": "fewer than twelve cards in play (PT 57)",
    "talon_offence": "a talon offence (PT 27–29, 33, 35)",
}


class Irregularity(NamedTuple):
    """One irregularity recorded anyway, with its penalty (Q12).

    ``kind``: "revoke", "false_call", "lead_out_of_turn" or "misdeal"; ``who``: the offender
    (None for a misdeal); ``law``: the law applied ("PT 59 IV"); ``location``: where in the
    record; ``penalty``: what was applied ("replay", "reckon_nothing", "void", "call_only",
    "none", "fresh_deal"); ``consequence``: a sentence for the players, in English;
    ``coded``: the same sentence by its code and parameters
    (:data:`referee.violations.CONSEQUENCE_WORDS`), when it has one, so that each language
    words it.
    """

    kind: str
    who: Role | None
    law: str
    location: str
    penalty: str
    consequence: str
    coded: Consequence | None = None

    @property
    def said(self) -> Consequence | str:
        """The consequence by its code and parameters, or its English when it has no code."""
        return self.coded if self.coded is not None else self.consequence

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form (the consequence in English)."""
        found = self._asdict()
        del found["coded"]
        return found


def trick_of(location: str) -> int | None:
    """The 0-based trick of a location like ``tricks[4][0]``, or None."""
    if not location.startswith("tricks["):
        return None
    number = location[len("tricks["):].split("]", 1)[0]
    return int(number) if number.isdigit() else None


_NO_TRICKS: frozenset[int] = frozenset()


def out_of_turn_tricks(irregular: Collection[tuple[str, str]]) -> frozenset[int]:
    """The tricks recorded as led out of turn (PT 59 III)."""
    if not irregular:
        return _NO_TRICKS
    return frozenset(t for code, loc in irregular
                     if code == "lead_out_of_turn" and (t := trick_of(loc)) is not None)


def penalty_counts(counts: Sequence[Count], found: Sequence[Irregularity]) -> list[Count]:
    """The penalties as counting records (stage "penalty", Q12), after every other count so
    that an offender's counts still bar his opponent's pique and repique (PT 58, Case I):
    an offender who reckons nothing loses what he counted but a carte blanche, which scores
    before anything is taken in (Case XXI); a void deal takes both totals."""
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
        keep = "carte_blanche" if cause.penalty == "reckon_nothing" else None
        total = sum(c.points for c in counts if c.who == role and c.step != keep)
        what = ("the deal is void" if cause.penalty == "void" else "reckons nothing this deal") \
            + f": {_KIND_WORDS.get(cause.kind, cause.kind.replace('_', ' '))} ({cause.law})"
        out.append(Count(role, what, -total, "penalty", "Q12", "penalty", "penalty", None, 0,
                         cause.consequence))
    return out


def revoke_irregularity(
    location: str, offender: Role, suit_words: str, penalty: str,
    retaken: Mapping[Role, Sequence[Card]] | None = None,
    revoking: tuple[Card, Card] | None = None,
) -> Irregularity:
    """A revoke recorded anyway (PT 59 IV and the table's option). ``retaken``: under
    "replay", the cards each hand takes back, when known (a deal in progress);
    ``revoking``: the card played and the card led, for the sentence. Under
    "reckon_nothing" or "void" the deal is played out as played."""
    trick = (trick_of(location) or 0) + 1
    params: dict[str, Any] = {"hand": offender, "trick": trick}
    if penalty == "replay":
        params["suit"] = _SUIT_LETTER[suit_words]
        code = "piquet.revoke.replay"
        if retaken is not None:
            code = "piquet.revoke.retaken"
            params["retaken"] = tuple((role, tuple(str(c) for c in retaken[role]))
                                      for role in ROLES if retaken.get(role))
    elif penalty == "reckon_nothing":
        code = "piquet.revoke.reckon_nothing"
        params["adversary"] = other(offender)
    else:
        code = "piquet.revoke.void"
    if revoking:
        code += ".cards"
        params["card"], params["lead"] = str(revoking[0]), str(revoking[1])
    said_as = consequence(code, **params)
    return Irregularity("revoke", offender, "PT 59 IV", location, penalty, said_as.text,
                        said_as)


#: A suit's letter by its name as one card of a lead ("spade").
_SUIT_LETTER = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}


def false_call_irregularity(
    location: str, caller: Role, penalty: str, exempt: str | None = None,
    call: tuple[str, str] = ("", ""),
) -> Irregularity:
    """A call of what one does not hold, recorded anyway (PT 52–54, HI 6).

    ``exempt``: None when the caller could have held the call in his hand and discard taken
    together (or they are unknown): the table's ``false_call`` ``penalty`` applies (PT 54);
    ``"misnomer"`` when he holds a combination of the counting value called but misnamed it
    and could not have held the one named (PT 53); ``"impossible"`` when his hand and discard
    together could not hold it (PT 54's exemption). Both exemptions cost nothing but the call.
    ``call``: what was called, ``(kind, words)`` (:meth:`referee.violations.Words.call`):
    ``("point", "point of seven")``, ``("set", "trio of tens")``, ``("sequence", "quint:A")``,
    ``("", "")`` when not known. The consequence's code: ``piquet.false_call.<exemption or
    penalty>``.
    """
    params: dict[str, Any] = {"hand": caller, "call": call}
    if exempt in ("misnomer", "impossible"):
        law, applied, code = ("PT 53" if exempt == "misnomer" else "PT 54"), "none", exempt
    elif penalty == "reckon_nothing":
        law, applied, code = "PT 54", "reckon_nothing", "reckon_nothing"
        params["adversary"] = other(caller)
    else:
        law, applied, code = "PT 54", "call_only", "call_only"
    said_as = consequence(f"piquet.false_call.{code}", **params)
    return Irregularity("false_call", caller, law, location, applied, said_as.text, said_as)


def lead_out_of_turn_irregularity(location: str, leader: Role) -> Irregularity:
    """A lead out of turn the adversary played to: it stands (PT 59 III)."""
    said_as = consequence("piquet.lead_out_of_turn", hand=leader,
                          trick=(trick_of(location) or 0) + 1, adversary=other(leader))
    return Irregularity("lead_out_of_turn", leader, "PT 59 III", location, "none",
                        said_as.text, said_as)


def answered_lead(leader: str, lead: str, card: str) -> Consequence:
    """PT 59 III in a match: ``leader`` (a player) led ``lead`` out of turn and the adversary
    played ``card`` to it (cards in notation): the lead stands, the trick is scored as
    played (``piquet.lead_out_of_turn.answered``)."""
    return consequence("piquet.lead_out_of_turn.answered", leader=leader, lead=lead, card=card)


def misdeal_irregularity(location: str, first: Violation) -> Irregularity:
    """A wrong number of cards dealt, recorded anyway: a fresh deal (PT 10–14, 39–43).
    ``first``: the violation that says so (``hand_size``, ``talon_size``), opening the
    sentence by its part before a colon (``piquet.misdeal``)."""
    said_as = consequence("piquet.misdeal", first)
    return Irregularity("misdeal", None, "PT 10–14, 39–43", location, "fresh_deal",
                        said_as.text, said_as)


#: Irregularities of the dealing (PT 13, 14) a record lists with where the card was as the
#: location: a card the dealer exposed (``("exposed_in_dealing", "elder")``: dealt to elder;
#: ``"younger"``: the dealer's own; ``"talon"``: a talon card) and a card found faced in the
#: pack when dealing or in the talon when taking in (``("faced_card", "pack")`` or
#: ``"talon"``); and a deal dealt out of turn, found after the hands were taken up
#: (``("deal_out_of_turn", "younger")``: the younger hand dealt it, PT 16).
DEALING_CODES: dict[str, tuple[str, ...]] = {
    "exposed_in_dealing": ("elder", "younger", "talon"),
    "faced_card": ("pack", "talon"),
    "deal_out_of_turn": ("younger",),
}



def exposed_in_dealing_irregularity(
    where: str, election: str, names: Mapping[Role, str] | None = None,
) -> Irregularity:
    """PT 13: the dealer (younger) exposed a card in dealing. ``where``: the hand it was dealt
    to ("elder", or "younger": the dealer's own card) or "talon". The dealer's own card: the
    deal stands, no penalty. Elder's or a talon card: elder may have a fresh deal
    (``election`` "fresh_deal": nobody scores, the same dealer deals again) or play on
    ("play_on": the deal stands)."""
    dealer = ("younger", names["younger"] if names else None)
    if where == "younger":
        said_as = consequence("piquet.exposed_in_dealing.own", None, dealer=dealer)
        return Irregularity("exposed_in_dealing", "younger", "PT 13", where, "none",
                            said_as.text, said_as)
    penalty = "play_on" if election == "play_on" else "fresh_deal"
    said_as = consequence(f"piquet.exposed_in_dealing.{penalty}.{where}", None, dealer=dealer,
                          elder=("elder", names["elder"] if names else None))
    return Irregularity("exposed_in_dealing", "younger", "PT 13", where, penalty, said_as.text,
                        said_as)


def faced_card_irregularity(where: str) -> Irregularity:
    """PT 14: a card found faced in the pack when dealing, or in the talon when taking in:
    a fresh deal must be made, whoever would profit (nobody elects)."""
    said_as = consequence(f"piquet.faced_card.{'pack' if where == 'pack' else 'talon'}")
    return Irregularity("faced_card", None, "PT 14", where, "fresh_deal", said_as.text, said_as)


def wrong_deal_irregularity(
    dealt: Mapping[Role, int], election: str, names: Mapping[Role, str] | None = None,
) -> Irregularity:
    """A deal one card wrong (PT 11): elder, with 11 or 13 cards (or 12 and 7 in the talon),
    may have a fresh deal or stand it. ``dealt``: the cards dealt to each hand;
    ``election`` "fresh_deal" (nobody scores, the same dealer deals again) or "play_on" (the
    deal stands: each discards so as to play with twelve, :data:`STANDING_DEALS`); or
    :data:`~referee.piquet.records.TAKEN_IN` (PT 39: elder, dealt 11 or 13, took in without
    announcing it and lost his option: the deal stands, he cannot alter his discard and must
    leave younger at least three cards — but elder 11 with seven in the talon is a fresh
    deal). The consequence's code: ``piquet.wrong_deal.<election>``, the hands with their
    players when named and the cards each was dealt."""
    law = STANDING_DEALS.get((dealt["elder"], dealt["younger"]), ("PT 11", 8))[0]
    params: dict[str, Any] = {
        "elder": ("elder", names["elder"] if names else None),
        "elder_dealt": dealt["elder"],
        "younger": ("younger", names["younger"] if names else None),
        "younger_dealt": dealt["younger"]}
    if election == TAKEN_IN and dealt["elder"] == 11 and dealt["younger"] == 14:
        said_as = consequence("piquet.wrong_deal.taken_in.fresh_deal", **params)
        return Irregularity("misdeal", "elder", "PT 39", "dealt", "fresh_deal", said_as.text,
                            said_as)
    if election in (TAKEN_IN, "play_on"):
        said_as = consequence(f"piquet.wrong_deal.{election}", **params, law=law)
        first = "PT 39" if election == TAKEN_IN else "PT 11"
        return Irregularity("misdeal", "elder", f"{first}, {law[3:]}", "dealt", "play_on",
                            said_as.text, said_as)
    said_as = consequence("piquet.wrong_deal.fresh_deal", **params)
    return Irregularity("misdeal", "elder", "PT 11", "dealt", "fresh_deal", said_as.text,
                        said_as)


def deal_out_of_turn_irregularity(
    early: bool, names: Mapping[Role, str] | None = None,
) -> Irregularity:
    """PT 16: the younger hand dealt out of turn. ``early``: found before either player took
    up his cards: the deal is void and the right dealer deals ("fresh_deal"). Later the deal
    stands ("stands") and the elder hand of that deal deals the next two deals, unless that
    deal or the next is the partie's last. The consequence's code:
    ``piquet.deal_out_of_turn.<penalty>``."""
    penalty = "fresh_deal" if early else "stands"
    said_as = consequence(f"piquet.deal_out_of_turn.{penalty}",
                          dealer=("younger", names["younger"] if names else None),
                          elder=("elder", names["elder"] if names else None))
    return Irregularity("deal_out_of_turn", "younger", "PT 16", "younger", penalty,
                        said_as.text, said_as)


def dealing_irregularities(deal: PiquetDeal) -> list[Irregularity]:
    """The irregularities of the dealing the record lists (PT 13, 14; :data:`DEALING_CODES`),
    and a wrong deal elder stood (PT 11, 40–43: :data:`~referee.piquet.exchange.STANDS`).
    Elder's election under PT 13 is read from the record: a record with its play shows the
    deal stood ("play_on"); one with no card played, the fresh deal he elected.

    :raises RecordError: code ``bad_irregular`` (Q12) when the location is not one of the
        code's places.
    """
    found: list[Irregularity] = []
    for i, (code, location) in enumerate(deal.irregular):
        places = DEALING_CODES.get(code)
        if places is None:
            continue
        if location not in places:
            raise RecordError([said("bad_irregular.where", "Q12", f"irregular[{i}].location",
                                    code=code, places=tuple(places))])
        if code == "faced_card":
            found.append(faced_card_irregularity(location))
        elif code == "deal_out_of_turn":  # PT 16: found late, the deal stands
            found.append(deal_out_of_turn_irregularity(False))
        else:
            found.append(exposed_in_dealing_irregularity(
                location, "play_on" if deal.tricks else "fresh_deal"))
    if STANDS in deal.irregular and standing_law(deal.dealt) is not None:
        dealt = deal.dealt or {}
        found.append(wrong_deal_irregularity({r: len(dealt[r]) for r in ROLES},
                                             (deal.elections or {}).get("deal_stands",
                                                                        "play_on")))
    return found


_KIND_WORDS = {"long_hand": "more than twelve cards", "short_hand": "fewer than twelve cards",
               "talon_offence": "talon offence"}


def table_irregularities(deal: PiquetDeal) -> dict[str, Role]:
    """The irregularities of :data:`TABLE_CODES` the record lists, each code → the offender.

    :raises RecordError: code ``bad_irregular`` (Q12) when the location is not a role, or one
        player is recorded with both more and fewer than twelve cards.
    """
    found: dict[str, Role] = {}
    for i, (code, location) in enumerate(deal.irregular):
        if code not in TABLE_CODES:
            continue
        if location not in ROLES:
            raise RecordError([said(f"bad_irregular.who.{code}", "Q12",
                                    f"irregular[{i}].location")])
        found[code] = "elder" if location == "elder" else "younger"
    if found.get("long_hand") is not None and found.get("long_hand") == found.get("short_hand"):
        raise RecordError([said("bad_irregular.long_and_short", "Q12", "irregular")])
    return found


def wrong_hands(deal: PiquetDeal, found: Mapping[str, Role]) -> PiquetDeal:
    """The record as the checks of Q2–Q4 can take it when a hand played with the wrong number
    of cards (PT 57, 58): that hand's cards as dealt and its discards are set aside (they are
    what went wrong), and the talon unless it holds eight cards.  The play and the
    declarations are ruled as recorded.

    :raises RecordError: code ``unplayed_played`` (Q12) — a card listed as never played by a
        long hand is in the tricks — or ``bad_irregular`` — ``unplayed`` cards without a long
        hand recorded for that player.
    """
    wrong = {r for code, r in found.items() if code in ("long_hand", "short_hand")}
    offender = found.get("talon_offence")
    if offender is not None and _took_too_many(deal, offender):
        wrong.add(offender)  # PT 27–29: which of the adversary's cards he took is not known
    played = {c for trick in deal.tricks for c in trick}
    for role, extra in (deal.unplayed or {}).items():
        if not extra:
            continue
        if found.get("long_hand") != role:
            raise RecordError([said("bad_irregular.unplayed", "Q12", f"unplayed.{role}",
                                    hand=role)])
        for i, card in enumerate(extra):
            if card in played:
                raise RecordError([said("unplayed_played", "Q12", f"unplayed.{role}[{i}]",
                                        hand=role)])
    if not wrong:
        return deal
    dealt = {r: h for r, h in (deal.dealt or {}).items() if r not in wrong} or None
    exchange = {r: h for r, h in (deal.exchange or {}).items() if r not in wrong} or None
    talon = deal.talon if deal.talon is not None and len(deal.talon) == 8 else None
    return replace(deal, dealt=dealt, exchange=exchange, talon=talon)


def set_aside_carte_blanche(whole: PiquetDeal, deal: PiquetDeal) -> Role | None:
    """Case XXI, PT 57, 58: a player whose hand as dealt :func:`wrong_hands` set aside
    (``whole``: the record as given; ``deal``: as ruled) still scores the carte blanche he was
    dealt — twelve cards, no court card (Q3) — unless his declarations say he showed none.
    :returns: that player, or None (none set aside: ``deal`` is ``whole``)."""
    if deal is whole:
        return None
    for role in ROLES:
        dealt = (whole.dealt or {}).get(role)
        if dealt is None or (deal.dealt or {}).get(role) is not None:
            continue
        said_so = (whole.declarations or {}).get(role)
        if len(dealt) == 12 and is_carte_blanche(dealt) \
                and (said_so is None or said_so.carte_blanche):
            return role
    return None


def unmixed_breaks(deal: PiquetDeal, found: Mapping[str, Role]) -> list[Violation]:
    """PT 28: elder took in more than five talon cards (a talon offence, ``found`` by
    :func:`table_irregularities`) and the deal stands: younger takes only the cards elder did
    not mix with his hand — at most eight less elder's count (``exchange_count`` at
    ``exchange.younger``). ``deal``: the record as given (before :func:`wrong_hands`)."""
    exchange = deal.exchange or {}
    if found.get("talon_offence") != "elder" or not {"elder", "younger"} <= exchange.keys():
        return []
    left = max(8 - len(exchange["elder"]), 0)
    if len(exchange["younger"]) <= left:
        return []
    return [said("exchange_count.unmixed", "Q4", "exchange.younger", n=len(exchange["elder"]),
                 left=left, taken=len(exchange["younger"]))]


def _took_too_many(deal: PiquetDeal, role: Role) -> bool:
    """PT 27–29: the record's exchange has ``role`` take in more talon cards than are his
    (elder more than five; younger more than elder left him)."""
    exchange = deal.exchange or {}
    if role not in exchange:
        return False
    taken = len(exchange[role])
    if role == "elder":
        return taken > 5
    return taken > 8 - len(exchange.get("elder", ()))


def exchange_irregularity(
    deal: PiquetDeal, location: str, penalty: str, names: Mapping[Role, str] | None = None,
    election: str | None = None,
) -> Irregularity | None:
    """An exchange of the wrong number of cards (Q4 ``exchange_count`` at ``location``,
    ``"exchange.younger"``), recorded anyway, as the laws rule it; None when it is neither:

    - a discard of none: no penalty, he is bound to discard at least one (PT 21 elder, PT 22
      younger): the exchange is taken back (``"withdrawn"``) to be recorded with his discard;
    - more cards taken in than are his (elder more than five, younger more than elder left):
      he took up the adversary's talon cards, a talon offence (PT 27–29) under the table's
      ``talon_offence`` ``penalty``, or the adversary's ``election`` when he made one
      (:func:`talon_offence_penalty`, :func:`talon_offence_irregularity`).
    """
    role: Role = "elder" if location == "exchange.elder" else "younger"
    if location != f"exchange.{role}" or role not in (deal.exchange or {}):
        return None
    if not (deal.exchange or {})[role]:
        law = "PT 21" if role == "elder" else "PT 22"
        said_as = consequence("piquet.no_discard", who=(role, names[role] if names else None),
                              law=law)
        return Irregularity("no_discard", role, law, location, "withdrawn", said_as.text,
                            said_as)
    if _took_too_many(deal, role):
        return talon_offence_irregularity(role, talon_offence_penalty(election, penalty),
                                          names, elected=election is not None)
    return None


def lone_tricks(tricks: Sequence[Sequence[Any]]) -> frozenset[int]:
    """PT 57: the last tricks that hold one card only — the cards of the adversary of a short
    hand that cannot be played to."""
    lone: set[int] = set()
    for i in range(len(tricks) - 1, -1, -1):
        if len(tricks[i]) != 1:
            break
        lone.add(i)
    return frozenset(lone)


def long_hand_irregularity(
    offender: Role, unplayed: int, penalty: str, names: Mapping[Role, str] | None = None,
) -> Irregularity:
    """A hand of more than twelve cards found in play (PT 58; Cases XIX, XXI, XXII);
    ``unplayed``: the cards he never played, when counted; ``names``: role → player, for the
    sentence. The consequence's code: ``piquet.long_hand.<penalty>``, ``.unplayed`` with the
    cards never played."""
    params: dict[str, Any] = {"who": (offender, names[offender] if names else None)}
    if unplayed:
        params["unplayed"] = unplayed
    applied = "void" if penalty == "void" else "reckon_nothing"
    if applied == "reckon_nothing":
        params["adversary"] = other(offender)
    said_as = consequence(f"piquet.long_hand.{applied}{'.unplayed' if unplayed else ''}",
                          **params)
    return Irregularity("long_hand", offender, "PT 58", offender, applied, said_as.text,
                        said_as)


def short_hand_irregularity(
    offender: Role, lone: int, names: Mapping[Role, str] | None = None,
) -> Irregularity:
    """A hand of fewer than twelve cards found in play: no penalty (PT 57). ``lone``: the
    adversary's cards that could not be played to; 0 when it is found, the offender having
    no card left to play (from then on each of them is a trick). ``names``: role → player,
    for the sentence. The consequence's code: ``piquet.short_hand.found``, or
    ``piquet.short_hand.lone`` with the ``lone`` cards."""
    params: dict[str, Any] = {"who": (offender, names[offender] if names else None),
                              "adversary": other(offender)}
    if lone:
        params["lone"] = lone
    said_as = consequence(f"piquet.short_hand.{'lone' if lone else 'found'}", **params)
    return Irregularity("short_hand", offender, "PT 57", offender, "none", said_as.text,
                        said_as)


def talon_offence_penalty(election: str | None, option: str) -> str:
    """PT 28–29: the penalty of a talon offence is the election of the player not in fault
    — ``"fresh_deal"``, or ``"play_on"`` (the offender reckons nothing: "reckon_nothing") —;
    the table's ``talon_offence`` ``option`` only when he made none (None)."""
    if election == "fresh_deal":
        return "fresh_deal"
    if election == "play_on":
        return "reckon_nothing"
    return option


def talon_offence_irregularity(
    offender: Role, penalty: str, names: Mapping[Role, str] | None = None,
    elected: bool = False,
) -> Irregularity:
    """A talon offence (PT 27–29, 33, 35): he reckons nothing, or a fresh deal (PT 28–29);
    ``names``: role → player, for the sentence; ``elected``: the
    penalty is the adversary's election carried by the record (PT 28–29), not the table's
    option."""
    adversary = other(offender)
    params = {"who": (offender, names[offender] if names else None),
              "adversary": (adversary, names[adversary] if names and elected else None)}
    if penalty == "fresh_deal":
        code, law = "fresh_deal.elected" if elected else "fresh_deal", "PT 28–29"
    elif elected:
        code, law = "play_on", "PT 28–29"
    else:
        code, law = "reckon_nothing", "PT 27–29, 33, 35"
    said_as = consequence(f"piquet.talon_offence.{code}", None, **params)
    return Irregularity("talon_offence", offender, law, offender,
                        "fresh_deal" if penalty == "fresh_deal" else "reckon_nothing",
                        said_as.text, said_as)
