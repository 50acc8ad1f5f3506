"""The register's other readings of the multiplayer rules and the scandal cards (issue 29):
each variant's own code path, its outcome worked out from the rule text and the spec,
beside the decision's (whose own tests are in test_rules.py and test_scandals.py)."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.florenz import cleanup, solo
from regelwerk.engine.florenz.scoring import plan_points, time_points
from regelwerk.engine.florenz.state import RESERVE

from tests.refusals import refused

BLUE, ORANGE, VIOLET = 0, 1, 2
YOU, STROZZI = 0, 1
DEB, LADY, MAESTRO = 0, 1, 2
SPEC = fz.default_rules().spec
CARD = {kind: m * 4 + k for m, kinds in enumerate(fz.default_rules().scandal_kinds)
        for k, kind in enumerate(kinds)}


def acting(options: dict[str, Any] | None = None, family: int = BLUE,
           **queues: list[tuple[int, int]]) -> fz.State:
    """Three families (or ``options``), ``family`` to act, members in ``queues`` (l1=...)."""
    state = fz.set_up({"players": 3, **(options or {})})
    state = fz.with_queues(state, {int(k[1:]): v for k, v in queues.items()})
    return state._replace(phase=fz.Phase.ACTIONS, current=family)


def holding(card: str, options: dict[str, Any] | None = None,
            **queues: list[tuple[int, int]]) -> fz.State:
    """Blue to act with 12 time, holding ``card`` (dealt through chance)."""
    state = fz.dealt(acting(options, **queues), BLUE, CARD[card])
    return state._replace(phase=fz.Phase.ACTIONS, current=BLUE, clock=(12, 12, 12))


@pytest.mark.clause("florenz:action.passed_bonus", "florenz:queue.rank")
def test_swap_then_resort_offers_swaps_the_rank_order_undoes() -> None:
    """Blue's ring at 1: its debutant behind Orange's lady. Read 'swap, then sort again',
    the swap across the ranks is offered and the queue sorts back to what it was: the
    bonus is used up for nothing (no time, no point)."""
    queues = {"l1": [(ORANGE, LADY), (BLUE, DEB), (ORANGE, DEB), (BLUE, DEB)]}
    decided = acting(**queues)._replace(passed=(True, False, False), rings=(0, -1, -1))
    other = acting({"swap_rank_boundary": "swap_then_resort"}, **queues)._replace(
        passed=(True, False, False), rings=(0, -1, -1))
    queue = decided.queue(1)
    across = fz.BonusSwap(queue[1], queue[0])
    refused(fz, decided, across, "florenz:action.passed_bonus")
    assert across in fz.legal_actions(other)
    after = fz.apply(other, across)
    assert after.queue(1) == queue and after.clock == other.clock
    assert after.points == other.points and after.current == ORANGE
    same = fz.apply(other, fz.BonusSwap(queue[1], queue[2]))      # equal ranks: as decided
    assert [same.family_of(p) for p in same.queue(1)] == [ORANGE, ORANGE, BLUE, BLUE]


@pytest.mark.clause("florenz:action.promote", "florenz:guard.doorman")
def test_promotion_without_doorman_goes_behind_its_new_equals() -> None:
    """Blue's doorman at 1; Blue's debutant there becomes a lady: in front of Orange's lady
    as a newcomer with a doorman (decided), behind her when a promotion is no arrival."""
    for value, order in (("promotion_enters", [(BLUE, LADY), (ORANGE, LADY)]),
                         ("no_doorman", [(ORANGE, LADY), (BLUE, LADY)])):
        state = acting({"doorman_promotion": value}, l1=[(ORANGE, LADY), (BLUE, DEB)])
        state = state._replace(doormen=((BLUE,),) + ((),) * 8)
        after = fz.apply(state, fz.Promote(state.queue(1)[1]))
        assert [(after.family_of(p), after.rank_of(p)) for p in after.queue(1)] == order
        assert after.clock[BLUE] == state.clock[BLUE] - SPEC["costs.promote"]


@pytest.mark.clause("florenz:guard.spy", "florenz:hand.limit")
def test_spy_with_full_hand_gives_nothing_under_the_other_reading() -> None:
    """Blue's spy at 2, a full hand: Contessina's visit gives hand.overflow_time (decided)
    or nothing; no card is drawn either way."""
    for value, gained in (("time", SPEC["hand.overflow_time"]), ("nothing", 0)):
        empty = acting({"spy_full_hand": value}, l2=[(ORANGE, DEB)])._replace(
            spies=((),) + ((BLUE,),) + ((),) * 7, clock=(8, 12, 12))
        state = fz.dealt(empty, BLUE, 5, 5, 5, 4, 4)
        assert len(state.hands[BLUE]) == SPEC["hand.limit"]
        after = fz.visit(state, 1, 1)
        assert after.draws == () and after.hands[BLUE] == state.hands[BLUE]
        assert after.clock[BLUE] == 8 + gained


@pytest.mark.clause("florenz:action.gift", "florenz:guard.crest")
def test_no_gift_without_a_guard_to_place() -> None:
    """Blue has no guard left: the gift without a guard (decided), or no gift at all."""
    state = acting({"gift_no_crest": "no_gift"}, l1=[(BLUE, DEB)])
    state = state._replace(carriages=(0, 1, 2), guards=(0, 6, 6))
    assert not [a for a in fz.legal_actions(state) if isinstance(a, fz.Gift)]
    refused(fz, state, fz.Gift(0, -1), "florenz:guard.crest")
    guarded = state._replace(guards=(6, 6, 6))
    assert any(isinstance(a, fz.Gift) for a in fz.legal_actions(guarded))


@pytest.mark.clause("florenz:action.discard_for_time", "florenz:end.time")
def test_cards_held_at_the_end_become_time_under_any_moment() -> None:
    """A card in Blue's hand at the end scoring: discarded 'at any moment', it is worth
    hand.discard_time more on the clock that the end scoring turns into points; offered at
    the family's own decisions only, it stays in the hand."""
    rounds = SPEC["rounds.count"]
    for value in ("own_decision", "always"):
        state = fz.dealt(acting({"discard_moment": value}, l1=[(BLUE, DEB)]), BLUE, 4)
        state = state._replace(round=rounds, clock=(7, 12, 12), points=(0, 0, 0))
        after = cleanup.cleanup(state)
        clock = 7 + (SPEC["hand.discard_time"] if value == "always" else 0)
        assert after.phase == fz.Phase.OVER
        assert after.points[BLUE] == time_points(clock, state.rules) + plan_points(state, BLUE)
        assert after.hands[BLUE] == (() if value == "always" else (4,))
    assert time_points(7 + SPEC["hand.discard_time"], state.rules) != time_points(7, state.rules)


