"""Every game of regelwerk as an OpenSpiel game (``pip install 'regelwerk[openspiel]'``).

Importing this module registers ``regelwerk_<game>`` for every game found
(:func:`regelwerk.games.games`), with the parameter ``players`` (any count the game
takes; its default count otherwise)::

    import pyspiel
    import regelwerk.openspiel  # registers the games
    game = pyspiel.load_game("regelwerk_florenz", {"players": 3})

What OpenSpiel sees comes from the game's declaration (:class:`~regelwerk.engine.core.game.Game`),
nothing is declared twice:

* **players**: :meth:`Game.seats`, the one mapping of seat indices to names; chance acts
  where the engine's chance nodes are (the game is started with ``seed=None``, so the
  engine lists chance's outcomes with their probabilities and OpenSpiel chooses);
* **actions**: a stable, bounded encoding (:class:`Encoding`): an action id is a
  mixed-radix number over (kind, field values), each field's range its declared domain
  (``within``, ``index_into``), so the same id means the same action in every state.
  A field the rules leave open (Medici vs Strozzi's price, Lorenzo's servants) is bounded
  by :data:`OPEN_BOUNDS`; Florenz's scandal play is a sequence of small choices, so its
  encoding stays in the tens of thousands (see :func:`sizes`);
* **length**: the game's declared maximum (:meth:`Game.longest`), every move counted,
  chance's included;
* **returns**: from the game's :class:`~regelwerk.engine.core.game.Outcome`. With
  several seats the winners share the win: each gets ``n / k - 1`` (``n`` seats, ``k``
  winners), every other seat ``-1``, so the returns sum to 0 (two seats: +1 / -1, a shared
  win 0 each). A solo game (one seat) returns +1 for a win by its rule and -1 for a loss,
  or with ``returns="margin"`` the seat's score less the best other score of the outcome
  (Florenz: the player's points less Strozzi's), for search;
* **observations** (issue 33): what one seat may see, its view (:meth:`Game.view`: the
  public position, its own hidden items, what has been revealed; another seat's secrets
  and the order of face-down piles replaced by placeholders). ``observation_string(p)`` is
  the view in words (:meth:`Game.view_text`, English) and, beneath it, the view's
  :meth:`Game.key`, which holds every item the seat sees (the words show counts where the
  seat holds cards); ``information_state_string(p)`` adds the seat's recall: a digest of
  every view the seat has had and every action it took itself, move by move (perfect
  recall: two histories give the same string exactly when the seat cannot tell them
  apart). A game whose views hide something (:attr:`Game.hides`: Florenz, Il Vecchio,
  Lorenzo) is declared imperfect information, the others perfect information.
  ``resample_from_infostate`` is not offered; search samples the hidden items itself
  (below).

**Search** (:class:`SearchState`, :class:`SearchGame`; the ``mcts`` policy,
:mod:`regelwerk.policies.mcts`): OpenSpiel's Python MCTS asks a state only for its moves,
chance's outcomes and returns, so search runs on a lighter bridge over any engine state (a
seat's determinized state, :meth:`Game.determinized`) that numbers each state's moves by
their index in its own list (the policies give :func:`regelwerk.policies.candidates`: a
fixed order, open choices over the random player's range). Per-state indices serve every
game at every count however many stable ids it has (Florenz's compound scandal play gave
billions), and a move is numbered by the few a state offers; a clone shares the immutable
engine state. Its chance nodes are the engine's, searched over their
probabilities (a determinized state has no seed).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

try:
    import pyspiel  # type: ignore[import-not-found]  # OpenSpiel ships no type hints
except ImportError as missing:    # pragma: no cover - what the message says is the point
    raise ImportError("regelwerk.openspiel needs OpenSpiel: pip install 'regelwerk[openspiel]'"
                      ) from missing

from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.game import CHANCE, ActionKind, Game

#: The prefix of every registered game's short name.
PREFIX = "regelwerk_"
#: The most action ids OpenSpiel takes (its ids are C++ ``int``).
LARGEST = 2**31 - 1

#: The range of each action field that declares no upper bound, by (game, field): OpenSpiel
#: needs a finite action space. Each is read from the game's rules (so from spec) and says
#: why it is enough; an action beyond it is refused by the bridge (:class:`Encoding`),
#: never folded onto another id.
OPEN_BOUNDS: Mapping[tuple[str, str], Callable[[Any], tuple[int, int]]] = {
    # The rules allow any price (economy.min_price): this is the bridge's limit, not a rule.
    # A price above what a player could own without a loan if every round paid him the most
    # a round can pay (the proved bound bounds.round_payout_max).
    ("medici_vs_strozzi", "amount"): lambda rules: (
        rules.min_price, rules.start_money + rules.rounds * rules.spec["bounds.round_payout_max"]),
    # Under the default reading (interp.servants_needed: up_to_use) a player spends at most
    # what raises a member's value to the highest value any space or card asks, at the
    # highest servant rate of the game (see _lorenzo_servants).
    ("lorenzo", "servants"): lambda rules: (0, _lorenzo_servants(rules)),
    # A roll's total has no field domain (the dice refuse an impossible total under the
    # clause of the roll being made): the dice show from one pip per die to all sides.
    ("il_vecchio", "total"): lambda rules: (rules.dice_count,
                                            rules.dice_count * rules.dice_sides),
}


def _lorenzo_servants(rules: Any) -> int:
    """The most servants one action of Lorenzo can spend under ``servant_spending =
    up_to_use`` (the default reading), bounded from above."""
    rates = [rules.servant_rate] + [effect.servants for tile in rules.excommunications
                                    for effect in getattr(tile, "effects", ())
                                    if getattr(effect, "servants", 0)]
    asked = max([*rules.floor_values, rules.market_min, rules.council_min, rules.work_min,
                 *(card.activation for card in rules.cards),
                 *(tile.activation for tile in rules.tiles)])
    lowest = min(rules.neutral_value, min(rules.dice_faces)) - rules.large_penalty \
        - max(rules.dice_faces)
    most: int = max(rates) * (asked - min(lowest, 0))
    return most


@dataclass(frozen=True)
class KindCode:
    """Where one action kind's ids lie: from ``offset``, ``size`` of them; each field's
    ``(name, lowest value, number of values)`` in the order of the dataclass, the last
    field the fastest-changing digit."""

    kind: ActionKind[Any, Any]
    offset: int
    fields: tuple[tuple[str, int, int], ...]
    size: int


class Encoding:
    """The action ids of one side of a game (the players' kinds, or chance's) under one
    set of rules: kinds in declaration order, each a block of ids, inside a block a
    mixed-radix number over the field values. Ids do not depend on the state."""

    def __init__(self, game: Game[Any, Any], rules: Any, chance: bool) -> None:
        self.game = game
        codes = []
        offset = 0
        for kind in game.kinds:
            if kind.chance is not chance:
                continue
            domains = dict(kind.domains)
            digits = []
            for name, field_type in kind.fields:
                if field_type is bool:
                    digits.append((name, 0, 2))
                    continue
                domain = domains.get(name)
                low, high = (0, None) if domain is None else domain.limits(rules)
                if high is None:
                    bound = OPEN_BOUNDS.get((game.id, name))
                    if bound is None:
                        raise ValueError(f"{game.id}: {kind.name}.{name} has no upper bound "
                                         f"(OPEN_BOUNDS names none)")
                    low, high = bound(rules)
                digits.append((name, low, max(high - low + 1, 0)))
            size = math.prod(count for _, _, count in digits)
            codes.append(KindCode(kind, offset, tuple(digits), size))
            offset += size
        self.codes = tuple(codes)
        self.by_action = {code.kind.action: code for code in codes}
        self.size = offset

    def encode(self, action: Any) -> int:
        """The id of ``action``; one outside the encoding's ranges raises ``ValueError``."""
        code = self.by_action[type(action)]
        number = 0
        for name, low, count in code.fields:
            digit = int(getattr(action, name)) - low
            if not 0 <= digit < count:
                raise ValueError(f"{self.game.id}: {action!r} lies outside the action ids "
                                 f"({name} from {low} to {low + count - 1})")
            number = number * count + digit
        return code.offset + number

    def expand(self, option: Any) -> Iterator[Any]:
        """The actions a listed option stands for: an action itself, an open choice every
        action it allows up to the encoding's bound (:data:`OPEN_BOUNDS`)."""
        if type(option) is not OpenChoice:
            yield option
            return
        first = option.make(option.low)
        (_, low, count), = self.by_action[type(first)].fields
        top = low + count - 1 if option.high is None else min(option.high, low + count - 1)
        for value in range(option.low, top + 1):
            yield option.make(value)

    def decode(self, number: int) -> Any:
        """The action with id ``number``."""
        for code in self.codes:
            if code.offset <= number < code.offset + code.size:
                rest = number - code.offset
                values: dict[str, Any] = {}
                for name, low, count in reversed(code.fields):
                    rest, digit = divmod(rest, count)
                    values[name] = low + digit
                types = dict(code.kind.fields)
                return code.kind.action(**{name: (bool(v) if types[name] is bool else v)
                                           for name, v in values.items()})
        raise ValueError(f"{self.game.id}: no action has id {number}")


