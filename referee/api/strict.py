"""Strict schemas and the rules across fields the OpenAPI document states: integers and
booleans exact, unknown fields refused, an object of several shapes, and the apispec plugin
that writes a schema's ``JSON_SCHEMA`` into its component (the Blueprint:
:mod:`referee.api.blueprint`; the fields themselves: :mod:`referee.api.fields`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

import marshmallow as ma
from apispec import BasePlugin
from marshmallow import class_registry

from referee.api.fields import STRUCTURE_SCHEMA
from referee.i18n.schema import bind_field, bind_schema


class ExactBoolean(ma.fields.Boolean):
    """A JSON ``true`` or ``false`` only (marshmallow's Boolean also takes ``0``, ``1``,
    ``"yes"``…, which the document's ``"type": "boolean"`` refuses)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


def _exact(field: ma.fields.Field[Any]) -> None:
    """Make ``field``'s integers exact (``strict``) and its booleans JSON's own
    (:class:`ExactBoolean`), in lists, tuples and dicts too."""
    if isinstance(field, ma.fields.Integer):
        field.strict = True
    if type(field) is ma.fields.Boolean:
        field.__class__ = ExactBoolean
    for inner in (getattr(field, "inner", None), getattr(field, "value_field", None),
                  *getattr(field, "tuple_fields", ())):
        if isinstance(inner, ma.fields.Field):
            _exact(inner)


class StrictSchema(ma.Schema):
    """A schema that refuses unknown fields (a typo in a record must not pass silently) and
    takes integers only as JSON integers: ``11.5`` (or ``"11"``, or ``11.0``) where an
    integer is meant is a 400, never stored as 11; booleans only as ``true`` or ``false``
    (``EXACT_INTEGERS``; a query string's schema, whose values are all text, sets it False).
    Its messages, its fields' and their validators' keep what they are made of, so that a
    400's ``errors`` are worded in the answer's language (:mod:`referee.i18n.schema`)."""

    #: Whether the Integer fields refuse what is not a JSON integer (a JSON body's schema).
    EXACT_INTEGERS = True

    #: Rules across fields, for the document (:class:`JsonSchemaRules`).
    JSON_SCHEMA: ClassVar[dict[str, Any]] = {}

    class Meta:
        unknown = ma.RAISE

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        bind_schema(self)

    def on_bind_field(self, field_name: str, field_obj: ma.fields.Field[Any]) -> None:
        """Each field as bound: exact integers (see the class), its messages worded in the
        answer's language."""
        if self.EXACT_INTEGERS:
            _exact(field_obj)
        bind_field(field_obj)


#: How many field sets a :class:`NamedFieldsLoad` schema keeps a narrowed copy for (more
#: are loaded by the whole schema: a client cannot make the server build schemas forever).
NARROWED_MAX = 64


class NamedFieldsLoad(ma.Schema):
    """A schema of many optional fields whose body names few of them (a step: 23 fields, a
    card step names two): :meth:`load` hands the body to a copy of this schema narrowed
    (marshmallow's ``only``) to the fields the body names and those it must have or defaults
    (``required``, ``load_default``), made once per set of names. marshmallow itself
    validates, the same fields by the same rules: a field the body leaves out is missing
    either way (the narrowed copy does not look at it; the whole schema looks and finds it
    missing), a name the schema does not have is unknown to both. A load of the whole
    schema costs some 1.5 µs a field left out (bench/RESULTS.md §27).

    Only a schema without ``pre_load`` hooks (which could add names) and built without
    ``only``, ``exclude``, ``partial`` or ``many`` is narrowed; a load with ``many`` or
    ``partial``, or of anything but a mapping, is the whole schema's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        plain = (self.only is None and not self.exclude and not self.partial
                 and not self.many and not self._hooks[ma.decorators.PRE_LOAD])
        #: The fields' names as a body sends them (``data_key``), in the schema's order.
        self._names: tuple[tuple[str, str], ...] | None = tuple(
            (field.data_key or name, name) for name, field in self.load_fields.items()
        ) if plain else None
        self._always = frozenset(
            name for name, field in self.load_fields.items()
            if field.required or field.load_default is not ma.missing)
        self._narrowed: dict[frozenset[str], ma.Schema] = {}

    def _narrowed_for(self, data: Mapping[str, Any]) -> ma.Schema | None:
        """The copy of this schema for ``data``'s names, or None (the whole schema)."""
        assert self._names is not None
        only = tuple(name for key, name in self._names if key in data or name in self._always)
        key = frozenset(only)
        narrowed = self._narrowed.get(key)
        if narrowed is None:
            if len(self._narrowed) >= NARROWED_MAX:
                return None
            narrowed = type(self)(only=only, unknown=self.unknown, load_only=self.load_only,
                                  dump_only=self.dump_only)
            self._narrowed[key] = narrowed
        return narrowed

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None,
             unknown: Literal["exclude", "include", "raise"] | None = None) -> Any:
        """marshmallow's ``load``, by the copy narrowed to ``data``'s names (class)."""
        if self._names is not None and many is None and partial is None \
                and isinstance(data, Mapping):
            narrowed = self._narrowed_for(data)
            if narrowed is not None:
                return narrowed.load(data, unknown=unknown)
        return super().load(data, many=many, partial=partial, unknown=unknown)


