"""Rules Tutor: the Streamlit entry point (navigation only; pages are thin)."""

import streamlit as st

from ui.errors import guard
from ui.html import css

st.set_page_config(page_title="Rules Tutor", page_icon="🃏", layout="centered")
pages = [
    st.Page("ui/pages/home.py", title="Lessons", icon=":material/school:", url_path="home", default=True),
    st.Page("ui/pages/lesson.py", title="Lesson", icon=":material/menu_book:", url_path="lesson", visibility="hidden"),
    # -- "Check a ruling" pages --
    st.Page("ui/pages/ruling.py", title="Check a ruling", icon=":material/gavel:", url_path="ruling"),
    st.Page("ui/pages/rulings.py", title="Sources and rulings", icon=":material/menu_book:", url_path="rulings"),
    # -- teacher and student quiz pages --
    st.Page("ui/pages/teacher.py", title="Teachers", icon=":material/co_present:", url_path="teacher"),
    st.Page("ui/pages/join.py", title="Join a class quiz", icon=":material/login:", url_path="join"),
]
nav = st.navigation(pages, position="top")
st.html(css())
with guard():  # a fault is one page that says what happened and what to do (ui/errors.py)
    nav.run()
