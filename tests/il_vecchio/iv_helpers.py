"""Shared builders for the Il Vecchio tests: a game past its setup, players edited by town name."""

from __future__ import annotations

from typing import Any

from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core.game import CHANCE


def after_setup(players: int = 4, seed: int | None = 0, **variants: str) -> iv.State:
    """A game right after setup (first legal choices everywhere, chance's too when ``seed``
    is None), the starting player to act."""
    state = iv.new_game(seed, {"players": players, **variants})
    while state.phase != iv.Phase.PLAY:
        state = iv.apply(state, iv.legal_actions(state)[0])
    return state


def chance(state: iv.State, *outcomes: iv.ChanceOutcome) -> iv.State:
    """``state`` after chance's ``outcomes``, in order (each must be due: chance is to move)."""
    for outcome in outcomes:
        assert iv.current_player(state) == CHANCE, (state, outcome)
        state = iv.apply(state, outcome)
    return state


def towns(state: iv.State, **counts: int) -> tuple[int, ...]:
    out = [0] * len(state.rules.board.towns)
    for name, count in counts.items():
        out[iv.town(state, name)] = count
    return tuple(out)


def edit(state: iv.State, p: int, res: dict[str, int] | None = None,
         standing: dict[str, int] | None = None, lying: dict[str, int] | None = None,
         **fields: Any) -> iv.State:
    """Player ``p`` with resources by name, members by town name, other fields as given."""
    me = state.players[p]
    if res is not None:
        values = list(me.res)
        for name, amount in res.items():
            values[iv.RESOURCES.index(name)] = amount
        fields["res"] = tuple(values)
    if standing is not None:
        fields["standing"] = towns(state, **standing)
    if lying is not None:
        fields["lying"] = towns(state, **lying)
    players = list(state.players)
    players[p] = me._replace(**fields)
    return state._replace(players=tuple(players))


def council_tile(state: iv.State, kind: str) -> int:
    return state.rules.council_tiles.index(kind)


def province_tile(state: iv.State, kind: str) -> int:
    return state.rules.province_tiles.index(kind)


def clean(state: iv.State) -> iv.State:
    """No council tiles owned by anyone (so no enhancement changes an example)."""
    players = tuple(p._replace(council_up=(), council_down=()) for p in state.players)
    return state._replace(players=players)
