"""The one write rule, and reading an outside file no larger than a stated limit.

Every file regelwerk writes for a user (game records, plots, reports, caches)
goes through :func:`write_text` (or :func:`write_bytes`), whatever the target is:

- ``-`` is standard output;
- a path that names one of this process's open descriptors through links
  (``/dev/stdout``, ``/dev/fd/3``, ``/proc/self/fd/1``) is written into that
  descriptor, never replaced;
- an existing FIFO or device node is opened and written into, never renamed
  over or replaced;
- anything else (no file yet, a regular file, a symlink, which is replaced and
  not followed) is written atomically: the data goes to a new temporary file
  in the target folder, ``.NAME.XXXXXXXX.tmp``, under a name nobody can guess
  and created exclusively (so a symlink planted there is never followed),
  synced to disk, and renamed over the target in one step. An existing file
  keeps its permissions. If anything fails, the temporary file is removed,
  any old file is left as it was, and an :class:`OutputError` names the file.
  A temporary file left by a killed write (its writer no longer holds its
  lock) is removed by the next write to the same target.

What regelwerk reads from a user (game records, board files) is read with
:func:`read_limited`: a file over :data:`MAX_INPUT_BYTES` is refused before it
is read whole (a regular file by its size, a pipe or device after at most one
byte more than the limit).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import stat
import sys
import tempfile
from pathlib import Path
from typing import Final

from regelwerk.engine.core.errors import LocalizedError, Message
from regelwerk.engine.core.errors import OutputError as OutputError  # its home is errors
from regelwerk.engine.core.i18n import N_

#: The permissions of a new file before the umask (as ``open`` gives them).
NEW_FILE_MODE = 0o666

#: The path that means standard output for every output option.
STDOUT: Final = "-"

#: The largest game record or board file regelwerk reads: 64 MiB. The largest record a
#: game can produce is far smaller (README, "Records and boards").
MAX_INPUT_BYTES: Final = 64 * 1024 * 1024

#: How much :func:`read_limited` reads at a time.
_CHUNK: Final = 1024 * 1024

#: How many times a write tries a new temporary name when a cleaner took its first one.
_ATTEMPTS: Final = 5


def is_stdout(path: Path | str) -> bool:
    """Whether ``path`` is ``-``, standard output."""
    return str(path) == STDOUT


def shown_path(path: Path | str) -> Path | str | Message:
    """A path as a message names it: ``-`` as "standard output" in the reader's language."""
    return Message(N_("standard output")) if is_stdout(path) else path


def _umask() -> int:
    """The process's umask, read without changing it (Linux), else the usual 022."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


def _failed(path: Path | str, exc: BaseException) -> OutputError:
    return OutputError(N_("{file}: cannot write the file ({error})"), file=shown_path(path),
                       error=getattr(exc, "strerror", None) or exc)


def write_text(path: Path | str, text: str) -> Path | str:
    """Write ``text`` (UTF-8) to ``path`` by the write rule (see the module).

    Raises :class:`OutputError`; a closed pipe on standard output or a descriptor is a
    :class:`BrokenPipeError`, which the command line ends quietly on.
    """
    return write_bytes(path, text.encode("utf-8"))


def write_bytes(path: Path | str, data: bytes) -> Path | str:
    """Write ``data`` to ``path`` by the write rule (see the module and :func:`write_text`)."""
    if is_stdout(path):
        _write_stdout(data)
        return path
    path = Path(path)
    descriptor = _descriptor(path)
    if descriptor is not None:
        _write_descriptor(descriptor, data, path)
        return path
    try:
        info: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise _failed(path, exc) from None
    if info is not None and (stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode)
                             or stat.S_ISBLK(info.st_mode) or stat.S_ISSOCK(info.st_mode)):
        if _write_into(path, data):
            return path
        info = None             # it became a regular file meanwhile: written atomically
    mode = stat.S_IMODE(info.st_mode) if info is not None and stat.S_ISREG(info.st_mode) \
        else NEW_FILE_MODE & ~_umask()
    _write_atomically(path, data, mode)
    return path


def _write_stdout(data: bytes) -> None:
    """``-``: the bytes to standard output, after what the command printed before."""
    out = sys.stdout
    if out is None:
        raise _failed(STDOUT, OSError(errno.EBADF, os.strerror(errno.EBADF)))
    try:
        out.flush()
        binary = getattr(out, "buffer", None)
        if binary is not None:
            binary.write(data)
            binary.flush()
        else:                       # a text-only stream (a test's capture)
            out.write(data.decode("utf-8"))
            out.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:
        raise _failed(STDOUT, exc) from None


def _descriptor(path: Path) -> int | None:
    """The open descriptor of this process ``path`` names through links (``/dev/stdout``
    → ``/proc/self/fd/1``, ``/dev/fd/N``), or ``None``."""
    own = {os.path.realpath(f"/proc/{os.getpid()}/fd"), "/dev/fd"}
    current = os.path.abspath(path)
    for _ in range(40):             # the kernel's own limit of links in a row
        folder, name = os.path.split(current)
        if name.isascii() and name.isdigit() and os.path.realpath(folder) in own:
            return int(name)
        try:
            target = os.readlink(current)
        except OSError:             # not a link (or gone): not a descriptor
            return None
        current = os.path.normpath(os.path.join(folder, target))
    return None


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(handle, view):]


def _write_descriptor(descriptor: int, data: bytes, path: Path) -> None:
    """Write into one of this process's open descriptors (what was printed first stays first)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            if stream is not None and stream.fileno() == descriptor:
                stream.flush()
    try:
        _write_all(descriptor, data)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _failed(path, exc) from None


