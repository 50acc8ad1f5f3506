"""`pip install .` (a real wheel, not editable) gives a working regelwerk.

Spec data and the compiled German catalogs must be inside the wheel: the
commands run from an empty folder with a fresh virtual environment.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.clause("medici_vs_strozzi:setup.money")
def test_wheel_installs_and_speaks_german(tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    clean_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "-c", str(ROOT / "constraints.txt"),
         str(ROOT)], capture_output=True, text=True, env=clean_env, check=False)
    assert install.returncode == 0, install.stderr[-2000:]

    work = tmp_path / "elsewhere"
    work.mkdir()
    script = env_dir / "bin" / "regelwerk"

    def run(*args: str) -> str:
        done = subprocess.run([str(script), *args], cwd=work, capture_output=True, text=True,
                              env=clean_env, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "medici_vs_strozzi" in run("games")
    german = run("rule", "medici_vs_strozzi:setup.money", "--lang", "de")
    assert "Startkapital" in german and "Münzen" in german

    where = subprocess.run(
        [str(python), "-c", "import regelwerk.locales as l, regelwerk.spec as s, os;"
         "print(l.__path__[0]); print(s.__path__[0])"],
        cwd=work, capture_output=True, text=True, env=clean_env, check=True).stdout.split()
    locales, spec = map(Path, where)
    assert str(env_dir) in str(locales), "imported from the source tree, not the wheel"
    assert (locales / "de" / "LC_MESSAGES" / "regelwerk.mo").is_file()
    assert (locales / "de" / "LC_MESSAGES" / "regelwerk-medici_vs_strozzi.mo").is_file()
    assert not list(locales.rglob("*.po")), "the wheel ships compiled catalogs only"
    assert (spec / "medici_vs_strozzi" / "clauses.toml").is_file()
    site_packages = locales.parents[1]
    assert not (site_packages / "engine").exists(), "no generic top-level package installed"
    assert sys.version_info >= (3, 11)
