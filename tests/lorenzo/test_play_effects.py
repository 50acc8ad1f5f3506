"""Card effects and excommunication penalties through play (issue 17): discounts, value
bonuses, a card's card action with the fee and the floor bonus, the lost floor bonus, gains per
card and per point, and the penalties of the excommunication tiles in the rounds after the
report that lays them. Expected values worked out by hand from the rule text (Effekte; Anhang
Exkommunikationsplaettchen; Hinweise zur Onlineversion) and the cards' data (cards.toml)."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.lorenzo import (
    GAME,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlaceWork,
    Stage,
    State,
    TakeCard,
    Work,
)
from regelwerk.engine.lorenzo.rules import NEUTRAL

from tests import refusals
from tests.lorenzo.play_helpers import (
    BLACK,
    ORANGE,
    TILE,
    TOWER,
    WHITE,
    Policy,
    cards_of,
    change,
    faithful,
    idle_action,
    prepare,
    privileges,
    refused,
    run_until,
    start,
    to_round_start,
    to_turn,
)

T, B, C, V = (TOWER[t] for t in ("territory", "building", "character", "venture"))
PRODUCTION = 1
QUIET = ("excommunication-1-5", "excommunication-2-5", "excommunication-3-2")


def stonemason_game() -> State:
    """Two players, dice all 3. Red's white 3 takes the Stonemason (4 coins; +2 on buildings
    taken, 1 wood or 1 stone off a building's cost) from the character tower's second floor."""
    state = start(2, roll=(3, 3, 3), deal={("building", 2): "building-1-1"})
    state = GAME.apply(state, PlaceTower(C, 1, WHITE, 0, 0, 0))
    assert cards_of(state, 0, "character") == ["character-1-2"]
    return to_turn(state, 0)


@pytest.mark.play("lorenzo:effect.discount", "lorenzo:effect.action_bonus",
                  "lorenzo:card.character", "lorenzo:card.cost")
def test_discount_and_value_bonus() -> None:
    """Red's black 3 reaches the building tower's third floor (5) with the Stonemason's +2.
    The Mint there costs 1 wood and 3 stone; red holds 2 stone: only the stone discount makes
    it affordable. He pays 1 wood, 2 stone, gets the floor's military point and 5 points."""
    state = stonemason_game()
    offered = {a.discount for a in GAME.legal_actions(state)
               if isinstance(a, PlaceTower) and a.tower == B and a.floor == 2}
    assert len(offered) == 1
    before = state
    state = GAME.apply(state, PlaceTower(B, 2, BLACK, 0, 0, offered.pop()))
    assert change(before, state, 0) == {"wood": -1, "stone": -2, "military": 1, "vp": 5}


@pytest.mark.play("lorenzo:effect.gain_per_card", "lorenzo:work.production",
                  "lorenzo:work.bonus_tile")
def test_gain_per_card_in_production() -> None:
    """Then red's orange 3 and two servants produce at 5: the tile's 2 coins and 1 military
    point, the Mint's 1 coin per building (he holds one)."""
    state = stonemason_game()
    state = GAME.apply(state, PlaceTower(B, 2, BLACK, 0, 0, 1))
    state = to_turn(state, 0)
    before = state
    state = GAME.apply(state, PlaceWork(PRODUCTION, False, ORANGE, 2))
    assert change(before, state, 0) == {"coin": 3, "military": 1, "servant": -2}


@pytest.mark.play("lorenzo:effect.no_floor_bonus")
def test_preacher_loses_floor_bonus() -> None:
    """Red takes the Preacher (2 coins, 4 faith; no bonus from the third and fourth floors),
    then the Gravel Pit (2 stone) from the territory tower's top floor with black 6 and a
    servant: no 2 wood from the floor."""
    state = start(2, roll=(1, 6, 1), deal={("character", 0): "character-1-7"})
    before = state
    state = GAME.apply(state, PlaceTower(C, 0, WHITE, 0, 0, 0))
    assert change(before, state, 0) == {"coin": -2, "faith": 4}
    state = to_turn(state, 0)
    before = state
    state = GAME.apply(state, PlaceTower(T, 3, BLACK, 1, 0, 0))
    assert cards_of(state, 0, "territory") == ["territory-1-4"]
    assert change(before, state, 0) == {"servant": -1, "stone": 2}


