"""Lorenzo il Magnifico's actions in words of the reader's language (``Game.words``).

Each kind has one phrase (:class:`~.describe.Phrase`, context ``words.<kind>``, domain
``regelwerk-lorenzo``), translated per call; cards and leaders are named as in their
data files (``name_en``, ``name_de``), members, towers and areas with the glossary's
words (:func:`~.describe.term`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from regelwerk.engine.core.i18n import Phrase, pgettext
from regelwerk.engine.core.spec import seat_word
from regelwerk.engine.lorenzo.actions import (
    ActivateLeader,
    CardDealt,
    ChooseTile,
    Church,
    CopyLeader,
    DiceRoll,
    DiscardLeader,
    DraftLeader,
    EndTurn,
    Exchange,
    ExcommunicationDrawn,
    LeaderDealt,
    Malus,
    OrderDrawn,
    Pass,
    PlaceCouncil,
    PlaceMarket,
    PlaceTower,
    PlaceWork,
    PlayLeader,
    Privilege,
    Skip,
    TakeCard,
    Work,
)
from regelwerk.engine.lorenzo.describe import amounts, term
from regelwerk.engine.lorenzo.rules import GAME, RESOURCES, TYPES, data_file
from regelwerk.engine.lorenzo.state import State

PHRASES: dict[type, Phrase] = {
    OrderDrawn: pgettext("words.order", "{player} takes place {place} in the turn order"),
    ExcommunicationDrawn: pgettext("words.excommunication",
                                   "excommunication tile {tile} for period {period}"),
    LeaderDealt: pgettext("words.leader_dealt", "{player} is dealt the leader {leader}"),
    CardDealt: pgettext("words.deal", "{card} is laid out on floor {floor} of the {tower} tower"),
    DiceRoll: pgettext("words.dice", "the dice show black {black}, white {white}, "
                                     "orange {orange}"),
    ChooseTile: pgettext("words.tile", "choose bonus tile {tile}"),
    DraftLeader: pgettext("words.draft", "keep the leader {leader}"),
    PlaceTower: pgettext("words.tower", "{member} on floor {floor} of the {tower} tower: take "
                                        "{card}{servants}"),
    PlaceWork: pgettext("words.work", "{member} on the {size} {area} space{servants}"),
    PlaceMarket: pgettext("words.market", "{member} on market space {space}{servants}"),
    PlaceCouncil: pgettext("words.council", "{member} in the council palace{servants}"),
    Pass: pgettext("words.pass", "pass: no family member can be placed"),
    EndTurn: pgettext("words.end_turn", "end the turn"),
    PlayLeader: pgettext("words.play_leader", "play the leader {leader}"),
    DiscardLeader: pgettext("words.discard_leader", "discard the leader {leader} for a "
                                                    "council privilege"),
    ActivateLeader: pgettext("words.activate_leader", "use the ability of {leader}"),
    CopyLeader: pgettext("words.copy_leader", "copy the ability of {leader}"),
    Privilege: pgettext("words.privilege.gain", "council privilege: {gain}"),
    TakeCard: pgettext("words.take_card", "take {card} from floor {floor} of the {tower} "
                                          "tower{servants}"),
    Work: pgettext("words.bonus_work", "do the bonus action{servants}"),
    Skip: pgettext("words.skip", "leave the bonus action unused"),
    Exchange: pgettext("words.exchange.at", "exchange at {card}: give {pay} for {get}"),
    Malus: pgettext("words.malus", "lose the {resource}"),
    Church: pgettext("words.church", "{support} the Church at the Vatican report"),
}
SERVANTS = pgettext("words.servants", ", with {n} servants")
NO_EXCHANGE = pgettext("words.exchange.none", "exchange nothing")
#: what an exchange gives where it is more than resources (the card's own words say it)
EXCHANGE_EFFECT = pgettext("words.exchange.effect", "its option {option}")
SMALL, LARGE = pgettext("words.space.small", "small"), pgettext("words.space.large", "large")
SUPPORT = pgettext("words.church.support", "support")
NO_SUPPORT = pgettext("words.church.no_support", "do not support")
EMPTY_FLOOR = pgettext("words.floor.empty", "no card")
#: Glossary keys of the family members by number (the dice's colours, then the neutral one).
MEMBER_TERMS = ("white", "black", "orange", "neutral_member")
AREAS = ("harvest", "production")


@cache
def _names(file: str, table: str) -> dict[str, dict[str, str]]:
    """Each item's name per language from a data file: ``{id: {lang: name}}``."""
    return {item["id"]: {"en": item["name_en"], "de": item["name_de"]}
            for item in data_file(file)[table]}


