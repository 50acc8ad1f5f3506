"""Directed tests of the leaders random play never reaches, and of three effects it rarely
meets (the lost first turn, the end-of-game losses, the wood-or-stone choice): each reaches
its situation through the API and checks what the card text in spec/lorenzo says."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import (
    GAME,
    ActivateLeader,
    Church,
    CopyLeader,
    EndTurn,
    Malus,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlaceWork,
    PlayLeader,
    Privilege,
    Stage,
    Work,
)
from regelwerk.engine.lorenzo.effects import member_value
from regelwerk.engine.lorenzo.rules import (
    BUILDING,
    CHARACTER,
    COIN,
    HARVEST,
    MARKET,
    MEMBERS,
    MILITARY,
    NEUTRAL,
    PRODUCTION,
    SERVANT,
    STONE,
    TERRITORY,
    VENTURE,
    WOOD,
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
    with_leader,
)

RICH = {"coin": 20, "wood": 20, "stone": 20, "servant": 20}


def deck(t: int, n: int) -> tuple[int, ...]:
    return tuple((RULES.decks[t][0] + RULES.decks[t][1])[:n])


def board(*ids: str, **extra: tuple[int, ...]) -> dict[str, object]:
    """Fields of a player holding the cards ``ids`` (characters with their permanent
    effects in force, as taking them leaves them) and the rows ``extra`` (by type name)."""
    rows = [list(r) for r in cards(*ids)]
    for name, row in extra.items():
        rows[("territory", "building", "character", "venture").index(name)] += row
    mods = tuple(e for i in ids for e in RULES.cards[CARD[i]].permanent
                 if RULES.cards[CARD[i]].type == CHARACTER)
    return {"cards": tuple(tuple(r) for r in rows), "mods": mods}


def next_round(state, dice=(3, 3, 3)):  # type: ignore[no-untyped-def]
    """The same position one round on (flipped leaders face up again), dice rolled."""
    players = tuple(p._replace(flipped=(), boost=-1, used=(False,) * 4) for p in state.players)
    return roll(state._replace(stage=Stage.ROLL, dice=(), round=state.round + 1, turn=-1,
                               players=players, pending=()), dice)


def use(state, name, member=0):  # type: ignore[no-untyped-def]
    return GAME.apply(state, ActivateLeader(LEADER[name], member))


@pytest.mark.clause("lorenzo:leader.activate", "lorenzo:effect.harvest",
                    "lorenzo:effect.action_bonus")
def test_francesco_sforza() -> None:
    """Once a round a harvest at value 1 with no member; the Farmer's +2 does not count,
    servants raise it (to 3 for the Village)."""
    state = advanced(wood=0, stone=0, servant=5, coin=0,
                     **board("character-1-5", territory=(CARD["territory-1-1"],
                                                         CARD["territory-1-3"]),
                             venture=deck(VENTURE, 5)))
    state = with_leader(state, "francesco_sforza")
    sforza = ActivateLeader(LEADER["francesco_sforza"], 0)
    assert of(state, ActivateLeader) == [sforza]
    state = GAME.apply(state, sforza)
    assert state.pending[0].need == Stage.WORK and not any(state.players[0].used)
    assert sorted(a.servants for a in of(state, Work)) == [0, 1, 2]    # up to the Village (3)
    tile = RULES.tiles[state.players[0].tile].harvest[0].gain
    low = GAME.apply(state, Work(0)).players[0]
    assert (low.coin, low.wood, low.servant) == (tile[COIN] + 1, tile[WOOD], 5 + tile[SERVANT])
    high = GAME.apply(state, Work(2))
    player = high.players[0]
    assert (player.coin, player.servant) == (tile[COIN] + 2, 5 - 2 + tile[SERVANT] + 1)
    assert not of(high, ActivateLeader)                              # once this round
    assert sforza in of(next_round(high), ActivateLeader)


@pytest.mark.clause("lorenzo:leader.activate", "lorenzo:effect.production")
def test_leonardo_da_vinci() -> None:
    """Once a round a production at value 0: nothing without servants (the bonus tile needs
    1); the Artisan's +2 does not count; one servant produces the tile."""
    state = advanced(servant=3, coin=0, military=0,
                     **board("character-1-6", "character-1-1", "character-1-2", "character-1-3",
                             territory=deck(TERRITORY, 2),
                             building=(CARD["building-1-8"],)))
    state = with_leader(state, "leonardo_da_vinci")
    state = use(state, "leonardo_da_vinci")
    assert state.pending[0].need == Stage.WORK and state.pending[0].mask == PRODUCTION
    assert sorted(a.servants for a in of(state, Work)) == [0, 1]     # Residence: 1
    before = state.players[0]
    assert GAME.apply(state, Work(0)).players[0][:7] == before[:7]
    tile = RULES.tiles[before.tile].production[0].gain
    after = GAME.apply(state, Work(1))              # Residence: no coin to exchange
    assert not after.pending
    player = after.players[0]
    assert player.coin == tile[COIN] and player.servant == 3 - 1 + tile[SERVANT]


