"""The presenter view of a class session (/teacher?present=CODE), meant for the projector, and the teacher-paced
options of the teacher page.

Behind the same passcode (or "stay unlocked" cookie) as the teacher page. It shows the join code in large type,
a QR code of the join link (drawn on the server by ``segno``, an inline SVG: no network), and the lobby of
names as students join. For a teacher-paced session (``tutor/quiz/paced.py``) it runs the quiz: the teacher
reveals each question (the button, or Space or → on the keyboard), a countdown runs, then the distribution of
the class's answers, the right one and the rule that decides it; at the end a podium and the rule the class
missed most. Text is at least 32 px, dark on light (contrast AA). Student names and quiz titles are user text:
they reach the page only through ``ui.html.esc``.
"""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlsplit

import segno
import streamlit as st

from tutor.games import plugin
from tutor.library import Library
from tutor.quiz import paced, service
from tutor.quiz.service import SessionInfo
from tutor.quiz.spec import resolve
from tutor.quiz.tables import QuizSession
from ui import html as h
from ui import quiz_text
from ui.i18n import _, current, ngettext, tr


class PresenterKeys:
    PACED = "present_paced"  # checkbox on the teacher page: the next session is teacher-paced
    SECONDS = "present_seconds"  # its seconds per question
    NEXT = "present_next"  # the box of the reveal button (Space and → click the button in it)

    @staticmethod
    def next_button(step: int) -> str:
        """The reveal button's own key names the step it reveals from. Streamlit may replay a click's trigger in a
        later run of the polling fragment (seen once under load: one Space revealed two questions); with one key
        per step, a replayed click belongs to the button of the step already left, and ``paced.reveal`` refuses it
        (the step it expected is gone)."""
        return f"present_next_{step}"
    MSG = "present_msg"  # a refused reveal (the session was closed meanwhile)


POLL = 1.0  # seconds between two looks at the lobby and the answers
STYLE = """<style>
.rt-present, .rt-present p, .rt-present li { font-size: 2.25rem; line-height: 1.3; color: #1d2433; }
.rt-present { background: #ffffff; border-radius: 12px; padding: .6rem 1rem; }
.rt-present .rt-big-code { font-size: 5rem; font-weight: 900; letter-spacing: .08em; color: #1d2433; line-height: 1.1;
  font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.rt-present .rt-code-inline { font-size: 3rem; font-weight: 900; letter-spacing: .08em; white-space: nowrap; }
.rt-present .rt-rank { display: inline-block; min-width: 1.4em; text-align: center; background: #1f3b4d; color: #ffffff;
  border-radius: 50%; margin-right: .4rem; }
.rt-present .rt-present-kicker { font-size: 2rem; font-weight: 700; color: #a00d25; text-transform: uppercase; letter-spacing: .08em; }
.rt-present .rt-link { font-size: 2rem; font-weight: 700; word-break: break-all; }
.rt-present.rt-qr { box-sizing: border-box; overflow: hidden; padding: .5rem; }
.rt-present .rt-qr img, .rt-qr img { display: block; width: 100%; max-width: 100%; height: auto; image-rendering: pixelated; }
.rt-present .rt-names { display: flex; flex-wrap: wrap; gap: .5rem 1rem; list-style: none; padding: 0; }
.rt-present .rt-names li { background: #1f3b4d; color: #ffffff; border-radius: 999px; padding: .1rem 1rem; }
.rt-present .rt-count { font-size: 8rem; font-weight: 900; color: #1d2433; line-height: 1; }
.rt-present .rt-bar { background: #1f3b4d; height: 1.6rem; border-radius: 4px; }
.rt-present .rt-bar.right { background: #1f7a44; }
.rt-present table { width: 100%; border-collapse: collapse; }
.rt-present td { font-size: 2.25rem; padding: .2rem .5rem; color: #1d2433; vertical-align: middle; }
.rt-present .rt-podium li { font-size: 3rem; font-weight: 800; }
.st-key-present_next button, .st-key-present_next button p { font-size: 2.25rem !important; padding: .3rem 1.5rem; }
</style>"""
# Space or → clicks the reveal button, once per second at most: two clicks in a row would reveal two questions
# (the second one is taken against the step the first has just moved to). One listener per page (the flag). No
# "<" in it: the script is HTML text, and a "<" there stopped it from running.
KEYS_JS = ("if(!window.__rtPresentKeys){window.__rtPresentKeys=true;document.addEventListener('keydown',function(e){"
           "var t=e.target&&e.target.tagName;if(t==='INPUT'||t==='TEXTAREA'||t==='SELECT'||(e.target&&e.target.isContentEditable))return;"
           "if(e.key!==' '&&e.key!=='ArrowRight')return;e.preventDefault();if(e.repeat)return;"
           "var now=Date.now();if(window.__rtPresentAt&&1000>now-window.__rtPresentAt)return;"
           "var b=document.querySelector('.st-key-present_next button');"
           "if(b&&!b.disabled){window.__rtPresentAt=now;b.click();}},true);}")


