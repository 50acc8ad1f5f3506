"""Reaching card and guard situations of Florenz through play (issue 17).

Every position here is played: :func:`new` sets up a ``seed=None`` game by chance's
outcomes (:func:`regelwerk.engine.florenz.set_up`), and everything after that is
:func:`act` (``GAME.apply`` of legal actions and chance outcomes). Nothing is written
into a state.

The board used by the card tests (two families, family 0 holds the start coin):
Cosimo's carriage stands at 7, Contessina's at 1, Giovanni's at 2; their first targets
are 4, 5 and 3, so in the round each of them travels he visits his target and nothing
else (7>4, 1>5, 2>3 along the route). The round-2 and round-3 time tiles are 5 and 7.

A scandal card is reached through the deal: :func:`holding` plays the game until the
Medici who owns the card (read from the rules, so a changed owner is followed) has
travelled, having family 0 put its first debutant and the only cup at that Medici's
target; the reward for that cup is the card, chosen among his pile by chance's outcome.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from regelwerk.engine import florenz as fz
from regelwerk.engine.core.game import CHANCE

GAME = fz.GAME
F0, F1 = 0, 1
PLAYERS = 2
SPEC = fz.default_rules(PLAYERS).spec
RULES = fz.default_rules(PLAYERS)
COSIMO, CONTESSINA, GIOVANNI = range(3)
CARRIAGES = (7, 1, 2)        # location number of each Medici's carriage
TARGETS = (4, 5, 3)          # his first target
TIMES = (5, 7)               # the time tiles of rounds 2 and 3
DEBUTANT, LADY, MAESTRO = 0, 1, 2


def piece(family: int, index: int) -> int:
    """Piece id: ``family * 9 + index`` (0-4 debutants, 5-7 ladies, 8 the maestro)."""
    return family * RULES.pieces_per_family + index


def new(first: tuple[int, int], boards: Mapping[int, str] | None = None,
        start: int = F0) -> fz.State:
    """The board above, set up through chance's outcomes; ``first``: where family 1, then
    family 0 places its free first debutant (against the turn order from the start coin)."""
    state = fz.set_up({"players": PLAYERS}, start=start, carriages=CARRIAGES,
                      targets=TARGETS, times=TIMES, boards=boards or {})
    order = [(start - 1 - i) % PLAYERS for i in range(PLAYERS)]
    spots = dict(zip((F1, F0), first, strict=True))
    return act(state, *(fz.Place(spots[f]) for f in order))


def act(state: fz.State, *actions: fz.Action | fz.Drawn) -> fz.State:
    """``state`` after each action in turn, each one legal (``GAME.apply`` refuses others)."""
    for action in actions:
        state = GAME.apply(state, action)
    return state


def card_of(kind: str, rules: fz.Rules = RULES) -> int:
    """The card id of a scandal card kind (``medici * 4 + kind index``), its owner from rules."""
    for m, kinds in enumerate(rules.scandal_kinds):
        if kind in kinds:
            return m * len(kinds) + kinds.index(kind)
    raise KeyError(kind)


def owner(kind: str, rules: fz.Rules = RULES) -> int:
    """The Medici whose pile holds cards of ``kind``."""
    return card_of(kind, rules) // len(rules.scandal_kinds[0])


def travels(medici: int, rules: fz.Rules = RULES) -> int:
    """The first round in which ``medici`` travels (the disc's order)."""
    return rules.disc_medici.index(medici) + 1


def pass_turn(state: fz.State) -> fz.Action:
    """The quiet way through a turn: pass (first free ring spot) or, once passed, 1 time."""
    if state.passed[state.current]:
        return fz.BonusTime()
    return next(a for a in GAME.legal_actions(state) if isinstance(a, fz.Pass))


def finish_round(state: fz.State, cards: Iterable[int] = ()) -> fz.State:
    """Everyone passes, the Medici travels, Giovanni's offers are declined, and chance
    draws the tiles (first outcome listed) and the cards: ``cards`` in turn for the deals
    (each must be in the pile drawn from), then the first card listed. Returns the next
    round's first decision."""
    wanted = list(cards)
    start_round = state.round
    while state.round == start_round or GAME.to_move(state) == CHANCE:
        if GAME.is_over(state):
            break
        if GAME.to_move(state) == CHANCE:
            if state.draws[0][0] == fz.Draw.CARD and wanted:
                state = act(state, fz.CardDrawn(wanted.pop(0)))
            else:
                state = act(state, GAME.legal_actions(state)[0])
        elif state.phase == fz.Phase.GIOVANNI:
            state = act(state, fz.Decline())
        else:
            state = act(state, pass_turn(state))
    assert not wanted, f"cards never dealt: {wanted}"
    return state


def holding(kind: str, first_f1: int, round1: Sequence[fz.Action] = (),
            boards: Mapping[int, str] | None = None,
            f1_opens: fz.Action | None = None) -> fz.State:
    """Family 0 to act, holding one card of ``kind``, dealt through play.

    Family 1 places its first debutant at ``first_f1``, family 0 at the target of the
    card's Medici. In round 1 family 0 first boasts there (the only cup, so the top
    one), then ``round1`` is played (family 1's action first, alternating); the rounds
    are finished by passing until that Medici has travelled and rewarded the cup with
    the card. In the next round family 1, if it holds the start coin, opens with
    ``f1_opens`` (default: it passes)."""
    m = owner(kind)
    target = TARGETS[m]
    state = new((first_f1, target), boards)
    state = act(state, fz.Boast(target), *round1)
    while state.round < travels(m):
        state = finish_round(state)
    state = finish_round(state, [card_of(kind)])
    assert state.hands[F0] == (card_of(kind),), state.hands
    if state.current == F1:
        state = act(state, f1_opens or pass_turn(state))
    assert state.current == F0 and state.phase == fz.Phase.ACTIONS
    return state


def play_card(state: fz.State, kind: str, a: int = -1, b: int = -1, c: int = -1,
              d: int = -1) -> fz.Action:
    """The Scandal action playing family 0's card of ``kind`` (it must be in its hand)."""
    return fz.Scandal(state.hands[F0].index(card_of(kind)), a, b, c, d)


def edge(a: int, b: int, rules: fz.Rules = RULES) -> int:
    """The index of Cosimo's crest on the path between location numbers ``a`` and ``b``."""
    return rules.edges.index((min(a, b) - 1, max(a, b) - 1))


def members(state: fz.State, family: int, location: int) -> list[int]:
    """``family``'s pieces in the queue at location number ``location``, head first."""
    return [p for p in state.queue(location) if state.family_of(p) == family]
