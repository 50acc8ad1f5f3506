"""What each seat of Medici vs Strozzi may see (issue 33): everything but chance's future.

Nothing is secret from a seat: every tile drawn from the bag is laid face up
(medici_vs_strozzi:turn.draw), loaded onto an open ship (medici_vs_strozzi:turn.load) or
discarded in sight (medici_vs_strozzi:turn.discard), and money and loans lie on the table.
Which tiles are still in the bag follows from those; the order in which they will come out
is chance's, and a seeded game keeps it in the state (medici_vs_strozzi:setup.tiles). A
view shows the bag's tiles without that order: :data:`VIEWS` declares no hidden
information (``hides`` false).
"""

from __future__ import annotations

from regelwerk.engine.core.game import Views
from regelwerk.engine.medici_vs_strozzi.state import State


def mask(state: State, seat: int) -> State:
    """``state`` as ``seat`` sees it: the bag's tiles in no particular order."""
    del seat
    return state._replace(bag=tuple(sorted(state.bag)))


#: Medici vs Strozzi's declaration of what each seat sees: all of it.
VIEWS: Views[State] = Views(mask, hides=False)
