"""The turn, round and game rules of Medici vs Strozzi, clause by clause."""

from __future__ import annotations

from fractions import Fraction

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.spec import SpecError

from tests import refusals
from tests.medici_vs_strozzi.conftest import move_markers, play, preload, tile

M, S = mvs.MEDICI, mvs.STROZZI


@pytest.mark.clause("medici_vs_strozzi:setup.money", "medici_vs_strozzi:setup.ships",
                    "medici_vs_strozzi:setup.markers", "medici_vs_strozzi:setup.tiles",
                    "medici_vs_strozzi:setup.harbours", "medici_vs_strozzi:game.rounds")
def test_new_game_follows_the_setup(game: mvs.State) -> None:
    spec = game.rules.spec
    assert game.cash == (spec["economy.start_money"],) * 2
    assert game.loans == (0, 0)
    assert all(len(h) == 0 for p in game.holds for h in p)
    assert len(game.holds[M]) == len(spec["ships.capacities"])
    assert game.markers == (0,) * sum(spec["board.tracks_per_harbour"])
    goods = len(spec["tiles.goods"])
    assert len(game.bag) == goods * len(spec["tiles.values_per_good"]) + spec["tiles.gold_count"]
    assert game.active == M and game.round == 1


@pytest.mark.clause("medici_vs_strozzi:turn.draw")
def test_first_tile_is_compulsory_then_up_to_the_maximum(game: mvs.State) -> None:
    assert mvs.legal_actions(game) == (mvs.DRAW,)
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(game, mvs.STOP)
    assert refused.value.clause == "medici_vs_strozzi:turn.draw"
    state = game
    for _ in range(game.rules.max_draw):
        state = mvs.apply(state, mvs.DRAW)
    assert len(state.drawn) == game.rules.max_draw
    assert state.phase == mvs.Phase.PRICE  # nothing more may be drawn


@pytest.mark.clause("medici_vs_strozzi:turn.draw_limit")
def test_draw_limited_by_largest_free_hold(game: mvs.State) -> None:
    # Medici's holds nearly full: the roomiest has one free space.
    caps = game.rules.capacities
    state = preload(game, M, {s: c - 1 for s, c in enumerate(caps)})
    assert mvs.draw_limit(state) == 1
    assert not mvs.violations(state)
    state = mvs.apply(state, mvs.DRAW)
    assert state.phase == mvs.Phase.PRICE
    # and an almost empty bag limits the draw as well
    short = game._replace(bag=game.bag[:1])
    assert mvs.draw_limit(short) == 1


@pytest.mark.clause("medici_vs_strozzi:turn.price")
def test_price_is_open_ended_from_zero(game: mvs.State) -> None:
    state = play(game, mvs.DRAW, mvs.STOP)
    (choice,) = mvs.legal_actions(state)
    assert isinstance(choice, OpenChoice)
    assert choice.low == game.rules.spec["economy.min_price"] and choice.high is None
    assert mvs.apply(state, mvs.SetPrice(10**9)).price == 10**9
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.SetPrice(game.rules.min_price - 1))
    assert refused.value.clause == "medici_vs_strozzi:turn.price"


@pytest.mark.clause("medici_vs_strozzi:turn.offer", "medici_vs_strozzi:turn.payment",
                    "medici_vs_strozzi:turn.next")
def test_the_other_player_may_buy_and_then_moves_next(game: mvs.State) -> None:
    state = play(game, mvs.DRAW, mvs.STOP, mvs.SetPrice(5), mvs.BUY)
    assert state.buyer == S and state.current_player == S
    assert state.cash == (game.cash[M], game.cash[S] - 5)
    state = mvs.apply(state, mvs.Load(0, 1))
    assert state.active == S and state.phase == mvs.Phase.DRAW


@pytest.mark.clause("medici_vs_strozzi:turn.load", "medici_vs_strozzi:turn.port")
def test_port_fixed_after_first_load(game: mvs.State) -> None:
    state = play(game, mvs.DRAW, mvs.STOP, mvs.SetPrice(0), mvs.DECLINE, mvs.Load(2, 1))
    assert state.ports[M][2] == 1
    # Medici buys again: ship 2 may only stay in harbour 1
    state = play(state, mvs.DRAW, mvs.STOP, mvs.SetPrice(0), mvs.DECLINE)
    assert mvs.Load(2, 1) in mvs.legal_actions(state)
    refusals.refused(mvs, state, mvs.Load(2, 0), "medici_vs_strozzi:turn.port")


