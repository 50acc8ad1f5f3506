"""Errors the engine raises, with messages in the reader's language.

Every error a user meets carries an English template marked with ``N_`` and
its values as keyword fields (file names, paths, numbers are fields, never
pasted into the template), so the same error can be shown in any language::

    raise SpecError(N_("{file}: {path} lacks {keys}"), file=file, path=path, keys=keys)

``str(error)`` is the English message (what ``pytest.raises(..., match=...)``
and logs see); :meth:`LocalizedError.message_in` gives it in another language.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from regelwerk.engine.core.i18n import N_, default_language, gettext_for
from regelwerk.engine.core.numbers import integer

#: How many characters of a user's value a message shows (:func:`shown`).
SHOWN = 80
#: A field's text longer than this is cut to :data:`SHOWN` characters with its length
#: (:func:`quoted`): a value a user gave (a 1 MB game id) never fills an error line.
LONG = 160
#: The longest error line the command line prints (``regelwerk/cli.py`` cuts a longer one).
LINE = 500


class Shown(str):
    """A user's value as :func:`shown` gives it: the text, and when it was cut, the size of
    the whole value (``length`` characters or, for a whole number, digits), which
    :func:`translate` adds in the reader's language."""

    length: int = 0
    digits: bool = False

    def noted(self, lang: str) -> str:
        """The text, with the whole value's size where it was cut (:func:`size_note`)."""
        return size_note(str(self), self.length, self.digits, lang) if self.length else str(self)


def _shown(text: str, length: int = 0, digits: bool = False) -> Shown:
    result = Shown(text)
    result.length, result.digits = length, digits
    return result


def _digits(value: int) -> int:
    """How many decimal digits ``value`` has (also beyond the 4,300 Python prints)."""
    size = abs(value)
    if size < 10:
        return 1
    count = int(size.bit_length() * 0.30102999566398120) + 1
    return count if size >= 10 ** (count - 1) else count - 1


def shown(value: Any, limit: int = SHOWN) -> Shown:
    """A user's value as a message shows it: its ``repr``, cut to ``limit`` characters.

    Safe for anything a file or a caller can give: an integer too long for
    ``repr`` (Python refuses more than 4,300 digits) or a deeply nested list
    is named by its type instead of raising. A cut value remembers its size, which a
    message adds in the reader's language ("(1,048,576 characters)", :func:`size_note`).
    """
    whole = type(value) is int
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
        if whole:
            return _shown(text, _digits(value), digits=True)
        return _shown(text)
    if len(text) <= limit:
        return _shown(text)
    size = _digits(value) if whole else len(value) if isinstance(value, str) else len(text)
    return _shown(text[:limit - 1] + "…", size, digits=whole)


def size_note(text: str, size: int, digits: bool, lang: str) -> str:
    """``text`` (a cut value) with the size of the whole value, the number formatted for
    ``lang``: "'xxx…' (1,048,576 characters)", "1111… (5,001 digits)"."""
    template = N_("{text} ({count} digits)") if digits else N_("{text} ({count} characters)")
    count = integer(size, lang)
    try:
        return gettext_for(lang, template).format(text=text, count=count)
    except (KeyError, IndexError, ValueError):
        return template.format(text=text, count=count)


def cut(text: str, lang: str, limit: int = LONG) -> str:
    """``text`` (a value a user gave, as some other code quoted it) cut to :data:`SHOWN`
    characters with its length when it is longer than ``limit``; a quoted text keeps
    its quotes: "'1111…' (5,000 characters)"."""
    if len(text) <= limit:
        return text
    quote = text[0] if len(text) > 1 and text[0] in "'\"" and text[-1] == text[0] else ""
    inner = text[1:-1] if quote else text
    return size_note(f"{quote}{inner[:SHOWN - 1]}…{quote}", len(inner), False, lang)


def quoted(value: Any, lang: str) -> Any:
    """A user's value as a field of a message in ``lang`` (``str.format``, also with
    ``!r`` and format specs): as it is when short, else cut with its size (:func:`cut`)."""
    return _Field(value, lang)


#: Messages Python's own libraries give in English (the JSON decoder's problems, the
#: system's error texts) that an error may carry as a field: shown in the reader's
#: language (:func:`render`).
FOREIGN = {text: text for text in (
    N_("Expecting value"), N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"), N_("Extra data"),
    N_("Unterminated string starting at"), N_("Invalid control character at"),
    N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"),
    N_("Illegal trailing comma before end of object"),
    N_("Illegal trailing comma before end of array"),
    N_("invalid start byte"), N_("invalid continuation byte"), N_("unexpected end of data"),

    N_("No such file or directory"), N_("Permission denied"), N_("Is a directory"),
    N_("Not a directory"), N_("File exists"), N_("No space left on device"),
    N_("Read-only file system"), N_("File name too long"),
    N_("Too many levels of symbolic links"), N_("Bad file descriptor"), N_("Broken pipe"),
    N_("Directory not empty"), N_("Operation not permitted"),
    N_("Disk quota exceeded"), N_("Input/output error"))}


def render(value: Any, lang: str) -> Any:
    """A field's value for ``lang``: a localized value (an error, :class:`Message`,
    :class:`Joined`) is rendered in ``lang``; a system error, or a text Python's libraries
    give in English (:data:`FOREIGN`), is translated; a value :func:`shown` cut gets its
    size in ``lang``; anything else is left as it is."""
    message_in = getattr(value, "message_in", None)
    if callable(message_in):
        return message_in(lang)
    if isinstance(value, Shown):
        return value.noted(lang)
    if isinstance(value, OSError) and value.strerror:
        return render(value.strerror, lang)
    if type(value) is str and value in FOREIGN:
        return gettext_for(lang, value)
    return value


