"""The mutation score of the games' rule modules (``make mutate``; issue 30).

mutmut 3 (the ``mutate`` extra) breaks the rule modules one small change at a time and
runs each game's own rule tests against every change: ``tests/<game>/`` and the game's
data scenarios, **without** the regression corpus (``tests/core/test_regress.py`` and the
other replays of ``tests/corpus`` never run; only the worked-example records a rule test
reads as its input are copied) and without the site and docs tests. A mutant those tests
do not notice survives; one that cannot change play is declared equivalent, with the
reason, in ``tests/mutation_equivalents.toml`` and counted apart.

Other people edit the working tree while this runs for an hour, and mutmut rewrites the
files it mutates, so nothing here touches the checkout: each game runs in its own copy,
``_build/mutate/<game>/``, of the files git knows (tracked or new, as they are now on
disk), laid out as the wheel installs them (``src/regelwerk/engine`` ... : the module
names mutmut derives from paths are then the import names the tests use, and the copy,
first on ``sys.path``, is imported instead of the editable install of the checkout).

mutmut leaves decorated functions alone, and most rule functions carry ``@implements``
(which only sets an attribute, :mod:`regelwerk.engine.core.clauses`). In the copy those
marks are blanked (the line numbers stay the source's) and set again at the end of the
module, so the functions they mark are mutated too.

Each mutant runs in a fresh process forked from a server that has imported only the
libraries and the game-independent parts of regelwerk (:data:`PRELOAD`; ``forkserver``):
no cache of the true rules (``lru_cache`` on ``default_rules``, the invariants' caches)
answers for a mutant.

Output: per game and module the mutants, killed, survived (``no test``: no selected test
calls the function), declared equivalent, timed out, and the score
``killed / (mutants - equivalent)``; then every survivor (module, line, the change);
``_build/mutate.json``. Exit 1 if any game scores below :data:`REQUIRED`.

    .venv/bin/python tools/mutate.py [--games GAME ...] [--revision HEAD] [--report-only]
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "_build" / "mutate"
REPORT = ROOT / "_build" / "mutate.json"
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents.toml"
REQUIRED = 0.90

#: The rule modules of every game: the modules that carry out clauses (what is legal,
#: what an action does, chance, scoring, the end and the winner). Every other module of
#: ``engine/<game>/`` must be named in :data:`NOT_RULES` (:func:`rule_modules` checks).
RULE_MODULES: dict[str, tuple[str, ...]] = {
    "medici_vs_strozzi": ("actions", "game", "play", "rule_fns", "rules", "scoring", "state"),
    "florenz": ("actions", "board", "cards", "chance", "cleanup", "favours", "game", "medici",
                "members", "passing", "rule_fns", "rules", "scandal", "scoring", "setup", "solo",
                "stages", "state", "turns"),
    "il_vecchio": ("actions", "answers", "board", "chance", "council", "dice", "draws", "events",
                   "florence", "game", "members", "passing", "players", "province", "province_tiles",
                   "recovery", "reinforcement", "rule_fns", "rules", "scoring", "setup", "state", "towns",
                   "tracks", "travel", "turn"),
    "lorenzo": ("actions", "church", "decisions", "effects", "flow", "game", "leaders", "places",
                "rules", "scoring", "state"),
}

#: The modules of a game's engine that are not rule modules, and why they are left out.
NOT_RULES: dict[str, str] = {
    "__init__": "the package's exports (and Il Vecchio's town lookup by name for examples)",
    "words": "actions in words for people; play never reads them",
    "position": "the position in words for people; play never reads it",
    "describe": "cards and tiles in words for people; play never reads them",
    "score_items": "the score item by item in words for people; the score itself is scoring",
    "examples": "the rulebook's example positions for the reference's diagrams, not play",
    "invariants": "verification: the runtime twins of the proofs check the rules, they are none",
    "coverage": "counts which parts a finished random game brought into play (simulate's report)",
    "random_play": "how random play picks among the legal actions; it lists and refuses nothing",
    "view": "what each seat may see: masks a state for showing, play never reads it",
    "heuristic": "how well a seat stands, for the greedy and search policies; play never reads it",
    "determinize": "a state a seat cannot tell apart, for search; play never reads it",
    "chosen": "games whose chance the caller chooses, for worked examples and tests, not play",
}

#: mutmut's exit codes of a mutant's test run, by what this report calls them.
KILLED, SURVIVED, NO_TEST, TIMEOUT, OTHER = "killed", "survived", "no test", "timeout", "other"
STATUS = {1: KILLED, 3: KILLED, 0: SURVIVED, 5: NO_TEST, 33: NO_TEST, 36: TIMEOUT, 24: TIMEOUT,
          -24: TIMEOUT, 152: TIMEOUT, 255: TIMEOUT}


def rule_modules(game: str) -> tuple[str, ...]:
    """The declared rule modules of ``game``; fails on a module of its engine that is in
    neither list (a new module must be classified) or a declared one that is gone."""
    present = {path.stem for path in (ROOT / "engine" / game).glob("*.py")}
    declared = set(RULE_MODULES[game])
    unknown = present - declared - set(NOT_RULES)
    missing = declared - present
    if unknown or missing:
        raise SystemExit(f"tools/mutate.py: classify the modules of engine/{game}: "
                         f"unclassified {sorted(unknown)}, declared but absent {sorted(missing)}")
    return RULE_MODULES[game]


# ---------------------------------------------------------------------------- the copy

#: where each top-level folder of the checkout goes in the copy (the wheel's layout)
LAYOUT = {"regelwerk": "src/regelwerk", "engine": "src/regelwerk/engine",
          "verification": "src/regelwerk/verification", "spec": "src/regelwerk/spec",
          "locales": "src/regelwerk/locales", "tests": "tests"}


def _git(*args: str) -> bytes:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True).stdout


def checkout_files(revision: str | None) -> dict[str, bytes]:
    """The files to copy, by path: those git knows in the checkout, tracked or new (not
    ignored), as they are on disk; with ``revision`` the tracked ones as committed there
    (others' unfinished edits left out) and the new ones as on disk."""
    def names(*args: str) -> set[str]:
        return {n for n in _git("ls-files", "-z", *args).decode().split("\0") if n}

    new = {n: (ROOT / n).read_bytes() for n in names("--others", "--exclude-standard")
           if (ROOT / n).is_file()}
    if revision is None:
        tracked = {n: (ROOT / n).read_bytes() for n in names("--cached") if (ROOT / n).is_file()}
        return {**tracked, **new}
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "tree.tar"
        archive.write_bytes(_git("archive", "--format=tar", revision))
        with tarfile.open(archive) as tar:
            tracked = {m.name: tar.extractfile(m).read()  # type: ignore[union-attr]
                       for m in tar.getmembers() if m.isfile()}
    return {**tracked, **new}


def copied(name: str) -> str | None:
    """Where ``name`` goes in the copy (``None``: not copied). Of the corpus only the
    worked-example records go, which some rule tests read as input; the seeded regression
    records, and every test that replays the corpus, stay out."""
    top, _, rest = name.partition("/")
    if top not in LAYOUT or not rest:
        return None
    if name.startswith("tests/corpus/") and not Path(name).name.startswith("example-"):
        return None
    return f"{LAYOUT[top]}/{rest}"


def unmark(source: str) -> str:
    """``source`` with each ``@implements(...)`` mark blanked (its lines stay, empty) and set
    again at the end of the module, so that mutmut mutates the functions it marks."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    again: list[str] = []

    def visit(body: Sequence[ast.stmt], owner: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{owner}{node.name}.")
            elif isinstance(node, ast.FunctionDef):
                for mark in node.decorator_list:
                    if isinstance(mark, ast.Call) and getattr(mark.func, "id", None) == "implements":
                        text = ast.get_source_segment(source, mark)
                        for index in range(mark.lineno - 1, mark.end_lineno or mark.lineno):
                            lines[index] = "\n"
                        again.append(f"{text}(vars({owner[:-1]})[{node.name!r}])" if owner
                                     else f"{text}({node.name})")

    visit(tree.body, "")
    if not again:
        return source
    return "".join(lines) + "\n\n# tools/mutate.py: the @implements marks, set again\n" + \
        "\n".join(again) + "\n"


def mutmut_config(game: str, modules: Sequence[str]) -> str:
    """The ``[tool.mutmut]`` table of ``game``'s copy."""
    config = {
        "source_paths": ["src"],
        "only_mutate": [f"src/regelwerk/engine/{game}/{m}.py" for m in modules],
        "pytest_add_cli_args_test_selection": [f"tests/{game}", "tests/scenarios/test_scenarios.py",
                                               "-k", game],
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "--hypothesis-seed=0"],
        "process_isolation": "forkserver",
        "forkserver_warmup": "import",
        "preload_modules_file": "preload.txt",
        "use_git_change_detection": False,
        "track_dependencies": False,
    }
    return "\n[tool.mutmut]\n" + "".join(f"{key} = {json.dumps(value)}\n"
                                          for key, value in config.items())


