"""Bad input at the core's boundaries: game records, board numbers, action fields, safe writes."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from regelwerk.engine import medici_vs_strozzi as mvs
from regelwerk.engine.core import files, schema
from regelwerk.engine.core.actions import Domain, field_domains, index_into, within
from regelwerk.engine.core.errors import IllegalAction, shown
from regelwerk.engine.core.files import OutputError, write_text
from regelwerk.engine.core.records import GameRecord, RecordError, recorded_action
from regelwerk.engine.core.spec import SpecError, load_board_file
from regelwerk.engine.medici_vs_strozzi.actions import Load, SetPrice, TileDrawn

from regelwerk.cli import main

GAMES = {"medici_vs_strozzi": mvs.GAME}
#: A board number's domain (spec), and a value beyond it.
HALF = mvs.GAME.spec.number("board.track_half_length").domain
BEYOND = int(HALF.high) + 1 if HALF and HALF.high is not None else 0
HARBOURS = mvs.GAME.spec["board.harbour_count"]
HALF_REFUSED = f"must be from {HALF.low} to {HALF.high}, not {BEYOND}" if HALF else ""


def record(**changes: Any) -> dict[str, Any]:
    data = GameRecord("medici_vs_strozzi", 1, ({"type": "draw"},), {"players": 2}).to_json()
    data.update(changes)
    return data


def refused(data: Any, match: str) -> RecordError:
    with pytest.raises(RecordError, match=match) as caught:
        GameRecord.from_json(data, "r.json", GAMES)
    for lang in ("en", "de"):
        assert "\n" not in caught.value.message_in(lang)
    assert caught.value.message_in("de") != caught.value.message_in("en")
    return caught.value


# ----------------------------------------------------------------------------- records
def test_a_valid_record_is_read() -> None:
    read = GameRecord.from_json(record(), "r.json", GAMES)
    assert read.game == "medici_vs_strozzi" and read.options == {"players": 2}


@pytest.mark.parametrize(("changes", "match"), [
    ({"seed": True}, r"seed must be a whole number / null, not True"),
    ({"seed": 1.0}, r"seed must be a whole number / null, not 1\.0"),
    ({"seed": "1"}, r"seed must be a whole number / null, not '1'"),
    ({"seed": [1]}, r"seed must be a whole number / null, not \[1\]"),
    ({"actions": [{"type": 3}]}, r"actions\[0\]\.type must be a text, not 3"),
    ({"actions": [{"type": "load", "ship": 0.5, "harbour": 0}]},
     r"actions\[0\]\.ship must be a whole number / true or false, not 0\.5"),
    ({"result": {"winners": "Medici"}}, r"result lacks scores, termination, tie_break"),
    ({"result": {"winners": "Medici", "scores": {}, "termination": "x", "tie_break": None}},
     r"result\.winners must be a list, not 'Medici'"),
    ({"result": 5}, r"result must be a table / null, not 5"),
    ({"result": {"winners": [], "scores": {"Medici": "1"}, "termination": "x",
                 "tie_break": None}}, r"result\.scores\.Medici must be a whole number"),
    ({"options": {"players": "2"}}, r"options\.players must be a whole number, not '2'"),
    ({"options": {"players": 3}}, r"options\.players must be from 2 to 2, not 3"),
    ({"options": {"buy_without_room": "maybe"}},
     r"options\.buy_without_room must be one of 'buy_and_discard', 'may_not_buy'"),
    ({"options": {"board": [1, 2]}}, r"options\.board must be a table / null"),
    ({"options": {"board": {"board.track_half_length": BEYOND}}},
     r"options\.board\.board\.track_half_length " + HALF_REFUSED),
    ({"options": {"board": {"board.harbour_tracks": [["silk"], "furs"]}}},
     r"board\.harbour_tracks\[1\] must be a list"),
    ({"options": {"colour": "red"}}, r"options: unknown key colour"),
    ({"game": "chess"}, r"game must be one of medici_vs_strozzi, not 'chess'"),
    ({"extra": 1}, r"\(top\): unknown key extra"),
])
def test_a_record_is_checked_against_its_schema(changes: dict[str, Any], match: str) -> None:
    refused(record(**changes), match)


def test_a_record_whose_chance_is_chosen_has_seed_null_and_round_trips() -> None:
    """``seed`` null: the actions give chance's outcomes (a tile drawn after each draw)."""
    data = record(seed=None, actions=[{"type": "draw"}, {"type": "tile", "tile": 4}])
    read = GameRecord.from_json(data, "r.json", GAMES)
    assert read.seed is None and read.to_json() == data
    assert json.loads(read.dumps())["seed"] is None
    assert GameRecord.loads(read.dumps(), "r.json", GAMES) == read


