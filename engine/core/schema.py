"""Declared schemas of the inputs regelwerk reads, checked with ``jsonschema``.

A game record, a printed board's numbers and the options of a game are each
described once as a JSON Schema (draft 2020-12) and checked against it before
anything uses them (:func:`check`). A failure becomes one bilingual error
(:class:`~regelwerk.engine.core.errors.LocalizedError`) naming the file and
the key, such as ``game.json: options.players must be a whole number, not
'2'``.

Two departures from plain JSON Schema, both stricter: an ``integer`` is a
Python ``int`` and never a ``bool`` or a float such as ``2.0``, and a
``number`` is finite (no NaN, no infinity).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from regelwerk.engine.core.errors import Joined, LocalizedError, Message, shown
from regelwerk.engine.core.i18n import N_

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _is_integer(checker: Any, instance: Any) -> bool:
    return type(instance) is int


def _is_number(checker: Any, instance: Any) -> bool:
    return type(instance) is int or (type(instance) is float and math.isfinite(instance))


Validator: Any = validators.extend(  # type: ignore[no-untyped-call]  # jsonschema is untyped here
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many(
        {"integer": _is_integer, "number": _is_number}))

#: The JSON types as a message names them, in the reader's language.
TYPE_NAMES: Mapping[str, str] = {
    "integer": N_("a whole number"), "number": N_("a number"), "boolean": N_("true or false"),
    "string": N_("a text"), "array": N_("a list"), "object": N_("a table"), "null": N_("null"),
}


def key_of(path: Iterable[str | int], top: str = "") -> str:
    """A location in the data as a message names it: ``options.board``, ``actions[3]``."""
    text = top
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not part.isprintable() or not part.strip() or "[" in part:
            text += f"[{part!r}]"           # a key with a line break, say, stays on one line
        else:
            text = f"{text}.{part}" if text else str(part)
    return text or "(top)"


def _name(key: Any) -> str:
    """A key as a message names it: as it is, or quoted if it is empty or not printable."""
    return key if isinstance(key, str) and key.strip() and key.isprintable() else shown(key)


def _types(expected: Any) -> Message | Joined:
    """The expected JSON type(s) as the reader's language names them."""
    names = [expected] if isinstance(expected, str) else list(expected)
    items = [Message(TYPE_NAMES.get(name, name)) for name in names]
    return items[0] if len(items) == 1 else Joined(items, " / ")


def describe(error: ValidationError, file: str, top: str = "") -> tuple[str, dict[str, Any]]:
    """The ``N_`` template and fields of one failure of the schema."""
    key = key_of(error.absolute_path, top)
    rule, value = error.validator, error.instance
    schema: Mapping[str, Any] = error.schema if isinstance(error.schema, Mapping) else {}
    expected: Any = error.validator_value
    where = {"file": file, "key": key}
    if rule == "type":
        return N_("{file}: {key} must be {expected}, not {value}"), {
            **where, "expected": _types(expected), "value": shown(value)}
    if rule == "required":
        missing = [name for name in expected
                   if isinstance(value, Mapping) and name not in value]
        return N_("{file}: {key} lacks {keys}"), {**where, "keys": ", ".join(missing)}
    if rule == "additionalProperties":
        known = set(schema.get("properties", {}))
        unknown = sorted(_name(k) for k in value if k not in known) \
            if isinstance(value, Mapping) else []
        if known:
            return N_("{file}: {key}: unknown key {keys} (allowed: {allowed})"), {
                **where, "keys": ", ".join(unknown), "allowed": ", ".join(sorted(known))}
        return N_("{file}: {key}: unknown key {keys}"), {**where, "keys": ", ".join(unknown)}
    if rule in ("enum", "const"):
        choices = expected if rule == "enum" else [expected]
        return N_("{file}: {key} must be one of {choices}, not {value}"), {
            **where, "choices": ", ".join(shown(c) for c in choices), "value": shown(value)}
    if rule in ("minimum", "maximum"):
        low, high = schema.get("minimum"), schema.get("maximum")
        if high is None:
            return N_("{file}: {key} must be at least {low}, not {value}"), {
                **where, "low": low, "value": shown(value)}
        if low is None:
            return N_("{file}: {key} must be at most {high}, not {value}"), {
                **where, "high": high, "value": shown(value)}
        return N_("{file}: {key} must be from {low} to {high}, not {value}"), {
            **where, "low": low, "high": high, "value": shown(value)}
    if rule in ("minItems", "maxItems") and isinstance(value, list):
        low, high = schema.get("minItems"), schema.get("maxItems")
        if low == high:
            return N_("{file}: {key} must have {count} entries, not {value}"), {
                **where, "count": low, "value": len(value)}
        if high is None:
            return N_("{file}: {key} must have at least {low} entries, not {value}"), {
                **where, "low": low, "value": len(value)}
        return N_("{file}: {key} must have {low} to {high} entries, not {value}"), {
            **where, "low": low or 0, "high": high, "value": len(value)}
    if rule in ("minItems", "maxItems", "minProperties", "maxProperties", "minLength",
                "maxLength"):
        return N_("{file}: {key} has the wrong size ({rule} {limit}): {value}"), {
            **where, "rule": rule, "limit": expected, "value": shown(value)}
    return N_("{file}: {key} does not fit its schema ({rule}): {value}"), {
        **where, "rule": rule, "value": shown(value)}


