"""The ``rules-lawyer`` directive: :func:`regelwerk.explain.explain` on a page, in its language.

```{rules-lawyer} medici_vs_strozzi
:record: example-an-offer-is-declined
:step: 10
:action: {"type": "load", "ship": 1, "harbour": 1}
```

replays the corpus record ``tests/corpus/<game>/<record>.json`` (a worked example of
the reference, or any other corpus game) to ``step`` (default: its end) and shows what
the rules lawyer says there, at build time and in the build language:

* ``verdict`` (when ``:action:`` names one, as a JSON action or a number of the
  listing): legal or not, the deciding clause linked to its anchor, the reason and the
  interpretation entries that apply, each linked to the register;
* ``legal``: the legal actions grouped by the clause that allows them, in words;
* ``score`` (a finished game): each player's score item by item, each citing its clause.

``:show:`` picks among them (``verdict, legal``); by default the verdict where an
action is given, else the legal actions, and the score once the game is over. Every
label is a message of the engine catalog (the same words as ``regelwerk explain``),
every clause title, action and reason comes from the engine in the build language, so
nothing here enters the page catalogs. An unknown record, a step out of range or an
action that cannot be read is one build error naming the page and line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.engine.core.records import GameRecord, RecordError
from regelwerk.engine.core.spec import Spec, SpecError
from regelwerk.explain import SHOWN_PER_CLAUSE, Clause, Explanation, Interpretation, explain
from regelwerk.sphinxext import common

logger = logging.getLogger(__name__)

#: The regression corpus of a source checkout: ``<corpus>/<game>/<record>.json``.
CORPUS = Path(__file__).resolve().parents[2] / "tests" / "corpus"
RECORD_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.,=-]*$")
PARTS = ("verdict", "legal", "score")
CLASS = "regelwerk-lawyer"

# The words of ``regelwerk explain`` (regelwerk/explain.py), the same catalog messages.
HEADER = N_("{game}, step {step} of {steps}: {player} to move")
LEGAL = N_("legal")
ILLEGAL = N_("illegal")
VERDICT = N_("action {action}: {verdict} by {clause} ({title})")
WHY = N_("  why: {reason}")
GROUPS = N_("legal actions by the clause that allows them:")
MORE = N_("    … and {count} more")
TOTAL = N_("{player}: {total} in all")
INTERPRETATION = N_("  interpretation {id}: {question} -> {decision}")
ARISING = N_("interpretations whose question arises here:")
ARISING_ITEM = N_("  {id}: {question} -> {decision} (this game: {in_force})")
FIELD = re.compile(r"\{(\w+)\}")


class LawyerError(ValueError):
    """A directive that cannot be rendered; the message is one line."""


def corpus_record(game: str, name: str, corpus: Path = CORPUS) -> GameRecord:
    """The game record of the corpus entry ``<corpus>/<game>/<name>.json``."""
    from regelwerk.regress import Entry

    if not RECORD_NAME.fullmatch(name) or not RECORD_NAME.fullmatch(game):
        raise LawyerError(f"{game}/{name}: a record is named by its file name without .json")
    path = corpus / game / f"{name}.json"
    if not path.is_file():
        known = sorted(p.stem for p in (corpus / game).glob("example-*.json"))
        raise LawyerError(f"no record {name!r} in {corpus.name}/{game}; worked examples: "
                          f"{', '.join(known) or 'none'}")
    try:
        record = Entry.read(path).record
    except RecordError as exc:
        raise LawyerError(exc.message_in("en").replace("\n", " ")) from None
    if record.game != game:
        raise LawyerError(f"{path.name} is a record of {record.game}, not of {game}")
    return record


def parse_step(text: str | None) -> int | None:
    """``:step:``: a whole number (0 is the start), or none for the end of the record."""
    if text is None or not text.strip():
        return None
    if not text.strip().isdigit():
        raise LawyerError(f"step must be a whole number from 0, got {text.strip()!r}")
    return int(text)


def parse_action(text: str | None) -> Any:
    """``:action:``: an action in the record's notation (JSON) or a number of the listing."""
    if text is None or not text.strip():
        return None
    if text.strip().startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise LawyerError(f"action is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise LawyerError("action must be a JSON object")
        return data
    return text.strip()


def parse_show(text: str | None, found: Explanation, asked: bool) -> tuple[str, ...]:
    """``:show:`` (parts joined by commas or spaces) or the default for this step."""
    if text is None or not text.strip():
        default = ("verdict",) if asked else ("legal",) if found.groups else ()
        return (*default, *(("score",) if found.scores else ()))
    parts = tuple(part for part in re.split(r"[\s,]+", text.strip()) if part)
    unknown = [part for part in parts if part not in PARTS]
    if unknown:
        raise LawyerError(f"show: unknown part(s) {', '.join(unknown)}; "
                          f"choose from {', '.join(PARTS)}")
    if "verdict" in parts and not asked:
        raise LawyerError("show: the verdict needs an :action:")
    if "score" in parts and not found.scores:
        raise LawyerError(f"show: no score at step {found.step}: the game is not over")
    return parts


def fill(template: str, **fields: nodes.Node | str) -> list[nodes.Node]:
    """Inline nodes of a translated ``template``: each ``{field}`` its node or text."""
    result: list[nodes.Node] = []
    for index, part in enumerate(FIELD.split(template.strip())):
        value: nodes.Node | str = fields.get(part, "{" + part + "}") if index % 2 else part
        if isinstance(value, str):
            if value:
                result.append(nodes.Text(value))
        else:
            result.append(value)
    return result


class Render:
    """One explanation as docutils nodes, in the build language."""

    def __init__(self, directive: SphinxDirective, spec: Spec, lang: str) -> None:
        self.env, self.spec, self.lang = directive.env, spec, lang

    def _(self, message: str) -> str:
        return gettext_for(self.lang, message)

    def name(self, player: str) -> str:
        """A seat's name in the build language where the glossary has it."""
        return common.localise(self.spec, player, self.lang)

    def clause(self, clause: Clause) -> nodes.Node:
        return common.reference(self.env, clause.id,
                                nodes.literal("", clause.id, classes=["regelwerk-clause-id"]))

    def interpretations(self, clause: Clause) -> list[nodes.Node]:
        """The register entries citing ``clause`` whose question arises here."""
        return self.entries(clause.interpretations, INTERPRETATION)

    def arising(self, found: Explanation) -> list[nodes.Node]:
        """The register entries whose question arises here, each linked, with the reading
        in force in the record's game (:func:`~regelwerk.explain.arising`)."""
        listed = self.entries(found.arising, ARISING_ITEM)
        return [common.paragraph(nodes.Text(self._(ARISING))), *listed] if listed else []

    def entries(self, items: Sequence[Interpretation], template: str) -> list[nodes.Node]:
        """``items`` as a list, each line ``template`` with the entry's id linked."""
        if not items:
            return []
        listed = nodes.bullet_list(classes=["regelwerk-lawyer-interpretations"])
        for item in items:
            link = common.reference(self.env, item.id, nodes.literal("", item.id))
            entry = nodes.list_item()
            entry += common.paragraph(*fill(self._(template), id=link, question=item.question,
                                            decision=item.decision, in_force=item.in_force))
            listed += entry
        return [listed]

    def header(self, found: Explanation) -> nodes.paragraph:
        title = str(self.spec.meta.get("title", found.game))
        return common.paragraph(*fill(
            self._(HEADER), game=pgettext_for(self.lang, "meta.title", title),
            step=str(found.step), steps=str(found.steps), player=self.name(found.to_move)))

    def verdict(self, found: Explanation) -> list[nodes.Node]:
        verdict = found.verdict
        assert verdict is not None
        shown: nodes.Node = (nodes.Text(verdict.action) if verdict.legal
                             else nodes.literal("", verdict.action))
        word = self._(LEGAL) if verdict.legal else self._(ILLEGAL)
        box = nodes.container(classes=["regelwerk-lawyer-verdict",
                                       "regelwerk-legal" if verdict.legal else "regelwerk-illegal"])
        box += common.paragraph(*fill(self._(VERDICT), action=shown,
                                      verdict=nodes.strong("", word),
                                      clause=self.clause(verdict.clause),
                                      title=verdict.clause.title))
        if verdict.reason:
            box += common.paragraph(*fill(self._(WHY), reason=verdict.reason))
        box.extend(self.interpretations(verdict.clause))
        return [box]

    def legal(self, found: Explanation) -> list[nodes.Node]:
        groups = nodes.bullet_list(classes=["regelwerk-lawyer-legal"])
        for group in found.groups:
            entry = nodes.list_item()
            entry += common.paragraph(self.clause(group.clause), nodes.Text(": "),
                                      nodes.Text(group.clause.title))
            entry.extend(self.interpretations(group.clause))
            actions = nodes.bullet_list()
            for words in group.actions[:SHOWN_PER_CLAUSE]:
                item = nodes.list_item()
                item += common.text(words)
                actions += item
            if len(group.actions) > SHOWN_PER_CLAUSE:
                item = nodes.list_item()
                item += common.text(self._(MORE).strip().format(
                    count=len(group.actions) - SHOWN_PER_CLAUSE))
                actions += item
            entry += actions
            groups += entry
        return [common.text(self._(GROUPS)), groups]

    def score(self, found: Explanation) -> list[nodes.Node]:
        players = nodes.bullet_list(classes=["regelwerk-lawyer-score"])
        for score in found.scores:
            entry = nodes.list_item()
            entry += common.paragraph(*fill(self._(TOTAL), player=score.name or self.name(score.player),
                                            total=nodes.strong("", str(score.total))))
            lines = nodes.bullet_list()
            for line in score.lines:
                item = nodes.list_item()
                label = [nodes.Text(f" ({line.label})")] if line.label else []
                item += common.paragraph(nodes.strong("", f"{line.points:+d}"), nodes.Text(" "),
                                         self.clause(line.clause), nodes.Text(": "),
                                         nodes.Text(line.clause.title), *label)
                lines += item
            entry += lines
            players += entry
        return [players]


class RulesLawyer(SphinxDirective):
    """``rules-lawyer <game>``: what :func:`~regelwerk.explain.explain` says at a step of a
    corpus record (``:record:``, ``:step:``, ``:action:``, ``:show:``)."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "record": directives.unchanged_required, "step": directives.unchanged,
        "action": directives.unchanged, "show": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0].strip()
        lang = common.language(self.env)
        try:
            return self.render(game, lang)
        except (LawyerError, LocalizedError, SpecError) as exc:
            message = exc.message_in("en") if isinstance(exc, LocalizedError) else str(exc)
            logger.error("rules-lawyer %s: %s", game, " ".join(message.split()),
                         location=self.get_location(), type="regelwerk", subtype="lawyer")
            return []

    def render(self, game: str, lang: str) -> list[nodes.Node]:
        name = self.options.get("record", "").strip()
        if not name:
            raise LawyerError("the option :record: names a record of the corpus")
        try:
            spec = common.load_spec(self.env, game)
        except (SpecError, OSError, ValueError):
            raise LawyerError(f"no game {game!r}") from None
        record = corpus_record(game, name)
        self.env.note_dependency(str(CORPUS / game / f"{name}.json"))
        step = parse_step(self.options.get("step"))
        action = parse_action(self.options.get("action"))
        found = explain(record, step, action, lang)
        parts = parse_show(self.options.get("show"), found, action is not None)
        render = Render(self, spec, lang)
        box = nodes.container(classes=[CLASS])
        box += render.header(found)
        box.extend(render.arising(found))
        for part in parts:
            box.extend(getattr(render, part)(found))
        return [common.untranslatable(box)]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("rules-lawyer", RulesLawyer)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
