"""A quicker constructor for the engines' frozen values.

The engines' values are frozen, slotted dataclasses. A frozen dataclass's generated
``__init__`` stores each field with ``object.__setattr__(self, name, value)`` (its own
``__setattr__`` refuses every change), which costs several times a plain attribute store:
building the values of a ruling (a Pitch hand's six tricks, its points, the ruling of 24
fields) was one of the largest costs of the engines (bench/RESULTS.md §13).

:func:`quick_init` gives such a class an ``__init__`` with the same signature (the same
parameters, order, defaults and annotations) that stores each field through its slot's
descriptor directly: the same value, still frozen, about 40% fewer instructions. Nothing else
about the class changes (``__eq__``, ``__hash__``, ``__repr__``, ``replace``, the refusal of
a change). tests/test_frozen.py checks each decorated class against the dataclass's own
constructor.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the generated ``__init__`` of ``cls``, a ``@dataclass(frozen=True,
    slots=True)`` class, by one that stores each field through its slot descriptor.

    A field default is kept as it is; ``__post_init__`` is called as the dataclass would.

    :raises TypeError: ``cls`` is not a frozen, slotted dataclass, or has a field the quick
        constructor does not handle (``default_factory``, ``init=False``, keyword-only).
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    namespace: dict[str, Any] = {}
    args: list[str] = []
    body: list[str] = []
    # typeshed's fields() takes a dataclass type only; cls was checked to be one just above
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: not handled by quick_init")
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(args)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)  # the way dataclasses itself writes __init__
    init = namespace["__init__"]
    original = cls.__dict__["__init__"]
    init.__annotations__ = dict(original.__annotations__)
    init.__qualname__ = original.__qualname__
    init.__module__ = original.__module__
    setattr(cls, "__init__", init)  # noqa: B010 (mypy refuses assigning a method)
    return cls
