"""One test per entry of spec/lorenzo/interpretations.toml, as the register names it: each
reaches its situation through the API (``seed=None``, dice chosen) and checks what the
decision implies; where the entry names a variant, the other reading is played too."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import (
    GAME,
    ActivateLeader,
    Church,
    CopyLeader,
    EndTurn,
    Malus,
    Pass,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlaceWork,
    PlayLeader,
    Privilege,
    Stage,
    TakeCard,
    Work,
    reveal,
)
from regelwerk.engine.lorenzo.effects import member_value
from regelwerk.engine.lorenzo.rules import (
    BUILDING,
    CHARACTER,
    COUNCIL,
    HARVEST,
    HARVEST_SMALL,
    MARKET,
    MEMBERS,
    NEUTRAL,
    PRODUCTION,
    TERRITORY,
    VENTURE,
)
from regelwerk.engine.lorenzo.scoring import final_scores

from tests.lorenzo.helpers import (
    CARD,
    EMPTY,
    LEADER,
    RULES,
    advanced,
    cards,
    edit,
    excommunicated,
    of,
    placing,
    roll,
    settle,
    to_last_report,
    with_leader,
)

RICH = {"coin": 20, "wood": 20, "stone": 20, "servant": 20}
TOP = RULES.floors - 1


def towers_taken(state, member, tower=None):  # type: ignore[no-untyped-def]
    return [a for a in of(state, PlaceTower)
            if a.member == member and (tower is None or a.tower == tower)]


@pytest.mark.clause("lorenzo:tower.floors")
def test_floor_three_value() -> None:
    """The third floor needs 5: a 5 takes it without servants, a 4 with exactly one; the
    other reading (5 on the second floor) would let a 3 take the second floor, which it does."""
    assert RULES.floor_values == (1, 3, 5, 7)
    state = placing((5, 4, 3), **RICH)
    assert {a.servants for a in towers_taken(state, 0, BUILDING) if a.floor == 2} == {0}
    assert {a.servants for a in towers_taken(state, 1, BUILDING) if a.floor == 2} == {1}
    assert {a.servants for a in towers_taken(state, 2, BUILDING) if a.floor == 1} == {0}


@pytest.mark.clause("lorenzo:leader.abilities", "lorenzo:effect.member_value")
def test_lucrezia_timing() -> None:
    """Permanent: once played, every coloured member is worth 2 more in this round and the
    next, without turning the card over (there is nothing to activate)."""
    six = tuple(RULES.decks[TERRITORY][0][:6])
    state = with_leader(advanced((1, 1, 1)), "lucrezia_borgia", cards=(six, (), (), ()))
    player = state.players[0]
    assert [member_value(state, player, m) for m in range(4)] == [3, 3, 3, RULES.neutral_value]
    assert not [a for a in of(state, ActivateLeader) if a.leader == LEADER["lucrezia_borgia"]]
    # a 1 reaches the second floor (3) without servants
    assert {a.servants for a in towers_taken(edit(state, 0, servant=0), 0) if a.floor == 1} == {0}
    next_round = roll(state._replace(stage=Stage.ROLL, dice=(), round=2, turn=-1), (2, 2, 2))
    player = next_round.players[0]
    assert [member_value(next_round, player, m) for m in range(3)] == [4, 4, 4]


@pytest.mark.clause("lorenzo:leader.abilities", "lorenzo:effect.special")
def test_lorenzo_medici_timing() -> None:
    """The copy is made once and is final; a copied once-per-round ability is used once a
    round (here Michelangelo's 3 coins), a copied permanent one is simply in force."""
    state = advanced()
    state = edit(state, 1, leaders=(LEADER["michelangelo_buonarroti"],
                                    LEADER["filippo_brunelleschi"]))
    state = with_leader(state, "lorenzo_de_medici", vp=35)
    assert state.pending[0].need == Stage.COPY
    assert {a.leader for a in of(state, CopyLeader)} == {LEADER["michelangelo_buonarroti"],
                                                          LEADER["filippo_brunelleschi"]}
    copied = GAME.apply(state, CopyLeader(LEADER["michelangelo_buonarroti"]))
    assert not copied.pending and copied.players[0].copied == LEADER["michelangelo_buonarroti"]
    medici = LEADER["lorenzo_de_medici"]
    use = ActivateLeader(medici, 0)
    assert of(copied, ActivateLeader) == [use]
    coins = copied.players[0].coin
    used = GAME.apply(copied, use)
    assert used.players[0].coin == coins + 3
    assert not of(used, ActivateLeader) and not of(used, CopyLeader)    # once; never again
    # the next round it is face up again: the same copied ability, no new choice
    later = roll(used._replace(stage=Stage.ROLL, dice=(), round=2, turn=-1,
                               players=tuple(p._replace(flipped=()) for p in used.players)),
                 (3, 3, 3))
    assert of(later, ActivateLeader) == [use] and not of(later, CopyLeader)
    # a copied permanent ability is in force without any activation
    permanent = GAME.apply(state, CopyLeader(LEADER["filippo_brunelleschi"]))
    assert not of(permanent, ActivateLeader)
    assert any(e.rule == "tower_fee" for e in permanent.players[0].mods)


@pytest.mark.clause("lorenzo:leader.requirement")
@pytest.mark.parametrize(("reading", "characters", "malatesta", "borgia_faith"), [
    # the rule text: Ariosto 5 characters, Malatesta 7 military and 3 faith, Borgia 2 faith
    ("rule_text", 5, {"military": 7, "faith": 3}, 2),
    # variant minority: the dissenting transcriptions (AC: 4 characters, 10 military and no
    # faith; Fed95: Borgia 3 faith)
    ("minority", 4, {"military": 10, "faith": 0}, 3),
])
def test_leader_requirements(reading: str, characters: int, malatesta: dict[str, int],
                             borgia_faith: int) -> None:
    """Each reading's requirement is enough and one less is not (interp.leader_requirements);
    the other reading's requirement of Malatesta is not enough."""
    state = advanced(options={"leader_requirements": reading})
    chars = tuple(RULES.decks[CHARACTER][0][:characters])
    buildings = tuple(RULES.decks[BUILDING][0][:3])
    other = {"military": 10, "faith": 0} if reading == "rule_text" else {"military": 9, "faith": 3}

    def playable(name: str, **fields: object) -> bool:
        return PlayLeader(LEADER[name]) in of(edit(state, 0, hand=(LEADER[name],), **fields),
                                              PlayLeader)

    assert playable("ludovico_ariosto", cards=((), (), chars, ()))
    assert not playable("ludovico_ariosto", cards=((), (), chars[:-1], ()))
    assert playable("sigismondo_malatesta", **malatesta)
    assert not playable("sigismondo_malatesta", **other)
    assert playable("cesare_borgia", cards=((), buildings, (), ()), coin=12, faith=borgia_faith)
    assert not playable("cesare_borgia", cards=((), buildings, (), ()), coin=12,
                        faith=borgia_faith - 1)


@pytest.mark.clause("lorenzo:tower.own_colour", "lorenzo:action.one_colour_per_group")
def test_neutral_in_tower() -> None:
    """Per family: after another family's neutral member, a neutral member goes to the same
    tower (paying the fee); a family's second coloured member does not."""
    state = placing((6, 6, 6), **RICH)
    for p in range(1, 4):
        state = edit(state, p, **RICH)
    state = GAME.apply(state, PlaceTower(TERRITORY, 0, NEUTRAL, 1, 0, 0))
    state = settle(GAME.apply(state, EndTurn()) if state.stage == Stage.AFTER else state, 0)
    assert state.current_player == 1
    neutral = towers_taken(state, NEUTRAL, TERRITORY)
    assert neutral and all(a.floor != 0 for a in neutral)
    coins = state.players[1].coin
    after = GAME.apply(state, min(neutral, key=lambda a: (a.floor, a.servants)))
    assert after.players[1].coin == coins - RULES.occupied_fee
    # a family's own coloured member may join its neutral one, but no second coloured one
    state = placing((6, 6, 6), **RICH)
    state = GAME.apply(state, PlaceTower(TERRITORY, 0, NEUTRAL, 1, 0, 0))
    state = settle(state)._replace(turn=0, stage=Stage.PLACE)
    state = GAME.apply(state, PlaceTower(TERRITORY, 2, 0, 0, 0, 0))
    state = settle(state)._replace(turn=0, stage=Stage.PLACE)
    assert not towers_taken(state, 1, TERRITORY)


@pytest.mark.clause("lorenzo:action.one_colour_per_group", "lorenzo:market.same_family",
                    "lorenzo:council.space")
def test_action_group_scope() -> None:
    """The market and the council palace take several coloured members of one family; the
    harvest area takes one (its other space then only the neutral member)."""
    state = placing((6, 6, 6), **RICH)

    def again(s):  # type: ignore[no-untyped-def]
        return settle(s)._replace(turn=0, stage=Stage.PLACE)

    market = again(GAME.apply(state, PlaceMarket(0, 0, 0)))
    assert any(a.member == 1 and a.space == 1 for a in of(market, PlaceMarket))
    council = again(GAME.apply(state, PlaceCouncil(0, 0)))
    assert PlaceCouncil(1, 0) in of(council, PlaceCouncil)
    harvest = again(GAME.apply(state, PlaceWork(HARVEST, False, 0, 0)))
    work = [a for a in of(harvest, PlaceWork) if a.area == HARVEST]
    assert work and {a.member for a in work} == {NEUTRAL}
    assert any(a.area == PRODUCTION and a.member == 1 for a in of(harvest, PlaceWork))


@pytest.mark.clause("lorenzo:effect.take_card", "lorenzo:tower.occupied_fee",
                    "lorenzo:tower.floor_bonus")
def test_card_action_in_tower() -> None:
    """The Abbess's card: the fee is due when another member stands in the tower, the floor
    bonus is received, and no member is placed (the tower stays open to the player's own
    coloured member, with no fee when it was empty)."""
    state = placing((6, 6, 6), deal={(CHARACTER, 0): "character-1-8"}, **RICH)   # the Abbess
    state = state._replace(spaces=state.spaces[:TOP] + ((1 * MEMBERS + 0,),)
                           + state.spaces[TOP + 1:])
    assert state.spaces[TERRITORY * RULES.floors + TOP] == (MEMBERS,)  # player 1 in territories
    abbess = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert abbess.pending[0].need == Stage.TAKE
    before = abbess.players[0]
    take = next(a for a in of(abbess, TakeCard) if a.tower == TERRITORY and a.floor == 2)
    after = GAME.apply(abbess, take)
    player = after.players[0]
    bonus = RULES.floor_bonus[TERRITORY][2]
    assert player.coin == before.coin - RULES.occupied_fee
    assert player.wood == before.wood + bonus[1]
    assert after.spaces[TERRITORY * RULES.floors + 2] == ()              # no member placed
    # in an empty tower: no fee, and the player's coloured member may go there afterwards
    take = next(a for a in of(abbess, TakeCard) if a.tower == VENTURE and a.floor == 3)
    after = GAME.apply(abbess, take)                   # Raising a Statue: 2 wood, 2 stone
    assert after.players[0].coin == before.coin + RULES.floor_bonus[VENTURE][3][0]
    assert (after.players[0].wood, after.players[0].stone) == (before.wood - 2, before.stone - 2)
    after = settle(after)._replace(turn=0, stage=Stage.PLACE)
    mine = towers_taken(after, 1, VENTURE)
    assert mine and all(a.floor != 3 for a in mine)
    coins = after.players[0].coin
    first = min(mine, key=lambda a: a.floor)
    assert GAME.apply(after, first).players[0].coin == coins - (
        RULES.cards[after.towers[VENTURE * RULES.floors + first.floor]].costs[first.cost]
        .pay[0])


def _floor_emptied(options: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    """The Abbess took the top territory card by her effect; player 0 is to place again."""
    state = placing((6, 6, 6), options=options, deal={(CHARACTER, 0): "character-1-8"}, **RICH)
    state = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    take = next(a for a in of(state, TakeCard) if a.tower == TERRITORY and a.floor == TOP)
    state = GAME.apply(state, take)
    assert state.towers[TERRITORY * RULES.floors + TOP] < 0
    return settle(state)._replace(turn=0, stage=Stage.PLACE)


@pytest.mark.clause("lorenzo:tower.floors", "lorenzo:tower.must_afford")
def test_empty_floor() -> None:
    """Refused: a floor without its card offers no action. Variant ``bonus_only``: a member
    goes there for the floor bonus alone."""
    state = _floor_emptied()
    assert not [a for a in of(state, PlaceTower) if a.tower == TERRITORY and a.floor == TOP]
    state = _floor_emptied({"empty_floor": "bonus_only"})
    bonus = [a for a in of(state, PlaceTower) if a.tower == TERRITORY and a.floor == TOP
             and a.member == 1]
    assert bonus == [PlaceTower(TERRITORY, TOP, 1, 1, 0, 0)]   # value 6 + 1 servant = 7
    before = state.players[0]
    after = GAME.apply(state, bonus[0])
    player = after.players[0]
    assert player.wood == before.wood + RULES.floor_bonus[TERRITORY][TOP][1]
    assert player.cards == before.cards and player.coin == before.coin


@pytest.mark.clause("lorenzo:action.servants_needed", "lorenzo:action.servants")
def test_servants_needed() -> None:
    """Up to use: a tower takes exactly the missing servants, a production up to the
    highest activation among the player's buildings. Variant ``unlimited``: any number."""
    shop = cards("building-1-5")                  # Carpenter's Shop, production 4
    state = placing((1, 1, 1), servant=5, coin=9, wood=9, stone=9, cards=shop)
    assert {a.servants for a in towers_taken(state, 0) if a.floor == 1} == {2}
    produce = [a for a in of(state, PlaceWork) if a.area == PRODUCTION and a.member == 0
               and not a.large]
    assert sorted(a.servants for a in produce) == [0, 1, 2, 3]      # 1 + 3 = 4
    state = placing((1, 1, 1), options={"servant_spending": "unlimited"}, servant=5, coin=9,
                    wood=9, stone=9, cards=shop)
    assert {a.servants for a in towers_taken(state, 0) if a.floor == 1} == {2, 3, 4, 5}
    produce = [a for a in of(state, PlaceWork) if a.area == PRODUCTION and a.member == 0
               and not a.large]
    assert sorted(a.servants for a in produce) == [0, 1, 2, 3, 4, 5]


@pytest.mark.clause("lorenzo:work.value", "lorenzo:work.spaces")
def test_large_space_low_value() -> None:
    """A 2 may go to the large harvest space (-3 leaves -1): it harvests nothing, not even
    the bonus tile, and the member is placed."""
    state = placing((2, 2, 2), servant=0, **{k: 0 for k in ("wood", "stone")})
    large = PlaceWork(HARVEST, True, 0, 0)
    assert large in of(state, PlaceWork)
    after = GAME.apply(state, large)
    assert after.players[0][:7] == state.players[0][:7]
    assert after.players[0].used[0]
    small = GAME.apply(state, PlaceWork(HARVEST, False, 0, 0))     # the tile: 1 wood 1 stone
    assert (small.players[0].wood, small.players[0].stone) == (1, 1)


@pytest.mark.clause("lorenzo:market.players", "lorenzo:setup.covers")
def test_market_closed_spaces() -> None:
    """With fewer than four players the third and fourth market spaces are closed."""
    for players, spaces in ((2, {0, 1}), (3, {0, 1}), (4, {0, 1, 2, 3})):
        state = placing((6, 6, 6), players=players)
        assert {a.space for a in of(state, PlaceMarket)} == spaces
    state = placing((6, 6, 6))
    after = GAME.apply(state, PlaceMarket(2, 0, 0))
    assert (after.players[0].coin - state.players[0].coin,
            after.players[0].military - state.players[0].military) == (2, 3)
    assert GAME.apply(state, PlaceMarket(3, 0, 0)).pending[0].arg == 2


def _final(**by_player: dict[str, int]):  # type: ignore[no-untyped-def]
    state = placing()
    for p in range(4):
        state = edit(state, p, **{**EMPTY, **by_player.get(f"p{p}", {})})
    return state


@pytest.mark.clause("lorenzo:scoring.military")
def test_military_ranking() -> None:
    """5 for the most military points, 2 for the second most; players with none rank too."""
    first, second = RULES.score_military
    assert (first, second) == (5, 2)
    assert final_scores(_final(p0={"military": 4}, p1={"military": 1})) == (5, 2, 0, 0)
    assert final_scores(_final(p0={"military": 4})) == (5, 2, 2, 2)
    assert final_scores(_final()) == (5, 5, 5, 5)


@pytest.mark.clause("lorenzo:scoring.resources")
def test_resources_counted() -> None:
    """Wood, stone, servants and coins count (one point per five); faith and military don't."""
    scored = final_scores(_final(p0={"coin": 2, "wood": 1, "stone": 1, "servant": 1},
                                 p1={"faith": 10, "military": 0}))
    assert scored[0] - scored[1] == 1
    assert final_scores(_final(p0={"faith": 9, "military": 0}))[0] == final_scores(_final())[0]


@pytest.mark.clause("lorenzo:vatican.track_end", "lorenzo:vatican.support")
def test_faith_track_end() -> None:
    """Faith beyond the last space is lost (the Preacher's 4 take 13 to 15, not 17); the last
    space scores its victory points at a report."""
    state = placing((6, 6, 6), deal={(CHARACTER, 0): "character-1-7"},
                    faith=RULES.faith_max - 2, **RICH)
    after = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert after.players[0].faith == RULES.faith_max
    report = to_last_report(edit(after._replace(turn=0, stage=Stage.PLACE), 0, servant=1))
    assert report.pending[0] == report.pending[0]._replace(need=Stage.CHURCH, player=0)
    vp = report.players[0].vp
    assert GAME.apply(report, Church(True)).players[0].vp == vp + RULES.faith_vp[-1]


@pytest.mark.clause("lorenzo:vatican.final", "lorenzo:effect.gain")
def test_sisto_final_report() -> None:
    """Sisto IV: +5 for supporting the Church; a player excommunicated in the last report
    still scores his faith space, without the 5."""
    state = with_leader(advanced(), "sisto_iv", coin=6, wood=6, stone=6, servant=6, faith=6)
    report = to_last_report(state)
    assert report.pending[0].need == Stage.CHURCH and report.pending[0].player == 0
    vp = report.players[0].vp
    track = RULES.faith_vp[6]
    assert GAME.apply(report, Church(True)).players[0].vp == vp + track + 5
    refused = GAME.apply(report, Church(False)).players[0]
    assert refused.vp == vp + track and refused.excommunicated
    # below the threshold: excommunicated without a choice, faith scored, no bonus
    low = to_last_report(edit(state, 0, faith=RULES.thresholds[-1] - 1))
    assert not any(p.player == 0 for p in low.pending)
    assert low.players[0].vp == vp + RULES.faith_vp[RULES.thresholds[-1] - 1]


def _privilege_wood_stone(options: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    state = excommunicated(placing((6, 6, 6), options=options, wood=0, stone=0),
                           "excommunication-1-4")
    state = GAME.apply(state, PlaceCouncil(0, 0))
    return GAME.apply(state, Privilege(0))                   # 1 wood and 1 stone


@pytest.mark.clause("lorenzo:excommunication.per_source", "lorenzo:effect.gain_modifier")
def test_wood_or_stone_malus() -> None:
    """One unit per source: a privilege of 1 wood and 1 stone gives one of them, the player
    choosing which. Variant ``each_resource``: neither."""
    state = _privilege_wood_stone()
    assert state.pending[0].need == Stage.MALUS
    assert set(of(state, Malus)) == {Malus(False), Malus(True)}
    kept = GAME.apply(state, Malus(True)).players[0]
    assert (kept.wood, kept.stone) == (1, 0)
    other = _privilege_wood_stone({"wood_or_stone_malus": "each_resource"})
    assert not any(p.need == Stage.MALUS for p in other.pending)
    assert (other.players[0].wood, other.players[0].stone) == (0, 0)


@pytest.mark.clause("lorenzo:excommunication.per_source")
def test_malus_sources() -> None:
    """Each grant is a source: the council palace's coin and its privilege's 2 coins each
    lose one (1 coin in all, not 2)."""
    state = excommunicated(placing((6, 6, 6), coin=0), "excommunication-1-2")
    state = GAME.apply(state, PlaceCouncil(0, 0))
    assert state.players[0].coin == RULES.council_coins - 1
    after = GAME.apply(state, Privilege(2))
    assert after.players[0].coin == RULES.council_coins - 1 + 2 - 1


def _sforza(options: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    state = advanced(options=options)
    state = with_leader(state, "francesco_sforza", servant=5, wood=0, stone=0,
                        cards=((), (), (), tuple(RULES.decks[VENTURE][0][:5])))
    state = excommunicated(state, "excommunication-1-5")
    return GAME.apply(state, ActivateLeader(LEADER["francesco_sforza"], 0))


@pytest.mark.clause("lorenzo:effect.harvest", "lorenzo:effect.production",
                    "lorenzo:effect.action_bonus")
def test_leader_action_malus() -> None:
    """Sforza's harvest at 1 under the -3 tile is at -2: three servants are needed for the
    bonus tile. Variant ``malus_exempt``: at 1 without servants."""
    state = _sforza()
    assert state.pending[0].need == Stage.WORK
    assert min(a.servants for a in of(state, Work)) == 0
    nothing = GAME.apply(state, Work(0)).players[0]
    assert (nothing.wood, nothing.stone) == (0, 0)
    tile = RULES.tiles[state.players[0].tile].harvest[0].gain
    three = GAME.apply(state, Work(3)).players[0]
    assert (three.wood, three.stone) == (tile[1], tile[2])
    exempt = _sforza({"leader_action_malus": "malus_exempt"})
    free = GAME.apply(exempt, Work(0)).players[0]
    assert (free.wood, free.stone) == (tile[1], tile[2])


@pytest.mark.clause("lorenzo:effect.member_value", "lorenzo:action.member_value")
def test_member_value_order() -> None:
    """A set value replaces the die, then every add applies: Ludovico il Moro (5) with
    Lucrezia (+2) and the -1 tile is 6; of Federico's 6 and il Moro's 5 the higher counts."""
    two_each = tuple(tuple(RULES.decks[t][0][:2]) for t in range(4))
    six = tuple(RULES.decks[TERRITORY][0][:6])
    state = with_leader(advanced((1, 2, 3)), "ludovico_il_moro", cards=two_each)
    assert [member_value(state, state.players[0], m) for m in range(3)] == [5, 5, 5]
    state = edit(state, 0, cards=(six, *two_each[1:]))
    state = with_leader(state, "lucrezia_borgia")
    state = excommunicated(state, "excommunication-1-7")
    player = state.players[0]
    assert [member_value(state, player, m) for m in range(3)] == [6, 6, 6]
    assert member_value(state, player, NEUTRAL) == RULES.neutral_value
    state = with_leader(state, "federico_da_montefeltro", cards=(six + six[:0], *two_each[1:]))
    state = GAME.apply(state, ActivateLeader(LEADER["federico_da_montefeltro"], 1))
    player = state.players[0]
    assert [member_value(state, player, m) for m in range(3)] == [6, 7, 6]


@pytest.mark.clause("lorenzo:effect.gain_per_card", "lorenzo:tower.sequence")
def test_per_card_counts_itself() -> None:
    """The Paramour (2 victory points per character) counts itself: with one character held
    before, 4 points (in the last period, whose cards the Paramour is of)."""
    state = placing((6, 6, 6), deal={(CHARACTER, 0): "character-3-3"}, round=RULES.rounds - 1,
                    cards=cards("character-1-1"), vp=0, **RICH)
    after = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert after.players[0].vp == 2 * 2


def _dame_and_pico(deal: dict[tuple[int, int], str], round: int = 1):  # type: ignore[no-untyped-def]
    """Player 0 holds the Dame and has played Pico della Mirandola; ``deal`` is on the towers."""
    state = advanced((6, 6, 6), deal=deal, round=round, **RICH)
    return with_leader(state, "pico_della_mirandola",
                       cards=((), tuple(RULES.decks[BUILDING][0][:2]), cards("character-1-3")[2],
                              tuple(RULES.decks[VENTURE][0][:4])),
                       mods=RULES.cards[CARD["character-1-3"]].permanent)     # Dame


@pytest.mark.clause("lorenzo:effect.discount")
def test_discount_stacking() -> None:
    """Dame (1 coin off characters) and Pico della Mirandola (3 coins off) both apply, never
    below zero: the Paramour (7, last period) costs 3, the Warlord (2, first period) nothing."""
    state = _dame_and_pico({(CHARACTER, 0): "character-3-3"}, RULES.rounds - 1)
    coins = state.players[0].coin
    paramour = towers_taken(state, 0, CHARACTER)
    assert {a.discount for a in paramour if a.floor == 0} == {0}      # one combination
    assert GAME.apply(state, next(a for a in paramour if a.floor == 0)).players[0].coin == \
        coins - (7 - 1 - 3)
    state = _dame_and_pico({(CHARACTER, 1): "character-1-1"})
    warlord = towers_taken(state, 0, CHARACTER)
    assert {a.discount for a in warlord if a.floor == 1} == {0}
    coins = state.players[0].coin
    assert GAME.apply(state, next(a for a in warlord if a.floor == 1)).players[0].coin == coins


@pytest.mark.clause("lorenzo:council.privileges_differ", "lorenzo:effect.privilege")
def test_privileges_differ_scope() -> None:
    """The two privileges of one market space differ; the Hero's privilege and that of the
    card it takes (Building the Bastions) are separate effects and may be the same."""
    hero = {(CHARACTER, 3): "character-2-4", (VENTURE, 0): "venture-2-3"}    # the 2nd period
    state = placing((6, 6, 6), deal=hero, round=RULES.rounds_per_period + 1, **RICH)
    market = GAME.apply(state, PlaceMarket(3, 0, 0))
    market = GAME.apply(market, Privilege(1))
    assert Privilege(1) not in of(market, Privilege) and Privilege(2) in of(market, Privilege)
    hero = GAME.apply(state, PlaceTower(CHARACTER, 3, 0, 1, 0, 0))
    hero = GAME.apply(hero, Privilege(1))
    bastions = next(a for a in of(hero, TakeCard) if a.tower == VENTURE and a.floor == 0)
    hero = GAME.apply(hero, bastions)
    assert hero.pending[0].need == Stage.PRIVILEGE and Privilege(1) in of(hero, Privilege)


@pytest.mark.clause("lorenzo:vatican.order", "lorenzo:vatican.choice")
def test_vatican_order() -> None:
    """Players decide in turn order, one after another, each seeing the earlier choices."""
    state = placing(faith=5)
    for p in range(1, 4):
        state = edit(state, p, faith=5)
    state = state._replace(order=(0, 3, 1, 2))
    state = state._replace(round=2)
    for p in range(1, 4):
        state = edit(state, p, passed=True)
    state = edit(state, 0, used=(True, True, True, False), servant=1)
    state = GAME.apply(state, PlaceCouncil(NEUTRAL, 1))
    state = GAME.apply(state, Privilege(0))
    assert [(p.need, p.player) for p in state.pending] == [(Stage.CHURCH, p) for p in (0, 3, 1, 2)]
    for p in (0, 3, 1):
        assert state.current_player == p
        state = GAME.apply(state, Church(p != 3))
    assert state.players[3].excommunicated and not state.players[1].excommunicated


@pytest.mark.clause("lorenzo:action.must_place")
def test_forced_placement() -> None:
    """No pass while a placement is legal; a neutral member of value 0 without servants has
    none, so its owner passes."""
    state = placing()
    assert not of(state, Pass)
    stuck = edit(state, 0, used=(True, True, True, False), servant=0)
    assert of(stuck, Pass) == [Pass()] and list(GAME.legal_actions(stuck)) == [Pass()]
    after = GAME.apply(stuck, Pass())
    assert after.players[0].passed and after.current_player == 1


@pytest.mark.clause("lorenzo:advanced.mode")
def test_game_mode() -> None:
    """The full game by default: bonus tiles are chosen and leaders drafted. Variant
    ``basic``: the simple tile for all, no leaders, the dice first."""
    state = reveal(GAME.new_game(seed=None, options={"players": 3}))
    assert state.stage == Stage.TILE and all(len(h) == RULES.hand for h in state.hands)
    assert all(p.tile < 0 for p in state.players)
    basic = reveal(GAME.new_game(seed=None, options={"players": 3, "game_mode": "basic"}))
    assert basic.stage == Stage.ROLL and basic.hands == ()
    assert all(card >= 0 for card in basic.towers)
    assert all(p.tile == RULES.simple_tile for p in basic.players)
    played = advanced()
    assert all(len(p.hand) == RULES.hand and p.tile >= 0 for p in played.players)
    assert len({p.tile for p in played.players}) == 4


@pytest.mark.clause("lorenzo:card.immediate")
def test_immediate_order() -> None:
    """The Abbess's faith point arrives before her card is taken."""
    state = placing((6, 6, 6), deal={(CHARACTER, 0): "character-1-8"}, faith=0, **RICH)
    after = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0))
    assert after.pending[0].need == Stage.TAKE and after.players[0].faith == 1


@pytest.mark.clause("lorenzo:effect.waive", "lorenzo:action.space_taken",
                    "lorenzo:action.one_colour_per_group")
def test_ariosto_scope() -> None:
    """Ariosto opens taken market spaces and the taken small harvest space, not a taken tower
    floor (no card left), and never a second coloured member in one area."""
    state = advanced((6, 6, 6), **RICH)
    for p in range(1, 4):
        state = edit(state, p, **RICH)
    state = with_leader(state, "ludovico_ariosto",
                        cards=((), (), tuple(RULES.decks[CHARACTER][0][:5]), ()))
    spaces = list(state.spaces)
    spaces[MARKET] = (1 * MEMBERS + 0,)
    spaces[HARVEST_SMALL] = (1 * MEMBERS + 1,)
    spaces[TERRITORY * RULES.floors + 0] = (2 * MEMBERS + 0,)
    towers = list(state.towers)
    towers[TERRITORY * RULES.floors + 0] = -1
    state = state._replace(spaces=tuple(spaces), towers=tuple(towers))
    assert any(a.space == 0 for a in of(state, PlaceMarket))
    assert PlaceWork(HARVEST, False, 0, 0) in of(state, PlaceWork)
    assert not [a for a in of(state, PlaceTower) if a.tower == TERRITORY and a.floor == 0]
    assert PlaceCouncil(0, 0) in of(state, PlaceCouncil) and COUNCIL
    harvest = GAME.apply(state, PlaceWork(HARVEST, False, 0, 0))
    harvest = settle(harvest)._replace(turn=0, stage=Stage.PLACE)
    assert {a.member for a in of(harvest, PlaceWork) if a.area == HARVEST} == {NEUTRAL}
    without = edit(state, 0, mods=())
    assert not any(a.space == 0 for a in of(without, PlaceMarket))
    assert not any(a.area == HARVEST and not a.large for a in of(without, PlaceWork))


def test_every_card_named_exists() -> None:
    """The cards these tests name are the ones the register's evidence speaks of."""
    assert {"character-1-8", "character-3-3", "character-1-3", "character-2-4",
            "venture-2-3", "character-1-7", "building-1-5", "character-1-1"} <= set(CARD)
