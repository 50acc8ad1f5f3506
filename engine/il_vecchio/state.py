"""The state of a game of Il Vecchio: immutable named tuples, copied with ``_replace``.

Family members of one player in one town are interchangeable, so a player's
members are counts: in his supply, standing and lying per town, and on the
tracks (``State.tracks`` lists, per track, the owners in placement order — the
order the majority tie-break needs). Nothing is ever deep-copied.
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from regelwerk.engine.il_vecchio.rules import Rules


class Phase(IntEnum):
    SETUP_COUNCIL = 0   # each player keeps one of his drawn council tiles
    SETUP_ROLL = 1      # first placement by the dice
    SETUP_CHOICE = 2    # second placement by choice
    PLAY = 3
    OVER = 4


class Need(IntEnum):
    """A decision the rules ask of one player before play goes on."""

    PLACE = 0           # put a family member from the supply on a town (arg: area, 0 = any)
    LEVY = 1            # event: hand in one item
    FAMILY = 2          # event: lay one down or take one back
    PROVINCE_TILE = 3   # arg: region
    FLORENCE_TILE = 4   # arg: track; options: the drawn tiles
    FOLLOWER = 5        # a follower of any kind as a bonus


class Pending(NamedTuple):
    need: Need
    player: int
    arg: int = 0
    options: tuple[int, ...] = ()


class Player(NamedTuple):
    res: tuple[int, ...]             # florin, scroll, carriage, bishop, assassin, knight, abbot
    supply: int                      # family members in the personal supply
    standing: tuple[int, ...]        # per town
    lying: tuple[int, ...]           # per town
    province_up: tuple[int, ...]     # face-up (unused) province tiles
    province_down: tuple[int, ...]   # used province tiles
    council_up: tuple[int, ...]      # revealed city council tiles (incl. the setup tile)
    council_down: tuple[int, ...]    # gained, not yet revealed
    nobility: tuple[int, ...]
    crests: tuple[int, ...]          # events of the crests taken
    passed: bool                     # gave up his whole double turn


class State(NamedTuple):
    rules: Rules
    seed: int
    phase: Phase
    turn: int                        # whose turn it is (setup: who places)
    players: tuple[Player, ...]
    middlemen: tuple[int, ...]       # per colour in setup.middlemen order: town
    crest_stack: tuple[int, ...]     # events; the top crest is the last
    council_stack: tuple[int, ...]   # top first
    nobility_stack: tuple[int, ...]  # top first
    province_left: tuple[tuple[int, ...], ...]   # per region
    extra_cost_on: int               # track index of the stack carrying the additional cost
    tracks: tuple[tuple[int, ...], ...]          # per track: owners in placement order
    overflow: tuple[int, ...]        # per track: placements beyond the last space (final round)
    pending: tuple[Pending, ...]
    chance: int                      # counter of dice rolls and shuffles so far
    end_triggered: bool
    final_round: bool
    actions_taken: int               # main actions taken in the current turn
    setup_offer: tuple[tuple[int, ...], ...]     # council tiles each player drew at setup
    roll: int                        # the setup roll of the player to place (0 = none)

    @property
    def current_player(self) -> int:
        return self.pending[0].player if self.pending else self.turn

    @property
    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def crests_taken(self) -> int:
        return sum(len(p.crests) for p in self.players)
