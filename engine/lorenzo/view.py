"""What each seat of Lorenzo il Magnifico may see (issue 33): :data:`VIEWS`.

Hidden from a seat, by the rules:

* the **leader cards in the other players' hands** (advanced game): dealt and drafted into
  the hands (lorenzo:advanced.leader_draft), laid face up only when played
  (lorenzo:leader.play); a seat sees how many each holds, and the hand it picks from in the
  draft is its own;
* the **development decks**: face down beside their towers (lorenzo:setup.decks), each card
  showing its period on its back; a seat sees how many cards of each period a deck holds,
  not which nor in what order, until the round lays them face up in the towers
  (lorenzo:round.cards);
* the set-up's piles chance draws from (the first turn order, lorenzo:setup.order; the
  leaders dealt): how many, not which.

The excommunication tiles of the game lie on the board for everyone to see
(lorenzo:setup.excommunication). A hidden development card is :data:`HIDDEN` less its
period (its back), any other hidden item :data:`HIDDEN`.
"""

from __future__ import annotations

from regelwerk.engine.core.game import HIDDEN, Views
from regelwerk.engine.lorenzo.state import State


def _face_down(items: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(items)


def mask(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it (see the module's docstring for the clauses)."""
    cards = state.rules.cards
    return state._replace(
        players=tuple(player if number == seat else player._replace(hand=_face_down(player.hand))
                      for number, player in enumerate(state.players)),
        hands=tuple(hand if number == seat else _face_down(hand)
                    for number, hand in enumerate(state.hands)),
        decks=tuple(tuple(HIDDEN - cards[card].period for card in deck) for deck in state.decks),
        pile=_face_down(state.pile))


#: Lorenzo's declaration of what each seat sees.
VIEWS: Views[State] = Views(mask)
