"""A whole round and a whole game of Medici vs Strozzi through play (issue 17).

Every state is reached by ``new_game`` (chance chosen, ``seed=None``) and ``apply``;
the expected sums are worked out by hand from the rule text (Wertung einer Runde,
Die nächste Runde, Spielsieg), with the numbers read from spec.

The round (round 1, Medici opens; ships by hold size 3, 4, 5; harbours 0, 1, 2 of the
board in spec: indigo/furs/spices, silk/indigo/furs, spices/silk):

=====  ========  ================================  =====  ========  ======================
turn   drawer    tiles (good value)                price  buyer     loaded
=====  ========  ================================  =====  ========  ======================
1      Medici    indigo 0, indigo 1, indigo 2      6      Medici    ship 0 -> harbour 0
2      Medici    furs 3, gold 5                    10     Strozzi   ship 2 -> harbour 0
3      Strozzi   silk 4, silk 0                    0      Strozzi   ship 0 -> harbour 1
4      Strozzi   spices 2                          3      Medici    ship 1 -> harbour 2
5      Medici    spices 0, spices 4, silk 1        20     Medici    ship 2 -> harbour 1
6      Medici    indigo 3, indigo 4, furs 0        7      Medici    ship 1 -> harbour 2
7      Medici    furs 1, furs 2 (room for 2 only)  1      Medici    ship 2 -> harbour 1
=====  ========  ================================  =====  ========  ======================

Medici's ships are then full: the round ends. Harbour 0: Medici 0+1+2 = 3, Strozzi
3+5 = 8; harbour 1: Medici 0+4+1+1+2 = 8, Strozzi 4+0 = 4; harbour 2: Medici
2+3+4+0 = 9, Strozzi nothing. Markers (all moves taken): indigo in harbour 0 towards
Medici by the far move plus two single steps; furs in harbour 0 one step towards
Strozzi; silk in harbour 1 one towards Medici and one plus the far move towards
Strozzi; furs in harbour 1 two towards Medici; spices in harbour 2 one towards Medici.
"""

from __future__ import annotations

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction

from tests import refusals
from tests.medici_vs_strozzi.conftest import move_markers, play, tiles, turn
from tests.refusals import refused

M, S = mvs.MEDICI, mvs.STROZZI
RULES = mvs.rules_for()
SPEC = RULES.spec
HARBOUR = SPEC["scoring.harbour_payout"]
MARKER = SPEC["scoring.marker_payout"]
ONE, FAR = SPEC["scoring.steps_per_tile"], SPEC["scoring.far_move_steps"]
START = SPEC["economy.start_money"]


def pays(distance: int) -> int:
    """What a marker ``distance`` spaces on a player's side pays him (Wertung einer Runde,
    paragraph 3): the monopoly income, and a bonus space's value if it stands on one."""
    if distance <= 0:
        return 0
    bonus = {SPEC["board.bonus_small_distance"]: SPEC["scoring.bonus_small"],
             SPEC["board.bonus_large_distance"]: SPEC["scoring.bonus_large"]}
    return MARKER + bonus.get(distance, 0)


def track(harbour: int, good: str) -> int:
    """The marker index of ``good``'s track in ``harbour`` (harbour by harbour, in order)."""
    return RULES.track_offset[harbour] + RULES.harbour_tracks[harbour].index(
        RULES.goods.index(good))


def board_is_the_specs() -> bool:
    names = [[RULES.goods[g] for g in h] for h in RULES.harbour_tracks]
    return names == [list(h) for h in SPEC["board.harbour_tracks"]] == [
        ["indigo", "furs", "spices"], ["silk", "indigo", "furs"], ["spices", "silk"]]


def first_round(options: dict[str, str] | None = None) -> mvs.State:
    """Round 1 as in the table above, up to the end of its last purchase."""
    r = RULES
    state = mvs.new_game(seed=None, options=options)
    state = turn(state, tiles(r, "indigo", 0, 1, 2), 6, False, (0, 0))
    state = turn(state, tiles(r, "furs", 3) + tiles(r, "gold", 5), 10, True, (2, 0))
    state = turn(state, tiles(r, "silk", 4, 0), 0, False, (0, 1))
    state = turn(state, tiles(r, "spices", 2), 3, True, (1, 2))
    state = turn(state, tiles(r, "spices", 0, 4) + tiles(r, "silk", 1), 20, False, (2, 1))
    state = turn(state, tiles(r, "indigo", 3, 4) + tiles(r, "furs", 0), 7, False, (1, 2))
    return turn(state, tiles(r, "furs", 1, 2), 1, False, (2, 1))


