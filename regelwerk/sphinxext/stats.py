"""Statistics of random games on the reference pages, computed at build time from a cache.

```{game-statistics} medici_vs_strozzi
:players: 2
:games: 40
```

draws the plots of ``regelwerk stats`` (:func:`regelwerk.stats.plot`: scores, game
length, wins by seat, action kinds) as an image with a caption in the build language.

```{reading-effects} il_vecchio
:players: 3
:games: 10
```

lists every interpretation-register entry of the game that names a rule variant, and
for each other reading how often it changed the course of play or the outcome of the same
random games (:func:`regelwerk.compare.compare` without listing every legal action, which
keeps the build fast): "changes … in x% of n random games at p players".

Both read and write the cache of :mod:`regelwerk.stats` (``regelwerk_stats_cache``,
default ``_build/stats`` beside the sources' folder), keyed by the rules' content: a
rule change recomputes, an unchanged build does not. ``regelwerk_stats_games`` is the
default number of games. Texts come from the engine catalogs; nothing here is
extracted into the page catalogs.
"""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from regelwerk import games
from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.sphinxext import common

logger = logging.getLogger(__name__)

CAPTION = N_("Random games of {game} at {players} players ({games} games): final score by "
             "seat, game length, win rate by seat and how often each action kind is chosen.")
MATTERS = N_("the reading {value} changes the course of play or the outcome in {share:.0%} "
             "of {games} random games at {players} players")
NO_VARIANTS = N_("No entry of the register names a rule variant.")


def _cache(directive: SphinxDirective) -> Path:
    configured = directive.config.regelwerk_stats_cache
    return Path(configured) if configured else Path(directive.env.srcdir).parent / "_build" / "stats"


class _Stats(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"players": directives.positive_int,
                                            "games": directives.positive_int}

    def game(self) -> Any:
        try:
            return games.get(self.arguments[0]).game
        except games.UnknownGame:
            raise self.error(f"unknown game {self.arguments[0]!r}") from None

    def counts(self, game: Any) -> tuple[int, int]:
        players = self.options.get("players", game.default_players)
        low, high = game.players
        if not low <= players <= high:
            raise self.error(f"{game.id} is played by {low} to {high} players, not {players}")
        return players, self.options.get("games", self.config.regelwerk_stats_games)


class GameStatistics(_Stats):
    """The plots of random games of one game, as an image with a caption."""

    def run(self) -> list[nodes.Node]:
        from regelwerk.engine.core.records import GameRecord
        from regelwerk.play import seat_names
        from regelwerk.stats import plot, stats

        game = self.game()
        players, count = self.counts(game)
        lang = common.language(self.env)
        common.load_spec(self.env, game.id)         # rebuilt when the rules change
        result = stats(game.id, players, count, cache=_cache(self))
        caption = gettext_for(lang, CAPTION).format(game=game.spec.meta.get("title", game.id),
                                                    players=players, games=result.games)
        names = seat_names(game, GameRecord(game.id, 0, (), {"players": players}))
        svg = plot(result, names, lang)
        data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        figure = nodes.container(classes=["regelwerk-stats"])
        figure += nodes.raw("", f'<img class="regelwerk-stats-plot" alt="{html.escape(caption)}" '
                                f'src="data:image/svg+xml;base64,{data}" width="100%">',
                            format="html")
        figure += common.text(caption, classes=["regelwerk-stats-caption"])
        return [figure]


class ReadingEffects(_Stats):
    """For every register entry with a rule variant: how often each other reading matters."""

    def run(self) -> list[nodes.Node]:
        from regelwerk.stats import reading_share

        game = self.game()
        players, count = self.counts(game)
        lang = common.language(self.env)
        spec = common.load_spec(self.env, game.id)
        variants = {v.name: v for v in game.variants}
        items = nodes.bullet_list(classes=["regelwerk-reading-effects"])
        for entry in spec.interpretations.values():
            variant = variants.get(entry.variant)
            if variant is None:
                continue
            question = pgettext_for(lang, f"{entry.id}#question", entry.question)
            for value in variant.choices[1:]:
                data = reading_share(game.id, variant.name, (variant.default, value), count,
                                     players, cache=_cache(self), listed=False)
                figure = gettext_for(lang, MATTERS).format(
                    value=value, share=data["share"], games=data["games"], players=players)
                item = nodes.list_item()
                item += common.text(f"{entry.id}: {question} — {figure}")
                items += item
        if not items.children:
            return [common.text(gettext_for(lang, NO_VARIANTS))]
        return [items]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("regelwerk_stats_cache", "", "env", str)
    app.add_config_value("regelwerk_stats_games", 20, "env", int)
    app.add_directive("game-statistics", GameStatistics)
    app.add_directive("reading-effects", ReadingEffects)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