def problem(schema: Mapping[str, Any], data: Any, file: str,
            top: str = "") -> tuple[str, dict[str, Any]] | None:
    """The first failure of ``data`` against ``schema`` (template and fields), or ``None``.

    A value Python cannot print in a message (an integer of more than 4,300
    digits, a nesting too deep) is a failure too, not a crash.
    """
    try:
        error = best_match(Validator(schema).iter_errors(data))
    except (ValueError, RecursionError):
        return N_("{file}: {key} holds a value too large or too deeply nested to read"), {
            "file": file, "key": top or "(top)"}
    return None if error is None else describe(error, file, top)


def check(schema: Mapping[str, Any], data: Any, error: type[LocalizedError], file: str,
          top: str = "") -> None:
    """Refuse ``data`` that does not fit ``schema`` with one ``error`` naming file and key;
    ``top`` is the key the data sits under (``options``)."""
    found = problem(schema, data, file, top)
    if found is not None:
        template, fields = found
        raise error(template, **fields)


@dataclass(frozen=True)
class Limits:
    """What a number's domain (:class:`~regelwerk.engine.core.spec.Domain`) allows in a
    value shaped like spec's: ``bounds`` of every number, the ``strings`` allowed
    (``None``: any text), tables with ``exact``-ly spec's keys, at most ``entries``
    entries in any list or table, and a whole number wherever spec has a text
    (``text_or_number``)."""

    bounds: tuple[Any, Any] | None = None
    strings: tuple[str, ...] | None = None
    exact: bool = False
    entries: int | None = None
    text_or_number: bool = False


def value_schema(value: Any, bounds: tuple[Any, Any] | None = None,
                 limits: Limits | None = None) -> dict[str, Any]:
    """The schema of a value shaped like ``value`` (a spec number): the same types, nested
    the same way, lists and tables of any length (but not empty where ``value`` is
    not; lists whose items are lists of one length, rows or pairs, keep that length;
    an empty list among lists takes its siblings' items); ``bounds`` limit a number, or
    a domain's :class:`Limits` narrow the whole value."""
    return _shaped(value, limits or Limits(bounds))


def _shaped(value: Any, limits: Limits) -> dict[str, Any]:
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int | float):
        return _number_schema("integer" if isinstance(value, int) else "number", limits)
    if isinstance(value, str):
        allowed = sorted(set(limits.strings)) if limits.strings is not None else None
        text = {"type": "string", **({"enum": allowed} if allowed else {"maxLength": 200})}
        if limits.text_or_number:
            return {"anyOf": [text, _number_schema("integer", limits)]}
        return text
    if isinstance(value, list | tuple):
        items = [_shaped(v, limits) for v in value]
        arity = {len(v) if isinstance(v, list | tuple) else -1 for v in value}
        if len(arity) == 1 and min(arity) > 0:       # rows or pairs: each keeps its length
            items = [{**item, "minItems": min(arity), "maxItems": min(arity)} for item in items]
        filled = [item["items"] for item in items if item.get("type") == "array"
                  and item.get("items")]
        if filled:                                   # [] among lists: a list like the others
            items = [{**item, "items": _union(filled)} if item.get("type") == "array"
                     and not item.get("items") else item for item in items]
        schema: dict[str, Any] = {"type": "array", "items": _union(items)}
        if value:
            schema["minItems"] = 1
        if limits.entries is not None:
            schema["maxItems"] = limits.entries
        return schema
    if isinstance(value, Mapping):
        if limits.exact:
            return {"type": "object", "additionalProperties": False,
                    "required": list(value),
                    "properties": {k: _shaped(v, limits) for k, v in value.items()}}
        schema = {"type": "object", "additionalProperties": _union(
            _shaped(v, limits) for v in value.values())}
        if value:
            schema["minProperties"] = 1
        if limits.entries is not None:
            schema["maxProperties"] = limits.entries
        return schema
    raise TypeError(f"no schema for a spec value of type {type(value).__name__}")


def _number_schema(kind: str, limits: Limits) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": kind}
    if limits.bounds is not None:
        low, high = limits.bounds
        if low is not None:
            schema["minimum"] = low
        if high is not None:
            schema["maximum"] = high
    return schema


def _union(schemas: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """One schema for every element: the common one, or any of them."""
    unique: list[dict[str, Any]] = []
    for schema in schemas:
        if schema not in unique:
            unique.append(schema)
    if not unique:
        return {}
    return unique[0] if len(unique) == 1 else {"anyOf": unique}


def options_schema(game: Any) -> dict[str, Any]:
    """The options of a :class:`~regelwerk.engine.core.game.Game` (``new_game``, a record's
    ``options``): ``players`` in the game's range, each variant one of its values,
    ``board`` a table of spec numbers, each shaped and bounded as the number it
    replaces (:meth:`~regelwerk.engine.core.spec.Spec.board_schema`)."""
    low, high = game.players
    properties: dict[str, Any] = {
        "players": {"type": "integer", "minimum": low, "maximum": high},
        "board": {**game.spec.board_schema(), "type": ["object", "null"]},
    }
    for variant in game.variants:
        properties[variant.name] = {"enum": list(variant.choices)}
    return {"type": "object", "properties": properties, "additionalProperties": False}
