"""The systematic reading of issue 12, recorded in ``reading_de.toml``: every modal or
quantifier sentence of the German rule text is a choice offered as an action, a register
entry, or needs nothing (implemented as written, naming its clause)."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from random import Random

import pytest
from regelwerk.engine.lorenzo import GAME, Church, Exchange, Skip, TakeCard, Work
from regelwerk.engine.lorenzo.rules import DEFAULT_SPEC

from regelwerk import citations, own_words

READING = tomllib.loads((Path(__file__).parent / "reading_de.toml").read_text("utf-8"))
SENTENCES = READING["sentence"]
BOOK = "lorenzo_il_magnifico.de.txt"
#: The words the reading looks for, with their forms.
WORDS = re.compile(r"\b(darf|darfst|dürfen|dürft|kann|kannst|können|könnt|könnte|muss|musst|"
                   r"müssen|müsst|soll|sollte|sollten|sollen|jede[rsmn]?|alle[nrs]?|höchstens|"
                   r"mindestens|nur|kein(?:e[rsmn]?)?)\b", re.I)


@pytest.mark.clause("lorenzo:action.turns", "lorenzo:card.immediate", "lorenzo:vatican.choice")
def test_every_sentence_has_an_outcome_that_exists() -> None:
    counts = Counter(s["outcome"] for s in SENTENCES)
    assert set(counts) == {"choice", "register", "nothing"}
    assert sum(counts.values()) == len(SENTENCES)
    clauses, register = DEFAULT_SPEC.clauses, DEFAULT_SPEC.interpretations
    kinds = {kind.action.__name__ for kind in GAME.kinds if not kind.chance}
    for s in SENTENCES:
        assert s["gist"] and s["section"] and s["words"], s
        if s["outcome"] == "register":
            assert s["ref"] in register, s
        else:
            assert s["ref"] in clauses, s
        if s["outcome"] == "choice":          # the note names the action kind that offers it
            assert set(re.findall(r"[A-Z][A-Za-z]+", s["note"])) & kinds, s
    # the entries this reading added are where the reading found them
    found = {s["ref"] for s in SENTENCES if s["outcome"] == "register"}
    assert {"lorenzo:interp.bonus_action_optional", "lorenzo:interp.medici_needs_copy"} <= found


@pytest.mark.rulebooks
@pytest.mark.clause("lorenzo:action.turns")
def test_the_reading_is_complete_and_in_our_own_words(rulebooks: Path) -> None:
    """Every sentence of the text with one of the words is recorded, at its line and in its
    section; no gist repeats a run of the text."""
    text = (rulebooks / BOOK).read_text(encoding="utf-8")
    lines = text.splitlines()
    found = citations.sections(text)
    expected: Counter[int] = Counter()
    for number, line in enumerate(lines, start=1):
        body = citations.LIST_NUMBER.sub("", line).strip()
        expected[number] += sum(1 for part in re.split(r"(?<=[.!?])\s+", body)
                                if WORDS.search(part))
    assert Counter(s["line"] for s in SENTENCES) == +expected
    for s in SENTENCES:
        words = {w.lower() for w in WORDS.findall(lines[s["line"] - 1])}
        assert set(s["words"]) <= words, s
        heading = next(sec.heading for sec in reversed(found) if sec.line <= s["line"])
        assert s["section"] == heading, s
    seen = own_words.book_runs(rulebooks)
    assert own_words.copied([(str(s["line"]), s["gist"]) for s in SENTENCES], seen) == []


@pytest.mark.play("lorenzo:card.immediate", "lorenzo:effect.exchange", "lorenzo:vatican.choice")
def test_the_choices_are_offered_with_a_way_to_decline() -> None:
    """In random full games: a card's bonus action can be skipped, an exchange left unused,
    and a player asked by the Vatican may support the Church or not."""
    seen = set()
    for seed in range(12):
        rng = Random(seed)
        state = GAME.new_game(seed=seed, options={"players": 3})
        while not GAME.is_over(state) and len(seen) < 3:
            legal = GAME.legal_actions(state) if GAME.current_player(state) >= 0 else []
            kinds = {type(a) for a in legal}
            if kinds & {TakeCard, Work}:
                assert Skip() in legal
                seen.add("bonus")
            if Exchange in kinds:
                assert Exchange(0) in legal
                seen.add("exchange")
            if Church in kinds:
                assert set(legal) == {Church(True), Church(False)}
                seen.add("church")
            state = GAME.apply(state, GAME.random_action(state, rng))
        if len(seen) == 3:
            break
    assert seen == {"bonus", "exchange", "church"}
