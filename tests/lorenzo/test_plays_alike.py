"""Register entries whose readings cannot differ in play (``plays_alike`` in
spec/lorenzo/interpretations.toml): each test plays both readings, or every case the
other reading could change, and asserts that nothing differs."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.lorenzo import GAME, Church, Stage, State
from regelwerk.engine.lorenzo.church import church
from regelwerk.verification.core import mutate

GAMES = 40


def course(seed: int, rules: Any = None) -> tuple[list[str], Any, int]:
    """A seeded random game: its actions, its result, and the most faith a player held."""
    state = GAME.new_game(seed=seed, rules=rules)
    actions, last, most = [], state, 0
    for action, last in GAME.random_steps(state, Random(f"{seed}/policy")):
        actions.append(repr(GAME.action_to_json(action)))
        most = max(most, *(p.faith for p in last.players))
    return actions, GAME.result(last), most


def uncapped(faith: Any, faith_max: Any, ops: Ops = INT) -> Any:
    """The reading ``uncapped``: faith keeps counting beyond the last space."""
    return faith


@pytest.mark.clause("lorenzo:vatican.track_end", "lorenzo:vatican.support")
def test_faith_beyond_the_track_plays_alike() -> None:
    """Faith kept beyond the track's last space (scored as that space, as the report does)
    plays the same games as faith capped there: every faith threshold and requirement lies
    below the last space, and no other rule counts faith. The uncapped games do hold more
    faith than the track has, so the readings were really both played."""
    rules = GAME.rules_for({"players": 4})
    loose = mutate(rules, {"on_track": uncapped})
    beyond = 0
    for seed in range(GAMES):
        capped_actions, capped_result, capped_most = course(seed, rules)
        actions, result, most = course(seed, loose)
        assert (actions, result) == (capped_actions, capped_result), seed
        assert capped_most <= rules.faith_max
        beyond += most > rules.faith_max
    assert beyond > 0


def reports(games: int) -> Iterator[State]:
    """The first Vatican report of each seeded random game at which two or more players
    choose between support and excommunication."""
    for seed in range(games):
        start = GAME.new_game(seed=seed)
        for _, state in GAME.random_steps(start, Random(seed)):
            asked = [p for p in state.pending if p.need == Stage.CHURCH]
            if len(asked) >= 2 and state.pending[0].need == Stage.CHURCH:
                yield state
                break


def holdings(state: State, p: int) -> tuple[Any, ...]:
    """What a report gives or takes: a player's resources and points, tiles and effects."""
    player = state.players[p]
    return (*player[:7], player.excommunicated, player.mods)


@pytest.mark.clause("lorenzo:vatican.order", "lorenzo:vatican.choice")
def test_vatican_choices_in_any_order_play_alike() -> None:
    """Whatever each player chooses, the choices (each carried out by the report's own rule,
    :func:`~regelwerk.engine.lorenzo.church.church`) end in the same state in every order of
    choosing, and each player's holdings depend on his own choice alone: so nothing one
    player sees of another's choice can change his, and choosing one after another in turn
    order plays as choosing at once, hidden."""
    found = 0
    for state in reports(GAMES):
        found += 1
        asked = [p for p in state.pending if p.need == Stage.CHURCH]
        rest = state.pending[len(asked):]
        seats = [p.player for p in asked]
        for choices in product((True, False), repeat=len(asked)):
            choice = dict(zip(seats, choices, strict=True))
            ends = []
            for order in permutations(asked):
                end = state._replace(pending=tuple(order) + rest)
                for _ in order:
                    end = church(end, Church(choice[end.pending[0].player]))
                ends.append(end)
            end = ends[0]
            assert all(other == end for other in ends)
            for p in seats:          # his holdings follow from his own choice alone
                other = dict(choice)
                for q in seats:
                    if q != p:
                        other[q] = not choice[q]
                alone = state
                for _ in asked:
                    alone = church(alone, Church(other[alone.pending[0].player]))
                assert holdings(alone, p) == holdings(end, p)
    assert found >= GAMES // 2
