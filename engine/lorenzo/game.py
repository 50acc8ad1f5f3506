"""Lorenzo il Magnifico, declared: what the game is, in the terms of the core contract.

Everything generic (new_game, legal_actions, apply, random play, records,
chance, outcome) is :class:`~regelwerk.engine.core.game.Game`'s; this module
names the game's parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields
from functools import lru_cache
from operator import attrgetter
from random import Random
from typing import Any

from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.game import (
    CHANCE,
    ActionKind,
    Chance,
    Game,
    Outcome,
    RandomPolicy,
)
from regelwerk.engine.core.spec import Spec
from regelwerk.engine.lorenzo import (
    church,
    coverage,
    decisions,
    determinize,
    effects,
    flow,
    heuristic,
    leaders,
    places,
    position,
    random_play,
    scoring,
    words,
)
from regelwerk.engine.lorenzo.actions import (
    ActivateLeader,
    CardDealt,
    ChooseTile,
    Church,
    CopyLeader,
    DiceRoll,
    DiscardLeader,
    DraftLeader,
    EndTurn,
    Exchange,
    ExcommunicationDrawn,
    LeaderDealt,
    Malus,
    OrderDrawn,
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
from regelwerk.engine.lorenzo.rules import DEFAULT_SPEC, RuleFns, Rules, rules_from_spec
from regelwerk.engine.lorenzo.rules import GAME as ID
from regelwerk.engine.lorenzo.scoring import final_scores, winner
from regelwerk.engine.lorenzo.state import Stage, State
from regelwerk.engine.lorenzo.view import VIEWS

C = prefix(ID)


def rule_functions() -> RuleFns:
    """The rule functions as the rules state them, from the behaviour modules that apply them
    (handed to the rules here, so :mod:`.rules` imports no behaviour)."""
    return RuleFns(places.space_open, places.colour_open, places.territory_allowed,
                   effects.payable, effects.lessened, effects.on_track, church.choice_offered,
                   scoring.table_points, scoring.venture_points, scoring.military_award,
                   scoring.resource_points)


def game_rules(spec: Spec, players: int, variants: Mapping[str, str]) -> Rules:
    """The rules of a game (the contract's ``rules``): shared per player count and variants
    when ``spec`` is the game's own, built afresh for a printed board's numbers."""
    if spec is DEFAULT_SPEC:
        return _cached(players, tuple(sorted(variants.items())))
    return rules_from_spec(spec, rule_functions(), players, variants)


@lru_cache(maxsize=64)
def _cached(players: int, variants: tuple[tuple[str, str], ...]) -> Rules:
    return rules_from_spec(DEFAULT_SPEC, rule_functions(), players, dict(variants))


def outcome(state: State) -> Outcome:
    """Victory points after the final scoring; equal scores go to the earlier in turn order."""
    names = state.rules.names
    scores = final_scores(state)
    best, tied = winner(state, scores)
    return Outcome(winners=(names[best],), scores=dict(zip(names, scores, strict=True)),
                   termination=C + "end.trigger",
                   tie_break=C + "scoring.winner" if tied else None,
                   details={"order": [names[p] for p in state.order]})


#: The clause that refuses an action out of its stage, by stage (action.turns otherwise).
SEQUENCE = {Stage.ORDER: C + "setup.order", Stage.EXCOMMUNICATION: C + "setup.excommunication",
            Stage.LEADERS: C + "advanced.leader_draft", Stage.TILE: C + "advanced.mode",
            Stage.DRAFT: C + "advanced.mode", Stage.DEAL: C + "round.cards",
            Stage.ROLL: C + "round.dice", Stage.CHURCH: C + "vatican.choice"}


def sequence_clause(state: State) -> str:
    return SEQUENCE.get(state.step, C + "action.turns")


def _stages(*stages: Stage) -> frozenset[Stage]:
    return frozenset(stages)


_TURN = _stages(Stage.PLACE, Stage.AFTER)


def kind(action: type, name: str, clause: str, options: Callable[[State, Any], Iterable[Any]],
         effect: Callable[[State, Any], State], *stages: Stage, chance: bool = False,
         sampler: Callable[[State, Random], Any] | None = None,
         explain: Callable[[State, Any], IllegalAction | None] | None = None,
         settles: bool = False) -> ActionKind[State, Any]:
    """An action kind of the game; a player's action lets the rules run on (:func:`.flow.settled`),
    chance's outcome is its effect alone (and so is an effect that ``settles``: one that lets
    the rules run on itself)."""
    return ActionKind(action, name, C + clause, options,
                      effect if chance or settles else flow.settled(effect),
                      sampler=sampler, chance=chance, stages=frozenset(stages), explain=explain)


KINDS = (
    kind(OrderDrawn, "order", "setup.order", flow.order_options, flow.order_drawn,
         Stage.ORDER, chance=True),
    kind(ExcommunicationDrawn, "excommunication", "setup.excommunication",
         flow.excommunication_options, flow.excommunication_drawn, Stage.EXCOMMUNICATION,
         chance=True),
    kind(LeaderDealt, "leader_dealt", "advanced.leader_draft", flow.leader_options,
         flow.leader_dealt, Stage.LEADERS, chance=True),
    kind(CardDealt, "deal", "round.cards", flow.deal_options, flow.deal, Stage.DEAL,
         chance=True),
    kind(DiceRoll, "dice", "round.dice", flow.dice_options, flow.settled(flow.roll), Stage.ROLL,
         chance=True),
    kind(ChooseTile, "tile", "advanced.bonus_tiles", flow.tile_options, flow.choose_tile,
         Stage.TILE),
    kind(DraftLeader, "draft", "advanced.leader_draft", flow.draft_options, flow.draft,
         Stage.DRAFT),
    kind(PlaceTower, "tower", "tower.must_afford", places.tower_options, places.place_tower,
         Stage.PLACE, sampler=places.tower_sampler, explain=places.why_not_tower),
    kind(PlaceWork, "work", "work.value", places.work_options, places.place_work,
         Stage.PLACE, sampler=places.work_sampler),
    kind(PlaceMarket, "market", "market.spaces", places.market_options, places.place_market,
         Stage.PLACE, sampler=places.market_sampler, explain=places.why_not_market),
    kind(PlaceCouncil, "council", "council.space", places.council_options,
         places.place_council, Stage.PLACE, sampler=places.council_sampler,
         explain=places.why_not_council),
    kind(Pass, "pass", "action.must_place", flow.pass_options, flow.pass_turn, Stage.PLACE,
         explain=flow.why_not_pass),
    kind(EndTurn, "end_turn", "leader.actions", flow.end_turn_options, flow.end_turn_settled,
         Stage.AFTER, sampler=flow.end_turn_sampler, settles=True),
    kind(PlayLeader, "play_leader", "leader.play", leaders.play_options, leaders.play,
         *_TURN, sampler=leaders.play_sampler, explain=leaders.why_not_play),
    kind(DiscardLeader, "discard_leader", "leader.discard", leaders.discard_options,
         leaders.discard, *_TURN, explain=leaders.why_not_discard),
    kind(ActivateLeader, "activate_leader", "leader.activate", leaders.activate_options,
         leaders.activate, *_TURN, explain=leaders.why_not_activate),
    kind(CopyLeader, "copy_leader", "effect.special", leaders.copy_options, leaders.copy,
         Stage.COPY),
    kind(Privilege, "privilege", "council.privilege", decisions.privilege_options,
         decisions.choose_privilege, Stage.PRIVILEGE, explain=decisions.why_not_privilege),
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
)
#: Random play's kinds to draw from (:mod:`.random_play`).
SAMPLING = random_play.Sampling(KINDS)

def max_length(rules: Rules) -> int:
    """The most moves a game can last, chance's included (issue 33). Set-up: the turn order
    drawn, an excommunication tile per period, every hand of leaders dealt and drafted. A
    round: its cards dealt (one per floor of every tower) and the dice; then each member of
    each player is placed once (action.must_place), a placement bounded by its own move,
    the card actions it chains (at most one per floor of every tower) and the end of the
    turn; each leader is played, discarded, activated or copied at most once a round; a
    Vatican round asks every player once. Checked by random play
    (tests/core/test_conformance.py), not proved: the bound on chained card actions is an
    argument from the cards, not a clause."""
    players, hand = rules.players, rules.hand
    spaces = rules.towers * rules.floors
    setup = players + rules.periods + 2 * players * hand
    per_round = spaces + 1 + players * (rules.members * (spaces + 2) + 4 * hand)
    return setup + rules.rounds * per_round + len(rules.vatican_rounds) * players


GAME: Game[State, Rules] = Game(
    id=ID,
    players=(DEFAULT_SPEC["players.min"], DEFAULT_SPEC["players.max"]),
    default_players=DEFAULT_SPEC["players.default"],
    rules=game_rules,
    setup=flow.setup,
    kinds=KINDS,
    to_move=attrgetter("current_player"),
    is_over=attrgetter("is_terminal"),
    score=outcome,
    violations=violations,
    sequence_clause=sequence_clause,
    end_clause=C + "end.trigger",
    chance=Chance(flow.chance_probability, flow.seeded_outcome),
    stage=attrgetter("step"),
    coverage=coverage.in_play,
    parts=coverage.parts,
    sampling=SAMPLING,
    policy=RandomPolicy(choose=places.draw_item, index=places.draw_index),
    words=words.words, score_items=scoring.score_items, position=position.position,
    max_length=max_length, views=VIEWS,
    heuristic=heuristic.value, determinize=determinize.sample,
)


def _item(outcome: Any) -> Any:
    """What a chance outcome draws: its last field (the player, tile, leader or card)."""
    return getattr(outcome, fields(outcome)[-1].name)


def reveal(state: State, *outcomes: Any) -> State:
    """Let chance act in a game made with ``seed=None`` until a player is to move.

    At each chance node chance gives the first of ``outcomes`` it may give there, else the
    first outcome listed (the top of the pile in box order), never an item one of
    ``outcomes`` still waits for. The dice are rolled only by a :class:`DiceRoll` of
    ``outcomes``: without one, the state waits at the roll. An outcome chance never could
    give raises ``ValueError`` (a mistake in the caller's situation, not in play).
    """
    wanted = list(outcomes)
    while not GAME.is_over(state) and GAME.current_player(state) == CHANCE:
        listed = GAME.legal_actions(state)
        chosen = next((o for o in wanted if o in listed), None)
        if chosen is not None:
            wanted.remove(chosen)
        elif state.stage == Stage.ROLL:
            break
        else:
            claimed = {_item(o) for o in wanted if type(o) is type(listed[0])}
            chosen = next((o for o in listed if _item(o) not in claimed), listed[0])
        state = GAME.apply(state, chosen)
    if wanted:
        raise ValueError(f"chance cannot give {wanted} in {state!r}")
    return state
