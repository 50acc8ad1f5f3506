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
    ActivateLeader,
    CardDealt,
    DiceRoll,
    DiscardLeader,
    ExcommunicationDrawn,
    LeaderDealt,
    OrderDrawn,
    PlayLeader,
    Stage,
    State,
)
from regelwerk.engine.lorenzo.rules import TYPES

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


def leader_keeper(state: State, rng: Random) -> tuple[object, State]:
    """Random play that keeps its leaders: plays or uses one when it can, never discards."""
    legal = GAME.legal_actions(state)
    eager = [a for a in legal if isinstance(a, (PlayLeader, ActivateLeader))]
    calm = [a for a in legal if not isinstance(a, DiscardLeader)]
    action = rng.choice(eager or calm or list(legal))
    return action, GAME.apply(state, action)


def random_game(seed: int, players: int, options: dict[str, str] | None = None,
                keep_leaders: bool = False) -> list[tuple[State, object]]:
    rng = Random(f"lorenzo/{seed}")
    state = GAME.new_game(seed=seed, options={"players": players, **(options or {})})
    steps = []
    while not GAME.is_terminal(state):
        if keep_leaders:
            action, after = leader_keeper(state, rng)
        else:
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


def coverage(count: int) -> tuple[Counter[str], Counter[str], Counter[str]]:
    rules = GAME.default_rules
    cards: Counter[str] = Counter()
    leaders: Counter[str] = Counter()
    excommunications: Counter[str] = Counter()
    for seed in range(count):
        steps = random_game(1000 + seed, 2 + seed % 3, keep_leaders=seed % 2 == 1)
        final = steps[-1][0]
        for player in final.players:
            for row in player.cards:
                cards.update(rules.cards[c].id for c in row)
            excommunications.update(rules.excommunications[e].id for e in player.excommunicated)
        for state, action in steps:
            if isinstance(action, (PlayLeader, ActivateLeader)):
                verb = "play" if isinstance(action, PlayLeader) else "use"
                leaders[f"{verb}:{rules.leaders[action.leader].id}"] += 1
            del state
    return cards, leaders, excommunications


def test_coverage_of_cards_leaders_excommunications() -> None:
    cards, leaders, excommunications = coverage(60)
    rules = GAME.default_rules
    taken = sum(1 for c in rules.cards if cards[c.id])
    print(f"\ncards taken at least once: {taken}/{len(rules.cards)}; "
          f"per type: {[sum(cards[c.id] for c in rules.cards if c.type == t) for t in range(4)]}")
    print(f"leaders: {dict(sorted(leaders.items()))}")
    print(f"excommunications: {dict(sorted(excommunications.items()))}")
    assert taken >= len(rules.cards) * 3 // 4
    assert len(excommunications) >= 10
    assert len({name.split(":")[1] for name in leaders}) >= 5
    assert all(sum(cards[c.id] for c in rules.cards if c.type == t) for t in range(len(TYPES)))
