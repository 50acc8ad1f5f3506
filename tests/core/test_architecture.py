"""The shape of the ``regelwerk`` package (issue 36): no module imports another in a
cycle, no module imports a private name of another, the command line is one entry
point and one module per command.

The cycle check reads the import graph with grimp (import-linter's graph library; the
``[tool.importlinter]`` contracts in pyproject.toml say the same for ``lint-imports``);
it counts every import, also one inside a function. ``regelwerk.engine.*`` and
``regelwerk.verification.*`` install from other folders; a second graph lays them out as
installed (``tools/typecheck/``) and checks them too, type-only imports left out.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from regelwerk import commands

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "regelwerk"
#: The folders whose modules install as ``regelwerk.*`` (pyproject.toml, package-dir).
LAYERS = {"regelwerk": PACKAGE, "regelwerk.engine": ROOT / "engine",
          "regelwerk.verification": ROOT / "verification"}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (or a module importing
    itself): each is a set of modules that import one another in a circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:      # Tarjan's algorithm, without recursion
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in edges.get(node, ()):
                        found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_circle_and_nothing_else() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}, "f": {"d"}}
    assert sorted(cycles(edges)) == [["a", "b", "c"], ["e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_regelwerk_imports_another_in_a_cycle() -> None:
    graph = grimp.build_graph("regelwerk", include_external_packages=False)
    edges = {module: set(graph.find_modules_directly_imported_by(module))
             for module in graph.modules}
    assert {"regelwerk.cli", "regelwerk.site", "regelwerk.trace", "regelwerk.report",
            "regelwerk.commands.docs"} <= set(edges)
    assert "regelwerk.site" in edges["regelwerk.commands.docs"]    # the graph sees lazy imports
    assert cycles(edges) == []


#: Prints the import graph of the engine and verification layers, which install from other
#: folders (run in tools/typecheck/, which lays them out as installed, for mypy and for
#: this), type-only imports (``if TYPE_CHECKING:``) left out: they never run.
WHOLE_GRAPH = """
import json
import grimp
graph = grimp.build_graph("regelwerk", include_external_packages=False,
                          exclude_type_checking_imports=True)
