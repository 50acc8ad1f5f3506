"""The fixed facts one game of Il Vecchio is played with, read from spec.

:class:`Rules` is built once per (spec, player count, variants) and shared by
every state of a game. No rule number is typed here: all come from
``spec/il_vecchio`` (numbers.toml, board.toml).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any, cast

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.game import choose_variants, register_variants
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import Spec, SpecError
from regelwerk.engine.il_vecchio import members
from regelwerk.engine.il_vecchio import rule_fns as rf
from regelwerk.engine.il_vecchio.actions import (
    CrestDrawn,
    FamilyChoice,
    Levy,
    MiddlemenPlaced,
    PickTile,
    Place,
    Roll,
    SetupPlace,
    TileDrawn,
)
from regelwerk.engine.il_vecchio.board import (
    COUNCIL,
    CREST_COLOURS,
    GREEN,
    NOBILITY,
    REGIONS,
    TRACKS,
    Board,
    board_from_spec,
    check_board,
    distances_avoiding_florence,
)
from regelwerk.engine.il_vecchio.rule_fns import (  # the game's names, re-exported here
    ABBOT,
    ASSASSIN,
    BISHOP,
    CARRIAGE,
    EVENTS,
    FAMILY,
    FLORIN,
    FOLLOWERS,
    GAME,
    KNIGHT,
    LEVY,
    MIDDLEMEN,
    RESOURCES,
    SCROLL,
    followers_match,
)

#: The prefix of the game's clause ids.
C = prefix(GAME)


@dataclass(frozen=True)
class RuleFns:
    """The rule functions the engine plays by and the z3 proofs are about.

    One object, so a mutant (a deliberately broken rule, see
    :func:`regelwerk.verification.core.mutate`) reaches both: ``verify`` and
    ``simulate`` then see the same broken rule. Each takes ``ops``
    (:mod:`regelwerk.engine.core.arith`): ints in the engine, z3 terms in the proofs.
    """

    may_place: Callable[..., Any]            # tracks: may one more member join a track
    crest_step: Callable[..., Any]           # events: one crest taken
    additional_cost_stack: Callable[..., Any]  # events: where the additional cost lies
    majority_beats: Callable[..., Any]       # scoring: the majority order
    nobility_points: Callable[..., Any]      # scoring: a nobility tile's Power points
    member_enters: Callable[..., Any]        # members: supply -> town
    member_travels: Callable[..., Any]       # members: town -> town
    member_lies_down: Callable[..., Any]     # members: standing -> lying
    member_joins_track: Callable[..., Any]   # members: town -> track
    members_stand_up: Callable[..., Any]     # members: lying -> standing (recovery)
    member_taken_back: Callable[..., Any]    # members: lying -> supply (family event)


def rule_functions() -> RuleFns:
    """The rule functions as the rulebooks state them (:mod:`.rule_fns`, :mod:`.members`)."""
    return RuleFns(rf.may_place, rf.crest_step, rf.additional_cost_stack,
                   rf.majority_beats, rf.nobility_points, members.member_enters,
                   members.member_travels, members.member_lies_down, members.member_joins_track,
                   members.members_stand_up, members.member_taken_back)


@dataclass(frozen=True)
class Rules:
    """Spec values in the shape the engine uses."""

    spec: Spec
    board: Board
    players: int
    names: tuple[str, ...]
    first_space: int                      # 0, or 1 with two players (setup.two_player_tracks)
    crests_dealt: int
    crest_events: tuple[int, ...]         # the crests in the box, by event
    family_members: int
    start_money: tuple[int, ...]
    start_carriages: int
    start_bishops: int
    council_draw: int
    members_per_setup_round: int
    free_roll: int
    dice_count: int
    dice_sides: int
    travel_cost: int
    brown_florins: int
    brown_scrolls: int
    follower_of_colour: Mapping[str, int]
    follower_count: int                   # followers a black, gray or white town gives
    purple_count: int
    green_florins: int
    province_followers: tuple[Mapping[str, int], ...]
    florence_scrolls: int
    additional_cost: int
    tiles_drawn: int
    recovery_florins: int
    levy_florins: int
    double_turn_actions: int
    province_tiles: tuple[str, ...]       # global tile id -> effect; region = id // per_region
    tiles_per_region: int
    council_tiles: tuple[str, ...]
    nobility_tiles: tuple[str, ...]
    province_yields: Mapping[str, int]
    council_yields: Mapping[str, int]
    scoring: Mapping[str, Any]
    variants: Mapping[str, str]           # every variant's value (records, the stamp)
    # each reading of the register, resolved once (rule code reads these, never ``variants``)
    every_roll_reinforced: bool           # reinforce_tile_scope = every_roll
    council_any_gain: bool                # council_bonus_scope = any_gain: council tiles
                                          # enhance tokens from province tiles too
    crests_exactly_four: bool             # crests_four_plus = exactly_four
    milan_tile_omitted: bool              # milan_tile_en = omitted
    whole_double_turn: bool               # partial_double_turn = both_or_none: a double turn
                                          # is played whole or given up whole
    avoid_florence: bool                  # travel_florence = avoid_florence
    less_luck: bool                       # less_luck = on
    disjoint_pairs: bool                  # neighbour_pairs = disjoint
    may_be_stuck: bool                    # endless_game = needs_lying_member: Recovery needs a
                                          # lying member, so a player may find no main action
    may_decline: bool                     # optional_placements = may
    three_regions_any: bool               # three_regions = any_three
    pass_bonus_keeps_tiles: bool          # pass_bonus_tiles = keep
    takeover_waives_travel: bool          # free_takeover = travel_too
    followers_then_scrolls: bool          # winner_tiebreak = followers_then_scrolls
    fns: RuleFns                          # the rule functions (a mutant replaces some)
    #: lookup tables derived from the fields above, built with the rules (not compared)
    tables: Tables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", build_tables(self))

    @property
    def roll_max(self) -> int:
        """The highest total the dice show."""
        return self.dice_count * self.dice_sides

    @property
    def most_followers(self) -> int:
        """The most followers a province takes (a province action hands in no more)."""
        return max(sum(need.values()) for need in self.province_followers)

    @property
    def tile_count(self) -> int:
        """The size of the largest tile list (a tile index of any kind lies below it)."""
        return max(len(self.province_tiles), len(self.council_tiles), len(self.nobility_tiles))

    @property
    def florence_tile_count(self) -> int:
        """The size of the larger Florence tile list."""
        return max(len(self.council_tiles), len(self.nobility_tiles))

    #: Names the action fields' domains refer to (engine.core.actions: ``index_into``).
    resources = RESOURCES
    followers = FOLLOWERS
    events = EVENTS

    def usable(self, track: int) -> int:
        """How many family members the track holds before it is full."""
        return self.board.tracks[track].length - self.first_space

    def region_of_tile(self, tile: int) -> int:
        return tile // self.tiles_per_region


#: Follower payments (assassins, knights, abbots), one per follower colour.
Payments = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class Tables:
    """Derived lookup tables the engine's hot paths use (:attr:`Rules.tables`)."""

    towns: tuple[int, ...]                        # every town index
    step_cost: tuple[tuple[int, ...], ...]        # Florins to walk from -> to (0 when staying)
    targets: tuple[int, ...]                      # towns with a town action (crest colours, green)
    reach: tuple[tuple[tuple[int, ...], ...], ...]  # [from][Florins]: the targets a walk
                                                  # reaches (the last entry: any budget above)
    green: tuple[bool, ...]                       # per town
    green_towns: tuple[int, ...]
    towns_of: Mapping[str, tuple[int, ...]]       # colour -> its towns
    brown: tuple[bool, ...]                       # per town
    choices: tuple[int, ...]                      # per town: goods to choose from (brown, purple: two)
    gates: tuple[tuple[int, int], ...]            # (red town, region)
    pays: tuple[tuple[tuple[int, int, int], ...], ...]      # per region: matching payments
    pays_any: tuple[tuple[tuple[int, int, int], ...], ...]  # per region: any colours
    usable: tuple[int, ...]                       # per track
    next_space: tuple[tuple[tuple[int, bool], ...], ...]  # [track][members on it]: (the next
                                                  # member's space, beyond the end)
    setup_places: Mapping[int, tuple[SetupPlace, ...]]  # area -> a placement per town pair
                                                        # (a <= b)
    middleman_setups: tuple[tuple[int, ...], ...]  # every legal start position of the middlemen
    fewest_followers: int                         # the smallest follower count of a province
    middlemen_placed: tuple[MiddlemenPlaced, ...]  # chance's outcomes, built once: per setup,
    tile_drawn: tuple[tuple[TileDrawn, ...], ...]  # per track and tile (Florence tracks only),
    crest_drawn: tuple[CrestDrawn, ...]            # per event
    council_id: Mapping[str, int]                  # council tile kind -> its tile
    track_open: tuple[tuple[tuple[bool, ...], ...], ...]  # [final round][track][members on it]:
                                                   # rules.fns.may_place, asked once per case
    # the answers, built once: a placement per town, a roll per total, a tile per index, a
    # levy per resource, per town laying a member down and taking one back
    place: tuple[Place, ...]
    roll: tuple[Roll, ...]
    pick_tile: tuple[PickTile, ...]
    levy: tuple[Levy, ...]
    family: tuple[tuple[FamilyChoice, FamilyChoice], ...]
    left_out: frozenset[int]                     # province tiles not in the game: the Milan
                                                 # tile the English list lacks (interp.milan_tile_en)
    space_price: tuple[tuple[int, ...], ...]      # [track][members on it]: the Florins of the
                                                  # next member's space (``next_space``'s)
    #: filled as play asks (random play's province sampler): per followers a player holds
    #: (assassins, knights, abbots), per region the payments he can afford, matching its
    #: colours and of any colours (``pays`` and ``pays_any`` filtered); a memo of pure values
    affordable: dict[tuple[int, ...], tuple[tuple[Payments, Payments], ...]] = field(
        default_factory=dict, compare=False, repr=False)


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


