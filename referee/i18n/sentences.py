"""Problem titles and details, and violations' messages, in a locale (docs/translating.md).

A problem type's title is registered once per type (``problem.<slug>``).  A violation says its
``code`` and an English ``message`` made by the code that found it; the message's English
template is registered here under ``violation.<code>…`` (placeholders named), so that
:func:`reword` reads the values back out of the English (a player's name, a number, a card)
and fills them into the locale's template.  A message with no registered template stays
English: registering its template is how it gets words (docs/translating.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from referee import violations as engines
from referee.api import problems as registry
from referee.cards import Card
from referee.i18n import DEFAULT, Message, message, plural_message, template_pattern
from referee.i18n.findings import ITEMS, pique_why
from referee.i18n.terms import (
    AND,
    HAND,
    PLURAL_RANKS,
    POINT,
    POINT_OF,
    RANK,
    RANK_NUMBERS,
    RANKS,
    ROLE,
    SEAT,
    SUIT,
    SUITS,
    WORD,
    card,
    piquet_term,
    seat_words,
)
from referee.pitch import irregular as pitch_irregular

#: Each problem type's title, by its URI.
TITLES: dict[str, Message] = {kind.uri: message(f"problem.{kind.slug}", kind.title)
                              for kind in registry.REGISTRY.values()}

#: Each violation sentence made from parameters, by its message code
#: (:data:`referee.violations.MESSAGE_WORDS`): worded from the code and the parameters alone.
card_words = card
#: A field of a Pitch sheet or totals line, opening a sentence (P2–P6).
FIELD = {name: message(f"term.field.{name}", english)
         for name, english in engines.FIELD_WORDS.items()}
#: A number of tricks, by the locale's plural rule (Polish: 1 lewa, 2 lewy, 5 lew).
TRICKS = plural_message("term.tricks", "{n} trick", "{n} tricks")
#: A number of cards, entries or hands (``{n:cards}``), by the locale's plural rule.
COUNTED = {noun: plural_message(f"term.count.{noun}", f"{{n}} {one}", f"{{n}} {other}")
           for noun, (one, other) in engines.COUNTED_NOUNS.items()}
#: Alternatives: '"elder" or "younger"'.
OR = message("list.or", " or ")
#: A place in a match (``place``): a deal, a bid of a deal, a card of a trick.
PLACE = {1: message("term.place.deal", "deal {deal}"),
         2: message("term.place.bid", "deal {deal}, bid {bid}"),
         3: message("term.place.card", "deal {deal}, trick {trick}, card {card}")}
#: A player who may have led or played a card out of turn, asked (``lead_by``, ``card_by``).
ASKED = {"lead": message("term.asked.lead", "a lead out of turn by {player}?"),
         "card": message("term.asked.card", "a card out of turn by {player}?")}
#: A counting step of a Piquet deal (Q8), in a claim's breakdown.
STEP = {step: message(f"term.step.{step}", step) for step in (
    "declarations", "play", "cards", "pique", "repique", "capot")}
#: A Pitch team named by its seats (P6).
TEAM = message("term.team", "the team of seats {seats}")
SAID: dict[str, Message] = {code: message(f"message.{code}", english)
                            for code, english in engines.MESSAGE_WORDS.items()}
#: Each consequence of a step recorded anyway, by its code
#: (:data:`referee.violations.CONSEQUENCE_WORDS`, P10, Q12).
CONSEQUENCE: dict[str, Message] = {code: message(f"consequence.{code}", english)
                                   for code, english in engines.CONSEQUENCE_WORDS.items()}
#: The laws a consequence cites with words of their own (the games' laws,
#: :class:`referee.match.state.Laws`), by their English; a bare section is as it is.
LAW: dict[str, Message] = {english: message(f"term.law.{key}", english) for key, english in (
    ("pitch_withdrawn", "P10: cancelled and the order restored"),
    ("pitch_new_deal", "P10: a new deal"),
    ("piquet_withdrawn", "PT law 59"),
    ("piquet_pack_dealer", "the cut for deal holds good, PT 6"),
)}
#: Where a Pitch penalty comes from (P10: a law, or the table's option), by its English
#: (:data:`referee.pitch.irregular.SOURCES`).
SOURCE: dict[str, Message] = {english: message(f"term.source.{kind}.{penalty}", english)
                              for (kind, penalty), english in pitch_irregular.SOURCES.items()}
#: The parts of a Pitch consequence said only when known (``in_trick``, ``no_card_for``,
#: ``the_bid``, ``shown``, ``to_seat``, ``dealer_named``).
IN_TRICK = message("term.in_trick", " in trick {trick}")
NO_CARD_FOR = message("term.no_card_for", ", with no card for trick {trick}")
THE_BID = message("term.the_bid", "the bid")
THE_BID_OF = message("term.the_bid.known", "the bid, {bid}")
A_CARD = message("term.shown.unnamed", "a card")
THE_CARD = message("term.shown", "the {card}")
TO_SEAT = message("term.to_seat", " to {player}")
#: The cards one hand takes back after a revoke (PT 59 IV), in ``retaken``.
RETAKEN = message("term.retaken", "{hand} {cards}")
#: How a hand dealt that many cards discards when elder stands a wrong deal (PT 40–43,
#: ``discards``: :data:`referee.violations.DISCARD_WORDS`).
DISCARDS = {dealt: message(f"term.discards.{dealt}", english)
            for dealt, english in engines.DISCARD_WORDS.items()}
#: A Piquet call (PT 52–54, ``call``: :meth:`referee.violations.Words.call`), by its kind:
#: a point or a set in the locale's terms, a sequence as it was announced, or not known.
CALL = {"point": message("term.call.point", "a {term}"),
        "set": message("term.call.set", "a {term}"),
        "sequence": message("term.call.sequence", "a sequence ({sequence})"),
        "": message("term.call.unknown", "a combination")}
#: A kind of step, in a consequence that names it (``step``).
STEP_KIND = {kind: message(f"term.step_kind.{kind}", english) for kind, english in (
    ("deal_started", "deal"), ("exchange", "exchange"), ("declaration", "declaration"),
    ("bid", "bid"), ("card", "card"))}


class _Words(engines.Words):
    """The values of a violation's parameters worded in a locale (the engines' English
    formatter with each kind of value in that locale's words)."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def card(self, card: Card) -> str:
        if card.suit not in SUIT:
            joker = {16: "big joker", 15: "little joker"}.get(card.rank, "joker")
            return POINT[joker](self.locale)
        return card_words(card.rank, card.suit, self.locale)

    def suit(self, suit: str) -> str:
        return SUIT[suit](self.locale)

    def role(self, role: str) -> str:
        return ROLE[role](self.locale) if role in ROLE else role

    def hand(self, role: str) -> str:
        return HAND[role](self.locale) if role in HAND else role

    def seat(self, seat: int) -> str:
        return SEAT(self.locale, n=seat)

    def ranks(self, rank: int) -> str:
        return RANKS[rank](self.locale) if rank in RANKS else str(rank)

    def point(self, cards: int) -> str:
        return POINT_OF(self.locale, cards=cards)

    def field(self, name: str) -> str:
        return FIELD[name](self.locale) if name in FIELD else name

    def team(self, side: tuple[Any, ...]) -> str:
        if side and all(isinstance(s, str) for s in side):
            return AND(self.locale).join(side)
        if len(side) == 1:
            return self.seat(side[0])
        return TEAM(self.locale, seats=AND(self.locale).join(map(str, side)))

    def join(self, values: Iterable[str]) -> str:
        return ITEMS(self.locale).join(values)

    def all_of(self, items: Sequence[str]) -> str:
        if len(items) == 1:
            return items[0]
        return ITEMS(self.locale).join(items[:-1]) + AND(self.locale) + items[-1]

    def retaken(self, hands: Iterable[Any]) -> str:
        return "; ".join(RETAKEN(self.locale, hand=self.hand(str(role)),
                                 cards=self.all_of([self._card(c) for c in cards]))
                         for role, cards in hands)

    def rank(self, rank: int) -> str:
        return RANK[rank](self.locale) if rank in RANK else str(rank)

    def discards(self, dealt: int) -> str:
        return DISCARDS[int(dealt)](self.locale)

    def call(self, call: Sequence[str]) -> str:
        kind, words = (*call, "", "")[:2]
        if kind == "sequence":
            return CALL["sequence"](self.locale, sequence=words)
        if kind in ("point", "set"):
            return CALL[kind](self.locale, term=piquet_term(words, self.locale))
        return CALL[""](self.locale)

    def term(self, words: str) -> str:
        return piquet_term(words, self.locale)

    def text(self, words: str) -> str:
        return reword(words, self.locale)

    def texts(self, clauses: Iterable[str]) -> str:
        return "; ".join(reword(c, self.locale) for c in clauses)

    def law(self, words: str) -> str:
        return LAW[words](self.locale) if words in LAW else words

    def step(self, kind: str) -> str:
        return STEP_KIND[kind](self.locale) if kind in STEP_KIND else kind

    def source(self, words: str) -> str:
        return SOURCE[words](self.locale) if words in SOURCE else words

    def in_trick(self, trick: int | None) -> str:
        return "" if trick is None else IN_TRICK(self.locale, trick=trick)

    def no_card_for(self, trick: int | None) -> str:
        return "" if trick is None else NO_CARD_FOR(self.locale, trick=trick)

    def the_bid(self, bid: int | None) -> str:
        return THE_BID(self.locale) if bid is None else THE_BID_OF(self.locale, bid=bid)

    def shown(self, card: str | None) -> str:
        return A_CARD(self.locale) if card is None else THE_CARD(self.locale,
                                                                card=self._card(card))

    def to_seat(self, seat: str | int | None) -> str:
        return "" if seat is None else TO_SEAT(self.locale, player=self._seat(seat))

    def why(self, reason: str) -> str:
        return pique_why(reason, self.locale)

    def side(self, words: str) -> str:
        said = seat_words(words, self.locale)
        return AND(self.locale).join(said.split(" and ")) if said == words else said

    def sides(self, sides: Iterable[str]) -> str:
        return AND(self.locale).join(self.side(s) for s in sides)

    def values(self, pairs: Iterable[Any]) -> str:
        return ITEMS(self.locale).join(
            f"{POINT[p](self.locale) if p in POINT else p} {v}" for p, v in pairs)

    def award(self, point: str) -> str:
        return POINT[point](self.locale) if point in POINT else point

    def awards(self, points: Iterable[str]) -> str:
        return ITEMS(self.locale).join(self.award(p) for p in points)

    def tricks(self, n: int) -> str:
        return TRICKS(self.locale, n=n)

    def counted(self, n: int, noun: str) -> str:
        return COUNTED[noun](self.locale, n=n)

    def either(self, values: Iterable[str]) -> str:
        return OR(self.locale).join(f'"{v}"' for v in values)

    def place(self, place: Iterable[int]) -> str:
        numbers = [int(n) for n in place]
        found = PLACE.get(len(numbers), PLACE[1])
        names = ("deal", "trick", "card") if len(numbers) == 3 else ("deal", "bid")
        return found(self.locale, **dict(zip(names, numbers, strict=False)))

    def _asked(self, kind: str, players: Iterable[str]) -> str:
        asked = OR(self.locale).join(ASKED[kind](self.locale, player=p) for p in players)
        return asked[:1].upper() + asked[1:]

    def lead_by(self, players: Iterable[str]) -> str:
        return self._asked("lead", players)

    def card_by(self, players: Iterable[str]) -> str:
        return self._asked("card", players)

    def steps(self, parts: Iterable[Any]) -> str:
        said = [f"{STEP[step](self.locale) if step in STEP else step}\u00a0{points}"
                for step, points in parts]
        return ITEMS(self.locale).join(said) if said else WORD["nothing"](self.locale)


