"""What each seat of Florenz may see (issue 33): :data:`VIEWS`, the game's ``views``.

Hidden from a seat, by the rules:

* the other families' **plan cards** (florenz:setup.board: every family draws a secret
  plan card; Strozzi's in the harder solo game, florenz:solo.harder), until the end
  scoring shows them (florenz:end.plan);
* the **kinds** of the scandal cards in the other families' hands: a seat sees how many
  each holds and, by their backs, of which Medici each is (cards are dealt from one
  Medici's deck, florenz:setup.decks, florenz:hand.limit); a card played or discarded
  lies face up on its Medici's discard pile (florenz:scandal.play,
  florenz:action.discard_for_time). No clause says in so many words that a hand is
  hidden: the view reads "hand" as the rulebook's cards held, as in every card game;
* every **face-down pile**: the scandal decks (florenz:setup.decks), the location and time
  tiles (florenz:setup.disc, florenz:cleanup.disc), Strozzi's deck (florenz:solo.setup,
  florenz:solo.cards) and the set-up's piles: a seat sees how many items each holds, not
  which nor in what order; the used location tiles beneath the stack are known, their
  order is not (florenz:setup.disc), as is the order of Strozzi's discards shuffled
  under his kept cards (florenz:solo.cleanup).

A hidden card is :data:`HIDDEN` less its Medici (the back the table sees), any other
hidden item :data:`HIDDEN`.
"""

from __future__ import annotations

from regelwerk.engine.core.game import CHANCE, HIDDEN, Views
from regelwerk.engine.florenz import position as words_of
from regelwerk.engine.florenz.cards import card_medici
from regelwerk.engine.florenz.state import Phase, State, to_move
from regelwerk.engine.florenz.words import card


def hidden_card(medici: int) -> int:
    """The placeholder of a card of ``medici`` whose face a seat does not see."""
    return HIDDEN - medici


def is_hidden(card_id: int) -> bool:
    """Whether ``card_id`` (a card, tile or plan card of a view) is a placeholder."""
    return card_id <= HIDDEN


def _face_down(pile: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(pile)


def mask(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it (see the module's docstring for the clauses)."""
    rules = state.rules
    over = state.phase == Phase.OVER
    plans = tuple(plan if family == seat or over or plan < 0 else HIDDEN
                  for family, plan in enumerate(state.plans))
    hands = tuple(hand if family == seat else
                  tuple(hidden_card(card_medici(rules, c)) for c in hand)
                  for family, hand in enumerate(state.hands))
    decks = tuple(tuple(hidden_card(medici) for _ in deck)
                  for medici, deck in enumerate(state.decks))
    automa = state.automa
    if automa is not None:
        automa = automa._replace(deck=_face_down(automa.deck), under=tuple(sorted(automa.under)))
    return state._replace(
        plans=plans, hands=hands, decks=decks, loc_stack=_face_down(state.loc_stack),
        loc_bottom=tuple(sorted(state.loc_bottom)), time_stack=_face_down(state.time_stack),
        piles=tuple(_face_down(pile) for pile in state.piles), automa=automa)


def position(view: State, seat: int, lang: str) -> str:
    """The view in words: the game's position, in which the hand of the family to move is
    shown only if it is the seat's own, and the seat's own hand beneath its line."""
    mover = to_move(view)
    hidden = mover not in (seat, CHANCE) and bool(view.hands[mover])
    if hidden:      # the position names the mover's cards: any of his Medici's, then cut
        per = len(view.rules.scandal_kinds[0])
        view = view._replace(hands=tuple(
            tuple((HIDDEN - c) * per for c in hand) if family == mover else hand
            for family, hand in enumerate(view.hands)))
    lines = words_of.position(view, lang).split("\n")
    if mover == seat or (not view.hands[seat] and mover == CHANCE):
        return "\n".join(lines)
    # the lines: the head, then each family's, the mover's hand, the scandal card it is
    # playing (public: played face up) and Strozzi's choice waiting for it beneath the
    # mover's (words_of.position)
    if hidden:
        del lines[2 + mover]            # another family's hand: hidden from this seat
    if view.hands[seat]:
        waiting = view.automa is not None and bool(view.automa.pending)
        beneath = int(waiting) + int(bool(view.scandal))
        at = 2 + seat + (beneath if mover != CHANCE and mover < seat else 0)
        lines.insert(at, words_of.HAND(lang, cards=", ".join(card(view, c, lang)
                                                             for c in view.hands[seat])))
    return "\n".join(lines)


#: Florenz's declaration of what each seat sees.
VIEWS: Views[State] = Views(mask, position)
