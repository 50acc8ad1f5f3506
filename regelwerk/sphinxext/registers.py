"""Directives that render whole registers of a game's spec in the build language.

* ``interpretation-register <game>``: question and entry id (what ``regelwerk rule``
  takes), evidence (edition, section, note), options, decision, reason, linked
  clauses (whose boxes link back), pinning tests, and the variant as the command
  line's ``--option <variant>=<reading>``;
* ``assumption-list <game>``: every assumed number with value, reason, range;
* ``term-table <game>``: the glossary, English and German side by side;
* ``number-table <game>``: every number with its source and confidence.

Entries are anchored (``<game>:<interp id>``, ``<game>:assumed.<path>``,
``<game>:number.<path>``) so clauses, roles and other pages can link to them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.engine.core.spec import Interpretation, Spec, SpecError
from regelwerk.sphinxext import common, stats

QUESTION = N_("Question")
EVIDENCE = N_("Evidence")
OPTIONS = N_("Options")
DECISION = N_("Decision")
REASON = N_("Reason")
CLAUSES = N_("Clauses")
TESTS = N_("Tests")
VARIANT = N_("Rule variant")
VARIANT_TEXT = N_("each reading on the command line:")
PLAYS_ALIKE = N_("Why the readings play alike")
SHOWN_BY = N_("Shown by the test:")
RULES_VERSION = N_("Rules version {version}.")
KINDS = {"decision": N_("changed decision"), "reading": N_("new reading"),
         "fix": N_("rule fix"), "number": N_("new assumed number"),
         "engine": N_("engine change, rules unchanged")}
ALL_GAMES = N_("all games")
TEXT_SAYS = N_("The text's reading")
DEPARTURE = N_("Why the decision departs from the text")
CHOSEN = N_("chosen")
NUMBER = N_("Number")
VALUE = N_("Value")
UNIT = N_("Unit")
SOURCE = N_("Source")
CONFIDENCE = N_("Confidence")
RANGE = N_("Range proved")
NO_RANGE = N_("no range: the value is fixed for the proofs")
ENGLISH = N_("English")
GERMAN = N_("German")
NOTE = N_("Note")
NO_ASSUMPTIONS = N_("This game has no assumed numbers.")
EDITIONS = {"de": N_("German edition"), "en": N_("English edition")}
#: Units the spec uses; a unit not listed here is shown untranslated.
UNITS = {"coins": N_("coins"), "tiles": N_("tiles")}
CONFIDENCES = {"stated": N_("stated"), "sourced": N_("sourced"), "derived": N_("derived"),
               "assumed": common.ASSUMED}


class GameDirective(SphinxDirective):
    """A directive taking one argument, the game id, and rendering from its spec."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0].strip()
        try:
            spec = common.load_spec(self.env, game)
        except SpecError as exc:
            raise self.error(str(exc)) from None
        return self.render(spec, common.language(self.env))

    def render(self, spec: Spec, lang: str) -> list[nodes.Node]:
        raise NotImplementedError

    def _(self, message: str) -> str:
        return gettext_for(common.language(self.env), message)

    def unit(self, unit: str) -> str:
        return self._(UNITS[unit]) if unit in UNITS else unit

    def clause_links(self, clause_ids: tuple[str, ...]) -> nodes.paragraph:
        links: list[nodes.Node] = []
        for index, clause_id in enumerate(clause_ids):
            if index:
                links.append(nodes.Text(", "))
            links.append(common.reference(self.env, clause_id, nodes.literal("", clause_id)))
        return common.paragraph(*links)


