"""The scandal cards' effects (Die Skandalkarten), reached through play (issue 17).

Each card is dealt the way the text deals cards: family 0 has the top cup at the
target of the card's Medici, and when he travels he rewards it with a card of his
pile (chance's outcome chooses which). The Medici owning a card is read from the
rules (:func:`.play_cards_helpers.owner`), so the tests follow a changed owner. The
card is then played with ``GAME.apply`` and what the text says it adds up to is
checked: who stands where, time, points, cups, guards, and what is refused with
which clause. Numbers come from spec.
"""

from __future__ import annotations

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.florenz.state import RESERVE

from tests.florenz.play_cards_helpers import (
    CARRIAGES,
    CONTESSINA,
    COSIMO,
    DEBUTANT,
    F0,
    F1,
    GIOVANNI,
    RULES,
    SPEC,
    TARGETS,
    act,
    card_of,
    edge,
    holding,
    owner,
    piece,
    play_card,
)
from tests.refusals import refused

S = "florenz:scandal."


def cost(kind: str) -> int:
    return int(SPEC[f"scandal.cost.{kind}"])


def played(state: fz.State, kind: str, a: int = -1, b: int = -1) -> fz.State:
    """``state`` after family 0 plays its card of ``kind``: it leaves the hand for its
    Medici's discards (scandal.play) and family 1 is next."""
    action = play_card(state, kind, a, b)
    after = act(state, action)
    assert card_of(kind) not in after.hands[F0]
    assert after.discards[owner(kind)][-1] == card_of(kind)
    assert after.current == F1
    return after


def field_for(points: int) -> int:
    """The boast field a score reaches (the highest lower bound at or below it)."""
    return max(i for i, low in enumerate(SPEC["boast.thresholds"]) if low <= points)


def neighbour_of(location: int) -> int:
    """A location next to ``location`` that holds no carriage and is not 9 (kept full)."""
    near = RULES.neighbours[location - 1]
    return min(n + 1 for n in near if n + 1 not in CARRIAGES and n + 1 != 9)


@pytest.mark.play("florenz:scandal.guard_anywhere", "florenz:guard.crest",
                  "florenz:guard.doorman")
def test_guard_anywhere_joins_the_other_familys_doorman() -> None:
    """Family 1 put a doorman at 9 by a gift to Giovanni; the card puts family 0's guard on
    that same crest. Both keep working: each family's next debutant sent to 9 goes in front
    of every debutant waiting there."""
    state = holding("guard_anywhere", first_f1=CARRIAGES[GIOVANNI],
                    round1=[fz.Gift(GIOVANNI, 9), fz.Send(9), fz.Send(9)],
                    f1_opens=fz.Boast(CARRIAGES[GIOVANNI]))
    f0b, f1b = piece(F0, 1), piece(F1, 1)
    assert state.doormen[8] == (F1,) and state.queue(9) == (f1b, f0b)
    after = played(state, "guard_anywhere", GIOVANNI, 9)
    assert after.doormen[8] == (F1, F0)
    assert after.guards[F0] == state.guards[F0] - 1 and after.guards[F1] == state.guards[F1]
    assert after.clock[F0] == state.clock[F0] - cost("guard_anywhere")
    after = act(after, fz.Send(9), fz.Send(9))             # family 1's, then family 0's
    assert after.queue(9) == (piece(F0, 2), piece(F1, 2), f1b, f0b)


@pytest.mark.play("florenz:scandal.move_anywhere", "florenz:queue.capacity")
def test_move_anywhere_walks_no_path_and_needs_an_open_space() -> None:
    """Family 0's member at its target goes next door across family 1's escort: no escort
    acts (a plain move would give family 1 its points); the full queue at 9 is refused."""
    target = TARGETS[owner("move_anywhere")]
    beside = neighbour_of(target)
    fill = [fz.Send(9)] * 4          # family 0, 1, 0, 1: the queue at 9 is full
    state = holding("move_anywhere", first_f1=CARRIAGES[COSIMO],
                    round1=[fz.Gift(COSIMO, edge(target, beside)), *fill])
    assert len(state.queue(9)) == RULES.capacity and state.escorts[edge(target, beside)] == (F1,)
    mine = piece(F0, 0)
    assert state.where[mine] == target - 1
    after = played(state, "move_anywhere", mine, beside)
    assert after.where[mine] == beside - 1 and mine in after.queue(beside)
    assert mine not in after.queue(target)
    assert after.points == state.points
    assert after.clock[F0] == state.clock[F0] - cost("move_anywhere")
    walked = act(state, fz.Move(mine, beside))          # the same step as a move
    assert walked.points[F1] == state.points[F1] + SPEC["escort.other_points"]
    refused(fz, state, play_card(state, "move_anywhere", mine, 9), S + "move_anywhere")


