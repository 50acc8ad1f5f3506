"""Simulation at scale: the same report on one process, on forked workers and on Dask."""

from __future__ import annotations

from typing import Any

from regelwerk.engine.medici_vs_strozzi.game import GAME

from regelwerk.simulate import SimulationReport, simulate


def figures(report: SimulationReport) -> dict[str, Any]:
    data = report.to_json()
    for timing in ("seconds", "games_per_second", "actions_per_second"):
        del data[timing]
    return data


def test_forked_workers_and_a_local_dask_cluster_report_the_same_games() -> None:
    alone = simulate(GAME, 30, 11, {})
    assert alone.games == 30 and alone.actions > 30 and sum(alone.outcomes.values()) == 30
    assert figures(simulate(GAME, 30, 11, {}, jobs=2)) == figures(alone)
    assert figures(simulate(GAME, 30, 11, {}, jobs=2, dask="local")) == figures(alone)


def test_a_different_seed_plays_other_games() -> None:
    assert figures(simulate(GAME, 10, 1, {})) != figures(simulate(GAME, 10, 2, {}))
