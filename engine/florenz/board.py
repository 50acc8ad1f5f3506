"""What the action kinds, scandal cards and Strozzi share: queues, time, members, cups, gifts.

Every function here is public and used by more than one module: the action
kinds (:mod:`.members`, :mod:`.passing`, :mod:`.favours`), the scandal cards
(:mod:`.scandal`), the Medici phase (:mod:`.medici`) and the solo automa
(:mod:`.solo`). None of them checks legality: the options generators of the
action kinds do (see :mod:`.game`).
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.tuples import added, replaced
from regelwerk.engine.florenz.rules import CONTESSINA, COSIMO, Rules
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.scoring import achievement
from regelwerk.engine.florenz.state import NONE, RESERVE, Source, State

C = prefix(ID)
_NONE_NE = NONE.__ne__      # a field holds a cup
_ESCORT, _SOLO_ESCORT = Source.ESCORT, Source.SOLO_ESCORT


# --------------------------------------------------------------------- points

Points = tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]


def credited(points: tuple[int, ...], scored: tuple[tuple[int, ...], ...], family: int,
             source: int, amount: int) -> Points:
    """``(points, scored)`` after ``family`` scores ``amount`` by ``source`` (a
    :class:`~.state.Source`): its total and the item the clause awards."""
    return (added(points, family, amount),
            replaced(scored, family, added(scored[family], source, amount)))


def credit(state: State, family: int, source: int, amount: int) -> dict[str, Any]:
    """The changes of ``state`` when ``family`` scores ``amount`` by ``source``
    (:func:`credited`), as ``_replace`` keywords."""
    points, scored = credited(state.points, state.scored, family, source, amount)
    return {"points": points, "scored": scored}


# --------------------------------------------------------------------- time

def gained(rules: Rules, clock: int, amount: int) -> int:
    """A clock showing ``clock`` after gaining ``amount`` (``fns.gain_time``, from the table
    where it holds the value)."""
    value = rules.tables.gain_at.get((clock, amount))
    if value is None:       # outside the table: ask the rule itself
        value = rules.fns.gain_time(clock, amount, rules.clock_max)
    return value


def gain(clock: tuple[int, ...], family: int, amount: int, rules: Rules) -> tuple[int, ...]:
    """The clocks after ``family`` gains ``amount`` time (:func:`gained`)."""
    return replaced(clock, family, gained(rules, clock[family], amount))


def spent(state: State, family: int, cost: int) -> tuple[int, ...]:
    """The clocks after ``family`` pays ``cost`` time (legality checked before)."""
    return added(state.clock, family, -cost)


# --------------------------------------------------------------------- members and queues

def reserve(state: State, family: int, rank: int) -> int:
    """A member of ``rank`` on ``family``'s board, or -1 if none is left."""
    rules = state.rules
    base, where = family * rules.pieces_per_family, state.where
    for offset in rules.tables.rank_offsets.get(rank, ()):
        if where[base + offset] == RESERVE:
            return base + offset
    return -1


@implements(C + "queue.rank", C + "queue.priority", C + "guard.doorman")
def entered(state: State, queue: tuple[int, ...], location: int, piece: int,
            doorman_acts: bool = True) -> tuple[int, ...]:
    """``queue`` (at location index ``location``) after ``piece`` joins it (its family's
    doorman there acts unless ``doorman_acts`` is false)."""
    rules = state.rules
    rank = rules.tables.rank_of_piece
    ranks = tuple([rank[p] for p in queue])
    new_rank = rank[piece]
    doorman = doorman_acts and piece // rules.pieces_per_family in state.doormen[location]
    pos = rules.tables.insert_at.get((ranks, new_rank, doorman))
    if pos is None:         # a pattern the table does not hold: ask the rule itself
        pos = rules.fns.insert_position(list(ranks), len(queue), new_rank, doorman)
    return (*queue[:pos], piece, *queue[pos:])