@pytest.mark.play("florenz:scandal.chaperoned", "florenz:queue.rank")
def test_chaperoned_debutant_joins_the_ladys_queue() -> None:
    """Family 0 has a lady at 6 (with family 1's debutant behind her): a debutant from its
    board joins there, behind the debutant already waiting; where family 0 has only a
    debutant, or nobody, the card is refused."""
    lady = piece(F0, 5)
    state = holding("chaperoned", first_f1=8, round1=[
        fz.Send(6), fz.Send(6), fz.Pass(8), fz.Promote(piece(F0, 1)), fz.BonusTime()])
    assert state.queue(6) == (lady, piece(F1, 1))
    after = played(state, "chaperoned", 6)
    assert after.queue(6)[:2] == (lady, piece(F1, 1)) and len(after.queue(6)) == 3
    new = after.queue(6)[2]                     # a debutant that was on family 0's board
    assert after.family_of(new) == F0 and after.rank_of(new) == DEBUTANT
    assert state.where[new] == RESERVE
    assert len(after.on_board(F0)) == len(state.on_board(F0)) + 1
    assert after.clock[F0] == state.clock[F0] - cost("chaperoned")
    target = TARGETS[owner("chaperoned")]
    refused(fz, state, play_card(state, "chaperoned", target), S + "chaperoned")
    refused(fz, state, play_card(state, "chaperoned", 8), S + "chaperoned")


@pytest.mark.play("florenz:scandal.any_gift", "florenz:action.gift_cost", "florenz:guard.crest")
def test_any_gift_from_afar_costs_the_usual_gift_time() -> None:
    """Family 0 gave Medici M one gift at his carriage in round 1 and walked away; the card
    gives him a second gift from afar for the usual time (2 + 1), with a guard."""
    m = GIOVANNI if owner("any_gift") != GIOVANNI else CONTESSINA
    at = CARRIAGES[m]
    away = min(n + 1 for n in RULES.neighbours[at - 1] if n + 1 not in CARRIAGES)
    state = holding("any_gift", first_f1=8, round1=[
        fz.Pass(8), fz.Send(at), fz.BonusTime(), fz.Gift(m, 9), fz.BonusTime(),
        fz.Move(piece(F0, 1), away)])
    assert state.carriages[m] not in {state.where[p] for p in state.on_board(F0)}
    refused(fz, state, fz.Gift(m, 7), "florenz:action.gift")      # no member there
    after = played(state, "any_gift", m, 7)
    price = cost("any_gift") + SPEC["costs.gift_base"] + SPEC["costs.gift_step"] * 1
    assert after.clock[F0] == state.clock[F0] - price
    assert after.given[F0][m] == state.given[F0][m] + 1
    assert after.gifts[F0] == state.gifts[F0] - 1 and after.guards[F0] == state.guards[F0] - 1
    crests = after.spies if m == CONTESSINA else after.doormen
    assert crests[6] == (F0,)


@pytest.mark.play("florenz:scandal.neighbour_swap", "florenz:queue.rank")
def test_neighbour_swap_with_a_lower_rank_next_door() -> None:
    """Family 0's lady at 9 trades places with family 1's debutant at 8: the lady goes in
    front of the debutant left at 8, the debutant joins 9 behind family 1's debutant there;
    a debutant at 7 (not next to 9) cannot be chosen."""
    lady = piece(F0, 5)
    state = holding("neighbour_swap", first_f1=8, round1=[
        fz.Send(8), fz.Send(9), fz.Send(9), fz.Promote(piece(F0, 1)), fz.Send(7)])
    f1a, f1b, f1c, f1d = (piece(F1, i) for i in range(4))
    assert (state.queue(8), state.queue(9), state.queue(7)) == ((f1a, f1b), (lady, f1c), (f1d,))
    after = played(state, "neighbour_swap", lady, f1b)
    assert after.queue(8) == (lady, f1a)
    assert after.queue(9) == (f1c, f1b)
    assert after.clock[F0] == state.clock[F0] - cost("neighbour_swap")
    refused(fz, state, play_card(state, "neighbour_swap", lady, f1d), S + "neighbour_swap")
    refused(fz, state, play_card(state, "neighbour_swap", lady, f1c), S + "neighbour_swap")


def _lady_and_two_debutants(kind: str) -> fz.State:
    """At 9: family 1's lady, family 1's debutant, family 0's debutant (in that order)."""
    state = holding(kind, first_f1=9, round1=[fz.Send(9), fz.Send(9), fz.Promote(piece(F1, 0))])
    assert state.queue(9) == (piece(F1, 5), piece(F1, 1), piece(F0, 1))
    return state


