"""Shared helpers of the board-domain tests (issue 31): a game's board numbers, the values
at and one beyond the edges of their domains, a refusal before play, a random game to its end.

``game`` is a game's ``GAME``; ``spec`` its :class:`~regelwerk.engine.core.spec.Spec`.
Used by ``tests/<game>/test_board_domains.py`` and ``tests/core/fuzz_domains.py``.
"""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine.core.schema import problem
from regelwerk.engine.core.spec import Number, Spec, SpecError, load_board_file

#: Steps a random game on a board of edge values may take: many times a standard game's.
STEP_CAP = 20_000


def without_domain(spec: Spec) -> list[str]:
    """The paths of the numbers that declare no domain."""
    return [path for path, number in spec.numbers.items() if number.domain is None]


def board_numbers(spec: Spec) -> dict[str, Number]:
    """The numbers a board may replace: those whose domain is not fixed."""
    return {path: n for path, n in spec.numbers.items()
            if n.domain is not None and not n.domain.fixed}


def sample(spec: Spec, count: int = 8, seed: int = 31) -> list[str]:
    """A seeded sample, sorted, of the board numbers that are a whole number or a list of
    whole numbers."""
    return sorted(Random(seed).sample(sorted(
        path for path, number in board_numbers(spec).items()
        if type(number.value) is int or (isinstance(number.value, list) and number.value
                                         and all(type(v) is int for v in number.value))),
        count))


def inside(number: Number, value: Any) -> bool:
    """Whether ``value`` lies in the number's domain (its schema; tied lengths apart)."""
    return problem(number.schema, value, "") is None


def assert_inside(spec: Spec, board: dict[str, Any]) -> None:
    """Each value of ``board`` replaces a board number and lies inside its domain."""
    for path, value in board.items():
        number = spec.number(path)
        assert number.domain is not None and not number.domain.fixed
        assert inside(number, value), path


def leaves(value: Any, new: Any) -> Any:
    """``value`` with every number in it (not a truth value), in lists and tables,
    replaced by ``new``, or by ``new(number)`` where ``new`` is a function."""
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int | float):
        return new(value) if callable(new) else new
    if isinstance(value, list):
        return [leaves(v, new) for v in value]
    if isinstance(value, dict):
        return {k: leaves(v, new) for k, v in value.items()}
    return value


def resized(value: list[Any], length: int) -> list[Any]:
    """``value`` cut or grown (its last entry repeated) to ``length`` entries."""
    return value[:length] + value[-1:] * (length - len(value))


def lengths(number: Number, spec: Spec) -> tuple[int, int] | None:
    """The shortest and longest list the number's domain allows (``None``: not a list)."""
    if not isinstance(number.value, list) or number.domain is None:
        return None
    length = number.domain.length
    if isinstance(length, tuple):
        return length
    if isinstance(length, int):
        return length, length
    tied = number.domain.length_of(spec.numbers)
    return (tied[0], tied[0]) if tied else (len(number.value), len(number.value))


def edges(number: Number) -> list[Any]:
    """The values at the edges of the number's domain: each bound in every number of it."""
    assert number.domain is not None
    return [leaves(number.value, bound) for bound in (number.domain.low, number.domain.high)
            if bound is not None]


def beyond(number: Number, spec: Spec) -> list[Any]:
    """Values one beyond each edge of the number's domain: one below and one above a
    bound in every whole number of it, one entry more and one fewer than its lengths."""
    domain, value = number.domain, number.value
    assert domain is not None
    out = []
    if type(value) is int or (isinstance(value, list) and any(type(v) is int for v in value)):
        out += [leaves(value, bound) for bound in (
            None if domain.low is None else domain.low - 1,
            None if domain.high is None else domain.high + 1) if bound is not None]
    found = lengths(number, spec)
    if found is not None:
        shortest, longest = found
        out.append(resized(value, longest + 1))
        if shortest > 0:
            out.append(resized(value, shortest - 1))
    return out


def beyond_cases(spec: Spec) -> list[tuple[str, Any]]:
    """Every board number's path with each value beyond its domain (:func:`beyond`)."""
    return [(path, value) for path, number in sorted(board_numbers(spec).items())
            for value in beyond(number, spec)]


def refusal(game: Any, board: Any, **options: Any) -> str:
    """The one line in which ``game`` refuses ``board`` before play."""
    with pytest.raises(SpecError) as info:
        game.new_game(seed=1, options={"board": board, **options})
    text = str(info.value)
    assert "\n" not in text
    return text


def file_refusal(game: Any, file: Path, toml: str, **options: Any) -> str:
    """The line refusing the board file ``file``, written with ``toml``: it names that
    file, not spec."""
    file.write_text(toml, encoding="utf-8")
    line = refusal(game, load_board_file(file), **options)
    assert line.startswith(f"{file}: ") and "spec/" not in line, line
    return line


def refused_naming(game: Any, path: str, value: Any, **options: Any) -> None:
    """``game`` refuses ``{path: value}`` in one line naming its board and the number."""
    line = refusal(game, {path: value}, **options)
    assert line.startswith(f"{game.id} options.board: ") and path in line, line


def plays_to_end(game: Any, board: dict[str, Any], seed: int, cap: int = STEP_CAP,
                 unproven: tuple[str, ...] = (), **options: Any) -> int:
    """The steps a seeded random game on ``board`` takes to its end, every runtime
    invariant kept but those whose id starts with one of ``unproven``; fails past ``cap``."""
    state = game.new_game(seed=seed, options={"board": board, **options})
    rng = Random(seed)
    for step in range(cap):
        broken = [i for i in game.violations(state) if not i.startswith(unproven)]
        assert broken == [], (board, step)
        if game.is_terminal(state):
            return step
        state = game.step_random(state, rng)[1]
    raise AssertionError(f"no end within {cap} steps: {board}")


def edges_play_or_name(game: Any, spec: Spec, path: str, counts: tuple[int, ...] = (2, 4),
                       names: tuple[str, ...] = ()) -> None:
    """Each edge of ``path``'s domain plays a seeded game to the end at each player count,
    unless another number refuses it: then the refusal names ``path`` (or one of
    ``names``, as older board lines name a track)."""
    for value in edges(spec.numbers[path]):
        for players in counts:
            try:
                plays_to_end(game, {path: value}, seed=players, players=players)
            except SpecError as refused:
                assert any(name in str(refused) for name in (path, *names)), refused


def beyond_refused(game: Any, spec: Spec, path: str, **options: Any) -> None:
    """Every value one beyond an edge of ``path``'s domain is refused naming ``path``."""
    for value in beyond(spec.numbers[path], spec):
        refused_naming(game, path, value, **options)
