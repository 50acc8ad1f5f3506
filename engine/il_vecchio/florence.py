"""Florence (action c): an office on the city council or nobility track, and its tiles."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.il_vecchio.actions import Office
from regelwerk.engine.il_vecchio.board import COUNCIL, NOBILITY
from regelwerk.engine.il_vecchio.chance import shuffled_pile
from regelwerk.engine.il_vecchio.council import reveal_council
from regelwerk.engine.il_vecchio.draws import pile_of
from regelwerk.engine.il_vecchio.players import has_council, with_player
from regelwerk.engine.il_vecchio.random_play import made, pick
from regelwerk.engine.il_vecchio.reinforcement import explain_main, main_action_open
from regelwerk.engine.il_vecchio.rules import CARRIAGE, FLORIN, SCROLL, C, illegal
from regelwerk.engine.il_vecchio.state import NEED_DRAW_TILES, NEED_FOLLOWER, Pending, State
from regelwerk.engine.il_vecchio.tracks import joined_track, track_open
from regelwerk.engine.il_vecchio.travel import explain_travel, standing_towns, travelled, trips


def _extra_cost(state: State, track: int) -> int:
    return state.rules.additional_cost if state.extra_cost_on == track else 0


@implements(C + "action.florence", C + "action.florence.additional_cost", C + "end.full_track")
def office_options(state: State, like: Office | None) -> Iterator[Office]:
    """Every office: enough scrolls, a track that takes one more member, a trip to Florence
    that leaves the additional cost (if that track's stack carries it)."""
    if not state.main_action_left():
        return
    rules = state.rules
    me = state.players[state.turn]
    if me.res[SCROLL] < rules.florence_scrolls:
        return
    florence = rules.board.florence
    if like is not None and like.to != florence:
        return
    for track in (COUNCIL, NOBILITY):
        if like is not None and like.track != track:
            continue
        if not track_open(state, track):
            continue
        frm_only = None if like is None else like.frm
        for frm, to, carriage in trips(state, (florence,), _extra_cost(state, track), frm_only):
            yield Office(frm, to, carriage, track)


def explain_office(state: State, action: Office) -> IllegalAction | None:
    """The first rule a refused office breaks, in the order it is carried out."""
    rules = state.rules
    problem = explain_main(state)
    if problem:
        return problem
    if action.to != rules.board.florence:
        return illegal("action.florence", N_("An office is taken from Florence only."))
    if action.track not in (COUNCIL, NOBILITY):
        return illegal("action.florence", N_("Choose the city council or the nobility track."))
    if not track_open(state, action.track):
        return illegal("end.full_track", N_("That track is full; only in the final round may "
                                            "a family member join a full track."))
    problem = explain_travel(state, action.frm, action.to, action.carriage, None)
    if problem:
        return problem
    if state.players[state.turn].res[SCROLL] < rules.florence_scrolls:
        return illegal("action.florence", N_("An office costs {n} scrolls."),
                       n=rules.florence_scrolls)
    return explain_travel(state, action.frm, action.to, action.carriage,
                          _extra_cost(state, action.track), "action.florence.additional_cost")


@implements(C + "action.florence", C + "action.florence.additional_cost",
            C + "action.florence.tiles", C + "end.full_track", C + "tiles.council")
def office(state: State, action: Office) -> State:
    """Travel, pay scrolls and the additional cost, join the track; after the event of a
    crest, if any, chance draws the track's tiles (``Need.DRAW_TILES``, :mod:`.draws`); counts
    the main action."""
    rules = state.rules
    p = state.turn
    standing, res = travelled(state, p, action.frm, action.to, action.carriage)
    res[FLORIN] -= _extra_cost(state, action.track)
    res[SCROLL] -= rules.florence_scrolls
    me = state.players[p]
    pending = state.pending
    if has_council(me, rules, "florence"):
        pending = (*pending, Pending(NEED_FOLLOWER, p))
    standing, tracks, overflow, pending = joined_track(state, p, standing, action.to,
                                                       action.track, pending)
    if pile_of(state, action.track):
        pending = (*pending, Pending(NEED_DRAW_TILES, p, action.track))
    return with_player(state, p, me._replace(res=tuple(res), standing=standing), tracks=tracks,
                       overflow=overflow, pending=pending, actions_taken=state.actions_taken + 1)


@implements(C + "action.florence.tiles", C + "action.florence.nobility",
            C + "action.florence.council_reveal", C + "end.council_bonus")
def pick_florence(state: State, tile: int) -> State:
    """Keep ``tile`` of the drawn ones (the first decision); the others go back under
    their stack, shuffled (the next chance event; a seeded game's later draws take them
    in that order). A council tile taken in the final round is revealed at once."""
    pending = state.pending[0]
    rest = state.pending[1:]
    p = pending.player
    others, state = shuffled_pile(state, (t for t in pending.options if t != tile))
    me = state.players[p]
    if pending.arg == COUNCIL:
        state = state._replace(council_pile=(*others, *state.council_pile))
        state = with_player(state, p, me._replace(council_down=(*me.council_down, tile)))
        state = state._replace(pending=rest)
        if state.final_round:
            state = reveal_council(state, p, tile)
        return state
    state = state._replace(nobility_pile=(*others, *state.nobility_pile), pending=rest)
    return with_player(state, p, me._replace(nobility=(*me.nobility, tile)))


def sample_office(state: State, rng: Random) -> Office | None:
    """A random office, drawn parameter by parameter (the fast twin of
    :func:`office_options`; the conformance suite checks it draws only legal ones)."""
    rules = state.rules
    me = state.players[state.turn]
    res = me.res
    if res[SCROLL] < rules.florence_scrolls or not main_action_open(state):
        return None
    tables = rules.tables
    florins, carriages = res[FLORIN], res[CARRIAGE] >= 1
    florence = rules.board.florence
    column = tables.step_cost[florence]        # the roads go both ways: to = from Florence
    here = standing_towns(state)
    options = []
    for track in (COUNCIL, NOBILITY):
        if not track_open(state, track):
            continue
        budget = florins - _extra_cost(state, track)
        if budget < 0:
            continue
        froms = here if carriages else [frm for frm in here if column[frm] <= budget]
        if froms:
            options.append((track, budget, froms))
    if not options:
        return None
    track, budget, froms = pick(rng, options)
    frm = pick(rng, froms)
    if frm == florence:
        carriage = False
    else:
        walk = column[frm] <= budget
        carriage = rng.random() < 0.5 if (walk and carriages) else not walk
    return made(Office, frm, florence, carriage, track)
