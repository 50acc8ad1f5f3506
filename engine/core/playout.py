"""Random play's inner loop: draw a legal action, carry it out, let chance act.

:meth:`Game.random_steps <regelwerk.engine.core.game.Game.random_steps>`,
:meth:`~regelwerk.engine.core.game.Game.step_random` and
:meth:`~regelwerk.engine.core.game.Game.random_action` run these functions; they
are apart from the declaration so that the compiled build (``setup.py``,
``REGELWERK_COMPILE``) compiles them with the games' own modules: a random
playout spends most of its steps here and in the game's samplers. They read
the declaration (``game``) and change nothing: the draws are those the game's
:class:`~regelwerk.engine.core.game.RandomPolicy` makes, in the order described
at :meth:`~regelwerk.engine.core.game.Game.random_action`.

``info``, where it is passed, is what :meth:`Game.stage_info` knows of the
state's stage (its open kinds, and whether chance acts there), handed on from a
step to the next so that it is looked up once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from random import Random
from typing import Any

from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.contract import Kind, Playable, StageInfo
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_

#: :meth:`Game.current_player <regelwerk.engine.core.game.Game.current_player>` when chance
#: acts (OpenSpiel's ``kChancePlayerId``); :mod:`~regelwerk.engine.core.game` offers it too.
CHANCE = -1


def steps(game: Playable, state: Any, rng: Random, check: bool) -> Iterator[tuple[Any, Any]]:
    """``(action, state after it)`` for every step of a random playout from ``state`` until
    the game is over (:meth:`Game.random_steps`)."""
    info: StageInfo | None = None
    is_over = game.is_over
    while not is_over(state):
        action, state, info = step(game, state, rng, check, info)
        yield action, state


def step(game: Playable, state: Any, rng: Random, check: bool,
         info: StageInfo | None) -> tuple[Any, Any, StageInfo | None]:
    """One step (:meth:`Game.step_random`) given ``info`` (``None``: not known); also gives
    the state after's ``info``, if it was looked up on the way (else ``None``)."""
    action, kind, listed = draw(game, state, rng, info)
    if type(action) is not kind.action:     # a sampler may answer with another kind
        kind = game.kind_of[type(action)]
    if not listed and check:
        return action, game.apply(state, action), None
    after = kind.effect(state, action)
    if game.chance is None:
        return action, after, None
    stage = game.stage
    if stage is None:
        return action, (settle(game, after) if game.to_move(after) == CHANCE else after), None
    after_info = game.open_by_stage.get(stage(after))
    if after_info is None:
        after_info = game.stage_info(after)
    if after_info[1]:
        return action, settle(game, after), None
    return action, after, after_info


def settle(game: Playable, state: Any) -> Any:
    """Let a seeded game's chance act until a player is to move (the game's
    ``chance.seeded`` picks each outcome from the state's seed); a game with ``seed=None``
    (or one without chance) is left as it is."""
    chance = game.chance
    if chance is None:
        return state
    to_move = game.to_move
    if to_move(state) != CHANCE or getattr(state, "seed", None) is None:
        return state
    seeded, kind_of, is_over = chance.seeded, game.kind_of, game.is_over
    while True:
        outcome = seeded(state)
        state = kind_of[type(outcome)].effect(state, outcome)
        if to_move(state) != CHANCE or is_over(state):
            return state


