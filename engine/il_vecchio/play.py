"""Playing Il Vecchio: ``new_game``, ``legal_actions`` and ``apply``.

``apply`` never changes its input: it checks the action against the rules
(raising :class:`IllegalAction` naming the violated clause) and returns a new
:class:`State`. Chance is explicit and seeded: the n-th roll or shuffle of a game
uses ``random.Random(f"{seed}/chance/{n}")``, so (options, seed, actions)
describe a game completely.

Decisions the rules ask of a player in the middle of an action (an event's
levy, the tile to keep, where a rolled family member goes) are queued in
``State.pending`` and answered by their own actions, one player at a time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import product
from operator import add
from random import Random
from typing import Any

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.actions import is_legal as _core_is_legal
from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.actions import (
    PASS,
    RECOVER,
    REINFORCE,
    Action,
    FamilyChoice,
    KeepCouncil,
    Levy,
    Office,
    Pass,
    PickTile,
    Place,
    Province,
    Recover,
    Reinforce,
    SetupPlace,
    TakeFollower,
    TownAction,
    UseProvince,
)
from regelwerk.engine.il_vecchio.board import (
    COUNCIL,
    CREST_COLOURS,
    GREEN,
    NOBILITY,
    REGIONS,
    TRACKS,
)
from regelwerk.engine.il_vecchio.rules import (
    ABBOT,
    ASSASSIN,
    BISHOP,
    CARRIAGE,
    FAMILY,
    FLORIN,
    FOLLOWERS,
    GAME,
    KNIGHT,
    LEVY,
    MIDDLEMEN,
    SCROLL,
    Rules,
    default_rules,
    rules_from_spec,
)
from regelwerk.engine.il_vecchio.state import Need, Pending, Phase, Player, State

C = "il_vecchio:"
MODIFIER_TILES = ("any_colours", "free_takeover")
_COUNCIL_KIND = {"assassin": ASSASSIN, "knight": KNIGHT, "abbot": ABBOT}


# ---------------------------------------------------------------- set-up

def rules_for(options: Mapping[str, Any] | None = None) -> Rules:
    """Rules for ``options``: ``players`` (``players.count``; the full table when not given),
    ``board`` (printed values) and variants."""
    options = dict(options or {})
    players = options.pop("players", None)
    board = options.pop("board", None)
    if not board:
        return default_rules(players, **options)
    spec = spec_module.load(GAME).with_numbers(board)
    return rules_from_spec(spec, players, options)


def _random(seed: int, chance: int) -> Random:
    return Random(f"{seed}/chance/{chance}")


def roll(state: State) -> tuple[int, State]:
    """Roll the dice and add them up (the next chance draw of the game)."""
    rng = _random(state.seed, state.chance)
    sides = state.rules.dice_sides
    total = sum(rng.randint(1, sides) for _ in range(state.rules.dice_count))
    return total, state._replace(chance=state.chance + 1)


def _shuffled(state: State, items: Iterable[int]) -> tuple[tuple[int, ...], State]:
    items = list(items)
    _random(state.seed, state.chance).shuffle(items)
    return tuple(items), state._replace(chance=state.chance + 1)


@implements(C + "setup.middlemen")
def middleman_setups(rules: Rules) -> list[tuple[int, ...]]:
    """Every start position of the middlemen with at most one per area number."""
    board = rules.board
    limit = rules.spec["setup.middlemen_per_area"]
    found = []
    for towns in product(*(board.cycles[c] for c in CREST_COLOURS)):
        if all(sum(t in border for t in towns) <= limit for border in board.areas.values()):
            found.append(towns)
    return found


@implements(C + "setup.start_player", C + "setup.player_material", C + "setup.crests",
            C + "setup.council_choice", C + "setup.supply", C + "setup.tiles")
def new_game(seed: int = 0, options: Mapping[str, Any] | None = None,
             rules: Rules | None = None) -> State:
    """The state before the first council tile is kept: everything dealt, nothing placed."""
    rules = rules or rules_for(options)
    n = rules.players
    towns = len(rules.board.towns)
    zeros = (0,) * towns
    players = tuple(
        Player(res=(rules.start_money[p], 0, rules.start_carriages, rules.start_bishops, 0, 0, 0),
               supply=rules.family_members, standing=zeros, lying=zeros, province_up=(),
               province_down=(), council_up=(), council_down=(), nobility=(), crests=(),
               passed=False) for p in range(n))
    per = rules.tiles_per_region
    state = State(
        rules=rules, seed=seed, phase=Phase.SETUP_COUNCIL, turn=0, players=players,
        middlemen=(), crest_stack=(), council_stack=(), nobility_stack=(),
        province_left=tuple(tuple(range(r * per, (r + 1) * per)) for r in range(len(REGIONS))),
        extra_cost_on=COUNCIL, tracks=((),) * len(TRACKS), overflow=(0,) * len(TRACKS),
        pending=(), chance=0,
        end_triggered=False, final_round=False, actions_taken=0, setup_offer=(), roll=0)
    crests, state = _shuffled(state, rules.crest_events)
    council, state = _shuffled(state, range(len(rules.council_tiles)))
    nobility, state = _shuffled(state, range(len(rules.nobility_tiles)))
    setups = rules.tables.middleman_setups
    middlemen = setups[_random(seed, state.chance).randrange(len(setups))]
    k = rules.council_draw
    offer = tuple(council[p * k:(p + 1) * k] for p in range(n))
    return state._replace(crest_stack=crests[:rules.crests_dealt], council_stack=council[n * k:],
                          nobility_stack=nobility, middlemen=middlemen, setup_offer=offer,
                          chance=state.chance + 1)


# ---------------------------------------------------------------- helpers

def _with(state: State, p: int, player: Player, **changes: Any) -> State:
    """``state`` with player ``p`` replaced (and further ``changes``), in one copy."""
    players = list(state.players)
    players[p] = player
    return state._replace(players=tuple(players), **changes)


def _gain(res: tuple[int, ...], *pairs: tuple[int, int]) -> tuple[int, ...]:
    out = list(res)
    for kind, amount in pairs:
        out[kind] += amount
    return tuple(out)


def _bump(counts: tuple[int, ...], town: int, delta: int) -> tuple[int, ...]:
    out = list(counts)
    out[town] += delta
    return tuple(out)


def has_council(player: Player, rules: Rules, kind: str) -> bool:
    """Does the player own the revealed council tile ``kind``?"""
    return any(rules.council_tiles[t] == kind for t in player.council_up)


def _illegal(clause: str, message: str, **fields: Any) -> IllegalAction:
    return IllegalAction(C + clause, message, **fields)


@implements(C + "travel.roads", C + "travel.carriage")
def travel_cost(state: State, frm: int, to: int, carriage: bool) -> int:
    """Florins a trip costs (0 by carriage or when staying)."""
    if frm == to or carriage:
        return 0
    return state.rules.tables.step_cost[frm][to]


def _travel(state: State, p: int, frm: int, to: int, carriage: bool) -> tuple[Player, int]:
    """Move a standing member from ``frm`` to ``to``; returns the player and the Florins due."""
    board = state.rules.board
    me = state.players[p]
    towns = len(board.towns)
    if not (0 <= frm < towns and 0 <= to < towns):
        raise _illegal("travel.roads", N_("There is no town number {town}."),
                       town=frm if not 0 <= frm < towns else to)
    if me.standing[frm] < 1:
        raise _illegal("travel.roads", N_("You have no standing family member in {town}."),
                       town=board.names[frm])
    if carriage:
        if frm == to:
            raise _illegal("travel.carriage", N_("A carriage is only handed in to travel."))
        if me.res[CARRIAGE] < 1:
            raise _illegal("travel.carriage", N_("You have no carriage."))
        me = me._replace(res=_gain(me.res, (CARRIAGE, -1)))
    cost = travel_cost(state, frm, to, carriage)
    if frm != to:
        me = me._replace(standing=_bump(_bump(me.standing, frm, -1), to, 1))
    return me, cost


def _pay(me: Player, florins: int, clause: str) -> Player:
    if me.res[FLORIN] < florins:
        raise _illegal(clause, N_("This costs {cost} Florins; you have {have}."),
                       cost=florins, have=me.res[FLORIN])
    return me._replace(res=_gain(me.res, (FLORIN, -florins)))


# ---------------------------------------------------------------- turn flow

def _allowed_actions(state: State) -> int:
    return state.rules.double_turn_actions if state.final_round else 1


@implements(C + "action.florence.council_reveal", C + "tiles.council")
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
        me = me._replace(res=_gain(me.res, *bonus[kind]))
    state = _with(state, p, me)
    if kind in ("recovery", "reinforcement"):
        state = roll_into_play(state, p, via_reinforcement=False, optional=True)
    elif kind == "florence":
        state = state._replace(pending=(*state.pending, Pending(Need.FOLLOWER, p)))
    return state


def _start_turn(state: State) -> State:
    if state.actions_taken:
        state = state._replace(actions_taken=0)
    for tile in state.players[state.turn].council_down:
        state = reveal_council(state, state.turn, tile)
    return _settle(state)


@implements(C + "turn.structure", C + "end.finish_round", C + "end.double_turn")
def _end_turn(state: State) -> State:
    n = state.rules.players
    if state.turn == n - 1:
        if state.final_round:
            return state._replace(phase=Phase.OVER, pending=())
        state = state._replace(turn=0, final_round=state.end_triggered, actions_taken=0)
    else:
        state = state._replace(turn=state.turn + 1, actions_taken=0)
    return _start_turn(state)


def _answers(state: State, pending: Pending) -> list[Action]:
    """The legal answers to a pending decision (empty: it is skipped)."""
    rules = state.rules
    me = state.players[pending.player]
    need = pending.need
    if need == Need.PLACE:
        if me.supply < 1:
            return []
        towns = placement_towns(rules, pending.arg)
        return [Place(t) for t in towns] + ([Place(-1)] if pending.options else [])
    if need == Need.LEVY:
        out: list[Action] = []
        if me.res[FLORIN] >= rules.levy_florins:
            out.append(Levy(FLORIN))
        out += [Levy(k) for k in (SCROLL, CARRIAGE, BISHOP, *FOLLOWERS) if me.res[k] >= 1]
        return out
    if need == Need.FAMILY:
        return ([FamilyChoice(t, True) for t, c in enumerate(me.standing) if c]
                + [FamilyChoice(t, False) for t, c in enumerate(me.lying) if c])
    if need == Need.PROVINCE_TILE:
        return [PickTile(t) for t in state.province_left[pending.arg]]
    if need == Need.FLORENCE_TILE:
        return [PickTile(t) for t in pending.options]
    return [TakeFollower(k) for k in FOLLOWERS]


def _can_answer(state: State, pending: Pending) -> bool:
    """Has ``pending`` any legal answer? (``bool(_answers(...))`` without building them.)"""
    need = pending.need
    me = state.players[pending.player]
    if need == Need.PLACE:
        return me.supply >= 1
    if need == Need.LEVY:
        res = me.res
        return res[FLORIN] >= state.rules.levy_florins or any(res[k] >= 1 for k in _LEVY_ITEMS)
    if need == Need.FAMILY:
        return any(me.standing) or any(me.lying)
    if need == Need.PROVINCE_TILE:
        return bool(state.province_left[pending.arg])
    if need == Need.FLORENCE_TILE:
        return bool(pending.options)
    return True


def _answer_ok(state: State, pending: Pending, action: Action) -> bool:
    """Is ``action`` one of :func:`_answers` of ``pending``? (without building them)."""
    need = pending.need
    kind = type(action)
    me = state.players[pending.player]
    if need == Need.PLACE:
        if kind is not Place or me.supply < 1:
            return False
        town = action.town  # type: ignore[union-attr]
        return (town == -1 and bool(pending.options)) or (
            town in placement_towns(state.rules, pending.arg) and town >= 0)
    if need == Need.LEVY:
        if kind is not Levy:
            return False
        item = action.resource  # type: ignore[union-attr]
        if item == FLORIN:
            return me.res[FLORIN] >= state.rules.levy_florins
        return item in _LEVY_ITEMS and me.res[item] >= 1
    if need == Need.FAMILY:
        if kind is not FamilyChoice:
            return False
        town, lay = action.town, action.lay_down  # type: ignore[union-attr]
        if town not in state.rules.tables.towns or lay not in (0, 1):
            return False
        return (me.standing if lay == 1 else me.lying)[town] >= 1
    if need == Need.PROVINCE_TILE:
        return kind is PickTile and action.tile in state.province_left[pending.arg]  # type: ignore[union-attr]
    if need == Need.FLORENCE_TILE:
        return kind is PickTile and action.tile in pending.options  # type: ignore[union-attr]
    return kind is TakeFollower and action.kind in FOLLOWERS  # type: ignore[union-attr]


_LEVY_ITEMS = (SCROLL, CARRIAGE, BISHOP, *FOLLOWERS)


def placement_towns(rules: Rules, area: int) -> tuple[int, ...]:
    """Towns a placement into ``area`` may use (0: any town, Florence included)."""
    if area == 0:
        return rules.tables.towns
    return rules.board.areas[area]


def _settle(state: State) -> State:
    """Skip decisions nobody can take, then end the turn if nothing is left to do in it."""
    while state.pending and not _can_answer(state, state.pending[0]):
        state = state._replace(pending=state.pending[1:])
    if (state.phase == Phase.PLAY and not state.pending
            and state.actions_taken >= _allowed_actions(state)
            and not (state.players[state.turn].province_up and province_uses(state))):
        return _end_turn(state)
    return state


@implements(C + "action.reinforcement", C + "tiles.council")
def roll_into_play(state: State, p: int, via_reinforcement: bool, optional: bool = False) -> State:
    """Roll and queue the placement of a family member (the free roll: any town, Florence
    included)."""
    total, state = roll(state)
    area = 0 if total == state.rules.free_roll else total
    flag = (1,) if optional else ()
    queue = [Pending(Need.PLACE, p, area, flag)]
    me = state.players[p]
    scope = state.rules.variants["reinforce_tile_scope"]
    if has_council(me, state.rules, "reinforcement") and (via_reinforcement
                                                          or scope == "every_roll"):
        queue.append(Pending(Need.PLACE, p, area, flag))
    return state._replace(pending=(*state.pending, *queue))


@implements(C + "event.crest", C + "event.last_crest")
def crest_step(on_board: Any, taken: Any, ended: Any, rules: Rules, ops: Ops = INT
               ) -> tuple[Any, Any, Any]:
    """One crest taken: (left on the board, taken in all, end triggered)."""
    left = on_board - 1
    return left, taken + 1, ops.or_(ended, left <= rules.spec["events.end_when_left"])


@implements(C + "event.first_crest", C + "setup.additional_cost")
def additional_cost_stack(taken: Any, rules: Rules, ops: Ops = INT) -> Any:
    """The track whose stack carries the additional-cost tile after ``taken`` crests."""
    return ops.if_(taken >= rules.spec["events.additional_cost_moves_after"], NOBILITY, COUNCIL)


@implements(C + "event.crest", C + "event.first_crest", C + "event.last_crest",
            C + "event.levy", C + "event.middlemen", C + "event.family",
            C + "variant.less_luck")
def take_crest(state: State, p: int) -> State:
    """Take the top crest (if any), move the additional cost after the first, run the event."""
    if not state.crest_stack:
        return state
    event = state.crest_stack[-1]
    stack = state.crest_stack[:-1]
    me = state.players[p]
    state = _with(state, p, me._replace(crests=(*me.crests, event)))
    _, taken, ended = crest_step(len(state.crest_stack), state.crests_taken() - 1,
                                 state.end_triggered, state.rules)
    state = state._replace(crest_stack=stack, end_triggered=ended,
                           extra_cost_on=additional_cost_stack(taken, state.rules))
    if state.rules.variants["less_luck"] == "on":
        return state
    n = state.rules.players
    order = [(p + k) % n for k in range(n)]
    if event == MIDDLEMEN:
        board = state.rules.board
        return state._replace(middlemen=tuple(board.next_town[t] for t in state.middlemen))
    need = Need.LEVY if event == LEVY else Need.FAMILY
    assert event in (LEVY, FAMILY)
    return state._replace(pending=(*state.pending, *(Pending(need, q) for q in order)))


# ---------------------------------------------------------------- legal actions

def province_uses(state: State) -> list[UseProvince]:
    """Every legal use of the current player's face-up province tiles."""
    if state.phase != Phase.PLAY or state.pending:
        return []
    rules = state.rules
    me = state.players[state.turn]
    out: list[UseProvince] = []
    for tile in me.province_up:
        kind = rules.province_tiles[tile]
        if kind in MODIFIER_TILES:
            continue
        if kind == "scroll_for_followers":
            if me.res[SCROLL] >= 1:
                out += [UseProvince(tile, a, b) for a in FOLLOWERS for b in FOLLOWERS if a <= b]
        elif kind in ("follower_for_scrolls",):
            out += [UseProvince(tile, a) for a in FOLLOWERS if me.res[a] >= 1]
        elif kind in ("any_follower", "buy"):
            if kind == "any_follower" or me.res[FLORIN] >= rules.province_yields["buy_price"]:
                out += [UseProvince(tile, a) for a in FOLLOWERS]
        elif kind in ("roll_place", "free_place"):
            if me.supply >= 1:
                out.append(UseProvince(tile))
        elif kind == "reuse":
            out += [UseProvince(tile, a) for a in me.province_down]
        elif kind == "swap":
            for a in (SCROLL, *FOLLOWERS):
                if me.res[a] >= 1:
                    out.append(UseProvince(tile, a, SCROLL, SCROLL))
                    out += [UseProvince(tile, a, b, c) for b in FOLLOWERS for c in FOLLOWERS
                            if b <= c]
        elif kind == "follower_scroll_or_florins":
            out += [UseProvince(tile, a) for a in (FLORIN, SCROLL, *FOLLOWERS)]
        else:
            out.append(UseProvince(tile))
    return out


