"""Travel: what a trip costs, every trip a player can make, and the move itself."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.rules import CARRIAGE, FLORIN, C, illegal
from regelwerk.engine.il_vecchio.state import State


@implements(C + "travel.roads", C + "travel.carriage")
def travel_cost(state: State, frm: int, to: int, carriage: bool) -> int:
    """Florins a trip costs (0 by carriage or when staying)."""
    if frm == to or carriage:
        return 0
    return state.rules.tables.step_cost[frm][to]


def standing_towns(state: State) -> list[int]:
    """The towns where the player to move has a standing member, in town order."""
    return list(compress(state.rules.tables.towns, state.players[state.turn].standing))


@implements(C + "travel.roads", C + "travel.carriage")
def trips(state: State, destinations: Iterable[int], budget_needed: int = 0,
          frm_only: int | None = None) -> list[tuple[int, int, bool]]:
    """(from, to, by carriage) for every standing member of the player to move that can
    reach a destination with ``budget_needed`` Florins left over; only from ``frm_only``
    when given (a legality check of one action)."""
    me = state.players[state.turn]
    step = state.rules.tables.step_cost
    florins = me.res[FLORIN] - budget_needed
    by_carriage = me.res[CARRIAGE] >= 1 and florins >= 0
    out = []
    dests = tuple(destinations)
    standing = me.standing
    if frm_only is None:
        froms: Iterable[int] = range(len(standing))
    else:
        froms = (frm_only,) if 0 <= frm_only < len(standing) else ()
    for frm in froms:
        if not standing[frm]:
            continue
        row = step[frm]
        for to in dests:
            if frm == to:
                if florins >= 0:
                    out.append((frm, to, False))
                continue
            if row[to] <= florins:
                out.append((frm, to, False))
            if by_carriage:
                out.append((frm, to, True))
    return out


def travelled(state: State, p: int, frm: int, to: int, carriage: bool, pay: bool = True
              ) -> tuple[tuple[int, ...], list[int]]:
    """Player ``p``'s standing members and resources after his standing member went from
    ``frm`` to ``to``: a carriage handed in if used, else the trip's Florins paid (unless
    ``pay`` is false). The resources are a list, for the rest of the action to change; the
    action builds the player once (:func:`~.players.with_player`)."""
    me = state.players[p]
    res = list(me.res)
    standing = me.standing
    if carriage:
        res[CARRIAGE] -= 1
    elif pay:
        res[FLORIN] -= travel_cost(state, frm, to, carriage)
    if frm != to:
        counts = list(standing)         # one copy for both towns
        counts[frm], counts[to] = state.rules.fns.member_travels(standing[frm], standing[to])
        standing = tuple(counts)
    return standing, res


def explain_travel(state: State, frm: int, to: int, carriage: bool,
                   florins_needed: int | None = 0, clause: str = "travel.roads"
                   ) -> IllegalAction | None:
    """Why a trip (with ``florins_needed`` more to pay at its end, refused by ``clause``; not
    checked when ``None``) is impossible, if it is."""
    board = state.rules.board
    me = state.players[state.turn]
    towns = len(board.towns)
    if not (0 <= frm < towns and 0 <= to < towns):
        return illegal("travel.roads", N_("There is no town number {town}."),
                       town=frm if not 0 <= frm < towns else to)
    if me.standing[frm] < 1:
        return illegal("travel.roads", N_("You have no standing family member in {town}."),
                       town=board.names[frm])
    if carriage:
        if frm == to:
            return illegal("travel.carriage", N_("A carriage is only handed in to travel."))
        if me.res[CARRIAGE] < 1:
            return illegal("travel.carriage", N_("You have no carriage."))
    if florins_needed is None:
        return None
    cost = travel_cost(state, frm, to, carriage) + florins_needed
    if me.res[FLORIN] < cost:
        return illegal(clause, N_("This costs {cost} Florins; you have {have}."),
                       cost=cost, have=me.res[FLORIN])
    return None
