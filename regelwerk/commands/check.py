"""``regelwerk check [GAME]``: traceability, translations and, given the rulebooks, own
words and the citation index (:mod:`regelwerk.trace`, :mod:`regelwerk.own_words`,
:mod:`regelwerk.citations`).
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
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.numbers import integer, percent
from regelwerk.own_words import ENV, RUN
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Check that every clause is implemented, tested and anchored once in the reference, "
        "that code, tests and proofs cite existing clauses, that interpretations are pinned "
        "by tests, and that the German catalogs are complete. Needs a source checkout. "
        "Given the rulebooks, also check that no clause text, German catalog or reference "
        "page repeats {count} words in a row from a rulebook.").format(count=RUN)
    parser.add_argument("game", nargs="?", metavar=_("GAME"),
                        help=_("game id (default: all games)"))
    options.root(parser, _)
    parser.add_argument("--rulebooks", type=options.path_type(_), metavar=_("DIR"), help=_(
        "folder of the rulebook texts (*.txt), which the repository does not carry: also "
        "report every passage copied from them (default: {env})").format(env=ENV))
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:

    from regelwerk.trace import core_gaps, play_report, trace_game

    _ = translator(lang)
    root = common.root(args, lang)
    rulebooks = _rulebooks(args, lang)
    selected = [common.game(args.game, lang)] if args.game is not None \
        else list(games.games().values())
    report: list[dict[str, Any]] = []
    all_gaps = [] if args.game is not None else core_gaps(root)

    for info in selected:
        trace = trace_game(root, info.id)
        spec = spec_module.load(info.id)
        all_gaps += trace.gaps
        report.append({
            "game": info.id, "clauses": len(spec.clauses),
            "implemented": sum(1 for c, clause in spec.clauses.items()
                               if trace.code.get(c) or clause.statement),
            "tested": sum(1 for c in spec.clauses if trace.tests.get(c) or trace.doctests.get(c)
                          or trace.through_play(c)),
            "anchored": sum(1 for c in spec.clauses if len(trace.anchors.get(c, [])) == 1),
            "interpretations": [
                {"id": i.id, "question": common.pget(lang, f"{i.id}#question", i.question),
                 "decision": i.decision, "variant": i.variant, "open": i.open,
                 "plays_alike": bool(i.plays_alike)}
                for i in spec.interpretations.values()],
            "readings": {"open": sum(1 for i in spec.interpretations.values() if i.open),
                         "variant": sum(1 for i in spec.interpretations.values()
                                        if i.open and i.variant),
                         "plays_alike": sum(1 for i in spec.interpretations.values()
                                            if i.open and i.plays_alike)},
            "play": play_report(trace, spec.clauses),
            "citations": _citations(rulebooks, info.id, spec),
            "gaps": [str(g) for g in trace.gaps]})
    own = _own_words(root, rulebooks, args.game)
    if args.json:
        out(json.dumps({"games": report, "gaps": [str(g) for g in all_gaps], "own_words": own},
                       indent=1, ensure_ascii=False))
    else:
        for row in report:
            out(_("{game}: {clauses} clauses; implemented {implemented}, tested {tested}, "
                  "anchored once in the reference {anchored}").format(**row))
            out(_("  interpretation register ({count}):").format(count=len(row["interpretations"])))
            readings = row["readings"]
            out(_("  entries with two or more readings: {done} of {open} playable ({variant} as "
                  "a variant, {alike} with a tested reason why they play alike)").format(
                done=readings["variant"] + readings["plays_alike"], open=readings["open"],
                variant=readings["variant"], alike=readings["plays_alike"]))
            for item in row["interpretations"]:
                variant = _(" [variant {name}]").format(name=item["variant"]) if item["variant"] \
                    else ""
                out(f"    {item['id']}: {item['question']} -> {item['decision']}{variant}")
            _show_play(row["play"], row["clauses"], lang, out)
            _show_citations(row["citations"], lang, out)
        for gap in all_gaps:
            out(_("GAP {gap}").format(gap=gap.message_in(lang)))
        out(_("{count} gaps").format(count=len(all_gaps)))
        _show_own_words(own, lang, out)
    return status_codes.FAILED if all_gaps or own.get("copied") else status_codes.SUCCESS


def _show_play(play: dict[str, Any], clauses: int, lang: str, out: Out) -> None:
    """Issue 17's lines of ``check``: how each clause is exercised (through play or not)."""
    _ = translator(lang)
    out(_("  exercised through play: {count} of {clauses} clauses").format(
        count=len(play["through_play"]), clauses=clauses))
    for key, label in (("rule_function_only", N_("  tested only through a rule function ({count}):")),
                       ("untested", N_("  not tested ({count}):"))):
        if play[key]:
            out(_(label).format(count=len(play[key])))
            out("    " + ", ".join(play[key]))
    if play["not_reachable"]:
        out(_("  not reachable through play ({count}):").format(count=len(play["not_reachable"])))
        for clause, why in play["not_reachable"].items():
            out(f"    {clause}: {why}")


