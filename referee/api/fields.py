"""marshmallow fields shared by the schemas: cards, announcements, calls, stakes, names, a
finding's parameters and a ruling's kind (strict schemas and the document's rules across
fields: :mod:`referee.api.strict`)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import marshmallow as ma
from marshmallow import validate

from referee.cards import JOKER_CODES, Card, CardError, card_name, parse_card
from referee.i18n.schema import bind_validator, schema_error, violation_error
from referee.piquet.words import read_point, read_sequences, read_sets, says_nothing
from referee.pitch.records import PASS_WORDS
from referee.rulings import ruling_kind
from referee.violations import InputError

#: What a card looks like on the wire (documentation; parsing is :func:`parse_card`).
CARD_PATTERN = "^(10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣]$"

#: Most cards any list in a record may hold (a whole pack).
MAX_CARDS = 52

#: Texts are printable: no control characters (PostgreSQL text cannot hold NUL, and a text
#: with an escape code is no text). Names are :class:`NameField`: NFC, nothing hidden.
_PRINTABLE = validate.Regexp(r"^[^\x00-\x1f\x7f]*$", error="Use printable characters only.")
TEXT = [validate.Length(max=500), _PRINTABLE]

#: Highest match version (events in a match) a request may name: a 32-bit integer.
MAX_VERSION = 2**31 - 1

#: Who entered a deal, as its answers describe it.
ENTERED_BY = ('"seat:Ann", "write token" or "organiser" (an event\'s organiser at one of its '
              'tables, docs/events.md E11)')


class CardField(ma.fields.Field[str]):
    """A card in design.md notation: accepts ``TH``, ``10h``, ``10♥``; loads and dumps the
    canonical text ``TH`` (the engines and the ledger take canonical JSON records)."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": "Not a card: write rank then suit, e.g. 'TH' or '10♥'."
    }

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"type": "string", "example": "TH", "pattern": CARD_PATTERN}
        metadata.update(kwargs.pop("metadata", {}))
        super().__init__(metadata=metadata, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        if value is None:
            return None
        return card_name(value) if isinstance(value, Card) else str(value)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str) or len(value) > 4:
            raise self.make_error("invalid")
        try:
            return card_name(parse_card(value))
        except CardError as error:
            raise self.make_error("invalid") from error


#: A structured announcement (``{"cards": 5, "pips": 48}``) as the document states it
#: (:func:`bounded_structure`), a component of its own (:class:`JsonSchemaRules`).
STRUCTURE_SCHEMA: dict[str, Any] = {
    "type": "object", "maxProperties": 3,
    "description": 'A structured announcement, e.g. {"cards": 5, "pips": 48}: at most 3 '
                   "named entries, each a short text, a number within ±999, or null",
    "additionalProperties": {"oneOf": [{"type": "string", "maxLength": 20},
                                       {"type": "integer", "minimum": -999, "maximum": 999},
                                       {"type": "null"}]}}
STRUCTURE = {"$ref": "#/components/schemas/AnnouncedStructure"}


class AnnouncedField(ma.fields.Field[Any]):
    """A Piquet declaration (Q5) as the score sheet writes it, read by the engine's one reader
    of declarations (:mod:`referee.piquet.words`): a point ``5``, ``"point of five, 48"`` or
    ``{"cards": 5, "pips": 48}``; sequences ``"quint:A"``, ``"quart major"``, several
    separated by commas or a list; sets ``["trio:A"]``, ``["three aces"]``. Words that name
    no combination are a 400 at the field (``sets[0]``), never an irregularity. The value is
    kept as sent."""

    _READERS: dict[str, Callable[[Any, str], Any]] = {  # noqa: RUF012 (not a model field)
        "point": read_point, "sequence": read_sequences, "sets": read_sets,
    }

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": "Write what was announced, e.g. 'point of five', 'quint major' or "
                   "['three aces'] (a list of at most 8, each under 200 characters)."
    }

    def __init__(self, category: str, **kwargs: Any) -> None:
        self.category = category
        one: list[dict[str, Any]] = [{"type": "string", "example": {
            "point": "point of five", "sequence": "quint major", "sets": "three aces"}[category]},
            STRUCTURE]
        if category == "point":
            one.append({"type": "integer", "minimum": 1, "maximum": 12})
        many = [{"type": "array", "items": {"oneOf": one}, "maxItems": 8}]
        metadata = {"oneOf": one + many if category != "point" else one}
        metadata.update(kwargs.pop("metadata", {}))
        super().__init__(metadata=metadata, **kwargs)

    @staticmethod
    def _bounded(value: Any, many: bool) -> bool:
        if many and isinstance(value, list):
            return len(value) <= 8 and all(AnnouncedField._bounded(v, False) for v in value)
        if isinstance(value, str):
            return len(value) <= 200
        if isinstance(value, int):
            return not isinstance(value, bool) and 1 <= value <= 12
        if isinstance(value, dict):
            return bounded_structure(value)
        return False

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not self._bounded(value, self.category != "point"):
            raise self.make_error("invalid")
        if self.category == "point" and says_nothing(value):
            return value
        try:
            self._READERS[self.category](value, "")
        except InputError as unread:
            found = unread.violations[0]
            index = re.match(r"^\[(\d+)\]", found.location)
            if index:
                raise ma.ValidationError({int(index.group(1)): [violation_error(found)]}) \
                    from None
            raise ma.ValidationError(violation_error(found)) from None
        return value


