"""Playing Florenz: ``new_game``, ``legal_actions`` and ``apply``.

``apply`` never changes its input: it checks the action against the rules
(raising :class:`IllegalAction` naming the violated clause) and returns a new
:class:`State`. Chance is explicit and seeded (``random.Random(f"{seed}/...")``):
setup draws, and every reshuffle of a scandal deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.florenz.actions import (
    Accept,
    Action,
    Boast,
    BonusPoint,
    BonusSwap,
    BonusTime,
    Decline,
    DiscardForTime,
    Gift,
    HurryPair,
    HurryTwice,
    Move,
    Pass,
    Place,
    Promote,
    Scandal,
    Send,
)
from regelwerk.engine.florenz.rules import (
    CONTESSINA,
    COSIMO,
    DEBUTANT,
    GAME,
    GIOVANNI,
    LADY,
    MAESTRO,
    Rules,
    default_rules,
    rules_from_spec,
)
from regelwerk.engine.florenz.scoring import (
    achievement,
    control_order,
    family_queue_points,
    head_award,
    plan_points,
    time_points,
)
from regelwerk.engine.florenz.state import NONE, RESERVE, RETIRED, Phase, State

C = "florenz:"
#: The phases as plain names (a class attribute lookup per use costs time in hot paths).
_SETUP, _ACTIONS, _GIOVANNI, _OVER = Phase.SETUP, Phase.ACTIONS, Phase.GIOVANNI, Phase.OVER
_NONE_NE = NONE.__ne__      # a field holds a cup


def rules_for(options: Mapping[str, Any] | None = None) -> Rules:
    """Rules for ``options``: ``players`` (``players.min``-``players.max``; 1 = solo against
    Strozzi; ``players.default`` when not given), ``board`` (printed values), variants
    (``solo_level``: normal, easier, harder)."""
    options = dict(options or {})
    players = options.pop("players", None)
    board = options.pop("board", None)
    if not board and not options:
        return default_rules(players)
    spec = spec_module.load(GAME)
    if board:
        spec = spec.with_numbers(board)
    return rules_from_spec(spec, players, options)


@implements(C + "setup.families", C + "setup.board", C + "setup.disc", C + "setup.decks",
            C + "setup.blocked", C + "setup.first_debutants", C + "round.sequence")
def new_game(seed: int = 0, options: Mapping[str, Any] | None = None,
             rules: Rules | None = None) -> State:
    """The state before the first debutants are placed (all setup chance drawn here)."""
    rules = rules or rules_for(options)
    n = rules.families
    rng = Random(f"{seed}/setup")
    start = rng.randrange(n)
    kinds = list(range(len(rules.boast_values)))
    rng.shuffle(kinds)
    plans = tuple(rng.sample(range(len(rules.plan_cards)), n))
    tiles = [t - 1 for t in rules.spec["disc.location_tiles"]]
    rng.shuffle(tiles)
    first, rest = tiles[:rules.medici], tiles[rules.medici:]     # one per carriage
    carriages = list(first)
    rng.shuffle(carriages)
    rng.shuffle(rest)
    bottom = list(first)
    rng.shuffle(bottom)
    loc_stack = list(reversed(rest + bottom))        # next tile last
    times = list(rules.time_tiles)
    rng.shuffle(times)
    sector_loc = [NONE] * rules.rounds
    sector_time = [NONE] * rules.rounds
    sector_time[0] = rules.round1_time
    for r in range(rules.visible_sectors):
        sector_loc[r] = loc_stack.pop()
        if r:
            sector_time[r] = times.pop()
    decks = []
    for m in range(rules.medici):
        deck = [m * len(rules.scandal_kinds[m]) + k for k in range(len(rules.scandal_kinds[m]))
                for _ in range(rules.spec["scandal.copies"])]
        Random(f"{seed}/deck/{m}/0").shuffle(deck)
        decks.append(tuple(deck))
    state = State(
        rules=rules, seed=seed, round=1, phase=_SETUP, current=(start - 1) % n,
        start=start, setup_left=n, queues=((),) * rules.locations,
        where=rules.tables.start_where,
        clock=(rules.clock_start,) * n,
        points=(0,) * n, gifts=(rules.gifts_start,) * n, given=((0,) * rules.medici,) * n,
        boards=tuple(kinds), cups=((NONE,) * len(rules.boast_thresholds),) * rules.locations,
        escorts=((),) * len(rules.edges), spies=((),) * rules.locations,
        doormen=((),) * rules.locations, guards=rules.guard_supply, hands=((),) * n,
        decks=tuple(decks), discards=((),) * rules.medici,
        shuffles=0, passed=(False,) * n, rings=(NONE,) * n,
        carriages=tuple(carriages), targets=tuple(sector_loc[:rules.medici]),
        sector_loc=tuple(sector_loc), sector_time=tuple(sector_time),
        loc_stack=tuple(loc_stack), time_stack=tuple(times), plans=plans, offer=((), 0))
    if rules.automa >= 0:
        return solo.setup(state)
    return state


def absent(rules: Rules, piece: int) -> bool:
    """Pieces of a second colour that only Strozzi has (the solo player's are never used)."""
    per = rules.pieces_per_family
    return rules.colours > 1 and piece // per != rules.automa and \
        (piece % per) * rules.colours // per > 0


def with_setup(state: State, *, start: int | None = None,
               carriages: tuple[int, int, int] | None = None,
               targets: tuple[int, int, int] | None = None,
               boards: Mapping[int, str] | None = None) -> State:
    """A new game with chosen setup draws (locations numbered 1-9), for worked examples.

    Only allowed before the first debutant is placed; ``boards`` maps location
    numbers to boast board names, the other boards keep their drawn kinds.
    """
    from regelwerk.engine.florenz.rules import BOASTS

    if state.phase != _SETUP or state.setup_left != state.families:
        raise ValueError("with_setup needs a fresh game")
    changes: dict[str, Any] = {}
    if start is not None:
        changes.update(start=start, current=(start - 1) % state.families)
    if carriages is not None:
        changes["carriages"] = tuple(c - 1 for c in carriages)
    if targets is not None:
        tg = tuple(t - 1 for t in targets)
        changes["targets"] = tg
        changes["sector_loc"] = tg + state.sector_loc[len(tg):]
    if boards:
        kinds = list(state.boards)
        for loc, name in boards.items():
            wanted = BOASTS.index(name)
            other = kinds.index(wanted)
            kinds[other], kinds[loc - 1] = kinds[loc - 1], wanted
        changes["boards"] = tuple(kinds)
    return state._replace(**changes)


def with_queues(state: State, queues: Mapping[int, Any]) -> State:
    """The state with the given queues: location number -> ``[(family, rank), ...]``, head first.

    Every other member returns to its family board. For worked examples and
    tests; the caller states a position the rules can reach.
    """
    where = [RETIRED if absent(state.rules, p) else RESERVE for p in range(len(state.where))]
    built = [()] * state.rules.locations
    for loc, members in queues.items():
        pieces = []
        for family, rank in members:
            piece = next(p for p in state.pieces(family)
                         if where[p] == RESERVE and state.rank_of(p) == rank)
            where[piece] = loc - 1
            pieces.append(piece)
        built[loc - 1] = tuple(pieces)
    return state._replace(queues=tuple(built), where=tuple(where))


# --------------------------------------------------------------------- helpers

def _gained(rules: Rules, clock: int, amount: int) -> int:
    """``fns.gain_time`` (from the table where it holds the value)."""
    value = rules.tables.gain_at.get((clock, amount))
    if value is None:       # outside the table: ask the rule itself
        value = rules.fns.gain_time(clock, amount, rules.clock_max)
    return value


def _gain(clock: tuple[int, ...], family: int, amount: int, rules: Rules) -> tuple[int, ...]:
    value = rules.tables.gain_at.get((clock[family], amount))
    if value is None:       # outside the table: ask the rule itself
        value = rules.fns.gain_time(clock[family], amount, rules.clock_max)
    return (*clock[:family], value, *clock[family + 1:])


def _add(values: tuple[int, ...], family: int, amount: int) -> tuple[int, ...]:
    changed = list(values)          # (a list copy is cheaper than joining slices)
    changed[family] += amount
    return tuple(changed)


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def _spend(state: State, family: int, cost: int, clause: str) -> tuple[int, ...]:
    if cost > state.clock[family]:
        raise IllegalAction(C + "time.clock", N_("{action} needs {cost} time; the clock shows "
                                                 "{clock}."),
                            action=clause, cost=cost, clock=state.clock[family])
    return _set(state.clock, family, state.clock[family] - cost)


@implements(C + "queue.rank", C + "queue.priority", C + "guard.doorman")
def entered(state: State, queue: tuple[int, ...], location: int, piece: int) -> tuple[int, ...]:
    """``queue`` (at location index ``location``) after ``piece`` joins it."""
    rules = state.rules
    per, rank = rules.pieces_per_family, rules.piece_rank
    ranks = [rank[p % per] for p in queue]
    new_rank, doorman = rank[piece % per], piece // per in state.doormen[location]
    pos = rules.tables.insert_at.get((tuple(ranks), new_rank, doorman))
    if pos is None:         # a pattern the table does not hold: ask the rule itself
        pos = rules.fns.insert_position(ranks, len(queue), new_rank, doorman)
    return (*queue[:pos], piece, *queue[pos:])


def has_space(state: State, queue: tuple[int, ...]) -> bool:
    rules = state.rules
    return bool(rules.fns.may_enter(len(queue), rules.capacity))


def _reserve(state: State, family: int, rank: int) -> int:
    rules = state.rules
    per, ranks, where = rules.pieces_per_family, rules.piece_rank, state.where
    for p in range(family * per, family * per + per):
        if where[p] == RESERVE and ranks[p % per] == rank:
            return p
    return -1


def _own_piece(state: State, piece: int, clause: str) -> int:
    family = state.current
    if (type(piece) is not int or not 0 <= piece < len(state.where)
            or state.family_of(piece) != family or state.where[piece] < 0):
        raise IllegalAction(clause, N_("Piece {piece} is not a member of the acting family on "
                                       "the board."), piece=piece)
    return state.where[piece]


def _location(state: State, value: Any, clause: str) -> int:
    if type(value) is not int or not 1 <= value <= state.rules.locations:
        raise IllegalAction(clause, N_("There is no location {location}."), location=value)
    return value - 1


# --------------------------------------------------------------------- legal actions

def legal_actions(state: State) -> tuple[Action, ...]:
    """Everything the family to decide may do now (discarding for time included)."""
    phase = state.phase
    f = state.current
    discards = tuple(DiscardForTime(i) for i in range(len(state.hands[f]))) if \
        phase != _SETUP else ()
    if phase == _SETUP:
        return tuple(Place(i + 1) for i, q in enumerate(state.queues) if not q)
    if phase == _GIOVANNI:
        cost = state.rules.giovanni[state.round - 1][state.offer[1]][0]
        return ((Accept(),) if state.clock[f] >= cost else ()) + (Decline(),) + discards
    if phase == _OVER:
        return ()
    if state.passed[f]:
        return (BonusTime(), BonusPoint(), *_swaps(state, f), *discards)
    return (*_pass_actions(state), *_sends(state), *_promotions(state), *_moves(state),
            *_hurries(state), *_boasts(state), *_gifts(state), *scandal.legal(state), *discards)


def _pass_actions(state: State) -> list[Pass]:
    return [Pass(x) for x in _pass_params(state)]


def _pass_params(state: State) -> list[int]:
    if sum(state.passed) == state.families - 1:
        return [0]
    taken = state.rings
    return [i + 1 for i in range(state.rules.locations) if i not in taken]


def _swaps(state: State, family: int) -> list[BonusSwap]:
    ring = state.rings[family]
    if ring == NONE:
        return []
    queue = state.queues[ring]
    out = []
    allowed = state.rules.fns.swap_allowed
    for i in range(len(queue) - 1):
        a, b = queue[i], queue[i + 1]
        fa, fb = state.family_of(a), state.family_of(b)
        if allowed(state.rank_of(a), state.rank_of(b), fa, fb):
            if fa == family:
                out.append(BonusSwap(a, b))
            elif fb == family:
                out.append(BonusSwap(b, a))
    return out


def _sends(state: State) -> list[Send]:
    return [Send(x) for x in _send_params(state)]


def _send_params(state: State) -> list[int]:
    f = state.current
    rules = state.rules
    if state.clock[f] < rules.cost_send or _reserve(state, f, DEBUTANT) < 0:
        return []
    may_enter, capacity = rules.fns.may_enter, rules.capacity
    return [i + 1 for i, q in enumerate(state.queues) if may_enter(len(q), capacity)]


def _promotions(state: State) -> list[Promote]:
    return [Promote(x) for x in _promote_params(state)]


def _promote_params(state: State) -> list[int]:
    f = state.current
    rules = state.rules
    if state.clock[f] < rules.cost_promote:
        return []
    lady, maestro = _reserve(state, f, LADY) >= 0, _reserve(state, f, MAESTRO) >= 0
    if not (lady or maestro):
        return []
    per, ranks = rules.pieces_per_family, rules.piece_rank
    out = []
    for p in state.on_board(f):
        rank = ranks[p % per]
        if (rank == DEBUTANT and lady) or (rank == LADY and maestro):
            out.append(p)
    return out


def _single_moves(state: State) -> list[Move]:
    return [Move(p, to) for p, to in _single_move_params(state)]


def _single_move_params(state: State) -> list[tuple[int, int]]:
    """``(piece, location number)`` of every single move of the family to act."""
    f = state.current
    rules = state.rules
    neighbours, where, queues = rules.neighbours, state.where, state.queues
    may_enter, capacity = rules.fns.may_enter, rules.capacity
    blocks = rules.tables.blocks_paths
    out = []
    for p in state.on_board(f):
        src = where[p]
        for dst in neighbours[src]:
            if may_enter(len(queues[dst]), capacity) and \
                    not (blocks and blocked_path(state, src, dst, f)):
                out.append((p, dst + 1))
    return out


def _moves(state: State) -> list[Move]:
    return [Move(p, to) for p, to in _move_params(state)]


def _move_params(state: State) -> list[tuple[int, int]]:
    if state.clock[state.current] < state.rules.cost_move:
        return []
    return _single_move_params(state)


def _hurries(state: State) -> list[HurryTwice | HurryPair]:
    rules = state.rules
    f = state.current
    if state.clock[f] < rules.cost_hurry:
        return []
    out: list[HurryTwice | HurryPair] = [HurryTwice(*x) for x in _hurry_twice_params(state)]
    singles = _single_moves(state)
    for first in singles:
        after = _move_piece(state, first.piece, first.to - 1)
        for second in _single_moves(after):
            if second.piece != first.piece:
                out.append(HurryPair(first.piece, first.to, second.piece, second.to))
    return out


def _hurries_twice(state: State) -> list[HurryTwice]:
    return [HurryTwice(*x) for x in _hurry_twice_params(state)]


def _hurry_twice_params(state: State) -> list[tuple[int, int, int]]:
    rules = state.rules
    f = state.current
    neighbours, where, queues = rules.neighbours, state.where, state.queues
    may_enter, capacity = rules.fns.may_enter, rules.capacity
    blocks = rules.tables.blocks_paths
    out = []
    for p in state.on_board(f):
        src = where[p]
        for via in neighbours[src]:
            if blocks and blocked_path(state, src, via, f):
                continue
            for dst in neighbours[via]:
                if (dst == src or may_enter(len(queues[dst]), capacity)) and \
                        not (blocks and blocked_path(state, via, dst, f)):
                    out.append((p, via + 1, dst + 1))
    return out


def _boasts(state: State) -> list[Boast]:
    return [Boast(x) for x in _boast_params(state)]


def _boast_params(state: State) -> list[int]:
    f = state.current
    rules = state.rules
    if state.clock[f] < rules.cost_boast or _cups_left(state, f) <= 0:
        return []
    where, cups = state.where, state.cups
    mine = state.on_board(f)
    return [loc + 1 for loc in sorted({where[p] for p in mine})
            if f not in cups[loc]
            and _boast_field(state, f, loc, achievement(state, f, loc, mine=mine)) >= 0]


def _gifts(state: State) -> list[Gift]:
    return [Gift(m, c) for m, c in _gift_params(state)]


def _gift_params(state: State) -> list[tuple[int, int]]:
    f = state.current
    if state.gifts[f] <= 0:
        return []
    where = state.where
    present = {where[p] for p in state.on_board(f)}
    out = []
    for m, loc in enumerate(state.carriages):
        if loc in present and state.clock[f] >= gift_cost(state, f, m):
            free = _free_crests(state, m) if state.guards[f] > 0 else []
            out.extend((m, c) for c in free or [-1])
    return out


# --------------------------------------------------------------------- apply

def is_legal(state: State, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    phase = state.phase
    kind = type(action)
    if kind is DiscardForTime and phase in (_ACTIONS, _GIOVANNI):
        return _discard(state, action)  # type: ignore[arg-type]
    if phase == _SETUP and kind is Place:
        return _place(state, action)  # type: ignore[arg-type]
    if phase == _GIOVANNI and kind in (Accept, Decline):
        return _answer(state, kind is Accept)
    if phase == _ACTIONS:
        passed = state.passed[state.current]
        if passed and kind in (BonusTime, BonusPoint, BonusSwap):
            return _bonus(state, action)
        if not passed and kind in _HANDLERS:
            return _advance(_HANDLERS[kind](state, action))
        if not passed and kind is Scandal:
            return _advance(scandal.play(state, action))  # type: ignore[arg-type]
        if passed:
            raise IllegalAction(C + "action.passed_bonus",
                                N_("A family that has passed takes a bonus instead."))
    if phase == _OVER:
        raise IllegalAction(C + "end.winner", N_("The game is over; no more actions."))
    raise IllegalAction(C + "round.sequence", N_("{action} is not possible in this phase."),
                        action=kind.__name__)


@implements(C + "setup.first_debutants")
def _place(state: State, action: Place) -> State:
    loc = _location(state, action.location, C + "setup.first_debutants")
    if state.queues[loc]:
        raise IllegalAction(C + "setup.first_debutants",
                            N_("The first debutants go to empty queues only."))
    f = state.current
    piece = _reserve(state, f, DEBUTANT)
    state = state._replace(queues=_set(state.queues, loc, (piece,)),
                           where=_set(state.where, piece, loc), setup_left=state.setup_left - 1)
    if state.setup_left:
        return state._replace(current=(f - 1) % state.families)
    return _start_round(state)


@implements(C + "time.gain", C + "turn.order")
def _start_round(state: State) -> State:
    rules = state.rules
    amount = state.sector_time[state.round - 1]
    clock = tuple([_gained(rules, c, amount) for c in state.clock])
    state = state._replace(phase=_ACTIONS, clock=clock, current=state.start,
                           passed=(False,) * state.families, rings=(NONE,) * state.families)
    if rules.automa >= 0:
        return solo.start_round(state, amount)
    return state


@implements(C + "turn.order")
def _advance(state: State) -> State:
    if all(state.passed):
        return medici_phase(state)
    then = (state.current + 1) % state.families
    if state.rules.automa >= 0:
        return solo.turns(state, then)
    return state._replace(current=then)


@implements(C + "action.pass", C + "action.pass_first")
def _pass(state: State, action: Pass) -> State:
    f = state.current
    rules = state.rules
    last = sum(state.passed) == state.families - 1
    clock = state.clock
    automa = state.automa
    if not any(state.passed):
        clock = _gain(clock, f, rules.first_pass_time, rules)
        if automa is not None:
            automa = automa._replace(first_passer=f)
    if last:
        if action.location != 0:
            raise IllegalAction(C + "action.pass", N_("The last family to pass places no ring; "
                                                      "pass with location 0."))
        return state._replace(passed=_set(state.passed, f, True), clock=clock, automa=automa)
    loc = _location(state, action.location, C + "action.pass")
    if loc in state.rings:
        raise IllegalAction(C + "action.pass", N_("Location {location} already has a ring."),
                            location=action.location)
    return state._replace(passed=_set(state.passed, f, True), clock=clock, automa=automa,
                          rings=_set(state.rings, f, loc))


@implements(C + "action.passed_bonus")
def _bonus(state: State, action: Action) -> State:
    f = state.current
    rules = state.rules
    if type(action) is BonusTime:
        state = state._replace(clock=_gain(state.clock, f, rules.bonus_time, rules))
    elif type(action) is BonusPoint:
        state = state._replace(points=_add(state.points, f, rules.bonus_points))
    else:
        if action not in _swaps(state, f):
            raise IllegalAction(C + "action.passed_bonus",
                                N_("Only a member and a neighbour of equal rank and another "
                                   "family may swap, where the ring lies."))
        loc = state.rings[f]
        queue = list(state.queues[loc])
        i, j = queue.index(action.piece), queue.index(action.other)  # type: ignore[union-attr]
        queue[i], queue[j] = queue[j], queue[i]
        state = state._replace(queues=_set(state.queues, loc, tuple(queue)))
    return _advance(state)


@implements(C + "action.send", C + "queue.capacity")
def _send(state: State, action: Send) -> State:
    f = state.current
    loc = _location(state, action.location, C + "action.send")
    piece = _reserve(state, f, DEBUTANT)
    if piece < 0:
        raise IllegalAction(C + "action.send", N_("No debutant is left on the family board."))
    if not has_space(state, state.queues[loc]):
        raise IllegalAction(C + "queue.capacity", N_("The queue at {location} has no open "
                                                     "space."), location=action.location)
    clock = _spend(state, f, state.rules.cost_send, "send")
    return state._replace(clock=clock, where=_set(state.where, piece, loc),
                          queues=_set(state.queues, loc, entered(state, state.queues[loc], loc,
                                                                 piece)))


@implements(C + "action.promote", C + "queue.rank")
def _promote(state: State, action: Promote) -> State:
    f = state.current
    loc = _own_piece(state, action.piece, C + "action.promote")
    rank = state.rank_of(action.piece)
    new = _reserve(state, f, rank + 1) if rank < MAESTRO else -1
    if new < 0:
        raise IllegalAction(C + "action.promote", N_("No member of the next rank is left on "
                                                     "the family board."))
    clock = _spend(state, f, state.rules.cost_promote, "promote")
    queue = tuple(p for p in state.queues[loc] if p != action.piece)
    where = _set(_set(state.where, action.piece, RESERVE), new, loc)
    return state._replace(clock=clock, where=where,
                          queues=_set(state.queues, loc, entered(state, queue, loc, new)))


@implements(C + "solo.harder")
def blocked_path(state: State, src: int, dst: int, family: int) -> bool:
    """In the harder solo game the player cannot walk a path where Strozzi has a guard."""
    rules = state.rules
    if not rules.tables.blocks_paths or family == rules.automa:
        return False
    return rules.automa in state.escorts[rules.edge_index[(min(src, dst), max(src, dst))]]


@implements(C + "action.move", C + "guard.escort", C + "queue.priority", C + "solo.escort")
def _move_piece(state: State, piece: int, dst: int, needs_space: bool = True,
                src: int | None = None, clock: tuple[int, ...] | None = None) -> State:
    """``piece`` walks one path to location index ``dst``; escorts on that path act.
    ``clock``: the clocks to start from (the state's when not given)."""
    rules = state.rules
    src = state.where[piece] if src is None else src
    if dst not in rules.neighbours[src]:
        raise IllegalAction(C + "action.move", N_("Location {b} is no orthogonal neighbour of "
                                                  "{a}."), a=src + 1, b=dst + 1)
    family = state.family_of(piece)
    if blocked_path(state, src, dst, family):
        raise IllegalAction(C + "solo.harder", N_("A path with Strozzi's guard is closed to you "
                                                  "in the harder solo game."))
    source_queue = tuple(p for p in state.queues[src] if p != piece)
    queues = _set(state.queues, src, source_queue)
    target = queues[dst]
    if needs_space and not has_space(state, target):
        raise IllegalAction(C + "queue.capacity", N_("The queue at {location} has no open "
                                                     "space."), location=dst + 1)
    if needs_space:
        queues = _set(queues, dst, entered(state, target, dst, piece))
        where = _set(state.where, piece, dst)
    else:
        where = _set(state.where, piece, RESERVE)   # only passing through
    clock, points = state.clock if clock is None else clock, state.points
    for g in state.escorts[rules.edge_index[(min(src, dst), max(src, dst))]]:
        if g == family:
            if g != rules.automa:
                clock = _gain(clock, g, rules.escort_time, rules)
            if rules.automa >= 0:
                points = _add(points, g, solo.escort_points(rules))
        else:
            points = _add(points, g, rules.escort_points)
    return state._replace(queues=queues, where=where, clock=clock, points=points)


def _move(state: State, action: Move) -> State:
    _own_piece(state, action.piece, C + "action.move")
    dst = _location(state, action.to, C + "action.move")
    clock = _spend(state, state.current, state.rules.cost_move, "move")
    return _move_piece(state, action.piece, dst, clock=clock)


@implements(C + "action.hurry")
def _hurry_twice(state: State, action: HurryTwice) -> State:
    _own_piece(state, action.piece, C + "action.hurry")
    via = _location(state, action.via, C + "action.hurry")
    dst = _location(state, action.to, C + "action.hurry")
    if via == dst:
        raise IllegalAction(C + "action.hurry", N_("A hurrying member cannot stop where it "
                                                   "passes through."))
    clock = _spend(state, state.current, state.rules.cost_hurry, "hurry")
    state = _move_piece(state._replace(clock=clock), action.piece, via, needs_space=False)
    return _move_piece(state, action.piece, dst, src=via)


@implements(C + "action.hurry")
def _hurry_pair(state: State, action: HurryPair) -> State:
    _own_piece(state, action.piece, C + "action.hurry")
    _own_piece(state, action.other, C + "action.hurry")
    if action.piece == action.other:
        raise IllegalAction(C + "action.hurry", N_("Hurrying two members needs two different "
                                                   "members."))
    clock = _spend(state, state.current, state.rules.cost_hurry, "hurry")
    state = _move_piece(state._replace(clock=clock), action.piece,
                        _location(state, action.to, C + "action.hurry"))
    return _move_piece(state, action.other, _location(state, action.other_to, C + "action.hurry"))


def _cups_left(state: State, family: int) -> int:
    return state.rules.cup_supply[family] - sum([fields.count(family) for fields in state.cups])


def _boast_field(state: State, family: int, loc: int, points: int | None = None) -> int:
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
def _boast(state: State, action: Boast) -> State:
    f = state.current
    loc = _location(state, action.location, C + "action.boast")
    if not any(state.family_of(p) == f for p in state.queues[loc]):
        raise IllegalAction(C + "action.boast", N_("Boasting needs a family member at the "
                                                   "location."))
    if _cups_left(state, f) <= 0 or f in state.cups[loc]:
        raise IllegalAction(C + "action.boast", N_("No cup left, or a cup of this family is "
                                                   "already on that board."))
    points = achievement(state, f, loc)
    field = _boast_field(state, f, loc, points)
    if field < 0:
        raise IllegalAction(C + "action.boast", N_("No free field fits these points."))
    clock = _spend(state, f, state.rules.cost_boast, "boast")
    return _put_cup(state, f, loc, points, field, clock=clock)


@implements(C + "action.boast")
def place_cup(state: State, family: int, loc: int) -> State:
    """``family`` scores the board at location index ``loc`` and puts its cup on it."""
    points = achievement(state, family, loc)
    return _put_cup(state, family, loc, points, _boast_field(state, family, loc, points))


def _put_cup(state: State, family: int, loc: int, points: int, field: int,
             **changes: Any) -> State:
    return state._replace(points=_add(state.points, family, points),
                          cups=_set(state.cups, loc, _set(state.cups[loc], field, family)),
                          **changes)


@implements(C + "action.gift_cost")
def gift_cost(state: State, family: int, medici: int) -> int:
    rules = state.rules
    return rules.gift_base + rules.gift_step * state.given[family][medici]


@implements(C + "guard.crest")
def _free_crests(state: State, medici: int) -> list[int]:
    per = state.rules.per_crest
    if medici == COSIMO:
        return [e for e, gs in enumerate(state.escorts) if len(gs) < per]
    crests = state.spies if medici == CONTESSINA else state.doormen
    return [loc + 1 for loc, gs in enumerate(crests) if len(gs) < per]


@implements(C + "action.gift", C + "guard.crest", C + "guard.escort", C + "guard.spy",
            C + "guard.doorman")
def _gift(state: State, action: Gift) -> State:
    f = state.current
    m = action.medici
    if m not in range(state.rules.medici) or state.gifts[f] <= 0:
        raise IllegalAction(C + "action.gift", N_("No gift left, or no such Medici."))
    if not any(state.family_of(p) == f for p in state.queues[state.carriages[m]]):
        raise IllegalAction(C + "action.gift", N_("A gift needs a family member at the Medici's "
                                                  "carriage."))
    free = _free_crests(state, m) if state.guards[f] > 0 else []
    if (action.crest == -1 and free) or (action.crest != -1 and action.crest not in free):
        raise IllegalAction(C + "guard.crest", N_("The guard must go on a free crest of that "
                                                  "Medici."))
    clock = _spend(state, f, gift_cost(state, f, m), "gift")
    return give_gift(state._replace(clock=clock), f, m, action.crest)


@implements(C + "action.gift", C + "guard.crest")
def give_gift(state: State, f: int, m: int, crest: int) -> State:
    """``f`` gives Medici ``m`` a gift (time already paid) and puts a guard on ``crest``."""
    given = _set(state.given, f, _set(state.given[f], m, state.given[f][m] + 1))
    state = state._replace(given=given, gifts=_add(state.gifts, f, -1))
    if crest == -1:
        return state
    state = state._replace(guards=_add(state.guards, f, -1))
    if m == COSIMO:
        return state._replace(escorts=_set(state.escorts, crest, state.escorts[crest] + (f,)))
    loc = crest - 1
    if m == CONTESSINA:
        return state._replace(spies=_set(state.spies, loc, state.spies[loc] + (f,)))
    return state._replace(doormen=_set(state.doormen, loc, state.doormen[loc] + (f,)))


def scandal_pile(state: State, medici: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``(deck, discards, shuffles)`` of a Medici's scandal cards, ready to draw from:
    an empty deck is refilled from its shuffled discards (seeded chance)."""
    return _pile(state.seed, medici, state.decks[medici], state.discards[medici], state.shuffles)


def _pile(seed: int, medici: int, deck: tuple[int, ...], discards: tuple[int, ...],
          shuffles: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """:func:`scandal_pile` from the parts of the state it reads."""
    if not deck and discards:
        shuffles += 1
        pile = list(discards)
        Random(f"{seed}/deck/{medici}/{shuffles}").shuffle(pile)
        deck, discards = tuple(pile), ()
    return deck, discards, shuffles


@implements(C + "action.discard_for_time")
def _discard(state: State, action: DiscardForTime) -> State:
    f = state.current
    hand = state.hands[f]
    i = action.index
    if type(i) is not int or not 0 <= i < len(hand):
        raise IllegalAction(C + "action.discard_for_time", N_("There is no card {index} in the "
                                                              "hand."), index=i)
    card = hand[i]
    rules = state.rules
    m = card // len(rules.scandal_kinds[0])
    return state._replace(hands=_set(state.hands, f, hand[:i] + hand[i + 1:]),
                          discards=_set(state.discards, m, state.discards[m] + (card,)),
                          clock=_gain(state.clock, f, rules.discard_time, rules))


_HANDLERS: dict[type, Any] = {Pass: _pass, Send: _send, Promote: _promote, Move: _move,
                              HurryTwice: _hurry_twice, HurryPair: _hurry_pair, Boast: _boast,
                              Gift: _gift}


# --------------------------------------------------------------------- Medici and scoring

@implements(C + "hand.limit", C + "setup.decks")
def give_card(state: State, family: int, medici: int) -> State:
    """``family`` is given one scandal card of ``medici`` (hand limit; reshuffle when empty)."""
    cards = _cards(state)
    _deal(state.rules, state.seed, cards, family, medici)
    return _with_cards(state, cards)


def _cards(state: State) -> list[Any]:
    """What giving scandal cards changes: ``[decks, discards, shuffles, hands, clock]``."""
    return [state.decks, state.discards, state.shuffles, state.hands, state.clock]


def _with_cards(state: State, cards: list[Any], **changes: Any) -> State:
    decks, discards, shuffles, hands, clock = cards
    return state._replace(decks=decks, discards=discards, shuffles=shuffles, hands=hands,
                          clock=clock, **changes)


@implements(C + "hand.limit", C + "setup.decks")
def _deal(rules: Rules, seed: int, cards: list[Any], family: int, medici: int) -> None:
    """:func:`give_card` on the parts of a state it changes (``cards``, see :func:`_cards`;
    updated in place, so a Medici phase builds its state once)."""
    if family == rules.automa:
        solo.deal_scandal(rules, seed, cards, medici)
        return
    decks, discards, shuffles, hands, clocks = cards
    _, clock, drawn = rules.fns.receive_card(len(hands[family]), clocks[family],
                                                rules.hand_limit, rules.overflow_time,
                                                rules.clock_max)
    cards[4] = _set(clocks, family, clock)
    if not drawn:
        return
    deck, pile, shuffles = _pile(seed, medici, decks[medici], discards[medici], shuffles)
    if not deck:
        return      # every card of this Medici is in hands
    cards[0] = _set(decks, medici, deck[:-1])
    cards[1] = _set(discards, medici, pile)
    cards[2] = shuffles
    cards[3] = _set(hands, family, hands[family] + (deck[-1],))


def route(state: State, medici: int) -> tuple[int, ...]:
    """Location numbers the Medici reaches on the way to his target (target last)."""
    loc, target = state.carriages[medici], state.targets[medici]
    out = []
    while loc != target:
        loc = state.rules.route_next[loc]
        out.append(loc + 1)
    return tuple(out)


@implements(C + "medici.move", C + "medici.head", C + "medici.boast_reward", C + "guard.spy")
def visit(state: State, medici: int, location: int) -> State:
    """What happens where the travelling Medici arrives (location index)."""
    award = head_award(1, state.rules.head_points[state.round - 1])
    cards = _cards(state)
    points = _visit(state, medici, location, state.points, award, cards)
    return _with_cards(state, cards, points=points)


@implements(C + "medici.move", C + "medici.head", C + "medici.boast_reward", C + "guard.spy")
def _visit(state: State, medici: int, location: int, points: tuple[int, ...],
           award: int, cards: list[Any]) -> tuple[int, ...]:
    """:func:`visit` with the points and the scandal cards kept apart: the points after
    the head gains ``award`` (:func:`head_award` for one head); the cards are dealt into
    ``cards`` (:func:`_deal`; dealing never looks at points, queues, cups or spies, so a
    Medici phase writes both into the state once)."""
    queue = state.queues[location]
    rules = state.rules
    per = rules.pieces_per_family
    if queue:
        points = _add(points, queue[0] // per, award)
    for top in reversed(state.cups[location]):
        if top != NONE:
            for p in queue:
                if p // per == top:
                    _deal(rules, state.seed, cards, top, medici)
                    break
            break
    for spy in state.spies[location]:
        _deal(rules, state.seed, cards, spy, medici)
    return points


@implements(C + "medici.move", C + "scoring.cosimo", C + "scoring.contessina",
            C + "scoring.giovanni")
def medici_phase(state: State) -> State:
    rules = state.rules
    m = rules.disc_medici[state.round - 1]
    points = state.points
    award = head_award(1, rules.head_points[state.round - 1])
    cards = _cards(state)
    for loc in route(state, m):
        points = _visit(state, m, loc - 1, points, award, cards)
    target = state.targets[m]
    carriages = _set(state.carriages, m, target)
    if m != GIOVANNI:
        for f in {state.family_of(p) for p in state.queues[target]}:
            points = _add(points, f, family_queue_points(state, target, f, m))
        return _cleanup(_with_cards(state, cards, points=points, carriages=carriages))
    state = _with_cards(state, cards, points=points, carriages=carriages, phase=_GIOVANNI,
                        offer=(control_order(state, target), 0))
    return _next_offer(state)


@implements(C + "scoring.giovanni", C + "scoring.giovanni_one_reward")
def _next_offer(state: State) -> State:
    """Ask the next family that could pay; finish the scoring when places or families run out."""
    rules = state.rules
    places = rules.giovanni[state.round - 1]
    candidates, place = state.offer
    while candidates and place < len(places):
        f = candidates[0]
        if f == rules.automa:
            state, accepts = solo.giovanni_offer(state, places[place])
            _, place = rules.fns.giovanni_step(0, place, accepts)
            candidates = candidates[1:]
            continue
        could = min(rules.clock_max,
                    state.clock[f] + rules.discard_time * len(state.hands[f]))
        if could >= places[place][0]:
            return state._replace(current=f, offer=(candidates, place))
        _, place = rules.fns.giovanni_step(0, place, False)
        candidates = candidates[1:]
    return _cleanup(state._replace(offer=((), 0)))


def _answer(state: State, accepts: bool) -> State:
    rules = state.rules
    candidates, place = state.offer
    f = candidates[0]
    cost, gain = rules.giovanni[state.round - 1][place]
    if accepts:
        clock = _spend(state, f, cost, "Giovanni")
        state = state._replace(clock=clock, points=_add(state.points, f, gain))
    step, place = rules.fns.giovanni_step(0, place, accepts)
    return _next_offer(state._replace(offer=(candidates[step:], place)))


@implements(C + "cleanup.start_coin", C + "cleanup.gifts", C + "cleanup.disc", C + "end.time",
            C + "end.plan")
def _cleanup(state: State) -> State:
    rules = state.rules
    r = state.round
    m = rules.disc_medici[r - 1]
    if r >= rules.rounds:
        points = tuple(p + time_points(c, rules) + plan_points(state, f)
                       for f, (p, c) in enumerate(zip(state.points, state.clock, strict=True)))
        return state._replace(phase=_OVER, points=points,
                              targets=_set(state.targets, m, NONE))
    extra = rules.disc_gifts[r - 1]
    changes: dict[str, Any] = {}
    if rules.automa >= 0:
        changes["automa"] = solo.cleaned_automa(state)
    shown = r - 1 + rules.visible_sectors      # the sector index turned into view
    if shown < rules.rounds:
        locs, times = state.loc_stack, state.time_stack
        loc, time = locs[-1], times[-1]
        changes.update(sector_loc=_set(state.sector_loc, shown, loc),
                       sector_time=_set(state.sector_time, shown, time),
                       loc_stack=locs[:-1], time_stack=times[:-1],
                       targets=_set(state.targets, m, loc))
    else:
        changes["targets"] = _set(state.targets, m, NONE)
    return _start_round(state._replace(start=(state.start + 1) % state.families, round=r + 1,
                                       gifts=tuple(g + extra for g in state.gifts), **changes))


def _hurry_kind(state: State) -> Any:
    return _hurry_sample


def _scandal_kind(state: State) -> Any:
    return _scandal_sample if state.hands[state.current] else ()


def _pass_kind(state: State) -> Any:
    return Pass, _pass_params(state)


def _send_kind(state: State) -> Any:
    return Send, _send_params(state)


def _promote_kind(state: State) -> Any:
    return Promote, _promote_params(state)


def _move_kind(state: State) -> Any:
    return Move, _move_params(state)


def _boast_kind(state: State) -> Any:
    return Boast, _boast_params(state)


def _gift_kind(state: State) -> Any:
    return Gift, _gift_params(state)


def _discard_kind(state: State) -> Any:
    return DiscardForTime, range(len(state.hands[state.current]))


#: The action kinds of a family that has not passed, in the order :func:`random_action`
#: draws from: each gives a sampler, or ``(action class, its argument lists)``.
_KINDS = (_pass_kind, _send_kind, _promote_kind, _move_kind, _boast_kind, _gift_kind,
          _hurry_kind, _scandal_kind, _discard_kind)


def _kind_lists(state: State) -> list[Any]:
    """Generators of the action kinds open to a family that has not passed."""
    return list(_KINDS)


def _hurry_sample(state: State, rng: Random) -> Action | None:
    rules = state.rules
    f = state.current
    if state.clock[f] < rules.cost_hurry:
        return None
    if rng.random() < 0.5:
        singles = _single_move_params(state)
        if singles:
            piece, to = rng.choice(singles)
            after = _move_piece(state, piece, to - 1)
            seconds = [m for m in _single_move_params(after) if m[0] != piece]
            if seconds:
                other, other_to = rng.choice(seconds)
                return HurryPair(piece, to, other, other_to)
    twice = _hurry_twice_params(state)
    return HurryTwice(*rng.choice(twice)) if twice else None


def _scandal_sample(state: State, rng: Random) -> Action | None:
    return scandal.sample(state, rng)


def random_action(state: State, rng: Random) -> Action:
    """A random legal action, drawn without listing every combination.

    A family that has not passed: an action kind is chosen uniformly among the
    kinds, then a legal instance of it uniformly (hurries and scandal cards
    draw their parts one after the other); kinds with no legal instance are
    skipped. Every result is an element of :func:`legal_actions`.
    """
    if state.phase != _ACTIONS or state.passed[state.current]:
        return rng.choice(legal_actions(state))
    kinds = _kind_lists(state)
    while kinds:
        i = rng.randrange(len(kinds))
        kind = kinds[i]
        kinds[i] = kinds[-1]
        kinds.pop()
        found = kind(state)
        if callable(found):
            action = found(state, rng)
            if action is not None:
                return action
        elif found and found[1]:
            cls, params = found
            chosen = rng.choice(params)
            return cls(*chosen) if type(chosen) is tuple else cls(chosen)
    raise AssertionError("a family that has not passed can always pass")



from regelwerk.engine.florenz import scandal, solo  # noqa: E402  (they use this module's helpers)
