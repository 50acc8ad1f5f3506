"""Invariants checked on concrete states after every simulated step.

These are the runtime twins of the z3 invariants in
:mod:`regelwerk.verification.florenz`: z3 proves them for all states of the
model; ``regelwerk simulate`` checks them on every state it reaches. The
invariants a single state cannot show are listed, with the reason, in
:data:`regelwerk.verification.florenz.PROOF_ONLY`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from regelwerk.engine.florenz.scoring import plan_points, time_points
from regelwerk.engine.florenz.state import NONE, Phase, State

#: Checked at run time only (no z3 model): id -> what it states (English).
RUNTIME_ONLY = {
    "florenz.piece_location": "Every member on the board stands in exactly one queue, the one "
                              "its location says.",
    "florenz.boast_one_cup": "A family has at most one cup on each boast board (Strozzi, "
                             "with two colours, is not counted).",
    "florenz.cups_supply": "No family has more cups on the boast boards than its supply.",
    "florenz.guards_conserved": "Every guard of a family is on its family board or on the "
                                "board, as escort, spy or doorman.",
    "florenz.gifts_nonnegative": "No family holds fewer than 0 gifts.",
    "florenz.cards_conserved": "Every scandal card is in a deck, a discard pile or a hand, "
                               "or is being played.",
    "florenz.solo_no_hand": "Strozzi never holds scandal cards.",
    "florenz.solo_cards_conserved": "Strozzi's cards are all in his deck or his discard pile "
                                    "(or set aside while he draws again).",
    "florenz.one_ring_per_location": "No two families' rings lie at the same location while "
                                     "the game runs.",
    "florenz.points_itemised": "A family's points are what it scored by each clause during "
                               "the rounds, plus time and plan card once the game is over.",
}

#: Every id :func:`violations` reports: the runtime twins of the z3 invariants
#: (:data:`regelwerk.verification.florenz.INVARIANTS`, same ids) and the above.
CHECKED = ("florenz.queue_order", "florenz.queue_capacity", "florenz.control_strict",
           "florenz.clock_range", "florenz.hand_limit", "florenz.solo_clock", *RUNTIME_ONLY)


def violations(state: State) -> list[str]:
    """Names of the invariants ``state`` breaks (empty when all hold).

    The checks of the queues and of the guards read only a few fields, which most
    steps leave as they were; each is a pure function of those fields (and the numbers
    and rule functions it asks), answered once per distinct value (:func:`_queues`,
    :func:`_guards`).
    """
    rules = state.rules
    broken = list(_queues(state.queues, state.where, rules.tables.queue_limit, rules.piece_rank,
                          rules.pieces_per_family, rules.fns.control_key, rules.spaces))
    clock, clock_max = state.clock, rules.clock_max
    if min(clock) < 0 or max(clock) > clock_max:
        broken.append("florenz.clock_range")
    if state.automa is not None and not 0 <= clock[rules.automa] <= clock_max:
        broken.append("florenz.solo_clock")
    if max(map(len, state.hands)) > rules.hand_limit:
        broken.append("florenz.hand_limit")
    broken.extend(_guards(state.cups[:rules.locations], state.escorts, state.spies,
                          state.doormen, state.guards, state.gifts, rules.families,
                          rules.automa, rules.cup_supply, rules.guard_supply))
    cards = sum(map(len, state.decks)) + sum(map(len, state.discards)) + sum(
        map(len, state.hands)) + (1 if state.scandal else 0)
    spec = rules.spec
    if cards != spec["scandal.sets"] * spec["scandal.kinds_per_set"] * spec["scandal.copies"]:
        broken.append("florenz.cards_conserved")
    if state.automa is not None and state.hands[rules.automa]:
        broken.append("florenz.solo_no_hand")
    auto = state.automa
    if auto is not None and len(auto.deck) + len(auto.discard) + len(auto.under) + (
            auto.held >= 0) != len(rules.spec["solo.card_kind"]):
        broken.append("florenz.solo_cards_conserved")
    rings = [r for r in state.rings if r != NONE]
    over = state.phase == Phase.OVER
    if not over and len(rings) != len(set(rings)):
        broken.append("florenz.one_ring_per_location")
    if not over:
        if tuple(map(sum, state.scored)) != state.points:
            broken.append("florenz.points_itemised")
    elif any(sum(scored) + time_points(clock[f], rules) + plan_points(state, f) != points
             for f, (points, scored) in enumerate(zip(state.points, state.scored, strict=True))):
        broken.append("florenz.points_itemised")
    return broken


@lru_cache(maxsize=256)
def _queues(queues: tuple[tuple[int, ...], ...], where: tuple[int, ...], capacity: int,
            piece_rank: tuple[int, ...], per_family: int, control_key: Callable[..., int],
            spaces: int) -> tuple[str, ...]:
    """The invariants of the queues ``queues`` breaks: capacity (``capacity``: the
    reading's own limit, :attr:`.rules.Tables.queue_limit`; the z3 twin proves the open
    spaces of the decided reading of interp.scandal_placement_limits), order by rank, control
    (``control_key``, the rule function), and whether every member on the board stands
    in the one queue its location (``where``) names."""
    broken = []
    queued = 0
    seen: set[int] = set()
    for loc, queue in enumerate(queues):
        if not queue:
            continue
        queued += len(queue)
        if len(queue) > capacity:
            broken.append("florenz.queue_capacity")
        ranks = [piece_rank[p % per_family] for p in queue]
        if ranks != sorted(ranks, reverse=True):
            broken.append("florenz.queue_order")
        if any(where[p] != loc for p in queue) or not seen.isdisjoint(queue) or \
                len(set(queue)) != len(queue):
            broken.append("florenz.piece_location")
        seen.update(queue)
        families = [p // per_family for p in queue]
        keys = [control_key(families.count(f), families.index(f), spaces)
                for f in set(families)]
        if len(keys) != len(set(keys)):
            broken.append("florenz.control_strict")
    if sum(1 for w in where if w >= 0) != len(seen):
        broken.append("florenz.piece_location")
    return tuple(broken)


@lru_cache(maxsize=256)
def _guards(on_boards: tuple[tuple[int, ...], ...], escorts: tuple[tuple[int, ...], ...],
            spies: tuple[tuple[int, ...], ...], doormen: tuple[tuple[int, ...], ...],
            guards: tuple[int, ...], gifts: tuple[int, ...], families: int, automa: int,
            cup_supply: tuple[int, ...], guard_supply: tuple[int, ...]) -> tuple[str, ...]:
    """The invariants of the cups on the boast boards (``on_boards``: not the cups taken
    back, retrieved_cup), of the guards and of the gifts that these fields break."""
    broken = []
    for fields in on_boards:
        placed = [f for f in fields if f != NONE and f != automa]
        if len(placed) != len(set(placed)):
            broken.append("florenz.boast_one_cup")
    cups = Counter(x for fields in on_boards for x in fields)
    posted = Counter(x for places in (escorts, spies, doormen) for g in places for x in g)
    for f in range(families):
        if cups[f] > cup_supply[f]:
            broken.append("florenz.cups_supply")
        if posted[f] + guards[f] != guard_supply[f]:
            broken.append("florenz.guards_conserved")
        if gifts[f] < 0:
            broken.append("florenz.gifts_nonnegative")
    return tuple(broken)
