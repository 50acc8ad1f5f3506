"""The rules lawyer: why an action is legal or not at a point of a recorded game.

:func:`explain` replays a game record to a step and answers, in the reader's language:

* the legal actions there, grouped by the clause that allows them (each action
  kind's clause), each clause with its title and the interpretation register's
  entries that cite it;
* for a given action: legal or not, and the clause that decides it (for an
  illegal one, :meth:`Game.refusal`: the clause it breaks and why);
* for a finished game: each player's score item by item, each line citing its
  clause (the game's ``score_items``), as OpenFisca's trace does for a computation.

The position there is shown in words (the game's ``position``). The command
``regelwerk explain FILE --step N [--action A]`` prints it; the site's
worked examples can call the same function.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from regelwerk import games
from regelwerk.engine.core.actions import OpenChoice
from regelwerk.engine.core.clauses import clause_title
from regelwerk.engine.core.errors import IllegalAction, LocalizedError, translate
from regelwerk.engine.core.game import CHANCE, Game, ScoreItem
from regelwerk.engine.core.i18n import N_, gettext_for, pgettext_for
from regelwerk.engine.core.records import GameRecord, RecordError, recorded_action
from regelwerk.engine.core.spec import Spec, SpecError

#: How many actions of one clause the text lists before it says how many more there are.
SHOWN_PER_CLAUSE = 12


@dataclass(frozen=True)
class Interpretation:
    """A register entry whose question arises in the position: its id, question, the
    reading in force in this game (its text, and the variant's value, ``variant=value``)."""

    id: str
    question: str
    decision: str
    in_force: str = ""

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "question": self.question, "decision": self.decision,
                "in_force": self.in_force}


@dataclass(frozen=True)
class Clause:
    """A clause as the lawyer cites it: id, title, the register entries citing it."""

    id: str
    title: str
    interpretations: tuple[Interpretation, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title,
                "interpretations": [i.to_json() for i in self.interpretations]}


@dataclass(frozen=True)
class Group:
    """The legal actions one clause allows (in words, and in the record's notation)."""

    clause: Clause
    actions: tuple[str, ...]
    notations: tuple[Any, ...]


@dataclass(frozen=True)
class Verdict:
    """One action asked about: legal or not, the clause that decides, and why."""

    action: str
    legal: bool
    clause: Clause
    reason: str


@dataclass(frozen=True)
class ScoreLine:
    """One item of a player's final score."""

    clause: Clause
    label: str
    points: int


@dataclass(frozen=True)
class PlayerScore:
    """A player's final score item by item; ``player`` is the seat's key (spec
    ``meta.players``), ``name`` the seat's name in the explanation's language."""

    player: str
    total: int
    lines: tuple[ScoreLine, ...]
    name: str = ""


