"""The solo game's round totals, reached through play (issue 17): Strozzi's and your time
at the start of every round, at every level.

Each game is ``new_game(seed=None)``: chance's outcomes and your decisions are drawn by
``Random(seed)`` among the legal ones and applied, nothing is written into a state. The
expected clocks are worked out from the text (Phase 1, Das Solospiel, Phase 1 and the
easier/harder rules) with the spec's numbers.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any, NamedTuple

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.florenz.cards import SPY
from regelwerk.engine.florenz.state import Draw, Resume

LEVELS = ("normal", "easier", "harder")
YOU, STROZZI = 0, 1
SPEC = fz.default_rules(1).spec
_QUIET = (fz.Pass, fz.BonusPoint, fz.BonusSwap, fz.BonusTime)   # change no clock of Strozzi's


class RoundStart(NamedTuple):
    round: int
    tile: int                   # the round's time tile
    before: tuple[int, ...]     # the clocks just before phase 1
    after: tuple[int, ...]      # the clocks just after it


def strozzi_gain(level: str, tile: int) -> int:
    """What the text gives Strozzi in rounds 2-9: your tile, 1 less (easier) or 1 more
    (harder, at most 9), never less than 4."""
    change = {"easier": SPEC["solo.time_change_easier"],
              "harder": SPEC["solo.time_change_harder"]}.get(level, 0)
    gain = max(SPEC["solo.min_time"], tile + change)
    return min(gain, SPEC["solo.max_time_harder"]) if level == "harder" else gain


def round_starts(level: str, seed: int) -> Iterator[RoundStart]:
    """Play a seed=None solo game to its end by ``Random(seed)``; yield each round start
    whose clocks before phase 1 can be read: at the time tile's draw that precedes it, or
    after the action of yours that ended the round where no scandal card was dealt."""
    rng = Random(seed)
    state = fz.new_game(seed=None, options={"players": 1, "solo_level": level})
    while not fz.is_terminal(state):
        action = rng.choice(fz.legal_actions(state))
        after = fz.apply(state, action)
        if after.phase == fz.Phase.ACTIONS and state.phase == fz.Phase.SETUP:
            yield RoundStart(1, after.sector_time[0], state.clock, after.clock)
        elif after.round != state.round or (state.draws and state.draws[0][0] == Draw.TIME
                                             and state.resume == Resume.ROUND):
            waiting = bool(state.draws) and state.resume == Resume.ROUND
            mine = fz.current_player(state) != CHANCE and isinstance(action, _QUIET)
            last_card = len(state.draws) == 1 and state.draws[0][0] == Draw.CARD \
                and state.phase == fz.Phase.ACTIONS        # not Giovanni's: no offers
            if after.phase == fz.Phase.ACTIONS and after.resume != Resume.ROUND and \
                    (waiting or mine or last_card):
                yield RoundStart(after.round, after.sector_time[after.round - 1],
                                 before_phase_1(level, state, action), after.clock)
        state = after


def before_phase_1(level: str, state: fz.State, action: fz.Action) -> tuple[int, int]:
    """The clocks just before phase 1 when ``action`` in ``state`` ended the round: your
    bonus time or first pass, or the last scandal card of the Medici phase (Strozzi's
    gives him time, in the easier game only a spy's)."""
    top = SPEC["clock.max"]
    mine, his = state.clock
    if isinstance(action, fz.BonusTime):
        mine = min(top, mine + SPEC["pass.bonus_time"])
    elif isinstance(action, fz.Pass) and not any(state.passed):
        mine = min(top, mine + SPEC["pass.first_time"])
    elif isinstance(action, fz.CardDrawn):
        _, family, _, why = state.draws[0]
        if family == STROZZI and (level != "easier" or why == SPY):
            his = min(top, his + SPEC["solo.scandal_time"])
    return mine, his


def expected(level: str, start: RoundStart) -> tuple[int, int]:
    top = SPEC["clock.max"]
    if start.round == 1:
        return min(top, SPEC["clock.start"] + SPEC["disc.round1_time"]), SPEC["solo.start_time"]
    return (min(top, start.before[YOU] + start.tile),
            min(top, start.before[STROZZI] + strozzi_gain(level, start.tile)))


def check_round_totals(level: str, seeds: range) -> list[str]:
    """Every observed round start of the games ``seeds`` against the text; the rounds seen
    are checked to include all nine. Returns the disagreements (empty: all hold)."""
    wrong: list[str] = []
    seen: set[int] = set()
    for seed in seeds:
        for start in round_starts(level, seed):
            seen.add(start.round)
            want = expected(level, start)
            if start.after != want:
                wrong.append(f"{level} seed {seed} round {start.round}: tile {start.tile}, "
                             f"clocks {start.before} -> {start.after}, expected {want}")
    if seen != set(range(1, SPEC["rounds.count"] + 1)):
        wrong.append(f"{level}: round starts seen {sorted(seen)}")
    return wrong


SEEDS = range(12)


@pytest.mark.play("florenz:solo.time", "florenz:time.gain", "florenz:time.clock",
                  "florenz:solo.easier", "florenz:solo.harder")
@pytest.mark.parametrize("level", LEVELS)
def test_round_start_time_follows_the_text(level: str) -> None:
    assert check_round_totals(level, SEEDS) == []


def whole_game(level: str, seed: int) -> dict[str, Any]:
    """A seeded solo game played by ``Random(seed)``: its outcome in record form."""
    rng = Random(seed)
    state = fz.new_game(seed=seed, options={"players": 1, "solo_level": level})
    while not fz.is_terminal(state):
        state = fz.apply(state, fz.random_action(state, rng))
    return fz.result(state)


def letter_medici(round_: int, letter: int) -> str:
    """Medici A, B, C of a round (Das Solospiel): active now, next round, the round after;
    the last round's Medici stands in beyond the game."""
    disc = SPEC["disc.medici"]
    return disc[min(round_ - 1 + letter, len(disc) - 1)]


def _strozzi_places(state: fz.State, card: int, colour: str, rank: int) -> bool:
    """Whether Strozzi's ``card`` places a member of ``colour`` and ``rank`` now."""
    if SPEC["solo.card_kind"][card] != "place" or SPEC["solo.card_colour"][card] != colour:
        return False
    medici = letter_medici(state.round, "ABC".index(SPEC["solo.card_medici"][card]))
    return rank == (1 if medici == "contessina" else 0)


@pytest.mark.play("florenz:solo.card.recall", "florenz:solo.card.place", "florenz:solo.letters")
def test_a_colour_run_out_is_recalled_from_away_from_the_targets() -> None:
    """Strozzi places cards whenever he can (you pass at once and take time): when a place
    card needs an orange debutant and none is on his board, every orange member away from
    the Medici's targets goes back first; those at a target stay; then one is placed."""
    per = fz.default_rules(1).pieces_per_family
    orange = range(STROZZI * per, STROZZI * per + per // SPEC["solo.colours"])
    debutants = [p for p in orange if p % per < SPEC["family.debutants"]]
    state = fz.new_game(seed=None, options={"players": 1})
    recalls = 0
    while not fz.is_terminal(state):
        legal = fz.legal_actions(state)
        drawn = sorted((a for a in legal if isinstance(a, fz.StrozziDrawn)),
                       key=lambda a: (SPEC["solo.card_kind"][a.card] != "place", a.card))
        mine = [a for a in legal if isinstance(a, (fz.Pass, fz.BonusTime, fz.Decline))]
        action = (drawn or mine or legal)[0]
        after = fz.apply(state, action)
        if drawn and _strozzi_places(state, action.card, "orange", 0) and \
                all(state.where[p] >= 0 for p in debutants):
            targets = {t for t in state.targets if t >= 0}
            stay = {p for p in orange if state.where[p] in targets}
            away = {p for p in orange if state.where[p] >= 0} - stay
            placed = {p for p in orange if after.where[p] >= 0}
            if away:                            # recalled, then one debutant placed
                assert stay <= placed and len(placed - stay) == 1, (state.round, action)
                assert (placed - stay).pop() in debutants
                recalls += 1
            else:                               # nothing can be recalled: he does nothing
                assert placed == stay
        state = after
    assert recalls >= 1
