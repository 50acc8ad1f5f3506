"""Refusals in the build language: what an example expects and what the engine says.

An example that shows a refusal expects the engine's message after the
traceback (``…IllegalAction: The queue at 5 has no open space. (rule
florenz:queue.capacity)``). The page source is English, and literal blocks are
never translated, so both languages run the same code; the refusal itself,
though, is text for the reader:

* while a page of a non-English build is read, :class:`LocalRefusals` matches
  each expected refusal of a doctest against the English templates of the
  engine catalogs (``regelwerk*.po``: a template's fields are what the English
  text holds at their places, a field that is itself a message is matched in
  turn) and writes the text the same template and fields give in the build
  language (:func:`localized`), on the page and in the test. A refusal of a
  :class:`~regelwerk.engine.core.errors.LocalizedError` that no template
  explains is a build error (a warning, and the site builds with ``-W``);
* in the doctests of that build, :func:`refusals_in` (from
  ``doctest_global_setup``, :func:`setup_code`) makes ``str()`` of a
  ``LocalizedError`` its :meth:`~regelwerk.engine.core.errors.LocalizedError.message_in`
  the build language: the doctest then compares the engine's German with what
  the German page shows. Only the doctest builder's process runs it; the engine
  keeps ``str()`` English everywhere else.

``docs/conf.py`` leaves ``IGNORE_EXCEPTION_DETAIL`` out of the doctests' flags,
so a refusal's text is compared in every language, not only its class.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import re
import string
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import polib
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.i18n import DOMAIN, SOURCE_LANGUAGE, gettext_for

logger = logging.getLogger(__name__)

#: Expected refusals are wrapped to lines of at most this many characters (the
#: examples' code lines stay under 90, ``docs/README.md``).
WIDTH = 80
#: The expected exception line: the class (dotted or not) and its message.
EXCEPTION_LINE = re.compile(r"(?P<name>[A-Za-z_][\w.]*):[ \t]*(?P<detail>.*)", re.S)
#: A field's text that is a sentence (words, and a stop at the end): a message of its own
#: (an ``IllegalAction``'s text), which some template must explain, never left in English.
SENTENCE = re.compile(r"\S+\s.*[.!?]", re.S)


# --------------------------------------------------------------------------- templates

@dataclass(frozen=True)
class Template:
    """An English message of the engine catalogs as a pattern: ``fields`` are the
    field expressions in order of first appearance (group ``f<i>`` each)."""

    english: str
    pattern: re.Pattern[str]
    fields: tuple[str, ...]
    weight: int          # letters and signs outside the fields: the more, the more specific
    phrase: bool         # its own words hold a space: a message, not a name

    def read(self, text: str) -> dict[str, str] | None:
        """The English text at each field's place, if ``text`` is this message."""
        match = self.pattern.fullmatch(text)
        if match is None:
            return None
        return {field: match[f"f{index}"] for index, field in enumerate(self.fields)}


def _parsed(text: str) -> list[tuple[str, str | None]]:
    """(literal text, field expression or None) of a format string; ValueError if it is none."""
    return [(literal, None if name is None else name + (f"!{conv}" if conv else "")
             + (f":{spec}" if spec else ""))
            for literal, name, spec, conv in string.Formatter().parse(text)]


def _field_name(expression: str) -> str:
    return re.split(r"[!:]", expression, maxsplit=1)[0]


def template(english: str) -> Template | None:
    """``english`` as a :class:`Template`; None for a text without words of its own
    (``{text}``) or with braces that are no fields."""
    try:
        parts = _parsed(english)
    except ValueError:
        return None
    pattern: list[str] = []
    fields: list[str] = []
    words = ""
    for literal, expression in parts:
        words += literal
        pattern.append(r"\s+".join(re.escape(piece) for piece in re.split(r"\s+", literal)))
        if expression is not None:
            name = _field_name(expression)
            if name in fields:
                pattern.append(f"(?P=f{fields.index(name)})")
            else:
                fields.append(name)
                pattern.append(f"(?P<f{len(fields) - 1}>.+?)")
    weight = len("".join(words.split()))
    if not weight or not (fields or " " in words.strip()):
        return None
    return Template(english, re.compile("".join(pattern), re.S), tuple(fields), weight,
                    " " in words.strip())


