"""Round scoring (Wertung einer Runde), incl. the rulebook's scoring example."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from regelwerk.engine import medici_vs_strozzi as mvs

RULES = mvs.rules_for()
P = RULES.scoring
M, S = mvs.MEDICI, mvs.STROZZI
GOLD = RULES.goods.index("gold")


def plain_distance() -> int:
    """A distance from the middle that is no bonus space."""
    return next(d for d in range(1, P.half_length + 1)
                if d not in (P.bonus_small_distance, P.bonus_large_distance))


@pytest.mark.clause("medici_vs_strozzi:scoring.harbour")
def test_harbour_tie_pays_nobody() -> None:
    assert mvs.harbour_payout(7, 7, P) == 0
    assert mvs.harbour_payout(0, 0, P) == 0
    assert mvs.harbour_payout(8, 7, P) == P.harbour_payout
    assert mvs.harbour_payout(7, 8, P) == 0


@pytest.mark.clause("medici_vs_strozzi:scoring.marker_move")
def test_marker_moves_are_netted_then_clamped() -> None:
    end = P.half_length
    assert mvs.move_marker(0, 3, 1, P) == 2
    assert mvs.move_marker(end - 1, 3, 1, P) == end          # net +2, stops at the end
    assert mvs.move_marker(-end, 0, 4, P) == -end            # already at Strozzi's end
    # Netting, not sequential moves: Medici first would give end - 2 here.
    assert mvs.move_marker(end - 1, 3, 2, P) == end


@pytest.mark.clause("medici_vs_strozzi:scoring.marker_move")
def test_zero_tile_moves_double_and_gold_moves_nothing() -> None:
    track_good = RULES.harbour_tracks[0][0]
    cargo = [[[(track_good, P.far_move_value), (track_good, 3), (GOLD, RULES.spec[
        "tiles.gold_value"])], [], []], [[], [], []]]
    score = mvs.score_round(RULES, cargo, (0,) * RULES.marker_count)
    assert score.markers_after[0] == P.far_move_steps + P.steps_per_tile
    assert all(m == 0 for m in score.markers_after[1:])
    other_good = next(g for g in range(len(RULES.goods) - 1) if g not in RULES.harbour_tracks[0])
    cargo = [[[(other_good, 2)], [], []], [[], [], []]]
    assert mvs.score_round(RULES, cargo, (0,) * RULES.marker_count).markers_after == \
        (0,) * RULES.marker_count


@pytest.mark.clause("medici_vs_strozzi:scoring.marker_payout", "medici_vs_strozzi:scoring.marker_bonus")
def test_marker_income_and_bonus_spaces() -> None:
    d = plain_distance()
    assert mvs.marker_income(d, M, P) == P.per_marker
    assert mvs.marker_income(-d, M, P) == 0
    assert mvs.marker_income(0, M, P) == mvs.marker_income(0, S, P) == 0
    assert mvs.marker_income(-P.bonus_large_distance, S, P) == P.per_marker + P.bonus_large
    assert mvs.marker_income(P.bonus_small_distance, M, P) == P.per_marker + P.bonus_small


@pytest.mark.clause("medici_vs_strozzi:scoring.harbour", "medici_vs_strozzi:scoring.marker_payout",
                    "medici_vs_strozzi:scoring.marker_bonus")
def test_rulebook_scoring_example() -> None:
    """Wertung einer Runde, Beispiel: Medici 40 + 40, Strozzi 50 (30 + the 20 bonus)."""
    gold = (GOLD, RULES.spec["tiles.gold_value"])
    cargo = [[[gold], [], [gold]], [[], [], []]]             # middle harbour: a tie
    d = plain_distance()
    markers = (d, d, d, d, -d, -d, -P.bonus_large_distance, 0)
    assert len(markers) == RULES.marker_count
    score = mvs.score_round(RULES, cargo, markers)
    assert score.harbour_income == (2 * P.harbour_payout, 0) == (40, 0)
    assert score.marker_income == (4 * P.per_marker, 3 * P.per_marker + P.bonus_large) == (40, 50)
    assert score.total == (80, 50)


@given(st.integers(-8, 8), st.integers(0, 12), st.integers(0, 12))
def test_move_marker_stays_on_track(position: int, medici: int, strozzi: int) -> None:
    position = max(-P.half_length, min(P.half_length, position))
    assert -P.half_length <= mvs.move_marker(position, medici, strozzi, P) <= P.half_length
