"""The other readings of register entries that issue 29 made playable as variants
(spec/lorenzo/interpretations.toml, ``variant``): one test each, the expected outcome worked
out from the rule text and the reading, beside the decision's test that the entry names too."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from regelwerk.engine.lorenzo import (
    GAME,
    ActivateLeader,
    ChooseTile,
    Church,
    CopyLeader,
    DiscardLeader,
    EndTurn,
    ExcommunicationDrawn,
    Pass,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlaceWork,
    PlayLeader,
    Privilege,
    Skip,
    Stage,
    TakeCard,
    Work,
    reveal,
)
from regelwerk.engine.lorenzo.effects import member_value, member_values, modifiers
from regelwerk.engine.lorenzo.flow import end_round
from regelwerk.engine.lorenzo.rules import (
    BUILDING,
    CHARACTER,
    COIN,
    COUNCIL,
    FAITH,
    HARVEST,
    MEMBERS,
    NEUTRAL,
    TERRITORY,
    VENTURE,
)
from regelwerk.engine.lorenzo.scoring import final_scores

from tests.lorenzo.helpers import (
    CARD,
    EMPTY,
    EXCOMMUNICATION,
    LEADER,
    RULES,
    advanced,
    cards,
    edit,
    excommunicated,
    fresh,
    of,
    placing,
    roll,
    settle,
    to_last_report,
    with_leader,
)

RICH = {"coin": 20, "wood": 20, "stone": 20, "servant": 20}
TOP = RULES.floors - 1


@pytest.mark.clause("lorenzo:tower.own_colour", "lorenzo:action.one_colour_per_group")
def test_one_neutral_member_per_tower() -> None:
    """Variant ``neutral_in_tower = one_neutral``: after another family's neutral member,
    the next family's neutral member may not enter that tower; its coloured ones may."""
    options = {"neutral_in_tower": "one_neutral"}
    state = placing((6, 6, 6), options=options, **RICH)
    for p in range(1, 4):
        state = edit(state, p, **RICH)
    state = GAME.apply(state, PlaceTower(TERRITORY, 0, NEUTRAL, 1, 0, 0))
    state = settle(GAME.apply(state, EndTurn()) if state.stage == Stage.AFTER else state, 0)
    assert state.current_player == 1
    mine = [a for a in of(state, PlaceTower) if a.tower == TERRITORY]
    assert {a.member for a in mine} == {0, 1, 2}                 # no neutral member
    assert any(a.member == NEUTRAL for a in of(state, PlaceTower))     # other towers take it


@pytest.mark.clause("lorenzo:effect.take_card", "lorenzo:tower.occupied_fee",
                    "lorenzo:tower.floor_bonus")
def test_card_action_free_of_tower_rules() -> None:
    """Variant ``card_action_tower = free_of_tower_rules``: the Abbess's card taken from an
    occupied tower costs no fee and brings no floor bonus; only the card's cost is paid."""
    options = {"card_action_tower": "free_of_tower_rules"}
    state = placing((6, 6, 6), options=options, deal={(CHARACTER, 0): "character-1-8"},
                    **RICH)
    state = state._replace(spaces=state.spaces[:TOP] + ((1 * MEMBERS + 0,),)
                           + state.spaces[TOP + 1:])       # player 1 in the territory tower
    abbess = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    before = abbess.players[0]
    take = next(a for a in of(abbess, TakeCard) if a.tower == TERRITORY and a.floor == 2)
    card = RULES.cards[abbess.towers[TERRITORY * RULES.floors + 2]]
    player = GAME.apply(abbess, take).players[0]
    paid = card.costs[take.cost].pay
    assert player.coin == before.coin - paid[0]                  # no fee
    assert player.wood == before.wood - paid[1]                  # no floor bonus
    assert RULES.floor_bonus[TERRITORY][2][1] > 0 and RULES.occupied_fee > 0


