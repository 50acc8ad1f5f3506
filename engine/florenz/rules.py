"""The fixed facts one game of Florenz is played with, read from ``spec/florenz``.

:class:`Rules` is built once per spec, family count and variant choice and is
shared by every state of a game. No rule number is typed in here: every value
comes from the spec (see :func:`rules_from_spec`). The few rule functions that
the z3 models prove (queue entry, clock, hand, boast field, Giovanni's offers,
control) are referenced from :class:`RuleFns`, so a mutant test can hand the
engine and the proofs a deliberately broken one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from regelwerk.engine.core.game import choose_variants, register_variants
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import Spec, SpecError
from regelwerk.engine.florenz import rule_fns as q
from regelwerk.engine.florenz.actions import Prebuilt, prebuilt

if TYPE_CHECKING:
    from regelwerk.engine.florenz.state import State

GAME: Final = q.ID
MEDICI = ("cosimo", "contessina", "giovanni")
COSIMO: Final = MEDICI.index("cosimo")
CONTESSINA: Final = MEDICI.index("contessina")
GIOVANNI: Final = MEDICI.index("giovanni")
DEBUTANT: Final = q.DEBUTANT
LADY: Final = q.LADY
MAESTRO: Final = q.MAESTRO
BOASTS = ("great_influence", "unmistakable", "scandalmonger", "sharp_elbows",
          "ruler_of_the_street", "rising", "strongly_represented", "generous", "omnipresent")
SCANDALS = {
    "messere": ("retrieve_cup", "queue_swap", "retire", "boast_anywhere"),
    "carissima": ("any_gift", "neighbour_swap", "promote", "advance"),
    "figliolo": ("guard_anywhere", "move_anywhere", "long_walk", "chaperoned"),
}

#: Where a piece stands off the board (``State.where``): on its family's board, or removed
#: for good (a piece of a second colour only Strozzi uses, :func:`absent`).
RESERVE: Final = -1
RETIRED: Final = -2
#: Strozzi's Medici letters (solo.cards): A, B, C, each naming one Medici of the round's disc
LETTERS = "ABC"

#: The readings of the register's entries with more than two values, as the engine plays them
SoloLevel = Literal["normal", "easier", "harder"]
Round1Time = Literal["clock_six", "gain_six", "level_changes_round1"]
FriendCard = Literal["per_target_recall_maestro", "per_target_reserve_only",
                     "ladies_first_everywhere"]
GuardPark = Literal["back_along_route", "setup_exception", "points"]
GiovanniPlace = Literal["target_at_his_turn", "carriage", "target_at_once"]
PartyCost = Literal["zero", "general_lower", "general_higher"]


@dataclass(frozen=True)
class RuleFns:
    """The rule functions shared by engine and z3 models (replaceable by mutant tests)."""

    insert_position: Callable[..., Any] = q.insert_position
    may_enter: Callable[..., Any] = q.may_enter
    gain_time: Callable[..., Any] = q.gain_time
    receive_card: Callable[..., Any] = q.receive_card
    boast_field: Callable[..., Any] = q.boast_field
    control_key: Callable[..., Any] = q.control_key
    giovanni_step: Callable[..., Any] = q.giovanni_step
    swap_allowed: Callable[..., Any] = q.swap_allowed
    automa_time: Callable[..., Any] = q.automa_time
    automa_pay: Callable[..., Any] = q.automa_pay
    head_award: Callable[..., Any] = q.head_award
    queue_points: Callable[..., Any] = q.queue_points


@dataclass(frozen=True)
class Rules:
    """Spec values in the shape the engine uses (tuples indexed by small ints)."""

    spec: Spec
    families: int
    names: tuple[str, ...]
    locations: int                        # locations on the board (numbered 1..locations)
    medici: int                           # Medici (carriages, target markers, scandal decks)
    visible_sectors: int                  # disc sectors showing their tiles at once
    rounds: int
    clock_max: int
    clock_start: int
    piece_rank: tuple[int, ...]           # piece index within a family (0..8) -> rank
    pieces_per_family: int
    capacity: int                         # open spaces per queue for this family count
    spaces: int
    guards: int
    cups: int
    gifts_start: int
    cost_send: int
    cost_promote: int
    cost_move: int
    cost_hurry: int
    cost_boast: int
    gift_base: int
    gift_step: int
    first_pass_time: int
    bonus_time: int
    bonus_points: int
    escort_time: int
    escort_points: int
    hand_limit: int
    overflow_time: int
    discard_time: int
    boast_thresholds: tuple[int, ...]
    boast_values: tuple[int, ...]         # per BOASTS kind
    strongly_min: int
    route_next: tuple[int, ...]           # location index -> next location index
    neighbours: tuple[tuple[int, ...], ...]
    edges: tuple[tuple[int, int], ...]    # orthogonal paths (Cosimo's crests), sorted pairs
    edge_index: dict[tuple[int, int], int]
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]
    disc_medici: tuple[int, ...]
    round1_time: int
    time_tiles: tuple[int, ...]
    disc_gifts: tuple[int, ...]
    head_points: tuple[int, ...]
    queue_points: tuple[tuple[int, ...], ...]
    giovanni: tuple[tuple[tuple[int, int], ...], ...]
    plan_cards: tuple[tuple[int, ...], ...]
    plan_points: tuple[int, ...]
    plan_min: int
    time_per_point: int
    scandal_kinds: tuple[tuple[str, ...], ...]   # medici -> its four card kinds
    per_crest: int
    scandal_costs: dict[str, int]
    #: the Medici phase (phase 3), which follows once every family has passed
    #: (round.sequence): :func:`.medici.medici_phase`, handed over by :mod:`.game` (the turns
    #: of :mod:`.turns` and Strozzi's of :mod:`.solo` lead to it, and it leads back to them)
    medici_phase: Callable[[State], State] = field(repr=False)
    # -- each reading of the register, resolved once (rules_from_spec; ``variants`` keeps
    # -- the values for records and the stamp)
    swap_then_resort: bool          # swap_rank_boundary = swap_then_resort
    push_out: bool                  # doorman_full = push_out
    promotion_no_doorman: bool      # doorman_promotion = no_doorman
    spy_full_hand_nothing: bool     # spy_full_hand = nothing
    offer_lower: bool               # giovanni_cannot_pay = offer_lower
    discard_always: bool            # discard_moment = always
    gift_needs_crest: bool          # gift_no_crest = no_gift
    card_gone_at_once: bool         # scandal_card_held = gone_at_once
    walk_any_steps: bool            # long_walk_path = any_steps
    loose_swaps: bool               # scandal_swaps = loose
    no_limits: bool                 # scandal_placement_limits = no_limits
    any_gift_extra: bool            # any_gift_cost = extra
    may_waste: bool                 # advance_gains = may_waste
    solo_level: SoloLevel           # solo_level
    solo_always_pass_first: bool    # solo_pass_first = always
    party_giovanni_only: bool       # solo_party_first_card = giovanni_only
    solo_boast_achievement: bool    # solo_boast_points = achievement
    card5_ask: bool                 # solo_card5_tie = ask_player
    automa_asks: bool               # solo_automa_choices = ask_player
    solo_time_both: bool            # solo_time_replaces = both
    solo_round1: Round1Time         # solo_round1_time
    easier_every_card: bool         # solo_easier_scandal = every_card
    cups_ever_placed: bool          # retrieved_cup = ever_placed
    friend_card: FriendCard         # solo_friend_card
    guard_park: GuardPark           # solo_guard_park
    giovanni_place: GiovanniPlace   # solo_giovanni_place
    half_round_up: bool             # solo_half_points = round_up
    party_cost: PartyCost           # solo_party_cost
    automa: int = -1                      # the solo game's Strozzi (family index), else -1
    colours: int = 1                      # piece sets per family (Strozzi: orange and blue)
    guard_supply: tuple[int, ...] = ()    # per family
    cup_supply: tuple[int, ...] = ()      # per family
    variants: dict[str, str] = field(default_factory=dict)
    fns: RuleFns = field(default_factory=RuleFns)
    #: values derived from the fields above, built with the rules (not compared)
    tables: Tables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", build_tables(self))

    # the bounds of the action fields' domains (:mod:`.actions`)
    @property
    def crest_count(self) -> int:
        """A gift's crest is below this: a path index (Cosimo) or a location number."""
        return max(len(self.edges), self.locations + 1)

    @property
    def scandal_card_count(self) -> int:
        """Scandal card ids are below this (``medici * kinds + kind``)."""
        return self.medici * len(self.scandal_kinds[0])

    @property
    def walk_max(self) -> int:
        """The largest long walk: its locations as digits (scandal.long_walk)."""
        return int(str(self.locations) * self.spec["scandal.long_walk_steps"])

    @property
    def scandal_field_max(self) -> int:
        """The largest value of a scandal card's second field: a piece, a crest or a walk."""
        return max(self.families * self.pieces_per_family - 1, self.crest_count - 1,
                   self.walk_max)


