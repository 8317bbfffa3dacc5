"""The vocabulary of a ruling, shared by both engines (P5–P6, Q5–Q8): typed, frozen values.

A ruling says what it **verified**, **computed** and took **as reported**, each a
:class:`Finding`; a claim set beside the ruling is a :class:`ClaimComparison` of
:class:`Difference` values, each explained by :class:`Hint` values.  Every value has a stable
``code`` for clients and tests to switch on, the ``rule`` section it rests on, and its words
for a player; ``params`` holds the numbers and names a sentence is made of, so a client may
word it its own way.  Rule violations are :class:`~referee.violations.Violation` values.

``as_dict`` gives each value's JSON form, as the API answers and the ledger stores it.

>>> Finding("tricks_add_up", "Q6", "12 tricks: elder 7, younger 5.",
...         (("elder", 7), ("younger", 5))).as_dict()
{'code': 'tricks_add_up', 'rule': 'Q6', 'what': '12 tricks: elder 7, younger 5.', \
'params': {'elder': 7, 'younger': 5}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: One parameter's value: a player's name, a card in the design's notation, points, a count,
#: a rule-specific word; or several of them, in order (a JSON array).
Param = str | int | bool | None | tuple[str | int, ...]

#: The parameters of a finding or a hint: (name, value) pairs, in the order of the sentence.
Params = tuple[tuple[str, Param], ...]

#: How a finding is worded from its parameters: a ``str.format`` template, or a function of
#: the parameters for a sentence that has parts said only sometimes.
Wording = str | Callable[[Mapping[str, Any]], str]


def word(table: Mapping[str, Wording], code: str, params: Mapping[str, Any]) -> str:
    """The English sentence of finding ``code`` made from its ``params`` alone, by ``table``
    (each engine's ``FINDING_WORDS``).

    :raises KeyError: when ``code`` has no wording or a parameter it needs is missing.

    >>> word({"tricks_add_up": "12 tricks: elder {elder}, younger {younger}."},
    ...      "tricks_add_up", {"elder": 7, "younger": 5})
    '12 tricks: elder 7, younger 5.'
    """
    wording = table[code]
    if isinstance(wording, str):
        return wording.format(**params)
    return wording(params)


def worded(table: Mapping[str, Wording], code: str, rule: str, **params: Param) -> Finding:
    """The :class:`Finding` ``code`` on ``rule`` with ``params``, its sentence made by
    ``table`` (:func:`word`): the one place a finding's words are made."""
    return Finding(code, rule, word(table, code, params), tuple(params.items()))


def _json(value: Param) -> Any:
    return list(value) if isinstance(value, tuple) else value


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing a ruling verified, computed or took on trust.

    ``code``: stable snake_case identifier (``"tricks_add_up"``); ``rule``: the section it
    rests on (``"Q6"``, ``"P5"``); ``what``: one sentence for a player; ``params``: the
    values the sentence is made of (``(("elder", 7), ("younger", 5))``), enough to word it
    again (:func:`word`).
    """

    code: str
    rule: str
    what: str
    params: Params = ()

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"code", "rule", "what", "params"}``, ``params`` an object (a tuple
        value as an array).  Rulings stored before findings had parameters have no
        ``params``; they are read as they are."""
        return {"code": self.code, "rule": self.rule, "what": self.what,
                "params": {k: _json(v) for k, v in self.params}}


def findings_dicts(findings: Sequence[Finding]) -> list[dict[str, Any]]:
    """Several findings as JSON-ready dicts, in their order."""
    return [f.as_dict() for f in findings]


@dataclass(frozen=True, slots=True)
class Hint:
    """What could explain a claimed score that parts from the cards, in either game.

    ``code``: stable, for clients to switch on (each engine's ``HINT_CODES`` lists its own);
    ``rule``: the section it rests on (``"Q7"``, ``"P6"``); ``text``: the hint in words, as a
    player reads it ("the pique (30) missed"); ``params``: the values the words are made of
    (``(("who", "younger"), ("points", 30))``).
    """

    code: str
    rule: str
    text: str
    params: Params = ()

    def as_dict(self) -> dict[str, Any]:
        """``{"code", "rule", "message", "params"}``: worded as a violation is, with the
        parameters as an object."""
        return {"code": self.code, "rule": self.rule, "message": self.text,
                "params": dict(self.params)}


#: The name the engines gave a hint first.
ClaimHint = Hint


@dataclass(frozen=True, slots=True)
class Difference:
    """One step where a claim parts from the ruling.

    ``step``: the counting step (Piquet's Q8 steps, or ``"totals"``; Pitch's ``"high"`` …
    ``"score"``); ``rule``: its section; ``ruling`` / ``claim``: what each says there, in
    words; ``points``: the claim minus the ruling per role (Piquet), or None where the step
    is not a number per player (Pitch); ``hints``: what could explain it.  ``code`` is
    ``"<step>_differs"``.
    """

    step: str
    rule: str
    ruling: str
    claim: str
    points: Mapping[str, int] | None = None
    hints: tuple[Hint, ...] = ()

    @property
    def code(self) -> str:
        """Stable: ``"<step>_differs"`` (``"sequence_differs"``, ``"score_differs"``)."""
        return f"{self.step}_differs"

    @property
    def explanations(self) -> tuple[str, ...]:
        """The hints in words, in their order."""
        return tuple(h.text for h in self.hints)

    def as_dict(self) -> dict[str, Any]:
        """``{code, step, rule, ruling, claim, difference?, explanations?, hints?}``:
        ``difference`` the points per role when the step has them; the hints in words
        (``explanations``) and typed (``hints``: ``[{code, rule, message}]``) when any."""
        data: dict[str, Any] = {"code": self.code, "step": self.step, "rule": self.rule,
                                "ruling": self.ruling, "claim": self.claim}
        if self.points is not None:
            data["difference"] = dict(self.points)
        if self.hints:
            data["explanations"] = list(self.explanations)
            data["hints"] = [h.as_dict() for h in self.hints]
        return data


@dataclass(frozen=True, slots=True)
class ClaimComparison:
    """A claim beside the ruling: ``agrees`` when no step differs; ``parts_at`` the first
    difference in counting order (None when it agrees); ``differences`` all of them, in
    counting order.  ``code``: ``"claim_agrees"`` or ``"claim_differs"``."""

    agrees: bool
    parts_at: Difference | None
    differences: tuple[Difference, ...]

    @classmethod
    def of(cls, differences: Sequence[Difference]) -> ClaimComparison:
        """The comparison made of ``differences`` in counting order."""
        return cls(not differences, differences[0] if differences else None,
                   tuple(differences))

    @property
    def code(self) -> str:
        """Stable: ``"claim_agrees"`` or ``"claim_differs"``."""
        return "claim_agrees" if self.agrees else "claim_differs"

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"code", "agrees", "parts_at": {…} | None, "differences": [{…}]}``."""
        return {
            "code": self.code,
            "agrees": self.agrees,
            "parts_at": None if self.parts_at is None else self.parts_at.as_dict(),
            "differences": [d.as_dict() for d in self.differences],
        }


@dataclass(frozen=True, slots=True)
class Consequence:
    """What an irregularity's penalty means for the table, in one sentence (P10, Q12;
    docs/rules/irregularities.md), by a stable code and its parameters.

    ``code``: the key of its English template in :data:`referee.violations.CONSEQUENCE_WORDS`
    (``"withdrawn.card"``), ``""`` for words no template makes yet (an engine's
    own sentence, or an event stored before consequences had codes); ``params``: the values
    the sentence is made of, e.g. ``(("law", "P10: cancelled and the order restored"),
    ("due", "Ann"))``; ``text``: the sentence in English, as the engines word it.  A coded
    sentence starts with what the rules said against the step (the note's first violation,
    ``what`` in its template): that part is worded from the violation's own code, so it is
    not among ``params``.

    >>> Consequence("", (), "Taken back.").as_fields()
    {'consequence': 'Taken back.'}
    >>> Consequence("void", (), "X: void.").as_fields()
    {'consequence': 'X: void.', 'consequence_code': 'void', \
'consequence_params': {}}
    """

    code: str
    params: Params
    text: str

    @classmethod
    def words(cls, text: str) -> Consequence:
        """A sentence with no code (an engine's, or one stored before codes)."""
        return cls("", (), text)

    def as_fields(self) -> dict[str, Any]:
        """The fields of a note or an answer that say it: ``consequence`` (the English
        sentence), and ``consequence_code`` with ``consequence_params`` (an object) when it
        has a code."""
        if not self.code:
            return {"consequence": self.text}
        return {"consequence": self.text, "consequence_code": self.code,
                "consequence_params": {k: _json(v) for k, v in self.params}}

    def as_stored(self) -> dict[str, Any]:
        """The fields an ``irregularity`` event stores: the code and its parameters when it
        has a code (the words are made when read, in the reader's language), else the
        English sentence (``consequence``)."""
        if not self.code:
            return {"consequence": self.text}
        return {"consequence_code": self.code,
                "consequence_params": {k: _json(v) for k, v in self.params}}


#: What shape a deal's ruling has, as the API names it in its ``kind``: a void deal's
#: (P10, Q12: nobody scores), or the game's at the level the deal was entered
#: (docs/records.md: its cards, a score-sheet line or its totals).
RULING_KINDS: tuple[str, ...] = ("void", "piquet_cards", "piquet_sheet", "piquet_totals",
                                 "pitch_cards", "pitch_sheet", "pitch_totals")


def ruling_kind(game: str, ruling: Mapping[str, Any]) -> str:
    """The :data:`RULING_KINDS` value of ``ruling`` (a ruling's JSON form, as stored) in a
    match of ``game`` ("pitch" or "piquet"): "void" for a deal the match voided by an
    irregularity's penalty (``{"level", "void", "irregularity", "violations"}``), else
    ``<game>_<level>`` (a Pitch hand its engine voids, P10, is ``pitch_cards``: it is ruled
    on its cards)."""
    if ruling.get("void") and "irregularity" in ruling:  # the match's void ruling
        return "void"
    return f"{game}_{ruling.get('level', 'cards')}"


def with_kind(game: str, ruling: Mapping[str, Any]) -> dict[str, Any]:
    """``ruling`` as answered: with its ``kind`` (:func:`ruling_kind`). Stored rulings lack
    it (ledgers keep what they stored): it is added when they are read."""
    return {**ruling, "kind": ruling_kind(game, ruling)}
