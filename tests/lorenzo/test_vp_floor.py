"""lorenzo:interp.vp_below_zero: the end-of-game losses of excommunication take their full
amount (a score may fall below zero); under the variant ``vp_floor=zero`` no loss takes a
player below zero. The worked example of six rounds in which every member goes to the
council palace ends with losses larger than the points held."""

from __future__ import annotations

from pathlib import Path

from regelwerk.engine.core.records import GameRecord
from regelwerk.engine.lorenzo import scoring
from regelwerk.engine.lorenzo.game import GAME

from regelwerk.play import replay

EXAMPLE = Path(__file__).parents[1] / "corpus" / "lorenzo" / "example-the-cards-of-six-rounds.json"
LOSS = "lorenzo:effect.end_vp_loss"


def finished(**variant: str) -> tuple[GameRecord, object]:
    record = GameRecord.read(EXAMPLE)
    record = GameRecord(record.game, record.seed, record.actions,
                        {**record.options, **variant})
    return record, replay(GAME, record)


def test_losses_take_their_full_amount() -> None:
    _, state = finished()
    items = scoring.score_items(state)
    scores = scoring.final_scores(state)
    assert min(scores) < 0                       # the example's losses exceed the points held
    for player, score in zip(items, scores, strict=True):
        gained = sum(i.points for i in player if i.clause != LOSS)
        lost = -sum(i.points for i in player if i.clause == LOSS)
        assert lost > gained and score == gained - lost


def test_under_the_variant_no_score_falls_below_zero() -> None:
    _, state = finished()
    _, floored = finished(vp_floor="zero")
    full = scoring.score_items(state)
    for player, (before, after) in enumerate(zip(full, scoring.score_items(floored),
                                                  strict=True)):
        gained = sum(i.points for i in before if i.clause != LOSS)
        lost = -sum(i.points for i in after if i.clause == LOSS)
        assert lost == gained                    # the loss stops at zero points
        assert scoring.final_scores(floored)[player] == 0
        assert [i for i in after if i.clause != LOSS] == [i for i in before if i.clause != LOSS]


def test_the_floor_keeps_a_loss_smaller_than_the_points() -> None:
    assert scoring.floored(True, 3, 10) == 3 and scoring.floored(False, 30, 10) == 30
    assert scoring.floored(True, 30, 10) == 10 and scoring.floored(True, 5, -2) == 0
