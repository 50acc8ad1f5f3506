"""Every board number of Medici vs Strozzi has a domain (issue 31): inside it a game is set
up and plays to its end, beyond it the value is refused before play in one line naming the
user's file, the number, the value and the domain."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.medici_vs_strozzi.game import GAME

from tests import board_domains as bd
from tests.board_domains import board_numbers, edges

SPEC = GAME.spec
WHERE = "medici_vs_strozzi options.board"
#: the numbers no board may replace, and why
FIXED = {
    "players.count": "the game is for two, declared once (not a fact of a board)",
    "components.tiles": "nothing in play reads it: the tiles are goods x values + gold",
    "tiles.goods": "the goods' names",
    "simulation.price_sample_max": "a policy of random play, not a rule",
    "bounds.round_payout_max": "a bound proved by verify",
    "bounds.round_payout_min": "a bound proved by verify",
    "bounds.game_payout_max": "a bound proved by verify",
    "bounds.game_payout_min": "a bound proved by verify",
}
#: the numbers the payout bounds (bounds.*, invariants mvs.payout.*) rest on beyond those
#: with a ``range``: verify proves the bounds for spec's values, so a board that changes one
#: leaves them unproven, and their runtime twins are not asked of it here (reported to the
#: lead: the twins should skip such a board, as simulate's invariant check cannot know it)
PAYOUT_NUMBERS = {"rounds.count", "rounds.first_player", "scoring.harbour_payout",
                  "scoring.marker_payout", "scoring.bonus_small", "scoring.bonus_large",
                  "components.markers", "board.harbour_count", "board.tracks_per_harbour",
                  "board.harbour_tracks", "ships.capacities"}


def play_to_end(board: dict[str, Any], seed: int = 3) -> int:
    """A seeded random game on ``board`` to its end: its steps (``bd.plays_to_end``), the
    payout bounds not asked where the board changes what they rest on."""
    unproven = ("mvs.payout.",) if PAYOUT_NUMBERS & set(board) else ()
    return bd.plays_to_end(GAME, board, seed, unproven=unproven)


def refusal(board: dict[str, Any]) -> str:
    return bd.refusal(GAME, board)


def test_every_number_has_a_domain_or_is_fixed() -> None:
    assert bd.without_domain(SPEC) == []
    assert {p for p, n in SPEC.numbers.items() if n.domain and n.domain.fixed} == set(FIXED)
    for path, number in board_numbers(SPEC).items():   # the proofs' range inside the domain
        if number.range is not None and number.domain is not None:
            assert number.domain.low is not None and number.domain.high is not None
            assert number.domain.low <= number.range[0] <= number.range[1] \
                <= number.domain.high, path


@pytest.mark.parametrize("path", sorted(FIXED))
def test_a_number_nothing_plays_by_is_no_board_number(path: str) -> None:
    text = refusal({path: SPEC[path]})
    assert text == f"{WHERE}: {path} is not a board number: nothing a board prints " \
                   "changes it in play"


def test_the_issues_crashes_are_one_line_refusals() -> None:
    rounds = SPEC["rounds.count"] + 1                     # an IndexError at the round end
    assert refusal({"rounds.count": rounds}) == (
        f"{WHERE}: rounds.first_player has {len(SPEC['rounds.first_player'])} entries, but "
        f"rounds.count = {rounds} needs {rounds}")
    low, high = SPEC.number("turn.max_draw").domain.low, SPEC.number("turn.max_draw").domain.high
    assert low is not None and low >= 1                  # a draw of 0: no legal action left
    assert refusal({"turn.max_draw": 0}) == \
        f"{WHERE}: turn.max_draw must be from {low} to {high}, not 0"
    most = SPEC["turn.max_draw"]
    assert refusal({"turn.min_draw": most + 1}) == (
        f"{WHERE}: turn.min_draw = {most + 1} must be at most turn.max_draw = {most}")
    fewest, top = SPEC["harbours.tracks_min"], SPEC["harbours.tracks_max"]
    assert refusal({"harbours.tracks_min": top + 1}) == (
        f"{WHERE}: harbours.tracks_min = {top + 1} must be at most harbours.tracks_max = {top}")
    assert fewest <= top
    assert refusal({"board.bonus_large_distance": SPEC["board.bonus_small_distance"]}) == (
        f"{WHERE}: board.bonus_small_distance and board.bonus_large_distance are both "
        f"{SPEC['board.bonus_small_distance']}: the two bonus spaces cannot be the same space")


def test_a_value_beyond_the_assumed_range_but_inside_the_domain_is_played() -> None:
    number = SPEC.number("board.track_half_length")
    assert number.range is not None and number.domain is not None
    longer = number.range[1] + 4                          # simulate --board refused 12
    assert number.domain.high is not None and longer <= number.domain.high
    rules = mvs.rules_for({"board": {"board.track_half_length": longer}})
    assert [n.path for n in rules.spec.unproven()] == ["board.track_half_length"]
    assert play_to_end({"board.track_half_length": longer}) > 0


def test_a_change_that_breaks_a_tied_length_names_the_users_file(tmp_path: Path) -> None:
    file = tmp_path / "my-board.toml"
    harbours = SPEC["board.harbour_count"] - 1
    text = bd.file_refusal(GAME, file, f"[board.harbour_count]\nvalue = {harbours}\n")
    assert f"board.harbour_count = {harbours} needs {harbours}" in text
    bd.file_refusal(GAME, file, "[harbours.tracks_min]\nvalue = 3\n")     # a relation


@pytest.mark.parametrize(("path", "value"), bd.beyond_cases(SPEC))
def test_one_beyond_each_edge_is_refused_naming_the_number(path: str, value: Any) -> None:
    bd.refused_naming(GAME, path, value)


def _rounds(count: int) -> dict[str, Any]:
    openers = SPEC["rounds.first_player"]
    return {"rounds.count": count,
            "rounds.first_player": [openers[i % len(openers)] for i in range(count)]}


#: boards at the edges of the domains, each (with what it needs to fit together) playable
EDGES: list[dict[str, Any]] = [
    _rounds(1), _rounds(20),
    {"turn.min_draw": 1, "turn.max_draw": 1}, {"turn.min_draw": 8, "turn.max_draw": 8},
    {"ships.capacities": [1, 1, 1]}, {"ships.capacities": [20, 20, 20]},
    {"tiles.values_per_good": [0]}, {"tiles.values_per_good": [20] * 12},
    {"board.track_half_length": 2, "board.bonus_small_distance": 1,
     "board.bonus_large_distance": 2},
    {"board.track_half_length": 50, "board.bonus_small_distance": 50,
     "board.bonus_large_distance": 1},
    {"board.harbour_count": 1, "board.tracks_per_harbour": [2], "components.markers": 2,
     "board.harbour_tracks": [["indigo", "silk"]], "ships.capacities": [4]},
]
#: a seeded sample of single numbers whose edges need nothing else to fit
SINGLE = ["economy.start_money", "economy.min_price", "tiles.gold_count", "tiles.gold_value",
          "scoring.harbour_payout", "scoring.steps_per_tile", "scoring.far_move_value",
          "scoring.far_move_steps", "scoring.marker_payout", "scoring.bonus_small",
          "scoring.bonus_large"]
EDGES += [{path: value} for path in Random(31).sample(SINGLE, 6)
          for value in edges(SPEC.number(path))]


@pytest.mark.parametrize("board", EDGES, ids=lambda b: ",".join(sorted(b)))
def test_the_edges_of_the_domains_play_to_the_end(board: dict[str, Any]) -> None:
    bd.assert_inside(SPEC, board)
    assert play_to_end(board) > 0
