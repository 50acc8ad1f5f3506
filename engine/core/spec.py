"""Load a game's spec: numbers with their sources, clauses, interpretations, glossary.

Every number a rule uses lives once, in ``spec/<game>/*.toml``. A leaf is a
table with ``value``, ``source`` and ``confidence`` (``stated`` in the rule
text, ``sourced`` from the public facts in ``shared/data``, ``derived`` from the
text's examples, or ``assumed`` and marked as such wherever shown),
optionally ``unit``, ``reason`` and ``range`` (the values an invariant must hold
for when the number is not printed in the rulebook), and ``domain``: what a printed
board may put in its place (:class:`Domain`)::

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

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, partial
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from regelwerk.engine.core import files
from regelwerk.engine.core.errors import SpecError as SpecError  # its home is errors
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.schema import Limits, check, problem, value_schema

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
    "number": _schema("value source confidence", "reason unit range domain"),
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
    # A number's domain as a table (``domain = [low, high]`` is short for min and max).
    "domain": _schema("", "min max length values keys entries text_or_number"),
    "option": _schema("id text"),
    "term": _schema("key en de", "note"),
    # The top level of the files that hold arrays of tables.
    "clauses.toml": _schema("", "clause"),
    "interpretations.toml": _schema("", "interpretation"),
    "glossary.toml": _schema("", "term"),
})


#: The most entries of any list or table in a board's value, unless its domain says
#: otherwise (``entries``): more than any physical game has, few enough to set up quickly.
MAX_ENTRIES = 500
#: ``values = "any"``: a domain's texts are not limited to spec's own
ANY = ("any",)
#: ``length = "rounds.count"`` or ``"faith.max + 1"``: a list's length tied to another number
_LENGTH_REF = re.compile(r"^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*)\s*(?:([+-])\s*(\d+))?$")


@dataclass(frozen=True)
class Domain:
    """What a printed board may put in place of a number (issue 31): what the rules need to
    run, and a size a physical game can have. A value outside it is refused before play.

    Declared beside the number in spec: ``domain = [low, high]`` (every number in the
    value), ``domain = "fixed"`` (not a board number: nothing in play reads it, or it is
    no fact of a board), or a table ``{min, max, length, values, keys}``: ``length`` of a
    list is a whole number, ``[low, high]`` or another number's path (``"rounds.count"``,
    ``"faith.max + 1"``; default: the length spec gives), ``values`` the texts allowed
    (default: those spec's value holds; ``"any"``: any text), ``keys = "any"`` lets a
    table have other keys than spec's (default: exactly spec's), ``entries`` the most
    entries of any list or table inside the value (default :data:`MAX_ENTRIES`), and
    ``text_or_number = true`` lets a whole number (within min and max) stand where spec
    has a text.
    """

    low: float | None = None
    high: float | None = None
    length: int | tuple[int, int] | str | None = None
    values: tuple[str, ...] | None = None
    any_keys: bool = False
    fixed: bool = False
    entries: int = MAX_ENTRIES
    text_or_number: bool = False

    def length_of(self, numbers: Mapping[str, Number]) -> tuple[int, str, int] | None:
        """For a length tied to another number: the length it needs, that number's path
        and value (``None`` if the length is not tied to a number)."""
        if not isinstance(self.length, str):
            return None
        found = _LENGTH_REF.match(self.length)
        assert found is not None            # checked when the domain was read
        path, sign, step = found.groups()
        value = numbers[path].value
        offset = int(step or 0) * (-1 if sign == "-" else 1)
        return value + offset, path, value


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
    domain: Domain | None = None

    @property
    def assumed(self) -> bool:
        return self.confidence == "assumed"

    @property
    def schema(self) -> dict[str, Any]:
        """What may replace this number (a printed board): a value of the same types, nested
        the same way, within its :class:`Domain` (a number without one: within ``range``)."""
        domain = self.domain
        if domain is None:
            scalar = type(self.value) is int
            return value_schema(self.value, self.range if scalar else None)
        strings = (None if domain.values == ANY else domain.values if domain.values is not None
                   else _strings(self.value))
        schema = value_schema(self.value, limits=Limits(
            (domain.low, domain.high), strings, exact=not domain.any_keys,
            entries=domain.entries, text_or_number=domain.text_or_number))
        if isinstance(self.value, list):
            length = domain.length
            if length is None:
                length = len(self.value)
            if isinstance(length, int):
                schema["minItems"] = schema["maxItems"] = length
            elif isinstance(length, tuple):
                schema["minItems"], schema["maxItems"] = length
            else:
                schema.pop("minItems", None)
        return schema

    def outside_range(self) -> bool:
        """Whether the value is a whole number outside the range the proofs cover."""
        return (self.range is not None and type(self.value) is int
                and not self.range[0] <= self.value <= self.range[1])


def _strings(value: Any) -> tuple[str, ...] | None:
    """The texts a value holds (a board may use only these), ``None`` if it holds none."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
    return tuple(found) or None


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
    #: spec's own value of every number a board (or a mutant) replaced, by path
    originals: Mapping[str, Any] = field(default_factory=dict)

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
        of this spec, every value fitting that number's :attr:`Number.schema` (a ``fixed``
        one is left to :meth:`checked_numbers`, which says it is no board number)."""
        return {"type": "object", "additionalProperties": False,
                "properties": {path: {} if number.domain is not None and number.domain.fixed
                               else number.schema for path, number in self.numbers.items()}}

    def checked_numbers(self, overrides: Mapping[str, Any], file: str | None = None) -> Spec:
        """:meth:`with_numbers` for a user's values (a board file, a record's options): each
        is first checked against the domain of the number it replaces (type, shape, bounds),
        then the lengths tied to other numbers; a failure is a :class:`SpecError` naming
        the file, the number, the value and the domain."""
        file = file or getattr(overrides, "file", None) or "(override)"
        for path, value in overrides.items():
            number = self.numbers.get(path)
            if number is None:
                raise SpecError(N_("{file}: {game} has no number {path!r}"), file=file,
                                game=self.game, path=path)
            if number.domain is not None and number.domain.fixed:
                raise SpecError(N_("{file}: {path} is not a board number: nothing a board "
                                   "prints changes it in play"), file=file, path=path)
            check(number.schema, value, SpecError, file, path)
        spec = self.with_numbers(overrides, file)
        spec._check_lengths(file)
        return spec

    def _check_lengths(self, file: str) -> None:
        """Every list whose length is tied to another number (``length = "rounds.count"``)
        has that many entries."""
        for path, number in self.numbers.items():
            tied = number.domain.length_of(self.numbers) if number.domain else None
            if tied is None or not isinstance(number.value, list):
                continue
            needed, other, other_value = tied
            if len(number.value) != needed:
                raise SpecError(N_("{file}: {path} has {count} entries, but {other} = "
                                   "{other_value} needs {needed}"), file=file, path=path,
                                count=len(number.value), other=other, other_value=other_value,
                                needed=needed)

    def replaced(self) -> dict[str, tuple[Any, Any]]:
        """The numbers a board replaced: ``{path: (spec's value, the board's)}``."""
        return {path: (old, self.numbers[path].value) for path, old in self.originals.items()}

    def unproven(self) -> list[Number]:
        """The replaced numbers outside the range the proofs cover (``range``): inside
        their domain, so accepted, but unproven until ``verify --board`` has run."""
        return [self.numbers[path] for path in self.originals
                if self.numbers[path].outside_range()]

    def with_numbers(self, overrides: Mapping[str, Any], file: str | None = None) -> Spec:
        """A copy where some values are replaced (a printed board, a mutant rule).

        ``file``: where the new values come from (default: the file of a
        :class:`BoardFile`, else ``(override)``), so errors name the user's file.
        """
        file = file or getattr(overrides, "file", None) or "(override)"
        numbers = dict(self.numbers)
        originals = dict(self.originals)
        for path, value in overrides.items():
            if path not in self.numbers:
                raise SpecError(N_("{file}: {game} has no number {path!r}"), file=file,
                                game=self.game, path=path)
            old = self.numbers[path]
            originals.setdefault(path, old.value)
            numbers[path] = replace(old, value=value, source=f"override of {old.source}",
                                    confidence="stated", reason="", file=file)
        return Spec(self.game, MappingProxyType(numbers), self.clauses,
                    self.interpretations, self.glossary, self.meta,
                    MappingProxyType(originals))


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
    rng = _check_range(item.get("range"), file, path)
    domain = _domain(item.get("domain"), item["value"], file, path)
    if rng is not None and domain is not None and not (
            (domain.low is None or domain.low <= rng[0])
            and (domain.high is None or rng[1] <= domain.high)):
        raise SpecError(N_("{file}: {path}: the range the proofs cover must lie inside the "
                           "domain"), file=file, path=path)
    return Number(path, item["value"], item["source"], item["confidence"],
                  item.get("reason", ""), item.get("unit", ""), rng, file, domain)


def _bound(value: Any) -> bool:
    return type(value) is int or type(value) is float


def _length(length: Any, file: str, path: str) -> int | tuple[int, int] | str | None:
    """A domain's ``length``: a whole number, ``[low, high]`` or a number's path."""
    if length is None or (type(length) is int and length >= 0):
        return length
    if isinstance(length, str) and _LENGTH_REF.match(length):
        return length
    if (isinstance(length, list) and len(length) == 2 and all(type(x) is int for x in length)
            and 0 <= length[0] <= length[1]):
        return length[0], length[1]
    raise SpecError(N_("{file}: {path}.domain.length must be a whole number, [low, high] or "
                       "a number's path"), file=file, path=path)


def _domain(raw: Any, value: Any, file: str, path: str) -> Domain | None:
    """Read a number's ``domain`` (see :class:`Domain`); a malformed one names the file."""
    if raw is None:
        return None
    if raw == "fixed":
        return Domain(fixed=True)
    if isinstance(raw, list):
        raw = dict(zip(("min", "max"), raw, strict=False)) if len(raw) == 2 else {"min": raw}
    if not isinstance(raw, dict):
        raise SpecError(N_("{file}: {path}.domain must be [low, high], \"fixed\" or a table, "
                           "not {value!r}"), file=file, path=path, value=raw)
    _check_keys(raw, "domain", file, f"{path}.domain")
    low, high, length = raw.get("min"), raw.get("max"), raw.get("length")
    bounds_ok = all(b is None or _bound(b) for b in (low, high)) and (
        low is None or high is None or low <= high)
    if not bounds_ok:
        raise SpecError(N_("{file}: {path}.domain: min and max must be numbers with min <= "
                           "max"), file=file, path=path)
    length = _length(length, file, path)
    values = raw.get("values")
    if values == "any":
        values = list(ANY)
    if values is not None and not (isinstance(values, list)
                                   and all(isinstance(v, str) for v in values)):
        raise SpecError(N_("{file}: {path}.domain.values must be a list of texts or \"any\""),
                        file=file, path=path)
    entries, mixed = raw.get("entries", MAX_ENTRIES), raw.get("text_or_number", False)
    if type(entries) is not int or entries < 1 or type(mixed) is not bool:
        raise SpecError(N_("{file}: {path}.domain: entries must be a whole number of at least "
                           "1, text_or_number true or false"), file=file, path=path)
    keys = raw.get("keys")
    if keys not in (None, "any"):
        raise SpecError(N_("{file}: {path}.domain.keys must be \"any\""), file=file,
                        path=path)
    domain = Domain(low, high, length, tuple(values) if values is not None else None,
                    keys == "any", entries=entries, text_or_number=mixed)
    found = problem(Number(path, value, "", "stated", domain=domain).schema, value, file,
                    path)
    if found is not None:
        raise SpecError(N_("{file}: {path}: spec's own value lies outside its domain"),
                        file=file, path=path)
    return domain


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


