"""Florenz's actions in words of the reader's language (``Game.words``).

Each kind has one phrase, a gettext message of the domain ``regelwerk-florenz``
with the context ``words.<kind>``, translated per call; ranks and families are
the glossary's words (``spec/florenz/glossary.toml``), locations are numbered
1-9 as on the board.
"""

from __future__ import annotations

from typing import Any

from regelwerk.engine.core.i18n import Phrase, pgettext
from regelwerk.engine.core.spec import glossary_term
from regelwerk.engine.florenz.actions import (
    Accept,
    BoardDrawn,
    Boast,
    BonusPoint,
    BonusSwap,
    BonusTime,
    CardDrawn,
    Decline,
    DiscardForTime,
    Gift,
    HurryPair,
    HurryTwice,
    Move,
    Pass,
    Place,
    PlanDrawn,
    Promote,
    Scandal,
    ScandalCard,
    ScandalCrest,
    ScandalMedici,
    ScandalPiece,
    ScandalPlace,
    ScandalStop,
    Send,
    StartDrawn,
    StrozziChoice,
    StrozziDrawn,
    TileDrawn,
    TimeDrawn,
)
from regelwerk.engine.florenz.rules import BOASTS, DEBUTANT, LADY, MAESTRO, MEDICI
from regelwerk.engine.florenz.rules import GAME as ID
from regelwerk.engine.florenz.solo import CARD5_TIE
from regelwerk.engine.florenz.state import State

PHRASES: dict[type, Phrase] = {
    Place: pgettext("words.place", "put a debutant on the empty queue at location {location}"),
    Pass: pgettext("words.pass", "pass and put the ring on location {location}"),
    BonusTime: pgettext("words.bonus_time", "take the passing bonus: time"),
    BonusPoint: pgettext("words.bonus_point", "take the passing bonus: a point"),
    BonusSwap: pgettext("words.bonus_swap", "take the passing bonus: swap {piece} with {other}"),
    Send: pgettext("words.send", "send a debutant to location {location}"),
    Promote: pgettext("words.promote", "promote the {piece}"),
    Move: pgettext("words.move", "move the {piece} to location {to}"),
    HurryTwice: pgettext("words.hurry_twice",
                         "hurry: move the {piece} through location {via} to location {to}"),
    HurryPair: pgettext("words.hurry_pair", "hurry: move the {piece} to location {to} and the "
                                            "{other} to location {other_to}"),
    Boast: pgettext("words.boast", "boast at location {location} ({board})"),
    Gift: pgettext("words.gift", "give {medici} a gift{guard}"),
    DiscardForTime: pgettext("words.discard", "discard the scandal card {card} for time"),
    Scandal: pgettext("words.scandal", "play the scandal card {card} ({fields})"),
    ScandalCard: pgettext("words.scandal_card", "play the scandal card {card}"),
    ScandalPiece: pgettext("words.scandal_piece", "the scandal card takes the {piece}"),
    ScandalPlace: pgettext("words.scandal_place", "the scandal card takes location {location}"),
    ScandalMedici: pgettext("words.scandal_medici", "the scandal card takes {medici}"),
    ScandalCrest: pgettext("words.scandal_crest", "the scandal card takes crest {crest}"),
    ScandalStop: pgettext("words.scandal_stop", "stop: the walk ends here, or no other member "
                                                "walks"),
    Accept: pgettext("words.accept", "accept Giovanni's offer"),
    Decline: pgettext("words.decline", "decline Giovanni's offer"),
    StartDrawn: pgettext("words.start", "the start coin goes to {family}"),
    BoardDrawn: pgettext("words.board", "the next location gets the boast board {board}"),
    PlanDrawn: pgettext("words.plan", "the next family draws plan card {plan}"),
    TileDrawn: pgettext("words.tile", "the location tile shows location {location}"),
    TimeDrawn: pgettext("words.time", "the time tile shows {time}"),
    CardDrawn: pgettext("words.card", "the scandal card given out is {card}"),
    StrozziDrawn: pgettext("words.strozzi_card", "Strozzi's next card is number {card}"),
    StrozziChoice: pgettext("words.strozzi_choice", "choose candidate {number} for Strozzi"),
}
#: the solo player's choice for Strozzi, by the point his turn waits on (``solo.CARD5_TIE``,
#: ``solo.FRIEND_LADY``, ``solo.FRIEND_MAESTRO``)
CHOICES: tuple[Phrase, ...] = (
    pgettext("words.strozzi_choice.colour", "choose {colour} for Strozzi's card 5"),
    pgettext("words.strozzi_choice.lady", "choose Strozzi's {piece} to become a lady"),
    pgettext("words.strozzi_choice.maestro", "choose Strozzi's {piece} to become the maestro"),
)
PASS_LAST = pgettext("words.pass.last", "pass (the last family: no ring)")
GUARD = pgettext("words.gift.guard", ", with a guard on crest {crest}")
PIECE = pgettext("words.piece", "{rank} of {family} at location {location}")
PIECE_OFF = pgettext("words.piece.off_board", "{rank} of {family}")
NO_FIELDS = pgettext("words.scandal.no_fields", "no choices")
#: what a scandal card's play chooses (``Scandal`` a-d), by the card's kind
PIECE_ONLY = pgettext("words.scandal.piece", "{piece}")
LOCATION = pgettext("words.scandal.location", "location {location}")
TWO_PIECES = pgettext("words.scandal.two_pieces", "{piece} with {other}")
PIECE_TO = pgettext("words.scandal.piece_to", "{piece} to location {to}")
WALK = pgettext("words.scandal.walk", "{piece} by locations {path}")
SECOND_WALK = pgettext("words.scandal.second_walk", "; {piece} by locations {path}")
GIFT_TO = pgettext("words.scandal.gift", "a gift to {medici}{guard}")
NO_GUARD = pgettext("words.scandal_crest.none", "the scandal card takes no crest: a gift "
                                                "without a guard")