@dataclass(frozen=True)
class Tables:
    """Derived values the engine's hot paths use (:attr:`Rules.tables`), all from the spec.

    The lookup tables are typed ``dict`` (no code changes them): compiled, a ``dict`` is
    read directly, a ``Mapping`` through a method call."""

    previous: tuple[int, ...]             # location index -> the one before it on the route
    blocks_paths: bool                    # harder solo game: Strozzi's escorts close paths
    solo_escort_points: int
    solo_rounds_per_group: int
    solo_card_kind: tuple[str, ...]       # Strozzi's card -> kind
    solo_card_cost: tuple[int, ...]
    solo_card_letter: tuple[int, ...]     # card -> Medici letter (0 A, 1 B, 2 C), -1: none
    solo_card_colour: tuple[int, ...]     # card -> colour, -1: the colour with fewer placed
    solo_party: int                       # the party card (put back when drawn first)
    solo_boast: int                       # the boast card (the friend card's fallback)
    solo_giovanni_pass_below: int
    solo_start_time: int
    solo_min_time: int
    solo_time_change: int                 # per level
    solo_time_top: int                    # per level
    solo_first_pass_time: int             # harder: Strozzi's time for passing first
    solo_pass_points: tuple[int, ...]
    solo_party_keep_giovanni: int
    solo_party_points: int                # harder: points per time spent partying
    solo_boast_multiplier: tuple[int, ...]   # per level
    solo_card_guard_points: int
    solo_scandal_time: int
    solo_giovanni_share_easier: int
    solo_cards_kept: int
    #: ``(ranks of the queue, newcomer's rank, doorman) -> place``: ``fns.insert_position``
    #: evaluated once per rank-ordered pattern of at most ``capacity`` members (see
    #: ``play.entered``; other patterns call the rule directly).
    insert_at: dict[tuple[tuple[int, ...], int, bool], int]
    #: ``(points, fields taken) -> field``: ``fns.boast_field`` evaluated once for every
    #: pattern of taken fields and the points up to :func:`_boast_points_top` (see
    #: ``play._boast_field``; other points call the rule directly).
    boast_at: dict[tuple[int, tuple[bool, ...]], int]
    #: ``(clock, amount) -> clock``: ``fns.gain_time`` evaluated once for every clock and
    #: gain from 0 to the clock's maximum (``play._gain``; others call the rule directly).
    gain_at: dict[tuple[int, int], int]
    start_where: tuple[int, ...]          # piece -> RESERVE, or RETIRED if never used
    actions: Prebuilt                     # the actions the options generators hand out
    decks: tuple[tuple[int, ...], ...]    # each Medici's scandal cards in box order
    #: queue length -> whether the queue takes a newcomer (``fns.may_enter`` with the
    #: capacity), for every length a queue can reach (all pieces in one queue)
    open_at: tuple[bool, ...] = ()
    #: rank -> the indices (within its family, ``piece % pieces_per_family``) of a
    #: family's pieces of that rank, in order
    rank_offsets: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: piece id -> its rank (``piece_rank`` of the piece's index within its family)
    rank_of_piece: tuple[int, ...] = ()
    #: the same within one piece set (Strozzi's colours: add the set's first piece id)
    set_rank_offsets: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: ``(clock, cost) -> clock``: ``fns.automa_pay`` for every clock and card cost
    pay_at: dict[tuple[int, int], int] = field(default_factory=dict)
    #: the longest queue a state may hold: the open spaces (``capacity``), or the board's
    #: printed spaces where the scandal cards ignore the open ones
    #: (``scandal_placement_limits=no_limits``, interp.scandal_placement_limits)
    queue_limit: int = 0


def _insert_table(rules: Rules) -> dict[tuple[tuple[int, ...], int, bool], int]:
    insert = rules.fns.insert_position
    ranks = sorted(set(rules.piece_rank), reverse=True)
    table = {}
    for n in range(rules.capacity + 1):
        for pattern in combinations_with_replacement(ranks, n):    # queues keep rank order
            for new in ranks:
                for doorman in (False, True):
                    table[pattern, new, doorman] = insert(list(pattern), n, new, doorman)
    return table


def _boast_points_top(rules: Rules) -> int:
    """A generous bound of boast achievements: the best board value times the most of
    anything a board counts (members, locations, hand cards, gifts, cups)."""
    counts = (rules.pieces_per_family, rules.locations, rules.hand_limit,
              rules.gifts_start + sum(rules.disc_gifts), max(rules.cup_supply, default=0) + 1)
    return max(rules.boast_values) * max(counts)


def _boast_table(rules: Rules) -> dict[tuple[int, tuple[bool, ...]], int]:
    field_of = rules.fns.boast_field
    thresholds = rules.boast_thresholds
    table = {}
    for taken in product((False, True), repeat=len(thresholds)):
        for points in range(_boast_points_top(rules) + 1):
            table[points, taken] = field_of(points, list(taken), thresholds)
    return table


def _gain_table(rules: Rules) -> dict[tuple[int, int], int]:
    gain, top = rules.fns.gain_time, rules.clock_max
    return {(clock, amount): gain(clock, amount, top)
            for clock in range(top + 1) for amount in range(top + 1)}


def absent(rules: Rules, piece: int) -> bool:
    """Pieces of a second colour that only Strozzi has (the solo player's are never used)."""
    per = rules.pieces_per_family
    return rules.colours > 1 and piece // per != rules.automa and \
        (piece % per) * rules.colours // per > 0


def build_tables(rules: Rules) -> Tables:
    spec = rules.spec
    level = rules.solo_level
    previous = [0] * len(rules.route_next)
    for a, b in enumerate(rules.route_next):
        previous[b] = a
    colours = list(spec.meta["solo_colours"])
    kinds = tuple(spec["solo.card_kind"])
    return Tables(
        previous=tuple(previous),
        blocks_paths=rules.automa >= 0 and level == "harder",
        solo_escort_points=spec["solo.escort_points"],
        solo_rounds_per_group=spec["solo.rounds_per_group"],
        solo_card_kind=kinds,
        solo_card_cost=_solo_card_cost(rules, kinds),
        solo_card_letter=tuple(LETTERS.index(m) if m in tuple(LETTERS) else -1
                               for m in spec["solo.card_medici"]),
        solo_card_colour=tuple(colours.index(c) if c in colours else -1
                               for c in spec["solo.card_colour"]),
        solo_party=kinds.index("party"),
        solo_boast=kinds.index("boast"),
        solo_giovanni_pass_below=spec["solo.giovanni_pass_below"],
        solo_start_time=spec["solo.start_time"],
        solo_min_time=spec["solo.min_time"],
        solo_time_change={"easier": spec["solo.time_change_easier"],
                          "harder": spec["solo.time_change_harder"]}.get(level, 0),
        solo_time_top=spec["solo.max_time_harder"] if level == "harder" else rules.clock_max,
        solo_first_pass_time=spec["solo.first_pass_time_harder"],
        solo_pass_points=tuple(spec["solo.pass_points"]),
        solo_party_keep_giovanni=spec["solo.party_keep_giovanni"],
        solo_party_points=spec["solo.party_points_harder"],
        solo_boast_multiplier=tuple(spec["solo.boast_multiplier_easier" if level == "easier"
                                         else "solo.boast_multiplier"]),
        solo_card_guard_points=spec["solo.card_guard_points"],
        solo_scandal_time=spec["solo.scandal_time"],
        solo_giovanni_share_easier=spec["solo.giovanni_share_easier"],
        solo_cards_kept=spec["solo.cards_kept"],
        insert_at=_insert_table(rules),
        boast_at=_boast_table(rules),
        gain_at=_gain_table(rules),
        start_where=tuple(RETIRED if absent(rules, p) else RESERVE
                          for p in range(rules.families * rules.pieces_per_family)),
        actions=prebuilt(rules.locations, rules.families * rules.pieces_per_family,
                         rules.medici, max(len(rules.edges), rules.locations + 1),
                         rules.medici * len(rules.scandal_kinds[0]) * spec["scandal.copies"],
                         (rules.families, len(rules.boast_values), len(rules.plan_cards),
                          max(rules.time_tiles) + 1, rules.medici * len(rules.scandal_kinds[0]),
                          len(kinds))),
        queue_limit=max(rules.capacity, rules.spaces) if rules.no_limits else rules.capacity,
        rank_offsets=_rank_offsets(rules.piece_rank),
        rank_of_piece=rules.piece_rank * rules.families,
        set_rank_offsets=_rank_offsets(rules.piece_rank[:rules.pieces_per_family
                                                        // rules.colours]),
        open_at=tuple(bool(rules.fns.may_enter(n, rules.capacity))
                      for n in range(rules.families * rules.pieces_per_family + 1)),
        pay_at={(clock, cost): rules.fns.automa_pay(clock, cost)
                for clock in range(rules.clock_max + 1)
                for cost in set(_solo_card_cost(rules, kinds))},
        decks=tuple(tuple(m * len(kinds) + k for k in range(len(kinds))
                          for _ in range(spec["scandal.copies"]))
                    for m, kinds in enumerate(rules.scandal_kinds)))


def _rank_offsets(ranks: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Rank -> the indices into ``ranks`` that hold it, in order (:attr:`Tables.rank_offsets`)."""
    return {rank: tuple(i for i, r in enumerate(ranks) if r == rank) for rank in set(ranks)}


def _solo_card_cost(rules: Rules, kinds: tuple[str, ...]) -> tuple[int, ...]:
    """Each Strozzi card's cost (``solo.card_cost``). Under the other readings of
    interp.solo_party_cost the party card costs the general cost of phase 2 instead of its
    own figure: the lowest or the highest cost the other cards show."""
    costs = list(rules.spec["solo.card_cost"])
    value = rules.party_cost
    if value != "zero":
        party = kinds.index("party")
        others = costs[:party] + costs[party + 1:]
        costs[party] = min(others) if value == "general_lower" else max(others)
    return tuple(costs)


def _blamed(spec: Spec, *paths: str) -> str:
    """The file a refusal of a relation between ``paths`` names: the user's file(s) that
    replaced any of them (a board, a record's options), else spec's file of the first."""
    users = [spec.number(path).file for path in paths if path in spec.originals]
    return ", ".join(dict.fromkeys(users)) or spec.number(paths[0]).file


def _grid(spec: Spec) -> tuple[list[list[int]], dict[int, tuple[int, int]]]:
    grid = spec["board.grid"]
    count = spec["board.locations"]
    where = {loc: (r, c) for r, row in enumerate(grid) for c, loc in enumerate(row)}
    if sorted(where) != list(range(1, count + 1)) or sum(map(len, grid)) != count:
        raise SpecError(N_("{file}: the grid must hold locations 1-{count} (board.locations)"),
                        file=_blamed(spec, "board.grid"), count=count)
    return grid, where


def _at_most(spec: Spec, low: str, high: str) -> None:
    """Refuse a board where the number at ``low`` exceeds the one at ``high``."""
    if spec[low] > spec[high]:
        raise SpecError(N_("{file}: {name} = {value} must be at most {other} = {limit}"),
                        file=_blamed(spec, low, high), name=low, value=spec[low], other=high,
                        limit=spec[high])


def check_board(spec: Spec) -> None:
    """Refuse a board file that contradicts what the rule text implies, or whose numbers do
    not fit together; each number's own domain (spec, ``domain``) is checked before, when
    the board is read. Each refusal names the file that changed one of the numbers."""
    file = _blamed(spec, "board.route", "board.grid")
    _, where = _grid(spec)
    route = spec["board.route"]
    if sorted(route) != sorted(where):
        raise SpecError(N_("{file}: board.route must visit every location once"), file=file)
    for a, b in zip(route, route[1:] + route[:1], strict=True):
        (ra, ca), (rb, cb) = where[a], where[b]
        if max(abs(ra - rb), abs(ca - cb)) != 1:
            raise SpecError(N_("{file}: route step {a}->{b} joins no neighbours"),
                            file=file, a=a, b=b)
    text = "," + ",".join(str(x) for x in route * 2) + ","
    for segment in spec["examples.route_segments"]:
        if "," + ",".join(str(x) for x in segment) + "," not in text:
            raise SpecError(N_("{file}: board.route must contain {segment} "
                               "(examples.route_segments, the rulebook's examples)"),
                            file=_blamed(spec, "board.route"),
                            segment=">".join(map(str, segment)))
    x, y = spec["solo.park_guard_path"]
    if x not in where or y not in where or \
            abs(where[x][0] - where[y][0]) + abs(where[x][1] - where[y][1]) != 1:
        raise SpecError(N_("{file}: solo.park_guard_path {a}-{b} is no path between "
                           "neighbouring locations of board.grid"),
                        file=_blamed(spec, "solo.park_guard_path", "board.grid"), a=x, b=y)
    cosimo = spec["examples.cosimo_round1"]
    if spec["disc.queue_points"][0][:len(cosimo)] != cosimo:
        raise SpecError(N_("{file}: round 1 must score {points} (examples.cosimo_round1)"),
                        file=_blamed(spec, "disc.queue_points"),
                        points="/".join(map(str, cosimo)))
    marks = spec["board.queue_marks"]
    top = spec["examples.max_queue_mark"]
    if len(marks) != spec["queue.spaces"] or any(m > top for m in marks):
        raise SpecError(N_("{file}: queue marks: one per space, none above {top}"),
                        file=_blamed(spec, "board.queue_marks", "queue.spaces"), top=top)
    count = spec["board.locations"]
    if sorted(spec["disc.location_tiles"]) != list(range(1, count + 1)):
        raise SpecError(N_("{file}: disc.location_tiles must name each location 1-{count} "
                           "once (one tile per location)"),
                        file=_blamed(spec, "disc.location_tiles"), count=count)
    if any(len(place) != 2 for places in spec["disc.giovanni"] for place in places):
        raise SpecError(N_("{file}: each of Giovanni's places (disc.giovanni) is a pair: "
                           "time, points"), file=_blamed(spec, "disc.giovanni"))
    if len(spec["disc.time_tiles"]) != spec["rounds.count"] - 1:
        raise SpecError(N_("{file}: disc.time_tiles must hold one tile for each round after "
                           "the first ({count})"),
                        file=_blamed(spec, "disc.time_tiles", "rounds.count"),
                        count=spec["rounds.count"] - 1)
    _check_numbers(spec)


def _check_numbers(spec: Spec) -> None:
    """The relations between numbers that each domain alone cannot express: the clock's
    start within its scale (time.clock, solo.time), a disc with at least as many rounds as
    visible sectors (setup.disc), one solo figure per group of rounds and no more groups
    than a boast board's fields (solo.pass, solo.card.boast), a space of every queue open with
    the fewest families (setup.blocked), Strozzi's set-up guards from his supply
    (solo.setup_guards)."""
    _at_most(spec, "clock.start", "clock.max")
    _at_most(spec, "solo.start_time", "clock.max")
    _at_most(spec, "disc.visible_sectors", "rounds.count")
    rounds, size = spec["rounds.count"], spec["solo.rounds_per_group"]
    needed = -(-rounds // size)
    for name in ("solo.pass_points", "solo.boast_multiplier", "solo.boast_multiplier_easier"):
        if len(spec[name]) < needed:
            raise SpecError(N_("{file}: {name} has {count} entries, but rounds.count = "
                               "{rounds} in groups of solo.rounds_per_group = {size} needs "
                               "{needed}"),
                            file=_blamed(spec, name, "rounds.count", "solo.rounds_per_group"),
                            name=name, count=len(spec[name]), rounds=rounds, size=size,
                            needed=needed)
    fields = len(spec["boast.thresholds"])
    if needed > fields:
        raise SpecError(N_("{file}: rounds.count = {rounds} in groups of solo.rounds_per_group "
                           "= {size} makes {needed} groups, but Strozzi boasts on the field of "
                           "his group and a boast board has {fields} (boast.thresholds)"),
                        file=_blamed(spec, "rounds.count", "solo.rounds_per_group",
                                     "boast.thresholds"),
                        rounds=rounds, size=size, needed=needed, fields=fields)
    fewest, marks = spec["solo.families"], spec["board.queue_marks"]
    if min(marks) > fewest:
        raise SpecError(N_("{file}: board.queue_marks {marks}: with {families} families no "
                           "space of a queue is open"),
                        file=_blamed(spec, "board.queue_marks"), marks=marks, families=fewest)
    guards, supply = spec["solo.start_guards"], spec["family.guards"] * spec["solo.colours"]
    if guards > supply:
        raise SpecError(N_("{file}: solo.start_guards = {value} must be at most family.guards "
                           "= {guards} for each of Strozzi's solo.colours = {colours}"),
                        file=_blamed(spec, "solo.start_guards", "family.guards"), value=guards,
                        guards=spec["family.guards"], colours=spec["solo.colours"])


def check_names(spec: Spec) -> None:
    """Refuse a spec whose counts disagree with the names the engine gives the Medici and
    their scandal cards (MEDICI, SCANDALS)."""
    medici = spec["medici.count"]
    where = spec.number("medici.count").file
    if not len(MEDICI) == len(SCANDALS) == spec["scandal.sets"] == medici:
        raise SpecError(N_("{file}: medici.count and scandal.sets must both be {count} "
                           "({names})"), file=where, count=len(MEDICI), names=", ".join(MEDICI))
    sets = next((v.choices for v in register_variants(spec) if v.name == "scandal_sets"), ())
    if not sets or any(sorted(owners.split("_")) != sorted(SCANDALS) for owners in sets) or \
            {len(k) for k in SCANDALS.values()} != {spec["scandal.kinds_per_set"]}:
        raise SpecError(N_("{file}: every scandal set needs scandal.kinds_per_set named kinds "
                           "and one Medici in each reading of the register"), file=where)


def rules_from_spec(spec: Spec, families: int | None = None,
                    variants: Mapping[str, str] | None = None,
                    fns: RuleFns | None = None, *,
                    medici_phase: Callable[[State], State]) -> Rules:
    """Build :class:`Rules` for ``families`` families (``players.min``..``players.max``;
    ``players.default`` when not given), every variant resolved into its field once, the
    Medici phase handed over by the caller (:mod:`.game`, :func:`.game.rules_from_spec`)."""
    check_board(spec)
    check_names(spec)
    if families is None:
        families = spec["players.default"]
    chosen = choose_variants(GAME, register_variants(spec), variants)
    low, high = spec["players.min"], spec["players.max"]
    if not low <= families <= high:
        raise SpecError(N_("florenz: {families} players; the game takes {low}-{high}"),
                        families=families, low=low, high=high)
    solo = families == low
    names = tuple(spec.meta["solo_players" if solo else "players"])
    if solo:
        families = spec["solo.families"]
    colours = spec["solo.colours"] if solo else 1
    grid, where = _grid(spec)
    count = len(where)
    numbers = range(1, count + 1)
    neighbours = []
    for loc in numbers:
        r, c = where[loc]
        near = [grid[r + dr][c + dc] - 1 for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                if 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[r + dr])]
        neighbours.append(tuple(sorted(near)))
    edges = tuple(sorted({(min(a, b), max(a, b)) for a in range(count) for b in neighbours[a]}))
    route = spec["board.route"]
    route_next = [0] * count
    for a, b in zip(route, route[1:] + route[:1], strict=True):
        route_next[a - 1] = b - 1
    ranks = ((DEBUTANT,) * spec["family.debutants"] + (LADY,) * spec["family.ladies"]
             + (MAESTRO,) * spec["family.maestros"]) * colours
    automa = families - 1 if solo else -1
    supply = [1] * families
    if solo:
        supply[automa] = colours
    marks = spec["board.queue_marks"]
    capacity = sum(1 for m in marks if m <= families)
    return Rules(
        spec=spec, families=families, names=names[:families], locations=count,
        medici=spec["medici.count"], visible_sectors=spec["disc.visible_sectors"],
        rounds=spec["rounds.count"], clock_max=spec["clock.max"], clock_start=spec["clock.start"],
        piece_rank=ranks, pieces_per_family=len(ranks), capacity=capacity,
        spaces=spec["queue.spaces"], guards=spec["family.guards"], cups=spec["family.cups"],
        gifts_start=spec["family.gifts_start"], cost_send=spec["costs.send"],
        cost_promote=spec["costs.promote"], cost_move=spec["costs.move"],
        cost_hurry=spec["costs.hurry"], cost_boast=spec["costs.boast"],
        gift_base=spec["costs.gift_base"], gift_step=spec["costs.gift_step"],
        first_pass_time=spec["pass.first_time"], bonus_time=spec["pass.bonus_time"],
        bonus_points=spec["pass.bonus_points"], escort_time=spec["escort.own_time"],
        escort_points=spec["escort.other_points"], hand_limit=spec["hand.limit"],
        overflow_time=spec["hand.overflow_time"], discard_time=spec["hand.discard_time"],
        boast_thresholds=tuple(spec["boast.thresholds"]),
        boast_values=tuple(spec[f"boast.{k}"] for k in BOASTS),
        strongly_min=spec["boast.strongly_represented_min"],
        route_next=tuple(route_next), neighbours=tuple(neighbours), edges=edges,
        edge_index={e: i for i, e in enumerate(edges)},
        row_of=tuple(where[loc][0] for loc in numbers),
        col_of=tuple(where[loc][1] for loc in numbers),
        disc_medici=tuple(MEDICI.index(m) for m in spec["disc.medici"]),
        round1_time=spec["disc.round1_time"], time_tiles=tuple(spec["disc.time_tiles"]),
        disc_gifts=tuple(spec["disc.gifts"]), head_points=tuple(spec["disc.head_points"]),
        queue_points=tuple(tuple(r) for r in spec["disc.queue_points"]),
        giovanni=tuple(tuple((t, p) for t, p in r) for r in spec["disc.giovanni"]),
        plan_cards=tuple(tuple(c) for c in spec["plan.cards"]),
        plan_points=tuple(spec["plan.points"]), plan_min=spec["end.plan_min_members"],
        time_per_point=spec["end.time_per_point"],
        scandal_kinds=tuple(SCANDALS[s] for s in _scandal_sets(chosen)),
        per_crest=spec["crests.per_crest"],
        scandal_costs={k: spec[f"scandal.cost.{k}"] for kinds in SCANDALS.values() for k in kinds},
        automa=automa, colours=colours,
        guard_supply=tuple(spec["family.guards"] * n for n in supply),
        cup_supply=tuple(spec["family.cups"] * n for n in supply),
        variants=dict(chosen), fns=fns or RuleFns(), medici_phase=medici_phase,
        # each reading of the register, resolved once into the field rule code reads
        swap_then_resort=chosen["swap_rank_boundary"] == "swap_then_resort",
        push_out=chosen["doorman_full"] == "push_out",
        promotion_no_doorman=chosen["doorman_promotion"] == "no_doorman",
        spy_full_hand_nothing=chosen["spy_full_hand"] == "nothing",
        offer_lower=chosen["giovanni_cannot_pay"] == "offer_lower",
        discard_always=chosen["discard_moment"] == "always",
        gift_needs_crest=chosen["gift_no_crest"] == "no_gift",
        card_gone_at_once=chosen["scandal_card_held"] == "gone_at_once",
        walk_any_steps=chosen["long_walk_path"] == "any_steps",
        loose_swaps=chosen["scandal_swaps"] == "loose",
        no_limits=chosen["scandal_placement_limits"] == "no_limits",
        any_gift_extra=chosen["any_gift_cost"] == "extra",
        may_waste=chosen["advance_gains"] == "may_waste",
        solo_level=cast(SoloLevel, chosen["solo_level"]),
        solo_always_pass_first=chosen["solo_pass_first"] == "always",
        party_giovanni_only=chosen["solo_party_first_card"] == "giovanni_only",
        solo_boast_achievement=chosen["solo_boast_points"] == "achievement",
        card5_ask=chosen["solo_card5_tie"] == "ask_player",
        automa_asks=chosen["solo_automa_choices"] == "ask_player",
        solo_time_both=chosen["solo_time_replaces"] == "both",
        solo_round1=cast(Round1Time, chosen["solo_round1_time"]),
        easier_every_card=chosen["solo_easier_scandal"] == "every_card",
        cups_ever_placed=chosen["retrieved_cup"] == "ever_placed",
        friend_card=cast(FriendCard, chosen["solo_friend_card"]),
        guard_park=cast(GuardPark, chosen["solo_guard_park"]),
        giovanni_place=cast(GiovanniPlace, chosen["solo_giovanni_place"]),
        half_round_up=chosen["solo_half_points"] == "round_up",
        party_cost=cast(PartyCost, chosen["solo_party_cost"]))


def _scandal_sets(chosen: Mapping[str, str]) -> list[str]:
    """The scandal set of each Medici, in the order of :data:`MEDICI`: the one the variant
    ``scandal_sets`` names (interp.scandal_sets, the one place that says it: the rule text
    prints the sets, not their owners)."""
    return chosen["scandal_sets"].split("_")
