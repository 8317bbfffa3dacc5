"""marshmallow's messages in a 400's ``errors``, in the answer's language (docs/translating.md).

A schema refuses a body with marshmallow's English ("Missing data for required field.",
"Not a valid integer.", "Unknown field.", "Must be one of: {choices}.") and the project's own
("Not a card: …").  Each such template is registered here as a message (``schema.*``), and
a schema built by :class:`referee.api.strict.StrictSchema` has its fields', validators' and
own templates replaced by :class:`SchemaWords` (:func:`bind_field`, :func:`bind_schema`):
a ``str`` that is the English marshmallow would have written, and that also keeps the
message and the parameters it was made from.  The edge (the problem's ``errors``) words each
again in the answer's language with :func:`said`; the locations and the English are left as
they were.

>>> found = SchemaWords(SCHEMA["length.max"]).format(max=40, input="x")
>>> found, found.said("fr")
('Longer than maximum length 40.', 'Plus long que la longueur maximale de 40.')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.i18n import DEFAULT, Message, message
from referee.violations import Violation

#: Each schema message's English, by its key (``schema.<key>`` in the catalogs): marshmallow's
#: own words (fields, the schema, the validators) and those of the project's fields.
_ENGLISH: dict[str, str] = {
    # Every field
    "required": "Missing data for required field.",
    "null": "Field may not be null.",
    "validator_failed": "Invalid value.",
    # Each kind of field
    "integer": "Not a valid integer.",
    "too_large": "Number too large.",
    "number": "Not a valid number.",
    "special": "Special numeric values (nan or infinity) are not permitted.",
    "boolean": "Not a valid boolean.",
    "string": "Not a valid string.",
    "utf8": "Not a valid utf-8 string.",
    "list": "Not a valid list.",
    "tuple": "Not a valid tuple.",
    "mapping": "Not a valid mapping type.",
    "nested_type": "Invalid type.",
    # The schema itself
    "input_type": "Invalid input type.",
    "unknown": "Unknown field.",
    # The validators (Length, Range, OneOf, Regexp)
    "length.min": "Shorter than minimum length {min}.",
    "length.max": "Longer than maximum length {max}.",
    "length.all": "Length must be between {min} and {max}.",
    "length.equal": "Length must be {equal}.",
    "range.gte": "Must be greater than or equal to {min}.",
    "range.gt": "Must be greater than {min}.",
    "range.lte": "Must be less than or equal to {max}.",
    "range.lt": "Must be less than {max}.",
    "range.gte.lte": "Must be greater than or equal to {min} and less than or equal to {max}.",
    "range.gt.lte": "Must be greater than {min} and less than or equal to {max}.",
    "range.gte.lt": "Must be greater than or equal to {min} and less than {max}.",
    "range.gt.lt": "Must be greater than {min} and less than {max}.",
    "one_of": "Must be one of: {choices}.",
    "pattern": "String does not match expected pattern.",
    # The body as a whole (webargs; referee/api/inbound.py)
    "json": "Invalid JSON body.",
    "not_text": "Text may not contain NUL or a lone UTF-16 surrogate (e.g. \\ud800).",
    "digits": "Integers have at most {digits} digits.",
    "finite": "Numbers must be finite.",
    "not_number": "{name} is not a JSON number.",
    # The project's fields (referee/api/fields.py, match_schemas.py, piquet_schemas.py)
    "card": "Not a card: write rank then suit, e.g. 'TH' or '10♥'.",
    "pitch_card": "Not a card: write rank then suit, e.g. 'TH' or '10♥', or a joker BJ, LJ, "
                  "JK.",
    "call": 'A call is "pass", "pitch" or a bid (a whole number).',
    "name_hidden": "Names may hold no invisible or direction-control character: {found}.",
    "announced": "Write what was announced, e.g. 'point of five', 'quint major' or "
                 "['three aces'] (a list of at most 8, each under 200 characters).",
    "said": "Write what was announced, e.g. 'quint to the king in clubs', or a list of such "
            "(at most 8, each under 200 characters).",
    "declarations": 'Declarations are "none", "best" or an object with "elder"/"younger", '
                    'each what he announced, "none" or "best".',
    "printable": "Use printable characters only.",
    "cursor": "The cursor is the next_cursor of the previous page.",
    "piquet_two": "Piquet is played by two players (Q1).",
    "auto_confirm": 'auto_confirm is "auto", true or false.',
    "stake": "A stake is an amount per point from 0 to 1,000,000.",
    "statistics_game": "Name the game of the rows, piquet or pitch: a CSV or a statistics "
                       "file holds one game's statistics.",
    "stake_text": 'A stake is an amount per point from 0 to 1,000,000, written as a string, '
                  'e.g. "0.05".',
    "penalty": "The penalty for {kind} is one of: {words}.",
    "other_game": "{name} is an option of {game}: a {this} match does not take it.",
    # A match's steps and entries (referee/api/write_schemas.py, match_schemas.py)
    "step_needs": "A {kind} step needs {field!r}.",
    "irregularity_only": "Only an irregularity step has {field!r}.",
    "election_steps": "Only an irregularity, deal_started or exchange step has 'election'.",
    "taken_in": "Only a deal_started step has the election 'taken_in' (PT 39).",
    "at.card": "The at of a card step gives position and trick.",
    "at.bid": "The at of a bid step gives bid.",
    "at.other": "The at of a {kind} step gives only the deal.",
    "claim": 'A claim is {{"sheet": …}} or {{"totals": …}}.',
    "one_entry": "Send one entry: a cards record, a sheet or totals.",
    "needs_tricks": "A cards record needs its tricks (or send a sheet or totals).",
}

#: Each schema message, by its key without ``schema.``.
SCHEMA: dict[str, Message] = {key: message(f"schema.{key}", english)
                              for key, english in _ENGLISH.items()}
_BY_ENGLISH: dict[str, Message] = {found.english: found for found in SCHEMA.values()}


class SchemaWords(str):
    """A schema's message: the English text marshmallow writes (the ``str`` itself), with
    the registered :class:`~referee.i18n.Message` and the parameters it was made from.

    As a template (no parameters yet) it is what a field's ``error_messages`` or a
    validator holds; marshmallow's ``.format(**params)`` gives the message made."""

    message: Message
    params: dict[str, Any] | None

    def __new__(cls, found: Message, params: Mapping[str, Any] | None = None) -> SchemaWords:
        made = super().__new__(cls, found.english if params is None
                               else found.english.format(**params))
        made.message = found
        made.params = None if params is None else dict(params)
        return made

    def format(self, *args: Any, **params: Any) -> SchemaWords:
        """The message made from this template with ``params`` (as ``str.format``)."""
        return SchemaWords(self.message, params)

    def said(self, locale: str) -> str:
        """The message in ``locale`` (its English when the locale has no words for it)."""
        if locale == DEFAULT:
            return str(self)
        try:
            return self.message(locale, **(self.params or {}))
        except (KeyError, IndexError, ValueError):
            return str(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (SchemaWords, (self.message, self.params))

    def __copy__(self) -> SchemaWords:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SchemaWords:
        return self


class ViolationWords(str):
    """A violation's sentence where a schema's field reads the words itself (a declaration
    that names nothing, Q5): its English (the ``str``), worded again at the edge from the
    violation's message code and parameters (:func:`referee.i18n.sentences.violation_words`)."""

    violation: Violation

    def __new__(cls, found: Violation) -> ViolationWords:
        made = super().__new__(cls, found.message)
        made.violation = found
        return made

    def said(self, locale: str) -> str:
        """The sentence in ``locale``."""
        from referee.i18n.sentences import violation_words

        return str(self) if locale == DEFAULT else violation_words(self.violation, locale)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ViolationWords, (self.violation,))


