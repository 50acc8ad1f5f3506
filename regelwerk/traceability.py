"""What belongs to a clause besides its text: the invariants resting on it and the register
entries that concern it.

One lookup for every reader: ``regelwerk rule <clause>`` prints these ids, and the site's
clause boxes (:mod:`regelwerk.sphinxext.clause`) list and link them, so the command and
the page always name the same ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regelwerk import games
from regelwerk.engine.core import spec as spec_module

if TYPE_CHECKING:
    from regelwerk.verification.core import Invariant


def invariants_of(game: str, clause_id: str) -> tuple[Invariant, ...]:
    """The game's invariants (its declared ``VERIFICATION``, in their order) whose
    ``clauses`` name ``clause_id``; none for a game without a verification package."""
    try:
        invariants = games.get(game).verification.invariants
    except ModuleNotFoundError:
        return ()
    return tuple(inv for inv in invariants if clause_id in inv.clauses)


def interpretations_of(spec: spec_module.Spec,
                       clause_id: str) -> tuple[spec_module.Interpretation, ...]:
    """The register entries of ``spec`` (in register order) whose ``clauses`` name ``clause_id``."""
    return tuple(item for item in spec.interpretations.values() if clause_id in item.clauses)
