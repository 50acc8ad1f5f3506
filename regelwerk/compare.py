"""What a reading changes: the same random games played under two readings of a rule.

``regelwerk compare GAME --option K=A --option K=B -n N``: game ``i`` of a run with
seed ``s`` is set up with the same game seed under both readings
(:func:`~regelwerk.simulate.game_seed`), so every draw of chance comes from the same
seeded shuffles, and the random player draws from one policy source
(:func:`~regelwerk.simulate.policy`, as ``simulate``). The two games are walked in step and
compared by what a player sees, never by the state's inner shape: the reading
*matters* in a game from the first step at which the player to move or the legal
actions offered differ (as sets, each action as its record notation gives it), or the
action drawn under the first reading is refused under the second, or one game ends and
the other goes on, or the same course of play ends with another result
(:meth:`Game.result`). While they are alike both take the action the first one draws;
from the first difference each goes on by its own rules, drawing from a copy of the
same policy source, and the outcomes of both are counted. With ``--policy`` the seats
choose by other policies than random play (:mod:`regelwerk.policies`): while the games are
alike the first game's choice is taken in both, as the random draw is.

:func:`compare` is the one measure: ``regelwerk compare`` prints it and the site's
"Effect in play" (:mod:`regelwerk.sphinxext.stats`) shows the same figure for the same
game, readings, players, other variants, number of games and seed, with the command
(:func:`command`) that reproduces it. Every rate comes with its 95% interval
(:func:`wilson`), every mean with a Student *t* interval (:func:`mean_interval`), and
the difference between the readings, game by game over the same seeds, with its
interval and one sentence on whether chance explains it.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import zip_longest
from pathlib import Path
from random import Random
from statistics import NormalDist, fmean, stdev
from typing import Any

from regelwerk import games, pools
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.files import OutputError
from regelwerk.engine.core.game import OPTION_BOARD, Game
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.numbers import decimal, integer, percent
from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.core.spec import SpecError, seat_word
from regelwerk.policies import DEFAULT, Policy, all_random, parse_seats, step
from regelwerk.simulate import EndlessGame, ended_within, game_seed, policy

#: How many example games a report keeps (the first ones where the reading mattered).
EXAMPLES = 5
#: How many differing games ``--save`` writes (both readings each: twice as many files).
SAVED = 10
#: The confidence of every interval.
CONFIDENCE = 0.95
_Z = NormalDist().inv_cdf((1 + CONFIDENCE) / 2)

#: Why the reading first mattered in a game (:attr:`Difference.why`).
WHYS = ("turn", "offered", "refused", "ended", "result")


# ------------------------------------------------------------------ intervals

def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score interval of a rate ``successes / n`` at :data:`CONFIDENCE`
    (``(0, 1)`` for no trials; exactly 0 or 1 at its end where none or all succeed)."""
    if n <= 0:
        return 0.0, 1.0
    rate, z2 = successes / n, _Z * _Z
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (0.0 if successes == 0 else max(0.0, centre - half),
            1.0 if successes == n else min(1.0, centre + half))


def _t_inside(t: float, df: int) -> float:
    """P(|T| <= t) for Student's *t* with ``df`` degrees of freedom (Abramowitz and
    Stegun 26.7.3 and 26.7.4: a finite series for whole ``df``)."""
    theta = math.atan(t / math.sqrt(df))
    c2, s = math.cos(theta) ** 2, math.sin(theta)
    if df % 2 == 0:
        term = total = 1.0
        for k in range(2, df - 1, 2):
            term *= c2 * (k - 1) / k
            total += term
        return s * total
    if df == 1:
        return 2 * theta / math.pi
    term = total = math.cos(theta)
    for k in range(3, df - 1, 2):
        term *= c2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + s * total)


@cache
def t_quantile(df: int) -> float:
    """The two-sided :data:`CONFIDENCE` quantile of Student's *t* (``df`` >= 1)."""
    low, high = 0.0, 1e6
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if _t_inside(middle, df) < CONFIDENCE else (low, middle)
    return (low + high) / 2


