"""Scoring of Florenz: queue scorings, control, boast achievements, end scoring.

The per-family queue and head points are rule functions (:func:`.rule_fns.queue_points`,
:func:`.rule_fns.head_award`), called through ``rules.fns`` so that the z3 bounds in
:mod:`regelwerk.verification.florenz` are proved about the code the engine plays by.
"""

from __future__ import annotations

from collections.abc import Sequence

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.florenz.rules import BOASTS, CONTESSINA, DEBUTANT, Rules
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.state import State

C = prefix(ID)


def family_queue_points(state: State, location: int, family: int, medici: int) -> int:
    """Cosimo's or Contessina's points for ``family`` at location index ``location``."""
    rules = state.rules
    queue = state.queues[location]
    table = rules.queue_points[state.round - 1]
    per = rules.pieces_per_family
    mine = [p // per == family for p in queue]
    ranks = list(map(rules.tables.rank_of_piece.__getitem__, queue))
    points: int = rules.fns.queue_points(mine, ranks, table, medici == CONTESSINA)
    return points


@implements(C + "queue.control")
def control_order(state: State, location: int) -> tuple[int, ...]:
    """Families in the queue at location index ``location``, strongest first."""
    queue = state.queues[location]
    per = state.rules.pieces_per_family
    count: dict[int, int] = {}
    first: dict[int, int] = {}
    for place, piece in enumerate(queue):
        f = piece // per
        count[f] = count.get(f, 0) + 1
        first.setdefault(f, place)
    key = state.rules.fns.control_key
    spaces = state.rules.spaces
    return tuple(sorted(count, key=lambda f: -key(count[f], first[f], spaces)))


def controller(state: State, location: int) -> int:
    """The family that controls location index ``location`` (-1 for an empty queue)."""
    order = control_order(state, location)
    return order[0] if order else -1


@implements(C + "boast.great_influence", C + "boast.unmistakable", C + "boast.scandalmonger",
            C + "boast.sharp_elbows", C + "boast.ruler_of_the_street", C + "boast.rising",
            C + "boast.strongly_represented", C + "boast.generous", C + "boast.omnipresent")
def achievement(state: State, family: int, location: int, kind: int | None = None,
                mine: Sequence[int] | None = None) -> int:
    """Points the boast board at location index ``location`` gives ``family`` now
    (``mine``: the family's members on the board, when the caller has them)."""
    rules = state.rules
    kind = state.boards[location] if kind is None else kind
    name = BOASTS[kind]
    value = rules.boast_values[kind]
    if mine is None:
        mine = state.on_board(family)
    where = state.where
    if name == "great_influence":
        per, rank = rules.pieces_per_family, rules.piece_rank
        return value * sum(1 for p in mine if rank[p % per] != DEBUTANT)
    if name == "unmistakable":      # the cups on boards, and those taken back if noted
        placed = sum(1 for fields in state.cups for f in fields if f == family)
        return value * (placed + 1)
    if name == "scandalmonger":
        return value * len(state.hands[family])
    if name == "sharp_elbows":
        return value * sum(1 for q in state.queues if q and state.family_of(q[0]) == family)
    if name == "ruler_of_the_street":
        return value * sum(1 for p in mine if rules.row_of[where[p]] == rules.row_of[location])
    if name == "rising":
        return value * sum(1 for p in mine if rules.col_of[where[p]] == rules.col_of[location])
    counts = [0] * rules.locations
    for p in mine:
        counts[where[p]] += 1
    if name == "strongly_represented":
        return value * sum(1 for c in counts if c >= rules.strongly_min)
    if name == "generous":
        return value * sum(state.given[family])
    return value * sum(1 for c in counts if c >= 1)          # omnipresent


@implements(C + "end.time")
def time_points(clock: int, rules: Rules) -> int:
    return clock // rules.time_per_point


@implements(C + "end.plan")
def plan_points(state: State, family: int) -> int:
    """Points for the plan card: members at its four locations, from the minimum up."""
    rules = state.rules
    if state.plans[family] < 0:          # Strozzi plays without a plan card
        return 0
    marked = {loc - 1 for loc in rules.plan_cards[state.plans[family]]}
    count = sum(1 for p in state.on_board(family) if state.where[p] in marked)
    if count < rules.plan_min:
        return 0
    return rules.plan_points[min(count - rules.plan_min, len(rules.plan_points) - 1)]


@implements(C + "end.winner")
def winners(points: Sequence[int], petitioners: Sequence[int],
            gifts_given: Sequence[int]) -> tuple[int, ...]:
    """Most points, then most petitioners on the board, then most gifts given; else shared."""
    keys = [(p, n, g) for p, n, g in zip(points, petitioners, gifts_given, strict=True)]
    best = max(keys)
    return tuple(f for f, k in enumerate(keys) if k == best)
