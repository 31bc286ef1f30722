"""AppTest of the teacher and student pages: the passcode gate, joining, escaping user text."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.quiz import auth, passcode, service
from tutor.quiz.spec import QuizSpec, catalogue, resolve, search
from tutor.library import default_library
from ui import quiz_live
from ui.html import md_escape
from ui.state import QuizKeys

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.delenv(passcode.ENV, raising=False)


def page(name: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page(f"ui/pages/{name}.py")
    return at.run()


def test_teacher_area_without_passcode_explains_how_to_set_one() -> None:
    at = page("teacher")
    assert not at.exception
    assert any(passcode.ENV in i.value for i in at.info)
    assert not at.text_input  # no passcode box, nothing to build


def test_teacher_area_refuses_a_wrong_passcode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(passcode.ENV, "owl-42-heron-7")
    at = page("teacher")
    at.text_input(key=QuizKeys.PASSCODE).input("owl")  # a form: sent with its button
    at.button(key=QuizKeys.UNLOCK).click().run()
    assert at.error and "not the passcode" in at.error[0].value
    with pytest.raises(KeyError):
        at.text_input(key=QuizKeys.TITLE)
    at.text_input(key=QuizKeys.PASSCODE).input("owl-42-heron-7")  # a form: sent with its button
    at.button(key=QuizKeys.UNLOCK).click().run()
    assert at.text_input(key=QuizKeys.TITLE) is not None and not at.exception


def test_student_joins_and_their_name_is_escaped() -> None:
    items = [e.item for e in catalogue(default_library(), lessons=["mc.defense_1"])][:2]
    sess = service.start_session(service.save_quiz(QuizSpec(title="T", items=items)))
    at = page("join")
    at.text_input(key=QuizKeys.CODE).input(sess.code.lower())
    at.text_input(key=QuizKeys.NAME).input("<script>x</script>")
    at.button(key=QuizKeys.JOIN).click().run()
    assert not at.exception and at.query_params.get("s")
    kicker = [e.proto.body for e in at.get("html") if "rt-kicker" in e.proto.body][0]
    assert "&lt;script&gt;" in kicker and "<script>" not in kicker


def test_a_wrong_code_is_refused() -> None:
    at = page("join")
    at.text_input(key=QuizKeys.CODE).input("ZZZZZ")
    at.text_input(key=QuizKeys.NAME).input("Eve")
    at.button(key=QuizKeys.JOIN).click().run()
    assert at.error and "No open quiz" in at.error[0].value


def test_table_cells_escape_markdown() -> None:
    from ui.html import md_escape

    assert md_escape("[a](http://x) *b* 1.") == r"\[a\]\(http\:" + "\u2060" + r"\/\/x\) \*b\* 1\."  # a word joiner: no autolink


def _unlocked_teacher(monkeypatch: pytest.MonkeyPatch) -> AppTest:
    monkeypatch.setenv(passcode.ENV, "owl-42-heron-7")
    at = page("teacher")
    at.text_input(key=QuizKeys.PASSCODE).input("owl-42-heron-7")  # a form: sent with its button
    return at.button(key=QuizKeys.UNLOCK).click().run()


def test_teacher_renames_trims_and_deletes_a_saved_quiz(monkeypatch: pytest.MonkeyPatch) -> None:
    lib = default_library()
    items = [e.item for e in catalogue(lib, lessons=["mc.defense_1", "mc.defense_2"])][:3]
    qid = service.save_quiz(QuizSpec(title="[prize](http://x) <b>B</b>", items=items))
    sess = service.start_session(qid)
    assert service.join(sess.code, "Ana", ["sid:1"]).token
    at = _unlocked_teacher(monkeypatch)
    assert not at.exception and at.text_input(key=QuizKeys.RENAME_TITLE).value == "[prize](http://x) <b>B</b>"

    at.text_input(key=QuizKeys.RENAME_TITLE).input("*New* <i>name</i>").run()
    at.button(key=QuizKeys.RENAME).click().run()
    assert service.list_quizzes() == [(qid, "*New* <i>name</i>", 3)]
    assert r"“\*New\* \<i\>name\<\/i\>”" in at.success[0].value  # Markdown-escaped
    assert at.selectbox(key=QuizKeys.QUIZ).options == ["*New* <i>name</i> (3 questions)"]

    at.selectbox(key=QuizKeys.REMOVE_PICK).set_value(1).run()
    at.button(key=QuizKeys.REMOVE).click().run()
    assert service.load_quiz(qid).items == [items[0], items[2]] and "Removed question 2" in at.success[0].value
    at.selectbox(key=QuizKeys.REMOVE_PICK).set_value(0).run()
    at.button(key=QuizKeys.REMOVE).click().run()
    assert service.load_quiz(qid).items == [items[2]]
    assert at.button(key=QuizKeys.REMOVE).disabled  # never below one question
    assert service.session_info(sess.id).spec.items == items  # type: ignore[union-attr]  (its own copy)

    at.button(key=QuizKeys.DELETE).click().run()  # asks first
    assert at.warning and r"\*New\*" in at.warning[0].value and "<i>" not in at.warning[0].value
    at.button(key=QuizKeys.DELETE_CANCEL).click().run()
    assert service.list_quizzes() and not at.warning
    with pytest.raises(KeyError):
        at.button(key=QuizKeys.DELETE_CONFIRM)
    at.button(key=QuizKeys.DELETE).click().run()
    at.button(key=QuizKeys.DELETE_CONFIRM).click().run()
    assert not at.exception and service.list_quizzes() == []
    assert "Deleted" in at.success[0].value and "Its 1 session and its results are kept" in at.success[0].value
    with pytest.raises(KeyError):
        at.selectbox(key=QuizKeys.QUIZ)
    # the session of the deleted quiz is still there, with its students, its results and its export
    assert at.selectbox(key=QuizKeys.SESSION).value == sess.id
    assert any("Ana" in t.value.to_string() for t in at.table)
    assert at.get("download_button")


def test_a_student_joining_a_closed_session_is_told_it_has_ended() -> None:
    items = [e.item for e in catalogue(default_library(), lessons=["mc.defense_1"])][:1]
    sess = service.start_session(service.save_quiz(QuizSpec(title="T", items=items)))
    service.close_session(sess.id)
    at = page("join")
    at.text_input(key=QuizKeys.CODE).input(sess.code)
    at.text_input(key=QuizKeys.NAME).input("Cy")
    at.button(key=QuizKeys.JOIN).click().run()
    (error,) = [e.value for e in at.error]
    assert error == md_escape("This quiz has ended: your teacher has closed it. Ask them for the new code.")


def test_the_picker_never_adds_every_match_silently(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16, item 11: the multiselect's "Select N matches" is off; adding many takes a button that says
    how many; the count is on the picker, the Save button and the saved message."""
    at = _unlocked_teacher(monkeypatch)
    lib = default_library()
    assert at.multiselect(key=QuizKeys.PICKED).proto.select_all == 0  # no bulk "Select all / N matches"
    at.text_input(key=QuizKeys.SEARCH).input("TOUGH the").run()  # words, any case, any order
    matches = search(catalogue(lib), "TOUGH the")
    assert 2 <= len(matches) < len(catalogue(lib))
    add = at.button(key=QuizKeys.ADD_ALL)
    assert add.label == f"Add all {len(matches)} questions that match" and not add.disabled
    assert at.session_state[QuizKeys.PICKED] == []  # typing a search added nothing
    assert at.button(key=QuizKeys.SAVE).label == "Save the quiz (0 questions)"
    add.click().run()
    assert [e.label for e in at.session_state[QuizKeys.DRAFT]] == [e.label for e in matches]
    assert md_escape(f"The quiz ({len(matches)} questions)") in [h.value for h in at.header]
    assert at.button(key=QuizKeys.ADD_ALL).disabled  # every match is in
    assert at.button(key=QuizKeys.SAVE).label == f"Save the quiz ({len(matches)} questions)"
    at.text_input(key=QuizKeys.TITLE).input("Tough-ness").run()
    at.button(key=QuizKeys.SAVE).click().run()
    assert at.success[0].value == md_escape(f"Saved “Tough-ness” with {len(matches)} questions. Start it below.")
    assert at.selectbox(key=QuizKeys.QUIZ).options == [f"Tough-ness ({len(matches)} questions)"]
    assert at.session_state[QuizKeys.DRAFT] == ()  # saved: the next quiz starts from an empty list


