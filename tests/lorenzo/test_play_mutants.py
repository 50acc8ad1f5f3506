"""Mutants at phase boundaries (issue 17, point 4): an effect deliberately doubled and one
deliberately skipped where the phases of Lorenzo il Magnifico meet, each made with
``monkeypatch`` on the engine function and each caught by a named scenario through play, which
holds without the mutant."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from regelwerk.engine.lorenzo import church, flow
from regelwerk.engine.lorenzo.state import State

from tests.lorenzo.test_play_round import check_council_palace_sets_next_turn_order
from tests.lorenzo.test_play_vatican import check_first_report_example
from tests.lorenzo.test_play_work import check_harvest_reaches_cards_by_value


def caught(check: Callable[[], None]) -> bool:
    try:
        check()
    except AssertionError:
        return True
    return False


def test_scenarios_hold_without_mutants() -> None:
    for check in (check_harvest_reaches_cards_by_value, check_first_report_example,
                  check_council_palace_sets_next_turn_order):
        assert not caught(check), check.__name__


def test_doubled_harvest_income(monkeypatch: pytest.MonkeyPatch) -> None:
    """The income a harvest holds back is paid twice when the activation ends."""
    original = flow.flush_income

    def doubled(state: State) -> State:
        return original(state._replace(income=tuple(2 * x for x in state.income)))

    monkeypatch.setattr(flow, "flush_income", doubled)
    assert caught(check_harvest_reaches_cards_by_value)


def test_doubled_church_support(monkeypatch: pytest.MonkeyPatch) -> None:
    """Supporting the Church in a Vatican report scores the faith space twice."""
    original = church.score_faith

    def doubled(state: State, p: int) -> State:
        faith = state.players[p].faith
        once = original(state, p)
        players = once.players
        again = players[p]._replace(vp=players[p].vp + state.rules.faith_vp[faith])
        return once._replace(players=players[:p] + (again,) + players[p + 1:])

    monkeypatch.setattr(church, "score_faith", doubled)
    assert caught(check_first_report_example)


def test_skipped_vatican_report(monkeypatch: pytest.MonkeyPatch) -> None:
    """The actions of round 2 end and the round ends without the Vatican report."""
    monkeypatch.setattr(flow, "report", flow.end_round)
    assert caught(check_first_report_example)


def test_skipped_turn_order_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """The end of a round forgets the council palace: the old turn order stays."""
    original = flow.end_round

    def forgetful(state: State) -> State:
        council = len(state.spaces) - 1
        return original(state._replace(spaces=state.spaces[:council] + ((),)))

    monkeypatch.setattr(flow, "end_round", forgetful)
    assert caught(check_council_palace_sets_next_turn_order)
