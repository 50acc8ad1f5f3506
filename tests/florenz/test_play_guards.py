"""Guards at work, the boast boards and Contessina's scoring, reached through play (issue 17).

Spies and doormen come into play by gifts (Beschenken), and act where the text says:
a spy when a Medici arrives, a doorman when a member joins its queue. The boast boards
(Die Prahltafeln) are scored by a Boast in round 1, and Contessina scores her target in
round 2 (Phase 4). Every game is set up by chance's outcomes and played by
``GAME.apply`` (see :mod:`.play_cards_helpers` for the board); numbers come from spec.
"""

from __future__ import annotations

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE

from tests.florenz.play_cards_helpers import (
    CARRIAGES,
    CONTESSINA,
    COSIMO,
    DEBUTANT,
    F0,
    F1,
    GAME,
    GIOVANNI,
    LADY,
    RULES,
    SPEC,
    TARGETS,
    act,
    edge,
    finish_round,
    new,
    piece,
)
from tests.refusals import refused

KINDS = len(RULES.scandal_kinds[0])     # cards per Medici: card id // KINDS is his index


def field_for(points: int) -> int:
    """The boast field a score reaches (the highest lower bound at or below it)."""
    return max(i for i, low in enumerate(SPEC["boast.thresholds"]) if low <= points)


# ------------------------------------------------------------------ spies

@pytest.mark.play("florenz:guard.spy", "florenz:medici.boast_reward", "florenz:guard.crest")
def test_spy_draws_a_card_of_the_medici_who_stops_there() -> None:
    """Family 0 gives Contessina a gift at her carriage (1) and puts a spy on the board at 4,
    Cosimo's target. Family 1 stands at 4 and boasts there: the spy takes no field, so
    its cup lies on the field for its points. When Cosimo stops at 4, each family draws
    one of his cards: family 1 for its cup, family 0 for its spy, with nobody there."""
    target = TARGETS[COSIMO]
    state = new((target, CARRIAGES[CONTESSINA]), boards={target: "omnipresent"})
    state = act(state, fz.Gift(CONTESSINA, target))
    assert state.spies[target - 1] == (F0,) and state.cups[target - 1] == (-1, -1, -1)
    state = act(state, fz.Boast(target), fz.Pass(9), fz.Pass(0))
    assert state.cups[target - 1][field_for(SPEC["boast.omnipresent"])] == F1
    assert state.carriages[COSIMO] == target - 1
    assert state.where[piece(F0, 0)] == CARRIAGES[CONTESSINA] - 1    # nobody of family 0 at 4
    drawn = 0
    while GAME.to_move(state) == CHANCE and state.draws[0][0] == fz.Draw.CARD:
        outcomes = GAME.legal_actions(state)       # his pile only
        assert outcomes and all(isinstance(o, fz.CardDrawn) and o.card // KINDS == COSIMO
                                for o in outcomes)
        state = act(state, outcomes[-1])
        drawn += 1
    assert drawn == 2 and [len(h) for h in state.hands] == [1, 1]


@pytest.mark.play("florenz:guard.spy")
def test_spy_and_top_cup_give_two_cards_to_one_family() -> None:
    """Family 0 has both the spy and the top cup (and a member) at Cosimo's target: it
    draws two of his cards."""
    target = TARGETS[COSIMO]
    state = new((8, CARRIAGES[CONTESSINA]))
    state = act(state, fz.Gift(CONTESSINA, target), fz.Pass(9), fz.Send(target),
                fz.BonusTime(), fz.Boast(target), fz.BonusTime(), fz.Pass(0))
    cards = 0
    while GAME.to_move(state) == CHANCE and state.draws[0][0] == fz.Draw.CARD:
        state = act(state, GAME.legal_actions(state)[0])
        cards += 1
    assert cards == 2 and len(state.hands[F0]) == 2 and state.hands[F1] == ()


@pytest.mark.play("florenz:guard.spy", "florenz:medici.move")
def test_spy_where_the_medici_sets_out_draws_nothing() -> None:
    """A spy at Cosimo's carriage (7): he leaves from there to 4, he neither visits nor
    stops at 7, so no card is handed out in the Medici phase."""
    state = new((8, CARRIAGES[CONTESSINA]))
    state = act(state, fz.Gift(CONTESSINA, CARRIAGES[COSIMO]), fz.Pass(9), fz.Pass(0))
    assert state.spies[CARRIAGES[COSIMO] - 1] == (F0,)
    assert state.carriages[COSIMO] == TARGETS[COSIMO] - 1
    assert not any(d[0] == fz.Draw.CARD for d in state.draws)
    assert state.hands == ((), ())


