"""``regelwerk rule ID``: a rule clause in the reader's language (text, rulebook source,
the code that implements it, invariants, interpretations), an interpretation register entry,
or the clauses of a game.
"""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Callable

from regelwerk import games, status_codes, traceability
from regelwerk.commands import common
from regelwerk.commands.common import Out, UsageError
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import clause_text, clause_title, implementations
from regelwerk.engine.core.errors import LONG, quoted
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Show a rule clause in the chosen language: text, rulebook source, the code that "
        "implements it, invariants and interpretations (the tests that mark a clause are "
        "listed by 'regelwerk check'). An interpretation id shows the register entry: "
        "question, evidence, readings, reason, clauses and the tests that pin it. A game "
        "id lists its clauses.")
    parser.add_argument("id", metavar="ID", help=_(
        "clause id such as medici_vs_strozzi:turn.offer, an interpretation id, or a game id"))


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    _ = translator(lang)
    if args.id in games.games():
        spec = spec_module.load(args.id)
        for clause_id in spec.clauses:
            out(f"{clause_id}  {clause_title(spec, clause_id, lang)}")
        return status_codes.SUCCESS
    for game in games.games():
        interpretation = spec_module.load(game).interpretations.get(args.id)
        if interpretation is not None:
            _show_interpretation(interpretation, lang, out)
            return status_codes.SUCCESS
    clauses = _all_clauses()
    if args.id not in clauses:
        close = difflib.get_close_matches(args.id, list(clauses), n=3, cutoff=0.6) \
            if len(args.id) <= LONG else []
        hint = _(" Did you mean: {ids}?").format(ids=", ".join(close)) if close else ""
        raise UsageError(_("unknown clause {id!r}.").format(id=quoted(args.id, lang)) + hint +
                         _(" List a game's clauses with: regelwerk rule GAME"))
    spec = clauses[args.id]
    clause = spec.clause(args.id)
    info = games.get(spec.game)
    out(f"{args.id}: {clause_title(spec, args.id, lang)}")
    out("")
    out(clause_text(spec, args.id, lang))
    out("")
    out(_("Rulebook: {source}").format(source=common.pget(lang, f"{args.id}#source", clause.source)))
    code = sorted(f for f, c in implementations(info.engine) if c == args.id)
    out(_("Implemented by: {names}").format(names=", ".join(code) or "-"))
    invariants = [i.id for i in traceability.invariants_of(spec.game, args.id)]
    out(_("Invariants: {ids}").format(ids=", ".join(invariants) or "-"))
    interpretations = [i.id for i in traceability.interpretations_of(spec, args.id)]
    out(_("Interpretations: {ids}").format(ids=", ".join(interpretations) or "-"))
    return status_codes.SUCCESS


def _all_clauses() -> dict[str, spec_module.Spec]:
    return {cid: spec_module.load(g) for g in games.games()
            for cid in spec_module.load(g).clauses}


def _show_interpretation(item: spec_module.Interpretation, lang: str,
                         out: Out) -> None:
    """An interpretation register entry in the reader's language."""
    _ = translator(lang)
    out(f"{item.id}: {common.pget(lang, f'{item.id}#question', item.question)}")
    out("")
    for number, evidence in enumerate(item.evidence):
        note = common.pget(lang, f"{item.id}#evidence.{number}", evidence["note"])
        out(f"  [{evidence['edition']}] {evidence['section']}: {note}")
    out("")
    for option in item.options:
        chosen = _(" (chosen)") if option["id"] == item.decision else ""
        text = common.pget(lang, f"{item.id}#option.{option['id']}", option["text"])
        out(f"  - {option['id']}{chosen}: {text}")
    out("")
    out(_("Reason: {reason}").format(reason=common.pget(lang, f"{item.id}#reason", item.reason)))
    out(_("Clauses: {ids}").format(ids=", ".join(item.clauses)))
    out(_("Tests: {ids}").format(ids=", ".join(item.tests)))
    if item.variant:
        out(_("Rule variant: --option {name}=…").format(name=item.variant))
