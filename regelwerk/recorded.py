"""What a record says of the readings it was played under, for ``replay``, ``explain``
and ``regress`` (issue 29): a record plays under its own readings; where the register
has since decided otherwise, the reader is told, with whether the game would still
play the same under today's decisions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regelwerk.engine.core import readings
from regelwerk.engine.core.errors import IllegalAction, LocalizedError
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.records import GameRecord, recorded_action


@dataclass(frozen=True)
class ReadingNote:
    """A record's readings against today's register: the changed decisions, whether
    the record predates kept readings, and from which action (``None``: none) its
    actions would play differently under today's decisions."""

    changes: tuple[readings.Changed, ...]
    unstamped: bool
    differs_at: int | None

    def to_json(self) -> dict[str, Any]:
        return {"recorded_before_readings": self.unstamped, "differs_at": self.differs_at,
                "changed": [{"variant": c.variant, "entry": c.entry, "recorded": c.recorded,
                             "then": c.then, "now": c.now} for c in self.changes]}

    def lines(self, lang: str) -> list[str]:
        said = []
        if self.unstamped:
            said.append(gettext_for(lang, N_(
                "recorded before records kept their readings: played under today's decisions")))
        for change in self.changes:
            said.append(gettext_for(lang, N_(
                "recorded under {variant}={recorded} (the register then decided {then}); the "
                "register now decides {now} ({entry})")).format(**change.__dict__))
        if self.changes:
            said.append(gettext_for(lang, N_(
                "under today's decisions the recorded actions play the same game"))
                        if self.differs_at is None else gettext_for(lang, N_(
                "under today's decisions the game differs from action {index} on"))
                        .format(index=self.differs_at + 1))
        return said


def plays_to(game: Game[Any, Any], record: GameRecord, options: Mapping[str, Any]) -> int | None:
    """The first action (0-based) at which ``record``'s actions play otherwise under
    ``options``: refused, or a different result at the end; ``None`` if all is the same."""
    try:
        state = game.new_game(seed=record.seed, options=dict(options))
    except LocalizedError:
        return 0
    for index in range(len(record.actions)):
        try:
            state = game.apply(state, recorded_action(game, state, record, index))
        except (IllegalAction, LocalizedError):
            return index
    if record.result is not None and game.result(state) != dict(record.result):
        return max(len(record.actions) - 1, 0)
    return None


def note(game: Game[Any, Any], record: GameRecord) -> ReadingNote | None:
    """What to tell a reader of ``record`` about its readings, or ``None`` (nothing)."""
    if record.rules is None:
        return ReadingNote((), True, None) if game.variants else None
    changes = tuple(readings.changed(game, record.options, record.rules))
    if not changes:
        return None
    today = {**record.options, **{c.variant: c.now for c in changes}}
    return ReadingNote(changes, False, plays_to(game, record, today))
