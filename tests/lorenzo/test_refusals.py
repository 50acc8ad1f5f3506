"""Refusals of the leader actions, the market, the council palace and council privileges name
the clause the rule text gives (issue 30), not the turn's generic clause: each case reaches a
position through the API and expects the clause of ``spec/lorenzo/clauses.toml`` that the
action breaks (:func:`tests.refusals.refused`)."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import (
    GAME,
    ActivateLeader,
    DiscardLeader,
    PlaceCouncil,
    PlaceMarket,
    PlayLeader,
    Privilege,
    Stage,
)
from regelwerk.engine.lorenzo.rules import NEUTRAL

from tests.lorenzo.helpers import (
    EMPTY,
    LEADER,
    RULES,
    advanced,
    edit,
    excommunicated,
    of,
    placing,
    with_leader,
)
from tests.refusals import refused

C = "lorenzo:"
WHITE, BLACK, ORANGE = range(NEUTRAL)
#: The market space that grants council privileges, and one that grants resources.
PRIVILEGE_SPACE = next(s for s, n in enumerate(RULES.market_privileges) if n > 1)
RESOURCE_SPACE = RULES.market_privileges.index(0)
#: A leader whose ability is used once a round (by turning the card over), and a permanent one.
ONCE = next(x.id for x in RULES.leaders if x.once_per_round and not x.special
            and not any(e.kind == "member_value" for e in x.ability))
PERMANENT = next(x.id for x in RULES.leaders if not x.once_per_round and not x.special)
#: Cards of every type, as many as a personal board holds: with :data:`PLENTY` of every
#: resource and point, every leader's requirement is met.
RICH_CARDS = tuple(tuple(RULES.decks[t][0][:RULES.max_per_type]) for t in range(len(RULES.decks)))
PLENTY = dict.fromkeys(EMPTY, 20)


def not_in_hand(state: object) -> int:
    """A leader player 0 does not hold."""
    hand = state.players[0].hand  # type: ignore[attr-defined]
    return next(i for i in range(len(RULES.leaders)) if i not in hand)


@pytest.mark.clause(C + "leader.play", C + "leader.discard")
def test_a_leader_not_in_hand_is_neither_played_nor_discarded() -> None:
    state = advanced()
    leader = not_in_hand(state)
    refused(GAME, state, PlayLeader(leader), C + "leader.play")
    refused(GAME, state, DiscardLeader(leader), C + "leader.discard")


@pytest.mark.clause(C + "leader.play")
def test_a_leader_whose_requirement_is_not_met_is_not_played() -> None:
    """Francesco Sforza asks for cards; a player with none may discard him, not play him."""
    state = edit(advanced(), 0, hand=(LEADER["francesco_sforza"],), **EMPTY,
                 cards=((),) * len(RULES.decks))
    assert of(state, DiscardLeader)
    refused(GAME, state, PlayLeader(LEADER["francesco_sforza"]), C + "leader.play")


@pytest.mark.clause(C + "effect.special")
def test_lorenzo_de_medici_with_nothing_to_copy() -> None:
    """Under the reading ``medici_needs_copy = refused`` he is played only with an ability to
    copy: nobody else has played a leader yet."""
    state = edit(advanced(options={"medici_needs_copy": "refused"}), 0,
                 hand=(LEADER["lorenzo_de_medici"],), vp=35)
    refused(GAME, state, PlayLeader(LEADER["lorenzo_de_medici"]), C + "effect.special")


@pytest.mark.clause(C + "leader.activate", C + "leader.abilities")
def test_abilities_are_used_once_a_round_by_leaders_in_play() -> None:
    """An ability is used only of a leader played; a permanent one is never turned over; a
    once-per-round one not twice in a round."""
    state = advanced()
    refused(GAME, state, ActivateLeader(LEADER[ONCE], 0), C + "leader.activate")
    permanent = with_leader(edit(state, 0, **PLENTY, cards=RICH_CARDS),
                            PERMANENT)
    refused(GAME, permanent, ActivateLeader(LEADER[PERMANENT], 0), C + "leader.abilities")
    once = with_leader(edit(state, 0, **PLENTY, cards=RICH_CARDS), ONCE)
    used = GAME.apply(once, ActivateLeader(LEADER[ONCE], 0))
    while used.pending:
        used = GAME.apply(used, GAME.legal_actions(used)[0])
    assert used.step in (Stage.PLACE, Stage.AFTER) and used.current_player == 0
    refused(GAME, used, ActivateLeader(LEADER[ONCE], 0), C + "leader.abilities")


@pytest.mark.clause(C + "leader.activate")
def test_a_set_value_is_given_to_a_coloured_member_not_yet_placed() -> None:
    leader = next(x.id for x in RULES.leaders if x.once_per_round and any(
        e.kind == "member_value" and e.set is not None for e in x.ability))
    state = with_leader(edit(advanced(), 0, **PLENTY, cards=RICH_CARDS), leader)
    refused(GAME, state, ActivateLeader(LEADER[leader], NEUTRAL), C + "leader.activate")


@pytest.mark.clause(C + "effect.forbid_space")
def test_an_excommunication_closes_the_market() -> None:
    state = excommunicated(placing(), "excommunication-2-5")
    refused(GAME, state, PlaceMarket(RESOURCE_SPACE, WHITE, 0), C + "effect.forbid_space")


@pytest.mark.clause(C + "market.players", C + "action.space_taken")
def test_a_market_space_closed_or_taken() -> None:
    closed = next(s for s, n in enumerate(RULES.market_min_players) if n > 2)
    refused(GAME, placing(players=2), PlaceMarket(closed, WHITE, 0), C + "market.players")
    state = GAME.apply(placing(), PlaceMarket(RESOURCE_SPACE, WHITE, 0))
    refused(GAME, state, PlaceMarket(RESOURCE_SPACE, WHITE, 0), C + "action.space_taken")


@pytest.mark.clause(C + "action.minimum", C + "action.servants_needed", C + "action.servants")
@pytest.mark.parametrize("kind", ["market", "council"])
def test_servants_on_the_market_and_in_the_palace(kind: str) -> None:
    """A die of 1 is the least value; the neutral member is worth ``family.neutral_value``:
    the space's value needs the difference in servants, no fewer, no more, and no more than
    the family holds."""
    least = RULES.market_min if kind == "market" else RULES.council_min
    needed = (least - RULES.neutral_value) * RULES.servant_rate

    def place(servants: int) -> PlaceMarket | PlaceCouncil:
        if kind == "market":
            return PlaceMarket(RESOURCE_SPACE, NEUTRAL, servants)
        return PlaceCouncil(NEUTRAL, servants)

    state = placing(dice=(1, 1, 1), servant=needed + 1)
    assert needed > 0 and place(needed) in GAME.legal_actions(state)
    refused(GAME, state, place(needed - 1), C + "action.minimum")
    refused(GAME, state, place(needed + 1), C + "action.servants_needed")
    poor = placing(dice=(1, 1, 1), servant=needed)
    unlimited = placing(dice=(1, 1, 1), servant=needed, options={"servant_spending": "unlimited"})
    for position in (poor, unlimited):
        refused(GAME, position, place(needed + 1), C + "action.servants")


@pytest.mark.clause(C + "action.servants")
def test_servants_make_whole_points() -> None:
    """Under the excommunication that doubles the servants per point, and the reading
    ``servant_spending = unlimited``, servants beyond the need come in whole points."""
    state = excommunicated(placing(dice=(6, 6, 6), servant=9,
                                   options={"servant_spending": "unlimited"}),
                           "excommunication-2-6")
    rate = 2 * RULES.servant_rate
    assert PlaceCouncil(WHITE, rate) in GAME.legal_actions(state)
    refused(GAME, state, PlaceCouncil(WHITE, rate - 1), C + "action.servants")


@pytest.mark.clause(C + "action.one_colour_per_group")
def test_the_market_and_the_palace_as_action_groups() -> None:
    """Under the reading ``action_group_scope = every_area`` a family's second coloured member
    may not join its first in the market or the palace."""
    options = {"action_group_scope": "every_area"}
    state = placing(dice=(6, 6, 6), players=2, options=options)
    state = GAME.apply(state, PlaceMarket(RESOURCE_SPACE, WHITE, 0))
    state = GAME.apply(state, PlaceCouncil(WHITE, 0))
    while state.pending:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    other = next(s for s in RULES.open_markets if s != RESOURCE_SPACE)
    assert state.current_player == 0 and state.stage == Stage.PLACE
    refused(GAME, state, PlaceMarket(other, BLACK, 0), C + "action.one_colour_per_group")
    state = GAME.apply(state, PlaceCouncil(BLACK, 0))
    while state.pending:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    state = GAME.apply(state, PlaceMarket(other, BLACK, 0))     # the other family
    assert state.current_player == 0 and state.stage == Stage.PLACE
    refused(GAME, state, PlaceCouncil(ORANGE, 0), C + "action.one_colour_per_group")


@pytest.mark.clause(C + "council.privileges_differ")
def test_privileges_of_one_effect_differ() -> None:
    state = GAME.apply(placing(dice=(6, 6, 6)), PlaceMarket(PRIVILEGE_SPACE, WHITE, 0))
    first = GAME.apply(state, Privilege(0))
    assert first.step == Stage.PRIVILEGE
    refused(GAME, first, Privilege(0), C + "council.privileges_differ")


@pytest.mark.clause(C + "council.privileges_differ")
def test_privileges_of_one_turn_differ_under_per_turn() -> None:
    """Under the reading ``privileges_differ = per_turn`` a leader's discard privilege may not
    repeat the one the same turn took before."""
    state = advanced((6, 6, 6), options={"privileges_differ": "per_turn"})
    hand = state.players[0].hand
    state = GAME.apply(state, DiscardLeader(hand[0]))
    state = GAME.apply(state, Privilege(0))
    state = GAME.apply(state, DiscardLeader(hand[1]))
    assert state.step == Stage.PRIVILEGE and not state.pending[0].mask
    refused(GAME, state, Privilege(0), C + "council.privileges_differ")
