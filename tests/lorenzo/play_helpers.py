"""Lorenzo il Magnifico reached through play (issue 17): a ``seed=None`` game whose chance the
test chooses (the first turn order, the excommunication tiles, the leaders dealt, the cards on
the towers, the dice) and whose players act through ``GAME.apply`` only. Nothing here writes
into a state: every helper applies chance outcomes or legal actions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from regelwerk.engine.core.game import CHANCE, Outcome
from regelwerk.engine.lorenzo import (
    GAME,
    CardDealt,
    ChooseTile,
    Church,
    DiceRoll,
    DraftLeader,
    EndTurn,
    ExcommunicationDrawn,
    OrderDrawn,
    Pass,
    PlaceCouncil,
    Privilege,
    Stage,
    State,
    reveal,
)
from regelwerk.engine.lorenzo.rules import NEUTRAL, RESOURCES, TYPES

SPEC = GAME.rules_for({"players": 4, "game_mode": "basic"}).spec
RULES = GAME.rules_for({"players": 4, "game_mode": "basic"})
CARD = {c.id: i for i, c in enumerate(RULES.cards)}
LEADER = {x.id: i for i, x in enumerate(RULES.leaders)}
TILE = {e.id: i for i, e in enumerate(RULES.excommunications)}
BONUS_TILE = {t.id: i for i, t in enumerate(RULES.tiles)}
TOWER = {name: t for t, name in enumerate(TYPES)}
#: Floors from the bottom (0) as the spec's floor values list them.
FLOOR_VALUES: tuple[int, ...] = tuple(SPEC["towers.floor_values"])
WHITE, BLACK, ORANGE = range(NEUTRAL)
PRIVILEGE = {"wood_stone": 0, "servant": 1, "coin": 2, "military": 3, "faith": 4}
#: Excommunication tiles that leave a player who only visits the council palace untouched.
QUIET_TILES = ("excommunication-1-5", "excommunication-2-5", "excommunication-3-2")


def begin(players: int = 4, mode: str = "basic", order: Iterable[int] | None = None,
          tiles: Iterable[str] = QUIET_TILES, **variants: str) -> State:
    """A new game (``seed=None``) after chance drew the first turn order ``order`` (seats,
    first player first; by seat if not given) and the excommunication tile of each period."""
    state = GAME.new_game(seed=None, options={"players": players, "game_mode": mode,
                                              **variants})
    for place, p in enumerate(range(players) if order is None else order):
        state = GAME.apply(state, OrderDrawn(place, p))
    for period, tile in enumerate(tiles, 1):
        state = GAME.apply(state, ExcommunicationDrawn(period, TILE[tile]))
    return state


def dice(white: int, black: int, orange: int) -> DiceRoll:
    """The roll, given in member order (``dice.colours``: white, black, orange)."""
    return DiceRoll(white=white, black=black, orange=orange)


def prepare(state: State, roll: tuple[int, int, int] = (3, 3, 3),
            deal: Mapping[tuple[str, int], str] | None = None) -> State:
    """Chance lays out the round's cards (``deal``: ``{(tower name, floor): card id}``, the
    other floors in box order) and rolls ``roll`` (white, black, orange)."""
    outcomes = [CardDealt(TOWER[t], f, CARD[c]) for (t, f), c in (deal or {}).items()]
    return reveal(state, *outcomes, dice(*roll))


def start(players: int = 4, roll: tuple[int, int, int] = (3, 3, 3),
          deal: Mapping[tuple[str, int], str] | None = None, order: Iterable[int] | None = None,
          tiles: Iterable[str] = QUIET_TILES, **variants: str) -> State:
    """A basic game at the first placement of round 1."""
    return prepare(begin(players, "basic", order, tiles, **variants), roll, deal)


def cards_of(state: State, p: int, kind: str) -> list[str]:
    """The ids of player ``p``'s cards of type ``kind``."""
    return [state.rules.cards[c].id for c in state.players[p].cards[TOWER[kind]]]


def stock(state: State, p: int) -> dict[str, int]:
    """Player ``p``'s resources and points by name."""
    return dict(zip(RESOURCES, state.players[p].resources, strict=True))


def change(before: State, after: State, p: int) -> dict[str, int]:
    """What player ``p`` gained (or lost) from ``before`` to ``after``, non-zero entries only."""
    old, new = stock(before, p), stock(after, p)
    return {k: new[k] - old[k] for k in RESOURCES if new[k] != old[k]}


