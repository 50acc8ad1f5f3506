"""Playing Medici vs Strozzi: the action kinds, each its rule (``*_options``) and effect.

The contract (:mod:`regelwerk.engine.core.game`) asks each kind's options
generator whether an action is legal, so the rule is stated once and
``legal_actions`` and ``apply`` cannot disagree. Chance is explicit: after a
:class:`Draw`, chance picks the tile (:class:`TileDrawn`, uniform over the
bag). A seeded game shuffles the bag at the start of each round with
``Random(f"{seed}/{round}")`` and chance takes its last tile, so a game is fully
described by (options, seed, actions); a game made with ``seed=None`` waits for
the caller to choose each tile.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.piles import draw_probability, drawn, seeded_draw, shuffled
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.medici_vs_strozzi.actions import (
    BUY,
    DECLINE,
    DISCARD,
    DRAW,
    STOP,
    Assign,
    Buy,
    Decline,
    Discard,
    Draw,
    Load,
    LoadPart,
    Move,
    SetPrice,
    Stop,
    TileDrawn,
)
from regelwerk.engine.medici_vs_strozzi.rule_fns import draw_allowance as draw_allowance
from regelwerk.engine.medici_vs_strozzi.rule_fns import hold_has_room as hold_has_room
from regelwerk.engine.medici_vs_strozzi.rules import GAME, MEDICI, STROZZI, Rules
from regelwerk.engine.medici_vs_strozzi.scoring import RoundScore, granted_steps, score_round
from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR, NOBODY, Phase, State

C = prefix(GAME)


# ---------------------------------------------------------------- set-up and chance

@implements(C + "round.next", C + "setup.tiles")
def bag_for_round(rules: Rules, seed: int | None, round_number: int) -> tuple[int, ...]:
    """The bag of a round: every tile; a seeded game shuffles it by that round's chance."""
    return shuffled(range(rules.tile_count), seed, round_number)


def _empty_ships(rules: Rules) -> tuple[tuple[tuple[()], ...], tuple[int, ...]]:
    ships = tuple(() for _ in rules.capacities)
    ports = tuple(NO_HARBOUR for _ in rules.capacities)
    return ships, ports


def _round_start(rules: Rules) -> Phase:
    """How a round begins: with the first draw, or (variant ``assign_at_round_start``) with
    the ships sent to their harbours (interp.port_on_first_load)."""
    return Phase.PORTS if rules.ports_at_start else Phase.DRAW


@implements(C + "setup.money", C + "setup.ships", C + "setup.markers", C + "setup.harbours",
            C + "game.rounds")
def setup(rules: Rules, seed: int | None) -> State:
    """The state before the first draw: start money, empty ships, markers in the middle."""
    ships, ports = _empty_ships(rules)
    return State(
        rules=rules, seed=seed, round=1, phase=_round_start(rules), active=rules.first_player[0],
        bag=bag_for_round(rules, seed, 1), drawn=(), price=0, buyer=NOBODY,
        holds=(ships, ships), ports=(ports, ports),
        cash=(rules.start_money, rules.start_money), loans=(0, 0),
        markers=(0,) * rules.marker_count, discarded=(), scores=())


@implements(C + "setup.tiles", C + "turn.draw")
def tile_probability(state: State, outcome: TileDrawn) -> Fraction:
    """Every tile left in the bag is equally likely to be drawn."""
    return draw_probability(state.bag, outcome.tile)


def seeded_tile(state: State) -> TileDrawn:
    """A seeded game's bag is shuffled: chance takes its last tile."""
    return state.rules.tile_drawn[seeded_draw(state.bag)]


# ---------------------------------------------------------------- the rules

def draw_limit(state: State) -> int:
    """How many tiles the active player may have drawn this turn in all.

    :func:`draw_allowance` (through ``rules.fns``), remembered per rules for each
    load of the drawer's ships and count of tiles in play.
    """
    rules = state.rules
    in_play = len(state.drawn) + len(state.bag)
    key = (tuple(map(len, state.holds[state.active])), in_play)
    limit = rules.draw_limits.get(key)
    if limit is None:
        allowance: int = rules.fns.draw_allowance(rules.max_draw, state.free_space(state.active),
                                                  in_play)
        limit = rules.draw_limits[key] = allowance
    return limit


