"""Scenario tests through play (issue 17): province takeovers and province tiles,
reinforcement and its choices, the middlemen and family events, the variant with less luck.
Every situation is reached by ``new_game`` and ``apply``; numbers are read from spec."""

from __future__ import annotations

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core.errors import IllegalAction

from tests.il_vecchio.play_helpers import SPEC, act, draw, province, started, to_move, town
from tests.refusals import refused

VENICE = iv.REGIONS.index("venezia")


def _venice(event: int) -> iv.State:
    """Yellow hands in his bishop for an assassin in Prato (no middleman there), then rides
    by carriage to Vicchio and takes over a Venice province; the crest on the two-player
    first space shows ``event``. Blue recovers meanwhile."""
    state = started(2)
    prato = town(state, "prato")
    state = act(state, iv.RECOVER, iv.TownAction(prato, prato, False, True), iv.RECOVER)
    state = act(state, iv.Province(prato, town(state, "vicchio"), True, 1, 0, 0))
    return act(state, iv.CrestDrawn(event))


@pytest.mark.play("il_vecchio:action.province", "il_vecchio:action.province.followers",
                  "il_vecchio:action.province.track", "il_vecchio:action.province.tile",
                  "il_vecchio:event.middlemen", "il_vecchio:event.crest")
def test_a_venice_takeover_adds_up() -> None:
    state = started(2)
    before = act(state, iv.RECOVER, iv.TownAction(town(state, "prato"), town(state, "prato"),
                                                  False, True), iv.RECOVER)
    yellow = before.players[1]
    assert yellow.res[iv.ASSASSIN] == SPEC["province.followers.venezia"]["assassin"]
    state = _venice(iv.MIDDLEMEN)
    me = state.players[1]
    space = SPEC["setup.two_player_first_space"] - 1
    price = SPEC["board.tracks.venezia.costs"][space]
    assert me.res[iv.FLORIN] == yellow.res[iv.FLORIN] - price     # the carriage: no trip money
    assert me.res[iv.ASSASSIN] == 0 and me.res[iv.CARRIAGE] == yellow.res[iv.CARRIAGE] - 1
    assert state.tracks[VENICE] == (1,) and me.crests == (iv.MIDDLEMEN,)
    board = state.rules.board
    assert state.middlemen == tuple(board.next_town[t] for t in before.middlemen)
    assert to_move(state) == 1 and state.pending[0].need == iv.Need.PROVINCE_TILE
    assert {a.tile for a in iv.legal_actions(state)} == set(state.province_left[VENICE])
    scroll = province(state, "scroll")
    state = act(state, iv.PickTile(scroll))
    assert state.players[1].province_up == (scroll,) and scroll not in state.province_left[VENICE]
    # still yellow's turn: the new tile may be used now, or kept (passing ends the turn)
    assert state.turn == 1 and {iv.UseProvince(scroll), iv.PASS} == set(iv.legal_actions(state))
    kept = act(state, iv.PASS)
    assert kept.turn == 0 and kept.players[1].province_up == (scroll,)
    state = act(state, iv.UseProvince(scroll))
    me = state.players[1]
    assert me.res[iv.SCROLL] == 1 and me.province_up == () and me.province_down == (scroll,)
    assert state.turn == 0                          # nothing left to do: blue's turn


@pytest.mark.play("il_vecchio:event.levy", "il_vecchio:turn.structure")
def test_a_levy_in_yellows_turn_skips_what_cannot_be_paid() -> None:
    """Yellow's crest shows a levy: yellow, with nothing left to hand in, is skipped
    (interp.unpayable_event); blue answers in yellow's turn; then yellow picks his
    province tile."""
    state = _venice(iv.LEVY)
    assert [(p.need, p.player) for p in state.pending] == [(iv.Need.LEVY, 0),
                                                            (iv.Need.PROVINCE_TILE, 1)]
    assert to_move(state) == 0 and state.turn == 1
    florins = SPEC["setup.money.start_player"] + 2 * SPEC["recovery.florins"]   # blue's so far
    assert state.players[0].res[iv.FLORIN] == florins >= SPEC["events.levy_florins"]
    assert {a.resource for a in iv.legal_actions(state)} == {iv.FLORIN, iv.CARRIAGE, iv.BISHOP}
    blue = state.players[0].res
    state = act(state, iv.Levy(iv.CARRIAGE))
    assert state.players[0].res[iv.CARRIAGE] == blue[iv.CARRIAGE] - 1
    assert to_move(state) == 1 and state.pending[0].need == iv.Need.PROVINCE_TILE


@pytest.mark.play("il_vecchio:action.reinforcement", "il_vecchio:setup.board")
def test_reinforcement_places_on_the_rolled_area_or_anywhere_on_a_seven() -> None:
    state = started(2)
    area = next(iter(state.rules.board.areas))
    after = act(state, iv.REINFORCE)
    assert to_move(after) == "chance"
    after = act(after, iv.Roll(area))
    towns = state.rules.board.areas[area]
    assert {a.town for a in iv.legal_actions(after)} == {*towns, -1}   # 'darf': may decline
    placed = act(after, iv.Place(towns[0]))
    assert placed.players[0].supply == state.players[0].supply - SPEC["reinforcement.members"]
    assert placed.players[0].standing[towns[0]] == state.players[0].standing[towns[0]] + 1
    assert placed.turn == 1
    declined = act(after, iv.Place(-1))
    assert declined.players[0].supply == state.players[0].supply and declined.turn == 1
    seven = act(state, iv.REINFORCE, iv.Roll(SPEC["dice.free_choice"]))
    assert iv.Place(state.rules.board.florence) in iv.legal_actions(seven)
    assert len(iv.legal_actions(seven)) == len(state.rules.board.towns) + 1