@pytest.mark.clause("lorenzo:work.value", "lorenzo:work.spaces")
def test_large_space_refused_below_the_minimum() -> None:
    """Variant ``large_space_minimum = refused``: a 2 reaches the large harvest space only
    with the servants that lift it to the minimum after the penalty (2 + s - 3 >= 1)."""
    state = placing((2, 2, 2), options={"large_space_minimum": "refused"}, servant=5)
    large = [a for a in of(state, PlaceWork) if a.area == HARVEST and a.large and a.member == 0]
    need = RULES.work_min - 2 - RULES.large_penalty
    assert need > 0 and min(a.servants for a in large) == need * RULES.servant_rate
    poor = placing((2, 2, 2), options={"large_space_minimum": "refused"}, servant=0)
    assert not [a for a in of(poor, PlaceWork) if a.large and a.member == 0]
    assert [a for a in of(poor, PlaceWork) if not a.large and a.member == 0]


@pytest.mark.clause("lorenzo:market.players", "lorenzo:setup.covers")
def test_first_two_market_spaces_closed() -> None:
    """Variant ``market_closed = spaces_1_2``: with fewer than four players the first two
    market spaces are covered instead of the last two."""
    options = {"market_closed": "spaces_1_2"}
    for players, spaces in ((2, {2, 3}), (3, {2, 3}), (4, {0, 1, 2, 3})):
        state = placing((6, 6, 6), players=players, options=options)
        assert {a.space for a in of(state, PlaceMarket)} == spaces


def _final(options: dict[str, str], **by_player: dict[str, int]):  # type: ignore[no-untyped-def]
    state = placing(options=options)
    for p in range(4):
        state = edit(state, p, **{**EMPTY, **by_player.get(f"p{p}", {})})
    return state


@pytest.mark.clause("lorenzo:scoring.military")
def test_only_military_points_rank() -> None:
    """Variant ``military_ranking = five_two_positive_only``: players without military
    points get nothing; the others rank as before."""
    first, second = RULES.score_military
    options = {"military_ranking": "five_two_positive_only"}
    assert final_scores(_final(options, p0={"military": 4})) == (first, 0, 0, 0)
    assert final_scores(_final(options, p0={"military": 4}, p1={"military": 1})) == \
        (first, second, 0, 0)
    assert final_scores(_final(options)) == (0, 0, 0, 0)


@pytest.mark.clause("lorenzo:scoring.resources")
def test_points_counted_as_resources() -> None:
    """Variant ``scored_resources = with_points``: military and faith points count with
    the resources, one victory point per five."""
    options = {"scored_resources": "with_points"}
    per = RULES.resources_per_vp
    scored = final_scores(_final(options, p1={"faith": 2 * per}, p2={"coin": 2 * per}))
    assert scored[1] == scored[2] == 2 + scored[3]     # the military ranking's 2 for all three
    alone = final_scores(_final(options, p0={"military": per}))
    assert alone[0] == RULES.score_military[0] + 1


@pytest.mark.clause("lorenzo:vatican.final", "lorenzo:effect.gain")
def test_sisto_bonus_for_every_faith_scoring() -> None:
    """Variant ``sisto_bonus = any_faith_scoring``: Sisto IV's five points come with the
    faith scored in the last report, also to a player excommunicated there."""
    options = {"sisto_bonus": "any_faith_scoring"}
    state = with_leader(advanced(options=options), "sisto_iv", coin=6, wood=6, stone=6,
                        servant=6, faith=6)
    report = to_last_report(state)
    vp = report.players[0].vp
    track = RULES.faith_vp[6]
    supported = GAME.apply(report, Church(True)).players[0].vp
    refused = GAME.apply(report, Church(False)).players[0]
    assert supported == refused.vp == vp + track + 5 and refused.excommunicated


@pytest.mark.clause("lorenzo:action.must_place")
def test_passing_at_any_time() -> None:
    """Variant ``passing = may_pass``: a player may pass with members he could place; his
    unplaced members stay home and the next player is to place."""
    state = placing(options={"passing": "may_pass"})
    assert of(state, Pass) == [Pass()] and of(state, PlaceTower)
    after = GAME.apply(state, Pass())
    assert after.players[0].passed and not any(after.players[0].used)
    assert after.current_player == 1


@pytest.mark.clause("lorenzo:effect.gain_per_card", "lorenzo:tower.sequence")
def test_per_card_counts_the_others_only() -> None:
    """Variant ``per_card_count = others_only``: the Paramour (2 victory points per
    character) with one character held before gives 2, not 4."""
    state = placing((6, 6, 6), options={"per_card_count": "others_only"},
                    deal={(CHARACTER, 0): "character-3-3"}, round=RULES.rounds - 1,
                    cards=cards("character-1-1"), vp=0, **RICH)
    after = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert after.players[0].vp == 2 * 1


