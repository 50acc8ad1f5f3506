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
    row = run.rated_playouts("medici_vs_strozzi",
                             run.playouts("medici_vs_strozzi", 0.6, 2, windows=3))
    assert len(row["window_rates"]) == 3
    assert round(row["moves_per_s"]) == max(row["window_rates"])
    # games, moves and rates are one window's: its rates are its counts over its time
    assert row["moves_per_s"] / row["games_per_s"] == pytest.approx(row["moves"] / row["games"])
    # no automa: every move is a seat's decision
    assert row["moves"] == row["decisions"] and row["decisions_per_s"] == row["moves_per_s"]


def test_the_automa_s_turns_are_moves_of_the_game(run: ModuleType) -> None:
    """Issue 35: the solo game's moves are the player's decisions and Strozzi's turns,
    counted in the window's own seeded games; the games of two or more families have
    none, and the count leaves the engine as it was."""
    from regelwerk.engine.florenz import solo

    original = solo.automa_turn
    window = {"games": 2, "decisions": 100, "seconds": 1.0, "seeds": [0, 1]}
    turns = run.automa_turns("florenz", 1, [0, 1])
    assert solo.automa_turn is original
    assert turns > 0 and turns == run.automa_turns("florenz", 1, [0, 1])
    assert run.rated_window("florenz", 1, window)["moves"] == 100 + turns
    assert run.automa_turns("florenz", 2, [0, 1]) == 0
    assert run.rated_window("medici_vs_strozzi", 2, window)["moves"] == 100


def test_python_chess_is_rated_by_its_best_window(run: ModuleType) -> None:
    row = run.chess_moves_per_second(0.3, windows=2)
    assert len(row["window_rates"]) == 2
    assert round(row["moves_per_s"]) == max(row["window_rates"])
