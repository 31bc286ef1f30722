"""The answer review lists "The play is illegal" only where the question offered it (issue 26): a one-part number
or pick-every-one question has no place for it, so its review does not list it; a one-part choice question and a
multi-part question offer it, and their review lists it."""

from __future__ import annotations

from tutor.games.base import ILLEGAL, ILLEGAL_LABEL
from tutor.library import default_library
from tutor.questions import offers_illegal, part_views
from ui import answers


def _review(lib, scn, q, given):
    asked = lib.asked(scn.id, q.id)
    views = part_views(scn, q, asked.solution)
    multi = q.parts is not None
    illegal = offers_illegal(scn, q)
    return views, answers.review(views, multi=multi, illegal=illegal, given=given, correct=asked.answer,
                                 game=scn.game), answers.offers_illegal(views, multi=multi, illegal=illegal)


def test_review_lists_the_illegal_play_only_where_it_was_offered() -> None:
    lib = default_library()
    kinds_seen = {"offered": 0, "not offered": 0}
    for scn in lib.scenarios.values():
        for q in scn.questions:
            if not offers_illegal(scn, q):
                continue
            asked = lib.asked(scn.id, q.id)
            if asked.answer == ILLEGAL:
                continue  # the answer itself: always shown as the correct one
            views, html, shown = _review(lib, scn, q, given=asked.answer)
            one_box = q.parts is None and views[0].kind in ("number", "multi_select")
            assert shown is not one_box, (scn.id, q.id)
            assert (ILLEGAL_LABEL in html) is shown, (scn.id, q.id, [v.kind for v in views])
            kinds_seen["offered" if shown else "not offered"] += 1
    assert kinds_seen["offered"] and kinds_seen["not offered"], kinds_seen  # both cases were met


def test_the_correct_illegal_answer_is_still_shown() -> None:
    lib = default_library()
    scn = lib.scenarios["dm.attack.defense_first"]
    q = scn.question("hp")
    _, html, _shown = _review(lib, scn, q, given=3)
    assert ILLEGAL_LABEL in html and "correct answer" in html
