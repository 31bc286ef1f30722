"""Class quizzes: a teacher builds a quiz from the scenario library and runs it live for a class.

- :mod:`tutor.quiz.spec`: what a quiz is (scenario/question pairs, library or inline situations, and
  options), the question catalogue, per-student order and choice shuffling, grading by the engine.
- :mod:`tutor.quiz.service`: saving quizzes, adding and removing questions, renaming and (soft) deleting them,
  sessions and join codes, joining, idempotent submission.
- :mod:`tutor.quiz.results`: live results, leaderboard, CSV export.
- :mod:`tutor.quiz.ratelimit`, :mod:`tutor.quiz.codes`, :mod:`tutor.quiz.passcode`: the security pieces.
- :mod:`tutor.quiz.tables` and :mod:`tutor.quiz.migrate`: storage (SQLAlchemy 2, Alembic).
"""
