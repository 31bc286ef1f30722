"""The board before the answer shows every input a player would see, never the answer: by key.

Every question of the library is drawn at its moment, masked as the learner sees it before answering. Each
element carries the keys of the quantities it shows (``tests/tutor/test_board_keys.py`` checks that none is
missing), so both ways are checked by key:

- no give-away: no shown element carries a key the question reads (``Ask.reads``, less the inputs it needs);
- no hidden input: every input the question needs (``Ask.needs``) is in sight, shown or as "what it was → ?";
- not vacuous: after the answer, every key hidden before it is shown again.
"""

from __future__ import annotations

import pytest

from tutor import library, masks
from tutor.lessons import slide_question
from tutor.questions import needs_of, reads_of
from tutor.boards import board, question_view
from tutor.boards.keys import give_aways, hidden_inputs, masked_keys, read, shown_keys

LIB = library.default_library()
QUESTIONS = [(sid, q.id) for sid, scn in sorted(LIB.scenarios.items()) for q in scn.questions]


@pytest.mark.parametrize("sid,qid", QUESTIONS, ids=[f"{s}:{q}" for s, q in QUESTIONS])
def test_the_board_gives_nothing_away_and_hides_no_input(sid: str, qid: str) -> None:
    asked = LIB.asked(sid, qid)
    scn, q = asked.scenario, asked.question
    assert asked.mask == reads_of(scn, q, asked.solution) - needs_of(scn, q, asked.solution)
    assert give_aways(asked) == []
    assert hidden_inputs(asked, needs_of(scn, q, asked.solution)) == []
    before = board(scn, question_view(asked, masked=True))
    after = board(scn, question_view(asked, masked=False))
    assert all(set(e.keys) & asked.mask for e in read(before).elements if e.masked), "hidden, but not read"
    assert masked_keys(after) == set()
    now = masks.snapshot(scn.game, asked.solution.outcome)
    hidden = {k for k in masked_keys(before) & asked.mask if now.get(k)}  # a value to show (not 0, none, no)
    assert hidden <= shown_keys(after), "hidden before the answer, but not shown after it"


def _lesson_asked(title: str, number: int):  # type: ignore[no-untyped-def]
    lesson = next(l for l in LIB.lessons.values() if l.title == title)
    scn, q = slide_question(LIB, lesson.question_slides[number - 1][1])
    return LIB.asked(scn.id, q.id)


def _text(asked) -> str:  # type: ignore[no-untyped-def]
    from tutor.boards.text import board_text

    return board_text(board(asked.scenario, question_view(asked, masked=True)))


def test_a_legality_question_hides_the_verdict() -> None:
    """Regicide 'Combos and companions' Q2 and Dungeon Mayhem 'Defense cards' Q1 stated 'illegal' on the board."""
    for title, n in (("Combos and animal companions", 2), ("Defense cards and overflow", 1)):
        text = _text(_lesson_asked(title, n))
        assert "illegal" not in text and "?" in text, text


def test_where_the_enemy_goes_shows_the_damage_it_had_taken_and_not_the_next_enemy() -> None:
    """'Suffering, yielding' Q1-Q3 hid the damage already taken ("? / 20") and showed the next enemy's immunity."""
    for n, damage, enemy in ((1, 12, "Jack of Hearts"), (2, 14, "Jack of Diamonds"), (3, 9, "Jack of Hearts")):
        asked = _lesson_asked("Suffering, yielding and the end", n)
        text = _text(asked)
        assert f"Damage {damage} / 20 → ?" in text and f"{enemy} → ?" in text, text
        assert "Immune to ♣ Clubs" not in text or asked.scenario.id.endswith("clubs"), text


def test_charge_stays_in_sight_after_the_attack() -> None:
    """Marvel Champions 'Defense 3' Q7: Rhino's Charge (+3 ATK) is discarded at the end of the attack; the board
    asked after the attack still shows it, marked discarded."""
    asked = _lesson_asked("Defense 3: keywords and statuses", 7)
    assert "Charge, discarded" in _text(asked)
