"""The stage test of Florenz's fast samplers (:func:`regelwerk.engine.florenz.stages.acting`)
gives the same answer as :func:`~regelwerk.engine.florenz.stages.stage`."""

from __future__ import annotations

from random import Random

from regelwerk.engine.florenz.game import GAME
from regelwerk.engine.florenz.stages import ACTING, acting, stage


def test_acting_is_the_acting_stage() -> None:
    """Over random games of every player count, :func:`acting` answers as ``stage(state)
    == ACTING`` does, in every stage reached (and both answers occur)."""
    answers = set()
    low, high = GAME.players
    for players in range(low, high + 1):
        for seed in (1, 2):
            state = GAME.new_game(seed=None, options={"players": players})
            rng = Random(seed)
            while not GAME.is_terminal(state):
                assert acting(state) == (stage(state) == ACTING)
                answers.add(acting(state))
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert answers == {True, False}
