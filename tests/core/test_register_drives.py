"""The register drives the engine (issue 29): every reading's decision is read from spec.

* Flipping an entry's ``decision`` in a copy of the spec makes the default game play
  the new reading: the same seeded random games as asking for that reading by
  ``--option``.
* Every reading of a variant changes the course of some seeded random game (a value
  the engine accepted but did not play would not), unless the entry says why its
  readings play alike and names the test that shows it.
* Every register entry with two or more readings is playable as a variant or carries
  that tested reason.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from functools import cache
from pathlib import Path
from random import Random
from types import MappingProxyType
from typing import Any

import pytest
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.spec import Spec

from regelwerk import games

ROOT = Path(__file__).resolve().parents[2]
#: how many seeded random games a reading may take to show that it plays differently
SEARCH = 60
#: readings that random play shows only rarely: a game (seed, options) where it does,
#: found by a longer search (``differs_within`` with a larger ``SEARCH``) and checked here
WITNESSES: dict[tuple[str, str, str], tuple[int, dict[str, Any]]] = {
    ("il_vecchio", "neighbour_pairs", "disjoint"): (138, {"players": 4}),
    ("il_vecchio", "crests_two_three", "four"): (0, {"players": 3}),
    ("il_vecchio", "crests_four_plus", "exactly_four"):
        (24, {"players": 4, "travel_florence": "avoid_florence"}),
    ("il_vecchio", "winner_tiebreak", "followers_then_scrolls"): (1000, {"players": 4}),
    ("lorenzo", "leader_action_malus", "malus_exempt"):
        (109, {"players": 4, "empty_floor": "bonus_only"}),
    ("lorenzo", "market_closed", "spaces_1_2"): (0, {"players": 3}),
    ("lorenzo", "military_ranking", "five_two_positive_only"):
        (49, {"players": 2, "game_mode": "basic"}),
    ("lorenzo", "sisto_bonus", "any_faith_scoring"): (165, {"players": 4}),
    ("lorenzo", "member_value", "set_overrides"): (42, {"players": 2}),
    ("lorenzo", "ariosto_scope", "towers_too"):
        (193, {"players": 2, "empty_floor": "bonus_only"}),
    ("lorenzo", "medici_copy", "choose_each_round"): (615, {"players": 4}),
    ("lorenzo", "medici_needs_copy", "refused"): (478, {"players": 2}),
    ("lorenzo", "card_privilege", "doubled"): (12, {"players": 3}),
}


def flipped(spec: Spec, entry_id: str, value: str) -> Spec:
    """A copy of ``spec`` whose entry ``entry_id`` decides ``value``."""
    entries = dict(spec.interpretations)
    entries[entry_id] = replace(entries[entry_id], decision=value)
    return replace(spec, interpretations=MappingProxyType(entries))


def course(game: Game[Any, Any], seed: int, options: dict[str, Any]) -> tuple[Any, ...]:
    """The actions of one seeded random game and its result."""
    state = game.new_game(seed=seed, options=options)
    actions, last = [], state
    for action, last in game.random_steps(state, Random(f"{seed}/policy")):  # noqa: B007
        actions.append(repr(game.action_to_json(action)))
    return (tuple(actions), repr(game.result(last)))


def players_for(game: Game[Any, Any], variant: str) -> int:
    """A player count at which the variant can matter (the solo game for ``solo_*``)."""
    return game.players[0] if variant.startswith("solo_") else game.default_players


def readings() -> list[tuple[str, str, str]]:
    found = []
    for game_id, info in sorted(games.games().items()):
        for variant in info.game.variants:
            found += [(game_id, variant.name, value) for value in variant.choices[1:]]
    return found


@pytest.mark.parametrize(("game_id", "variant", "value"), readings())
def test_flipping_the_decision_in_spec_changes_the_default_game(
        game_id: str, variant: str, value: str) -> None:
    game = games.get(game_id).game
    entry = next(v for v in game.variants if v.name == variant).interpretation
    changed = game.with_spec(flipped(game.spec, entry, value))
    assert {v.name: v.default for v in changed.variants}[variant] == value
    players = {"players": players_for(game, variant)}
    for seed in (1, 2):
        assert course(changed, seed, players) == course(game, seed, {**players, variant: value})


def test_a_decision_flipped_in_a_spec_file_reaches_the_game(tmp_path: Path) -> None:
    """The same through the files: a copy of spec/medici_vs_strozzi with another decision."""
    folder = tmp_path / "medici_vs_strozzi"
    source = ROOT / "spec" / "medici_vs_strozzi"
    for path in source.glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        if path.name == "interpretations.toml":
            text = text.replace('decision = "buy_and_discard"', 'decision = "may_not_buy"')
        (folder / path.name).parent.mkdir(exist_ok=True)
        (folder / path.name).write_text(text, encoding="utf-8")
    spec = spec_module.load_folder(folder)
    game = games.get("medici_vs_strozzi").game
    changed = game.with_spec(spec)
    assert changed.default_rules.variants["buy_without_room"] == "may_not_buy"
    assert game.default_rules.variants["buy_without_room"] == "buy_and_discard"


def contexts(game: Game[Any, Any], variant: str) -> list[dict[str, Any]]:
    """The games a reading is tried in: the defaults, then each other variant's other
    readings (a reading of the easier solo game matters only there)."""
    players = {"players": players_for(game, variant)}
    return [players, *({**players, other.name: value} for other in game.variants
                       if other.name != variant for value in other.choices[1:])]


@cache
def differs_within(game_id: str, variant: str, value: str) -> tuple[int, dict[str, Any]] | None:
    """The first seed (and the other readings in force) whose random game the reading
    changes, or ``None``."""
    game = games.get(game_id).game
    for context in contexts(game, variant):
        for seed in range(SEARCH):
            if course(game, seed, context) != course(game, seed, {**context, variant: value}):
                return seed, context
    return None


@pytest.mark.parametrize(("game_id", "variant", "value"), readings())
def test_every_reading_of_a_variant_is_played(game_id: str, variant: str, value: str) -> None:
    """A value the engine accepts but ignores would play the default's games."""
    witness = WITNESSES.get((game_id, variant, value))
    if witness is not None:
        game, (seed, context) = games.get(game_id).game, witness
        assert course(game, seed, context) != course(game, seed, {**context, variant: value})
        return
    assert differs_within(game_id, variant, value) is not None, (
        f"{variant}={value} played the same {SEARCH} random games as the decision")


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_every_open_entry_is_playable_or_plays_alike_with_its_test(game_id: str) -> None:
    spec = games.get(game_id).game.spec
    unplayable = [e.id for e in spec.interpretations.values()
                  if e.open and not e.variant and not e.plays_alike]
    assert unplayable == [], f"{len(unplayable)} entries can be played one way only"
    for entry in spec.interpretations.values():
        if entry.plays_alike:
            assert not entry.variant, f"{entry.id}: a variant and plays_alike"
            file, _, name = entry.plays_alike_test.partition("::")
            assert name in _test_names(ROOT / file), f"{entry.id}: no test {entry.plays_alike_test}"


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_no_decision_departs_from_the_text_without_support(game_id: str) -> None:
    spec = games.get(game_id).game.spec
    departing = [e.id for e in spec.interpretations.values()
                 if e.text_says and e.text_says != e.decision
                 and not (e.departure or e.plays_alike)]
    assert departing == []
