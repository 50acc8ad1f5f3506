"""Chance as a player: every draw from a face-down pile is a chance node (engine/florenz/chance.py).

A game made with ``seed=None`` stops at each draw and the test chooses the
outcome with ``apply``; a seeded game's chance takes the top of each pile, which
is what the seeded random sources of the piles give.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from random import Random

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE, seeded_rng
from regelwerk.engine.florenz import chance, setup

from tests.refusals import refused

BLUE, ORANGE, VIOLET = 0, 1, 2
DEB = 0
GAME = fz.GAME


def outcomes(state: fz.State) -> dict[object, Fraction]:
    assert fz.current_player(state) == CHANCE
    found = dict(fz.chance_outcomes(state))
    assert sum(found.values()) == 1
    return found


@pytest.mark.clause("florenz:setup.first_debutants", "florenz:setup.board", "florenz:setup.disc")
def test_every_setup_draw_is_a_chance_node() -> None:
    state = fz.new_game(seed=None, options={"players": 3})
    rules = state.rules
    seen = []
    while fz.current_player(state) == CHANCE:
        found = outcomes(state)
        seen.append((type(next(iter(found))).__name__, len(found)))
        state = fz.apply(state, fz.legal_actions(state)[-1])     # the last outcome listed
    locations, times = rules.locations, len(set(rules.time_tiles))
    assert seen == [("StartDrawn", 3),
                    *(("BoardDrawn", locations - i) for i in range(locations)),
                    *(("PlanDrawn", len(rules.plan_cards) - i) for i in range(3)),
                    *(("TileDrawn", locations - i) for i in range(2 * rules.medici)),
                    ("TimeDrawn", times), ("TimeDrawn", times - 1)]
    assert state.phase == fz.Phase.SETUP and state.setup_left == 3
    assert sorted(state.boards) == list(range(locations)) and len(set(state.plans)) == 3
    assert state.targets == state.sector_loc[:3] and not set(state.targets) & set(state.carriages)
    assert sorted(state.loc_bottom) == sorted(state.carriages)
    assert fz.legal_actions(state)[0] == fz.Place(1) and state.current == (state.start - 1) % 3


@pytest.mark.clause("florenz:setup.first_debutants")
def test_a_player_cannot_act_for_chance_nor_chance_for_a_player() -> None:
    state = fz.new_game(seed=None, options={"players": 3})
    refused(fz, state, fz.Place(1), "florenz:setup.first_debutants")
    ready = fz.set_up({"players": 3})
    refused(fz, ready, fz.StartDrawn(0), "florenz:setup.first_debutants")   # a family acts
    refused(fz, state, fz.StartDrawn(3), "florenz:setup.first_debutants")   # 3 families


def _old_setup(players: int, seed: int, rules: fz.Rules) -> dict[str, object]:
    """The set-up as the seeded engine drew it before chance was explicit (one random
    source for the set-up, one per scandal pile)."""
    n = rules.families
    rng = seeded_rng(seed, "setup")
    start = rng.randrange(n)
    kinds = list(range(len(rules.boast_values)))
    rng.shuffle(kinds)
    plans = rng.sample(range(len(rules.plan_cards)), n)
    tiles = [t - 1 for t in rules.spec["disc.location_tiles"]]
    rng.shuffle(tiles)
    first, rest = tiles[:3], tiles[3:]
    carriages = list(first)
    rng.shuffle(carriages)
    rng.shuffle(rest)
    bottom = list(first)
    rng.shuffle(bottom)
    stack = list(reversed(rest + bottom))
    times = list(rules.time_tiles)
    rng.shuffle(times)
    sectors = [stack.pop() for _ in range(3)]
    sector_times = [times.pop() for _ in range(2)]
    decks = []
    for m in range(3):
        deck = [m * 4 + k for k in range(4) for _ in range(rules.spec["scandal.copies"])]
        seeded_rng(seed, "deck", m, 0).shuffle(deck)
        decks.append(tuple(deck))
    return {"start": start, "boards": tuple(kinds), "plans": tuple(plans),
            "carriages": tuple(carriages), "sectors": tuple(sectors),
            "times": tuple(sector_times), "stack": tuple(stack), "time_stack": tuple(times),
            "decks": tuple(decks)}


@pytest.mark.clause("florenz:setup.board", "florenz:setup.disc", "florenz:setup.decks")
@pytest.mark.parametrize("players", [1, 2, 3, 5])
@pytest.mark.parametrize("seed", [0, 7, 1234])
def test_seeded_setup_draws_what_its_random_source_gives(players: int, seed: int) -> None:
    state = fz.new_game(seed, {"players": players})
    old = _old_setup(players, seed, state.rules)
    solo = players == 1
    assert state.start == (0 if solo else old["start"])
    assert state.boards == old["boards"]
    assert state.plans[0] == old["plans"][0]
    assert state.plans == ((old["plans"][0], -1) if solo else old["plans"])
    assert state.carriages == old["carriages"] and state.sector_loc[:3] == old["sectors"]
    assert state.sector_time[1:3] == old["times"] and state.time_stack == old["time_stack"]
    assert state.loc_bottom + state.loc_stack == old["stack"]     # next tile last
    assert state.decks == old["decks"]


@pytest.mark.clause("florenz:setup.first_debutants", "florenz:setup.board", "florenz:setup.disc")
@pytest.mark.parametrize("options", [{"players": 4}, {"players": 1, "solo_level": "harder"},
                                     {"players": 2}])
@pytest.mark.parametrize("seed", [5, 99])
def test_seeded_setup_is_chance_taking_the_top_of_each_pile(options: dict, seed: int) -> None:
    """new_game takes a seeded set-up's draws at once; drawn one by one (the chance nodes
    of the laid-out piles, each settled with its seeded outcome) they give the same game."""
    waiting = setup.laid_out(fz.rules_for(options), seed)
    assert fz.current_player(waiting) == CHANCE and waiting.draws
    first = GAME.chance.seeded(waiting)
    assert outcomes(waiting)[first] == Fraction(1, len(set(chance.pile(waiting))))
    assert first == waiting.rules.tables.actions.drawn[waiting.draws[0][0]][chance.pile(waiting)[-1]]
    assert fz.apply(waiting, first) == fz.new_game(seed, options)   # the rest one by one


@pytest.mark.clause("florenz:cleanup.disc", "florenz:setup.disc")
def test_used_tiles_are_drawn_once_the_stack_is_empty() -> None:
    state = fz.set_up({"players": 2}, carriages=(1, 2, 3), targets=(4, 5, 6))
    tiles = []
    while not fz.is_terminal(state):
        if fz.current_player(state) == CHANCE:
            if isinstance(fz.legal_actions(state)[0], fz.TileDrawn):
                found = {a.location for a in outcomes(state)}
                tiles.append((bool(state.loc_stack), found))
            state = fz.apply(state, fz.legal_actions(state)[0])
            continue
        legal = fz.legal_actions(state)
        state = fz.apply(state, next(a for a in legal if isinstance(
            a, (fz.Place, fz.Pass, fz.BonusTime, fz.Decline))))
    assert [found for stacked, found in tiles] == [{7, 8, 9}, {8, 9}, {9}, {1, 2, 3}, {2, 3}, {3}]
    assert [stacked for stacked, _ in tiles] == [True] * 3 + [False] * 3


@pytest.mark.clause("florenz:setup.decks", "florenz:hand.limit")
def test_an_empty_scandal_pile_is_refilled_from_its_discards() -> None:
    state = fz.set_up({"players": 3})
    cosimo = [card for card in range(12) if card // 4 == 0 for _ in range(3)]
    limit = state.rules.hand_limit
    state = fz.dealt(state, BLUE, *cosimo[:limit])
    state = fz.dealt(state, ORANGE, *cosimo[limit:2 * limit])
    state = fz.dealt(state, VIOLET, *cosimo[2 * limit:])
    assert state.decks[0] == () and state.discards[0] == ()
    empty = fz.give_card(state, VIOLET, 0)            # no card of Cosimo's is left
    assert fz.current_player(empty) != CHANCE and empty.hands == state.hands
    state = state._replace(phase=fz.Phase.ACTIONS, current=BLUE)
    for _ in range(2):
        state = fz.apply(state, fz.DiscardForTime(0))
    discarded = state.discards[0]
    assert len(discarded) == 2 and state.shuffles == 0
    drawing = fz.give_card(state, VIOLET, 0)
    assert outcomes(drawing) == {fz.CardDrawn(c): Fraction(n, 2)
                                 for c, n in Counter(discarded).items()}
    after = fz.apply(drawing, fz.CardDrawn(discarded[0]))
    assert after.shuffles == 1 and after.discards[0] == () and after.decks[0] == discarded[1:]
    assert after.hands[VIOLET][-1] == discarded[0] and fz.violations(after) == []


@pytest.mark.clause("florenz:scoring.giovanni", "florenz:medici.move", "florenz:guard.spy")
def test_giovanni_asks_only_after_the_cards_are_dealt() -> None:
    """A card dealt on Giovanni's way lets a family pay by discarding it: the offers wait
    for chance to deal it."""
    state = fz.set_up({"players": 3}, carriages=(1, 4, 2), targets=(5, 6, 3))
    state = fz.with_queues(state, {3: [(ORANGE, DEB), (ORANGE, DEB), (BLUE, DEB)]})
    rules = state.rules
    cost = rules.giovanni[2][0][0]
    state = fz.dealt(state, ORANGE, 4)
    state = state._replace(round=3, phase=fz.Phase.ACTIONS, passed=(True,) * 3,
                           clock=(12, cost - 2 * rules.discard_time, 12))
    passed_over = fz.medici_phase(state)
    assert passed_over.current == BLUE                  # one card is not enough
    spied = state._replace(spies=((), (), (ORANGE,)) + ((),) * 6)
    drawing = fz.medici_phase(spied)
    assert fz.current_player(drawing) == CHANCE and drawing.phase == fz.Phase.GIOVANNI
    refused(fz, drawing, fz.Accept(), "florenz:guard.spy")   # the spy's card comes first
    asked = fz.apply(drawing, fz.CardDrawn(9))           # a card of Giovanni's pile
    assert asked.current == ORANGE and asked.hands[ORANGE] == (4, 9)
    assert fz.Decline() in fz.legal_actions(asked) and fz.DiscardForTime(1) in fz.legal_actions(asked)


@pytest.mark.clause("florenz:medici.boast_reward", "florenz:guard.spy", "florenz:scoring.cosimo")
def test_a_medici_phase_deals_in_order_then_scores_and_cleans_up() -> None:
    state = fz.set_up({"players": 3}, carriages=(7, 8, 9), targets=(2, 3, 6))
    state = fz.with_queues(state, {5: [(ORANGE, DEB)], 2: [(BLUE, DEB)]})
    state = state._replace(phase=fz.Phase.ACTIONS, passed=(True,) * 3,
                           cups=state.cups[:4] + ((ORANGE, -1, -1),) + state.cups[5:],
                           spies=((), (BLUE, VIOLET)) + ((),) * 7)
    state = fz.medici_phase(state)                      # Cosimo: 4, 1, 5, 2
    assert state.draws == ((6, ORANGE, 0, 0), (6, BLUE, 0, 1), (6, VIOLET, 0, 1))   # cup, spies
    scored = state.points
    for card in (0, 1, 2):
        assert state.round == 1
        state = fz.apply(state, fz.CardDrawn(card))
    assert state.hands == ((1,), (0,), (2,)) and state.round == 2 and state.points == scored
    assert [type(a).__name__ for a in fz.legal_actions(state)][:1] == ["TileDrawn"]


def test_chance_outcomes_are_records_too() -> None:
    for action in (fz.StartDrawn(1), fz.BoardDrawn(2), fz.PlanDrawn(3), fz.TileDrawn(4),
                   fz.TimeDrawn(5), fz.CardDrawn(6), fz.StrozziDrawn(7)):
        assert fz.action_from_json(fz.action_to_json(action)) == action


@pytest.mark.clause("florenz:setup.decks", "florenz:cleanup.disc", "florenz:solo.cards")
@pytest.mark.parametrize(("players", "seed"), [(1, 3), (1, 8), (3, 4), (5, 6)])
def test_a_seeded_game_takes_its_draws_as_the_chance_nodes_would(players: int, seed: int) -> None:
    """A seeded game draws at once where a draw happens (scandal cards, tiles, Strozzi's
    cards); stopping at the chance node instead and settling it with chance's seeded
    outcome gives the same state."""
    state = fz.new_game(seed, {"players": players})
    rng = Random(seed)
    compared = 0
    while not fz.is_terminal(state):
        action = fz.random_action(state, rng)
        at_once = fz.apply(state, action)
        waiting = fz.apply(state._replace(seed=None), action)   # the same step, stopping
        solo_cleanup = players == 1 and at_once.round != state.round   # his deck's shuffle
        if waiting.draws and not solo_cleanup:
            node = waiting._replace(seed=seed)
            assert fz.current_player(node) == CHANCE
            assert fz.apply(node, GAME.chance.seeded(node)) == at_once
            compared += 1
        state = at_once
    assert compared >= 8
