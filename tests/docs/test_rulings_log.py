"""The rulings log (``rulings-log`` directive) names every kind of ruling in words."""

from __future__ import annotations

from regelwerk.engine.core import readings
from regelwerk.engine.core.i18n import gettext_for

from regelwerk.sphinxext import registers


def test_every_kind_of_ruling_has_its_words() -> None:
    assert set(registers.KINDS) == set(readings.KINDS)
    assert {ruling.kind for ruling in readings.rulings()} <= set(registers.KINDS)
    shown = {kind: gettext_for("en", label) for kind, label in registers.KINDS.items()}
    assert len(set(shown.values())) == len(shown)       # no two kinds read alike
