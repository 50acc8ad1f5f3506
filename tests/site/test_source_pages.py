"""The highlighted source pages (``_modules/``) as valid html and in the site checks
(issue 34, point 5): viewcode's blocks become spans closed inside their ``pre``, and the
Nu checker and the browser pass read source pages of every game in both languages."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from regelwerk.site import SiteReport
from regelwerk.sphinxext.sourcepages import phrasing_blocks
from tests.site import checkers
from tests.site.conftest import FIGURES, in_browser

LANGS = ("en", "de")
#: viewcode's markup of a module page (sphinx 9): a block on the lines of one function
#: (with its [docs] link back), a nested one, and one running to the module's last line,
#: which viewcode closes after the </pre>.
VIEWCODE = (
    '<h1>Source code for m</h1><div class="highlight"><pre>\n'
    '<span></span><span class="kn">import</span> <span class="nn">x</span>\n'
    '<div class="viewcode-block" id="f">\n<a class="viewcode-back" href="../p.html#m.f">[docs]</a>\n'
    '<span class="k">def</span> <span class="nf">f</span><span class="p">():</span>\n'
    '<div class="viewcode-block" id="f.g">\n<a class="viewcode-back" href="../p.html#m.f.g">[docs]</a>\n'
    '    <span class="k">pass</span></div>\n</div>\n'
    '<div class="viewcode-block" id="h">\n<a class="viewcode-back" href="../p.html#m.h">[docs]</a>\n'
    '<span class="k">def</span> <span class="nf">h</span><span class="p">():</span>\n'
    '    <span class="k">pass</span>\n'
    '</pre></div></div>\n')


def pre(body: str) -> str:
    return body[body.index("<pre>"):body.index("</pre>")]


def test_viewcode_blocks_become_spans_closed_inside_the_pre() -> None:
    fixed = phrasing_blocks(VIEWCODE)
    inside = pre(fixed)
    assert "<div" not in inside and "</div>" not in inside
    assert inside.count('<span class="viewcode-block" id=') == 3
    # every span opened in the pre is closed in it, in order
    depth = 0
    for tag in re.findall(r"</?span\b", inside):
        depth += 1 if tag == "<span" else -1
        assert depth >= 0
    assert depth == 0
    # the highlight wrapper closes once, and nothing else follows the pre but it
    assert fixed.endswith("</pre></div>\n")
    # the code, the ids and the links back are kept
    assert re.sub(r"<[^>]+>", "", fixed) == re.sub(r"<[^>]+>", "", VIEWCODE)
    for anchor in ("f", "f.g", "h"):
        assert f'id="{anchor}"' in fixed


def test_a_page_without_viewcode_blocks_is_left_alone() -> None:
    plain = '<div class="highlight"><pre>\n<span>x</span>\n</pre></div>\n<div>after</div>'
    assert phrasing_blocks(plain) == plain
    assert phrasing_blocks("<p>no code</p>") == "<p>no code</p>"


def test_the_original_markup_breaks_the_rule_the_fix_keeps() -> None:
    """The fixture is viewcode's real fault: a div in the pre, one closed after it."""
    assert '<div class="viewcode-block"' in pre(VIEWCODE)
    assert VIEWCODE.count("</div>") > pre(VIEWCODE).count("</div>") + 1


@pytest.mark.slow
def test_the_checkers_read_the_source_pages_of_every_game_in_both_languages(
        site: SiteReport) -> None:
    folder = site.out / "site"
    every = [str(page.relative_to(folder)) for page in checkers.html_files(folder)]
    sources = [page for page in every if checkers.is_source_page(page)]
    games = sorted(path.name for path in (folder / "en" / checkers.SOURCES).glob(
        "regelwerk/engine/*"))
    assert games
    for lang in LANGS:
        assert f"{lang}/{checkers.SOURCES}/index.html" in sources
        for game in games:
            mine = [page for page in sources if page.startswith(
                f"{lang}/{checkers.SOURCES}/regelwerk/engine/{game}/")]
            assert mine, (lang, game)
            assert set(mine) & set(in_browser(folder)), (lang, game)
    assert set(checkers.source_sample(folder)) <= set(sources)
    assert not [page for page in every if "/_static/" in page or "/_images/" in page]


@pytest.mark.slow
def test_no_viewcode_div_is_left_in_a_pre(site: SiteReport) -> None:
    folder = site.out / "site"
    pages = [page for page in checkers.html_files(folder)
             if checkers.is_source_page(str(page.relative_to(folder)))]
    assert pages
    for page in pages:
        source = page.read_text(encoding="utf-8")
        for code in re.findall(r"<pre>(.*?)</pre>", source, re.S):
            assert "<div" not in code and "</div>" not in code, page


@pytest.mark.slow
@pytest.mark.sitecheck
def test_nu_and_axe_find_nothing_on_the_source_pages(
        site: SiteReport, nu: dict[str, Any], browser: dict[str, Any],
        record_property: Callable[[str, object], None]) -> None:
    folder = site.out / "site"
    checked_nu = [page for page in nu["pages"] if checkers.is_source_page(page)]
    checked_axe = [page["page"] for page in browser["pages"] if checkers.is_source_page(page["page"])]
    record_property(FIGURES, f"source pages: Nu HTML Checker {len(checked_nu)}, "
                             f"browser pass {len(checked_axe)}")
    assert len(checked_nu) == len([p for p in checkers.html_files(folder)
                                   if checkers.is_source_page(str(p.relative_to(folder)))])
    assert set(checked_axe) == set(checkers.source_sample(folder))
    errors = [error for error in checkers.read_nu(nu).errors if "/_modules/" in error]
    assert not errors, "\n".join(errors[:20])
    violations = {rule: [page for page in pages if "/_modules/" in page]
                  for rule, pages in checkers.axe_violations(browser).items()}
    assert not any(violations.values()), violations


def test_source_sample_takes_the_index_and_one_page_per_folder(tmp_path: Path) -> None:
    for lang in LANGS:
        root = tmp_path / lang / checkers.SOURCES
        (root / "regelwerk" / "engine" / "a").mkdir(parents=True)
        (root / "regelwerk" / "engine" / "b").mkdir(parents=True)
        (root / "index.html").write_text("<p>index</p>")
        (root / "regelwerk" / "engine" / "a" / "one.html").write_text("viewcode-block")
        (root / "regelwerk" / "engine" / "a" / "two.html").write_text("viewcode-block" * 3)
        (root / "regelwerk" / "engine" / "b" / "three.html").write_text("")
    sample = checkers.source_sample(tmp_path)
    for lang in LANGS:
        assert f"{lang}/_modules/index.html" in sample
        assert f"{lang}/_modules/regelwerk/engine/a/two.html" in sample
        assert f"{lang}/_modules/regelwerk/engine/a/one.html" not in sample
        assert f"{lang}/_modules/regelwerk/engine/b/three.html" in sample
    assert len(sample) == 3 * len(LANGS)
