"""The worked examples of the Florenz rulebook, replayed through the public API.

Each test cites its section of shared/rulebooks/florenz.de.txt. Families by
index: 0 blue, 1 orange, 2 violet, 3 green, 4 black (spec meta players).
Ranks: 0 debutant, 1 lady, 2 maestro.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE

BLUE, ORANGE, VIOLET, GREEN, BLACK = range(5)
DEB, LADY, MAESTRO = 0, 1, 2


def families_in(state: fz.State, location: int) -> list[tuple[int, int]]:
    return [(state.family_of(p), state.rank_of(p)) for p in state.queue(location)]


def game(players: int = 3, **queues: list[tuple[int, int]]) -> fz.State:
    state = fz.set_up({"players": players})
    return fz.with_queues(state, {int(k[1:]): v for k, v in queues.items()})


@pytest.mark.clause("florenz:queue.priority")
def test_example_priority_join_back_and_close_gap() -> None:
    """Grundkonzepte, Priorität: violet joins behind blue and orange; blue leaves."""
    state = game(l5=[(BLUE, DEB), (ORANGE, DEB)])
    piece = next(p for p in state.pieces(VIOLET))
    queue = fz.entered(state, state.queues[4], 4, piece)
    assert [state.family_of(p) for p in queue] == [BLUE, ORANGE, VIOLET]
    state = state._replace(queues=state.queues[:4] + (queue,) + state.queues[5:],
                           where=state.where[:piece] + (4,) + state.where[piece + 1:],
                           current=BLUE, phase=fz.Phase.ACTIONS)
    blue = state.queue(5)[0]
    after = fz.apply(state, fz.Move(blue, 4))
    assert families_in(after, 5) == [(ORANGE, DEB), (VIOLET, DEB)]


@pytest.mark.clause("florenz:queue.rank")
def test_example_rank_maestro_behind_maestro() -> None:
    """Grundkonzepte, Rangfolge: the blue maestro stands behind the violet one, before all else."""
    state = game(l5=[(VIOLET, MAESTRO), (ORANGE, LADY), (BLUE, DEB)])
    maestro = next(p for p in state.pieces(BLUE) if state.rank_of(p) == MAESTRO)
    queue = fz.entered(state, state.queues[4], 4, maestro)
    assert [(state.family_of(p), state.rank_of(p)) for p in queue] == [
        (VIOLET, MAESTRO), (BLUE, MAESTRO), (ORANGE, LADY), (BLUE, DEB)]


@pytest.mark.clause("florenz:queue.control")
def test_example_control_by_count_then_position() -> None:
    """Grundkonzepte, Kontrolle: more members control; on a tie the member further forward."""
    state = game(l1=[(ORANGE, DEB), (BLUE, DEB), (BLUE, DEB)],
                 l2=[(BLUE, DEB), (ORANGE, DEB), (ORANGE, DEB), (BLUE, DEB)])
    assert fz.controller(state, 0) == BLUE
    assert fz.control_order(state, 1) == (BLUE, ORANGE)


@pytest.mark.clause("florenz:queue.rank", "florenz:action.promote", "florenz:queue.control")
def test_example_promotion_takes_head_and_control() -> None:
    """Grundkonzepte (after Kontrolle): orange's promoted lady goes to the head; blue loses control."""
    state = game(l5=[(BLUE, DEB), (ORANGE, DEB), (ORANGE, DEB), (BLUE, DEB)])
    state = state._replace(phase=fz.Phase.ACTIONS, current=ORANGE)
    assert fz.controller(state, 4) == BLUE
    last_orange = state.queue(5)[2]
    after = fz.apply(state, fz.Promote(last_orange))
    assert families_in(after, 5)[0] == (ORANGE, LADY)
    assert fz.controller(after, 4) == ORANGE


@pytest.mark.clause("florenz:medici.move", "florenz:medici.head")
def test_example_cosimo_route_7_to_2_and_head_points() -> None:
    """Phase 3 examples: Cosimo 7 -> 4, 1, 5, 2; head points once to orange, twice to blue."""
    state = fz.set_up({"players": 3}, carriages=(7, 8, 9), targets=(2, 3, 6))
    assert fz.route(state, 0) == (4, 1, 5, 2)
    state = fz.with_queues(state, {1: [(BLUE, DEB)], 5: [(ORANGE, DEB)], 2: [(BLUE, DEB)]})
    for loc in fz.route(state, 0):
        state = fz.visit(state, 0, loc - 1)
    assert state.points[:2] == (2, 1)


@pytest.mark.clause("florenz:medici.boast_reward")
def test_example_boast_reward_at_2() -> None:
    """Phase 3, Lohn für das Prahlen: at 2 Cosimo gives orange (top cup) a card, blue nothing."""
    state = game(l2=[(ORANGE, DEB), (BLUE, DEB)])
    state = state._replace(cups=state.cups[:1] + ((BLUE, ORANGE, -1),) + state.cups[2:])
    drawing = fz.visit(state, 0, 1)
    assert fz.current_player(drawing) == CHANCE     # chance draws orange's card
    assert dict(fz.chance_outcomes(drawing)) == {fz.CardDrawn(c): Fraction(1, 4) for c in range(4)}
    after = fz.apply(drawing, fz.CardDrawn(2))      # one of Cosimo's cards
    assert after.hands[ORANGE] == (2,) and after.hands[BLUE] == ()
    assert after.decks[0].count(2) == state.decks[0].count(2) - 1


@pytest.mark.clause("florenz:scoring.cosimo")
def test_example_cosimo_scoring_round_1() -> None:
    """Phase 4, Cosimo: orange places 1 and 3, blue 2 and 4 at location 2: 15 and 9 points."""
    state = game(l2=[(ORANGE, DEB), (BLUE, DEB), (ORANGE, DEB), (BLUE, DEB)])
    assert fz.family_queue_points(state, 1, ORANGE, 0) == 11 + 4
    assert fz.family_queue_points(state, 1, BLUE, 0) == 7 + 2


