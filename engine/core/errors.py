"""Errors the engine raises, with messages in the reader's language."""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.i18n import N_, default_language, gettext_for


class IllegalAction(ValueError):
    """An action the rules forbid in this state; names the violated clause.

    ``message`` is an English template (marked with ``N_``) with ``{fields}``;
    :meth:`message_in` gives it in another language. The state the action was
    applied to is never changed (the engine is pure).
    """

    def __init__(self, clause: str, message: str, **fields: Any) -> None:
        self.clause = clause
        self.template = message
        self.fields = fields
        super().__init__(self.message_in("en"))

    def message_in(self, lang: str | None = None) -> str:
        lang = lang or default_language()
        text = gettext_for(lang, self.template).format(**self.fields)
        return gettext_for(lang, N_("{text} (rule {clause})")).format(text=text,
                                                                      clause=self.clause)
