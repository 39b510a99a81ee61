"""The base of the engines' per-step value classes (internal).

Both engines build a new state for every action, so their per-step classes are plain
slotted classes with a typed ``__init__`` (cheap to build, interpreted or compiled with
mypyc) rather than attrs classes. Each keeps its values in private slots (``_to_act``)
and shows the public ones as read-only properties (``to_act``): assigning a public field
raises ``AttributeError``, and so does adding an attribute; the private slots belong to
the engine.

:class:`Value` gives such a class value semantics from one method, :meth:`Value._key`:
equality with another instance of the same class, a hash, and a short ``repr``.

>>> class Point(Value):
...     __slots__ = ("_x", "_y")
...     def __init__(self, x: int, y: int) -> None:
...         self._x = x
...         self._y = y
...     @property
...     def x(self) -> int:
...         return self._x
...     def _key(self) -> tuple[object, ...]:
...         return (self._x, self._y)
>>> Point(1, 2) == Point(1, 2), Point(1, 2) == Point(2, 1), hash(Point(1, 2)) == hash(Point(1, 2))
(True, False, True)
>>> Point(1, 2).x = 5
Traceback (most recent call last):
...
AttributeError: property 'x' of 'Point' object has no setter
>>> Point(1, 2)
Point(1, 2)
"""

from __future__ import annotations

__all__ = ["Value"]


class Value:
    """Mixin: equality, hash and ``repr`` from the values :meth:`_key` returns."""

    __slots__ = ()

    def _key(self) -> tuple[object, ...]:
        """The values that make this value what it is (persistent logs as flat tuples)."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Value)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle through the constructor, which takes the key's values in order.

        A compiled (native) class has no default pickling, so every value class pickles
        this way; a class whose key is not its constructor's arguments (a flattened log),
        or which unpickles as a shared instance, has its own.
        """
        return (type(self), self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(_short(value) for value in self._key())})"


def _short(value: object) -> str:
    """A value's repr, cut short: a state's repr names its parts, it does not dump them."""
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."
