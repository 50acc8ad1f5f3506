"""Per-call translation of the project's own messages (gettext domain ``regelwerk``).

No global ``install()``: every user-facing string is translated for the language
the caller asks for. Catalogs ship compiled (``.mo``) in the wheel; in a source
checkout the ``.po`` file is compiled in memory with Babel, so German never
silently falls back to English and never comes from a stale ``.mo``.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

DOMAIN = "regelwerk"
LANGUAGES = ("en", "de")
SOURCE_LANGUAGE = "en"


class UnknownLanguage(ValueError):
    """A language regelwerk has no catalog for."""


def default_language() -> str:
    """The language from ``REGELWERK_LANG`` or the locale, else English."""
    for candidate in (os.environ.get("REGELWERK_LANG"), os.environ.get("LANGUAGE"),
                      os.environ.get("LC_ALL"), os.environ.get("LANG"), locale.getlocale()[0]):
        if candidate:
            code = candidate.split(":")[0].split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    return SOURCE_LANGUAGE


def _compile_po(data: bytes) -> gettext.GNUTranslations:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    buffer = io.BytesIO()
    write_mo(buffer, read_po(io.BytesIO(data)))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """All of regelwerk's catalogs for ``lang`` chained (cached; they never change).

    The core catalog is ``regelwerk.po``; each game has its own
    ``regelwerk-<game>.po`` so games are translated independently.
    """
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    folder = resources.files("regelwerk.locales") / lang / "LC_MESSAGES"
    domains = sorted({entry.name.rsplit(".", 1)[0] for entry in folder.iterdir()
                      if entry.name.startswith(DOMAIN) and entry.name.endswith((".mo", ".po"))})
    if DOMAIN not in domains:
        raise UnknownLanguage(f"{lang}: no catalog {DOMAIN}.po at {folder}")
    chain: gettext.NullTranslations | None = None
    for domain in domains:
        mo, po = folder / f"{domain}.mo", folder / f"{domain}.po"
        # A source checkout has the .po (the truth; a .mo beside it may be stale,
        # Sphinx writes one); the wheel ships only the compiled .mo.
        catalog = (_compile_po(po.read_bytes()) if po.is_file()
                   else gettext.GNUTranslations(io.BytesIO(mo.read_bytes())))
        if chain is None:
            chain = catalog
        else:
            chain.add_fallback(catalog)
    assert chain is not None
    return chain


def gettext_for(lang: str, message: str) -> str:
    """``message`` (English source) in ``lang``."""
    return translation(lang).gettext(message)


def pgettext_for(lang: str, context: str, message: str) -> str:
    """``message`` with ``context`` (e.g. a clause id) in ``lang``."""
    return translation(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, per call."""
    return message


@dataclass(frozen=True)
class Phrase:
    """An English phrase and its message context (``pgettext``), translated when said:
    ``PHRASE(lang, **fields)``."""

    context: str
    english: str

    def text(self, lang: str) -> str:
        """The phrase in ``lang``, placeholders left as they are."""
        return pgettext_for(lang, self.context, self.english)

    def __call__(self, lang: str, **fields: Any) -> str:
        """The phrase in ``lang`` with ``fields`` filled in (English if a translation
        does not fit its fields)."""
        try:
            return self.text(lang).format(**fields)
        except (KeyError, IndexError, ValueError):
            return self.english.format(**fields)


def pgettext(context: str, message: str) -> Phrase:
    """Mark ``message`` (with ``context``) for extraction; it is translated per call."""
    return Phrase(context, message)
