"""The register's readings of Medici vs Strozzi played (issue 29): each variant's own code
path worked out from the rule text, and the tests behind the entries whose readings
cannot differ in play (``plays_alike``)."""

from __future__ import annotations

from itertools import product
from random import Random

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs

from tests.medici_vs_strozzi.conftest import move_markers, play, preload, tiles
from tests.refusals import refused

M, S = mvs.MEDICI, mvs.STROZZI


# ---------------------------------------------------------------- readings that play alike

@pytest.mark.clause("medici_vs_strozzi:round.end", "medici_vs_strozzi:turn.draw_limit")
def test_full_holds_and_no_room_for_a_draw_coincide(game: mvs.State) -> None:
    """interp.full_ships: for every load of either player's ships (all of them), the round
    is over exactly when that player could not draw a single tile: when every hold is
    full (the text's reading) exactly when no ship has room for one tile."""
    rules = game.rules
    seen = {True: 0, False: 0}
    for player in (M, S):
        for counts in product(*(range(capacity + 1) for capacity in rules.capacities)):
            state = preload(game, player, dict(enumerate(counts)))._replace(active=player)
            assert state.bag  # the bag has tiles: only the holds can end the round
            every_hold_full = all(len(hold) == capacity for hold, capacity
                                  in zip(state.holds[player], rules.capacities, strict=True))
            no_room_for_a_draw = mvs.draw_limit(state) < rules.min_draw and not any(
                rules.fns.hold_has_room(capacity, len(hold), rules.min_draw)
                for hold, capacity in zip(state.holds[player], rules.capacities, strict=True))
            assert every_hold_full == no_room_for_a_draw
            assert mvs.round_is_over(state) == every_hold_full
            seen[every_hold_full] += 1
    assert seen[True] == 2 and seen[False] > 0  # one full load per player, the rest not


@pytest.mark.clause("medici_vs_strozzi:money.loans", "medici_vs_strozzi:turn.payment",
                    "medici_vs_strozzi:end.winner")
def test_borrowing_or_repaying_more_changes_no_play() -> None:
    """interp.loans: the same random games, once borrowing exactly what a payment lacks and
    once with every player also borrowing or repaying an arbitrary amount before every
    action (the reading ``any_time_any_amount``): the same legal actions at every step,
    the same fortunes throughout and the same result."""
    moves = 0
    for seed in range(12):
        exact = mvs.new_game(seed=seed)
        free = exact
        borrow = Random(f"borrow/{seed}")
        for action, after in mvs.GAME.random_steps(exact, Random(f"{seed}/policy")):
            cash, loans = list(free.cash), list(free.loans)
            for player in (M, S):
                # repay at most what he owes and holds, or borrow any amount
                amount = borrow.randint(-min(cash[player], loans[player]), 60)
                cash[player] += amount
                loans[player] += amount
            free = free._replace(cash=(cash[0], cash[1]), loans=(loans[0], loans[1]))
            moves += free.cash != exact.cash
            assert mvs.legal_actions(free) == mvs.legal_actions(exact)
            assert free.fortunes() == exact.fortunes()
            free, exact = mvs.apply(free, action), after
            assert not mvs.violations(free)
        assert free.fortunes() == exact.fortunes()
        assert mvs.outcome(free).winners == mvs.outcome(exact).winners
    assert moves > 100  # the free reading did borrow and repay other amounts


# ---------------------------------------------------------------- variants

@pytest.mark.clause("medici_vs_strozzi:round.end")
def test_variant_void_draw_ends_the_round_at_the_last_tile() -> None:
    """interp.last_tile, variant ``void_draw``: the round ends at the draw of the bag's last
    tile; the turn's tiles are sold to nobody and come back for the next round."""
    options = {"last_tile": "void_draw"}
    start = mvs.new_game(seed=5, options=options)
    rules = start.rules
    state = start._replace(bag=start.bag[-2:])
    state = mvs.apply(state, mvs.DRAW)
    assert state.phase == mvs.Phase.DRAW and len(state.drawn) == 1  # one tile left: no end yet
    state = mvs.apply(state, mvs.DRAW)
    # the last tile is drawn: no price, no purchase, the round is scored at once
    assert state.round == 2 and len(state.scores) == 1
    assert state.cash == start.cash and state.loans == (0, 0)
    assert all(totals == (0, 0) for totals in state.scores[0].harbour_totals)
    assert len(state.bag) == rules.tile_count
    # the decision: the same draw goes on to the price
    default = mvs.new_game(seed=5)
    default = mvs.apply(mvs.apply(default._replace(bag=default.bag[-2:]), mvs.DRAW), mvs.DRAW)
    assert default.phase == mvs.Phase.PRICE and default.round == 1


