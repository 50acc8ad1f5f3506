"""Public names of a position: what a scenario's ``then`` and ``change`` keys may ask for.

A rules editor names a part of a position the way ``regelwerk replay --positions``,
``explain`` and ``play`` show it, in English or German, never by an internal state path:
``"to move"``, ``"round"``, a seat's holding as ``"<seat> <holding>"`` (``"Medici money"``,
``"Orange Zeiteinheiten"``), a numbered part with its number as the position text counts
it, from 1 (``"ship 2 of Strozzi"`` is written ``"Strozzi ship 2"``, ``"location 4 queue"``).
Seats are the game's colours or families (their glossary words, either language, any
case). The value is compared in the language the key is written in: a seat as its word
(``"Blau"``), a goods tile as ``"indigo 0"``, a member in a queue as ``"lady of blue"``.

Every name is a gettext message of the domain ``regelwerk`` with the context
``scenario.name`` (``{n}`` a number, ``{who}`` a word such as a Medici's name or a town);
:func:`vocabulary` lists a game's names, which ``tests/scenarios/README.md`` documents.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from regelwerk.engine.core.game import CHANCE, Game
from regelwerk.engine.core.i18n import LANGUAGES, Phrase, pgettext
from regelwerk.engine.core.spec import glossary_word, seat_word

CONTEXT = "scenario.name"
CHANCE_WORD = pgettext("scenario.value", "chance")
NOBODY_WORD = pgettext("scenario.value", "nobody")
NONE_WORD = pgettext("scenario.value", "none")


@dataclass(frozen=True)
class At:
    """Where a name is asked: the game, the state, the seat and the word or number the
    key gave, and the language the key is written in (the value's language)."""

    game: Game[Any, Any]
    state: Any
    seat: int | None
    arg: str | None
    lang: str

    @property
    def n(self) -> int:
        """The key's number, counted from 1 as the position text counts, as an index."""
        return int(self.arg or 0) - 1


@dataclass(frozen=True)
class Name:
    """One public name: its words (with ``{n}`` or ``{who}``), whether a seat comes first,
    and how it is read from a state."""

    phrase: Phrase
    read: Callable[[At], Any]
    per_seat: bool = False

    def pattern(self, lang: str) -> re.Pattern[str]:
        """The key's words in ``lang`` as a pattern (any case, any spacing)."""
        words = re.escape(" ".join(self.phrase.text(lang).split()).lower())
        words = words.replace(r"\{n\}", r"(\d+)").replace(r"\{who\}", r"(.+?)")
        return re.compile(words.replace(r"\ ", r"\s+"))


class UnknownName(LookupError):
    """A key that is no public name of the game (the caller falls back to a state path)."""


def _n(phrase: str) -> Phrase:
    return pgettext("scenario.name", phrase)


def seat_keys(game: Game[Any, Any], state: Any) -> Sequence[str]:
    """The seats' glossary keys, seat by seat, as many as play."""
    names = getattr(state.rules, "names", None)
    if names is not None:
        return tuple(names)
    keys = tuple(game.spec.meta.get("players", ()))
    return keys[:len(getattr(state, "cash", keys))]


def seat_name(at: At, player: int) -> str:
    """A seat as its word in the key's language; chance and nobody too."""
    if player == CHANCE:
        return CHANCE_WORD(at.lang)
    keys = seat_keys(at.game, at.state)
    if not 0 <= player < len(keys):
        return NOBODY_WORD(at.lang)
    return seat_word(at.game.id, keys[player], at.lang)


def _to_move(at: At) -> Any:
    if at.game.is_over(at.state):
        return NOBODY_WORD(at.lang)
    return seat_name(at, at.game.to_move(at.state))


COMMON: tuple[Name, ...] = (
    Name(pgettext("scenario.name", "to move"), _to_move),
    Name(pgettext("scenario.name", "game over"), lambda at: at.game.is_over(at.state)),
    Name(pgettext("scenario.name", "legal actions"), lambda at: len(at.game.legal_actions(at.state))),
)


# ------------------------------------------------------------------ Medici vs Strozzi

def _mvs_tiles(at: At, ids: Sequence[int]) -> list[str]:
    rules = at.state.rules
    return [f"{glossary_word(at.game.id, rules.goods[rules.tile_good[t]], at.lang)} "
            f"{rules.tile_value[t]}" for t in ids]


def _mvs_harbour(at: At) -> Any:
    harbour = at.state.ports[at.seat][at.n]
    return NONE_WORD(at.lang) if harbour < 0 else harbour + 1


def _mvs_now(at: At) -> str:
    from regelwerk.engine.medici_vs_strozzi.position import DOING, NAMES

    return DOING[at.state.phase](at.lang, player=NAMES.get(at.state.current_player, ""))


MEDICI_VS_STROZZI: tuple[Name, ...] = (
    Name(pgettext("scenario.name", "round"), lambda at: at.state.round),
    Name(pgettext("scenario.name", "now"), _mvs_now),
    Name(pgettext("scenario.name", "money"), lambda at: at.state.cash[at.seat], per_seat=True),
    Name(pgettext("scenario.name", "loans"), lambda at: at.state.loans[at.seat], per_seat=True),
    Name(pgettext("scenario.name", "ship {n} harbour"), _mvs_harbour, per_seat=True),
    Name(pgettext("scenario.name", "ship {n}"), lambda at: _mvs_tiles(at, at.state.holds[at.seat][at.n]),
         per_seat=True),
    Name(pgettext("scenario.name", "on the table"), lambda at: _mvs_tiles(at, at.state.drawn)),
    Name(pgettext("scenario.name", "price"), lambda at: at.state.price),
    Name(pgettext("scenario.name", "buyer"), lambda at: seat_name(at, at.state.buyer)),
    Name(pgettext("scenario.name", "goods tiles in the bag"), lambda at: len(at.state.bag)),
    Name(pgettext("scenario.name", "discarded"), lambda at: _mvs_tiles(at, at.state.discarded)),
)


# ------------------------------------------------------------------ Florenz

def _florenz_queue(at: At) -> list[str]:
    from regelwerk.engine.florenz.words import PIECE_OFF, RANKS, term

    state = at.state
    return [PIECE_OFF(at.lang, rank=term(RANKS[state.rank_of(p)], at.lang),
                      family=term(state.rules.names[state.family_of(p)], at.lang))
            for p in state.queues[at.n]]


def _florenz_strozzi_colours(at: At) -> list[str]:
    """The colours of Strozzi's members in a queue, head first (the solo game; the
    position text names them all "of Strozzi")."""
    state = at.state
    if state.rules.colours < 2:
        return []
    colours = state.rules.spec.meta["solo_colours"]
    strozzi = state.rules.families - 1
    return [glossary_word(at.game.id, colours[state.colour_of(p)], at.lang)
            for p in state.queues[at.n] if state.family_of(p) == strozzi]


def _florenz_seats(at: At, players: Sequence[int]) -> list[str]:
    return [seat_name(at, p) for p in players if p >= 0]


def _florenz_medici(at: At) -> int:
    from regelwerk.engine.florenz.rules import MEDICI

    wanted = (at.arg or "").lower()
    for index, name in enumerate(MEDICI):
        if name == wanted:
            return index
    raise UnknownName(at.arg)


def _florenz_reserve(at: At) -> int:
    from regelwerk.engine.florenz.state import RESERVE

    return sum(1 for p in at.state.pieces(at.seat) if at.state.where[p] == RESERVE)


def _florenz_ring(at: At) -> Any:
    ring = at.state.rings[at.seat]
    return NONE_WORD(at.lang) if ring < 0 else ring + 1


def _florenz_target(at: At) -> Any:
    index = _florenz_medici(at)
    targets = at.state.targets
    return targets[index] + 1 if index < len(targets) and targets[index] >= 0 \
        else NONE_WORD(at.lang)


def _florenz_phase(at: At) -> str:
    from regelwerk.engine.florenz.position import PHASES

    return PHASES[at.state.phase](at.lang)


def _florenz_board(at: At) -> str:
    from regelwerk.engine.florenz.position import NO_BOARD
    from regelwerk.engine.florenz.rules import BOASTS
    from regelwerk.engine.florenz.words import BOARDS

    if not 0 <= at.n < at.state.rules.locations:
        raise UnknownName(at.arg)
    board = at.state.boards[at.n] if at.n < len(at.state.boards) else -1
    return BOARDS[BOASTS[board]](at.lang) if board >= 0 else NO_BOARD(at.lang)


def _numbered(index: int) -> Any:
    """An index counted from 1 as the position text counts; none if there is none."""
    return index + 1 if index >= 0 else None


def _or_none(at: At, found: Any) -> Any:
    return NONE_WORD(at.lang) if found is None else found


def _florenz_round(field: str, counted: bool) -> Callable[[At], Any]:
    def read(at: At) -> Any:
        found = getattr(at.state, field)[at.n]
        return _or_none(at, _numbered(found) if counted else (found if found >= 0 else None))
    return read


def _florenz_escorts(at: At) -> list[str]:
    ends = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", at.arg or "")
    if ends is None:
        raise UnknownName(at.arg)
    path = tuple(sorted((int(ends.group(1)) - 1, int(ends.group(2)) - 1)))
    edges = at.state.rules.edges
    if path not in edges:
        raise UnknownName(at.arg)
    return _florenz_seats(at, at.state.escorts[edges.index(path)])


def _florenz_held(at: At) -> Any:
    automa = at.state.automa
    return NONE_WORD(at.lang) if automa is None or automa.held < 0 else automa.held + 1


def _florenz_automa(read: Callable[[Any], Any]) -> Callable[[At], Any]:
    """A part of Strozzi's card deck (solo game; none in a game of families)."""
    return lambda at: NONE_WORD(at.lang) if at.state.automa is None else read(at.state.automa)


def _printed(cards: Sequence[int]) -> list[int]:
    """Strozzi's cards by the numbers printed on them."""
    return [card + 1 for card in cards]


FLORENZ: tuple[Name, ...] = (
    Name(pgettext("scenario.name", "round"), lambda at: at.state.round),
    Name(pgettext("scenario.name", "phase"), _florenz_phase),
    Name(pgettext("scenario.name", "location {n} boast board"), _florenz_board),
    Name(pgettext("scenario.name", "scandal cards in the pile of {who}"),
         lambda at: len(at.state.decks[_florenz_medici(at)])),
    Name(pgettext("scenario.name", "scandal cards on the discard pile of {who}"),
         lambda at: len(at.state.discards[_florenz_medici(at)])),
    Name(pgettext("scenario.name", "round {n} time tile"), _florenz_round("sector_time", False)),
    Name(pgettext("scenario.name", "round {n} location tile"),
         _florenz_round("sector_loc", True)),
    Name(pgettext("scenario.name", "path {who} escorts"), _florenz_escorts),
    Name(pgettext("scenario.name", "plan card"),
         lambda at: _or_none(at, _numbered(at.state.plans[at.seat])), per_seat=True),
    Name(pgettext("scenario.name", "Strozzi's discard pile"),
         _florenz_automa(lambda automa: _printed(automa.discard))),
    Name(pgettext("scenario.name", "Strozzi's card set aside"),
         _florenz_held),
    Name(pgettext("scenario.name", "Strozzi's cards still to come from the old deck"),
         _florenz_automa(lambda automa: automa.kept)),
    Name(pgettext("scenario.name", "Strozzi's discards to go beneath them"),
         _florenz_automa(lambda automa: _printed(automa.under))),
    Name(pgettext("scenario.name", "time"), lambda at: at.state.clock[at.seat], per_seat=True),
    Name(pgettext("scenario.name", "points"), lambda at: at.state.points[at.seat], per_seat=True),
    Name(pgettext("scenario.name", "gifts"), lambda at: at.state.gifts[at.seat], per_seat=True),
    Name(pgettext("scenario.name", "guards"), lambda at: at.state.guards[at.seat], per_seat=True),
    Name(pgettext("scenario.name", "scandal cards in hand"),
         lambda at: len(at.state.hands[at.seat]), per_seat=True),

    Name(pgettext("scenario.name", "members in reserve"), _florenz_reserve, per_seat=True),
    Name(pgettext("scenario.name", "has passed"), lambda at: at.state.passed[at.seat], per_seat=True),
    Name(pgettext("scenario.name", "ring"), _florenz_ring, per_seat=True),
    Name(pgettext("scenario.name", "location {n} queue"), _florenz_queue),
    Name(pgettext("scenario.name", "location {n} Strozzi colours"), _florenz_strozzi_colours),
    Name(pgettext("scenario.name", "location {n} boast cups"),
         lambda at: _florenz_seats(at, at.state.cups[at.n])),
    Name(pgettext("scenario.name", "location {n} spies"),
         lambda at: _florenz_seats(at, at.state.spies[at.n])),
    Name(pgettext("scenario.name", "location {n} doormen"),
         lambda at: _florenz_seats(at, at.state.doormen[at.n])),
    Name(pgettext("scenario.name", "carriage of {who}"),
         lambda at: at.state.carriages[_florenz_medici(at)] + 1),
    Name(pgettext("scenario.name", "target of {who}"), _florenz_target),
    Name(pgettext("scenario.name", "start coin"), lambda at: seat_name(at, at.state.start)),
)


# ------------------------------------------------------------------ Il Vecchio

def _town(at: At) -> int:
    names = [name.lower() for name in at.state.rules.board.names]
    wanted = (at.arg or "").lower()
    if wanted not in names:
        raise UnknownName(at.arg)
    return names.index(wanted)


def _resource(index: int) -> Callable[[At], int]:
    return lambda at: int(at.state.players[at.seat].res[index])


IL_VECCHIO: tuple[Name, ...] = (
    Name(pgettext("scenario.name", "Florins"), _resource(0), per_seat=True),
    Name(pgettext("scenario.name", "scrolls"), _resource(1), per_seat=True),
    Name(pgettext("scenario.name", "carriages"), _resource(2), per_seat=True),
    Name(pgettext("scenario.name", "bishops"), _resource(3), per_seat=True),
    Name(pgettext("scenario.name", "assassins"), _resource(4), per_seat=True),
    Name(pgettext("scenario.name", "knights"), _resource(5), per_seat=True),
    Name(pgettext("scenario.name", "abbots"), _resource(6), per_seat=True),
    Name(pgettext("scenario.name", "family members in the personal supply"),
         lambda at: at.state.players[at.seat].supply, per_seat=True),
    Name(pgettext("scenario.name", "family members standing in {who}"),
         lambda at: at.state.players[at.seat].standing[_town(at)], per_seat=True),
    Name(pgettext("scenario.name", "family members lying in {who}"),
         lambda at: at.state.players[at.seat].lying[_town(at)], per_seat=True),
    Name(pgettext("scenario.name", "city council tiles"), lambda at: len(at.state.players[at.seat].council_up)
         + len(at.state.players[at.seat].council_down), per_seat=True),
    Name(pgettext("scenario.name", "Medici crests"),
         lambda at: len(at.state.players[at.seat].crests), per_seat=True),
    Name(pgettext("scenario.name", "Medici crests face down"), lambda at: at.state.crests_left),
    Name(pgettext("scenario.name", "{who} middleman"), lambda at: _middleman(at)),
    Name(pgettext("scenario.name", "Additional cost tile"), lambda at: _additional_cost(at)),
)


def _additional_cost(at: At) -> str:
    from regelwerk.engine.il_vecchio.board import TRACKS

    return glossary_word(at.game.id, TRACKS[at.state.extra_cost_on], at.lang)


def _middleman(at: At) -> str:
    colours = at.state.rules.spec["setup.middlemen"]
    wanted = (at.arg or "").lower()
    for colour, town in zip(colours, at.state.middlemen, strict=False):
        if wanted in {glossary_word(at.game.id, colour, lang).lower() for lang in LANGUAGES}:
            return str(at.state.rules.board.names[town])
    raise UnknownName(at.arg)


# ------------------------------------------------------------------ Lorenzo

def _lorenzo_area(key: str) -> Callable[[At], list[str]]:
    def read(at: At) -> list[str]:
        from regelwerk.engine.lorenzo.position import AREAS
        from regelwerk.engine.lorenzo.rules import MEMBERS

        spaces = dict(AREAS)[key]
        state = at.state
        return [seat_name(at, code // MEMBERS) for space in spaces
                if space < len(state.spaces) for code in state.spaces[space]]
    return read


def _lorenzo_cards(index: int) -> Callable[[At], int]:
    return lambda at: len(at.state.players[at.seat].cards[index])


def _lorenzo_now(at: At) -> str:
    from regelwerk.engine.lorenzo.position import OVER, WHAT
    from regelwerk.engine.lorenzo.state import Stage

    what = WHAT.get(at.state.step)
    return OVER(at.lang) if at.state.stage == Stage.OVER or what is None else what(at.lang)


LORENZO: tuple[Name, ...] = (
    Name(pgettext("scenario.name", "period"), lambda at: at.state.period),
    Name(pgettext("scenario.name", "now"), _lorenzo_now),
    Name(pgettext("scenario.name", "round"), lambda at: at.state.round),
    Name(pgettext("scenario.name", "turn order"), lambda at: [seat_name(at, p) for p in at.state.order]),
    Name(pgettext("scenario.name", "coins"), lambda at: at.state.players[at.seat].coin, per_seat=True),
    Name(pgettext("scenario.name", "wood"), lambda at: at.state.players[at.seat].wood, per_seat=True),
    Name(pgettext("scenario.name", "stone"), lambda at: at.state.players[at.seat].stone, per_seat=True),
    Name(pgettext("scenario.name", "servants"), lambda at: at.state.players[at.seat].servant, per_seat=True),
    Name(pgettext("scenario.name", "military points"),
         lambda at: at.state.players[at.seat].military, per_seat=True),
    Name(pgettext("scenario.name", "faith points"),
         lambda at: at.state.players[at.seat].faith, per_seat=True),
    Name(pgettext("scenario.name", "victory points"), lambda at: at.state.players[at.seat].vp, per_seat=True),
    Name(pgettext("scenario.name", "territories"), _lorenzo_cards(0), per_seat=True),
    Name(pgettext("scenario.name", "buildings"), _lorenzo_cards(1), per_seat=True),
    Name(pgettext("scenario.name", "characters"), _lorenzo_cards(2), per_seat=True),
    Name(pgettext("scenario.name", "ventures"), _lorenzo_cards(3), per_seat=True),
    Name(pgettext("scenario.name", "leader cards in hand"), lambda at: len(at.state.players[at.seat].hand),
         per_seat=True),
    Name(pgettext("scenario.name", "excommunication tiles"),
         lambda at: len(at.state.players[at.seat].excommunicated), per_seat=True),
    Name(pgettext("scenario.name", "Harvest"), _lorenzo_area("harvest")),
    Name(pgettext("scenario.name", "Production"), _lorenzo_area("production")),
    Name(pgettext("scenario.name", "Market"), _lorenzo_area("market")),
    Name(pgettext("scenario.name", "Council Palace"), _lorenzo_area("council_palace")),
)

GAMES: dict[str, tuple[Name, ...]] = {
    "medici_vs_strozzi": MEDICI_VS_STROZZI, "florenz": FLORENZ,
    "il_vecchio": IL_VECCHIO, "lorenzo": LORENZO,
}


def vocabulary(game: str) -> tuple[Name, ...]:
    """The public names of ``game``: the common ones, then the game's own."""
    return COMMON + GAMES.get(game, ())


@dataclass(frozen=True)
class Resolved:
    """A key understood: the name, the seat and argument it gave, its language."""

    name: Name
    seat: int | None
    arg: str | None
    lang: str

    def read(self, game: Game[Any, Any], state: Any) -> Any:
        """The value in ``state`` (in the key's language where it is words)."""
        at = At(game, state, self.seat, self.arg, self.lang)
        try:
            return self.name.read(at)
        except IndexError:
            raise UnknownName(self.arg) from None


def resolve(game: Game[Any, Any], state: Any, key: str) -> Resolved:
    """What ``key`` names (:class:`UnknownName` if nothing): a seat word first for a
    seat's holding, the name's words in English or German, any case and spacing."""
    text = " ".join(key.split()).lower()
    seats = seat_keys(game, state)
    for lang in LANGUAGES:
        for name in vocabulary(game.id):
            rest, seat = text, None
            if name.per_seat:
                for index, word in ((index, seat_word(game.id, seat_key, said).lower())
                                    for index, seat_key in enumerate(seats)
                                    for said in LANGUAGES):
                    if text.startswith(word + " "):
                        rest, seat = text[len(word) + 1:], index
                        break
                else:
                    continue
            match = name.pattern(lang).fullmatch(rest)
            if match:
                return Resolved(name, seat, match.group(1) if match.groups() else None, lang)
    raise UnknownName(key)
