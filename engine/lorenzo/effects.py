"""The effect interpreter: one function per effect kind of the vocabulary (EFFECTS.md).

Effects that *happen* (gain, privilege, gain_per_card, gain_per_resource,
exchange, take_card, harvest, production) are functions
``(state, player, effect, context) -> (state, new pending decisions)``, run by
:func:`run`. Effects that *modify* (action_bonus, discount, no_floor_bonus,
member_value, gain_modifier, waive, forbid_space, servant_rate, no_end_score,
end_vp_loss, and gain on an event) lie in a player's ``mods`` and are asked by
the queries below whenever their situation arises; the final-scoring ones are
read by :mod:`.scoring`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import product
from operator import add, ge, sub
from typing import Any, Final, NamedTuple

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.lorenzo.rules import (
    FAITH,
    MEMBERS,
    NEUTRAL,
    PRODUCTION,
    RESOURCES,
    TYPES,
    ZERO,
    C,
    Effect,
)
from regelwerk.engine.lorenzo.state import (
    EXCHANGE,
    MALUS,
    PRIVILEGE,
    STOCK,
    TAKE,
    WORK,
    Pending,
    Player,
    State,
    with_stock,
)

RES = range(len(RESOURCES))


class Context(NamedTuple):
    """Where an effect comes from: ``source`` (``card_immediate`` or ``any``), the card
    bearing it (-1: none), and whether its gains are held back (a harvest or production)."""

    source: str = "any"
    card: int = -1
    held: bool = False


IMMEDIATE_SOURCE: Final = "card_immediate"
IMMEDIATE = Context(IMMEDIATE_SOURCE)
ANY = Context()


# ------------------------------------------------------------------ small state helpers

def with_player(state: State, p: int, player: Player) -> State:
    """``state`` with ``player`` in seat ``p``."""
    return state._replace(players=replaced(state.players, p, player))


def add_resources(player: Player, vec: tuple[int, ...], sign: int = 1) -> Player:
    """``player`` with ``vec`` added to his resources and points (``sign`` -1: taken away)."""
    return with_stock(player, map(add if sign == 1 else sub, player[:STOCK], vec))


def covers(have: tuple[int, ...] | Player, need: tuple[int, ...]) -> bool:
    """Whether ``have`` holds at least ``need`` of every resource and point."""
    return all(map(ge, have, need))  # type: ignore[arg-type]


# ------------------------------------------------------------------ rule functions (ops)

@implements(C + "card.cost", C + "tower.occupied_fee", C + "effect.exchange")
def payable(have: Any, need: Any, ops: Ops = INT) -> Any:
    """Whether a stock (after fees, servants and bonuses) covers a payment: every resource
    and point at least what is paid, so nothing goes below zero."""
    if ops is INT:
        return all(map(ge, have, need))
    return ops.and_(*(have[i] >= need[i] for i in RES))


@implements(C + "excommunication.per_source", C + "effect.gain_modifier")
def lessened(amount: Any, add: Any, ops: Ops = INT) -> Any:
    """One source's ``amount`` of a resource changed by a penalty ``add``: never below nothing."""
    return ops.if_(amount + add > 0, amount + add, 0)


@implements(C + "vatican.track_end")
def on_track(faith: Any, faith_max: Any, ops: Ops = INT) -> Any:
    """Faith beyond the track's last space is lost (interp.faith_track_end)."""
    return ops.if_(faith > faith_max, faith_max, faith)


def push(state: State, items: tuple[Pending, ...] | list[Pending]) -> State:
    """``state`` with the decisions ``items`` queued (:func:`queued`)."""
    if not items:
        return state
    return state._replace(pending=queued(state.pending, tuple(items)))


def queued(pending: tuple[Pending, ...], items: tuple[Pending, ...]) -> tuple[Pending, ...]:
    """New decisions go to the front of the queue (a bonus action is settled before what
    was waiting), behind the decisions of a harvest or production under way if they
    belong to it."""
    if pending and items and items[0].work and items[0].need != MALUS:
        cut = 0
        while cut < len(pending) and pending[cut].work:
            cut += 1
        return pending[:cut] + items + pending[cut:]
    return items + pending


def mods(player: Player, kind: str) -> Iterator[Effect]:
    for effect in player.mods:
        if effect.kind == kind:
            yield effect


