"""The fixed facts one game of Lorenzo il Magnifico is played with, read from spec.

:class:`Rules` is built once per spec, player count and variant choice and is
shared, never copied, by every state of a game. No number is typed in here:
the numbers come from ``spec/lorenzo/numbers.toml`` and ``board.toml`` (through
:class:`~regelwerk.engine.core.spec.Spec`, so a printed board can replace
them), the cards, leaders, excommunication tiles and bonus tiles from their
data files, written in the effect vocabulary of ``spec/lorenzo/EFFECTS.md``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from importlib import resources
from itertools import product
from typing import Any, Final, TypeVar

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.game import choose_variants, register_variants
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import Spec, SpecError, load
from regelwerk.engine.lorenzo.actions import (
    CardDealt,
    DiceRoll,
    DiscardLeader,
    DraftLeader,
    ExcommunicationDrawn,
    Privilege,
)

GAME = "lorenzo"
C = prefix(GAME)
A = TypeVar("A")

#: The game's spec as the data files give it; the layout of the board below is read from it.
DEFAULT_SPEC = load(GAME)

# Indices of the resources and points in every resource vector (the vocabulary's order,
# checked against cards.toml when the rules are built).
# ``Final``: the compiled build keeps these in C variables, not looked up by name on each use.
RESOURCES: Final = ("coin", "wood", "stone", "servant", "military", "faith", "vp")
COIN: Final = RESOURCES.index("coin")
WOOD: Final = RESOURCES.index("wood")
STONE: Final = RESOURCES.index("stone")
SERVANT: Final = RESOURCES.index("servant")
MILITARY: Final = RESOURCES.index("military")
FAITH: Final = RESOURCES.index("faith")
VP: Final = RESOURCES.index("vp")
ZERO: Final = (0,) * len(RESOURCES)

# Card types in the vocabulary's order (the towers and the rows of a personal board).
TYPES: Final = ("territory", "building", "character", "venture")
TERRITORY: Final = TYPES.index("territory")
BUILDING: Final = TYPES.index("building")
CHARACTER: Final = TYPES.index("character")
VENTURE: Final = TYPES.index("venture")

# Family members: the coloured ones in the order of ``dice.colours``, then the neutral one.
NEUTRAL: Final[int] = DEFAULT_SPEC["family.colored"]
MEMBERS: Final[int] = NEUTRAL + DEFAULT_SPEC["family.neutral"]

# Action spaces: the tower floors (tower * floors + floor), the small and the large space of
# each work area, the market spaces, then the council palace (one space for any number).
WORK_AREAS: Final = ("harvest", "production")
WORK_SIZES: Final = ("small", "large")
HARVEST: Final = WORK_AREAS.index("harvest")
PRODUCTION: Final = WORK_AREAS.index("production")
FLOORS: Final[int] = DEFAULT_SPEC["towers.floors"]
TOWER_SPACES: Final[int] = DEFAULT_SPEC["towers.count"] * FLOORS
HARVEST_SMALL: Final = TOWER_SPACES + HARVEST * len(WORK_SIZES)   # then large, production
HARVEST_LARGE: Final = HARVEST_SMALL + WORK_SIZES.index("large")
PRODUCTION_SMALL: Final = TOWER_SPACES + PRODUCTION * len(WORK_SIZES)
PRODUCTION_LARGE: Final = PRODUCTION_SMALL + WORK_SIZES.index("large")
MARKET: Final = PRODUCTION_LARGE + 1                    # the first market space
COUNCIL: Final[int] = MARKET + DEFAULT_SPEC["market.spaces"]
SPACES: Final = COUNCIL + 1

#: The numbers the layout above is read from: a printed board may not change them.
LAYOUT = ("family.colored", "family.neutral", "towers.count", "towers.floors", "market.spaces")


def vector(table: Mapping[str, int] | None) -> tuple[int, ...]:
    """A resource table (``{wood = 1, stone = 1}``) as a vector indexed like :data:`RESOURCES`."""
    values = [0] * len(RESOURCES)
    for name, amount in (table or {}).items():
        values[RESOURCES.index(name)] += amount
    return tuple(values)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of the vocabulary (EFFECTS.md), its parameters made ready for the engine."""

    kind: str
    gain: tuple[int, ...] = ZERO
    count: int = 0
    card_type: int = -1
    per: tuple[int, int] = (0, 0)             # (resource, amount) of gain_per_resource
    options: tuple[tuple[tuple[int, ...], tuple[Effect, ...]], ...] = ()   # exchange
    value: int = 0
    card_types: frozenset[int] = frozenset()
    choices: tuple[tuple[int, ...], ...] = ()  # discount / take_card discount choices
    card_bonuses: bool = True
    action: str = ""
    floors: tuple[int, ...] = ()              # 0-based floors
    members: str = ""
    set: int | None = None
    add: int | None = None
    resources: tuple[int, ...] = ()
    factor: int = 1
    source: str = "any"
    combined: bool = False
    rule: str = ""
    area: str = ""
    servants: int = 0
    category: int = -1
    counted: str = ""
    every: int = 1
    before_scoring: bool = False
    when: str = ""
    #: the hash of the fields above, worked out once (a player's effects key a memo)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        values = tuple(getattr(self, f.name) for f in fields(self) if f.compare)
        object.__setattr__(self, "_hash", hash(values))

    def __hash__(self) -> int:
        return self._hash