@pytest.mark.clause("florenz:scandal.boast_anywhere", "florenz:action.boast")
def test_boast_anywhere_without_the_played_card() -> None:
    """'Skandalnudel' at 6, two cards in Blue's hand, one of them Messere's 'boast anywhere':
    the played card still counts while its effect happens (decided), or it is gone."""
    value = fz.default_rules().boast_values[fz.BOASTS.index("scandalmonger")]
    for reading, cards in (("held_until_done", 2), ("gone_at_once", 1)):
        state = fz.set_up({"players": 3, "scandal_card_held": reading},
                          boards={6: "scandalmonger"})
        state = fz.with_queues(state, {1: [(BLUE, DEB)]})
        state = fz.dealt(state, BLUE, CARD["boast_anywhere"], CARD["retire"])
        state = state._replace(phase=fz.Phase.ACTIONS, current=BLUE)
        after = fz.apply(state, fz.Scandal(0, 6))
        assert after.points[BLUE] == cards * value and after.hands[BLUE] == (CARD["retire"],)


@pytest.mark.clause("florenz:scandal.any_gift", "florenz:action.gift_cost")
def test_any_gift_costs_the_card_figure_on_top() -> None:
    """Carissima's gift to Contessina, Blue's third to her: the usual gift time
    (costs.gift_base + 2 * costs.gift_step), and the card's -2* (costs.gift_base) on top
    under the reading extra."""
    usual = SPEC["costs.gift_base"] + 2 * SPEC["costs.gift_step"]
    for value, cost in (("gift_time_only", usual), ("extra", usual + SPEC["costs.gift_base"])):
        state = holding("any_gift", {"any_gift_cost": value}, l9=[(BLUE, DEB)])
        state = state._replace(carriages=(0, 1, 2), given=((0, 2, 0),) + state.given[1:])
        after = fz.apply(state, fz.Scandal(0, 1, 5))
        assert after.clock[BLUE] == 12 - cost and after.given[BLUE] == (0, 3, 0)


