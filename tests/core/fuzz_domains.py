"""Board numbers at and beyond their domains (issue 31): the ``domains`` fuzz kind.

Every number a printed board may replace has a declared
:class:`~regelwerk.engine.core.spec.Domain`. A case takes one such number and one
edge: the domain's own bounds and lengths (``min``, ``max``, ``shortest``,
``longest``: inside, so the game must be set up and play to its end) or a value
beyond it (one below or above a bound, 0, -1, 10⁹, a text, a fraction, NaN, a list
one entry shorter or longer, an empty list: outside, so it must be refused). The
value reaches the engine by one of three routes, as a user's would: the library's
``new_game(options={"board": …})``, a record's ``options.board`` replayed by
``regelwerk replay``, or a board file given to ``regelwerk simulate --board``.

The verdicts are :mod:`tests.core.fuzzing`'s: a value inside its domain that is
refused is fine only with a clean one-line error (numbers that do not fit
together); one that crashes, or a game that does not end within
:data:`MAX_STEPS` steps or :data:`MAX_SECONDS`, is an internal error; a value
outside its domain that is accepted is **wrongly accepted**.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import time
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import strategies as st
from regelwerk.engine.core.records import FORMAT
from regelwerk.engine.core.spec import Number

from regelwerk import games
from regelwerk.cli import main
from tests import board_domains as shared
from tests.board_domains import inside, leaves, lengths, resized
from tests.core.fuzzing import _game, _refused, _toml

#: A game on an edge of its domains must end within this many steps and seconds (a hang).
MAX_STEPS = 200_000
MAX_SECONDS = 60.0
#: The edges inside a domain, and the values beyond it.
INSIDE = ("min", "max", "shortest", "longest")
BEYOND = ("below", "above", "zero", "negative", "huge", "text", "fraction", "nan",
          "shorter", "longer", "empty")
ROUTES = ("library", "record", "cli")


def board_numbers(game_id: str) -> dict[str, Number]:
    """The numbers a board may replace: every number of spec whose domain is not fixed."""
    return shared.board_numbers(_game(game_id).spec)


def _has_numbers(value: Any) -> bool:
    found: list[bool] = []
    leaves(value, lambda v: found.append(True) or v)
    return bool(found)


def edge_value(number: Number, edge: str, spec: Any) -> Any:
    """The value of one edge for ``number`` (``None`` where the edge does not apply)."""
    domain, value = number.domain, number.value
    low = domain.low if domain else None
    high = domain.high if domain else None
    numeric = _has_numbers(value)
    bounds = lengths(number, spec)
    if edge in ("min", "below") and (low is None or not numeric):
        return None
    if edge in ("max", "above") and (high is None or not numeric):
        return None
    changes: dict[str, Callable[[Any], Any]] = {
        "min": lambda v: low, "max": lambda v: high,
        "below": lambda v: low - 1, "above": lambda v: high + 1,
        "zero": lambda v: 0, "negative": lambda v: -1, "huge": lambda v: 10**9,
        "fraction": lambda v: v + 0.5,
    }
    if edge in changes:
        return leaves(value, changes[edge]) if numeric else None
    if edge == "text":
        return "3"
    if edge == "nan":
        return math.nan
    if edge == "empty":
        return [] if isinstance(value, list) else None
    if bounds is None or not value:
        return None
    shortest, longest = bounds
    length = {"shortest": shortest, "longest": longest,
              "shorter": shortest - 1, "longer": longest + 1}[edge]
    return resized(value, length) if length >= 0 else None




@st.composite
def domain_cases(draw: st.DrawFn, game_id: str) -> tuple[str, str, Any, str]:
    """One case: a number's path, the edge, its value and the route."""
    spec = games.get(game_id).game.spec
    numbers = board_numbers(game_id)
    while True:
        path = draw(st.sampled_from(sorted(numbers)))
        edge = draw(st.sampled_from(INSIDE + BEYOND))
        value = edge_value(numbers[path], edge, spec)
        if value is not None:
            return path, edge, value, draw(st.sampled_from(ROUTES))


def judge_domain(game_id: str, case: tuple[str, str, Any, str], folder: Path,
                 seed: int) -> tuple[str, str]:
    """A value inside its domain plays (or is refused cleanly); one beyond it is refused."""
    path, edge, value, route = case
    number = board_numbers(game_id)[path]
    expected = inside(number, value)
    what = f"{game_id} {path} = {_short(value)} ({edge}, by {route})"
    if route == "library":
        game = _game(game_id)
        try:
            state = game.new_game(seed=seed, options={"board": {path: value}})
        except Exception as error:
            verdict, detail = _refused(game, error)
            return (verdict, f"{what}: {detail}") if verdict == "internal" else (verdict, "")
        if not expected:
            return "wrong", what
        return _played_to_end(game, state, seed, what)
    code, err = _command(game_id, route, path, value, folder, seed)
    if code == 0:
        return ("accepted", "") if expected else ("wrong", what)
    lines = err.splitlines()
    if code == 1 and route == "cli" and not lines:
        return "internal", f"{what}: accepted, then a runtime invariant broke in play"
    if code in (1, 2) and len(lines) == 1 and lines[0].startswith("regelwerk"):
        return "clean", ""
    return "internal", f"{what}: exit {code}: {err[:300]!r}"


def _played_to_end(game: Any, state: Any, seed: int, what: str) -> tuple[str, str]:
    rng, start = Random(seed), time.perf_counter()
    try:
        for step in range(MAX_STEPS):
            if game.is_terminal(state):
                return "accepted", ""
            if step % 1000 == 0 and time.perf_counter() - start > MAX_SECONDS:
                break
            state = game.step_random(state, rng)[1]
    except Exception as error:
        return "internal", f"{what}: accepted, then play failed: {type(error).__name__}: " \
                           f"{error!s:.150}"
    return "internal", f"{what}: accepted, but the game did not end (a hang)"


def _command(game_id: str, route: str, path: str, value: Any, folder: Path,
             seed: int) -> tuple[int, str]:
    """Run the route's command in this process: its exit code and standard error."""
    if route == "record":
        record = folder / "record.json"
        record.write_text(json.dumps({
            "format": FORMAT, "game": game_id, "seed": seed, "actions": [],
            "options": {"board": {path: value}}}, allow_nan=True), encoding="utf-8")
        argv = ["replay", str(record), "--json"]
    else:
        board = folder / "board.toml"
        board.write_text(f"[{path}]\nvalue = {_toml(value)}\n", encoding="utf-8")
        argv = ["simulate", game_id, "--board", str(board), "-n", "1", "--seed", str(seed),
                "--jobs", "1", "--no-progress",
                "--json"]
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except BaseException as error:     # a raise is the finding
        return 99, f"{type(error).__name__}: {error!s:.200}"
    return code, err.getvalue()


def _short(value: Any) -> str:
    text = json.dumps(value, allow_nan=True)
    return text if len(text) <= 60 else text[:57] + "..."