@pytest.mark.clause("lorenzo:leader.activate", "lorenzo:effect.member_value")
def test_federico_da_montefeltro() -> None:
    """Once a round one coloured member counts as 6, chosen before placing it; the others
    keep their dice; the next round it may be another member."""
    state = with_leader(advanced((1, 2, 3), **RICH), "federico_da_montefeltro",
                        cards=(deck(TERRITORY, 5), (), (), ()))
    offered = {a.member for a in of(state, ActivateLeader)}
    assert offered == {0, 1, 2}                                      # coloured members only
    state = use(state, "federico_da_montefeltro", 1)
    player = state.players[0]
    assert [member_value(state, player, m) for m in range(4)] == [1, 6, 3, 0]
    top = [a for a in of(state, PlaceTower) if a.floor == RULES.floors - 1 and a.member == 1]
    assert top and {a.servants for a in top} == {1}                  # 6 + 1 = 7
    assert not of(state, ActivateLeader)
    later = next_round(state, (2, 2, 2))
    assert [member_value(later, later.players[0], m) for m in range(3)] == [2, 2, 2]
    later = use(later, "federico_da_montefeltro", 0)
    assert member_value(later, later.players[0], 0) == 6


@pytest.mark.clause("lorenzo:effect.special", "lorenzo:leader.play")
def test_lorenzo_de_medici() -> None:
    """Needs 35 victory points; copies another player's played leader, for good: a copied
    Federico sets a member to 6 once a round. With nothing to copy yet he is played all
    the same and copies later (lorenzo:interp.medici_needs_copy)."""
    state = advanced((1, 1, 1), vp=35)
    medici = LEADER["lorenzo_de_medici"]
    alone = edit(state, 0, hand=(medici,))
    assert PlayLeader(medici) in of(alone, PlayLeader)              # nothing to copy yet
    assert not GAME.apply(alone, PlayLeader(medici)).pending        # and no copy to choose
    state = edit(state, 2, leaders=(LEADER["federico_da_montefeltro"],))
    assert PlayLeader(medici) not in of(edit(state, 0, hand=(medici,), vp=34), PlayLeader)
    state = with_leader(state, "lorenzo_de_medici")
    assert of(state, CopyLeader) == [CopyLeader(LEADER["federico_da_montefeltro"])]
    state = GAME.apply(state, CopyLeader(LEADER["federico_da_montefeltro"]))
    assert {a.member for a in of(state, ActivateLeader)} == {0, 1, 2}
    state = use(state, "lorenzo_de_medici", 2)
    assert member_value(state, state.players[0], 2) == 6
    assert member_value(state, state.players[2], 2) == 1             # the owner's own is unused


@pytest.mark.clause("lorenzo:effect.waive", "lorenzo:action.space_taken")
def test_ludovico_ariosto() -> None:
    """With Ariosto a member goes to a market space another family took, and receives it."""
    state = advanced((6, 6, 6), coin=0)
    state = edit(state, 1, coin=0)
    spaces = list(state.spaces)
    spaces[MARKET] = (1 * MEMBERS + 0,)
    state = state._replace(spaces=tuple(spaces))
    assert not any(a.space == 0 for a in of(state, PlaceMarket))
    state = with_leader(state, "ludovico_ariosto", cards=((), (), deck(CHARACTER, 5), ()))
    after = GAME.apply(state, PlaceMarket(0, 0, 0))
    assert after.players[0].coin == RULES.market[0][COIN]
    assert after.spaces[MARKET] == (1 * MEMBERS + 0, 0 * MEMBERS + 0)


