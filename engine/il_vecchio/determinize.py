"""A state a seat of Il Vecchio cannot tell from the true one, for search (issue 33).

:func:`sample` is the game's ``determinize``: everything :mod:`.view` hides from the seat is
drawn anew from the items the seat cannot locate, and the rest is kept:

* the city council tiles (il_vecchio:setup.tiles): the face-down stack, the tiles another
  player gained and has not turned up yet (il_vecchio:action.florence.council_reveal) and
  those he drew from the stack to choose from (il_vecchio:action.florence.tiles) share the
  council tiles the seat does not see;
* the nobility tiles likewise: the stack, the other players' tiles until the end shows
  them (il_vecchio:action.florence.nobility, il_vecchio:scoring.nobility_tiles) and the
  ones another player drew to choose from;
* the council tiles another player drew at the set-up (il_vecchio:setup.council_choice):
  while the set-up deals they come from the unseen tiles like the stack; the one he kept
  lies face up and stays in his offer, the others are drawn from the tiles that were
  neither kept nor in the seat's own offer;
* the order of the Medici crests not yet seen (il_vecchio:setup.crests,
  il_vecchio:event.crest).

The sample has no seed: chance's future is open, each roll and draw waits as in a game
made with ``seed=None``. Every pool is sorted before it is shuffled, so the sample depends
on what the seat sees and the ``rng`` only, never on where the hidden items truly are.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from regelwerk.engine.core.draws import below, shuffle
from regelwerk.engine.il_vecchio.board import COUNCIL
from regelwerk.engine.il_vecchio.state import (
    NEED_DRAW_TILES,
    NEED_FLORENCE_TILE,
    OVER,
    SETUP_COUNCIL,
    Pending,
    State,
)


def reshuffled(items: Iterable[int], rng: Random) -> list[int]:
    """``items`` in an order drawn by ``rng`` alone (sorted first: their old order is lost)."""
    pool = sorted(items)
    shuffle(rng, pool)
    return pool


def _with_kept(drawn: list[int], kept: int | None, rng: Random) -> tuple[int, ...]:
    """A set-up offer: the ``drawn`` tiles, and the ``kept`` one (if any) among them at a
    place ``rng`` draws (the offer lies face down: its order is not seen)."""
    if kept is not None:
        drawn.insert(below(rng, len(drawn) + 1), kept)
    return tuple(drawn)


def sample(state: State, seat: int, rng: Random) -> State:
    """A full, playable state that ``seat`` cannot tell from ``state`` (see the module's
    docstring), with ``seed=None``."""
    over = state.phase == OVER
    dealing = state.phase == SETUP_COUNCIL
    players = list(state.players)
    others = [p for p in range(len(players)) if p != seat]
    drawing = [i for i, need in enumerate(state.pending) if need.player != seat
               and need.need in (NEED_DRAW_TILES, NEED_FLORENCE_TILE)]
    kept: list[int | None] = [player.council_up[0] if player.council_up else None
                              for player in players]
    # the unseen tiles of each stack: every face-down place the seat cannot look into
    council = [*state.council_pile]
    nobility = [*state.nobility_pile]
    for p in others:
        council += players[p].council_down
        if not over:
            nobility += players[p].nobility
        if dealing:
            council += [tile for tile in state.setup_offer[p] if tile != kept[p]]
    for i in drawing:
        (council if state.pending[i].arg == COUNCIL else nobility).extend(state.pending[i].options)
    council, nobility = reshuffled(council, rng), reshuffled(nobility, rng)
    # dealt back into the same places, in the same counts
    offers = list(state.setup_offer)
    returned: list[int] = []
    if not dealing:     # the set-up's offers are past: their tiles not kept, as they could be
        gone = {tile for tile in kept if tile is not None} | set(state.setup_offer[seat])
        returned = reshuffled((t for t in range(len(state.rules.council_tiles)) if t not in gone),
                              rng)
    for p in others:
        player = players[p]
        if not over:
            player = player._replace(nobility=tuple(nobility.pop() for _ in player.nobility))
        players[p] = player._replace(
            council_down=tuple(council.pop() for _ in player.council_down))
        offer = state.setup_offer[p]
        if offer:
            known = kept[p]
            unknown = len(offer) - (known is not None)
            source = council if dealing else returned
            offers[p] = _with_kept([source.pop() for _ in range(unknown)], known, rng)
    pending = list(state.pending)
    for i in drawing:
        need = pending[i]
        source = council if need.arg == COUNCIL else nobility
        pending[i] = Pending(need.need, need.player, need.arg,
                             tuple(source.pop() for _ in need.options))
    return state._replace(
        seed=None, players=tuple(players), setup_offer=tuple(offers), pending=tuple(pending),
        council_pile=tuple(council), nobility_pile=tuple(nobility),
        crest_pile=tuple(reshuffled(state.crest_pile, rng)))
