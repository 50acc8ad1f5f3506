"""What the extensions remember between pages, kept in one Sphinx domain.

As ``sphinx.ext.todo`` keeps its entries in ``TodoDomain``, everything our directives
note while a page is read lives in :class:`RegelwerkDomain`'s data, in the build
environment: the page that shows each clause (:mod:`regelwerk.sphinxext.clause`) and the
rules key of every game a page's random games were computed for
(:mod:`regelwerk.sphinxext.stats`). The domain forgets a page when Sphinx reads it again
(:meth:`~RegelwerkDomain.clear_doc`) and takes over what parallel readers noted
(:meth:`~RegelwerkDomain.merge_domaindata`), so no extension keeps state on ``env`` or in
a module global. The domain declares no directives, roles or objects: the pages look the
same with or without it.
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any, ClassVar

from sphinx.application import Sphinx
from sphinx.domains import Domain
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

logger = logging.getLogger(__name__)

#: The domain's name (``env.domains[NAME]``).
NAME = "regelwerk"


class RegelwerkDomain(Domain):
    """The extensions' notes: ``clauses`` (clause id -> the page showing it) and
    ``stats_keys`` (page -> game -> the rules key its random games were read for)."""

    name = NAME
    label = "regelwerk"
    initial_data: ClassVar[dict[str, Any]] = {"clauses": {}, "stats_keys": {}}
    data_version: ClassVar[int] = 1

    @property
    def clauses(self) -> dict[str, str]:
        """Clause id -> the document that shows it."""
        placed: dict[str, str] = self.data["clauses"]
        return placed

    @property
    def stats_keys(self) -> dict[str, dict[str, str]]:
        """Document -> game -> the rules key of the cached runs the document shows."""
        keys: dict[str, dict[str, str]] = self.data["stats_keys"]
        return keys

    def place_clause(self, clause_id: str, docname: str) -> str | None:
        """Note that ``docname`` shows ``clause_id``; the other page that already shows
        it, if there is one (the caller warns)."""
        before = self.clauses.get(clause_id)
        self.clauses[clause_id] = docname
        return before if before is not None and before != docname else None

    def note_stats_key(self, docname: str, game: str, key: str) -> None:
        """Note that ``docname`` shows random games of ``game`` under the rules ``key``."""
        self.stats_keys.setdefault(docname, {})[game] = key

    def clear_doc(self, docname: str) -> None:
        for clause_id in [c for c, doc in self.clauses.items() if doc == docname]:
            del self.clauses[clause_id]
        self.stats_keys.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        """Take over what a parallel reader noted about ``docnames``; a clause that a page
        of this reader and one of another both show is a warning, as within one reader."""
        for clause_id, docname in otherdata["clauses"].items():
            if docname not in docnames:
                continue
            other = self.place_clause(clause_id, docname)
            if other is not None:
                logger.warning("clause %s is already shown in %s", clause_id, other,
                               location=docname)
        for docname in docnames:
            if docname in otherdata["stats_keys"]:
                self.stats_keys[docname] = otherdata["stats_keys"][docname]


def of(env: BuildEnvironment) -> RegelwerkDomain:
    """The build's :class:`RegelwerkDomain` (set up by :func:`setup`)."""
    domain = env.domains[NAME]
    if not isinstance(domain, RegelwerkDomain):
        raise TypeError(f"the {NAME!r} domain is {type(domain).__name__}, not RegelwerkDomain")
    return domain


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_domain(RegelwerkDomain)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}