# -- the teacher page: the options of a new session, and the Present link ----------------------------
def options() -> None:
    """Teacher-paced or self-paced (the default), and the countdown, for the next session started."""
    if st.checkbox(h.label_escape(_("Teacher-paced: I reveal each question on the projector, with a countdown")), key=PresenterKeys.PACED):
        st.select_slider(h.label_escape(_("Seconds per question")), paced.SECONDS, value=paced.DEFAULT_SECONDS, key=PresenterKeys.SECONDS)


def start(quiz_id: int) -> SessionInfo:
    """Start a session of ``quiz_id`` as the options say."""
    if st.session_state.get(PresenterKeys.PACED):
        return paced.start(quiz_id, int(st.session_state.get(PresenterKeys.SECONDS) or paced.DEFAULT_SECONDS))
    return service.start_session(quiz_id)


def link(info: SessionInfo) -> None:
    """The teacher page's "Present" button: the presenter view of this session, in a new tab."""
    if info.is_open:
        st.link_button(h.label_escape(_("Present on the projector")), f"?present={info.code}", icon=":material/slideshow:",
                       help=h.md_escape(_("The join code in large type, a QR code, the names as students join, and the "
                                          "questions one at a time") if info.spec.paced == "teacher" else
                                        _("The join code in large type, a QR code, the names as students join")))


# -- the presenter view ---------------------------------------------------------------------------
def by_code(code: str) -> SessionInfo | None:
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from tutor import store

    code = (code or "").strip().upper()[:12]
    with Session(store.engine()) as s:
        row = s.scalar(select(QuizSession).where(QuizSession.code == code))
        return service._info(row) if row is not None else None


def qr_svg(url: str) -> str:
    """The QR code of ``url``, as an inline SVG (black on white, a quiet zone, medium error correction)."""
    return segno.make(url, error="m").svg_inline(scale=10, dark="#000000", light="#ffffff", border=4)


@functools.lru_cache(maxsize=64)
def qr_uri(url: str) -> str:
    """The same QR code as a ``data:`` URI (an ``<img>`` survives the sanitising of ``st.html``, an inline
    ``<svg>`` does not)."""
    return segno.make(url, error="m").svg_data_uri(scale=10, dark="#000000", light="#ffffff", border=4)


def join_link(code: str) -> str:
    """The student's link: this app's /join page with the code filled in."""
    url = st.context.url or "http://localhost:8501/teacher"
    parts = urlsplit(url)
    base = parts.path.rsplit("/", 1)[0] if parts.path not in ("", "/") else ""
    return f"{parts.scheme}://{parts.netloc}{base}/join?code={code}"


def main() -> None:
    """The projector view, once the teacher page's passcode gate let the teacher in (ui.teacher_view)."""
    from ui.session import library

    info = by_code(st.query_params.get("present") or "")
    if info is None:
        st.error(h.md_escape(_("No class session has this code.")))
        st.page_link("ui/pages/teacher.py", label=h.label_escape(_("Back to the teacher page")))
        return
    lib = library()
    st.html(STYLE)
    link_url = join_link(info.code)
    if info.spec.paced == "teacher":
        st.html(f'<div class="rt-js"><script>{KEYS_JS}</script></div>', unsafe_allow_javascript=True, width="content")
        _stage(lib, info, link_url)
    else:
        _join_box(info, link_url)
        _lobby(info.id)


