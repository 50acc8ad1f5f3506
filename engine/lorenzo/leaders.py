"""Leader cards (the full game): the draft, playing, discarding, once-per-round abilities,
and Lorenzo de' Medici's copy (the named special rule ``copy_leader``)."""

from __future__ import annotations

from collections.abc import Iterator

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.lorenzo.actions import (
    ActivateLeader,
    CopyLeader,
    DiscardLeader,
    DraftLeader,
    PlayLeader,
)
from regelwerk.engine.lorenzo.effects import ANY, covers, leader_ability, push, run, with_player
from regelwerk.engine.lorenzo.rules import NEUTRAL, C, Leader, made
from regelwerk.engine.lorenzo.state import Pending, Player, Stage, State


def active(state: State) -> int:
    return state.order[state.turn]


# ------------------------------------------------------------------ the draft

@implements(C + "advanced.leader_draft")
def draft_options(state: State, like: DraftLeader | None) -> Iterator[DraftLeader]:
    for leader in state.hands[active(state)]:
        if like is None or like.leader == leader:
            yield made(state.rules, DraftLeader, leader)


def draft(state: State, action: DraftLeader) -> State:
    from regelwerk.engine.lorenzo.flow import start_round

    p = active(state)
    player = state.players[p]
    state = with_player(state, p, player._replace(hand=player.hand + (action.leader,)))
    hands = list(state.hands)
    hands[p] = tuple(x for x in hands[p] if x != action.leader)
    n = len(state.order)
    if state.turn + 1 < n:
        return state._replace(hands=tuple(hands), turn=state.turn + 1)
    # every hand passes to the right-hand neighbour (the previous seat)
    passed = tuple(hands[(p + 1) % n] for p in range(n))
    state = state._replace(hands=passed, turn=0)
    if not any(passed):
        return start_round(state._replace(hands=()))
    return state


# ------------------------------------------------------------------ playing and discarding

@implements(C + "leader.requirement")
def meets(player: Player, leader: Leader) -> bool:
    counts = [len(cards) for cards in player.cards]
    return covers(player, leader.have) and all(
        have >= need for have, need in zip(counts, leader.cards, strict=True)) and \
        max(counts) >= leader.one_type


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
        if data.special == "copy_leader" and next(copyable(state, p), None) is None:
            continue
        yield made(state.rules, PlayLeader, leader)


def play(state: State, action: PlayLeader) -> State:
    p = active(state)
    player = state.players[p]
    data = state.rules.leaders[action.leader]
    player = player._replace(hand=tuple(x for x in player.hand if x != action.leader),
                             leaders=player.leaders + (action.leader,))
    if not data.once_per_round:
        player = player._replace(mods=player.mods + data.ability)
    state = with_player(state, p, player)
    if data.special == "copy_leader":
        state = push(state, (Pending(Stage.COPY, p),))
    return state


@implements(C + "leader.discard")
def discard_options(state: State, like: DiscardLeader | None) -> Iterator[DiscardLeader]:
    for leader in state.players[active(state)].hand:
        if like is None or like.leader == leader:
            yield made(state.rules, DiscardLeader, leader)


def discard(state: State, action: DiscardLeader) -> State:
    p = active(state)
    player = state.players[p]
    state = with_player(state, p, player._replace(
        hand=tuple(x for x in player.hand if x != action.leader)))
    return push(state, (Pending(Stage.PRIVILEGE, p, arg=state.rules.discard_privileges),))


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
    player = state.players[active(state)]
    for leader in player.leaders:
        if like is not None and like.leader != leader:
            continue
        if leader in player.flipped or not once_per_round(state, player, leader):
            continue
        ability = leader_ability(state, player, leader)
        if any(e.kind == "member_value" for e in ability):
            for member in range(NEUTRAL):
                if not player.used[member] and (like is None or like.member == member):
                    yield made(state.rules, ActivateLeader, leader, member)
        elif like is None or like.member == 0:
            yield made(state.rules, ActivateLeader, leader, 0)


def activate(state: State, action: ActivateLeader) -> State:
    p = active(state)
    player = state.players[p]
    ability = leader_ability(state, player, action.leader)
    player = player._replace(flipped=player.flipped + (action.leader,))
    if any(e.kind == "member_value" for e in ability):
        player = player._replace(boost=action.member)
    state = with_player(state, p, player)
    return run(state, p, ability, ANY)


def any_leader_action(state: State) -> bool:
    player = state.players[active(state)]
    if player.hand:
        return True
    return next(activate_options(state, None), None) is not None
