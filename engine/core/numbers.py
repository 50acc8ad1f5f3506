"""Numbers in the reader's locale: the one home of number formatting for text output.

Every command's text output and every message that shows a count, a rate or a share
formats it here, with Babel, in the reader's language: ``20,421`` and ``60.5%`` in
English, ``20.421`` and ``60,5 %`` in German. JSON output keeps plain numbers.
"""

from __future__ import annotations

import re
from functools import cache

from babel import Locale
from babel.numbers import format_decimal, format_percent

#: The integer part of a Babel pattern (its last ``0``), where decimals are added.
_LAST_ZERO = re.compile(r"0(?![0#.,])")


def integer(number: float, lang: str) -> str:
    """A whole number (a count; a float is rounded) with the locale's grouping:
    ``20,421`` (en), ``20.421`` (de)."""
    return str(format_decimal(round(number), "#,##0", locale=lang))


def decimal(number: float, lang: str, digits: int = 1, signed: bool = False) -> str:
    """``number`` with exactly ``digits`` decimals in the locale's way: ``142.7`` (en),
    ``142,7`` (de); ``signed``: a difference, with its sign (``+1.5``). Never ``-0.0``."""
    number = round(number, digits) or 0.0
    body = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    pattern = f"+{body};-{body}" if signed else body
    return str(format_decimal(number, pattern, locale=lang))


def percent(share: float, lang: str, digits: int = 1, signed: bool = False,
            trim: bool = True) -> str:
    """A share (``0.605``) as a percentage in the locale's way, to ``digits`` decimals of
    a per cent, trailing zeros left out (unless not ``trim``, as in a column): ``60.5%``,
    ``60%`` (en), ``60,5 %``, ``60 %`` (de); ``signed``: a difference, with its sign
    (``+12.5%``). Never ``-0%``."""
    share = round(share, digits + 2) or 0.0
    shown = str(format_percent(share, _percent_pattern(lang, digits, trim), locale=lang))
    return f"+{shown}" if signed and share > 0 else shown


@cache
def _percent_pattern(lang: str, digits: int, trim: bool) -> str:
    """The locale's percent pattern with ``digits`` decimals (optional ones to ``trim``)."""
    pattern = Locale.parse(lang).percent_formats[None].pattern
    places = ("." + ("#" if trim else "0") * digits) if digits > 0 else ""
    return _LAST_ZERO.sub("0" + places, pattern, count=1)


def number(value: float, lang: str, digits: int = 1) -> str:
    """A figure as it is: a whole value as :func:`integer`, any other to ``digits``
    decimals (:func:`decimal`), as a median of an even count can be (``47.5``, ``47,5``)."""
    if float(value).is_integer():
        return integer(value, lang)
    return decimal(value, lang, digits)
