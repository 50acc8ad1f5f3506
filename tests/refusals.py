"""One way for a test to say an action is refused: under which clause, and that nothing changed.

``refused(game, state, action, clause)`` applies ``action`` and expects an
:class:`~regelwerk.engine.core.errors.IllegalAction` naming ``clause`` (the rule text's clause
id); the action is not legal there either. ``game`` is anything with ``apply`` and
``is_legal``: a game package or its ``GAME``.
``tests/core/test_refusals_name_clauses.py`` holds every refusal test to a clause.
"""

from __future__ import annotations

from typing import Any

import pytest
from regelwerk.engine.core.errors import IllegalAction


def refused(game: Any, state: Any, action: Any, clause: str) -> IllegalAction:
    """Assert ``game`` refuses ``action`` in ``state`` under ``clause``; the refusal."""
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, action)
    assert caught.value.clause == clause, \
        f"{action!r} refused under {caught.value.clause}, expected under {clause}"
    assert not game.is_legal(state, action)
    return caught.value
