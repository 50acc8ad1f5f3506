"""The actions of Florenz (their record names are declared with the kinds in :mod:`.game`).

Actions are frozen dataclasses: two actions are equal only if they are of the
same kind with the same fields. Locations are numbered 1-9 as on the board; a family member is named by its
piece id (``family * 9 + index``; indices 0-4 debutants, 5-7 ladies, 8 maestro).

Building one costs about a microsecond, so the options generators hand out the
actions of :class:`Prebuilt` (every action of the kinds with few fields, built
once per :class:`~.rules.Rules`, see ``Rules.tables.actions``) instead of
building every option of every turn.

Every int field declares its domain (``within``, ``index_into``; bounds from the
rules, :class:`~.rules.Rules`): core refuses a value outside it, or of the wrong
type, with the kind's clause before any rule of the game sees the action (issue 11).
Which values are legal now is still the kind's options generator.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from regelwerk.engine.core.actions import DOMAIN, Domain, index_into, within

#: A location number, 1 to ``rules.locations``.
LOCATION = within(1, "locations")
#: A piece id, ``0 <= piece < rules.piece_count`` (``family * 9 + index``).
PIECE = index_into("tables.start_where")
#: A piece id or -1 (a scandal card's fields: also a location, a Medici, a crest kind).
PIECE_OR_NONE: Mapping[str, Domain] = {DOMAIN: Domain(-1, "len:tables.start_where", below=True)}
#: A hand index, ``0 <= index < rules.hand_limit``.
HAND: Mapping[str, Domain] = {DOMAIN: Domain(0, "hand_limit", below=True)}
#: A Medici, ``0 <= medici < rules.medici``.
MEDICI: Mapping[str, Domain] = {DOMAIN: Domain(0, "medici", below=True)}


@dataclass(frozen=True, slots=True, order=True)
class Place:
    """Before round 1: put a free debutant on an empty queue (setup.first_debutants)."""

    location: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    """Pass and put the ring on ``location`` (0 when the last family passes: no ring)."""

    location: int = field(metadata=within(0, "locations"))


@dataclass(frozen=True, slots=True, order=True)
class BonusTime:
    """A passed family's bonus: 1 time."""


@dataclass(frozen=True, slots=True, order=True)
class BonusPoint:
    """A passed family's bonus: 1 point."""


@dataclass(frozen=True, slots=True, order=True)
class BonusSwap:
    """A passed family's bonus: swap ``piece`` with the neighbour ``other`` at the ring."""

    piece: int = field(metadata=PIECE)
    other: int = field(metadata=PIECE)


@dataclass(frozen=True, slots=True, order=True)
class Send:
    location: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class Promote:
    piece: int = field(metadata=PIECE)


@dataclass(frozen=True, slots=True, order=True)
class Move:
    piece: int = field(metadata=PIECE)
    to: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class HurryTwice:
    """One member moves twice: through ``via`` (no space needed there) to ``to``."""

    piece: int = field(metadata=PIECE)
    via: int = field(metadata=LOCATION)
    to: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class HurryPair:
    """Two members move once each, ``piece`` first."""

    piece: int = field(metadata=PIECE)
    to: int = field(metadata=LOCATION)
    other: int = field(metadata=PIECE)
    other_to: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class Boast:
    location: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class Gift:
    """Give ``medici`` (0 Cosimo, 1 Contessina, 2 Giovanni) a gift; guard on ``crest`` or -1."""

    medici: int = field(metadata=MEDICI)
    crest: int = field(metadata={DOMAIN: Domain(-1, "crest_count", below=True)})


@dataclass(frozen=True, slots=True, order=True)
class DiscardForTime:
    """Not an action: discard the hand card at ``index`` for time."""

    index: int = field(metadata=HAND)


# ----------------------------------------------------------------- a scandal card, step by step
# A card is played as a sequence of small choices (issue 33): the card, then what it asks,
# one choice at a time (:mod:`.scandal`, ``State.scandal``). Each id means the same choice
# in every state, and the ids are few.

@dataclass(frozen=True, slots=True, order=True)
class ScandalCard:
    """Play the hand card at ``index`` (an action); its choices follow, one step each."""

    index: int = field(metadata=HAND)


@dataclass(frozen=True, slots=True, order=True)
class ScandalPiece:
    """The card being played takes the member ``piece`` (the next member it asks for)."""

    piece: int = field(metadata=PIECE)


@dataclass(frozen=True, slots=True, order=True)
class ScandalPlace:
    """The card being played takes ``location`` (1-9): its target, or a long walk's next
    location."""

    location: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class ScandalMedici:
    """The card being played takes ``medici`` (0 Cosimo, 1 Contessina, 2 Giovanni)."""

    medici: int = field(metadata=MEDICI)


