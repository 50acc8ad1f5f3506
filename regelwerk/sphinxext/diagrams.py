"""The ``queue-diagram`` directive: queues of an engine state drawn as inline SVG.

```{queue-diagram} regelwerk.engine.florenz.examples:queue_priority
:locations: 5
:ranks: debutant lady maestro
```

imports the function after the colon, calls it without arguments and draws
the queues of the state it returns, head first (left): one shape per member
in its family's colour, its rank shown by shape and size, the head of the
queue marked, spaces beyond the open ones greyed as blocked. ``:locations:``
picks queues by number (default: every non-empty one); ``:ranks:`` names the
ranks, lowest first, by glossary key of the game (the module path's segment
after ``regelwerk.engine.``), so they appear in the build language. Titles
and captions come from the engine catalog (:func:`gettext_for`). A reference
that cannot be imported or called, or that returns no queues, is reported
as a Sphinx warning and draws nothing.

A diagram is drawn at its natural size and shrinks with a narrower column
(``max-width: 100%`` over its ``viewBox``), so no space is cut off on a phone.

Nothing here knows a particular game: the state needs ``queues`` (one tuple
of pieces per location, head first), ``family_of``, ``rank_of`` and
``rules`` with ``names``, ``capacity`` and ``spaces``.
"""

from __future__ import annotations

import html
import importlib
import inspect
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.spec import SpecError
from regelwerk.sphinxext import common

logger = logging.getLogger(__name__)

QUEUE_AT = N_("Queue at location {location}")
HEAD_FIRST = N_("head first")
MEMBER = N_("place {place}: {rank} ({family})")
HEAD = N_("head of the queue")
OPEN = N_("open spaces: {count}")
BLOCKED = N_("blocked spaces: {count}")
BLOCKED_SPACE = N_("blocked space")
OPEN_SPACE = N_("open space")
EMPTY = N_("empty")
RANK = N_("rank {rank}")

#: Family colour -> (fill, name to translate); other names get a palette colour.
COLOURS: dict[str, tuple[str, str]] = {
    "blue": ("#2166ac", N_("blue")), "orange": ("#e08214", N_("orange")),
    "violet": ("#762a83", N_("violet")), "green": ("#1b7837", N_("green")),
    "black": ("#252525", N_("black")), "red": ("#b2182b", N_("red")),
    "white": ("#f7f7f7", N_("white")), "yellow": ("#fee08b", N_("yellow")),
}
PALETTE = ("#8c510a", "#01665e", "#c51b7d", "#4d4d4d")

SLOT, GAP, PAD, TOP = 44, 6, 8, 18


class QueueRules(Protocol):
    names: tuple[str, ...]
    capacity: int
    spaces: int


class QueueState(Protocol):
    rules: Any   # QueueRules; Any because frozen dataclasses do not match a Protocol's attributes
    queues: tuple[tuple[int, ...], ...]

    def family_of(self, piece: int) -> int: ...

    def rank_of(self, piece: int) -> int: ...


def load_state(reference: str) -> tuple[QueueState, str]:
    """``module:function`` -> (the state it returns, the module's file); raises ``ValueError``."""
    module_name, sep, function_name = reference.partition(":")
    if not sep or not module_name or not function_name:
        raise ValueError(f"{reference!r} must have the form module:function")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"cannot import {module_name}: {exc}") from None
    function: Callable[[], Any] | None = getattr(module, function_name, None)
    if not callable(function):
        raise ValueError(f"{module_name} has no function {function_name}")
    try:
        state = function()
    except Exception as exc:   # the example itself is broken: report, do not crash the build
        raise ValueError(f"{reference}() failed: {exc!r}") from None
    if not hasattr(state, "queues") or not hasattr(state, "family_of"):
        raise ValueError(f"{reference}() returned no state with queues")
    return state, inspect.getsourcefile(module) or ""


def family_colour(name: str, index: int) -> str:
    return COLOURS[name][0] if name in COLOURS else PALETTE[index % len(PALETTE)]


def family_label(name: str, lang: str) -> str:
    return gettext_for(lang, COLOURS[name][1]) if name in COLOURS else name


def _shape(rank: int, x: float, y: float, fill: str, title: str) -> str:
    """One member: circle (lowest rank), diamond, then larger squares; bigger with rank."""
    size = 9 + 4 * rank
    common_attrs = (f'class="regelwerk-member regelwerk-rank-{rank}" fill="{fill}" '
                    'stroke="#ffffff" stroke-width="2"')
    label = f"<title>{html.escape(title)}</title>"
    if rank == 0:
        return f'<circle {common_attrs} cx="{x}" cy="{y}" r="{size}">{label}</circle>'
    if rank == 1:
        points = f"{x},{y - size} {x + size},{y} {x},{y + size} {x - size},{y}"
        return f'<polygon {common_attrs} points="{points}">{label}</polygon>'
    return (f'<rect {common_attrs} x="{x - size}" y="{y - size}" width="{2 * size}" '
            f'height="{2 * size}" rx="3">{label}</rect>')


