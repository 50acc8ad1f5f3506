"""The pending decisions: council privileges, a card effect's card or harvest / production,
an exchange, which of wood or stone a penalty takes. Each answers the head of the queue."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.lorenzo.actions import Exchange, Malus, Privilege, Skip, TakeCard, Work
from regelwerk.engine.lorenzo.effects import (
    ANY,
    IMMEDIATE,
    Context,
    action_bonus,
    add_resources,
    given,
    push,
    queued,
    receive,
    received,
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
from regelwerk.engine.lorenzo.rules import RESOURCES, STONE, WOOD, C, Effect, made
from regelwerk.engine.lorenzo.state import Stage, State


def pop(state: State) -> State:
    return state._replace(pending=state.pending[1:])


# ------------------------------------------------------------------ council privileges

def taken(state: State) -> int:
    """The privilege choices the decision at the head of the queue may not take: those of
    its own effect (council.privileges_differ), under the variant ``privileges_differ =
    per_turn`` every one chosen in this turn (interp.privileges_differ_scope)."""
    mask = state.pending[0].mask
    return mask | state.turn_privileges if state.rules.privileges_per_turn else mask


@implements(C + "council.privilege", C + "council.privileges_differ")
def privilege_options(state: State, like: Privilege | None) -> Iterable[Privilege]:
    choices = state.rules.privilege_choices[taken(state)]
    if like is None:
        return choices
    return (like,) if like in choices else ()


def why_not_privilege(state: State, action: Privilege) -> IllegalAction | None:
    """A privilege refused because its choice is taken: by the same effect
    (council.privileges_differ), or under the variant ``privileges_differ = per_turn``
    earlier in this turn (interp.privileges_differ_scope)."""
    bit = 1 << action.choice
    if state.pending[0].mask & bit:
        return IllegalAction(C + "council.privileges_differ",
                             N_("This privilege was chosen for the same effect already; the "
                                "privileges of one effect differ."))
    if taken(state) & bit:
        return IllegalAction(C + "council.privileges_differ",
                             N_("This privilege was chosen earlier in this turn; under this "
                                "reading the privileges of one turn differ."))
    return None


def privilege_left(state: State) -> bool:
    """Whether the privilege at the head of the queue has a choice left; under the variant
    ``privileges_differ = per_turn`` one with none left lapses (interp.privileges_differ_scope)."""
    return taken(state) != state.rules.privilege_all


@implements(C + "council.privilege", C + "excommunication.per_source")
def choose_privilege(state: State, action: Privilege) -> State:
    """The chosen privilege's resources, one source of its own; under the variant
    ``malus_source = each_action`` (interp.malus_sources) one source with what its effect
    gave before, so a penalty already taken there is not taken again."""
    head = state.pending[0]
    rules = state.rules
    vec = rules.privileges[action.choice]
    gave = head.source_gave
    rest = (head._replace(arg=head.arg - 1, mask=head.mask | 1 << action.choice,
                          source_gave=gave | given(vec) if rules.one_source_per_action
                          else gave),) if head.arg > 1 else ()
    pending = rest + state.pending[1:]
    if rules.privileges_per_turn:
        state = state._replace(turn_privileges=state.turn_privileges | 1 << action.choice)
    # interp.santa_rita_privilege: a card's privilege counts as its immediate effect's gain
    # only under the variant ``card_privilege = doubled`` (the card is then kept)
    source = IMMEDIATE.source if head.card >= 0 and rules.card_privilege_doubled \
        else ANY.source
    if head.work:
        state, opened = receive(state._replace(pending=pending), head.player, vec,
                                Context(source, held=True), gave)
        return push(state, opened)
    p = head.player
    player, opened = received(state, p, state.players[p], vec, source, gave)
    return state._replace(players=replaced(state.players, p, player),
                          pending=queued(pending, opened) if opened else pending)


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
        yield made(state.rules, TakeCard, t, f, s, c, d)


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


SKIP = Skip()
MALUS = (Malus(False), Malus(True))


@implements(C + "card.immediate")
def skip_options(state: State, like: Skip | None) -> Iterator[Skip]:
    """A card effect's bonus action may be left unused (interp.bonus_action_optional); under
    the variant ``bonus_action = compulsory`` only a card it cannot take lapses (a harvest
    or production can always be carried out)."""
    need = state.pending[0].need
    if need == Stage.TAKE:
        if not state.rules.bonus_compulsory or next(take_options(state, None), None) is None:
            yield SKIP
    elif need == Stage.WORK and not state.rules.bonus_compulsory:
        yield SKIP


def skip(state: State, action: Skip) -> State:
    return pop(state)


# ------------------------------------------------------------------ exchanges

def exchange_effect(state: State, card: int) -> Effect:
    return next(e for e in state.rules.cards[card].permanent if e.kind == "exchange")


@implements(C + "effect.exchange", C + "work.exchange_stock")
def exchange_options(state: State, like: Exchange | None) -> Iterator[Exchange]:
    head = state.pending[0]
    player = state.players[head.player]
    rules = state.rules
    yield made(rules, Exchange, 0)
    payable = rules.fns.payable
    for number, (pay, _) in enumerate(exchange_effect(state, head.card).options, 1):
        if payable(player, pay):
            yield made(rules, Exchange, number)


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
    if stock[WOOD] > 0:  # type: ignore[operator]
        yield MALUS[False]
    if stock[STONE] > 0 or stock[WOOD] <= 0:  # type: ignore[operator]
        yield MALUS[True]


def malus(state: State, action: Malus) -> State:
    """The chosen resource loses the penalty's units, never below nothing."""
    head = state.pending[0]
    state = pop(state)
    lost = STONE if action.stone else WOOD
    stock = state.income if head.flag else state.players[head.player]
    if stock[lost] <= 0:  # type: ignore[operator]
        return state
    left = state.rules.fns.lessened(stock[lost], -head.arg)
    if head.flag:
        return state._replace(income=replaced(state.income, lost, left))
    player = state.players[head.player]
    return with_player(state, head.player, player._replace(**{RESOURCES[lost]: left}))
