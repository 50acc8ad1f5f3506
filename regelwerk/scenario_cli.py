"""``regelwerk scenario FILE...``: given/when/then scenario files run from the command line.

Each file is read first (a file that cannot be read, is not TOML, does not fit the
format, or names something that is no public name of the position is one line naming
the file and the line: exit 2). A ``not_played.toml`` (the clauses no play can reach) holds
no scenario and is passed over, so ``tests/scenarios/*/*.toml`` runs as it is. Then every
scenario is played and reported in the reader's language: ``passed``, or each expectation
that does not hold, in words (``expected X, found Y``). Exit 0 if all passed, 1 if one failed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from regelwerk import scenarios
from regelwerk.engine.core.i18n import N_, gettext_for


class BadFile(Exception):
    """A scenario file that cannot be run; the message (one line) is in the reader's
    language."""


def load(files: Sequence[Path], game: str | None, lang: str) -> list[scenarios.Scenario]:
    """Every scenario of ``files`` (ids unique per game), each file's game its ``game`` key,
    else ``game``, else its folder's name; a bad file is :class:`BadFile`."""
    found: list[scenarios.Scenario] = []
    seen: dict[tuple[str, str], str] = {}
    for path in files:
        if path.name == scenarios.NOT_PLAYED:      # the clauses no play reaches: no scenarios
            continue
        try:
            loaded = scenarios.load_file(path, game)
        except scenarios.ScenarioError as exc:
            raise BadFile(exc.message_in(lang)) from None
        for scenario in loaded:
            other = seen.get((scenario.game, scenario.id))
            if other is not None:
                raise BadFile(gettext_for(lang, N_("{file}: scenario {id} is also in {other}"))
                              .format(file=scenario.where(), id=scenario.id, other=other))
            seen[scenario.game, scenario.id] = scenario.file
            for key in scenarios.unknown_names(scenario):
                raise BadFile(gettext_for(lang, N_(
                    "{where}: {key!r} is no public name of the position (see "
                    "tests/scenarios/README.md)")).format(where=scenario.where(key), key=key))
            found.append(scenario)
    return found


def run(files: Sequence[Path], game: str | None, lang: str,
        out: Callable[[str], None]) -> tuple[int, int]:
    """Play the scenarios of ``files`` and print a line per scenario (and one per
    difference): how many passed, how many failed."""
    passed = failed = 0
    for scenario in load(files, game, lang):
        differences = scenarios.run(scenario, lang)
        if not differences:
            passed += 1
            out(gettext_for(lang, N_("{where}: passed")).format(where=scenario.where()))
            continue
        failed += 1
        out(gettext_for(lang, N_("{where}: FAILED ({title})")).format(
            where=scenario.where(), title=scenario.title))
        for line in differences:
            out("  " + line)
    out(gettext_for(lang, N_("{count} scenarios: {passed} passed, {failed} failed")).format(
        count=passed + failed, passed=passed, failed=failed))
    return passed, failed
