"""A response schema's dump, worked out once per schema: :func:`dumper`.

Recording a play answers with the whole match (about 90 fields); marshmallow's
``Schema.dump`` makes some ten Python calls per field (the field's ``serialize``, its
``get_value``, the schema's accessor, ``_serialize``…), as much CPU as the rest of the answer
(bench/RESULTS.md §18). :func:`dumper` reads the schema's fields once and returns a plain
function doing what ``dump`` does for the fields whose serialization it knows exactly as
marshmallow's own code does it (marshmallow's ``Field``, ``Raw``, ``String``, ``Integer``,
``Float``, ``Boolean``, ``Dict`` (its keys and values too), ``List`` and ``Nested`` of those),
and calls the field's own ``_serialize`` for any other field. A schema with dump hooks, or
anything else this module does not follow (another accessor, ``attribute``, a dotted name, a
dump default), is dumped by marshmallow itself. Same output, key for key, in
the same order: tests/api/test_dumping.py compares the two.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

import marshmallow as ma
from marshmallow import fields, missing
from marshmallow.utils import ensure_text_type

Dump = Callable[[Any], Any]
#: A field's value → its dumped value, with the object it was taken from (for a field's own
#: ``_serialize``, which may look at it).
Convert = Callable[[Any, Any], Any]


class Dumped(dict[str, Any]):
    """A dict made already as ``schema`` dumps it — key for key, in the same order, each value
    as its field dumps it (its maker's test compares the two, on every state it can take):
    where :func:`dumper` meets it as an object of that very schema (whole: no ``only`` or
    ``exclude``), it is given as it is, not dumped again. Anywhere else it is a dict like
    any other."""

    __slots__ = ("schema",)

    def __init__(self, schema: type[ma.Schema], fields: dict[str, Any]) -> None:
        super().__init__(fields)
        self.schema = schema


#: :func:`answer_text`'s encoder: ``json.dumps``'s own settings without its check for a
#: circular reference (a set of every list and dict entered, kept while it is encoded).
_ANSWER = json.JSONEncoder(check_circular=False)


def answer_text(answer: Any) -> str:
    """The JSON text of a dumped answer, the very text ``json.dumps(answer)`` makes. A dump is
    a tree (values read from JSON or from frozen values): it holds no cycle to look for — one
    would fail with RecursionError instead of ValueError, a 500 either way."""
    return _ANSWER.encode(answer)


@functools.cache
def response_dumper(schema: type[ma.Schema]) -> Dump:
    """:func:`dumper` of one instance of ``schema``, made once per schema class."""
    return dumper(schema())


def dumper(schema: ma.Schema) -> Dump:
    """A function ``obj → schema.dump(obj)`` (a dict, or a list of them for a ``many``
    schema), the same value as marshmallow's."""
    one = _dump_one(schema)
    if one is None:
        return schema.dump
    if schema.many:
        return lambda objs: None if objs is None else [one(o) for o in objs]
    return one


def _dump_one(schema: ma.Schema) -> Dump | None:
    """The dump of one object by ``schema``, or None where marshmallow must do it (hooks,
    another dict class or accessor)."""
    if (schema._hooks[ma.decorators.PRE_DUMP] or schema._hooks[ma.decorators.POST_DUMP]
            or schema.dict_class is not dict
            or type(schema).get_attribute is not ma.Schema.get_attribute):
        return None
    plan: list[tuple[str, str, Convert | None, ma.fields.Field[Any]]] = []
    for attr, field in schema.dump_fields.items():
        key = field.data_key if field.data_key is not None else attr
        simple = (field._CHECK_ATTRIBUTE and field.attribute is None and "." not in attr
                  and field.dump_default is missing
                  and type(field).serialize is fields.Field.serialize
                  and type(field).get_value is fields.Field.get_value)
        plan.append((key, attr, _converter(field, attr) if simple else None, field))
    get_attribute = schema.get_attribute
    # a Dumped of this schema is given as it is (its dump is itself), unless narrowed
    whole = type(schema) if schema.only is None and not schema.exclude else None

    def dump_one(obj: Any) -> dict[str, Any]:
        if type(obj) is Dumped and obj.schema is whole:
            return obj
        out: dict[str, Any] = {}
        plain = type(obj) is dict
        for key, attr, convert, field in plan:
            if convert is None:  # the field's own way (marshmallow's code)
                value = field.serialize(attr, obj, accessor=get_attribute)
                if value is not missing:
                    out[key] = value
                continue
            if plain:
                value = obj[attr] if attr in obj else getattr(obj, attr, missing)
            else:
                value = get_attribute(obj, attr, missing)
            if value is not missing:
                out[key] = value if convert is _same else convert(value, obj)
        return out

    return dump_one


def _converter(field: ma.fields.Field[Any], attr: str | None) -> Convert:
    """The field's ``_serialize`` as plain code where it is one of marshmallow's own (see the
    module docstring); else a call of the field's own ``_serialize``. ``attr``: the name it
    is dumped under (what marshmallow passes to ``_serialize``; None for a key or value)."""
    kind: Any = type(field)  # marshmallow's field classes, compared by identity
    known: Any = field
    own = kind._serialize
    if own is fields.Field._serialize:  # Raw, Boolean, Field: the value as it is
        return _same
    if own is fields.String._serialize:
        return _string
    if (own is fields.Number._serialize and kind._format_num is fields.Number._format_num
            and not known.as_string):
        return _number(known.num_type)
    if own is fields.Mapping._serialize:
        if known.key_field is None and known.value_field is None:
            return _mapping(known.mapping_type)
        # marshmallow calls the key and value fields' _serialize with no name nor object
        return _keyed_mapping(
            known.mapping_type,
            _same if known.key_field is None else _converter(known.key_field, None),
            _same if known.value_field is None else _converter(known.value_field, None))
    if own is fields.List._serialize:
        return _list(_converter(known.inner, attr))
    if own is fields.Nested._serialize and kind.schema is fields.Nested.schema:
        nested = known.schema
        one = _dump_one(nested)
        if one is not None:
            return _nested(one, bool(nested.many or known.many))
    serialize = field._serialize
    return lambda value, obj: serialize(value, attr, obj)


def _same(value: Any, obj: Any) -> Any:
    return value


def _string(value: Any, obj: Any) -> Any:
    if value is None or type(value) is str:
        return value
    return ensure_text_type(value)


def _number(num_type: type) -> Convert:
    def convert(value: Any, obj: Any) -> Any:
        if value is None or type(value) is num_type:
            return value
        return num_type(value)
    return convert


def _mapping(mapping_type: type) -> Convert:
    def convert(value: Any, obj: Any) -> Any:
        return None if value is None else mapping_type(value)
    return convert


def _keyed_mapping(mapping_type: type, key: Convert, each: Convert) -> Convert:
    """A ``Dict`` with key or value fields: each key and value converted (marshmallow's
    ``Mapping._serialize``: two keys converted alike keep the first's place, the last's value)."""
    def convert(value: Any, obj: Any) -> Any:
        if value is None:
            return None
        result = mapping_type()
        for k, v in value.items():
            result[key(k, None)] = each(v, None)
        return result
    return convert


def _list(each: Convert) -> Convert:
    if each is _same:
        return lambda value, obj: None if value is None else list(value)
    if each is _string:  # a list of names or cards: no call an item
        return lambda value, obj: None if value is None else [
            v if v is None or type(v) is str else ensure_text_type(v) for v in value]

    def convert(value: Any, obj: Any) -> Any:
        return None if value is None else [each(v, obj) for v in value]
    return convert


def _nested(one: Dump, many: bool) -> Convert:
    if many:  # marshmallow: a list of each one's dump (None stays None)
        return lambda value, obj: None if value is None else [one(v) for v in value]
    return lambda value, obj: None if value is None else one(value)