class CallField(ma.fields.Field[str | int]):
    """A Pitch call (P3): ``"pass"`` (or "pass" in the players' languages,
    :data:`referee.pitch.records.PASS_WORDS`, read as ``"pass"``), ``"pitch"`` or a whole
    number (a bid; whether it is a legal one is the referee's ruling, not the schema's)."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": 'A call is "pass", "pitch" or a bid (a whole number).'
    }

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"oneOf": [{"type": "string",
                               "enum": ["pass", "pitch", *sorted(PASS_WORDS)]},
                              {"type": "integer", "minimum": -99, "maximum": 99}],
                    "description": '"pass", a bid 1..4, or "pitch" (a bid of 4 by pitching)'}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str | int:
        if isinstance(value, str) and value.strip().lower() in ("pass", "pitch"):
            return value.strip().lower()
        if isinstance(value, str) and value.strip().lower() in PASS_WORDS:
            return "pass"
        if isinstance(value, int) and not isinstance(value, bool) and -100 < value < 100:
            return value
        raise self.make_error("invalid")


def _stake_in_range(value: Decimal) -> None:
    if not Decimal(0) <= value <= Decimal(1_000_000):
        raise ma.ValidationError(schema_error("stake"))


#: A stake as the document states it: 0 to 1,000,000, at most 6 decimals, as a string.
STAKE_PATTERN = r"^(1000000(\.0{1,6})?|[0-9]{1,6}(\.[0-9]{1,6})?)$"


class StakeField(ma.fields.Decimal):
    """Money per point (Q9): a decimal string such as ``"0.05"``, 0 to 1,000,000, at most 6
    decimals (:data:`STAKE_PATTERN`; a JSON number, which would round, is refused)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            as_string=True, allow_nan=False,
            validate=_stake_in_range,
            metadata={"description": "Money per point (Q9), e.g. '0.05'; 0 to 1,000,000",
                      "type": "string", "examples": ["0.05"], "pattern": STAKE_PATTERN},
            **kwargs,
        )

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, str) or not re.fullmatch(STAKE_PATTERN, value):
            raise ma.ValidationError(schema_error("stake_text"))
        return super()._deserialize(value, attr, data, **kwargs)


#: A Pitch card (V2): a card, or a joker ``BJ`` / ``LJ`` / ``JK`` (``HJ`` read as ``BJ``).
PITCH_CARD_PATTERN = "^((10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣]|[BbLlHh][Jj]|[Jj][Kk])$"


