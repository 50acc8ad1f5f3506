"""A position of Florenz in words of the reader's language (``Game.position``).

The round and phase and who is to move, each family's time, points, gifts, scandal
cards in hand and members in reserve, the Medici's carriages and targets, and the
nine locations with their boast board, queue (head first) and boast cups. Each line
is a gettext message of the domain ``regelwerk-florenz`` with the context
``position.<what>``; families, ranks and pieces are the glossary's words
(``spec/florenz/glossary.toml``, through :mod:`.words`); every number comes from the
state or its rules.
"""

from __future__ import annotations

from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.i18n import pgettext
from regelwerk.engine.florenz.rules import BOASTS, MEDICI
from regelwerk.engine.florenz.scandal import ASKS, MEDICI_STEP, PIECE_STEP, PLACE_STEP, STOP, card_kind
from regelwerk.engine.florenz.state import NONE, RESERVE, Phase, State, to_move
from regelwerk.engine.florenz.words import (
    BOARDS,
    PIECE_OFF,
    RANKS,
    card,
    choice,
    piece,
    term,
)

HEAD = pgettext("position.head", "Round {round} of {rounds}, {phase}: {doing}")
PHASES = {
    Phase.SETUP: pgettext("position.phase.setup", "set-up"),
    Phase.ACTIONS: pgettext("position.phase.actions", "actions"),
    Phase.GIOVANNI: pgettext("position.phase.giovanni", "Giovanni's offers"),
    Phase.OVER: pgettext("position.phase.over", "game over"),
}
TO_MOVE = pgettext("position.to_move", "{family} to move")
CHANCE_DRAWS = pgettext("position.chance", "a face-down tile or card is drawn")
OVER = pgettext("position.over", "nobody moves any more")
FAMILY = pgettext("position.family", "{family}: time {time}, points {points}, gifts {gifts}, "
                                     "scandal cards in hand {cards}, members in reserve "
                                     "{reserve}{passed}")
PASSED = pgettext("position.passed", ", has passed")
HAND = pgettext("position.hand", "  scandal cards in hand: {cards}")
CARRIAGE = pgettext("position.carriage", "{medici}: carriage at location {at}, target "
                                         "location {target}")
CARRIAGE_DONE = pgettext("position.carriage.done", "{medici}: carriage at location {at}, "
                                                   "no target left")
LOCATION = pgettext("position.location", "Location {location} ({board}): {queue}{cups}")
NO_BOARD = pgettext("position.board.none", "no boast board yet")
EMPTY = pgettext("position.queue.empty", "empty queue")
CUPS = pgettext("position.cups", "; boast cups: {families}")
CHOOSING = pgettext("position.strozzi_choice", "  Strozzi's card waits for your choice: {choices}")
PLAYING = pgettext("position.scandal", "  scandal card being played: {card} ({chosen})")
STOP_SAID = pgettext("position.scandal.stop", "stop")
NOTHING_YET = pgettext("position.scandal.none", "nothing chosen yet")


def position(state: State, lang: str) -> str:
    """The position in words of ``lang``, one line per topic."""
    rules = state.rules
    mover = to_move(state)
    if state.phase == Phase.OVER:
        doing = OVER(lang)
    elif mover == CHANCE:
        doing = CHANCE_DRAWS(lang)
    else:
        doing = TO_MOVE(lang, family=term(rules.names[mover], lang))
    lines = [HEAD(lang, round=state.round, rounds=rules.rounds, phase=PHASES[state.phase](lang),
                  doing=doing)]
    for family in range(rules.families):
        reserve = sum(1 for p in state.pieces(family) if state.where[p] == RESERVE)
        lines.append(FAMILY(lang, family=term(rules.names[family], lang),
                            time=state.clock[family], points=state.points[family],
                            gifts=state.gifts[family], cards=len(state.hands[family]),
                            reserve=reserve, passed=PASSED(lang) if state.passed[family] else ""))
        if family == mover and state.hands[family]:
            lines.append(HAND(lang, cards=", ".join(card(state, c, lang)
                                                    for c in state.hands[family])))
        if family == mover and state.scandal:
            lines.append(PLAYING(lang, card=card(state, state.scandal[1], lang),
                                 chosen=", ".join(_chosen(state, lang)) or NOTHING_YET(lang)))
        if family == mover and state.automa is not None and state.automa.pending:
            lines.append(CHOOSING(lang, choices="; ".join(
                f"{i}: {choice(state, i, lang)}"
                for i in range(len(state.automa.pending) - 2))))
    for medici, at in enumerate(state.carriages):
        name = MEDICI[medici].capitalize()
        target = state.targets[medici] if medici < len(state.targets) else NONE
        lines.append(CARRIAGE_DONE(lang, medici=name, at=at + 1) if target == NONE
                     else CARRIAGE(lang, medici=name, at=at + 1, target=target + 1))
    for index in range(rules.locations):
        board = state.boards[index] if index < len(state.boards) else NONE
        queue = ", ".join(PIECE_OFF(lang, rank=term(RANKS[state.rank_of(p)], lang),
                                    family=term(rules.names[state.family_of(p)], lang))
                          for p in state.queues[index])
        cups = [term(rules.names[f], lang) for f in state.cups[index] if f >= 0]
        lines.append(LOCATION(lang, location=index + 1,
                              board=BOARDS[BOASTS[board]](lang) if board >= 0 else NO_BOARD(lang),
                              queue=queue or EMPTY(lang),
                              cups=CUPS(lang, families=", ".join(cups)) if cups else ""))
    return "\n".join(lines)


def _chosen(state: State, lang: str) -> list[str]:
    """The choices made so far for the card being played: members in words, Medici by
    name, a walk's stop, locations and crests by their number."""
    said = []
    asks = ASKS.get(card_kind(state, state.scandal[1]))
    member = True           # a long walk: a member first, and after a stop
    for n, value in enumerate(state.scandal[2:]):
        asked = asks[n] if asks is not None else PIECE_STEP if member else PLACE_STEP
        member = value == STOP
        if value == STOP:
            said.append(STOP_SAID(lang))
        elif asked == PIECE_STEP:
            said.append(piece(state, value, lang))
        elif asked == MEDICI_STEP:
            said.append(MEDICI[value].capitalize())
        else:
            said.append(str(value))
    return said
