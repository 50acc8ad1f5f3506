"""The actions of Lorenzo il Magnifico: frozen dataclasses of whole numbers and yes/no values.

Members are numbered like the dice (``dice.colours``: 0 white, 1 black, 2 orange)
and 3 is the neutral member; towers like the card types (0 territory, 1
building, 2 character, 3 venture); floors from 0 (the lowest). ``cost`` picks a
card's cost alternative, ``discount`` one combination of the discounts that
apply (see :func:`~.effects.discount_options`).

Each whole-number field declares its domain (``within``, ``index_into``, :func:`below`),
its bounds read from the rules of the game: core refuses a value outside it, citing the
kind's clause, before any rule here sees the action. A domain only says what a field can
be at all; which values are legal now is the kind's ``options``. Servants have no upper
bound in the rules (the supply is unlimited and the variant ``servant_spending =
unlimited`` lets a player spend all he holds), so their domain starts at 0 and is open.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from regelwerk.engine.core.actions import DOMAIN, Domain, index_into, within


def below(name: str) -> Mapping[str, Domain]:
    """Field metadata: the field is one of ``0 .. rules.name - 1`` (``name`` a whole-number
    attribute of :class:`~.rules.Rules`: a count such as ``towers``)."""
    return {DOMAIN: Domain(0, name, below=True)}


#: The domains the actions share.
PLAYER = index_into("names")
LEADER = index_into("leaders")
TOWER = below("towers")
FLOOR = below("floors")
MEMBER = below("members")
COLOURED = index_into("dice_colours")
FACE = within("min:dice_faces", "max:dice_faces")
SERVANTS = within(0)
COST = below("most_costs")
DISCOUNT = below("most_discounts")


@dataclass(frozen=True, order=True)
class OrderDrawn:
    """Chance: ``player`` takes ``place`` (from 0, the first) in the first turn order."""

    place: int = field(metadata=PLAYER)
    player: int = field(metadata=PLAYER)


@dataclass(frozen=True, order=True)
class ExcommunicationDrawn:
    """Chance: ``tile`` is the excommunication tile of ``period`` (from 1) for this game."""

    period: int = field(metadata=within(1, "periods"))
    tile: int = field(metadata=index_into("excommunications"))


@dataclass(frozen=True, order=True)
class LeaderDealt:
    """Chance: ``leader`` is dealt to ``player`` for the leader draft."""

    player: int = field(metadata=PLAYER)
    leader: int = field(metadata=LEADER)


@dataclass(frozen=True, order=True)
class CardDealt:
    """Chance: ``card`` is laid out on ``floor`` of ``tower`` at the start of a round."""

    tower: int = field(metadata=TOWER)
    floor: int = field(metadata=FLOOR)
    card: int = field(metadata=index_into("cards"))


@dataclass(frozen=True, order=True)
class DiceRoll:
    """Chance: the dice of a round (one field per colour of ``dice.colours``)."""

    black: int = field(metadata=FACE)
    white: int = field(metadata=FACE)
    orange: int = field(metadata=FACE)


@dataclass(frozen=True, order=True)
class ChooseTile:
    tile: int = field(metadata=index_into("tiles"))


@dataclass(frozen=True, order=True)
class DraftLeader:
    leader: int = field(metadata=LEADER)


@dataclass(frozen=True, order=True)
class PlaceTower:
    tower: int = field(metadata=TOWER)
    floor: int = field(metadata=FLOOR)
    member: int = field(metadata=MEMBER)
    servants: int = field(metadata=SERVANTS)
    cost: int = field(metadata=COST)
    discount: int = field(metadata=DISCOUNT)


@dataclass(frozen=True, order=True)
class PlaceWork:
    area: int = field(metadata=index_into("work_areas"))     # 0 harvest, 1 production
    large: bool
    member: int = field(metadata=MEMBER)
    servants: int = field(metadata=SERVANTS)


@dataclass(frozen=True, order=True)
class PlaceMarket:
    space: int = field(metadata=index_into("market"))
    member: int = field(metadata=MEMBER)
    servants: int = field(metadata=SERVANTS)


@dataclass(frozen=True, order=True)
class PlaceCouncil:
    member: int = field(metadata=MEMBER)
    servants: int = field(metadata=SERVANTS)


@dataclass(frozen=True, order=True)
class Pass:
    """No placement is possible: the player's remaining members stay home this round."""


@dataclass(frozen=True, order=True)
class EndTurn:
    """Done with leader actions after placing."""


@dataclass(frozen=True, order=True)
class PlayLeader:
    leader: int = field(metadata=LEADER)


@dataclass(frozen=True, order=True)
class DiscardLeader:
    leader: int = field(metadata=LEADER)


@dataclass(frozen=True, order=True)
class ActivateLeader:
    leader: int = field(metadata=LEADER)
    #: the coloured member a value-setting ability applies to (else 0)
    member: int = field(metadata=COLOURED)


@dataclass(frozen=True, order=True)
class CopyLeader:
    leader: int = field(metadata=LEADER)


@dataclass(frozen=True, order=True)
class Privilege:
    choice: int = field(metadata=index_into("privileges"))


@dataclass(frozen=True, order=True)
class TakeCard:
    tower: int = field(metadata=TOWER)
    floor: int = field(metadata=FLOOR)
    servants: int = field(metadata=SERVANTS)
    cost: int = field(metadata=COST)
    discount: int = field(metadata=DISCOUNT)


@dataclass(frozen=True, order=True)
class Work:
    servants: int = field(metadata=SERVANTS)


@dataclass(frozen=True, order=True)
class Exchange:
    #: 0: none, else the exchange option (1-based)
    option: int = field(metadata=within(0, "most_exchanges"))


@dataclass(frozen=True, order=True)
class Skip:
    """Leave a card's bonus action unused."""


@dataclass(frozen=True, order=True)
class Malus:
    stone: bool          # lose the stone (else the wood)


@dataclass(frozen=True, order=True)
class Church:
    support: bool