@pytest.mark.clause("lorenzo:card.immediate", "lorenzo:effect.take_card", "lorenzo:effect.harvest")
def test_compulsory_bonus_action() -> None:
    """Variant ``bonus_action = compulsory``: the Abbess's card must be taken while one can
    be, a card's harvest must be carried out; with no card to take, the action lapses."""
    options = {"bonus_action": "compulsory"}
    state = placing((6, 6, 6), options=options, deal={(CHARACTER, 0): "character-1-8"}, **RICH)
    abbess = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert abbess.pending[0].need == Stage.TAKE
    assert of(abbess, TakeCard) and not of(abbess, Skip)
    bare = abbess._replace(towers=(-1,) * len(abbess.towers))     # every card taken
    assert not of(bare, TakeCard) and of(bare, Skip) == [Skip()]

    state = placing((6, 6, 6), options=options, deal={(CHARACTER, 0): "character-3-5"},
                    round=5, **RICH)
    harvest = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    while harvest.pending and harvest.pending[0].need != Stage.WORK:
        harvest = GAME.apply(harvest, GAME.legal_actions(harvest)[0])
    assert of(harvest, Work) and not of(harvest, Skip)


@pytest.mark.clause("lorenzo:effect.member_value", "lorenzo:action.member_value")
def test_set_value_overrides_adds() -> None:
    """Variant ``member_value = set_overrides``: Ludovico il Moro's 5 stays 5 beside
    Lucrezia's +2 and the -1 tile (servants and action bonuses apart); without a set
    value the adds still apply to the die."""
    options = {"member_value": "set_overrides"}
    two_each = tuple(tuple(RULES.decks[t][0][:2]) for t in range(4))
    six = tuple(RULES.decks[TERRITORY][0][:6])
    plain = with_leader(advanced((1, 2, 3), options=options), "lucrezia_borgia",
                        cards=(six, *two_each[1:]))
    assert [member_value(plain, plain.players[0], m) for m in range(3)] == [3, 4, 5]
    state = with_leader(plain, "ludovico_il_moro")
    state = excommunicated(state, "excommunication-1-7")
    player = state.players[0]
    assert [member_value(state, player, m) for m in range(3)] == [5, 5, 5]
    assert member_values(state, player)[:3] == (5, 5, 5)


@pytest.mark.clause("lorenzo:action.one_colour_per_group", "lorenzo:market.same_family",
                    "lorenzo:council.space")
def test_market_and_palace_as_action_groups() -> None:
    """Variant ``action_group_scope = every_area``: once a coloured member of a family is in
    the market (the council palace), no other coloured member of it goes there; the
    neutral one does, and the other area stays open."""
    state = placing((6, 6, 6), options={"action_group_scope": "every_area"}, **RICH)

    def again(s):  # type: ignore[no-untyped-def]
        return settle(s)._replace(turn=0, stage=Stage.PLACE)

    market = again(GAME.apply(state, PlaceMarket(0, 0, 0)))
    assert {a.member for a in of(market, PlaceMarket)} == {NEUTRAL}
    assert {a.member for a in of(market, PlaceCouncil)} == {1, 2, NEUTRAL}
    council = again(GAME.apply(state, PlaceCouncil(0, 0)))
    assert {a.member for a in of(council, PlaceCouncil)} == {NEUTRAL}
    assert {a.member for a in of(council, PlaceMarket)} == {1, 2, NEUTRAL}
    alone = edit(council, 0, used=(True, True, False, True))
    assert not of(alone, PlaceCouncil) and not of(alone, Pass)      # the market is open


