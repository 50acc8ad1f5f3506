"""Lorenzo il Magnifico, declared: what the game is, in the terms of the core contract.

Everything generic (new_game, legal_actions, apply, random play, records,
chance, outcome) is :class:`~regelwerk.engine.core.game.Game`'s; this module
names the game's parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter
from random import Random
from typing import Any

from regelwerk.engine.core.game import ActionKind, Chance, Game, Outcome
from regelwerk.engine.core.spec import load
from regelwerk.engine.lorenzo import church, decisions, flow, leaders, places
from regelwerk.engine.lorenzo.actions import (
    ActivateLeader,
    ChooseTile,
    Church,
    CopyLeader,
    DiceRoll,
    DiscardLeader,
    DraftLeader,
    EndTurn,
    Exchange,
    Malus,
    Pass,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlaceWork,
    PlayLeader,
    Privilege,
    Skip,
    TakeCard,
    Work,
)
from regelwerk.engine.lorenzo.invariants import violations
from regelwerk.engine.lorenzo.rules import GAME as ID
from regelwerk.engine.lorenzo.rules import VARIANTS, Rules, rules_from_spec
from regelwerk.engine.lorenzo.scoring import final_scores, winner
from regelwerk.engine.lorenzo.state import Stage, State

C = ID + ":"


def outcome(state: State) -> Outcome:
    """Victory points after the final scoring; equal scores go to the earlier in turn order."""
    names = state.rules.names
    scores = final_scores(state)
    best, tied = winner(state, scores)
    return Outcome(winners=(names[best],), scores=dict(zip(names, scores, strict=True)),
                   termination=C + "end.trigger",
                   tie_break=C + "scoring.winner" if tied else None,
                   details={"order": [names[p] for p in state.order]})


def settled(effect: Callable[[State, Any], State]) -> Callable[[State, Any], State]:
    """An effect, then the rules run on until the next decision (:func:`flow.proceed`)."""
    def run(state: State, action: Any) -> State:
        return flow.proceed(effect(state, action))
    run.__name__ = getattr(effect, "__name__", "effect")
    run.__doc__ = effect.__doc__
    return run


def sequence_clause(state: State) -> str:
    stage = state.step
    if stage in (Stage.TILE, Stage.DRAFT):
        return C + "advanced.mode"
    if stage == Stage.ROLL:
        return C + "round.dice"
    if stage == Stage.CHURCH:
        return C + "vatican.choice"
    return C + "action.turns"


def _stages(*stages: Stage) -> frozenset[Stage]:
    return frozenset(stages)


_TURN = _stages(Stage.PLACE, Stage.AFTER)
_PLAYERS = load(ID)


def kind(action: type, name: str, clause: str, options: Callable[[State, Any], Iterator[Any]],
         effect: Callable[[State, Any], State], *stages: Stage, chance: bool = False,
         sampler: Callable[[State, Random], Any] | None = None) -> ActionKind[State, Any]:
    return ActionKind(action, name, C + clause, options, settled(effect), sampler=sampler,
                      chance=chance, stages=frozenset(stages))


def sampling(state: State) -> tuple[ActionKind[State, Any], ...]:
    """Random play draws a kind first (among those open now), then one of its actions."""
    return GAME.kinds_open(state)


GAME: Game[State, Rules] = Game(
    id=ID,
    players=(_PLAYERS["players.min"], _PLAYERS["players.max"]),
    default_players=_PLAYERS["players.default"],
    variants=VARIANTS,
    rules=rules_from_spec,
    setup=flow.setup,
    kinds=(
        kind(DiceRoll, "dice", "round.dice", flow.dice_options, flow.roll, Stage.ROLL,
             chance=True),
        kind(ChooseTile, "tile", "advanced.bonus_tiles", flow.tile_options, flow.choose_tile,
             Stage.TILE),
        kind(DraftLeader, "draft", "advanced.leader_draft", leaders.draft_options, leaders.draft,
             Stage.DRAFT),
        kind(PlaceTower, "tower", "tower.must_afford", places.tower_options, places.place_tower,
             Stage.PLACE, sampler=places.tower_sampler),
        kind(PlaceWork, "work", "work.value", places.work_options, places.place_work,
             Stage.PLACE),
        kind(PlaceMarket, "market", "market.spaces", places.market_options, places.place_market,
             Stage.PLACE),
        kind(PlaceCouncil, "council", "council.space", places.council_options,
             places.place_council, Stage.PLACE),
        kind(Pass, "pass", "action.must_place", flow.pass_options, flow.pass_turn, Stage.PLACE),
        kind(EndTurn, "end_turn", "leader.actions", flow.end_turn_options, flow.end_turn,
             Stage.AFTER),
        kind(PlayLeader, "play_leader", "leader.play", leaders.play_options, leaders.play,
             *_TURN),
        kind(DiscardLeader, "discard_leader", "leader.discard", leaders.discard_options,
             leaders.discard, *_TURN),
        kind(ActivateLeader, "activate_leader", "leader.activate", leaders.activate_options,
             leaders.activate, *_TURN),
        kind(CopyLeader, "copy_leader", "effect.special", leaders.copy_options, leaders.copy,
             Stage.COPY),
        kind(Privilege, "privilege", "council.privilege", decisions.privilege_options,
             decisions.choose_privilege, Stage.PRIVILEGE),
        kind(TakeCard, "take_card", "effect.take_card", decisions.take_options,
             decisions.take_card, Stage.TAKE),
        kind(Work, "bonus_work", "effect.harvest", decisions.work_options, decisions.work,
             Stage.WORK),
        kind(Skip, "skip", "card.immediate", decisions.skip_options, decisions.skip,
             Stage.TAKE, Stage.WORK),
        kind(Exchange, "exchange", "effect.exchange", decisions.exchange_options,
             decisions.use_exchange, Stage.EXCHANGE),
        kind(Malus, "malus", "effect.gain_modifier", decisions.malus_options, decisions.malus,
             Stage.MALUS),
        kind(Church, "church", "vatican.choice", church.church_options, church.church,
             Stage.CHURCH),
    ),
    to_move=attrgetter("current_player"),
    is_over=attrgetter("is_terminal"),
    score=outcome,
    violations=violations,
    sequence_clause=sequence_clause,
    end_clause=C + "end.trigger",
    chance=Chance(flow.dice_probability, flow.seeded_dice),
    stage=attrgetter("step"),
    sampling=sampling,
)