@dataclass(frozen=True, slots=True, order=True)
class ScandalCrest:
    """The card being played takes ``crest`` of the Medici chosen (a path index for
    Cosimo's escorts, a location number for spies and doormen; -1: a gift without a
    guard)."""

    crest: int = field(metadata={DOMAIN: Domain(-1, "crest_count", below=True)})


@dataclass(frozen=True, slots=True, order=True)
class ScandalStop:
    """The long walk being played stops here, or no further member walks."""


@dataclass(frozen=True, slots=True, order=True)
class Scandal:
    """A whole card play in one: the hand card at ``index`` and ``a``-``d`` (-1 unused), as
    records before issue 33 wrote it. Never listed: :meth:`Game.apply` takes it as the
    sequence of steps it stands for (:func:`.scandal.steps_of`), so old records replay.

    ========================  ===================================================
    card                      fields
    ========================  ===================================================
    guard_anywhere            a: Medici whose crest (0 escort, 1 spy, 2 doorman),
                              b: crest (path index for escorts, location 1-9)
    any_gift                  a: Medici, b: crest or -1 (as :class:`Gift`)
    retrieve_cup              a: location of the own cup
    move_anywhere             a: piece, b: location
    neighbour_swap            a: own piece, b: lower-ranked piece next door
    queue_swap                a, b: two pieces of one queue (``a`` in front)
    long_walk                 a: piece, b: path (digits = locations walked, e.g.
                              452), c: second piece or -1, d: its path or -1
    promote                   a: own debutant
    retire                    a: own piece
    chaperoned                a: location
    advance                   a: own piece
    boast_anywhere            a: location
    ========================  ===================================================
    """

    index: int = field(metadata=HAND)
    a: int = field(default=-1, metadata=PIECE_OR_NONE)
    b: int = field(default=-1, metadata=within(-1, "scandal_field_max"))
    c: int = field(default=-1, metadata=PIECE_OR_NONE)
    d: int = field(default=-1, metadata=within(-1, "walk_max"))


@dataclass(frozen=True, slots=True, order=True)
class Accept:
    """Pay Giovanni's offered place."""


@dataclass(frozen=True, slots=True, order=True)
class Decline:
    """Decline Giovanni's offered place."""


# ----------------------------------------------------------------- chance's outcomes (.chance)

@dataclass(frozen=True, slots=True, order=True)
class StartDrawn:
    """Chance: ``family`` receives the start coin (setup.first_debutants)."""

    family: int = field(metadata={DOMAIN: Domain(0, "families", below=True)})


@dataclass(frozen=True, slots=True, order=True)
class BoardDrawn:
    """Chance: the next location gets the boast board ``board`` (index into ``BOASTS``)."""

    board: int = field(metadata=index_into("boast_values"))


@dataclass(frozen=True, slots=True, order=True)
class PlanDrawn:
    """Chance: the next family draws plan card ``plan``."""

    plan: int = field(metadata=index_into("plan_cards"))


@dataclass(frozen=True, slots=True, order=True)
class TileDrawn:
    """Chance: the next location tile shows ``location`` (1-9): a carriage's start or a target."""

    location: int = field(metadata=LOCATION)


@dataclass(frozen=True, slots=True, order=True)
class TimeDrawn:
    """Chance: the next time tile shows ``time``."""

    time: int = field(metadata=within(0, "max:time_tiles"))


@dataclass(frozen=True, slots=True, order=True)
class CardDrawn:
    """Chance: the scandal card given out is ``card`` (``medici * 4 + kind``)."""

    card: int = field(metadata={DOMAIN: Domain(0, "scandal_card_count", below=True)})


@dataclass(frozen=True, slots=True, order=True)
class StrozziDrawn:
    """Chance: Strozzi's next card is ``card`` (0-9, the spec's ``solo.card_kind``)."""

    card: int = field(metadata=index_into("tables.solo_card_kind"))


@dataclass(frozen=True, slots=True, order=True)
class StrozziChoice:
    """The solo player decides a choice Strozzi's card leaves open: ``index`` into the
    candidates his turn waits on (``Automa.pending``), listed in the order the fixed
    reading takes, so that index 0 is always what it would take (interp.solo_card5_tie,
    interp.solo_automa_choices)."""

    index: int = field(metadata={DOMAIN: Domain(0, "pieces_per_family", below=True)})


Action = (Place | Pass | BonusTime | BonusPoint | BonusSwap | Send | Promote | Move | HurryTwice
          | HurryPair | Boast | Gift | DiscardForTime | ScandalCard | ScandalPiece | ScandalPlace
          | ScandalMedici | ScandalCrest | ScandalStop | Scandal | Accept | Decline | StrozziChoice)
