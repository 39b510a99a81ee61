"""Interned action values, shared by both games' action modules (internal).

Each game builds every action it can hand out once, at import (one ``Play`` per card, one
instance of each action without arguments), and its action classes return those shared
instances from ``__new__``. Equal actions are then the same object, so comparing and
hashing them is an identity check at C speed, which agrees with value equality.

>>> import copy, attrs
>>> @attrs.frozen(slots=True, eq=False)
... class Wait(Singleton):
...     pass
>>> Wait() is Wait(), copy.deepcopy(Wait()) is Wait()
(True, True)
"""

from __future__ import annotations

from typing import Any, ClassVar, Self, TypeVar

__all__ = ["Interned", "Singleton", "prebuilt"]

T = TypeVar("T")


class Interned:
    """Mixin of an interned value class: copies are the value itself.

    Subclasses are attrs classes built with ``eq=False`` (identity equality) whose
    ``__new__`` returns the shared instance, and whose ``__reduce__`` rebuilds through the
    public constructor, so an unpickled action is the shared instance again.
    """

    __slots__ = ()

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: object) -> Self:
        return self


class Singleton(Interned):
    """Mixin of an action without arguments: the class has exactly one instance."""

    __slots__ = ()
    _instances: ClassVar[dict[type[Any], Any]] = {}

    def __new__(cls) -> Self:
        instance: Self | None = Singleton._instances.get(cls)
        if instance is None:
            instance = prebuilt(cls)
            Singleton._instances[cls] = instance
        return instance

    def __reduce__(self) -> tuple[type[Self], tuple[()]]:
        return (type(self), ())


def prebuilt(cls: type[T], **fields: object) -> T:
    """Build the shared instance of a frozen, slotted class without calling its ``__init__``.

    For the action tables of the game modules, which build each instance exactly once.
    """
    instance = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(instance, name, value)
    return instance
