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


# One German voice (issue 34): each drift the issue found is caught, in whichever catalog
# it would sit (a page's, the engine's or the command line's).
DRIFTS = [
    ("lorenzo/index.po", "lorenzo", "the [interpretation register](interpretations.md)",
     "das [Interpretationsregister](interpretations.md)", "register.name"),
    ("regelwerk.po", None, "  interpretation register ({count}):",
     "  Interpretationsregister ({count}):", "register.name"),
    ("regelwerk.po", None, "show one rule clause", "eine Regelklausel zeigen", "clause.name"),
    ("regelwerk.po", None, "unknown clause {id!r}.", "unbekannte Klausel {id!r}.", "clause.name"),
    ("regelwerk.po", None, "  exercised through play: {count} of {clauses} clauses",
     "  durch Spielen geprüft: {count} von {clauses} Regeln", "clause.named"),
    ("regelwerk-lorenzo.po", "lorenzo", "take {card} from floor {floor} of tower {tower}",
     "{card} von Stockwerk {floor} des Turms {tower} nehmen", "lorenzo.floor"),
    ("regelwerk-lorenzo.po", "lorenzo", "{support} the Church at the Vatican report",
     "bei der Vatikanprüfung: die Kirche {support}", "lorenzo.vatican_report"),
    ("lorenzo/statistics.po", "lorenzo", "What does a game of *Lorenzo il Magnifico* look like?",
     "Wie sieht eine Partie *Lorenzo il Magnifico* aus?", "game.name"),
    ("lorenzo/statistics.po", "lorenzo", "What does a game of *Lorenzo il Magnifico* look like?",
     "Wie sieht eine Partie *Lorenzo il Magnifico* aus?", "term.lorenzo.game"),
    ("regelwerk-lorenzo.po", "lorenzo", "Anhang Exkommunikationsplaettchen (21 tiles)",
     "Anhang Exkommunikationsplaettchen (21 Plättchen)", "spelling.umlaut"),
    ("regelwerk-il_vecchio.po", "il_vecchio", "You have no bishop.", "Du hast keinen Bischof.",
     "address.du"),
    ("regelwerk-il_vecchio.po", "il_vecchio", "You rolled {roll}: place next to area {roll}.",
     "Sie haben {roll} gewürfelt: setze an Gebiet {roll} ein.", "address.du"),
    ("regelwerk-medici_vs_strozzi.po", "medici_vs_strozzi", "Another of your ships is in harbour.",
     "Ein anderes deiner Schiffe liegt schon im Hafen.", "address.du"),
    ("regelwerk-medici_vs_strozzi.po", "medici_vs_strozzi", "buy the 1 tiles",
     "die 1 Plättchen kaufen", "number.slips"),
    ("regelwerk.po", None, "Proved for every board with every time tile.",
     "Bewiesen für jeden Spielplan mit jedes Zeitplättchen.", "number.slips"),
    ("regelwerk-florenz.po", "florenz", "With 3 (assumed) families",
     "Mit 3 (angenommen) Familien", "number.slips"),
]


@pytest.mark.parametrize(("file", "game", "english", "german", "rule"), DRIFTS,
                         ids=[f"{d[4]}:{d[3][:30]}" for d in DRIFTS])
def test_each_drift_of_one_voice_fails_the_check(rules: Rules, tmp_path: Path, file: str,
                                                 game: str | None, english: str, german: str,
                                                 rule: str) -> None:
    path = _catalog(tmp_path / Path(file).name, [(None, english, german)])
    found = {f.rule for f in check_catalog(path, game, rules, file)}
    assert rule in found, (german, found)
    fixed = {"register.name": german.replace("Interpretationsregister", "Auslegungsregister")}
    if rule in fixed:
        path = _catalog(tmp_path / ("fixed-" + Path(file).name), [(None, english, fixed[rule])])
        assert rule not in {f.rule for f in check_catalog(path, game, rules, file)}


def test_project_terms_catch_their_example(rules: Rules, tmp_path: Path) -> None:
    project = [r for r in rules.required if r.game is None]
    assert project and all(r.example for r in project)
    for req in project:
        assert req.example is not None
        english, german = req.example
        path = _catalog(tmp_path / f"{req.id}.po", [(None, english, german)])
        assert [f.rule for f in check_catalog(path, None, rules)] == [req.id]


def test_the_address_rule_leaves_nouns_and_sie_alone(rules: Rules) -> None:
    rule = next(r for r in rules.forbidden if r.id == "address.du")
    for fine in ("Spiele", "Die Spiele dieser Seite", "Geben Sie eine Aktion an.",
                 "Sie haben keinen Bischof.", "Dafür liegt kein offenes Plättchen bereit.",
                 "Ein Medium setzt Wähler ein", "die Ziehung durch den Zufall"):
        assert not rule.pattern.search(prose(fine)), fine
    for wrong in ("Wähle eine Zahl.", "Zug: gib die Nummer an", "deine Wahl", "mit dir"):
        assert rule.pattern.search(prose(wrong)), wrong


def test_composed_german_texts_keep_the_rules(rules: Rules) -> None:
    """Texts the catalogs hold only in pieces: clause texts with their numbers (an assumed
    number marked as the command line marks it) and each proof's ranges in its sentence."""
    from regelwerk.engine.core import spec as spec_module
    from regelwerk.engine.core.clauses import clause_text, fill
    from regelwerk.engine.core.i18n import gettext_for

    from regelwerk.sphinxext.report import RANGES
    from regelwerk.terminology import check_entry

    findings = []
    for game, info in games.games().items():
        spec = spec_module.load(game)
        texts = [(cid, clause_text(spec, cid, "de")) for cid in spec.clauses]
        try:
            invariants = info.verification.invariants
        except ModuleNotFoundError:
            invariants = ()
        texts += [(inv.id, gettext_for("de", RANGES).format(
            ranges=fill(spec, gettext_for("de", inv.ranges), "de")))
            for inv in invariants if inv.ranges]
        for where, text in texts:
            findings += check_entry(f"{game} (composed)", 0, where, where, text, game, rules)
    assert not findings, "\n".join(str(f) for f in findings)
