"""One page per game with its whole rules reference, to print: ``<game>/print.html``.

* The ``regelwerk-print`` builder is Sphinx's ``singlehtml`` builder writing one
  page per game instead of one for the whole site: the game's index with
  every page of its toctree inlined, as ``<game>/print.html``. It runs on the
  html build's doctrees and writes beside the html pages of that language
  (:func:`regelwerk.site.build_site`), so nothing is read twice, and links to
  pages outside the game, the highlighted sources and the static files of the
  html build stay relative links. Ids that two inlined pages share (a heading
  both have) get the page's name in front, and the links to them follow.
* The ``printable`` directive, on a game's index page, links to it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator, Set
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders.singlehtml import SingleFileHTMLBuilder
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import inline_all_toctrees
from sphinx.util.osutil import relative_uri

from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.site import PRINT_BUILDER as BUILDER
from regelwerk.site import PRINT_PAGE
from regelwerk.sphinxext import common

LINK_CLASS = "regelwerk-printable"
PRINTABLE = N_("The whole rules reference of this game on one page, for printing")
PRINT_TITLE = N_("{title}: the whole rules reference")


def game_indexes(env: Any) -> list[str]:
    """The games' index pages (``<game>/index``) in the root page's toctree."""
    included = env.toctree_includes.get(env.config.root_doc, [])
    return [doc for doc in included if doc.count("/") == 1 and doc.endswith("/index")]


def print_page(index: str) -> str:
    return posixpath.join(posixpath.dirname(index), PRINT_PAGE)


class PrintableDirective(SphinxDirective):
    """On ``<game>/index``: a paragraph linking to the game's printable page."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        if self.env.docname.count("/") != 1 or not self.env.docname.endswith("/index"):
            raise self.error("printable: only on a game's index page (<game>/index)")
        link = nodes.reference("", gettext_for(common.language(self.env), PRINTABLE),
                               refuri=f"{PRINT_PAGE}.html", internal=True)
        paragraph = common.paragraph(link)
        paragraph["classes"].append(LINK_CLASS)
        return [paragraph]


def _with_doc(node: nodes.Element, doc: str) -> Iterator[tuple[nodes.Element, str]]:
    """Every element below ``node`` with the page it came from (``start_of_file``)."""
    if isinstance(node, addnodes.start_of_file):
        doc = node["docname"]
    yield node, doc
    for child in node.children:
        if isinstance(child, nodes.Element):
            yield from _with_doc(child, doc)


def unique_ids(tree: nodes.Element, first: str) -> None:
    """Ids repeated by a later inlined page get its name in front (``florenz/solo/setup``);
    links (``#document-<page>#<id>`` after resolving, or ``refid``) follow them."""
    seen: set[str] = set()
    renamed: dict[tuple[str, str], str] = {}
    elements = list(_with_doc(tree, first))
    for node, doc in elements:
        ids = []
        for node_id in node["ids"]:
            if node_id in seen:
                renamed[doc, node_id] = f"{doc}/{node_id}"
                node_id = renamed[doc, node_id]
            seen.add(node_id)
            ids.append(node_id)
        node["ids"] = ids
    for node, doc in elements:
        if "refid" in node:
            node["refid"] = renamed.get((doc, node["refid"]), node["refid"])
        if node.get("backrefs"):
            node["backrefs"] = [renamed.get((doc, ref), ref) for ref in node["backrefs"]]
        refuri = node.get("refuri", "")
        if isinstance(node, nodes.reference) and refuri.startswith("#document-"):
            target, _, anchor = refuri[len("#document-"):].partition("#")
            node["refuri"] = "#" + (renamed.get((target, anchor), anchor) if anchor
                                    else f"document-{target}")


class PrintBuilder(SingleFileHTMLBuilder):
    """``singlehtml`` per game: ``<game>/print.html`` beside the html build's pages."""

    name = BUILDER
    epilog = "The printable pages are <game>/print.html in %(outdir)s."

    def init(self) -> None:
        super().init()
        self.page = ""
        self.inlined: Set[str] = frozenset()
        self.title = ""

    def get_target_uri(self, docname: str, typ: str | None = None) -> str:
        if docname in self.inlined:
            return "#document-" + docname
        return docname + self.link_suffix

    def get_relative_uri(self, from_: str, to: str, typ: str | None = None) -> str:
        target = self.get_target_uri(to, typ)
        if target.startswith("#"):
            return target
        return relative_uri(self.get_target_uri(self.page), target)

    def assemble(self, index: str) -> nodes.document:
        """The game's pages in one tree, references resolved for ``<game>/print.html``."""
        docs: set[str] = set()
        tree = inline_all_toctrees(self, docs, index, self.env.get_doctree(index),
                                   lambda text: text, [index])
        self.inlined = frozenset(docs | {index})
        self.page = print_page(index)
        for paragraph in list(tree.findall(nodes.paragraph)):
            if LINK_CLASS in paragraph["classes"]:
                paragraph.parent.remove(paragraph)
        start = next(iter(tree.findall(nodes.section)), None)
        if start is not None:
            start["ids"].append(f"document-{index}")
        tree["docname"] = index
        self.env.resolve_references(tree, index, self)
        unique_ids(tree, index)
        return tree

    def write_documents(self, _docnames: Set[str]) -> None:
        self.prepare_writing(self.env.all_docs.keys())
        lang = self.config.language or "en"
        for index in game_indexes(self.env):
            tree = self.assemble(index)
            title = self.env.titles[index].astext()
            self.title = gettext_for(lang, PRINT_TITLE).format(title=title)
            self.write_doc_serialized(self.page, tree)
            self.write_doc(self.page, tree)

    def get_doc_context(self, docname: str, body: str, metatags: str) -> dict[str, Any]:
        context = super().get_doc_context(docname, body, metatags)
        context["title"] = self.title
        context["meta"] = {"hide-toc": ""}   # furo: the sidebar already lists the pages
        return context

    def finish(self) -> None:
        """Only the pages' images and downloads (the html build's own already): static
        files, search index and inventory are the html build's."""
        self.copy_image_files()
        self.copy_download_files()


def setup(app: Sphinx) -> None:
    app.add_builder(PrintBuilder)
    app.add_directive("printable", PrintableDirective)