PAID = (6 + 3 + 20 + 7 + 1, 10)         # what each player paid the bank in the round


@pytest.mark.play("medici_vs_strozzi:scoring.harbour", "medici_vs_strozzi:scoring.marker_move",
                  "medici_vs_strozzi:scoring.marker_payout",
                  "medici_vs_strozzi:scoring.marker_bonus", "medici_vs_strozzi:round.end",
                  "medici_vs_strozzi:setup.harbours")
def test_a_whole_round_adds_up_as_the_text_says() -> None:
    assert board_is_the_specs()
    before = first_round()
    assert before.phase == mvs.Phase.MARKERS and before.round == 1   # Medici's ships are full
    after = move_markers(before)
    score = after.scores[0]
    assert score.harbour_totals == ((3, 8), (8, 4), (9, 0))
    assert score.harbour_income == (2 * HARBOUR, HARBOUR)
    expected = [0] * SPEC["components.markers"]
    expected[track(0, "indigo")] = FAR + 2 * ONE
    expected[track(0, "furs")] = -ONE
    expected[track(1, "silk")] = ONE - (ONE + FAR)
    expected[track(1, "furs")] = 2 * ONE
    expected[track(2, "spices")] = ONE
    assert after.markers == score.markers_after == tuple(expected)
    medici = 2 * HARBOUR + pays(FAR + 2 * ONE) + pays(2 * ONE) + pays(ONE)
    strozzi = HARBOUR + pays(ONE) + pays(FAR)
    assert score.total == (medici, strozzi)
    assert after.cash == (START - PAID[M] + medici, START - PAID[S] + strozzi)
    assert after.loans == (0, 0)


@pytest.mark.play("medici_vs_strozzi:turn.draw_limit")
def test_the_last_turn_may_draw_only_what_the_roomiest_ship_takes() -> None:
    r = RULES
    state = mvs.new_game(seed=None)
    for drawn, load in ((tiles(r, "indigo", 0, 1, 2), (0, 0)), (tiles(r, "furs", 0, 1, 2), (1, 1)),
                        (tiles(r, "furs", 3), (1, 1)), (tiles(r, "silk", 0, 1, 2), (2, 2))):
        state = turn(state, drawn, 0, False, load)
    assert state.free_space(M) == (0, 0, 2) and state.active == M
    state = play(state, mvs.DRAW, mvs.TileDrawn(tiles(r, "silk", 3)[0]), mvs.DRAW)
    state = mvs.apply(state, mvs.TileDrawn(tiles(r, "silk", 4)[0]))
    assert state.phase == mvs.Phase.PRICE          # a third tile would not fit any ship
    assert mvs.DRAW not in mvs.legal_actions(state)
    refusals.refused(mvs, state, mvs.DRAW, "medici_vs_strozzi:turn.draw_limit")


@pytest.mark.play("medici_vs_strozzi:round.next", "medici_vs_strozzi:game.rounds",
                  "medici_vs_strozzi:setup.tiles", "medici_vs_strozzi:setup.markers")
def test_the_next_round_starts_with_empty_ships_a_full_bag_and_the_markers_kept() -> None:
    after = move_markers(first_round())
    assert after.round == 2 and len(after.scores) == 1
    assert after.holds == (((), (), ()), ((), (), ()))
    assert after.ports == ((-1, -1, -1), (-1, -1, -1))
    assert sorted(after.bag) == list(range(SPEC["components.tiles"]))
    assert after.discarded == () and after.drawn == ()
    assert after.markers == after.scores[0].markers_after != (0,) * SPEC["components.markers"]
    assert mvs.current_player(after) == S and after.phase == mvs.Phase.DRAW


@pytest.mark.play("medici_vs_strozzi:round.end", "medici_vs_strozzi:turn.discard",
                  "medici_vs_strozzi:round.next")
