"""Statistics of games: scores, game length, wins by seat, action kinds.

``regelwerk stats GAME [--players P] [-n N] [--plot FILE]``: ``n`` random games
played as ``simulate`` plays them (game ``i`` of a run with seed ``s``: game seed
:func:`~regelwerk.simulate.game_seed`, policy :func:`~regelwerk.simulate.policy`), then
per seat the score distribution and win rate, the distribution of game lengths and
how often each action kind was taken. The seats play at random unless ``--policy`` names
other policies (:mod:`regelwerk.policies`). ``--plot`` draws them with matplotlib as one
SVG, captions in the reader's language.

The figures are cached under ``_build/stats/``, keyed by the rules' content: the
hash of the game's spec files, of the engine's sources (core and the game's package)
and the package version, with players, games, seed and the policy. A rule change recomputes
them, an unchanged run reads them back. A damaged cache file (not JSON, nested too
deeply, figures that do not fit together) is never read: its run is played anew and the
file rewritten. A cache folder that cannot be made or written into is an
:class:`~regelwerk.engine.core.files.OutputError` (:func:`usable`); ``regelwerk stats``
refuses such a ``--cache`` and plays without its default cache, saying so.
"""


from __future__ import annotations

import errno
import hashlib
import io
import json
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata, resources
from pathlib import Path
from statistics import mean, median
from typing import Any

from regelwerk import games, pools
from regelwerk.compare import Played, chunks, finished
from regelwerk.engine.core.clauses import clause_title
from regelwerk.engine.core.files import OutputError, write_text
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.spec import SpecError
from regelwerk.policies import DEFAULT, all_random, parse_seats, step
from regelwerk.simulate import ended_within, game_seed, policy

FORMAT = "regelwerk-stats/1"


