"""Rules that mutants of the engine survived (``make mutate``, issue 30), pinned through play:
each expectation is worked out from the rule text and the register, not read off the engine."""

from __future__ import annotations

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.medici_vs_strozzi.state import NO_HARBOUR

from tests.medici_vs_strozzi.conftest import play, preload
from tests.medici_vs_strozzi.test_play_markers import lone_zero_round
from tests.medici_vs_strozzi.test_play_round import track
from tests.refusals import refused

M, S = mvs.MEDICI, mvs.STROZZI
PORT = "medici_vs_strozzi:turn.port"


@pytest.mark.play("medici_vs_strozzi:turn.load", "medici_vs_strozzi:turn.port",
                  "medici_vs_strozzi:turn.discard")
def test_part_of_a_purchase_sends_an_unassigned_ship_to_the_chosen_harbour() -> None:
    """interp.part_of_a_purchase, variant ``load_some``, with interp.port_on_first_load as
    decided: a ship gets its harbour in the step that first loads it, and keeps it for the
    round. Strozzi buys the first turn's tiles; whichever harbour he names for the part he
    keeps, that ship is now in it, holding the kept tile, and his other ships have none."""
    start = mvs.new_game(seed=7, options={"part_of_a_purchase": "load_some"})
    rules = start.rules
    state = start
    for _ in range(rules.max_draw):
        state = mvs.apply(state, mvs.DRAW)
    state = play(state, mvs.SetPrice(rules.min_price), mvs.BUY)
    assert state.ports[S] == (NO_HARBOUR,) * len(rules.capacities)
    drawn = state.drawn
    for harbour in range(rules.harbour_count):
        after = mvs.apply(state, mvs.LoadPart(1, harbour, 0b1))
        assert after.ports[S][1] == harbour
        assert after.holds[S][1] == (drawn[0],)
        assert after.ports[S][0] == after.ports[S][2] == NO_HARBOUR
        assert not mvs.violations(after)


@pytest.mark.play("medici_vs_strozzi:turn.port")
def test_a_ship_sent_to_its_harbour_at_round_start_cannot_be_sent_again() -> None:
    """interp.port_on_first_load, variant ``assign_at_round_start``: each ship is sent once
    and stays in its harbour for the round, and no two of a player's ships share one. The
    opener's second order for a ship already sent, and an order into the harbour his other
    ship already uses, are refused under the harbour clause and change nothing; the
    refusal names the ship and its harbour, or the harbour taken."""
    state = mvs.new_game(seed=3, options={"port_on_first_load": "assign_at_round_start"})
    opener = state.current_player
    state = mvs.apply(state, mvs.Assign(0, 0))
    assert state.current_player == opener and state.ports[opener][0] == 0
    for again, names in ((mvs.Assign(0, 1), ("Ship 0", "harbour 0")),
                         (mvs.Assign(1, 0), ("harbour 0",))):
        with pytest.raises(IllegalAction) as refused:
            mvs.apply(state, again)
        assert refused.value.clause == PORT
        message = refused.value.message_in("en")
        assert all(name in message for name in names)
        assert ("Ship 0" in message) == (again.ship == 0)


# ---------------------------------------------------------------- a Draw once drawing is over

DRAW_CLAUSE, LIMIT = "medici_vs_strozzi:turn.draw", "medici_vs_strozzi:turn.draw_limit"


@pytest.mark.play(DRAW_CLAUSE)
def test_a_draw_after_stopping_is_refused_under_the_drawing_clause() -> None:
    """turn.draw: after the first tile the drawer decides, one tile at a time, whether to draw
    another; once he stops he names the price (turn.price). A Draw in the price stage after a
    stop is refused under the drawing clause, saying he stopped, and changes nothing."""
    state = play(mvs.new_game(seed=4), mvs.DRAW, mvs.STOP)
    assert state.phase == mvs.Phase.PRICE and len(state.drawn) == 1
    refusal = refused(mvs, state, mvs.DRAW, DRAW_CLAUSE)
    assert refusal.message_in("en").startswith("You stopped drawing this turn")
    assert mvs.legal_actions(state)[0].low == state.rules.min_price   # the price is next


