"""German in the rulebooks' own words: the terminology check of the German catalogs.

The data lives in ``spec/terminology.toml``:

* ``[[forbid]]``: a variant the German must not use (a calque, a drift from
  the rulebook's term, a meaning error), with the term to use instead, the
  reason and an example it catches; optionally limited to some games'
  catalogs and to entries whose English text matches ``when_en``;
* ``[[require]]``: a glossary term (``spec/<game>/glossary.toml``) whose
  German form must appear wherever the English text names it (source notes,
  ``…#source``, quote both editions' headings and are left out); without a
  game, a term of the project itself (``Regelpunkt`` for a clause), required
  in every catalog;
* ``[[allow]]``: an entry a rule does not apply to, with the reason.

Besides, no option identifier of a game's variants (``solo_level=easier``,
read from the games' declarations) may appear in German prose: inline code,
role targets and link targets are not prose and are left out.

The catalogs are the engine's (``locales/de/LC_MESSAGES/regelwerk*.po``), the
other top-level ones and every page catalog (``<game>/<page>.po``); a catalog
belongs to a game by its domain or folder. :func:`check` returns every
finding, each naming the catalog file, the entry and the forbidden variant.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

RULES_FILE = Path("spec") / "terminology.toml"
LANGUAGE = "de"

_ROLE_SPEC = re.compile(r"\{spec\}`[^`]*`")
_ROLE_LABELLED = re.compile(r"\{[A-Za-z][\w:.+-]*\}`([^`<]*?)\s*<[^`>]*>`")
_ROLE_PLAIN = re.compile(r"\{[A-Za-z][\w:.+-]*\}`[^`]*`")
_CODE = re.compile(r"``.*?``|`[^`]*`")
_LINK = re.compile(r"\[([^\]]*)\]\([^)\s]*\)")
_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}")
# an id, not prose: florenz:interp.x, florenz:queue.rank, or a register entry named alone
_ID = re.compile(r"\b[a-z][a-z_]*:[A-Za-z0-9_.\-]*[A-Za-z0-9_]|\binterp\.[A-Za-z0-9_]+")
NUMBER = "0"   # what a spec role or a {placeholder} stands for in prose: a number


def prose(text: str) -> str:
    """The German prose of a catalog string: roles, placeholders, code, ids and link targets out.

    A ``{spec}`` role and a ``{placeholder}`` become a number (both render as
    one), a labelled role or a link keeps its label, inline code and clause or
    register ids (``florenz:interp.x``) are dropped.
    """
    text = _ROLE_SPEC.sub(NUMBER, text)
    text = _ROLE_LABELLED.sub(r"\1", text)
    text = _ROLE_PLAIN.sub("", text)
    text = _CODE.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = _ID.sub("", text)
    return _PLACEHOLDER.sub(NUMBER, text)


@dataclass(frozen=True)
class Forbidden:
    """A variant the German must not use, the term to use instead and why."""

    id: str
    pattern: re.Pattern[str]
    use: str
    reason: str
    games: tuple[str, ...] = ()          # empty: every catalog
    when_en: re.Pattern[str] | None = None
    example: str = ""                    # a German sentence the rule must catch


@dataclass(frozen=True)
class Required:
    """A term whose German form must appear wherever the English names it (``game``
    ``None``: a project term, every catalog; ``example``: English and German it must catch)."""

    id: str
    game: str | None
    en: re.Pattern[str]
    de: re.Pattern[str]
    use: str
    reason: str
    example: tuple[str, str] | None = None


@dataclass(frozen=True)
class Allowed:
    """An entry one rule leaves alone (``msgid`` is a prefix of the English text)."""

    rule: str
    file: str
    msgid: str
    reason: str


@dataclass(frozen=True)
class Rules:
    forbidden: tuple[Forbidden, ...]
    required: tuple[Required, ...]
    allowed: tuple[Allowed, ...]

    def allows(self, rule: str, file: str, msgid: str) -> bool:
        return any(a.rule == rule and file.endswith(a.file) and msgid.startswith(a.msgid)
                   for a in self.allowed)


@dataclass(frozen=True)
class Finding:
    """One entry of one catalog that breaks one rule."""

    file: str
    line: int
    context: str | None
    msgid: str
    rule: str
    found: str
    use: str
    reason: str

    def __str__(self) -> str:
        ctx = f" msgctxt {self.context!r}" if self.context else ""
        return (f"{self.file}:{self.line}:{ctx} msgid {self.msgid[:60]!r}: [{self.rule}] "
                f"{self.found!r}; use {self.use} ({self.reason})")


def _regex(table: Mapping[str, object], key: str, where: str) -> re.Pattern[str]:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{where}: '{key}' must be a non-empty regular expression")
    try:
        return re.compile(value)
    except re.error as exc:
        raise ValueError(f"{where}: '{key}' is not a regular expression: {exc}") from None


def _text(table: Mapping[str, object], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{where}: '{key}' must be a non-empty string")
    return value


def option_rules(variants: Mapping[str, Iterable[tuple[str, Sequence[str]]]]) -> list[Forbidden]:
    """One rule per game: none of its options (``name=value`` or the bare name) in prose.

    ``variants``: per game, each variant's name and allowed values (the game's declaration).
    """
    rules = []
    for game, declared in sorted(variants.items()):
        options = [(name, tuple(choices)) for name, choices in declared]
        if not options:
            continue
        # a bare name only where it cannot be a German word (it has an underscore)
        names = [rf"{re.escape(name)}(?:\s*=\s*(?:{'|'.join(re.escape(c) for c in choices)}))"
                 + ("?" if "_" in name else "") for name, choices in options]
        first, values = options[0]
        rules.append(Forbidden(
            f"option.{game}", re.compile(rf"\b(?:{'|'.join(names)})\b"),
            "the variant's German name (the register's option text), or the "
            "identifier as inline code where the reader types it",
            "an option identifier is code, not German prose",
            example=f"Variante {first}={values[-1]}: …"))
    return rules


def load(path: Path, glossaries: Mapping[str, Mapping[str, tuple[str, str]]],
         variants: Mapping[str, Iterable[tuple[str, Sequence[str]]]]) -> Rules:
    """Read the rules of ``path``; ``glossaries``: per game, term key -> (English, German)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    forbidden = []
    for n, item in enumerate(data.get("forbid", [])):
        where = f"{path} [[forbid]] #{n + 1}"
        games = tuple(item.get("games", ()))
        unknown = [g for g in games if g not in glossaries]
        if unknown:
            raise ValueError(f"{where}: unknown game(s) {unknown}")
        forbidden.append(Forbidden(
            _text(item, "id", where), _regex(item, "pattern", where), _text(item, "use", where),
            _text(item, "reason", where), games,
            _regex(item, "when_en", where) if "when_en" in item else None,
            _text(item, "example", where)))
    forbidden += option_rules(variants)
    required = []
    for n, item in enumerate(data.get("require", [])):
        where = f"{path} [[require]] #{n + 1}"
        if "game" not in item:
            english, _, german = _text(item, "example", where).partition(" => ")
            required.append(Required(
                _text(item, "id", where), None, _regex(item, "en", where),
                _regex(item, "de", where), _text(item, "use", where),
                _text(item, "reason", where), (english, german)))
            continue
        game, term = _text(item, "game", where), _text(item, "term", where)
        if term not in glossaries.get(game, {}):
            raise ValueError(f"{where}: '{term}' is not a term of the {game} glossary")
        en, de = glossaries[game][term]
        required.append(Required(
            f"term.{game}.{term}",
            game,
            _regex(item, "en", where) if "en" in item
            else re.compile(rf"(?i)\b{re.escape(en)}s?\b"),
            _regex(item, "de", where) if "de" in item else re.compile(re.escape(de)),
            de, _text(item, "reason", where)))
    allowed = tuple(Allowed(_text(a, "rule", f"{path} [[allow]]"), _text(a, "file", f"{path} [[allow]]"),
                            _text(a, "msgid", f"{path} [[allow]]"),
                            _text(a, "reason", f"{path} [[allow]]"))
                    for a in data.get("allow", []))
    ids = [r.id for r in forbidden] + [r.id for r in required]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ValueError(f"{path}: rule ids used twice: {twice}")
    return Rules(tuple(forbidden), tuple(required), allowed)


