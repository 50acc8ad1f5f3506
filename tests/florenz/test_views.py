"""What each seat of Florenz sees (engine/florenz/view.py, issue 33): a secret of another
seat never appears in its view, its own do, and what is revealed does."""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine import florenz as fz
from regelwerk.engine.core import conformance
from regelwerk.engine.core.game import HIDDEN
from regelwerk.engine.florenz import GAME
from regelwerk.engine.florenz.actions import ScandalCard
from regelwerk.engine.florenz.cards import card_medici
from regelwerk.engine.florenz.state import Phase
from regelwerk.engine.florenz.view import hidden_card, is_hidden

PLAYED = conformance.play(GAME, {"players": 3}, 0)
STATES = PLAYED.states
SEATS = range(3)


def _with_cards(states: Any) -> Any:
    """A position in which every family holds scandal cards and one of them is to move."""
    return next(s for s in states if all(s.hands) and not s.draws and s.phase == Phase.ACTIONS)


@pytest.mark.clause("florenz:setup.board")
def test_a_plan_card_is_seen_by_its_family_only() -> None:
    state = next(s for s in STATES if min(s.plans) >= 0)
    for seat in SEATS:
        view = GAME.view(state, seat)
        assert view.plans[seat] == state.plans[seat]
        assert all(view.plans[f] == HIDDEN for f in SEATS if f != seat)


@pytest.mark.clause("florenz:end.plan")
def test_the_end_scoring_shows_every_plan_card() -> None:
    over = STATES[-1]
    assert over.phase == Phase.OVER
    assert all(GAME.view(over, seat).plans == over.plans for seat in SEATS)


@pytest.mark.clause("florenz:hand.limit", "florenz:setup.decks")
def test_another_hand_shows_its_count_and_backs_not_its_cards() -> None:
    state = _with_cards(STATES)
    rules = state.rules
    for seat in SEATS:
        view = GAME.view(state, seat)
        assert view.hands[seat] == state.hands[seat]
        for family in SEATS:
            if family != seat:
                assert view.hands[family] == tuple(hidden_card(card_medici(rules, c))
                                                   for c in state.hands[family])
                assert all(is_hidden(c) for c in view.hands[family])


@pytest.mark.play("florenz:scandal.play")
def test_a_played_card_is_seen_by_everyone_while_played_and_on_its_discard_pile() -> None:
    at = next(i for i, a in enumerate(PLAYED.actions) if type(a) is ScandalCard)
    done = next(i for i in range(at, len(PLAYED.actions)) if not STATES[i + 1].scandal)
    before, playing, after = STATES[at], STATES[at + 1], STATES[done + 1]
    family = GAME.current_player(before)
    played = before.hands[family][PLAYED.actions[at].index]
    medici = card_medici(before.rules, played)
    assert playing.scandal[1] == played and done > at
    for seat in SEATS:
        assert GAME.view(STATES[done], seat).scandal == STATES[done].scandal
        view = GAME.view(after, seat)
        assert view.discards == after.discards
        assert view.discards[medici].count(played) == before.discards[medici].count(played) + 1


@pytest.mark.clause("florenz:setup.decks", "florenz:setup.disc", "florenz:cleanup.disc")
def test_face_down_piles_show_their_size_not_their_order() -> None:
    state = _with_cards(STATES)
    view = GAME.view(state, 0)
    assert [len(d) for d in view.decks] == [len(d) for d in state.decks]
    assert all(c == hidden_card(m) for m, deck in enumerate(view.decks) for c in deck)
    assert view.loc_stack == (HIDDEN,) * len(state.loc_stack)
    assert view.time_stack == (HIDDEN,) * len(state.time_stack)
    assert view.seed is None
    shuffled = state._replace(decks=tuple(d[::-1] for d in state.decks),
                              time_stack=state.time_stack[::-1], seed=12345)
    assert GAME.key(GAME.view(shuffled, 0)) == GAME.key(view)


@pytest.mark.clause("florenz:setup.board", "florenz:hand.limit")
def test_a_planted_secret_of_another_seat_changes_nothing_a_seat_sees() -> None:
    """Two positions that differ only in family 1's plan card and the kind of its cards:
    family 0 sees the same view and the same words; family 1 does not."""
    state = _with_cards(STATES)
    per = len(state.rules.scandal_kinds[0])
    other_plan = (state.plans[1] + 1) % len(state.rules.plan_cards)
    other_hand = tuple(c - c % per + (c + 1) % per for c in state.hands[1])
    planted = state._replace(plans=(*state.plans[:1], other_plan, *state.plans[2:]),
                             hands=(*state.hands[:1], other_hand, *state.hands[2:]))
    for seat in (0, 2):
        assert GAME.view(planted, seat) == GAME.view(state, seat)
        for mover in SEATS:      # the position names the hand of the family to move
            moved, planted_moved = state._replace(current=mover), planted._replace(current=mover)
            assert GAME.view_text(moved, seat, "en") == GAME.view_text(planted_moved, seat, "en")
    assert GAME.view(planted, 1) != GAME.view(state, 1)


@pytest.mark.clause("florenz:hand.limit")
def test_the_words_of_a_view_show_the_own_hand_and_no_other() -> None:
    state = _with_cards(STATES)
    mover = GAME.current_player(state)
    seat = (mover + 1) % 3
    text = GAME.view_text(state, seat, "en")
    own = GAME.position_text(state._replace(current=seat), "en").split("\n")[2 + seat]
    assert own in text.split("\n")
    hand_lines = [line for line in text.split("\n") if line.startswith("  scandal cards")]
    assert hand_lines == [own]
    assert GAME.view_text(state, mover, "en") == GAME.position_text(state, "en")


def test_a_seat_outside_the_game_has_no_view() -> None:
    with pytest.raises(ValueError, match="no seat"):
        GAME.view(STATES[0], 3)


@pytest.mark.play("florenz:scandal.play", "florenz:hand.limit")
def test_a_card_being_played_is_shown_to_every_seat_and_each_own_hand_stays_beneath_its_line(
        ) -> None:
    state = fz.with_queues(fz.set_up({"players": 3}), {1: [(0, 0), (0, 0)]})
    kinds = {fz.card_kind(state, k): k for k in range(12)}
    state = fz.dealt(state, 0, kinds["long_walk"], kinds["retire"])
    state = fz.dealt(state, 1, kinds["promote"])._replace(phase=Phase.ACTIONS, current=0)
    playing = GAME.apply(GAME.apply(state, fz.ScandalCard(0)), fz.ScandalPiece(0))
    for seat in SEATS:
        lines = GAME.view_text(playing, seat, "en").split("\n")
        shown = [i for i, line in enumerate(lines) if "being played: 'a long walk'" in line]
        assert shown == [2 + (seat == 0)], lines          # beneath blue's line (and hand)
        assert ("'retire a member'" in "\n".join(lines)) == (seat == 0)
        if seat == 1:
            assert lines[shown[0] + 1].startswith("orange:")
            assert lines[shown[0] + 2] == "  scandal cards in hand: 'promote a debutant'"