GUARD_AT = pgettext("words.scandal.guard", "a guard on crest {crest} of {medici}")
CUP_AT = pgettext("words.scandal.cup", "the boast cup at location {location}")

#: Glossary keys of the ranks.
RANKS = {DEBUTANT: "debutant", LADY: "lady", MAESTRO: "maestro"}

#: The scandal cards by their kind (``rules.SCANDALS``).
CARDS: dict[str, Phrase] = {
    "retrieve_cup": pgettext("words.scandal.retrieve_cup", "'take back a cup'"),
    "queue_swap": pgettext("words.scandal.queue_swap", "'swap in a queue'"),
    "retire": pgettext("words.scandal.retire", "'retire a member'"),
    "boast_anywhere": pgettext("words.scandal.boast_anywhere", "'boast anywhere'"),
    "any_gift": pgettext("words.scandal.any_gift", "'a gift to anyone'"),
    "neighbour_swap": pgettext("words.scandal.neighbour_swap", "'swap with a neighbour'"),
    "promote": pgettext("words.scandal.promote", "'promote a debutant'"),
    "advance": pgettext("words.scandal.advance", "'move up the queue'"),
    "guard_anywhere": pgettext("words.scandal.guard_anywhere", "'a guard anywhere'"),
    "move_anywhere": pgettext("words.scandal.move_anywhere", "'move anywhere'"),
    "long_walk": pgettext("words.scandal.long_walk", "'a long walk'"),
    "chaperoned": pgettext("words.scandal.chaperoned", "'chaperoned'"),
}

#: The boast boards (``rules.BOASTS``).
BOARDS: dict[str, Phrase] = {
    "great_influence": pgettext("words.boast.great_influence", "great influence"),
    "unmistakable": pgettext("words.boast.unmistakable", "unmistakable"),
    "scandalmonger": pgettext("words.boast.scandalmonger", "scandalmonger"),
    "sharp_elbows": pgettext("words.boast.sharp_elbows", "sharp elbows"),
    "ruler_of_the_street": pgettext("words.boast.ruler_of_the_street", "ruler of the street"),
    "rising": pgettext("words.boast.rising", "rising"),
    "strongly_represented": pgettext("words.boast.strongly_represented",
                                     "strongly represented"),
    "generous": pgettext("words.boast.generous", "generous"),
    "omnipresent": pgettext("words.boast.omnipresent", "omnipresent"),
}




#: ``term(key, lang)``: the glossary's word for ``key`` in ``lang`` (the key itself if it has
#: none)
term = glossary_term(ID)


def piece(state: State, p: int, lang: str) -> str:
    """A family member: its rank, its family and where it stands."""
    rank = term(RANKS[state.rank_of(p)], lang)
    family = term(state.rules.names[state.family_of(p)], lang)
    at = state.where[p]
    if at < 0:
        return PIECE_OFF(lang, rank=rank, family=family)
    return PIECE(lang, rank=rank, family=family, location=at + 1)


