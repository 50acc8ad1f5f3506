"""Build hooks that pyproject.toml cannot express.

* ``packages``: every directory with an ``__init__.py`` under the mapped roots,
  named inside the ``regelwerk`` namespace (``engine/core`` ->
  ``regelwerk.engine.core``), so a new game needs no packaging edit.
* ``build_py``: compiles the engine's gettext catalogs (``.po`` -> ``.mo``)
  with Babel into the build tree, so the wheel carries compiled German
  messages without committing binaries.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
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


setup(packages=namespaced_packages(), cmdclass={"build_py": BuildPyWithCatalogs})