def _trips(state: State, destinations: Iterable[int], budget_needed: int = 0
           ) -> list[tuple[int, int, bool]]:
    """(from, to, by carriage) for every standing member that can reach a destination."""
    me = state.players[state.turn]
    step = state.rules.tables.step_cost
    florins = me.res[FLORIN] - budget_needed
    by_carriage = me.res[CARRIAGE] >= 1 and florins >= 0
    out = []
    dests = tuple(destinations)
    for frm, count in enumerate(me.standing):
        if not count:
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


def town_actions(state: State) -> list[TownAction]:
    rules = state.rules
    tables = rules.tables
    me = state.players[state.turn]
    scrolls_tile = has_council(me, rules, "scrolls")
    price = rules.council_yields["scroll_price"]
    florins = me.res[FLORIN]
    with_bishop = me.res[BISHOP] >= 1
    middlemen = state.middlemen
    out = []
    for frm, to, carriage in _trips(state, tables.targets):
        cost = 0 if carriage else tables.step_cost[frm][to]
        ways = []
        if tables.green[to] or to in middlemen:
            ways.append(False)
        if with_bishop:
            ways.append(True)
        extra_ok = tables.brown[to] and scrolls_tile and florins - cost >= price
        for bishop in ways:
            for choice in range(tables.choices[to]):
                out.append(TownAction(frm, to, carriage, bishop, choice))
                if extra_ok and choice == 1:
                    out.append(TownAction(frm, to, carriage, bishop, choice, True))
    return out


