"""The fixed facts one game of Medici vs Strozzi is played with, read from spec.

:class:`Rules` is built once per spec (and board / variant choice) and shared,
never copied, by every state of a game. Nothing here is typed in: every number
comes from ``spec/medici_vs_strozzi`` (see :func:`rules_from_spec`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.game import choose_variants, register_variants
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import Spec, SpecError
from regelwerk.engine.medici_vs_strozzi import rule_fns
from regelwerk.engine.medici_vs_strozzi.actions import Move, TileDrawn
from regelwerk.engine.medici_vs_strozzi.rule_fns import GAME as GAME

MEDICI, STROZZI = 0, 1
GOLD = "gold"


@dataclass(frozen=True)
class ScoringParams:
    """The numbers round scoring needs; ints in the engine, z3 terms in proofs."""

    harbour_payout: Any
    per_marker: Any
    bonus_small: Any
    bonus_small_distance: Any
    bonus_large: Any
    bonus_large_distance: Any
    half_length: Any
    steps_per_tile: Any
    far_move_value: Any
    far_move_steps: Any


@dataclass(frozen=True)
class RuleFns:
    """The rule functions the engine plays by and the z3 proofs are about.

    One object, so a mutant (a deliberately broken rule, see
    :func:`regelwerk.verification.core.mutate`) reaches both: ``verify`` and
    ``simulate`` then see the same broken rule.
    """

    hold_has_room: Callable[..., Any]
    draw_allowance: Callable[..., Any]
    harbour_payout: Callable[..., Any]
    tile_steps: Callable[..., Any]
    move_marker: Callable[..., Any]
    marker_income: Callable[..., Any]


def rule_functions(variants: Mapping[str, str]) -> RuleFns:
    """The rule functions as the rulebook states them (:mod:`.rule_fns`), the marker moved
    as the ``marker_netting`` reading in ``variants`` says (resolved here, once)."""
    return RuleFns(rule_fns.hold_has_room, rule_fns.draw_allowance, rule_fns.harbour_payout,
                   rule_fns.tile_steps, rule_fns.MOVE_MARKER[variants["marker_netting"]],
                   rule_fns.marker_income)


@dataclass(frozen=True)
class Rules:
    """Spec values in the shape the engine uses (tuples indexed by small ints)."""

    spec: Spec
    players: tuple[str, ...]
    rounds: int
    first_player: tuple[int, ...]
    start_money: int
    min_price: int
    capacities: tuple[int, ...]
    goods: tuple[str, ...]            # goods with tracks, then "gold"
    tile_good: tuple[int, ...]        # tile id -> index into goods
    tile_value: tuple[int, ...]       # tile id -> value
    min_draw: int
    max_draw: int
    harbour_tracks: tuple[tuple[int, ...], ...]   # harbour -> goods indices of its tracks
    track_offset: tuple[int, ...]     # harbour -> index of its first marker
    scoring: ScoringParams
    variants: Mapping[str, str]
    price_sample_max: int
    fns: RuleFns
    tile_drawn: tuple[TileDrawn, ...]    # the chance outcome of each tile, built once
    #: the marker moves a player may choose on one track, from the steps each of his tiles
    #: there allows (the ``marker_moves`` variant's hook, :mod:`.rule_fns`)
    step_choices: Callable[[tuple[int, ...]], tuple[int, ...]]
    max_track_steps: int                 # the most steps one player's tiles give one track
    marker_first: tuple[int, ...]        # round -> who makes his marker choices first
    moves: tuple[Move, ...]              # Move(k) for every k up to max_track_steps, built once
    #: the ships go to their harbours before a round's first draw (interp.port_on_first_load)
    ports_at_start: bool
    #: drawing the last tile ends the round at once, the drawn tiles unsold (interp.last_tile)
    last_tile_void: bool
    #: the buyer may load some of his tiles and discard the rest (interp.part_of_a_purchase)
    parts_allowed: bool
    #: the other player may buy only if one of his ships has room for every tile on offer
    #: (interp.buy_without_room, variant ``may_not_buy``)
    buy_needs_room: bool
    #: the largest ``LoadPart.kept``: every tile of the largest draw but one
    part_mask_max: int
    #: draw limits already computed, by (the drawer's hold loads, tiles in play): a memo of
    #: the pure rule function ``fns.draw_allowance``, new for every Rules (so for a mutant)
    draw_limits: dict[tuple[tuple[int, ...], int], int] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    #: marker choices already computed, by the steps a player's tiles allow on a track: a memo
    #: of the pure hook ``step_choices``, new for every Rules
    choices_memo: dict[tuple[int, ...], tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def marker_choices(self, steps: tuple[int, ...]) -> tuple[int, ...]:
        """The moves a player may choose on a track whose tiles allow ``steps`` (memoised
        :attr:`step_choices`)."""
        found = self.choices_memo.get(steps)
        if found is None:
            found = self.choices_memo[steps] = self.step_choices(steps)
        return found

    @property
    def tile_count(self) -> int:
        return len(self.tile_good)

    @property
    def marker_count(self) -> int:
        return sum(len(t) for t in self.harbour_tracks)

    @property
    def harbour_count(self) -> int:
        return len(self.harbour_tracks)


def _blamed(spec: Spec, *paths: str) -> str:
    """The file a refusal of a relation between ``paths`` names: the user's file(s) that
    replaced any of them (a board, a record's options), else spec's file of the first."""
    users = [spec.number(path).file for path in paths if path in spec.originals]
    return ", ".join(dict.fromkeys(users)) or spec.number(paths[0]).file


def _at_most(spec: Spec, low: str, high: str) -> None:
    """Refuse a board where the number at ``low`` exceeds the one at ``high``."""
    if spec[low] > spec[high]:
        raise SpecError(N_("{file}: {name} = {value} must be at most {other} = {limit}"),
                        file=_blamed(spec, low, high), name=low, value=spec[low], other=high,
                        limit=spec[high])


def check_board(spec: Spec) -> None:
    """Refuse a board that the rule text rules out, or whose numbers do not fit together.

    Each number's own domain (spec, ``domain``) is checked before, when the board is read;
    here the relations between numbers, each refusal naming the file that changed one of
    them. Forced by the text (setup.harbours, setup.markers): the number of harbours
    (Spielmaterial); each harbour's number of tracks within the stated range, its tracks
    for different goods (Spielvorbereitung); one marker per track and the markers' stated
    number (Spielmaterial), which together fix how many harbours have how many tracks,
    though not in which order; markers and bonus spaces on a track with a middle space;
    one harbour per ship (Ablauf einer Spielrunde); a turn's least draw within its most
    (turn.draw). Which harbour shows which goods, how long a track is and where its bonus
    spaces lie are free (board.toml).
    """
    tracks = spec["board.harbour_tracks"]
    goods = spec["tiles.goods"]
    if len(tracks) != spec["board.harbour_count"]:
        raise SpecError(N_("{file}: board.harbour_tracks lists {count} harbours, "
                           "board.harbour_count says {expected}"),
                        file=_blamed(spec, "board.harbour_tracks", "board.harbour_count"),
                        count=len(tracks), expected=spec["board.harbour_count"])
    _at_most(spec, "harbours.tracks_min", "harbours.tracks_max")
    counts = [len(t) for t in tracks]
    fewest, most = spec["harbours.tracks_min"], spec["harbours.tracks_max"]
    if any(not fewest <= count <= most for count in counts):
        raise SpecError(N_("{file}: track counts {counts}: each harbour shows between "
                           "{fewest} and {most} monopoly tracks"),
                        file=_blamed(spec, "board.harbour_tracks", "harbours.tracks_min",
                                     "harbours.tracks_max"),
                        counts=counts, fewest=fewest, most=most)
    if sum(counts) != spec["components.markers"]:
        raise SpecError(N_("{file}: track counts {counts} add up to {total}, but there is "
                           "one marker per track and {markers} markers"),
                        file=_blamed(spec, "board.harbour_tracks", "components.markers"),
                        counts=counts, total=sum(counts), markers=spec["components.markers"])
    if sorted(counts) != sorted(spec["board.tracks_per_harbour"]):
        raise SpecError(N_("{file}: track counts {counts} differ from "
                           "board.tracks_per_harbour {expected}"),
                        file=_blamed(spec, "board.harbour_tracks", "board.tracks_per_harbour"),
                        counts=counts, expected=spec["board.tracks_per_harbour"])
    for number, harbour in enumerate(tracks):
        unknown = set(harbour) - set(goods)
        if unknown:
            raise SpecError(N_("{file}: harbour {harbour} has tracks for unknown goods {goods}"),
                            file=_blamed(spec, "board.harbour_tracks"), harbour=number,
                            goods=sorted(unknown))
        if len(set(harbour)) != len(harbour):
            raise SpecError(N_("{file}: harbour {harbour} has two tracks for one good"),
                            file=_blamed(spec, "board.harbour_tracks"), harbour=number)
    half = spec["board.track_half_length"]
    small, large = spec["board.bonus_small_distance"], spec["board.bonus_large_distance"]
    for name, distance in (("board.bonus_small_distance", small),
                           ("board.bonus_large_distance", large)):
        if not 1 <= distance <= half:
            raise SpecError(N_("{file}: {name} = {distance} lies off the track (1..{half})"),
                            file=_blamed(spec, name, "board.track_half_length"), name=name,
                            distance=distance, half=half)
    if small == large:
        raise SpecError(N_("{file}: board.bonus_small_distance and board.bonus_large_distance "
                           "are both {distance}: the two bonus spaces cannot be the same "
                           "space"), file=_blamed(spec, "board.bonus_small_distance",
                                                  "board.bonus_large_distance"), distance=small)
    if len(spec["ships.capacities"]) != len(tracks):
        raise SpecError(N_("{file}: each ship needs its own harbour: {ships} ships, "
                           "{harbours} harbours"),
                        file=_blamed(spec, "ships.capacities", "board.harbour_tracks"),
                        ships=len(spec["ships.capacities"]), harbours=len(tracks))
    _at_most(spec, "turn.min_draw", "turn.max_draw")


def rules_from_spec(spec: Spec, players: int | None = None,
                    variants: Mapping[str, str] | None = None) -> Rules:
    """Build :class:`Rules` from a spec (default or with a printed board loaded).

    ``players`` is always the spec's count (the game is for two), kept for the contract.
    """
    check_board(spec)
    chosen = choose_variants(GAME, register_variants(spec), variants)
    goods = tuple(spec["tiles.goods"]) + (GOLD,)
    tile_good: list[int] = []
    tile_value: list[int] = []
    for index in range(len(goods) - 1):
        for value in spec["tiles.values_per_good"]:
            tile_good.append(index)
            tile_value.append(value)
    for _ in range(spec["tiles.gold_count"]):
        tile_good.append(len(goods) - 1)
        tile_value.append(spec["tiles.gold_value"])
    tracks = tuple(tuple(goods.index(g) for g in harbour) for harbour in spec["board.harbour_tracks"])
    offsets, total = [], 0
    for harbour in tracks:
        offsets.append(total)
        total += len(harbour)
    names = tuple(spec.meta["players"])
    params = ScoringParams(
        harbour_payout=spec["scoring.harbour_payout"],
        per_marker=spec["scoring.marker_payout"],
        bonus_small=spec["scoring.bonus_small"],
        bonus_small_distance=spec["board.bonus_small_distance"],
        bonus_large=spec["scoring.bonus_large"],
        bonus_large_distance=spec["board.bonus_large_distance"],
        half_length=spec["board.track_half_length"],
        steps_per_tile=spec["scoring.steps_per_tile"],
        far_move_value=spec["scoring.far_move_value"],
        far_move_steps=spec["scoring.far_move_steps"],
    )
    first = tuple(names.index(p) for p in spec["rounds.first_player"])
    # One good's tiles all on one track: more steps than any player can give it.
    most_steps = sum(rule_fns.tile_steps(v, params) for v in spec["tiles.values_per_good"])
    return Rules(
        spec=spec,
        players=names,
        rounds=spec["rounds.count"],
        first_player=first,
        start_money=spec["economy.start_money"],
        min_price=spec["economy.min_price"],
        capacities=tuple(spec["ships.capacities"]),
        goods=goods,
        tile_good=tuple(tile_good),
        tile_value=tuple(tile_value),
        min_draw=spec["turn.min_draw"],
        max_draw=spec["turn.max_draw"],
        harbour_tracks=tracks,
        track_offset=tuple(offsets),
        scoring=params,
        variants=dict(chosen),
        price_sample_max=spec["simulation.price_sample_max"],
        fns=rule_functions(chosen),
        tile_drawn=tuple(TileDrawn(tile) for tile in range(len(tile_good))),
        step_choices=rule_fns.STEP_CHOICES[chosen["marker_moves"]],
        max_track_steps=most_steps,
        marker_first=first if chosen["marker_order"] == "opener_first" else (MEDICI,) * len(first),
        moves=tuple(Move(k) for k in range(most_steps + 1)),
        ports_at_start=chosen["port_on_first_load"] == "assign_at_round_start",
        last_tile_void=chosen["last_tile"] == "void_draw",
        parts_allowed=chosen["part_of_a_purchase"] == "load_some",
        buy_needs_room=chosen["buy_without_room"] == "may_not_buy",
        part_mask_max=2 ** spec["turn.max_draw"] - 2,
    )


@lru_cache(maxsize=8)
def default_rules() -> Rules:
    return rules_from_spec(spec_module.load(GAME))
