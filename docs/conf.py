"""Sphinx configuration of the regelwerk rules reference (English source).

German comes from ``../locales/de/LC_MESSAGES/<docname>.po`` (build with
``-D language=de``); the pipeline is :func:`regelwerk.site.build_site`.
The ``regelwerk.sphinxext`` extension renders clauses and registers from spec,
adds the ``lang_<code>`` tag and ``DOC_LANG`` for the doctests, the examples'
refusals in the build language, and the language switch.
"""

from __future__ import annotations

import doctest
from pathlib import Path

project = "regelwerk"
author = "regelwerk contributors"
copyright = "2026, regelwerk contributors"

extensions = ["myst_parser", "sphinx.ext.doctest", "regelwerk.sphinxext",
              "regelwerk.sphinxext.lawyer"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "README.md"]
root_doc = "index"

# Bilingual by gettext (see TOOLCHAIN.md): one catalog per page; literal blocks
# (code, doctests) are never translated, so both languages run the same tests.
language = "en"
# Absolute, because Sphinx (9.0.4) looks for <locale_dir>/<lang>/LC_MESSAGES/sphinx.js,
# the German of its search page, relative to the working directory, not to this folder.
locale_dirs = [str(Path(__file__).resolve().parent.parent / "locales")]
gettext_compact = False
gettext_additional_targets: list[str] = []
gettext_location = False
gettext_uuid = False
regelwerk_languages = ["en", "de"]

myst_heading_anchors = 3

doctest_global_setup = ""  # the extension appends DOC_LANG = "<language>" and the refusals
# Sphinx's default flags without IGNORE_EXCEPTION_DETAIL: an example's refusal is compared
# word for word, in each language (regelwerk.sphinxext.refusals).
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
doctest_test_doctest_blocks = ""

html_theme = "furo"
html_title = "regelwerk"
# No "View this page" button and no copied sources: the source of a German page
# is the English MyST file, and furo puts the button outside every landmark.
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {"top_of_page_buttons": []}
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "sidebar/scroll-start.html",
        "regelwerk-langswitch.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ],
}
