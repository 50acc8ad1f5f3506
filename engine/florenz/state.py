"""The state of a game of Florenz: an immutable tuple, copied with ``_replace``
(patched below to copy without building a dict of every field: states have many).

Locations are stored by index 0-8 (location number minus one). A piece id is
``family * 9 + index``; ``where[piece]`` is its location index, ``RESERVE``
(on the family board) or ``RETIRED`` (removed for good).

Chance is explicit (:mod:`.chance`): ``draws`` lists the draws from face-down
piles still to come, the next first; while it is not empty, chance is to move
(:func:`to_move`), and ``resume`` says how play goes on after the last of them.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from regelwerk.engine.core.clauses import prefix
from regelwerk.engine.core.game import CHANCE
from regelwerk.engine.core.tuples import fast_replace
from regelwerk.engine.florenz.rules import GAME, Rules
from regelwerk.engine.florenz.rules import RESERVE as RESERVE  # their home is rules (Tables)
from regelwerk.engine.florenz.rules import RETIRED as RETIRED

NONE: Final = -1


class Phase(IntEnum):
    SETUP = 0      # first debutants, against the turn order
    ACTIONS = 1    # phase 2
    GIOVANNI = 2   # phase 4 in Giovanni's rounds: families answer his offers
    OVER = 3


class Draw(IntEnum):
    """What chance draws next: the first item of an entry of ``State.draws``."""

    START = 0      # (START,): the family with the start coin
    BOARD = 1      # (BOARD, location): its boast board
    PLAN = 2       # (PLAN, family): its plan card
    CARRIAGE = 3   # (CARRIAGE, medici): the location tile of his carriage
    SECTOR = 4     # (SECTOR, sector, medici or NONE): the sector's location tile, his target
    TIME = 5       # (TIME, sector): the sector's time tile
    CARD = 6       # (CARD, family, medici, why): a scandal card of his pile for the family
    STROZZI = 7    # (STROZZI,): Strozzi's next card (solo game)


class Resume(IntEnum):
    """How play goes on once ``State.draws`` is empty (``State.resume``)."""

    NOTHING = 0    # the state is a decision already
    SETUP = 1      # the set-up's last steps (:func:`.setup.finish`)
    MEDICI = 2     # the Medici phase after its scandal cards (:func:`.medici.after_deals`)
    ROUND = 3      # the next round (:func:`.turns.start_round`)


class Source(IntEnum):
    """Where points scored during the rounds come from: an index of ``State.scored`` rows,
    each the clause that awards them (:data:`SOURCE_CLAUSES`). The end scoring (time left,
    plan card) is not kept there: the finished game's clock and board still show it."""

    ESCORT = 0          # guard.escort: a member walks past another family's escort
    SOLO_ESCORT = 1     # solo.escort: the solo player walks past an own escort
    BOAST = 2           # action.boast
    BOAST_ANYWHERE = 3  # scandal.boast_anywhere
    HEAD = 4            # medici.head
    COSIMO = 5          # scoring.cosimo
    CONTESSINA = 6      # scoring.contessina
    GIOVANNI = 7        # scoring.giovanni
    BONUS = 8           # action.passed_bonus: the point a passed family takes
    SOLO_BONUS = 9      # solo.bonus: Strozzi after passing
    SOLO_PARTY = 10     # solo.harder: the party card's points per time spent
    SOLO_BOAST = 11     # solo.card.boast (also the friend card's fallback)
    SOLO_GUARD = 12     # solo.card.guard: points instead of a guard
    SOLO_GIOVANNI = 13  # solo.giovanni: Strozzi takes Giovanni's place


#: The clause of each :class:`Source`, by its index.
SOURCE_CLAUSES = tuple(prefix(GAME) + clause for clause in (
    "guard.escort", "solo.escort", "action.boast", "scandal.boast_anywhere", "medici.head",
    "scoring.cosimo", "scoring.contessina", "scoring.giovanni", "action.passed_bonus",
    "solo.bonus", "solo.harder", "solo.card.boast", "solo.card.guard", "solo.giovanni"))


@fast_replace
class Automa(NamedTuple):
    """Strozzi's card deck in the solo game (card numbers 0-9, next card last).

    After a clean-up (solo.cleanup) his next ``kept`` cards still come from the
    old deck; ``under`` are the discards that are shuffled together with the
    rest of it once those are drawn (:func:`.solo.cleaned_automa`).
    """

    deck: tuple[int, ...]
    discard: tuple[int, ...]
    shuffles: int
    drawn: int                  # cards drawn this round
    first_passer: int           # family that passed first this round, or -1
    held: int = -1              # the party card set aside while he draws again, or -1
    kept: int = 0               # draws still to come from the top of the old deck
    under: tuple[int, ...] = ()   # discards to be shuffled beneath the kept cards
    #: a choice his card leaves to the player, his turn waiting for it: ``(point, detail,
    #: *candidates)`` (:func:`.solo.strozzi_choice`), else empty
    pending: tuple[int, ...] = ()

    def __repr__(self) -> str:
        """As a named tuple shows itself; ``pending`` only while set, so positions without
        a choice keep the fingerprints they had before it existed (``regelwerk regress``)."""
        shown = self if self.pending else self[:-1]
        names = self._fields if self.pending else self._fields[:-1]
        return "Automa(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, shown, strict=True)) \
            + ")"