def catalogs(root: Path, games: Iterable[str]) -> list[tuple[Path, str | None]]:
    """Every German catalog under ``root`` with the game it belongs to (``None``: all games)."""
    folder = root / "locales" / LANGUAGE / "LC_MESSAGES"
    known = set(games)
    found: list[tuple[Path, str | None]] = []
    for path in sorted(folder.rglob("*.po")):
        relative = path.relative_to(folder)
        if len(relative.parts) > 1:
            game = relative.parts[0]
        else:
            game = path.stem.removeprefix("regelwerk-") if path.stem.startswith("regelwerk-") else ""
        found.append((path, game if game in known else None))
    return found


def check_entry(file: str, line: int, context: str | None, msgid: str, msgstr: str,
                game: str | None, rules: Rules) -> list[Finding]:
    """The findings of one catalog entry (``game``: whose game-specific rules apply)."""
    text, english = prose(msgstr), prose(msgid)
    broken: list[tuple[str, str, str, str]] = []      # rule, found, use, reason
    for rule in rules.forbidden:
        if (rule.games and game not in rule.games) or (
                rule.when_en is not None and not rule.when_en.search(english)):
            continue
        if not rules.allows(rule.id, file, msgid):
            broken += [(rule.id, m.group(0), rule.use, rule.reason)
                       for m in rule.pattern.finditer(text)]
    quoting = (context or "").endswith("#source")   # cites the rulebooks' own headings
    for req in rules.required:
        if (req.game is None or req.game == game) and not quoting and req.en.search(english) \
                and not req.de.search(text) and not rules.allows(req.id, file, msgid):
            broken.append((req.id, f"(no {req.use})", req.use, req.reason))
    return [Finding(file, line, context, msgid, *b) for b in broken]


