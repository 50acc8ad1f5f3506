"""z3 invariants of Florenz, proved about the engine's own rule functions.

Each :class:`Invariant` takes the :class:`~regelwerk.engine.florenz.rules.Rules`
it checks; the rule functions come from ``rules.fns``, so a proof is about the
code that plays the game, and each :data:`MUTANTS` entry swaps one of them for a
deliberately wrong rule (:func:`~regelwerk.verification.core.mutate`), which
``verify`` must report as violated and which reaches ``simulate`` too. Queues are
fixed-size integer vectors with a symbolic length (insertion and removal
unrolled), the capacity is a variable over the range stated for
``board.queue_marks``, so the proofs hold whatever the printed board blocks.
The Medici phase bounds are tight maxima that must equal the derived values
recorded in spec (``bounds.medici_phase_max``), one per round; ``verify`` proves
them for every family count. The recorded values are those of the game of 2 to
``players.max`` families (each family has its nine members); the solo game's
bounds (Strozzi plays two colours, so one "family" has twice the members) are
proven and reported, with no recorded value to compare. A recorded value the
proof does not reach or passes is ``stale`` when the numbers moved it and
``violated`` when a rule function did (:func:`~regelwerk.verification.core.settle_bound`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import z3
from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import Spec, glossary_term
from regelwerk.engine.florenz.game import default_rules
from regelwerk.engine.florenz.rules import (
    CONTESSINA,
    DEBUTANT,
    GIOVANNI,
    MAESTRO,
    RuleFns,
    Rules,
)
from regelwerk.engine.florenz.rules import GAME as GAME_ID
from regelwerk.verification.core import (
    PROVEN,
    VIOLATED,
    WITHIN,
    Z3,
    Invariant,
    Mutant,
    Name,
    Result,
    Verification,
    engine_functions,
    prove,
    settle_bound,
    tight_bound,
)

C = prefix(GAME_ID)
term = glossary_term(GAME_ID)
RLIMIT = 20_000_000


def _ints(prefix: str, n: int) -> list[z3.ArithRef]:
    return [z3.Int(f"{prefix}{i}") for i in range(n)]


def _ordered(ranks: list[Any], stamps: list[Any] | None, length: Any) -> Any:
    """Adjacent places of the first ``length`` are in rank order (and FIFO within a rank)."""
    conds = []
    for i in range(len(ranks) - 1):
        ok = ranks[i] >= ranks[i + 1]
        if stamps is not None:
            ok = z3.And(ok, z3.Implies(ranks[i] == ranks[i + 1], stamps[i] < stamps[i + 1]))
        conds.append(z3.Implies(i + 1 < length, ok))
    return z3.And(*conds)


def _insert(vector: list[Any], length: Any, pos: Any, new: Any) -> list[Any]:
    """The vector after inserting ``new`` at symbolic ``pos`` (one more slot)."""
    padded = [*vector, vector[-1]]
    return [z3.If(k < pos, padded[k], z3.If(k == pos, new, padded[k - 1]))
            for k in range(len(padded))]


def _remove(vector: list[Any], index: Any) -> list[Any]:
    padded = [*vector, vector[-1]]
    return [z3.If(k < index, padded[k], padded[k + 1]) for k in range(len(vector))]


@implements(C + "queue.rank", C + "queue.priority", C + "guard.doorman", C + "action.promote",
            C + "action.passed_bonus")
def check_queue_order(rules: Rules) -> Result:
    """Every arrival, departure, promotion and passed-family swap keeps the queue in order."""
    spaces, fns = rules.spaces, rules.fns
    ranks, stamps, fams = _ints("rank", spaces), _ints("stamp", spaces), _ints("family", spaces)
    length, new_rank, new_stamp, index = z3.Ints("length new_rank new_stamp index")
    doorman = z3.Bool("doorman")
    base = [length >= 0, length < spaces, new_rank >= 0, new_rank <= MAESTRO,
            _ordered(ranks, stamps, length)]
    base += [z3.And(r >= 0, r <= MAESTRO) for r in ranks]
    base += [z3.Implies(i < length, new_stamp > s) for i, s in enumerate(stamps)]
    # arrival without doorman: rank order and arrival order
    pos = fns.insert_position(ranks, length, new_rank, False, Z3)
    arrived = _insert(ranks, length, pos, new_rank)
    arrived_s = _insert(stamps, length, pos, new_stamp)
    claims = [_ordered(arrived, arrived_s, length + 1)]
    # arrival with a doorman (any way of entering): rank order
    pos_d = fns.insert_position(ranks, length, new_rank, doorman, Z3)
    claims.append(_ordered(_insert(ranks, length, pos_d, new_rank), None, length + 1))
    # departure from any place: order and arrival order kept
    inside = z3.And(index >= 0, index < length)
    claims.append(z3.Implies(inside, _ordered(_remove(ranks, index), _remove(stamps, index),
                                               length - 1)))
    # promotion: leave, then enter one rank higher (doorman or not)
    picked = z3.Sum([z3.If(index == i, r, 0) for i, r in enumerate(ranks)])
    rest = _remove(ranks, index)
    pos_p = fns.insert_position(rest, length - 1, picked + 1, doorman, Z3)
    promoted = _insert(rest, length - 1, pos_p, picked + 1)
    claims.append(z3.Implies(z3.And(inside, picked < MAESTRO), _ordered(promoted, None, length)))
    # the passed family's swap of neighbours index, index + 1
    swapped = []
    for k in range(spaces):
        nxt = ranks[k + 1] if k + 1 < spaces else ranks[k]
        prv = ranks[k - 1] if k > 0 else ranks[k]
        swapped.append(z3.If(k == index, nxt, z3.If(k == index + 1, prv, ranks[k])))
    r_a = z3.Sum([z3.If(index == i, r, 0) for i, r in enumerate(ranks)])
    r_b = z3.Sum([z3.If(index + 1 == i, r, 0) for i, r in enumerate(ranks)])
    f_a = z3.Sum([z3.If(index == i, f, 0) for i, f in enumerate(fams)])
    f_b = z3.Sum([z3.If(index + 1 == i, f, 0) for i, f in enumerate(fams)])
    may = fns.swap_allowed(r_a, r_b, f_a, f_b, Z3)
    claims.append(z3.Implies(z3.And(index >= 0, index + 1 < length, may),
                             _ordered(swapped, None, length)))
    return prove(z3.And(*claims), base, RLIMIT, show=[length, new_rank, index, *ranks])


@implements(C + "queue.capacity", C + "setup.blocked")
def check_queue_capacity(rules: Rules) -> Result:
    """Whatever the blocked spaces, a queue never holds more than its open spaces (induction).

    About the decided readings: a doorman makes no room (interp.doorman_full) and the
    scandal cards need an open space (interp.scandal_placement_limits). The runtime twin
    checks each reading's own limit (``Tables.queue_limit``): ``push_out`` keeps this one,
    ``no_limits`` allows the board's printed spaces."""
    length, capacity = z3.Ints("length capacity")
    low, high = rules.spec.number("board.queue_marks").range or (1, rules.spaces)
    step = z3.If(rules.fns.may_enter(length, capacity, Z3), length + 1, length)
    return prove(z3.And(step <= capacity, step >= 0),
                 [low <= capacity, capacity <= high, length >= 0, length <= capacity],
                 RLIMIT, show=[length, capacity])


