"""A module really compiled with mypyc keeps its clause marks (``make fast``'s path).

Builds one small module the way ``setup.py`` builds the engines
(``mypycify``, then ``build_ext --inplace``) and checks what only a compiled
function shows: it takes no attribute, so ``@implements`` cannot mark it, and
:func:`~regelwerk.engine.core.clauses.cited_clauses` and ``implementations``
read its marks from the source beside it. A few seconds (a C compiler). It does
so both for a module compiled as written and for one compiled as ``setup.py``
compiles the engines, without its marks (``unmarked``), its source installed beside.
"""

from __future__ import annotations

import importlib
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
import setuptools
from regelwerk.engine.core.clauses import CLAUSES_ATTRIBUTE, cited_clauses, implementations

MODULE = '''
from regelwerk.engine.core.clauses import implements

C = "game:"


@implements(C + "gain", "game:pay")
def gain(coins: int, amount: int) -> int:
    return coins + amount


class Purse:
    def __init__(self, coins: int) -> None:
        self.coins = coins

    @implements(C + "spend")
    def spend(self, amount: int) -> int:
        return self.coins - amount
'''

BUILD = '''
from setuptools import setup
from mypyc.build import mypycify

# regelwerk installs through an import hook mypy cannot follow: its types are not needed here
modules = mypycify(["--ignore-missing-imports", "compiled_rules.py"], opt_level="0")
setup(name="compiled_rules", ext_modules=modules)
'''


ROOT = Path(__file__).resolve().parents[2]


def unmarked(source: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """``source`` as ``setup.py`` hands it to mypyc (its function, without running setup())."""
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)
    names = runpy.run_path(str(ROOT / "setup.py"), run_name="setup_under_test")
    text: str = names["unmarked"](source)
    return text


@pytest.mark.slow
@pytest.mark.parametrize("as_built", [False, True], ids=["as_written", "unmarked_as_setup_py"])
def test_a_compiled_module_keeps_its_marks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           as_built: bool) -> None:
    compiled = unmarked(MODULE, monkeypatch) if as_built else MODULE
    (tmp_path / "compiled_rules.py").write_text(compiled)
    (tmp_path / "build_compiled.py").write_text(BUILD)
    done = subprocess.run([sys.executable, "build_compiled.py", "build_ext", "--inplace"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    (tmp_path / "compiled_rules.py").write_text(MODULE)     # the source installed beside it
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "compiled_rules", raising=False)   # each build its own
    module = importlib.import_module("compiled_rules")
    assert Path(module.__file__).parent == tmp_path
    assert not module.__file__.endswith(".py")          # the extension, not the source
    assert module.gain(2, 3) == 5 and module.Purse(5).spend(2) == 3
    assert not hasattr(module.gain, CLAUSES_ATTRIBUTE)   # the decorator could not mark it
    assert cited_clauses(module.gain) == ("game:gain", "game:pay")
    assert cited_clauses(module.Purse.spend) == ("game:spend",)
    assert sorted(implementations("compiled_rules")) == [
        ("compiled_rules.Purse.spend", "game:spend"), ("compiled_rules.gain", "game:gain"),
        ("compiled_rules.gain", "game:pay")]
