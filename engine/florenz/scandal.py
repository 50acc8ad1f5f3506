"""The Scandal action kind (Die Skandalkarten): twelve effects, one action.

A card id is ``medici * 4 + kind``; the kind's name comes from
``rules.scandal_kinds`` (the variant ``scandal_sets``). Each effect has a
generator of its legal parameters (``OPTIONS``) and an effect function
(``EFFECTS``). The kind's options generator (:func:`scandal_options`) asks the
card's generator, so ``legal_actions`` and ``apply`` can never disagree; the
long walk, whose pairs of walks are many, is checked by a narrow generator of
its own (:func:`_long_walk_like`) that walks only the members the action names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from random import Random
from typing import Any

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.draws import choice, shuffle
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz.actions import Scandal
from regelwerk.engine.florenz.board import (
    blocked_path,
    boast_field_at,
    cups_left,
    free_crests,
    gain,
    gift_cost,
    give_gift,
    has_space,
    joined,
    move_piece,
    place_cup,
    promoted,
    put_guard,
    reserve,
    spent,
    takes,
)
from regelwerk.engine.florenz.cards import card_medici
from regelwerk.engine.florenz.members import time_refusal
from regelwerk.engine.florenz.rules import (
    CONTESSINA,
    COSIMO,
    DEBUTANT,
    GIOVANNI,
    LADY,
)
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.state import NONE, RESERVE, RETIRED, Source, State
from regelwerk.engine.florenz.turns import advance

C = prefix(ID)
S = C + "scandal."


def card_kind(state: State, card: int) -> str:
    kinds = state.rules.scandal_kinds[card // len(state.rules.scandal_kinds[0])]
    return kinds[card % len(kinds)]


def cost(state: State, kind: str, family: int, a: int) -> int:
    """The time playing a card of ``kind`` costs ``family``, ``a`` its first parameter
    (the gift card adds the gift's cost to the Medici ``a``; under the reading ``extra``
    of interp.any_gift_cost also the card's printed -2*, the gift action's own figure
    ``costs.gift_base``)."""
    rules = state.rules
    base = rules.scandal_costs[kind]
    if kind == "any_gift":
        if rules.any_gift_extra:
            base += rules.gift_base
        return base + gift_cost(state, family, a)
    return base


# ----------------------------------------------------------------- parameter generators
# Each yields (a, b, c, d) tuples for the acting family, cost not yet checked.

def _guard_anywhere(state: State, f: int) -> Iterator[tuple[int, ...]]:
    """A crest without the family's own guard (any crest under the reading ``no_limits`` of
    interp.scandal_placement_limits: its guards there then act one by one)."""
    if state.guards[f] <= 0:
        return
    stack = state.rules.no_limits
    for e, gs in enumerate(state.escorts):
        if stack or f not in gs:
            yield (COSIMO, e, -1, -1)
    for m, crests in ((CONTESSINA, state.spies), (GIOVANNI, state.doormen)):
        for loc, gs in enumerate(crests):
            if stack or f not in gs:
                yield (m, loc + 1, -1, -1)


def _card_room(state: State, queue: tuple[int, ...], loc: int, piece: int) -> bool:
    """Whether a card may put ``piece`` into ``queue`` (at location index ``loc``): an
    open space (:func:`.board.takes`), or under the reading ``no_limits`` of
    interp.scandal_placement_limits any of the board's printed spaces, blocked or not."""
    rules = state.rules
    if rules.no_limits:
        return len(queue) < rules.tables.queue_limit
    return takes(state, queue, loc, piece)


def _any_gift(state: State, f: int) -> Iterator[tuple[int, ...]]:
    if state.gifts[f] <= 0:
        return
    without_guard = not state.rules.gift_needs_crest    # interp.gift_no_crest
    for m in range(state.rules.medici):
        free = free_crests(state, m) if state.guards[f] > 0 else []
        for c in free or ([-1] if without_guard else []):
            yield (m, c, -1, -1)


def _retrieve_cup(state: State, f: int) -> Iterator[tuple[int, ...]]:
    for loc, fields in enumerate(state.cups[:state.rules.locations]):
        if f in fields:
            yield (loc + 1, -1, -1, -1)