@implements(C + "turn.load", C + "turn.port")
def loading_options(state: State, player: int, count: int) -> tuple[Load, ...]:
    """Every (ship, harbour) the player may load ``count`` tiles onto."""
    rules = state.rules
    ports = state.ports[player]
    used = {h for h in ports if h != NO_HARBOUR}
    options = []
    for ship, hold in enumerate(state.holds[player]):
        if not rules.fns.hold_has_room(rules.capacities[ship], len(hold), count):
            continue
        if ports[ship] != NO_HARBOUR:
            options.append(Load(ship, ports[ship]))
        else:
            options.extend(Load(ship, h) for h in range(rules.harbour_count) if h not in used)
    return tuple(options)


def _may_buy(state: State) -> bool:
    """Whether the other player may buy (interp.buy_without_room: with variant
    ``may_not_buy`` only if one of his ships has room for every tile on offer)."""
    if not state.rules.buy_needs_room:
        return True
    return bool(loading_options(state, 1 - state.active, len(state.drawn)))


# ---------------------------------------------------------------- the action kinds
# Each kind: ``*_options(state, like)`` (its rule: every legal action of the kind)
# and its effect; ``explain_*`` only words why an action is refused.

@implements(C + "turn.draw", C + "turn.draw_limit")
def draw_options(state: State, like: Draw | None) -> tuple[Draw, ...]:
    """Draw while the turn's tiles stay within :func:`draw_limit`."""
    return (DRAW,) if state.phase == Phase.DRAW and len(state.drawn) < draw_limit(state) else ()


def explain_draw(state: State, action: Draw) -> IllegalAction | None:
    """Why no more tile may be drawn (asked in the drawing and the price stage): the bag is
    empty (turn.draw); the drawer stopped, and drawing is taken one tile at a time, each
    his choice, before the price (turn.draw); the turn's most tiles are drawn (turn.draw);
    or his roomiest ship takes no more (turn.draw_limit)."""
    if state.phase not in (Phase.DRAW, Phase.PRICE):
        return None
    if not state.bag:
        return IllegalAction(C + "turn.draw", N_("The bag is empty."))
    rules, limit = state.rules, draw_limit(state)
    if len(state.drawn) < limit:
        return IllegalAction(C + "turn.draw",
                             N_("You stopped drawing this turn; the price comes next."))
    roomiest = max(state.free_space(state.active))
    return IllegalAction(C + "turn.draw" if rules.max_draw <= roomiest else C + "turn.draw_limit",
                         N_("No more than {limit} tiles may be drawn this turn."), limit=limit)


def draw(state: State, action: Draw) -> State:
    """Chance picks the tile next (:class:`TileDrawn`)."""
    return state._replace(phase=Phase.TILE)


@implements(C + "turn.draw", C + "setup.tiles")
def tile_options(state: State, like: TileDrawn | None) -> Iterator[TileDrawn]:
    """Chance draws any tile of the bag."""
    if state.phase == Phase.TILE:
        bag = state.bag if like is None or like.tile not in state.bag else (like.tile,)
        outcomes = state.rules.tile_drawn
        yield from (outcomes[tile] for tile in bag)


@implements(C + "turn.draw", C + "turn.draw_limit", C + "round.end")
def tile_drawn(state: State, action: TileDrawn) -> State:
    """The tile joins the turn's tiles on the table. With variant ``last_tile =
    void_draw`` the last tile of the bag ends the round at once: the turn's tiles go
    unsold, out of play until the bag is refilled (interp.last_tile)."""
    rest = drawn(state.bag, action.tile)
    taken = state.drawn + (action.tile,)
    if not rest and state.rules.last_tile_void:
        return _start_scoring(state._replace(bag=rest, drawn=(), discarded=state.discarded + taken,
                                             buyer=NOBODY))
    # Nothing more could be drawn: the turn goes straight on to the price.
    phase = Phase.PRICE if len(taken) >= draw_limit(state) else Phase.DRAW
    return state._replace(bag=rest, drawn=taken, phase=phase)


@implements(C + "turn.draw")
def stop_options(state: State, like: Stop | None) -> tuple[Stop, ...]:
    """Stop once at least the minimum has been drawn."""
    return (STOP,) if state.phase == Phase.DRAW and len(state.drawn) >= state.rules.min_draw else ()


def explain_stop(state: State, action: Stop) -> IllegalAction | None:
    if state.phase != Phase.DRAW:
        return None
    return IllegalAction(C + "turn.draw", N_("At least {n} tile must be drawn first."),
                         n=state.rules.min_draw)


def stop(state: State, action: Stop) -> State:
    return state._replace(phase=Phase.PRICE)


@implements(C + "turn.price")
def price_options(state: State, like: SetPrice | None) -> tuple[OpenChoice[SetPrice], ...]:
    """Any whole number from the minimum price up (no maximum)."""
    if state.phase != Phase.PRICE:
        return ()
    rules = state.rules
    return (OpenChoice("price", rules.min_price, None, SetPrice, rules.price_sample_max),)


