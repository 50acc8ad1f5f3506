"""Build hooks that pyproject.toml cannot express.

* ``packages``: every directory with an ``__init__.py`` under the mapped roots,
  named inside the ``regelwerk`` namespace (``engine/core`` ->
  ``regelwerk.engine.core``), so a new game needs no packaging edit.
* ``build_py``: compiles the engine's gettext catalogs (``.po`` -> ``.mo``)
  with Babel into the build tree, so the wheel carries compiled German
  messages without committing binaries.
* ``REGELWERK_COMPILE=1``: the engine's hot modules (:func:`compiled_modules`)
  are compiled with mypyc, as black and mypy ship themselves; the same source,
  typed and checked by ``mypy``, plays the same games (``make fast`` builds
  this into ``.venv-fast``, and ``make bench`` compares its games with the
  pure-Python ones before it reports a figure). Unset, nothing is compiled.
  mypyc reads a copy of the source in which the ``@implements`` clause marks
  are blank lines (:func:`unmarked`): on a compiled function a mark does
  nothing (``engine/core/clauses.py`` reads it from the installed source), but
  mypyc calls a decorated function the slow way, through Python.
"""

from __future__ import annotations

import ast
import os
import shutil
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOTS = {
    "regelwerk": "regelwerk",
    "regelwerk.engine": "engine",
    "regelwerk.verification": "verification",
    "regelwerk.spec": "spec",
    "regelwerk.locales": "locales",
}


#: Folders of data only, installed as package data of the package above them: listed as
#: packages of their own, so setuptools does not warn that it would ignore them.
DATA_FOLDERS = ("spec/*", "regelwerk/sphinxext/static", "regelwerk/sphinxext/templates")


def namespaced_packages() -> list[str]:
    here = Path(__file__).parent
    found = []
    for name, directory in ROOTS.items():
        root = here / directory
        for init in sorted(root.rglob("__init__.py")):
            rel = init.parent.relative_to(root).parts
            found.append(".".join((name, *rel)))
    for pattern in DATA_FOLDERS:
        for folder in sorted(here.glob(pattern)):
            if folder.is_dir() and folder.name != "__pycache__":
                directory = folder.relative_to(here).parts
                root = next(n for n, d in ROOTS.items() if d == directory[0])
                found.append(".".join((root, *directory[1:])))
    return sorted(set(found))


#: The games whose engines the compiled build compiles (every game: issue 35), and the
#: modules left as Python, with the reason.
COMPILED_GAMES = ("florenz", "il_vecchio", "lorenzo", "medici_vs_strozzi")
NOT_COMPILED = {
    "__init__.py": "a package's exports, run once",
    "game.py": "the declaration, run once",
    "chosen.py": "games whose chance the caller chooses, for examples and tests",
    "actions.py": "the action dataclasses are read field by field (metadata, types)",
    "words.py": "text for people, not play",
    "describe.py": "text for people, not play",
    "position.py": "text for people, not play",
    "examples.py": "the rulebooks' examples, not play",
    "coverage.py": "counts what random games played, once per game",
}
#: Core's modules on every step of every game (random play's loop, and its helpers; the
#: arithmetic the games' rule functions share with the z3 models).
COMPILED_CORE = ("tuples.py", "draws.py", "piles.py", "playout.py", "arith.py")


def compiled_modules() -> list[str]:
    """The source files mypyc compiles: core's step helpers and every module of the
    compiled games' engines but those in :data:`NOT_COMPILED`."""
    here = Path(__file__).parent / "engine"
    found = [f"engine/core/{name}" for name in COMPILED_CORE]
    for game in COMPILED_GAMES:
        found += [f"engine/{game}/{path.name}" for path in sorted((here / game).glob("*.py"))
                  if path.name not in NOT_COMPILED]
    return found


def unmarked(source: str) -> str:
    """``source`` with every ``@implements(...)`` decorator blanked: its lines stay, empty,
    so that a compiled function's line numbers are the source's."""
    lines = source.splitlines(keepends=True)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for mark in node.decorator_list:
                if isinstance(mark, ast.Call) and getattr(mark.func, "id", None) == "implements":
                    for index in range(mark.lineno - 1, mark.end_lineno or mark.lineno):
                        lines[index] = "\n"
    return "".join(lines)


def mypyc_source(tree: Path) -> Path:
    """The copy of the source mypyc compiles, written under ``tree`` as the repository lays
    it out for mypy (``pyproject.toml``, ``tools/typecheck/regelwerk/...``): the engine's
    modules, the compiled ones :func:`unmarked`; returns the mirror's ``regelwerk``."""
    shutil.rmtree(tree, ignore_errors=True)
    mirror = tree / "tools" / "typecheck" / "regelwerk"
    compiled = set(compiled_modules())
    for path in sorted(Path("engine").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        target = mirror / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(unmarked(text) if path.as_posix() in compiled else text,
                          encoding="utf-8")
    (mirror / "verification").symlink_to(Path("verification").resolve())
    shutil.copyfile("pyproject.toml", tree / "pyproject.toml")
    return mirror


def compiled_extensions() -> list[Any]:
    """The mypyc extensions, if ``REGELWERK_COMPILE=1`` (else none: pure Python)."""
    if os.environ.get("REGELWERK_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    # mypyc names modules by their path; the layers install under the regelwerk
    # namespace, which tools/typecheck/ mirrors (as for mypy): here in the copy it compiles
    tree = Path("build") / "mypyc-source"
    mirror = mypyc_source(tree)
    paths = [str(mirror / source) for source in compiled_modules()]
    # separate: one C extension per module, compiled in parallel (BuildExtParallel), as
    # quick at run time as one for all of them and twice as quick to build on two cores
    return mypycify(["--config-file", str(tree / "pyproject.toml"), "--explicit-package-bases",
                     *paths], opt_level="3", separate=True)


class BuildExtParallel(build_ext):
    """``build_ext`` on every core unless told otherwise (``--parallel``)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1


class BuildPyWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        src = Path(__file__).parent / "locales"
        dst = Path(self.build_lib) / "regelwerk" / "locales"
        for po in src.glob("*/LC_MESSAGES/regelwerk*.po"):
            with po.open("rb") as f:
                catalog = read_po(f)
            target = dst / po.relative_to(src).with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with target.open("wb") as f:
                write_mo(f, catalog)


setup(packages=namespaced_packages(),
      cmdclass={"build_py": BuildPyWithCatalogs, "build_ext": BuildExtParallel},
      ext_modules=compiled_extensions())