def card(state: State, card_id: int, lang: str) -> str:
    """A scandal card by its id (``medici * kinds + kind``)."""
    kinds = state.rules.scandal_kinds
    per = len(kinds[0])
    return CARDS[kinds[card_id // per][card_id % per]](lang)


def choice(state: State, index: int, lang: str) -> str | None:
    """The candidate ``index`` of the choice Strozzi's turn waits on, in words (``None``:
    it waits on no choice, or has no such candidate)."""
    pending = () if state.automa is None else state.automa.pending
    if not 0 <= index < len(pending) - 2:
        return None
    point, chosen = pending[0], pending[2 + index]
    if point == CARD5_TIE:
        colour = state.rules.spec.meta["solo_colours"][chosen]
        return CHOICES[0](lang, colour=term(colour, lang))
    return CHOICES[point](lang, piece=piece(state, chosen, lang))


def scandal_fields(state: State, card_id: int, action: Scandal, lang: str) -> str:
    """What the play of a scandal card chooses (its fields ``a``-``d``, whose meaning
    depends on the card: :class:`~.actions.Scandal`), in words."""
    kinds = state.rules.scandal_kinds
    per = len(kinds[0])
    kind = kinds[card_id // per][card_id % per]
    a, b, c, d = action.a, action.b, action.c, action.d
    if kind in ("guard_anywhere", "any_gift"):
        medici = MEDICI[a].capitalize() if 0 <= a < len(MEDICI) else str(a)
        if kind == "any_gift":
            return GIFT_TO(lang, medici=medici, guard="" if b < 0 else GUARD(lang, crest=b))
        return GUARD_AT(lang, medici=medici, crest=b)
    if kind == "retrieve_cup":
        return CUP_AT(lang, location=a)
    if kind in ("chaperoned", "boast_anywhere"):
        return LOCATION(lang, location=a)
    if kind == "move_anywhere":
        return PIECE_TO(lang, piece=piece(state, a, lang), to=b)
    if kind in ("neighbour_swap", "queue_swap"):
        return TWO_PIECES(lang, piece=piece(state, a, lang), other=piece(state, b, lang))
    if kind == "long_walk":
        said = WALK(lang, piece=piece(state, a, lang), path=", ".join(str(b)))
        if c >= 0:
            said += SECOND_WALK(lang, piece=piece(state, c, lang), path=", ".join(str(d)))
        return said
    return PIECE_ONLY(lang, piece=piece(state, a, lang))      # promote, retire, advance


def words(state: State, action: Any, lang: str) -> str | None:
    """``action`` in words of ``lang`` (``None``: a kind without words)."""
    values: dict[str, Any] = {}
    match action:
        case Pass(location=0):
            return PASS_LAST(lang)
        case Place(location=loc) | Pass(location=loc) | Send(location=loc) | \
                TileDrawn(location=loc):
            values["location"] = loc
        case Boast(location=loc):
            values.update(location=loc, board=BOARDS[BOASTS[state.boards[loc - 1]]](lang))
        case BonusSwap(piece=p, other=other):
            values.update(piece=piece(state, p, lang), other=piece(state, other, lang))
        case Promote(piece=p):
            values["piece"] = piece(state, p, lang)
        case Move(piece=p, to=to):
            values.update(piece=piece(state, p, lang), to=to)
        case HurryTwice(piece=p, via=via, to=to):
            values.update(piece=piece(state, p, lang), via=via, to=to)
        case HurryPair(piece=p, to=to, other=other, other_to=other_to):
            values.update(piece=piece(state, p, lang), to=to, other=piece(state, other, lang),
                          other_to=other_to)
        case Gift(medici=medici, crest=crest):
            values.update(medici=MEDICI[medici].capitalize(),
                          guard="" if crest < 0 else GUARD(lang, crest=crest))
        case DiscardForTime(index=index):
            values["card"] = card(state, state.hands[state.current][index], lang)
        case Scandal(index=index):
            chosen = [v for v in (action.a, action.b, action.c, action.d) if v != -1]
            card_id = state.hands[state.current][index]
            values.update(card=card(state, card_id, lang),
                          fields=scandal_fields(state, card_id, action, lang)
                          if chosen else NO_FIELDS(lang))
        case ScandalCard(index=index):
            values["card"] = card(state, state.hands[state.current][index], lang)
        case ScandalPiece(piece=p):
            values["piece"] = piece(state, p, lang)
        case ScandalPlace(location=loc):
            values["location"] = loc
        case ScandalMedici(medici=medici):
            values["medici"] = MEDICI[medici].capitalize()
        case ScandalCrest(crest=-1):
            return NO_GUARD(lang)
        case ScandalCrest(crest=crest):
            values["crest"] = crest
        case StartDrawn(family=family):
            values["family"] = term(state.rules.names[family], lang)
        case BoardDrawn(board=board):
            values["board"] = BOARDS[BOASTS[board]](lang)
        case PlanDrawn(plan=plan):
            values["plan"] = plan + 1
        case TimeDrawn(time=time):
            values["time"] = time
        case CardDrawn(card=card_id):
            values["card"] = card(state, card_id, lang)
        case StrozziDrawn(card=number):
            values["card"] = number + 1
        case StrozziChoice(index=index):
            said = choice(state, index, lang)
            if said is not None:
                return said
            values["number"] = index + 1       # no such choice waits: the candidate's number
    phrase = PHRASES.get(type(action))
    return None if phrase is None else phrase(lang, **values)