def test_live_results_show_a_dash_before_anyone_answers_and_a_coloured_grid(monkeypatch: pytest.MonkeyPatch) -> None:
    lib = default_library()
    items = [e.item for e in catalogue(lib, lessons=["mc.defense_1"])][:2]
    sess = service.start_session(service.save_quiz(QuizSpec(title="Live", items=items)))
    ana = service.join(sess.code, "Ana <b>", ["sid:1"]).token
    at = _unlocked_teacher(monkeypatch)
    body = "\n".join(e.proto.body for e in at.get("html"))
    assert "2 questions" in body  # on the join-code panel
    assert body.count('<span class="pct">—</span>') == 2 and "0 %" not in body and "0.0" not in body
    assert not at.get("vega_lite_chart") and any("No answers yet" in c.value for c in at.caption)
    assert "Ana &lt;b&gt;" in body and "<b>" not in body.replace("<b>Ben", "")  # names are escaped
    assert 'class="rt-mark none"' in body and "not answered yet" in body  # the legend and the marks
    scn, q = resolve(lib, items[0])
    from tutor.questions import correct_answer

    service.submit(lib, ana, 0, correct_answer(scn, q, lib.solution(scn.id)))  # type: ignore[arg-type]
    time.sleep(quiz_live.REFRESH_SECONDS / 2)  # the summary the page polls is looked at again after this long
    at.run()
    body = "\n".join(e.proto.body for e in at.get("html"))
    assert '<td class="rt-mark ok" title="Q1: right">✓<span class="rt-sr"> right</span></td>' in body
    assert '<span class="pct">100 %</span>' in body and '<span class="pct">—</span>' in body
    assert at.get("vega_lite_chart")


def test_enter_in_the_passcode_box_submits_it_and_the_page_remembers_the_browser(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The passcode box is a form (Enter submits, in a browser); after an unlock the page writes a signed
    cookie that holds no secret; Lock ends the unlock and deletes the cookie."""
    at = _unlocked_teacher(monkeypatch)
    with pytest.raises(KeyError):
        at.text_input(key=QuizKeys.PASSCODE)  # unlocked: no passcode box
    scripts = [e.proto.body for e in at.get("html") if "document.cookie" in e.proto.body]
    assert len(scripts) == 1 and "owl-42-heron-7" not in scripts[0] and "Max-Age=43200" in scripts[0]
    value = scripts[0].split(f"{auth.COOKIE}=")[1].split(";")[0]
    key = auth.signing_key("owl-42-heron-7", auth.server_secret(tmp_path, {}, {}))  # the data folder's key
    assert auth.valid(value, key)
    at.run()  # written once, not on every rerun
    assert not [e for e in at.get("html") if "document.cookie" in e.proto.body]
    at.button(key=QuizKeys.LOCK).click().run()
    assert at.text_input(key=QuizKeys.PASSCODE) is not None
    assert any(f"{auth.COOKIE}=; Max-Age=0" in e.proto.body for e in at.get("html"))