def card_name(state: State, card: int, lang: str) -> str:
    if card < 0:
        return EMPTY_FLOOR.text(lang)
    names = _names("cards.toml", "card").get(state.rules.cards[card].id)
    return names[lang] if names else state.rules.cards[card].name


def leader_name(state: State, leader: int, lang: str) -> str:
    names = _names("leaders.toml", "leader").get(state.rules.leaders[leader].id)
    return names[lang] if names else state.rules.leaders[leader].name


def member(state: State, number: int, lang: str) -> str:
    """A family member: its colour's word (the glossary's), or the neutral one."""
    colours = state.rules.dice_colours
    key = colours[number] if number < len(colours) else MEMBER_TERMS[-1]
    return term(key, lang)


def resources(vector: tuple[int, ...], lang: str) -> str:
    """A resource vector (``rules.RESOURCES`` order) in words: ``1 wood and 1 stone``."""
    return amounts({name: n for name, n in zip(RESOURCES, vector, strict=True) if n}, lang)


def exchange(state: State, option: int, lang: str) -> dict[str, str]:
    """The exchange ``option`` (1-based) of the building whose exchange is being decided:
    its card, what is given and what is got (the option's number where it gives more
    than resources)."""
    card = state.pending[0].card if state.pending else -1
    effects = [e for e in state.rules.cards[card].permanent if e.kind == "exchange"] \
        if card >= 0 else []
    if not effects or not 0 < option <= len(effects[0].options):
        return {"card": card_name(state, card, lang), "pay": "?",
                "get": EXCHANGE_EFFECT(lang, option=option)}
    pay, get = effects[0].options[option - 1]
    gains = [e.gain for e in get if e.kind == "gain"]
    got = resources(tuple(map(sum, zip(*gains, strict=True))), lang) \
        if gains and len(gains) == len(get) else EXCHANGE_EFFECT(lang, option=option)
    return {"card": card_name(state, card, lang), "pay": resources(pay, lang), "get": got}


def words(state: State, action: Any, lang: str) -> str | None:
    """``action`` in words of ``lang`` (``None``: a kind without words)."""
    rules = state.rules
    values: dict[str, Any] = {}
    if hasattr(action, "servants"):
        n = action.servants
        values["servants"] = SERVANTS(lang, n=n) if n else ""
    if hasattr(action, "member"):
        values["member"] = member(state, action.member, lang)
    if hasattr(action, "leader"):
        values["leader"] = leader_name(state, action.leader, lang)
    if hasattr(action, "player"):
        values["player"] = seat_word(GAME, rules.names[action.player], lang)
    match action:
        case OrderDrawn(place=place):
            values["place"] = place + 1
        case ExcommunicationDrawn(period=period, tile=tile):
            values.update(period=period, tile=tile + 1)
        case CardDealt(tower=tower, floor=floor, card=card):
            values.update(card=card_name(state, card, lang), floor=floor + 1,
                          tower=term(TYPES[tower], lang))
        case DiceRoll(black=black, white=white, orange=orange):
            values.update(black=black, white=white, orange=orange)
        case ChooseTile(tile=tile):
            values["tile"] = tile + 1
        case PlaceTower(tower=tower, floor=floor) | TakeCard(tower=tower, floor=floor):
            values.update(card=card_name(state, state.towers[tower * rules.floors + floor], lang),
                          floor=floor + 1, tower=term(TYPES[tower], lang))
        case PlaceWork(area=area, large=large):
            values.update(area=term(AREAS[area], lang), size=(LARGE if large else SMALL).text(lang))
        case PlaceMarket(space=space):
            values["space"] = space + 1
        case Privilege(choice=choice):
            values["gain"] = resources(rules.privileges[choice], lang)
        case Exchange(option=0):
            return NO_EXCHANGE.text(lang)
        case Exchange(option=option):
            values.update(exchange(state, option, lang))
        case Malus(stone=stone):
            values["resource"] = term("stone" if stone else "wood", lang)
        case Church(support=support):
            values["support"] = (SUPPORT if support else NO_SUPPORT).text(lang)
    phrase = PHRASES.get(type(action))
    return None if phrase is None else phrase(lang, **values)
