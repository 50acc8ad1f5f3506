"""z3 invariants of Il Vecchio, each proved about the engine's own rule functions.

Every :class:`Invariant` takes the rules (``default_rules()`` or a deliberately
broken mutant) and returns ``proven``, ``violated`` (with a counterexample) or
``unknown``. Board numbers the rulebooks do not print (track lengths) are z3
variables over their spec ``range``, so the proofs hold for every plausible
printed board. :func:`endless_game` answers the termination question.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import z3
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio import play
from regelwerk.engine.il_vecchio.actions import Action, KeepCouncil, SetupPlace, TownAction
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY, REGIONS, TRACKS
from regelwerk.engine.il_vecchio.rules import RESOURCES, Rules, default_rules, rules_from_spec
from regelwerk.engine.il_vecchio.scoring import Counts, majority_beats, nobility_points
from regelwerk.engine.il_vecchio.state import Phase, State
from regelwerk.verification.core import (
    PROVEN,
    UNKNOWN,
    VIOLATED,
    Z3,
    Invariant,
    Result,
    prove,
    tight_bound,
)

C = "il_vecchio:"
RLIMIT = 20_000_000


def _all(results: list[Result]) -> Result:
    for status in (VIOLATED, UNKNOWN):
        for r in results:
            if r.status == status:
                return r
    return Result(PROVEN, "; ".join(r.detail for r in results if r.detail))


def check_track_capacity(rules: Rules) -> Result:
    """Induction: a track holds at most its usable spaces, unless it is the final round."""
    results = []
    for t, name in enumerate(TRACKS):
        number = rules.spec.number(f"board.tracks.{name}.{'costs' if name in REGIONS else 'length'}")
        low, high = number.range or (rules.board.tracks[t].length,) * 2
        length, placed, first = z3.Ints("length placed first")
        final = z3.Bool("final_round")
        usable = length - first
        inv = z3.Or(placed <= usable, final)
        step = play.may_place(placed, usable, final, rules, Z3)
        assumptions = [low <= length, length <= high, placed >= 0, inv, step,
                       z3.Or(first == 0, first == rules.spec["setup.two_player_first_space"] - 1)]
        results.append(prove(z3.Or(placed + 1 <= usable, final), assumptions, RLIMIT,
                             show=[length, placed, first, final]))
    return _all(results)


def check_crests(rules: Rules) -> Result:
    """Crests taken + on the board = dealt; the end is triggered exactly by the last one."""
    dealt = rules.crests_dealt
    board_, taken, ended = z3.Ints("on_board taken")+[z3.Bool("ended")]
    inv = z3.And(board_ + taken == dealt, board_ >= 0, ended == (board_ == 0))
    base = prove(z3.And(dealt + 0 == dealt, z3.BoolVal(False) == (z3.IntVal(dealt) == 0)),
                 rlimit=RLIMIT)
    if not base.proven:
        return Result(VIOLATED, "the game starts with its end triggered (no crests dealt)",
                      counterexample={"dealt": dealt})
    left, taken2, ended2 = play.crest_step(board_, taken, ended, rules, Z3)
    step = prove(z3.And(left + taken2 == dealt, left >= 0, ended2 == (left == 0)),
                 [inv, board_ >= 1], RLIMIT, show=[board_, taken, ended])
    if not step.proven:
        return step
    usable_crests = sum(1 for t, track in enumerate(rules.board.tracks)
                        for s in range(rules.first_space, track.length) if track.crests[s])
    if usable_crests < dealt:
        return Result(VIOLATED, "the tracks show fewer crest spaces than crests are dealt: the "
                      "end could never come", counterexample={"crest_spaces": usable_crests,
                                                              "dealt": dealt})
    return Result(PROVEN, f"{dealt} crests, {usable_crests} usable crest spaces")


def check_additional_cost(rules: Rules) -> Result:
    """The additional cost lies on the council stack until the first crest, then on nobility."""
    taken = z3.Int("crests_taken")
    where = play.additional_cost_stack(taken, rules, Z3)
    claim = z3.And(z3.Implies(taken == 0, where == COUNCIL), z3.Implies(taken >= 1, where == NOBILITY))
    return prove(claim, [taken >= 0, taken <= rules.crests_dealt], RLIMIT, show=[taken])


def check_members(rules: Rules) -> Result:
    """Supply + towns (standing, lying) + tracks = the family's members after every kind of
    move (1-induction)."""
    supply, standing, lying, tracks, x = z3.Ints("supply standing lying tracks x")
    total = rules.family_members
    inv = z3.And(supply + standing + lying + tracks == total, supply >= 0, standing >= 0,
                 lying >= 0, tracks >= 0)
    back = play.family_return(rules)
    moves = {   # (supply, standing, lying, tracks) after each move the engine makes
        "setup_place": (supply - rules.members_per_setup_round,
                        standing + rules.members_per_setup_round, lying, tracks),
        "place": (supply - 1, standing + 1, lying, tracks),
        "town_action": (supply, standing - 1, lying + 1, tracks),
        "track": (supply, standing - 1, lying, tracks + 1),
        "recovery": (supply, standing + lying, z3.IntVal(0), tracks),
        "family_lay_down": (supply, standing - 1, lying + 1, tracks),
        "family_take_back": (supply + back, standing, lying - 1, tracks),
    }
    guards = {"setup_place": supply >= rules.members_per_setup_round, "place": supply >= 1,
              "town_action": standing >= 1, "track": standing >= 1, "recovery": True,
              "family_lay_down": standing >= 1, "family_take_back": lying >= 1}
    for name, (s, st, ly, tr) in moves.items():
        result = prove(z3.And(s + st + ly + tr == total, s >= 0, st >= 0, ly >= 0, tr >= 0),
                       [inv, guards[name], x >= 0], RLIMIT, show=[supply, standing, lying, tracks])
        if not result.proven:
            return Result(result.status, f"move {name} breaks it", result.counterexample)
    return Result(PROVEN, f"{len(moves)} kinds of move")


def check_majority(rules: Rules) -> Result:
    """The majority comparison is a strict total order on the players present on a track."""
    ca, cb, cc, la, lb, lc = z3.Ints("count_a count_b count_c last_a last_b last_c")
    def beats(c1: Any, l1: Any, c2: Any, l2: Any) -> Any:
        return majority_beats(c1, l1, c2, l2, rules, Z3)
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
             + z3.Sum([z3.If(h, nobility_points(name, counts, rules, Z3), 0)
                       for h, name in zip(held, rules.nobility_tiles, strict=True)]))
    shown = [*k, *over, supply, towns, *res, *colours, unused, passed, *held, crests]
    return total, cons, shown


def check_power_points(rules: Rules) -> Result:
    """The tight maximum of one player's final Power points, with its witness."""
    for track in rules.board.tracks:
        if any(a < b for a, b in zip(track.points, track.points[1:], strict=False)):
            return Result(UNKNOWN, f"{track.name}: points rise along the track; the model "
                                   "assumes they do not")
    total, cons, shown = power_points_model(rules)
    return tight_bound(total, cons, shown, "max", rlimit=200_000_000)