def translate(lang: str, template: str, fields: dict[str, Any]) -> str:
    """``template`` translated into ``lang`` and filled with ``fields``.

    Falls back to the English template when the catalog has no entry (gettext
    does that) or when the translation does not fit the fields; a plain string
    whose braces are not placeholders (an older ``raise SpecError(f"...")``) is
    returned unchanged. A field's value that a user gave is never shown whole when it
    is long (:func:`quoted`), nor one Python cannot print.
    """
    values = {key: _field(value, lang) for key, value in fields.items()}
    for text in (gettext_for(lang, template), template):
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError, RecursionError):
            continue
    return template


def _field(value: Any, lang: str) -> Any:
    rendered = render(value, lang)
    if rendered is not value or (isinstance(value, str) and value in FOREIGN):
        return rendered      # our own text (a message, a note), already in ``lang``
    return _Field(value, lang)


class _Field:
    """A field value that formats without raising and at a readable size: a value Python
    cannot print (an integer of more than 4,300 digits, a deeply nested list) shows as
    :func:`shown`, a long one is cut with its size (:func:`cut`)."""

    __slots__ = ("lang", "value")

    def __init__(self, value: Any, lang: str) -> None:
        self.value = value
        self.lang = lang

    def _cut(self, text: str, quotes: bool) -> str:
        value = self.value
        if len(text) <= LONG or (isinstance(value, str) and len(value) <= LONG):
            return text

        if type(value) is int:
            return size_note(text[:SHOWN - 1] + "…", _digits(value), True, self.lang)
        if isinstance(value, str):
            head = repr(value[:SHOWN - 1]) if quotes else value[:SHOWN - 1]
            head = f"{head[:-1]}…{head[-1]}" if quotes else head + "…"
            return size_note(head, len(value), False, self.lang)
        return size_note(text[:SHOWN - 1] + "…", len(text), False, self.lang)

    def __repr__(self) -> str:
        try:
            return self._cut(repr(self.value), True)
        except (ValueError, RecursionError):
            return shown(self.value).noted(self.lang)

    def __str__(self) -> str:
        try:
            return self._cut(str(self.value), False)
        except (ValueError, RecursionError):
            return shown(self.value).noted(self.lang)

    def __format__(self, spec: str) -> str:
        try:
            return self._cut(format(self.value, spec), False)
        except (ValueError, TypeError, RecursionError):
            return shown(self.value).noted(self.lang)

    def __getattr__(self, name: str) -> Any:
        if name in _Field.__slots__:        # not set yet (a copy being made)
            raise AttributeError(name)
        return getattr(self.value, name)

    def __getitem__(self, key: Any) -> Any:
        return self.value[key]


class LocalizedError(ValueError):
    """An error whose message exists in every language of regelwerk.

    ``message`` is an English template (marked with ``N_``) with ``{fields}``;
    ``str()`` is the English text, :meth:`message_in` the text in ``lang``.
    Plain strings are accepted too (no fields, not in the catalog: shown as
    they are in every language).
    """

    def __init__(self, message: str, /, **fields: Any) -> None:
        self.template = message
        self.fields = fields
        super().__init__(self.message_in("en"))

    def message_in(self, lang: str | None = None) -> str:
        return translate(lang or default_language(), self.template, self.fields)

    def __reduce__(self) -> tuple[Any, ...]:
        # The default pickling calls __init__(str(self)) and would lose the fields.
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(kind: type[LocalizedError], args: tuple[Any, ...],
             state: dict[str, Any]) -> LocalizedError:
    error = kind.__new__(kind)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class Message:
    """A localized text that is not an error (one problem of several, a part of a
    message): an ``N_`` template with fields, English as ``str()``."""

    __slots__ = ("fields", "template")

    def __init__(self, message: str, /, **fields: Any) -> None:
        self.template = message
        self.fields = fields

    def message_in(self, lang: str | None = None) -> str:
        return translate(lang or default_language(), self.template, self.fields)

    def __str__(self) -> str:
        return self.message_in("en")

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.fields!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and (self.template, self.fields)
                == (other.template, other.fields))

    def __hash__(self) -> int:
        return hash(self.template)


class Joined:
    """Several localized texts as one field, each rendered in the reader's language."""

    __slots__ = ("items", "separator")

    def __init__(self, items: Iterable[Any], separator: str = "; ") -> None:
        self.items = tuple(items)
        self.separator = separator

    def message_in(self, lang: str | None = None) -> str:
        lang = lang or default_language()
        return self.separator.join(str(render(item, lang)) for item in self.items)

    def __str__(self) -> str:
        return self.message_in("en")


class IllegalAction(LocalizedError):
    """An action the rules forbid in this state; names the violated clause.

    ``message`` is an English template (marked with ``N_``) with ``{fields}``;
    :meth:`message_in` gives it in another language. The state the action was
    applied to is never changed (the engine is pure).
    """

    def __init__(self, clause: str, message: str, /, **fields: Any) -> None:
        self.clause = clause
        super().__init__(message, **fields)

    def message_in(self, lang: str | None = None) -> str:
        lang = lang or default_language()
        return translate(lang, N_("{text} (rule {clause})"),
                         {"text": super().message_in(lang), "clause": self.clause})


class SpecError(LocalizedError):
    """A spec, board file or option is malformed; the message names the file and the key.

    Raised with an ``N_`` template and fields (:class:`LocalizedError`), so the
    command line shows it in the reader's language.
    """


class RecordError(LocalizedError):
    """A record that cannot be read or replayed; names the file and action.

    Raised with an ``N_`` template and fields (:class:`LocalizedError`), so the
    command line shows it in the reader's language.
    """


class OutputError(LocalizedError):
    """A file could not be written (full disk, no permission, ...); names the file."""
