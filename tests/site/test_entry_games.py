"""The entry page leads with the games (issue 34, point 5): it lists each language's games,
never the index of the highlighted sources (``_modules/index.html``, "All modules for
which code is available"), which a built site holds beside them."""

from __future__ import annotations

from pathlib import Path

from regelwerk.site import write_entry_page
from tests.site.test_entry_page import PAGE

SOURCES = """<html><body><article role="main"><h1>All modules for which code is available</h1>
<ul><li><a href="regelwerk/engine/il_vecchio/board.html">regelwerk.engine.il_vecchio.board</a></li>
</ul></article></body></html>"""


def test_entry_page_lists_the_games_and_not_the_source_index(tmp_path: Path) -> None:
    for lang in ("en", "de"):
        for folder in ("il_vecchio", "_modules"):
            (tmp_path / lang / folder).mkdir(parents=True)
        (tmp_path / lang / "index.html").write_text(PAGE, encoding="utf-8")
        (tmp_path / lang / "il_vecchio" / "index.html").write_text(PAGE, encoding="utf-8")
        (tmp_path / lang / "_modules" / "index.html").write_text(SOURCES, encoding="utf-8")
    entry = write_entry_page(tmp_path, ("en", "de")).read_text(encoding="utf-8")
    assert "_modules" not in entry and "All modules" not in entry
    for lang in ("en", "de"):
        section = entry.split(f'<section lang="{lang}"', 1)[1].split("</section>", 1)[0]
        assert section.count("<li>") == 1
        assert f'<li><a href="{lang}/il_vecchio/index.html">' in section
