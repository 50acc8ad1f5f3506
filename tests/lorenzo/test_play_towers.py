"""Tower actions through play (issue 17): what one placement in a tower adds up to, the floor
value, the floor bonus, the fee for an occupied tower, one coloured member per tower, costs,
territory slots. Expected values worked out by hand from the rule text (Tuerme; Regeln zum
Setzen von Familienmitgliedern in einen Turm; Die Entwicklungskarten)."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import GAME, PlaceMarket, PlaceTower, Stage, State
from regelwerk.engine.lorenzo.rules import NEUTRAL

from tests.lorenzo.play_helpers import (
    BLACK,
    FLOOR_VALUES,
    ORANGE,
    TOWER,
    WHITE,
    apply,
    cards_of,
    change,
    prepare,
    privileges,
    refused,
    start,
    to_round_start,
    to_turn,
)

T, B, C, V = (TOWER[t] for t in ("territory", "building", "character", "venture"))
TOP = len(FLOOR_VALUES) - 1


def fee_scenario() -> tuple[State, State, State]:
    """4 players by seat; Hiring Recruits (4 coins, +5 military) on the venture tower's top
    floor. Red's orange member (1) takes the venture tower's first floor; green's black member
    (6) and one servant take the top floor. Returns (green to place, after green's placement,
    red's state before)."""
    state = start(4, roll=(1, 6, 1), deal={("venture", 3): "venture-1-1"})
    state = apply(state, PlaceTower(V, 0, ORANGE, 0, 0, 0))
    assert GAME.current_player(state) == 1
    return state, GAME.apply(state, PlaceTower(V, TOP, BLACK, 1, 0, 0)), state


def check_tower_fee_and_floor_bonus() -> None:
    green, after, _ = fee_scenario()
    # the tower holds red's member: 3 coins fee first (6 -> 3), the top floor's 2 coins
    # (3 -> 5), the card's 4 coins (5 -> 1): the bonus pays part of the cost; 1 servant raises
    # the 6 to the top floor's 7; the card's immediate effect gives 5 military points.
    assert change(green, after, 1) == {"coin": -5, "servant": -1, "military": 5}
    assert cards_of(after, 1, "venture") == ["venture-1-1"]
    assert after.towers[V * len(FLOOR_VALUES) + TOP] == -1


@pytest.mark.play("lorenzo:tower.occupied_fee", "lorenzo:tower.floor_bonus",
                  "lorenzo:tower.sequence", "lorenzo:card.cost", "lorenzo:action.servants",
                  "lorenzo:card.immediate", "lorenzo:card.venture", "lorenzo:effect.gain",
                  "lorenzo:tower.floors", "lorenzo:action.areas")
def test_tower_fee_and_floor_bonus() -> None:
    check_tower_fee_and_floor_bonus()


@pytest.mark.play("lorenzo:action.minimum", "lorenzo:action.servants_needed",
                  "lorenzo:tower.floors", "lorenzo:action.member_value")
def test_floor_value_and_servants_needed() -> None:
    green, _, _ = fee_scenario()
    # black 6 is short of the top floor's 7 by one: no servant, or two, are refused
    assert refused(green, PlaceTower(V, TOP, BLACK, 0, 0, 0)) == "lorenzo:tower.floors"
    assert refused(green, PlaceTower(V, TOP, BLACK, 2, 0, 0)) == "lorenzo:action.servants_needed"
    # white 1 needs 2 servants for the second floor (3), a 6 takes a lower floor as it is
    legal = set(GAME.legal_actions(green))
    assert {a.servants for a in legal if isinstance(a, PlaceTower) and a.member == WHITE
            and a.tower == T and a.floor == 1} == {FLOOR_VALUES[1] - 1}
    assert PlaceTower(T, 0, BLACK, 0, 0, 0) in legal
    # the neutral member counts 0: three servants for the second floor of a free tower
    assert {a.servants for a in legal if isinstance(a, PlaceTower) and a.member == NEUTRAL
            and a.tower == T and a.floor == 1} == {FLOOR_VALUES[1]}


@pytest.mark.play("lorenzo:tower.occupied_fee", "lorenzo:tower.must_afford")
def test_fee_is_paid_from_coins_held() -> None:
    """Red takes the Dame (4 coins) with white 5 and keeps 1 coin; green enters the venture
    tower. In his second turn red may not enter it: the fee is 3 coins and the top floor's 2
    coins do not count towards it, though the card (Building the Walls, 3 stone) is covered."""
    state = start(4, roll=(5, 6, 1), deal={("venture", 3): "venture-1-3"})
    state = apply(state, PlaceTower(C, 2, WHITE, 0, 0, 0))
    assert state.players[0].coin == 1 and state.players[0].stone == 3
    state = apply(state, PlaceTower(V, 0, ORANGE, 0, 0, 0))     # green, first floor
    state = to_turn(state, 0)
    # the refusal names the fee's clause
    assert refused(state, PlaceTower(V, TOP, BLACK, 1, 0, 0)) == "lorenzo:tower.occupied_fee"
    assert not [a for a in GAME.legal_actions(state)
                if isinstance(a, PlaceTower) and a.tower == V]
    assert PlaceTower(T, 0, BLACK, 0, 0, 0) in GAME.legal_actions(state)


@pytest.mark.play("lorenzo:tower.own_colour", "lorenzo:action.one_colour_per_group",
                  "lorenzo:tower.occupied_fee", "lorenzo:card.territory",
                  "lorenzo:action.space_taken", "lorenzo:tower.any_floor")
def test_one_coloured_member_per_tower() -> None:
    """Red's orange member takes the territory tower's first floor. In his next turn his
    coloured members are kept out of that tower, his neutral one is not; it pays the fee for
    his own member there; the first floor is closed to everyone."""
    state = start(4, roll=(6, 6, 1))
    state = apply(state, PlaceTower(T, 0, ORANGE, 0, 0, 0))
    # green: the taken floor is closed to him, the floor above is open
    assert refused(state, PlaceTower(T, 0, WHITE, 0, 0, 0)) == "lorenzo:tower.must_afford"
    assert PlaceTower(T, 3, WHITE, 1, 0, 0) in GAME.legal_actions(state)
    state = to_turn(state, 0)
    members = {a.member for a in GAME.legal_actions(state)
               if isinstance(a, PlaceTower) and a.tower == T}
    assert members == {NEUTRAL}
    before = state
    state = GAME.apply(state, PlaceTower(T, 1, NEUTRAL, FLOOR_VALUES[1], 0, 0))
    # Woods: free card, 1 wood at once; 3 coins fee (his own member is there), 3 servants
    assert change(before, state, 0) == {"coin": -3, "servant": -3, "wood": 1}
    assert cards_of(state, 0, "territory") == ["territory-1-1", "territory-1-2"]


@pytest.mark.play("lorenzo:card.territory_slots", "lorenzo:market.spaces")
def test_third_territory_needs_military() -> None:
    """Red holds two territories after round 1 and no military points: the third slot asks
    for 3 and is closed. The market's third space (3 military, 2 coins) opens it; the points
    are not spent."""
    state = start(4, roll=(6, 6, 1))
    state = apply(state, PlaceTower(T, 0, ORANGE, 0, 0, 0))
    state = to_turn(state, 0)
    state = GAME.apply(state, PlaceTower(T, 1, NEUTRAL, FLOOR_VALUES[1], 0, 0))
    state = to_round_start(state)
    state = prepare(state, roll=(6, 6, 6))
    state = to_turn(state, 0)
    assert state.players[0].military == 0
    assert not [a for a in GAME.legal_actions(state)
                if isinstance(a, PlaceTower) and a.tower == T]
    state = GAME.apply(state, PlaceMarket(2, ORANGE, 0))
    state = to_turn(state, 0)
    assert state.players[0].military == 3
    before = state
    state = GAME.apply(state, PlaceTower(T, 0, WHITE, 0, 0, 0))
    assert len(cards_of(state, 0, "territory")) == 3
    assert state.players[0].military == before.players[0].military


@pytest.mark.play("lorenzo:card.building", "lorenzo:card.character", "lorenzo:effect.privilege",
                  "lorenzo:council.privileges_differ", "lorenzo:card.types")
def test_building_and_character_costs() -> None:
    """Two players. Red's black 6 and a servant take the Knight (2 coins, one privilege) from
    the character tower's top floor (2 stone) and he picks wood and stone; then his white 5
    takes the Tax Office (3 wood and 1 stone, 5 victory points) from the building tower's
    third floor (1 military point): every item of the building's cost is paid."""
    state = start(2, roll=(5, 6, 1), deal={("building", 2): "building-1-2"})
    before = state
    state = GAME.apply(state, PlaceTower(C, 3, BLACK, 1, 0, 0))    # Knight on the top floor
    # the character tower's top floor gives 2 stone; the Knight costs 2 coins, one privilege
    assert state.step == Stage.PRIVILEGE
    state = privileges(state, "wood_stone")
    assert change(before, state, 0) == {"coin": -2, "servant": -1, "stone": 3, "wood": 1}
    state = to_turn(state, 0)
    before = state
    state = GAME.apply(state, PlaceTower(B, 2, WHITE, 0, 0, 0))
    # Tax Office: 3 wood and 1 stone paid, 5 victory points; floor 3 gives 1 military point
    assert change(before, state, 0) == {"wood": -3, "stone": -1, "vp": 5, "military": 1}
