"""Every refusal test names the clause it expects (issue 30, point 2).

A test that expects ``IllegalAction`` says under which clause of the rule text: through
``tests/refusals.py``'s ``refused(game, state, action, clause)``, or by reading the
caught refusal's ``.clause`` right after ``pytest.raises(IllegalAction) as caught``. This
scan of the test sources fails on a ``pytest.raises(IllegalAction`` that does neither, and
on an action asserted not legal (``not in ….legal_actions(…)``, ``assert not ….is_legal(…)``)
with no clause read within a few lines of it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
#: How many lines after the ``with`` line the clause check may come.
WITHIN = 6
RAISES = re.compile(r"pytest\.raises\(\s*IllegalAction\b(?P<rest>[^\n]*)")
NAMED = re.compile(r"\bas\s+(?P<name>\w+)\s*:")
#: An action said to be not legal, without the refusal itself.
NOT_LEGAL = re.compile(r"\bnot\s+in\s+[\w.]*legal_actions\(|\bassert\s+not\s+[\w.]*is_legal\(")
#: What reads a refusal's clause (a caught error's, or through tests/refusals.py).
CLAUSE_READ = re.compile(r"\.clause\b|\brefused\(")


def unchecked(text: str) -> list[int]:
    """The lines of ``text`` whose ``pytest.raises(IllegalAction`` checks no clause."""
    lines = text.splitlines()
    found = []
    for number, line in enumerate(lines, start=1):
        match = RAISES.search(line)
        if match is None:
            continue
        named = NAMED.search(match.group("rest"))
        after = "\n".join(lines[number:number + WITHIN])
        if named is None or f"{named.group('name')}.value.clause" not in after:
            found.append(number)
    for number, line in enumerate(lines, start=1):
        if NOT_LEGAL.search(line) is None:
            continue
        near = "\n".join(lines[max(0, number - 1 - WITHIN):number + WITHIN])
        if CLAUSE_READ.search(near) is None:
            found.append(number)
    return sorted(found)


def test_the_scan_finds_a_refusal_without_its_clause() -> None:
    bare = "with pytest.raises(IllegalAction):\n    game.apply(state, action)\n"
    message = ('with pytest.raises(IllegalAction, match="turn") as caught:\n'
               "    game.apply(state, action)\nassert 'x' in str(caught.value)\n")
    checked = ("with pytest.raises(IllegalAction) as caught:\n    game.apply(state, action)\n"
               'assert caught.value.clause == "game:turn.draw"\n')
    assert unchecked(bare) == [1] and unchecked(message) == [1] and unchecked(checked) == []
    unlisted = "assert DRAW not in game.legal_actions(state)\nassert x\n"
    illegal = "state = next(state)\nassert not GAME.is_legal(state, action)\n"
    named = 'assert not GAME.is_legal(state, action)\nrefused(GAME, state, action, "g:turn")\n'
    assert unchecked(unlisted) == [1] and unchecked(illegal) == [2] and unchecked(named) == []


@pytest.mark.parametrize("path", sorted(p for p in TESTS.rglob("*.py")
                                        if p.name != Path(__file__).name),
                         ids=lambda p: str(p.relative_to(TESTS)))
def test_every_refusal_test_names_its_clause(path: Path) -> None:
    lines = unchecked(path.read_text(encoding="utf-8"))
    assert lines == [], (f"{path.relative_to(TESTS)}: pytest.raises(IllegalAction) without a "
                         f"clause check at lines {lines}; use tests/refusals.py's refused(...)")