class JsonSchemaRules(BasePlugin):
    """apispec plugin: a schema's rules across its fields, in its component of the document.

    A :class:`StrictSchema` subclass states them in ``JSON_SCHEMA`` (JSON Schema keywords
    such as ``oneOf`` or ``allOf`` of ``if``/``then``), beside the ``validates_schema`` method
    that enforces them; a field states keywords apispec leaves out (``propertyNames``) in its
    metadata's ``json_schema``. So the document says what the API refuses (tests/fuzz)."""

    converter: Any = None

    def init_spec(self, spec: Any) -> None:
        super().init_spec(spec)
        spec.components.schema("AnnouncedStructure", STRUCTURE_SCHEMA)
        for plugin in spec.plugins:
            converter = getattr(plugin, "converter", None)
            if converter is not None:
                self.converter = converter
                converter.add_attribute_function(_one_of_shapes)
                converter.add_attribute_function(_field_json_schema)

    def schema_helper(self, name: str, definition: Any, **kwargs: Any) -> dict[str, Any] | None:
        """The schema's ``JSON_SCHEMA``; a schema of several shapes (``SHAPES``: the property
        naming the shape, each value's schema) is their ``oneOf`` with that discriminator,
        and nothing else (its own fields, none, are dropped)."""
        schema = kwargs.get("schema")
        if isinstance(schema, str):  # a registered class name (a ShapesField's shape)
            schema = class_registry.get_class(schema)
        cls = schema if isinstance(schema, type) else type(schema)
        shapes = getattr(cls, "SHAPES", None)
        if shapes is not None and self.converter is not None:
            prop, by_value = shapes
            mapping = {value: self.converter.resolve_nested_schema(shape)["$ref"]
                       for value, shape in by_value.items()}
            definition.clear()
            return {"oneOf": [{"$ref": ref} for ref in mapping.values()],
                    "discriminator": {"propertyName": prop, "mapping": mapping}}
        return dict(getattr(cls, "JSON_SCHEMA", {})) or None


class ShapesField(ma.fields.Field[Any]):
    """An object that takes one of several shapes (a Piquet or a Pitch score sheet, a ruling
    on cards, a sheet or totals), documented as the ``oneOf`` of those schemas' components and
    read as the JSON object it is: what a shape holds is checked where the fact lives (the
    match's game reads its sheet, so a wrong field is a 422 with its rule, never a 400 here).

    ``shapes``: the marshmallow schemas (classes or their registered class names, where an
    import would be circular), in the order a client should try them; ``discriminator``:
    the property whose value names the shape, and each value's shape (one of ``shapes``),
    the document's ``discriminator`` with its ``mapping``; ``overlap``: the
    shapes may match the same object (a comparison by points alone is both games'), so the
    document says ``anyOf`` rather than ``oneOf``."""

    default_error_messages = {  # noqa: RUF012 (marshmallow's own class attribute)
        "invalid": "Not a valid mapping type."
    }

    def __init__(self, *shapes: type[ma.Schema] | str, overlap: bool = False,
                 discriminator: tuple[str, Mapping[str, type[ma.Schema] | str]] | None = None,
                 **kwargs: Any) -> None:
        self.shapes = shapes
        self.keyword = "anyOf" if overlap else "oneOf"
        self.discriminator = discriminator
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, Mapping):
            raise self.make_error("invalid")
        return dict(value)


def _one_of_shapes(
    converter: Any, field: ma.fields.Field[Any], **kwargs: Any
) -> dict[str, Any]:
    """:class:`ShapesField`'s ``oneOf`` or ``anyOf`` (each shape a component, added when first
    named)."""
    if not isinstance(field, ShapesField):
        return {}
    branches = [converter.resolve_nested_schema(shape) for shape in field.shapes]
    if field.allow_none:
        branches.append({"type": "null"})
    if field.discriminator is None:
        return {field.keyword: branches}
    name, shapes = field.discriminator
    mapping = {value: converter.resolve_nested_schema(shape)["$ref"]
               for value, shape in shapes.items()}
    return {field.keyword: branches,
            "discriminator": {"propertyName": name, "mapping": mapping}}


def _field_json_schema(
    converter: Any, field: ma.fields.Field[Any], **kwargs: Any
) -> dict[str, Any]:
    extra = dict(field.metadata.get("json_schema", {}))
    # A field of several forms (``oneOf`` in its metadata) that takes null says so too.
    branches = kwargs.get("ret", {}).get("oneOf")
    if field.allow_none and branches and {"type": "null"} not in branches:
        extra["oneOf"] = [*branches, {"type": "null"}]
    return extra
