"""A position of Medici vs Strozzi in words of the reader's language (``Game.position``).

The round and who is to do what, each player's money, loans and ships (their room,
harbour and goods tiles), the tiles on the table and their price, the bag, and the
monopoly markers harbour by harbour. Each line is a gettext message of the domain
``regelwerk-medici_vs_strozzi`` with the context ``position.<what>``; goods, harbours
and tracks are the glossary's words (``spec/medici_vs_strozzi/glossary.toml``); every
number comes from the state or its rules.
"""

from __future__ import annotations

from regelwerk.engine.core.i18n import pgettext
from regelwerk.engine.core.spec import glossary_term
from regelwerk.engine.medici_vs_strozzi.rules import GAME, MEDICI, STROZZI
from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR, Phase, State

HEAD = pgettext("position.head", "Round {round} of {rounds}: {doing}")
DOING = {
    Phase.DRAW: pgettext("position.doing.draw", "{player} draws goods tiles"),
    Phase.TILE: pgettext("position.doing.tile", "the next goods tile comes out of the bag"),
    Phase.PRICE: pgettext("position.doing.price", "{player} names the price"),
    Phase.RESPOND: pgettext("position.doing.respond", "{player} buys the offer or declines it"),
    Phase.LOAD: pgettext("position.doing.load", "{player} loads the bought tiles"),
    Phase.MARKERS: pgettext("position.doing.markers", "{player} moves monopoly markers"),
    Phase.PORTS: pgettext("position.doing.ports", "{player} sends his ships to harbours"),
    Phase.OVER: pgettext("position.doing.over", "the game is over"),
}
PURSE = pgettext("position.purse", "{player}: money {cash}, loans {loans}")
SHIP = pgettext("position.ship", "  ship {ship} ({used} of {capacity} tiles){harbour}: {tiles}")
BOUND = pgettext("position.ship.bound", ", bound for harbour {harbour}")
EMPTY = pgettext("position.empty", "empty")
TABLE = pgettext("position.table", "On the table: {tiles}")
PRICE = pgettext("position.price", "On the table: {tiles}; price {price}")
BAG = pgettext("position.bag", "Goods tiles in the bag: {count}")
TRACKS = pgettext("position.tracks", "Harbour {harbour}, monopoly tracks: {tracks}")
MIDDLE = pgettext("position.marker.middle", "{good} in the middle")
TOWARDS = pgettext("position.marker.towards", "{good} {steps} towards {player}")

#: The seats' names (the families, the same in both languages).
NAMES = {MEDICI: "Medici", STROZZI: "Strozzi"}


#: ``term(key, lang)``: the glossary's word for ``key`` in ``lang``
term = glossary_term(GAME)


def tiles(state: State, ids: tuple[int, ...], lang: str) -> str:
    """Goods tiles as ``good value``, in the order they lie."""
    rules = state.rules
    return ", ".join(f"{term(rules.goods[rules.tile_good[t]], lang)} {rules.tile_value[t]}"
                     for t in ids) or EMPTY(lang)


def position(state: State, lang: str) -> str:
    """The position in words of ``lang``, one line per topic."""
    rules = state.rules
    mover = state.current_player
    doing = DOING[state.phase](lang, player=NAMES.get(mover, ""))
    lines = [HEAD(lang, round=state.round, rounds=rules.rounds, doing=doing)]
    for player in (MEDICI, STROZZI):
        lines.append(PURSE(lang, player=NAMES[player], cash=state.cash[player],
                           loans=state.loans[player]))
        for ship, hold in enumerate(state.holds[player]):
            harbour = state.ports[player][ship]
            lines.append(SHIP(lang, ship=ship + 1, used=len(hold), capacity=rules.capacities[ship],
                              harbour="" if harbour == NO_HARBOUR else BOUND(lang,
                                                                            harbour=harbour + 1),
                              tiles=tiles(state, hold, lang)))
    if state.drawn:
        shown = tiles(state, state.drawn, lang)
        lines.append(PRICE(lang, tiles=shown, price=state.price)
                     if state.phase in (Phase.RESPOND, Phase.LOAD) else TABLE(lang, tiles=shown))
    lines.append(BAG(lang, count=len(state.bag)))
    for harbour, goods in enumerate(rules.harbour_tracks):
        said = []
        for number, good in enumerate(goods):
            at = state.markers[rules.track_offset[harbour] + number]
            word = term(rules.goods[good], lang)
            said.append(MIDDLE(lang, good=word) if at == 0 else TOWARDS(
                lang, good=word, steps=abs(at), player=NAMES[MEDICI if at > 0 else STROZZI]))
        lines.append(TRACKS(lang, harbour=harbour + 1, tracks=", ".join(said)))
    return "\n".join(lines)
