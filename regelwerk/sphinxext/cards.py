"""The ``card-table`` directive: a game's cards as filterable tables in the build language.

```{card-table} lorenzo development
```

renders the reference ``development`` of the game ``lorenzo``. The game's module
``regelwerk.engine.<game>.describe`` provides it: ``reference(kind, lang)`` returns
the tables (caption, headers, rows of text) and the filter box's label and status
line, all already in the build language (the engine catalog's words, never the
page catalog's). Each row is anchored at ``<game>:<item>.<id>`` (a std label, so
pages can link to a card), each table at ``<game>:table.<key>``.

Above the tables sits a labelled ``<input type="search">``, hidden until the
script ``regelwerk-cards.js`` (a static file of this extension, added only to
pages with card tables) shows it: typing hides the rows that do not contain
every word typed, tables left without a row, and announces the count in a
polite live region.
"""

from __future__ import annotations

import html
import importlib
import inspect
from importlib import resources
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

from regelwerk.engine.core.errors import LocalizedError
from regelwerk.sphinxext import common

STATIC = Path(__file__).parent / "static"
SCRIPT = "regelwerk-cards.js"
STYLE = "regelwerk-cards.css"
CLASS = "regelwerk-cards"
TABLE_CLASS = "regelwerk-card-table"
DATA_FILES = ("cards.toml", "leaders.toml", "excommunications.toml", "bonus_tiles.toml",
              "glossary.toml")


def filter_box(box_id: str, table_ids: list[str], label: str, status: str) -> str:
    """The filter's HTML: label, search field (controlling the tables), live status line."""
    return (f'<div class="regelwerk-card-filter" data-status="{html.escape(status)}" hidden>'
            f'<label for="{html.escape(box_id)}">{html.escape(label)}</label> '
            f'<input type="search" id="{html.escape(box_id)}" autocomplete="off" '
            f'aria-controls="{html.escape(" ".join(table_ids))}">'
            '<p class="regelwerk-card-filter-status" role="status" aria-live="polite"></p>'
            "</div>")


class CardTable(SphinxDirective):
    """``card-table <game> <kind>``: the game's card reference ``kind`` as tables."""

    required_arguments = 2
    has_content = False

    def run(self) -> list[nodes.Node]:
        game, kind = (argument.strip() for argument in self.arguments)
        lang = common.language(self.env)
        try:
            common.load_spec(self.env, game)          # notes the spec and catalogs as dependencies
            module = importlib.import_module(f"regelwerk.engine.{game}.describe")
            reference = module.reference(kind, lang)
        except ImportError:
            raise self.error(f"{game}: no module regelwerk.engine.{game}.describe") from None
        except LocalizedError as exc:
            raise self.error(str(exc)) from None
        for path in [Path(inspect.getsourcefile(module) or "")] + [
                Path(str(resources.files("regelwerk.spec") / game / name))
                for name in DATA_FILES]:
            if path.is_file():
                self.env.note_dependency(str(path))

        box = common.label(game, "cards", kind)
        container = nodes.container(classes=[CLASS], ids=[box])
        tables = [self.table(game, reference.item, table) for table in reference.tables]
        table_ids = [table["ids"][0] for table in tables]
        container += nodes.raw("", filter_box(f"{box}.filter", table_ids, reference.filter_label,
                                              reference.filter_status), format="html")
        container.extend(tables)
        return [container]

    def table(self, game: str, item: str, table: Any) -> nodes.table:
        """One table: caption, the first column as row headers, each row anchored."""
        widths = [2] + [3] * (len(table.headers) - 1)
        node = common.table(table.headers, [list(row.cells) for row in table.rows], widths,
                            [TABLE_CLASS])
        node["ids"] = [common.label(game, "table", table.key)]
        node.insert(0, common.text(table.caption, nodes.title))
        next(node.findall(nodes.colspec))["stub"] = 1
        body = next(node.findall(nodes.tbody))
        lines = [line for line in body.children if isinstance(line, nodes.row)]
        for line, row in zip(lines, table.rows, strict=True):
            anchor = common.label(game, item, row.id)
            line["ids"] = [anchor]
            common.register_anchor(self, anchor, row.cells[0])
        return node


def _single_ids(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Keep each card table's id on the table only: the theme (furo) wraps every table
    in a container that copies the table's ids, which would give the page each id twice."""
    for table in doctree.findall(nodes.table):
        wrapper = table.parent
        if (TABLE_CLASS in table["classes"] and isinstance(wrapper, nodes.container)
                and wrapper["ids"] == table["ids"]):
            wrapper["ids"] = []


def _static_path(app: Sphinx, config: Config) -> None:
    """Ship the filter's script and style with every html build."""
    if STATIC.is_dir() and str(STATIC) not in config.html_static_path:
        config.html_static_path.append(str(STATIC))


def _page_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """The filter's script and style, on the pages that have card tables only."""
    if doctree is not None and any(CLASS in node["classes"]
                                   for node in doctree.findall(nodes.container)):
        app.add_js_file(SCRIPT, defer="defer")
        app.add_css_file(STYLE)


def setup(app: Sphinx) -> None:
    app.add_directive("card-table", CardTable)
    app.connect("config-inited", _static_path)
    app.connect("html-page-context", _page_assets)
    app.connect("doctree-resolved", _single_ids)
