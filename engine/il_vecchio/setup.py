"""Set-up: dealing everything, keeping a council tile, the two placement rounds."""

from __future__ import annotations

from itertools import chain

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.il_vecchio.actions import KeepCouncil, SetupPlace
from regelwerk.engine.il_vecchio.board import COUNCIL, REGIONS, TRACKS
from regelwerk.engine.il_vecchio.chance import shuffled_order, shuffled_pile
from regelwerk.engine.il_vecchio.players import with_player
from regelwerk.engine.il_vecchio.rules import C, Rules, illegal
from regelwerk.engine.il_vecchio.state import (
    PLAY,
    SETUP_CHOICE,
    SETUP_COUNCIL,
    SETUP_ROLL,
    Player,
    State,
)
from regelwerk.engine.il_vecchio.turn import start_turn


@implements(C + "setup.start_player", C + "setup.player_material", C + "setup.crests",
            C + "setup.council_choice", C + "setup.supply", C + "setup.tiles")
def setup(rules: Rules, seed: int | None) -> State:
    """The state before chance deals: the material handed out, the crests and both tile
    stacks formed face down (shuffled by a seeded game, in box order for ``seed=None``).

    Chance then places the middlemen and draws each player's council tiles
    (:mod:`.draws`). The crests not dealt stay in the box unseen: they are the bottom
    of the crest pile, below the ones on the board, so a draw can show any crest not
    yet seen and a seeded game turns over exactly the crests it dealt.
    """
    n = rules.players
    towns = len(rules.board.towns)
    zeros = (0,) * towns
    players = tuple(
        Player(res=(rules.start_money[p], 0, rules.start_carriages, rules.start_bishops, 0, 0, 0),
               supply=rules.family_members, standing=zeros, lying=zeros, province_up=(),
               province_down=(), council_up=(), council_down=(), nobility=(), crests=(),
               passed=False) for p in range(n))
    per = rules.tiles_per_region
    dealt = rules.crests_dealt
    state = State(
        rules=rules, seed=seed, phase=SETUP_COUNCIL, turn=0, players=players,
        middlemen=(), crests_left=dealt, crest_pile=(), council_pile=(), nobility_pile=(),
        province_left=tuple(tuple(t for t in range(r * per, (r + 1) * per)
                                  if t not in rules.tables.left_out)
                            for r in range(len(REGIONS))),
        extra_cost_on=COUNCIL, tracks=((),) * len(TRACKS), overflow=(0,) * len(TRACKS),
        pending=(), chance=0,
        end_triggered=False, final_round=False, actions_taken=0, setup_offer=((),) * n, roll=0)
    crests, state = shuffled_order(state, rules.crest_events)    # the first ones are dealt
    council, state = shuffled_pile(state, range(len(rules.council_tiles)))
    nobility, state = shuffled_pile(state, range(len(rules.nobility_tiles)))
    return state._replace(crest_pile=(*crests[dealt:], *crests[:dealt]), council_pile=council,
                          nobility_pile=nobility)


@implements(C + "setup.council_choice")
def keep_options(state: State, like: KeepCouncil | None) -> list[KeepCouncil]:
    """Keep one of the council tiles drawn."""
    return [KeepCouncil(t) for t in state.setup_offer[state.turn]]


def explain_keep(state: State, action: KeepCouncil) -> IllegalAction | None:
    return illegal("setup.council_choice", N_("Keep one of the council tiles you drew."))


@implements(C + "setup.council_choice", C + "setup.additional_cost")
def keep_council(state: State, action: KeepCouncil) -> State:
    """Keep the tile; after the last player, the others go back into the stack, which is
    shuffled (the next chance event), and the first placement roll is due."""
    p = state.turn
    me = state.players[p]
    state = with_player(state, p, me._replace(council_up=(action.tile,)))
    if p + 1 < state.rules.players:
        return state._replace(turn=p + 1)
    kept = {pl.council_up[0] for pl in state.players}
    returned = [t for offer in state.setup_offer for t in offer if t not in kept]
    pile, state = shuffled_pile(state, [*returned, *state.council_pile[::-1]])
    return state._replace(council_pile=pile, extra_cost_on=COUNCIL, phase=SETUP_ROLL,
                          turn=0, roll=0)


@implements(C + "setup.placement_roll", C + "setup.placement_choice")
def setup_options(state: State, like: SetupPlace | None) -> list[SetupPlace]:
    """Two members onto towns bordering the rolled area (any area on the free roll; in the
    second round, any area)."""
    board = state.rules.board
    if state.phase == SETUP_ROLL and state.roll != state.rules.free_roll:
        areas = [state.roll]
    else:
        areas = sorted(board.areas)
    if like is not None:
        areas = [like.area] if like.area in areas else []
    places = state.rules.tables.setup_places
    return list(chain.from_iterable(places[area] for area in areas))


def setup_placements(state: State) -> list[SetupPlace]:
    """Every legal set-up placement now."""
    return setup_options(state, None)


def explain_setup(state: State, action: SetupPlace) -> IllegalAction | None:
    rules = state.rules
    board = rules.board
    clause = "setup.placement_roll" if state.phase == SETUP_ROLL else "setup.placement_choice"
    if (state.phase == SETUP_ROLL and state.roll != rules.free_roll
            and action.area != state.roll):
        return illegal(clause, N_("You rolled {roll}: place next to area {roll}."),
                       roll=state.roll)
    if action.area not in board.areas:
        return illegal(clause, N_("There is no area {area}."), area=action.area)
    towns = board.areas[action.area]
    if action.a in towns and action.b in towns:
        return illegal(clause, N_("Name the two towns in the order of their numbers: "
                                  "SetupPlace({area}, {b}, {a})."),
                       area=action.area, a=action.a, b=action.b)
    return illegal(clause, N_("Both family members must go to towns bordering area {area}."),
                   area=action.area)


@implements(C + "setup.placement_roll", C + "setup.placement_choice")
def setup_place(state: State, action: SetupPlace) -> State:
    """Place the two members; the next player rolls, or the next round or play begins."""
    rules = state.rules
    p = state.turn
    me = state.players[p]
    supply, standing = me.supply, me.standing
    for town in (action.a, action.b):               # setup.placement.members_per_round
        supply, here = rules.fns.member_enters(supply, standing[town])
        standing = replaced(standing, town, here)
    state = with_player(state, p, me._replace(standing=standing, supply=supply))
    if p + 1 < rules.players:
        return state._replace(turn=p + 1, roll=0)
    if state.phase == SETUP_ROLL:
        return state._replace(phase=SETUP_CHOICE, turn=0, roll=0)
    return start_turn(state._replace(phase=PLAY, turn=0, roll=0))
