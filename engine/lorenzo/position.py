"""A position of Lorenzo il Magnifico in words of the reader's language (``Game.position``).

The period and round, who is to move and what the rules ask of him, the dice and the
turn order, each player's resources and points, his cards by type, family members
still to place, leader cards and excommunications, the four towers floor by floor, and
who stands on the harvest, production, market and council palace spaces. Each line is
a gettext message of the domain ``regelwerk-lorenzo`` with the context
``position.<what>``; members, towers and areas are the glossary's words
(``spec/lorenzo/glossary.toml``), cards are named as in their data files (:mod:`.words`);
every number comes from the state or its rules.
"""

from __future__ import annotations

from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.i18n import Phrase, pgettext
from regelwerk.engine.core.spec import seat_word
from regelwerk.engine.lorenzo.describe import term
from regelwerk.engine.lorenzo.rules import (
    COUNCIL,
    GAME,
    HARVEST_LARGE,
    HARVEST_SMALL,
    MARKET,
    MEMBERS,
    PRODUCTION_LARGE,
    PRODUCTION_SMALL,
    TYPES,
)
from regelwerk.engine.lorenzo.state import Stage, State
from regelwerk.engine.lorenzo.words import card_name, member

HEAD = pgettext("position.head", "Period {period} of {periods}, round {round} of {rounds}: "
                                 "{doing}")
TO_MOVE = pgettext("position.to_move", "{player} to move: {what}")
CHANCE_ACTS = pgettext("position.chance", "chance acts: {what}")
WHAT: dict[Stage, Phrase] = {
    Stage.ORDER: pgettext("position.what.order", "the first turn order is drawn"),
    Stage.EXCOMMUNICATION: pgettext("position.what.excommunication",
                                    "the excommunication tiles are drawn"),
    Stage.LEADERS: pgettext("position.what.leaders", "the leader cards are dealt"),
    Stage.TILE: pgettext("position.what.tile", "choose a personal bonus tile"),
    Stage.DRAFT: pgettext("position.what.draft", "keep a leader card from the draft"),
    Stage.DEAL: pgettext("position.what.deal", "the round's cards are laid out on the towers"),
    Stage.ROLL: pgettext("position.what.roll", "the dice are rolled"),
    Stage.PLACE: pgettext("position.what.place", "place a family member"),
    Stage.AFTER: pgettext("position.what.after", "leader actions or the end of the turn"),
    Stage.VATICAN: pgettext("position.what.vatican", "the Vatican report"),
    Stage.PRIVILEGE: pgettext("position.what.privilege", "choose a council privilege"),
    Stage.TAKE: pgettext("position.what.take", "take a card through an effect"),
    Stage.WORK: pgettext("position.what.work", "a harvest or production through an effect"),
    Stage.EXCHANGE: pgettext("position.what.exchange", "use a building's exchange or not"),
    Stage.MALUS: pgettext("position.what.malus", "which of wood or stone to lose"),
    Stage.COPY: pgettext("position.what.copy", "which leader to copy"),
    Stage.CHURCH: pgettext("position.what.church", "support the Church or not"),
}
OVER = pgettext("position.over", "the game is over")
DICE = pgettext("position.dice", "Dice: {dice}")
NO_DICE = pgettext("position.dice.none", "Dice: not rolled yet")
DIE = pgettext("position.die", "{colour} {value}")
ORDER = pgettext("position.order", "Turn order: {players}")
PLAYER = pgettext("position.player", "{player}: coins {coin}, wood {wood}, stone {stone}, "
                                     "servants {servant}; military points {military}, faith "
                                     "points {faith}, victory points {vp}{passed}")
PASSED = pgettext("position.passed", "; has passed")
HOLDINGS = pgettext("position.holdings", "  cards: territories {territory}, buildings "
                                         "{building}, characters {character}, ventures "
                                         "{venture}; family members still to place: {members}")
LEADERS = pgettext("position.leaders", "  leader cards in hand: {hand}, played: {played}; "
                                       "excommunication tiles: {excommunications}")
TOWER = pgettext("position.tower", "{tower} tower: {floors}")
FLOOR = pgettext("position.floor", "floor {floor} {card}")
TAKEN = pgettext("position.floor.taken", "floor {floor} taken by {who}")
SPACES = pgettext("position.spaces", "{area}: {who}")
WHO = pgettext("position.who", "{player} ({member})")
NOBODY = pgettext("position.nobody", "nobody")

#: The action spaces besides the towers, each area with its glossary key.
AREAS = (("harvest", (HARVEST_SMALL, HARVEST_LARGE)),
         ("production", (PRODUCTION_SMALL, PRODUCTION_LARGE)),
         ("market", tuple(range(MARKET, COUNCIL))),
         ("council_palace", (COUNCIL,)))


def seat(state: State, player: int, lang: str) -> str:
    """A player by his colour."""
    return seat_word(GAME, state.rules.names[player], lang)


def occupants(state: State, spaces: tuple[int, ...], lang: str) -> str:
    """The family members on ``spaces``, each with its player."""
    return ", ".join(WHO(lang, player=seat(state, code // MEMBERS, lang),
                         member=member(state, code % MEMBERS, lang))
                     for space in spaces if space < len(state.spaces)
                     for code in state.spaces[space]) or NOBODY(lang)


def position(state: State, lang: str) -> str:
    """The position in words of ``lang``, one line per topic."""
    rules = state.rules
    mover = state.current_player
    what = WHAT.get(state.step)
    if state.stage == Stage.OVER:
        doing = OVER(lang)
    elif mover == CHANCE:
        doing = CHANCE_ACTS(lang, what=what(lang) if what else "")
    else:
        doing = TO_MOVE(lang, player=seat(state, mover, lang), what=what(lang) if what else "")
    lines = [HEAD(lang, period=state.period, periods=rules.periods, round=state.round,
                  rounds=rules.rounds, doing=doing)]
    lines.append(DICE(lang, dice=", ".join(DIE(lang, colour=term(colour, lang), value=value)
                                           for colour, value in zip(rules.dice_colours,
                                                                    state.dice, strict=False)))
                 if state.dice else NO_DICE(lang))
    if state.order:
        lines.append(ORDER(lang, players=", ".join(seat(state, p, lang) for p in state.order)))
    for number, player in enumerate(state.players):
        lines.append(PLAYER(lang, player=seat(state, number, lang), coin=player.coin,
                            wood=player.wood, stone=player.stone, servant=player.servant,
                            military=player.military, faith=player.faith, vp=player.vp,
                            passed=PASSED(lang) if player.passed else ""))
        counts = dict(zip(TYPES, (len(cards) for cards in player.cards), strict=True))
        lines.append(HOLDINGS(lang, members=player.members_left(), **counts))
        lines.append(LEADERS(lang, hand=len(player.hand), played=len(player.leaders),
                             excommunications=len(player.excommunicated)))
    for tower, kind in enumerate(TYPES):
        floors = []
        for floor in range(rules.floors):
            space = tower * rules.floors + floor
            card = state.towers[space]
            floors.append(FLOOR(lang, floor=floor + 1, card=card_name(state, card, lang))
                          if card >= 0 or not state.spaces[space] else
                          TAKEN(lang, floor=floor + 1, who=occupants(state, (space,), lang)))
        lines.append(TOWER(lang, tower=term(kind, lang), floors="; ".join(floors)))
    for key, spaces in AREAS:
        lines.append(SPACES(lang, area=term(key, lang), who=occupants(state, spaces, lang)))
    return "\n".join(lines)
