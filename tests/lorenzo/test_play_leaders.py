"""The full game through play (issue 17): choosing bonus tiles, the leader draft, playing,
using, discarding leaders, once-per-round and permanent abilities. Expected values worked out
by hand from the rule text (Erweiterte Regeln: Spielaufbau, Anfuehrerkarten, Anfuehreraktionen,
Ende der Runde; Anhang Anfuehrerkarten)."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import (
    GAME,
    ActivateLeader,
    ChooseTile,
    DiscardLeader,
    DraftLeader,
    EndTurn,
    LeaderDealt,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlayLeader,
    Stage,
    State,
)
from regelwerk.engine.lorenzo.rules import NEUTRAL

from tests import refusals
from tests.lorenzo.play_helpers import (
    BLACK,
    BONUS_TILE,
    FLOOR_VALUES,
    LEADER,
    ORANGE,
    SPEC,
    TOWER,
    WHITE,
    begin,
    change,
    faithful,
    prepare,
    privileges,
    to_round,
    to_round_start,
    to_turn,
)

RED_HAND = ("girolamo_savonarola", "sisto_iv", "santa_rita", "cosimo_de_medici")
GREEN_HAND = ("francesco_sforza", "sandro_botticelli", "michelangelo_buonarroti",
              "ludovico_iii_gonzaga")


def dealt(state: State, *hands: tuple[str, ...]) -> State:
    """Chance deals the leader hands, a full hand to each player by seat."""
    for p, hand in enumerate(hands):
        for name in hand:
            state = GAME.apply(state, LeaderDealt(p, LEADER[name]))
    return state


@pytest.mark.play("lorenzo:advanced.bonus_tiles", "lorenzo:advanced.leader_draft",
                  "lorenzo:advanced.mode")
def test_tiles_against_turn_order_and_the_draft() -> None:
    """Two players, green first. After the deal red, the last in turn order, picks a bonus tile
    first (all four advanced tiles offered), green picks among the other three. In the draft
    each keeps one and hands the rest on, until each holds four."""
    state = dealt(begin(2, "advanced", order=(1, 0)), RED_HAND, GREEN_HAND)
    assert state.stage == Stage.TILE and GAME.current_player(state) == 0
    advanced = {i for i, t in enumerate(state.rules.tiles) if t.advanced}
    assert len(advanced) == SPEC["bonus_tile.count"]
    assert {a.tile for a in GAME.legal_actions(state)} == advanced
    state = GAME.apply(state, ChooseTile(BONUS_TILE["B"]))
    assert GAME.current_player(state) == 1
    assert {a.tile for a in GAME.legal_actions(state)} == advanced - {BONUS_TILE["B"]}
    state = GAME.apply(state, ChooseTile(BONUS_TILE["D"]))
    assert state.players[0].tile == BONUS_TILE["B"] and state.players[1].tile == BONUS_TILE["D"]
    assert state.stage == Stage.DRAFT
    picks: dict[int, list[int]] = {0: [], 1: []}
    while state.stage == Stage.DRAFT:
        p = GAME.current_player(state)
        offered = {a.leader for a in GAME.legal_actions(state)}
        if len(picks[p]) == 1:
            # the second hand a player sees is the other's first hand minus the other's pick
            other = 1 - p
            first_hand = {LEADER[n] for n in (RED_HAND, GREEN_HAND)[other]}
            assert offered == first_hand - {picks[other][0]}
        choice = max(offered)
        picks[p].append(choice)
        state = GAME.apply(state, DraftLeader(choice))
    hand = SPEC["leaders.hand"]
    assert all(len(set(p.hand)) == hand for p in state.players)
    assert set(state.players[0].hand) | set(state.players[1].hand) == \
        {LEADER[n] for n in RED_HAND + GREEN_HAND}
    assert state.stage == Stage.DEAL


def savonarola_game() -> State:
    """Two players by seat (red 5 coins), full game. Red drafts Girolamo Savonarola (needs 18
    coins; once a round 1 faith point) first. Dice all 1; red takes the 5 coins at the market,
    then sends his other three members to the council palace taking coins (1 + 2 each): 19.
    Returns the state after his fourth placement, his turn still on."""
    state = dealt(begin(2, "advanced"), RED_HAND, GREEN_HAND)
    state = GAME.apply(state, ChooseTile(BONUS_TILE["A"]))
    state = GAME.apply(state, ChooseTile(BONUS_TILE["C"]))
    state = GAME.apply(state, DraftLeader(LEADER["girolamo_savonarola"]))
    while state.stage == Stage.DRAFT:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    state = prepare(state, roll=(1, 1, 1))
    state = GAME.apply(state, PlaceMarket(0, WHITE, 0))
    assert state.players[0].coin == 10
    refusals.refused(GAME, state, PlayLeader(LEADER["girolamo_savonarola"]), "lorenzo:leader.play")
    state = GAME.apply(state, EndTurn())
    for member, servants in ((BLACK, 0), (ORANGE, 0), (NEUTRAL, 1)):
        state = to_turn(state, 0)
        state = privileges(GAME.apply(state, PlaceCouncil(member, servants)), "coin")
    assert state.players[0].coin == 19 and state.stage == Stage.AFTER
    return state


@pytest.mark.play("lorenzo:leader.play", "lorenzo:leader.requirement", "lorenzo:leader.activate",
                  "lorenzo:leader.abilities", "lorenzo:leader.actions",
                  "lorenzo:endround.leaders")
def test_once_per_round_leader() -> None:
    """Red plays Savonarola with 19 coins (nothing paid), turns him for 1 faith point; a
    second use in the round is refused. Next round he turns him again."""
    savonarola = LEADER["girolamo_savonarola"]
    state = savonarola_game()
    before = state
    state = GAME.apply(state, PlayLeader(savonarola))
    assert change(before, state, 0) == {}
    assert savonarola in state.players[0].leaders and savonarola not in state.players[0].hand
    before = state
    state = GAME.apply(state, ActivateLeader(savonarola, 0))
    assert change(before, state, 0) == {"faith": 1}
    refusals.refused(GAME, state, ActivateLeader(savonarola, 0), "lorenzo:leader.abilities")
    state = GAME.apply(state, EndTurn())
    state = to_round_start(state)
    state = prepare(state, roll=(1, 1, 1))
    state = to_turn(state, 0)
    before = state
    state = GAME.apply(state, ActivateLeader(savonarola, 0))     # before placing, this time
    assert change(before, state, 0) == {"faith": 1}
    assert state.stage == Stage.PLACE and GAME.current_player(state) == 0


@pytest.mark.play("lorenzo:leader.discard", "lorenzo:leader.actions")
def test_discarding_a_leader() -> None:
    """Red discards a leader from his hand: one council privilege at once (here 1 faith
    point). While the privilege of his council placement is still open he may take no leader
    action."""
    state = savonarola_game()
    first, second = [x for x in state.players[0].hand
                     if x != LEADER["girolamo_savonarola"]][:2]
    before = state
    state = GAME.apply(state, DiscardLeader(first))
    assert state.step == Stage.PRIVILEGE
    state = privileges(state, "faith")
    assert change(before, state, 0) == {"faith": 1}
    assert first not in state.players[0].hand
    state = to_round_start(GAME.apply(state, EndTurn()))
    state = to_turn(prepare(state, roll=(1, 1, 1)), 0)
    state = GAME.apply(state, PlaceCouncil(WHITE, 0))
    assert state.step == Stage.PRIVILEGE
    assert GAME.is_legal(before, DiscardLeader(second))
    refusals.refused(GAME, state, DiscardLeader(second), "lorenzo:action.turns")  # a privilege is owed first
    refusals.refused(GAME, state, ActivateLeader(LEADER["girolamo_savonarola"], 0), "lorenzo:action.turns")


@pytest.mark.play("lorenzo:leader.abilities", "lorenzo:effect.member_value",
                  "lorenzo:leader.requirement")
def test_permanent_leader() -> None:
    """Four players, full game; red drafts Sigismondo Malatesta (7 military, 3 faith: his
    neutral member +3). Round 1: the market's 3 military, two military privileges (7), a
    faith privilege. Round 2: two more faith privileges (3): he plays Malatesta, and his
    neutral member, worth 3 now, takes a second-floor card (value 3) without servants."""
    malatesta = LEADER["sigismondo_malatesta"]
    hands = (("sigismondo_malatesta", "sisto_iv", "santa_rita", "cosimo_de_medici"),
             GREEN_HAND,
             ("leonardo_da_vinci", "pico_della_mirandola", "lucrezia_borgia",
              "ludovico_il_moro"),
             ("cesare_borgia", "bartolomeo_colleoni", "filippo_brunelleschi",
              "ludovico_ariosto"))
    state = dealt(begin(4, "advanced"), *hands)
    state = GAME.apply(state, DraftLeader(malatesta)) if state.stage == Stage.DRAFT else state
    policy = faithful({0: 3})
    while state.stage in (Stage.TILE, Stage.DRAFT):
        if state.stage == Stage.DRAFT and GAME.current_player(state) == 0 and \
                DraftLeader(malatesta) in GAME.legal_actions(state):
            state = GAME.apply(state, DraftLeader(malatesta))
        else:
            state = GAME.apply(state, policy(state))
    state = prepare(state, roll=(1, 1, 1))
    state = GAME.apply(state, PlaceMarket(2, WHITE, 0))
    for member, choice in ((BLACK, "military"), (ORANGE, "military"), (NEUTRAL, "faith")):
        state = to_turn(GAME.apply(state, EndTurn()) if state.stage == Stage.AFTER else state, 0,
                        policy)
        state = privileges(GAME.apply(state, PlaceCouncil(member, 1 if member == NEUTRAL
                                                          else 0)), choice)
    assert state.players[0].military == 7 and state.players[0].faith == 1
    state = prepare(to_round_start(GAME.apply(state, EndTurn()), policy), roll=(1, 1, 1))
    for member in (WHITE, BLACK):
        state = to_turn(state, 0, policy)
        refusals.refused(GAME, state, PlayLeader(malatesta), "lorenzo:leader.play")
        state = privileges(GAME.apply(state, PlaceCouncil(member, 0)), "faith")
    state = GAME.apply(state, PlayLeader(malatesta))
    assert state.players[0].military == 7 and state.players[0].faith == 3
    state = to_turn(GAME.apply(state, EndTurn()), 0, policy)
    territory = TOWER["territory"]
    assert {a.servants for a in GAME.legal_actions(state) if isinstance(a, PlaceTower)
            and a.member == NEUTRAL and a.tower == territory and a.floor == 1} == \
        {FLOOR_VALUES[1] - 3}


@pytest.mark.play("lorenzo:effect.waive", "lorenzo:card.territory_slots", "lorenzo:leader.play")
def test_cesare_borgia_waives_the_military_requirement() -> None:
    """Two players by seat, full game, dice all 1; red drafts Cesare Borgia (3 buildings, 12
    coins, 2 faith: territories without the slots' military points). Round 1: the Residence
    (2 stone), the Commercial Hub, two council visits (wood and stone; coins). Round 2: the
    Chapel (2 wood, 1 faith), the Forest, two council visits (faith; coins): 13 coins, 2 faith,
    excommunicated at the report (2 < 3) but keeping his faith. Round 3: the Barracks (1 wood,
    1 stone) makes three buildings; a third territory is closed to him (no military point)
    until he plays Cesare Borgia."""
    borgia = LEADER["cesare_borgia"]
    state = dealt(begin(2, "advanced"), ("cesare_borgia", "sisto_iv", "santa_rita",
                                         "cosimo_de_medici"), GREEN_HAND)
    state = GAME.apply(state, ChooseTile(BONUS_TILE["A"]))
    state = GAME.apply(state, ChooseTile(BONUS_TILE["C"]))
    state = GAME.apply(state, DraftLeader(borgia))
    while state.stage == Stage.DRAFT:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    territory, building = TOWER["territory"], TOWER["building"]
    plan = {1: ("building-1-8", ("wood_stone", "coin")), 2: ("building-1-7", ("faith", "coin")),
            3: ("building-2-7", ())}
    for round_, (card, choices) in plan.items():
        state = prepare(state, roll=(1, 1, 1), deal={("building", 0): card})
        state = to_turn(state, 0)
        state = GAME.apply(state, PlaceTower(building, 0, WHITE, 0, 0, 0))
        if round_ == 3:
            break
        state = to_turn(GAME.apply(state, EndTurn()), 0)
        state = GAME.apply(state, PlaceTower(territory, 0, BLACK, 0, 0, 0))
        for member, choice in zip((ORANGE, NEUTRAL), choices, strict=True):
            state = to_turn(GAME.apply(state, EndTurn()), 0)
            state = privileges(GAME.apply(state, PlaceCouncil(member, 1 if member == NEUTRAL
                                                              else 0)), choice)
        state = to_round(GAME.apply(state, EndTurn()), round_ + 1)
    red = state.players[0]
    assert [len(row) for row in red.cards] == [2, 3, 0, 0]
    assert red.coin == 13 and red.faith == 2 and red.military == 0
    assert len(red.excommunicated) == 1
    state = to_turn(GAME.apply(state, EndTurn()), 0)
    assert not [a for a in GAME.legal_actions(state)
                if isinstance(a, PlaceTower) and a.tower == territory]
    state = GAME.apply(state, PlayLeader(borgia))
    assert PlaceTower(territory, 0, BLACK, 0, 0, 0) in GAME.legal_actions(state)
    state = GAME.apply(state, PlaceTower(territory, 0, BLACK, 0, 0, 0))
    assert len(state.players[0].cards[territory]) == 3 and state.players[0].military == 0


@pytest.mark.play("lorenzo:tower.occupied_fee", "lorenzo:leader.actions")
def test_fee_paid_with_coins_won_earlier_in_the_turn() -> None:
    """Two players, full game. Red keeps 1 coin after taking the Dame; green enters the venture
    tower. In his next turn red cannot pay the fee; he discards a leader for the coin privilege
    (3 coins now), and then he may enter the venture tower: coins won by a leader action
    before the member is set count (lorenzo:interp.fee_coins_held; only the floor's own bonus
    may not pay the fee, clause tower.occupied_fee)."""
    state, top = _fee_won_by_a_leader_action()
    assert GAME.is_legal(state, top)
    after = GAME.apply(state, top)
    assert after.players[0].coin < state.players[0].coin      # the fee was paid


@pytest.mark.play("lorenzo:tower.occupied_fee", "lorenzo:leader.actions")
def test_fee_only_from_coins_held_as_the_turn_began() -> None:
    """The same turn under the variant ``fee_coins = before_turn``
    (lorenzo:interp.fee_coins_held): red began his turn with 1 coin, so the 2 coins the
    discarded leader's privilege brought cannot pay the fee of 3; the placement is refused
    with the clause tower.occupied_fee and the state is unchanged."""
    state, top = _fee_won_by_a_leader_action(fee_coins="before_turn")
    assert state.turn_coins == 1
    error = refusals.refused(GAME, state, top, "lorenzo:tower.occupied_fee")
    assert "held as the turn began" in str(error)
    assert state.players[0].coin >= SPEC["towers.occupied_fee"] > state.turn_coins


def _fee_won_by_a_leader_action(**variants: str) -> tuple[State, PlaceTower]:
    """Two players, full game: red keeps 1 coin after taking the Dame, green enters the
    venture tower, and in his next turn red discards a leader for the coin privilege
    (3 coins now). The state then, and red's placement on the venture tower's top floor."""
    state = dealt(begin(2, "advanced", **variants), RED_HAND, GREEN_HAND)
    state = GAME.apply(state, ChooseTile(BONUS_TILE["A"]))
    state = GAME.apply(state, ChooseTile(BONUS_TILE["C"]))
    while state.stage == Stage.DRAFT:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    state = prepare(state, roll=(5, 6, 1), deal={("venture", 3): "venture-1-3"})
    state = GAME.apply(state, PlaceTower(TOWER["character"], 2, WHITE, 0, 0, 0))
    state = GAME.apply(state, EndTurn())
    state = GAME.apply(state, PlaceTower(TOWER["venture"], 0, ORANGE, 0, 0, 0))
    state = to_turn(state, 0)
    top = PlaceTower(TOWER["venture"], 3, BLACK, 1, 0, 0)
    assert state.players[0].coin == 1
    assert "holds only" in str(refusals.refused(GAME, state, top, "lorenzo:tower.occupied_fee"))
    state = privileges(GAME.apply(state, DiscardLeader(state.players[0].hand[0])), "coin")
    assert state.players[0].coin == 3
    return state, top
