"""The theme (furo) in the build language, with named landmarks, a favicon and alternates.

furo passes most of its interface through Sphinx's gettext (German for those
comes from Sphinx's catalog and ours, ``locales/de/LC_MESSAGES/sphinx.po``),
but writes some strings without it: the labels of its toggles, the titles of
its icons, "Toggle navigation of …" and the footer's credit line. Our
``page.html`` (templates/) extends furo's and hands its body to
:func:`localise`, which puts those strings in the build language (engine
catalog) and names furo's two ``<aside>`` landmarks; it also replaces the
footer with one in the build language and adds ``<link rel="alternate"
hreflang>`` for every language of the site; the language switch is in the
sidebar and, for a phone, in furo's mobile header too. The words our templates show come
translated in ``regelwerk_words`` (Sphinx's catalog chain), not through the
templates' gettext, which Sphinx's gettext builder would extract into a
``sphinx.pot`` for the translation gate. Every string replaced here is
checked against furo's own templates by ``tests/site/test_theme.py``, so an
upgrade of furo that rewords one fails there, not silently.

Every page also gets ``regelwerk-site.css`` (scalable queue diagrams, focus
outline of scrollable code) and ``regelwerk-site.js`` (overflowing code blocks
become keyboard-focusable), and the site a favicon.
"""

from __future__ import annotations

import html
import re
from functools import partial
from pathlib import Path
from typing import Any

from markupsafe import Markup
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.locale import get_translation

from regelwerk.engine.core.i18n import N_, gettext_for

STATIC = Path(__file__).parent / "static"
STYLE = "regelwerk-site.css"
SCRIPT = "regelwerk-site.js"
FAVICON = STATIC / "regelwerk-favicon.svg"

#: ``aria-label`` values furo (2025.12.19) writes in English whatever the language.
LABELS = (N_("Toggle site navigation sidebar"), N_("Toggle table of contents sidebar"),
          N_("Toggle Light / Dark / Auto color theme"))
#: Titles of furo's icons (``partials/icons.html``).
ICON_TITLES = (N_("Contents"), N_("Menu"), N_("Expand"), N_("Light mode"), N_("Dark mode"),
               N_("Auto light/dark, in light mode"), N_("Auto light/dark, in dark mode"))
#: furo's navigation tree labels each expander "Toggle navigation of <page title>".
TOGGLE_NAVIGATION = N_("Toggle navigation of {title}")
TOGGLE_PATTERN = re.compile(r'aria-label="Toggle navigation of ([^"]*)"')
#: Names of furo's two complementary landmarks (unnamed in furo).
SITE_NAVIGATION = N_("Site navigation")
PAGE_CONTENTS = N_("Contents of this page")
#: The footer's credit line; the placeholders become links.
MADE_WITH = N_("Made with {sphinx} and {furo} by {author}")
#: ``conf.py``'s ``author``, shown in the copyright line in the build language.
CONTRIBUTORS = N_("regelwerk contributors")
#: Words our templates show, translated by Sphinx's own catalog chain (``sphinx``
#: domain: ``locales/de/LC_MESSAGES/sphinx.po``, then Sphinx's).
THEME_WORDS = ("Next", "Previous", "Home", "Copyright", "Search")
sphinx_gettext = get_translation("sphinx")


HEADER_RIGHT = '<div class="header-right">'


def localise(body: str, lang: str, switch: str = "") -> Markup:
    """furo's rendered ``body`` block with its hard-coded English in ``lang``, and
    ``switch`` (the language links, rendered html) first in the mobile header's right
    end, where a phone shows it without opening the menu."""
    _ = partial(gettext_for, lang)
    out = str(body)
    if switch.strip():
        out = out.replace(HEADER_RIGHT, f"{HEADER_RIGHT}\n{str(switch).strip()}", 1)
    for label in LABELS:
        out = out.replace(f'aria-label="{label}"', f'aria-label="{html.escape(_(label))}"')
    for title in ICON_TITLES:
        out = out.replace(f"<title>{title}</title>", f"<title>{html.escape(_(title))}</title>")
    out = TOGGLE_PATTERN.sub(lambda match: 'aria-label="{}"'.format(html.escape(
        _(TOGGLE_NAVIGATION).format(title=html.unescape(match[1])))), out)
    out = out.replace('<aside class="sidebar-drawer">',
                      f'<aside class="sidebar-drawer" aria-label="{html.escape(_(SITE_NAVIGATION))}">')
    out = re.sub(r'<aside class="toc-drawer([^"]*)">', lambda match: (
        f'<aside class="toc-drawer{match[1]}" aria-label="{html.escape(_(PAGE_CONTENTS))}">'), out)
    return Markup(out)


def made_with(lang: str) -> Markup:
    """The footer's credit line in ``lang``, with its links."""
    links = {"sphinx": '<a href="https://www.sphinx-doc.org/">Sphinx</a>',
             "furo": '<a href="https://github.com/pradyunsg/furo">Furo</a>',
             "author": '<a class="muted-link" href="https://pradyunsg.me">@pradyunsg</a>'}
    return Markup(html.escape(gettext_for(lang, MADE_WITH)).format(**links))


def _config_inited(app: Sphinx, config: Config) -> None:
    """Ship the static files; the favicon unless ``conf.py`` names one."""
    if str(STATIC) not in config.html_static_path:
        config.html_static_path.append(str(STATIC))
    if not config.html_favicon:
        config.html_favicon = str(FAVICON)


def _page_context(app: Sphinx, pagename: str, templatename: str,
                  context: dict[str, Any], doctree: Any) -> None:
    lang = app.config.language or "en"
    context["regelwerk_theme"] = partial(localise, lang=lang)
    context["regelwerk_made_with"] = made_with(lang)
    context["regelwerk_words"] = {word: sphinx_gettext(word) for word in THEME_WORDS}
    if "copyright" in context and app.config.author == CONTRIBUTORS:
        context["copyright"] = context["copyright"].replace(
            CONTRIBUTORS, gettext_for(lang, CONTRIBUTORS))


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _config_inited)
    app.connect("html-page-context", _page_context)
    app.add_css_file(STYLE)
    app.add_js_file(SCRIPT, loading_method="defer")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
