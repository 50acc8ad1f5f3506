"""The small rule functions the z3 models prove: queue entry, time, hand, boast field,
control, Giovanni's offers, the passed bonus swap, Strozzi's time and pay, and the
Medici's head and queue points.

They are shared by the engine and the z3 models (through :class:`.rules.RuleFns`).

Every function takes an ``ops`` argument (:mod:`regelwerk.engine.core.arith`):
the engine calls them on ints, :mod:`regelwerk.verification.florenz` on z3
terms, so the proofs are about this very code. Queues are given as ranks of
the occupied places, front first (2 maestro, 1 lady, 0 debutant).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from regelwerk.engine.core.arith import INT, Ops, clamp
from regelwerk.engine.core.clauses import implements, prefix

#: the game's id, the package's name (:data:`.rules.GAME`)
ID: Final = "florenz"
C = prefix(ID)
# the ranks (also :mod:`.rules`)
DEBUTANT: Final = 0
LADY: Final = 1
MAESTRO: Final = 2


@implements(C + "queue.rank", C + "queue.priority", C + "guard.doorman")
def insert_position(ranks: Sequence[Any], length: Any, new_rank: Any, doorman: Any,
                    ops: Ops = INT) -> Any:
    """Where a newcomer of ``new_rank`` stands (0 = head).

    It passes every lower rank and stays behind its equals, unless its family
    has a doorman there: then it goes in front of its equals. ``ranks`` may be
    longer than ``length`` (a fixed-size vector in the proofs).
    """
    return ops.sum(
        ops.if_(ops.and_(i < length,
                         ops.or_(r > new_rank, ops.and_(r == new_rank, ops.not_(doorman)))), 1, 0)
        for i, r in enumerate(ranks))


@implements(C + "queue.capacity")
def may_enter(length: Any, capacity: Any, ops: Ops = INT) -> Any:
    """A queue takes a newcomer only with an open space (a doorman changes nothing)."""
    return length < capacity


@implements(C + "time.clock")
def gain_time(clock: Any, amount: Any, clock_max: Any, ops: Ops = INT) -> Any:
    """The clock after gaining ``amount``: what goes beyond the maximum is lost."""
    return clamp(ops, clock + amount, 0, clock_max)


@implements(C + "hand.limit")
def receive_card(hand: Any, clock: Any, limit: Any, overflow_time: Any, clock_max: Any,
                 ops: Ops = INT) -> tuple[Any, Any, Any]:
    """``(hand, clock, drawn)`` after being given one scandal card.

    Below the limit the card is drawn (``drawn`` true); at the limit the family
    gains the overflow time instead and no card leaves the deck.
    """
    full = hand >= limit
    return (ops.if_(full, hand, hand + 1),
            ops.if_(full, gain_time(clock, overflow_time, clock_max, ops), clock),
            ops.not_(full))


@implements(C + "action.boast")
def boast_field(points: Any, taken: Sequence[Any], thresholds: Sequence[Any],
                ops: Ops = INT) -> Any:
    """The boast field a cup goes on, or -1 if boasting is impossible.

    ``taken[i]`` tells whether field ``i`` (0 = bottom) holds another family's
    cup. The cup goes on the highest field whose lower bound the points reach,
    or on the nearest free field below it.
    """
    best = ops.sum(ops.if_(points >= t, 1, 0) for t in thresholds[1:])
    result: Any = -1
    for i in range(len(thresholds)):
        result = ops.if_(ops.and_(i <= best, ops.not_(taken[i])), i, result)
    return result


@implements(C + "queue.control")
def control_key(count: Any, first_place: Any, spaces: Any, ops: Ops = INT) -> Any:
    """Ranking key for control: more members first, then the member further forward."""
    return count * (spaces + 1) - first_place


@implements(C + "scoring.giovanni", C + "scoring.giovanni_one_reward")
def giovanni_step(candidate: Any, place: Any, accepts: Any, ops: Ops = INT) -> tuple[Any, Any]:
    """``(next candidate, next place)`` after the candidate answers Giovanni's offer.

    Whoever answers is done with this scoring; the place moves on only when it
    was taken, so a decliner's place goes to the next family.
    """
    return candidate + 1, ops.if_(accepts, place + 1, place)


@implements(C + "action.passed_bonus")
def swap_allowed(rank_a: Any, rank_b: Any, family_a: Any, family_b: Any, ops: Ops = INT) -> Any:
    """The passed-family swap: neighbours of equal rank and different families."""
    return ops.and_(rank_a == rank_b, family_a != family_b)


@implements(C + "solo.time")
def automa_time(tile: Any, minimum: Any, change: Any, top: Any, ops: Ops = INT) -> Any:
    """Strozzi's time gain in rounds 2-9: the tile changed by the level, at least the
    minimum, at most ``top`` (9 in the harder game; no change there for larger tiles)."""
    raised = ops.if_(tile + change > minimum, tile + change, minimum)
    return ops.if_(raised > top, ops.if_(tile > top, tile, top), raised)


@implements(C + "solo.turn")
def automa_pay(clock: Any, cost: Any, ops: Ops = INT) -> Any:
    """Strozzi's clock after paying a card: a cost beyond his time leaves 0, he still acts."""
    return ops.if_(cost > clock, 0, clock - cost)


@implements(C + "scoring.cosimo", C + "scoring.contessina")
def queue_points(mine: Sequence[Any], ranks: Sequence[Any], table: Sequence[Any],
                 skip_debutants: Any, ops: Ops = INT) -> Any:
    """Points one family scores from a queue by place (Cosimo; Contessina skips debutants).

    ``mine[i]`` tells whether the family holds place ``i``; ``ranks[i]`` is its rank.
    """
    return ops.sum(ops.if_(ops.and_(m, ops.or_(ops.not_(skip_debutants), r != DEBUTANT)), t, 0)
                   for m, r, t in zip(mine, ranks, table, strict=False))


@implements(C + "medici.head")
def head_award(heads: Any, per_head: Any, ops: Ops = INT) -> Any:
    """Head points for a family heading ``heads`` of the locations the Medici reaches."""
    return heads * per_head