def explain_price(state: State, action: SetPrice) -> IllegalAction | None:
    if state.phase != Phase.PRICE:
        return None
    return IllegalAction(C + "turn.price",
                         N_("The price must be a whole number of at least {minimum}."),
                         minimum=state.rules.min_price)


def set_price(state: State, action: SetPrice) -> State:
    return state._replace(price=action.amount, phase=Phase.RESPOND)


@implements(C + "turn.offer")
def buy_options(state: State, like: Buy | None) -> tuple[Buy, ...]:
    """The other player may buy (with variant ``may_not_buy``: only if a ship takes the tiles)."""
    return (BUY,) if state.phase == Phase.RESPOND and _may_buy(state) else ()


def explain_buy(state: State, action: Buy) -> IllegalAction | None:
    if state.phase != Phase.RESPOND:
        return None
    return IllegalAction(C + "turn.offer",
                         N_("None of your ships can hold these tiles, so you may not buy them "
                            "(variant buy_without_room = may_not_buy)."))


@implements(C + "turn.offer")
def decline_options(state: State, like: Decline | None) -> tuple[Decline, ...]:
    """The other player may always decline; then the offering player must buy."""
    return (DECLINE,) if state.phase == Phase.RESPOND else ()


@implements(C + "money.loans", C + "turn.payment")
def pay(cash: int, loans: int, amount: int) -> tuple[int, int]:
    """Pay ``amount`` to the bank, borrowing exactly what the cash lacks."""
    if amount <= cash:
        return cash - amount, loans
    return 0, loans + amount - cash


@implements(C + "turn.offer", C + "turn.payment")
def _respond(state: State, buys: bool) -> State:
    buyer = 1 - state.active if buys else state.active
    cash, loans = list(state.cash), list(state.loans)
    cash[buyer], loans[buyer] = pay(cash[buyer], loans[buyer], state.price)
    return state._replace(phase=Phase.LOAD, buyer=buyer, cash=(cash[0], cash[1]),
                          loans=(loans[0], loans[1]))


def buy(state: State, action: Buy) -> State:
    return _respond(state, True)


def decline(state: State, action: Decline) -> State:
    return _respond(state, False)


@implements(C + "turn.load", C + "turn.port")
def load_options(state: State, like: Load | None) -> tuple[Load, ...]:
    """The buyer's ships with room for the tiles, each in its harbour or a new one."""
    if state.phase != Phase.LOAD:
        return ()
    return loading_options(state, state.buyer, len(state.drawn))


def explain_load(state: State, action: Load) -> IllegalAction | None:
    """Which part of the loading rule ``action`` breaks."""
    if state.phase != Phase.LOAD:
        return None
    rules, ship, harbour = state.rules, action.ship, action.harbour
    if not 0 <= ship < len(rules.capacities):
        return IllegalAction(C + "turn.load", N_("There is no ship {ship}."), ship=ship)
    if not 0 <= harbour < rules.harbour_count:
        return IllegalAction(C + "turn.port", N_("There is no harbour {harbour}."), harbour=harbour)
    loaded = len(state.holds[state.buyer][ship])
    if not rules.fns.hold_has_room(rules.capacities[ship], loaded, len(state.drawn)):
        return IllegalAction(C + "turn.load",
                             N_("Ship {ship} has room for {free} tiles, not {count}."),
                             ship=ship, free=rules.capacities[ship] - loaded, count=len(state.drawn))
    ports = state.ports[state.buyer]
    if ports[ship] != NO_HARBOUR:
        return IllegalAction(C + "turn.port",
                             N_("Ship {ship} is in harbour {port} for the rest of the round."),
                             ship=ship, port=ports[ship])
    return IllegalAction(C + "turn.port",
                         N_("Another of your ships is already in harbour {harbour}."),
                         harbour=harbour)


@implements(C + "turn.load", C + "turn.port")
def load(state: State, action: Load) -> State:
    player, ship = state.buyer, action.ship
    hold = state.holds[player][ship] + state.drawn
    holds = replaced(state.holds, player, replaced(state.holds[player], ship, hold))
    ports = replaced(state.ports, player, replaced(state.ports[player], ship, action.harbour))
    return _finish_purchase(state, holds, ports, state.discarded)


