"""referee.api.dumping: a schema's dump worked out once gives marshmallow's dump, key for key
and in the same order — on made-up schemas covering each field kind it follows and each it
leaves to marshmallow, and on every answer of a write the API makes in a Pitch and a Piquet
match (each answer dumped both ways)."""

from __future__ import annotations

import json
from random import Random
from types import SimpleNamespace
from typing import Any

import marshmallow as ma
import pytest
from flask.testing import FlaskClient

from bench.matches import pitch_steps
from referee.api import writing
from referee.api.dumping import Dumped, answer_text, dumper, response_dumper
from tests.api.deals import (
    Q10_RECORD,
    create_match,
    etag,
    record_deal,
    record_q10_steps,
    step_ok,
)


def same(schema: ma.Schema, obj: Any) -> None:
    """The compiled dump equals marshmallow's, with the keys in the same order."""
    assert json.dumps(dumper(schema)(obj)) == json.dumps(schema.dump(obj))


class Inner(ma.Schema):
    n = ma.fields.Integer()
    s = ma.fields.String(allow_none=True)


class Upper(ma.fields.Field[Any]):
    """A field of our own: its _serialize is called as marshmallow calls it."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else f"{attr}:{str(value).upper()}"


class Every(ma.Schema):
    raw = ma.fields.Raw()
    text = ma.fields.String(allow_none=True)
    whole = ma.fields.Integer(allow_none=True)
    real = ma.fields.Float()
    flag = ma.fields.Boolean()
    loose = ma.fields.Dict(allow_none=True)
    typed = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Integer(), allow_none=True)
    keyed = ma.fields.Dict(keys=Upper())  # "a" and "A" both "None:A": first place, last value
    valued = ma.fields.Dict(values=ma.fields.List(Upper()))
    nested_values = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Nested(Inner))
    words = ma.fields.List(ma.fields.String())
    shouted = ma.fields.List(Upper())
    one = ma.fields.Nested(Inner, allow_none=True)
    many = ma.fields.List(ma.fields.Nested(Inner))
    also_many = ma.fields.Nested(Inner, many=True)
    own = Upper()
    renamed = ma.fields.Integer(data_key="renamed-key")
    numbered = ma.fields.Integer(as_string=True)
    defaulted = ma.fields.Integer(dump_default=7)
    pointed = ma.fields.String(attribute="elsewhere")
    computed = ma.fields.Function(lambda obj: "f")


FULL: dict[str, Any] = {
    "raw": {"a": [1, 2]}, "text": 12, "whole": 3.0, "real": 2, "flag": 1, "loose": {"x": 1},
    "typed": {"a": "4", 5: 6.0, b"k": None}, "keyed": {"a": 1, "b": 2, "A": 3},
    "valued": {"x": ["y", None]}, "nested_values": {"n": {"n": "1", "s": 2}},
    "words": ["a", 5, None], "shouted": ["a", "b"],
    "one": {"n": "5", "s": "t"},
    "many": [{"n": 1}, {"s": None}], "also_many": [{"n": 2, "s": b"bytes"}], "own": "x",
    "renamed": 8, "numbered": 9, "elsewhere": "there", "ignored": "not in the schema",
}


def test_every_field_kind_as_marshmallow_dumps_it() -> None:
    same(Every(), FULL)
    same(Every(), {})  # every key missing: skipped, or its default
    same(Every(), dict.fromkeys(FULL))  # every value None
    same(Every(), SimpleNamespace(**FULL))  # an object: its attributes
    same(Every(many=True), [FULL, {}])
    same(Every(only=("words", "one")), FULL)
    assert dumper(Every())(FULL)["text"] == "12"  # not a plain copy: converted as marshmallow
    assert dumper(Every())(FULL)["shouted"] == ["shouted:A", "shouted:B"]


def test_a_dict_s_keys_and_values_converted_without_marshmallow_s_mapping_code(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``next.at`` of every answer (keys String, values Integer): marshmallow's
    ``Mapping._serialize`` is not called, the dump is the same."""
    expected = json.dumps(Every().dump(FULL))

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("Mapping._serialize called")

    monkeypatch.setattr(ma.fields.Mapping, "_serialize", refused)
    assert json.dumps(dumper(Every())(FULL)) == expected
    assert dumper(Every())(FULL)["keyed"] == {"None:A": 3, "None:B": 2}


class Outer(ma.Schema):
    inner = ma.fields.Nested(Inner)
    narrowed = ma.fields.Nested(Inner, only=("n",))
    inners = ma.fields.List(ma.fields.Nested(Inner))


