"""Leader cards (the full game): the draft, playing, discarding, once-per-round abilities,
and Lorenzo de' Medici's copy (the named special rule ``copy_leader``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from random import Random

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import IllegalAction
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.tuples import replaced
from regelwerk.engine.lorenzo.actions import (
    ActivateLeader,
    CopyLeader,
    DiscardLeader,
    PlayLeader,
)
from regelwerk.engine.lorenzo.effects import (
    ANY,
    leader_ability,
    push,
    queued,
    run,
    with_player,
)
from regelwerk.engine.lorenzo.rules import NEUTRAL, C, Effect, Leader, made
from regelwerk.engine.lorenzo.state import (
    Pending,
    Player,
    Stage,
    State,
)


def active(state: State) -> int:
    return state.order[state.turn]


# ------------------------------------------------------------------ playing and discarding

@implements(C + "leader.requirement")
def meets(player: Player, leader: Leader) -> bool:
    """Whether ``player`` holds what ``leader`` requires: resources and points, cards of each
    type, and as many cards of some one type."""
    for index, least in leader.needs:           # leader.have, where it asks for anything
        if player[index] < least:  # type: ignore[operator]
            return False
    cards = player.cards
    for card_type, least in leader.card_needs:  # leader.cards, likewise
        if len(cards[card_type]) < least:
            return False
    return not leader.one_type or max(map(len, cards)) >= leader.one_type


def copyable(state: State, p: int) -> Iterator[int]:
    """Leaders other players have played whose ability can be copied."""
    for other, player in enumerate(state.players):
        if other != p:
            for leader in player.leaders:
                if state.rules.leaders[leader].special != "copy_leader":
                    yield leader


@implements(C + "leader.play", C + "leader.actions")
def play_options(state: State, like: PlayLeader | None) -> Iterator[PlayLeader]:
    p = active(state)
    player = state.players[p]
    for leader in player.hand:
        if like is not None and like.leader != leader:
            continue
        data = state.rules.leaders[leader]
        if not meets(player, data):
            continue
        if data.special == "copy_leader" and not state.rules.copy_later and \
                next(copyable(state, p), None) is None:
            continue
        yield made(state.rules, PlayLeader, leader)


def play_sampler(state: State, rng: Random) -> PlayLeader | None:
    """One of :func:`play_options`, drawn as random play draws from their list (``None``
    and no draw if there is none): most of the time a hand holds no leader whose
    requirement is met, and this says so without listing."""
    p = state.order[state.turn]
    player = state.players[p]
    if not player.hand:
        return None
    leaders = state.rules.leaders
    found = []
    for leader in player.hand:
        data = leaders[leader]
        if meets(player, data) and (data.special != "copy_leader" or state.rules.copy_later
                                    or next(copyable(state, p), None) is not None):
            found.append(leader)
    if not found:
        return None
    return made(state.rules, PlayLeader, found[int(rng.random() * len(found))])


IN_HAND = N_("This leader is not in the player's hand.")
NOTHING_TO_COPY = N_("No other player has played a leader whose ability could be copied.")


def why_not_play(state: State, action: PlayLeader) -> IllegalAction | None:
    """A leader play refused: the leader is not in the hand or its requirement is not met
    (leader.play), or it is Lorenzo de' Medici with nothing to copy (effect.special)."""
    p = active(state)
    player = state.players[p]
    if action.leader not in player.hand:
        return IllegalAction(C + "leader.play", IN_HAND)
    data = state.rules.leaders[action.leader]
    if not meets(player, data):
        return IllegalAction(C + "leader.play",
                             N_("The player does not meet this leader's requirement."))
    if data.special == "copy_leader" and not state.rules.copy_later and \
            next(copyable(state, p), None) is None:
        return IllegalAction(C + "effect.special", NOTHING_TO_COPY)
    return None


def play(state: State, action: PlayLeader) -> State:
    p = active(state)
    player = state.players[p]
    data = state.rules.leaders[action.leader]
    player = player._replace(hand=tuple(x for x in player.hand if x != action.leader),
                             leaders=player.leaders + (action.leader,))
    if not data.once_per_round:
        player = player._replace(mods=player.mods + data.ability)
    state = with_player(state, p, player)
    if data.special == "copy_leader" and next(copyable(state, p), None) is not None:
        state = push(state, (Pending(Stage.COPY, p),))
    return state


@implements(C + "leader.discard")
def discard_options(state: State, like: DiscardLeader | None) -> Iterable[DiscardLeader]:
    discards = state.rules.discards
    hand = state.players[state.order[state.turn]].hand
    if like is None:
        return [discards[leader] for leader in hand]
    return [discards[like.leader]] if like.leader in hand else []


def why_not_discard(state: State, action: DiscardLeader) -> IllegalAction | None:
    """A discard refused: the leader is not in the hand (leader.discard)."""
    if action.leader not in state.players[active(state)].hand:
        return IllegalAction(C + "leader.discard", IN_HAND)
    return None


def discard(state: State, action: DiscardLeader) -> State:
    p = state.order[state.turn]
    players = state.players
    player = players[p]
    hand = player.hand
    at = hand.index(action.leader)
    player = player._replace(hand=hand[:at] + hand[at + 1:])
    asked = Pending(Stage.PRIVILEGE, p, state.rules.discard_privileges)
    return state._replace(players=replaced(players, p, player),
                          pending=queued(state.pending, (asked,)))


@implements(C + "effect.special")
def copy_options(state: State, like: CopyLeader | None) -> Iterator[CopyLeader]:
    head = state.pending[0]
    for leader in sorted(set(copyable(state, head.player))):
        if like is None or like.leader == leader:
            yield made(state.rules, CopyLeader, leader)


