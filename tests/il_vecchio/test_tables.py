"""The lookup tables the engine's hot paths read (``rules.tables``) say what the rules say.

Each table is built once per rules from the rule it stands for; these tests ask the
rule itself for every case the table holds and beyond it, also for a deliberately
broken rule (a mutant), which the table must follow.
"""

from __future__ import annotations

from random import Random

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.il_vecchio.tracks import next_space, track_open
from regelwerk.verification.core import mutate
from regelwerk.verification.il_vecchio.mutants import full_track_any_round

PLAYERS = (2, 3, 4)


def _with_members(state: iv.State, track: int, placed: int, final: bool) -> iv.State:
    """``state`` with ``placed`` members (of player 0) on ``track``, in the final round or not."""
    tracks = tuple((0,) * placed if t == track else owners for t, owners in enumerate(state.tracks))
    return state._replace(tracks=tracks, final_round=final, end_triggered=final)


@pytest.mark.clause("il_vecchio:end.full_track")
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("broken", [False, True])
def test_track_open_asks_the_rule_function(players: int, broken: bool) -> None:
    rules = iv.default_rules(players)
    if broken:
        rules = mutate(rules, {"may_place": full_track_any_round})
    state = iv.new_game(seed=1, rules=rules)
    most = len(rules.tables.track_open[False][0])
    for track in range(len(iv.TRACKS)):
        for placed in range(most + 3):          # also beyond the table
            for final in (False, True):
                expected = bool(rules.fns.may_place(placed, rules.usable(track), final, rules))
                assert track_open(_with_members(state, track, placed, final), track) is expected


@pytest.mark.parametrize("players", PLAYERS)
def test_next_space_is_the_first_usable_space_plus_the_members_then_the_last(players: int) -> None:
    rules = iv.default_rules(players)
    state = iv.new_game(seed=1, rules=rules)
    most = len(rules.tables.next_space[0])
    for track, spec in enumerate(rules.board.tracks):
        for placed in range(most + 3):
            if placed < rules.usable(track):
                expected = (rules.first_space + placed, False)
            else:
                expected = (spec.length - 1, True)
            assert next_space(_with_members(state, track, placed, False), track) == expected


def test_single_action_samplers_draw_their_one_legal_action_without_randomness() -> None:
    """Reinforcement, Recovery and passing: the sampler gives what the kind lists, its one
    action (or none), as random play did by listing it, and draws nothing from the random
    source (random play asks these kinds only in their stage, play without a decision)."""
    kinds = [k for k in iv.GAME.kinds if k.name in ("reinforce", "recover", "pass")]
    rng = Random(5)
    seen = {k.name: 0 for k in kinds}
    for seed in range(6):
        state = iv.new_game(seed=seed, options={"players": 3})
        while not iv.is_terminal(state):
            for kind in kinds:
                assert kind.sampler is not None
                before = rng.getstate()
                drawn = kind.sampler(state, rng)
                assert rng.getstate() == before
                listed = list(kind.options(state, None))
                assert len(listed) <= 1
                assert drawn == (listed[0] if listed else None)
                seen[kind.name] += drawn is not None
            state = iv.GAME.step_random(state, rng)[1]
    assert all(seen.values())
