"""The core every game shares: spec loading, clauses, errors, i18n, records, chance."""
