"""The game's id and names, and the small rule functions the z3 models prove: whether a
member may join a track, a crest taken, where the additional cost lies, where the family
event returns a member, the majority order, a nobility tile's Power points and a province's
follower requirement.

They are shared by the engine and the z3 models (through :class:`.rules.RuleFns`). Every
function with an ``ops`` argument (:mod:`regelwerk.engine.core.arith`) runs on ints in the
engine and on z3 terms in :mod:`regelwerk.verification.il_vecchio`, so the proofs are about
this very code. A leaf over core and the board: the modules of behaviour reach these
functions through ``rules.fns`` or import them from here (:mod:`.tracks`, :mod:`.events`,
:mod:`.scoring` and :mod:`.province` re-export them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY

if TYPE_CHECKING:
    from regelwerk.engine.il_vecchio.rules import Rules

#: The game's id.
GAME: Final = "il_vecchio"
#: The prefix of the game's clause ids.
C = prefix(GAME)

#: Resources in a player's supply (indices into ``Player.res``).
FLORIN, SCROLL, CARRIAGE, BISHOP, ASSASSIN, KNIGHT, ABBOT = range(7)
RESOURCES = ("florin", "scroll", "carriage", "bishop", "assassin", "knight", "abbot")
FOLLOWERS = (ASSASSIN, KNIGHT, ABBOT)
#: Il Vecchio events on the crests.
LEVY, MIDDLEMEN, FAMILY = range(3)
EVENTS = ("levy", "middlemen", "family")


@implements(C + "end.full_track")
def may_place(placed: Any, usable: Any, final_round: Any, rules: Rules, ops: Ops = INT) -> Any:
    """May one more family member join a track holding ``placed`` of ``usable`` members?"""
    only_final = bool(rules.spec["end.full_track_final_only"])
    beyond_ok = ops.and_(final_round, True) if only_final else ops.or_(final_round, True)
    return ops.or_(placed < usable, beyond_ok)


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


@implements(C + "event.family")
def family_return(rules: Rules) -> int:
    """Where a lying member taken back by the family event goes: 1 = the supply."""
    return 1 if rules.spec["events.family_return"] == "supply" else 0


@implements(C + "action.province.followers")
def followers_match(need: Mapping[str, int], pay: tuple[int, int, int]) -> bool:
    """Do (assassins, knights, abbots) ``pay`` meet a region's follower requirement?"""
    if "same" in need:
        return sorted(pay) == sorted((need["same"], need["other"], 0))
    return pay == (need.get("assassin", 0), need.get("knight", 0), need.get("abbot", 0))


class Counts(NamedTuple):
    """What the nobility tiles look at, for one player (ints or z3 terms)."""

    supply: Any
    in_towns: Any
    regions: tuple[Any, Any, Any]
    council: Any
    nobility: Any
    res: tuple[Any, ...]
    colours_present: tuple[Any, Any, Any]   # a member in a white, a gray, a black town
    neighbour_pairs: Any
    unused_provinces: Any
    crests: Any


@implements(C + "scoring.majority")
def majority_beats(count_a: Any, last_a: Any, count_b: Any, last_b: Any, rules: Rules,
                   ops: Ops = INT) -> Any:
    """Does A beat B for a track's majority: more members, or as many and the earlier last one."""
    if rules.spec["scoring.majority_tiebreak"] != "earliest_last":
        return count_a > count_b
    return ops.or_(count_a > count_b, ops.and_(count_a == count_b, last_a < last_b))


@implements(C + "tiles.nobility", C + "scoring.nobility_tiles")
def nobility_points(kind: str, c: Counts, rules: Rules, ops: Ops = INT) -> Any:
    """Power points one nobility tile gives for the counts ``c`` (Anhang C / Appendix C):
    its points per fulfilment times how often it is fulfilled, at most as often as the tile
    allows (``nobility.times``; the tiles with one condition score it once)."""
    s = rules.scoring
    per_two = s["set_points"]
    size = s["members_per_set"]

    def times(n: Any) -> Any:
        cap = s["times"][kind]
        return n if isinstance(cap, str) else _min(n, cap, ops)     # "any", or a figure

    if kind == "supply":
        return per_two * times(_sets(c.supply, size, ops))
    if kind == "towns":
        return per_two * times(_sets(c.in_towns, size, ops))
    if kind == "regions":
        return per_two * times(_sets(c.regions[0] + c.regions[1] + c.regions[2], size, ops))
    if kind == "nobility":
        return s["per_track_member"] * times(c.nobility)
    if kind == "council":
        return s["per_track_member"] * times(c.council)
    if kind == "pairs":
        pairs = times(_min(c.res[CARRIAGE], c.res[BISHOP], ops))
        return _min(s["pair_points"] * pairs, s["pair_cap"], ops)
    if kind == "colours":
        return ops.if_(ops.and_(*c.colours_present), s["colours_points"], 0)
    if kind == "three_regions":
        if rules.three_regions_any:                 # interp.three_regions
            sets = _sets(c.regions[0] + c.regions[1] + c.regions[2], s["regions_set"], ops)
        else:
            sets = _min(_min(c.regions[0], c.regions[1], ops), c.regions[2], ops)
        return s["regions_points"] * times(sets)
    if kind == "neighbours":
        return rules.players * times(c.neighbour_pairs)
    if kind == "collection":
        has_follower = ops.or_(*(c.res[f] >= 1 for f in FOLLOWERS))
        return ops.if_(ops.and_(has_follower, c.res[FLORIN] >= 1, c.res[SCROLL] >= 1,
                                c.res[CARRIAGE] >= 1, c.res[BISHOP] >= 1),
                       s["collection_points"], 0)
    if kind == "unused_provinces":
        return s["unused_province"] * times(c.unused_provinces)
    if kind == "crests":            # the last figure: for that many or more crests, or
        table = s["crest_points"]   # for exactly that many (interp.crests_four_plus)
        value: Any = table[-1]
        if rules.crests_exactly_four:
            value = ops.if_(c.crests <= len(table) - 1, table[-1], 0)
        for held in range(len(table) - 2, -1, -1):
            value = ops.if_(c.crests <= held, table[held], value)
        return value
    raise ValueError(f"unknown nobility tile {kind!r}")


def _sets(x: Any, size: int, ops: Ops) -> Any:
    """Complete sets of ``size`` in ``x`` (integer division for ints and z3 Ints)."""
    return x // size if ops is INT else x / size


def _min(a: Any, b: Any, ops: Ops) -> Any:
    return ops.if_(a <= b, a, b)
