"""Placing a family member: the towers, harvest and production, the market, the council palace.

Each action kind has one options generator (its legality, stated once) and an
effect. Taking a card and activating a harvest or production are shared with
the bonus actions of card effects (:mod:`.decisions`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random
from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.lorenzo.actions import PlaceCouncil, PlaceMarket, PlaceTower, PlaceWork
from regelwerk.engine.lorenzo.effects import (
    HAPPENS,
    IMMEDIATE,
    Context,
    action_bonus,
    add_resources,
    coloured_in,
    covers,
    discount_options,
    discounted,
    floor_bonus_lost,
    forbidden,
    member_value,
    modified_gain,
    push,
    receive,
    run,
    servant_rate,
    servants_for,
    waived,
    with_player,
)
from regelwerk.engine.lorenzo.rules import (
    CHARACTER,
    COIN,
    COUNCIL,
    HARVEST,
    HARVEST_LARGE,
    HARVEST_SMALL,
    MARKET,
    MEMBERS,
    MILITARY,
    NEUTRAL,
    PRODUCTION_LARGE,
    PRODUCTION_SMALL,
    SERVANT,
    TERRITORY,
    TYPES,
    ZERO,
    C,
)
from regelwerk.engine.lorenzo.state import Pending, Player, Stage, State

ALL_TYPES = (1 << len(TYPES)) - 1
WORK_SPACES = ((HARVEST_SMALL, HARVEST_LARGE), (PRODUCTION_SMALL, PRODUCTION_LARGE))
WORK_ACTIONS = ("harvest", "production")


def unlimited(state: State) -> bool:
    return state.rules.variants["servant_spending"] == "unlimited"


def servant_range(state: State, player: Player, missing: int, top: int | None = None
                  ) -> range:
    """The servants a player may spend: exactly what the space's minimum needs, or up to
    what raises the value to ``top`` (interp.servants_needed), or any (variant)."""
    rate = servant_rate(state, player)
    low = servants_for(missing, rate)
    if unlimited(state):
        high = player.servant
    else:
        high = low if top is None else max(low, servants_for(top, rate))
        high = min(high, player.servant)
    return range(low, high + 1, rate)


# ------------------------------------------------------------------ rule functions (ops)

@implements(C + "action.space_taken", C + "tower.floors")
def space_open(occupants: Any, waived: Any = False, ops: Ops = INT) -> Any:
    """A single action space takes a member only while empty (unless its owner may use taken
    spaces; never a tower floor)."""
    return ops.or_(waived, occupants == 0)


@implements(C + "tower.own_colour", C + "work.one_colour", C + "action.one_colour_per_group")
def colour_open(own_coloured: Any, neutral: Any, ops: Ops = INT) -> Any:
    """An action group with limit takes a family's coloured member only while none of that
    family's coloured members stands there; the neutral member always."""
    return ops.or_(neutral, own_coloured == 0)


def lookup(table: Sequence[Any], index: Any, ops: Ops = INT) -> Any:
    """``table[index]``, for a z3 ``index`` as a chain of cases."""
    if ops is INT:
        return table[index]
    return ops.sum(ops.if_(index == k, v, 0) for k, v in enumerate(table))


@implements(C + "card.territory_slots", C + "effect.waive")
def territory_allowed(military: Any, requirements: Sequence[Any], held: Any, waived: Any,
                      ops: Ops = INT) -> Any:
    """A territory goes to the next free slot (``held`` territories lie before it) only with
    the military points that slot asks for, unless the requirement is waived."""
    return ops.or_(waived, military >= lookup(requirements, held, ops))


def free_members(player: Player) -> Iterator[int]:
    for member, used in enumerate(player.used):
        if not used:
            yield member


# ------------------------------------------------------------------ towers

@implements(C + "tower.floors", C + "tower.any_floor", C + "tower.must_afford",
            C + "tower.occupied_fee", C + "tower.own_colour", C + "tower.card_limit",
            C + "card.cost", C + "card.territory_slots", C + "card.venture", C + "action.minimum",
            C + "action.servants_needed")
