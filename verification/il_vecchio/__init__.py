"""z3 invariants of Il Vecchio, each proved about the engine's own rule functions.

Every :class:`Invariant` takes the rules (``default_rules()`` or a deliberately
broken mutant) and returns ``proven``, ``violated`` (with a counterexample) or
``unknown``. The rule functions come from ``rules.fns``, so a proof is about the
code that plays the game, and each :data:`MUTANTS` entry swaps one of them for a
deliberately wrong rule (:func:`~regelwerk.verification.core.mutate`), which
``verify`` must report as violated and which reaches ``simulate`` too. Board
numbers the rulebooks do not print (track lengths) are z3 variables over their
spec ``range``, so the proofs hold for every plausible printed board. The Power
points bound is a tight maximum that must equal the derived value recorded in
spec (``bounds.power_points_max``). :func:`endless_game` answers the termination
question.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import z3
from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio import setup
from regelwerk.engine.il_vecchio.actions import Action, KeepCouncil, SetupPlace, TownAction
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY, REGIONS, TRACKS
from regelwerk.engine.il_vecchio.game import GAME
from regelwerk.engine.il_vecchio.rule_fns import Counts
from regelwerk.engine.il_vecchio.rules import GAME as GAME_ID
from regelwerk.engine.il_vecchio.rules import RESOURCES, Rules, default_rules, rule_functions
from regelwerk.engine.il_vecchio.scoring import final_scores
from regelwerk.engine.il_vecchio.state import Phase, State
from regelwerk.verification.core import (
    PROVEN,
    UNKNOWN,
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
RLIMIT = 20_000_000


def _all(results: list[Result]) -> Result:
    for status in (VIOLATED, UNKNOWN):
        for r in results:
            if r.status == status:
                return r
    return Result(PROVEN, "; ".join(r.detail for r in results if r.detail))


@implements(C + "end.full_track", C + "setup.two_player_tracks")
def check_track_capacity(rules: Rules) -> Result:
    """Induction: a track holds at most its usable spaces, unless it is the final round;
    ``rules.fns.may_place`` decides each placement, every track length over its spec range."""
    results = []
    for t, name in enumerate(TRACKS):
        number = rules.spec.number(_length_path(name))
        low, high = number.range or (rules.board.tracks[t].length,) * 2
        length, placed, first = z3.Ints("length placed first")
        final = z3.Bool("final_round")
        usable = length - first
        inv = z3.Or(placed <= usable, final)
        step = rules.fns.may_place(placed, usable, final, rules, Z3)
        assumptions = [low <= length, length <= high, placed >= 0, inv, step,
                       z3.Or(first == 0, first == rules.spec["setup.two_player_first_space"] - 1)]
        results.append(prove(z3.Or(placed + 1 <= usable, final), assumptions, RLIMIT,
                             show=[length, placed, first, final]))
    return _all(results)


def _length_path(track: str) -> str:
    """The spec number whose ``range`` bounds the length of ``track``."""
    return f"board.tracks.{track}.{'costs' if track in REGIONS else 'length'}"


@implements(C + "event.crest", C + "event.last_crest", C + "setup.crests")
def check_crests(rules: Rules) -> Result:
    """Crests taken + on the board = dealt; the end is triggered exactly by the last one
    (induction over ``rules.fns.crest_step``), and the tracks show enough crest spaces."""
    dealt = rules.crests_dealt

    def holds(on_board: Any, taken: Any, ended: Any) -> Any:
        return z3.And(on_board + taken == dealt, on_board >= 0, ended == (on_board == 0))

    board_, taken = z3.Ints("on_board taken")
    ended = z3.Bool("ended")
    base = prove(holds(z3.IntVal(dealt), z3.IntVal(0), z3.BoolVal(False)), rlimit=RLIMIT)
    if not base.proven:
        return Result(VIOLATED, "the game starts with its end triggered (no crests dealt)",
                      counterexample={"dealt": dealt})
    step = prove(holds(*rules.fns.crest_step(board_, taken, ended, rules, Z3)),
                 [holds(board_, taken, ended), board_ >= 1], RLIMIT, show=[board_, taken, ended])
    if not step.proven:
        return step
    usable_crests = sum(1 for t, track in enumerate(rules.board.tracks)
                        for s in range(rules.first_space, track.length) if track.crests[s])
    if usable_crests < dealt:
        return Result(VIOLATED, "the tracks show fewer crest spaces than crests are dealt: the "
                      "end could never come", counterexample={"crest_spaces": usable_crests,
                                                              "dealt": dealt})
    return Result(PROVEN, f"{dealt} crests, {usable_crests} usable crest spaces")


@implements(C + "event.first_crest", C + "setup.additional_cost")
def check_additional_cost(rules: Rules) -> Result:
    """The additional cost lies on the council stack until the first crest, then on nobility
    (``rules.fns.additional_cost_stack``)."""
    taken = z3.Int("crests_taken")
    where = rules.fns.additional_cost_stack(taken, rules, Z3)
    claim = z3.And(z3.Implies(taken == 0, where == COUNCIL),
                   z3.Implies(taken >= 1, where == NOBILITY))
    return prove(claim, [taken >= 0, taken <= rules.crests_dealt], RLIMIT, show=[taken])


@implements(C + "setup.player_material", C + "event.family", C + "action.recovery",
            C + "action.reinforcement")
def check_members(rules: Rules) -> Result:
    """Supply + towns (standing, lying) + tracks = the family's members after every kind of
    move (1-induction), each move computed by the engine's own rule function (``rules.fns``).

    ``standing`` and ``lying`` count the family's members in the town a move touches,
    ``standing_b`` those standing in a second town (travel, two set-up placements),
    ``on_track`` those on the track a member joins, ``elsewhere`` all others in towns and on
    tracks; recovery stands up the members of each town in turn.
    """
    fns = rules.fns
    counts = z3.Ints("supply standing lying standing_b on_track elsewhere")
    supply, standing, lying, standing_b, on_track, _elsewhere = counts
    total = rules.family_members

    def holds(after: tuple[Any, ...]) -> Any:
        return z3.And(sum(after) == total, *(c >= 0 for c in after))

    def change(**changed: Any) -> tuple[Any, ...]:
        names = ("supply", "standing", "lying", "standing_b", "on_track", "elsewhere")
        return tuple(changed.get(n, c) for n, c in zip(names, counts, strict=True))

    s1, here = fns.member_enters(supply, standing, Z3)
    s2, there = fns.member_enters(s1, standing_b, Z3)
    s3, twice = fns.member_enters(s1, here, Z3)
    left, arrived = fns.member_travels(standing, standing_b, Z3)
    up, down = fns.member_lies_down(standing, lying, Z3)
    gone, joined = fns.member_joins_track(standing, on_track, Z3)
    stood, none_lying = fns.members_stand_up(standing, lying, Z3)
    back, fewer = fns.member_taken_back(supply, lying, rules, Z3)
    per_round = rules.members_per_setup_round
    moves = {   # name: (what the engine asks before the move, the counts after it)
        "setup_place": (supply >= per_round, change(supply=s2, standing=here, standing_b=there)),
        "setup_place_one_town": (supply >= per_round, change(supply=s3, standing=twice)),
        "place": (supply >= 1, change(supply=s1, standing=here)),
        "travel": (standing >= 1, change(standing=left, standing_b=arrived)),
        "lay_down": (standing >= 1, change(standing=up, lying=down)),
        "join_track": (standing >= 1, change(standing=gone, on_track=joined)),
        "recovery": (z3.BoolVal(True), change(standing=stood, lying=none_lying)),
        "take_back": (lying >= 1, change(supply=back, lying=fewer)),
    }
    for name, (guard, after) in moves.items():
        result = prove(holds(after), [holds(counts), guard], RLIMIT, show=list(counts))
        if not result.proven:
            return Result(result.status, f"move {name} breaks it", result.counterexample)
    return Result(PROVEN, f"{len(moves)} kinds of move")


@implements(C + "scoring.majority")
def check_majority(rules: Rules) -> Result:
    """The majority comparison (``rules.fns.majority_beats``) is a strict total order on the
    players present on a track."""
    ca, cb, cc, la, lb, lc = z3.Ints("count_a count_b count_c last_a last_b last_c")

    def beats(c1: Any, l1: Any, c2: Any, l2: Any) -> Any:
        return rules.fns.majority_beats(c1, l1, c2, l2, rules, Z3)

    facts = [ca >= 1, cb >= 1, cc >= 1, la >= 0, lb >= 0, lc >= 0,
             z3.Distinct(la, lb, lc)]   # every member arrives at its own moment
    claim = z3.And(
        z3.Not(beats(ca, la, ca, la)),
        z3.Implies(beats(ca, la, cb, lb), z3.Not(beats(cb, lb, ca, la))),
        z3.Implies(z3.And(beats(ca, la, cb, lb), beats(cb, lb, cc, lc)), beats(ca, la, cc, lc)),
        z3.Or(beats(ca, la, cb, lb), beats(cb, lb, ca, la)))
    return prove(claim, facts, RLIMIT, show=[ca, cb, la, lb])


def _prefix_sum(values: list[int], k: Any) -> Any:
    return z3.Sum([z3.If(k > i, v, 0) for i, v in enumerate(values)])


def power_points_model(rules: Rules) -> tuple[Any, list[Any], list[Any]]:
    """A player's final Power points over every end position open to him (z3).

    His members hold the first spaces of each track: other players' members, placed
    after his, take the crests he leaves and cannot push his to later spaces, which
    would never score more (checked: points do not rise along a track).
    """
    s = rules.scoring
    k = [z3.Int(f"on_{name}") for name in TRACKS]
    over = [z3.Int(f"beyond_{name}") for name in TRACKS]
    supply, towns = z3.Ints("supply towns")
    res = [z3.Int(f"res_{i}") for i in range(len(RESOURCES))]
    colours = [z3.Bool(f"member_in_{c}") for c in ("white", "gray", "black")]
    unused = z3.Int("unused_provinces")
    passed = z3.Bool("passed")
    held = [z3.Bool(f"holds_{name}") for name in rules.nobility_tiles]
    cons: list[Any] = []
    crest_spaces = []
    points = z3.IntVal(0)
    for t, track in enumerate(rules.board.tracks):
        usable = rules.usable(t)
        cons += [k[t] >= 0, k[t] <= usable, over[t] >= 0,
                 z3.Implies(over[t] > 0, k[t] == usable)]
        pts = list(track.points[rules.first_space:])
        points = points + _prefix_sum(pts, k[t]) + over[t] * track.points[-1]
        crest_spaces.append(_prefix_sum([int(c) for c in track.crests[rules.first_space:]], k[t]))
    crests = z3.Int("crests")
    cons += [crests >= 0, crests <= z3.Sum(crest_spaces), crests <= rules.crests_dealt,
             z3.Sum(over) <= rules.double_turn_actions, z3.Implies(passed, z3.Sum(over) == 0),
             supply >= 0, towns >= 0, supply + towns + z3.Sum(k) + z3.Sum(over) == rules.family_members,
             *(r >= 0 for r in res), unused >= 0,
             unused <= z3.Sum([z3.If(k[r] < rules.tiles_per_region, k[r], rules.tiles_per_region)
                               for r in range(len(REGIONS))]),
             z3.Sum([z3.If(c, 1, 0) for c in colours]) <= towns,
             z3.Sum([z3.If(h, 1, 0) for h in held]) <= k[NOBILITY] + over[NOBILITY]]
    pairs = z3.Sum([z3.If(k[t] >= 2, k[t] - 1, 0) for t in range(len(TRACKS))])
    counts = Counts(supply, towns, (k[0] + over[0], k[1] + over[1], k[2] + over[2]),
                    k[COUNCIL] + over[COUNCIL], k[NOBILITY] + over[NOBILITY], tuple(res),
                    (colours[0], colours[1], colours[2]), pairs, unused, crests)
    present = [k[t] + over[t] >= 1 for t in range(len(TRACKS))]
    total = (points + z3.If(z3.And(*present), s["presence_bonus"], 0)
             + s["majority"] * z3.Sum([z3.If(p, 1, 0) for p in present])
             + s["crest"] * crests + z3.If(passed, s["pass_bonus"], 0)
             + z3.Sum([z3.If(h, rules.fns.nobility_points(name, counts, rules, Z3), 0)
                       for h, name in zip(held, rules.nobility_tiles, strict=True)]))
    shown = [*k, *over, supply, towns, *res, *colours, unused, passed, *held, crests]
    return total, cons, shown


@implements(C + "scoring.tracks", C + "scoring.presence", C + "scoring.majority",
            C + "scoring.crests", C + "scoring.nobility_tiles")
def check_power_points(rules: Rules) -> Result:
    """The tight maximum of one player's final Power points; its witness, scored by the
    engine (:func:`witness_state`, ``rules.fns``), must reach it, and it must equal the
    value of ``bounds.power_points_max`` in spec for the player count."""
    for track in rules.board.tracks:
        if any(a < b for a, b in zip(track.points, track.points[1:], strict=False)):
            return Result(UNKNOWN, f"{track.name}: points rise along the track; the model "
                                   "assumes they do not")
    expected = power_points_recorded(rules)
    result = _power_points_bound(rules, expected)
    if result.status != PROVEN:
        return result
    engine = engine_functions(rules, rule_functions())
    return settle_bound(result, expected, None if engine is None else
                        (lambda: _power_points_bound(engine, expected)),
                        BOUND, f"{rules.players} players")


def _power_points_bound(rules: Rules, expected: int) -> Result:
    """The tight maximum (spec's value asked first: can a score pass it, can one reach it?),
    its witness scored by the engine."""
    total, cons, shown = power_points_model(rules)
    result = tight_bound(total, cons, shown, "max", rlimit=200_000_000, expected=expected)
    if result.status != PROVEN:
        return result
    replayed = final_scores(witness_state(rules, dict(result.witness)))[0].total
    if replayed != result.bound:
        return Result(VIOLATED, f"witness scores {replayed} in the engine, bound {result.bound}",
                      counterexample=result.witness)
    return Result(PROVEN, f"{result.detail} (witness scored by the engine)",
                  witness=result.witness, bound=result.bound)


BOUND = "bounds.power_points_max"


def power_points_recorded(rules: Rules) -> int:
    """The value of ``bounds.power_points_max`` in spec for the rules' player count."""
    low = rules.spec["players.count"][0]
    value: int = rules.spec[BOUND][rules.players - low]
    return value


def witness_state(rules: Rules, witness: dict[str, Any], seed: int = 0) -> State:
    """A finished game built from a bound's witness, for the engine to score (player 0)."""
    state = GAME.new_game(seed, rules=rules)
    me = state.players[0]
    board = rules.board
    standing = [0] * len(board.towns)
    placed = 0
    for colour, name in (("white", "member_in_white"), ("gray", "member_in_gray"),
                         ("black", "member_in_black")):
        if witness[name] in (True, "True"):
            standing[board.colours.index(colour)] += 1
            placed += 1
    standing[board.florence] += witness["towns"] - placed
    tracks = tuple((0,) * (witness[f"on_{n}"] + witness[f"beyond_{n}"]) for n in TRACKS)
    unused = witness["unused_provinces"]
    nobility = tuple(i for i, n in enumerate(rules.nobility_tiles)
                     if witness[f"holds_{n}"] in (True, "True"))
    me = me._replace(res=tuple(witness[f"res_{i}"] for i in range(len(RESOURCES))), supply=witness["supply"],
                     standing=tuple(standing), province_up=tuple(range(unused)),
                     nobility=nobility, crests=(0,) * witness["crests"],
                     passed=witness["passed"] in (True, "True"))
    players = (me, *state.players[1:])
    return state._replace(players=players, tracks=tracks, phase=Phase.OVER, crests_left=0,
                          overflow=tuple(witness[f"beyond_{n}"] for n in TRACKS),
                          final_round=True, end_triggered=True)


def endless_game(players: int | None = None, seed: int = 0) -> tuple[list[Action], list[Action]]:
    """A prefix and a cycle that returns the game to exactly the same state, forever.

    Each player keeps a council tile that does not enhance purple towns, places
    his chosen members on two purple towns and takes two bishops there with a
    bishop (one more bishop in all); then, every two rounds, he
    carries a member by carriage to the other purple town, hands in a bishop and
    takes two carriages, and next round carries it back and takes two bishops:
    carriages and bishops balance out, nothing else changes. ``players`` defaults to
    the smallest count of ``players.count``.
    """
    if players is None:
        players = default_rules().spec["players.count"][0]
    rules = default_rules(players)
    state = GAME.new_game(seed, rules=rules)
    board = rules.board
    x, y = board.cycles["purple"][0], board.cycles["purple"][1]
    area = next(a for a, towns in board.areas.items() if x in towns and y in towns)
    prefix: list[Action] = []

    def do(action: Action) -> None:
        nonlocal state
        prefix.append(action)
        state = GAME.apply(state, action)

    for p in range(players):
        offer = state.setup_offer[p]
        do(KeepCouncil(next(t for t in offer
                            if rules.council_tiles[t] not in ("carriages", "bishops"))))
    for _ in range(players):
        do(setup.setup_placements(state)[0])
    for _ in range(players):
        do(SetupPlace(area, min(x, y), max(x, y)))
    for _ in range(players):            # one more bishop each, so the cycle can start
        do(TownAction(x, x, False, True, 0))
    cycle: list[Action] = []
    for frm, to, choice in ((x, y, 1), (y, x, 0)):
        cycle += [TownAction(frm, to, True, True, choice)] * players
    return prefix, cycle


def check_termination(rules: Rules) -> Result:
    """Must every game end? No: the engine replays a cycle back to the very same state."""
    prefix, cycle = endless_game(rules.players)
    state = GAME.new_game(0, rules=default_rules(rules.players))
    for action in prefix:
        state = GAME.apply(state, action)
    start = state
    for action in cycle:
        state = GAME.apply(state, action)
    same = state == start and not state.is_terminal
    return Result(VIOLATED if same else UNKNOWN,
                  f"cycle of {len(cycle)} actions repeats the state: the game need not end"
                  if same else "cycle not confirmed",
                  counterexample={"prefix": len(prefix), "cycle": len(cycle)} if same else {})


#: The spec ranges the track-capacity proof covers (a printed board may fix them).
TRACK_RANGES = N_("track lengths: Milano {board.tracks.milano.costs:range}, Venezia "
                  "{board.tracks.venezia.costs:range}, Chiesa {board.tracks.chiesa.costs:range}, "
                  "council {board.tracks.council.length:range}, nobility "
                  "{board.tracks.nobility.length:range} spaces; members from the first space or "
                  "from space {setup.two_player_first_space}")

#: How the z3 names of this module's counterexamples read.
NAMES: tuple[Name, ...] = (
    Name(r"length", N_("spaces of the track: {value}")),
    Name(r"placed", N_("members on the track: {value}")),
    Name(r"first", N_("first usable space (from 0): {value}"), index=False),
    Name(r"final_round", N_("final round: {value}")),
    Name(r"on_board", N_("crests on the board: {value}")),
    Name(r"taken", N_("crests taken: {value}")),
    Name(r"crests_taken", N_("crests taken: {value}")),
    Name(r"ended", N_("end triggered: {value}")),
    Name(r"supply", N_("members in the supply: {value}")),
    Name(r"standing", N_("members standing in the town: {value}")),
    Name(r"lying", N_("members lying in the town: {value}")),
    Name(r"standing_b", N_("members standing in the second town: {value}")),
    Name(r"on_track", N_("members on the track joined: {value}")),
    Name(r"elsewhere", N_("members elsewhere: {value}")),
    Name(r"count_(?P<player>[abc])", N_("members of player {player} on the track: {value}")),
    Name(r"last_(?P<player>[abc])", N_("arrival of player {player}'s last member: {value}")),
    Name(r"on_(?P<track>[a-z]+)", N_("members on the {track} track: {value}"), game=GAME_ID),
    Name(r"beyond_(?P<track>[a-z]+)", N_("members beyond the end of the {track} track: "
                                         "{value}"), game=GAME_ID),
    Name(r"towns", N_("members in towns: {value}")),
    Name(r"res_(?P<resource>[0-9]+)", N_("resource {resource}: {value}")),
    Name(r"member_in_(?P<colour>[a-z]+)", N_("a member in a {colour} town: {value}"),
         game=GAME_ID),
    Name(r"unused_provinces", N_("province tiles left unused: {value}")),
    Name(r"passed", N_("passed at the end: {value}")),
    Name(r"holds_(?P<tile>[a-z_]+)", N_("holds the nobility tile {tile}: {value}")),
    Name(r"crests", N_("crests held: {value}")),
)


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("il_vecchio.track_capacity", (C + "end.full_track", C + "action.province.track",
                                            C + "action.florence", C + "setup.two_player_tracks"),
              N_("No track ever holds more family members than it has spaces, except by the "
                 "final-round rule."), check_track_capacity, TRACK_RANGES),
    Invariant("il_vecchio.crests", (C + "event.crest", C + "event.last_crest", C + "setup.crests"),
              N_("Crests taken plus crests on the board equal the crests dealt, and the end is "
                 "triggered exactly when the last one is taken."), check_crests),
    Invariant("il_vecchio.additional_cost", (C + "event.first_crest", C + "setup.additional_cost"),
              N_("The additional-cost tile lies on the council stack until the first crest is "
                 "taken and on the nobility stack afterwards."), check_additional_cost),
    Invariant("il_vecchio.members", (C + "setup.player_material", C + "setup.placement_roll",
                                     C + "setup.placement_choice", C + "travel.roads",
                                     C + "action.town.crest", C + "action.province.track",
                                     C + "action.florence", C + "event.family",
                                     C + "action.recovery", C + "action.reinforcement"),
              N_("Every family member is always in exactly one place: supply, a town (standing "
                 "or lying) or a track."), check_members),
    Invariant("il_vecchio.majority_strict", (C + "scoring.majority",),
              N_("The majority tie-break orders the players on a track strictly: exactly one "
                 "player wins each majority."), check_majority),
    Invariant("il_vecchio.power_points_max", (C + "scoring.tracks", C + "scoring.presence",
                                              C + "scoring.majority", C + "scoring.crests",
                                              C + "scoring.nobility_tiles"),
              N_("One player ends the game with at most {bounds.power_points_max} Power points "
                 "(one value per player count, from the fewest to the most players), and the "
                 "engine scores a finished game that reaches it."), check_power_points),
)

INVARIANTS = tuple(replace(invariant, names=NAMES) for invariant in INVARIANTS)

from regelwerk.verification.il_vecchio.mutants import MUTANTS  # noqa: E402

#: Invariants without a runtime twin, and why (English; the others are checked by
#: :func:`regelwerk.engine.il_vecchio.invariants.violations` under the same id): none.
PROOF_ONLY: dict[str, str] = {}

__all__ = ["INVARIANTS", "MUTANTS", "PROOF_ONLY", "VERIFICATION", "Mutant", "check_termination",
           "default_rules", "endless_game", "power_points_model", "power_points_recorded", "witness_state"]

#: The game's verification, declared once (:class:`~regelwerk.verification.core.Verification`):
#: what ``regelwerk verify``, the consistency report and the site prove.
VERIFICATION = Verification(GAME_ID, INVARIANTS, MUTANTS, default_rules, PROOF_ONLY)
