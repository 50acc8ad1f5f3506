"""The card texts of engine/lorenzo/describe.py: every card, leader, excommunication tile and
bonus tile put into words in English and German from its data, every effect kind and special
of the vocabulary covered, and nothing it cannot say left out silently."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.lorenzo import describe
from regelwerk.engine.lorenzo.describe import DescribeError, Phrase

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "lorenzo"
LANGS = ("en", "de")


def read(name: str) -> dict[str, Any]:
    return tomllib.loads((SPEC / name).read_text(encoding="utf-8"))


CARDS = read("cards.toml")
VOCABULARY = CARDS["vocabulary"]
LEADERS = read("leaders.toml")["leader"]
EXCOMMUNICATIONS = read("excommunications.toml")["excommunication"]
TILES = read("bonus_tiles.toml")["tile"]
GLOSSARY = {t["key"]: t for t in read("glossary.toml")["term"]}
BY_ID = {item["id"]: item for item in CARDS["card"] + LEADERS + EXCOMMUNICATIONS + TILES}
#: What each reference must list: the items of its data file.
ITEMS = {"development": CARDS["card"], "leaders": LEADERS, "excommunications": EXCOMMUNICATIONS,
         "bonus_tiles": TILES}
#: English words of the card texts that a German text must not contain.
ENGLISH = re.compile(r"\b(coins?|wood|stone|servants?|points?|harvest|production|per|take|free|"
                     r"value|cards?|family|member|exchange|cost|the|of|and|or)\b")


def rows(kind: str, lang: str) -> list[describe.Row]:
    return [row for table in describe.reference(kind, lang).tables for row in table.rows]


def phrases() -> Iterator[Phrase]:
    """Every phrase the module defines (directly or inside its tables)."""
    def walk(value: Any) -> Iterator[Phrase]:
        if isinstance(value, Phrase):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from walk(item)
        elif isinstance(value, tuple | list):
            for item in value:
                yield from walk(item)
    for name, value in vars(describe).items():
        if name.isupper():
            yield from walk(value)


def effects_of(item: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for key in ("immediate", "permanent", "ability", "effects", "harvest", "production"):
        for effect in item.get(key, []):
            yield effect
            for option in effect.get("options", []):
                yield from option["get"]


# ------------------------------------------------------------------ coverage of the vocabulary

def test_every_effect_kind_and_special_has_words() -> None:
    assert set(describe.DESCRIBERS) == set(VOCABULARY["effects"])
    assert set(describe.SPECIALS) == set(VOCABULARY["specials"])
    used = {effect["kind"] for item in BY_ID.values() for effect in effects_of(item)}
    assert used == set(VOCABULARY["effects"])     # the data exercise every describer


def test_resource_and_card_words_cover_the_vocabulary() -> None:
    assert set(describe.AMOUNTS) == set(VOCABULARY["resources"])
    assert set(describe.CARDS) == set(VOCABULARY["card_types"])
    assert set(describe.CATEGORIES) == set(VOCABULARY["score_categories"])
    assert set(describe.WAIVE) == set(VOCABULARY["waivable"])
    assert set(describe.FORBID_SPACE) == set(VOCABULARY["areas"])
    assert {members for _, members in describe.MEMBER_VALUE} == set(VOCABULARY["members"])
    assert {source for _, source in describe.GAIN_MODIFIER} == set(VOCABULARY["gain_sources"])
    assert set(describe.END_VP_LOSS) == set(VOCABULARY["counted"])
    assert set(describe.GAIN_WHEN) == set(VOCABULARY["triggers"])
    assert set(describe.ACTION_BONUS) == set(VOCABULARY["actions"])


# ------------------------------------------------------------------ every item, both languages

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", list(ITEMS))
def test_every_item_renders_once_with_every_cell_filled(kind: str, lang: str) -> None:
    reference = describe.reference(kind, lang)
    listed = rows(kind, lang)
    assert [row.id for row in listed] == [item["id"] for item in ITEMS[kind]]
    for table in reference.tables:
        assert table.caption and all(table.headers)
        for row in table.rows:
            assert len(row.cells) == len(table.headers), row.id
            for cell in row.cells:
                assert cell.strip() and "{" not in cell and "}" not in cell, (row.id, cell)
    assert reference.filter_label and "{shown}" in reference.filter_status


@pytest.mark.parametrize("lang", LANGS)
def test_each_reference_has_a_search_label_of_its_own(lang: str) -> None:
    """One page shows several search fields: each needs a label that tells them apart."""
    assert set(describe.FILTER_LABELS) == set(describe.REFERENCES)
    labels = {describe.reference(kind, lang).filter_label for kind in ITEMS}
    assert len(labels) == len(ITEMS)


@pytest.mark.parametrize("kind", list(ITEMS))
def test_the_names_are_those_of_the_data_in_each_language(kind: str) -> None:
    for lang in LANGS:
        for row in rows(kind, lang):
            item = BY_ID[row.id]
            if f"name_{lang}" in item:
                assert row.cells[0] == item[f"name_{lang}"]
            else:                                   # bonus tiles carry no name: their id shows
                assert item["id"] in row.cells[0] or item["side"] == "simple"


def test_development_tables_are_one_per_type_and_period() -> None:
    tables = describe.reference("development", "en").tables
    periods = sorted({card["period"] for card in CARDS["card"]})
    assert [t.key for t in tables] == [f"{card_type}-{period}" for card_type in VOCABULARY["card_types"]
                                       for period in periods]
    for table in tables:
        card_type, period = table.key.rsplit("-", 1)
        assert {BY_ID[row.id]["type"] for row in table.rows} == {card_type}
        assert {BY_ID[row.id]["period"] for row in table.rows} == {int(period)}


def test_every_phrase_has_a_german_translation_of_its_own() -> None:
    missing = [p.context for p in phrases() if p.text("de") == p.english]
    assert not missing, missing
    for p in phrases():           # the same placeholders in both languages
        assert sorted(re.findall(r"\{\w+\}", p.text("de"))) == sorted(
            re.findall(r"\{\w+\}", p.english)), p.context


@pytest.mark.parametrize("kind", list(ITEMS))
def test_german_texts_are_german(kind: str) -> None:
    for english, german in zip(rows(kind, "en"), rows(kind, "de"), strict=True):
        for en_cell, de_cell in zip(english.cells[1:], german.cells[1:], strict=True):
            if en_cell != describe.EMPTY:
                assert de_cell != en_cell, (english.id, en_cell)
            assert not ENGLISH.search(de_cell), (german.id, de_cell)


@pytest.mark.parametrize("resource", VOCABULARY["resources"])
def test_german_amounts_use_the_glossary_terms(resource: str) -> None:
    """Several of a resource carry the glossary's plural (the glossary keys are plurals)."""
    for lang in LANGS:
        several = describe.amount(resource, 2, lang)
        assert several == f"2 {GLOSSARY[resource][lang]}"


