"""One test per entry of spec/il_vecchio/interpretations.toml: each pins the decision."""

from __future__ import annotations

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.errors import IllegalAction

from tests.il_vecchio.iv_helpers import (
    after_setup,
    chance,
    clean,
    council_tile,
    edit,
    province_tile,
)


def test_register_is_complete() -> None:
    spec = spec_module.load("il_vecchio")
    names = {n for n in globals() if n.startswith("test_")}
    for item in spec.interpretations.values():
        for test in item.tests:
            assert test.split("::")[1] in names, test
        if item.variant:
            assert item.variant in iv.VARIANTS
            assert item.decision == iv.VARIANTS[item.variant][0]


@pytest.mark.clause("il_vecchio:setup.crests")
def test_crests_two_three() -> None:
    assert iv.new_game(0, {"players": 3}).crests_left == 5
    assert iv.new_game(0, {"players": 3, "crests_two_three": "four"}).crests_left == 4
    assert iv.new_game(0, {"players": 4, "crests_two_three": "four"}).crests_left == 7


@pytest.mark.clause("il_vecchio:setup.middlemen")
def test_middleman_area_scope() -> None:
    rules = iv.default_rules()
    numbers = list(rules.board.areas)
    assert len(numbers) == len(set(numbers))   # one area per number: both readings coincide
    assert iv.middleman_setups(rules)


@pytest.mark.clause("il_vecchio:tiles.council", "il_vecchio:action.reinforcement")
@pytest.mark.parametrize(("scope", "places"), [("reinforcement_action", 1), ("every_roll", 2)])
def test_reinforce_tile_scope(scope: str, places: int) -> None:
    state = clean(after_setup(reinforce_tile_scope=scope))
    tile = council_tile(state, "reinforcement")
    venice = province_tile(state, "roll_place")
    state = edit(state, 0, council_up=(tile,), province_up=(venice,))
    assert len(iv.apply(state, iv.REINFORCE).pending) == 2
    assert len(iv.apply(state, iv.UseProvince(venice)).pending) == places


@pytest.mark.clause("il_vecchio:tiles.council", "il_vecchio:action.town.goods")
def test_council_bonus_scope() -> None:
    state = clean(after_setup())
    tile = province_tile(state, "abbot")
    state = edit(state, 0, council_up=(council_tile(state, "abbot"),), province_up=(tile,),
                 res={"abbot": 0})
    assert iv.apply(state, iv.UseProvince(tile)).players[0].res[iv.ABBOT] == 1


@pytest.mark.clause("il_vecchio:tiles.nobility")
def test_crests_four_plus() -> None:
    rules = iv.default_rules()
    state = edit(clean(after_setup()), 0, crests=(0,) * 6)
    counts = iv.scoring.counts_of(state, 0)
    assert iv.nobility_points("crests", counts, rules) == 10
    assert iv.nobility_points("crests", counts._replace(crests=4), rules) == 10
    assert iv.nobility_points("crests", counts._replace(crests=3), rules) == 7


@pytest.mark.clause("il_vecchio:end.full_track", "il_vecchio:action.province.tile")
def test_final_round_province_stacks() -> None:
    for players in (2, 3, 4):
        rules = iv.default_rules(players)
        for region in range(3):
            assert rules.usable(region) >= rules.tiles_per_region   # the English remark holds


@pytest.mark.clause("il_vecchio:tiles.province", "il_vecchio:setup.tiles")
def test_milan_tile_en() -> None:
    rules = iv.default_rules()
    milan = [rules.province_tiles[t] for t in range(6)]
    assert "scroll_for_followers" in milan and len(rules.province_tiles) == 18


@pytest.mark.clause("il_vecchio:scoring.majority")
def test_majority_tiebreak() -> None:
    rules = iv.default_rules()
    assert iv.majority_winner((0, 1), rules) == 0
    assert iv.majority_winner((1, 0), rules) == 1
    assert iv.majority_winner((1, 0, 0, 1, 2), rules) == 0   # 0's last (index 2) before 1's (3)
    assert iv.majority_winner((), rules) == -1


@pytest.mark.clause("il_vecchio:scoring.nobility_tiles")
def test_scoring_marker() -> None:
    state = clean(after_setup())
    state = edit(state, 0, supply=2, nobility=(0,))
    assert iv.final_scores(state)[0].nobility == 3   # both supply members count


