"""Four register entries' other readings, played as variants (issue 12), reached through
play: ``GAME.new_game(seed=None)`` and ``GAME.apply`` of legal actions and chance's
outcomes, nothing written into a state. Each test plays the same choices under every
reading of its variant up to the position where they part, and checks each reading
there; the decided reading is the default. Numbers come from spec.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.florenz.state import Draw, Resume

from regelwerk import scenarios
from tests.florenz.play_cards_helpers import (
    F0,
    F1,
    act,
    card_of,
    finish_round,
    owner,
    pass_turn,
    play_card,
    travels,
)

GAME = fz.GAME
YOU, STROZZI = 0, 1
SPEC = fz.default_rules(1).spec
COSIMO = 0
KINDS: Sequence[str] = SPEC["solo.card_kind"]
#: the solo set-up's draws as listed first (carriages 1, 2, 3; targets 4, 5, 6), then the
#: time tiles of rounds 2 and 3
SETUP_SOLO = [{"first": 16}, {"type": "time", "time": 7}, {"type": "time", "time": 5}]
SETUP_HARDER = [{"first": 17}, {"type": "time", "time": 7}, {"type": "time", "time": 5}]

Chooser = Callable[[fz.State, list[Any]], Any]


def readings(name: str) -> tuple[str, ...]:
    """The values of variant ``name``, the register's decision first."""
    (variant,) = [v for v in GAME.variants if v.name == name]
    return variant.choices


def with_reading(options: dict[str, Any], name: str, value: str) -> dict[str, Any]:
    """``options`` with ``value`` of variant ``name`` (left out for the default)."""
    return options if value == readings(name)[0] else {**options, name: value}


def played(options: dict[str, Any], steps: list[Any]) -> fz.State:
    return scenarios.steps(GAME, GAME.new_game(seed=None, options=options), steps)


def drive(state: fz.State, choose: Chooser, stop: Callable[[fz.State], bool]) -> fz.State:
    """Apply ``choose(state, legal actions)`` (``None``: the first listed) until ``stop``."""
    while not stop(state):
        legal = GAME.legal_actions(state)
        state = GAME.apply(state, choose(state, legal) or legal[0])
    return state


# ------------------------------------------------------------------ retrieved_cup

def holding_retrieve_cup(options: dict[str, Any], board: int) -> fz.State:
    """Two families; the 'take back a cup' card in family 0's hand, dealt through play
    (as :func:`.play_cards_helpers.holding`, with ``options``): family 0's first debutant
    and its cup stand at the target ``board`` of the card's Medici, on 'Unüberhörbar'."""
    state = fz.set_up({"players": 2, **options}, start=F0, carriages=(7, 1, 2),
                      targets=(4, 5, 3), times=(5, 7), boards={board: "unmistakable"})
    state = act(state, fz.Place(8), fz.Place(board), fz.Boast(board))
    medici = owner("retrieve_cup")
    while state.round < travels(medici):
        state = finish_round(state)
    state = finish_round(state, [card_of("retrieve_cup")])
    if state.current == F1:
        state = act(state, pass_turn(state))
    return state


@pytest.mark.play("florenz:boast.unmistakable", "florenz:scandal.retrieve_cup")
@pytest.mark.parametrize("reading", readings("retrieved_cup"))
def test_retrieved_cup_variant_counts_the_cup_taken_back_or_not(reading: str) -> None:
    """Family 0's only cup lies on 'Unüberhörbar' at the card's Medici's target; it takes
    the cup back and boasts there again. Decided (interp.retrieved_cup): only cups on
    boards count, so this cup scores for itself alone; ``ever_placed``: the placement
    taken back counts too."""
    board = (4, 5, 3)[owner("retrieve_cup")]
    state = holding_retrieve_cup(with_reading({}, "retrieved_cup", reading), board)
    assert state.current == F0 and state.hands[F0] == (card_of("retrieve_cup"),)
    back = act(state, play_card(state, "retrieve_cup", board))
    assert F0 not in back.cups[board - 1] and back.points == state.points
    again = act(back, pass_turn(back))
    boasted = act(again, fz.Boast(board))
    counted = {"on_boards": 1, "ever_placed": 2}[reading]   # this cup, and the earlier one
    assert boasted.points[F0] - again.points[F0] == SPEC["boast.unmistakable"] * counted
    assert fz.violations(boasted) == []


# ------------------------------------------------------------------ solo_guard_park

GUARD = KINDS.index("guard")


def _guard_in_round_3(state: fz.State, legal: list[Any]) -> Any:
    """Cosimo's carriage at 2; round 3's new target for him (sector 4) is 5, reached
    from 1 through the park. Strozzi draws his guard card (card 10) only in round 3."""
    if GAME.to_move(state) != CHANCE:
        return None
    kind = state.draws[0][0]
    wanted = {(Draw.CARRIAGE, 0): 2, (Draw.SECTOR, 0): 4, (Draw.SECTOR, 1): 6,
              (Draw.SECTOR, 2): 7, (Draw.SECTOR, 3): 5}.get(tuple(state.draws[0][:2]))
    if wanted is not None:
        return next(a for a in legal if getattr(a, "location", None) == wanted)
    if kind == Draw.STROZZI:
        return next((a for a in legal if (a.card == GUARD) == (state.round == 3)), None)
    return None


def _guard_due(state: fz.State) -> bool:
    return state.round == 3 and bool(state.draws) and state.draws[0][0] == Draw.STROZZI


