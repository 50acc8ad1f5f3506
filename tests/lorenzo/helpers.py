"""Situations of Lorenzo il Magnifico reached through the API: ``seed=None`` games whose chance
the test chooses (the first turn order, the tiles, the leaders dealt, the cards on the towers,
the dice: :func:`~regelwerk.engine.lorenzo.reveal`), with a player's holdings set where the
situation needs them (his cards, resources, leaders in hand)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regelwerk.engine.lorenzo import (
    GAME,
    CardDealt,
    ChooseTile,
    DiceRoll,
    DraftLeader,
    EndTurn,
    PlaceCouncil,
    PlayLeader,
    Privilege,
    Stage,
    State,
    reveal,
)
from regelwerk.engine.lorenzo.effects import with_player

RULES = GAME.rules_for({"players": 4, "game_mode": "basic"})
CARD = {c.id: i for i, c in enumerate(RULES.cards)}
LEADER = {x.id: i for i, x in enumerate(RULES.leaders)}
EXCOMMUNICATION = {e.id: i for i, e in enumerate(RULES.excommunications)}
EMPTY = {"coin": 0, "wood": 0, "stone": 0, "servant": 0, "military": 0, "faith": 0, "vp": 0}

#: Cards chance lays on the towers: ``{(tower, floor): card id}``.
Deal = Mapping[tuple[int, int], str]


def dealt(deal: Deal) -> tuple[CardDealt, ...]:
    """The chance outcomes that lay ``deal``'s cards on their floors."""
    return tuple(CardDealt(t, f, CARD[card]) for (t, f), card in deal.items())


def dice(values: tuple[int, int, int]) -> DiceRoll:
    """The dice of a round, given in member order (``dice.colours``: white, black, orange)."""
    return DiceRoll(**dict(zip(RULES.dice_colours, values, strict=True)))


def roll(state: State, values: tuple[int, int, int], deal: Deal | None = None) -> State:
    """Chance lays out the round's cards (``deal``'s where given, else in box order) and
    rolls ``values``."""
    return reveal(state, *dealt(deal or {}), dice(values))


def fresh(players: int, options: dict[str, str] | None, round: int) -> State:
    """A new game (seed=None), its first round set to ``round`` (a later period's cards)."""
    state = GAME.new_game(seed=None, options={"players": players, **(options or {})})
    return state._replace(round=round) if round != 1 else state


def placing(dice: tuple[int, int, int] = (3, 3, 3), players: int = 4,
            options: dict[str, str] | None = None, deal: Deal | None = None, round: int = 1,
            **player: Any) -> State:
    """A basic game (seed=None) after the first roll: the first turn order by seat, the cards
    of ``deal`` on their floors, the others in box order; player 0 is to place, his fields
    replaced by ``player``."""
    state = fresh(players, {"game_mode": "basic", **(options or {})}, round)
    state = roll(state, dice, deal)
    assert state.stage == Stage.PLACE and state.current_player == 0
    return edit(state, 0, **player)


def advanced(dice: tuple[int, int, int] = (3, 3, 3), players: int = 4,
             options: dict[str, str] | None = None, deal: Deal | None = None, round: int = 1,
             **player: Any) -> State:
    """A full game (seed=None): leaders dealt in box order, bonus tiles chosen and leaders
    drafted by taking the first option, the first roll made; player 0 is to place, his
    fields replaced by ``player``."""
    state = reveal(fresh(players, options, round))
    while state.stage == Stage.TILE:
        state = GAME.apply(state, next(a for a in GAME.legal_actions(state)
                                       if isinstance(a, ChooseTile)))
    while state.stage == Stage.DRAFT:
        state = GAME.apply(state, next(a for a in GAME.legal_actions(state)
                                       if isinstance(a, DraftLeader)))
    state = roll(state, dice, deal)
    assert state.stage == Stage.PLACE and state.current_player == 0
    return edit(state, 0, **player)


def edit(state: State, p: int, **fields: Any) -> State:
    return with_player(state, p, state.players[p]._replace(**fields))


def with_leader(state: State, name: str, p: int = 0, **fields: Any) -> State:
    """Player ``p`` (in turn) holds leader ``name`` and what ``fields`` give him, and plays
    it through the API (which checks the requirement)."""
    state = edit(state, p, hand=(LEADER[name],), **fields)
    return GAME.apply(state, PlayLeader(LEADER[name]))


def excommunicated(state: State, tile: str, p: int = 0) -> State:
    """Player ``p`` suffers the excommunication tile ``tile`` (as a Vatican report leaves it)."""
    index = EXCOMMUNICATION[tile]
    player = state.players[p]
    return edit(state, p, excommunicated=player.excommunicated + (index,),
                mods=player.mods + RULES.excommunications[index].effects)


def cards(*ids: str) -> tuple[tuple[int, ...], ...]:
    """A personal board holding the cards ``ids``, by type."""
    rows: list[list[int]] = [[], [], [], []]
    for card in ids:
        rows[RULES.cards[CARD[card]].type].append(CARD[card])
    return tuple(tuple(r) for r in rows)


def of(state: State, kind: type) -> list[Any]:
    return [a for a in GAME.legal_actions(state) if isinstance(a, kind)]


def settle(state: State, p: int = 0) -> State:
    """Answer ``p``'s pending decisions with their first option."""
    while state.pending and state.pending[0].player == p:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def to_last_report(state: State, last: Any = None) -> State:
    """Round 6 with everybody but player 0 done: ``last`` (a council placement by default)
    ends the period and the Vatican report of the last period begins."""
    state = state._replace(round=RULES.rounds)
    for p in range(1, len(state.players)):
        state = edit(state, p, passed=True)
    state = edit(state, 0, used=(True, True, True, False))
    state = GAME.apply(state, last or PlaceCouncil(3, 1))
    while state.pending and state.pending[0].need == Stage.PRIVILEGE:
        state = GAME.apply(state, of(state, Privilege)[0])
    if state.stage == Stage.AFTER and not state.pending:
        state = GAME.apply(state, EndTurn())
    return state
