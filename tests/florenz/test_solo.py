"""The solo game against the automa Strozzi (Das Solospiel)."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.florenz import solo
from regelwerk.engine.florenz.cards import SPY

from tests.refusals import refused

YOU, STROZZI = 0, 1
DEB, LADY, MAESTRO = 0, 1, 2
KINDS = fz.default_rules(1).spec["solo.card_kind"]


def game(level: str = "normal", **draws: tuple[int, ...]) -> fz.State:
    """A solo game whose chance the caller decides, set up with ``draws`` (see set_up)."""
    return fz.set_up({"players": 1, "solo_level": level}, **draws)


def seeded(level: str = "normal", seed: int = 0) -> fz.State:
    return fz.new_game(seed, {"players": 1, "solo_level": level})


def acting(state: fz.State, queues: dict[int, list[tuple[int, int]]] | None = None) -> fz.State:
    if queues is not None:
        state = fz.with_queues(state, queues)
    return state._replace(phase=fz.Phase.ACTIONS, current=STROZZI, passed=(False, False))


def card(state: fz.State, kind: str, number: int | None = None) -> fz.State:
    """Strozzi plays his card ``number`` (or the first of ``kind``) right now: not his first
    card of the round, drawn by chance."""
    index = KINDS.index(kind) if number is None else number
    drawing = solo.play_card(state._replace(automa=state.automa._replace(drawn=1)))
    assert fz.current_player(drawing) == CHANCE
    return fz.apply(drawing, fz.StrozziDrawn(index))


@pytest.mark.clause("florenz:solo.setup", "florenz:solo.setup_guards",
                    "florenz:solo.setup_debutants")
def test_solo_setup() -> None:
    state = game()
    rules = state.rules
    assert fz.PLAYERS == (1, 5) and rules.families == 2 and rules.automa == STROZZI
    assert state.start == YOU and state.current == YOU and state.phase == fz.Phase.SETUP
    assert state.plans[STROZZI] == -1 and sorted(state.automa.deck) == list(range(10))
    assert len(fz.legal_actions(state)) == 7          # empty queues for your first debutant
    placed = state.on_board(STROZZI)
    assert [state.where[p] for p in placed] == [state.targets[0], state.targets[2]]
    assert [state.colour_of(p) for p in placed] == [0, 1]
    assert state.guards[STROZZI] == 2 * rules.guards - rules.spec["solo.start_guards"]
    assert STROZZI in state.spies[state.targets[1]] and STROZZI in state.doormen[state.targets[2]]
    assert sum(STROZZI in g for g in state.escorts) == 1
    assert len(state.on_board(YOU)) == 0 and sum(w == -2 for w in state.where) == 9
    easier = game("easier")
    assert easier.guards[STROZZI] == 2 * rules.guards and easier.spies == ((),) * 9


@pytest.mark.clause("florenz:solo.setup_guards")
def test_guard_on_park_start_goes_between_1_and_2() -> None:
    state = game(carriages=(1, 5, 9))               # Cosimo's first arrow: the park path
    e = state.rules.edge_index[(0, 1)]
    assert state.escorts[e] == (STROZZI,) and sum(STROZZI in g for g in state.escorts) == 1


@pytest.mark.clause("florenz:solo.time")
def test_strozzi_time_per_round() -> None:
    state = fz.apply(game(), fz.Place(next(i + 1 for i, q in enumerate(game().queues) if not q)))
    rules = state.rules
    assert state.round == 1 and state.clock[YOU] == 12
    assert state.clock[STROZZI] <= rules.spec["solo.start_time"]
    assert rules.fns.automa_time(2, 4, 0, 12) == 4 and rules.fns.automa_time(7, 4, 0, 12) == 7
    assert rules.fns.automa_time(5, 4, -1, 12) == 4 and rules.fns.automa_time(9, 4, 1, 9) == 9
    assert rules.fns.automa_pay(2, 3) == 0 and rules.fns.automa_pay(5, 3) == 2


@pytest.mark.clause("florenz:solo.turn", "florenz:solo.cards", "florenz:solo.letters")
def test_strozzi_turns_until_your_decision() -> None:
    state = seeded(seed=3)
    empty = next(i + 1 for i, q in enumerate(state.queues) if not q)
    state = fz.apply(state, fz.Place(empty))
    state = fz.apply(state, fz.Pass(empty))
    assert state.current == YOU or state.round == 2
    auto = state.automa
    assert len(auto.deck) + len(auto.discard) == 10
    assert fz.letter_medici(state._replace(round=8), 1) == fz.letter_medici(
        state._replace(round=8), 2) == 2
    assert [fz.letter_medici(state._replace(round=9), k) for k in range(3)] == [2, 2, 2]


@pytest.mark.clause("florenz:solo.turn")
def test_giovanni_round_pass_below_four() -> None:
    state = acting(game(), {5: [(STROZZI, DEB)]})
    state = state._replace(round=3, targets=(0, 1, 4), clock=(12, 3))
    after = solo.automa_turn(state)
    assert after.passed[STROZZI] and after.clock[STROZZI] == 3
    # interp.solo_giovanni_place: his target counts, not where his carriage stands
    carriage = state._replace(targets=(0, 1, 6), carriages=(2, 3, 4))
    assert not solo.automa_turn(carriage).passed[STROZZI]


@pytest.mark.clause("florenz:solo.pass", "florenz:solo.harder", "florenz:action.pass_first")
def test_strozzi_passes_without_first_time_unless_harder() -> None:
    queues = {1: [(YOU, DEB), (STROZZI, DEB)], 2: [(STROZZI, DEB), (YOU, DEB)]}
    state = acting(game(), queues)._replace(targets=(1, 0, 5), clock=(12, 0))
    after = solo.automa_pass(state)
    assert after.rings[STROZZI] == 0 and after.clock[STROZZI] == 0   # A has no swap at 2
    hard = acting(game("harder"), queues)._replace(targets=(1, 0, 5), clock=(12, 0))
    assert solo.automa_pass(hard).clock[STROZZI] == 2
    nowhere = acting(game(), {3: [(STROZZI, DEB)]})._replace(clock=(12, 0))
    assert solo.automa_pass(nowhere).rings[STROZZI] == -1


@pytest.mark.clause("florenz:solo.bonus")
def test_strozzi_bonus_swap_or_points() -> None:
    state = acting(game(), {1: [(STROZZI, DEB), (YOU, DEB), (STROZZI, DEB)]})
    state = state._replace(passed=(False, True), rings=(-1, 0))
    after = solo.passed_bonus(state)
    assert [after.family_of(p) for p in after.queue(1)] == [STROZZI, STROZZI, YOU]
    lone = state._replace(rings=(-1, -1), round=5)
    assert solo.passed_bonus(lone).points[STROZZI] == state.rules.spec["solo.pass_points"][1]


@pytest.mark.clause("florenz:solo.card.place")
def test_place_card_by_medici_and_search_order() -> None:
    state = acting(game(), {1: [(YOU, LADY), (YOU, DEB)]})._replace(targets=(0, 1, 2), round=1)
    after = card(state, "place", 0)                  # card 1: A = Cosimo, orange debutant
    assert [(after.family_of(p), after.rank_of(p)) for p in after.queue(1)] == [
        (YOU, LADY), (STROZZI, DEB), (YOU, DEB)]
    assert after.clock[STROZZI] == state.clock[STROZZI] - 3 or after.clock[STROZZI] == 0
    after = card(state._replace(round=2), "place", 0)  # round 2: A = Contessina, a lady
    assert any(after.rank_of(p) == LADY and after.family_of(p) == STROZZI
               for p in after.queue(2))
    full = acting(game(), {1: [(YOU, DEB)] * 4})._replace(targets=(0, 1, 2))
    assert any(full.family_of(p) == STROZZI for p in card(full, "place", 0).queue(2))
    after = card(state._replace(round=3, targets=(0, 1, 2)), "place", 0)   # Giovanni: 2 debs
    assert sum(after.family_of(p) == STROZZI for p in after.queue(3)) == 2


@pytest.mark.clause("florenz:solo.card.recall")
def test_recall_when_colour_runs_out() -> None:
    state = acting(game(), {4: [(STROZZI, DEB)] * 5})._replace(targets=(0, 1, 2))
    orange = [p for p in state.on_board(STROZZI) if state.colour_of(p) == 0]
    assert len(orange) == 5
    after = card(state, "place", 0)
    assert after.queue(4) == () and len(after.queue(1)) == 1


@pytest.mark.clause("florenz:solo.card.party")
def test_party_card_first_in_round_is_put_back() -> None:
    state = acting(game(), {})._replace(clock=(12, 7))
    party, place = KINDS.index("party"), KINDS.index("place")
    drawing = fz.apply(solo.play_card(state), fz.StrozziDrawn(party))   # his first card
    assert fz.current_player(drawing) == CHANCE and drawing.automa.held == party
    refused(fz, drawing, fz.StrozziDrawn(party), "florenz:solo.card.party")   # set aside
    after = fz.apply(drawing, fz.StrozziDrawn(place))
    assert party in after.automa.deck and after.automa.discard == (place,)
    assert after.automa.held == -1 and fz.violations(after) == []
    later = card(state, "party")
    assert later.passed[STROZZI] and later.clock[STROZZI] == 0
    gio = card(state._replace(round=3), "party")
    assert gio.clock[STROZZI] == 3                 # interp.solo_party_cost: nothing paid first
    hard = acting(game("harder"), {})._replace(clock=(12, 7))
    assert card(hard, "party").points[STROZZI] == 14


@pytest.mark.clause("florenz:solo.card.friend")
def test_friend_card_promotes_at_a_target() -> None:
    state = acting(game(), {1: [(STROZZI, DEB)], 2: [(STROZZI, LADY)]})._replace(targets=(4, 1, 0))
    after = card(state, "friend")
    assert after.rank_of(after.queue(2)[0]) == MAESTRO        # A (5) empty, B has a lady
    nothing = acting(game(), {})._replace(targets=(4, 1, 0))
    assert card(nothing, "friend").points[STROZZI] > 0         # boasts instead


@pytest.mark.clause("florenz:solo.card.friend", "florenz:solo.card.recall")
def test_friend_card_recalls_a_maestro_away_from_the_targets() -> None:
    """interp.solo_friend_card: the box's recall rule brings his maestro back from a
    location that is no target, then his lady at A's target becomes the maestro; a
    maestro standing at a target stays, and the card moves on to the next target."""
    state = acting(game(), {5: [(STROZZI, LADY)], 7: [(STROZZI, MAESTRO)],
                            2: [(STROZZI, DEB)]})._replace(targets=(4, 1, 0))
    maestro = state.queue(7)[0]
    after = card(state, "friend")
    assert after.queue(7) == () and after.queue(5) == (maestro,)
    assert after.rank_of(after.queue(2)[0]) == DEB                    # B's debutant untouched
    stuck = acting(game(), {5: [(STROZZI, LADY)], 1: [(STROZZI, MAESTRO)],
                            2: [(STROZZI, DEB)]})._replace(targets=(4, 1, 0))
    after = card(stuck, "friend")                                     # 1 is C's target
    assert after.rank_of(after.queue(5)[0]) == LADY
    assert after.rank_of(after.queue(2)[0]) == LADY                   # B: debutant -> lady


@pytest.mark.clause("florenz:solo.card.boast", "florenz:solo.easier")
def test_boast_card_scores_board_value_times_factor() -> None:
    state = acting(game(), {})._replace(carriages=(6, 6, 6), round=5)
    rules = state.rules
    loc = rules.route_next[6]
    after = card(state, "boast")
    factor = rules.spec["solo.boast_multiplier"][1]
    assert after.cups[loc][1] == STROZZI
    assert after.points[STROZZI] == factor * rules.boast_values[state.boards[loc]]
    taken = state._replace(cups=tuple((-1, 0, -1) if i == loc else c
                                      for i, c in enumerate(state.cups)))
    assert card(taken, "boast").cups[rules.route_next[loc]][1] == STROZZI
    easy = acting(game("easier"), {})._replace(carriages=(6, 6, 6), round=5)
    assert card(easy, "boast").points[STROZZI] == rules.spec["solo.boast_multiplier_easier"][1] \
        * rules.boast_values[easy.boards[loc]]


@pytest.mark.clause("florenz:solo.card.guard")
def test_guard_card_on_b_crest_or_points() -> None:
    state = acting(game(), {})._replace(targets=(0, 4, 2), round=1, spies=((),) * 9)
    after = card(state, "guard")
    assert after.spies[4] == (STROZZI,)
    last = card(state._replace(round=9), "guard")
    assert last.points[STROZZI] == state.rules.spec["solo.card_guard_points"]


@pytest.mark.clause("florenz:solo.card.guard")
def test_guard_card_for_cosimo_arriving_through_the_park() -> None:
    """interp.solo_guard_park: in round 3 Medici B is Cosimo; his target 5 is reached by the
    park path from 1, which has no crest, so the guard goes back to the path 4-1."""
    state = acting(game(), {})._replace(targets=(4, 1, 2), round=3)
    rules = state.rules
    assert rules.route_next[0] == 4 and (0, 4) not in rules.edge_index   # 1 -> 5: the park
    after = card(state, "guard")
    assert after.escorts[rules.edge_index[(0, 3)]] == state.escorts[
        rules.edge_index[(0, 3)]] + (STROZZI,)
    assert after.guards[STROZZI] == state.guards[STROZZI] - 1


@pytest.mark.clause("florenz:solo.scandal", "florenz:solo.easier")
def test_scandal_card_for_strozzi_becomes_time() -> None:
    state = acting(game(), {})._replace(clock=(12, 5))
    drawing = fz.give_card(state, STROZZI, 0)
    assert fz.current_player(drawing) == CHANCE
    after = fz.apply(drawing, fz.CardDrawn(1))
    assert after.hands[STROZZI] == () and after.clock[STROZZI] == 6
    assert after.discards[0] == (1,) and len(after.decks[0]) == len(state.decks[0]) - 1
    easy = acting(game("easier"), {})._replace(clock=(12, 5))
    assert fz.apply(fz.give_card(easy, STROZZI, 0), fz.CardDrawn(1)).clock[STROZZI] == 5
    spied = fz.apply(fz.give_card(easy, STROZZI, 0, SPY), fz.CardDrawn(1))   # only boasting's
    assert spied.clock[STROZZI] == 6 and spied.hands[STROZZI] == ()


@pytest.mark.clause("florenz:solo.giovanni", "florenz:solo.easier")
def test_giovanni_offer_for_strozzi() -> None:
    state = acting(game(), {})._replace(clock=(12, 2))
    after, took = solo.giovanni_offer(state, (4, 20))
    assert took and after.clock[STROZZI] == 0 and after.points[STROZZI] == 20
    _, took = solo.giovanni_offer(state._replace(clock=(12, 0)), (4, 20))
    assert not took
    easy = acting(game("easier"), {})._replace(clock=(12, 2))
    assert solo.giovanni_offer(easy, (4, 20))[0].points[STROZZI] == 10
    assert solo.giovanni_offer(easy, (4, 25))[0].points[STROZZI] == 12   # interp.solo_half_points


@pytest.mark.clause("florenz:solo.cleanup")
def test_cleanup_keeps_top_three() -> None:
    state = acting(game(), {})
    for number in (9, 8, 7, 6):                     # four cards drawn and discarded
        state = card(state._replace(current=STROZZI), "", number)
    after = solo.cleanup(state)
    kept = state.rules.spec["solo.cards_kept"]
    assert after.automa.deck == (0, 1, 2, 3, 4, 5) and after.automa.kept == kept
    assert after.automa.discard == () and sorted(after.automa.under) == [6, 7, 8, 9]
    drawing = solo.play_card(acting(after))
    assert sorted(a.card for a in fz.legal_actions(drawing)) == [0, 1, 2, 3, 4, 5]
    taken = (0, 3, 5, 1, 2, 4)[:kept]
    for number in taken:                            # the kept cards come from the old deck
        after = card(acting(after), "", number)
    assert after.automa.kept == 0 and after.automa.under == ()   # the rest went beneath
    assert sorted(after.automa.deck) == sorted({*range(10)} - {*taken} - {*after.automa.discard})
    assert fz.violations(after) == []


@pytest.mark.clause("florenz:solo.escort", "florenz:solo.harder")
def test_escorts_in_solo_and_harder_paths() -> None:
    state = fz.with_queues(game(), {1: [(YOU, DEB)]})._replace(phase=fz.Phase.ACTIONS,
                                                                current=YOU, clock=(10, 5))
    e12, e14 = state.rules.edge_index[(0, 1)], state.rules.edge_index[(0, 3)]
    escorts = list(state.escorts)
    escorts[e12], escorts[e14] = (YOU,), (STROZZI,)
    state = state._replace(escorts=tuple(escorts))
    piece = state.queue(1)[0]
    after = fz.apply(state, fz.Move(piece, 2))
    assert after.clock[YOU] == 10 and after.points[YOU] == 1
    assert fz.apply(state, fz.Move(piece, 4)).points[STROZZI] == 2
    hard = state._replace(rules=game("harder").rules)
    refused(fz, hard, fz.Move(piece, 4), "florenz:solo.harder")   # his guard holds that path


@pytest.mark.clause("florenz:solo.end")
def test_solo_end_strozzi_wins_ties() -> None:
    state = game()._replace(points=(30, 30), phase=fz.Phase.OVER)
    assert fz.result(state)["winners"] == ["strozzi"]
    assert fz.result(state._replace(points=(31, 30)))["winners"] == ["violet"]


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(["normal", "easier", "harder"]), st.integers(0, 10_000))
def test_solo_random_playout(level: str, seed: int) -> None:
    state = seeded(level, seed)
    rng = Random(seed)
    while not fz.is_terminal(state):
        assert state.current == YOU
        action = fz.random_action(state, rng)
        state = fz.apply(state, action)
        assert fz.violations(state) == []
    assert state.round == 9 and fz.result(state)["winners"]