def _write_into(path: Path, data: bytes) -> bool:
    """Write into an existing FIFO or device node (opened, never replaced); ``False`` if
    ``path`` turned out to be a regular file after all (then it is written atomically)."""
    try:
        handle = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        raise _failed(path, exc) from None
    try:
        if stat.S_ISREG(os.fstat(handle).st_mode):
            return False
        _write_all(handle, data)
    except OSError as exc:
        raise _failed(path, exc) from None
    finally:
        os.close(handle)
    return True


def _temporary_names(name: str) -> re.Pattern[str]:
    """The names :func:`tempfile.mkstemp` gives a temporary file of target ``name``."""
    return re.compile(re.escape(f".{name}.") + r"[a-z0-9_]{8}\.tmp")


def remove_stale(path: Path) -> list[Path]:
    """Remove the temporary files of killed writes to ``path`` (``.NAME.XXXXXXXX.tmp``
    beside it, regular files no writer holds locked); returns those removed.

    A live write holds an exclusive lock on its temporary file until it is renamed,
    so a write running at the same time is never disturbed.
    """
    pattern = _temporary_names(path.name)
    removed = []
    try:
        entries = [e for e in os.scandir(path.parent) if pattern.fullmatch(e.name)]
    except OSError:
        return []
    for entry in entries:
        with contextlib.suppress(OSError):
            if not entry.is_file(follow_symlinks=False):
                continue                # a link or a folder of that name is not ours
            handle = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
                             | os.O_CLOEXEC)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)   # held: a live write
                opened, named = os.fstat(handle), os.lstat(entry.path)
                if (opened.st_dev, opened.st_ino) == (named.st_dev, named.st_ino):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            finally:
                os.close(handle)
    return removed


def _locked_temporary(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, created exclusively and locked (so
    :func:`remove_stale` leaves it alone); a name a cleaner removed first is not used."""
    for _ in range(_ATTEMPTS):
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            if os.fstat(handle).st_nlink:
                return handle, name
        except BaseException:
            os.close(handle)
            with contextlib.suppress(OSError):
                os.unlink(name)
            raise
        os.close(handle)            # removed between its creation and its lock: again
    raise OSError(errno.EEXIST, "no temporary file could be kept")


def _write_atomically(path: Path, data: bytes, mode: int) -> None:
    """A regular file (or none, or a symlink, replaced): temporary file, fsync, rename."""
    remove_stale(path)
    try:
        handle, name = _locked_temporary(path)
    except OSError as exc:
        raise _failed(path, exc) from None
    try:
        try:
            os.fchmod(handle, mode)
            _write_all(handle, data)
            os.fsync(handle)
            os.replace(name, path)          # still locked: no cleaner takes it meanwhile
        finally:
            os.close(handle)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(exc, OSError):
            raise _failed(path, exc) from None
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform lets a folder be synced)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def too_large(path: Path | str, error: type[LocalizedError],
              limit: int = MAX_INPUT_BYTES) -> LocalizedError:
    """The refusal of an input over ``limit`` bytes (:data:`MAX_INPUT_BYTES`), as an ``error``."""
    return error(N_("{file}: larger than {megabytes} MiB ({limit} bytes), the most a game "
                    "record or board file may have"), file=path,
                 megabytes=f"{limit / (1024 * 1024):g}", limit=f"{limit:,}")


def read_limited(path: Path | str, error: type[LocalizedError],
                 limit: int | None = None) -> bytes:
    """The bytes of the file ``path``, refused as an ``error`` when over ``limit``
    (default :data:`MAX_INPUT_BYTES`) before it is read whole: a regular file by
    its size, anything else (standard input, a FIFO) after ``limit + 1`` bytes.
    A file that cannot be read is an ``error`` too, naming the file."""
    limit = MAX_INPUT_BYTES if limit is None else limit
    try:
        with open(path, "rb", buffering=0) as handle:   # unbuffered: no byte read ahead
            info = os.fstat(handle.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise too_large(path, error, limit)
            chunks, left = [], limit + 1
            while left > 0:
                chunk = handle.read(min(left, _CHUNK))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
            data = b"".join(chunks)
    except OSError as exc:
        raise error(N_("{file}: cannot read the file ({error})"), file=path,
                    error=exc.strerror or exc) from None
    if len(data) > limit:
        raise too_large(path, error, limit)
    return data