#: What the fork server imports once before it forks a process per mutant: libraries and the
#: game-independent parts of regelwerk, never a game's engine (so nothing a game's rule
#: function computed, or a cache of the true rules, is inherited by a mutant's process).
PRELOAD = ("pytest", "_pytest.python", "hypothesis", "hypothesis.strategies", "z3", "jsonschema",
           "babel", "babel.messages.pofile", "tomllib", "fractions",
           "regelwerk.engine.core.game", "regelwerk.engine.core.spec",
           "regelwerk.engine.core.records", "regelwerk.engine.core.conformance",
           "regelwerk.engine.core.clauses", "regelwerk.verification.core", "regelwerk.own_words",
           "regelwerk.scenarios", "regelwerk.games")


def prepare(game: str, revision: str | None) -> Path:
    """A fresh copy of the checkout (:func:`checkout_files`) for ``game`` under
    ``_build/mutate/<game>``."""
    tree = BUILD / game
    shutil.rmtree(tree, ignore_errors=True)
    rules = {f"engine/{game}/{m}.py" for m in rule_modules(game)}
    files = checkout_files(revision)
    for name, content in sorted(files.items()):
        target = copied(name)
        if target is None:
            continue
        path = tree / target
        path.parent.mkdir(parents=True, exist_ok=True)
        if name in rules:
            path.write_text(unmark(content.decode("utf-8")), encoding="utf-8")
        else:
            path.write_bytes(content)
    pyproject = files["pyproject.toml"].decode("utf-8")
    (tree / "preload.txt").write_text("\n".join(PRELOAD) + "\n", encoding="utf-8")
    (tree / "pyproject.toml").write_text(pyproject + mutmut_config(game, rule_modules(game)),
                                         encoding="utf-8")
    return tree


