"""Per-call translation of the project's own messages (gettext domain ``regelwerk``).

No global ``install()``: every user-facing string is translated for the language
the caller asks for. Catalogs ship compiled (``.mo``) in the wheel; in a source
checkout the ``.po`` file is compiled in memory with Babel, so German never
silently falls back to English.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from functools import lru_cache
from importlib import resources

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


@lru_cache(maxsize=None)
def translation(lang: str) -> gettext.NullTranslations:
    """The catalog for ``lang`` (cached; translations are immutable)."""
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    if lang not in LANGUAGES:
        raise UnknownLanguage(lang)
    folder = resources.files("regelwerk.locales") / lang / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    if mo.is_file():
        return gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    po = folder / f"{DOMAIN}.po"
    if po.is_file():
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        buffer = io.BytesIO()
        write_mo(buffer, read_po(io.BytesIO(po.read_bytes())))
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)
    raise UnknownLanguage(f"{lang}: no catalog at {folder}")


def gettext_for(lang: str, message: str) -> str:
    """``message`` (English source) in ``lang``."""
    return translation(lang).gettext(message)


def pgettext_for(lang: str, context: str, message: str) -> str:
    """``message`` with ``context`` (e.g. a clause id) in ``lang``."""
    return translation(lang).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction; it is translated later, per call."""
    return message
