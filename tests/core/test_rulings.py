"""The rules version changes with the rules (spec/rulings.toml, engine/core/readings.py)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from regelwerk.engine.core import readings

import regelwerk
from regelwerk import games

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_version_is_the_rules_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["version"] == regelwerk.__version__ == readings.version()


def test_the_newest_ruling_is_of_the_current_version() -> None:
    log = readings.rulings()
    assert log and log[0].version == readings.version()
    versions = [tuple(int(p) for p in r.version.split(".")) for r in log]
    assert versions == sorted(versions, reverse=True)


@pytest.mark.parametrize("game_id", sorted(games.games()))
def test_a_change_of_the_rules_needs_a_ruling_and_a_version(game_id: str) -> None:
    """Every number and decision is in the fingerprint: changing one without a ruling,
    a new version and the new fingerprint in spec/rulings.toml fails here."""
    now = readings.default_fingerprint(games.get(game_id).game)
    recorded = readings.recorded_fingerprints().get(game_id)
    assert now == recorded, (
        f"the default rules of {game_id} changed (fingerprint {now}, spec/rulings.toml "
        f"records {recorded} for version {readings.version()}): add a ruling with a new "
        f"version and record {game_id} = \"{now}\"")


def test_every_ruling_names_an_entry_or_clause_of_its_game() -> None:
    for ruling in readings.rulings():
        if ruling.game == "*":
            continue
        spec = games.get(ruling.game).game.spec
        assert ruling.entries, ruling
        assert all(e in spec.interpretations or e in spec.clauses for e in ruling.entries), ruling
        assert ruling.kind in readings.KINDS
        assert ruling.text and ruling.text_de and ruling.text != ruling.text_de


def test_a_flipped_decision_changes_the_fingerprint() -> None:
    from dataclasses import replace
    from types import MappingProxyType

    game = games.get("medici_vs_strozzi").game
    entries = dict(game.spec.interpretations)
    item = entries["medici_vs_strozzi:interp.buy_without_room"]
    entries[item.id] = replace(item, decision="may_not_buy")
    flipped = game.with_spec(replace(game.spec, interpretations=MappingProxyType(entries)))
    assert readings.default_fingerprint(flipped) != readings.default_fingerprint(game)
