"""Playing a game at the terminal, seat by seat, and recording it as it goes.

``regelwerk play GAME --record FILE``: each seat is a person (the default) or
the random player (``--random SEAT``). At a person's turn the position is
shown in words of the reader's language (the game's ``position``, :func:`position`)
with the legal actions numbered and described in words (the game's ``words``,
:meth:`Game.describe`); the answer is a number, a number and a value for an
open choice (``3 12``: a price of 12), or an action
in the record's notation (``{"type": "draw"}``). Anything else is refused with the
clause that forbids it, and asked again. After every action the record is
written atomically, so an interrupted game goes on with ``--resume FILE``; resuming a
game that is already over is refused (:class:`GameOver`). A number of more than
:data:`DIGITS` digits names no listed action and no value.

Reading from standard input makes it scriptable.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from random import Random
from typing import Any

from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.errors import IllegalAction, LocalizedError
from regelwerk.engine.core.game import CHANCE, Game
from regelwerk.engine.core.i18n import N_, gettext_for
from regelwerk.engine.core.numbers import integer
from regelwerk.engine.core.records import GameRecord, RecordError, recorded_action
from regelwerk.engine.core.spec import seat_word

#: An answer's number: ASCII digits (``str.isdigit`` also passes "²", which ``int`` refuses).
NUMBER = re.compile(r"[0-9]+", re.ASCII)
#: An open choice's value: a whole number, perhaps signed.
VALUE = re.compile(r"[+-]?[0-9]+", re.ASCII)
#: The most digits an answer's number or value is read with (Python reads no more than
#: 4,300; no list and no open choice of a game comes near).
DIGITS = 18


class GameOver(RecordError):
    """``play --resume`` of a game that is already over: nothing is left to play."""


@dataclass(frozen=True)
class Table:
    """Who sits where: the random player's seats, and the seeded source it draws from."""

    random_seats: frozenset[int]
    seed: int | None          # None: a record whose chance is chosen (its seed is null)


def describe(game: Game[Any, Any], state: Any, option: Any, lang: str) -> str:
    """A legal action (or open choice) in words of ``lang`` (:meth:`Game.describe`)."""
    return game.describe(state, option, lang)


def position(game: Game[Any, Any], state: Any, lang: str) -> str:
    """The position in words of ``lang`` (:meth:`Game.position_text`, several lines)."""
    return game.position_text(state, lang)


def indented(text: str, margin: str = "  ") -> list[str]:
    """``text`` line by line, each with ``margin`` in front."""
    return [margin + line for line in text.splitlines()]


def seat_names(game: Game[Any, Any], record: GameRecord, lang: str | None = None
               ) -> Sequence[str]:
    """The seats' names, index ``i`` = player ``i`` (:meth:`Game.seats`, the one mapping:
    the solo seat of Florenz is violet, as the engine and the position text call it);
    with ``lang``, each in that language (:func:`seat_name`)."""
    keys = game.seats(game.rules_for(dict(record.options)))
    return [seat_name(game, key, lang) if lang else key for key in keys]


def seat_name(game: Game[Any, Any], name: str, lang: str) -> str:
    """A seat's name (a key of spec ``meta.players``) in ``lang`` (:func:`seat_word`)."""
    return seat_word(game.id, name, lang)


def parse_answer(game: Game[Any, Any], options: Sequence[Any], text: str) -> Any:
    """The action an answer names: ``N``, ``N VALUE`` (open choice) or a JSON action.
    An answer that names none raises :class:`IllegalAction`-free :class:`RecordError`."""
    words = text.split()
    if words and NUMBER.fullmatch(words[0]):
        if not options:
            raise RecordError(N_("no action is listed here, so there is no number to choose; "
                                 "give an action in the record's notation"))
        number = int(words[0]) if len(words[0]) <= DIGITS else 0
        if not 1 <= number <= len(options):
            raise RecordError(N_("choose a number from 1 to {count}"), count=len(options))
        chosen = options[number - 1]
        if type(chosen) is OpenChoice:
            if len(words) != 2 or not VALUE.fullmatch(words[1]) \
                    or len(words[1].lstrip("+-")) > DIGITS:
                raise RecordError(N_("{kind}: give the number and a whole value, e.g. "
                                     "'{number} {low}'"), kind=chosen.kind, number=number,
                                  low=chosen.low)
            return chosen.make(int(words[1]))
        if len(words) != 1:
            raise RecordError(N_("choose a number from 1 to {count}"), count=len(options))
        return chosen
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise RecordError(N_("answer with a number from the list or an action in the "
                             "record's notation")) from None
    return game.action_from_json(data)


