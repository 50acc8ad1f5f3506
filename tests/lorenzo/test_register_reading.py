"""The register entries the systematic reading of issue 12 added (tests/lorenzo/reading_de.toml),
one test each, as spec/lorenzo/interpretations.toml names them."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import GAME, PlaceTower, PlayLeader, Skip, Stage, TakeCard, Work
from regelwerk.engine.lorenzo.rules import CHARACTER

from tests.lorenzo.helpers import LEADER, advanced, edit, of, placing

RICH = {"coin": 20, "wood": 20, "stone": 20, "servant": 20}


@pytest.mark.clause("lorenzo:card.immediate", "lorenzo:effect.take_card", "lorenzo:effect.harvest")
def test_bonus_action_optional() -> None:
    """A card's bonus action may be left: Skip stands beside every way to carry it out, and
    skipping takes no card (the Abbess) and harvests nothing (a period-3 harvest character)."""
    state = placing((6, 6, 6), deal={(CHARACTER, 0): "character-1-8"}, **RICH)   # the Abbess
    abbess = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert abbess.pending[0].need == Stage.TAKE
    assert of(abbess, TakeCard) and of(abbess, Skip) == [Skip()]
    left = GAME.apply(abbess, Skip())
    assert not any(p.need == Stage.TAKE for p in left.pending)
    assert left.towers == abbess.towers                      # no card left a tower
    assert [len(row) for row in left.players[0].cards] == \
        [len(row) for row in abbess.players[0].cards]

    state = placing((6, 6, 6), deal={(CHARACTER, 0): "character-3-5"}, round=5, **RICH)
    harvest = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    while harvest.pending and harvest.pending[0].need != Stage.WORK:
        harvest = GAME.apply(harvest, GAME.legal_actions(harvest)[0])
    assert harvest.pending[0].need == Stage.WORK
    assert of(harvest, Work) and of(harvest, Skip) == [Skip()]
    before = harvest.players[0]
    left = GAME.apply(harvest, Skip())
    after = left.players[0]
    assert (after.wood, after.stone, after.servant, after.coin) == \
        (before.wood, before.stone, before.servant, before.coin)     # nothing harvested
    # carrying it out does harvest: the bonus tile pays at least one resource
    done = GAME.apply(harvest, Work(0))
    gained = done.players[0]
    assert sum(gained[:4]) + sum(done.income[:4]) > sum(before[:4])


@pytest.mark.clause("lorenzo:leader.play", "lorenzo:effect.special")
def test_medici_needs_copy() -> None:
    """Variant ``medici_needs_copy = refused``: Lorenzo de' Medici is not playable while no
    other player's leader is out, although his requirement is met; once one is out, he is
    (the decision, ``copy_later``: tests/lorenzo/test_register_variants.py)."""
    medici = LEADER["lorenzo_de_medici"]
    state = edit(advanced(options={"medici_needs_copy": "refused"}), 0, hand=(medici,), vp=35)
    assert all(not state.players[p].leaders for p in range(1, len(state.players)))
    assert PlayLeader(medici) not in of(state, PlayLeader)
    state = edit(state, 1, leaders=(LEADER["michelangelo_buonarroti"],))
    assert PlayLeader(medici) in of(state, PlayLeader)
    copying = GAME.apply(state, PlayLeader(medici))
    assert copying.pending[0].need == Stage.COPY
