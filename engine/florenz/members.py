"""Action kinds that place and move family members: the first debutants, send, promote,
move and hurry (phase 2, and the setup's first debutants).

Each kind is its options generator (``*_options(state, like)``: every legal
action; with ``like`` given, only the candidates that could equal it), its
effect (which assumes legality) and, where the rules name a more precise
clause, an ``explain_*`` that words a refusal. The stage a kind is open in
(setup, a family acting in phase 2) is declared with the kind (:mod:`.game`):
core asks a generator or an explanation only there, and a sampler is wrapped to
draw nothing elsewhere.
"""

from __future__ import annotations

from random import Random

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.draws import choice
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz.actions import HurryPair, HurryTwice, Move, Place, Promote, Send
from regelwerk.engine.florenz.board import (
    blocked_path,
    joined,
    move_piece,
    promoted,
    pushing,
    reserve,
    spent,
    walked,
)
from regelwerk.engine.florenz.rules import DEBUTANT, LADY, MAESTRO
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.state import RESERVE, State
from regelwerk.engine.florenz.turns import advance, start_round

C = prefix(ID)


def time_refusal(state: State, name: str, cost: int) -> IllegalAction:
    """The refusal of an action the family cannot pay for (time.clock)."""
    return IllegalAction(C + "time.clock", N_("{action} needs {cost} time; the clock shows "
                                              "{clock}."),
                         action=name, cost=cost, clock=state.clock[state.current])


def _location(state: State, value: int) -> int:
    """Location index of location number ``value``, or -1 if there is none."""
    return value - 1 if 1 <= value <= state.rules.locations else -1


def _own(state: State, piece: int) -> bool:
    return 0 <= piece < len(state.where) and state.family_of(piece) == state.current and \
        state.where[piece] >= 0


def _no_location(clause: str, value: int) -> IllegalAction:
    return IllegalAction(clause, N_("There is no location {location}."), location=value)


def _not_own(clause: str, piece: int) -> IllegalAction:
    return IllegalAction(clause, N_("Piece {piece} is not a member of the acting family on "
                                    "the board."), piece=piece)


def _full(location: int) -> IllegalAction:
    return IllegalAction(C + "queue.capacity", N_("The queue at {location} has no open space."),
                         location=location)


# --------------------------------------------------------------------- Place (setup)

@implements(C + "setup.first_debutants")
def place_options(state: State, like: Place | None) -> list[Place]:
    """Before round 1 a family puts a debutant on an empty queue."""
    place, queues = state.rules.tables.actions.place, state.queues
    if like is not None:
        loc = _location(state, like.location)
        return [place[loc]] if loc >= 0 and not queues[loc] else []
    return [place[i] for i, q in enumerate(queues) if not q]


def explain_place(state: State, action: Place) -> IllegalAction | None:
    if not 1 <= action.location <= state.rules.locations:
        return _no_location(C + "setup.first_debutants", action.location)
    return IllegalAction(C + "setup.first_debutants",
                         N_("The first debutants go to empty queues only."))


@implements(C + "setup.first_debutants")
def place(state: State, action: Place) -> State:
    loc = action.location - 1
    f = state.current
    piece = reserve(state, f, DEBUTANT)
    state = state._replace(queues=replaced(state.queues, loc, (piece,)),
                           where=replaced(state.where, piece, loc),
                           setup_left=state.setup_left - 1)
    if state.setup_left:
        return state._replace(current=(f - 1) % state.families)
    return start_round(state)


# --------------------------------------------------------------------- Send

@implements(C + "action.send", C + "queue.capacity")
def send_options(state: State, like: Send | None) -> list[Send]:
    """A debutant from the board joins a queue with an open space."""
    f = state.current
    rules = state.rules
    piece = reserve(state, f, DEBUTANT)
    if state.clock[f] < rules.cost_send or piece < 0:
        return []
    open_at, queues = rules.tables.open_at, state.queues
    send, push = rules.tables.actions.send, rules.push_out
    if like is not None:
        loc = _location(state, like.location)
        return [send[loc]] if loc >= 0 and (open_at[len(queues[loc])] or (
            push and pushing(state, queues[loc], loc, piece))) else []
    return [send[i] for i, q in enumerate(queues)
            if open_at[len(q)] or (push and pushing(state, q, i, piece))]


def explain_send(state: State, action: Send) -> IllegalAction | None:
    loc = _location(state, action.location)
    if loc < 0:
        return _no_location(C + "action.send", action.location)
    if reserve(state, state.current, DEBUTANT) < 0:
        return IllegalAction(C + "action.send", N_("No debutant is left on the family board."))
    if not state.rules.fns.may_enter(len(state.queues[loc]), state.rules.capacity):
        return _full(action.location)
    return time_refusal(state, "send", state.rules.cost_send)


@implements(C + "action.send", C + "queue.capacity")
def send(state: State, action: Send) -> State:
    f = state.current
    loc = action.location - 1
    piece = reserve(state, f, DEBUTANT)
    queues, where = joined(state, state.queues, state.where, loc, piece)
    return advance(state, clock=spent(state, f, state.rules.cost_send), where=where,
                   queues=queues)


