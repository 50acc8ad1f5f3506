"""Single rules of Florenz and the interpretation register's decisions."""

from __future__ import annotations

import dataclasses

import pytest
from regelwerk.engine import florenz as fz

from tests.refusals import refused

BLUE, ORANGE, VIOLET = 0, 1, 2
DEB, LADY, MAESTRO = 0, 1, 2


def acting(family: int = BLUE, players: int = 3, **queues: list[tuple[int, int]]) -> fz.State:
    state = fz.set_up({"players": players})
    state = fz.with_queues(state, {int(k[1:]): v for k, v in queues.items()})
    return state._replace(phase=fz.Phase.ACTIONS, current=family)


@pytest.mark.clause("florenz:setup.families", "florenz:setup.board", "florenz:setup.disc",
                    "florenz:setup.decks", "florenz:time.gain")
def test_setup_supplies_and_disc() -> None:
    state = fz.new_game(7, {"players": 4})
    rules = state.rules
    assert state.clock == (12,) * 4 and state.gifts == (3,) * 4 and state.guards == (6,) * 4
    assert sorted(state.boards) == list(range(9)) and len(set(state.plans)) == 4
    assert set(state.carriages).isdisjoint(state.sector_loc[:3])
    assert sorted(state.carriages) == sorted(state.loc_bottom)         # used tiles at the bottom
    assert set(state.loc_stack).isdisjoint(state.carriages + state.targets)
    assert state.targets == state.sector_loc[:3] and state.sector_time[0] == 12
    assert sorted(state.time_stack + state.sector_time[1:3]) == list(rules.time_tiles)
    for m, deck in enumerate(state.decks):
        assert sorted(deck) == sorted(list(range(4 * m, 4 * m + 4)) * 3)


@pytest.mark.clause("florenz:setup.blocked", "florenz:queue.capacity")
@pytest.mark.parametrize(("players", "capacity"), [(2, 4), (3, 4), (4, 7), (5, 7)])
def test_blocked_spaces_by_family_count(players: int, capacity: int) -> None:
    assert fz.new_game(0, {"players": players}).rules.capacity == capacity


@pytest.mark.clause("florenz:setup.first_debutants")
def test_first_debutants_in_reverse_order_on_empty_queues() -> None:
    state = fz.set_up({"players": 4}, start=1)
    order = []
    for loc in (1, 2, 3, 4):
        order.append(state.current)
        if loc == 2:
            refused(fz, state, fz.Place(1), "florenz:setup.first_debutants")
        state = fz.apply(state, fz.Place(loc))
    assert order == [0, 3, 2, 1] and state.phase == fz.Phase.ACTIONS and state.current == 1


@pytest.mark.clause("florenz:time.clock")
def test_clock_surplus_lost_and_cost_needs_time() -> None:
    assert fz.gain_time(11, 5, 12) == 12
    state = acting(l1=[(BLUE, DEB)])._replace(clock=(3, 12, 12))
    refused(fz, state, fz.Send(2), "florenz:time.clock")


@pytest.mark.clause("florenz:turn.order", "florenz:action.pass", "florenz:action.pass_first")
def test_pass_ring_first_bonus_and_last_passer() -> None:
    state = acting(l1=[(BLUE, DEB)])._replace(clock=(5, 5, 5))
    state = fz.apply(state, fz.Pass(4))
    assert state.clock[BLUE] == 7 and state.rings[BLUE] == 3 and state.current == ORANGE
    refused(fz, state, fz.Pass(4), "florenz:action.pass")
    state = fz.apply(state, fz.Pass(5))
    assert state.clock[ORANGE] == 5
    assert fz.legal_actions(state._replace(current=VIOLET))[0] == fz.Pass(0)


@pytest.mark.clause("florenz:action.passed_bonus")
def test_passed_family_takes_a_bonus() -> None:
    state = acting(l1=[(BLUE, DEB)])._replace(passed=(True, False, False), rings=(0, -1, -1))
    assert fz.apply(state, fz.BonusPoint()).points[BLUE] == 1
    refused(fz, state, fz.Send(2), "florenz:action.passed_bonus")