@dataclass(frozen=True)
class Explanation:
    """Everything :func:`explain` found at one step of one game, in one language."""

    game: str
    step: int
    steps: int
    to_move: str
    position: str               # in words of the language (the game's ``position``), lines
    groups: tuple[Group, ...]
    verdict: Verdict | None
    scores: tuple[PlayerScore, ...]
    #: the register entries whose question arises in this position (:func:`arising`)
    arising: tuple[Interpretation, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game, "step": self.step, "steps": self.steps, "to_move": self.to_move,
            "position": self.position,
            "arising": [i.to_json() for i in self.arising],
            "legal": [{**g.clause.to_json(), "actions": [
                {"words": w, "action": n} for w, n in zip(g.actions, g.notations, strict=True)]}
                for g in self.groups]}
        if self.verdict is not None:
            v = self.verdict
            data["action"] = {"action": v.action, "legal": v.legal, "reason": v.reason,
                              "clause": v.clause.to_json()}
        if self.scores:
            data["scores"] = [{"player": s.player, "name": s.name or s.player, "total": s.total, "items": [
                {"clause": line.clause.id, "title": line.clause.title, "label": line.label,
                 "points": line.points} for line in s.lines]} for s in self.scores]
        return data

    def lines(self, lang: str) -> list[str]:
        """The explanation as text in ``lang`` (the language it was made in)."""
        _ = _translator(lang)
        out = [_("{game}, step {step} of {steps}: {player} to move").format(
            game=self.game, step=self.step, steps=self.steps, player=self.to_move),
            _("position:"), *indented(self.position)]
        if self.verdict is not None:
            v = self.verdict
            verdict = _("legal") if v.legal else _("illegal")
            out.append(_("action {action}: {verdict} by {clause} ({title})").format(
                action=v.action, verdict=verdict, clause=v.clause.id, title=v.clause.title))
            if v.reason:
                out.append(_("  why: {reason}").format(reason=v.reason))
            out += _interpretation_lines(v.clause, lang)
        if self.arising:
            out.append(_("interpretations whose question arises here:"))
            out += [_("  {id}: {question} -> {decision} (this game: {in_force})").format(
                id=i.id, question=i.question, decision=i.decision, in_force=i.in_force)
                for i in self.arising]
        if self.groups:
            out.append(_("legal actions by the clause that allows them:"))
        for group in self.groups:
            out.append(f"  {group.clause.id}: {group.clause.title}")
            out += ["  " + line for line in _interpretation_lines(group.clause, lang)]
            for words in group.actions[:SHOWN_PER_CLAUSE]:
                out.append(f"    - {words}")
            if len(group.actions) > SHOWN_PER_CLAUSE:
                out.append(_("    … and {count} more").format(
                    count=len(group.actions) - SHOWN_PER_CLAUSE))
        for score in self.scores:
            out.append(_("{player}: {total} in all").format(player=score.name or score.player,
                                                             total=score.total))
            for line in score.lines:
                label = f" ({line.label})" if line.label else ""
                out.append(f"  {line.points:+5d}  {line.clause.id}: {line.clause.title}{label}")
        return out


def indented(text: str) -> list[str]:
    """A several-line text (the position) indented under its heading."""
    return ["  " + line for line in text.splitlines()]


def _interpretation_lines(clause: Clause, lang: str) -> list[str]:
    _ = _translator(lang)
    return [_("  interpretation {id}: {question} -> {decision} (this game: {in_force})").format(
        id=i.id, question=i.question, decision=i.decision, in_force=i.in_force)
        for i in clause.interpretations]


def arising(game: Game[Any, Any], record: GameRecord, step: int, state: Any,
            action: Any = None) -> dict[str, str]:
    """The register entries whose question arises at ``step`` of ``record`` (``state``,
    the position there): those with a variant whose other reading, playing the same
    recorded actions up to here, offers the same actions just before this step but
    here offers other actions, judges ``action`` otherwise, scores the finished game
    otherwise, or offers otherwise after one of the legal actions (:func:`offered`).
    A reading under which the record does not even reach this step, or that already
    offered otherwise before it, raised its question earlier, not here. Each entry maps
    to the value in force in this game (its options, the register's decision else)."""
    from regelwerk.engine.core.readings import resolved

    chosen = resolved(game, record.options)
    before = replay_to(game, record, step - 1) if step else None
    here: tuple[Any, ...] | None = None
    found = {}
    for variant in game.variants:
        for value in variant.choices:
            if value == chosen[variant.name] or variant.interpretation in found:
                continue
            other = _replayed(game, replace(record, options={**chosen, variant.name: value}),
                              step)
            if other is None:
                continue
            if before is not None and offered(game, other[0], None, 0) != \
                    offered(game, before, None, 0):
                continue                # the question arose before this step
            if offered(game, other[1], action, 0) != offered(game, state, action, 0):
                found[variant.interpretation] = chosen[variant.name]
                continue
            here = offered(game, state, action) if here is None else here
            if offered(game, other[1], action) != here:
                found[variant.interpretation] = chosen[variant.name]
    return found