# ------------------------------------------------------------------ renderings against the data

#: English words of the resources and points (one, several), to spell amounts independently.
WORDS = {"coin": ("coin", "coins"), "wood": ("wood", "wood"), "stone": ("stone", "stone"),
         "servant": ("servant", "servants"), "military": ("military point", "military points"),
         "faith": ("faith point", "faith points"), "vp": ("victory point", "victory points")}


def spelled(table: dict[str, int]) -> str:
    """``{coin = 1, servant = 2}`` -> ``1 coin and 2 servants``."""
    parts = [f"{n} {WORDS[name][n != 1]}" for name, n in table.items()]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def test_territories_fire_in_a_harvest_of_their_activation_value() -> None:
    checked = 0
    for card in CARDS["card"]:
        if card["type"] != "territory":
            continue
        _, cost, immediate, permanent = describe.card_cells(card, "en")
        assert cost == "free" and card["cost"] == []
        gains = [e["gain"] for e in card["permanent"] if e["kind"] == "gain"]
        if len(gains) == len(card["permanent"]):
            assert permanent == (f"harvest of value {card['activation']['value']} or more: "
                                 + "; ".join(spelled(g) for g in gains))
            checked += 1
        if card["immediate"] and all(e["kind"] == "gain" for e in card["immediate"]):
            assert immediate == "; ".join(spelled(e["gain"]) for e in card["immediate"])
    assert checked


def test_exchange_lists_each_option_with_its_amounts() -> None:
    card = next(c for c in CARDS["card"] if c["name_en"] == "Carpenter's Shop")
    text = describe.card_cells(card, "de")[3]
    options = card["permanent"][0]["options"]
    expected = " oder ".join(
        f"{o['pay']['wood']} Holz gegen {o['get'][0]['gain']['coin']} Münzen" for o in options)
    assert text == (f"Produktion mit Wert {card['activation']['value']} oder mehr: "
                    f"darf {expected} tauschen")