@pytest.mark.clause("il_vecchio:action.florence.council_reveal", "il_vecchio:end.council_bonus")
def test_council_reveal_timing() -> None:
    state = clean(after_setup(players=2))
    tile = council_tile(state, "scrolls")
    state = edit(state, 1, council_down=(tile,), res={"scroll": 0})
    state = iv.apply(state, iv.RECOVER)
    assert state.turn == 1 and state.players[1].council_up == (tile,)
    assert state.players[1].res[iv.SCROLL] == 1


@pytest.mark.clause("il_vecchio:end.double_turn", "il_vecchio:end.pass_bonus")
def test_partial_double_turn() -> None:
    state = clean(after_setup(players=2))._replace(final_round=True, end_triggered=True,
                                                   crests_left=0)
    state = iv.apply(iv.apply(state, iv.RECOVER), iv.PASS)
    assert state.turn == 1 and not state.players[0].passed


@pytest.mark.clause("il_vecchio:travel.roads")
def test_travel_florence() -> None:
    state = after_setup()
    sesto, ponte = iv.town(state, "sesto"), iv.town(state, "ponte_a_sieve")
    assert iv.travel_cost(state, sesto, ponte, False) == 2    # through Florence


@pytest.mark.clause("il_vecchio:event.levy", "il_vecchio:event.family")
def test_unpayable_event() -> None:
    state = clean(after_setup(players=2, seed=None))
    state = edit(state, 1, res={"florin": 2, "carriage": 0, "bishop": 0})
    vicchio = iv.town(state, "vicchio")
    state = edit(state, 0, res={"florin": 9, "assassin": 1}, standing={"vicchio": 1})
    state = iv.apply(state, iv.Province(vicchio, vicchio, False, 1, 0, 0))
    state = chance(state, iv.CrestDrawn(iv.LEVY))
    assert state.pending[0] == iv.Pending(iv.Need.LEVY, 0)
    state = iv.apply(state, iv.Levy(iv.FLORIN))
    assert all(p.need != iv.Need.LEVY for p in state.pending)   # player 1 has nothing: skipped
    assert state.players[1].res[iv.FLORIN] == 2


@pytest.mark.clause("il_vecchio:event.levy", "il_vecchio:event.family")
def test_event_order() -> None:
    state = clean(after_setup(players=4, seed=None))
    state = state._replace(turn=2, tracks=((), (2,), (), (), ()))
    vicchio = iv.town(state, "vicchio")
    state = edit(state, 2, res={"florin": 9, "assassin": 1, "scroll": 1}, standing={"vicchio": 1})
    state = iv.apply(state, iv.Province(vicchio, vicchio, False, 1, 0, 0))
    state = chance(state, iv.CrestDrawn(iv.LEVY))
    assert [p.player for p in state.pending if p.need == iv.Need.LEVY] == [2, 3, 0, 1]


@pytest.mark.clause("il_vecchio:tiles.province", "il_vecchio:tiles.council")
def test_roll_seven_tiles() -> None:
    assert iv.placement_towns(iv.default_rules(), 0) == tuple(range(22))
    rules = iv.default_rules()
    assert rules.board.florence in iv.placement_towns(rules, 0)


@pytest.mark.clause("il_vecchio:tiles.province")
def test_reuse_tile() -> None:
    state = clean(after_setup())
    reuse, six = province_tile(state, "reuse"), province_tile(state, "florins")
    state = edit(state, 0, province_up=(reuse,), province_down=(six,))
    with pytest.raises(IllegalAction):
        iv.apply(state, iv.UseProvince(reuse, reuse))
    after = iv.apply(state, iv.UseProvince(reuse, six))
    assert after.players[0].province_up == (six,)


@pytest.mark.clause("il_vecchio:variant.less_luck")
def test_less_luck() -> None:
    state = clean(after_setup(less_luck="on", seed=None))
    after = iv.apply(state, iv.REINFORCE)
    assert after.pending[0].arg == 0 and after.chance == state.chance   # no roll, any town
    vicchio = iv.town(state, "vicchio")
    state = edit(state, 0, res={"florin": 9, "assassin": 1}, standing={"vicchio": 1})
    state = state._replace(tracks=((), (0,), (), (), ()))
    after = iv.apply(state, iv.Province(vicchio, vicchio, False, 1, 0, 0))
    after = chance(after, iv.CrestDrawn(iv.MIDDLEMEN))   # the crest is turned, its event ignored
    assert after.middlemen == state.middlemen and after.players[0].crests == (iv.MIDDLEMEN,)


