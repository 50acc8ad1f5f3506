"""Invariants checked on concrete states after every simulated step.

These are the runtime twins of the z3 invariants in
:mod:`regelwerk.verification.florenz`: z3 proves them for all states of the
model; ``regelwerk simulate`` checks them on every state it reaches. The
invariants a single state cannot show are listed, with the reason, in
:data:`regelwerk.verification.florenz.PROOF_ONLY`.
"""

from __future__ import annotations

import itertools

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
    "florenz.cards_conserved": "Every scandal card is in a deck, a discard pile or a hand.",
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
    """Names of the invariants ``state`` breaks (empty when all hold)."""
    rules = state.rules
    broken = []
    seen: set[int] = set()
    for loc, queue in enumerate(state.queues):
        if len(queue) > rules.capacity:
            broken.append("florenz.queue_capacity")
        ranks = [state.rank_of(p) for p in queue]
        if any(a < b for a, b in itertools.pairwise(ranks)):
            broken.append("florenz.queue_order")
        for p in queue:
            if state.where[p] != loc or p in seen:
                broken.append("florenz.piece_location")
            seen.add(p)
        keys = [rules.fns.control_key(sum(1 for x in queue if state.family_of(x) == f), first,
                                      rules.spaces)
                for f, first in _firsts(state, queue).items()]
        if len(keys) != len(set(keys)):
            broken.append("florenz.control_strict")
    if any(w >= 0 and p not in seen for p, w in enumerate(state.where)):
        broken.append("florenz.piece_location")
    if any(not 0 <= c <= rules.clock_max for c in state.clock):
        broken.append("florenz.clock_range")
    if state.automa is not None and not 0 <= state.clock[rules.automa] <= rules.clock_max:
        broken.append("florenz.solo_clock")
    if any(len(h) > rules.hand_limit for h in state.hands):
        broken.append("florenz.hand_limit")
    on_boards = state.cups[:rules.locations]      # not the cups taken back (retrieved_cup)
    for fields in on_boards:
        placed = [f for f in fields if f not in (NONE, rules.automa)]
        if len(placed) != len(set(placed)):
            broken.append("florenz.boast_one_cup")
    for f in range(state.families):
        cups = sum(1 for fields in on_boards for x in fields if x == f)
        if cups > rules.cup_supply[f]:
            broken.append("florenz.cups_supply")
        guards = (sum(g.count(f) for g in state.escorts) + sum(g.count(f) for g in state.spies)
                  + sum(g.count(f) for g in state.doormen))
        if guards + state.guards[f] != rules.guard_supply[f]:
            broken.append("florenz.guards_conserved")
        if state.gifts[f] < 0:
            broken.append("florenz.gifts_nonnegative")
    cards = sum(len(d) for d in state.decks) + sum(len(d) for d in state.discards) + sum(
        len(h) for h in state.hands)
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
    for f, (points, scored) in enumerate(zip(state.points, state.scored, strict=True)):
        end = time_points(state.clock[f], rules) + plan_points(state, f) if over else 0
        if sum(scored) + end != points:
            broken.append("florenz.points_itemised")
            break
    return broken


def _firsts(state: State, queue: tuple[int, ...]) -> dict[int, int]:
    first: dict[int, int] = {}
    for place, piece in enumerate(queue):
        first.setdefault(state.family_of(piece), place)
    return first