@implements(C + "queue.control")
def check_control_strict(rules: Rules) -> Result:
    """Control is a strict order: no two families in a queue tie, more members rank higher."""
    a, b, pa, pb = z3.Ints("count_a count_b first_a first_b")
    key = rules.fns.control_key
    ka, kb = key(a, pa, rules.spaces, Z3), key(b, pb, rules.spaces, Z3)
    base = [a >= 1, b >= 1, a + b <= rules.spaces, pa >= 0, pa < rules.spaces, pb >= 0,
            pb < rules.spaces, pa != pb, pa <= rules.spaces - a, pb <= rules.spaces - b]
    claim = z3.And(ka != kb, z3.Implies(a > b, ka > kb),
                   z3.Implies(z3.And(a == b, pa < pb), ka > kb))
    return prove(claim, base, RLIMIT, show=[a, b, pa, pb])


@implements(C + "time.clock")
def check_clock(rules: Rules) -> Result:
    """The clock stays within its range through any gain and any affordable cost."""
    clock, amount, cost = z3.Ints("clock amount cost")
    top = rules.clock_max
    gained = rules.fns.gain_time(clock, amount, top, Z3)
    claim = z3.And(gained >= 0, gained <= top,
                   z3.Implies(z3.And(cost >= 0, cost <= clock), clock - cost >= 0))
    return prove(claim, [clock >= 0, clock <= top, amount >= 0], RLIMIT,
                 show=[clock, amount, cost])


