"""One site build per test run, into a temporary folder (the repository is not touched).

The build is shared by ``tests/docs`` and ``tests/site`` and by the pytest-xdist
workers: the first to ask builds it, the others wait and read its result
(:func:`shared`).
"""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from regelwerk.site import SiteReport, build_site

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")


def shared(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], T]) -> T:
    """``make(folder)`` once per test run, however many fixtures and workers ask.

    The result is pickled beside a lock file in the run's temporary folder (the
    one all xdist workers share); a failure is kept too, so the others fail with
    it instead of trying again.
    """
    base = factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    result = root / f"{name}.pickle"
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not result.exists():
            folder = root / name
            folder.mkdir(exist_ok=True)
            try:
                outcome: tuple[bool, object] = (True, make(folder))
            except Exception as exc:
                result.write_bytes(pickle.dumps((False, f"{type(exc).__name__}: {exc}")))
                raise
            result.write_bytes(pickle.dumps(outcome))
        ok, value = pickle.loads(result.read_bytes())
    if not ok:
        raise RuntimeError(f"{name} failed in another test worker: {value}")
    return value  # type: ignore[return-value]


def built_site(factory: pytest.TempPathFactory) -> SiteReport:
    return shared(factory, "site", lambda folder: build_site(ROOT, folder))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> SiteReport:
    return built_site(tmp_path_factory)
