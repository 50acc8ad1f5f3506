"""The clause marks of ``@implements``, as set on functions and as read from the source.

A function compiled by mypyc (``REGELWERK_COMPILE=1``, ``make fast``) takes no
attribute, so ``regelwerk check`` reads its marks from the module's source
(:func:`~regelwerk.engine.core.clauses.source_marks`). Here, in pure Python,
both readings must give every function the same clause ids.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import FunctionType, ModuleType

import pytest
from regelwerk.engine.core.clauses import CLAUSES_ATTRIBUTE, cited_clauses, implements, source_marks

GAMES = ("florenz", "il_vecchio", "lorenzo", "medici_vs_strozzi")


def modules(game: str) -> list[ModuleType]:
    root = importlib.import_module(f"regelwerk.engine.{game}")
    names = [m.name for m in pkgutil.walk_packages(root.__path__, f"{root.__name__}.")]
    return [root, *map(importlib.import_module, names)]


def marked(module: ModuleType) -> dict[str, tuple[str, ...]]:
    """The marks set by the decorator on the module's own functions and methods."""
    found = {}
    for _, obj in inspect.getmembers(module):
        items = [obj]
        if inspect.isclass(obj):
            items += [m for _, m in inspect.getmembers(obj, inspect.isfunction)]
        for item in items:
            if isinstance(item, FunctionType) and item.__module__ == module.__name__ \
                    and getattr(item, CLAUSES_ATTRIBUTE, None):
                found[item.__qualname__] = getattr(item, CLAUSES_ATTRIBUTE)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_source_gives_every_function_its_marks(game: str) -> None:
    total = 0
    for module in modules(game):
        from_source = source_marks(module)
        assert from_source == marked(module), module.__name__
        total += len(from_source)
    assert total >= 10          # the game cites its clauses in its engine


def test_a_function_that_takes_no_attribute_keeps_working() -> None:
    # what a compiled function is to the decorator: it cannot carry the mark
    assert implements("game:clause")(len) is len
    assert cited_clauses(len) == ()       # a built-in of a compiled module alone reads source


MODULE = """
from regelwerk.engine.core.clauses import implements

C = "game:"


@implements(C + "outer")
@implements(C + "inner", "game:second")
def rule() -> None:
    pass


class View:
    @implements(C + "method")
    def ask(self) -> None:
        pass
"""


def test_stacked_marks_come_inside_out_in_both_readings(tmp_path, monkeypatch) -> None:
    (tmp_path / "stacked_rules.py").write_text(MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("stacked_rules")
    assert cited_clauses(module.rule) == ("game:inner", "game:second", "game:outer")
    assert source_marks(module) == marked(module) == {
        "rule": ("game:inner", "game:second", "game:outer"), "View.ask": ("game:method",)}
