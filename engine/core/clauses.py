"""Clause ids in code: the :func:`implements` decorator and clause rendering.

An engine function that carries out a rule names the clause with
``@implements("medici_vs_strozzi:turn.draw")``. The decorator only sets a
``__clauses__`` attribute (no registry, no global state); ``regelwerk check``
walks the engine modules and links every clause to the functions that cite it.

A function compiled by mypyc (the compiled build, ``setup.py``) takes no
attributes; for it the decorator returns the function unchanged, and
:func:`cited_clauses` reads the marks from the decorators in the module's
source instead (:func:`source_marks`), so both builds cite the same clauses.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import string
import sys
from collections.abc import Callable, Iterator
from contextlib import suppress
from functools import cache
from pathlib import Path
from types import FunctionType, ModuleType
from typing import Any, TypeVar

from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.engine.core.spec import Number, Spec, SpecError

F = TypeVar("F", bound=Callable[..., Any])

#: The attribute :func:`implements` sets on a function (a Callable type declares no such field).
CLAUSES_ATTRIBUTE = "__clauses__"


def prefix(game: str) -> str:
    """What every clause id of ``game`` starts with (``"florenz:"``): the one place that
    says how a clause id names its game (a module writes ``C = prefix(GAME_ID)``)."""
    return f"{game}:"


def implements(*clause_ids: str) -> Callable[[F], F]:
    """Mark a function as the implementation of the given clause ids."""

    def mark(fn: F) -> F:
        marks = tuple(getattr(fn, CLAUSES_ATTRIBUTE, ()))
        with suppress(AttributeError):   # a compiled function takes none: see source_marks
            setattr(fn, CLAUSES_ATTRIBUTE, marks + clause_ids)
        return fn

    return mark


def cited_clauses(obj: Any, qualname: str | None = None) -> tuple[str, ...]:
    """The clause ids ``obj`` is marked with (``qualname``: its name in its module, for a
    compiled method that does not tell it)."""
    marks = getattr(obj, CLAUSES_ATTRIBUTE, None)
    if marks is not None:
        return tuple(marks)
    module = _compiled_module(obj)
    name = getattr(obj, "__qualname__", qualname)
    return () if module is None or name is None else source_marks(module).get(name, ())


def _compiled_module(obj: Any) -> ModuleType | None:
    """The module of a function or method compiled by mypyc (``None`` for anything else):
    a routine that is not a Python function, of a module that is not a ``.py`` file."""
    if isinstance(obj, FunctionType) or not inspect.isroutine(obj):
        return None
    owner = getattr(obj, "__objclass__", obj)        # a compiled class's method
    module = sys.modules.get(getattr(owner, "__module__", None) or "")
    file = getattr(module, "__file__", None)     # none: a built-in module
    return None if file is None or str(file).endswith(".py") else module


@cache
def source_marks(module: ModuleType) -> dict[str, tuple[str, ...]]:
    """``{qualified name: clause ids}`` of the ``@implements`` decorators in ``module``'s
    source (the ``.py`` file beside a compiled one), each clause id worked out in the
    module's namespace (``C + "turn"``)."""
    path = Path(str(module.__file__))
    source = path.with_name(path.name.split(".", 1)[0] + ".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found: dict[str, tuple[str, ...]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.FunctionDef):
                ids: tuple[str, ...] = ()
                for decorator in reversed(node.decorator_list):    # applied inside out
                    if isinstance(decorator, ast.Call) and \
                            getattr(decorator.func, "id", None) == "implements":
                        ids += tuple(eval(compile(ast.Expression(arg), str(source), "eval"),
                                          vars(module)) for arg in decorator.args)
                if ids:
                    found[prefix + node.name] = ids

    visit(tree.body, "")
    return found


def implementations(package: str) -> Iterator[tuple[str, str]]:
    """``(qualified function name, clause id)`` for every marked function under ``package``."""
    root = importlib.import_module(package)
    names = [package]
    if hasattr(root, "__path__"):
        names += [m.name for m in pkgutil.walk_packages(root.__path__, f"{package}.")]
    seen: set[int] = set()
    for name in names:
        module = importlib.import_module(name)
        for attribute, obj in inspect.getmembers(module):
            candidates = [(attribute, obj)]
            if inspect.isclass(obj):      # routines: a compiled class's methods are no functions
                candidates += [(f"{obj.__qualname__}.{method}", m)
                               for method, m in inspect.getmembers(obj, inspect.isroutine)]
            for called, item in candidates:
                owner = getattr(item, "__objclass__", item)
                if id(item) in seen or getattr(owner, "__module__", None) != name:
                    continue
                seen.add(id(item))
                qualname = getattr(item, "__qualname__", called)
                for clause_id in cited_clauses(item, qualname):
                    yield f"{name}.{qualname}", clause_id


ASSUMED_MARK = N_("{value} (assumed)")


class _SpecFormatter(string.Formatter):
    """``{path.to.number}`` -> the spec value; assumed values pass through ``mark``;
    ``{path.to.number:range}`` -> the range a proof covers for it (``low..high``)."""

    def __init__(self, spec: Spec, mark: Callable[[Number, str], str], lang: str = "en") -> None:
        self.spec = spec
        self.mark = mark
        self.terms = {t.key: getattr(t, lang, t.en) for t in spec.glossary}

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, str]:
        if field_name in kwargs:
            return kwargs[field_name], field_name
        number = self.spec.number(field_name)
        return number, field_name

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Number) and format_spec == "range":
            low, high = value.range or (value.value, value.value)
            return f"{low}..{high}"
        if isinstance(value, Number):
            shown = format_value(self._localise(value.value), format_spec)
            return self.mark(value, shown) if value.assumed else shown
        return format(value, format_spec)

    def _localise(self, value: Any) -> Any:
        """Glossary keys (``"furs"``) become the term of the reader's language."""
        if isinstance(value, str):
            return self.terms.get(value, value)
        if isinstance(value, list | tuple):
            return [self._localise(v) for v in value]
        if isinstance(value, dict):
            return {self._localise(k): self._localise(v) for k, v in value.items()}
        return value


