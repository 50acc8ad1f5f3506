"""Rules of Lorenzo il Magnifico, each test naming its clauses; the worked examples of the
rule text (raising a value with servants, the harvest and production examples, the first
Vatican report) replayed on the engine."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import (
    GAME,
    Church,
    DiceRoll,
    Exchange,
    PlaceTower,
    PlaceWork,
    Privilege,
    Stage,
    State,
    reveal,
)
from regelwerk.engine.lorenzo.church import report
from regelwerk.engine.lorenzo.effects import with_player
from regelwerk.engine.lorenzo.rules import BUILDING, NEUTRAL, TERRITORY
from regelwerk.engine.lorenzo.scoring import final_scores, military_points, winner

from tests.refusals import refused

RULES = GAME.rules_for({"players": 4, "game_mode": "basic"})
CARD = {c.id: i for i, c in enumerate(RULES.cards)}


def placing(black: int = 3, white: int = 3, orange: int = 3, **player: object) -> State:
    """A basic 4-player game with seed=None after the first roll (the rest of chance in box
    order); player 0 is to place, his fields replaced by ``player``."""
    state = GAME.new_game(seed=None, options={"players": 4, "game_mode": "basic"})
    state = reveal(state, DiceRoll(black, white, orange))
    assert state.stage == Stage.PLACE and state.current_player == 0
    return with_player(state, 0, state.players[0]._replace(**player))


@pytest.mark.clause("lorenzo:action.servants", "lorenzo:action.servants_needed",
                    "lorenzo:action.member_value")
def test_servants_raise_the_neutral_member() -> None:
    """Worked example: three servants raise the neutral member (value 0) to 3, enough for
    the second floor; not more servants than needed, not fewer."""
    state = placing(servant=5, coin=9)
    floor = RULES.floor_values.index(3)
    legal = [a for a in GAME.legal_actions(state)
             if isinstance(a, PlaceTower) and a.member == NEUTRAL and a.floor == floor]
    assert legal and {a.servants for a in legal} == {3}
    action = legal[0]
    after = GAME.apply(state, action)
    assert after.players[0].servant == 2
    # too few: the floor needs its value (tower.floors); too many (action.servants_needed)
    for servants, clause in ((2, "lorenzo:tower.floors"), (4, "lorenzo:action.servants_needed")):
        wrong = PlaceTower(action.tower, floor, NEUTRAL, servants, action.cost, action.discount)
        refused(GAME, state, wrong, clause)


@pytest.mark.clause("lorenzo:work.harvest", "lorenzo:work.bonus_tile", "lorenzo:work.value")
def test_harvest_example() -> None:
    """Worked example: a member of value 3 and two servants harvest at 5 with Forest, Manor
    House, Marble Pit and Monastery; the Monastery (6) gives nothing."""
    cards = tuple(CARD[c] for c in ("territory-1-5", "territory-2-7", "territory-3-4",
                                    "territory-1-6"))
    state = placing(servant=2, wood=0, stone=0, military=0, vp=0, faith=0,
                    cards=(cards, (), (), ()))
    before = state.players[0]
    after = GAME.apply(state, PlaceWork(0, False, 0, 2))
    player = after.players[0]
    assert (player.wood, player.stone, player.servant, player.military, player.vp,
            player.faith) == (1 + 3, 1 + 2, 1 + 2, 2, 1, 0)
    assert player.coin == before.coin


@pytest.mark.clause("lorenzo:work.production", "lorenzo:work.exchange_stock",
                    "lorenzo:effect.exchange", "lorenzo:work.spaces")
def test_production_example() -> None:
    """Worked example: value 6 on the large production space produces at 3; servants may
    raise it to 4 (Carpenter's Shop) or 5 (Fortress), no further; the coins of the bonus
    tile cannot pay the Treasury's exchange."""
    cards = tuple(CARD[c] for c in ("building-2-2", "building-1-5", "building-3-4"))
    state = placing(black=6, white=6, orange=6, servant=2, coin=0, wood=2,
                    cards=((), cards, (), ()))
    work = [a for a in GAME.legal_actions(state)
            if isinstance(a, PlaceWork) and a.area == 1 and a.large and a.member == 0]
    assert sorted(a.servants for a in work) == [0, 1, 2]
    after = GAME.apply(state, PlaceWork(1, True, 0, 0))
    player = after.players[0]      # no coin before: the Treasury is not offered
    assert not after.pending and (player.coin, player.military) == (2, 1)
    rich = with_player(state, 0, state.players[0]._replace(coin=2))
    after = GAME.apply(rich, PlaceWork(1, True, 0, 2))
    assert after.pending[0].need == Stage.EXCHANGE
    assert after.players[0].coin == 2       # income held back until the exchanges are done
    after = GAME.apply(after, Exchange(2))   # Treasury: 2 coins -> 5 victory points
    after = GAME.apply(after, Exchange(2))   # Carpenter's Shop: 2 wood -> 5 coins
    assert after.pending[0].need == Stage.PRIVILEGE    # the Fortress's privilege
    after = GAME.apply(after, Privilege(2))
    player = after.players[0]
    assert (player.vp, player.coin, player.wood, player.military) == (5 + 2, 2 + 5 + 2, 0, 1)


@pytest.mark.clause("lorenzo:vatican.forced", "lorenzo:vatican.choice", "lorenzo:vatican.support",
                    "lorenzo:vatican.threshold")
def test_first_vatican_report_example() -> None:
    """Worked example: after round 2 Red (2 faith) is excommunicated and keeps his faith;
    Green (3 faith) chooses, and supporting the Church gives him 3 victory points."""
    state = placing()
    state = state._replace(round=2)
    state = with_player(state, 0, state.players[0]._replace(faith=2))
    state = with_player(state, 1, state.players[1]._replace(faith=3))
    state = with_player(state, 2, state.players[2]._replace(faith=3))
    state = with_player(state, 3, state.players[3]._replace(faith=0))
    state = report(state)
    red = state.players[0]
    assert red.excommunicated == (state.excommunication[0],) and red.faith == 2
    assert [p.player for p in state.pending] == [1, 2]
    supported = GAME.apply(state, Church(True))
    assert (supported.players[1].vp, supported.players[1].faith) == (3, 0)
    refused = GAME.apply(supported, Church(False))
    assert refused.players[2].faith == 3 and refused.players[2].excommunicated


@pytest.mark.clause("lorenzo:tower.occupied_fee", "lorenzo:tower.own_colour")
def test_occupied_tower() -> None:
    """A second member in a tower pays the fee from coins held before; no second coloured
    member of one family in a tower (the neutral one may go)."""
    state = placing(black=6, white=6, orange=6, coin=3, servant=0)
    first = next(a for a in GAME.legal_actions(state)
                 if isinstance(a, PlaceTower) and a.tower == TERRITORY and a.member == 0)
    state = GAME.apply(state, first)
    while state.current_player == 0 and state.pending:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    state = state._replace(turn=0, stage=Stage.PLACE)
    state = with_player(state, 0, state.players[0]._replace(coin=3, servant=9))
    mine = [a for a in GAME.legal_actions(state) if isinstance(a, PlaceTower)
            and a.tower == TERRITORY]
    assert mine and all(a.member == NEUTRAL for a in mine)
    low = min(mine, key=lambda a: a.floor)
    assert low.floor < RULES.floors - 2      # no floor bonus on this floor
    assert GAME.apply(state, low).players[0].coin == 3 - RULES.occupied_fee
    poor = with_player(state, 0, state.players[0]._replace(coin=RULES.occupied_fee - 1))
    assert not any(isinstance(a, PlaceTower) and a.tower == TERRITORY
                   for a in GAME.legal_actions(poor))


@pytest.mark.clause("lorenzo:scoring.military")
def test_military_ranking_ties() -> None:
    prizes = RULES.score_military
    assert military_points((7, 3, 3, 0), prizes) == (prizes[0], prizes[1], prizes[1], 0)
    assert military_points((7, 7, 3, 0), prizes) == (prizes[0], prizes[0], 0, 0)
    assert military_points((0, 0), prizes) == (prizes[0], prizes[0])


@pytest.mark.clause("lorenzo:scoring.winner", "lorenzo:scoring.territories",
                    "lorenzo:scoring.resources")
def test_final_scoring_and_tie_break() -> None:
    state = placing()
    territories = tuple(RULES.decks[TERRITORY][0][:3])
    zero = {"coin": 0, "wood": 0, "stone": 0, "servant": 0, "military": 0, "vp": 0}
    for p in range(4):
        state = with_player(state, p, state.players[p]._replace(**zero))
    state = with_player(state, 2, state.players[2]._replace(
        cards=(territories, (), (), ()), coin=5, military=1))
    state = with_player(state, 3, state.players[3]._replace(vp=7))
    scores = final_scores(state)
    assert scores[2] == RULES.score_territories[3] + RULES.score_military[0] + 1
    assert scores[3] == 7 + RULES.score_military[1]
    state = state._replace(order=(1, 3, 2, 0))
    extra = scores[3] - scores[2]
    tied = final_scores(with_player(state, 2, state.players[2]._replace(vp=extra)))
    assert tied[2] == tied[3] == max(tied)
    assert winner(state, tied) == (3, True)         # 3 is before 2 in the turn order
    assert winner(state, scores) == (3, False)


@pytest.mark.clause("lorenzo:card.building", "lorenzo:tower.card_limit")
def test_card_limit() -> None:
    six = tuple(RULES.decks[BUILDING][0][:RULES.max_per_type])
    state = placing(black=6, white=6, orange=6, coin=20, wood=20, stone=20, servant=20,
                    cards=((), six, (), ()))
    assert not any(isinstance(a, PlaceTower) and a.tower == BUILDING
                   for a in GAME.legal_actions(state))
