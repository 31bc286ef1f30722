"""The Practice page: an endless stream of generated items per game, lesson or rule, and a progress view.

Query parameters: ``game``, and optionally ``lesson`` (its rules), ``rule`` (one rule) or ``rules`` (a
comma-separated list: the rules missed in a lesson); ``u`` is the learner. Items look like the lesson
player's questions: the board (masked until answered), the question, the feedback with the deciding rule,
and Space to go on. Every state change happens in a button callback.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import streamlit as st

from tutor.games import GAMES, plugin
from tutor.practice import service, store
from tutor.practice.schedule import level, percent, streak
from tutor.questions import offers_illegal, part_views
from ui import answers, board_toggle, focus
from ui import html as h
from tutor.boards import question_view
from ui.boards import board_figure
from ui.i18n import _, ngettext, prompt, tr
from ui.session import learner_id, library
from ui.state import PracticeKeys as K

_ASKED: dict[str, Any] = {}  # item id -> the item resolved (a few per process; items never change)


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _asked(item: dict[str, Any]) -> Any:
    from tutor.practice.core import ask

    got = _ASKED.get(item["id"])
    if got is None:
        if len(_ASKED) > 256:
            _ASKED.clear()
        got = _ASKED[item["id"]] = ask(item["game"], item["data"])
    return got


def _scope() -> service.Scope:
    qp = st.query_params
    game = qp.get("game") if qp.get("game") in GAMES else st.session_state.get(K.GAME) or GAMES[0]
    if game not in GAMES:
        game = GAMES[0]
    lesson = qp.get("lesson") or None
    rules: tuple[str, ...] = ()
    if qp.get("rule"):
        rules = (str(qp.get("rule")),)
    elif qp.get("rules"):
        rules = tuple(r for r in str(qp.get("rules")).split(",") if r)[:40]
    glossary = plugin(game).glossary
    rules = tuple(r for r in rules if r in glossary)
    if lesson is not None and library().lessons.get(lesson) is None:
        lesson = None
    return service.Scope(game, lesson, rules)


# -- callbacks ---------------------------------------------------------------------------------------
def _clear_inputs() -> None:
    for key in [k for k in st.session_state.keys() if str(k).startswith((K.ANSWER, K.ILLEGAL))]:
        del st.session_state[key]


def _on_next(learner: str, scope: service.Scope) -> None:
    last = st.session_state.get(K.ITEM)
    served = service.next_item(learner, scope, _now(), avoid=last["rule"] if last else None)
    _clear_inputs()
    st.session_state[K.ITEM] = None if served is None else {
        "id": served.id, "game": served.game, "rule": served.rule, "data": served.data, "due": served.due,
        "new": served.new, "scope": scope.key}
    st.session_state[K.PHASE] = "ask"
    st.session_state[K.RESULT] = None


def _on_check(learner: str, item: dict[str, Any], views: list[Any], multi: bool) -> None:
    given = answers.given_answer(views, multi=multi, key=lambda part: f"{K.ANSWER}{item['id']}::{part}",
                                 illegal_key=f"{K.ILLEGAL}{item['id']}")
    before = store.rating(learner, item["game"]).rating
    graded = service.grade(learner, item["id"], given, _now())
    wrong = graded.misreading
    st.session_state[K.RESULT] = {"given": given, "correct": graded.correct,
                                  "misreading": _(wrong.template).format(**wrong.params) if wrong is not None else None,
                                  "mastery": graded.memory.mastery(_now()),
                                  "rating": (before, store.rating(learner, item["game"]).rating)}
    st.session_state[K.PHASE] = "feedback"
    st.session_state[K.DONE] = st.session_state.get(K.DONE, 0) + 1


# -- parts of the page -------------------------------------------------------------------------------
def _header(learner: str, scope: service.Scope) -> None:
    game = plugin(scope.game)
    days = streak(store.days(learner), _now().date())
    total, right = store.counts(learner, scope.game)
    what = _scope_label(scope)
    st.html(f'<p class="rt-kicker">{h.esc(_("Practice"))} · {h.esc(game.name)}</p>'
            f'<h1 class="rt-title">{h.esc(what)}</h1>'
            f'<p class="rt-practice-stats"><span class="rt-streak" data-testid="rt-streak">'
            + h.esc(ngettext("Streak: {n} day", "Streak: {n} days", days).format(n=days)) + '</span> · '
            + h.esc(ngettext("{n} item answered", "{n} items answered", total).format(n=total))
            + (f" · {h.esc(_('{n} right').format(n=right))}" if total else "")
            + f' · <span class="rt-rating" data-testid="rt-rating">{h.esc(rating_text(learner, scope.game))}</span></p>')


def rating_text(learner: str, game: str) -> str:
    """The learner's rating in the game (Glicko-2, 1500 to start), and how the last answer moved it."""
    value = round(store.rating(learner, game).rating)
    result = st.session_state.get(K.RESULT) if st.session_state.get(K.PHASE) == "feedback" else None
    moved = result.get("rating") if result else None
    if not moved:
        return _("Rating: {rating}").format(rating=value)
    delta = round(moved[1]) - round(moved[0])
    return _("Rating: {rating} ({delta})").format(rating=value, delta=f"{delta:+d}")