def test_venture_costs_name_what_is_paid_and_what_is_held() -> None:
    for card in CARDS["card"]:
        cost = describe.card_cells(card, "en")[1]
        options = cost.split(" or ")
        assert len(options) == max(len(card["cost"]), 1), card["id"]
        for text, alternative in zip(options, card["cost"], strict=False):
            if "require" in alternative:
                need = alternative["require"]["military"]
                paid = alternative["pay"]["military"]
                assert text == f"{paid} military points (requires {need} military points)"


def test_leader_requirements_in_german() -> None:
    cesare = next(x for x in LEADERS if x["id"] == "cesare_borgia")
    requirement = describe.leader_cells(cesare, "de")[1]
    need = cesare["requirement"]
    assert requirement == (f"{need['cards']['building']} Gebäudekarten, "
                           f"{need['have']['coin']} Münzen und "
                           f"{need['have']['faith']} Glaubenspunkte")
    lucrezia = next(x for x in LEADERS if x["requirement"].get("cards_of_one_type"))
    assert describe.leader_cells(lucrezia, "en")[1] == (
        f"{lucrezia['requirement']['cards_of_one_type']} cards of one type")


def test_leader_timing_is_the_glossary_term() -> None:
    for leader in LEADERS:
        key = {"once_per_round": "once_per_round", "permanent": "permanent_ability"}[leader["timing"]]
        for lang in LANGS:
            timing = describe.leader_cells(leader, lang)[2]
            assert timing.lower() == GLOSSARY[key][lang].lower()


def test_specials_are_described_by_name() -> None:
    for item in LEADERS + EXCOMMUNICATIONS:
        if item.get("special"):
            cells = (describe.leader_cells(item, "de") if "timing" in item
                     else describe.excommunication_cells(item, "de"))
            assert cells[-1] == describe.SPECIALS[item["special"]].text("de")


def test_end_losses_count_every_resource_listed() -> None:
    for tile in EXCOMMUNICATIONS:
        for effect in tile["effects"]:
            if effect["kind"] != "end_vp_loss":
                continue
            text = describe.excommunication_cells(tile, "en")[1]
            start = "before the final scoring" if effect["before_scoring"] else "at the end of the game"
            assert text.startswith(start), tile["id"]
            for resource in effect["resources"]:
                assert describe.amount(resource, effect["every"], "en") in text, tile["id"]


def test_bonus_tiles_give_their_goods_from_their_activation_value() -> None:
    for tile in TILES:
        _, harvest, production = describe.bonus_tile_cells(tile, "en")
        for text, on in ((harvest, "harvest"), (production, "production")):
            goods = tile[on][0]["gain"]
            assert text == f"{on} of value {tile['activation']} or more: {spelled(goods)}"


# ------------------------------------------------------------------ refusals

def test_an_unknown_effect_kind_is_refused() -> None:
    card = {**CARDS["card"][0], "immediate": [{"kind": "teleport", "value": 3}]}
    with pytest.raises(DescribeError, match="teleport") as caught:
        describe.card_cells(card, "en")
    assert card["id"] in str(caught.value)
    assert "teleport" in caught.value.message_in("de")
    assert caught.value.message_in("de") != str(caught.value)


@pytest.mark.parametrize("effect", [
    {"kind": "waive", "rule": "all_rules"},
    {"kind": "gain", "gain": {"gold": 1}},
    {"kind": "action_bonus", "action": "trade", "value": 1},
    {"kind": "member_value", "members": "everyone", "add": 1},
    {"kind": "gain_modifier", "resources": ["coin"], "factor": 2, "from": "any", "combined": True},
    {"kind": "gain", "gain": {"coin": 1}, "when": "sunrise"},
    {"kind": "privilege"},
])
def test_an_unknown_value_or_a_missing_parameter_is_refused(effect: dict[str, Any]) -> None:
    with pytest.raises(DescribeError):
        describe.describe_effect(effect, "en", "test-item")


def test_an_unknown_special_and_an_unknown_reference_are_refused() -> None:
    tile = {**EXCOMMUNICATIONS[0], "effects": [], "special": "reverse_turn_order"}
    with pytest.raises(DescribeError, match="reverse_turn_order"):
        describe.excommunication_cells(tile, "en")
    with pytest.raises(DescribeError, match="market_stalls"):
        describe.reference("market_stalls", "en")