@pytest.mark.clause("florenz:scandal.advance")
def test_advance_may_be_wasted_under_the_other_reading() -> None:
    """Blue's debutant heads the debutants at 8: it gains no place. The card cannot be
    played on it (decided), or it can, with no effect but its time."""
    queue = {"l8": [(ORANGE, LADY), (BLUE, DEB), (VIOLET, DEB)]}
    decided = holding("advance", **queue)
    mine = decided.queue(8)[1]
    refused(fz, decided, fz.Scandal(0, mine), "florenz:scandal.advance")
    other = holding("advance", {"advance_gains": "may_waste"}, **queue)
    after = fz.apply(other, fz.Scandal(0, mine))
    assert after.queue(8) == other.queue(8) and after.hands[BLUE] == ()
    assert after.clock[BLUE] == 12 - SPEC["scandal.cost.advance"]


@pytest.mark.clause("florenz:solo.card.party")
def test_party_card_first_is_put_back_only_in_giovanni_s_rounds() -> None:
    """Strozzi draws the party card first in round 1 (Cosimo's): set aside in every round
    (decided), or played at once when only Giovanni's rounds set it aside; in round 3
    (Giovanni's) both set it aside."""
    party = SPEC["solo.card_kind"].index("party")
    giovanni = SPEC["disc.medici"].index("giovanni") + 1
    for value, round_, aside in (("every_round", 1, True), ("giovanni_only", 1, False),
                                 ("giovanni_only", giovanni, True)):
        state = fz.set_up({"players": 1, "solo_party_first_card": value})
        state = state._replace(phase=fz.Phase.ACTIONS, current=STROZZI, passed=(False, False),
                               clock=(12, 7), round=round_)
        drawing = fz.apply(solo.play_card(state), fz.StrozziDrawn(party))
        assert (fz.current_player(drawing) == CHANCE and drawing.automa.held == party) is aside
        if not aside:
            assert drawing.passed[STROZZI] and drawing.clock[STROZZI] == 0


@pytest.mark.clause("florenz:scandal.neighbour_swap", "florenz:scandal.queue_swap",
                    "florenz:queue.rank")
def test_loose_swaps_take_any_petitioner() -> None:
    """Read loosely, Carissima's swap takes a petitioner of any rank next door (both join
    their queues as usual), and Messere's any two petitioners of a queue, which then sorts
    itself by rank again: across the ranks the queue ends as it was, the card's time paid."""
    queues = {"l1": [(BLUE, LADY)], "l2": [(ORANGE, LADY), (ORANGE, DEB)]}
    decided = holding("neighbour_swap", **queues)
    lady, equal = decided.queue(1)[0], decided.queue(2)[0]
    refused(fz, decided, fz.Scandal(0, lady, equal), "florenz:scandal.neighbour_swap")
    loose = holding("neighbour_swap", {"scandal_swaps": "loose"}, **queues)
    after = fz.apply(loose, fz.Scandal(0, lady, equal))
    assert after.queue(1) == (equal,) and after.queue(2) == (lady, loose.queue(2)[1])
    line = {"l4": [(ORANGE, LADY), (VIOLET, DEB), (ORANGE, DEB)]}
    decided = holding("queue_swap", **line)
    q = decided.queue(4)
    refused(fz, decided, fz.Scandal(0, q[0], q[1]), "florenz:scandal.queue_swap")
    loose = holding("queue_swap", {"scandal_swaps": "loose"}, **line)
    after = fz.apply(loose, fz.Scandal(0, q[0], q[1]))
    assert after.queue(4) == q and after.hands[BLUE] == ()
    assert after.clock[BLUE] == 12 - SPEC["scandal.cost.queue_swap"]


