"""The theme's interface in German without a build: what we replace is what furo writes,
every replacement and theme string has its German, and the search page's script
catalog is complete and counts right."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import polib
import pytest
from regelwerk.engine.core.i18n import gettext_for

from regelwerk.sphinxext import theme

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "locales" / "de" / "LC_MESSAGES"
FURO = Path(str(resources.files("furo")))
SPHINX_STATIC = Path(str(resources.files("sphinx"))) / "themes" / "basic" / "static"
JS_CALL = re.compile(r'(?:\b_|Documentation\.gettext)\(\s*"((?:[^"\\]|\\.)*)"')
JS_PLURAL = re.compile(r'Documentation\.ngettext\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')


def furo_source() -> str:
    files = [FURO / "theme" / "furo" / "page.html",
             FURO / "theme" / "furo" / "partials" / "icons.html", FURO / "navigation.py"]
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


def test_every_string_we_translate_for_furo_is_one_furo_writes() -> None:
    source = furo_source()
    for label in theme.LABELS:
        assert f'aria-label="{label}"' in source, label
    for title in theme.ICON_TITLES:
        assert f"<title>{title}</title>" in source, title
    assert 'f"Toggle navigation of {' in source
    assert '<aside class="sidebar-drawer">' in source
    assert '<aside class="toc-drawer' in source


def test_localise_puts_furos_strings_in_german_and_names_the_landmarks() -> None:
    body = ('<input aria-label="Toggle site navigation sidebar"><title>Light mode</title>'
            '<input aria-label="Toggle navigation of Medici &amp; Co">'
            '<aside class="sidebar-drawer"></aside><aside class="toc-drawer no-toc"></aside>')
    german = theme.localise(body, "de")
    assert 'aria-label="Navigationsleiste ein- oder ausblenden"' in german
    assert "<title>Helles Farbschema</title>" in german
    assert 'aria-label="Navigation von Medici &amp; Co auf- oder zuklappen"' in german
    assert '<aside class="sidebar-drawer" aria-label="Navigation der Website">' in german
    assert '<aside class="toc-drawer no-toc" aria-label="Inhalt dieser Seite">' in german
    english = theme.localise(body, "en")
    assert 'aria-label="Toggle site navigation sidebar"' in english
    assert '<aside class="sidebar-drawer" aria-label="Site navigation">' in english


@pytest.mark.parametrize("message", [*theme.LABELS, *theme.ICON_TITLES, theme.TOGGLE_NAVIGATION,
                                     theme.SITE_NAVIGATION, theme.PAGE_CONTENTS,
                                     theme.MADE_WITH, theme.CONTRIBUTORS])
def test_every_replacement_has_its_german(message: str) -> None:
    assert gettext_for("de", message) != message


def test_furos_gettext_strings_have_german_in_sphinx_or_our_catalog() -> None:
    ours = {entry.msgid: entry.msgstr for entry in polib.pofile(str(CATALOGS / "sphinx.po"))}
    sphinx = {entry.msgid: entry.msgstr for entry in polib.pofile(
        str(Path(str(resources.files("sphinx"))) / "locale" / "de" / "LC_MESSAGES" / "sphinx.po"))}
    furo = FURO / "theme" / "furo"
    sources = [(furo / name).read_text(encoding="utf-8")
               for name in ("base.html", "search.html", "sidebar/search.html")]
    # furo's page without its footer, which our page.html replaces:
    page = (furo / "page.html").read_text(encoding="utf-8")
    sources.append(re.sub(r"{% block footer %}.*?{% endblock footer %}", "", page, flags=re.S))
    wanted = set(theme.THEME_WORDS)   # what our templates show, translated in Python
    for text in sources:
        wanted |= set(re.findall(r"""_\(\s*["']([^"']+)["']\s*\)""", text))
        wanted |= {" ".join(m.split()) for m in re.findall(
            r"{%-?\s*trans\s*-?%}(.*?){%-?\s*endtrans", text, re.S)}
    # Not shown on our pages (no such page or button), or the same word in German:
    wanted -= {"About these documents", "Copyright", "Edit this page", "View this page"}
    assert {"Next", "Previous", "Home", "Skip to content", "Back to top"} <= wanted
    untranslated = sorted(m for m in wanted if not (ours.get(m) or sphinx.get(m)))
    assert not untranslated


def read_translations_js(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    body = text[text.index("Documentation.addTranslations(") + len("Documentation.addTranslations("):
                text.rindex(");")]
    data: dict[str, object] = json.loads(body)
    return data


def test_german_script_catalog_translates_every_message_of_sphinxs_scripts() -> None:
    catalog = read_translations_js(CATALOGS / "sphinx.js")
    messages = catalog["messages"]
    assert isinstance(messages, dict)
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in SPHINX_STATIC.glob("*.js"))
    singles = set(JS_CALL.findall(scripts))
    plurals = JS_PLURAL.findall(scripts)
    assert "Search Results" in singles and plurals
    for message in singles:
        assert isinstance(messages.get(message), str) and messages[message], message
    for singular, plural in plurals:
        forms = messages.get(singular)
        assert isinstance(forms, list) and len(forms) == 2 and all(forms), singular
        assert "${resultCount}" in forms[1] and "${resultCount}" in plural


def test_german_plural_expression_gives_an_index_not_a_boolean() -> None:
    expression = read_translations_js(CATALOGS / "sphinx.js")["plural_expr"]
    assert isinstance(expression, str)
    ternary = re.fullmatch(r"\(n != 1\) \? (\d) : (\d)", expression)
    assert ternary and (ternary[1], ternary[2]) == ("1", "0"), expression