@implements(C + "turn.load", C + "turn.discard")
def load_part_options(state: State, like: LoadPart | None) -> tuple[LoadPart, ...]:
    """With variant ``part_of_a_purchase = load_some``: of two or more bought tiles, any
    some-but-not-all onto one ship with room for them, in its harbour or a new one; the
    rest are thrown away (interp.part_of_a_purchase)."""
    if state.phase != Phase.LOAD or not state.rules.parts_allowed:
        return ()
    count = len(state.drawn)
    options: list[LoadPart] = []
    for kept in range(1, 2 ** count - 1):
        options.extend(LoadPart(load.ship, load.harbour, kept) for load in
                       loading_options(state, state.buyer, kept.bit_count()))
    return tuple(options)


@implements(C + "turn.load", C + "turn.discard")
def load_part(state: State, action: LoadPart) -> State:
    """The kept tiles go on the ship (in their harbour), the others are thrown away."""
    player, ship = state.buyer, action.ship
    kept = tuple(t for i, t in enumerate(state.drawn) if action.kept >> i & 1)
    thrown = tuple(t for i, t in enumerate(state.drawn) if not action.kept >> i & 1)
    holds = replaced(state.holds, player, replaced(state.holds[player], ship,
                                                   state.holds[player][ship] + kept))
    ports = replaced(state.ports, player, replaced(state.ports[player], ship, action.harbour))
    return _finish_purchase(state, holds, ports, state.discarded + thrown)


@implements(C + "turn.discard")
def discard_options(state: State, like: Discard | None) -> tuple[Discard, ...]:
    """The buyer may always throw the tiles away instead."""
    return (DISCARD,) if state.phase == Phase.LOAD else ()


@implements(C + "turn.discard")
def discard(state: State, action: Discard) -> State:
    """The bought tiles leave play for the rest of the round."""
    return _finish_purchase(state, state.holds, state.ports, state.discarded + state.drawn)


@implements(C + "turn.port")
def assign_options(state: State, like: Assign | None) -> tuple[Assign, ...]:
    """Before the first draw (variant ``assign_at_round_start``): each of the chooser's ships
    without a harbour to each harbour none of his ships uses (interp.port_on_first_load)."""
    if state.phase != Phase.PORTS:
        return ()
    ports = state.ports[state.current_player]
    free = [h for h in range(state.rules.harbour_count) if h not in ports]
    return tuple(Assign(ship, harbour) for ship, port in enumerate(ports) if port == NO_HARBOUR
                 for harbour in free)


def explain_assign(state: State, action: Assign) -> IllegalAction | None:
    if state.phase != Phase.PORTS:
        return None
    ports = state.ports[state.current_player]
    if ports[action.ship] != NO_HARBOUR:
        return IllegalAction(C + "turn.port",
                             N_("Ship {ship} is in harbour {port} for the rest of the round."),
                             ship=action.ship, port=ports[action.ship])
    return IllegalAction(C + "turn.port",
                         N_("Another of your ships is already in harbour {harbour}."),
                         harbour=action.harbour)


@implements(C + "turn.port")
def assign(state: State, action: Assign) -> State:
    """Send the ship to the harbour; a player's last ship takes the one harbour left; once
    every ship has its harbour the opener draws (interp.port_on_first_load)."""
    player = state.current_player
    row = replaced(state.ports[player], action.ship, action.harbour)
    if row.count(NO_HARBOUR) == 1:
        left = next(h for h in range(state.rules.harbour_count) if h not in row)
        row = replaced(row, row.index(NO_HARBOUR), left)
    after = state._replace(ports=replaced(state.ports, player, row))
    if NO_HARBOUR in after.ports[0] or NO_HARBOUR in after.ports[1]:
        return after
    return after._replace(phase=Phase.DRAW)


# ---------------------------------------------------------------- end of a turn and a round

@implements(C + "turn.next", C + "round.end")
def _finish_purchase(state: State, holds: Any, ports: Any, discarded: tuple[int, ...]) -> State:
    after = state._replace(holds=holds, ports=ports, discarded=discarded, drawn=(), price=0)
    if round_is_over(after):
        return _start_scoring(after)
    return after._replace(phase=Phase.DRAW, active=state.buyer, buyer=NOBODY)


@implements(C + "round.end")
def round_is_over(state: State) -> bool:
    """Some player's ships are all full, or the bag is empty (interp.full_ships, last_tile)."""
    if not state.bag:
        return True
    caps = state.rules.capacities
    return any(all(len(h) == caps[s] for s, h in enumerate(state.holds[p]))
               for p in (MEDICI, STROZZI))