@pytest.mark.play(DRAW_CLAUSE)
@pytest.mark.parametrize("room_left", ["empty", "exactly the most"])
def test_a_draw_beyond_the_turns_most_tiles_is_refused_under_the_drawing_clause(
        room_left: str) -> None:
    """turn.draw: at most ``turn.max_draw`` tiles in one turn. With ships empty at the round's
    start the roomiest takes more than that; with every ship filled so that it takes exactly
    that many, the ship's room forbids no tile the turn's maximum allows: either way the turn's
    maximum is what refuses."""
    start = mvs.new_game(seed=4)
    most = start.rules.spec["turn.max_draw"]
    caps = start.rules.spec["ships.capacities"]
    assert min(caps) >= most and max(caps) > most
    if room_left != "empty":
        start = preload(start, M, {ship: capacity - most for ship, capacity in enumerate(caps)})
        assert max(start.free_space(M)) == most
    state = play(start, *[mvs.DRAW] * most)
    assert state.phase == mvs.Phase.PRICE
    message = refused(mvs, state, mvs.DRAW, DRAW_CLAUSE).message_in("en")
    assert f"No more than {most} tiles" in message


@pytest.mark.play(LIMIT)
def test_a_draw_beyond_the_roomiest_ship_is_refused_under_the_draw_limit() -> None:
    """turn.draw_limit: no more tiles in one turn than the drawer's roomiest ship still takes.
    Medici's ships each have one space left: after one tile the price stage begins, and a
    second Draw is refused under the draw limit, naming the one tile."""
    start = mvs.new_game(seed=4)
    caps = start.rules.spec["ships.capacities"]
    state = preload(start, M, {ship: capacity - 1 for ship, capacity in enumerate(caps)})
    state = mvs.apply(state, mvs.DRAW)
    assert state.phase == mvs.Phase.PRICE
    message = refused(mvs, state, mvs.DRAW, LIMIT).message_in("en")
    assert "No more than 1 tiles" in message


@pytest.mark.play(DRAW_CLAUSE)
def test_a_draw_from_the_empty_bag_is_refused_under_the_drawing_clause() -> None:
    """turn.draw, with interp.last_tile as decided (``finish_turn``): the last tile is drawn,
    the turn goes on to the price, and a further Draw is refused: the bag is empty."""
    start = mvs.new_game(seed=4)
    state = mvs.apply(start._replace(bag=start.bag[-1:]), mvs.DRAW)
    assert state.phase == mvs.Phase.PRICE and not state.bag
    assert refused(mvs, state, mvs.DRAW, DRAW_CLAUSE).message_in("en").startswith(
        "The bag is empty.")


# ---------------------------------------------------------------- part of a purchase

@pytest.mark.play("medici_vs_strozzi:turn.load", "medici_vs_strozzi:turn.discard")
def test_part_of_a_purchase_keeps_the_chosen_tiles_and_discards_the_rest() -> None:
    """interp.part_of_a_purchase, variant ``load_some``: of three bought tiles the buyer keeps
    the first and the third (``kept`` bits 0 and 2, in the order drawn) on his ship 2 in
    harbour 1; the second is thrown away (turn.discard). The ship is in harbour 1 for the
    round, his other ships hold nothing and have no harbour, and the buyer draws next
    (turn.next)."""
    start = mvs.new_game(seed=7, options={"part_of_a_purchase": "load_some"})
    rules = start.rules
    state = play(start, *[mvs.DRAW] * rules.max_draw)
    state = play(state, mvs.SetPrice(rules.min_price), mvs.BUY)
    first, second, third = state.drawn
    after = mvs.apply(state, mvs.LoadPart(2, 1, 0b101))
    assert after.holds[S] == ((), (), (first, third))
    assert after.ports[S] == (NO_HARBOUR, NO_HARBOUR, 1)
    assert after.discarded == (second,)
    assert after.holds[M] == start.holds[M] and after.ports[M] == start.ports[M]
    assert after.drawn == () and after.phase == mvs.Phase.DRAW and after.active == S
    assert not mvs.violations(after)
    kept_second = mvs.apply(state, mvs.LoadPart(0, 2, 0b010))
    assert kept_second.holds[S][0] == (second,) and kept_second.ports[S][0] == 2
    assert kept_second.discarded == (first, third)


# ---------------------------------------------------------------- refusals in words

@pytest.mark.play(PORT)
def test_assigning_a_ship_again_names_the_harbour_it_is_in() -> None:
    """interp.port_on_first_load, variant ``assign_at_round_start``: a ship sent to harbour 2
    stays there for the round; sending it to harbour 1 is refused naming harbour 2 (where it
    is), and sending another ship to harbour 2 is refused naming harbour 2 (taken)."""
    state = mvs.new_game(seed=3, options={"port_on_first_load": "assign_at_round_start"})
    state = mvs.apply(state, mvs.Assign(0, 2))
    again = refused(mvs, state, mvs.Assign(0, 1), PORT).message_in("en")
    assert "Ship 0" in again and "harbour 2" in again and "harbour 1" not in again
    taken = refused(mvs, state, mvs.Assign(1, 2), PORT).message_in("en")
    assert "harbour 2" in taken and "Ship" not in taken
    assert taken.startswith("Another of your ships")


