"""What search may assume about what a seat cannot see (issue 33): each game's
``determinize`` and ``heuristic`` (engine/<game>/determinize.py, heuristic.py)."""
