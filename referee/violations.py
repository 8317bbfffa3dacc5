"""Rule violations found in a record, shared by both engines (P9, Q11).

A :class:`Violation` names what broke (a stable ``code``), the rules section it
breaks (``rule``, e.g. ``"Q6"``, readable at ``rule_url`` = ``"/rules/Q6"``), a
sentence a player understands, and where in the record it is (``location``, e.g.
``"tricks[3][1]"``).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import (
    BIG_JOKER_RANK,
    JOKER_SUIT,
    LITTLE_JOKER_RANK,
    RANK_NAMES,
    SUIT_NAMES,
    Card,
)
from referee.rulings import ClaimHint, Consequence, Params

__all__ = ["CONSEQUENCE_WORDS", "MESSAGE_WORDS", "RULES_PATH", "ClaimHint", "InputError",
           "RecordError", "Violation", "Words", "card_code", "consequence", "consequence_words",
           "said"]

#: Where the service shows a section of its rules (docs/rules, served by referee.api.rules).
RULES_PATH = "/rules/"


@dataclass(frozen=True, slots=True)
class Violation:
    """One rule break in a record.

    ``code``: stable snake_case identifier (e.g. ``"revoke"``); ``rule``: a
    section of the rules files (``"P4"``, ``"Q5"``); ``message``: one sentence
    for a player; ``location``: a path into the record (``"tricks[3][1]"``), or
    ``""`` for the record as a whole; ``message_code``: the key of the sentence's template in
    :data:`MESSAGE_WORDS` (``"revoke.piquet"``), and ``params`` the values it is made of, so
    that the sentence is worded again in any language from them alone (:func:`said`); both
    empty for a sentence made without a template.
    """

    code: str
    rule: str
    message: str
    location: str = ""
    params: Params = ()
    message_code: str = ""

    @property
    def rule_url(self) -> str | None:
        """Where the section can be read (``"/rules/Q6"``; a law, ``"PT 54"``, at
        ``"/rules/PT54"``), or None when no section applies."""
        return RULES_PATH + self.rule.replace(" ", "") if self.rule else None

    def as_dict(self) -> dict[str, Any]:
        """The violation as a JSON-ready dict: code, rule, rule_url, message, location; and
        ``message_code`` with ``params`` (an object) when it was made from a template."""
        found: dict[str, Any] = {"code": self.code, "rule": self.rule, "message": self.message,
                                 "location": self.location, "rule_url": self.rule_url}
        if self.message_code:
            found["message_code"] = self.message_code
            found["params"] = {k: list(v) if isinstance(v, tuple) else v
                               for k, v in self.params}
        return found


    @classmethod
    def from_dict(cls, found: Mapping[str, Any]) -> Violation:
        """A violation read back from its :meth:`as_dict` (as an event's payload keeps it)."""
        params = found.get("params") or {}
        return cls(str(found.get("code", "")), str(found.get("rule") or ""),
                   str(found.get("message", "")), str(found.get("location") or ""),
                   tuple((k, tuple(v) if isinstance(v, list) else v)
                         for k, v in params.items()),
                   str(found.get("message_code") or ""))


class RecordError(ValueError):
    """A record too broken to rule on at all (e.g. 13 cards in a hand).

    ``violations`` is a non-empty tuple of :class:`Violation` saying why.
    """

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        first = self.violations[0].message if self.violations else "the record cannot be ruled on"
        super().__init__(first)


class InputError(RecordError):
    """Input that cannot be read at all — words that name no combination, a value of the
    wrong shape —, as opposed to a readable record that breaks the rules: the API answers
    400 with ``errors`` keyed by the ``location`` of each violation, and a match never
    records it "anyway" as an irregularity: it is a slip of the pen, to correct."""


#: The English template of each violation sentence made from parameters, by its message code
#: (the violation's ``code``, then ``.`` and a variant when the code has several sentences).
#: A placeholder's format spec says what its value is, so that each language words it:
#: ``card`` a card in the design's notation, worded ("KS" → "king of spades"); ``suit`` a
#: suit letter as a lead's suit ("spade"); ``role`` "elder" / "younger" as they are;
#: ``hand`` / ``Hand`` the same as a subject ("the elder hand"); ``seat`` / ``Seat`` a
#: player's name, or a seat number when the table's names are not known ("seat 2"); ``ranks``
#: a rank as several cards ("aces"); ``point`` a point of that many cards ("point of six");
#: ``team`` a side of a Pitch hand (its names, or its seats); ``field`` a field of a Pitch
#: line (:data:`FIELD_WORDS`); ``list`` several values; ``rank`` a rank as one card ("king");
#: ``term`` a Piquet count's or category's words in the engine's term grammar ("quint to the
#: king", "trio of aces", "the point"), worded by each language's terms; ``text`` an English
#: clause the engines word elsewhere (a reason, a consequence), reworded by its registered
#: template, and ``texts`` several such clauses; ``why`` a pique's reason (Q7); ``steps``
#: points by counting step; ``side`` / ``Side`` a Pitch side as the engine names it ("Ann and
#: Cy", "seats 0 and 2"), ``sides`` several; ``values`` a Pitch game's points with their values
#: (``[["High", 1], ["off-jack", 1]]``); ``either`` alternatives, quoted; ``tricks`` a number
#: of tricks ("1 trick", "5 tricks", by each language's plural rule), ``cards``, ``entries``,
#: ``hands``… a number of them (:data:`COUNTED_NOUNS`); ``award`` a point of a
#: Pitch game ("High", "off-jack"), ``awards`` several; ``place`` a place in a match as
#: numbers (``[deal]``, ``[deal, bid]``, ``[deal, trick, card]``: "deal 2, trick 4, card 1");
#: ``lead_by`` / ``card_by`` the players who may have led or played a card out of turn,
#: asked ("A lead out of turn by Ann? or a lead out of turn by Cy?").  A
#: capital spec opens a sentence.  Other values (names, numbers, cards in notation) are
#: written as they are.
#: The nouns a count is said with (``cards``, ``entries``, ``hands``…: "{n:cards}" → "1 card",
#: "5 cards"), each worded by each language's plural rule (Polish 1 karta, 2 karty, 5 kart).
COUNTED_NOUNS: dict[str, tuple[str, str]] = {
    "cards": ("card", "cards"), "entries": ("entry", "entries"), "hands": ("hand", "hands"),
    "numbers": ("number", "numbers"), "talon_cards": ("talon card", "talon cards"),
    "game_points": ("game point", "game points")}

MESSAGE_WORDS: dict[str, str] = {
    # P3: the auction
    "bid_out_of_range": "{who:Seat} bid {bid}: bids are 1 to {most}.",
    "bid_below_minimum": "{who:Seat} bid {bid}, below this table's lowest bid of {least}.",
    "stuck_dealer_bid_too_low":
        "Everyone passed, so the dealer ({who:seat}) had to bid at least {least}, not {bid}.",
    "bid_not_higher": "{who:Seat} bid {bid}, not higher than the high bid of {high}.",
    "steal_by_non_dealer":
        "{who:Seat} matched the high bid of {high}: only the dealer may steal a bid.",
    "stuck_dealer_passed":
        "Everyone passed, so the dealer ({who:seat}) was stuck and had to bid at least {least}.",
    "bidding_incomplete": "The auction is not over: {who:seat} has yet to call.",
    # P4, Q6: the play
    "out_of_turn": "It is {due}'s turn, not {named}'s.",
    "out_of_turn.holder": "It is {due}'s turn, not {named}'s ({named} holds {card}).",
    "revoke.piquet": "In trick {trick} {hand:hand} played {card} on {lead} without "
                     "following suit although holding the {held}.",
    "revoke.piquet.shown": "In trick {trick} {hand:hand} played {card} on {lead} "
                           "without following suit; {hand:hand}'s {proof} in trick "
                           "{proof_trick} proves it held a {suit:suit}.",
    "revoke.piquet.kept": "In trick {trick} {hand:hand} played {card} on {lead} "
                          "without following suit; the {kept} {hand:hand} took back "
                          "after a revoke proves it holds a {suit:suit}.",
    "revoke.pitch": "{who:Seat} revoked in trick {trick}, playing the {card:card} on a "
                    "{suit:suit} lead while holding the {held:card}.",
    "revoke.pitch.later": "{who:Seat} revoked in trick {trick}, playing the {card:card} on a "
                          "{suit:suit} lead, neither following suit nor trumping, and showed a "
                          "{suit:suit} later: the {later:card} in trick {later_trick}.",
    "wrong_trick_count": "A hand has six tricks, not {n}.",
    "hand_size": "A hand holds 12 cards, not {n}.",
    "trick_count": "A deal has 12 tricks, not {n}: record every trick, the lead first.",
    "discard_not_held": "{hand:Hand} discarded {card}, which it was not dealt.",
    "exchange_count.elder": "Elder must exchange between 1 and 5 cards, not {n}.",
    "exchange_count.younger": "Younger must exchange between 1 and {most} cards, not {n}.",
    # Q5: declarations
    "duplicate_announcement": "{hand:Hand} announced the {rank:ranks} twice.",
    # The match (docs/records.md)
    "deal_in_progress.entered":
        "The cards of deal {n} are being entered: finish or undo them first.",
    "deal_in_progress": "Deal {n} is still being played: finish it, undo it or record its "
                        "cards first.",
    "bad_players": "Each player needs a name of his own.",
    "match_finished": "The match is over: no more deals can be recorded.",
    "not_a_player": "{named} is not a player of this match ({players:list}).",
    "nothing_to_undo": "There is nothing to undo.",
    "no_such_deal": "There is no counted deal {n}.",
    "no_such_deal.void": "There is no counted deal {n} to void.",
    "no_such_deal.amend": "There is no counted deal {n} to amend.",
    "already_disputed": "You have already disputed deal {n}.",
    "deal_not_next": "This entry was written for deal {n}, but the next deal is deal {next}.",
    "wrong_dealer": "{expected:Seat} deals this hand, not {given:seat}.",
    "already_ruled": "Deal {n} was ruled by its cards: correct it with an amendment.",
    "not_provisional.confirmed":
        "Deal {n} is confirmed: only a provisional deal is confirmed.",
    "not_provisional.disputed":
        "Deal {n} is disputed: only a provisional deal is confirmed.",
    "not_provisional.ruled": "Deal {n} is ruled: only a provisional deal is confirmed.",
    "already_cards": "Deal {n} was entered with its cards and is not disputed: amend it to "
                     "correct it.",
    "not_a_seat": "Only a seat's own link joins it: this credential records for the whole "
                  "table.",
    "player_count.piquet": "Piquet is played by two players.",
    "bad_option.irregularities": "irregularities maps revoke, out_of_turn and other to a "
                                 "penalty.",
    "bad_option.irregularity": "'{kind}' is not one of {kinds:list}.",
    "bad_option.penalty": "The penalty for {kind} is one of: {penalties:list}.",
    "bad_option.auto_confirm": 'auto_confirm is "auto", true or false.',
    "bad_option.language": "language is one of: {languages:list}.",
    # an option the engines refuse with their own sentence (a ValueError), reworded
    "bad_option.engine": "{what:text}",
    "bad_option.engine_sentence": "{what:text}.",
    "deal_in_progress.reentry": "Deal {n} is still being played: finish it, undo it or record "
                                "its cards first, then enter the cards of deal {reentry}.",
    "deal_in_progress.steps": "Deal {n} is being recorded step by step: finish or undo it "
                              "before recording a whole deal.",
    "deal_in_progress.cards": "The cards of deal {n} are being entered step by step: finish or "
                              "undo them first, then enter the cards of deal {reentry}.",
    "step_already_recorded.bid": "Deal {n}, bid {bid} is already recorded: {player}'s {step}.",
    # A step sent for another place than the next of its kind (its places in words)
    "step_not_next.deal_started": "This step was written for {at:place}, but the next deal "
                                  "started goes at {next:place}.",
    "step_not_next.bid": "This step was written for {at:place}, but the next bid goes at "
                         "{next:place}.",
    "step_not_next.exchange": "This step was written for {at:place}, but the next exchange "
                              "goes at {next:place}.",
    "step_not_next.declaration": "This step was written for {at:place}, but the next "
                                 "declaration goes at {next:place}.",
    "step_not_next.card": "This step was written for {at:place}, but the next card goes at "
                          "{next:place}.",
    "step_not_next.irregularity": "This step was written for {at:place}, but the next "
                                  "irregularity goes at {next:place}.",
    "step_already_recorded.card": "Deal {n}, trick {trick}, card {card} is already recorded: "
                                  "{player}'s {step}.",
    "deal_already_recorded": "Deal {n} is already recorded ({scores:list}, by {who}): agree "
                             "with it, dispute it, or record yours as deal {next} if it was "
                             "another deal.",
    "deal_already_recorded.phone": "Deal {n} is already recorded ({scores:list}, by another "
                                   "phone): agree with it, dispute it, or record yours as deal "
                                   "{next} if it was another deal.",
    "not_the_other_side.seats.confirm": "Seats have joined this match: the other side confirms "
                                        "this deal from its own seat, not with the shared "
                                        "write token.",
    "not_the_other_side.seats.dispute": "Seats have joined this match: the other side disputes "
                                        "this deal from its own seat, not with the shared "
                                        "write token.",
    "not_the_other_side.confirm": "Deal {n} was entered by your side ({side}): the other side "
                                  "confirms it.",
    "not_the_other_side.dispute": "Deal {n} was entered by your side ({side}): the other side "
                                  "disputes it.",
    "not_your_entry": "The last entry was made by {who}: a seat takes back only its own "
                      "entries (dispute the deal instead, or undo it from the phone that made "
                      "it).",
    "not_your_entry.shared": "The last entry was made by the shared phone: a seat takes back "
                             "only its own entries (dispute the deal instead, or undo it from "
                             "the phone that made it).",
    "bad_option.not_a_player": "'{named}' is not one of the players.",
    "bad_option.lead_point": "lead_point is 'every' or 'ten_or_higher'.",
    "bad_option.stake": "stake is an amount per point, e.g. '0.10'.",
    "bad_option.stake.negative": "stake cannot be negative.",
    "bad_option.revoke": "revoke is 'replay', 'reckon_nothing' or 'void' (Q12).",
    "bad_option.false_call": "false_call is 'reckon_nothing' or 'call_only' (Q12).",
    "bad_option.long_hand": "long_hand is 'reckon_nothing' (PT 58) or 'void'.",
    "bad_option.talon_offence": "talon_offence is 'reckon_nothing' (PT 27–29) or 'fresh_deal' "
                                "(PT 28–29).",
    "bad_step.piquet": "Piquet has no '{kind}' step.",
    "bad_step.pitch": "Pitch has no '{kind}' step.",
    "discard_fixed": "{hand:Hand}'s exchange is already recorded: once a talon card is taken "
                     "up the discard cannot be altered (PT 24); undo the exchange to correct a "
                     "slip.",
    "bad_irregularity.piquet": "The irregularities recorded this way are talon_offence, "
                               "long_hand, short_hand, exposed_in_dealing and faced_card.",
    "bad_irregularity.twice.exposed_in_dealing": "{who}'s card exposed in dealing is already "
                                                 "recorded in this deal.",
    "bad_irregularity.twice.faced_card": "{who}'s faced card is already recorded in this deal.",
    "bad_irregularity.player": "Name the player who committed it.",
    "bad_irregularity.twice.talon_offence": "{who}'s talon offence is already recorded in this "
                                            "deal.",
    "bad_irregularity.twice.long_hand": "{who}'s long hand is already recorded in this deal.",
    "bad_irregularity.twice.short_hand": "{who}'s short hand is already recorded in this deal.",
    "bad_irregularity.unplayed": "Only a hand of more than twelve cards lists the cards he "
                                 "never played.",
    "bad_irregularity.pitch": "At Pitch the irregularities recorded this way are exposed_card "
                              "and long_hand; record a revoke, a misdeal or a bid or card out "
                              "of turn as the step itself with \"anyway\": true.",
    "bad_irregularity.exposed_card": "Only an exposed card names its card.",
    "declaration_too_late.elder": "The elder hand declares before he leads.",
    "declaration_too_late.younger": "The younger hand declares before he plays to the first "
                                    "trick.",
    "declared_twice": "{hand:Hand} has already declared; once announced it cannot be raised "
                      "(undo the declaration to correct a slip).",
    "exchange_too_late": "An exchange comes before the first lead.",
    # Q5: a score sheet's words
    "bad_announcement.point_object": 'A point is written {{"cards": 5, "pips": 48}} (pips '
                                     "optional).",
    "bad_announcement.point": "{value} is not a point: write e.g. 'point of five, 48' (the "
                              "number of cards, then the pips if they were said).",
    "bad_announcement.sequence_words": "A sequence is written in words, e.g. 'quint to the king "
                                       "in clubs'.",
    "bad_announcement.sequence": "{value} is not a sequence: say tierce, quart, quint, sixième, "
                                 "septième or huitième, then 'major' or 'to the king', and the "
                                 "suit, e.g. 'quint to the king in clubs'.",
    "bad_announcement.sequence_word": "{value}: '{word}' is not understood in a sequence; write "
                                      "e.g. 'quart major', 'tierce to the queen' or 'sixième "
                                      "to the king in spades'.",
    "bad_announcement.sequence_object": 'A sequence is written {{"length": 4, "top": "A", '
                                        '"suit": "C"}}: 3 (tierce) to 8 (huitième) cards, top '
                                        "and suit optional.",
    "bad_announcement.rank": "{value} is not a rank of the Piquet pack.",
    "bad_announcement.suit": "{value} is not a suit: S, H, D or C.",
    "bad_announcement.set_object": 'A set is written {{"count": 3, "rank": "A"}} (3 or 4 of a '
                                   "rank).",
    "bad_announcement.set": "{value} is not a set: write e.g. 'three kings', 'trio of kings', "
                            "'quatorze of aces' or 'four aces'.",
    "bad_announcement.sequences": "{value} is not a list of sequences: write one, e.g. 'quint "
                                  "major', or several separated by commas, e.g. 'quint:A, "
                                  "tierce:T'; when none was announced leave it out (null).",
    # Q1, Q5, Q6, Q9: a Piquet score sheet's and totals' shape
    "not_a_role": "{value} is not allowed here: write {allowed:list} or null.",
    "not_an_object.roles": 'This maps "elder" and "younger" to what each said.',
    "unknown_role": "{value} is not a role: use 'elder' or 'younger'.",
    "not_a_number": "This is a whole number.",
    "missing_role": "Give a number for {hand:hand} too.",
    "not_an_object.sheet": "A score sheet is an object.",
    "unknown_field.piquet_sheet": "A Piquet score sheet has no '{field}': it holds "
                                  "carte_blanche, point, sequence, sets, good, tricks, play, "
                                  "claimed and pique.",
    "missing_tricks": 'Write the tricks each won, e.g. {{"elder": 5, "younger": 7}}.',
    "not_an_object.good": 'good is written {{"point": "younger", ...}}.',
    "unknown_field.category": "{value} is not a category: point, sequence or sets.",
    "not_an_object.totals": 'Totals are written {{"scores": {{"elder": 11, "younger": 41}}}}.',
    "missing_role.scores": "Give each player's points for the deal.",
    # Q5–Q8: what a Piquet score sheet cannot say
    "point_impossible": "A point has 1 to 8 cards (a suit has eight), not {n}: correct "
                        "{hand:hand}'s point.",
    "sequence_impossible.share": "{hand:Hand}'s sequences share cards: write each run of a "
                                 "suit once, at its full length.",
    "sequence_impossible.too_many": "These sequences need more than the 12 cards of "
                                    "{hand:hand}.",
    "sequence_impossible.both": "Both hands' sequences hold the same card: one of them is "
                                "written wrong.",
    "set_never_counts.sheet": "Nines, eights and sevens never count: a {kind} is of tens or "
                              "higher, not of {rank:ranks}.",
    "set_impossible.twice": "{hand:Hand} wrote the {rank:ranks} twice.",
    "set_impossible": "There are only four {rank:ranks}: both hands cannot hold {elder} and "
                      "{younger} of them.",
    "tricks_not_twelve": "A deal has 12 tricks: {elder} and {younger} do not make 12.",
    "play_missing": "Write the points each counted in play, or the deal's total each claims.",
    "total_impossible.negative": "A deal's points are never negative: {hand:hand} has "
                                 "{points}.",
    "total_impossible.too_many": "No deal gives one player {points}: at most {most} (carte "
                                 "blanche 10, the best hand's {declared} in declarations, "
                                 "repique 60, {in_play} in play, capot 40).",
    "total_impossible.first_lead": "The elder hand scores at least 1 in every deal: his first "
                                   "lead.",
    "total_impossible.play": "Every deal scores at least {least} in play (12 leads and the "
                             "last trick), so the two totals cannot add up to {total}.",
    "total_impossible.capot": "A younger hand that scores nothing won no trick, so the elder "
                              "hand was capot: 40 and 13 in play, at least 53, not {points}.",
    # Q1–Q4: a Piquet deal's cards and exchange
    "not_in_pack": "{card} is not in the 32-card Piquet pack.",
    "duplicate_card.dealt": "{card} is dealt twice ({first} and {second}).",
    "duplicate_card.discarded": "{card} is discarded twice.",
    "hand_size.dealt": "{hand:Hand} was dealt {n:cards}: each hand gets 12; write all twelve.",
    "hand_size.dealt.one": "{hand:Hand} was dealt 1 card: each hand gets 12; write all twelve.",
    "talon_size": "The talon holds 8 cards, not {n}: write the eight left after the deal, top "
                  "first.",
    "talon_size.seven": "The talon holds 7 cards, not {n}: write the seven left after the deal, "
                        "top first.",
    "bad_irregular.taken_in": "Elder loses his option by taking in without announcing it only "
                              "when he was dealt 11 or 13 cards (PT 39), not {n}.",
    "bad_irregular.stands": "Elder stands a wrong deal only when one hand was dealt 11 or 13 "
                            "cards and the other 12 or 13, the talon 8 or 7 (PT 11, 40–43); "
                            "record both hands as dealt. Any other wrong deal is a fresh deal "
                            "(PT 12).",
    "card_not_held.not_taken": "In trick {trick} {hand:hand} played {card}, which it did not "
                               "hold: it was not among the talon cards he took.",
    "card_not_held.dealt_to_other": "In trick {trick} {hand:hand} played {card}, which it did "
                                    "not hold: it was dealt to the other hand.",
    "card_not_held.discarded_by_other": "In trick {trick} {hand:hand} played {card}, which it "
                                        "did not hold: the other hand discarded it.",
    "card_not_held.not_in_hand": "In trick {trick} {hand:hand} played {card}, which it did not "
                                 "hold: it was not in his hand after the exchange.",
    "discard_played.discarded": "In trick {trick} {hand:hand} played {card}, which it did not "
                                "hold: he had discarded it.",
    "card_not_played.kept": "{hand:Hand} kept {card} (it was not discarded) but never played "
                            "it.",
    "card_not_played.taken": "{hand:Hand} took {card} from the talon but never played it.",
    "bad_announcement.sequence_text": "{value} is not a sequence: say tierce, quart, quint, "
                                      "sixième, septième or huitième, optionally with its top "
                                      "card, e.g. 'quint:A'.",
    "bad_announcement.set_text": "{value} is not a set: write 'trio:A' or 'quatorze:T'.",
    "bad_announcement.sequences_text": "{value} is not a list of sequences: write one, e.g. "
                                       "'quint:A', or several separated by commas, e.g. "
                                       "'quint:A, tierce:T'; when none was announced leave it "
                                       "out (null).",
    "bad_announcement.point_cards": "A point is announced as a number of cards, 1 to 12.",
    "bad_announcement.point_cards.least": "A point is announced as a number of cards, at least "
                                          "one.",
    "set_never_counts.text": "Nines, eights and sevens never count: {value} is not a set that "
                             "scores.",
    "announcement_not_held.point": "{hand:Hand} announced a {cards:point} but holds no suit of "
                                   "{cards} cards after the exchange.",
    "announcement_not_held.point.one": "{hand:Hand} announced a {cards:point} but holds no "
                                       "suit of 1 card after the exchange.",
    "set_never_counts": "{hand:Hand} announced {kind} of {rank:ranks}, but nines, eights and "
                        "sevens never count.",
    "duplicate_card": "{card} appears twice.",
    "duplicate_card.both": "{card} is in both hands.",
    # Q1, Q5: a Piquet record's shape
    "not_a_card_list": "This must be a list of cards.",
    "not_a_card_list.tricks": "tricks must be a list of tricks.",
    "not_a_card": "{value} is not a card: write rank then suit, e.g. 'TH' or '10♥'",
    "not_a_card.value": "{value} is not a card",
    "not_an_object.role_map": "This must map 'elder'/'younger' to values.",
    "bad_announcement.point_number": "A point is announced as a number of cards.",
    "bad_announcement.carte_blanche": "carte_blanche is true or false.",
    "bad_announcement.object": "An announcement is an object.",
    "election_taken_in": "Only a deal_stands entry has the election 'taken_in' (PT 39: elder "
                         "took in without announcing his 11 or 13), not a {code} entry.",
    "not_an_object.election": 'An election is "fresh_deal" or "play_on".',
    "not_an_object.irregular": 'irregular is a list of {{"code", "location"}}.',
    "not_an_object.irregularity": 'An irregularity is {{"code": "revoke", "location": '
                                  '"tricks[2][1]"}}.',
    # Q3, Q6: a Piquet deal's tricks and carte blanche
    "trick_size": "Trick {trick} holds {n:cards}: write its 2 cards, the lead and then the "
                  "reply.",
    "trick_size.one": "Trick {trick} holds 1 card: write its 2 cards, the lead and then the "
                      "reply.",
    "not_in_pack.played": "{card} is not in the 32-card Piquet pack: it plays the sevens to "
                          "the aces.",
    "card_played_twice": "The {card:card} is played twice (first at {first}): correct one of "
                         "the two.",
    "carte_blanche_not_held.dealt": "{hand:Hand} claimed a carte blanche but was dealt the "
                                    "{card:card}.",
    "carte_blanche_not_held.discarded": "{hand:Hand} claimed a carte blanche but discarded the "
                                        "{card:card}, so it was dealt a court card.",
    "carte_blanche_not_held.played": "{hand:Hand} claimed a carte blanche but played {n} court "
                                     "cards, more than the {drawable} it can have drawn from "
                                     "the talon, so it was dealt a court card.",
    "carte_blanche_not_held.played.one": "{hand:Hand} claimed a carte blanche but played 1 "
                                         "court card, more than the {drawable} it can have "
                                         "drawn from the talon, so it was dealt a court card.",
    "carte_blanche_not_held.both": "Both hands cannot be cartes blanches: the pack has only 20 "
                                   "cards that are not court cards.",
    # Q12: irregularities recorded in a Piquet deal
    "bad_irregular.who.long_hand": 'Say who committed more than twelve cards in play (PT 58): '
                                   'the location is "elder" or "younger".',
    "bad_irregular.who.short_hand": 'Say who committed fewer than twelve cards in play (PT 57): '
                                    'the location is "elder" or "younger".',
    "bad_irregular.who.talon_offence": "Say who committed a talon offence (PT 27–29, 33, 35): "
                                       'the location is "elder" or "younger".',
    "bad_irregular.long_and_short": "One hand cannot hold both more and fewer than twelve "
                                    "cards: record the one that was found.",
    "bad_irregular.unplayed": "Cards {hand:hand} never played are listed, but no hand of more "
                              "than twelve cards is recorded for {hand:hand}: add "
                              '{{"code": "long_hand", "location": "{hand}"}} to irregular.',
    "unplayed_played": "{hand:Hand} is said never to have played a card that is in the tricks: "
                       "list only the cards left in that hand.",
    "bad_irregular.revoke": "A revoke is the second card of a trick played.",
    # P1–P6, P10: a Pitch hand's record
    "hands_count": "The record gives {n:hands} for {players} players.",
    "hand_not_six": "{who:Seat} was dealt {n:cards}; each player is dealt six.",
    "hand_not_six.one": "{who:Seat} was dealt 1 card; each player is dealt six.",
    "trick_wrong_size": "Trick {trick} has {n:cards}; each of the {players} players plays one.",
    "trick_wrong_size.one": "Trick {trick} has 1 card; each of the {players} players plays "
                            "one.",
    "claimed_wrong_length": "The claimed score has {n:numbers}; give {players} (one per seat).",
    "claimed_wrong_length.partnership": "The claimed score has {n:numbers}; give {players} (one "
                                        "per seat) or {sides} (one per team).",
    "card_dealt_twice.pitch": "The {card} is dealt twice; the pack has one of each card.",
    "card_played_twice.pitch": "The {card} is played twice; the pack has one of each card.",
    "claimed_score_differs.pitch": "The table wrote {claimed:+d} for {who:team}, but the rules "
                                   "give {ruled:+d}.",
    "redeal": "Everyone passed: the hand is redealt and nobody scores.",
    "no_pitcher": "Nobody bid, so the hand has no pitcher to score.",
    "misdeal": "A misdeal was recorded: there is a new deal and nobody scores this hand.",
    "play_before_auction_ended": "Cards were played before {who:seat} called.",
    "first_lead_out_of_turn": "A first lead out of turn is taken back, even once everyone "
                              "played to it: only the pitcher's lead sets trump. Record trick 1 "
                              "as the pitcher led it.",
    "no_misdeal": "The record shows no misdeal to rule on.",
    # P3, P4, P10: a Pitch step recorded anyway
    "bid_out_of_turn.over": "The auction is over: no call can be recorded.",
    "bid_out_of_turn": "{who:Seat} called {call} out of turn: it was {due:seat}'s call.",
    "out_of_turn.within_trick": "It is {due:seat}'s turn; a card played out of turn within a "
                                "trick is taken back.",
    "lead_out_of_turn": "{who:Seat} led trick {trick} out of turn and nobody has played to it: "
                        "the card is taken back and {due:seat} leads (P10; PT 59 III by "
                        "analogy).",
    "malformed_step": "The seat is 0 to {most}, not {value}.",
    "bad_step.pitch_hand": "{value} is not a step of a Pitch hand.",
    # P2–P9: a Pitch score sheet's and totals' shape
    "malformed_record.seat": "{what:field}: name a seat, 0 to {most}, not {value}.",
    "malformed_record.numbers": "{what:field} is a list of whole numbers.",
    "malformed_record.number": "{what:field}: {value} is not a whole number.",
    "malformed_record.object.sheet": "The sheet line is a JSON object.",
    "malformed_record.object.totals": "The totals line is a JSON object.",
    "malformed_record.unknown.sheet": "{value} is not part of a Pitch sheet line: use "
                                      "{allowed:list}.",
    "malformed_record.unknown.totals": "{value} is not part of a Pitch totals line: use "
                                       "{allowed:list}.",
    "bid_out_of_range.sheet": "A bid is 1 to 4, not {value}.",
    "malformed_record.point_seat.high": "High: name the seat (it always goes to someone).",
    "malformed_record.point_seat.low": "Low: name the seat (it always goes to someone).",
    "malformed_record.point_seat.jack": "Jack: name the seat or null (null = the jack of trumps "
                                        "was not out).",
    "malformed_record.point_seat.game": "Game: name the seat or null (null = Game was tied).",
    "malformed_record.point_taken": "{what:field} always goes to someone: a trump is always in "
                                    "play (the pitcher's first lead), so name the seat that "
                                    "took it.",
    "malformed_record.trump": "Trump is a suit: S, H, D or C, not {value}.",
    "malformed_record.bids": "The bids are a list of calls from the dealer's left.",
    "malformed_record.bids_dealer": "With the bids, give the dealer: the auction starts at his "
                                    "left (P3).",
    "malformed_record.game_points": "Give one count of game points per player: {sides}, not "
                                    "{n}.",
    "malformed_record.game_points.team": "Give one count of game points per team: {sides}, not "
                                         "{n}.",
    "malformed_record.game_points_negative": "A count of game points is 0 or more.",
    "malformed_record.irregular": "The irregularities are a list.",
    "malformed_record.no_auction": "Give the bids, or at least the pitcher and his bid (P3).",
    "malformed_record.single_trump": "single_trump is true or false.",
    "malformed_record.scores": "Give each side's score for the hand.",
    "malformed_record.scores_count": "Give one score per player: {sides}, not {n}.",
    "malformed_record.scores_count.team": "Give one score per team: {sides}, not {n}.",
    "malformed_record.pitcher": "Name the pitcher: only his side can win the match at the end "
                                "of a hand (P7).",
    # P3, P5: what a Pitch sheet or totals line cannot say
    "pitcher_not_high_bidder": "The pitcher is the highest bidder: by the bids that is "
                               "{pitcher:seat}, not {written:seat}.",
    "bid_not_high_bid": "By the bids the pitcher bid {bid}, not {written}.",
    "bid_below_minimum.sheet": "A bid of {bid} is below this table's lowest bid of {least}.",
    "stuck_dealer_bid_too_low.sheet": "The dealer ({who:seat}) bid {bid}: nobody before him can "
                                      "have bid (he could neither outbid nor match it at this "
                                      "table), so he was stuck and had to bid at least {least}.",
    "game_points_too_many": "The counts add up to {total:game_points}, but the {cards} cards "
                            "in play hold at most {most} (ten 10, ace 4, king 3, queen 2, jack "
                            "1).",
    "score_out_of_range": "{who:Team} did not pitch, so it scores the points it won: 0 to 4 "
                          "(High, Low, Jack, Game), never {score}.",
    # P1–P3, P9, P10: a Pitch record's shape
    "player_count.partnership": "A partnership game of Pitch has 4 players, not {value}.",
    "player_count.pitch": "A solo game of Pitch has {least} to {most} players, not {value}.",
    "dealer_not_a_seat": "The dealer must be a seat 0 to {most}, not {value}.",
    "malformed_call": '{value} is not a call: write "pass", a bid 1 to 4, or "pitch".',
    "malformed_record.dealer": "The dealer is a seat number.",
    "malformed_record.list": "Expected a list.",
    "malformed_card": "{value} is not a card: write rank then suit, e.g. 'TH' or '10♥'.",
    "malformed_card.value": "{value} is not a card.",
    "malformed_record.claimed": "A claimed score change is a whole number.",
    "names_count": "Name each of the {players} players, in seat order ({n} names given).",
    "malformed_irregularity.object": 'An irregularity is an object such as {{"type": '
                                     '"revoke", "seat": 2, "trick": 3}}.',
    "malformed_irregularity.unknown": "{value} is not part of an irregularity.",
    "malformed_irregularity.type": "The type is one of {kinds:list}, not {value}.",
    "malformed_irregularity.seat": "The seat is 0 to {most}, not {value}.",
    "malformed_irregularity.no_seat.revoke": "Name the seat of the revoke.",
    "malformed_irregularity.no_seat.lead_out_of_turn": "Name the seat of the lead out of turn.",
    "malformed_irregularity.no_seat.bid_out_of_turn": "Name the seat of the bid out of turn.",
    "malformed_irregularity.no_seat.long_hand": "Name the seat of the long hand.",
    "malformed_irregularity.no_seat.exposed_card": "Name the seat of the exposed card.",
    "malformed_irregularity.no_seat.short_hand": "Name the seat of the short hand.",
    "malformed_irregularity.on_sheet": "A misdealt hand is not scored: record the misdeal, "
                                       "not a score-sheet line.",
    "malformed_irregularity.trick": "Name the trick, 1 to {most}, not {value}.",
    "malformed_irregularity.call": "Give the call made out of turn.",
    "malformed_irregularity.no_trick.bid_out_of_turn": "A bid out of turn has no trick.",
    "malformed_irregularity.no_trick.misdeal": "A misdeal has no trick.",
    "malformed_irregularity.no_trick.long_hand": "A long hand has no trick.",
    "malformed_irregularity.no_trick.exposed_in_dealing": "A card exposed in dealing has no "
                                                          "trick.",
    "malformed_irregularity.no_call.revoke": "A revoke has no call.",
    "malformed_irregularity.no_call.lead_out_of_turn": "A lead out of turn has no call.",
    "malformed_irregularity.no_call.misdeal": "A misdeal has no call.",
    "malformed_irregularity.no_call.long_hand": "A long hand has no call.",
    "malformed_irregularity.no_call.exposed_in_dealing": "A card exposed in dealing has no "
                                                         "call.",
    "malformed_irregularity.no_call.exposed_card": "A exposed card has no call.",
    "malformed_irregularity.no_call.short_hand": "A short hand has no call.",
    "short_hand_trick": "{who:Seat} is short from trick {trick}: that trick and each after it hold "
                        "one card fewer, {n} in all, not {given}.",
    "short_hand_dealt": "{who:Seat} is short from trick {trick}: the hand as dealt holds a card "
                        "for each trick played to, {n}, not {cards}.",
    # Q3–Q8: what a Piquet score sheet cannot say (its words worded by each language's terms)
    "point_impossible.pips": "A {cards:point} counts {low} to {high} pips, not {pips}: correct "
                             "{hand:hand}'s point.",
    "sequence_impossible.top": "A {what:term} would need cards below the seven: correct its "
                               "top card.",
    "sequence_longer_than_point": "A {what:term} needs {length} cards in one suit, but "
                                  "{hand:hand}'s point was {cards:point}, and the point is the "
                                  "longest suit: correct the point or the sequence.",
    "sequence_impossible.quatorze": "{hand:Hand}'s four {rank:ranks} leave none for "
                                    "{other:hand}'s {what:term}.",
    "sequence_impossible.point": "{hand:Hand}'s {cards:point} and sequences cannot be held "
                                 "together in 12 cards: correct the point or a sequence.",
    "good_without_announcement": "The sheet says {who:hand} was good in {category:term}, but "
                                 "nothing he announced there is written: write what he "
                                 "announced.",
    "good_contradicts.none": "The sheet says {category:term} were equal, but nobody announced "
                             "any.",
    "cannot_compare": "Both hands announced {elder:term} and {younger:term} in "
                      "{category:term}: write {tie_break:term} or who was good.",
    "good_contradicts.good.equal": "The sheet says {said:hand} good in {category:term}, but they "
                                   "are equal (Q5): correct the announcements or who was good.",
    "good_contradicts.good.beats": "The sheet says {said:hand} good in {category:term}, but "
                                   "{best:term} beats {beaten:term} (Q5): correct the "
                                   "announcements or who was good.",
    "good_contradicts.equal.beats": "The sheet says equal in {category:term}, but {best:term} "
                                    "beats {beaten:term} (Q5): correct the announcements or who "
                                    "was good.",
    "carte_blanche_impossible": "A carte blanche has no court card as dealt, and {hand:hand} can "
                                "draw at most {most} from the talon: his sets show {courts}.",
    "claimed_score_differs.sheet": "{hand:Hand} claims {claim}, but the line adds up to {total} "
                                   "({parts:steps}).",
    "pique_impossible": "{hand:Hand} cannot have made a pique: {why:why}.",
    "pique_missed": "The sheet says no pique, but {hand:hand} made one: {why:why}.",
    "announcement_not_held.sequence": "{hand:Hand} announced a {what:term} but does not hold it "
                                      "after the exchange.",
    "announcement_not_held.set": "{hand:Hand} announced {what:term} but holds {held} of them "
                                 "after the exchange.",
    # Q4, Q8, Q12: the exchange after a wrong deal, a claim, a revoke to replay
    "bad_irregular.where": "Say where the card was: the location of {code} is {places:either}.",
    "exchange_count.unmixed": "The elder hand took {n:talon_cards}: younger takes at most "
                              "{left}, the cards elder did not take (PT 28), not {taken}.",
    "exchange_count.stands.elder.fewer": "Elder stood a wrong deal: he discards one fewer than "
                                         "he takes in and takes 1 to 5 cards ({law}), not {n} "
                                         "discarded.",
    "exchange_count.stands.elder.same": "Elder stood a wrong deal: he discards as many as he "
                                        "takes in and takes 1 to 5 cards ({law}), not {n} "
                                        "discarded.",
    "exchange_count.stands.elder.more": "Elder stood a wrong deal: he discards one more than he "
                                        "takes in and takes 1 to 5 cards ({law}), not {n} "
                                        "discarded.",
    "exchange_count.taken_in.fewer": "Elder took in without announcing his {cards} cards: he "
                                      "must leave at least three cards for younger (PT 39), "
                                      "discards one fewer than he takes in ({law}) and takes 1 "
                                      "to {most} cards, not {took}.",
    "exchange_count.taken_in.same": "Elder took in without announcing his {cards} cards: he "
                                     "must leave at least three cards for younger (PT 39), "
                                     "discards as many as he takes in ({law}) and takes 1 to "
                                     "{most} cards, not {took}.",
    "exchange_count.taken_in.more": "Elder took in without announcing his {cards} cards: he "
                                     "must leave at least three cards for younger (PT 39), "
                                     "discards one more than he takes in ({law}) and takes 1 "
                                     "to {most} cards, not {took}.",
    "exchange_count.stands.younger.fewer": "Younger, elder having stood a wrong deal, discards "
                                           "one fewer than he takes in and takes 1 to {most} "
                                           "cards ({law}), not {n} discarded.",
    "exchange_count.stands.younger.same": "Younger, elder having stood a wrong deal, discards "
                                          "as many as he takes in and takes 1 to {most} cards "
                                          "({law}), not {n} discarded.",
    "exchange_count.stands.younger.more": "Younger, elder having stood a wrong deal, discards "
                                          "one more than he takes in and takes 1 to {most} "
                                          "cards ({law}), not {n} discarded.",
    "claimed_score_differs.more": "{hand:Hand} claims {claimed}, but the cards give {ruled} "
                                  "({gap} more).",
    "claimed_score_differs.fewer": "{hand:Hand} claims {claimed}, but the cards give {ruled} "
                                   "({gap} fewer).",
    "claimed_score_differs.more.why": "{hand:Hand} claims {claimed}, but the cards give {ruled} "
                                      "({gap} more: perhaps {why:texts}).",
    "claimed_score_differs.fewer.why": "{hand:Hand} claims {claimed}, but the cards give "
                                       "{ruled} ({gap} fewer: perhaps {why:texts}).",
    "replay_required": "{hand:Hand} revoked in trick {trick}: take back the cards from that "
                       "trick, {hand:hand} plays a {suit:suit}, and the play goes on as though "
                       "no error had been made (PT 59 IV); record the replay.",
    "replay_required.cards": "{hand:Hand} revoked in trick {trick} (the {card:card} on the "
                             "{lead:card}): take back the cards from that trick, {hand:hand} "
                             "plays a {suit:suit}, and the play goes on as though no error had "
                             "been made (PT 59 IV); record the replay.",
    # P3–P6: a Pitch sheet, totals line or hand that cannot be
    "single_trump_not_pitchers": "With a single trump in play, that trump was the pitcher's "
                                 "first lead and won the trick, so {who:side} took "
                                 "{point:field}, not {taken:side}.",
    "single_trump_not_pitchers.jack": "With a single trump in play, that trump was the "
                                      "pitcher's first lead and won the trick, so {who:side} "
                                      "took Jack (a Jack counts only when that trump is the "
                                      "jack), not {taken:side}.",
    "game_not_highest_count.tie": "Game goes to the highest count, and {leaders:sides} tie at "
                                  "{best}: nobody takes Game.",
    "game_not_highest_count.not_tied": "Game is not tied: {leader:side} has the highest count "
                                       "({best}), so it takes Game.",
    "game_not_highest_count": "Game goes to the highest count: {leader:side} has the highest "
                              "count ({best}), so it took Game, not {taken:side}.",
    "pitcher_score_impossible.zero": "{who:Side} pitched: it scores at least its bid, or is set "
                                     "back by it, never 0.",
    "pitcher_score_impossible.below": "{who:Side} bid {bid}: it scores at least {bid}, or is set "
                                      "back {bid} (write {minus}), never {mine}.",
    "pitcher_score_impossible.set_back": "{who:Side} bid {bid}: set back, it loses exactly {bid} "
                                         "(write {minus}), not {lost}.",
    "pitcher_score_impossible.range": "{who:Side} pitched: it scores at most 4, or is set back "
                                      "at most 4 (the highest bid), never {mine}.",
    "points_total_impossible.few": "The points won add up to {total}, but High and Low always "
                                   "go to someone, so at least 2 are won.",
    "points_total_impossible.many": "The points won add up to {total}, but a hand has only four "
                                    "(High, Low, Jack, Game).",
    "points_total_impossible.set_back": "{who:Side} was set back {bid}, so it won at most "
                                        "{most}; High and Low always go, so the others won "
                                        "{least} to 4 between them, not {others}.",
    "steal_not_allowed": "The dealer ({who:seat}) matched the high bid of {high}, but the "
                         "dealer may not match a bid of 4.",
    "steal_not_allowed.outbid_only": "The dealer ({who:seat}) matched the high bid of {high}, "
                                     "but the dealer may not match a bid at this table.",
    "bid_out_of_turn.after_pitch": "{who:Seat} called {call!r} after a pitch: the auction was "
                                   "over.",
    "bid_out_of_turn.after_dealer": "{who:Seat} called {call!r} after the dealer's call: the "
                                    "auction was over.",
    "malformed_call.pitch": 'The call "pitch" exists only in the 4-point game: write the bid as '
                            "a number.",
    "malformed_call.short": "{value} is not a call.",
    "first_lead_by_non_pitcher": "The pitcher ({pitcher:seat}) leads to the first trick, but "
                                 "the {card:card} was dealt to {who:seat}; the hand is read as "
                                 "led by {who:seat}.",
    "card_not_held.not_dealt": "{who:Seat} played the {card:card} in trick {trick}, but that "
                               "card was not dealt.",
    "card_not_held.dealt_to": "{who:Seat} played the {card:card} in trick {trick}, but that "
                              "card was dealt to {owner:seat}.",
    # V2–V6: the variants' records (referee/pitch/variants.py)
    "malformed_card.two_jokers": "This pack has a big and a little joker: write BJ or LJ.",
    "malformed_card.joker": "{value} is not a card; a joker is BJ, LJ or JK.",
    "fold_outside_trump_only": "A player folds (null) only when only trumps are played.",
    "malformed_record.trump_suit": "Trump is one of S, H, D, C.",
    "trick_empty": "Trick {trick} has no card: a hand ends when nobody holds a trump.",
    "trump_not_named": "At this table the pitcher may open with any card, so the record must "
                       "name trump.",
    "trump_not_named.joker": "The pitcher led a joker first: name the trump suit he named with "
                             "it.",
    "wrong_trick_count.none": "The hand has no card played.",
    "wrong_trick_count.trump_only": "Only trumps are played: a hand has one to six tricks, not "
                                    "{n}.",
    "not_a_trump": "{who:Seat} played the {card:card} in trick {trick}: only trumps are played "
                   "in this game.",
    "played_after_folding": "{who:Seat} played the {card:card} in trick {trick} after folding "
                            "in trick {folded}: a player out of trumps stays out.",
    "revoke.variant": "{who:Seat} revoked in trick {trick}, playing the {card:card} on a "
                      "{suit:suit} lead while holding the {held:card}.",
    "revoke.variant.trump": "{who:Seat} revoked in trick {trick}, playing the {card:card} on a "
                            "trump lead while holding the {held:card}.",
    "card_not_held.not_his": "{who:Seat} played the {card:card} in trick {trick}, but that card "
                             "was not dealt to him.",
    "folded_holding_trump": "{who:Seat} folded in trick {trick} still holding the {card:card}: "
                            "a player plays a trump to every trick while he holds one.",
    "folded_holding_trump.kept": "{who:Seat} still held the {card:card}: a player plays a trump "
                                 "to every trick while he holds one, and the hand ends when "
                                 "nobody does.",
    "first_lead_not_trump": "The pitcher ({pitcher:seat}) led the {card:card} though he held "
                            "the {held:card}: trump opens.",
    "hand_not_six.variant": "{who:Seat} held {n:cards} when play began; each player holds six.",
    "trick_wrong_size.variant": "Trick {trick} has {n:entries}; each of the {players} players "
                                "plays one (or, out of trumps, null).",
    "claimed_wrong_length.variant": "The claimed score has {n:numbers}; give one per seat or "
                                    "per side.",
    "card_dealt_twice.variant": "The {card:card} is dealt twice; the pack has one of each card.",
    "card_played_twice.variant": "The {card:card} is played twice; the pack has one of each "
                                 "card.",
    "card_not_in_pack": "The {card:card} is not in this game's pack.",
    # Q12, P10: the dealing laws' elections and a Pitch irregularity step
    "bad_irregularity.no_election.long_hand": "A long hand gives nobody an election.",
    "bad_irregularity.no_election.short_hand": "A short hand gives nobody an election.",
    "bad_irregularity.no_election.deal_out_of_turn": "A deal out of turn gives nobody an "
                                                     "election (PT 16).",
    "bad_irregularity.no_election.faced_card": "A faced card gives nobody an election: there "
                                               "must be a fresh deal (PT 14).",
    "bad_irregularity.twice": "It is already recorded in this deal.",
    "bad_irregularity.faced_card_late": "A faced card is found in the pack in dealing or in the "
                                        "talon in taking in, before the first card is played "
                                        "(PT 14).",
    "bad_irregularity.own_card": "{who} exposed a card of his own in dealing: the deal stands "
                                 "and nobody elects (PT 13).",
    "bad_irregularity.pitch_election": "At Pitch no irregularity gives a player an election: "
                                       "leave it out.",
    "bad_irregularity.pitch_kinds": "At Pitch the irregularities recorded this way are "
                                    "exposed_card, exposed_in_dealing, long_hand and "
                                    "short_hand; record a "
                                    "revoke, a misdeal or a bid or card out of turn as the step "
                                    'itself with "anyway": true.',
    "bad_irregularity.exposed_late": "A card exposed in dealing is found before the play; a "
                                     "card shown once the play has begun is an exposed card.",
    # The match: a card whose player cannot be told, a deal counted, an import's dealer
    "player_unknown.lead": "{due} cannot hold {card}, and the hands recorded do not tell whose "
                           "card it is. A lead out of turn by {named}? Send it again naming the "
                           "player who played it.",
    "player_unknown.card": "{due} cannot hold {card}, and the hands recorded do not tell whose "
                           "card it is. A card out of turn by {named}? Send it again naming the "
                           "player who played it.",
    "player_unknown.leads": "{due} cannot hold {card}, and the hands recorded do not tell whose "
                            "card it is. {named:lead_by} Send it again naming the player who "
                            "played it.",
    "player_unknown.cards": "{due} cannot hold {card}, and the hands recorded do not tell whose "
                            "card it is. {named:card_by} Send it again naming the player who "
                            "played it.",
    "bad_irregularity.counted": "Deal {n} is counted with its dealer: a deal out of turn is "
                                "recorded while the deal is played (PT 16), not when its cards "
                                "are entered afterwards.",
    "amend_too_late": "Deal {n} can no longer be put right: deal {next} has been dealt, and a "
                      "count stands once the players have seen their next hands ({law}).",
    # V7–V10: a variant's sheet and totals line (referee/pitch/variant_sheet.py)
    "game_points_too_many.variant": "The counts add up to {total:game_points}, but the cards in "
                                    "play of this game hold at most {most} (ten 10, ace 4, king "
                                    "3, queen 2, jack 1, jokers 0).",
    "game_not_highest_count.variant": "Game goes to the highest count: {leader:side} has it "
                                      "({best}), so it took Game.",
    "game_not_highest_count.variant.not": "Game goes to the highest count: {leader:side} has it "
                                          "({best}), so it took Game, not {taken:side}.",
    "game_not_highest_count.jokers": "Game goes to the highest count, and {leaders:sides} tie at "
                                     "{best}: only one of them takes Game, on the jokers it won.",
    "pitcher_score_impossible.range.variant": "{who:Side} pitched: it scores at most {total} "
                                              "(every point of this game), or is set back at "
                                              "most {most} (the highest bid), never {mine}.",
    "pitcher_score_impossible.minimum": "{who:Side} was set back {lost}, below this table's "
                                        "lowest bid of {least}.",
    "score_out_of_range.variant": "{who:Side} did not pitch, so it scores the points it won: 0 "
                                  "to {total} ({values:values}), never {score}.",
    "points_total_impossible.variant.made": "No hand of this game scores these: its points are "
                                            "{values:values}, and they cannot be shared out as "
                                            "{scores:list} with {who:side} made.",
    "points_total_impossible.variant.set_back": "No hand of this game scores these: its points "
                                                "are {values:values}, and they cannot be shared "
                                                "out as {scores:list} with {who:side} set back, "
                                                "having won less than {bid}.",
    "points_total_impossible.variant.always.made": "No hand of this game scores these: its "
                                                   "points are {values:values}, High and Low "
                                                   "always going to someone, and they cannot be "
                                                   "shared out as {scores:list} with {who:side} "
                                                   "made.",
    "points_total_impossible.variant.always.set_back": "No hand of this game scores these: its "
                                                       "points are {values:values}, High and "
                                                       "Low always going to someone, and they "
                                                       "cannot be shared out as {scores:list} "
                                                       "with {who:side} set back, having won "
                                                       "less than {bid}.",
    # Q6: play points a Piquet sheet gives that the tricks cannot (alone, or left by the claimed
    # totals)
    "play_impossible.least.elder": (
        "{hand:Hand} counted {points} in play with {won:tricks}: he counts at least "
        "{least} (1 for each trick he won, as he led it or won it, and 1 for the first "
        "lead, Q6)."
    ),
    "play_impossible.claimed.least.elder": (
        "The claimed totals leave {left_elder} and {left_younger} in play. {hand:Hand} "
        "counted {points} in play with {won:tricks}: he counts at least {least} (1 for "
        "each trick he won, as he led it or won it, and 1 for the first lead, Q6)."
    ),
    "play_impossible.least.younger": (
        "{hand:Hand} counted {points} in play with {won:tricks}: he counts at least "
        "{least} (1 for each trick he won, as he led it or won it, and 1 for winning his "
        "first on the elder hand's lead, Q6)."
    ),
    "play_impossible.claimed.least.younger": (
        "The claimed totals leave {left_elder} and {left_younger} in play. {hand:Hand} "
        "counted {points} in play with {won:tricks}: he counts at least {least} (1 for "
        "each trick he won, as he led it or won it, and 1 for winning his first on the "
        "elder hand's lead, Q6)."
    ),
    "play_impossible.most": (
        "{hand:Hand} counted {points} in play with {won:tricks}: at most {most} (1 for "
        "each lead and each trick won on the other's lead, and the last trick, Q6)."
    ),
    "play_impossible.claimed.most": (
        "The claimed totals leave {left_elder} and {left_younger} in play. {hand:Hand} "
        "counted {points} in play with {won:tricks}: at most {most} (1 for each lead and "
        "each trick won on the other's lead, and the last trick, Q6)."
    ),
    "play_impossible.together": (
        "These play points do not fit together: the elder hand's {elder} means he won "
        "{elder_won:tricks} on the younger hand's lead, the younger hand's {younger} that he won"
        " {younger_won:tricks} on the elder hand's lead; as the lead passes to whoever wins, the"
        " younger hand wins on the elder hand's lead as often as the other way round, or "
        "once more (Q6)."
    ),
    "play_impossible.claimed.together": (
        "The claimed totals leave {left_elder} and {left_younger} in play. These play "
        "points do not fit together: the elder hand's {elder} means he won {elder_won:tricks}"
        " on the younger hand's lead, the younger hand's {younger} that he won"
        " {younger_won:tricks} on the elder hand's lead; as the lead passes to whoever wins,"
        " the younger hand wins on the elder hand's lead as often as the other way round, or"
        " once more (Q6)."
    ),
    "play_impossible.tricks": (
        "These play points do not fit the tricks: the winner of the last trick counts at "
        "least 1, and each counts at most 1 for each lead and each trick won on the "
        "other's lead (Q6)."
    ),
    "play_impossible.claimed.tricks": (
        "The claimed totals leave {left_elder} and {left_younger} in play. These play "
        "points do not fit the tricks: the winner of the last trick counts at least 1, "
        "and each counts at most 1 for each lead and each trick won on the other's lead "
        "(Q6)."
    ),
    # V7–V11: a variant's sheet and totals line that cannot be read
    "malformed_record.point_missing.always": "{point:Award}: name the seat that took it (it "
                                             "always goes to someone).",
    "malformed_record.point_missing.game": "{point:Award}: name the seat that took it or null "
                                           "(tied).",
    "malformed_record.point_missing": "{point:Award}: name the seat that took it or null (its "
                                      "card was not in play).",
    "malformed_record.point_taken.variant": "{point:Award} always goes to someone: a trump is "
                                            "always in play (the pitcher's first lead), so name "
                                            "the seat.",
    "bid_out_of_range.variant": "A bid is 1 to {most} in this game, not {value}.",
    "malformed_record.stray_point": "This game ({variant}) has no {point:award} point: its "
                                    "points are {points:awards}.",
    "malformed_record.no_auction.variant": "Give the bids, or at least the pitcher and his bid "
                                           "(V9).",
    "malformed_record.no_game": "This game has no Game point: leave out the game points.",
    "malformed_record.pitcher.variant": "Name the pitcher: only his side can win the match at "
                                        "the end of a hand (V11).",
    "correction_ends_partie_earlier": "With this correction the partie would have ended before "
                                      "the last deals recorded: void or undo those deals first.",
    # Record files (docs/format.md): the file's own shape, and a deal the match refuses
    "wrong_dealer.piquet": "{dealer} deals deal {n}, not {named} (the deal alternates).",
    "record_not_toml": "This is not TOML: {error}.",
    "record_unreadable": "The file cannot be read: {error}.",
    "record_unknown_field": "Unknown field \"{name}\" in the header (docs/format.md lists "
                            "them).",
    "record_format": "Give the format's version: format = {version}.",
    "record_game": 'Give the game: game = "pitch" or game = "piquet".',
    "record_options": "The options are a table: [options].",
    "record_partnership": "partnership is true or false.",
    "record_text": "{name} is written as text in quotes.",
    "record_players": 'Give the players\' names, each once: players = ["Ann", "Bill"].',
    "record_players.piquet": "Piquet is played by two players.",
    "record_date": "The date is written as a TOML date: date = 2026-11-27.",
    "record_deals": "Deals are written as [[deal]] tables.",
    "record_one_entry": "A deal holds one entry: its cards, a [deal.sheet] or a "
                        "[deal.totals].",
    "record_entry_table": "The entry is written as a table: [deal.{level}].",
    "record_number": "number is the deal's number in the match: 1, 2, 3…",
    "record_not_a_player": "\"{named}\" is not one of the players ({players:list}).",
    "record_who": '{name} names a player ({players:list}) or "table".',
    "record_who.confirmed": '{name} names a player ({players:list}), "table" or "auto".',
    "record_void": 'void gives why the deal was struck out, in quotes: void = "misdeal".',
    "record_disputes": "Disputes are written as [[deal.dispute]] tables.",
    "record_dispute": "A dispute has by, reason and at most one claim: [deal.dispute.sheet] or "
                      "[deal.dispute.totals].",
    "record_dispute_reason": "A dispute's reason is text in quotes.",
    "record_dispute_claim": "The claim is a table: [deal.dispute.{level}].",
}

#: PT 40–43: how a hand dealt 13, 11 or 12 cards discards when elder stands a wrong deal, to
#: play with twelve (``discards``: the cards it was dealt).
DISCARD_WORDS: dict[int, str] = {13: "one more than it takes in, at least two",
                                 11: "one fewer than it takes in, none if it takes one",
                                 12: "as many as it takes in"}
#: PT 11, 39–43: the hands of a deal one card wrong, opening its consequences.
_WRONG_DEAL = ("{elder:Player_hand} was dealt {elder_dealt:cards} and {younger:player_hand} "
               "{younger_dealt:cards}")
#: PT 40–43: how each hand of a wrong deal that stands discards.
_STOOD = ("The elder hand discards {elder_dealt:discards}; the younger hand "
          "{younger_dealt:discards}; each plays with twelve ({law}).")

#: The English template of each consequence of a step recorded anyway (P10, Q12: what the
#: penalty means for the table, :func:`consequence`), by its code.  ``what`` is the note's first
#: violation, worded by its own code; ``law`` a law cited (a section, with the law's words
#: where the game's laws give them); ``step`` a kind of step ("exchange", "declaration");
#: ``source`` where a Pitch penalty comes from; ``in_trick`` / ``no_card_for`` a trick that
#: may not be known (" in trick 3", ", with no card for trick 3", or nothing); ``the_bid``
#: the high bid when known ("the bid, 2"); ``shown`` a card exposed when named ("the nine of
#: spades", else "a card"); ``to_seat`` / ``dealer_named`` a player when known (" to Ann",
#: " (Ann)", a seat number when no names are known); ``player_hand`` a hand and its player
#: when named (``[role, player or null]``); ``discards`` how a hand dealt that many cards
#: discards when a wrong deal stands (:data:`DISCARD_WORDS`); ``call`` a Piquet call
#: (:meth:`Words.call`); the other placeholders' kinds are :data:`MESSAGE_WORDS`'s.
CONSEQUENCE_WORDS: dict[str, str] = {
    "misdeal": "{what}: a misdeal. The deal is void and the same dealer deals "
        "afresh ({law:law}: no law moves the deal); it scores nothing.",
    "incorrect_pack": "{what}: the pack is incorrect. The deal is void and the "
        "same dealer deals again ({dealer_law:law}); earlier deals "
        "stand ({law:law}); it scores nothing.",
    "incorrect_pack.hand": "{what}: the pack is incorrect. The deal is void and "
        "the same dealer deals again; earlier hands stand "
        "({law:law}); it scores nothing.",
    "withdrawn.card": "{what}: the card is taken back and the play goes on as "
        "though it had not happened ({law:law}); nothing is scored "
        "for it.",
    "withdrawn.card.due": "{what}: the card is taken back and the play goes on as "
        "though it had not happened ({law:law}); nothing is "
        "scored for it. {due} is to play.",
    "withdrawn.bid": "{what}: the bid is taken back and the play goes on as "
        "though it had not happened ({law:law}); nothing is scored "
        "for it.",
    "withdrawn.bid.due": "{what}: the bid is taken back and the play goes on as "
        "though it had not happened ({law:law}); nothing is "
        "scored for it. {due} is to play.",
    "withdrawn": "{what}: the {step:step} is taken back and the play goes on as "
        "though it had not happened ({law:law}); nothing is scored for "
        "it.",
    "withdrawn.due": "{what}: the {step:step} is taken back and the play goes on "
        "as though it had not happened ({law:law}); nothing is "
        "scored for it. {due} is to play.",
    "void": "{what}: the deal is void (the table's option) and dealt again by the "
        "same dealer; it scores nothing.",
    "stands.card": "{what}: the card stands and the deal is scored as played; the "
        "irregularity is noted in the ledger.",
    "stands.bid": "{what}: the bid stands and the deal is scored as played; the "
        "irregularity is noted in the ledger.",
    "stands": "{what}: the {step:step} stands and the deal is scored as played; "
        "the irregularity is noted in the ledger.",
    # P10: a Pitch irregularity under the table's option, by (kind, penalty); ``source`` the
    # law or the table's option the penalty comes from (referee.pitch.irregular.SOURCES)
    "pitch.revoke.set_back_bid": "{who:Seat} revoked{trick:in_trick}: the hand is scored as "
        "played; the offender's side scores nothing and is set back {bid:the_bid}; a pitcher "
        "who did not revoke cannot be set back ({source:source}).",
    "pitch.revoke.all_fours": "{who:Seat} revoked{trick:in_trick}: the offender's side loses 1 "
        "point, 2 if the jack of trumps was in play, and cannot score Jack or Game; a pitcher "
        "who did not revoke cannot be set back ({source:source}).",
    "pitch.revoke.void": "{who:Seat} revoked{trick:in_trick}: the hand is void: nobody scores "
        "({source:source}).",
    "pitch.lead_out_of_turn.void": "{who:Seat} led trick {trick} out of turn: everyone played "
        "to it, so it cannot be taken back: the hand is void ({source:source}).",
    "pitch.lead_out_of_turn.score_as_played": "{who:Seat} led trick {trick} out of turn: "
        "everyone played to it, so the trick stands as played (noted) ({source:source}).",
    "pitch.bid_out_of_turn.cancel": "{who:Seat} called {call} out of turn: the call is void "
        "and the auction goes on in turn ({source:source}).",
    "pitch.bid_out_of_turn.must_pass": "{who:Seat} called {call} out of turn: the call is void "
        "and {who:seat} must pass when next to call ({source:source}).",
    "pitch.bid_out_of_turn.stands": "{who:Seat} called {call} out of turn: the others accepted "
        "it: it stands as {who:seat}'s call in turn ({source:source}).",
    "pitch.short_hand.none": "{who:Seat} was found in play with fewer than six "
        "cards{trick:no_card_for}: no penalty: the hand is played out without him once his "
        "cards are gone, each trick holding one card fewer, and scored as played; he answers "
        "for any revoke ({source:source}).",
    "pitch.exposed_card.may_be_called": "{who:Seat} exposed {card:shown}{trick:in_trick}: the "
        "opponents may call it: {who:seat} plays it when they call for it, if that is no "
        "revoke; the score is not changed ({source:source}).",
    "pitch.exposed_card.none": "{who:Seat} exposed {card:shown}{trick:in_trick}: no penalty: "
        "the hand is scored as played, noted ({source:source}).",
    "pitch.misdeal.pass_deal": "A wrong number of cards was dealt{to:to_seat}: there must be a "
        "new deal and nobody scores; the next dealer deals{next:dealer_named} "
        "({source:source}).",
    "pitch.misdeal.same_dealer": "A wrong number of cards was dealt{to:to_seat}: there must be "
        "a new deal and nobody scores; the same dealer deals again{next:dealer_named} "
        "({source:source}).",
    "pitch.long_hand.pass_deal": "{who:Seat} was found in play with more than six cards: there "
        "must be a new deal and nobody scores; the next dealer deals{next:dealer_named} "
        "({source:source}).",
    "pitch.long_hand.same_dealer": "{who:Seat} was found in play with more than six cards: "
        "there must be a new deal and nobody scores; the same dealer deals "
        "again{next:dealer_named} ({source:source}).",
    "pitch.exposed_in_dealing.pass_deal": "A card was exposed in dealing{to:to_seat}: there "
        "must be a new deal and nobody scores; the next dealer deals{next:dealer_named} "
        "({source:source}).",
    # PT 59 IV: a Piquet revoke recorded anyway, by the table's ``revoke`` option; ``.cards``
    # when the card played and the card led are known; ``retaken``: the cards each hand takes
    # back (a deal in progress)
    **{f"piquet.revoke.{penalty}{cards}": head.replace("{cards}", cards and (
        " (the {card:card} on the {lead:card})")) + body
       for cards in ("", ".cards")
       for penalty, head, body in (
           ("replay", "{hand:Hand} revoked in trick {trick}{cards}: ",
            "take back the cards from that trick, {hand:hand} plays a {suit:suit}, and the "
            "play goes on as though no error had been made (PT 59 IV); record the replay."),
           ("retaken", "{hand:Hand} revoked in trick {trick}{cards}: ",
            "the cards from it on are taken back ({retaken:retaken}), {hand:hand} plays a "
            "{suit:suit}, and the play goes on as though no error had been made (PT 59 IV); "
            "record the play again from there."),
           ("reckon_nothing", "{hand:Hand} revoked in trick {trick}{cards} ",
            "and the deal cannot be replayed: it is played out as played and {hand:hand} "
            "reckons nothing this deal, its counts still barring a pique or repique of "
            "{adversary:hand} (table option)."),
           ("void", "{hand:Hand} revoked in trick {trick}{cards} ",
            "and the deal cannot be replayed: the deal is void, nobody scores (table "
            "option); it is played out as played."))},
    # PT 27–29, 33, 35: a Piquet talon offence, by the table's ``talon_offence`` option or
    # the adversary's election (PT 28–29); ``who`` / ``adversary`` a hand and its player
    # when named (``player_hand``)
    "piquet.talon_offence.reckon_nothing": "{who:Player_hand} took talon cards it was not "
        "entitled to and reckons nothing this deal (PT 27–29, 33, 35); its counts still bar a "
        "pique or repique of {adversary:player_hand}.",
    "piquet.talon_offence.play_on": "{who:Player_hand} took talon cards it was not entitled "
        "to: {adversary:player_hand} elects to play on, and the offender reckons nothing this "
        "deal (PT 28–29); its counts still bar a pique or repique.",
    "piquet.talon_offence.fresh_deal": "{who:Player_hand} took talon cards it was not "
        "entitled to: {adversary:player_hand} elects a fresh deal (table option, PT 28–29); "
        "the same dealer deals again and this deal scores nothing.",
    "piquet.talon_offence.fresh_deal.elected": "{who:Player_hand} took talon cards it was not "
        "entitled to: {adversary:player_hand} elects a fresh deal (his election, PT 28–29); "
        "the same dealer deals again and this deal scores nothing.",
    # PT 13: a card the dealer (younger) exposed in dealing: his own, elder's or a talon
    # card, and elder's election; PT 14: a card found faced in the pack or the talon
    "piquet.exposed_in_dealing.own": "{dealer:Player_hand}, dealing, exposed a card of its "
        "own: the deal stands (PT 13).",
    **{f"piquet.exposed_in_dealing.{election}.{where}": (
        f"{{dealer:Player_hand}}, dealing, exposed {card}: {{elder:Player_hand}} " + body)
       for where, card in (("elder", "a card of the elder hand"), ("talon", "a talon card"))
       for election, body in (
           ("play_on", "may have a fresh deal and elected to play on; the deal stands "
            "(PT 13)."),
           ("fresh_deal", "elected a fresh deal (PT 13); the same dealer deals again and "
            "this deal scores nothing."))},
    "piquet.faced_card.pack": "A card was found faced in the pack in dealing: there must be a "
        "fresh deal (PT 14); the same dealer deals again and this deal scores nothing.",
    "piquet.faced_card.talon": "A card was found faced in the talon in taking in: there must "
        "be a fresh deal (PT 14); the same dealer deals again and this deal scores nothing.",
    "pitch.exposed_in_dealing.same_dealer": "A card was exposed in dealing{to:to_seat}: there "
        "must be a new deal and nobody scores; the same dealer deals again{next:dealer_named} "
        "({source:source}).",
    # PT 10, 12: a wrong number of cards dealt, in a record ruled whole (``what``: the
    # violation, its part before a colon)
    "piquet.misdeal": "{what}: a misdeal. The same dealer deals afresh (no law moves the deal); "
        "this deal scores nothing.",
    # PT 11, 39–43: a deal one card wrong and elder's election; ``elder`` / ``younger`` the
    # hands with their players when named, ``elder_dealt`` / ``younger_dealt`` the cards each
    # was dealt, ``law`` the law the standing deal is played under (PT 40–43)
    "piquet.wrong_deal.fresh_deal": _WRONG_DEAL + ": elder elected a fresh deal (PT 11); the "
        "same dealer deals again and this deal scores nothing.",
    "piquet.wrong_deal.play_on": _WRONG_DEAL + ": elder elected to stand the deal (PT 11). "
        + _STOOD,
    "piquet.wrong_deal.taken_in": _WRONG_DEAL + ": the elder hand took in without announcing "
        "it and has lost his option of a fresh deal (PT 39); the deal stands. He cannot alter "
        "his discard and must leave at least three cards for the younger hand. " + _STOOD,
    "piquet.wrong_deal.taken_in.fresh_deal": _WRONG_DEAL + ", seven in the talon, and the "
        "elder hand took in without announcing it: there must be a fresh deal (PT 39); the "
        "same dealer deals again and this deal scores nothing.",
    # PT 16: the younger hand (``dealer``) dealt out of turn, found before or after the hands
    # were taken up
    "piquet.deal_out_of_turn.fresh_deal": "{dealer:Player_hand} dealt out of turn, found before "
        "either player took up his cards: the deal is void and the right dealer, "
        "{elder:player_hand}, deals (PT 16); it scores nothing.",
    "piquet.deal_out_of_turn.stands": "{dealer:Player_hand} dealt out of turn, found after the "
        "hands were taken up: the deal stands as dealt and {elder:player_hand} deals the next "
        "two deals, unless this deal or the next is the partie's last (PT 16).",
    # PT 52–54: a call of what one does not hold (``call``: what was called, :meth:`Words.call`),
    # by its exemption (PT 53, 54) or the table's ``false_call`` option
    "piquet.false_call.misnomer": "{hand:Hand} misnamed {call:call}: it holds one of that "
        "value, but its hand and discard together could not hold the one named. A misnomer, no "
        "penalty (PT 53); the call as made scores nothing.",
    "piquet.false_call.impossible": "{hand:Hand} called {call:call}, which its hand and discard "
        "together could not hold: no penalty (PT 54); the call scores nothing.",
    "piquet.false_call.reckon_nothing": "{hand:Hand} called {call:call} it did not hold and "
        "reckons nothing this deal (PT 54); {adversary:hand} reckons what it has good.",
    "piquet.false_call.call_only": "{hand:Hand} called {call:call} it did not hold: the call "
        "scores nothing (table option).",
    # PT 59 III: a lead out of turn the adversary played to, in a record ruled whole; in a
    # match, ``leader`` (a player) led ``lead`` and ``card`` was played to it (notation)
    "piquet.lead_out_of_turn": "{hand:Hand} led trick {trick} out of turn; {adversary:hand} "
        "played to it, so the lead stands and the play goes on from it (PT 59 III).",
    "piquet.lead_out_of_turn.answered": "{leader} led {lead} out of turn and {card} was played "
        "to it: the lead stands (PT 59 III: it cannot be taken up once the adversary has "
        "played to the trick); the trick is scored as played.",
    # PT 58 (Cases XIX, XXI, XXII): more than twelve cards in play, by the table's
    # ``long_hand`` option; ``.unplayed`` when the cards he never played are counted
    **{f"piquet.long_hand.{penalty}{unplayed}": (
        "{who:Player_hand} played with more than twelve cards"
        + (unplayed and " ({unplayed:cards} never played)") + body)
       for unplayed in ("", ".unplayed")
       for penalty, body in (
           ("void", ": the deal is void, nobody scores (table option: PT 58 can profit the "
            "offender, Case XXII)."),
           ("reckon_nothing", " and reckons nothing this deal but a carte blanche (PT 58, Case "
            "XXI); its cards and calls still bar a pique or repique of {adversary:hand}, and "
            "the twelfth trick is the last (Case XIX)."))},
    # PT 57: fewer than twelve cards, found when he has no card left, or in a record ruled
    # whole with the adversary's ``lone`` cards that could not be played to
    "piquet.short_hand.found": "{who:Player_hand} has no card left to play: fewer than twelve "
        "cards, no penalty (PT 57); each card of {adversary:hand} that cannot be played to is "
        "a trick it wins.",
    "piquet.short_hand.lone": "{who:Player_hand} played with fewer than twelve cards: no "
        "penalty (PT 57); {adversary:hand} counts as tricks the {lone:cards} that could not be "
        "played to.",
    # PT 21, 22: a discard of none (``law``: PT 21 for elder, PT 22 for younger)
    "piquet.no_discard": "{who:Player_hand} discarded no card: no penalty ({law}); it must "
        "discard at least one. The exchange is taken back: record it again with its discard.",
}

#: A field of a Pitch sheet or totals line in words, opening a sentence (``field``).
FIELD_WORDS = {"dealer": "The dealer", "pitcher": "The pitcher", "high": "High", "low": "Low",
               "jack": "Jack", "game": "Game", "game_points": "The game points",
               "claimed": "The claimed score", "scores": "The scores"}
#: A lead's suit, one card: "a spade lead" (P4).
_SUIT_ONE = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
#: A rank as several cards: "aces" (Q5).
_RANKS = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens", 9: "nines",
          8: "eights", 7: "sevens"}
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve")
_RANK_OF = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, "L": 15, "B": 16,
            **{str(n): n for n in range(2, 10)}}


