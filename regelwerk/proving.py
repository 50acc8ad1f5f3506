"""The one runner of the proofs: ``regelwerk verify``, the consistency report and the site.

A game's proofs are its declaration ``VERIFICATION``
(:class:`~regelwerk.verification.core.Verification`). :func:`run` plans every
(invariant, rules) pair of the games it is given (:func:`plan`: each player count, a
reading, a printed board, a mutant's rule functions), proves them on worker processes
(:func:`check_all`, each proof on its own; the results in the order planned, whatever the
number of processes, so nothing reported depends on ``jobs``) and returns one
:class:`Row` per invariant over the counts it was proven for. ``verify`` shows a row in
the reader's language (:meth:`Row.in_language`); the report keeps it in English templates
with their fields (:meth:`Row.data`), which the site fills in each language.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from regelwerk import games, pools

if TYPE_CHECKING:
    from regelwerk.verification.core import Invariant, Result, Verification

#: what a proof needs: the invariant (with its ``check(rules)``) and the rules it is checked for
Proof = tuple[Any, Any]


def run(verifications: Sequence[Verification], options: Mapping[str, Any] | None = None,
        fns: Mapping[str, Callable[..., Any]] | None = None, jobs: int = 1,
        done: Callable[[Owner], None] | None = None,
        planned: Callable[[int], None] | None = None) -> list[Row]:
    """Every invariant of each of ``verifications`` proved for the rules ``options`` give
    (``players``, a reading, a printed board; every player count the game allows where
    ``players`` is not given), with a mutant's rule functions ``fns``, on ``jobs``
    processes; ``planned(n)`` once the ``n`` proofs are planned, ``done(owner)`` after
    each proof, as it finishes (a progress bar). One :class:`Row` per game and invariant,
    in the order the games and their invariants are declared."""
    proofs = [item for verification in verifications
              for item in plan(verification, options or {}, fns)]
    if planned is not None:
        planned(len(proofs))
    owners = [owner for _proof, owner in proofs]
    results = check_all([proof for proof, _owner in proofs], jobs,
                        done=None if done is None else lambda index: done(owners[index]))
    return rows_of(owners, results)


def check_all(proofs: Sequence[Proof], jobs: int = 1,
              done: Callable[[int], None] | None = None) -> list[tuple[Any, float]]:
    """Each invariant's result for its rules and the seconds it took, in the given order.

    ``jobs`` forked worker processes (:func:`~regelwerk.pools.map_in_order`: they inherit
    the invariants, so nothing needs to pickle but the results); ``done(index)`` after each
    proof, as it finishes."""
    return list(pools.map_in_order(lambda index: _check(proofs[index]), range(len(proofs)),
                                   jobs, done))


def _check(proof: Proof) -> tuple[Any, float]:
    invariant, rules = proof
    start = time.perf_counter()
    result = invariant.check(rules)
    return result, time.perf_counter() - start


# ----------------------------------------------------------------------------- planning
@dataclass(frozen=True)
class Owner:
    """Whose proof it is: the game, the invariant, the player count its rules are built for
    and the counts its result covers (one, or every count for a check that covers them)."""

    game: str
    invariant: Any
    players: int
    covers: tuple[int, ...]
    spec: Any


def plan(verification: Verification, options: Mapping[str, Any],
         fns: Mapping[str, Any] | None = None) -> list[tuple[Proof, Owner]]:
    """Every proof of one game: each invariant for the rules of each player count
    (``options["players"]``, else every count the game allows) when it depends on the count
    (:data:`~regelwerk.verification.core.EACH`), once otherwise; the rules built by the game
    from ``options`` (a reading, a printed board: ``Game.rules_for``), with the mutant's
    rule functions ``fns``."""
    from regelwerk.verification.core import EACH, mutate

    game = games.get(verification.game).game
    low, high = game.players
    asked = options.get("players")
    counts = [asked] if asked is not None else list(range(low, high + 1))
    rest = {key: value for key, value in options.items() if key != "players"}
    built: dict[int, Any] = {}

    def rules(players: int) -> Any:
        if players not in built:
            made = game.rules_for({**rest, "players": players})
            built[players] = mutate(made, fns) if fns else made
        return built[players]

    once = asked if asked is not None else game.default_players
    found = []
    for invariant in verification.invariants:
        if invariant.players == EACH:
            for players in counts:
                found.append(((invariant, rules(players)),
                              Owner(verification.game, invariant, players, (players,),
                                    rules(players).spec)))
        else:
            found.append(((invariant, rules(once)),
                          Owner(verification.game, invariant, once, tuple(range(low, high + 1)),
                                rules(once).spec)))
    return found


def counts_text(counts: Sequence[int]) -> str:
    """Player counts compactly: ``1–5``, ``2, 4``, ``3``."""
    counts = sorted(set(counts))
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(c) for c in counts)


# ----------------------------------------------------------------------------- rows
@dataclass(frozen=True)
class Proved:
    """One proof's outcome: whose it is, its result and the seconds it took."""

    owner: Owner
    result: Result
    seconds: float