def _scope_label(scope: service.Scope) -> str:
    game = plugin(scope.game)
    if scope.rules and scope.lesson:
        return _("What you missed in {title}").format(title=library().lessons[scope.lesson].title)
    if scope.rules:
        if len(scope.rules) == 1:
            rid = scope.rules[0]
            return _("Rule: {title}").format(title=tr(game.glossary[rid].title, scope.game))
        return _("The rules you missed")
    if scope.lesson:
        return _("Lesson: {title}").format(title=library().lessons[scope.lesson].title)
    return _("Everything, due rules first")


def _pickers(scope: service.Scope) -> None:
    """Choose the game and what to practise; a change rewrites the query string and starts a new item."""
    lib = library()
    names = {g: plugin(g).name for g in GAMES}
    cols = st.columns([1, 2])
    with cols[0]:
        game = st.selectbox(h.label_escape(_("Game")), GAMES, index=GAMES.index(scope.game), key=K.GAME,
                            format_func=lambda g: names[g])
    options = ["all"] + [f"lesson:{les.id}" for les in lib.lessons_for(game)] + [
        f"rule:{r}" for r in service.rule_order(service.Scope(game))]
    current = ("missed" if scope.rules and (scope.lesson or len(scope.rules) > 1) else
               "rule:" + scope.rules[0] if scope.rules else f"lesson:{scope.lesson}" if scope.lesson else "all")
    if current == "missed":
        options.insert(1, "missed")
    glossary = plugin(game).glossary

    def label(o: str) -> str:
        if o == "all":
            return _("Everything, due rules first")
        if o == "missed":
            return _scope_label(scope)
        kind, _sep, ident = o.partition(":")
        if kind == "lesson":
            return _("Lesson: {title}").format(title=lib.lessons[ident].title)
        return _("Rule: {title}").format(title=tr(glossary[ident].title, game) if ident in glossary else ident)

    with cols[1]:
        choice = st.selectbox(h.label_escape(_("Practise")), options,
                              index=options.index(current) if current in options else 0,
                              key=f"{K.SCOPE}.{game}", format_func=label)
    want = {"game": game}
    if choice.startswith("lesson:"):
        want["lesson"] = choice.split(":", 1)[1]
    elif choice.startswith("rule:"):
        want["rule"] = choice.split(":", 1)[1]
    elif choice == "missed":
        want["rules"] = ",".join(scope.rules)
        if scope.lesson:
            want["lesson"] = scope.lesson
    have = {k: st.query_params.get(k) for k in ("game", "lesson", "rule", "rules") if st.query_params.get(k)}
    if want != have:
        for k in ("lesson", "rule", "rules"):
            if k in st.query_params and k not in want:
                del st.query_params[k]
        for k, v in want.items():
            st.query_params[k] = v
        st.rerun()


