"""Helpers to reach concrete Medici vs Strozzi situations through legal actions only."""

from __future__ import annotations

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs


def play(state: mvs.State, *actions: mvs.Action) -> mvs.State:
    for action in actions:
        state = mvs.apply(state, action)
    return state


def tile(rules: mvs.Rules, good: str, value: int) -> int:
    """The id of a tile of ``good`` with ``value`` (the first such tile)."""
    g = rules.goods.index(good)
    return next(t for t in range(rules.tile_count)
                if rules.tile_good[t] == g and rules.tile_value[t] == value)


def move_markers(state: mvs.State, take_all: bool = True) -> mvs.State:
    """Make every marker choice of the round scoring: each player takes all the steps his
    tiles allow (``take_all``) or declines every move (interp.marker_moves)."""
    while state.phase == mvs.Phase.MARKERS:
        moves = mvs.legal_actions(state)
        state = mvs.apply(state, max(moves) if take_all else min(moves))
    return state


@pytest.fixture
def game() -> mvs.State:
    return mvs.new_game(seed=7)


def preload(state: mvs.State, player: int, counts: dict[int, int],
            ports: dict[int, int] | None = None) -> mvs.State:
    """Move real tiles from the bag onto ``player``'s ships (ship -> how many).

    Tiles stay conserved, so the runtime invariants still hold; ``ports``
    assigns harbours (default: ship s to harbour s).
    """
    bag = list(state.bag)
    holds = list(state.holds[player])
    port_row = list(state.ports[player])
    for ship, count in counts.items():
        taken, bag = bag[:count], bag[count:]
        holds[ship] = holds[ship] + tuple(taken)
        if count:
            port_row[ship] = (ports or {}).get(ship, ship)
    all_holds = tuple(tuple(holds) if p == player else h for p, h in enumerate(state.holds))
    all_ports = tuple(tuple(port_row) if p == player else r for p, r in enumerate(state.ports))
    return state._replace(bag=tuple(bag), holds=all_holds, ports=all_ports)


def tiles(rules: mvs.Rules, good: str, *values: int) -> tuple[int, ...]:
    """Distinct tile ids of ``good`` with these values (a value twice: both such tiles)."""
    g = rules.goods.index(good)
    found: list[int] = []
    for value in values:
        found.append(next(t for t in range(rules.tile_count) if rules.tile_good[t] == g
                          and rules.tile_value[t] == value and t not in found))
    return tuple(found)


def turn(state: mvs.State, drawn: tuple[int, ...], price: int, bought: bool,
         load: tuple[int, int] | None) -> mvs.State:
    """One whole turn through play, chance chosen: the active player draws ``drawn`` (stopping
    if he could draw more), names ``price``; the other player buys (``bought``) or declines;
    the buyer loads ``(ship, harbour)`` or, with ``None``, discards."""
    for tile_id in drawn:
        state = mvs.apply(mvs.apply(state, mvs.DRAW), mvs.TileDrawn(tile_id))
    if state.phase == mvs.Phase.DRAW:
        state = mvs.apply(state, mvs.STOP)
    state = play(state, mvs.SetPrice(price), mvs.BUY if bought else mvs.DECLINE)
    return mvs.apply(state, mvs.Load(*load) if load is not None else mvs.DISCARD)
