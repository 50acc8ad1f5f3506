"""The games regelwerk knows, found by convention.

A game ``<id>`` exists when ``spec/<id>/numbers.toml`` has a ``[meta]`` table
with a ``title`` and its engine package exists; its layers are ``regelwerk.engine.<id>``,
``regelwerk.verification.<id>``, the reference pages ``docs/<id>/`` and the
catalog ``locales/<lang>/LC_MESSAGES/regelwerk-<id>.po``. Adding a game needs
no edit here.

Every engine package declares its game as ``GAME``, a
:class:`~regelwerk.engine.core.game.Game` (the contract: new_game, legal_actions,
apply, random_action, outcome, records, ...). Every verification package declares
what must always hold of it as ``VERIFICATION``, a
:class:`~regelwerk.verification.core.Verification` (invariants, mutants, default rules,
the invariants without a runtime twin), read through :attr:`GameInfo.verification`.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from types import ModuleType
from typing import TYPE_CHECKING, Any

from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.game import Game

if TYPE_CHECKING:
    from regelwerk.verification.core import Verification


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str

    @property
    def engine(self) -> str:
        return f"regelwerk.engine.{self.id}"

    @property
    def verification_package(self) -> str:
        return f"regelwerk.verification.{self.id}"

    def engine_module(self) -> ModuleType:
        return importlib.import_module(self.engine)

    @property
    def game(self) -> Game[Any, Any]:
        """The game's declaration (its engine)."""
        declared: Game[Any, Any] = self.engine_module().GAME
        return declared

    @property
    def verification(self) -> Verification:
        """The game's verification declaration (its invariants, mutants, default rules)."""
        declared: Verification = self.verification_module().VERIFICATION
        return declared

    def verification_module(self) -> ModuleType:
        """The verification package (for its game's own helpers; what every game has is
        :attr:`verification`)."""
        return importlib.import_module(self.verification_package)


class UnknownGame(KeyError):
    pass


@lru_cache(maxsize=1)
def games() -> dict[str, GameInfo]:
    """All games, by id, in alphabetical order."""
    found = {}
    root = resources.files("regelwerk.spec")
    for folder in sorted(root.iterdir(), key=lambda f: f.name):
        if folder.is_dir() and (folder / "numbers.toml").is_file() \
                and importlib.util.find_spec(f"regelwerk.engine.{folder.name}") is not None:
            spec = spec_module.load(folder.name)
            if "title" in spec.meta:
                found[folder.name] = GameInfo(folder.name, spec.meta["title"])
    return found


def get(game: str) -> GameInfo:
    try:
        return games()[game]
    except KeyError:
        raise UnknownGame(game) from None


class Declared(Mapping[str, Any]):
    """The games' declarations by id, each engine imported only when asked for: what
    :meth:`~regelwerk.engine.core.records.GameRecord.read` needs to check that a record
    names a game and options that fit it."""

    def __getitem__(self, game: str) -> Any:
        return get(game).game

    def __contains__(self, game: object) -> bool:
        return isinstance(game, str) and game in games()

    def __iter__(self) -> Iterator[str]:
        return iter(games())

    def __len__(self) -> int:
        return len(games())
