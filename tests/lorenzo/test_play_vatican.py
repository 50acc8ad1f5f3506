"""The Vatican report through play (issue 17): when it comes, the threshold of each period,
forced and chosen excommunication, supporting the Church, the last report, the end of the
faith track. Expected values worked out by hand from the rule text (C Vatikanbericht, with its
example of the first report); victory points per faith space read from spec (faith.track_vp)."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import GAME, Church, Stage, State

from tests.lorenzo.play_helpers import (
    SPEC,
    TILE,
    faithful,
    prepare,
    run_until,
    start,
    to_end,
    to_round_start,
)

FAITH_VP = SPEC["faith.track_vp"]
FIRST = "excommunication-1-5"


def at_first_report(faith: dict[int, int], order: tuple[int, ...] = (0, 1)) -> State:
    """Two players play rounds 1 and 2 at the council palace, taking faith privileges up to
    ``faith``; the state where the first report asks its first question."""
    state = start(2, roll=(1, 1, 1), order=order)
    policy = faithful(faith)
    state = prepare(to_round_start(state, policy), roll=(1, 1, 1))
    return run_until(state, lambda s: s.step == Stage.CHURCH or s.round > 2, policy)


def check_first_report_example() -> None:
    """The text's example: red has 2 faith points, green 3. Red is excommunicated and keeps his
    2 points; green chooses, and supporting the Church gives him 3 victory points (space 3)
    and his disc goes back to 0."""
    state = at_first_report({0: 2, 1: 3})
    assert state.round == 2 and state.stage == Stage.VATICAN
    assert state.players[0].excommunicated == (TILE[FIRST],)
    assert state.players[0].faith == 2
    assert GAME.current_player(state) == 1 and state.players[1].faith == 3
    assert set(GAME.legal_actions(state)) == {Church(True), Church(False)}
    after = GAME.apply(state, Church(True))
    assert after.players[1].vp - state.players[1].vp == FAITH_VP[3] == 3
    assert after.players[1].faith == 0 and after.players[1].excommunicated == ()
    assert after.round == 3 and after.stage == Stage.DEAL


@pytest.mark.play("lorenzo:vatican.when", "lorenzo:vatican.threshold", "lorenzo:vatican.forced",
                  "lorenzo:vatican.choice", "lorenzo:vatican.support")
def test_first_report_example() -> None:
    check_first_report_example()


@pytest.mark.play("lorenzo:vatican.choice", "lorenzo:vatican.forced")
def test_chosen_excommunication_keeps_faith() -> None:
    state = at_first_report({0: 2, 1: 3})
    after = GAME.apply(state, Church(False))
    assert after.players[1].excommunicated == (TILE[FIRST],)
    assert after.players[1].faith == 3 and after.players[1].vp == 0


@pytest.mark.play("lorenzo:vatican.order", "lorenzo:vatican.when")
def test_report_questions_in_turn_order() -> None:
    """Green before red in turn order, both above the threshold: green decides first. No
    report closes round 1 although both had enough faith then."""
    state = start(2, roll=(1, 1, 1), order=(1, 0))
    policy = faithful({0: 4, 1: 4})
    state = to_round_start(state, policy)
    assert state.round == 2 and all(p.faith == 4 for p in state.players)
    assert all(p.excommunicated == () for p in state.players)
    state = run_until(prepare(state, roll=(1, 1, 1)), lambda s: s.step == Stage.CHURCH, policy)
    assert GAME.current_player(state) == 1
    state = GAME.apply(state, Church(True))
    assert state.step == Stage.CHURCH and GAME.current_player(state) == 0


@pytest.mark.play("lorenzo:vatican.threshold", "lorenzo:vatican.final",
                  "lorenzo:vatican.track_end", "lorenzo:scoring.faith", "lorenzo:end.trigger")
def test_later_thresholds_last_report_and_track_end() -> None:
    """Red gathers faith all game and never supports the Church; green supports it whenever
    he may, gathering 4 faith per period. Period 2 asks 4 (green, with 4, chooses), period 3
    asks 5: green with 4 is excommunicated, but in this last report his 4 faith still score
    and his disc goes back. Red's faith stops at the track's end (15) and scores 30 at the
    last report although excommunicated; the final scoring adds nothing for faith."""
    thresholds = SPEC["vatican.thresholds"]
    faith_max = SPEC["faith.max"]
    state = start(2, roll=(1, 1, 1))
    period_faith = thresholds[1]
    policy = faithful({0: 99, 1: period_faith}, support={0: False, 1: True})
    state = to_end(state, policy)
    assert GAME.is_over(state) and state.round == SPEC["rounds.count"]
    red, green = state.players
    # green: supported twice (4 faith each: spaces 4 -> 4 VP, twice), excommunicated in the
    # third period with 4 < 5, his 4 faith still scored (4 VP)
    assert len(green.excommunicated) == 1 and green.faith == 0
    assert green.vp == 3 * FAITH_VP[period_faith] == 12
    # red: 4 faith per round in rounds 1-3, 3 per round after; capped at 15, scored once
    assert len(red.excommunicated) == 3 and red.faith == 0
    assert red.vp == FAITH_VP[faith_max] == 30