def said(message_code: str, params: Mapping[str, Any], locale: str) -> str | None:
    """The sentence of a violation made from :data:`SAID`'s ``message_code`` and its
    ``params`` (as the answer carries them), in ``locale``; None for an unknown code or
    parameters that do not fill its template (the English then stays)."""
    found = SAID.get(message_code)
    if found is None:
        return None
    try:
        words = engines.Words() if locale == DEFAULT else _Words(locale)
        return words.words(found.translation(locale), params)
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def consequence_said(code: str, params: Mapping[str, Any],
                     violations: Iterable[Mapping[str, Any]], locale: str) -> str | None:
    """The sentence of consequence ``code`` (:data:`CONSEQUENCE`) from its ``params`` in
    ``locale``, opening with the first of ``violations`` (the note's, as JSON) in the same
    locale; None for an unknown code or parameters that do not fill its template (the
    English then stays)."""
    found = CONSEQUENCE.get(code)
    first = next(iter(violations), None)
    if found is None or (first is None and "{what}" in found.english):
        return None
    try:
        words = engines.Words() if locale == DEFAULT else _Words(locale)
        if first is None:  # a sentence that does not open with a violation (Piquet, Pitch)
            return engines.consequence_words(code, "", params, words, found.translation(locale))
        violation = engines.Violation.from_dict(first)
        return engines.consequence_words(code, violation_words(violation, locale), params,
                                         words, found.translation(locale),
                                         ":" in violation.message)
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def violation_words(found: engines.Violation, locale: str) -> str:
    """A violation's sentence in ``locale``: from its message code and parameters when it
    has them, else its English read back by :func:`reword`."""
    if found.message_code:
        worded = said(found.message_code, dict(found.params), locale)
        if worded is not None:
            return worded
    return reword(found.message, locale)


