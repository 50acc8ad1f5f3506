"""The Sphinx extensions keep what they note between pages in one domain
(:mod:`regelwerk.sphinxext.domain`): it forgets a page read again and takes over what a
parallel reader noted, and no extension keeps state on the build environment itself."""

from __future__ import annotations

import ast
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from sphinx.environment import BuildEnvironment

from regelwerk.sphinxext import domain
from regelwerk.sphinxext.domain import RegelwerkDomain

SPHINXEXT = Path(domain.__file__).parent


def fresh() -> RegelwerkDomain:
    """A domain on an environment of its own (the domain reads only ``domaindata``)."""
    return RegelwerkDomain(cast(BuildEnvironment, SimpleNamespace(domaindata={})))


def test_a_page_read_again_is_forgotten_and_the_others_kept() -> None:
    notes = fresh()
    assert notes.place_clause("florenz:a", "florenz/rules") is None
    assert notes.place_clause("florenz:b", "florenz/more") is None
    notes.note_stats_key("florenz/rules", "florenz", "key-1")
    notes.note_stats_key("florenz/more", "florenz", "key-1")
    notes.clear_doc("florenz/rules")
    assert notes.clauses == {"florenz:b": "florenz/more"}
    assert notes.stats_keys == {"florenz/more": {"florenz": "key-1"}}


def test_a_clause_shown_twice_names_the_other_page() -> None:
    notes = fresh()
    notes.place_clause("florenz:a", "florenz/rules")
    assert notes.place_clause("florenz:a", "florenz/rules") is None   # the same page again
    assert notes.place_clause("florenz:a", "florenz/more") == "florenz/rules"


def test_parallel_readers_merge_only_their_pages(caplog: pytest.LogCaptureFixture) -> None:
    main, reader = fresh(), fresh()
    main.place_clause("florenz:a", "florenz/rules")
    main.note_stats_key("florenz/rules", "florenz", "old")
    reader.place_clause("florenz:b", "florenz/more")
    reader.place_clause("florenz:c", "florenz/stale")       # a page this reader did not read
    reader.note_stats_key("florenz/more", "florenz", "new")
    reader.note_stats_key("florenz/stale", "florenz", "stale")
    with caplog.at_level(logging.WARNING):
        main.merge_domaindata({"florenz/more"}, reader.data)
    assert main.clauses == {"florenz:a": "florenz/rules", "florenz:b": "florenz/more"}
    assert main.stats_keys == {"florenz/rules": {"florenz": "old"},
                               "florenz/more": {"florenz": "new"}}
    assert not caplog.records


def test_a_clause_two_readers_both_show_is_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    main, reader = fresh(), fresh()
    main.place_clause("florenz:a", "florenz/rules")
    reader.place_clause("florenz:a", "florenz/more")
    with caplog.at_level(logging.WARNING):
        main.merge_domaindata({"florenz/more"}, reader.data)
    assert any("florenz:a is already shown in florenz/rules" in record.getMessage()
               for record in caplog.records)


def _env_writes(path: Path) -> list[str]:
    """Where ``path`` stores something on a build environment: ``env.x = …``,
    ``self.env.x = …`` and ``setattr(env, …)``. Allowed: ``temp_data``, the page's own
    scratch space that Sphinx clears, and viewcode's own table of modules, which
    :mod:`regelwerk.sphinxext.clause` fills as viewcode's ``doctree_read`` does."""
    found = []

    def is_env(node: ast.expr) -> bool:
        return (isinstance(node, ast.Name) and node.id == "env") or (
            isinstance(node, ast.Attribute) and node.attr == "env")

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[Any] = []
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and is_env(target.value):
                found.append(f"{path.name}:{node.lineno}: env.{target.attr} =")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "setattr" and node.args and is_env(node.args[0]):
            found.append(f"{path.name}:{node.lineno}: setattr(env, ...)")
    return found


def test_the_finder_sees_state_on_env(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f(env, self):\n    env.notes = {}\n    self.env.more: int = 1\n"
                   "    setattr(env, 'x', 1)\n    env.temp_data['y'] = 2\n", encoding="utf-8")
    assert _env_writes(bad) == ["bad.py:2: env.notes =", "bad.py:3: env.more =",
                                "bad.py:4: setattr(env, ...)"]


def test_no_extension_keeps_state_on_the_environment() -> None:
    found = [line for path in sorted(SPHINXEXT.glob("*.py")) for line in _env_writes(path)]
    assert found == []
