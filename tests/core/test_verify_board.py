"""``verify`` for a printed board, a reading and a player count (issue 31, points 2 to 4).

* ``verify GAME --board FILE --option K=V`` re-proves every invariant of every game by the
  rules the game builds from them, and the JSON names the numbers the board replaced;
* without ``--players`` every count the game allows is proven, and each row says which;
* a bound spec records that the proof does not reach is ``stale`` (both numbers named),
  not ``violated``, and exit 0; a broken rule function is still ``violated``, its
  counterexample in named values, not z3's names;
* ``simulate`` and ``stats`` show the numbers a board replaced, in text and JSON.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from regelwerk.engine.core.i18n import gettext_for
from regelwerk.verification import florenz as vf
from regelwerk.verification.core import PROVEN, STALE, VIOLATED, mutate

from regelwerk import games
from regelwerk.cli import main

GAMES = sorted(games.games())
HEAD = "disc.head_points"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["--lang", "en", *args])
    return code, capsys.readouterr().out


def _board(tmp_path: Path, values: dict[str, object]) -> Path:
    path = tmp_path / "board.toml"
    path.write_text("".join(f"[{key}]\nvalue = {json.dumps(value)}\n\n"
                            for key, value in values.items()), encoding="utf-8")
    return path


def _raised_head_points() -> list[int]:
    """Spec's head points with the last round's raised to the top of its range."""
    number = games.get("florenz").game.spec.number(HEAD)
    assert number.range is not None
    return [*number.value[:-1], number.range[1]]


@pytest.mark.parametrize("game_id", GAMES)
def test_verify_takes_a_board_a_reading_and_a_player_count(
        game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = games.get(game_id).game
    assumed = next(n for n in game.spec.numbers.values() if n.file.endswith("board.toml")
                   and isinstance(n.value, int | list) and "{" not in json.dumps(n.value))
    variant = game.variants[0]
    other = next(c for c in variant.choices if c != variant.default)
    board = _board(tmp_path, {assumed.path: assumed.value})
    code, out = run(capsys, "verify", game_id, "--board", str(board), "--option",
                    f"{variant.name}={other}", "--players", str(game.default_players),
                    "--json", "--jobs", "1")
    rows = json.loads(out)
    assert code == 0, [r for r in rows if r["status"] not in (PROVEN, STALE)]
    assert {r["id"] for r in rows} == {i.id for i in games.get(game_id)
                                       .verification_module().INVARIANTS}
    assert all(r["board"]["file"] == str(board) for r in rows)
    assert all(r["board"]["replaced"] == [] and r["board"]["unchanged"] == [assumed.path]
               for r in rows)


def test_verify_refuses_a_player_count_the_game_does_not_allow(
        capsys: pytest.CaptureFixture[str]) -> None:
    high = games.get("florenz").game.players[1]
    assert main(["--lang", "en", "verify", "florenz", "--players", str(high + 1)]) == 2
    assert main(["--lang", "en", "verify", "--players", "3"]) == 2


def test_a_board_that_moves_a_bound_makes_it_stale_with_both_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raised = _raised_head_points()
    rounds = len(raised)
    spec = games.get("florenz").game.spec
    recorded = spec[vf.BOUND][rounds - 1]
    game = games.get("florenz").game.with_spec(spec.with_numbers({HEAD: raised}))
    proven, _ = vf.medici_phase_bound(game.rules_for({"players": 3}), rounds)
    assert proven.bound is not None and proven.bound != recorded

    board = _board(tmp_path, {HEAD: raised})
    code, out = run(capsys, "verify", "florenz", "--board", str(board), "--players", "3",
                    "--jobs", "1")
    assert code == 0                                 # stale is not a violation
    assert f"board {board} replaces 1 numbers:" in out
    row = next(line for line in out.splitlines()
               if line.split()[1:2] == [f"florenz.medici_bound.round{rounds}"])
    assert row.startswith("STALE")
    assert f"spec records {recorded}, the proven bound is {proven.bound}" in out
    assert "VIOLATED" not in out

    code, out = run(capsys, "verify", "florenz", "--board", str(board), "--players", "3",
                    "--json", "--jobs", "1")
    stale = [r for r in json.loads(out) if r["status"] == STALE]
    assert [r["id"] for r in stale] == [f"florenz.medici_bound.round{rounds}"]
    assert stale[0]["bound"] == proven.bound and stale[0]["recorded"] == recorded
    assert stale[0]["board"]["replaced"] == [{"path": HEAD, "spec": spec[HEAD],
                                              "board": raised}]


def test_a_changed_number_in_a_spec_copy_is_stale_but_a_broken_rule_is_violated() -> None:
    spec = games.get("florenz").game.spec
    rounds = len(spec[HEAD])
    invariant = next(i for i in vf.INVARIANTS if i.id == f"florenz.medici_bound.round{rounds}")
    changed = games.get("florenz").game.with_spec(spec.with_numbers(
        {HEAD: _raised_head_points()})).rules_for({"players": 3})
    result = invariant.check(changed)
    assert result.status == STALE and result.recorded == spec[vf.BOUND][rounds - 1]
    assert f"records {result.recorded}, the proven bound is {result.bound}" in result.detail
    mutant = next(m for m in vf.MUTANTS if m.breaks == invariant.id)
    assert invariant.check(mutate(vf.default_rules(), mutant.fns)).status == VIOLATED


def test_a_violation_reads_in_named_values_not_z3_names(
        capsys: pytest.CaptureFixture[str]) -> None:
    rounds = len(games.get("florenz").game.spec[HEAD])
    mutant = next(m for m in vf.MUTANTS if m.breaks == f"florenz.medici_bound.round{rounds}")
    template = next(n.template for n in vf.NAMES if n.pattern.startswith("rank"))
    for lang in ("en", "de"):
        rank = gettext_for(lang, template).format(place=1, value="").strip()
        code = main(["--lang", lang, "verify", "florenz", "--mutant", mutant.id, "--players",
                     "3", "--jobs", "1"])
        out = capsys.readouterr().out
        assert code == 1
        lines = out.splitlines()
        start = next(i for i, line in enumerate(lines)
                     if f"florenz.medici_bound.round{rounds} " in line)
        assert lang != "en" or f"round {rounds}" in lines[start]
        found = next(line for line in lines[start:] if rank in line)
        assert "mine0" not in out and "rank0" not in out and '"True"' not in out
        assert found.count(";") >= 3
    in_words = json.loads(_json(capsys, "verify", "florenz", "--mutant", mutant.id,
                                "--players", "3"))
    row = next(r for r in in_words if r["id"] == mutant.breaks)
    assert row["status"] == VIOLATED and row["by_players"][0]["in_words"]


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    main(["--lang", "en", *args, "--json", "--jobs", "1"])
    return capsys.readouterr().out


def test_every_player_count_is_proven_and_each_row_says_which(
        capsys: pytest.CaptureFixture[str]) -> None:
    game = games.get("florenz").game
    low, high = game.players
    rows = json.loads(_json(capsys, "verify", "florenz"))
    assert all(r["players"] == list(range(low, high + 1)) for r in rows)
    assert all(r["coverage"] == f"{low}–{high}" for r in rows)
    spec = game.spec
    for number in range(1, len(spec[vf.BOUND]) + 1):
        row = next(r for r in rows if r["id"] == f"florenz.medici_bound.round{number}")
        assert row["status"] == PROVEN
        by = {tuple(item["players"]): item for item in row["by_players"]}
        assert set(by) == {(n,) for n in range(low, high + 1)}
        # spec's value covers the game of two or more families; the solo game has none
        assert all(by[(n,)]["recorded"] == spec[vf.BOUND][number - 1]
                   for n in range(low + 1, high + 1))
        assert "recorded" not in by[(low,)] and by[(low,)]["bound"] >= row["bound"]
        assert str(spec[vf.BOUND][number - 1]) in row["statement"]
        assert row["statement"].count(",") <= 2          # its own bound, not all nine
    only = json.loads(_json(capsys, "verify", "florenz", "--players", str(high)))
    assert {tuple(r["players"]) for r in only} == {(high,), tuple(range(low, high + 1))}


def test_the_board_shows_in_simulate_and_stats(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    raised = _raised_head_points()
    board = _board(tmp_path, {HEAD: raised})
    spec_value = games.get("florenz").game.spec[HEAD]
    shown = f"  {HEAD}: {json.dumps(raised)} (spec: {json.dumps(spec_value)})"
    for command in (["simulate", "florenz", "-n", "2", "--no-progress", "--jobs", "1"],
                    ["stats", "florenz", "-n", "2", "--cache", str(tmp_path / "cache")]):
        code, out = run(capsys, *command, "--board", str(board))
        assert code == 0 and shown in out.splitlines()
        code, out = run(capsys, *command, "--board", str(board), "--json")
        data = json.loads(out)
        assert data["board"]["replaced"] == [{"path": HEAD, "spec": spec_value,
                                              "board": raised}]
        code, out = run(capsys, *command, "--json")
        assert "board" not in json.loads(out)


@pytest.mark.parametrize("mutant", [m.id for m in games.get("medici_vs_strozzi")
                                    .verification.mutants])
def test_every_medici_counterexample_reads_in_named_values(
        capsys: pytest.CaptureFixture[str], mutant: str) -> None:
    """Medici vs Strozzi's counterexamples name seats, rounds, harbours and goods in words
    (issue 31): no z3 name such as ``r0_n_0_1_2_3``, ``free_0`` or ``capacity =``."""
    for lang, seat_word in (("en", "round"), ("de", "Runde")):
        code = main(["verify", "medici_vs_strozzi", "--mutant", mutant, "--jobs", "1",
                     "--lang", lang])
        out = capsys.readouterr().out
        lines = [line for line in out.splitlines() if "counterexample" in line
                 or "Gegenbeispiel" in line]
        assert code == 1 and lines, out
        for line in lines:
            assert " = " not in line and not re.search(r"\br\d+_|_\d+\b", line), line
        if "payout" in mutant:
            assert any(seat_word in line for line in lines)
