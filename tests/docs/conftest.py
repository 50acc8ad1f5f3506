"""One site build per test session, into a temporary folder (the repository is not touched)."""

from __future__ import annotations

from pathlib import Path

import pytest

from regelwerk.site import SiteReport, build_site

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> SiteReport:
    return build_site(ROOT, tmp_path_factory.mktemp("build"))
