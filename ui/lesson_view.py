"""The lesson player: rule slides, board questions with engine-checked feedback, result.

Every state change happens in a button callback, so one click costs one rerun.
"""

from __future__ import annotations


from dataclasses import replace

import streamlit as st

from tutor import store
from tutor.games import plugin
from tutor.lessons import (TRIES, give_up, grade, helped, missed, points, question_number, record, score, show_points,
                           slide_question, take_hint, trying)
from tutor.library import Library
from tutor.models import Lesson, QuestionSlide, RuleSlide
from tutor.questions import Asked, PartView, offers_illegal, part_views
from ui import answers, board_toggle, focus
from ui import html as h
from tutor.boards import question_view
from ui.boards import board_figure, cards_html, symbols_html
from ui.i18n import _, current, ngettext, tr
from ui.session import learner_id, library
from ui.retry_view import hint_html, retry_html, second_try_html
from ui.why_view import why_html
from ui.state import Keys, init_state

# -- state ------------------------------------------------------------------------------------
def _restore(learner: str, lesson: Lesson) -> None:
    """Load saved progress once per (learner, lesson) into the session."""
    if st.session_state[Keys.LOADED_FOR] == (learner, lesson.id):
        return
    saved = store.load_progress(learner, lesson.id)
    st.session_state[Keys.LESSON] = lesson.id
    st.session_state[Keys.SLIDE] = min(saved.slide, len(lesson.slides)) if saved else 0
    st.session_state[Keys.PHASE] = saved.phase if saved else "ask"
    st.session_state[Keys.ANSWERS] = dict(saved.answers or {}) if saved else {}
    st.session_state[Keys.FINISHED] = saved.finished if saved else False
    st.session_state[Keys.LOADED_FOR] = (learner, lesson.id)


def _save(lesson: Lesson) -> None:
    right, _ = score(lesson, st.session_state[Keys.ANSWERS])
    finished = st.session_state[Keys.FINISHED]
    store.save_progress(st.session_state[Keys.LEARNER], store.Progress(
        lesson_id=lesson.id, slide=st.session_state[Keys.SLIDE], phase=st.session_state[Keys.PHASE],
        answers=st.session_state[Keys.ANSWERS], finished=finished, best_score=right if finished else None))


# -- callbacks ----------------------------------------------------------------------------------
def _on_check(lib: Library, lesson: Lesson, index: int, views: list[PartView], multi: bool) -> None:
    slide = lesson.slides[index]
    assert slide.type == "question"
    given = answers.given_answer(views, multi=multi, key=lambda part: Keys.answer(lesson.id, index, part),
                                 illegal_key=Keys.illegal(lesson.id, index))
    fb = grade(lib, slide, given)
    st.session_state[Keys.PHASE] = record(st.session_state[Keys.ANSWERS], index, given, fb.correct, lesson.retry)
    _save(lesson)


def _on_try_again(lesson: Lesson) -> None:
    st.session_state[Keys.PHASE] = "ask"
    _save(lesson)


def _on_give_up(lesson: Lesson, index: int) -> None:
    give_up(st.session_state[Keys.ANSWERS], index)
    st.session_state[Keys.PHASE] = "feedback"
    _save(lesson)


def _on_hint(lesson: Lesson, index: int) -> None:
    take_hint(st.session_state[Keys.ANSWERS], index)
    _save(lesson)


RETRY = "retry"  # answers[RETRY]: the slides of a "take the missed ones again" round, in order


def _on_continue(lesson: Lesson) -> None:
    nxt = st.session_state[Keys.SLIDE] + 1
    retry = st.session_state[Keys.ANSWERS].get(RETRY)
    if retry:  # a round of the missed questions only: on to the next of them, then the result
        later = [i for i in retry if i > st.session_state[Keys.SLIDE]]
        nxt = later[0] if later else len(lesson.slides)
    st.session_state[Keys.SLIDE] = nxt
    st.session_state[Keys.PHASE] = "feedback" if str(nxt) in st.session_state[Keys.ANSWERS] else "ask"
    if nxt >= len(lesson.slides):
        st.session_state[Keys.FINISHED] = True
        st.session_state[Keys.ANSWERS].pop(RETRY, None)
    _save(lesson)


def _on_back(lesson: Lesson) -> None:
    prev = max(0, st.session_state[Keys.SLIDE] - 1)
    st.session_state[Keys.SLIDE] = prev
    st.session_state[Keys.PHASE] = "feedback" if str(prev) in st.session_state[Keys.ANSWERS] else "ask"
    _save(lesson)