class Words(string.Formatter):
    """Fills a :data:`MESSAGE_WORDS` template from its parameters in English, each value
    worded by its placeholder's format spec; a language's words override :meth:`card`,
    :meth:`suit`, :meth:`role`, :meth:`hand`, :meth:`seat`, :meth:`ranks` and :meth:`join`."""

    def card(self, card: Card) -> str:
        """A card in words: "king of spades", "big joker" (V2)."""
        if card.suit not in SUIT_NAMES:
            return RANK_NAMES.get(card.rank, "joker")
        return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"

    def suit(self, suit: str) -> str:
        """A suit (a letter) as a lead's: "spade"."""
        return _SUIT_ONE[suit]

    def role(self, role: str) -> str:
        """"elder" / "younger" as they are."""
        return role

    def hand(self, role: str) -> str:
        """"elder" / "younger" as a sentence's subject or object: "the elder hand"."""
        return f"the {role} hand"

    def seat(self, seat: int) -> str:
        """A seat whose player's name is not known: "seat 2"."""
        return f"seat {seat}"

    def ranks(self, rank: int) -> str:
        """A rank as several cards: "aces"."""
        return _RANKS[rank]

    def point(self, cards: int) -> str:
        """A point of ``cards`` cards (Q5): "point of six"."""
        return f"point of {_NUMBER_WORDS[cards]}" if 0 <= cards <= 12 else f"point of {cards}"

    def team(self, side: tuple[Any, ...]) -> str:
        """A side of a Pitch hand: its players' names ("Ann and Cy"), else its seats ("seat
        2", "the team of seats 0 and 2")."""
        if side and all(isinstance(s, str) for s in side):
            return " and ".join(side)
        if len(side) == 1:
            return self.seat(side[0])
        return "the team of seats " + " and ".join(map(str, side))

    def field(self, name: str) -> str:
        """A field of a Pitch sheet or totals line, opening a sentence: "The dealer",
        "High"."""
        return FIELD_WORDS.get(name, name)

    def rank(self, rank: int) -> str:
        """A rank as one card: "king"."""
        return RANK_NAMES[rank]

    def term(self, words: str) -> str:
        """A Piquet term in the engine's words ("quint to the king"): as it is."""
        return words

    def text(self, words: str) -> str:
        """An English clause worded elsewhere (a reason, a consequence): as it is."""
        return words

    def law(self, words: str) -> str:
        """A law cited (a section, with the law's words where the game's laws give them:
        "P10: cancelled and the order restored"): as it is."""
        return words

    def step(self, kind: str) -> str:
        """A kind of step ("card", "bid", "exchange"…): as it is."""
        return kind

    def source(self, words: str) -> str:
        """Where a Pitch penalty comes from (P10: a law, or the table's option): as it is."""
        return words

    def in_trick(self, trick: int | None) -> str:
        """" in trick 3", or nothing when the trick is not known."""
        return "" if trick is None else f" in trick {trick}"

    def no_card_for(self, trick: int | None) -> str:
        """", with no card for trick 3", or nothing when the trick is not known."""
        return "" if trick is None else f", with no card for trick {trick}"

    def the_bid(self, bid: int | None) -> str:
        """"the bid, 2", or "the bid" when the high bid is not known."""
        return "the bid" if bid is None else f"the bid, {bid}"

    def shown(self, card: str | None) -> str:
        """A card exposed: "the nine of spades", or "a card" when not named."""
        return "a card" if card is None else f"the {self._card(card)}"

    def to_seat(self, seat: str | int | None) -> str:
        """" to Ann" (a seat number when no names are known), or nothing."""
        return "" if seat is None else f" to {self._seat(seat)}"

    def dealer_named(self, seat: str | int | None) -> str:
        """" (Ann)", the dealer named, or nothing."""
        return "" if seat is None else f" ({self._seat(seat)})"

    def texts(self, clauses: Iterable[str]) -> str:
        """Several clauses: "a; b"."""
        return "; ".join(clauses)

    def all_of(self, items: Sequence[str]) -> str:
        """Several values, all of them: "a", "a and b", "a, b and c"."""
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]

    def player_hand(self, hand: Any) -> str:
        """A hand and its player when named, from ``(role, player or None)``: "Bill (the
        elder hand)", "the elder hand"."""
        role, player = hand
        return f"{player} ({self.hand(str(role))})" if player else self.hand(str(role))

    def discards(self, dealt: int) -> str:
        """How a hand dealt ``dealt`` cards discards when elder stands a wrong deal (PT
        40–43): "as many as it takes in"."""
        return DISCARD_WORDS[int(dealt)]

    def call(self, call: Sequence[str]) -> str:
        """A Piquet call (PT 52–54) from ``[kind, words]``: a point or a set in the engine's
        term words ("a point of seven", "a trio of tens"), a sequence as it was announced ("a
        sequence (quint:A)"), or, kind "", a call not known ("a combination")."""
        kind, words = (*call, "", "")[:2]
        if kind == "sequence":
            return f"a sequence ({words})"
        return f"a {words}" if kind in ("point", "set") else "a combination"

    def retaken(self, hands: Iterable[Any]) -> str:
        """The cards each hand takes back (PT 59 IV), from ``(role, cards)`` pairs: "the
        elder hand the king of spades; the younger hand the ace and the seven of hearts"."""
        return "; ".join(f"{self.hand(str(role))} {self.all_of([self.shown(c) for c in cards])}"
                         for role, cards in hands)

    def place(self, place: Iterable[int]) -> str:
        """A place in a match: ``(deal,)`` "deal 2", ``(deal, bid)`` "deal 2, bid 3",
        ``(deal, trick, card)`` "deal 2, trick 4, card 1"."""
        deal, *rest = place
        if len(rest) == 1:
            return f"deal {deal}, bid {rest[0]}"
        if len(rest) == 2:
            return f"deal {deal}, trick {rest[0]}, card {rest[1]}"
        return f"deal {deal}"

    def lead_by(self, players: Iterable[str]) -> str:
        """The players who may have led out of turn, asked: "A lead out of turn by Ann? or a
        lead out of turn by Cy?"."""
        asked = " or ".join(f"a lead out of turn by {p}?" for p in players)
        return asked[:1].upper() + asked[1:]

    def card_by(self, players: Iterable[str]) -> str:
        """The players who may have played a card out of turn, asked, as :meth:`lead_by`."""
        asked = " or ".join(f"a card out of turn by {p}?" for p in players)
        return asked[:1].upper() + asked[1:]

    def side(self, words: str) -> str:
        """A side as the Pitch engine names it: "Ann and Cy", "seat 2", "seats 0 and 2"."""
        return words

    def sides(self, sides: Iterable[str]) -> str:
        """Several sides: "Ann and Cy and Bob and Dee"."""
        return " and ".join(sides)

    def values(self, pairs: Iterable[Any]) -> str:
        """A game's points with their values (V7): "High 1, Low 1, off-jack 1"."""
        return ", ".join(f"{point} {value}" for point, value in pairs)

    def award(self, point: str) -> str:
        """A point of a Pitch game as :func:`referee.pitch.point_words` says it: "High",
        "off-jack"."""
        return point

    def awards(self, points: Iterable[str]) -> str:
        """Several points of a Pitch game: "High, Low, off-jack"."""
        return ", ".join(points)

    def tricks(self, n: int) -> str:
        """A number of tricks: "1 trick", "5 tricks"."""
        return f"{n} trick" + ("" if n == 1 else "s")

    def counted(self, n: int, noun: str) -> str:
        """A number with its noun, ``noun`` one of :data:`COUNTED_NOUNS`: "1 card",
        "5 cards"."""
        one, other = COUNTED_NOUNS[noun]
        return f"{n} {one if n == 1 else other}"

    def either(self, values: Iterable[str]) -> str:
        """Alternatives, quoted: '"elder" or "younger"'."""
        return " or ".join(f'"{v}"' for v in values)

    def why(self, reason: str) -> str:
        """Why a pique was or was not made (Q7), as the sheet's judge words it."""
        return reason

    def steps(self, parts: Iterable[Any]) -> str:
        """Points by counting step (Q8): "declarations 17, play 9", or "nothing"."""
        return ", ".join(f"{step} {points}" for step, points in parts) or "nothing"

    def join(self, values: Iterable[str]) -> str:
        """Several values: "Ann, Bob"."""
        return ", ".join(values)

    def _card(self, value: str) -> str:
        if value in ("BJ", "LJ", "JK"):
            return self.card(Card({"BJ": BIG_JOKER_RANK, "LJ": LITTLE_JOKER_RANK}.get(value, 1),
                                  JOKER_SUIT))
        return self.card(Card(_RANK_OF[value[:-1]], value[-1]))

    def _seat(self, value: str | int) -> str:
        return value if isinstance(value, str) else self.seat(value)

    def format_field(self, value: Any, format_spec: str) -> str:
        """``value`` worded by ``format_spec`` (:data:`MESSAGE_WORDS`); a capital spec
        (``Hand``, ``Seat``, ``Team``, ``Term``, ``Side``) opens a sentence."""
        kinds: dict[str, Any] = {
            "card": self._card, "suit": self.suit, "role": self.role, "hand": self.hand,
            "seat": self._seat, "ranks": self.ranks, "point": self.point,
            "team": lambda v: self.team(tuple(v)), "field": self.field,
            "list": lambda v: self.join(str(x) for x in v), "rank": self.rank,
            "term": self.term, "text": self.text, "law": self.law, "step": self.step,
            "source": self.source, "in_trick": self.in_trick, "no_card_for": self.no_card_for,
            "the_bid": self.the_bid, "shown": self.shown, "to_seat": self.to_seat,
            "dealer_named": self.dealer_named, "retaken": self.retaken,
            "player_hand": self.player_hand, "discards": self.discards,
            "call": lambda v: self.call([str(x) for x in v]),
            "texts": lambda v: self.texts(str(x) for x in v), "why": self.why,
            "steps": self.steps, "side": self.side,
            "sides": lambda v: self.sides(str(x) for x in v),
            "either": lambda v: self.either(str(x) for x in v), "values": self.values,
            "tricks": self.tricks, "award": self.award, "place": self.place,
            "lead_by": lambda v: self.lead_by(str(x) for x in v),
            "card_by": lambda v: self.card_by(str(x) for x in v),
            "awards": lambda v: self.awards(str(x) for x in v),
            **{noun: (lambda v, noun=noun: self.counted(int(v), noun))
               for noun in COUNTED_NOUNS},
        }
        found = kinds.get(format_spec.lower())
        if found is None:
            return str(super().format_field(value, format_spec))
        words = str(found(value))
        return words[:1].upper() + words[1:] if format_spec[:1].isupper() else words

    def words(self, template: str, params: Mapping[str, Any]) -> str:
        """``template`` filled with ``params``.

        :raises KeyError: a placeholder with no parameter."""
        return self.vformat(template, (), params)


