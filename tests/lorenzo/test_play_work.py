"""Harvest and production through play (issue 17): the value of the action, the bonus tile,
the cards it reaches, the large spaces and the spaces closed by player count, one coloured
member per area, exchanges paid from the stock held before. Expected values worked out by hand
from the rule text (Ernte und Produktion; Aktivierung dauerhafter Effekte; Der Markt; Aufbau,
Punkt 6); the simple bonus tile's gains are those of the rule text's worked examples."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import GAME, Exchange, PlaceMarket, PlaceTower, PlaceWork, Stage, State
from regelwerk.engine.lorenzo.rules import NEUTRAL

from tests.lorenzo.play_helpers import (
    BLACK,
    ORANGE,
    SPEC,
    TOWER,
    WHITE,
    apply,
    change,
    prepare,
    refused,
    start,
    to_round_start,
    to_turn,
)

HARVEST, PRODUCTION = 0, 1
T, B, C, V = (TOWER[t] for t in ("territory", "building", "character", "venture"))
#: The simple bonus tile (basic game), as the rule text's two worked examples show it.
TILE_HARVEST = {"wood": 1, "stone": 1, "servant": 1}
TILE_PRODUCTION = {"coin": 2, "military": 1}


def plus(*gains: dict[str, int]) -> dict[str, int]:
    total: dict[str, int] = {}
    for gain in gains:
        for key, amount in gain.items():
            total[key] = total.get(key, 0) + amount
    return {k: v for k, v in total.items() if v}


def harvest_position() -> State:
    """Round 1: red's orange 1 takes Woods (harvest value 2: 1 wood). Round 2: red's orange 1
    takes the Gravel Pit (harvest value 4: 2 stone); white shows 3. Red is to place again."""
    state = start(4, roll=(3, 3, 1), deal={("territory", 0): "territory-1-2",
                                           ("territory", 1): "territory-1-5",
                                           ("territory", 2): "territory-1-6",
                                           ("territory", 3): "territory-1-7"})
    state = apply(state, PlaceTower(T, 0, ORANGE, 0, 0, 0))
    state = to_round_start(state)
    state = prepare(state, roll=(3, 2, 1), deal={("territory", 0): "territory-1-4"})
    state = to_turn(state, 0)
    state = GAME.apply(state, PlaceTower(T, 0, ORANGE, 0, 0, 0))
    return to_turn(state, 0)


def check_harvest_reaches_cards_by_value() -> None:
    state = harvest_position()
    # value 3: the tile and Woods (2); the Gravel Pit needs 4
    after = GAME.apply(state, PlaceWork(HARVEST, False, WHITE, 0))
    assert change(state, after, 0) == plus(TILE_HARVEST, {"wood": 1})
    # one servant raises it to 4: the Gravel Pit too, the servant paid
    after = GAME.apply(state, PlaceWork(HARVEST, False, WHITE, 1))
    assert change(state, after, 0) == plus(TILE_HARVEST, {"wood": 1}, {"stone": 2},
                                           {"servant": -1})


@pytest.mark.play("lorenzo:work.harvest", "lorenzo:work.bonus_tile", "lorenzo:work.value",
                  "lorenzo:card.permanent", "lorenzo:action.servants")
def test_harvest_reaches_cards_by_value() -> None:
    check_harvest_reaches_cards_by_value()


@pytest.mark.play("lorenzo:action.servants_needed", "lorenzo:work.value")
def test_harvest_servants_only_up_to_use() -> None:
    """No card of red's asks for more than 4: a second servant is refused."""
    state = harvest_position()
    assert {a.servants for a in GAME.legal_actions(state) if isinstance(a, PlaceWork)
            and a.member == WHITE and a.area == HARVEST and not a.large} == {0, 1}
    assert refused(state, PlaceWork(HARVEST, False, WHITE, 2)) == "lorenzo:work.value"


@pytest.mark.play("lorenzo:work.spaces", "lorenzo:work.value", "lorenzo:work.one_colour",
                  "lorenzo:action.one_colour_per_group", "lorenzo:action.space_taken")
