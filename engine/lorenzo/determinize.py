"""A state a seat of Lorenzo il Magnifico cannot tell from the true one, for search (issue 33).

:func:`sample` is the game's ``determinize``: everything :mod:`.view` hides from the seat is
drawn anew from the items the seat cannot locate, and the rest is kept:

* the leader cards in the other players' hands and in the hands they draft from
  (lorenzo:advanced.leader_draft), and while they are dealt the leaders not dealt yet: from
  every leader the seat does not see in its own hands or played face up
  (lorenzo:leader.play);
* each development deck (lorenzo:setup.decks): its cards show their period on the back,
  so the cards of one period trade places among that period's places in the deck
  (the round lays them face up, lorenzo:round.cards);
* the order of the set-up's pile for the first turn order (lorenzo:setup.order).

The sample has no seed: chance's future is open, each draw and roll waits as in a game made
with ``seed=None``. Every pool is sorted before it is shuffled, so the sample depends on
what the seat sees and the ``rng`` only, never on where the hidden items truly are.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from regelwerk.engine.core.draws import shuffle
from regelwerk.engine.lorenzo.rules import Rules
from regelwerk.engine.lorenzo.state import LEADERS, State


def reshuffled(items: Iterable[int], rng: Random) -> list[int]:
    """``items`` in an order drawn by ``rng`` alone (sorted first: their old order is lost)."""
    pool = sorted(items)
    shuffle(rng, pool)
    return pool


def _deck(rules: Rules, deck: tuple[int, ...], rng: Random) -> tuple[int, ...]:
    """``deck`` with the cards of each period (their backs) drawn anew among its places."""
    cards = rules.cards
    periods = sorted({cards[card].period for card in deck})
    pools = {period: reshuffled((c for c in deck if cards[c].period == period), rng)
             for period in periods}
    return tuple(pools[cards[card].period].pop() for card in deck)


def sample(state: State, seat: int, rng: Random) -> State:
    """A full, playable state that ``seat`` cannot tell from ``state`` (see the module's
    docstring), with ``seed=None``."""
    rules = state.rules
    others = [p for p in range(len(state.players)) if p != seat]
    dealing = state.stage == LEADERS        # the pile holds the leaders not dealt yet
    seen = set(state.players[seat].hand)
    if state.hands:
        seen.update(state.hands[seat])
    for player in state.players:
        seen.update(player.leaders)
    unseen = reshuffled((leader for leader in range(len(rules.leaders)) if leader not in seen),
                        rng)
    players = list(state.players)
    hands = list(state.hands)
    for p in others:
        players[p] = players[p]._replace(hand=tuple(unseen.pop() for _ in players[p].hand))
        if hands:
            hands[p] = tuple(unseen.pop() for _ in hands[p])
    if dealing:
        pile = tuple(unseen[len(unseen) - len(state.pile):]) if state.pile else ()
    else:
        pile = tuple(reshuffled(state.pile, rng))
    return state._replace(
        seed=None, players=tuple(players), hands=tuple(hands), pile=pile,
        decks=tuple(_deck(rules, deck, rng) for deck in state.decks))
