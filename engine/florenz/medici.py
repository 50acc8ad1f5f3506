"""Phase 4, the Medici: the travelling Medici's visits and scorings, Giovanni's offers.

The Medici of the round moves to his target; where he arrives the head of the
queue gains points, the top cup's family (if present) and the spies are given
scandal cards (:mod:`.cards`). Cosimo and Contessina score the queue at their
target; Giovanni offers places to the families by control, answered with
:class:`Accept` or :class:`Decline` (the action kinds of this phase).

The cards given out are drawn by chance: the phase scores first (no scoring
looks at the cards), leaves its deals in ``state.draws`` and goes on with
:func:`after_deals` once they are all dealt (Giovanni's offers ask how many
cards a family holds).
"""

from __future__ import annotations

from typing import Final

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import added, replaced
from regelwerk.engine.florenz import cleanup, solo
from regelwerk.engine.florenz.actions import Accept, Decline
from regelwerk.engine.florenz.board import Points, credit, credited
from regelwerk.engine.florenz.cards import REWARD, SPY, dealing
from regelwerk.engine.florenz.rules import CONTESSINA, COSIMO, GIOVANNI
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.scoring import control_order, family_queue_points
from regelwerk.engine.florenz.state import NONE, Draw, Phase, Resume, Source, State

C = prefix(ID)
_GIOVANNI: Final = Phase.GIOVANNI
_CARD: Final = int(Draw.CARD)
_HEAD: Final = Source.HEAD
#: the item each scoring Medici's points go to (Giovanni's: his offers, :func:`_answer`)
_QUEUE_SCORING = {COSIMO: Source.COSIMO, CONTESSINA: Source.CONTESSINA}


def route(state: State, medici: int) -> tuple[int, ...]:
    """Location numbers the Medici reaches on the way to his target (target last)."""
    loc, target = state.carriages[medici], state.targets[medici]
    out = []
    while loc != target:
        loc = state.rules.route_next[loc]
        out.append(loc + 1)
    return tuple(out)


@implements(C + "medici.move", C + "medici.head", C + "medici.boast_reward", C + "guard.spy")
def visit(state: State, medici: int, location: int) -> State:
    """What happens where the travelling Medici arrives (location index): the head's
    points, and the scandal cards given out as deals (see :func:`.cards.give_card`)."""
    award = state.rules.fns.head_award(1, state.rules.head_points[state.round - 1])
    deals: list[tuple[int, ...]] = []
    points, scored = _visit(state, medici, location, (state.points, state.scored), award, deals)
    return dealing(state, (*state.draws, *deals), points=points, scored=scored)


