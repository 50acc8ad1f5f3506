"""The board of Il Vecchio, read from ``spec/il_vecchio/board.toml`` and checked.

:func:`board_from_spec` turns the board file into index-based tables (towns are
small ints, roads an adjacency list, distances precomputed by breadth-first
search). :func:`check_board` refuses a board that contradicts the facts derived
from the rulebooks' worked examples (``board.derived.*``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from regelwerk.engine.core.clauses import implements
from regelwerk.engine.core.errors import Joined, Message
from regelwerk.engine.core.i18n import N_
from regelwerk.engine.core.spec import Spec, SpecError

REGIONS = ("milano", "venezia", "chiesa")
TRACKS = ("milano", "venezia", "chiesa", "council", "nobility")
#: Indices of the two Florence tracks in ``TRACKS`` (names, not rule numbers).
COUNCIL, NOBILITY = TRACKS.index("council"), TRACKS.index("nobility")
CREST_COLOURS = ("brown", "black", "gray", "white", "purple")
FLORENCE_COLOUR, GREEN, RED = "florence", "green", "red"
#: Every colour a town can have: the five crest colours, green, red, and Florence's own.
COLOURS = (*CREST_COLOURS, GREEN, RED, FLORENCE_COLOUR)


@dataclass(frozen=True)
class Track:
    """One region or Florence track: per space its Florin cost, Power points, crest."""

    name: str
    costs: tuple[int, ...]
    points: tuple[int, ...]
    crests: tuple[bool, ...]

    @property
    def length(self) -> int:
        return len(self.costs)


@dataclass(frozen=True)
class Board:
    towns: tuple[str, ...]                    # town ids; index = town number
    names: tuple[str, ...]
    colours: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]     # shortest road distance in towns moved
    areas: Mapping[int, tuple[int, ...]]      # area number -> bordering towns
    next_town: tuple[int, ...]                # crest town -> next town of its colour clockwise
    cycles: Mapping[str, tuple[int, ...]]
    gates: Mapping[int, int]                  # red town -> region index
    tracks: tuple[Track, ...]
    florence: int

    def index(self, town: str) -> int:
        return self.towns.index(town)

    def area_of(self, *towns: int) -> tuple[int, ...]:
        """Area numbers bordered by every one of ``towns``."""
        return tuple(n for n, ts in self.areas.items() if all(t in ts for t in towns))


def _bfs(neighbours: Sequence[Sequence[int]], start: int, through: int = -1) -> list[int]:
    """Road distances from ``start``; a route does not pass through the town ``through``
    (it may start or end there)."""
    dist = [-1] * len(neighbours)
    dist[start] = 0
    queue = deque([start])
    while queue:
        town = queue.popleft()
        if town == through and town != start:
            continue
        for nxt in neighbours[town]:
            if dist[nxt] < 0:
                dist[nxt] = dist[town] + 1
                queue.append(nxt)
    return dist


@implements("il_vecchio:travel.roads")
def distances_avoiding_florence(board: Board) -> tuple[tuple[int, ...], ...]:
    """Road distances when no route may pass through Florence (interp.travel_florence's
    reading ``avoid_florence``; a route may still start or end there)."""
    return tuple(tuple(_bfs(board.neighbours, i, board.florence))
                 for i in range(len(board.towns)))


@implements("il_vecchio:setup.board", "il_vecchio:middleman.move", "il_vecchio:travel.roads")
def board_from_spec(spec: Spec) -> Board:
    """Index-based board tables from the spec's board file."""
    towns_data: Mapping[str, Any] = spec["board.towns"]
    towns = tuple(towns_data)
    where = spec.file_of("board")
    index = {t: i for i, t in enumerate(towns)}
    for key, data in towns_data.items():
        if not isinstance(data, Mapping) or data.keys() != {"name", "colour"}:
            raise SpecError(N_("{file}: board.towns.{town} needs exactly a name and a colour"),
                            file=where, town=key)
        if data["colour"] not in COLOURS:
            raise SpecError(N_("{file}: board.towns.{town}.colour: unknown colour {colour!r} "
                               "(known: {known})"), file=where, town=key,
                            colour=data["colour"], known=", ".join(COLOURS))
    if sum(data["colour"] == FLORENCE_COLOUR for data in towns_data.values()) != 1:
        raise SpecError(N_("{file}: board.towns needs exactly one town coloured {colour!r} "
                           "(Florence)"), file=where, colour=FLORENCE_COLOUR)

    def town(name: str, what: str) -> int:
        if name not in index:
            raise SpecError(N_("{file}: {what} names unknown town {town!r}"), file=where,
                            what=what, town=name)
        return index[name]

    neighbours: list[set[int]] = [set() for _ in towns]
    for a, b in spec["board.roads"]:
        i, j = town(a, "board.roads"), town(b, "board.roads")
        neighbours[i].add(j)
        neighbours[j].add(i)
    nbrs = tuple(tuple(sorted(n)) for n in neighbours)
    distance = tuple(tuple(_bfs(nbrs, i)) for i in range(len(towns)))
    if any(d < 0 for row in distance for d in row):
        raise SpecError(N_("{file}: the road net must connect every town"), file=where)
    areas = {int(k): tuple(town(t, f"board.areas.{k}") for t in v)
             for k, v in spec["board.areas"].items()}
    colours = tuple(towns_data[t]["colour"] for t in towns)
    cycles = {c: tuple(town(t, f"board.middleman_cycles.{c}") for t in ts)
              for c, ts in spec["board.middleman_cycles"].items()}
    next_town = [-1] * len(towns)
    for colour, cycle in cycles.items():
        if sorted(cycle) != sorted(i for i, c in enumerate(colours) if c == colour):
            raise SpecError(N_("{file}: the {colour} middleman's cycle must visit exactly the "
                               "{colour} towns"), file=where, colour=colour)
        for k, t in enumerate(cycle):
            next_town[t] = cycle[(k + 1) % len(cycle)]
    gates = {town(t, "board.region_gates"): REGIONS.index(r)
             for t, r in spec["board.region_gates"].items()}
    tracks = []
    for name in TRACKS:
        if name in REGIONS:
            costs = tuple(spec[f"board.tracks.{name}.costs"])
            points = tuple(spec[f"board.tracks.{name}.points"])
        else:
            length = spec[f"board.tracks.{name}.length"]
            costs = (0,) * length
            per = spec["scoring.council_member" if name == "council" else "scoring.nobility_member"]
            points = (per,) * length
        crest_spaces = set(spec[f"board.tracks.{name}.crests"])
        tracks.append(Track(name, costs, points,
                            tuple(k + 1 in crest_spaces for k in range(len(costs)))))
    return Board(towns, tuple(towns_data[t]["name"] for t in towns), colours, nbrs, distance,
                 areas, tuple(next_town), cycles, gates, tuple(tracks),
                 colours.index(FLORENCE_COLOUR))


