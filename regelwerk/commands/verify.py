"""``regelwerk verify [GAME]``: every invariant proved with z3 for every player count, by a
reading and a printed board (:mod:`regelwerk.proving`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from regelwerk import games, status_codes
from regelwerk.commands import common, options
from regelwerk.commands.common import Out, UsageError
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.numbers import decimal
from regelwerk.parser import translator


def add_arguments(parser: argparse.ArgumentParser, _: Callable[[str], str]) -> None:
    parser.description = _(
        "Prove every invariant of a game (or of all games) with z3, for every player count "
        "the game allows (or --players N), by the rules of a reading (--option) and a "
        "printed board (--board). An invariant is proven, violated (with a counterexample "
        "in named values), stale (the rules hold, but a bound spec records is not the one "
        "proven for these numbers: spec's value is to be derived again) or unknown; "
        "unknown never counts as proven. Exit status: 0 when every invariant is proven or "
        "stale, 1 when one is violated or unknown.")
    parser.add_argument("game", nargs="?", metavar=_("GAME"),
                        help=_("game id (default: all games)"))
    options.game_options(parser, _)
    options.mutant(parser, _(
        "prove against a deliberately broken rule instead (its invariant must be violated)"))
    options.jobs(parser, _)
    options.no_progress(parser, _)
    options.json_output(parser, _)


def run(args: argparse.Namespace, lang: str, out: Out) -> int:
    _ = translator(lang)
    # an empty GAME ("") names no game: refused, not taken for "every game" (issue 32)
    selected = [common.game(args.game, lang)] if args.game is not None \
        else list(games.games().values())
    if args.mutant is not None and args.game is None:
        raise UsageError(_("--mutant needs a game"))
    if args.game is None and (args.board or args.option or args.players is not None):
        raise UsageError(_("--board, --option and --players need a game"))
    common.check_counts(args, lang)
    chosen = common.options_of(args, lang)
    for info in selected:
        _player_count(info, args.players, lang)
    from tqdm import tqdm

    from regelwerk import proving

    fns = common.mutant(selected[0], args.mutant, lang).fns if args.mutant else None
    verifications = [info.verification for info in selected]
    bar = tqdm(unit=_("invariants"), file=sys.stderr, desc="verify",
               disable=args.no_progress or args.json or None)

    def planned(total: int) -> None:
        bar.reset(total=total)

    try:
        found = proving.run(verifications, chosen, fns, args.jobs, planned=planned,
                            done=lambda _owner: bar.update(1))
    finally:
        bar.close()
    rows = [row.in_language(lang) for row in found]
    board = common.replaced(selected[0].game, chosen.get("board"), lang) if args.board else None
    if args.json:
        out(json.dumps([{**row, "board": board} for row in rows] if board is not None
                       else rows, indent=1, ensure_ascii=False))
    else:
        if board is not None:
            common.print_board(board, lang, out)
        for row in rows:
            _verify_row(row, lang, out)
        counts = {status: sum(r["status"] == status for r in rows)
                  for status in ("proven", "stale", "violated", "unknown")}
        out(_("{proven} of {total} invariants proven").format(proven=counts["proven"],
                                                             total=len(rows)))
        if counts["stale"]:
            out(_("{stale} stale: the rules hold, but spec's recorded bound is not the proven "
                  "one for these numbers; derive it again").format(stale=counts["stale"]))
    held = all(r["status"] in ("proven", "stale") for r in rows)
    return status_codes.SUCCESS if held else status_codes.FAILED


def _player_count(info: games.GameInfo, players: int | None, lang: str) -> None:
    """``--players N`` must be a count the game allows (a usage error otherwise)."""
    low, high = info.game.players
    if players is not None and not low <= players <= high:
        raise UsageError(gettext_for(lang, N_(
            "{game} is played by {low} to {high} players, not {players}")).format(
            game=info.id, low=low, high=high, players=players))


def _verify_row(row: Mapping[str, Any], lang: str, out: Out) -> None:
    """One invariant of ``verify``: status, statement, the player counts it covers, and
    what is not proven in words."""
    _ = translator(lang)
    labels = {"proven": _("proven"), "violated": _("VIOLATED"), "unknown": _("UNKNOWN"),
              "stale": _("STALE")}
    seconds = decimal(row["seconds"], lang, 2)
    out(f"{labels[row['status']]:9} {row['id']:28} {seconds:>6}s  {row['statement']}")
    out(_("          players {counts}{bounds}").format(
        counts=row["coverage"], bounds=_("; proven bound {bounds}").format(
            bounds=row["bounds_text"]) if row.get("bounds_text") else ""))
    for item in _merged(row["by_players"]):
        if item["status"] == "stale":
            out(_("          {players}: spec records {recorded}, the proven bound is "
                  "{bound}").format(players=item["players_text"], recorded=item["recorded"],
                                    bound=item["bound"]))
        elif item["status"] != "proven":
            out(_("          {players}: {detail}").format(players=item["players_text"],
                                                         detail=item.get("detail", "")))
            if item.get("in_words"):
                out(_("          counterexample: {values}").format(
                    values="; ".join(item["in_words"])))
    if row["ranges"]:
        out(_("          holds for every board with {ranges}").format(ranges=row["ranges"]))


def _merged(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Per-count results that say the same (status, detail, bounds) as one, over their
    counts together (the first one's counterexample)."""
    from regelwerk.proving import counts_text

    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for item in items:
        key = (item["status"], item.get("detail"), item.get("bound"), item.get("recorded"))
        if key in merged:
            merged[key]["players"] = [*merged[key]["players"], *item["players"]]
            merged[key]["players_text"] = counts_text(merged[key]["players"])
        else:
            merged[key] = dict(item)
    return list(merged.values())
