"""Answers to the decisions the rules ask in the middle of an action (``State.pending``).

Each answer kind's options generator is its rule, stated once: it lists the
answers to the first decision in the queue (none if that decision is of
another kind). A decision with no answer is skipped (:func:`has_answer`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.il_vecchio.actions import (
    FamilyChoice,
    Levy,
    PickTile,
    Place,
    TakeFollower,
    TakeRoll,
)
from regelwerk.engine.il_vecchio.council import follower_extras
from regelwerk.engine.il_vecchio.florence import pick_florence
from regelwerk.engine.il_vecchio.players import gained, with_player
from regelwerk.engine.il_vecchio.reinforcement import offered_roll, placement_towns
from regelwerk.engine.il_vecchio.rules import (
    BISHOP,
    CARRIAGE,
    FLORIN,
    FOLLOWERS,
    SCROLL,
    C,
    illegal,
)
from regelwerk.engine.il_vecchio.state import (
    NEED_CREST,
    NEED_DRAW_TILES,
    NEED_FAMILY,
    NEED_FLORENCE_TILE,
    NEED_FOLLOWER,
    NEED_LEVY,
    NEED_OFFER,
    NEED_PLACE,
    NEED_PROVINCE_TILE,
    NEED_ROLL,
    Need,
    State,
)

#: What a levy may take besides the Florins.
LEVY_ITEMS = (SCROLL, CARRIAGE, BISHOP, *FOLLOWERS)
#: The clause that asks each decision.
NEED_CLAUSE = {NEED_PLACE: "action.reinforcement", NEED_LEVY: "event.levy",
               NEED_FAMILY: "event.family", NEED_PROVINCE_TILE: "action.province.tile",
               NEED_FLORENCE_TILE: "action.florence.tiles", NEED_FOLLOWER: "tiles.council",
               NEED_OFFER: "tiles.council",
               NEED_ROLL: "action.reinforcement", NEED_CREST: "event.crest",
               NEED_DRAW_TILES: "action.florence.tiles"}

#: The two answers to an offered roll.
TAKE_ROLL = (TakeRoll(True), TakeRoll(False))
#: A follower of each kind.
TAKE_FOLLOWER = tuple(TakeFollower(k) for k in FOLLOWERS)
#: An optional placement declined.
DECLINE = Place(-1)


@implements(C + "action.reinforcement", C + "tiles.council")
def place_options(state: State, like: Place | None) -> Iterator[Place]:
    """A member from the supply onto a town of the rolled area (any town on the free roll);
    an optional placement may be declined (``Place(-1)``)."""
    pending = state.pending[0]
    if pending.need != NEED_PLACE or state.players[pending.player].supply < 1:
        return
    towns = placement_towns(state.rules, pending.arg)
    if like is not None:
        if like.town == -1 or like.town in towns:
            towns = (like.town,) if like.town != -1 else ()
        else:
            return
    yield from map(state.rules.tables.place.__getitem__, towns)
    if pending.options and (like is None or like.town == -1):
        yield DECLINE


@implements(C + "event.levy")
def levy_options(state: State, like: Levy | None) -> Iterator[Levy]:
    """The levy's Florins, or one scroll, carriage, bishop or follower the player has."""
    pending = state.pending[0]
    if pending.need != NEED_LEVY:
        return
    res = state.players[pending.player].res
    answers = state.rules.tables.levy
    if res[FLORIN] >= state.rules.levy_florins:
        yield answers[FLORIN]
    yield from (answers[k] for k in LEVY_ITEMS if res[k] >= 1)


@implements(C + "event.family")
def family_options(state: State, like: FamilyChoice | None) -> Iterator[FamilyChoice]:
    """Lay down a standing member, or take a lying one back."""
    pending = state.pending[0]
    if pending.need != NEED_FAMILY:
        return
    me = state.players[pending.player]
    towns: Iterable[int] = range(len(me.standing))
    if like is not None:
        towns = (like.town,) if 0 <= like.town < len(me.standing) else ()
    towns = tuple(towns)
    answers = state.rules.tables.family
    yield from (answers[t][0] for t in towns if me.standing[t])
    yield from (answers[t][1] for t in towns if me.lying[t])