@pytest.mark.clause("florenz:action.passed_bonus", "florenz:queue.rank")
def test_swap_only_with_same_rank_neighbour() -> None:
    state = acting(l1=[(ORANGE, LADY), (BLUE, DEB), (ORANGE, DEB), (BLUE, DEB)])
    state = state._replace(passed=(True, False, False), rings=(0, -1, -1))
    swaps = [a for a in fz.legal_actions(state) if isinstance(a, fz.BonusSwap)]
    queue = state.queue(1)
    assert swaps == [fz.BonusSwap(queue[1], queue[2]), fz.BonusSwap(queue[3], queue[2])]
    after = fz.apply(state, swaps[0])
    assert [after.family_of(p) for p in after.queue(1)] == [ORANGE, ORANGE, BLUE, BLUE]
    refused(fz, state, fz.BonusSwap(queue[1], queue[0]), "florenz:action.passed_bonus")


@pytest.mark.clause("florenz:action.send")
def test_send_joins_back_and_needs_a_debutant() -> None:
    state = acting(l1=[(ORANGE, DEB)])
    after = fz.apply(state, fz.Send(1))
    assert after.clock[BLUE] == 8 and after.family_of(after.queue(1)[1]) == BLUE
    empty = fz.with_queues(state, {k: [(BLUE, DEB)] for k in range(1, 6)})
    refused(fz, empty, fz.Send(7), "florenz:action.send")


@pytest.mark.clause("florenz:queue.capacity", "florenz:guard.doorman")
def test_doorman_cannot_enter_full_queue() -> None:
    state = acting(l1=[(BLUE, DEB)], l2=[(ORANGE, DEB)] * 4)
    state = state._replace(doormen=((),) + ((BLUE,),) + ((),) * 7)
    refused(fz, state, fz.Move(state.queue(1)[0], 2), "florenz:queue.capacity")


@pytest.mark.clause("florenz:guard.doorman")
def test_doorman_puts_newcomer_before_equals() -> None:
    state = acting(l1=[(BLUE, DEB)], l2=[(ORANGE, LADY), (ORANGE, DEB)])
    state = state._replace(doormen=((),) + ((BLUE,),) + ((),) * 7)
    after = fz.apply(state, fz.Move(state.queue(1)[0], 2))
    assert [(after.family_of(p), after.rank_of(p)) for p in after.queue(2)] == [
        (ORANGE, LADY), (BLUE, DEB), (ORANGE, DEB)]


@pytest.mark.clause("florenz:action.promote", "florenz:guard.doorman")
def test_promotion_with_doorman_goes_to_front_of_rank() -> None:
    state = acting(l1=[(ORANGE, LADY), (BLUE, DEB)])
    state = state._replace(doormen=((BLUE,),) + ((),) * 8)
    after = fz.apply(state, fz.Promote(state.queue(1)[1]))
    assert [(after.family_of(p), after.rank_of(p)) for p in after.queue(1)] == [
        (BLUE, LADY), (ORANGE, LADY)]
    assert after.clock[BLUE] == 7


@pytest.mark.clause("florenz:action.promote")
def test_promote_one_rank_only_and_needs_supply() -> None:
    state = acting(l1=[(BLUE, MAESTRO), (BLUE, DEB)])
    refused(fz, state, fz.Promote(state.queue(1)[0]), "florenz:action.promote")
    assert fz.Promote(state.queue(1)[1]) in fz.legal_actions(state)


@pytest.mark.clause("florenz:action.move", "florenz:guard.escort")
def test_move_orthogonal_only_with_escorts() -> None:
    state = acting(l1=[(BLUE, DEB), (BLUE, DEB)])
    e12 = state.rules.edge_index[(0, 1)]
    escorts = list(state.escorts)
    escorts[e12] = (BLUE,)
    e14 = state.rules.edge_index[(0, 3)]
    escorts[e14] = (ORANGE,)
    state = state._replace(escorts=tuple(escorts), clock=(10, 12, 12))
    refused(fz, state, fz.Move(state.queue(1)[0], 5), "florenz:action.move")   # park path
    after = fz.apply(state, fz.Move(state.queue(1)[0], 2))
    assert after.clock[BLUE] == 10 and after.points == (0, 0, 0)      # -1 move, +1 own escort
    after = fz.apply(state, fz.Move(state.queue(1)[0], 4))
    assert after.points[ORANGE] == 2 and after.clock[BLUE] == 9


@pytest.mark.clause("florenz:action.hurry")
def test_hurry_passes_through_full_queue() -> None:
    state = acting(l1=[(BLUE, DEB), (BLUE, DEB)], l2=[(ORANGE, DEB)] * 4)
    piece = state.queue(1)[0]
    after = fz.apply(state, fz.HurryTwice(piece, 2, 3))
    assert after.where[piece] == 2 and after.clock[BLUE] == 9 and len(after.queue(2)) == 4
    refused(fz, state, fz.HurryTwice(piece, 2, 2), "florenz:action.hurry")
    pair = fz.HurryPair(piece, 4, state.queue(1)[1], 4)
    assert fz.apply(state, pair).queue(4) == (piece, state.queue(1)[1])


