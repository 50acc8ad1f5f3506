"""Runtime invariants of Lorenzo il Magnifico, checked after every action by the tests and
``regelwerk simulate``: the runtime twins of the z3 invariants of
:mod:`regelwerk.verification.lorenzo` (same ids) and checks without a z3 model
(:data:`RUNTIME_ONLY`). The proof-only ones say why in
:data:`regelwerk.verification.lorenzo.PROOF_ONLY`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import chain

from regelwerk.engine.lorenzo.effects import waived
from regelwerk.engine.lorenzo.rules import (
    CHARACTER,
    HARVEST_LARGE,
    HARVEST_SMALL,
    MARKET,
    MEMBERS,
    NEUTRAL,
    PRODUCTION_LARGE,
    PRODUCTION_SMALL,
    TERRITORY,
    VENTURE,
)
from regelwerk.engine.lorenzo.state import Stage, State


def awards(state: State, p: int) -> dict[str, int]:
    """What the final scoring awards player ``p`` for his cards and the military ranking,
    by category (the rule functions of ``rules.fns``)."""
    rules = state.rules
    fns = rules.fns
    cards = state.players[p].cards
    found = {
        "territories": fns.table_points(rules.score_territories, len(cards[TERRITORY])),
        "characters": fns.table_points(rules.score_characters, len(cards[CHARACTER])),
        "ventures": fns.venture_points([e.value for card in cards[VENTURE]
                                        for e in rules.cards[card].permanent
                                        if e.kind == "end_vp"]),
        "military": fns.military_award(tuple(x.military for x in state.players), p,
                                       rules.score_military),
    }
    found["final"] = sum(found.values())
    return found


def scoring_out_of_bounds(state: State) -> set[str]:
    """The scoring bounds (``bounds.*`` in spec, per player count) a finished game breaks.

    They are proved for spec's own numbers: a game on a board that replaced numbers is
    not held to them (``regelwerk verify --board`` proves its own, issue 31)."""
    rules = state.rules
    if rules.spec.originals:
        return set()
    index = rules.players - rules.spec["players.min"]
    broken = set()
    for p in range(rules.players):
        for category, value in awards(state, p).items():
            low = rules.spec[f"bounds.{category}_min"][index]
            high = rules.spec[f"bounds.{category}_max"][index]
            if not low <= value <= high:
                broken.add(f"lorenzo.scoring.{category}")
    return broken

#: Checked at run time only (no z3 model): id -> what it states (English).
RUNTIME_ONLY = {
    "lorenzo.one_colour_per_work_area": "The harvest area and the production area each hold "
                                        "at most one coloured member of a family.",
    "lorenzo.single_spaces": "A small harvest or production space and a market space hold one "
                             "member, unless its owner may use taken spaces.",
    "lorenzo.card_limit": "Nobody holds more than cards.max_per_type cards of one type "
                          "(so territories never exceed the slots).",
    "lorenzo.members_once": "Each family member stands on at most one space, exactly when it "
                            "is marked as used.",
    "lorenzo.cards_once": "Each development card lies in at most one place.",
    "lorenzo.excommunications": "A player suffers at most one excommunication per period.",
}

SCORING = ("territories", "characters", "ventures", "military", "final")

#: Every id :func:`violations` reports: the runtime twins of the z3 invariants (same ids)
#: and the above.
CHECKED = ("lorenzo.tower_space_single", "lorenzo.one_colour_per_tower",
           "lorenzo.resources_nonnegative", "lorenzo.faith_on_track",
           "lorenzo.vatican_threshold", *(f"lorenzo.scoring.{c}" for c in SCORING),
           *RUNTIME_ONLY)


#: The phases in which every family member is at home (none is marked as used).
HOME = frozenset({Stage.ORDER, Stage.EXCOMMUNICATION, Stage.LEADERS, Stage.TILE, Stage.DRAFT,
                  Stage.DEAL, Stage.ROLL, Stage.OVER})


def violations(state: State) -> list[str]:
    """The ids of the invariants ``state`` breaks (empty when all hold)."""
    rules = state.rules
    broken: set[str] = set()
    floors = rules.floors
    faith_max, max_per_type = rules.faith_max, rules.max_per_type
    for player in state.players:
        if min(player.resources) < 0:
            broken.add("lorenzo.resources_nonnegative")
        if player.faith > faith_max:
            broken.add("lorenzo.faith_on_track")
        if max(map(len, player.cards)) > max_per_type:
            broken.add("lorenzo.card_limit")
        suffered = player.excommunicated
        # one of the tiles drawn for the periods each (whichever pile they were drawn from,
        # interp.excommunication_periods), none twice
        if suffered and (len(suffered) > rules.periods or len(set(suffered)) != len(suffered)
                         or not set(suffered) <= set(state.excommunication)):
            broken.add("lorenzo.excommunications")
    spaces = state.spaces
    placed = Counter(chain.from_iterable(spaces))
    for code, count in placed.items():
        p, member = divmod(code, MEMBERS)
        if count > 1 or not state.players[p].used[member]:
            broken.add("lorenzo.members_once")
    if state.stage not in HOME:
        for p, player in enumerate(state.players):
            for member, used in enumerate(player.used):
                if used and placed[p * MEMBERS + member] != 1:
                    broken.add("lorenzo.members_once")
    broken.update(_shared_spaces(spaces, rules.towers, floors))
    for space in (HARVEST_SMALL, PRODUCTION_SMALL, *range(MARKET, MARKET + len(rules.market))):
        members = spaces[space]
        if len(members) > 1 and not all(waived(state.players[c // MEMBERS], "occupied_space")
                                        for c in members[1:]):
            broken.add("lorenzo.single_spaces")
    if state.pending and state.pending[0].need == Stage.CHURCH:
        threshold = rules.thresholds[state.period - 1]
        if any(state.players[d.player].faith < threshold for d in state.pending
               if d.need == Stage.CHURCH):
            broken.add("lorenzo.vatican_threshold")
    if state.stage == Stage.OVER:
        broken.update(scoring_out_of_bounds(state))
    if not _cards_once(state.towers, state.decks, tuple(p.cards for p in state.players)):
        broken.add("lorenzo.cards_once")
    return sorted(broken)


@lru_cache(maxsize=256)
def _shared_spaces(spaces: tuple[tuple[int, ...], ...], towers: int,
                   floors: int) -> tuple[str, ...]:
    """The invariants of the towers (one member per space, one coloured member of a family
    per tower) and of the work areas (one coloured member of a family each) that the
    members on ``spaces`` break: they change only when a member is placed."""
    broken = []
    for t in range(towers):
        tower = spaces[t * floors:(t + 1) * floors]
        if max(map(len, tower)) > 1:
            broken.append("lorenzo.tower_space_single")
        if not _one_colour_each(tower):
            broken.append("lorenzo.one_colour_per_tower")
    for area in ((HARVEST_SMALL, HARVEST_LARGE), (PRODUCTION_SMALL, PRODUCTION_LARGE)):
        if not _one_colour_each([spaces[s] for s in area]):
            broken.append("lorenzo.one_colour_per_work_area")
    return tuple(broken)


@lru_cache(maxsize=256)
def _cards_once(towers: tuple[int, ...], decks: tuple[tuple[int, ...], ...],
                held: tuple[tuple[tuple[int, ...], ...], ...]) -> bool:
    """Each development card lies in at most one place: a tower space, a deck, or the
    cards a player holds (``held``, per player and type)."""
    cards = [c for c in towers if c >= 0]
    cards.extend(chain.from_iterable(decks))
    for rows in held:
        cards.extend(chain.from_iterable(rows))
    return len(cards) == len(set(cards))


def _one_colour_each(spaces: Sequence[tuple[int, ...]]) -> bool:
    """No family has two coloured (not neutral) members on ``spaces``."""
    coloured = [code // MEMBERS for members in spaces for code in members
                if code % MEMBERS != NEUTRAL]
    return len(coloured) == len(set(coloured))
