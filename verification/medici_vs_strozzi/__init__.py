"""z3 invariants of Medici vs Strozzi.

Every model calls the engine's own rule functions (``rules.fns``), so a proof
is about the code that plays the game; each :data:`MUTANTS` entry swaps one of
them for a deliberately wrong rule (:func:`~regelwerk.verification.core.mutate`),
which ``verify`` must report as violated and which reaches ``simulate`` too.

Unknown board numbers (``board.track_half_length``, the two bonus distances)
are z3 variables over the ``range`` their spec entry states; the bounds hold
for any printed board in that range. The goods each harbour trades are taken
from the (assumed) board file.

The marker moves are the players' choice (interp.marker_moves): a round's model
lets each player use any number of his tiles of a track's good, the default
reading exactly. The whole game's bounds are settled through one round where
that suffices (:func:`game_bound_by_rounds`), else by modelling every round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import z3
from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.medici_vs_strozzi import scoring
from regelwerk.engine.medici_vs_strozzi.rules import GAME as GAME_ID
from regelwerk.engine.medici_vs_strozzi.rules import (
    MEDICI,
    STROZZI,
    Rules,
    ScoringParams,
    rule_functions,
    rules_from_spec,
)
from regelwerk.engine.medici_vs_strozzi.rules import (
    default_rules as engine_rules,
)
from regelwerk.verification.core import (
    PROVEN,
    VIOLATED,
    Z3,
    Invariant,
    Mutant,
    Name,
    Result,
    Verification,
    engine_functions,
    prove,
    settle_bound,
    tight_bound,
)

C = prefix(GAME_ID)


Model = Rules   # a proof is about the rules the engine plays by, rule functions included


def default_rules() -> Rules:
    return engine_rules()


# --------------------------------------------------------------------------- board
def _range(rules: Rules, path: str) -> tuple[int, int]:
    number = rules.spec.number(path)
    if number.range is None:
        value = number.value
        return value, value
    return number.range


def symbolic_board(rules: Rules, prefix: str = "") -> tuple[ScoringParams, list[Any], list[Any]]:
    """Scoring params whose unknown board numbers are z3 variables over their spec range."""
    half = z3.Int(f"{prefix}track_half_length")
    small = z3.Int(f"{prefix}bonus_small_distance")
    large = z3.Int(f"{prefix}bonus_large_distance")
    constraints = []
    for var, path in ((half, "board.track_half_length"), (small, "board.bonus_small_distance"),
                      (large, "board.bonus_large_distance")):
        low, high = _range(rules, path)
        constraints += [var >= low, var <= high]
    constraints += [small <= half, large <= half, small != large]
    params = replace(rules.scoring, half_length=half, bonus_small_distance=small,
                     bonus_large_distance=large)
    return params, constraints, [half, small, large]


#: Over which board numbers the proofs range (their spec ranges), as a translatable template.
RANGES = N_("board.track_half_length in {board.track_half_length:range}, "
            "board.bonus_small_distance in {board.bonus_small_distance:range}, "
            "board.bonus_large_distance in {board.bonus_large_distance:range}")


# ------------------------------------------------------------------ step invariants
def check_capacity(model: Model) -> Result:
    """Loading never overfills a hold (induction over one load step)."""
    rules = model
    capacity, loaded, count = z3.Ints("capacity loaded count")
    before = [z3.Or(*[capacity == c for c in set(rules.capacities)]),
              loaded >= 0, loaded <= capacity, count >= rules.min_draw, count <= rules.max_draw,
              model.fns.hold_has_room(capacity, loaded, count)]
    return prove(loaded + count <= capacity, before, show=[capacity, loaded, count])


def check_draw_limit(model: Model) -> Result:
    """A turn never draws more than the drawer's roomiest own ship can take."""
    rules = model
    free = [z3.Int(f"free_{s}") for s in range(len(rules.capacities))]
    in_play = z3.Int("tiles_in_play")
    assume = [in_play >= 0]
    for f, cap in zip(free, rules.capacities, strict=True):
        assume += [f >= 0, f <= cap]
    allowance = model.fns.draw_allowance(rules.max_draw, free, in_play, Z3)
    claim = z3.And(allowance <= rules.max_draw, z3.Or(*[allowance <= f for f in free]))
    return prove(claim, assume, show=[*free, in_play])