# ------------------------------------------------------------------ gains

@implements(C + "effect.gain_modifier", C + "excommunication.per_source")
def modified_gain(state: State, player: Player, vec: tuple[int, ...],
                  source: str, source_gave: int = 0) -> tuple[tuple[int, ...], int]:
    """What one source's ``vec`` becomes for ``player``: factors first, then the
    penalties per source (never below nothing). The number: how many units of wood or
    stone are still to be taken off, the player choosing which (a MALUS decision).
    ``source_gave``: the resources (one bit each) of which the same source already gave
    some, so their penalty is taken (under the variant ``malus_source = each_action``)."""
    gains = modifiers(player.mods).gains
    if not gains:
        return vec, 0
    found = [e for e in gains if e.source == "any" or e.source == source]
    if not found:
        return vec, 0
    values = list(vec)
    for effect in found:
        if effect.factor != 1:
            for r in effect.resources:
                values[r] *= effect.factor
    choose = 0
    one_unit = state.rules.one_unit_malus
    lessen = state.rules.fns.lessened
    for effect in found:
        if effect.add is None:
            continue
        given = [r for r in effect.resources if values[r] > 0]
        if source_gave:
            if effect.combined and one_unit and \
                    any(source_gave >> r & 1 for r in effect.resources):
                continue
            given = [r for r in given if not source_gave >> r & 1]
        if effect.combined and one_unit:
            if len(given) == 1:
                values[given[0]] = lessen(values[given[0]], effect.add)
            elif given:
                choose -= effect.add
        else:
            for r in given:
                values[r] = lessen(values[r], effect.add)
    return tuple(values), choose


@implements(C + "effect.gain", C + "vatican.track_end")
def receive(state: State, p: int, vec: tuple[int, ...], context: Context = ANY,
            source_gave: int = 0) -> tuple[State, tuple[Pending, ...]]:
    """``p`` receives one source's resources and points (modified, faith capped); held
    back as income during a harvest or production."""
    if vec == ZERO:
        return state, ()
    if context.held:
        player = state.players[p]
        extra: tuple[Pending, ...] = ()
        if modifiers(player.mods).gains:
            vec, choose = modified_gain(state, player, vec, context.source, source_gave)
            if choose:
                extra = (Pending(MALUS, p, arg=choose, flag=True, work=True),)
        return state._replace(income=tuple(map(add, state.income, vec)), earner=p), extra
    player, extra = received(state, p, state.players[p], vec, context.source, source_gave)
    return with_player(state, p, player), extra


def received(state: State, p: int, player: Player, vec: tuple[int, ...], source: str = "any",
             source_gave: int = 0) -> tuple[Player, tuple[Pending, ...]]:
    """``player`` (of seat ``p``) once he has received one source's ``vec`` (modified,
    faith capped), and the decision it may open (which of wood or stone a penalty takes);
    ``source_gave`` as :func:`modified_gain`."""
    if vec == ZERO:
        return player, ()
    extra: tuple[Pending, ...] = ()
    if player.mods and modifiers(player.mods).gains:
        vec, choose = modified_gain(state, player, vec, source, source_gave)
        if choose:
            extra = (Pending(MALUS, p, arg=choose),)
    if vec[FAITH]:
        stock = list(map(add, player[:STOCK], vec))
        stock[FAITH] = state.rules.fns.on_track(stock[FAITH], state.rules.faith_max)
        return with_stock(player, stock), extra
    return with_stock(player, map(add, player[:STOCK], vec)), extra


def gained(state: State, p: int, player: Player, stock: list[int], vec: tuple[int, ...]
           ) -> tuple[Pending, ...]:
    """:func:`received` into ``stock``, a list of ``player``'s resources and points worked
    out so far (changed in place): one source's ``vec`` modified by his lasting effects,
    faith capped; the decision it may open."""
    if vec == ZERO:
        return ()
    extra: tuple[Pending, ...] = ()
    if player.mods and modifiers(player.mods).gains:
        vec, choose = modified_gain(state, player, vec, "any")
        if choose:
            extra = (Pending(MALUS, p, arg=choose),)
    stock[:] = map(add, stock, vec)
    if vec[FAITH]:
        stock[FAITH] = state.rules.fns.on_track(stock[FAITH], state.rules.faith_max)
    return extra