print(json.dumps({m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}))
"""


def test_no_module_of_the_engines_or_proofs_imports_another_in_a_cycle() -> None:
    """ARCHITECTURE.md, "Inside a game package": each game's package imports one way (rules,
    state, behaviour, game), and no import hides inside a function to dodge a cycle."""
    found = subprocess.run([sys.executable, "-c", WHOLE_GRAPH], capture_output=True, text=True,
                           check=True, cwd=ROOT / "tools" / "typecheck")
    edges = {module: set(targets) for module, targets in json.loads(found.stdout).items()}
    for game in ("florenz", "il_vecchio", "lorenzo", "medici_vs_strozzi"):
        assert f"regelwerk.engine.{game}.rules" in edges
        assert f"regelwerk.verification.{game}" in edges
    assert "regelwerk.engine.core.errors" in edges["regelwerk.engine.core.records"]
    assert cycles(edges) == []


def test_nothing_imports_the_entry_point() -> None:
    graph = grimp.build_graph("regelwerk", include_external_packages=False)
    assert graph.find_modules_that_directly_import("regelwerk.cli") == {"regelwerk.__main__"}


def module_name(path: Path) -> str:
    """The import name of a source file of one of :data:`LAYERS`."""
    for package, folder in LAYERS.items():
        if path.is_relative_to(folder):
            parts = [*package.split("."), *path.relative_to(folder).with_suffix("").parts]
            return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    raise ValueError(path)


def is_module(name: str) -> bool:
    """Whether ``name`` is a module or package of one of :data:`LAYERS`."""
    for package, folder in sorted(LAYERS.items(), key=lambda item: -len(item[0])):
        if name == package or name.startswith(package + "."):
            rest = name[len(package) + 1:].split(".") if name != package else []
            target = folder.joinpath(*rest)
            return target.with_suffix(".py").is_file() or (target / "__init__.py").is_file()
    return False


def private(attr: str) -> bool:
    return attr.startswith("_") and not (attr.startswith("__") and attr.endswith("__"))


def private_imports(text: str, name: str, is_package: bool = False) -> list[str]:
    """Each private name (``_x``, not ``__x__``) module ``name`` (its source ``text``) takes
    from another regelwerk module: ``from regelwerk.m import _x``, ``from . import _x``, or
    ``m._x`` and ``regelwerk.m._x`` where ``m`` is a regelwerk module it imported."""
    package = name if is_package else name.rpartition(".")[0]
    tree = ast.parse(text)
    modules: set[str] = set()        # local names bound to regelwerk modules
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                parts = package.split(".")
                source = ".".join([*parts[:len(parts) - node.level + 1], *filter(None, [source])])
            if not source.startswith("regelwerk"):
                continue
            for alias in node.names:
                if private(alias.name) and source != name:
                    found.append(f"{name}: from {source} import {alias.name}")
                elif is_module(f"{source}.{alias.name}"):
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("regelwerk"):
                    modules.add(alias.asname or alias.name.partition(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            root = node.value
            while isinstance(root, ast.Attribute):
                root = root.value
            if isinstance(root, ast.Name) and root.id in modules:
                found.append(f"{name}: {ast.unparse(node)}")
    return found


def sources() -> list[Path]:
    return sorted(path for folder in LAYERS.values() for path in folder.rglob("*.py")
                  if "__pycache__" not in path.parts)


def test_the_private_import_finder_sees_each_form() -> None:
    text = ("from regelwerk.games import _hidden\nfrom . import _near\n"
            "from regelwerk import games\ngames._inner()\nfrom regelwerk.games import get\n"
            "get._attribute\nimport regelwerk.games\nregelwerk.games._deep\n"
            "x = object()\nx._own\nfrom .options import _opt\n")
    assert sorted(private_imports(text, "regelwerk.commands.probe")) == [
        "regelwerk.commands.probe: from regelwerk.commands import _near",
        "regelwerk.commands.probe: from regelwerk.commands.options import _opt",
        "regelwerk.commands.probe: from regelwerk.games import _hidden",
        "regelwerk.commands.probe: games._inner",
        "regelwerk.commands.probe: regelwerk.games._deep"]
    assert module_name(PACKAGE / "commands" / "__init__.py") == "regelwerk.commands"
    assert module_name(ROOT / "engine" / "core" / "spec.py") == "regelwerk.engine.core.spec"


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_a_private_name_of_another(path: Path) -> None:
    assert private_imports(path.read_text(encoding="utf-8"), module_name(path),
                           path.name == "__init__.py") == []


def test_the_entry_point_is_all_cli_holds() -> None:
    tree = ast.parse((PACKAGE / "cli.py").read_text(encoding="utf-8"))
    defined = {node.name for node in tree.body
               if isinstance(node, ast.FunctionDef | ast.ClassDef)}
    assert defined == {"main", "run"}


def test_every_command_is_a_module_with_arguments_and_run() -> None:
    folder = PACKAGE / "commands"
    shared = {"__init__", "common", "options"}
    modules = {path.stem for path in folder.glob("*.py")} - shared
    assert modules == set(commands.COMMANDS)
    for name, command in commands.COMMANDS.items():
        assert command.module == f"regelwerk.commands.{name}"
        module = commands.get(name)
        assert callable(module.add_arguments) and callable(module.run)


@pytest.mark.parametrize(("argv", "command"), [
    (["games", "--json"], "games"),
    (["--lang", "de", "simulate", "florenz", "-n", "3", "--jobs", "1"], "simulate"),
    (["--lang=en", "rule", "florenz:queue.rank"], "rule"),
    (["--la", "de", "stats", "florenz", "--json"], "stats"),
    (["replay", "x.json", "--until", "2", "--option", "a=b"], "replay"),
    (["verify"], "verify"),
])
def test_a_command_is_parsed_as_by_the_parser_of_every_command(argv: list[str],
                                                               command: str) -> None:
    assert commands.named_command(argv, "en") == command
    assert commands.parse_args(argv, "en") == commands.build_parser("en").parse_args(argv)


@pytest.mark.parametrize("argv", [[], ["--help"], ["-h", "games"], ["bogus"], ["--lang"],
                                  ["--lang", "fr", "games"]])
def test_arguments_that_name_no_command_are_left_to_the_whole_parser(argv: list[str]) -> None:
    assert commands.named_command(argv, "en") is None


def test_only_the_named_commands_module_is_imported() -> None:
    probe = ("import json, sys; from regelwerk import commands; "
             "commands.parse_args(['games', '--json'], 'en'); "
             "print(json.dumps(sorted(m for m in sys.modules "
             "if m.startswith('regelwerk.commands.'))))")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True).stdout
    assert json.loads(shown) == ["regelwerk.commands.common", "regelwerk.commands.games",
                           "regelwerk.commands.options"]


# ------------------------------------------------------------------ one home each (issue 36)
#: Every folder of Python the project runs: the layers, its tools and benchmarks, the build.
EVERYWHERE = [*LAYERS.values(), ROOT / "tools", ROOT / "benchmarks"]


def python_files(*folders: Path) -> list[Path]:
    return sorted(path for folder in folders for path in folder.rglob("*.py")
                  if "__pycache__" not in path.parts)


def clause_prefixes(text: str) -> list[str]:
    """Each clause prefix a module spells out itself: a name bound to a game's id and a colon
    (``C = "florenz:"``, ``C = "florenz:solo."``, ``C = GAME_ID + ":"``) instead of taking
    it from :func:`regelwerk.engine.core.clauses.prefix`."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Assign | ast.AnnAssign) or node.value is None:
            continue
        value = node.value
        spelled = isinstance(value, ast.Constant) and isinstance(value.value, str) and bool(
            re.fullmatch(r"[a-z_]+:([a-z_]+\.)*", value.value))
        joined = isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) \
            and isinstance(value.right, ast.Constant) and value.right.value == ":"
        if spelled or joined:
            found.append(ast.unparse(node))
    return found