class JoinedWords(str):
    """Several messages said of one place, joined with a space as one sentence (a record
    file's problem at a location, docs/format.md): their English (the ``str``), each worded
    again at the edge by :func:`said`."""

    parts: tuple[Any, ...]

    def __new__(cls, parts: tuple[Any, ...]) -> JoinedWords:
        made = super().__new__(cls, " ".join(str(part) for part in parts))
        made.parts = parts
        return made

    def said(self, locale: str) -> str:
        """The messages in ``locale``, joined."""
        return " ".join(str(said(part, locale)) for part in self.parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (JoinedWords, (self.parts,))


def joined(messages: list[Any]) -> str:
    """``messages`` (a location's, as marshmallow gives them) as one sentence that is worded
    in any language as each of them is: the one message itself, else :class:`JoinedWords`."""
    return messages[0] if len(messages) == 1 else JoinedWords(tuple(messages))


def violation_error(found: Violation) -> ViolationWords:
    """``found``'s sentence as a schema's message, worded in the answer's language."""
    return ViolationWords(found)


def worded(text: Any) -> Any:
    """``text`` as :class:`SchemaWords` when it is a registered schema message's English,
    else as it is."""
    if type(text) is str and text in _BY_ENGLISH:
        return SchemaWords(_BY_ENGLISH[text])
    return text


def schema_error(key: str, **params: Any) -> SchemaWords:
    """The message ``schema.<key>`` made with ``params``, for a schema that raises its own
    ``ValidationError``."""
    return SchemaWords(SCHEMA[key], params)


def bind_validator(validator: Any) -> Any:
    """A marshmallow validator's templates as :class:`SchemaWords` (Length, Range: by the
    bounds' inclusiveness; OneOf, Regexp and any other: its ``error`` when registered);
    returns it."""
    import marshmallow as ma

    if isinstance(validator, ma.validate.Length):
        for name in ("min", "max", "all", "equal"):
            setattr(validator, f"message_{name}", SchemaWords(SCHEMA[f"length.{name}"]))
    elif isinstance(validator, ma.validate.Range):
        low = "gte" if validator.min_inclusive else "gt"
        high = "lte" if validator.max_inclusive else "lt"
        validator.message_min = SchemaWords(SCHEMA[f"range.{low}"])
        validator.message_max = SchemaWords(SCHEMA[f"range.{high}"])
        validator.message_all = SchemaWords(SCHEMA[f"range.{low}.{high}"])
    error = getattr(validator, "error", None)
    if error is not None:
        validator.error = worded(error)
    return validator


def bind_field(field: Any) -> None:
    """``field``'s messages, its validators' and its inner fields' (a list's items, a
    dict's values, a tuple's members) as :class:`SchemaWords` where registered."""
    import marshmallow as ma

    field.error_messages = {key: worded(text) for key, text in field.error_messages.items()}
    for validator in field.validators:
        bind_validator(validator)
    for inner in (getattr(field, "inner", None), getattr(field, "key_field", None),
                  getattr(field, "value_field", None), *getattr(field, "tuple_fields", ())):
        if isinstance(inner, ma.fields.Field):
            bind_field(inner)


def bind_schema(schema: Any) -> None:
    """A schema's own messages ("Unknown field.", "Invalid input type.") as
    :class:`SchemaWords`."""
    schema.error_messages = {key: worded(text) for key, text in schema.error_messages.items()}


def said(text: Any, locale: str) -> Any:
    """One message of a 400's ``errors`` in ``locale``: a :class:`SchemaWords` from its
    message and parameters; a plain registered English sentence (a schema that wrote
    marshmallow's words itself) by its message; anything else as it is."""
    if isinstance(text, (SchemaWords, ViolationWords, JoinedWords)):
        return text.said(locale)
    if isinstance(text, str) and text in _BY_ENGLISH and locale != DEFAULT:
        return _BY_ENGLISH[text](locale)
    return text


def said_errors(errors: Mapping[str, list[Any]], locale: str) -> dict[str, list[Any]]:
    """A 400's ``errors`` (messages by location) with each message in ``locale``; the
    locations as they are."""
    return {where: [said(text, locale) for text in texts] for where, texts in errors.items()}
