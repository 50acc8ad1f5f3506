"""Placing a family member: the towers, harvest and production, the market, the council palace.

Each action kind has one options generator (its legality, stated once) and an
effect. Taking a card and activating a harvest or production are shared with
the bonus actions of card effects (:mod:`.decisions`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import compress, product
from operator import add, ge, itemgetter, sub
from random import Random
from typing import Any, Final

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.lorenzo.actions import PlaceCouncil, PlaceMarket, PlaceTower, PlaceWork
from regelwerk.engine.lorenzo.effects import (
    HAPPENS,
    IMMEDIATE,
    Context,
    coloured_in,
    discount_options,
    discounted,
    gained,
    given,
    member_value,
    member_values,
    modified_gain,
    modifiers,
    one_source,
    queued,
    received,
    run,
    saving,
    servant_rate,
)
from regelwerk.engine.lorenzo.rules import (
    BUILDING,
    CHARACTER,
    COIN,
    COUNCIL,
    FLOORS,
    HARVEST,
    HARVEST_LARGE,
    HARVEST_SMALL,
    MARKET,
    MEMBERS,
    MILITARY,
    NEUTRAL,
    PRODUCTION,
    PRODUCTION_LARGE,
    PRODUCTION_SMALL,
    SERVANT,
    TERRITORY,
    TOWER_SPACES,
    TYPES,
    WORK_AREAS,
    ZERO,
    C,
    Rules,
    made,
)
from regelwerk.engine.lorenzo.state import (
    AFTER,
    EXCHANGE,
    MALUS,
    PLACE,
    PRIVILEGE,
    STOCK,
    Pending,
    Player,
    Stage,
    State,
    rebuilt,
)

ALL_TYPES: Final = (1 << len(TYPES)) - 1
WORK_SPACES: Final = ((HARVEST_SMALL, HARVEST_LARGE), (PRODUCTION_SMALL, PRODUCTION_LARGE))
WORK_ACTIONS: Final = WORK_AREAS
#: The family members not yet placed, by a player's ``used`` flags.
FREE: Final = {used: tuple(m for m, placed in enumerate(used) if not placed)
        for used in product((False, True), repeat=MEMBERS)}
#: :func:`tower_sampler`'s limits of a tower's floors, for coloured and neutral members,
#: where the tower is closed to him (its fee more than the coins that may pay it).
CLOSED: Final = [0] * (2 * FLOORS)
#: A tower placement's candidate code ``member * TOWER_SPACES + space`` (:func:`tower_sampler`)
#: as ``(member, space, tower, floor, key)``; ``key`` is ``space * 2 + neutral``, by which
#: the sampler remembers what it learnt of the floor for coloured and neutral members.
CANDIDATES: Final = tuple((member, space, *divmod(space, FLOORS), space * 2 + (member == NEUTRAL))
                   for member in range(MEMBERS) for space in range(TOWER_SPACES))


def tower_candidates(members: tuple[int, ...], cards: tuple[int, ...] | None) -> list[int]:
    """The codes (:data:`CANDIDATES`) of every free member on every tower space with a card
    (``cards``: the card on each space, -1 for none; ``None``: every space, as under the
    variant ``empty_floor = bonus_only``), member by member: what :func:`tower_sampler`
    draws from (a new list: the sampler takes its draws out of it)."""
    found: list[int] = []
    if cards is None:
        for member in members:
            found += MEMBER_CODES[member]
        return found
    with_card = [card >= 0 for card in cards]
    for member in members:
        found += compress(MEMBER_CODES[member], with_card)
    return found


#: A member's candidate codes on every tower space, in board order (:func:`tower_candidates`).
MEMBER_CODES: Final = tuple(tuple(member * TOWER_SPACES + space for space in range(TOWER_SPACES))
                            for member in range(MEMBERS))


@lru_cache(maxsize=256)
def space_needs(floor_values: tuple[int, ...], take_bonus: tuple[int, ...]
                ) -> tuple[int, ...]:
    """By tower space, the value a member needs there: the floor's value less the
    player's bonus (or plus his penalty) on taking a card of the tower's type."""
    return tuple(floor_values[f] - take_bonus[t]
                 for t in range(len(take_bonus)) for f in range(len(floor_values)))


def unlimited(state: State) -> bool:
    return state.rules.unlimited_servants


def servant_range(state: State, player: Player, missing: int, top: int | None = None
                  ) -> range:
    """The servants a player may spend: exactly what the space's minimum needs, or up to
    what raises the value to ``top`` (interp.servants_needed), or any (variant)."""
    return servants_between(state.rules, player, servant_rate(state, player), missing, top)


def servants_between(rules: Rules, player: Player, rate: int, missing: int,
                     top: int | None = None) -> range:
    """:func:`servant_range` at the servant rate ``rate``."""
    low = missing * rate if missing > 0 else 0
    if rules.unlimited_servants:
        high = player.servant
    else:
        high = low if top is None or top * rate <= low else top * rate
        if high > player.servant:
            high = player.servant
    return range(low, high + 1, rate)


# ------------------------------------------------------------------ rule functions (ops)

@implements(C + "action.space_taken", C + "tower.floors")
def space_open(occupants: Any, waived: Any = False, ops: Ops = INT) -> Any:
    """A single action space takes a member only while empty (unless its owner may use taken
    spaces; never a tower floor)."""
    if ops is INT:
        return bool(waived) or occupants == 0
    return ops.or_(waived, occupants == 0)


@implements(C + "tower.own_colour", C + "work.one_colour", C + "action.one_colour_per_group")
def colour_open(own_coloured: Any, neutral: Any, ops: Ops = INT) -> Any:
    """An action group with limit takes a family's coloured member only while none of that
    family's coloured members stands there; the neutral member always."""
    if ops is INT:
        return bool(neutral) or own_coloured == 0
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