Drawn = StartDrawn | BoardDrawn | PlanDrawn | TileDrawn | TimeDrawn | CardDrawn | StrozziDrawn


@dataclass(frozen=True)
class Prebuilt:
    """Every action of the kinds with few fields, built once per rules (``Rules.tables.actions``).

    Pure values: a generator that yields ``send[loc]`` yields exactly ``Send(loc + 1)``.
    Indices are location indices (0-8) unless said otherwise.
    """

    place: tuple[Place, ...]
    send: tuple[Send, ...]
    pass_: tuple[Pass, ...]                             # location number (0: no ring) -> Pass
    promote: tuple[Promote, ...]                        # piece -> Promote
    move: tuple[tuple[Move, ...], ...]                  # piece -> to -> Move
    hurry_twice: tuple[tuple[tuple[HurryTwice, ...], ...], ...]   # piece -> via -> to
    boast: tuple[Boast, ...]
    gift: tuple[tuple[Gift, ...], ...]                  # medici -> crest + 1 -> Gift
    discard: tuple[DiscardForTime, ...]                 # hand index -> DiscardForTime
    # a scandal card's steps
    scandal_card: tuple[ScandalCard, ...]               # hand index -> ScandalCard
    scandal_piece: tuple[ScandalPiece, ...]             # piece -> ScandalPiece
    scandal_place: tuple[ScandalPlace, ...]             # location index -> ScandalPlace
    scandal_medici: tuple[ScandalMedici, ...]
    scandal_crest: tuple[ScandalCrest, ...]             # crest + 1 -> ScandalCrest
    # chance's outcomes, each by the item drawn (location tiles by location index)
    start: tuple[StartDrawn, ...]
    board: tuple[BoardDrawn, ...]
    plan: tuple[PlanDrawn, ...]
    tile: tuple[TileDrawn, ...]
    time: tuple[TimeDrawn, ...]
    card: tuple[CardDrawn, ...]
    strozzi: tuple[StrozziDrawn, ...]
    #: the outcome tables above by ``state.Draw`` (what chance draws next)
    drawn: tuple[tuple[Drawn, ...], ...]
    bonus_time: tuple[BonusTime] = (BonusTime(),)
    bonus_point: tuple[BonusPoint] = (BonusPoint(),)
    accept: tuple[Accept] = (Accept(),)
    decline: tuple[Decline] = (Decline(),)
    scandal_stop: ScandalStop = ScandalStop()


def prebuilt(locations: int, pieces: int, medici: int, crests: int, cards: int,
             draws: tuple[int, int, int, int, int, int]) -> Prebuilt:
    """The actions for a board of ``locations``, ``pieces`` piece ids, ``medici`` Medici
    with crests ``-1 .. crests - 1`` and hands of up to ``cards`` cards; ``draws``: how
    many families, boast boards, plan cards, time values (0 up), scandal cards and
    Strozzi cards chance can draw."""
    locs = range(locations)
    families, boards, plans, times, scandals, strozzi = draws
    start = tuple(StartDrawn(f) for f in range(families))
    board = tuple(BoardDrawn(b) for b in range(boards))
    plan = tuple(PlanDrawn(p) for p in range(plans))
    tile = tuple(TileDrawn(loc + 1) for loc in locs)
    time = tuple(TimeDrawn(t) for t in range(times))
    card = tuple(CardDrawn(c) for c in range(scandals))
    automa = tuple(StrozziDrawn(c) for c in range(strozzi))
    return Prebuilt(
        start=start, board=board, plan=plan, tile=tile, time=time, card=card, strozzi=automa,
        drawn=(start, board, plan, tile, tile, time, card, automa),
        place=tuple(Place(loc + 1) for loc in locs),
        send=tuple(Send(loc + 1) for loc in locs),
        pass_=tuple(Pass(n) for n in range(locations + 1)),
        promote=tuple(Promote(p) for p in range(pieces)),
        move=tuple(tuple(Move(p, to + 1) for to in locs) for p in range(pieces)),
        hurry_twice=tuple(tuple(tuple(HurryTwice(p, via + 1, to + 1) for to in locs)
                                for via in locs) for p in range(pieces)),
        boast=tuple(Boast(loc + 1) for loc in locs),
        gift=tuple(tuple(Gift(m, c) for c in range(-1, crests)) for m in range(medici)),
        discard=tuple(DiscardForTime(i) for i in range(cards)),
        scandal_card=tuple(ScandalCard(i) for i in range(cards)),
        scandal_piece=tuple(ScandalPiece(p) for p in range(pieces)),
        scandal_place=tuple(ScandalPlace(loc + 1) for loc in locs),
        scandal_medici=tuple(ScandalMedici(m) for m in range(medici)),
        scandal_crest=tuple(ScandalCrest(c) for c in range(-1, crests)))