def _on_retake(lesson: Lesson) -> None:
    for key in [k for k in st.session_state.keys() if str(k).startswith(("ans::", "illegal::"))]:
        del st.session_state[key]
    st.session_state[Keys.SLIDE] = 0
    st.session_state[Keys.PHASE] = "ask"
    st.session_state[Keys.ANSWERS] = {}
    st.session_state[Keys.FINISHED] = False
    _save(lesson)


def _on_retake_missed(lesson: Lesson) -> None:
    """Take only the missed questions again: their answers are cleared, the rest keep theirs."""
    wrong = missed(lesson, st.session_state[Keys.ANSWERS])
    for i in wrong:
        st.session_state[Keys.ANSWERS].pop(str(i), None)
        st.session_state[Keys.ANSWERS].get(TRIES, {}).pop(str(i), None)
        for key in [k for k in st.session_state.keys() if str(k).startswith((f"ans::{lesson.id}::{i}::",
                                                                            f"illegal::{lesson.id}::{i}"))]:
            del st.session_state[key]
    st.session_state[Keys.ANSWERS][RETRY] = wrong
    st.session_state[Keys.SLIDE] = wrong[0]
    st.session_state[Keys.PHASE] = "ask"
    st.session_state[Keys.FINISHED] = False
    _save(lesson)


def _on_review(lesson: Lesson, index: int) -> None:
    st.session_state[Keys.SLIDE] = index
    st.session_state[Keys.PHASE] = "feedback"
    _save(lesson)


# -- rendering ----------------------------------------------------------------------------------
def localised(lib: Library, asked: Asked) -> Asked:
    """The question with its scenario's texts (title, prompt, labels, an author's caption) in the learner's
    language where translated; the answer, the board and the trace are the engine's, whatever the language."""
    lang = current()
    if lang == "en":
        return asked
    scn = lib.scenario_in(asked.scenario.id, lang)
    try:
        q = scn.question(asked.question.id)
    except (KeyError, StopIteration, ValueError):
        return asked
    return replace(asked, scenario=scn, question=q)


def _steps(game: str) -> list[str]:
    return [tr(name, game) for name in plugin(game).step_names]


def _header(lesson: Lesson, index: int) -> None:
    total = len(lesson.slides)
    pct = round(100 * min(index, total) / total)
    progress = _("Lesson progress")
    st.html(f'<p class="rt-kicker">{h.esc(lesson.kicker or plugin(lesson.game).name)}</p>'
            f'<h1 class="rt-title">{h.esc(lesson.title)}</h1>'
            f'<div class="rt-progress" role="progressbar" aria-label="{h.esc(progress)}" aria-valuenow="{pct}" '
            f'aria-valuemin="0" aria-valuemax="100"><span class="w{pct // 5 * 5}"></span></div>')


def _nav(lesson: Lesson, index: int, *, can_continue: bool = True) -> None:
    with st.container(key="rt-nav"):
        _nav_buttons(lesson, index, can_continue)


def _nav_buttons(lesson: Lesson, index: int, can_continue: bool) -> None:
    back, cont = st.columns([1, 2])
    with back:
        st.button(h.label_escape(_("Back")), key=Keys.PREV_SLIDE, on_click=_on_back, args=(lesson,),
                  disabled=index == 0,
                  use_container_width=True)
    with cont:
        st.button(h.label_escape(_("Continue")), key=Keys.CONTINUE, type="primary", on_click=_on_continue,
                  args=(lesson,),
                  disabled=not can_continue, shortcut="Space", use_container_width=True,
                  help=h.label_escape(_("Continue (Space)")))