_ENGLISH = Words()

#: A joker's notation in a sentence's parameters, by rank (V2): ``JK`` a joker not yet told
#: apart.
_JOKER_CODES = {BIG_JOKER_RANK: "BJ", LITTLE_JOKER_RANK: "LJ"}


def card_code(card: Card) -> str:
    """A card as a sentence's parameter: its notation ("KS"), a joker "BJ", "LJ" or "JK"."""
    if card.suit == JOKER_SUIT:
        return _JOKER_CODES.get(card.rank, "JK")
    return str(card)


def said(message_code: str, rule: str, location: str = "", **params: Any) -> Violation:
    """The violation whose sentence is :data:`MESSAGE_WORDS`'s ``message_code`` filled with
    ``params`` (its ``code`` the message code up to the first ``.``): the one place these
    sentences are worded, in English; other languages word them at the edge from
    ``message_code`` and ``params``.

    :raises KeyError: an unknown message code, or a placeholder with no parameter.

    >>> said("hand_size", "Q2", "elder", n=11).message
    'A hand holds 12 cards, not 11.'
    """
    values = tuple((k, tuple(v) if isinstance(v, (list, tuple)) else v)
                   for k, v in params.items())
    return Violation(message_code.split(".", 1)[0], rule,
                     _ENGLISH.words(MESSAGE_WORDS[message_code], dict(values)), location,
                     values, message_code)


