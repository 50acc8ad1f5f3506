"""The translation gate, on throwaway copies of the catalogs (the repository is not touched)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest

from regelwerk.site import SiteError, build_site, check_catalogs, markup

ROOT = Path(__file__).resolve().parents[2]
PAGE = "medici_vs_strozzi/setup"
ROLE_MSGID = re.compile(r"\{spec\}`")


def test_markup_keeps_targets_not_link_texts() -> None:
    english = "See [loans](turn.md#money) and {ref}`the bank <bank>`, {spec}`g:a.b` `code` {n}."
    german = "Siehe {ref}`die Bank <bank>`, [Kredite](turn.md#money), {n} {spec}`g:a.b` `code`."
    assert markup(english) == markup(german)
    assert markup(english) != markup(german.replace("{spec}`g:a.b`", "300"))
    assert markup(english) != markup(german.replace("<bank>", "<bahn>"))


@pytest.fixture
def catalogs(tmp_path: Path) -> tuple[Path, Path]:
    """A template made from the real German catalog of one page, and a copy of that catalog."""
    source = polib.pofile(str(ROOT / "locales/de/LC_MESSAGES" / f"{PAGE}.po"))
    pot = polib.POFile()
    pot.metadata = dict(source.metadata)
    for entry in source:
        pot.append(polib.POEntry(msgid=entry.msgid, msgstr=""))
    pot_dir, locale_dir = tmp_path / "gettext", tmp_path / "locales"
    (pot_dir / PAGE).parent.mkdir(parents=True)
    pot.save(str(pot_dir / f"{PAGE}.pot"))
    po_path = locale_dir / "de/LC_MESSAGES" / f"{PAGE}.po"
    po_path.parent.mkdir(parents=True)
    source.save(str(po_path))
    return pot_dir, locale_dir


def mutate(locale_dir: Path, change) -> None:
    path = locale_dir / "de/LC_MESSAGES" / f"{PAGE}.po"
    catalog = polib.pofile(str(path))
    change(catalog)
    catalog.save(str(path))


def kinds(pot_dir: Path, locale_dir: Path) -> list[str]:
    return [p.kind for p in check_catalogs(pot_dir, locale_dir, "de")]


def test_complete_catalog_passes(catalogs: tuple[Path, Path]) -> None:
    assert kinds(*catalogs) == []


def test_untranslated_entry_fails(catalogs: tuple[Path, Path]) -> None:
    pot_dir, locale_dir = catalogs
    mutate(locale_dir, lambda c: setattr(c[1], "msgstr", ""))
    assert kinds(pot_dir, locale_dir) == ["untranslated"]


def test_fuzzy_entry_fails(catalogs: tuple[Path, Path]) -> None:
    pot_dir, locale_dir = catalogs
    mutate(locale_dir, lambda c: c[1].flags.append("fuzzy"))
    assert kinds(pot_dir, locale_dir) == ["fuzzy"]


def test_dropped_role_fails(catalogs: tuple[Path, Path]) -> None:
    pot_dir, locale_dir = catalogs

    def drop(catalog: polib.POFile) -> None:
        entry = next(e for e in catalog if ROLE_MSGID.search(e.msgid))
        entry.msgstr = re.sub(r"\{spec\}`[^`]+`", "300", entry.msgstr)

    mutate(locale_dir, drop)
    problems = check_catalogs(pot_dir, locale_dir, "de")
    assert [p.kind for p in problems] == ["markup"]
    assert "lost {spec}`medici_vs_strozzi:economy.start_money`" in problems[0].detail


def test_missing_and_obsolete_entries_fail(catalogs: tuple[Path, Path]) -> None:
    pot_dir, locale_dir = catalogs

    def rename(catalog: polib.POFile) -> None:
        catalog[0].msgid = "A heading that no page has"

    mutate(locale_dir, rename)
    assert sorted(kinds(pot_dir, locale_dir)) == ["missing", "obsolete"]


@pytest.mark.slow
def test_build_stops_at_the_gate_on_a_fuzzy_entry(tmp_path: Path) -> None:
    """End to end on a copy of docs/ and locales/: the error names the catalog and line."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("_build"))
    shutil.copytree(ROOT / "locales", tmp_path / "locales",
                    ignore=shutil.ignore_patterns("*.mo", "__pycache__"))
    # the register pages show a scenario file of each game (literalinclude)
    shutil.copytree(ROOT / "tests" / "scenarios", tmp_path / "tests" / "scenarios")
    mutate(tmp_path / "locales", lambda c: c[1].flags.append("fuzzy"))
    with pytest.raises(SiteError) as failure:
        build_site(tmp_path, tmp_path / "_build")
    message = str(failure.value)
    assert f"locales/de/LC_MESSAGES/{PAGE}.po:" in message and "fuzzy" in message
    assert not (tmp_path / "_build" / "site").exists()
