"""Random play: which kinds Lorenzo's random player draws from (part of the game's
declaration, :attr:`Game.sampling <regelwerk.engine.core.game.Game.sampling>`).

Random play draws a kind first (among those open now), then one of its actions
(the kinds' fast samplers in :mod:`.places` and :mod:`.leaders`). While the
player in turn holds or has played leaders, the kinds are weighted
(:data:`WEIGHTS`): a leader he can play or use is played or used most of the
time, one is discarded seldom (but as often as any other kind after the
player's last placement of the game, when a leader kept is worth nothing more)
and cards are taken more often, so that leaders live long enough for their
requirements to be met. Every kind keeps a weight above zero: no legal action
is out of reach. A choice of the random player, not a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regelwerk.engine.core.game import ActionKind, Weighted
from regelwerk.engine.lorenzo.state import AFTER, PLACE, Stage, State

#: Random play's weight of each kind while the player in turn has leaders (a kind is drawn
#: with its share of the weight; one without a legal action is dropped): playing and using
#: a leader far above the rest, discarding one far below (but see :func:`weighted`), and a
#: tower placement above the other placements, so that the leaders asking for five or six
#: cards of a type are met now and then.
WEIGHTS = {"play_leader": 128, "activate_leader": 128, "discard_leader": 1, "tower": 64}
#: The weight of every other kind in :data:`WEIGHTS`' stages.
WEIGHT = 16
#: The leader kinds that need leaders in hand, or played leaders.
IN_HAND, PLAYED = frozenset({"play_leader", "discard_leader"}), frozenset({"activate_leader"})

Kinds = tuple[ActionKind[State, Any], ...]


def open_by_stage(kinds: Sequence[ActionKind[State, Any]]) -> dict[Stage, Kinds]:
    """The players' kinds open in each stage, in the order of the declaration (what
    ``GAME.kinds_open`` gives there): random play draws among them."""
    return {stage: tuple(k for k in kinds if not k.chance and (k.stages is None
                                                              or stage in k.stages))
            for stage in Stage}


def weighted(open_kinds: Kinds, hand: bool, played: bool, last: bool) -> Weighted:
    """:data:`WEIGHTS` of ``open_kinds`` (a stage's) for a player with leaders in ``hand``
    and ``played`` leaders or not (the kinds that need them left out where they are none),
    after his ``last`` placement of the game or not (then discarding weighs as much as the
    others)."""
    kinds = tuple(k for k in open_kinds if (hand or k.name not in IN_HAND)
                  and (played or k.name not in PLAYED))
    weights = {**WEIGHTS, "discard_leader": WEIGHT} if last else WEIGHTS
    return Weighted(kinds, tuple(weights.get(k.name, WEIGHT) for k in kinds))


class Sampling:
    """The game's ``sampling(state)``: the kinds open in the state's stage, weighted
    (:func:`weighted`) while the player in turn places or ends his turn with leaders in
    hand or played."""

    def __init__(self, kinds: Sequence[ActionKind[State, Any]]) -> None:
        #: the kinds open by stage (:func:`open_by_stage`)
        self.open = open_by_stage(kinds)
        #: the weighted kinds by (stage, leaders in hand, leaders played, last placement)
        self.weighted = {(stage, hand, played, last): weighted(self.open[stage], hand, played,
                                                               last)
                         for stage in (PLACE, AFTER) for hand in (False, True)
                         for played in (False, True) for last in (False, True)}
        #: :attr:`weighted` of each stage by the number ``2 * hand + played`` (placing) and
        #: ``4 * last + 2 * hand + played`` (after placing): what a step asks, read by index
        self.placing = tuple(self.weighted[PLACE, hand, played, False]
                             for hand in (False, True) for played in (False, True))
        self.after = tuple(self.weighted[AFTER, hand, played, last] for last in (False, True)
                           for hand in (False, True) for played in (False, True))

    def __call__(self, state: State) -> Kinds | Weighted:
        pending = state.pending
        if pending:
            return self.open[pending[0].need]
        step = state.stage
        if step is PLACE:
            player = state.players[state.order[state.turn]]
            if player.hand:
                return self.placing[3 if player.leaders else 2]
            if player.leaders:
                return self.placing[1]
        elif step is AFTER:
            player = state.players[state.order[state.turn]]
            if player.hand or player.leaders:
                last = state.round >= state.rules.rounds and all(player.used)
                return self.after[(4 if last else 0) + (2 if player.hand else 0)
                                  + (1 if player.leaders else 0)]
        return self.open[step]