@dataclass(frozen=True)
class Row:
    """One invariant of one game over the player counts it was proven for: the worst count's
    status (``stale``, a recorded bound not the proven one, and ``unknown`` never count as
    proven), each count's result."""

    game: str
    invariant: Invariant
    spec: Any                       # the numbers the statement is filled from (a board's)
    proved: tuple[Proved, ...]

    @property
    def status(self) -> str:
        from regelwerk.verification.core import worst

        return worst(item.result.status for item in self.proved)

    @property
    def players(self) -> list[int]:
        return sorted({count for item in self.proved for count in item.owner.covers})

    @property
    def seconds(self) -> float:
        return round(sum(item.seconds for item in self.proved), 3)

    def data(self) -> dict[str, Any]:
        """The row in English templates with their own fields (the consistency report's
        JSON; the site fills the statement in each language from the game's spec)."""
        by_players = [{"players": list(item.owner.covers), **item.result.to_json()}
                      for item in self.proved]
        status = self.status
        return {"id": self.invariant.id, "clauses": list(self.invariant.clauses),
                "statement": self.invariant.statement,
                "fields": self.invariant.statement_fields(self.spec),
                "ranges": self.invariant.ranges, "players": self.players,
                "by_players": by_players, "seconds": self.seconds, "status": status,
                "detail": next(item["detail"] for item in by_players
                               if item["status"] == status),
                "coverage": counts_text(self.players)}

    def in_language(self, lang: str) -> dict[str, Any]:
        """The row in ``lang`` (``verify``'s lines and JSON): the statement (its own
        fields, such as one round's bound, filled from spec), the counts it covers, each
        count's result with a counterexample in named values
        (:func:`~regelwerk.verification.core.describe`), the bound per count."""
        from regelwerk.engine.core.clauses import fill
        from regelwerk.engine.core.i18n import gettext_for
        from regelwerk.verification.core import describe

        invariant, spec = self.invariant, self.spec
        by_players = []
        for item in self.proved:
            result = item.result
            entry = {"players": list(item.owner.covers),
                     "players_text": counts_text(item.owner.covers), **result.to_json()}
            shown = result.counterexample or (result.witness if result.status != "proven"
                                              else {})
            if shown and result.status != "proven":
                entry["in_words"] = describe(shown, invariant.names, lang)
            by_players.append(entry)
        status = self.status
        first = next(e for e in by_players if e["status"] == status)
        covered = self.players
        bounds: dict[int, list[int]] = {}
        for e in by_players:
            if "bound" in e:
                bounds.setdefault(e["bound"], []).extend(e["players"])
        return {
            "game": self.game, "id": invariant.id, "status": status,
            "statement": fill(spec, gettext_for(lang, invariant.statement), lang,
                              **invariant.statement_fields(spec)),
            "clauses": list(invariant.clauses),
            "ranges": fill(spec, gettext_for(lang, invariant.ranges), lang)
            if invariant.ranges else "",
            "seconds": self.seconds,
            "players": covered, "coverage": counts_text(covered),
            "bounds_text": _bounds_text(bounds, len(covered), lang),
            "by_players": by_players,
            **{k: v for k, v in first.items() if k not in ("status", "players",
                                                            "players_text")}}


def rows_of(owners: Sequence[Owner], results: Sequence[tuple[Any, float]]) -> list[Row]:
    """One :class:`Row` per invariant of each game, from the proofs' owners and results
    (in the order planned)."""
    groups: dict[tuple[str, str], list[Proved]] = {}
    for owner, (result, seconds) in zip(owners, results, strict=True):
        groups.setdefault((owner.game, owner.invariant.id), []).append(
            Proved(owner, result, seconds))
    return [Row(game, items[0].owner.invariant, items[0].owner.spec, tuple(items))
            for (game, _ident), items in groups.items()]


def _bounds_text(bounds: Mapping[int, list[int]], counts: int, lang: str) -> str:
    from regelwerk.engine.core.i18n import N_, gettext_for

    if not bounds:
        return ""
    if len(bounds) == 1:
        return str(next(iter(bounds)))
    template = gettext_for(lang, N_("{bound} (players {players})"))
    return ", ".join(template.format(bound=bound, players=counts_text(players))
                     for bound, players in sorted(bounds.items(), key=lambda kv: min(kv[1])))
