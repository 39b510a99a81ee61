"""Tests of the fast constructors for frozen, slotted attrs classes (cardrules._fastattrs)."""

from __future__ import annotations

import pickle

import attrs
import pytest

from cardrules._fastattrs import fast_constructor, fast_replacer


@attrs.frozen(slots=True, weakref_slot=False)
class Pair:
    """Laid out like the engines' states: no weakref slot, so the class swap is allowed."""

    left: int
    right: tuple[int, ...]


class _PlainBase:
    __slots__ = ("extra",)


@attrs.frozen(slots=True)
class Inherited(_PlainBase):
    """Its layout includes a slot of a non-attrs base, which a fresh twin cannot share."""

    value: int
    name: str


def test_the_fast_constructor_equals_the_attrs_constructor() -> None:
    """The fast constructor builds a value equal to the attrs __init__'s, of the same type."""
    make = fast_constructor(Pair)
    assert "twin" in make.__code__.co_names  # the fast path: built on the mutable twin
    built = make(3, (1, 2))
    assert built == Pair(3, (1, 2))
    assert type(built) is Pair
    assert hash(built) == hash(Pair(3, (1, 2)))
    assert pickle.loads(pickle.dumps(built)) == built
    assert make.__doc__ == "Build a Pair from its fields in order (no validation)."


def test_the_fast_constructors_result_is_frozen_and_slotted() -> None:
    """What it builds cannot be changed and has no instance dictionary."""
    built = fast_constructor(Pair)(3, ())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.left = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        built.__dict__  # noqa: B018 - slotted: no instance dict


def test_the_fallback_stores_through_the_descriptors() -> None:
    """Where CPython refuses the class swap, the constructor still builds an equal value."""
    probe: object = object.__new__(type("Twin", (), {"__slots__": tuple(Inherited.__slots__)}))
    with pytest.raises(TypeError):
        probe.__class__ = Inherited  # the layouts differ: the fallback path is taken
    make = fast_constructor(Inherited)
    assert "_set0" in make.__code__.co_names  # it stores through the slot descriptors
    built = make(7, "seven")
    assert built == Inherited(7, "seven")
    assert type(built) is Inherited
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.value = 8  # type: ignore[misc]


def test_the_fast_replacer_equals_evolve() -> None:
    """The replacer changes only the fields named, like attrs.evolve."""
    replace = fast_replacer(Pair)
    original = Pair(3, (1, 2))
    assert replace(original, right=()) == attrs.evolve(original, right=()) == Pair(3, ())
    assert replace(original) == original
    assert type(replace(original, left=0)) is Pair
    assert original == Pair(3, (1, 2))