def test_the_prefix_finder_sees_each_spelling() -> None:
    text = ('C = "florenz:"\nSOLO = "florenz:solo."\nC = GAME_ID + ":"\nP: str = "lorenzo:"\n'
            'ID = "florenz:queue.rank"\nC = prefix(GAME_ID)\nURL = "https://x"\nT = "a: b"\n')
    assert clause_prefixes(text) == ["C = 'florenz:'", "SOLO = 'florenz:solo.'",
                                     "C = GAME_ID + ':'", "P: str = 'lorenzo:'"]


@pytest.mark.parametrize("path", python_files(PACKAGE, ROOT / "engine", ROOT / "verification"),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_a_clause_prefix_comes_from_its_one_home(path: Path) -> None:
    """``regelwerk/``, ``engine/`` and ``verification/`` take a game's clause prefix from
    ``clauses.prefix`` (``engine/core/clauses.py``)."""
    assert clause_prefixes(path.read_text(encoding="utf-8")) == []


def glossary_lookups(text: str) -> list[str]:
    """Each function that wraps ``glossary_word`` for one game (a ``term()`` of its own),
    where ``term = glossary_term(ID)`` is the one way."""
    return [node.name for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.FunctionDef)
            and any(isinstance(call, ast.Call) and ast.unparse(call.func) == "glossary_word"
                    and len(call.args) >= 1 and isinstance(call.args[0], ast.Constant)
                    for call in ast.walk(node))]


def test_the_glossary_finder_sees_a_wrapper() -> None:
    wrapper = 'def term(key, lang):\n    return glossary_word("florenz", key, lang)\n'
    assert glossary_lookups(wrapper) == ["term"]
    assert glossary_lookups('term = glossary_term("florenz")\n') == []


