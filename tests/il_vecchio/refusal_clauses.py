"""The clause the rule text gives for refusing an action, worked out from the position
(issue 30): the tests that probe random positions with actions that are not legal there
name it through :func:`expected_clause` instead of only checking the game prefix.

Written from the rule text, not from the engine's refusals: an action after the end
meets the winner's clause; a field that is not a value of its kind meets the clause of
the kind (:data:`KIND_CLAUSE`); an open decision comes before anything else, and the
clause is the one asking it (:data:`DECISION_CLAUSE`); outside a decision the set-up
steps and the turn (turn.structure) decide, except that a province tile may be used
throughout one's own turn (interp.tiles_during_decisions); an action of the turn is
refused by the first rule it breaks, in the order it is carried out (travel, then the
town or office). A probe this module cannot judge fails the test loudly.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.il_vecchio.board import CREST_COLOURS, GREEN
from regelwerk.engine.il_vecchio.game import GAME

C = "il_vecchio:"
Need, Phase = iv.Need, iv.Phase

#: Per kind of action, the clause that defines it (its fields' values refer to it).
KIND_CLAUSE: dict[type, str] = {
    iv.KeepCouncil: "setup.council_choice", iv.SetupPlace: "setup.placement_choice",
    iv.UseProvince: "tiles.province", iv.TownAction: "action.town.crest",
    iv.Province: "action.province", iv.Office: "action.florence",
    iv.Reinforce: "action.reinforcement", iv.Recover: "action.recovery",
    iv.Pass: "turn.structure", iv.Place: "action.reinforcement", iv.Levy: "event.levy",
    iv.FamilyChoice: "event.family", iv.PickTile: "action.province.tile",
    iv.TakeFollower: "tiles.council", iv.TakeRoll: "tiles.council",
    iv.Roll: "action.reinforcement", iv.MiddlemenPlaced: "setup.middlemen",
    iv.TileDrawn: "action.florence.tiles", iv.CrestDrawn: "event.crest",
}
#: The clause that asks each decision (a player's, or chance's).
DECISION_CLAUSE: dict[Any, str] = {
    Need.PLACE: "action.reinforcement", Need.LEVY: "event.levy", Need.FAMILY: "event.family",
    Need.PROVINCE_TILE: "action.province.tile", Need.FLORENCE_TILE: "action.florence.tiles",
    Need.FOLLOWER: "tiles.council", Need.OFFER: "tiles.council",
    Need.ROLL: "action.reinforcement", Need.CREST: "event.crest",
    Need.DRAW_TILES: "action.florence.tiles",
}
#: The set-up steps, in order.
SETUP_CLAUSE: dict[Any, str] = {
    Phase.SETUP_COUNCIL: "setup.council_choice", Phase.SETUP_ROLL: "setup.placement_roll",
    Phase.SETUP_CHOICE: "setup.placement_choice",
}
#: The actions of a turn: the five main actions and passing.
TURN_ACTIONS = (iv.TownAction, iv.Province, iv.Office, iv.Reinforce, iv.Recover, iv.Pass)


def position_clause(state: iv.State) -> str:
    """What the position waits for: the first open decision, a set-up step, or the turn."""
    if state.pending:
        return DECISION_CLAUSE[state.pending[0].need]
    if state.phase == Phase.SETUP_COUNCIL and state.dealing():
        return "setup.council_choice" if state.middlemen else "setup.middlemen"
    return SETUP_CLAUSE.get(state.phase, "turn.structure")


def expected_clause(state: iv.State, action: Any) -> str:
    """The clause (with the game's prefix) refusing ``action``, an action not legal in
    ``state``."""
    if iv.is_terminal(state):
        return C + "end.winner"
    if GAME.kind_of[type(action)].field_problem(state, action) is not None:
        return C + KIND_CLAUSE[type(action)]
    if isinstance(action, iv.UseProvince) and state.phase == Phase.PLAY and (
            not state.pending or state.pending[0].need < Need.ROLL):
        return C + "tiles.province"     # the mover's turn, a player's decision open or not
    if state.pending or state.phase != Phase.PLAY or not isinstance(action, TURN_ACTIONS):
        return C + position_clause(state)
    return C + turn_clause(state, action)


def turn_clause(state: iv.State, action: Any) -> str:
    """The clause refusing an action of the turn (no decision open)."""
    if isinstance(action, iv.Pass) or not state.main_action_left():
        return "turn.structure"         # one main action (two in the final round), then pass
    me = state.players[state.turn]
    if isinstance(action, iv.Reinforce) and me.supply == 0:
        return "action.reinforcement"
    if isinstance(action, iv.TownAction):
        return travel_clause(state, action) or town_clause(state, action)
    if isinstance(action, iv.Office):
        return office_clause(state, action)
    raise AssertionError(f"no expectation worked out for {action!r} in this position")


def travel_clause(state: iv.State, action: Any, florins: bool = True) -> str | None:
    """A trip from ``action.frm`` to ``action.to``: a standing member must start it, a
    carriage is handed in only to travel, and (``florins``) the roads cost Florins per
    town."""
    me = state.players[state.turn]
    if me.standing[action.frm] < 1:
        return "travel.roads"
    if action.carriage and (action.frm == action.to or me.res[iv.CARRIAGE] < 1):
        return "travel.carriage"
    if not florins:
        return None
    rules = state.rules
    cost = 0 if action.carriage else \
        rules.board.distance[action.frm][action.to] * rules.spec["travel.cost_per_town"]
    return "travel.roads" if me.res[iv.FLORIN] < cost else None


def town_clause(state: iv.State, action: iv.TownAction) -> str:
    """A town action where the trip is possible: the town must offer one, and a middleman
    stand there unless a bishop is handed in."""
    board = state.rules.board
    colour = board.colours[action.to]
    me = state.players[state.turn]
    if colour not in CREST_COLOURS and colour != GREEN:
        return "action.town.crest"
    if action.bishop and me.res[iv.BISHOP] < 1:
        return "action.town.crest"
    if not action.bishop and colour != GREEN and \
            state.middlemen[CREST_COLOURS.index(colour)] != action.to:
        return "action.town.crest"
    raise AssertionError(f"no expectation worked out for {action!r} in this position")


def office_clause(state: iv.State, action: iv.Office) -> str:
    """An office: taken from Florence, on a track with room (end.full_track), by a
    standing member's trip, for the scrolls, then the Florins of the trip and the
    additional cost together (action.florence.additional_cost)."""
    rules = state.rules
    if action.to != rules.board.florence:
        return "action.florence"
    placed = len(state.tracks[action.track])
    if placed >= rules.usable(action.track) and not state.final_round:
        return "end.full_track"
    me = state.players[state.turn]
    trip = travel_clause(state, action, florins=False)
    if trip is not None:
        return trip
    if me.res[iv.SCROLL] < rules.spec["florence.scrolls"]:
        return "action.florence"
    return "action.florence.additional_cost"
