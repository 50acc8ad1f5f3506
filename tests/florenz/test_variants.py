"""The register's other readings, playable as variants (issue 12): each plays differently
from the decision, where the entry's test pins the decision."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.florenz import solo
from regelwerk.engine.florenz.cards import REWARD, SPY
from regelwerk.engine.florenz.rules import SCANDALS
from regelwerk.engine.florenz.state import Draw

from regelwerk import scenarios

YOU, STROZZI = 0, 1
DEB, LADY, MAESTRO = 0, 1, 2
SPEC = fz.default_rules().spec
#: the set-up's draws as listed first (carriages 1, 2, 3; targets 4, 5, 6), time tiles 2, 7
SETUP_TWO = [{"first": 18}, {"type": "time", "time": 2}, {"type": "time", "time": 7}]
SETUP_SOLO = [{"first": 16}, {"type": "time", "time": 7}, {"type": "time", "time": 5}]
#: the harder game draws Strozzi's plan card as well
SETUP_HARDER = [{"first": 17}, {"type": "time", "time": 7}, {"type": "time", "time": 5}]


def played(options: dict[str, Any], steps: list[Any]) -> fz.State:
    return scenarios.steps(fz.GAME, fz.GAME.new_game(seed=None, options=options), steps)


@pytest.mark.play("florenz:medici.boast_reward")
@pytest.mark.parametrize("sets, kinds", [(None, "figliolo"),
                                         ("messere_carissima_figliolo", "messere")])
def test_scandal_sets_variant_gives_cosimo_the_other_set(sets: str | None, kinds: str) -> None:
    """Family 0's cup tops the board at 2 when Cosimo passes: the card it draws is of the
    set Cosimo owns under the reading played (interp.scandal_sets)."""
    options: dict[str, Any] = {"players": 2}
    if sets:
        options["scandal_sets"] = sets
    state = played(options, [*SETUP_TWO, {"type": "place", "location": 1},
                             {"type": "place", "location": 2}, {"type": "boast", "location": 2},
                             {"type": "pass", "location": 9}, {"type": "pass", "location": 0},
                             {"first": 1}])
    (card,) = state.hands[0]
    assert fz.card_kind(state, card) in SCANDALS[kinds]


@pytest.mark.play("florenz:solo.time", "florenz:solo.easier", "florenz:solo.harder")
@pytest.mark.parametrize("level, change", [("easier", "solo.time_change_easier"),
                                           ("harder", "solo.time_change_harder")])
def test_round1_time_variant_changes_round_1_by_the_level(level: str, change: str) -> None:
    base = {"players": 1, "solo_level": level}
    setup = SETUP_HARDER if level == "harder" else SETUP_SOLO
    decided = played(base, [*setup, {"first": 1}])
    other = played({**base, "solo_round1_time": "level_changes_round1"}, [*setup, {"first": 1}])
    assert decided.clock[STROZZI] == SPEC["solo.start_time"]
    assert other.clock[STROZZI] == SPEC["solo.start_time"] + SPEC[change]


@pytest.mark.play("florenz:solo.easier", "florenz:solo.scandal", "florenz:guard.spy")
@pytest.mark.parametrize("variant, gained", [(None, 1), ("every_card", 0)])
def test_easier_spy_card_time(variant: str | None, gained: int) -> None:
    """Easier game: Strozzi's card 10 puts a spy at Contessina's target 5, card 2 a lady
    there, card 8 his cup on the board at 5; with 0 time he passes. Cosimo travels
    1 -> 5 -> ... -> 4: his top cup and his spy at 5 each earn him a card. The cup's gives
    no time in the easier game; the spy's gives 1 (interp.solo_easier_scandal), or none
    under the other reading."""
    options: dict[str, Any] = {"players": 1, "solo_level": "easier"}
    if variant:
        options["solo_easier_scandal"] = variant
    state = played(options, [*SETUP_SOLO, {"type": "place", "location": 1},
                             {"type": "pass", "location": 9},
                             {"type": "strozzi_card", "card": 9}, {"type": "bonus_time"},
                             {"type": "strozzi_card", "card": 1}, {"type": "bonus_time"},
                             {"type": "strozzi_card", "card": 7}, {"type": "bonus_time"}])
    assert state.spies[4] == (STROZZI,) and state.clock[STROZZI] == 0
    assert state.draws == ((Draw.CARD, STROZZI, 0, REWARD), (Draw.CARD, STROZZI, 0, SPY))
    dealt = scenarios.steps(fz.GAME, state, [{"first": 2}])
    assert dealt.clock[STROZZI] == gained and dealt.hands[STROZZI] == ()


def _acting(options: dict[str, Any], queues: dict[int, list[tuple[int, int]]]) -> fz.State:
    state = fz.with_queues(fz.set_up(options), queues)
    return state._replace(phase=fz.Phase.ACTIONS, current=STROZZI, passed=(False, False))


def _card(state: fz.State, number: int) -> fz.State:
    drawing = solo.play_card(state._replace(automa=state.automa._replace(drawn=1)))
    return fz.apply(drawing, fz.StrozziDrawn(number))


@pytest.mark.clause("florenz:solo.card.friend", "florenz:solo.card.recall")
def test_friend_card_variant_without_recall() -> None:
    """Under the other reading his maestro away from the targets stays there, and the
    lady at A's target is not promoted; B's debutant becomes a lady instead."""
    friend = SPEC["solo.card_kind"].index("friend")
    queues = {5: [(STROZZI, LADY)], 7: [(STROZZI, MAESTRO)], 2: [(STROZZI, DEB)]}
    options = {"players": 1, "solo_friend_card": "per_target_reserve_only"}
    after = _card(_acting(options, queues)._replace(targets=(4, 1, 0)), friend)
    assert after.rank_of(after.queue(7)[0]) == MAESTRO
    assert after.rank_of(after.queue(5)[0]) == LADY and after.rank_of(after.queue(2)[0]) == LADY


@pytest.mark.clause("florenz:solo.turn")
def test_giovanni_place_variant_looks_at_the_carriage() -> None:
    state = _acting({"players": 1, "solo_giovanni_place": "carriage"}, {5: [(STROZZI, DEB)]})
    state = state._replace(round=3, targets=(0, 1, 6), carriages=(2, 3, 4), clock=(12, 3))
    assert solo.automa_turn(state).passed[STROZZI]            # his member at the carriage
    decided = state._replace(rules=fz.set_up({"players": 1}).rules)
    assert not solo.automa_turn(decided).passed[STROZZI]


@pytest.mark.clause("florenz:solo.giovanni", "florenz:solo.easier")
def test_half_points_variant_rounds_up() -> None:
    state = _acting({"players": 1, "solo_level": "easier", "solo_half_points": "round_up"},
                    {})._replace(clock=(12, 2))
    assert solo.giovanni_offer(state, (4, 25))[0].points[STROZZI] == 13


@pytest.mark.play("florenz:solo.time")
def test_round1_time_variant_gains_six_on_the_set_up_clock() -> None:
    """Under the reading gain_six Strozzi gains solo.start_time on the clock the set-up
    set, which the clock's maximum clamps; the decision sets his clock to it."""
    decided = played({"players": 1}, [*SETUP_SOLO, {"first": 1}])
    other = played({"players": 1, "solo_round1_time": "gain_six"}, [*SETUP_SOLO, {"first": 1}])
    assert decided.clock[STROZZI] == SPEC["solo.start_time"]
    assert other.clock[STROZZI] == min(SPEC["clock.start"] + SPEC["solo.start_time"],
                                       SPEC["clock.max"])


