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

from collections.abc import Callable, Iterator
from itertools import product
from typing import Any, NamedTuple

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.lorenzo.rules import (
    FAITH,
    MEMBERS,
    NEUTRAL,
    PRODUCTION,
    ZERO,
    C,
    Effect,
)
from regelwerk.engine.lorenzo.state import Pending, Player, Stage, State

RES = range(7)


class Context(NamedTuple):
    """Where an effect comes from: ``source`` (``card_immediate`` or ``any``), the card
    bearing it (-1: none), and whether its gains are held back (a harvest or production)."""

    source: str = "any"
    card: int = -1
    held: bool = False


IMMEDIATE = Context("card_immediate")
ANY = Context()


# ------------------------------------------------------------------ small state helpers

def with_player(state: State, p: int, player: Player) -> State:
    players = state.players
    return state._replace(players=players[:p] + (player,) + players[p + 1:])


def add_resources(player: Player, vec: tuple[int, ...], sign: int = 1) -> Player:
    return Player(*(player[i] + sign * vec[i] for i in RES), *player[7:])


def covers(have: tuple[int, ...] | Player, need: tuple[int, ...]) -> bool:
    return all(have[i] >= need[i] for i in RES)


# ------------------------------------------------------------------ rule functions (ops)

@implements(C + "card.cost", C + "tower.occupied_fee", C + "effect.exchange")
def payable(have: Any, need: Any, ops: Ops = INT) -> Any:
    """Whether a stock (after fees, servants and bonuses) covers a payment: every resource
    and point at least what is paid, so nothing goes below zero."""
    if ops is INT:
        return all(have[i] >= need[i] for i in RES)
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
    """New decisions go to the front of the queue (a bonus action is settled before what
    was waiting), behind the decisions of a harvest or production under way if they
    belong to it."""
    if not items:
        return state
    items = tuple(items)
    pending = state.pending
    if items[0].work and items[0].need != Stage.MALUS:
        cut = 0
        while cut < len(pending) and pending[cut].work:
            cut += 1
        return state._replace(pending=pending[:cut] + items + pending[cut:])
    return state._replace(pending=items + pending)


def mods(player: Player, kind: str) -> Iterator[Effect]:
    for effect in player.mods:
        if effect.kind == kind:
            yield effect


# ------------------------------------------------------------------ gains

@implements(C + "effect.gain_modifier", C + "excommunication.per_source")
def modified_gain(state: State, player: Player, vec: tuple[int, ...],
                  source: str) -> tuple[tuple[int, ...], bool]:
    """What one source's ``vec`` becomes for ``player``: factors first, then the
    penalties per source (never below nothing). The flag: one unit of wood or stone
    is still to be taken off, the player choosing which (a MALUS decision)."""
    found = [e for e in player.mods if e.kind == "gain_modifier"
             and (e.source == "any" or e.source == source)]
    if not found:
        return vec, False
    values = list(vec)
    for effect in found:
        if effect.factor != 1:
            for r in effect.resources:
                values[r] *= effect.factor
    choose = False
    one_unit = state.rules.variants["wood_or_stone_malus"] == "one_unit"
    lessen = state.rules.fns.lessened
    for effect in found:
        if effect.add is None:
            continue
        given = [r for r in effect.resources if values[r] > 0]
        if effect.combined and one_unit:
            if len(given) == 1:
                values[given[0]] = lessen(values[given[0]], effect.add)
            elif given:
                choose = True
        else:
            for r in given:
                values[r] = lessen(values[r], effect.add)
    return tuple(values), choose


@implements(C + "effect.gain", C + "vatican.track_end")
def receive(state: State, p: int, vec: tuple[int, ...], context: Context = ANY
            ) -> tuple[State, tuple[Pending, ...]]:
    """``p`` receives one source's resources and points (modified, faith capped)."""
    if vec == ZERO:
        return state, ()
    player = state.players[p]
    vec, choose = modified_gain(state, player, vec, context.source)
    extra: tuple[Pending, ...] = ()
    if choose:
        extra = (Pending(Stage.MALUS, p, flag=context.held, work=context.held),)
    if context.held:
        income = tuple(a + b for a, b in zip(state.income, vec, strict=True))
        return state._replace(income=income, earner=p), extra
    player = add_resources(player, vec)
    if vec[FAITH]:
        player = player._replace(faith=state.rules.fns.on_track(player.faith,
                                                                state.rules.faith_max))
    return with_player(state, p, player), extra


def flush_income(state: State) -> State:
    """The held-back income of a finished harvest or production reaches the player."""
    p = state.earner
    player = add_resources(state.players[p], state.income)
    if state.income[FAITH]:
        player = player._replace(faith=state.rules.fns.on_track(player.faith,
                                                                state.rules.faith_max))
    return with_player(state, p, player)._replace(income=ZERO, earner=-1)


def gain(state: State, p: int, effect: Effect, context: Context) -> tuple[State, tuple[Pending, ...]]:
    """Effect kind ``gain`` (a gain tied to an event is a modifier, see :func:`on_event`)."""
    if effect.when:
        return state, ()
    return receive(state, p, effect.gain, context)


@implements(C + "effect.privilege", C + "council.privileges_differ")
def privilege(state: State, p: int, effect: Effect, context: Context
              ) -> tuple[State, tuple[Pending, ...]]:
    return state, (Pending(Stage.PRIVILEGE, p, arg=effect.count, work=context.held),)