class InterpretationRegister(GameDirective):
    """Every interpretation of the game, one anchored block each; an entry with a rule
    variant shows how often each other reading matters in random games
    (:func:`regelwerk.sphinxext.stats.reading_effects`, options ``effect-players``,
    ``effect-games`` and ``effect-with``: other variants a reading is measured with,
    where it applies only there, as ``variant=other_variant:value, ...``)."""

    option_spec: ClassVar[dict[str, Any]] = {"effect-players": directives.unchanged,
                                            "effect-games": directives.positive_int,
                                            "effect-with": directives.unchanged}

    def render(self, spec: Spec, lang: str) -> list[nodes.Node]:
        result: list[nodes.Node] = []
        for item in spec.interpretations.values():
            box = nodes.container(classes=["regelwerk-interpretation"], ids=[item.id])
            question = pgettext_for(lang, f"{item.id}#question", item.question)
            heading = common.text(question, nodes.rubric)
            heading += nodes.Text(" ")
            heading += nodes.literal("", item.id, classes=["regelwerk-entry-id"])
            box += heading
            evidence = nodes.bullet_list()
            for number, source in enumerate(item.evidence):
                note = pgettext_for(lang, f"{item.id}#evidence.{number}", source["note"])
                edition = self._(EDITIONS.get(source["edition"], source["edition"]))
                entry = nodes.list_item()
                entry += common.paragraph(
                    nodes.emphasis("", f"{edition}, {source['section']}"), nodes.Text(": "),
                    nodes.Text(note))
                evidence += entry
            options = nodes.enumerated_list()
            for option in item.options:
                line = common.paragraph(
                    nodes.literal("", option["id"]), nodes.Text(": "),
                    nodes.Text(pgettext_for(lang, f"{item.id}#option.{option['id']}",
                                            option["text"])))
                if option["id"] == item.decision:
                    line += nodes.Text(" ")
                    line += nodes.strong("", f"({self._(CHOSEN)})")
                entry = nodes.list_item()
                entry += line
                options += entry
            fields: list[tuple[str, list[nodes.Node]]] = [
                (self._(EVIDENCE), [evidence]),
                (self._(OPTIONS), [options]),
                (self._(DECISION), [common.paragraph(nodes.literal("", item.decision))]),
                (self._(REASON),
                 [common.text(pgettext_for(lang, f"{item.id}#reason", item.reason))]),
                (self._(CLAUSES), [self.clause_links(item.clauses)]),
                (self._(TESTS), [self.tests(item.tests)]),
            ]
            if item.text_says:
                fields.append((self._(TEXT_SAYS),
                               [common.paragraph(nodes.literal("", item.text_says))]))
            if item.departure:
                fields.append((self._(DEPARTURE), [common.text(
                    pgettext_for(lang, f"{item.id}#departure", item.departure))]))
            if item.plays_alike:
                fields.append((self._(PLAYS_ALIKE), [
                    common.text(pgettext_for(lang, f"{item.id}#plays_alike", item.plays_alike)),
                    common.paragraph(nodes.Text(self._(SHOWN_BY) + " "),
                                     nodes.literal("", item.plays_alike_test))]))
            if item.variant:
                fields.append((self._(VARIANT), [self.variant_options(item)]))
                effects = stats.reading_effects(self, spec, item,
                                                self.options.get("effect-players"),
                                                self.options.get("effect-games"),
                                                self.options.get("effect-with"))
                if effects:
                    fields.append((self._(stats.EFFECT), effects))
            box += common.field_list(fields)
            common.untranslatable(box)
            common.register_anchor(self, item.id, question)
            result.append(box)
        return result

    def variant_options(self, item: Interpretation) -> nodes.paragraph:
        """How the command line plays each reading: ``--option <variant>=<reading>``, as
        ``play``, ``simulate``, ``explain`` and the other playing commands take it."""
        commands = common.joined((nodes.literal("", f"--option {item.variant}={option['id']}")
                                  for option in item.options), " · ")
        return common.paragraph(nodes.Text(self._(VARIANT_TEXT) + " "), *commands)

    @staticmethod
    def tests(names: tuple[str, ...]) -> nodes.bullet_list:
        tests = nodes.bullet_list()
        for name in names:
            entry = nodes.list_item()
            entry += common.paragraph(nodes.literal("", name))
            tests += entry
        return tests


class AssumptionList(GameDirective):
    """Every number the rule text does not print: value, reason, proved range."""

    def render(self, spec: Spec, lang: str) -> list[nodes.Node]:
        numbers = list(spec.assumed())
        if not numbers:
            return [common.text(self._(NO_ASSUMPTIONS))]
        result: list[nodes.Node] = []
        for number in numbers:
            anchor = common.label(spec.game, "assumed", number.path)
            box = nodes.container(classes=["regelwerk-assumption"], ids=[anchor])
            title = common.paragraph(nodes.literal("", number.path))
            title["classes"].append("regelwerk-assumption-title")
            box += title
            value = common.localise(spec, number.value, lang)
            shown_range = (f"{number.range[0]} … {number.range[1]}" if number.range
                           else self._(NO_RANGE))
            box += common.field_list([
                (self._(VALUE), [common.text(f"{value} {self.unit(number.unit)}".strip())]),
                (self._(REASON), [common.text(
                    pgettext_for(lang, f"{number.path}#reason", number.reason))]),
                (self._(RANGE), [common.text(shown_range)]),
                (self._(SOURCE), [common.text(
                    pgettext_for(lang, f"{number.path}#source", number.source))]),
            ])
            common.untranslatable(box)
            common.register_anchor(self, anchor, number.path)
            result.append(box)
        return result


