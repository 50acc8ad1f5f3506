"""spec/lorenzo as data: the counts, the effect vocabulary, the provenance of every
number, the clause ids and placeholders, and that the data match their public source.

There is no Lorenzo engine yet: these tests read the TOML files directly (and
through engine/core/spec.py for the files it loads).
"""

from __future__ import annotations

import ast
import json
import os
import re
import string
import tomllib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine.core import spec as spec_module

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "lorenzo"
#: The public component data (``REGELWERK_DATA``) and the rulebooks (``REGELWERK_RULEBOOKS``)
#: are not part of the repository; tests that need them are marked (see tests/conftest.py).
DATA = Path(os.environ.get("REGELWERK_DATA", "/nonexistent")) / "lorenzo"
RULEBOOKS = Path(os.environ.get("REGELWERK_RULEBOOKS", "/nonexistent"))

TYPES = ("territory", "building", "character", "venture")
LEAF_KEYS = {"value", "source", "confidence", "reason", "unit", "range", "domain"}
CONFIDENCES = {"stated", "sourced", "derived", "assumed"}


def read(name: str) -> dict[str, Any]:
    return tomllib.loads((SPEC / name).read_text(encoding="utf-8"))


CARDS = read("cards.toml")
VOCAB = CARDS["vocabulary"]
LEADERS = read("leaders.toml")["leader"]
EXCOMMUNICATIONS = read("excommunications.toml")["excommunication"]
TILES = read("bonus_tiles.toml")
NUMBERS = read("numbers.toml")
BOARD = read("board.toml")
CLAUSES = read("clauses.toml")["clause"]
INTERPRETATIONS = read("interpretations.toml")["interpretation"]
GLOSSARY = read("glossary.toml")["term"]