@pytest.mark.play("medici_vs_strozzi:turn.offer")
def test_a_buy_without_room_is_refused_in_words() -> None:
    """interp.buy_without_room, variant ``may_not_buy``: the other player may buy only if one
    of his ships takes every tile on offer. Strozzi's ships each have one space left and two
    tiles are offered: his Buy is refused under the offer clause, saying why, in English and
    in German."""
    start = mvs.new_game(seed=7, options={"buy_without_room": "may_not_buy"})
    caps = start.rules.spec["ships.capacities"]
    state = preload(start, S, {ship: capacity - 1 for ship, capacity in enumerate(caps)})
    state = play(state, mvs.DRAW, mvs.DRAW, mvs.STOP, mvs.SetPrice(0))
    refusal = refused(mvs, state, mvs.BUY, "medici_vs_strozzi:turn.offer")
    assert refusal.message_in("en").startswith("None of your ships can hold these tiles")
    assert refusal.message_in("de").startswith("Keines Ihrer Schiffe")
    assert mvs.DECLINE in mvs.legal_actions(state)


@pytest.mark.play("medici_vs_strozzi:scoring.marker_move")
def test_a_marker_move_the_tiles_do_not_allow_names_the_track_and_the_choices() -> None:
    """scoring.marker_move with interp.marker_moves as decided (``each_tile``): each tile of
    the track's good moves the marker by its steps, taken whole or not at all. Medici's only
    tile on harbour 0's indigo track is the indigo 0, which moves ``far_move_steps``
    (scoring.far_move_value is 0): he may move 0 or that far, and a move of one step is refused
    naming the track and both choices."""
    state = lone_zero_round()
    assert state.phase == mvs.Phase.MARKERS
    spec = state.rules.spec
    assert spec["scoring.far_move_value"] == 0
    far, one = spec["scoring.far_move_steps"], spec["scoring.steps_per_tile"]
    message = refused(mvs, state, mvs.Move(one), "medici_vs_strozzi:scoring.marker_move"
                      ).message_in("en")
    assert message.startswith(f"On track {track(0, 'indigo')} your tiles allow a move of "
                              f"{[0, far]} spaces.")


# ---------------------------------------------------------------- the winner

@pytest.mark.clause("medici_vs_strozzi:end.winner", "medici_vs_strozzi:money.loans")
@pytest.mark.parametrize(("cash", "loans", "winners"), [
    ((70, 90), (0, 20), ("medici", "strozzi")),     # equal fortunes: a shared win
    ((70, 90), (0, 21), ("medici",)),               # one coin less after the loans
    ((90, 70), (21, 0), ("strozzi",)),
    ((0, 0), (5, 5), ("medici", "strozzi")),        # both in debt, equally
])
def test_the_larger_fortune_wins_and_equal_fortunes_share(
        cash: tuple[int, int], loans: tuple[int, int], winners: tuple[str, ...]) -> None:
    """end.winner: after the last round each player repays his loans (money.loans); the larger
    fortune wins, equal fortunes share the victory (interp.ties, as written): no clause
    decides between them, so the outcome names no tie-break. The game ends by its rounds
    (game.rounds)."""
    game = mvs.new_game(seed=7)
    over = game._replace(phase=mvs.Phase.OVER, cash=cash, loans=loans)
    result = mvs.outcome(over)
    assert result.winners == winners
    assert result.scores == {"medici": cash[0] - loans[0], "strozzi": cash[1] - loans[1]}
    assert result.termination == "medici_vs_strozzi:game.rounds"
    assert result.tie_break is None


# ---------------------------------------------------------------- the rules built from spec

@pytest.mark.clause("medici_vs_strozzi:setup.tiles", "medici_vs_strozzi:setup.harbours",
                    "medici_vs_strozzi:setup.markers", "medici_vs_strozzi:game.rounds",
                    "medici_vs_strozzi:turn.draw")
