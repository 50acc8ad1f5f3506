"""Random games on the reference pages, computed at build time from a cache.

```{game-statistics} medici_vs_strozzi
:players: 2
:games: 50
```

draws the plots of ``regelwerk stats`` (:func:`regelwerk.stats.plot`: scores, game
length, wins by seat, action kinds) as a figure whose caption, in the build language,
names the game, the number of games and the player count.

Every entry of an ``interpretation-register`` that names a rule variant shows, for
each other reading, how often it changed what a player sees in the same random games
(:mod:`regelwerk.compare`: the player to move, the legal actions offered, the action
taken or the result): "… in x% of n random games at p players (95% interval: …)",
and the ``regelwerk compare`` command that prints the same figure
(:func:`reading_effects`). The runs play :func:`regelwerk.compare.play_pair` through
:func:`regelwerk.compare.tally`, as ``compare`` does, and stop each game at its first
difference, so only the share is kept. The register's options choose the player count
(``:effect-players: 3, solo=1, crests_two_three=3``: a bare number for every entry,
``name=count`` for the entries of a variant or of a clause group; default: the game's
default count) and the number of games (``:effect-games:``).

``reading-effects <game>`` (same options) lists the same lines for every such entry
of a game, outside the register.

All read the cache of :mod:`regelwerk.stats` (``regelwerk_stats_cache``, default
``_build/stats`` beside the sources' folder), keyed by the rules' content: a rule
change recomputes, an unchanged build does not, and a page is read again when the
rules of a game it shows change. :func:`planned_runs` lists every run the pages ask
for, so :func:`regelwerk.site.build_site` computes them all once, on every core,
before the languages are built; it then sets ``regelwerk_stats_require``, and a run
missing from the cache is an error instead of a second computation. The gettext
builder computes nothing (these texts are not in the page catalogs: they come from
the engine catalogs).
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from regelwerk import compare, games
from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.engine.core.numbers import percent
from regelwerk.engine.core.spec import Interpretation, Spec
from regelwerk.policies import DEFAULT
from regelwerk.sphinxext import common, domain
from regelwerk.stats import Run, Stats, fill_cache, rules_key

#: Random games per player count on a statistics page, and per reading in a register.
STATS_GAMES = 50
EFFECT_GAMES = 20

CAPTION = N_("Random games of {game} at {players} players ({games} games): final score by "
             "seat, game length, win rate by seat and how often each action kind is chosen.")
CAPTION_SOLO = N_("Random solo games of {game}, 1 player against the automa ({games} games): "
                  "final score by seat, game length, win rate by seat and how often each "
                  "action kind is chosen.")
SUMMARY = N_("Mean final score by seat: {scores}; mean game length {length} actions; "
             "win rate by seat: {wins}.")
EFFECT = N_("Effect in play")
MATTERS = N_("The reading {value} changes the course of play or the outcome in {percent} of "
             "{games} random games at {players} players ({confidence} interval: {low} to "
             "{high}).")
MATTERS_SOLO = N_("The reading {value} changes the course of play or the outcome in "
                  "{percent} of {games} random solo games, 1 player ({confidence} interval: "
                  "{low} to {high}).")
REPRODUCE = N_("The same figure on the command line: {command}")
WITH = N_("Measured with the rule variant {options}, where the reading applies.")
POLICY = N_("Every seat played by the policy {policy}: each chooses uniformly among its legal "
            "actions (regelwerk's --policy; greedy and MCTS play are measured with "
            "regelwerk compare --policy).")
POLICY_OTHER = N_("Every seat played by the policy {policy} (regelwerk's --policy).")

#: The directives whose runs :func:`planned_runs` finds in the pages.
_BLOCK = re.compile(r"^(?P<fence>`{3,}|~{3,})\{(?P<name>game-statistics|interpretation-register)\}"
                    r"[ \t]*(?P<arg>\S*)[ \t]*\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S)
_OPTION = re.compile(r"^:(?P<name>[\w-]+):[ \t]*(?P<value>.*?)[ \t]*$")


# ------------------------------------------------------------------ which runs

def statistics_run(game_id: str, players: int | None = None, count: int | None = None) -> Run:
    """The run a ``game-statistics`` directive shows (``count``: its ``:games:``, by
    default :data:`STATS_GAMES`, the default of ``regelwerk_stats_games``)."""
    game = games.get(game_id).game
    return Run(game_id, game.default_players if players is None else players,
               count or STATS_GAMES)


def effect_players(text: str | None, default: int) -> dict[str, int]:
    """``"3, solo=1"`` -> ``{"": 3, "solo": 1}`` (``""``: every other entry)."""
    chosen = {"": default}
    for item in filter(None, (part.strip() for part in (text or "").split(","))):
        name, _, value = item.rpartition("=")
        chosen[name.strip()] = int(value)
    return chosen


def entry_players(spec: Spec, entry: Interpretation, chosen: Mapping[str, int]) -> int:
    """The player count at which ``entry``'s readings are measured: its variant's own, else
    that of the first of its clauses' groups named, else the default."""
    if entry.variant in chosen:
        return chosen[entry.variant]
    for clause_id in entry.clauses:
        group = common.split_id(clause_id)[1].split(".")[0]
        if group in chosen:
            return chosen[group]
    return chosen[""]


