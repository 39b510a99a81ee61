"""The public API type-checks for callers, under mypy --strict and pyright (strict).

``user_program.py`` is a user's program built from the docs' examples: both checkers
must accept it. ``rejected.py`` holds calls both must refuse, each on a marked line: the
checkers must report an error on exactly those lines, so a loosened annotation (an
``Options`` field typed ``object`` again, say) fails here.

pyright comes with the ``dev`` extra (``pip install -e '.[dev]'``); it is never skipped.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args

import pytest

from cardrules import my_bird_sings, spoil_five
from cardrules._options import SplitRemainderName
from cardrules.stakes import SplitRemainder
from tests.typing import user_program

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SRC = ROOT / "src"
MARK = re.compile(r"\s*# type: ignore\[[\w-]+\]\s*$")


def _pyright() -> str:
    found = shutil.which("pyright", path=str(Path(sys.executable).parent)) or shutil.which(
        "pyright"
    )
    if found is None:
        pytest.fail("pyright is missing: install the dev extra (pip install -e '.[dev]')")
    return found


def _mypy(path: Path) -> tuple[int, set[int], str]:
    """Run mypy --strict on ``path`` (the project's configuration, this checkout's src)."""
    env = {**os.environ, "MYPYPATH": str(SRC)}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(path)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    # by file name: mypy's cache may name a file of the same module and content by the
    # path it first saw it at
    lines = {
        int(match.group(1))
        for match in re.finditer(rf"^\S*{re.escape(path.name)}:(\d+): error:", run.stdout, re.M)
    }
    return run.returncode, lines, run.stdout + run.stderr


def pyright_errors(
    tmp_path: Path, *paths: Path, **settings: object
) -> tuple[int, list[dict[str, Any]]]:
    """Run pyright in strict mode (plus ``settings``) on ``paths``; its status and errors.

    cardrules is imported from this checkout; the configuration is written to
    ``tmp_path``, where pyright runs.
    """
    config = tmp_path / "pyrightconfig.json"
    config.write_text(
        json.dumps(
            {
                "typeCheckingMode": "strict",
                "pythonVersion": "3.11",
                "extraPaths": [str(SRC)],
                **settings,
            }
        )
    )
    run = subprocess.run(
        [_pyright(), "--outputjson", "--project", str(config),
         "--pythonpath", sys.executable, *map(str, paths)],
        cwd=tmp_path, capture_output=True, text=True, check=False,
    )  # fmt: skip
    try:
        report: dict[str, Any] = json.loads(run.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"pyright did not report: {run.stdout}{run.stderr}")
    errors = [d for d in report["generalDiagnostics"] if d["severity"] == "error"]
    return run.returncode, errors


def _pyright_run(path: Path, tmp_path: Path) -> tuple[int, set[int], str]:
    """Run pyright in strict mode on ``path``, importing cardrules from this checkout."""
    code, errors = pyright_errors(tmp_path, path)
    lines = {int(d["range"]["start"]["line"]) + 1 for d in errors}
    text = "\n".join(f"{d['range']['start']['line'] + 1}: {d['message']}" for d in errors)
    return code, lines, text


def test_the_user_program_runs() -> None:
    user_program.main()


def test_mypy_strict_accepts_the_user_program() -> None:
    code, _, output = _mypy(HERE / "user_program.py")
    assert code == 0, output


def test_pyright_strict_accepts_the_user_program(tmp_path: Path) -> None:
    copy = tmp_path / "user_program.py"
    shutil.copy(HERE / "user_program.py", copy)
    code, _, output = _pyright_run(copy, tmp_path)
    assert code == 0, output


def _unmarked(tmp_path: Path) -> tuple[Path, set[int]]:
    """``rejected.py`` without its ignore comments, and the lines that carried one."""
    source = (HERE / "rejected.py").read_text().splitlines()
    marked = {number for number, line in enumerate(source, 1) if MARK.search(line)}
    assert len(marked) >= 10
    copy = tmp_path / "rejected.py"
    copy.write_text("\n".join(MARK.sub("", line) for line in source) + "\n")
    return copy, marked


def test_mypy_strict_refuses_exactly_the_marked_calls(tmp_path: Path) -> None:
    copy, marked = _unmarked(tmp_path)
    code, lines, output = _mypy(copy)
    assert code == 1
    assert lines == marked, output


def test_pyright_strict_refuses_exactly_the_marked_calls(tmp_path: Path) -> None:
    copy, marked = _unmarked(tmp_path)
    code, lines, output = _pyright_run(copy, tmp_path)
    assert code == 1
    assert lines == marked, output


@pytest.mark.parametrize(
    ("alias", "enum"),
    [
        (SplitRemainderName, SplitRemainder),
        (spoil_five.options.SpoilPayersName, spoil_five.SpoilPayers),
        (spoil_five.options.RobbingName, spoil_five.Robbing),
        (spoil_five.options.RobEnforcementName, spoil_five.RobEnforcement),
        (spoil_five.options.DealerAceName, spoil_five.DealerAce),
        (spoil_five.options.PlainLeadRuleName, spoil_five.PlainLeadRule),
        (spoil_five.options.RankingName, spoil_five.Ranking),
        (spoil_five.options.FivingAskerName, spoil_five.FivingAsker),
        (spoil_five.options.ScoringName, spoil_five.Scoring),
        (my_bird_sings.options.SingingName, my_bird_sings.Singing),
        (my_bird_sings.options.PassingName, my_bird_sings.Passing),
        (my_bird_sings.options.SingTimingName, my_bird_sings.SingTiming),
        (my_bird_sings.options.ExchangeByName, my_bird_sings.ExchangeBy),
        (my_bird_sings.options.PileToName, my_bird_sings.PileTo),
        (my_bird_sings.options.ExchangeOnExhaustionName, my_bird_sings.ExchangeOnExhaustion),
        (my_bird_sings.options.ExhaustionEndName, my_bird_sings.ExhaustionEnd),
    ],
)
def test_the_literal_names_are_the_enums_strings(alias: Any, enum: Any) -> None:
    assert get_args(alias) == tuple(member.value for member in enum)


@pytest.mark.parametrize("options", [spoil_five.Options, my_bird_sings.Options])
def test_the_typed_constructor_lists_the_fields_with_their_defaults(options: Any) -> None:
    """The written-out ``__init__`` names every attrs field, in order, with its default."""
    import inspect

    import attrs

    parameters = list(inspect.signature(options.__init__).parameters.values())[1:]
    fields = attrs.fields(options)
    assert [p.name for p in parameters] == [f.name for f in fields]
    for parameter, field in zip(parameters, fields, strict=True):
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            assert parameter.default is None, field.name  # singing: chosen by hand_size
        else:
            assert parameter.default == field.default, field.name