@implements(C + "hand.limit")
def check_hand(rules: Rules) -> Result:
    """Receiving a scandal card never pushes a hand beyond the limit or the clock off range."""
    hand, clock = z3.Ints("hand clock")
    new_hand, new_clock, _ = rules.fns.receive_card(hand, clock, rules.hand_limit,
                                                    rules.overflow_time, rules.clock_max, Z3)
    claim = z3.And(new_hand <= rules.hand_limit, new_hand >= 0, new_clock >= 0,
                   new_clock <= rules.clock_max)
    return prove(claim, [hand >= 0, hand <= rules.hand_limit, clock >= 0,
                         clock <= rules.clock_max], RLIMIT, show=[hand, clock])


@implements(C + "action.boast")
def check_boast(rules: Rules) -> Result:
    """A cup goes on a free field whose lower bound its points reach, or nowhere."""
    points = z3.Int("points")
    n = len(rules.boast_thresholds)
    taken = [z3.Bool(f"taken{i}") for i in range(n)]
    field = rules.fns.boast_field(points, taken, rules.boast_thresholds, Z3)
    claims = [z3.Implies(field == i, z3.And(z3.Not(taken[i]), rules.boast_thresholds[i] <= points))
              for i in range(n)]
    claims.append(z3.Or(field == -1, *[field == i for i in range(n)]))
    claims.append(z3.Implies(z3.Not(taken[0]), field >= 0))
    return prove(z3.And(*claims), [points >= 0], RLIMIT, show=[points, *taken])


@implements(C + "scoring.giovanni_one_reward", C + "scoring.giovanni")
def check_giovanni(rules: Rules) -> Result:
    """In one Giovanni scoring each family takes at most one reward, never after declining."""
    families = rules.spec["players.max"]
    places = max(len(p) for p in rules.giovanni)
    candidate, place = z3.IntVal(0), z3.IntVal(0)
    got = [z3.IntVal(0)] * families
    declined = [z3.BoolVal(False)] * families
    bad = z3.BoolVal(False)
    answers = []
    for t in range(families * (places + 1)):
        answer = z3.Bool(f"accepts{t}")
        answers.append(answer)
        active = z3.And(candidate < families, place < places)
        took = z3.And(active, answer)
        for k in range(families):
            here = candidate == k
            bad = z3.Or(bad, z3.And(took, here, declined[k]))
            got[k] = got[k] + z3.If(z3.And(took, here), 1, 0)
            declined[k] = z3.Or(declined[k], z3.And(active, z3.Not(answer), here))
        nxt, nplace = rules.fns.giovanni_step(candidate, place, answer, Z3)
        candidate, place = z3.If(active, nxt, candidate), z3.If(active, nplace, place)
    claim = z3.And(z3.Not(bad), *[g <= 1 for g in got])
    return prove(claim, [], RLIMIT, show=answers)