@dataclass(frozen=True)
class Sizes:
    """What OpenSpiel is told about one game at one player count."""

    players: int
    actions: int
    chance_outcomes: int
    max_length: int


def _rules(game: Game[Any, Any], players: int) -> Any:
    return game.rules_for({"players": players})


def sizes(game: Game[Any, Any], players: int) -> Sizes:
    """The seats, action ids, chance outcome ids and maximum length of ``game`` at
    ``players``."""
    rules = _rules(game, players)
    longest = game.longest(rules)
    if longest is None:
        raise ValueError(f"{game.id} declares no maximum game length (max_length)")
    return Sizes(len(game.seats(rules)), Encoding(game, rules, False).size,
                 Encoding(game, rules, True).size, longest)


def _game_type(game: Game[Any, Any]) -> Any:
    low, high = game.players
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=PREFIX + game.id,
        long_name=f"regelwerk: {game.spec.meta.get('title', game.id)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(info.IMPERFECT_INFORMATION if game.hides
                     else info.PERFECT_INFORMATION),
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if low == 1
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(_seats_at(game, high)),
        min_num_players=len(_seats_at(game, low)),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": game.default_players, "returns": "win"})


def _seats_at(game: Game[Any, Any], players: int) -> tuple[str, ...]:
    return game.seats(_rules(game, players))


class RegelwerkGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """One regelwerk game at one player count, as OpenSpiel loads it."""

    #: the game's declaration (each registered subclass sets it)
    engine: Game[Any, Any]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.engine
        params = dict(params or {})
        players = int(params.get("players", game.default_players))
        self.returns_mode = str(params.get("returns", "win"))
        if self.returns_mode not in ("win", "margin"):
            raise ValueError(f"{PREFIX}{game.id}: returns must be 'win' or 'margin'")
        self.rules = _rules(game, players)
        self.seat_names = game.seats(self.rules)
        self.actions = Encoding(game, self.rules, False)
        self.outcomes = Encoding(game, self.rules, True)
        longest = game.longest(self.rules)
        if longest is None:
            raise ValueError(f"{game.id} declares no maximum game length (max_length)")
        if self.actions.size > LARGEST:
            raise ValueError(f"{PREFIX}{game.id} with {players} players has "
                             f"{self.actions.size:,} action ids, more than OpenSpiel takes "
                             f"({LARGEST:,}): a compound action must become a sequence of "
                             f"small choices first")
        seats = len(self.seat_names)
        if seats == 1:
            low, high = (-1.0, 1.0) if self.returns_mode == "win" else (-float(longest),
                                                                         float(longest))
        else:
            low, high = -1.0, float(seats - 1)
        # the returns sum to 0 at every count, but a game declared general-sum (one that has a
        # solo count, as Florenz) may state no utility sum (OpenSpiel's basic tests check it)
        general = game.players[0] == 1
        total = None if seats == 1 or general else 0.0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size, max_chance_outcomes=self.outcomes.size,
            num_players=seats, min_utility=low, max_utility=high, utility_sum=total,
            max_game_length=longest)
        super().__init__(_game_type(game), info, {"players": players,
                                                  "returns": self.returns_mode})

    def __deepcopy__(self, memo: dict[int, Any]) -> RegelwerkGame:
        return self     # a game is immutable; its states share it

    def new_initial_state(self) -> RegelwerkState:
        return RegelwerkState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver:
        return SeatObserver(iig_obs_type, params)