def compile_effect(raw: Mapping[str, Any]) -> Effect:
    """An effect table of the data files as an :class:`Effect`."""
    kind = raw["kind"]
    fields: dict[str, Any] = {"kind": kind}
    if "gain" in raw:
        fields["gain"] = vector(raw["gain"])
    if "count" in raw:
        fields["count"] = raw["count"]
    if "card_type" in raw:
        fields["card_type"] = TYPES.index(raw["card_type"])
    if "per" in raw:
        (name, amount), = raw["per"].items()
        fields["per"] = (RESOURCES.index(name), amount)
    if "options" in raw:
        fields["options"] = tuple((vector(o["pay"]), tuple(compile_effect(e) for e in o["get"]))
                                  for o in raw["options"])
    if "value" in raw:
        fields["value"] = raw["value"]
    if "vp" in raw:                       # end_vp: the points it adds
        fields["value"] = raw["vp"]
    if "card_types" in raw:
        fields["card_types"] = frozenset(TYPES.index(t) for t in raw["card_types"])
    for key in ("choices", "discount_choices"):
        if key in raw:
            fields["choices"] = tuple(vector(c) for c in raw[key])
    if "card_bonuses" in raw:
        fields["card_bonuses"] = raw["card_bonuses"]
    if "action" in raw:
        fields["action"] = raw["action"]
    if "floors" in raw:
        fields["floors"] = tuple(f - 1 for f in raw["floors"])
    for key in ("members", "set", "add", "factor", "combined", "rule", "area", "servants",
                "counted", "every", "before_scoring", "when"):
        if key in raw:
            fields[key] = raw[key]
    if "from" in raw:
        fields["source"] = raw["from"]
    if "resources" in raw:
        fields["resources"] = tuple(RESOURCES.index(r) for r in raw["resources"])
    if "category" in raw:
        fields["category"] = {"territories": TERRITORY, "buildings": BUILDING,
                              "characters": CHARACTER, "ventures": VENTURE}[raw["category"]]
    return Effect(**fields)


def compile_effects(items: list[Mapping[str, Any]]) -> tuple[Effect, ...]:
    return tuple(compile_effect(e) for e in items)


@dataclass(frozen=True, slots=True)
class Cost:
    """One cost alternative of a card: ``pay`` is spent, ``require`` must be held."""

    pay: tuple[int, ...]
    require: tuple[int, ...]
    needs: bool = True               # whether ``require`` asks for anything


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    type: int
    period: int
    costs: tuple[Cost, ...]          # never empty: a free card has one empty alternative
    immediate: tuple[Effect, ...]
    activation: int                  # harvest / production value (0 for the others)
    permanent: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Leader:
    id: str
    name: str
    have: tuple[int, ...]             # resources and points to hold
    cards: tuple[int, ...]            # cards per type to hold
    one_type: int                     # cards of any one type to hold (0: none)
    once_per_round: bool
    ability: tuple[Effect, ...]
    special: str
    #: ``have`` and ``cards`` as the ``(index, least)`` pairs that ask for something
    needs: tuple[tuple[int, int], ...] = ()
    card_needs: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Excommunication:
    id: str
    period: int
    effects: tuple[Effect, ...]
    special: str


