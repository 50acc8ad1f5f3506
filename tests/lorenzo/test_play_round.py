"""Set-up, a round's preparation, turns, the market, the council palace and the end of a round,
through play (issue 17). Expected values worked out by hand from the rule text (Aufbau;
A Vorbereitung der Runde; B Aktionen; Der Markt; Der Ratspalast; D Ende der Runde)."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.spec import SpecError
from regelwerk.engine.lorenzo import (
    GAME,
    CardDealt,
    OrderDrawn,
    Pass,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    Privilege,
    Stage,
    State,
)
from regelwerk.engine.lorenzo.rules import NEUTRAL

from tests import refusals
from tests.lorenzo.play_helpers import (
    BLACK,
    PRIVILEGE,
    SPEC,
    TOWER,
    WHITE,
    apply,
    begin,
    change,
    dice,
    prepare,
    privileges,
    refused,
    start,
    stock,
    to_round_start,
    to_turn,
)

T = TOWER["territory"]


@pytest.mark.play("lorenzo:setup.order", "lorenzo:setup.player", "lorenzo:setup.players")
def test_first_turn_order_and_starting_material() -> None:
    """Chance draws the order blue, red, yellow, green: they get 5, 6, 7, 8 coins; everybody
    2 wood, 2 stone, 3 servants, no points, four members at home."""
    state = begin(4, order=(2, 0, 3, 1))
    assert state.order == (2, 0, 3, 1)
    coins = {2: 5, 0: 6, 3: 7, 1: 8}
    for p in range(4):
        assert stock(state, p) == {"coin": coins[p], "wood": 2, "stone": 2, "servant": 3,
                                   "military": 0, "faith": 0, "vp": 0}
        assert state.players[p].used == (False,) * 4
    for players in (SPEC["players.min"] - 1, SPEC["players.max"] + 1):
        with pytest.raises(SpecError):
            GAME.new_game(seed=None, options={"players": players})


@pytest.mark.play("lorenzo:setup.excommunication", "lorenzo:excommunication.tiles")
def test_one_excommunication_tile_per_period() -> None:
    """Chance lays one tile of each period, drawn among that period's tiles only."""
    state = GAME.new_game(seed=None, options={"players": 2, "game_mode": "basic"})
    state = apply(state, OrderDrawn(0, 0), OrderDrawn(1, 1))
    per_period = SPEC["excommunication.per_period"]
    for period in range(1, SPEC["periods.count"] + 1):
        offered = GAME.legal_actions(state)
        assert len(offered) == per_period
        assert {a.period for a in offered} == {period}
        tiles = {state.rules.excommunications[a.tile].period for a in offered}
        assert tiles == {period}
        state = GAME.apply(state, offered[-1])
    assert len(state.excommunication) == SPEC["periods.count"]
    assert state.stage == Stage.DEAL


@pytest.mark.play("lorenzo:round.cards", "lorenzo:round.dice", "lorenzo:setup.decks",
                  "lorenzo:endround.cards", "lorenzo:round.structure")
def test_round_preparation_and_clearing() -> None:
    """Each round chance lays four cards of the tower's type and the period's pile on every
    tower, from the lowest floor up, then rolls the three dice, which set the members' values.
    Cards left at the end of round 1 are gone: round 2 lays the other four of each period-1
    pile; round 3 lays period-2 cards."""
    state = begin(2)
    dealt = []
    while state.stage == Stage.DEAL:
        outcomes = GAME.legal_actions(state)
        assert all(isinstance(a, CardDealt) for a in outcomes)
        first = outcomes[0]
        assert {state.rules.cards[a.card].period for a in outcomes} == {1}
        assert {state.rules.cards[a.card].type for a in outcomes} == {first.tower}
        dealt.append((first.tower, first.floor))
        state = GAME.apply(state, first)
    per_round = SPEC["towers.cards_per_round"]
    assert dealt == [(t, f) for t in range(SPEC["towers.count"]) for f in range(per_round)]
    assert state.stage == Stage.ROLL and GAME.current_player(state) == CHANCE
    assert len(GAME.legal_actions(state)) == len(SPEC["dice.faces"]) ** SPEC["dice.count"]
    state = GAME.apply(state, dice(2, 5, 4))
    assert state.dice == (2, 5, 4)
    first_round = {c for c in state.towers if c >= 0}
    # black 5 on the third floor (5) of the territory tower, white 2 not (short by 3)
    assert PlaceTower(T, 2, BLACK, 0, 0, 0) in GAME.legal_actions(state)
    assert refused(state, PlaceTower(T, 2, WHITE, 0, 0, 0)) == "lorenzo:tower.floors"
    state = GAME.apply(state, PlaceTower(T, 0, WHITE, 0, 0, 0))
    state = to_round_start(state)
    assert state.round == 2
    state = prepare(state)
    second_round = {c for c in state.towers if c >= 0}
    assert len(second_round) == len(first_round) == SPEC["towers.count"] * per_round
    assert not first_round & second_round
    assert {state.rules.cards[c].period for c in second_round} == {1}
    state = to_round_start(state)
    assert state.round == 3
    state = prepare(state)
    assert {state.rules.cards[c].period for c in state.towers if c >= 0} == {2}


