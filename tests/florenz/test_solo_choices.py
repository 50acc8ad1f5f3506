"""The solo player's choices for Strozzi (interp.solo_card5_tie, interp.solo_automa_choices).

Where Strozzi's card leaves a choice open that the reading gives to the player, his turn
waits (``Automa.pending``) and the player answers with ``StrozziChoice(index)``; index 0
is always what the fixed reading takes.
"""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.florenz import solo
from regelwerk.engine.florenz.game import GAME

from tests.refusals import refused

YOU, STROZZI = 0, 1
DEB, LADY, MAESTRO = 0, 1, 2
ORANGE, BLUE = 0, 1
KINDS = fz.default_rules(1).spec["solo.card_kind"]
CARD5 = 4                   # the fifth card: the colour he has fewer of


def game(**options: Any) -> fz.State:
    """A solo game whose chance the caller decides, in phase 2 with Strozzi to act and
    nobody on the board; Cosimo's, Contessina's, Giovanni's targets at 1, 2, 3."""
    state = fz.set_up({"players": 1, **options})
    state = fz.with_queues(state, {})
    return state._replace(phase=fz.Phase.ACTIONS, current=STROZZI, passed=(False, False),
                          targets=(0, 1, 2), clock=(12, 9))


def with_strozzi(state: fz.State, location: int, members: list[tuple[int, int]]) -> fz.State:
    """Strozzi's members ``(colour, rank)`` at the end of the queue at ``location`` (1-9)."""
    for colour, rank in members:
        piece = solo._reserve(state, colour, rank)
        loc = location - 1
        state = state._replace(where=state.where[:piece] + (loc,) + state.where[piece + 1:],
                               queues=tuple(q + (piece,) if i == loc else q
                                            for i, q in enumerate(state.queues)))
    return state


def card(state: fz.State, number: int) -> fz.State:
    """Strozzi draws his card ``number`` (not his first card of the round) and plays it."""
    drawing = solo.play_card(state._replace(automa=state.automa._replace(drawn=1)))
    assert fz.current_player(drawing) == CHANCE
    return fz.apply(drawing, fz.StrozziDrawn(number))


def strozzi_at(state: fz.State, location: int) -> list[tuple[int, int]]:
    """Strozzi's members at ``location`` (1-9) as ``(colour, rank)``, head first."""
    return [(state.colour_of(p), state.rank_of(p)) for p in state.queue(location)
            if state.family_of(p) == STROZZI]


def round_where_b_is(rules: fz.Rules, medici: int) -> int:
    """A round in which Medici B (card 5's letter) is ``medici``."""
    return next(r for r in range(1, rules.rounds) if rules.disc_medici[r] == medici)


@pytest.mark.clause("florenz:solo.card.place", "florenz:solo.turn")
@pytest.mark.parametrize("medici,rank", [(0, DEB), (1, LADY)])
def test_card5_tie_waits_for_the_player_s_colour(medici: int, rank: int) -> None:
    """Card 5 takes the colour he has fewer of on the board, the player's choice on a tie
    ('deine Wahl bei Gleichstand'): with one member of each colour out, his turn waits for
    the player, who picks blue; a blue member of the rank B's Medici asks for joins B's
    target. With an orange member more on the board, blue is fewer: nobody is asked."""
    state = game()
    assert state.rules.variants["solo_card5_tie"] == "ask_player"       # the text's reading
    assert state.rules.spec["solo.card_colour"][CARD5] == "fewer"
    state = state._replace(round=round_where_b_is(state.rules, medici))
    target = state.targets[medici] + 1
    tied = with_strozzi(state, 9, [(ORANGE, DEB)])
    tied = with_strozzi(tied, 8, [(BLUE, DEB)])
    waiting = card(tied, CARD5)
    assert fz.current_player(waiting) == YOU and waiting.automa.pending
    assert waiting.clock[STROZZI] == tied.clock[STROZZI] - state.rules.spec["solo.card_cost"][
        CARD5]                                        # paid before the card is carried out
    assert strozzi_at(waiting, target) == []          # nothing placed yet
    assert fz.legal_actions(waiting) == (fz.StrozziChoice(0), fz.StrozziChoice(1))
    assert "blue" in GAME.describe(waiting, fz.StrozziChoice(1), "en")
    assert "Strozzi" in GAME.position_text(waiting, "de")
    refused(fz, waiting, fz.StrozziChoice(2), "florenz:solo.card.place")
    refused(fz, waiting, fz.Pass(5), "florenz:solo.turn")                 # the player answers first
    after = fz.apply(waiting, fz.StrozziChoice(1))
    assert strozzi_at(after, target) == [(BLUE, rank)]
    assert not after.automa.pending and fz.current_player(after) == YOU
    assert fz.violations(after) == []
    orange = fz.apply(waiting, fz.StrozziChoice(0))
    assert strozzi_at(orange, target) == [(ORANGE, rank)]
    more_orange = with_strozzi(tied, 7, [(ORANGE, DEB)])
    fewer = card(more_orange, CARD5)
    assert not fewer.automa.pending and strozzi_at(fewer, target) == [(BLUE, rank)]