def test_a_missing_key_is_named() -> None:
    data = record()
    del data["seed"]
    refused(data, r"lacks seed")


@pytest.mark.parametrize(("text", "match"), [
    (b'{"seed": NaN}', r"NaN is not a number JSON allows"),
    (b'{"seed": ' + b"9" * 5000 + b"}", r"more digits than a game record can hold"),
    (b"[" * 100_000 + b"]" * 100_000, r"nested too deeply"),
    (b'{"game": "\xff"}', r"not a UTF-8 text file"),
    (b'{"game": ', r"r\.json:1: not JSON"),
])
def test_unreadable_json_is_a_record_error(text: bytes, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        GameRecord.loads(text, "r.json")


def test_a_record_with_a_huge_number_in_a_message_stays_short() -> None:
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(record(seed=[10**5000]), "r.json")
    assert len(str(caught.value)) < 200 and "<list>" not in str(caught.value)


def test_the_codec_refuses_a_type_that_is_not_a_string() -> None:
    for data in ({"type": ["load"]}, {"type": {"x": 1}}, {"type": None}, ["load"]):
        with pytest.raises(RecordError, match="not an action of medici_vs_strozzi"):
            mvs.action_from_json(data)
    with pytest.raises(RecordError, match=r"expects the fields ship \(int\), harbour \(int\)"):
        mvs.action_from_json({"type": "load", "ship": True, "harbour": 0})


# ----------------------------------------------------------------------------- chance in a record
def chosen(*actions: dict[str, Any], seed: int | None = None) -> GameRecord:
    return GameRecord("medici_vs_strozzi", seed, tuple(actions), {"players": 2})


def replayed(played: GameRecord) -> Any:
    """The state after ``played``, each action read by :func:`recorded_action`."""
    game = mvs.GAME
    state = game.new_game(seed=played.seed, options=dict(played.options))
    for index in range(len(played.actions)):
        state = game.apply(state, recorded_action(game, state, played, index))
    return state


def test_a_record_without_a_seed_replays_the_outcomes_it_chooses() -> None:
    """The same draws with chance chosen as a seeded game drew them give the same game."""
    seeded = mvs.new_game(seed=3)
    tiles = seeded.bag[-2:][::-1]            # the tiles the seeded game draws first
    state = replayed(chosen({"type": "draw"}, {"type": "tile", "tile": tiles[0]},
                            {"type": "draw"}, {"type": "tile", "tile": tiles[1]}))
    by_seed = mvs.apply(mvs.apply(seeded, mvs.DRAW), mvs.DRAW)
    assert state.drawn == by_seed.drawn and len(state.drawn) == 2


@pytest.mark.parametrize(("actions", "step"), [
    ([{"type": "draw"}, {"type": "draw"}], 1),
    ([{"type": "draw"}, {"type": "tile", "tile": 0}, {"type": "draw"}, {"type": "stop"}], 3),
])
def test_a_missing_chance_outcome_is_an_error_at_its_step(actions: list[dict[str, Any]],
                                                          step: int) -> None:
    played = chosen(*actions)
    game = mvs.GAME
    state = game.new_game(seed=None, options={"players": 2})
    for index in range(step):
        state = game.apply(state, recorded_action(game, state, played, index))
    with pytest.raises(RecordError, match="chance acts here and the record has no seed") as caught:
        recorded_action(game, state, played, step)
    assert json.dumps(actions[step]) in str(caught.value)
    assert "Zufall" in caught.value.message_in("de") and "\n" not in caught.value.message_in("de")


def test_chance_outcomes_in_a_seeded_record_are_illegal() -> None:
    """With a seed, chance acts by itself: an outcome in the actions is not a player's."""
    played = chosen({"type": "draw"}, {"type": "tile", "tile": 0}, seed=1)
    with pytest.raises(IllegalAction, match="that is chance's to decide") as caught:
        replayed(played)
    assert caught.value.clause == "medici_vs_strozzi:turn.draw"
    with pytest.raises(IllegalAction, match="that is chance's to decide") as caught:   # chosen, but
        replayed(chosen({"type": "tile", "tile": 0}))                # where a player is to act
    assert caught.value.clause == "medici_vs_strozzi:turn.draw"


def test_replay_names_the_step_that_lacks_its_chance_outcome(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    chosen({"type": "draw"}, {"type": "tile", "tile": 5}, {"type": "draw"},
           {"type": "stop"}).write(path)
    assert main(["replay", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "action 4" in err[0] and "chance acts here" in err[0]
    chosen({"type": "draw"}, {"type": "tile", "tile": 5}).write(path)
    assert main(["replay", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["actions"] == 2 and shown["finished"] is False


def test_resume_of_a_record_without_a_seed_stops_at_chance_naming_the_step(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    chosen({"type": "draw"}, {"type": "tile", "tile": 5}, {"type": "draw"}).write(path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--resume", str(path), "--lang", "de"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Schritt 4" in err[0] and "Zufall" in err[0]
    assert GameRecord.read(path).actions[-1] == {"type": "draw"}       # the record is unchanged


# ----------------------------------------------------------------------------- action fields
@pytest.mark.clause("medici_vs_strozzi:turn.load", "medici_vs_strozzi:turn.price",
                    "medici_vs_strozzi:setup.tiles")
@pytest.mark.parametrize(("action", "clause", "match"), [
    (Load(3, 0), "turn.load", "load: ship must be from 0 to 2, not 3"),
    (Load(0, -1), "turn.load", "load: harbour must be from 0 to 2, not -1"),
    (SetPrice(-1), "turn.price", "price: amount must be at least 0, not -1"),
    (TileDrawn(10**5000), "setup.tiles", "tile: tile must be from 0 to 25, not <int>"),
    (SetPrice(True), "turn.price", "price: amount must be int, not True"),  # type: ignore[arg-type]
    (Load(0.0, 0), "turn.load", "load: ship must be int, not 0.0"),  # type: ignore[arg-type]
])
def test_a_field_outside_its_domain_is_refused_before_any_rule(
        action: Any, clause: str, match: str) -> None:
    state = mvs.new_game(seed=1)
    before = mvs.key(state)
    with pytest.raises(IllegalAction, match=match) as caught:
        mvs.apply(state, action)
    assert caught.value.clause == f"medici_vs_strozzi:{clause}"
    assert mvs.key(state) == before and not mvs.is_legal(state, action)
    assert "Regel" in caught.value.message_in("de")


def test_domains_read_their_bounds_from_the_rules() -> None:
    rules = mvs.rules_for()
    domains = dict(field_domains(Load))
    assert domains["ship"].limits(rules) == (0, len(rules.capacities) - 1)
    assert dict(field_domains(SetPrice))["amount"].limits(rules) == (rules.min_price, None)
    assert Domain("spec:economy.min_price", "spec:economy.start_money").limits(rules) == (
        rules.spec["economy.min_price"], rules.spec["economy.start_money"])
    assert Domain("min:capacities", "max:capacities").limits(rules) == (
        min(rules.capacities), max(rules.capacities))
    assert Domain(0, "scoring.half_length").limits(rules) == (0, rules.scoring.half_length)
    with pytest.raises(TypeError, match="not a whole number"):
        Domain(0, "capacities").limits(rules)
    assert within(1, 2)["regelwerk.domain"] == Domain(1, 2)
    assert index_into("capacities")["regelwerk.domain"].below


def test_a_domain_on_a_bool_field_is_a_declaration_error() -> None:
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class Bad:
        flag: bool = field(metadata=within(0, 1))

    with pytest.raises(TypeError, match="a domain belongs to an int field"):
        field_domains(Bad)


def test_a_game_without_domains_still_checks_types() -> None:
    """A kind that declares no domain keeps working as before: types only."""
    kind = next(k for k in mvs.GAME.kinds if k.action is SetPrice)
    assert kind.domains and all(not k.domains for k in mvs.GAME.kinds if k.name == "draw")


# ----------------------------------------------------------------------------- board numbers
@pytest.mark.parametrize(("toml", "match"), [
    (f"[board.track_half_length]\nvalue = {BEYOND}\n", "track_half_length " + HALF_REFUSED),
    ("[board.track_half_length]\nvalue = true\n", r"must be a whole number, not True"),
    ("[board.track_half_length]\nvalue = nan\n", r"must be a whole number, not nan"),
    ("[board.tracks_per_harbour]\nvalue = []\n", "tracks_per_harbour has 0 entries, but "
     f"board.harbour_count = {HARBOURS} needs {HARBOURS}"),
    ("[board.tracks_per_harbour]\nvalue = [3, \"3\"]\n", r"tracks_per_harbour\[1\] must be"),
    ("[board.harbour_tracks]\nvalue = [\"silk\"]\n", r"harbour_tracks\[0\] must be a list"),
    ("[board.no_such]\nvalue = 1\n", r"has no number 'board.no_such'"),
])
def test_board_numbers_are_checked_against_the_spec_entry(tmp_path: Path, toml: str,
                                                           match: str) -> None:
    path = tmp_path / "board.toml"
    path.write_text(toml, encoding="utf-8")
    with pytest.raises(SpecError, match=match) as caught:
        mvs.new_game(options={"board": load_board_file(path)})
    assert str(path) in str(caught.value) and "\n" not in caught.value.message_in("de")


@pytest.mark.parametrize(("text", "match"), [
    (b"a = " + b"[" * 3000 + b"]" * 3000, "nested too deeply"),
    (b"a = " + b"9" * 5000, "not a board file"),
    (".".join(["x"] * 3000).encode() + b" = 1", "nested too deeply"),
    (b"a = 1\n\xff", "not a UTF-8 text file"),
])
def test_unreadable_board_files_are_spec_errors(tmp_path: Path, text: bytes, match: str) -> None:
    path = tmp_path / "board.toml"
    path.write_bytes(text)
    with pytest.raises(SpecError, match=match):
        load_board_file(path)


def test_a_value_schema_keeps_types_rows_and_ranges() -> None:
    rows = schema.value_schema([["a", "b"], ["c", "d"]])
    assert rows["items"] == {"type": "array", "items": {"type": "string", "maxLength": 200},
                             "minItems": 2, "maxItems": 2}
    assert schema.value_schema(5, (1, 8)) == {"type": "integer", "minimum": 1, "maximum": 8}
    assert schema.problem({"type": "integer"}, True, "f") is not None
    assert schema.problem({"type": "integer"}, 2.0, "f") is not None
    assert schema.problem({"type": "number"}, float("nan"), "f") is not None
    assert schema.problem({"type": "integer"}, 2, "f") is None


def test_messages_show_unprintable_values_briefly() -> None:
    assert shown(10**5000) == "<int>"
    assert shown("x" * 500).endswith("…") and len(shown("x" * 500)) == 80
    assert schema.key_of(["options", "a\nb", 3]) == "options['a\\nb'][3]"


# ----------------------------------------------------------------------------- safe writes
def test_a_record_is_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    GameRecord("medici_vs_strozzi", 1, ({"type": "draw"},), {}).write(path)
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_symlink_at_the_old_temporary_name_is_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep", encoding="utf-8")
    path = tmp_path / "game.json"
    (tmp_path / "game.json.tmp").symlink_to(victim)
    GameRecord("medici_vs_strozzi", 1, (), {}).write(path)
    assert victim.read_text(encoding="utf-8") == "keep"
    assert json.loads(path.read_text(encoding="utf-8"))["game"] == "medici_vs_strozzi"


def test_a_symlink_at_the_target_is_replaced_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep", encoding="utf-8")
    path = tmp_path / "out.txt"
    path.symlink_to(victim)
    write_text(path, "new")
    assert victim.read_text(encoding="utf-8") == "keep"
    assert not path.is_symlink() and path.read_text(encoding="utf-8") == "new"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)

    def full(handle: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(OutputError, match="No space left on device") as caught:
        GameRecord("medici_vs_strozzi", 1, (), {}).write(path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert "Datei" in caught.value.message_in("de")
    monkeypatch.undo()
    write_text(path, "new")
    assert path.read_text(encoding="utf-8") == "new" and (path.stat().st_mode & 0o777) == 0o640


def test_a_folder_that_does_not_exist_is_an_output_error(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="cannot write the file"):
        write_text(tmp_path / "missing" / "x.json", "x")


def test_a_late_field_at_its_default_leaves_the_key_as_it_was() -> None:
    """``Game.late_fields``: a state field added after records were written (Florenz's
    ``scandal``, issue 33) is left out of the position's key while it holds its default,
    and is part of it otherwise."""
    from regelwerk.engine.florenz import GAME as florenz

    state = florenz.new_game(seed=2)
    assert "scandal" in florenz.late_fields and state.scandal == ()
    assert florenz.key(state) == tuple(state)[1:-1]
    playing = state._replace(scandal=(0, 1))
    assert florenz.key(playing) == tuple(playing)[1:] != florenz.key(state)
    assert mvs.GAME.key(mvs.new_game(seed=2)) == tuple(mvs.new_game(seed=2))[1:]
