"""Chance in Florenz: every draw from a face-down pile is a chance node.

While ``state.draws`` is not empty, chance is to move and its next entry
(:class:`~.state.Draw`) says what is drawn and from which pile:

=================  ==========================  ======================================
entry              pile                        outcome (action kind)
=================  ==========================  ======================================
START              families (set-up)           :class:`StartDrawn` (the start coin)
BOARD, location    boast boards (set-up)       :class:`BoardDrawn`
PLAN, family       plan cards (set-up)         :class:`PlanDrawn`
CARRIAGE, medici   location tiles              :class:`TileDrawn` (where he starts)
SECTOR, sector, m  location tiles, then the    :class:`TileDrawn` (the sector's
                   used ones beneath them      location, Medici ``m``'s target)
TIME, sector       time tiles                  :class:`TimeDrawn`
CARD, family, m, w Medici ``m``'s scandal      :class:`CardDrawn` (:mod:`.cards`)
                   cards, else his discards
STROZZI            Strozzi's deck, else his    :class:`StrozziDrawn` (:mod:`.solo`)
                   discards
=================  ==========================  ======================================

Every pile is a :mod:`regelwerk.engine.core.piles` pile: each item left is as
likely as its share of the pile (:func:`probability`), and a seeded game's
chance takes the top (:func:`seeded`), which is where the pile's seeded random
source (``seeded_rng`` with the same path as ever) put it. A seeded game does
not even stop there: it takes that top at once where the draw happens
(:func:`.setup.drawn_at_once`, :func:`.cards.dealing`, :func:`.cleanup.cleanup`,
:func:`.solo.play_card`), which is the chance node settled with :func:`seeded`
(the tests hold the two ways to the same game). A game with ``seed=None`` waits
at every draw; when the last draw is done, ``state.resume`` says how play goes
on (:func:`resume`): the set-up's last steps, the rest of the Medici phase, or
the next round.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.piles import draw_outcomes, draw_probability, drawn, seeded_draw
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz import cards, cleanup, medici, setup, solo, turns
from regelwerk.engine.florenz.actions import (
    BoardDrawn,
    CardDrawn,
    Drawn,
    PlanDrawn,
    Prebuilt,
    StartDrawn,
    StrozziDrawn,
    TileDrawn,
    TimeDrawn,
)
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.state import Draw, Resume, State

C = prefix(ID)
_START, _BOARD, _PLAN, _CARRIAGE, _SECTOR, _TIME, _CARD, _STROZZI = (int(d) for d in Draw)

#: The stage of play (:func:`.stages.stage`) of each draw: the chance kind open there.
STAGES = ("start", "board", "plan", "tile", "tile", "time", "card", "strozzi")
#: The clause each draw follows (what refuses a player's action while chance draws).
CLAUSES = (C + "setup.first_debutants", C + "setup.board", C + "setup.board", C + "setup.disc",
           C + "cleanup.disc", C + "cleanup.disc", C + "setup.decks", C + "solo.cards")


def pile(state: State) -> tuple[int, ...]:
    """The pile chance's next draw takes from (items: families, boards, plan cards,
    location indices, times, scandal cards, Strozzi's cards)."""
    entry = state.draws[0]
    kind = entry[0]
    if kind <= _PLAN:
        return state.piles[kind]            # the set-up's piles, in Draw's order
    if kind <= _SECTOR:
        return cleanup.location_pile(state)
    if kind == _TIME:
        return state.time_stack
    if kind == _CARD:
        deck = state.decks[entry[2]]
        return deck if deck else cards.scandal_pile(state, entry[2])[0]
    return solo.strozzi_pile(state)


# the prebuilt outcome of each item, and the item of each outcome, by action class
_OUTCOMES: dict[type, Callable[[Prebuilt], Sequence[Any]]] = {
    StartDrawn: lambda b: b.start, BoardDrawn: lambda b: b.board, PlanDrawn: lambda b: b.plan,
    TileDrawn: lambda b: b.tile, TimeDrawn: lambda b: b.time, CardDrawn: lambda b: b.card,
    StrozziDrawn: lambda b: b.strozzi}
_ITEM: dict[type, Callable[[Any], int]] = {
    StartDrawn: lambda a: a.family, BoardDrawn: lambda a: a.board, PlanDrawn: lambda a: a.plan,
    TileDrawn: lambda a: a.location - 1, TimeDrawn: lambda a: a.time,
    CardDrawn: lambda a: a.card, StrozziDrawn: lambda a: a.card}