def check_markers_on_track(model: Model) -> Result:
    """Markers start in the middle and never leave their track (1-induction, any board)."""
    params, board, shown = symbolic_board(model)
    position, medici, strozzi = z3.Ints("position steps_medici steps_strozzi")
    start = model.fns.move_marker(0, 0, 0, params, Z3)
    base = prove(z3.And(start >= -params.half_length, start <= params.half_length), board,
                 show=shown)
    if not base.proven:
        return base
    after = model.fns.move_marker(position, medici, strozzi, params, Z3)
    step = [*board, position >= -params.half_length, position <= params.half_length,
            medici >= 0, strozzi >= 0]
    return prove(z3.And(after >= -params.half_length, after <= params.half_length), step,
                 show=[*shown, position, medici, strozzi])


# ------------------------------------------------------------------ payout bounds
@dataclass
class RoundVars:
    caps: list[list[Any]]                       # player -> harbour -> hold size there
    counts: dict[tuple[int, int, int, int], Any]  # (player, harbour, good, value) -> tiles
    start: list[Any]
    after: list[Any]
    payout: list[Any]
    taken: list[list[Any]]                      # track -> player -> steps moved
    moved: dict[tuple[int, int, int, int], Any]  # (player, harbour, good, value) -> tiles used


def round_model(model: Model, params: ScoringParams, start: list[Any], tag: str,
                constraints: list[Any]) -> RoundVars:
    """One round's end as z3 terms: any legal cargo, scored by the engine's functions."""
    rules = model
    supply = Counter(zip(rules.tile_good, rules.tile_value, strict=True))
    players, harbours = (MEDICI, STROZZI), range(rules.harbour_count)
    caps = [[z3.Int(f"{tag}cap_{p}_{h}") for h in harbours] for p in players]
    counts: dict[tuple[int, int, int, int], Any] = {}
    for p in players:
        constraints.append(z3.Distinct(*caps[p]))
        for h in harbours:
            constraints.append(z3.Or(*[caps[p][h] == c for c in rules.capacities]))
            for (good, value) in supply:
                var = z3.Int(f"{tag}n_{p}_{h}_{good}_{value}")
                counts[p, h, good, value] = var
                constraints.append(var >= 0)
            constraints.append(z3.Sum([counts[p, h, g, v] for (g, v) in supply]) <= caps[p][h])
    for (good, value), available in supply.items():
        constraints.append(z3.Sum([counts[p, h, good, value] for p in players for h in harbours])
                           <= available)
    totals = [[z3.Sum([v * counts[p, h, g, v] for (g, v) in supply]) for h in harbours]
              for p in players]
    payout = [Z3.sum(model.fns.harbour_payout(totals[p][h], totals[1 - p][h], params, Z3)
                     for h in harbours) for p in players]
    after = list(start)
    taken: list[list[Any]] = []
    moved: dict[tuple[int, int, int, int], Any] = {}
    for h, track_goods in enumerate(rules.harbour_tracks):
        for k, good in enumerate(track_goods):
            i = rules.track_offset[h] + k
            # Moving is optional (interp.marker_moves, the default reading): each tile's
            # move is used whole or not, so a player moves the steps of the tiles he uses.
            steps = []
            for p in players:
                used = []
                for (g, v) in supply:
                    if g == good:
                        var = moved[p, h, g, v] = z3.Int(f"{tag}m_{p}_{h}_{g}_{v}")
                        constraints += [var >= 0, var <= counts[p, h, g, v]]
                        used.append(var * model.fns.tile_steps(v, params, Z3))
                steps.append(Z3.sum(used))
            taken.append(steps)
            after[i] = model.fns.move_marker(start[i], steps[MEDICI], steps[STROZZI], params, Z3)
    payout = [payout[p] + Z3.sum(model.fns.marker_income(m, p, params, Z3) for m in after)
              for p in players]
    return RoundVars(caps, counts, start, after, payout, taken, moved)


def _cargo(model: Model, rv: RoundVars, witness: dict[str, Any], tag: str) -> list[Any]:
    rules = model
    cargo: list[list[list[tuple[int, int]]]] = [[[] for _ in range(rules.harbour_count)]
                                                for _ in (MEDICI, STROZZI)]
    for (p, h, g, v), var in rv.counts.items():
        cargo[p][h] += [(g, v)] * witness.get(str(var), 0)
    return cargo