class ViolationSaid(str):
    """A violation's sentence as a problem's detail (a refusal's, a clash's, a record's not
    ruled on): its English message (a ``str``), worded in a locale by
    :func:`violation_words` (:class:`referee.i18n.Worded`)."""

    violation: engines.Violation

    def __new__(cls, violation: engines.Violation) -> ViolationSaid:
        made = super().__new__(cls, violation.message)
        made.violation = violation
        return made

    def words(self, locale: str) -> str:
        """The sentence in ``locale``."""
        return str(self) if locale == DEFAULT else violation_words(self.violation, locale)


#: A 400's detail for input that cannot be read: its first sentence.
CANNOT_READ = message("detail.cannot_read", "The request cannot be read: {first}")


#: The English of violation sentences as the engines wrote them before their sentences were
#: made from a message code and parameters, by key: (key, template).  A stored violation
#: without ``message_code`` is read back by these (:func:`reword`), its values taken out of
#: the English.
_TEMPLATES: tuple[tuple[str, str], ...] = (
    # A problem's detail that opens an engine's sentence (referee/api/pitch.py): first, or
    # the sentence's own template would take "Bad options:" for the option's name
    ("detail.bad_options", "Bad options: {said}"),
    # P3: the auction
    ("violation.bid_out_of_range", "{who} bid {bid}: bids are 1 to 4."),
    ("violation.bid_below_minimum", "{who} bid {bid}, below this table's lowest bid of {least}."),
    ("violation.stuck_dealer_bid_too_low",
     "Everyone passed, so the dealer ({who}) had to bid at least {least}, not {bid}."),
    ("violation.bid_not_higher", "{who} bid {bid}, not higher than the high bid of {high}."),
    ("violation.steal_by_non_dealer",
     "{who} matched the high bid of {high}: only the dealer may steal a bid."),
    ("violation.stuck_dealer_passed",
     "Everyone passed, so the dealer ({who}) was stuck and had to bid at least {least}."),
    # An option the Pitch engine refuses with its own sentence (P8, V13)
    ("violation.bad_option.engine.target",
     "target must be a positive number of points, not {value}"),
    ("violation.bad_option.engine.low",
     "low must be 'captor' or 'holder', not {value}"),
    ("violation.bad_option.engine.stuck_dealer_min",
     "stuck_dealer_min must be {low}..{high} or None, not {value}"),
    ("violation.bad_option.engine.range",
     "{option} must be {low}..{high}, not {value}"),
    ("violation.bad_option.engine.dealer_steal",
     "dealer_steal {value} is not a known option"),
    ("violation.bad_option.engine.pitcher_only_wins",
     "pitcher_only_wins must be true or false"),
    ("violation.bad_option.engine.one_of",
     "{option} must be one of {choices}, not {value}"),
    ("violation.bad_option.engine.moon",
     "moon must be null or 'win_game', not {value}"),
    ("violation.bad_option.engine.points",
     "points must be a list of scoring points"),
    ("violation.bad_option.engine.point_unknown",
     "points: {value} is not a scoring point; use {choices}"),
    ("violation.bad_option.engine.points_once",
     "points must name each scoring point once"),
    ("violation.bad_option.engine.jokers_pair",
     "points: big_joker and little_joker go together"),
    ("violation.bad_option.engine.jokers_both",
     "points: a pack has one joker (joker) or two (big_joker and little_joker), not both"),
    ("violation.bad_option.engine.joker_order",
     "joker_order first_played needs two jokers (big_joker and little_joker in points)"),
    # A Piquet partie's totals the engine refuses with its own sentence (Q1, Q9:
    # referee/piquet/partie.py)
    ("violation.bad_option.engine.partie_players",
     "a partie has exactly two players, not {count}"),
    ("violation.bad_option.engine.partie_negative", "partie scores cannot be negative"),
    ("violation.bad_option.engine.partie_deal_negative", "deal {n}: scores cannot be negative"),
    ("violation.bad_option.engine.partie_over", "deal {n}: the partie was already over"),
    # P4, Q6: the play
    ("violation.out_of_turn", "It is {due}'s turn, not {named}'s."),
    ("violation.out_of_turn.holder", "It is {due}'s turn, not {named}'s ({holder} holds {card})."),
    ("violation.player_unknown.lead", "{due} cannot hold {card}, and the hands recorded do "
     "not tell whose card it is. A lead out of turn by {named}? Send it again naming the "
     "player who played it."),
    ("violation.player_unknown.card", "{due} cannot hold {card}, and the hands recorded do "
     "not tell whose card it is. A card out of turn by {named}? Send it again naming the "
     "player who played it."),
    ("violation.revoke.piquet", "In trick {trick} the {hand} played {card} on {lead} without "
     "following suit although holding the {held}."),
    ("violation.revoke.pitch", "{who} revoked in trick {trick}, playing the {card} on a {suit} "
     "lead while holding the {held}."),
    ("violation.revoke.pitch.later", "{who} revoked in trick {trick}, playing the {card} on a "
     "{suit} lead, neither following suit nor trumping, and showed a {shown} later: the "
     "{later} in trick {later_trick}."),
    ("violation.hand_size.pitch", "A hand has six tricks, not {n}."),
    ("violation.hand_size", "A hand holds 12 cards, not {n}."),
    ("violation.tricks", "A deal has 12 tricks, not {n}: record every trick, the lead first."),
    ("violation.discarded_not_dealt", "The {hand} discarded {card}, which it was not dealt."),
    ("violation.exchange.elder", "Elder must exchange between 1 and 5 cards, not {n}."),
    ("violation.exchange.younger",
     "Younger must exchange between 1 and {most} cards, not {n}."),
    ("violation.exchange.unmixed", "The elder hand took {n} talon cards: younger takes "
     "at most {left}, the cards elder did not take (PT 28), not {taken}."),
    ("violation.auction_not_over", "The auction is not over: {who} has yet to call."),
    # The match (docs/records.md)
    ("violation.cards_being_entered",
     "The cards of deal {n} are being entered: finish or undo them first."),
    ("violation.deal_in_play",
     "Deal {n} is still being played: finish it, undo it or record its cards first."),
    ("violation.bad_players", "Each player needs a name of his own."),
    ("violation.match_over", "The match is over: no more deals can be recorded."),
    ("violation.unknown_player", "{named} is not a player of this match ({players})."),
    ("violation.nothing_to_undo", "There is nothing to undo."),
    ("violation.no_such_deal", "There is no counted deal {n}."),
    ("violation.no_such_deal.void", "There is no counted deal {n} to void."),
    ("violation.no_such_deal.amend", "There is no counted deal {n} to amend."),
    ("violation.already_disputed", "You have already disputed deal {n}."),
    ("violation.deal_not_next",
     "This entry was written for deal {n}, but the next deal is deal {next}."),
    ("violation.wrong_dealer", "{expected} deals this hand, not {given}."),
    ("violation.amend_too_late", "Deal {n} can no longer be put right: deal {next} has been "
     "dealt, and a count stands once the players have seen their next hands ({law})."),
    ("violation.ruled_by_cards", "Deal {n} was ruled by its cards: correct it with an amendment."),
    # Q5: declarations
    ("violation.point_cards", "A point is announced as a number of cards, 1 to 12."),
    ("violation.point_cards.least", "A point is announced as a number of cards, at least one."),
    ("violation.duplicate_announcement", "The {hand} announced the {ranks} twice."),
    # Q7: the note of a repique or pique in the running log
    ("note.repique", "The {hand} reached {n} with the {what} before the {other} scored "
     "anything in the declarations."),
    ("note.repique.younger", "The {hand} reached {n} with the {what} before the {other} "
     "scored anything in the declarations. The declarations count before the play (Q8), so "
     "the elder hand's first lead, said aloud before the younger hand declared, does not "
     "save him."),
    ("note.pique", "The {hand} reached {n} with the {what} before the {other} scored "
     "anything (Q8 order)."),
    # Q8: a claim beside the ruling, step by step (the differences' words)
    ("difference.total", "the {role} hand {points}"),
    ("difference.count", "the {role} hand: {what} ({points})"),
    ("difference.play", "in play elder {elder}, younger {younger}"),
    ("difference.none", "nobody scores {what}"),
    # Q1–Q8: what could explain a claim (the hints' words)
    ("hint.columns_swapped", "the two totals written in each other's column: the cards give "
     "the elder hand (the one who did not deal) {elder} and the younger hand (the dealer) "
     "{younger}"),
    ("hint.negative_total", "a deal's points are never negative"),
    ("hint.negative_total.slip", "a deal's points are never negative: perhaps {points}, the "
     "minus sign a slip"),
    ("hint.count_of_the_other_hand.taken", "the {role} hand's {what} ({points}) taken from the "
     "other hand"),
    ("hint.count_of_the_other_hand", "the {role} hand's {what} ({points}) counted as his"),
    ("hint.count_of_the_other_hand.taken.the", "the {what} of the {role} hand ({points}) taken "
     "from the other hand"),
    ("hint.count_of_the_other_hand.the", "the {what} of the {role} hand ({points}) counted as "
     "his"),
    ("hint.count_missed", "the {what} ({points}) missed"),
    ("hint.count_counted_twice", "the {what} ({points}) counted twice"),
    ("hint.sequence_at_length", "the {what} counted as {length}, its length, not {points}"),
    ("hint.capot_as_cards", "capot counted as the cards (10), not 40"),
    ("hint.play_missed", "{points} of the {in_play} points in play missed"),
    ("hint.play_added", "{points} more in play than the {in_play} the cards give"),
    ("hint.pique_as_repique", "the pique counted as a repique (60), not 30"),
    ("hint.repique_as_pique", "the repique counted as a pique (30), not 60"),
    ("hint.bonus_not_given.scored", "a {kind} ({points}) counted, but the cards give the "
     "{role} hand none: the {other} hand scored ({what}: {n}) while the {mine} hand had "
     "{reached}, short of 30 (counted in the order of Q8)"),
    ("hint.bonus_not_given.declarations", "a {kind} ({points}) counted, but the cards give the "
     "{role} hand none: the {mine} hand reaches only {reached} in the declarations, short of "
     "30"),
    ("hint.bonus_not_given", "a {kind} ({points}) counted, but the cards give the {role} hand "
     "none: the {mine} hand reaches only {reached}, short of 30"),
    # P6: what could explain a Pitch claim (the hints' words)
    ("hint.pitch.columns_swapped", "the two scores written in each other's column: the cards "
     "say {said} and {other_said}"),
    ("hint.pitch.negative_score.slip", "only a pitcher set back scores below zero, and the "
     "cards say {said}; perhaps {score}, the minus sign a slip"),
    ("hint.pitch.negative_score", "only a pitcher set back scores below zero, and the cards "
     "say {said}"),
    ("hint.pitch.set_back_as_made", "the pitcher was set back: the bid is taken off the score, "
     "{score}, not {claimed}"),
    # P6: Pitch's claim beside the ruling
    ("violation.score_differs.pitch",
     "The table wrote {claimed} for {who}, but the rules give {ruled}."),
    ("difference.pitch.pitched_made", "{who} pitched and made the bid"),
    ("difference.pitch.pitched_set", "{who} pitched and was set back"),
    ("difference.pitch.made_won", "{who} bid {bid} and made it, winning {won}"),
    ("difference.pitch.made", "{who} bid {bid} and made it"),
    ("difference.pitch.set_won", "{who} bid {bid} and was set back {back}, winning only {won}"),
    ("difference.pitch.set", "{who} bid {bid} and was set back {back}"),
    # P5: who took each point, in a claim's comparison (referee.pitch.claims.point_count);
    # each point named, so that no other sentence with "took" is read as one
    ("difference.pitch.took_game_counts", "{who} took Game (game points {counts})"),
    ("difference.pitch.took_game", "{who} took Game"),
    ("difference.pitch.game_tied_counts", "Game was tied: nobody took it (game points {counts})"),
    ("difference.pitch.game_tied", "Game was tied: nobody took it"),
    ("difference.pitch.jack_not_out", "the jack of trumps was not out"),
    ("difference.pitch.took_high_card", "{who} took High ({card})"),
    ("difference.pitch.took_low_card", "{who} took Low ({card})"),
    ("difference.pitch.took_jack_card", "{who} took Jack ({card})"),
    ("difference.pitch.took_high", "{who} took High"),
    ("difference.pitch.took_low", "{who} took Low"),
    ("difference.pitch.took_jack", "{who} took Jack"),
    ("difference.pitch.scores_for", "{who} scores {change} ({points})"),
    ("difference.pitch.scores", "{who} scores {change}"),
    # Problem details (referee/api)
    ("detail.not_recorded", "Not recorded."),
    ("detail.not_json", "The request body is not valid JSON."),
    ("detail.off_schema", "The request does not match the schema: see errors."),
    ("detail.record_problems",
     "Problems in the record file: {n}, the first at line {line} (each in problems)."),
)

