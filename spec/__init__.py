"""What the rules ARE, as data: one folder of TOML files per game (read by core.spec)."""