@pytest.mark.clause("florenz:action.boast")
def test_boast_needs_member_and_one_cup_per_board() -> None:
    state = acting(l1=[(BLUE, DEB)])
    refused(fz, state, fz.Boast(2), "florenz:action.boast")
    after = fz.apply(state, fz.Boast(1))
    refused(fz, after._replace(current=BLUE), fz.Boast(1), "florenz:action.boast")
    full = state._replace(cups=((ORANGE, VIOLET, -1),) + state.cups[1:])
    if fz.achievement(full, BLUE, 0) < 13:
        refused(fz, full, fz.Boast(1), "florenz:action.boast")


@pytest.mark.clause("florenz:boast.great_influence", "florenz:boast.unmistakable",
                    "florenz:boast.scandalmonger", "florenz:boast.sharp_elbows",
                    "florenz:boast.rising", "florenz:boast.strongly_represented",
                    "florenz:boast.generous", "florenz:boast.ruler_of_the_street",
                    "florenz:boast.omnipresent")
def test_every_boast_board() -> None:
    state = acting(l1=[(BLUE, LADY), (BLUE, DEB)], l4=[(ORANGE, DEB), (BLUE, MAESTRO)],
                   l9=[(BLUE, DEB)])
    state = fz.dealt(state, BLUE, 1, 2)
    state = state._replace(given=((1, 0, 2),) + state.given[1:],
                           cups=((BLUE, -1, -1),) + state.cups[1:])
    expected = {"great_influence": 10, "unmistakable": 6, "scandalmonger": 6,
                "sharp_elbows": 6, "ruler_of_the_street": 6, "rising": 9,
                "strongly_represented": 4, "generous": 9, "omnipresent": 6}
    for kind, points in expected.items():
        assert fz.achievement(state, BLUE, 0, fz.BOASTS.index(kind)) == points, kind


@pytest.mark.clause("florenz:action.gift", "florenz:action.gift_cost", "florenz:guard.crest")
def test_gift_cost_rises_and_places_guard() -> None:
    state = acting(l1=[(BLUE, DEB)])._replace(carriages=(0, 1, 2))
    state = fz.apply(state, fz.Gift(0, 3))
    assert state.clock[BLUE] == 10 and state.escorts[3] == (BLUE,) and state.guards[BLUE] == 5
    state = state._replace(current=BLUE)
    assert fz.gift_cost(state, BLUE, 0) == 3
    refused(fz, state, fz.Gift(0, 3), "florenz:guard.crest")
    refused(fz, state, fz.Gift(1, 1), "florenz:action.gift")          # no member at carriage 2


@pytest.mark.clause("florenz:action.gift", "florenz:guard.crest")
def test_gift_without_free_crest_places_no_guard() -> None:
    state = acting(l1=[(BLUE, DEB)])._replace(carriages=(0, 1, 2), guards=(0, 6, 6))
    assert fz.legal_actions(state).count(fz.Gift(0, -1)) == 1
    after = fz.apply(state, fz.Gift(0, -1))
    assert after.given[BLUE] == (1, 0, 0) and after.guards[BLUE] == 0


@pytest.mark.clause("florenz:guard.spy", "florenz:hand.limit")
def test_spy_with_full_hand_gives_time() -> None:
    empty = acting(l2=[(ORANGE, DEB)])._replace(spies=((),) + ((BLUE,),) + ((),) * 7,
                                                clock=(8, 12, 12))
    state = fz.dealt(empty, BLUE, 5, 5, 5, 4, 4)      # a full hand (hand.limit)
    assert len(state.hands[BLUE]) == state.rules.hand_limit and state.clock == empty.clock
    after = fz.visit(state, 1, 1)                  # a full hand: time instead, nothing drawn
    assert fz.current_player(after) == BLUE and after.draws == ()
    assert after.hands[BLUE] == state.hands[BLUE] and after.clock[BLUE] == 9
    assert after.decks == state.decks
    drawing = fz.visit(empty, 1, 1)
    assert [a.card for a in fz.legal_actions(drawing)] == [7, 6, 5, 4]    # Contessina's cards
    drawn = fz.apply(drawing, fz.CardDrawn(5))
    assert drawn.hands[BLUE] == (5,) and drawn.clock[BLUE] == 8


