"""The Lorenzo engine against the core contract: the conformance suite, random play with the
runtime invariants after every step, and which cards, leaders and tiles random play reaches."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from regelwerk.engine.core import conformance
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.lorenzo import (
    GAME,
    CardDealt,
    DiceRoll,
    DiscardLeader,
    ExcommunicationDrawn,
    LeaderDealt,
    OrderDrawn,
    PlaceTower,
    Stage,
    State,
)
from regelwerk.engine.lorenzo.game import SAMPLING

from regelwerk.simulate import simulate

SEEDS = (0, 1)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_conformance_random_play(players: int, seed: int) -> None:
    assert conformance.check_game(GAME, {"players": players}, seed) == []


@pytest.mark.parametrize("options", list(conformance.configurations(GAME)), ids=str)
def test_conformance_every_configuration(options: dict[str, object]) -> None:
    assert conformance.check_game(GAME, options, 7) == []


@pytest.mark.parametrize("players", [2, 4])
def test_samplers_refusals_records_chance(players: int) -> None:
    played = conformance.play(GAME, {"players": players}, 5)
    states = played.states[::5]
    assert conformance.check_samplers(GAME, states) == []
    assert conformance.check_refusals(GAME, states[:30]) == []
    assert conformance.check_records(GAME, played) == []
    assert conformance.check_chance(GAME, played) == []


def test_caller_decides_chance() -> None:
    """seed=None: every shuffle and roll waits for the caller (here random by the
    probabilities): the first turn order, the tiles, the leaders, each round's cards, the dice."""
    played = conformance.play(GAME, {}, None)
    assert GAME.is_terminal(played.states[-1])
    assert conformance.check_play(GAME, played) == []
    assert conformance.check_chance(GAME, played) == []
    assert conformance.check_records(GAME, played) == []
    rules = GAME.default_rules
    kinds = Counter(type(a) for s, a in zip(played.states, played.actions, strict=False)
                    if GAME.current_player(s) == CHANCE)
    assert kinds == {OrderDrawn: rules.players, ExcommunicationDrawn: rules.periods,
                     LeaderDealt: rules.players * rules.hand,
                     CardDealt: rules.rounds * len(rules.deal_spaces), DiceRoll: rules.rounds}
    roll = next(s for s in played.states if s.stage == Stage.ROLL)
    assert len(GAME.chance_outcomes(roll)) == len(rules.dice_faces) ** len(rules.dice_colours)


def random_game(seed: int, players: int, options: dict[str, str] | None = None
                ) -> list[tuple[State, object]]:
    rng = Random(f"lorenzo/{seed}")
    state = GAME.new_game(seed=seed, options={"players": players, **(options or {})})
    steps = []
    while not GAME.is_terminal(state):
        action, after = GAME.step_random(state, rng)
        steps.append((state, action))
        assert GAME.violations(after) == [], (seed, action, after)
        state = after
    steps.append((state, None))
    return steps


@pytest.mark.parametrize("seed", range(30))
def test_random_play_keeps_the_invariants(seed: int) -> None:
    steps = random_game(seed, 2 + seed % 3, {"game_mode": ("advanced", "basic")[seed % 2]})
    final = steps[-1][0]
    outcome = GAME.outcome(final)
    assert outcome is not None and len(outcome.winners) == 1


#: The parts of the game by kind (``card:``, ``leader:``, ``excommunication:``).
PART_KINDS = ("card", "leader", "excommunication")


def covered(games: int) -> Counter[str]:
    """How often each part came into play in ``games`` checked random games per player count
    (the declared random policy, through ``regelwerk simulate``'s own function)."""
    counts: Counter[str] = Counter()
    for players in range(GAME.players[0], GAME.players[1] + 1):
        report = simulate(GAME, games, players, {"players": players})
        assert report.violations == [] and report.games == games
        counts.update(report.covered)
    return counts


@pytest.mark.clause("lorenzo:tower.floors", "lorenzo:leader.play", "lorenzo:excommunication.tiles")
def test_random_play_brings_cards_leaders_and_tiles_into_play() -> None:
    """A small run of the coverage the 10,000-game runs check (every part at least once):
    nearly every card, half the leaders or more (random play keeps its leaders and plays them
    when it can) and most excommunication tiles, each counted as a part of the game."""
    counts = covered(15)
    parts = list(GAME.parts(GAME.default_rules))
    assert set(counts) == set(parts)
    reached = {kind: sum(1 for part in parts if part.startswith(kind + ":") and counts[part])
               for kind in PART_KINDS}
    total = {kind: sum(1 for part in parts if part.startswith(kind + ":")) for kind in PART_KINDS}
    assert total == {"card": len(GAME.default_rules.cards), "leader": len(GAME.default_rules.leaders),
                     "excommunication": len(GAME.default_rules.excommunications)}
    assert reached["card"] >= total["card"] * 9 // 10, reached
    assert reached["leader"] >= total["leader"] // 2, reached
    assert reached["excommunication"] >= total["excommunication"] // 2, reached


def test_random_play_keeps_every_kind_within_reach() -> None:
    """The weights of random play (leaders played and used most of the time, discarded
    seldom) leave every legal kind of a position drawable: drawn often enough, each is."""
    state = GAME.new_game(seed=4)
    rng = Random(9)
    while not (GAME.current_player(state) >= 0 and state.stage == Stage.PLACE
               and state.players[state.order[state.turn]].hand):
        state = GAME.step_random(state, rng)[1]
    legal = {type(a) for a in GAME.legal_actions(state)}
    assert DiscardLeader in legal
    drawn = Counter(type(GAME.random_action(state, rng)) for _ in range(4000))
    assert set(drawn) == legal
    assert drawn[DiscardLeader] < drawn[PlaceTower]
    weights = [w for weighted in SAMPLING.weighted.values() for w in weighted.weights]
    assert min(weights) >= 1
