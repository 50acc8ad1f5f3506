"""The language switch keeps the reader's place and is there on a phone (issue 34, point 5):
in Chromium at phone widths, without opening the menu, a language link is visible and
reachable, and following it from ``page#anchor`` leads to the same page and anchor in
the other language (``phone_switch.mjs``)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from regelwerk.site import SiteReport
from tests.site import checkers

pytestmark = [pytest.mark.slow, pytest.mark.sitecheck]
SCRIPT = Path(__file__).with_name("phone_switch.mjs")
OTHER = {"en": "de", "de": "en"}
WIDTHS = (checkers.NARROW, 320)


def first_clause(site: Path, lang: str) -> tuple[str, str]:
    """(page, clause id) of a clause box on a game page, far down the page: the last box
    of the first game's first page that has two or more."""
    for page in sorted((site / lang).glob("*/*.html")):
        ids = re.findall(r'<div class="regelwerk-clause[^"]*" id="([^"]+)"',
                         page.read_text(encoding="utf-8"))
        if len(ids) > 1:
            return str(page.relative_to(site)), ids[-1]
    raise AssertionError(f"no page of {lang} with two clause boxes")


def phone(site: Path, page: str, anchor: str) -> dict[str, Any]:
    command = ["node", str(SCRIPT), "--tools", str(checkers.TOOLS), "--site", str(site),
               "--chromium", checkers.chromium() or "chromium", "--page", page,
               "--anchor", anchor]
    for width in WIDTHS:
        command += ["--width", str(width)]
    run = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    if run.returncode:
        raise RuntimeError(f"phone_switch.mjs exited with {run.returncode}: {run.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(run.stdout)
    return report


@pytest.mark.parametrize("lang", sorted(OTHER))
def test_on_a_phone_the_switch_is_in_sight_and_keeps_the_anchor(site: SiteReport,
                                                               lang: str) -> None:
    folder = site.out / "site"
    page, anchor = first_clause(folder, lang)
    other = OTHER[lang]
    report = phone(folder, page, anchor)
    assert [entry["width"] for entry in report["widths"]] == list(WIDTHS)
    for entry in report["widths"]:
        visible = [link for link in entry["links"] if link["visible"]]
        assert visible, (entry["width"], entry["links"])
        assert {link["hreflang"] for link in visible} == {other}
        assert all(link["href"].endswith(f"{other}/{page.split('/', 1)[1]}#{anchor}")
                   for link in entry["links"]), entry["links"]
        assert entry["followed"] == {"path": f"{other}/{page.split('/', 1)[1]}",
                                     "hash": f"#{anchor}", "lang": other, "target": True}
