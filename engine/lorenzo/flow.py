"""The course of a game: set-up, rounds, chance, turns, the end of a round.

Chance acts explicitly, as at OpenSpiel's chance nodes: in these stages the player
to move is :data:`~regelwerk.engine.core.game.CHANCE` and the outcomes are the
actions of a chance kind, each with its probability.

* ``ORDER``: the first turn order is drawn place by place (:class:`~.actions.OrderDrawn`),
  every player still without a place equally likely; the place brings its starting coins;
* ``EXCOMMUNICATION``: one tile of each period is drawn
  (:class:`~.actions.ExcommunicationDrawn`), each of the period's tiles equally likely;
* ``LEADERS`` (full game): the leader cards are dealt one at a time
  (:class:`~.actions.LeaderDealt`), a hand of ``leaders.hand`` to each player by seat;
* ``DEAL`` (every round): the round's cards are laid on the towers space by space
  (:class:`~.actions.CardDealt`), tower by tower from the lowest floor, each drawn from the
  period's pile of the tower's card type;
* ``ROLL``: the dice (:class:`~.actions.DiceRoll`), every roll equally likely.

The piles are those of :mod:`regelwerk.engine.core.piles`. A seeded game shuffles each when it
is formed (``seeded_rng(seed, "order")``, ``(seed, "leaders")``, ``(seed, "deck", type,
period)``), its first item on top, so chance takes the items in the shuffled order; it picks
an excommunication tile with ``seeded_rng(seed, "excommunication", period)`` and rolls with
``seeded_rng(seed, "dice", period, round)``. A seeded game lays a round's cards at once, as
chance would lay its seeded outcomes one by one (:func:`dealt_at_once`). A game with
``seed=None`` keeps box order and waits at every chance node for the caller's outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from random import Random
from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.draws import below
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.piles import draw_outcomes, draw_probability, drawn, seeded_draw, shuffled
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.lorenzo.actions import (
    CardDealt,
    ChooseTile,
    DiceRoll,
    DraftLeader,
    EndTurn,
    ExcommunicationDrawn,
    LeaderDealt,
    OrderDrawn,
    Pass,
)
from regelwerk.engine.lorenzo.church import report
from regelwerk.engine.lorenzo.decisions import privilege_left
from regelwerk.engine.lorenzo.effects import flush_income, with_player
from regelwerk.engine.lorenzo.leaders import any_leader_action, face_up
from regelwerk.engine.lorenzo.places import any_placement
from regelwerk.engine.lorenzo.rules import (
    COIN,
    COUNCIL,
    MEMBERS,
    SPACES,
    TOWER_SPACES,
    TYPES,
    ZERO,
    C,
    Rules,
    made,
)
from regelwerk.engine.lorenzo.state import (
    AFTER,
    DEAL,
    DRAFT,
    EXCOMMUNICATION,
    LEADERS,
    ORDER,
    OVER,
    PLACE,
    PRIVILEGE,
    ROLL,
    TILE,
    VATICAN,
    Player,
    Stage,
    State,
)


def pile(items: Iterable[int], seed: int | None, *path: object) -> tuple[int, ...]:
    """A face-down pile of ``items``: shuffled by its chance (box order without a seed), the
    first of them on top, where chance draws (:mod:`regelwerk.engine.core.piles`)."""
    return shuffled(items, seed, *path)[::-1]


# ------------------------------------------------------------------ set-up

@implements(C + "setup.players", C + "setup.supply", C + "setup.player", C + "setup.covers",
            C + "advanced.mode")
def setup(rules: Rules, seed: int | None) -> State:
    """Every player's material; chance then draws the first turn order (stage ``ORDER``).
    The basic game's players share the simple side of the bonus tile, or under the variant
    ``simple_tile = unknown`` (interp.simple_bonus_tile) choose advanced tiles as in the
    full game."""
    n = rules.players
    chosen = rules.advanced or rules.no_simple_tile
    tile = -1 if chosen else rules.simple_tile
    coinless = list(rules.start[0])
    coinless[COIN] = 0
    # the resources by position (mypy cannot match a list to the named fields)
    players = tuple(
        Player(*coinless, cards=((),) * len(TYPES),  # type: ignore[arg-type, misc]
               used=(False,) * MEMBERS, tile=tile, hand=(), leaders=(), flipped=(), copied=-1,
               boost=-1, excommunicated=(), mods=(), passed=False, skipped=False)
        for _ in range(n))
    return State(rules=rules, seed=seed, round=1, stage=ORDER, order=(), turn=0, dice=(),
                 players=players, towers=(-1,) * TOWER_SPACES, spaces=((),) * SPACES, decks=(),
                 excommunication=(), pending=(), income=ZERO, earner=-1, hands=(),
                 tiles_left=rules.advanced_tiles if chosen else (),
                 pile=pile(range(n), seed, "order"), turn_coins=0, turn_privileges=0)


@implements(C + "setup.order")
def order_options(state: State, like: OrderDrawn | None) -> Iterator[OrderDrawn]:
    """Any player without a place may take the next one."""
    place = len(state.order)
    if like is not None and like.place != place:
        return
    for player in draw_outcomes(state.pile):
        if like is None or like.player == player:
            yield OrderDrawn(place, player)


def order_drawn(state: State, action: OrderDrawn) -> State:
    """The player takes his place and the coins of that place (setup.order)."""
    p = action.player
    player = state.players[p]._replace(coin=state.rules.start[action.place][COIN])
    state = with_player(state, p, player)._replace(order=state.order + (p,),
                                                  pile=drawn(state.pile, p))
    if state.pile:
        return state
    return state._replace(stage=EXCOMMUNICATION)


@implements(C + "setup.excommunication")
def excommunication_options(state: State, like: ExcommunicationDrawn | None
                            ) -> Iterator[ExcommunicationDrawn]:
    """Any tile of the next period without one (under the variant ``excommunication_periods
    = one_pool`` any tile not drawn yet, interp.excommunication_periods)."""
    period = len(state.excommunication) + 1
    if like is not None and like.period != period:
        return
    drawn = state.excommunication
    for outcome in state.rules.excommunication_drawn[period - 1]:
        if (like is None or like.tile == outcome.tile) and outcome.tile not in drawn:
            yield outcome


def excommunication_drawn(state: State, action: ExcommunicationDrawn) -> State:
    """The tile lies on the board for the game; with the last period's, the leaders are dealt
    (full game) or the first round begins."""
    rules = state.rules
    state = state._replace(excommunication=state.excommunication + (action.tile,))
    if len(state.excommunication) < rules.periods:
        return state
    if rules.advanced:
        return state._replace(stage=LEADERS, hands=((),) * rules.players,
                              pile=pile(range(len(rules.leaders)), state.seed, "leaders"))
    if rules.no_simple_tile:                # the basic game with advanced tiles (variant)
        return state._replace(stage=TILE, turn=rules.players - 1)
    return start_round(state)


def dealt_to(state: State) -> int:
    """The player the next leader card goes to: the first by seat with a hand not yet full."""
    full = state.rules.hand
    for p, hand in enumerate(state.hands):
        if len(hand) < full:
            return p
    return -1


@implements(C + "advanced.leader_draft")
def leader_options(state: State, like: LeaderDealt | None) -> Iterator[LeaderDealt]:
    """Any leader card left may be the next one dealt."""
    p = dealt_to(state)
    if like is not None and like.player != p:
        return
    for leader in draw_outcomes(state.pile):
        if like is None or like.leader == leader:
            yield LeaderDealt(p, leader)


def leader_dealt(state: State, action: LeaderDealt) -> State:
    """Into the hand; with every hand full the bonus tiles are chosen, against the turn order."""
    p = action.player
    hands = state.hands
    state = state._replace(hands=replaced(hands, p, hands[p] + (action.leader,)),
                           pile=drawn(state.pile, action.leader))
    if dealt_to(state) >= 0 and state.pile:
        return state
    return state._replace(stage=TILE, turn=state.rules.players - 1, pile=())


@implements(C + "advanced.bonus_tiles")
def tile_options(state: State, like: ChooseTile | None) -> Iterator[ChooseTile]:
    for tile in state.tiles_left:
        if like is None or like.tile == tile:
            yield made(state.rules, ChooseTile, tile)


def choose_tile(state: State, action: ChooseTile) -> State:
    p = state.order[state.turn]
    state = with_player(state, p, state.players[p]._replace(tile=action.tile))
    state = state._replace(tiles_left=tuple(t for t in state.tiles_left if t != action.tile))
    if state.turn > 0:
        return state._replace(turn=state.turn - 1)
    if not state.rules.advanced:            # the basic game with advanced tiles (variant)
        return start_round(state._replace(turn=0))
    return state._replace(stage=DRAFT, turn=0)


@implements(C + "advanced.leader_draft")
def draft_options(state: State, like: DraftLeader | None) -> Iterable[DraftLeader]:
    drafts = state.rules.drafts
    hand = state.hands[state.order[state.turn]]
    if like is None:
        return [drafts[leader] for leader in hand]
    return [drafts[like.leader]] if like.leader in hand else []


def draft(state: State, action: DraftLeader) -> State:
    """The leader is kept; when every player has drafted, every hand passes to the right-hand
    neighbour (the previous seat), and with no hand left the first round begins."""
    p = state.order[state.turn]
    leader = action.leader
    player = state.players[p]
    hand = state.hands[p]
    at = hand.index(leader)
    hands = replaced(state.hands, p, hand[:at] + hand[at + 1:])
    players = replaced(state.players, p, player._replace(hand=player.hand + (leader,)))
    n = len(state.order)
    if state.turn + 1 < n:
        return state._replace(players=players, hands=hands, turn=state.turn + 1)
    passed = tuple(hands[(seat + 1) % n] for seat in range(n))
    if not any(passed):
        return start_round(state._replace(players=players, hands=(), turn=0))
    return state._replace(players=players, hands=passed, turn=0)


# ------------------------------------------------------------------ rounds: cards and dice

@implements(C + "round.structure", C + "setup.decks")
def start_round(state: State) -> State:
    """The round's cards are dealt (stage ``DEAL``); the first round of a period forms the
    period's pile of each card type, shuffled on its own."""
    rules = state.rules
    decks = state.decks
    if (state.round - 1) % rules.rounds_per_period == 0:
        period = state.period
        decks = tuple(pile(rules.decks[t][period - 1], state.seed, "deck", TYPES[t], period)
                      for t in range(len(TYPES)))
    if next_space(rules, state.towers, decks) < 0:
        return state._replace(decks=decks, stage=ROLL, dice=(), turn=-1)
    if state.seed is None:
        return state._replace(decks=decks, stage=DEAL, dice=(), turn=-1)
    towers, decks = dealt_at_once(rules, state.towers, decks)
    return state._replace(towers=towers, decks=decks, stage=ROLL, dice=(), turn=-1)


