"""The reference pages' sources: clause coverage and clause-linked doctests."""

from __future__ import annotations

import re
from pathlib import Path

from regelwerk.engine.core import spec as spec_module

ROOT = Path(__file__).resolve().parents[2]
CLAUSE_DIRECTIVE = re.compile(r"^```\{clause\}\s+(\S+)\s*$", re.M)
CLAUSE_COMMENT = re.compile(r"#\s*clause:\s*(\S+)")
FENCE = re.compile(r"^```\{(doctest|testcode)\}.*?^```\s*$", re.M | re.S)


def game_pages(game: str) -> list[Path]:
    return sorted((ROOT / "docs" / game).glob("*.md"))


def games() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "docs").glob("*/index.md"))


def test_there_are_game_pages() -> None:
    assert "medici_vs_strozzi" in games()


def test_every_clause_appears_exactly_once_as_a_directive() -> None:
    for game in games():
        shown = [c for page in game_pages(game)
                 for c in CLAUSE_DIRECTIVE.findall(page.read_text(encoding="utf-8"))]
        assert sorted(shown) == sorted(spec_module.load(game).clauses), game


def test_every_clause_group_has_a_doctest_and_every_cited_clause_exists() -> None:
    for game in games():
        spec = spec_module.load(game)
        cited = set()
        for page in game_pages(game):
            for block in FENCE.finditer(page.read_text(encoding="utf-8")):
                found = CLAUSE_COMMENT.findall(block.group(0))
                assert found, f"{page}: a doctest block names no clause"
                cited.update(found)
        assert cited <= set(spec.clauses), sorted(cited - set(spec.clauses))
        groups = {spec.clauses[c].group for c in cited}
        assert groups == {c.group for c in spec.clauses.values()}, game


def test_prose_types_no_rule_number() -> None:
    """Outside code, numbers of the spec come through the spec role, never typed."""
    for game in games():
        spec = spec_module.load(game)
        values = {str(n.value) for n in spec.numbers.values()
                  if isinstance(n.value, int) and n.value >= 10}
        for page in game_pages(game):
            prose = FENCE.sub("", page.read_text(encoding="utf-8"))
            prose = re.sub(r"\{spec\}`[^`]*`|`[^`]*`", "", prose)
            typed = set(re.findall(r"\b\d+\b", prose)) & values
            assert not typed, f"{page}: {sorted(typed)}"
