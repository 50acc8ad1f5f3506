"""The end of the game and the final scoring through play (issue 17): whole games of two to
four players worked out by hand from the rule text (Spielende und Schlusswertung; C
Vatikanbericht). Every player keeps to the council palace when he has nothing else to do:
each member there brings 1 coin and a privilege (here 2 coins), the neutral member needs a
servant (3 at the start), so a player places 4 members in rounds 1-3 and 3 in rounds 4-6,
21 in all. Nobody gathers faith, so everybody is excommunicated in every report; the tiles
are chosen not to touch what is scored, unless a test says otherwise."""

from __future__ import annotations

import pytest
from regelwerk.engine.lorenzo import GAME, PlaceCouncil, PlaceMarket, PlaceTower

from tests.lorenzo.play_helpers import (
    BLACK,
    ORANGE,
    TOWER,
    WHITE,
    apply,
    cards_of,
    final,
    privileges,
    start,
    to_end,
)

T, B, C, V = (TOWER[t] for t in ("territory", "building", "character", "venture"))


def check_tie_for_first() -> None:
    """Three players, order red, green, blue (5, 6, 7 coins). Red and green each take one
    military privilege (2 points, 1 coin instead of 3 at that visit), blue none.
    Red: 5 + 20*3 + 1 = 66 coins, 2 wood, 2 stone: 70 resources -> 14; tied first: 5. 19.
    Green: 6 + 61 = 67 + 4 = 71 -> 14; 5. 19.
    Blue: 7 + 63 = 70 + 4 = 74 -> 14; no second place after a tie for first: 0. 14.
    Red and green tie at 19: red is earlier in turn order and wins."""
    state = start(3, roll=(1, 1, 1))
    state = privileges(GAME.apply(state, PlaceCouncil(WHITE, 0)), "military")
    state = privileges(GAME.apply(state, PlaceCouncil(WHITE, 0)), "military")
    state = to_end(state)
    outcome = final(state)
    assert outcome.scores == {"red": 19, "green": 19, "blue": 14}
    assert outcome.winners == ("red",)
    assert outcome.tie_break == "lorenzo:scoring.winner"
    assert outcome.termination == "lorenzo:end.trigger"


@pytest.mark.play("lorenzo:scoring.military", "lorenzo:scoring.resources",
                  "lorenzo:scoring.winner", "lorenzo:end.trigger", "lorenzo:round.structure")
def test_tie_for_first() -> None:
    check_tie_for_first()


@pytest.mark.play("lorenzo:scoring.military", "lorenzo:scoring.resources")
def test_first_alone_and_tie_for_second() -> None:
    """Four players by seat (5, 6, 7, 8 coins). Red's first member takes the market's third
    space (2 coins, 3 military points); green and blue each take one military privilege.
    Red: 5 + 2 + 20*3 = 67 + 4 = 71 -> 14; first alone: 5. 19.
    Green: 6 + 1 + 20*3 = 67 + 4 = 71 -> 14; tied second: 2. 16.
    Blue: 7 + 61 = 68 + 4 = 72 -> 14; tied second: 2. 16.
    Yellow: 8 + 63 = 71 + 4 = 75 -> 15; 0. 15."""
    state = start(4, roll=(1, 1, 1))
    state = GAME.apply(state, PlaceMarket(2, WHITE, 0))
    state = privileges(GAME.apply(state, PlaceCouncil(WHITE, 0)), "military")
    state = privileges(GAME.apply(state, PlaceCouncil(WHITE, 0)), "military")
    outcome = final(to_end(state))
    assert outcome.scores == {"red": 19, "green": 16, "blue": 16, "yellow": 15}
    assert outcome.winners == ("red",) and outcome.tie_break is None


@pytest.mark.play("lorenzo:scoring.winner")
def test_tie_goes_to_the_earlier_in_turn_order() -> None:
    """Two players, green drawn first (5 coins), red second (6). Green: 5 + 63 = 68 + 4 = 72
    -> 14; red: 6 + 63 = 69 + 4 = 73 -> 14; both 0 military points, tied first: 5 each. 19
    each; green stays first in turn order (first in the council palace every round) and wins."""
    outcome = final(to_end(start(2, roll=(1, 1, 1), order=(1, 0))))
    assert outcome.scores == {"red": 19, "green": 19}
    assert outcome.winners == ("green",)
    assert outcome.details["order"] == ["green", "red"]


@pytest.mark.play("lorenzo:scoring.territories", "lorenzo:scoring.characters",
                  "lorenzo:scoring.ventures", "lorenzo:scoring.excommunication",
                  "lorenzo:effect.end_vp", "lorenzo:effect.no_end_score",
                  "lorenzo:scoring.military", "lorenzo:card.character",
                  "lorenzo:effect.action_bonus", "lorenzo:action.must_place")
def test_cards_and_an_excommunication_at_the_end() -> None:
    """Two players; the third period's tile takes the characters' points. Dice white 1,
    black 6, orange 1. Red takes the Commercial Hub (territory) with orange, Hiring Recruits
    (4 coins, 5 military, 4 points at the end) with black; green the Warlord (2 coins,
    3 military) with orange. Then both keep to the council palace.
    Red: 5 - 4 + (2 + 4 + 4 + 3 + 3 + 3) * 3 = 58 coins + 4 = 62 -> 12; one territory: 0;
    venture: 4; military first: 5. 21.
    Green: in round 4 his servants are gone, but the Warlord's +2 on territories lets his
    neutral member (0) take the territory tower's first floor (Estate: 1 wood, 2 servants), and
    he must place it there; the 2 servants take his neutral member to the council palace in
    rounds 5 and 6. 6 - 2 + (3 + 4 + 4 + 3 + 4 + 4) * 3 = 70 coins, 3 wood, 2 stone: 75 -> 15;
    one territory: 0; his character scores nothing (excommunicated in period 3 with that
    tile); military second: 2. 17."""
    state = start(2, roll=(1, 6, 1), tiles=("excommunication-1-5", "excommunication-2-5",
                                            "excommunication-3-1"))
    state = apply(state, PlaceTower(T, 0, ORANGE, 0, 0, 0), PlaceTower(C, 0, ORANGE, 0, 0, 0),
                  PlaceTower(V, 0, BLACK, 0, 0, 0))
    state = to_end(state)
    assert [len(row) for row in state.players[0].cards] == [1, 0, 0, 1]
    assert cards_of(state, 1, "territory") == ["territory-2-5"]
    assert [len(row) for row in state.players[1].cards] == [1, 0, 1, 0]
    assert final(state).scores == {"red": 21, "green": 17}


@pytest.mark.play("lorenzo:effect.end_vp_loss", "lorenzo:scoring.excommunication")
def test_points_lost_for_military_after_scoring() -> None:
    """Two players; the third period's tile costs 1 point per military point at the end. Red
    takes one military privilege (2 points, 1 coin instead of 3).
    Red: 5 + 61 = 66 + 4 = 70 -> 14; first in military: 5; then minus 2. 17.
    Green: 6 + 63 = 69 + 4 = 73 -> 14; second: 2; no military points to lose. 16."""
    state = start(2, roll=(1, 1, 1), tiles=("excommunication-1-5", "excommunication-2-5",
                                            "excommunication-3-5"))
    state = privileges(GAME.apply(state, PlaceCouncil(WHITE, 0)), "military")
    assert final(to_end(state)).scores == {"red": 17, "green": 16}
