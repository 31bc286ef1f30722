""""The play is illegal" is offered wherever the question offers it, and listed in the review exactly there
(issue 26): an option of a one-part choice question's radio, else a checkbox beside the inputs (a multi-part,
number or pick-every-one question). A number question whose answer is "illegal" used to have no place for it,
so a learner could not give the right answer (dm.attack.defense_first/hp, rg.combo.too_big/damage,
rg.suffer.short_discard/enough)."""

from __future__ import annotations

from typing import Any

from streamlit.testing.v1 import AppTest

from tutor.games.base import ILLEGAL, ILLEGAL_LABEL
from tutor.library import default_library
from tutor.questions import offers_illegal, part_views
from ui import answers


def _review(lib: Any, scn: Any, q: Any, given: Any) -> tuple[list[Any], str]:
    asked = lib.asked(scn.id, q.id)
    views = part_views(scn, q, asked.solution)
    return views, answers.review(views, multi=q.parts is not None, illegal=offers_illegal(scn, q), given=given,
                                 correct=asked.answer, game=scn.game)


def test_review_lists_the_illegal_play_exactly_where_it_is_offered() -> None:
    lib = default_library()
    seen = {"offered": 0, "not offered": 0, "boxed": 0}
    for scn in lib.scenarios.values():
        for q in scn.questions:
            asked = lib.asked(scn.id, q.id)
            if asked.answer == ILLEGAL:
                continue  # the answer itself: shown as the correct one
            views, html = _review(lib, scn, q, given=asked.answer)
            offered = offers_illegal(scn, q)
            assert (ILLEGAL_LABEL in html) is offered, (scn.id, q.id, [v.kind for v in views])
            seen["offered" if offered else "not offered"] += 1
            seen["boxed"] += answers.illegal_box(views, multi=q.parts is not None, illegal=offered)
    assert all(seen.values()), seen  # every case was met


def test_every_illegal_answer_can_be_given() -> None:
    """Wherever the engine's answer is "illegal", the question offers it (as a radio option or the checkbox)."""
    lib = default_library()
    answered_illegal = [(scn, q) for scn in lib.scenarios.values() for q in scn.questions
                        if lib.asked(scn.id, q.id).answer == ILLEGAL]
    assert answered_illegal
    for scn, q in answered_illegal:
        assert offers_illegal(scn, q), (scn.id, q.id)
    numbers = [(s.id, q.id) for s, q in answered_illegal
               if q.parts is None and part_views(s, q, lib.asked(s.id, q.id).solution)[0].kind == "number"]
    assert ("dm.attack.defense_first", "hp") in numbers  # the case that had no place for it


_SCRIPT = """
import streamlit as st
from tutor.library import default_library
from tutor.questions import offers_illegal, part_views
from ui import answers

lib = default_library()
scn = lib.scenarios["dm.attack.defense_first"]
q = scn.question("hp")
views = part_views(scn, q, lib.asked(scn.id, q.id).solution)
answers.inputs(views, multi=False, illegal=offers_illegal(scn, q), key=lambda p: "ans::" + p, illegal_key="ill")
st.session_state["given"] = answers.given_answer(views, multi=False, key=lambda p: "ans::" + p, illegal_key="ill")
"""


def test_a_number_question_answered_illegal_has_the_checkbox() -> None:
    at = AppTest.from_string(_SCRIPT, default_timeout=60).run()
    assert not at.exception
    assert [n.label for n in at.number_input] and [c.label for c in at.checkbox] == [ILLEGAL_LABEL]
    at.checkbox[0].check().run()
    assert at.session_state["given"] == ILLEGAL


def test_the_illegal_play_is_offered_only_where_the_line_has_a_play() -> None:
    """A question about the position alone (the most cards a hand may hold at set-up) has no play that could be
    illegal: the choice is not offered there; a question about a play still offers it."""
    from tutor.questions import line_of

    lib = default_library()
    setup = lib.scenarios["rg.setup.two_players"]
    assert not offers_illegal(setup, setup.question("hand"))
    without = with_play = 0
    for scn in lib.scenarios.values():
        for q in scn.questions:
            if offers_illegal(scn, q):
                assert line_of(scn, q), (scn.id, q.id)
                with_play += 1
            elif q.illegal_choice and not line_of(scn, q):
                without += 1
    assert with_play and without
