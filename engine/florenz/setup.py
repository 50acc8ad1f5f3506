"""Setting up a game of Florenz: the state before the first debutants, and its draws.

Every set-up draw is chance's (:mod:`.chance`, entries of ``state.draws``): the
family with the start coin, each location's boast board, the plan cards, the
three carriages' location tiles, and the visible sectors' location and time
tiles. :func:`setup` lays out each pile so that chance's seeded draw is its top
(:func:`regelwerk.engine.core.piles.seeded_draw`): a seeded game draws exactly
what ``seeded_rng(seed, "setup")`` gives (start family, boast boards, plan
cards, location and time tiles, in that order of the random source), all at
once (:func:`drawn_at_once`); a game with ``seed=None`` keeps the piles in box
order and waits for the caller at each draw. Each
Medici's scandal pile is shuffled by ``seeded_rng(seed, "deck", medici, 0)``,
the solo automa's deck by ``seeded_rng(seed, "strozzi", 0)`` (:func:`.solo.setup`);
nothing is drawn from them before play.

:func:`set_up` plays the set-up of a ``seed=None`` game with chosen outcomes
(through chance actions, for worked examples and tests); :func:`with_queues`
states a position of the queues.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.draws import below, shuffle
from regelwerk.engine.core.game import seeded_rng
from regelwerk.engine.core.piles import shuffled
from regelwerk.engine.florenz import solo
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.rules import Rules, absent
from regelwerk.engine.florenz.state import (
    NONE,
    RESERVE,
    RETIRED,
    Draw,
    Phase,
    Resume,
    Source,
    State,
)

C = prefix(ID)
#: ``state.piles`` while the set-up draws: families (the start coin), boast boards, plan
#: cards, and the order (by Medici) in which the carriages' tiles go beneath the stack
START_PILE, BOARD_PILE, PLAN_PILE, BOTTOM_ORDER = range(4)

Piles = tuple[tuple[int, ...], ...]
_BOARD, _PLAN, _CARRIAGE, _SECTOR, _TIME = (int(d) for d in (Draw.BOARD, Draw.PLAN, Draw.CARRIAGE,
                                                              Draw.SECTOR, Draw.TIME))


@implements(C + "setup.board", C + "setup.disc", C + "setup.first_debutants")
def setup_piles(rules: Rules, seed: int | None) -> Piles:
    """The set-up's piles, each with its next item last: ``(families, boast boards, plan
    cards, location tiles, order of the used tiles beneath the stack, time tiles)``.

    A seeded game lays them out as ``seeded_rng(seed, "setup")`` shuffles them; the
    location tiles are the carriages' three on top of the other six, which are shuffled
    on their own (setup.disc). ``seed=None``: box order (family 0, board 0, plan 0,
    location 1 first).
    """
    n = rules.families
    boards, plans = len(rules.boast_values), len(rules.plan_cards)
    tiles: list[int] = [t - 1 for t in rules.spec["disc.location_tiles"]]
    m = rules.medici
    match seed:
        case None:
            return (tuple(reversed(range(n))), tuple(reversed(range(boards))),
                    tuple(reversed(range(plans))), tuple(reversed(tiles)),
                    tuple(reversed(range(m))), tuple(reversed(rules.time_tiles)))
        case int():
            rng = seeded_rng(seed, "setup")     # drawn as Random's own methods draw
            start = below(rng, n)
            kinds = list(range(boards))
            shuffle(rng, kinds)
            dealt = rng.sample(range(plans), n)
            shuffle(rng, tiles)
            first, rest = tiles[:m], tiles[m:]     # one per carriage
            carriages = list(first)
            shuffle(rng, carriages)
            shuffle(rng, rest)
            bottom = list(first)
            shuffle(rng, bottom)
            times = list(rules.time_tiles)
            shuffle(rng, times)
            return (tuple([f for f in range(n) if f != start] + [start]), tuple(reversed(kinds)),
                    tuple([p for p in range(plans) if p not in dealt] + dealt[::-1]),
                    tuple(rest[::-1] + carriages[::-1]),
                    tuple(carriages.index(t) for t in reversed(bottom)), tuple(times))


@implements(C + "setup.board", C + "setup.disc", C + "setup.first_debutants", C + "solo.setup")
def setup_draws(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The set-up's draws in order (``state.draws`` entries): the start coin (not in the
    solo game: yours), each location's boast board, each family's plan card (Strozzi's
    only in the harder game), the carriages' tiles, the visible sectors' location tiles
    (their Medici's targets) and their time tiles (the first sector prints its time)."""
    draws: list[tuple[int, ...]] = [] if rules.automa >= 0 else [(Draw.START,)]
    draws += [(Draw.BOARD, loc) for loc in range(rules.locations)]
    draws += [(Draw.PLAN, f) for f in range(rules.families)
              if f != rules.automa or rules.solo_level == "harder"]
    draws += [(Draw.CARRIAGE, m) for m in range(rules.medici)]
    draws += [(Draw.SECTOR, r, r if r < rules.medici else NONE)
              for r in range(rules.visible_sectors)]
    draws += [(Draw.TIME, r) for r in range(1, rules.visible_sectors)]
    return tuple((int(d[0]), *d[1:]) for d in draws)


