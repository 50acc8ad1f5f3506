"""Proving many invariants at once: on worker processes, each proof on its own.

``regelwerk verify`` hands every (invariant, rules) pair of the games it checks
to :func:`check_all`; the results come back in the order given, whatever the
number of processes, so the report does not depend on ``jobs``.
"""

from __future__ import annotations

import multiprocessing as mp
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

#: what a proof needs: the invariant (with its ``check(rules)``) and the rules it is checked for
Proof = tuple[Any, Any]


def check_all(proofs: Sequence[Proof], jobs: int = 1,
              done: Callable[[int], None] | None = None) -> list[tuple[Any, float]]:
    """Each invariant's result for its rules and the seconds it took, in the given order.

    ``jobs`` forked worker processes (they inherit the invariants, so nothing
    needs to pickle but the results); ``done(1)`` after each proof.
    """
    if jobs <= 1 or len(proofs) <= 1 or "fork" not in mp.get_all_start_methods():
        results = []
        for index in range(len(proofs)):
            results.append(_check(proofs, index))
            if done:
                done(1)
        return results
    found: list[tuple[Any, float] | None] = [None] * len(proofs)
    with ProcessPoolExecutor(min(jobs, len(proofs)), mp_context=mp.get_context("fork"),
                             initializer=_adopt, initargs=(proofs,)) as pool:
        futures = {pool.submit(_check_adopted, index): index for index in range(len(proofs))}
        for future in _as_completed(futures):
            found[futures[future]] = future.result()
            if done:
                done(1)
    return [result for result in found if result is not None]


def _check(proofs: Sequence[Proof], index: int) -> tuple[Any, float]:
    invariant, rules = proofs[index]
    start = time.perf_counter()
    result = invariant.check(rules)
    return result, time.perf_counter() - start


def _as_completed(futures: Any) -> Any:
    from concurrent.futures import as_completed

    return as_completed(futures)


#: the proofs of a worker process (set once per worker by the pool's initializer)
_adopted: list[Sequence[Proof]] = []


def _adopt(proofs: Sequence[Proof]) -> None:
    _adopted.append(proofs)


def _check_adopted(index: int) -> tuple[Any, float]:
    return _check(_adopted[0], index)
