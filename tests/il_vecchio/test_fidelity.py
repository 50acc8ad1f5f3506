"""Issue 12 and 11 for Il Vecchio: the systematic reading recorded, the nobility tiles' caps
proved over every printed figure, board checks that refuse only what the text forces, and
every action field checked against its domain."""

from __future__ import annotations

import dataclasses
import tomllib
from itertools import product
from pathlib import Path
from random import Random
from typing import Any

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.spec import SpecError
from regelwerk.engine.il_vecchio.game import GAME

from tests.il_vecchio.refusal_clauses import expected_clause
from tests.refusals import refused

READING = Path(__file__).with_name("reading.toml")
OUTCOMES = {"choice", "register", "assumed", "nothing"}


def _reading() -> list[dict[str, str]]:
    return tomllib.loads(READING.read_text(encoding="utf-8"))["sentence"]


@pytest.mark.clause("il_vecchio:turn.structure", "il_vecchio:tiles.nobility")
def test_reading_record_points_at_what_exists() -> None:
    spec = spec_module.load("il_vecchio")
    rows = _reading()
    assert {row["edition"] for row in rows} == {"de", "en"}
    for row in rows:
        assert row["outcome"] in OUTCOMES, row
        ref = row["ref"]
        known = ref in spec.clauses or ref in spec.interpretations or ref in spec.numbers
        assert known, row
        if row["outcome"] == "register":
            assert ref in spec.interpretations, row
        if row["outcome"] == "assumed":
            assert spec.numbers[ref].confidence == "assumed", row
    # every register entry the reading found differs between the editions or is open
    registered = {row["ref"] for row in rows if row["outcome"] == "register"}
    for new in ("optional_placements", "three_regions", "pass_bonus_tiles", "free_takeover",
                "tiles_during_decisions", "reused_tile_unused"):
        assert f"il_vecchio:interp.{new}" in registered


CAPPED = ("supply", "towns", "regions", "nobility", "council", "pairs", "three_regions",
          "neighbours", "unused_provinces")


def _counts(n: int) -> iv.Counts:
    return iv.Counts(supply=n, in_towns=n, regions=(n, n, n), council=n, nobility=n,
                     res=(n,) * len(iv.RESOURCES), colours_present=(True, True, True),
                     neighbour_pairs=n, unused_provinces=n, crests=n)


@pytest.mark.clause("il_vecchio:tiles.nobility", "il_vecchio:scoring.nobility_tiles")
def test_nobility_caps_assumed_and_proved_over_every_figure() -> None:
    """No edition gives the figure above the colon: 'any' is assumed; a printed figure can
    only lower a tile's points, so the proved bounds hold for every figure."""
    spec = spec_module.load("il_vecchio")
    times = spec["nobility.times"]
    assert spec.numbers["nobility.times"].confidence == "assumed"
    assert set(times) == set(CAPPED) and set(times.values()) == {"any"}
    free = iv.default_rules()
    for cap in range(1, 7):
        rules = iv.rules_from_spec(spec.with_numbers(
            {"nobility.times": {k: cap for k in CAPPED}}))
        for kind, n in product(CAPPED, range(0, 13)):
            capped = iv.nobility_points(kind, _counts(n), rules)
            assert capped <= iv.nobility_points(kind, _counts(n), free)
        for kind in CAPPED:            # past the figure, more members score nothing more
            assert iv.nobility_points(kind, _counts(12), rules) == \
                iv.nobility_points(kind, _counts(60), rules)
    # e.g. a printed '1' on the council tile scores one member only
    one = iv.rules_from_spec(spec.with_numbers({"nobility.times": {**times, "council": 1}}))
    assert iv.nobility_points("council", _counts(4), one) == spec["nobility.per_track_member"]


def _board_error(overrides: dict[str, Any]) -> str | None:
    try:
        iv.new_game(0, {"players": 2, "board": overrides})
    except SpecError as error:
        return str(error)
    return None


@pytest.mark.clause("il_vecchio:setup.board", "il_vecchio:action.province.track")
def test_board_checks_refuse_only_what_the_text_forces() -> None:
    spec = spec_module.load("il_vecchio")
    example = spec["board.derived.milan_example"]
    costs = list(spec["board.tracks.milano.costs"])
    # the example's space need not be the first one: a later one is accepted
    later = [costs[1], costs[2], example["cost"], *costs[3:]]
    assert _board_error({"board.tracks.milano.costs": later,
                         "board.tracks.milano.crests": [3]}) is None
    # but some space must be it
    message = _board_error({"board.tracks.milano.costs": [example["cost"] + 1] * len(costs)})
    assert message is not None and "milan_example" in message and "\n" not in message
    # Florence bordering an area: not forced by the text, so accepted
    areas = dict(spec["board.areas"])
    first = next(iter(areas))
    areas[first] = [*areas[first], "firenze"]
    assert _board_error({"board.areas": areas}) is None
    # an area for a roll that has none is forced
    del areas[first]
    assert "areas must be numbered" in (_board_error({"board.areas": areas}) or "")


