"""What a reading changes: the same random games played under two readings of a rule.

``regelwerk compare GAME --option K=A --option K=B -n N``: game ``i`` of a run with
seed ``s`` is set up with the same game seed under both readings
(:func:`~regelwerk.simulate.game_seed`), so every draw of chance comes from the same
seeded shuffles, and the random player draws from one policy source
(``Random(f"{s}/{i}/policy")``, as ``simulate``). While the two games are alike, both
take the action the first one draws: the reading *matters* in a game from the first
step at which the legal actions differ, or the same action leads to different
positions (:meth:`Game.key`), or the same course of play ends with another outcome.
From there each game goes on by its own rules and draws, and the outcomes of both are
counted: wins and mean score per seat.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from random import Random
from typing import Any, TypeVar

from regelwerk import games
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import SpecError
from regelwerk.simulate import game_seed

T = TypeVar("T")
U = TypeVar("U")

#: How many example games a report keeps (the first ones where the reading mattered).
EXAMPLES = 5


@dataclass(frozen=True)
class Divergence:
    """Where the reading first mattered in one game: the step (actions before it), why
    (``setup``: the positions before any action differ, ``legal``: the legal actions,
    ``effect``: the position after the same action, ``score``: the same course of play
    scores differently), and that action in the notation."""

    game_index: int
    step: int
    why: str
    action: Mapping[str, Any] | None
    legal: tuple[int, int]          # how many legal actions under each reading


@dataclass(frozen=True)
class Played:
    """One finished game: its length, the winners' seats, the score per seat, how
    often each action kind was taken and the seats' names (as the outcome gives them)."""

    actions: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    kinds: Mapping[str, int]
    seats: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pair:
    """One seed played under both readings (``first`` and ``second`` ``None`` where the
    games were not played on after the reading mattered, see :func:`play_pair`)."""

    index: int
    first: Played | None
    second: Played | None
    divergence: Divergence | None


@dataclass
class Outcomes:
    """Wins (a shared win counts for each winner) and score sums per seat over a run."""

    games: int = 0
    wins: list[int] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)

    def add(self, played: Played) -> None:
        seats = len(played.scores)
        if not self.wins:
            self.wins, self.score_sums = [0] * seats, [0] * seats
        self.games += 1
        for seat in played.winners:
            self.wins[seat] += 1
        for seat, score in enumerate(played.scores):
            self.score_sums[seat] += score

    @property
    def win_rates(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    @property
    def mean_scores(self) -> list[float]:
        return [s / self.games if self.games else 0.0 for s in self.score_sums]

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "win_rate": [round(r, 4) for r in self.win_rates],
                "mean_score": [round(m, 2) for m in self.mean_scores]}


@dataclass
class Comparison:
    """The report of :func:`compare`."""

    game: str
    option: str
    readings: tuple[Any, Any]
    players: int
    seed: int
    games: int = 0
    mattered: int = 0
    examples: list[Divergence] = field(default_factory=list)
    outcomes: tuple[Outcomes, Outcomes] = field(default_factory=lambda: (Outcomes(), Outcomes()))

    @property
    def share(self) -> float:
        """The share of games in which the reading mattered (0 to 1)."""
        return self.mattered / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "option": self.option, "readings": list(self.readings),
                "players": self.players, "seed": self.seed, "games": self.games,
                "mattered": self.mattered, "share": round(self.share, 4),
                "examples": [{"game_index": d.game_index, "step": d.step, "why": d.why,
                              "action": dict(d.action) if d.action is not None else None,
                              "legal": list(d.legal)} for d in self.examples],
                "outcomes": {str(r): o.to_json() for r, o in zip(self.readings, self.outcomes,
                                                                  strict=True)}}


def finished(game: Game[Any, Any], state: Any, actions: int, kinds: Mapping[str, int]) -> Played:
    """What counts of a finished game (its :class:`~regelwerk.engine.core.game.Outcome`)."""
    outcome = game.score(state)
    names = list(outcome.scores)
    return Played(actions, tuple(names.index(w) for w in outcome.winners if w in names),
                  tuple(int(outcome.scores[n]) for n in names), dict(kinds),
                  tuple(str(n) for n in names))


def _legal(game: Game[Any, Any], state: Any) -> frozenset[Any] | tuple[Any, ...]:
    listed = game.legal_actions(state)
    try:
        return frozenset(listed)
    except TypeError:           # an unhashable option: compare the listings as they are
        return listed