def options(action: type) -> Callable[[State, Any], Sequence[Any]]:
    """The options generator of a chance kind: every distinct item of :func:`pile`
    (only ``like``'s item, if given and in the pile)."""
    outcomes, item = _OUTCOMES[action], _ITEM[action]

    def listed(state: State, like: Any) -> Sequence[Any]:
        items = pile(state)
        table = outcomes(state.rules.tables.actions)
        if like is not None:
            wanted = item(like)
            return (table[wanted],) if wanted in items else ()
        return [table[i] for i in draw_outcomes(items)]
    return listed


@implements(C + "setup.board", C + "setup.disc", C + "setup.decks", C + "setup.first_debutants",
            C + "cleanup.disc", C + "solo.cards")
def probability(state: State, outcome: Drawn) -> Fraction:
    """Every item left in the pile is as likely as its share of it."""
    return draw_probability(pile(state), _ITEM[type(outcome)](outcome))


def seeded(state: State) -> Drawn:
    """A seeded game's chance draws the top of the pile (laid out by its seeded shuffle)."""
    return state.rules.tables.actions.drawn[state.draws[0][0]][seeded_draw(pile(state))]


# ------------------------------------------------------------------ effects

@implements(C + "setup.first_debutants")
def start_drawn(state: State, action: StartDrawn) -> State:
    """The family receives the start coin; the family to its right places first."""
    f = action.family
    piles = replaced(state.piles, setup.START_PILE, drawn(state.piles[setup.START_PILE], f))
    return _after(state, {"start": f, "current": (f - 1) % state.families, "piles": piles})


@implements(C + "setup.board")
def board_drawn(state: State, action: BoardDrawn) -> State:
    piles = replaced(state.piles, setup.BOARD_PILE,
                     drawn(state.piles[setup.BOARD_PILE], action.board))
    return _after(state, {"boards": replaced(state.boards, state.draws[0][1], action.board),
                          "piles": piles})


@implements(C + "setup.board")
def plan_drawn(state: State, action: PlanDrawn) -> State:
    piles = replaced(state.piles, setup.PLAN_PILE, drawn(state.piles[setup.PLAN_PILE], action.plan))
    return _after(state, {"plans": replaced(state.plans, state.draws[0][1], action.plan),
                          "piles": piles})


@implements(C + "setup.disc", C + "cleanup.disc")
def tile_drawn(state: State, action: TileDrawn) -> State:
    """A carriage starts at the tile's location, or a sector shows it and it becomes its
    Medici's target (from the stack, once it is empty from the used tiles beneath)."""
    entry = state.draws[0]
    loc = action.location - 1
    if entry[0] == _CARRIAGE:
        return _after(state, {"carriages": replaced(state.carriages, entry[1], loc),
                              "loc_stack": drawn(state.loc_stack, loc)})
    _, sector, m = entry
    return _after(state, cleanup.sector_tile(state, sector, m, loc))


@implements(C + "setup.disc", C + "cleanup.disc")
def time_drawn(state: State, action: TimeDrawn) -> State:
    return _after(state, cleanup.time_tile(state, state.draws[0][1], action.time))


@implements(C + "setup.decks", C + "hand.limit", C + "solo.scandal")
def card_drawn(state: State, action: CardDrawn) -> State:
    """:func:`.cards.card_drawn`, then the next deal or what follows the deals."""
    _, family, medici, why = state.draws[0]
    parts = cards.card_drawn(state.rules, state.seed, cards.card_parts(state), family, medici,
                             action.card, why)
    return _after(state, cards.card_changes(parts))


def strozzi_drawn(state: State, action: StrozziDrawn) -> State:
    """:func:`.solo.strozzi_drawn`: Strozzi's card is carried out and play goes on."""
    return solo.strozzi_drawn(state, action)


def _after(state: State, changes: dict[str, Any]) -> State:
    """``state`` with the ``changes`` of its first draw, which is done: the next draw (deals
    that draw nothing are settled first), or after the last one play as ``state.resume``
    says."""
    rest = state.draws[1:]
    if not rest:
        then = state.resume
        return _resume(state._replace(draws=rest, resume=Resume.NOTHING, **changes), then)
    state = state._replace(draws=rest, **changes)
    if rest[0][0] != _CARD:
        return state
    state = cards.dealing(state)
    return state if state.draws else resume(state)


def resume(state: State) -> State:
    """Play after the last draw, as ``state.resume`` says (see :func:`_resume`)."""
    then = state.resume
    if then == Resume.NOTHING:
        return state
    return _resume(state._replace(resume=Resume.NOTHING), then)


@implements(C + "setup.first_debutants", C + "round.sequence")
def _resume(state: State, then: Resume) -> State:
    """Play after the last draw: the set-up's last steps, the Medici phase's offers or
    clean-up, the next round's start, or nothing (a decision is due already)."""
    if then == Resume.NOTHING:
        return state
    if then == Resume.SETUP:
        return setup.finish(state)
    if then == Resume.MEDICI:
        return medici.after_deals(state)
    return turns.start_round(state)
