"""Statistics of random games: scores, game length, wins by seat, action kinds.

``regelwerk stats GAME [--players P] [-n N] [--plot FILE]``: ``n`` random games
played as ``simulate`` plays them (game ``i`` of a run with seed ``s``: game seed
:func:`~regelwerk.simulate.game_seed`, policy ``Random(f"{s}/{i}/policy")``), then
per seat the score distribution and win rate, the distribution of game lengths and
how often each action kind was taken. ``--plot`` draws them with matplotlib as one
SVG, captions in the reader's language.

The figures are cached under ``_build/stats/``, keyed by the rules' content: the
hash of the game's spec files, of the engine's sources (core and the game's package)
and the package version, with players, games and seed. A rule change recomputes
them, an unchanged run reads them back.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import metadata, resources
from pathlib import Path
from random import Random
from statistics import mean, median
from typing import Any

from regelwerk import games
from regelwerk.compare import Played, chunks, finished, parallel_map
from regelwerk.engine.core.files import write_text
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.spec import SpecError
from regelwerk.simulate import game_seed

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

    def add(self, played: Played) -> None:
        if not self.scores:
            self.scores = [[] for _ in played.scores]
            self.wins = [0] * len(played.scores)
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
                "lengths": self.lengths, "scores": self.scores, "wins": self.wins,
                "kinds": dict(sorted(self.kinds.items(), key=lambda kv: (-kv[1], kv[0])))}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stats:
        return cls(data["game"], data["players"], data["games"], data["seed"], data["key"],
                   list(data["lengths"]), [list(s) for s in data["scores"]], list(data["wins"]),
                   dict(data["kinds"]), cached=True)

    def summary(self) -> dict[str, Any]:
        """Means and medians for the text report."""
        return {"length": {"mean": round(mean(self.lengths), 1), "median": median(self.lengths),
                           "min": min(self.lengths), "max": max(self.lengths)},
                "score": [{"mean": round(mean(s), 1), "median": median(s), "min": min(s),
                           "max": max(s)} for s in self.scores],
                "win_rate": [round(r, 4) for r in self.win_rates]}


def rules_key(game_id: str) -> str:
    """The hash of what the rules are: the game's spec files, the engine's sources (core
    and the game's package) and the package version."""
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

    def __call__(self, indices: Iterable[int]) -> list[Played]:
        game = games.get(self.game).game
        options = {"players": self.players}
        result = []
        for index in indices:
            rng = Random(f"{self.seed}/{index}/policy")
            state = game.new_game(seed=game_seed(self.seed, index), options=options)
            kinds: dict[str, int] = {}
            steps = 0
            while not game.is_over(state):
                action, state = game.step_random(state, rng)
                name = game.kind_of[type(action)].name
                kinds[name] = kinds.get(name, 0) + 1
                steps += 1
            result.append(finished(game, state, steps, kinds))
        return result


def cache_file(folder: Path, game_id: str, players: int, n: int, seed: int, key: str) -> Path:
    return folder / f"{game_id}-{players}p-{n}g-s{seed}-{key}.json"


def stats(game_id: str, players: int | None = None, n: int = 200, seed: int = 0,
          jobs: int = 1, cache: Path | None = None) -> Stats:
    """The statistics of ``n`` random games (read from ``cache`` when it holds them for
    the same rules; written there otherwise)."""
    game = games.get(game_id).game
    players = game.default_players if players is None else players
    game.rules_for({"players": players})          # a wrong count: SpecError, one line
    if n < 1:
        raise SpecError(N_("{game}: the number of games must be at least 1, not {n}"),
                        game=game_id, n=n)
    key = rules_key(game_id)
    path = cache_file(cache, game_id, players, n, seed, key) if cache is not None else None
    if path is not None and path.is_file():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") == FORMAT and data.get("key") == key:
                return Stats.from_json(data)
        except (OSError, ValueError, KeyError, TypeError):
            pass                    # a damaged cache file is computed anew
    result = Stats(game_id, players, n, seed, key)
    for part in parallel_map(_PlayTask(game_id, players, seed), chunks(n), jobs):
        for played in part:
            result.add(played)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, json.dumps(result.to_json(), ensure_ascii=False) + "\n")
    return result


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


def plot(result: Stats, names: Sequence[str], lang: str) -> str:
    """The figures of ``result`` as one SVG document, captions in ``lang``."""
    import matplotlib
    from matplotlib.figure import Figure

    def _(message: str) -> str:
        return gettext_for(lang, message)

    figure = Figure(figsize=(11, 8), layout="constrained")
    figure.suptitle(_(TITLE).format(game=result.game, games=result.games,
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
    bottom_right.barh([k for k, _c in reversed(shown)], [c for _k, c in reversed(shown)])
    bottom_right.set(title=_(KINDS), xlabel=_(COUNT_AXIS))
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
    name = (f"{game_id}-compare-{option}-{values[0]}-{values[1]}-{players}p-{n}g-s{seed}"
            f"{'' if listed else '-course'}-{key}.json")
    path = None if cache is None else cache / name
    if path is not None and path.is_file():
        try:
            data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
            if data.get("key") == key:
                return data
        except (OSError, ValueError):
            pass                    # a damaged cache file is computed anew
    data = {**compare(game_id, option, values, n, players, seed, jobs, listed).to_json(),
            "key": key}
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text(path, json.dumps(data, ensure_ascii=False) + "\n")
    return data
