"""A scandal card played as a sequence of small choices (issue 33): the card, then each
choice it asks, each an action of a kind with a small domain; the whole play of older
records (``Scandal``) is still read and plays as its steps."""

from __future__ import annotations

import json
import math
from random import Random
from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.florenz import scandal
from regelwerk.engine.florenz.state import State

from tests.refusals import refused

GAME = fz.GAME
BLUE, ORANGE = 0, 1
DEB = 0
STEP_KINDS = (fz.ScandalCard, fz.ScandalPiece, fz.ScandalPlace, fz.ScandalMedici,
              fz.ScandalCrest, fz.ScandalStop)


def _value(step: Any) -> int:
    """The value a step adds to ``State.scandal`` (the stop: :data:`.scandal.STOP`)."""
    for name in ("piece", "location", "medici", "crest"):
        if hasattr(step, name):
            return int(getattr(step, name))
    return scandal.STOP


def plays_by_steps(state: State, index: int) -> dict[fz.Scandal, tuple[State, int]]:
    """Every whole play of the hand card ``index`` that steps reach, each with the state
    it ends in and how many steps it took, walking every open step (:func:`next_steps`)."""
    found: dict[fz.Scandal, tuple[State, int]] = {}

    def walk(now: State, taken: int) -> None:
        steps = fz.next_steps(now)
        assert steps, "a play never runs into a dead end"
        for step in steps:
            after = GAME.kind_of[type(step)].effect(now, step)
            if after.scandal:
                walk(after, taken + 1)
            else:
                whole = scandal._whole(now._replace(scandal=now.scandal + (_value(step),)))
                assert whole not in found
                found[whole] = (after, taken + 1)

    walk(GAME.kind_of[fz.ScandalCard].effect(state, fz.ScandalCard(index)), 1)
    return found


def acting_with_cards(players: int, seeds: range, options: dict[str, str] | None = None
                      ) -> list[State]:
    """Positions of seeded random games in which a family that holds cards is to act."""
    found = []
    for seed in seeds:
        state = fz.new_game(seed=seed, options={"players": players, **(options or {})})
        rng = Random(seed)
        while not fz.is_terminal(state):
            if GAME.stage(state) == "acting" and state.hands[state.current]:
                found.append(state)
            state = GAME.step_random(state, rng)[1]
    return found


@pytest.mark.play("florenz:scandal.play", "florenz:scandal.long_walk")
@pytest.mark.parametrize(("players", "options"), [
    (3, {}), (2, {"long_walk_path": "any_steps"}),
    (4, {"scandal_placement_limits": "no_limits", "scandal_swaps": "loose"}), (1, {})])
def test_the_steps_reach_exactly_the_whole_plays_the_rule_allows(
        players: int, options: dict[str, str]) -> None:
    """Walking every open step from each playable card reaches each whole play the rule
    allows (``scandal_options``, the time paid) exactly once, nothing else, and ends where
    the whole play ends; a card is offered exactly when it has a whole play."""
    cards = plays = 0
    for state in acting_with_cards(players, range(2), options)[::3]:
        listed = fz.legal_actions(state)
        rules = state.rules
        for index in range(len(state.hands[state.current])):
            whole = set(fz.scandal_options(state, index))
            assert (fz.ScandalCard(index) in listed) == bool(whole)
            if not whole:
                continue
            reached = plays_by_steps(state, index)
            assert set(reached) == whole
            for play in list(whole)[:25]:
                end, taken = reached[play]
                assert scandal.play(state, play) == end
                assert fz.apply(state, play) == GAME._settle(end)
                assert taken <= scandal.most_steps(rules)
            cards += 1
            plays += len(whole)
    assert cards and plays > cards


