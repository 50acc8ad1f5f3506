"""The readings a game is played under, kept with its record (issue 29).

A record keeps the value of every rule variant (the register's decisions resolved,
:func:`resolved`) and a stamp of the rules it was played under (:func:`stamp`: the
rules version and a fingerprint of every number and decision), so that after a
decision changes, ``replay``, ``explain`` and ``regress`` still play it under its own
readings and can say what the register decides now (:func:`changed`).

The rules version and its change log are ``spec/rulings.toml``: every changed
decision, new reading and rule fix with its version, entry and clause, in English
and German, and the fingerprint of each game's default rules at the
current version, which a test holds to the spec: the version changes with the rules.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from regelwerk.engine.core.spec import Spec

OPTION_PLAYERS, OPTION_BOARD = "players", "board"


#: What a ruling can be: a changed decision, a new reading one can play, a rule the engine
#: played wrongly, a number the engine assumed in code made an assumed spec number, or a
#: change of the engine's actions or random play under unchanged rules (seeded games differ).
KINDS = ("decision", "reading", "fix", "number", "engine")


@dataclass(frozen=True)
class Ruling:
    """One entry of the rulings change log: what changed in which version."""

    version: str
    game: str            # a game id, or "*" for every game
    kind: str            # one of KINDS
    entries: tuple[str, ...]     # the register entries or clause ids it concerns
    text: str
    text_de: str

    def text_in(self, lang: str) -> str:
        return self.text_de if lang == "de" else self.text


@cache
def _log() -> dict[str, Any]:
    with (resources.files("regelwerk.spec") / "rulings.toml").open("rb") as handle:
        return tomllib.load(handle)


def rulings() -> tuple[Ruling, ...]:
    """The change log of rulings, newest first."""
    return tuple(Ruling(r["version"], r["game"], r["kind"], tuple(r["entries"]), r["text"],
                        r["text_de"]) for r in _log()["ruling"])


def version() -> str:
    """The rules version: the newest ruling's (it changes with the rules the engine plays)."""
    return str(_log()["version"])


def recorded_fingerprints() -> Mapping[str, str]:
    """Each game's default-rules fingerprint as the change log records it for :func:`version`."""
    return dict(_log()["fingerprint"])


def resolved(game: Any, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` with the player count and every variant's value spelled out (the
    register's decision where none is chosen); a board is kept as given."""
    options = dict(options or {})
    result: dict[str, Any] = {OPTION_PLAYERS: options.get(OPTION_PLAYERS, game.default_players)}
    result.update(game.choose_variants({k: v for k, v in options.items()
                                        if k not in (OPTION_PLAYERS, OPTION_BOARD)}))
    if options.get(OPTION_BOARD):
        result[OPTION_BOARD] = dict(options[OPTION_BOARD])
    return result


def fingerprint(spec: Spec, options: Mapping[str, Any]) -> str:
    """A digest of the rules a game is played by: every number (a board's replacing
    the spec's), every register decision, and the options."""
    board = dict(options.get(OPTION_BOARD) or {})
    numbers = {path: board.get(path, number.value) for path, number in spec.numbers.items()}
    decisions = {item.id: item.decision for item in spec.interpretations.values()}
    chosen = {k: v for k, v in options.items() if k != OPTION_BOARD}
    text = json.dumps([spec.game, numbers, decisions, chosen], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def default_fingerprint(game: Any) -> str:
    """The fingerprint of a game's default rules (its default player count)."""
    return fingerprint(game.spec, resolved(game, None))


def stamp(game: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """What a record keeps of the rules it was played under: the rules version, their
    fingerprint, and the register's decision of every variant at the time."""
    return {"version": version(), "fingerprint": fingerprint(game.spec, resolved(game, options)),
            "decisions": {v.name: v.default for v in game.variants}}


@dataclass(frozen=True)
class Changed:
    """A variant of a record whose decision the register has changed since the record
    was made: ``recorded`` the value the record was played under, ``then`` the decision
    at the time, ``now`` today's."""

    variant: str
    entry: str
    recorded: str
    then: str
    now: str


def changed(game: Any, options: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Changed]:
    """The variants of a stamped record (its ``options`` and its stamp ``rules``) that the
    register now decides otherwise than when the record was made."""
    then = dict(rules.get("decisions") or {})
    return [Changed(v.name, v.interpretation, str(options.get(v.name, then[v.name])),
                    then[v.name], v.default)
            for v in game.variants if v.name in then and then[v.name] != v.default]
