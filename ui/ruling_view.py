"""The "Check a ruling" page: set up a situation (forms beside a YAML editor), read the engine's ruling,
settle what the plays leave open, compare a what-if, and share it.

The YAML text (``RulingKeys.YAML``) is the source of truth: form widgets edit the parsed data and write
the YAML back; every change of the YAML clears the form widgets so they re-read it.

The page is in the reader's language (``ui.i18n``): its labels, the answers' choices, the caption, the trace's
steps (each step's message), rule titles and the illegal play's reason; the situation's own texts (its prompts,
the names in it) are the user's and are shown as written.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

import streamlit as st

from tutor import ruling as rl
from tutor import share
from tutor.templates import template
from ui import html as h
from tutor.questions import caption_message, part_views
from ui import quiz_text
from tutor.boards import BoardView, line_view
from ui.boards import board_figure
from ui.budget_text import over_budget, refused
from ui.i18n import _, current, ngettext, tr
from ui.ruling_forms import forms, restore, set_whatif, set_yaml
from ui.session import library
from ui.state import RulingKeys as K
from ui.whatif_view import Side, compare, rule_title
from ui.why_view import why_html
from ui.teacher_save import save_to_quiz

EMPTY = "__empty__"
OPENED = "__opened__"  # the situation came from a link or a file: "Start from" says so, not "An empty board"
_CSS = """<style>
[data-testid="stMainBlockContainer"]{max-width:min(1380px,100%) !important;padding-left:2rem;padding-right:2rem}
.rr-answers{border-collapse:collapse;width:100%;margin:.3rem 0 .6rem}.rr-answers td{padding:.3rem .4rem;border-top:1px solid #eee;vertical-align:top}
.rr-answers tr.changed td{background:#fff6dd}.rr-answer{font-weight:800}
.rr-ask{border:2px solid #d9a400;border-radius:12px;padding:.6rem .9rem;background:#fffaf0;margin:.3rem 0}
.rr-illegal{border:2px solid #b3261e;border-radius:12px;padding:.5rem .8rem;background:#fff;margin:.3rem 0}
</style>"""


def _check(text: str, path: str = rl.PATH) -> rl.Ruling:
    """The situation solved under the work budget for user content, cached by its hash for every session."""
    return rl.checked(text, path)


def _variations(text: str) -> tuple[rl.Variation, ...]:
    return rl.variations_of(text)


# -- state changes (callbacks) ------------------------------------------------------------------------
def _on_game(key: str) -> None:
    st.session_state[K.GAME] = st.session_state[key]
    st.session_state[K.SOURCE] = EMPTY
    st.session_state[K.WHATIF_ON] = False
    set_yaml(template(st.session_state[K.GAME], current()))


def _on_source() -> None:
    sid = st.session_state[K.SOURCE]
    lib = library()
    st.session_state[K.WHATIF_ON] = False
    if sid == OPENED:
        return  # the situation opened stays as it is
    if sid == EMPTY or sid not in lib.paths:
        set_yaml(template(st.session_state[K.GAME], current()))
    else:
        set_yaml(_read(lib.paths[sid]))


def _read(path: str) -> str:
    from pathlib import Path

    from tutor.library import ROOT

    p = Path(path)
    return (p if p.exists() else ROOT / p).read_text(encoding="utf-8")


def _on_yaml() -> None:
    set_yaml(st.session_state[K.YAML])


def _on_decide(decision: rl.Decision, option: rl.Option) -> None:
    set_yaml(rl.settle(st.session_state[K.YAML], decision, option))


def _on_variation(text: str) -> None:
    set_whatif(text)


def _on_copy() -> None:
    set_whatif(st.session_state[K.TEXT])


def _on_whatif_edit() -> None:
    st.session_state[K.WHATIF_TEXT] = st.session_state[K.WHATIF]


def _on_adopt() -> None:
    set_yaml(st.session_state[K.WHATIF_TEXT])
    st.session_state[K.WHATIF_ON] = False


def whatif_param(text: str) -> str | None:
    """The what-if as a link carries it (``&w=``): the change as ``{given: …, actions: …}`` when the copy is the
    situation with its table changed (``given:``) and, or, other plays; else the copy itself."""
    if not st.session_state.get(K.WHATIF_ON):
        return None
    other = st.session_state.get(K.WHATIF_TEXT, text)
    change = rl.change_between(text, other)
    return share.to_yaml(change.as_data()) if change is not None else other


def _open_whatif(text: str, payload: str) -> None:
    """A link's what-if: a change made to the situation through ``given:`` (or a copy), shown compared."""
    try:
        held = share.decode(payload)
        data = rl.data_of(held)
        if isinstance(data, dict) and data and set(data) <= {"given", "actions"}:
            held = rl.apply(text, rl.Change.from_data(data))
    except (share.ShareError, ValueError) as err:
        st.session_state[K.SHARE_ERROR] = [_("The link's what-if cannot be opened: {why}.").format(why=err)]
        return
    set_whatif(held)


def _on_upload() -> None:
    file = st.session_state.get(K.UPLOAD)
    st.session_state[K.UPLOAD_MSG] = None
    if file is None:
        return
    raw = file.getvalue()
    if len(raw) > share.MAX_TEXT:
        st.session_state[K.UPLOAD_MSG] = [_("{file}: the file is too big ({n} bytes; a scenario is a few KB)")
                                          .format(file=file.name, n=len(raw))]
        return
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        st.session_state[K.UPLOAD_MSG] = [_("{file}: not a UTF-8 text file").format(file=file.name)]
        return
    checked = _check(text, file.name)
    if checked.refused is not None:
        st.session_state[K.UPLOAD_MSG] = [f"{file.name}: {over_budget(checked.refused)}"]
        return
    if checked.scenario is None:
        st.session_state[K.UPLOAD_MSG] = [str(p) for p in checked.problems]
        return
    _load(text, checked.scenario.game)


def _load(text: str, game: str) -> None:
    st.session_state[K.GAME] = game
    st.session_state[K.SOURCE] = OPENED
    st.session_state[K.WHATIF_ON] = False
    set_yaml(text)


def _init() -> None:
    restore()
    games = rl.games()
    if K.GAME not in st.session_state or st.session_state[K.GAME] not in games:
        st.session_state[K.GAME] = next(iter(games))
    st.session_state.setdefault(K.SOURCE, EMPTY)
    st.session_state.setdefault(K.WHATIF_ON, False)
    if K.YAML not in st.session_state:
        set_yaml(template(st.session_state[K.GAME], current()))
    payload = st.query_params.get("s")
    whatif = st.query_params.get("w")
    if payload and _shared_key(payload, whatif) != st.session_state.get(K.SHARED):
        st.session_state[K.SHARED] = _shared_key(payload, whatif)
        st.session_state[K.SHARE_ERROR] = None
        try:
            text = share.decode(payload)
        except share.ShareError as err:
            st.session_state[K.SHARE_ERROR] = [_("This shared link cannot be opened: {why}.").format(why=err)]
            return
        checked = _check(text, "shared link")
        if checked.refused is not None:
            st.session_state[K.SHARE_ERROR] = [_("This shared link cannot be opened: {why}.").format(
                why=over_budget(checked.refused))]
            return
        if checked.scenario is None:
            st.session_state[K.SHARE_ERROR] = [_("This shared link holds a situation that does not load:"),
                                               *(str(p) for p in checked.problems)]
            return
        _load(text, checked.scenario.game)
        if whatif:
            _open_whatif(text, whatif)


def _shared_key(payload: str, whatif: str | None) -> str:
    return f"{payload}&{whatif or ''}"


# -- rendering -----------------------------------------------------------------------------------------
def _problems_title(n: int) -> str:
    return ngettext("{n} problem in the YAML:", "{n} problems in the YAML:", n).format(n=n)


def _problems(problems: Any, title: str) -> None:
    """A title and the problem lines, all as text (a line can quote anything a file or a link holds)."""
    if problems:
        st.error(h.md_escape(title))
        st.code("\n".join(str(p) for p in problems), language=None, wrap_lines=True)


def _label(r: rl.Ruling, a: rl.Answer) -> str:
    """An answer in the reader's language (choices and fixed phrases from the catalogs; names as they are)."""
    if a.refused is not None:
        reason = tr(a.refused.message or str(a.refused), r.scenario.game if r.scenario else None, capitalise=False)
        return _("The engine refuses this question: {reason}").format(reason=reason)
    if r.scenario is None or a.asked is None:
        return a.label
    got = a.asked
    views = quiz_text.views(part_views(got.scenario, got.question, got.solution), got.scenario.game)
    return quiz_text.label(views, a.value, got.scenario.game)


def _caption(r: rl.Ruling) -> str:
    return tr(caption_message(r.scenario), r.scenario.game) if r.scenario is not None else ""


def _answers_html(r: rl.Ruling) -> str:
    rows = "".join(f'<tr><td>{h.esc(a.prompt)}</td><td class="rr-answer">{h.esc(_label(r, a))}'
                   f'{why_html(a.asked) if a.asked is not None else ""}</td></tr>' for a in r.answers)
    return f'<table class="rr-answers" aria-label="{h.esc(_("Answers"))}">{rows}</table>'


def _illegal_html(r: rl.Ruling) -> str:
    ill = r.solution.illegal if r.solution else None
    if ill is None:
        return ""
    if r.scenario is None:  # a solution is only ever found for a scenario
        return ""
    game = r.scenario.game
    return (f'<div class="rr-illegal" role="alert"><strong>{h.esc(_("Illegal play."))}</strong> '
            f'{h.esc(tr(ill.message or ill.reason, game))} '
            f'<span class="rt-rule" title="{h.esc(ill.rule)}">{h.esc(rule_title(game, ill.rule))}</span></div>')


def _decisions(r: rl.Ruling) -> None:
    game = r.scenario.game if r.scenario is not None else None
    for i, d in enumerate(rl.open_decisions(r)):
        question, why = tr(d.question, game), tr(d.why, game)  # message templates, in the learner's language
        box = st.container() if d.required else st.expander(h.md_escape(question))
        with box:
            if d.required:
                st.html(f'<div class="rr-ask" role="status"><strong>'
                        f'{h.esc(_("The plays leave this open: {question}").format(question=question))}'
                        f'</strong><br>{h.esc(why)} {h.esc(_("Choose what happens; the page will not guess."))}</div>')
            else:
                st.caption(h.md_escape(why))
            cols = st.columns(1 if len(d.options) <= 4 else 2)
            for j, opt in enumerate(d.options):
                with cols[j % len(cols)]:
                    st.button(h.md_escape(tr(opt.label, game)), key=K.decision(i, j), on_click=_on_decide, args=(d, opt),
                              use_container_width=True)
            if d.more:
                st.caption(h.md_escape(ngettext("{n} more legal option: add it in the YAML editor.",
                                    "{n} more legal options: add them in the YAML editor.", d.more).format(n=d.more)))
            if d.required:
                st.caption(h.md_escape(_("Until you choose, the ruling below reads the plays exactly as written.")))


def _ruling(r: rl.Ruling) -> None:
    assert r.scenario is not None and r.solution is not None
    st.markdown(f"## {md(_('The ruling'))}")
    _decisions(r)
    if r.solution.illegal:
        st.html(_illegal_html(r))
    st.html('<div data-testid="rr-ruling">' + _answers_html(r)
            + f'<p class="rt-caption">{h.esc(_caption(r))}</p>' + board_figure(r.scenario, _line(r), _caption(r))
            + f'<div class="rr-steps-title">{h.esc(_("Step by step"))}</div>' + h.trace(r.scenario.game, r.solution.steps)
            + "</div>")


def _line(r: rl.Ruling) -> BoardView:
    """The board at the end of the situation's plays."""
    assert r.scenario is not None and r.solution is not None
    index = r.timeline.illegal_index if r.timeline is not None else None
    return line_view(r.solution.outcome, list(getattr(r.scenario, "actions", [])), r.solution.illegal, index)


def md(text: str) -> str:
    return h.md_escape(text)


def _whatif(r: rl.Ruling) -> None:
    st.markdown(f"## {md(_('What if…?'))}")
    st.caption(h.md_escape(_("Change one thing and compare the two rulings side by side.")))
    variations = _variations(r.text)
    cols = st.columns(2)
    for i, v in enumerate(variations):
        with cols[i % 2]:
            st.button(h.md_escape(v.label), key=K.variation(i), on_click=_on_variation, args=(v.text,), use_container_width=True)
    with cols[len(variations) % 2]:
        st.button(h.label_escape(_("Edit a copy freely")), key=K.COPY, on_click=_on_copy, use_container_width=True)
    if not st.session_state.get(K.WHATIF_ON):
        return
    other_text = st.session_state.get(K.WHATIF_TEXT, r.text)
    with st.expander(h.label_escape(_("The what-if copy (YAML)")), expanded=False):
        st.text_area(h.label_escape(_("What-if YAML")), key=K.WHATIF, height=260, on_change=_on_whatif_edit)
    other = _check(other_text)
    if other.refused is not None:
        st.error(h.md_escape(refused(other.refused)))
        return
    if not other.ok:
        _problems(other.problems, _("The what-if copy does not load:"))
        return
    change = rl.change_between(r.text, other_text)
    if change is not None and change.given:  # the table changed: shown as a file's question would change it
        st.html(f'<p class="rt-caption">{h.esc(_("The table changed (as a question’s given: in a file):"))}</p>')
        st.code(share.to_yaml({"given": change.given}), language="yaml", wrap_lines=True)
    d = rl.diff(r, other)
    sides = [Side(title, _caption(rr), _illegal_html(rr), board_figure(rr.scenario, _line(rr), _caption(rr)))
             for rr, title in ((r, _("As set up")), (other, _("What if")))]
    assert r.scenario is not None
    compare(r.scenario.game, d.steps, d.answers, sides[0], sides[1])
    st.button(h.label_escape(_("Use the what-if as my situation")), key=K.ADOPT, on_click=_on_adopt)


def _page_url() -> str:
    try:
        parts = urlsplit(st.context.url or "")
    except Exception:  # pragma: no cover - no browser context (AppTest)
        parts = urlsplit("")
    path = parts.path.rstrip("/")
    if not path.endswith("/ruling"):
        path = path.rsplit("/", 1)[0] + "/ruling" if path.endswith(("/home", "/lesson")) else path + "/ruling"
    return urlunsplit((parts.scheme or "http", parts.netloc or "localhost:8501", path, "", ""))


def _share(r: rl.Ruling) -> None:
    st.markdown(f"## {md(_('Share'))}")
    assert r.scenario is not None
    a, b = st.columns(2)
    with a:
        url = share.link(_page_url(), r.text, whatif_param(r.text))
        st.markdown(f"**{md(_('Link'))}** — {md(_('opens this situation and its ruling for anyone:'))}")
        with st.container(key=K.LINK):
            st.code(url, language=None, wrap_lines=True)
        st.markdown(h.md_link(_("Open the link"), url))
        st.download_button(h.label_escape(_("Download the scenario (YAML)")), r.text, file_name=f"{r.scenario.id}.yaml",
                           mime="application/x-yaml", key=K.DOWNLOAD)
        st.caption(h.md_template(_("`rules-tutor check FILE` and `rules-tutor solve FILE` accept it; "
                                   "`rules-tutor new GAME` writes an empty one.")))
    with b:
        st.file_uploader(h.label_escape(_("Open a scenario file")), type=["yaml", "yml"], key=K.UPLOAD,
                         on_change=_on_upload)
        msg = st.session_state.get(K.UPLOAD_MSG)
        if msg:
            _problems(msg, _("That file was not loaded:"))
    with st.container(border=True):
        save_to_quiz(r.scenario)


def _skeleton() -> None:
    """What the situation column shows on a session's first run of the page: the rest comes by itself."""
    st.html(f'<p class="rt-sub" role="status">{h.esc(_("Loading the forms and the YAML editor…"))}</p>')


# How long the browser gets to paint the first run before the second one's elements arrive. Measured in
# Chromium on 2 cores (the frame that first shows the heading, from navigation): 0.05 s let the second run's
# ~150 elements land before that frame and delayed the heading to ~2.1 s; 0.3 s and 0.5 s gave ~1.55 s.
SECOND_RUN_AFTER = 0.3


@st.fragment(run_every=SECOND_RUN_AFTER)
def _then_the_rest() -> None:
    """The second half of a first render. It runs inside the first script run, which marks the page painted,
    then once more by itself when the browser has had SECOND_RUN_AFTER to draw that run (the frontend starts
    the timer when it draws the fragment): that run asks for the whole page. The next full run does not call
    it, so the timer stops."""
    if st.session_state.get(K.PAINTED):
        st.rerun(scope="app")
    st.session_state[K.PAINTED] = True


def _situation(r: rl.Ruling, text: str) -> None:
    tab_form, tab_yaml = st.tabs([h.label_escape(_("Form")), h.label_escape(_("YAML editor"))])
    with tab_yaml:
        st.text_area(h.label_escape(_("Situation (YAML): the forms write here, and you can edit it directly")),
                     key=K.YAML,
                     height=620, on_change=_on_yaml)
        if r.problems:
            _problems(r.problems, _problems_title(len(r.problems)))
        elif r.ok:
            st.success(h.md_escape(_("The situation loads: every card, player and play checks out.")))
    with tab_form:
        if r.scenario is not None:
            forms(r.scenario, rl.data_of(text) or {})
        else:
            st.info(h.md_escape(_("The YAML has problems (see the YAML editor); fix them and the form comes back.")))


def _keep_link(text: str) -> None:
    """The address bar holds the situation (?s=) and its what-if (&w=), so a reload or a copied address
    reopens both."""
    payload = share.encode(text)
    held = whatif_param(text)
    whatif = share.encode(held) if held else None
    if whatif is not None and len(whatif) > share.MAX_PAYLOAD:
        whatif = None
    if len(payload) > share.MAX_PAYLOAD or (st.query_params.get("s"), st.query_params.get("w")) == (payload, whatif):
        return
    st.session_state[K.SHARED] = _shared_key(payload, whatif)
    st.query_params["s"] = payload
    if whatif:
        st.query_params["w"] = whatif
    elif "w" in st.query_params:
        del st.query_params["w"]


def main() -> None:
    """The page. A session's first run draws the heading, the pickers and the ruling only (what a visitor came
    for, painted as soon as possible); the forms, the YAML editor, the what-if and the share sections follow
    in a second run a moment later (``_then_the_rest``)."""
    _init()
    first = not st.session_state.get(K.PAINTED)
    lib = library()
    games = rl.games()
    st.html(_CSS + f'<p class="rt-kicker">{h.esc(_("Check a ruling"))}</p>'
            f'<h1 class="rt-title">{h.esc(_("Settle it with the rules engine"))}</h1><p class="rt-sub">'
            f'{h.esc(_("Set up the situation, read the ruling step by step, change one thing and compare, share the link."))}'
            '</p>')
    shared = st.session_state.get(K.SHARE_ERROR) or []
    if shared:  # the problems quote the link's text: shown as text, never as Markdown
        if len(shared) > 1:
            _problems(shared[1:], shared[0])
        else:  # one sentence, already saying why: shown once, not again as a problem line
            st.error(h.md_escape(shared[0]))
    text = st.session_state[K.YAML]
    r = _check(text)
    if r.scenario is not None and st.session_state[K.GAME] != r.scenario.game:
        st.session_state[K.GAME] = r.scenario.game  # the YAML says which game
    c1, c2 = st.columns(2)
    with c1:
        pick = K.game_pick(st.session_state[K.GAME])
        st.selectbox(h.label_escape(_("Game")), list(games), index=list(games).index(st.session_state[K.GAME]), key=pick,
                     format_func=games.__getitem__, on_change=_on_game, args=(pick,))
    with c2:
        scns = {s.id: s.title for s in lib.scenarios_for(st.session_state[K.GAME])}
        opened = [OPENED] if st.session_state[K.SOURCE] == OPENED else []
        if st.session_state[K.SOURCE] not in [*opened, *scns]:
            st.session_state[K.SOURCE] = EMPTY
        starts = {EMPTY: _("An empty board"), OPENED: _("The situation you opened (a link or a file)")}
        st.selectbox(h.label_escape(_("Start from")), [*opened, EMPTY, *scns], key=K.SOURCE, on_change=_on_source,
                     format_func=lambda s: starts[s] if s in starts else f"{scns[s]} ({s})")
    situation, verdict = st.columns([11, 10], gap="large")
    with situation:
        if first:
            _skeleton()
        else:
            _situation(r, text)
    with verdict:
        if r.refused is not None:
            st.error(h.md_escape(refused(r.refused)))
        if r.problems:
            _problems(r.problems, _problems_title(len(r.problems)))
        if r.ok:
            _ruling(r)
    if first:
        with st.container(key=K.CONTINUE):
            _then_the_rest()
    elif r.ok:
        _whatif(r)
        _share(r)
    if r.ok:
        _keep_link(text)