def tower_takes(state: State, p: int, member: int, value: int, types: int,
                extra: tuple[tuple[int, ...], ...] = (), tower: int | None = None,
                floor: int | None = None) -> Iterator[tuple[int, int, int, int, int]]:
    """Every ``(tower, floor, servants, cost, discount)`` ``p`` may take a card by: with
    ``member`` (-1: a card effect's action, no member placed) of base ``value``."""
    rules = state.rules
    fns = rules.fns
    player = state.players[p]
    floors = rules.floors
    bonus_only = rules.variants["empty_floor"] == "bonus_only" and member >= 0
    if (tower is not None and not 0 <= tower < rules.towers) or \
            (floor is not None and not 0 <= floor < floors):
        return
    for t in range(rules.towers) if tower is None else (tower,):
        if not (types >> t) & 1:
            continue
        first = t * floors
        if member >= 0 and not fns.colour_open(
                int(coloured_in(state, p, range(first, first + floors))), member == NEUTRAL):
            continue
        full = len(player.cards[t]) >= rules.max_per_type
        occupied = any(state.spaces[first + f] for f in range(floors))
        fee = rules.occupied_fee if occupied and not waived(player, "tower_fee") else 0
        reach = value + action_bonus(state, player, "take_card", t)
        for f in range(floors) if floor is None else (floor,):
            card = state.towers[first + f]
            if member >= 0 and not fns.space_open(len(state.spaces[first + f])):
                continue
            if card < 0 and not bonus_only:
                continue
            if card >= 0 and full:
                continue
            for servants in servant_range(state, player, rules.floor_values[f] - reach):
                stock = list(player[:7])
                stock[SERVANT] -= servants
                stock[COIN] -= fee
                if stock[COIN] < 0:
                    break
                if not floor_bonus_lost(player, f):
                    bonus, _ = modified_gain(state, player, rules.floor_bonus[t][f], "any")
                    stock = [a + b for a, b in zip(stock, bonus, strict=True)]
                if card < 0:
                    if fns.payable(stock, ZERO):
                        yield t, f, servants, 0, 0
                    continue
                if t == TERRITORY and not fns.territory_allowed(
                        stock[MILITARY], rules.territory_military, len(player.cards[t]),
                        waived(player, "territory_military")):
                    continue
                for c, cost in enumerate(rules.cards[card].costs):
                    if not covers(stock, cost.require):
                        continue
                    for d, reduction in enumerate(discount_options(player, t, extra)):
                        if fns.payable(stock, discounted(cost.pay, reduction)):
                            yield t, f, servants, c, d


@implements(C + "tower.sequence", C + "tower.floor_bonus", C + "card.territory",
            C + "card.building", C + "card.character", C + "card.permanent")
def take(state: State, p: int, t: int, f: int, servants: int, c: int, d: int, member: int,
         extra: tuple[tuple[int, ...], ...] = ()) -> State:
    """Carry out a tower action: servants, fee, floor bonus, cost, the card, its immediate effect."""
    rules = state.rules
    space = t * rules.floors + f
    player = state.players[p]
    occupied = any(state.spaces[t * rules.floors + k] for k in range(rules.floors))
    fee = rules.occupied_fee if occupied and not waived(player, "tower_fee") else 0
    player = player._replace(servant=player.servant - servants, coin=player.coin - fee)
    if member >= 0:
        player = player._replace(used=player.used[:member] + (True,) + player.used[member + 1:])
        spaces = state.spaces
        state = state._replace(spaces=spaces[:space] + (spaces[space] + (p * MEMBERS + member,),)
                               + spaces[space + 1:])
    state = with_player(state, p, player)
    if not floor_bonus_lost(player, f):
        state, opened = receive(state, p, rules.floor_bonus[t][f])
        state = push(state, opened)
    card = state.towers[space]
    if card < 0:
        return state
    data = rules.cards[card]
    player = state.players[p]
    reduction = discount_options(player, t, extra)[d]
    player = add_resources(player, discounted(data.costs[c].pay, reduction), -1)
    cards = player.cards
    player = player._replace(cards=cards[:t] + (cards[t] + (card,),) + cards[t + 1:])
    if t == CHARACTER:
        player = player._replace(mods=player.mods + data.permanent)
    state = with_player(state, p, player)
    state = state._replace(towers=state.towers[:space] + (-1,) + state.towers[space + 1:])
    return run(state, p, data.immediate, IMMEDIATE._replace(card=card))


