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
"""

from __future__ import annotations

import os
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


def namespaced_packages() -> list[str]:
    here = Path(__file__).parent
    found = []
    for name, directory in ROOTS.items():
        root = here / directory
        for init in sorted(root.rglob("__init__.py")):
            rel = init.parent.relative_to(root).parts
            found.append(".".join((name, *rel)))
    return found


#: The games whose engines the compiled build compiles (Medici vs Strozzi is fast enough
#: as it is), and the modules left as Python, with the reason.
COMPILED_GAMES = ("florenz", "il_vecchio", "lorenzo")
NOT_COMPILED = {
    "__init__.py": "a package's exports, run once",
    "game.py": "the declaration, run once (mypyc cannot type it through the import cycle)",
    "actions.py": "the action dataclasses are read field by field (metadata, types)",
    "words.py": "text for people, not play",
    "describe.py": "text for people, not play",
    "position.py": "text for people, not play",
    "examples.py": "the rulebooks' examples, not play",
    "coverage.py": "counts what random games played, once per game",
}
#: Core's modules on every step of every game (random play's loop, and its helpers).
COMPILED_CORE = ("tuples.py", "draws.py", "piles.py", "playout.py")


def compiled_modules() -> list[str]:
    """The source files mypyc compiles: core's step helpers and every module of the
    compiled games' engines but those in :data:`NOT_COMPILED`."""
    here = Path(__file__).parent / "engine"
    found = [f"engine/core/{name}" for name in COMPILED_CORE]
    for game in COMPILED_GAMES:
        found += [f"engine/{game}/{path.name}" for path in sorted((here / game).glob("*.py"))
                  if path.name not in NOT_COMPILED]
    return found


def compiled_extensions() -> list[Any]:
    """The mypyc extensions, if ``REGELWERK_COMPILE=1`` (else none: pure Python)."""
    if os.environ.get("REGELWERK_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    # mypyc names modules by their path; the layers install under the regelwerk
    # namespace, which tools/typecheck/ mirrors with symlinks (as for mypy).
    mirror = Path("tools/typecheck/regelwerk")
    paths = [str(mirror / source) for source in compiled_modules()]
    # separate: one C extension per module, compiled in parallel (BuildExtParallel), as
    # quick at run time as one for all of them and twice as quick to build on two cores
    return mypycify(["--config-file", "pyproject.toml", "--explicit-package-bases", *paths],
                    opt_level="3", separate=True)


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
