"""A player's material: changing one player in a state, resources, council tiles."""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.il_vecchio.rules import Rules
from regelwerk.engine.il_vecchio.state import Player, State


def with_player(state: State, p: int, player: Player, **changes: Any) -> State:
    """``state`` with player ``p`` replaced (and further ``changes``), in one copy."""
    return state._replace(players=replaced(state.players, p, player), **changes)


def gained(res: tuple[int, ...], *pairs: tuple[int, int]) -> tuple[int, ...]:
    """Resources ``res`` with each ``(kind, amount)`` added."""
    out = list(res)
    for kind, amount in pairs:
        out[kind] += amount
    return tuple(out)


def has_council(player: Player, rules: Rules, kind: str) -> bool:
    """Does the player own the revealed council tile ``kind``? (each kind is one tile)"""
    return rules.tables.council_id[kind] in player.council_up

