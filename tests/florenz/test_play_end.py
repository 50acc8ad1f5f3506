"""The end of a game and Giovanni's scoring, reached through play (issue 17).

Games are ``new_game(seed=None)``: chance's outcomes and every decision are drawn by
``Random(seed)`` among the legal ones and applied. Where the last step of a game is an
answer to Giovanni's last offer, the final scores are worked out from the text (Ende der
Partie: 1 point per 2 time left, the plan card; Wer hat gewonnen?) with the spec's numbers
and compared with what the game reports; the rounds 3 and 6 clean-up gifts likewise.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.florenz.cards import SPY
from regelwerk.engine.florenz.state import Draw

SPEC = fz.default_rules().spec


def plan_points(state: fz.State, family: int) -> int:
    """Ende der Partie: members at the plan card's four locations, 0 below the minimum."""
    if state.plans[family] < 0:
        return 0
    marked = {loc - 1 for loc in SPEC["plan.cards"][state.plans[family]]}
    count = sum(1 for p in state.pieces(family) if state.where[p] in marked)
    if count < SPEC["end.plan_min_members"]:
        return 0
    table = SPEC["plan.points"]
    return table[min(count - SPEC["end.plan_min_members"], len(table) - 1)]


def steps(options: dict[str, Any], seed: int) -> Iterator[tuple[fz.State, Any, fz.State]]:
    """Every step of a seed=None game played by ``Random(seed)``: (before, action, after)."""
    rng = Random(seed)
    state = fz.new_game(seed=None, options=options)
    while not fz.is_terminal(state):
        action = rng.choice(fz.legal_actions(state))
        after = fz.apply(state, action)
        yield state, action, after
        state = after


def last_answer(state: fz.State, action: Any) -> tuple[int, int, int]:
    """``(family, clock, points)`` of the family answering Giovanni's offer in ``state``."""
    family = state.current
    cost, gain = SPEC["disc.giovanni"][state.round - 1][state.offer[1]]
    if isinstance(action, fz.Accept):
        return family, state.clock[family] - cost, state.points[family] + gain
    return family, state.clock[family], state.points[family]