def _rule_slide(lesson: Lesson, slide: RuleSlide, index: int) -> None:
    game = plugin(lesson.game)
    if slide.step and game.step_names:
        st.html(h.step_indicator(_steps(lesson.game), slide.step))
    body = '<div class="rt-slide">'
    if slide.kicker:
        body += f'<p class="rt-kicker">{h.esc(slide.kicker)}</p>'
    body += f'<h2 class="rt-title rt-slide-title" id="rt-slide-title" tabindex="-1" data-slide="{index}">{h.esc(slide.title)}</h2>'
    if slide.intro:
        body += f'<p>{h.esc(slide.intro)}</p>'
    if slide.show_steps and game.step_names:
        body += h.step_list(_steps(lesson.game), [tr(d, lesson.game) for d in game.step_descriptions])
    for sec in slide.sections:
        body += f'<h3>{h.esc(sec.heading)}</h3><ul>' + "".join(f"<li>{h.esc(b)}</li>" for b in sec.bullets) + "</ul>"
    if slide.bullets:
        body += "<ul>" + "".join(f"<li>{h.esc(b)}</li>" for b in slide.bullets) + "</ul>"
    if slide.symbols:
        body += symbols_html(lesson.game, list(slide.symbols))
    if slide.cards:
        body += cards_html(lesson.game, slide.cards)
    body += h.rule_chips(lesson.game, slide.rules) + "</div>"
    st.html(body)
    if slide.rules:
        with st.expander(h.label_escape(_("The rules behind this slide"))):
            st.html("".join(f'<div class="rt-rule-card"><strong title="{h.esc(rid)}">'
                            f'{h.esc(tr(game.glossary[rid].title, lesson.game))}</strong>'
                            f'<p>{h.esc(tr(game.glossary[rid].text, lesson.game))}</p><span class="src">'
                            f'{h.citations(lesson.game, game.glossary[rid].source)}</span></div>' for rid in slide.rules))
    _nav(lesson, index)
    # the slide's own title: the previous slide's, still drawn for a moment, would be focused and then replaced
    focus.on_change(f'#rt-slide-title[data-slide="{index}"]', f"rule:{lesson.id}:{index}")


def _question_slide(lib: Library, lesson: Lesson, slide: QuestionSlide, index: int) -> None:
    """Board on the left, the question beside it on wide screens (stacked on phones), so Check and, after it,
    the verdict and Continue stay in sight; the full explanation follows below."""
    game = plugin(lesson.game)
    scn, q = slide_question(lib, slide)
    n, total = question_number(lesson, index)
    if slide.step and game.step_names:
        st.html(h.step_indicator(_steps(lesson.game), slide.step))
    answered = st.session_state[Keys.ANSWERS].get(str(index))
    locked = st.session_state[Keys.PHASE] == "feedback" and answered is not None
    asked = localised(lib, lib.asked(scn.id, q.id))
    scn, q = asked.scenario, asked.question
    kicker = _("Question {n} of {total} · {title}").format(n=n, total=total, title=scn.title)
    moment = _("Asked {moment}").format(moment=tr(asked.at, scn.game, capitalise=False))
    caption = tr(asked.caption_message, scn.game)
    # the slide's start takes the focus on a new question: a screen reader reads on through the board's text
    # alternative to the question and its inputs, in the order they are drawn
    st.html(f'<div class="rt-qhead" id="rt-question" tabindex="-1" data-slide="{index}"><p class="rt-kicker">{h.esc(kicker)}</p>'
            f'<p class="rt-caption">{h.esc(caption)}</p><p class="rt-moment">{h.esc(moment)}</p></div>')
    board_col, ask_col = st.columns([3, 2], gap="medium")
    with board_col:
        board_toggle.board(lambda: st.html(board_figure(scn, question_view(asked, masked=not locked), caption)))
    views = part_views(scn, q, asked.solution)
    multi = q.parts is not None
    illegal = offers_illegal(scn, q)
    with ask_col:
        st.html(f'<h2 class="rt-prompt" id="rt-prompt" tabindex="-1">{h.esc(q.prompt)}</h2>')
        if not locked and st.session_state[Keys.PHASE] == "retry" and "first" in trying(
                st.session_state[Keys.ANSWERS], index):
            _retry_offer(lesson, index)
            return
        if not locked:
            if "first" in trying(st.session_state[Keys.ANSWERS], index):
                st.html(second_try_html())
            complete = answers.inputs(views, multi=multi, illegal=illegal, game=scn.game,
                                      key=lambda part: Keys.answer(lesson.id, index, part),
                                      illegal_key=Keys.illegal(lesson.id, index))
            st.button(h.label_escape(_("Check")), key=Keys.CHECK, type="primary", disabled=not complete,
                      on_click=_on_check,
                      args=(lib, lesson, index, views, multi))
            _hint(lesson, asked, index)
            if "first" in trying(st.session_state[Keys.ANSWERS], index):  # after "Try again": the question
                focus.on_change("#rt-prompt", f"ask2:{lesson.id}:{index}")
            else:
                focus.on_change(f'#rt-question[data-slide="{index}"]', f"ask:{lesson.id}:{index}")
            return
        fb = grade(lib, slide, answered["given"])
        verdict = (_("Right!") if answered.get("tries", 1) == 1 and not answered.get("hinted") else
                   _("Right, with help: half a point.")) if fb.correct else _("Not quite.")
        cls = "right" if fb.correct else "wrong"
        st.html(f'<div class="rt-feedback {cls}" role="status" id="rt-verdict" tabindex="-1">'
                f'<div class="verdict">{h.esc(verdict)}</div>'
                + answers.review(views, multi=multi, illegal=illegal, given=fb.given, correct=asked.answer,
                                 game=scn.game) + "</div>")
        _nav(lesson, index)
    why = _("Why")
    st.html(f'<div class="rt-feedback rt-why {cls}"><div class="rt-why-title">{h.esc(why)}</div>'
            f'{h.explanation(scn.game, fb.explanation)}{why_html(asked)}</div>')
    focus.on_change("#rt-verdict", f"fb:{lesson.id}:{index}", block="center")  # on a phone: Continue in sight too