@pytest.mark.play("florenz:solo.card.guard")
@pytest.mark.parametrize("reading", readings("solo_guard_park"))
def test_guard_park_variant_places_cosimo_s_guard(reading: str) -> None:
    """Round 3: Medici B is Cosimo, whose target 5 is reached through the park (no crest).
    Decided (interp.solo_guard_park): back along the arrows to the path 4-1;
    ``setup_exception``: the set-up's path 1-2 (solo.park_guard_path); ``points``: the
    card's points instead of a guard."""
    options = with_reading({"players": 1}, "solo_guard_park", reading)
    state = drive(GAME.new_game(seed=None, options=options), _guard_in_round_3, _guard_due)
    rules = state.rules
    assert fz.letter_medici(state, 1) == COSIMO and state.targets[COSIMO] == 4
    assert (0, 4) not in rules.edge_index and rules.route_next[0] == 4    # 1 -> 5: the park
    after = GAME.apply(state, fz.StrozziDrawn(GUARD))
    x, y = SPEC["solo.park_guard_path"]
    crest = {"back_along_route": rules.edge_index[0, 3],
             "setup_exception": rules.edge_index[x - 1, y - 1], "points": None}[reading]
    added = [e for e, g in enumerate(after.escorts) if len(g) > len(state.escorts[e])]
    assert added == ([] if crest is None else [crest])
    if crest is None:
        assert after.guards == state.guards
        assert after.points[STROZZI] == state.points[STROZZI] + SPEC["solo.card_guard_points"]
    else:
        assert after.escorts[crest] == (STROZZI,) and after.points == state.points
        assert after.guards[STROZZI] == state.guards[STROZZI] - 1


# ------------------------------------------------------------------ solo_party_cost

PARTY, BOAST = KINDS.index("party"), KINDS.index("boast")


def _party_second(state: fz.State, legal: list[Any]) -> Any:
    """Round 1: Strozzi's first card is a boast card, his second the party card."""
    if GAME.to_move(state) == CHANCE and state.draws[0][0] == Draw.STROZZI:
        wanted = BOAST if state.automa is not None and state.automa.drawn == 0 else PARTY
        return fz.StrozziDrawn(wanted)
    return None


def party_card(reading: str) -> tuple[fz.State, fz.State]:
    """Harder game, round 1, under ``reading`` of ``solo_party_cost``: the position where
    Strozzi draws card 6 as his second card (his first a boast card), and the next
    decision after it (you have passed, so the round is played to its end)."""
    options = with_reading({"players": 1, "solo_level": "harder"}, "solo_party_cost", reading)
    state = drive(played(options, SETUP_HARDER), _party_second,
                  lambda s: s.automa is not None and s.automa.drawn == 1 and bool(s.draws))
    assert state.round == 1 and not state.passed[STROZZI]
    return state, GAME.apply(state, fz.StrozziDrawn(PARTY))


@pytest.mark.play("florenz:solo.card.party", "florenz:solo.harder", "florenz:solo.turn")
@pytest.mark.parametrize("reading", readings("solo_party_cost")[1:])
def test_party_cost_variant_pays_before_the_party(reading: str) -> None:
    """Harder game: Strozzi's time spent on card 6 scores points. Decided
    (interp.solo_party_cost): the card costs its figure, 0, so all his time is spent
    partying; the other readings pay the general cost first (the lowest or the highest
    the other cards show), time that scores nothing. Everything else stays the same."""
    state, decided = party_card(readings("solo_party_cost")[0])
    other_state, other = party_card(reading)
    assert other_state == state._replace(rules=other_state.rules)     # the same position
    assert SPEC["solo.card_cost"][PARTY] == 0 and state.clock[STROZZI] > 0
    others = [c for k, c in enumerate(SPEC["solo.card_cost"]) if k != PARTY]
    cost = min(others) if reading == "general_lower" else max(others)
    assert cost < state.clock[STROZZI]                      # the readings part here
    assert decided.passed[STROZZI] and other.passed[STROZZI]
    assert other.clock == decided.clock
    assert other.points[STROZZI] == decided.points[STROZZI] - cost * SPEC[
        "solo.party_points_harder"]
    assert other.points[YOU] == decided.points[YOU]


# ------------------------------------------------------------------ solo_time_replaces

ROUND_1 = [{"type": "place", "location": 1}, {"type": "pass", "location": 1},
           {"type": "strozzi_card", "card": 9}, {"type": "bonus_time"},
           {"type": "strozzi_card", "card": 8}, {"type": "bonus_time"},
           {"type": "strozzi_card", "card": 7}, {"type": "bonus_time"},
           {"type": "card", "card": 3}]


@pytest.mark.play("florenz:solo.time", "florenz:time.gain")
@pytest.mark.parametrize("reading", readings("solo_time_replaces"))
def test_time_replaces_variant_gives_strozzi_the_tile_too(reading: str) -> None:
    """Round 1 as played in :func:`.test_variants.test_easier_spy_card_time`'s set-up
    (normal game); round 2's tile is 7. Decided (interp.solo_time_replaces): Strozzi gains
    his solo time only; ``both``: the tile as every family, then his solo time on top
    (the engine before issue 17)."""
    options = with_reading({"players": 1}, "solo_time_replaces", reading)
    end = played(options, [*SETUP_SOLO, *ROUND_1])
    assert end.round == 2
    start = drive(end, lambda s, legal: None, lambda s: s.resume != Resume.ROUND)
    assert start.phase == fz.Phase.ACTIONS and start.round == 2
    tile, top, before = start.sector_time[1], SPEC["clock.max"], end.clock[STROZZI]
    solo_gain = max(SPEC["solo.min_time"], tile)
    common = min(top, before + tile) if reading == "both" else before
    assert start.clock[STROZZI] == min(top, common + solo_gain)
    assert start.clock[STROZZI] != min(top, before + solo_gain) or reading == "replaces"
    assert start.clock[YOU] == min(top, end.clock[YOU] + tile)
