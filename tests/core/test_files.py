"""The one write rule (engine/core/files.py): a regular file or none is written atomically,
a FIFO, a device node or a link to an open descriptor is written into and stays what it
was, ``-`` is standard output, and a killed write's temporary file is removed by the next
write to the same target."""

from __future__ import annotations

import fcntl
import json
import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from regelwerk.engine.core import files
from regelwerk.engine.core.files import OutputError, write_text

from regelwerk import report

ROOT = Path(__file__).resolve().parents[2]


def read_fifo(path: Path, got: list[bytes]) -> threading.Thread:
    """A reader at the other end of the FIFO ``path`` (its text lands in ``got``)."""
    def run() -> None:
        with open(path, "rb") as handle:
            got.append(handle.read())
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_fifo_is_written_into_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = read_fifo(fifo, got)
    write_text(fifo, "über den FIFO\n")
    reader.join(10)
    assert got == ["über den FIFO\n".encode()]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]      # no temporary file


def test_a_record_written_into_a_fifo_is_the_whole_record(tmp_path: Path) -> None:
    from regelwerk.engine.core.records import GameRecord

    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = read_fifo(fifo, got)
    record = GameRecord("medici_vs_strozzi", 3, ({"type": "draw"},), {"players": 2})
    record.write(fifo)
    reader.join(10)
    assert GameRecord.loads(got[0]) == record and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_device_node_is_written_into_and_stays_a_device(tmp_path: Path) -> None:
    """As root, a device node of our own (a mistake could replace even the system's
    /dev/null there); otherwise the system's /dev/null, which a user cannot replace."""
    null = os.stat("/dev/null").st_rdev
    device = tmp_path / "null" if os.geteuid() == 0 else Path("/dev/null")
    if os.geteuid() == 0:
        os.mknod(device, stat.S_IFCHR | 0o666, null)
    write_text(device, "into the device\n")
    info = os.lstat(device)
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == null
    assert device.read_bytes() == b""            # it is /dev/null's device: nothing kept


def test_a_symlink_to_a_fifo_is_replaced_and_the_fifo_left_alone(tmp_path: Path) -> None:
    """A link planted at the target is replaced, not followed, whatever it points to
    (only a link to one of this process's open descriptors is written through)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "out.txt"
    link.symlink_to(fifo)
    write_text(link, "new")
    assert not link.is_symlink() and link.read_text(encoding="utf-8") == "new"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_link_to_an_open_descriptor_is_written_into(tmp_path: Path) -> None:
    """``/dev/fd/N`` (and ``/dev/stdout``, a link to ``/proc/self/fd/1``): the link and
    what it names stay as they are; the text arrives at the descriptor."""
    read_end, write_end = os.pipe()
    try:
        link = tmp_path / "out.svg"
        link.symlink_to(f"/dev/fd/{write_end}")
        write_text(link, "<svg/>")
        write_text(f"/proc/self/fd/{write_end}", " and again")
        assert os.read(read_end, 100) == b"<svg/> and again"
        assert link.is_symlink() and os.readlink(link) == f"/dev/fd/{write_end}"
    finally:
        os.close(read_end)
        os.close(write_end)


def test_dev_stdout_writes_to_standard_output(tmp_path: Path) -> None:
    """In a child whose standard output is a pipe: a link to ``/dev/stdout`` and
    ``/dev/stdout`` itself are written into, after what was printed before."""
    link = tmp_path / "stdout-link"
    link.symlink_to("/dev/stdout")
    code = ("import sys; from regelwerk.engine.core.files import write_text; print('first'); "
            f"write_text({str(link)!r}, 'second\\n'); write_text('/dev/stdout', 'third\\n')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "first\nsecond\nthird\n"
    assert link.is_symlink() and os.path.islink("/dev/stdout")


def test_dash_is_standard_output(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    print("before")
    assert write_text("-", "{\"ä\": 1}\n") == "-"
    write_text(Path("-"), "again\n")
    assert capsys.readouterr().out == "before\n{\"ä\": 1}\nagain\n"
    assert list(tmp_path.iterdir()) == []                        # no file named "-"


def test_a_closed_standard_output_is_an_output_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(OutputError) as caught:
        write_text("-", "x")
    assert caught.value.message_in("en").startswith("standard output: cannot write")
    assert caught.value.message_in("de").startswith("Standardausgabe: ")


def test_a_socket_or_a_folder_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "s"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(OutputError, match="cannot write the file"):
            write_text(path, "x")
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        server.close()
    folder = tmp_path / "folder"
    folder.mkdir()
    with pytest.raises(OutputError, match="cannot write the file"):
        write_text(folder, "x")
    assert folder.is_dir() and sorted(p.name for p in tmp_path.iterdir()) == ["folder", "s"]


def test_a_stale_temporary_file_is_removed_by_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    stale = tmp_path / ".game.json.k3_9xq0a.tmp"           # a killed write's (mkstemp's name)
    stale.write_text("half a rec", encoding="utf-8")
    others = [tmp_path / ".game.json.short.tmp", tmp_path / ".other.json.k3_9xq0a.tmp",
              tmp_path / ".game.json.k3_9xq0a.tmp.bak"]
    for other in others:
        other.write_text("not ours", encoding="utf-8")
    write_text(target, "whole")
    assert not stale.exists() and target.read_text(encoding="utf-8") == "whole"
    assert all(other.exists() for other in others)


def test_a_temporary_file_a_live_write_holds_is_kept(tmp_path: Path) -> None:
    """Another write to the same target that is still running holds its temporary file
    locked: the cleaner leaves it."""
    target = tmp_path / "game.json"
    live = tmp_path / ".game.json.abcd1234.tmp"
    live.write_text("in progress", encoding="utf-8")
    with open(live, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        write_text(target, "whole")
        assert live.read_text(encoding="utf-8") == "in progress"
    assert files.remove_stale(target) == [live] and not live.exists()


def test_a_symlink_at_a_temporary_name_is_not_removed_or_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep", encoding="utf-8")
    planted = tmp_path / ".game.json.abcd1234.tmp"
    planted.symlink_to(victim)
    write_text(tmp_path / "game.json", "x")
    assert planted.is_symlink() and victim.read_text(encoding="utf-8") == "keep"


def test_the_consistency_report_is_written_by_the_rule(tmp_path: Path) -> None:
    """regelwerk/report.py's write: no ``report.tmp`` beside it, a stale temporary file
    removed, the permissions of the old file kept."""
    path = tmp_path / "report.json"
    path.write_text("{}", encoding="utf-8")
    os.chmod(path, 0o600)
    stale = tmp_path / ".report.json.zzzzzzzz.tmp"
    stale.write_text("{", encoding="utf-8")
    report.write({"games": {}, "gaps": []}, path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"games": {}, "gaps": []}
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_no_output_option_replaces_a_fifo(tmp_path: Path) -> None:
    """Through the command line: ``play --record FIFO`` writes each state of the record
    into the FIFO (the reader sees the records), and the FIFO stays a FIFO."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def drain() -> None:
        while True:                     # one open per write; an empty read: the test's end
            with open(fifo, "rb") as handle:
                data = handle.read()
            if not data:
                return
            got.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    done = subprocess.run(
        [sys.executable, "-m", "regelwerk", "play", "medici_vs_strozzi", "--record", str(fifo),
         "--random", "0", "--random", "1", "--lang", "en"],
        capture_output=True, text=True, check=False, timeout=300, stdin=subprocess.DEVNULL)
    if reader.is_alive():                       # it waits to open the FIFO: let it end
        os.close(os.open(fifo, os.O_WRONLY))
    reader.join(30)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and not reader.is_alive()
    text, decoder, records = b"".join(got).decode(), json.JSONDecoder(), []
    while text.strip():                 # writes the reader took in one read follow each other
        record, end = decoder.raw_decode(text.lstrip())
        records.append(record)
        text = text.lstrip()[end:]
    assert records[0]["actions"] == [] and records[-1]["result"] is not None
    assert len(records) == len(records[-1]["actions"]) + 1      # the start, then every action
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# ----------------------------------------------------------------------------- output options
def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    from regelwerk.cli import main

    code = main([*args, "--lang", "en"])
    out, err = capsys.readouterr()
    return code, out, err