def catalog_files(lang: str) -> list[Any]:
    """The engine's catalogs of ``lang`` (``regelwerk.po`` and every game's), as the
    engine reads them (:func:`regelwerk.engine.core.i18n.translation`)."""
    folder = resources.files("regelwerk.locales") / lang / "LC_MESSAGES"
    found: dict[str, Any] = {}
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        stem, _, suffix = entry.name.rpartition(".")
        # the .po is the truth, where there is one
        if stem.startswith(DOMAIN) and (suffix == "po" or (suffix == "mo" and stem not in found)):
            found[stem] = entry
    return [found[stem] for stem in sorted(found)]


@cache
def templates(lang: str) -> tuple[Template, ...]:
    """Every message of the engine catalogs of ``lang`` said without a context (the
    errors' templates are), as :class:`Template` s."""
    english: dict[str, None] = {}
    for entry in catalog_files(lang):
        read = polib.pofile if entry.name.endswith(".po") else polib.mofile
        for message in read(str(entry)):
            if message.msgctxt is None and message.msgid and not message.obsolete:
                english[message.msgid] = None
    return tuple(filter(None, (template(text) for text in english)))


# --------------------------------------------------------------------------- matching

@dataclass(frozen=True)
class Reading:
    """How an English message was read: its ``text`` in the build language, the sum
    of the :attr:`Template.weight` of the templates that explain it."""

    text: str
    weight: int


class Unexplained(ValueError):
    """An expected refusal that no template explains, or that two explain differently."""


def _fill(translated: str, values: dict[str, str]) -> str:
    """``translated`` (a template in the build language) with each field's text."""
    out = []
    for literal, expression in _parsed(translated):
        out.append(literal)
        if expression is not None:
            out.append(values[_field_name(expression)])
    return "".join(out)


@cache
def _readings(text: str, lang: str, phrases_only: bool) -> tuple[Reading, ...]:
    """The best readings of ``text`` (the heaviest, all of equal weight)."""
    readings: list[tuple[int, Template, dict[str, str]]] = []
    for candidate in templates(lang):
        if phrases_only and not candidate.phrase:
            continue
        values = candidate.read(text)
        if values is None:
            continue
        weight, options = candidate.weight, []
        for value in values.values():
            inner = _readings(" ".join(value.split()), lang, True)
            if inner:
                weight += inner[0].weight
                options.append([reading.text for reading in inner])
            elif SENTENCE.fullmatch(value):
                break           # a sentence is a message: no template explains this one
            else:
                options.append([value])
        else:
            readings += [(weight, candidate, dict(zip(values, chosen, strict=True)))
                         for chosen in itertools.product(*options)]
    best: list[Reading] = []
    for weight, candidate, shown in readings:
        try:
            said = _fill(gettext_for(lang, candidate.english), shown)
        except (ValueError, KeyError):
            said = _fill(candidate.english, shown)   # the engine falls back to English too
        if not best or weight > best[0].weight:
            best = [Reading(said, weight)]
        elif weight == best[0].weight and said not in (reading.text for reading in best):
            best.append(Reading(said, weight))
    return tuple(best)


def localized(english: str, lang: str) -> str:
    """The engine message whose English text is ``english`` (whitespace may differ) in
    ``lang``, from the same template and fields; :class:`Unexplained` if no template of
    the engine catalogs gives it, or two give it with different translations."""
    text = " ".join(english.split())
    if lang == SOURCE_LANGUAGE:
        return text
    found = _readings(text, lang, False)
    if not found:
        raise Unexplained(f"no message of the engine catalogs reads {text!r}")
    if len(found) > 1:
        raise Unexplained(f"{text!r} reads as several messages: "
                          + " | ".join(reading.text for reading in found))
    return found[0].text


def is_localized(name: str) -> bool:
    """Whether the exception class ``name`` (dotted, or only the class's name) is a
    :class:`LocalizedError`, whose message exists in every language."""
    module, _, attribute = name.rpartition(".")
    if module:
        try:
            kind = getattr(importlib.import_module(module), attribute, None)
        except ImportError:
            kind = None
        if isinstance(kind, type):
            return issubclass(kind, LocalizedError)

    def subclasses(kind: type) -> Iterator[type]:
        sub: type
        for sub in kind.__subclasses__():
            yield sub
            yield from subclasses(sub)

    return any(kind.__name__ == attribute for kind in subclasses(LocalizedError))


# --------------------------------------------------------------------------- examples

@dataclass(frozen=True)
class Refusal:
    """An expected refusal of a doctest: ``lines`` [start, end) of the text, what it
    says in English and in the build language (``problem`` if it cannot be said)."""

    start: int
    end: int
    english: str
    lines: tuple[str, ...]
    problem: str = ""


