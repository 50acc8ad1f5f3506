"""Scandal cards played (Die Skandalkarten): twelve effects, each a sequence of small choices.

A card id is ``medici * 4 + kind``; the kind's name comes from
``rules.scandal_kinds`` (the variant ``scandal_sets``). Each effect has a
generator of its legal parameters (``OPTIONS``) and an effect function
(``EFFECTS``).

A card is played step by step (issue 33): :class:`~.actions.ScandalCard` takes the
card out of the hand and opens the play (``State.scandal``: hand index, card, the
choices so far); then each choice the card asks (:data:`ASKS`; the long walk: a
member, each location walked, a stop, and the same for a second member or a stop)
is one action of a kind with a small domain (:class:`~.actions.ScandalPiece`,
``ScandalPlace``, ``ScandalMedici``, ``ScandalCrest``, ``ScandalStop``). The
choices open at each step (:func:`next_steps`) are exactly those that some whole
play the card allows begins with, so a play never runs into a dead end; once the
last choice is made the whole play is carried out as one (:func:`play`): the time
paid, the effect, the card discarded. A card is offered only if it can be played
in some way now, with the time the family has.

:class:`~.actions.Scandal` is the whole play in one action, as records before issue
33 wrote it: never listed, it is checked by the rule as it was
(:func:`compound_options`) and carried out as its steps (:func:`steps_of`), so old
records replay to the same positions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from random import Random
from typing import Any, Final

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.draws import shuffle
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz.actions import (
    Prebuilt,
    Scandal,
    ScandalCard,
    ScandalCrest,
    ScandalMedici,
    ScandalPiece,
    ScandalPlace,
    ScandalStop,
)
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
    Rules,
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
def compound_options(state: State, like: Scandal | None) -> list[Scandal]:
    """A hand card is played in one of the ways its effect allows, if the time suffices
    (every whole play; the rule a record's :class:`~.actions.Scandal` is checked by)."""
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


# ----------------------------------------------------------------- the play, step by step

#: A step's value: the long walk stops here, or no further member walks.
STOP: Final = -2

#: What a card asks after it is chosen, in order (the long walk: :func:`_walk_steps`).
PIECE_STEP: Final = 0
PLACE_STEP: Final = 1
MEDICI_STEP: Final = 2
CREST_STEP: Final = 3
ASKS: Final[dict[str, tuple[int, ...]]] = {
    "guard_anywhere": (MEDICI_STEP, CREST_STEP), "any_gift": (MEDICI_STEP, CREST_STEP),
    "retrieve_cup": (PLACE_STEP,), "move_anywhere": (PIECE_STEP, PLACE_STEP),
    "neighbour_swap": (PIECE_STEP, PIECE_STEP), "queue_swap": (PIECE_STEP, PIECE_STEP),
    "promote": (PIECE_STEP,), "retire": (PIECE_STEP,), "chaperoned": (PLACE_STEP,),
    "advance": (PIECE_STEP,), "boast_anywhere": (PLACE_STEP,),
}


def most_steps(rules: Rules) -> int:
    """The most actions one card's play can take: the card and its choices (a long walk:
    each member chosen, walking ``scandal.long_walk_steps`` locations and stopping; a stop
    where no further member walks takes the place of a member's choice)."""
    members = rules.spec["scandal.long_walk_members"]
    walk_steps: int = 1 + max(members, 1) * (rules.spec["scandal.long_walk_steps"] + 2)
    return max(walk_steps, 1 + max(len(asks) for asks in ASKS.values()))


def _step(actions: Prebuilt, asked: int, value: int) -> Any:
    """The step action that chooses ``value`` where ``asked`` is asked."""
    if asked == PIECE_STEP:
        return actions.scandal_piece[value]
    if asked == PLACE_STEP:
        return actions.scandal_place[value - 1]
    if asked == MEDICI_STEP:
        return actions.scandal_medici[value]
    return actions.scandal_crest[value + 1]


def _locations(path: int) -> tuple[int, ...]:
    """The location numbers of a long walk's ``path`` (its digits)."""
    return tuple(int(d) for d in str(path))


def _path(locations: tuple[int, ...]) -> int:
    """A long walk's path from its location numbers (:func:`walks` writes them as digits)."""
    return int("".join(str(loc) for loc in locations))


def held(state: State) -> State:
    """The state before the card being played was chosen: the card back in its place in
    the hand, no play open (what the whole play's rule and effect read)."""
    f = state.current
    index, card = state.scandal[0], state.scandal[1]
    hand = state.hands[f]
    return state._replace(hands=replaced(state.hands, f, hand[:index] + (card,) + hand[index:]),
                          scandal=())


def _second_walkers(state: State, f: int, first: int, after: State) -> list[int]:
    """The members that may walk second, ``first`` having walked (``after``)."""
    if state.rules.spec["scandal.long_walk_members"] < 2:
        return []
    return [q for q in after.on_board(f) if q != first and walks(after, q)]


def _path_steps(state: State, piece: int, prefix: tuple[int, ...],
                actions: Prebuilt) -> list[Any]:
    """The next locations of a walk of ``piece`` that began with ``prefix`` (location
    numbers), and the stop if ``prefix`` is a whole walk (:func:`walks`)."""
    n = len(prefix)
    nexts: set[int] = set()
    stop = False
    for path in walks(state, piece):
        locations = _locations(path)
        if locations[:n] == prefix:
            if len(locations) > n:
                nexts.add(locations[n])
            elif n:
                stop = True
    found: list[Any] = [actions.scandal_place[loc - 1] for loc in sorted(nexts)]
    if stop:
        found.append(actions.scandal_stop)
    return found


def _walk_steps(seen: State, f: int, steps: tuple[int, ...], actions: Prebuilt) -> list[Any]:
    """The long walk's next steps: a member that can walk; its walk location by location
    and a stop where it may stop; then a second member or a stop; its walk."""
    if not steps:
        return [actions.scandal_piece[p] for p in seen.on_board(f) if walks(seen, p)]
    first, rest = steps[0], steps[1:]
    if STOP not in rest:
        return _path_steps(seen, first, rest, actions)
    end = rest.index(STOP)
    after = walk(seen, first, _path(rest[:end]))
    tail = rest[end + 1:]
    if not tail:
        return [actions.scandal_piece[q] for q in _second_walkers(seen, f, first, after)] \
            + [actions.scandal_stop]
    return _path_steps(after, tail[0], tail[1:], actions)


#: The last state :func:`next_steps` answered, and its answer (listing asks once per kind).
_LAST: list[Any] = [None, []]


def next_steps(state: State) -> list[Any]:
    """The step actions open now in the play of the card being played: those that some
    whole play the card allows goes on with (its time paid: :func:`_playable`)."""
    if _LAST[0] is state:
        found: list[Any] = _LAST[1]
        return found
    f = state.current
    index, card, steps = state.scandal[0], state.scandal[1], state.scandal[2:]
    kind = card_kind(state, card)
    seen = _as_played(held(state), f, index)
    actions = state.rules.tables.actions
    if kind == "long_walk":
        found = _walk_steps(seen, f, steps, actions) \
            if cost(seen, kind, f, -1) <= seen.clock[f] else []
    else:
        n = len(steps)
        values = sorted({params[n] for params in _playable(seen, f, kind) if params[:n] == steps})
        found = [_step(actions, ASKS[kind][n], v) for v in values]
    _LAST[0], _LAST[1] = state, found
    return found


def _whole(state: State) -> Scandal:
    """The whole play the choices of the card being played make (its last one made)."""
    index, card, steps = state.scandal[0], state.scandal[1], state.scandal[2:]
    if card_kind(state, card) != "long_walk":
        return Scandal(index, *steps)
    end = steps.index(STOP, 1)
    rest = steps[end + 1:]
    if not rest or rest[0] == STOP:
        return Scandal(index, steps[0], _path(steps[1:end]))
    return Scandal(index, steps[0], _path(steps[1:end]), rest[0], _path(rest[1:-1]))


def _complete(state: State) -> bool:
    """Whether the card being played has all its choices (a long walk: both walks, or the
    first and no second member can or may walk)."""
    steps = state.scandal[2:]
    kind = card_kind(state, state.scandal[1])
    if kind != "long_walk":
        return len(steps) == len(ASKS[kind])
    stops = steps.count(STOP)
    if stops != 1 or steps[-1] != STOP:
        walks_most: int = state.rules.spec["scandal.long_walk_members"]
        return stops == walks_most          # every walk ended
    f, index = state.current, state.scandal[0]
    seen = _as_played(held(state), f, index)
    first = steps[0]
    return not _second_walkers(seen, f, first, walk(seen, first, _path(steps[1:-1])))


def _chosen(state: State, value: int) -> State:
    """The card being played takes ``value``; the whole play once it is its last choice."""
    state = state._replace(scandal=state.scandal + (value,))
    return play(held(state), _whole(state)) if _complete(state) else state


def _playable_card(state: State, f: int, index: int) -> bool:
    """Whether ``f`` can play its hand card at ``index`` in some way now, time included."""
    kind = card_kind(state, state.hands[f][index])
    seen = _as_played(state, f, index)
    if kind == "long_walk":
        return cost(seen, kind, f, -1) <= seen.clock[f] and \
            any(walks(seen, p) for p in seen.on_board(f))
    return bool(_playable(seen, f, kind))


@implements(C + "scandal.play")
def card_options(state: State, like: ScandalCard | None) -> list[ScandalCard]:
    """A hand card may be played if its effect can be had in some way now and the time
    suffices (its choices follow: :func:`next_steps`)."""
    f = state.current
    hand = state.hands[f]
    if like is None:
        indices: range | list[int] = range(len(hand))
    else:
        indices = [like.index] if 0 <= like.index < len(hand) else []
    actions = state.rules.tables.actions.scandal_card
    return [actions[i] for i in indices if _playable_card(state, f, i)]


@implements(C + "scandal.play")
def card(state: State, action: ScandalCard) -> State:
    """The card leaves the hand and its play opens (``State.scandal``): nothing else happens
    until its last choice is made."""
    f, i = state.current, action.index
    hand = state.hands[f]
    return state._replace(hands=replaced(state.hands, f, hand[:i] + hand[i + 1:]),
                          scandal=(i, hand[i]))


def card_sample(state: State, rng: Random) -> ScandalCard | None:
    """A random playable hand card (None if there is none), without listing the others."""
    f = state.current
    order = list(range(len(state.hands[f])))
    shuffle(rng, order)
    for i in order:
        if _playable_card(state, f, i):
            return state.rules.tables.actions.scandal_card[i]
    return None


def explain_card(state: State, action: ScandalCard) -> IllegalAction | None:
    """Why the hand card ``action`` names cannot be played: no such card, too little time,
    or no effect it could have now."""
    f = state.current
    hand = state.hands[f]
    i = action.index
    if not 0 <= i < len(hand):
        return IllegalAction(C + "scandal.play", N_("There is no card {index} in the hand."),
                             index=i)
    kind = card_kind(state, hand[i])
    seen = _as_played(state, f, i)
    if kind == "long_walk":
        prices = [cost(seen, kind, f, -1)] if any(walks(seen, p) for p in seen.on_board(f)) \
            else []
    else:
        prices = [cost(seen, kind, f, params[0]) for params in OPTIONS[kind](seen, f)]
    if prices:
        return time_refusal(state, "scandal", min(prices))
    return IllegalAction(S + kind, N_("This scandal card cannot be played now."))


def step_options(kind: type) -> Callable[[State, Any], list[Any]]:
    """The options generator of a step kind: the open steps of that kind
    (:func:`next_steps`)."""

    def options(state: State, like: Any) -> list[Any]:
        return [a for a in next_steps(state) if type(a) is kind]

    return options


@implements(C + "scandal.play")
def piece_chosen(state: State, action: ScandalPiece) -> State:
    return _chosen(state, action.piece)


@implements(C + "scandal.play")
def place_chosen(state: State, action: ScandalPlace) -> State:
    return _chosen(state, action.location)


@implements(C + "scandal.play")
def medici_chosen(state: State, action: ScandalMedici) -> State:
    return _chosen(state, action.medici)


@implements(C + "scandal.play")
def crest_chosen(state: State, action: ScandalCrest) -> State:
    return _chosen(state, action.crest)


@implements(C + "scandal.play")
def stop_chosen(state: State, action: ScandalStop) -> State:
    return _chosen(state, STOP)


def explain_step(state: State, action: Any) -> IllegalAction | None:
    """Why a step does not fit the card being played: it asks for another kind of choice
    now, or not this one (the card's clause)."""
    if not state.scandal:
        return None
    if any(type(a) is type(action) for a in next_steps(state)):
        return IllegalAction(S + card_kind(state, state.scandal[1]),
                             N_("This scandal card cannot be played that way now."))
    return IllegalAction(C + "scandal.play",
                         N_("The scandal card being played asks for another kind of choice "
                            "now."))


# ----------------------------------------------------------------- a whole play in one (records)

def steps_of(state: State, action: Scandal) -> list[Any]:
    """The steps the whole play ``action`` stands for, in order (a long walk's last stop
    included even where the play ends without it: :func:`whole_play` stops there)."""
    actions = state.rules.tables.actions
    kind = card_kind(state, state.hands[state.current][action.index])
    found: list[Any] = [actions.scandal_card[action.index]]
    if kind == "long_walk":
        found.append(actions.scandal_piece[action.a])
        found += [actions.scandal_place[loc - 1] for loc in _locations(action.b)]
        found.append(actions.scandal_stop)
        if action.c >= 0:
            found.append(actions.scandal_piece[action.c])
            found += [actions.scandal_place[loc - 1] for loc in _locations(action.d)]
        found.append(actions.scandal_stop)
        return found
    values = (action.a, action.b)
    return found + [_step(actions, asked, values[n]) for n, asked in enumerate(ASKS[kind])]


#: The effect of each step kind, by its action class.
STEP_EFFECTS: Final[dict[type, Callable[[State, Any], State]]] = {
    ScandalCard: card, ScandalPiece: piece_chosen, ScandalPlace: place_chosen,
    ScandalMedici: medici_chosen, ScandalCrest: crest_chosen, ScandalStop: stop_chosen,
}


def whole_options(state: State, like: Scandal | None) -> list[Scandal]:
    """A whole play is never listed (its steps are); one given is legal by the rule
    :func:`compound_options` states."""
    return [] if like is None else compound_options(state, like)


@implements(C + "scandal.play")
def whole_play(state: State, action: Scandal) -> State:
    """A whole play (a legal one) carried out as its steps, until the play is done."""
    found = steps_of(state, action)
    state = card(state, found[0])
    for step in found[1:]:
        if not state.scandal:
            break
        state = STEP_EFFECTS[type(step)](state, step)
    return state