@pytest.mark.play("florenz:scandal.promote", "florenz:queue.rank")
def test_promote_card_makes_a_lady_who_passes_the_debutants() -> None:
    state = _lady_and_two_debutants("promote")
    after = played(state, "promote", piece(F0, 1))
    assert after.queue(9) == (piece(F1, 5), piece(F0, 5), piece(F1, 1))
    assert after.where[piece(F0, 1)] == RESERVE       # back on the family board
    assert after.clock[F0] == state.clock[F0] - cost("promote")
    refused(fz, state, play_card(state, "promote", piece(F1, 1)), S + "promote")


@pytest.mark.play("florenz:scandal.queue_swap", "florenz:queue.rank")
def test_queue_swap_of_two_debutants_of_different_families() -> None:
    state = _lady_and_two_debutants("queue_swap")
    lady, theirs, mine = state.queue(9)
    after = played(state, "queue_swap", theirs, mine)
    assert after.queue(9) == (lady, mine, theirs)
    assert after.clock[F0] == state.clock[F0] - cost("queue_swap")
    refused(fz, state, play_card(state, "queue_swap", lady, mine), S + "queue_swap")
    refused(fz, state, play_card(state, "queue_swap", lady, theirs), S + "queue_swap")


@pytest.mark.play("florenz:scandal.retrieve_cup")
def test_retrieve_cup_keeps_the_points_and_frees_the_board() -> None:
    """Family 0's cup at its target comes back; its points stay, and on its next turn it
    may boast on that board again."""
    target = TARGETS[owner("retrieve_cup")]
    state = holding("retrieve_cup", first_f1=8)
    assert F0 in state.cups[target - 1]
    refused(fz, state, fz.Boast(target), "florenz:action.boast")   # its cup is on that board
    after = played(state, "retrieve_cup", target)
    assert F0 not in after.cups[target - 1] and after.points == state.points
    assert after.clock[F0] == state.clock[F0] - cost("retrieve_cup")
    again = act(after, fz.Pass(8) if not after.passed[F1] else fz.BonusTime())
    assert again.current == F0 and fz.Boast(target) in fz.legal_actions(again)
    refused(fz, state, play_card(state, "retrieve_cup", 8), S + "retrieve_cup")


@pytest.mark.play("florenz:scandal.boast_anywhere", "florenz:boast.omnipresent")
def test_boast_anywhere_without_a_member_there() -> None:
    """Family 0 stands at its target and at 6; the card boasts on 'omnipresent' at 9, where
    it has nobody: 2 locations' worth, cup on the field for those points."""
    target = TARGETS[owner("boast_anywhere")]
    state = holding("boast_anywhere", first_f1=8, boards={9: "omnipresent"},
                    round1=[fz.Pass(1), fz.Send(6), fz.BonusTime()])
    refused(fz, state, fz.Boast(9), "florenz:action.boast")
    after = played(state, "boast_anywhere", 9)
    points = SPEC["boast.omnipresent"] * 2
    assert after.points[F0] == state.points[F0] + points
    assert after.cups[8][field_for(points)] == F0
    assert after.clock[F0] == state.clock[F0] - cost("boast_anywhere")
    refused(fz, state, play_card(state, "boast_anywhere", target), S + "boast_anywhere")


@pytest.mark.play("florenz:scandal.boast_anywhere", "florenz:boast.scandalmonger",
                  "florenz:scandal.play")
def test_boast_anywhere_on_scandalmonger_counts_the_card_being_played() -> None:
    """The card played still counts as held while its effect happens
    (interp.scandal_card_held): boasting on 'scandalmonger' with it counts one card."""
    state = holding("boast_anywhere", first_f1=8, boards={9: "scandalmonger"})
    after = played(state, "boast_anywhere", 9)
    points = SPEC["boast.scandalmonger"] * 1
    assert after.points[F0] == state.points[F0] + points and after.hands[F0] == ()


@pytest.mark.play("florenz:boast.scandalmonger")
def test_scandalmonger_counts_the_cards_in_hand() -> None:
    """Family 0 holds the one card its cup earned and boasts on 'scandalmonger' at 6."""
    kind = RULES.scandal_kinds[RULES.disc_medici[0]][0]
    state = holding(kind, first_f1=8, boards={6: "scandalmonger"},
                    round1=[fz.Pass(1), fz.Send(6), fz.BonusTime()])
    after = act(state, fz.Boast(6))
    points = SPEC["boast.scandalmonger"] * 1
    assert after.points[F0] == state.points[F0] + points
    assert after.cups[5][field_for(points)] == F0