def glossary_term(game: str) -> Callable[[str, str], str]:
    """``term(key, lang)`` for one game: its glossary's word (:func:`glossary_word`). The one
    home of a game's glossary lookup: a game module writes ``term = glossary_term(ID)``."""
    return partial(glossary_word, game)


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
    _check_tied_lengths(numbers)
    return Spec(game, MappingProxyType(numbers), MappingProxyType(clauses),
                MappingProxyType(interpretations), glossary, MappingProxyType(meta))


def _check_tied_lengths(numbers: Mapping[str, Number]) -> None:
    """A length tied to another number names a whole number of spec, and spec's own
    lists have that length."""
    for path, number in numbers.items():
        length = number.domain.length if number.domain else None
        if not isinstance(length, str):
            continue
        found = _LENGTH_REF.match(length)
        other = numbers.get(found.group(1)) if found else None
        if other is None or type(other.value) is not int:
            raise SpecError(N_("{file}: {path}.domain.length names {other!r}, which is no "
                               "whole number of spec"), file=number.file, path=path,
                            other=length)
        needed = number.domain.length_of(numbers) if number.domain else None
        if needed is not None and len(number.value) != needed[0]:
            raise SpecError(N_("{file}: {path} has {count} entries, but {other} = "
                               "{other_value} needs {needed}"), file=number.file, path=path,
                            count=len(number.value), other=needed[1], other_value=needed[2],
                            needed=needed[0])