def mean_interval(values: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    """The mean of ``values`` and its Student *t* interval at :data:`CONFIDENCE`
    (``None`` for fewer than two values)."""
    if not values:
        return 0.0, None
    centre = fmean(values)
    if len(values) < 2:
        return centre, None
    half = t_quantile(len(values) - 1) * stdev(values) / math.sqrt(len(values))
    return centre, (centre - half, centre + half)


def told_from_chance(interval: tuple[float, float] | None) -> bool:
    """Whether a difference's interval leaves out 0 (chance does not explain it)."""
    return interval is not None and (interval[0] > 0 or interval[1] < 0)


# ------------------------------------------------------------------ one pair of games

@dataclass(frozen=True)
class Difference:
    """Where the reading first mattered in one game (see the module): after ``step``
    actions taken alike, ``why`` (one of :data:`WHYS`); ``action``: in record notation,
    the action one reading offers and the other does not (``offered``), or the one drawn
    under the first and refused under the second (``refused``); ``allowed``: the reading
    (0 or 1) that allows it, or under which the game ended (``ended``); ``clause``: the
    rule clause that decides (the one refusing the action, the action kind's, the
    sequence's, the end's, or the first score item that differs); ``legal``: for
    ``offered``, how many legal actions each reading offered there."""

    game_index: int
    step: int
    why: str
    clause: str | None = None
    action: Mapping[str, Any] | None = None
    allowed: int = 0
    legal: tuple[int, int] = (0, 0)

    def to_json(self) -> dict[str, Any]:
        return {"game_index": self.game_index, "step": self.step, "why": self.why,
                "clause": self.clause,
                "action": dict(self.action) if self.action is not None else None,
                "allowed": self.allowed, "legal": list(self.legal)}


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
    games were not played on after the reading mattered, see :func:`play_pair`);
    ``taken``, ``at`` and ``ends``: with ``keep``, the actions each game took, the two
    states at the first difference and the final states."""

    index: int
    first: Played | None
    second: Played | None
    difference: Difference | None
    taken: tuple[tuple[Any, ...], tuple[Any, ...]] | None = None
    at: tuple[Any, Any] | None = None
    ends: tuple[Any, Any] | None = None
    #: the game did not end within its maximum length under one reading (:class:`EndlessGame`)
    endless: bool = False


def finished(game: Game[Any, Any], state: Any, actions: int, kinds: Mapping[str, int]) -> Played:
    """What counts of a finished game (its :class:`~regelwerk.engine.core.game.Outcome`)."""
    outcome = game.score(state)
    names = list(outcome.scores)
    return Played(actions, tuple(names.index(w) for w in outcome.winners if w in names),
                  tuple(int(outcome.scores[n]) for n in names), dict(kinds),
                  tuple(str(n) for n in names))


def _concrete(item: Any) -> Any:
    """A listed item as an action (an open choice as its lowest action)."""
    return item.make(item.low) if type(item) is OpenChoice else item


def _deciding(game: Game[Any, Any], state: Any, action: Any) -> str:
    """The clause that decides ``action`` in ``state``: the one that refuses it, else
    its kind's."""
    if game.is_legal(state, action):
        return str(game.kind_of[type(action)].clause)
    return str(game.refusal(state, action).clause)


def _offered_difference(game: Game[Any, Any], states: Sequence[Any],
                        listed: Sequence[tuple[Any, ...]], index: int, step: int) -> Difference:
    """The first action one reading lists and the other does not."""
    sets = [frozenset(items) for items in listed]
    for one in (0, 1):
        for item in listed[one]:
            if item not in sets[1 - one]:
                action = _concrete(item)
                return Difference(index, step, "offered",
                                  _deciding(game, states[1 - one], action),
                                  game.action_to_json(action), one,
                                  (len(listed[0]), len(listed[1])))
    raise AssertionError("the listings differ only in order")      # never: sets differ


