"""Every worked example of both editions, replayed through the public API.

Each test cites the example's section in the German (de) and English (en) rules.
"""

from __future__ import annotations

import pytest
from regelwerk.engine import il_vecchio as iv

from tests.il_vecchio.iv_helpers import after_setup, chance, clean, edit


@pytest.mark.clause("il_vecchio:travel.roads", "il_vecchio:travel.carriage")
def test_travel_sesto_to_vicchio_costs_two_florins_or_a_carriage() -> None:
    """de: Reise, Beispiel; en: Traveling, Example — Sesto to Vicchio: 2 Florins or 1 Carriage."""
    state = after_setup()
    sesto, vicchio = iv.town(state, "Sesto"), iv.town(state, "Vicchio")
    assert iv.travel_cost(state, sesto, vicchio, carriage=False) == 2
    assert iv.travel_cost(state, sesto, vicchio, carriage=True) == 0
    assert state.rules.board.distance[sesto][vicchio] == 2   # one town lies between


@pytest.mark.clause("il_vecchio:setup.placement_roll", "il_vecchio:setup.placement_choice")
def test_setup_example_red_rolls_four_then_chooses_six() -> None:
    """de: 2. Spielaufbau, Beispiel; en: 2. Game setup, Example — a 4: Empoli and Castel
    Fiorentino; then area 6: Volterra and Colle."""
    state = iv.new_game(None, {"players": 2})
    while state.phase == iv.Phase.SETUP_COUNCIL:
        state = iv.apply(state, iv.legal_actions(state)[0])
    state = chance(state, iv.Roll(4))
    assert state.roll == 4
    empoli, castel = iv.town(state, "Empoli"), iv.town(state, "Castel Fiorentino")
    state = iv.apply(state, iv.SetupPlace(4, min(empoli, castel), max(empoli, castel)))
    assert state.players[0].standing[empoli] == state.players[0].standing[castel] == 1
    while state.phase == iv.Phase.SETUP_ROLL:
        state = iv.apply(state, iv.legal_actions(state)[0])
    volterra, colle = iv.town(state, "Volterra"), iv.town(state, "Colle")
    state = iv.apply(state, iv.SetupPlace(6, min(volterra, colle), max(volterra, colle)))
    me = state.players[0]
    assert me.standing[volterra] == me.standing[colle] == 1
    assert me.supply == 12 - 4


@pytest.mark.clause("il_vecchio:action.town.crest", "il_vecchio:action.town.goods",
                    "il_vecchio:middleman.move", "il_vecchio:travel.roads")
def test_town_action_carmignano_to_pistoia_middleman_to_dicomano() -> None:
    """de: 4. a, Beispiel; en: 4. a, Example — travel Carmignano to Pistoia for 1 Florin; the
    middleman moves on to Dicomano; the member lies down; the player takes 5 Florins."""
    state = clean(after_setup())
    carmignano, pistoia = iv.town(state, "Carmignano"), iv.town(state, "Pistoia")
    dicomano = iv.town(state, "Dicomano")
    state = state._replace(middlemen=(pistoia, *state.middlemen[1:]))
    state = edit(state, 0, res={"florin": 3}, standing={"carmignano": 1}, lying={})
    after = iv.apply(state, iv.TownAction(carmignano, pistoia, False, False, 0))
    me = after.players[0]
    assert me.res[iv.FLORIN] == 3 - 1 + 5
    assert after.middlemen[0] == dicomano
    assert me.lying[pistoia] == 1 and me.standing[pistoia] == 0


@pytest.mark.clause("il_vecchio:action.province", "il_vecchio:action.province.followers",
                    "il_vecchio:action.province.track", "il_vecchio:event.crest",
                    "il_vecchio:action.province.tile")
def test_province_example_prato_to_vernio_milan() -> None:
    """de: 4. b, Beispiel; en: 4. b, Example — Prato to Vernio for 1 Florin, a knight and an
    abbot, 5 Florins for the next free space, which triggers an Il Vecchio event; then the
    player chooses one of the remaining Milan tiles."""
    state = clean(after_setup(seed=None))
    prato, vernio = iv.town(state, "Prato"), iv.town(state, "Vernio")
    state = edit(state, 0, res={"florin": 6, "knight": 1, "abbot": 1}, standing={"prato": 1})
    after = iv.apply(state, iv.Province(prato, vernio, False, 0, 1, 1))
    me = after.players[0]
    assert me.res[iv.FLORIN] == 0 and me.res[iv.KNIGHT] == me.res[iv.ABBOT] == 0
    assert after.tracks[0] == (0,)
    assert after.pending[0] == iv.Pending(iv.Need.CREST, 0, 0)    # the crest is turned over
    after = chance(after, iv.CrestDrawn(iv.MIDDLEMEN))
    me = after.players[0]
    assert after.crests_left == state.crests_left - 1 and me.crests == (iv.MIDDLEMEN,)
    while after.pending and after.pending[0].need != iv.Need.PROVINCE_TILE:
        after = iv.apply(after, iv.legal_actions(after)[0])
    assert after.pending[0] == iv.Pending(iv.Need.PROVINCE_TILE, 0, 0)
    tile = iv.legal_actions(after)[-1].tile
    after = iv.apply(after, iv.PickTile(tile))
    assert tile in after.players[0].province_up and tile not in after.province_left[0]


@pytest.mark.clause("il_vecchio:action.florence", "il_vecchio:action.florence.additional_cost",
                    "il_vecchio:action.florence.tiles", "il_vecchio:action.florence.council_reveal")
def test_council_example_two_scrolls_and_three_florins() -> None:
    """de: 4. c, Beispiel; en: 4. c, Example — 2 scrolls plus 3 Florins (the additional cost
    lies on the council stack), next free space, one of the top 5 council tiles, face down."""
    state = clean(after_setup(seed=None))
    florence = state.rules.board.florence
    state = edit(state, 0, res={"florin": 3, "scroll": 2}, standing={"firenze": 1})
    after = iv.apply(state, iv.Office(florence, florence, False, iv.COUNCIL))
    me = after.players[0]
    assert me.res[iv.FLORIN] == 0 and me.res[iv.SCROLL] == 0
    assert after.tracks[iv.COUNCIL] == (0,)
    top5 = state.council_pile[:5]             # chance may show any tiles of the stack
    after = chance(after, *(iv.TileDrawn(iv.COUNCIL, tile) for tile in top5))
    assert after.pending[0] == iv.Pending(iv.Need.FLORENCE_TILE, 0, iv.COUNCIL, top5)
    after = iv.apply(after, iv.PickTile(top5[2]))
    assert after.players[0].council_down == (top5[2],)
    assert sorted(after.council_pile[:4]) == sorted(set(top5) - {top5[2]})   # at the bottom