# --------------------------------------------------------------------- Promote

@implements(C + "action.promote", C + "queue.rank")
def promote_options(state: State, like: Promote | None) -> list[Promote]:
    """A debutant becomes a lady, a lady a maestro, if one is left on the board."""
    f = state.current
    rules = state.rules
    if state.clock[f] < rules.cost_promote:
        return []
    lady, maestro = reserve(state, f, LADY) >= 0, reserve(state, f, MAESTRO) >= 0
    if not (lady or maestro):
        return []
    per, ranks = rules.pieces_per_family, rules.piece_rank
    pieces = state.on_board(f) if like is None else [like.piece] if _own(state, like.piece) \
        else []
    promote = rules.tables.actions.promote
    return [promote[p] for p in pieces
            if (ranks[p % per] == DEBUTANT and lady) or (ranks[p % per] == LADY and maestro)]


def explain_promote(state: State, action: Promote) -> IllegalAction | None:
    if not _own(state, action.piece):
        return _not_own(C + "action.promote", action.piece)
    rank = state.rank_of(action.piece)
    if rank >= MAESTRO or reserve(state, state.current, rank + 1) < 0:
        return IllegalAction(C + "action.promote", N_("No member of the next rank is left on "
                                                      "the family board."))
    return time_refusal(state, "promote", state.rules.cost_promote)


@implements(C + "action.promote", C + "queue.rank")
def promote(state: State, action: Promote) -> State:
    f = state.current
    piece = action.piece
    loc = state.where[piece]
    new = reserve(state, f, state.rank_of(piece) + 1)
    queue = tuple(p for p in state.queues[loc] if p != piece)
    where = replaced(replaced(state.where, piece, RESERVE), new, loc)
    return advance(state, clock=spent(state, f, state.rules.cost_promote), where=where,
                   queues=replaced(state.queues, loc, promoted(state, queue, loc, new)))


# --------------------------------------------------------------------- Move

@implements(C + "action.move", C + "queue.capacity", C + "solo.harder")
def single_moves(state: State, piece: int = -1, to: int = 0) -> list[Move]:
    """Every single move of the family to act (time not asked): along a path to a queue
    with space. ``piece``/``to`` (if given): only those."""
    f = state.current
    rules = state.rules
    neighbours, where, queues = rules.neighbours, state.where, state.queues
    tables = rules.tables
    open_at = tables.open_at
    blocks, move, push = tables.blocks_paths, tables.actions.move, rules.push_out
    out = []
    pieces = state.on_board(f) if piece < 0 else [piece] if _own(state, piece) else []
    for p in pieces:
        src = where[p]
        for dst in neighbours[src]:
            if (not to or dst == to - 1) and (open_at[len(queues[dst])] or (
                    push and pushing(state, queues[dst], dst, p))) and \
                    not (blocks and blocked_path(state, src, dst, f)):
                out.append(move[p][dst])
    return out


@implements(C + "action.move")
def move_options(state: State, like: Move | None) -> list[Move]:
    """A member walks one path to a neighbouring queue with space."""
    if state.clock[state.current] < state.rules.cost_move:
        return []
    if like is None:
        return single_moves(state)
    return single_moves(state, like.piece, like.to) if like.piece >= 0 and like.to > 0 else []


def _walk_refusal(state: State, piece: int, src: int, dst: int,
                  needs_space: bool = True) -> IllegalAction | None:
    """Why ``piece`` cannot walk from location index ``src`` to ``dst`` (None: it can)."""
    if dst not in state.rules.neighbours[src]:
        return IllegalAction(C + "action.move", N_("Location {b} is no orthogonal neighbour "
                                                   "of {a}."), a=src + 1, b=dst + 1)
    if blocked_path(state, src, dst, state.family_of(piece)):
        return IllegalAction(C + "solo.harder", N_("A path with Strozzi's guard is closed to "
                                                   "you in the harder solo game."))
    queue = tuple(p for p in state.queues[dst] if p != piece)
    if needs_space and not state.rules.fns.may_enter(len(queue), state.rules.capacity):
        return _full(dst + 1)
    return None


def explain_move(state: State, action: Move) -> IllegalAction | None:
    if not _own(state, action.piece):
        return _not_own(C + "action.move", action.piece)
    dst = _location(state, action.to)
    if dst < 0:
        return _no_location(C + "action.move", action.to)
    if state.clock[state.current] < state.rules.cost_move:
        return time_refusal(state, "move", state.rules.cost_move)
    return _walk_refusal(state, action.piece, state.where[action.piece], dst)


@implements(C + "action.move", C + "guard.escort", C + "queue.priority")
def move(state: State, action: Move) -> State:
    clock = spent(state, state.current, state.rules.cost_move)
    return advance(state, **walked(state, action.piece, action.to - 1, clock=clock))


# --------------------------------------------------------------------- Hurry

