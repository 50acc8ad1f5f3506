"""The pending decisions: council privileges, a card effect's card or harvest / production,
an exchange, which of wood or stone a penalty takes. Each answers the head of the queue."""

from __future__ import annotations

from collections.abc import Iterator

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.lorenzo.actions import Exchange, Malus, Privilege, Skip, TakeCard, Work
from regelwerk.engine.lorenzo.effects import (
    Context,
    action_bonus,
    add_resources,
    push,
    receive,
    run,
    servant_rate,
    with_player,
)
from regelwerk.engine.lorenzo.places import (
    WORK_ACTIONS,
    activate,
    servant_range,
    take,
    top_activation,
    tower_takes,
)
from regelwerk.engine.lorenzo.rules import STONE, WOOD, C, Effect
from regelwerk.engine.lorenzo.state import Stage, State


def pop(state: State) -> State:
    return state._replace(pending=state.pending[1:])


# ------------------------------------------------------------------ council privileges

@implements(C + "council.privilege", C + "council.privileges_differ")
def privilege_options(state: State, like: Privilege | None) -> Iterator[Privilege]:
    head = state.pending[0]
    for choice in range(len(state.rules.privileges)) if like is None else (like.choice,):
        if 0 <= choice < len(state.rules.privileges) and not (head.mask >> choice) & 1:
            yield Privilege(choice)


def choose_privilege(state: State, action: Privilege) -> State:
    head = state.pending[0]
    rest = (head._replace(arg=head.arg - 1, mask=head.mask | 1 << action.choice),) \
        if head.arg > 1 else ()
    state = state._replace(pending=rest + state.pending[1:])
    state, opened = receive(state, head.player, state.rules.privileges[action.choice],
                            Context(held=head.work))
    return push(state, opened)


# ------------------------------------------------------------------ a card effect's card

def take_discounts(state: State, card: int) -> tuple[tuple[int, ...], ...]:
    for effect in state.rules.cards[card].immediate:
        if effect.kind == "take_card":
            return effect.choices
    return ()


def take_options(state: State, like: TakeCard | None) -> Iterator[TakeCard]:
    head = state.pending[0]
    extra = take_discounts(state, head.card)
    for t, f, s, c, d in tower_takes(state, head.player, -1, head.arg, head.mask, extra,
                                     None if like is None else like.tower,
                                     None if like is None else like.floor):
        yield TakeCard(t, f, s, c, d)


def take_card(state: State, action: TakeCard) -> State:
    head = state.pending[0]
    extra = take_discounts(state, head.card)
    return take(pop(state), head.player, action.tower, action.floor, action.servants,
                action.cost, action.discount, -1, extra)


# ------------------------------------------------------------------ a card effect's harvest / production

def bonus_work_value(state: State, action_servants: int = 0) -> int:
    head = state.pending[0]
    player = state.players[head.player]
    value = head.arg + action_bonus(state, player, WORK_ACTIONS[head.mask], -1, head.flag)
    return value + action_servants // servant_rate(state, player)


@implements(C + "effect.harvest", C + "effect.production")
def work_options(state: State, like: Work | None) -> Iterator[Work]:
    head = state.pending[0]
    player = state.players[head.player]
    value = bonus_work_value(state)
    for servants in servant_range(state, player, -1,
                                  top_activation(state, player, head.mask) - value):
        if like is None or like.servants == servants:
            yield Work(servants)


def work(state: State, action: Work) -> State:
    head = state.pending[0]
    value = bonus_work_value(state, action.servants)
    state = pop(state)
    player = state.players[head.player]
    state = with_player(state, head.player, player._replace(servant=player.servant - action.servants))
    return activate(state, head.player, head.mask, value)


def skip_options(state: State, like: Skip | None) -> Iterator[Skip]:
    if state.pending[0].need in (Stage.TAKE, Stage.WORK):
        yield Skip()


def skip(state: State, action: Skip) -> State:
    return pop(state)


# ------------------------------------------------------------------ exchanges

def exchange_effect(state: State, card: int) -> Effect:
    return next(e for e in state.rules.cards[card].permanent if e.kind == "exchange")


@implements(C + "effect.exchange", C + "work.exchange_stock")
def exchange_options(state: State, like: Exchange | None) -> Iterator[Exchange]:
    head = state.pending[0]
    player = state.players[head.player]
    yield Exchange(0)
    payable = state.rules.fns.payable
    for number, (pay, _) in enumerate(exchange_effect(state, head.card).options, 1):
        if payable(player, pay):
            yield Exchange(number)


def use_exchange(state: State, action: Exchange) -> State:
    head = state.pending[0]
    state = pop(state)
    if action.option == 0:
        return state
    pay, get = exchange_effect(state, head.card).options[action.option - 1]
    state = with_player(state, head.player, add_resources(state.players[head.player], pay, -1))
    return run(state, head.player, get, Context(card=head.card, held=True))


# ------------------------------------------------------------------ wood or stone

@implements(C + "effect.gain_modifier")
def malus_options(state: State, like: Malus | None) -> Iterator[Malus]:
    head = state.pending[0]
    stock = state.income if head.flag else state.players[head.player]
    if stock[WOOD] > 0:
        yield Malus(False)
    if stock[STONE] > 0 or stock[WOOD] <= 0:
        yield Malus(True)


def malus(state: State, action: Malus) -> State:
    head = state.pending[0]
    state = pop(state)
    lost = STONE if action.stone else WOOD
    stock = state.income if head.flag else state.players[head.player]
    if stock[lost] <= 0:
        return state
    if head.flag:
        return state._replace(income=state.income[:lost] + (state.income[lost] - 1,)
                              + state.income[lost + 1:])
    player = state.players[head.player]
    vec = tuple(1 if i == lost else 0 for i in range(7))
    return with_player(state, head.player, add_resources(player, vec, -1))
