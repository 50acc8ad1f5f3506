"""The runtime invariants answer the parts of a state most steps leave alone once per value
(``functools.lru_cache`` on pure functions of those parts): the answer is keyed by the rule
function and numbers it asks too, so a mutant's rule is followed, and a part that changed
is checked again."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

from regelwerk.engine import florenz as fz
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine import lorenzo as lz
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR


def reached(game: Any, options: dict[str, Any], found: Any) -> Any:
    """The first state of a seeded random game for which ``found(state)`` holds."""
    state, rng = game.GAME.new_game(seed=3, options=options), Random(3)
    while not found(state):
        assert not game.GAME.is_over(state), "no such state in this game"
        _, state = game.GAME.step_random(state, rng, False)
    return state


def test_florenz_queues_follow_the_control_rule_of_the_rules_played_by() -> None:
    state = reached(fz, {"players": 3}, lambda s: any(
        len({p // s.rules.pieces_per_family for p in q}) > 1 for q in s.queues))
    assert "florenz.control_strict" not in fz.violations(state)
    rules = state.rules
    level = dataclasses.replace(rules.fns, control_key=lambda count, first, spaces, ops=None: 0)
    mutant = state._replace(rules=dataclasses.replace(rules, fns=level))
    assert "florenz.control_strict" in fz.violations(mutant)
    assert "florenz.control_strict" not in fz.violations(state)


def test_florenz_guards_and_queues_are_checked_again_once_they_change() -> None:
    state = reached(fz, {"players": 3}, lambda s: any(s.queues))
    assert fz.violations(state) == []
    family = 0
    fewer = state._replace(guards=tuple(g - (f == family) for f, g in enumerate(state.guards)))
    assert fz.violations(fewer) == ["florenz.guards_conserved"]
    loc = next(i for i, q in enumerate(state.queues) if q)
    moved = state._replace(queues=tuple(q[1:] if i == loc else q
                                        for i, q in enumerate(state.queues)))
    assert "florenz.piece_location" in fz.violations(moved)
    assert fz.violations(state) == []


def test_mvs_ships_follow_the_capacities_of_the_rules_played_by() -> None:
    state = reached(mvs, {}, lambda s: any(h for holds in s.holds for h in holds))
    assert mvs.violations(state) == []
    rules = state.rules
    smaller = state._replace(rules=dataclasses.replace(
        rules, capacities=tuple(0 for _ in rules.capacities)))
    assert "mvs.capacity" in mvs.violations(smaller)
    unmoored = state._replace(ports=tuple(tuple(NO_HARBOUR for _ in ports) for ports in state.ports))
    assert "mvs.port_iff_loaded" in mvs.violations(unmoored)
    assert mvs.violations(state) == []


def test_il_vecchio_tracks_are_checked_against_the_usable_spaces_of_the_rules() -> None:
    state = reached(iv, {"players": 3}, lambda s: any(len(t) > 1 for t in s.tracks))
    rules = state.rules
    assert rules.tables.usable == tuple(rules.usable(t) for t in range(len(state.tracks)))
    assert iv.violations(state) == []
    track = next(t for t, owners in enumerate(state.tracks) if len(owners) > 1)
    tighter = dataclasses.replace(rules.tables, usable=tuple(
        0 if t == track else u for t, u in enumerate(rules.tables.usable)))
    narrow = dataclasses.replace(rules)
    object.__setattr__(narrow, "tables", tighter)    # the cached_property's own slot
    assert "il_vecchio.track_capacity" in iv.violations(state._replace(rules=narrow))
    assert iv.violations(state) == []


def test_lorenzo_spaces_and_cards_are_checked_again_once_they_change() -> None:
    state = reached(lz, {"players": 3}, lambda s: any(s.towers[i] >= 0 for i in range(2)))
    assert lz.violations(state) == []
    card = next(c for c in state.towers if c >= 0)
    twice = state._replace(decks=(state.decks[0] + (card,), *state.decks[1:]))
    assert lz.violations(twice) == ["lorenzo.cards_once"]
    crowded = state._replace(spaces=((0, 0), *state.spaces[1:]))     # the first tower space
    assert "lorenzo.tower_space_single" in lz.violations(crowded)
    assert lz.violations(state) == []


def test_il_vecchio_majorities_follow_the_majority_rule_of_the_rules_played_by() -> None:
    state = reached(iv, {"players": 3}, lambda s: any(len(set(t)) > 1 for t in s.tracks))
    rules = state.rules
    always = dataclasses.replace(rules.fns, majority_beats=lambda *args, **kwargs: True)
    mutant = state._replace(rules=dataclasses.replace(rules, fns=always))
    assert "il_vecchio.majority_strict" in iv.violations(mutant)
    assert iv.violations(state) == []
