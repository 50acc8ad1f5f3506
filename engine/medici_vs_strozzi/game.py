"""Medici vs Strozzi, declared: what the game is, in the terms of the core contract.

Everything generic (new_game, legal_actions, apply, random play, records,
chance, outcome) is :class:`~regelwerk.engine.core.game.Game`'s; this module
only names the game's parts.
"""

from __future__ import annotations

from operator import attrgetter

from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.game import ActionKind, Chance, Game, Outcome
from regelwerk.engine.core.spec import load
from regelwerk.engine.medici_vs_strozzi import heuristic, play, position, score_items, words
from regelwerk.engine.medici_vs_strozzi.actions import (
    Assign,
    Buy,
    Decline,
    Discard,
    Draw,
    Load,
    LoadPart,
    Move,
    SetPrice,
    Stop,
    TileDrawn,
)
from regelwerk.engine.medici_vs_strozzi.invariants import violations
from regelwerk.engine.medici_vs_strozzi.rules import GAME as ID
from regelwerk.engine.medici_vs_strozzi.rules import Rules, rules_from_spec
from regelwerk.engine.medici_vs_strozzi.scoring import winners
from regelwerk.engine.medici_vs_strozzi.state import Phase, State
from regelwerk.engine.medici_vs_strozzi.view import VIEWS

C = prefix(ID)


def outcome(state: State) -> Outcome:
    """Fortunes (cash minus loans) decide; equal fortunes share the win (end.winner)."""
    names = state.rules.players
    fortunes = state.fortunes()
    return Outcome(
        winners=tuple(names[p] for p in winners(fortunes)),
        scores=dict(zip(names, fortunes, strict=True)),
        termination=C + "game.rounds",
        details={"round_payouts": [list(s.total) for s in state.scores]})


def max_length(rules: Rules) -> int:
    """The most moves a game can last, chance's included (issue 33): per round, every turn
    draws at least one tile (turn.draw), so a round has at most as many turns as tiles;
    a turn is at most ``max_draw`` draws, as many tiles drawn by chance, a stop, a price,
    an answer and a load or discard; the round's scoring asks each player at most once per
    marker (scoring.marker_move) and a port per ship (turn.port)."""
    markers = sum(len(tracks) for tracks in rules.harbour_tracks)
    per_turn = 2 * rules.max_draw + 4
    per_round = len(rules.tile_good) * per_turn + len(rules.players) * (
        markers + len(rules.capacities))
    return rules.rounds * per_round


_PLAYERS = load(ID)["players.count"]
_DRAW, _TILE, _PRICE, _RESPOND, _LOAD, _MARKERS, _PORTS = (frozenset({phase}) for phase in (
    Phase.DRAW, Phase.TILE, Phase.PRICE, Phase.RESPOND, Phase.LOAD, Phase.MARKERS, Phase.PORTS))

GAME: Game[State, Rules] = Game(
    id=ID,
    players=(_PLAYERS, _PLAYERS),
    default_players=_PLAYERS,
    rules=rules_from_spec,
    setup=play.setup,
    kinds=(
        ActionKind(Draw, "draw", C + "turn.draw", play.draw_options, play.draw,
                   explain=play.explain_draw, stages=_DRAW | _PRICE),
        ActionKind(Stop, "stop", C + "turn.draw", play.stop_options, play.stop,
                   explain=play.explain_stop, stages=_DRAW),
        ActionKind(SetPrice, "price", C + "turn.price", play.price_options, play.set_price,
                   explain=play.explain_price, stages=_PRICE),
        ActionKind(Buy, "buy", C + "turn.offer", play.buy_options, play.buy,
                   explain=play.explain_buy, stages=_RESPOND),
        ActionKind(Decline, "decline", C + "turn.offer", play.decline_options, play.decline,
                   stages=_RESPOND),
        ActionKind(Load, "load", C + "turn.load", play.load_options, play.load,
                   explain=play.explain_load, stages=_LOAD),
        ActionKind(LoadPart, "load_part", C + "turn.load", play.load_part_options,
                   play.load_part, stages=_LOAD),
        ActionKind(Discard, "discard", C + "turn.discard", play.discard_options, play.discard,
                   stages=_LOAD),
        ActionKind(Move, "move", C + "scoring.marker_move", play.move_options, play.move,
                   explain=play.explain_move, stages=_MARKERS),
        ActionKind(Assign, "assign", C + "turn.port", play.assign_options, play.assign,
                   explain=play.explain_assign, stages=_PORTS),
        ActionKind(TileDrawn, "tile", C + "setup.tiles", play.tile_options, play.tile_drawn,
                   chance=True, stages=_TILE),
    ),
    to_move=attrgetter("current_player"),
    is_over=attrgetter("is_terminal"),
    score=outcome,
    violations=violations,
    sequence_clause=play.sequence_clause,
    end_clause=C + "end.winner",
    chance=Chance(play.tile_probability, play.seeded_tile),
    stage=attrgetter("phase"),
    words=words.words, score_items=score_items.score_items, position=position.position,
    seat_keys=attrgetter("players"), max_length=max_length, views=VIEWS,
    heuristic=heuristic.value,
)