def _move_anywhere(state: State, f: int) -> Iterator[tuple[int, ...]]:
    open_ = [loc for loc, q in enumerate(state.queues) if has_space(state, q)]
    rules = state.rules
    by_piece = rules.push_out or rules.no_limits      # room depends on the piece or card
    for p in state.on_board(f):
        for loc in open_ if not by_piece else [loc for loc, q in enumerate(state.queues)
                                               if _card_room(state, q, loc, p)]:
            if loc != state.where[p]:
                yield (p, loc + 1, -1, -1)


def _neighbour_swap(state: State, f: int) -> Iterator[tuple[int, ...]]:
    """An own member and a petitioner of lower rank next door (of any rank under the
    reading ``loose`` of interp.scandal_swaps)."""
    loose = state.rules.loose_swaps
    for p in state.on_board(f):
        rank = state.rank_of(p)
        for loc in state.rules.neighbours[state.where[p]]:
            for other in state.queues[loc]:
                if loose or state.rank_of(other) < rank:
                    yield (p, other, -1, -1)


def _queue_swap(state: State, f: int) -> Iterator[tuple[int, ...]]:
    """Two petitioners of one queue, of one rank and two families (any two under the
    reading ``loose`` of interp.scandal_swaps: the queue then sorts itself again)."""
    loose = state.rules.loose_swaps
    for queue in state.queues:
        for i, a in enumerate(queue):
            for b in queue[i + 1:]:
                if loose or (state.rank_of(a) == state.rank_of(b)
                             and state.family_of(a) != state.family_of(b)):
                    yield (a, b, -1, -1)


def walks(state: State, piece: int) -> list[int]:
    """Paths (as location digits) a member may walk with the long walk: 1 to the spec's
    steps, along orthogonal paths, no location twice, open space only where it stops
    (under the reading ``any_steps`` of interp.long_walk_path: locations may come again,
    and every location passed needs an open space too)."""
    rules = state.rules
    start = state.where[piece]
    steps = rules.spec["scandal.long_walk_steps"]
    family = state.family_of(piece)
    any_steps = rules.walk_any_steps
    out: list[int] = []

    def extend(loc: int, seen: tuple[int, ...], digits: int) -> None:
        for nxt in rules.neighbours[loc]:
            if (nxt in seen and not any_steps) or blocked_path(state, loc, nxt, family):
                continue
            path = digits * 10 + nxt + 1
            space = takes(state, state.queues[nxt], nxt, piece)
            if space:
                out.append(path)
            if len(seen) < steps and (space or not any_steps):
                extend(nxt, (*seen, nxt), path)

    extend(start, (start,), 0)
    return out


def _walk_singles(state: State, f: int) -> list[tuple[int, ...]]:
    return [(p, path, -1, -1) for p in state.on_board(f) for path in walks(state, p)]


def _long_walk(state: State, f: int) -> Iterator[tuple[int, ...]]:
    singles = _walk_singles(state, f)
    yield from singles
    if state.rules.spec["scandal.long_walk_members"] < 2:
        return
    for p, path, _, _ in singles:
        after = walk(state, p, path)
        for q in after.on_board(f):
            if q != p:
                for second in walks(after, q):
                    yield (p, path, q, second)


def _promote(state: State, f: int) -> Iterator[tuple[int, ...]]:
    if reserve(state, f, LADY) < 0:
        return
    for p in state.on_board(f):
        if state.rank_of(p) == DEBUTANT:
            yield (p, -1, -1, -1)


def _retire(state: State, f: int) -> Iterator[tuple[int, ...]]:
    for p in state.on_board(f):
        yield (p, -1, -1, -1)


def _chaperoned(state: State, f: int) -> Iterator[tuple[int, ...]]:
    piece = reserve(state, f, DEBUTANT)
    if piece < 0:
        return
    for loc, queue in enumerate(state.queues):
        if _card_room(state, queue, loc, piece) and any(
                state.family_of(p) == f and state.rank_of(p) > DEBUTANT for p in queue):
            yield (loc + 1, -1, -1, -1)