_OVER: Final = Phase.OVER


@fast_replace
class State(NamedTuple):
    rules: Rules
    seed: int | None                            # None: chance waits for the caller
    round: int                                  # 1..9
    phase: Phase
    current: int                                # family to decide
    start: int                                  # holder of the start coin
    setup_left: int                             # first debutants still to place
    queues: tuple[tuple[int, ...], ...]         # location -> piece ids, head first
    where: tuple[int, ...]                      # piece -> location / RESERVE / RETIRED
    clock: tuple[int, ...]
    points: tuple[int, ...]
    #: family -> points scored during the rounds per :class:`Source` (they add up to
    #: ``points`` until the end scoring adds time and plan card: :mod:`.score_items`)
    scored: tuple[tuple[int, ...], ...]
    gifts: tuple[int, ...]                      # gifts still in hand
    given: tuple[tuple[int, ...], ...]          # family -> gifts given per Medici
    boards: tuple[int, ...]                     # location -> boast board kind
    #: location -> field (bottom first) -> family; with ``retrieved_cup=ever_placed`` one
    #: more row after the locations: the family of each cup taken back (interp.retrieved_cup)
    cups: tuple[tuple[int, ...], ...]
    escorts: tuple[tuple[int, ...], ...]        # path -> families
    spies: tuple[tuple[int, ...], ...]          # location -> families
    doormen: tuple[tuple[int, ...], ...]        # location -> families
    guards: tuple[int, ...]                     # guards still on the family board
    hands: tuple[tuple[int, ...], ...]          # family -> card ids (medici * 4 + kind)
    decks: tuple[tuple[int, ...], ...]          # medici -> draw pile, next card last
    discards: tuple[tuple[int, ...], ...]
    shuffles: int                               # reshuffles so far (seeds the next one)
    passed: tuple[bool, ...]
    rings: tuple[int, ...]                      # family -> location index or NONE
    carriages: tuple[int, ...]                  # Medici -> location index
    targets: tuple[int, ...]                    # NONE once a Medici has finished
    sector_loc: tuple[int, ...]                 # round -> target location (NONE: hidden)
    sector_time: tuple[int, ...]                # round -> time (NONE: hidden)
    loc_stack: tuple[int, ...]                  # location tiles, next tile last
    loc_bottom: tuple[int, ...]                 # the used tiles beneath them, next last
    time_stack: tuple[int, ...]
    plans: tuple[int, ...]                      # family -> plan card
    offer: tuple[tuple[int, ...], int]          # Giovanni: (families still to ask, place)
    draws: tuple[tuple[int, ...], ...]          # chance's draws to come (Draw entries)
    resume: Resume                              # what follows the last of them
    piles: tuple[tuple[int, ...], ...]          # the set-up's own piles while it draws
    automa: Automa | None = None                # the solo game's Strozzi deck, else None
    #: the scandal card being played, step by step (:mod:`.scandal`): ``(hand index, card,
    #: *choices so far)``, the card out of the hand meanwhile; empty while none is
    scandal: tuple[int, ...] = ()

    def __repr__(self) -> str:
        mover = f"draw={Draw(self.draws[0][0]).name}" if self.draws else f"current={self.current}"
        playing = f" scandal={self.scandal}" if self.scandal else ""
        return (f"<florenz round {self.round} {self.phase.name} {mover} "
                f"clock={self.clock} points={self.points} hands={[len(h) for h in self.hands]}"
                f"{playing}>")

    @property
    def families(self) -> int:
        return self.rules.families

    @property
    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def family_of(self, piece: int) -> int:
        return piece // self.rules.pieces_per_family

    def rank_of(self, piece: int) -> int:
        return self.rules.piece_rank[piece % self.rules.pieces_per_family]

    def pieces(self, family: int) -> range:
        n = self.rules.pieces_per_family
        return range(family * n, family * n + n)

    def colour_of(self, piece: int) -> int:
        """The piece set (colour) a piece belongs to: Strozzi has two, families one."""
        return (piece % self.rules.pieces_per_family) * self.rules.colours \
            // self.rules.pieces_per_family

    def on_board(self, family: int) -> list[int]:
        """The family's members on the board (in a queue), by piece id."""
        n = self.rules.pieces_per_family
        where = self.where
        return [p for p in range(family * n, family * n + n) if where[p] >= 0]

    def queue(self, location: int) -> tuple[int, ...]:
        """The queue at location number ``location`` (1-9), head first."""
        return self.queues[location - 1]


def to_move(state: State) -> int:
    """The family to decide, or :data:`~regelwerk.engine.core.game.CHANCE` while a draw is due."""
    return CHANCE if state.draws else state.current