@pytest.mark.clause("lorenzo:effect.waive", "lorenzo:action.space_taken")
def test_ariosto_opens_taken_floors() -> None:
    """Variant ``ariosto_scope = towers_too`` (with ``empty_floor = bonus_only``, where a floor
    without its card offers its bonus): Ariosto's member goes to a taken tower floor,
    paying the occupied tower's fee; without Ariosto's reading it does not."""
    def taken(options: dict[str, str]):  # type: ignore[no-untyped-def]
        state = advanced((6, 6, 6), options=options, **RICH)
        state = with_leader(state, "ludovico_ariosto",
                            cards=((), (), tuple(RULES.decks[CHARACTER][0][:5]), ()))
        spaces = list(state.spaces)
        spaces[TERRITORY * RULES.floors + 0] = (2 * MEMBERS + 0,)
        towers = list(state.towers)
        towers[TERRITORY * RULES.floors + 0] = -1
        state = state._replace(spaces=tuple(spaces), towers=tuple(towers))
        return state, [a for a in of(state, PlaceTower) if a.tower == TERRITORY and a.floor == 0]

    state, floor = taken({"empty_floor": "bonus_only", "ariosto_scope": "towers_too"})
    assert floor and {a.member for a in floor} == {0, 1, 2, NEUTRAL}
    after = GAME.apply(state, floor[0]).players[0]
    bonus = RULES.floor_bonus[TERRITORY][0]
    assert after.coin == state.players[0].coin - RULES.occupied_fee + bonus[0]
    assert not taken({"empty_floor": "bonus_only"})[1]
    assert not taken({"ariosto_scope": "towers_too"})[1]          # no card, no action


@pytest.mark.clause("lorenzo:advanced.bonus_tiles")
def test_five_bonus_tiles() -> None:
    """Variant ``bonus_tiles = five_tiles``: the advanced game offers GB's fifth tile beside
    the four of the material list, and a player may choose it."""
    def first_choice(options: dict[str, str]) -> tuple[Any, list[ChooseTile]]:
        state = reveal(fresh(4, options, 1))
        assert state.stage == Stage.TILE
        return state, of(state, ChooseTile)

    _, four = first_choice({})
    state, five = first_choice({"bonus_tiles": "five_tiles"})
    assert len(four) == RULES.spec["bonus_tile.count"] and len(five) == len(four) + 1
    extra = max(five, key=lambda a: a.tile)
    assert state.rules.tiles[extra.tile].id == "gb_extra"
    after = GAME.apply(state, extra)
    chooser = state.current_player
    assert after.players[chooser].tile == extra.tile


@pytest.mark.clause("lorenzo:card.cost")
def test_gb_card_values() -> None:
    """Variant ``card_transcriptions = gb_only``: GB's values throughout, which differ from
    the cross-check's resolution in one card, the Knight, whose cost is then GB's 4 coins
    (AC, FB and Fed95: 2); every other card is the same."""
    gb = GAME.rules_for({"players": 4, "card_transcriptions": "gb_only"})
    knight = CARD["character-1-4"]
    assert RULES.cards[knight].costs[0].pay[0] == 2
    assert gb.cards[knight].costs[0].pay[0] == 4
    assert [c for i, c in enumerate(gb.cards) if i != knight] == \
        [c for i, c in enumerate(RULES.cards) if i != knight]
    state = placing((6, 6, 6), options={"card_transcriptions": "gb_only"},
                    deal={(CHARACTER, 0): "character-1-4"}, coin=3)
    assert not [a for a in of(state, PlaceTower) if a.tower == CHARACTER and a.floor == 0]
    state = edit(state, 0, coin=4)
    knight_taken = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert knight_taken.players[0].coin == 0


@pytest.mark.clause("lorenzo:effect.discount")
def test_only_the_largest_discount() -> None:
    """Variant ``discount_stacking = best_one``: of Dame (1 coin off characters) and Pico
    della Mirandola (3 coins off), only Pico's applies: the Paramour (7 coins, last period)
    costs 4, not 3; the Warlord (2 coins) nothing either way."""
    def dame_and_pico(deal: dict[tuple[int, int], str], round: int = 1):  # type: ignore[no-untyped-def]
        state = advanced((6, 6, 6), options={"discount_stacking": "best_one"}, deal=deal,
                         round=round, **RICH)
        return with_leader(state, "pico_della_mirandola",
                           cards=((), tuple(RULES.decks[BUILDING][0][:2]),
                                  cards("character-1-3")[2], tuple(RULES.decks[VENTURE][0][:4])),
                           mods=RULES.cards[CARD["character-1-3"]].permanent)     # Dame

    state = dame_and_pico({(CHARACTER, 0): "character-3-3"}, RULES.rounds - 1)
    coins = state.players[0].coin
    paramour = [a for a in of(state, PlaceTower) if a.tower == CHARACTER and a.floor == 0
                and a.member == 0]
    assert len({a.discount for a in paramour}) == 1                   # Pico's alone
    assert GAME.apply(state, paramour[0]).players[0].coin == coins - (7 - 3)
    state = dame_and_pico({(CHARACTER, 1): "character-1-1"})
    warlord = [a for a in of(state, PlaceTower) if a.tower == CHARACTER and a.floor == 1
               and a.member == 0]
    coins = state.players[0].coin
    assert GAME.apply(state, warlord[0]).players[0].coin == coins