@implements(C + "solo.time", C + "solo.turn")
def check_solo_clock(rules: Rules) -> Result:
    """Strozzi's time gain lies between his minimum and the clock maximum, and paying a card
    leaves his clock between 0 and what it was, whatever the level and the tile."""
    spec = rules.spec
    tile, change, top, clock, cost = z3.Ints("tile change top clock cost")
    minimum = spec["solo.min_time"]
    changes = (0, spec["solo.time_change_easier"], spec["solo.time_change_harder"])
    gain = rules.fns.automa_time(tile, minimum, change, top, Z3)
    paid = rules.fns.automa_pay(clock, cost, Z3)
    base = [tile >= min(rules.time_tiles), tile <= max(rules.time_tiles),
            z3.Or(*[change == c for c in changes]),
            z3.Or(top == rules.clock_max, top == spec["solo.max_time_harder"]),
            clock >= 0, clock <= rules.clock_max, cost >= 0,
            cost <= max(spec["solo.card_cost"])]
    claim = z3.And(gain >= minimum, gain <= rules.clock_max, paid >= 0, paid <= clock,
                   z3.Implies(cost <= clock, paid == clock - cost))
    return prove(claim, base, RLIMIT, show=[tile, change, top, clock, cost])


def medici_phase_bound(rules: Rules, round_number: int) -> tuple[Result, dict[str, Any]]:
    """Tight maximum of one family's points in one round's Medici phases 3 and 4.

    Head points on every location reached (at most every location but the start)
    plus the target queue's scoring; the family has the pieces of the rules and
    the queue has ``rules.capacity`` open spaces. Returns the result and the
    model's terms for replaying the witness.
    """
    r = round_number - 1
    medici = rules.disc_medici[r]
    cap = rules.capacity
    mine = [z3.Bool(f"mine{i}") for i in range(cap)]
    ranks = _ints("rank", cap)
    length, heads, reached = z3.Ints("length heads reached")
    own = z3.Sum([z3.If(m, 1, 0) for m in mine])
    counts = [z3.Sum([z3.If(z3.And(m, rk == k), 1, 0) for m, rk in zip(mine, ranks, strict=True)])
              for k in range(MAESTRO + 1)]
    supply = [rules.piece_rank.count(k) for k in range(MAESTRO + 1)]
    cons = [length >= 0, length <= cap, reached >= 1, reached <= rules.locations - 1, heads >= 0,
            heads <= reached - 1, heads + own <= rules.pieces_per_family,
            _ordered(ranks, None, length)]
    cons += [z3.And(rk >= 0, rk <= MAESTRO) for rk in ranks]
    cons += [z3.Implies(i >= length, z3.Not(m)) for i, m in enumerate(mine)]
    cons += [c <= s for c, s in zip(counts, supply, strict=True)]
    head_here = z3.If(z3.And(length > 0, mine[0]), 1, 0)
    fns = rules.fns
    score = fns.head_award(heads + head_here, rules.head_points[r], Z3)
    if medici == GIOVANNI:
        best = max(p for _, p in rules.giovanni[r])
        score = score + z3.If(own > 0, best, 0)
    else:
        score = score + fns.queue_points(mine, ranks, rules.queue_points[r],
                                         medici == CONTESSINA, Z3)
    result = tight_bound(score, cons, [length, heads, reached, *mine, *ranks], rlimit=RLIMIT)
    return result, {"cap": cap, "medici": medici}


def replay_bound_witness(rules: Rules, round_number: int, witness: dict[str, Any]) -> int:
    """The witness's points computed by the engine's scoring functions (``rules.fns``)."""
    r = round_number - 1
    medici = rules.disc_medici[r]
    length: int = witness["length"]
    mine = [str(witness.get(f"mine{i}")) == "True" and i < length for i in range(rules.capacity)]
    ranks: list[int] = [witness.get(f"rank{i}", DEBUTANT) for i in range(rules.capacity)]
    heads: int = witness["heads"] + (1 if length and mine[0] else 0)
    total: int = rules.fns.head_award(heads, rules.head_points[r])
    if medici == GIOVANNI:
        return total + (max(p for _, p in rules.giovanni[r]) if any(mine) else 0)
    queue: int = rules.fns.queue_points(mine[:length], ranks[:length], rules.queue_points[r],
                                        medici == CONTESSINA)
    return total + queue