@pytest.mark.parametrize("path", python_files(ROOT / "engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_game_looks_its_words_up_in_its_glossary_one_way(path: Path) -> None:
    assert glossary_lookups(path.read_text(encoding="utf-8")) == []


def renames(text: str) -> list[str]:
    """Each call that moves a file into place: ``os.replace``, ``os.rename``, ``shutil.move``,
    or a path's ``.replace(target)`` / ``.rename(target)`` (one argument: ``str.replace``
    takes two)."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        owner = node.func.value
        named = ast.unparse(node.func)
        if named in ("os.replace", "os.rename", "os.renames", "shutil.move") or (
                node.func.attr in ("replace", "rename") and len(node.args) == 1
                and not node.keywords and named != "dataclasses.replace"
                and not isinstance(owner, ast.Constant)):
            found.append(ast.unparse(node))
    return found


def test_the_rename_finder_sees_each_form() -> None:
    text = ('os.replace(a, b)\npartial.replace(path)\nPath(x).rename(y)\nshutil.move(a, b)\n'
            's.replace("a", "b")\ndataclasses.replace(rules)\nreplace(rules, fns=f)\n'
            'state._replace(x=1)\n"-".replace("-")\n')
    assert renames(text) == ["os.replace(a, b)", "partial.replace(path)", "Path(x).rename(y)",
                             "shutil.move(a, b)"]


def test_only_the_write_rule_moves_a_file_into_place() -> None:
    """A file is written whole by one rule, ``engine/core/files.py`` (a locked, unguessable
    temporary file, fsync, rename); nothing else renames a half-written file into place."""
    found = {str(path.relative_to(ROOT)): renames(path.read_text(encoding="utf-8"))
             for path in [*python_files(*EVERYWHERE), ROOT / "setup.py"]}
    assert {path: calls for path, calls in found.items() if calls} == {
        "engine/core/files.py": ["os.replace(name, path)"]}


def pools_built(text: str) -> list[str]:
    """Each worker pool a module builds or names: ``ProcessPoolExecutor``,
    ``multiprocessing.Pool`` (also through a context, ``ctx.Pool``)."""
    found = []
    for node in ast.walk(ast.parse(text)):
        named = (isinstance(node, ast.Name) and node.id == "ProcessPoolExecutor") or (
            isinstance(node, ast.Attribute) and node.attr in ("ProcessPoolExecutor", "Pool"))
        imported = isinstance(node, ast.ImportFrom) and any(
            alias.name in ("ProcessPoolExecutor", "Pool") for alias in node.names)
        if named or imported:
            found.append(ast.unparse(node))
    return found


def test_the_pool_finder_sees_each_form() -> None:
    text = ("from concurrent.futures import ProcessPoolExecutor\nProcessPoolExecutor(2)\n"
            "mp.get_context('fork').Pool(2)\nconcurrent.futures.ProcessPoolExecutor()\n"
            "ThreadPoolExecutor(2)\nfrom distributed import LocalCluster\n")
    assert sorted(pools_built(text)) == ["ProcessPoolExecutor",
                                         "concurrent.futures.ProcessPoolExecutor",
                                         "from concurrent.futures import ProcessPoolExecutor",
                                         "mp.get_context('fork').Pool"]


def test_only_the_pool_helper_builds_a_worker_pool() -> None:
    """``simulate``, ``compare``, ``stats`` and ``verify --jobs`` spread their work with
    ``regelwerk/pools.py`` alone."""
    found = {str(path.relative_to(ROOT)): pools_built(path.read_text(encoding="utf-8"))
             for path in python_files(*EVERYWHERE)}
    assert {path for path, names in found.items() if names} == {"regelwerk/pools.py"}


def policy_sources(text: str) -> list[str]:
    """Each random player's source a module seeds itself (``Random(f"{s}/{i}/policy")``):
    how a run's seed and a game's index become the random player's draws."""
    return [ast.unparse(node) for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("Random")
            and node.args and isinstance(node.args[0], ast.JoinedStr)
            and "policy" in ast.unparse(node.args[0])]


def test_the_policy_seed_has_one_home() -> None:
    """``simulate``, ``compare`` and ``stats`` play the same games: the random player's
    source is :func:`regelwerk.simulate.policy`, written once."""
    assert policy_sources('Random(f"{s}/{i}/policy")\nrandom.Random(f"{i}/policy")\n'
                          'Random(3)\nRandom(f"{s}/play")\n') == [
        "Random(f'{s}/{i}/policy')", "random.Random(f'{i}/policy')"]
    found = {str(path.relative_to(ROOT)): policy_sources(path.read_text(encoding="utf-8"))
             for path in python_files(PACKAGE)}
    assert {path: calls for path, calls in found.items() if calls} == {
        "regelwerk/simulate.py": ["Random(f'{seed}/{index}/policy')"]}


def number_formats(text: str) -> list[str]:
    """Each use of Babel's number formatting a module makes (imported or called)."""
    names = ("format_decimal", "format_percent", "format_number", "format_currency")
    return [ast.unparse(node) for node in ast.walk(ast.parse(text))
            if (isinstance(node, ast.ImportFrom) and node.module == "babel.numbers")
            or (isinstance(node, ast.Attribute) and node.attr in names)]


def test_the_number_format_finder_sees_each_form() -> None:
    text = ("from babel.numbers import format_decimal\nbabel.numbers.format_percent(1)\n"
            "from babel import Locale\n")
    assert number_formats(text) == ["from babel.numbers import format_decimal",
                                    "babel.numbers.format_percent"]


def test_numbers_for_readers_have_one_home() -> None:
    """A count, a rate or a share in text output is formatted in the reader's locale by
    ``engine/core/numbers.py`` alone (issue 34), never by a format spec of its own."""
    found = {str(path.relative_to(ROOT)): number_formats(path.read_text(encoding="utf-8"))
             for path in python_files(*EVERYWHERE)}
    assert {path for path, uses in found.items() if uses} == {"engine/core/numbers.py"}


def variant_compares(text: str) -> list[str]:
    """Each comparison of a variant's string in rule code (``rules.variants["x"] == "y"``):
    a reading is resolved once into a typed field of the rules (ARCHITECTURE.md)."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Subscript) and ast.unparse(side.value).endswith("variants"):
                    found.append(ast.unparse(node))
    return found


def test_the_variant_compare_finder_sees_each_form() -> None:
    text = ('a = rules.variants["x"] == "y"\nb = "y" != state.rules.variants["x"]\n'
            'c = TABLE[variants["x"]]\nd = rules.solo_level == "easier"\n')
    assert variant_compares(text) == ["rules.variants['x'] == 'y'", "'y' != state.rules.variants['x']"]


@pytest.mark.parametrize("path", [p for p in python_files(ROOT / "engine") if "core" not in p.parts],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_rule_code_reads_a_reading_from_its_typed_field(path: Path) -> None:
    assert variant_compares(path.read_text(encoding="utf-8")) == []
