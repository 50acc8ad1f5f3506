"""What ``setup.py`` compiles with mypyc (``REGELWERK_COMPILE=1``, ``make fast``).

The compiled build is built by ``make fast`` and measured by ``make bench``, which
first checks that it plays the pure-Python engine's seeded games; building it
takes minutes, so the suite checks what decides whether it can build at all:
that every module it compiles exists and is one mypy checks (mypyc compiles
only code that type-checks), and that without the variable nothing is compiled.
"""

from __future__ import annotations

import runpy
import tomllib
from pathlib import Path
from typing import Any

import pytest
import setuptools

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def setup_script(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """setup.py's names, without running setup()."""
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("REGELWERK_COMPILE", raising=False)
    return runpy.run_path(str(ROOT / "setup.py"), run_name="setup_under_test")


def test_every_compiled_module_exists_and_is_type_checked(setup_script: dict[str, Any]) -> None:
    checked = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["packages"]
    modules = setup_script["compiled_modules"]()
    assert len(modules) > 30
    for source in modules:
        assert (ROOT / source).is_file(), source
        package = "regelwerk." + ".".join(Path(source).parent.parts)
        assert package in checked, f"{source}: mypy does not check {package}"


def test_the_modules_left_as_python_are_not_compiled(setup_script: dict[str, Any]) -> None:
    names = {Path(source).name for source in setup_script["compiled_modules"]()}
    assert not names & set(setup_script["NOT_COMPILED"])
    games = {Path(source).parent.name for source in setup_script["compiled_modules"]()}
    assert games == {"core", *setup_script["COMPILED_GAMES"]}


def test_nothing_is_compiled_unless_asked(setup_script: dict[str, Any]) -> None:
    assert setup_script["compiled_extensions"]() == []


def test_a_clause_mark_becomes_a_blank_line(setup_script: dict[str, Any]) -> None:
    """mypyc compiles the source without its ``@implements`` marks (a mark spanning lines
    leaves as many blank ones); every other decorator stays."""
    source = ('@implements(C + "turn",\n            C + "end")\n@cache\n'
              'def f() -> int:\n    return 1\n')
    assert setup_script["unmarked"](source) == '\n\n@cache\ndef f() -> int:\n    return 1\n'


def test_the_copy_mypyc_compiles_keeps_every_line(setup_script: dict[str, Any],
                                                  tmp_path: Path) -> None:
    """The copy of the engine mypyc reads: the compiled modules without their marks and with
    their line numbers, every other module as it is."""
    mirror = setup_script["mypyc_source"](tmp_path)
    compiled = set(setup_script["compiled_modules"]())
    marked = 0
    for path in Path(ROOT, "engine").rglob("*.py"):
        source = path.relative_to(ROOT)
        original = path.read_text(encoding="utf-8")
        copy = (mirror / source).read_text(encoding="utf-8")
        if source.as_posix() in compiled:
            marked += "@implements(" in original
            assert "@implements(" not in copy
            assert len(copy.splitlines()) == len(original.splitlines()), source
        else:
            assert copy == original, source
    assert marked > 30
