"""Engine states of the rulebook's queue examples, for the reference's diagrams.

Each function returns the :class:`~regelwerk.engine.florenz.State` *after* the
example has happened; where the example is an event (a petitioner arrives,
leaves or is promoted), the event is played through :func:`apply`, so the
queue order shown is the engine's, not typed in. Built only with the public
API: :func:`set_up` (a game whose set-up draws are chosen through chance's
actions), :func:`with_queues` (the example's queues) and :func:`apply`.

>>> from regelwerk.engine.florenz import examples
>>> state = examples.queue_priority()
>>> [state.rules.names[state.family_of(p)] for p in state.queue(5)]
['blue', 'orange', 'violet']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from regelwerk.engine import florenz as fz

BLUE, ORANGE, VIOLET, GREEN, BLACK = range(5)
DEBUTANT, LADY, MAESTRO = 0, 1, 2

Members = Sequence[tuple[int, int]]


def actions_state(turn: int, queues: Mapping[int, Members], players: int = 3) -> fz.State:
    """Round 1, action phase, ``turn`` to act, with the given queues (location -> members).

    The set-up is drawn with ``turn`` holding the start coin, the first debutants
    are placed through the engine, then the queues are set up as the example
    describes them.
    """
    state = fz.set_up({"players": players}, start=turn)
    while state.phase == fz.Phase.SETUP:
        state = fz.GAME.apply(state, fz.legal_actions(state)[0])
    return fz.with_queues(state, queues)


def _member(state: fz.State, location: int, family: int, rank: int, last: bool = False) -> int:
    """The piece id of ``family``'s member of ``rank`` in the queue at ``location``."""
    found = [p for p in state.queue(location)
             if state.family_of(p) == family and state.rank_of(p) == rank]
    return found[-1] if last else found[0]


def setup_three_families() -> fz.State:
    """The example round's setup: blue starts; violet, orange and blue open 6, 5 and 1."""
    state = fz.set_up({"players": 3}, start=BLUE, carriages=(1, 7, 4), targets=(6, 8, 9),
                      boards={5: "ruler_of_the_street"})
    for location in (6, 5, 1):
        state = fz.GAME.apply(state, fz.Place(location))
    return state


def example_round_promotion() -> fz.State:
    """The example round after violet's promotion at 6 (the lady goes to the head)."""
    state = setup_three_families()
    edge = state.rules.edge_index
    for action in (fz.Gift(0, edge[(3, 4)]), fz.Send(6), fz.Send(6),
                   fz.Gift(0, edge[(4, 5)]), fz.Send(4)):
        state = fz.GAME.apply(state, action)
    return fz.GAME.apply(state, fz.Promote(state.queue(6)[-1]))


def queue_priority() -> fz.State:
    """Priority: a violet debutant arrives at location 5 and joins behind blue and orange."""
    state = actions_state(VIOLET, {5: [(BLUE, DEBUTANT), (ORANGE, DEBUTANT)]})
    return fz.GAME.apply(state, fz.Send(5))


def queue_priority_leave() -> fz.State:
    """Priority: the blue debutant leaves location 5; orange and violet move up."""
    state = actions_state(BLUE, {5: [(BLUE, DEBUTANT), (ORANGE, DEBUTANT), (VIOLET, DEBUTANT)]})
    return fz.GAME.apply(state, fz.Move(_member(state, 5, BLUE, DEBUTANT), 4))


def queue_rank() -> fz.State:
    """Rank order: the blue maestro walks from 4 to 5 and stands behind the violet maestro."""
    state = actions_state(BLUE, {4: [(BLUE, MAESTRO)],
                                 5: [(VIOLET, MAESTRO), (ORANGE, LADY), (BLUE, DEBUTANT)]})
    return fz.GAME.apply(state, fz.Move(_member(state, 4, BLUE, MAESTRO), 5))


def queue_control() -> fz.State:
    """Control: blue has more members at 1; at 2 orange and blue tie and blue stands further forward."""
    return actions_state(BLUE, {
        1: [(ORANGE, DEBUTANT), (BLUE, DEBUTANT), (BLUE, DEBUTANT)],
        2: [(BLUE, DEBUTANT), (ORANGE, DEBUTANT), (ORANGE, DEBUTANT), (BLUE, DEBUTANT)]})


def queue_promotion_before() -> fz.State:
    """Promotion, before: blue and orange tie at 5 and blue, further forward, controls."""
    return actions_state(ORANGE, {5: [(BLUE, DEBUTANT), (ORANGE, DEBUTANT), (ORANGE, DEBUTANT),
                                      (BLUE, DEBUTANT)]})


def queue_promotion() -> fz.State:
    """Promotion, after: orange's last debutant becomes a lady, goes to the head, and orange controls."""
    state = queue_promotion_before()
    return fz.GAME.apply(state, fz.Promote(_member(state, 5, ORANGE, DEBUTANT, last=True)))


__all__ = ["actions_state", "example_round_promotion", "queue_control", "queue_priority",
           "queue_priority_leave", "queue_promotion", "queue_promotion_before", "queue_rank",
           "setup_three_families"]