@pytest.mark.clause("florenz:solo.card.place")
def test_card5_tie_takes_the_first_colour_under_first_colour() -> None:
    """The other reading of interp.solo_card5_tie: the automa never asks, the tie takes the
    first colour (orange); and with Giovanni as B's Medici both colours join, unasked,
    under either reading."""
    state = game(solo_card5_tie="first_colour")
    state = state._replace(round=round_where_b_is(state.rules, 0))
    after = card(state, CARD5)
    assert not after.automa.pending and strozzi_at(after, 1) == [(ORANGE, DEB)]
    for reading in ("ask_player", "first_colour"):
        gio = game(solo_card5_tie=reading)
        gio = gio._replace(round=round_where_b_is(gio.rules, 2))
        both = card(gio, CARD5)
        assert not both.automa.pending
        assert sorted(strozzi_at(both, 3)) == [(ORANGE, DEB), (BLUE, DEB)]


@pytest.mark.clause("florenz:solo.card.friend")
def test_friend_card_raises_the_player_s_pick_under_ask_player() -> None:
    """Card 7: 'a debutant of any colour' at A's target becomes a lady. With an orange and
    a blue debutant there, the fixed reading raises the first in the queue (orange); under
    ask_player the player picks, and the blue one becomes a blue lady. With a lady of each
    colour there instead, a lady becomes the maestro of her colour: the player's pick."""
    medici_a = fz.default_rules(1).disc_medici[0]
    options = {"solo_automa_choices": "ask_player"}
    target = game().targets[medici_a] + 1
    friend = KINDS.index("friend")
    two_debs = with_strozzi(game(**options), target, [(ORANGE, DEB), (BLUE, DEB)])
    waiting = card(two_debs, friend)
    assert fz.current_player(waiting) == YOU
    assert fz.legal_actions(waiting) == (fz.StrozziChoice(0), fz.StrozziChoice(1))
    after = fz.apply(waiting, fz.StrozziChoice(1))
    assert sorted(strozzi_at(after, target)) == [(ORANGE, DEB), (BLUE, LADY)]
    fixed = card(with_strozzi(game(), target, [(ORANGE, DEB), (BLUE, DEB)]), friend)
    assert not fixed.automa.pending
    assert sorted(strozzi_at(fixed, target)) == [(ORANGE, LADY), (BLUE, DEB)]
    two_ladies = with_strozzi(game(**options), target, [(ORANGE, LADY), (BLUE, LADY)])
    waiting = card(two_ladies, friend)
    assert waiting.automa.pending[0] == solo.FRIEND_MAESTRO
    assert "maestro" in GAME.describe(waiting, fz.StrozziChoice(1), "en")
    after = fz.apply(waiting, fz.StrozziChoice(1))
    assert sorted(strozzi_at(after, target)) == [(ORANGE, LADY), (BLUE, MAESTRO)]
    assert fz.violations(after) == []
    one_each = with_strozzi(game(**options), target, [(ORANGE, DEB)])
    assert not card(one_each, friend).automa.pending      # one candidate: nothing to ask


@pytest.mark.play("florenz:solo.card.place", "florenz:solo.card.friend")
def test_random_solo_games_answer_strozzi_s_choices() -> None:
    """Random play meets the choices and answers them; only the choosing stage is open
    then, and the games end."""
    met = 0
    for seed in range(12):
        last = start = fz.new_game(seed, {"players": 1, "solo_automa_choices": "ask_player"})
        for action, last in GAME.random_steps(start, Random(seed)):  # noqa: B007
            met += isinstance(action, fz.StrozziChoice)
        assert last.phase == fz.Phase.OVER
    assert met > 0
