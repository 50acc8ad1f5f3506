"""Helpers shared by the directives: spec access, untranslatable nodes, links, tables."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar, overload

from docutils import nodes
from sphinx import addnodes
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.spec import Number, Spec

ASSUMED = N_("assumed")
_SEP = "\x00"

#: An element kept as its own type by :func:`untranslatable`.
E = TypeVar("E", bound=nodes.Element)
#: A text element kept as its own type by :func:`text`.
T = TypeVar("T", bound=nodes.TextElement)
#: A table cell: a string, a block node, or inline nodes (one or a list) for a paragraph.
Cell = str | nodes.Node | Sequence[nodes.Node]


def language(env: BuildEnvironment) -> str:
    return env.config.language or "en"


def split_id(ref: str) -> tuple[str, str]:
    """``"game:rest"`` -> ``("game", "rest")``; raises ``ValueError`` without a game."""
    game, sep, rest = ref.partition(":")
    if not sep or not game or not rest:
        raise ValueError(f"{ref!r} must have the form <game>:<id>")
    return game, rest


def load_spec(env: BuildEnvironment, game: str) -> Spec:
    """The game's spec; the page is rebuilt when the spec or a catalog changes."""
    spec = spec_module.load(game)
    folder = resources.files("regelwerk.spec") / game
    locales = resources.files("regelwerk.locales") / language(env) / "LC_MESSAGES"
    candidates = [folder / name for name in ("numbers.toml", "board.toml", "clauses.toml",
                                             "interpretations.toml", "glossary.toml")]
    candidates += [locales / "regelwerk.po", locales / f"regelwerk-{game}.po"]
    candidates += sorted(Path(__file__).parent.glob("*.py"))  # this extension's own code
    for path in candidates:
        if path.is_file():
            env.note_dependency(str(path))
    return spec


def label(game: str, kind: str, key: str) -> str:
    """Anchor of a rendered spec item: ``game:assumed.path``, ``game:number.path``."""
    return f"{game}:{kind}.{key}"


@overload
def text(content: str, **attributes: Any) -> nodes.paragraph: ...
@overload
def text(content: str, node_class: type[T], **attributes: Any) -> T: ...


def text(content: str, node_class: type[nodes.TextElement] = nodes.paragraph,
         **attributes: Any) -> nodes.TextElement:
    """A node holding ``content`` (a paragraph unless ``node_class`` says otherwise)
    that Sphinx's gettext builder leaves alone."""
    node = node_class("", content, **attributes)
    return untranslatable(node)


def untranslatable(node: E) -> E:
    """Mark ``node`` and every text element below it as not for the page catalogs.

    Inline nodes are left unmarked: Sphinx skips them anyway, and it unwraps
    (and reorders) every ``inline`` that carries a ``translatable`` attribute.
    """
    for child in node.findall(nodes.TextElement):
        if not isinstance(child, nodes.Inline):
            child["translatable"] = False
    return node


def reference(env: BuildEnvironment, target: str, content: nodes.Node) -> addnodes.pending_xref:
    """A link to an anchor registered as a std label (warns if it is nowhere on the site)."""
    xref = addnodes.pending_xref("", refdomain="std", reftype="ref", reftarget=target,
                                 refexplicit=True, refwarn=True, refdoc=env.docname)
    xref += content
    return xref


def joined(items: Iterable[nodes.Node], separator: str = ", ") -> list[nodes.Node]:
    """``items`` with a text ``separator`` between each two."""
    result: list[nodes.Node] = []
    for item in items:
        if result:
            result.append(nodes.Text(separator))
        result.append(item)
    return result


def register_anchor(directive: SphinxDirective, node_id: str, title: str) -> None:
    """Make ``node_id`` a std label so pages and registers can link to it."""
    std = directive.env.domains.standard_domain
    std.note_hyperlink_target(node_id, directive.env.docname, node_id, title)


def marker(number: Number, shown: str) -> str:
    """The ``mark`` callback of ``clause_text``: wrap an assumed value for :func:`marked`."""
    return f"{_SEP}{number.path}{_SEP}{shown}{_SEP}"


def assumed_mark(env: BuildEnvironment, game: str, path: str, shown: str) -> nodes.inline:
    """``shown`` followed by a superscript link to the number's assumption entry."""
    wrapper = nodes.inline("", "", classes=["regelwerk-assumed"])
    wrapper += nodes.Text(shown)
    sup = nodes.superscript("", "")
    sup += reference(env, label(game, "assumed", path),
                     nodes.inline("", gettext_for(language(env), ASSUMED)))
    wrapper += sup
    return wrapper


def marked(env: BuildEnvironment, game: str, content: str) -> list[nodes.Node]:
    """Inline nodes for text produced with :func:`marker` (assumed values linked)."""
    parts = content.split(_SEP)
    result: list[nodes.Node] = []
    for index, part in enumerate(parts):
        kind = index % 3
        if kind == 0 and part:
            result.append(nodes.Text(part))
        elif kind == 2:
            result.append(assumed_mark(env, game, parts[index - 1], part))
    return result


def localise(spec: Spec, value: Any, lang: str) -> str:
    """A spec value for display: glossary keys as terms of ``lang``, lists joined."""
    terms = {t.key: getattr(t, lang, t.en) for t in spec.glossary}
    if isinstance(value, list | tuple):
        inner = [localise(spec, v, lang) for v in value]
        if any(isinstance(v, list | tuple | dict) for v in value):
            return "; ".join(f"({v})" for v in inner)
        return ", ".join(inner)
    if isinstance(value, dict):
        return "; ".join(f"{localise(spec, k, lang)}: {localise(spec, v, lang)}"
                         for k, v in value.items())
    if isinstance(value, str):
        return terms.get(value, value)
    return str(value)


def field_list(items: Iterable[tuple[str, Sequence[nodes.Node]]]) -> nodes.field_list:
    """A field list ``name: body`` whose names and bodies are all untranslatable."""
    fields = nodes.field_list(classes=["regelwerk-fields"])
    for name, body in items:
        field = nodes.field()
        field += text(name, nodes.field_name)
        field_body = nodes.field_body()
        field_body.extend(body)
        field += field_body
        fields += field
    return untranslatable(fields)


def paragraph(*children: nodes.Node) -> nodes.paragraph:
    return untranslatable(nodes.paragraph("", "", *children))


def table(headers: Sequence[str], rows: Iterable[Sequence[Cell]],
          widths: Sequence[int], classes: Sequence[str] = ()) -> nodes.table:
    """A docutils table; a cell is a string, a block node, or inline nodes (one or a list)."""
    tbl = nodes.table(classes=["regelwerk-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    tbl += group
    for width in widths:
        group += nodes.colspec(colwidth=width)

    def row(cells: Sequence[Cell], wrap: Callable[[Cell], nodes.Node]) -> nodes.row:
        line = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += wrap(cell)
            line += entry
        return line

    def cell_node(cell: Cell) -> nodes.Node:
        if isinstance(cell, str):
            return text(cell)
        if isinstance(cell, nodes.Node):
            if isinstance(cell, nodes.Element) and not isinstance(cell, nodes.Inline):
                return cell
            return paragraph(cell)
        return paragraph(*cell)

    head = nodes.thead()
    head += row(headers, cell_node)
    group += head
    body = nodes.tbody()
    for cells in rows:
        body += row(cells, cell_node)
    group += body
    return untranslatable(tbl)
