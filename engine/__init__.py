"""Rules engines for Rules Tutor: pure, UI-free, deterministic.

Nothing under ``engine/`` imports streamlit, pydantic or yaml; randomness is passed
in as a seeded ``random.Random``.
"""
