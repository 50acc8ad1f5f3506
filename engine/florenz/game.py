"""Florenz, declared: what the game is, in the terms of the core contract.

Everything generic (new_game, legal_actions, apply, random play, records,
outcome) is :class:`~regelwerk.engine.core.game.Game`'s; this module names the
game's parts. Each action kind's rule is its options generator, in the module
of its group: :mod:`.members` (place, send, promote, move, hurry),
:mod:`.passing` (pass and the passed family's bonus), :mod:`.favours` (boast,
gift, discard for time), :mod:`.scandal` (scandal cards) and :mod:`.medici`
(answers to Giovanni). Which kinds are open at all is the stage of play
(:func:`.stages.stage`: setup, acting, passed, Giovanni's offers, over, or the draw
chance makes), declared once with the kinds; core lists and accepts only those
and refuses the others with :func:`sequence_clause`. The flow of a round:
:mod:`.setup`, :mod:`.turns`, :mod:`.medici`, :mod:`.cleanup`; the solo
automa: :mod:`.solo`.

Chance is explicit (:mod:`.chance`): every draw from a face-down pile (the
set-up's draws, the scandal cards given out, the next location and time tiles,
Strozzi's cards) is a chance node with its own kind of outcome. A seeded game's
chance takes the top of each pile, laid out by the same seeded shuffles as
ever; a game with ``seed=None`` waits for the caller (:func:`.chosen.set_up`
chooses a set-up that way).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from operator import attrgetter
from typing import Any

from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.game import ActionKind, Chance, Game, Outcome
from regelwerk.engine.core.spec import Spec, load
from regelwerk.engine.florenz import (
    chance,
    determinize,
    favours,
    heuristic,
    medici,
    members,
    passing,
    position,
    scandal,
    score_items,
    solo,
    words,
)
from regelwerk.engine.florenz.actions import (
    Accept,
    BoardDrawn,
    Boast,
    BonusPoint,
    BonusSwap,
    BonusTime,
    CardDrawn,
    Decline,
    DiscardForTime,
    Gift,
    HurryPair,
    HurryTwice,
    Move,
    Pass,
    Place,
    PlanDrawn,
    Promote,
    Scandal,
    ScandalCard,
    ScandalCrest,
    ScandalMedici,
    ScandalPiece,
    ScandalPlace,
    ScandalStop,
    Send,
    StartDrawn,
    StrozziChoice,
    StrozziDrawn,
    TileDrawn,
    TimeDrawn,
)
from regelwerk.engine.florenz.cards import SPY
from regelwerk.engine.florenz.invariants import violations
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.rules import RuleFns, Rules
from regelwerk.engine.florenz.rules import rules_from_spec as built_from
from regelwerk.engine.florenz.scoring import winners
from regelwerk.engine.florenz.setup import setup
from regelwerk.engine.florenz.stages import (
    ACTING,
    CHOOSING,
    GIOVANNI,
    PASSED,
    PLAYING,
    SETUP,
    Sampling,
    WhenActing,
    stage,
)
from regelwerk.engine.florenz.state import Draw, Phase, State, to_move
from regelwerk.engine.florenz.view import VIEWS

C = prefix(ID)


def outcome(state: State) -> Outcome:
    """Most points win; ties by petitioners on the board, then gifts given (end.winner);
    the solo player wins only with more points than Strozzi (solo.end)."""
    names = state.rules.names
    points = state.points
    placed = [len(state.on_board(f)) for f in range(state.families)]
    gifts = [sum(g) for g in state.given]
    if state.rules.automa >= 0:
        best = solo.winners(state)
        tie_break = C + "solo.end" if len(set(points)) == 1 else None
    else:
        best = winners(points, placed, gifts)
        top = max(points)
        tie_break = C + "end.winner" if points.count(top) > 1 else None
    return Outcome(
        winners=tuple(names[f] for f in best),
        scores=dict(zip(names, points, strict=True)),
        termination=C + "round.sequence",
        tie_break=tie_break,
        details={"petitioners": dict(zip(names, placed, strict=True)),
                 "gifts_given": dict(zip(names, gifts, strict=True))})


_SETUP_DISC = (int(Draw.SECTOR), int(Draw.TIME))
_CARD = int(Draw.CARD)


def sequence_clause(state: State) -> str:
    """The clause that refuses an action out of turn or stage (core's refusal): the draw
    chance makes now, a scandal card by the reason it is given (a spy's, guard.spy, or the
    top cup's, medici.boast_reward); a scandal card being played (its choices come first,
    scandal.play); the set-up's first debutants; Strozzi's turn waiting
    for a choice; the passed family's bonus; else the round's order."""
    draws = state.draws
    if draws:
        kind = draws[0][0]
        if state.phase == Phase.SETUP and kind in _SETUP_DISC:
            return C + "setup.disc"
        if kind == _CARD:                       # (CARD, family, medici, why)
            return C + ("guard.spy" if draws[0][3] == SPY else "medici.boast_reward")
        return chance.CLAUSES[kind]
    if state.scandal:
        return C + "scandal.play"
    now = stage(state)
    if now == SETUP:
        return C + "setup.first_debutants"
    if now == CHOOSING:
        return C + "solo.turn"
    return C + "action.passed_bonus" if now == PASSED else C + "round.sequence"


_SETUP_STAGE = frozenset({SETUP})
_ACTING_STAGE = frozenset({ACTING})
_PASSED_STAGE = frozenset({PASSED})
_GIOVANNI_STAGE = frozenset({GIOVANNI})
_PLAYING_STAGE = frozenset({PLAYING})
#: discarding for time is no action: any decision of phases 2 and 4 (action.discard_for_time)
_DISCARD_STAGES = frozenset({ACTING, PASSED, GIOVANNI})


K = {}      # the action kinds by action class (filled below, read by :func:`sampling`)

KINDS: tuple[ActionKind[State, Any], ...] = (
    ActionKind(Place, "place", C + "setup.first_debutants", members.place_options,
               members.place, explain=members.explain_place, stages=_SETUP_STAGE),
    ActionKind(Accept, "accept", C + "scoring.giovanni", medici.accept_options, medici.accept,
               explain=medici.explain_accept, stages=_GIOVANNI_STAGE),
    ActionKind(Decline, "decline", C + "scoring.giovanni", medici.decline_options,
               medici.decline, stages=_GIOVANNI_STAGE),
    ActionKind(BonusTime, "bonus_time", C + "action.passed_bonus", passing.bonus_time_options,
               passing.bonus_time, stages=_PASSED_STAGE),
    ActionKind(BonusPoint, "bonus_point", C + "action.passed_bonus",
               passing.bonus_point_options, passing.bonus_point, stages=_PASSED_STAGE),
    ActionKind(BonusSwap, "bonus_swap", C + "action.passed_bonus", passing.bonus_swap_options,
               passing.bonus_swap, explain=passing.explain_bonus_swap, stages=_PASSED_STAGE),
    ActionKind(Pass, "pass", C + "action.pass", passing.pass_options, passing.pass_,
               explain=passing.explain_pass, stages=_ACTING_STAGE),
    ActionKind(Send, "send", C + "action.send", members.send_options, members.send,
               explain=members.explain_send, stages=_ACTING_STAGE),
    ActionKind(Promote, "promote", C + "action.promote", members.promote_options,
               members.promote, explain=members.explain_promote, stages=_ACTING_STAGE),
    ActionKind(Move, "move", C + "action.move", members.move_options, members.move,
               explain=members.explain_move, stages=_ACTING_STAGE),
    # random play draws "a hurry" as one kind: the sampler gives either form
    ActionKind(HurryTwice, "hurry_twice", C + "action.hurry", members.hurry_twice_options,
               members.hurry_twice, sampler=WhenActing(members.hurry_sample),
               explain=members.explain_hurry_twice, stages=_ACTING_STAGE),
    ActionKind(HurryPair, "hurry_pair", C + "action.hurry", members.hurry_pair_options,
               members.hurry_pair, explain=members.explain_hurry_pair, stages=_ACTING_STAGE),
    ActionKind(Boast, "boast", C + "action.boast", favours.boast_options, favours.boast,
               explain=favours.explain_boast, stages=_ACTING_STAGE),
    ActionKind(Gift, "gift", C + "action.gift", favours.gift_options, favours.gift,
               explain=favours.explain_gift, stages=_ACTING_STAGE),
    # a scandal card, step by step: the card, then each choice it asks (.scandal)
    ActionKind(ScandalCard, "scandal_card", C + "scandal.play", scandal.card_options,
               scandal.card, sampler=WhenActing(scandal.card_sample),
               explain=scandal.explain_card, stages=_ACTING_STAGE),
    *(ActionKind(step, name, C + "scandal.play", scandal.step_options(step),
                 scandal.STEP_EFFECTS[step], explain=scandal.explain_step,
                 stages=_PLAYING_STAGE)
      for step, name in ((ScandalPiece, "scandal_piece"), (ScandalPlace, "scandal_place"),
                         (ScandalMedici, "scandal_medici"), (ScandalCrest, "scandal_crest"),
                         (ScandalStop, "scandal_stop"))),
    # the solo player's choice where Strozzi's card leaves one open (interp.solo_card5_tie,
    # interp.solo_automa_choices)
    ActionKind(StrozziChoice, "strozzi_choice", C + "solo.turn", solo.choice_options,
               solo.strozzi_choice, explain=solo.explain_choice,
               stages=frozenset({CHOOSING})),
    ActionKind(DiscardForTime, "discard", C + "action.discard_for_time",
               favours.discard_options, favours.discard, explain=favours.explain_discard,
               stages=_DISCARD_STAGES),
    # chance's outcomes (.chance): each kind open at its own draws
    ActionKind(StartDrawn, "start", C + "setup.first_debutants", chance.options(StartDrawn),
               chance.start_drawn, chance=True, stages=frozenset({"start"})),
    ActionKind(BoardDrawn, "board", C + "setup.board", chance.options(BoardDrawn),
               chance.board_drawn, chance=True, stages=frozenset({"board"})),
    ActionKind(PlanDrawn, "plan", C + "setup.board", chance.options(PlanDrawn),
               chance.plan_drawn, chance=True, stages=frozenset({"plan"})),
    ActionKind(TileDrawn, "tile", C + "setup.disc", chance.options(TileDrawn),
               chance.tile_drawn, chance=True, stages=frozenset({"tile"})),
    ActionKind(TimeDrawn, "time", C + "setup.disc", chance.options(TimeDrawn),
               chance.time_drawn, chance=True, stages=frozenset({"time"})),
    ActionKind(CardDrawn, "card", C + "setup.decks", chance.options(CardDrawn),
               chance.card_drawn, chance=True, stages=frozenset({"card"})),
    ActionKind(StrozziDrawn, "strozzi_card", C + "solo.cards", chance.options(StrozziDrawn),
               chance.strozzi_drawn, explain=solo.explain_drawn, chance=True,
               stages=frozenset({"strozzi"})),
)
K.update({kind.action: kind for kind in KINDS})

#: The kinds a family that has not passed draws from in random play, in the order of the
#: draw (the hurry kind's sampler draws either hurry; the pair is not drawn on its own).
ACTING_KINDS = tuple(K[a] for a in (Pass, Send, Promote, Move, Boast, Gift, HurryTwice,
                                    ScandalCard, DiscardForTime))


#: random play's ``sampling`` (:class:`.stages.Sampling`): kind first for those kinds while a
#: family that has not passed acts, else uniform over the legal actions
sampling = Sampling(ACTING_KINDS)


_SPEC = load(ID)


def rules_from_spec(spec: Spec, families: int | None = None,
                    variants: Mapping[str, str] | None = None,
                    fns: RuleFns | None = None) -> Rules:
    """:func:`.rules.rules_from_spec` with the behaviour the rules hold handed over: the
    Medici phase that follows the turns (:func:`.medici.medici_phase`)."""
    return built_from(spec, families, variants, fns, medici_phase=medici.medici_phase)


def default_rules(families: int | None = None) -> Rules:
    """Rules for ``families`` players (1 = the solo game against Strozzi; the spec's
    ``players.default`` when not given), cached per family count."""
    return _cached(load(ID)["players.default"] if families is None else families)


@lru_cache(maxsize=8)
def _cached(families: int) -> Rules:
    return rules_from_spec(load(ID), families)


def game_rules(spec: Spec, players: int, variants: Mapping[str, str]) -> Rules:
    """:func:`rules_from_spec` as the game declaration asks for it (``players`` 1: solo),
    cached for the spec's own numbers, so a new game does not rebuild its tables."""
    if spec is load(ID):
        return _cached_variants(players, tuple(sorted(variants.items())))
    return rules_from_spec(spec, players, variants)


@lru_cache(maxsize=32)
def _cached_variants(families: int, variants: tuple[tuple[str, str], ...]) -> Rules:
    return rules_from_spec(load(ID), families, dict(variants))


def seat_keys(rules: Rules) -> tuple[str, ...]:
    """The seats: every family's colour; in the solo game only the player's (violet),
    Strozzi the automa is no seat (solo.setup)."""
    return rules.names[:1] if rules.automa >= 0 else rules.names


def max_length(rules: Rules) -> int:
    """The most moves a game can last, chance's included (issue 33). Set-up: a boast board
    per location, a plan card per family, the start coin and the location and time tiles
    of the disc. Each round a family acts until it passes, every action but passing costs
    time and no clock holds more than ``clock_max``; besides, each card of a full hand may
    be played, in as many steps as a play can take (:func:`.scandal.most_steps`), or
    discarded, a passed family takes its bonuses, and each action can make chance draw a
    tile or a card. A move along the family's own escort costs nothing in the end, so a
    round need not end (florenz:interp.endless_round): each family is assumed to make at
    most ``round.free_moves`` such moves a round, each answered by a bonus of every other
    family. Checked by random play (tests/core/test_conformance.py), not proved."""
    families = rules.families
    setup = 3 * rules.locations + 2 * families
    per_family = rules.clock_max + rules.hand_limit * (1 + scandal.most_steps(rules)) + 4
    free: int = rules.spec["round.free_moves"]
    return setup + rules.rounds * (rules.locations + families * 2 * per_family
                                   + families * families * free)


#: The whole play of a scandal card in one action, as records before issue 33 wrote it
#: (record name ``scandal``): read and played, never listed (:func:`.scandal.whole_play`).
WHOLE_PLAY: ActionKind[State, Scandal] = ActionKind(
    Scandal, "scandal", C + "scandal.play", scandal.whole_options, scandal.whole_play,
    explain=scandal.explain_scandal, stages=_ACTING_STAGE)


GAME: Game[State, Rules] = Game(
    id=ID,
    players=(_SPEC["players.min"], _SPEC["players.max"]),
    default_players=_SPEC["players.default"],
    rules=game_rules,
    setup=setup,
    kinds=KINDS,
    to_move=to_move,
    is_over=attrgetter("is_terminal"),
    score=outcome,
    violations=violations,
    sequence_clause=sequence_clause,
    end_clause=C + "end.winner",
    chance=Chance(chance.probability, chance.seeded),
    sampling=sampling,
    stage=stage,
    words=words.words, score_items=score_items.score_items, position=position.position,
    seat_keys=seat_keys, max_length=max_length, views=VIEWS,
    heuristic=heuristic.value, determinize=determinize.sample,
    recorded=(WHOLE_PLAY,),
    late_fields=("scandal",),   # State.scandal came with the step-by-step play (issue 33)
)
