"""Scenario tests through play (issue 17): whole seeded games to their end. The order of
the turns after the last crest, the double turn, passing it, and every Power point of the
final scoring are worked out here from the rule texts and the history of play (the actions
taken), independently of the engine's scoring, and compared with what the engine says."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from random import Random
from typing import Any

import pytest
from regelwerk.engine import il_vecchio as iv
from regelwerk.engine.il_vecchio.game import GAME

from tests.il_vecchio.play_helpers import SPEC, act, seeded_play

MAIN = (iv.TownAction, iv.Province, iv.Office, iv.Reinforce, iv.Recover)
N = SPEC["nobility.members_per_set"]


@dataclass
class Turn:
    """One player's turn as played: main actions, province tiles used, a pass."""

    player: int
    final: bool
    main: int = 0
    tiles: int = 0
    passed: bool = False


@dataclass
class History:
    turns: list[Turn] = field(default_factory=list)
    trigger: int | None = None            # index of the turn in which the last crest went
    used: dict[int, set[int]] = field(default_factory=dict)     # province tiles used once
    final: Any = None


def played(seed: int, players: int, at_final: Sequence[Any] = (), **variants: str) -> History:
    """A seeded game with the random player; at the start of the final round, the actions
    ``at_final`` are applied first (e.g. the starting player passes his double turn)."""
    history = History()
    state: Any = None
    steps = seeded_play(seed, players, until=lambda s: s.final_round and bool(at_final),
                        **variants)
    for before, action, after in steps:
        _note(history, before, action, after)
        state = after
    if at_final and not iv.is_terminal(state):
        for action in at_final:
            after = act(state, action)
            _note(history, state, action, after)
            state = after
        for before, action, after in _continue(state, seed):
            _note(history, before, action, after)
            state = after
    history.final = state
    return history


def _continue(state: iv.State, seed: int) -> Any:
    from random import Random

    rng = Random(f"continue/{seed}")
    while not iv.is_terminal(state):
        action = iv.random_action(state, rng)
        after = iv.apply(state, action)
        yield state, action, after
        state = after


def _note(history: History, before: iv.State, action: Any, after: iv.State) -> None:
    if before.phase != iv.Phase.PLAY:
        return
    p = before.turn
    if not history.turns or history.turns[-1].player != p or \
            history.turns[-1].final != before.final_round:     # the turn passed on
        history.turns.append(Turn(p, before.final_round))
    turn = history.turns[-1]
    if isinstance(action, MAIN) and iv.current_player(before) == p:
        turn.main += 1
    elif isinstance(action, iv.UseProvince):
        turn.tiles += 1
        history.used.setdefault(p, set()).add(action.tile)   # used once: never unused again
    elif isinstance(action, iv.Pass):
        turn.passed = True
    if isinstance(action, iv.Province):
        for flag, kind in ((action.any_colours, "any_colours"), (action.free, "free_takeover")):
            if flag:
                tile = next(t for t in before.players[p].province_up
                            if before.rules.province_tiles[t] == kind)
                history.used.setdefault(p, set()).add(tile)
    if history.trigger is None and after.end_triggered and not before.end_triggered:
        history.trigger = len(history.turns) - 1


# ------------------------------------------------------------------ the final scoring, from the text

def first_space(state: iv.State) -> int:
    """setup.two_player_tracks: with the fewest players the tracks begin at a later space."""
    fewest = SPEC["players.count"][0]
    return SPEC["setup.two_player_first_space"] - 1 if state.rules.players == fewest else 0


def length(name: str) -> int:
    """A track's spaces as the board file gives them."""
    if name in iv.REGIONS:
        return len(SPEC[f"board.tracks.{name}.costs"])
    return int(SPEC[f"board.tracks.{name}.length"])


def track_points(rules: iv.Rules, state: iv.State, p: int) -> int:
    """Wertung: the value below each region space held; 2 per council and 1 per nobility
    member; members placed beyond a full track score the last space (end.full_track)."""
    total = 0
    for t, name in enumerate(iv.TRACKS):
        owners = state.tracks[t]
        for k, owner in enumerate(owners):
            if owner != p:
                continue
            space = min(first_space(state) + k, length(name) - 1)
            if name in iv.REGIONS:
                total += SPEC[f"board.tracks.{name}.points"][space]
            else:
                total += SPEC["scoring.council_member" if name == "council"
                              else "scoring.nobility_member"]
    return total