def _flags(example: doctest.Example, flags: int) -> int:
    for flag, on in example.options.items():
        flags = flags | flag if on else flags & ~flag
    return flags


def refusals(source: str, lang: str, flags: int) -> list[Refusal]:
    """Every expected refusal of a :class:`LocalizedError` in the doctest ``source``,
    with its lines in ``lang`` (wrapped to :data:`WIDTH` where the example normalizes
    whitespace, else on one line)."""
    try:
        examples = doctest.DocTestParser().get_examples(source)
    except ValueError:
        return []
    found = []
    for example in examples:
        message = example.exc_msg or ""
        shown = EXCEPTION_LINE.match(message)
        if not shown or not is_localized(shown["name"]):
            continue
        end = example.lineno + example.source.count("\n") + example.want.count("\n")
        start = end - message.count("\n")
        english = " ".join(shown["detail"].split())
        indent = " " * example.indent
        try:
            said = f"{shown['name']}: {localized(english, lang)}"
        except Unexplained as problem:
            found.append(Refusal(start, end, english, (), str(problem)))
            continue
        if _flags(example, flags) & doctest.NORMALIZE_WHITESPACE:
            lines = textwrap.wrap(said, WIDTH - len(indent), break_long_words=False,
                                  break_on_hyphens=False)
        else:
            lines = [said]
        found.append(Refusal(start, end, english, tuple(indent + line for line in lines)))
    return found


def rewritten(text: str, found: Sequence[Refusal]) -> str:
    """``text`` (a doctest, or its shown form: the same lines) with each refusal's lines."""
    lines = text.split("\n")
    for refusal in sorted(found, key=lambda refusal: refusal.start, reverse=True):
        if not refusal.problem:
            lines[refusal.start:refusal.end] = refusal.lines
    return "\n".join(lines)


class LocalRefusals(SphinxTransform):
    """In a non-English build: each doctest's expected refusals in the build language,
    on the page and in the test alike; a refusal no template explains is a warning."""

    default_priority = 25   # after Locale (20); the example's comments are collected at 15

    def apply(self, **kwargs: Any) -> None:
        lang = self.config.language or SOURCE_LANGUAGE
        if lang == SOURCE_LANGUAGE:
            return
        flags = self.config.doctest_default_flags
        for block in self.document.findall(nodes.literal_block):
            if block.get("testnodetype") != "doctest":
                continue
            test = block.get("test", block.astext())
            found = refusals(test, lang, flags)
            if not found:
                continue
            for entry in catalog_files(lang):     # a changed translation reads the page anew
                self.env.note_dependency(str(entry))
            for refusal in found:
                if refusal.problem:
                    logger.warning("refusal in %s: %s", lang, refusal.problem,
                                   location=(self.env.docname, (block.line or 0) + refusal.start),
                                   type="regelwerk", subtype="refusal")
            shown = block.astext()
            if "test" in block:
                block["test"] = rewritten(test, found)
            if shown.count("\n") == test.count("\n"):
                shown = rewritten(shown, found)
            else:                                   # cannot happen: Sphinx keeps the lines
                shown = block.get("test", test)
            block.rawsource = shown
            block.children = [nodes.Text(shown)]


# --------------------------------------------------------------------------- doctests

def refusals_in(lang: str) -> None:
    """``str()`` of every :class:`LocalizedError` in ``lang`` from now on, in this process.

    For the doctests of a build in ``lang`` only (:func:`setup_code`): the engine's
    ``str()`` stays English (what logs and ``pytest.raises(match=...)`` see); English
    restores it.
    """
    if lang == SOURCE_LANGUAGE:
        if "__str__" in vars(LocalizedError):
            delattr(LocalizedError, "__str__")
        return

    def __str__(error: LocalizedError) -> str:
        return error.message_in(lang)

    setattr(LocalizedError, "__str__", __str__)  # noqa: B010 (a method, set on purpose)


def setup_code(lang: str) -> str:
    """The lines ``doctest_global_setup`` gets for a build in ``lang``."""
    return (f"DOC_LANG = {lang!r}\n"
            "from regelwerk.sphinxext.refusals import refusals_in as _refusals_in\n"
            "_refusals_in(DOC_LANG)\n")


def setup(app: Sphinx) -> None:
    app.add_transform(LocalRefusals)
