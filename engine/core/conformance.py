"""The conformance suite: what every declared :class:`~regelwerk.engine.core.game.Game` must do.

Modelled on OpenSpiel's ``games_sim_test.py``: seeded random games are played
through the contract and every step is checked. Each check returns a list of
problems (empty when the game conforms), so the tests can run it on every game
and on deliberately broken declarations (mutants) alike:

* :func:`check_play`: every sampled action is one of ``legal_actions`` and
  accepted; the runtime invariants hold; the game ends with a well-formed
  :class:`Outcome`; the state has a short ``repr`` and a hashable key;
* :func:`check_samplers`: every fast sampler draws only legal actions of the
  states it is given, and random play draws every kind that is legal;
* :func:`check_refusals`: actions near the legal ones (fields moved, wrong
  types, other kinds) are refused with a clause of the game and change
  nothing, and ``is_legal`` agrees with ``legal_actions``;
* :func:`check_records`: actions and whole games survive the JSON record;
* :func:`check_chance`: chance outcomes have probabilities that sum to 1, and
  a game whose chance is chosen by the caller (``seed=None``) plays to its end;
* :func:`check_declaration`: every action class is an ordered frozen dataclass, and
  every player count has one seat per player (:meth:`Game.seats`);
* :func:`check_play` also holds every game to its declared maximum length
  (:meth:`Game.longest`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any

from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.game import CHANCE, Game, Outcome
from regelwerk.engine.core.records import GameRecord

#: The longest ``repr`` of a state that still reads as a summary.
SHORT_REPR = 200


@dataclass(frozen=True)
class Played:
    """One seeded random game: its options, seed, actions and the states it passed."""

    options: Mapping[str, Any]
    seed: int | None
    actions: tuple[Any, ...]
    states: tuple[Any, ...]          # before each action, then the final state


def play(game: Game[Any, Any], options: Mapping[str, Any], seed: int | None,
         max_steps: int = 100_000) -> Played:
    """A random game through the contract (chance by its probabilities when unseeded)."""
    rng = Random(f"conformance/{seed}")
    state = game.new_game(seed=seed, options=dict(options))
    states: list[Any] = [state]
    actions: list[Any] = []
    while not game.is_terminal(state) and len(actions) < max_steps:
        action = game.random_action(state, rng)
        state = game.apply(state, action)
        actions.append(action)
        states.append(state)
    return Played(dict(options), seed, tuple(actions), tuple(states))


def check_game(game: Game[Any, Any], options: Mapping[str, Any], seed: int | None) -> list[str]:
    """Play one random game and check it (:func:`check_play`); a crash is a problem too."""
    try:
        played = play(game, options, seed)
    except Exception as error:
        return [f"{game.id} {dict(options)} seed {seed}: random play failed: {error!r}"]
    return check_play(game, played)


def configurations(game: Game[Any, Any]) -> Iterator[dict[str, Any]]:
    """Every player count, and every non-default value of each variant at the default count."""
    low, high = game.players
    for players in range(low, high + 1):
        yield {"players": players}
    for variant in game.variants:
        for choice in variant.choices[1:]:
            yield {"players": game.default_players, variant.name: choice}


def is_listed(game: Game[Any, Any], state: Any, action: Any,
              listed: Sequence[Any] | None = None) -> bool:
    """Whether ``action`` is one of ``legal_actions`` (or inside a listed open choice),
    with fields of the declared types (``True == 1`` in Python, not in a rule).
    ``listed``: the state's ``legal_actions``, when the caller has them already."""
    kind = game.kind_of.get(type(action))
    if kind is None or any(type(getattr(action, n)) is not t for n, t in kind.fields):
        return False
    return any(option == action or (type(option) is OpenChoice and option.covers(action))
               for option in (game.legal_actions(state) if listed is None else listed))


