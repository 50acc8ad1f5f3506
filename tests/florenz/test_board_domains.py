"""Every board number of Florenz has a domain (issue 31): inside it a game is set up and
plays to its end, beyond it the value is refused before play in one line naming the user's
file, the number, the value and the domain."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine.florenz.game import GAME

from tests import board_domains as bd
from tests.board_domains import edges, plays_to_end, resized

SPEC = GAME.spec
WHERE = "florenz options.board"
#: the numbers no board may replace, and why
FIXED = {
    "players.min": "the player counts are the game's declaration, not a fact of a board",
    "players.max": "the player counts are the game's declaration, not a fact of a board",
    "players.default": "the player counts are the game's declaration, not a fact of a board",
    "medici.count": "the three Medici are named (check_names)",
    "scandal.sets": "one named scandal set per Medici (check_names)",
    "scandal.kinds_per_set": "the scandal cards' kinds are named (check_names)",
    "board.locations": "nine named boast boards, one per location",
    "disc.visible_sectors": "one visible sector per Medici: the disc's targets",
    "solo.families": "the solo game's two named seats",
    "solo.colours": "Strozzi's two named colours",
    "solo.card_kind": "the Strozzi cards' kinds are names",
    "rounds.phases": "nothing in play reads it",
    "clock.min": "nothing in play reads it",
    "family.gifts_total": "nothing in play reads it",
    "costs.pass": "nothing in play reads it",
    "end.plan_max_points": "nothing in play reads it (plan.points is played)",
    "solo.pass_points_easier": "nothing in play reads it",
    "board.park_path": "nothing in play reads it (solo.park_guard_path is played)",
    "examples.route_segments": "the rulebook's examples, not a fact of a board",
    "examples.cosimo_round1": "the rulebook's examples, not a fact of a board",
    "examples.max_queue_mark": "the rulebook's examples, not a fact of a board",
    "bounds.medici_phase_max": "a bound proved by verify",
    "round.free_moves": "the tools' assumption for the maximum game length, not on any board",
}


def refusal(board: dict[str, Any]) -> str:
    return bd.refusal(GAME, board)


def test_every_number_has_a_domain_or_is_fixed() -> None:
    assert bd.without_domain(SPEC) == []
    assert {p for p, n in SPEC.numbers.items() if n.domain and n.domain.fixed} == set(FIXED)


@pytest.mark.parametrize("path", sorted(FIXED))
def test_a_number_nothing_plays_by_is_no_board_number(path: str) -> None:
    text = refusal({path: SPEC[path]})
    assert text == f"{WHERE}: {path} is not a board number: nothing a board prints " \
                   "changes it in play"


def _domain_line(path: str, value: Any, key: str | None = None) -> str:
    domain = SPEC.number(path).domain
    assert domain is not None
    return f"{WHERE}: {key or path} must be from {domain.low} to {domain.high}, not {value}"


def test_the_issues_crashes_and_wrong_acceptances_are_one_line_refusals() -> None:
    times = list(SPEC["disc.time_tiles"])
    assert refusal({"disc.time_tiles": times[:-1] + [10**9]}) == \
        _domain_line("disc.time_tiles", 10**9, f"disc.time_tiles[{len(times) - 1}]")
    assert refusal({"scandal.copies": 10**9}) == _domain_line("scandal.copies", 10**9)
    assert refusal({"costs.promote": -6}) == _domain_line("costs.promote", -6)
    points = [list(row) for row in SPEC["disc.queue_points"]]
    filled = next(i for i, row in enumerate(points) if i > 5 and row)
    points[filled][1] = {"a": 1}                         # type: ignore[call-overload]
    assert "disc.queue_points" in refusal({"disc.queue_points": points})
    empty = next(i for i, row in enumerate(points) if not row)
    points = [list(row) for row in SPEC["disc.queue_points"]]
    points[empty] = [float("nan")]                       # type: ignore[list-item]
    assert "disc.queue_points" in refusal({"disc.queue_points": points})
    top = SPEC["clock.max"]
    assert refusal({"clock.start": top + 1}) == \
        f"{WHERE}: clock.start = {top + 1} must be at most clock.max = {top}"
    rounds, size = SPEC["rounds.count"], SPEC["solo.rounds_per_group"] - 1
    needed = -(-rounds // size)
    assert refusal({"solo.rounds_per_group": size}) == (
        f"{WHERE}: solo.pass_points has {len(SPEC['solo.pass_points'])} entries, but "
        f"rounds.count = {rounds} in groups of solo.rounds_per_group = {size} needs {needed}")
    fewest = SPEC["solo.families"]
    marks = [fewest + 1] * len(SPEC["board.queue_marks"])
    if max(marks) <= SPEC["examples.max_queue_mark"]:
        assert refusal({"board.queue_marks": marks}) == (
            f"{WHERE}: board.queue_marks {marks}: with {fewest} families no space of a "
            "queue is open")


def test_a_change_that_breaks_a_tied_length_names_the_users_file(tmp_path: Path) -> None:
    file = tmp_path / "my-board.toml"
    rounds = SPEC["rounds.count"] - 1
    text = bd.file_refusal(GAME, file, f"[rounds.count]\nvalue = {rounds}\n")
    assert f"rounds.count = {rounds} needs" in text
    text = bd.file_refusal(GAME, file, f"[clock.max]\nvalue = {SPEC['clock.start'] - 1}\n")
    assert text.startswith(f"{file}: clock.start = ")      # a relation


@pytest.mark.parametrize(("path", "value"), bd.beyond_cases(SPEC))
def test_one_beyond_each_edge_is_refused_naming_the_number(path: str, value: Any) -> None:
    bd.refused_naming(GAME, path, value)


def _rounds(count: int) -> dict[str, Any]:
    """A disc of ``count`` rounds: spec's rounds repeated (round 1 first)."""
    board: dict[str, Any] = {"rounds.count": count}
    for path in ("disc.medici", "disc.gifts", "disc.head_points", "disc.queue_points",
                 "disc.giovanni"):
        rows = SPEC[path]
        board[path] = [rows[i % len(rows)] for i in range(count)]
    tiles = SPEC["disc.time_tiles"]
    board["disc.time_tiles"] = [tiles[i % len(tiles)] for i in range(count - 1)]
    groups = -(-count // SPEC["solo.rounds_per_group"])
    for path in ("solo.pass_points", "solo.boast_multiplier", "solo.boast_multiplier_easier"):
        board[path] = resized(SPEC[path], max(groups, 1))
    return board


#: boards at the edges of the domains, each (with what it needs to fit together) playable
EDGES: list[dict[str, Any]] = [
    _rounds(SPEC["disc.visible_sectors"]),
    {"clock.max": 1, "clock.start": 1, "solo.start_time": 1},
    {"clock.max": 50, "clock.start": 50, "disc.round1_time": 50},
    {"family.debutants": 1, "family.ladies": 0, "family.maestros": 0},
    {"family.debutants": 10, "family.ladies": 10, "family.maestros": 5},
    {"queue.spaces": 1, "board.queue_marks": [0]},
    {"queue.spaces": 20, "board.queue_marks": [0] * 20},
    {"scandal.copies": 1}, {"scandal.copies": 10},
    {"plan.points": [0], "end.plan_min_members": 1},
    {"plan.points": [100] * 12, "end.plan_min_members": 20},
    {"hand.limit": 1}, {"hand.limit": 20},
    {"solo.rounds_per_group": 20, "solo.pass_points": [0], "solo.boast_multiplier": [10],
     "solo.boast_multiplier_easier": [0]},
]
#: a seeded sample of single numbers whose edges need nothing else to fit
SINGLE = sorted(p for p, n in SPEC.numbers.items() if p.startswith(
    ("costs.", "pass.", "escort.", "boast.", "scandal.cost.", "disc.head_points", "disc.gifts",
     "solo.card_cost", "solo.time_change", "solo.giovanni_share", "solo.cards_kept",
     "end.time_per_point", "family.guards", "family.cups", "family.gifts_start"))
    and n.domain is not None and not n.domain.fixed and p != "boast.thresholds")
EDGES += [{path: value} for path in Random(31).sample(SINGLE, 8)
          for value in edges(SPEC.number(path))]


@pytest.mark.parametrize("board", EDGES, ids=lambda b: ",".join(sorted(b))[:60])
def test_the_edges_of_the_domains_play_to_the_end(board: dict[str, Any]) -> None:
    bd.assert_inside(SPEC, board)
    assert plays_to_end(GAME, board, seed=3, players=3) > 0
    assert plays_to_end(GAME, board, seed=4, players=SPEC["players.max"]) > 0
    assert plays_to_end(GAME, board, seed=5, players=SPEC["players.min"],
                        solo_level="harder") > 0
