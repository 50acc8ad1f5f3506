"""Il Vecchio's actions in words of the reader's language (``Game.words``).

Each kind has one phrase, a gettext message of the domain ``regelwerk-il_vecchio``
with the context ``words.<kind>``, translated per call; towns are named as on the
board (``spec/il_vecchio/board.toml``), tracks and resources with the glossary's
words (``spec/il_vecchio/glossary.toml``), tiles by their number.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.i18n import Phrase, pgettext
from regelwerk.engine.core.spec import glossary_word
from regelwerk.engine.il_vecchio.actions import (
    CrestDrawn,
    FamilyChoice,
    KeepCouncil,
    Levy,
    MiddlemenPlaced,
    Office,
    Pass,
    PickTile,
    Place,
    Province,
    Recover,
    Reinforce,
    Roll,
    SetupPlace,
    TakeFollower,
    TakeRoll,
    TileDrawn,
    TownAction,
    UseProvince,
)
from regelwerk.engine.il_vecchio.board import TRACKS
from regelwerk.engine.il_vecchio.rules import RESOURCES
from regelwerk.engine.il_vecchio.state import State

PHRASES: dict[type, Phrase] = {
    KeepCouncil: pgettext("words.keep_council", "keep council tile {tile}"),
    SetupPlace: pgettext("words.setup_place",
                         "place two family members in {a} and {b} (area {area})"),
    TownAction: pgettext("words.town", "travel from {frm} to {to}{travel} and take the "
                                       "town's tokens{choice}"),
    Province: pgettext("words.province", "travel from {frm} to {to}{travel} and take over a "
                                         "province with {assassins} assassins, {knights} "
                                         "knights and {abbots} abbots{tiles}"),
    Office: pgettext("words.office", "travel from {frm} to {to}{travel} and join the {track}"),
    Reinforce: pgettext("words.reinforce", "reinforcement: roll and bring in a family member"),
    Recover: pgettext("words.recover", "recovery: stand the family up and take a Florin"),
    UseProvince: pgettext("words.use_province", "use province tile {tile}{choices}"),
    Pass: pgettext("words.pass", "end the turn"),
    Place: pgettext("words.place", "put a family member from the supply in {town}"),
    Levy: pgettext("words.levy", "pay the levy with {resource}"),
    FamilyChoice: pgettext("words.family", "family event: {what} in {town}"),
    PickTile: pgettext("words.pick_tile", "take tile {tile}"),
    TakeFollower: pgettext("words.take_follower", "take a follower: {resource}"),
    TakeRoll: pgettext("words.take_roll", "roll the dice to bring a family member into play"),
    Roll: pgettext("words.roll", "the dice show {total}"),
    MiddlemenPlaced: pgettext("words.middlemen_placed", "the middlemen start in set-up {setup}"),
    TileDrawn: pgettext("words.tile_drawn", "the top tile of the {track} is tile {tile}"),
    CrestDrawn: pgettext("words.crest_drawn", "the Medici crest shows the event: {event}"),
}
NO_ROLL = pgettext("words.take_roll.no", "do not roll the dice for a family member")
CARRIAGE = pgettext("words.travel.carriage", " by carriage")
BISHOP = pgettext("words.travel.bishop", " with a bishop")
CHOICE = {(0, False): pgettext("words.town.florins", " (Florins)"),
          (1, False): pgettext("words.town.scroll", " (scroll)"),
          (0, True): pgettext("words.town.bishops", " (bishops)"),
          (1, True): pgettext("words.town.carriages", " (carriages)")}
EXTRA = pgettext("words.town.extra", ", buying one more scroll")
ANY_COLOURS = pgettext("words.province.any_colours", ", any followers (Milan tile)")
FREE = pgettext("words.province.free", ", no Florins (Papal States tile)")
CHOICES = pgettext("words.use_province.choices", " (choices {values})")
LAY_DOWN = pgettext("words.family.lay_down", "lay down a standing member")
STAND_UP = pgettext("words.family.stand_up", "take back a lying member")
EVENTS = (pgettext("words.event.levy", "levy"),
          pgettext("words.event.middlemen", "the middlemen move"),
          pgettext("words.event.family", "family"))




def term(key: str, lang: str) -> str:
    """The glossary's word for ``key`` in ``lang`` (the key itself if it has none)."""
    return glossary_word("il_vecchio", key, lang)


def track(index: int, lang: str) -> str:
    """A track: a region's or one of Florence's two (council, nobility)."""
    return term(TRACKS[index], lang)


def words(state: State, action: Any, lang: str) -> str | None:
    """``action`` in words of ``lang`` (``None``: a kind without words)."""
    names = state.rules.board.names
    values: dict[str, Any] = {}
    match action:
        case TownAction() | Province() | Office():
            values.update(frm=names[action.frm], to=names[action.to],
                          travel=(CARRIAGE(lang) if action.carriage else ""))
            match action:
                case TownAction(bishop=bishop, choice=choice, extra=extra):
                    values["travel"] += BISHOP(lang) if bishop else ""
                    purple = state.rules.board.colours[action.to] == "purple"
                    values["choice"] = CHOICE.get((choice, purple), CHOICE[0, False])(lang) \
                        + (EXTRA(lang) if extra else "")
                case Province(assassins=a, knights=k, abbots=b, any_colours=anyc, free=free):
                    values.update(assassins=a, knights=k, abbots=b,
                                  tiles=(ANY_COLOURS(lang) if anyc else "")
                                  + (FREE(lang) if free else ""))
                case Office(track=index):
                    values["track"] = track(index, lang)
        case KeepCouncil(tile=tile) | PickTile(tile=tile):
            values["tile"] = tile + 1
        case SetupPlace(area=area, a=a, b=b):
            values.update(area=area, a=names[a], b=names[b])
        case UseProvince(tile=tile):
            chosen = [v for v in (action.a, action.b, action.c) if v != -1]
            values.update(tile=tile + 1, choices=CHOICES(lang, values=", ".join(
                map(str, chosen))) if chosen else "")
        case Place(town=town):
            values["town"] = names[town]
        case Levy(resource=resource) | TakeFollower(kind=resource):
            values["resource"] = term(RESOURCES[resource], lang)
        case FamilyChoice(town=town, lay_down=lay_down):
            values.update(town=names[town], what=(LAY_DOWN if lay_down else STAND_UP)(lang))
        case TakeRoll(roll=False):
            return NO_ROLL(lang)
        case Roll(total=total):
            values["total"] = total
        case MiddlemenPlaced(setup=setup):
            values["setup"] = setup + 1
        case TileDrawn(track=index, tile=tile):
            values.update(track=track(index, lang), tile=tile + 1)
        case CrestDrawn(event=event):
            values["event"] = EVENTS[event](lang)
    phrase = PHRASES.get(type(action))
    return None if phrase is None else phrase(lang, **values)