def free_members(player: Player) -> tuple[int, ...]:
    """The family members a player has not placed this round."""
    return FREE[player.used]


# ------------------------------------------------------------------ towers

@implements(C + "tower.occupied_fee")
def tower_fee(state: State, t: int, waived: frozenset[str]) -> int:
    """The fee to enter tower ``t``: due once any member stands in it, unless a leader
    waives it."""
    rules = state.rules
    first = t * rules.floors
    if "tower_fee" in waived or not any(state.spaces[first:first + rules.floors]):
        return 0
    return rules.occupied_fee


@implements(C + "tower.occupied_fee", C + "leader.actions")
def fee_coins(state: State, p: int, player: Player) -> int:
    """The coins of ``player`` (seat ``p``) that may pay a tower's fee: every coin he holds,
    coins won by a leader action earlier in his turn included (interp.fee_coins_held); under
    the variant ``fee_coins = before_turn`` only those he held as his turn began and
    still holds."""
    if state.rules.fee_before_turn and p == state.order[state.turn] and \
            state.turn_coins < player.coin:
        return state.turn_coins
    return player.coin


class Towers:
    """One player's view of the towers in one state, worked out once for the many (member,
    tower, floor) a listing or a sampler asks about: per tower whether his members may
    enter it, the fee and his cards of its type; per floor his stock after the fee and the
    bonus."""

    __slots__ = ("_bases", "_towers", "extra", "free", "have", "m", "p", "player", "rate",
                 "rules", "state", "taken_floors")

    def __init__(self, state: State, p: int, extra: tuple[tuple[int, ...], ...] = (),
                 free: bool = False) -> None:
        self.state = state
        self.free = free            # a card effect's action free of fee and bonus (variant)
        self.p = p
        self.rules = state.rules
        self.player = state.players[p]
        self.have = self.player.servant
        self.m = modifiers(self.player.mods)
        self.extra = extra
        self.rate = max(self.rules.servant_rate, self.m.servants)
        # interp.ariosto_scope: taken floors open to him only under the variant
        # ``ariosto_scope = towers_too`` (where a floor without its card offers its bonus)
        self.taken_floors = self.rules.ariosto_towers and "occupied_space" in self.m.waived
        self._towers: dict[int, tuple[int, bool, bool, int]] = {}
        self._bases: dict[int, list[int]] = {}

    def tower(self, t: int) -> tuple[int, bool, bool, int]:
        """(the fee due in tower ``t`` (-1: more than the coins that may pay it), whether a
        coloured and whether a neutral member of his may enter it, his cards of its type)."""
        found = self._towers.get(t)
        if found is None:
            rules = self.rules
            fns = rules.fns
            first = t * rules.floors
            spaces = self.state.spaces[first:first + rules.floors]
            fee = 0
            if any(spaces) and "tower_fee" not in self.m.waived and not self.free:
                fee = rules.occupied_fee                              # as :func:`tower_fee`
                if fee > fee_coins(self.state, self.p, self.player):
                    fee = -1
            low = self.p * MEMBERS
            coloured = 0
            neutral = False
            for codes in spaces:
                for code in codes:
                    if low <= code < low + NEUTRAL:
                        coloured = 1
                    elif code % MEMBERS == NEUTRAL:
                        neutral = True
            # interp.neutral_in_tower: under the variant ``neutral_in_tower = one_neutral`` a
            # tower takes one neutral member of any family
            found = self._towers[t] = (fee, fns.colour_open(coloured, False),
                                       fns.colour_open(coloured, True)
                                       and not (neutral and rules.one_neutral),
                                       len(self.player.cards[t]))
        return found

    def base(self, t: int, f: int, fee: int) -> list[int]:
        """His stock once the fee is paid and the floor's bonus received."""
        space = t * self.rules.floors + f
        found = self._bases.get(space)
        if found is None:
            bonus = self.rules.floor_bonus[t][f]
            if bonus is ZERO or f in self.m.lost_floors or self.free:
                found = list(self.player[:STOCK])  # type: ignore[arg-type]
            else:
                if self.m.gains:
                    bonus = modified_gain(self.state, self.player, bonus, "any")[0]
                found = list(map(add, self.player[:STOCK], bonus))
            found[COIN] -= fee
            self._bases[space] = found
        return found

    @implements(C + "tower.floors", C + "tower.any_floor", C + "tower.must_afford",
                C + "tower.occupied_fee", C + "tower.own_colour", C + "tower.card_limit",
                C + "action.minimum", C + "action.servants_needed")
    def forms(self, member: int, value: int, t: int, f: int
              ) -> list[tuple[int, int, int, int, int]]:
        """Every ``(tower, floor, servants, cost, discount)`` by which he takes the card of
        floor ``f`` of tower ``t`` with ``member`` (-1: a card effect's action, no member
        placed) of base ``value``: the floor's value reached (with servants he has), the
        fee paid, the card limit and the colour rule kept, the floor free, then
        :meth:`ways`."""
        rules = self.rules
        space = t * rules.floors + f
        card = self.state.towers[space]
        if card < 0 and not (rules.bonus_only and member >= 0):
            return []
        # servants_between(rules, player, rate, floor value - value - take bonus)
        rate = self.rate
        missing = rules.floor_values[f] - value - self.m.take_bonus[t]
        low = missing * rate if missing > 0 else 0
        if low > self.have:
            return []
        fee, coloured_open, neutral_open, held = self._towers.get(t) or self.tower(t)
        if fee < 0 or (card >= 0 and held >= rules.max_per_type):
            return []
        if member >= 0 and not ((neutral_open if member == NEUTRAL else coloured_open)
                                and rules.fns.space_open(len(self.state.spaces[space]),
                                                         self.taken_floors)):
            return []
        return self.ways(t, f, card, low, fee, held)

    @implements(C + "card.cost", C + "card.territory_slots", C + "card.venture",
                C + "action.servants_needed")
    def ways(self, t: int, f: int, card: int, low: int, fee: int, held: int
             ) -> list[tuple[int, int, int, int, int]]:
        """:meth:`forms` once the floor is open to him: each number of servants from
        ``low`` he may spend, each cost alternative of the floor's ``card`` (none: the
        floor's bonus alone) whose requirement he meets and each discount with which he
        can pay, with ``held`` cards of its type and the ``fee`` paid."""
        rules = self.rules
        fns = rules.fns
        base = self._bases.get(t * rules.floors + f) or self.base(t, f, fee)
        servants_range = range(low, (self.have if rules.unlimited_servants else low) + 1,
                               self.rate)
        found = []
        if card < 0:
            for servants in servants_range:
                if fns.payable(_spent(base, servants), ZERO):
                    found.append((t, f, servants, 0, 0))
            return found
        # neither the territory's requirement nor the discounts depend on the servants
        if t == TERRITORY and not fns.territory_allowed(
                base[MILITARY], rules.territory_military, held,
                "territory_military" in self.m.waived):
            return found
        one = rules.best_discount
        reductions = self.m.reductions[t] if not (self.extra or one) else \
            discount_options(self.player, t, self.extra, one)
        costs = rules.cards[card].costs
        for servants in servants_range:
            stock = _spent(base, servants)
            for c, cost in enumerate(costs):
                if cost.needs and not all(map(ge, stock, cost.require)):
                    continue
                pay = cost.pay
                # interp.discount_stacking: under the variant ``discount_stacking =
                # best_one`` only a discount that takes the most off this cost applies
                best = max(saving(pay, r) for r in reductions) if one else 0
                for d, reduction in enumerate(reductions):
                    if one and saving(pay, reduction) < best:
                        continue
                    if fns.payable(stock, pay if reduction is ZERO
                                   else discounted(pay, reduction)):
                        found.append((t, f, servants, c, d))
        return found