def effect_with(text: str | None) -> dict[str, tuple[tuple[str, str], ...]]:
    """``"a=level:easier, b=level:harder"`` -> ``{"a": (("level", "easier"),), ...}``: the
    other variants a variant's readings are measured with, where they only apply there."""
    found: dict[str, tuple[tuple[str, str], ...]] = {}
    for item in filter(None, (part.strip() for part in (text or "").split(","))):
        variant, _, setting = item.partition("=")
        name, _, value = setting.partition(":")
        if not (variant.strip() and name.strip() and value.strip()):
            raise ValueError(f"effect-with: {item!r} is not variant=other_variant:value")
        found[variant.strip()] = (*found.get(variant.strip(), ()), (name.strip(), value.strip()))
    return found


def effect_runs(game_id: str, entry: Interpretation, players: int,
                count: int | None = None, base: tuple[tuple[str, str], ...] = ()) -> list[Run]:
    """One run per reading of ``entry``'s variant other than the default (none without one);
    ``base``: other variants both readings are played with."""
    variant = {v.name: v for v in games.get(game_id).game.variants}.get(entry.variant)
    if variant is None:
        return []
    return [Run(game_id, players, count or EFFECT_GAMES, variant.name,
                (variant.default, value), listed=True, outcomes=False, base=base)
            for value in variant.choices[1:]]


def register_runs(game_id: str, players: str | None, count: int | None,
                  with_: str | None = None) -> list[Run]:
    """Every run an ``interpretation-register`` of ``game_id`` shows."""
    game = games.get(game_id).game
    chosen = effect_players(players, game.default_players)
    bases = effect_with(with_)
    return [run for entry in game.spec.interpretations.values()
            for run in effect_runs(game_id, entry, entry_players(game.spec, entry, chosen),
                                   count, bases.get(entry.variant or "", ()))]


def planned_runs(docs: Path) -> list[Run]:
    """Every run the pages under ``docs`` show (their directives read from the sources, as
    Sphinx will read them), in page order without repeats."""
    runs: list[Run] = []
    for page in sorted(docs.rglob("*.md")):
        for block in _BLOCK.finditer(page.read_text(encoding="utf-8")):
            options = {}
            for line in block["body"].splitlines():
                match = _OPTION.match(line)
                if not match:
                    break
                options[match["name"]] = match["value"]
            if block["name"] == "game-statistics":
                runs.append(statistics_run(block["arg"], _int(options.get("players")),
                                           _int(options.get("games"))))
            else:
                runs += register_runs(block["arg"], options.get("effect-players"),
                                      _int(options.get("effect-games")),
                                      options.get("effect-with"))
    return list(dict.fromkeys(runs))


def _int(value: str | None) -> int | None:
    return int(value) if value else None


# ------------------------------------------------------------------ reading the cache

def _cache(env: BuildEnvironment) -> Path:
    configured = env.config.regelwerk_stats_cache
    return Path(configured) if configured else Path(env.srcdir).parent / "_build" / "stats"