def draw(game: Playable, state: Any, rng: Random,
         info: StageInfo | None = None) -> tuple[Any, Kind, bool]:
    """A random legal action (:meth:`Game.random_action`), its kind, and whether it was taken
    from the kind's listed options."""
    if info is not None:
        open_kinds, chance = info
    elif game.stage is not None:
        info = game.open_by_stage.get(game.stage(state))
        open_kinds, chance = info if info is not None else game.stage_info(state)
    else:
        chance = game.to_move(state) == CHANCE
        open_kinds = () if game.is_over(state) else game.kinds_open(state, chance)
    if chance and game.chance is not None:
        outcome = by_probability(game.chance_outcomes(state), rng)
        return outcome, game.kind_of[type(outcome)], True
    sampling = game.sampling
    kinds = sampling(state) if sampling is not None else None
    if kinds is None:
        return draw_listed(game, state, rng, open_kinds)
    if type(kinds) is not tuple:        # a :class:`~regelwerk.engine.core.game.Weighted`
        return draw_weighted(game, state, rng, kinds)
    policy = game.policy
    index, choose = policy.index, policy.choose
    remaining: Sequence[Any] = kinds
    while remaining:
        i = index(rng, len(remaining))
        kind = remaining[i]
        sampler = kind.sampler
        action = sampler(state, rng) if sampler is not None else sample(kind, state, rng, choose)
        if action is not None:
            return action, kind, sampler is None
        # drop the kind: the last one takes its place
        rest = list(remaining)
        rest[i] = rest[-1]
        rest.pop()
        remaining = rest
    raise IllegalAction(game.sequence_clause(state), N_("No legal action is left."))


def draw_listed(game: Playable, state: Any, rng: Random, open_kinds: Sequence[Kind]
                ) -> tuple[Any, Kind, bool]:
    """:func:`draw` uniformly among the legal actions of ``open_kinds``."""
    legal = listed(state, open_kinds)
    if not legal:
        raise IllegalAction(game.sequence_clause(state), N_("No legal action is left."))
    choice = game.policy.choose(rng, legal)
    if type(choice) is OpenChoice:
        choice = choice.sample(rng)
    return choice, game.kind_of[type(choice)], True


def listed(state: Any, kinds: Sequence[Kind]) -> tuple[Any, ...]:
    """The legal actions of ``kinds`` in ``state``, kind by kind (:meth:`Game.legal_actions`
    of the kinds open)."""
    if len(kinds) == 1:
        return tuple(kinds[0].options(state, None))
    found: list[Any] = []
    for kind in kinds:
        found.extend(kind.options(state, None))
    return tuple(found)


def draw_weighted(game: Playable, state: Any, rng: Random,
                  weighted: Any) -> tuple[Any, Kind, bool]:
    """:func:`draw` among :class:`~regelwerk.engine.core.game.Weighted` kinds: a kind with
    its share of the weight, then one of its actions; a kind without one is dropped with
    its weight."""
    policy = game.policy
    index, choose = policy.index, policy.choose
    kinds: tuple[Kind, ...] = weighted.kinds
    weights: tuple[int, ...] = weighted.weights
    total: int = weighted.total
    while kinds:
        point: int = index(rng, total)
        i = 0
        while point >= weights[i]:
            point -= weights[i]
            i += 1
        kind = kinds[i]
        sampler = kind.sampler
        action = sampler(state, rng) if sampler is not None else sample(kind, state, rng, choose)
        if action is not None:
            return action, kind, sampler is None
        # drop the kind with its weight (new tuples: the declaration's stay whole)
        total -= weights[i]
        kinds = kinds[:i] + kinds[i + 1:]
        weights = weights[:i] + weights[i + 1:]
    raise IllegalAction(game.sequence_clause(state), N_("No legal action is left."))


def sample(kind: Kind, state: Any, rng: Random,
           choose: Callable[[Random, Sequence[Any]], Any]) -> Any:
    """A random legal action of ``kind`` (:meth:`ActionKind.sample`): its fast sampler, else
    one of its ``options`` drawn by ``choose``; ``None`` if it has none."""
    sampler = kind.sampler
    if sampler is not None:
        return sampler(state, rng)
    found = list(kind.options(state, None))
    if not found:
        return None
    picked = choose(rng, found)
    if isinstance(picked, OpenChoice):
        return picked.sample(rng)
    return picked


def by_probability(outcomes: Sequence[tuple[Any, Fraction]], rng: Random) -> Any:
    """A chance outcome drawn by its probability (``outcomes`` with probabilities summing to 1)."""
    point = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += float(probability)
        if point < total:
            return outcome
    return outcomes[-1][0]
