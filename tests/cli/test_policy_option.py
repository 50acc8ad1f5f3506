"""``--policy`` on ``simulate``, ``compare`` and ``stats`` and ``replay --seat`` (issue 33):
the policy is part of every report, a bad one is one line and exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from regelwerk import games, status_codes
from regelwerk.cli import main
from regelwerk.stats import stats

MVS = "medici_vs_strozzi"
CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def test_simulate_names_its_policy_in_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", MVS, "-n", "3", "--jobs", "1", "--policy", "greedy", "--json",
                 "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policy"] == "greedy" and data["games"] == 3 and data["violations"] == []
    assert main(["simulate", MVS, "-n", "2", "--jobs", "1", "--policy", "greedy,random",
                 "--no-progress", "--lang", "en"]) == 0
    assert "seats played by: greedy,random" in capsys.readouterr().out


@pytest.mark.parametrize("command", [
    ["simulate", MVS, "-n", "1", "--no-progress"],
    ["compare", MVS, "--option", "last_tile=void_draw", "--option",
     "last_tile=finish_turn", "-n", "1"],
    ["stats", MVS, "-n", "1"]])
@pytest.mark.parametrize("policy", ["bogus", "mcts:0", "greedy,random,random"])
def test_a_bad_policy_is_one_line_and_exit_2(command: list[str], policy: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--policy", policy, "--lang", "en"]) == status_codes.USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "regelwerk: error:" in lines[0]
    assert "policy" in lines[0] or "policies" in lines[0] or "mcts" in lines[0]


def test_compare_plays_both_readings_under_the_policy(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["compare", MVS, "--option", "last_tile=void_draw", "--option",
                 "last_tile=finish_turn", "-n", "3", "--jobs", "1", "--policy", "greedy",
                 "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policy"] == "greedy" and data["games"] == 3
    assert data["command"].endswith("--policy greedy")
    random_run = main(["compare", MVS, "--option", "last_tile=void_draw", "--option",
                       "last_tile=finish_turn", "-n", "3", "--jobs", "1", "--json"])
    assert random_run == 0
    random_data = json.loads(capsys.readouterr().out)
    assert random_data["policy"] == "random" and "--policy" not in random_data["command"]
    assert random_data["outcomes"] != data["outcomes"]


def test_stats_caches_each_policy_apart(tmp_path: Path) -> None:
    played = stats(MVS, n=3, cache=tmp_path, policies="greedy")
    assert played.policy == "greedy" and not played.cached
    again = stats(MVS, n=3, cache=tmp_path, policies="greedy")
    assert again.cached and again.to_json() == played.to_json()
    randomly = stats(MVS, n=3, cache=tmp_path)
    assert randomly.policy == "random" and not randomly.cached
    assert randomly.to_json()["wins"] != played.to_json()["wins"] or \
        randomly.lengths != played.lengths
    assert len(list(tmp_path.iterdir())) == 2


def test_stats_text_names_the_policy(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", MVS, "-n", "2", "--jobs", "1", "--policy", "greedy", "--cache",
                 str(tmp_path), "--no-progress", "--lang", "en"]) == 0
    assert "seats played by greedy" in capsys.readouterr().out.splitlines()[0]


def _record(game_id: str) -> Path:
    return sorted((CORPUS / game_id).glob("seeded-*.json"))[0]


def test_replay_from_one_seat_shows_its_view(capsys: pytest.CaptureFixture[str]) -> None:
    """Il Vecchio hides each seat's council tiles: from seat 0 the position is its view,
    and another seat's actions are not told."""
    record = _record("il_vecchio")
    game = games.get("il_vecchio").game
    assert main(["replay", str(record), "--seat", "0", "--until", "30", "--lang", "en"]) == 0
    shown = capsys.readouterr().out
    data = json.loads(record.read_text(encoding="utf-8"))["record"]
    state = game.new_game(seed=data["seed"], options=data["options"])
    for raw in data["actions"][:30]:
        state = game.apply(state, game.action_from_json(raw))
    assert shown.splitlines()[1:] == ["  " + line for line in
                                      game.view_text(state, 0, "en").splitlines()]
    assert main(["replay", str(record), "--seat", "0", "--lang", "en"]) == 0
    course = _numbered(capsys.readouterr().out)
    assert main(["replay", str(record), "--lang", "en"]) == 0
    whole = _numbered(capsys.readouterr().out)
    assert len(course) == len(whole) == len(data["actions"])
    hidden = [mine for mine, told in zip(course, whole, strict=True) if mine != told]
    assert hidden and all(line.endswith(" acts") for line in hidden)


def _numbered(out: str) -> list[str]:
    """The course's lines of the actions ("  12. Blue: ..."), not chance's or the summary."""
    return [line for line in out.splitlines() if re.match(r"\s*\d+\. ", line)]


def test_replay_of_a_game_that_hides_nothing_tells_every_action(
        capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(MVS)
    assert main(["replay", str(record), "--seat", "1", "--lang", "en"]) == 0
    from_seat = capsys.readouterr().out
    assert main(["replay", str(record), "--lang", "en"]) == 0
    assert from_seat == capsys.readouterr().out


@pytest.mark.parametrize("seat", ["2", "-1", "9"])
def test_replay_refuses_a_seat_the_game_has_not(seat: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    record = _record(MVS)
    assert main(["replay", str(record), "--seat", seat, "--lang", "en"]) == status_codes.USAGE
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--seat" in err[0] and "0 to 1" in err[0]
