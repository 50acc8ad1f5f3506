"""Medici vs Strozzi's actions in words of the reader's language (``Game.words``).

Each kind has one phrase (two where a draw of one tile needs the singular), a
gettext message of the domain ``regelwerk-medici_vs_strozzi`` with the context
``words.<kind>``, translated per call; every number shown comes from the action
or the state.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.i18n import Phrase, pgettext
from regelwerk.engine.medici_vs_strozzi.actions import (
    Assign,
    Buy,
    Decline,
    Discard,
    Draw,
    Load,
    LoadPart,
    Move,
    SetPrice,
    Stop,
    TileDrawn,
)
from regelwerk.engine.medici_vs_strozzi.state import State

PHRASES: dict[type, Phrase] = {
    Draw: pgettext("words.draw", "draw a tile from the bag ({drawn} on the table)"),
    Stop: pgettext("words.stop", "stop drawing and name the price for {drawn} tiles"),
    SetPrice: pgettext("words.price", "offer the tiles for {amount}"),
    Buy: pgettext("words.buy", "buy the {drawn} tiles for {price}"),
    Decline: pgettext("words.decline", "decline: the offering player must buy them for {price}"),
    Load: pgettext("words.load", "load the tiles on ship {ship} (room for {capacity}) "
                                 "bound for harbour {harbour}"),
    Discard: pgettext("words.discard", "throw the bought tiles away"),
    LoadPart: pgettext("words.load_part", "load {kept} of the {drawn} tiles on ship {ship} "
                                          "(room for {capacity}) bound for harbour {harbour} "
                                          "and throw the rest away"),
    Move: pgettext("words.move", "move the marker of the track being scored {steps} spaces "
                                 "towards oneself"),
    TileDrawn: pgettext("words.tile", "the bag gives {good} {value}"),
    Assign: pgettext("words.assign", "send ship {ship} (room for {capacity}) to harbour "
                                     "{harbour} for this round"),
}
#: The phrases of a draw of one tile, where the plural of :data:`PHRASES` would say "1 tiles".
ONE_TILE: dict[type, Phrase] = {
    Stop: pgettext("words.stop.one", "stop drawing and name the price for the one tile"),
    Buy: pgettext("words.buy.one", "buy the one tile for {price}"),
}
STAY = pgettext("words.move.none", "leave the marker of the track being scored where it is")
OPEN_PRICE = pgettext("words.price.open", "offer the tiles for a price of at least {low}")

#: The goods by their spec name (``tiles.goods`` and gold).
GOODS: dict[str, Phrase] = {
    "indigo": pgettext("words.good.indigo", "indigo"),
    "furs": pgettext("words.good.furs", "furs"),
    "spices": pgettext("words.good.spices", "spices"),
    "silk": pgettext("words.good.silk", "silk"),
    "gold": pgettext("words.good.gold", "gold"),
}



def words(state: State, action: Any, lang: str) -> str | None:
    """``action`` (or the open choice of a price) in words of ``lang`` (``None``: a kind without words)."""
    rules = state.rules
    if type(action) is OpenChoice:
        return OPEN_PRICE(lang, low=action.low)
    values: dict[str, Any] = {"drawn": len(state.drawn), "price": state.price}
    match action:
        case SetPrice(amount=amount):
            values["amount"] = amount
        case Move(steps=0):
            return STAY(lang)
        case Move(steps=steps):
            values["steps"] = steps
        case LoadPart(ship=ship, harbour=harbour, kept=kept):
            values.update(ship=ship + 1, harbour=harbour + 1, capacity=rules.capacities[ship],
                          kept=kept.bit_count())
        case Load(ship=ship, harbour=harbour) | Assign(ship=ship, harbour=harbour):
            values.update(ship=ship + 1, harbour=harbour + 1, capacity=rules.capacities[ship])
        case TileDrawn(tile=tile):
            good = rules.goods[rules.tile_good[tile]]
            values.update(good=GOODS[good](lang) if good in GOODS else good,
                          value=rules.tile_value[tile])
    phrase = (ONE_TILE.get(type(action)) if values["drawn"] == 1 else None) \
        or PHRASES.get(type(action))
    return None if phrase is None else phrase(lang, **values)
