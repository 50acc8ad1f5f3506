"""The engine's gettext catalogs: extraction (Babel), update and the completeness audit.

Domains: ``regelwerk`` (core, CLI, verification statements) and one
``regelwerk-<game>`` per game (its engine messages and every translatable text
of ``spec/<game>/*.toml``: clause titles and texts, interpretation questions,
options, evidence notes and reasons, glossary notes, reasons of assumed
numbers). Message contexts (``msgctxt``) are the ids, so a translator sees
which clause a sentence belongs to.

``audit`` reads the catalogs itself (Sphinx and ``sphinx-intl stat`` count
fuzzy entries as translated): missing, untranslated, fuzzy, obsolete, and
``{placeholder}`` mismatches are all reported.
"""

from __future__ import annotations

import io
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from regelwerk.engine.core.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE

PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def extract_spec(fileobj: Any, keywords: Any, comment_tags: Any,
                 options: Any) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extraction method for ``spec/<game>/*.toml`` (yields pgettext messages)."""
    text = fileobj.read().decode("utf-8")
    data = tomllib.loads(text)
    lines = text.splitlines()

    def line_of(value: str) -> int:
        probe = value[:40]
        for number, line in enumerate(lines, 1):
            if probe in line:
                return number
        return 0

    def message(context: str, value: str) -> tuple[int, str, tuple[str, str], list[str]]:
        return line_of(value), "pgettext", (context, value), []

    for clause in data.get("clause", []):
        yield message(f"{clause['id']}#title", clause["title"])
        yield message(clause["id"], clause["text"])
        yield message(f"{clause['id']}#source", clause["source"])
    if data.get("meta", {}).get("edition"):
        yield message("meta.edition", data["meta"]["edition"])
    for item in data.get("interpretation", []):
        yield message(f"{item['id']}#question", item["question"])
        for n, evidence in enumerate(item.get("evidence", [])):
            yield message(f"{item['id']}#evidence.{n}", evidence["note"])
        for option in item.get("options", []):
            yield message(f"{item['id']}#option.{option['id']}", option["text"])
        yield message(f"{item['id']}#reason", item["reason"])
        for key in ("plays_alike", "departure"):
            if item.get(key):
                yield message(f"{item['id']}#{key}", item[key])
    for term in data.get("term", []):
        if term.get("note"):
            yield message(f"glossary.{term['key']}#note", term["note"])

    def walk(table: dict[str, Any], prefix: str) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
        for key, item in table.items():
            if not isinstance(item, dict):
                continue
            path = f"{prefix}.{key}" if prefix else key
            if "value" in item:
                if item.get("reason"):
                    yield message(f"{path}#reason", item["reason"])
                if item.get("source"):
                    yield message(f"{path}#source", item["source"])
            else:
                yield from walk(item, path)

    rest = {k: v for k, v in data.items() if k not in ("clause", "interpretation", "term", "meta")}
    yield from walk(rest, "")


@dataclass(frozen=True)
class Domain:
    name: str
    sources: tuple[tuple[Path, str], ...]   # (folder, glob pattern) pairs


def domains(root: Path) -> list[Domain]:
    """The catalog domains of a source checkout at ``root``."""
    found = [Domain(DOMAIN, ((root / "regelwerk", "**.py"), (root / "engine" / "core", "**.py"),
                             (root / "verification" / "core", "**.py")))]
    for folder in sorted((root / "spec").iterdir()):
        if folder.is_dir() and (folder / "clauses.toml").exists():
            game = folder.name
            sources = [(folder, "**.toml")]
            for layer in ("engine", "verification"):
                if (root / layer / game).is_dir():
                    sources.append((root / layer / game, "**.py"))
            found.append(Domain(f"{DOMAIN}-{game}", tuple(sources)))
    return found


def template(domain: Domain) -> Catalog:
    """Extract a fresh template (.pot) for ``domain``."""
    catalog = Catalog(project="regelwerk", fuzzy=False)
    for folder, pattern in domain.sources:
        method = "regelwerk.catalogs:extract_spec" if pattern.endswith(".toml") else "python"
        for filename, lineno, msg, comments, context in extract_from_dir(
                folder, method_map=[(pattern, method)], strip_comment_tags=True):
            where = (str(Path(folder.name) / filename), lineno)
            existing = catalog.get(msg, context)
            if existing is not None:
                existing.locations.append(where)
            else:
                catalog.add(msg, None, [where], auto_comments=comments, context=context)
    return catalog


def catalog_path(root: Path, lang: str, domain: str) -> Path:
    return root / "locales" / lang / "LC_MESSAGES" / f"{domain}.po"


def write_catalog(path: Path, catalog: Catalog) -> bool:
    """Write ``catalog`` the one way regelwerk does (no line numbers, so a code edit
    elsewhere does not churn the file); returns whether the file changed."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, ignore_obsolete=True, include_previous=False,
             omit_header=False, sort_output=False, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.read_bytes() == buffer.getvalue():
        return False
    path.write_bytes(buffer.getvalue())
    return True


def update(root: Path, only: str | None = None) -> list[Path]:
    """Merge fresh templates into the catalogs (new text -> untranslated, changed -> fuzzy).

    ``only``: one domain (``regelwerk-florenz``), so a game's update leaves the
    other catalogs alone.
    """
    written = []
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        for domain in domains(root):
            if only and domain.name != only:
                continue
            path = catalog_path(root, lang, domain.name)
            if path.exists():
                with path.open("rb") as f:
                    catalog = read_po(f, locale=lang)
            else:
                catalog = Catalog(locale=lang, project="regelwerk", fuzzy=False)
            fresh = template(domain)
            fresh.creation_date = catalog.creation_date   # no date churn
            catalog.update(fresh, update_header_comment=False)
            if write_catalog(path, catalog):
                written.append(path)
    return written


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    kind: str        # missing | untranslated | fuzzy | obsolete | placeholders
    msgid: str
    context: str | None

    def __str__(self) -> str:
        ctx = f" [{self.context}]" if self.context else ""
        return f"{self.file}:{self.line}: {self.kind}{ctx}: {self.msgid[:70]!r}"


def audit_catalog(path: Path, fresh: Catalog) -> list[Problem]:
    """Everything that keeps the catalog at ``path`` from being complete against ``fresh``."""
    rel = str(path)
    if not path.exists():
        return [Problem(rel, 0, "missing", "(whole catalog)", None)]
    with path.open("rb") as f:
        catalog = read_po(f)
    problems = []
    for message in fresh:
        if not message.id:
            continue
        have = catalog.get(message.id, message.context)
        if have is None:
            problems.append(Problem(rel, 0, "missing", str(message.id), message.context))
            continue
        line = have.lineno or 0
        if have.fuzzy:
            problems.append(Problem(rel, line, "fuzzy", str(message.id), message.context))
        elif not have.string:
            problems.append(Problem(rel, line, "untranslated", str(message.id), message.context))
        elif sorted(PLACEHOLDER.findall(str(message.id))) != sorted(
                PLACEHOLDER.findall(str(have.string))):
            problems.append(Problem(rel, line, "placeholders", str(message.id), message.context))
    for message in catalog:
        if message.id and fresh.get(message.id, message.context) is None:
            problems.append(Problem(rel, message.lineno or 0, "obsolete", str(message.id),
                                    message.context))
    return problems


def audit(root: Path, only: str | None = None) -> list[Problem]:
    """Audit every non-English engine catalog (``only``: one domain name)."""
    problems: list[Problem] = []
    for domain in domains(root):
        if only and domain.name != only:
            continue
        fresh = template(domain)
        for lang in LANGUAGES:
            if lang != SOURCE_LANGUAGE:
                problems += audit_catalog(catalog_path(root, lang, domain.name), fresh)
    return problems
