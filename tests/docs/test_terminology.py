"""German in the rulebooks' own words: the terminology check of every German catalog.

The rules are data (``spec/terminology.toml``, the glossaries, the games'
declared variants); ``regelwerk.terminology`` applies them. The first test is
the check itself; the others show that it can fail, on a small made-up catalog.
"""

from __future__ import annotations

from pathlib import Path

import polib
import pytest

from regelwerk import games, terminology
from regelwerk.terminology import Rules, check_catalog, prose

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rules() -> Rules:
    return terminology.project_rules(ROOT)


def test_german_catalogs_use_the_rulebooks_terms(rules: Rules) -> None:
    findings = terminology.check(ROOT, rules, games.games())
    assert not findings, "German catalogs off the rulebooks' terms:\n" + "\n".join(
        str(f) for f in findings)


def test_every_catalog_is_checked_and_belongs_to_its_game() -> None:
    found = dict(terminology.catalogs(ROOT, games.games()))
    folder = ROOT / "locales" / "de" / "LC_MESSAGES"
    assert len(found) == len(list(folder.rglob("*.po")))
    for game in games.games():
        assert found[folder / f"regelwerk-{game}.po"] == game
        pages = [p for p in found if p.parent == folder / game]
        assert pages and all(found[p] == game for p in pages)
    assert found[folder / "regelwerk.po"] is None


def test_each_forbidden_variant_catches_its_example(rules: Rules) -> None:
    assert len(rules.forbidden) > len(games.games())
    for rule in rules.forbidden:
        assert rule.use and rule.reason, rule.id
        assert rule.pattern.search(prose(rule.example)), (rule.id, rule.example)


def test_option_identifiers_come_from_the_declarations(rules: Rules) -> None:
    by_id = {r.id: r for r in rules.forbidden}
    for game, info in games.games().items():
        for variant in info.game.variants:
            rule = by_id[f"option.{game}"]
            for value in variant.choices:
                assert rule.pattern.search(f"Variante {variant.name}={value}: gilt")
                assert rule.pattern.search(f"Variante {variant.name} = {value}")
            # inline code is not prose: the reader may be shown what to type
            assert not rule.pattern.search(prose(f"mit der Option `{variant.name}`"))


def test_prose_keeps_words_and_numbers_not_code() -> None:
    text = ("Für {spec}`florenz:costs.send` Zeit, siehe {ref}`den Gleichstand <x:y>` und "
            "[das Register](interpretations.md); `solo_level=easier`, {cost} Zeit "
            "(florenz:interp.solo_level).")
    assert prose(text) == ("Für 0 Zeit, siehe den Gleichstand und das Register; , 0 Zeit "
                           "().")


def _catalog(path: Path, entries: list[tuple[str | None, str, str]]) -> Path:
    po = polib.POFile(wrapwidth=0)
    po.metadata = {"Content-Type": "text/plain; charset=utf-8", "Language": "de"}
    for context, msgid, msgstr in entries:
        po.append(polib.POEntry(msgctxt=context, msgid=msgid, msgstr=msgstr))
    po.save(str(path))
    return path


def test_a_forbidden_variant_fails_the_check(rules: Rules, tmp_path: Path) -> None:
    path = _catalog(tmp_path / "regelwerk-florenz.po", [
        ("florenz:action.send", "For {costs.send} time, a debutant joins a queue.",
         "Für {costs.send} Zeit stellt sich ein Debütant in eine Warteschlange."),
        ("florenz:solo.easier", "Variant solo_level=easier: fewer points.",
         "Variante solo_level=easier: weniger Siegpunkte."),
        ("florenz:end.winner", "Most points wins.", "Die meisten Siegpunkte gewinnen."),
        ("florenz:hand.limit", "A family holds at most {hand.limit} scandal cards.",
         "Eine Familie hat höchstens {hand.limit} Karten auf der Hand."),
        ("florenz:action.move", "For {costs.move} time, one member moves.",
         "Für {costs.move} Zeiteinheit bewegt sich ein Mitglied."),
    ])
    findings = check_catalog(path, "florenz", rules, "fixture/regelwerk-florenz.po")
    got = {(f.context, f.rule, f.found) for f in findings}
    assert got == {
        ("florenz:action.send", "florenz.time_count", "0 Zeit"),
        ("florenz:solo.easier", "option.florenz", "solo_level=easier"),
        ("florenz:end.winner", "winner.points", "Die meisten Siegpunkte gewinnen"),
        ("florenz:hand.limit", "term.florenz.scandal_card", "(no Skandalkarte)"),
    }
    message = str(next(f for f in findings if f.rule == "florenz.time_count"))
    assert "fixture/regelwerk-florenz.po" in message
    assert "'florenz:action.send'" in message and "For {costs.send} time" in message
    assert "'0 Zeit'" in message and "Zeiteinheit" in message


def test_game_rules_stay_in_their_game(rules: Rules, tmp_path: Path) -> None:
    entry = [(None, "The marker moves to its owner.", "Der Stein zieht zu seinem Besitzer.")]
    mvs = check_catalog(_catalog(tmp_path / "a.po", entry), "medici_vs_strozzi", rules)
    other = check_catalog(_catalog(tmp_path / "b.po", entry), "lorenzo", rules)
    assert [f.rule for f in mvs] == ["medici_vs_strozzi.owner"] and not other


def test_tie_break_rule_reads_the_english(rules: Rules, tmp_path: Path) -> None:
    path = _catalog(tmp_path / "c.po", [
        (None, "It also counts for the tie-break.", "Es zählt auch für den Gleichstand."),
        (None, "On a tie, nobody scores.", "Bei Gleichstand erhält niemand etwas; der Gleichstand bleibt."),
    ])
    assert [f.msgid for f in check_catalog(path, None, rules)] == ["It also counts for the tie-break."]


def test_an_allowed_entry_is_left_alone(rules: Rules, tmp_path: Path) -> None:
    allowed = next(a for a in rules.allowed if a.rule.startswith("option."))
    entry = [(None, allowed.msgid, "Regelvariante, z. B. buy_without_room=may_not_buy")]
    path = _catalog(tmp_path / Path(allowed.file).name, entry)
    assert not check_catalog(path, None, rules, allowed.file)
    assert check_catalog(path, None, rules, "other.po")


def test_rules_name_existing_glossary_terms(tmp_path: Path) -> None:
    bad = tmp_path / "terminology.toml"
    bad.write_text('[[require]]\ngame = "florenz"\nterm = "no_such_term"\nreason = "x"\n',
                   encoding="utf-8")
    with pytest.raises(ValueError, match="no_such_term"):
        terminology.load(bad, {"florenz": {}}, {})


def test_fuzzy_entries_and_source_notes(rules: Rules, tmp_path: Path) -> None:
    path = _catalog(tmp_path / "regelwerk-florenz.po", [
        ("florenz:x#source", "Die Skandalkarten (a scandal card gives 2 time)",
         "Die Skandalkarten (eine Karte gibt 2 Zeit)"),
        ("florenz:y", "A scandal card gives 2 time.", "Eine Karte gibt 2 Zeit."),
    ])
    po = polib.pofile(str(path))
    po.find("A scandal card gives 2 time.", msgctxt="florenz:y").flags.append("fuzzy")
    po.save(str(path))
    got = [(f.context, f.rule) for f in check_catalog(path, "florenz", rules)]
    # a source note quotes the rulebooks' headings: terms are not required there, but no
    # forbidden variant may appear; a fuzzy entry is not shown at all (the audit reports it)
    assert got == [("florenz:x#source", "florenz.time_count")]
