"""One test per entry of spec/il_vecchio/interpretations.toml: each pins the decision."""

from __future__ import annotations

import tomllib
from itertools import product
from pathlib import Path
from random import Random

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.il_vecchio.board import CREST_COLOURS

from tests.il_vecchio.iv_helpers import (
    after_setup,
    chance,
    clean,
    council_tile,
    edit,
    province_tile,
)
from tests.refusals import refused

ROOT = Path(__file__).resolve().parents[2]


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
    spec = spec_module.load("il_vecchio")
    five, four = (spec["setup.crests.two_three_players"],
                  spec["setup.crests.two_three_players_alternative"])
    assert five != four                  # the two readings deal different piles
    for players in (2, 3):
        assert iv.new_game(0, {"players": players}).crests_left == five
        assert iv.new_game(0, {"players": players, "crests_two_three": "four"}).crests_left == four
    assert (iv.new_game(0, {"players": 4, "crests_two_three": "four"}).crests_left
            == spec["setup.crests.four_players"])   # "Bei 4 Spielern": the question is not asked


@pytest.mark.clause("il_vecchio:setup.middlemen")
def test_middleman_area_scope() -> None:
    """The two limits allow the same placements: the engine's (per area number) equals one
    worked out per area, area by area as the board file lists them; and a board file cannot
    give two areas one number."""
    rules = iv.default_rules()
    limit = rules.spec["setup.middlemen_per_area"]
    board = rules.board
    listed = tomllib.loads((ROOT / "spec" / "il_vecchio" / "board.toml").read_text("utf-8"))
    areas = [tuple(board.index(t) for t in towns)
             for towns in listed["board"]["areas"]["value"].values()]
    per_area = [towns for towns in product(*(board.cycles[c] for c in CREST_COLOURS))
                if all(sum(t in area for t in towns) <= limit for area in areas)]
    assert sorted(iv.middleman_setups(rules)) == sorted(per_area)
    assert len(per_area) < len(list(product(*(board.cycles[c] for c in CREST_COLOURS))))
    with pytest.raises(tomllib.TOMLDecodeError):   # one number, two areas: not a board file
        tomllib.loads('[board.areas]\nvalue = { "2" = ["prato"], "2" = ["siena"] }\n')


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
@pytest.mark.parametrize("reading", ["town_action", "any_gain"])
def test_council_bonus_scope(reading: str) -> None:
    """An abbot from a province tile: the abbot tile adds one more and the follower tile its
    Florins only when any gain is enhanced; so does the scroll tile's purchase."""
    any_gain = reading == "any_gain"
    state = clean(after_setup(council_bonus_scope=reading))
    rules = state.rules
    tile = province_tile(state, "abbot")
    state = edit(state, 0, province_up=(tile,), res={"abbot": 0, "florin": 0},
                 council_up=(council_tile(state, "abbot"), council_tile(state, "follower")))
    me = iv.apply(state, iv.UseProvince(tile)).players[0]
    assert me.res[iv.ABBOT] == 1 + any_gain
    assert me.res[iv.FLORIN] == any_gain * rules.council_yields["follower_florins"]
    scroll = province_tile(state, "scroll")
    price = rules.council_yields["scroll_price"]
    state = edit(state, 0, province_up=(scroll,), res={"scroll": 0, "florin": price},
                 council_up=(council_tile(state, "scrolls"),))
    buy = iv.UseProvince(scroll, -1, -1, iv.SCROLL)
    assert (buy in iv.legal_actions(state)) == any_gain
    if any_gain:
        me = iv.apply(state, buy).players[0]
        assert (me.res[iv.SCROLL], me.res[iv.FLORIN]) == (2, 0)
    town = iv.apply(state, iv.UseProvince(scroll)).players[0]
    assert (town.res[iv.SCROLL], town.res[iv.FLORIN]) == (1, price)


@pytest.mark.clause("il_vecchio:tiles.nobility")
@pytest.mark.parametrize("reading", ["four_or_more", "exactly_four"])
def test_crests_four_plus(reading: str) -> None:
    """The list 3/5/7/10 for 1/2/3/4 crests: the last figure for four or more, or for four
    only (then more crests give nothing)."""
    rules = iv.default_rules(crests_four_plus=reading)
    table = rules.scoring["crest_points"]
    last = len(table) - 1
    state = edit(clean(after_setup(crests_four_plus=reading)), 0, crests=(0,) * (last + 2))
    counts = iv.scoring.counts_of(state, 0)
    beyond = table[last] if reading == "four_or_more" else 0
    assert iv.nobility_points("crests", counts, rules) == beyond
    assert iv.nobility_points("crests", counts._replace(crests=last + 1), rules) == beyond
    for held in range(last + 1):
        assert iv.nobility_points("crests", counts._replace(crests=held), rules) == table[held]


