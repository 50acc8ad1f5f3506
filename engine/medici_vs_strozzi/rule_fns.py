"""The small rule functions of Medici vs Strozzi the z3 models prove: a hold's room, the draw
limit, the harbour payout, a tile's steps, the marker moves a player may choose, a marker's
move and what a marker pays.

They are shared by the engine and the z3 models (through :class:`.rules.RuleFns`, built by
:func:`.rules.rule_functions`): each takes an ``ops`` argument
(:mod:`regelwerk.engine.core.arith`), so the engine calls them on ints and
:mod:`regelwerk.verification.medici_vs_strozzi` on z3 terms, and the proofs are about this
very code. A leaf over core: nothing of the game's behaviour is imported here.

Signs: a marker position counts spaces from the middle, positive towards the Medici player,
negative towards the Strozzi player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from regelwerk.engine.core.arith import INT, Ops, clamp
from regelwerk.engine.core.clauses import implements, prefix

if TYPE_CHECKING:
    from regelwerk.engine.medici_vs_strozzi.rules import ScoringParams

GAME: Final = "medici_vs_strozzi"
C: Final = prefix(GAME)
SIDE: Final = (1, -1)  # direction towards MEDICI, STROZZI


@implements(C + "turn.load")
def hold_has_room(capacity: Any, loaded: Any, count: Any) -> Any:
    """Whether a hold of ``capacity`` with ``loaded`` tiles takes ``count`` more."""
    return capacity - loaded >= count


@implements(C + "turn.draw", C + "turn.draw_limit")
def draw_allowance(max_draw: Any, free_spaces: Sequence[Any], in_play: Any,
                   ops: Ops = INT) -> Any:
    """Tiles a turn may draw in all: at most ``max_draw``, no more than the roomiest
    own ship takes, and no more than ``in_play`` (drawn so far plus the bag)."""
    roomiest = free_spaces[0]
    for free in free_spaces[1:]:
        roomiest = ops.if_(free > roomiest, free, roomiest)
    limit = ops.if_(roomiest < max_draw, roomiest, max_draw)
    return ops.if_(in_play < limit, in_play, limit)


@implements(C + "scoring.harbour")
def harbour_payout(own_total: Any, other_total: Any, params: ScoringParams, ops: Ops = INT) -> Any:
    """The harbour payout for the higher total; a tie (even 0 : 0) pays nobody."""
    return ops.if_(own_total > other_total, params.harbour_payout, 0)


@implements(C + "scoring.marker_move")
def tile_steps(value: int, params: ScoringParams, ops: Ops = INT) -> Any:
    """How far one tile of a track's good moves that track's marker."""
    return ops.if_(value == params.far_move_value, params.far_move_steps,
                   params.steps_per_tile)


@implements(C + "scoring.marker_move")
def each_tile(steps: tuple[int, ...]) -> tuple[int, ...]:
    """The moves a player may choose on a track: each of his tiles there allows its
    steps, taken or left (interp.marker_moves, variant ``each_tile``): every sum of
    some of ``steps``, none included."""
    sums = {0}
    for step in steps:
        sums |= {total + step for total in sums}
    return tuple(sorted(sums))


@implements(C + "scoring.marker_move")
def any_number(steps: tuple[int, ...]) -> tuple[int, ...]:
    """Any number of spaces from none up to all the tiles allow (variant ``any_number``)."""
    return tuple(range(sum(steps) + 1))


@implements(C + "scoring.marker_move")
def all_steps(steps: tuple[int, ...]) -> tuple[int, ...]:
    """Every step is taken, nothing to choose (variant ``all``: the engine's earlier reading)."""
    return (sum(steps),)


#: The ``marker_moves`` variant's hook: its value -> the choices it offers.
STEP_CHOICES: Mapping[str, Callable[[tuple[int, ...]], tuple[int, ...]]] = {
    "each_tile": each_tile, "any_number": any_number, "all": all_steps}


@implements(C + "scoring.marker_move", C + "setup.markers")
def move_marker(position: Any, towards_medici: Any, towards_strozzi: Any,
                params: ScoringParams, ops: Ops = INT) -> Any:
    """Net both players' steps, then stop at the track's end (interp.marker_netting)."""
    return clamp(ops, position + towards_medici - towards_strozzi,
                 -params.half_length, params.half_length)


@implements(C + "scoring.marker_move", C + "setup.markers")
def move_marker_medici_first(position: Any, towards_medici: Any, towards_strozzi: Any,
                             params: ScoringParams, ops: Ops = INT) -> Any:
    """The Medici player's steps first, then the Strozzi player's, each stopping at the
    track's end (interp.marker_netting, variant ``medici_first``)."""
    half = params.half_length
    return clamp(ops, clamp(ops, position + towards_medici, -half, half) - towards_strozzi,
                 -half, half)


#: The ``marker_netting`` variant's hook: its value -> the rule function that moves a marker.
MOVE_MARKER: Mapping[str, Callable[..., Any]] = {
    "net_then_clamp": move_marker, "medici_first": move_marker_medici_first}


@implements(C + "scoring.marker_payout", C + "scoring.marker_bonus")
def marker_income(position: Any, player: int, params: ScoringParams, ops: Ops = INT) -> Any:
    """What one marker pays ``player``: the monopoly income plus a bonus space's value."""
    distance = position * SIDE[player]
    bonus = ops.if_(distance == params.bonus_large_distance, params.bonus_large,
                    ops.if_(distance == params.bonus_small_distance, params.bonus_small, 0))
    return ops.if_(distance > 0, params.per_marker + bonus, 0)
