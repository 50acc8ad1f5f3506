"""Playing at the terminal (regelwerk.play): scripted answers, refusals with the clause,
a record written after every action, and an interrupted game resumed."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from regelwerk.engine.core.records import GameRecord

from regelwerk import games
from regelwerk.play import Table, play, result_lines, start


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_a_scripted_game_is_recorded_and_replays(game_id: str, tmp_path: Path) -> None:
    """Seat 0 answers the first listed action every time (for an open choice, the first
    of its values 0..3 that the rules allow; the other answers are refused and asked
    again); the other seats are random. The record replays to the same result."""
    game = games.get(game_id).game
    path = tmp_path / "game.json"
    said: list[str] = []
    random_seats = frozenset(range(1, game.default_players))

    lines = itertools.cycle(["1", "1 0", "1 1", "1 2", "1 3"])
    record = play(game, start(game, 5, {}), Table(random_seats, 5), path, lines,
                  said.append, "en")
    assert record.result is not None
    assert said[-len(result_lines(game, record.result, "en")):] == result_lines(
        game, record.result, "en")                 # the result in words ends the game
    written = GameRecord.read(path)
    assert written == record
    state = game.new_game(seed=written.seed, options=dict(written.options))
    for raw in written.actions:
        state = game.apply(state, game.action_from_json(raw))
    assert game.result(state) == written.result


def test_refusals_name_the_reason_and_the_game_resumes(tmp_path: Path) -> None:
    game = games.get("medici_vs_strozzi").game
    path = tmp_path / "game.json"
    said: list[str] = []
    first = play(game, start(game, 3, {}), Table(frozenset({1}), 3), path,
                 iter(["7", "fly", '{"type": "stop"}', "1", "1"]), said.append, "de")
    assert len(first.actions) == 2 and first.result is None
    assert any("1 bis 1" in line for line in said)              # only one action listed
    assert any(line.startswith("abgelehnt (medici_vs_strozzi:") for line in said)
    assert "--resume" in said[-1]
    resumed = play(game, GameRecord.read(path), Table(frozenset({1}), 3), path,
                   iter(["1"]), said.append, "en")
    assert resumed.actions[:2] == first.actions and len(resumed.actions) == 3


def test_play_and_replay_from_the_command_line(tmp_path: Path) -> None:
    """A script plays two actions, stops; --resume plays on; replay shows the course
    action by action and the position at a step."""
    import subprocess
    import sys

    path = tmp_path / "game.json"

    def regelwerk(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "regelwerk", *args], input=answers,
                              capture_output=True, text=True, check=False)

    first = regelwerk("play", "medici_vs_strozzi", "--record", str(path), "--random", "1",
                      "--seed", "4", "--lang", "en", answers="1\n1\n")
    assert first.returncode == 0 and "--resume" in first.stdout
    assert len(GameRecord.read(path).actions) == 2
    again = regelwerk("play", "--resume", str(path), "--random", "1", answers="1\n")
    assert again.returncode == 0 and len(GameRecord.read(path).actions) == 3
    course = regelwerk("replay", str(path), "--lang", "en").stdout.splitlines()
    numbered = [line for line in course if line[:4].strip().isdigit()]
    assert [line.split(":")[0].strip() for line in numbered[:3]] == ["1. Medici", "2. Medici",
                                                                     "3. Medici"]
    at = regelwerk("replay", str(path), "--until", "1", "--lang", "en").stdout
    assert at.startswith("after action 1:\n  Round 1 of ") and "<" not in at
    refused = regelwerk("play", "medici_vs_strozzi", "--resume", str(path), "--lang", "en")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
