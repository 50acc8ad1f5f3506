"""The twelve scandal cards (Die Skandalkarten) and the action that plays them."""

from __future__ import annotations

import pytest
from regelwerk.engine import florenz as fz

from tests.refusals import refused

BLUE, ORANGE, VIOLET = 0, 1, 2
DEB, LADY, MAESTRO = 0, 1, 2
CARD = {kind: m * 4 + k for m, kinds in enumerate(fz.default_rules().scandal_kinds)
        for k, kind in enumerate(kinds)}


def holding(card: str, clock: int = 12, **queues: list[tuple[int, int]]) -> fz.State:
    """Blue to act, holding ``card`` (dealt through chance) and ``clock`` time."""
    state = fz.set_up({"players": 3})
    state = fz.with_queues(state, {int(k[1:]): v for k, v in queues.items()})
    state = fz.dealt(state, BLUE, CARD[card])
    return state._replace(phase=fz.Phase.ACTIONS, current=BLUE, clock=(clock, 12, 12))


def by_steps(state: fz.State, action: fz.Scandal) -> fz.State:
    """``state`` after the play ``action`` stands for, step by step (issue 33): each step is
    listed among the legal actions when its turn comes, and the card is out of the hand,
    being played, until the last."""
    held = len(state.hands[BLUE])
    first, *rest = fz.steps_of(state, action)
    for step in (first, *rest):
        if step is not first and not state.scandal:
            assert type(step) is fz.ScandalStop     # a walk's play ends once nothing is left
            continue
        assert step in fz.legal_actions(state), (step, fz.legal_actions(state))
        state = fz.apply(state, step)
        assert len(state.hands[BLUE]) == held - 1
    assert not state.scandal
    return state


