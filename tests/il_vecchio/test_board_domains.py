"""Il Vecchio's board numbers (issue 31): the relations its board check adds to the
domains (crests that can end the game, council tiles enough for every player, tracks with
as many points as costs), each refused in one line naming the user's file, and a sample
of domain edges that play to the end. Every game's domains: tests/core/test_board_domains.py."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from regelwerk.engine.core.spec import load, load_board_file
from regelwerk.engine.il_vecchio.game import GAME

from tests import board_domains as bd

SPEC = load("il_vecchio")
#: the line in which a board is refused, for four players unless told
refusal = partial(bd.refusal, GAME, players=4)


def test_fixed_numbers_are_not_board_numbers() -> None:
    assert SPEC.numbers["board.derived.region_track_min_length"].domain.fixed
    assert refusal({"board.derived.region_track_min_length": 3}) == (
        "il_vecchio options.board: board.derived.region_track_min_length is not a board "
        "number: nothing a board prints changes it in play")


@pytest.mark.parametrize(("board", "line"), [
    ({"town.follower.count": 0},
     "il_vecchio options.board: town.follower.count must be from 1 to 10, not 0"),
    ({"setup.council_draw": 4},
     "il_vecchio options.board: setup.council_draw = 4 for each of 4 players needs 16 council "
     "tiles, but tiles.council has 12"),
    ({"setup.crests.four_players": 10},
     "il_vecchio options.board: setup.crests.four_players = 10 deals more crests than "
     "setup.crests.in_box = 9"),
    ({"board.tracks.milano.crests": [1, 9]},
     "il_vecchio options.board: board.tracks.milano.crests names space 9, but the track has 7 "
     "spaces (board.tracks.milano.costs)"),
    ({"setup.two_player_first_space": 5},
     "il_vecchio options.board: setup.crests.two_three_players = 5 with "
     "events.end_when_left = 0: "
     "2 players must take 5 crests to end the game, but the tracks show fewer crest spaces"),
    ({"setup.crests.in_box": 8},
     "il_vecchio options.board: crests.events adds up to 9, but setup.crests.in_box = 8"),
    ({"province.tiles_per_region": 5},
     "il_vecchio options.board: tiles.province.milano has 6 tiles, but "
     "province.tiles_per_region = 5"),
    ({"setup.money.others": -3},
     "il_vecchio options.board: setup.money.others must be from 0 to 100, not -3"),
])
def test_crash_classes_are_refused_in_one_line(board: dict[str, Any], line: str) -> None:
    assert refusal(board) == line


def test_fewer_members_than_the_crests_need_are_refused() -> None:
    """Without enough members to reach the crest spaces a game can never end."""
    board = {"setup.family_members": 8, "board.tracks.council.crests": [8],
             "board.tracks.nobility.crests": [8], "board.tracks.venezia.crests": [7],
             "board.tracks.chiesa.crests": [7], "board.tracks.milano.crests": [1, 7]}
    assert refusal(board, players=2) == (
        "il_vecchio options.board: 2 players with setup.family_members = 8 cannot take the 5 "
        "crests that end the game (setup.crests.two_three_players = 5): the tracks' crest "
        "spaces need 32 members")


def test_a_board_file_is_blamed_not_spec(tmp_path: Any) -> None:
    path = tmp_path / "printed.toml"
    path.write_text("[scoring.region_points_range]\nvalue = [3, 9]\n", encoding="utf-8")
    line = refusal(load_board_file(path))
    assert line.startswith(f"{path}: milano: Power points must lie in 3..9"), line


SAMPLE = bd.sample(SPEC)


@pytest.mark.parametrize("path", SAMPLE)
def test_domain_edges_play_to_the_end(path: str) -> None:
    # the older board lines name the track, not the number
    bd.edges_play_or_name(GAME, SPEC, path, names=(f"{path.split('.')[2]}: ",)
                          if path.count(".") >= 2 else ())


@pytest.mark.parametrize("path", SAMPLE)
def test_beyond_the_domain_is_refused(path: str) -> None:
    bd.beyond_refused(GAME, SPEC, path, players=4)

