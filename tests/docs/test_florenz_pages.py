"""The Florenz pages: clause anchors, German clause text, queue diagrams."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import clause_text

from regelwerk.site import SiteReport
from regelwerk.sphinxext import diagrams

ROOT = Path(__file__).resolve().parents[2]
GAME = "florenz"
OTHER_PAGES = ("scandal.", "solo.")      # clauses shown on the scandal and solo pages
EXAMPLES = "regelwerk.engine.florenz.examples"
SHAPE = re.compile(r'<(?:circle|polygon|rect) class="regelwerk-member regelwerk-rank-(\d)"')


def page_text(path: Path) -> str:
    source = path.read_text(encoding="utf-8")
    article = source[source.find("<article"):source.find("</article>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article)).split())


def florenz_clauses() -> list[str]:
    return list(spec_module.load(GAME).clauses)


# ------------------------------------------------------------------ diagrams (fast)

@pytest.mark.parametrize("name", ["queue_priority", "queue_rank", "queue_control",
                                  "queue_promotion", "setup_three_families"])
def test_diagram_draws_one_shape_per_queued_member(name: str) -> None:
    state, _ = diagrams.load_state(f"{EXAMPLES}:{name}")
    for index, queue in enumerate(state.queues):
        svg = diagrams.queue_svg(state, index + 1, "en", ("debutant", "lady", "maestro"))
        ranks = [int(r) for r in SHAPE.findall(svg)]
        assert ranks == [state.rank_of(p) for p in queue]
        blocked = state.rules.spaces - state.rules.capacity
        assert svg.count('class="regelwerk-blocked"') == blocked
        assert svg.count('class="regelwerk-space"') == state.rules.capacity
        assert svg.count('class="regelwerk-head"') == 1
        assert svg.startswith('<figure') and "<svg" in svg and "<title id=" in svg


def test_diagram_colours_members_by_family_and_titles_in_german() -> None:
    state, _ = diagrams.load_state(f"{EXAMPLES}:queue_priority")
    queue = state.queue(5)
    svg = diagrams.queue_svg(state, 5, "de", ("Debütant", "Dame", "Maestro"))
    for piece in queue:
        name = state.rules.names[state.family_of(piece)]
        assert f'fill="{diagrams.family_colour(name, state.family_of(piece))}"' in svg
    assert "Warteschlange am Ort 5" in svg
    assert "Kopf der Warteschlange" in svg
    assert "Queue at location" not in svg


@pytest.mark.parametrize("reference", [
    "regelwerk.engine.florenz.examples:no_such_example",
    "regelwerk.engine.florenz.no_such_module:queue_priority",
    "not a reference",
])
def test_load_state_rejects_a_bad_reference(reference: str) -> None:
    with pytest.raises(ValueError):
        diagrams.load_state(reference)


@pytest.mark.slow
def test_directive_warns_on_a_bad_reference(tmp_path: Path) -> None:
    from io import StringIO

    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["myst_parser", "sphinx.ext.doctest", "regelwerk.sphinxext"]\n'
                                 'source_suffix = {".md": "markdown"}\n', encoding="utf-8")
    (src / "index.md").write_text(
        "# Test\n\n```{queue-diagram} regelwerk.engine.florenz.examples:no_such_example\n```\n\n"
        f"```{{queue-diagram}} {EXAMPLES}:queue_rank\n:locations: 5\n```\n", encoding="utf-8")
    warnings = StringIO()
    app = Sphinx(str(src), str(src), str(tmp_path / "out"), str(tmp_path / "doctrees"), "html",
                 status=None, warning=warnings, freshenv=True)
    app.build()
    assert "queue-diagram" in warnings.getvalue()
    assert "no_such_example" in warnings.getvalue()
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    state = diagrams.load_state(f"{EXAMPLES}:queue_rank")[0]
    assert len(SHAPE.findall(page)) == len(state.queue(5))


# ------------------------------------------------------------------ the built site (slow)

@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_florenz_clause_is_anchored_exactly_once(site: SiteReport, lang: str) -> None:
    pages = [(site.out / "site" / lang / p).read_text(encoding="utf-8")
             for p in site.pages[lang]]
    for clause_id in florenz_clauses():
        count = sum(page.count(f'id="{clause_id}"') for page in pages)
        assert count == 1, f"{clause_id}: {count} anchors ({lang})"


@pytest.mark.slow
def test_german_florenz_pages_show_german_clause_text(site: SiteReport) -> None:
    spec = spec_module.load(GAME)
    de = site.out / "site" / "de" / GAME
    whole = " ".join(page_text(p) for p in de.glob("*.html"))
    checked = 0
    for clause_id, clause in spec.clauses.items():
        if clause_id.removeprefix(f"{GAME}:").startswith(OTHER_PAGES):
            continue
        if any(spec.number(name).assumed for name in re.findall(r"\{([^{}]+)\}", clause.text)):
            continue      # assumed values carry a marker inside the sentence
        german, english = clause_text(spec, clause_id, "de"), clause_text(spec, clause_id, "en")
        assert german != english, clause_id
        assert german in whole, clause_id
        assert english not in whole, clause_id
        checked += 1
    assert checked >= 40
    assert "Warteschlange" in page_text(de / "queues.html")
    for page in de.glob("*.html"):
        assert 'class="untranslated' not in page.read_text(encoding="utf-8"), page


@pytest.mark.slow
def test_queue_diagrams_are_on_the_queue_page_in_both_languages(site: SiteReport) -> None:
    for lang, title in (("en", "Queue at location 5"), ("de", "Warteschlange am Ort 5")):
        page = (site.out / "site" / lang / GAME / "queues.html").read_text(encoding="utf-8")
        assert page.count('<figure class="regelwerk-queue-diagram"') >= 5
        assert title in page