@pytest.mark.clause("florenz:scandal.long_walk", "florenz:guard.escort")
def test_long_walk_with_any_steps() -> None:
    """Blue's debutant at 1, the queue at 2 full. As decided the walk may pass 2 without
    stopping but never comes back to a location; with any steps it may come back (1 -> 4
    -> 1), and it may not pass the full queue at 2."""
    from regelwerk.engine.florenz.scandal import walks

    queues = {"l1": [(BLUE, DEB)], "l2": [(ORANGE, DEB)] * 4}
    decided = holding("long_walk", **queues)
    other = holding("long_walk", {"long_walk_path": "any_steps"}, **queues)
    mine = decided.queue(1)[0]
    assert not decided.rules.tables.open_at[len(decided.queue(2))]        # 2 is full
    back, through = 41, 23                      # 1 -> 4 -> 1; 1 -> 2 -> 3
    assert back not in walks(decided, mine) and through in walks(decided, mine)
    assert back in walks(other, mine) and through not in walks(other, mine)
    after = fz.apply(other, fz.Scandal(0, mine, back))
    assert after.queue(1) == (mine,) and after.clock[BLUE] == 12 - SPEC["scandal.cost.long_walk"]


@pytest.mark.clause("florenz:scoring.giovanni", "florenz:scoring.giovanni_one_reward")
def test_giovanni_family_that_cannot_pay_takes_a_lower_place() -> None:
    """Round 3, Giovanni at 3: Orange controls it, Blue comes second, Violet third. Orange's
    clock pays place 2 but not place 1. As decided Orange is out once passed over: Blue
    takes place 1, Violet is offered place 2. Read 'offer_lower', Orange stays in the
    running and is offered place 2 as soon as Blue has taken place 1; it takes that place's
    points, and Violet is offered place 3."""
    places = SPEC["disc.giovanni"][2]
    assert places[1][0] < places[0][0]
    for value, second in (("as_decline", VIOLET), ("offer_lower", ORANGE)):
        state = fz.set_up({"players": 3, "giovanni_cannot_pay": value},
                          carriages=(1, 4, 2), targets=(5, 6, 3))
        state = fz.with_queues(state, {3: [(ORANGE, DEB), (ORANGE, DEB), (BLUE, DEB),
                                           (VIOLET, DEB)]})
        state = state._replace(round=3, phase=fz.Phase.ACTIONS, passed=(True,) * 3,
                               clock=(12, places[1][0], 12))
        state = fz.medici_phase(state)
        assert state.current == BLUE and state.offer[1] == 0     # Orange cannot pay place 1
        state = fz.apply(state, fz.Accept())
        assert state.current == second and state.offer[1] == 1
        points = state.points[ORANGE]
        state = fz.apply(state, fz.Accept())
        if value == "offer_lower":
            assert state.points[ORANGE] == points + places[1][1] and state.clock[ORANGE] == 0
            assert state.current == VIOLET and state.offer[1] == 2
        else:
            assert state.points[ORANGE] == points