@pytest.mark.play("lorenzo:market.spaces", "lorenzo:council.privileges_differ",
                  "lorenzo:effect.privilege", "lorenzo:action.space_taken")
def test_market_spaces() -> None:
    """Four players each send a member to one market space: 5 coins; 5 servants; 3 military
    points and 2 coins; two different council privileges. A taken space is closed."""
    state = start(4, roll=(1, 1, 1))
    steps = [(PlaceMarket(0, WHITE, 0), {"coin": 5}),
             (PlaceMarket(1, WHITE, 0), {"servant": 5}),
             (PlaceMarket(2, WHITE, 0), {"coin": 2, "military": 3})]
    for p, (action, gain) in enumerate(steps):
        before = state
        state = GAME.apply(state, action)
        assert change(before, state, p) == gain
        assert refused(state, action) == "lorenzo:action.space_taken"
    before = state
    state = GAME.apply(state, PlaceMarket(3, WHITE, 0))
    assert state.step == Stage.PRIVILEGE and GAME.current_player(state) == 3
    state = privileges(state, "coin")
    refusals.refused(GAME, state, Privilege(PRIVILEGE["coin"]), "lorenzo:council.privileges_differ")
    assert len(GAME.legal_actions(state)) == len(SPEC["privilege.options"]) - 1
    state = privileges(state, "faith")
    assert change(before, state, 3) == {"coin": 2, "faith": 1}
    assert state.stage == Stage.PLACE and GAME.current_player(state) == 0


@pytest.mark.play("lorenzo:market.same_family")
def test_one_family_on_several_market_spaces() -> None:
    """Two players: red's white member takes the 5 coins, later his black member the 5
    servants; only the space he holds is closed to him."""
    state = start(2, roll=(1, 1, 1))
    state = GAME.apply(state, PlaceMarket(0, WHITE, 0))
    state = to_turn(state, 0)
    assert refused(state, PlaceMarket(0, BLACK, 0)) == "lorenzo:action.space_taken"
    before = state
    state = GAME.apply(state, PlaceMarket(1, BLACK, 0))
    assert change(before, state, 0) == {"servant": 5}


def council_round() -> tuple[State, dict[str, int]]:
    """Four players by seat, dice all 1. Red takes the 5 coins at the market, green a
    territory; blue, yellow, red and blue again go to the council palace, green never does.
    Returns the state and what blue's first member there brought him."""
    state = start(4, roll=(1, 1, 1))
    state = apply(state, PlaceMarket(0, WHITE, 0), PlaceTower(T, 0, WHITE, 0, 0, 0))
    before = state
    state = GAME.apply(state, PlaceCouncil(WHITE, 0))          # blue
    state = privileges(state, "servant")
    council = change(before, state, 2)
    state = privileges(GAME.apply(state, PlaceCouncil(BLACK, 0)), "coin")    # yellow
    state = privileges(GAME.apply(state, PlaceCouncil(BLACK, 0)), "coin")    # red
    state = GAME.apply(state, PlaceMarket(1, BLACK, 0))        # green
    state = privileges(GAME.apply(state, PlaceCouncil(BLACK, 0)), "coin")    # blue again
    return state, council