class Shared:
    """A value an OpenSpiel state holds and its copies share. OpenSpiel clones a Python
    state with ``copy.deepcopy`` and serializes it with ``pickle``: an engine state is
    immutable (its rules shared by every state of a game), so a copy shares it, and a
    pickle leaves it out (the state replays its moves, :attr:`RegelwerkState.state`);
    a game is pickled by its name and parameters."""

    __slots__ = ("value",)

    def __init__(self, value: Any = None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        if isinstance(self.value, RegelwerkGame):
            return _loaded, (str(self.value),)
        return Shared, ()


def _loaded(name: str) -> Shared:
    """A game by its OpenSpiel name, for unpickling a state."""
    return Shared(pyspiel.load_game(name))


class RegelwerkState(pyspiel.State):  # type: ignore[misc]
    """A regelwerk state (immutable, replaced at every move) inside an OpenSpiel state."""

    def __init__(self, game: RegelwerkGame) -> None:
        super().__init__(game)
        self._owner = Shared(game)
        self._moves: list[int] = []
        self._state = Shared(game.engine.new_game(seed=None, rules=game.rules))
        self._recall = tuple(_recalled("", self.state, seat, None, game.engine)
                             for seat in range(len(game.seat_names)))
        self._seen = Shared({})     # each seat's observation of this state, once asked

    @property
    def owner(self) -> RegelwerkGame:
        game: RegelwerkGame = self._owner.value
        return game

    @property
    def state(self) -> Any:
        """The engine's state (replayed from the moves after unpickling)."""
        if self._state.value is None:
            owner = self.owner
            state = owner.engine.new_game(seed=None, rules=owner.rules)
            for move in self._moves:
                chance = owner.engine.current_player(state) == CHANCE
                action = (owner.outcomes if chance else owner.actions).decode(move)
                state = owner.engine.apply(state, action)
            self._state = Shared(state)
        return self._state.value

    def current_player(self) -> int:
        engine = self.owner.engine
        if engine.is_terminal(self.state):
            return int(pyspiel.PlayerId.TERMINAL)
        mover = engine.current_player(self.state)
        return int(pyspiel.PlayerId.CHANCE) if mover == CHANCE else int(mover)

    def _legal_actions(self, player: int) -> list[int]:
        encoding = self.owner.actions
        return sorted(encoding.encode(action) for option in
                      self.owner.engine.legal_actions(self.state)
                      for action in encoding.expand(option))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        encode = self.owner.outcomes.encode
        return sorted((encode(outcome), float(p))
                      for outcome, p in self.owner.engine.chance_outcomes(self.state))

    def _apply_action(self, action: int) -> None:
        engine = self.owner.engine
        mover = engine.current_player(self.state)
        encoding = self.owner.outcomes if mover == CHANCE else self.owner.actions
        self._state = Shared(engine.apply(self.state, encoding.decode(action)))
        self._moves = [*self._moves, action]
        self._recall = tuple(_recalled(recall, self.state, seat,
                                       action if seat == mover else None, engine)
                             for seat, recall in enumerate(self._recall))
        self._seen = Shared({})

    def observation(self, player: int) -> str:
        """What seat ``player`` sees now: its view in words (English) and the view's key."""
        seen: dict[int, str] | None = self._seen.value
        if seen is None:            # after unpickling (Shared leaves its value out)
            seen = {}
            self._seen = Shared(seen)
        if player not in seen:
            engine = self.owner.engine
            seen[player] = (f"{engine.view_text(self.state, player, 'en')}\n"
                            f"{engine.key(engine.view(self.state, player))!r}")
        return seen[player]

    def information(self, player: int) -> str:
        """:meth:`observation` and the seat's recall (every view it had, every own action)."""
        return f"{self.observation(player)}\nrecall {len(self._moves)} {self._recall[player]}"

    def _action_to_string(self, player: int, action: int) -> str:
        encoding = self.owner.outcomes if player == pyspiel.PlayerId.CHANCE else \
            self.owner.actions
        engine, decoded = self.owner.engine, encoding.decode(action)
        # the words, and the record's notation: two tiles alike are two outcomes
        notation = json.dumps(engine.action_to_json(decoded), separators=(",", ":"))
        return f"{engine.describe(self.state, decoded, 'en')} {notation}"

    def is_terminal(self) -> bool:
        return bool(self.owner.engine.is_terminal(self.state))

    def returns(self) -> list[float]:
        outcome = self.owner.engine.outcome(self.state)
        seats = self.owner.seat_names
        if outcome is None:
            return [0.0] * len(seats)
        return seat_returns(seats, outcome.winners, outcome.scores, self.owner.returns_mode)

    def __str__(self) -> str:
        return self.owner.engine.position_text(self.state, "en")


class SearchGame:
    """What OpenSpiel's Python MCTS asks of a game: its type (sequential, terminal
    rewards) and the most a seat can gain (:meth:`max_utility`, for the solver).
    ``moves(game, state)``: a state's moves in a fixed order, its index the move's number
    (the policies give :func:`regelwerk.policies.candidates`); ``returns``: ``"win"`` or
    ``"margin"`` (:func:`seat_returns`)."""

    def __init__(self, game: Game[Any, Any], seats: int, returns: str,
                 moves: Callable[[Game[Any, Any], Any], tuple[Any, ...]]) -> None:
        self.engine, self.seats, self.returns_mode = game, seats, returns
        self.moves = moves
        self._type = _game_type(game)

    def get_type(self) -> Any:
        return self._type

    def num_players(self) -> int:
        return self.seats

    def max_utility(self) -> float:
        if self.seats > 1:
            return float(self.seats - 1)
        return 1.0 if self.returns_mode == "win" else float("inf")


class SearchState:
    """An engine state as OpenSpiel's MCTS searches it: a move is an index into the state's
    own moves (:attr:`SearchGame.moves`), returns as :func:`seat_returns` gives them. The
    state must have no seed (chance waits and search chooses for it)."""

    __slots__ = ("_listed", "game", "seats", "state")

    def __init__(self, game: SearchGame, state: Any) -> None:
        self.game, self.state, self.seats = game, state, game.engine.seats(state)
        self._listed: tuple[Any, ...] | None = None

    def candidates(self) -> tuple[Any, ...]:
        """The moves of this state, index by index."""
        if self._listed is None:
            self._listed = self.game.moves(self.game.engine, self.state)
        return self._listed

    def clone(self) -> SearchState:
        return SearchState(self.game, self.state)

    def current_player(self) -> int:
        engine = self.game.engine
        if engine.is_over(self.state):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(engine.to_move(self.state))     # CHANCE is OpenSpiel's chance id

    def is_terminal(self) -> bool:
        return bool(self.game.engine.is_over(self.state))

    def is_chance_node(self) -> bool:
        engine = self.game.engine
        return not engine.is_over(self.state) and engine.to_move(self.state) == CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        del player
        return list(range(len(self.candidates())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        chances: dict[Any, Any] = {}
        for outcome, p in self.game.engine.chance_outcomes(self.state):
            chances[outcome] = chances.get(outcome, 0) + p       # two tiles alike: one move
        return [(i, float(chances[outcome])) for i, outcome in enumerate(self.candidates())]

    def apply_action(self, action: int) -> None:
        move = self.candidates()[action]
        self.state = self.game.engine.kind_of[type(move)].effect(self.state, move)
        self._listed = None

    def returns(self) -> list[float]:
        outcome = self.game.engine.outcome(self.state)
        if outcome is None:
            return [0.0] * len(self.seats)
        return seat_returns(self.seats, outcome.winners, outcome.scores, self.game.returns_mode)

    def action_to_string(self, player: int, action: int) -> str:
        del player
        return self.game.engine.describe(self.state, self.candidates()[action], "en")

    def __str__(self) -> str:
        return self.game.engine.position_text(self.state, "en")


def seat_returns(seats: Sequence[str], winners: Sequence[str], scores: Mapping[str, int],
                 mode: str = "win") -> list[float]:
    """Each seat's return (see the module's docstring): winners share, a solo seat wins
    or loses by its rule, or with ``mode="margin"`` scores its lead over the best other."""
    if len(seats) == 1:
        seat = seats[0]
        if mode == "margin":
            others = [points for name, points in scores.items() if name != seat]
            return [float(scores[seat] - max(others, default=0))]
        return [1.0 if seat in winners else -1.0]
    shared = len(seats) / len(winners)
    return [shared - 1.0 if seat in winners else -1.0 for seat in seats]


def _recalled(recall: str, state: Any, seat: int, own: int | None, engine: Game[Any, Any]
              ) -> str:
    """A seat's recall after a move (a hex digest): the one before, its own action id if the
    move was its own, and its view of ``state`` (:meth:`Game.view`)."""
    seen = repr(engine.key(engine.view(state, seat)))
    return hashlib.sha256(f"{recall}|{own}|{seen}".encode()).hexdigest()


class SeatObserver:
    """One seat's observation (``perfect_recall`` false) or information state (true), as
    strings (:meth:`RegelwerkState.observation`, :meth:`RegelwerkState.information`). No
    tensor; public-only observations (``private_info`` none) are not offered."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("regelwerk offers each seat's own observation only")
        self.recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: RegelwerkState, player: int) -> None:
        del state, player

    def string_from(self, state: RegelwerkState, player: int) -> str:
        return state.information(player) if self.recall else state.observation(player)


@cache
def register() -> tuple[str, ...]:
    """Register every game with OpenSpiel (once); the short names registered."""
    from regelwerk.games import games

    names = []
    for info in games().values():
        game = info.game
        game_id = game.id

        # a class per game, as OpenSpiel's own Python games register theirs (a registered
        # closure makes the interpreter abort at exit), found by name when pickled
        name = f"Regelwerk_{game_id}"
        made = type(name, (RegelwerkGame,), {"engine": game, "__module__": __name__})
        globals()[name] = made
        pyspiel.register_game(_game_type(game), made)
        names.append(PREFIX + game_id)
    return tuple(names)


register()
