"""``make mutate`` (tools/mutate.py) knows every module of every game's engine: a rule module
it mutates, or one it leaves out with the reason (issue 30). A new module must be
classified, or the mutation run would stop on it after the suite said all was well."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from regelwerk import games

ROOT = Path(__file__).resolve().parents[2]


def mutate_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutate_tool", ROOT / "tools" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module         # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_every_engine_module_is_a_rule_module_or_left_out_with_a_reason(game_id: str) -> None:
    tool = mutate_tool()
    modules = tool.rule_modules(game_id)      # stops on an unclassified or vanished module
    on_disk = {path.stem for path in (ROOT / "engine" / game_id).glob("*.py")}
    assert set(modules) <= on_disk
    assert on_disk - set(modules) <= set(tool.NOT_RULES)
    assert all(tool.NOT_RULES[name] for name in on_disk - set(modules))


def test_an_unclassified_module_stops_the_run(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = mutate_tool()
    game_id = sorted(games.games())[0]
    monkeypatch.setitem(tool.RULE_MODULES, game_id, tool.RULE_MODULES[game_id][1:])
    with pytest.raises(SystemExit, match="unclassified"):
        tool.rule_modules(game_id)
