"""The z3 toolkit shared by every game's invariants.

An :class:`Invariant` has an id, the clauses it constrains and a ``check``
that returns a :class:`Result`: ``proven``, ``violated`` (with a
counterexample), ``stale`` (the rules hold, but a bound spec records is not the
one proven for the current numbers: :func:`settle_bound`) or ``unknown``.
Only ``proven`` counts as proven. Budgets are z3 ``rlimit`` units
(deterministic across runs), not seconds. An invariant that depends on the
player count is proved for each count (:data:`EACH`); its counterexamples read
as named values (:class:`Name`, :func:`describe`), not as z3's names.

A game's verification is one declaration, as its engine's ``GAME = Game(...)``:
``VERIFICATION = Verification(game, invariants, mutants, rules, proof_only)`` in
``verification/<game>/__init__.py`` (:class:`Verification`); ``regelwerk verify``, the
consistency report and the site read it there and prove it with one runner
(:func:`regelwerk.proving.run`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3
from regelwerk.engine.core.i18n import N_, gettext_for

PROVEN, VIOLATED, STALE, UNKNOWN = "proven", "violated", "stale", "unknown"
#: the statuses from the worst to the best: a row over several player counts shows the worst
SEVERITY = (VIOLATED, UNKNOWN, STALE, PROVEN)
DEFAULT_RLIMIT = 50_000_000

#: how an invariant depends on the player count: proved once per count (``verify`` builds
#: the rules of every count the game allows, or of ``--players N``), or its check covers
#: every count itself (it builds each count's rules from the rules it is given)
EACH, WITHIN = "each", "within"


@dataclass(frozen=True)
class Result:
    """The outcome of one invariant check."""

    status: str
    detail: str = ""
    counterexample: Mapping[str, Any] = field(default_factory=dict)
    witness: Mapping[str, Any] = field(default_factory=dict)
    bound: int | None = None
    recorded: int | None = None    # the bound spec records, where the proof compared one

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
        if self.recorded is not None:
            data["recorded"] = self.recorded
        return data


def worst(statuses: Iterable[str]) -> str:
    """The worst of ``statuses`` (:data:`SEVERITY`); ``proven`` only if all are."""
    found = set(statuses)
    return next((s for s in SEVERITY if s in found), PROVEN)


@dataclass(frozen=True)
class Name:
    """How a z3 name of a counterexample reads: ``pattern`` (a regular expression matched
    against the whole name) and ``template`` (English, ``N_``; translated through the
    catalog), whose fields are ``{value}`` and the pattern's named groups. A group of
    digits is an index and is shown counted from 1 (place 1 is z3's ``rank0``) unless
    ``index`` is false; another group is a key of ``game``'s glossary (a resource, a track),
    shown as its word. ``value`` words the value (a rank's glossary word, say)."""

    pattern: str
    template: str
    value: Callable[[Any, str], str] | None = None
    game: str = ""
    index: bool = True
    #: a digit group that indexes a list of glossary keys (a good, a seat) -> that list
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: values left out of the description (an empty hold among many), if any
    omit: tuple[Any, ...] = ()
    #: digit groups shown as they are, not counted from 1 (a tile's value)
    plain: tuple[str, ...] = ()


YES, NO = N_("yes"), N_("no")


def describe(values: Mapping[str, Any], names: Sequence[Name], lang: str) -> list[str]:
    """``values`` (a counterexample or a witness) as named values in ``lang``, one phrase
    per value, in the order of ``names``; a name none declares keeps z3's name."""
    phrases: list[tuple[int, tuple[Any, ...], str]] = []
    for key, value in values.items():
        for order, name in enumerate(names):
            match = re.fullmatch(name.pattern, key)
            if match is None:
                continue
            if value in name.omit or str(value) in map(str, name.omit):
                break
            groups = {k: _group(name, k, v, lang) for k, v in match.groupdict().items()}
            shown = name.value(value, lang) if name.value else _plain(value, lang)
            text = gettext_for(lang, name.template).format(value=shown, **groups)
            phrases.append((order, tuple(groups.values()), text))
            break
        else:
            phrases.append((len(names), (key,), f"{key} = {_plain(value, lang)}"))
    return [text for _order, _key, text in sorted(phrases, key=lambda p: (p[0], p[1]))]


def _group(name: Name, group: str, text: str, lang: str) -> Any:
    from regelwerk.engine.core.spec import glossary_word

    if text.isdigit() and group in name.keys:
        return glossary_word(name.game, name.keys[group][int(text)], lang)
    if text.isdigit():
        return int(text) + 1 if name.index and group not in name.plain else int(text)
    return glossary_word(name.game, text, lang) if name.game else text


def _plain(value: Any, lang: str) -> str:
    if value is True or value == "True":
        return gettext_for(lang, YES)
    if value is False or value == "False":
        return gettext_for(lang, NO)
    return str(value)


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
    #: :data:`EACH` (proved for every player count) or :data:`WITHIN` (the check covers all)
    players: str = EACH
    #: the statement's own fields besides spec paths (one round's bound, say), from the spec
    fields: Callable[[Any], Mapping[str, Any]] | None = None
    #: how the z3 names of its counterexamples and witnesses read (:func:`describe`)
    names: tuple[Name, ...] = ()

    def statement_fields(self, spec: Any) -> dict[str, Any]:
        """The values of the statement's own fields for ``spec``."""
        return dict(self.fields(spec)) if self.fields else {}


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


def engine_functions(rules: Any, own: Any) -> Any | None:
    """``rules`` with the engine's own rule functions ``own`` (those of the game's default
    rules), or ``None`` if they have them already (the rules of a mutant, with the
    functions the engine plays by)."""
    return None if rules.fns == own else dataclasses.replace(rules, fns=own)


def settle_bound(found: Result, recorded: int | None, reference: Callable[[], Result] | None,
                 path: str, where: str = "") -> Result:
    """A proven tight ``found`` bound against the value ``recorded`` at ``path`` in spec.

    Equal: proven. Otherwise the rules' own functions decide: if ``reference`` (the same
    proof with the engine's rule functions, ``None`` when the rules have them) proves
    another bound, a rule function moved it: ``violated``, with the witness as the
    counterexample. Else the numbers moved it and the rules are consistent: ``stale``
    ("spec records 54, the proven bound is 70"); spec's value is to be derived again.
    """
    if not found.proven or recorded is None or found.bound == recorded:
        return dataclasses.replace(found, recorded=recorded) if found.proven else found
    suffix = f" ({where})" if where else ""
    if reference is not None:
        engine = reference()
        if not engine.proven:
            return engine
        if engine.bound != found.bound:
            return Result(VIOLATED, f"the rule functions give {found.bound} where the engine's "
                          f"give {engine.bound}; spec {path} records {recorded}{suffix}",
                          counterexample=found.witness, bound=found.bound, recorded=recorded)
    return Result(STALE, f"spec {path} records {recorded}, the proven bound is "
                  f"{found.bound}{suffix}", witness=found.witness, bound=found.bound,
                  recorded=recorded)


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
    it: can ``objective`` pass it, and can it reach it (the witness)? Only when
    it passes it or cannot reach it is the true bound searched for (from the
    value that passed it), so the result always names the proven bound and the
    caller compares it with spec's (:func:`settle_bound`).
    """
    sign = 1 if direction == "max" else -1
    constraints = list(constraints)
    search = constraints
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
                if value == expected:
                    return Result(PROVEN, f"{direction} = {expected}",
                                  witness=_model_dict(model, show), bound=expected)
                search = [*constraints, sign * objective >= sign * value]
                break
        # passed or not reached: search for the true bound, so the message can name it
    status, best, witness = maximise(sign * objective, search, show, rlimit)
    if status != PROVEN or best is None:
        return Result(status, "no extreme found")
    bound = sign * best
    holds = prove(objective <= bound if sign == 1 else objective >= bound, constraints, rlimit)
    if not holds.proven:
        return Result(holds.status, "bound not confirmed", holds.counterexample)
    return Result(PROVEN, f"{direction} = {bound}", witness=witness, bound=bound)


@dataclass(frozen=True)
class Verification:
    """What must always hold of one game, declared once (as the engine's ``GAME``).

    ``invariants`` in the order the reports list them; ``mutants`` the broken rules that
    show each can fail (every invariant has one); ``rules()`` the game's default
    rules, the ones a mutant is built from; ``proof_only`` the invariants without a runtime
    twin, each with the reason (English). :func:`regelwerk.proving.run` proves it.
    """

    game: str
    invariants: tuple[Invariant, ...]
    mutants: tuple[Mutant, ...]
    rules: Callable[..., Any]
    proof_only: Mapping[str, str] = field(default_factory=dict)

    def invariant(self, ident: str) -> Invariant:
        """The invariant ``ident`` (a ``KeyError`` for an id the game does not declare)."""
        for invariant in self.invariants:
            if invariant.id == ident:
                return invariant
        raise KeyError(ident)