def _spent(base: list[int], servants: int) -> list[int]:
    """A stock ``base`` less ``servants`` servants (``base`` itself for none)."""
    if not servants:
        return base
    stock = base.copy()
    stock[SERVANT] -= servants
    return stock


def tower_takes(state: State, p: int, member: int, value: int, types: int,
                extra: tuple[tuple[int, ...], ...] = (), tower: int | None = None,
                floor: int | None = None) -> Iterator[tuple[int, int, int, int, int]]:
    """Every ``(tower, floor, servants, cost, discount)`` ``p`` may take a card by: with
    ``member`` (-1: a card effect's action, no member placed) of base ``value``, on the
    towers of the card types in the bit mask ``types`` (:meth:`Towers.forms`)."""
    rules = state.rules
    if (tower is not None and not 0 <= tower < rules.towers) or \
            (floor is not None and not 0 <= floor < rules.floors):
        return
    view = Towers(state, p, extra, member < 0 and rules.card_action_free)
    for t in range(rules.towers) if tower is None else (tower,):
        if (types >> t) & 1:
            for f in range(rules.floors) if floor is None else (floor,):
                yield from view.forms(member, value, t, f)


@implements(C + "tower.sequence", C + "tower.floor_bonus", C + "card.territory",
            C + "card.building", C + "card.character", C + "card.permanent")
