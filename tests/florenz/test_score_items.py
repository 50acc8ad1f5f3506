"""A finished game's score item by item (issue 9): one line per clause that gave points.

The state keeps the points scored during the rounds per clause (``State.scored``, by
:class:`~regelwerk.engine.florenz.state.Source`); ``score_items`` lists them, then time
and plan card. Over many seeded games at every player count (solo included) the lines
add up to the final scores, cite real clauses, and every way of scoring during the rounds
shows up under its own clause. Each scoring step of play adds its points to its own line
and to no other.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.florenz.game import GAME
from regelwerk.engine.florenz.state import SOURCE_CLAUSES, Source

SPEC = fz.default_rules().spec
C = "florenz:"
END = (C + "end.time", C + "end.plan")
LEVELS = ("normal", "easier", "harder")


def finished(options: dict[str, Any], seed: int) -> fz.State:
    """A seeded game played to its end by random play (``Random(seed)``)."""
    state = fz.new_game(seed=seed, options=options)
    rng = Random(seed)
    while not fz.is_terminal(state):
        state = GAME.step_random(state, rng, check=False)[1]
    return state


def configurations() -> Iterator[dict[str, Any]]:
    """Every player count; the solo game at each level."""
    low, high = fz.PLAYERS
    for players in range(low, high + 1):
        if players == low:
            yield from ({"players": players, "solo_level": level} for level in LEVELS)
        else:
            yield {"players": players}


def test_sources_name_real_clauses_once() -> None:
    assert len(SOURCE_CLAUSES) == len(Source) == len(set(SOURCE_CLAUSES))
    assert all(clause in SPEC.clauses for clause in SOURCE_CLAUSES)
    assert not set(END) & set(SOURCE_CLAUSES)


@pytest.mark.play("florenz:end.time", "florenz:end.plan", "florenz:round.sequence")
@pytest.mark.parametrize("options", list(configurations()), ids=str)
def test_items_add_up_to_the_final_scores(options: dict[str, Any]) -> None:
    """Each family's lines sum to its final score; the rounds' lines come first, one per
    clause with points (none of 0), then time and plan card."""
    for seed in range(12):
        state = finished(options, seed)
        items = GAME.score_items(state)
        scores = list(fz.outcome(state).scores.values())
        assert [sum(i.points for i in per) for per in items] == scores, seed
        assert "florenz.points_itemised" not in fz.violations(state)
        for family, per in enumerate(items):
            clauses = [i.clause for i in per]
            assert all(clause in SPEC.clauses for clause in clauses)
            assert tuple(clauses[-2:]) == END
            rounds = per[:-2]
            assert [i.clause for i in rounds] == sorted(
                (i.clause for i in rounds), key=SOURCE_CLAUSES.index)
            assert all(i.points > 0 for i in rounds)
            assert sum(i.points for i in rounds) == sum(state.scored[family])


def test_every_way_of_scoring_shows_up_under_its_clause() -> None:
    """Over seeded games of every configuration, each :class:`Source` scores somewhere:
    no way of scoring during the rounds is left out or booked under another clause."""
    seen: set[str] = set()
    for options in configurations():
        for seed in range(12):
            for per in GAME.score_items(finished(options, seed)):
                seen.update(i.clause for i in per if i.points)
    assert set(SOURCE_CLAUSES) <= seen


def steps(options: dict[str, Any], seed: int) -> Iterator[tuple[fz.State, Any, fz.State]]:
    """Every player's step of a seeded random game: (before, action, after)."""
    state = fz.new_game(seed=seed, options=options)
    rng = Random(seed)
    while not fz.is_terminal(state):
        action, after = GAME.step_random(state, rng)
        yield state, action, after
        state = after


def gained(before: fz.State, after: fz.State, family: int) -> dict[str, int]:
    """The lines of ``family`` that grew, by clause, and by how much."""
    return {SOURCE_CLAUSES[s]: b - a for s, (a, b) in
            enumerate(zip(before.scored[family], after.scored[family], strict=True)) if b != a}


@pytest.mark.play("florenz:action.passed_bonus", "florenz:action.boast")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_bonus_point_and_a_boast_go_to_their_own_line(players: int) -> None:
    """A passed family's bonus point adds ``pass.bonus_points`` to its bonus line; a boast
    adds the points gained (a bottom field may take 0) to its boast line; neither changes
    another line (unless the last pass starts the Medici phase, which scores by its own
    clauses)."""
    checked = {fz.BonusPoint: 0, fz.Boast: 0}
    for seed in range(6):
        for before, action, after in steps({"players": players}, seed):
            if type(action) not in checked or after.round != before.round or \
                    after.phase != fz.Phase.ACTIONS:
                continue
            f = before.current
            gain = after.points[f] - before.points[f]
            if type(action) is fz.BonusPoint:
                assert gained(before, after, f) == {C + "action.passed_bonus":
                                                    SPEC["pass.bonus_points"]}
            else:
                assert gained(before, after, f) == ({C + "action.boast": gain} if gain else {})
                checked[type(action)] += gain > 0
            assert all(not gained(before, after, g) for g in range(players) if g != f)
            checked[type(action)] += type(action) is fz.BonusPoint
    assert all(checked.values()), checked


def escort_lines(state: fz.State, move: fz.Move) -> list[dict[str, int]]:
    """What the escorts on the path of ``move`` give each family, by the text: another
    family's escort ``escort.other_points`` (guard.escort); in the solo game the mover's own
    escort ``solo.escort_points`` (solo.escort)."""
    rules = state.rules
    src, dst = state.where[move.piece], move.to - 1
    mover = state.family_of(move.piece)
    lines: list[dict[str, int]] = [{} for _ in range(state.families)]
    for g in state.escorts[rules.edge_index[min(src, dst), max(src, dst)]]:
        if g != mover:
            lines[g][C + "guard.escort"] = SPEC["escort.other_points"]
        elif rules.automa >= 0:
            lines[g][C + "solo.escort"] = SPEC["solo.escort_points"]
    return lines


@pytest.mark.play("florenz:guard.escort", "florenz:solo.escort")
@pytest.mark.parametrize("options", [{"players": 1}, {"players": 3}], ids=str)
def test_escorts_score_on_the_escort_lines(options: dict[str, Any]) -> None:
    """A move past escorts adds to each family's escort lines what the text gives (in the
    solo game Strozzi's turns that follow may add to his other lines)."""
    escorts = {C + "solo.escort", C + "guard.escort"}
    checked = 0
    for seed in range(12):
        for before, action, after in steps(options, seed):
            if type(action) is not fz.Move or after.round != before.round or \
                    after.phase != fz.Phase.ACTIONS:
                continue        # the Medici phase followed
            expected = escort_lines(before, action)
            for g in range(before.families):
                lines = gained(before, after, g)
                assert {k: v for k, v in lines.items() if k in escorts} == expected[g]
                if before.rules.automa != g:
                    assert set(lines) <= escorts
            checked += any(expected)
    assert checked >= 1
