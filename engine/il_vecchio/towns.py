"""Town actions (action a): travel to a town and take what it offers."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.il_vecchio.actions import TownAction
from regelwerk.engine.il_vecchio.board import CREST_COLOURS, GREEN
from regelwerk.engine.il_vecchio.council import COUNCIL_FOLLOWER
from regelwerk.engine.il_vecchio.players import has_council
from regelwerk.engine.il_vecchio.random_play import made, pick
from regelwerk.engine.il_vecchio.reinforcement import explain_main, main_action_open
from regelwerk.engine.il_vecchio.rules import BISHOP, CARRIAGE, FLORIN, SCROLL, C, illegal
from regelwerk.engine.il_vecchio.state import State
from regelwerk.engine.il_vecchio.travel import explain_travel, standing_towns, travelled, trips
from regelwerk.engine.il_vecchio.turn import main_taken


@implements(C + "action.town.crest", C + "action.town.goods", C + "action.town.green",
            C + "middleman.move", C + "tiles.council", C + "travel.roads")
def town_options(state: State, like: TownAction | None) -> Iterator[TownAction]:
    """Every town action: a trip to a town with a town action, a middleman there (or a green
    town) or a bishop handed in, and each choice of goods (the scroll tile: one more)."""
    if not state.main_action_left():
        return
    rules = state.rules
    tables = rules.tables
    me = state.players[state.turn]
    scrolls_tile = has_council(me, rules, "scrolls")
    price = rules.council_yields["scroll_price"]
    florins = me.res[FLORIN]
    with_bishop = me.res[BISHOP] >= 1
    middlemen = state.middlemen
    if like is None:
        found = trips(state, tables.targets)
    else:
        found = trips(state, (like.to,) if like.to in tables.targets else (), frm_only=like.frm)
    for frm, to, carriage in found:
        cost = 0 if carriage else tables.step_cost[frm][to]
        ways = []
        if tables.green[to] or to in middlemen:
            ways.append(False)
        if with_bishop:
            ways.append(True)
        extra_ok = tables.brown[to] and scrolls_tile and florins - cost >= price
        for bishop in ways:
            for choice in range(tables.choices[to]):
                yield TownAction(frm, to, carriage, bishop, choice)
                if extra_ok and choice == 1:
                    yield TownAction(frm, to, carriage, bishop, choice, True)


def explain_town(state: State, action: TownAction) -> IllegalAction | None:
    """The first rule a refused town action breaks, in the order the action is carried out."""
    rules = state.rules
    board = rules.board
    problem = explain_main(state) or explain_travel(state, action.frm, action.to, action.carriage)
    if problem:
        return problem
    me = state.players[state.turn]
    to = action.to
    colour = board.colours[to]
    if colour not in CREST_COLOURS and colour != GREEN:
        return illegal("action.town.crest", N_("{town} offers no town action."),
                       town=board.names[to])
    if action.bishop and me.res[BISHOP] < 1:
        return illegal("action.town.crest", N_("You have no bishop."))
    if not action.bishop and colour != GREEN and state.middlemen[
            CREST_COLOURS.index(colour)] != to:
        return illegal("action.town.crest",
                       N_("No middleman is in {town}: hand in a bishop instead."),
                       town=board.names[to])
    if not 0 <= action.choice < rules.tables.choices[to]:
        return illegal("action.town.goods", N_("{town} offers no such choice."),
                       town=board.names[to])
    if action.extra and not (colour == "brown" and action.choice == 1
                             and has_council(me, rules, "scrolls")):
        return illegal("tiles.council", N_("Only the scroll council tile buys an extra scroll."))
    left = me.res[FLORIN] - (0 if action.carriage else rules.tables.step_cost[action.frm][to])
    price = rules.council_yields["scroll_price"]
    if action.extra and left < price:
        return illegal("tiles.council", N_("This costs {cost} Florins; you have {have}."),
                       cost=price, have=left)
    return None


@implements(C + "action.town.crest", C + "action.town.goods", C + "action.town.green",
            C + "middleman.move", C + "tiles.council")
def town(state: State, action: TownAction) -> State:
    """Travel, pay, hand in a bishop or lay the member down (moving the middleman on), take
    the goods and the council tiles' extras; counts the main action and settles
    (:func:`~.turn.main_taken`: one copy of the state, also when the turn ends)."""
    rules = state.rules
    board = rules.board
    p = state.turn
    to = action.to
    standing, res = travelled(state, p, action.frm, to, action.carriage)
    me = state.players[p]
    lying = me.lying
    colour = board.colours[to]
    middlemen = state.middlemen
    if action.bishop:
        res[BISHOP] -= 1
    else:
        if colour != GREEN:
            middlemen = replaced(middlemen, CREST_COLOURS.index(colour), board.next_town[to])
        here, down = rules.fns.member_lies_down(standing[to], lying[to])
        standing, lying = replaced(standing, to, here), replaced(lying, to, down)
    y = rules.council_yields
    council = me.council_up
    tile = rules.tables.council_id
    if colour == GREEN:
        res[FLORIN] += rules.green_florins
    elif colour == "brown" and action.choice == 0:
        res[FLORIN] += rules.brown_florins
        if tile["money"] in council:
            res[FLORIN] += y["brown_florins"]
    elif colour == "brown":
        res[SCROLL] += rules.brown_scrolls
        if action.extra:
            res[FLORIN] -= y["scroll_price"]
            res[SCROLL] += 1
    elif colour == "purple":
        token, other = (BISHOP, CARRIAGE) if action.choice == 0 else (CARRIAGE, BISHOP)
        res[token] += rules.purple_count
        if tile["bishops" if token == BISHOP else "carriages"] in council:
            res[other] += 1
            res[FLORIN] += y["token_florins"]
    else:
        kind = rules.follower_of_colour[colour]
        res[kind] += rules.follower_count
        if tile["follower"] in council:
            res[FLORIN] += y["follower_florins"]
        for name, tile_kind in COUNCIL_FOLLOWER.items():
            if tile_kind == kind and tile[name] in council:
                res[kind] += 1
    me = me._replace(res=tuple(res), standing=standing, lying=lying)
    return main_taken(state, p, me, middlemen=middlemen)


def sample_town(state: State, rng: Random) -> TownAction | None:
    """A random town action, drawn parameter by parameter (the fast twin of
    :func:`town_options`; the conformance suite checks it draws only legal ones)."""
    if not main_action_open(state):
        return None
    rules = state.rules
    tables = rules.tables
    me = state.players[state.turn]
    res = me.res
    florins, carriages, bishops = res[FLORIN], res[CARRIAGE] >= 1, res[BISHOP] >= 1
    middlemen = state.middlemen
    green = tables.green
    # without a bishop, the towns with a middleman or green ones (each middleman stands on
    # a town of his colour, never a green one: both lists hold distinct targets)
    unpaid = None if bishops else sorted((*tables.green_towns, *middlemen))
    froms = standing_towns(state)
    tos: list[int] | tuple[int, ...] = ()
    row: tuple[int, ...] = ()
    frm = -1
    while froms:
        i = int(rng.random() * len(froms))
        frm = froms[i]
        row = tables.step_cost[frm]
        if unpaid is not None:
            tos = unpaid if carriages else [to for to in unpaid if row[to] <= florins]
        elif carriages:
            tos = tables.targets
        else:
            reach = tables.reach[frm]
            tos = reach[min(florins, len(reach) - 1)]
        if tos:
            break
        froms[i] = froms[-1]
        froms.pop()
    if not tos:
        return None
    to = pick(rng, tos)
    if to == frm:
        carriage = False
    else:
        walk = row[to] <= florins
        carriage = rng.random() < 0.5 if (walk and carriages) else not walk
    free = green[to] or to in middlemen
    bishop = rng.random() < 0.5 if (free and bishops) else not free
    choice = int(rng.random() * tables.choices[to])
    extra = False
    if (choice == 1 and tables.brown[to] and has_council(me, rules, "scrolls")
            and florins - (0 if carriage else row[to]) >= rules.council_yields["scroll_price"]):
        extra = rng.random() < 0.5
    return made(TownAction, frm, to, carriage, bishop, choice, extra)