def flush_income(state: State) -> State:
    """The held-back income of a finished harvest or production reaches the player."""
    p = state.earner
    player = add_resources(state.players[p], state.income)
    if state.income[FAITH]:
        player = player._replace(faith=state.rules.fns.on_track(player.faith,
                                                                state.rules.faith_max))
    return state._replace(players=replaced(state.players, p, player), income=ZERO, earner=-1)


def gain(state: State, p: int, effect: Effect, context: Context) -> tuple[State, tuple[Pending, ...]]:
    """Effect kind ``gain`` (a gain tied to an event is a modifier, see :func:`on_event`)."""
    if effect.when:
        return state, ()
    return receive(state, p, effect.gain, context)


@implements(C + "effect.privilege", C + "council.privileges_differ")
def privilege(state: State, p: int, effect: Effect, context: Context
              ) -> tuple[State, tuple[Pending, ...]]:
    """A council privilege to choose; under the variant ``card_privilege = doubled``
    (interp.santa_rita_privilege) one a card's immediate effect grants keeps its card, so
    that what it gives counts as that effect's gain."""
    card = context.card if state.rules.card_privilege_doubled and \
        context.source == IMMEDIATE_SOURCE else -1
    return state, (Pending(PRIVILEGE, p, arg=effect.count, card=card, work=context.held),)


@implements(C + "effect.gain_per_card")
def gain_per_card(state: State, p: int, effect: Effect, context: Context
                  ) -> tuple[State, tuple[Pending, ...]]:
    """Once per card of the type held, the bearing card included (interp.per_card_counts_itself;
    under the variant ``per_card_count = others_only`` the bearing card does not count)."""
    count = len(state.players[p].cards[effect.card_type])
    rules = state.rules
    if rules.others_only and context.card >= 0 and \
            rules.cards[context.card].type == effect.card_type:
        count -= 1
    return receive(state, p, tuple(v * count for v in effect.gain), context)


@implements(C + "effect.gain_per_resource")
def gain_per_resource(state: State, p: int, effect: Effect, context: Context
                      ) -> tuple[State, tuple[Pending, ...]]:
    resource, step = effect.per
    times = state.players[p][resource] // step  # type: ignore[operator]
    return receive(state, p, tuple(v * times for v in effect.gain), context)


@implements(C + "effect.exchange", C + "work.exchange_stock")
def exchange(state: State, p: int, effect: Effect, context: Context
             ) -> tuple[State, tuple[Pending, ...]]:
    """Offered only if one option can be paid from the stock held before the activation."""
    player = state.players[p]
    payable = state.rules.fns.payable
    if not any(payable(player, pay) for pay, _ in effect.options):
        return state, ()
    return state, (Pending(EXCHANGE, p, card=context.card, work=True),)


@implements(C + "effect.take_card", C + "card.immediate")
def take_card(state: State, p: int, effect: Effect, context: Context
              ) -> tuple[State, tuple[Pending, ...]]:
    mask = sum(1 << t for t in effect.card_types)
    return state, (Pending(TAKE, p, arg=effect.value, mask=mask, card=context.card),)


@implements(C + "effect.harvest")
def harvest(state: State, p: int, effect: Effect, context: Context
            ) -> tuple[State, tuple[Pending, ...]]:
    return state, (Pending(WORK, p, arg=effect.value, mask=0, flag=effect.card_bonuses),)


@implements(C + "effect.production")
def production(state: State, p: int, effect: Effect, context: Context
               ) -> tuple[State, tuple[Pending, ...]]:
    return state, (Pending(WORK, p, arg=effect.value, mask=PRODUCTION,
                           flag=effect.card_bonuses),)


def modifier(state: State, p: int, effect: Effect, context: Context
             ) -> tuple[State, tuple[Pending, ...]]:
    """A modifier does nothing when it is run: it works from the player's ``mods``."""
    return state, ()


HAPPENS: dict[str, Callable[[State, int, Effect, Context], tuple[State, tuple[Pending, ...]]]] = {
    "gain": gain, "privilege": privilege, "gain_per_card": gain_per_card,
    "gain_per_resource": gain_per_resource, "exchange": exchange, "take_card": take_card,
    "harvest": harvest, "production": production,
}
MODIFIERS = frozenset({"action_bonus", "discount", "no_floor_bonus", "member_value",
                       "gain_modifier", "waive", "forbid_space", "servant_rate",
                       "no_end_score", "end_vp_loss"})