def tower_options(state: State, like: PlaceTower | None) -> Iterator[PlaceTower]:
    p = state.order[state.turn]
    player = state.players[p]
    for member in free_members(player) if like is None else (like.member,):
        if not 0 <= member < MEMBERS or player.used[member]:
            continue
        value = member_value(state, player, member)
        for t, f, s, c, d in tower_takes(state, p, member, value, ALL_TYPES, (),
                                         None if like is None else like.tower,
                                         None if like is None else like.floor):
            yield PlaceTower(t, f, member, s, c, d)


def place_tower(state: State, action: PlaceTower) -> State:
    state = take(state, state.order[state.turn], action.tower, action.floor, action.servants,
                 action.cost, action.discount, action.member)
    return state._replace(stage=Stage.AFTER)


# ------------------------------------------------------------------ harvest and production

def top_activation(state: State, player: Player, area: int) -> int:
    """The highest value a harvest / production of ``player`` can use (his bonus tile's at least)."""
    rules = state.rules
    top = rules.tiles[player.tile].activation
    for card in player.cards[TERRITORY if area == HARVEST else 1]:
        top = max(top, rules.cards[card].activation)
    return top


@implements(C + "work.spaces", C + "work.value", C + "work.one_colour", C + "action.space_taken",
            C + "action.one_colour_per_group")
def work_options(state: State, like: PlaceWork | None) -> Iterator[PlaceWork]:
    rules = state.rules
    p = state.order[state.turn]
    player = state.players[p]
    for area in (HARVEST, 1) if like is None else (like.area,):
        if area not in (HARVEST, 1):
            continue
        small, large_space = WORK_SPACES[area]
        coloured = int(coloured_in(state, p, (small, large_space)))
        top = top_activation(state, player, area)
        bonus = action_bonus(state, player, WORK_ACTIONS[area])
        for large in (False, True) if like is None else (like.large,):
            if large and rules.players < rules.large_min_players:
                continue
            if not large and not rules.fns.space_open(len(state.spaces[small]),
                                                      waived(player, "occupied_space")):
                continue
            penalty = rules.large_penalty if large else 0
            for member in free_members(player) if like is None else (like.member,):
                if not 0 <= member < MEMBERS or player.used[member]:
                    continue
                if not rules.fns.colour_open(coloured, member == NEUTRAL):
                    continue
                value = member_value(state, player, member) + bonus
                for servants in servant_range(state, player, rules.work_min - value,
                                              top - value - penalty):
                    yield PlaceWork(area, large, member, servants)


@implements(C + "work.harvest", C + "work.production", C + "work.bonus_tile")
def activate(state: State, p: int, area: int, value: int) -> State:
    """A harvest / production of ``value``: the bonus tile and each card whose activation it
    reaches. Its gains are held back until its exchanges are settled (work.exchange_stock)."""
    rules = state.rules
    player = state.players[p]
    tile = rules.tiles[player.tile]
    if value < tile.activation:
        return state
    held = Context(held=True)
    opened: list[Pending] = []
    for effect in tile.harvest if area == HARVEST else tile.production:
        state, new = HAPPENS[effect.kind](state, p, effect, held)
        opened.extend(new)
    for card in player.cards[TERRITORY if area == HARVEST else 1]:
        data = rules.cards[card]
        if data.activation <= value:
            context = held._replace(card=card)
            for effect in data.permanent:
                state, new = HAPPENS[effect.kind](state, p, effect, context)
                opened.extend(new)
    opened.sort(key=lambda pending: (pending.need != Stage.MALUS, pending.need != Stage.EXCHANGE))
    if opened:
        return push(state._replace(earner=p), opened)
    return state


def work_value(state: State, player: Player, member: int, area: int, large: bool,
               servants: int) -> int:
    rules = state.rules
    value = member_value(state, player, member) + action_bonus(state, player, WORK_ACTIONS[area])
    value += servants // servant_rate(state, player)
    return value + (rules.large_penalty if large else 0)


def place_work(state: State, action: PlaceWork) -> State:
    p = state.order[state.turn]
    player = state.players[p]
    value = work_value(state, player, action.member, action.area, action.large, action.servants)
    space = WORK_SPACES[action.area][action.large]
    state = occupy(state, p, action.member, space, action.servants)
    return activate(state, p, action.area, value)._replace(stage=Stage.AFTER)