@pytest.mark.clause("florenz:solo.pass", "florenz:action.pass_first")
def test_pass_first_variant_gives_strozzi_the_families_time() -> None:
    """Strozzi passes first with 0 time in the normal game: nothing under the decision,
    the families' pass.first_time under the reading always (interp.solo_pass_first)."""
    queues = {1: [(YOU, DEB), (STROZZI, DEB)]}
    for value, gained in (("only_harder", 0), ("always", SPEC["pass.first_time"])):
        state = _acting({"players": 1, "solo_pass_first": value}, queues)
        after = solo.automa_pass(state._replace(targets=(1, 0, 5), clock=(12, 0)))
        assert after.passed[STROZZI] and after.clock[STROZZI] == gained


@pytest.mark.clause("florenz:solo.card.friend")
def test_friend_card_variant_tries_debutants_everywhere_first() -> None:
    """A lady of his at A's target (5), a debutant at B's (2): target by target the lady
    at A becomes the maestro; ladies first everywhere, B's debutant becomes a lady."""
    friend = SPEC["solo.card_kind"].index("friend")
    queues = {5: [(STROZZI, LADY)], 2: [(STROZZI, DEB)]}
    decided = _card(_acting({"players": 1}, queues)._replace(targets=(4, 1, 0)), friend)
    assert decided.rank_of(decided.queue(5)[0]) == MAESTRO
    assert decided.rank_of(decided.queue(2)[0]) == DEB
    options = {"players": 1, "solo_friend_card": "ladies_first_everywhere"}
    other = _card(_acting(options, queues)._replace(targets=(4, 1, 0)), friend)
    assert other.rank_of(other.queue(5)[0]) == LADY
    assert other.rank_of(other.queue(2)[0]) == LADY


@pytest.mark.clause("florenz:solo.turn", "florenz:solo.giovanni")
def test_giovanni_place_variant_checks_after_each_card() -> None:
    """Round 3 (Giovanni's), his member at Giovanni's target, time just above the bound:
    after a card he is below it. Checked at his turn he plays on until his next turn;
    checked at once he passes right after the card."""
    place = SPEC["solo.card_kind"].index("place")
    clock = SPEC["solo.giovanni_pass_below"] + SPEC["solo.card_cost"][place] - 1
    for value, passes in (("target_at_his_turn", False), ("target_at_once", True)):
        state = _acting({"players": 1, "solo_giovanni_place": value}, {5: [(STROZZI, DEB)]})
        state = state._replace(round=3, targets=(0, 1, 4), clock=(12, clock))
        after = _card(state, place)
        assert after.clock[STROZZI] < SPEC["solo.giovanni_pass_below"]
        assert after.passed[STROZZI] is passes


@pytest.mark.clause("florenz:solo.card.boast")
def test_boast_points_variant_scores_his_achievement() -> None:
    """Round 5 (factor solo.boast_multiplier[1]), a board behind Medici A's carriage: the
    board's points per item times the factor (decided), or what the board would give him
    now, his achievement, times the factor."""
    from regelwerk.engine.florenz.scoring import achievement

    boast = SPEC["solo.card_kind"].index("boast")
    factor = SPEC["solo.boast_multiplier"][1]
    queues = {7: [(STROZZI, LADY)], 8: [(STROZZI, DEB)], 9: [(STROZZI, MAESTRO)]}
    scored = []
    for value in ("per_item_value", "achievement"):
        state = _acting({"players": 1, "solo_boast_points": value}, queues)
        state = state._replace(carriages=(6, 6, 6), round=5)
        loc = state.rules.route_next[6]
        after = _card(state, boast)
        assert after.cups[loc][1] == STROZZI
        per_item = state.rules.boast_values[state.boards[loc]]
        points = achievement(state, STROZZI, loc) if value == "achievement" else per_item
        assert after.points[STROZZI] - state.points[STROZZI] == factor * points
        scored.append(points)
    assert scored[0] != scored[1]
