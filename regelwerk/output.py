"""What the command line writes: standard output line by line, and error lines.

A failure to write standard output is :class:`OutputFailed` (``main`` turns it into exit 4,
or a quiet 141 for a closed pipe); an error line goes to standard error, escaped and cut to
:data:`~regelwerk.engine.core.errors.LINE` characters (issue 32).
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys

from regelwerk.engine.core.errors import LINE
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.numbers import integer


class OutputFailed(Exception):
    """Standard output could not be written (a full disk, a closed pipe)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


def closed() -> OutputFailed:
    """Standard output was closed before regelwerk started (``>&-``)."""
    return OutputFailed(OSError(errno.EBADF, os.strerror(errno.EBADF)))


def print_line(text: str) -> None:
    """The commands' ``out``: one line to standard output; a failure is :class:`OutputFailed`."""
    if sys.stdout is None:
        raise closed()
    try:
        print(text)
    except OSError as exc:
        raise OutputFailed(exc) from None


def flush() -> None:
    """Flush standard output, so an error writing it is seen here and not at exit."""
    if sys.stdout is None:
        raise closed()
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise OutputFailed(exc) from None


def drop_stdout() -> None:
    """Send what is left of standard output nowhere, so Python's own flush at exit
    neither fails nor prints a second message."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a file (a test's capture)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def error_line(text: str, lang: str = "en") -> None:
    """One line on standard error (nothing more can be done if that fails too); a line
    break or another control character from the input is shown escaped. The last guard
    of issue 32: a line longer than :data:`LINE` characters is cut, saying how much is
    left out (each message cuts the values it quotes already,
    :func:`~regelwerk.engine.core.errors.quoted`)."""
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    if len(text) > LINE:
        marker = N_("… [cut: {count} characters in all]")
        for attempt in (gettext_for(lang, marker), marker):
            try:
                end = attempt.format(count=count_text(len(text), lang))
                break
            except (KeyError, IndexError, ValueError):
                continue
        text = text[:LINE - len(end)] + end
    with contextlib.suppress(OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def count_text(number: int, lang: str) -> str:
    """A count formatted for ``lang`` (1,048,576; 1.048.576)."""
    return integer(number, lang)