@pytest.mark.play("lorenzo:effect.take_card", "lorenzo:card.immediate",
                  "lorenzo:tower.occupied_fee", "lorenzo:tower.floor_bonus")
def test_card_action_pays_fee_and_takes_floor_bonus() -> None:
    """Green first (5 coins) puts his orange member on the territory tower. Red (6 coins) takes
    the Abbess (3 coins; 1 faith and a card of value 4) from the character tower's top floor
    with black 6 and a servant (2 stone from the floor). With the Abbess he takes the Village
    from the territory tower's third floor (5) with one more servant: the fee of 3 coins is
    due (green is there), the floor gives 1 wood; no member of his goes there."""
    state = start(2, roll=(1, 6, 1), order=(1, 0), deal={("character", 3): "character-1-8"})
    state = GAME.apply(state, PlaceTower(T, 0, ORANGE, 0, 0, 0))
    before = state
    state = GAME.apply(state, PlaceTower(C, 3, BLACK, 1, 0, 0))
    assert state.step == Stage.TAKE and GAME.current_player(state) == 0
    state = GAME.apply(state, TakeCard(T, 2, 1, 0, 0))
    assert change(before, state, 0) == {"coin": -6, "servant": -2, "stone": 2, "faith": 1,
                                        "wood": 1}
    assert cards_of(state, 0, "territory") == ["territory-1-3"]
    assert state.spaces[T * 4 + 2] == ()
    assert state.players[0].used.count(True) == 1


def excommunicated_in(tiles: tuple[str, str, str], rounds: int, roll: tuple[int, int, int],
                      policy: Policy = idle_action,
                      deal: dict[tuple[str, int], str] | None = None) -> State:
    """Two players by seat who gather no faith (everybody is excommunicated in every report),
    played through ``rounds`` rounds; the next round's cards laid (``deal``) and ``roll``
    rolled."""
    state = start(2, roll=(1, 1, 1), tiles=tiles)
    for _ in range(rounds):
        state = to_round_start(state, policy)
    return prepare(state, roll=roll, deal=deal)


@pytest.mark.play("lorenzo:effect.gain_modifier", "lorenzo:excommunication.per_source",
                  "lorenzo:vatican.forced")
def test_one_coin_less_per_source() -> None:
    """Excommunicated in period 1 with the tile 'one coin less from every source', red's
    member in the council palace brings 1 - 1 = 0 coins and the coin privilege 2 - 1 = 1."""
    state = excommunicated_in(("excommunication-1-2", "excommunication-2-5",
                               "excommunication-3-2"), 2, (1, 1, 1))
    assert state.round == 3 and GAME.current_player(state) == 0
    assert state.players[0].excommunicated == (TILE["excommunication-1-2"],)
    before = state
    state = privileges(GAME.apply(state, PlaceCouncil(WHITE, 0)), "coin")
    assert change(before, state, 0) == {"coin": 1}


@pytest.mark.play("lorenzo:effect.member_value")
def test_coloured_members_one_less() -> None:
    """Excommunicated with 'coloured members -1', red's white 3 counts 2: the territory
    tower's second floor (3) needs a servant; his neutral member is unchanged (3 servants)."""
    state = excommunicated_in(("excommunication-1-7", "excommunication-2-5",
                               "excommunication-3-2"), 2, (3, 3, 3),
                              lambda s: idle_action(s, privilege="servant"))
    legal = GAME.legal_actions(state)
    assert {a.servants for a in legal if isinstance(a, PlaceTower) and a.tower == T
            and a.floor == 1 and a.member == WHITE} == {1}
    assert {a.servants for a in legal if isinstance(a, PlaceTower) and a.tower == T
            and a.floor == 1 and a.member == NEUTRAL} == {3}