@implements(C + "action.hurry")
def hurry_twice_options(state: State, like: HurryTwice | None) -> list[HurryTwice]:
    """One member walks two paths: through a location (no space needed there) to a queue
    with space (or back where it started)."""
    f = state.current
    rules = state.rules
    if state.clock[f] < rules.cost_hurry:
        return []
    out = []
    neighbours, where, queues = rules.neighbours, state.where, state.queues
    tables = rules.tables
    open_at = tables.open_at
    blocks, hurry, push = tables.blocks_paths, tables.actions.hurry_twice, rules.push_out
    pieces = state.on_board(f) if like is None else [like.piece] if _own(state, like.piece) \
        else []
    for p in pieces:
        src = where[p]
        for via in neighbours[src]:
            if (like is not None and via != like.via - 1) or \
                    (blocks and blocked_path(state, src, via, f)):
                continue
            to = hurry[p][via]
            for dst in neighbours[via]:
                if (like is None or dst == like.to - 1) and \
                        (dst == src or open_at[len(queues[dst])]
                         or (push and pushing(state, queues[dst], dst, p))) and \
                        not (blocks and blocked_path(state, via, dst, f)):
                    out.append(to[dst])
    return out


def explain_hurry_twice(state: State, action: HurryTwice) -> IllegalAction | None:
    if not _own(state, action.piece):
        return _not_own(C + "action.hurry", action.piece)
    via, dst = _location(state, action.via), _location(state, action.to)
    if via < 0:
        return _no_location(C + "action.hurry", action.via)
    if dst < 0:
        return _no_location(C + "action.hurry", action.to)
    if via == dst:
        return IllegalAction(C + "action.hurry", N_("A hurrying member cannot stop where it "
                                                    "passes through."))
    if state.clock[state.current] < state.rules.cost_hurry:
        return time_refusal(state, "hurry", state.rules.cost_hurry)
    return _walk_refusal(state, action.piece, state.where[action.piece], via, False) or \
        _walk_refusal(state, action.piece, via, dst)


@implements(C + "action.hurry")
def hurry_twice(state: State, action: HurryTwice) -> State:
    clock = spent(state, state.current, state.rules.cost_hurry)
    state = move_piece(state, action.piece, action.via - 1, needs_space=False, clock=clock)
    return advance(state, **walked(state, action.piece, action.to - 1, src=action.via - 1))


@implements(C + "action.hurry")
def hurry_pair_options(state: State, like: HurryPair | None) -> list[HurryPair]:
    """Two members walk one path each, the first before the second."""
    if state.clock[state.current] < state.rules.cost_hurry:
        return []
    if like is None:
        out = []
        for first in single_moves(state):
            after = move_piece(state, first.piece, first.to - 1)
            out += [HurryPair(first.piece, first.to, second.piece, second.to)
                    for second in single_moves(after) if second.piece != first.piece]
        return out
    if like.piece < 0 or like.other < 0 or like.piece == like.other or like.to <= 0 or \
            like.other_to <= 0 or not single_moves(state, like.piece, like.to):
        return []
    after = move_piece(state, like.piece, like.to - 1)
    return [like] if single_moves(after, like.other, like.other_to) else []


def explain_hurry_pair(state: State, action: HurryPair) -> IllegalAction | None:
    for piece in (action.piece, action.other):
        if not _own(state, piece):
            return _not_own(C + "action.hurry", piece)
    if action.piece == action.other:
        return IllegalAction(C + "action.hurry", N_("Hurrying two members needs two different "
                                                    "members."))
    if state.clock[state.current] < state.rules.cost_hurry:
        return time_refusal(state, "hurry", state.rules.cost_hurry)
    first, second = _location(state, action.to), _location(state, action.other_to)
    if first < 0:
        return _no_location(C + "action.hurry", action.to)
    refusal = _walk_refusal(state, action.piece, state.where[action.piece], first)
    if refusal is not None:
        return refusal
    if second < 0:
        return _no_location(C + "action.hurry", action.other_to)
    after = move_piece(state, action.piece, first)
    return _walk_refusal(after, action.other, after.where[action.other], second)


@implements(C + "action.hurry")
def hurry_pair(state: State, action: HurryPair) -> State:
    clock = spent(state, state.current, state.rules.cost_hurry)
    state = move_piece(state, action.piece, action.to - 1, clock=clock)
    return advance(state, **walked(state, action.other, action.other_to - 1))


def hurry_sample(state: State, rng: Random) -> HurryTwice | HurryPair | None:
    """A random hurry of either form, drawn without listing every pair (random play)."""
    if state.clock[state.current] < state.rules.cost_hurry:
        return None
    if rng.random() < 0.5:
        singles = single_moves(state)
        if singles:
            first = choice(rng, singles)
            after = move_piece(state, first.piece, first.to - 1)
            seconds = [m for m in single_moves(after) if m.piece != first.piece]
            if seconds:
                second = choice(rng, seconds)
                return HurryPair(first.piece, first.to, second.piece, second.to)
    twice = hurry_twice_options(state, None)
    return choice(rng, twice) if twice else None