def queue_svg(state: QueueState, location: int, lang: str,
              rank_names: Sequence[str] = (), ident: str = "queue") -> str:
    """An accessible SVG figure of the queue at ``location`` (numbered from 1)."""
    _ = lambda message: gettext_for(lang, message)  # noqa: E731
    rules = state.rules
    queue = state.queues[location - 1]
    spaces, capacity = int(rules.spaces), int(rules.capacity)

    def rank_name(rank: int) -> str:
        return rank_names[rank] if rank < len(rank_names) else _(RANK).format(rank=rank)

    described = []
    shapes = []
    for place in range(spaces):
        x = PAD + place * (SLOT + GAP)
        cx, cy = x + SLOT / 2, TOP + SLOT / 2
        blocked = place >= capacity
        css = "regelwerk-blocked" if blocked else "regelwerk-space"
        fill = "#bdbdbd" if blocked else "#ffffff"
        tip = _(BLOCKED_SPACE) if blocked else _(OPEN_SPACE)
        stroke = ' stroke="#b8860b" stroke-width="3"' if place == 0 else \
            ' stroke="#737373" stroke-width="1"'
        shapes.append(f'<rect class="{css}" x="{x}" y="{TOP}" width="{SLOT}" height="{SLOT}" '
                      f'rx="4" fill="{fill}"{stroke}><title>{html.escape(tip)}</title></rect>')
        if blocked:
            shapes.append(f'<path class="regelwerk-blocked-mark" d="M{x + 8},{TOP + 8} '
                          f'L{x + SLOT - 8},{TOP + SLOT - 8} M{x + SLOT - 8},{TOP + 8} '
                          f'L{x + 8},{TOP + SLOT - 8}" stroke="#8c8c8c" stroke-width="2"/>')
        if place < len(queue):
            piece = queue[place]
            family, rank = state.family_of(piece), state.rank_of(piece)
            name = rules.names[family]
            text = _(MEMBER).format(place=place + 1, rank=rank_name(rank),
                                    family=family_label(name, lang))
            if place == 0:
                text = f"{text}, {_(HEAD)}"
            described.append(text)
            shapes.append(_shape(rank, cx, cy, family_colour(name, family), text))
    head_x = PAD + SLOT / 2
    shapes.append(f'<path class="regelwerk-head" d="M{head_x - 7},{TOP - 12} L{head_x + 7},'
                  f'{TOP - 12} L{head_x},{TOP - 3} Z" fill="#b8860b">'
                  f"<title>{html.escape(_(HEAD))}</title></path>")

    title = _(QUEUE_AT).format(location=location)
    summary = "; ".join(described) if described else _(EMPTY)
    counts = ", ".join([_(OPEN).format(count=max(capacity - len(queue), 0)),
                        _(BLOCKED).format(count=max(spaces - capacity, 0))])
    description = f"{_(HEAD_FIRST)}: {summary}. {counts}."
    width = 2 * PAD + spaces * SLOT + (spaces - 1) * GAP
    height = TOP + SLOT + PAD
    title_id, desc_id = f"{ident}-title", f"{ident}-desc"
    return (
        f'<figure class="regelwerk-queue-diagram" id="{ident}">'
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" style="max-width: 100%; height: auto" '
        f'aria-labelledby="{title_id} {desc_id}">'
        f'<title id="{title_id}">{html.escape(title)}</title>'
        f'<desc id="{desc_id}">{html.escape(description)}</desc>'
        + "".join(shapes) +
        f"</svg><figcaption>{html.escape(title)}: {html.escape(summary)}</figcaption></figure>")


class QueueDiagram(SphinxDirective):
    """Draw the queues of the engine state a ``module:function`` returns."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "locations": directives.unchanged, "ranks": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        reference = self.arguments[0].strip()
        lang = common.language(self.env)
        try:
            state, source = load_state(reference)
            wanted = [int(n) for n in self.options.get("locations", "").split()]
            rank_names = self._rank_names(reference, self.options.get("ranks", "").split(), lang)
        except (ValueError, SpecError) as exc:
            logger.warning("queue-diagram: %s", exc, location=self.get_location())
            return []
        if source:
            self.env.note_dependency(source)
        locations = wanted or [i + 1 for i, q in enumerate(state.queues) if q]
        if not locations or not all(1 <= n <= len(state.queues) for n in locations):
            logger.warning("queue-diagram: %s has no queue at %s", reference,
                           locations or "any location", location=self.get_location())
            return []
        serial = self.env.new_serialno("regelwerk-queue-diagram")
        parts = [queue_svg(state, n, lang, rank_names,
                           ident=f"queue-diagram-{self.env.docname.replace('/', '-')}-{serial}-{n}")
                 for n in locations]
        container = nodes.container(classes=["regelwerk-queue-diagrams"])
        container += nodes.raw("", "\n".join(parts), format="html")
        return [container]

    def _rank_names(self, reference: str, keys: Sequence[str], lang: str) -> list[str]:
        """Glossary terms for the rank keys, in the build language."""
        if not keys:
            return []
        module = reference.partition(":")[0]
        prefix = "regelwerk.engine."
        game = module[len(prefix):].split(".")[0] if module.startswith(prefix) else ""
        if not game:
            raise ValueError(f":ranks: needs a module under {prefix}<game>")
        spec = common.load_spec(self.env, game)
        known = {term.key for term in spec.glossary}
        unknown = [key for key in keys if key not in known]
        if unknown:
            raise ValueError(f":ranks: {', '.join(unknown)} not in the glossary of {game}")
        return [common.localise(spec, key, lang) for key in keys]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("queue-diagram", QueueDiagram)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
