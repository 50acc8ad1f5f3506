"""The solo game (Das Solospiel): you against the automa Palla Strozzi.

``new_game(options={"players": 1})`` plays with two families: the player
(family 0, holder of the start coin) and Strozzi (``rules.automa``). Strozzi
has two colours of pieces (orange, blue: piece sets 0 and 1 of his family) and
takes no decisions: whenever he would act, chance draws one of his ten cards
and the engine carries it out (:func:`play_card`). His deck is a pile
(:mod:`regelwerk.engine.core.piles`) shuffled by ``seeded_rng(seed,
"strozzi", ...)``; a seeded game's chance takes its top at once, so every state
the caller sees is the player's decision (or the end). With ``seed=None`` the
draw waits as a chance node (``(Draw.STROZZI,)`` in ``state.draws``, outcome
:class:`~.actions.StrozziDrawn`, :func:`strozzi_drawn`). The easier/harder rules
are the variant ``solo_level``. Numbers come from the spec's ``solo.*`` entries.
"""

from __future__ import annotations

from typing import Any, Final

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.piles import drawn, seeded_draw, shuffled
from regelwerk.engine.core.tuples import added, replaced
from regelwerk.engine.florenz.actions import StrozziChoice, StrozziDrawn
from regelwerk.engine.florenz.board import (
    credit,
    cups_left,
    gain,
    gained,
    joined,
    promoted,
    pushing,
)
from regelwerk.engine.florenz.rules import (
    CONTESSINA,
    COSIMO,
    DEBUTANT,
    GIOVANNI,
    LADY,
    LETTERS,
    MAESTRO,
    Rules,
)
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.scoring import achievement
from regelwerk.engine.florenz.state import NONE, RESERVE, Automa, Draw, Phase, Source, State

C = prefix(ID) + "solo."
_ACTIONS: Final = Phase.ACTIONS      # a plain name: a class attribute lookup per use costs time
_DRAWING: Final = ((int(Draw.STROZZI),),)      # ``state.draws`` while Strozzi's card is drawn

# The points where Strozzi's turn waits for the player (``Automa.pending[0]``; the detail and
# the candidates follow, the fixed reading's pick first): :func:`strozzi_choice`.
CARD5_TIE: Final = 0        # (CARD5_TIE, card, *colours): card 5, a tie of his colours
FRIEND_LADY: Final = 1      # (FRIEND_LADY, location index, *debutants): card 7, a lady
FRIEND_MAESTRO: Final = 2   # (FRIEND_MAESTRO, location index, *ladies): card 7, the maestro


def escort_points(rules: Rules) -> int:
    return rules.tables.solo_escort_points


def group(state: State) -> int:
    """0, 1, 2 for rounds 1-3, 4-6, 7-9."""
    return (state.round - 1) // state.rules.tables.solo_rounds_per_group


@implements(C + "letters")
def letter_medici(state: State, letter: int) -> int:
    """Medici A (0), B (1) or C (2): active now, next round, the round after (the last
    round's Medici stands in for rounds beyond the game)."""
    rules = state.rules
    return rules.disc_medici[min(state.round - 1 + letter, rules.rounds - 1)]


def letter_target(state: State, letter: int) -> int:
    return state.targets[letter_medici(state, letter)]


def _colour_pieces(state: State, colour: int) -> range:
    rules = state.rules
    per = rules.pieces_per_family // rules.colours
    base = rules.automa * rules.pieces_per_family + colour * per
    return range(base, base + per)