def _join_box(info: SessionInfo, link_url: str) -> None:
    """The join link, the code in large type and the QR code (in the lobby, and all along a self-paced session)."""
    c1, c2 = st.columns([3, 2], vertical_alignment="center")
    c1.html(f'<div class="rt-present" data-testid="rt-present-code"><p class="rt-present-kicker">'
            f'{h.esc(_("Join at"))}</p><p class="rt-link">{h.esc(link_url)}</p><p class="rt-present-kicker">'
            f'{h.esc(_("with the code"))}</p><div class="rt-big-code">{h.esc(info.code)}</div>'
            f'<p>“{h.esc(info.spec.title)}”</p></div>')
    c2.html(f'<div class="rt-present rt-qr" data-testid="rt-present-qr"><img src="{qr_uri(link_url)}" '
            f'alt="{h.esc(_("QR code of the join link"))}"></div>')


def _join_line(info: SessionInfo, link_url: str) -> str:
    """The join link and code on one line, while the questions run (latecomers can still join)."""
    return (f'<div class="rt-present" data-testid="rt-present-code"><p class="rt-link">{h.esc(link_url)} · '
            f'<span class="rt-code-inline">{h.esc(info.code)}</span></p></div>')


def _names(session_id: int) -> list[str]:
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from tutor import store
    from tutor.quiz.tables import Student

    with Session(store.engine()) as s:
        return list(s.scalars(select(Student.name).where(Student.session_id == session_id).order_by(Student.id)))


def _lobby_html(names: list[str]) -> str:
    joined = ngettext("{n} student has joined", "{n} students have joined", len(names)).format(n=len(names))
    items = "".join(f"<li>{h.esc(n)}</li>" for n in names)
    waiting = "" if names else f"<p>{h.esc(_('Waiting for students to join…'))}</p>"
    return (f'<div class="rt-present" data-testid="rt-present-lobby"><p class="rt-present-kicker">{h.esc(joined)}</p>'
            f'{waiting}<ul class="rt-names">{items}</ul></div>')


@st.fragment(run_every=POLL)
def _lobby(session_id: int) -> None:
    st.html(_lobby_html(_names(session_id)))


def _on_reveal(session_id: int, expected: int) -> None:
    try:
        paced.reveal(session_id, expected)
        st.session_state[PresenterKeys.MSG] = None
    except service.QuizError as err:
        st.session_state[PresenterKeys.MSG] = tr(err.message)


def _next_button(p: paced.Paced) -> None:
    if p.lobby:
        label = _("Reveal question 1")
    elif p.step + 1 < p.total:
        label = _("Reveal question {n}").format(n=p.step + 2)
    else:
        label = _("Show the podium")
    with st.container(key=PresenterKeys.NEXT):
        st.button(h.label_escape(label + "  (Space / →)"), key=PresenterKeys.next_button(p.step), type="primary",
                  on_click=_on_reveal, args=(p.session_id, p.step), disabled=not p.is_open)
    if st.session_state.get(PresenterKeys.MSG):
        st.error(h.md_escape(st.session_state[PresenterKeys.MSG]))


def _rule(game: str, rule: str | None) -> str:
    if not rule:
        return ""
    glossary = plugin(game).glossary
    entry = glossary[rule] if rule in glossary else None
    title = tr(entry.title, game) if entry else rule
    text = f"<p>{h.esc(tr(entry.text, game))}</p>" if entry else ""
    return (f'<div data-testid="rt-present-rule"><p class="rt-present-kicker">{h.esc(_("The rule that decides it"))}</p>'
            f"<p><strong>{h.esc(title)}</strong></p>{text}</div>")


def _views(lib: Library, item: Any) -> tuple[list[Any], str, str, str]:
    from tutor.questions import part_views
    from tutor.quiz.spec import asked

    scn, q = quiz_text.localised(lib, item, current())
    views = quiz_text.views(part_views(scn, q, asked(lib, item).solution), scn.game)
    return views, scn.game, scn.title, q.prompt


