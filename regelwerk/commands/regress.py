"""``regelwerk regress``: replay the regression corpus (:mod:`regelwerk.regress`), report
the first step of each game that changed; ``--accept`` after a deliberate rule change,
``--add RECORD`` to take a user's record into the corpus.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from regelwerk import games, status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out, UsageError
from regelwerk.engine.core.errors import quoted
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.numbers import integer
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Replay every game of the regression corpus (records with the position after each "
        "action) and report, for each game that changed, the first step that differs: the "
        "action, its clause, and the old and the new position.")
    path = options.path_type(_)
    parser.add_argument("folder", nargs="?", type=path, metavar=_("DIR"),
                        help=_("corpus folder (default: tests/corpus of the source checkout)"))
    options.root(parser, _)
    parser.add_argument("--accept", action="store_true", help=_(
        "after a deliberate rule change: rewrite the changed games as the engine plays them now"))
    parser.add_argument("--accept-results", action="store_true", help=_(
        "with --accept: also rewrite games whose result changed"))
    parser.add_argument("--add", type=path, metavar=_("RECORD"), help=_(
        "take a game record (play --record, compare --save, a worked example) into the corpus "
        "with the readings it was played under, as user-NAME.json"))
    parser.add_argument("--name", metavar="N", help=_(
        "with --add: the entry's name (default: the record's file name)"))
    parser.add_argument("--force", action="store_true", help=_(
        "with --add: replace an entry of the same name"))
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:

    from regelwerk.recorded import note
    from regelwerk.regress import regress

    _ = translator(lang)
    folder = args.folder or common.root(args, lang) / "tests" / "corpus"
    if (args.name is not None or args.force) and args.add is None:
        raise UsageError(_("--name and --force go with --add"))
    if args.accept_results and not args.accept:
        raise UsageError(_("--accept-results goes with --accept"))
    if args.add is not None:
        return _regress_add(args, folder, lang, out)
    if not common.is_folder(folder):
        raise UsageError(_("{folder}: not a folder").format(folder=quoted(folder, lang)))
    count, found = regress(folder, accept=args.accept, accept_results=args.accept_results)
    decided = _decided_otherwise(folder)
    if args.json:
        out(json.dumps({"games": count, "readings_decided_otherwise": [
            {"file": str(path), **said.to_json()} for path, said in decided], "changed": [
            {"file": str(d.path), "step": d.step, "action": d.action, "clause": d.clause,
             "problem": d.problem, "expected": d.expected and d.expected.text,
             "now": d.got and d.got.text, "now_in_words": d.now_in_words(lang)}
            for d in found]}, indent=1, ensure_ascii=False))
    else:
        for d in found:
            out(_("{file}: step {step}: {problem}").format(
                file=d.path, step=d.step + 1 if d.action is not None else d.step,
                problem=_problem(d.problem)))
            if d.action is not None:
                out(_("  action: {action} ({clause})").format(
                    action=d.action_in_words(lang), clause=d.clause))
            if d.expected is not None or d.got is not None:
                out(_("  fingerprint of the position after it: expected {expected}, now "
                      "{now}").format(expected=d.expected.fingerprint if d.expected else "-",
                                      now=d.got.fingerprint if d.got else "-"))
            before = d.before_in_words(lang)
            if before is not None:
                out(_("  the position before it (the same in the corpus), in words:"))
                for line in before.splitlines():
                    out("    " + line)
            readings_note = note(games.get(d.game).game, d.record) if d.record else None
            for line in (readings_note.lines(lang) if readings_note else []):
                out("  " + line)
            for line in d.change_in_words(lang):
                out("  " + line)
            words = d.now_in_words(lang)
            if words is not None and not args.accept:
                out(_("  the position now, in words:"))
                for line in words.splitlines():
                    out("    " + line)
        for path, said in decided:
            out(f"{path}:")
            for line in said.lines(lang):
                out("  " + line)
        out(_("{count} games replayed, {changed} changed").format(
            count=integer(count, lang), changed=integer(len(found), lang)))
        if found and args.accept:
            out(_("the changed games were rewritten; review the diff of {folder}").format(
                folder=folder))
    from regelwerk.regress import NOT_ACCEPTED, RESULT_NOT_ACCEPTED

    refused = any(d.problem.endswith((NOT_ACCEPTED, RESULT_NOT_ACCEPTED)) for d in found)
    if refused and args.accept and not args.json and any(
            d.problem.endswith(RESULT_NOT_ACCEPTED) for d in found):
        out(_("a change of a result is not accepted without --accept-results"))
    return status_codes.FAILED if found and (not args.accept or refused) else status_codes.SUCCESS


def _regress_add(args: argparse.Namespace, folder: Path, lang: str,
                 out: Out) -> int:
    """``regress --add RECORD``: the record as a corpus entry ``user-<name>.json``."""
    from regelwerk.regress import AddError, add

    try:
        path, entry = add(args.add, folder, args.name, force=args.force)
    except AddError as exc:
        raise UsageError(exc.message_in(lang)) from None
    from regelwerk.play import result_text

    out(gettext_for(lang, N_("{file}: added ({game}, {count} actions, result {result})"))
        .format(file=path, game=entry.record.game,
                count=integer(len(entry.record.actions), lang),
                result=result_text(games.get(entry.record.game).game, entry.record.result,
                                   lang)))
    return status_codes.SUCCESS


def _problem(problem: str) -> str:
    """A divergence's problem for the text report: a changed result without the two
    results' record form (the lines in words below say them)."""
    if problem.startswith("result: expected "):
        from regelwerk.regress import NOT_ACCEPTED, RESULT_NOT_ACCEPTED

        return "result" + "".join(s for s in (NOT_ACCEPTED, RESULT_NOT_ACCEPTED)
                                  if problem.endswith(s))
    return problem


def _decided_otherwise(folder: Path) -> list[tuple[Path, Any]]:
    """The corpus records whose readings the register now decides otherwise (each
    still replays under its own readings)."""
    from regelwerk.recorded import note
    from regelwerk.regress import Entry, corpus_files

    found = []
    for path in corpus_files(folder):
        record = Entry.read(path).record
        if record.rules is None or record.game not in games.games():
            continue
        said = note(games.get(record.game).game, record)
        if said is not None:
            found.append((path, said))
    return found