class TermTable(GameDirective):
    """The glossary: one row per term, the build language's column first.

    A term of another language than the page's carries its ``lang`` (docutils
    writes the class ``language-<code>`` as the attribute), so a screen reader
    pronounces it in that language (WCAG 3.1.2).
    """

    def render(self, spec: Spec, lang: str) -> list[nodes.Node]:
        columns = [("en", self._(ENGLISH)), ("de", self._(GERMAN))]
        columns.sort(key=lambda column: column[0] != lang)
        rows: list[list[nodes.Node | str]] = []
        for term in spec.glossary:
            note = (pgettext_for(lang, f"glossary.{term.key}#note", term.note)
                    if term.note else "")
            rows.append([self.term(getattr(term, code), code, lang) for code, _ in columns]
                        + [note])
        return [common.table([name for _, name in columns] + [self._(NOTE)], rows,
                             [2, 2, 4], ["regelwerk-glossary"])]

    @staticmethod
    def term(word: str, code: str, lang: str) -> nodes.Node | str:
        """A term cell: plain in the page's language, marked with its own otherwise."""
        return word if code == lang else common.text(word, classes=[f"language-{code}"])


class NumberTable(GameDirective):
    """Every number of the game, anchored, with its source and confidence."""

    def render(self, spec: Spec, lang: str) -> list[nodes.Node]:
        rows: list[list[common.Cell]] = []
        for number in spec.numbers.values():
            anchor = common.label(spec.game, "number", number.path)
            name = nodes.literal("", number.path, ids=[anchor])
            common.register_anchor(self, anchor, number.path)
            shown = common.localise(spec, number.value, lang)
            value: list[nodes.Node] = (
                [common.assumed_mark(self.env, spec.game, number.path, shown)]
                if number.assumed else [nodes.Text(shown)])
            confidence = self._(CONFIDENCES.get(number.confidence, number.confidence))
            source = pgettext_for(lang, f"{number.path}#source", number.source)
            rows.append([[name], value, self.unit(number.unit), source, confidence])
        headers = [self._(NUMBER), self._(VALUE), self._(UNIT), self._(SOURCE),
                   self._(CONFIDENCE)]
        return [common.table(headers, rows, [3, 2, 1, 5, 1], ["regelwerk-numbers"])]


class RulingsLog(SphinxDirective):
    """The change log of rulings (``spec/rulings.toml``), newest first, in the build
    language: each version with its changed decisions, new readings and rule fixes,
    linked to the register entry or clause they concern."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        from regelwerk.engine.core import readings

        lang = common.language(self.env)

        def _(message: str) -> str:
            return gettext_for(lang, message)

        result: list[nodes.Element] = [common.text(_(RULES_VERSION).format(
            version=readings.version()))]
        for version in dict.fromkeys(r.version for r in readings.rulings()):
            result.append(common.text(version, nodes.rubric))
            listed = nodes.bullet_list()
            for ruling in (r for r in readings.rulings() if r.version == version):
                concerns: list[nodes.Node] = [nodes.Text(_(ALL_GAMES))] if not ruling.entries \
                    else []
                for index, entry in enumerate(ruling.entries):
                    if index:
                        concerns.append(nodes.Text(", "))
                    concerns.append(common.reference(self.env, entry, nodes.literal("", entry)))
                item = nodes.list_item()
                item += common.paragraph(nodes.strong("", _(KINDS[ruling.kind])),
                                         nodes.Text(": "), nodes.Text(ruling.text_in(lang)),
                                         nodes.Text(" ("), *concerns, nodes.Text(")"))
                listed += item
            result.append(listed)
        for node in result:
            common.untranslatable(node)
        return list(result)


def setup(app: Sphinx) -> None:
    app.add_directive("rulings-log", RulingsLog)
    app.add_directive("interpretation-register", InterpretationRegister)
    app.add_directive("assumption-list", AssumptionList)
    app.add_directive("term-table", TermTable)
    app.add_directive("number-table", NumberTable)