@pytest.mark.clause("florenz:guard.doorman", "florenz:queue.capacity")
def test_doorman_pushes_the_last_petitioner_out_under_the_other_reading() -> None:
    """Blue's doorman at 1, the queue there full (a lady, then debutants of Orange and
    Violet). Blue sends a debutant: refused as decided; read 'push_out' it goes in front of
    the other debutants and the last one goes back to its family's board. Where the queue
    holds only ladies the newcomer would stand last, so no doorman makes room for it."""
    capacity = acting().rules.capacity
    full = [(ORANGE, LADY)] + [((VIOLET, ORANGE)[i % 2], DEB) for i in range(capacity - 1)]
    doormen = ((BLUE,),) + ((),) * 8
    decided = acting(l1=full)._replace(doormen=doormen)
    refused(fz, decided, fz.Send(1), "florenz:queue.capacity")
    state = acting({"doorman_full": "push_out"}, l1=full)._replace(doormen=doormen)
    last = state.queue(1)[-1]
    after = fz.apply(state, fz.Send(1))
    assert [(after.family_of(p), after.rank_of(p)) for p in after.queue(1)] == \
        [full[0], (BLUE, DEB), *full[1:-1]]
    assert after.where[last] == RESERVE and len(after.queue(1)) == capacity
    assert after.clock[BLUE] == state.clock[BLUE] - SPEC["costs.send"]
    ladies = acting({"doorman_full": "push_out"},
                    l1=[((VIOLET, ORANGE)[i % 2], LADY) for i in range(capacity)])
    refused(fz, ladies._replace(doormen=doormen), fz.Send(1), "florenz:queue.capacity")


@pytest.mark.clause("florenz:scandal.move_anywhere", "florenz:scandal.guard_anywhere",
                    "florenz:queue.capacity", "florenz:guard.spy")
def test_scandal_cards_without_limits_fill_blocked_spaces_and_stack_guards() -> None:
    """Three families: a queue has fewer open spaces than the board prints. The queue at 2
    is full. 'Go anywhere' may not take Blue's debutant there as decided; read 'no_limits'
    it may (the debutant stands last, on a blocked space), while a send still needs an open
    space, and a queue filling every printed space takes nobody. Blue's spy at 1: a second
    guard of Blue's may join it only under 'no_limits', and a Medici's visit there then
    gives Blue a card for each spy."""
    rules = acting().rules
    capacity, spaces = rules.capacity, rules.spaces
    assert capacity < spaces
    queues = {"l1": [(BLUE, DEB)], "l2": [(ORANGE, DEB)] * capacity}
    decided = holding("move_anywhere", **queues)
    piece = decided.queue(1)[0]
    refused(fz, decided, fz.Scandal(0, piece, 2), "florenz:scandal.move_anywhere")
    loose = holding("move_anywhere", {"scandal_placement_limits": "no_limits"}, **queues)
    after = fz.apply(loose, fz.Scandal(0, piece, 2))
    assert after.queue(2) == (*loose.queue(2), piece) and len(after.queue(2)) == capacity + 1
    assert fz.violations(after) == []
    refused(fz, after._replace(current=BLUE), fz.Send(2), "florenz:queue.capacity")
    printed = [((ORANGE, VIOLET)[i % 2], DEB) for i in range(spaces)]
    full = holding("move_anywhere", {"scandal_placement_limits": "no_limits"},
                   l1=[(BLUE, DEB)], l2=printed)
    refused(fz, full, fz.Scandal(0, piece, 2), "florenz:scandal.move_anywhere")
    spies = ((BLUE,),) + ((),) * 8
    for value, stacked in (("limits_hold", False), ("no_limits", True)):
        state = holding("guard_anywhere", {"scandal_placement_limits": value},
                        l1=[(ORANGE, DEB)])._replace(spies=spies)
        if not stacked:
            refused(fz, state, fz.Scandal(0, 1, 1), "florenz:scandal.guard_anywhere")
            continue
        after = fz.apply(state, fz.Scandal(0, 1, 1))
        assert after.spies[0] == (BLUE, BLUE) and after.guards[BLUE] == state.guards[BLUE] - 1
        deals = [d for d in fz.visit(after, 1, 0).draws if d[1] == BLUE]
        assert len(deals) == 2
