"""The tower sampler's candidates, kept per (free members, cards on the towers): every
free member on every floor with a card (every floor under ``empty_floor = bonus_only``),
member by member, floors in board order - the order its seeded draws depend on."""

from __future__ import annotations

from random import Random

from regelwerk.engine.lorenzo import GAME
from regelwerk.engine.lorenzo.places import CANDIDATES, FREE, tower_candidates
from regelwerk.engine.lorenzo.rules import TOWER_SPACES
from regelwerk.engine.lorenzo.state import PLACE


def test_candidates_are_each_free_member_on_each_floor_with_a_card() -> None:
    seen = 0
    for seed in range(3):
        rng = Random(seed)
        state = GAME.new_game(seed=seed, options={"players": 3})
        while not GAME.is_over(state):
            if not state.pending and state.stage == PLACE:
                free = FREE[state.players[state.order[state.turn]].used]
                with_card = [s for s in range(TOWER_SPACES) if state.towers[s] >= 0]
                drawn = [CANDIDATES[code][:2] for code in tower_candidates(free, state.towers)]
                assert drawn == [(m, s) for m in free for s in with_card]
                every = [CANDIDATES[code][:2] for code in tower_candidates(free, None)]
                assert every == [(m, s) for m in free for s in range(TOWER_SPACES)]
                seen += 1
            state = GAME.step_random(state, rng, check=False)[1]
    assert seen