def play(game: Game[Any, Any], record: GameRecord, table: Table, path: Path,
         answers: Iterator[str], say: Callable[[str], None], lang: str) -> GameRecord:
    """Play on from ``record`` until the game ends or the answers run out; the record
    (written to ``path`` after every action) is returned."""
    _ = translator(lang)
    state = replay(game, record)
    if game.is_terminal(state):
        raise GameOver(N_("{file}: the game is already over; nothing is left to play "
                          "(regelwerk replay {file} shows its result)"), file=path)
    rng = Random(f"{table.seed}/play/{len(record.actions)}")
    actions = list(record.actions)
    names = seat_names(game, record, lang)
    done = record
    while not game.is_terminal(state):
        mover = game.current_player(state)
        if mover == CHANCE:          # a record without a seed: chance is not play's to choose
            raise RecordError(N_("step {step}: chance acts here, but the record has no seed "
                                 "and gives no outcome for it"), step=len(actions) + 1)
        if mover in table.random_seats:
            action = game.random_action(state, rng)
            say(_("{player} (random): {action}").format(player=names[mover],
                                                        action=describe(game, state, action, lang)))
        else:
            action = ask(game, state, names[mover], answers, say, lang)
            if action is None:
                say(_("the record is saved in {file}; go on with --resume {file}").format(
                    file=path))
                return replace(record, actions=tuple(actions))
        drawn = chance_steps(game, state, action)
        state = game.apply(state, action)
        for line in chance_lines(game, drawn, lang):
            say(line)
        actions.append(game.action_to_json(action))
        done = replace(record, actions=tuple(actions), result=game.result(state))
        done.write(path)
    for line in result_lines(game, game.result(state), lang):
        say(line)
    return done


def chance_steps(game: Game[Any, Any], state: Any, action: Any) -> list[tuple[Any, Any]]:
    """What a seeded game's chance does right after ``action`` (a legal action in
    ``state``): each outcome with the state it is drawn in, so that what is drawn can be
    named (:meth:`Game.apply` lets chance act unseen). Empty for a game whose chance
    the record gives (its outcomes are actions of their own)."""
    chance = game.chance
    if chance is None or getattr(state, "seed", None) is None:
        return []
    found = []
    now = game.kind_of[type(action)].effect(state, action)
    while game.current_player(now) == CHANCE and not game.is_terminal(now):
        outcome = chance.seeded(now)
        found.append((now, outcome))
        now = game.kind_of[type(outcome)].effect(now, outcome)
    return found


def chance_lines(game: Game[Any, Any], drawn: Sequence[tuple[Any, Any]], lang: str,
                 margin: str = "  ") -> list[str]:
    """Chance's outcomes (:func:`chance_steps`) in words of ``lang``, one line each:
    "chance: the bag gives spices 3"."""
    _ = translator(lang)
    return [margin + _("chance: {action}").format(action=describe(game, before, outcome, lang))
            for before, outcome in drawn]


