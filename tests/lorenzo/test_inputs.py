"""Bad input to Lorenzo il Magnifico (issue 11): action fields outside their declared domain
are refused with the kind's clause before any rule sees them, and a printed board whose
numbers do not fit together is refused in one line naming the number."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.spec import SpecError
from regelwerk.engine.lorenzo import GAME, PlaceCouncil, PlaceTower, Privilege, State

from tests import refusals

RULES = GAME.default_rules


def placing() -> State:
    """A seeded game at its first placement."""
    state = GAME.new_game(seed=3)
    while GAME.current_player(state) >= 0 and not any(
            isinstance(a, PlaceTower) for a in GAME.legal_actions(state)):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def test_every_kind_declares_its_field_domains() -> None:
    """Every whole-number field of every action kind has a domain, its bounds from the rules."""
    for kind in GAME.kinds:
        ints = [name for name, kind_type in kind.fields if kind_type is int]
        assert [name for name, _ in kind.domains] == ints, kind.name
        for name, domain in kind.domains:
            low, high = domain.limits(RULES)
            assert low >= 0 and (high is None or high >= low), (kind.name, name)


def test_listed_actions_lie_in_their_domains() -> None:
    """A domain never refuses a legal action: every action random play lists fits it."""
    state = GAME.new_game(seed=5)
    steps = 0
    while not GAME.is_terminal(state) and steps < 400:
        for action in GAME.legal_actions(state):
            kind = GAME.kind_of[type(action)]
            assert kind.field_error(state, action) is None, action
        state = GAME.step_random(state, Random(steps))[1]
        steps += 1


@pytest.mark.clause("lorenzo:tower.must_afford", "lorenzo:council.space",
                    "lorenzo:council.privilege")
@pytest.mark.parametrize(("change", "field"), [
    ({"tower": RULES.towers}, "tower"),
    ({"floor": -1}, "floor"),
    ({"member": RULES.members}, "member"),
    ({"servants": -2}, "servants"),
    ({"cost": RULES.most_costs}, "cost"),
    ({"discount": RULES.most_discounts}, "discount"),
])
def test_tower_fields_outside_their_domain_are_refused(change: dict[str, Any],
                                                       field: str) -> None:
    state = placing()
    legal = next(a for a in GAME.legal_actions(state) if isinstance(a, PlaceTower))
    wrong = replace(legal, **change)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, wrong)
    assert refused.value.clause == "lorenzo:tower.must_afford"
    assert field in str(refused.value) and field in refused.value.message_in("de")
    assert GAME.kind_of[PlaceTower].field_error(state, wrong) is not None
    refusals.refused(GAME, state, PlaceCouncil(RULES.members, 0), "lorenzo:council.space")
    refusals.refused(GAME, state, Privilege(len(RULES.privileges)), "lorenzo:council.privilege")


def board_error(board: dict[str, Any]) -> SpecError:
    with pytest.raises(SpecError) as refused:
        GAME.new_game(seed=1, options={"board": board})
    message = str(refused.value)
    assert "\n" not in message and "\n" not in refused.value.message_in("de")
    return refused.value


def test_faith_track_length_must_match_its_end() -> None:
    """faith.track_vp has a space for every faith point from 0 to faith.max."""
    track = RULES.spec["faith.track_vp"]
    error = board_error({"faith.track_vp": track[:-1]})
    assert str(error).endswith(f"faith.track_vp has {len(track) - 1} entries, but faith.max = "
                               f"{RULES.faith_max} needs {RULES.faith_max + 1}")
    assert "faith.track_vp" in error.message_in("de")
    error = board_error({"faith.max": RULES.faith_max + 1})
    assert "faith.track_vp" in str(error)
    assert GAME.new_game(seed=1, options={"board": {"faith.track_vp": list(track)}})


@pytest.mark.parametrize("path", ["market.space1", "towers.bonus.venture.floor3"])
def test_unknown_resource_is_named(path: str) -> None:
    error = board_error({path: {"gold": 2}})
    assert path in str(error) and "'gold'" in str(error)
    assert "'gold'" in error.message_in("de")


def test_negative_gain_and_missing_floor_bonus_are_refused() -> None:
    error = board_error({"market.space2": {"servant": -5}})
    assert "market.space2.servant" in str(error)
    error = board_error({"towers.bonus.floors": [2, 3]})
    assert "towers.bonus.territory.floor2" in str(error)
    error = board_error({"towers.bonus.floors": [9]})
    assert "9" in str(error)
