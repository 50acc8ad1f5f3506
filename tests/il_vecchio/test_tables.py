"""The lookup tables the engine's hot paths read (``rules.tables``) say what the rules say.

Each table is built once per rules from the rule it stands for; these tests ask the
rule itself for every case the table holds and beyond it, also for a deliberately
broken rule (a mutant), which the table must follow.
"""

from __future__ import annotations

from itertools import product
from random import Random

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.il_vecchio.province import affordable, follower_payments
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


@pytest.mark.parametrize("players", PLAYERS)
def test_space_price_is_the_price_of_the_next_members_space(players: int) -> None:
    """``tables.space_price`` (the province sampler's price) is the track's cost of the space
    :func:`next_space` gives, for every count of members on the track and beyond the table."""
    rules = iv.default_rules(players)
    state = iv.new_game(seed=1, rules=rules)
    prices = rules.tables.space_price
    for track, spec in enumerate(rules.board.tracks):
        for placed in range(len(prices[track]) + 3):
            space, _ = next_space(_with_members(state, track, placed, False), track)
            assert prices[track][min(placed, len(prices[track]) - 1)] == spec.costs[space]


@pytest.mark.clause("il_vecchio:action.province.followers")
@pytest.mark.parametrize("players", PLAYERS)
def test_affordable_payments_are_the_listings_payments(players: int) -> None:
    """The province sampler's memo of payments (:func:`~.province.affordable`) gives, per
    region, what the listing's :func:`~.province.follower_payments` gives for the player's
    followers, matching and of any colours; the player's other resources do not matter."""
    rules = iv.default_rules(players)
    most = rules.most_followers + 1
    for a, k, b in product(range(most + 1), repeat=3):
        res = [0] * len(iv.RESOURCES)
        res[iv.ASSASSIN], res[iv.KNIGHT], res[iv.ABBOT] = a, k, b
        found = affordable(rules.tables, tuple(res))
        for region in range(len(rules.province_followers)):
            assert found[region] == (tuple(follower_payments(rules, region, tuple(res), False)),
                                     tuple(follower_payments(rules, region, tuple(res), True)))
        res[iv.FLORIN], res[iv.SCROLL] = a + 7, b + 3
        assert affordable(rules.tables, tuple(res)) == found