# ------------------------------------------------------------------ doormen

@pytest.mark.play("florenz:guard.doorman", "florenz:queue.rank", "florenz:queue.capacity")
def test_doorman_puts_sent_and_moved_members_first_of_their_rank() -> None:
    """Family 0 gives Giovanni a gift at his carriage (2) and puts a doorman at 5. Its
    debutant sent there goes in front of family 1's two debutants; after family 1's
    promotion its lady heads the queue; family 0's member that moves in from 2 goes in
    front of every debutant, its own too. The queue is then full: the doorman makes no
    room, so family 0 cannot send there although it has the time."""
    d = 5
    state = new((d, CARRIAGES[GIOVANNI]))
    state = act(state, fz.Gift(GIOVANNI, d), fz.Send(d))
    f1a, f1b = piece(F1, 0), piece(F1, 1)
    assert state.queue(d) == (f1a, f1b)
    state = act(state, fz.Send(d))
    sent = piece(F0, 1)
    assert state.queue(d) == (sent, f1a, f1b)
    state = act(state, fz.Promote(f1a))
    lady = piece(F1, 5)
    assert state.queue(d) == (lady, sent, f1b)
    moved = piece(F0, 0)
    state = act(state, fz.Move(moved, d))
    assert state.queue(d) == (lady, moved, sent, f1b)
    assert len(state.queue(d)) == RULES.capacity
    state = act(state, fz.Pass(9))
    assert state.current == F0
    assert state.clock[F0] >= SPEC["costs.send"]
    refused(GAME, state, fz.Send(d), "florenz:queue.capacity")
    assert fz.Send(6) in GAME.legal_actions(state)


@pytest.mark.play("florenz:guard.doorman", "florenz:queue.rank")
def test_no_doorman_no_privilege() -> None:
    """The same sends without the doorman (the gift's guard on another crest): family 0's
    debutant joins behind family 1's."""
    d = 5
    state = new((d, CARRIAGES[GIOVANNI]))
    state = act(state, fz.Gift(GIOVANNI, 9), fz.Send(d), fz.Send(d))
    assert state.queue(d) == (piece(F1, 0), piece(F1, 1), piece(F0, 1))


@pytest.mark.play("florenz:guard.doorman", "florenz:queue.rank")
def test_doorman_acts_on_a_promotion() -> None:
    """'However it joins' covers a promotion (interp.doorman_promotion): family 0's lady
    made from its debutant at 5, where its doorman stands, goes in front of family 1's
    lady who was waiting first."""
    d = 5
    state = new((d, CARRIAGES[GIOVANNI]))
    state = act(state, fz.Gift(GIOVANNI, d), fz.Promote(piece(F1, 0)),
                fz.Move(piece(F0, 0), d), fz.Pass(9))
    assert state.queue(d) == (piece(F1, 5), piece(F0, 0))
    state = act(state, fz.Promote(piece(F0, 0)))
    assert state.queue(d) == (piece(F0, 5), piece(F1, 5))


# ------------------------------------------------------------------ Contessina

@pytest.mark.play("florenz:scoring.contessina", "florenz:medici.head")
def test_contessina_scores_only_ladies_and_maestros() -> None:
    """Round 2: Contessina travels 1 > 5 and scores 5 = [family 1's lady, family 0's lady,
    family 1's debutant]: the head's points and places 1 and 2 of the round's list;
    place 3 (a debutant) scores nothing, for nobody."""
    d = TARGETS[CONTESSINA]
    state = new((d, 6))
    state = act(state, fz.Send(d), fz.Promote(piece(F1, 0)), fz.Promote(piece(F0, 1)),
                fz.Send(d))
    assert [(state.family_of(p), state.rank_of(p)) for p in state.queue(d)] == \
        [(F1, LADY), (F0, LADY), (F1, DEBUTANT)]
    state = finish_round(state)
    assert state.round == 2 and state.carriages[CONTESSINA] == CARRIAGES[CONTESSINA] - 1
    before = state.points
    after = finish_round(state)
    table = SPEC["disc.queue_points"][1]
    head = SPEC["disc.head_points"][1]
    assert after.carriages[CONTESSINA] == d - 1
    assert after.points[F1] - before[F1] == head + table[0]
    assert after.points[F0] - before[F0] == table[1]