@pytest.mark.play("lorenzo:effect.action_bonus", "lorenzo:work.harvest")
def test_harvest_three_less() -> None:
    """Red's first member takes the Forest (harvest value 5: 3 wood). Excommunicated in period
    1 with 'harvest -3', his white 6 harvests at 3 in round 3: the tile pays, the Forest not;
    two servants (up to the Forest's 5, no more) bring it back."""
    state = start(2, roll=(6, 1, 1), tiles=("excommunication-1-5", "excommunication-2-5",
                                            "excommunication-3-2"),
                  deal={("territory", 0): "territory-1-5"})
    state = GAME.apply(state, PlaceTower(T, 0, BLACK, 0, 0, 0))

    def policy(s: State) -> Any:
        return idle_action(s, privilege="servant")

    state = prepare(to_round_start(to_round_start(state, policy), policy), roll=(6, 6, 6))
    state = to_turn(state, 0)
    assert state.round == 3 and state.players[0].excommunicated == (
        TILE["excommunication-1-5"],)
    assert {a.servants for a in GAME.legal_actions(state) if isinstance(a, PlaceWork)
            and a.member == WHITE and a.area == 0} == {0, 1, 2}
    after = GAME.apply(state, PlaceWork(0, False, WHITE, 0))
    assert change(state, after, 0) == {"wood": 1, "stone": 1, "servant": 1}
    after = GAME.apply(state, PlaceWork(0, False, WHITE, 2))
    assert change(state, after, 0) == {"wood": 4, "stone": 1, "servant": -1}


@pytest.mark.play("lorenzo:effect.forbid_space")
def test_market_barred() -> None:
    """Excommunicated in period 2 with 'no market', red may not use the market in round 5."""
    state = excommunicated_in(("excommunication-1-5", "excommunication-2-5",
                               "excommunication-3-2"), 4, (6, 6, 6))
    assert state.round == 5
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, PlaceMarket)]
    refusals.refused(GAME, state, PlaceMarket(0, WHITE, 0), "lorenzo:effect.forbid_space")
    assert PlaceMarket(0, WHITE, 0) in GAME.legal_actions(
        excommunicated_in(("excommunication-1-5", "excommunication-2-1",
                           "excommunication-3-2"), 4, (6, 6, 6)))


@pytest.mark.play("lorenzo:effect.servant_rate")
def test_two_servants_per_point() -> None:
    """Excommunicated in period 2 with 'two servants per point', red's white 1 needs 4
    servants for the second floor (3) in round 5."""
    state = excommunicated_in(("excommunication-1-5", "excommunication-2-6",
                               "excommunication-3-2"), 4, (1, 1, 1),
                              lambda s: idle_action(s, privilege="servant"))
    assert {a.servants for a in GAME.legal_actions(state) if isinstance(a, PlaceTower)
            and a.tower == T and a.floor == 1 and a.member == WHITE} == {4}
    assert refused(state, PlaceTower(T, 1, WHITE, 2, 0, 0)) == "lorenzo:tower.floors"


@pytest.mark.play("lorenzo:effect.special")
def test_first_turn_lost() -> None:
    """Red alone is excommunicated in period 2 with 'lose the first turn of every round'
    (green supports the Church with 4 faith points). Round 5 begins with red first in turn
    order, yet green places first; red still places all his members."""
    policy = faithful({1: 4})
    state = excommunicated_in(("excommunication-1-5", "excommunication-2-7",
                               "excommunication-3-2"), 4, (1, 1, 1), policy)
    assert state.round == 5 and state.order[0] == 0
    assert state.players[1].excommunicated == ()
    assert GAME.current_player(state) == 1
    movers = []
    while state.round == 5:
        if GAME.current_player(state) < 0:
            state = to_round_start(state, policy)
            continue
        action = policy(state)
        if isinstance(action, PlaceCouncil):
            movers.append(GAME.current_player(state))
        state = GAME.apply(state, action)
    assert movers == [1, 0, 1, 0, 1, 0]


@pytest.mark.play("lorenzo:effect.gain_per_resource")
def test_general_points_per_military() -> None:
    """Red takes military privileges all game (2 points each; 4 members in rounds 1-3, 3 in
    round 4: 30 military points). In round 5 the General (5 coins) gives 1 point per 2
    military points: 15."""
    state = excommunicated_in(("excommunication-1-5", "excommunication-2-5",
                               "excommunication-3-2"), 4, (1, 1, 1),
                              lambda s: idle_action(s, privilege="military"),
                              {("character", 0): "character-3-7"})
    assert state.players[0].military == 30 and GAME.current_player(state) == 0
    before = state
    state = GAME.apply(state, PlaceTower(C, 0, WHITE, 0, 0, 0))
    assert change(before, state, 0) == {"coin": -5, "vp": 15}