def _figures(directive: SphinxDirective, run: Run) -> Stats | dict[str, Any] | None:
    """The run's figures from the cache (``None`` for the gettext builder, which shows
    none); computed here only outside the site build (see the module)."""
    env = directive.env
    if env._builder_cls.name == "gettext":
        return None
    cache, key = _cache(env), _key(env.config, run.game)
    found = run.read(cache, key)
    if found is None:
        if env.config.regelwerk_stats_require:
            raise directive.error(f"{run} is not in the statistics cache {cache} for the "
                                  f"rules {key}: regelwerk.sphinxext.stats.planned_runs "
                                  "missed it")
        fill_cache([run], cache, keys={run.game: key})
        found = run.read(cache, key)
    domain.of(env).note_stats_key(env.docname, run.game, key)
    return found


def _key(config: Config, game: str) -> str:
    """The game's rules key: as the site build took it before computing the cache
    (``regelwerk_stats_keys``, so a rule edited during a build changes nothing in it),
    else :func:`regelwerk.stats.rules_key` now."""
    given = json.loads(config.regelwerk_stats_keys or "{}")
    return str(given[game]) if game in given else rules_key(game)


def _percent(share: float, lang: str) -> str:
    """``0.35`` -> ``35%`` (German: ``35 %``); below one in a hundred, one decimal."""
    shown = f"{100 * share:.0f}" if share == 0 or share >= 0.01 else f"{100 * share:.1f}"
    return f"{shown.replace('.', ',')} %" if lang == "de" else f"{shown}%"


