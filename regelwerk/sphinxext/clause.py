"""The ``clause`` directive and the ``spec`` role.

```{clause} medici_vs_strozzi:turn.offer
```

renders the clause's title and text in the build language (numbers filled in
from spec, assumed ones marked and linked to their assumption entry), anchored
at the clause id, with its rulebook section and the engine functions that
implement it. ``{spec}`medici_vs_strozzi:economy.start_money``` renders one
number. Every clause of a game whose clauses appear on the site must appear
exactly once (checked when the environment is complete).
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from regelwerk.engine.core.clauses import clause_text, clause_title, implementations
from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.engine.core.spec import SpecError
from regelwerk.sphinxext import common

logger = logging.getLogger(__name__)

SOURCE = N_("Rulebook")
IMPLEMENTED_BY = N_("Implemented by")
NOT_IMPLEMENTED = N_("no engine function cites this clause")
SECTION = N_("{edition}, section {section}")


@cache
def implementers(game: str) -> dict[str, tuple[str, ...]]:
    """Clause id -> qualified names of the engine functions marked ``@implements``."""
    found: dict[str, list[str]] = defaultdict(list)
    for name, clause_id in implementations(f"regelwerk.engine.{game}"):
        found[clause_id].append(name)
    return {clause_id: tuple(sorted(names)) for clause_id, names in found.items()}


def _placed(env: BuildEnvironment) -> dict[str, str]:
    """Clause id -> the document that shows it (kept in the environment)."""
    if not hasattr(env, "regelwerk_clauses"):
        env.regelwerk_clauses = {}  # type: ignore[attr-defined]
    return env.regelwerk_clauses  # type: ignore[attr-defined]


class ClauseDirective(SphinxDirective):
    """Show one rule clause, anchored at its id, in the build language."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        clause_id = self.arguments[0].strip()
        lang = common.language(self.env)
        try:
            game, _ = common.split_id(clause_id)
            spec = common.load_spec(self.env, game)
            clause = spec.clause(clause_id)
            title = clause_title(spec, clause_id, lang)
            body = clause_text(spec, clause_id, lang, mark=common.marker)
        except (ValueError, SpecError) as exc:
            raise self.error(f"clause {clause_id}: {exc}") from None

        placed = _placed(self.env)
        if clause_id in placed and placed[clause_id] != self.env.docname:
            logger.warning("clause %s is already shown in %s", clause_id, placed[clause_id],
                           location=self.get_location())
        placed[clause_id] = self.env.docname

        box = nodes.container(classes=["regelwerk-clause"], ids=[clause_id])
        heading = common.paragraph(
            nodes.strong("", title), nodes.Text(" "),
            nodes.literal("", clause_id, classes=["regelwerk-clause-id"]))
        heading["classes"].append("regelwerk-clause-title")
        box += heading
        box += common.paragraph(*common.marked(self.env, game, body))
        box[-1]["classes"].append("regelwerk-clause-text")

        names = implementers(game).get(clause_id, ())
        impl: list[nodes.Node] = []
        for index, name in enumerate(names):
            if index:
                impl.append(nodes.Text(", "))
            impl.append(nodes.literal("", name))
        if not impl:
            impl = [nodes.emphasis("", gettext_for(lang, NOT_IMPLEMENTED))]
        section = gettext_for(lang, SECTION).format(
            edition=pgettext_for(lang, "meta.edition", spec.meta.get("edition", game)),
            section=pgettext_for(lang, f"{clause_id}#source", clause.source))
        box += common.field_list([
            (gettext_for(lang, SOURCE), [common.text(section)]),
            (gettext_for(lang, IMPLEMENTED_BY), [common.paragraph(*impl)]),
        ])
        common.untranslatable(box)
        common.register_anchor(self, clause_id, title)
        return [box]


class SpecRole(SphinxRole):
    """``{spec}`game:path``` -> the number's value in the build language."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        ref = self.text.strip()
        try:
            game, path = common.split_id(ref)
            spec = common.load_spec(self.env, game)
            number = spec.number(path)
        except (ValueError, SpecError) as exc:
            message = self.inliner.reporter.error(f"spec role: {exc}", line=self.lineno)
            return [nodes.problematic(self.rawtext, self.rawtext)], [message]
        shown = common.localise(spec, number.value, common.language(self.env))
        if number.assumed:
            return [common.assumed_mark(self.env, game, path, shown)], []
        return [nodes.inline("", shown, classes=["regelwerk-number"])], []


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    placed = _placed(env)
    for clause_id in [c for c, doc in placed.items() if doc == docname]:
        del placed[clause_id]


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Any, other: BuildEnvironment) -> None:
    _placed(env).update(_placed(other))


def _check(app: Sphinx, env: BuildEnvironment) -> None:
    """Every clause of a game shown on the site appears (once: see the directive)."""
    placed = _placed(env)
    games = {common.split_id(c)[0] for c in placed}
    for game in sorted(games):
        spec = common.spec_module.load(game)
        for clause_id in spec.clauses:
            if clause_id not in placed:
                logger.warning("clause %s (%s:%d) is not shown on any page", clause_id,
                               spec.clauses[clause_id].file, spec.clauses[clause_id].line)


def setup(app: Sphinx) -> None:
    app.add_directive("clause", ClauseDirective)
    app.add_role("spec", SpecRole())
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-check-consistency", _check)
