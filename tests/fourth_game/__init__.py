"""A fourth game that only the test suite registers (``RULES_TUTOR_GAMES``): tic-tac-toe, as two packages, its
engine (``engine_tic_tac_toe``) and its plugin (``tutor_tic_tac_toe``). Adding it edits nothing else."""
