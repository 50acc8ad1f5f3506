"""Playing Medici vs Strozzi: ``new_game``, ``legal_actions`` and ``apply``.

``apply`` never changes its input: it checks the action against the rules
(raising :class:`IllegalAction` with the violated clause) and returns a new
:class:`State`. Chance is explicit and seeded: at the start of each round the
bag is shuffled by ``random.Random(f"{seed}/{round}")``, so a game is fully
described by (options, seed, actions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.actions import is_legal as core_is_legal
from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import SpecError
from regelwerk.engine.medici_vs_strozzi.actions import (
    BUY,
    DECLINE,
    DISCARD,
    DRAW,
    STOP,
    Action,
    Buy,
    Decline,
    Discard,
    Draw,
    Load,
    SetPrice,
    Stop,
)
from regelwerk.engine.medici_vs_strozzi.rules import (
    GAME,
    MEDICI,
    STROZZI,
    Rules,
    default_rules,
    rules_from_spec,
)
from regelwerk.engine.medici_vs_strozzi.scoring import RoundScore, score_round
from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR, NOBODY, Phase, State

C = "medici_vs_strozzi:"


def rules_for(options: Mapping[str, Any] | None = None) -> Rules:
    """Rules for the given options: ``players``, ``board`` (overrides of board numbers)
    and rule variants (``VARIANTS``)."""
    options = dict(options or {})
    board = options.pop("board", None)
    players = options.pop("players", None)
    if players is not None and players != len(default_rules().players):
        raise SpecError(N_("{game} is a game for exactly {count} players"), game=GAME,
                        count=len(default_rules().players))
    if not board and not options:
        return default_rules()
    spec = spec_module.load(GAME)
    if board:
        spec = spec.with_numbers(board)
    return rules_from_spec(spec, options)


@implements(C + "round.next", C + "setup.tiles")
def shuffled_bag(rules: Rules, seed: int, round_number: int) -> tuple[int, ...]:
    """The bag of a round: every tile, shuffled by the seeded chance of that round."""
    tiles = list(range(rules.tile_count))
    Random(f"{seed}/{round_number}").shuffle(tiles)
    return tuple(tiles)


def _empty_ships(rules: Rules) -> tuple[tuple[tuple[()], ...], tuple[int, ...]]:
    ships = tuple(() for _ in rules.capacities)
    ports = tuple(NO_HARBOUR for _ in rules.capacities)
    return ships, ports


@implements(C + "setup.money", C + "setup.ships", C + "setup.markers", C + "setup.harbours",
            C + "game.rounds")
def new_game(seed: int = 0, options: Mapping[str, Any] | None = None,
             rules: Rules | None = None) -> State:
    """The state before the first draw: start money, empty ships, markers in the middle."""
    rules = rules or rules_for(options)
    ships, ports = _empty_ships(rules)
    return State(
        rules=rules, seed=seed, round=1, phase=Phase.DRAW, active=rules.first_player[0],
        bag=shuffled_bag(rules, seed, 1), drawn=(), price=0, buyer=NOBODY,
        holds=(ships, ships), ports=(ports, ports),
        cash=(rules.start_money, rules.start_money), loans=(0, 0),
        markers=(0,) * rules.marker_count, discarded=(), scores=())


@implements(C + "turn.draw", C + "turn.draw_limit")
def draw_allowance(max_draw: Any, free_spaces: Sequence[Any], in_play: Any,
                   ops: Ops = INT) -> Any:
    """Tiles a turn may draw in all: at most ``max_draw``, no more than the roomiest
    own ship takes, and no more than ``in_play`` (drawn so far plus the bag)."""
    roomiest = free_spaces[0]
    for free in free_spaces[1:]:
        roomiest = ops.if_(free > roomiest, free, roomiest)
    limit = ops.if_(roomiest < max_draw, roomiest, max_draw)
    return ops.if_(in_play < limit, in_play, limit)


def draw_limit(state: State) -> int:
    """How many tiles the active player may have drawn this turn in all."""
    return draw_allowance(state.rules.max_draw, state.free_space(state.active),
                          len(state.drawn) + len(state.bag))


@implements(C + "turn.load")
def hold_has_room(capacity: Any, loaded: Any, count: Any) -> Any:
    """Whether a hold of ``capacity`` with ``loaded`` tiles takes ``count`` more."""
    return capacity - loaded >= count


@implements(C + "turn.load", C + "turn.port")
def loading_options(state: State, player: int, count: int) -> tuple[Load, ...]:
    """Every (ship, harbour) the player may load ``count`` tiles onto."""
    rules = state.rules
    ports = state.ports[player]
    used = {h for h in ports if h != NO_HARBOUR}
    options = []
    for ship, hold in enumerate(state.holds[player]):
        if not hold_has_room(rules.capacities[ship], len(hold), count):
            continue
        if ports[ship] != NO_HARBOUR:
            options.append(Load(ship, ports[ship]))
        else:
            options.extend(Load(ship, h) for h in range(rules.harbour_count) if h not in used)
    return tuple(options)


def _may_buy(state: State) -> bool:
    if state.rules.variants["buy_without_room"] == "buy_and_discard":
        return True
    return bool(loading_options(state, 1 - state.active, len(state.drawn)))


def legal_actions(state: State) -> tuple[Action | OpenChoice, ...]:
    """What the player to act may do. The price is an :class:`OpenChoice` (no maximum)."""
    phase = state.phase
    if phase == Phase.DRAW:
        actions: list[Action | OpenChoice] = []
        if len(state.drawn) < draw_limit(state):
            actions.append(DRAW)
        if len(state.drawn) >= state.rules.min_draw:
            actions.append(STOP)
        return tuple(actions)
    if phase == Phase.PRICE:
        return (OpenChoice("price", state.rules.min_price, None, SetPrice),)
    if phase == Phase.RESPOND:
        return (BUY, DECLINE) if _may_buy(state) else (DECLINE,)
    if phase == Phase.LOAD:
        return (*loading_options(state, state.buyer, len(state.drawn)), DISCARD)
    return ()


def is_legal(state: State, action: Action) -> bool:
    return core_is_legal(apply, state, action)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    phase = state.phase
    kind = type(action)
    if phase == Phase.DRAW and kind is Draw:
        return _draw(state)
    if phase == Phase.DRAW and kind is Stop:
        return _stop(state)
    if phase == Phase.PRICE and kind is SetPrice:
        return _set_price(state, action)  # type: ignore[arg-type]
    if phase == Phase.RESPOND and kind in (Buy, Decline):
        return _respond(state, kind is Buy)
    if phase == Phase.LOAD and kind is Load:
        return _load(state, action)  # type: ignore[arg-type]
    if phase == Phase.LOAD and kind is Discard:
        return _discard(state)
    if phase == Phase.OVER:
        raise IllegalAction(C + "end.winner", N_("The game is over; no more actions."))
    raise IllegalAction(_PHASE_CLAUSE[phase], N_("{action} is not possible now: {expected}."),
                        action=type(action).__name__, expected=_PHASE_HINT[phase])


_PHASE_CLAUSE = {Phase.DRAW: C + "turn.draw", Phase.PRICE: C + "turn.price",
                 Phase.RESPOND: C + "turn.offer", Phase.LOAD: C + "turn.load"}
_PHASE_HINT = {Phase.DRAW: "Draw or Stop", Phase.PRICE: "SetPrice",
               Phase.RESPOND: "Buy or Decline", Phase.LOAD: "Load or Discard"}


@implements(C + "turn.draw", C + "turn.draw_limit")
def _draw(state: State) -> State:
    limit = draw_limit(state)
    if len(state.drawn) >= limit:
        if not state.bag:
            raise IllegalAction(C + "turn.draw", N_("The bag is empty."))
        raise IllegalAction(C + "turn.draw_limit",
                            N_("No more than {limit} tiles may be drawn this turn."), limit=limit)
    drawn = state.drawn + (state.bag[-1],)
    bag = state.bag[:-1]
    # Nothing more could be drawn: the turn goes straight on to the price.
    phase = Phase.PRICE if len(drawn) >= limit else Phase.DRAW
    return state._replace(bag=bag, drawn=drawn, phase=phase)


@implements(C + "turn.draw")
def _stop(state: State) -> State:
    if len(state.drawn) < state.rules.min_draw:
        raise IllegalAction(C + "turn.draw", N_("At least {n} tile must be drawn first."),
                            n=state.rules.min_draw)
    return state._replace(phase=Phase.PRICE)


@implements(C + "turn.price")
def _set_price(state: State, action: SetPrice) -> State:
    if type(action.amount) is not int or action.amount < state.rules.min_price:
        raise IllegalAction(C + "turn.price",
                            N_("The price must be a whole number of at least {minimum}."),
                            minimum=state.rules.min_price)
    return state._replace(price=action.amount, phase=Phase.RESPOND)


@implements(C + "money.loans", C + "turn.payment")
def pay(cash: int, loans: int, amount: int) -> tuple[int, int]:
    """Pay ``amount`` to the bank, borrowing exactly what the cash lacks."""
    if amount <= cash:
        return cash - amount, loans
    return 0, loans + amount - cash


@implements(C + "turn.offer", C + "turn.payment")
def _respond(state: State, buys: bool) -> State:
    if buys and not _may_buy(state):
        raise IllegalAction(C + "turn.offer",
                            N_("None of your ships can hold these tiles, so you may not buy them "
                               "(variant buy_without_room = may_not_buy)."))
    buyer = 1 - state.active if buys else state.active
    cash, loans = list(state.cash), list(state.loans)
    cash[buyer], loans[buyer] = pay(cash[buyer], loans[buyer], state.price)
    return state._replace(phase=Phase.LOAD, buyer=buyer, cash=(cash[0], cash[1]),
                          loans=(loans[0], loans[1]))


@implements(C + "turn.load", C + "turn.port")
def _load(state: State, action: Load) -> State:
    player, rules = state.buyer, state.rules
    ship, harbour = action.ship, action.harbour
    if type(ship) is not int or not 0 <= ship < len(rules.capacities):
        raise IllegalAction(C + "turn.load", N_("There is no ship {ship}."), ship=ship)
    if type(harbour) is not int or not 0 <= harbour < rules.harbour_count:
        raise IllegalAction(C + "turn.port", N_("There is no harbour {harbour}."), harbour=harbour)
    loaded = len(state.holds[player][ship])
    if not hold_has_room(rules.capacities[ship], loaded, len(state.drawn)):
        free = rules.capacities[ship] - loaded
        raise IllegalAction(C + "turn.load",
                            N_("Ship {ship} has room for {free} tiles, not {count}."),
                            ship=ship, free=free, count=len(state.drawn))
    ports = state.ports[player]
    if ports[ship] not in (NO_HARBOUR, harbour):
        raise IllegalAction(C + "turn.port",
                            N_("Ship {ship} is in harbour {port} for the rest of the round."),
                            ship=ship, port=ports[ship])
    if ports[ship] == NO_HARBOUR and harbour in ports:
        raise IllegalAction(C + "turn.port",
                            N_("Another of your ships is already in harbour {harbour}."),
                            harbour=harbour)
    hold = state.holds[player][ship] + state.drawn
    player_holds = state.holds[player][:ship] + (hold,) + state.holds[player][ship + 1:]
    player_ports = ports[:ship] + (harbour,) + ports[ship + 1:]
    holds = _with(state.holds, player, player_holds)
    all_ports = _with(state.ports, player, player_ports)
    return _finish_purchase(state, holds, all_ports, state.discarded)


@implements(C + "turn.discard")
def _discard(state: State) -> State:
    """The bought tiles leave play for the rest of the round."""
    return _finish_purchase(state, state.holds, state.ports, state.discarded + state.drawn)


def _with(pair: tuple[Any, ...], player: int, item: Any) -> tuple[Any, ...]:
    return (item, pair[1]) if player == MEDICI else (pair[0], item)


@implements(C + "turn.next", C + "round.end")
def _finish_purchase(state: State, holds: Any, ports: Any, discarded: tuple[int, ...]) -> State:
    after = state._replace(holds=holds, ports=ports, discarded=discarded, drawn=(), price=0)
    if round_is_over(after):
        return _end_round(after)
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


@implements(C + "scoring.harbour", C + "scoring.marker_move", C + "scoring.marker_payout",
            C + "round.next", C + "game.rounds")
def _end_round(state: State) -> State:
    rules = state.rules
    score: RoundScore = score_round(rules, cargo(state), state.markers)
    cash = (state.cash[0] + score.total[0], state.cash[1] + score.total[1])
    scores = (*state.scores, score)
    if state.round >= rules.rounds:
        return state._replace(phase=Phase.OVER, cash=cash, markers=score.markers_after,
                              scores=scores, buyer=NOBODY)
    ships, ports = _empty_ships(rules)
    next_round = state.round + 1
    return state._replace(
        round=next_round, phase=Phase.DRAW, active=rules.first_player[next_round - 1],
        bag=shuffled_bag(rules, state.seed, next_round), drawn=(), price=0, buyer=NOBODY,
        holds=(ships, ships), ports=(ports, ports), cash=cash, markers=score.markers_after,
        discarded=(), scores=scores)


def random_action(state: State, rng: Random) -> Action:
    """A uniformly chosen legal action; prices come from 0..simulation.price_sample_max."""
    choice = rng.choice(legal_actions(state))
    if isinstance(choice, OpenChoice):
        return choice.sample(rng, state.rules.price_sample_max)
    return choice

