"""regelwerk: an executable, verified, bilingual rules reference.

Layers (see ARCHITECTURE.md): :mod:`regelwerk.spec` (data), :mod:`regelwerk.engine`
(what the rules do), :mod:`regelwerk.verification` (z3 invariants), the Sphinx
reference built by :mod:`regelwerk.site`, and the ``regelwerk`` command line.
"""

__version__ = "0.3.0"
