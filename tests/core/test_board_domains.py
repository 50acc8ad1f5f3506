"""Board numbers and their domains (issue 31): what a printed board may replace, checked
before play, with errors that name the user's file; ranges the proofs cover apart."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Mapping
from pathlib import Path
from random import Random

import pytest
from regelwerk.engine.core import spec as spec_module
from regelwerk.engine.core.spec import SpecError, load_board_file

from regelwerk import games

GAMES = list(games.games())


def _spec_with(tmp_path: Path, game: str, numbers: str) -> spec_module.Spec:
    """A copy of a game's spec folder whose numbers.toml ends with ``numbers``."""
    source = Path(spec_module.__file__).resolve().parents[2] / "spec" / game
    folder = tmp_path / game
    folder.mkdir()
    for file in source.glob("*.toml"):
        (folder / file.name).write_text(file.read_text(encoding="utf-8"), encoding="utf-8")
    with (folder / "numbers.toml").open("a", encoding="utf-8") as out:
        out.write(numbers)
    return spec_module.load_folder(folder)


@pytest.mark.parametrize("game", GAMES)
def test_every_number_declares_its_domain(game: str) -> None:
    spec = spec_module.load(game)
    missing = sorted(path for path, number in spec.numbers.items() if number.domain is None)
    assert not missing, f"{game}: numbers without a domain: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_each_range_the_proofs_cover_lies_inside_its_domain(game: str) -> None:
    for number in spec_module.load(game).numbers.values():
        if number.range and number.domain and not number.domain.fixed:
            low, high = number.domain.low, number.domain.high
            assert low is None or low <= number.range[0], number.path
            assert high is None or number.range[1] <= high, number.path


@pytest.mark.parametrize(("domain", "message"), [
    ('"free"', 'test.x.domain must be [low, high], "fixed" or a table'),
    ("[5, 1]", "test.x.domain: min and max must be numbers with min <= max"),
    ('{ min = 0, lenght = 3 }', "unknown key test.x.domain.lenght"),
    ('{ length = "no.such.number" }', "names 'no.such.number', which is no whole number"),
    ('{ length = -1 }', "test.x.domain.length must be a whole number"),
    ("[10, 20]", "test.x: spec's own value lies outside its domain"),
])
def test_a_malformed_domain_is_refused_naming_file_and_number(tmp_path: Path, domain: str,
                                                              message: str) -> None:
    with pytest.raises(SpecError) as caught:
        _spec_with(tmp_path, "medici_vs_strozzi",
                   f'\n[test.x]\nvalue = [1, 2]\nsource = "t"\nconfidence = "stated"\n'
                   f"domain = {domain}\n")
    assert "spec/medici_vs_strozzi/numbers.toml" in str(caught.value)
    assert message in str(caught.value)


def test_a_range_outside_the_domain_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="range the proofs cover must lie inside the domain"):
        _spec_with(tmp_path, "medici_vs_strozzi",
                   '\n[test.x]\nvalue = 3\nsource = "t"\nconfidence = "assumed"\nreason = "r"\n'
                   "range = [1, 9]\ndomain = [2, 8]\n")


@pytest.fixture
def toy(tmp_path: Path) -> spec_module.Spec:
    """Medici vs Strozzi's spec with three numbers of its own, one per kind of domain."""
    return _spec_with(tmp_path, "medici_vs_strozzi", """
[toy.rounds]
value = 3
source = "t"
confidence = "assumed"
reason = "r"
range = [2, 4]
domain = [1, 12]

[toy.per_round]
value = [[1, 2], [], [3]]
source = "t"
confidence = "stated"
domain = { min = 0, max = 99, length = "toy.rounds" }

[toy.printed_total]
value = 40
source = "t"
confidence = "stated"
domain = "fixed"
""")


def test_a_value_beyond_the_domain_is_refused_naming_file_number_value_and_domain(
        toy: spec_module.Spec) -> None:
    with pytest.raises(SpecError) as caught:
        toy.checked_numbers({"toy.rounds": 13}, "my-board.toml")
    assert str(caught.value) == "my-board.toml: toy.rounds must be from 1 to 12, not 13"


@pytest.mark.parametrize("value", [[[1], {"a": 1}, []], [[1], [math.nan], []],
                                   [[1], ["1"], []], [[1], [-1], []], [[1], [100], []]])
def test_an_empty_list_in_spec_does_not_let_any_list_through(toy: spec_module.Spec,
                                                             value: list) -> None:
    with pytest.raises(SpecError, match=r"my-board.toml: toy.per_round\[1\]"):
        toy.checked_numbers({"toy.per_round": value}, "my-board.toml")


def test_a_length_tied_to_another_number_blames_the_users_file(
        toy: spec_module.Spec) -> None:
    with pytest.raises(SpecError) as caught:
        toy.checked_numbers({"toy.rounds": 4}, "my-board.toml")
    assert str(caught.value) == ("my-board.toml: toy.per_round has 3 entries, but toy.rounds = 4 "
                                 "needs 4")
    four = toy.checked_numbers({"toy.rounds": 4, "toy.per_round": [[1], [], [2], [3, 4]]},
                               "my-board.toml")
    assert four["toy.per_round"][3] == [3, 4]


def test_a_list_of_the_wrong_length_names_the_length(tmp_path: Path) -> None:
    spec = _spec_with(tmp_path, "medici_vs_strozzi",
                      '\n[toy.pair]\nvalue = [1, 2]\nsource = "t"\nconfidence = "stated"\n'
                      "domain = [0, 9]\n")
    with pytest.raises(SpecError) as caught:
        spec.checked_numbers({"toy.pair": [1, 2, 3]}, "b.toml")
    assert str(caught.value) == "b.toml: toy.pair must have 2 entries, not 3"