def _advance(state: State, f: int) -> Iterator[tuple[int, ...]]:
    """A member that gains a place; under the reading ``may_waste`` any member
    (interp.advance_gains)."""
    waste = state.rules.may_waste
    for p in state.on_board(f):
        queue = state.queues[state.where[p]]
        i = queue.index(p)
        if waste or (i > 0 and state.rank_of(queue[i - 1]) == state.rank_of(p)):
            yield (p, -1, -1, -1)


def _boast_anywhere(state: State, f: int) -> Iterator[tuple[int, ...]]:
    if cups_left(state, f) <= 0:
        return
    for loc in range(state.rules.locations):
        if f not in state.cups[loc] and boast_field_at(state, f, loc) >= 0:
            yield (loc + 1, -1, -1, -1)


OPTIONS: dict[str, Callable[[State, int], Any]] = {
    "guard_anywhere": _guard_anywhere, "any_gift": _any_gift, "retrieve_cup": _retrieve_cup,
    "move_anywhere": _move_anywhere, "neighbour_swap": _neighbour_swap,
    "queue_swap": _queue_swap, "long_walk": _long_walk, "promote": _promote,
    "retire": _retire, "chaperoned": _chaperoned, "advance": _advance,
    "boast_anywhere": _boast_anywhere,
}


# ----------------------------------------------------------------- effects

def walk(state: State, piece: int, path: int) -> State:
    """``piece`` walks the locations of ``path`` (digits); escorts act on every path."""
    locs = [int(d) - 1 for d in str(path)]
    src = state.where[piece]
    for i, loc in enumerate(locs):
        last = i == len(locs) - 1
        state = move_piece(state, piece, loc, needs_space=last, src=src)
        src = loc
    return state


def _join(state: State, piece: int, loc: int) -> State:
    """``piece`` (in no queue now) joins the queue at location index ``loc``
    (:func:`.board.joined`)."""
    queues, where = joined(state, state.queues, state.where, loc, piece)
    return state._replace(where=where, queues=queues)


def _leave(state: State, piece: int) -> State:
    loc = state.where[piece]
    return state._replace(queues=replaced(state.queues, loc,
                                        tuple(p for p in state.queues[loc] if p != piece)))


@implements(S + "guard_anywhere", C + "guard.crest")
def _do_guard_anywhere(state: State, f: int, a: Scandal) -> State:
    return put_guard(state, f, a.a, a.b)


@implements(S + "any_gift", C + "action.gift_cost")
def _do_any_gift(state: State, f: int, a: Scandal) -> State:
    return give_gift(state, f, a.a, a.b)


@implements(S + "retrieve_cup")
def _do_retrieve_cup(state: State, f: int, a: Scandal) -> State:
    """The cup goes back to the family board. Under the other reading of
    interp.retrieved_cup (variant ``retrieved_cup=ever_placed``) the row of cups taken
    back, after the locations' rows (:func:`.setup.laid_out`), notes it, so that
    boast.unmistakable still counts it."""
    loc = a.a - 1
    fields = tuple(NONE if x == f else x for x in state.cups[loc])
    cups = replaced(state.cups, loc, fields)
    taken_back = state.rules.locations
    if len(cups) > taken_back:
        cups = replaced(cups, taken_back, cups[taken_back] + (f,))
    return state._replace(cups=cups)


@implements(S + "move_anywhere", C + "queue.capacity")
def _do_move_anywhere(state: State, f: int, a: Scandal) -> State:
    return _join(_leave(state, a.a), a.a, a.b - 1)


@implements(S + "neighbour_swap", C + "queue.rank")
def _do_neighbour_swap(state: State, f: int, a: Scandal) -> State:
    mine, other = a.a, a.b
    here, there = state.where[mine], state.where[other]
    state = _leave(_leave(state, mine), other)
    return _join(_join(state, mine, there), other, here)


@implements(S + "queue_swap", C + "queue.rank")
def _do_queue_swap(state: State, f: int, a: Scandal) -> State:
    loc = state.where[a.a]
    queue = list(state.queues[loc])
    i, j = queue.index(a.a), queue.index(a.b)
    queue[i], queue[j] = queue[j], queue[i]
    if state.rules.loose_swaps:                  # rank order again
        rank = state.rules.tables.rank_of_piece
        queue.sort(key=lambda p: -rank[p])
    return state._replace(queues=replaced(state.queues, loc, tuple(queue)))