@implements(C + "setup.families", C + "setup.board", C + "setup.disc", C + "setup.decks",
            C + "setup.blocked", C + "setup.first_debutants", C + "round.sequence",
            C + "solo.setup")
def setup(rules: Rules, seed: int | None) -> State:
    """The state before the first debutants are placed. ``seed=None``: the set-up's draws
    wait for chance in ``draws`` (:func:`laid_out`); a seeded game's chance takes them
    all at once (:func:`drawn_at_once`)."""
    state = laid_out(rules, seed)
    return state if seed is None else drawn_at_once(state)


def laid_out(rules: Rules, seed: int | None) -> State:
    """Supplies, the shuffled piles, and the set-up's draws waiting for chance in
    ``draws`` (:func:`finish` follows them)."""
    n = rules.families
    starts, boards, plans, locs, bottom, times = setup_piles(rules, seed)
    tables = rules.tables
    return State(
        rules=rules, seed=seed, round=1, phase=Phase.SETUP, current=NONE,
        start=NONE, setup_left=n, queues=((),) * rules.locations,
        where=tables.start_where,
        clock=(rules.clock_start,) * n,
        points=(0,) * n, scored=((0,) * len(Source),) * n, gifts=(rules.gifts_start,) * n,
        given=((0,) * rules.medici,) * n,
        boards=(NONE,) * rules.locations,
        cups=((NONE,) * len(rules.boast_thresholds),) * rules.locations + (
            ((),) if rules.cups_ever_placed else ()),
        escorts=((),) * len(rules.edges), spies=((),) * rules.locations,
        doormen=((),) * rules.locations, guards=rules.guard_supply, hands=((),) * n,
        decks=tuple(shuffled(deck, seed, "deck", m, 0) for m, deck in enumerate(tables.decks)),
        discards=((),) * rules.medici,
        shuffles=0, passed=(False,) * n, rings=(NONE,) * n,
        carriages=(NONE,) * rules.medici, targets=(NONE,) * rules.medici,
        sector_loc=(NONE,) * rules.rounds,
        sector_time=(rules.round1_time,) + (NONE,) * (rules.rounds - 1),
        loc_stack=locs, loc_bottom=(), time_stack=times, plans=(NONE,) * n, offer=((), 0),
        draws=setup_draws(rules), resume=Resume.SETUP, piles=(starts, boards, plans, bottom))


@implements(C + "setup.first_debutants", C + "setup.board", C + "setup.disc")
def drawn_at_once(state: State) -> State:
    """Every set-up draw of :func:`laid_out` taken at once, each the top of its pile: what
    chance's seeded draws give one by one (:mod:`.chance`), in one step, then
    :func:`finish`. A seeded game does not stop at its set-up's draws, so it is set up
    this way."""
    n = state.families
    starts, boards, plans = (list(p) for p in state.piles[:BOTTOM_ORDER])
    board, plan = list(state.boards), list(state.plans)
    carriages, targets = list(state.carriages), list(state.targets)
    sector_loc, sector_time = list(state.sector_loc), list(state.sector_time)
    locs, times = list(state.loc_stack), list(state.time_stack)
    start = state.start
    for entry in state.draws:
        kind = entry[0]
        if kind == _BOARD:
            board[entry[1]] = boards.pop()
        elif kind == _PLAN:
            plan[entry[1]] = plans.pop()
        elif kind == _CARRIAGE:
            carriages[entry[1]] = locs.pop()
        elif kind == _SECTOR:
            loc = sector_loc[entry[1]] = locs.pop()
            if entry[2] != NONE:
                targets[entry[2]] = loc
        elif kind == _TIME:
            sector_time[entry[1]] = times.pop()
        else:
            start = starts.pop()
    return finish(state, start=start, current=(start - 1) % n if start != NONE else NONE,
                  boards=tuple(board), plans=tuple(plan), carriages=tuple(carriages),
                  targets=tuple(targets), sector_loc=tuple(sector_loc),
                  sector_time=tuple(sector_time), loc_stack=tuple(locs), time_stack=tuple(times),
                  draws=(), resume=Resume.NOTHING)


@implements(C + "setup.disc", C + "setup.first_debutants", C + "solo.setup")
def finish(state: State, **changes: Any) -> State:
    """The set-up after its draws (with ``changes``): the carriages' tiles go beneath the
    location stack in the order laid out for them; in the solo game Strozzi sets up
    (:func:`.solo.setup`)."""
    carriages = changes.get("carriages", state.carriages)
    bottom = tuple(carriages[m] for m in state.piles[BOTTOM_ORDER])
    state = state._replace(loc_bottom=bottom, piles=(), **changes)
    return solo.setup(state) if state.rules.automa >= 0 else state


def with_queues(state: State, queues: Mapping[int, Any]) -> State:
    """The state with the given queues: location number -> ``[(family, rank), ...]``, head first.

    Every other member returns to its family board. For worked examples and
    tests: a stated position (no chance is involved); the caller states one the
    rules can reach.
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