def format_value(value: Any, format_spec: str = "") -> str:
    """A spec value as text: lists joined by commas, tables as ``key: value`` pairs."""
    if isinstance(value, dict):
        return "; ".join(f"{k}: {format_value(v, format_spec)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        parts = [format_value(v, format_spec) for v in value]
        nested = any(isinstance(v, list | tuple | dict) for v in value)
        return " | ".join(parts) if nested else ", ".join(parts)
    return format(value, format_spec)


def plain_mark(lang: str) -> Callable[[Number, str], str]:
    template = gettext_for(lang, ASSUMED_MARK)
    return lambda number, shown: template.format(value=shown)


def clause_title(spec: Spec, clause_id: str, lang: str) -> str:
    clause = spec.clause(clause_id)
    return pgettext_for(lang, f"{clause_id}#title", clause.title)


def clause_text(spec: Spec, clause_id: str, lang: str,
                mark: Callable[[Number, str], str] | None = None) -> str:
    """The clause in ``lang`` with every ``{number}`` filled in from the spec."""
    clause = spec.clause(clause_id)
    template = pgettext_for(lang, clause_id, clause.text)
    try:
        return _SpecFormatter(spec, mark or plain_mark(lang), lang).format(template)
    except (KeyError, SpecError, IndexError, ValueError) as exc:
        raise SpecError(N_("{file}:{line}: clause {clause} ({lang}): {error}"), file=clause.file,
                        line=clause.line, clause=clause_id, lang=lang, error=exc) from None


def fill(spec: Spec, template: str, lang: str,
         mark: Callable[[Number, str], str] | None = None, **kwargs: Any) -> str:
    """Fill ``{spec.paths}`` and keyword fields of any translated template."""
    return _SpecFormatter(spec, mark or plain_mark(lang), lang).format(template, **kwargs)
