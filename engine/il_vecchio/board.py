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


def _where(spec: Spec, *paths: str) -> str:
    """The file to blame for numbers that do not fit together: the user's file that
    replaced one of ``paths`` (a printed board, a record's options), else spec's own."""
    users = [spec.numbers[p].file for p in spec.originals
             if any(p == path or p.startswith(path + ".") for path in paths)]
    return ", ".join(dict.fromkeys(users)) or spec.file_of(paths[0])


def _crests_dealt(spec: Spec, players: int) -> tuple[str, ...]:
    """The numbers that can give the crests dealt for ``players`` players (both readings of
    interp.crests_two_three for 2 or 3)."""
    if players == spec["players.count"][1]:
        return ("setup.crests.four_players",)
    return ("setup.crests.two_three_players", "setup.crests.two_three_players_alternative")


def _fewest_members(spec: Spec, board: Board, first: int, crests: int) -> int | None:
    """The fewest family members on the tracks that take ``crests`` crests when the tracks
    start at space ``first + 1`` (a member on the k-th usable space has passed the k - 1
    before it); ``None`` if the tracks show fewer crests."""
    best = [0] + [None] * crests              # members needed for n crests so far
    for track in board.tracks:
        spaces = [k - first for k in range(first + 1, track.length + 1) if track.crests[k - 1]]
        row = list(best)
        for n, had in enumerate(best):
            if had is None:
                continue
            for taken, members in enumerate(spaces[:crests - n], 1):
                now = row[n + taken]
                if now is None or had + members < now:
                    row[n + taken] = had + members
        best = row
    return best[crests]


@implements("il_vecchio:setup.crests", "il_vecchio:setup.tiles", "il_vecchio:event.last_crest")
def relation_problems(spec: Spec, board: Board) -> list[SpecError]:
    """The numbers that do not fit together though each lies in its domain (issue 31): each
    a :class:`SpecError` naming the file that replaced them and both numbers."""
    found: list[SpecError] = []
    box = spec["setup.crests.in_box"]
    if sum(spec["crests.events"].values()) != box:
        found.append(SpecError(N_("{file}: crests.events adds up to {total}, but "
                                  "setup.crests.in_box = {box}"),
                               file=_where(spec, "crests.events", "setup.crests.in_box"),
                               total=sum(spec["crests.events"].values()), box=box))
    low, high = spec["players.count"]
    for path in ("setup.crests.four_players", "setup.crests.two_three_players",
                 "setup.crests.two_three_players_alternative"):
        if spec[path] > box:
            found.append(SpecError(N_("{file}: {path} = {value} deals more crests than "
                                      "setup.crests.in_box = {box}"),
                                   file=_where(spec, path, "setup.crests.in_box"), path=path,
                                   value=spec[path], box=box))
    draw, council = spec["setup.council_draw"], len(spec["tiles.council"])
    if high * draw > council:
        found.append(SpecError(N_("{file}: setup.council_draw = {draw} for each of {players} "
                                  "players needs {needed} council tiles, but tiles.council "
                                  "has {count}"),
                               file=_where(spec, "setup.council_draw", "tiles.council"),
                               draw=draw, players=high, needed=high * draw, count=council))
    per_region = spec["province.tiles_per_region"]
    for region in REGIONS:
        count = len(spec["tiles.province"][region])
        if count != per_region:
            found.append(SpecError(N_("{file}: tiles.province.{region} has {count} tiles, but "
                                      "province.tiles_per_region = {per_region}"),
                                   file=_where(spec, "tiles.province",
                                               "province.tiles_per_region"),
                                   region=region, count=count, per_region=per_region))
    points_low, points_high = spec["scoring.region_points_range"]
    if points_low > points_high:
        found.append(SpecError(N_("{file}: scoring.region_points_range runs from {low} down "
                                  "to {high}"), file=_where(spec, "scoring.region_points_range"),
                               low=points_low, high=points_high))
    unknown = sorted(set(spec["nobility.times"]) - set(spec["tiles.nobility"]))
    if unknown:
        found.append(SpecError(N_("{file}: nobility.times names {tile!r}, which tiles.nobility "
                                  "lacks"), file=_where(spec, "nobility.times", "tiles.nobility"),
                               tile=unknown[0]))
    first = spec["setup.two_player_first_space"]
    for track in board.tracks:
        prefix = f"board.tracks.{track.name}"
        length_path = f"{prefix}.costs" if track.name in REGIONS else f"{prefix}.length"
        if track.name in REGIONS and len(track.points) != track.length:
            found.append(SpecError(N_("{file}: {prefix}.points has {count} entries, but "
                                      "{prefix}.costs has {length}"),
                                   file=_where(spec, f"{prefix}.points", f"{prefix}.costs"),
                                   prefix=prefix, count=len(track.points), length=track.length))
        for space in spec[f"{prefix}.crests"]:
            if space > track.length:
                found.append(SpecError(N_("{file}: {prefix}.crests names space {space}, but "
                                          "the track has {length} spaces ({length_path})"),
                                       file=_where(spec, f"{prefix}.crests", length_path),
                                       prefix=prefix, space=space, length=track.length,
                                       length_path=length_path))
        if first >= track.length:
            found.append(SpecError(N_("{file}: setup.two_player_first_space = {first} leaves "
                                      "no space on the track {track} of {length} spaces "
                                      "({length_path})"),
                                   file=_where(spec, "setup.two_player_first_space",
                                               length_path),
                                   first=first, track=track.name, length=track.length,
                                   length_path=length_path))
    if found:
        return found
    members = spec["setup.family_members"]
    left = spec["events.end_when_left"]
    for players in range(low, high + 1):
        start = first - 1 if players == low else 0
        for path in _crests_dealt(spec, players):
            crests = max(spec[path] - left, 0)
            fewest = _fewest_members(spec, board, start, crests)
            if fewest is None or fewest > players * members:
                where = _where(spec, path, "setup.family_members", "events.end_when_left",
                               "setup.two_player_first_space", "board.tracks")
                if fewest is None:
                    found.append(SpecError(N_("{file}: {path} = {dealt} with "
                                              "events.end_when_left = {left}: {players} "
                                              "players must take {crests} crests to end the "
                                              "game, but the tracks show fewer crest spaces"),
                                           file=where, path=path, dealt=spec[path], left=left,
                                           players=players, crests=crests))
                else:
                    found.append(SpecError(N_("{file}: {players} players with "
                                              "setup.family_members = {members} cannot take "
                                              "the {crests} crests that end the game ({path} "
                                              "= {dealt}): the tracks' crest spaces need "
                                              "{needed} members"),
                                           file=where, players=players, members=members,
                                           crests=crests, path=path, dealt=spec[path],
                                           needed=fewest))
                return found
    return found


def check_board(spec: Spec, board: Board) -> None:
    """Refuse a board whose numbers do not fit together (:func:`relation_problems`, one line
    naming the user's file and the numbers) or that contradicts the rule text or the facts
    derived from its examples (:func:`board_problems`)."""
    relations = relation_problems(spec, board)
    if relations:
        raise relations[0]
    problems = board_problems(spec, board)
    if problems:
        raise SpecError(N_("{file}: {problems}"), file=_where(spec, *spec.originals, "board"),
                        problems=Joined(problems))