def test_large_space_penalty_and_one_coloured_member() -> None:
    """Four players, dice white 4, black 3, orange 6. Red's white 4 on the large harvest space
    harvests at 1 (the tile pays); green's black 3 there harvests at 0 (nothing). Red may not
    add a coloured member to the harvest area, his neutral one he may; the small space holds
    one member."""
    penalty = SPEC["harvest_production.large_penalty"]
    assert 4 + penalty == SPEC["bonus_tile.activation_value"]
    state = start(4, roll=(4, 3, 6))
    after = GAME.apply(state, PlaceWork(HARVEST, True, WHITE, 0))
    assert change(state, after, 0) == TILE_HARVEST
    green = GAME.apply(after, PlaceWork(HARVEST, True, BLACK, 0))
    assert change(after, green, 1) == {}
    assert green.stage == Stage.PLACE and GAME.current_player(green) == 2
    state = GAME.apply(green, PlaceWork(HARVEST, False, ORANGE, 0))     # blue, small space
    assert refused(state, PlaceWork(HARVEST, False, WHITE, 0)) == "lorenzo:work.value"
    state = to_turn(state, 0)
    legal = [a for a in GAME.legal_actions(state) if isinstance(a, PlaceWork)
             and a.area == HARVEST]
    assert {a.member for a in legal} == {NEUTRAL} and {a.large for a in legal} == {True}


@pytest.mark.play("lorenzo:setup.covers", "lorenzo:work.spaces", "lorenzo:market.players")
@pytest.mark.parametrize(("players", "large", "markets"),
                         [(2, False, {0, 1}), (3, True, {0, 1}), (4, True, {0, 1, 2, 3})])
def test_spaces_closed_by_player_count(players: int, large: bool, markets: set[int]) -> None:
    """Two players: the large spaces and two market spaces closed; three: only the two market
    spaces; four: the whole board (Aufbau, Punkt 6; Der Markt: spaces 3 and 4 need four)."""
    state = start(players, roll=(6, 6, 6))
    legal = GAME.legal_actions(state)
    assert {a.large for a in legal if isinstance(a, PlaceWork)} == ({False, True} if large
                                                                    else {False})
    assert {a.space for a in legal if isinstance(a, PlaceMarket)} == markets
    if not large:
        assert refused(state, PlaceWork(PRODUCTION, True, WHITE, 0)) == "lorenzo:work.value"
    for space in set(range(SPEC["market.spaces"])) - markets:
        assert refused(state, PlaceMarket(space, WHITE, 0)) == "lorenzo:market.players"


def production_position(coins_left: bool) -> State:
    """Red (5 coins) takes the Dame (4 coins) with white 5 and, unless ``coins_left``,
    Repairing the Church (1 coin, 1 wood, 1 stone) with orange 1; then the Residence
    (2 stone; production value 1: pay 1 coin for a privilege) with black 2. Red is to
    place his neutral member next."""
    state = start(4, roll=(5, 2, 1), deal={("building", 0): "building-1-8",
                                           ("venture", 0): "venture-1-2"})
    state = GAME.apply(state, PlaceTower(C, 2, WHITE, 0, 0, 0))
    if not coins_left:
        state = to_turn(state, 0)
        state = GAME.apply(state, PlaceTower(V, 0, ORANGE, 0, 0, 0))
    state = to_turn(state, 0)
    state = GAME.apply(state, PlaceTower(B, 0, BLACK, 0, 0, 0))
    return to_turn(state, 0)


@pytest.mark.play("lorenzo:work.exchange_stock", "lorenzo:work.production",
                  "lorenzo:effect.exchange", "lorenzo:card.building")
def test_exchange_paid_only_from_stock_held() -> None:
    """With no coin before the production, the Residence's exchange is not offered though
    the tile pays 2 coins in the same production; with 1 coin it is, and paid from it."""
    state = production_position(coins_left=False)
    assert state.players[0].coin == 0
    after = GAME.apply(state, PlaceWork(PRODUCTION, False, NEUTRAL, 1))
    assert not after.pending
    assert change(state, after, 0) == plus(TILE_PRODUCTION, {"servant": -1})
    state = production_position(coins_left=True)
    assert state.players[0].coin == 1
    after = GAME.apply(state, PlaceWork(PRODUCTION, False, NEUTRAL, 1))
    assert after.step == Stage.EXCHANGE
    after = GAME.apply(after, Exchange(1))
    assert after.step == Stage.PRIVILEGE
    after = GAME.apply(after, GAME.legal_actions(after)[-1])       # the last choice: faith
    assert change(state, after, 0) == plus(TILE_PRODUCTION, {"servant": -1, "coin": -1,
                                                             "faith": 1})