@dataclass
class Stats:
    """The figures of a run: per game its length, winners and scores; action kinds summed."""

    game: str
    players: int
    games: int
    seed: int
    key: str
    lengths: list[int] = field(default_factory=list)
    scores: list[list[int]] = field(default_factory=list)       # per seat, one per game
    wins: list[int] = field(default_factory=list)               # per seat
    kinds: dict[str, int] = field(default_factory=dict)
    cached: bool = False
    seats: list[str] = field(default_factory=list)              # the outcome's names
    policy: str = DEFAULT                                       # how the seats chose

    def add(self, played: Played) -> None:
        if not self.scores:
            self.scores = [[] for _ in played.scores]
            self.wins = [0] * len(played.scores)
            self.seats = list(played.seats)
        self.lengths.append(played.actions)
        for seat, score in enumerate(played.scores):
            self.scores[seat].append(score)
        for seat in played.winners:
            self.wins[seat] += 1
        for kind, count in played.kinds.items():
            self.kinds[kind] = self.kinds.get(kind, 0) + count

    @property
    def win_rates(self) -> list[float]:
        return [w / self.games for w in self.wins] if self.games else []

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "players": self.players,
                "games": self.games, "seed": self.seed, "key": self.key,
                "policy": self.policy, "lengths": self.lengths, "scores": self.scores, "wins": self.wins,
                "kinds": dict(sorted(self.kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
                "seats": self.seats}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stats:
        """The figures of a cache file; ``ValueError`` when they do not fit together (a
        damaged or hand-edited file)."""
        if not _figures_fit(data):
            raise ValueError("damaged figures")
        return cls(data["game"], data["players"], data["games"], data["seed"], data["key"],
                   list(data["lengths"]), [list(s) for s in data["scores"]], list(data["wins"]),
                   dict(data["kinds"]), cached=True, seats=list(data.get("seats", [])),
                   policy=str(data.get("policy", DEFAULT)))

    def summary(self) -> dict[str, Any]:
        """Means and medians for the text report."""
        return {"length": {"mean": round(mean(self.lengths), 1), "median": median(self.lengths),
                           "min": min(self.lengths), "max": max(self.lengths)},
                "score": [{"mean": round(mean(s), 1), "median": median(s), "min": min(s),
                           "max": max(s)} for s in self.scores],
                "win_rate": [round(r, 4) for r in self.win_rates]}


def _figures_fit(data: dict[str, Any]) -> bool:
    """Whether a cache file's figures are whole numbers of the right shape: one length
    per game, per seat one score per game and a win count, action kinds with counts."""
    def whole(value: Any) -> bool:
        return type(value) is int

    games, lengths, scores = data["games"], data["lengths"], data["scores"]
    wins, kinds, seats = data["wins"], data["kinds"], data.get("seats", [])
    return (whole(games) and games >= 1 and whole(data["players"]) and whole(data["seed"])
            and isinstance(lengths, list) and len(lengths) == games
            and all(whole(x) for x in lengths)
            and isinstance(scores, list) and scores != []
            and all(isinstance(s, list) and len(s) == games and all(whole(x) for x in s)
                    for s in scores)
            and isinstance(wins, list) and len(wins) == len(scores)
            and all(whole(x) for x in wins)
            and isinstance(kinds, dict)
            and all(isinstance(k, str) and whole(v) for k, v in kinds.items())
            and isinstance(seats, list) and all(isinstance(x, str) for x in seats))


def rules_key(game_id: str) -> str:
    """The hash of what the rules are and how they are measured: the game's spec files,
    the engine's sources (core and the game's package), the measure of a reading's
    effect (``regelwerk/compare.py``) and the package version."""
    digest = hashlib.sha256()
    try:
        digest.update(metadata.version("regelwerk").encode())
    except metadata.PackageNotFoundError:
        digest.update(b"source")
    folders = [resources.files("regelwerk.spec") / game_id,
               resources.files("regelwerk.engine") / "core",
               resources.files("regelwerk.engine") / game_id]
    for folder in folders:
        for path in sorted(_files(folder), key=lambda p: p.name):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    digest.update((resources.files("regelwerk") / "compare.py").read_bytes())
    return digest.hexdigest()[:20]


def _files(folder: Any) -> Iterable[Any]:
    for entry in folder.iterdir():
        if entry.is_file() and entry.name.endswith((".toml", ".py")):
            yield entry


@dataclass(frozen=True)
class _PlayTask:
    game: str
    players: int
    seed: int
    #: rule variants and a printed board (``stats --option/--board``), as (name, value) pairs
    extra: tuple[tuple[str, Any], ...] = ()
    #: how the seats choose (``--policy``)
    policies: str = DEFAULT

    def __call__(self, indices: Iterable[int]) -> list[Played]:
        game = games.get(self.game).game
        options = {**dict(self.extra), "players": self.players}
        result = []
        for index in indices:
            rng = policy(self.seed, index)
            state = game.new_game(seed=game_seed(self.seed, index), options=options)
            seats = parse_seats(self.policies, len(game.seats(state)))
            random = all_random(seats)
            kinds: dict[str, int] = {}
            steps = 0
            while not game.is_over(state):
                action, state = (game.step_random(state, rng) if random
                                 else step(game, state, seats, rng))
                name = game.kind_of[type(action)].name
                kinds[name] = kinds.get(name, 0) + 1
                steps += 1
                ended_within(game, state, steps, index, self.seed, self.policies)
            result.append(finished(game, state, steps, kinds))
        return result


def cache_file(folder: Path, game_id: str, players: int, n: int, seed: int, key: str,
               policies: str = DEFAULT) -> Path:
    played = "" if policies == DEFAULT else "-" + policies.replace(":", "").replace(",", "+")
    return folder / f"{game_id}-{players}p-{n}g-s{seed}{played}-{key}.json"


def stats(game_id: str, players: int | None = None, n: int = 200, seed: int = 0,
          jobs: int = 1, cache: Path | None = None,
          options: Mapping[str, Any] | None = None, policies: str = DEFAULT,
          progress: Callable[[int], None] | None = None) -> Stats:
    """The statistics of ``n`` games (read from ``cache`` when it holds them for
    the same rules; written there otherwise). ``options``: rule variants and a printed
    board the games are played with (such a run is played, not cached); ``policies``: how
    the seats choose (``--policy``); ``progress(k)`` as ``k`` more games are played."""
    game = games.get(game_id).game
    players = game.default_players if players is None else players
    extra = tuple(sorted((k, v) for k, v in (options or {}).items() if k != "players"))
    game.rules_for({**dict(extra), "players": players})   # wrong options: SpecError, one line
    if n < 1:
        raise SpecError(N_("{game}: the number of games must be at least 1, not {n}"),
                        game=game_id, n=n)
    run = Run(game_id, players, n, seed=seed, policy=policies)
    key = rules_key(game_id)
    if cache is not None and not extra:
        found = run.read(cache, key)
        if isinstance(found, Stats):
            return found
        fill_cache([run], cache, jobs, keys={game_id: key}, progress=progress)
        found = run.read(cache, key)
        if isinstance(found, Stats):
            found.cached = False                  # played now, not read back
            return found
    result = Stats(game_id, players, n, seed, key, policy=policies)
    task = _PlayTask(game_id, players, seed, extra, policies) if extra else run.task()
    done = None if progress is None else (lambda part: progress(len(part)))
    for part in pools.map_in_order(task, chunks(n, 10 if policies == DEFAULT else 1), jobs,
                                   done=done):
        for played in part:
            result.add(played)
    return result


@dataclass(frozen=True, order=True)
class Run:
    """One cached run: the statistics of ``games`` random games at ``players`` players
    (``option`` empty, :func:`stats`), or the same seeds under the readings ``values``
    of the rule variant ``option`` (:func:`reading_share`; ``listed`` and ``outcomes``:
    see :func:`regelwerk.compare.play_pair`; without outcomes only the share of games in
    which the reading mattered is kept)."""

    game: str
    players: int
    games: int
    option: str = ""
    values: tuple[str, str] = ("", "")
    seed: int = 0
    listed: bool = False
    outcomes: bool = True
    #: other rule variants both readings are played with, as (name, value) pairs
    base: tuple[tuple[str, str], ...] = ()
    #: how the seats choose (``--policy``; random play's files keep their names)
    policy: str = DEFAULT

    def path(self, cache: Path, key: str) -> Path:
        """The run's cache file for the rules whose :func:`rules_key` is ``key``."""
        if not self.option:
            return cache_file(cache, self.game, self.players, self.games, self.seed, key,
                              self.policy)
        first, second = self.values
        base = "".join(f"-with-{name}={value}" for name, value in self.base)
        played = "" if self.policy == DEFAULT else \
            "-" + self.policy.replace(":", "").replace(",", "+")
        return cache / (f"{self.game}-compare-{self.option}-{first}-{second}{base}-{self.players}p-"
                        f"{self.games}g-s{self.seed}{'' if self.listed else '-course'}"
                        f"{'' if self.outcomes else '-share'}{played}-{key}.json")

    def read(self, cache: Path, key: str) -> Stats | dict[str, Any] | None:
        """The cached figures for the rules ``key`` (a :class:`Stats`, or the JSON of a
        comparison), or ``None`` when the cache lacks them or holds a damaged file."""
        path = self.path(cache, key)
        try:
            if not path.is_file():
                return None
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("key") != key or data.get("policy", DEFAULT) != self.policy:
                return None
            if self.option:         # what the site shows of a comparison must be there
                fits = (type(data.get("games")) is int and data["games"] == self.games
                        and type(data.get("mattered")) is int
                        and 0 <= data["mattered"] <= data["games"])
                return dict(data) if fits else None

            same_run = all(type(data.get(name)) is type(value) and data.get(name) == value
                           for name, value in (("game", self.game), ("players", self.players),
                                               ("games", self.games), ("seed", self.seed)))
            return Stats.from_json(data) if data.get("format") == FORMAT and same_run else None
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return None              # a damaged cache file is computed anew

    def task(self) -> Callable[[Iterable[int]], list[Any]]:
        """Plays the games of some indices of the run (a picklable callable)."""
        if not self.option:
            return _PlayTask(self.game, self.players, self.seed, policies=self.policy)
        from regelwerk.compare import PairTask, readings

        game = games.get(self.game).game
        return PairTask(self.game, readings(game, self.option, self.values, self.players,
                                             dict(self.base)),
                         self.seed, self.listed, self.outcomes, self.policy)

    def result(self, key: str, played: Iterable[Any]) -> Stats | dict[str, Any]:
        """The figures of the run from its games, in the order of their indices."""
        if not self.option:
            figures = Stats(self.game, self.players, self.games, self.seed, key,
                            policy=self.policy)
            for one in played:
                figures.add(one)
            return figures
        from regelwerk.compare import Comparison, tally

        report = tally(Comparison(self.game, self.option, self.values, self.players,
                                  self.seed, base=self.base, listed=self.listed,
                                  policy=self.policy), played)
        return {**report.to_json(), "key": key}


def usable(cache: Path) -> None:
    """Make the cache folder ``cache`` if it is not there; :class:`OutputError` (one line,
    in the reader's language) when it cannot be made or is not a folder."""
    try:
        cache.mkdir(parents=True, exist_ok=True)
        if not os.access(cache, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    except OSError as exc:
        raise OutputError(N_("{folder}: cannot use it as the cache folder ({error})"),
                          folder=cache, error=exc) from None


def _play(work: tuple[Callable[[Iterable[int]], list[Any]], range]) -> list[Any]:
    task, indices = work
    return task(indices)


def fill_cache(runs: Iterable[Run], cache: Path, jobs: int = 1, chunk: int = 5,
               keys: Mapping[str, str] | None = None,
               progress: Callable[[int], None] | None = None) -> list[Run]:
    """Compute every run ``cache`` lacks for the present rules and write its file; all
    their games are spread over ``jobs`` worker processes at once (``chunk`` games a
    piece, the most costly runs first), so many small runs keep every core busy. A run
    whose file is there for the same rules is not played again. ``keys``: the games'
    :func:`rules_key` where the caller has taken them already. Returns the runs
    computed. ``progress(k)``: as ``k`` more games are played."""
    keys = dict(keys or {})
    missing = []
    for run in dict.fromkeys(runs):
        key = keys.setdefault(run.game, rules_key(run.game))
        if run.read(cache, key) is None:
            missing.append(run)
    if not missing:
        return []
    # comparisons play every game twice and lists go by seats: the costly ones first
    order = sorted(missing, key=lambda r: (-(r.games * r.players * (2 if r.option else 1)), r))
    pieces = [(run, part) for run in order
              for part in chunks(run.games, chunk if run.policy == DEFAULT else 1)]
    tasks = {run: run.task() for run in order}
    done = None if progress is None else (lambda work: progress(len(work[1])))
    played = pools.map_in_order(_play, [(tasks[run], part) for run, part in pieces], jobs,
                                done=done)
    gathered: dict[Run, list[Any]] = {run: [] for run in order}
    for (run, _part), games_played in zip(pieces, played, strict=True):
        gathered[run].extend(games_played)
    usable(cache)
    for run in order:
        figures = run.result(keys[run.game], gathered[run])
        data = figures.to_json() if isinstance(figures, Stats) else figures
        path = run.path(cache, keys[run.game])
        write_text(path, json.dumps(data, ensure_ascii=False) + "\n")
        # the same run for rules that are no more: never read again
        stale = re.compile(re.escape(run.path(cache, "KEY").name).replace("KEY", "[0-9a-f]+"))
        for old in cache.iterdir():
            if old != path and stale.fullmatch(old.name):
                old.unlink(missing_ok=True)
    return order


# ------------------------------------------------------------------ the plot

TITLE = N_("{game}: {games} random games, {players} players")
SCORES = N_("Final score by seat")
LENGTH = N_("Game length (actions)")
WINS = N_("Win rate by seat")
KINDS = N_("Action kinds chosen")
SCORE_AXIS = N_("score")
GAMES_AXIS = N_("games")
ACTIONS_AXIS = N_("actions")
SHARE_AXIS = N_("share of games won")
COUNT_AXIS = N_("times chosen")
#: The most frequent action kinds the plot shows.
KINDS_SHOWN = 15


def kind_label(game_id: str, kind: str, lang: str) -> str:
    """An action kind in ``lang``: the title of its clause, with its record name."""
    game = games.get(game_id).game
    found = next((k for k in game.kinds if k.name == kind), None)
    if found is None:
        return kind
    return f"{clause_title(game.spec, found.clause, lang)} ({kind})"


def plot(result: Stats, names: Sequence[str], lang: str, title: str | None = None) -> str:
    """The figures of ``result`` as one SVG document, captions in ``lang`` (``title``: the
    game's name in the heading, by default its id)."""
    import matplotlib
    from matplotlib.figure import Figure

    def _(message: str) -> str:
        return gettext_for(lang, message)

    # fixed margins: a layout engine measures every text twice and costs half the time
    figure = Figure(figsize=(11, 8))
    figure.subplots_adjust(left=0.07, right=0.98, bottom=0.07, top=0.9, wspace=0.18,
                           hspace=0.32)
    figure.suptitle(_(TITLE).format(game=title or result.game, games=result.games,
                                    players=result.players))
    top_left, top_right, bottom_left, bottom_right = figure.subplots(2, 2).flatten()
    labels = [names[i] if i < len(names) else str(i) for i in range(len(result.scores))]
    top_left.hist(result.scores, bins=20, label=labels, histtype="step")
    top_left.set(title=_(SCORES), xlabel=_(SCORE_AXIS), ylabel=_(GAMES_AXIS))
    top_left.legend()
    top_right.hist(result.lengths, bins=20)
    top_right.set(title=_(LENGTH), xlabel=_(ACTIONS_AXIS), ylabel=_(GAMES_AXIS))
    bottom_left.bar(labels, result.win_rates)
    bottom_left.set(title=_(WINS), ylabel=_(SHARE_AXIS))
    shown = sorted(result.kinds.items(), key=lambda kv: (-kv[1], kv[0]))[:KINDS_SHOWN]
    rows = range(len(shown))
    bottom_right.barh(rows, [c for _k, c in reversed(shown)], color="#9ecae1")
    for row, (kind, _count) in zip(rows, reversed(shown), strict=True):
        # each kind's name on its own bar, so no margin has to fit the longest name
        bottom_right.text(0, row, f" {kind_label(result.game, kind, lang)}", va="center",
                          ha="left", fontsize=8)
    bottom_right.set(title=_(KINDS), xlabel=_(COUNT_AXIS), yticks=[])
    buffer = io.StringIO()
    # text as text (searchable, translatable), and the same figures give the same file
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "regelwerk"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


# ------------------------------------------------------------------ what a reading changes, cached

def reading_share(game_id: str, option: str, values: tuple[str, str], n: int,
                  players: int | None = None, seed: int = 0, jobs: int = 1,
                  cache: Path | None = None, listed: bool = True) -> dict[str, Any]:
    """:func:`regelwerk.compare.compare` of two readings as JSON, read from ``cache`` when
    it holds the same run for the same rules (the same key as :func:`stats`)."""
    from regelwerk.compare import compare

    game = games.get(game_id).game
    players = game.default_players if players is None else players
    key = rules_key(game_id)
    if cache is not None:
        run = Run(game_id, players, n, option, (str(values[0]), str(values[1])), seed, listed)
        fill_cache([run], cache, jobs, keys={game_id: key})
        found = run.read(cache, key)
        if isinstance(found, dict):
            return found
    return {**compare(game_id, option, values, n, players, seed, jobs, listed).to_json(),
            "key": key}
