"""Load a game's spec: numbers with their sources, clauses, interpretations, glossary.

Every number a rule uses lives once, in ``spec/<game>/*.toml``. A leaf is a
table with ``value``, ``source`` and ``confidence`` (``stated`` in the rule
text, ``sourced`` from the public facts in ``shared/data``, ``derived`` from the
text's examples, or ``assumed`` and marked as such wherever shown),
optionally ``unit``, ``reason`` and ``range`` (the values an invariant must hold
for when the number is not printed in the rulebook)::

    [economy.start_money]
    value = 300
    source = "Spielvorbereitung"
    confidence = "stated"

A table without ``value`` is a group of numbers. Every table the loader reads
has a declared set of keys (:data:`SCHEMAS`); any other key is refused, so a
typo such as ``rnage`` never loads silently as a default.

The engine, the z3 models and the docs read numbers through :class:`Spec`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from regelwerk.engine.core import files
from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.schema import check, value_schema

CONFIDENCES = ("stated", "sourced", "derived", "assumed")


@dataclass(frozen=True)
class Schema:
    """The keys one kind of table must have and may have; any other key is refused."""

    required: frozenset[str]
    optional: frozenset[str] = frozenset()

    @property
    def allowed(self) -> frozenset[str]:
        return self.required | self.optional


def _schema(required: str, optional: str = "") -> Schema:
    return Schema(frozenset(required.split()), frozenset(optional.split()))


#: Every kind of table the loader reads, by name.
SCHEMAS: Mapping[str, Schema] = MappingProxyType({
    # A number leaf in spec/<game>/numbers.toml or board.toml.
    "number": _schema("value source confidence", "reason unit range"),
    # A leaf of a user's printed-board file: source defaults to the file, confidence to stated.
    "board_number": _schema("value", "source confidence reason unit range"),
    # numbers.toml [meta]: what the games list, the engines and the docs read.
    "meta": _schema("", "id title edition rulebook players solo_players solo_colours"),
    # kind: "rule" (default: an engine function implements it) or "statement" (a clause
    # about the rule text itself, such as where it comes from: nothing in play to implement)
    "clause": _schema("id group title text source", "kind"),
    # variant: the rule option that plays every reading (its values are the options' ids,
    # the decision its default); plays_alike + plays_alike_test: why the readings cannot
    # differ in play, and the test that shows it; text_says: the option the rule text
    # itself gives, where it gives one; departure: the text's support for deciding
    # otherwise (issue 29).
    "interpretation": _schema("id question evidence options decision reason clauses tests",
                              "variant plays_alike plays_alike_test text_says departure"),
    "evidence": _schema("edition section note"),
    "option": _schema("id text"),
    "term": _schema("key en de", "note"),
    # The top level of the files that hold arrays of tables.
    "clauses.toml": _schema("", "clause"),
    "interpretations.toml": _schema("", "interpretation"),
    "glossary.toml": _schema("", "term"),
})


class SpecError(LocalizedError):
    """A spec, board file or option is malformed; the message names the file and the key.

    Raised with an ``N_`` template and fields (:class:`LocalizedError`), so the
    command line shows it in the reader's language.
    """


@dataclass(frozen=True)
class Number:
    """One value of the rules with its provenance."""

    path: str
    value: Any
    source: str
    confidence: str
    reason: str = ""
    unit: str = ""
    range: tuple[int, int] | None = None
    file: str = ""

    @property
    def assumed(self) -> bool:
        return self.confidence == "assumed"

    @property
    def schema(self) -> dict[str, Any]:
        """What may replace this number (a printed board): a value of the same types, nested
        the same way; a whole number within ``range`` if the spec gives one."""
        scalar = type(self.value) is int
        return value_schema(self.value, self.range if scalar else None)


@dataclass(frozen=True)
class Clause:
    """One rule clause: a stable id, its group, its English text and its source.

    ``text`` may name spec numbers as ``{path.to.number}``; they are filled in
    when the clause is shown (:meth:`Spec.clause_text`), so a number is never
    retyped into prose.
    """

    id: str
    group: str
    title: str
    text: str
    source: str
    file: str = ""
    line: int = 0
    kind: str = "rule"

    @property
    def statement(self) -> bool:
        """A clause about the rule text itself: no engine function implements it."""
        return self.kind == "statement"


#: The kinds a clause may be (``kind`` in clauses.toml).
CLAUSE_KINDS = ("rule", "statement")


@dataclass(frozen=True)
class Interpretation:
    """A decision where the rule text is silent, ambiguous or the editions differ."""

    id: str
    question: str
    evidence: tuple[Mapping[str, str], ...]
    options: tuple[Mapping[str, str], ...]
    decision: str
    reason: str
    clauses: tuple[str, ...]
    tests: tuple[str, ...]
    variant: str = ""
    plays_alike: str = ""
    plays_alike_test: str = ""
    text_says: str = ""
    departure: str = ""

    @property
    def readings(self) -> tuple[str, ...]:
        """The options' ids, the decision first: the values of :attr:`variant`."""
        ids = tuple(o["id"] for o in self.options)
        return (self.decision, *(i for i in ids if i != self.decision))

    @property
    def open(self) -> bool:
        """Whether the entry offers two or more readings (then it must be playable or
        carry its tested reason, :attr:`plays_alike`)."""
        return len(self.options) >= 2