def majorities(state: iv.State, p: int) -> int:
    """3 per track where p has the most members; a tie goes to whoever placed his last
    member there first."""
    won = 0
    for owners in state.tracks:
        counts = {o: owners.count(o) for o in set(owners)}
        if not counts:
            continue
        last = {o: max(k for k, x in enumerate(owners) if x == o) for o in counts}
        best = max(counts, key=lambda o: (counts[o], -last[o]))
        won += best == p
    return won * SPEC["scoring.majority"]


def nobility_points(state: iv.State, p: int, kind: str, used: set[int]) -> int:
    """Anhang C / Appendix C, tile by tile, with the register's readings (interp.*)."""
    me = state.players[p]
    in_towns = sum(me.standing) + sum(me.lying)
    on = [owners.count(p) for owners in state.tracks]
    regions = on[:3]
    res = me.res
    colours = state.rules.board.colours
    members = [s + y for s, y in zip(me.standing, me.lying, strict=True)]
    if kind == "supply":
        return SPEC["nobility.set_points"] * (me.supply // N)
    if kind == "towns":
        return SPEC["nobility.set_points"] * (in_towns // N)
    if kind == "regions":
        return SPEC["nobility.set_points"] * (sum(regions) // N)
    if kind in ("nobility", "council"):
        return SPEC["nobility.per_track_member"] * on[iv.TRACKS.index(kind)]
    if kind == "pairs":
        return min(SPEC["nobility.pair_points"] * min(res[iv.CARRIAGE], res[iv.BISHOP]),
                   SPEC["nobility.pair_cap"])
    if kind == "colours":
        ok = all(any(members[t] for t, c in enumerate(colours) if c == want)
                 for want in ("white", "gray", "black"))
        return SPEC["nobility.colours_points"] if ok else 0
    if kind == "three_regions":
        return SPEC["nobility.regions_points"] * min(regions)
    if kind == "neighbours":
        pairs = 0
        for t, owners in enumerate(state.tracks):
            spaces = owners[:length(iv.TRACKS[t]) - first_space(state)]
            pairs += sum(1 for a, b in pairwise(spaces) if a == b == p)
        return state.rules.players * pairs
    if kind == "collection":
        ok = (any(res[f] for f in iv.FOLLOWERS) and res[iv.FLORIN] and res[iv.SCROLL]
              and res[iv.CARRIAGE] and res[iv.BISHOP])
        return SPEC["nobility.collection_points"] if ok else 0
    if kind == "unused_provinces":
        held = (*me.province_up, *me.province_down)
        return SPEC["nobility.unused_province"] * sum(1 for t in held if t not in used)
    if kind == "crests":
        table = SPEC["nobility.crest_points"]
        return table[min(len(me.crests), len(table) - 1)]
    raise AssertionError(kind)


def expected_scores(history: History) -> list[int]:
    state = history.final
    rules = state.rules
    passed = {t.player for t in history.turns
              if t.final and t.passed and t.main == 0 and t.tiles == 0}
    totals = []
    for p, me in enumerate(state.players):
        total = track_points(rules, state, p) + majorities(state, p)
        if all(p in owners for owners in state.tracks):
            total += SPEC["scoring.presence_bonus"]
        total += SPEC["scoring.crest"] * len(me.crests)
        total += SPEC["scoring.pass_bonus"] if p in passed else 0
        total += sum(nobility_points(state, p, rules.nobility_tiles[t], history.used.get(p, set()))
                     for t in me.nobility)
        totals.append(total)
    return totals


def check_turn_order(history: History, players: int) -> None:
    """end.finish_round / end.double_turn: after the last crest the round is finished (one
    action each, up to the starting player's right), then every player, from the starting
    player on, has one turn of up to two actions, and the game is over."""
    turns = history.turns
    assert history.trigger is not None
    trigger = turns[history.trigger]
    rest = [t for t in turns[history.trigger + 1:] if not t.final]
    assert [t.player for t in rest] == list(range(trigger.player + 1, players))
    assert all(t.main == 1 for t in rest)
    final = [t for t in turns if t.final]
    assert [t.player for t in final] == list(range(players))
    assert all(t.main <= SPEC["end.double_turn_actions"] for t in final)
    assert iv.is_terminal(history.final)


def check_scores(history: History) -> None:
    state = history.final
    outcome = iv.outcome(state)
    names = state.rules.names
    assert [outcome.scores[names[p]] for p in range(state.rules.players)] == \
        expected_scores(history)
    totals = expected_scores(history)
    keys = [(totals[p], me.res[iv.SCROLL] + sum(me.res[f] for f in iv.FOLLOWERS),
             me.res[iv.FLORIN]) for p, me in enumerate(state.players)]
    best = max(keys)
    assert set(outcome.winners) == {names[p] for p, k in enumerate(keys) if k == best}


CASES = [(seed, players) for players in (2, 3, 4) for seed in range(4)]


@pytest.mark.play("il_vecchio:setup.two_player_tracks",
                  "il_vecchio:event.last_crest", "il_vecchio:end.finish_round",
                  "il_vecchio:end.double_turn", "il_vecchio:scoring.tracks",
                  "il_vecchio:scoring.presence", "il_vecchio:scoring.majority",
                  "il_vecchio:scoring.crests", "il_vecchio:scoring.nobility_tiles",
                  "il_vecchio:tiles.nobility", "il_vecchio:end.winner", "il_vecchio:end.pass_bonus",
                  "il_vecchio:event.crest")
@pytest.mark.parametrize(("seed", "players"), CASES)
def test_seeded_games_end_and_score_as_the_text_says(seed: int, players: int) -> None:
    history = played(seed, players)
    check_turn_order(history, players)
    check_scores(history)


def passing_game(seed: int = 1, players: int = 3) -> History:
    """The starting player gives up his whole double turn at once."""
    return played(seed, players, at_final=(iv.PASS,))


def check_passing(history: History) -> None:
    """end.pass_bonus: the starting player, having passed his whole double turn, scores
    the bonus and the final scoring adds up."""
    first = next(t for t in history.turns if t.final)
    assert first.player == 0 and first.passed and first.main == 0 and first.tiles == 0
    check_scores(history)
    scores = iv.final_scores(history.final)
    assert scores[0].passed == SPEC["scoring.pass_bonus"]


@pytest.mark.play("il_vecchio:end.pass_bonus", "il_vecchio:scoring.crests",
                  "il_vecchio:end.double_turn")
def test_passing_the_whole_double_turn_scores_the_bonus() -> None:
    check_passing(passing_game())


@pytest.mark.play("il_vecchio:end.full_track", "il_vecchio:end.council_bonus")
def test_final_round_full_tracks_and_council_bonus_over_many_games() -> None:
    """In the seeded games, a member joins a full track only in the final round, scoring
    the last space; a council tile gained in the final round is turned up at once."""
    seen_full = seen_bonus = False
    for seed, players in CASES:
        for before, action, after in seeded_play(seed, players):
            if isinstance(action, (iv.Province, iv.Office)):
                track = (before.rules.board.gates[action.to] if isinstance(action, iv.Province)
                         else action.track)
                if len(before.tracks[track]) >= before.rules.usable(track):
                    assert before.final_round
                    assert after.overflow[track] == before.overflow[track] + 1
                    seen_full = True
            if isinstance(action, iv.PickTile) and before.pending[0].need == \
                    iv.Need.FLORENCE_TILE and before.pending[0].arg == iv.COUNCIL \
                    and before.final_round:
                p = before.pending[0].player
                assert action.tile in after.players[p].council_up
                assert action.tile not in after.players[p].council_down
                seen_bonus = True
    assert seen_full and seen_bonus


#: The assumed number the game's maximum length rests on (the text sets no turn limit).
MOVES_PER_CREST = "end.moves_per_member_per_crest"


@pytest.mark.play("il_vecchio:event.last_crest", "il_vecchio:end.finish_round")
@pytest.mark.parametrize(("seed", "players"), CASES)
def test_a_played_game_stays_within_the_assumed_maximum_length(seed: int, players: int) -> None:
    """The text sets no turn limit (the game ends after the last crest, which no rule makes
    anyone take), so the maximum length (``max_length``) is an assumption of spec, shown
    as assumed with its reason; a random game, with chance's every move among its moves
    (``seed=None``), ends within it."""
    number = SPEC.numbers[MOVES_PER_CREST]
    assert number.assumed and number.reason
    state = iv.new_game(None, {"players": players})
    bound = GAME.longest(state)
    assert bound is not None
    rng = Random(seed)
    moves = 0
    while not iv.is_terminal(state):
        state = iv.apply(state, iv.random_action(state, rng))
        moves += 1
        assert moves <= bound, f"{moves} moves, more than the assumed maximum {bound}"


def test_the_maximum_length_is_read_from_the_assumed_number() -> None:
    """More moves assumed per crest give a longer maximum; fewer, a shorter one."""
    rules = iv.default_rules(3)
    number = SPEC.numbers[MOVES_PER_CREST]

    def longest(value: int) -> int | None:
        spec = replace(SPEC, numbers={**SPEC.numbers, MOVES_PER_CREST: replace(number,
                                                                                value=value)})
        return GAME.longest(replace(rules, spec=spec))

    assert longest(number.value) == GAME.longest(rules)
    assert longest(number.value - 1) < GAME.longest(rules) < longest(number.value + 1)
