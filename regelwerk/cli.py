"""The ``regelwerk`` command line (also ``python -m regelwerk``): the entry point.

Output language: ``--lang de|en`` (default: ``REGELWERK_LANG`` or the locale).
Every command has ``--help``; errors are one line on stderr, never a traceback, in the
reader's language (the system's and the JSON decoder's words too), and of a readable size:
a value the user gave is quoted cut to a short prefix with its length ("'xxx…' (1,048,576
characters)", :func:`regelwerk.engine.core.errors.quoted`), and no line exceeds
:data:`~regelwerk.engine.core.errors.LINE` (500) characters
(:func:`regelwerk.output.error_line` cuts it). An empty path, an empty game id and a
negative ``--until`` are refused, and a usage error keeps exit 2 even where standard output
is closed.

The commands are modules of :mod:`regelwerk.commands`, their shared options
:mod:`regelwerk.commands.options`, the parser in the reader's language
:mod:`regelwerk.parser`. Exit codes (:mod:`regelwerk.status_codes`): 0 success, 1 a check
failed (a violation, a gap, an unproven invariant), 2 bad usage or input, 3 an internal
error, 4 the output could not be written (a full disk; a closed pipe ends quietly with 141),
130 interrupted. Files are written safely (:func:`regelwerk.engine.core.files.write_text`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from regelwerk import commands, status_codes
from regelwerk.commands.common import Failed, UsageError
from regelwerk.engine.core.errors import LocalizedError, render
from regelwerk.engine.core.files import OutputError
from regelwerk.engine.core.records import RecordError
from regelwerk.engine.core.spec import SpecError
from regelwerk.output import OutputFailed, drop_stdout, error_line, flush, print_line
from regelwerk.parser import pre_lang, translator


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``regelwerk`` with ``argv`` (default: the process's arguments); the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = pre_lang(argv)
    _ = translator(lang)
    code = status_codes.SUCCESS
    try:
        try:
            args = commands.parse_args(argv, lang)
        except SystemExit as done:       # --help, or a usage error argparse has printed
            code = done.code if isinstance(done.code, int) else status_codes.USAGE
            flush()
            return code
        code = run(args, lang)
        flush()
        return code
    except OutputFailed as failed:
        drop_stdout()
        if code == status_codes.USAGE:   # a usage error keeps its exit code whatever became of stdout
            return code
        if isinstance(failed.error, BrokenPipeError):   # piped into `head`: stop quietly
            return status_codes.BROKEN_PIPE
        error_line(_("regelwerk: error: cannot write the output ({error})").format(
            error=render(failed.error, lang)), lang)
        return status_codes.OUTPUT_FAILED


def run(args: argparse.Namespace, lang: str) -> int:
    """Run the command; every error is one line on standard error and an exit code."""
    _ = translator(lang)
    try:
        return commands.get(args.command).run(args, lang, print_line)
    except (SpecError, RecordError) as exc:   # a bad board file, option or game record
        error_line(_("regelwerk: error: {message}").format(message=exc.message_in(lang)), lang)
        return status_codes.USAGE
    except OutputError as exc:   # a file could not be written (the old one is intact)
        error_line(_("regelwerk: error: {message}").format(message=exc.message_in(lang)), lang)
        return status_codes.OUTPUT_FAILED
    except UsageError as exc:
        error_line(_("regelwerk: error: {message}").format(message=exc), lang)
        return status_codes.USAGE
    except LocalizedError as exc:   # a run that cannot give its figure (a game that never ends)
        error_line(_("regelwerk: {message}").format(message=exc.message_in(lang)), lang)
        return status_codes.FAILED
    except Failed as exc:
        error_line(_("regelwerk: {message}").format(message=exc), lang)
        return status_codes.FAILED
    except OutputFailed:
        raise
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        raise OutputFailed(BrokenPipeError()) from None
    except KeyboardInterrupt:
        error_line(_("regelwerk: interrupted"), lang)
        return status_codes.INTERRUPTED
    except Exception as exc:  # one line for the user; REGELWERK_DEBUG=1 shows the traceback
        if os.environ.get("REGELWERK_DEBUG"):
            raise
        error_line(_("regelwerk: internal error: {kind}: {message} (REGELWERK_DEBUG=1 shows "
                     "the traceback)").format(kind=type(exc).__name__, message=exc), lang)
        return status_codes.INTERNAL