#: The effect kinds that are bonus actions (lorenzo:card.immediate).
BONUS_ACTIONS: Final = frozenset({"take_card", "harvest", "production"})


@implements(C + "card.immediate")
def run(state: State, p: int, effects: tuple[Effect, ...], context: Context) -> State:
    """Carry out ``effects`` in order (gains before bonus actions, interp.immediate_order);
    the decisions they open go to the queue together. Under the variant ``immediate_order =
    action_first`` a card's bonus action comes first: its gains are held back, and its
    privileges wait, until the bonus action is done."""
    rules = state.rules
    if rules.action_first and context.source == IMMEDIATE_SOURCE and not context.held and \
            len(effects) > 1 and any(e.kind in BONUS_ACTIONS for e in effects):
        return action_first(state, p, effects, context)
    opened: list[Pending] = []
    for effect in effects:
        state, new = HAPPENS.get(effect.kind, modifier)(state, p, effect, context)
        opened.extend(new)
    if rules.one_source_per_action:
        opened = one_source(effects, opened)
    return push(state, opened)


def action_first(state: State, p: int, effects: tuple[Effect, ...], context: Context) -> State:
    """:func:`run` under the variant ``immediate_order = action_first``: the bonus action's
    decision first, marked as part of a held income (as a harvest's), then the others; the
    gains wait as held income until no such decision is left (:func:`flush_income`)."""
    held = context._replace(held=True)
    actions: list[Pending] = []
    opened: list[Pending] = []
    for effect in effects:
        if effect.kind in BONUS_ACTIONS:
            state, new = HAPPENS[effect.kind](state, p, effect, context)
            actions.extend(item._replace(work=True) for item in new)
        else:
            state, new = HAPPENS.get(effect.kind, modifier)(state, p, effect, held)
            opened.extend(new)
    if state.rules.one_source_per_action:
        opened = one_source(effects, opened)
    return push(state, actions + opened)


def given(vec: tuple[int, ...]) -> int:
    """The resources and points ``vec`` gives some of, one bit each (by :data:`RESOURCES`)."""
    return sum(1 << r for r in RES if vec[r] > 0)


@implements(C + "excommunication.per_source")
def one_source(effects: tuple[Effect, ...], opened: list[Pending]) -> list[Pending]:
    """Under the variant ``malus_source = each_action`` (interp.malus_sources): the
    privileges ``effects`` grant are one source with their gains, so each privilege
    decision notes what those gains gave (:attr:`~.state.Pending.source_gave`)."""
    gave = 0
    for effect in effects:
        if effect.kind == "gain" and not effect.when:
            gave |= given(effect.gain)
    if not gave:
        return opened
    return [item._replace(source_gave=item.source_gave | gave) if item.need == PRIVILEGE
            else item for item in opened]


# ------------------------------------------------------------------ modifier queries

class Modifiers(NamedTuple):
    """What a player's lasting effects (``Player.mods``) amount to, worked out once for each
    combination of them (:func:`modifiers`); the queries below read it."""

    waived: frozenset[str]                  # rules waived (waive)
    forbidden: frozenset[str]               # areas closed to him (forbid_space)
    servants: int                           # the highest servant rate among them (0: none)
    lost_floors: frozenset[int]             # floors whose bonus he does not get
    bonus: dict[str, int]                   # action -> change of its value (action_bonus)
    penalty: dict[str, int]                 # action -> the same, penalties only
    take_bonus: tuple[int, ...]             # card type -> change of a take_card's value
    take_penalty: tuple[int, ...]           # card type -> the same, penalties only
    sets: tuple[int | None, int | None]     # coloured, neutral members: highest value set
    adds: tuple[int, int]                   # coloured, neutral members: values added
    gains: tuple[Effect, ...]               # gain_modifier effects
    discounts: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]   # card type -> choices
    reductions: tuple[tuple[tuple[int, ...], ...], ...]   # card type -> every combination


#: :func:`modifiers` already worked out, by the identity of the effects tuple (kept in the
#: entry, so its id is not reused while the entry lives): a memo of a pure function, emptied
#: when it grows past :data:`MEMO_SIZE`.
_MEMO: dict[int, tuple[tuple[Effect, ...], Modifiers]] = {}
MEMO_SIZE = 1 << 14


