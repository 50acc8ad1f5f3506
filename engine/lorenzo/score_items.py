"""Lorenzo il Magnifico's final victory points item by item (``Game.score_items``), each
line citing its clause: the points gained during play, then each step of the final
scoring with the engine's own rule functions (``rules.fns``, :func:`~.scoring.vp_loss`,
:func:`~.scoring.excluded`) in the order :func:`~.scoring.final_scores` takes them, so
the items add up to its score (a test holds them to it)."""

from __future__ import annotations

from regelwerk.engine.core.game import ScoreItem
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.lorenzo.rules import CHARACTER, TERRITORY, VENTURE, C
from regelwerk.engine.lorenzo.scoring import excluded, vp_loss
from regelwerk.engine.lorenzo.state import State

DURING = N_("victory points gained during play")
BEFORE = N_("lost before the final scoring (excommunication)")
AFTER = N_("lost at the end of the game (excommunication)")
CARDS = N_("{count} cards")


def score_items(state: State) -> tuple[tuple[ScoreItem, ...], ...]:
    """Per player: play, losses before scoring, cards, military, resources, losses after."""
    rules = state.rules
    fns = rules.fns
    values = tuple(p.military for p in state.players)
    result = []
    for p, player in enumerate(state.players):
        items = [ScoreItem(C + "round.structure", player.vp, DURING)]
        lost = vp_loss(state, player, True, player.vp)
        if lost:
            items.append(ScoreItem(C + "effect.end_vp_loss", -lost, BEFORE))
        cards = player.cards
        if not excluded(player, TERRITORY):
            items.append(ScoreItem(C + "scoring.territories", fns.table_points(
                rules.score_territories, len(cards[TERRITORY])), CARDS,
                {"count": len(cards[TERRITORY])}))
        if not excluded(player, CHARACTER):
            items.append(ScoreItem(C + "scoring.characters", fns.table_points(
                rules.score_characters, len(cards[CHARACTER])), CARDS,
                {"count": len(cards[CHARACTER])}))
        if not excluded(player, VENTURE):
            items.append(ScoreItem(C + "scoring.ventures", fns.venture_points(
                [e.value for card in cards[VENTURE] for e in rules.cards[card].permanent
                 if e.kind == "end_vp"]), CARDS, {"count": len(cards[VENTURE])}))
        items.append(ScoreItem(C + "scoring.military",
                               fns.military_award(values, p, rules.score_military)))
        items.append(ScoreItem(C + "scoring.resources", fns.resource_points(
            sum(player[r] for r in rules.scored_resources), rules.resources_per_vp)))
        lost = vp_loss(state, player, False, sum(item.points for item in items))
        if lost:
            items.append(ScoreItem(C + "effect.end_vp_loss", -lost, AFTER))
        result.append(tuple(items))
    return tuple(result)
