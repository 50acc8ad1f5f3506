"""What each seat of Il Vecchio may see (issue 33): :data:`VIEWS`, the game's ``views``.

Hidden from a seat, by the rules:

* the **nobility tiles** of the other players: kept face down, only their owner looks at
  them (il_vecchio:action.florence.nobility), until they score at the end
  (il_vecchio:scoring.nobility_tiles); a seat sees how many each holds;
* a **city council tile** another player gained in play, face down until his next turn
  begins (il_vecchio:action.florence.council_reveal); then it lies face up;
* the council tiles another player drew at the set-up: he keeps one face up and returns
  the others unseen (il_vecchio:setup.council_choice), and the tiles another player takes
  from a Florence stack to choose from (il_vecchio:action.florence.tiles); a seat sees how
  many;
* the **face-down stacks**: the Medici crests (il_vecchio:setup.crests, turned over one by
  one as they are taken, il_vecchio:event.crest) and the city council and nobility stacks
  (il_vecchio:setup.tiles): how many, not which nor in what order.

Province tiles lie face up in the regions and in front of their owners
(il_vecchio:action.province.tile). Every hidden item is :data:`HIDDEN`.
"""

from __future__ import annotations

from regelwerk.engine.core.game import HIDDEN, Views
from regelwerk.engine.il_vecchio.state import (
    NEED_DRAW_TILES,
    NEED_FLORENCE_TILE,
    OVER,
    Pending,
    Player,
    State,
)


def _face_down(items: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(items)


def _player(player: Player, over: bool) -> Player:
    """Another player as a seat sees him."""
    return player._replace(council_down=_face_down(player.council_down),
                           nobility=player.nobility if over else _face_down(player.nobility))


def _pending(need: Pending, seat: int) -> Pending:
    """A decision in the queue: the tiles drawn to choose from are the chooser's."""
    if need.player != seat and need.need in (NEED_DRAW_TILES, NEED_FLORENCE_TILE):
        return need._replace(options=_face_down(need.options))
    return need


def mask(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it (see the module's docstring for the clauses)."""
    over = state.phase == OVER
    return state._replace(
        players=tuple(player if number == seat else _player(player, over)
                      for number, player in enumerate(state.players)),
        setup_offer=tuple(offer if number == seat else _face_down(offer)
                          for number, offer in enumerate(state.setup_offer)),
        pending=tuple(_pending(need, seat) for need in state.pending),
        crest_pile=_face_down(state.crest_pile), council_pile=_face_down(state.council_pile),
        nobility_pile=_face_down(state.nobility_pile))


#: Il Vecchio's declaration of what each seat sees.
VIEWS: Views[State] = Views(mask)