def _distribution_html(lib: Library, session_id: int, item: Any, index: int) -> str:
    views, game, _title, _prompt = _views(lib, item)
    shares = paced.distribution(lib, session_id, index)
    most = max((s.count for s in shares), default=0) or 1
    rows = []
    for s in shares:
        label = _("No answer in time") if s.given is None else quiz_text.label(views, s.given, game)
        mark = "✓ " if s.correct else ""
        rows.append(f'<tr data-correct="{str(s.correct).lower()}"><td style="width:45%">{h.esc(mark + label)}</td>'
                    f'<td style="width:45%"><div class="rt-bar{" right" if s.correct else ""}" '
                    f'style="width:{max(2, round(100 * s.count / most))}%"></div></td><td>{s.count}</td></tr>')
    right = next((s for s in shares if s.correct), None)
    answer = quiz_text.label(views, right.given, game) if right is not None else ""
    return (f'<div class="rt-present" data-testid="rt-present-distribution"><p class="rt-present-kicker">'
            f'{h.esc(_("How the class answered"))}</p><table>{"".join(rows)}</table>'
            f'<p>{h.esc(_("Correct answer: {answer}").format(answer=answer))}</p>'
            f'{_rule(game, paced.deciding_rule(lib, item))}</div>')


def _podium_html(lib: Library, session_id: int, spec: Any) -> str:
    places = paced.podium(session_id)
    items = "".join(f'<li><span class="rt-rank">{p.rank}</span> {h.esc(p.name)} · '
                    f'{h.esc(ngettext("{n} right", "{n} right", p.right).format(n=p.right))}</li>' for p in places)
    missed = paced.most_missed(lib, session_id)
    miss = ""
    if missed is not None:
        game = resolve(lib, spec.items[0])[0].game
        entry = plugin(game).glossary[missed[0]] if missed[0] in plugin(game).glossary else None
        title = tr(entry.title, game) if entry else missed[0]
        miss = (f'<p class="rt-present-kicker">{h.esc(_("The rule the class missed most"))}</p>'
                f'<p data-testid="rt-present-missed"><strong>{h.esc(title)}</strong> · '
                f'{h.esc(ngettext("missed {n} time", "missed {n} times", missed[1]).format(n=missed[1]))}</p>')
    return (f'<div class="rt-present" data-testid="rt-present-podium"><p class="rt-present-kicker">'
            f'{h.esc(_("Podium"))}</p><ol class="rt-podium" style="list-style:none;padding:0">{items}</ol>{miss}</div>')


@st.fragment(run_every=POLL)
def _stage(lib: Library, info: SessionInfo, link_url: str) -> None:
    session_id = info.id
    p = paced.state(session_id)
    if p is None:
        return
    if p.lobby:
        _join_box(info, link_url)
        st.html(_lobby_html(_names(session_id)))
    elif p.over:
        st.html(_join_line(info, link_url) + _podium_html(lib, session_id, info.spec))
    else:
        item = info.spec.items[p.step]
        _views_, _game, title, prompt = _views(lib, item)
        n, students = paced.answered(session_id, p.step)
        left = p.left()
        head = (_join_line(info, link_url) + f'<div class="rt-present" data-testid="rt-present-question">'
                f'<p class="rt-present-kicker">'
                f'{h.esc(_("Question {n} of {total}").format(n=p.step + 1, total=p.total))} · {h.esc(title)}</p>'
                f'<p><strong>{h.esc(prompt)}</strong></p>'
                f'<p>{h.esc(_("{n} of {total} answered").format(n=n, total=students))}</p>')
        if left > 0 and n < students:
            st.html(head + f'<div class="rt-count" role="timer" data-testid="rt-present-countdown">{int(left) + 1}</div>'
                    f'<p>{h.esc(_("seconds left"))}</p></div>')
        else:
            st.html(head + "</div>" + _distribution_html(lib, session_id, item, p.step))
    if not p.over:
        _next_button(p)
    if not p.is_open:
        st.info(h.md_escape(_("This session is closed.")))


__all__ = ["PresenterKeys", "by_code", "link", "main", "options", "qr_svg", "qr_uri", "start"]
