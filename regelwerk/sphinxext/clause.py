"""The ``clause`` directive and the ``spec`` role.

```{clause} medici_vs_strozzi:turn.offer
```

renders the clause's title and text in the build language (numbers filled in
from spec, assumed ones marked and linked to their assumption entry), anchored
at the clause id, with its rulebook section, the invariants resting on it and
the interpretation register entries that concern it (the ones ``regelwerk rule``
names, :mod:`regelwerk.traceability`; entries link to their register block and
back, invariants to their row of the consistency report where the site has one),
and the engine functions that implement it: each links to its highlighted source (``sphinx.ext.viewcode``'s
``_modules`` pages, whose ``[docs]`` link leads back) and shows the name the
game's package exports it under where it has one
(``regelwerk.engine.florenz.insert_position``), else where it is defined.
``{spec}`medici_vs_strozzi:economy.start_money``` renders one number. Every
clause of a game whose clauses appear on the site must appear exactly once
(checked when the environment is complete).
"""

from __future__ import annotations

import importlib
import inspect
import posixpath
import sys
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext.viewcode import OUTPUT_DIRNAME
from sphinx.pycode import ModuleAnalyzer
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import make_refnode

from regelwerk import traceability
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import clause_text, clause_title, fill, implementations
from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.engine.core.spec import SpecError
from regelwerk.sphinxext import common, domain

if TYPE_CHECKING:
    from regelwerk.verification.core import Invariant

logger = logging.getLogger(__name__)

SOURCE = N_("Rulebook")
IMPLEMENTED_BY = N_("Implemented by")
NOT_IMPLEMENTED = N_("no engine function cites this clause")
INVARIANTS = N_("Invariants")
REGISTER = N_("Interpretation register")
SECTION = N_("{edition}, section {section}")


@dataclass(frozen=True, order=True)
class Implementer:
    """An engine function marked ``@implements``: the name shown, where it is defined."""

    shown: str      # the game package's export where there is one, else module + qualname
    module: str
    qualname: str

    @property
    def defined(self) -> str:
        return f"{self.module}.{self.qualname}"


def _split(qualified: str) -> tuple[str, str, Any]:
    """``module.Qual.name`` -> (module, qualname, object), module the longest imported prefix."""
    parts = qualified.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module = sys.modules.get(".".join(parts[:cut]))
        if module is not None:
            obj: Any = module
            for part in parts[cut:]:
                obj = getattr(obj, part)
            return module.__name__, ".".join(parts[cut:]), obj
    raise ValueError(f"{qualified}: module not imported")


def _exports(package: str) -> dict[int, str]:
    """id(function) -> public name: the functions ``package`` exports (its ``__all__``),
    then the methods defined in the classes it exports."""
    root = importlib.import_module(package)
    exported = [(name, getattr(root, name, None)) for name in getattr(root, "__all__", ())]
    found: dict[int, str] = {}
    for name, obj in exported:
        if inspect.isfunction(obj):
            found.setdefault(id(obj), f"{package}.{name}")
    for name, obj in exported:
        if inspect.isclass(obj):
            for member, fn in inspect.getmembers(obj, inspect.isfunction):
                if fn.__qualname__ == f"{obj.__qualname__}.{member}":
                    found.setdefault(id(fn), f"{package}.{name}.{member}")
    return found


@cache
def implementers(game: str) -> dict[str, tuple[Implementer, ...]]:
    """Clause id -> the engine functions marked ``@implements`` with it, by shown name."""
    package = f"regelwerk.engine.{game}"
    found: dict[str, list[Implementer]] = defaultdict(list)
    public = _exports(package)
    for name, clause_id in implementations(package):
        module, qualname, obj = _split(name)
        found[clause_id].append(Implementer(public.get(id(obj), name), module, qualname))
    return {clause_id: tuple(sorted(set(items))) for clause_id, items in found.items()}