@pytest.mark.clause("lorenzo:scoring.winner", "lorenzo:endround.order")
def test_final_turn_order() -> None:
    """A tie for the win after the last round: player 3 placed in the council palace in the
    last round, so the palace puts him first and he wins the tie against player 0, who
    played first; under the variant ``final_turn_order = as_played`` player 0 wins it."""
    def last(options: dict[str, str]) -> Any:
        state = placing(options=options)._replace(round=RULES.rounds)
        for p in range(4):
            state = edit(state, p, **EMPTY, used=(True,) * MEMBERS, passed=True)
        spaces = list(state.spaces)
        spaces[COUNCIL] = (3 * MEMBERS + 0,)
        state = state._replace(spaces=tuple(spaces))
        state = edit(state, 0, passed=False, used=(True, True, True, False))
        state = GAME.apply(state, Pass())
        while not GAME.is_over(state):
            state = GAME.apply(state, GAME.legal_actions(state)[0])
        return state

    for options, first in (({}, 3), ({"final_turn_order": "as_played"}, 0)):
        state = last(options)
        scores = final_scores(state)
        assert scores[0] == scores[3] == max(scores)
        assert state.order[0] == first
        assert GAME.outcome(state).winners == (state.rules.names[first],)


@pytest.mark.clause("lorenzo:work.bonus_tile", "lorenzo:advanced.mode")
def test_basic_game_with_advanced_tiles() -> None:
    """Variant ``simple_tile = unknown``: the basic game leaves the simple side out; its
    players choose advanced tiles against the turn order, as in the full game, and no
    leaders are dealt. The full game is the same under both readings."""
    options = {"game_mode": "basic", "simple_tile": "unknown"}
    state = reveal(fresh(4, options, 1))
    assert state.stage == Stage.TILE and not any(p.hand for p in state.players)
    assert {a.tile for a in of(state, ChooseTile)} == set(RULES.advanced_tiles)
    chosen = []
    while state.stage == Stage.TILE:
        chosen.append(state.current_player)
        state = GAME.apply(state, of(state, ChooseTile)[0])
    assert chosen == list(reversed(state.order))
    assert {p.tile for p in state.players} == set(RULES.advanced_tiles)
    assert not any(p.hand for p in state.players) and state.stage != Stage.DRAFT
    basic = reveal(fresh(4, {"game_mode": "basic"}, 1))
    assert {p.tile for p in basic.players} == {RULES.simple_tile}
    assert GAME.rules_for({"players": 4, "simple_tile": "unknown"}).no_simple_tile is False


@pytest.mark.clause("lorenzo:leader.abilities", "lorenzo:effect.member_value",
                    "lorenzo:endround.leaders")
def test_lucrezia_once_per_round() -> None:
    """Variant ``lucrezia_timing = once_per_round`` (the rule text's filing): played, the card
    adds nothing until turned over; turned over, every coloured member is worth 2 more for
    the rest of the round; the round's end turns it face up and the +2 ends."""
    lucrezia = LEADER["lucrezia_borgia"]
    six = tuple(RULES.decks[TERRITORY][0][:6])
    state = with_leader(advanced((1, 1, 1), options={"lucrezia_timing": "once_per_round"}),
                        "lucrezia_borgia", cards=(six, (), (), ()))
    assert [member_value(state, state.players[0], m) for m in range(3)] == [1, 1, 1]
    turn = [a for a in of(state, ActivateLeader) if a.leader == lucrezia]
    assert turn == [ActivateLeader(lucrezia, 0)]
    state = GAME.apply(state, turn[0])
    assert [member_value(state, state.players[0], m) for m in range(3)] == [3, 3, 3]
    assert member_value(state, state.players[0], NEUTRAL) == RULES.neutral_value
    assert not [a for a in of(state, ActivateLeader) if a.leader == lucrezia]
    placed = GAME.apply(state, next(a for a in of(state, PlaceTower) if a.member == 0))
    assert member_value(placed, placed.players[0], 1) == 3          # the rest of the round
    after = end_round(state)
    assert modifiers(after.players[0].mods).adds == (0, 0)
    assert lucrezia in after.players[0].leaders and not after.players[0].flipped


