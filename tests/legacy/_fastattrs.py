"""Fast constructors for frozen, slotted attrs classes (internal).

Both engines build a new state (and often a new table, board or trick) for every action,
so the cost of the attrs ``__init__`` of a frozen class, which stores field by field
through ``object.__setattr__``, shows in every playout. :func:`fast_constructor` builds
the same values several times faster; :func:`fast_replacer` is the matching ``evolve``.

>>> @attrs.frozen(slots=True, weakref_slot=False)
... class Point:
...     x: int
...     y: int
>>> make = fast_constructor(Point)
>>> make(1, 2) == Point(1, 2), type(make(1, 2)) is Point
(True, True)
>>> fast_replacer(Point)(Point(1, 2), y=5)
Point(x=1, y=5)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

__all__ = ["fast_constructor", "fast_replacer"]

T = TypeVar("T")


def fast_constructor(cls: type[T]) -> Callable[..., T]:
    """Return a positional constructor for a frozen, slotted attrs class (all fields).

    The result equals ``cls(*args)`` (no converters or validators run) at a fraction of the
    attrs ``__init__``'s cost. The fields are stored on a mutable twin class with exactly
    the same slots (the interpreter's fast slot store, which the frozen class's
    ``__setattr__`` rules out), and the finished object then becomes a ``cls``: CPython
    allows that ``__class__`` assignment between identical layouts (build the class with
    ``weakref_slot=False``, as the engines do). This is checked once here; where it is
    refused (a layout CPython will not share, such as a weakref slot or slots inherited
    from a non-attrs base), each field is stored through its slot descriptor instead.

    Args:
        cls: a frozen attrs class built with ``slots=True``.

    Returns:
        ``make(*values)``: the values of all fields, in field order.

    """
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    args = ", ".join(f"a{i}" for i in range(len(names)))
    twin = type(f"_Building{cls.__name__}", (), {"__slots__": tuple(cls.__slots__)})  # type: ignore[attr-defined]
    namespace: dict[str, object] = {"_new": object.__new__, "cls": cls, "twin": twin}
    try:
        probe: object = object.__new__(twin)
        probe.__class__ = cls
    except TypeError:  # a layout CPython will not share: store through the descriptors
        namespace.update({f"_set{i}": getattr(cls, name).__set__ for i, name in enumerate(names)})
        body = "".join(f"    _set{i}(obj, a{i})\n" for i in range(len(names)))
        source = f"def make({args}):\n    obj = _new(cls)\n{body}    return obj\n"
    else:
        body = "".join(f"    obj.{name} = a{i}\n" for i, name in enumerate(names))
        body += "    obj.__class__ = cls\n"
        source = f"def make({args}):\n    obj = _new(twin)\n{body}    return obj\n"
    exec(source, namespace)  # generated from the class's own field names
    make = namespace["make"]
    make.__doc__ = f"Build a {cls.__name__} from its fields in order (no validation)."
    return make  # type: ignore[return-value]


def fast_replacer(cls: type[T]) -> Callable[..., T]:
    """Return ``replace(obj, **changes)``: a copy of ``obj`` with some fields changed.

    The same effect as ``attrs.evolve`` (no converters or validators run), generated for
    one class so it runs several times faster.

    Args:
        cls: a frozen attrs class built with ``slots=True``.

    """
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    params = ", ".join(f"{name}=_MISSING" for name in names)
    values = ", ".join(f"obj.{name} if {name} is _MISSING else {name}" for name in names)
    namespace: dict[str, object] = {"_MISSING": object(), "_make": fast_constructor(cls)}
    source = f"def replace(obj, *, {params}):\n    return _make({values})\n"
    exec(source, namespace)
    replace = namespace["replace"]
    replace.__doc__ = f"Return a copy of a {cls.__name__} with the given fields changed."
    return replace  # type: ignore[return-value]
