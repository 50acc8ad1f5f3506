"""Il Vecchio's actions in words of the reader's language (``Game.words``).

Each kind has one phrase, a gettext message of the domain ``regelwerk-il_vecchio``
with the context ``words.<kind>``, translated per call; towns are named as on the
board (``spec/il_vecchio/board.toml``), tracks and resources with the glossary's
words (``spec/il_vecchio/glossary.toml``), tiles by their number.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.i18n import Phrase, pgettext
from regelwerk.engine.core.spec import glossary_term
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
from regelwerk.engine.il_vecchio.board import COUNCIL, TRACKS
from regelwerk.engine.il_vecchio.rules import GAME, RESOURCES
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
#: what a province tile's use chooses (``UseProvince`` a, b, c), by the tile's kind
CHOSEN = pgettext("words.use_province.chosen", ": {resources}")
SWAPPED = pgettext("words.use_province.swap", ": give {give} for {take}")
REUSED = pgettext("words.use_province.reuse", ": province tile {tile} again")
AND = pgettext("words.and", "{first} and {second}")
LAY_DOWN = pgettext("words.family.lay_down", "lay down a standing member")
STAND_UP = pgettext("words.family.stand_up", "take back a lying member")
#: a tile with its name: "3 ('two bishops')"
NAMED = pgettext("words.tile.named", "{tile} ('{name}')")
#: The city council tiles by kind (``rules.council_tiles``; Appendix B).
COUNCIL_TILES: dict[str, Phrase] = {
    "scrolls": pgettext("words.council_tile.scrolls", "scrolls"),
    "money": pgettext("words.council_tile.money", "money"),
    "follower": pgettext("words.council_tile.follower", "any follower"),
    "abbot": pgettext("words.council_tile.abbot", "abbot"),
    "knight": pgettext("words.council_tile.knight", "knight"),
    "assassin": pgettext("words.council_tile.assassin", "assassin"),
    "carriages": pgettext("words.council_tile.carriages", "two carriages"),
    "bishops": pgettext("words.council_tile.bishops", "two bishops"),
    "recovery": pgettext("words.council_tile.recovery", "recovery"),
    "reinforcement": pgettext("words.council_tile.reinforcement", "reinforcement"),
    "province": pgettext("words.council_tile.province", "province takeover"),
    "florence": pgettext("words.council_tile.florence", "office in Florence"),
}
#: The nobility tiles by kind (``rules.nobility_tiles``; Appendix C): what each scores.
NOBILITY_TILES: dict[str, Phrase] = {
    "supply": pgettext("words.nobility_tile.supply", "family in the supply"),
    "towns": pgettext("words.nobility_tile.towns", "family in towns"),
    "regions": pgettext("words.nobility_tile.regions", "family on region tracks"),
    "nobility": pgettext("words.nobility_tile.nobility", "family in the nobility"),
    "council": pgettext("words.nobility_tile.council", "family in the city council"),
    "pairs": pgettext("words.nobility_tile.pairs", "carriage and bishop pairs"),
    "colours": pgettext("words.nobility_tile.colours", "a white, a gray and a black town"),
    "three_regions": pgettext("words.nobility_tile.three_regions",
                              "one in each outside region"),
    "neighbours": pgettext("words.nobility_tile.neighbours", "neighbours on a track"),
    "collection": pgettext("words.nobility_tile.collection",
                           "follower, Florin, scroll, carriage and bishop"),
    "unused_provinces": pgettext("words.nobility_tile.unused_provinces",
                                 "unused province tiles"),
    "crests": pgettext("words.nobility_tile.crests", "crests"),
}
EVENTS = (pgettext("words.event.levy", "levy"),
          pgettext("words.event.middlemen", "the middlemen move"),
          pgettext("words.event.family", "family"))




#: ``term(key, lang)``: the glossary's word for ``key`` in ``lang`` (the key itself if it
#: has none).
term = glossary_term(GAME)


def track(index: int, lang: str) -> str:
    """A track: a region's or one of Florence's two (council, nobility)."""
    return term(TRACKS[index], lang)


def tile_named(state: State, track_index: int, tile: int, lang: str) -> str:
    """A city council or nobility tile: its number (from 1) and its name."""
    rules = state.rules
    kinds, names = (rules.council_tiles, COUNCIL_TILES) if track_index == COUNCIL \
        else (rules.nobility_tiles, NOBILITY_TILES)
    kind = kinds[tile] if 0 <= tile < len(kinds) else ""
    return NAMED(lang, tile=tile + 1, name=names[kind](lang)) if kind in names else str(tile + 1)


def resources(indices: list[int], lang: str) -> str:
    """Resources by index (``rules.RESOURCES``) in words: "assassin and knight"."""
    said = [term(RESOURCES[i], lang) for i in indices if 0 <= i < len(RESOURCES)]
    return AND(lang, first=", ".join(said[:-1]), second=said[-1]) if len(said) > 1 \
        else "".join(said)


def province_choice(state: State, action: UseProvince, lang: str) -> str:
    """What a use of a province tile chooses, in words (Appendix A): the resources taken,
    what a swap gives and takes, the tile used again, and the extra scroll bought."""
    kind = state.rules.province_tiles[action.tile]
    a, b, c = action.a, action.b, action.c
    extra = c == RESOURCES.index("scroll") and kind != "swap"
    if kind == "reuse" and a != -1:
        said = REUSED(lang, tile=a + 1)
    elif kind == "swap" and a != -1:
        said = SWAPPED(lang, give=resources([a], lang), take=resources([b, c], lang))
    elif a != -1 or b != -1:
        said = CHOSEN(lang, resources=resources([v for v in (a, b) if v != -1], lang))
    else:
        said = ""
    return said + (EXTRA(lang) if extra else "")


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
        case KeepCouncil(tile=tile):
            values["tile"] = tile_named(state, COUNCIL, tile, lang)
        case PickTile(tile=tile):
            values["tile"] = tile + 1
        case SetupPlace(area=area, a=a, b=b):
            values.update(area=area, a=names[a], b=names[b])
        case UseProvince(tile=tile):
            values.update(tile=tile + 1, choices=province_choice(state, action, lang))
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
            values.update(track=track(index, lang), tile=tile_named(state, index, tile, lang))
        case CrestDrawn(event=event):
            values["event"] = EVENTS[event](lang)
    phrase = PHRASES.get(type(action))
    return None if phrase is None else phrase(lang, **values)
