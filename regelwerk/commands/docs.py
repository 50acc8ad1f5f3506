"""``regelwerk docs``: prove, check and build the bilingual reference site into
``_build/site`` (:mod:`regelwerk.report`, :mod:`regelwerk.site`).
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable

from regelwerk import status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Failed, Out, UsageError
from regelwerk.engine.core.numbers import decimal
from regelwerk.parser import translator

#: What ``regelwerk docs`` needs beyond a plain install: the ``docs`` extra (import names).
DOCS_MODULES = ("sphinx", "myst_parser", "furo", "polib")


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Prove every invariant, check traceability and translations, and build the English "
        "and German reference with its doctests and the consistency report into "
        "_build/site. Needs a source checkout.")
    options.root(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    _ = translator(lang)
    missing = [name for name in DOCS_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise UsageError(_("regelwerk docs needs the docs extra ({missing} missing): "
                           "pip install 'regelwerk[docs]'").format(missing=", ".join(missing)))
    from regelwerk import report as consistency
    from regelwerk import site

    root = common.root(args, lang)

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    data = consistency.build_report(root, progress)
    report_file = consistency.write(data, root / "_build" / "report.json")   # the write rule
    try:
        built = site.build_site(root, root / "_build", progress=progress, report_file=report_file)
    except site.SiteError as exc:
        raise Failed(exc.message_in(lang)) from None
    for game, info in data["games"].items():
        proven = sum(inv["status"] == "proven" for inv in info["invariants"])
        out(_("{game}: {proven} of {total} invariants proven; {clauses} clauses, "
              "{gaps} gaps").format(game=game, proven=proven, total=len(info["invariants"]),
                                    clauses=info["clauses"], gaps=len(info["gaps"])))
    out(_("site built in {seconds} s; doctests per language: {doctests}").format(
        seconds=decimal(built.seconds, lang),
        doctests=", ".join(f"{k} {v}" for k, v in built.doctests.items())))
    out(_("entry page: {path}").format(path=built.out / "site" / "index.html"))
    if not consistency.all_proven(data) or consistency.gap_count(data):
        raise Failed(_("not every invariant is proven or there are gaps: see {path}").format(
            path=built.out / "site" / "en" / "report.html"))
    return status_codes.SUCCESS