@pytest.mark.clause("il_vecchio:tiles.nobility")
@pytest.mark.parametrize(("variant", "pairs"), [("overlapping", 2), ("disjoint", 1)])
def test_neighbour_pairs(variant: str, pairs: int) -> None:
    state = clean(after_setup(neighbour_pairs=variant))._replace(tracks=((0, 0, 0), (), (), (), ()))
    assert iv.scoring.neighbour_pairs(state.rules, state.tracks, 0) == pairs


@pytest.mark.clause("il_vecchio:setup.start_player")
def test_two_player_money() -> None:
    assert [p.res[iv.FLORIN] for p in iv.new_game(0, {"players": 2}).players] == [2, 4]


@pytest.mark.clause("il_vecchio:action.recovery", "il_vecchio:event.last_crest")
def test_endless_game() -> None:
    state = clean(after_setup())
    state = edit(state, 0, lying={})
    assert iv.RECOVER in iv.legal_actions(state)


@pytest.mark.clause("il_vecchio:end.full_track", "il_vecchio:action.florence")
def test_full_track_florence() -> None:
    state = clean(after_setup())._replace(final_round=True, end_triggered=True, crests_left=0,
                                          extra_cost_on=iv.NOBILITY)
    state = state._replace(tracks=((), (), (), (1,) * state.rules.usable(3), ()))
    florence = state.rules.board.florence
    state = edit(state, 0, res={"florin": 0, "scroll": 2}, standing={"firenze": 1})
    after = iv.apply(state, iv.Office(florence, florence, False, iv.COUNCIL))
    assert after.players[0].res[iv.SCROLL] == 0 and after.overflow[iv.COUNCIL] == 1


def _rolled_place(state: iv.State, total: int) -> iv.State:
    """``state`` after chance rolls ``total`` for the roll first in the queue."""
    return chance(state, iv.Roll(total))


@pytest.mark.clause("il_vecchio:action.reinforcement", "il_vecchio:tiles.council")
@pytest.mark.parametrize("reading", ["may", "must"])
def test_optional_placements(reading: str) -> None:
    may = reading == "may"
    state = clean(after_setup(seed=None, optional_placements=reading))
    area = next(iter(state.rules.board.areas))
    after = _rolled_place(iv.apply(state, iv.REINFORCE), area)
    assert (iv.Place(-1) in iv.legal_actions(after)) is may
    # the reinforcement tile's second member: 'darf ein weiteres' against 'place 2'
    tile = council_tile(state, "reinforcement")
    with_tile = edit(state, 0, council_up=(tile,))
    after = _rolled_place(iv.apply(with_tile, iv.REINFORCE), area)
    town = iv.placement_towns(state.rules, area)[0]
    after = iv.apply(after, iv.Place(town))
    assert after.pending[0].need == iv.Need.PLACE
    assert (iv.Place(-1) in iv.legal_actions(after)) is may
    # the recovery tile: the roll is offered before the dice, in both readings
    recovery = edit(state, 0, council_up=(council_tile(state, "recovery"),))
    after = iv.apply(recovery, iv.RECOVER)
    assert iv.legal_actions(after) == (iv.TakeRoll(True), iv.TakeRoll(False))
    declined = iv.apply(after, iv.TakeRoll(False))
    assert declined.chance == after.chance and declined.players[0].supply == state.players[0].supply
    rolled = _rolled_place(iv.apply(after, iv.TakeRoll(True)), area)
    assert iv.Place(-1) not in iv.legal_actions(rolled)        # chosen before the dice
    # the reinforcement tile's bonus when turned up: offered ('darf') or rolled at once
    revealed = iv.apply(edit(state, 1, council_down=(tile,)), iv.RECOVER)
    assert revealed.turn == 1
    assert revealed.pending[0].need == (iv.Need.OFFER if may else iv.Need.ROLL)


