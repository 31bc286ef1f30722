"""App navigation helpers for ``app.py``: the "/" redirect to the Lessons page, and the phone navigation.

On a narrow screen (under Streamlit's 768 px breakpoint) Streamlit moves the top navigation into a
collapsed sidebar behind an unlabelled "»" button. The phone navigation is a row of named links to the
same pages, shown only at that width (``theme.css``: ``.st-key-rt-phone-nav``); the sidebar button is
hidden there, so a phone shows one navigation, with words.
"""

from __future__ import annotations

from typing import Callable, Sequence

import streamlit as st

PHONE_NAV = "rt-phone-nav"  # container key: CSS class ``st-key-rt-phone-nav``


def to_home(home: st.Page) -> Callable[[], None]:
    """The default page's body: switch to ``home`` keeping the query string (``?u=`` the learner)."""

    def start() -> None:
        st.switch_page(home, query_params=dict(st.query_params))

    return start


def phone_nav(pages: Sequence[st.Page]) -> None:
    """Named links to every visible page, for phones (hidden on wider screens by the theme CSS)."""
    with st.container(horizontal=True, key=PHONE_NAV, gap="small"):
        for page in pages:
            if page.visibility == "visible":
                st.page_link(page, label=page.title, icon=page.icon or None)  # escaped in app.py
