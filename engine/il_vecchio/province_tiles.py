"""Province tiles: using a face-up tile, any number of times in a turn, before passing."""

from __future__ import annotations

from collections.abc import Iterator

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.actions import UseProvince
from regelwerk.engine.il_vecchio.council import COUNCIL_FOLLOWER, follower_extras
from regelwerk.engine.il_vecchio.players import gained, has_council, with_player
from regelwerk.engine.il_vecchio.province import MODIFIER_TILES
from regelwerk.engine.il_vecchio.reinforcement import roll_into_play
from regelwerk.engine.il_vecchio.rules import (
    BISHOP,
    CARRIAGE,
    FLORIN,
    FOLLOWERS,
    SCROLL,
    C,
    Rules,
    illegal,
)
from regelwerk.engine.il_vecchio.state import NEED_PLACE, NEED_ROLL, PLAY, Pending, Player, State


def tiles_open(state: State) -> bool:
    """May the player whose turn it is use a province tile now: in play, with no decision
    open but his own (interp.tiles_during_decisions)?"""
    if state.phase != PLAY:
        return False
    if not state.pending:
        return True
    first = state.pending[0]
    return first.need < NEED_ROLL and first.player == state.turn


@implements(C + "tiles.province", C + "turn.structure")
def use_options(state: State, like: UseProvince | None) -> Iterator[UseProvince]:
    """Every use of the current player's face-up province tiles (only ``like.tile``'s
    when checking one), during his turn, also while a decision of his own is open."""
    if not tiles_open(state):
        return iter(())
    return player_uses(state.rules, state.players[state.turn], like)


@implements(C + "tiles.province")
def player_uses(rules: Rules, me: Player, like: UseProvince | None) -> Iterator[UseProvince]:
    """:func:`use_options` for the player ``me``, once the tiles may be used."""
    for tile in me.province_up:
        if like is not None and tile != like.tile:
            continue
        kind = rules.province_tiles[tile]
        if kind in MODIFIER_TILES:
            continue
        if kind == "scroll_for_followers":
            if me.res[SCROLL] >= 1:
                yield from (UseProvince(tile, a, b) for a in FOLLOWERS for b in FOLLOWERS
                            if a <= b)
        elif kind == "follower_for_scrolls":
            yield from (UseProvince(tile, a) for a in FOLLOWERS if me.res[a] >= 1)
        elif kind in ("any_follower", "buy"):
            if kind == "any_follower" or me.res[FLORIN] >= rules.province_yields["buy_price"]:
                yield from (UseProvince(tile, a) for a in FOLLOWERS)
            if kind == "buy" and buys_scroll(rules, me, rules.province_yields["buy_price"]):
                yield from (UseProvince(tile, a, -1, SCROLL) for a in FOLLOWERS)
        elif kind in ("roll_place", "free_place"):
            if me.supply >= 1:
                yield UseProvince(tile)
        elif kind == "reuse":
            yield from (UseProvince(tile, a) for a in me.province_down)
        elif kind == "swap":
            for a in (SCROLL, *FOLLOWERS):
                if me.res[a] >= 1:
                    yield UseProvince(tile, a, SCROLL, SCROLL)
                    yield from (UseProvince(tile, a, b, c) for b in FOLLOWERS for c in FOLLOWERS
                                if b <= c)
        elif kind == "follower_scroll_or_florins":
            yield from (UseProvince(tile, a) for a in (FLORIN, SCROLL, *FOLLOWERS))
            if buys_scroll(rules, me, 0):
                yield UseProvince(tile, SCROLL, -1, SCROLL)
        else:
            yield UseProvince(tile)
            if kind == "scroll" and buys_scroll(rules, me, 0):
                yield UseProvince(tile, -1, -1, SCROLL)


#: The province tiles that give one scroll (follower_scroll_or_florins: when chosen).
SINGLE_SCROLL = ("scroll", "buy", "follower_scroll_or_florins")


@implements(C + "tiles.council")
def buys_scroll(rules: Rules, me: Player, spent: int) -> bool:
    """May ``me`` buy one more scroll with the scroll council tile when a province tile
    gives him one scroll, having spent ``spent`` Florins on it (interp.council_bonus_scope's
    reading ``any_gain``; never by the decision's reading)?"""
    return (rules.council_any_gain and has_council(me, rules, "scrolls")
            and me.res[FLORIN] - spent >= rules.council_yields["scroll_price"])


def province_uses(state: State) -> list[UseProvince]:
    """Every legal use of the current player's face-up province tiles."""
    return list(use_options(state, None))


def explain_use(state: State, action: UseProvince) -> IllegalAction | None:
    return illegal("tiles.province", N_("That province tile cannot be used like this now."))


@implements(C + "tiles.province")
def use_province(state: State, action: UseProvince) -> State:
    """Turn the tile face down and take what it gives (Anhang A / Appendix A)."""
    rules = state.rules
    p = state.turn
    me = state.players[p]
    kind = rules.province_tiles[action.tile]
    me = me._replace(province_up=tuple(t for t in me.province_up if t != action.tile),
                     province_down=(*me.province_down, action.tile),
                     province_again=tuple(t for t in me.province_again if t != action.tile))
    y = rules.province_yields
    a, b, c = action.a, action.b, action.c
    gains: list[tuple[int, int]] = []
    if kind == "scroll_for_followers":
        gains = [(SCROLL, -1), (a, 1), (b, 1)]
    elif kind == "florins":
        gains = [(FLORIN, y["florins"])]
    elif kind == "follower_for_scrolls":
        gains = [(a, -1), (SCROLL, y["scrolls_for_follower"])]
    elif kind == "any_follower":
        gains = [(a, 1)]
    elif kind == "bishop_and_carriage":
        gains = [(BISHOP, 1), (CARRIAGE, 1)]
    elif kind in ("scroll", "knight", "assassin", "abbot"):
        gains = [({"scroll": SCROLL, **COUNCIL_FOLLOWER}[kind], 1)]
    elif kind == "florins_per_member":
        gains = [(FLORIN, y["florins_per_member"] * (sum(me.standing) + sum(me.lying)))]
    elif kind == "swap":
        gains = [(a, -1), (b, 1), (c, 1)]
    elif kind == "buy":
        gains = [(FLORIN, -y["buy_price"]), (a, 1), (SCROLL, 1)]
    elif kind == "follower_scroll_or_florins":
        gains = [(a, y["choice_florins"] if a == FLORIN else 1)]
    elif kind == "reuse":       # face up again, but its function was carried out once
        me = me._replace(province_down=tuple(t for t in me.province_down if t != a),
                         province_up=(*me.province_up, a),
                         province_again=(*me.province_again, a))
    if rules.council_any_gain:             # interp.council_bonus_scope: council tiles enhance
        followers = [k for k, n in gains if k in FOLLOWERS and n > 0]   # these gains too
        if len(followers) == 1:
            gains += follower_extras(rules, me, followers[0])
        if c == SCROLL and kind in SINGLE_SCROLL:     # the scroll tile's purchase
            gains += [(FLORIN, -rules.council_yields["scroll_price"]), (SCROLL, 1)]
    me = me._replace(res=gained(me.res, *gains))
    state = with_player(state, p, me, tile_used=True)
    if kind == "roll_place":
        return roll_into_play(state, p, via_reinforcement=False)
    if kind == "free_place":
        return state._replace(pending=(*state.pending, Pending(NEED_PLACE, p, 0)))
    return state