def witness_state(rules: Rules, witness: dict[str, Any], seed: int = 0) -> State:
    """A finished game built from a bound's witness, for the engine to score (player 0)."""
    state = play.new_game(seed, rules=rules)
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
    return state._replace(players=players, tracks=tracks, phase=Phase.OVER, crest_stack=(),
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
    state = play.new_game(seed, rules=rules)
    board = rules.board
    x, y = board.cycles["purple"][0], board.cycles["purple"][1]
    area = next(a for a, towns in board.areas.items() if x in towns and y in towns)
    prefix: list[Action] = []

    def do(action: Action) -> None:
        nonlocal state
        prefix.append(action)
        state = play.apply(state, action)

    for p in range(players):
        offer = state.setup_offer[p]
        do(KeepCouncil(next(t for t in offer
                            if rules.council_tiles[t] not in ("carriages", "bishops"))))
    for _ in range(players):
        do(play.setup_placements(state)[0])
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
    state = play.new_game(0, rules=default_rules(rules.players))
    for action in prefix:
        state = play.apply(state, action)
    start = state
    for action in cycle:
        state = play.apply(state, action)
    same = state == start and not state.is_terminal
    return Result(VIOLATED if same else UNKNOWN,
                  f"cycle of {len(cycle)} actions repeats the state: the game need not end"
                  if same else "cycle not confirmed",
                  counterexample={"prefix": len(prefix), "cycle": len(cycle)} if same else {})


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("il_vecchio:inv.track_capacity", (C + "end.full_track", C + "action.province.track",
                                                C + "action.florence", C + "setup.two_player_tracks"),
              N_("No track ever holds more family members than it has spaces, except by the "
                 "final-round rule."), check_track_capacity,
              N_("every track length in its board range; 2-player and 3-4-player starts")),
    Invariant("il_vecchio:inv.crests", (C + "event.crest", C + "event.last_crest",
                                        C + "setup.crests"),
              N_("Crests taken plus crests on the board equal the crests dealt, and the end is "
                 "triggered exactly when the last one is taken."), check_crests),
    Invariant("il_vecchio:inv.additional_cost", (C + "event.first_crest",
                                                 C + "setup.additional_cost"),
              N_("The additional-cost tile lies on the council stack until the first crest is "
                 "taken and on the nobility stack afterwards."), check_additional_cost),
    Invariant("il_vecchio:inv.members", (C + "setup.player_material", C + "event.family",
                                         C + "action.recovery", C + "action.reinforcement"),
              N_("Every family member is always in exactly one place: supply, a town (standing "
                 "or lying) or a track."), check_members),
    Invariant("il_vecchio:inv.majority_strict", (C + "scoring.majority",),
              N_("The majority tie-break orders the players on a track strictly: exactly one "
                 "player wins each majority."), check_majority),
    Invariant("il_vecchio:inv.power_points_max", (C + "scoring.tracks", C + "scoring.presence",
                                                  C + "scoring.majority", C + "scoring.crests",
                                                  C + "scoring.nobility_tiles"),
              N_("A tight upper bound on one player's final Power points, reached by a witness "
                 "that the engine scores."), check_power_points),
)


def default_rules_for_proofs(players: int | None = None) -> Rules:
    return default_rules(players)


def mutant(rules: Rules, **numbers: Any) -> Rules:
    """``rules`` with some spec numbers replaced (a deliberately broken rule), board rebuilt."""
    spec = rules.spec.with_numbers(numbers)
    return dataclasses.replace(rules_from_spec(spec, rules.players, rules.variants), spec=spec)


__all__ = ["INVARIANTS", "check_termination", "default_rules", "endless_game", "mutant",
           "power_points_model", "witness_state"]
