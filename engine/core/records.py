"""Game records: (game, options, seed, actions) as JSON, and exact replay."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.i18n import N_

FORMAT = "regelwerk-game-record/1"


class RecordError(LocalizedError):
    """A record that cannot be read or replayed; names the file and action.

    Raised with an ``N_`` template and fields (:class:`LocalizedError`), so the
    command line shows it in the reader's language.
    """


@dataclass(frozen=True)
class GameRecord:
    game: str
    seed: int
    actions: tuple[Mapping[str, Any], ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    result: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "game": self.game, "options": dict(self.options),
                                "seed": self.seed, "actions": [dict(a) for a in self.actions]}
        if self.result is not None:
            data["result"] = dict(self.result)
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any, where: str = "<record>") -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError(N_("{file}: a game record is a JSON object"), file=where)
        if data.get("format") != FORMAT:
            raise RecordError(N_("{file}: format must be {expected!r}, got {got!r}"), file=where,
                              expected=FORMAT, got=data.get("format"))
        for key, kind in (("game", str), ("seed", int), ("actions", list), ("options", dict)):
            if not isinstance(data.get(key), kind):
                raise RecordError(N_("{file}: {key!r} must be of type {type}"), file=where,
                                  key=key, type=kind.__name__)
        return cls(data["game"], data["seed"], tuple(data["actions"]), data["options"],
                   data.get("result"))

    @classmethod
    def read(cls, path: Path) -> GameRecord:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise RecordError(N_("{file}: cannot read the file ({error})"), file=path,
                              error=exc.strerror or exc) from None
        except UnicodeDecodeError as exc:
            raise RecordError(N_("{file}: not a UTF-8 text file ({error})"), file=path,
                              error=exc.reason) from None
        except json.JSONDecodeError as exc:
            raise RecordError(N_("{file}:{line}: not JSON ({error})"), file=path, line=exc.lineno,
                              error=exc.msg) from None
        return cls.from_json(data, str(path))

    def write(self, path: Path) -> None:
        """Write atomically: a crash never leaves half a record."""
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.dumps() + "\n", encoding="utf-8")
        tmp.replace(path)


def actions_json(module: Any, actions: Sequence[Any]) -> tuple[dict[str, Any], ...]:
    return tuple(module.action_to_json(a) for a in actions)
