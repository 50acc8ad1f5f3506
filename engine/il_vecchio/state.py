"""The state of a game of Il Vecchio: immutable named tuples, copied with ``_replace``.

Family members of one player in one town are interchangeable, so a player's
members are counts: in his supply, standing and lying per town, and on the
tracks (``State.tracks`` lists, per track, the owners in placement order — the
order the majority tie-break needs). Nothing is ever deep-copied.
"""

from __future__ import annotations

from collections.abc import Hashable
from enum import IntEnum
from typing import Final, NamedTuple

from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.tuples import fast_replace
from regelwerk.engine.il_vecchio.rules import Rules


class Phase(IntEnum):
    SETUP_COUNCIL = 0   # each player keeps one of his drawn council tiles
    SETUP_ROLL = 1      # first placement by the dice
    SETUP_CHOICE = 2    # second placement by choice
    PLAY = 3
    OVER = 4


class Need(IntEnum):
    """A decision the rules ask of one player, or chance's outcome, before play goes on.

    The queue (``State.pending``) is answered from the front; chance acts when the
    first entry is one of its own (:data:`ROLL` and the later ones).
    """

    PLACE = 0           # put a family member from the supply on a town (arg: area, 0 = any)
    LEVY = 1            # event: hand in one item
    FAMILY = 2          # event: lay one down or take one back
    PROVINCE_TILE = 3   # arg: region
    FLORENCE_TILE = 4   # arg: track; options: the drawn tiles
    FOLLOWER = 5        # a follower of any kind as a bonus
    OFFER = 6           # roll for a placement or not, before the dice (options: (twice,))
    # chance's, from here on (State.current_player):
    ROLL = 7            # chance rolls for a placement (arg: the chance counter it uses;
                        # options: (declinable, twice) of the placements it brings)
    CREST = 8           # chance turns over the crest ``player`` took (arg: how many decisions
                        # queued before it come before its event's)
    DRAW_TILES = 9      # chance draws an office's tiles one by one (arg: track; options: the
                        # tiles drawn so far); then it becomes the FLORENCE_TILE decision


#: The phases and needs as plain module names: an enum member read through its class
#: (``Phase.PLAY``) goes through the enum's metaclass and costs several times a global
#: name on the hot paths (``Final``: the compiled build keeps them in C variables).
SETUP_COUNCIL: Final = Phase.SETUP_COUNCIL
SETUP_ROLL: Final = Phase.SETUP_ROLL
SETUP_CHOICE: Final = Phase.SETUP_CHOICE
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
NEED_PLACE: Final = Need.PLACE
NEED_LEVY: Final = Need.LEVY
NEED_FAMILY: Final = Need.FAMILY
NEED_PROVINCE_TILE: Final = Need.PROVINCE_TILE
NEED_FLORENCE_TILE: Final = Need.FLORENCE_TILE
NEED_FOLLOWER: Final = Need.FOLLOWER
NEED_OFFER: Final = Need.OFFER
NEED_ROLL: Final = Need.ROLL
NEED_CREST: Final = Need.CREST
NEED_DRAW_TILES: Final = Need.DRAW_TILES

class Pending(NamedTuple):
    need: Need
    player: int
    arg: int = 0
    options: tuple[int, ...] = ()


@fast_replace
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
    province_again: tuple[int, ...] = ()   # face-up tiles whose function was already carried
                                           # out (turned up again by the re-use tile)


@fast_replace
class State(NamedTuple):
    rules: Rules
    seed: int | None                 # None: the caller decides every chance outcome
    phase: Phase
    turn: int                        # whose turn it is (setup: who places)
    players: tuple[Player, ...]
    middlemen: tuple[int, ...]       # per colour in setup.middlemen order: town (() until placed)
    crests_left: int                 # Medici crests still face down on the board
    crest_pile: tuple[int, ...]      # events of the crests not yet seen (on the board and left
                                     # in the box), a pile (engine.core.piles): top last
    council_pile: tuple[int, ...]    # the face-down city council stack, top last
    nobility_pile: tuple[int, ...]   # the face-down nobility stack, top last
    province_left: tuple[tuple[int, ...], ...]   # per region
    extra_cost_on: int               # track index of the stack carrying the additional cost
    tracks: tuple[tuple[int, ...], ...]          # per track: owners in placement order
    overflow: tuple[int, ...]        # per track: placements beyond the last space (final round)
    pending: tuple[Pending, ...]
    chance: int                      # counter of the seeded chance events (rolls, shuffles,
                                     # the middlemen's start) so far
    end_triggered: bool
    final_round: bool
    actions_taken: int               # main actions taken in the current turn
    setup_offer: tuple[tuple[int, ...], ...]     # council tiles each player drew at setup
                                                 # (filled by chance, player by player)
    roll: int                        # the setup roll of the player to place (0 = not yet)
    tile_used: bool = False          # the player to move used a province tile this turn

    def __repr__(self) -> str:
        need = f" pending={self.pending[0].need.name}" if self.pending else ""
        return (f"<il_vecchio {self.phase.name} turn={self.turn} actions={self.actions_taken} "
                f"crests={self.crests_left} final={self.final_round}{need}>")

    @property
    def current_player(self) -> int:
        """Who must act now: the player a decision waits for, chance for a roll or a draw,
        else the turn."""
        if self.pending:
            first = self.pending[0]
            return CHANCE if first.need >= NEED_ROLL else first.player
        phase = self.phase
        if phase >= PLAY:
            return self.turn
        if phase == SETUP_ROLL:
            return self.turn if self.roll else CHANCE
        return CHANCE if self.dealing() else self.turn

    def dealing(self) -> bool:
        """Is chance still setting up: placing the middlemen or drawing the council tiles
        each player is offered?"""
        if self.phase != SETUP_COUNCIL:
            return False
        return not self.middlemen or (len(self.setup_offer[-1]) < self.rules.council_draw
                                      and bool(self.council_pile))

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def main_action_left(self) -> bool:
        """May the player to move still take a main action (two in the final round)?"""
        return self.actions_taken < (self.rules.double_turn_actions if self.final_round else 1)

    def main_actions(self) -> int:
        """How many main actions a turn has now (two in the final round; the same count as
        :meth:`main_action_left`'s, written out there for speed)."""
        return self.rules.double_turn_actions if self.final_round else 1

    def crests_taken(self) -> int:
        """Crests taken and turned over so far."""
        return sum(len(p.crests) for p in self.players)


#: The stage of a decision in the queue (a phase is the stage otherwise).
ANSWER_STAGE: Final = {NEED_PLACE: "place", NEED_LEVY: "levy", NEED_FAMILY: "family",
                       NEED_PROVINCE_TILE: "province_tile", NEED_FLORENCE_TILE: "florence_tile",
                       NEED_FOLLOWER: "follower", NEED_ROLL: "roll", NEED_CREST: "crest",
                       NEED_DRAW_TILES: "draw", NEED_OFFER: "roll_offer"}


def stage(state: State) -> Hashable:
    """The stage of play: the first decision in the queue, chance's set-up (the middlemen,
    the council tiles offered), the setup roll, or the phase (the game's ``stage``, asked on
    every step: here, in a compiled module, not in the declaration)."""
    if state.pending:
        return ANSWER_STAGE[state.pending[0].need]
    phase = state.phase
    if phase < PLAY:
        if state.dealing():
            return "offer" if state.middlemen else "middlemen"
        if phase == SETUP_ROLL and not state.roll:
            return "roll"
    return phase