def take(state: State, p: int, t: int, f: int, servants: int, c: int, d: int, member: int,
         extra: tuple[tuple[int, ...], ...] = (), stage: Stage | None = None) -> State:
    """Carry out a tower action: servants, fee, floor bonus, cost, the card, its immediate
    effect (``stage``: the stage of play from then on, if it changes)."""
    rules = state.rules
    floors = rules.floors
    first = t * floors
    space = first + f
    player = state.players[p]
    m = modifiers(player.mods)
    # interp.card_action_in_tower: a card effect's action pays the fee and takes the bonus,
    # except under the variant ``card_action_tower = free_of_tower_rules``
    free = member < 0 and rules.card_action_free
    fee = 0 if free else tower_fee(state, t, m.waived)
    spaces = state.spaces
    # the player is built once (:func:`rebuilt`): his stock worked out in a list first
    stock: list[int] = list(player[:STOCK])  # type: ignore[arg-type]
    stock[SERVANT] -= servants
    stock[COIN] -= fee
    used = player.used
    if member >= 0:             # as :func:`seated`
        used = replaced(used, member, True)
        spaces = replaced(spaces, space, spaces[space] + (p * MEMBERS + member,))
    opened: tuple[Pending, ...] = ()
    if f not in m.lost_floors and not free:
        opened = gained(state, p, player, stock, rules.floor_bonus[t][f])
    towers = state.towers
    card = towers[space]
    cards, mods = player.cards, player.mods
    if card >= 0:
        data = rules.cards[card]
        # the discounts depend on the player's lasting effects only, which the fee, the
        # servants and the bonus leave as they are
        reduction = discount_options(player, t, extra, rules.best_discount)[d]
        pay = data.costs[c].pay
        # the cost paid, the card taken (a character's permanent effects in force)
        stock = list(map(sub, stock, pay if reduction is ZERO else discounted(pay, reduction)))
        cards = replaced(cards, t, cards[t] + (card,))
        if t == CHARACTER:
            mods = mods + data.permanent
        towers = replaced(towers, space, -1)
    player = rebuilt(player, stock, cards=cards, used=used, mods=mods)
    state = state._replace(players=replaced(state.players, p, player), spaces=spaces,
                           towers=towers,
                           pending=queued(state.pending, opened) if opened else state.pending,
                           stage=state.stage if stage is None else stage)
    if card < 0:
        return state
    return run(state, p, data.immediate, Context(IMMEDIATE.source, card))


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
            yield made(state.rules, PlaceTower, t, f, member, s, c, d)


def why_not_tower(state: State, action: PlaceTower) -> IllegalAction | None:
    """A tower placement refused because its servants leave the member below the floor's
    value (tower.floors) or spend more than that needs (action.servants_needed), or because
    the fee of the occupied tower exceeds the coins that may pay it (tower.occupied_fee,
    interp.fee_coins_held)."""
    p = state.order[state.turn]
    player = state.players[p]
    if not player.used[action.member]:
        rules = state.rules
        rate = servant_rate(state, player)
        missing = rules.floor_values[action.floor] - member_value(state, player, action.member) \
            - modifiers(player.mods).take_bonus[action.tower]
        needed = missing * rate if missing > 0 else 0
        if action.servants < needed:
            return IllegalAction(C + "tower.floors",
                                 N_("This floor needs {needed} servants for this member, "
                                    "not {servants}."), needed=needed, servants=action.servants)
        if action.servants > needed and not rules.unlimited_servants:
            return IllegalAction(C + "action.servants_needed",
                                 N_("This member needs only {needed} servants for this floor, "
                                    "not {servants}."), needed=needed, servants=action.servants)
    fee = tower_fee(state, action.tower, modifiers(player.mods).waived)
    coins = fee_coins(state, p, player)
    if not fee or fee <= coins:
        return None
    if coins < player.coin:
        return IllegalAction(C + "tower.occupied_fee",
                             N_("The occupied tower's fee is {fee} coins, and only the {coins} "
                                "coins held as the turn began may pay it."),
                             fee=fee, coins=coins)
    return IllegalAction(C + "tower.occupied_fee",
                         N_("The occupied tower's fee is {fee} coins; the family holds only "
                            "{coins}."), fee=fee, coins=coins)


def place_tower(state: State, action: PlaceTower) -> State:
    return take(state, state.order[state.turn], action.tower, action.floor, action.servants,
                action.cost, action.discount, action.member, stage=AFTER)


# ------------------------------------------------------------------ harvest and production

def top_activation(state: State, player: Player, area: int) -> int:
    """The highest value a harvest / production of ``player`` can use (his bonus tile's at least)."""
    rules = state.rules
    top = rules.tiles[player.tile].activation
    row = player.cards[TERRITORY if area == HARVEST else BUILDING]
    if row:
        cards = max(map(rules.activation.__getitem__, row))
        if cards > top:
            return cards
    return top


@implements(C + "work.spaces", C + "work.value", C + "work.one_colour", C + "action.space_taken",
            C + "action.one_colour_per_group")