def _result_clause(game: Game[Any, Any], states: Sequence[Any]) -> str:
    """The clause of the first score item that differs, else the termination or
    tie-break clause that does."""
    if game.score_items is not None:
        first, second = (game.score_items(s) for s in states)
        for mine, theirs in zip(first, second, strict=False):
            for a, b in zip_longest(mine, theirs):
                if a is None or b is None or (a.clause, a.points) != (b.clause, b.points):
                    return str((a or b).clause)
    outcomes = [game.score(s) for s in states]
    if outcomes[0].termination != outcomes[1].termination:
        return outcomes[0].termination
    return outcomes[0].tie_break or outcomes[1].tie_break or outcomes[0].termination


def _count(counts: dict[str, int], game: Game[Any, Any], action: Any) -> None:
    name = game.kind_of[type(action)].name
    counts[name] = counts.get(name, 0) + 1


def play_pair(game: Game[Any, Any], options: tuple[Mapping[str, Any], Mapping[str, Any]],
              seed: int, index: int, max_steps: int = 1_000_000, listed: bool = True,
              outcomes: bool = True, keep: bool = False, policies: str = DEFAULT) -> Pair:
    """Game ``index`` of a run with ``seed`` under both readings (see the module).

    ``listed=False`` does not list the legal actions at each step (the costly part): the
    reading then counts only where the turn, the course of play or the result differs, a
    lower figure. ``outcomes=False`` stops where the reading first matters (whether it
    matters is all that is asked); the pair then has no outcomes. ``keep``: the pair
    keeps the actions taken and the states at the difference and at the end.
    ``policies``: how the seats choose (``--policy``; random play by default).
    """
    states = [game.new_game(seed=game_seed(seed, index), options=dict(o)) for o in options]
    seats = parse_seats(policies, len(game.seats(states[0])))
    rng = policy(seed, index)
    taken: list[list[Any]] = [[], []]
    counts: list[dict[str, int]] = [{}, {}]
    step, difference = 0, None
    while True:       # in step while alike: both take the first game's draw
        over = [game.is_over(s) for s in states]
        if over[0] or over[1]:
            if over[0] != over[1]:
                ended = 0 if over[0] else 1
                difference = Difference(index, step, "ended",
                                        game.score(states[ended]).termination, allowed=ended)
            elif game.result(states[0]) != game.result(states[1]):
                difference = Difference(index, step, "result", _result_clause(game, states))
            break
        if game.to_move(states[0]) != game.to_move(states[1]):
            difference = Difference(index, step, "turn", game.sequence_clause(states[0]))
            break
        if listed:
            lists = [game.legal_actions(s) for s in states]
            if frozenset(lists[0]) != frozenset(lists[1]):
                difference = _offered_difference(game, states, lists, index, step)
                break
        before = rng.getstate()
        action, after = _step(game, states[0], seats, rng)
        try:
            other = game.apply(states[1], action)
        except IllegalAction as refusal:
            rng.setstate(before)            # the first game draws it again, on its own
            difference = Difference(index, step, "refused", refusal.clause,
                                    game.action_to_json(action))
            break
        for i in (0, 1):
            taken[i].append(action)
            _count(counts[i], game, action)
        states, step = [after, other], step + 1
        if step >= max_steps:
            raise RuntimeError(f"game {index} did not end within {max_steps} actions")
        ended_within(game, states[0], step, index, seed, policies)
    at = (states[0], states[1]) if keep and difference is not None else None
    if difference is not None and not outcomes:
        return Pair(index, None, None, difference, at=at)
    played = []
    for i in (0, 1):        # each on by its own rules, from the same policy draws
        state, own = states[i], Random()
        own.setstate(rng.getstate())
        while not game.is_over(state):
            if len(taken[i]) >= max_steps:
                raise RuntimeError(f"game {index} did not end within {max_steps} actions")
            action, state = _step(game, state, seats, own)
            ended_within(game, state, len(taken[i]) + 1, index, seed, policies)
            taken[i].append(action)
            _count(counts[i], game, action)
        states[i] = state
        played.append(finished(game, state, len(taken[i]), counts[i]))
    kept = (tuple(taken[0]), tuple(taken[1])) if keep else None
    return Pair(index, played[0], played[1], difference, kept, at,
                (states[0], states[1]) if keep else None)


