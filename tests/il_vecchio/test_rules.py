"""One or more tests per rule clause of Il Vecchio."""

from __future__ import annotations

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.spec import SpecError

from tests.il_vecchio.iv_helpers import (
    after_setup,
    chance,
    clean,
    council_tile,
    edit,
    province_tile,
)
from tests.refusals import refused


@pytest.mark.clause("il_vecchio:setup.board")
def test_board_satisfies_every_derived_fact() -> None:
    rules = iv.default_rules()
    board = rules.board
    assert board.distance[iv.town(rules, "carmignano")][iv.town(rules, "pistoia")] == 1
    assert board.distance[iv.town(rules, "prato")][iv.town(rules, "vernio")] == 1
    assert {iv.town(rules, "empoli"), iv.town(rules, "castel_fiorentino")} <= set(board.areas[4])
    assert {iv.town(rules, "volterra"), iv.town(rules, "colle")} <= set(board.areas[6])
    assert board.next_town[iv.town(rules, "pistoia")] == iv.town(rules, "dicomano")
    assert sorted(board.areas) == [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    assert all(3 <= len(t) <= 4 for t in board.areas.values())


@pytest.mark.clause("il_vecchio:setup.board")
def test_a_board_contradicting_an_example_is_refused() -> None:
    roads = [r for r in iv.default_rules().spec["board.roads"] if r != ["prato", "vernio"]]
    with pytest.raises(SpecError, match="prato -> vernio"):
        iv.new_game(0, {"board": {"board.roads": roads}})


@pytest.mark.clause("il_vecchio:setup.tiles", "il_vecchio:setup.player_material",
                    "il_vecchio:setup.supply")
def test_new_game_deals() -> None:
    state = iv.new_game(5, {"players": 3})
    assert [len(r) for r in state.province_left] == [6, 6, 6]
    assert len(state.nobility_pile) == len(state.rules.nobility_tiles)
    for me in state.players:
        assert me.supply == 12
        assert me.res[iv.CARRIAGE] == me.res[iv.BISHOP] == 1
    assert all(len(o) == 3 for o in state.setup_offer)


@pytest.mark.clause("il_vecchio:setup.crests")
@pytest.mark.parametrize(("players", "crests"), [(2, 5), (3, 5), (4, 7)])
def test_crests_by_player_count(players: int, crests: int) -> None:
    state = iv.new_game(1, {"players": players})
    assert state.crests_left == crests
    assert sorted(state.crest_pile) == sorted(state.rules.crest_events)   # none seen yet


@pytest.mark.clause("il_vecchio:setup.two_player_tracks")
def test_two_player_tracks_start_at_space_two() -> None:
    state = clean(after_setup(players=2))
    state = edit(state, 0, res={"florin": 9, "knight": 1, "abbot": 1}, standing={"vernio": 1})
    vernio = iv.town(state, "vernio")
    after = iv.apply(state, iv.Province(vernio, vernio, False, 0, 1, 1))
    cost_space_2 = state.rules.board.tracks[0].costs[1]
    assert after.players[0].res[iv.FLORIN] == 9 - cost_space_2
    assert state.rules.usable(0) == state.rules.board.tracks[0].length - 1


@pytest.mark.clause("il_vecchio:setup.middlemen")
def test_middlemen_one_per_area() -> None:
    for seed in range(20):
        state = iv.new_game(seed)
        for border in state.rules.board.areas.values():
            assert sum(m in border for m in state.middlemen) <= 1
        colours = [state.rules.board.colours[m] for m in state.middlemen]
        assert colours == ["brown", "black", "gray", "white", "purple"]


@pytest.mark.clause("il_vecchio:setup.start_player")
def test_start_money() -> None:
    state = iv.new_game(0, {"players": 4})
    assert [p.res[iv.FLORIN] for p in state.players] == [2, 3, 3, 4]


@pytest.mark.clause("il_vecchio:setup.council_choice", "il_vecchio:setup.additional_cost")
def test_setup_council_choice() -> None:
    state = iv.new_game(2, {"players": 2})
    refused(iv, state, iv.KeepCouncil(next(t for t in range(12) if t not in state.setup_offer[0])),
            "il_vecchio:setup.council_choice")
    keep = [state.setup_offer[0][1], state.setup_offer[1][0]]
    state = iv.apply(iv.apply(state, iv.KeepCouncil(keep[0])), iv.KeepCouncil(keep[1]))
    assert [p.council_up for p in state.players] == [(keep[0],), (keep[1],)]
    assert sorted(state.council_pile) == sorted(set(range(12)) - set(keep))
    assert state.extra_cost_on == iv.COUNCIL
    assert state.players[0].res == iv.new_game(2, {"players": 2}).players[0].res  # no bonus


@pytest.mark.clause("il_vecchio:turn.structure")
def test_turn_is_one_action_then_next_player() -> None:
    state = clean(after_setup(players=3))
    after = iv.apply(state, iv.RECOVER)
    assert after.turn == 1 and after.actions_taken == 0
    refused(iv, state, iv.PASS, "il_vecchio:turn.structure")


@pytest.mark.clause("il_vecchio:action.town.crest")
def test_bishop_instead_of_middleman_keeps_member_standing() -> None:
    state = clean(after_setup())
    prato = iv.town(state, "prato")
    state = state._replace(middlemen=(state.middlemen[0], iv.town(state, "colle"),
                                      *state.middlemen[2:]))
    state = edit(state, 0, standing={"prato": 1}, lying={})
    refused(iv, state, iv.TownAction(prato, prato, False, False), "il_vecchio:action.town.crest")
    after = iv.apply(state, iv.TownAction(prato, prato, False, True))
    me = after.players[0]
    assert me.standing[prato] == 1 and me.res[iv.BISHOP] == 0 and me.res[iv.ASSASSIN] == 1
    assert after.middlemen == state.middlemen


@pytest.mark.clause("il_vecchio:action.town.green")
def test_green_town_three_florins_and_lie_down() -> None:
    state = clean(after_setup())
    green = iv.town(state, "poggibonsi")
    state = edit(state, 0, res={"florin": 0}, standing={"poggibonsi": 2}, lying={})
    after = iv.apply(state, iv.TownAction(green, green, False, False))
    assert after.players[0].res[iv.FLORIN] == 3 and after.players[0].lying[green] == 1
    assert green not in after.middlemen


@pytest.mark.clause("il_vecchio:action.florence.council_reveal")
def test_council_tile_revealed_at_next_turn_with_bonus() -> None:
    state = clean(after_setup(players=2))
    tile = council_tile(state, "province")
    state = edit(state, 0, council_down=(tile,), res={"scroll": 0})
    assert state.players[0].res[iv.SCROLL] == 0
    state = iv.apply(state, iv.RECOVER)    # player 0's turn (the tile was already waiting)
    state = iv.apply(state, iv.RECOVER)    # player 1; now player 0's next turn begins
    assert state.players[0].council_up == (tile,) and state.players[0].res[iv.SCROLL] == 1


@pytest.mark.clause("il_vecchio:action.florence.nobility")
def test_nobility_tile_kept_face_down() -> None:
    state = clean(after_setup())
    florence = state.rules.board.florence
    state = edit(state, 0, res={"florin": 0, "scroll": 2}, standing={"firenze": 1})
    state = iv.apply(state, iv.Office(florence, florence, False, iv.NOBILITY))
    tile = iv.legal_actions(state)[0].tile
    state = iv.apply(state, iv.PickTile(tile))
    assert state.players[0].nobility == (tile,)


@pytest.mark.clause("il_vecchio:action.reinforcement")
def test_reinforcement_rolls_and_places() -> None:
    state = clean(after_setup(seed=4))
    state = iv.apply(state, iv.REINFORCE)
    pending = state.pending[0]
    assert pending.need == iv.Need.PLACE
    towns = iv.placement_towns(state.rules, pending.arg)
    # the German 'darf': declining is one of the answers (interp.optional_placements)
    assert iv.legal_actions(state) == (*(iv.Place(t) for t in towns), iv.Place(-1))
    supply = state.players[0].supply
    state = iv.apply(state, iv.Place(towns[0]))
    assert state.players[0].supply == supply - 1


@pytest.mark.clause("il_vecchio:action.recovery")
def test_recovery_raises_all_and_pays_a_florin() -> None:
    state = clean(after_setup())
    state = edit(state, 0, res={"florin": 0}, standing={"prato": 1}, lying={"prato": 2, "colle": 1})
    after = iv.apply(state, iv.RECOVER)
    me = after.players[0]
    assert sum(me.lying) == 0 and me.standing[iv.town(state, "prato")] == 3
    assert me.res[iv.FLORIN] == 1


def _crest_state(players: int = 3) -> iv.State:
    """Player 0 can take over Venice from Vicchio; chance waits for the caller."""
    state = clean(after_setup(players=players, seed=None))
    return edit(state, 0, res={"florin": 9, "assassin": 1}, standing={"vicchio": 1})


def _venice(state: iv.State, event: int) -> iv.State:
    """Player 0 takes over Venice, lands on a crest space, and the crest shows ``event``."""
    vicchio = iv.town(state, "vicchio")
    state = iv.apply(state, iv.Province(vicchio, vicchio, False, 1, 0, 0))
    return chance(state, iv.CrestDrawn(event))


@pytest.mark.clause("il_vecchio:event.crest")
def test_a_crest_is_a_chance_node_over_the_crests_not_yet_seen() -> None:
    from fractions import Fraction

    state = _crest_state()._replace(tracks=((), (0,), (), (), ()))  # Venice space 2: a crest
    vicchio = iv.town(state, "vicchio")
    taken = iv.apply(state, iv.Province(vicchio, vicchio, False, 1, 0, 0))
    assert iv.current_player(taken) == CHANCE and taken.pending[0].need == iv.Need.CREST
    assert taken.crests_left == state.crests_left and taken.players[0].crests == ()
    box = state.rules.crest_events
    assert dict(iv.chance_outcomes(taken)) == {
        iv.CrestDrawn(e): Fraction(box.count(e), len(box)) for e in set(box)}
    refused(iv, taken, iv.CrestDrawn(len(iv.EVENTS)), "il_vecchio:event.crest")
    refused(iv, taken, iv.PickTile(0), "il_vecchio:event.crest")                 # chance is to move
    after = iv.apply(taken, iv.CrestDrawn(iv.FAMILY))
    assert after.players[0].crests == (iv.FAMILY,) and after.crests_left == state.crests_left - 1
    assert sorted((*after.crest_pile, iv.FAMILY)) == sorted(box)
    assert "il_vecchio.crests" not in iv.violations(taken) + iv.violations(after)


@pytest.mark.clause("il_vecchio:event.levy")
def test_levy_every_player_hands_in_one_item() -> None:
    state = _crest_state()
    state = state._replace(tracks=((), (0,), (), (), ()))   # Venice space 2 shows a crest
    state = _venice(state, iv.LEVY)
    needs = [(p.need, p.player) for p in state.pending]
    assert needs[:3] == [(iv.Need.LEVY, 0), (iv.Need.LEVY, 1), (iv.Need.LEVY, 2)]
    before = state.players[1].res
    state = iv.apply(state, iv.Levy(iv.FLORIN))
    state = iv.apply(state, iv.Levy(iv.CARRIAGE))
    assert state.players[1].res[iv.CARRIAGE] == before[iv.CARRIAGE] - 1


@pytest.mark.clause("il_vecchio:event.middlemen")
def test_middlemen_event_moves_all_clockwise() -> None:
    state = _crest_state()
    state = state._replace(tracks=((), (0,), (), (), ()))
    after = _venice(state, iv.MIDDLEMEN)
    board = state.rules.board
    assert after.middlemen == tuple(board.next_town[m] for m in state.middlemen)


@pytest.mark.clause("il_vecchio:event.family")
def test_family_event_lay_down_or_take_back() -> None:
    state = _crest_state(players=2)
    state = edit(state, 1, standing={"prato": 1}, lying={"colle": 1})
    state = state._replace(tracks=((), (), (), (), ()))   # two players: space 2 is next
    state = _venice(state, iv.FAMILY)
    # player 0 has no family member left in a town, so only player 1 decides
    assert state.pending[0] == iv.Pending(iv.Need.FAMILY, 1)
    colle = iv.town(state, "colle")
    supply = state.players[1].supply
    state = iv.apply(state, iv.FamilyChoice(colle, False))
    assert state.players[1].supply == supply + 1 and state.players[1].lying[colle] == 0


@pytest.mark.clause("il_vecchio:event.first_crest", "il_vecchio:event.crest")
def test_first_crest_moves_the_additional_cost() -> None:
    state = _crest_state()
    state = state._replace(tracks=((), (0,), (), (), ()))
    assert state.extra_cost_on == iv.COUNCIL
    after = _venice(state, iv.MIDDLEMEN)
    assert after.extra_cost_on == iv.NOBILITY


@pytest.mark.clause("il_vecchio:event.last_crest", "il_vecchio:end.finish_round",
                    "il_vecchio:end.double_turn", "il_vecchio:end.pass_bonus")
def test_last_crest_round_finish_double_turn_and_pass() -> None:
    state = _crest_state()
    dealt = state.rules.crests_dealt        # player 1 took all crests but the last one
    state = edit(state, 1, crests=(iv.LEVY,) * (dealt - 1))._replace(crests_left=1)
    state = state._replace(tracks=((), (0,), (), (), ()))
    state = _venice(state, iv.MIDDLEMEN)
    assert state.crests_left == 0 and "il_vecchio.crests" not in iv.violations(state)
    while state.pending:
        state = iv.apply(state, iv.legal_actions(state)[0])
    state = iv.apply(state, iv.PASS)        # done using the new province tile
    assert state.end_triggered and not state.final_round and state.turn == 1
    state = iv.apply(iv.apply(state, iv.RECOVER), iv.RECOVER)     # the round is finished
    assert state.final_round and state.turn == 0
    state = iv.apply(state, iv.RECOVER)
    assert state.turn == 0                                      # second action of the double turn
    state = iv.apply(state, iv.RECOVER)
    state = iv.apply(state, iv.PASS)        # player 0 is done with his province tile
    assert state.turn == 1
    state = iv.apply(state, iv.PASS)                            # player 1 passes it all
    assert state.players[1].passed
    state = iv.apply(state, iv.RECOVER)
    state = iv.apply(state, iv.PASS)                            # player 2 skips the second only
    assert state.is_terminal and not state.players[2].passed
    scores = iv.final_scores(state)
    assert scores[1].passed == 2 and scores[2].passed == 0


@pytest.mark.clause("il_vecchio:end.full_track")
def test_full_track_only_in_final_round_at_last_space_cost() -> None:
    state = clean(after_setup())
    vicchio = iv.town(state, "vicchio")
    full = (1,) * state.rules.usable(1)
    state = state._replace(tracks=((), full, (), (), ()), crests_left=0)
    state = edit(state, 0, res={"florin": 9, "assassin": 1}, standing={"vicchio": 1})
    action = iv.Province(vicchio, vicchio, False, 1, 0, 0)
    refused(iv, state, action, "il_vecchio:end.full_track")
    final = state._replace(final_round=True, end_triggered=True)
    after = iv.apply(final, action)
    last = state.rules.board.tracks[1]
    assert after.players[0].res[iv.FLORIN] == 9 - last.costs[-1]
    assert after.overflow[1] == 1 and "il_vecchio.track_capacity" not in iv.violations(after)


@pytest.mark.clause("il_vecchio:end.council_bonus")
def test_council_bonus_paid_at_once_in_final_round() -> None:
    state = clean(after_setup(seed=None))._replace(final_round=True, end_triggered=True,
                                                   crests_left=0)
    florence = state.rules.board.florence
    state = edit(state, 0, res={"florin": 0, "scroll": 2}, standing={"firenze": 1})
    tile = council_tile(state, "money")
    others = [t for t in state.council_pile if t != tile][:state.rules.tiles_drawn - 1]
    state = state._replace(extra_cost_on=iv.NOBILITY)
    state = iv.apply(state, iv.Office(florence, florence, False, iv.COUNCIL))
    state = chance(state, *(iv.TileDrawn(iv.COUNCIL, t) for t in (tile, *others)))
    state = iv.apply(state, iv.PickTile(tile))
    assert state.players[0].council_up == (tile,)
    assert state.players[0].res[iv.FLORIN] == state.rules.council_yields["brown_florins"]


def _scored(tracks: tuple[tuple[int, ...], ...], players: int = 2) -> iv.State:
    state = clean(after_setup(players=players))
    return state._replace(tracks=tracks)


@pytest.mark.clause("il_vecchio:scoring.tracks", "il_vecchio:scoring.presence")
def test_track_points_and_presence() -> None:
    state = _scored(((0,), (0,), (0, 1), (0,), (1, 0)))
    rules = state.rules
    s0, s1 = iv.final_scores(state)
    expected = sum(rules.board.tracks[t].points[1] for t in range(3)) + 2 + 1
    assert s0.tracks == expected and s0.presence == 5 and s1.presence == 0


@pytest.mark.clause("il_vecchio:scoring.majority")
def test_majority_with_tie_break() -> None:
    state = _scored(((0, 1), (1, 0, 1), (), (), ()))
    s0, s1 = iv.final_scores(state)
    assert s0.majorities == 3 and s1.majorities == 3   # Milan: tie, 0's last came first


@pytest.mark.clause("il_vecchio:scoring.crests")
def test_crests_score_one_each() -> None:
    state = _scored(((), (), (), (), ()))
    state = edit(state, 0, crests=(0, 1, 2))
    assert iv.final_scores(state)[0].crests == 3


@pytest.mark.clause("il_vecchio:scoring.nobility_tiles", "il_vecchio:tiles.nobility")
def test_nobility_tiles_score() -> None:
    state = _scored(((0,), (0,), (0,), (0, 0), (0,)))
    tiles = state.rules.nobility_tiles
    state = edit(state, 0, nobility=tuple(range(12)), supply=4, crests=(0, 1),
                 standing={"sesto": 1, "borgo": 1, "prato": 1}, lying={},
                 res={"florin": 1, "scroll": 1, "carriage": 5, "bishop": 5, "knight": 1},
                 province_up=(0, 1))
    counts = iv.scoring.counts_of(state, 0)
    points = {k: iv.nobility_points(k, counts, state.rules) for k in tiles}
    assert points == {"supply": 6, "towns": 3, "regions": 3, "nobility": 2, "council": 4,
                      "pairs": 8, "colours": 6, "three_regions": 5, "neighbours": 2,
                      "collection": 8, "unused_provinces": 6, "crests": 5}
    assert iv.final_scores(state)[0].nobility == sum(points.values())


@pytest.mark.clause("il_vecchio:end.winner")
def test_winner_tie_breaks() -> None:
    state = _scored(((), (), (), (), ()))
    state = edit(state, 0, res={"florin": 5, "scroll": 1})
    state = edit(state, 1, res={"florin": 9, "scroll": 1})
    assert iv.winners(state) == (1,)
    state = edit(state, 0, res={"florin": 0, "scroll": 1, "knight": 1})
    assert iv.winners(state) == (0,)
    state = edit(state, 1, res={"florin": 0, "scroll": 1, "knight": 1})
    state = edit(state, 0, res={"florin": 0, "scroll": 1, "knight": 1})
    assert iv.winners(state) == (0, 1)


@pytest.mark.clause("il_vecchio:tiles.province")
def test_province_tiles_effects() -> None:
    state = clean(after_setup())
    tile = province_tile(state, "florins_per_member")
    state = edit(state, 0, province_up=(tile,), standing={"prato": 2}, lying={"colle": 1},
                 res={"florin": 0})
    after = iv.apply(state, iv.UseProvince(tile))
    assert after.players[0].res[iv.FLORIN] == 3 and after.players[0].province_down == (tile,)
    assert after.turn == 0                               # tile use is not the action
    swap = province_tile(state, "swap")
    state = edit(state, 0, province_up=(swap,), res={"scroll": 1})
    after = iv.apply(state, iv.UseProvince(swap, iv.SCROLL, iv.KNIGHT, iv.KNIGHT))
    assert after.players[0].res[iv.KNIGHT] == 2 and after.players[0].res[iv.SCROLL] == 0
    free = province_tile(state, "free_takeover")
    state = edit(state, 0, province_up=(free,), res={"florin": 0, "assassin": 1},
                 standing={"vicchio": 1})
    vicchio = iv.town(state, "vicchio")
    after = iv.apply(state, iv.Province(vicchio, vicchio, False, 1, 0, 0, free=True))
    assert after.tracks[1] == (0,) and free in after.players[0].province_down


@pytest.mark.clause("il_vecchio:tiles.council")
def test_council_tiles_enhance_town_actions() -> None:
    state = clean(after_setup())
    white = iv.town(state, "sesto")
    state = state._replace(middlemen=(*state.middlemen[:3], white, state.middlemen[4]))
    state = edit(state, 0, council_up=(council_tile(state, "follower"), council_tile(state, "abbot")),
                 res={"florin": 0}, standing={"sesto": 1})
    after = iv.apply(state, iv.TownAction(white, white, False, False))
    assert after.players[0].res[iv.ABBOT] == 2 and after.players[0].res[iv.FLORIN] == 2


@pytest.mark.clause("il_vecchio:travel.carriage")
def test_illegal_action_names_clause_in_german() -> None:
    state = clean(after_setup())
    state = edit(state, 0, res={"carriage": 0}, standing={"prato": 1})
    prato, colle = iv.town(state, "prato"), iv.town(state, "colle")
    with pytest.raises(IllegalAction) as info:
        iv.apply(state, iv.TownAction(prato, colle, True, True))
    assert info.value.clause == "il_vecchio:travel.carriage"
    assert info.value.message_in("de") == "Sie haben keine Kutsche. (Regel il_vecchio:travel.carriage)"