@pytest.mark.clause("il_vecchio:end.full_track", "il_vecchio:action.province.tile")
@pytest.mark.parametrize("milan", ["included", "omitted"])
def test_final_round_province_stacks(milan: str) -> None:
    """Both readings play alike: in every state of seeded random games, at every player
    count, a full region track has an empty province stack, so a placement beyond its end
    never finds a tile to take."""
    for players in (2, 3, 4):
        rules = iv.default_rules(players, milan_tile_en=milan)
        for region in range(len(iv.REGIONS)):
            assert rules.usable(region) >= rules.tiles_per_region   # the English remark holds
        beyond = 0
        for seed in range(12):
            start = iv.new_game(seed, {"players": players, "milan_tile_en": milan})
            for _, state in iv.GAME.random_steps(start, Random(seed)):
                if any(due.need == iv.Need.PROVINCE_TILE for due in state.pending):
                    continue                # a takeover's tile is still to be chosen
                for region in range(len(iv.REGIONS)):
                    if len(state.tracks[region]) >= rules.usable(region):
                        assert state.province_left[region] == ()
                        beyond += len(state.tracks[region]) > rules.usable(region)
    assert beyond           # the final round's placements on a full track were played


@pytest.mark.clause("il_vecchio:tiles.province", "il_vecchio:setup.tiles")
@pytest.mark.parametrize("reading", ["included", "omitted"])
def test_milan_tile_en(reading: str) -> None:
    """Milan's stack: every tile of its list, or without the tile the English list lacks
    (hand in a scroll, take two followers)."""
    state = iv.new_game(0, {"milan_tile_en": reading})
    rules = state.rules
    milan = iv.REGIONS.index("milano")
    listed = rules.spec["tiles.province"]["milano"]
    stack = [rules.province_tiles[t] for t in state.province_left[milan]]
    if reading == "included":
        assert stack == listed
    else:
        assert stack == [kind for kind in listed if kind != "scroll_for_followers"]
    for region in range(len(iv.REGIONS)):
        if region != milan:
            assert len(state.province_left[region]) == rules.tiles_per_region


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
@pytest.mark.parametrize("reading", ["allowed_without_bonus", "both_or_none"])
def test_partial_double_turn(reading: str) -> None:
    """After one action of the double turn a player may stop (without the bonus), or must
    take the second; giving up the whole double turn stays open in both readings."""
    state = clean(after_setup(players=2, partial_double_turn=reading))._replace(
        final_round=True, end_triggered=True, crests_left=0)
    assert iv.PASS in iv.legal_actions(state)
    after_one = iv.apply(state, iv.RECOVER)
    if reading == "allowed_without_bonus":
        after = iv.apply(after_one, iv.PASS)
        assert after.turn == 1 and not after.players[0].passed
    else:
        refused(iv, after_one, iv.PASS, "il_vecchio:turn.structure")
        assert iv.apply(after_one, iv.RECOVER).turn == 1


def _road_distance(board: iv.Board, start: int, to: int, avoid: int) -> int:
    """Towns moved on the shortest road route, never through ``avoid`` (-1: any route)."""
    seen, frontier, steps = {start}, [start], 0
    while to not in seen:
        frontier = [n for t in frontier if t == start or t != avoid
                    for n in board.neighbours[t] if n not in seen]
        seen.update(frontier)
        steps += 1
    return steps


