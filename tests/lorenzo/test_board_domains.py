"""Lorenzo's board numbers (issue 31): its relations beyond the domains (rounds per
period, privileges the options can serve, the faith track's length), each refused in one
line naming the user's file, and a sample of domain edges that play to the end. Every
game's domains: tests/core/test_board_domains.py."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from regelwerk.engine.core.spec import load, load_board_file
from regelwerk.engine.lorenzo.game import GAME
from regelwerk.engine.lorenzo.rules import PRIVILEGE_COUNTS

from tests import board_domains as bd

SPEC = load("lorenzo")
#: the line in which a board is refused, for four players unless told
refusal = partial(bd.refusal, GAME, players=4)


def test_fixed_numbers_are_not_board_numbers() -> None:
    assert "cards.total" in SPEC.numbers and SPEC.numbers["cards.total"].domain.fixed
    assert refusal({"cards.total": 90}) == (
        "lorenzo options.board: cards.total is not a board number: nothing a board prints "
        "changes it in play")


@pytest.mark.parametrize(("board", "line"), [
    ({"servants.per_point": 0},
     "lorenzo options.board: servants.per_point must be from 1 to 10, not 0"),
    ({"market.space4": 6},
     "lorenzo options.board: market.space4 = 6 different council privileges, but "
     "privilege.options offers 5"),
    ({"rounds.count": 7},
     "lorenzo options.board: rounds.count = 7, but periods.count = 3 of periods.rounds = 2 "
     "rounds make 6"),
    ({"leaders.hand": 0}, "lorenzo options.board: leaders.hand must be from 1 to 5, not 0"),
    ({"towers.occupied_fee": -3},
     "lorenzo options.board: towers.occupied_fee must be from 0 to 20, not -3"),
])
def test_crash_classes_are_refused_in_one_line(board: dict[str, Any], line: str) -> None:
    assert refusal(board) == line


def test_a_tied_length_names_the_users_file(tmp_path: Any) -> None:
    path = tmp_path / "printed.toml"
    path.write_text("[faith.max]\nvalue = 99\n", encoding="utf-8")
    board = load_board_file(path)
    assert refusal(board) == (f"{path}: faith.track_vp has 16 entries, but faith.max = 99 "
                              f"needs 100")


def test_a_relation_names_the_users_file(tmp_path: Any) -> None:
    path = tmp_path / "printed.toml"
    path.write_text("[council.privileges]\nvalue = 6\n", encoding="utf-8")
    assert refusal(load_board_file(path)) == (
        f"{path}: council.privileges = 6 different council privileges, but "
        f"privilege.options offers 5")


SAMPLE = bd.sample(SPEC)


@pytest.mark.parametrize("path", SAMPLE)
def test_domain_edges_play_to_the_end(path: str) -> None:
    bd.edges_play_or_name(GAME, SPEC, path)


@pytest.mark.parametrize("path", SAMPLE)
def test_beyond_the_domain_is_refused(path: str) -> None:
    bd.beyond_refused(GAME, SPEC, path, players=4)


@pytest.mark.parametrize("path", ["servants.per_point", "faith.max", "market.space4",
                                  "council.privileges", "harvest_production.large_penalty"])
def test_chosen_edges_play_to_the_end(path: str) -> None:
    number = SPEC.numbers[path]
    board: dict[str, Any] = {}
    for value in bd.edges(number):
        board = {path: value}
        if path == "faith.max":
            board["faith.track_vp"] = list(range(value + 1))
        if path in PRIVILEGE_COUNTS:        # as many different privileges to choose from
            board["privilege.options"] = [{"coin": k + 1} for k in range(max(value, 3))]
        bd.plays_to_end(GAME, board, seed=value, players=3)
