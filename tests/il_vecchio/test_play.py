"""Random legal play: invariants after every step, illegal actions refused, records round-trip."""

from __future__ import annotations

import json
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.core.game import CHANCE, seeded_rng
from regelwerk.engine.core.records import GameRecord, RecordError

from tests.il_vecchio.refusal_clauses import expected_clause
from tests.refusals import refused


def _playout(seed: int, players: int, options: dict[str, str] | None = None,
             limit: int = 5000) -> tuple[iv.State, list[iv.Action]]:
    rng = Random(f"{seed}/policy")
    state = iv.new_game(seed, {"players": players, **(options or {})})
    actions = []
    while not iv.is_terminal(state) and len(actions) < limit:
        action = iv.random_action(state, rng)
        state = iv.apply(state, action)
        actions.append(action)
        assert iv.violations(state) == [], (len(actions), action)
    return state, actions


@pytest.mark.clause("il_vecchio:turn.structure", "il_vecchio:end.winner")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_without_violations(players: int) -> None:
    for seed in range(3):
        state, _ = _playout(seed, players)
        assert iv.is_terminal(state)
        assert iv.outcome(state).winners


@pytest.mark.clause("il_vecchio:variant.less_luck")
def test_random_games_with_every_variant() -> None:
    for name, options in iv.VARIANTS.items():
        state, _ = _playout(7, 3, {name: options[1]})
        assert iv.is_terminal(state)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 250))
def test_illegal_actions_refused_state_unchanged(seed: int, players: int, steps: int) -> None:
    rng = Random(seed)
    state = iv.new_game(seed, {"players": players})
    for _ in range(steps):
        if iv.is_terminal(state):
            break
        state = iv.apply(state, iv.random_action(state, rng))
    legal = set(iv.legal_actions(state))
    snapshot = state
    probes = [iv.RECOVER, iv.REINFORCE, iv.PASS, iv.Place(0), iv.Levy(iv.SCROLL),
              iv.PickTile(0), iv.KeepCouncil(0), iv.TownAction(0, 0, False, False),
              iv.Office(0, 0, False, iv.COUNCIL), iv.UseProvince(0)]
    for probe in probes:
        if probe in legal:
            continue
        refused(iv, state, probe, expected_clause(state, probe))
        assert state == snapshot


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_record_round_trip_replays_exactly(seed: int, players: int) -> None:
    state, actions = _playout(seed, players, limit=400)
    record = GameRecord(iv.GAME.id, seed, tuple(iv.action_to_json(a) for a in actions),
                        {"players": players})
    again = GameRecord.from_json(json.loads(record.dumps()))
    replay = iv.new_game(again.seed, dict(again.options))
    for data in again.actions:
        replay = iv.apply(replay, iv.action_from_json(data))
    assert replay == state


def test_bad_record_entries_are_refused() -> None:
    for bad in ({"type": "warp"}, {"type": "place"}, {"type": "place", "town": "x"},
                {"type": "town", "frm": 0, "to": 1, "carriage": 1, "bishop": False}):
        with pytest.raises(RecordError):
            iv.action_from_json(bad)


def test_legal_actions_are_all_legal() -> None:
    rng = Random(3)
    state = iv.new_game(3, {"players": 3})
    for _ in range(150):
        for action in iv.legal_actions(state):
            assert iv.is_legal(state, action)
        state = iv.apply(state, iv.random_action(state, rng))


def _random_state(seed: int, players: int, steps: int, variants: dict[str, str] | None = None
                  ) -> tuple[iv.State, Random]:
    rng = Random(f"{seed}/walk")
    state = iv.new_game(seed, {"players": players, **(variants or {})})
    for _ in range(steps):
        if iv.is_terminal(state):
            break
        state = iv.apply(state, iv.random_action(state, rng))
    return state, rng


@pytest.mark.clause("il_vecchio:turn.structure")
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 400),
       variant=st.sampled_from([None, *((name, options[1]) for name, options in
                                        iv.VARIANTS.items())]))
def test_random_action_is_legal(seed: int, players: int, steps: int,
                                variant: tuple[str, str] | None) -> None:
    """The fast random policy only returns actions that legal_actions lists and apply accepts."""
    state, rng = _random_state(seed, players, steps, dict([variant]) if variant else None)
    if iv.is_terminal(state):
        return
    legal = set(iv.legal_actions(state))
    for _ in range(25):
        action = iv.random_action(state, rng)
        assert action in legal, action
        assert iv.is_legal(state, action)
        iv.apply(state, action)


def test_random_action_reaches_every_kind_of_main_action() -> None:
    """Every kind with a legal action can come out of the random policy."""
    for seed in range(40):
        state, rng = _random_state(seed, 3, 60)
        if iv.is_terminal(state) or state.pending or state.phase != iv.Phase.PLAY:
            continue
        legal = set(iv.legal_actions(state))
        drawn = {iv.random_action(state, rng) for _ in range(3000)}
        assert drawn <= legal
        assert {type(a) for a in drawn} == {type(a) for a in legal}
        if len(legal) <= 60:
            assert drawn == legal


