"""Comments of the examples in the build language, the code that runs unchanged.

Literal blocks (code, doctests) are never translated: both languages run the
same examples. Their comments (``# violet arrives``) explain the example to
the reader, though, so each one is a message of its own in the page's
catalog, and the html pages show it in the build language:

* while a page is read, :class:`CollectComments` (before Sphinx's ``Locale``
  transform) puts an invisible :class:`example_comments` node per comment
  after every Python example; it is an ``addnodes.translatable``, so the
  gettext builder extracts its message and ``Locale`` hands it the
  translation;
* when an html page is written, :class:`ShowComments` (a post-transform for
  html builders only) puts the translations into the example's displayed
  text. The doctest builder reads the same doctree without post-transforms,
  so it tests the example as written.

Machine-read comments stay as they are and are not extracted: ``# clause:``
markers, ``# doctest:`` options, ``# type:`` and ``# noqa``.
"""

from __future__ import annotations

import doctest
import io
import re
import tokenize
from collections.abc import Iterator, Sequence
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

#: Comments that tools read: never extracted, never replaced.
MACHINE_READ = re.compile(r"^(?:(?:clause|doctest|type|pragma)\s*:|noqa\b)", re.I)
PYTHON = frozenset({"python", "python3", "py", "pycon", "default"})
PROMPT = 4   # len(">>> ") == len("... ")
#: A doctest line that holds only a comment: ``>>> # the card orange draws``.
COMMENT_PROMPT = re.compile(r"^(\s*>>>\s*)#(.*)$")


class example_comments(nodes.Invisible, nodes.Element, addnodes.translatable):
    """One comment of the literal block before it (and before any other such node):
    ``message`` the original, ``translation`` its text in the build language, if any.

    One node per message: Sphinx's ``Locale`` marks a whole node done once one of its
    messages translates to itself (``# Medici``), which would hide the others."""

    def preserve_original_messages(self) -> None:
        """The original is kept in ``message`` from the start."""

    def apply_translated_message(self, original_message: str, translated_message: str) -> None:
        self["translation"] = translated_message

    def extract_original_messages(self) -> Sequence[str]:
        return [self["message"]]


def _python_comments(source: str) -> Iterator[tuple[int, int, str]]:
    """(row from 0, column, text after ``#``) of each comment token of ``source``."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                yield token.start[0] - 1, token.start[1], token.string[1:].strip()
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return


def comments(text: str, doctest_block: bool) -> list[tuple[int, int, str]]:
    """(line from 0, column of ``#``, text) of every comment a reader should understand.

    In a doctest only the source lines count (the expected output is not code);
    machine-read comments (:data:`MACHINE_READ`) are left out.
    """
    found: list[tuple[int, int, str]] = []
    if doctest_block:
        try:
            examples = doctest.DocTestParser().get_examples(text)
        except ValueError:
            return []
        for example in examples:
            for row, column, comment in _python_comments(example.source):
                found.append((example.lineno + row, example.indent + PROMPT + column, comment))
        # A prompt with nothing but a comment is no example to doctest's parser.
        seen = {line for line, _, _ in found}
        for line, content in enumerate(text.split("\n")):
            alone = COMMENT_PROMPT.match(content)
            if alone and line not in seen:
                found.append((line, alone.end(1), alone[2].strip()))
        found.sort()
    else:
        found = list(_python_comments(text))
    return [(line, column, comment) for line, column, comment in found
            if comment and not MACHINE_READ.match(comment)]


def translated(text: str, doctest_block: bool, translations: dict[str, str]) -> str:
    """``text`` with each comment that has a translation replaced by it."""
    lines = text.split("\n")
    for line, column, comment in comments(text, doctest_block):
        german = translations.get(comment)
        if german and lines[line][column:column + 1] == "#":
            lines[line] = f"{lines[line][:column]}# {german}"
    return "\n".join(lines)


def _is_doctest(block: nodes.Element) -> bool:
    """A doctest (``>>>`` prompts) rather than plain code."""
    kind = block.get("testnodetype")
    return kind == "doctest" if kind else block.astext().lstrip().startswith(">>>")


def _is_python(block: nodes.Element) -> bool:
    if not isinstance(block, nodes.literal_block) or block.rawsource != block.astext():
        return False
    return "testnodetype" in block or block.get("language", "default") in PYTHON


class CollectComments(SphinxTransform):
    """Put an :class:`example_comments` after each Python example that has comments."""

    default_priority = 15   # after the directives ran, before Locale (20)

    def apply(self, **kwargs: Any) -> None:
        for block in list(self.document.findall(nodes.literal_block)):
            if not _is_python(block):
                continue
            messages = dict.fromkeys(
                comment for _, _, comment in comments(block.astext(), _is_doctest(block)))
            index = block.parent.index(block)
            for offset, message in enumerate(messages, 1):
                node = example_comments(message=message)
                node.source, node.line = block.source, block.line
                block.parent.insert(index + offset, node)


class ShowComments(SphinxPostTransform):
    """In html output: each example's comments in the build language; the markers go."""

    default_priority = 5
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        for block in list(self.document.findall(nodes.literal_block)):
            parent = block.parent
            found: list[example_comments] = []
            index = parent.index(block) + 1
            while index < len(parent) and isinstance(following := parent[index], example_comments):
                found.append(following)
                del parent[index]
            translations = {node["message"]: node["translation"] for node in found
                            if node.get("translation")}
            if translations:
                text = translated(block.astext(), _is_doctest(block), translations)
                block.rawsource = text
                block.children = []
                block.append(nodes.Text(text))
        for node in list(self.document.findall(example_comments)):   # any left alone
            node.parent.remove(node)


def _skip(translator: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


def setup(app: Sphinx) -> None:
    skip = (_skip, None)
    app.add_node(example_comments, html=skip, latex=skip, text=skip, man=skip, texinfo=skip)
    app.add_transform(CollectComments)
    app.add_post_transform(ShowComments)
