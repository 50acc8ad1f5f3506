"""The games regelwerk knows: id -> engine and verification modules.

Adding a game means one entry here plus its folders under ``spec/``,
``engine/``, ``verification/``, ``docs/`` and ``tests/``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from regelwerk.engine.core.i18n import N_


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    engine: str
    verification: str
    docs: str

    def engine_module(self) -> ModuleType:
        return importlib.import_module(self.engine)

    def verification_module(self) -> ModuleType:
        return importlib.import_module(self.verification)


GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo("medici_vs_strozzi", N_("Medici vs Strozzi (Reiner Knizia, 2006)"),
                 "regelwerk.engine.medici_vs_strozzi",
                 "regelwerk.verification.medici_vs_strozzi", "medici_vs_strozzi/index"),
    )
}


class UnknownGame(KeyError):
    pass


def get(game: str) -> GameInfo:
    try:
        return GAMES[game]
    except KeyError:
        raise UnknownGame(game) from None