def result_lines(game: Game[Any, Any], result: Mapping[str, Any] | None, lang: str
                 ) -> list[str]:
    """A game's result (:meth:`Game.result`, or a record's) in words of ``lang``: who won,
    by which clause the game ended, each seat's score, and the clause that broke a tie."""
    _ = translator(lang)
    if not result:
        return [_("the game is not over")]
    winners = [seat_name(game, name, lang) for name in result.get("winners", ())]
    ended = clause_named(game, result.get("termination"), lang)
    if not winners:
        lines = [_("the game is over by {clause}: nobody wins").format(clause=ended)]
    elif len(winners) == 1:
        lines = [_("the game is over by {clause}: {winner} wins").format(
            clause=ended, winner=winners[0])]
    else:
        lines = [_("the game is over by {clause}: {winners} share the win").format(
            clause=ended, winners=", ".join(winners))]
    scores = result.get("scores") or {}
    if scores:
        lines.append(_("scores: {scores}").format(scores=", ".join(
            f"{seat_name(game, name, lang)} {integer(points, lang)}"
            for name, points in scores.items())))
    if result.get("tie_break"):
        lines.append(_("the tie was broken by {clause}").format(
            clause=clause_named(game, result["tie_break"], lang)))
    return lines


def result_text(game: Game[Any, Any], result: Mapping[str, Any] | None, lang: str) -> str:
    """:func:`result_lines` as one line (for an error message)."""
    return "; ".join(result_lines(game, result, lang))


def clause_named(game: Game[Any, Any], clause: Any, lang: str) -> str:
    """A clause by its id and its title in ``lang`` ("…:game.rounds (Rounds and the first
    player)"), as ``explain`` cites it; an id spec does not know, as it is."""
    from regelwerk.engine.core.clauses import clause_title

    try:
        return f"{clause} ({clause_title(game.spec, str(clause), lang)})"
    except (KeyError, LocalizedError):
        return str(clause)


def ask(game: Game[Any, Any], state: Any, name: str, answers: Iterator[str],
        say: Callable[[str], None], lang: str) -> Any:
    """A person's action: asked until one is legal; ``None`` when the answers end."""
    _ = translator(lang)
    options = list(game.legal_actions(state))
    say(_("{player} to move:").format(player=name))
    for line in indented(position(game, state, lang)):
        say(line)
    for number, option in enumerate(options, 1):
        say(f"  {number:3}. {describe(game, state, option, lang)}")
    while True:
        text = next(answers, None)
        if text is None:
            return None
        text = text.strip()
        if not text:
            continue
        try:
            action = parse_answer(game, options, text)
        except LocalizedError as exc:
            say(_("not an action: {error}").format(error=exc.message_in(lang)))
            continue
        if game.is_legal(state, action):
            return action
        refusal: IllegalAction = game.refusal(state, action)
        say(_("refused ({clause}): {reason}").format(clause=refusal.clause,
                                                    reason=refusal.message_in(lang)))


def answer_lines(stream: Any) -> Iterator[str]:
    """The answers on ``stream`` (standard input) line by line. Bytes that are not UTF-8
    are read as U+FFFD, whatever the locale's error handler, so such a line is an answer
    that names no action and is asked again (issue 32), never a ``UnicodeDecodeError``."""
    binary = getattr(stream, "buffer", None)
    if binary is None:              # a text-only stream (a test's): its lines as they are
        yield from stream
        return
    for raw in binary:
        yield raw.decode("utf-8", "replace")


def translator(lang: str) -> Callable[[str], str]:
    """``_`` of the reader's language."""
    def _(message: str) -> str:
        return gettext_for(lang, message)
    return _


def replay(game: Game[Any, Any], record: GameRecord) -> Any:
    """The state after a record's actions (each checked by the rules)."""
    state = game.new_game(seed=record.seed, options=dict(record.options))
    for index in range(len(record.actions)):
        try:      # a record without a seed gives chance's outcomes (recorded_action)
            state = game.apply(state, recorded_action(game, state, record, index))
        except (IllegalAction, RecordError) as exc:
            raise RecordError(N_("action {index}: {error}"), index=index + 1,
                              error=exc) from None
    return state


def start(game: Game[Any, Any], seed: int, options: Mapping[str, Any]) -> GameRecord:
    """The record of a game about to begin (options checked by the game), keeping every
    reading it is played under (:meth:`GameRecord.played`)."""
    game.rules_for(options)
    return GameRecord.played(game, seed, (), options)