@pytest.mark.clause("medici_vs_strozzi:turn.port")
def test_ports_must_differ(game: mvs.State) -> None:
    state = play(game, mvs.DRAW, mvs.STOP, mvs.SetPrice(0), mvs.DECLINE, mvs.Load(0, 2))
    state = play(state, mvs.DRAW, mvs.STOP, mvs.SetPrice(0), mvs.DECLINE)
    before = state
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.Load(1, 2))
    assert refused.value.clause == "medici_vs_strozzi:turn.port"
    assert state == before
    assert {a.harbour for a in mvs.legal_actions(state) if isinstance(a, mvs.Load)
            and a.ship == 1} == {0, 1}


@pytest.mark.clause("medici_vs_strozzi:turn.load")
def test_all_tiles_of_a_purchase_go_onto_one_ship_with_room(game: mvs.State) -> None:
    caps = game.rules.capacities
    state = preload(game, M, {1: caps[1] - 2})
    state = play(state, mvs.DRAW, mvs.DRAW, mvs.DRAW, mvs.SetPrice(1), mvs.DECLINE)
    loads = [a for a in mvs.legal_actions(state) if isinstance(a, mvs.Load)]
    assert {a.ship for a in loads} == {0, 2}  # ship 1 has only two free spaces
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.Load(1, 0))
    assert refused.value.clause == "medici_vs_strozzi:turn.load"


@pytest.mark.clause("medici_vs_strozzi:turn.discard", "medici_vs_strozzi:turn.offer")
def test_buyer_without_room_may_buy_and_must_discard(game: mvs.State) -> None:
    caps = game.rules.capacities
    state = preload(game, S, {0: caps[0] - 1, 1: caps[1] - 1, 2: caps[2] - 1})
    state = play(state, mvs.DRAW, mvs.DRAW, mvs.STOP, mvs.SetPrice(3))
    assert mvs.BUY in mvs.legal_actions(state)
    state = mvs.apply(state, mvs.BUY)
    assert mvs.legal_actions(state) == (mvs.DISCARD,)
    after = mvs.apply(state, mvs.DISCARD)
    assert len(after.discarded) == 2


@pytest.mark.clause("medici_vs_strozzi:turn.offer")
def test_variant_may_not_buy_without_room() -> None:
    game = mvs.new_game(seed=7, options={"buy_without_room": "may_not_buy"})
    caps = game.rules.capacities
    state = preload(game, S, {s: c - 1 for s, c in enumerate(caps)})
    state = play(state, mvs.DRAW, mvs.DRAW, mvs.STOP, mvs.SetPrice(3))
    assert mvs.legal_actions(state) == (mvs.DECLINE,)
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.BUY)
    assert refused.value.clause == "medici_vs_strozzi:turn.offer"


@pytest.mark.clause("medici_vs_strozzi:money.loans", "medici_vs_strozzi:turn.payment")
def test_loan_covers_shortfall(game: mvs.State) -> None:
    price = game.rules.start_money + 25
    state = play(game, mvs.DRAW, mvs.STOP, mvs.SetPrice(price), mvs.DECLINE)
    assert state.cash[M] == 0 and state.loans[M] == 25
    assert mvs.pay(10, 5, 30) == (0, 25)
    assert mvs.pay(30, 5, 10) == (20, 5)


@pytest.mark.clause("medici_vs_strozzi:end.winner", "medici_vs_strozzi:money.loans")
def test_final_fortune_subtracts_loans(game: mvs.State) -> None:
    over = game._replace(phase=mvs.Phase.OVER, cash=(50, 40), loans=(20, 0))
    assert mvs.outcome(over).scores == {"medici": 30, "strozzi": 40}
    assert mvs.outcome(over).winners == ("strozzi",)
    assert mvs.winners((-5, -7)) == (0,)


@pytest.mark.clause("medici_vs_strozzi:end.winner")
def test_equal_fortunes_share_the_win(game: mvs.State) -> None:
    over = game._replace(phase=mvs.Phase.OVER, cash=(70, 90), loans=(0, 20))
    assert mvs.outcome(over).winners == ("medici", "strozzi")


@pytest.mark.clause("medici_vs_strozzi:round.end")
def test_round_ends_when_all_holds_full(game: mvs.State) -> None:
    caps = game.rules.capacities
    # Medici's other ships are full, ship 0 lacks one tile.
    state = preload(game, M, {s: c - (1 if s == 0 else 0) for s, c in enumerate(caps)})
    state = play(state, mvs.DRAW, mvs.SetPrice(0), mvs.DECLINE)
    assert not mvs.round_is_over(state)
    after = move_markers(mvs.apply(state, mvs.Load(0, 0)))
    assert after.round == 2 and len(after.scores) == 1


