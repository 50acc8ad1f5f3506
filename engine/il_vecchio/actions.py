"""The actions of Il Vecchio and their JSON form in game records.

Towns, tracks and tiles are referred to by their index in the board and tile
lists of :class:`~regelwerk.engine.il_vecchio.rules.Rules`; ``-1`` means "none".

Actions are frozen dataclasses, so two actions are equal only if they are of
the same kind with the same fields (``REINFORCE != RECOVER != PASS``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from regelwerk.engine.core.actions import ActionCodec
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.records import RecordError


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


Action = (KeepCouncil | SetupPlace | TownAction | Province | Office | Reinforce | Recover
          | UseProvince | Pass | Place | Levy | FamilyChoice | PickTile | TakeFollower)

REINFORCE, RECOVER, PASS = Reinforce(), Recover(), Pass()

_NAMES: dict[type, str] = {
    KeepCouncil: "keep_council", SetupPlace: "setup_place", TownAction: "town",
    Province: "province", Office: "office", Reinforce: "reinforce", Recover: "recover",
    UseProvince: "use_province", Pass: "pass", Place: "place", Levy: "levy",
    FamilyChoice: "family", PickTile: "pick_tile", TakeFollower: "take_follower",
}
_BOOL_FIELDS = frozenset({"carriage", "bishop", "extra", "any_colours", "free", "lay_down"})


class _Codec(ActionCodec):
    """The core codec, with yes/no fields written as JSON booleans (as records always had)
    and fields with a default allowed to be left out."""

    def to_json(self, action: Any) -> dict[str, Any]:
        data = super().to_json(action)
        for name in _BOOL_FIELDS.intersection(data):
            data[name] = bool(data[name])
        return data

    def from_json(self, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("type") not in self.kinds:
            return super().from_json(data)       # raises the core's RecordError
        kind = self.kinds[data["type"]]
        given = dict(data)
        flags = {}
        for field in dataclasses.fields(kind):
            if field.name not in given and field.default is not dataclasses.MISSING:
                given[field.name] = field.default
            if field.name in _BOOL_FIELDS and field.name in given:
                value = given[field.name]
                if type(value) is not bool:
                    raise RecordError(N_("action {action}: {field} must be true or false"),
                                      action=data, field=field.name)
                flags[field.name] = value
                given[field.name] = int(value)
        action = super().from_json(given)
        return dataclasses.replace(action, **flags) if flags else action


CODEC = _Codec("il_vecchio", _NAMES)


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form of ``action`` in a game record: ``{"type": name, **fields}``."""
    return CODEC.to_json(action)


def action_from_json(data: Any) -> Action:
    """Parse one action of a game record; a bad entry raises :class:`RecordError`."""
    return CODEC.from_json(data)
