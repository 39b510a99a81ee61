"""Value classes for the engines: a frozen dataclass against the hand-written style.

The engines build a new state for every action, so their per-step classes must be cheap
to build, to read, to compare and to pickle in both builds (pure and mypyc-compiled).
This script measures the candidates on one small module, ``MODULE`` below, with five
fields of the kinds a state holds (ints, a tuple, an enum, a bool):

* ``Frozen``: ``@dataclass(frozen=True)``;
* ``Native``: the engines' style today (``cardrules._value.Value``): private slots, a
  typed ``__init__``, one forwarding property per public field, ``==``/``hash`` from
  ``_key()``, and ``__reduce__`` with a module-level rebuild function;
* ``Plain``: the same class without the forwarding: public slots annotated ``Final``
  (read-only for mypy everywhere, at run time only in the compiled build), pickled by
  the base class's one ``__reduce__`` (``(type(self), self._key())``, for a class whose
  ``_key()`` lists its constructor's arguments in order) instead of a helper of its own;

and, for the enum aliases (``_PLAY: Final = Phase.PLAY`` at module level), a comparison
against the alias and against ``Phase.PLAY`` read in the loop.

The module is imported twice: as Python source, and compiled by mypyc into a throwaway
directory (``--keep`` prints it; nothing of the project's build is touched). The loops
are functions of the module, so that in the compiled build the caller is compiled too, as
the engine's callers are. Each figure is the best of ``--rounds`` interleaved rounds, in
nanoseconds per operation::

    python benchmarks/value_classes.py --rounds 7

Needs mypy (with mypyc), setuptools and a C compiler for the compiled column
(``--pure-only`` skips it).
"""

from __future__ import annotations

import argparse
import importlib.util
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

MODULE = '''\
"""The classes measured by benchmarks/value_classes.py (compiled by mypyc, or not)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final


class Phase(enum.Enum):
    PLAY = "play"
    ROB = "rob"


_PLAY: Final = Phase.PLAY


@dataclass(frozen=True)
class Frozen:
    seat: int
    legal: tuple[int, ...]
    phase: Phase
    count: int
    open: bool


# cardrules._value.Value's methods, with the one __reduce__ measured for Plain: the
# module must compile alone, without the project's modules.
class Value:
    __slots__ = ()

    def _key(self) -> tuple[object, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Value)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (type(self), self._key())


class Native(Value):
    __slots__ = ("_count", "_legal", "_open", "_phase", "_seat")

    def __init__(
        self, seat: int, legal: tuple[int, ...], phase: Phase, count: int, open: bool
    ) -> None:
        self._seat = seat
        self._legal = legal
        self._phase = phase
        self._count = count
        self._open = open

    def _key(self) -> tuple[object, ...]:
        return (self._seat, self._legal, self._phase, self._count, self._open)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_restore, self._key())

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def legal(self) -> tuple[int, ...]:
        return self._legal

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def count(self) -> int:
        return self._count

    @property
    def open(self) -> bool:
        return self._open


def _restore(
    seat: int, legal: tuple[int, ...], phase: Phase, count: int, open: bool
) -> Native:
    return Native(seat, legal, phase, count, open)


class Plain(Value):
    __slots__ = ("count", "legal", "open", "phase", "seat")

    def __init__(
        self, seat: int, legal: tuple[int, ...], phase: Phase, count: int, open: bool
    ) -> None:
        self.seat: Final = seat
        self.legal: Final = legal
        self.phase: Final = phase
        self.count: Final = count
        self.open: Final = open

    def _key(self) -> tuple[object, ...]:
        return (self.seat, self.legal, self.phase, self.count, self.open)


LEGAL: Final = (1, 2, 3)


def build_frozen(n: int) -> Frozen:
    value = Frozen(0, LEGAL, Phase.PLAY, 0, False)
    for i in range(n):
        value = Frozen(i, LEGAL, Phase.PLAY, i, True)
    return value


def build_native(n: int) -> Native:
    value = Native(0, LEGAL, Phase.PLAY, 0, False)
    for i in range(n):
        value = Native(i, LEGAL, Phase.PLAY, i, True)
    return value


def build_plain(n: int) -> Plain:
    value = Plain(0, LEGAL, Phase.PLAY, 0, False)
    for i in range(n):
        value = Plain(i, LEGAL, Phase.PLAY, i, True)
    return value


def read_frozen(value: Frozen, n: int) -> int:
    total = 0
    for _ in range(n):
        total += value.seat + value.count
    return total


def read_native(value: Native, n: int) -> int:
    total = 0
    for _ in range(n):
        total += value.seat + value.count
    return total


def read_native_slots(value: Native, n: int) -> int:
    total = 0
    for _ in range(n):
        total += value._seat + value._count
    return total


def read_plain(value: Plain, n: int) -> int:
    total = 0
    for _ in range(n):
        total += value.seat + value.count
    return total


def equal(a: object, b: object, n: int) -> int:
    same = 0
    for _ in range(n):
        if a == b:
            same += 1
    return same


def hashes(a: object, n: int) -> int:
    total = 0
    for _ in range(n):
        total ^= hash(a)
    return total


def is_play_alias(phases: list[Phase], n: int) -> int:
    found = 0
    for _ in range(n):
        for phase in phases:
            if phase is _PLAY:
                found += 1
    return found


def is_play_member(phases: list[Phase], n: int) -> int:
    found = 0
    for _ in range(n):
        for phase in phases:
            if phase is Phase.PLAY:
                found += 1
    return found
'''

NAME = "valuebench"