def _retry_offer(lesson: Lesson, index: int) -> None:
    """After a first wrong answer: say so, without the answer, and offer a second try or the solution."""
    st.html(retry_html())
    with st.container(key="rt-retry"):
        again, show = st.columns(2)
        with again:
            st.button(h.label_escape(_("Try again")), key=Keys.TRY_AGAIN, type="primary", on_click=_on_try_again,
                      args=(lesson,), use_container_width=True)
        with show:
            st.button(h.label_escape(_("Show the answer")), key=Keys.GIVE_UP, on_click=_on_give_up,
                      args=(lesson, index), use_container_width=True)
    focus.on_change("#rt-verdict", f"retry:{lesson.id}:{index}", block="center")


def _hint(lesson: Lesson, asked: Asked, index: int) -> None:
    """The hint (the rule to look at, never the answer), or the button that asks for it."""
    rule = asked.explanation.deciding_step
    if rule is None:
        return
    if trying(st.session_state[Keys.ANSWERS], index).get("hinted"):
        st.html(hint_html(lesson.game, rule.rule))
    else:
        st.button(h.label_escape(_("Hint")), key=Keys.HINT, icon=":material/lightbulb:", on_click=_on_hint,
                  args=(lesson, index))


def _result(lib: Library, lesson: Lesson) -> None:
    taken = st.session_state[Keys.ANSWERS]
    right, total = score(lesson, taken)
    got, half = points(lesson, taken), helped(lesson, taken)
    result, takeaways = _("Your result"), _("Takeaways")
    note = ngettext("{n} right with help (a second try or a hint): half a point",
                    "{n} right with help (a second try or a hint): half a point each", len(half)).format(n=len(half))
    st.html(f'<div class="rt-result rt-slide" id="rt-result" tabindex="-1"><p class="rt-kicker">{h.esc(result)}</p>'
            f'<div class="score" data-testid="rt-score">{show_points(got)} / {total}</div>'
            + (f'<p class="rt-helped" data-testid="rt-helped">{h.esc(note)}</p>' if half else "") + '</div>')
    focus.on_change("#rt-result", f"result:{lesson.id}:{right}")  # after the last Continue: the score
    t = lesson.takeaways
    st.html(f'<div class="rt-slide"><p class="rt-kicker">{h.esc(takeaways)}</p>'
            f'<h2 class="rt-title rt-takeaways-title">{h.esc(t.title)}</h2><ul>'
            + "".join(f"<li>{h.esc(b)}</li>" for b in t.bullets) + "</ul>"
            + (f'<p><strong>{h.esc(lesson.next_label)}</strong></p>' if lesson.next_label else "") + "</div>")
    wrong = missed(lesson, taken)
    if wrong or half:
        st.markdown("## " + h.md_escape(_("Review what you missed") if wrong else _("Review what you got with help")))
        for i in sorted(wrong + half):
            slide = lesson.slides[i]
            assert slide.type == "question"
            scn, q = slide_question(lib, slide)
            given = taken.get(str(i), {}).get("given")
            fb = grade(lib, slide, given)
            asked = localised(lib, lib.asked(scn.id, q.id))
            views = part_views(asked.scenario, asked.question, asked.solution)
            caption = tr(asked.caption_message, scn.game)
            title = f"{asked.scenario.title}: {asked.question.prompt}"
            if i in half:
                title = _("Right with help (half a point) · {question}").format(question=title)
            with st.expander(h.md_escape(title), expanded=len(wrong) + len(half) <= 2):
                st.html(f'<p class="rt-caption">{h.esc(caption)}</p>'
                        + board_figure(asked.scenario, question_view(asked, masked=False), caption)
                        + answers.review(views, multi=asked.question.parts is not None,
                                         illegal=offers_illegal(scn, q), given=fb.given, correct=asked.answer,
                                         game=scn.game)
                        + h.explanation(scn.game, fb.explanation))
    nxt = lib.lessons.get(lesson.next or "")
    cols = st.columns(3)
    with cols[0]:
        if nxt is not None:
            title = lib.lesson_in(nxt.id, current()).title
            if st.button(h.label_escape(_("Next lesson: {title}").format(title=title)), key=Keys.NEXT_LESSON,
                         type="primary", use_container_width=True):
                st.switch_page("ui/pages/lesson.py", query_params={"lesson": nxt.id, "u": st.session_state[Keys.LEARNER]})
        else:
            st.page_link("ui/pages/home.py", label=h.label_escape(_("All lessons")),
                         query_params={"u": st.session_state[Keys.LEARNER]})
    with cols[1]:
        if wrong:
            st.button(h.label_escape(ngettext("Take the {n} missed one again", "Take the {n} missed ones again", len(wrong)).format(
                n=len(wrong))), key=Keys.RETAKE_MISSED, on_click=_on_retake_missed, args=(lesson,),
                use_container_width=True)
    with cols[2]:
        st.button(h.label_escape(_("Take it all again")), key=Keys.RETAKE, on_click=_on_retake, args=(lesson,),
                  use_container_width=True)
    _practise_link(lib, lesson, wrong)
    if nxt is not None:
        st.page_link("ui/pages/home.py", label=h.label_escape(_("All lessons")),
                     query_params={"u": st.session_state[Keys.LEARNER]})


