"""Scenario tests through play (issue 17): set-up, turns, travel, the five actions, the
council tiles and the events, each reached by ``new_game`` and ``apply`` alone and checked
against what the rule texts say the whole step adds up to (numbers read from spec)."""

from __future__ import annotations

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core.errors import IllegalAction

from tests.il_vecchio.play_helpers import (
    SPEC,
    act,
    council,
    draw,
    first_legal,
    started,
    to_move,
    town,
)
from tests.refusals import refused

FAMILY = SPEC["setup.family_members"]
PER_ROUND = SPEC["setup.placement.members_per_round"]


@pytest.mark.play("il_vecchio:setup.start_player", "il_vecchio:setup.player_material",
                  "il_vecchio:setup.council_choice", "il_vecchio:setup.additional_cost",
                  "il_vecchio:setup.crests", "il_vecchio:setup.tiles")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_setup_every_player_holds_what_the_text_hands_out(players: int) -> None:
    state = started(players)
    money = [SPEC["setup.money.others"]] * players
    money[0], money[-1] = SPEC["setup.money.start_player"], SPEC["setup.money.right_neighbour"]
    assert [p.res[iv.FLORIN] for p in state.players] == money
    for me in state.players:
        assert me.res[iv.CARRIAGE] == SPEC["setup.carriages"]
        assert me.res[iv.BISHOP] == SPEC["setup.bishops"]
        assert me.supply == FAMILY - SPEC["setup.placement.rounds"] * PER_ROUND
        assert len(me.council_up) == 1 and me.council_down == ()   # one kept, face up
        assert me.res[iv.SCROLL] == 0                                # no bonus for it
    kept = [me.council_up[0] for me in state.players]
    assert sorted([*kept, *state.council_pile]) == list(range(SPEC["florence.council_tiles"]))
    assert len(state.nobility_pile) == SPEC["florence.nobility_tiles"]
    assert state.extra_cost_on == iv.COUNCIL                     # on the council stack
    dealt = SPEC["setup.crests.four_players" if players == 4 else "setup.crests.two_three_players"]
    assert state.crests_left == dealt
    assert [len(left) for left in state.province_left] == [SPEC["province.tiles_per_region"]] * 3
    assert to_move(state) == 0 and state.turn == 0


@pytest.mark.play("il_vecchio:setup.middlemen", "il_vecchio:setup.placement_roll",
                  "il_vecchio:setup.placement_choice")
def test_setup_placements_follow_the_roll_then_any_area() -> None:
    state = iv.new_game(None, {"players": 2})
    rules = state.rules
    areas = rules.board.areas
    starts = iv.chance_outcomes(state)
    for outcome, _ in starts:                          # at most one middleman per area number
        towns = rules.tables.middleman_setups[outcome.setup]
        assert all(sum(t in border for t in towns) <= SPEC["setup.middlemen_per_area"]
                   for border in areas.values())
    while state.phase == iv.Phase.SETUP_COUNCIL:
        state = first_legal(state)
    rolled = next(iter(areas))
    state = act(state, iv.Roll(rolled))
    assert {a.area for a in iv.legal_actions(state)} == {rolled}
    a, b = areas[rolled][0], areas[rolled][-1]
    state = act(state, iv.SetupPlace(rolled, min(a, b), max(a, b)))
    assert state.players[0].supply == FAMILY - PER_ROUND
    state = act(state, iv.Roll(SPEC["dice.free_choice"]))         # a 7: any area
    assert {a.area for a in iv.legal_actions(state)} == set(areas)
    state = first_legal(state)
    assert state.phase == iv.Phase.SETUP_CHOICE and to_move(state) == 0   # no roll now
    assert {a.area for a in iv.legal_actions(state)} == set(areas)


@pytest.mark.play("il_vecchio:turn.structure", "il_vecchio:action.recovery")
def test_a_turn_is_one_action_then_the_next_player() -> None:
    state = started(3)
    with pytest.raises(IllegalAction) as info:
        iv.apply(state, iv.PASS)                       # no turn without its action
    assert info.value.clause == "il_vecchio:turn.structure"
    florins = state.players[0].res[iv.FLORIN]
    after = act(state, iv.RECOVER)
    assert to_move(after) == 1 and after.turn == 1
    assert after.players[0].res[iv.FLORIN] == florins + SPEC["recovery.florins"]
    after = act(after, iv.RECOVER, iv.RECOVER)
    assert after.turn == 0                             # clockwise, round and round