def _bound_check(round_number: int) -> Any:
    @implements(C + "medici.head", C + "scoring.cosimo", C + "scoring.contessina",
                C + "scoring.giovanni")
    def check(rules: Rules) -> Result:
        """The tight maximum, its witness replayed by the engine's scoring, must equal
        the round's value of ``bounds.medici_phase_max`` in spec (the game of two or more
        families; the solo game's bound is proven, with no recorded value)."""
        result = _replayed_bound(rules, round_number)
        if result.status != PROVEN:
            return result
        engine = engine_functions(rules, RuleFns())
        return settle_bound(result, recorded_bound(rules, round_number),
                            None if engine is None else
                            (lambda: _replayed_bound(engine, round_number)),
                            BOUND, f"round {round_number}")
    return check


def _replayed_bound(rules: Rules, round_number: int) -> Result:
    """:func:`medici_phase_bound`, its witness replayed by the engine's scoring."""
    result, _ = medici_phase_bound(rules, round_number)
    if result.status != PROVEN:
        return result
    replayed = replay_bound_witness(rules, round_number, dict(result.witness))
    if replayed != result.bound:
        return Result(VIOLATED, f"witness replays to {replayed}, bound {result.bound}",
                      counterexample=result.witness)
    return Result(PROVEN, f"{result.detail} (witness replayed by the engine's scoring)",
                  witness=result.witness, bound=result.bound)


def recorded_bound(rules: Rules, round_number: int) -> int | None:
    """The round's value of ``bounds.medici_phase_max`` for the rules' family count: spec
    records the game of two or more families; the solo game has none."""
    if rules.automa >= 0:
        return None
    value: int = rules.spec[BOUND][round_number - 1]
    return value


BOUND = "bounds.medici_phase_max"


def _rank(value: Any, lang: str) -> str:
    ranks = ("debutant", "lady", "maestro")
    inside = isinstance(value, int) and 0 <= value < len(ranks)
    return term(ranks[value], lang) if inside else str(value)


def _place(value: Any, lang: str) -> str:
    return str(value + 1) if isinstance(value, int) else str(value)


#: How the z3 names of this module's counterexamples read (queue places counted from 1).
NAMES: tuple[Name, ...] = (
    Name(r"length", N_("members in the queue: {value}")),
    Name(r"capacity", N_("open spaces of the queue: {value}")),
    Name(r"new_rank", N_("rank of the arriving member: {value}"), _rank),
    Name(r"index", N_("queue place picked: {value}"), _place),
    Name(r"mine(?P<place>\d+)", N_("place {place} holds one of the family's members: {value}")),
    Name(r"rank(?P<place>\d+)", N_("rank at place {place}: {value}"), _rank),
    Name(r"heads", N_("locations where the family stands at the head of the queue: {value}")),
    Name(r"reached", N_("locations the Medici reaches: {value}")),
    Name(r"count_(?P<family>[ab])", N_("members of family {family} in the queue: {value}")),
    Name(r"first_(?P<family>[ab])", N_("first place of family {family}: {value}"), _place),
    Name(r"clock", N_("clock: {value}")),
    Name(r"amount", N_("time gained: {value}")),
    Name(r"cost", N_("time paid: {value}")),
    Name(r"hand", N_("scandal cards in hand: {value}")),
    Name(r"points", N_("points when boasting: {value}")),
    Name(r"taken(?P<field>\d+)", N_("boast field {field} taken: {value}")),
    Name(r"accepts(?P<turn>\d+)", N_("answer {turn} in the Giovanni scoring accepts: {value}")),
    Name(r"tile", N_("time tile: {value}")),
    Name(r"change", N_("time change of the solo level: {value}")),
    Name(r"top", N_("Strozzi's clock maximum: {value}")),
)