def _taken(model: Model, rv: RoundVars, witness: dict[str, Any]) -> list[tuple[int, int]]:
    """The witness's marker moves: per track, the steps of the tiles each player used."""
    rules = model
    taken = []
    for h, track_goods in enumerate(rules.harbour_tracks):
        for good in track_goods:
            taken.append(tuple(
                sum(witness.get(str(var), 0) * rules.fns.tile_steps(v, rules.scoring)
                    for (p2, h2, g, v), var in rv.moved.items() if (p2, h2, g) == (p, h, good))
                for p in (MEDICI, STROZZI)))
    return [(m, s) for m, s in taken]


def _witness_rules(model: Model, witness: dict[str, Any], prefix: str = "") -> Rules:
    """The witness's board, played by the model's own rule functions."""
    board = rules_from_spec(model.spec.with_numbers({
        "board.track_half_length": witness[f"{prefix}track_half_length"],
        "board.bonus_small_distance": witness[f"{prefix}bonus_small_distance"],
        "board.bonus_large_distance": witness[f"{prefix}bonus_large_distance"],
    }))
    return replace(board, fns=model.fns)


def replay_rounds(model: Model, rounds: list[RoundVars], witness: dict[str, Any],
                  player: int, from_middle: bool) -> int:
    """Score the witness with the engine's ``score_round`` on the witness's board."""
    rules = _witness_rules(model, witness)
    markers = [0] * rules.marker_count if from_middle else [
        witness[str(v)] for v in rounds[0].start]
    total = 0
    for index, rv in enumerate(rounds):
        taken = _taken(model, rv, witness)
        score = scoring.score_round(rules, _cargo(model, rv, witness, f"r{index}_"), markers,
                                    taken)
        total += score.total[player]
        markers = list(score.markers_after)
    return total


def payout_bounds(model: Model, players: tuple[int, ...], rounds: int, direction: str,
                  from_middle: bool, expected: int | None = None) -> list[Result]:
    """Tight bound on each of ``players``' payout over ``rounds`` consecutive rounds
    (``expected``: the bound spec records, checked rather than searched for).

    The rounds are modelled once and asked about each player in turn."""
    params, constraints, shown = symbolic_board(model)
    if from_middle:
        start: list[Any] = [z3.IntVal(0)] * model.marker_count
    else:
        start = [z3.Int(f"start_{i}") for i in range(model.marker_count)]
        for s in start:
            constraints += [s >= -params.half_length, s <= params.half_length]
    round_vars = []
    for index in range(rounds):
        rv = round_model(model, params, start, f"r{index}_", constraints)
        round_vars.append(rv)
        start = rv.after
    show = [*shown, *[v for rv in round_vars for v in rv.counts.values()],
            *[c for rv in round_vars for row in rv.caps for c in row],
            *[m for rv in round_vars for m in rv.moved.values()]]
    if not from_middle:
        show += round_vars[0].start
    results = []
    for player in players:
        objective = z3.Sum([rv.payout[player] for rv in round_vars])
        result = tight_bound(objective, constraints, show, direction, expected=expected)
        if result.proven:
            replayed = replay_rounds(model, round_vars, dict(result.witness), player, from_middle)
            if replayed != result.bound:
                result = Result(VIOLATED, f"witness scores {replayed} in the engine, z3 said "
                                f"{result.bound}", counterexample=result.witness)
            else:
                result = Result(PROVEN, f"{direction} = {result.bound} (witness replayed by "
                                "score_round)", witness=result.witness, bound=result.bound)
        results.append(result)
        if not result.proven:
            break
    return results


def payout_bound(model: Model, player: int, rounds: int, direction: str,
                 from_middle: bool, expected: int | None = None) -> Result:
    """Tight bound on ``player``'s payout over ``rounds`` consecutive rounds."""
    return payout_bounds(model, (player,), rounds, direction, from_middle, expected)[0]