def _follower_payments(rules: Rules, region: int, res: tuple[int, ...], any_colours: bool
                       ) -> list[tuple[int, int, int]]:
    """The payments (assassins, knights, abbots) for ``region`` that ``res`` can afford."""
    tables = rules.tables
    options = tables.pays_any[region] if any_colours else tables.pays[region]
    a, k, b = res[ASSASSIN], res[KNIGHT], res[ABBOT]
    return [pay for pay in options if pay[0] <= a and pay[1] <= k and pay[2] <= b]


@implements(C + "action.province.followers")
def followers_match(need: Mapping[str, int], pay: tuple[int, int, int]) -> bool:
    """Do (assassins, knights, abbots) ``pay`` meet a region's follower requirement?"""
    if "same" in need:
        return sorted(pay) == sorted((need["same"], need["other"], 0))
    return pay == (need.get("assassin", 0), need.get("knight", 0), need.get("abbot", 0))


def _next_space(state: State, track: int) -> tuple[int, bool]:
    """(space index, beyond the end) of the next family member on ``track``."""
    rules = state.rules
    k = len(state.tracks[track])
    if k >= rules.usable(track):
        return rules.board.tracks[track].length - 1, True
    return rules.first_space + k, False


@implements(C + "end.full_track")
def may_place(placed: Any, usable: Any, final_round: Any, rules: Rules, ops: Ops = INT) -> Any:
    """May one more family member join a track holding ``placed`` of ``usable`` members?"""
    only_final = bool(rules.spec["end.full_track_final_only"])
    beyond_ok = ops.and_(final_round, True) if only_final else ops.or_(final_round, True)
    return ops.or_(placed < usable, beyond_ok)