def work_groups(state: State, like: PlaceWork | None) -> list[tuple[int, bool, int, range]]:
    """Every ``(area, large, member, servants)`` a harvest or production placement may take:
    its legal actions are one per number of servants in the range (:func:`work_options`)."""
    rules = state.rules
    fns = rules.fns
    p = state.order[state.turn]
    player = state.players[p]
    m = modifiers(player.mods)
    rate = max(rules.servant_rate, m.servants)
    used = player.used
    members = FREE[used] if like is None else (like.member,)
    values = member_values(state, player, m)
    have = player.servant
    unlimited = rules.unlimited_servants
    groups = []
    base = p * MEMBERS                  # p's coloured members' codes: base .. base + NEUTRAL - 1
    tiles = rules.tiles[player.tile]
    for area in (HARVEST, PRODUCTION) if like is None else (like.area,):
        if area not in (HARVEST, PRODUCTION):
            continue
        small, large_space = WORK_SPACES[area]
        coloured = 0                    # coloured_in(state, p, (small, large_space))
        for code in state.spaces[small] + state.spaces[large_space]:
            if base <= code < base + NEUTRAL:
                coloured = 1
                break
        opened = (fns.colour_open(coloured, False), fns.colour_open(coloured, True))
        # top_activation(state, player, area)
        top = tiles.activation
        row = player.cards[TERRITORY if area == HARVEST else BUILDING]
        if row:
            top = max(top, *map(rules.activation.__getitem__, row))
        bonus = m.bonus.get(WORK_ACTIONS[area], 0)
        for large in (False, True) if like is None else (like.large,):
            if large and not rules.large_spaces:
                continue
            if not large and not fns.space_open(len(state.spaces[small]),
                                                "occupied_space" in m.waived):
                continue
            penalty = rules.large_penalty if large else 0
            # interp.large_space_low_value: the minimum before the penalty, or after it
            # under the variant ``large_space_minimum = refused``
            short = penalty if rules.large_refused else 0
            for member in members:
                if not 0 <= member < MEMBERS or used[member] or not opened[member == NEUTRAL]:
                    continue
                value = values[member] + bonus
                # servants_between(rules, player, rate, work_min - value, top - value - penalty)
                missing = rules.work_min - value - short
                low = missing * rate if missing > 0 else 0
                if low > have:
                    continue
                if unlimited:
                    high = have
                else:
                    high = (top - value - penalty) * rate
                    if high < low:
                        high = low
                    elif high > have:
                        high = have
                groups.append((area, large, member, range(low, high + 1, rate)))
    return groups


def work_options(state: State, like: PlaceWork | None) -> Iterator[PlaceWork]:
    rules = state.rules
    for area, large, member, servants in work_groups(state, like):
        for count in servants:
            yield made(rules, PlaceWork, area, large, member, count)


def draw_index(rng: Random, n: int) -> int:
    """A random whole number from 0 to ``n - 1``, each as likely (up to the float's
    resolution): random play's draw (the game's policy and the samplers), a few times
    quicker than ``rng.randrange``."""
    return int(rng.random() * n)


def draw_item(rng: Random, items: Sequence[Any]) -> Any:
    """One of ``items`` by :func:`draw_index`."""
    return items[int(rng.random() * len(items))]


def work_sampler(state: State, rng: Random) -> PlaceWork | None:
    """One of :func:`work_options`, drawn as :func:`draw_item` draws from their list."""
    groups = work_groups(state, None)
    found = pick(rng, list(map(itemgetter(3), groups)))
    if found is None:
        return None
    group, count = found
    area, large, member, _ = groups[group]
    return made(state.rules, PlaceWork, area, large, member, count)


def pick(rng: Random, ranges: list[range]) -> tuple[int, int] | None:
    """``(which range, its item)`` of the item :func:`draw_item` draws from the ranges laid
    end to end (one draw of the same size; ``None`` and no draw if they are all empty)."""
    total = sum(map(len, ranges))
    if not total:
        return None
    index = int(rng.random() * total)
    for group, items in enumerate(ranges):
        if index < len(items):
            return group, items[index]
        index -= len(items)
    raise AssertionError("unreachable")


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
    gains = modifiers(player.mods).gains
    income: tuple[int, ...] | None = None       # plain gains, held back (as :func:`receive`)
    for card, effects in ((-1, tile.harvest if area == HARVEST else tile.production),
                          *((card, rules.cards[card].permanent)
                            for card in player.cards[TERRITORY if area == HARVEST else BUILDING]
                            if rules.activation[card] <= value)):
        context = held if card < 0 else Context(held.source, card, True)
        for effect in effects:
            if effect.kind == "gain" and not effect.when:
                vec = effect.gain
                if vec == ZERO:
                    continue
                if gains:
                    vec, choose = modified_gain(state, player, vec, context.source)
                    if choose:
                        opened.append(Pending(MALUS, p, arg=choose, flag=True, work=True))
                income = vec if income is None else tuple(map(add, income, vec))
                continue
            state, new = HAPPENS[effect.kind](state, p, effect, context)
            if new and rules.one_source_per_action:     # interp.malus_sources
                new = tuple(one_source(effects, list(new)))
            opened.extend(new)
    if income is None and not opened:
        return state
    if opened:
        opened.sort(key=lambda pending: (pending.need != MALUS, pending.need != EXCHANGE))
    return state._replace(
        income=state.income if income is None else tuple(map(add, state.income, income)),
        earner=p, pending=queued(state.pending, tuple(opened)) if opened else state.pending)


