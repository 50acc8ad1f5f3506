"""Traceability (``regelwerk check``): clauses <-> code <-> tests, doctests, docs, proofs.

Works on a source checkout (it reads ``tests/`` and ``docs/``). Every gap is a
:class:`Gap` naming the file (and line where there is one).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regelwerk import catalogs, games
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.clauses import implementations
from regelwerk.engine.core.i18n import DOMAIN, N_, gettext_for

TEST_MARK = re.compile(r"""mark\.clause\(([^)]*)\)""")
PLAY_MARK = re.compile(r"""mark\.play\(([^)]*)\)""")
QUOTED = re.compile(r"""["']([a-z_]+:[A-Za-z0-9_.\-]+)["']""")
DOC_CLAUSE = re.compile(r"^(?:>>>\s*)?#\s*clause:\s*(.+)$", re.M)
FENCE = re.compile(r"^(```+|~~~+)\{(doctest|testcode)\}[^\n]*\n(.*?)^\1", re.M | re.S)
CLAUSE_DIRECTIVE = re.compile(r"^(```+|:::+)\{clause\}\s+(\S+)", re.M)
#: A worked example that plays: it starts a game or applies an action (the games' own helpers
#: ``set_up``/``dealt`` apply chance outcomes), as opposed to calling one rule function.
PLAYS = re.compile(r"\b(?:new_game|apply|set_up|dealt)\(")
TEST_DEF = re.compile(r"^\s*def (test_[A-Za-z0-9_]+)", re.M)


@dataclass(frozen=True)
class Gap:
    """One traceability or translation gap: where, and an ``N_`` template with fields."""

    where: str
    message: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def message_in(self, lang: str) -> str:
        return f"{self.where}: " + gettext_for(lang, self.message).format(**self.fields)

    def __str__(self) -> str:
        return self.message_in("en")


@dataclass
class Trace:
    game: str
    code: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    tests: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    doctests: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    anchors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    invariants: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    #: scenarios through play (tests/scenarios/, ``@pytest.mark.play``), by clause
    played: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    #: clauses no play can reach, with the reason (tests/scenarios/<game>/not_played.toml)
    not_played: dict[str, str] = field(default_factory=dict)
    gaps: list[Gap] = field(default_factory=list)

    def through_play(self, clause: str) -> bool:
        """Whether a scenario or a worked example on the site reaches ``clause`` by playing."""
        return bool(self.played.get(clause))


def find_root(start: Path) -> Path | None:
    """The source checkout containing ``start`` (a folder with spec/, tests/ and docs/)."""
    for folder in (start, *start.parents):
        if (folder / "pyproject.toml").is_file() and (folder / "tests").is_dir() \
                and (folder / "spec").is_dir():
            return folder
    return None


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def trace_game(root: Path, game: str) -> Trace:
    spec = spec_module.load(game)
    info = games.get(game)
    trace = Trace(game)
    prefix = f"{game}:"
    for function, clause in implementations(info.engine):
        trace.code[clause].append(function)
        if clause not in spec.clauses:
            trace.gaps.append(Gap(function, N_("cites unknown clause {clause}"), {"clause": clause}))
    for path in sorted((root / "tests").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for marks, found in ((TEST_MARK, trace.tests), (PLAY_MARK, trace.played)):
            for match in marks.finditer(text):
                for clause in QUOTED.findall(match.group(1)):
                    if clause.startswith(prefix):
                        where = f"{path.relative_to(root)}:{_line(text, match.start())}"
                        found[clause].append(where)
                        if clause not in spec.clauses:
                            trace.gaps.append(Gap(where, N_("test cites unknown clause {clause}"),
                                                  {"clause": clause}))
    _trace_scenarios(root, game, spec, trace)
    for path in sorted((root / "docs").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        for fence in FENCE.finditer(text):
            plays = PLAYS.search(fence.group(3)) is not None
            for line in DOC_CLAUSE.findall(fence.group(3)):
                for clause in re.split(r"[,\s]+", line.strip()):
                    if clause.startswith(prefix):
                        where = f"{path.relative_to(root)}:{_line(text, fence.start())}"
                        trace.doctests[clause].append(where)
                        if plays:
                            trace.played[clause].append(where)
                        if clause not in spec.clauses:
                            trace.gaps.append(Gap(
                                where, N_("doctest cites unknown clause {clause}"),
                                {"clause": clause}))
        for match in CLAUSE_DIRECTIVE.finditer(text):
            clause = match.group(2)
            if clause.startswith(prefix):
                trace.anchors[clause].append(f"{path.relative_to(root)}:{_line(text, match.start())}")
    try:
        invariants = info.verification.invariants
    except ModuleNotFoundError:
        invariants = ()
        trace.gaps.append(Gap(f"verification/{game}", N_("no invariants module")))
    for invariant in invariants:
        for clause in invariant.clauses:
            trace.invariants[clause].append(invariant.id)
            if clause not in spec.clauses:
                trace.gaps.append(Gap(invariant.id, N_("cites unknown clause {clause}"),
                                      {"clause": clause}))
    for clause_id, entry in spec.clauses.items():
        where = f"{entry.file}:{entry.line}"
        if not trace.code.get(clause_id) and not entry.statement:
            trace.gaps.append(Gap(where, N_("{clause}: no engine function implements it"),
                                  {"clause": clause_id}))
        if not (trace.tests.get(clause_id) or trace.doctests.get(clause_id)
                or trace.through_play(clause_id)):
            trace.gaps.append(Gap(where, N_("{clause}: no test or doctest exercises it"),
                                  {"clause": clause_id}))
        anchors = trace.anchors.get(clause_id, [])
        if len(anchors) != 1:
            trace.gaps.append(Gap(where, N_("{clause}: anchored {count} times in docs/ "
                                            "(must be exactly once)"),
                                  {"clause": clause_id, "count": len(anchors)}))
    test_names = {(str(p.relative_to(root)), name)
                  for p in (root / "tests").rglob("*.py")
                  for name in TEST_DEF.findall(p.read_text(encoding="utf-8"))}
    for item in spec.interpretations.values():
        for clause in item.clauses:
            if clause not in spec.clauses:
                trace.gaps.append(Gap(item.id, N_("interpretation cites unknown clause {clause}"),
                                      {"clause": clause}))
        if not item.tests:
            trace.gaps.append(Gap(item.id, N_("interpretation has no test pinning it")))
        if item.open and not item.variant and not item.plays_alike:
            trace.gaps.append(Gap(item.id, N_("interpretation offers several readings, but "
                                              "names no variant that plays them and no tested "
                                              "reason why they play alike")))
        if item.plays_alike_test:
            file, _, name = item.plays_alike_test.partition("::")
            if (file, name) not in test_names:
                trace.gaps.append(Gap(item.id, N_("pinned by {test}, which does not exist"),
                                      {"test": item.plays_alike_test}))
        if item.text_says and item.text_says != item.decision and not (
                item.departure or item.plays_alike):
            trace.gaps.append(Gap(item.id, N_("the decision departs from the text's reading "
                                              "{reading} without support or a test"),
                                  {"reading": item.text_says}))
        for test in item.tests:
            file, _, name = test.partition("::")
            if (file, name) not in test_names:
                trace.gaps.append(Gap(item.id, N_("pinned by {test}, which does not exist"),
                                      {"test": test}))
    for problem in catalogs.audit(root, only=f"{DOMAIN}-{game}"):
        trace.gaps.append(Gap(f"{problem.file}:{problem.line}",
                              N_("German catalog: {kind} [{context}] {msgid}"),
                              {"kind": problem.kind, "context": problem.context or "",
                               "msgid": repr(problem.msgid[:60])}))
    return trace


def _trace_scenarios(root: Path, game: str, spec: spec_module.Spec, trace: Trace) -> None:
    """The clauses the data scenarios of ``game`` play, and those no play can reach."""
    from regelwerk import scenarios

    try:
        found = scenarios.load(root, game)
        trace.not_played.update(scenarios.not_played(root, game))
    except scenarios.ScenarioError as exc:
        trace.gaps.append(Gap(str(scenarios.FOLDER / game), "{error}", {"error": str(exc)}))
        return
    for scenario in found:
        for clause in scenario.clauses:
            trace.played[clause].append(f"{scenario.file}:{scenario.id}")
            if clause not in spec.clauses:
                trace.gaps.append(Gap(f"{scenario.file}:{scenario.id}",
                                      N_("scenario cites unknown clause {clause}"),
                                      {"clause": clause}))
    where = str(scenarios.FOLDER / game / scenarios.NOT_PLAYED)
    for clause in trace.not_played:
        if clause not in spec.clauses:
            trace.gaps.append(Gap(where, N_("cites unknown clause {clause}"), {"clause": clause}))
        elif trace.played.get(clause):
            trace.gaps.append(Gap(where, N_("{clause} is played by a scenario, yet listed as "
                                            "not reachable through play"), {"clause": clause}))


def play_report(trace: Trace, clauses: Iterable[str]) -> dict[str, Any]:
    """Issue 17's figures for one game: the clauses exercised through play, those tested
    only through a rule function (a test or a doctest that does not play), those untested,
    and those no play can reach (with why)."""
    played, rule_only, untested, unreachable = [], [], [], {}
    for clause in clauses:
        if trace.through_play(clause):
            played.append(clause)
        elif clause in trace.not_played:
            unreachable[clause] = trace.not_played[clause]
        elif trace.tests.get(clause) or trace.doctests.get(clause):
            rule_only.append(clause)
        else:
            untested.append(clause)
    return {"through_play": played, "rule_function_only": rule_only, "untested": untested,
            "not_reachable": unreachable}


def core_gaps(root: Path) -> list[Gap]:
    """Gaps outside any one game: the core catalog and the docs catalogs."""
    gaps = [Gap(f"{p.file}:{p.line}", N_("German catalog: {kind} [{context}] {msgid}"),
                {"kind": p.kind, "context": p.context or "", "msgid": repr(p.msgid[:60])})
            for p in catalogs.audit(root, only=DOMAIN)]
    from regelwerk import site

    try:
        problems = site.audit_docs_catalogs(root)
    except site.SiteError as exc:
        return [*gaps, Gap("docs", "{error}", {"error": str(exc)})]
    return gaps + [Gap(f"{p.file}:{p.line}", N_("German page catalog: {kind}: {msgid}"),
                       {"kind": p.kind, "msgid": repr(p.msgid[:60])})
                   for p in problems]