def copy(state: State, action: CopyLeader) -> State:
    """The copy is final and keeps the copied ability's timing."""
    head = state.pending[0]
    state = state._replace(pending=state.pending[1:])
    player = state.players[head.player]._replace(copied=action.leader)
    data = state.rules.leaders[action.leader]
    if not data.once_per_round:
        player = player._replace(mods=player.mods + data.ability)
    return with_player(state, head.player, player)


# ------------------------------------------------------------------ once-per-round abilities

def once_per_round(state: State, player: Player, leader: int) -> bool:
    data = state.rules.leaders[leader]
    if data.special == "copy_leader":
        return player.copied >= 0 and state.rules.leaders[player.copied].once_per_round
    return data.once_per_round


@implements(C + "leader.activate", C + "leader.abilities")
def activate_options(state: State, like: ActivateLeader | None) -> Iterator[ActivateLeader]:
    p = state.order[state.turn]
    player = state.players[p]
    rules = state.rules
    for leader in player.leaders:
        if like is not None and like.leader != leader:
            continue
        if (rules.copy_later or rules.copy_each_round) and player.copied < 0 and \
                rules.leaders[leader].special == "copy_leader":
            # interp.medici_needs_copy (``copy_later``): a Lorenzo de' Medici played with
            # nothing to copy copies once there is something; interp.lorenzo_medici_timing
            # (the variant ``medici_copy = choose_each_round``): he copies anew each round
            if next(copyable(state, p), None) is not None and (like is None or like.member == 0):
                yield made(rules, ActivateLeader, leader, 0)
            continue
        if leader in player.flipped or not once_per_round(state, player, leader):
            continue
        ability = leader_ability(state, player, leader)
        if any(e.kind == "member_value" and e.set is not None for e in ability):
            for member in range(NEUTRAL):
                if not player.used[member] and (like is None or like.member == member):
                    yield made(state.rules, ActivateLeader, leader, member)
        elif like is None or like.member == 0:
            yield made(state.rules, ActivateLeader, leader, 0)


def why_not_activate(state: State, action: ActivateLeader) -> IllegalAction | None:
    """A leader's ability refused: the player has not played the leader (leader.activate),
    its ability is permanent or turned over already this round (leader.abilities), Lorenzo
    de' Medici has nothing to copy (effect.special), or the member whose value the ability
    sets is not a coloured one still to be placed (leader.activate)."""
    p = active(state)
    player = state.players[p]
    rules = state.rules
    leader = action.leader
    if leader not in player.leaders:
        return IllegalAction(C + "leader.activate",
                             N_("The player has not played this leader."))
    if (rules.copy_later or rules.copy_each_round) and player.copied < 0 and \
            rules.leaders[leader].special == "copy_leader":
        if next(copyable(state, p), None) is None:
            return IllegalAction(C + "effect.special", NOTHING_TO_COPY)
        return None
    if not once_per_round(state, player, leader):
        return IllegalAction(C + "leader.abilities",
                             N_("This leader's ability is permanent: it is not turned over."))
    if leader in player.flipped:
        return IllegalAction(C + "leader.abilities",
                             N_("This leader's ability was used this round already."))
    ability = leader_ability(state, player, leader)
    if any(e.kind == "member_value" and e.set is not None for e in ability) and \
            not (0 <= action.member < NEUTRAL and not player.used[action.member]):
        return IllegalAction(C + "leader.activate",
                             N_("This ability sets the value of a coloured member not yet "
                                "placed."))
    return None


def activate(state: State, action: ActivateLeader) -> State:
    p = active(state)
    player = state.players[p]
    if player.copied < 0 and state.rules.leaders[action.leader].special == "copy_leader":
        return push(state, (Pending(Stage.COPY, p),))       # the later copy (variant)
    ability = leader_ability(state, player, action.leader)
    player = player._replace(flipped=player.flipped + (action.leader,))
    if any(e.kind == "member_value" and e.set is not None for e in ability):
        player = player._replace(boost=action.member)
    added = round_mods(ability)
    if added:                               # in force for the rest of the round
        player = player._replace(mods=player.mods + added)
    state = with_player(state, p, player)
    return run(state, p, ability, ANY)


@implements(C + "leader.abilities", C + "endround.leaders")
def round_mods(ability: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """The effects a once-per-round ability keeps in force until the round ends: values
    added to members (Lucrezia Borgia's +2 under the variant ``lucrezia_timing =
    once_per_round``, interp.lucrezia_timing); they leave the player's effects when his
    leaders turn face up again."""
    return tuple(e for e in ability if e.kind == "member_value" and e.set is None)


def face_up(state: State, player: Player) -> Player:
    """``player``'s leaders turned face up at the end of a round: the effects their
    once-per-round abilities kept in force (:func:`round_mods`) end; under the variant
    ``medici_copy = choose_each_round`` Lorenzo de' Medici's copy ends too (the copied
    permanent ability with it), to be made anew."""
    ending = [effect for leader in player.flipped
              for effect in round_mods(leader_ability(state, player, leader))]
    copied = player.copied
    if copied >= 0 and state.rules.copy_each_round:
        data = state.rules.leaders[copied]
        if not data.once_per_round:
            ending += data.ability
        player = player._replace(copied=-1)
    if not ending:
        return player
    mods = list(player.mods)
    for effect in ending:
        for i in range(len(mods) - 1, -1, -1):
            if mods[i] is effect:
                del mods[i]
                break
    return player._replace(mods=tuple(mods))


def any_leader_action(state: State) -> bool:
    player = state.players[state.order[state.turn]]
    if player.hand:
        return True
    if not player.leaders:
        return False
    return next(activate_options(state, None), None) is not None