def check_play(game: Game[Any, Any], played: Played) -> list[str]:
    problems = []
    for step, (state, action) in enumerate(zip(played.states, played.actions, strict=False)):
        where = f"{game.id} {dict(played.options)} seed {played.seed} step {step}"
        if not is_listed(game, state, action):
            problems.append(f"{where}: random_action gave {action!r}, not in legal_actions")
        if not game.is_legal(state, action):
            problems.append(f"{where}: random_action gave {action!r}, which is_legal refuses")
        broken = game.violations(played.states[step + 1])
        if broken:
            problems.append(f"{where}: after {action!r} invariants broken: {broken}")
        if len(repr(state)) > SHORT_REPR or "Rules(" in repr(state):
            problems.append(f"{where}: repr is not a short summary ({len(repr(state))} chars)")
        hash(game.key(state))
        if game.stage is not None and not game.is_terminal(state):
            at_chance = game.current_player(state) == CHANCE
            by_mover = [kind for kind in game.kinds if kind.chance is at_chance]
            if any(kind not in by_mover for kind in game.kinds_open(state)):
                problems.append(f"{where}: stage {game.stage(state)!r} mixes chance's kinds "
                                f"and the players'")
    final = played.states[-1]
    longest = game.longest(final)
    if longest is not None and len(played.actions) > longest:
        problems.append(f"{game.id} {dict(played.options)} seed {played.seed}: "
                        f"{len(played.actions)} moves, more than the declared {longest}")
    if not game.is_terminal(final):
        problems.append(f"{game.id} {dict(played.options)} seed {played.seed}: did not end")
    else:
        problems += check_outcome(game, final)
    return problems


def check_outcome(game: Game[Any, Any], state: Any) -> list[str]:
    outcome = game.outcome(state)
    clauses = game.spec.clauses
    if not isinstance(outcome, Outcome):
        return [f"{game.id}: a finished game has no Outcome ({outcome!r})"]
    problems = []
    if not outcome.winners or not set(outcome.winners) <= set(outcome.scores):
        problems.append(f"{game.id}: winners {outcome.winners} are not players scored "
                        f"{sorted(outcome.scores)}")
    if not all(type(v) is int for v in outcome.scores.values()):
        problems.append(f"{game.id}: scores are not whole numbers: {outcome.scores}")
    for name, clause in (("termination", outcome.termination), ("tie_break", outcome.tie_break)):
        if clause is not None and clause not in clauses:
            problems.append(f"{game.id}: {name} {clause!r} is not a clause of the game")
    json.dumps(outcome.to_json())
    return problems


def check_samplers(game: Game[Any, Any], states: Sequence[Any], draws: int = 4,
                   seed: int = 0) -> list[str]:
    """Samplers draw legal actions only; random play draws every kind that is legal."""
    rng = Random(f"samplers/{seed}")
    problems = []
    legal_kinds: set[str] = set()
    drawn_kinds: set[str] = set()
    for state in states:
        if game.is_terminal(state):
            continue
        legal_kinds.update(game.kind_of[type(a)].name for a in game.legal_actions(state)
                           if type(a) in game.kind_of)
        legal_kinds.update(o.kind for o in game.legal_actions(state) if type(o) is OpenChoice)
        for kind in game.kinds_open(state):
            if kind.sampler is None or kind.chance:
                continue
            for _ in range(draws):
                action = kind.sampler(state, rng)
                if action is not None and not (game.is_legal(state, action)
                                               and is_listed(game, state, action)):
                    problems.append(f"{game.id}: the sampler of {kind.name} drew {action!r}, "
                                    f"illegal in {state!r}")
        for _ in range(draws):
            action = game.random_action(state, rng)
            drawn_kinds.add(game.kind_of[type(action)].name)
    missing = sorted(_kind_names(game, legal_kinds) - _kind_names(game, drawn_kinds))
    if missing:
        problems.append(f"{game.id}: random play never drew {missing}, though they were legal")
    return problems


def _kind_names(game: Game[Any, Any], names: set[str]) -> set[str]:
    """Record names, with an open choice's kind mapped to the kind that lists it."""
    known = {k.name for k in game.kinds}
    return {n for n in names if n in known}


WRONG_VALUES: tuple[Any, ...] = (None, 0.5, "1", True, -1, 10**9)


def near_misses(game: Game[Any, Any], state: Any,
                listed: Sequence[Any] | None = None) -> Iterator[Any]:
    """Actions close to the legal ones: each field moved or of a wrong type, other kinds.
    ``listed``: the state's ``legal_actions``, when the caller has them already."""
    listed = game.legal_actions(state) if listed is None else listed
    legal = [a for a in listed if type(a) is not OpenChoice][:40]
    for option in listed:
        if type(option) is OpenChoice:
            legal += [option.make(option.low), option.make(option.low - 1)]
    for action in legal:
        for item in dataclasses.fields(action):
            value = getattr(action, item.name)
            for other in (value + 1, value - 1, *WRONG_VALUES) if type(value) is int else (
                    not value, 0, 1, None):
                yield dataclasses.replace(action, **{item.name: other})
    for kind in game.kinds:
        fields = dataclasses.fields(kind.action)
        yield kind.action(**{f.name: 0 for f in fields})
        yield kind.action(**{f.name: 1 for f in fields})