def play_random(capsys: pytest.CaptureFixture[str], path: Path | str,
                *more: str) -> tuple[int, str, str]:
    return cli(capsys, "play", "medici_vs_strozzi", "--record", str(path), "--random", "0",
               "--random", "1", *more)


def test_play_does_not_overwrite_a_finished_game_without_force(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert play_random(capsys, path, "--seed", "1")[0] == 0
    finished = path.read_bytes()
    code, _, err = play_random(capsys, path, "--seed", "2")
    assert code == 2 and err.count("\n") == 1 and "holds a finished game; --force" in err
    assert path.read_bytes() == finished
    assert play_random(capsys, path, "--seed", "2", "--force")[0] == 0
    assert path.read_bytes() != finished and json.loads(path.read_bytes())["seed"] == 2


def test_play_points_to_resume_for_an_unfinished_game_and_guards_other_files(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from regelwerk.engine.core.records import GameRecord

    unfinished = tmp_path / "half.json"
    GameRecord("medici_vs_strozzi", 4, ({"type": "draw"},), {"players": 2}).write(unfinished)
    code, _, err = play_random(capsys, unfinished)
    assert code == 2 and f"go on with --resume {unfinished}" in err
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    code, _, err = play_random(capsys, notes)
    assert code == 2 and "is not a game record; --force" in err
    assert notes.read_text(encoding="utf-8") == "my notes"
    empty = tmp_path / "empty.json"
    empty.touch()
    assert play_random(capsys, empty)[0] == 0 and json.loads(empty.read_bytes())["result"]


def test_play_refuses_to_record_to_standard_output(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = play_random(capsys, "-")
    assert code == 2 and out == "" and err.startswith("regelwerk: error: --record -: ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ("compare", "medici_vs_strozzi", "--option", "buy_without_room=may_not_buy", "--option",
     "buy_without_room=buy_and_discard", "--save", "-"),
    ("simulate", "medici_vs_strozzi", "-n", "1", "--save-violations", "-"),
    ("stats", "medici_vs_strozzi", "-n", "1", "--plot", "-", "--json"),
])
def test_dash_where_standard_output_cannot_serve_is_refused_first(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        args: tuple[str, ...]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, *args, "--cache", str(tmp_path)) if args[0] == "stats" \
        else cli(capsys, *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and "standard output" in err
    assert list(tmp_path.iterdir()) == []


def test_stats_plot_dash_writes_only_the_svg_to_standard_output(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "stats", "medici_vs_strozzi", "-n", "3", "--plot", "-",
                         "--cache", str(tmp_path / "cache"))
    assert code == 0, err
    assert out.lstrip().startswith("<?xml") and out.rstrip().endswith("</svg>")
    assert not (tmp_path / "-").exists()