@implements(S + "long_walk", C + "guard.escort")
def _do_long_walk(state: State, f: int, a: Scandal) -> State:
    state = walk(state, a.a, a.b)
    return walk(state, a.c, a.d) if a.c >= 0 else state


@implements(S + "promote", C + "queue.rank")
def _do_promote(state: State, f: int, a: Scandal) -> State:
    loc = state.where[a.a]
    new = reserve(state, f, LADY)
    state = _leave(state, a.a)
    state = state._replace(where=replaced(replaced(state.where, a.a, RESERVE), new, loc))
    return state._replace(queues=replaced(state.queues, loc,
                                          promoted(state, state.queues[loc], loc, new)))


@implements(S + "retire")
def _do_retire(state: State, f: int, a: Scandal) -> State:
    state = _leave(state, a.a)
    rules = state.rules
    return state._replace(where=replaced(state.where, a.a, RETIRED),
                          clock=gain(state.clock, f, rules.spec["scandal.remove_time"], rules))


@implements(S + "chaperoned", C + "queue.rank")
def _do_chaperoned(state: State, f: int, a: Scandal) -> State:
    return _join(state, reserve(state, f, DEBUTANT), a.a - 1)


@implements(S + "advance", C + "queue.rank")
def _do_advance(state: State, f: int, a: Scandal) -> State:
    loc = state.where[a.a]
    queue = [p for p in state.queues[loc] if p != a.a]
    rank = state.rank_of(a.a)
    pos = sum(1 for p in queue if state.rank_of(p) > rank)
    queue.insert(pos, a.a)
    return state._replace(queues=replaced(state.queues, loc, tuple(queue)))


@implements(S + "boast_anywhere", C + "action.boast")
def _do_boast_anywhere(state: State, f: int, a: Scandal) -> State:
    return place_cup(state, f, a.a - 1, Source.BOAST_ANYWHERE)


EFFECTS: dict[str, Callable[[State, int, Scandal], State]] = {
    "guard_anywhere": _do_guard_anywhere, "any_gift": _do_any_gift,
    "retrieve_cup": _do_retrieve_cup, "move_anywhere": _do_move_anywhere,
    "neighbour_swap": _do_neighbour_swap, "queue_swap": _do_queue_swap,
    "long_walk": _do_long_walk, "promote": _do_promote, "retire": _do_retire,
    "chaperoned": _do_chaperoned, "advance": _do_advance, "boast_anywhere": _do_boast_anywhere,
}


# ----------------------------------------------------------------- the action kind

def _affordable(state: State, f: int, kind: str, params: tuple[int, ...]) -> bool:
    return cost(state, kind, f, params[0]) <= state.clock[f]


def _as_played(state: State, f: int, index: int) -> State:
    """The state the effect of ``f``'s hand card at ``index`` sees: the card still held
    until its effect is done, or already gone under the reading ``gone_at_once``
    (interp.scandal_card_held; only 'Skandalnudel' counts the hand)."""
    if state.rules.card_gone_at_once:
        hand = state.hands[f]
        return state._replace(hands=replaced(state.hands, f, hand[:index] + hand[index + 1:]))
    return state


def _own(state: State, f: int, piece: int) -> bool:
    return 0 <= piece < len(state.where) and state.family_of(piece) == f and \
        state.where[piece] >= 0