def final_scores(before: fz.State, action: Any) -> list[int]:
    """The scores the text gives after ``action``, the last answer of the game: a card
    still in hand is first discarded for time ('jederzeit', interp.discard_moment), the
    clock never above its maximum."""
    family, clock, points = last_answer(before, action)
    scores = []
    for f in range(before.families):
        c, p = (clock, points) if f == family else (before.clock[f], before.points[f])
        c = min(c + SPEC["hand.discard_time"] * len(before.hands[f]), SPEC["clock.max"])
        scores.append(p + c // SPEC["end.time_per_point"] + plan_points(before, f))
    return scores


def winners(after: fz.State, scores: list[int]) -> list[str]:
    """Wer hat gewonnen?: most points; ties by petitioners on the board, then gifts given;
    still tied, they win together."""
    def key(f: int) -> tuple[int, int, int]:
        return scores[f], len(after.on_board(f)), sum(after.given[f])
    best = max(key(f) for f in range(after.families))
    return [after.rules.names[f] for f in range(after.families) if key(f) == best]


@pytest.mark.play("florenz:end.time", "florenz:end.plan", "florenz:end.winner",
                  "florenz:scoring.giovanni", "florenz:scoring.giovanni_one_reward",
                  "florenz:round.sequence")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_scores_and_winners_follow_the_text(players: int) -> None:
    checked = 0
    for seed in range(12):
        for before, action, after in steps({"players": players}, seed):
            if not fz.is_terminal(after):
                continue
            assert after.round == SPEC["rounds.count"]
            if before.phase == fz.Phase.GIOVANNI and fz.current_player(before) != CHANCE:
                scores = final_scores(before, action)
                assert list(after.points) == scores, (seed, action)
                assert fz.result(after)["winners"] == winners(after, scores)
                checked += 1
    assert checked >= 1


@pytest.mark.play("florenz:solo.end", "florenz:end.time", "florenz:solo.giovanni")
@pytest.mark.parametrize("level", ["normal", "easier", "harder"])
def test_solo_end_strozzi_needs_to_be_beaten(level: str) -> None:
    """Strozzi scores his time too, and his plan card only in the harder game; you win
    only with more points than he has."""
    checked = 0
    for seed in range(12):
        for before, action, after in steps({"players": 1, "solo_level": level}, seed):
            if not fz.is_terminal(after) or before.phase != fz.Phase.GIOVANNI \
                    or fz.current_player(before) == CHANCE or before.offer[0] != (0,):
                continue
            scores = final_scores(before, action)
            if level != "harder":
                assert before.plans[1] == -1
            assert list(after.points) == scores, (seed, action)
            expected = ["violet"] if scores[0] > scores[1] else ["strozzi"]
            assert fz.result(after)["winners"] == expected
            checked += 1
    assert checked >= 1


@pytest.mark.play("florenz:cleanup.gifts", "florenz:cleanup.start_coin")
def test_gifts_arrive_in_rounds_3_and_6_and_the_coin_moves_on() -> None:
    """Phase 5: each family gains the disc's gifts of rounds 3 and 6 (2, then the last 1)
    and the start coin moves one family on."""
    gifts = SPEC["disc.gifts"]
    seen = set()
    for before, _, after in steps({"players": 3}, 1):
        if after.round == before.round + 1:
            finished = before.round
            assert after.start == (before.start + 1) % before.families
            spent = [g for g in before.gifts]
            assert list(after.gifts) == [g + gifts[finished - 1] for g in spent]
            seen.add(finished)
    assert {3, 6} <= seen


@pytest.mark.play("florenz:solo.giovanni", "florenz:solo.easier", "florenz:solo.scandal",
                  "florenz:scoring.giovanni")
@pytest.mark.parametrize("level", ["normal", "easier"])
def test_strozzi_answers_giovanni_first(level: str) -> None:
    """Das Solospiel, Phase 4: when he controls Giovanni's target, Strozzi is offered the
    first place as soon as the scandal cards are dealt: he spends its time, or all he has
    when short and still scores (half, rounded down, in the easier game); with no time he
    scores nothing. Rounds 3 and 6 (round 9 ends with the final scoring)."""
    top = SPEC["clock.max"]
    checked = 0
    for seed in range(12):
        for before, _, after in steps({"players": 1, "solo_level": level}, seed):
            if before.phase != fz.Phase.GIOVANNI or len(before.draws) != 1 \
                    or before.draws[0][0] != Draw.CARD or before.offer[0][:1] != (1,) \
                    or before.round == SPEC["rounds.count"]:
                continue
            clock, points = before.clock[1], before.points[1]
            _, family, _, why = before.draws[0]
            if family == 1 and (level != "easier" or why == SPY):   # his last card: time
                clock = min(top, clock + SPEC["solo.scandal_time"])
            cost, gain = SPEC["disc.giovanni"][before.round - 1][before.offer[1]]
            if clock > 0:
                if clock < cost and level == "easier":
                    gain //= SPEC["solo.giovanni_share_easier"]
                clock, points = max(clock - cost, 0), points + gain
            assert (after.clock[1], after.points[1]) == (clock, points), (seed, before.round)
            checked += 1
    assert checked >= 1


def control_order(state: fz.State, location: int) -> tuple[int, ...]:
    """Kontrolle: more members first; on a tie, the family whose member stands further
    forward."""
    queue = state.queues[location]
    families = {state.family_of(p) for p in queue}
    first = {f: next(i for i, p in enumerate(queue) if state.family_of(p) == f)
             for f in families}
    count = {f: sum(1 for p in queue if state.family_of(p) == f) for f in families}
    return tuple(sorted(families, key=lambda f: (-count[f], first[f])))


@pytest.mark.play("florenz:queue.control", "florenz:scoring.giovanni",
                  "florenz:scoring.giovanni_one_reward")
def test_giovanni_asks_the_families_by_control() -> None:
    """Giovanni offers his places to the families at his target strongest first; whoever
    answered is not asked again."""
    giovanni = fz.MEDICI.index("giovanni")
    checked = 0
    for seed in range(6):
        for before, _, _ in steps({"players": 4}, seed):
            if before.phase != fz.Phase.GIOVANNI or fz.current_player(before) == CHANCE:
                continue
            order = control_order(before, before.targets[giovanni])
            waiting = before.offer[0]
            assert waiting == order[len(order) - len(waiting):], (seed, before.round)
            assert before.current == waiting[0]
            checked += 1
    assert checked >= 3