def test_a_dict_made_as_its_schema_dumps_it_is_given_as_it_is() -> None:
    made = Dumped(Inner, {"n": 1, "s": "a"})
    other = Dumped(Every, {"n": 1, "s": "a"})
    dumped = dumper(Outer())({"inner": made, "narrowed": made, "inners": [made, other]})
    assert dumped["inner"] is made and dumped["inners"][0] is made
    assert dumped["narrowed"] == {"n": 1} and type(dumped["inners"][1]) is dict
    assert dumper(Inner())(made) is made
    assert dumper(Inner(only=("s",)))(made) == {"s": "a"}
    assert Inner().dump(made) == made  # to marshmallow it is a dict like any other


def test_order_of_the_declared_fields_kept() -> None:
    assert list(dumper(Every())(FULL)) == list(Every().dump(FULL))


class Hooked(ma.Schema):
    n = ma.fields.Integer()

    @ma.post_dump
    def doubled(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {"n": data["n"] * 2}


def test_a_schema_with_hooks_is_dumped_by_marshmallow() -> None:
    schema = Hooked()
    assert dumper(schema) == schema.dump
    assert dumper(ma.Schema.from_dict({"h": ma.fields.Nested(Hooked)})())({"h": {"n": 2}}) == {
        "h": {"n": 4}}


def test_one_dumper_per_response_schema() -> None:
    assert response_dumper(Every) is response_dumper(Every)


@pytest.fixture
def both_ways(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every write's answer dumped both ways (and compared) while the test runs."""
    seen: list[str] = []

    def checked(schema: type[ma.Schema]) -> Any:
        def dump(obj: Any) -> Any:
            ours = response_dumper(schema)(obj)
            assert json.dumps(ours) == json.dumps(schema().dump(obj)), schema.__name__
            seen.append(schema.__name__)
            return ours
        return dump

    monkeypatch.setattr(writing, "response_dumper", checked)
    return seen


def test_the_answers_of_a_piquet_match(client: FlaskClient, both_ways: list[str]) -> None:
    match_id = create_match(client, "piquet", ["Bill", "Ann"])["id"]
    record_q10_steps(client, match_id)  # the last card scores the deal
    record_deal(client, match_id, Q10_RECORD)  # a whole deal: its result
    response = client.post(f"/v1/matches/{match_id}/undo", json={},
                           headers={"If-Match": etag(client, match_id)})
    assert response.status_code == 200, response.json
    assert set(both_ways) == {"StepResultSchema", "DealResultSchema", "MatchSchema"}


def test_the_answers_of_a_pitch_match(client: FlaskClient, both_ways: list[str]) -> None:
    match = create_match(client, "pitch", ["Ann", "Bob", "Cid", "Dee"], target=500)
    for step in pitch_steps(Random(7), 2):  # two whole hands, scored
        step_ok(client, match["id"], **step)
    assert both_ways.count("StepResultSchema") == len(pitch_steps(Random(7), 2))


def test_an_answer_s_text_is_the_one_json_dumps_makes() -> None:
    shared = [1, {"a": "é ♠", "b": None}]  # the same list twice is no cycle
    answer = {"x": shared, "y": shared, "z": [[[]], {}], "f": 1.5, "t": True,
              "s": "\u2028\x00\"\\ Zoë", "inf": float("inf")}
    assert answer_text(answer) == json.dumps(answer)


def test_a_write_s_answer_is_encoded_without_the_circular_check(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """No set of the containers entered is kept while the answer is encoded (its ``markers``:
    None); the body is the text ``json.dumps`` makes of it."""
    match = create_match(client, "pitch", ["Ann", "Bob", "Cid", "Dee"], target=500)
    real = json.encoder.c_make_encoder  # type: ignore[attr-defined]
    encoded: list[tuple[Any, Any]] = []

    def spied(markers: Any, *args: Any) -> Any:
        encode = real(markers, *args)

        def each(obj: Any, level: int) -> Any:
            encoded.append((markers, obj))
            return encode(obj, level)
        return each

    monkeypatch.setattr(json.encoder, "c_make_encoder", spied)
    body = step_ok(client, match["id"], **pitch_steps(Random(7), 1)[0])
    answers = [(markers, obj) for markers, obj in encoded
               if isinstance(obj, dict) and set(obj) == {"events", "scored", "match"}]
    assert [markers for markers, _ in answers] == [None]
    assert json.dumps(answers[0][1]) == json.dumps(body)