@pytest.mark.clause("medici_vs_strozzi:turn.port", "medici_vs_strozzi:round.next")
def test_variant_assign_at_round_start() -> None:
    """interp.port_on_first_load, variant ``assign_at_round_start``: before the first draw each
    player sends his ships to different harbours, the round's opener first; the last ship
    takes the harbour left; loading then goes to the ship's harbour only, and the next
    round starts with new harbours, its own opener first."""
    state = mvs.new_game(seed=7, options={"port_on_first_load": "assign_at_round_start"})
    rules = state.rules
    ships, harbours = len(rules.capacities), rules.harbour_count
    opener = rules.first_player[0]
    assert state.phase == mvs.Phase.PORTS and mvs.GAME.to_move(state) == opener
    assert len(mvs.legal_actions(state)) == ships * harbours
    state = mvs.apply(state, mvs.Assign(0, harbours - 1))
    refused(mvs, state, mvs.Assign(1, harbours - 1), "medici_vs_strozzi:turn.port")  # used
    assert len(mvs.legal_actions(state)) == (ships - 1) * (harbours - 1)
    for ship in range(1, ships - 1):
        state = mvs.apply(state, mvs.Assign(ship, ship - 1))
    # the opener's last ship took the harbour left
    assert sorted(state.ports[opener]) == list(range(harbours))
    assert mvs.GAME.to_move(state) == 1 - opener
    while state.phase == mvs.Phase.PORTS:
        state = mvs.apply(state, mvs.legal_actions(state)[0])
    assert state.phase == mvs.Phase.DRAW and state.active == opener
    assert not mvs.violations(state)  # empty ships with harbours are right here
    state = play(state, mvs.DRAW, mvs.STOP, mvs.SetPrice(0), mvs.DECLINE)
    assert set(mvs.legal_actions(state)) == {
        mvs.Load(ship, state.ports[opener][ship]) for ship in range(ships)} | {mvs.DISCARD}
    state = move_markers(mvs.apply(state, mvs.Load(0, state.ports[opener][0])))
    while state.round == 1:
        state = move_markers(mvs.apply(state, mvs.random_action(state, Random(1))))
    assert state.phase == mvs.Phase.PORTS
    assert mvs.GAME.to_move(state) == rules.first_player[1]
    assert all(port == -1 for row in state.ports for port in row)


@pytest.mark.clause("medici_vs_strozzi:scoring.marker_move")
def test_variant_medici_first_moves_one_after_the_other() -> None:
    """interp.marker_netting, variant ``medici_first``: the Medici player's steps first, each
    player's move stopping at the track's end, so steps past the end are lost before the
    Strozzi player's move; netting loses only the net excess."""
    netted = mvs.rules_for()
    first = mvs.rules_for({"marker_netting": "medici_first"})
    params = first.scoring
    end = params.half_length
    # one space from Medici's end: Medici 3 stops at the end, then Strozzi 2 back
    assert first.fns.move_marker(end - 1, 3, 2, params) == end - 2
    assert netted.fns.move_marker(end - 1, 3, 2, params) == end
    # the Strozzi player's move is clamped only after the Medici player's
    assert first.fns.move_marker(-end + 1, 1, 4, params) == -end
    # away from the ends both orders give the net move
    assert first.fns.move_marker(0, 2, 1, params) == netted.fns.move_marker(0, 2, 1, params) == 1
    # through round scoring: Medici's tiles of the track's good push past his end
    good = netted.goods[netted.harbour_tracks[0][0]]
    ids = tiles(netted, good, 1, 2, 3)
    cargo = [[[(netted.tile_good[t], netted.tile_value[t]) for t in ids[:2]], [], []],
             [[(netted.tile_good[ids[2]], netted.tile_value[ids[2]])], [], []]]
    markers = (end - 1,) + (0,) * (netted.marker_count - 1)
    steps = netted.scoring.steps_per_tile
    assert mvs.score_round(first, cargo, markers).markers_after[0] == end - steps
    assert mvs.score_round(netted, cargo, markers).markers_after[0] == min(end, end - 1 + steps)


@pytest.mark.clause("medici_vs_strozzi:turn.load", "medici_vs_strozzi:turn.discard")
def test_variant_load_some_keeps_part_of_a_purchase() -> None:
    """interp.part_of_a_purchase, variant ``load_some``: a buyer whose ships each have one free
    space buys the most tiles a turn may draw; he may keep any one of them on any ship (in
    its harbour) and throws the others away. The decision: he can only throw all away."""
    options = {"part_of_a_purchase": "load_some"}
    for chosen, expect_parts in ((options, True), ({}, False)):
        start = mvs.new_game(seed=7, options=chosen)
        rules = start.rules
        state = preload(start, S, {s: c - 1 for s, c in enumerate(rules.capacities)})
        for _ in range(rules.max_draw):
            state = mvs.apply(state, mvs.DRAW)
        state = play(state, mvs.SetPrice(0), mvs.BUY)
        drawn = state.drawn
        assert len(drawn) == rules.max_draw
        parts = {a for a in mvs.legal_actions(state) if isinstance(a, mvs.LoadPart)}
        assert mvs.DISCARD in mvs.legal_actions(state)
        assert not any(isinstance(a, mvs.Load) for a in mvs.legal_actions(state))
        if not expect_parts:
            assert parts == set()
            continue
        # one tile of the purchase (each of them) on each ship, the ship in its own harbour
        assert parts == {mvs.LoadPart(ship, state.ports[S][ship], 1 << i)
                         for ship in range(len(rules.capacities)) for i in range(len(drawn))}
        after = mvs.apply(state, mvs.LoadPart(0, state.ports[S][0], 0b10))
        assert after.holds[S][0][-1] == drawn[1]
        assert after.discarded == (drawn[0], *drawn[2:])
        assert not mvs.violations(after)