def cargo(state: State) -> list[list[list[tuple[int, int]]]]:
    """``cargo[player][harbour]``: the (good, value) tiles on the player's ship there."""
    rules = state.rules
    result: list[list[list[tuple[int, int]]]] = [[[] for _ in range(rules.harbour_count)]
                                                 for _ in (MEDICI, STROZZI)]
    for player in (MEDICI, STROZZI):
        for ship, harbour in enumerate(state.ports[player]):
            if harbour != NO_HARBOUR:
                result[player][harbour] = [(rules.tile_good[t], rules.tile_value[t])
                                           for t in state.holds[player][ship]]
    return result


@implements(C + "scoring.marker_move")
def _start_scoring(state: State) -> State:
    """The round is over: list the marker moves the players may choose (interp.marker_moves).

    Track by track (harbour by harbour), one player chooses first, then the other
    (interp.marker_order: the round's opener, or Medici); a player chooses only where his
    tiles allow a move and the variant leaves more than one way. With nothing to
    choose the round is scored at once.
    """
    rules = state.rules
    first = rules.marker_first[state.round - 1]
    order = (first, 1 - first)
    pending = []
    taken = []
    loaded = cargo(state)
    for track, granted in enumerate(granted_steps(rules, loaded)):
        chosen = [0, 0]
        for player in order:
            choices = rules.marker_choices(granted[player])
            if len(choices) == 1:
                chosen[player] = choices[0]
            else:
                pending.append((track, player, choices))
        taken.append((chosen[MEDICI], chosen[STROZZI]))
    if not pending:
        return _end_round(state, tuple(taken), loaded)
    return state._replace(phase=Phase.MARKERS, buyer=NOBODY, pending=tuple(pending),
                          taken=tuple(taken))


@implements(C + "scoring.marker_move")
def move_options(state: State, like: Move | None) -> tuple[Move, ...]:
    """The moves the chooser's tiles allow on the current track, none (declining) included."""
    if state.phase != Phase.MARKERS:
        return ()
    moves = state.rules.moves
    return tuple(moves[steps] for steps in state.pending[0][2])


def explain_move(state: State, action: Move) -> IllegalAction | None:
    if state.phase != Phase.MARKERS:
        return None
    track, _, choices = state.pending[0]
    return IllegalAction(C + "scoring.marker_move",
                         N_("On track {track} your tiles allow a move of {choices} spaces."),
                         track=track, choices=list(choices))


@implements(C + "scoring.marker_move")
def move(state: State, action: Move) -> State:
    """Record the chosen steps; after the last choice the round is scored."""
    track, player, _ = state.pending[0]
    old = state.taken[track]
    steps = (action.steps, old[STROZZI]) if player == MEDICI else (old[MEDICI], action.steps)
    taken = replaced(state.taken, track, steps)
    if len(state.pending) > 1:
        return state._replace(pending=state.pending[1:], taken=taken)
    return _end_round(state, taken)


@implements(C + "scoring.harbour", C + "scoring.marker_move", C + "scoring.marker_payout",
            C + "round.next", C + "game.rounds")
def _end_round(state: State, taken: tuple[tuple[int, int], ...],
               loaded: list[list[list[tuple[int, int]]]] | None = None) -> State:
    """Score the round with the marker moves ``taken``; then the next round, or the end."""
    rules = state.rules
    score: RoundScore = score_round(rules, cargo(state) if loaded is None else loaded,
                                    state.markers, taken)
    cash = (state.cash[0] + score.total[0], state.cash[1] + score.total[1])
    scores = (*state.scores, score)
    if state.round >= rules.rounds:
        return state._replace(phase=Phase.OVER, cash=cash, markers=score.markers_after,
                              scores=scores, buyer=NOBODY, pending=(), taken=())
    ships, ports = _empty_ships(rules)
    next_round = state.round + 1
    return state._replace(
        round=next_round, phase=_round_start(rules), active=rules.first_player[next_round - 1],
        bag=bag_for_round(rules, state.seed, next_round), drawn=(), price=0, buyer=NOBODY,
        holds=(ships, ships), ports=(ports, ports), cash=cash, markers=score.markers_after,
        discarded=(), scores=scores, pending=(), taken=())


_PHASE_CLAUSE = {Phase.DRAW: C + "turn.draw", Phase.TILE: C + "turn.draw",
                 Phase.PRICE: C + "turn.price", Phase.RESPOND: C + "turn.offer",
                 Phase.LOAD: C + "turn.load", Phase.MARKERS: C + "scoring.marker_move",
                 Phase.PORTS: C + "turn.port",
                 Phase.OVER: C + "end.winner"}


def sequence_clause(state: State) -> str:
    """The clause of the current step of the turn (what refuses an action out of turn)."""
    return _PHASE_CLAUSE[state.phase]