@pytest.mark.play("il_vecchio:action.reinforcement")
def test_reinforcement_must_place_in_the_english_reading() -> None:
    state = act(started(2, optional_placements="must"), iv.REINFORCE)
    area = next(iter(state.rules.board.areas))
    state = act(state, iv.Roll(area))
    with pytest.raises(IllegalAction) as info:
        iv.apply(state, iv.Place(-1))
    assert info.value.clause == "il_vecchio:action.reinforcement"


@pytest.mark.play("il_vecchio:event.family", "il_vecchio:event.crest")
def test_the_family_event_lays_down_or_takes_back() -> None:
    """Blue's nobility office shows the family event: blue takes his lying member back
    into his supply, yellow lays one of his standing members down."""
    state = started(2)
    prato, pistoia = town(state, "prato"), town(state, "pistoia")
    state = act(state, iv.TownAction(prato, pistoia, False, False, 1, True), iv.RECOVER)
    state = act(state, iv.Office(prato, state.rules.board.florence, True, iv.NOBILITY),
                iv.CrestDrawn(iv.FAMILY))
    assert [(p.need, p.player) for p in state.pending[:2]] == [(iv.Need.FAMILY, 0),
                                                                (iv.Need.FAMILY, 1)]
    blue, yellow = state.players
    state = act(state, iv.FamilyChoice(pistoia, False))
    assert state.players[0].supply == blue.supply + 1 and state.players[0].lying[pistoia] == 0
    refused(iv, state, iv.FamilyChoice(prato, False), "il_vecchio:event.family")  # none lying
    state = act(state, iv.FamilyChoice(prato, True))
    assert state.players[1].standing[prato] == yellow.standing[prato] - 1
    assert state.players[1].lying[prato] == 1


@pytest.mark.play("il_vecchio:variant.less_luck")
def test_less_luck_places_anywhere_and_ignores_the_events() -> None:
    state = started(2, less_luck="on")
    after = act(state, iv.REINFORCE)
    assert to_move(after) == 0 and after.chance == state.chance          # no dice
    assert iv.Place(state.rules.board.florence) in iv.legal_actions(after)
    after = act(after, iv.Place(state.rules.board.florence))
    assert after.players[0].standing[state.rules.board.florence] == 1
    # a crest is still taken and kept, its event not carried out
    prato = town(state, "prato")
    state = act(state, iv.TownAction(prato, town(state, "pistoia"), False, False, 1, True),
                iv.RECOVER)
    state = act(state, iv.Office(prato, state.rules.board.florence, True, iv.NOBILITY),
                iv.CrestDrawn(iv.LEVY))
    assert state.players[0].crests == (iv.LEVY,)
    assert all(p.need != iv.Need.LEVY for p in state.pending)
    drawn = list(state.nobility_pile[::-1][:SPEC["florence.tiles_drawn"]])
    state = act(draw(state, drawn), iv.PickTile(drawn[-1]))
    assert state.players[0].nobility == (drawn[-1],)


@pytest.mark.play("il_vecchio:tiles.council", "il_vecchio:action.recovery")
def test_the_recovery_tile_offers_the_roll_before_the_dice() -> None:
    """Blue keeps the recovery council tile at set-up (the offer is chance's), recovers, and
    is asked whether to roll; declining leaves the dice untouched."""
    state = iv.new_game(None, {"players": 2})
    state = act(state, iv.legal_actions(state)[0])               # the middlemen
    recovery = state.rules.council_tiles.index("recovery")
    offered = [recovery, *[t for t in state.council_pile if t != recovery][:2]]
    for tile in offered:
        state = act(state, iv.TileDrawn(iv.COUNCIL, tile))
    while state.phase != iv.Phase.PLAY:
        state = act(state, iv.legal_actions(state)[0])
    assert state.players[0].council_up == (recovery,)
    after = act(state, iv.RECOVER)
    assert to_move(after) == 0 and iv.legal_actions(after) == (iv.TakeRoll(True),
                                                                iv.TakeRoll(False))
    declined = act(after, iv.TakeRoll(False))
    assert declined.turn == 1 and declined.chance == after.chance
    rolled = act(after, iv.TakeRoll(True))
    assert to_move(rolled) == "chance"
    area = next(iter(state.rules.board.areas))
    rolled = act(rolled, iv.Roll(area))
    refused(iv, rolled, iv.Place(-1), "il_vecchio:action.reinforcement")  # chosen before
    rolled = act(rolled, iv.Place(state.rules.board.areas[area][0]))
    assert rolled.players[0].supply == state.players[0].supply - 1 and rolled.turn == 1