@implements(C + "round.cards")
def dealt_at_once(rules: Rules, towers: tuple[int, ...], decks: tuple[tuple[int, ...], ...]
                  ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """``(towers, decks)`` once a seeded game's chance has dealt the round's cards: each
    space its pile's top card, space by space as :func:`deal` lays the cards chance draws
    with :func:`_seeded_card` (one state for the whole deal instead of one per card)."""
    laid, piles = list(towers), list(decks)
    floors, deal_spaces = rules.floors, rules.deal_spaces
    for space, card in enumerate(towers):
        if card < 0 and space in deal_spaces and piles[space // floors]:
            pile = piles[space // floors]
            laid[space] = seeded_draw(pile)
            piles[space // floors] = pile[:-1]
    return tuple(laid), tuple(piles)


def next_space(rules: Rules, towers: tuple[int, ...], decks: tuple[tuple[int, ...], ...]) -> int:
    """The tower space the next card is laid on (-1: the round's cards are out): the first
    empty one of :attr:`Rules.deal_spaces` whose pile has a card left."""
    floors = rules.floors
    deal = rules.deal_spaces
    space = -1
    while True:
        try:
            space = towers.index(-1, space + 1)
        except ValueError:
            return -1
        if space in deal and decks[space // floors]:
            return space


@implements(C + "round.cards")
def deal_options(state: State, like: CardDealt | None) -> Iterator[CardDealt]:
    """Any card of the pile of the tower's type may come up for the next space."""
    rules = state.rules
    space = next_space(rules, state.towers, state.decks)
    if space < 0:
        return
    dealt = rules.card_dealt[space]
    deck = state.decks[space // rules.floors]
    if like is not None:
        if like.card in deck and dealt.get(like.card) == like:
            yield dealt[like.card]
        return
    for card in draw_outcomes(deck):
        yield dealt[card]


def deal(state: State, action: CardDealt) -> State:
    """The card lies face up on its floor; with the last one the dice are rolled."""
    rules = state.rules
    t = action.tower
    card = action.card
    floors = rules.floors
    space = t * floors + action.floor
    towers = replaced(state.towers, space, card)
    deck = state.decks[t]
    decks = replaced(state.decks, t, deck[:-1] if deck[-1] == card else drawn(deck, card))
    after = space + 1           # the usual next space: the floor above, or the next tower
    if not (after in rules.deal_spaces and towers[after] < 0 and decks[after // floors]) and \
            next_space(rules, towers, decks) < 0:
        return state._replace(towers=towers, decks=decks, stage=ROLL)
    return state._replace(towers=towers, decks=decks)


@implements(C + "round.dice")
def dice_options(state: State, like: DiceRoll | None) -> Iterator[DiceRoll]:
    faces = state.rules.dice_faces
    if like is not None:
        if like.black in faces and like.white in faces and like.orange in faces:
            yield like
        return
    yield from state.rules.dice_outcomes


def roll(state: State, action: DiceRoll) -> State:
    dice = tuple(getattr(action, colour) for colour in state.rules.dice_colours)
    return proceed(next_turn(state._replace(dice=dice)))


# ------------------------------------------------------------------ chance

def _dice_probability(state: State, outcome: Any) -> Fraction:
    return Fraction(1, len(state.rules.dice_outcomes))


def _excommunication_probability(state: State, outcome: Any) -> Fraction:
    tiles = tuple(o.tile for o in state.rules.excommunication_drawn[outcome.period - 1]
                  if o.tile not in state.excommunication)
    return draw_probability(tiles, outcome.tile)


PROBABILITY: dict[type, Callable[[State, Any], Fraction]] = {
    OrderDrawn: lambda state, outcome: draw_probability(state.pile, outcome.player),
    ExcommunicationDrawn: _excommunication_probability,
    LeaderDealt: lambda state, outcome: draw_probability(state.pile, outcome.leader),
    CardDealt: lambda state, outcome: draw_probability(state.decks[outcome.tower],
                                                       outcome.card),
    DiceRoll: _dice_probability,
}


def chance_probability(state: State, outcome: Any) -> Fraction:
    """How likely chance gives ``outcome`` now: a drawn item's share of its pile; every tile
    of a period and every roll of the dice equally likely."""
    return PROBABILITY[type(outcome)](state, outcome)


def _seeded_order(state: State) -> OrderDrawn:
    return OrderDrawn(len(state.order), seeded_draw(state.pile))


def _seeded_excommunication(state: State) -> ExcommunicationDrawn:
    assert state.seed is not None
    period = len(state.excommunication) + 1
    outcomes = state.rules.excommunication_drawn[period - 1]
    tile = seeded_rng(state.seed, "excommunication", period).choice(
        tuple(o.tile for o in outcomes if o.tile not in state.excommunication))
    return next(o for o in outcomes if o.tile == tile)


def _seeded_leader(state: State) -> LeaderDealt:
    return LeaderDealt(dealt_to(state), seeded_draw(state.pile))


def _seeded_card(state: State) -> CardDealt:
    rules = state.rules
    space = next_space(rules, state.towers, state.decks)
    return rules.card_dealt[space][seeded_draw(state.decks[space // rules.floors])]


def _seeded_dice(state: State) -> DiceRoll:
    """Each die in the order of ``dice.colours`` rolled as ``rng.choice(faces)`` rolls it
    (:func:`~regelwerk.engine.core.draws.below`), found among :attr:`Rules.dice_outcomes`
    (every roll, the first colour's face varying slowest)."""
    assert state.seed is not None
    rules = state.rules
    rng = seeded_rng(state.seed, "dice", state.period, state.round)
    faces = len(rules.dice_faces)
    index = 0
    for _ in rules.dice_colours:
        index = index * faces + below(rng, faces)
    return rules.dice_outcomes[index]


SEEDED: dict[Stage, Callable[[State], Any]] = {
    ORDER: _seeded_order, EXCOMMUNICATION: _seeded_excommunication,
    LEADERS: _seeded_leader, DEAL: _seeded_card, ROLL: _seeded_dice,
}


def seeded_outcome(state: State) -> Any:
    """The outcome a seeded game's chance gives now (see the module's docstring)."""
    if state.stage is DEAL:       # the most frequent: the top card of the pile
        rules = state.rules
        towers = state.towers
        decks = state.decks
        if -1 in towers:          # the usual next space: the first empty one
            space = towers.index(-1)
            if space in rules.deal_spaces:
                deck = decks[space // rules.floors]
                if deck:
                    return rules.card_dealt[space][deck[-1]]
        space = next_space(rules, towers, decks)
        return rules.card_dealt[space][decks[space // rules.floors][-1]]
    return SEEDED[state.stage](state)


# ------------------------------------------------------------------ turns

PASS, END_TURN = Pass(), EndTurn()


@implements(C + "action.turns", C + "effect.special", C + "tower.occupied_fee")
def next_turn(state: State) -> State:
    """The next player in turn order with a member left; a player under the excommunication
    ``skip_first_turn`` loses his first turn of each round. Nobody left: the phase ends.
    The coins he holds as his turn begins are noted (under the variant ``fee_coins =
    before_turn`` only they may pay an occupied tower's fee, interp.fee_coins_held), and no
    privilege is chosen in his turn yet (interp.privileges_differ_scope).
    Two such players place their last members in turn order (interp.late_start_order;
    under the variant ``late_start_order = reverse_order`` the later one first)."""
    order = state.order
    n = len(order)
    players = state.players
    rules = state.rules
    turn = state.turn
    for step in range(1, n + 1):
        index = (turn + step) % n
        p = order[index]
        player = players[p]
        if player.passed or all(player.used):
            continue
        if not player.skipped and player.excommunicated and \
                not rules.skip_tiles.isdisjoint(player.excommunicated):
            players = replaced(players, p, player._replace(skipped=True))
            continue
        if rules.late_start_reverse and player.skipped:
            index = last_late_starter(state, players, index)
            player = players[order[index]]
        return state._replace(players=players, turn=index, stage=PLACE,
                              turn_coins=player.coin, turn_privileges=0)
    state = state._replace(players=players)
    if state.round in state.rules.vatican_rounds:
        return report(state)
    return end_round(state)


@implements(C + "effect.special")
def last_late_starter(state: State, players: tuple[Player, ...], index: int) -> int:
    """Under the variant ``late_start_order = reverse_order`` (interp.late_start_order): once
    every player without the excommunication ``skip_first_turn`` is done, of the players
    under it with their last member left the one latest in turn order places first;
    otherwise ``index``, the turn order's own next player."""
    skip = state.rules.skip_tiles
    last = -1
    for at, p in enumerate(state.order):
        player = players[p]
        if player.passed or all(player.used):
            continue
        if skip.isdisjoint(player.excommunicated):
            return index                 # a player without the tile still places
        if player.skipped and player.used.count(False) == 1:
            last = at
    return index if last < 0 else last


@implements(C + "action.must_place")
def pass_options(state: State, like: Pass | None) -> Iterator[Pass]:
    """A pass only without a legal placement, or at any time under the variant
    ``passing = may_pass`` (interp.forced_placement)."""
    if state.rules.may_pass or not any_placement(state):
        yield PASS


def why_not_pass(state: State, action: Pass) -> IllegalAction | None:
    """A pass refused because a member can still be placed (action.must_place)."""
    if not state.rules.may_pass and any_placement(state):
        return IllegalAction(C + "action.must_place",
                             N_("A family that can still place a member may not pass."))
    return None


def pass_turn(state: State, action: Pass) -> State:
    p = state.order[state.turn]
    state = with_player(state, p, state.players[p]._replace(passed=True))
    return next_turn(state)


def end_turn_options(state: State, like: EndTurn | None) -> Iterable[EndTurn]:
    return (END_TURN,)


def end_turn_sampler(state: State, rng: Random) -> EndTurn:
    """:func:`end_turn_options`' one action, with the draw random play makes from a list of
    one (:func:`~.places.draw_item`: one ``rng.random()``), without listing it."""
    rng.random()
    return END_TURN


def end_turn(state: State, action: EndTurn) -> State:
    return next_turn(state)


def end_turn_settled(state: State, action: EndTurn) -> State:
    """:func:`end_turn` and the rules run on (``settled(end_turn)``, :func:`settled`), the
    kind's effect: the next turn begins in the placing phase (where :func:`proceed` stops at
    once) unless the round ends there."""
    state = next_turn(state)
    if state.stage is PLACE and not state.pending and state.earner < 0:
        return state
    return proceed(state)


def settled(effect: Callable[[State, Any], State]) -> Callable[[State, Any], State]:
    """A player's action's effect, then the rules run on until the next decision
    (:func:`proceed`)."""
    def run(state: State, action: Any) -> State:
        return proceed(effect(state, action))
    return run


def proceed(state: State) -> State:
    """Let the rules run on until a decision is due: held income paid out, a turn without
    leader actions ended, a finished Vatican report closed."""
    rules = state.rules
    while True:
        pending = state.pending
        if pending and rules.privileges_per_turn and pending[0].need == PRIVILEGE and \
                not privilege_left(state):
            state = state._replace(pending=pending[1:])    # interp.privileges_differ_scope
            continue
        if state.earner >= 0 and not any(p.work for p in pending):
            state = flush_income(state)
        if pending:
            return state
        stage = state.stage
        if stage == PLACE:
            return state
        if stage == AFTER:
            if rules.advanced and (state.players[state.order[state.turn]].hand
                                   or any_leader_action(state)):
                return state
            state = next_turn(state)
        elif stage == VATICAN:
            state = end_round(state)
        else:
            return state


# ------------------------------------------------------------------ end of a round

@implements(C + "endround.cards", C + "endround.order", C + "endround.members",
            C + "endround.leaders", C + "end.trigger")
def end_round(state: State) -> State:
    """The towers cleared, the members home, the leaders face up; the new turn order from
    the council palace, also after the last round, where it breaks a tie for the win
    (interp.final_turn_order; under the variant ``final_turn_order = as_played`` the last
    round's order stays)."""
    rules = state.rules
    first: list[int] = []
    for code in state.spaces[COUNCIL]:
        if code // MEMBERS not in first:
            first.append(code // MEMBERS)
    order = tuple(first + [p for p in state.order if p not in first])
    if rules.final_order_as_played and state.round >= rules.rounds:
        order = state.order
    players = tuple(face_up(state, p)._replace(used=(False,) * MEMBERS, passed=False,
                                               skipped=False, flipped=(), boost=-1)
                    for p in state.players)
    state = state._replace(order=order, players=players, spaces=((),) * SPACES,
                           towers=(-1,) * len(state.towers), dice=(), turn=0)
    if state.round >= rules.rounds:
        return state._replace(stage=OVER)
    return start_round(state._replace(round=state.round + 1))