def work_value(state: State, player: Player, member: int, area: int, large: bool,
               servants: int) -> int:
    """The value of a harvest or production: the member's, its bonus, the servants', and the
    large space's penalty."""
    rules = state.rules
    m = modifiers(player.mods)
    value = member_value(state, player, member) + m.bonus.get(WORK_ACTIONS[area], 0)
    value += servants // max(rules.servant_rate, m.servants)
    return value + (rules.large_penalty if large else 0)


def place_work(state: State, action: PlaceWork) -> State:
    p = state.order[state.turn]
    player = state.players[p]
    value = work_value(state, player, action.member, action.area, action.large, action.servants)
    space = WORK_SPACES[action.area][action.large]
    player, spaces = seated(state, p, action.member, space, action.servants)
    return activate(placed(state, p, player, spaces, ()), p, action.area, value)


def occupy(state: State, p: int, member: int, space: int, servants: int, coins: int = 0
           ) -> State:
    """``p``'s ``member`` stands on ``space``; he pays ``servants`` and ``coins``."""
    player, spaces = seated(state, p, member, space, servants, coins)
    return state._replace(spaces=spaces, players=replaced(state.players, p, player))


def seated(state: State, p: int, member: int, space: int, servants: int, coins: int = 0
           ) -> tuple[Player, tuple[tuple[int, ...], ...]]:
    """:func:`occupy`'s player and action spaces."""
    player = state.players[p]
    spaces = state.spaces
    return (player._replace(servant=player.servant - servants, coin=player.coin - coins,
                            used=replaced(player.used, member, True)),
            replaced(spaces, space, spaces[space] + (p * MEMBERS + member,)))


def placed(state: State, p: int, player: Player, spaces: tuple[tuple[int, ...], ...],
           opened: tuple[Pending, ...]) -> State:
    """The state after ``p``'s placement: his ``player``, the action ``spaces``, the
    decisions ``opened`` queued, and his turn goes on after placing."""
    return state._replace(players=replaced(state.players, p, player), spaces=spaces,
                          pending=queued(state.pending, opened) if opened else state.pending,
                          stage=AFTER)


# ------------------------------------------------------------------ market and council palace

@implements(C + "market.spaces", C + "market.players", C + "market.same_family",
            C + "effect.forbid_space")
def market_groups(state: State, like: PlaceMarket | None) -> list[tuple[int, int, range]]:
    """Every ``(space, member, servants)`` a market placement may take: one action per
    number of servants in the range (:func:`market_options`)."""
    rules = state.rules
    p = state.order[state.turn]
    player = state.players[p]
    m = modifiers(player.mods)
    if "market" in m.forbidden:
        return []
    rate = max(rules.servant_rate, m.servants)
    taken = "occupied_space" in m.waived
    used = player.used
    members = FREE[used] if like is None else (like.member,)
    values = member_values(state, player, m)
    have = player.servant
    high = have if rules.unlimited_servants else None
    groups = []
    # the market as one action group under the variant ``action_group_scope = every_area``
    coloured = rules.every_area_limit and coloured_in(state, p, range(MARKET, COUNCIL))
    opened: dict[int, bool] = {}           # space_open by the number of members there
    for space in rules.open_markets if like is None else (like.space,):
        if space not in rules.open_markets:
            continue
        there = len(state.spaces[MARKET + space])
        if there not in opened:
            opened[there] = rules.fns.space_open(there, taken)
        if not opened[there]:
            continue
        for member in members:
            if not 0 <= member < MEMBERS or used[member] or \
                    not rules.fns.colour_open(coloured and member != NEUTRAL, False):
                continue
            # servants_between(rules, player, rate, market_min - values[member])
            missing = rules.market_min - values[member]
            low = missing * rate if missing > 0 else 0
            if low <= have:
                groups.append((space, member, range(low, (low if high is None else high) + 1,
                                                    rate)))
    return groups


def market_options(state: State, like: PlaceMarket | None) -> Iterator[PlaceMarket]:
    rules = state.rules
    for space, member, servants in market_groups(state, like):
        for count in servants:
            yield made(rules, PlaceMarket, space, member, count)


def market_sampler(state: State, rng: Random) -> PlaceMarket | None:
    """One of :func:`market_options`, drawn as :func:`draw_item` draws from their list."""
    groups = market_groups(state, None)
    found = pick(rng, list(map(itemgetter(2), groups)))
    if found is None:
        return None
    group, count = found
    return made(state.rules, PlaceMarket, groups[group][0], groups[group][1], count)


