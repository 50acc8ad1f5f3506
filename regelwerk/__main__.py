"""``python -m regelwerk``: the same as the ``regelwerk`` console script."""

from regelwerk.cli import main

raise SystemExit(main())