@pytest.mark.clause("lorenzo:excommunication.tiles", "lorenzo:setup.excommunication")
def test_excommunications_from_one_pool() -> None:
    """Variant ``excommunication_periods = one_pool``: each period's tile comes from all
    tiles not drawn yet, so a tile the data files under period 2 may be the first period's,
    and a tile drawn once is not drawn again."""
    def at_first_tile(options: dict[str, str]) -> Any:
        state = GAME.new_game(seed=None, options={"players": 4, **options})
        while state.stage != Stage.EXCOMMUNICATION:
            state = GAME.apply(state, GAME.legal_actions(state)[0])
        return state

    tiles = len(RULES.excommunications)
    first = of(at_first_tile({}), ExcommunicationDrawn)
    assert {RULES.excommunications[o.tile].period for o in first} == {1}
    state = at_first_tile({"excommunication_periods": "one_pool"})
    pool = of(state, ExcommunicationDrawn)
    assert len(pool) == tiles and {o.period for o in pool} == {1}
    late = next(o for o in pool if RULES.excommunications[o.tile].period == 2)
    state = GAME.apply(state, late)
    second = of(state, ExcommunicationDrawn)
    assert len(second) == tiles - 1 and late.tile not in {o.tile for o in second}
    assert GAME.chance_outcomes(state)[0][1] == Fraction(1, tiles - 1)


@pytest.mark.clause("lorenzo:leader.play", "lorenzo:effect.special")
def test_medici_copies_later() -> None:
    """The decision ``medici_needs_copy = copy_later`` (the rule text's reading): Lorenzo de'
    Medici is played with no other leader out (his requirement met) and copies nothing;
    once another player's leader is out, a leader action makes the copy, which is then
    final."""
    medici = LEADER["lorenzo_de_medici"]
    state = edit(advanced(), 0, hand=(medici,), vp=35)
    assert all(not state.players[p].leaders for p in range(1, len(state.players)))
    state = GAME.apply(state, PlayLeader(medici))
    assert not any(p.need == Stage.COPY for p in state.pending)
    assert state.players[0].copied < 0
    assert not [a for a in of(state, ActivateLeader) if a.leader == medici]
    michelangelo = LEADER["michelangelo_buonarroti"]
    state = edit(state, 1, leaders=(michelangelo,))
    assert [a for a in of(state, ActivateLeader) if a.leader == medici] == \
        [ActivateLeader(medici, 0)]
    state = GAME.apply(state, ActivateLeader(medici, 0))
    assert state.pending[0].need == Stage.COPY
    state = GAME.apply(state, CopyLeader(michelangelo))
    assert state.players[0].copied == michelangelo
    coins = state.players[0].coin
    state = GAME.apply(state, ActivateLeader(medici, 0))       # the copied ability, once
    assert state.players[0].coin > coins
    assert not [a for a in of(state, ActivateLeader) if a.leader == medici]