@dataclass(frozen=True)
class Term:
    """A glossary entry: the German and English term for one thing of the game."""

    key: str
    en: str
    de: str
    note: str = ""


@dataclass(frozen=True)
class Spec:
    """Everything ``spec/<game>/`` says about one game."""

    game: str
    numbers: Mapping[str, Number]
    clauses: Mapping[str, Clause]
    interpretations: Mapping[str, Interpretation]
    glossary: tuple[Term, ...] = field(default_factory=tuple)
    meta: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, path: str) -> Any:
        """The value at ``path`` (``spec["economy.start_money"]`` -> 300)."""
        try:
            return self.numbers[path].value
        except KeyError:
            raise SpecError(N_("{game}: no number {path!r} in spec/{game}/"),
                            game=self.game, path=path) from None

    def number(self, path: str) -> Number:
        try:
            return self.numbers[path]
        except KeyError:
            raise SpecError(N_("{game}: no number {path!r} in spec/{game}/"),
                            game=self.game, path=path) from None

    def clause(self, clause_id: str) -> Clause:
        try:
            return self.clauses[clause_id]
        except KeyError:
            raise SpecError(N_("unknown clause {clause!r}"), clause=clause_id) from None

    def file_of(self, prefix: str) -> str:
        """Where the numbers under ``prefix`` (``board``) come from, for an error message:
        the files that override them (a user's printed board) if any, else the spec's."""
        files = dict.fromkeys(n.file for p, n in self.numbers.items()
                              if p == prefix or p.startswith(prefix + "."))
        overrides = [f for f in files if not f.startswith("spec/")]
        return ", ".join(overrides or files)

    def assumed(self) -> Iterator[Number]:
        return (n for n in self.numbers.values() if n.assumed)

    def board_schema(self) -> dict[str, Any]:
        """The schema of a printed board's numbers (``{path: value}``): every key a number
        of this spec, every value fitting that number's :attr:`Number.schema`."""
        return {"type": "object", "additionalProperties": False,
                "properties": {path: number.schema for path, number in self.numbers.items()}}

    def checked_numbers(self, overrides: Mapping[str, Any], file: str | None = None) -> Spec:
        """:meth:`with_numbers` for a user's values (a board file, a record's options): each
        is first checked for type, shape and range against the number it replaces, and a
        failure is a :class:`SpecError` naming the file and the number's path."""
        file = file or getattr(overrides, "file", None) or "(override)"
        for path, value in overrides.items():
            number = self.numbers.get(path)
            if number is None:
                raise SpecError(N_("{file}: {game} has no number {path!r}"), file=file,
                                game=self.game, path=path)
            check(number.schema, value, SpecError, file, path)
        return self.with_numbers(overrides, file)

    def with_numbers(self, overrides: Mapping[str, Any], file: str | None = None) -> Spec:
        """A copy where some values are replaced (a printed board, a mutant rule).

        ``file``: where the new values come from (default: the file of a
        :class:`BoardFile`, else ``(override)``), so errors name the user's file.
        """
        file = file or getattr(overrides, "file", None) or "(override)"
        numbers = dict(self.numbers)
        for path, value in overrides.items():
            if path not in self.numbers:
                raise SpecError(N_("{file}: {game} has no number {path!r}"), file=file,
                                game=self.game, path=path)
            old = self.numbers[path]
            numbers[path] = Number(path, value, f"override of {old.source}", "stated",
                                   file=file, range=old.range)
        return Spec(self.game, MappingProxyType(numbers), self.clauses,
                    self.interpretations, self.glossary, self.meta)


def _check_keys(table: Mapping[str, Any], kind: str, file: str, path: str) -> None:
    """Refuse a key ``kind``'s schema does not know, then a missing required key;
    ``path`` names the table in the file (``economy.start_money``, ``clause[<id>]``)."""
    schema = SCHEMAS[kind]
    unknown = sorted(table.keys() - schema.allowed)
    if unknown:
        raise SpecError(N_("{file}: unknown key {keys} (allowed: {allowed})"), file=file,
                        keys=", ".join(f"{path}.{k}" if path else k for k in unknown),
                        allowed=", ".join(sorted(schema.allowed)))
    missing = schema.required - table.keys()
    if missing:
        raise SpecError(N_("{file}: {path} lacks {keys}"), file=file, path=path,
                        keys=", ".join(sorted(missing)))