def _practise_link(lib: Library, lesson: Lesson, wrong: list[int]) -> None:
    """'Practise what I missed': endless practice items on the rules that decided the missed questions (with
    nothing missed, on the lesson's rules)."""
    from ui.i18n import _

    rules: list[str] = []
    for i in wrong:
        slide = lesson.slides[i]
        if slide.type == "question":
            scn, q = slide_question(lib, slide)
            step = lib.asked(scn.id, q.id).explanation.deciding_step
            if step is not None and step.rule not in rules:
                rules.append(step.rule)
    params = {"game": lesson.game, "lesson": lesson.id, "u": st.session_state[Keys.LEARNER]}
    if rules:
        params["rules"] = ",".join(rules)
    st.page_link("ui/pages/practice.py",
                 label=h.label_escape(_("Practise what I missed") if wrong else _("Practise these rules")),
                 icon=":material/fitness_center:", query_params=params)


def main() -> None:
    init_state()
    lib = library()
    learner = learner_id()
    lesson_id = st.query_params.get("lesson") or st.session_state.get(Keys.LESSON)
    lesson = lib.lessons.get(lesson_id or "")
    if lesson is None:
        if lesson_id:
            st.warning(h.md_template(_("The lesson “{id}” was not found. Choose a lesson on the home page."),
                                     id=lesson_id[:80]))
        else:
            st.info(h.md_escape(_("Choose a lesson on the home page.")))
        st.page_link("ui/pages/home.py", label=h.label_escape(_("All lessons")), query_params={"u": learner})
        st.stop()
    if st.query_params.get("lesson") != lesson.id:
        st.query_params["lesson"] = lesson.id
    _restore(learner, lesson)
    lesson = lib.lesson_in(lesson.id, current())  # the same slides, texts translated
    st.set_page_config(page_title=f"{lesson.title} · Rules Tutor")  # the browser tab names the lesson (no layout here)
    index = st.session_state[Keys.SLIDE]
    with st.container(key="rt-lesson"):  # capped width: wide enough for the board beside the question
        _header(lesson, index)
        if index >= len(lesson.slides):
            _result(lib, lesson)
            return
        slide = lesson.slides[index]
        if slide.type == "rule":  # the discriminator, robust to module reloads in development
            _rule_slide(lesson, slide, index)
        else:
            _question_slide(lib, lesson, slide, index)