@implements(C + "medici.move", C + "medici.head", C + "medici.boast_reward", C + "guard.spy")
def _visit(state: State, medici: int, location: int, points: Points,
           award: int, deals: list[tuple[int, ...]]) -> Points:
    """:func:`visit` with the points and the scandal cards kept apart: ``points`` (the
    totals and the items, :func:`.board.credited`) after the head gains ``award``
    (``fns.head_award`` for one head); the cards given out are added to ``deals`` as
    ``(Draw.CARD, family, medici, why)``, in the order they are given."""
    queue = state.queues[location]
    rules = state.rules
    per = rules.pieces_per_family
    if queue:
        points = credited(*points, queue[0] // per, _HEAD, award)
    for top in reversed(state.cups[location]):
        if top != NONE:
            for p in queue:
                if p // per == top:
                    deals.append((_CARD, top, medici, REWARD))
                    break
            break
    for spy in state.spies[location]:
        deals.append((_CARD, spy, medici, SPY))
    return points


@implements(C + "medici.move", C + "scoring.cosimo", C + "scoring.contessina",
            C + "scoring.giovanni")
def medici_phase(state: State) -> State:
    """The round's Medici travels and scores; the cards he gives out are chance's
    (``state.draws``), then :func:`after_deals`: Giovanni's offers, or the clean-up."""
    rules = state.rules
    m = rules.disc_medici[state.round - 1]
    points: Points = (state.points, state.scored)
    award = rules.fns.head_award(1, rules.head_points[state.round - 1])
    deals: list[tuple[int, ...]] = []
    for loc in route(state, m):
        points = _visit(state, m, loc - 1, points, award, deals)
    target = state.targets[m]
    carriages = replaced(state.carriages, m, target)
    totals, scored = points
    if m != GIOVANNI:
        source = _QUEUE_SCORING[m]
        per = rules.pieces_per_family
        for f in {p // per for p in state.queues[target]}:
            totals, scored = credited(totals, scored, f, source,
                                      family_queue_points(state, target, f, m))
        state = dealing(state, tuple(deals), points=totals, scored=scored, carriages=carriages)
    else:
        state = dealing(state, tuple(deals), points=totals, scored=scored, carriages=carriages,
                        phase=_GIOVANNI, offer=(control_order(state, target), 0))
    if state.draws:
        return state._replace(resume=Resume.MEDICI)
    return after_deals(state)


@implements(C + "scoring.giovanni", C + "cleanup.disc")
def after_deals(state: State) -> State:
    """The Medici phase once its cards are dealt: Giovanni asks the families, or the
    round's clean-up follows."""
    return _next_offer(state) if state.phase == _GIOVANNI else cleanup.cleanup(state)


@implements(C + "scoring.giovanni", C + "scoring.giovanni_one_reward")
def _next_offer(state: State) -> State:
    """Ask the next family that could pay; finish the scoring when places or families run out."""
    rules = state.rules
    if rules.offer_lower:
        return _next_offer_lower(state)
    places = rules.giovanni[state.round - 1]
    candidates, place = state.offer
    while candidates and place < len(places):
        f = candidates[0]
        if f == rules.automa:
            state, accepts = solo.giovanni_offer(state, places[place])
            _, place = rules.fns.giovanni_step(0, place, accepts)
            candidates = candidates[1:]
            continue
        could = min(rules.clock_max,
                    state.clock[f] + rules.discard_time * len(state.hands[f]))
        if could >= places[place][0]:
            return state._replace(current=f, offer=(candidates, place))
        _, place = rules.fns.giovanni_step(0, place, False)
        candidates = candidates[1:]
    return cleanup.cleanup(state._replace(offer=((), 0)))


def _could_pay(state: State, family: int, cost: int) -> bool:
    """Whether ``family`` could pay ``cost`` time, its hand discarded for time first."""
    rules = state.rules
    if family == rules.automa:                  # he pays what he has (solo.giovanni)
        return state.clock[family] > 0
    return min(rules.clock_max,
               state.clock[family] + rules.discard_time * len(state.hands[family])) >= cost


@implements(C + "scoring.giovanni", C + "scoring.giovanni_one_reward")
def _next_offer_lower(state: State) -> State:
    """:func:`_next_offer` under the reading ``offer_lower`` of interp.giovanni_cannot_pay: a
    family that cannot pay the place is passed over for it but stays in the running, so
    once the place is taken the next one is offered again from the strongest family left.
    Who answers (accepts or declines) is done with this scoring; the scoring ends when the
    places run out or nobody left could pay the place offered."""
    rules = state.rules
    places = rules.giovanni[state.round - 1]
    candidates, place = state.offer
    while place < len(places):
        f = next((c for c in candidates if _could_pay(state, c, places[place][0])), NONE)
        if f == NONE:
            break
        if f != rules.automa:
            return state._replace(current=f, offer=(candidates, place))
        state, accepts = solo.giovanni_offer(state, places[place])
        _, place = rules.fns.giovanni_step(0, place, accepts)
        candidates = tuple(c for c in candidates if c != f)
    return cleanup.cleanup(state._replace(offer=((), 0)))


def offered(state: State) -> tuple[int, int]:
    """``(cost, points)`` of the place Giovanni offers now."""
    return state.rules.giovanni[state.round - 1][state.offer[1]]


# --------------------------------------------------------------------- Accept, Decline

@implements(C + "scoring.giovanni")
def accept_options(state: State, like: Accept | None) -> tuple[Accept, ...]:
    """The asked family may pay Giovanni's place if its clock covers the cost."""
    if state.clock[state.current] >= offered(state)[0]:
        return state.rules.tables.actions.accept
    return ()


@implements(C + "scoring.giovanni")
def decline_options(state: State, like: Decline | None) -> tuple[Decline]:
    """The asked family may always decline."""
    return state.rules.tables.actions.decline


def explain_accept(state: State, action: Accept) -> IllegalAction | None:
    cost = offered(state)[0]
    return IllegalAction(C + "time.clock", N_("{action} needs {cost} time; the clock shows "
                                              "{clock}."),
                         action="Giovanni", cost=cost, clock=state.clock[state.current])


def accept(state: State, action: Accept) -> State:
    return _answer(state, True)


def decline(state: State, action: Decline) -> State:
    return _answer(state, False)


@implements(C + "scoring.giovanni", C + "scoring.giovanni_one_reward")
def _answer(state: State, accepts: bool) -> State:
    rules = state.rules
    candidates, place = state.offer
    lower = rules.offer_lower
    f = state.current if lower else candidates[0]
    cost, gain = rules.giovanni[state.round - 1][place]
    if accepts:
        state = state._replace(clock=added(state.clock, f, -cost),
                               **credit(state, f, Source.GIOVANNI, gain))
    step, place = rules.fns.giovanni_step(0, place, accepts)
    if lower:                               # the one who answers may not be first
        return _next_offer(state._replace(offer=(tuple(c for c in candidates if c != f), place)))
    return _next_offer(state._replace(offer=(candidates[step:], place)))