@pytest.mark.play("florenz:scandal.play")
def test_the_card_leaves_the_hand_and_only_its_choices_are_open_until_the_last() -> None:
    state = fz.with_queues(fz.set_up({"players": 3}), {1: [(BLUE, DEB)], 2: [(ORANGE, DEB)]})
    card = next(k for k in range(12) if fz.card_kind(state, k) == "move_anywhere")
    state = fz.dealt(state, BLUE, card)._replace(phase=fz.Phase.ACTIONS, current=BLUE)
    mine = state.queue(1)[0]
    playing = fz.apply(state, fz.ScandalCard(0))
    assert playing.hands[BLUE] == () and playing.scandal == (0, card)
    assert playing.clock == state.clock and playing.current == BLUE
    assert set(fz.legal_actions(playing)) == {fz.ScandalPiece(mine)}
    assert not GAME.violations(playing)
    chosen = fz.apply(playing, fz.ScandalPiece(mine))
    assert {type(a) for a in fz.legal_actions(chosen)} == {fz.ScandalPlace}
    refused(GAME, chosen, fz.ScandalPlace(1), "florenz:scandal.move_anywhere")  # it stands there
    after = fz.apply(chosen, fz.ScandalPlace(5))
    assert not after.scandal and after.where[mine] == 4 and after.current == ORANGE
    assert after.clock[BLUE] == state.clock[BLUE] - state.rules.scandal_costs["move_anywhere"]
    assert after.discards[card // 4][-1] == card
    assert after == fz.apply(state, fz.Scandal(0, mine, 5))


@pytest.mark.play("florenz:scandal.play", "florenz:scandal.move_anywhere")
def test_a_step_out_of_place_is_refused_under_its_clause() -> None:
    state = fz.with_queues(fz.set_up({"players": 3}), {1: [(BLUE, DEB)], 2: [(ORANGE, DEB)]})
    card = next(k for k in range(12) if fz.card_kind(state, k) == "move_anywhere")
    state = fz.dealt(state, BLUE, card)._replace(phase=fz.Phase.ACTIONS, current=BLUE)
    mine, theirs = state.queue(1)[0], state.queue(2)[0]
    refused(GAME, state, fz.ScandalPiece(mine), "florenz:round.sequence")   # no card played
    refused(GAME, state, fz.ScandalCard(1), "florenz:scandal.play")         # no such card
    playing = fz.apply(state, fz.ScandalCard(0))
    refused(GAME, playing, fz.Pass(3), "florenz:scandal.play")       # the play comes first
    refused(GAME, playing, fz.DiscardForTime(0), "florenz:scandal.play")
    refused(GAME, playing, fz.ScandalCard(0), "florenz:scandal.play")
    error = refused(GAME, playing, fz.ScandalPlace(5), "florenz:scandal.play")
    assert "another kind of choice" in str(error)
    refused(GAME, playing, fz.ScandalPiece(theirs), "florenz:scandal.move_anywhere")
    refused(GAME, playing, fz.Scandal(0, mine, 5), "florenz:scandal.play")


@pytest.mark.play("florenz:scandal.play", "florenz:time.clock", "florenz:scandal.retire")
def test_a_card_without_any_way_to_play_it_now_is_refused() -> None:
    state = fz.set_up({"players": 3})
    kinds = {fz.card_kind(state, k): k for k in range(12)}
    state = fz.dealt(state, BLUE, kinds["retire"], kinds["promote"])
    state = state._replace(phase=fz.Phase.ACTIONS, current=BLUE)
    error = refused(GAME, state, fz.ScandalCard(0), "florenz:scandal.retire")   # no member out
    assert "cannot be played now" in str(error)
    placed = fz.with_queues(state, {1: [(BLUE, DEB)]})
    assert {fz.ScandalCard(0), fz.ScandalCard(1)} <= set(fz.legal_actions(placed))
    poor = placed._replace(clock=(state.rules.scandal_costs["promote"] - 1, 12, 12))
    refused(GAME, poor, fz.ScandalCard(1), "florenz:time.clock")
    assert fz.ScandalCard(1) not in fz.legal_actions(poor)


@pytest.mark.clause("florenz:scandal.play")
def test_every_action_id_is_bounded_well_under_a_million() -> None:
    """The players' action kinds multiplied out over their declared domains (what the
    OpenSpiel bridge numbers): each scandal step kind takes few values, and the whole play
    of old records has no id (it is not listed)."""
    assert fz.Scandal not in {kind.action for kind in GAME.kinds}
    for players in range(1, 6):
        rules = GAME.rules_for({"players": players})
        sizes = {}
        for kind in GAME.kinds:
            if kind.chance:
                continue
            limits = dict(kind.domains)
            sizes[kind.action] = math.prod(
                high - low + 1 for low, high in (limits[name].limits(rules)
                                                 for name, _ in kind.fields))
        assert sum(sizes.values()) < 10**6
        most = max(rules.hand_limit, len(rules.tables.start_where), rules.crest_count + 1)
        assert all(sizes[kind] <= most for kind in STEP_KINDS), sizes


@pytest.mark.clause("florenz:scandal.play")
def test_an_old_record_of_whole_plays_reads_and_replays_and_new_ones_write_steps() -> None:
    state = fz.with_queues(fz.set_up({"players": 3}), {1: [(BLUE, DEB), (BLUE, DEB)]})
    walk = next(k for k in range(12) if fz.card_kind(state, k) == "long_walk")
    state = fz.dealt(state, BLUE, walk)._replace(phase=fz.Phase.ACTIONS, current=BLUE)
    first, second = state.queue(1)
    old = {"type": "scandal", "index": 0, "a": first, "b": 236, "c": second, "d": 4}
    whole = fz.action_from_json(json.loads(json.dumps(old)))
    assert whole == fz.Scandal(0, first, 236, second, 4)
    assert fz.action_to_json(whole) == old
    steps = fz.steps_of(state, whole)
    assert [type(s) for s in steps] == [
        fz.ScandalCard, fz.ScandalPiece, fz.ScandalPlace, fz.ScandalPlace, fz.ScandalPlace,
        fz.ScandalStop, fz.ScandalPiece, fz.ScandalPlace, fz.ScandalStop]
    written = [fz.action_to_json(s) for s in steps]
    assert written[:2] == [{"type": "scandal_card", "index": 0},
                           {"type": "scandal_piece", "piece": first}]
    assert [fz.action_from_json(w) for w in written] == steps
    by_steps = state
    for step in steps:
        by_steps = fz.apply(by_steps, step)
    assert fz.apply(state, whole) == by_steps
    assert GAME.key(by_steps) == GAME.key(fz.apply(state, whole))


@pytest.mark.clause("florenz:scandal.play")
def test_a_position_without_a_card_being_played_keeps_its_old_key() -> None:
    """The regression corpus's fingerprints hold: ``State.scandal`` is in a position's key
    only while a card is being played."""
    state = fz.new_game(seed=4, options={"players": 3})
    assert len(GAME.key(state)) == len(state) - 2
    card_state = next(s for s in acting_with_cards(3, range(1, 4))
                      if fz.ScandalCard(0) in fz.legal_actions(s))
    playing = fz.apply(card_state, fz.ScandalCard(0))
    assert len(GAME.key(playing)) == len(playing) - 1
    assert GAME.key(playing) != GAME.key(playing._replace(scandal=playing.scandal + (1,)))


@pytest.mark.play("florenz:scandal.play")
def test_records_of_random_games_hold_steps_and_replay() -> None:
    state = fz.new_game(seed=7, options={"players": 3})
    rng = Random(7)
    actions = []
    while not fz.is_terminal(state):
        action, state = GAME.step_random(state, rng)
        actions.append(action)
    assert any(type(a) is fz.ScandalPiece or type(a) is fz.ScandalPlace for a in actions)
    assert not any(type(a) is fz.Scandal for a in actions)
    record = GameRecord.played(GAME, 7, tuple(fz.action_to_json(a) for a in actions),
                               {"players": 3}, fz.result(state))
    again = GameRecord.loads(record.dumps())
    replayed = fz.new_game(seed=7, options={"players": 3})
    for raw in again.actions:
        replayed = fz.apply(replayed, fz.action_from_json(raw))
    assert replayed == state
