"""The final scoring and the winner."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from regelwerk.engine.core.arith import INT, Ops
from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.game import ScoreItem
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.lorenzo.effects import mods
from regelwerk.engine.lorenzo.rules import (
    BUILDING,
    CHARACTER,
    TERRITORY,
    VENTURE,
    VP,
    C,
)
from regelwerk.engine.lorenzo.state import Player, State


def excluded(player: Player, category: int) -> bool:
    return any(e.category == category for e in mods(player, "no_end_score"))


# ------------------------------------------------------------------ rule functions (ops)

@implements(C + "scoring.territories", C + "scoring.characters")
def table_points(table: Sequence[int], count: Any, ops: Ops = INT) -> Any:
    """The points of a scoring table for ``count`` cards."""
    if ops is INT:
        return table[count]
    return ops.sum(ops.if_(count == k, v, 0) for k, v in enumerate(table))


@implements(C + "scoring.ventures", C + "effect.end_vp")
def venture_points(points: Sequence[Any], ops: Ops = INT) -> Any:
    """The ventures' printed points, added up."""
    return ops.sum(points)


@implements(C + "scoring.military")
def military_award(values: Sequence[Any], p: int, prizes: Sequence[int], ops: Ops = INT) -> Any:
    """First place (all tied for it) the first prize; second place the second prize, but only
    if nobody shared the first: exactly when one player alone has more."""
    above = ops.sum(ops.if_(v > values[p], 1, 0) for v in values)
    return ops.if_(above == 0, prizes[0], ops.if_(above == 1, prizes[1], 0))


@implements(C + "scoring.resources")
def resource_points(total: Any, per: int, ops: Ops = INT) -> Any:
    """One victory point per ``per`` resources left."""
    return total / per if ops is not INT else total // per


def military_points(values: tuple[int, ...], prizes: tuple[int, ...]) -> tuple[int, ...]:
    """Every player's military award."""
    return tuple(military_award(values, p, prizes) for p in range(len(values)))


@implements(C + "effect.end_vp_loss")
def vp_loss(state: State, player: Player, before: bool, vp: int) -> int:
    lost = 0
    for effect in mods(player, "end_vp_loss"):
        if effect.before_scoring != before:
            continue
        if effect.counted == "supply":
            counted = sum(vp if r == VP else player[r] for r in effect.resources)  # type: ignore[misc]
        else:
            counted = sum(state.rules.cards[card].costs[0].pay[r]
                          for card in player.cards[BUILDING] for r in effect.resources)
        lost += counted // effect.every
    return lost


@implements(C + "scoring.excommunication", C + "scoring.territories", C + "scoring.characters",
            C + "scoring.ventures", C + "scoring.resources", C + "scoring.faith",
            C + "effect.end_vp", C + "effect.no_end_score")
def final_scores(state: State) -> tuple[int, ...]:
    """Victory points after the final scoring, by seat: the sum of :func:`score_items`
    (added up from :func:`score_lines`, without building the items)."""
    return tuple(sum(line[1] for line in lines) for lines in score_lines(state))


@implements(C + "effect.end_vp_loss")
def floored(floor_zero: bool, lost: int, held: int) -> int:
    """The points a loss takes (``lorenzo:interp.vp_below_zero``): all of them, or under the
    variant ``vp_floor=zero`` no more than the ``held`` points (no score falls below zero)."""
    return min(lost, max(held, 0)) if floor_zero else lost


@implements(C + "scoring.military")
def ranked(positive_only: bool, military: int, award: int) -> int:
    """A player's military award (``lorenzo:interp.military_ranking``): as ranked, or under
    the variant ``military_ranking=five_two_positive_only`` nothing without a military point
    (the others rank as before: a player with none is below every one who has some)."""
    return 0 if positive_only and military <= 0 else award


DURING = N_("victory points gained during play")
BEFORE = N_("lost before the final scoring (excommunication)")
AFTER = N_("lost at the end of the game (excommunication)")
CARDS = N_("{count} cards")


#: One line of a final score: (clause, points, note, values), the fields of a
#: :class:`~regelwerk.engine.core.game.ScoreItem`.
Line = tuple[str, int, str, Mapping[str, Any]]
NOTHING: Mapping[str, Any] = MappingProxyType({})


def score_items(state: State) -> tuple[tuple[ScoreItem, ...], ...]:
    """Per player, the final victory points item by item, each citing its clause
    (``Game.score_items``): the lines of :func:`score_lines`."""
    return tuple(tuple(ScoreItem(clause, points, note, dict(values))
                       for clause, points, note, values in lines)
                 for lines in score_lines(state))


def score_lines(state: State) -> tuple[list[Line], ...]:
    """Per player, the lines of his final score: the points of play, the excommunication
    loss before the scoring, the cards, the military ranking, the resources, the loss
    after it."""
    rules = state.rules
    fns = rules.fns
    values = tuple(p.military for p in state.players)
    result = []
    for p, player in enumerate(state.players):
        items: list[Line] = [(C + "round.structure", player.vp, DURING, NOTHING)]
        lost = floored(rules.vp_floor_zero, vp_loss(state, player, True, player.vp), player.vp)
        if lost:
            items.append((C + "effect.end_vp_loss", -lost, BEFORE, NOTHING))
        cards = player.cards
        if not excluded(player, TERRITORY):
            items.append((C + "scoring.territories", fns.table_points(
                rules.score_territories, len(cards[TERRITORY])), CARDS,
                {"count": len(cards[TERRITORY])}))
        if not excluded(player, CHARACTER):
            items.append((C + "scoring.characters", fns.table_points(
                rules.score_characters, len(cards[CHARACTER])), CARDS,
                {"count": len(cards[CHARACTER])}))
        if not excluded(player, VENTURE):
            items.append((C + "scoring.ventures", fns.venture_points(
                [e.value for card in cards[VENTURE] for e in rules.cards[card].permanent
                 if e.kind == "end_vp"]), CARDS, {"count": len(cards[VENTURE])}))
        items.append((C + "scoring.military", ranked(
            rules.military_positive_only, values[p],
            fns.military_award(values, p, rules.score_military)), "", NOTHING))
        items.append((C + "scoring.resources", fns.resource_points(
            sum(player[r] for r in rules.scored_resources), rules.resources_per_vp), "",
            NOTHING))
        held = sum(item[1] for item in items)
        lost = floored(rules.vp_floor_zero, vp_loss(state, player, False, held), held)
        if lost:
            items.append((C + "effect.end_vp_loss", -lost, AFTER, NOTHING))
        result.append(items)
    return tuple(result)


@implements(C + "scoring.winner")
def winner(state: State, scores: tuple[int, ...]) -> tuple[int, bool]:
    """The seat of the winner, and whether the turn order had to decide between equal scores."""
    best = max(scores)
    tied = [p for p in state.order if scores[p] == best]
    return tied[0], len(tied) > 1
