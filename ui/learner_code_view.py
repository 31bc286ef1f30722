""""Keep my progress on another device" (home page): a learner's personal code (``tutor/learner_codes.py``).

Get a code (six words, shown once, with a QR code of the link that restores it), type a code from another
device (rate-limited like join codes; on success this browser takes the learner id ``?u=`` of the code, so
lessons, practice, streak and game records are theirs here too), or revoke the code. Scanning the QR code opens
the home page with ``?code=``: the page restores it once and removes it from the address.
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit

import streamlit as st

from tutor import learner_codes
from ui import connection
from ui import html as h
from ui.i18n import _, tr

SHOWN = "learner_code_shown"  # the code just issued (shown once, in this browser session)
TYPED = "learner_code_typed"  # text_input: a code typed to restore
MSG = "learner_code_msg"  # ("ok" | "error", text)
GET, RESTORE, REVOKE, FORM = "learner_code_get", "learner_code_restore", "learner_code_revoke", "learner_code_form"


def restore_link(code: str) -> str:
    url = st.context.url or "http://localhost:8501/"
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/?code={quote(code)}"


def _on_get(learner: str) -> None:
    st.session_state[SHOWN] = learner_codes.issue(learner)
    st.session_state[MSG] = None


def _on_revoke(learner: str) -> None:
    n = learner_codes.revoke(learner)
    st.session_state[SHOWN] = None
    st.session_state[MSG] = ("ok", _("Your code is revoked: it restores nothing any more.") if n
                             else _("You had no code to revoke."))


def _restore(text: str | None) -> None:
    res = learner_codes.restore(text, learner_codes.clients(connection.session_id(), connection.address()))
    if res.learner is None:
        st.session_state[MSG] = ("error", tr(res.why) if res.why is not None else "")
        return
    from ui.state import Keys

    st.session_state[Keys.LEARNER] = res.learner
    st.session_state[Keys.LEARNER_OK] = res.learner
    st.query_params["u"] = res.learner
    st.session_state[SHOWN] = None
    st.session_state[MSG] = ("ok", _("Welcome back: your lessons, practice and records are here."))


def _on_restore() -> None:
    _restore(st.session_state.get(TYPED))
    st.session_state[TYPED] = ""


def from_link() -> None:
    """A scanned QR code (``?code=``): restore it once, then take it out of the address."""
    code = st.query_params.get("code")
    if code:
        del st.query_params["code"]
        _restore(code)


def section(learner: str) -> None:
    """The home page's "Keep your progress on another device"."""
    from ui.presenter import qr_uri

    shown = st.session_state.get(SHOWN)
    msg = st.session_state.get(MSG)
    with st.expander(h.label_escape(_("Keep your progress on another device")), expanded=bool(shown or msg)):
        st.caption(h.md_escape(_("Your progress lives in this browser's address. A personal code of six words "
                                 "brings your lessons, practice, streak and game records to any other device. "
                                 "No e-mail, no password, nothing about you is stored.")))
        if shown:
            st.html(f'<div class="rt-slide rt-code" style="text-align:center"><p class="rt-kicker">'
                    f'{h.esc(_("Your code (write it down: it is shown only once)"))}</p>'
                    f'<div data-testid="rt-learner-code" style="font-size:1.6rem;font-weight:800">{h.esc(shown)}</div>'
                    f'<img src="{qr_uri(restore_link(shown))}" width="200" height="200" '
                    f'alt="{h.esc(_("QR code: scan it with your phone to bring your progress there"))}"></div>')
        c1, c2 = st.columns(2)
        c1.button(h.label_escape(_("Make a new code") if shown else _("Get my code")), key=GET, on_click=_on_get,
                  args=(learner,), icon=":material/key:",
                  help=h.label_escape(_("A new code replaces your old one, which stops working.")))
        c2.button(h.label_escape(_("Revoke my code")), key=REVOKE, on_click=_on_revoke, args=(learner,),
                  icon=":material/block:")
        with st.form(FORM, border=False, enter_to_submit=True):
            a, b = st.columns([3, 1], vertical_alignment="bottom")
            a.text_input(h.label_escape(_("I have a code")), key=TYPED, max_chars=120,
                         placeholder=_("six words, e.g. ocean-ladder-…"))
            b.form_submit_button(h.label_escape(_("Restore my progress")), key=RESTORE, on_click=_on_restore)
        if msg:
            (st.success if msg[0] == "ok" else st.error)(h.md_escape(msg[1]))


# -- joining a class ---------------------------------------------------------------------------------
CLASS_CODE, CLASS_NAME, CLASS_JOIN, CLASS_FORM, CLASS_MSG = ("class_join_code", "class_join_name", "class_join",
                                                             "class_join_form", "class_join_msg")


def _on_join_class(learner: str) -> None:
    from tutor import classes

    ss = st.session_state
    res = classes.join_class(ss.get(CLASS_CODE) or "", learner, ss.get(CLASS_NAME) or "",
                             classes.clients(connection.session_id(), connection.address()))
    if res.why is not None:
        ss[CLASS_MSG] = ("error", tr(res.why))
        return
    ss[CLASS_CODE] = ""
    ss[CLASS_MSG] = ("ok", (_("You were in “{title}” already.") if res.already else
                            _("You joined “{title}”: your teacher sees your progress on each rule.")).format(title=res.title))


def class_section(learner: str) -> None:
    """The home page's "Join your class": a class code and the name the teacher should see, once."""
    from tutor import classes

    msg = st.session_state.get(CLASS_MSG)
    mine = classes.memberships(learner)
    with st.expander(h.label_escape(_("Join your teacher's class")), expanded=bool(msg)):
        if mine:
            st.html('<ul data-testid="rt-my-classes">' + "".join(
                f"<li>{h.esc(_('{title}, as {name}').format(title=t, name=n))}</li>" for t, n in mine) + "</ul>")
        st.caption(h.md_escape(_("Your teacher then sees your lessons and practice on each rule, under the name you "
                                 "give here. You join a class once.")))
        with st.form(CLASS_FORM, border=False, enter_to_submit=True):
            a, b, c = st.columns([1, 2, 1], vertical_alignment="bottom")
            a.text_input(h.label_escape(_("Class code")), key=CLASS_CODE, max_chars=12)
            b.text_input(h.label_escape(_("Your name")), key=CLASS_NAME, max_chars=24)
            c.form_submit_button(h.label_escape(_("Join the class")), key=CLASS_JOIN, on_click=_on_join_class,
                                 args=(learner,))
        if msg:
            (st.success if msg[0] == "ok" else st.error)(h.md_escape(msg[1]))