def apply(state: State, *actions: Any) -> State:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def privileges(state: State, *choices: str) -> State:
    """Answer the pending council privileges with ``choices`` (names of PRIVILEGE)."""
    for choice in choices:
        assert state.pending and state.pending[0].need == Stage.PRIVILEGE, state
        state = GAME.apply(state, Privilege(PRIVILEGE[choice]))
    return state


def done(state: State) -> State:
    """End the turn if the player in turn may still take leader actions."""
    if not state.pending and state.stage == Stage.AFTER:
        state = GAME.apply(state, EndTurn())
    return state


Policy = Callable[[State], Any]


def idle_action(state: State, privilege: str = "coin", support: bool = True) -> Any:
    """A player who only keeps the game going: his first member that reaches the council
    palace without servants goes there (else the one needing fewest servants), he passes
    when he has no placement, takes privileges ``privilege`` first, ``support`` s the Church,
    ends his turn without leader actions, and picks the first tile and leader offered."""
    legal = GAME.legal_actions(state)
    step = state.step
    if step == Stage.PRIVILEGE:
        wanted = Privilege(PRIVILEGE[privilege])
        return wanted if wanted in legal else legal[0]
    if step == Stage.CHURCH:
        return Church(support)
    if step in (Stage.TILE, Stage.DRAFT):
        return next(a for a in legal if isinstance(a, (ChooseTile, DraftLeader)))
    if step == Stage.AFTER:
        return EndTurn()
    council = sorted((a for a in legal if isinstance(a, PlaceCouncil)),
                     key=lambda a: (a.servants, a.member))
    if council:
        return council[0]
    if Pass() in legal:
        return Pass()
    return legal[0]


def run_until(state: State, stop: Callable[[State], bool], policy: Policy = idle_action,
              limit: int = 2000) -> State:
    """Let players act by ``policy`` (chance: box order, dice all 3s) until ``stop``."""
    for _ in range(limit):
        if stop(state) or GAME.is_over(state):
            return state
        if GAME.current_player(state) == CHANCE:
            rolled = state.stage == Stage.ROLL
            state = GAME.apply(state, dice(3, 3, 3)) if rolled else reveal(state)
            continue
        state = GAME.apply(state, policy(state))
    raise AssertionError(f"no stop within {limit} steps: {state!r}")


def to_turn(state: State, p: int, policy: Policy = idle_action) -> State:
    """Others act by ``policy`` until player ``p`` is to place."""
    return run_until(state, lambda s: s.stage == Stage.PLACE and not s.pending
                     and GAME.current_player(s) == p, policy)


def to_round_start(state: State, policy: Policy = idle_action) -> State:
    """Everybody acts by ``policy`` to the end of the round; stops where chance deals the
    next round's cards (or at the end of the game). From the deal of a round, one round on."""
    now = state.round
    return run_until(state, lambda s: s.round > now and s.stage in (Stage.DEAL, Stage.ROLL),
                     policy)


def to_round(state: State, number: int, policy: Policy = idle_action) -> State:
    """Everybody acts by ``policy`` until chance is to deal the cards of round ``number``."""
    return run_until(state, lambda s: s.round == number and s.stage in (Stage.DEAL, Stage.ROLL),
                     policy)


def to_end(state: State, policy: Policy = idle_action) -> State:
    return run_until(state, lambda s: False, policy)


def refused(state: State, action: Any) -> str:
    """The clause that refuses ``action`` (it must be refused, the state unchanged)."""
    from regelwerk.engine.core.errors import IllegalAction

    assert not GAME.is_legal(state, action), action
    try:
        GAME.apply(state, action)
    except IllegalAction as error:
        return error.clause
    raise AssertionError(f"{action} was applied")


def faithful(faith: Mapping[int, int], support: Mapping[int, bool] | None = None) -> Policy:
    """:func:`idle_action`, but player ``p`` takes the faith privilege until he holds
    ``faith[p]`` faith points, and decides for the Church as ``support[p]`` (default yes)."""
    def policy(state: State) -> Any:
        p = GAME.current_player(state)
        if state.step == Stage.CHURCH:
            return Church((support or {}).get(p, True))
        wanted = "faith" if state.players[p].faith < faith.get(p, 0) else "coin"
        return idle_action(state, privilege=wanted)
    return policy


def final(state: State) -> Outcome:
    """The outcome of a finished game."""
    outcome = GAME.outcome(state)
    assert outcome is not None, state
    return outcome