def why_not_servants(state: State, player: Player, member: int, servants: int, least: int
                     ) -> IllegalAction | None:
    """A placement on a space of value ``least`` refused for its servants: too few to raise
    the member to the space's value (action.minimum), more than the family holds or not a
    whole number of points (action.servants), more than the action needs
    (action.servants_needed, not under the variant ``servant_spending = unlimited``). A
    member already placed is not asked about (``None``)."""
    if player.used[member]:
        return None
    rules = state.rules
    m = modifiers(player.mods)
    rate = max(rules.servant_rate, m.servants)
    missing = least - member_values(state, player, m)[member]
    needed = missing * rate if missing > 0 else 0
    if servants < needed:
        return IllegalAction(C + "action.minimum",
                             N_("This space needs {needed} servants for this member, not "
                                "{servants}."), needed=needed, servants=servants)
    if servants > player.servant:
        return IllegalAction(C + "action.servants",
                             N_("The family holds only {have} servants, not {servants}."),
                             have=player.servant, servants=servants)
    if servants > needed and not rules.unlimited_servants:
        return IllegalAction(C + "action.servants_needed",
                             N_("This member needs only {needed} servants for this space, "
                                "not {servants}."), needed=needed, servants=servants)
    if (servants - needed) % rate:
        return IllegalAction(C + "action.servants",
                             N_("Servants raise a member by one point for every {rate}; "
                                "{servants} servants do not make whole points."),
                             rate=rate, servants=servants)
    return None


def why_not_market(state: State, action: PlaceMarket) -> IllegalAction | None:
    """A market placement refused: the family is kept out of the market
    (effect.forbid_space), the space needs more players (market.players), it is taken
    (action.space_taken), a coloured member stands in the market already under the variant
    ``action_group_scope = every_area`` (action.one_colour_per_group), or for its servants
    (:func:`why_not_servants`)."""
    rules = state.rules
    p = state.order[state.turn]
    player = state.players[p]
    m = modifiers(player.mods)
    space = action.space
    if "market" in m.forbidden:
        return IllegalAction(C + "effect.forbid_space",
                             N_("An excommunication keeps this family out of the market."))
    if space not in rules.open_markets:
        return IllegalAction(C + "market.players",
                             N_("Market space {space} needs {least} players; {players} take "
                                "part."), space=space + 1,
                             least=rules.market_min_players[space], players=rules.players)
    if not rules.fns.space_open(len(state.spaces[MARKET + space]), "occupied_space" in m.waived):
        return IllegalAction(C + "action.space_taken",
                             N_("Market space {space} is taken."), space=space + 1)
    if rules.every_area_limit and action.member != NEUTRAL and \
            coloured_in(state, p, range(MARKET, COUNCIL)):
        return IllegalAction(C + "action.one_colour_per_group",
                             N_("A coloured member of this family stands in the market "
                                "already."))
    return why_not_servants(state, player, action.member, action.servants, rules.market_min)


def place_market(state: State, action: PlaceMarket) -> State:
    rules = state.rules
    p = state.order[state.turn]
    player, spaces = seated(state, p, action.member, MARKET + action.space, action.servants)
    player, opened = received(state, p, player, rules.market[action.space])
    count = rules.market_privileges[action.space]
    if count:
        opened += (Pending(PRIVILEGE, p, count),)
    return placed(state, p, player, spaces, opened)


@implements(C + "council.space", C + "council.privilege")
def council_groups(state: State, like: PlaceCouncil | None) -> list[tuple[int, range]]:
    """Every ``(member, servants)`` a council placement may take: one action per number of
    servants in the range (:func:`council_options`)."""
    rules = state.rules
    p = state.order[state.turn]
    player = state.players[p]
    m = modifiers(player.mods)
    rate = max(rules.servant_rate, m.servants)
    values = member_values(state, player, m)
    used = player.used
    have = player.servant
    high = have if rules.unlimited_servants else None
    groups = []
    # the palace as one action group under the variant ``action_group_scope = every_area``
    coloured = rules.every_area_limit and coloured_in(state, p, (COUNCIL,))
    for member in FREE[used] if like is None else (like.member,):
        if not 0 <= member < MEMBERS or used[member] or \
                not rules.fns.colour_open(coloured and member != NEUTRAL, False):
            continue
        # servants_between(rules, player, rate, council_min - values[member])
        missing = rules.council_min - values[member]
        low = missing * rate if missing > 0 else 0
        if low <= have:
            groups.append((member, range(low, (low if high is None else high) + 1, rate)))
    return groups


def council_options(state: State, like: PlaceCouncil | None) -> Iterator[PlaceCouncil]:
    rules = state.rules
    for member, servants in council_groups(state, like):
        for count in servants:
            yield made(rules, PlaceCouncil, member, count)


def council_sampler(state: State, rng: Random) -> PlaceCouncil | None:
    """One of :func:`council_options`, drawn as :func:`draw_item` draws from their list."""
    groups = council_groups(state, None)
    found = pick(rng, list(map(itemgetter(1), groups)))
    if found is None:
        return None
    group, count = found
    return made(state.rules, PlaceCouncil, groups[group][0], count)


def why_not_council(state: State, action: PlaceCouncil) -> IllegalAction | None:
    """A council placement refused: a coloured member stands in the palace already under
    the variant ``action_group_scope = every_area`` (action.one_colour_per_group), or for
    its servants (:func:`why_not_servants`)."""
    rules = state.rules
    p = state.order[state.turn]
    if rules.every_area_limit and action.member != NEUTRAL and coloured_in(state, p, (COUNCIL,)):
        return IllegalAction(C + "action.one_colour_per_group",
                             N_("A coloured member of this family stands in the council "
                                "palace already."))
    return why_not_servants(state, state.players[p], action.member, action.servants,
                            rules.council_min)