def _step(game: Game[Any, Any], state: Any, seats: Sequence[Policy], rng: Random
          ) -> tuple[Any, Any]:
    """One step: random play's own draw unless a seat plays by another policy."""
    if all_random(seats):
        return game.step_random(state, rng)
    return step(game, state, seats, rng)


def chunks(n: int, size: int = 10) -> list[range]:
    return [range(i, min(i + size, n)) for i in range(0, n, size)]


@dataclass(frozen=True)
class PairTask:
    """The games of ``compare`` with the given indices, each played under both readings
    (a worker's share; also :mod:`regelwerk.stats`' cached comparisons)."""

    game: str
    options: tuple[Mapping[str, Any], Mapping[str, Any]]
    seed: int
    listed: bool = True
    outcomes: bool = True
    policies: str = DEFAULT

    def __call__(self, indices: Iterable[int]) -> list[Pair]:
        game = games.get(self.game).game
        return [self.pair(game, i) for i in indices]

    def pair(self, game: Game[Any, Any], index: int) -> Pair:
        """Game ``index`` under both readings; one that never ends (a loop the rules allow,
        which a policy found) is a pair marked ``endless``, left out of the figures."""
        try:
            return play_pair(game, self.options, self.seed, index, listed=self.listed,
                             outcomes=self.outcomes, policies=self.policies)
        except EndlessGame:
            return Pair(index, None, None, None, endless=True)