@pytest.mark.clause("lorenzo:leader.abilities", "lorenzo:effect.special")
def test_medici_copies_anew_each_round() -> None:
    """Variant ``medici_copy = choose_each_round``: the copy holds for the round; at its end
    it lapses (a copied permanent ability leaves the player's effects) and a leader action
    in a later round copies again, another leader if the owner likes."""
    medici = LEADER["lorenzo_de_medici"]
    michelangelo, brunelleschi = (LEADER["michelangelo_buonarroti"],
                                  LEADER["filippo_brunelleschi"])
    state = edit(advanced(options={"medici_copy": "choose_each_round"}), 1,
                 leaders=(michelangelo, brunelleschi))
    state = with_leader(state, "lorenzo_de_medici", vp=35)
    state = GAME.apply(state, CopyLeader(brunelleschi))
    assert any(e.rule == "tower_fee" for e in state.players[0].mods)
    assert not [a for a in of(state, ActivateLeader) if a.leader == medici]
    after = end_round(state)
    player = after.players[0]
    assert player.copied < 0 and not any(e.rule == "tower_fee" for e in player.mods)
    later = roll(after, (3, 3, 3))
    assert [a for a in of(later, ActivateLeader) if a.leader == medici] == \
        [ActivateLeader(medici, 0)]
    later = GAME.apply(later, ActivateLeader(medici, 0))
    later = GAME.apply(later, CopyLeader(michelangelo))
    assert later.players[0].copied == michelangelo
    # under the decision the copy outlives the round
    kept = end_round(GAME.apply(with_leader(edit(advanced(), 1, leaders=(brunelleschi,)),
                                            "lorenzo_de_medici", vp=35),
                                CopyLeader(brunelleschi)))
    assert kept.players[0].copied == brunelleschi


@pytest.mark.clause("lorenzo:effect.gain_modifier", "lorenzo:effect.privilege")
def test_santa_rita_and_a_card_privilege() -> None:
    """The Knight's immediate effect grants a council privilege. With Santa Rita in play,
    the wood and stone chosen with it arrive once (the decision ``not_doubled``), or twice
    under the variant ``card_privilege = doubled``; a privilege of the council palace is
    never doubled."""
    wood_stone = next(i for i, p in enumerate(RULES.privileges) if p[1] and p[2])

    def knight(options: dict[str, str]) -> tuple[int, int]:
        state = advanced((6, 6, 6), options=options, deal={(CHARACTER, 0): "character-1-4"},
                         **RICH)
        state = with_leader(state, "santa_rita", faith=8, wood=0, stone=0)
        state = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
        assert state.pending[0].need == Stage.PRIVILEGE
        player = GAME.apply(state, Privilege(wood_stone)).players[0]
        return player.wood, player.stone

    once = RULES.privileges[wood_stone][1], RULES.privileges[wood_stone][2]
    assert knight({}) == once
    assert knight({"card_privilege": "doubled"}) == (2 * once[0], 2 * once[1])
    state = with_leader(advanced((6, 6, 6), options={"card_privilege": "doubled"}, **RICH),
                        "santa_rita", faith=8, wood=0, stone=0)
    state = GAME.apply(state, PlaceCouncil(0, 0))
    assert (GAME.apply(state, Privilege(wood_stone)).players[0].wood,) == (once[0],)


@pytest.mark.clause("lorenzo:excommunication.per_source", "lorenzo:council.privilege")
def test_one_source_per_action() -> None:
    """Under the tile 'fewer coins' the council palace's coin and a privilege's coins are two
    sources, each one coin short; under the variant ``malus_source = each_action`` they are
    one source, short by one coin in all. The privilege's decision notes what its source
    gave (``Pending.source_gave``) only under that variant."""
    coins = RULES.privileges.index(next(v for v in RULES.privileges if v[COIN]))
    penalty = -RULES.excommunications[EXCOMMUNICATION["excommunication-1-2"]].effects[0].add
    council = {r for r, amount in enumerate(RULES.council_gain) if amount > 0}
    gained = {}
    for reading in ("each_grant", "each_action"):
        state = placing((6, 6, 6), options={"malus_source": reading}, coin=0)
        state = excommunicated(state, "excommunication-1-2")
        state = GAME.apply(state, PlaceCouncil(0, 0))
        noted = {r for r in range(len(RULES.council_gain)) if state.pending[0].source_gave >> r & 1}
        assert noted == (council if reading == "each_action" else set())
        state = GAME.apply(state, Privilege(coins))
        gained[reading] = state.players[0].coin
    total = RULES.council_coins + RULES.privileges[coins][COIN]
    assert gained == {"each_grant": total - 2 * penalty, "each_action": total - penalty}