def board_problems(spec: Spec, board: Board) -> list[Message]:
    """Every way ``board`` contradicts the rule text or the facts derived from its examples
    (localized messages: ``str()`` is English, ``message_in(lang)`` any language)."""
    problems: list[Message] = []
    idx = {t: i for i, t in enumerate(board.towns)}
    named = {"board.derived.distances": [t for a, b, _ in spec["board.derived.distances"]
                                         for t in (a, b)],
             "board.derived.area_4": spec["board.derived.area_4"],
             "board.derived.area_6": spec["board.derived.area_6"],
             "board.derived.brown_example": spec["board.derived.brown_example"],
             "board.derived.milan_gate": spec["board.derived.milan_gate"][:1],
             "town.green.towns": spec["town.green.towns"],
             "province.red_towns": spec["province.red_towns"]}
    missing = [Message(N_("board.towns has no town {town!r}, which {key} names"), town=t, key=k)
               for k, ts in named.items() for t in ts if t not in idx]
    if missing:
        return missing
    for a, b, d in spec["board.derived.distances"]:
        if board.distance[idx[a]][idx[b]] != d:
            problems.append(Message(N_("travel {a} -> {b} must cost {cost} "
                                       "(board.derived.distances)"), a=a, b=b, cost=d))
    for key in ("area_4", "area_6"):
        number = int(key.split("_")[1])
        wanted = {idx[t] for t in spec[f"board.derived.{key}"]}
        if not wanted <= set(board.areas.get(number, ())):
            problems.append(Message(N_("area {area} must border {towns}"), area=number,
                                    towns=spec[f"board.derived.{key}"]))
    first, second = (idx[t] for t in spec["board.derived.brown_example"])
    if board.colours[first] != "brown" or board.next_town[first] != second:
        problems.append(Message(N_("the brown middleman must move from {a} to {b}"),
                                a=board.names[first], b=board.names[second]))
    gate, region = spec["board.derived.milan_gate"]
    if board.gates.get(idx[gate]) != REGIONS.index(region):
        problems.append(Message(N_("{town} must lead to the region track {region}"),
                                town=board.names[idx[gate]], region=region))
    milan = board.tracks[0]
    example = spec["board.derived.milan_example"]
    if (example["cost"], example["crest"]) not in zip(milan.costs, milan.crests, strict=True):
        problems.append(Message(N_("some space of the milano track must cost {cost} and "
                                   "show a crest (board.derived.milan_example)")
                                if example["crest"] else
                                N_("some space of the milano track must cost {cost} and "
                                   "show no crest (board.derived.milan_example)"),
                                cost=example["cost"]))
    minimum = spec["board.derived.region_track_min_length"]
    for region in range(len(REGIONS)):
        if board.tracks[region].length < minimum:
            problems.append(Message(N_("region track {track} needs {minimum} spaces"),
                                    track=REGIONS[region], minimum=minimum))
    low, high = spec["scoring.region_points_range"]
    for region in range(len(REGIONS)):
        track = board.tracks[region]
        if len(track.points) != track.length or not all(low <= p <= high for p in track.points):
            problems.append(Message(N_("{track}: Power points must lie in {low}..{high}"),
                                    track=track.name, low=low, high=high))
    for colour in spec["town.green.towns"]:
        if board.colours[idx[colour]] != GREEN:
            problems.append(Message(N_("{town} must be green"), town=colour))
    for town in spec["province.red_towns"]:
        if board.colours[idx[town]] != RED or idx[town] not in board.gates:
            problems.append(Message(N_("{town} must be a red town leading to a region"),
                                    town=town))
    dice, sides, free = spec["dice.count"], spec["dice.sides"], spec["dice.free_choice"]
    rolls = range(dice, dice * sides + 1)
    if not all(n in rolls for n in board.areas) or not all(
            n in board.areas for n in rolls if n != free):
        problems.append(Message(N_("areas must be numbered within {low}..{high}, every number "
                                   "but {free} used (every roll of the dice but the free "
                                   "choice needs its area)"),
                                low=dice, high=dice * sides, free=free))
    return problems


def check_board(spec: Spec, board: Board) -> None:
    problems = board_problems(spec, board)
    if problems:
        raise SpecError(N_("{file}: {problems}"), file=spec.file_of("board"),
                        problems=Joined(problems))
