"""Practice that never runs out: generated items (:mod:`generate`), wrong choices that teach
(:mod:`misreadings`), spaced repetition per rule and ratings (:mod:`schedule`, :mod:`glicko`)."""
