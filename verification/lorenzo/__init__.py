"""z3 invariants of Lorenzo il Magnifico.

Every model calls the engine's own rule functions (``rules.fns``, see
:class:`~regelwerk.engine.lorenzo.rules.RuleFns`), so a proof is about the code
that plays the game; each :data:`MUTANTS` entry swaps one of them for a
deliberately wrong rule (:func:`~regelwerk.verification.core.mutate`), which
``verify`` must report as violated and which reaches the engine too.

The step invariants are 1-inductions over one placement or payment; the scoring
bounds are tight bounds, for every player count, on what the final scoring awards
one player for his cards and the military ranking, each witness scored again by
the engine's :func:`~regelwerk.engine.lorenzo.scoring.final_scores`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from itertools import pairwise
from typing import Any

import z3
from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.lorenzo.game import GAME, rule_functions
from regelwerk.engine.lorenzo.rules import (
    CHARACTER,
    RESOURCES,
    TERRITORY,
    TYPES,
    VENTURE,
    Rules,
)
from regelwerk.engine.lorenzo.scoring import final_scores
from regelwerk.verification.core import (
    PROVEN,
    STALE,
    VIOLATED,
    WITHIN,
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

GAME_ID = "lorenzo"
C = prefix(GAME_ID)
RLIMIT = 5_000_000

Model = Rules   # a proof is about the rules the engine plays by, rule functions included


def default_rules() -> Rules:
    return GAME.default_rules


def players_rules(model: Model, players: int) -> Rules:
    """The rules for ``players`` players, with the model's numbers (a printed board's, say),
    readings and rule functions (the scoring is the basic game's)."""
    game = GAME if model.spec is GAME.spec else GAME.with_spec(model.spec)
    variants = {**model.variants, "game_mode": "basic"}
    return replace(game.rules_for({"players": players, **variants}), fns=model.fns)


def player_counts(model: Model) -> range:
    low, high = model.spec["players.min"], model.spec["players.max"]
    return range(low, high + 1)


# ------------------------------------------------------------------ step invariants

def check_tower_space_single(model: Model) -> Result:
    """A tower floor with at most one member stays so after a placement it allows."""
    occupants = z3.Int("occupants")
    before = [occupants >= 0, occupants <= 1,
              model.fns.space_open(occupants, False, Z3)]
    return prove(occupants + 1 <= 1, before, RLIMIT, show=[occupants])


def check_one_colour_per_tower(model: Model) -> Result:
    """A family with at most one coloured member in a tower keeps at most one after a
    placement the rule allows (the neutral member adds none)."""
    own = z3.Int("own_coloured")
    neutral = z3.Bool("neutral")
    before = [own >= 0, own <= 1, model.fns.colour_open(own, neutral, Z3)]
    after = own + z3.If(neutral, 0, 1)
    return prove(after <= 1, before, RLIMIT, show=[own, neutral])


def check_territory_military(model: Model) -> Result:
    """A territory taken without the waiver has the military points of its slot."""
    military, held = z3.Ints("military held")
    needs = model.territory_military
    before = [military >= 0, held >= 0, held < model.max_per_type,
              model.fns.territory_allowed(military, needs, held, False, Z3)]
    claim = z3.And(*[z3.Implies(held == k, military >= needs[k])
                     for k in range(model.max_per_type)])
    return prove(claim, before, RLIMIT, show=[military, held])


def check_resources_nonnegative(model: Model) -> Result:
    """A payment the rules allow (a card's cost after discounts, the tower fee and servants
    taken from the stock first, an exchange) leaves every resource and point at zero or
    more, and a gain under a penalty never takes anything away."""
    have = [z3.Int(f"have_{r}") for r in RESOURCES]
    need = [z3.Int(f"pay_{r}") for r in RESOURCES]
    amount, add = z3.Ints("amount penalty")
    stock = [z3.Int(f"stock_{r}") for r in RESOURCES]
    before = [*[n >= 0 for n in need], model.fns.payable(have, need, Z3),
              *[s >= 0 for s in stock], amount >= 0, add <= 0]
    paid = z3.And(*[h - n >= 0 for h, n in zip(have, need, strict=True)])
    gained = z3.And(*[s + model.fns.lessened(amount, add, Z3) >= 0 for s in stock])
    return prove(z3.And(paid, gained), before, RLIMIT, show=[*have, *need, amount, add])


def check_faith_on_track(model: Model) -> Result:
    """Faith on the track stays on it after any gain, and the report's reset is on it."""
    faith, gained = z3.Ints("faith gained")
    top = model.faith_max
    after = model.fns.on_track(faith + gained, top, Z3)
    before = [faith >= 0, faith <= top, gained >= 0]
    claim = z3.And(after >= 0, after <= top, model.faith_reset >= 0,
                   model.faith_reset <= top, len(model.faith_vp) == top + 1)
    return prove(claim, before, RLIMIT, show=[faith, gained])


def check_vatican_threshold(model: Model) -> Result:
    """In each period's report exactly the players with the period's faith choose; every
    threshold lies on the faith track, and they rise from period to period."""
    faith = z3.Int("faith")
    thresholds = model.thresholds
    claim = z3.And(
        *[model.fns.choice_offered(faith, t, Z3) == (faith >= t) for t in thresholds],
        *[z3.BoolVal(0 < t <= model.faith_max) for t in thresholds],
        *[z3.BoolVal(a < b) for a, b in pairwise(thresholds)],
        z3.BoolVal(len(thresholds) == model.periods))
    return prove(claim, [faith >= 0, faith <= model.faith_max], RLIMIT, show=[faith])


# ------------------------------------------------------------------ scoring bounds

CATEGORIES = ("territories", "characters", "ventures", "military", "final")


class Scoring:
    """One player's final-scoring award as z3 terms: any number of territories and
    characters up to the limit, any set of at most that many ventures, any military points
    of every player; scored by the engine's rule functions."""

    def __init__(self, model: Model, players: int) -> None:
        self.model = model
        self.players = players
        self.territories, self.characters = z3.Ints("territories characters")
        # the ventures grouped by their points: how many of each value are held
        self.by_points: dict[int, list[int]] = {}
        for i, card in enumerate(model.cards):
            if card.type == VENTURE:
                value = sum(e.value for e in card.permanent if e.kind == "end_vp")
                self.by_points.setdefault(value, []).append(i)
        self.held = {v: z3.Int(f"ventures_of_{v}") for v in sorted(self.by_points)}
        self.military = [z3.Int(f"military_{p}") for p in range(players)]
        limit = model.max_per_type
        self.constraints = [self.territories >= 0, self.territories <= limit,
                            self.characters >= 0, self.characters <= limit,
                            *[z3.And(h >= 0, h <= len(self.by_points[v]))
                              for v, h in self.held.items()],
                            z3.Sum(*self.held.values()) <= limit,
                            *[m >= 0 for m in self.military]]
        fns = model.fns
        self.terms = {
            "territories": fns.table_points(model.score_territories, self.territories, Z3),
            "characters": fns.table_points(model.score_characters, self.characters, Z3),
            "ventures": fns.venture_points([v * h for v, h in self.held.items()], Z3),
            "military": fns.military_award(self.military, 0, model.score_military, Z3),
        }
        self.terms["final"] = z3.Sum(*self.terms.values())

    @property
    def shown(self) -> list[Any]:
        return [self.territories, self.characters, *self.held.values(), *self.military]

    def replay(self, category: str, witness: dict[str, Any]) -> int:
        """The witness scored by the engine: player 0 holds its cards (only those of the
        category, unless it is the final award), no points or resources; the military
        points of every player as the witness has them."""
        rules = players_rules(self.model, self.players)
        state = GAME.new_game(seed=None, options={"players": self.players,
                                                  "game_mode": "basic"})._replace(rules=rules)
        rows: list[tuple[int, ...]] = [()] * len(TYPES)
        if category in ("territories", "final"):
            rows[TERRITORY] = rules.decks[TERRITORY][0][:witness["territories"]]
        if category in ("characters", "final"):
            rows[CHARACTER] = rules.decks[CHARACTER][0][:witness["characters"]]
        if category in ("ventures", "final"):
            rows[VENTURE] = tuple(i for v, cards in self.by_points.items()
                                  for i in cards[:witness[f"ventures_of_{v}"]])
        zero = dict.fromkeys(RESOURCES, 0)
        nothing = ((),) * len(TYPES)
        players = tuple(
            player._replace(**{**zero, "military": witness[f"military_{p}"]},
                            cards=tuple(rows) if p == 0 else nothing)
            for p, player in enumerate(state.players))
        state = state._replace(players=players)
        scored = final_scores(state)[0]
        if category in ("territories", "characters", "ventures"):
            bare = state._replace(players=(players[0]._replace(cards=nothing),
                                           *players[1:]))
            scored -= final_scores(bare)[0]
        return scored


def scoring_bound(model: Model, players: int, category: str, direction: str) -> Result:
    """The tight bound of one category (or the final award) for ``players`` players, its
    witness replayed by the engine."""
    scoring = Scoring(model, players)
    result = tight_bound(scoring.terms[category], scoring.constraints, scoring.shown,
                         direction, RLIMIT)
    if not result.proven:
        return result
    replayed = scoring.replay(category, dict(result.witness))
    if replayed != result.bound:
        return Result(VIOLATED, f"witness scores {replayed} in the engine, z3 said {result.bound}",
                      counterexample=result.witness, bound=result.bound)
    return Result(PROVEN, f"{direction} = {result.bound}", witness=result.witness,
                  bound=result.bound)


def check_scoring(model: Model, category: str) -> Result:
    """Both bounds, for every player count, equal the derived values recorded in spec
    (``bounds.<category>_max`` / ``_min``, one per player count from the fewest)."""
    details = []
    low = model.spec["players.min"]
    engine = engine_functions(model, rule_functions())
    stale: Result | None = None
    for direction in ("max", "min"):
        path = f"bounds.{category}_{direction}"
        expected = model.spec[path]
        for players in player_counts(model):
            result = settle_bound(
                scoring_bound(model, players, category, direction), expected[players - low],
                None if engine is None else
                partial(scoring_bound, engine, players, category, direction),
                path, f"{players} players")
            if result.status == STALE:
                stale = stale or result
            elif not result.proven:
                return result
            details.append(f"{players}p {result.detail}")
    if stale is not None:
        return stale
    return Result(PROVEN, "; ".join(details) + " (witnesses replayed by final_scores)")


def _scoring(category: str) -> Callable[[Model], Result]:
    return lambda model: check_scoring(model, category)


_SCORING = (C + "scoring.territories", C + "scoring.characters", C + "scoring.ventures",
            C + "scoring.military")

#: How the z3 names of this module's counterexamples read (seats counted from 1).
NAMES: tuple[Name, ...] = (
    Name(r"occupants", N_("members on the tower floor: {value}")),
    Name(r"own_coloured", N_("the family's coloured members in the tower: {value}")),
    Name(r"neutral", N_("the member placed is the neutral one: {value}")),
    Name(r"held", N_("territory cards held: {value}")),
    Name(r"military", N_("military points: {value}")),
    Name(r"have_(?P<resource>[a-z]+)", N_("{resource} held: {value}"), game=GAME_ID),
    Name(r"pay_(?P<resource>[a-z]+)", N_("{resource} to pay: {value}"), game=GAME_ID),
    Name(r"amount", N_("amount gained: {value}")),
    Name(r"penalty", N_("penalty on the gain: {value}")),
    Name(r"faith", N_("faith points: {value}")),
    Name(r"gained", N_("faith points gained: {value}")),
    Name(r"territories", N_("territory cards: {value}")),
    Name(r"characters", N_("character cards: {value}")),
    Name(r"ventures_of_(?P<points>[0-9]+)",
         N_("venture cards worth {points} points: {value}"), index=False),
    Name(r"military_(?P<seat>[0-9]+)", N_("military points of seat {seat}: {value}")),
)


INVARIANTS: tuple[Invariant, ...] = (
    Invariant("lorenzo.tower_space_single", (C + "tower.floors", C + "action.space_taken"),
              N_("A tower floor holds at most one family member."),
              check_tower_space_single),
    Invariant("lorenzo.one_colour_per_tower", (C + "tower.own_colour",
                                               C + "action.one_colour_per_group"),
              N_("A tower holds at most one coloured member of each family; neutral members "
                 "never count against the limit."), check_one_colour_per_tower),
    Invariant("lorenzo.territory_military", (C + "card.territory_slots", C + "effect.waive"),
              N_("A territory card is taken only with the military points its slot requires "
                 "({territory_slots.military}), unless a leader waives them."),
              check_territory_military),
    Invariant("lorenzo.resources_nonnegative", (C + "card.cost", C + "tower.occupied_fee",
                                                C + "effect.exchange",
                                                C + "excommunication.per_source"),
              N_("No payment the rules allow (costs after discounts, the tower fee, servants, "
                 "exchanges) and no penalty on a gain takes a resource or point below zero."),
              check_resources_nonnegative),
    Invariant("lorenzo.faith_on_track", (C + "vatican.track_end", C + "vatican.support"),
              N_("Faith points stay on the faith track (0 to {faith.max}); the report's reset "
                 "lies on it."), check_faith_on_track),
    Invariant("lorenzo.vatican_threshold", (C + "vatican.threshold", C + "vatican.forced",
                                            C + "vatican.choice"),
              N_("In each Vatican report exactly the players with the period's faith "
                 "({vatican.thresholds}) choose; every threshold lies on the faith track and "
                 "they rise."), check_vatican_threshold),
    Invariant("lorenzo.scoring.territories", (C + "scoring.territories",),
              N_("For every player count, the territories score at least "
                 "{bounds.territories_min} and at most {bounds.territories_max}, and some "
                 "holding reaches each."), _scoring("territories"), players=WITHIN),
    Invariant("lorenzo.scoring.characters", (C + "scoring.characters",),
              N_("For every player count, the characters score at least "
                 "{bounds.characters_min} and at most {bounds.characters_max}, and some "
                 "holding reaches each."), _scoring("characters"), players=WITHIN),
    Invariant("lorenzo.scoring.ventures", (C + "scoring.ventures", C + "effect.end_vp"),
              N_("For every player count, the ventures score at least {bounds.ventures_min} "
                 "and at most {bounds.ventures_max}, and some holding reaches each."),
              _scoring("ventures"), players=WITHIN),
    Invariant("lorenzo.scoring.military", (C + "scoring.military",),
              N_("For every player count, the military ranking gives one player at least "
                 "{bounds.military_min} and at most {bounds.military_max}, and some ranking "
                 "reaches each."), _scoring("military"), players=WITHIN),
    Invariant("lorenzo.scoring.final", (*_SCORING, C + "scoring.winner"),
              N_("For every player count, the final scoring awards one player, for his cards "
                 "and the military ranking (before resources, faith and excommunications), "
                 "at least {bounds.final_min} and at most {bounds.final_max} victory points, "
                 "and some game end reaches each."), _scoring("final"), players=WITHIN),
)

INVARIANTS = tuple(replace(invariant, names=NAMES) for invariant in INVARIANTS)

from regelwerk.verification.lorenzo.mutants import MUTANTS  # noqa: E402

__all__ = ["INVARIANTS", "MUTANTS", "PROOF_ONLY", "VERIFICATION", "Mutant", "default_rules", "scoring_bound"]

#: Invariants without a runtime twin, and why (English; the others are checked by
#: :func:`regelwerk.engine.lorenzo.invariants.violations` under the same id).
PROOF_ONLY: dict[str, str] = {
    "lorenzo.territory_military": "Military points are spent after a territory is taken "
                                  "(ventures cost them), so a state does not show how many "
                                  "its owner held when he took it.",
}

#: The game's verification, declared once (:class:`~regelwerk.verification.core.Verification`):
#: what ``regelwerk verify``, the consistency report and the site prove.
VERIFICATION = Verification(GAME_ID, INVARIANTS, MUTANTS, default_rules, PROOF_ONLY)
