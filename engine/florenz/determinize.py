"""A state a seat of Florenz cannot tell from the true one, for search (issue 33).

:func:`sample` is the game's ``determinize``: everything :mod:`.view` hides from the seat is
drawn anew from the items the seat cannot locate, and the rest is kept:

* the scandal cards of each Medici in the other families' hands and in his deck
  (florenz:setup.decks, florenz:hand.limit): a hand keeps its cards' backs, so each card
  is drawn from the unseen cards of its own Medici, and the deck holds the rest;
* the other families' plan cards (florenz:setup.board; Strozzi's in the harder solo game,
  florenz:solo.harder), from every plan card the seat does not see, until the end scoring
  shows them (florenz:end.plan); during the set-up the plan pile holds the rest;
* the order of every face-down pile: the location and time tiles and the used location
  tiles beneath the stack (florenz:setup.disc, florenz:cleanup.disc), Strozzi's deck and
  the discards to go beneath it (florenz:solo.cards, florenz:solo.cleanup), and the
  set-up's piles.

The sample has no seed: chance's future is open, each draw waits as in a game made with
``seed=None``. Every pool is sorted before it is shuffled, so the sample depends on what
the seat sees and the ``rng`` only, never on where the hidden items truly are.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from regelwerk.engine.core.draws import shuffle
from regelwerk.engine.florenz.cards import card_medici
from regelwerk.engine.florenz.setup import PLAN_PILE
from regelwerk.engine.florenz.state import Phase, State


def reshuffled(items: Iterable[int], rng: Random) -> list[int]:
    """``items`` in an order drawn by ``rng`` alone (sorted first: their old order is lost)."""
    pool = sorted(items)
    shuffle(rng, pool)
    return pool


def sample(state: State, seat: int, rng: Random) -> State:
    """A full, playable state that ``seat`` cannot tell from ``state`` (see the module's
    docstring), with ``seed=None``."""
    rules = state.rules
    others = [family for family in range(len(state.hands)) if family != seat]
    # the scandal cards: per Medici, his deck and the backs of his cards in other hands
    pools = [list(deck) for deck in state.decks]
    for family in others:
        for card in state.hands[family]:
            pools[card_medici(rules, card)].append(card)
    pools = [reshuffled(pool, rng) for pool in pools]
    hands = list(state.hands)
    for family in others:
        hands[family] = tuple(pools[card_medici(rules, card)].pop()
                              for card in state.hands[family])
    # the plan cards: the other families' secret ones, and the plan pile while it lasts
    over = state.phase == Phase.OVER
    secret = [family for family in others if state.plans[family] >= 0 and not over]
    seen = {plan for family, plan in enumerate(state.plans) if family not in secret}
    plans = list(state.plans)
    unseen = reshuffled((plan for plan in range(len(rules.plan_cards)) if plan not in seen), rng)
    for family in secret:
        plans[family] = unseen.pop()
    piles = list(state.piles)
    for index, pile in enumerate(piles):
        if index == PLAN_PILE:
            piles[index] = tuple(unseen[len(unseen) - len(pile):]) if pile else ()
        else:
            piles[index] = tuple(reshuffled(pile, rng))
    automa = state.automa
    if automa is not None:
        automa = automa._replace(deck=tuple(reshuffled(automa.deck, rng)),
                                 under=tuple(reshuffled(automa.under, rng)))
    return state._replace(
        seed=None, hands=tuple(hands), decks=tuple(tuple(pool) for pool in pools),
        plans=tuple(plans), piles=tuple(piles), automa=automa,
        loc_stack=tuple(reshuffled(state.loc_stack, rng)),
        loc_bottom=tuple(reshuffled(state.loc_bottom, rng)),
        time_stack=tuple(reshuffled(state.time_stack, rng)))
