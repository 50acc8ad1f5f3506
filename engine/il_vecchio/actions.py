"""The actions of Il Vecchio (their record names: :mod:`.game`).

Towns, tracks and tiles are referred to by their index in the board and tile
lists of :class:`~regelwerk.engine.il_vecchio.rules.Rules`; ``-1`` means "none".

Actions are frozen dataclasses, so two actions are equal only if they are of
the same kind with the same fields (``REINFORCE != RECOVER != PASS``). Every int
field but :class:`Roll`'s declares its domain (``within``, ``index_into``; bounds from
the rules, so from spec): core refuses a value outside it, citing the kind's clause,
before any rule of the game sees the action. A roll's clause depends on the roll being
made, so the dice refuse an impossible total themselves (:func:`.dice.explain_roll`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from regelwerk.engine.core.actions import DOMAIN, Domain, index_into, within
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY

#: A town of the board.
TOWN = index_into("board.towns")
#: A town, or -1 for none (a declined placement).
TOWN_OR_NONE: Any = {DOMAIN: Domain(-1, "len:board.towns", below=True)}
#: A choice of a province tile: a resource or a tile index, -1 for none.
TILE_CHOICE: Any = {DOMAIN: Domain(-1, "len:province_tiles", below=True)}
#: One of the two Florence tracks (indices of engine.il_vecchio.board.TRACKS).
FLORENCE_TRACK = within(COUNCIL, NOBILITY)


@dataclass(frozen=True, slots=True, order=True)
class KeepCouncil:
    """Setup: keep this one of the drawn council tiles (setup.council_choice)."""

    tile: int = field(metadata=index_into("council_tiles"))


@dataclass(frozen=True, slots=True, order=True)
class SetupPlace:
    """Setup: two family members onto towns ``a`` and ``b`` bordering ``area``."""

    area: int = field(metadata=within("dice_count", "roll_max"))
    a: int = field(metadata=TOWN)
    b: int = field(metadata=TOWN)


@dataclass(frozen=True, slots=True, order=True)
class TownAction:
    """Action a: the member at ``frm`` travels to ``to`` and takes the town's tokens.

    ``choice``: brown 0 = Florins, 1 = scroll; purple 0 = bishops, 1 = carriages.
    ``extra``: with the scroll council tile, buy one more scroll.
    """

    frm: int = field(metadata=TOWN)
    to: int = field(metadata=TOWN)
    carriage: bool
    bishop: bool
    choice: int = field(default=0, metadata=within(0, 1))
    extra: bool = False


@dataclass(frozen=True, slots=True, order=True)
class Province:
    """Action b: travel to a red town and take over a province of its region."""

    frm: int = field(metadata=TOWN)
    to: int = field(metadata=TOWN)
    carriage: bool
    assassins: int = field(metadata=within(0, "most_followers"))
    knights: int = field(metadata=within(0, "most_followers"))
    abbots: int = field(metadata=within(0, "most_followers"))
    any_colours: bool = False   # use the Milan tile 'any followers of the right number'
    free: bool = False          # use the Papal States tile 'no Florins'


@dataclass(frozen=True, slots=True, order=True)
class Office:
    """Action c: travel to Florence and join ``track`` (3 council, 4 nobility)."""

    frm: int = field(metadata=TOWN)
    to: int = field(metadata=TOWN)
    carriage: bool
    track: int = field(metadata=FLORENCE_TRACK)


@dataclass(frozen=True, slots=True, order=True)
class Reinforce:
    """Action d: roll and bring a family member into play."""


@dataclass(frozen=True, slots=True, order=True)
class Recover:
    """Action e: stand all own family members up and take a Florin."""


@dataclass(frozen=True, slots=True, order=True)
class UseProvince:
    """Use a face-up province tile; ``a``, ``b``, ``c`` are its choices (resource / tile)."""

    tile: int = field(metadata=index_into("province_tiles"))
    a: int = field(default=-1, metadata=TILE_CHOICE)
    b: int = field(default=-1, metadata=TILE_CHOICE)
    c: int = field(default=-1, metadata=TILE_CHOICE)


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    """End the turn: give up (the rest of) a double turn, or stop using province tiles."""


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """Answer a PLACE decision: a family member from the supply onto ``town``."""

    town: int = field(metadata=TOWN_OR_NONE)


@dataclass(frozen=True, slots=True, order=True)
class Levy:
    """Answer a levy: hand in ``resource`` (Florins mean the levy's Florin amount)."""

    resource: int = field(metadata=index_into("resources"))


@dataclass(frozen=True, slots=True, order=True)
class FamilyChoice:
    """Answer the family event: lay down a standing member in ``town`` or take a lying one back."""

    town: int = field(metadata=TOWN)
    lay_down: bool


@dataclass(frozen=True, slots=True, order=True)
class PickTile:
    """Answer a tile choice: take this province or Florence tile."""

    tile: int = field(metadata={DOMAIN: Domain(0, "tile_count", below=True)})


@dataclass(frozen=True, slots=True, order=True)
class TakeFollower:
    """Answer a follower bonus: this kind (4 assassin, 5 knight, 6 abbot)."""

    kind: int = field(metadata=within("min:followers", "max:followers"))


@dataclass(frozen=True, slots=True, order=True)
class TakeRoll:
    """Answer an offered roll: roll the dice to bring a family member into play, or not."""

    roll: bool


@dataclass(frozen=True, slots=True, order=True)
class Roll:
    """Chance: the dice show ``total`` (both dice added up). No field domain: a total the
    dice cannot show is refused under the clause of the roll being made
    (:func:`.dice.explain_roll`)."""

    total: int


@dataclass(frozen=True, slots=True, order=True)
class MiddlemenPlaced:
    """Chance (setup): the middlemen start at ``setup``, an index of
    ``rules.tables.middleman_setups`` (setup.middlemen)."""

    setup: int = field(metadata=index_into("tables.middleman_setups"))


@dataclass(frozen=True, slots=True, order=True)
class TileDrawn:
    """Chance: the top tile of ``track``'s stack (3 council, 4 nobility) turns out to be
    ``tile`` (setup.council_choice, action.florence.tiles)."""

    track: int = field(metadata=FLORENCE_TRACK)
    tile: int = field(metadata={DOMAIN: Domain(0, "florence_tile_count", below=True)})


@dataclass(frozen=True, slots=True, order=True)
class CrestDrawn:
    """Chance: the Medici crest just taken shows ``event`` (0 levy, 1 middlemen, 2 family;
    event.crest)."""

    event: int = field(metadata=index_into("events"))


#: What chance decides: the dice, the middlemen's start and every face-down draw.
ChanceOutcome = Roll | MiddlemenPlaced | TileDrawn | CrestDrawn

Action = (KeepCouncil | SetupPlace | TownAction | Province | Office | Reinforce | Recover
          | UseProvince | Pass | Place | Levy | FamilyChoice | PickTile | TakeFollower
          | TakeRoll | ChanceOutcome)

REINFORCE, RECOVER, PASS = Reinforce(), Recover(), Pass()