def _round_fields(round_number: int) -> Any:
    def fields(spec: Spec) -> dict[str, Any]:
        return {"round": round_number, "bound": spec[BOUND][round_number - 1],
                "low": spec["players.min"] + 1, "high": spec["players.max"]}
    return fields


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("florenz.queue_order", (C + "queue.rank", C + "queue.priority",
                                      C + "guard.doorman", C + "action.promote",
                                      C + "action.passed_bonus"),
              N_("After any arrival, departure, promotion or swap a queue is sorted by rank, "
                 "and by arrival within a rank unless a doorman let someone in front."),
              check_queue_order, N_("every queue length up to its spaces ({board.queue_marks:range} "
                                    "open), every rank, doorman or not")),
    Invariant("florenz.queue_capacity", (C + "queue.capacity", C + "setup.blocked"),
              N_("A queue never holds more petitioners than it has open spaces."),
              check_queue_capacity, N_("board.queue_marks: {board.queue_marks:range} open spaces")),
    Invariant("florenz.control_strict", (C + "queue.control",),
              N_("Control ranks the families of every queue in a strict order."),
              check_control_strict),
    Invariant("florenz.clock_range", (C + "time.clock",),
              N_("A family's clock always shows between 0 and its maximum."), check_clock),
    Invariant("florenz.hand_limit", (C + "hand.limit",),
              N_("No family ever holds more scandal cards than the hand limit."), check_hand),
    Invariant("florenz.boast_field", (C + "action.boast",),
              N_("A boast cup lies on a free field that its points allow."), check_boast),
    Invariant("florenz.giovanni_one_reward", (C + "scoring.giovanni_one_reward",),
              N_("In one Giovanni scoring no family takes more than one reward, and none after "
                 "declining."), check_giovanni, players=WITHIN),
    Invariant("florenz.solo_clock", (C + "solo.time", C + "solo.turn"),
              N_("Strozzi's time gain stays between his minimum and the clock maximum, and "
                 "paying a card never takes his clock below 0."),
              check_solo_clock, N_("every time tile, every solo level")),
    *(Invariant(f"florenz.medici_bound.round{r}", (C + "medici.head", C + "scoring.cosimo",
                                                   C + "scoring.contessina",
                                                   C + "scoring.giovanni"),
                N_("With {low} to {high} families, one family scores at most {bound} points in "
                   "the Medici phase of round {round}, and some play reaches it."),
                _bound_check(r), fields=_round_fields(r))
      for r in range(1, default_rules().rounds + 1)),
)

INVARIANTS = tuple(replace(invariant, names=NAMES) for invariant in INVARIANTS)

from regelwerk.verification.florenz.mutants import MUTANTS  # noqa: E402

__all__ = ["INVARIANTS", "MUTANTS", "NAMES", "PROOF_ONLY", "VERIFICATION", "Mutant", "default_rules",
           "medici_phase_bound", "recorded_bound", "replay_bound_witness"]

#: Invariants without a runtime twin, and why (English; the others are checked by
#: :func:`regelwerk.engine.florenz.invariants.violations` under the same id).
PROOF_ONLY: dict[str, str] = {
    "florenz.boast_field": "A state keeps where each cup lies, but not the points its family "
                           "had when placing it nor which fields were free then (a cup can be "
                           "taken back later), so it cannot tell whether the field was allowed.",
    "florenz.giovanni_one_reward": "A state keeps only the families still to be asked and the "
                                   "next place, not who accepted or declined before, so it "
                                   "cannot tell a second reward or a reward after declining.",
    **{f"florenz.medici_bound.round{r}":
       "A state keeps each family's running total of points only; other phases add points "
       "too, so no state shows what one round's Medici phase added."
       for r in range(1, default_rules().rounds + 1)},
}

#: The game's verification, declared once (:class:`~regelwerk.verification.core.Verification`):
#: what ``regelwerk verify``, the consistency report and the site prove.
VERIFICATION = Verification(GAME_ID, INVARIANTS, MUTANTS, default_rules, PROOF_ONLY)
