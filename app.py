"""Rules Tutor: the Streamlit entry point (navigation only; pages are thin)."""

import streamlit as st

from ui.errors import guard
from ui.html import css, label_escape
from tutor import store
from ui.i18n import _, choose_language, saved_language
from ui.language_menu import picker
from ui.nav import phone_nav, to_home
from ui.session import learner_in_url

# the one page setting of the app, set before the navigation: one layout for every page (a second
# set_page_config(layout=...) on a page let the left edge jump between two layouts mid-lesson), and our own
# favicon (a page's Material icon as the favicon is fetched from Google's font servers: no request leaves the app)
st.set_page_config(page_title="Rules Tutor", page_icon="🃏", layout="wide")
learner = learner_in_url()
choose_language(saved_language(learner, store.load_language))  # ?lang=, saved, Accept-Language, English (ui/i18n.py)
# A page's title is a navigation link's label, which Streamlit renders as Markdown: a catalog's text is escaped
home = st.Page("ui/pages/home.py", title=label_escape(_("Lessons")), icon=":material/school:", url_path="home")
pages = [
    # "/" is a hidden default page that opens the Lessons page at its own address, /home (query kept):
    # the default page of st.navigation is always served at "/", whatever url_path it declares.
    st.Page(to_home(home), title="Rules Tutor", url_path="start", default=True, visibility="hidden"),
    home,
    st.Page("ui/pages/lesson.py", title=label_escape(_("Lesson")), icon=":material/menu_book:", url_path="lesson",
            visibility="hidden"),
    st.Page("ui/pages/practice.py", title=label_escape(_("Practice")), icon=":material/fitness_center:",
            url_path="practice"),
    st.Page("ui/pages/play.py", title=label_escape(_("Play")), icon=":material/playing_cards:", url_path="play"),
    # -- "Check a ruling" pages --
    st.Page("ui/pages/ruling.py", title=label_escape(_("Check a ruling")), icon=":material/gavel:", url_path="ruling"),
    st.Page("ui/pages/rulings.py", title=label_escape(_("Sources and rulings")), icon=":material/menu_book:",
            url_path="rulings"),
    # -- teacher and student quiz pages --
    st.Page("ui/pages/teacher.py", title=label_escape(_("Teachers")), icon=":material/co_present:", url_path="teacher"),
    st.Page("ui/pages/join.py", title=label_escape(_("Join a class quiz")), icon=":material/login:", url_path="join"),
]
nav = st.navigation(pages, position="top")
# each page's own (translated) title in the browser's tab (the calls are additive: icon and layout stay)
st.set_page_config(page_title=nav.title if nav.title == "Rules Tutor" else f"{nav.title} · Rules Tutor")
st.html(css())
phone_nav(pages)
picker(save=(lambda code: store.save_language(learner, code)) if learner else None)  # on every page; kept per learner
with guard():  # a fault is one page that says what happened and what to do (ui/errors.py)
    nav.run()