@pytest.mark.clause("medici_vs_strozzi:round.end")
def test_last_tile_is_still_sold(game: mvs.State) -> None:
    last = game.bag[-1]
    state = game._replace(bag=(last,))
    state = play(state, mvs.DRAW)
    assert state.phase == mvs.Phase.PRICE  # the bag is empty, but the turn goes on
    state = play(state, mvs.SetPrice(4), mvs.BUY)
    assert state.cash[S] == game.cash[S] - 4
    after = move_markers(mvs.apply(state, mvs.Load(0, 0)))
    assert after.round == 2
    assert after.scores[0].harbour_totals[0][S] == game.rules.tile_value[last]


@pytest.mark.clause("medici_vs_strozzi:round.next", "medici_vs_strozzi:game.rounds")
def test_next_round_resets_ships_keeps_markers_and_strozzi_opens() -> None:
    state = mvs.new_game(seed=3)
    rules = state.rules
    silk = tile(rules, rules.goods[rules.harbour_tracks[0][0]], 2)
    state = state._replace(bag=(silk,))
    state = move_markers(play(state, mvs.DRAW, mvs.SetPrice(0), mvs.DECLINE, mvs.Load(0, 0)))
    assert state.round == 2
    assert state.active == rules.first_player[1] == S
    assert state.markers[0] == rules.scoring.steps_per_tile  # moved towards Medici, kept
    assert all(not h for p in state.holds for h in p)
    assert all(port == -1 for p in state.ports for port in p)
    assert len(state.bag) == rules.tile_count


@pytest.mark.clause("medici_vs_strozzi:end.winner")
def test_game_over_refuses_actions() -> None:
    state = mvs.new_game(seed=1)._replace(phase=mvs.Phase.OVER)
    assert mvs.legal_actions(state) == ()
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.DRAW)
    assert refused.value.clause == "medici_vs_strozzi:end.winner"


def test_wrong_phase_names_the_clause_in_german(game: mvs.State) -> None:
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(game, mvs.BUY)
    assert refused.value.clause == "medici_vs_strozzi:turn.draw"
    german = refused.value.message_in("de")
    assert "ist jetzt nicht möglich" in german and "(Regel medici_vs_strozzi:turn.draw)" in german


def test_bad_options_are_refused() -> None:
    with pytest.raises(SpecError, match="exactly 2 players"):
        mvs.new_game(options={"players": 3})
    with pytest.raises(SpecError, match=r"unknown option 'no_such_variant'"):
        mvs.new_game(options={"no_such_variant": "x"})
    with pytest.raises(SpecError, match="off the track"):   # in its spec range, off this track
        mvs.new_game(options={"board": {"board.bonus_large_distance": 7}})
    domain = mvs.GAME.spec.number("board.bonus_large_distance").domain
    assert domain is not None and domain.high is not None
    beyond = int(domain.high) + 1
    with pytest.raises(SpecError, match=f"bonus_large_distance must be from {domain.low} to "
                                        f"{domain.high}, not {beyond}"):
        mvs.new_game(options={"board": {"board.bonus_large_distance": beyond}})


@pytest.mark.clause("medici_vs_strozzi:turn.draw", "medici_vs_strozzi:setup.tiles")
def test_the_caller_chooses_the_drawn_tile_when_chance_is_not_seeded() -> None:
    state = mvs.apply(mvs.new_game(seed=None), mvs.DRAW)
    rules = state.rules
    assert mvs.current_player(state) == CHANCE
    outcomes = dict(mvs.chance_outcomes(state))
    assert len(outcomes) == rules.tile_count
    assert set(outcomes.values()) == {Fraction(1, rules.tile_count)}
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.STOP)                # a player may not act for chance
    assert refused.value.clause == "medici_vs_strozzi:turn.draw"
    silk = tile(rules, rules.goods[0], 2)
    state = mvs.apply(state, mvs.TileDrawn(silk))
    assert state.drawn == (silk,) and silk not in state.bag
    assert mvs.current_player(state) == M
    # chance acts only after a draw
    refusals.refused(mvs, state, mvs.TileDrawn(0), "medici_vs_strozzi:turn.draw")


def test_a_seeded_game_draws_the_last_tile_of_its_shuffled_bag(game: mvs.State) -> None:
    after = mvs.apply(game, mvs.DRAW)
    assert after.drawn == (game.bag[-1],) and after.bag == game.bag[:-1]
