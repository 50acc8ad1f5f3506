"""A small seeded fuzz run (``make fuzz`` runs the long one): damaged records, board files
and options, ill-typed actions, and the commands' own input (play's answers, ``--resume``,
corpus entries, stats caches, output paths) for every game end in a clean error or a
correct acceptance, never in an internal error or a wrong acceptance (see
:mod:`tests.core.fuzzing` and :mod:`tests.core.fuzz_commands`)."""

from __future__ import annotations

import pytest

from tests.core import fuzzing

#: Cases per input kind and game in the normal test run (a few seconds in all).
EXAMPLES = 12
#: Cases per command input kind and game (each a command run in a child process, ~0.1 s).
COMMAND_EXAMPLES = 5


@pytest.mark.parametrize("kind", fuzzing.KINDS)
@pytest.mark.parametrize("game_id", fuzzing.game_ids())
def test_damaged_input_ends_cleanly(kind: str, game_id: str) -> None:
    examples = COMMAND_EXAMPLES if kind in fuzzing.COMMAND_KINDS else EXAMPLES
    tally = fuzzing.run(kind, game_id, examples, seed=11)
    assert tally.cases == examples
    assert tally.internal == 0 and tally.wrong == 0, tally.problems
    assert tally.clean + tally.accepted == tally.cases


@pytest.mark.parametrize("kind", ["boards", "options"])
def test_medici_names_every_board_problem_itself(kind: str) -> None:
    """Medici vs Strozzi's board check names every problem; core's fallback never answers."""
    tally = fuzzing.run(kind, "medici_vs_strozzi", 3 * EXAMPLES, seed=5)
    assert tally.internal == 0, tally.problems
    assert tally.fallback == 0


def test_the_fuzzer_accepts_and_refuses() -> None:
    """The strategies are not all rejects: some damaged inputs are still valid, and those
    were checked to replay or play correctly."""
    tallies = fuzzing.run_all(EXAMPLES, seed=3, kinds=("actions", "options"),
                              only="medici_vs_strozzi")
    assert sum(t.accepted for t in tallies.values()) > 0
    assert sum(t.clean for t in tallies.values()) > 0


def test_a_crash_is_counted_as_internal() -> None:
    """The tally itself: anything but a clean error or an acceptance is a finding."""
    tally = fuzzing.Tally()
    tally.add("clean")
    tally.add("fallback")
    tally.add("internal", "TypeError: boom")
    tally.add("wrong", "a FIFO replaced")
    assert (tally.cases, tally.clean, tally.fallback, tally.internal, tally.wrong) == \
        (4, 2, 1, 1, 1)
    assert tally.problems == ["TypeError: boom", "WRONGLY ACCEPTED a FIFO replaced"]
    assert "wrongly accepted" in fuzzing.report({("outputs", "g"): tally}, 1.0)