def _long_walk_like(state: State, f: int, params: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The long walk ``params`` if :func:`_long_walk` yields it, walking only its members."""
    p, path, q, second = params
    if not _own(state, f, p) or path not in walks(state, p):
        return
    if q == -1 and second == -1:
        yield params
    elif state.rules.spec["scandal.long_walk_members"] >= 2 and q != p:
        after = walk(state, p, path)
        if _own(after, f, q) and second in walks(after, q):
            yield params


def _card_options(state: State, f: int, kind: str,
                  like: tuple[int, ...] | None) -> Iterator[tuple[int, ...]]:
    """The parameters the card allows (all, or only ``like``), time not asked."""
    if like is None:
        yield from OPTIONS[kind](state, f)
    elif kind == "long_walk":
        yield from _long_walk_like(state, f, like)
    elif like in set(OPTIONS[kind](state, f)):
        yield like


def _playable(state: State, f: int, kind: str) -> list[tuple[int, ...]]:
    """The parameters a card of ``kind`` can be played with now (time asked). Only the
    gift card's cost depends on its parameters (:func:`cost`): any other card the family
    cannot pay is not played at all, and its parameters need not be listed."""
    if kind != "any_gift":
        return list(OPTIONS[kind](state, f)) if cost(state, kind, f, -1) <= state.clock[f] else []
    return [params for params in OPTIONS[kind](state, f) if _affordable(state, f, kind, params)]


def options(state: State, index: int) -> list[Scandal]:
    """Every legal way to play the hand card at ``index`` for the family to act."""
    f = state.current
    return [Scandal(index, *params)
            for params in _playable(_as_played(state, f, index), f,
                                    card_kind(state, state.hands[f][index]))]


@implements(C + "scandal.play")
def scandal_options(state: State, like: Scandal | None) -> list[Scandal]:
    """A hand card is played in one of the ways its effect allows, if the time suffices."""
    f = state.current
    hand = state.hands[f]
    if not hand:
        return []
    if like is None:
        return [a for i in range(len(hand)) for a in options(state, i)]
    i = like.index
    if not 0 <= i < len(hand):
        return []
    kind = card_kind(state, hand[i])
    wanted = (like.a, like.b, like.c, like.d)
    seen = _as_played(state, f, i)
    return [like for params in _card_options(seen, f, kind, wanted)
            if _affordable(seen, f, kind, params)][:1]


def explain_scandal(state: State, action: Scandal) -> IllegalAction | None:
    f = state.current
    hand = state.hands[f]
    i = action.index
    if not 0 <= i < len(hand):
        return IllegalAction(C + "scandal.play", N_("There is no card {index} in the hand."),
                             index=i)
    kind = card_kind(state, hand[i])
    if any(True for _ in _card_options(_as_played(state, f, i), f, kind,
                                       (action.a, action.b, action.c, action.d))):
        return time_refusal(state, "scandal", cost(state, kind, f, action.a))
    return IllegalAction(S + kind, N_("This scandal card cannot be played that way now."))


def sample(state: State, rng: Random) -> Scandal | None:
    """A random legal card play without listing every combination (None if there is none)."""
    f = state.current
    hand = state.hands[f]
    order = list(range(len(hand)))
    shuffle(rng, order)
    for i in order:
        kind = card_kind(state, hand[i])
        seen = _as_played(state, f, i)
        if kind == "long_walk":
            if cost(seen, kind, f, -1) > seen.clock[f]:
                continue
            singles = _walk_singles(seen, f)
            if not singles:
                continue
            p, path, _, _ = choice(rng, singles)
            if rng.random() < 0.5:
                after = walk(seen, p, path)
                seconds = [(q, w) for q in after.on_board(f) if q != p for w in walks(after, q)]
                if seconds:
                    q, w = choice(rng, seconds)
                    return Scandal(i, p, path, q, w)
            return Scandal(i, p, path)
        found = _playable(seen, f, kind)
        if found:
            return Scandal(i, *choice(rng, found))
    return None


@implements(C + "scandal.play")
def play(state: State, action: Scandal) -> State:
    """Play a scandal card: pay its time, carry out its effect (the card still held:
    interp.scandal_card_held), discard it."""
    f = state.current
    hand = state.hands[f]
    i = action.index
    card = hand[i]
    kind = card_kind(state, card)
    clock = spent(state, f, cost(state, kind, f, action.a))
    m = card_medici(state.rules, card)
    state = EFFECTS[kind](_as_played(state._replace(clock=clock), f, i), f, action)
    return advance(state, hands=replaced(state.hands, f, hand[:i] + hand[i + 1:]),
                   discards=replaced(state.discards, m, state.discards[m] + (card,)))