def check_catalog(path: Path, game: str | None, rules: Rules, name: str | None = None) -> list[Finding]:
    """The findings of one catalog (``game``: whose game-specific rules apply; ``name``:
    how findings name the file, default ``path``)."""
    file = name or str(path)
    with path.open("rb") as f:
        catalog = read_po(f, locale=LANGUAGE)
    findings = []
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue   # a fuzzy entry is not shown (and the catalog audit reports it)
        msgid = " ".join(message.id) if isinstance(message.id, tuple) else str(message.id)
        string = " ".join(message.string) if isinstance(message.string, tuple) else str(message.string)
        findings += check_entry(file, message.lineno or 0, message.context, msgid, string,
                                game, rules)
    return findings


def check(root: Path, rules: Rules, games: Iterable[str]) -> list[Finding]:
    """Every finding in the German catalogs of the checkout at ``root``."""
    findings = []
    for path, game in catalogs(root, games):
        findings += check_catalog(path, game, rules, str(path.relative_to(root)))
    return findings


def project_rules(root: Path) -> Rules:
    """The rules of the checkout at ``root``: its terminology file, glossaries and variants."""
    from regelwerk import games
    from regelwerk.engine.core import spec as spec_module

    glossaries = {g: {t.key: (t.en, t.de) for t in spec_module.load(g).glossary}
                  for g in games.games()}
    variants = {g: [(v.name, v.choices) for v in info.game.variants]
                for g, info in games.games().items()}
    return load(root / RULES_FILE, glossaries, variants)