def build_tables(rules: Rules) -> Tables:
    """The lookup tables of :class:`Tables`, from the rules' fields."""
    board = rules.board
    towns = tuple(range(len(board.towns)))
    setups = tuple(middleman_setups(rules))
    tiles = {COUNCIL: rules.council_tiles, NOBILITY: rules.nobility_tiles}
    distance = distances_avoiding_florence(board) if rules.avoid_florence else board.distance
    if any(d < 0 for row in distance for d in row):
        raise SpecError(N_("{file}: travel_florence=avoid_florence needs every town reachable "
                           "by road without passing through Florence"),
                        file=rules.spec.file_of("board.roads"))
    step_cost = tuple(tuple(d * rules.travel_cost for d in row) for row in distance)
    targets = tuple(t for t in towns if board.colours[t] in CREST_COLOURS
                    or board.colours[t] == GREEN)
    # the most members a track can hold (all the players have), at least one beyond its end
    most_members = max(rules.players * rules.family_members,
                       *(track.length for track in board.tracks))
    Pay = tuple[int, int, int]      # (assassins, knights, abbots): one per follower colour
    pays: list[tuple[Pay, ...]] = []
    pays_any: list[tuple[Pay, ...]] = []
    for need in rules.province_followers:
        total = sum(need.values())
        every = cast(tuple[Pay, ...], tuple(
            pay for pay in product(range(total + 1), repeat=len(FOLLOWERS)) if sum(pay) == total))
        pays_any.append(every)
        pays.append(tuple(pay for pay in every if followers_match(need, pay)))
    next_spaces = tuple(tuple((rules.first_space + k, False) if k < rules.usable(t)
                              else (track.length - 1, True) for k in range(most_members + 1))
                        for t, track in enumerate(board.tracks))
    return Tables(
        towns=towns,
        step_cost=step_cost, targets=targets,
        reach=tuple(tuple(tuple(to for to in targets if cost[to] <= budget)
                          for budget in range(max(cost) + 1)) for cost in step_cost),
        green=tuple(c == GREEN for c in board.colours),
        green_towns=tuple(t for t in towns if board.colours[t] == GREEN),
        towns_of={c: tuple(t for t in towns if board.colours[t] == c)
                  for c in sorted(set(board.colours))},
        brown=tuple(c == "brown" for c in board.colours),
        choices=tuple(2 if c in ("brown", "purple") else 1 for c in board.colours),
        gates=tuple(board.gates.items()),
        pays=tuple(pays), pays_any=tuple(pays_any),
        usable=tuple(rules.usable(t) for t in range(len(TRACKS))),
        next_space=next_spaces,
        setup_places={area: tuple(SetupPlace(area, a, b) for a in ts for b in ts if a <= b)
                      for area, ts in board.areas.items()},
        middleman_setups=setups,
        fewest_followers=min(sum(need.values()) for need in rules.province_followers),
        middlemen_placed=tuple(MiddlemenPlaced(i) for i in range(len(setups))),
        tile_drawn=tuple(tuple(TileDrawn(t, tile) for tile in range(len(tiles.get(t, ()))))
                         for t in range(len(TRACKS))),
        crest_drawn=tuple(CrestDrawn(event) for event in range(len(EVENTS))),
        council_id={kind: t for t, kind in enumerate(rules.council_tiles)},
        track_open=tuple(tuple(tuple(bool(rules.fns.may_place(placed, rules.usable(t), final,
                                                               rules))
                                     for placed in range(most_members + 1))
                               for t in range(len(TRACKS)))
                         for final in (False, True)),
        place=tuple(Place(t) for t in towns),
        roll=tuple(Roll(total) for total in range(rules.roll_max + 1)),
        pick_tile=tuple(PickTile(t) for t in range(rules.tile_count)),
        levy=tuple(Levy(k) for k in range(len(RESOURCES))),
        family=tuple((FamilyChoice(t, True), FamilyChoice(t, False)) for t in towns),
        left_out=frozenset(
            t for t in range(len(rules.province_tiles))
            if rules.milan_tile_omitted
            and rules.region_of_tile(t) == REGIONS.index("milano")
            and rules.province_tiles[t] == "scroll_for_followers"),
        space_price=tuple(tuple(track.costs[space] for space, _ in spaces)
                          for track, spaces in zip(board.tracks, next_spaces, strict=True)),
    )


