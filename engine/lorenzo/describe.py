"""Lorenzo il Magnifico's cards, leaders, excommunication tiles and bonus tiles as short
texts in the reader's language, rendered from their data (``spec/lorenzo/*.toml``).

Every effect kind and named special of the vocabulary (``spec/lorenzo/EFFECTS.md``,
clauses ``lorenzo:effect.<kind>``) has its own phrase; an effect, parameter value or
special without one raises :class:`DescribeError` instead of being left out. Each
English phrase is a gettext message with a context (``describe.<name>``) of the
domain ``regelwerk-lorenzo``, translated per call; resource and card-type words
come from these messages or from the glossary (``spec/lorenzo/glossary.toml``). Every
number shown comes from the data.

:func:`reference` gives the card reference of one kind (development cards, leaders,
excommunication tiles, bonus tiles) as tables of translated text, which the
``card-table`` directive (:mod:`regelwerk.sphinxext.cards`) renders.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from regelwerk.engine.core.i18n import N_, Phrase, pgettext
from regelwerk.engine.core.spec import SpecError, glossary_term
from regelwerk.engine.lorenzo.rules import GAME, data_file

Data = Mapping[str, Any]
K = TypeVar("K")
V = TypeVar("V")
EMPTY = "—"


class DescribeError(SpecError):
    """An item of the card data that has no words here (unknown kind, value or special)."""


UNKNOWN_KIND = N_("{item}: the effect kind {kind!r} has no description")
UNKNOWN_VALUE = N_("{item}: the value {value!r} of {key!r} has no description")
MISSING_PARAMETER = N_("{item}: the effect {kind!r} lacks the parameter {key!r}")
UNKNOWN_REFERENCE = N_("no card reference {kind!r}; known: {known}")

# ------------------------------------------------------------------ words

#: Amounts of each resource or point kind: (one, several).
AMOUNTS: dict[str, tuple[Phrase, Phrase]] = {
    "coin": (pgettext("describe.amount.coin", "{n} coin"),
             pgettext("describe.amount.coins", "{n} coins")),
    "wood": (pgettext("describe.amount.wood", "{n} wood"),
             pgettext("describe.amount.wood", "{n} wood")),
    "stone": (pgettext("describe.amount.stone", "{n} stone"),
              pgettext("describe.amount.stone", "{n} stone")),
    "servant": (pgettext("describe.amount.servant", "{n} servant"),
                pgettext("describe.amount.servants", "{n} servants")),
    "military": (pgettext("describe.amount.military", "{n} military point"),
                 pgettext("describe.amount.militaries", "{n} military points")),
    "faith": (pgettext("describe.amount.faith", "{n} faith point"),
              pgettext("describe.amount.faiths", "{n} faith points")),
    "vp": (pgettext("describe.amount.vp", "{n} victory point"),
           pgettext("describe.amount.vps", "{n} victory points")),
}

#: One card of each type, and a number of them: (a card, several cards).
CARDS: dict[str, tuple[Phrase, Phrase]] = {
    "territory": (pgettext("describe.card.territory", "territory card"),
                  pgettext("describe.cards.territory", "{n} territory cards")),
    "building": (pgettext("describe.card.building", "building card"),
                 pgettext("describe.cards.building", "{n} building cards")),
    "character": (pgettext("describe.card.character", "character card"),
                  pgettext("describe.cards.character", "{n} character cards")),
    "venture": (pgettext("describe.card.venture", "venture card"),
                pgettext("describe.cards.venture", "{n} venture cards")),
}
ANY_CARD = pgettext("describe.card.any", "card of any type")

AND = pgettext("describe.join.and", "{first} and {last}")
OR = pgettext("describe.join.or", "{first} or {last}")

# ------------------------------------------------------------------ effect phrases

GAIN_WHEN = {
    "church_support": pgettext("describe.gain.church_support",
                               "{gain} whenever supporting the Church in a Vatican report"),
}
PRIVILEGE = (pgettext("describe.privilege.one", "{count} council privilege"),
             pgettext("describe.privilege.many", "{count} different council privileges"))
GAIN_PER_CARD = pgettext("describe.gain_per_card", "{gain} per {card} held")
GAIN_PER_RESOURCE = pgettext("describe.gain_per_resource", "{gain} per {per} held")
EXCHANGE = pgettext("describe.exchange", "may exchange {options}")
EXCHANGE_OPTION = pgettext("describe.exchange.option", "{pay} for {get}")
TAKE_CARD = pgettext("describe.take_card",
                     "take a {card} with an action of value {value}, without a family member")
TAKE_CARD_DISCOUNT = pgettext(
    "describe.take_card.discount",
    "take a {card} with an action of value {value}, without a family member, "
    "paying {discount} less")
WORK = {
    ("harvest", True): pgettext("describe.harvest",
                                "a harvest action of value {value}, without a family member"),
    ("harvest", False): pgettext(
        "describe.harvest.no_bonuses",
        "a harvest action of value {value}, without a family member and without the "
        "bonuses of cards to harvests"),
    ("production", True): pgettext(
        "describe.production", "a production action of value {value}, without a family member"),
    ("production", False): pgettext(
        "describe.production.no_bonuses",
        "a production action of value {value}, without a family member and without the "
        "bonuses of cards to production"),
}
ACTION_BONUS = {
    "take_card": pgettext("describe.action_bonus.take_card",
                          "{value} to the value of every action taking a {card}"),
    "harvest": pgettext("describe.action_bonus.harvest", "{value} to the value of every harvest"),
    "production": pgettext("describe.action_bonus.production",
                           "{value} to the value of every production"),
}
DISCOUNT = pgettext("describe.discount", "{discount} off the cost of every {card} taken")
NO_FLOOR_BONUS = (pgettext("describe.no_floor_bonus.one", "no bonus from tower floor {floors}"),
                  pgettext("describe.no_floor_bonus.many",
                           "no bonus from tower floors {floors}"))
END_VP = pgettext("describe.end_vp", "{vp} at the final scoring")
MEMBER_VALUE = {
    ("set", "colored"): pgettext("describe.member_value.set.colored",
                                 "every coloured family member counts as {value}"),
    ("set", "neutral"): pgettext("describe.member_value.set.neutral",
                                 "the neutral family member counts as {value}"),
    ("set", "one_colored"): pgettext("describe.member_value.set.one_colored",
                                     "one coloured family member of the owner's choice "
                                     "counts as {value}"),
    ("add", "colored"): pgettext("describe.member_value.add.colored",
                                 "{value} to the value of every coloured family member"),
    ("add", "neutral"): pgettext("describe.member_value.add.neutral",
                                 "{value} to the value of the neutral family member"),
    ("add", "one_colored"): pgettext("describe.member_value.add.one_colored",
                                     "{value} to the value of one coloured family member "
                                     "of the owner's choice"),
}
GAIN_MODIFIER = {
    ("add", "any"): pgettext("describe.gain_modifier.add.any",
                             "{resources}: {value} per source (never below zero)"),
    ("add", "card_immediate"): pgettext(
        "describe.gain_modifier.add.card_immediate",
        "{resources}: {value} per immediate effect of a development card (never below zero)"),
    ("combined", "any"): pgettext(
        "describe.gain_modifier.combined.any",
        "{resources} together: {value} per source, the owner choosing which "
        "(never below zero)"),
    ("combined", "card_immediate"): pgettext(
        "describe.gain_modifier.combined.card_immediate",
        "{resources} together: {value} per immediate effect of a development card, the "
        "owner choosing which (never below zero)"),
    ("factor", "any"): pgettext("describe.gain_modifier.factor.any",
                                "{resources} from every source: ×{factor}"),
    ("factor", "card_immediate"): pgettext(
        "describe.gain_modifier.factor.card_immediate",
        "{resources} from immediate effects of development cards: ×{factor}"),
}
WAIVE = {
    "tower_fee": pgettext("describe.waive.tower_fee",
                          "no extra coins for entering an occupied tower"),
    "occupied_space": pgettext("describe.waive.occupied_space",
                               "family members may also go to action spaces already occupied"),
    "territory_military": pgettext("describe.waive.territory_military",
                                   "territory slots ask for no military points"),
}
FORBID_SPACE = {
    "market": pgettext("describe.forbid_space.market",
                       "no family member may be placed on a market space"),
}
SERVANT_RATE = pgettext("describe.servant_rate",
                        "{servants} for each point an action value is raised")
NO_END_SCORE = pgettext("describe.no_end_score", "no points for {category} at the final scoring")
#: Score categories of ``no_end_score`` -> the glossary key of their card type.
CATEGORIES = {"territories": "territory", "characters": "character", "ventures": "venture"}
END_VP_LOSS = {
    "supply": pgettext("describe.end_vp_loss.supply", "lose a victory point per {amounts} held"),
    "building_costs": pgettext("describe.end_vp_loss.building_costs",
                               "lose a victory point per {amounts} in the costs of the "
                               "owner's building cards"),
}
END_VP_LOSS_TOGETHER = pgettext("describe.end_vp_loss.together", "{loss} (counted together)")
END_VP_LOSS_WHEN = {
    True: pgettext("describe.end_vp_loss.before", "before the final scoring, {loss}"),
    False: pgettext("describe.end_vp_loss.end", "at the end of the game, {loss}"),
}
SPECIALS = {
    "copy_leader": pgettext("describe.special.copy_leader",
                            "copies the ability of one leader another player has played, "
                            "its timing included; the choice cannot be changed"),
    "skip_first_turn": pgettext("describe.special.skip_first_turn",
                                "passes on the first turn of every round and places the last "
                                "family member after everybody else"),
}

# ------------------------------------------------------------------ item phrases

FREE = pgettext("describe.cost.free", "free")
COST_REQUIRE = pgettext("describe.cost.require", "{pay} (requires {require})")
COST_REQUIRE_ONLY = pgettext("describe.cost.require_only", "nothing to pay (requires {require})")
ACTIVATION = {
    "harvest": pgettext("describe.activation.harvest",
                        "harvest of value {value} or more: {effects}"),
    "production": pgettext("describe.activation.production",
                           "production of value {value} or more: {effects}"),
}
ONE_TYPE = pgettext("describe.requirement.one_type", "{n} cards of one type")
#: Leader timings -> the glossary key of their name.
TIMINGS = {"once_per_round": "once_per_round", "permanent": "permanent_ability"}
TILE_SIDES = {
    "simple": pgettext("describe.tile.simple", "simple side (basic game, the same for everybody)"),
    "advanced": pgettext("describe.tile.advanced", "advanced side, tile {id}"),
}

HEAD_CARD = pgettext("describe.head.card", "Card")
HEAD_LEADER = pgettext("describe.head.leader", "Leader")
HEAD_TILE = pgettext("describe.head.tile", "Tile")
HEAD_TIMING = pgettext("describe.head.timing", "Kind of ability")
HEAD_EFFECT = pgettext("describe.head.effect", "Effect")
CAPTION_DEVELOPMENT = pgettext("describe.caption.development", "{types}, period {number}")
CAPTION_LEADERS = pgettext("describe.caption.leaders", "Leader cards")
CAPTION_EXCOMMUNICATIONS = pgettext("describe.caption.excommunications",
                                    "Excommunication tiles, period {number}")
CAPTION_TILES = pgettext("describe.caption.bonus_tiles", "Personal bonus tiles")
#: The label of each reference's search field (several on one page must differ).
FILTER_LABELS = {
    "development": pgettext("describe.filter.development",
                            "Filter the development cards by any word of their row"),
    "leaders": pgettext("describe.filter.leaders", "Filter the leaders by any word of their row"),
    "excommunications": pgettext("describe.filter.excommunications",
                                 "Filter the excommunication tiles by any word of their row"),
    "bonus_tiles": pgettext("describe.filter.bonus_tiles",
                            "Filter the bonus tiles by any word of their row"),
}
FILTER_STATUS = pgettext("describe.filter.status", "{shown} of {total} rows shown")


# ------------------------------------------------------------------ helpers

#: The glossary's word for a key in a language: ``term(key, lang)``.
term = glossary_term(GAME)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pick(table: Mapping[K, V], value: Any, key: str, item: str) -> V:
    """``table[value]``, or :class:`DescribeError` naming the parameter ``key``."""
    if value not in table:
        raise DescribeError(UNKNOWN_VALUE, item=item, value=value, key=key)
    return table[value]


def join(parts: Sequence[str], phrase: Phrase, lang: str) -> str:
    """``a, b and c`` (or ``… or c``) in ``lang``."""
    if len(parts) < 2:
        return "".join(parts)
    return phrase(lang, first=", ".join(parts[:-1]), last=parts[-1])


def signed(value: int) -> str:
    return f"{value:+d}"


def amount(resource: str, n: int, lang: str, item: str = "") -> str:
    """``n`` of a resource or point kind: ``3 coins``, ``1 Münze``."""
    one, several = _pick(AMOUNTS, resource, "resource", item)
    return (one if n == 1 else several)(lang, n=n)


def amounts(table: Mapping[str, int], lang: str, item: str = "") -> str:
    """A resource table (all of it together): ``1 wood and 1 stone``."""
    return join([amount(name, n, lang, item) for name, n in table.items()], AND, lang)


def card_word(types: Sequence[str], lang: str, item: str = "") -> str:
    """One card of any of ``types``: ``building card``, ``card of any type``."""
    if set(types) >= set(CARDS):
        return ANY_CARD.text(lang)
    return join([_pick(CARDS, t, "card_types", item)[0].text(lang) for t in types], OR, lang)


def card_count(card_type: str, n: int, lang: str, item: str = "") -> str:
    one, several = _pick(CARDS, card_type, "cards", item)
    return f"{n} {one.text(lang)}" if n == 1 else several(lang, n=n)


def resource_words(names: Sequence[str], lang: str, item: str = "") -> str:
    """Resource and point kinds by name (the glossary's words): ``wood and stone``."""
    for name in names:
        _pick(AMOUNTS, name, "resources", item)     # a kind of the vocabulary
    return join([term(name, lang) for name in names], AND, lang)


# ------------------------------------------------------------------ effects

Describer = Callable[[Data, str, str], str]


def _gain(effect: Data, lang: str, item: str) -> str:
    gain = amounts(effect["gain"], lang, item)
    if "when" in effect:
        return _pick(GAIN_WHEN, effect["when"], "when", item)(lang, gain=gain)
    return gain


def _privilege(effect: Data, lang: str, item: str) -> str:
    count = effect["count"]
    return PRIVILEGE[count != 1](lang, count=count)


def _gain_per_card(effect: Data, lang: str, item: str) -> str:
    return GAIN_PER_CARD(lang, gain=amounts(effect["gain"], lang, item),
                         card=card_word([effect["card_type"]], lang, item))


def _gain_per_resource(effect: Data, lang: str, item: str) -> str:
    return GAIN_PER_RESOURCE(lang, gain=amounts(effect["gain"], lang, item),
                             per=amounts(effect["per"], lang, item))


def _exchange(effect: Data, lang: str, item: str) -> str:
    options = [EXCHANGE_OPTION(lang, pay=amounts(option["pay"], lang, item),
                               get=join([describe_effect(e, lang, item) for e in option["get"]],
                                        AND, lang))
               for option in effect["options"]]
    return EXCHANGE(lang, options=join(options, OR, lang))


def _take_card(effect: Data, lang: str, item: str) -> str:
    card = card_word(effect["card_types"], lang, item)
    choices = [amounts(choice, lang, item) for choice in effect["discount_choices"]]
    if choices:
        return TAKE_CARD_DISCOUNT(lang, card=card, value=effect["value"],
                                  discount=join(choices, OR, lang))
    return TAKE_CARD(lang, card=card, value=effect["value"])


def _work(effect: Data, lang: str, item: str) -> str:
    return WORK[effect["kind"], bool(effect.get("card_bonuses", True))](lang, value=effect["value"])


def _action_bonus(effect: Data, lang: str, item: str) -> str:
    phrase = _pick(ACTION_BONUS, effect["action"], "action", item)
    card = card_word(effect.get("card_types", list(CARDS)), lang, item)
    return phrase(lang, value=signed(effect["value"]), card=card)


def _discount(effect: Data, lang: str, item: str) -> str:
    choices = [amounts(choice, lang, item) for choice in effect["choices"]]
    return DISCOUNT(lang, discount=join(choices, OR, lang),
                    card=card_word(effect["card_types"], lang, item))


def _no_floor_bonus(effect: Data, lang: str, item: str) -> str:
    floors = [str(floor) for floor in effect["floors"]]
    return NO_FLOOR_BONUS[len(floors) != 1](lang, floors=join(floors, AND, lang))


def _end_vp(effect: Data, lang: str, item: str) -> str:
    return END_VP(lang, vp=amount("vp", effect["vp"], lang, item))


def _member_value(effect: Data, lang: str, item: str) -> str:
    how = "set" if "set" in effect else "add"
    if how not in effect:
        raise DescribeError(MISSING_PARAMETER, item=item, kind=effect["kind"], key="set")
    value = effect[how] if how == "set" else signed(effect[how])
    return _pick(MEMBER_VALUE, (how, effect["members"]), "members", item)(lang, value=value)


def _gain_modifier(effect: Data, lang: str, item: str) -> str:
    combined = bool(effect.get("combined", False))
    if "factor" in effect:
        if combined:
            raise DescribeError(UNKNOWN_VALUE, item=item, value=True, key="combined")
        how, fields = "factor", {"factor": effect["factor"]}
    else:
        how = "combined" if combined else "add"
        fields = {"value": signed(effect["add"])}
    phrase = _pick(GAIN_MODIFIER, (how, effect["from"]), "from", item)
    return phrase(lang, resources=resource_words(effect["resources"], lang, item), **fields)


def _waive(effect: Data, lang: str, item: str) -> str:
    return _pick(WAIVE, effect["rule"], "rule", item).text(lang)


def _forbid_space(effect: Data, lang: str, item: str) -> str:
    return _pick(FORBID_SPACE, effect["area"], "area", item).text(lang)


def _servant_rate(effect: Data, lang: str, item: str) -> str:
    return SERVANT_RATE(lang, servants=amount("servant", effect["servants"], lang, item))


def _no_end_score(effect: Data, lang: str, item: str) -> str:
    card_type = _pick(CATEGORIES, effect["category"], "category", item)
    return NO_END_SCORE(lang, category=term(card_type, lang))


def _end_vp_loss(effect: Data, lang: str, item: str) -> str:
    every, names = effect["every"], effect["resources"]
    each = join([amount(name, every, lang, item) for name in names], OR, lang)
    loss = _pick(END_VP_LOSS, effect["counted"], "counted", item)(lang, amounts=each)
    if len(names) > 1 and every > 1:
        loss = END_VP_LOSS_TOGETHER(lang, loss=loss)
    return END_VP_LOSS_WHEN[bool(effect["before_scoring"])](lang, loss=loss)


#: One describer per effect kind of the vocabulary (``cards.toml`` ``[vocabulary] effects``).
DESCRIBERS: dict[str, Describer] = {
    "gain": _gain,
    "privilege": _privilege,
    "gain_per_card": _gain_per_card,
    "gain_per_resource": _gain_per_resource,
    "exchange": _exchange,
    "take_card": _take_card,
    "harvest": _work,
    "production": _work,
    "action_bonus": _action_bonus,
    "discount": _discount,
    "no_floor_bonus": _no_floor_bonus,
    "end_vp": _end_vp,
    "member_value": _member_value,
    "gain_modifier": _gain_modifier,
    "waive": _waive,
    "forbid_space": _forbid_space,
    "servant_rate": _servant_rate,
    "no_end_score": _no_end_score,
    "end_vp_loss": _end_vp_loss,
}


def describe_effect(effect: Data, lang: str, item: str = "") -> str:
    """One effect (``lorenzo:effect.<kind>``) in ``lang``; ``item`` names its card in errors.

    An effect kind, or a parameter value, that has no phrase raises :class:`DescribeError`.
    """
    kind = effect.get("kind")
    if kind not in DESCRIBERS:
        raise DescribeError(UNKNOWN_KIND, item=item, kind=kind)
    try:
        return DESCRIBERS[kind](effect, lang, item)
    except KeyError as exc:
        raise DescribeError(MISSING_PARAMETER, item=item, kind=kind, key=exc.args[0]) from None


def describe_effects(effects: Sequence[Data], lang: str, item: str = "",
                     special: str = "") -> str:
    """A list of effects, and the item's named special rule if it has one (EFFECTS.md)."""
    parts = [describe_effect(effect, lang, item) for effect in effects]
    if special:
        parts.append(_pick(SPECIALS, special, "special", item).text(lang))
    return "; ".join(parts) or EMPTY


def describe_cost(costs: Sequence[Data], lang: str, item: str = "") -> str:
    """A card's cost alternatives (``lorenzo:card.cost``): what is paid, what must be held."""
    options = []
    for cost in costs:
        pay, require = cost.get("pay", {}), cost.get("require", {})
        if require:
            phrase = COST_REQUIRE if pay else COST_REQUIRE_ONLY
            options.append(phrase(lang, pay=amounts(pay, lang, item),
                                  require=amounts(require, lang, item)))
        else:
            options.append(amounts(pay, lang, item) or FREE.text(lang))
    return join(options, OR, lang) or FREE.text(lang)


def describe_activated(activation: Data, effects: Sequence[Data], lang: str,
                       item: str = "") -> str:
    """Effects that fire in a harvest or production of at least a value
    (``lorenzo:card.permanent``, ``lorenzo:work.bonus_tile``)."""
    if not effects:
        return EMPTY
    phrase = _pick(ACTIVATION, activation["on"], "on", item)
    return phrase(lang, value=activation["value"], effects=describe_effects(effects, lang, item))


# ------------------------------------------------------------------ items

def card_cells(card: Data, lang: str) -> tuple[str, str, str, str]:
    """A development card: name, cost, immediate effects, permanent effects."""
    item = card["id"]
    if "activation" in card:
        permanent = describe_activated(card["activation"], card["permanent"], lang, item)
    else:
        permanent = describe_effects(card["permanent"], lang, item)
    return (card[f"name_{lang}"], describe_cost(card["cost"], lang, item),
            describe_effects(card["immediate"], lang, item, card.get("special", "")), permanent)


def describe_requirement(requirement: Data, lang: str, item: str = "") -> str:
    """What a leader asks to be held (``lorenzo:leader.requirement``)."""
    parts = [card_count(card_type, n, lang, item)
             for card_type, n in requirement.get("cards", {}).items()]
    if "cards_of_one_type" in requirement:
        parts.append(ONE_TYPE(lang, n=requirement["cards_of_one_type"]))
    parts += [amount(name, n, lang, item) for name, n in requirement.get("have", {}).items()]
    return join(parts, AND, lang) or EMPTY


def leader_cells(leader: Data, lang: str) -> tuple[str, str, str, str]:
    """A leader: name, requirement, kind of ability, ability (``lorenzo:leader.abilities``)."""
    item = leader["id"]
    timing = term(_pick(TIMINGS, leader["timing"], "timing", item), lang)
    return (leader[f"name_{lang}"], describe_requirement(leader["requirement"], lang, item),
            _capital(timing),
            describe_effects(leader["ability"], lang, item, leader.get("special", "")))


def excommunication_cells(tile: Data, lang: str) -> tuple[str, str]:
    """An excommunication tile: name, effect (``lorenzo:excommunication.tiles``)."""
    return (tile[f"name_{lang}"],
            describe_effects(tile["effects"], lang, tile["id"], tile.get("special", "")))


def bonus_tile_cells(tile: Data, lang: str) -> tuple[str, str, str]:
    """A personal bonus tile: side, harvest, production (``lorenzo:work.bonus_tile``)."""
    item = tile["id"]
    side = _pick(TILE_SIDES, tile["side"], "side", item)(lang, id=item)
    harvest, production = (
        describe_activated({"on": on, "value": tile["activation"]}, tile[on], lang, item)
        for on in ("harvest", "production"))
    return _capital(side), harvest, production


# ------------------------------------------------------------------ reference tables

@dataclass(frozen=True)
class Row:
    """One item: its id in the data file and its cells."""

    id: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    """One table of a reference; ``key`` is unique within the reference."""

    key: str
    caption: str
    headers: tuple[str, ...]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Reference:
    """The tables of one kind of item, all text in one language; ``item`` names the kind
    of its rows (for anchors), ``filter_status`` has ``{shown}`` and ``{total}`` left open."""

    item: str
    tables: tuple[Table, ...]
    filter_label: str
    filter_status: str


def _development(lang: str) -> tuple[str, tuple[Table, ...]]:
    data = data_file("cards.toml")
    vocabulary = data["vocabulary"]
    headers = (HEAD_CARD.text(lang), _capital(term("cost", lang)),
               _capital(term("immediate_effect", lang)), _capital(term("permanent_effect", lang)))
    periods = sorted({card["period"] for card in data["card"]})
    tables = []
    for card_type in vocabulary["card_types"]:
        for period in periods:
            rows = tuple(Row(card["id"], card_cells(card, lang)) for card in data["card"]
                         if card["type"] == card_type and card["period"] == period)
            caption = CAPTION_DEVELOPMENT(lang, types=_capital(term(card_type, lang)),
                                          number=period)
            tables.append(Table(f"{card_type}-{period}", caption, headers, rows))
    return "card", tuple(tables)


def _leaders(lang: str) -> tuple[str, tuple[Table, ...]]:
    headers = (HEAD_LEADER.text(lang), _capital(term("requirement", lang)), HEAD_TIMING.text(lang),
               _capital(term("leader_ability", lang)))
    rows = tuple(Row(leader["id"], leader_cells(leader, lang))
                 for leader in data_file("leaders.toml")["leader"])
    return "leader", (Table("leaders", CAPTION_LEADERS.text(lang), headers, rows),)


def _excommunications(lang: str) -> tuple[str, tuple[Table, ...]]:
    tiles = data_file("excommunications.toml")["excommunication"]
    headers = (HEAD_TILE.text(lang), HEAD_EFFECT.text(lang))
    tables = tuple(
        Table(f"excommunications-{period}", CAPTION_EXCOMMUNICATIONS(lang, number=period), headers,
              tuple(Row(tile["id"], excommunication_cells(tile, lang))
                    for tile in tiles if tile["period"] == period))
        for period in sorted({tile["period"] for tile in tiles}))
    return "excommunication", tables


def _bonus_tiles(lang: str) -> tuple[str, tuple[Table, ...]]:
    headers = (HEAD_TILE.text(lang), _capital(term("harvest", lang)),
               _capital(term("production", lang)))
    rows = tuple(Row(tile["id"], bonus_tile_cells(tile, lang))
                 for tile in data_file("bonus_tiles.toml")["tile"])
    return "bonus_tile", (Table("bonus-tiles", CAPTION_TILES.text(lang), headers, rows),)


#: The kinds of card reference: development cards, leaders, excommunication and bonus tiles.
REFERENCES: dict[str, Callable[[str], tuple[str, tuple[Table, ...]]]] = {
    "development": _development,
    "leaders": _leaders,
    "excommunications": _excommunications,
    "bonus_tiles": _bonus_tiles,
}


def reference(kind: str, lang: str) -> Reference:
    """The reference tables of ``kind`` (a key of :data:`REFERENCES`) in ``lang``."""
    if kind not in REFERENCES:
        raise DescribeError(UNKNOWN_REFERENCE, kind=kind, known=", ".join(REFERENCES))
    item, tables = REFERENCES[kind](lang)
    return Reference(item, tables, FILTER_LABELS[kind].text(lang), FILTER_STATUS.text(lang))
