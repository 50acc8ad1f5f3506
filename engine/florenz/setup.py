"""Setting up a game of Florenz, and the setups worked examples and tests choose.

Chance (seeded): every setup draw comes from ``seeded_rng(seed, "setup")``
(start family, boast boards, plan cards, location and time tiles) and each
Medici's scandal pile from ``seeded_rng(seed, "deck", medici, 0)``; the solo
automa's deck from ``seeded_rng(seed, "strozzi", 0)`` (:func:`.solo.setup`).
:func:`with_setup` and :func:`with_queues` let a test or a worked example
choose these outcomes instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.florenz import solo
from regelwerk.engine.florenz.board import absent
from regelwerk.engine.florenz.rules import BOASTS, Rules
from regelwerk.engine.florenz.state import NONE, RESERVE, RETIRED, Phase, State

C = "florenz:"


@implements(C + "setup.families", C + "setup.board", C + "setup.disc", C + "setup.decks",
            C + "setup.blocked", C + "setup.first_debutants", C + "round.sequence")
def setup(rules: Rules, seed: int | None) -> State:
    """The state before the first debutants are placed (all setup chance drawn here)."""
    n = rules.families
    rng = seeded_rng(seed, "setup")  # type: ignore[arg-type]
    start = rng.randrange(n)
    kinds = list(range(len(rules.boast_values)))
    rng.shuffle(kinds)
    plans = tuple(rng.sample(range(len(rules.plan_cards)), n))
    tiles = [t - 1 for t in rules.spec["disc.location_tiles"]]
    rng.shuffle(tiles)
    first, rest = tiles[:rules.medici], tiles[rules.medici:]     # one per carriage
    carriages = list(first)
    rng.shuffle(carriages)
    rng.shuffle(rest)
    bottom = list(first)
    rng.shuffle(bottom)
    loc_stack = list(reversed(rest + bottom))        # next tile last
    times = list(rules.time_tiles)
    rng.shuffle(times)
    sector_loc = [NONE] * rules.rounds
    sector_time = [NONE] * rules.rounds
    sector_time[0] = rules.round1_time
    for r in range(rules.visible_sectors):
        sector_loc[r] = loc_stack.pop()
        if r:
            sector_time[r] = times.pop()
    decks = []
    for m in range(rules.medici):
        deck = [m * len(rules.scandal_kinds[m]) + k for k in range(len(rules.scandal_kinds[m]))
                for _ in range(rules.spec["scandal.copies"])]
        seeded_rng(seed, "deck", m, 0).shuffle(deck)  # type: ignore[arg-type]
        decks.append(tuple(deck))
    state = State(
        rules=rules, seed=seed, round=1, phase=Phase.SETUP, current=(start - 1) % n,
        start=start, setup_left=n, queues=((),) * rules.locations,
        where=rules.tables.start_where,
        clock=(rules.clock_start,) * n,
        points=(0,) * n, gifts=(rules.gifts_start,) * n, given=((0,) * rules.medici,) * n,
        boards=tuple(kinds), cups=((NONE,) * len(rules.boast_thresholds),) * rules.locations,
        escorts=((),) * len(rules.edges), spies=((),) * rules.locations,
        doormen=((),) * rules.locations, guards=rules.guard_supply, hands=((),) * n,
        decks=tuple(decks), discards=((),) * rules.medici,
        shuffles=0, passed=(False,) * n, rings=(NONE,) * n,
        carriages=tuple(carriages), targets=tuple(sector_loc[:rules.medici]),
        sector_loc=tuple(sector_loc), sector_time=tuple(sector_time),
        loc_stack=tuple(loc_stack), time_stack=tuple(times), plans=plans, offer=((), 0))
    if rules.automa >= 0:
        return solo.setup(state)
    return state


def with_setup(state: State, *, start: int | None = None,
               carriages: tuple[int, int, int] | None = None,
               targets: tuple[int, int, int] | None = None,
               boards: Mapping[int, str] | None = None) -> State:
    """A new game with chosen setup draws (locations numbered 1-9), for worked examples
    and tests: the way they choose the outcomes of setup chance.

    Only allowed before the first debutant is placed; ``boards`` maps location
    numbers to boast board names, the other boards keep their drawn kinds.
    """
    if state.phase != Phase.SETUP or state.setup_left != state.families:
        raise ValueError("with_setup needs a fresh game")
    changes: dict[str, Any] = {}
    if start is not None:
        changes.update(start=start, current=(start - 1) % state.families)
    if carriages is not None:
        changes["carriages"] = tuple(c - 1 for c in carriages)
    if targets is not None:
        tg = tuple(t - 1 for t in targets)
        changes["targets"] = tg
        changes["sector_loc"] = tg + state.sector_loc[len(tg):]
    if boards:
        kinds = list(state.boards)
        for loc, name in boards.items():
            wanted = BOASTS.index(name)
            other = kinds.index(wanted)
            kinds[other], kinds[loc - 1] = kinds[loc - 1], wanted
        changes["boards"] = tuple(kinds)
    return state._replace(**changes)


def with_queues(state: State, queues: Mapping[int, Any]) -> State:
    """The state with the given queues: location number -> ``[(family, rank), ...]``, head first.

    Every other member returns to its family board. For worked examples and
    tests; the caller states a position the rules can reach.
    """
    where = [RETIRED if absent(state.rules, p) else RESERVE for p in range(len(state.where))]
    built: list[tuple[int, ...]] = [()] * state.rules.locations
    for loc, members in queues.items():
        pieces = []
        for family, rank in members:
            piece = next(p for p in state.pieces(family)
                         if where[p] == RESERVE and state.rank_of(p) == rank)
            where[piece] = loc - 1
            pieces.append(piece)
        built[loc - 1] = tuple(pieces)
    return state._replace(queues=tuple(built), where=tuple(where))
