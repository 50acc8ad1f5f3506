"""What must ALWAYS hold: z3 models of each game's invariants."""
