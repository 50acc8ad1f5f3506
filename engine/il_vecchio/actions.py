"""The actions of Il Vecchio and their JSON form in game records.

Towns, tracks and tiles are referred to by their index in the board and tile
lists of :class:`~regelwerk.engine.il_vecchio.rules.Rules`; ``-1`` means "none".
"""

from __future__ import annotations

from typing import Any, NamedTuple

from regelwerk.engine.core.records import RecordError


class KeepCouncil(NamedTuple):
    """Setup: keep this one of the drawn council tiles (setup.council_choice)."""
    tile: int


class SetupPlace(NamedTuple):
    """Setup: two family members onto towns ``a`` and ``b`` bordering ``area``."""
    area: int
    a: int
    b: int


class TownAction(NamedTuple):
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


class Province(NamedTuple):
    """Action b: travel to a red town and take over a province of its region."""
    frm: int
    to: int
    carriage: bool
    assassins: int
    knights: int
    abbots: int
    any_colours: bool = False   # use the Milan tile 'any followers of the right number'
    free: bool = False          # use the Papal States tile 'no Florins'


class Office(NamedTuple):
    """Action c: travel to Florence and join ``track`` (3 council, 4 nobility)."""
    frm: int
    to: int
    carriage: bool
    track: int


class Reinforce(NamedTuple):
    """Action d: roll and bring a family member into play."""


class Recover(NamedTuple):
    """Action e: stand all own family members up and take a Florin."""


class UseProvince(NamedTuple):
    """Use a face-up province tile; ``a``, ``b``, ``c`` are its choices (resource / tile)."""
    tile: int
    a: int = -1
    b: int = -1
    c: int = -1


class Pass(NamedTuple):
    """End the turn: give up (the rest of) a double turn, or stop using province tiles."""


class Place(NamedTuple):
    """Answer a PLACE decision: a family member from the supply onto ``town``."""
    town: int


class Levy(NamedTuple):
    """Answer a levy: hand in ``resource`` (Florins mean the levy's Florin amount)."""
    resource: int


class FamilyChoice(NamedTuple):
    """Answer the family event: lay down a standing member in ``town`` or take a lying one back."""
    town: int
    lay_down: bool


class PickTile(NamedTuple):
    """Answer a tile choice: take this province or Florence tile."""
    tile: int


class TakeFollower(NamedTuple):
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
_TYPES = {name: kind for kind, name in _NAMES.items()}
_BOOL_FIELDS = {"carriage", "bishop", "extra", "any_colours", "free", "lay_down"}


def action_to_json(action: Action) -> dict[str, Any]:
    return {"type": _NAMES[type(action)], **action._asdict()}


def action_from_json(data: Any) -> Action:
    """Parse one action of a game record; a bad entry raises :class:`RecordError`."""
    if not isinstance(data, dict) or data.get("type") not in _TYPES:
        raise RecordError(f"not an action of il_vecchio: {data!r} "
                          f"(type must be one of {', '.join(_TYPES)})")
    kind = _TYPES[data["type"]]
    fields = {k: v for k, v in data.items() if k != "type"}
    if not set(fields) <= set(kind._fields) or not set(kind._fields) - set(
            kind._field_defaults) <= set(fields):
        raise RecordError(f"action {data!r}: expects fields {list(kind._fields)}")
    for name, value in fields.items():
        wanted = bool if name in _BOOL_FIELDS else int
        if type(value) is not wanted:
            raise RecordError(f"action {data!r}: {name} must be {wanted.__name__}")
    return kind(**fields)