def modifiers(effects: tuple[Effect, ...]) -> Modifiers:
    """The :class:`Modifiers` of a player's lasting effects."""
    entry = _MEMO.get(id(effects))
    if entry is not None and entry[0] is effects:
        return entry[1]
    found = _modifiers(effects)
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[id(effects)] = (effects, found)
    return found


@lru_cache(maxsize=1024)
def _modifiers(effects: tuple[Effect, ...]) -> Modifiers:
    """:func:`modifiers`, worked out (equal effects give equal answers)."""
    bonus: dict[str, int] = {}
    penalty: dict[str, int] = {}
    take_bonus = [0] * len(TYPES)
    take_penalty = [0] * len(TYPES)
    sets: list[list[int]] = [[], []]
    adds = [0, 0]
    for e in effects:
        if e.kind == "action_bonus":
            if e.action == "take_card":
                for t in e.card_types:
                    take_bonus[t] += e.value
                    if e.value <= 0:
                        take_penalty[t] += e.value
            else:
                bonus[e.action] = bonus.get(e.action, 0) + e.value
                if e.value <= 0:
                    penalty[e.action] = penalty.get(e.action, 0) + e.value
        elif e.kind == "member_value":
            neutral = int(e.members == "neutral")
            if e.set is not None:
                sets[neutral].append(e.set)
            if e.add is not None:
                adds[neutral] += e.add
    discounts = tuple(tuple(e.choices for e in effects
                            if e.kind == "discount" and t in e.card_types)
                      for t in range(len(TYPES)))
    return Modifiers(
        waived=frozenset(e.rule for e in effects if e.kind == "waive"),
        forbidden=frozenset(e.area for e in effects if e.kind == "forbid_space"),
        servants=max((e.servants for e in effects if e.kind == "servant_rate"), default=0),
        lost_floors=frozenset(f for e in effects if e.kind == "no_floor_bonus" for f in e.floors),
        bonus=bonus, penalty=penalty, take_bonus=tuple(take_bonus),
        take_penalty=tuple(take_penalty),
        sets=(max(sets[0], default=None), max(sets[1], default=None)), adds=(adds[0], adds[1]),
        gains=tuple(e for e in effects if e.kind == "gain_modifier"),
        discounts=discounts,
        reductions=tuple(combinations(groups) for groups in discounts))


def combinations(groups: Sequence[tuple[tuple[int, ...], ...]]) -> tuple[tuple[int, ...], ...]:
    """Every way to take one choice of each discount group, summed (none: no discount)."""
    if not groups:
        return (ZERO,)
    return tuple(tuple(sum(c[i] for c in combo) for i in RES) for combo in product(*groups))


@implements(C + "effect.waive")
def waived(player: Player, rule: str) -> bool:
    return rule in modifiers(player.mods).waived


@implements(C + "effect.forbid_space")
def forbidden(player: Player, area: str) -> bool:
    return area in modifiers(player.mods).forbidden


@implements(C + "effect.servant_rate", C + "action.servants")
def servant_rate(state: State, player: Player) -> int:
    """Servants per point of value: the rules' rate, or a higher one an effect demands."""
    return max(state.rules.servant_rate, modifiers(player.mods).servants)


@implements(C + "effect.no_floor_bonus")
def floor_bonus_lost(player: Player, floor: int) -> bool:
    return floor in modifiers(player.mods).lost_floors


@implements(C + "effect.action_bonus")
def action_bonus(state: State, player: Player, action: str, card_type: int = -1,
                 card_bonuses: bool = True) -> int:
    """The value change of one action; with ``card_bonuses`` false only the penalties
    count (and with the variant ``leader_action_malus = malus_exempt`` none)."""
    if not card_bonuses and state.rules.malus_exempt:
        return 0
    m = modifiers(player.mods)
    if action == "take_card":
        if card_type < 0:
            return 0
        return (m.take_bonus if card_bonuses else m.take_penalty)[card_type]
    return (m.bonus if card_bonuses else m.penalty).get(action, 0)


