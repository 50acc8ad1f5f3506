"""What the rule text fixes about the board, and what a printed board may change (issue 12).

board.tracks_per_harbour is derived, not sourced: one marker per track, the stated
number of markers, and two or three tracks in each harbour leave one way to share
the tracks among the harbours. check_board refuses only what the text forces.
"""

from __future__ import annotations

from itertools import product

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.spec import SpecError

SPEC = mvs.rules_for().spec


@pytest.mark.clause("medici_vs_strozzi:setup.harbours", "medici_vs_strozzi:setup.markers")
def test_tracks_per_harbour_follow_from_the_text() -> None:
    fewest, most = SPEC["harbours.tracks_min"], SPEC["harbours.tracks_max"]
    harbours, markers = SPEC["board.harbour_count"], SPEC["components.markers"]
    splits = {tuple(sorted(split)) for split in product(range(fewest, most + 1), repeat=harbours)
              if sum(split) == markers}
    assert splits == {tuple(sorted(SPEC["board.tracks_per_harbour"]))}
    assert SPEC.number("board.tracks_per_harbour").confidence == "derived"


@pytest.mark.clause("medici_vs_strozzi:setup.tiles")
def test_the_tile_set_is_the_stated_number_of_tiles() -> None:
    rules = mvs.rules_for()
    expected = len(SPEC["tiles.goods"]) * len(SPEC["tiles.values_per_good"]) + \
        SPEC["tiles.gold_count"]
    assert rules.tile_count == expected == SPEC["components.tiles"]
    assert rules.marker_count == SPEC["components.markers"]


def board(**numbers: object) -> dict[str, object]:
    return {"board": {f"board.{name}": value for name, value in numbers.items()}}


@pytest.mark.clause("medici_vs_strozzi:setup.harbours")
def test_a_printed_board_may_put_the_two_track_harbour_anywhere() -> None:
    tracks = [["spices", "silk"], ["indigo", "furs", "spices"], ["silk", "indigo", "furs"]]
    rules = mvs.rules_for(board(harbour_tracks=tracks))
    assert [len(h) for h in rules.harbour_tracks] == [2, 3, 3]
    state = mvs.new_game(seed=2, options=board(harbour_tracks=tracks))
    assert state.markers == (0,) * SPEC["components.markers"]


@pytest.mark.clause("medici_vs_strozzi:setup.harbours", "medici_vs_strozzi:setup.markers")
@pytest.mark.parametrize(("tracks", "words"), [
    ([["indigo", "furs"], ["silk", "indigo"], ["spices", "silk", "furs"]], "add up to 7"),
    ([["indigo", "furs", "spices", "silk"], ["silk", "indigo"], ["spices", "silk"]],
     "between 2 and 3"),
    ([["indigo", "furs", "indigo"], ["silk", "indigo", "furs"], ["spices", "silk"]],
     "two tracks for one good"),
    ([["indigo", "furs", "gold"], ["silk", "indigo", "furs"], ["spices", "silk"]],
     r"harbour_tracks\[0\]\[2\] must be one of .*, not 'gold'"),
])
def test_a_board_the_text_rules_out_is_refused(tracks: list[list[str]], words: str) -> None:
    with pytest.raises(SpecError, match=words) as refused:
        mvs.rules_for(board(harbour_tracks=tracks))
    assert refused.value.message_in("de") != str(refused.value)     # German too


@pytest.mark.clause("medici_vs_strozzi:scoring.marker_bonus")
def test_bonus_spaces_anywhere_on_the_track_in_either_order() -> None:
    rules = mvs.rules_for(board(bonus_small_distance=3, bonus_large_distance=1))
    assert (rules.scoring.bonus_small_distance, rules.scoring.bonus_large_distance) == (3, 1)
    with pytest.raises(SpecError, match="same space"):
        mvs.rules_for(board(bonus_small_distance=2, bonus_large_distance=2))
