"""Players better than random (issue 33): ``--policy`` of ``simulate``, ``compare`` and ``stats``.

A :class:`Policy` chooses the action of the seat to move (``choose(game, state, rng)``);
``rng`` is the game's policy source (:func:`regelwerk.simulate.policy`), so a run stays
the same however its games are spread over workers. Three policies:

* ``random`` (:data:`RANDOM`): today's random play, draw for draw
  (:meth:`Game.step_random <regelwerk.engine.core.game.Game.step_random>`), so every seeded
  game, the regression corpus and every fingerprint stay the same;
* ``greedy`` (:class:`~regelwerk.policies.greedy.Greedy`): one step ahead on the game's
  ``heuristic``;
* ``mcts`` or ``mcts:N`` (:class:`~regelwerk.policies.mcts.Mcts`, N simulations, default
  :data:`~regelwerk.policies.mcts.SIMULATIONS`): OpenSpiel's MCTS (the ``openspiel``
  extra).

Greedy and MCTS never look at the true state: they search from
:meth:`Game.determinized <regelwerk.engine.core.game.Game.determinized>`, a state the seat
cannot tell from it, with the seed dropped (a seeded state would tell chance's future).
A game that hides something and declares no ``determinize`` is refused (:meth:`Policy.check`).

``--policy P`` plays every seat with ``P``; ``--policy P1,P2,...`` gives one policy per seat
(:func:`parse_seats`).
"""

from __future__ import annotations

from regelwerk.engine.core.i18n import N_
from regelwerk.policies.base import (
    DEFAULT,
    MOST_SIMULATIONS,
    RANDOM,
    Policy,
    PolicyError,
    RandomPlay,
    Searching,
    all_random,
    candidates,
    check,
    heuristic_of,
    named,
    step,
)
from regelwerk.policies.greedy import Greedy
from regelwerk.policies.mcts import DEPTH, MOST_DEPTH, SIMULATIONS, Mcts

__all__ = ["DEFAULT", "DEPTH", "MOST_DEPTH", "MOST_SIMULATIONS", "RANDOM", "Greedy", "Mcts", "Policy",
           "PolicyError", "RandomPlay", "Searching", "all_random", "candidates", "check", "heuristic_of",
           "named", "parse", "parse_seats", "step"]


def parse(text: str) -> Policy:
    """The policy named ``text``: ``random``, ``greedy``, ``mcts``, ``mcts:N`` (N simulations,
    from 1 to :data:`MOST_SIMULATIONS`) or ``mcts:N:D`` (and rollouts of at most D moves,
    from 1 to :data:`MOST_DEPTH`); anything else raises :class:`PolicyError`."""
    name, sep, rest = text.strip().partition(":")
    if not sep and name == "random":
        return RANDOM
    if not sep and name == "greedy":
        return Greedy()
    if name == "mcts":
        if not sep:
            return Mcts(SIMULATIONS)
        count, colon, depth = rest.partition(":")
        if not _whole(count, MOST_SIMULATIONS):
            raise PolicyError(N_("mcts:N needs a whole number of simulations from 1 to {most}, "
                                 "not {count!r}"), most=MOST_SIMULATIONS, count=count)
        if not colon:
            return Mcts(int(count))
        if not _whole(depth, MOST_DEPTH):
            raise PolicyError(N_("mcts:N:D needs a whole number of rollout moves from 1 to "
                                 "{most}, not {depth!r}"), most=MOST_DEPTH, depth=depth)
        return Mcts(int(count), int(depth))
    raise PolicyError(N_("unknown policy {name!r}: random, greedy, mcts, mcts:N or mcts:N:D"),
                      name=text)


def _whole(text: str, most: int) -> bool:
    """Whether ``text`` is a whole number from 1 to ``most`` (digits only, no sign)."""
    return text.isascii() and text.isdigit() and len(text) <= len(str(most)) \
        and 1 <= int(text) <= most


def parse_seats(text: str, seats: int) -> tuple[Policy, ...]:
    """One policy per seat: ``P`` for all ``seats``, or ``P1,P2,...`` one per seat (the
    count must match)."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) == 1:
        return (parse(parts[0]),) * seats
    if len(parts) != seats:
        raise PolicyError(N_("--policy {text!r} names {given} policies for {seats} seats: give "
                             "one for all seats or one per seat"),
                          text=text, given=len(parts), seats=seats)
    return tuple(parse(part) for part in parts)