@pytest.mark.play("il_vecchio:travel.roads", "il_vecchio:action.town.crest",
                  "il_vecchio:action.town.goods", "il_vecchio:middleman.move",
                  "il_vecchio:tiles.council")
def test_a_scroll_in_a_brown_town_with_the_scroll_tile() -> None:
    """Blue walks one road to the brown town the middleman stands in, takes the scroll and
    buys a second one with his council tile; the member lies down, the middleman moves on."""
    state = started(2)
    assert state.rules.council_tiles[state.players[0].council_up[0]] == "scrolls"
    prato, pistoia = town(state, "prato"), town(state, "pistoia")
    brown = SPEC["setup.middlemen"].index("brown")
    assert state.middlemen[brown] == pistoia
    me = state.players[0]
    after = act(state, iv.TownAction(prato, pistoia, False, False, 1, True))
    now = after.players[0]
    trip = SPEC["travel.cost_per_town"] * state.rules.board.distance[prato][pistoia]
    price = SPEC["council_tiles.yields"]["scroll_price"]
    assert now.res[iv.FLORIN] == me.res[iv.FLORIN] - trip - price
    assert now.res[iv.SCROLL] == SPEC["town.brown.scrolls"] + 1
    assert now.lying[pistoia] == 1 and now.standing[prato] == me.standing[prato] - 1
    assert after.middlemen[brown] == state.rules.board.next_town[pistoia]
    assert after.turn == 1


@pytest.mark.play("il_vecchio:action.town.green", "il_vecchio:action.town.crest",
                  "il_vecchio:travel.carriage")
def test_green_town_money_and_a_bishop_instead_of_a_middleman() -> None:
    state = act(started(2), iv.RECOVER)
    prato, carmignano = town(state, "prato"), town(state, "carmignano")
    me = state.players[1]
    after = act(state, iv.TownAction(prato, carmignano, False, False))
    trip = SPEC["travel.cost_per_town"] * state.rules.board.distance[prato][carmignano]
    assert after.players[1].res[iv.FLORIN] == me.res[iv.FLORIN] - trip + SPEC["town.green.florins"]
    assert after.players[1].lying[carmignano] == 1
    # blue: a crest town without a middleman, by carriage, with a bishop: he stays standing
    after = act(after, iv.RECOVER)
    colle = town(state, "colle")
    assert colle not in after.middlemen
    before = after.players[1]
    after = act(after, iv.TownAction(prato, colle, True, True))
    now = after.players[1]
    assert now.res[iv.BISHOP] == before.res[iv.BISHOP] - 1
    assert now.res[iv.CARRIAGE] == before.res[iv.CARRIAGE] - 1
    assert now.res[iv.FLORIN] == before.res[iv.FLORIN]          # the carriage travels for free
    assert now.standing[colle] == 1 and now.res[iv.ASSASSIN] == SPEC["town.follower.count"]
    with pytest.raises(IllegalAction) as info:                 # no middleman, no bishop left
        iv.apply(act(after, iv.RECOVER), iv.TownAction(colle, colle, False, False))
    assert info.value.clause == "il_vecchio:action.town.crest"


def _council_office(tile_kind: str) -> iv.State:
    """Blue earns 3 Florins in a green town, two scrolls in a brown one, a Florin by
    recovery, then takes a council office by carriage (paying the additional cost) and keeps
    a ``tile_kind`` tile chance put among the five drawn. Yellow recovers in between."""
    state = started(2)
    prato = town(state, "prato")
    state = act(state, iv.TownAction(prato, town(state, "carmignano"), False, False), iv.RECOVER,
                iv.TownAction(prato, town(state, "pistoia"), False, False, 1, True), iv.RECOVER,
                iv.RECOVER, iv.RECOVER)
    florence = state.rules.board.florence
    state = act(state, iv.Office(prato, florence, True, iv.COUNCIL))
    wanted = council(state, tile_kind)
    others = [t for t in state.council_pile if t != wanted][:SPEC["florence.tiles_drawn"] - 1]
    state = draw(state, [wanted, *others])
    return act(state, iv.PickTile(wanted))