# ------------------------------------------------------------------ boast boards

def boasted(state: fz.State, location: int) -> tuple[int, fz.State]:
    """Family 0 boasts at ``location``: its points gained, and the state after."""
    assert state.current == F0
    after = act(state, fz.Boast(location))
    assert after.clock[F0] == state.clock[F0] - SPEC["costs.boast"]
    return after.points[F0] - state.points[F0], after


@pytest.mark.play("florenz:boast.great_influence", "florenz:action.boast")
def test_great_influence_counts_ladies_not_debutants() -> None:
    state = new((8, 6), boards={6: "great_influence"})
    state = act(state, fz.Promote(piece(F0, 0)), fz.Pass(1), fz.Send(9), fz.BonusTime())
    points, after = boasted(state, 6)
    assert points == SPEC["boast.great_influence"] * 1
    assert after.cups[5][field_for(points)] == F0


@pytest.mark.play("florenz:boast.unmistakable", "florenz:action.boast")
def test_unmistakable_counts_this_cup_too() -> None:
    state = new((8, 6), boards={6: "unmistakable"})
    state = act(state, fz.Send(9), fz.Pass(1), fz.Boast(9), fz.BonusTime())
    points, after = boasted(state, 6)
    assert points == SPEC["boast.unmistakable"] * 2
    assert after.cups[5][field_for(points)] == F0


@pytest.mark.play("florenz:boast.sharp_elbows", "florenz:action.boast")
def test_sharp_elbows_counts_queues_headed() -> None:
    """Family 0 heads 6 and 9, and stands second at 8 behind family 1."""
    state = new((8, 6), boards={6: "sharp_elbows"})
    state = act(state, fz.Send(9), fz.Pass(1), fz.Send(8), fz.BonusTime())
    points, after = boasted(state, 6)
    assert points == SPEC["boast.sharp_elbows"] * 2
    assert after.cups[5][field_for(points)] == F0


@pytest.mark.play("florenz:boast.rising", "florenz:action.boast")
def test_rising_counts_the_column() -> None:
    """Column 3-6-9: family 0's members at 6, 3 and 9 (family 1's at 9 does not count)."""
    state = new((9, 6), boards={6: "rising"})
    state = act(state, fz.Send(3), fz.Pass(1), fz.Send(9), fz.BonusTime())
    points, after = boasted(state, 6)
    assert points == SPEC["boast.rising"] * 3
    assert after.cups[5][field_for(points)] == F0


@pytest.mark.play("florenz:boast.strongly_represented", "florenz:action.boast")
def test_strongly_represented_counts_locations_with_two() -> None:
    """Two members at 6, one at 8: one location counts."""
    assert SPEC["boast.strongly_represented_min"] == 2      # the situation is built for two
    state = new((9, 6), boards={6: "strongly_represented"})
    state = act(state, fz.Send(6), fz.Pass(1), fz.Send(8), fz.BonusTime())
    points, after = boasted(state, 6)
    assert points == SPEC["boast.strongly_represented"] * 1
    assert after.cups[5][field_for(points)] == F0


@pytest.mark.play("florenz:boast.generous", "florenz:action.boast", "florenz:action.gift_cost")
def test_generous_counts_gifts_given() -> None:
    """Two gifts to Cosimo at his carriage (2, then 3 time), then a member at 6 boasts."""
    state = new((8, CARRIAGES[COSIMO]), boards={6: "generous"})
    state = act(state, fz.Gift(COSIMO, edge(4, 7)), fz.Pass(1), fz.Gift(COSIMO, edge(7, 8)),
                fz.BonusTime(), fz.Send(6), fz.BonusTime())
    assert state.clock[F0] == SPEC["clock.start"] - 2 * SPEC["costs.gift_base"] \
        - SPEC["costs.gift_step"] - SPEC["costs.send"]
    points, after = boasted(state, 6)
    assert points == SPEC["boast.generous"] * 2
    assert after.cups[5][field_for(points)] == F0