@pytest.mark.clause("lorenzo:effect.waive", "lorenzo:tower.occupied_fee")
def test_filippo_brunelleschi() -> None:
    """No fee for a tower another member already stands in."""
    state = advanced((6, 6, 6), **RICH)
    spaces = list(state.spaces)
    spaces[BUILDING * RULES.floors + 3] = (1 * MEMBERS + 0,)
    state = state._replace(spaces=tuple(spaces))
    action = PlaceTower(BUILDING, 0, 0, 0, 0, 0)
    card = RULES.cards[state.towers[BUILDING * RULES.floors]]
    plain = GAME.apply(state, action).players[0]
    assert plain.coin == 20 - card.costs[0].pay[COIN] - RULES.occupied_fee
    state = with_leader(state, "filippo_brunelleschi", cards=((), deck(BUILDING, 5), (), ()))
    waived = GAME.apply(state, action).players[0]
    assert waived.coin == 20 - card.costs[0].pay[COIN]
    poor = edit(state, 0, coin=card.costs[0].pay[COIN])            # no coins for a fee
    assert action in of(poor, PlaceTower)


@pytest.mark.clause("lorenzo:effect.discount", "lorenzo:tower.occupied_fee")
def test_pico_della_mirandola() -> None:
    """3 coins off a card whose cost includes coins, never below zero and never off the
    fee; a card without coins in its cost is not changed."""
    deal = {(CHARACTER, 0): "character-1-3",                        # Dame: 4 coins
            (CHARACTER, 1): "character-1-1",                        # Warlord: 2 coins
            (BUILDING, 0): "building-1-1"}                          # Mint: 1 wood 3 stone
    state = advanced((6, 6, 6), deal=deal, **RICH)
    state = with_leader(state, "pico_della_mirandola",
                        cards=((), deck(BUILDING, 2), (), deck(VENTURE, 4)))
    spaces = list(state.spaces)
    spaces[CHARACTER * RULES.floors + 3] = (1 * MEMBERS + 0,)
    state = state._replace(spaces=tuple(spaces))
    fee = RULES.occupied_fee
    dame = GAME.apply(state, PlaceTower(CHARACTER, 0, 0, 0, 0, 0)).players[0]
    assert dame.coin == 20 - (4 - 3) - fee
    warlord = GAME.apply(state, PlaceTower(CHARACTER, 1, 0, 0, 0, 0)).players[0]
    assert warlord.coin == 20 - fee
    mint = GAME.apply(state, PlaceTower(BUILDING, 0, 0, 0, 0, 0)).players[0]
    assert (mint.coin, mint.wood, mint.stone) == (20, 19, 17)


@pytest.mark.clause("lorenzo:vatican.support", "lorenzo:effect.gain")
def test_sisto_iv() -> None:
    """Five victory points with each support of the Church (here the first report)."""
    state = with_leader(advanced(faith=4), "sisto_iv", coin=6, wood=6, stone=6, servant=6)
    state = state._replace(round=2)
    for p in range(1, 4):
        state = edit(state, p, passed=True)
    state = edit(state, 0, used=(True, True, True, False))
    state = GAME.apply(state, PlaceCouncil(NEUTRAL, 1))
    state = GAME.apply(state, Privilege(0))
    if state.stage == Stage.AFTER and not state.pending:
        state = GAME.apply(state, EndTurn())
    assert state.pending[0].need == Stage.CHURCH
    vp = state.players[0].vp
    supported = GAME.apply(state, Church(True)).players[0]
    assert supported.vp == vp + RULES.faith_vp[4] + 5 and supported.faith == RULES.faith_reset
    assert GAME.apply(state, Church(False)).players[0].vp == vp


@pytest.mark.clause("lorenzo:leader.activate", "lorenzo:effect.gain")
def test_michelangelo_buonarroti() -> None:
    """Needs 10 stone; three coins once a round, before or after placing."""
    state = advanced(stone=9)
    michelangelo = LEADER["michelangelo_buonarroti"]
    assert not of(edit(state, 0, hand=(michelangelo,)), PlayLeader)
    state = with_leader(state, "michelangelo_buonarroti", stone=10)
    coins = state.players[0].coin
    state = use(state, "michelangelo_buonarroti")
    assert state.players[0].coin == coins + 3 and not of(state, ActivateLeader)
    later = next_round(state)
    later = GAME.apply(later, PlaceCouncil(0, 0))
    later = GAME.apply(later, Privilege(0))
    assert later.stage == Stage.AFTER and of(later, ActivateLeader)   # after placing too
    coins = later.players[0].coin
    assert use(later, "michelangelo_buonarroti").players[0].coin == coins + 3


