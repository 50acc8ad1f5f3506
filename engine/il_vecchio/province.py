"""Province actions (action b): travel to a red town and take over a province of its region."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Final

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.actions import Province
from regelwerk.engine.il_vecchio.board import REGIONS
from regelwerk.engine.il_vecchio.players import has_council, with_player
from regelwerk.engine.il_vecchio.random_play import made, pick
from regelwerk.engine.il_vecchio.reinforcement import explain_main, main_action_open
from regelwerk.engine.il_vecchio.rule_fns import followers_match
from regelwerk.engine.il_vecchio.rules import (
    ABBOT,
    ASSASSIN,
    CARRIAGE,
    FLORIN,
    FOLLOWERS,
    KNIGHT,
    SCROLL,
    C,
    Payments,
    Rules,
    Tables,
    illegal,
)
from regelwerk.engine.il_vecchio.state import NEED_PROVINCE_TILE, Pending, State
from regelwerk.engine.il_vecchio.tracks import joined_track, next_space, track_open
from regelwerk.engine.il_vecchio.travel import (
    explain_travel,
    standing_towns,
    travel_cost,
    travelled,
    trips,
)

#: The province tiles that change a later province action instead of being used on their own.
MODIFIER_TILES = ("any_colours", "free_takeover")


def follower_payments(rules: Rules, region: int, res: tuple[int, ...], any_colours: bool
                      ) -> list[tuple[int, int, int]]:
    """The payments (assassins, knights, abbots) for ``region`` that ``res`` can afford."""
    tables = rules.tables
    options = tables.pays_any[region] if any_colours else tables.pays[region]
    a, k, b = res[ASSASSIN], res[KNIGHT], res[ABBOT]
    return [pay for pay in options if pay[0] <= a and pay[1] <= k and pay[2] <= b]


@implements(C + "action.province", C + "action.province.followers", C + "action.province.track",
            C + "end.full_track", C + "tiles.province")
def province_options(state: State, like: Province | None) -> Iterator[Province]:
    """Every province action: a trip to a red town whose region's track takes one more
    member, the track space's price (none with the Papal States tile) and the followers
    the region asks for (any colours with the Milan tile)."""
    if not state.main_action_left():
        return
    rules = state.rules
    board = rules.board
    me = state.players[state.turn]
    kinds = {rules.province_tiles[t] for t in me.province_up}
    frees = (False, True) if "free_takeover" in kinds else (False,)
    anys = (False, True) if "any_colours" in kinds else (False,)
    waived = rules.takeover_waives_travel
    # a free takeover that also waives the trip may start from any town: list every trip,
    # the prices below filter what the player can pay
    reach = -len(board.towns) * rules.travel_cost if waived and True in frees else 0
    if like is None:
        found = trips(state, board.gates, reach)
    else:
        found = trips(state, (like.to,) if like.to in board.gates else (), reach,
                      frm_only=like.frm)
    for frm, to, carriage in found:
        region = board.gates[to]
        if not track_open(state, region):
            continue
        space, _ = next_space(state, region)
        base = travel_cost(state, frm, to, carriage)
        for free in frees:
            cost = (0 if free and waived else base) + (0 if free else
                                                       board.tracks[region].costs[space])
            if cost > me.res[FLORIN]:
                continue
            for any_colours in anys:
                for pay in follower_payments(rules, region, me.res, any_colours):
                    yield Province(frm, to, carriage, *pay, any_colours, free)


def explain_province(state: State, action: Province) -> IllegalAction | None:
    """The first rule a refused province action breaks, in the order it is carried out."""
    rules = state.rules
    board = rules.board
    problem = explain_main(state)
    if problem:
        return problem
    if action.to not in board.gates:
        return illegal("action.province", N_("Provinces are entered from a red town only."))
    region = board.gates[action.to]
    if not track_open(state, region):
        return illegal("end.full_track", N_("That track is full; only in the final round may "
                                            "a family member join a full track."))
    problem = explain_travel(state, action.frm, action.to, action.carriage, None)
    if problem:
        return problem
    me = state.players[state.turn]
    for flag, kind in ((action.any_colours, "any_colours"), (action.free, "free_takeover")):
        if flag and not any(rules.province_tiles[t] == kind for t in me.province_up):
            return illegal("tiles.province", N_("You have no face-up tile for that."))
    pay = (action.assassins, action.knights, action.abbots)
    need = rules.province_followers[region]
    if not (sum(pay) == sum(need.values()) and min(pay) >= 0 and (
            action.any_colours or followers_match(need, pay))):
        return illegal("action.province.followers",
                       N_("These followers do not match what {region} requires."),
                       region=REGIONS[region])
    if any(pay[i] > me.res[follower] for i, follower in enumerate(FOLLOWERS)):
        return illegal("action.province.followers", N_("You do not have these followers."))
    price = 0 if action.free else board.tracks[region].costs[next_space(state, region)[0]]
    travel = 0 if action.free and rules.takeover_waives_travel else travel_cost(
        state, action.frm, action.to, action.carriage)
    cost = travel + price
    if me.res[FLORIN] < cost:
        return illegal("action.province.track", N_("This costs {cost} Florins; you have {have}."),
                       cost=cost, have=me.res[FLORIN])
    return None


@implements(C + "action.province", C + "action.province.followers", C + "action.province.track",
            C + "action.province.tile", C + "end.full_track", C + "tiles.province")
def province(state: State, action: Province) -> State:
    """Travel, pay the space and the followers, join the region's track, then pick a tile
    (counts the main action)."""
    rules = state.rules
    board = rules.board
    p = state.turn
    region = board.gates[action.to]
    standing, res = travelled(state, p, action.frm, action.to, action.carriage,
                              pay=not (action.free and rules.takeover_waives_travel))
    me = state.players[p]
    used = []
    for flag, kind in ((action.any_colours, "any_colours"), (action.free, "free_takeover")):
        if flag:
            used.append(next(t for t in me.province_up if rules.province_tiles[t] == kind))
    if not action.free:
        res[FLORIN] -= board.tracks[region].costs[next_space(state, region)[0]]
    res[ASSASSIN] -= action.assassins
    res[KNIGHT] -= action.knights
    res[ABBOT] -= action.abbots
    if has_council(me, rules, "province"):
        res[SCROLL] += 1
    standing, tracks, overflow, pending = joined_track(state, p, standing, action.to, region,
                                                       state.pending)
    if used:
        me = me._replace(res=tuple(res), standing=standing,
                         province_up=tuple(t for t in me.province_up if t not in used),
                         province_down=(*me.province_down, *used))
    else:
        me = me._replace(res=tuple(res), standing=standing)
    return with_player(state, p, me, tracks=tracks, overflow=overflow,
                       pending=(*pending, Pending(NEED_PROVINCE_TILE, p, region)),
                       actions_taken=state.actions_taken + 1)


#: The most follower counts :func:`affordable` keeps (emptied beyond: a game rarely holds more
#: than a few dozen).
AFFORDABLE_SIZE: Final = 1 << 12


def affordable(tables: Tables, res: tuple[int, ...]) -> tuple[tuple[Payments, Payments], ...]:
    """Per region, the payments (assassins, knights, abbots) ``res`` can afford: those matching
    the region's colours and those of any colours (:func:`follower_payments` both ways, in its
    order), asked once per follower counts (``tables.affordable``)."""
    held = res[ASSASSIN:ABBOT + 1]
    memo = tables.affordable
    found = memo.get(held)
    if found is None:
        if len(memo) >= AFFORDABLE_SIZE:
            memo.clear()
        a, k, b = held
        found = memo[held] = tuple(
            (tuple(pay for pay in pays if pay[0] <= a and pay[1] <= k and pay[2] <= b),
             tuple(pay for pay in pays_any if pay[0] <= a and pay[1] <= k and pay[2] <= b))
            for pays, pays_any in zip(tables.pays, tables.pays_any, strict=True))
    return found


def sample_province(state: State, rng: Random) -> Province | None:
    """A random province action, drawn parameter by parameter (the fast twin of
    :func:`province_options`; the conformance suite checks it draws only legal ones): a
    region's gate among those whose track is open (end.full_track), whose space the player
    can pay and whose followers he has, then the town to start from, the carriage, the free
    takeover and the payment."""
    rules = state.rules
    tables = rules.tables
    me = state.players[state.turn]
    res = me.res
    if (res[ASSASSIN] + res[KNIGHT] + res[ABBOT] < tables.fewest_followers
            or not main_action_open(state)):
        return None
    florins, carriages = res[FLORIN], res[CARRIAGE] >= 1
    has_free = has_any = False
    if me.province_up:
        kinds = {rules.province_tiles[t] for t in me.province_up}
        has_free, has_any = "free_takeover" in kinds, "any_colours" in kinds
    waived = has_free and rules.takeover_waives_travel     # a free takeover costs no travel either
    step = tables.step_cost
    payable = affordable(tables, res)
    tracks = state.tracks
    opened = tables.track_open[state.final_round]
    here: list[int] | None = None
    options = []
    for to, region in tables.gates:
        pays, pays_any = payable[region]
        if not has_any:
            pays_any = ()
        if not pays and not pays_any:
            continue
        placed = len(tracks[region])
        known = opened[region]
        if not (known[placed] if placed < len(known) else track_open(state, region)):
            continue
        prices = tables.space_price[region]
        price = prices[min(placed, len(prices) - 1)]
        least = 0 if has_free else price
        if least > florins:                       # not even the space can be paid
            continue
        if here is None:
            here = standing_towns(state)
        froms = here if waived or carriages else [
            frm for frm in here if least + step[frm][to] <= florins]     # step[to][to] is 0
        if froms:
            options.append((to, region, price, pays, pays_any, froms))
    if not options:
        return None
    to, region, price, pays, pays_any, froms = pick(rng, options)
    frm = pick(rng, froms)
    prices = (price, 0) if has_free else (price,)     # free = False, True
    least = min(prices)
    if frm == to:
        ways = [False]
    else:
        ways = ([False] if waived or step[frm][to] + least <= florins else []) + (
            [True] if carriages and least <= florins else [])
    carriage = pick(rng, ways)
    travel = 0 if carriage or frm == to else step[frm][to]
    free = pick(rng, [f for f, cost in zip((False, True), prices, strict=False)
                      if (0 if f and waived else travel) + cost <= florins])
    any_colours = pick(rng, ([False] if pays else []) + ([True] if pays_any else []))
    assassins, knights, abbots = pick(rng, pays_any if any_colours else pays)
    return made(Province, frm, to, carriage, assassins, knights, abbots, any_colours, free)