def _check_range(rng: Any, file: str, path: str) -> tuple[int, int] | None:
    if rng is None:
        return None
    if not (isinstance(rng, list) and len(rng) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in rng)
            and rng[0] <= rng[1]):
        raise SpecError(N_("{file}: {path}.range must be [low, high], two whole numbers with "
                           "low <= high, not {range}"), file=file, path=path, range=rng)
    return rng[0], rng[1]


def _number(item: Mapping[str, Any], path: str, file: str, kind: str) -> Number:
    _check_keys(item, kind, file, path)
    item = {"source": file, "confidence": "stated", **item}
    if item["confidence"] not in CONFIDENCES:
        raise SpecError(N_("{file}: {path}: confidence must be one of {choices}"),
                        file=file, path=path, choices=CONFIDENCES)
    if item["confidence"] == "assumed" and not item.get("reason"):
        raise SpecError(N_("{file}: {path} is assumed but gives no reason"),
                        file=file, path=path)
    return Number(path, item["value"], item["source"], item["confidence"],
                  item.get("reason", ""), item.get("unit", ""),
                  _check_range(item.get("range"), file, path), file)


def _flatten(table: Mapping[str, Any], prefix: str, file: str,
             kind: str = "number") -> Iterator[Number]:
    """The numbers of a group (``kind``: the schema of its leaves). A group holds
    only tables; a group with other keys is a leaf that lost its ``value``."""
    loose = {k: v for k, v in table.items() if not isinstance(v, dict)}
    if loose:
        _check_keys(loose, "number", file, prefix)  # names a typo such as ``vlaue``
        raise SpecError(N_("{file}: {path} lacks {keys}"), file=file, path=prefix or "(top)",
                        keys="value")
    for key, item in table.items():
        path = f"{prefix}.{key}" if prefix else key
        if "value" in item:
            yield _number(item, path, file, kind)
        else:
            yield from _flatten(item, path, file, kind)


def _read(folder: Any, name: str) -> tuple[dict[str, Any], str]:
    entry = folder / name
    if not entry.is_file():
        return {}, name
    text = entry.read_text(encoding="utf-8")
    try:
        return tomllib.loads(text), f"spec/{folder.name}/{name}"
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(N_("{file}: not valid TOML: {error}"),
                        file=f"spec/{folder.name}/{name}", error=exc) from None


def _clause_lines(text: str) -> dict[str, int]:
    lines = {}
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("id = "):
            lines[stripped[5:].strip().strip('"')] = number
    return lines


def load_numbers(data: Mapping[str, Any], file: str) -> dict[str, Number]:
    """Flatten a numbers/board TOML table into ``path -> Number``."""
    return {n.path: n for n in _flatten(data, "", file)}


def _records(data: Mapping[str, Any], name: str, kind: str, file: str,
             ident: str = "id") -> Iterator[Mapping[str, Any]]:
    """The ``[[kind]]`` tables of ``name`` (``clauses.toml``), each checked against its schema."""
    _check_keys(data, name, file, "")
    for raw in data.get(kind, []):
        _check_keys(raw, kind, file, f"{kind}[{raw.get(ident, '?')}]")
        yield raw


class BoardFile(dict[str, Any]):
    """A printed-board file's ``{path: value}`` overrides; ``file`` names the file."""

    def __init__(self, values: Mapping[str, Any], file: str) -> None:
        super().__init__(values)
        self.file = file


def load_board_file(path: Path) -> BoardFile:
    """Read a user's printed-board file: ``{path: value}`` overrides for :meth:`Spec.with_numbers`.

    Leaves need only ``value`` (source defaults to the file, confidence to stated); a file
    over :data:`~regelwerk.engine.core.files.MAX_INPUT_BYTES` is refused before it is read.
    """
    try:
        text = files.read_limited(path, SpecError).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(N_("{file}: not a UTF-8 text file ({error})"), file=path,
                        error=exc.reason) from None
    try:
        data = tomllib.loads(text)
        numbers = {n.path: n.value for n in _flatten(data, "", str(path), "board_number")}
    except tomllib.TOMLDecodeError as exc:
        raise SpecError(N_("{file}: not valid TOML: {error}"), file=path, error=exc) from None
    except SpecError:
        raise
    except ValueError as exc:        # an integer longer than Python reads (4,300 digits)
        raise SpecError(N_("{file}: not a board file ({error})"), file=path, error=exc) from None
    except RecursionError:
        raise SpecError(N_("{file}: nested too deeply to be a board file"), file=path) from None
    return BoardFile(numbers, str(path))