def readings(game: Game[Any, Any], option: str, values: tuple[Any, Any],
             players: int, base: Mapping[str, Any] | None = None
             ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The options of both readings (``base``: other variants, and a printed board, both
    play with); a name that is no rule variant, or a value that is not one of its
    readings, is refused (:class:`SpecError`, one line)."""
    known = {v.name: v for v in game.variants}
    for name in (option, *(name for name in base or {} if name != OPTION_BOARD)):
        if name not in known:
            raise SpecError(N_("{game}: {name!r} is no rule variant; variants: {known}"),
                            game=game.id, name=name, known=", ".join(known) or "-")
    common = {"players": players, **(base or {})}
    both = ({**common, option: values[0]}, {**common, option: values[1]})
    for options in both:
        game.rules_for(options)
    return both


# ------------------------------------------------------------------ a run

@dataclass
class Outcomes:
    """Per game and seat under one reading: whether the seat won (a shared win counts
    for each winner) and its score."""

    won: list[tuple[bool, ...]] = field(default_factory=list)
    scores: list[tuple[int, ...]] = field(default_factory=list)
    seats: tuple[str, ...] = ()

    def add(self, played: Played) -> None:
        self.won.append(tuple(seat in played.winners for seat in range(len(played.scores))))
        self.scores.append(played.scores)
        self.seats = self.seats or played.seats

    @property
    def games(self) -> int:
        return len(self.scores)

    def seat_count(self) -> int:
        return len(self.scores[0]) if self.scores else 0

    @property
    def win_rates(self) -> list[float]:
        return [sum(w[s] for w in self.won) / self.games for s in range(self.seat_count())]

    def win_intervals(self) -> list[tuple[float, float]]:
        return [wilson(sum(w[s] for w in self.won), self.games) for s in range(self.seat_count())]

    def score_means(self) -> list[tuple[float, tuple[float, float] | None]]:
        return [mean_interval([g[s] for g in self.scores]) for s in range(self.seat_count())]

    def to_json(self) -> dict[str, Any]:
        means = self.score_means()
        return {"games": self.games, "win_rate": [round(r, 4) for r in self.win_rates],
                "win_rate_interval": [_rounded(i, 4) for i in self.win_intervals()],
                "mean_score": [round(m, 2) for m, _ in means],
                "mean_score_interval": [_rounded(i, 2) for _, i in means]}


def _rounded(interval: tuple[float, float] | None, digits: int) -> list[float] | None:
    return None if interval is None else [round(interval[0], digits), round(interval[1], digits)]


@dataclass
class Comparison:
    """The report of :func:`compare`; ``base``: the other variants both readings play
    with; ``listed``: whether the legal actions offered were compared (see
    :func:`play_pair`); ``saved``: the records ``save`` wrote."""

    game: str
    option: str
    readings: tuple[Any, Any]
    players: int
    seed: int
    games: int = 0
    mattered: int = 0
    examples: list[Difference] = field(default_factory=list)
    outcomes: tuple[Outcomes, Outcomes] = field(default_factory=lambda: (Outcomes(), Outcomes()))
    base: tuple[tuple[str, Any], ...] = ()
    listed: bool = True
    differing: list[int] = field(default_factory=list)
    saved: list[Path] = field(default_factory=list)
    #: how the seats chose (``--policy``)
    policy: str = DEFAULT
    #: the games left out because one of the two did not end within its maximum length
    endless: list[int] = field(default_factory=list)

    @property
    def share(self) -> float:
        """The share of games in which the reading mattered (0 to 1)."""
        return self.mattered / self.games if self.games else 0.0

    @property
    def share_interval(self) -> tuple[float, float]:
        return wilson(self.mattered, self.games)

    def options(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The game options of both readings."""
        common = {"players": self.players, **dict(self.base)}
        return ({**common, self.option: self.readings[0]},
                {**common, self.option: self.readings[1]})

    def command(self) -> str:
        """The ``regelwerk compare`` command line that reproduces this report."""
        return command(self.game, self.option, self.readings, self.games, self.players,
                       self.seed, self.base, self.policy)

    def differences(self) -> tuple[list[tuple[float, tuple[float, float] | None]],
                                   list[tuple[float, tuple[float, float] | None]]]:
        """Per seat, second reading minus first, game by game over the same seeds: the
        mean difference of the win (1, 0 or -1) and of the score, with intervals."""
        first, second = self.outcomes
        wins, scores = [], []
        for seat in range(min(first.seat_count(), second.seat_count())):
            wins.append(mean_interval([int(b[seat]) - int(a[seat])
                                       for a, b in zip(first.won, second.won, strict=True)]))
            scores.append(mean_interval([b[seat] - a[seat] for a, b in
                                         zip(first.scores, second.scores, strict=True)]))
        return wins, scores

    def to_json(self) -> dict[str, Any]:
        wins, scores = self.differences()
        shown = [told_from_chance(i) for _, i in (*wins, *scores)]
        return {
            "game": self.game, "option": self.option, "readings": list(self.readings),
            "players": self.players, "seed": self.seed, "policy": self.policy,
            "base": dict(self.base),
            "listed": self.listed, "games": self.games, "mattered": self.mattered,
            "share": round(self.share, 4),
            "share_interval": _rounded(self.share_interval, 4),
            "examples": [d.to_json() for d in self.examples],
            "outcomes": {str(r): o.to_json() for r, o in zip(self.readings, self.outcomes,
                                                              strict=True)},
            "difference": {
                "win_rate": [{"mean": round(m, 4), "interval": _rounded(i, 4)}
                             for m, i in wins],
                "mean_score": [{"mean": round(m, 2), "interval": _rounded(i, 2)}
                               for m, i in scores],
                "beyond_chance": any(shown)},
            "saved": [str(p) for p in self.saved], "endless": list(self.endless)}

    def lines(self, lang: str) -> list[str]:
        """The report as text in ``lang`` (numbers in its locale)."""
        game = games.get(self.game).game

        def _(message: str) -> str:
            return gettext_for(lang, message)

        first, second = (str(r) for r in self.readings)
        heading = _(HEADING_SOLO if self.players == 1 else HEADING)
        out = [heading.format(game=self.game, option=self.option, first=first, second=second,
                              games=integer(self.games, lang), players=self.players,
                              seed=self.seed)]
        if self.policy != DEFAULT:          # random play's report stays as it was
            out.append(_(PLAYED_BY).format(policy=self.policy))
        variants = [f"{k}={v}" for k, v in self.base if k != OPTION_BOARD]  # the board: above
        if variants:
            out.append(_(WITH_BASE).format(options=", ".join(variants)))
        low, high = self.share_interval
        out.append(_(MATTERED).format(count=integer(self.mattered, lang),
                                      games=integer(self.games, lang),
                                      share=percent(self.share, lang),
                                      confidence=percent(CONFIDENCE, lang),
                                      low=percent(low, lang), high=percent(high, lang)))
        if self.examples:
            out.append(_(FIRST_DIFFERENCES).format(shown=len(self.examples),
                                                   count=integer(self.mattered, lang)))
            for difference in self.examples:
                out.append("  " + difference_text(game, self, difference, lang))
        if self.outcomes[0].games:
            out += self._outcome_lines(lang)
        if self.endless:
            out.append(_(ENDLESS).format(count=integer(len(self.endless), lang),
                                         games=", ".join(map(str, self.endless[:10]))))
        if self.saved:
            out.append(_(SAVED_TO).format(files=integer(len(self.saved), lang),
                                          games=integer(len(self.saved) // 2, lang),
                                          folder=self.saved[0].parent))
        return out

    def _outcome_lines(self, lang: str) -> list[str]:
        def _(message: str) -> str:
            return gettext_for(lang, message)

        first, second = (str(r) for r in self.readings)
        seats = [seat_word(self.game, name, lang) for name in self.outcomes[0].seats]
        wins, scores = self.differences()
        confidence = percent(CONFIDENCE, lang)
        out = [_(WIN_RATES).format(confidence=confidence)]
        rates = [zip(o.win_rates, o.win_intervals(), strict=True) for o in self.outcomes]
        for seat, a, b, (diff, interval) in zip(seats, *rates, wins, strict=False):
            out.append(_(SEAT_LINE).format(
                seat=seat, first=first, second=second,
                a=_rate(a[0], a[1], lang), b=_rate(b[0], b[1], lang),
                difference=_signed(diff, interval, lang, rate=True)))
        out.append(_(MEAN_SCORES).format(confidence=confidence))
        means = [o.score_means() for o in self.outcomes]
        for seat, a, b, (diff, interval) in zip(seats, *means, scores, strict=False):
            out.append(_(SEAT_LINE).format(
                seat=seat, first=first, second=second,
                a=_mean(a[0], a[1], lang), b=_mean(b[0], b[1], lang),
                difference=_signed(diff, interval, lang, rate=False)))
        beyond = [_(WIN_RATE_OF if rate else MEAN_SCORE_OF).format(seat=seat)
                  for rate, found in ((True, wins), (False, scores))
                  for seat, (_m, interval) in zip(seats, found, strict=False)
                  if told_from_chance(interval)]
        out.append(_(BEYOND_CHANCE if beyond else WITHIN_CHANCE).format(
            games=integer(self.games, lang), which=", ".join(beyond), confidence=confidence))
        return out


HEADING = N_("{game}, {option}: {first} against {second}, {games} games at {players} players "
             "(seed {seed})")
HEADING_SOLO = N_("{game}, {option}: {first} against {second}, {games} solo games, 1 player "
                  "(seed {seed})")
WITH_BASE = N_("both readings played with {options}")
PLAYED_BY = N_("seats played by: {policy}")
MATTERED = N_("the reading mattered in {count} of {games} games: {share} ({confidence} "
              "interval: {low} to {high})")
FIRST_DIFFERENCES = N_("the first difference in {shown} of these {count} games:")
WIN_RATES = N_("win rate by seat ({confidence} intervals; the difference is the second "
               "reading's minus the first's, game by game):")
MEAN_SCORES = N_("mean score by seat ({confidence} intervals; the difference likewise):")
SEAT_LINE = N_("  {seat}: {first} {a}, {second} {b}; difference {difference}")
WIN_RATE_OF = N_("the win rate of {seat}")
MEAN_SCORE_OF = N_("the mean score of {seat}")
WITHIN_CHANCE = N_("At {games} games no difference between the readings can be told from "
                   "chance: every {confidence} interval of a difference includes 0.")
BEYOND_CHANCE = N_("At {games} games the difference in {which} is larger than chance "
                   "explains at {confidence}.")
SAVED_TO = N_("wrote {files} game records ({games} games under both readings) to {folder}")
ENDLESS = N_("left out: {count} games that did not end within their maximum length under a "
             "reading (a loop the rules allow, which the policy found): game {games}")
AT_STEP = N_("game {index}, step {step} ({position})")
AT_END = N_("game {index}, at the end after {step} actions")
WHY_TEXT = {
    "turn": N_("{where}: {first_seat} is to move under {first}, {second_seat} under "
               "{second} ({clause})"),
    "offered": N_("{where}: {action} is legal under {allowed}, not under {other} ({clause})"),
    "refused": N_("{where}: {action}, drawn under {allowed}, is refused under {other} "
                  "({clause})"),
    "ended": N_("{where}: the game ends under {allowed} ({clause}) and goes on under "
                "{other}"),
    "result": N_("{where}: the same play ends with another result ({clause})"),
}


def _rate(rate: float, interval: tuple[float, float], lang: str) -> str:
    return f"{percent(rate, lang)} ({percent(interval[0], lang)}–{percent(interval[1], lang)})"


def _number(value: float, lang: str, signed: bool = False) -> str:
    return decimal(value, lang, 1, signed=signed)


def _mean(value: float, interval: tuple[float, float] | None, lang: str) -> str:
    if interval is None:
        return _number(value, lang)
    return f"{_number(value, lang)} ({_number(interval[0], lang)}–{_number(interval[1], lang)})"


def _signed(value: float, interval: tuple[float, float] | None, lang: str, rate: bool) -> str:
    def shown(x: float) -> str:
        return percent(x, lang, signed=True) if rate else _number(x, lang, signed=True)

    if interval is None:
        return shown(value)
    return f"{shown(value)} ({shown(interval[0])} … {shown(interval[1])})"


def difference_text(game: Game[Any, Any], report: Comparison, difference: Difference,
                    lang: str) -> str:
    """The first difference of a game in words of ``lang``: the game and step, the
    position (its first line), the action, the readings and the clause that decides
    (the two games are played again to that step)."""
    def _(message: str) -> str:
        return gettext_for(lang, message)

    values = [str(r) for r in report.readings]
    allowed, other = values[difference.allowed], values[1 - difference.allowed]
    template = _(WHY_TEXT[difference.why])
    if difference.why == "result":
        where = _(AT_END).format(index=difference.game_index, step=difference.step)
        return template.format(where=where, clause=difference.clause)
    pair = play_pair(game, report.options(), report.seed, difference.game_index,
                     listed=report.listed, outcomes=False, keep=True, policies=report.policy)
    assert pair.at is not None and pair.difference == difference
    state = pair.at[difference.allowed]
    position = game.position_text(state, lang).splitlines()[0]
    where = _(AT_STEP).format(index=difference.game_index, step=difference.step,
                              position=position)
    action = "" if difference.action is None else game.describe(
        state, game.action_from_json(dict(difference.action)), lang)
    names = [_mover(game, s, lang) for s in pair.at]
    return template.format(
        where=where, action=action, allowed=allowed, other=other, clause=difference.clause,
        first=values[0], second=values[1], first_seat=names[0], second_seat=names[1])


def _mover(game: Game[Any, Any], state: Any, lang: str) -> str:
    """The seat to move in ``state`` in words (chance as ``chance``)."""
    player = game.to_move(state)
    names = list(game.spec.meta.get("players", ()))
    if 0 <= player < len(names):
        return seat_word(game.id, names[player], lang)
    return gettext_for(lang, N_("chance")) if player < 0 else str(player)


# ------------------------------------------------------------------ the measure

def compare(game_id: str, option: str, values: tuple[Any, Any], n: int,
            players: int | None = None, seed: int = 0, jobs: int = 1,
            listed: bool = True, base: Mapping[str, Any] | None = None,
            outcomes: bool = True, policies: str = DEFAULT,
            progress: Callable[[int], None] | None = None) -> Comparison:
    """Play ``n`` seeds under ``option = values[0]`` and ``values[1]`` (see the module;
    ``base``: other variants both readings play with; ``listed``, ``outcomes`` and
    ``policies``: see :func:`play_pair`; ``progress(k)`` as ``k`` more games are done).
    The site's "Effect in play" is this figure (its runs play the same :func:`play_pair`
    through :func:`tally`)."""
    game = games.get(game_id).game
    players = game.default_players if players is None else players
    options = readings(game, option, values, players, base)
    task = PairTask(game_id, options, seed, listed, outcomes, policies)
    done = None if progress is None else (lambda part: progress(len(part)))
    pieces = chunks(n, 10 if policies == DEFAULT else 1)
    pairs = (pair for part in pools.map_in_order(task, pieces, jobs, done=done)
             for pair in part)
    report = Comparison(game_id, option, values, players, seed,
                        base=tuple(sorted((base or {}).items())), listed=listed,
                        policy=policies)
    return tally(report, pairs)


def tally(report: Comparison, pairs: Iterable[Pair]) -> Comparison:
    """``report`` with ``pairs`` (in the order of their seeds) counted into it."""
    for pair in pairs:
        if pair.endless:
            report.endless.append(pair.index)
            continue
        report.games += 1
        if pair.first is not None and pair.second is not None:
            report.outcomes[0].add(pair.first)
            report.outcomes[1].add(pair.second)
        if pair.difference is not None:
            report.mattered += 1
            report.differing.append(pair.index)
            if len(report.examples) < EXAMPLES:
                report.examples.append(pair.difference)
    return report


def save(report: Comparison, folder: Path, most: int = SAVED) -> list[Path]:
    """Write both games of the first ``most`` differing games of ``report`` as game
    records to ``folder`` (``<game>-game<index>-<option>-<value>.json``), each with the
    options of its reading, so ``regelwerk replay`` and ``explain`` play it under that
    reading; written safely (:meth:`GameRecord.write`). Returns the files."""
    game = games.get(report.game).game
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(N_("{file}: cannot write the file ({error})"), file=folder,
                          error=exc.strerror or exc) from None
    written = []
    for index in report.differing[:most]:
        pair = play_pair(game, report.options(), report.seed, index, listed=report.listed,
                         keep=True, policies=report.policy)
        assert pair.taken is not None and pair.ends is not None
        for value, options, actions, end in zip(report.readings, report.options(), pair.taken,
                                                pair.ends, strict=True):
            record = GameRecord.played(game, game_seed(report.seed, index),
                                       tuple(game.action_to_json(a) for a in actions), options,
                                       game.result(end))
            path = folder / f"{game.id}-game{index}-{report.option}-{value}.json"
            record.write(path)
            written.append(path)
    report.saved = written
    return written


def command(game_id: str, option: str, values: tuple[Any, Any], n: int, players: int,
            seed: int = 0, base: Iterable[tuple[str, Any]] = (), policy: str = DEFAULT) -> str:
    """The ``regelwerk compare`` command line of a comparison."""
    words = ["regelwerk", "compare", game_id, "--option", f"{option}={values[0]}",
             "--option", f"{option}={values[1]}"]
    for name, value in base:
        words += (["--board", str(getattr(value, "file", None) or "BOARD")] if name == "board"
                  else ["--with", f"{name}={value}"])
    words += ["-n", str(n), "--players", str(players), "--seed", str(seed)]
    if policy != DEFAULT:
        words += ["--policy", policy]
    return shlex.join(words)