@pytest.mark.play("lorenzo:effect.harvest", "lorenzo:card.immediate", "lorenzo:card.venture")
def test_venture_with_a_harvest() -> None:
    """Round 3: red (servants from his privileges) takes Improving the Canals (3 coins,
    2 servants; a harvest at 4) with black 1. The harvest needs no member: his tile pays 1
    wood, 1 stone, 1 servant (he holds no territory)."""
    state = excommunicated_in(("excommunication-1-6", "excommunication-2-5",
                               "excommunication-3-2"), 2, (1, 1, 1),
                              lambda s: idle_action(s, privilege="servant"),
                              {("venture", 0): "venture-2-5"})
    before = state
    state = GAME.apply(state, PlaceTower(V, 0, BLACK, 0, 0, 0))
    assert state.step == Stage.WORK
    state = GAME.apply(state, Work(0))
    assert change(before, state, 0) == {"coin": -3, "servant": -1, "wood": 1, "stone": 1}
    assert cards_of(state, 0, "venture") == ["venture-2-5"]
    assert state.players[0].used.count(True) == 1


@pytest.mark.play("lorenzo:effect.production", "lorenzo:card.character")
def test_character_with_a_production() -> None:
    """Round 5: red takes the Bishop (5 coins; 1 faith and a production at 4) with white 1.
    The production needs no member: his tile pays 2 coins and 1 military point."""
    state = excommunicated_in(QUIET, 4, (1, 1, 1), deal={("character", 0): "character-3-6"})
    assert state.round == 5 and GAME.current_player(state) == 0
    before = state
    state = GAME.apply(state, PlaceTower(C, 0, WHITE, 0, 0, 0))
    assert state.step == Stage.WORK
    state = GAME.apply(state, Work(0))
    assert change(before, state, 0) == {"coin": -3, "faith": 1, "military": 1}
    assert state.players[0].used.count(True) == 1


def character_collector(state: State) -> Any:
    """Red takes a character with every member that can, else behaves as :func:`idle_action`
    (coins while he holds fewer than 10, servants otherwise)."""
    p = GAME.current_player(state)
    if p == 0 and state.step == Stage.PLACE:
        takes = [a for a in GAME.legal_actions(state)
                 if isinstance(a, PlaceTower) and a.tower == C]
        if takes:
            return takes[0]
    rich = state.players[p].coin >= 10
    return idle_action(state, privilege="servant" if rich else "coin")


def affords_a_character(state: State) -> bool:
    """Red is to place, his neutral member at home, with servants for any floor and coins for
    the fee and every character card lying in the tower."""
    if not (state.stage == Stage.PLACE and not state.pending and GAME.current_player(state) == 0):
        return False
    red = state.players[0]
    costs = [state.rules.cards[c].costs[0].pay[0] for c in state.towers[C * 4:C * 4 + 4]
             if c >= 0]
    return not red.used[NEUTRAL] and bool(costs) and red.servant >= 7 and \
        red.coin >= 3 + max(costs)


@pytest.mark.play("lorenzo:tower.card_limit")
def test_no_seventh_card_of_a_type() -> None:
    """Red takes characters whenever he can; once he holds six, the character tower is closed
    to him, though he has his neutral member, servants for any floor, and coins for the fee
    and any card lying there."""
    state = start(2, roll=(6, 6, 6), tiles=QUIET)
    limit = 6
    while len(state.players[0].cards[C]) < limit:
        state = run_until(state, lambda s: len(s.players[0].cards[C]) >= limit
                          or (s.stage == Stage.ROLL), character_collector)
        if state.stage == Stage.ROLL:
            state = prepare(state, roll=(6, 6, 6))
    state = run_until(state, lambda s: affords_a_character(s) or s.stage == Stage.ROLL,
                      character_collector)
    while not affords_a_character(state):
        state = run_until(prepare(state, roll=(6, 6, 6)) if state.stage == Stage.ROLL else state,
                          lambda s: affords_a_character(s) or s.stage == Stage.ROLL,
                          character_collector)
    assert len(state.players[0].cards[C]) == limit
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, PlaceTower)
                and a.tower == C]
