"""What every policy shares (:mod:`regelwerk.policies`): the protocol, random play, the
seat's candidates in a fixed order, the heuristic or its level fallback, a step of play."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, Protocol

from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.game import Game
from regelwerk.engine.core.i18n import N_

#: The policy every command plays by unless told otherwise.
DEFAULT = "random"
#: The most simulations ``mcts:N`` takes (a search of more would run for hours a game).
MOST_SIMULATIONS = 100_000


class PolicyError(LocalizedError):
    """A policy that cannot be named or cannot play a game; one line in either language."""


class Policy(Protocol):
    """A way to choose the action of the seat to move."""

    @property
    def name(self) -> str:
        """How the policy is named on the command line (``random``, ``greedy``, ``mcts:50``)."""
        ...

    def choose(self, game: Game[Any, Any], state: Any, rng: Random) -> Any:
        """The action of the seat to move in ``state`` (not a chance node)."""
        ...

    def step(self, game: Game[Any, Any], state: Any, rng: Random, check: bool = True
             ) -> tuple[Any, Any]:
        """The chosen action and the state after it (a seeded game's chance settled)."""
        ...

    def check(self, game: Game[Any, Any]) -> None:
        """Refuse (:class:`PolicyError`) a game this policy cannot play."""
        ...


class RandomPlay:
    """Uniform random play exactly as :meth:`Game.step_random` draws it."""

    name = "random"

    def choose(self, game: Game[Any, Any], state: Any, rng: Random) -> Any:
        return game.random_action(state, rng)

    def step(self, game: Game[Any, Any], state: Any, rng: Random, check: bool = True
             ) -> tuple[Any, Any]:
        return game.step_random(state, rng, check)

    def check(self, game: Game[Any, Any]) -> None:
        del game

    def __repr__(self) -> str:
        return "random"


#: The random policy (one is enough: it holds nothing).
RANDOM = RandomPlay()


class Searching:
    """What greedy and MCTS share: the seat's determinized state, candidates in a fixed
    order, the step through :meth:`Game.apply`."""

    name = ""

    def choose(self, game: Game[Any, Any], state: Any, rng: Random) -> Any:
        raise NotImplementedError

    def step(self, game: Game[Any, Any], state: Any, rng: Random, check: bool = True
             ) -> tuple[Any, Any]:
        action = self.choose(game, state, rng)
        return action, game.apply(state, action)

    def check(self, game: Game[Any, Any]) -> None:
        if game.hides and game.determinize is None:
            raise PolicyError(N_("{game}: the policy {policy} cannot play it yet: the game "
                                 "hides something from a seat and declares no determinize "
                                 "(a state the seat cannot tell from the true one)"),
                              game=game.id, policy=self.name)

    def __repr__(self) -> str:
        return self.name


def candidates(game: Game[Any, Any], state: Any) -> tuple[Any, ...]:
    """The legal actions (at a chance node its outcomes) of ``state`` in a fixed order: by
    kind as the game declares them, then by the action's own order (actions are ordered
    dataclasses), so the order never depends on how a listing walked hidden items. An
    open choice (a price, a number of servants) stands for every number a random player
    draws from: ``low`` to its ``high``, else to its ``sample_high`` (spec)."""
    found: list[Any] = []
    for item in game.legal_actions(state):
        if type(item) is OpenChoice:
            top = item.high if item.high is not None else item.sample_high
            found.extend(item.make(n) for n in range(item.low, max(item.low, top or item.low) + 1))
        else:
            found.append(item)
    order = _kind_order(game)
    return tuple(sorted(dict.fromkeys(found), key=lambda a: (order[type(a)], a)))


def _kind_order(game: Game[Any, Any]) -> dict[type, int]:
    return {kind.action: i for i, kind in enumerate(game.kinds)}


def heuristic_of(game: Game[Any, Any]) -> Any:
    """The game's ``heuristic(state, seat)``; a game that declares none is valued 0 in
    every position (so greedy chooses at random among all its actions, and MCTS learns
    only from the ends of games its rollouts reach)."""
    return game.heuristic if game.heuristic is not None else _level


def _level(state: Any, seat: int) -> float:
    del state, seat
    return 0.0


def named(policies: Sequence[Policy]) -> str:
    """The seat policies as ``--policy`` takes them (one name if all seats share it)."""
    names = [policy.name for policy in policies]
    return names[0] if len(set(names)) == 1 else ",".join(names)


def all_random(policies: Sequence[Policy]) -> bool:
    """Whether every seat plays at random (the playout loop of random play then serves)."""
    return all(policy.name == RANDOM.name for policy in policies)


def check(game: Game[Any, Any], policies: Sequence[Policy]) -> None:
    """Refuse a game one of the seat policies cannot play (:meth:`Policy.check`)."""
    for policy in dict.fromkeys(policies):
        policy.check(game)


def step(game: Game[Any, Any], state: Any, policies: Sequence[Policy], rng: Random,
         check: bool = True) -> tuple[Any, Any]:
    """One step of play: the seat to move chooses by its policy (chance, in a game made
    with ``seed=None``, draws by its probabilities from ``rng``)."""
    seat = game.to_move(state)
    if 0 <= seat < len(policies):
        return policies[seat].step(game, state, rng, check)
    return game.step_random(state, rng, check)
