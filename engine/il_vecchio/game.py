"""Il Vecchio, declared: what the game is, in the terms of the core contract.

Everything generic (new_game, legal_actions, apply, random play, records,
chance, outcome) is :class:`~regelwerk.engine.core.game.Game`'s; this module
only names the game's parts. The order of the kinds is the order of
``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Hashable
from operator import attrgetter

from regelwerk.engine.core.game import ActionKind, Chance, Game, Outcome
from regelwerk.engine.core.spec import load
from regelwerk.engine.il_vecchio import (
    answers,
    determinize,
    dice,
    draws,
    events,
    florence,
    heuristic,
    passing,
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
from regelwerk.engine.il_vecchio.random_play import POLICY, Sampling, only
from regelwerk.engine.il_vecchio.rules import GAME as ID
from regelwerk.engine.il_vecchio.rules import C, Rules, game_rules
from regelwerk.engine.il_vecchio.scoring import final_scores, winners
from regelwerk.engine.il_vecchio.state import (
    PLAY,
    SETUP_CHOICE,
    SETUP_COUNCIL,
    SETUP_ROLL,
    State,
    stage,
)
from regelwerk.engine.il_vecchio.view import VIEWS


def sequence_clause(state: State) -> str:
    """The clause that refuses an action out of turn, phase or before a decision."""
    if state.pending:
        return C + NEED_CLAUSE[state.pending[0].need]
    if state.phase == SETUP_COUNCIL and state.dealing():
        return C + ("setup.council_choice" if state.middlemen else "setup.middlemen")
    return C + {SETUP_COUNCIL: "setup.council_choice",
                SETUP_ROLL: "setup.placement_roll",
                SETUP_CHOICE: "setup.placement_choice"}.get(state.phase, "turn.structure")


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


_PLAY = _stages(PLAY)
#: The stages in which the player to move may use a province tile: his turn, also while a
#: decision of his own is open (turn.structure, interp.tiles_during_decisions).
_OWN_TURN = _stages(PLAY, "place", "levy", "family", "province_tile", "florence_tile",
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
PASS = ActionKind(Pass, "pass", C + "turn.structure", passing.pass_options,
                  passing.pass_turn, sampler=only(passing.pass_options),
                  explain=passing.explain_pass, stages=_PLAY)


#: Random play's kinds to draw from (:class:`.random_play.Sampling`).
SAMPLING = Sampling(USE, MAIN, PASS)


_PLAYERS = tuple(load(ID)["players.count"])

def max_length(rules: Rules) -> int:
    """A bound on the moves of a game, chance's included (issue 33), NOT derived from the
    rules: the game ends only after the last Medici crest is taken (event.last_crest), and
    no rule makes the players take one, so the rules set no maximum. The bound rests on the
    assumed spec number ``end.moves_per_member_per_crest`` (its reason says why): each crest
    is taken within that many moves per family member of every player, plus the set-up and
    the final double round; random play stays far below it
    (tests/il_vecchio/test_play_end.py). A true bound needs a ruling (a turn limit) in the
    register."""
    players, members = rules.players, rules.family_members
    moves: int = rules.spec["end.moves_per_member_per_crest"]
    setup = players * (members + rules.council_draw + 2)
    per_crest = players * members * moves
    return setup + (rules.crests_dealt + 2) * per_crest


GAME: Game[State, Rules] = Game(
    id=ID,
    players=(_PLAYERS[0], _PLAYERS[1]),
    default_players=_PLAYERS[1],
    rules=game_rules,
    setup=setup.setup,
    kinds=(
        ActionKind(KeepCouncil, "keep_council", C + "setup.council_choice", setup.keep_options,
                   setup.keep_council, explain=setup.explain_keep,
                   stages=_stages(SETUP_COUNCIL)),
        ActionKind(SetupPlace, "setup_place", C + "setup.placement_choice", setup.setup_options,
                   setup.setup_place, explain=setup.explain_setup,
                   stages=_stages(SETUP_ROLL, SETUP_CHOICE)),
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
                   turn.settled(dice.rolled), explain=dice.explain_roll, chance=True,
                   stages=_stages("roll")),
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
    sampling=SAMPLING,
    policy=POLICY,
    stage=stage,
    words=words.words, score_items=score_items.score_items, position=position.position,
    max_length=max_length, views=VIEWS,
    heuristic=heuristic.value, determinize=determinize.sample,
)