class implementer_ref(nodes.Inline, nodes.Element):
    """A link to a function's highlighted source, resolved per builder (:class:`SourceLinks`):
    ``reftarget`` the ``_modules`` page, ``refid`` the qualname, ``refdoc`` this page,
    ``anchor`` the id viewcode's ``[docs]`` link comes back to (first mention per page)."""


def _source_tag(env: BuildEnvironment, module: str, qualname: str) -> bool:
    """Have viewcode highlight ``module`` and mark ``qualname`` in it (as its own
    ``doctree_read`` does for a Python object description); False without source."""
    modules: dict[str, Any] = env.__dict__.setdefault("_viewcode_modules", {})
    entry = modules.get(module)
    if entry is False:
        return False
    code_tags = env.events.emit_firstresult("viewcode-find-source", module)
    if code_tags is None:
        try:
            analyzer = ModuleAnalyzer.for_module(module)
            analyzer.find_tags()
        except Exception:   # viewcode's own rule: no source, no link
            modules[module] = False
            return False
        code_tags = analyzer.code, analyzer.tags
    code, tags = code_tags
    if entry is None or entry[0] != code:
        used: dict[str, str] = {}
        entry = code, tags, used, module
        modules[module] = entry
    if qualname not in entry[1]:
        return False
    entry[2][qualname] = env.docname
    return True


def _implementer_nodes(directive: SphinxDirective, names: tuple[Implementer, ...],
                       lang: str) -> list[nodes.Node]:
    """The "implemented by" list: each name linked to its source where there is one."""
    data = directive.env.temp_data   # this page's, cleared between pages
    if "regelwerk_linked" not in data:
        data["regelwerk_linked"] = set()
    linked: set[str] = data["regelwerk_linked"]
    result: list[nodes.Node] = []
    for index, item in enumerate(names):
        if index:
            result.append(nodes.Text(", "))
        shown = nodes.literal("", item.shown)
        if not _source_tag(directive.env, item.module, item.qualname):
            result.append(shown)
            continue
        anchor = item.defined if item.defined not in linked else ""
        linked.add(item.defined)
        ref = implementer_ref("", reftarget=posixpath.join(OUTPUT_DIRNAME, *item.module.split(".")),
                              refid=item.qualname, refdoc=directive.env.docname, anchor=anchor,
                              title=item.defined if item.shown != item.defined else "")
        ref += shown
        result.append(ref)
    return result or [nodes.emphasis("", gettext_for(lang, NOT_IMPLEMENTED))]


class SourceLinks(SphinxPostTransform):
    """html: each :class:`implementer_ref` a link to the viewcode page (with the anchor
    its ``[docs]`` link returns to); other builders: the name alone."""

    default_priority = 100

    def run(self, **kwargs: Any) -> None:
        html = self.env._builder_cls.format == "html"
        for node in list(self.document.findall(implementer_ref)):
            if not html:
                node.replace_self(node.children)
                continue
            ref = make_refnode(self.env._app.builder, node["refdoc"], node["reftarget"],
                               node["refid"], node.children, node["title"] or None)
            ref["classes"].append("regelwerk-source")
            if node["anchor"]:
                ref["ids"].append(node["anchor"])
            node.replace_self(ref)


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

        other = domain.of(self.env).place_clause(clause_id, self.env.docname)
        if other is not None:
            logger.warning("clause %s is already shown in %s", clause_id, other,
                           location=self.get_location())

        box = nodes.container(classes=["regelwerk-clause"], ids=[clause_id])
        heading = common.paragraph(
            nodes.strong("", title), nodes.Text(" "),
            nodes.literal("", clause_id, classes=["regelwerk-clause-id"]))
        heading["classes"].append("regelwerk-clause-title")
        box += heading
        text = common.paragraph(*common.marked(self.env, game, body))
        text["classes"].append("regelwerk-clause-text")
        box += text

        impl = _implementer_nodes(self, implementers(game).get(clause_id, ()), lang)
        section = gettext_for(lang, SECTION).format(
            edition=pgettext_for(lang, "meta.edition", spec.meta.get("edition", game)),
            section=pgettext_for(lang, f"{clause_id}#source", clause.source))
        fields: list[tuple[str, list[nodes.Node]]] = [
            (gettext_for(lang, SOURCE), [common.text(section)]),
            (gettext_for(lang, IMPLEMENTED_BY), [common.paragraph(*impl)]),
        ]
        invariants = traceability.invariants_of(game, clause_id)
        if invariants:
            fields.append((gettext_for(lang, INVARIANTS), [invariant_list(
                self.env, game, invariants, lang)]))
        entries = traceability.interpretations_of(spec, clause_id)
        if entries:
            fields.append((gettext_for(lang, REGISTER), [common.paragraph(*common.joined(
                common.reference(self.env, entry.id, nodes.literal("", entry.id))
                for entry in entries))]))
        box += common.field_list(fields)
        common.untranslatable(box)
        common.register_anchor(self, clause_id, title)
        return [box]