@implements(C + "effect.member_value", C + "action.member_value")
def member_value(state: State, player: Player, member: int) -> int:
    """A die's number (the neutral member: ``family.neutral_value``); a set value replaces
    the die (the higher of two), then every add applies (interp.member_value_order; under
    the variant ``member_value = set_overrides`` no add changes a set value)."""
    m = modifiers(player.mods)
    if member == NEUTRAL:
        found = m.sets[1]
        if found is None:
            return state.rules.neutral_value + m.adds[1]
        return found if state.rules.set_overrides else found + m.adds[1]
    found = m.sets[0]
    if player.boost == member:
        boost = boost_value(state, player)
        found = boost if found is None else max(found, boost)
    if found is None:
        return state.dice[member] + m.adds[0]
    return found if state.rules.set_overrides else found + m.adds[0]


def member_values(state: State, player: Player, m: Modifiers | None = None) -> tuple[int, ...]:
    """:func:`member_value` of every family member, by member (``m``: the player's
    :func:`modifiers`, if known)."""
    if m is None:
        m = modifiers(player.mods)
    found, more = m.sets[0], m.adds[0]
    overrides = state.rules.set_overrides
    if found is None:
        values = list(state.dice) if not more else list(map(more.__add__, state.dice))
    else:
        values = [found if overrides else found + more] * len(state.dice)
    boost = player.boost
    if 0 <= boost < NEUTRAL:
        values[boost] = member_value(state, player, boost)
    neutral = m.sets[1]
    if neutral is None:
        values.append(state.rules.neutral_value + m.adds[1])
    else:
        values.append(neutral if overrides else neutral + m.adds[1])
    return tuple(values)


def boost_value(state: State, player: Player) -> int:
    """The value of the member a once-per-round ability set this round."""
    for index in player.flipped:
        for effect in leader_ability(state, player, index):
            if effect.kind == "member_value" and effect.members == "one_colored" \
                    and effect.set is not None:
                return effect.set
    return 0


def leader_ability(state: State, player: Player, index: int) -> tuple[Effect, ...]:
    """A played leader's ability; Lorenzo de' Medici's is the one he copies."""
    leader = state.rules.leaders[index]
    if leader.special == "copy_leader":
        return () if player.copied < 0 else state.rules.leaders[player.copied].ability
    return leader.ability


def on_event(player: Player, when: str) -> tuple[int, ...]:
    """What the ``gain`` effects tied to an event (``church_support``) give."""
    total = ZERO
    for effect in mods(player, "gain"):
        if effect.when == when:
            total = tuple(a + b for a, b in zip(total, effect.gain, strict=True))
    return total


@implements(C + "effect.discount")
def discount_options(player: Player, card_type: int,
                     extra: tuple[tuple[int, ...], ...] = (), one: bool = False
                     ) -> Sequence[tuple[int, ...]]:
    """Every combination of the discounts on a card of ``card_type`` (one choice of each
    discount effect, and of a take-card effect's own), summed; interp.discount_stacking.
    ``one`` (the variant ``discount_stacking = best_one``): every single choice of one of
    them instead, of which :func:`saving` keeps the largest."""
    m = modifiers(player.mods)
    if one:
        return singles((*m.discounts[card_type], extra) if extra else m.discounts[card_type])
    if not extra:
        return m.reductions[card_type]
    return combinations((*m.discounts[card_type], extra))


@lru_cache(maxsize=1024)
def singles(groups: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Every choice of every discount group, each alone (none: no discount)."""
    return tuple(choice for group in groups for choice in group) or (ZERO,)


def saving(pay: tuple[int, ...], discount: tuple[int, ...]) -> int:
    """How much of ``pay`` a discount takes off (never below zero, :func:`discounted`)."""
    return sum(pay) - sum(discounted(pay, discount))


def discounted(pay: tuple[int, ...], discount: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(max(0, pay[i] - discount[i]) if pay[i] else 0 for i in RES)


# ------------------------------------------------------------------ family members

def coloured_in(state: State, p: int, spaces: range | tuple[int, ...]) -> bool:
    """Whether one of ``p``'s coloured members stands on one of ``spaces``."""
    base = p * MEMBERS
    for space in spaces:
        for code in state.spaces[space]:
            if base <= code < base + NEUTRAL:
                return True
    return False


def servants_for(missing: int, rate: int) -> int:
    """Servants needed to raise a value by ``missing`` points (none if nothing is missing)."""
    return max(0, missing) * rate

