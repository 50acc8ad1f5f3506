"""The course of a game: set-up, rounds, the dice (explicit chance), turns, the end of a round.

Chance acts explicitly at the start of each round: the dice are a chance node
(:class:`~.actions.DiceRoll`, each outcome equally likely); a seeded game rolls
them with ``seeded_rng(seed, "dice", period, round)``. The shuffles of set-up
(first turn order, the decks of each period, the excommunication tile of each
period, the leader cards) are seeded only: a game with ``seed=None`` keeps the
order of the data files.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.lorenzo.actions import ChooseTile, DiceRoll, EndTurn, Pass
from regelwerk.engine.lorenzo.effects import flush_income, with_player
from regelwerk.engine.lorenzo.rules import COUNCIL, MEMBERS, SPACES, TYPES, ZERO, C, Rules
from regelwerk.engine.lorenzo.state import Player, Stage, State

# ------------------------------------------------------------------ set-up

@implements(C + "setup.players", C + "setup.supply", C + "setup.player", C + "setup.order",
            C + "setup.decks", C + "setup.excommunication", C + "setup.covers",
            C + "advanced.mode")
def setup(rules: Rules, seed: int | None) -> State:
    n = rules.players
    order = list(range(n))
    if seed is not None:
        seeded_rng(seed, "order").shuffle(order)
    tile = -1 if rules.advanced else rules.simple_tile
    players = tuple(
        Player(*rules.start[order.index(p)], cards=((),) * len(TYPES), used=(False,) * MEMBERS,
               tile=tile, hand=(), leaders=(), flipped=(), copied=-1, boost=-1,
               excommunicated=(), mods=(), passed=False, skipped=False)
        for p in range(n))
    decks = []
    for t, periods in enumerate(rules.decks):
        deck: list[int] = []
        for period, cards in enumerate(periods, 1):
            pile = list(cards)
            if seed is not None:
                seeded_rng(seed, "deck", TYPES[t], period).shuffle(pile)
            deck += pile
        decks.append(tuple(deck))
    excommunication = tuple(
        seeded_rng(seed, "excommunication", period).choice(tiles) if seed is not None else tiles[0]
        for period, tiles in enumerate(rules.excommunications_by_period, 1))
    hands: tuple[tuple[int, ...], ...] = ()
    if rules.advanced:
        leaders = list(range(len(rules.leaders)))
        if seed is not None:
            seeded_rng(seed, "leaders").shuffle(leaders)
        hands = tuple(tuple(leaders[p * rules.hand:(p + 1) * rules.hand]) for p in range(n))
    state = State(rules=rules, seed=seed, round=1, stage=Stage.TILE, order=tuple(order),
                  turn=n - 1, dice=(), players=players,
                  towers=(-1,) * (rules.towers * rules.floors), spaces=((),) * SPACES,
                  decks=tuple(decks), excommunication=excommunication, pending=(),
                  income=ZERO, earner=-1, hands=hands,
                  tiles_left=rules.advanced_tiles if rules.advanced else ())
    return state if rules.advanced else start_round(state)


@implements(C + "advanced.bonus_tiles")
def tile_options(state: State, like: ChooseTile | None) -> Iterator[ChooseTile]:
    for tile in state.tiles_left:
        if like is None or like.tile == tile:
            yield ChooseTile(tile)


def choose_tile(state: State, action: ChooseTile) -> State:
    p = state.order[state.turn]
    state = with_player(state, p, state.players[p]._replace(tile=action.tile))
    state = state._replace(tiles_left=tuple(t for t in state.tiles_left if t != action.tile))
    if state.turn > 0:
        return state._replace(turn=state.turn - 1)
    return state._replace(stage=Stage.DRAFT, turn=0)


# ------------------------------------------------------------------ rounds and dice

@implements(C + "round.structure", C + "round.cards")
def start_round(state: State) -> State:
    rules = state.rules
    towers = []
    decks = []
    for deck in state.decks:
        drawn = deck[:rules.cards_per_round]
        towers += list(drawn) + [-1] * (rules.floors - len(drawn))
        decks.append(deck[rules.cards_per_round:])
    return state._replace(towers=tuple(towers), decks=tuple(decks), stage=Stage.ROLL, dice=(),
                          turn=-1)


@implements(C + "round.dice")
def dice_options(state: State, like: DiceRoll | None) -> Iterator[DiceRoll]:
    faces = state.rules.dice_faces
    if like is not None:
        if like.black in faces and like.white in faces and like.orange in faces:
            yield like
        return
    for black, white, orange in product(faces, repeat=3):
        yield DiceRoll(black, white, orange)


def dice_probability(state: State, outcome: DiceRoll) -> Fraction:
    return Fraction(1, len(state.rules.dice_faces) ** 3)


def seeded_dice(state: State) -> DiceRoll:
    assert state.seed is not None
    rng = seeded_rng(state.seed, "dice", state.period, state.round)
    rolled = {colour: rng.choice(state.rules.dice_faces) for colour in state.rules.dice_colours}
    return DiceRoll(**rolled)


def roll(state: State, action: DiceRoll) -> State:
    dice = tuple(getattr(action, colour) for colour in state.rules.dice_colours)
    return proceed(next_turn(state._replace(dice=dice)))


# ------------------------------------------------------------------ turns

@implements(C + "action.turns", C + "effect.special")
def next_turn(state: State) -> State:
    """The next player in turn order with a member left; a player under the excommunication
    ``skip_first_turn`` loses his first turn of each round. Nobody left: the phase ends."""
    n = len(state.order)
    players = state.players
    for step in range(1, n + 1):
        index = (state.turn + step) % n
        p = state.order[index]
        player = players[p]
        if player.passed or player.used.count(False) == 0:
            continue
        if not player.skipped and any(state.rules.excommunications[e].special == "skip_first_turn"
                                      for e in player.excommunicated):
            players = players[:p] + (player._replace(skipped=True),) + players[p + 1:]
            continue
        return state._replace(players=players, turn=index, stage=Stage.PLACE)
    state = state._replace(players=players)
    if state.round in state.rules.vatican_rounds:
        from regelwerk.engine.lorenzo.church import report

        return report(state)
    return end_round(state)


@implements(C + "action.must_place")
def pass_options(state: State, like: Pass | None) -> Iterator[Pass]:
    from regelwerk.engine.lorenzo.places import any_placement

    if not any_placement(state):
        yield Pass()


def pass_turn(state: State, action: Pass) -> State:
    p = state.order[state.turn]
    state = with_player(state, p, state.players[p]._replace(passed=True))
    return next_turn(state)


def end_turn_options(state: State, like: EndTurn | None) -> Iterator[EndTurn]:
    yield EndTurn()


def end_turn(state: State, action: EndTurn) -> State:
    return next_turn(state)


def proceed(state: State) -> State:
    """Let the rules run on until a decision is due: held income paid out, a turn without
    leader actions ended, a finished Vatican report closed."""
    from regelwerk.engine.lorenzo.leaders import any_leader_action

    while True:
        if state.earner >= 0 and not any(p.work for p in state.pending):
            state = flush_income(state)
        if state.pending:
            return state
        stage = state.stage
        if stage == Stage.AFTER:
            if state.rules.advanced and any_leader_action(state):
                return state
            state = next_turn(state)
            continue
        if stage == Stage.VATICAN:
            state = end_round(state)
            continue
        return state


# ------------------------------------------------------------------ end of a round

@implements(C + "endround.cards", C + "endround.order", C + "endround.members",
            C + "endround.leaders", C + "end.trigger")
def end_round(state: State) -> State:
    rules = state.rules
    first: list[int] = []
    for code in state.spaces[COUNCIL]:
        if code // MEMBERS not in first:
            first.append(code // MEMBERS)
    order = tuple(first + [p for p in state.order if p not in first])
    players = tuple(p._replace(used=(False,) * MEMBERS, passed=False, skipped=False, flipped=(),
                               boost=-1) for p in state.players)
    state = state._replace(order=order, players=players, spaces=((),) * SPACES,
                           towers=(-1,) * len(state.towers), dice=(), turn=0)
    if state.round >= rules.rounds:
        return state._replace(stage=Stage.OVER)
    return start_round(state._replace(round=state.round + 1))