def place_council(state: State, action: PlaceCouncil) -> State:
    rules = state.rules
    p = state.order[state.turn]
    player, spaces = seated(state, p, action.member, COUNCIL, action.servants)
    player, opened = received(state, p, player, rules.council_gain)
    asked = Pending(PRIVILEGE, p, rules.council_privileges)
    if rules.one_source_per_action:     # interp.malus_sources: the coin and the privilege
        asked = asked._replace(source_gave=given(rules.council_gain))
    opened += (asked,)
    return placed(state, p, player, spaces, opened)


# ------------------------------------------------------------------ fast samplers

@implements(C + "action.areas", C + "action.must_place")
def any_placement(state: State) -> bool:
    """Whether the player in turn has any legal placement (action.must_place). The council
    palace is always open: a member reaches it when his value and every servant make its
    minimum (as :func:`council_groups` asks). If none does, only a higher bonus or a lower
    minimum elsewhere could help, and without one there is no placement."""
    rules = state.rules
    player = state.players[state.order[state.turn]]
    members = FREE[player.used]
    if not members:
        return False
    m = modifiers(player.mods)
    values = member_values(state, player, m)
    best = max(map(values.__getitem__, members)) + \
        player.servant // max(rules.servant_rate, m.servants)
    work = max(m.bonus.get(area, 0) for area in WORK_ACTIONS)
    if best >= rules.council_min:
        # under the variant ``action_group_scope = every_area`` the palace may be closed to
        # his coloured members
        if not rules.every_area_limit or council_groups(state, None):
            return True
    elif best < rules.market_min and best + work < rules.work_min and \
            best + max(m.take_bonus) < min(rules.floor_values):
        return False
    if market_groups(state, None) or work_groups(state, None):
        return True
    return next(tower_options(state, None), None) is not None


def tower_sampler(state: State, rng: Random) -> PlaceTower | None:
    """A random legal tower placement without listing them all: a random (member, tower,
    floor) with a card (any floor under the variant ``empty_floor = bonus_only``) first,
    then its legal forms; ``None`` if no candidate has one.

    The candidates are drawn one by one without a shuffle of the whole list: a random one
    leaves it and the last takes its place. The refusals of :meth:`Towers.forms`
    (servants too few for the floor's value; the tower's fee, card limit or colour; the
    floor taken) are asked here, then :meth:`Towers.ways`. A candidate's forms depend on
    the member only through the servants its value leaves to pay and whether it is the
    neutral one (the colour rule), and fewer servants to pay never lose a form; so once a
    floor had none for one member, a member that has to pay as many servants or more is
    passed over without asking again, and a floor refused for a reason other than the
    colour is refused to all his members (the same draw, fewer calls)."""
    if state.pending or state.stage != PLACE:
        return None
    p = state.order[state.turn]
    player = state.players[p]
    rules = state.rules
    cards = state.towers
    candidates = tower_candidates(FREE[player.used], None if rules.bonus_only else cards)
    if not candidates:
        return None
    view = Towers(state, p)
    values = member_values(state, player, view.m)
    needs = space_needs(rules.floor_values, view.m.take_bonus)
    rate = view.rate
    ways = view.ways
    towers, tower = view._towers, view.tower
    most = rules.max_per_type
    occupants = state.spaces
    space_open = rules.fns.space_open
    random = rng.random
    # By (space, neutral): the fewest servants to pay that are known to be too many there
    # (more than he has; the floor refused; :meth:`Towers.ways` had none with as many).
    limit = [view.have + 1] * (2 * TOWER_SPACES)
    while candidates:
        i = int(random() * len(candidates))
        code = candidates[i]
        candidates[i] = candidates[-1]    # the drawn candidate leaves, the last takes its place
        candidates.pop()
        member, space, t, f, key = CANDIDATES[code]
        missing = needs[space] - values[member]
        low = missing * rate if missing > 0 else 0       # as in :meth:`Towers.forms`
        if low >= limit[key]:
            continue
        fee, coloured_open, neutral_open, held = towers.get(t) or tower(t)
        card = cards[space]
        if fee < 0:                       # the tower is closed to every member of his
            first = 2 * FLOORS * t
            limit[first:first + 2 * FLOORS] = CLOSED
            continue
        if (card >= 0 and held >= most) or \
                not space_open(len(occupants[space]), view.taken_floors):
            limit[key] = limit[key ^ 1] = 0     # the floor is closed to every member of his
            continue
        if not (neutral_open if key & 1 else coloured_open):
            limit[key] = 0
            continue
        found = ways(t, f, card, low, fee, held)
        if found:
            t, f, s, c, d = found[int(random() * len(found))]
            return made(rules, PlaceTower, t, f, member, s, c, d)
        limit[key] = low                  # the floor's ways do not depend on the colour:
        if low < limit[key ^ 1]:          # the other colour's limit too, if lower
            limit[key ^ 1] = low
    return None