@implements(C + "setup.crests", C + "setup.two_player_tracks", C + "setup.start_player",
            C + "setup.player_material", C + "setup.tiles")
def rules_from_spec(spec: Spec, players: int | None = None,
                    variants: Mapping[str, Any] | None = None,
                    board: Board | None = None, fns: RuleFns | None = None) -> Rules:
    """Build :class:`Rules` for ``players`` players (``players.count``; the full table, its
    largest value, when not given) and the chosen variants; ``fns``: the rule functions
    (:func:`rule_functions` when not given)."""
    low, high = spec["players.count"]
    if players is None:
        players = high
    if not isinstance(players, int) or not low <= players <= high:
        raise SpecError(N_("{game} is played by {low} to {high} players, not {players!r}"),
                        game=GAME, low=low, high=high, players=players)
    chosen = choose_variants(GAME, register_variants(spec), variants)
    board = board or board_from_spec(spec)
    check_board(spec, board)
    if players == high:                   # "Bei 4 Spielern" / "In a 4-player game"
        crests = spec["setup.crests.four_players"]
    elif chosen["crests_two_three"] == "four":
        crests = spec["setup.crests.two_three_players_alternative"]
    else:
        crests = spec["setup.crests.two_three_players"]
    mix = spec["crests.events"]
    events = tuple(e for e, name in enumerate(EVENTS) for _ in range(mix[name]))
    if len(events) != spec["setup.crests.in_box"]:
        raise SpecError(N_("{file}: crests.events must add up to setup.crests.in_box"),
                        file=spec.file_of("crests.events"))
    money = [spec["setup.money.others"]] * players
    money[players - 1] = spec["setup.money.right_neighbour"]
    money[0] = spec["setup.money.start_player"]
    provinces = spec["tiles.province"]
    per_region = spec["province.tiles_per_region"]
    tiles = tuple(t for region in REGIONS for t in provinces[region])
    if any(len(provinces[r]) != per_region for r in REGIONS):
        raise SpecError(N_("{file}: tiles.province: every region needs "
                           "province.tiles_per_region tiles"), file=spec.file_of("tiles.province"))
    times = spec["nobility.times"]
    if not set(times) <= set(spec["tiles.nobility"]) or any(
            value != "any" and not (type(value) is int and value >= 1)
            for value in times.values()):
        raise SpecError(N_("{file}: nobility.times: each tile scores 'any' number of times "
                           "or a whole number from 1"), file=spec.file_of("nobility.times"))
    if len(set(spec["tiles.council"])) != len(spec["tiles.council"]):
        raise SpecError(N_("{file}: tiles.council names a tile twice"),
                        file=spec.file_of("tiles.council"))
    colours = spec["town.follower_colours"]
    return Rules(
        spec=spec, board=board, players=players,
        names=tuple(spec.meta["players"][:players]),
        first_space=spec["setup.two_player_first_space"] - 1 if players == low else 0,
        crests_dealt=crests, crest_events=events,
        family_members=spec["setup.family_members"], start_money=tuple(money),
        start_carriages=spec["setup.carriages"], start_bishops=spec["setup.bishops"],
        council_draw=spec["setup.council_draw"],
        members_per_setup_round=spec["setup.placement.members_per_round"],
        free_roll=spec["dice.free_choice"], dice_count=spec["dice.count"],
        dice_sides=spec["dice.sides"],
        travel_cost=spec["travel.cost_per_town"],
        brown_florins=spec["town.brown.florins"], brown_scrolls=spec["town.brown.scrolls"],
        follower_of_colour={c: RESOURCES.index(k) for c, k in colours.items()},
        follower_count=spec["town.follower.count"],
        purple_count=spec["town.purple.count"], green_florins=spec["town.green.florins"],
        province_followers=tuple(spec[f"province.followers.{r}"] for r in REGIONS),
        florence_scrolls=spec["florence.scrolls"], additional_cost=spec["florence.additional_cost"],
        tiles_drawn=spec["florence.tiles_drawn"], recovery_florins=spec["recovery.florins"],
        levy_florins=spec["events.levy_florins"],
        double_turn_actions=spec["end.double_turn_actions"],
        province_tiles=tiles, tiles_per_region=per_region,
        council_tiles=tuple(spec["tiles.council"]), nobility_tiles=tuple(spec["tiles.nobility"]),
        province_yields=spec["province_tiles.yields"], council_yields=spec["council_tiles.yields"],
        scoring={k.split(".", 1)[1]: n.value for k, n in spec.numbers.items()
                 if k.startswith(("scoring.", "nobility."))},
        variants=chosen,
        every_roll_reinforced=chosen["reinforce_tile_scope"] == "every_roll",
        council_any_gain=chosen["council_bonus_scope"] == "any_gain",
        crests_exactly_four=chosen["crests_four_plus"] == "exactly_four",
        milan_tile_omitted=chosen["milan_tile_en"] == "omitted",
        whole_double_turn=chosen["partial_double_turn"] == "both_or_none",
        avoid_florence=chosen["travel_florence"] == "avoid_florence",
        less_luck=chosen["less_luck"] == "on",
        disjoint_pairs=chosen["neighbour_pairs"] == "disjoint",
        may_be_stuck=chosen["endless_game"] == "needs_lying_member",
        may_decline=chosen["optional_placements"] == "may",
        three_regions_any=chosen["three_regions"] == "any_three",
        pass_bonus_keeps_tiles=chosen["pass_bonus_tiles"] == "keep",
        takeover_waives_travel=chosen["free_takeover"] == "travel_too",
        followers_then_scrolls=chosen["winner_tiebreak"] == "followers_then_scrolls",
        fns=fns or rule_functions(),
    )


