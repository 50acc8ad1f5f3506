"""Scandal cards given out: the hand limit, drawing from a Medici's pile, reshuffles.

Chance (seeded): each Medici's pile is shuffled at setup with
``seeded_rng(seed, "deck", medici, 0)`` and the next card is the last one; an
empty pile is refilled from its discards, shuffled with
``seeded_rng(seed, "deck", medici, shuffles)``. Strozzi (the solo automa) takes
no scandal cards: his are discarded for time (:func:`automa_scandal`).
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz.board import gain
from regelwerk.engine.florenz.rules import Rules
from regelwerk.engine.florenz.state import State

C = "florenz:"


def card_medici(rules: Rules, card: int) -> int:
    """The Medici whose pile a card belongs to (card ids are ``medici * 4 + kind``)."""
    return card // len(rules.scandal_kinds[0])


def scandal_pile(state: State, medici: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``(deck, discards, shuffles)`` of a Medici's scandal cards, ready to draw from:
    an empty deck is refilled from its shuffled discards (seeded chance)."""
    return pile(state.seed, medici, state.decks[medici], state.discards[medici], state.shuffles)


@implements(C + "setup.decks")
def pile(seed: int | None, medici: int, deck: tuple[int, ...], discards: tuple[int, ...],
         shuffles: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """:func:`scandal_pile` from the parts of the state it reads."""
    if not deck and discards:
        shuffles += 1
        cards = list(discards)
        seeded_rng(seed, "deck", medici, shuffles).shuffle(cards)  # type: ignore[arg-type]
        deck, discards = tuple(cards), ()
    return deck, discards, shuffles


def card_parts(state: State) -> list[Any]:
    """What giving scandal cards changes: ``[decks, discards, shuffles, hands, clock]``
    (a list :func:`deal` updates in place, so a Medici phase builds its state once)."""
    return [state.decks, state.discards, state.shuffles, state.hands, state.clock]


def with_card_parts(state: State, cards: list[Any], **changes: Any) -> State:
    """``state`` with the parts of :func:`card_parts` (and ``changes``) written back."""
    decks, discards, shuffles, hands, clock = cards
    return state._replace(decks=decks, discards=discards, shuffles=shuffles, hands=hands,
                          clock=clock, **changes)


@implements(C + "hand.limit", C + "setup.decks")
def give_card(state: State, family: int, medici: int) -> State:
    """``family`` is given one scandal card of ``medici`` (hand limit; reshuffle when empty)."""
    cards = card_parts(state)
    deal(state.rules, state.seed, cards, family, medici)
    return with_card_parts(state, cards)


@implements(C + "hand.limit", C + "setup.decks")
def deal(rules: Rules, seed: int | None, cards: list[Any], family: int, medici: int) -> None:
    """:func:`give_card` on the parts of a state it changes (``cards``, see :func:`card_parts`;
    updated in place)."""
    if family == rules.automa:
        automa_scandal(rules, seed, cards, medici)
        return
    decks, discards, shuffles, hands, clocks = cards
    _, clock, drawn = rules.fns.receive_card(len(hands[family]), clocks[family],
                                             rules.hand_limit, rules.overflow_time,
                                             rules.clock_max)
    cards[4] = replaced(clocks, family, clock)
    if not drawn:
        return
    deck, rest, shuffles = pile(seed, medici, decks[medici], discards[medici], shuffles)
    if not deck:
        return      # every card of this Medici is in hands
    cards[0] = replaced(decks, medici, deck[:-1])
    cards[1] = replaced(discards, medici, rest)
    cards[2] = shuffles
    cards[3] = replaced(hands, family, hands[family] + (deck[-1],))


@implements(C + "solo.scandal", C + "solo.easier")
def automa_scandal(rules: Rules, seed: int | None, cards: list[Any], medici: int) -> None:
    """A scandal card for Strozzi is discarded; he gains time instead (not when easier).
    On the parts of a state it changes (``cards``, see :func:`card_parts`; updated in place)."""
    a = rules.automa
    decks, discards, shuffles, _, clock = cards
    deck, rest, shuffles = pile(seed, medici, decks[medici], discards[medici], shuffles)
    if deck:
        cards[0] = replaced(decks, medici, deck[:-1])
        cards[1] = replaced(discards, medici, (*rest, deck[-1]))
        cards[2] = shuffles
    if rules.tables.solo_level != "easier":
        cards[4] = gain(clock, a, rules.tables.solo_scandal_time, rules)
