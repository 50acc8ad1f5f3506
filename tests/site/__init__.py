"""Tests of regelwerk (see the module docstrings)."""
