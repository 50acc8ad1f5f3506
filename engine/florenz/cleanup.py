"""The round's last phase: start coin, gifts, the disc turns; after the last round, the end.

Chance (seeded, drawn at setup): the next location and time tiles are the
last of ``state.loc_stack`` and ``state.time_stack``.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.florenz import solo, turns
from regelwerk.engine.florenz.scoring import plan_points, time_points
from regelwerk.engine.florenz.state import NONE, Phase, State

C = "florenz:"


@implements(C + "cleanup.start_coin", C + "cleanup.gifts", C + "cleanup.disc", C + "end.time",
            C + "end.plan")
def cleanup(state: State) -> State:
    """Phase 5 (or the end scoring after the last round), then the next round starts."""
    rules = state.rules
    r = state.round
    m = rules.disc_medici[r - 1]
    if r >= rules.rounds:
        points = tuple(p + time_points(c, rules) + plan_points(state, f)
                       for f, (p, c) in enumerate(zip(state.points, state.clock, strict=True)))
        return state._replace(phase=Phase.OVER, points=points,
                              targets=replaced(state.targets, m, NONE))
    extra = rules.disc_gifts[r - 1]
    changes: dict[str, Any] = {}
    if rules.automa >= 0:
        changes["automa"] = solo.cleaned_automa(state)
    shown = r - 1 + rules.visible_sectors      # the sector index turned into view
    if shown < rules.rounds:
        locs, times = state.loc_stack, state.time_stack
        loc, time = locs[-1], times[-1]
        changes.update(sector_loc=replaced(state.sector_loc, shown, loc),
                       sector_time=replaced(state.sector_time, shown, time),
                       loc_stack=locs[:-1], time_stack=times[:-1],
                       targets=replaced(state.targets, m, loc))
    else:
        changes["targets"] = replaced(state.targets, m, NONE)
    return turns.start_round(state._replace(start=(state.start + 1) % state.families,
                                            round=r + 1,
                                            gifts=tuple(g + extra for g in state.gifts), **changes))