@dataclass(frozen=True, slots=True)
class BonusTile:
    id: str
    advanced: bool
    activation: int
    harvest: tuple[Effect, ...]
    production: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class RuleFns:
    """The rule functions the engine plays by and the z3 proofs are about
    (:mod:`regelwerk.verification.lorenzo`). Each takes an ``ops``
    (:mod:`regelwerk.engine.core.arith`), so one function serves ints and z3 terms; one
    object, so a mutant (:func:`regelwerk.verification.core.mutate`) reaches both. They live
    in the behaviour modules named beside them; :mod:`.game` hands them to
    :func:`rules_from_spec` (:func:`~.game.rule_functions`), so this module imports none."""

    space_open: Callable[..., Any]          # places: a tower space may take a member
    colour_open: Callable[..., Any]         # places: the one-colour limit of an action group
    territory_allowed: Callable[..., Any]   # places: the military points of a territory slot
    payable: Callable[..., Any]             # effects: a stock covers a payment
    lessened: Callable[..., Any]            # effects: one source's amount under a penalty
    on_track: Callable[..., Any]            # effects: faith kept on the track
    choice_offered: Callable[..., Any]      # church: support or excommunication is chosen
    table_points: Callable[..., Any]        # scoring: territories and characters by count
    venture_points: Callable[..., Any]      # scoring: the ventures' points
    military_award: Callable[..., Any]      # scoring: the military ranking
    resource_points: Callable[..., Any]     # scoring: resources left