def played(state: fz.State, action: fz.Scandal) -> fz.State:
    """``state`` after ``action``, played step by step and, the same, as the whole play an
    old record holds."""
    after = by_steps(state, action)
    assert fz.apply(state, action) == after
    assert len(after.hands[BLUE]) == len(state.hands[BLUE]) - 1 and after.current == ORANGE
    card = state.hands[BLUE][action.index]
    assert after.discards[card // 4][-1] == card
    return after


@pytest.mark.clause("florenz:scandal.play")
def test_card_kinds_per_medici_and_play_needs_time() -> None:
    assert [fz.card_kind(holding("retire"), CARD[k]) for k in CARD] == list(CARD)
    state = holding("long_walk", clock=2, l1=[(BLUE, DEB)])
    assert not [a for a in fz.legal_actions(state) if isinstance(a, fz.ScandalCard)]
    refused(fz, state, fz.ScandalCard(0), "florenz:time.clock")
    refused(fz, state, fz.Scandal(0, state.queue(1)[0], 2), "florenz:time.clock")
    refused(fz, state, fz.Scandal(3), "florenz:scandal.play")


@pytest.mark.clause("florenz:scandal.guard_anywhere", "florenz:guard.crest")
def test_guard_anywhere_joins_a_foreign_guard() -> None:
    state = holding("guard_anywhere", l1=[(BLUE, DEB)])
    state = state._replace(spies=((ORANGE,),) + ((),) * 8, doormen=((BLUE,),) + ((),) * 8)
    after = played(state, fz.Scandal(0, 1, 1))
    assert after.spies[0] == (ORANGE, BLUE) and after.guards[BLUE] == 5
    assert after.clock[BLUE] == 12 - state.rules.scandal_costs["guard_anywhere"]
    refused(fz, state, fz.Scandal(0, 2, 1), "florenz:scandal.guard_anywhere")   # own doorman there


@pytest.mark.clause("florenz:scandal.any_gift", "florenz:action.gift_cost")
def test_any_gift_costs_the_usual_time_without_presence() -> None:
    state = holding("any_gift", l9=[(BLUE, DEB)])._replace(carriages=(0, 1, 2))
    state = state._replace(given=((0, 2, 0),) + state.given[1:])
    after = played(state, fz.Scandal(0, 1, 5))
    assert after.clock[BLUE] == 12 - 4 and after.given[BLUE] == (0, 3, 0)
    assert after.spies[4] == (BLUE,) and after.gifts[BLUE] == state.gifts[BLUE] - 1


@pytest.mark.clause("florenz:scandal.retrieve_cup")
def test_retrieve_cup_keeps_points_and_allows_boasting_again() -> None:
    state = holding("retrieve_cup", l1=[(BLUE, DEB)])
    state = state._replace(cups=((-1, BLUE, -1),) + state.cups[1:], points=(9, 0, 0))
    refused(fz, state, fz.Boast(1), "florenz:action.boast")   # Blue's cup is on that board
    after = played(state, fz.Scandal(0, 1))
    assert after.cups[0] == (-1, -1, -1) and after.points[BLUE] == 9
    # (Until actions compared by kind, Boast(1) == Pass(1) hid that the old set-up,
    # with Orange's cup on the only field Blue's achievement allows, could not boast.)
    assert fz.Boast(1) in fz.legal_actions(after._replace(current=BLUE))
    refused(fz, state, fz.Scandal(0, 2), "florenz:scandal.retrieve_cup")


@pytest.mark.clause("florenz:scandal.move_anywhere", "florenz:queue.capacity")
def test_move_anywhere_needs_space_and_ignores_escorts() -> None:
    state = holding("move_anywhere", l1=[(BLUE, DEB)], l2=[(ORANGE, DEB)] * 4,
                    l9=[(ORANGE, LADY)])
    piece = state.queue(1)[0]
    escorts = tuple((ORANGE,) for _ in state.escorts)
    state = state._replace(escorts=escorts)
    after = played(state, fz.Scandal(0, piece, 9))
    assert after.queue(9) == (state.queue(9)[0], piece) and after.points == (0, 0, 0)
    refused(fz, state, fz.Scandal(0, piece, 2), "florenz:scandal.move_anywhere")
    refused(fz, state, fz.Scandal(0, piece, 1), "florenz:scandal.move_anywhere")


@pytest.mark.clause("florenz:scandal.neighbour_swap", "florenz:queue.rank")
def test_neighbour_swap_lower_rank_next_door() -> None:
    state = holding("neighbour_swap", l1=[(BLUE, LADY)], l2=[(ORANGE, LADY), (ORANGE, DEB)],
                    l5=[(VIOLET, DEB)])
    lady, orange_deb = state.queue(1)[0], state.queue(2)[1]
    after = played(state, fz.Scandal(0, lady, orange_deb))
    assert after.queue(1) == (orange_deb,) and after.queue(2) == (state.queue(2)[0], lady)
    assert after.clock[BLUE] == 12 - state.rules.scandal_costs["neighbour_swap"]
    refused(fz, state, fz.Scandal(0, lady, state.queue(2)[0]), "florenz:scandal.neighbour_swap")
    refused(fz, state, fz.Scandal(0, lady, state.queue(5)[0]), "florenz:scandal.neighbour_swap")


@pytest.mark.clause("florenz:scandal.queue_swap", "florenz:queue.rank")
def test_queue_swap_same_rank_other_family() -> None:
    state = holding("queue_swap", l1=[(BLUE, DEB)],
                    l4=[(ORANGE, LADY), (VIOLET, DEB), (ORANGE, DEB), (VIOLET, DEB)])
    q = state.queue(4)
    after = played(state, fz.Scandal(0, q[1], q[2]))
    assert after.queue(4) == (q[0], q[2], q[1], q[3])
    refused(fz, state, fz.Scandal(0, q[0], q[1]), "florenz:scandal.queue_swap")   # across ranks
    refused(fz, state, fz.Scandal(0, q[1], q[3]), "florenz:scandal.queue_swap")   # same family


@pytest.mark.clause("florenz:scandal.long_walk", "florenz:guard.escort")
def test_long_walk_paths_escorts_and_two_members() -> None:
    state = holding("long_walk", l1=[(BLUE, DEB), (BLUE, DEB)], l2=[(ORANGE, DEB)] * 4)
    a, b = state.queue(1)
    escorts = list(state.escorts)
    escorts[state.rules.edge_index[(1, 2)]] = (ORANGE,)     # path 2-3
    state = state._replace(escorts=tuple(escorts))
    assert 236 in fz.walks(state, a) and 2 not in fz.walks(state, a)      # 2 is full
    assert 121 not in fz.walks(state, a) and 1236 not in fz.walks(state, a)
    after = played(state, fz.Scandal(0, a, 236, b, 4))
    assert after.where[a] == 5 and after.where[b] == 3 and after.points[ORANGE] == 2
    assert after.clock[BLUE] == 12 - state.rules.scandal_costs["long_walk"]
    refused(fz, state, fz.Scandal(0, a, 236, a, 4), "florenz:scandal.long_walk")


@pytest.mark.clause("florenz:scandal.chaperoned")
def test_chaperoned_debutant_joins_own_lady() -> None:
    state = holding("chaperoned", l3=[(BLUE, LADY), (ORANGE, DEB)], l4=[(BLUE, DEB)])
    after = played(state, fz.Scandal(0, 3))
    assert [(after.family_of(p), after.rank_of(p)) for p in after.queue(3)] == [
        (BLUE, LADY), (ORANGE, DEB), (BLUE, DEB)]
    refused(fz, state, fz.Scandal(0, 4), "florenz:scandal.chaperoned")


@pytest.mark.clause("florenz:scandal.promote", "florenz:queue.rank")
def test_promote_card_debutant_to_lady_for_less() -> None:
    state = holding("promote", l6=[(BLUE, LADY), (ORANGE, DEB), (BLUE, DEB)])
    deb = state.queue(6)[2]
    after = played(state, fz.Scandal(0, deb))
    assert [after.rank_of(p) for p in after.queue(6)] == [LADY, LADY, DEB]
    assert after.clock[BLUE] == 12 - state.rules.scandal_costs["promote"]
    refused(fz, state, fz.Scandal(0, state.queue(6)[0]), "florenz:scandal.promote")


@pytest.mark.clause("florenz:scandal.retire")
def test_retire_for_good_gains_time() -> None:
    state = holding("retire", clock=5, l7=[(BLUE, DEB)])
    piece = state.queue(7)[0]
    after = played(state, fz.Scandal(0, piece))
    assert after.queue(7) == () and after.clock[BLUE] == 5 + state.rules.spec[
        "scandal.remove_time"]
    assert after.where[piece] == -2 and piece not in after.on_board(BLUE)


@pytest.mark.clause("florenz:scandal.advance")
def test_advance_to_front_of_rank() -> None:
    state = holding("advance", l8=[(ORANGE, LADY), (ORANGE, DEB), (VIOLET, DEB), (BLUE, DEB)])
    mine = state.queue(8)[3]
    after = played(state, fz.Scandal(0, mine))
    assert after.queue(8) == (state.queue(8)[0], mine, *state.queue(8)[1:3])
    refused(fz, fz.dealt(after._replace(current=BLUE), BLUE, CARD["advance"]), fz.Scandal(0, mine),
            "florenz:scandal.advance")


@pytest.mark.clause("florenz:scandal.boast_anywhere", "florenz:action.boast")
def test_boast_anywhere_counts_the_played_card() -> None:
    state = fz.set_up({"players": 3}, boards={6: "scandalmonger"})
    state = fz.with_queues(state, {1: [(BLUE, DEB)]})
    state = fz.dealt(state, BLUE, CARD["boast_anywhere"], CARD["retire"])
    state = state._replace(phase=fz.Phase.ACTIONS, current=BLUE)
    after = played(state, fz.Scandal(0, 6))
    assert after.points[BLUE] == 2 * state.rules.boast_values[fz.BOASTS.index("scandalmonger")]
    assert BLUE in after.cups[5] and after.hands[BLUE] == (CARD["retire"],)


@pytest.mark.clause("florenz:scandal.play")
def test_scandal_records_round_trip() -> None:
    action = fz.Scandal(1, 3, 452, -1, -1)
    assert fz.action_from_json(fz.action_to_json(action)) == action


@pytest.mark.clause("florenz:scandal.play", "florenz:medici.boast_reward")
def test_scandal_sets_belong_to_their_medici() -> None:
    """interp.scandal_sets: Cosimo's pile holds the movement cards (Figliolo), Contessina's
    the rank cards (Carissima), Giovanni's the card that gives time (Messere)."""
    rules = fz.default_rules()
    kinds = rules.scandal_kinds
    assert {"move_anywhere", "long_walk"} <= set(kinds[fz.MEDICI.index("cosimo")])
    assert {"promote", "advance", "neighbour_swap"} <= set(kinds[fz.MEDICI.index("contessina")])
    assert set(kinds[fz.MEDICI.index("giovanni")]) == {
        "retrieve_cup", "queue_swap", "retire", "boast_anywhere"}     # retire gives time


@pytest.mark.clause("florenz:scandal.retrieve_cup", "florenz:boast.unmistakable")
def test_a_retrieved_cup_no_longer_counts_as_placed() -> None:
    """interp.retrieved_cup: 'Unüberhörbar' counts the cups lying on boards; one taken back
    with Messere's card is on the family board again and does not count."""
    state = holding("retrieve_cup", l1=[(BLUE, DEB)], l2=[(BLUE, DEB)])
    loud = fz.BOASTS.index("unmistakable")
    state = state._replace(cups=((-1, BLUE, -1), (BLUE, -1, -1)) + state.cups[2:],
                           boards=(0, 1, loud) + state.boards[3:])
    value = state.rules.boast_values[loud]
    assert fz.achievement(state, BLUE, 2) == value * 3           # two on boards, this one
    after = played(state, fz.Scandal(0, 1))
    assert fz.achievement(after, BLUE, 2) == value * 2
