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

#: How many characters of a user's value a message shows (:func:`shown`).
SHOWN = 80


def shown(value: Any, limit: int = SHOWN) -> str:
    """A user's value as a message shows it: its ``repr``, cut to ``limit`` characters.

    Safe for anything a file or a caller can give: an integer too long for
    ``repr`` (Python refuses more than 4,300 digits) or a deeply nested list
    is named by its type instead of raising.
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def render(value: Any, lang: str) -> Any:
    """A field's value for ``lang``: a localized value (an error, :class:`Message`,
    :class:`Joined`) is rendered in ``lang``, anything else is left as it is."""
    message_in = getattr(value, "message_in", None)
    return message_in(lang) if callable(message_in) else value


def translate(lang: str, template: str, fields: dict[str, Any]) -> str:
    """``template`` translated into ``lang`` and filled with ``fields``.

    Falls back to the English template when the catalog has no entry (gettext
    does that) or when the translation does not fit the fields; a plain string
    whose braces are not placeholders (an older ``raise SpecError(f"...")``) is
    returned unchanged.
    """
    values = {key: render(value, lang) for key, value in fields.items()}
    for text in (gettext_for(lang, template), template):
        for given in (values, {key: _Safe(value) for key, value in values.items()}):
            try:
                return text.format(**given)
            except (KeyError, IndexError, ValueError, AttributeError, RecursionError):
                continue
    return template


class _Safe:
    """A field value that formats without raising: a value Python cannot print
    (an integer of more than 4,300 digits, a deeply nested list) shows as :func:`shown`."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return shown(self.value)

    def __str__(self) -> str:
        try:
            return str(self.value)
        except (ValueError, RecursionError):
            return shown(self.value)

    def __format__(self, spec: str) -> str:
        try:
            return format(self.value, spec)
        except (ValueError, TypeError, RecursionError):
            return shown(self.value)


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
