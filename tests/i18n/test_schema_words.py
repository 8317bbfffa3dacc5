"""Every message a request schema can answer with is registered (``schema.*``), so a 400's
``errors`` are worded in the answer's language (referee/i18n/schema.py): a field, validator
or schema message with no words fails here, naming it."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import marshmallow as ma
from flask import Flask
from marshmallow import class_registry

from referee.api.strict import StrictSchema
from referee.i18n.schema import SCHEMA, SchemaWords, said

_TEMPLATES = ("error", "message_min", "message_max", "message_all", "message_equal")


def _unworded(field: ma.fields.Field[Any], where: str) -> list[str]:
    left = [f"{where}: {key} {text!r}" for key, text in field.error_messages.items()
            if not isinstance(text, SchemaWords)]
    for validator in field.validators:
        left += [f"{where}: {type(validator).__name__}.{name} {text!r}"
                 for name in _TEMPLATES
                 if isinstance(text := getattr(validator, name, None), str)
                 and not isinstance(text, SchemaWords)]
    for inner in (getattr(field, "inner", None), getattr(field, "key_field", None),
                  getattr(field, "value_field", None), *getattr(field, "tuple_fields", ())):
        if isinstance(inner, ma.fields.Field):
            left += _unworded(inner, where + "[]")
    return left


def test_every_message_of_every_request_schema_has_words(app: Flask) -> None:
    """``app``: the service built, every route's schema registered."""
    left: list[str] = []
    seen = 0
    for name, classes in list(class_registry._registry.items()):
        for cls in classes:
            if not issubclass(cls, StrictSchema):
                continue
            schema = cls()
            seen += 1
            left += [f"{name}: {key} {text!r}" for key, text in schema.error_messages.items()
                     if not isinstance(text, SchemaWords)]
            for field_name, field in schema.fields.items():
                left += _unworded(field, f"{name}.{field_name}")
    assert seen > 50, "the request schemas were not all registered"
    assert not sorted(set(left))


def test_a_message_keeps_what_it_is_made_of() -> None:
    """The English is marshmallow's; copied or pickled it stays the same message."""
    made = SchemaWords(SCHEMA["range.gte.lte"]).format(input=99, min=0, max=9)
    assert made == "Must be greater than or equal to 0 and less than or equal to 9."
    assert said(made, "en") == made
    assert said(made, "de") == "Muss zwischen 0 und 9 liegen (einschließlich)."
    assert said(made, "pl") == "Wartość musi mieścić się w przedziale od 0 do 9 włącznie."
    for again in (copy.deepcopy(made), pickle.loads(pickle.dumps(made))):
        assert again == made and said(again, "fr") == said(made, "fr")
    # a schema that wrote marshmallow's English itself is worded by it too
    assert said("Unknown field.", "fr") == "Champ inconnu."
    assert said("Unknown field.", "en") == "Unknown field."
    assert said("Some words of no message.", "fr") == "Some words of no message."
