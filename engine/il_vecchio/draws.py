"""Chance's hidden outcomes as chance nodes: the middlemen's start, the council tiles
offered at set-up, an office's tiles and the crests, and the game's one :class:`Chance`.

Chance acts (``State.current_player`` is ``CHANCE``) while it deals the set-up
(:meth:`~.state.State.dealing`: first the middlemen, then each player's council
tiles, player by player) and whenever a chance entry is first in the queue:
a roll (:mod:`.dice`), a crest just taken (``Need.CREST``) or an office's tiles
(``Need.DRAW_TILES``, one draw at a time until ``rules.tiles_drawn`` tiles are
drawn or the stack is empty; then the player picks one).

A draw can show any item still in its pile, each as likely as its share
(:mod:`regelwerk.engine.core.piles`); a seeded game draws the top, so it plays
exactly as when the effects took the tiles and crests themselves. The
middlemen's start is uniform over ``rules.tables.middleman_setups``; a seeded
game picks it by its chance event number ``state.chance``, as before.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.piles import draw_outcomes, draw_probability, drawn, seeded_draw
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.il_vecchio import dice
from regelwerk.engine.il_vecchio.actions import (
    ChanceOutcome,
    CrestDrawn,
    MiddlemenPlaced,
    Roll,
    TileDrawn,
)
from regelwerk.engine.il_vecchio.board import COUNCIL
from regelwerk.engine.il_vecchio.chance import chance_rng
from regelwerk.engine.il_vecchio.rules import C, illegal
from regelwerk.engine.il_vecchio.state import (
    NEED_CREST,
    NEED_DRAW_TILES,
    NEED_FLORENCE_TILE,
    Pending,
    State,
)


def pile_of(state: State, track: int) -> tuple[int, ...]:
    """The face-down stack of the Florence ``track`` (council or nobility), top last."""
    return state.council_pile if track == COUNCIL else state.nobility_pile


def drawing_track(state: State) -> int | None:
    """The track whose stack chance draws from now (``None``: no tile draw is due)."""
    if state.pending:
        due = state.pending[0]
        return due.arg if due.need == NEED_DRAW_TILES else None
    return COUNCIL if state.dealing() and state.middlemen else None


# ------------------------------------------------------------------ the middlemen's start

@implements(C + "setup.middlemen")
def middlemen_options(state: State, like: MiddlemenPlaced | None) -> Iterator[MiddlemenPlaced]:
    """Every start position of the middlemen that keeps the limit per area."""
    outcomes = state.rules.tables.middlemen_placed
    if like is not None:
        if 0 <= like.setup < len(outcomes):
            yield like
        return
    yield from outcomes


@implements(C + "setup.middlemen")
def middlemen_placed(state: State, action: MiddlemenPlaced) -> State:
    """The middlemen stand at their start position (a chance event of its own)."""
    return state._replace(middlemen=state.rules.tables.middleman_setups[action.setup],
                          chance=state.chance + 1)


# ------------------------------------------------------------------ tiles

@implements(C + "setup.council_choice", C + "action.florence.tiles")
def tile_options(state: State, like: TileDrawn | None) -> Iterator[TileDrawn]:
    """Any tile still in the stack drawn from."""
    track = drawing_track(state)
    if track is None:
        return
    pile = pile_of(state, track)
    if like is not None:
        if like.track == track and like.tile in pile:
            yield like
        return
    outcomes = state.rules.tables.tile_drawn[track]
    yield from (outcomes[tile] for tile in draw_outcomes(pile))


def explain_tile(state: State, action: TileDrawn) -> IllegalAction | None:
    """A tile that is not in the stack drawn from (the set-up's council stack or the
    office's)."""
    clause = "action.florence.tiles" if state.pending else "setup.council_choice"
    return illegal(clause, N_("Chance can only draw a tile that is still in the stack it draws "
                              "from, not {action!r}."), action=action)


@implements(C + "setup.council_choice", C + "action.florence.tiles")
def tile_drawn(state: State, action: TileDrawn) -> State:
    """The tile leaves its stack: into the offer of the first player who has fewer than
    ``rules.council_draw`` tiles (set-up), or among an office's drawn tiles, which the
    player chooses from once ``rules.tiles_drawn`` are drawn or the stack is empty."""
    track, tile = action.track, action.tile
    pile = drawn(pile_of(state, track), tile)
    if not state.pending:                   # set-up: the council stack
        offer = state.setup_offer
        k = state.rules.council_draw
        p = 0
        while len(offer[p]) >= k:
            p += 1
        return state._replace(council_pile=pile, setup_offer=replaced(offer, p, (*offer[p], tile)))
    due = state.pending[0]
    got = (*due.options, tile)
    need = NEED_DRAW_TILES if pile and len(got) < state.rules.tiles_drawn else NEED_FLORENCE_TILE
    pending = (Pending(need, due.player, track, got), *state.pending[1:])
    if track == COUNCIL:
        return state._replace(council_pile=pile, pending=pending)
    return state._replace(nobility_pile=pile, pending=pending)


# ------------------------------------------------------------------ crests

@implements(C + "event.crest", C + "setup.crests")
def crest_options(state: State, like: CrestDrawn | None) -> Iterator[CrestDrawn]:
    """Any event of a crest not yet seen (on the board or left in the box)."""
    pile = state.crest_pile
    if like is not None:
        if like.event in pile:
            yield like
        return
    outcomes = state.rules.tables.crest_drawn
    yield from (outcomes[event] for event in draw_outcomes(pile))


# ------------------------------------------------------------------ the game's chance

def probability(state: State, outcome: ChanceOutcome) -> Fraction:
    """How likely chance's ``outcome`` is at this chance node."""
    match outcome:
        case Roll():
            return dice.roll_probability(state, outcome)
        case MiddlemenPlaced():
            return Fraction(1, len(state.rules.tables.middleman_setups))
        case TileDrawn(track=track, tile=tile):
            return draw_probability(pile_of(state, track), tile)
        case CrestDrawn(event=event):
            return draw_probability(state.crest_pile, event)


def seeded_outcome(state: State) -> ChanceOutcome:
    """What a seeded game's chance picks here: the roll of the chance event the roll
    keeps, the middlemen's start by the next chance event, the top of a pile."""
    tables = state.rules.tables
    if state.pending:
        due = state.pending[0]
        if due.need == NEED_DRAW_TILES:
            return tables.tile_drawn[due.arg][seeded_draw(pile_of(state, due.arg))]
        if due.need == NEED_CREST:
            return tables.crest_drawn[seeded_draw(state.crest_pile)]
        return dice.seeded_outcome(state)
    if not state.dealing():
        return dice.seeded_outcome(state)
    if not state.middlemen:
        assert state.seed is not None
        outcomes = tables.middlemen_placed
        return outcomes[chance_rng(state.seed, state.chance).randrange(len(outcomes))]
    return tables.tile_drawn[COUNCIL][seeded_draw(state.council_pile)]
