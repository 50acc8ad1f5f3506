"""Writing a file safely: the whole new file or the old one, never half of either.

Every file regelwerk writes for a user (game records, reports) goes through
:func:`write_text`: the text is written to a new temporary file in the target
folder, under a name nobody can guess and that is created exclusively (so a
symlink planted there is never followed), synced to disk, and then renamed
over the target in one step. If anything fails, the temporary file is removed,
any old file is left as it was, and an :class:`OutputError` names the file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from regelwerk.engine.core.errors import LocalizedError
from regelwerk.engine.core.i18n import N_

#: The permissions of a new file before the umask (as ``open`` gives them).
NEW_FILE_MODE = 0o666


class OutputError(LocalizedError):
    """A file could not be written (full disk, no permission, ...); names the file."""


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


def write_text(path: Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; an existing file keeps its permissions.

    A symlink at ``path`` itself is replaced by the new file, not followed.
    Raises :class:`OutputError` (the old file intact, no temporary file left).
    """
    path = Path(path)
    folder = path.parent
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode) if path.is_file() and not path.is_symlink() \
            else NEW_FILE_MODE & ~_umask()
        handle, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(N_("{file}: cannot write the file ({error})"), file=path,
                          error=exc.strerror or exc) from None
    try:
        with os.fdopen(handle, "wb") as out:
            os.fchmod(out.fileno(), mode)
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        os.replace(name, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(exc, OSError | UnicodeError):
            raise OutputError(N_("{file}: cannot write the file ({error})"), file=path,
                              error=getattr(exc, "strerror", None) or exc) from None
        raise
    _sync_folder(folder)
    return path


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform lets a folder be synced)."""
    with contextlib.suppress(OSError):
        handle = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)
