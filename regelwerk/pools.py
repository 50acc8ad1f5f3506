"""The one worker pool: forked processes that map a function over items, results in order.

``simulate``, ``compare``, ``stats`` and ``verify --jobs`` spread their work with
:func:`map_in_order`. The workers are forked, so they inherit the function (a mutant's rule
functions, an invariant's proof) instead of receiving it pickled; only the items and the
results cross between processes. The results come back in the order of the items whatever
the number of processes, so nothing a command reports depends on ``--jobs``. Where
``fork`` is not available, or one process is asked for, the items are mapped in this
process, one after another.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

T = TypeVar("T")
U = TypeVar("U")


def forks(jobs: int, items: int) -> bool:
    """Whether ``items`` pieces of work on ``jobs`` processes go to forked workers."""
    return jobs > 1 and items > 1 and "fork" in mp.get_all_start_methods()


def map_in_order(fn: Callable[[T], U], items: Sequence[T], jobs: int = 1,
                 done: Callable[[T], None] | None = None) -> Iterator[U]:
    """``fn(item)`` for each item, in the order of ``items``, on up to ``jobs`` forked
    worker processes; ``done(item)`` as each one finishes (in the order they finish, for
    a progress bar). The results are yielded as soon as those before them are there."""
    if not forks(jobs, len(items)):
        for item in items:
            result = fn(item)
            if done is not None:
                done(item)
            yield result
        return
    with ProcessPoolExecutor(min(jobs, len(items)), mp_context=mp.get_context("fork"),
                             initializer=_adopt, initargs=(fn,)) as pool:
        futures: dict[Future[Any], int] = {pool.submit(_call, item): index
                                           for index, item in enumerate(items)}
        finished: dict[int, Any] = {}
        following = 0
        try:
            for future in as_completed(futures):
                index = futures[future]
                finished[index] = future.result()
                if done is not None:
                    done(items[index])
                while following in finished:
                    yield finished.pop(following)
                    following += 1
        finally:
            for future in futures:          # an error, or a caller that stopped early
                future.cancel()


#: the function of a worker process (set once per worker by the pool's initializer)
_adopted: list[Callable[[Any], Any]] = []


def _adopt(fn: Callable[[Any], Any]) -> None:
    _adopted[:] = [fn]


def _call(item: Any) -> Any:
    return _adopted[0](item)
