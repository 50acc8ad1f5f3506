"""Rules that build a state in one write say what their step-by-step versions say (issue 35).

A tower action (:func:`.places.take`) works the player's stock out in a list and builds him
once (:func:`.state.rebuilt`, :func:`.effects.gained`), and the end of a turn lets the rules
run on itself (:func:`.flow.end_turn_settled`). Each is held here to the chain of single
changes it stands for (seat, floor bonus, cost, card; next turn, then :func:`.flow.proceed`),
over every tower action and every end of turn of random games, under the readings that change
what such a step does (gain penalties and their sources, discounts, a card's action free of
the tower's rules, the order of late starters).
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import sub
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.lorenzo import GAME
from regelwerk.engine.lorenzo.decisions import pop, take_discounts, take_options
from regelwerk.engine.lorenzo.effects import (
    IMMEDIATE,
    Context,
    discount_options,
    discounted,
    gained,
    modifiers,
    queued,
    received,
    run,
)
from regelwerk.engine.lorenzo.flow import END_TURN, end_turn, end_turn_settled, proceed
from regelwerk.engine.lorenzo.places import seated, take, tower_fee, tower_options
from regelwerk.engine.lorenzo.rules import CHARACTER, ZERO
from regelwerk.engine.lorenzo.state import (
    AFTER,
    PLACE,
    STOCK,
    TAKE,
    Player,
    State,
    rebuilt,
    with_stock,
)

#: Readings under which a tower action or the end of a turn runs differently.
READINGS: list[dict[str, Any]] = [
    {"players": 2}, {"players": 4},
    {"players": 3, "wood_or_stone_malus": "each_resource"},
    {"players": 3, "malus_source": "each_action"},
    {"players": 3, "discount_stacking": "best_one"},
    {"players": 3, "card_action_tower": "free_of_tower_rules"},
    {"players": 3, "late_start_order": "reverse_order"},
    {"players": 3, "game_mode": "basic"},
]


def states(options: dict[str, Any], games: int = 3) -> Iterator[State]:
    """Every state of ``games`` seeded random games under ``options``."""
    for seed in range(games):
        rng = Random(seed)
        state = GAME.new_game(seed=seed, options=dict(options))
        while not GAME.is_over(state):
            yield state
            state = GAME.step_random(state, rng, check=False)[1]


def taken_step_by_step(state: State, p: int, t: int, f: int, servants: int, c: int, d: int,
                       member: int, extra: tuple[tuple[int, ...], ...] = (),
                       stage: Any = None) -> State:
    """A tower action as a chain of single changes: the member seated (or the servants and
    fee paid), the floor's bonus received, the cost paid, the card taken."""
    rules = state.rules
    space = t * rules.floors + f
    player = state.players[p]
    m = modifiers(player.mods)
    free = member < 0 and rules.card_action_free
    fee = 0 if free else tower_fee(state, t, m.waived)
    spaces = state.spaces
    if member >= 0:
        player, spaces = seated(state, p, member, space, servants, fee)
    else:
        player = player._replace(servant=player.servant - servants, coin=player.coin - fee)
    opened: tuple[Any, ...] = ()
    if f not in m.lost_floors and not free:
        player, opened = received(state, p, player, rules.floor_bonus[t][f])
    towers = state.towers
    card = towers[space]
    if card >= 0:
        data = rules.cards[card]
        reduction = discount_options(player, t, extra, rules.best_discount)[d]
        pay = data.costs[c].pay
        player = with_stock(player, map(sub, player[:STOCK],
                                        pay if reduction is ZERO else discounted(pay, reduction)))
        cards = replaced(player.cards, t, player.cards[t] + (card,))
        player = player._replace(cards=cards, mods=player.mods + data.permanent) \
            if t == CHARACTER else player._replace(cards=cards)
        towers = replaced(towers, space, -1)
    state = state._replace(players=replaced(state.players, p, player), spaces=spaces,
                           towers=towers,
                           pending=queued(state.pending, opened) if opened else state.pending,
                           stage=state.stage if stage is None else stage)
    if card < 0:
        return state
    return run(state, p, data.immediate, Context(IMMEDIATE.source, card))


@pytest.mark.parametrize("options", READINGS, ids=lambda o: ",".join(map(str, o.values())))
def test_a_tower_action_builds_the_player_of_its_single_changes(options: dict[str, Any]
                                                                ) -> None:
    placed = by_effect = 0
    for state in states(options):
        if not state.pending and state.stage == PLACE:
            p = state.order[state.turn]
            for action in tower_options(state, None):
                args = (p, action.tower, action.floor, action.servants, action.cost,
                        action.discount, action.member)
                assert take(state, *args, stage=AFTER) == \
                    taken_step_by_step(state, *args, stage=AFTER), (state, action)
                placed += 1
        elif state.pending and state.pending[0].need == TAKE:
            head = state.pending[0]
            extra = take_discounts(state, head.card)
            for action in take_options(state, None):
                args = (head.player, action.tower, action.floor, action.servants, action.cost,
                        action.discount, -1, extra)
                assert take(pop(state), *args) == taken_step_by_step(pop(state), *args)
                by_effect += 1
    assert placed
    if options.get("game_mode") != "basic":
        assert by_effect


@pytest.mark.parametrize("options", READINGS, ids=lambda o: ",".join(map(str, o.values())))
def test_the_end_of_a_turn_runs_on_as_the_settled_rules_do(options: dict[str, Any]) -> None:
    """Also where the end of a turn is no decision (the basic game: no leader actions): the
    state a tower action leaves, its decisions still pending, its player done placing."""
    ended = 0
    for state in states(options):
        after = []
        if not state.pending and state.stage == AFTER:
            after.append(state)
        elif not state.pending and state.stage == PLACE:
            action = next(tower_options(state, None), None)
            if action is not None:
                after.append(take(state, state.order[state.turn], action.tower, action.floor,
                                  action.servants, action.cost, action.discount, action.member,
                                  stage=AFTER))
        for state in after:
            assert end_turn_settled(state, END_TURN) == proceed(end_turn(state, END_TURN))
            ended += 1
    assert ended


def test_gained_adds_to_a_stock_as_received_gives_it() -> None:
    """:func:`.effects.gained` changes a stock list as :func:`.effects.received` changes the
    player, and opens the same decision: with every floor bonus, for players with and
    without gain penalties, faith capped at the track's end."""
    seen = penalised = 0
    for options in READINGS[2:4]:
        for state in states(options, 2):
            rules = state.rules
            for p, player in enumerate(state.players):
                for bonuses in rules.floor_bonus:
                    for vec in (*bonuses, rules.privileges[0], (0,) * 5 + (99, 0)):
                        stock = list(player[:STOCK])
                        opened = gained(state, p, player, stock, vec)
                        expected, asked = received(state, p, player, vec)
                        assert (tuple(stock), opened) == (expected[:STOCK], asked)
                        seen += 1
                        penalised += bool(modifiers(player.mods).gains)
    assert seen and penalised


def test_rebuilt_is_the_player_with_each_part_replaced() -> None:
    state = GAME.new_game(seed=1, options={"players": 2})
    player: Player = state.players[0]
    cards = ((1,), (), (2, 3), ())
    used = (True, False, False, True)
    mods = player.mods
    stock = [9, 8, 7, 6, 5, 4, 3]
    built = rebuilt(player, stock, cards=cards, used=used, mods=mods)
    assert type(built) is Player
    assert built == with_stock(player, stock)._replace(cards=cards, used=used, mods=mods)
