"""What the rules DO: one subpackage per game sharing :mod:`regelwerk.engine.core`."""
