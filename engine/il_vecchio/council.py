"""City council tiles: turning one face up pays its bonus (Anhang B / Appendix B)."""

from __future__ import annotations

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.il_vecchio.players import gained, has_council, with_player
from regelwerk.engine.il_vecchio.reinforcement import roll_into_play
from regelwerk.engine.il_vecchio.rules import (
    ABBOT,
    ASSASSIN,
    BISHOP,
    CARRIAGE,
    FLORIN,
    KNIGHT,
    SCROLL,
    C,
    Rules,
)
from regelwerk.engine.il_vecchio.state import NEED_FOLLOWER, Pending, Player, State

#: The council tiles that add a follower of their kind.
COUNCIL_FOLLOWER = {"assassin": ASSASSIN, "knight": KNIGHT, "abbot": ABBOT}


@implements(C + "action.florence.council_reveal", C + "tiles.council",
            C + "action.reinforcement")
def reveal_council(state: State, p: int, tile: int) -> State:
    """Turn a council tile face up and pay its bonus (Anhang B / Appendix B)."""
    rules = state.rules
    me = state.players[p]
    me = me._replace(council_down=tuple(t for t in me.council_down if t != tile),
                     council_up=(*me.council_up, tile))
    kind = rules.council_tiles[tile]
    y = rules.council_yields
    bonus: dict[str, tuple[tuple[int, int], ...]] = {
        "scrolls": ((SCROLL, 1),), "money": ((FLORIN, y["brown_florins"]),),
        "follower": ((FLORIN, y["follower_florins"]),), "abbot": ((ABBOT, 1),),
        "knight": ((KNIGHT, 1),), "assassin": ((ASSASSIN, 1),),
        "carriages": ((BISHOP, 1), (FLORIN, y["token_florins"])),
        "bishops": ((CARRIAGE, 1), (FLORIN, y["token_florins"])), "province": ((SCROLL, 1),),
    }
    if kind in bonus:
        me = me._replace(res=gained(me.res, *bonus[kind]))
    state = with_player(state, p, me)
    if kind == "recovery" or (kind == "reinforcement" and rules.may_decline):
        state = roll_into_play(state, p, via_reinforcement=False, offer=True)
    elif kind == "reinforcement":                 # the English imperative: roll and place
        state = roll_into_play(state, p, via_reinforcement=False)
    elif kind == "florence":
        state = state._replace(pending=(*state.pending, Pending(NEED_FOLLOWER, p)))
    return state


@implements(C + "tiles.council")
def follower_extras(rules: Rules, me: Player, kind: int) -> tuple[tuple[int, int], ...]:
    """What ``me``'s council tiles add to one follower of ``kind`` taken outside the town
    action: with interp.council_bonus_scope's reading ``any_gain``, the Florins of the
    follower tile and one more of the kind from its own tile; nothing otherwise."""
    if not rules.council_any_gain:
        return ()
    extras = []
    if has_council(me, rules, "follower"):
        extras.append((FLORIN, rules.council_yields["follower_florins"]))
    extras += [(kind, 1) for name, tile_kind in COUNCIL_FOLLOWER.items()
               if tile_kind == kind and has_council(me, rules, name)]
    return tuple(extras)