@pytest.mark.clause("florenz:action.discard_for_time")
def test_discard_for_time_is_not_an_action() -> None:
    state = fz.dealt(acting(l1=[(BLUE, DEB)]), BLUE, 4)._replace(clock=(7, 12, 12))
    after = fz.apply(state, fz.DiscardForTime(0))
    assert after.current == BLUE and after.clock[BLUE] == 8 and after.hands[BLUE] == ()
    assert after.discards[1] == (4,)
    refused(fz, after, fz.DiscardForTime(0), "florenz:action.discard_for_time")


@pytest.mark.clause("florenz:scoring.giovanni", "florenz:scoring.giovanni_one_reward")
def test_giovanni_family_that_cannot_pay_is_passed_over() -> None:
    state = fz.set_up({"players": 3}, carriages=(1, 4, 2), targets=(5, 6, 3))
    state = fz.with_queues(state, {3: [(ORANGE, DEB), (ORANGE, DEB), (BLUE, DEB), (VIOLET, DEB)]})
    state = state._replace(round=3, phase=fz.Phase.ACTIONS, passed=(True,) * 3,
                           clock=(12, 2, 12))
    state = fz.medici_phase(state)
    assert state.current == BLUE and state.offer[1] == 0     # orange cannot pay 4
    state = fz.apply(state, fz.Decline())
    assert state.current == VIOLET and state.offer[1] == 0   # blue out; same place offered
    refused(fz, state._replace(clock=(12, 2, 3)), fz.Accept(), "florenz:time.clock")


@pytest.mark.clause("florenz:medici.move", "florenz:cleanup.start_coin", "florenz:cleanup.disc",
                    "florenz:cleanup.gifts")
def test_cleanup_turns_disc_and_passes_coin() -> None:
    state = fz.new_game(3, {"players": 2})
    while state.phase == fz.Phase.SETUP:
        state = fz.apply(state, fz.legal_actions(state)[0])
    start, sectors = state.start, state.sector_loc
    for _ in range(2):
        state = fz.apply(state, fz.legal_actions(state)[0] if state.passed[state.current]
                         else next(a for a in fz.legal_actions(state) if isinstance(a, fz.Pass)))
    assert state.round == 2 and state.start == 1 - start
    assert state.carriages[0] == sectors[0] and state.targets[0] == state.sector_loc[3] != -1
    gifts = fz.apply(state, fz.Pass(1))
    assert gifts.gifts == state.gifts


@pytest.mark.clause("florenz:end.time", "florenz:end.plan", "florenz:end.winner")
def test_end_scoring_and_tie_breaks() -> None:
    state = acting(l1=[(BLUE, DEB)] * 2, l2=[(BLUE, DEB)], l4=[(BLUE, LADY)])
    state = state._replace(plans=(0, 1, 2))
    assert fz.plan_points(state, BLUE) == 10 and fz.plan_points(state, ORANGE) == 0
    assert fz.time_points(3, state.rules) == 1
    assert fz.winners([10, 10, 9], [3, 2, 9], [0, 5, 5]) == (0,)
    assert fz.winners([10, 10], [3, 3], [1, 2]) == (1,)
    assert fz.winners([10, 10], [3, 3], [2, 2]) == (0, 1)


@pytest.mark.clause("florenz:round.sequence")
def test_game_ends_after_nine_rounds() -> None:
    state = fz.new_game(1, {"players": 2})
    while not fz.is_terminal(state):
        legal = fz.legal_actions(state)
        passes = [a for a in legal if isinstance(a, (fz.Pass, fz.BonusTime, fz.Place, fz.Decline))]
        state = fz.apply(state, passes[0])
    assert state.round == 9 and fz.result(state)["winners"]
    assert all(t == -1 for t in state.targets)


def test_mutant_rule_fns_reach_the_engine() -> None:
    """A broken insert rule given through Rules.fns changes the engine (mutants are real)."""
    rules = dataclasses.replace(fz.default_rules(3), fns=fz.RuleFns(
        insert_position=lambda ranks, length, new_rank, doorman, ops=None: length))
    state = acting(l1=[(BLUE, DEB)], l2=[(ORANGE, DEB)])._replace(rules=rules)
    after = fz.apply(state, fz.Move(state.queue(1)[0], 2))
    assert after.queue(2)[-1] == state.queue(1)[0]