def occupy(state: State, p: int, member: int, space: int, servants: int) -> State:
    player = state.players[p]
    player = player._replace(servant=player.servant - servants,
                             used=player.used[:member] + (True,) + player.used[member + 1:])
    spaces = state.spaces
    state = state._replace(spaces=spaces[:space] + (spaces[space] + (p * MEMBERS + member,),)
                           + spaces[space + 1:])
    return with_player(state, p, player)


# ------------------------------------------------------------------ market and council palace

@implements(C + "market.spaces", C + "market.players", C + "market.same_family",
            C + "effect.forbid_space")
def market_options(state: State, like: PlaceMarket | None) -> Iterator[PlaceMarket]:
    rules = state.rules
    p = state.order[state.turn]
    player = state.players[p]
    if forbidden(player, "market"):
        return
    for space in range(len(rules.market)) if like is None else (like.space,):
        if not 0 <= space < len(rules.market) or rules.players < rules.market_min_players[space]:
            continue
        if not rules.fns.space_open(len(state.spaces[MARKET + space]),
                                    waived(player, "occupied_space")):
            continue
        for member in free_members(player) if like is None else (like.member,):
            if not 0 <= member < MEMBERS or player.used[member]:
                continue
            missing = rules.market_min - member_value(state, player, member)
            for servants in servant_range(state, player, missing):
                yield PlaceMarket(space, member, servants)


def place_market(state: State, action: PlaceMarket) -> State:
    rules = state.rules
    p = state.order[state.turn]
    state = occupy(state, p, action.member, MARKET + action.space, action.servants)
    state, opened = receive(state, p, rules.market[action.space])
    count = rules.market_privileges[action.space]
    if count:
        opened += (Pending(Stage.PRIVILEGE, p, arg=count),)
    return push(state, opened)._replace(stage=Stage.AFTER)


@implements(C + "council.space", C + "council.privilege")
def council_options(state: State, like: PlaceCouncil | None) -> Iterator[PlaceCouncil]:
    rules = state.rules
    p = state.order[state.turn]
    player = state.players[p]
    for member in free_members(player) if like is None else (like.member,):
        if not 0 <= member < MEMBERS or player.used[member]:
            continue
        missing = rules.council_min - member_value(state, player, member)
        for servants in servant_range(state, player, missing):
            yield PlaceCouncil(member, servants)


def place_council(state: State, action: PlaceCouncil) -> State:
    rules = state.rules
    p = state.order[state.turn]
    state = occupy(state, p, action.member, COUNCIL, action.servants)
    coins = tuple(rules.council_coins if i == COIN else 0 for i in range(len(ZERO)))
    state, opened = receive(state, p, coins)
    opened += (Pending(Stage.PRIVILEGE, p, arg=rules.council_privileges),)
    return push(state, opened)._replace(stage=Stage.AFTER)


# ------------------------------------------------------------------ fast samplers

def any_placement(state: State) -> bool:
    """Whether the player in turn has any legal placement (action.must_place)."""
    for generator in (council_options, market_options, work_options, tower_options):
        for _ in generator(state, None):  # type: ignore[operator]
            return True
    return False


def _pick(rng: Random, candidates: list[Any]) -> Iterator[Any]:
    """The candidates in random order, drawn one by one (no shuffle of the whole list)."""
    while candidates:
        i = rng.randrange(len(candidates))
        candidates[i], candidates[-1] = candidates[-1], candidates[i]
        yield candidates.pop()


def tower_sampler(state: State, rng: Random) -> PlaceTower | None:
    """A random legal tower placement without listing them all: a random (member, tower,
    floor) with a card first, then its legal forms; ``None`` if no candidate has one."""
    if state.pending or state.stage != Stage.PLACE:
        return None
    p = state.order[state.turn]
    player = state.players[p]
    floors = state.rules.floors
    candidates = [(m, space) for m in free_members(player)
                  for space, card in enumerate(state.towers) if card >= 0]
    values: dict[int, int] = {}
    for member, space in _pick(rng, candidates):
        if member not in values:
            values[member] = member_value(state, player, member)
        found = list(tower_takes(state, p, member, values[member], ALL_TYPES, (),
                                 *divmod(space, floors)))
        if found:
            t, f, s, c, d = rng.choice(found)
            return PlaceTower(t, f, member, s, c, d)
    return None
