"""Every public name of the library has a docstring (issue 2's definition of done).

Public means: a module under ``cardrules`` whose name does not start with an underscore,
and the names in its ``__all__`` (or, without ``__all__``, its names without a leading
underscore that are defined in that module), and the public methods and properties of
public classes.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType
from typing import get_origin

import pytest

import cardrules

OPTIONAL = ("cardrules.adapters.", "cardrules.cli", "cardrules.__main__")


def _public_modules() -> list[str]:
    names = ["cardrules"]
    for info in pkgutil.walk_packages(cardrules.__path__, "cardrules."):
        if any(part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        names.append(info.name)
    return sorted(names)


def _import(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:  # an optional extra that is not installed
        if name.startswith(OPTIONAL) or name == "cardrules.adapters":
            pytest.skip(f"{name} needs an optional extra: {err}")
        raise


def _public_names(module: ModuleType) -> list[str]:
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
    ]


def _undocumented(module: ModuleType) -> list[str]:
    missing = []
    if not (module.__doc__ or "").strip():
        missing.append(module.__name__)
    for name in _public_names(module):
        value = getattr(module, name)
        if isinstance(value, ModuleType) or not callable(value) or get_origin(value):
            continue  # constants and type aliases are documented beside their definition
        if not inspect.getdoc(value):
            missing.append(f"{module.__name__}.{name}")
        if inspect.isclass(value) and value.__module__.startswith("cardrules"):
            for attr, member in vars(value).items():
                if attr.startswith("_"):
                    continue
                if isinstance(member, property | classmethod | staticmethod) or inspect.isfunction(
                    member
                ):
                    target = member.fget if isinstance(member, property) else member
                    if not inspect.getdoc(target):
                        missing.append(f"{module.__name__}.{name}.{attr}")
    return missing


@pytest.mark.parametrize("name", _public_modules())
def test_every_public_name_has_a_docstring(name: str) -> None:
    module = _import(name)
    assert _undocumented(module) == []