@pytest.mark.clause("il_vecchio:tiles.nobility")
@pytest.mark.parametrize(("reading", "points"), [("one_each", 0), ("any_three", 5)])
def test_three_regions(reading: str, points: int) -> None:
    rules = iv.default_rules(three_regions=reading)
    state = clean(after_setup(three_regions=reading))._replace(tracks=((0, 0), (0,), (), (), ()))
    counts = iv.scoring.counts_of(state, 0)
    assert iv.nobility_points("three_regions", counts, rules) == points
    assert iv.nobility_points("three_regions", counts._replace(regions=(1, 1, 1)), rules) == \
        rules.spec["nobility.regions_points"]


@pytest.mark.clause("il_vecchio:end.pass_bonus")
@pytest.mark.parametrize(("reading", "passed"), [("forfeit", False), ("keep", True)])
def test_pass_bonus_tiles(reading: str, passed: bool) -> None:
    state = clean(after_setup(players=2, pass_bonus_tiles=reading))._replace(
        final_round=True, end_triggered=True, crests_left=0)
    six = province_tile(state, "florins")
    state = edit(state, 0, province_up=(six,))
    assert iv.apply(state, iv.PASS).players[0].passed          # no tile used: the bonus
    after = iv.apply(iv.apply(state, iv.UseProvince(six)), iv.PASS)
    assert after.turn == 1 and after.players[0].passed is passed


@pytest.mark.clause("il_vecchio:tiles.province", "il_vecchio:action.province.track")
@pytest.mark.parametrize(("reading", "travel_paid"), [("space_only", True), ("travel_too", False)])
def test_free_takeover(reading: str, travel_paid: bool) -> None:
    state = clean(after_setup(free_takeover=reading))
    free = province_tile(state, "free_takeover")
    sesto, vicchio = iv.town(state, "sesto"), iv.town(state, "vicchio")
    state = edit(state, 0, res={"florin": 9, "assassin": 1}, standing={"sesto": 1},
                 province_up=(free,))
    after = iv.apply(state, iv.Province(sesto, vicchio, False, 1, 0, 0, free=True))
    trip = iv.travel_cost(state, sesto, vicchio, False)
    assert trip > 0
    assert after.players[0].res[iv.FLORIN] == 9 - (trip if travel_paid else 0)
    broke = edit(state, 0, res={"florin": 0, "assassin": 1})   # only the waived trip is free
    walk = iv.Province(sesto, vicchio, False, 1, 0, 0, free=True)
    assert iv.is_legal(broke, walk) is not travel_paid
    assert (walk in iv.legal_actions(broke)) is not travel_paid


@pytest.mark.clause("il_vecchio:turn.structure", "il_vecchio:tiles.province")
def test_tiles_during_decisions() -> None:
    state = clean(after_setup(players=2, seed=None))
    six = province_tile(state, "florins")
    vicchio = iv.town(state, "vicchio")
    state = edit(state, 0, res={"florin": 9, "assassin": 1}, standing={"vicchio": 1},
                 province_up=(six,))
    state = edit(state, 1, res={"florin": 9}, province_up=(province_tile(state, "buy"),))
    assert state.rules.board.tracks[1].crests[state.rules.first_space]   # a crest comes
    state = chance(iv.apply(state, iv.Province(vicchio, vicchio, False, 1, 0, 0)),
                   iv.CrestDrawn(iv.LEVY))
    assert state.pending[0] == iv.Pending(iv.Need.LEVY, 0)
    assert iv.UseProvince(six) in iv.legal_actions(state)     # his own decision: tiles allowed
    state = iv.apply(state, iv.Levy(iv.FLORIN))
    assert state.pending[0] == iv.Pending(iv.Need.LEVY, 1)
    assert not any(isinstance(a, iv.UseProvince) for a in iv.legal_actions(state))
    with pytest.raises(IllegalAction):
        iv.apply(state, iv.UseProvince(six))


@pytest.mark.clause("il_vecchio:tiles.nobility", "il_vecchio:tiles.province")
def test_reused_tile_unused() -> None:
    state = clean(after_setup())
    reuse, six = province_tile(state, "reuse"), province_tile(state, "florins")
    state = edit(state, 0, province_up=(reuse,), province_down=(six,))
    assert iv.scoring.counts_of(state, 0).unused_provinces == 1         # the re-use tile
    after = iv.apply(state, iv.UseProvince(reuse, six))
    assert after.players[0].province_up == (six,)
    assert iv.scoring.counts_of(after, 0).unused_provinces == 0         # used once: not unused
    again = iv.apply(after, iv.UseProvince(six))
    assert again.players[0].province_again == ()