@cache
def load(game: str) -> Spec:
    """Read ``spec/<game>/`` (numbers, board, clauses, interpretations, glossary)."""
    folder = resources.files("regelwerk.spec") / game
    if not folder.is_dir():
        raise SpecError(N_("no spec folder for game {game!r}"), game=game)
    return load_folder(folder)


@cache
def _glossary(game: str) -> dict[str, Term]:
    return {term.key: term for term in load(game).glossary}


def glossary_word(game: str, key: str, lang: str) -> str:
    """The glossary's word for ``key`` in ``lang`` (German or English), or ``key`` itself
    where the glossary has no entry."""
    found = _glossary(game).get(key)
    return key if found is None else (found.de if lang == "de" else found.en)


def seat_word(game: str, key: str, lang: str) -> str:
    """A seat's name (a key of ``meta.players``) in ``lang``: its glossary word,
    capitalised as a name (the players are addressed by their colours)."""
    word = glossary_word(game, key, lang)
    return word[:1].upper() + word[1:]


def load_folder(folder: Any) -> Spec:
    """Read one spec folder (a path or a package resource), named for its game."""
    game = folder.name
    numbers: dict[str, Number] = {}
    meta: dict[str, Any] = {}
    for name in ("numbers.toml", "board.toml"):
        data, file = _read(folder, name)
        if name == "numbers.toml":
            meta = data.pop("meta", {})
            _check_keys(meta, "meta", file, "meta")
        for path, number in load_numbers(data, file).items():
            if path in numbers:
                raise SpecError(N_("{file}: {path} is already defined in {other}"),
                                file=file, path=path, other=numbers[path].file)
            numbers[path] = number

    clauses: dict[str, Clause] = {}
    data, file = _read(folder, "clauses.toml")
    lines = _clause_lines((folder / "clauses.toml").read_text(encoding="utf-8")) if data else {}
    for raw in _records(data, "clauses.toml", "clause", file):
        if not raw["id"].startswith(f"{game}:"):
            raise SpecError(N_("{file}: clause id {clause!r} must start with '{game}:'"),
                            file=file, clause=raw["id"], game=game)
        if raw["id"] in clauses:
            raise SpecError(N_("{file}: clause id {clause!r} appears twice"), file=file,
                            clause=raw["id"])
        kind = raw.get("kind", "rule")
        if kind not in CLAUSE_KINDS:
            raise SpecError(N_("{file}: clause {clause!r}: kind must be one of {kinds}, "
                               "not {value!r}"), file=file, clause=raw["id"],
                            kinds=", ".join(CLAUSE_KINDS), value=kind)
        clauses[raw["id"]] = Clause(raw["id"], raw["group"], raw["title"], raw["text"],
                                    raw["source"], file, lines.get(raw["id"], 0), kind)

    interpretations: dict[str, Interpretation] = {}
    variants: dict[str, str] = {}
    data, file = _read(folder, "interpretations.toml")
    for raw in _records(data, "interpretations.toml", "interpretation", file):
        where = f"interpretation[{raw['id']}]"
        for kind, key in (("evidence", "evidence"), ("option", "options")):
            for index, entry in enumerate(raw[key]):
                _check_keys(entry, kind, file, f"{where}.{key}[{index}]")
        item = Interpretation(
            raw["id"], raw["question"], tuple(raw["evidence"]), tuple(raw["options"]),
            raw["decision"], raw["reason"], tuple(raw["clauses"]), tuple(raw["tests"]),
            raw.get("variant", ""), raw.get("plays_alike", ""), raw.get("plays_alike_test", ""),
            raw.get("text_says", ""), raw.get("departure", ""))
        ids = {o["id"] for o in item.options}
        if item.decision not in ids:
            raise SpecError(N_("{file}: {id}: decision {decision!r} is not an option"),
                            file=file, id=item.id, decision=item.decision)
        if item.text_says and item.text_says not in ids:
            raise SpecError(N_("{file}: {id}: text_says {decision!r} is not an option"),
                            file=file, id=item.id, decision=item.text_says)
        if bool(item.plays_alike) != bool(item.plays_alike_test):
            raise SpecError(N_("{file}: {id}: plays_alike and plays_alike_test go together"),
                            file=file, id=item.id)
        if item.variant and item.variant in variants:
            raise SpecError(N_("{file}: {id}: variant {name!r} is named by {other} already"),
                            file=file, id=item.id, name=item.variant,
                            other=variants[item.variant])
        if item.variant:
            variants[item.variant] = item.id
        interpretations[item.id] = item

    data, file = _read(folder, "glossary.toml")
    glossary = tuple(Term(t["key"], t["en"], t["de"], t.get("note", ""))
                     for t in _records(data, "glossary.toml", "term", file, ident="key"))
    return Spec(game, MappingProxyType(numbers), MappingProxyType(clauses),
                MappingProxyType(interpretations), glossary, MappingProxyType(meta))
