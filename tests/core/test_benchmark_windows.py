"""``benchmarks/run.py`` rates a game and python-chess alike: each rate is the best of
its timing windows, and the figures beside it are that window's."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def run() -> ModuleType:
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(BENCHMARKS))
        return importlib.import_module("run")


def test_the_best_window_counts_with_its_own_figures(run: ModuleType) -> None:
    windows = iter([{"rate": 5.0, "count": 50}, {"rate": 9.0, "count": 90},
                    {"rate": 7.0, "count": 70}])
    row = run.best_window(3, lambda: next(windows), "rate")
    assert row == {"rate": 9.0, "count": 90, "window_rates": [5, 9, 7]}


def test_a_game_is_rated_by_its_best_window(run: ModuleType) -> None:
    row = run.playouts("medici_vs_strozzi", 0.6, 2, windows=3)
    assert len(row["window_rates"]) == 3
    assert round(row["actions_per_s"]) == max(row["window_rates"])
    # games, actions and rates are one window's: its rates are its counts over its time
    assert row["actions_per_s"] / row["games_per_s"] == pytest.approx(
        row["actions"] / row["games"])


def test_python_chess_is_rated_by_its_best_window(run: ModuleType) -> None:
    row = run.chess_moves_per_second(0.3, windows=2)
    assert len(row["window_rates"]) == 2
    assert round(row["moves_per_s"]) == max(row["window_rates"])
