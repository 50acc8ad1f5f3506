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
