"""Streamlit-facing helpers: session keys, board pictures, lesson player widgets."""
