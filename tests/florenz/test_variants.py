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