@dataclass(frozen=True, slots=True)
class Rules:
    """Spec values in the shape the engine uses (tuples indexed by small ints)."""

    spec: Spec
    players: int
    names: tuple[str, ...]
    variants: dict[str, str]
    advanced: bool
    periods: int
    rounds_per_period: int
    rounds: int
    vatican_rounds: frozenset[int]
    thresholds: tuple[int, ...]             # per period
    faith_reset: int
    faith_vp: tuple[int, ...]
    faith_max: int
    dice_faces: tuple[int, ...]
    dice_colours: tuple[str, ...]
    neutral_value: int
    servant_rate: int
    floors: int
    towers: int
    floor_values: tuple[int, ...]
    floor_bonus: tuple[tuple[tuple[int, ...], ...], ...]   # tower -> floor -> resources
    occupied_fee: int
    cards_per_round: int
    max_per_type: int
    start: tuple[tuple[int, ...], ...]      # by seat in the first turn order: resources
    work_min: int
    large_penalty: int
    large_min_players: int
    market: tuple[tuple[int, ...], ...]     # resources of market spaces (privileges apart)
    market_privileges: tuple[int, ...]      # privileges of each market space
    market_min_players: tuple[int, ...]
    market_min: int
    council_min: int
    council_coins: int
    council_privileges: int
    council_gain: tuple[int, ...]           # what the council palace gives besides privileges
    privileges: tuple[tuple[int, ...], ...]
    territory_military: tuple[int, ...]
    score_territories: tuple[int, ...]
    score_characters: tuple[int, ...]
    score_military: tuple[int, ...]
    resources_per_vp: int
    scored_resources: tuple[int, ...]
    hand: int
    discard_privileges: int
    cards: tuple[Card, ...]
    decks: tuple[tuple[tuple[int, ...], ...], ...]   # type -> period -> card indices
    leaders: tuple[Leader, ...]
    excommunications: tuple[Excommunication, ...]
    excommunications_by_period: tuple[tuple[int, ...], ...]
    skip_tiles: frozenset[int]              # tiles whose owner loses his first turn of a round
    tiles: tuple[BonusTile, ...]
    simple_tile: int
    advanced_tiles: tuple[int, ...]
    fns: RuleFns
    # made once from the above, for the engine's hot paths
    unlimited_servants: bool                # variant servant_spending = unlimited
    bonus_only: bool                        # variant empty_floor = bonus_only
    one_unit_malus: bool                    # variant wood_or_stone_malus = one_unit
    malus_exempt: bool                      # variant leader_action_malus = malus_exempt
    fee_before_turn: bool                   # variant fee_coins = before_turn
    vp_floor_zero: bool                     # variant vp_floor = zero
    military_positive_only: bool            # variant military_ranking = five_two_positive_only
    sisto_any_faith: bool                   # variant sisto_bonus = any_faith_scoring
    others_only: bool                       # variant per_card_count = others_only
    large_refused: bool                     # variant large_space_minimum = refused
    one_neutral: bool                       # variant neutral_in_tower = one_neutral
    may_pass: bool                          # variant passing = may_pass
    bonus_compulsory: bool                  # variant bonus_action = compulsory
    card_action_free: bool                  # variant card_action_tower = free_of_tower_rules
    set_overrides: bool                     # variant member_value = set_overrides
    every_area_limit: bool                  # variant action_group_scope = every_area
    ariosto_towers: bool                    # variant ariosto_scope = towers_too
    best_discount: bool                     # variant discount_stacking = best_one
    final_order_as_played: bool             # variant final_turn_order = as_played
    no_simple_tile: bool                    # variant simple_tile = unknown (basic game only)
    copy_later: bool                        # variant medici_needs_copy = copy_later
    copy_each_round: bool                   # variant medici_copy = choose_each_round
    card_privilege_doubled: bool            # variant card_privilege = doubled
    one_source_per_action: bool            # variant malus_source = each_action
    privileges_per_turn: bool               # variant privileges_differ = per_turn
    action_first: bool                      # variant immediate_order = action_first
    late_start_reverse: bool                # variant late_start_order = reverse_order
    privilege_all: int                      # the bit mask of every privilege choice
    large_spaces: bool                      # the large work spaces are open
    open_markets: tuple[int, ...]           # the market spaces open at this player count
    deal_spaces: frozenset[int]             # the tower spaces a round's cards are laid on
    dice_outcomes: tuple[DiceRoll, ...]     # every roll of the dice
    excommunication_drawn: tuple[tuple[ExcommunicationDrawn, ...], ...]   # per period
    card_dealt: tuple[dict[int, CardDealt], ...]    # per tower space: each card laid there
    privilege_choices: tuple[tuple[Privilege, ...], ...]   # by the choices taken (bit mask)
    drafts: tuple[DraftLeader, ...]         # by leader
    discards: tuple[DiscardLeader, ...]     # by leader
    activation: tuple[int, ...]             # card -> its harvest / production value
    # the bounds of the actions' fields (:mod:`.actions`)
    members: int                            # family members per player
    work_areas: tuple[str, ...]             # harvest, production
    most_costs: int                         # the most cost alternatives of one card
    most_discounts: int                     # the most discount combinations a player can hold
    most_exchanges: int                     # the most options of one exchange
    #: actions already built, by kind and fields: a memo (actions are values, so one object
    #: serves every state that offers it; see :func:`~.places.made`)
    made: dict[type, dict[tuple[int | bool, ...], Any]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @property
    def spaces(self) -> int:
        return SPACES


def discount_bound(cards: tuple[Card, ...], leaders: tuple[Leader, ...], one: bool = False
                   ) -> int:
    """The most discount combinations (:func:`~.effects.discount_options`) a player can
    ever choose from on one card: one choice of each discount of his cards and leaders
    that applies to its type, times the choices of the card effect that takes it (``one``,
    the variant ``discount_stacking = best_one``: all their choices, each alone)."""
    effects = [e for card in cards for e in (*card.immediate, *card.permanent)] + \
        [e for leader in leaders for e in leader.ability]
    own = max((len(e.choices) for e in effects if e.kind == "take_card"), default=0)
    most = 1
    for t in range(len(TYPES)):
        count = max(own, 1)
        alone = own
        for effect in effects:
            if effect.kind == "discount" and t in effect.card_types:
                count *= max(len(effect.choices), 1)
                alone += len(effect.choices)
        most = max(most, alone if one else count)
    return most


def made(rules: Rules, kind: type[A], *fields: int | bool) -> A:
    """The action ``kind(*fields)``, built once per rules (``Rules.made``)."""
    table = rules.made.get(kind)
    if table is None:
        table = rules.made[kind] = {}
    action = table.get(fields)
    if action is None:
        action = table[fields] = kind(*fields)
    return action


@cache
def data_file(name: str) -> dict[str, Any]:
    """One of the data files beside the numbers (cards.toml, leaders.toml, ...)."""
    path = resources.files("regelwerk.spec") / GAME / name
    return tomllib.loads(path.read_text(encoding="utf-8"))


@implements(C + "card.types")
def _card(raw: Mapping[str, Any], gb_only: bool = False) -> Card:
    """A development card of ``cards.toml``: its type (one of :data:`TYPES`, the tower it is
    dealt to and the row it is kept in), its costs, its immediate and its permanent effects
    (``gb_only``: GB's cost where the cross-check overrides it, the variant
    ``card_transcriptions = gb_only``, interp.card_transcriptions)."""
    cost = raw.get("gb_cost", raw["cost"]) if gb_only else raw["cost"]
    costs = tuple(Cost(vector(c.get("pay")), vector(c.get("require")),
                       any(vector(c.get("require"))))
                  for c in cost) or (Cost(ZERO, ZERO, False),)
    activation = raw.get("activation", {}).get("value", 0)
    return Card(raw["id"], raw["name_en"], TYPES.index(raw["type"]), raw["period"], costs,
                compile_effects(raw["immediate"]), activation, compile_effects(raw["permanent"]))


@implements(C + "leader.requirement", C + "leader.abilities")
def _leader(raw: Mapping[str, Any], minority: bool = False, text_timing: bool = False
            ) -> Leader:
    """A leader of ``leaders.toml``; ``minority``: with the requirement of the one
    transcription that differs from the rule text, where one does (the variant
    ``leader_requirements = minority``, interp.leader_requirements); ``text_timing``: with
    the timing the rule text gives, where it differs (the variant ``lucrezia_timing =
    once_per_round``, interp.lucrezia_timing)."""
    timing = raw.get("text_timing", raw["timing"]) if text_timing else raw["timing"]
    need = raw.get("minority_requirement", raw["requirement"]) if minority else raw["requirement"]
    cards = [0] * len(TYPES)
    for name, count in need.get("cards", {}).items():
        cards[TYPES.index(name)] = count
    have = vector(need.get("have"))
    return Leader(raw["id"], raw["name_en"], have, tuple(cards),
                  need.get("cards_of_one_type", 0), timing == "once_per_round",
                  compile_effects(raw["ability"]), raw.get("special", ""),
                  tuple((i, n) for i, n in enumerate(have) if n > 0),
                  tuple((t, n) for t, n in enumerate(cards) if n > 0))


#: Numbers whose length another number fixes: ``(path, the count's path, what is added)``.
SHAPES = (
    ("faith.track_vp", "faith.max", 1),                 # spaces 0 .. faith.max
    ("territory_slots.military", "cards.max_per_type", 0),   # one per territory slot
    ("scoring.territories", "cards.max_per_type", 1),   # points for 0 .. the most cards
    ("scoring.characters", "cards.max_per_type", 1),
    ("vatican.thresholds", "periods.count", 0),         # one per period
    ("towers.floor_values", "towers.floors", 0),        # one per floor
    ("start.coins", "players.max", 0),                  # one per place in the turn order
    ("market.min_players", "market.spaces", 0),         # one per market space
)


#: Numbers that grant that many different council privileges at once.
PRIVILEGE_COUNTS = ("council.privileges", "leaders.discard_privileges", "market.space4")


def _where(spec: Spec, *paths: str) -> str:
    """The file to blame for numbers that do not fit together: the user's file that
    replaced one of ``paths`` (a printed board, a record's options), else spec's own."""
    users = [spec.numbers[p].file for p in spec.originals
             if any(p == path or p.startswith(path + ".") for path in paths)]
    return ", ".join(dict.fromkeys(users)) or spec.file_of(paths[0])


def resource_tables(spec: Spec) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """``(path, table)`` of every table of resources among the numbers (floor bonuses,
    market spaces, council privileges)."""
    for name in TYPES:
        for floor in spec["towers.bonus.floors"]:
            path = f"towers.bonus.{name}.floor{floor}"
            if path in spec.numbers:
                yield path, spec[path]
    for space in range(1, spec["market.spaces"] + 1):
        value = spec[f"market.space{space}"]
        if isinstance(value, Mapping):
            yield f"market.space{space}", value
    for number, value in enumerate(spec["privilege.options"], 1):
        yield f"privilege.options[{number}]", value


def check_board(spec: Spec) -> None:
    """Refuse numbers that do not fit together (a printed board's, a record's options), each
    with one line naming the number: a list whose length another number fixes, a floor
    bonus for a floor the towers lack, an unknown or negative resource."""
    for path, count, more in SHAPES:
        expected = spec[count] + more
        if len(spec[path]) != expected:
            raise SpecError(N_("{file}: {path} must have {expected} entries ({count}{more}), "
                               "not {found}"), file=_where(spec, path, count), path=path,
                            expected=expected, count=count, more=f" + {more}" if more else "",
                            found=len(spec[path]))
    floors = spec["towers.floors"]
    for floor in spec["towers.bonus.floors"]:
        where = spec.file_of("towers.bonus.floors")
        if not 1 <= floor <= floors:
            raise SpecError(N_("{file}: towers.bonus.floors names floor {floor}; the floors "
                               "are 1 to {floors}"), file=where, floor=floor, floors=floors)
        for name in TYPES:
            if f"towers.bonus.{name}.floor{floor}" not in spec.numbers:
                raise SpecError(N_("{file}: towers.bonus.floors names floor {floor}, but "
                                   "{path} is not given"), file=where, floor=floor,
                                path=f"towers.bonus.{name}.floor{floor}")
    rounds, periods, per_period = (spec["rounds.count"], spec["periods.count"],
                                   spec["periods.rounds"])
    if rounds != periods * per_period:
        raise SpecError(N_("{file}: rounds.count = {rounds}, but periods.count = {periods} of "
                           "periods.rounds = {per_period} rounds make {needed}"),
                        file=_where(spec, "rounds.count", "periods.rounds"), rounds=rounds,
                        periods=periods, per_period=per_period, needed=periods * per_period)
    for round_ in spec["vatican.rounds"]:
        if not 1 <= round_ <= rounds:
            raise SpecError(N_("{file}: vatican.rounds names round {round}; the rounds are "
                               "1 to {rounds}"), file=_where(spec, "vatican.rounds",
                                                             "rounds.count"),
                            round=round_, rounds=rounds)
    choices = len(spec["privilege.options"])
    for path in PRIVILEGE_COUNTS:
        if spec[path] > choices:
            raise SpecError(N_("{file}: {path} = {count} different council privileges, but "
                               "privilege.options offers {choices}"),
                            file=_where(spec, path, "privilege.options"), path=path,
                            count=spec[path], choices=choices)
    for path in ("vatican.reset_to", "start.points"):
        if spec[path] > spec["faith.max"]:
            raise SpecError(N_("{file}: {path} = {value} lies beyond the faith track's last "
                               "space, faith.max = {faith_max}"),
                            file=_where(spec, path, "faith.max"), path=path, value=spec[path],
                            faith_max=spec["faith.max"])
    known = ", ".join(RESOURCES)
    for path, table in resource_tables(spec):
        where = spec.file_of(path.partition("[")[0])
        for key, amount in table.items():
            if key not in RESOURCES:
                raise SpecError(N_("{file}: {path} names the unknown resource {key!r} "
                                   "(known: {known})"), file=where, path=path, key=key,
                                known=known)
            if amount < 0:
                raise SpecError(N_("{file}: {path}.{key} must be at least 0, not {amount}"),
                                file=where, path=path, key=key, amount=amount)
    for key in spec["scoring.resources"]:
        if key not in RESOURCES:
            raise SpecError(N_("{file}: {path} names the unknown resource {key!r} "
                               "(known: {known})"), file=spec.file_of("scoring.resources"),
                            path="scoring.resources", key=key, known=known)


@implements(C + "advanced.bonus_tiles")
def bonus_tiles(five: bool) -> list[Mapping[str, Any]]:
    """The personal bonus tiles of the game (interp.fifth_bonus_tile): the four of the
    material list, and with ``five`` (the variant ``bonus_tiles = five_tiles``) the fifth
    tile only GB lists, as one more tile of the advanced game to choose."""
    data = data_file("bonus_tiles.toml")
    extra = data["unverified_tile"] if five else []
    return [*data["tile"], *extra]


@implements(C + "market.players")
def market_needs(spec: Spec, reverse: bool) -> tuple[int, ...]:
    """The players each market space needs (interp.market_closed_spaces): as the numbers give
    them, or with ``reverse`` (the variant ``market_closed = spaces_1_2``) the same needs in
    reverse order, so that the spaces closed to fewer players are the first ones."""
    needs = tuple(spec["market.min_players"])
    return needs[::-1] if reverse else needs


def rules_from_spec(spec: Spec, fns: RuleFns, players: int | None = None,
                    variants: Mapping[str, str] | None = None) -> Rules:
    """Build :class:`Rules` for ``players`` players from a spec (a printed board loaded or
    not), playing by the rule functions ``fns`` (:func:`~.game.rule_functions`). Each
    variant is resolved here, once, into a typed field (``rules.variants`` keeps the
    readings for records)."""
    chosen = choose_variants(GAME, register_variants(spec), variants)
    count = spec["players.default"] if players is None else players
    for path in LAYOUT:
        if spec[path] != DEFAULT_SPEC[path]:
            raise SpecError(N_("{game}: {path} lays out the action spaces; a board cannot "
                               "change it"), game=GAME, path=path)
    check_board(spec)
    vocabulary = data_file("cards.toml")["vocabulary"]
    if tuple(vocabulary["resources"]) != RESOURCES or tuple(vocabulary["card_types"]) != TYPES:
        raise ValueError("spec/lorenzo/cards.toml: the vocabulary's order changed")
    if tuple(spec["cards.types"]) != TYPES:
        raise ValueError("spec/lorenzo/numbers.toml: cards.types changed")
    gb_only = chosen["card_transcriptions"] == "gb_only"
    cards = tuple(_card(raw, gb_only) for raw in data_file("cards.toml")["card"])
    minority = chosen["leader_requirements"] == "minority"
    text_timing = chosen["lucrezia_timing"] == "once_per_round"
    # interp.excommunication_periods: under the variant ``excommunication_periods =
    # one_pool`` every period's tile is drawn from all tiles not drawn yet
    one_pool = chosen["excommunication_periods"] == "one_pool"
    best_discount = chosen["discount_stacking"] == "best_one"
    leaders = tuple(_leader(raw, minority, text_timing)
                    for raw in data_file("leaders.toml")["leader"])
    periods = spec["periods.count"]
    decks = tuple(tuple(tuple(i for i, c in enumerate(cards) if c.type == t and c.period == p)
                        for p in range(1, periods + 1)) for t in range(len(TYPES)))
    excommunications = tuple(
        Excommunication(raw["id"], raw["period"], compile_effects(raw["effects"]),
                        raw.get("special", ""))
        for raw in data_file("excommunications.toml")["excommunication"])
    tiles = tuple(BonusTile(raw["id"], raw["side"] != "simple", raw["activation"],
                            compile_effects(raw["harvest"]), compile_effects(raw["production"]))
                  for raw in bonus_tiles(chosen["bonus_tiles"] == "five_tiles"))
    market_raw = [spec[f"market.space{i}"] for i in range(1, spec["market.spaces"] + 1)]
    floors = spec["towers.floors"]
    bonus_floors = spec["towers.bonus.floors"]
    floor_bonus = tuple(
        tuple(vector(spec[f"towers.bonus.{name}.floor{f + 1}"]) if f + 1 in bonus_floors else ZERO
              for f in range(floors)) for name in TYPES)
    points = spec["start.points"]
    start = tuple(vector({"coin": coins, "wood": spec["start.wood"], "stone": spec["start.stone"],
                          "servant": spec["start.servants"], "military": points,
                          "faith": points, "vp": points})
                  for coins in spec["start.coins"])
    privileges = tuple(vector(p) for p in spec["privilege.options"])
    colours = tuple(spec["dice.colours"])
    if len(colours) != spec["dice.count"] or len(colours) != NEUTRAL:
        raise ValueError("spec/lorenzo/numbers.toml: one die per coloured family member")
    faces = tuple(spec["dice.faces"])
    if spec["towers.count"] != len(TYPES):
        raise ValueError("spec/lorenzo/numbers.toml: one tower per card type")
    market_min_players = market_needs(spec, chosen["market_closed"] == "spaces_1_2")
    deal_spaces = tuple(t * floors + f for t in range(len(TYPES))
                        for f in range(min(floors, spec["towers.cards_per_round"])))
    return Rules(
        spec=spec,
        players=count,
        names=tuple(spec.meta["players"][:count]),
        variants=dict(chosen),
        advanced=chosen["game_mode"] == "advanced",
        periods=periods,
        rounds_per_period=spec["periods.rounds"],
        rounds=spec["rounds.count"],
        vatican_rounds=frozenset(spec["vatican.rounds"]),
        thresholds=tuple(spec["vatican.thresholds"]),
        faith_reset=spec["vatican.reset_to"],
        faith_vp=tuple(spec["faith.track_vp"]),
        faith_max=spec["faith.max"],
        dice_faces=tuple(spec["dice.faces"]),
        dice_colours=tuple(spec["dice.colours"]),
        neutral_value=spec["family.neutral_value"],
        servant_rate=spec["servants.per_point"],
        floors=floors,
        towers=spec["towers.count"],
        floor_values=tuple(spec["towers.floor_values"]),
        floor_bonus=floor_bonus,
        occupied_fee=spec["towers.occupied_fee"],
        cards_per_round=spec["towers.cards_per_round"],
        max_per_type=spec["cards.max_per_type"],
        start=start,
        work_min=spec["harvest_production.min_value"],
        large_penalty=spec["harvest_production.large_penalty"],
        large_min_players=spec["harvest_production.large_min_players"],
        market=tuple(vector(m) if isinstance(m, dict) else ZERO for m in market_raw),
        market_privileges=tuple(0 if isinstance(m, dict) else m for m in market_raw),
        market_min_players=market_min_players,
        market_min=spec["market.min_value"],
        council_min=spec["council.min_value"],
        council_coins=spec["council.coins"],
        council_privileges=spec["council.privileges"],
        council_gain=vector({"coin": spec["council.coins"]}),
        privileges=privileges,
        territory_military=tuple(spec["territory_slots.military"]),
        score_territories=tuple(spec["scoring.territories"]),
        score_characters=tuple(spec["scoring.characters"]),
        score_military=tuple(spec["scoring.military"]),
        resources_per_vp=spec["scoring.resources_per_vp"],
        scored_resources=tuple(RESOURCES.index(r) for r in spec["scoring.resources"]) + (
            (MILITARY, FAITH) if chosen["scored_resources"] == "with_points" else ()),
        hand=spec["leaders.hand"],
        discard_privileges=spec["leaders.discard_privileges"],
        cards=cards,
        decks=decks,
        leaders=leaders,
        excommunications=excommunications,
        skip_tiles=frozenset(i for i, e in enumerate(excommunications)
                             if e.special == "skip_first_turn"),
        excommunications_by_period=tuple(
            tuple(i for i, e in enumerate(excommunications) if e.period == p)
            for p in range(1, periods + 1)),
        tiles=tiles,
        simple_tile=next(i for i, t in enumerate(tiles) if not t.advanced),
        advanced_tiles=tuple(i for i, t in enumerate(tiles) if t.advanced),
        fns=fns,
        unlimited_servants=chosen["servant_spending"] == "unlimited",
        bonus_only=chosen["empty_floor"] == "bonus_only",
        one_unit_malus=chosen["wood_or_stone_malus"] == "one_unit",
        malus_exempt=chosen["leader_action_malus"] == "malus_exempt",
        fee_before_turn=chosen["fee_coins"] == "before_turn",
        vp_floor_zero=chosen["vp_floor"] == "zero",
        military_positive_only=chosen["military_ranking"] == "five_two_positive_only",
        sisto_any_faith=chosen["sisto_bonus"] == "any_faith_scoring",
        others_only=chosen["per_card_count"] == "others_only",
        large_refused=chosen["large_space_minimum"] == "refused",
        one_neutral=chosen["neutral_in_tower"] == "one_neutral",
        may_pass=chosen["passing"] == "may_pass",
        bonus_compulsory=chosen["bonus_action"] == "compulsory",
        card_action_free=chosen["card_action_tower"] == "free_of_tower_rules",
        set_overrides=chosen["member_value"] == "set_overrides",
        every_area_limit=chosen["action_group_scope"] == "every_area",
        ariosto_towers=chosen["ariosto_scope"] == "towers_too",
        best_discount=best_discount,
        final_order_as_played=chosen["final_turn_order"] == "as_played",
        no_simple_tile=chosen["simple_tile"] == "unknown" and chosen["game_mode"] != "advanced",
        copy_later=chosen["medici_needs_copy"] == "copy_later",
        copy_each_round=chosen["medici_copy"] == "choose_each_round",
        card_privilege_doubled=chosen["card_privilege"] == "doubled",
        one_source_per_action=chosen["malus_source"] == "each_action",
        privileges_per_turn=chosen["privileges_differ"] == "per_turn",
        action_first=chosen["immediate_order"] == "action_first",
        late_start_reverse=chosen["late_start_order"] == "reverse_order",
        privilege_all=(1 << len(privileges)) - 1,
        large_spaces=count >= spec["harvest_production.large_min_players"],
        open_markets=tuple(i for i, least in enumerate(market_min_players) if count >= least),
        deal_spaces=frozenset(deal_spaces),
        dice_outcomes=tuple(DiceRoll(**dict(zip(colours, roll, strict=True)))
                            for roll in product(faces, repeat=len(colours))),
        excommunication_drawn=tuple(
            tuple(ExcommunicationDrawn(p, i) for i, e in enumerate(excommunications)
                  if e.period == p or one_pool)
            for p in range(1, periods + 1)),
        card_dealt=tuple({card: CardDealt(space // floors, space % floors, card)
                          for card in range(len(cards)) if cards[card].type == space // floors}
                         for space in range(TOWER_SPACES)),
        activation=tuple(card.activation for card in cards),
        members=MEMBERS,
        work_areas=WORK_AREAS,
        most_costs=max(len(card.costs) for card in cards),
        most_discounts=discount_bound(cards, leaders, best_discount),
        most_exchanges=max((len(e.options) for card in cards for e in card.permanent
                            if e.kind == "exchange"), default=0),
        drafts=tuple(DraftLeader(i) for i in range(len(leaders))),
        discards=tuple(DiscardLeader(i) for i in range(len(leaders))),
        privilege_choices=tuple(tuple(Privilege(c) for c in range(len(privileges))
                                      if not (taken >> c) & 1)
                                for taken in range(1 << len(privileges))),
    )