def effect_figures(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The figures of a cached comparison (:meth:`regelwerk.compare.Comparison.to_json`) as
    ``regelwerk compare`` shows them in ``lang``: the share of games in which the reading
    mattered, its interval (:func:`regelwerk.compare.wilson`) and the number of games."""
    low, high = compare.wilson(data["mattered"], data["games"])
    return {"percent": percent(data["mattered"] / data["games"], lang),
            "low": percent(low, lang), "high": percent(high, lang),
            "confidence": percent(compare.CONFIDENCE, lang), "games": data["games"]}


def _with_literal(template: str, name: str, literal: str, **fields: Any) -> nodes.paragraph:
    """``template`` filled with ``fields``, its ``{name}`` shown as code (``literal``)."""
    before, _, after = template.partition("{" + name + "}")
    return common.paragraph(nodes.Text(before.format(**fields)), nodes.literal("", literal),
                            nodes.Text(after.format(**fields)))


def reading_effects(directive: SphinxDirective, spec: Spec, entry: Interpretation,
                    players: str | None, count: int | None,
                    with_: str | None = None) -> list[nodes.Node]:
    """For a register entry with a variant: one line per other reading, how often it
    changed the course of play or the outcome (nothing for an entry without one)."""
    lang = common.language(directive.env)
    game = games.get(spec.game).game
    chosen = effect_players(players, game.default_players)
    seats = entry_players(spec, entry, chosen)
    low, high = game.players
    if not low <= seats <= high:
        raise directive.error(f"{spec.game} is played by {low} to {high} players, not {seats}")
    try:
        base = effect_with(with_).get(entry.variant or "", ())
    except ValueError as exc:
        raise directive.error(str(exc)) from None
    lines = nodes.bullet_list(classes=["regelwerk-reading-effects"])
    for run in effect_runs(spec.game, entry, seats, count, base):
        data = _figures(directive, run)
        if not isinstance(data, dict):
            continue
        item = nodes.list_item()
        item += _with_literal(gettext_for(lang, MATTERS_SOLO if seats == 1 else MATTERS),
                              "value", run.values[1], **effect_figures(data, lang),
                              players=seats)
        item += _with_literal(gettext_for(lang, POLICY if run.policy == DEFAULT else POLICY_OTHER),
                              "policy", run.policy)
        if base:
            item += _with_literal(gettext_for(lang, WITH), "options",
                                  " ".join(f"--option {name}={value}" for name, value in base))
        item += _with_literal(gettext_for(lang, REPRODUCE), "command", compare.command(
            run.game, run.option, run.values, data["games"], run.players, run.seed, run.base,
            run.policy))
        lines += item
    return [lines] if lines.children else []


class GameStatistics(SphinxDirective):
    """The plots of random games of one game at one player count, as a figure."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"players": directives.positive_int,
                                            "games": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        from regelwerk.stats import plot

        try:
            game = games.get(self.arguments[0]).game
        except games.UnknownGame:
            raise self.error(f"unknown game {self.arguments[0]!r}") from None
        run = statistics_run(game.id, self.options.get("players"),
                             self.options.get("games", self.config.regelwerk_stats_games))
        low, high = game.players
        if not low <= run.players <= high:
            raise self.error(f"{game.id} is played by {low} to {high} players, "
                             f"not {run.players}")
        lang = common.language(self.env)
        spec = common.load_spec(self.env, game.id)         # rebuilt when the rules change
        result = _figures(self, run)
        if not isinstance(result, Stats):
            return []
        title = spec.meta.get("title", game.id)
        caption = gettext_for(lang, CAPTION_SOLO if run.players == 1 else CAPTION).format(
            game=title, players=run.players, games=result.games)
        names = [_seat(spec, name, lang) for name in result.seats]
        summary = gettext_for(lang, SUMMARY).format(
            scores=_listing(names, (_mean(s, lang) for s in result.scores)),
            length=_mean(result.lengths, lang),
            wins=_listing(names, (_percent(r, lang) for r in result.win_rates)))
        svg = plot(result, names, lang, title=title)
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        figure = nodes.figure(classes=["regelwerk-stats"])
        # raw, not an image node: Sphinx takes an image's alt text for page-catalog text
        figure += nodes.raw("", f'<img class="regelwerk-stats-plot" alt="{html.escape(caption)}"'
                                f' src="data:image/svg+xml;base64,{data}">', format="html")
        figure += common.text(caption, nodes.caption)
        legend = nodes.legend()
        legend += common.text(summary, classes=["regelwerk-stats-summary"])
        figure += legend
        return [common.untranslatable(figure)]


class ReadingEffects(SphinxDirective):
    """Every register entry of a game with a rule variant, as a list: its id and
    question, and how often each other reading matters (as in the register; the
    options of ``interpretation-register``, games by default ``regelwerk_stats_games``).
    """

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"effect-players": directives.unchanged,
                                            "effect-games": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        try:
            spec = common.load_spec(self.env, games.get(self.arguments[0]).id)
        except games.UnknownGame:
            raise self.error(f"unknown game {self.arguments[0]!r}") from None
        lang = common.language(self.env)
        entries = nodes.bullet_list(classes=["regelwerk-reading-effects-list"])
        for entry in spec.interpretations.values():
            lines = reading_effects(self, spec, entry, self.options.get("effect-players"),
                                    self.options.get("effect-games",
                                                     self.config.regelwerk_stats_games))
            if lines:
                item = nodes.list_item()
                question = pgettext_for(lang, f"{entry.id}#question", entry.question)
                item += common.text(f"{entry.id}: {question}")
                item += lines
                entries += item
        return [common.untranslatable(entries)] if entries.children else []


def _seat(spec: Spec, name: str, lang: str) -> str:
    """A seat's name in ``lang``: the game's glossary term, else the engine catalog's
    (the colours), capitalised as a name."""
    shown = common.localise(spec, name, lang)
    if shown == name:
        shown = gettext_for(lang, name)
    return shown[:1].upper() + shown[1:]


def _mean(values: list[int], lang: str) -> str:
    shown = f"{sum(values) / len(values):.1f}" if values else "-"
    return shown.replace(".", ",") if lang == "de" else shown


def _listing(names: list[str], values: Iterable[str]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=False))


# ------------------------------------------------------------------ pages read again

def _outdated(app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str],
              removed: set[str]) -> list[str]:
    """Pages showing a game whose rules changed since they were read (its cache key)."""
    keys = domain.of(env).stats_keys
    now: dict[str, str] = {}
    return [docname for docname, used in keys.items()
            if any(now.setdefault(game, _key(app.config, game)) != key
                   for game, key in used.items())]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("regelwerk_stats_cache", "", "env", str)
    app.add_config_value("regelwerk_stats_require", False, "", bool)
    app.add_config_value("regelwerk_stats_keys", "", "", str)
    app.add_config_value("regelwerk_stats_games", STATS_GAMES, "env", int)
    app.add_directive("game-statistics", GameStatistics)
    app.add_directive("reading-effects", ReadingEffects)
    app.setup_extension("regelwerk.sphinxext.domain")
    app.connect("env-get-outdated", _outdated)
    return {"version": "2", "parallel_read_safe": True, "parallel_write_safe": True}
