"""The state of a game of Lorenzo il Magnifico: immutable, cheaply copied tuples.

A :class:`State` never changes; every rule returns a new one with ``_replace``
(the nested tuples and the shared :class:`~.rules.Rules` are reused). Decisions
that an action leaves open (which council privilege, which exchange, the card
a character lets its owner take, ...) wait in :attr:`State.pending`, a queue
answered front first by their own action kinds.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Final, NamedTuple

from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.tuples import fast_replace
from regelwerk.engine.lorenzo.rules import RESOURCES, Effect, Rules

#: A player's resources and points are his first fields (:data:`~.rules.RESOURCES`).
STOCK: Final = len(RESOURCES)


class Stage(IntEnum):
    """Where play stands: a phase of the game, or the decision at the head of the queue."""

    # phases (no decision pending), in the order of play
    ORDER = 0         # chance draws the first turn order, place by place
    EXCOMMUNICATION = 1   # chance draws the excommunication tile of each period
    LEADERS = 2       # advanced game: chance deals the leader cards, one by one
    TILE = 3          # advanced game: choosing bonus tiles against the turn order
    DRAFT = 4         # advanced game: the leader draft
    DEAL = 5          # chance lays the round's cards on the towers, space by space
    ROLL = 6          # chance rolls the dice
    PLACE = 7         # the player in turn places a member (or takes leader actions)
    AFTER = 8         # he has placed: leader actions or the end of his turn
    VATICAN = 9       # the Vatican report (its decisions are pending)
    OVER = 10
    # pending decisions
    PRIVILEGE = 20    # arg: privileges still to take; mask: choices already taken
    TAKE = 21         # a card effect's card: arg value, mask card types, card: the source card
    WORK = 22         # a card effect's harvest / production: arg value, mask area, flag bonuses
    EXCHANGE = 23     # card: the building whose exchange may be used
    MALUS = 24        # which of wood or stone one source gives less (arg: by how much);
                      # flag: from the held-back income
    COPY = 25         # Lorenzo de' Medici: which played leader to copy
    CHURCH = 26       # support the Church or not


#: The stages as plain module names: quicker on the hot paths than the enum's attribute
#: (``Final``: the compiled build keeps them in C variables).
ORDER: Final = Stage.ORDER
EXCOMMUNICATION: Final = Stage.EXCOMMUNICATION
LEADERS: Final = Stage.LEADERS
TILE: Final = Stage.TILE
DRAFT: Final = Stage.DRAFT
DEAL: Final = Stage.DEAL
ROLL: Final = Stage.ROLL
PLACE: Final = Stage.PLACE
AFTER: Final = Stage.AFTER
VATICAN: Final = Stage.VATICAN
OVER: Final = Stage.OVER
PRIVILEGE: Final = Stage.PRIVILEGE
TAKE: Final = Stage.TAKE
WORK: Final = Stage.WORK
EXCHANGE: Final = Stage.EXCHANGE
MALUS: Final = Stage.MALUS
COPY: Final = Stage.COPY
CHURCH: Final = Stage.CHURCH

PHASES = frozenset({Stage.ORDER, Stage.EXCOMMUNICATION, Stage.LEADERS, Stage.TILE, Stage.DRAFT,
                    Stage.DEAL, Stage.ROLL, Stage.PLACE, Stage.AFTER, Stage.VATICAN, Stage.OVER})
#: The phases in which chance acts.
CHANCE_STAGES = frozenset({Stage.ORDER, Stage.EXCOMMUNICATION, Stage.LEADERS, Stage.DEAL,
                           Stage.ROLL})


@fast_replace
class Pending(NamedTuple):
    """A decision the rules ask of one player before play goes on."""

    need: Stage
    player: int
    arg: int = 0
    mask: int = 0
    card: int = -1
    flag: bool = False
    work: bool = False       # part of a harvest or production whose income is held back
    source_gave: int = 0     # PRIVILEGE under the variant ``malus_source = each_action``: the
                             # resources (one bit per RESOURCES index) its source already gave
                             # some of, their penalty taken there (interp.malus_sources)


@fast_replace
class Player(NamedTuple):
    coin: int
    wood: int
    stone: int
    servant: int
    military: int
    faith: int
    vp: int
    cards: tuple[tuple[int, ...], ...]   # per card type, card indices in the order taken
    used: tuple[bool, ...]               # family members placed (white, black, orange, neutral)
    tile: int                            # personal bonus tile (-1: not chosen yet)
    hand: tuple[int, ...]                # leader cards in hand
    leaders: tuple[int, ...]             # leaders played
    flipped: tuple[int, ...]             # once-per-round leaders used this round
    copied: int                          # the leader Lorenzo de' Medici copies (-1: none)
    boost: int                           # member whose value a leader sets this round (-1)
    excommunicated: tuple[int, ...]      # excommunication tiles he suffers
    mods: tuple[Effect, ...]             # lasting effects in force for him
    passed: bool                         # has no placement left this round
    skipped: bool                        # his lost first turn of this round is behind him

    @property
    def resources(self) -> tuple[int, ...]:
        return self[:STOCK]  # type: ignore[return-value]

    def members_left(self) -> int:
        return self.used.count(False)


@fast_replace
class State(NamedTuple):
    rules: Rules
    seed: int | None                     # None: the caller decides chance
    round: int                           # 1-based
    stage: Stage                         # the phase (decisions: see pending)
    order: tuple[int, ...]               # turn order, players by seat index
    turn: int                            # index into order of the player in turn
    dice: tuple[int, ...]                # white, black, orange (dice.colours); () before the roll
    players: tuple[Player, ...]
    towers: tuple[int, ...]              # tower * floors + floor -> card index or -1
    spaces: tuple[tuple[int, ...], ...]  # action space -> members there (player * MEMBERS + member)
    decks: tuple[tuple[int, ...], ...]   # per type, the face-down pile of the period (top last)
    excommunication: tuple[int, ...]     # the tile of each period
    pending: tuple[Pending, ...]
    income: tuple[int, ...]              # held back during a harvest / production
    earner: int                          # whose income is held back (-1: nobody's)
    hands: tuple[tuple[int, ...], ...]   # leader draft: the hand each player picks from
    tiles_left: tuple[int, ...]          # advanced bonus tiles not yet chosen
    pile: tuple[int, ...]                # set-up: the pile chance draws from (top last)
    turn_coins: int                      # the coins the player in turn held as his turn began
    turn_privileges: int                 # the council privileges chosen in this turn, one bit
                                         # per choice (variant privileges_differ = per_turn)

    def __repr__(self) -> str:
        head = f"<lorenzo round {self.round} {self.stage.name}"
        if self.pending:
            head += f" pending={self.pending[0].need.name}x{len(self.pending)}"
        vp = ",".join(str(p.vp) for p in self.players)
        return f"{head} order={self.order} turn={self.turn} dice={self.dice} vp={vp}>"

    @property
    def period(self) -> int:
        return (self.round - 1) // self.rules.rounds_per_period + 1

    @property
    def current_player(self) -> int:
        if self.pending:
            return self.pending[0].player
        if self.stage in CHANCE_STAGES:
            return CHANCE
        return self.order[self.turn]

    @property
    def is_terminal(self) -> bool:
        return self.stage == OVER

    @property
    def step(self) -> Stage:
        """The stage of play the action kinds refer to: the pending decision, else the phase."""
        return self.pending[0].need if self.pending else self.stage


#: Where :func:`rebuilt` puts a player's cards, members and lasting effects.
_CARDS: Final = Player._fields.index("cards")
_USED: Final = Player._fields.index("used")
_MODS: Final = Player._fields.index("mods")


def rebuilt(player: Player, stock: list[int], cards: tuple[tuple[int, ...], ...],
            used: tuple[bool, ...], mods: tuple[Effect, ...]) -> Player:
    """``player`` with his resources and points ``stock`` (as :func:`with_stock`), his
    ``cards``, family members ``used`` and lasting effects ``mods``: one new player for a
    rule that changes them all (a tower action)."""
    values: list[object] = [*stock, *player[STOCK:]]
    values[_CARDS] = cards
    values[_USED] = used
    values[_MODS] = mods
    return tuple.__new__(Player, values)


def with_stock(player: Player, stock: Iterable[int]) -> Player:
    """``player`` with his resources and points (his first :data:`STOCK` fields, in the
    order of :data:`~.rules.RESOURCES`) replaced by ``stock``."""
    return Player._make((*stock, *player[STOCK:]))
