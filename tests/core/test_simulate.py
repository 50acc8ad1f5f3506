"""Simulation at scale: the same report on one process, on forked workers and on Dask."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from regelwerk.engine.medici_vs_strozzi.game import GAME

from regelwerk.simulate import LONGEST, SimulationReport, playout, simulate


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


def test_a_game_longer_than_its_declared_maximum_is_stopped_and_reported() -> None:
    """A policy that finds a loop the rules allow must not hang a run: past ``Game.longest``
    the game stops as a violation of ``max_length``, with its record."""
    short = replace(GAME, max_length=lambda rules: 5)
    state, steps, violation = playout(short, seed=0, index=0, options={})
    assert violation is not None and violation.invariants == [LONGEST]
    assert steps == violation.step == 6 and not GAME.is_over(state)
    assert len(violation.record.actions) == 6
    _, _, fine = playout(GAME, seed=0, index=0, options={})
    assert fine is None


def test_a_run_whose_game_never_ends_fails_in_one_line(capsys: Any) -> None:
    """``compare`` and ``stats`` need every game to end: one that outlasts the declared
    maximum stops the run with the game, seed and policy named (exit 1), never a hang."""
    from regelwerk.compare import play_pair
    from regelwerk.simulate import EndlessGame

    short = replace(GAME, max_length=lambda rules: 5)
    with pytest.raises(EndlessGame) as caught:
        play_pair(short, ({}, {}), seed=3, index=2)
    text = caught.value.message_in("de")
    assert "medici_vs_strozzi" in text and "Partie 2" in text and "5" in text
    assert "--seed 3 --policy random" in str(caught.value)


def test_compare_leaves_a_game_that_never_ends_out_and_says_so() -> None:
    """A pair whose game outlasts its maximum length (a loop a policy found) is left out of
    compare's figures, counted and named in both languages, instead of stopping the run."""
    from regelwerk.compare import Comparison, PairTask, readings, tally

    values = ("finish_turn", "void_draw")
    options = readings(GAME, "last_tile", values, 2)
    task = PairTask(GAME.id, options, seed=0)
    endless = task.pair(replace(GAME, max_length=lambda rules: 5), 3)
    fine = task.pair(GAME, 4)
    assert endless.endless and not fine.endless
    report = tally(Comparison(GAME.id, "last_tile", values, 2, 0), [endless, fine])
    assert report.games == 1 and report.endless == [3]
    assert report.to_json()["endless"] == [3]
    assert any("left out: 1 games" in line and "game 3" in line for line in report.lines("en"))
    assert any("ausgelassen: 1 Partien" in line for line in report.lines("de"))