@pytest.mark.clause("il_vecchio:travel.roads")
@pytest.mark.parametrize("reading", ["shortest_any_town", "avoid_florence"])
def test_travel_florence(reading: str) -> None:
    """1 Florin per town along the roads: the shortest route, through Florence or around it."""
    state = after_setup(travel_florence=reading)
    board, per_town = state.rules.board, state.rules.travel_cost
    avoid = board.florence if reading == "avoid_florence" else -1
    sesto = iv.town(state, "sesto")
    towns = range(len(board.towns))
    dearer = [(a, b) for a in towns for b in towns
              if _road_distance(board, a, b, board.florence) > _road_distance(board, a, b, -1)]
    assert dearer                       # some trips are shorter through Florence
    a, b = dearer[0]
    assert (iv.travel_cost(state, a, b, False) > per_town * _road_distance(board, a, b, -1)) == (
        reading == "avoid_florence")
    assert iv.travel_cost(state, sesto, board.florence, False) == per_town   # still an end
    for a in range(len(board.towns)):
        for b in range(len(board.towns)):
            assert iv.travel_cost(state, a, b, False) == per_town * _road_distance(
                board, a, b, avoid)


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
    refused(iv, state, iv.UseProvince(reuse, reuse), "il_vecchio:tiles.province")
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
@pytest.mark.parametrize("reading", ["always_allowed", "needs_lying_member"])
def test_endless_game(reading: str) -> None:
    """Recovery with nobody lying: open, or only with a lying member; a player left with no
    main action at all then passes."""
    state = clean(after_setup(endless_game=reading))
    upright = edit(state, 0, lying={})
    assert (iv.RECOVER in iv.legal_actions(upright)) == (reading == "always_allowed")
    refused(iv, upright, iv.PASS, "il_vecchio:turn.structure")
    assert iv.RECOVER in iv.legal_actions(edit(state, 0, lying={"prato": 1}))
    nobody = edit(state, 0, standing={}, lying={}, supply=0)
    assert (list(iv.legal_actions(nobody)) == [iv.PASS]) == (reading == "needs_lying_member")
    if reading == "needs_lying_member":
        assert iv.apply(nobody, iv.PASS).turn == 1


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
    refused(iv, rolled, iv.Place(-1), "il_vecchio:action.reinforcement")  # chosen before
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
    refused(iv, state, iv.UseProvince(six), "il_vecchio:tiles.province")


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


@pytest.mark.clause("il_vecchio:end.winner")
@pytest.mark.parametrize("reading", ["sum", "followers_then_scrolls"])
def test_winner_tiebreak(reading: str) -> None:
    """Tied on Power points: more followers and scrolls together wins, or more followers
    first and then more scrolls."""
    state = clean(after_setup(players=2, winner_tiebreak=reading))
    state = edit(state, 0, res={"knight": 2, "scroll": 0, "florin": 0})
    state = edit(state, 1, res={"knight": 1, "scroll": 2, "florin": 0},
                 standing=dict(zip(state.rules.board.towns,
                                   state.players[0].standing, strict=True)),
                 lying=dict(zip(state.rules.board.towns, state.players[0].lying, strict=True)))
    scores = iv.final_scores(state)
    assert scores[0].total == scores[1].total
    assert iv.scoring.winners(state) == ((1,) if reading == "sum" else (0,))


@pytest.mark.play("il_vecchio:variant.less_luck", "il_vecchio:event.first_crest",
                  "il_vecchio:event.last_crest")
def test_less_luck_special_cases() -> None:
    """With less luck the events are skipped, but the first crest still moves the
    additional cost and the last still ends the game."""
    for seed in range(4):
        start = iv.new_game(seed, {"less_luck": "on"})
        assert start.extra_cost_on == iv.COUNCIL
        first, state = None, start
        for _, state in iv.GAME.random_steps(start, Random(seed)):
            if first is None and state.crests_taken() == 1:
                first = state
        assert first is not None and first.extra_cost_on == iv.NOBILITY
        assert iv.GAME.is_over(state) and state.crests_left == 0 and state.end_triggered


@pytest.mark.clause("il_vecchio:end.pass_bonus", "il_vecchio:action.florence.council_reveal")
def test_reveal_before_pass() -> None:
    """A council tile turned up as the double turn begins pays its bonus; giving up the
    double turn after it still earns the pass bonus."""
    state = clean(after_setup(players=2))._replace(final_round=True, end_triggered=True,
                                                   crests_left=0)
    tile = council_tile(state, "scrolls")
    state = edit(state, 1, council_down=(tile,), res={"scroll": 0})
    state = iv.apply(iv.apply(state, iv.RECOVER), iv.PASS)
    assert state.turn == 1 and state.players[1].res[iv.SCROLL] == 1
    state = iv.apply(state, iv.PASS)
    assert state.players[1].passed and iv.final_scores(state)[1].passed == (
        state.rules.scoring["pass_bonus"])
