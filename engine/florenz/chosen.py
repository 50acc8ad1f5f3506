"""Games whose chance the caller chooses, played through :data:`.game.GAME`, for worked
examples and tests: :func:`set_up` (a ``seed=None`` game whose set-up draws are chosen) and
:func:`dealt` (chosen scandal cards given to a family). Both only ``apply`` chance's
outcomes, so what they build is a position play reaches. They sit above :mod:`.game`,
the one module that may play a whole game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regelwerk.engine.florenz.actions import (
    BoardDrawn,
    CardDrawn,
    Drawn,
    PlanDrawn,
    StartDrawn,
    TileDrawn,
    TimeDrawn,
)
from regelwerk.engine.florenz.cards import card_medici, give_card
from regelwerk.engine.florenz.game import GAME
from regelwerk.engine.florenz.rules import BOASTS
from regelwerk.engine.florenz.state import Draw, Phase, State


def set_up(options: Mapping[str, Any] | None = None, *, start: int | None = None,
           boards: Mapping[int, str] | None = None, plans: Sequence[int] = (),
           carriages: Sequence[int] = (), targets: Sequence[int] = (),
           times: Sequence[int] = ()) -> State:
    """A new game whose chance the caller decides (``seed=None``), set up by applying
    chance's outcomes: the chosen ones, every other draw the first outcome listed that no
    later choice needs. For worked examples and tests.

    ``start``: the family with the start coin; ``boards``: location number -> boast
    board name; ``plans``: plan card per family; ``carriages``: location number per
    Medici; ``targets``: location number per visible sector (its Medici's target);
    ``times``: time tile per visible sector from the second on. An impossible choice
    is refused by :func:`apply` (:class:`~regelwerk.engine.core.errors.IllegalAction`).
    """
    chosen: dict[tuple[int, ...], Drawn] = {}
    if start is not None:
        chosen[(Draw.START,)] = StartDrawn(start)
    for location, name in (boards or {}).items():
        chosen[(Draw.BOARD, location - 1)] = BoardDrawn(BOASTS.index(name))
    chosen.update(((Draw.PLAN, f), PlanDrawn(p)) for f, p in enumerate(plans))
    chosen.update(((Draw.CARRIAGE, m), TileDrawn(loc)) for m, loc in enumerate(carriages))
    chosen.update(((Draw.SECTOR, r), TileDrawn(loc)) for r, loc in enumerate(targets))
    chosen.update(((Draw.TIME, r + 1), TimeDrawn(t)) for r, t in enumerate(times))
    state = GAME.new_game(seed=None, options=options)
    while state.phase == Phase.SETUP and state.draws:
        key = state.draws[0][:2]
        action = chosen.pop(key, None)
        if action is None:
            later = set(chosen.values())
            outcomes = GAME.legal_actions(state)
            action = next((o for o in outcomes if o not in later), outcomes[0])
        state = GAME.apply(state, action)
    return state


def dealt(state: State, family: int, *cards: int) -> State:
    """``state`` after ``family`` is given ``cards`` one by one, each drawn by chance:
    :func:`give_card` from the card's Medici, then :func:`apply` of its
    :class:`~.actions.CardDrawn` (refused if the card is not in that pile; a full hand
    gains time instead, as the hand limit says). For worked examples and tests: the way
    they put chosen cards into a hand."""
    for card in cards:
        state = give_card(state, family, card_medici(state.rules, card))
        if state.draws:
            state = GAME.apply(state, CardDrawn(card))
    return state
