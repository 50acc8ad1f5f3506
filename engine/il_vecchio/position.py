"""A position of Il Vecchio in words of the reader's language (``Game.position``).

The phase and who is to move (with the decision the rules ask of him), the Medici
crests still face down, each player's Florins, scrolls, carriages, bishops and
followers, his family members in the personal supply and in the towns, his tiles
and crests, the middlemen's towns, and the owners on each track in the order they
came. Each line is a gettext message of the domain ``regelwerk-il_vecchio`` with the
context ``position.<what>``; tracks and colours are the glossary's words
(``spec/il_vecchio/glossary.toml``), towns are named as on the board; every number
comes from the state or its rules.
"""

from __future__ import annotations

from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.i18n import Phrase, pgettext
from regelwerk.engine.core.spec import seat_word
from regelwerk.engine.il_vecchio.board import TRACKS
from regelwerk.engine.il_vecchio.rules import GAME
from regelwerk.engine.il_vecchio.state import Need, Phase, State
from regelwerk.engine.il_vecchio.words import term

HEAD = pgettext("position.head", "{phase}: {doing}; Medici crests face down: {crests}")
PHASES = {
    Phase.SETUP_COUNCIL: pgettext("position.phase.setup_council",
                                  "Set-up, choosing city council tiles"),
    Phase.SETUP_ROLL: pgettext("position.phase.setup_roll",
                               "Set-up, family members placed by the dice"),
    Phase.SETUP_CHOICE: pgettext("position.phase.setup_choice",
                                 "Set-up, family members placed by choice"),
    Phase.PLAY: pgettext("position.phase.play", "Play"),
    Phase.OVER: pgettext("position.phase.over", "The game is over"),
}
FINAL = pgettext("position.phase.final", "Final round (double turns)")
TO_MOVE = pgettext("position.to_move", "{player} to move")
DECIDES = pgettext("position.decides", "{player} to move: {need}")
NEEDS: dict[Need, Phrase] = {
    Need.PLACE: pgettext("position.need.place", "place a family member from the supply"),
    Need.LEVY: pgettext("position.need.levy", "pay the levy"),
    Need.FAMILY: pgettext("position.need.family", "the family event"),
    Need.PROVINCE_TILE: pgettext("position.need.province_tile", "take a province tile"),
    Need.FLORENCE_TILE: pgettext("position.need.florence_tile", "take a Florence tile"),
    Need.FOLLOWER: pgettext("position.need.follower", "take a follower"),
    Need.OFFER: pgettext("position.need.offer", "roll for a family member or not"),
}
CHANCE_ACTS = pgettext("position.chance", "the dice are rolled or a face-down piece is turned")
NOBODY = pgettext("position.nobody", "nobody moves any more")
PLAYER = pgettext("position.player",
                  "{player}: Florins {florins}, scrolls {scrolls}, carriages {carriages}, "
                  "bishops {bishops}; followers: assassins {assassins}, knights {knights}, "
                  "abbots {abbots}; family members in the personal supply {supply}{passed}")
PASSED = pgettext("position.passed", "; has passed")
TILES = pgettext("position.tiles", "  province tiles {province} (unused {unused}), city council "
                                   "tiles {council}, nobility tiles {nobility}, Medici crests "
                                   "{crests}")
TOWNS = pgettext("position.towns", "  family members in towns: {towns}")
TOWN = pgettext("position.town", "{town} ({standing} standing, {lying} lying)")
NONE = pgettext("position.none", "none")
MIDDLEMEN = pgettext("position.middlemen", "Middlemen: {where}")
MIDDLEMAN = pgettext("position.middleman", "{colour} in {town}")
TRACK = pgettext("position.track", "{track}: {owners}")
OVERFLOW = pgettext("position.track.overflow", "{owners}; beyond the last space: {count}")



def seat(state: State, player: int, lang: str) -> str:
    """A player by his colour."""
    return seat_word(GAME, state.rules.names[player], lang)


def position(state: State, lang: str) -> str:
    """The position in words of ``lang``, one line per topic."""
    rules = state.rules
    names = rules.board.names
    mover = state.current_player
    if state.phase == Phase.OVER:
        doing = NOBODY(lang)
    elif mover == CHANCE:
        doing = CHANCE_ACTS(lang)
    elif state.pending and state.pending[0].need in NEEDS:
        doing = DECIDES(lang, player=seat(state, mover, lang),
                        need=NEEDS[state.pending[0].need](lang))
    else:
        doing = TO_MOVE(lang, player=seat(state, mover, lang))
    phase = FINAL if state.final_round and state.phase == Phase.PLAY else PHASES[state.phase]
    lines = [HEAD(lang, phase=phase(lang), doing=doing, crests=state.crests_left)]
    for number, player in enumerate(state.players):
        florins, scrolls, carriages, bishops, assassins, knights, abbots = player.res
        lines.append(PLAYER(lang, player=seat(state, number, lang), florins=florins,
                            scrolls=scrolls, carriages=carriages, bishops=bishops,
                            assassins=assassins, knights=knights, abbots=abbots,
                            supply=player.supply, passed=PASSED(lang) if player.passed else ""))
        lines.append(TILES(lang, province=len(player.province_up) + len(player.province_down),
                           unused=len(player.province_up),
                           council=len(player.council_up) + len(player.council_down),
                           nobility=len(player.nobility), crests=len(player.crests)))
        towns = [TOWN(lang, town=names[town], standing=standing, lying=lying)
                 for town, (standing, lying) in enumerate(zip(player.standing, player.lying,
                                                              strict=True))
                 if standing or lying]
        lines.append(TOWNS(lang, towns=", ".join(towns) or NONE(lang)))
    colours = rules.spec["setup.middlemen"]
    lines.append(MIDDLEMEN(lang, where=", ".join(
        MIDDLEMAN(lang, colour=term(colour, lang), town=names[town])
        for colour, town in zip(colours, state.middlemen, strict=False)) or NONE(lang)))
    for index, owners in enumerate(state.tracks):
        said = ", ".join(seat(state, owner, lang) for owner in owners) or NONE(lang)
        extra = state.overflow[index] if index < len(state.overflow) else 0
        lines.append(TRACK(lang, track=term(TRACKS[index], lang),
                           owners=OVERFLOW(lang, owners=said, count=extra) if extra else said))
    return "\n".join(lines)
