"""The engines' values built by :func:`referee.frozen.quick_init` are the dataclass's own."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from referee.frozen import quick_init
from referee.piquet.combinations import CategoryResult, Claims
from referee.piquet.deal import PiquetRuling
from referee.piquet.exchange import ExchangeFacts
from referee.piquet.records import PiquetDeal
from referee.pitch.bidding import BiddingStatus
from referee.pitch.hand import PitchRuling
from referee.pitch.play import Play, Trick
from referee.pitch.points import GameAward, PointAward, Points
from referee.pitch.records import PitchHand

QUICK = [PitchHand, PitchRuling, BiddingStatus, Trick, Play, PointAward, GameAward, Points,
         PiquetDeal, Claims, CategoryResult, PiquetRuling, ExchangeFacts]


def _stock(cls: type) -> type:
    """The same class as the dataclass decorator alone writes it."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(
        cls.__name__, [(n, t, dataclasses.field(default=f.default)) if
                       f.default is not dataclasses.MISSING else (n, t) for n, t, f in fields],
        frozen=True, slots=True)


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_same_signature_and_values(cls: type) -> None:
    stock = _stock(cls)
    assert list(inspect.signature(cls).parameters) == list(inspect.signature(stock).parameters)
    for name, param in inspect.signature(cls).parameters.items():
        assert param.default == inspect.signature(stock).parameters[name].default
    args = [object() for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING]
    built, reference = cls(*args), stock(*args)
    assert [getattr(built, f.name) for f in dataclasses.fields(cls)] == \
        [getattr(reference, f.name) for f in dataclasses.fields(stock)]
    keywords = {f.name: object() for f in dataclasses.fields(cls)}
    built = cls(**keywords)
    assert all(getattr(built, name) is value for name, value in keywords.items())


@pytest.mark.parametrize("cls", QUICK, ids=lambda c: c.__name__)
def test_still_frozen(cls: type) -> None:
    name = dataclasses.fields(cls)[0].name
    value = cls(*[object() for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING])
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, name, 1)
    with pytest.raises(TypeError):
        cls()  # the required arguments are still required


def test_wrong_arguments_as_the_dataclass() -> None:
    with pytest.raises(TypeError):
        Trick(0, (), None, frozenset(), 4)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Trick(0, (), winner=None, leader=1)  # type: ignore[misc]


def test_post_init_is_called() -> None:
    seen: list[Any] = []

    @quick_init
    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        value: int
        label: str = "x"

        def __post_init__(self) -> None:
            seen.append((self.value, self.label))

    Checked(3)
    assert seen == [(3, "x")]


def test_refuses_what_it_does_not_handle() -> None:
    @dataclasses.dataclass
    class Mutable:
        value: int

    with pytest.raises(TypeError):
        quick_init(Mutable)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        value: list[int] = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError):
        quick_init(Factory)
