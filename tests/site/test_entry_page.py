"""The entry page's parts, without a build: a game's title and first two sentences,
read from its built start page."""

from __future__ import annotations

from pathlib import Path

from regelwerk.site import page_summary, write_entry_page

PAGE = """<html><body><article role="main"><section id="x">
<h1>Il Vecchio<a class="headerlink" href="#x" title="Link">¶</a></h1>
<div class="regelwerk-clause"><p class="regelwerk-clause-title">Not this</p></div>
<p class="translated"><em>Il Vecchio</em> ist ein Spiel aus der Toskana des 15. Jahrhunderts.
Es gibt z. B. Schriftrollen &amp; Kutschen. Ein dritter Satz folgt.</p>
</section></article></body></html>"""


def test_summary_is_the_title_and_the_first_two_sentences(tmp_path: Path) -> None:
    page = tmp_path / "index.html"
    page.write_text(PAGE, encoding="utf-8")
    title, summary = page_summary(page)
    assert title == "Il Vecchio"
    assert summary == ("Il Vecchio ist ein Spiel aus der Toskana des 15. Jahrhunderts. "
                       "Es gibt z. B. Schriftrollen & Kutschen.")
    assert page_summary(page, sentences=1)[1].endswith("15. Jahrhunderts.")


def test_entry_page_offers_each_language_with_its_games(tmp_path: Path) -> None:
    for lang in ("en", "de"):
        (tmp_path / lang / "il_vecchio").mkdir(parents=True)
        (tmp_path / lang / "index.html").write_text(PAGE, encoding="utf-8")
        (tmp_path / lang / "il_vecchio" / "index.html").write_text(PAGE, encoding="utf-8")
    entry = write_entry_page(tmp_path, ("en", "de")).read_text(encoding="utf-8")
    assert entry.count("<main>") == 1
    assert '<section lang="de" id="de"' in entry and '<section lang="en" id="en"' in entry
    assert '<a href="de/il_vecchio/index.html"><strong>Il Vecchio</strong></a>: Il Vecchio ist' in entry
    assert '<link rel="alternate" hreflang="de" href="de/index.html">' in entry
    assert "navigator.languages" in entry
