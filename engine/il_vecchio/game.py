"""Il Vecchio, declared: what the game is, in the terms of the core contract.

Everything generic (new_game, legal_actions, apply, random play, records,
chance, outcome) is :class:`~regelwerk.engine.core.game.Game`'s; this module
only names the game's parts. The order of the kinds is the order of
``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import attrgetter
from typing import Any

from regelwerk.engine.core.game import ActionKind, Chance, Game, Outcome
from regelwerk.engine.core.spec import load
from regelwerk.engine.il_vecchio import (
    answers,
    dice,
    draws,
    events,
    florence,
    position,
    province,
    province_tiles,
    recovery,
    reinforcement,
    score_items,
    setup,
    towns,
    turn,
    words,
)
from regelwerk.engine.il_vecchio.actions import (
    CrestDrawn,
    FamilyChoice,
    KeepCouncil,
    Levy,
    MiddlemenPlaced,
    Office,
    Pass,
    PickTile,
    Place,
    Province,
    Recover,
    Reinforce,
    Roll,
    SetupPlace,
    TakeFollower,
    TakeRoll,
    TileDrawn,
    TownAction,
    UseProvince,
)
from regelwerk.engine.il_vecchio.answers import NEED_CLAUSE
from regelwerk.engine.il_vecchio.invariants import violations
from regelwerk.engine.il_vecchio.random_play import POLICY, only
from regelwerk.engine.il_vecchio.rules import GAME as ID
from regelwerk.engine.il_vecchio.rules import C, Rules, game_rules
from regelwerk.engine.il_vecchio.scoring import final_scores, winners
from regelwerk.engine.il_vecchio.state import Need, Phase, State

#: The stage of a decision in the queue (a phase is the stage otherwise).
ANSWER_STAGE = {Need.PLACE: "place", Need.LEVY: "levy", Need.FAMILY: "family",
                Need.PROVINCE_TILE: "province_tile", Need.FLORENCE_TILE: "florence_tile",
                Need.FOLLOWER: "follower", Need.ROLL: "roll", Need.CREST: "crest",
                Need.DRAW_TILES: "draw", Need.OFFER: "roll_offer"}


def stage(state: State) -> Hashable:
    """The stage of play: the first decision in the queue, chance's set-up (the middlemen,
    the council tiles offered), the setup roll, or the phase."""
    if state.pending:
        return ANSWER_STAGE[state.pending[0].need]
    phase = state.phase
    if phase < Phase.PLAY:
        if state.dealing():
            return "offer" if state.middlemen else "middlemen"
        if phase == Phase.SETUP_ROLL and not state.roll:
            return "roll"
    return phase


def sequence_clause(state: State) -> str:
    """The clause that refuses an action out of turn, phase or before a decision."""
    if state.pending:
        return C + NEED_CLAUSE[state.pending[0].need]
    if state.phase == Phase.SETUP_COUNCIL and state.dealing():
        return C + ("setup.council_choice" if state.middlemen else "setup.middlemen")
    return C + {Phase.SETUP_COUNCIL: "setup.council_choice",
                Phase.SETUP_ROLL: "setup.placement_roll",
                Phase.SETUP_CHOICE: "setup.placement_choice"}.get(state.phase, "turn.structure")


def outcome(state: State) -> Outcome:
    """Power points decide; followers and scrolls, then Florins break a tie (end.winner)."""
    names = state.rules.names
    scores = final_scores(state)
    totals = [s.total for s in scores]
    best = max(totals)
    return Outcome(
        winners=tuple(names[p] for p in winners(state, scores)),
        scores={names[p]: total for p, total in enumerate(totals)},
        termination=C + "end.finish_round",
        tie_break=C + "end.winner" if totals.count(best) > 1 else None,
        details={"power_points": {names[p]: s._asdict() for p, s in enumerate(scores)}})


def _stages(*names: Hashable) -> frozenset[Hashable]:
    return frozenset(names)


_PLAY = _stages(Phase.PLAY)
#: The stages in which the player to move may use a province tile: his turn, also while a
#: decision of his own is open (turn.structure, interp.tiles_during_decisions).
_OWN_TURN = _stages(Phase.PLAY, "place", "levy", "family", "province_tile", "florence_tile",
                    "follower", "roll_offer")

USE = ActionKind(UseProvince, "use_province", C + "tiles.province", province_tiles.use_options,
                 turn.settled(province_tiles.use_province), explain=province_tiles.explain_use,
                 stages=_OWN_TURN)
MAIN = (
    ActionKind(TownAction, "town", C + "action.town.crest", towns.town_options,
               towns.town, sampler=towns.sample_town,
               explain=towns.explain_town, stages=_PLAY),
    ActionKind(Province, "province", C + "action.province", province.province_options,
               turn.settled(province.province), sampler=province.sample_province,
               explain=province.explain_province, stages=_PLAY),
    ActionKind(Office, "office", C + "action.florence", florence.office_options,
               turn.settled(florence.office), sampler=florence.sample_office,
               explain=florence.explain_office, stages=_PLAY),
    ActionKind(Reinforce, "reinforce", C + "action.reinforcement",
               reinforcement.reinforce_options, turn.settled(reinforcement.reinforce),
               sampler=only(reinforcement.reinforce_options),
               explain=reinforcement.explain_reinforce, stages=_PLAY),
    ActionKind(Recover, "recover", C + "action.recovery", recovery.recover_options,
               recovery.recover,
               sampler=only(recovery.recover_options),
               explain=recovery.explain_recover, stages=_PLAY),
)
PASS = ActionKind(Pass, "pass", C + "turn.structure", turn.pass_options, turn.pass_turn,
                  sampler=only(turn.pass_options), explain=turn.explain_pass, stages=_PLAY)


def sampling(state: State) -> tuple[ActionKind[State, Any], ...] | None:
    """Kind first in play (province tiles if any is face up; the five main actions while one
    is left; passing when allowed); uniformly among the legal actions otherwise."""
    if state.pending or state.phase != Phase.PLAY:
        return None
    left = state.main_action_left()
    return _SAMPLING[bool(state.players[state.turn].province_up), left,
                     state.final_round or not left or state.rules.tables.may_be_stuck]


#: The kinds random play draws from, by (a province tile is up, a main action is left,
#: passing is allowed), in the order of the draw.
_SAMPLING = {(up, left, may_pass): (*((USE,) if up else ()), *(MAIN if left else ()),
                                    *((PASS,) if may_pass else ()))
             for up in (False, True) for left in (False, True) for may_pass in (False, True)}


_PLAYERS = tuple(load(ID)["players.count"])

GAME: Game[State, Rules] = Game(
    id=ID,
    players=(_PLAYERS[0], _PLAYERS[1]),
    default_players=_PLAYERS[1],
    rules=game_rules,
    setup=setup.setup,
    kinds=(
        ActionKind(KeepCouncil, "keep_council", C + "setup.council_choice", setup.keep_options,
                   setup.keep_council, explain=setup.explain_keep,
                   stages=_stages(Phase.SETUP_COUNCIL)),
        ActionKind(SetupPlace, "setup_place", C + "setup.placement_choice", setup.setup_options,
                   setup.setup_place, explain=setup.explain_setup,
                   stages=_stages(Phase.SETUP_ROLL, Phase.SETUP_CHOICE)),
        USE, *MAIN, PASS,
        ActionKind(Place, "place", C + "action.reinforcement", answers.place_options,
                   turn.settled(answers.place), explain=answers.explain_answer,
                   stages=_stages("place")),
        ActionKind(Levy, "levy", C + "event.levy", answers.levy_options,
                   turn.settled(answers.levy), explain=answers.explain_answer,
                   stages=_stages("levy")),
        ActionKind(FamilyChoice, "family", C + "event.family", answers.family_options,
                   turn.settled(answers.family), explain=answers.explain_answer,
                   stages=_stages("family")),
        ActionKind(PickTile, "pick_tile", C + "action.province.tile", answers.pick_options,
                   turn.settled(answers.pick_tile), explain=answers.explain_answer,
                   stages=_stages("province_tile", "florence_tile")),
        ActionKind(TakeFollower, "take_follower", C + "tiles.council", answers.follower_options,
                   turn.settled(answers.take_follower), explain=answers.explain_answer,
                   stages=_stages("follower")),
        ActionKind(TakeRoll, "take_roll", C + "tiles.council", answers.offer_options,
                   turn.settled(answers.take_roll), explain=answers.explain_answer,
                   stages=_stages("roll_offer")),
        ActionKind(Roll, "roll", C + "action.reinforcement", dice.roll_options,
                   turn.settled(dice.rolled), chance=True, stages=_stages("roll")),
        ActionKind(MiddlemenPlaced, "middlemen_placed", C + "setup.middlemen",
                   draws.middlemen_options, draws.middlemen_placed, chance=True,
                   stages=_stages("middlemen")),
        # no settle after a tile: the set-up goes on, or the drawn tiles await the choice
        ActionKind(TileDrawn, "tile_drawn", C + "action.florence.tiles", draws.tile_options,
                   draws.tile_drawn, explain=draws.explain_tile, chance=True,
                   stages=_stages("offer", "draw")),
        ActionKind(CrestDrawn, "crest_drawn", C + "event.crest", draws.crest_options,
                   turn.settled(events.crest_turned), chance=True, stages=_stages("crest")),
    ),
    to_move=attrgetter("current_player"),
    is_over=attrgetter("is_terminal"),
    score=outcome,
    violations=violations,
    sequence_clause=sequence_clause,
    end_clause=C + "end.winner",
    chance=Chance(draws.probability, draws.seeded_outcome),
    sampling=sampling,
    policy=POLICY,
    stage=stage,
    words=words.words, score_items=score_items.score_items, position=position.position,
)