def test_a_number_no_board_prints_is_not_accepted(toy: spec_module.Spec) -> None:
    with pytest.raises(SpecError) as caught:
        toy.checked_numbers({"toy.printed_total": 40}, "my-board.toml")
    assert str(caught.value) == ("my-board.toml: toy.printed_total is not a board number: "
                                 "nothing a board prints changes it in play")


def test_inside_the_domain_outside_the_range_is_accepted_and_named_unproven(
        toy: spec_module.Spec) -> None:
    inside_range = toy.checked_numbers({"toy.rounds": 4, "toy.per_round": [[]] * 4}, "b.toml")
    assert inside_range.unproven() == []
    outside = toy.checked_numbers({"toy.rounds": 12, "toy.per_round": [[0]] * 12}, "b.toml")
    assert [(n.path, n.value, n.range) for n in outside.unproven()] == [
        ("toy.rounds", 12, (2, 4))]
    assert outside.replaced() == {"toy.rounds": (3, 12), "toy.per_round": (
        [[1, 2], [], [3]], [[0]] * 12)}
    assert toy.replaced() == {}


@pytest.mark.parametrize("game", GAMES)
def test_spec_itself_lies_inside_every_domain_and_replaces_nothing(game: str) -> None:
    spec = spec_module.load(game)
    board = {path: n.value for path, n in spec.numbers.items()
             if n.domain is not None and not n.domain.fixed}
    checked = spec.checked_numbers(board, "same.toml")
    assert checked.unproven() == []
    assert all(old == new for old, new in checked.replaced().values())


def test_a_board_file_and_a_records_board_are_checked_alike(tmp_path: Path) -> None:
    game = games.get("medici_vs_strozzi").game
    number = next(n for n in game.spec.numbers.values()
                  if n.domain is not None and not n.domain.fixed and n.domain.low is not None
                  and type(n.value) is int)
    board = tmp_path / "board.toml"
    board.write_text(f"[{number.path}]\nvalue = {int(number.domain.low) - 1}\n")
    with pytest.raises(SpecError) as from_file:
        game.new_game(options={"board": load_board_file(board)})
    with pytest.raises(SpecError) as from_options:
        game.new_game(options={"board": {number.path: int(number.domain.low) - 1}})
    assert str(from_file.value).startswith(f"{board}: {number.path} must be")
    assert str(from_options.value).startswith(f"medici_vs_strozzi options.board: {number.path} "
                                              "must be")


@pytest.mark.parametrize("game", GAMES)
def test_a_fixed_number_in_a_records_board_is_refused_as_no_board_number(game: str) -> None:
    info = games.get(game).game
    fixed = sorted(p for p, n in info.spec.numbers.items() if n.domain and n.domain.fixed)
    assert fixed, f"{game}: every game has numbers no board prints (names, proved bounds)"
    with pytest.raises(SpecError) as caught:
        info.new_game(options={"board": {fixed[0]: info.spec[fixed[0]]}})
    assert str(caught.value).endswith(f"{fixed[0]} is not a board number: nothing a board "
                                      "prints changes it in play")


class _Read:
    """A spec number handed out by :class:`_Reading`: reading its ``value`` counts."""

    def __init__(self, number: spec_module.Number, read: set[str]) -> None:
        self._number, self._read = number, read

    def __getattr__(self, name: str) -> object:
        if name == "value":
            self._read.add(self._number.path)
        return getattr(self._number, name)


class _Reading(Mapping[str, spec_module.Number]):
    """A spec's numbers that note which ones the engine and the proofs read."""

    def __init__(self, numbers: Mapping[str, spec_module.Number]) -> None:
        self.numbers, self.read = dict(numbers), set[str]()

    def __getitem__(self, path: str) -> spec_module.Number:
        self.read.add(path)
        return self.numbers[path]

    def __iter__(self) -> Iterator[str]:
        return iter(self.numbers)

    def __len__(self) -> int:
        return len(self.numbers)

    def items(self) -> list[tuple[str, spec_module.Number]]:  # type: ignore[override]
        return [(p, _Read(n, self.read)) for p, n in self.numbers.items()]  # type: ignore[misc]

    def values(self) -> list[spec_module.Number]:  # type: ignore[override]
        return [_Read(n, self.read) for n in self.numbers.values()]  # type: ignore[misc]


@pytest.mark.parametrize("game", GAMES)
def test_every_board_number_is_read_by_play_or_the_proofs(game: str) -> None:
    """A number nothing reads would be accepted from a board and ignored: every number a
    board may replace is read when the rules are built for each player count, when
    seeded games are played, or by the proofs (else its domain must be "fixed")."""
    info = games.get(game)
    numbers = _Reading(info.game.spec.numbers)
    reading = info.game.with_spec(dataclasses.replace(info.game.spec, numbers=numbers))
    low, high = reading.players
    for players in range(low, high + 1):
        rules = reading.rules_for({"players": players})
        for seed in range(3):
            state, rng = reading.new_game(seed=seed, rules=rules), Random(seed)
            while not reading.is_terminal(state):
                state = reading.step_random(state, rng)[1]
    rules = reading.rules_for({})
    for invariant in info.verification_module().INVARIANTS:
        invariant.check(rules)
    unread = sorted(path for path, n in info.game.spec.numbers.items()
                    if path not in numbers.read and not (n.domain and n.domain.fixed))
    assert not unread, f"{game}: board numbers nothing reads (make them fixed): {unread}"