def play_pair(game: Game[Any, Any], options: tuple[Mapping[str, Any], Mapping[str, Any]],
              seed: int, index: int, max_steps: int = 1_000_000, listed: bool = True,
              outcomes: bool = True) -> Pair:
    """Game ``index`` of a run with ``seed`` under both readings (see the module).

    ``listed=False`` skips listing the legal actions at every step (the costly part): the
    reading then counts only where it changes the course of play (the action drawn is not
    allowed by the other reading, or leads elsewhere) or the outcome.
    ``outcomes=False`` stops where the reading first matters (whether it matters is all
    that is asked); the pair then has no outcomes.
    """
    states = [game.new_game(seed=game_seed(seed, index), options=dict(o)) for o in options]
    rngs = [Random(f"{seed}/{index}/policy"), Random(f"{seed}/{index}/policy")]
    counts: list[dict[str, int]] = [{}, {}]
    steps = [0, 0]
    divergence = None
    if game.key(states[0]) != game.key(states[1]):
        divergence = Divergence(index, 0, "setup", None, (0, 0))
    # in step while alike: both take the first game's draw
    while divergence is None and not game.is_over(states[0]):
        legal = [_legal(game, s) for s in states] if listed else [(), ()]
        if game.is_over(states[1]) or legal[0] != legal[1]:
            divergence = Divergence(index, steps[0], "legal", None,
                                    (len(legal[0]), len(legal[1])))
            break
        action, after = game.step_random(states[0], rngs[0])
        try:            # refused only without listing (equal listings allow it)
            other = game.apply(states[1], action)
        except IllegalAction:
            divergence = Divergence(index, steps[0], "legal", game.action_to_json(action), (0, 0))
            counts[0][game.kind_of[type(action)].name] = 1 + counts[0].get(
                game.kind_of[type(action)].name, 0)
            steps[0] += 1
            states = [after, states[1]]
            break
        name = game.kind_of[type(action)].name
        for i in (0, 1):
            counts[i][name] = counts[i].get(name, 0) + 1
            steps[i] += 1
        if game.key(after) != game.key(other):
            divergence = Divergence(index, steps[0] - 1, "effect", game.action_to_json(action),
                                    (len(legal[0]), len(legal[1])))
        states = [after, other]
    rngs[1].setstate(rngs[0].getstate())    # from here on the second draws as the first would
    if divergence is None and not game.is_over(states[1]):
        divergence = Divergence(index, steps[0], "legal", None,
                                (0, len(game.legal_actions(states[1]))))
    if divergence is None and game.score(states[0]) != game.score(states[1]):
        divergence = Divergence(index, steps[0], "score", None, (0, 0))
    if divergence is not None and not outcomes:
        return Pair(index, None, None, divergence)
    played = []
    for i in (0, 1):        # each on by its own rules and draws
        state, rng = states[i], rngs[i]
        while not game.is_over(state):
            if steps[i] >= max_steps:
                raise RuntimeError(f"game {index} did not end within {max_steps} actions")
            action, state = game.step_random(state, rng)
            name = game.kind_of[type(action)].name
            counts[i][name] = counts[i].get(name, 0) + 1
            steps[i] += 1
        played.append(finished(game, state, steps[i], counts[i]))
    return Pair(index, played[0], played[1], divergence)


def parallel_map(fn: Callable[[T], U], items: Sequence[T], jobs: int) -> list[U]:
    """``[fn(x) for x in items]``, on ``jobs`` forked worker processes when there are
    several (the order of the results is the order of ``items``)."""
    if jobs <= 1 or len(items) <= 1 or "fork" not in mp.get_all_start_methods():
        return [fn(item) for item in items]
    with ProcessPoolExecutor(jobs, mp_context=mp.get_context("fork")) as pool:
        return list(pool.map(fn, items, chunksize=max(1, len(items) // (jobs * 4))))


def chunks(n: int, size: int = 10) -> list[range]:
    return [range(i, min(i + size, n)) for i in range(0, n, size)]


@dataclass(frozen=True)
class _PairTask:
    game: str
    options: tuple[Mapping[str, Any], Mapping[str, Any]]
    seed: int
    listed: bool = True
    outcomes: bool = True

    def __call__(self, indices: Iterable[int]) -> list[Pair]:
        game = games.get(self.game).game
        return [play_pair(game, self.options, self.seed, i, listed=self.listed,
                          outcomes=self.outcomes) for i in indices]


def readings(game: Game[Any, Any], option: str, values: tuple[Any, Any],
             players: int, base: Mapping[str, Any] | None = None
             ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The options of both readings (``base``: other variants both play with); a name
    that is no rule variant, or a value that is not one of its readings, is refused
    (:class:`SpecError`, one line)."""
    known = {v.name: v for v in game.variants}
    if option not in known:
        raise SpecError(N_("{game}: {name!r} is no rule variant; variants: {known}"),
                        game=game.id, name=option, known=", ".join(known) or "-")
    common = {"players": players, **(base or {})}
    both = ({**common, option: values[0]}, {**common, option: values[1]})
    for options in both:
        game.rules_for(options)
    return both


def compare(game_id: str, option: str, values: tuple[Any, Any], n: int,
            players: int | None = None, seed: int = 0, jobs: int = 1,
            listed: bool = True) -> Comparison:
    """Play ``n`` seeds under ``option = values[0]`` and ``values[1]`` (see the module;
    ``listed=False``: see :func:`play_pair`)."""
    game = games.get(game_id).game
    players = game.default_players if players is None else players
    options = readings(game, option, values, players)
    task = _PairTask(game_id, options, seed, listed)
    pairs = (pair for part in parallel_map(task, chunks(n), jobs) for pair in part)
    return tally(Comparison(game_id, option, values, players, seed), pairs)


def tally(report: Comparison, pairs: Iterable[Pair]) -> Comparison:
    """``report`` with ``pairs`` (in the order of their seeds) counted into it."""
    for pair in pairs:
        report.games += 1
        if pair.first is not None and pair.second is not None:
            report.outcomes[0].add(pair.first)
            report.outcomes[1].add(pair.second)
        if pair.divergence is not None:
            report.mattered += 1
            if len(report.examples) < EXAMPLES:
                report.examples.append(pair.divergence)
    return report
