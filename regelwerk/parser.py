"""The command line's argument parser in the reader's language.

argparse's own words (``usage:``, its error messages) are shown in the reader's language,
a value the user gave is cut to a readable size in an error, and a failure to write
``--help`` to standard output is reported, not taken for success. ``regelwerk`` and
``python -m regelwerk.site`` both build their parsers from :func:`localized`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from regelwerk import status_codes
from regelwerk.engine.core.errors import LINE, cut
from regelwerk.engine.core.i18n import LANGUAGES, N_, default_language, gettext_for
from regelwerk.output import OutputFailed, closed

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

# argparse's own messages, so they can be shown in the reader's language.
ARGPARSE_MESSAGES = (
    (re.compile(r"the following arguments are required: (?P<args>.*)"),
     N_("the following arguments are required: {args}")),
    (re.compile(r"unrecognized arguments: (?P<args>.*)"), N_("unrecognized arguments: {args}")),
    (re.compile(r"argument (?P<arg>\S+): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)"),
     N_("argument {arg}: invalid choice: {value} (choose from {choices})")),
    (re.compile(r"argument (?P<arg>\S+): invalid (?P<kind>\w+) value: (?P<value>.*)"),
     N_("argument {arg}: invalid {kind} value: {value}")),
    (re.compile(r"argument (?P<arg>\S+): expected one argument"),
     N_("argument {arg}: expected one argument")),
    # a message of regelwerk's own (already in the reader's language) about an argument
    (re.compile(r"argument (?P<arg>\S+): (?P<problem>.*)"), N_("argument {arg}: {problem}")),
)


def translator(lang: str) -> Callable[[str], str]:
    """``_`` of ``lang``: a message of the ``regelwerk`` domain in that language."""
    return lambda message: gettext_for(lang, message)


def pre_lang(argv: Sequence[str]) -> str:
    """The language ``--lang`` asks for, read before parsing (so that ``--help`` and the
    parser's errors are in it); else ``REGELWERK_LANG`` or the locale."""
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv) and argv[index + 1] in LANGUAGES:
            return argv[index + 1]
        if arg.startswith("--lang=") and arg[7:] in LANGUAGES:
            return arg[7:]
    return default_language()


class Formatter(argparse.RawDescriptionHelpFormatter):
    """Help as written (line breaks kept), ``usage:`` in the reader's language."""

    usage_prefix = "usage: "

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups,
                          self.usage_prefix if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line in :attr:`lang` (exit 2)."""

    lang = "en"

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse's own output (``--help``, usage), whose write errors argparse itself
        ignores: a failure to write standard output is reported, not taken for success."""
        if not message:
            return
        if file is None and sys.stdout is None:
            raise closed()
        file = file or sys.stderr
        try:
            file.write(message)
        except (OSError, AttributeError) as exc:
            if file is sys.stdout:
                raise OutputFailed(exc if isinstance(exc, OSError) else OSError(str(exc))) \
                    from None

    def error(self, message: str) -> NoReturn:
        _ = translator(self.lang)
        for pattern, template in ARGPARSE_MESSAGES:
            match = pattern.fullmatch(message)
            if match:      # a value the user gave is cut to a readable size (issue 32)
                message = _(template).format(**{key: cut(value, self.lang) for key, value
                                                in match.groupdict().items()})
                break
        else:
            message = cut(message, self.lang, LINE // 2)
        self.exit(status_codes.USAGE,
                  _("regelwerk: error: {message} (see --help)").format(message=message) + "\n")


def localized(lang: str) -> tuple[type[Parser], type[Formatter]]:
    """A parser class and a help formatter class that speak ``lang``."""
    _ = translator(lang)

    class LocalizedFormatter(Formatter):
        usage_prefix = _("usage: ")

    class LocalizedParser(Parser):
        pass

    LocalizedParser.lang = lang
    return LocalizedParser, LocalizedFormatter