@pytest.mark.clause("florenz:scoring.contessina")
def test_example_contessina_scoring_round_2() -> None:
    """Phase 4, Contessina: black maestro and lady score 13 + 9; orange's debutant nothing."""
    state = game(5, l5=[(BLACK, MAESTRO), (BLACK, LADY), (ORANGE, DEB)])._replace(round=2)
    assert fz.family_queue_points(state, 4, BLACK, 1) == 22
    assert fz.family_queue_points(state, 4, ORANGE, 1) == 0


@pytest.mark.clause("florenz:scoring.giovanni", "florenz:queue.control")
def test_example_giovanni_scoring_round_3() -> None:
    """Phase 4, Giovanni: orange (control) pays 4 time for 20, blue pays 2 for 12."""
    state = fz.set_up({"players": 3}, carriages=(1, 4, 2), targets=(5, 6, 3))
    state = fz.with_queues(state, {3: [(ORANGE, DEB), (ORANGE, DEB), (BLUE, DEB)]})
    state = state._replace(round=3, phase=fz.Phase.ACTIONS, passed=(True,) * 3)
    state = fz.medici_phase(state)
    assert state.phase == fz.Phase.GIOVANNI and state.current == ORANGE
    head = state.rules.head_points[2]
    state = fz.apply(state, fz.Accept())
    assert state.current == BLUE
    state = fz.apply(state, fz.Accept())
    assert state.points[ORANGE] == head + 20 and state.points[BLUE] == 12
    assert state.clock[VIOLET] - state.clock[ORANGE] == 4
    assert state.clock[VIOLET] - state.clock[BLUE] == 2


@pytest.mark.clause("florenz:action.boast", "florenz:boast.omnipresent")
def test_example_boast_omnipresent() -> None:
    """Aktionen, Prahlen: orange at 5 locations scores 10 (field 7-12); blue's 8 go to 0-6."""
    state = fz.set_up({"players": 3}, boards={1: "omnipresent"})
    state = fz.with_queues(state, {1: [(ORANGE, DEB), (BLUE, DEB)], 2: [(ORANGE, DEB),
                           (BLUE, DEB)], 3: [(ORANGE, DEB), (BLUE, DEB)],
                           4: [(ORANGE, DEB), (BLUE, DEB)], 5: [(ORANGE, DEB)]})
    state = state._replace(phase=fz.Phase.ACTIONS, current=ORANGE)
    state = fz.apply(state, fz.Boast(1))
    assert state.points[ORANGE] == 10 and state.cups[0] == (-1, ORANGE, -1)
    state = state._replace(current=BLUE)
    state = fz.apply(state, fz.Boast(1))
    assert state.points[BLUE] == 8 and state.cups[0] == (BLUE, ORANGE, -1)


def _edge(state: fz.State, a: int, b: int) -> int:
    return state.rules.edge_index[(min(a, b) - 1, max(a, b) - 1)]


@pytest.mark.clause("florenz:round.sequence", "florenz:setup.first_debutants",
                    "florenz:action.gift_cost", "florenz:action.pass_first",
                    "florenz:action.passed_bonus", "florenz:boast.ruler_of_the_street",
                    "florenz:scoring.cosimo", "florenz:medici.head", "florenz:medici.boast_reward",
                    "florenz:cleanup.disc")
def test_example_round() -> None:
    """Beispiel für eine Runde: three families, the whole first round, final points and time."""
    state = fz.set_up({"players": 3}, start=BLUE, carriages=(1, 7, 4), targets=(6, 8, 9),
                      boards={5: "ruler_of_the_street"})
    assert state.current == VIOLET
    for loc in (6, 5, 1):                       # violet, orange, blue
        state = fz.apply(state, fz.Place(loc))
    assert state.current == BLUE and state.clock == (12, 12, 12)
    violet_second = 19
    blue_first = 0
    script = [
        fz.Gift(0, _edge(state, 4, 5)), fz.Send(6), fz.Send(6),
        fz.Gift(0, _edge(state, 5, 6)), fz.Send(4), fz.Promote(violet_second),
        fz.Move(blue_first, 2), fz.Boast(5), fz.Pass(6),
        fz.Send(3), fz.Pass(5), fz.BonusTime(),
    ]
    for step, action in enumerate(script):
        state = fz.apply(state, action)
        if step == 5:                           # violet's promotion
            assert state.clock == (7, 4, 3)
            assert families_in(state, 6) == [(VIOLET, LADY), (VIOLET, DEB), (ORANGE, DEB)]
        if step == 8:                           # violet passes first
            assert state.clock == (6, 3, 5) and state.points[ORANGE] == 9
            assert state.cups[4] == (-1, ORANGE, -1)
    assert state.clock == (2, 3, 6)
    state = fz.apply(state, fz.Pass(0))          # blue passes last: Cosimo travels
    assert fz.current_player(state) == CHANCE and state.points == (2, 14, 19)
    state = fz.apply(state, fz.CardDrawn(3))     # the card orange draws at 5
    assert state.hands[ORANGE] == (3,) and state.round == 2
    assert fz.current_player(state) == CHANCE and state.draws[0][1] == 3   # sector 4's tiles
    state = fz.apply(state, fz.TileDrawn(2))
    state = fz.apply(state, fz.TimeDrawn(5))
    assert state.sector_loc[3] == 1 and state.sector_time[3] == 5 and state.targets[0] == 1
    assert state.points == (2, 14, 19) and fz.current_player(state) == ORANGE
    assert state.carriages[0] == 5              # Cosimo stands at 6
