"""gettext catalogs: ``<lang>/LC_MESSAGES/regelwerk.po`` (engine, CLI, spec texts)
and one catalog per reference page (Sphinx)."""