def _replayed(game: Game[Any, Any], record: GameRecord, step: int) -> tuple[Any, Any] | None:
    """The positions before and after the first ``step`` actions of ``record`` played
    under its options, or ``None`` where they do not play."""
    try:
        state = previous = game.new_game(seed=record.seed, options=dict(record.options))
        for index in range(step):
            previous, state = state, game.apply(state, recorded_action(game, state, record, index))
    except (LocalizedError, ArithmeticError, LookupError, TypeError, ValueError):
        return None
    return previous, state


#: How many legal actions :func:`offered` follows one step further (beyond, only the offer
#: itself is compared: a position with thousands of actions is judged by its listing).
FOLLOWED = 200


def offered(game: Game[Any, Any], state: Any, action: Any, depth: int = 1) -> tuple[Any, ...]:
    """What a player sees of a position: the legal actions, the judged action's
    legality, a finished game's outcome, and (``depth``) the same one action further
    for each legal action, so a reading that changes an action's effect shows too."""
    try:
        listed = [a for a in game.legal_actions(state) if type(a) is not OpenChoice]
        legal = {json.dumps(game.action_to_json(a), sort_keys=True): a for a in listed}
        judged = None if action is None else game.is_legal(state, action)
        outcome = game.outcome(state)
        further: tuple[Any, ...] = ()
        if depth and len(legal) <= FOLLOWED:
            further = tuple(offered(game, game.apply(state, a), None, depth - 1)
                            for _, a in sorted(legal.items()))
    except (LocalizedError, ArithmeticError, LookupError, TypeError, ValueError):
        return ("unplayable",)
    return (frozenset(legal), judged, None if outcome is None else outcome.to_json(), further)


def _translator(lang: str) -> Any:
    return lambda message: gettext_for(lang, message)


def cite(spec: Spec, clause_id: str, lang: str,
         shown: Mapping[str, str] | None = None) -> Clause:
    """A clause with its title and, in ``lang``, the interpretation entries citing it
    whose question arises here (``shown``: entry id → the variant's value in force;
    ``None``: no entry)."""
    try:
        title = clause_title(spec, clause_id, lang)
    except SpecError:           # a clause the spec does not know: cited by its id alone
        title = ""
    entries = [i for item_id, value in (shown or {}).items()
               if clause_id in spec.interpretations[item_id].clauses
               for i in cite_entry(spec, item_id, value, lang)]
    return Clause(clause_id, title, tuple(entries))


def cite_entry(spec: Spec, item_id: str, value: str, lang: str) -> tuple[Interpretation, ...]:
    """A register entry with the reading ``value`` in force, in ``lang``."""
    item = spec.interpretations[item_id]
    chosen = next((o for o in item.options if o["id"] == value), None)
    text = (pgettext_for(lang, f"{item.id}#option.{value}", chosen["text"])
            if chosen is not None else value)
    return (Interpretation(item.id, pgettext_for(lang, f"{item.id}#question", item.question),
                           text, f"{item.variant}={value}"),)


def replay_to(game: Game[Any, Any], record: GameRecord, step: int) -> Any:
    """The state after the first ``step`` actions of ``record``."""
    if not 0 <= step <= len(record.actions):
        raise RecordError(N_("step {step} is not in the game: it has steps 0 to {last}"),
                          step=step, last=len(record.actions))
    state = game.new_game(seed=record.seed, options=dict(record.options))
    for index, raw in enumerate(record.actions[:step]):
        try:
            state = game.apply(state, game.action_from_json(raw))
        except (IllegalAction, RecordError) as exc:
            raise RecordError(N_("action {index}: {error}"), index=index + 1, error=exc) from None
    return state


def parse_action(game: Game[Any, Any], legal: Sequence[Any], given: Any) -> Any:
    """The action asked about: a number of the listing (``3``, or ``3 12`` for an open
    choice), an action in the record's notation (text or mapping)."""
    from regelwerk.play import parse_answer

    if isinstance(given, Mapping):
        return game.action_from_json(dict(given))
    return parse_answer(game, legal, str(given).strip())


