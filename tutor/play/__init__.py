"""Learn by playing: a live game of any playable game (its plugin's play hook, :mod:`tutor.games.play`: Regicide,
Dungeon Mayhem, a registered test game) against or beside bots, every ruling explained. No module here names a
game (``tests/tutor/test_play_names_no_game.py``), the guided first games included (:mod:`tutor.play.tutorial`: each
game's stacked deal is its plugin's guide).

- :mod:`tutor.play.live`: a game = set-up + seed + moves; the position is their replay through the engine;
  each move's ruling (steps with rule, sentence, sources, effects) or its refusal (the rule it breaks);
- :mod:`tutor.play.bots`: a random and a heuristic bot per game, seeded, each move with a one-line reason;
- :mod:`tutor.play.codec`: moves as JSON data and back (bounded);
- :mod:`tutor.play.store`: each learner's games in the class database.

Pure and UI-free: no Streamlit here (the Play page is ``ui/play_view.py``).
"""
