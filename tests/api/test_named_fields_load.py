"""referee.api.strict.NamedFieldsLoad: a step is loaded by a copy of its schema narrowed to
the fields the body names, with marshmallow's result and marshmallow's errors exactly as the
whole schema gives them — on every step of benchmark matches of both games and on bodies the
API refuses (unknown names, wrong types, a missing or misplaced field, ``at`` of the wrong
shape)."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import marshmallow as ma
import pytest

from bench.matches import piquet_steps, pitch_steps
from referee.api import strict
from referee.api.strict import NamedFieldsLoad, StrictSchema
from referee.api.write_schemas import StepSchema


def whole(schema: ma.Schema, body: Any) -> Any:
    """marshmallow's own load by the whole schema: the result, or the errors."""
    try:
        return ma.Schema.load(schema, body)
    except ma.ValidationError as error:
        return ("errors", error.messages)


def narrowed(schema: ma.Schema, body: Any) -> Any:
    try:
        return schema.load(body)
    except ma.ValidationError as error:
        return ("errors", error.messages)


def same(schema: ma.Schema, body: Any) -> None:
    """The narrowed load and the whole one agree, the result's keys in the same order."""
    assert json.dumps(narrowed(schema, body)) == json.dumps(whole(schema, body))


STEPS = [*pitch_steps(Random(7), 2), *piquet_steps(Random(8), 2)]

REFUSED: list[Any] = [
    {},
    {"card": "AS"},
    {"type": "card"},
    {"type": "card", "card": "ZZ"},
    {"type": "card", "card": 5},
    {"type": "card", "card": None},
    {"type": "card", "card": "AS", "colour": "red"},
    {"type": "card", "card": "AS", "at": {"deal": 1, "bid": 2}},
    {"type": "card", "card": "AS", "at": {"deal": 1, "trick": 1, "position": 2}},
    {"type": "card", "card": "AS", "at": {"deal": 1.0, "trick": 1, "position": 2}},
    {"type": "card", "card": "AS", "at": {"deal": 1, "trick": 1, "position": 2, "x": 1}},
    {"type": "bid", "call": None},
    {"type": "bid", "call": 2, "at": {"deal": 1}},
    {"type": "exchange", "elder": ["AS"], "election": "taken_in"},
    {"type": "deal_started", "hands": "AS", "anyway": 1},
    {"type": "declaration", "role": "elder", "point": {"cards": 5}},
    {"type": "irregularity", "what": "long_hand", "player": "Eve", "cards": ["AS", 3]},
    {"type": "card", "card": "AS", "what": "long_hand"},
    {"type": "card", "card": "AS", "expected_version": "3", "by": "x" * 500},
    {"type": "nap", "deal": 0},
    ["not", "an", "object"],
    "text",
]


@pytest.mark.parametrize("body", STEPS + REFUSED)
def test_a_narrowed_load_is_the_whole_schema_s(body: Any) -> None:
    same(StepSchema(), body)


def test_a_card_step_is_loaded_by_its_two_fields() -> None:
    schema = StepSchema()
    assert schema.load({"type": "card", "card": "AS"}) == {"type": "card", "card": "AS"}
    assert schema.load({"card": "KH", "type": "card"}) == {"type": "card", "card": "KH"}
    (copy,) = schema._narrowed.values()
    assert list(copy.load_fields) == ["type", "card"]


def test_past_the_bound_the_whole_schema_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strict, "NARROWED_MAX", 2)
    schema = StepSchema()
    for body in ({"type": "card", "card": "AS"}, {"type": "bid", "call": 2},
                 {"type": "card", "card": "AS", "by": "Ann"},
                 {"type": "card", "card": "AS", "oops": 1}):
        same(schema, body)
    assert len(schema._narrowed) == 2


class Defaults(NamedFieldsLoad, StrictSchema):
    kind = ma.fields.String(required=True)
    size = ma.fields.Integer(load_default=3)
    note = ma.fields.String(data_key="Note")
    extra = ma.fields.String()


class Hooked(Defaults):
    @ma.pre_load
    def _rename(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {("extra" if k == "x" else k): v for k, v in data.items()}


@pytest.mark.parametrize("body", [
    {"kind": "a"}, {"kind": "a", "Note": "n"}, {"kind": "a", "note": "n"}, {"size": 1},
    {"kind": "a", "size": 1.5}, {"kind": "a", "extra": "e", "Note": None},
])
def test_required_defaults_and_data_keys(body: dict[str, Any]) -> None:
    same(Defaults(), body)


def test_what_is_never_narrowed() -> None:
    assert Hooked()._names is None  # a pre_load hook may add names
    assert Hooked().load({"kind": "a", "x": "e"}) == {"kind": "a", "size": 3, "extra": "e"}
    assert Defaults(only=("kind",))._names is None
    assert Defaults(partial=True)._names is None
    schema = Defaults()
    assert schema.load([{"kind": "a"}], many=True) == [{"kind": "a", "size": 3}]
    assert schema.load({}, partial=True) == {}  # marshmallow: partial skips defaults
    assert schema._narrowed == {}
