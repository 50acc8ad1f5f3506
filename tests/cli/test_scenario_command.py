"""``regelwerk scenario FILE...`` (issue 30, point 1): every scenario file of the suite
runs through the command, a wrong expectation fails in words, a bad file is one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from regelwerk import games, public_names, scenarios
from regelwerk.cli import main

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / scenarios.FOLDER).glob("*/*.toml"))

CASE = """game = "medici_vs_strozzi"

[[scenario]]
id = "loan"
clauses = ["medici_vs_strozzi:money.loans"]
title = "Medici must pay 450 with 300 in hand"
given = [ { type = "draw" }, { type = "tile", tile = 0 }, { type = "stop" } ]
when = [ { type = "price", amount = 450 }, { type = "decline" } ]
[scenario.then]
"Medici money" = 0
"Medici loans" = 150
"Strozzi Geld" = 300
"am Zug" = "Medici"
"""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ruling.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_scenario_file_of_the_suite_passes_through_the_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scenario", *map(str, FILES), "--lang", "en"])
    out = capsys.readouterr().out
    count = len(scenarios.load(ROOT))
    assert code == 0, out
    assert f"{count} scenarios: {count} passed, 0 failed" in out
    assert out.count(": passed\n") == count


def test_a_ruling_written_with_public_names_passes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scenario", str(_file(tmp_path, CASE)), "--lang", "en"])
    out = capsys.readouterr().out
    assert code == 0 and f"{tmp_path / 'ruling.toml'}:3: loan: passed" in out


@pytest.mark.parametrize("lang, said", [
    ("en", "Medici loans: expected 100, found 150"),
    ("de", "Medici loans: erwartet 100, vorgefunden 150"),
])
def test_a_wrong_expectation_fails_with_the_difference_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str) -> None:
    path = _file(tmp_path, CASE.replace('"Medici loans" = 150', '"Medici loans" = 100'))
    code = main(["scenario", str(path), "--lang", lang])
    out = capsys.readouterr().out
    assert code == 1
    assert f"{path}:11: loan (medici_vs_strozzi:money.loans): {said}" in out
    assert ("0 passed, 1 failed" if lang == "en" else "0 bestanden, 1 gescheitert") in out


def test_a_wrong_clause_of_a_refusal_names_both_clauses_and_the_action_in_words(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CASE + ('[[scenario.refused]]\naction = { type = "draw" }\n'
                   'clause = "medici_vs_strozzi:turn.draw"\n')
    code = main(["scenario", str(_file(tmp_path, text)), "--lang", "en"])
    out = capsys.readouterr().out
    game = games.get("medici_vs_strozzi").game
    assert code == 1
    refusing = [kind.clause for kind in game.kinds if kind.name == "draw"]
    assert "refused under" in out and "expected under medici_vs_strozzi:turn.draw" in out
    assert refusing and '{"type": "draw"}' in out


@pytest.mark.parametrize("text, where", [
    (CASE.replace("[scenario.then]", "[scenario.then"), ":9: not valid TOML"),
    (CASE.replace('"Medici loans"', '"Medici purse"'), ":11: loan: 'Medici purse' is no public"),
    (CASE.replace('game = "medici_vs_strozzi"', 'game = "chess"'), "no game"),
    (CASE.replace("title =", "titel ="), "titel"),
])
def test_a_bad_file_is_one_line_naming_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, where: str) -> None:
    path = _file(tmp_path, text)
    code = main(["scenario", str(path), "--lang", "en"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    (line,) = captured.err.splitlines()
    assert str(path) in line and where in line


def test_every_scenario_file_of_the_suite_names_only_public_names() -> None:
    internal = []
    for scenario in scenarios.load(ROOT):
        game = games.get(scenario.game).game
        state = game.new_game(seed=scenario.seed, options=scenario.game_options())
        for key in (*scenario.then, *scenario.change):
            try:
                public_names.resolve(game, state, key)
            except public_names.UnknownName:
                internal.append(f"{scenario.where(key)}: {key}")
    assert internal == []


def _played(game_id: str, players: int, steps: list[dict[str, object]],
            options: dict[str, object] | None = None) -> tuple[Any, Any]:
    game = games.get(game_id).game
    state = game.new_game(seed=None, options={"players": players, **(options or {})})
    return game, scenarios.steps(game, state, steps)


def _read(game: Any, state: Any, key: str) -> Any:
    return public_names.resolve(game, state, key).read(game, state)


def test_now_says_what_the_position_text_says_happens_next() -> None:
    from regelwerk.engine.lorenzo.position import WHAT
    from regelwerk.engine.medici_vs_strozzi.position import DOING
    from regelwerk.engine.medici_vs_strozzi.state import Phase

    game, state = _played("medici_vs_strozzi", 2, [{"type": "draw"}])
    assert _read(game, state, "now") == DOING[Phase.TILE]("en", player="")
    state = scenarios.steps(game, state, [{"type": "tile", "tile": 0}, {"type": "stop"}])
    assert _read(game, state, "now") == DOING[Phase.PRICE]("en", player="Medici")
    game, state = _played("lorenzo", 2, [], {"game_mode": "basic"})
    assert _read(game, state, "now") == WHAT[state.step]("en") != WHAT[type(state.step).PLACE]("en")


def test_florenz_names_of_the_set_up_read_the_board_the_piles_and_the_rounds() -> None:
    from regelwerk.engine.florenz.position import NO_BOARD, PHASES
    from regelwerk.engine.florenz.rules import BOASTS, MEDICI
    from regelwerk.engine.florenz.words import BOARDS

    game, state = _played("florenz", 2, [])
    assert _read(game, state, "location 1 boast board") == NO_BOARD("en")
    assert _read(game, state, "phase") == PHASES[state.phase]("en")
    game, state = _played("florenz", 2, [{"first": 18}, {"type": "time", "time": 5},
                                         {"type": "time", "time": 7}])
    for location in range(state.rules.locations):
        assert _read(game, state, f"location {location + 1} boast board") == \
            BOARDS[BOASTS[state.boards[location]]]("en")
    for medici, name in enumerate(MEDICI):
        assert _read(game, state, f"scandal cards in the pile of {name}") == \
            len(state.decks[medici])
        assert state.decks[medici]
        assert _read(game, state, f"scandal cards on the discard pile of {name}") == 0
    assert [_read(game, state, f"round {n} time tile") for n in (2, 3)] == [5, 7]
    assert _read(game, state, "round 4 time tile") == "none"
    assert _read(game, state, "Blue plan card") == state.plans[0] + 1
    assert _read(game, state, "Strozzi's discard pile") == "none"     # no Strozzi here
    with pytest.raises(public_names.UnknownName):
        public_names.resolve(game, state, "path 1-9 escorts").read(game, state)


def test_florenz_solo_names_read_strozzis_colours_escorts_and_cards() -> None:
    game, state = _played("florenz", 1, [{"first": 16}, {"type": "time", "time": 7},
                                         {"type": "time", "time": 5}])
    strozzi = state.rules.families - 1
    escorted = [index for index, families in enumerate(state.escorts) if strozzi in families]
    assert escorted
    a, b = state.rules.edges[escorted[0]]
    assert _read(game, state, f"path {a + 1}-{b + 1} escorts") == ["Strozzi"]
    assert _read(game, state, f"path {b + 1} - {a + 1} escorts") == ["Strozzi"]
    colours = state.rules.spec.meta["solo_colours"]
    seen = [_read(game, state, f"location {n + 1} Strozzi colours")
            for n in range(state.rules.locations)]
    assert sorted(c for found in seen for c in found) == sorted(colours)
    assert _read(game, state, "Strozzi's discard pile") == []
    assert _read(game, state, "Strozzi's card set aside") == "none"
    assert _read(game, state, "Strozzi's cards still to come from the old deck") == 0
    assert _read(game, state, "Strozzi's discards to go beneath them") == []


def test_il_vecchio_additional_cost_tile_names_its_track() -> None:
    from regelwerk.engine.core.spec import glossary_word
    from regelwerk.engine.il_vecchio.board import TRACKS

    game, state = _played("il_vecchio", 2, [{"until": "recover"}])
    assert _read(game, state, "Additional cost tile") == \
        glossary_word("il_vecchio", TRACKS[state.extra_cost_on], "en")
