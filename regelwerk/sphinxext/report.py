"""``consistency-report`` directive: the proofs, coverage and translation status.

The data comes from the JSON file named by the ``regelwerk_report`` config
value (``regelwerk docs`` computes it once and passes ``-D
regelwerk_report=...``); a build without it says where the report comes from.
Each invariant's row is anchored (``<game>:invariant.<id>``, where the clause boxes
link) and names its clauses, linked to their boxes.
"""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import fill
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.sphinxext import common

NOT_COMPUTED = N_("This build ran without the consistency report; `regelwerk docs` (and "
                  "`make site`) compute it and show it here.")
INVARIANT = N_("Invariant")
STATUS = N_("Status")
STATEMENT = N_("Statement")
SECONDS = N_("Seconds")
COVERAGE = N_("{clauses} clauses: {implemented} implemented, {tested} tested, {anchored} "
              "anchored once; {interpretations} interpretations; {assumed} assumed numbers; "
              "{catalog_entries} German catalog entries.")
GAPS_NONE = N_("No traceability or translation gaps.")
GAPS = N_("{count} gaps:")
RANGES = N_("Proved for every board with {ranges}.")
STATUS_NAMES = {"proven": N_("proven"), "stale": N_("STALE"), "violated": N_("VIOLATED"),
                "unknown": N_("UNKNOWN")}
TRANSLATION = N_("Translation status: German catalogs of the engine and of every page are "
                 "complete, without fuzzy entries.")


class ConsistencyReport(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        lang = common.language(self.env)

        def _(message: str) -> str:
            return gettext_for(lang, message)

        path = self.config.regelwerk_report
        if not path:
            return [common.text(_(NOT_COMPUTED))]
        self.env.note_dependency(path)
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        result: list[nodes.Node] = []
        for game, info in data["games"].items():
            spec = spec_module.load(game)
            section = nodes.container(ids=[f"report-{game}"])
            section += common.text(spec.meta.get("title", game), nodes.rubric)
            section += common.text(_(COVERAGE).format(**info))
            rows: list[list[common.Cell]] = []
            for inv in info["invariants"]:
                statement = fill(spec, gettext_for(lang, inv["statement"]), lang,
                                 **inv.get("fields", {}))
                if inv["ranges"]:
                    ranges = fill(spec, gettext_for(lang, inv["ranges"]), lang)
                    statement += " " + _(RANGES).format(ranges=ranges)
                anchor = common.label(game, "invariant", inv["id"])
                common.register_anchor(self, anchor, inv["id"])
                clauses = common.joined(common.reference(self.env, clause, nodes.literal(
                    "", clause)) for clause in inv.get("clauses", ()))
                shown: list[nodes.Node] = [nodes.Text(statement)]
                if clauses:
                    shown += [nodes.Text(" ("), *clauses, nodes.Text(")")]
                rows.append([[nodes.literal("", inv["id"], ids=[anchor])],
                             _(STATUS_NAMES[inv["status"]]), shown, f"{inv['seconds']:.2f}"])
            section += common.table([_(INVARIANT), _(STATUS), _(STATEMENT), _(SECONDS)], rows,
                                    [2, 1, 6, 1], ["regelwerk-report"])
            gaps = info["gaps"]
            section += common.text(_(GAPS).format(count=len(gaps)) if gaps else _(GAPS_NONE))
            if gaps:
                items = nodes.bullet_list()
                for gap in gaps:
                    item = nodes.list_item()
                    item += common.text(str(gap.get(lang, gap.get("en", "")))
                                        if isinstance(gap, dict) else str(gap))
                    items += item
                section += items
            common.untranslatable(section)
            result.append(section)
        if not data["gaps"]:
            result.append(common.text(_(TRANSLATION)))
        else:
            result.append(common.text(_(GAPS).format(count=len(data["gaps"]))))
        return result


def setup(app: Sphinx) -> None:
    app.add_config_value("regelwerk_report", "", "env", str)
    app.add_directive("consistency-report", ConsistencyReport)