def test_the_rules_hold_the_specs_tiles_tracks_and_turn_order() -> None:
    """setup.tiles: every good has one tile of each value of ``tiles.values_per_good``, plus
    ``tiles.gold_count`` gold tiles of ``tiles.gold_value``; setup.harbours / setup.markers:
    one marker per track, harbour by harbour, so the markers of harbour h follow those of
    the harbours before it; game.rounds: the opener of each round as spec names him; a
    kept part (interp.part_of_a_purchase) is a set of some but not all of the most tiles a
    turn can draw; the largest marker move is all of one good's tiles on one track."""
    rules = mvs.rules_for()
    spec = rules.spec
    goods, values = spec["tiles.goods"], spec["tiles.values_per_good"]
    expected = sorted([(good, value) for good in goods for value in values]
                      + [("gold", spec["tiles.gold_value"])] * spec["tiles.gold_count"])
    got = sorted((rules.goods[g], v) for g, v in zip(rules.tile_good, rules.tile_value,
                                                     strict=True))
    assert got == expected and rules.tile_count == len(expected)
    tracks = spec["board.harbour_tracks"]
    assert [[rules.goods[g] for g in harbour] for harbour in rules.harbour_tracks] == tracks
    assert list(rules.track_offset) == [sum(len(t) for t in tracks[:h]) for h in
                                        range(len(tracks))]
    assert rules.marker_count == spec["components.markers"] == sum(map(len, tracks))
    assert rules.harbour_count == spec["board.harbour_count"]
    names = list(spec.meta["players"])
    assert [names[p] for p in rules.first_player] == spec["rounds.first_player"]
    assert rules.rounds == spec["rounds.count"] == len(rules.first_player)
    assert (rules.min_draw, rules.max_draw) == (spec["turn.min_draw"], spec["turn.max_draw"])
    assert rules.capacities == tuple(spec["ships.capacities"])
    assert (rules.start_money, rules.min_price) == (spec["economy.start_money"],
                                                    spec["economy.min_price"])
    assert rules.part_mask_max == 2 ** spec["turn.max_draw"] - 2
    far, one = spec["scoring.far_move_steps"], spec["scoring.steps_per_tile"]
    most = sum(far if value == spec["scoring.far_move_value"] else one for value in values)
    assert rules.max_track_steps == most
    assert rules.moves == tuple(mvs.Move(k) for k in range(most + 1))
    assert [drawn.tile for drawn in rules.tile_drawn] == list(range(len(expected)))


@pytest.mark.clause("medici_vs_strozzi:scoring.marker_move", "medici_vs_strozzi:turn.offer",
                    "medici_vs_strozzi:turn.port", "medici_vs_strozzi:round.end",
                    "medici_vs_strozzi:turn.load")
def test_each_reading_is_resolved_once_into_the_rules() -> None:
    """Every variant of the register becomes one field of the rules when they are built: the
    decided readings give the text's game (interp.marker_order ``opener_first``: the round's
    opener chooses first; buying without room allowed; ports on first load; the last tile
    still sold; all tiles of a purchase on one ship), and each other reading flips exactly
    its own field."""
    decided = mvs.rules_for()
    assert decided.marker_first == decided.first_player
    assert not (decided.buy_needs_room or decided.ports_at_start or decided.last_tile_void
                or decided.parts_allowed)
    assert decided.marker_choices((1, 2)) == (0, 1, 2, 3)     # each tile whole or not
    for option, field_name in (({"buy_without_room": "may_not_buy"}, "buy_needs_room"),
                               ({"port_on_first_load": "assign_at_round_start"},
                                "ports_at_start"),
                               ({"last_tile": "void_draw"}, "last_tile_void"),
                               ({"part_of_a_purchase": "load_some"}, "parts_allowed")):
        other = mvs.rules_for(options=option)
        assert getattr(other, field_name) is True, option
        flags = ("buy_needs_room", "ports_at_start", "last_tile_void", "parts_allowed")
        assert [getattr(other, f) for f in flags if f != field_name] == [False] * 3
    medici_first = mvs.rules_for(options={"marker_order": "medici_first"})
    assert medici_first.marker_first == (M,) * decided.rounds
    assert mvs.rules_for(options={"marker_moves": "any_number"}).marker_choices((1, 2)) == \
        (0, 1, 2, 3)
    assert mvs.rules_for(options={"marker_moves": "any_number"}).marker_choices((2,)) == \
        (0, 1, 2)
    assert mvs.rules_for(options={"marker_moves": "all"}).marker_choices((1, 2)) == (3,)
    assert decided.marker_choices((2,)) == (0, 2)
    params = decided.scoring
    netted = decided.fns.move_marker(params.half_length, 0, 1, params)
    first = mvs.rules_for(options={"marker_netting": "medici_first"})
    assert netted == params.half_length - 1
    assert first.fns.move_marker(params.half_length, 1, 1, params) == params.half_length - 1
    assert decided.fns.move_marker(params.half_length, 1, 1, params) == params.half_length