def _reserve(state: State, colour: int, rank: int) -> int:
    """A piece of Strozzi's ``colour`` and ``rank`` on his board, or -1 if none is left."""
    rules = state.rules
    base = rules.automa * rules.pieces_per_family + colour * (rules.pieces_per_family
                                                             // rules.colours)
    where = state.where
    for offset in rules.tables.set_rank_offsets.get(rank, ()):
        if where[base + offset] == RESERVE:
            return base + offset
    return -1


def _colour(state: State, name: str) -> int:
    colours: list[str] = state.rules.spec.meta["solo_colours"]
    return colours.index(name)


# ----------------------------------------------------------------- setup and time

def _park_guard_edge(rules: Rules) -> int:
    """The path whose crest takes the set-up's guard when Cosimo's first arrow takes the
    park path (``solo.park_guard_path``)."""
    x, y = (v - 1 for v in rules.spec["solo.park_guard_path"])
    return rules.edge_index[min(x, y), max(x, y)]


@implements(C + "setup", C + "setup_guards", C + "setup_debutants")
def setup(state: State) -> State:
    """Strozzi's deck, start coin for the player, his guards and first debutants."""
    rules = state.rules
    a = rules.automa
    human = 1 - a
    deck = shuffled(range(len(rules.spec["solo.card_kind"])), state.seed, "strozzi", 0)
    plans = list(state.plans)
    if rules.solo_level != "harder":
        plans[a] = NONE
    state = state._replace(automa=Automa(deck, (), 0, 0, NONE), start=human,
                           plans=tuple(plans))
    if rules.solo_level != "easier":
        guards = rules.spec["solo.start_guards"]
        first = state.carriages[COSIMO]
        nxt = rules.route_next[first]
        edge = (min(first, nxt), max(first, nxt))
        e = rules.edge_index[edge] if edge in rules.edge_index \
            else _park_guard_edge(rules)         # the first arrow takes the park path
        spy, door = state.targets[CONTESSINA], state.targets[GIOVANNI]
        state = state._replace(
            escorts=replaced(state.escorts, e, state.escorts[e] + (a,)),
            spies=replaced(state.spies, spy, state.spies[spy] + (a,)),
            doormen=replaced(state.doormen, door, state.doormen[door] + (a,)),
            guards=added(state.guards, a, -guards))
    for medici, colour in ((COSIMO, 0), (GIOVANNI, 1)):
        loc = state.targets[medici]
        piece = _reserve(state, colour, DEBUTANT)
        state = state._replace(where=replaced(state.where, piece, loc),
                               queues=replaced(state.queues, loc, state.queues[loc] + (piece,)))
    return state._replace(current=human, setup_left=1)


@implements(C + "time")
def start_round(state: State, amount: int) -> State:
    """Phase 1 for Strozzi, then his turns if he holds the start coin.

    His time replaces the families' (time.gain, which :func:`.turns.start_round` does
    not give him): round 1 leaves his clock at ``solo.start_time`` whatever it showed
    (interp.solo_round1_time); later rounds add ``fns.automa_time`` of the round's
    tile to what his clock shows (interp.solo_time_replaces)."""
    rules = state.rules
    t = rules.tables
    a = rules.automa
    if state.round == 1:
        clock = t.solo_start_time
        if rules.solo_round1 == "level_changes_round1":       # the level changes round 1 too
            clock = rules.fns.automa_time(clock, t.solo_min_time, t.solo_time_change,
                                          t.solo_time_top)
        elif rules.solo_round1 == "gain_six":       # a gain on the set-up's clock
            clock = gained(rules, state.clock[a], clock)
    else:
        gain = rules.fns.automa_time(amount, t.solo_min_time, t.solo_time_change, t.solo_time_top)
        clock = gained(rules, state.clock[a], gain)
    assert state.automa is not None
    state = state._replace(clock=replaced(state.clock, a, clock),
                           automa=state.automa._replace(drawn=0, first_passer=NONE))
    return turns(state)


# ----------------------------------------------------------------- turns

@implements(C + "turn", C + "harder")
def turns(state: State, current: int | None = None) -> State:
    """Play Strozzi's turns (and skip the player's bonus in the harder game) until the
    player has a decision, chance draws Strozzi's card, or the action phase is over.

    ``current``: the family whose turn it is, when ``state.current`` does not show it yet
    (the turn order is written into the state together with Strozzi's card, not apart).
    """
    rules = state.rules
    a = rules.automa
    harder = rules.solo_level == "harder"
    families = rules.families
    f = state.current if current is None else current
    while state.phase == _ACTIONS:
        passed = state.passed
        if all(passed):
            return state.rules.medici_phase(_turn_of(state, f))
        if f == a:
            then = (f + 1) % families
            state = automa_turn(state, then)         # also hands the turn on to ``then``
            if state.draws or waits(state):
                return state        # his card is drawn (strozzi_drawn) or you choose for him
            if all(state.passed):
                return state.rules.medici_phase(_turn_of(state, f))
            f = then
            continue
        if not (passed[f] and harder
                and state.automa is not None and state.automa.first_passer == f):
            return _turn_of(state, f)
        # else: no bonus for the player
        f = (f + 1) % families
    return _turn_of(state, f)


def waits(state: State) -> bool:
    """Whether Strozzi's turn waits for the player's choice (``Automa.pending``)."""
    auto = state.automa
    return auto is not None and bool(auto.pending)


def _turn_of(state: State, family: int) -> State:
    return state if state.current == family else state._replace(current=family)


def automa_turn(state: State, then: int | None = None) -> State:
    """Strozzi's turn; ``then`` (if given) becomes the family to decide in the result."""
    rules = state.rules
    a = rules.automa
    if state.passed[a]:
        return passed_bonus(state, then)
    clock = state.clock[a]
    if clock <= 0:
        return automa_pass(state, then)
    if _keeps_time_for_giovanni(state):
        return automa_pass(state, then)
    return play_card(state, then)


def _keeps_time_for_giovanni(state: State) -> bool:
    """In Giovanni's rounds: Strozzi has less than ``solo.giovanni_pass_below`` time and a
    member at Giovanni's place (his target, or his carriage under the reading
    ``carriage``: interp.solo_giovanni_place)."""
    rules = state.rules
    a = rules.automa
    if state.clock[a] >= rules.tables.solo_giovanni_pass_below or \
            rules.disc_medici[state.round - 1] != GIOVANNI:
        return False
    where = state.carriages if rules.giovanni_place == "carriage" else state.targets
    per = rules.pieces_per_family
    return any(p // per == a for p in state.queues[where[GIOVANNI]])


def _swap_at(state: State, loc: int) -> tuple[int, int] | None:
    """Strozzi's rearmost member there and the player's member directly in front, if the
    two may swap (the passed-family bonus rules)."""
    rules = state.rules
    a, per, rank = rules.automa, rules.pieces_per_family, rules.piece_rank
    queue = state.queues[loc]
    mine = [i for i, p in enumerate(queue) if p // per == a]
    if not mine or mine[-1] == 0:
        return None
    i = mine[-1]
    front, back = queue[i - 1], queue[i]
    if rules.fns.swap_allowed(rank[front % per], rank[back % per], front // per, a):
        return front, back
    return None


@implements(C + "pass")
def automa_pass(state: State, then: int | None = None) -> State:
    """Strozzi passes; his ring goes to the first target of A, B, C where he could swap
    and does not head the queue, else the first where he could swap, else nowhere.
    ``then`` (if given) becomes the family to decide."""
    rules = state.rules
    a = rules.automa
    changes: dict[str, Any] = {} if then is None else {"current": then}
    if not any(state.passed):
        assert state.automa is not None
        changes["automa"] = state.automa._replace(first_passer=a)
        if rules.solo_level == "harder":
            changes["clock"] = gain(state.clock, a, rules.tables.solo_first_pass_time, rules)
        elif rules.solo_always_pass_first:    # as for families (action.pass_first)
            changes["clock"] = gain(state.clock, a, rules.first_pass_time, rules)
    passed = replaced(state.passed, a, True)
    if all(passed):
        return state._replace(passed=passed, **changes)
    taken = set(state.rings)
    spots = [letter_target(state, k) for k in range(len(LETTERS))]
    spots = [loc for loc in spots if loc != NONE and loc not in taken
             and _swap_at(state, loc) is not None]
    best = [loc for loc in spots if state.family_of(state.queues[loc][0]) != a]
    ring = (best or spots or [NONE])[0]
    return state._replace(passed=passed, rings=replaced(state.rings, a, ring), **changes)


@implements(C + "bonus")
def passed_bonus(state: State, then: int | None = None) -> State:
    """Strozzi's bonus after passing; ``then`` (if given) becomes the family to decide."""
    rules = state.rules
    a = rules.automa
    ring = state.rings[a]
    pair = _swap_at(state, ring) if ring != NONE else None
    current = state.current if then is None else then
    if pair is None:
        return state._replace(current=current, **credit(
            state, a, Source.SOLO_BONUS, rules.tables.solo_pass_points[group(state)]))
    front, back = pair
    queue = list(state.queues[ring])
    i, j = queue.index(front), queue.index(back)
    queue[i], queue[j] = queue[j], queue[i]
    return state._replace(queues=replaced(state.queues, ring, tuple(queue)), current=current)


# ----------------------------------------------------------------- cards

@implements(C + "cards")
def strozzi_pile(state: State) -> tuple[int, ...]:
    """The cards Strozzi's next card is drawn from: his deck, or when it is empty his
    discards, shuffled by ``seeded_rng(seed, "strozzi", shuffles)`` (:func:`_pile`)."""
    auto = state.automa
    assert auto is not None
    return auto.deck or _pile(state.seed, auto.deck, auto.discard, auto.shuffles)[0]


def _pile(seed: int | None, deck: tuple[int, ...], discard: tuple[int, ...],
          shuffles: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """``(deck, discard, shuffles)`` ready to draw from (the discards reshuffled if the deck
    is empty)."""
    if not deck:
        shuffles += 1
        return shuffled(discard, seed, "strozzi", shuffles), (), shuffles
    return deck, discard, shuffles


@implements(C + "cards", C + "card.party", C + "cleanup")
def play_card(state: State, then: int | None = None, card: int | None = None) -> State:
    """Strozzi draws ``card`` and carries it out; ``then`` (if given) becomes the family to
    decide (no card looks at it). Without ``card``, chance draws it: a seeded game's
    chance takes the top of his pile at once; with ``seed=None`` chance is to move
    instead (:func:`strozzi_drawn` goes on from there).

    The card leaves his pile (his discards reshuffled if it is empty). Drawn as his first
    card of the round, the party card is set aside and he draws again; it is then
    shuffled back into the deck. Otherwise he pays for the card and carries it out; it
    goes on his discards (no effect looks at them, so they are updated together with the
    draw)."""
    seed = state.seed
    if card is None and seed is None:
        if then is None:
            return state._replace(draws=_DRAWING)
        return state._replace(draws=_DRAWING, current=then)
    rules = state.rules
    t = rules.tables
    a = rules.automa
    auto = state.automa
    assert auto is not None
    deck, discard, shuffles = auto.deck, auto.discard, auto.shuffles
    if not deck:
        deck, discard, shuffles = _pile(seed, deck, discard, shuffles)
    if card is None:
        card = seeded_draw(deck)
        deck = deck[:-1]                # drawn(deck, card): the top leaves
    else:
        deck = drawn(deck, card)
    kept, under = auto.kept, auto.under
    if kept:
        kept -= 1
        if not kept:        # the old deck's kept cards are drawn: the rest goes beneath
            deck, under = shuffled((*deck, *under), seed, "strozzi", shuffles), ()
    count = auto.drawn + 1
    held = auto.held
    if held == NONE and count == 1 and t.solo_card_kind[card] == "party" and \
            _party_put_back(rules, state.round):
        state = state._replace(automa=auto._replace(deck=deck, discard=discard,
                                                    shuffles=shuffles, drawn=count, held=card,
                                                    kept=kept, under=under))
        return play_card(state, then)               # he draws again
    if held != NONE:                                # the party card goes back
        deck, kept, under = _merged(seed, deck, kept, under, shuffles)
        deck = shuffled((*deck, held), seed, "strozzi", shuffles, state.round, "party")
    clock = _paid(rules, state.clock[a], t.solo_card_cost[card])
    state = state._replace(clock=replaced(state.clock, a, clock),
                           automa=Automa(deck, (*discard, card), shuffles, count,
                                         auto.first_passer, NONE, kept, under, auto.pending),
                           draws=(), current=state.current if then is None else then)
    state = CARDS[t.solo_card_kind[card]](state, card)
    if waits(state):
        return state                    # you choose for him: strozzi_choice goes on
    return _after_card(state)


def _after_card(state: State) -> State:
    """Under the reading ``target_at_once`` (interp.solo_giovanni_place) he passes in this
    turn once a card leaves him keeping his time for Giovanni."""
    if not state.passed[state.rules.automa] and \
            state.rules.giovanni_place == "target_at_once" and \
            _keeps_time_for_giovanni(state):
        return automa_pass(state)       # checked after each card: he passes in this turn
    return state


def _party_put_back(rules: Rules, round_: int) -> bool:
    """Whether the party card drawn first in ``round_`` is set aside: in every round, or
    only in Giovanni's under the reading ``giovanni_only`` (interp.solo_party_first_card)."""
    return not rules.party_giovanni_only or \
        rules.disc_medici[round_ - 1] == GIOVANNI


def _paid(rules: Rules, clock: int, cost: int) -> int:
    """Strozzi's clock after paying ``cost`` (``fns.automa_pay``, from the table where it
    holds the value)."""
    value = rules.tables.pay_at.get((clock, cost))
    if value is None:       # outside the table: ask the rule itself
        value = rules.fns.automa_pay(clock, cost)
    return value


@implements(C + "cards", C + "turn")
def strozzi_drawn(state: State, action: StrozziDrawn) -> State:
    """Chance's card for Strozzi (``seed=None``): he carries it out (:func:`play_card`),
    then the turns go on (:func:`turns`), unless he draws again."""
    state = play_card(state, None, action.card)
    if state.draws or waits(state):
        return state        # the party card is set aside (he draws again), or you choose
    return _turn_done(state)


def _turn_done(state: State) -> State:
    """After Strozzi's card: the Medici phase if everyone has passed, else the turns go on
    with the family after him (:func:`turns`)."""
    a = state.rules.automa
    if all(state.passed):
        return state.rules.medici_phase(_turn_of(state, a))
    return turns(state, (a + 1) % state.rules.families)


def _merged(seed: int | None, deck: tuple[int, ...], kept: int, under: tuple[int, ...],
            shuffles: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """``(deck, 0, ())``: Strozzi's deck as one pile again: the old deck's top ``kept``
    cards on the rest of it and ``under``, shuffled as the clean-up does it."""
    if not kept:
        return deck, 0, under
    top = len(deck) - kept
    return (*shuffled((*deck[:top], *under), seed, "strozzi", shuffles), *deck[top:]), 0, ()


def _open_spot(state: State, letter: int, piece: int = -1) -> int:
    """Where a card's members go: the letter's target, the others A-B-C-A, then backwards
    against the arrows from A's target until a queue has room (-1: nowhere). ``piece``:
    the member placed, where his doorman may make room (read ``push_out``,
    interp.doorman_full: :func:`.board.takes`)."""
    rules = state.rules
    n = len(LETTERS)
    queues, targets, disc = state.queues, state.targets, rules.disc_medici
    open_at = rules.tables.open_at
    push = rules.push_out and piece >= 0
    now, last = state.round - 1, rules.rounds - 1
    for k in range(letter, letter + n):
        loc = targets[disc[min(now + k % n, last)]]        # letter_target(state, k % n)
        if loc != NONE and (open_at[len(queues[loc])]
                            or (push and pushing(state, queues[loc], loc, piece))):
            return loc
    loc = letter_target(state, 0)
    if loc == NONE:
        return -1
    previous = rules.tables.previous
    for _ in range(len(rules.route_next)):
        loc = previous[loc]
        if open_at[len(queues[loc])] or (push and pushing(state, queues[loc], loc, piece)):
            return loc
    return -1


@implements(C + "card.recall")
def _take(state: State, colour: int, rank: int) -> tuple[State, int]:
    """A piece of ``colour`` and ``rank`` from Strozzi's board; when none is left, every
    member of that colour not at a Medici's target goes back first (-1: none to take)."""
    piece = _reserve(state, colour, rank)
    if piece >= 0:
        return state, piece
    targets = {t for t in state.targets if t != NONE}
    where, queues = list(state.where), list(state.queues)
    moved = False
    for p in _colour_pieces(state, colour):
        if where[p] >= 0 and where[p] not in targets:
            queues[where[p]] = tuple(x for x in queues[where[p]] if x != p)
            where[p] = RESERVE
            moved = True
    if not moved:
        return state, -1
    state = state._replace(where=tuple(where), queues=tuple(queues))
    return state, _reserve(state, colour, rank)


def _place(state: State, colour: int, rank: int, letter: int, before_debutants: bool) -> State:
    state, piece = _take(state, colour, rank)
    if piece < 0:
        return state
    loc = _open_spot(state, letter, -1 if before_debutants else piece)
    if loc < 0:
        return state
    queue = state.queues[loc]
    if not before_debutants:
        queues, where = joined(state, state.queues, state.where, loc, piece)
        return state._replace(where=where, queues=queues)
    ranks, per = state.rules.piece_rank, state.rules.pieces_per_family
    pos = len([p for p in queue if ranks[p % per] > DEBUTANT])
    queue = (*queue[:pos], piece, *queue[pos:])
    return state._replace(where=replaced(state.where, piece, loc),
                          queues=replaced(state.queues, loc, queue))


@implements(C + "card.place")
def card_place(state: State, card: int) -> State:
    """Cards 1-5. Card 5 takes the colour he has fewer of on the board; on a tie the first
    colour, or the player's choice under the reading ``ask_player`` of
    interp.solo_card5_tie (his turn waits: :func:`strozzi_choice`), unless the card's
    Medici is Giovanni (he places both colours then)."""
    rules = state.rules
    letter = rules.tables.solo_card_letter[card]
    colour = rules.tables.solo_card_colour[card]
    if colour < 0:                          # card 5: the colour with fewer on the board
        where = state.where
        counts = [len([p for p in _colour_pieces(state, c) if where[p] >= 0])
                  for c in range(rules.colours)]
        fewest = min(counts)
        tied = [c for c in range(rules.colours) if counts[c] == fewest]
        if len(tied) > 1 and letter_medici(state, letter) != GIOVANNI and \
                rules.card5_ask:
            return _ask(state, (CARD5_TIE, card, *tied))
        colour = tied[0]
    return _placed(state, card, colour)


def _placed(state: State, card: int, colour: int) -> State:
    """Card ``card`` places members of ``colour`` (both colours for Giovanni)."""
    rules = state.rules
    letter = rules.tables.solo_card_letter[card]
    medici = letter_medici(state, letter)
    if medici == COSIMO:
        return _place(state, colour, DEBUTANT, letter, before_debutants=True)
    if medici == CONTESSINA:
        return _place(state, colour, LADY, letter, before_debutants=False)
    for c in range(rules.colours):
        state = _place(state, c, DEBUTANT, letter, before_debutants=False)
    return state


@implements(C + "card.party", C + "harder")
def card_party(state: State, card: int) -> State:
    rules = state.rules
    a = rules.automa
    t = rules.tables
    keep = t.solo_party_keep_giovanni if rules.disc_medici[state.round - 1] == GIOVANNI else 0
    clock = min(state.clock[a], keep)
    spent = state.clock[a] - clock
    if rules.solo_level == "harder":
        state = state._replace(clock=replaced(state.clock, a, clock),
                               **credit(state, a, Source.SOLO_PARTY, spent * t.solo_party_points))
    else:
        state = state._replace(clock=replaced(state.clock, a, clock))
    return automa_pass(state)


@implements(C + "card.friend", C + "card.recall")
def card_friend(state: State, card: int) -> State:
    """At the targets of A, B, C in turn: a debutant of his becomes a lady where he has no
    lady yet and a lady is on his board; else a lady of his there becomes the maestro of
    her colour (recalled first by the box's rule if it stands away from every target:
    :func:`_take`); the first target where either works. Nowhere: he boasts
    (interp.solo_friend_card)."""
    recall = state.rules.friend_card != "per_target_reserve_only"
    # the other reading ladies_first_everywhere: every target's debutant first, then maestros
    passes = ((True, False), (False, True)) \
        if state.rules.friend_card == "ladies_first_everywhere" else ((True, True),)
    for ladies_now, maestros_now in passes:
        for letter in range(len(LETTERS)):
            loc = letter_target(state, letter)
            if loc != NONE:
                done = _befriend(state, loc, ladies_now, maestros_now, recall)
                if done is not None:
                    return done
    return card_boast(state, state.rules.tables.solo_boast)


def _befriend(state: State, loc: int, ladies_now: bool, maestros_now: bool,
              recall: bool) -> State | None:
    """Card 7 at location index ``loc``: a debutant of Strozzi's becomes a lady (if
    ``ladies_now``) or a lady of his the maestro (if ``maestros_now``); ``None``: neither."""
    a = state.rules.automa
    mine = [p for p in state.queues[loc] if state.family_of(p) == a]
    ladies = [p for p in mine if state.rank_of(p) == LADY]
    # where several members qualify, the first in the queue, or the player's choice under
    # the reading ask_player of interp.solo_automa_choices (:func:`strozzi_choice`)
    ask = state.rules.automa_asks
    if ladies_now:
        debs = [p for p in mine if state.rank_of(p) == DEBUTANT
                and _reserve(state, state.colour_of(p), LADY) >= 0]
        if debs and not ladies:
            if ask and len(debs) > 1:
                return _ask(state, (FRIEND_LADY, loc, *debs))
            return _to_lady(state, debs[0], loc)
    if maestros_now:
        able = [lady for lady in ladies
                if _reserve(state, state.colour_of(lady), MAESTRO) >= 0
                or (recall and _recallable(state, state.colour_of(lady), MAESTRO))]
        if able:
            if ask and len(able) > 1:
                return _ask(state, (FRIEND_MAESTRO, loc, *able))
            return _to_maestro(state, able[0], loc)
    return None


def _to_lady(state: State, debutant: int, loc: int) -> State:
    """Card 7: his ``debutant`` at location index ``loc`` becomes a lady of her colour."""
    return _raise(state, debutant, loc, _reserve(state, state.colour_of(debutant), LADY))


def _to_maestro(state: State, lady: int, loc: int) -> State:
    """Card 7: his ``lady`` at location index ``loc`` becomes the maestro of her colour
    (recalled first if need be: :func:`_take`)."""
    state, maestro = _take(state, state.colour_of(lady), MAESTRO)
    return _raise(state, lady, loc, maestro)


def _recallable(state: State, colour: int, rank: int) -> bool:
    """Whether Strozzi has a member of ``colour`` and ``rank`` on his board, or can bring
    one back by the recall rule (it stands away from every Medici's target)."""
    targets = set(state.targets)
    per, ranks, where = state.rules.pieces_per_family, state.rules.piece_rank, state.where
    return any(ranks[p % per] == rank and (where[p] == RESERVE or
                                           (where[p] >= 0 and where[p] not in targets))
               for p in _colour_pieces(state, colour))


def _raise(state: State, piece: int, loc: int, new: int) -> State:
    """``piece`` at location index ``loc`` is replaced by ``new`` (the next rank, from his
    board)."""
    queue = tuple(p for p in state.queues[loc] if p != piece)
    where = replaced(replaced(state.where, piece, RESERVE), new, loc)
    return state._replace(where=where,
                          queues=replaced(state.queues, loc, promoted(state, queue, loc, new)))


@implements(C + "card.boast", C + "easier")
def card_boast(state: State, card: int) -> State:
    rules = state.rules
    a = rules.automa
    if cups_left(state, a) <= 0:
        return state
    field = group(state)
    factor = rules.tables.solo_boast_multiplier[field]
    # the board's points per item (interp.solo_boast_points), or his achievement there
    achieved = rules.solo_boast_achievement
    loc = rules.route_next[state.carriages[letter_medici(state, 0)]]
    for _ in range(len(rules.route_next)):
        if state.cups[loc][field] == NONE:
            points = factor * (achievement(state, a, loc) if achieved
                               else rules.boast_values[state.boards[loc]])
            return state._replace(cups=replaced(state.cups, loc,
                                                replaced(state.cups[loc], field, a)),
                                  **credit(state, a, Source.SOLO_BOAST, points))
        loc = rules.route_next[loc]
    return state


@implements(C + "card.guard")
def card_guard(state: State, card: int) -> State:
    """A guard on Medici B's crest at his target (for Cosimo the path into it), or the
    first free one backwards against the arrows; none free, the last round or no guard
    left: points instead. Cosimo arriving through the park (no crest on that path): the
    search goes on backwards (interp.solo_guard_park); the variant ``solo_guard_park``
    plays the set-up's park path first (``setup_exception``) or the points (``points``)."""
    rules = state.rules
    a = rules.automa
    letter = rules.tables.solo_card_letter[card]
    medici = letter_medici(state, letter)
    target = state.targets[medici]
    if state.round >= rules.rounds or state.guards[a] <= 0 or target == NONE:
        return _guard_points(state)
    previous = rules.tables.previous
    loc = target
    if medici == COSIMO and rules.guard_park != "back_along_route":
        back = previous[loc]
        if (min(back, loc), max(back, loc)) not in rules.edge_index:     # through the park
            if rules.guard_park == "points":
                return _guard_points(state)
            park = _park_guard_edge(rules)
            if len(state.escorts[park]) < rules.per_crest:
                return state._replace(escorts=replaced(state.escorts, park,
                                                     state.escorts[park] + (a,)),
                                      guards=added(state.guards, a, -1))
    for _ in range(len(rules.route_next)):
        if medici == COSIMO:
            back = previous[loc]
            edge = rules.edge_index.get((min(back, loc), max(back, loc)))
            if edge is not None and len(state.escorts[edge]) < rules.per_crest:
                return state._replace(escorts=replaced(state.escorts, edge,
                                                     state.escorts[edge] + (a,)),
                                      guards=added(state.guards, a, -1))
        else:
            crests = state.spies if medici == CONTESSINA else state.doormen
            if len(crests[loc]) < rules.per_crest:
                changed = replaced(crests, loc, crests[loc] + (a,))
                guards = added(state.guards, a, -1)
                if medici == CONTESSINA:
                    return state._replace(spies=changed, guards=guards)
                return state._replace(doormen=changed, guards=guards)
        loc = previous[loc]
    return _guard_points(state)


def _guard_points(state: State) -> State:
    """Card 10 with no guard to place: Strozzi scores ``solo.card_guard_points``."""
    rules = state.rules
    return state._replace(**credit(state, rules.automa, Source.SOLO_GUARD,
                                   rules.tables.solo_card_guard_points))


CARDS = {"place": card_place, "place_fewer": card_place, "party": card_party,
         "friend": card_friend, "boast": card_boast, "guard": card_guard}


# ----------------------------------------------------------------- the player chooses for him

def _ask(state: State, pending: tuple[int, ...]) -> State:
    """Strozzi's turn waits for the player (the family beside him) to choose among
    ``pending``'s candidates."""
    auto = state.automa
    assert auto is not None
    return state._replace(automa=auto._replace(pending=pending),
                          current=1 - state.rules.automa)


@implements(C + "card.place", C + "card.friend")
def choice_options(state: State, like: StrozziChoice | None) -> list[StrozziChoice]:
    """One choice per candidate Strozzi's turn waits on (none while it waits on nothing)."""
    auto = state.automa
    if auto is None or not auto.pending:
        return []
    count = len(auto.pending) - 2
    if like is not None:
        return [like] if 0 <= like.index < count else []
    return [StrozziChoice(i) for i in range(count)]


def explain_drawn(state: State, action: StrozziDrawn) -> IllegalAction | None:
    """Why chance cannot draw this card of Strozzi's: the party card, drawn first this
    round, is set aside while he draws again (solo.card.party)."""
    auto = state.automa
    if auto is not None and action.card == auto.held:
        return IllegalAction(C + "card.party", N_("Strozzi's party card is set aside while he "
                                                  "draws his first card again."))
    return None


def explain_choice(state: State, action: StrozziChoice) -> IllegalAction | None:
    """Why a choice for Strozzi is refused: his turn waits on none, or not on that many."""
    auto = state.automa
    if auto is None or not auto.pending:
        return IllegalAction(C + "turn", N_("Strozzi's turn waits for no choice."))
    clause = C + ("card.place" if auto.pending[0] == CARD5_TIE else "card.friend")
    return IllegalAction(clause, N_("Choose one of the {count} candidates (0 to {last})."),
                         count=len(auto.pending) - 2, last=len(auto.pending) - 3)


@implements(C + "card.place", C + "card.friend", C + "turn")
def strozzi_choice(state: State, action: StrozziChoice) -> State:
    """The player's choice for Strozzi: card 5's colour on a tie (interp.solo_card5_tie),
    card 7's debutant or lady where several qualify (interp.solo_automa_choices); his card
    is carried out with it and the turns go on as after any card of his."""
    auto = state.automa
    assert auto is not None
    point, detail = auto.pending[0], auto.pending[1]
    chosen = auto.pending[2 + action.index]
    state = state._replace(automa=auto._replace(pending=()))
    if point == CARD5_TIE:
        state = _placed(state, detail, chosen)
    elif point == FRIEND_LADY:
        state = _to_lady(state, chosen, detail)
    else:
        state = _to_maestro(state, chosen, detail)
    return _turn_done(_after_card(state))


# ----------------------------------------------------------------- Medici phase, cleanup

@implements(C + "giovanni", C + "easier")
def giovanni_offer(state: State, place: tuple[int, int]) -> tuple[State, bool]:
    """Strozzi pays Giovanni's place, or all his time if short (half points when easier);
    with no time he cannot take it."""
    rules = state.rules
    a = rules.automa
    cost, gain = place
    clock = state.clock[a]
    if clock <= 0:
        return state, False
    if clock < cost and rules.solo_level == "easier":
        share = rules.tables.solo_giovanni_share_easier
        gain = -(-gain // share) if rules.half_round_up else gain // share
    state = state._replace(clock=replaced(state.clock, a, rules.fns.automa_pay(clock, cost)),
                           **credit(state, a, Source.SOLO_GIOVANNI, gain))
    return state, True


@implements(C + "cleanup")
def cleanup(state: State) -> State:
    """The top cards of Strozzi's deck stay; the rest and his discards are reshuffled."""
    return state._replace(automa=cleaned_automa(state))


def cleaned_automa(state: State) -> Automa:
    """Strozzi's deck after :func:`cleanup`: his next ``solo.cards_kept`` cards still come
    from the old deck (``kept``); the rest of it and his discards (``under``) are shuffled
    beneath them by ``seeded_rng(seed, "strozzi", shuffles)`` once those are drawn (the
    shuffle takes the old deck's remaining cards, whichever chance left there)."""
    auto = state.automa
    assert auto is not None
    seed = state.seed
    deck, _, under = _merged(seed, auto.deck, auto.kept, auto.under, auto.shuffles)
    shuffles = auto.shuffles + 1
    kept = min(state.rules.tables.solo_cards_kept, len(deck))
    under = (*under, *auto.discard)
    if not kept:
        deck, under = shuffled((*deck, *under), seed, "strozzi", shuffles), ()
    return auto._replace(deck=deck, discard=(), shuffles=shuffles, kept=kept, under=under)


@implements(C + "end")
def winners(state: State) -> tuple[int, ...]:
    """The player wins only with more points than Strozzi."""
    a = state.rules.automa
    human = 1 - a
    return (human,) if state.points[human] > state.points[a] else (a,)