def test_the_round_ends_when_the_last_tile_is_drawn_and_sold() -> None:
    """Every purchase is thrown away, so no ship fills: the bag runs out. The last turn
    still names a price and sells; then the round is scored and every tile comes back."""
    state = mvs.new_game(seed=None)
    while state.round == 1:
        drawn = state.bag[:min(RULES.max_draw, len(state.bag))]
        state = turn(state, drawn, 0, False, None)
    assert state.round == 2 and len(state.scores) == 1
    assert state.scores[0].harbour_totals == ((0, 0),) * RULES.harbour_count
    assert state.scores[0].total == (0, 0) and state.cash == (START, START)
    assert len(state.bag) == SPEC["components.tiles"] and state.discarded == ()


@pytest.mark.play("medici_vs_strozzi:setup.money", "medici_vs_strozzi:setup.ships",
                  "medici_vs_strozzi:setup.markers", "medici_vs_strozzi:setup.harbours",
                  "medici_vs_strozzi:game.rounds", "medici_vs_strozzi:setup.tiles")
def test_the_first_purchase_of_a_game() -> None:
    """Set-up seen through the first purchase: coins, empty ships of each hold size, every
    harbour open to every ship, markers in the middle, a full bag."""
    state = mvs.new_game(seed=None)
    assert mvs.current_player(state) == M and mvs.legal_actions(state) == (mvs.DRAW,)
    state = play(state, mvs.DRAW)
    assert len(mvs.chance_outcomes(state)) == SPEC["components.tiles"]
    state = play(state, mvs.TileDrawn(0), mvs.STOP, mvs.SetPrice(0), mvs.DECLINE)
    assert state.cash == (START, START) and state.loans == (0, 0)
    loads = mvs.legal_actions(state)
    ships, harbours = len(SPEC["ships.capacities"]), SPEC["board.harbour_count"]
    assert {(a.ship, a.harbour) for a in loads if isinstance(a, mvs.Load)} == {
        (s, h) for s in range(ships) for h in range(harbours)}
    assert state.markers == (0,) * SPEC["components.markers"]
    # the smallest ship: single purchases fill it, then it takes no further tile
    state = mvs.apply(state, mvs.Load(0, 0))
    capacity = SPEC["ships.capacities"][0]
    for value in range(1, capacity):
        state = turn(state, tiles(RULES, "furs", value), 0, False, (0, 0))
    assert len(state.holds[M][0]) == capacity
    state = play(state, mvs.DRAW, mvs.TileDrawn(tiles(RULES, "silk", 1)[0]), mvs.STOP,
                 mvs.SetPrice(0), mvs.DECLINE)
    refused(mvs, state, mvs.Load(0, 0), "medici_vs_strozzi:turn.load")


def first_action(state: mvs.State) -> mvs.Action:
    """The first legal action (an open price at its least: price 0, buy, first ship, no move)."""
    first = mvs.legal_actions(state)[0]
    return first.make(first.low) if isinstance(first, OpenChoice) else first


@pytest.mark.play("medici_vs_strozzi:end.winner", "medici_vs_strozzi:money.loans",
                  "medici_vs_strozzi:game.rounds")
def test_the_game_ends_after_the_last_round_and_loans_are_paid_back() -> None:
    state = mvs.new_game(seed=None)
    price = 2 * START                       # Medici must buy: he borrows what he lacks
    state = turn(state, tiles(RULES, "gold", 5), price, False, (0, 0))
    assert state.cash[M] == 0 and state.loans[M] == price - START
    openers = [mvs.current_player(state)]
    seen_rounds = {state.round}
    while not mvs.is_terminal(state):
        before = state.round
        state = mvs.apply(state, first_action(state))
        if state.round != before and not mvs.is_terminal(state):
            openers.append(state.active)
            seen_rounds.add(state.round)
    assert sorted(seen_rounds) == list(range(1, SPEC["rounds.count"] + 1))
    assert [RULES.players[p] for p in openers] == list(SPEC["rounds.first_player"])
    assert len(state.scores) == SPEC["rounds.count"]
    fortunes = (state.cash[M] - state.loans[M], state.cash[S] - state.loans[S])
    outcome = mvs.outcome(state)
    assert outcome.scores == dict(zip(RULES.players, fortunes, strict=True))
    best = max(fortunes)
    assert outcome.winners == tuple(RULES.players[p] for p in (M, S) if fortunes[p] == best)
    with pytest.raises(IllegalAction) as refused:
        mvs.apply(state, mvs.DRAW)
    assert refused.value.clause == "medici_vs_strozzi:end.winner"
