"""The tools read a game's verification from its declaration (``VERIFICATION``, through
:attr:`regelwerk.games.GameInfo.verification`), never its parts by name: no module of
``regelwerk/`` reads ``INVARIANTS``, ``MUTANTS`` or ``default_rules`` as an attribute
(``module.INVARIANTS`` or ``getattr(module, "INVARIANTS")``); only the verification
packages themselves, under ``verification/``, name them."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NAMES = frozenset({"INVARIANTS", "MUTANTS", "default_rules"})


def lookups(source: str, where: str) -> list[str]:
    """Each attribute lookup of one of :data:`NAMES` in ``source``, as ``where:line: name``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in NAMES:
            found.append(f"{where}:{node.lineno}: .{node.attr}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in {"getattr", "hasattr"} and len(node.args) >= 2
              and isinstance(node.args[1], ast.Constant) and node.args[1].value in NAMES):
            found.append(f"{where}:{node.lineno}: {node.func.id}(…, {node.args[1].value!r})")
    return found


@pytest.mark.parametrize("source, expected", [
    ("module.INVARIANTS", [".INVARIANTS"]),
    ("info.verification_module().MUTANTS", [".MUTANTS"]),
    ("getattr(module, 'default_rules', None)", ["getattr(…, 'default_rules')"]),
    ("hasattr(module, 'INVARIANTS')", ["hasattr(…, 'INVARIANTS')"]),
    ("info.verification.invariants; INVARIANTS = ()", []),
])
def test_the_finder_sees_a_lookup_by_name(source: str, expected: list[str]) -> None:
    assert lookups(source, "x.py") == [f"x.py:1: {item}" for item in expected]


def test_no_tool_looks_up_verification_by_name() -> None:
    modules = sorted((ROOT / "regelwerk").rglob("*.py"))
    assert len(modules) > 20      # the package is where it should be
    found = [line for path in modules for line in lookups(
        path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == []
