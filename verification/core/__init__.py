"""The z3 toolkit shared by every game's invariants.

An :class:`Invariant` has an id, the clauses it constrains and a ``check``
that returns a :class:`Result`: ``proven``, ``violated`` (with a
counterexample) or ``unknown``. ``unknown`` is never counted as proven.
Budgets are z3 ``rlimit`` units (deterministic across runs), not seconds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import z3

PROVEN, VIOLATED, UNKNOWN = "proven", "violated", "unknown"
DEFAULT_RLIMIT = 50_000_000


@dataclass(frozen=True)
class Result:
    """The outcome of one invariant check."""

    status: str
    detail: str = ""
    counterexample: Mapping[str, Any] = field(default_factory=dict)
    witness: Mapping[str, Any] = field(default_factory=dict)
    bound: int | None = None

    @property
    def proven(self) -> bool:
        return self.status == PROVEN

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status, "detail": self.detail}
        if self.counterexample:
            data["counterexample"] = dict(self.counterexample)
        if self.witness:
            data["witness"] = dict(self.witness)
        if self.bound is not None:
            data["bound"] = self.bound
        return data


@dataclass(frozen=True)
class Invariant:
    """A property that must always hold, with the clauses it rests on.

    ``check(rules)`` runs the proof; games pass their default rules, mutant
    tests pass deliberately broken ones and expect ``violated``.
    """

    id: str
    clauses: tuple[str, ...]
    statement: str                 # English; translated through the catalog
    check: Callable[..., Result]
    ranges: str = ""               # over which unknown numbers the proof ranges (English, N_)


@dataclass(frozen=True)
class Mutant:
    """A deliberately broken rule: the evidence that an invariant can fail.

    ``fns`` replaces rule functions of the game's ``rules.fns``; :func:`mutate`
    builds the broken rules, which ``verify`` must find ``violated`` for the
    invariant ``breaks`` and which ``simulate`` plays too (``runtime``: random
    play is expected to meet the broken rule and its runtime twin to report it).
    """

    breaks: str
    description: str               # English; translated through the catalog
    fns: Mapping[str, Callable[..., Any]]
    runtime: bool = False
    name: str = ""                 # tells apart two mutants of the same rule functions

    @property
    def id(self) -> str:
        """``INVARIANT/RULE`` (the replaced functions, or the mutant's name)."""
        return f"{self.breaks}/{self.name or '+'.join(sorted(self.fns))}"


def mutate(rules: Any, fns: Mapping[str, Callable[..., Any]]) -> Any:
    """``rules`` whose rule functions ``fns`` are replaced (the one way to build a mutant)."""
    import dataclasses

    return dataclasses.replace(rules, fns=dataclasses.replace(rules.fns, **fns))


class Z3Ops:
    """z3 semantics for the engine's ``ops``-parametrised rules (see engine.core.arith)."""

    @staticmethod
    def if_(cond: Any, then: Any, otherwise: Any) -> Any:
        if isinstance(cond, bool):
            return then if cond else otherwise
        return z3.If(cond, then, otherwise)

    @staticmethod
    def and_(*conds: Any) -> Any:
        return z3.And(*conds)

    @staticmethod
    def or_(*conds: Any) -> Any:
        return z3.Or(*conds)

    @staticmethod
    def not_(cond: Any) -> Any:
        return z3.Not(cond)

    @staticmethod
    def sum(terms: Iterable[Any]) -> Any:
        terms = list(terms)
        return z3.Sum(terms) if terms else z3.IntVal(0)


Z3 = Z3Ops()


def _model_dict(model: z3.ModelRef, names: Iterable[z3.ExprRef] | None = None) -> dict[str, Any]:
    items = names if names is not None else [d() for d in model.decls()]
    out = {}
    for term in items:
        value = model.eval(term, model_completion=True)
        out[str(term)] = value.as_long() if z3.is_int_value(value) else str(value)
    return dict(sorted(out.items()))


def prove(claim: Any, assumptions: Iterable[Any] = (), rlimit: int = DEFAULT_RLIMIT,
          show: Iterable[z3.ExprRef] | None = None) -> Result:
    """Prove ``assumptions -> claim``: ``unsat`` of the negation is the only ``proven``."""
    solver = z3.Solver()
    solver.set("rlimit", rlimit)
    solver.add(*assumptions)
    solver.add(z3.Not(claim))
    answer = solver.check()
    if answer == z3.unsat:
        return Result(PROVEN)
    if answer == z3.sat:
        return Result(VIOLATED, "counterexample found",
                      counterexample=_model_dict(solver.model(), show))
    return Result(UNKNOWN, f"z3 gave up: {solver.reason_unknown()}")


def maximise(objective: Any, constraints: Iterable[Any], show: Iterable[z3.ExprRef],
             rlimit: int = DEFAULT_RLIMIT) -> tuple[str, int | None, dict[str, Any]]:
    """The largest ``objective`` under ``constraints``, found by a plain Solver loop.

    Returns ``(status, best, witness)``. The loop asks for a strictly better
    value until z3 answers ``unsat``; ``unknown`` on the way yields ``unknown``.
    """
    solver = z3.Solver()
    solver.set("rlimit", rlimit)
    solver.add(*constraints)
    show = list(show)
    best: int | None = None
    witness: dict[str, Any] = {}
    while True:
        answer = solver.check()
        if answer == z3.unsat:
            return (PROVEN if best is not None else VIOLATED), best, witness
        if answer != z3.sat:
            return UNKNOWN, best, witness
        model = solver.model()
        best = model.eval(objective, model_completion=True).as_long()
        witness = _model_dict(model, show)
        solver.add(objective > best)


def tight_bound(objective: Any, constraints: list[Any], show: Iterable[z3.ExprRef],
                direction: str = "max", rlimit: int = DEFAULT_RLIMIT,
                expected: int | None = None) -> Result:
    """A bound that holds (proved with a fresh Solver) and is reached (the witness).

    With the ``expected`` bound (the value spec records), two questions settle
    it: can ``objective`` pass it (a counterexample), and can it reach it (the
    witness)? Only when it cannot be reached is the true bound searched for.
    """
    sign = 1 if direction == "max" else -1
    if expected is not None:
        show = list(show)
        for question in (sign * objective > sign * expected, objective == expected):
            solver = z3.Solver()    # a fresh solver each: faster here than one incremental
            solver.set("rlimit", rlimit)
            solver.add(*constraints, question)
            answer = solver.check()
            if answer == z3.unknown:
                return Result(UNKNOWN, f"z3 gave up: {solver.reason_unknown()}")
            if answer == z3.sat:
                model = solver.model()
                value = model.eval(objective, model_completion=True).as_long()
                if value != expected:
                    return Result(VIOLATED, f"{direction} passes {expected}: {value}",
                                  counterexample=_model_dict(model, show), bound=value)
                return Result(PROVEN, f"{direction} = {expected}",
                              witness=_model_dict(model, show), bound=expected)
        # not reached: search for the true bound, so the message can name it
    status, best, witness = maximise(sign * objective, constraints, show, rlimit)
    if status != PROVEN or best is None:
        return Result(status, "no extreme found")
    bound = sign * best
    holds = prove(objective <= bound if sign == 1 else objective >= bound, constraints, rlimit)
    if not holds.proven:
        return Result(holds.status, "bound not confirmed", holds.counterexample)
    return Result(PROVEN, f"{direction} = {bound}", witness=witness, bound=bound)


def run_all(invariants: Iterable[Invariant], rules: Any,
            progress: Callable[[Invariant], None] | None = None) -> list[tuple[Invariant, Result]]:
    results = []
    for invariant in invariants:
        if progress:
            progress(invariant)
        results.append((invariant, invariant.check(rules)))
    return results
