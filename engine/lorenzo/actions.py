"""The actions of Lorenzo il Magnifico: frozen dataclasses of whole numbers and yes/no values.

Members are numbered like the dice (``dice.colours``: 0 white, 1 black, 2 orange)
and 3 is the neutral member; towers like the card types (0 territory, 1
building, 2 character, 3 venture); floors from 0 (the lowest). ``cost`` picks a
card's cost alternative, ``discount`` one combination of the discounts that
apply (see :func:`~.effects.discount_options`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class OrderDrawn:
    """Chance: ``player`` takes ``place`` (from 0, the first) in the first turn order."""

    place: int
    player: int


@dataclass(frozen=True, order=True)
class ExcommunicationDrawn:
    """Chance: ``tile`` is the excommunication tile of ``period`` (from 1) for this game."""

    period: int
    tile: int


@dataclass(frozen=True, order=True)
class LeaderDealt:
    """Chance: ``leader`` is dealt to ``player`` for the leader draft."""

    player: int
    leader: int


@dataclass(frozen=True, order=True)
class CardDealt:
    """Chance: ``card`` is laid out on ``floor`` of ``tower`` at the start of a round."""

    tower: int
    floor: int
    card: int


@dataclass(frozen=True, order=True)
class DiceRoll:
    """Chance: the dice of a round (one field per colour of ``dice.colours``)."""

    black: int
    white: int
    orange: int


@dataclass(frozen=True, order=True)
class ChooseTile:
    tile: int


@dataclass(frozen=True, order=True)
class DraftLeader:
    leader: int


@dataclass(frozen=True, order=True)
class PlaceTower:
    tower: int
    floor: int
    member: int
    servants: int
    cost: int
    discount: int


@dataclass(frozen=True, order=True)
class PlaceWork:
    area: int            # 0 harvest, 1 production
    large: bool
    member: int
    servants: int


@dataclass(frozen=True, order=True)
class PlaceMarket:
    space: int
    member: int
    servants: int


@dataclass(frozen=True, order=True)
class PlaceCouncil:
    member: int
    servants: int


@dataclass(frozen=True, order=True)
class Pass:
    """No placement is possible: the player's remaining members stay home this round."""


@dataclass(frozen=True, order=True)
class EndTurn:
    """Done with leader actions after placing."""


@dataclass(frozen=True, order=True)
class PlayLeader:
    leader: int


@dataclass(frozen=True, order=True)
class DiscardLeader:
    leader: int


@dataclass(frozen=True, order=True)
class ActivateLeader:
    leader: int
    member: int          # the coloured member a value-setting ability applies to (else 0)


@dataclass(frozen=True, order=True)
class CopyLeader:
    leader: int


@dataclass(frozen=True, order=True)
class Privilege:
    choice: int


@dataclass(frozen=True, order=True)
class TakeCard:
    tower: int
    floor: int
    servants: int
    cost: int
    discount: int


@dataclass(frozen=True, order=True)
class Work:
    servants: int


@dataclass(frozen=True, order=True)
class Exchange:
    option: int          # 0: none, else the exchange option (1-based)


@dataclass(frozen=True, order=True)
class Skip:
    """Leave a card's bonus action unused."""


@dataclass(frozen=True, order=True)
class Malus:
    stone: bool          # lose the stone (else the wood)


@dataclass(frozen=True, order=True)
class Church:
    support: bool
