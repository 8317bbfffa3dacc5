"""What the games rule on an irregularity, and the notes the ledger keeps of them (P10, Q12;
docs/rules/irregularities.md): typed, frozen values, made JSON only where an event or an answer
needs it.

- :class:`TableRuling`: an irregularity found at the table that is no refused step (a talon
  offence, a hand of the wrong size, a card exposed in dealing…) or a card played to a lead
  out of turn that makes it stand (PT 59 III), as a game's adapter rules it
  (:meth:`~referee.match.state.Game.record_irregularity`,
  :meth:`~referee.match.state.Game.answer_lead`).
- :class:`AnywayRuling`: a step the rules refuse, recorded as the game's engine records it
  (:meth:`~referee.match.state.Game.record_anyway`: a revoke, a false call, a misdeal…).
- :class:`IrregularityNote`: an ``irregularity`` event as the match reads it back, stored
  words and all (an older event's penalty read by today's name, the event not rewritten).
- :class:`VoidRuling`: the ruling of a deal an irregularity's penalty voided (nobody scores).

An entry of a record's ``irregular`` list stays the JSON object the record holds
(``{"code", "location"}`` at Piquet, ``{"type", "seat"…}`` at Pitch): it is the record's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from referee.rulings import Consequence
from referee.violations import CONSEQUENCE_WORDS, Violation, consequence_words

#: One entry of a deal record's ``irregular`` list, as the record holds it.
Entry = dict[str, Any]

#: The irregularity an engine's ruling is noted as, by the kinds it found, the first that
#: applies; a step the engine takes but none of these is a step out of turn (P10, Q12).
ANYWAY_CATEGORIES = ("revoke", "misdeal", "false_call", "talon_offence", "no_discard")

#: The penalty that ends the deal at once: it scores nothing, does not count, and the same
#: dealer deals again (PT 13, 14, 28–29, 16; P10 a new deal).
FRESH_DEAL = "fresh_deal"


def _said(consequence: str | Consequence) -> Consequence:
    return consequence if isinstance(consequence, Consequence) else Consequence.words(
        consequence)


@dataclass(frozen=True, slots=True)
class TableRuling:
    """An irregularity the table found, as its game rules it.

    ``record``: the deal's record with it; ``entries``: what it adds to the record's
    ``irregular`` list (none when the record keeps no trace: a deal found dealt out of turn
    before anyone took up his cards); ``penalty``: the law's or the table's (``"fresh_deal"``
    ends the deal, :attr:`fresh_deal`; ``"as_played"`` for a lead that stands); ``consequence``:
    what it means for the table, naming the players — by its code and parameters where the
    engine gives them (Pitch, P10), else in an English sentence; ``law``: the section or the
    option the penalty comes from; ``dealt_by``: the seat of the player who really dealt, when
    the deal stands with him the dealer (PT 16), else None.
    """

    record: dict[str, Any]
    entries: tuple[Entry, ...]
    penalty: str
    consequence: str | Consequence
    law: str = ""
    dealt_by: int | None = None

    @property
    def said(self) -> Consequence:
        """The consequence as a :class:`~referee.rulings.Consequence` (an English sentence
        with no code when the engine gives only words)."""
        return _said(self.consequence)

    @property
    def fresh_deal(self) -> bool:
        """Whether the penalty ends the deal at once (a fresh deal, same dealer)."""
        return self.penalty == FRESH_DEAL


@dataclass(frozen=True, slots=True)
class AnywayRuling:
    """A refused step recorded as the game's engine records it.

    ``record``: the deal's record as the engine keeps it (a revoke put right under "replay",
    PT 59 IV, has the play from the revoking trick taken back); ``entries``: what the step adds
    to the record's ``irregular`` list; ``kinds``: each irregularity the engine found
    (``revoke``, ``false_call``, ``misdeal``, ``talon_offence``, ``no_discard``,
    ``bid_out_of_turn``…), with its ``penalties`` and ``consequences`` in the same order (each
    by its code and parameters where the engine gives them, Pitch's P10, else in words);
    ``violations``: what the rules said against the step (empty: the refusal's own).

    >>> found = AnywayRuling({}, (), ("revoke",), ("reckon_nothing",),
    ...                      ("Bill revoked.", "He reckons nothing."), ())
    >>> found.category, found.penalty, found.consequence, found.fresh_deal
    ('revoke', 'reckon_nothing', 'Bill revoked. He reckons nothing.', False)
    """

    record: dict[str, Any]
    entries: tuple[Entry, ...]
    kinds: tuple[str, ...]
    penalties: tuple[str, ...]
    consequences: tuple[str | Consequence, ...]
    violations: tuple[Violation, ...]

    @property
    def category(self) -> str:
        """The irregularity it is noted as: the first of :data:`ANYWAY_CATEGORIES` among
        :attr:`kinds`, else ``"out_of_turn"`` (a bid or a lead out of turn)."""
        return next((k for k in ANYWAY_CATEGORIES if k in self.kinds), "out_of_turn")

    @property
    def penalty(self) -> str:
        """The penalty noted: the first irregularity's."""
        return self.penalties[0]

    @property
    def consequence(self) -> str:
        """Every consequence, in order, as one text."""
        return self.said.text

    @property
    def said(self) -> Consequence:
        """The consequence noted: the only one by its code when it has one, else every
        consequence's words, in order, as one text (no code)."""
        if len(self.consequences) == 1:
            return _said(self.consequences[0])
        return Consequence.words(" ".join(_said(c).text for c in self.consequences))

    @property
    def fresh_deal(self) -> bool:
        """Whether the penalty ends the deal at once (PT 28–29: the adversary elects a fresh
        deal)."""
        return self.penalty == FRESH_DEAL


@dataclass(frozen=True, slots=True)
class VoidRuling:
    """The ruling of a deal that an irregularity's penalty voided (P10, Q12: it scores
    nothing, and the same dealer deals again): the ``irregularity`` and the rules'
    ``violations`` it was recorded for (JSON objects, as its note stores them).

    >>> VoidRuling("misdeal", ({"code": "hand_size"},)).as_dict()
    {'level': 'cards', 'void': True, 'irregularity': 'misdeal', 'violations': [{'code': \
'hand_size'}]}
    """

    irregularity: str
    violations: tuple[dict[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON, as a ``deal_scored`` event stores it and :func:`referee.rulings.ruling_kind`
        knows it (kind "void"): ``{"level": "cards", "void": true, "irregularity",
        "violations"}``."""
        return {"level": "cards", "void": True, "irregularity": self.irregularity,
                "violations": list(self.violations)}


@dataclass(frozen=True, slots=True)
class IrregularityNote:
    """An ``irregularity`` event of the deal in progress, as the match reads it back.

    ``irregularity``: what it was (``revoke``, ``out_of_turn``, ``misdeal``, ``other``…);
    ``penalty``: by today's name (:meth:`read`); ``consequence``: what it means for the
    table (P10, Q12), by its code and parameters when the event stores them or its stored
    English can be read back into them (:func:`recovered`), else the words stored;
    ``violations``: the rules' violations as stored (JSON objects: an older event's words are
    read as they are); ``step``: the step as sent (``{"type", …}``), None when not stored;
    ``at``: where a card taken back was played (``{"deal", "trick", "position"}``), kept so a
    card played to it is known (PT 59 III), else None.
    """

    irregularity: str
    penalty: str
    consequence: Consequence
    violations: tuple[dict[str, Any], ...] = ()
    step: dict[str, Any] | None = None
    at: dict[str, Any] | None = None

    @classmethod
    def read(cls, payload: Mapping[str, Any],
             renamed: Mapping[tuple[str, str], str] | None = None) -> IrregularityNote:
        """The note of an ``irregularity`` event's ``payload``; ``renamed``: penalties stored
        under an older name, (irregularity, stored name) → today's (the game's
        :attr:`~referee.match.state.Laws.renamed`).

        >>> IrregularityNote.read({"irregularity": "revoke", "penalty": "withdrawn",
        ...                        "consequence": "Taken back.", "violations": []},
        ...                       {("revoke", "withdrawn"): "replay"}).penalty
        'replay'
        """
        irregularity, penalty = payload["irregularity"], payload["penalty"]
        penalty = (renamed or {}).get((str(irregularity), str(penalty)), penalty)
        step, at = payload.get("step"), payload.get("at")
        violations = tuple(payload.get("violations") or ())
        return cls(irregularity, penalty, stored_consequence(payload, violations), violations,
                   step if isinstance(step, dict) else None,
                   at if isinstance(at, dict) else None)

    @property
    def acknowledged(self) -> frozenset[tuple[str, str]]:
        """The violations it acknowledges, as ``(code, location)``: they no longer refuse the
        deal."""
        return frozenset((v["code"], v["location"]) for v in self.violations)

    def as_recorded(self) -> dict[str, Any]:
        """The entry of a ruling's ``recorded_anyway`` list: ``{"irregularity", "penalty",
        "violations", "consequence"}``, with ``consequence_code`` and ``consequence_params``
        when it has a code."""
        return {"irregularity": self.irregularity, "penalty": self.penalty,
                "violations": list(self.violations), **self.consequence.as_fields()}

    def as_shown(self) -> dict[str, Any]:
        """As the match shows the deal in progress: ``{"irregularity", "penalty",
        "consequence", "violations", "step"}`` (``consequence_code`` and
        ``consequence_params`` too when it has a code) (a card taken back is in no record: the page
        shows it from here)."""
        return {"irregularity": self.irregularity, "penalty": self.penalty,
                **self.consequence.as_fields(), "violations": list(self.violations),
                "step": self.step}

    def withdrawn_lead(self) -> tuple[str, Any, dict[str, Any]] | None:
        """PT 59 III: ``(offender, card, at)`` when this note is a lead out of turn taken
        back (a card out of turn at the first place of a trick, withdrawn), else None.

        >>> IrregularityNote("out_of_turn", "withdrawn", Consequence.words(""), (),
        ...                  {"type": "card", "player": "Ann", "card": "KS"},
        ...                  {"deal": 1, "trick": 2, "position": 1}).withdrawn_lead()
        ('Ann', 'KS', {'deal': 1, 'trick': 2, 'position': 1})
        """
        step, at = self.step or {}, self.at
        if (self.irregularity, self.penalty, step.get("type")) != (
                "out_of_turn", "withdrawn", "card") or at is None or at.get("position") != 1:
            return None
        offender = step.get("player")
        if offender is None:
            return None
        return str(offender), step.get("card"), at


def stored_consequence(payload: Mapping[str, Any],
                       violations: Sequence[Mapping[str, Any]]) -> Consequence:
    """The consequence an ``irregularity`` event's ``payload`` stores: by its code and
    parameters (``consequence_code``, ``consequence_params``), its English made from them and
    the first of ``violations`` (the event's); an event stored before consequences had codes
    keeps its ``consequence`` words, upcast to a code when they read back into one
    (:func:`recovered`)."""
    first = str(violations[0].get("message", "")) if violations else ""
    code = payload.get("consequence_code")
    if isinstance(code, str) and code in CONSEQUENCE_WORDS:
        params = dict(payload.get("consequence_params") or {})
        values = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in params.items())
        return Consequence(code, values, consequence_words(code, first, params))
    text = str(payload.get("consequence") or "")
    return recovered(text, first) or Consequence.words(text)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each consequence template as a pattern: ``what`` and every value read back."""
    found = []
    for code, template in CONSEQUENCE_WORDS.items():
        parts = re.split(r"\{(\w+)(?::\w+)?\}", template)
        seen: set[str] = set()
        pattern = ""
        for i, part in enumerate(parts):
            if i % 2 == 0:
                pattern += re.escape(part)
            else:  # a value said twice is read from where it is said first
                pattern += "(?:.+?)" if part in seen else f"(?P<{part}>.+?)"
                seen.add(part)
        found.append((code, re.compile(pattern)))
    return tuple(found)


def recovered(text: str, first: str) -> Consequence | None:
    """The consequence whose English is ``text`` (stored before consequences had codes),
    read back into its code and parameters when a template makes exactly these words from
    ``first`` (the event's first violation, in its stored words); else None (the words
    stand, English).

    >>> recovered("It is Ann's turn, not Bob's: the deal is void (the table's option) and "
    ...           "dealt again by the same dealer; it scores nothing.",
    ...           "It is Ann's turn, not Bob's.").code
    'void'
    >>> recovered("Something else.", "It is Ann's turn, not Bob's.") is None
    True
    """
    if not text or not first:
        return None
    for code, pattern in _patterns():
        m = pattern.fullmatch(text)
        if m is None:
            continue
        params = {k: v for k, v in m.groupdict().items() if k != "what"}
        try:
            words = consequence_words(code, first, params)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            continue
        if words == text:
            return Consequence(code, tuple(params.items()), text)
    return None