#: The consequences that name only their violation's part before its colon (a misdeal).
HEAD_ONLY = frozenset({"misdeal", "piquet.misdeal"})


def consequence_words(message_code: str, what: str, params: Mapping[str, Any],
                      words: Words = _ENGLISH, template: str | None = None,
                      head_only: bool | None = None) -> str:
    """The sentence of consequence ``message_code`` (:data:`CONSEQUENCE_WORDS`) from its
    ``params``, opening with ``what`` (the note's first violation in words, its full stop
    taken off; a misdeal names only its part before a colon, when its English has one:
    ``head_only`` says so for a sentence in another language) — in English, or in the
    language of ``words`` with that language's ``template``.

    :raises KeyError: an unknown message code, or a placeholder with no parameter.
    """
    what = what.rstrip(".")
    if head_only is None:
        head_only = message_code in HEAD_ONLY and ":" in what
    if head_only and message_code in HEAD_ONLY:
        what = what.split(":")[0].rstrip()  # French sets a space before a colon
    return words.words(template if template is not None else CONSEQUENCE_WORDS[message_code],
                       {**params, "what": what})


def consequence(message_code: str, first: Violation | None = None,
                **params: Any) -> Consequence:
    """The :class:`~referee.rulings.Consequence` ``message_code`` of a step recorded anyway
    whose first violation is ``first`` (None: a sentence that does not open with one, a
    Pitch irregularity's), made from ``params``: the one place these sentences are worded, in
    English; other languages word them at the edge from the code, the parameters and the
    violation's own code.

    :raises KeyError: an unknown message code, or a placeholder with no parameter.

    >>> consequence("void", said("hand_size", "Q2", "elder", n=11)).text
    "A hand holds 12 cards, not 11: the deal is void (the table's option) and dealt again \
by the same dealer; it scores nothing."
    """
    values = tuple((k, tuple(v) if isinstance(v, (list, tuple)) else v)
                   for k, v in params.items())
    return Consequence(message_code, values, consequence_words(
        message_code, first.message if first is not None else "", dict(values)))