@implements(C + "action.province.tile", C + "action.florence.tiles")
def pick_options(state: State, like: PickTile | None) -> Iterator[PickTile]:
    """A tile of the region's province stack, or one of the drawn Florence tiles."""
    pending = state.pending[0]
    answers = state.rules.tables.pick_tile
    if pending.need == NEED_PROVINCE_TILE:
        yield from map(answers.__getitem__, state.province_left[pending.arg])
    elif pending.need == NEED_FLORENCE_TILE:
        yield from map(answers.__getitem__, pending.options)


@implements(C + "tiles.council")
def follower_options(state: State, like: TakeFollower | None) -> Iterator[TakeFollower]:
    """A follower of any kind."""
    if state.pending[0].need == NEED_FOLLOWER:
        yield from TAKE_FOLLOWER




@implements(C + "tiles.council", C + "action.reinforcement")
def offer_options(state: State, like: TakeRoll | None) -> Iterator[TakeRoll]:
    """Roll for the placement, or decline, while a family member is in the supply."""
    pending = state.pending[0]
    if pending.need == NEED_OFFER and state.players[pending.player].supply >= 1:
        yield from TAKE_ROLL


@implements(C + "tiles.council")
def take_roll(state: State, action: TakeRoll) -> State:
    return offered_roll(state, action.roll)


def explain_answer(state: State, action: Any) -> IllegalAction | None:
    need = state.pending[0].need
    return illegal(NEED_CLAUSE[need], N_("Answer the open decision first ({need})."),
                   need=need.name.lower())


_OPTIONS: dict[Need, Callable[[State, Any], Iterator[Any]]] = {
    NEED_PLACE: place_options, NEED_LEVY: levy_options, NEED_FAMILY: family_options,
    NEED_PROVINCE_TILE: pick_options, NEED_FLORENCE_TILE: pick_options,
    NEED_FOLLOWER: follower_options, NEED_OFFER: offer_options}


def has_answer(state: State) -> bool:
    """Can the first decision be answered (by a player's answer, or by chance)?"""
    options = _OPTIONS.get(state.pending[0].need)
    return options is None or next(options(state, None), None) is not None


def _answered(state: State) -> tuple[int, Any]:
    pending = state.pending[0]
    return pending.player, state.players[pending.player]


@implements(C + "action.reinforcement")
def place(state: State, action: Place) -> State:
    p, me = _answered(state)
    if action.town >= 0:
        supply, standing = state.rules.fns.member_enters(me.supply, me.standing[action.town])
        me = me._replace(supply=supply, standing=replaced(me.standing, action.town, standing))
    return with_player(state, p, me, pending=state.pending[1:])


@implements(C + "event.levy")
def levy(state: State, action: Levy) -> State:
    p, me = _answered(state)
    amount = state.rules.levy_florins if action.resource == FLORIN else 1
    me = me._replace(res=gained(me.res, (action.resource, -amount)))
    return with_player(state, p, me, pending=state.pending[1:])


@implements(C + "event.family")
def family(state: State, action: FamilyChoice) -> State:
    p, me = _answered(state)
    town = action.town
    fns = state.rules.fns
    if action.lay_down:
        standing, lying = fns.member_lies_down(me.standing[town], me.lying[town])
        me = me._replace(standing=replaced(me.standing, town, standing),
                         lying=replaced(me.lying, town, lying))
    else:
        supply, lying = fns.member_taken_back(me.supply, me.lying[town], state.rules)
        me = me._replace(lying=replaced(me.lying, town, lying), supply=supply)
    return with_player(state, p, me, pending=state.pending[1:])


@implements(C + "action.province.tile", C + "action.florence.tiles")
def pick_tile(state: State, action: PickTile) -> State:
    pending = state.pending[0]
    if pending.need == NEED_FLORENCE_TILE:
        return pick_florence(state, action.tile)
    p, me = _answered(state)
    region = pending.arg
    left = replaced(state.province_left, region,
                    tuple(t for t in state.province_left[region] if t != action.tile))
    me = me._replace(province_up=(*me.province_up, action.tile))
    return with_player(state, p, me, province_left=left, pending=state.pending[1:])


@implements(C + "tiles.council")
def take_follower(state: State, action: TakeFollower) -> State:
    """Take the follower the Florence council tile gives (and, with interp.council_bonus_scope's
    reading ``any_gain``, what the council tiles add to it)."""
    p, me = _answered(state)
    me = me._replace(res=gained(me.res, (action.kind, 1),
                                *follower_extras(state.rules, me, action.kind)))
    return with_player(state, p, me, pending=state.pending[1:])
