"""The exit codes of the ``regelwerk`` command line, by name (as pip's ``status_codes``).

A leaf module: it imports nothing of regelwerk, so every part of the command line, and
``python -m regelwerk.site``, can name the code it returns.
"""

from __future__ import annotations

from typing import Final

#: The command did what was asked.
SUCCESS: Final = 0
#: A check ran and found problems: a violation, a gap, an unproven invariant, a changed game.
FAILED: Final = 1
#: Bad usage or input: an unknown option, a bad value, a record or board file that is wrong.
USAGE: Final = 2
#: An internal error (a bug of regelwerk; ``REGELWERK_DEBUG=1`` shows the traceback).
INTERNAL: Final = 3
#: The output could not be written (a full disk, a folder that cannot be written into).
OUTPUT_FAILED: Final = 4
#: Interrupted by the user (Ctrl-C): 128 + SIGINT, as a shell reports it.
INTERRUPTED: Final = 130
#: Standard output was a pipe its reader closed (``regelwerk ... | head``): 128 + SIGPIPE,
#: ended quietly.
BROKEN_PIPE: Final = 141
