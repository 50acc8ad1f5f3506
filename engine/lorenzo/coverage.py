"""Which cards, leaders and excommunication tiles a finished game brought into play.

Random games are meant to exercise every card rule: a development card is in
play once a player took it (lorenzo:tower.floors), a leader once it was played
(lorenzo:leader.play), an excommunication tile once a player suffers it
(lorenzo:excommunication.tiles). ``regelwerk simulate lorenzo`` counts them
over its games (the game declaration's ``coverage`` and ``parts``).
"""

from __future__ import annotations

from collections.abc import Iterator

from regelwerk.engine.core.clauses import implements, prefix
from regelwerk.engine.lorenzo.rules import GAME, Rules
from regelwerk.engine.lorenzo.state import State

C = prefix(GAME)


def parts(rules: Rules) -> Iterator[str]:
    """Every card, leader and excommunication tile, named ``card:<id>``, ``leader:<id>``,
    ``excommunication:<id>``."""
    yield from (f"card:{card.id}" for card in rules.cards)
    yield from (f"leader:{leader.id}" for leader in rules.leaders)
    yield from (f"excommunication:{tile.id}" for tile in rules.excommunications)


@implements(C + "tower.floors", C + "leader.play", C + "excommunication.tiles")
def in_play(state: State) -> Iterator[str]:
    """The parts of :func:`parts` a game brought into play, each once per player holding it."""
    rules = state.rules
    for player in state.players:
        for row in player.cards:
            yield from (f"card:{rules.cards[c].id}" for c in row)
        yield from (f"leader:{rules.leaders[x].id}" for x in player.leaders)
        yield from (f"excommunication:{rules.excommunications[e].id}"
                    for e in player.excommunicated)