def _kind_clause(game: Game[Any, Any], option: Any) -> str:
    action = option.make(option.low) if type(option) is OpenChoice else option
    return str(game.kind_of[type(action)].clause)


def _notation(game: Game[Any, Any], option: Any) -> Any:
    if type(option) is OpenChoice:
        return {"type": option.kind, "from": option.low, "to": option.high}
    return game.action_to_json(option)


def score_lines(game: Game[Any, Any], state: Any, lang: str) -> tuple[PlayerScore, ...]:
    """A finished game's scores per player, item by item (one line per player for a game
    without ``score_items``: its total, citing the end clause)."""
    outcome = game.outcome(state)
    if outcome is None:
        return ()
    spec = game.spec
    names = list(outcome.scores)
    per_player: Sequence[Sequence[ScoreItem]] = (
        game.score_items(state) if game.score_items is not None else
        [[ScoreItem(outcome.termination, outcome.scores[name])] for name in names])
    result = []
    for name, items in zip(names, per_player, strict=True):
        lines = tuple(ScoreLine(cite(spec, item.clause, lang),
                                translate(lang, item.note, dict(item.values)) if item.note
                                else "", item.points) for item in items)
        result.append(PlayerScore(name, outcome.scores[name], lines))
    return tuple(result)


def explain(record: GameRecord, step: int | None = None, action: Any = None,
            lang: str = "en") -> Explanation:
    """What the rules say at ``step`` of ``record`` (default: its end), in ``lang``;
    ``action``: an action to judge there (see :func:`parse_action`)."""
    from regelwerk.play import position, seat_name, seat_names

    game = games.get(record.game).game
    steps = len(record.actions)
    step = steps if step is None else step
    state = replay_to(game, record, step)
    spec = game.spec
    legal = game.legal_actions(state)
    grouped: dict[str, list[Any]] = {}
    for option in legal:
        grouped.setdefault(_kind_clause(game, option), []).append(option)
    judged = None if action is None else parse_action(game, legal, action)
    shown = arising(game, record, step, state, judged)
    groups = tuple(Group(cite(spec, clause, lang, shown),
                         tuple(game.describe(state, o, lang) for o in options),
                         tuple(_notation(game, o) for o in options))
                   for clause, options in grouped.items())
    verdict = None
    if judged is not None:
        verdict = judge(game, state, judged, lang, shown)
    mover = game.current_player(state)
    names = seat_names(game, record, lang)
    to_move = (gettext_for(lang, N_("nobody (the game is over)")) if game.is_terminal(state)
               else gettext_for(lang, N_("chance")) if mover == CHANCE
               else names[mover] if 0 <= mover < len(names) else str(mover))
    scores = tuple(replace(s, name=seat_name(game, s.player, lang))
                   for s in score_lines(game, state, lang))
    entries = tuple(i for item_id in shown
                    for i in cite_entry(spec, item_id, shown[item_id], lang))
    return Explanation(record.game, step, steps, to_move, position(game, state, lang), groups,
                       verdict, scores, entries)


def judge(game: Game[Any, Any], state: Any, action: Any, lang: str,
          shown: Mapping[str, str] | None = None) -> Verdict:
    """Whether ``action`` is legal in ``state`` and the clause that decides it (with the
    register entries ``shown``, see :func:`cite`)."""
    spec = game.spec
    try:
        notation = json.dumps(game.action_to_json(action), ensure_ascii=False)
    except (LocalizedError, KeyError, TypeError):
        notation = repr(action)
    if game.is_legal(state, action):
        return Verdict(game.describe(state, action, lang), True,
                       cite(spec, game.kind_of[type(action)].clause, lang, shown), "")
    refusal = game.refusal(state, action)
    return Verdict(notation, False, cite(spec, refusal.clause, lang, shown),
                   refusal.message_in(lang))