# ----------------------------------------------------------------------------- running

def meta_files(tree: Path) -> Iterator[Path]:
    yield from sorted((tree / "mutants" / "src").rglob("*.py.meta"))


def decided(tree: Path) -> tuple[int, int, int]:
    """(mutants decided, killed, all mutants) so far, from mutmut's result files."""
    done = killed = total = 0
    for path in meta_files(tree):
        try:
            codes = json.loads(path.read_text(encoding="utf-8"))["exit_code_by_key"].values()
        except (OSError, ValueError, KeyError):
            continue
        total += len(codes)
        done += sum(code is not None for code in codes)
        killed += sum(STATUS.get(code) == KILLED for code in codes)
    return done, killed, total


def run(game: str, workers: int, revision: str | None) -> float:
    """Run mutmut over ``game``'s rule modules in a fresh copy; returns the seconds taken.
    mutmut's own output goes to ``_build/mutate/<game>/mutmut.log``; progress is printed
    every half minute."""
    started = time.monotonic()
    print(f"mutate {game}: copying the checkout to {BUILD / game}", flush=True)
    tree = prepare(game, revision)
    mutmut = Path(sys.executable).with_name("mutmut")
    log = tree / "mutmut.log"
    print(f"mutate {game}: running mutmut ({workers} worker(s)); its log: {log}", flush=True)
    stop = threading.Event()

    def progress() -> None:
        while not stop.wait(30):
            done, killed, total = decided(tree)
            minutes = (time.monotonic() - started) / 60
            print(f"mutate {game}: {done} of {total} mutants checked, {killed} killed "
                  f"({minutes:.1f} min)", flush=True)

    watcher = threading.Thread(target=progress, daemon=True)
    watcher.start()
    env = {k: v for k, v in os.environ.items() if k != "MUTANT_UNDER_TEST"}
    with log.open("w", encoding="utf-8") as out:
        code = subprocess.run([str(mutmut), "run", "--max-children", str(workers)], cwd=tree,
                              stdout=out, stderr=subprocess.STDOUT, env=env).returncode
    stop.set()
    if code != 0:
        tail = log.read_text(encoding="utf-8", errors="replace")[-3000:]
        raise SystemExit(f"mutate {game}: mutmut failed (exit {code}); the end of {log}:\n{tail}")
    return time.monotonic() - started


# ----------------------------------------------------------------------------- results