def province_actions(state: State) -> list[Province]:
    rules = state.rules
    board = rules.board
    me = state.players[state.turn]
    kinds = {rules.province_tiles[t] for t in me.province_up}
    frees = (False, True) if "free_takeover" in kinds else (False,)
    anys = (False, True) if "any_colours" in kinds else (False,)
    out = []
    for frm, to, carriage in _trips(state, board.gates):
        region = board.gates[to]
        if not may_place(len(state.tracks[region]), rules.usable(region), state.final_round,
                         rules):
            continue
        space, _ = _next_space(state, region)
        base = travel_cost(state, frm, to, carriage)
        for free in frees:
            cost = base + (0 if free else rules.board.tracks[region].costs[space])
            if cost > me.res[FLORIN]:
                continue
            for any_colours in anys:
                for pay in _follower_payments(rules, region, me.res, any_colours):
                    out.append(Province(frm, to, carriage, *pay, any_colours, free))
    return out


def office_actions(state: State) -> list[Office]:
    rules = state.rules
    me = state.players[state.turn]
    if me.res[SCROLL] < rules.florence_scrolls:
        return []
    out = []
    florence = rules.board.florence
    for track in (COUNCIL, NOBILITY):
        if not may_place(len(state.tracks[track]), rules.usable(track), state.final_round,
                         rules):
            continue
        extra = rules.additional_cost if state.extra_cost_on == track else 0
        for frm, to, carriage in _trips(state, (florence,), extra):
            out.append(Office(frm, to, carriage, track))
    return out


def legal_actions(state: State) -> tuple[Action, ...]:
    """What the player to act may do now."""
    phase = state.phase
    if phase == Phase.OVER:
        return ()
    if state.pending:
        return tuple(_answers(state, state.pending[0]))
    if phase == Phase.SETUP_COUNCIL:
        return tuple(KeepCouncil(t) for t in state.setup_offer[state.turn])
    if phase in (Phase.SETUP_ROLL, Phase.SETUP_CHOICE):
        return tuple(setup_placements(state))
    out: list[Action] = list(province_uses(state))
    if state.actions_taken < _allowed_actions(state):
        out += town_actions(state)
        out += province_actions(state)
        out += office_actions(state)
        if state.players[state.turn].supply >= 1:
            out.append(REINFORCE)
        out.append(RECOVER)
    if state.final_round or state.actions_taken >= _allowed_actions(state):
        out.append(PASS)
    return tuple(out)


def setup_placements(state: State) -> list[SetupPlace]:
    board = state.rules.board
    if state.phase == Phase.SETUP_ROLL and state.roll != state.rules.free_roll:
        areas = [state.roll]
    else:
        areas = sorted(board.areas)
    pairs = state.rules.tables.setup_pairs
    return [SetupPlace(area, a, b) for area in areas for a, b in pairs[area]]


def is_legal(state: State, action: Action) -> bool:
    """Whether :func:`apply` accepts ``action`` in ``state``."""
    return _core_is_legal(apply, state, action)


# ---------------------------------------------------------------- apply

