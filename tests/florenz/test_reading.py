"""The systematic reading of issue 12, recorded in ``reading_de.toml``: every modal or
quantifier sentence of the German rule text is a choice offered as an action, a register
entry, or needs nothing."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from random import Random

import pytest
from regelwerk.engine import florenz as fz

READING = tomllib.loads((Path(__file__).parent / "reading_de.toml").read_text("utf-8"))
SENTENCES = READING["sentence"]


@pytest.mark.clause("florenz:action.pass", "florenz:action.passed_bonus",
                    "florenz:action.discard_for_time", "florenz:scoring.giovanni")
def test_every_sentence_has_an_outcome_that_exists() -> None:
    counts = Counter(s["outcome"] for s in SENTENCES)
    assert set(counts) <= {"choice", "register", "nothing"}
    assert sum(counts.values()) == len(SENTENCES) and counts["choice"] and counts["register"]
    known = fz.default_rules().spec.interpretations
    refs = [s["ref"] for s in SENTENCES if s["outcome"] == "register"]
    assert [r for r in refs if r not in known] == []
    kinds = {kind.action.__name__ for kind in fz.GAME.kinds}
    for s in SENTENCES:
        if s["outcome"] == "choice":        # the note names the action kind that offers it
            named = set(re.findall(r"[A-Z][A-Za-z]+", s["note"])) & kinds
            assert named or s["note"].startswith("as "), s


@pytest.mark.play("florenz:action.passed_bonus", "florenz:scoring.giovanni")
def test_the_choices_are_offered_with_a_way_to_decline() -> None:
    """A passed family chooses among its bonuses; Giovanni's offer can be declined."""
    seen_bonus = seen_offer = False
    for seed in range(20):
        rng = Random(seed)
        state = fz.new_game(seed=seed, options={"players": 3})
        while not fz.is_terminal(state) and not (seen_bonus and seen_offer):
            kinds = {type(a) for a in fz.legal_actions(state)}
            if fz.BonusTime in kinds:
                assert fz.BonusPoint in kinds
                seen_bonus = True
            if fz.Accept in kinds:
                assert fz.Decline in kinds
                seen_offer = True
            state = fz.apply(state, fz.random_action(state, rng))
    assert seen_bonus and seen_offer