def test_legal_actions_have_no_duplicates() -> None:
    for seed in range(5):
        state, rng = _random_state(seed, 4, 0)
        while not iv.is_terminal(state):
            actions = iv.legal_actions(state)
            assert len(set(actions)) == len(actions)
            state = iv.apply(state, iv.random_action(state, rng))


ACTION_KINDS = [iv.KeepCouncil, iv.SetupPlace, iv.TownAction, iv.Province, iv.Office,
                iv.Reinforce, iv.Recover, iv.UseProvince, iv.Pass, iv.Place, iv.Levy,
                iv.FamilyChoice, iv.PickTile, iv.TakeFollower, iv.Roll, iv.MiddlemenPlaced,
                iv.TileDrawn, iv.CrestDrawn]


def _example(kind: type) -> iv.Action:
    import dataclasses

    return kind(*(False if f.type == "bool" else 0 for f in dataclasses.fields(kind)
                  if f.default is dataclasses.MISSING))  # type: ignore[no-any-return]


def test_actions_of_different_kinds_never_compare_equal() -> None:
    import dataclasses

    examples = [_example(kind) for kind in ACTION_KINDS]
    assert all(dataclasses.is_dataclass(a) for a in examples)
    for i, a in enumerate(examples):
        for j, b in enumerate(examples):
            assert (a == b) == (i == j), (a, b)
    assert iv.REINFORCE != iv.RECOVER != iv.PASS != iv.REINFORCE
    assert len({iv.REINFORCE, iv.RECOVER, iv.PASS, iv.PickTile(0), iv.Place(0)}) == 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        iv.Place(0).town = 1  # type: ignore[misc]


def test_every_action_kind_round_trips_through_json() -> None:
    for kind in ACTION_KINDS:
        action = _example(kind)
        data = iv.action_to_json(action)
        assert iv.action_from_json(json.loads(json.dumps(data))) == action
    data = iv.action_to_json(iv.TownAction(1, 2, True, False, 1))
    assert data == {"type": "town", "frm": 1, "to": 2, "carriage": True, "bishop": False,
                    "choice": 1, "extra": False}
    # fields with a default may be left out of a hand-written record
    assert iv.action_from_json({"type": "use_province", "tile": 3}) == iv.UseProvince(3)


@pytest.mark.clause("il_vecchio:setup.placement_roll", "il_vecchio:action.reinforcement")
def test_the_dice_are_chance_nodes_the_caller_decides_without_a_seed() -> None:
    from fractions import Fraction

    state = iv.new_game(None, {"players": 2})
    while iv.current_player(state) == CHANCE:            # chance deals the set-up
        state = iv.apply(state, iv.legal_actions(state)[0])
    for player in range(2):
        state = iv.apply(state, iv.KeepCouncil(state.setup_offer[player][0]))
    assert iv.current_player(state) == CHANCE and state.roll == 0
    outcomes = dict(iv.chance_outcomes(state))
    assert sorted(o.total for o in outcomes) == list(range(2, 13))
    assert outcomes[iv.Roll(7)] == Fraction(6, 36) and sum(outcomes.values()) == 1
    refused(iv, state, iv.Roll(1), "il_vecchio:setup.placement_roll")
    state = iv.apply(state, iv.Roll(4))
    assert state.roll == 4 and iv.current_player(state) == 0
    assert {a.area for a in iv.legal_actions(state)} == {4}


def test_a_seeded_roll_is_the_one_of_its_chance_event() -> None:
    """A roll queued for later keeps the number of the chance event it was made as."""
    state = iv.new_game(5, {"players": 3})
    rng = Random(5)
    while not (state.phase == iv.Phase.PLAY and not state.pending):
        state = iv.apply(state, iv.random_action(state, rng))
    after = iv.apply(state, iv.REINFORCE)
    total = iv.roll(state)[0]
    area = 0 if total == state.rules.free_roll else total
    assert after.chance == state.chance + 1
    assert after.pending[0] == iv.Pending(iv.Need.PLACE, state.turn, area, (1,))   # 'darf'


