// German for the messages of Sphinx's own scripts (searchtools.js, sphinx_highlight.js).
// Sphinx copies the first <locale_dir>/de/LC_MESSAGES/sphinx.js it finds to
// _static/translations.js, so this file replaces its own German one, which (Sphinx
// 9.0.4) leaves the search's result line empty and sets plural_expr to "(n != 1)":
// a boolean that Documentation.ngettext uses as an array index (translated[true] is
// undefined), so every German search with a hit threw before it reported its count.
// Here plural_expr yields 0 or 1. Checked by tests/site (the search test and
// test_translations_js).
Documentation.addTranslations({
    "locale": "de",
    "messages": {
        ", in ": ", in ",
        "Hide Search Matches": "Suchtreffer ausblenden",
        "Preparing search...": "Suche wird vorbereitet \u2026",
        "Search Results": "Suchergebnisse",
        "Search finished, found one page matching the search query.": [
            "Suche beendet, eine Seite gefunden, die zur Suchanfrage passt.",
            "Suche beendet, ${resultCount} Seiten gefunden, die zur Suchanfrage passen."
        ],
        "Searching": "Suche l\u00e4uft",
        "Your search did not match any documents. Please make sure that all words are spelled correctly and that you've selected enough categories.": "Keine Seite passt zu Ihrer Suche. Pr\u00fcfen Sie bitte, ob alle W\u00f6rter richtig geschrieben sind."
    },
    "plural_expr": "(n != 1) ? 1 : 0"
});