@dataclass
class Mutant:
    game: str
    module: str
    function: str
    name: str
    status: str
    line: int
    before: str
    after: str
    equivalent: str = ""           # the declared reason, if declared equivalent

    def change(self) -> str:
        return f"{self.before}  ->  {self.after}"


@dataclass
class Figures:
    mutants: int = 0
    killed: int = 0
    survived: int = 0
    no_test: int = 0
    equivalent: int = 0
    timeout: int = 0
    other: int = 0

    def add(self, mutant: Mutant) -> None:
        self.mutants += 1
        if mutant.equivalent:
            self.equivalent += 1
        else:
            name = mutant.status.replace(" ", "_")
            name = name if name in {"killed", "survived", "no_test", "timeout"} else "other"
            setattr(self, name, getattr(self, name) + 1)

    @property
    def score(self) -> float:
        counted = self.mutants - self.equivalent
        return self.killed / counted if counted else 1.0


@dataclass
class GameResult:
    game: str
    seconds: float | None
    modules: dict[str, Figures] = field(default_factory=dict)
    survivors: list[Mutant] = field(default_factory=list)
    equivalents: list[Mutant] = field(default_factory=list)
    stale: list[dict[str, str]] = field(default_factory=list)

    @property
    def total(self) -> Figures:
        total = Figures()
        for figures in self.modules.values():
            for name in asdict(total):
                setattr(total, name, getattr(total, name) + getattr(figures, name))
        return total


def _functions(tree: ast.AST) -> dict[str, ast.FunctionDef]:
    """Every function of a module by its name (methods too: mutmut's names are unique)."""
    return {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def _original_name(mangled: str) -> tuple[str, str | None]:
    """``x_fn`` -> (``fn``, None); ``xǁClsǁm`` -> (``m``, ``Cls``)."""
    if mangled.startswith("x_"):
        return mangled[2:], None
    _, owner, name = mangled.split("ǁ")
    return name, owner


def _source_def_line(source_tree: ast.AST, name: str, owner: str | None) -> int:
    for node in ast.walk(source_tree):
        if owner and isinstance(node, ast.ClassDef) and node.name == owner:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == name:
                    return item.lineno
        if not owner and isinstance(node, ast.FunctionDef) and node.name == name:
            return node.lineno
    return 0


def mutants_of(game: str, tree: Path) -> Iterator[Mutant]:
    """Every mutant of ``game`` with its status and its change in one line."""
    for meta in meta_files(tree):
        source = meta.with_suffix("")                  # mutants/src/.../module.py
        module = source.stem
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        text = source.read_text(encoding="utf-8")
        lines = text.splitlines()
        functions = _functions(ast.parse(text))
        original = (tree / source.relative_to(tree / "mutants")).read_text(encoding="utf-8")
        original_tree = ast.parse(original)
        for key, code in sorted(codes.items()):
            mangled, _, number = key.rpartition(".")[2].rpartition("__mutmut_")
            name, owner = _original_name(mangled)
            orig = functions[f"{mangled}__mutmut_orig"]
            mutated = functions[f"{mangled}__mutmut_{number}"]
            a = lines[orig.lineno - 1:orig.end_lineno]
            b = lines[mutated.lineno - 1:mutated.end_lineno]
            line, before, after = 0, [], []
            for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a[1:], b[1:]).get_opcodes():
                if tag != "equal":
                    line = line or i1 + 1
                    before += [s.strip() for s in a[1 + i1:1 + i2]]
                    after += [s.strip() for s in b[1 + j1:1 + j2]]
            if not before and not after:               # the change is in the def line
                before, after = [a[0].strip()], [b[0].strip()]
            def_line = _source_def_line(original_tree, name, owner)
            status = "not checked" if code is None else STATUS.get(code, f"exit {code}")
            yield Mutant(game, module, f"{owner}.{name}" if owner else name, key, status,
                         def_line + line, " ".join(before) or "(nothing)",
                         " ".join(after) or "(removed)")


def load_equivalents() -> list[dict[str, str]]:
    if not EQUIVALENTS.exists():
        return []
    with EQUIVALENTS.open("rb") as handle:
        entries = tomllib.load(handle).get("equivalent", [])
    for entry in entries:
        missing = {"game", "module", "function", "reason"} - set(entry)
        if missing or ("before" in entry) != ("after" in entry):
            raise SystemExit(f"{EQUIVALENTS}: an entry needs game, module, function, reason "
                             f"and both or neither of before and after: {entry}")
    return list(entries)