@implements(C + "effect.gain_per_card")
def gain_per_card(state: State, p: int, effect: Effect, context: Context
                  ) -> tuple[State, tuple[Pending, ...]]:
    """Once per card of the type held, the bearing card included (interp.per_card_counts_itself)."""
    count = len(state.players[p].cards[effect.card_type])
    return receive(state, p, tuple(v * count for v in effect.gain), context)


@implements(C + "effect.gain_per_resource")
def gain_per_resource(state: State, p: int, effect: Effect, context: Context
                      ) -> tuple[State, tuple[Pending, ...]]:
    resource, step = effect.per
    times = state.players[p][resource] // step
    return receive(state, p, tuple(v * times for v in effect.gain), context)


@implements(C + "effect.exchange", C + "work.exchange_stock")
def exchange(state: State, p: int, effect: Effect, context: Context
             ) -> tuple[State, tuple[Pending, ...]]:
    """Offered only if one option can be paid from the stock held before the activation."""
    player = state.players[p]
    payable = state.rules.fns.payable
    if not any(payable(player, pay) for pay, _ in effect.options):
        return state, ()
    return state, (Pending(Stage.EXCHANGE, p, card=context.card, work=True),)


@implements(C + "effect.take_card", C + "card.immediate")
def take_card(state: State, p: int, effect: Effect, context: Context
              ) -> tuple[State, tuple[Pending, ...]]:
    mask = sum(1 << t for t in effect.card_types)
    return state, (Pending(Stage.TAKE, p, arg=effect.value, mask=mask, card=context.card),)


@implements(C + "effect.harvest")
def harvest(state: State, p: int, effect: Effect, context: Context
            ) -> tuple[State, tuple[Pending, ...]]:
    return state, (Pending(Stage.WORK, p, arg=effect.value, mask=0, flag=effect.card_bonuses),)


@implements(C + "effect.production")
def production(state: State, p: int, effect: Effect, context: Context
               ) -> tuple[State, tuple[Pending, ...]]:
    return state, (Pending(Stage.WORK, p, arg=effect.value, mask=PRODUCTION,
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


def run(state: State, p: int, effects: tuple[Effect, ...], context: Context) -> State:
    """Carry out ``effects`` in order (gains before bonus actions, interp.immediate_order);
    the decisions they open go to the queue together."""
    opened: list[Pending] = []
    for effect in effects:
        state, new = HAPPENS.get(effect.kind, modifier)(state, p, effect, context)
        opened.extend(new)
    return push(state, opened)


# ------------------------------------------------------------------ modifier queries

@implements(C + "effect.waive")
def waived(player: Player, rule: str) -> bool:
    return any(e.rule == rule for e in mods(player, "waive"))


@implements(C + "effect.forbid_space")
def forbidden(player: Player, area: str) -> bool:
    return any(e.area == area for e in mods(player, "forbid_space"))


@implements(C + "effect.servant_rate", C + "action.servants")
def servant_rate(state: State, player: Player) -> int:
    rate = state.rules.servant_rate
    for effect in mods(player, "servant_rate"):
        rate = max(rate, effect.servants)
    return rate


@implements(C + "effect.no_floor_bonus")
def floor_bonus_lost(player: Player, floor: int) -> bool:
    return any(floor in e.floors for e in mods(player, "no_floor_bonus"))


@implements(C + "effect.action_bonus")
def action_bonus(state: State, player: Player, action: str, card_type: int = -1,
                 card_bonuses: bool = True) -> int:
    """The value change of one action; with ``card_bonuses`` false only the penalties
    count (and with the variant ``leader_action_malus = malus_exempt`` none)."""
    total = 0
    exempt = state.rules.variants["leader_action_malus"] == "malus_exempt"
    for effect in player.mods:
        if effect.kind != "action_bonus" or effect.action != action:
            continue
        if action == "take_card" and card_type not in effect.card_types:
            continue
        if not card_bonuses and (effect.value > 0 or exempt):
            continue
        total += effect.value
    return total


@implements(C + "effect.member_value", C + "action.member_value")
def member_value(state: State, player: Player, member: int) -> int:
    """A die's number (the neutral member: ``family.neutral_value``); a set value replaces
    the die (the higher of two), then every add applies (interp.member_value_order)."""
    value = state.rules.neutral_value if member == NEUTRAL else state.dice[member]
    sets = []
    adds = 0
    for effect in player.mods:
        if effect.kind != "member_value":
            continue
        applies = (effect.members == "neutral") == (member == NEUTRAL)
        if not applies:
            continue
        if effect.set is not None:
            sets.append(effect.set)
        if effect.add is not None:
            adds += effect.add
    if player.boost == member and member != NEUTRAL:
        sets.append(boost_value(state, player))
    if sets:
        value = max(sets)
    return value + adds


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
                     extra: tuple[tuple[int, ...], ...] = ()) -> list[tuple[int, ...]]:
    """Every combination of the discounts on a card of ``card_type`` (one choice of each
    discount effect, and of a take-card effect's own), summed; interp.discount_stacking."""
    groups = [e.choices for e in mods(player, "discount") if card_type in e.card_types]
    if extra:
        groups.append(extra)
    if not groups:
        return [ZERO]
    return [tuple(sum(c[i] for c in combo) for i in RES) for combo in product(*groups)]


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