def _import(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and pickle look the module up by name
    spec.loader.exec_module(module)
    return module


def pure_module(folder: Path) -> ModuleType:
    """The module as Python source."""
    path = folder / f"{NAME}_pure.py"
    path.write_text(MODULE, encoding="utf-8")
    return _import(path, f"{NAME}_pure")


def compiled_module(folder: Path) -> ModuleType:
    """The module compiled by mypyc (with the mypyc of this interpreter's mypy)."""
    build = folder / "compiled"
    build.mkdir()
    (build / f"{NAME}.py").write_text(MODULE, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mypyc", f"{NAME}.py"],
        cwd=build,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"mypyc failed:\n{result.stdout}{result.stderr}")
    (extension,) = [p for p in build.glob(f"{NAME}.*") if p.suffix in (".so", ".pyd")]
    (build / f"{NAME}.py").unlink()  # import the extension, not the source
    sys.path.insert(0, str(build))  # its runtime helper module sits beside it
    module = importlib.import_module(NAME)
    assert module.__file__ == str(extension), module.__file__
    return module


def cases(m: ModuleType, n: int) -> dict[str, Callable[[], object]]:
    """Each measured operation of module ``m``: a call doing it ``n`` times."""
    frozen, native, plain = m.build_frozen(1), m.build_native(1), m.build_plain(1)
    frozen2, native2, plain2 = m.build_frozen(1), m.build_native(1), m.build_plain(1)
    phases = [m.Phase.ROB, m.Phase.PLAY, m.Phase.ROB, m.Phase.ROB]
    return {
        "build Frozen": lambda: m.build_frozen(n),
        "build Native": lambda: m.build_native(n),
        "build Plain": lambda: m.build_plain(n),
        "read 2 fields, Frozen": lambda: m.read_frozen(frozen, n),
        "read 2 fields, Native (properties)": lambda: m.read_native(native, n),
        "read 2 fields, Native (private slots)": lambda: m.read_native_slots(native, n),
        "read 2 fields, Plain": lambda: m.read_plain(plain, n),
        "== equal values, Frozen": lambda: m.equal(frozen, frozen2, n),
        "== equal values, Native": lambda: m.equal(native, native2, n),
        "== equal values, Plain": lambda: m.equal(plain, plain2, n),
        "hash, Frozen": lambda: m.hashes(frozen, n),
        "hash, Native": lambda: m.hashes(native, n),
        "hash, Plain": lambda: m.hashes(plain, n),
        "4 enum tests, alias _PLAY": lambda: m.is_play_alias(phases, n // 4),
        "4 enum tests, Phase.PLAY": lambda: m.is_play_member(phases, n // 4),
    }


def pickle_round_trip(m: ModuleType, n: int) -> dict[str, tuple[str, Callable[[], object] | None]]:
    """For each class: whether a pickle round trip gives an equal value, and its timing."""
    found: dict[str, tuple[str, Callable[[], object] | None]] = {}
    for kind in ("Frozen", "Native", "Plain"):
        value = getattr(m, f"build_{kind.lower()}")(1)
        try:
            back = pickle.loads(pickle.dumps(value))
        except Exception as error:  # the failure is the finding
            found[kind] = (f"fails: {type(error).__name__}: {error}", None)
            continue
        verdict = "equal" if back == value and back is not value else "NOT EQUAL"

        def trip(value: Any = value) -> None:
            for _ in range(n // 100):
                pickle.loads(pickle.dumps(value))

        found[kind] = (verdict, trip)
    return found


def read_only(m: ModuleType) -> dict[str, str]:
    """Whether assigning a public field of each class raises at run time."""
    found = {}
    for kind in ("Frozen", "Native", "Plain"):
        value = getattr(m, f"build_{kind.lower()}")(1)
        try:
            value.seat = 7
        except AttributeError as error:
            found[kind] = f"read-only ({type(error).__name__})"
        else:
            found[kind] = "ASSIGNABLE"
    return found


def best(call: Callable[[], object], rounds: int, per: int) -> float:
    """The best of ``rounds`` timings of ``call``, in nanoseconds per operation."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - start)
    return min(times) / per


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("-n", type=int, default=200_000, help="operations per timing")
    parser.add_argument("--pure-only", action="store_true", help="skip the compiled build")
    parser.add_argument("--keep", action="store_true", help="keep and print the build folder")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="cardrules-value-classes-"))
    builds = {"pure": pure_module(folder)}
    if not args.pure_only:
        builds["compiled"] = compiled_module(folder)
    if args.keep:
        print(f"build folder: {folder}")
    n = args.n
    table = {name: cases(module, n) for name, module in builds.items()}
    figures: dict[str, dict[str, float]] = {name: {} for name in builds}
    for _ in range(args.rounds):  # interleaved: each round times every case once per build
        for name, measured in table.items():
            for case, call in measured.items():
                value = best(call, 1, n)
                figures[name][case] = min(figures[name].get(case, value), value)
    trips = {name: pickle_round_trip(module, n) for name, module in builds.items()}
    columns = list(builds)
    version = sys.version.split()[0]
    print(f"ns per operation, best of {args.rounds} rounds of {n:,} (Python {version})")
    print(f"| operation | {' | '.join(columns)} |")
    print(f"|---|{'---:|' * len(columns)}")
    for case in table["pure"]:
        print(f"| {case} | {' | '.join(f'{figures[c][case]:.1f}' for c in columns)} |")
    for kind in ("Frozen", "Native", "Plain"):
        cells = []
        for c in columns:
            verdict, trip = trips[c][kind]
            if trip is None:
                cells.append(verdict)
            else:
                cells.append(f"{best(trip, args.rounds, n // 100):.0f} ({verdict})")
        print(f"| pickle round trip, {kind} | {' | '.join(cells)} |")
    for c in columns:
        print(f"assigning a public field ({c}): {read_only(builds[c])}")
    if not args.keep:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