@pytest.mark.play("il_vecchio:action.florence", "il_vecchio:action.florence.additional_cost",
                  "il_vecchio:action.florence.tiles", "il_vecchio:action.florence.council_reveal",
                  "il_vecchio:setup.two_player_tracks", "il_vecchio:tiles.council")
def test_a_council_tile_pays_its_bonus_once_at_the_owners_next_turn() -> None:
    state = started(2)
    assert state.players[0].res[iv.FLORIN] == SPEC["setup.money.start_player"]
    state = _council_office("money")
    me = state.players[0]
    assert state.tracks[iv.COUNCIL] == (0,) and state.turn == 1
    assert me.res[iv.SCROLL] == 0 and me.res[iv.CARRIAGE] == 0
    # 2 + 3 - 1 (green) - 1 - 1 (brown, extra scroll) + 1 (recovery) - 3 (additional cost)
    florins = (SPEC["setup.money.start_player"] + SPEC["town.green.florins"]
               - 2 * SPEC["travel.cost_per_town"] - SPEC["council_tiles.yields"]["scroll_price"]
               + SPEC["recovery.florins"] - SPEC["florence.additional_cost"])
    assert me.res[iv.FLORIN] == florins
    assert me.council_down == (council(state, "money"),)        # face down for now
    assert len(state.council_pile) == SPEC["florence.council_tiles"] - 2 - 1   # rest below
    after = act(state, iv.RECOVER)                              # yellow; blue's turn begins
    me = after.players[0]
    assert after.turn == 0 and me.council_down == () and council(state, "money") in me.council_up
    assert me.res[iv.FLORIN] == florins + SPEC["council_tiles.yields"]["brown_florins"]
    after = act(after, iv.RECOVER, iv.RECOVER)                  # the bonus came once only
    assert after.players[0].res[iv.FLORIN] == (florins + SPEC["council_tiles.yields"]
                                               ["brown_florins"] + SPEC["recovery.florins"])
    # the two-player council track began at its second space: a member there scores its points
    assert iv.scoring.space_of(state.rules, iv.COUNCIL, 0) == \
        SPEC["setup.two_player_first_space"] - 1


@pytest.mark.play("il_vecchio:event.crest", "il_vecchio:event.first_crest",
                  "il_vecchio:event.levy", "il_vecchio:action.florence.nobility",
                  "il_vecchio:action.florence")
def test_the_first_crest_levies_everyone_and_moves_the_additional_cost() -> None:
    """Blue buys two scrolls, then joins the nobility (no additional cost there yet); its
    first free space with two players shows a crest: a levy, blue answering first."""
    state = started(2)
    prato = town(state, "prato")
    state = act(state, iv.TownAction(prato, town(state, "pistoia"), False, False, 1, True),
                iv.RECOVER)
    florence = state.rules.board.florence
    space = SPEC["setup.two_player_first_space"] - 1
    assert state.rules.board.tracks[iv.NOBILITY].crests[space]
    before = state
    state = act(state, iv.Office(prato, florence, True, iv.NOBILITY))
    assert to_move(state) == "chance" and state.pending[0].need == iv.Need.CREST
    state = act(state, iv.CrestDrawn(iv.LEVY))
    assert state.crests_left == before.crests_left - 1 and state.players[0].crests == (iv.LEVY,)
    assert state.extra_cost_on == iv.NOBILITY                   # moved after the first crest
    assert [(p.need, p.player) for p in state.pending[:2]] == [(iv.Need.LEVY, 0),
                                                                (iv.Need.LEVY, 1)]
    refused(iv, state, iv.Levy(iv.FLORIN), "il_vecchio:event.levy")    # blue has no Florins
    state = act(state, iv.Levy(iv.BISHOP))
    yellow = state.players[1].res
    assert iv.Levy(iv.FLORIN) in iv.legal_actions(state)
    state = act(state, iv.Levy(iv.FLORIN))
    assert state.players[1].res[iv.FLORIN] == yellow[iv.FLORIN] - SPEC["events.levy_florins"]
    drawn = list(state.nobility_pile[::-1][:SPEC["florence.tiles_drawn"]])
    state = draw(state, drawn)
    state = act(state, iv.PickTile(drawn[0]))
    assert state.players[0].nobility == (drawn[0],)             # kept, scored at the end
    assert state.turn == 1