class PitchCardField(CardField):
    """A Pitch card (V2): a card as :class:`CardField`, or a joker ``BJ``, ``LJ``, ``JK``
    (``HJ`` is read as ``BJ``); loads and dumps the canonical text. Whether the game's pack
    holds the joker is the engine's ruling (V2), as is a ``null`` (a fold, V5.3)."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": "Not a card: write rank then suit, e.g. 'TH' or '10♥', or a joker BJ, LJ, JK."
    }

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"pattern": PITCH_CARD_PATTERN, "example": "JK"}
        metadata.update(kwargs.pop("metadata", {}))
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if isinstance(value, str) and value.strip().upper() in JOKER_CODES:
            code = value.strip().upper()
            return "BJ" if code == "HJ" else code
        return super()._deserialize(value, attr, data, **kwargs)


def pitch_card_list(**kwargs: Any) -> ma.fields.List[str]:
    """A list of Pitch cards (V2), at most a whole pack long; ``folds``: ``null`` entries
    allowed (a player out of trumps, V5.3)."""
    folds = kwargs.pop("folds", False)
    return ma.fields.List(PitchCardField(allow_none=folds), validate=ma.validate.Length(max=54),
                          **kwargs)


def card_list(**kwargs: Any) -> ma.fields.List[str]:
    """A list of cards, at most a whole pack long."""
    return ma.fields.List(CardField(), validate=ma.validate.Length(max=MAX_CARDS), **kwargs)


#: Unicode categories no name may hold: controls (C0 and C1), format characters (zero-width
#: space and joiners, the BOM, the soft hyphen, direction marks, embeddings, overrides and
#: isolates such as U+202E) and line or paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})

#: Characters that show nothing though their category is a letter or a mark: the combining
#: grapheme joiner and the Hangul fillers.
_HIDDEN_CHARACTERS = frozenset("\u034f\u115f\u1160\u3164\uffa0")


def hidden_characters(text: str) -> list[str]:
    """The characters of ``text`` a reader cannot see or that reorder what he sees (see
    :data:`_HIDDEN_CATEGORIES`), as ``U+200B`` texts, in order, once each."""
    found = [c for c in text
             if c in _HIDDEN_CHARACTERS or unicodedata.category(c) in _HIDDEN_CATEGORIES]
    return [f"U+{ord(c):04X}" for c in dict.fromkeys(found)]


#: The names :class:`NameField` takes, as the OpenAPI document states them (a JSON Schema
#: ``pattern``): 1 to 40 characters as sent, none of :func:`hidden_characters` (the classes
#: below are every such character of Python 3.11's Unicode database; ``tests/api/
#: test_names.py`` checks them against :func:`hidden_characters` code point by code point).
NAME_PATTERN = (
    r"^[^\u0000-\u001F\u007F-\u009F\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F"
    r"\u0890-\u0891\u08E2\u115F-\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064"
    r"\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\U000110BD\U000110CD"
    r"\U00013430-\U00013438\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001"
    r"\U000E0020-\U000E007F]{1,40}$"
)


class NameField(ma.fields.String):
    """A name a player reads (a player, a first dealer, who sent a write): NFC-normalised
    (an "é" typed as "e" and a combining accent is the same name as a typed "é"), at most 40
    characters, with none hidden: a control, a zero-width or direction-control character
    (U+200B, U+FEFF, U+00AD, U+202E…) is refused, so two names that look alike are one
    name (a duplicate) or a 400 naming the field."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "hidden": "Names may hold no invisible or direction-control character: {found}."
    }

    #: 1 to 40 characters as sent (NFC may lengthen a few: U+0958 becomes two).
    _LENGTH = bind_validator(ma.validate.Length(min=1, max=40))

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": "A name: 1 to 40 characters, NFC-normalised; no control, "
                                   "zero-width or direction-control character (U+200B, "
                                   "U+FEFF, U+00AD, U+202E…)",
                    "minLength": 1, "maxLength": 40, "pattern": NAME_PATTERN}
        metadata.update(kwargs.pop("metadata", {}))
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        sent = super()._deserialize(value, attr, data, **kwargs)
        self._LENGTH(sent)
        text = unicodedata.normalize("NFC", sent)
        found = hidden_characters(text)
        if found:
            raise self.make_error("hidden", found=", ".join(found))
        return text


def finding_params() -> ma.fields.Dict:
    """A finding's ``params``: the values its sentence is made of, by name (docs/records.md)."""
    return ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Raw(), metadata={
        "description": "The values the sentence is made of, by name (players by name, cards "
                       "in the design's notation, points, counts; a list where the sentence "
                       "names several), enough to word the finding again from its code; "
                       "absent from rulings recorded before findings had them"})


def english_only(field: str) -> ma.fields.String:
    """``"en"`` beside an irregularity's sentence (``field``) that a ruling holds in words
    only, when no template reads it back into a code in an answer in another language
    (docs/translating.md): its words are the English ones."""
    return ma.fields.String(metadata={
        "description": f'Present, "en", when {field} is shown in English in an answer in '
                       "another language (no code it reads back into has words there)",
        "enum": ["en"]})


def hint_params() -> ma.fields.Dict:
    """A claim hint's ``params``: the values its message is made of, by name."""
    return ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Raw(), metadata={
        "description": "The values the message is made of, by name (e.g. who, points), for a "
                       "client that words the hint itself"})


def bounded_structure(value: Any) -> bool:
    """A structured announcement as a request may carry it (``{"cards": 5, "pips": 48}``):
    at most 3 named entries, each a short text, a number within ±999, or null."""
    return isinstance(value, dict) and len(value) <= 3 and all(
        isinstance(k, str) and ((isinstance(v, str) and len(v) <= 20)
                                or (isinstance(v, int) and abs(v) <= 999) or v is None)
        for k, v in value.items())


def ruling_kind_field(game: str, *kinds: str) -> ma.fields.Function:
    """A ruling's ``kind`` (:data:`referee.rulings.RULING_KINDS`), one of ``kinds``: a
    match's ruling carries it; a stateless ruling of ``game`` gets it as it is answered."""
    return ma.fields.Function(
        lambda ruling: ruling.get("kind") or ruling_kind(game, ruling), required=True,
        metadata={"type": "string", "enum": list(kinds),
                  "description": "The ruling's shape, which names its component: void, or the "
                                 "game and the level (piquet_cards, pitch_sheet…)"})