@pytest.mark.clause("lorenzo:council.privileges_differ", "lorenzo:leader.discard")
def test_privileges_differ_in_the_whole_turn() -> None:
    """Variant ``privileges_differ = per_turn``: the privileges of four discarded leaders
    leave one choice for the rest of the turn; of the market space's two privileges the
    first takes it and the second lapses. As decided, each effect's privileges differ only
    among themselves: the market's two may repeat what the discards took."""
    space = RULES.market_privileges.index(2)
    for reading in ("per_effect", "per_turn"):
        state = advanced((6, 6, 6), options={"privileges_differ": reading})
        hand = state.players[0].hand
        assert len(hand) == len(RULES.privileges) - 1
        for leader in hand:
            state = GAME.apply(state, DiscardLeader(leader))
            state = GAME.apply(state, GAME.legal_actions(state)[0])
        left = [a.choice for a in of(GAME.apply(state, PlaceMarket(space, 0, 0)), Privilege)]
        chosen = {c for c in range(len(RULES.privileges)) if state.turn_privileges >> c & 1}
        assert chosen == (set(range(len(hand))) if reading == "per_turn" else set())
        before = state.players[0]
        state = GAME.apply(state, PlaceMarket(space, 0, 0))
        if reading == "per_turn":
            assert left == [len(RULES.privileges) - 1]
            state = GAME.apply(state, Privilege(left[0]))
            assert not state.pending and state.current_player == 1    # the second lapsed
            assert state.turn_privileges == 0                          # a new turn
            gained = tuple(a - b for a, b in zip(state.players[0][:7], before[:7], strict=True))
            assert gained == RULES.privileges[left[0]]
        else:
            assert left == list(range(len(RULES.privileges)))
            state = GAME.apply(state, Privilege(0))
            assert [a.choice for a in of(state, Privilege)] == list(range(1, len(RULES.privileges)))


@pytest.mark.clause("lorenzo:card.immediate", "lorenzo:effect.take_card")
def test_bonus_action_before_the_gains() -> None:
    """The Abbess gives faith and a card: as decided the faith arrives before her card is
    taken; under the variant ``immediate_order = action_first`` it arrives once that card
    is taken (or the bonus action left unused)."""
    abbess = RULES.cards[CARD["character-1-8"]]
    faith = next(e.gain for e in abbess.immediate if e.kind == "gain")[FAITH]
    assert faith > 0
    for reading, at_take in (("gain_first", faith), ("action_first", 0)):
        state = placing((6, 6, 6), deal={(CHARACTER, 0): "character-1-8"},
                        options={"immediate_order": reading}, faith=0, **RICH)
        state = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
        assert state.pending[0].need == Stage.TAKE and state.players[0].faith == at_take
        taken = GAME.apply(state, of(state, TakeCard)[0])
        assert settle(taken).players[0].faith == faith
        assert GAME.apply(state, Skip()).players[0].faith == faith


@pytest.mark.clause("lorenzo:effect.special", "lorenzo:action.turns")
def test_two_late_starters() -> None:
    """Players 0 and 2 both hold 'Late start': each loses his first turn, and once players 1
    and 3 have placed all their members the two place their last ones, player 0 (ahead in
    the turn order) first; under the variant ``late_start_order = reverse_order`` player 2
    first. Until then the round runs the same under both readings."""
    def placers(reading: str) -> list[int]:
        state = fresh(4, {"game_mode": "basic", "late_start_order": reading}, 1)
        for p in (0, 2):
            state = excommunicated(state, "excommunication-2-7", p)
        state = roll(state, (6, 6, 6))
        seen = []
        while state.stage != Stage.DEAL:
            if not state.pending and state.stage == Stage.PLACE:
                seen.append(state.current_player)
            council = [a for a in GAME.legal_actions(state) if isinstance(a, PlaceCouncil)]
            state = GAME.apply(state, council[0] if council else GAME.legal_actions(state)[0])
        return seen

    as_decided, reverse = placers("turn_order"), placers("reverse_order")
    assert as_decided[:2] == [1, 3]                   # the first turns of 0 and 2 are lost
    assert as_decided[-2:] == [0, 2] and reverse[-2:] == [2, 0]
    assert as_decided[:-2] == reverse[:-2]
    assert [as_decided.count(p) for p in range(4)] == [MEMBERS] * 4
