"""The consistency report: proofs, coverage and translation status of every game.

``regelwerk docs`` (and so ``make site``) computes it once, writes it as JSON
and hands the file to the Sphinx build, where the ``consistency-report``
directive renders it in each language. The same data answers ``--json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from regelwerk import catalogs, games
from regelwerk.engine.core import files
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.i18n import DOMAIN, LANGUAGES
from regelwerk.trace import Gap, core_gaps, trace_game

Progress = Callable[[str], None]


def verify_game(game: str, progress: Progress, jobs: int = 1) -> list[dict[str, Any]]:
    """Every invariant of ``game`` over the player counts it is proven for, proved by the one
    runner (:func:`regelwerk.proving.run`), one row each (:meth:`~regelwerk.proving.Row.data`):
    id, clauses, statement (the English template) and its own ``fields``, ranges, status
    (the worst count's), the counts covered, each count's status and bound, detail,
    seconds. ``stale`` (a recorded bound not the proven one) is not counted as proven."""
    from regelwerk import proving

    def planned(count: int) -> None:      # one line a game: the build's log stays short
        progress(f"{game}: {count} proofs (each invariant at each player count) …")

    return [row.data() for row in proving.run([games.get(game).verification], {}, jobs=jobs,
                                               planned=planned)]


def build_report(root: Path, progress: Progress | None = None) -> dict[str, Any]:
    say = progress or (lambda message: None)
    report: dict[str, Any] = {"games": {}, "gaps": []}
    for game in games.games():
        spec = spec_module.load(game)
        trace = trace_game(root, game)
        invariants = verify_game(game, say)
        report["games"][game] = {
            "invariants": invariants,
            "clauses": len(spec.clauses),
            "implemented": sum(1 for c in spec.clauses if trace.code.get(c)),
            "tested": sum(1 for c in spec.clauses if trace.tests.get(c) or trace.doctests.get(c)),
            "anchored": sum(1 for c in spec.clauses if len(trace.anchors.get(c, [])) == 1),
            "interpretations": len(spec.interpretations),
            "assumed": sum(1 for _ in spec.assumed()),
            "catalog_entries": len([m for m in catalogs.template(next(
                d for d in catalogs.domains(root) if d.name == f"{DOMAIN}-{game}"))
                if m.id]),
            "gaps": [_both(g) for g in trace.gaps],
        }
    report["gaps"] = [_both(g) for g in core_gaps(root)]
    return report


def _both(gap: Gap) -> dict[str, str]:
    """A gap in every language the site is built in."""
    return {lang: gap.message_in(lang) for lang in LANGUAGES}


def all_proven(report: dict[str, Any]) -> bool:
    return all(inv["status"] == "proven" for g in report["games"].values()
               for inv in g["invariants"])


def gap_count(report: dict[str, Any]) -> int:
    return len(report["gaps"]) + sum(len(g["gaps"]) for g in report["games"].values())


def write(report: dict[str, Any], path: Path) -> Path:
    """Write the report as JSON by the one write rule (:func:`files.write_text`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write_text(path, json.dumps(report, indent=1, ensure_ascii=False))
    return path
