"""The game contract: a game declares its rules, core does the rest.

A game of regelwerk is one :class:`Game` declaration (see each
``engine/<game>/game.py``): its player counts, its rule variants, how its
:class:`Rules` are built from spec, its set-up, its **action kinds**, who is to
move, how chance acts, how it ends and what must always hold. Everything
generic is done here, once for every game:

* :meth:`Game.new_game` parses and refuses options with one clear message;
* :meth:`Game.legal_actions`, :meth:`Game.is_legal` and :meth:`Game.apply` ask
  one rule per action kind: its ``options`` generator. An action is legal
  exactly when its kind's generator yields it, as ``move in board.legal_moves``
  asks python-chess's move generator. ``options(state, like)`` may skip
  candidates that cannot equal ``like`` (python-chess's from/to masks), so a
  legality check does not list every action;
* :meth:`Game.random_action`: uniform over the legal actions, or kind first
  (each kind's optional fast ``sampler``), as the game declares;
* the JSON codec of game records, one :class:`Outcome` type, a hashable
  :meth:`Game.key`;
* explicit chance, as OpenSpiel's chance nodes: when chance acts,
  :meth:`Game.current_player` is :data:`CHANCE` and :meth:`Game.chance_outcomes`
  lists its outcomes with their probabilities. A seeded game lets chance pick
  from its seed (the game's ``chance.seeded``); a game started with
  ``seed=None`` stops at every chance node, so a test or a worked example
  chooses the outcome with :meth:`Game.apply`.

The conformance suite (:mod:`regelwerk.engine.core.conformance`) holds every
declared game to this contract.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from random import Random
from typing import Any, Final, Generic, TypeVar

from regelwerk.engine.core import draws, playout
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.actions import ActionCodec, Domain, OpenChoice, field_domains, field_types
from regelwerk.engine.core.draws import seeded_rng as seeded_rng  # offered here too
from regelwerk.engine.core.errors import IllegalAction, shown
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.playout import CHANCE as CHANCE  # one value, offered here too
from regelwerk.engine.core.spec import Spec, SpecError

S = TypeVar("S", bound=tuple[Any, ...])   # a game's state (a named tuple, rules first)
A = TypeVar("A")        # one of its actions
R = TypeVar("R")        # its rules



@dataclass(frozen=True)
class Variant:
    """A rule variant: the readings of one interpretation-register entry, each playable.

    Read from the register (:func:`register_variants`), never declared in code: the
    entry's ``variant`` is the option's name, its options' ids the allowed ``choices``,
    and its ``decision`` (first) the default, so changing the decision in spec changes
    the game the engine plays by default (issue 29).
    """

    name: str
    choices: tuple[str, ...]
    interpretation: str = ""

    @property
    def default(self) -> str:
        return self.choices[0]


def register_variants(spec: Spec) -> tuple[Variant, ...]:
    """The rule variants of a game: every register entry that names one, in register order."""
    return tuple(Variant(item.variant, item.readings, item.id)
                 for item in spec.interpretations.values() if item.variant)


@dataclass(frozen=True)
class ActionKind(Generic[S, A]):
    """One kind of action: its rule, stated once, and its effect.

    * ``action``: the frozen dataclass of the kind, ``name`` its record name;
    * ``clause``: the clause that refuses an illegal action of this kind;
    * ``options(state, like)``: every legal action of this kind (an
      :class:`OpenChoice` for an unbounded number); with ``like`` given it may
      leave out candidates that cannot equal ``like``;
    * ``effect(state, action)``: the next state, for a legal action;
    * ``sampler(state, rng)``: optional, a legal action of this kind drawn
      without listing them all (``None`` if there is none);
    * ``explain(state, action)``: optional, for an illegal action only, the
      more precise clause and message it breaks; it never decides legality;
    * ``chance``: the kind is an outcome of chance, not a player's choice;
    * ``stages``: the stages of play (:attr:`Game.stage`) in which the kind can
      be open at all (``None``: any); listing skips it elsewhere, and an action
      of it is refused there with the game's sequence clause.
    """

    action: type[A]
    name: str
    clause: str
    options: Callable[[S, A | None], Iterable[A | OpenChoice[A]]]
    effect: Callable[[S, A], S]
    sampler: Callable[[S, Random], A | None] | None = None
    explain: Callable[[S, A], IllegalAction | None] | None = None
    chance: bool = False
    stages: frozenset[Hashable] | None = None

    @cached_property
    def fields(self) -> tuple[tuple[str, type], ...]:
        """``(field name, int or bool)`` of the action dataclass, checked before anything else."""
        return field_types(self.action)

    @cached_property
    def domains(self) -> tuple[tuple[str, Domain], ...]:
        """``(field name, domain)`` of the fields that declare one
        (``dataclasses.field(metadata=within(...))``, :mod:`~regelwerk.engine.core.actions`)."""
        return field_domains(self.action)

    def field_error(self, state: S, action: A) -> IllegalAction | None:
        """Why a field of ``action`` is not a value of its type and domain at all, or ``None``.

        Core asks this before any rule of the game (``options``, ``explain``)
        sees the action; the refusal cites the kind's clause. The domains' bounds
        are read from the state's rules (its first field).
        """
        problem = self.field_problem(state, action)
        return None if problem is None else IllegalAction(self.clause, problem[0], **problem[1])

    def field_problem(self, state: S, action: A) -> tuple[str, dict[str, Any]] | None:
        """:meth:`field_error` as its message template and fields, without building the
        error (what a legality check needs is only whether there is one)."""
        for name, kind_type in self.fields:
            value = getattr(action, name)
            if type(value) is not kind_type:
                return N_("{kind}: {field} must be {type}, not {value}."), dict(
                    kind=self.name, field=name, type=kind_type.__name__, value=shown(value))
        if self.domains:
            rules = state[0]
            for name, domain in self.domains:
                value = getattr(action, name)
                low, high = domain.limits(rules)
                if high is None and value < low:
                    return N_("{kind}: {field} must be at least {low}, not {value}."), dict(
                        kind=self.name, field=name, low=low, value=shown(value))
                if high is not None and not low <= value <= high:
                    return N_("{kind}: {field} must be from {low} to {high}, not {value}."), dict(
                        kind=self.name, field=name, low=low, high=high, value=shown(value))
        return None

    def allows(self, state: S, action: A) -> bool:
        """Whether ``options`` yields ``action`` (the field types already checked)."""
        for option in self.options(state, action):
            if option is action or option == action or (
                    type(option) is OpenChoice and option.covers(action)):
                return True
        return False

    def sample(self, state: S, rng: Random, choose: Callable[[Random, Sequence[Any]], Any]) -> A | None:
        """A random legal action of this kind: the fast sampler, else one of ``options``."""
        result: A | None = playout.sample(self, state, rng, choose)
        return result


@dataclass(frozen=True)
class Chance(Generic[S, A]):
    """How chance acts at a chance node (where :meth:`Game.current_player` is :data:`CHANCE`).

    The outcomes are the legal actions of the game's chance kinds;
    ``probability(state, outcome)`` is each one's probability and ``seeded(state)``
    the outcome a seeded game's chance picks (from ``state.seed``).
    """

    probability: Callable[[S, A], Fraction]
    seeded: Callable[[S], A]


@dataclass(frozen=True)
class RandomPolicy:
    """How random play draws: ``choose`` among listed items, ``index`` among kinds.

    Part of a game's declaration because a seeded random game must stay the
    same game when the code around it changes.
    """

    choose: Callable[[Random, Sequence[Any]], Any] = draws.choice
    index: Callable[[Random, int], int] = draws.below


@dataclass(frozen=True)
class Weighted:
    """Kinds for random play with their weights (whole numbers above 0): a game's
    ``sampling`` may give them, and a kind is then drawn with its share of the weight."""

    kinds: tuple[ActionKind[Any, Any], ...]
    weights: tuple[int, ...]

    @cached_property
    def total(self) -> int:
        return sum(self.weights)


@dataclass(frozen=True)
class Outcome:
    """How a game ended, the same for every game (python-chess's ``Outcome``).

    ``winners`` are player names (several share the win), ``scores`` what
    counts at the end per player, ``termination`` the clause that ended the
    game, ``tie_break`` the clause that decided between equal scores (if one
    had to), ``details`` further figures of the game (payouts per round, ...).
    """

    winners: tuple[str, ...]
    scores: Mapping[str, int]
    termination: str
    tie_break: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"winners": list(self.winners), "scores": dict(self.scores),
                                "termination": self.termination, "tie_break": self.tie_break}
        if self.details:
            data["details"] = dict(self.details)
        return data


@dataclass(frozen=True)
class ScoreItem:
    """One line of a player's final score (:attr:`Game.score_items`): the clause it comes
    from, the points, and what it counts when the clause's title alone does not say
    (``note``: an English message of the game's catalog, ``values`` its fields)."""

    clause: str
    points: int
    note: str = ""
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Said:
    """An action in words, in English and German, as a field of a refusal: the message
    shows it in the reader's language (:func:`~regelwerk.engine.core.errors.render`)."""

    en: str
    de: str

    def message_in(self, lang: str | None = None) -> str:
        return self.de if lang == "de" else self.en

    def __str__(self) -> str:
        return self.en


OPTION_PLAYERS, OPTION_BOARD = "players", "board"


#: The placeholder of an item a seat may not see, in a view (:meth:`Game.view`).
HIDDEN: Final = -99


@dataclass(frozen=True)
class Views(Generic[S]):
    """What each seat may see of a game whose rules hide something (issue 33).

    ``mask(state, seat)``: the state with every item the rule texts hide from ``seat``
    replaced by a placeholder and every face-down pile shown without its order (each
    game's ``view.py`` cites the clauses); ``position(view, seat, lang)``: optional, the
    view in words where the game's ``position`` would show another seat's hidden items
    (Florenz shows the hand of the family to move); ``hides``: whether the rules hide
    anything from a seat (false for a game of perfect information whose views leave out
    only chance's future, the order of a bag say).
    """

    mask: Callable[[S, int], S]
    position: Callable[[S, int, str], str] | None = None
    hides: bool = True


def _board_file(game: str, board: Any) -> str:
    """How an error names a printed board: its file, else the option."""
    return getattr(board, "file", None) or f"{game} options.board"


@contextmanager
def _board_fits(where: str) -> Iterator[None]:
    """Setting up a game on a user's board: every number was checked for type, shape and
    range (:meth:`Spec.checked_numbers`); numbers that do not fit together in a way the
    game's own board check does not name yet end here, as a :class:`SpecError` too."""
    try:
        yield
    except SpecError:
        raise
    except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError) as exc:
        raise SpecError(N_("{file}: the board numbers do not fit together ({error})"),
                        file=where, error=shown(exc, 120)) from None


def choose_variants(game: str, variants: Sequence[Variant],
                    chosen: Mapping[str, Any] | None) -> dict[str, str]:
    """Every variant's value: the chosen ones, else each default; an unknown one is refused."""
    known = {v.name: v for v in variants}
    result = {name: v.default for name, v in known.items()}
    for name, value in (chosen or {}).items():
        if name not in known:
            raise SpecError(N_("{game}: unknown option {name!r}; known: {known}"), game=game,
                            name=name, known=", ".join([OPTION_PLAYERS, OPTION_BOARD, *known]))
        if value not in known[name].choices:
            raise SpecError(N_("{game}: option {name} must be one of {choices}, not {value!r}"),
                            game=game, name=name, choices=", ".join(known[name].choices),
                            value=value)
        result[name] = value
    return result


@dataclass(frozen=True, eq=False)
class Game(Generic[S, R]):
    """The declaration of one game; its methods are the engine every tool uses.

    Declared by the game: ``id``, ``players`` (fewest, most) and
    ``default_players``, ``rules(spec, players, variants)`` (``variants``: the value of
    every rule variant, read from the register: :attr:`variants`),
    ``setup(rules, seed)`` (the state before the first action; ``seed`` is
    ``None`` for a game whose chance the caller decides), ``kinds``,
    ``to_move(state)`` (a player index or :data:`CHANCE`), ``is_over(state)``,
    ``score(state)`` (the :class:`Outcome` of a finished game),
    ``violations(state)`` (the runtime invariants broken, by id),
    ``sequence_clause(state)`` (the clause that refuses an action out of turn or
    phase), ``end_clause``, ``chance`` and, for kind-first random play,
    ``sampling(state)``: the kinds to draw from (a tuple, in the order the draw uses;
    :class:`Weighted` kinds are drawn by weight), or ``None`` to draw uniformly
    from :meth:`legal_actions`; ``stage(state)``:
    the stage of play (a phase, say), which the kinds' ``stages`` refer to;
    ``coverage(state)``: the parts of the game (cards, tiles, ...) a finished
    game exercised, each named ``"kind:id"``, and ``parts(rules)`` every part
    there is, so that many random games can show each one came into play.
    ``words(state, action, lang)``: an action (legal in ``state``) in words of
    the reader's language, ``None`` for a kind it has no words for
    (:meth:`describe`); ``score_items(state)``: a
    finished game's score per player, item by item, each citing its clause (the
    items add up to :attr:`Outcome.scores`); ``position(state, lang)``: the
    position in words of the reader's language, several lines (the round or
    phase, who is to move, what each player holds that a decision depends on,
    the shared board), which ``play``, ``replay``, ``explain`` and ``regress``
    show (:meth:`position_text`; without it, the state's ``repr``).
    ``seat_keys(rules)``: the seats, index ``i`` = player ``i`` (keys of spec
    ``meta.players``; :meth:`seats`), without it ``rules.names``;
    ``max_length(rules)``: the most moves a game can last, chance's included as a
    game started with ``seed=None`` makes them (:meth:`longest`).
    ``views``: what each seat may see (:class:`Views`, issue 33), for a game whose rules
    hide something from a seat; without it every seat sees the whole position
    (:meth:`view`).

    A seat's **view** is a state of the game's own class in which everything the rule
    texts hide from that seat is replaced by a placeholder (:data:`HIDDEN`, or a value
    the game's ``views`` documents), while what the rules show stays: the public
    position, the seat's own hidden items, what has been revealed, and the counts the
    table shows (the cards in a hand, the tiles in a pile). The same class, so that
    :meth:`key` compares views and :meth:`position_text` shows one; a view is for
    showing and comparing, not for playing on. Chance's future is never in a view: the
    seed is masked, and face-down piles are shown without their order.
    """

    id: str
    players: tuple[int, int]
    default_players: int
    rules: Callable[[Spec, int, Mapping[str, str]], R]
    setup: Callable[[R, int | None], S]
    kinds: tuple[ActionKind[S, Any], ...]
    to_move: Callable[[S], int]
    is_over: Callable[[S], bool]
    score: Callable[[S], Outcome]
    violations: Callable[[S], list[str]]
    sequence_clause: Callable[[S], str]
    end_clause: str
    chance: Chance[S, Any] | None = None
    sampling: Callable[[S], tuple[ActionKind[S, Any], ...] | Weighted | None] | None = None
    policy: RandomPolicy = RandomPolicy()
    stage: Callable[[S], Hashable] | None = None
    coverage: Callable[[S], Iterable[str]] | None = None
    parts: Callable[[R], Iterable[str]] | None = None
    words: Callable[[S, Any, str], str | None] | None = None
    score_items: Callable[[S], Sequence[Sequence[ScoreItem]]] | None = None
    position: Callable[[S, str], str] | None = None
    seat_keys: Callable[[R], Sequence[str]] | None = None
    max_length: Callable[[R], int] | None = None
    views: Views[S] | None = None
    #: kinds a record may hold that play no longer lists (an old notation, replaced by
    #: smaller steps): the codec reads them and :meth:`apply` takes them by their kind's rule
    #: and effect, so an old record replays step for step; no listing offers them, so they
    #: have no action id
    recorded: tuple[ActionKind[S, Any], ...] = ()
    #: the state's last fields, added after records were written, that :meth:`key` leaves
    #: out while they hold their default
    late_fields: tuple[str, ...] = ()
    #: ``heuristic(state, seat)``: how well ``seat`` stands, from the game's scoring and
    #: only what the seat may see (greedy and search policies, issue 33); higher is better
    heuristic: Callable[[S, int], float] | None = None
    #: ``determinize(state, seat, rng)``: a state ``seat`` cannot tell from ``state`` (what
    #: it may not see drawn anew with ``rng``), with ``seed=None`` (:meth:`determinized`)
    determinize: Callable[[S, int, Random], S] | None = None
    #: the spec the game is played by: ``None`` reads ``spec/<id>/`` (:meth:`with_spec`)
    loaded: Spec | None = field(default=None, repr=False, compare=False)
    #: memo of :meth:`kinds_open` by stage: a pure function of the declaration
    open_by_stage: dict[Hashable, tuple[tuple[ActionKind[S, Any], ...], bool]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    # ------------------------------------------------------------------ declaration helpers

    @cached_property
    def kind_of(self) -> Mapping[type, ActionKind[S, Any]]:
        """The action kind of each action class (the ``recorded`` kinds' too)."""
        return {kind.action: kind for kind in (*self.kinds, *self.recorded)}

    @cached_property
    def _player_kinds(self) -> tuple[ActionKind[S, Any], ...]:
        return tuple(kind for kind in self.kinds if not kind.chance)

    @cached_property
    def _chance_kinds(self) -> tuple[ActionKind[S, Any], ...]:
        return tuple(kind for kind in self.kinds if kind.chance)

    def kinds_open(self, state: S, chance: bool | None = None) -> tuple[ActionKind[S, Any], ...]:
        """The kinds that can have legal actions now (chance's at a chance node).

        With a declared ``stage``, the kinds are looked up by stage; a stage is
        either chance's or the players' (the conformance suite checks it).
        """
        if self.stage is None:
            if chance is None:
                chance = self.to_move(state) == CHANCE
            return self._chance_kinds if chance else self._player_kinds
        return self.stage_info(state)[0]

    def stage_info(self, state: S) -> tuple[tuple[ActionKind[S, Any], ...], bool]:
        """The kinds open in the state's stage, and whether chance acts in it (memo by stage)."""
        stage = self.stage(state)  # type: ignore[misc]  # only called when stage is declared
        info = self.open_by_stage.get(stage)
        if info is None:
            at_chance = self.to_move(state) == CHANCE
            kinds = tuple(k for k in (self._chance_kinds if at_chance else self._player_kinds)
                          if k.stages is None or stage in k.stages)
            info = self.open_by_stage[stage] = (kinds, at_chance)
        return info

    @cached_property
    def codec(self) -> ActionCodec:
        return ActionCodec(self.id, {kind.action: kind.name
                                     for kind in (*self.kinds, *self.recorded)})

    @cached_property
    def spec(self) -> Spec:
        return spec_module.load(self.id) if self.loaded is None else self.loaded

    def with_spec(self, spec: Spec) -> Game[S, R]:
        """The same game played by another spec (a copy of ``spec/<id>/`` with a decision
        or a number changed): its variants and their defaults are read from it."""
        return replace(self, loaded=spec)

    @cached_property
    def variants(self) -> tuple[Variant, ...]:
        """The rule variants, read from the interpretation register (:func:`register_variants`)."""
        return register_variants(self.spec)

    @cached_property
    def default_rules(self) -> R:
        return self.rules(self.spec, self.default_players, self.choose_variants(None))

    def choose_variants(self, chosen: Mapping[str, Any] | None) -> dict[str, str]:
        return choose_variants(self.id, self.variants, chosen)

    def rules_for(self, options: Mapping[str, Any] | None = None) -> R:
        """The rules a game with ``options`` is played by: ``players``, ``board`` (a
        printed board's numbers, ``{path: value}``) and the variants by name."""
        if options is None:
            return self.default_rules
        if not isinstance(options, Mapping):
            raise SpecError(N_("{game}: options must be a table of names and values"), game=self.id)
        rest = dict(options)
        players = rest.pop(OPTION_PLAYERS, self.default_players)
        board = rest.pop(OPTION_BOARD, None)
        low, high = self.players
        if type(players) is not int or not low <= players <= high:
            if low == high:
                raise SpecError(N_("{game} is a game for exactly {count} players, not {value!r}"),
                                game=self.id, count=low, value=players)
            raise SpecError(N_("{game}: players must be a whole number from {low} to {high}, "
                               "not {value!r}"), game=self.id, low=low, high=high, value=players)
        if board is not None and not isinstance(board, Mapping):
            raise SpecError(N_("{game}: the board option must be a table of numbers by path"),
                            game=self.id)
        variants = self.choose_variants(rest)
        if not board and players == self.default_players and all(
                variants[v.name] == v.default for v in self.variants):
            return self.default_rules
        if not board:
            return self.rules(self.spec, players, variants)
        where = _board_file(self.id, board)
        spec = self.spec.checked_numbers(board, where)
        with _board_fits(where):
            return self.rules(spec, players, variants)

    # ------------------------------------------------------------------ the engine

    def new_game(self, seed: int | None = 0, options: Mapping[str, Any] | None = None,
                 rules: R | None = None) -> S:
        """The state before the first action. ``seed=None``: chance waits for the caller."""
        if seed is not None and type(seed) is not int:
            raise SpecError(N_("{game}: the seed must be a whole number, not {value!r}"),
                            game=self.id, value=seed)
        if rules is not None:
            return self._settle(self.setup(rules, seed))
        rules = self.rules_for(options)
        board = options.get(OPTION_BOARD) if isinstance(options, Mapping) else None
        if not board:
            return self._settle(self.setup(rules, seed))
        with _board_fits(_board_file(self.id, board)):
            return self._settle(self.setup(rules, seed))

    def seats(self, rules_or_state: R | S) -> tuple[str, ...]:
        """The seats of a game played by these rules (or of this state's game), index ``i``
        = player ``i`` as :meth:`current_player` numbers them: the keys of spec
        ``meta.players`` (``seat_word`` gives each its name in a language). The one
        mapping of seat indices to names that :class:`Outcome`, ``play`` and the OpenSpiel
        bridge use; a solo game has one seat (its automa is no seat)."""
        rules: Any = rules_or_state[0] if isinstance(rules_or_state, tuple) else rules_or_state
        keys = rules.names if self.seat_keys is None else self.seat_keys(rules)
        return tuple(keys)

    def longest(self, rules_or_state: R | S) -> int | None:
        """The most moves (chance's included, as a game with ``seed=None`` makes them) a game
        by these rules can last, as the game declares it (``max_length``), else ``None``."""
        if self.max_length is None:
            return None
        rules: Any = rules_or_state[0] if isinstance(rules_or_state, tuple) else rules_or_state
        return self.max_length(rules)

    def view(self, state: S, seat: int) -> S:
        """What ``seat`` may see of ``state``: the game's ``views`` mask, the seed left out
        (chance's future); the state itself, but for the seed, in a game that hides
        nothing. A seat outside the game raises ``ValueError``."""
        if not 0 <= seat < len(self.seats(state)):
            raise ValueError(f"{self.id}: no seat {seat!r}")
        seen = state if self.views is None else self.views.mask(state, seat)
        if getattr(seen, "seed", None) is not None:
            seen = seen._replace(seed=None)  # type: ignore[attr-defined]
        return seen

    def determinized(self, state: S, seat: int, rng: Random) -> S:
        """A state ``seat`` cannot tell from ``state``, for a policy to search from without
        peeking: what the seat may not see is drawn anew (the game's ``determinize``), and
        the seed is dropped, so chance's future is open (chance waits, as with
        ``seed=None``). A game that hides nothing needs no ``determinize``; one that hides
        something and declares none raises ``TypeError``."""
        if self.determinize is not None:
            return self.determinize(state, seat, rng)
        if self.hides:
            raise TypeError(f"{self.id}: hides information but declares no determinize")
        if getattr(state, "seed", None) is not None:
            return state._replace(seed=None)  # type: ignore[attr-defined,no-any-return]
        return state

    @property
    def hides(self) -> bool:
        """Whether the rules hide anything from a seat (imperfect information)."""
        return self.views is not None and self.views.hides

    def view_text(self, state: S, seat: int, lang: str) -> str:
        """The position in words of ``lang`` as ``seat`` sees it (:meth:`view`)."""
        seen = self.view(state, seat)
        if self.views is not None and self.views.position is not None:
            return self.views.position(seen, seat, lang)
        return self.position_text(seen, lang)

    def current_player(self, state: S) -> int:
        """The player to act, or :data:`CHANCE`."""
        return self.to_move(state)

    def is_terminal(self, state: S) -> bool:
        return self.is_over(state)

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.score(state) if self.is_over(state) else None

    def result(self, state: S) -> dict[str, Any] | None:
        """The outcome in record form (JSON), or ``None`` while the game goes on."""
        outcome = self.outcome(state)
        return None if outcome is None else outcome.to_json()

    def legal_actions(self, state: S) -> tuple[Any, ...]:
        """Every legal action (the chance outcomes at a chance node), kind by kind."""
        if self.is_over(state):
            return ()
        return self._listed(state, self.kinds_open(state))

    @staticmethod
    def _listed(state: S, kinds: Sequence[ActionKind[S, Any]]) -> tuple[Any, ...]:
        return playout.listed(state, kinds)

    def chance_outcomes(self, state: S) -> tuple[tuple[Any, Fraction], ...]:
        """At a chance node, each outcome with its probability (they sum to 1)."""
        if self.chance is None or self.is_over(state) or self.to_move(state) != CHANCE:
            return ()
        probability = self.chance.probability
        return tuple((outcome, probability(state, outcome)) for outcome in self.legal_actions(state))

    def is_legal(self, state: S, action: Any) -> bool:
        """Whether the rules allow ``action`` now: its kind's ``options`` yield it."""
        kind = self.kind_of.get(type(action))
        return kind is not None and self._allowed(kind, state, action)

    def _allowed(self, kind: ActionKind[S, Any], state: S, action: Any) -> bool:
        if self.is_over(state) or kind.chance is not (self.to_move(state) == CHANCE):
            return False
        if kind.stages is not None and self.stage is not None and \
                self.stage(state) not in kind.stages:
            return False
        if kind.field_problem(state, action) is not None:
            return False
        return kind.allows(state, action)

    def apply(self, state: S, action: Any) -> S:
        """The state after ``action``; an illegal action raises :class:`IllegalAction`
        naming the clause it breaks, and ``state`` (immutable) is unchanged."""
        kind = self.kind_of.get(type(action))
        if kind is None or not self._allowed(kind, state, action):
            raise self.refusal(state, action)
        return self._settle(kind.effect(state, action))

    def _settle(self, state: S) -> S:
        """Let a seeded game's chance act until a player is to move (:func:`.playout.settle`)."""
        settled: S = playout.settle(self, state)
        return settled

    def refusal(self, state: S, action: Any) -> IllegalAction:
        """Why ``action`` is illegal now: the clause it breaks, in a bilingual message."""
        if self.is_over(state):
            return IllegalAction(self.end_clause, N_("The game is over; no more actions."))
        kind = self.kind_of.get(type(action))
        if kind is None:
            return IllegalAction(self.sequence_clause(state),
                                 N_("{action!r} is not an action of {game}."), action=action,
                                 game=self.id)
        wrong = kind.field_error(state, action)
        if wrong is not None:
            return wrong
        said = Said(self.describe(state, action, "en"), self.describe(state, action, "de"))
        if kind.chance is not (self.to_move(state) == CHANCE):
            template = (N_("Chance decides now, not a player: {action}.") if not kind.chance
                        else N_("{action}: that is chance's to decide, not a player's."))
            return IllegalAction(self.sequence_clause(state), template, action=said)
        if kind.stages is not None and self.stage is not None and \
                self.stage(state) not in kind.stages:
            return IllegalAction(self.sequence_clause(state),
                                 N_("{action}: that is not possible now."), action=said)
        if kind.explain is not None:
            precise = kind.explain(state, action)
            if precise is not None:
                return precise
        if not any(True for _ in kind.options(state, None)):
            return IllegalAction(self.sequence_clause(state),
                                 N_("{action}: that is not possible now."), action=said)
        return IllegalAction(kind.clause, N_("{action}: that is not allowed in this position."),
                             action=said)

    def random_action(self, state: S, rng: Random) -> Any:
        """A random legal action (a chance outcome by its probability at a chance node).

        Kind first where the game's ``sampling`` names the kinds: a kind is drawn
        uniformly (by its weight if ``sampling`` gives :class:`Weighted` kinds), then
        one of its legal actions; kinds with none are dropped. Otherwise uniformly
        among :meth:`legal_actions`.
        """
        return playout.draw(self, state, rng)[0]

    def step_random(self, state: S, rng: Random, check: bool = True) -> tuple[Any, S]:
        """A random legal action and the state after it: one step of a random playout.

        The same draw as :meth:`random_action`. An action taken from a kind's own
        ``options`` is legal by the rule itself and goes straight to its effect
        (as python-chess's ``push`` of a generated move). One from a fast sampler
        is checked like any other (:meth:`apply`) unless ``check`` is false: the
        unchecked playouts of a benchmark trust the samplers, which the
        conformance suite holds to drawing legal actions only.
        """
        action, after, _ = playout.step(self, state, rng, check, None)
        return action, after

    def random_steps(self, state: S, rng: Random, check: bool = True) -> Iterator[tuple[Any, S]]:
        """The steps of :meth:`step_random` from ``state`` until the game is over, each
        ``(action, state after it)``: the same draws, with what a step found out about the
        state after it (its stage's open kinds) handed on to the next step
        (:func:`.playout.steps`)."""
        return playout.steps(self, state, rng, check)

    def describe(self, state: S, action: Any, lang: str) -> str:
        """``action`` (or an open choice) in words of ``lang`` (the game's ``words``), else
        in the record's notation; an open choice is shown with its range. An action the
        words cannot say in this position (an illegal one, say) is shown in the notation."""
        try:
            said = None if self.words is None else self.words(state, action, lang)
        except (ArithmeticError, AttributeError, LookupError, TypeError, ValueError):
            said = None
        if said is not None:
            return said
        if type(action) is OpenChoice:
            top = "…" if action.high is None else str(action.high)
            return f"{action.kind}: {action.low}..{top}"
        return json.dumps(self.action_to_json(action), ensure_ascii=False)

    def position_text(self, state: S, lang: str) -> str:
        """The position in words of ``lang`` (the game's ``position``, several lines), else
        the state's ``repr``."""
        return repr(state) if self.position is None else self.position(state, lang)

    def key(self, state: S) -> Hashable:
        """A hashable key of the position: equal states have equal keys.

        A state is a named tuple whose first field is its shared rules (not part
        of the position); the key is the rest, without the trailing ``late_fields`` that
        hold their default: a field added to the state later leaves the key of every
        position that does not use it as it was (the regression corpus's fingerprints
        hold).
        """
        values = tuple(state)[1:]
        if not self.late_fields:
            return values
        defaults: Mapping[str, Any] = type(state)._field_defaults  # type: ignore[attr-defined]
        fields: tuple[str, ...] = type(state)._fields  # type: ignore[attr-defined]
        end = len(values)
        while end and fields[end] in self.late_fields and values[end - 1] == defaults[fields[end]]:
            end -= 1
        return values[:end]

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return self.codec.to_json(action)

    def action_from_json(self, data: Any) -> Any:
        return self.codec.from_json(data)

    def export(self, name: str) -> Any:
        """The contract's functions as a game module offers them (``mvs.apply``):
        a game package's ``__getattr__`` answers with this."""
        if name in EXPORTS:
            return getattr(self, name)
        if name == "PLAYERS":
            return self.players
        if name == "DEFAULT_PLAYERS":
            return self.default_players
        if name == "VARIANTS":
            return {v.name: v.choices for v in self.variants}
        raise AttributeError(f"module regelwerk.engine.{self.id} has no attribute {name!r}")


#: What every game module offers, by the contract (see :meth:`Game.export`).
EXPORTS = frozenset({
    "new_game", "rules_for", "legal_actions", "apply", "is_legal", "random_action",
    "current_player", "is_terminal", "outcome", "result", "chance_outcomes", "key",
    "action_to_json", "action_from_json", "violations"})