@pytest.mark.clause("il_vecchio:setup.middlemen", "il_vecchio:setup.council_choice")
def test_the_set_up_is_dealt_by_chance_nodes_the_caller_decides_without_a_seed() -> None:
    from fractions import Fraction

    state = iv.new_game(None, {"players": 3})
    setups = state.rules.tables.middleman_setups
    assert iv.current_player(state) == CHANCE and state.middlemen == ()
    assert dict(iv.chance_outcomes(state)) == {
        iv.MiddlemenPlaced(i): Fraction(1, len(setups)) for i in range(len(setups))}
    refused(iv, state, iv.MiddlemenPlaced(len(setups)), "il_vecchio:setup.middlemen")
    # the middlemen come first
    refused(iv, state, iv.TileDrawn(iv.COUNCIL, 0), "il_vecchio:setup.middlemen")
    state = iv.apply(state, iv.MiddlemenPlaced(len(setups) - 1))
    assert state.middlemen == setups[-1]
    tiles = len(state.rules.council_tiles)
    assert dict(iv.chance_outcomes(state)) == {
        iv.TileDrawn(iv.COUNCIL, t): Fraction(1, tiles) for t in range(tiles)}
    # the council stack is drawn from
    refused(iv, state, iv.TileDrawn(iv.NOBILITY, 0), "il_vecchio:setup.council_choice")
    wanted = (11, 4, 7, 0, 1, 2, 10, 9, 8)
    for tile in wanted:
        # chance still deals
        refused(iv, state, iv.KeepCouncil(tile), "il_vecchio:setup.council_choice")
        state = iv.apply(state, iv.TileDrawn(iv.COUNCIL, tile))
    refused(iv, state, iv.TileDrawn(iv.COUNCIL, 11), "il_vecchio:setup.council_choice")     # drawn already
    assert state.setup_offer == (wanted[:3], wanted[3:6], wanted[6:])
    assert iv.current_player(state) == 0 and sorted(state.council_pile) == [3, 5, 6]
    assert iv.legal_actions(state) == tuple(iv.KeepCouncil(t) for t in wanted[:3])


def test_a_seeded_game_draws_what_its_shuffles_put_on_top() -> None:
    """The piles are shuffled by the chance events 0 (crests), 1 (council) and 2 (nobility)
    and the middlemen's start is event 3, as when the set-up drew them all itself."""
    seed = 11
    state = iv.new_game(seed, {"players": 2})
    rules = state.rules

    def shuffled(items: tuple[int, ...], n: int) -> list[int]:
        order = list(items)
        seeded_rng(seed, "chance", n).shuffle(order)
        return order

    council = shuffled(tuple(range(len(rules.council_tiles))), 1)
    assert state.setup_offer == (tuple(council[:3]), tuple(council[3:6]))
    setups = rules.tables.middleman_setups
    assert state.middlemen == setups[seeded_rng(seed, "chance", 3).randrange(len(setups))]
    assert state.chance == 4
    crests = shuffled(rules.crest_events, 0)[:rules.crests_dealt]
    assert state.crest_pile[-rules.crests_dealt:] == tuple(crests)  # the last one on top
    assert state.nobility_pile[::-1] == tuple(shuffled(tuple(range(12)), 2))


@pytest.mark.clause("il_vecchio:action.florence.tiles")
def test_an_office_draws_its_tiles_one_chance_node_at_a_time() -> None:
    from tests.il_vecchio.iv_helpers import after_setup, clean, edit

    state = clean(after_setup(seed=None, players=2))
    state = state._replace(nobility_pile=state.nobility_pile[:2])   # only two tiles are left
    florence = state.rules.board.florence
    state = edit(state, 0, res={"florin": 9, "scroll": 2}, standing={"firenze": 1})
    state = iv.apply(state, iv.Office(florence, florence, False, iv.NOBILITY))
    assert state.pending[0] == iv.Pending(iv.Need.CREST, 0, 0)   # the space shows a crest
    state = iv.apply(state, iv.CrestDrawn(iv.MIDDLEMEN))          # its event comes first
    first, second = state.nobility_pile
    assert state.pending == (iv.Pending(iv.Need.DRAW_TILES, 0, iv.NOBILITY),)
    assert set(iv.legal_actions(state)) == {iv.TileDrawn(iv.NOBILITY, first),
                                            iv.TileDrawn(iv.NOBILITY, second)}
    state = iv.apply(state, iv.TileDrawn(iv.NOBILITY, first))
    assert state.pending[0] == iv.Pending(iv.Need.DRAW_TILES, 0, iv.NOBILITY, (first,))
    assert iv.chance_outcomes(state) == ((iv.TileDrawn(iv.NOBILITY, second), 1),)
    refused(iv, state, iv.TileDrawn(iv.NOBILITY, first),            # drawn already
            "il_vecchio:action.florence.tiles")
    state = iv.apply(state, iv.TileDrawn(iv.NOBILITY, second))      # the stack is empty now
    assert state.pending[0] == iv.Pending(iv.Need.FLORENCE_TILE, 0, iv.NOBILITY, (first, second))
    assert iv.current_player(state) == 0 and state.nobility_pile == ()
    state = iv.apply(state, iv.PickTile(second))
    assert state.players[0].nobility == (second,) and state.nobility_pile == (first,)
