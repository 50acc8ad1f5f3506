"""The scenario runner (regelwerk.scenarios): it finds what disagrees, and refuses bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk import games, scenarios

GAME = games.get("medici_vs_strozzi").game

DRAW = """
[[scenario]]
id = "first-draw"
clauses = ["medici_vs_strozzi:turn.draw"]
title = "The first draw puts one tile on the table"
seed = 1
when = [{ type = "draw" }]
[scenario.then]
"drawn" = { len = 1 }
"loans" = { contains = 0, excludes = 1 }
"round" = 1
"@over" = false
[scenario.change]
"bag.-1" = 0
"""


def _write(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / scenarios.FOLDER / "medici_vs_strozzi"
    folder.mkdir(parents=True)
    path = folder / "draw.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _one(tmp_path: Path, text: str) -> scenarios.Scenario:
    _write(tmp_path, text)
    (found,) = scenarios.load(tmp_path, "medici_vs_strozzi")
    return found


def test_a_scenario_that_holds_reports_nothing(tmp_path: Path) -> None:
    scenario = _one(tmp_path, DRAW.replace('"bag.-1" = 0\n', ""))
    assert scenario.name == "medici_vs_strozzi/first-draw"
    assert scenarios.run(scenario) == []


def test_every_wrong_expectation_is_reported_with_its_clause(tmp_path: Path) -> None:
    wrong = DRAW.replace('"round" = 1', '"round" = 2').replace("len = 1", "len = 2")
    failures = scenarios.run(_one(tmp_path, wrong.replace("excludes = 1", "excludes = 0")))
    assert len(failures) == 4      # round, drawn, loans, and the change of the bag's last tile
    assert all("(medici_vs_strozzi:turn.draw)" in line for line in failures)
    assert any("round: expected 2, found 1" in line for line in failures)


def test_change_compares_after_with_before(tmp_path: Path) -> None:
    state = GAME.new_game(seed=1)
    after = scenarios.step(GAME, state, {"type": "draw"})
    text = DRAW.replace('"bag.-1" = 0', f'"round" = 0\n"cash.0" = {after.cash[0] - state.cash[0]}')
    assert scenarios.run(_one(tmp_path, text.replace('"round" = 1\n', ""))) == []


def test_refused_names_the_clause(tmp_path: Path) -> None:
    text = DRAW.split("[scenario.then]")[0] + (
        '[[scenario.refused]]\naction = { type = "buy" }\nclause = "nowhere:at.all"\n')
    (line,) = scenarios.run(_one(tmp_path, text))
    assert "refused under medici_vs_strozzi:turn.draw, expected under nowhere:at.all" in line
    right = text.replace("nowhere:at.all", "medici_vs_strozzi:turn.draw")
    assert scenarios.run(scenarios.load_file(_write_again(tmp_path, right), GAME.id)[0]) == []
    legal = text.replace('type = "buy"', 'type = "draw"')
    (line,) = scenarios.run(scenarios.load_file(_write_again(tmp_path, legal), GAME.id)[0])
    assert "but legal" in line


def _write_again(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "again.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_steps_first_and_until_play_legal_actions_only() -> None:
    state = GAME.new_game(seed=3)
    later = scenarios.steps(GAME, state, [{"first": 3}])
    assert later != state
    target = "buy"          # a kind the default game offers later, not at its start
    assert target in {kind.name for kind in GAME.kinds} and not any(
        GAME.action_to_json(a)["type"] == target for a in GAME.legal_actions(state))
    reached = scenarios.step(GAME, state, {"until": target})
    assert any(GAME.action_to_json(a)["type"] == target for a in GAME.legal_actions(reached))
    with pytest.raises(scenarios.ScenarioError, match="no action kind 'fly'"):
        scenarios.step(GAME, state, {"until": "fly"})


def test_value_reads_paths_and_says_which_part_is_missing() -> None:
    state = GAME.new_game(seed=1)
    assert scenarios.value(state, "cash.1") == state.cash[1]
    assert scenarios.value(state, "@to_move", GAME) == GAME.to_move(state)
    with pytest.raises(scenarios.ScenarioError, match="no field 'purse'"):
        scenarios.value(state, "purse.0")
    with pytest.raises(scenarios.ScenarioError, match="no item 7"):
        scenarios.value(state, "cash.7")


@pytest.mark.parametrize("text, key", [
    (DRAW.replace('when = [{ type = "draw" }]\n', ""), "when"),
    (DRAW.replace("seed = 1", 'seed = "one"'), "seed"),
    (DRAW.replace("title =", "titel ="), "titel"),
    (DRAW + "\n[[scenario.refused]]\naction = { type = \"draw\" }\n", "clause"),
])
def test_a_malformed_file_is_one_line_naming_file_and_key(
        tmp_path: Path, text: str, key: str) -> None:
    _write(tmp_path, text)
    with pytest.raises(scenarios.ScenarioError) as caught:
        scenarios.load(tmp_path, "medici_vs_strozzi")
    message = str(caught.value)
    assert "\n" not in message and "draw.toml" in message and key in message


def test_duplicate_ids_and_bad_toml_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, DRAW + DRAW)
    with pytest.raises(scenarios.ScenarioError, match="first-draw is also in"):
        scenarios.load(tmp_path, "medici_vs_strozzi")
    path.write_text("[[scenario]\n", encoding="utf-8")
    with pytest.raises(scenarios.ScenarioError, match="not valid TOML"):
        scenarios.load(tmp_path, "medici_vs_strozzi")


def test_public_names_read_the_position_in_either_language(tmp_path: Path) -> None:
    """A key names a seat's holding by the seat's and the holding's words, English or German,
    and a report points at the key's line."""
    state = scenarios.steps(GAME, GAME.new_game(seed=1), [{"type": "draw"}])
    assert scenarios.value(state, "Medici money", GAME) == state.cash[0]
    assert scenarios.value(state, "strozzi  Geld", GAME) == state.cash[1]
    assert scenarios.value(state, "am Zug", GAME) == scenarios.value(state, "to move", GAME)
    text = DRAW.split("[scenario.then]")[0] + (
        '[scenario.then]\n"Strozzi money" = 1\n"Medici Kredite" = 0\n')
    (line,) = scenarios.run(_one(tmp_path, text), "de")
    money = state.cash[1]
    assert line.startswith(f"{scenarios.FOLDER / 'medici_vs_strozzi' / 'draw.toml'}:9: first-draw")
    assert f"Strozzi money: erwartet 1, vorgefunden {money}" in line
    unknown = text.replace('"Medici Kredite"', '"Medici purse"')
    (line,) = scenarios.run(_one_again(tmp_path, unknown))
    assert ":10: first-draw" in line and "'Medici purse' is no public name" in line


def _one_again(tmp_path: Path, text: str) -> scenarios.Scenario:
    (found,) = scenarios.load_file(_write_again(tmp_path, text), GAME.id)
    return found
