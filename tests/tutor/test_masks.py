"""The board before the answer never shows the answer; the board after it does.

Every question of the library is drawn twice at its moment: masked (what the learner sees while
answering) and unmasked (the feedback). For the asks whose answer a board field displays, this
test knows independently of the asks' own ``reveals`` declarations which field shows the answer
and how it reads ("HP 5/", "Tavern 26", a "target" badge). The field must show exactly that after
the answer (so the check cannot pass vacuously) and must be hidden before it.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import pytest

from tutor import library
from tutor.games.base import ILLEGAL
from tutor.questions import Asked
from tutor.tells import TELLS
from ui.boards import board_html, question_view

LIB = library.default_library()


class _Fields(HTMLParser):
    """The text inside every ``data-field`` element, and which fields are masked."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str | None, int]] = []
        self.text: dict[str, str] = {}
        self.masked: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("data-masked"):
            self.masked.add(a["data-masked"] or "")
        self.open.append((a.get("data-field"), 0))
        if a.get("data-field"):
            self.text.setdefault(a["data-field"] or "", "")

    def handle_endtag(self, tag: str) -> None:
        if self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for field, _ in self.open:
            if field:
                self.text[field] = (self.text[field] + " " + data).strip()


def fields(html: str) -> _Fields:
    p = _Fields()
    p.feed(html)
    return p


def _of(asked: Asked, part: Any) -> str | None:
    return part.of


QUESTIONS = [(sid, q.id) for sid, scn in sorted(LIB.scenarios.items()) for q in scn.questions]


@pytest.mark.parametrize("sid,qid", QUESTIONS, ids=[f"{s}:{q}" for s, q in QUESTIONS])
def test_the_board_hides_the_answer_until_it_is_given(sid: str, qid: str) -> None:
    asked = LIB.asked(sid, qid)
    scn, q = asked.scenario, asked.question
    before = fields(board_html(scn, question_view(asked, masked=True)))
    after = fields(board_html(scn, question_view(asked, masked=False)))
    # every field the question's asks declare revealing is hidden before the answer
    assert not (asked.mask & set(before.text)), f"shown before the answer: {sorted(asked.mask & set(before.text))}"
    if asked.answer == ILLEGAL:
        return
    parts = q.parts or [q]
    for part in parts:
        tell = TELLS.get((scn.game, part.ask))  # type: ignore[union-attr]
        if tell is None:
            continue
        value = asked.answer[f"{part.ask}:{part.of}" if part.of else part.ask] if q.parts else asked.answer  # type: ignore[union-attr]
        if value is False or value == "none":
            continue
        field, text = tell(asked, part.of, value)
        if not field:
            continue
        # not vacuous: after the answer, the field shows the answer
        assert field in after.text and text in after.text[field], (field, text, after.text.get(field))
        # before the answer, it is hidden
        assert field not in before.text, f"{field} shows {before.text[field]!r} before the answer"


def test_the_mask_test_knows_every_family_of_board_answers() -> None:
    """The tells above cover the asks whose answer a board field shows, in every game."""
    used = {(LIB.scenarios[s].game, (q.ask or "")) for s, scn in LIB.scenarios.items() for q in scn.questions}
    covered = {k for k in TELLS if k in used}
    assert len(covered) >= 15, covered