def check_council_palace_sets_next_turn_order() -> None:
    state, council = council_round()
    # one coin and one privilege (here 2 servants) for each member placed there
    assert council == {"coin": 1, "servant": 2}
    assert len(state.spaces[-1]) == 4
    # the rest of the round: everybody to the council palace where he can, else he passes
    state = to_round_start(state)
    # leftmost member of each family: blue, yellow, red; green (absent) keeps his place
    assert state.order == (2, 3, 0, 1)
    state = prepare(state, roll=(1, 1, 1))
    assert GAME.current_player(state) == 2
    assert all(p.used == (False,) * 4 for p in state.players)
    assert all(not space for space in state.spaces)


@pytest.mark.play("lorenzo:council.space", "lorenzo:council.privilege",
                  "lorenzo:endround.order", "lorenzo:endround.members", "lorenzo:action.turns")
def test_council_palace_sets_next_turn_order() -> None:
    check_council_palace_sets_next_turn_order()


@pytest.mark.play("lorenzo:endround.order")
def test_absent_families_keep_their_order() -> None:
    """Only yellow, then green visit the council palace: yellow, green, then red and blue in
    their old order; the next round nobody goes there and the order stays."""
    state = start(4, roll=(1, 1, 1))
    state = apply(state, PlaceMarket(0, WHITE, 0), PlaceMarket(1, WHITE, 0),
                  PlaceMarket(2, WHITE, 0))
    state = privileges(GAME.apply(state, PlaceCouncil(WHITE, 0)), "coin")    # yellow
    state = apply(state, PlaceTower(T, 0, BLACK, 0, 0, 0))   # red
    state = privileges(GAME.apply(state, PlaceCouncil(BLACK, 0)), "coin")    # green
    state = apply(state, PlaceTower(T, 1, BLACK, 2, 0, 0))   # blue

    def elsewhere(s: State) -> Any:
        """Everybody stays out of the council palace: towers first, then passing."""
        from tests.lorenzo.play_helpers import idle_action

        legal = GAME.legal_actions(s)
        if s.step == Stage.PLACE:
            other = [a for a in legal if not isinstance(a, PlaceCouncil)]
            return other[0] if other else legal[0]
        return idle_action(s)

    state = to_round_start(state, elsewhere)
    assert state.order == (3, 1, 0, 2)
    state = prepare(state, roll=(1, 1, 1))
    state = to_round_start(state, elsewhere)
    assert state.order == (3, 1, 0, 2)


@pytest.mark.play("lorenzo:action.must_place", "lorenzo:action.member_value")
def test_pass_only_without_a_placement() -> None:
    """Two players who only visit the council palace: each round the neutral member (value 0)
    needs a servant there. In round 4 red has none left: his neutral member cannot go
    anywhere and he must pass, while in his earlier turns passing is refused."""
    state = start(2, roll=(1, 1, 1))
    assert refused(state, Pass()) == "lorenzo:action.must_place"
    for _ in range(3):
        state = prepare(to_round_start(state), roll=(1, 1, 1))
    assert state.round == 4 and state.players[0].servant == 0
    for _ in range(3):
        state = to_turn(state, 0)
        assert refused(state, Pass()) == "lorenzo:action.must_place"
        state = privileges(GAME.apply(state, PlaceCouncil(
            next(m for m in range(NEUTRAL) if not state.players[0].used[m]), 0)), "coin")
    state = to_turn(state, 0)
    assert list(GAME.legal_actions(state)) == [Pass()]


@pytest.mark.play("lorenzo:action.must_place")
def test_pass_refused_names_must_place() -> None:
    """A player with members and a free council palace may not pass; the clause that forbids
    it is the one that makes placing compulsory."""
    state = start(2, roll=(1, 1, 1))
    assert refused(state, Pass()) == "lorenzo:action.must_place"


@pytest.mark.play("lorenzo:endround.order", "lorenzo:council.space")
def test_neutral_member_counts_for_turn_order() -> None:
    """Two players, red first. Red's first member goes to the market; green's neutral member
    (a servant) is the first in the council palace, red's black member comes after it: green
    leads the next round."""
    state = start(2, roll=(1, 1, 1))
    state = GAME.apply(state, PlaceMarket(0, WHITE, 0))
    state = privileges(GAME.apply(state, PlaceCouncil(NEUTRAL, 1)), "coin")
    state = privileges(GAME.apply(state, PlaceCouncil(BLACK, 0)), "coin")
    state = to_round_start(state)
    assert state.order == (1, 0)