@pytest.mark.clause("lorenzo:leader.requirement", "lorenzo:effect.member_value")
def test_lucrezia_borgia() -> None:
    """Needs six cards of one type; each coloured member +2 (the neutral one not), servants
    still add."""
    state = advanced((4, 5, 5), **RICH)
    lucrezia = LEADER["lucrezia_borgia"]
    five_each = {"cards": tuple(deck(t, 5) for t in range(4))}
    assert not of(edit(state, 0, hand=(lucrezia,), **five_each), PlayLeader)
    state = with_leader(state, "lucrezia_borgia", cards=((), (), (), deck(VENTURE, 6)))
    player = state.players[0]
    assert [member_value(state, player, m) for m in range(4)] == [6, 7, 7, 0]
    top = [a for a in of(state, PlaceTower) if a.floor == RULES.floors - 1]
    assert {(a.member, a.servants) for a in top if a.tower == TERRITORY} >= {(0, 1), (1, 0)}


# ------------------------------------------------------------------ effects

@pytest.mark.clause("lorenzo:effect.special", "lorenzo:action.turns")
def test_skip_first_turn() -> None:
    """The player loses his first turn of every round and places his last member after
    everybody else has placed all of theirs."""
    state = GAME.new_game(seed=None, options={"players": 3, "game_mode": "basic"})
    state = excommunicated(state, "excommunication-2-7")
    state = roll(state, (6, 6, 6))
    turns = []
    while state.stage in (Stage.PLACE, Stage.AFTER) or state.pending:
        if state.pending:
            state = GAME.apply(state, GAME.legal_actions(state)[0])
            continue
        turns.append(state.current_player)
        council = [a for a in of(state, PlaceCouncil) if a.member != NEUTRAL or a.servants]
        state = GAME.apply(state, council[0] if council else GAME.legal_actions(state)[0])
    assert turns == [1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert state.round == 2
    state = roll(state, (6, 6, 6))
    first = 1 if state.order[0] == 0 else state.order[0]
    assert state.current_player == first != 0


@pytest.mark.clause("lorenzo:effect.end_vp_loss", "lorenzo:scoring.excommunication")
def test_end_vp_loss() -> None:
    """The three kinds: one point per full five held before the scoring (26 cost 5); one per
    military point after it; one per wood and stone in the printed costs of the buildings;
    one per coin, wood, stone and servant left."""
    base = placing()
    for p in range(4):
        base = edit(base, p, **EMPTY)

    def score(tile: str, **fields: object) -> tuple[int, int]:
        plain = edit(base, 0, **fields)
        return final_scores(plain)[0], final_scores(excommunicated(plain, tile))[0]

    assert score("excommunication-3-4", vp=26) == (26 + 5, 26 - 5 + 5)
    assert score("excommunication-3-5", military=4) == (5, 5 - 4)
    mint, arch = CARD["building-1-1"], CARD["building-1-3"]          # 1+3 and 0+2
    assert score("excommunication-3-6", cards=((), (mint, arch), (), ())) == (5, 5 - 6)
    assert score("excommunication-3-7", coin=3, wood=1, stone=1, servant=2) == (5 + 1, 5 + 1 - 7)


@pytest.mark.clause("lorenzo:effect.gain_modifier", "lorenzo:excommunication.per_source",
                    "lorenzo:work.harvest")
def test_wood_or_stone_choice_in_a_harvest() -> None:
    """Under the wood-or-stone tile a harvest's bonus tile (1 wood, 1 stone) asks which one
    is lost, from the held-back income; the Woods (1 wood) is a source of its own."""
    state = placing((1, 1, 1), wood=0, stone=0, servant=0, cards=cards("territory-1-2"))
    state = excommunicated(state, "excommunication-1-4")
    state = GAME.apply(state, PlaceWork(HARVEST, False, 0, 0))
    assert state.pending[0].need == Stage.MALUS and state.pending[0].flag
    assert state.players[0].wood == 0                               # held back
    assert set(of(state, Malus)) == {Malus(False), Malus(True)}
    lost_wood = GAME.apply(state, Malus(False)).players[0]
    lost_stone = GAME.apply(state, Malus(True)).players[0]
    # Woods (2) not reached at value 1: the tile alone, one unit less
    assert (lost_wood.wood, lost_wood.stone) == (0, 1)
    assert (lost_stone.wood, lost_stone.stone) == (1, 0)
    two = placing((2, 2, 2), wood=0, stone=0, servant=0, cards=cards("territory-1-2"))
    two = GAME.apply(excommunicated(two, "excommunication-1-4"), PlaceWork(HARVEST, False, 0, 0))
    after = GAME.apply(two, Malus(True)).players[0]
    assert (after.wood, after.stone) == (1 + 1 - 1, 0)                # Woods: 1 wood - 1
    assert after[SERVANT] == 1 and after[MILITARY] == 0 and after[STONE] == 0