def invariant_list(env: BuildEnvironment, game: str, invariants: tuple[Invariant, ...],
                   lang: str) -> nodes.bullet_list:
    """Each invariant resting on a clause: its id (linked to its row of the consistency
    report where the site has one, :class:`InvariantLinks`) and its statement."""
    spec = spec_module.load(game)
    listed = nodes.bullet_list(classes=["regelwerk-invariants"])
    for invariant in invariants:
        ref = invariant_ref("", reftarget=common.label(game, "invariant", invariant.id),
                            refdoc=env.docname)
        ref += nodes.literal("", invariant.id)
        item = nodes.list_item()
        # a statement's own fields (player counts, bounds), where the invariant has them
        item += common.paragraph(ref, nodes.Text(": "), nodes.Text(
            fill(spec, gettext_for(lang, invariant.statement), lang,
                 **invariant.statement_fields(spec))))
        listed += item
    return listed


class invariant_ref(nodes.Inline, nodes.Element):
    """An invariant's id, linked to its row of the consistency report (``reftarget``, a std
    label) where the site shows the report, else left as it is (:class:`InvariantLinks`)."""


class InvariantLinks(SphinxPostTransform):
    """Each :class:`invariant_ref` a link to the report row its label names, or its content
    alone where no page registers that label (a build without the report)."""

    default_priority = 100

    def run(self, **kwargs: Any) -> None:
        labels = self.env.domains.standard_domain.labels
        html = self.env._builder_cls.format == "html"
        for node in list(self.document.findall(invariant_ref)):
            target = labels.get(node["reftarget"])
            if target is None or not html:
                node.replace_self(node.children)
                continue
            docname, anchor, _title = target
            node.replace_self(make_refnode(self.env._app.builder, node["refdoc"], docname,
                                           anchor, node.children))


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


def _check(app: Sphinx, env: BuildEnvironment) -> None:
    """Every clause of a game shown on the site appears (once: see the directive and
    :meth:`~regelwerk.sphinxext.domain.RegelwerkDomain.merge_domaindata`)."""
    placed = domain.of(env).clauses
    games = {common.split_id(c)[0] for c in placed}
    for game in sorted(games):
        spec = spec_module.load(game)
        for clause_id in spec.clauses:
            if clause_id not in placed:
                logger.warning("clause %s (%s:%d) is not shown on any page", clause_id,
                               spec.clauses[clause_id].file, spec.clauses[clause_id].line)


def setup(app: Sphinx) -> None:
    app.setup_extension("sphinx.ext.viewcode")
    app.setup_extension("regelwerk.sphinxext.domain")
    app.add_node(implementer_ref)
    app.add_node(invariant_ref)
    app.add_post_transform(SourceLinks)
    app.add_post_transform(InvariantLinks)
    app.add_directive("clause", ClauseDirective)
    app.add_role("spec", SpecRole())
    app.connect("env-check-consistency", _check)