@implements(C + "guard.doorman", C + "queue.capacity")
def pushing(state: State, queue: tuple[int, ...], location: int, piece: int) -> bool:
    """Whether ``piece`` joining the full ``queue`` (at location index ``location``) pushes
    its last petitioner out: only under the reading ``push_out`` of interp.doorman_full,
    with a doorman of the piece's family there and the newcomer standing in front of the
    last petitioner (in front of its equals, so its rank is at least the last one's)."""
    rules = state.rules
    if not rules.push_out or not queue or len(queue) < rules.capacity or \
            piece // rules.pieces_per_family not in state.doormen[location]:
        return False
    rank = rules.tables.rank_of_piece
    return rank[piece] >= rank[queue[-1]]


@implements(C + "queue.capacity", C + "guard.doorman")
def takes(state: State, queue: tuple[int, ...], location: int, piece: int) -> bool:
    """Whether ``queue`` (at location index ``location``) takes ``piece``: an open space
    (:func:`has_space`), or, read ``push_out``, its family's doorman makes room
    (:func:`pushing`)."""
    return state.rules.tables.open_at[len(queue)] or pushing(state, queue, location, piece)


@implements(C + "queue.rank", C + "guard.doorman")
def joined(state: State, queues: tuple[tuple[int, ...], ...], where: tuple[int, ...],
           location: int, piece: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """``(queues, where)`` after ``piece`` (in no queue now) joins the queue at location
    index ``location`` (:func:`entered`); read ``push_out`` (interp.doorman_full), the last
    petitioner of a full queue goes back to its family's board (:func:`pushing`)."""
    queue = queues[location]
    out = pushing(state, queue, location, piece)
    queue = entered(state, queue, location, piece)
    where = replaced(where, piece, location)
    if out:
        where = replaced(where, queue[-1], RESERVE)
        queue = queue[:-1]
    return replaced(queues, location, queue), where


@implements(C + "guard.doorman", C + "action.promote")
def promoted(state: State, queue: tuple[int, ...], location: int, piece: int) -> tuple[int, ...]:
    """``queue`` after ``piece``, just promoted, takes its place in its new rank: as a
    newcomer, so a doorman of its family acts, or behind its new equals under the reading
    ``no_doorman`` (interp.doorman_promotion)."""
    return entered(state, queue, location, piece,
                   not state.rules.promotion_no_doorman)


def has_space(state: State, queue: tuple[int, ...]) -> bool:
    """Whether ``queue`` takes a newcomer (``fns.may_enter``, :attr:`.rules.Tables.open_at`)."""
    return state.rules.tables.open_at[len(queue)]


@implements(C + "solo.harder")
def blocked_path(state: State, src: int, dst: int, family: int) -> bool:
    """In the harder solo game the player cannot walk a path where Strozzi has a guard."""
    rules = state.rules
    if not rules.tables.blocks_paths or family == rules.automa:
        return False
    return rules.automa in state.escorts[rules.edge_index[(min(src, dst), max(src, dst))]]


@implements(C + "action.move", C + "guard.escort", C + "queue.priority", C + "solo.escort")
def move_piece(state: State, piece: int, dst: int, needs_space: bool = True,
               src: int | None = None, clock: tuple[int, ...] | None = None) -> State:
    """``piece`` walks one path to location index ``dst`` (a neighbour, open to it; space
    there if it stops, ``needs_space``); escorts on that path act. ``src``: where it
    starts (its location when not given); ``clock``: the clocks to start from."""
    return state._replace(**walked(state, piece, dst, needs_space, src, clock))


@implements(C + "action.move", C + "guard.escort", C + "queue.priority", C + "solo.escort")
def walked(state: State, piece: int, dst: int, needs_space: bool = True,
           src: int | None = None, clock: tuple[int, ...] | None = None) -> dict[str, Any]:
    """:func:`move_piece` as the changes of ``state`` (``_replace`` keywords)."""
    rules = state.rules
    src = state.where[piece] if src is None else src
    family = state.family_of(piece)
    queues = replaced(state.queues, src, tuple(p for p in state.queues[src] if p != piece))
    if needs_space:
        queues, where = joined(state, queues, state.where, dst, piece)
    else:
        where = replaced(state.where, piece, RESERVE)   # only passing through
    clock, points, scored = state.clock if clock is None else clock, state.points, state.scored
    for g in state.escorts[rules.edge_index[(min(src, dst), max(src, dst))]]:
        if g == family:
            if g != rules.automa:
                clock = gain(clock, g, rules.escort_time, rules)
            if rules.automa >= 0:
                points, scored = credited(points, scored, g, _SOLO_ESCORT,
                                          rules.tables.solo_escort_points)
        else:
            points, scored = credited(points, scored, g, _ESCORT, rules.escort_points)
    return {"queues": queues, "where": where, "clock": clock, "points": points, "scored": scored}


# --------------------------------------------------------------------- cups

def cups_left(state: State, family: int) -> int:
    """Cups still on ``family``'s board."""
    return state.rules.cup_supply[family] - sum([fields.count(family)
                                                 for fields in state.cups[:state.rules.locations]])


@implements(C + "action.boast")
def boast_field_at(state: State, family: int, loc: int, points: int | None = None) -> int:
    """The field ``family``'s cup would go on at location index ``loc`` (-1: none), for
    ``points`` (the achievement there when not given)."""
    if points is None:
        points = achievement(state, family, loc)
    taken = tuple(map(_NONE_NE, state.cups[loc]))
    rules = state.rules
    field = rules.tables.boast_at.get((points, taken))
    if field is None:       # points beyond the table: ask the rule itself
        field = rules.fns.boast_field(points, list(taken), rules.boast_thresholds)
    return field


@implements(C + "action.boast")
def place_cup(state: State, family: int, loc: int, source: int, **changes: Any) -> State:
    """``family`` scores the board at location index ``loc`` (by ``source``, the
    :class:`~.state.Source` of the boast) and puts its cup on it."""
    points = achievement(state, family, loc)
    return put_cup(state, family, loc, points, boast_field_at(state, family, loc, points),
                   source, **changes)


def put_cup(state: State, family: int, loc: int, points: int, field: int, source: int,
            **changes: Any) -> State:
    """``family`` gains ``points`` (by ``source``) and its cup goes on ``field`` at location
    index ``loc``."""
    return state._replace(**cup_put(state, family, loc, points, field, source), **changes)


def cup_put(state: State, family: int, loc: int, points: int, field: int,
            source: int) -> dict[str, Any]:
    """:func:`put_cup` as the changes of ``state`` (``_replace`` keywords)."""
    return {"cups": replaced(state.cups, loc, replaced(state.cups[loc], field, family)),
            **credit(state, family, source, points)}


# --------------------------------------------------------------------- gifts and guards

@implements(C + "action.gift_cost")
def gift_cost(state: State, family: int, medici: int) -> int:
    rules = state.rules
    return rules.gift_base + rules.gift_step * state.given[family][medici]


@implements(C + "guard.crest")
def free_crests(state: State, medici: int) -> list[int]:
    """The crests of ``medici`` with room for a guard (path index for Cosimo's escorts,
    location number for spies and doormen)."""
    per = state.rules.per_crest
    if medici == COSIMO:
        return [e for e, gs in enumerate(state.escorts) if len(gs) < per]
    crests = state.spies if medici == CONTESSINA else state.doormen
    return [loc + 1 for loc, gs in enumerate(crests) if len(gs) < per]


def put_guard(state: State, family: int, medici: int, crest: int) -> State:
    """``family`` puts a guard from its board on ``medici``'s ``crest``."""
    state = state._replace(guards=added(state.guards, family, -1))
    if medici == COSIMO:
        return state._replace(escorts=replaced(state.escorts, crest,
                                               state.escorts[crest] + (family,)))
    loc = crest - 1
    if medici == CONTESSINA:
        return state._replace(spies=replaced(state.spies, loc, state.spies[loc] + (family,)))
    return state._replace(doormen=replaced(state.doormen, loc, state.doormen[loc] + (family,)))


@implements(C + "action.gift", C + "guard.crest")
def give_gift(state: State, f: int, m: int, crest: int) -> State:
    """``f`` gives Medici ``m`` a gift (time already paid) and puts a guard on ``crest``."""
    given = replaced(state.given, f, added(state.given[f], m, 1))
    state = state._replace(given=given, gifts=added(state.gifts, f, -1))
    if crest == -1:
        return state
    return put_guard(state, f, m, crest)
