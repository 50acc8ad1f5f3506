"""A game's verification is a declaration, proved by one runner (issue 36, point 3), and
what several commands share has one home (point 6): the worker pool, the policy seed.

* every game declares ``VERIFICATION``, and :attr:`regelwerk.games.GameInfo.verification`
  is that object;
* ``regelwerk verify``, the consistency report and the site show the rows of the one
  runner, :func:`regelwerk.proving.run` (the site renders the report's rows);
* :func:`regelwerk.pools.map_in_order` keeps the order of the items on forked workers;
* ``simulate``, ``compare`` and ``stats`` draw the random player's choices from
  :func:`regelwerk.simulate.policy`.
"""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path
from typing import Any

import grimp
import pytest
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import fill, prefix
from regelwerk.engine.core.i18n import gettext_for
from regelwerk.verification.core import Verification

from regelwerk import games, pools, proving, report
from regelwerk.cli import main
from regelwerk.compare import play_pair
from regelwerk.simulate import playout
from regelwerk.stats import Run

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(games.games())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_verification(game_id: str) -> None:
    module = importlib.import_module(f"regelwerk.verification.{game_id}")
    declared = games.get(game_id).verification
    assert declared is module.VERIFICATION and isinstance(declared, Verification)
    assert declared.game == game_id
    assert declared.invariants == module.INVARIANTS and declared.mutants == module.MUTANTS
    assert declared.rules is module.default_rules
    assert dict(declared.proof_only) == module.PROOF_ONLY
    assert [declared.invariant(inv.id) for inv in declared.invariants] == list(
        declared.invariants)
    with pytest.raises(KeyError):
        declared.invariant(f"{game_id}.no_such_invariant")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_clause_an_invariant_cites_has_its_games_prefix(game_id: str) -> None:
    clauses = {c for inv in games.get(game_id).verification.invariants for c in inv.clauses}
    assert clauses and all(c.startswith(prefix(game_id)) for c in clauses)
    assert not any(c.startswith(prefix(other)) for c in clauses for other in GAMES
                   if other != game_id and other.startswith(game_id))


def test_verify_the_report_and_the_site_show_the_rows_of_the_one_runner(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    game = "medici_vs_strozzi"
    calls: list[tuple[list[Verification], list[proving.Row]]] = []
    original = proving.run

    def spy(verifications: Any, *args: Any, **kwargs: Any) -> list[proving.Row]:
        rows = original(verifications, *args, **kwargs)
        calls.append((list(verifications), rows))
        return rows

    monkeypatch.setattr(proving, "run", spy)
    assert main(["verify", game, "--json", "--no-progress"]) == 0
    shown = json.loads(capsys.readouterr().out)
    reported = report.verify_game(game, lambda message: None)
    assert [declared for declared, _rows in calls] == [[games.get(game).verification]] * 2
    (_, by_verify), (_, by_report) = calls
    assert shown == [{**row.in_language("en"), "seconds": shown[i]["seconds"]}
                     for i, row in enumerate(by_verify)]
    assert reported == [{**row.data(), "seconds": reported[i]["seconds"]}
                        for i, row in enumerate(by_report)]

    def same(row: dict[str, Any]) -> tuple[Any, ...]:
        return row["id"], row["status"], row["players"], row["coverage"], row["clauses"]

    assert [same(row) for row in shown] == [same(row) for row in reported]
    assert [inv.id for inv in games.get(game).verification.invariants] == [
        row["id"] for row in reported]
    # the site fills each statement of the report (regelwerk/sphinxext/report.py) as verify
    # fills it for the reader's language
    spec = spec_module.load(game)
    for lang in ("en", "de"):
        site = [fill(spec, gettext_for(lang, row["statement"]), lang, **row["fields"])
                for row in reported]
        assert site == [row.in_language(lang)["statement"] for row in by_report]


def test_only_verify_and_the_report_run_proofs_and_the_site_reads_the_report() -> None:
    graph = grimp.build_graph("regelwerk", include_external_packages=False)
    assert graph.find_modules_that_directly_import("regelwerk.proving") == {
        "regelwerk.report", "regelwerk.commands.verify"}
    site = (ROOT / "regelwerk" / "sphinxext" / "report.py").read_text(encoding="utf-8")
    assert "regelwerk_report" in site and "verification" not in site.replace(
        "regelwerk.verification.core", "")


def test_the_pool_keeps_the_order_of_the_items_on_forked_workers() -> None:
    offset = 7                                  # a closure: it would not pickle
    finished: list[int] = []
    items = list(range(12))
    results = list(pools.map_in_order(lambda i: (i + offset, os.getpid()), items, jobs=2,
                                      done=finished.append))
    assert [value for value, _pid in results] == [i + offset for i in items]
    assert sorted(finished) == items
    if pools.forks(2, len(items)):
        assert os.getpid() not in {pid for _value, pid in results}
    alone = list(pools.map_in_order(lambda i: (i + offset, os.getpid()), items, jobs=1))
    assert alone == [(i + offset, os.getpid()) for i in items]


def test_an_error_on_a_worker_reaches_the_caller() -> None:
    def fails_on_three(item: int) -> int:
        if item == 3:
            raise ValueError("three")
        return item

    with pytest.raises(ValueError, match="three"):
        list(pools.map_in_order(fails_on_three, list(range(6)), jobs=2))


def test_simulate_compare_and_stats_play_the_same_random_games() -> None:
    """Game ``i`` of a run with seed ``s`` is the same game in all three: the game seed and
    the policy source are shared, so the same final scores come out."""
    game = games.get("medici_vs_strozzi").game
    seed, indices = 5, range(3)
    simulated = [tuple(int(v) for v in game.score(playout(game, seed, index, {"players": 2})[0])
                       .scores.values()) for index in indices]
    options = {"players": 2}
    pairs = [play_pair(game, (options, options), seed, index) for index in indices]
    compared = [pair.first.scores for pair in pairs if pair.first is not None]
    stats = [played.scores for played in Run("medici_vs_strozzi", 2, 3, seed=seed).task()(
        indices)]
    assert simulated == compared == stats
    assert len(set(simulated)) > 1                  # not one game three times