def effects(items: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every effect of a list, the `get` effects of exchange options included."""
    for effect in items:
        yield effect
        for option in effect.get("options", []):
            yield from effects(option["get"])


def all_effects() -> Iterator[tuple[str, dict[str, Any]]]:
    for card in CARDS["card"]:
        for effect in effects(card["immediate"] + card["permanent"]):
            yield card["id"], effect
    for leader in LEADERS:
        for effect in effects(leader["ability"]):
            yield leader["id"], effect
    for tile in EXCOMMUNICATIONS:
        for effect in effects(tile["effects"]):
            yield tile["id"], effect
    for tile in TILES["tile"] + TILES["unverified_tile"]:
        for effect in effects(tile["harvest"] + tile["production"]):
            yield tile["id"], effect


def leaves(table: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    for key, item in table.items():
        path = f"{prefix}.{key}" if prefix else key
        assert isinstance(item, dict), f"{path}: a group holds only tables"
        if "value" in item:
            yield path, item
        else:
            yield from leaves(item, path)


def number_paths() -> set[str]:
    numbers = {k: v for k, v in NUMBERS.items() if k != "meta"}
    return {p for p, _ in leaves(numbers)} | {p for p, _ in leaves(BOARD)}


# --- the effect vocabulary ---------------------------------------------------

def documented() -> tuple[list[str], list[str]]:
    """Effect kinds (### headings) and special rules (table rows) of EFFECTS.md."""
    text = (SPEC / "EFFECTS.md").read_text(encoding="utf-8")
    kinds_part = text.split("## Effect kinds", 1)[1].split("## Named special rules", 1)[0]
    specials_part = text.split("## Named special rules", 1)[1]
    kinds = re.findall(r"^### (\w+)\s*$", kinds_part, flags=re.M)
    specials = re.findall(r"^\| `(\w+)`", specials_part, flags=re.M)
    return kinds, specials


def test_vocabulary_is_the_documented_one() -> None:
    kinds, specials = documented()
    assert kinds == VOCAB["effects"]
    assert specials == VOCAB["specials"]
    assert sorted(VOCAB["params"]) == sorted(VOCAB["effects"])


def test_every_effect_is_in_the_vocabulary_with_its_parameters() -> None:
    used = Counter()
    for owner, effect in all_effects():
        kind = effect.get("kind")
        assert kind in VOCAB["effects"], (owner, effect)
        used[kind] += 1
        params = VOCAB["params"][kind]
        keys = set(effect) - {"kind"}
        one_of = set(params.get("one_of", []))
        assert set(params["required"]) <= keys, (owner, effect)
        assert keys <= set(params["required"]) | set(params.get("optional", [])) | one_of, \
            (owner, effect)
        if one_of:
            assert len(keys & one_of) == 1, (owner, effect)
    assert set(used) == set(VOCAB["effects"]), "a documented kind is never used"


def test_effect_parameters_use_known_names() -> None:
    resources = set(VOCAB["resources"])

    def res(table: dict[str, int]) -> None:
        assert set(table) <= resources and all(isinstance(v, int) for v in table.values()), table

    for owner, e in all_effects():
        for key in ("gain", "per"):
            if key in e:
                res(e[key])
        for choice in e.get("choices", []) + e.get("discount_choices", []):
            res(choice)
        for option in e.get("options", []):
            res(option["pay"])
        assert set(e.get("card_types", [])) <= set(TYPES), owner
        assert e.get("card_type", "territory") in TYPES, owner
        assert e.get("action", "harvest") in VOCAB["actions"], owner
        assert e.get("members", "colored") in VOCAB["members"], owner
        assert e.get("rule", "tower_fee") in VOCAB["waivable"], owner
        assert e.get("area", "market") in VOCAB["areas"], owner
        assert e.get("category", "ventures") in VOCAB["score_categories"], owner
        assert e.get("counted", "supply") in VOCAB["counted"], owner
        assert e.get("from", "any") in VOCAB["gain_sources"], owner
        assert e.get("when", "church_support") in VOCAB["triggers"], owner
        assert set(e.get("resources", [])) <= resources, owner


def test_specials_are_named_and_explained() -> None:
    items = CARDS["card"] + LEADERS + EXCOMMUNICATIONS
    specials = {item["special"] for item in items if "special" in item}
    assert specials == set(VOCAB["specials"])
    for item in items:
        if "special" in item:
            assert item.get("text"), item["id"]
            assert not (item.get("ability") or item.get("effects")), item["id"]


# --- development cards, leaders, tiles -----------------------------------------

def test_development_cards() -> None:
    cards = CARDS["card"]
    assert len(cards) == 96
    assert Counter(c["type"] for c in cards) == dict.fromkeys(TYPES, 24)
    assert Counter((c["type"], c["period"]) for c in cards) == {
        (t, p): 8 for t in TYPES for p in (1, 2, 3)}
    ids = [c["id"] for c in cards]
    assert len(set(ids)) == len(ids)
    for card in cards:
        assert card["name_en"] and card["name_de"] and card["source"], card["id"]
        assert card["name_de_source"] == "regelwerk" or card["name_de_source"].startswith(
            "rulebook: ")
        assert card["id"] == f"{card['type']}-{card['period']}-{ids.index(card['id']) % 8 + 1}"
        for option in card["cost"]:
            assert set(option) <= {"pay", "require"} and "pay" in option
        assert (card["type"] == "territory") == (card["cost"] == [])
        if card["type"] in ("territory", "building"):
            assert card["activation"]["on"] == {"territory": "harvest",
                                                "building": "production"}[card["type"]]
        else:
            assert "activation" not in card
        if card["type"] == "venture":
            assert [e["kind"] for e in card["permanent"]] == ["end_vp"]
    assert len({c["name_en"] for c in cards}) == 96
    assert len({c["name_de"] for c in cards}) == 96
    from_text = [c for c in cards if c["name_de_source"] != "regelwerk"]
    assert len(from_text) == 11


def test_leaders() -> None:
    assert len(LEADERS) == 20
    assert len({x["id"] for x in LEADERS}) == 20
    for leader in LEADERS:
        assert leader["name_en"] and leader["name_de"] and leader["text"] and leader["source"]
        assert leader["timing"] in ("once_per_round", "permanent")
        assert set(leader["requirement"]) <= {"cards", "have", "cards_of_one_type"}
        assert set(leader["requirement"].get("cards", {})) <= set(TYPES)
        assert set(leader["requirement"].get("have", {})) <= set(VOCAB["resources"])
        assert leader["ability"] or leader.get("special")


def test_excommunications() -> None:
    assert len(EXCOMMUNICATIONS) == 21
    assert Counter(t["period"] for t in EXCOMMUNICATIONS) == {1: 7, 2: 7, 3: 7}
    for tile in EXCOMMUNICATIONS:
        assert tile["id"] == f"excommunication-{tile['period']}-{tile['number']}"
        assert tile["name_en"] and tile["name_de"] and tile["text"] and tile["source"]
        assert tile["effects"] or tile.get("special")


def test_bonus_tiles() -> None:
    tiles = TILES["tile"]
    assert [t["id"] for t in tiles] == ["simple", "A", "B", "C", "D"]
    assert Counter(t["side"] for t in tiles) == {"simple": 1, "advanced": 4}
    for tile in tiles:
        assert tile["activation"] == 1 and tile["source"]
        assert tile["confidence"] in CONFIDENCES
    simple = tiles[0]
    # The production example's bonus (1 military, 2 coins) is no advanced tile's.
    assert all(t["production"] != simple["production"] for t in tiles[1:])


# --- numbers, clauses, interpretations, glossary ----------------------------

def test_every_number_has_provenance() -> None:
    assert NUMBERS["meta"]["title"]
    numbers = {k: v for k, v in NUMBERS.items() if k != "meta"}
    found = list(leaves(numbers)) + list(leaves(BOARD))
    assert len(found) > 60
    for path, leaf in found:
        assert set(leaf) <= LEAF_KEYS, path
        assert leaf.get("source") and leaf.get("confidence") in CONFIDENCES, path
        if leaf["confidence"] == "assumed":
            assert leaf.get("reason"), path
    paths = [p for p, _ in found]
    assert len(paths) == len(set(paths)), "a number is defined twice"


def test_clauses() -> None:
    ids = [c["id"] for c in CLAUSES]
    assert len(ids) == len(set(ids))
    paths = number_paths()
    for clause in CLAUSES:
        assert set(clause) - {"kind"} == {"id", "group", "title", "text", "source"}, clause["id"]
        assert clause.get("kind", "rule") in ("rule", "statement"), clause["id"]
        assert clause["id"].startswith("lorenzo:"), clause["id"]
        for _, field, _, _ in string.Formatter().parse(clause["text"]):
            if field is not None:
                assert field in paths, (clause["id"], field)
        # Numbers are never typed into prose: they come from the spec.
        assert not re.search(r"\d", re.sub(r"\{[^{}]*\}", "", clause["text"])), clause["id"]
    for kind in VOCAB["effects"]:
        assert f"lorenzo:effect.{kind}" in ids, kind


#: Register entries with one reading: a misprint of the text that the printed components
#: settle, recorded with its evidence but offering no other rule to play.
MISPRINTS = {"lorenzo:interp.floor_three_value"}


def test_interpretations() -> None:
    clause_ids = {c["id"] for c in CLAUSES}
    ids = [i["id"] for i in INTERPRETATIONS]
    assert len(ids) == len(set(ids))
    variants = [i["variant"] for i in INTERPRETATIONS if "variant" in i]
    assert len(variants) == len(set(variants))
    for item in INTERPRETATIONS:
        assert item["id"].startswith("lorenzo:interp."), item["id"]
        assert set(item) <= {"id", "question", "evidence", "options", "decision", "reason",
                             "clauses", "tests", "variant", "plays_alike", "plays_alike_test",
                             "text_says", "departure"}
        assert item["decision"] in {o["id"] for o in item["options"]}
        # one reading only where the text misprints what the printed components settle
        assert len(item["options"]) >= 2 or item["id"] in MISPRINTS, item["id"]
        assert set(item["clauses"]) <= clause_ids, item["id"]
        for test in item["tests"]:
            assert re.fullmatch(r"tests/lorenzo/test_\w+\.py::test_\w+", test), test
        for evidence in item["evidence"]:
            assert set(evidence) == {"edition", "section", "note"}


def test_interpretation_tests_exist() -> None:
    """Every test the register names is a test function of the file it names."""
    defined: dict[str, set[str]] = {}
    for item in INTERPRETATIONS:
        for test in item["tests"]:
            file, name = test.split("::")
            if file not in defined:
                path = ROOT / file
                assert path.is_file(), test
                tree = ast.parse(path.read_text(encoding="utf-8"))
                defined[file] = {node.name for node in tree.body
                                 if isinstance(node, ast.FunctionDef)}
            assert name in defined[file], test


def test_glossary() -> None:
    keys = [t["key"] for t in GLOSSARY]
    assert len(keys) == len(set(keys))
    for term in GLOSSARY:
        assert set(term) <= {"key", "en", "de", "note"} and term["en"] and term["de"]
    # Every resource and card type shown through a placeholder has a term in both languages.
    assert set(VOCAB["resources"]) | set(TYPES) <= set(keys)


def test_engine_core_loads_the_folder() -> None:
    spec = spec_module.load("lorenzo")
    assert spec["towers.floor_values"] == [1, 3, 5, 7]
    assert spec["faith.track_vp"][3] == 3      # the Vatican report example
    assert len(spec.clauses) == len(CLAUSES)
    assert len(spec.interpretations) == len(INTERPRETATIONS)
    assert len(spec.glossary) == len(GLOSSARY)
    assert spec.meta["title"] == "Lorenzo il Magnifico"


def test_listed_as_a_game() -> None:
    """numbers.toml's [meta] and the engine package make regelwerk.games list it."""
    from regelwerk.games import games

    assert games()["lorenzo"].game.id == "lorenzo"


# --- faithful to the public data (REGELWERK_DATA) -------------------------------------------

needs_data = pytest.mark.sourcedata


def data(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def nonzero(table: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in table.items() if v}


def gains_of(items: list[dict[str, Any]]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for e in items:
        if e["kind"] == "gain":
            total.update(e["gain"])
        elif e["kind"] == "privilege":
            total["privilege"] += e["count"]
    return dict(total)


@needs_data
def test_cards_match_the_data() -> None:
    source = {c["id"]: c for c in data("development_cards.json")["cards"]}
    assert set(source) == {c["id"] for c in CARDS["card"]}
    for card in CARDS["card"]:
        raw = source[card["id"]]
        assert (card["type"], card["period"], card["name_en"], card["name_it"]) == (
            raw["type"], raw["period"], raw["name_en"], raw["name_it"])
        assert [(o["pay"], o.get("require", {})) for o in card["cost"]] == [
            (nonzero(o["pay"]), nonzero(o["require"])) for o in raw["cost_options"]]
        assert gains_of(card["immediate"]) == nonzero(raw["immediate"]["gain"])
        action = raw["immediate"]["action"]
        taken = [e for e in card["immediate"] if e["kind"] in ("take_card", "harvest",
                                                               "production")]
        assert [(e["kind"], e["value"]) for e in taken] == (
            [(action["kind"], action["value"])] if action else [])
        perm = raw["permanent"]
        if card["type"] == "territory":
            assert card["activation"]["value"] == perm["harvest_value"]
            assert gains_of(card["permanent"]) == nonzero(perm["gain"])
        elif card["type"] == "building":
            assert card["activation"]["value"] == perm["production_value"]
            exchange = [e for e in card["permanent"] if e["kind"] == "exchange"]
            if exchange:
                assert [(o["pay"], gains_of(o["get"])) for o in exchange[0]["options"]] == [
                    (nonzero(o["pay"]), nonzero(o["gain"])) for o in perm["options"]]
            else:
                assert gains_of(card["permanent"]) == nonzero(perm["options"][0]["gain"])
        elif card["type"] == "venture":
            assert card["permanent"][0]["vp"] == perm["end_vp"]
        elif perm is not None and "value" in perm:
            assert card["permanent"][0]["value"] == perm["value"]


@needs_data
def test_leaders_match_the_data() -> None:
    source = data("leader_cards.json")["leaders"]
    assert [x["name_en"] for x in LEADERS] == [x["name"] for x in source]
    decided = {"lucrezia_borgia", "lorenzo_de_medici"}   # see `note` and the register
    for leader, raw in zip(LEADERS, source, strict=True):
        if leader["id"] not in decided:
            assert leader["timing"] == raw["ability_type"], leader["id"]


@needs_data
def test_bonus_and_excommunication_tiles_match_the_data() -> None:
    source = data("personal_bonus_tiles.json")["advanced_tiles"]
    for tile, raw in zip(TILES["tile"][1:], source, strict=True):
        assert tile["id"] == raw["id"]
        assert gains_of(tile["harvest"]) == raw["harvest"]
        assert gains_of(tile["production"]) == raw["production"]
    extra = data("personal_bonus_tiles.json")["extra_tile_gb"]
    assert gains_of(TILES["unverified_tile"][0]["production"]) == extra["production"]
    tiles = data("excommunication_tiles.json")["tiles"]
    assert [(t["period"], t["number"]) for t in EXCOMMUNICATIONS] == [
        (t["period"], t["number"]) for t in tiles]


@needs_data
def test_board_numbers_match_the_data() -> None:
    board = data("board.json")
    spec = spec_module.load("lorenzo")
    assert spec["towers.floor_values"] == list(board["towers"]["values_by_floor"].values())
    for kind, floors in board["towers"]["floor_bonus"].items():
        for floor, bonus in floors.items():
            assert spec[f"towers.bonus.{kind}.floor{floor}"] == bonus
    assert spec["faith.track_vp"] == board["faith_track_vp"]["by_space"]
    assert spec["territory_slots.military"] == board["territory_slot_military_requirement"][
        "by_slot"]
    required = board["excommunication_faith_requirement"]
    assert spec["vatican.thresholds"] == [required[f"period_{p}"] for p in (1, 2, 3)]
    assert spec["scoring.territories"][1:] == list(board["end_game_vp_territories"][
        "by_count"].values())
    assert spec["scoring.characters"][1:] == list(board["end_game_vp_characters"][
        "by_count"].values())
    assert spec["privilege.options"] == board["council_privilege_choices"]["options"]


# --- own words -------------------------------------------------------------

RUN = 10


def runs(text: str) -> set[tuple[str, ...]]:
    w = re.findall(r"\w+", text.lower())
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def our_prose() -> Iterator[tuple[str, str]]:
    for clause in CLAUSES:
        yield clause["id"], clause["text"]
    for item in LEADERS + EXCOMMUNICATIONS:
        yield item["id"], item["text"]
    for item in INTERPRETATIONS:
        yield item["id"], " ".join([item["question"], item["reason"]]
                                   + [o["text"] for o in item["options"]]
                                   + [e["note"] for e in item["evidence"]])
    yield "EFFECTS.md", (SPEC / "EFFECTS.md").read_text(encoding="utf-8")


def their_texts() -> Iterator[str]:
    book = RULEBOOKS / "lorenzo_il_magnifico.de.txt"
    if book.is_file():
        yield book.read_text(encoding="utf-8")
    if DATA.is_dir():
        for name in ("development_cards.json", "leader_cards.json", "excommunication_tiles.json"):
            blob = json.dumps(data(name), ensure_ascii=False)
            yield " ".join(re.findall(r'"[^"]*text_en[^"]*": "((?:[^"\\]|\\.)*)"', blob))


@pytest.mark.rulebooks
def test_no_sentence_of_the_rules_or_card_texts_is_copied() -> None:
    seen: set[tuple[str, ...]] = set()
    for text in their_texts():
        seen |= runs(text)
    assert seen, f"no rulebook text in {RULEBOOKS}"
    copied = [(where, " ".join(run)) for where, text in our_prose()
              for run in runs(text) if run in seen]
    assert copied == []