@pytest.mark.clause("il_vecchio:setup.board")
@pytest.mark.parametrize(("change", "named"), [
    ("colour", "board.towns.sesto.colour"),
    ("road", "atlantis"),
    # a town the board does not have (the domain allows only the printed board's towns)
    ("renamed", "not 'atlantis'"),
    ("field", "board.towns.sesto"),
])
def test_unknown_town_keys_refused_in_one_line(change: str, named: str) -> None:
    spec = spec_module.load("il_vecchio")
    towns = dict(spec["board.towns"])
    if change == "colour":
        towns["sesto"] = {"name": "Sesto", "colour": "pink"}
        overrides: dict[str, Any] = {"board.towns": towns}
    elif change == "road":
        overrides = {"board.roads": [*spec["board.roads"], ["sesto", "atlantis"]]}
    elif change == "field":
        towns["sesto"] = {"name": "Sesto"}
        overrides = {"board.towns": towns}
    else:
        def renamed(x: Any) -> Any:
            if isinstance(x, str):
                return "atlantis" if x == "sesto" else x
            if isinstance(x, list):
                return [renamed(i) for i in x]
            if isinstance(x, dict):
                return {renamed(k): renamed(v) for k, v in x.items()}
            return x
        overrides = {key: renamed(spec[key]) for key in (
            "board.towns", "board.roads", "board.areas", "board.middleman_cycles",
            "board.region_gates")}
    message = _board_error(overrides)
    assert message is not None and named in message and "\n" not in message


VALUES: tuple[Any, ...] = (-3, -1, 0, 1, 2, 4, 6, 7, 12, 13, 17, 18, 21, 22, 10**30, True, 1.0,
                           "1", None)


@pytest.mark.clause("il_vecchio:turn.structure")
def test_ill_typed_and_out_of_board_actions_refused() -> None:
    """Every kind: wrongly typed or out-of-domain fields are refused under the kind's clause,
    in-domain illegal ones under the clause the rule text gives in that position
    (:mod:`.refusal_clauses`), the state unchanged (issues 11, 30)."""
    rng = Random(11)
    for seed, steps in ((0, 0), (1, 60), (2, 250)):
        state = iv.new_game(seed, {"players": 2 + seed})
        play = Random(seed)
        for _ in range(steps):
            state = iv.apply(state, iv.random_action(state, play))
        legal = set(iv.legal_actions(state))
        snapshot = state
        for kind in GAME.kinds:
            width = len(dataclasses.fields(kind.action))
            for _ in range(40):
                action = kind.action(*(rng.choice(VALUES) for _ in range(width)))
                if action in legal:
                    continue
                refused(iv, state, action, expected_clause(state, action))
                assert state == snapshot


@pytest.mark.clause("il_vecchio:tiles.nobility", "il_vecchio:scoring.nobility_tiles")
def test_no_printed_figure_raises_a_tile_proved_with_z3() -> None:
    """For every capped tile, every count and every figure above the colon (a z3 variable
    from 1 up), the capped points never exceed the points with 'any': so the proved
    bound bounds.power_points_max holds whatever the tiles print."""
    import z3
    from regelwerk.verification.core import PROVEN, Z3, prove

    free = iv.default_rules()
    cap = z3.Int("figure")
    capped = dataclasses.replace(free, scoring={**free.scoring,
                                                "times": dict.fromkeys(CAPPED, cap)})
    n = z3.Ints("supply towns r0 r1 r2 council nobility pairs unused crests")
    res = [z3.Int(f"res_{i}") for i in range(len(iv.RESOURCES))]
    present = (z3.Bool("white"), z3.Bool("gray"), z3.Bool("black"))
    counts = iv.Counts(n[0], n[1], (n[2], n[3], n[4]), n[5], n[6], tuple(res), present, n[7],
                       n[8], n[9])
    facts = [cap >= 1, *(x >= 0 for x in (*n, *res))]
    for kind in CAPPED:
        claim = iv.nobility_points(kind, counts, capped, Z3) <= \
            iv.nobility_points(kind, counts, free, Z3)
        assert prove(claim, facts).status == PROVEN, kind
    with pytest.raises(SpecError, match=r"nobility\.times"):
        iv.rules_from_spec(spec_module.load("il_vecchio").with_numbers(
            {"nobility.times": {k: 0 for k in CAPPED}}))
