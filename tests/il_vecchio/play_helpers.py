"""Helpers for Il Vecchio's scenario tests through play (issue 17): a game is started with
``new_game`` and reaches every situation by ``apply`` of legal actions and chance outcomes;
nothing is written into a state. Expected values are read from spec, never retyped."""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import Any

from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.game import CHANCE

SPEC = spec_module.load("il_vecchio")


def act(state: iv.State, *actions: Any) -> iv.State:
    """``state`` after ``actions`` in turn, each of which must be legal (chance's too)."""
    for action in actions:
        assert iv.is_legal(state, action), (state, action, iv.legal_actions(state)[:8])
        state = iv.apply(state, action)
    return state


def first_legal(state: iv.State, times: int = 1) -> iv.State:
    for _ in range(times):
        state = iv.apply(state, iv.legal_actions(state)[0])
    return state


def started(players: int = 2, **variants: str) -> iv.State:
    """A game with chance chosen step by step (``seed=None``), played through its set-up by
    the first legal choice each time: the middlemen in their first legal start, each player
    keeping the first tile offered, every member placed on the first town of the first
    area offered; the starting player to act."""
    state = iv.new_game(None, {"players": players, **variants})
    while state.phase != iv.Phase.PLAY:
        state = first_legal(state)
    return state


def town(state: iv.State, name: str) -> int:
    return iv.town(state, name)


def council(state: iv.State, kind: str) -> int:
    return state.rules.council_tiles.index(kind)


def nobility(state: iv.State, kind: str) -> int:
    return state.rules.nobility_tiles.index(kind)


def province(state: iv.State, kind: str) -> int:
    return state.rules.province_tiles.index(kind)


def draw(state: iv.State, tiles: Iterable[int]) -> iv.State:
    """Chance draws these tiles, one by one, for the office just taken."""
    for tile in tiles:
        track = state.pending[0].arg
        state = act(state, iv.TileDrawn(track, tile))
    return state


def seeded_play(seed: int, players: int, until: Any = None, **variants: str
                ) -> Iterable[tuple[iv.State, Any, iv.State]]:
    """(before, action, after) of every step of a seeded game with the random player,
    up to the end or to the first step after which ``until(after)`` holds."""
    rng = Random(f"play/{seed}")
    state = iv.new_game(seed, {"players": players, **variants})
    while not iv.is_terminal(state):
        action = iv.random_action(state, rng)
        after = iv.apply(state, action)
        yield state, action, after
        if until is not None and until(after):
            return
        state = after


def to_move(state: iv.State) -> int | str:
    player = iv.current_player(state)
    return "chance" if player == CHANCE else player