_SENTENCES: tuple[Message, ...] = tuple(message(key, english) for key, english in _TEMPLATES)
_HANDS = {"elder hand": HAND["elder"], "younger hand": HAND["younger"]}


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], Message], ...]:
    return tuple((template_pattern(m.english), m) for m in _SENTENCES)


_SUIT_WORDS = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}
_CARD_WORDS = re.compile(r"(?P<rank>\w+) of (?P<suit>spades|hearts|diamonds|clubs)")


def _value(name: str, value: str, locale: str) -> str:
    if name == "points" and value and all(p in POINT for p in value.split(", ")):
        return ITEMS(locale).join(POINT[p](locale) for p in value.split(", "))
    if name in ("said", "other_said"):  # a Pitch ruling's own sentence
        return reword(value, locale)
    if name == "kind" and value in ("pique", "repique"):
        return piquet_term(value, locale)
    if name in ("who", "expected", "given", "named", "due", "holder"):
        value = seat_words(value, locale)
    if name == "what":  # a count's words, with or without their article
        said = piquet_term(value, locale)
        if said == value and not value.startswith("the "):
            found = piquet_term("the " + value, locale)
            said = value if found == "the " + value else found
        return said
    if value in _SUIT_WORDS:
        return SUIT[_SUIT_WORDS[value]](locale)
    described = _CARD_WORDS.fullmatch(value)
    if described is not None and described["rank"] in RANK_NUMBERS:
        return card(RANK_NUMBERS[described["rank"]], SUITS[described["suit"]], locale)
    if name == "ranks" and value in PLURAL_RANKS:
        return RANKS[PLURAL_RANKS[value]](locale)
    if value in ROLE:
        return ROLE[value](locale)
    return _HANDS[value](locale) if value in _HANDS else value


def reword(text: str, locale: str, code: str | None = None) -> str:
    """``text`` (a violation's message or a problem's detail, English) in ``locale`` by the
    first registered template it matches, its values kept; ``text`` itself when none
    matches.  ``code``: the violation's code (unused but for the docs: templates are
    matched on the words alone, as a message's code may cover several sentences)."""
    if locale == DEFAULT:
        return text
    for pattern, found in _patterns():
        m = pattern.fullmatch(text)
        if m is not None:
            said = found(locale, **{k: _value(k, v, locale) for k, v in m.groupdict().items()})
            return said[:1].upper() + said[1:] if text[:1].isupper() else said
    return text


def title(uri: str, english: str, locale: str) -> str:
    """A problem's title in ``locale``: its type's registered title translated, else the
    English as given."""
    found = TITLES.get(uri)
    return english if found is None or found.english != english else found(locale)

