"""Scandal cards given out: the hand limit, drawing from a Medici's pile, reshuffles.

Each Medici's pile is shuffled at setup (:func:`.setup.setup`, by
``seeded_rng(seed, "deck", medici, 0)``) and an empty pile is refilled from its
discards, shuffled by ``seeded_rng(seed, "deck", medici, shuffles)``
(:func:`pile`). Which card a family receives is chance's: a deal waits in
``state.draws`` as ``(Draw.CARD, family, medici, why)`` until chance draws it
(:class:`~.actions.CardDrawn`, :mod:`.chance`); :func:`dealing` settles the
deals that draw nothing (a full hand, an empty pile) on its own, and in a seeded
game draws every card at once. Strozzi (the solo automa) keeps no scandal
cards: his are discarded for time (in the easier game only those of a spy: ``why``
tells a spy's card, :data:`SPY`, from the top cup's, :data:`REWARD`).
"""

from __future__ import annotations

from typing import Any, Final

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.piles import drawn, seeded_draw, shuffled
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz.board import gain
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.rules import Rules
from regelwerk.engine.florenz.state import Draw, State

C = prefix(ID)
_CARD: Final = int(Draw.CARD)
#: Why a family is given a scandal card (the last item of a deal): the top cup where a
#: Medici arrives (medici.boast_reward), or a spy there (guard.spy).
REWARD, SPY = 0, 1


def card_medici(rules: Rules, card: int) -> int:
    """The Medici whose pile a card belongs to (card ids are ``medici * 4 + kind``)."""
    return card // len(rules.scandal_kinds[0])


def scandal_pile(state: State, medici: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``(deck, discards, shuffles)`` of a Medici's scandal cards, ready to draw from:
    an empty deck is refilled from its shuffled discards."""
    return pile(state.seed, medici, state.decks[medici], state.discards[medici], state.shuffles)


@implements(C + "setup.decks")
def pile(seed: int | None, medici: int, deck: tuple[int, ...], discards: tuple[int, ...],
         shuffles: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """:func:`scandal_pile` from the parts of the state it reads."""
    if not deck and discards:
        shuffles += 1
        return shuffled(discards, seed, "deck", medici, shuffles), (), shuffles
    return deck, discards, shuffles


#: The parts of a state that giving out scandal cards changes: decks, discards,
#: shuffles, hands, clock (see :func:`card_drawn`).
Cards = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int,
              tuple[tuple[int, ...], ...], tuple[int, ...]]


def card_parts(state: State) -> Cards:
    """The parts of ``state`` that giving out scandal cards changes (:data:`Cards`)."""
    return state.decks, state.discards, state.shuffles, state.hands, state.clock


def card_changes(cards: Cards) -> dict[str, Any]:
    """:data:`Cards` as changes of a state (``_replace`` keywords)."""
    decks, discards, shuffles, hands, clock = cards
    return {"decks": decks, "discards": discards, "shuffles": shuffles, "hands": hands,
            "clock": clock}


@implements(C + "hand.limit", C + "setup.decks")
def give_card(state: State, family: int, medici: int, why: int = REWARD) -> State:
    """``family`` is to receive one scandal card of ``medici`` (for its cup, or ``why``
    :data:`SPY`): the deal joins ``state.draws`` and is settled (:func:`dealing`). If a
    card is drawn in a game with ``seed=None``, chance is to move: apply a
    :class:`~.actions.CardDrawn`."""
    return dealing(state, (*state.draws, (_CARD, family, medici, why)))


@implements(C + "hand.limit", C + "solo.scandal", C + "solo.easier")
def dealing(state: State, draws: tuple[tuple[int, ...], ...] | None = None,
            **changes: Any) -> State:
    """``state`` with ``draws`` (its own if not given) and ``changes``, the leading deals
    of the draws settled until one waits for chance's card.

    A family with a full hand gains time instead (``fns.receive_card``; for a spy's
    card nothing under the reading ``nothing`` of interp.spy_full_hand); a pile
    with no card left gives nothing (Strozzi still gains his time). A seeded game's
    chance draws each card at once, the top of the pile (``seeded_rng`` laid it
    out); with ``seed=None`` the first card to be drawn waits (chance's
    :class:`~.actions.CardDrawn`, :func:`card_drawn`).
    """
    if draws is None:
        draws = state.draws
    if draws and draws[0][0] == _CARD:
        rules = state.rules
        automa = rules.automa
        seed = state.seed
        decks, discards, shuffles, hands, clocks = cards = card_parts(state)
        while draws and draws[0][0] == _CARD:
            _, family, medici, why = draws[0]
            empty = not (decks[medici] or discards[medici])   # every card of his in hands
            if family == automa:
                if empty:
                    if strozzi_time(rules, why):
                        clocks = gain(clocks, automa, rules.tables.solo_scandal_time, rules)
                    draws = draws[1:]
                    continue
            else:
                _, clock, drawing = rules.fns.receive_card(len(hands[family]), clocks[family],
                                                           rules.hand_limit,
                                                           rules.overflow_time, rules.clock_max)
                if not drawing and why == SPY and rules.spy_full_hand_nothing:
                    clock = clocks[family]      # a spy's card beyond the limit: nothing
                if clock != clocks[family]:
                    clocks = replaced(clocks, family, clock)
                if not drawing or empty:        # a full hand, or no card left
                    draws = draws[1:]
                    continue
            if seed is None:
                break                           # chance draws the card
            decks, discards, shuffles, hands, clocks = card_drawn(
                rules, seed, (decks, discards, shuffles, hands, clocks), family, medici, None,
                why)
            draws = draws[1:]
        changed = (decks, discards, shuffles, hands, clocks)
        if changed != cards:
            changes.update(card_changes(changed))
    if draws is state.draws and not changes:
        return state
    return state._replace(draws=draws, **changes)


@implements(C + "hand.limit", C + "setup.decks", C + "solo.scandal", C + "solo.easier")
def card_drawn(rules: Rules, seed: int | None, cards: Cards, family: int, medici: int,
               card: int | None, why: int = REWARD) -> Cards:
    """``cards`` after ``card`` is drawn from ``medici``'s pile (reshuffled first if
    empty; ``None``: its top, a seeded game's draw) for ``family``: it goes into the
    family's hand; Strozzi's goes on the discards and he gains time instead
    (:func:`strozzi_time`)."""
    decks, discards, shuffles, hands, clock = cards
    deck, rest, shuffles = pile(seed, medici, decks[medici], discards[medici], shuffles)
    if card is None:
        card = seeded_draw(deck)
    decks = replaced(decks, medici, drawn(deck, card))
    if family == rules.automa:
        rest = (*rest, card)
        if strozzi_time(rules, why):
            clock = gain(clock, family, rules.tables.solo_scandal_time, rules)
    else:
        hands = replaced(hands, family, (*hands[family], card))
    if rest is not discards[medici]:
        discards = replaced(discards, medici, rest)
    return decks, discards, shuffles, hands, clock


@implements(C + "solo.scandal", C + "solo.easier")
def strozzi_time(rules: Rules, why: int) -> bool:
    """Whether Strozzi gains time for a scandal card given to him (then discarded): always,
    except in the easier game for the card of his top cup (a spy's card still gives it;
    interp.solo_easier_scandal)."""
    if rules.solo_level != "easier":
        return True
    return why == SPY and not rules.easier_every_card
