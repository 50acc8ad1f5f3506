"""Sphinx extension: the rules reference rendered from spec data, in the build language.

Provides (game taken from the ids, nothing game-specific here):

* ``clause`` directive: a rule clause's title and text in the build language,
  anchored at its clause id, with the rulebook citation and the engine
  functions that implement it (:mod:`regelwerk.sphinxext.clause`);
* ``spec`` role: one spec number, assumed values marked;
* ``interpretation-register``, ``assumption-list``, ``term-table`` and
  ``number-table`` directives (:mod:`regelwerk.sphinxext.registers`);
* ``consistency-report`` directive (:mod:`regelwerk.sphinxext.report`);
* ``card-table`` directive: a game's cards as filterable tables
  (:mod:`regelwerk.sphinxext.cards`);
* the comments of the examples in the build language, the code unchanged
  (:mod:`regelwerk.sphinxext.comments`);
* ``printable`` directive and the ``regelwerk-print`` builder: a game's whole
  reference on one page, ``<game>/print.html`` (:mod:`regelwerk.sphinxext.printable`);
* a language switch in the sidebar (template ``regelwerk-langswitch.html``)
  and, on ``config-inited``, the tag ``lang_<code>`` and, in
  ``doctest_global_setup``, ``DOC_LANG`` and the engine's refusals in that language;
* the examples' expected refusals in the build language, the code unchanged
  (:mod:`regelwerk.sphinxext.refusals`);
* the highlighted source pages (``_modules/``) as valid html
  (:mod:`regelwerk.sphinxext.sourcepages`);
* the theme in the build language, its landmarks named, ``hreflang``
  alternates, a favicon, scalable diagrams and keyboard-scrollable code
  (:mod:`regelwerk.sphinxext.theme`, templates ``page.html`` and ``search.html``);
* what the directives note between pages (the page showing each clause, the rules
  each page's random games were read for) in one Sphinx domain, which forgets a page
  read again and merges parallel readers (:mod:`regelwerk.sphinxext.domain`).

Text rendered here comes from the engine's own catalogs (clauses, spec
notes) and is never extracted into Sphinx's page catalogs: the nodes carry
no source and ``translatable=False``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.sphinxext import (
    cards,
    clause,
    comments,
    printable,
    refusals,
    registers,
    report,
    sourcepages,
    theme,
)

TEMPLATES = Path(__file__).parent / "templates"

#: (code, name in that language) of every language the site is built in.
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("de", "Deutsch"))
LANGUAGE_LABEL = N_("Language")


def _config_inited(app: Sphinx, config: Config) -> None:
    """Tag the build language and hand it to the doctests (``-D language=`` comes late):
    ``DOC_LANG``, and the engine's refusals in it (:func:`refusals.setup_code`)."""
    lang = config.language or "en"
    app.tags.add(f"lang_{lang}")
    setup_code = config.doctest_global_setup or ""
    config.doctest_global_setup = f"{setup_code}\n{refusals.setup_code(lang)}"
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.append(str(TEMPLATES))


def _page_context(app: Sphinx, pagename: str, templatename: str,
                  context: dict[str, Any], doctree: Any) -> None:
    """Offer the language switch: every other language's copy of this page."""
    lang = app.config.language or "en"
    context["regelwerk_languages"] = [
        (code, name) for code, name in LANGUAGES if code in app.config.regelwerk_languages]
    context["regelwerk_language_label"] = gettext_for(lang, LANGUAGE_LABEL)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("regelwerk_languages", ["en", "de"], "html", list)
    app.connect("config-inited", _config_inited)
    app.connect("html-page-context", _page_context)
    clause.setup(app)
    registers.setup(app)
    report.setup(app)
    cards.setup(app)
    comments.setup(app)
    refusals.setup(app)
    printable.setup(app)
    theme.setup(app)
    sourcepages.setup(app)
    app.setup_extension("regelwerk.sphinxext.diagrams")
    app.setup_extension("regelwerk.sphinxext.stats")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 2}