def _rulebooks(args: argparse.Namespace, lang: str) -> Path | str:
    """The rulebook folder (``--rulebooks``, else ``REGELWERK_RULEBOOKS``) or why there is none.

    A folder given with ``--rulebooks`` that cannot be read is a usage error.
    """
    from regelwerk import own_words

    try:
        return own_words.rulebook_folder(args.rulebooks)
    except own_words.RulebooksMissing as exc:
        if args.rulebooks is not None:
            raise UsageError(exc.message_in(lang)) from None
        return exc.message_in(lang)


def _own_words(root: Path, rulebooks: Path | str, game: str | None) -> dict[str, Any]:
    """The own-words check of ``root`` against ``rulebooks`` (a reason: not run)."""
    from regelwerk import own_words

    if isinstance(rulebooks, str):
        return {"not_run": rulebooks}
    texts = list(own_words.our_texts(root, game))
    found = own_words.copied(texts, own_words.book_runs(rulebooks))
    return {"rulebooks": str(rulebooks), "books": len(own_words.books(rulebooks)),
            "texts": len(texts), "copied": [str(f) for f in found]}


def _citations(rulebooks: Path | str, game: str, spec: spec_module.Spec) -> list[dict[str, Any]]:
    """The citation index of ``game``'s rule texts (none without the rulebooks)."""
    from regelwerk import citations

    if isinstance(rulebooks, str):
        return []
    return [book.to_json() for book in citations.index_game(rulebooks, game, spec.clauses)]


def _show_citations(books: list[dict[str, Any]], lang: str, out: Out) -> None:
    """Issue 12's citation index: how much of each rule text the clauses cite, and what not."""
    _ = translator(lang)
    for book in books:
        share = book["cited_sentences"] / max(book["sentences"], 1)
        out(_("  {book}: the clauses cite sections holding {cited} of {sentences} sentences "
              "({share})").format(book=book["book"], cited=integer(book["cited_sentences"], lang),
                                  sentences=integer(book["sentences"], lang),
                                  share=percent(share, lang, digits=0)))
        for section in book["uncovered"]:
            out(_("    not cited: line {line} \"{heading}\" ({sentences} sentences)").format(
                **section))
        if book["unresolved"]:
            out(_("    cited headings not found in the text: {headings}").format(
                headings=", ".join(book["unresolved"])))


def _show_own_words(own: dict[str, Any], lang: str, out: Out) -> None:
    _ = translator(lang)
    if "not_run" in own:
        out(_("own words: not checked: {reason}; pass --rulebooks DIR").format(reason=own["not_run"]))
        return
    for finding in own["copied"]:
        out(_("COPIED {finding}").format(finding=finding))
    out(_("own words: {texts} texts compared with {books} rulebooks; {count} copied runs").format(
        texts=own["texts"], books=own["books"], count=len(own["copied"])))