def _item(learner: str, scope: service.Scope) -> None:
    item = st.session_state.get(K.ITEM)
    if item is None or item.get("scope") != scope.key:
        with st.spinner(h.md_escape(_("Preparing practice items…"))):
            _on_next(learner, scope)
        item = st.session_state.get(K.ITEM)
    if item is None:
        st.info(h.md_escape(_("There is nothing to practise here yet.")))
        return
    asked = _asked(item)
    scn, q = asked.scenario, asked.question
    game = plugin(scn.game)
    result = st.session_state.get(K.RESULT) if st.session_state.get(K.PHASE) == "feedback" else None
    rule = game.glossary[item["rule"]]
    tag = _("Due for review") if item.get("due") else _("New rule") if item.get("new") else _("Practice")
    n = st.session_state.get(K.DONE, 0) + (0 if result else 1)
    st.html(f'<p class="rt-kicker">{h.esc(_("Item {n}").format(n=n))} · {h.esc(tag)}</p>'
            f'<p class="rt-caption">{h.esc(tr(asked.caption_message, scn.game))}</p><p class="rt-moment">'
            f'{h.esc(_("Asked {moment}").format(moment=tr(asked.at, scn.game, capitalise=False)))}</p>')
    board_col, ask_col = st.columns([3, 2], gap="medium")
    with board_col:
        board_toggle.board(lambda: st.html(board_figure(scn, question_view(asked, masked=result is None),
                                                        tr(asked.caption_message, scn.game))))  # with its text alternative
    views = part_views(scn, q, asked.solution)
    multi = q.parts is not None
    illegal = offers_illegal(scn, q)
    with ask_col:
        st.html(f'<h2 class="rt-prompt" id="rt-prompt" tabindex="-1" data-item="{h.esc(item["id"])}">'
                f'{h.esc(prompt(scn.game, q.ask, q.prompt))}</h2>')
        if result is None:
            complete = answers.inputs(views, multi=multi, illegal=illegal,
                                      key=lambda part: f"{K.ANSWER}{item['id']}::{part}",
                                      illegal_key=f"{K.ILLEGAL}{item['id']}", game=scn.game)
            st.button(h.label_escape(_("Check")), key=K.CHECK, type="primary", disabled=not complete,
                      on_click=_on_check,
                      args=(learner, item, views, multi))
            focus.on_change("#rt-prompt", f"practice-ask:{item['id']}")
            return
        cls = "right" if result["correct"] else "wrong"
        verdict = _("Right!") if result["correct"] else _("Not quite.")
        named = (f'<p class="rt-misreading" data-testid="rt-misreading">{h.esc(result["misreading"])}</p>'
                 if result.get("misreading") else "")
        mastery = percent(result["mastery"])
        st.html(f'<div class="rt-feedback {cls}" role="status" id="rt-verdict" tabindex="-1">'
                f'<div class="verdict">{h.esc(verdict)}</div>{named}'
                + answers.review(views, multi=multi, illegal=illegal, given=result["given"], correct=asked.answer,
                                 game=scn.game)
                + f'<p class="rt-mastery-note">{h.esc(_("Your mastery of “{rule}”: {pct}%").format(rule=tr(rule.title, scn.game), pct=mastery))}'
                  "</p></div>")
        st.button(h.label_escape(_("Next item")), key=K.NEXT, type="primary", on_click=_on_next, args=(learner, scope),
                  shortcut="Space", use_container_width=True, help=h.label_escape(_("Next item (Space)")))
    st.html(f'<div class="rt-feedback rt-why {cls}"><div class="rt-why-title">{h.esc(_("Why"))}</div>'
            f'{h.explanation(scn.game, asked.explanation)}</div>')
    focus.on_change("#rt-verdict", f"practice-fb:{item['id']}")


def progress_html(learner: str, game: str, now: datetime | None = None) -> str:
    """Rules × mastery as a picture: one row per rule in lesson order, a bar as long as the mastery."""
    now = now or _now()
    gl = plugin(game).glossary
    mems = store.memories(learner, game)
    rows = []
    for rid in service.rule_order(service.Scope(game)):
        m = mems.get(rid)
        value = m.mastery(now) if m is not None else 0.0
        lvl = level(value) if m is not None else "new"
        pct = percent(value)
        due = m is not None and m.due <= now
        note = (_("due now") if due else _("next {date}").format(date=m.due.strftime("%d %b"))) if m else "—"
        words = {"new": _("new"), "learning": _("learning"), "familiar": _("familiar"), "mastered": _("mastered")}
        rows.append(f'<tr class="rt-m-{lvl}" data-rule="{h.esc(rid)}" data-mastery="{pct}">'
                    f'<th scope="row" title="{h.esc(rid)}">{h.esc(tr(gl[rid].title, game))}</th>'
                    f'<td><div class="rt-mbar" role="img" aria-label="{h.esc(_("mastery {pct}%").format(pct=pct))}">'
                    f'<span class="w{pct // 5 * 5}"></span></div></td><td>{pct}%</td><td>{h.esc(words[lvl])}</td>'
                    f'<td>{h.esc(note)}</td></tr>')
    head = "".join(f"<th>{h.esc(x)}</th>" for x in (_("Rule"), _("Mastery"), "%", _("Level"), _("Review")))
    return (f'<table class="rt-mastery" data-testid="rt-mastery"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def _progress(learner: str, scope: service.Scope) -> None:
    st.html(f'<h2 class="rt-title" style="font-size:1.3rem">{h.esc(_("Your mastery, rule by rule"))}</h2>'
            + progress_html(learner, scope.game))


def main() -> None:
    learner = learner_id()
    scope = _scope()
    with st.container(key="rt-lesson"):
        with st.spinner(h.md_escape(_("Preparing practice items…"))):
            service.ensure_pool(scope.game)
        _header(learner, scope)
        _pickers(scope)
        view = st.segmented_control(h.label_escape(_("View")), ["practise", "progress"], default="practise", key=K.VIEW,
                                    format_func=lambda v: h.label_escape(_("Practise") if v == "practise" else _("Progress")))
        if view == "progress":
            _progress(learner, scope)
        else:
            _item(learner, scope)