def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` if the rules forbid it."""
    if state.phase == Phase.OVER:
        raise _illegal("end.winner", N_("The game is over; no more actions."))
    kind = type(action)
    if state.pending:
        return _answer(state, action)
    if state.phase == Phase.SETUP_COUNCIL and kind is KeepCouncil:
        return _keep_council(state, action)  # type: ignore[arg-type]
    if state.phase in (Phase.SETUP_ROLL, Phase.SETUP_CHOICE) and kind is SetupPlace:
        return _setup_place(state, action)  # type: ignore[arg-type]
    if state.phase == Phase.PLAY:
        if kind is UseProvince:
            return _settle(_use_province(state, action))  # type: ignore[arg-type]
        if kind is Pass:
            return _pass(state)
        if kind in (TownAction, Province, Office, Reinforce, Recover):
            if state.actions_taken >= _allowed_actions(state):
                raise _illegal("turn.structure", N_("You have already taken your action."))
            new = _MAIN[kind](state, action)
            if kind not in _COUNTS_ITSELF:
                new = new._replace(actions_taken=new.actions_taken + 1)
            return _settle(new)
    clause = {Phase.SETUP_COUNCIL: "setup.council_choice", Phase.SETUP_ROLL: "setup.placement_roll",
              Phase.SETUP_CHOICE: "setup.placement_choice"}.get(state.phase, "turn.structure")
    raise _illegal(clause, N_("{action} is not possible now."), action=kind.__name__)


@implements(C + "setup.council_choice", C + "setup.additional_cost")
def _keep_council(state: State, action: KeepCouncil) -> State:
    p = state.turn
    if action.tile not in state.setup_offer[p]:
        raise _illegal("setup.council_choice", N_("Keep one of the council tiles you drew."))
    me = state.players[p]
    state = _with(state, p, me._replace(council_up=(action.tile,)))
    if p + 1 < state.rules.players:
        return state._replace(turn=p + 1)
    kept = {pl.council_up[0] for pl in state.players}
    returned = [t for offer in state.setup_offer for t in offer if t not in kept]
    stack, state = _shuffled(state, [*returned, *state.council_stack])
    state = state._replace(council_stack=stack, extra_cost_on=COUNCIL, phase=Phase.SETUP_ROLL,
                           turn=0)
    total, state = roll(state)
    return state._replace(roll=total)


@implements(C + "setup.placement_roll", C + "setup.placement_choice")
def _setup_place(state: State, action: SetupPlace) -> State:
    rules = state.rules
    board = rules.board
    clause = "setup.placement_roll" if state.phase == Phase.SETUP_ROLL else "setup.placement_choice"
    if (state.phase == Phase.SETUP_ROLL and state.roll != rules.free_roll
            and action.area != state.roll):
        raise _illegal(clause, N_("You rolled {roll}: place next to area {roll}."), roll=state.roll)
    if action.area not in board.areas:
        raise _illegal(clause, N_("There is no area {area}."), area=action.area)
    towns = board.areas[action.area]
    if action.a not in towns or action.b not in towns:
        raise _illegal(clause, N_("Both family members must go to towns bordering area {area}."),
                       area=action.area)
    p = state.turn
    me = state.players[p]
    standing = _bump(_bump(me.standing, action.a, 1), action.b, 1)
    state = _with(state, p, me._replace(standing=standing,
                                        supply=me.supply - rules.members_per_setup_round))
    if p + 1 < rules.players:
        state = state._replace(turn=p + 1)
        if state.phase == Phase.SETUP_ROLL:
            total, state = roll(state)
            return state._replace(roll=total)
        return state
    if state.phase == Phase.SETUP_ROLL:
        return state._replace(phase=Phase.SETUP_CHOICE, turn=0, roll=0)
    return _start_turn(state._replace(phase=Phase.PLAY, turn=0, roll=0))


@implements(C + "action.town.crest", C + "action.town.goods", C + "action.town.green",
            C + "middleman.move", C + "tiles.council")
def _town(state: State, action: TownAction) -> State:
    rules = state.rules
    board = rules.board
    p = state.turn
    me, cost = _travel(state, p, action.frm, action.to, action.carriage)
    me = _pay(me, cost, "travel.roads")
    to = action.to
    colour = board.colours[to]
    if colour not in CREST_COLOURS and colour != GREEN:
        raise _illegal("action.town.crest", N_("{town} offers no town action."),
                       town=board.names[to])
    middlemen = state.middlemen
    if action.bishop:
        if me.res[BISHOP] < 1:
            raise _illegal("action.town.crest", N_("You have no bishop."))
        me = me._replace(res=_gain(me.res, (BISHOP, -1)))
    else:
        if colour != GREEN:
            c = CREST_COLOURS.index(colour)
            if middlemen[c] != to:
                raise _illegal("action.town.crest",
                               N_("No middleman is in {town}: hand in a bishop instead."),
                               town=board.names[to])
            middlemen = (*middlemen[:c], board.next_town[to], *middlemen[c + 1:])
        me = me._replace(standing=_bump(me.standing, to, -1), lying=_bump(me.lying, to, 1))
    if not 0 <= action.choice < rules.tables.choices[to]:
        raise _illegal("action.town.goods", N_("{town} offers no such choice."),
                       town=board.names[to])
    if action.extra and not (colour == "brown" and action.choice == 1
                             and has_council(me, rules, "scrolls")):
        raise _illegal("tiles.council", N_("Only the scroll council tile buys an extra scroll."))
    y = rules.council_yields
    gains: list[tuple[int, int]] = []
    if colour == GREEN:
        gains.append((FLORIN, rules.green_florins))
    elif colour == "brown" and action.choice == 0:
        gains.append((FLORIN, rules.brown_florins))
        if has_council(me, rules, "money"):
            gains.append((FLORIN, y["brown_florins"]))
    elif colour == "brown":
        gains.append((SCROLL, rules.brown_scrolls))
        if action.extra:
            me = _pay(me, y["scroll_price"], "tiles.council")
            gains.append((SCROLL, 1))
    elif colour == "purple":
        token = BISHOP if action.choice == 0 else CARRIAGE
        gains.append((token, rules.purple_count))
        tile = "bishops" if token == BISHOP else "carriages"
        if has_council(me, rules, tile):
            gains += [(CARRIAGE if token == BISHOP else BISHOP, 1), (FLORIN, y["token_florins"])]
    else:
        kind = rules.follower_of_colour[colour]
        gains.append((kind, rules.follower_count))
        if has_council(me, rules, "follower"):
            gains.append((FLORIN, y["follower_florins"]))
        for tile, tile_kind in _COUNCIL_KIND.items():
            if tile_kind == kind and has_council(me, rules, tile):
                gains.append((kind, 1))
    me = me._replace(res=_gain(me.res, *gains))
    return _with(state, p, me, middlemen=middlemen, actions_taken=state.actions_taken + 1)


def _place_on_track(state: State, p: int, me: Player, town: int, track: int) -> State:
    """Move ``p``'s standing member from ``town`` onto ``track``; take a crest if shown."""
    space, beyond = _next_space(state, track)
    me = me._replace(standing=_bump(me.standing, town, -1))
    tracks = list(state.tracks)
    tracks[track] = (*tracks[track], p)
    overflow = state.overflow
    if beyond:
        overflow = _bump(overflow, track, 1)
    state = _with(state, p, me, tracks=tuple(tracks), overflow=overflow)
    if not beyond and state.rules.board.tracks[track].crests[space]:
        state = take_crest(state, p)
    return state


@implements(C + "action.province", C + "action.province.followers", C + "action.province.track",
            C + "action.province.tile", C + "end.full_track", C + "tiles.province")
def _province(state: State, action: Province) -> State:
    rules = state.rules
    board = rules.board
    p = state.turn
    if action.to not in board.gates:
        raise _illegal("action.province", N_("Provinces are entered from a red town only."))
    region = board.gates[action.to]
    if not may_place(len(state.tracks[region]), rules.usable(region), state.final_round, rules):
        raise _illegal("end.full_track", N_("That track is full; only in the final round may "
                                            "a family member join a full track."))
    me, cost = _travel(state, p, action.frm, action.to, action.carriage)
    used = []
    for flag, kind in ((action.any_colours, "any_colours"), (action.free, "free_takeover")):
        if flag:
            tile = next((t for t in me.province_up if rules.province_tiles[t] == kind), None)
            if tile is None:
                raise _illegal("tiles.province", N_("You have no face-up tile for that."))
            used.append(tile)
    pay = (action.assassins, action.knights, action.abbots)
    need = rules.province_followers[region]
    ok = sum(pay) == sum(need.values()) and min(pay) >= 0 and (
        action.any_colours or followers_match(need, pay))
    if not ok:
        raise _illegal("action.province.followers",
                       N_("These followers do not match what {region} requires."),
                       region=REGIONS[region])
    if any(pay[i] > me.res[follower] for i, follower in enumerate(FOLLOWERS)):
        raise _illegal("action.province.followers", N_("You do not have these followers."))
    space, _ = _next_space(state, region)
    price = 0 if action.free else board.tracks[region].costs[space]
    me = _pay(me, cost + price, "action.province.track")
    me = me._replace(res=_gain(me.res, *((f, -pay[i]) for i, f in enumerate(FOLLOWERS))),
                     province_up=tuple(t for t in me.province_up if t not in used),
                     province_down=(*me.province_down, *used))
    if has_council(me, rules, "province"):
        me = me._replace(res=_gain(me.res, (SCROLL, 1)))
    state = _place_on_track(state, p, me, action.to, region)
    return state._replace(pending=(*state.pending, Pending(Need.PROVINCE_TILE, p, region)))


@implements(C + "action.florence", C + "action.florence.additional_cost",
            C + "action.florence.tiles", C + "end.full_track", C + "tiles.council")
def _office(state: State, action: Office) -> State:
    rules = state.rules
    p = state.turn
    if action.to != rules.board.florence:
        raise _illegal("action.florence", N_("An office is taken from Florence only."))
    if action.track not in (COUNCIL, NOBILITY):
        raise _illegal("action.florence", N_("Choose the city council or the nobility track."))
    if not may_place(len(state.tracks[action.track]), rules.usable(action.track),
                     state.final_round, rules):
        raise _illegal("end.full_track", N_("That track is full; only in the final round may "
                                            "a family member join a full track."))
    me, cost = _travel(state, p, action.frm, action.to, action.carriage)
    if me.res[SCROLL] < rules.florence_scrolls:
        raise _illegal("action.florence", N_("An office costs {n} scrolls."),
                       n=rules.florence_scrolls)
    extra = rules.additional_cost if state.extra_cost_on == action.track else 0
    me = _pay(me, cost + extra, "action.florence.additional_cost")
    me = me._replace(res=_gain(me.res, (SCROLL, -rules.florence_scrolls)))
    if has_council(me, rules, "florence"):
        state = state._replace(pending=(*state.pending, Pending(Need.FOLLOWER, p)))
    state = _place_on_track(state, p, me, action.to, action.track)
    stack = state.council_stack if action.track == COUNCIL else state.nobility_stack
    drawn, rest = stack[:rules.tiles_drawn], stack[rules.tiles_drawn:]
    state = (state._replace(council_stack=rest) if action.track == COUNCIL
             else state._replace(nobility_stack=rest))
    if drawn:
        state = state._replace(pending=(*state.pending,
                                        Pending(Need.FLORENCE_TILE, p, action.track, drawn)))
    return state


@implements(C + "action.reinforcement", C + "variant.less_luck")
def _reinforce(state: State, action: Reinforce) -> State:
    p = state.turn
    if state.players[p].supply < 1:
        raise _illegal("action.reinforcement", N_("You have no family member in your supply."))
    if state.rules.variants["less_luck"] == "on":
        queue = [Pending(Need.PLACE, p, 0)]
        if has_council(state.players[p], state.rules, "reinforcement"):
            queue.append(Pending(Need.PLACE, p, 0))
        return state._replace(pending=(*state.pending, *queue))
    return roll_into_play(state, p, via_reinforcement=True)


@implements(C + "action.recovery", C + "tiles.council")
def _recover(state: State, action: Recover) -> State:
    p = state.turn
    me = state.players[p]
    if any(me.lying):
        me = me._replace(standing=tuple(map(add, me.standing, me.lying)),
                         lying=(0,) * len(me.lying),
                         res=_gain(me.res, (FLORIN, state.rules.recovery_florins)))
    else:
        me = me._replace(res=_gain(me.res, (FLORIN, state.rules.recovery_florins)))
    state = _with(state, p, me, actions_taken=state.actions_taken + 1)
    if has_council(me, state.rules, "recovery") and me.supply >= 1:
        state = roll_into_play(state, p, via_reinforcement=False, optional=True)
    return state


_MAIN = {TownAction: _town, Province: _province, Office: _office, Reinforce: _reinforce,
         Recover: _recover}
#: Handlers that count the main action themselves (saving a copy of the state).
_COUNTS_ITSELF = (TownAction, Recover)


@implements(C + "end.double_turn", C + "end.pass_bonus", C + "turn.structure")
def _pass(state: State) -> State:
    if not (state.final_round or state.actions_taken >= _allowed_actions(state)):
        raise _illegal("turn.structure", N_("You must take one action on your turn."))
    if state.final_round and state.actions_taken == 0:
        me = state.players[state.turn]
        state = _with(state, state.turn, me._replace(passed=True))
    return _end_turn(state)


@implements(C + "tiles.province")
def _use_province(state: State, action: UseProvince) -> State:
    if action not in province_uses(state):
        raise _illegal("tiles.province", N_("That province tile cannot be used like this now."))
    rules = state.rules
    p = state.turn
    me = state.players[p]
    kind = rules.province_tiles[action.tile]
    me = me._replace(province_up=tuple(t for t in me.province_up if t != action.tile),
                     province_down=(*me.province_down, action.tile))
    y = rules.province_yields
    a, b, c = action.a, action.b, action.c
    gains: list[tuple[int, int]] = []
    if kind == "scroll_for_followers":
        gains = [(SCROLL, -1), (a, 1), (b, 1)]
    elif kind == "florins_six":
        gains = [(FLORIN, y["florins_six"])]
    elif kind == "follower_for_scrolls":
        gains = [(a, -1), (SCROLL, y["scrolls_for_follower"])]
    elif kind == "any_follower":
        gains = [(a, 1)]
    elif kind == "bishop_and_carriage":
        gains = [(BISHOP, 1), (CARRIAGE, 1)]
    elif kind in ("scroll", "knight", "assassin", "abbot"):
        gains = [({"scroll": SCROLL, **_COUNCIL_KIND}[kind], 1)]
    elif kind == "florins_per_member":
        gains = [(FLORIN, y["florins_per_member"] * (sum(me.standing) + sum(me.lying)))]
    elif kind == "swap":
        gains = [(a, -1), (b, 1), (c, 1)]
    elif kind == "buy":
        gains = [(FLORIN, -y["buy_price"]), (a, 1), (SCROLL, 1)]
    elif kind == "follower_scroll_or_florins":
        gains = [(a, y["choice_florins"] if a == FLORIN else 1)]
    elif kind == "reuse":
        me = me._replace(province_down=tuple(t for t in me.province_down if t != a),
                         province_up=(*me.province_up, a))
    me = me._replace(res=_gain(me.res, *gains))
    state = _with(state, p, me)
    if kind == "roll_place":
        return roll_into_play(state, p, via_reinforcement=False)
    if kind == "free_place":
        return state._replace(pending=(*state.pending, Pending(Need.PLACE, p, 0)))
    return state


@implements(C + "event.family")
def family_return(rules: Rules) -> int:
    """Where a lying member taken back by the family event goes: 1 = the supply."""
    return 1 if rules.spec["events.family_return"] == "supply" else 0


def _answer(state: State, action: Action) -> State:
    pending = state.pending[0]
    if not _answer_ok(state, pending, action):
        clause = {Need.PLACE: "action.reinforcement", Need.LEVY: "event.levy",
                  Need.FAMILY: "event.family", Need.PROVINCE_TILE: "action.province.tile",
                  Need.FLORENCE_TILE: "action.florence.tiles",
                  Need.FOLLOWER: "tiles.council"}[pending.need]
        raise _illegal(clause, N_("Answer the open decision first ({need})."),
                       need=pending.need.name.lower())
    p = pending.player
    me = state.players[p]
    rules = state.rules
    rest = state.pending[1:]
    if pending.need == Need.PLACE:
        if action.town >= 0:  # type: ignore[union-attr]
            me = me._replace(supply=me.supply - 1,
                             standing=_bump(me.standing, action.town, 1))  # type: ignore[union-attr]
        return _settle(_with(state, p, me, pending=rest))
    if pending.need == Need.LEVY:
        kind = action.resource  # type: ignore[union-attr]
        amount = rules.levy_florins if kind == FLORIN else 1
        me = me._replace(res=_gain(me.res, (kind, -amount)))
    elif pending.need == Need.FAMILY:
        town = action.town  # type: ignore[union-attr]
        if action.lay_down:  # type: ignore[union-attr]
            me = me._replace(standing=_bump(me.standing, town, -1), lying=_bump(me.lying, town, 1))
        else:
            me = me._replace(lying=_bump(me.lying, town, -1),
                             supply=me.supply + family_return(rules))
    elif pending.need == Need.PROVINCE_TILE:
        tile = action.tile  # type: ignore[union-attr]
        left = list(state.province_left)
        left[pending.arg] = tuple(t for t in left[pending.arg] if t != tile)
        state = state._replace(province_left=tuple(left))
        me = me._replace(province_up=(*me.province_up, tile))
    elif pending.need == Need.FLORENCE_TILE:
        return _settle(_pick_florence(state, pending, action.tile, rest))  # type: ignore[union-attr]
    else:
        me = me._replace(res=_gain(me.res, (action.kind, 1)))  # type: ignore[union-attr]
    return _settle(_with(state, p, me, pending=rest))


@implements(C + "action.florence.tiles", C + "action.florence.nobility",
            C + "action.florence.council_reveal", C + "end.council_bonus")
def _pick_florence(state: State, pending: Pending, tile: int, rest: tuple[Pending, ...]) -> State:
    p = pending.player
    others, state = _shuffled(state, (t for t in pending.options if t != tile))
    me = state.players[p]
    if pending.arg == COUNCIL:
        state = state._replace(council_stack=(*state.council_stack, *others))
        state = _with(state, p, me._replace(council_down=(*me.council_down, tile)))
        state = state._replace(pending=rest)
        if state.final_round:
            state = reveal_council(state, p, tile)
        return state
    state = state._replace(nobility_stack=(*state.nobility_stack, *others), pending=rest)
    return _with(state, p, me._replace(nobility=(*me.nobility, tile)))


# ---------------------------------------------------------------- random play
#
# A random player draws a kind of action uniformly among the kinds that have a
# legal action, then the action's parameters one after the other, each uniformly
# among the values that still leave a legal action (so every legal action has a
# positive probability, without listing them all). Every draw mirrors the
# conditions of the corresponding ``*_actions`` function above; the test-suite
# checks that each sampled action is in ``legal_actions`` and accepted by ``apply``.

def _pick(rng: Random, options: list[Any]) -> Any:
    n = len(options)
    return options[int(rng.random() * n)] if n > 1 else options[0]


def _sample_town(state: State, rng: Random) -> TownAction | None:
    rules = state.rules
    tables = rules.tables
    me = state.players[state.turn]
    res = me.res
    florins, carriages, bishops = res[FLORIN], res[CARRIAGE] >= 1, res[BISHOP] >= 1
    middlemen = state.middlemen
    green = tables.green
    standing = me.standing
    froms = [t for t in tables.towns if standing[t]]
    tos: list[int] = []
    row: tuple[int, ...] = ()
    frm = -1
    while froms:
        i = int(rng.random() * len(froms))
        frm = froms[i]
        row = tables.step_cost[frm]
        if carriages:
            tos = [to for to in tables.targets if bishops or green[to] or to in middlemen]
        else:
            tos = [to for to in tables.targets
                   if row[to] <= florins and (bishops or green[to] or to in middlemen)]
        if tos:
            break
        froms[i] = froms[-1]
        froms.pop()
    if not tos:
        return None
    to = _pick(rng, tos)
    if to == frm:
        carriage = False
    else:
        walk = row[to] <= florins
        carriage = rng.random() < 0.5 if (walk and carriages) else not walk
    free = green[to] or to in middlemen
    bishop = rng.random() < 0.5 if (free and bishops) else not free
    choice = int(rng.random() * tables.choices[to])
    extra = False
    if (choice == 1 and tables.brown[to] and has_council(me, rules, "scrolls")
            and florins - (0 if carriage else row[to]) >= rules.council_yields["scroll_price"]):
        extra = rng.random() < 0.5
    return TownAction(frm, to, carriage, bishop, choice, extra)


def _sample_province(state: State, rng: Random) -> Province | None:
    rules = state.rules
    tables = rules.tables
    me = state.players[state.turn]
    res = me.res
    if res[ASSASSIN] + res[KNIGHT] + res[ABBOT] < tables.fewest_followers:
        return None
    florins, carriages = res[FLORIN], res[CARRIAGE] >= 1
    kinds = {rules.province_tiles[t] for t in me.province_up}
    has_free, has_any = "free_takeover" in kinds, "any_colours" in kinds
    standing = me.standing
    step = tables.step_cost
    beyond_ok = state.final_round or not tables.full_track_final_only   # as may_place
    options = []
    for to, region in tables.gates:
        if not (beyond_ok or len(state.tracks[region]) < tables.usable[region]):
            continue
        pays = _follower_payments(rules, region, res, False)
        pays_any = _follower_payments(rules, region, res, True) if has_any else []
        if not pays and not pays_any:
            continue
        price = rules.board.tracks[region].costs[_next_space(state, region)[0]]
        least = 0 if has_free else price
        froms = [frm for frm in tables.towns if standing[frm] and least + (
            0 if frm == to or carriages else step[frm][to]) <= florins]
        if froms:
            options.append((to, region, price, pays, pays_any, froms))
    if not options:
        return None
    to, region, price, pays, pays_any, froms = _pick(rng, options)
    frm = _pick(rng, froms)
    prices = (price, 0) if has_free else (price,)     # free = False, True
    least = min(prices)
    if frm == to:
        ways = [False]
    else:
        ways = ([False] if step[frm][to] + least <= florins else []) + (
            [True] if carriages and least <= florins else [])
    carriage = _pick(rng, ways)
    travel = 0 if carriage or frm == to else step[frm][to]
    free = _pick(rng, [f for f, cost in zip((False, True), prices, strict=False)
                       if travel + cost <= florins])
    any_colours = _pick(rng, ([False] if pays else []) + ([True] if pays_any else []))
    pay = _pick(rng, pays_any if any_colours else pays)
    return Province(frm, to, carriage, *pay, any_colours, free)


def _sample_office(state: State, rng: Random) -> Office | None:
    rules = state.rules
    tables = rules.tables
    me = state.players[state.turn]
    res = me.res
    if res[SCROLL] < rules.florence_scrolls:
        return None
    florins, carriages = res[FLORIN], res[CARRIAGE] >= 1
    florence = rules.board.florence
    column = [row[florence] for row in tables.step_cost]
    standing = me.standing
    beyond_ok = state.final_round or not tables.full_track_final_only   # as may_place
    options = []
    for track in (COUNCIL, NOBILITY):
        if not (beyond_ok or len(state.tracks[track]) < tables.usable[track]):
            continue
        budget = florins - (rules.additional_cost if state.extra_cost_on == track else 0)
        if budget < 0:
            continue
        froms = [frm for frm in tables.towns if standing[frm] and (
            frm == florence or carriages or column[frm] <= budget)]
        if froms:
            options.append((track, budget, froms))
    if not options:
        return None
    track, budget, froms = _pick(rng, options)
    frm = _pick(rng, froms)
    if frm == florence:
        carriage = False
    else:
        walk = column[frm] <= budget
        carriage = rng.random() < 0.5 if (walk and carriages) else not walk
    return Office(frm, florence, carriage, track)


def _sample_use(state: State, rng: Random) -> UseProvince | None:
    uses = province_uses(state)
    return _pick(rng, uses) if uses else None


def _sample_reinforce(state: State, rng: Random) -> Reinforce | None:
    return REINFORCE if state.players[state.turn].supply >= 1 else None


def _sample_recover(state: State, rng: Random) -> Recover:
    return RECOVER


def _sample_pass(state: State, rng: Random) -> Pass:
    return PASS


_MAIN_SAMPLERS = (_sample_town, _sample_province, _sample_office, _sample_reinforce,
                  _sample_recover)


def random_action(state: State, rng: Random) -> Action:
    """A random legal action: first a kind of action (uniformly among the kinds with a legal
    action), then its parameters, each among the values that keep it legal.

    Nothing is listed in full: this is the fast policy of random playouts. Every action it
    returns is one of :func:`legal_actions`, and every legal action can come out.
    """
    if state.pending or state.phase != Phase.PLAY:
        actions = legal_actions(state)
        if not actions:
            raise _illegal("end.winner", N_("The game is over; no more actions."))
        return _pick(rng, list(actions))
    samplers: list[Any] = []
    if state.players[state.turn].province_up:
        samplers.append(_sample_use)
    allowed = _allowed_actions(state)
    if state.actions_taken < allowed:
        samplers += _MAIN_SAMPLERS
    if state.final_round or state.actions_taken >= allowed:
        samplers.append(_sample_pass)
    while samplers:
        i = int(rng.random() * len(samplers))
        action = samplers[i](state, rng)
        if action is not None:
            return action  # type: ignore[no-any-return]
        samplers[i] = samplers[-1]
        samplers.pop()
    raise AssertionError("no legal action in play")  # Recover or Pass is always legal