def check_refusals(game: Game[Any, Any], states: Sequence[Any]) -> list[str]:
    """Illegal actions are refused with a clause of the game and change nothing."""
    problems = []
    clauses = game.spec.clauses
    for state in states:
        before = repr(game.key(state))
        key = game.key(state)
        options = game.legal_actions(state)
        for action in near_misses(game, state, options):
            listed = is_listed(game, state, action, options)
            legal = game.is_legal(state, action)
            if legal != listed:
                problems.append(f"{game.id}: is_legal says {legal} but legal_actions says "
                                f"{listed} for {action!r} in {state!r}")
            if listed:
                continue
            try:
                game.apply(state, action)
            except IllegalAction as refusal:
                if refusal.clause not in clauses:
                    problems.append(f"{game.id}: {action!r} refused with unknown clause "
                                    f"{refusal.clause!r}")
            except Exception as error:
                problems.append(f"{game.id}: {action!r} crashed apply: {error!r}")
            else:
                problems.append(f"{game.id}: illegal {action!r} accepted in {state!r}")
            if game.key(state) != key:
                problems.append(f"{game.id}: refusing {action!r} changed the state")
        if repr(game.key(state)) != before:      # a change equal keys would not show
            problems.append(f"{game.id}: refusing actions changed the state {state!r}")
    return problems


def check_records(game: Game[Any, Any], played: Played) -> list[str]:
    """Every action and the whole game survive the JSON record and replay to the same state."""
    problems = []
    encoded = []
    for action in played.actions:
        data = json.loads(json.dumps(game.action_to_json(action)))
        if game.action_from_json(data) != action:
            problems.append(f"{game.id}: {action!r} does not survive its record form {data}")
        encoded.append(data)
    if played.seed is None:
        return problems
    record = GameRecord(game.id, played.seed, tuple(encoded), dict(played.options),
                        game.result(played.states[-1]))
    again = GameRecord.from_json(json.loads(record.dumps()))
    state = game.new_game(seed=again.seed, options=dict(again.options))
    for data in again.actions:
        state = game.apply(state, game.action_from_json(data))
    if game.key(state) != game.key(played.states[-1]):
        problems.append(f"{game.id}: the replayed record ends in another state")
    if game.result(state) != again.result:
        problems.append(f"{game.id}: the replayed record ends with {game.result(state)}, "
                        f"the record says {again.result}")
    return problems


def check_chance(game: Game[Any, Any], played: Played) -> list[str]:
    """At every chance node the outcomes' probabilities are positive and sum to 1."""
    problems = []
    for state in played.states:
        if game.is_terminal(state) or game.current_player(state) != CHANCE:
            continue
        outcomes = game.chance_outcomes(state)
        total = sum((p for _, p in outcomes), Fraction(0))
        if not outcomes or total != 1 or any(p <= 0 for _, p in outcomes):
            problems.append(f"{game.id}: chance outcomes of {state!r} sum to {total}")
    return problems


def check_declaration(game: Game[Any, Any]) -> list[str]:
    """Every action class is a frozen, ordered dataclass (actions sort, as OpenSpiel's
    ids do); each player count's seats (:meth:`Game.seats`) number the players who move."""
    problems = []
    for kind in game.kinds:
        params = getattr(kind.action, "__dataclass_params__", None)
        if params is None or not (params.frozen and params.order):
            problems.append(f"{game.id}: {kind.action.__name__} is not a frozen, ordered "
                            f"dataclass")
    low, high = game.players
    for players in range(low, high + 1):
        seats = game.seats(game.rules_for({"players": players}))
        if not seats or len(set(seats)) != len(seats) or len(seats) > players:
            problems.append(f"{game.id}: {players} players sit at the seats {seats}")
    return problems


def check_movers(game: Game[Any, Any], played: Played) -> list[str]:
    """Every player to move is one of the game's seats."""
    seats = len(game.seats(played.states[0]))
    movers = {game.current_player(state) for state in played.states
              if not game.is_terminal(state)} - {CHANCE}
    return [f"{game.id} {dict(played.options)}: player {mover} moves, but there are "
            f"{seats} seats" for mover in sorted(movers) if not 0 <= mover < seats]