def game_bound_by_rounds(model: Model, direction: str, expected: int) -> list[Result] | None:
    """The whole game's bound settled through one round, for both players, or ``None``.

    The bound holds: every round, whatever the markers' positions on their tracks,
    stays within ``expected / rounds`` (one round, markers anywhere), so the rounds
    together stay within ``expected``. It is reached: a first round from the middle
    reaches ``expected / rounds``, and the later rounds repeat its cargo with every
    marker move declined (interp.marker_moves), so they pay the same; the engine's
    ``score_round`` replays that game. ``None`` when either step fails: the caller
    then models every round (:func:`payout_bounds`), which also finds a violation.
    """
    rounds = model.rounds
    if expected % rounds:
        return None
    per_round = expected // rounds
    players = (MEDICI, STROZZI)
    anywhere = payout_bounds(model, players, 1, direction, from_middle=False, expected=per_round)
    if len(anywhere) < len(players) or any(r.bound != per_round for r in anywhere):
        return None
    params, constraints, shown = symbolic_board(model)
    rv = round_model(model, params, [z3.IntVal(0)] * model.marker_count, "r0_", constraints)
    show = [*shown, *rv.counts.values(), *rv.moved.values()]
    results = []
    for player in players:
        first = tight_bound(rv.payout[player], constraints, show, direction, expected=per_round)
        if not first.proven or first.bound != per_round:
            return None
        witness = dict(first.witness)
        rules = _witness_rules(model, witness)
        cargo = _cargo(model, rv, witness, "r0_")
        markers: list[int] = [0] * rules.marker_count
        total = 0
        for index in range(rounds):
            taken = _taken(model, rv, witness) if index == 0 else \
                [(0, 0)] * rules.marker_count
            score = scoring.score_round(rules, cargo, markers, taken)
            total += score.total[player]
            markers = list(score.markers_after)
        if total != expected:
            return None
        results.append(Result(PROVEN, f"{direction} = {expected}: each round {direction} "
                              f"{per_round} with markers anywhere; a game repeating the first "
                              f"round with no marker moved reaches it (replayed by score_round)",
                              witness=first.witness, bound=expected))
    return results


def check_payout_bound(model: Model, bound_path: str, direction: str,
                       whole_game: bool) -> Result:
    """Both players' tight bound must equal the derived value recorded in spec."""
    rules = model
    expected = rules.spec[bound_path]
    rounds = rules.rounds if whole_game else 1
    if whole_game:
        settled = game_bound_by_rounds(model, direction, expected)
        if settled is not None:
            return Result(PROVEN, "; ".join(f"{rules.players[p]}: {r.detail}" for p, r in
                                            zip((MEDICI, STROZZI), settled, strict=True)),
                          witness=settled[-1].witness, bound=expected)
    engine = engine_functions(model, rule_functions(model.variants))
    details = []
    for player, found in zip((MEDICI, STROZZI), payout_bounds(
            model, (MEDICI, STROZZI), rounds, direction, from_middle=whole_game,
            expected=expected), strict=False):
        result = settle_bound(found, expected, None if engine is None else
                              partial(payout_bound, engine, player, rounds, direction,
                                      whole_game, expected),
                              bound_path, rules.players[player])
        if not result.proven:
            return result
        details.append(f"{rules.players[player]}: {result.detail}")
    return Result(PROVEN, "; ".join(details), witness=result.witness, bound=result.bound)


def _bound(path: str, direction: str, whole_game: bool) -> Callable[[Model], Result]:
    return lambda model: check_payout_bound(model, path, direction, whole_game)


_SCORING = (C + "scoring.harbour", C + "scoring.marker_move", C + "scoring.marker_payout",
            C + "scoring.marker_bonus")

INVARIANTS: tuple[Invariant, ...] = (
    Invariant("mvs.capacity", (C + "turn.load", C + "setup.ships"),
              N_("Loading never puts more tiles on a ship than its hold takes."),
              check_capacity),
    Invariant("mvs.draw_limit", (C + "turn.draw", C + "turn.draw_limit"),
              N_("A turn never draws more tiles than the drawer's roomiest ship can take, "
                 "nor more than the draw maximum."), check_draw_limit),
    Invariant("mvs.markers_on_track", (C + "setup.markers", C + "scoring.marker_move"),
              N_("Every monopoly marker stays on its track, for any track length."),
              check_markers_on_track, RANGES),
    Invariant("mvs.payout.round.max", (*_SCORING, C + "turn.port"),
              N_("One player's payout in one round, markers anywhere, is at most "
                 "{bounds.round_payout_max}, and some round reaches it."),
              _bound("bounds.round_payout_max", "max", False), RANGES),
    Invariant("mvs.payout.round.min", _SCORING,
              N_("One player's payout in one round is at least {bounds.round_payout_min}, "
                 "and some round reaches it."),
              _bound("bounds.round_payout_min", "min", False), RANGES),
    Invariant("mvs.payout.game.max", (*_SCORING, C + "game.rounds", C + "round.next"),
              N_("One player's payouts over the whole game are at most "
                 "{bounds.game_payout_max}, and some game reaches it."),
              _bound("bounds.game_payout_max", "max", True), RANGES),
    Invariant("mvs.payout.game.min", (*_SCORING, C + "game.rounds"),
              N_("One player's payouts over the whole game are at least "
                 "{bounds.game_payout_min}, and some game reaches it."),
              _bound("bounds.game_payout_min", "min", True), RANGES),
)