@lru_cache(maxsize=64)
def _cached(players: int, variants: tuple[tuple[str, str], ...]) -> Rules:
    return rules_from_spec(spec_module.load(GAME), players, dict(variants))


def game_rules(spec: Spec, players: int, variants: Mapping[str, str]) -> Rules:
    """The rules of a game (the contract's ``rules``): shared per player count and variants
    when ``spec`` is the game's own spec, built afresh for a printed board's numbers."""
    if spec is spec_module.load(GAME):
        return _cached(players, _chosen(variants))
    return rules_from_spec(spec, players, variants)


def default_rules(players: int | None = None, **variants: str) -> Rules:
    """The rules of the standard game (cached per player count and variants; the full
    table, the largest ``players.count``, when not given)."""
    if players is None:
        players = spec_module.load(GAME)["players.count"][1]
    return _cached(players, _chosen(variants))


def _chosen(variants: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """Every variant's value (the register's decision where not chosen), as a cache key."""
    spec = spec_module.load(GAME)
    return tuple(sorted(choose_variants(GAME, register_variants(spec), variants).items()))


def illegal(clause: str, message: str, **fields: Any) -> IllegalAction:
    """The refusal of an action: the clause (without the game prefix) it breaks and why."""
    return IllegalAction(C + clause, message, **fields)


__all__ = [
    "ABBOT", "ASSASSIN", "BISHOP", "CARRIAGE", "EVENTS", "FAMILY", "FLORIN", "FOLLOWERS", "GAME",
    "KNIGHT", "LEVY", "MIDDLEMEN", "RESOURCES", "SCROLL", "C", "Payments", "RuleFns", "Rules",
    "Tables", "build_tables", "default_rules", "game_rules", "illegal", "middleman_setups",
    "rule_functions", "rules_from_spec",
]
