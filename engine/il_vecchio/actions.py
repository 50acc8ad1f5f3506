"""The actions of Il Vecchio (their record names: :mod:`.game`).

Towns, tracks and tiles are referred to by their index in the board and tile
lists of :class:`~regelwerk.engine.il_vecchio.rules.Rules`; ``-1`` means "none".

Actions are frozen dataclasses, so two actions are equal only if they are of
the same kind with the same fields (``REINFORCE != RECOVER != PASS``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class KeepCouncil:
    """Setup: keep this one of the drawn council tiles (setup.council_choice)."""

    tile: int


@dataclass(frozen=True, slots=True)
class SetupPlace:
    """Setup: two family members onto towns ``a`` and ``b`` bordering ``area``."""

    area: int
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class TownAction:
    """Action a: the member at ``frm`` travels to ``to`` and takes the town's tokens.

    ``choice``: brown 0 = Florins, 1 = scroll; purple 0 = bishops, 1 = carriages.
    ``extra``: with the scroll council tile, buy one more scroll.
    """

    frm: int
    to: int
    carriage: bool
    bishop: bool
    choice: int = 0
    extra: bool = False


@dataclass(frozen=True, slots=True)
class Province:
    """Action b: travel to a red town and take over a province of its region."""

    frm: int
    to: int
    carriage: bool
    assassins: int
    knights: int
    abbots: int
    any_colours: bool = False   # use the Milan tile 'any followers of the right number'
    free: bool = False          # use the Papal States tile 'no Florins'


@dataclass(frozen=True, slots=True)
class Office:
    """Action c: travel to Florence and join ``track`` (3 council, 4 nobility)."""

    frm: int
    to: int
    carriage: bool
    track: int


@dataclass(frozen=True, slots=True)
class Reinforce:
    """Action d: roll and bring a family member into play."""


@dataclass(frozen=True, slots=True)
class Recover:
    """Action e: stand all own family members up and take a Florin."""


@dataclass(frozen=True, slots=True)
class UseProvince:
    """Use a face-up province tile; ``a``, ``b``, ``c`` are its choices (resource / tile)."""

    tile: int
    a: int = -1
    b: int = -1
    c: int = -1


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn: give up (the rest of) a double turn, or stop using province tiles."""


@dataclass(frozen=True, slots=True)
class Place:
    """Answer a PLACE decision: a family member from the supply onto ``town``."""

    town: int


@dataclass(frozen=True, slots=True)
class Levy:
    """Answer a levy: hand in ``resource`` (Florins mean the levy's Florin amount)."""

    resource: int


@dataclass(frozen=True, slots=True)
class FamilyChoice:
    """Answer the family event: lay down a standing member in ``town`` or take a lying one back."""

    town: int
    lay_down: bool


@dataclass(frozen=True, slots=True)
class PickTile:
    """Answer a tile choice: take this province or Florence tile."""

    tile: int


@dataclass(frozen=True, slots=True)
class TakeFollower:
    """Answer a follower bonus: this kind (4 assassin, 5 knight, 6 abbot)."""

    kind: int


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the dice show ``total`` (both dice added up)."""

    total: int


@dataclass(frozen=True, slots=True)
class MiddlemenPlaced:
    """Chance (setup): the middlemen start at ``setup``, an index of
    ``rules.tables.middleman_setups`` (setup.middlemen)."""

    setup: int


@dataclass(frozen=True, slots=True)
class TileDrawn:
    """Chance: the top tile of ``track``'s stack (3 council, 4 nobility) turns out to be
    ``tile`` (setup.council_choice, action.florence.tiles)."""

    track: int
    tile: int


@dataclass(frozen=True, slots=True)
class CrestDrawn:
    """Chance: the Medici crest just taken shows ``event`` (0 levy, 1 middlemen, 2 family;
    event.crest)."""

    event: int


#: What chance decides: the dice, the middlemen's start and every face-down draw.
ChanceOutcome = Roll | MiddlemenPlaced | TileDrawn | CrestDrawn

Action = (KeepCouncil | SetupPlace | TownAction | Province | Office | Reinforce | Recover
          | UseProvince | Pass | Place | Levy | FamilyChoice | PickTile | TakeFollower
          | ChanceOutcome)

REINFORCE, RECOVER, PASS = Reinforce(), Recover(), Pass()