#: The goods by their index in the model (``Rules.goods``: the traded goods, then gold).
_GOODS = default_rules().goods


def _tiles_name(pattern: str, template: str) -> Name:
    """A count of tiles by harbour, good and value: the good in words, the value as
    printed, an empty count left out."""
    return Name(pattern, template, game=GAME_ID, keys={"good": _GOODS}, omit=(0,),
                plain=("worth",))


#: How the z3 names of the counterexamples read (:func:`describe`): seats, rounds,
#: harbours and goods in words, places counted from 1, empty cargo left out.
NAMES: tuple[Name, ...] = (
    Name(r"capacity", N_("hold size of the ship: {value}")),
    Name(r"loaded", N_("tiles already in the hold: {value}")),
    Name(r"count", N_("tiles drawn this turn: {value}")),
    Name(r"free_(?P<ship>\d+)", N_("free spaces on ship {ship}: {value}")),
    Name(r"tiles_in_play", N_("tiles still in the bag: {value}")),
    Name(r"position", N_("the marker's space (0 is the middle): {value}")),
    Name(r"steps_medici", N_("steps Medici moves the marker: {value}")),
    Name(r"steps_strozzi", N_("steps Strozzi moves the marker: {value}")),
    Name(r"(?:r\d+_)?(?P<number>track_half_length|bonus_small_distance|bonus_large_distance)",
         N_("board.{number}: {value}")),
    Name(r"start_(?P<track>\d+)", N_("marker of track {track} at the start: {value}")),
    Name(r"r(?P<round>\d+)_cap_0_(?P<harbour>\d+)",
         N_("round {round}: Medici's ship in harbour {harbour} holds up to {value} tiles")),
    Name(r"r(?P<round>\d+)_cap_1_(?P<harbour>\d+)",
         N_("round {round}: Strozzi's ship in harbour {harbour} holds up to {value} tiles")),
    _tiles_name(r"r(?P<round>\d+)_n_0_(?P<harbour>\d+)_(?P<good>\d+)_(?P<worth>\d+)",
                N_("round {round}: Medici brings {value} × {good} {worth} to harbour "
                   "{harbour}")),
    _tiles_name(r"r(?P<round>\d+)_n_1_(?P<harbour>\d+)_(?P<good>\d+)_(?P<worth>\d+)",
                N_("round {round}: Strozzi brings {value} × {good} {worth} to harbour "
                   "{harbour}")),
    _tiles_name(r"r(?P<round>\d+)_m_0_(?P<harbour>\d+)_(?P<good>\d+)_(?P<worth>\d+)",
                N_("round {round}: Medici moves a marker with {value} × {good} {worth} in "
                   "harbour {harbour}")),
    _tiles_name(r"r(?P<round>\d+)_m_1_(?P<harbour>\d+)_(?P<good>\d+)_(?P<worth>\d+)",
                N_("round {round}: Strozzi moves a marker with {value} × {good} {worth} in "
                   "harbour {harbour}")),
)
INVARIANTS = tuple(replace(invariant, names=NAMES) for invariant in INVARIANTS)

from regelwerk.verification.medici_vs_strozzi.mutants import MUTANTS  # noqa: E402

__all__ = ["INVARIANTS", "MUTANTS", "PROOF_ONLY", "VERIFICATION", "Mutant", "default_rules"]

#: Invariants without a runtime twin, and why: none (each bound is checked per round and
#: per game by ``engine.medici_vs_strozzi.invariants``).
PROOF_ONLY: dict[str, str] = {}

#: The game's verification, declared once (:class:`~regelwerk.verification.core.Verification`):
#: what ``regelwerk verify``, the consistency report and the site prove.
VERIFICATION = Verification(GAME_ID, INVARIANTS, MUTANTS, default_rules, PROOF_ONLY)
