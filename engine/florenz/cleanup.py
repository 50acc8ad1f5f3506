"""The round's last phase: start coin, gifts, the disc turns; after the last round, the end.

The sector turned into view gets the next location tile (from
``state.loc_stack``, then from the used tiles beneath it, ``state.loc_bottom``)
and the next time tile (``state.time_stack``): both are chance's draws
(``state.draws``, see :mod:`.chance`), and the next round starts once they
are drawn (the solo automa's next turns look at the new target). A seeded
game's chance draws them at once: the top tile of each pile.
"""

from __future__ import annotations

from typing import Any, Final

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.piles import drawn, seeded_draw
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz import solo, turns
from regelwerk.engine.florenz.board import gain
from regelwerk.engine.florenz.cards import card_medici
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.scoring import plan_points, time_points
from regelwerk.engine.florenz.state import NONE, Draw, Phase, Resume, State

C = prefix(ID)
_SECTOR: Final = int(Draw.SECTOR)
_TIME: Final = int(Draw.TIME)


@implements(C + "cleanup.start_coin", C + "cleanup.gifts", C + "cleanup.disc", C + "end.time",
            C + "end.plan")
def cleanup(state: State) -> State:
    """Phase 5 (or the end scoring after the last round), then the next round starts;
    first chance draws the tiles of the sector turned into view (``state.draws``, then
    ``Resume.ROUND``)."""
    rules = state.rules
    r = state.round
    m = rules.disc_medici[r - 1]
    if r >= rules.rounds:
        if rules.discard_always:
            state = _hands_discarded(state)
        points = tuple(p + time_points(c, rules) + plan_points(state, f)
                       for f, (p, c) in enumerate(zip(state.points, state.clock, strict=True)))
        return state._replace(phase=Phase.OVER, points=points,
                              targets=replaced(state.targets, m, NONE))
    extra = rules.disc_gifts[r - 1]
    changes: dict[str, Any] = {}
    if rules.automa >= 0:
        changes["automa"] = solo.cleaned_automa(state)
    shown = r - 1 + rules.visible_sectors      # the sector index turned into view
    if shown >= rules.rounds:
        changes["targets"] = replaced(state.targets, m, NONE)
    elif state.seed is None:
        changes.update(draws=((_SECTOR, shown, m), (_TIME, shown)), resume=Resume.ROUND)
    else:
        changes.update(sector_tile(state, shown, m, seeded_draw(location_pile(state))))
        changes.update(time_tile(state, shown, seeded_draw(state.time_stack)))
    state = state._replace(start=(state.start + 1) % state.families, round=r + 1,
                           gifts=tuple(g + extra for g in state.gifts), **changes)
    return state if state.draws else turns.start_round(state)


@implements(C + "action.discard_for_time", C + "end.time")
def _hands_discarded(state: State) -> State:
    """Before the end scoring, under the reading ``always`` of interp.discard_moment
    (a card may be discarded at any moment, not only at a decision of the family's own):
    every family turns its hand into time, ``hand.discard_time`` per card, the one
    moment with no decision of its own left at which that gains anything."""
    rules = state.rules
    clock, hands, discards = state.clock, state.hands, state.discards
    for f, hand in enumerate(hands):
        if hand:
            clock = gain(clock, f, rules.discard_time * len(hand), rules)
            for card in hand:
                m = card_medici(rules, card)
                discards = replaced(discards, m, (*discards[m], card))
            hands = replaced(hands, f, ())
    return state._replace(clock=clock, hands=hands, discards=discards)


def location_pile(state: State) -> tuple[int, ...]:
    """The location tiles a sector's tile is drawn from: the stack, then the used ones."""
    return state.loc_stack or state.loc_bottom


@implements(C + "setup.disc", C + "cleanup.disc")
def sector_tile(state: State, sector: int, medici: int, location: int) -> dict[str, Any]:
    """What the location tile drawn for ``sector`` changes: it leaves its pile, the sector
    shows it, and ``medici`` (unless ``NONE``) takes it as his target."""
    changes: dict[str, Any] = {"sector_loc": replaced(state.sector_loc, sector, location)}
    if state.loc_stack:
        changes["loc_stack"] = drawn(state.loc_stack, location)
    else:
        changes["loc_bottom"] = drawn(state.loc_bottom, location)
    if medici != NONE:
        changes["targets"] = replaced(state.targets, medici, location)
    return changes


@implements(C + "setup.disc", C + "cleanup.disc")
def time_tile(state: State, sector: int, time: int) -> dict[str, Any]:
    """What the time tile drawn for ``sector`` changes: it leaves its pile for the sector."""
    return {"sector_time": replaced(state.sector_time, sector, time),
            "time_stack": drawn(state.time_stack, time)}