def _matches(entry: dict[str, str], mutant: Mutant) -> bool:
    """An entry names one mutant (``before`` and ``after``: the line and its change, as
    the report prints them) or, without them, every mutant of a function that play never
    calls (its reason must say why)."""
    if (entry["game"], entry["module"], entry["function"]) != \
            (mutant.game, mutant.module, mutant.function):
        return False
    return "before" not in entry or (entry["before"], entry["after"]) == (mutant.before, mutant.after)


def results(game: str, seconds: float | None) -> GameResult:
    """The figures of ``game``'s last run (its copy's result files)."""
    result = GameResult(game, seconds)
    declared = [e for e in load_equivalents() if e["game"] == game]
    used: set[int] = set()
    for module in rule_modules(game):
        result.modules[module] = Figures()
    for mutant in mutants_of(game, BUILD / game):
        hits = [i for i, e in enumerate(declared) if _matches(e, mutant)]
        if hits and mutant.status != KILLED:
            mutant.equivalent = declared[hits[0]]["reason"]
            used.update(hits)
            result.equivalents.append(mutant)
        elif mutant.status != KILLED:
            result.survivors.append(mutant)
        result.modules[mutant.module].add(mutant)
    result.stale = [e for i, e in enumerate(declared) if i not in used]
    return result


def print_report(result: GameResult) -> None:
    total = result.total
    took = f", {result.seconds / 60:.1f} min" if result.seconds is not None else ""
    print(f"\n== {result.game}: score {total.score:.1%} ({total.killed} of "
          f"{total.mutants - total.equivalent} non-equivalent mutants killed{took})")
    head = ("module", "mutants", "killed", "survived", "no test", "equivalent", "timeout", "score")
    print("{:<16}{:>9}{:>8}{:>10}{:>9}{:>12}{:>9}{:>8}".format(*head))
    for module, f in [*sorted(result.modules.items()), ("all", total)]:
        survived = f.survived + f.other
        print(f"{module:<16}{f.mutants:>9}{f.killed:>8}{survived:>10}{f.no_test:>9}"
              f"{f.equivalent:>12}{f.timeout:>9}{f.score:>8.1%}")
    if result.survivors:
        print(f"-- survivors of {result.game} (module:line function: change)")
        for m in sorted(result.survivors, key=lambda m: (m.module, m.line, m.name)):
            tag = "" if m.status == SURVIVED else f" [{m.status}]"
            print(f"{m.module}:{m.line} {m.function}{tag}: {m.change()}")
    for entry in result.stale:
        print(f"!! declared equivalent but no such surviving mutant (killed, or gone): {entry}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=None,
                        help="games to run (default: every game with declared rule modules)")
    parser.add_argument("--workers", type=int, default=1, help="mutmut's workers (default 1)")
    parser.add_argument("--revision", default=None,
                        help="copy the tracked files as committed in this revision (e.g. HEAD) "
                             "instead of as they are on disk; new untracked files come as on disk")
    parser.add_argument("--report-only", action="store_true",
                        help="report the last run's results without running mutmut")
    args = parser.parse_args(argv)
    games = args.games or list(RULE_MODULES)
    unknown = set(games) - set(RULE_MODULES)
    if unknown:
        parser.error(f"unknown games {sorted(unknown)}; known: {', '.join(RULE_MODULES)}")
    previous = json.loads(REPORT.read_text(encoding="utf-8")) if REPORT.exists() else {}
    report = dict(previous.get("games", {}))
    below = []
    for game in games:
        seconds = None if args.report_only else run(game, args.workers, args.revision)
        if seconds is None:
            seconds = report.get(game, {}).get("seconds")
        result = results(game, seconds)
        print_report(result)
        total = result.total
        report[game] = {
            "seconds": seconds, "score": total.score, "total": asdict(total),
            "modules": {m: {**asdict(f), "score": f.score} for m, f in result.modules.items()},
            "survivors": [asdict(m) for m in result.survivors],
            "equivalents": [asdict(m) for m in result.equivalents],
            "stale_equivalents": result.stale,
        }
        if total.score < REQUIRED:
            below.append(f"{game} {total.score:.1%}")
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps({"required": REQUIRED, "games": report}, indent=1,
                                 ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nwritten: {REPORT.relative_to(ROOT)}")
    if below:
        print(f"below {REQUIRED:.0%}: {', '.join(below)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
