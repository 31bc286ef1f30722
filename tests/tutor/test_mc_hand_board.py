"""A Marvel Champions board shows what each player holds ("Hand: …"): an input of what they may play. The
legal-plays ask reads the hands (they decide what is legal) and needs them in sight, so they are never hidden
there; a play takes its card out of the hand on the board asked after it."""

from __future__ import annotations

from tutor import library
from tutor.boards import board, question_view
from tutor.boards.keys import read
from tutor.questions import needs_of, reads_of

LIB = library.default_library()


def _hands(sid: str, qid: str) -> list[tuple[tuple[str, ...], str, bool]]:
    asked = LIB.asked(sid, qid)
    tree = board(asked.scenario, question_view(asked, masked=True))
    return [(tuple(str(k) for k in e.keys), " ".join(e.text), e.masked) for e in read(tree).elements
            if any("hand" in str(k) for k in e.keys)]


def test_each_players_hand_is_on_the_board_of_a_legal_plays_question() -> None:
    asked = LIB.asked("mc.m.legal_plays", "legal")
    hands = {k for k in reads_of(asked.scenario, asked.question, asked.solution) if "hand" in str(k)}
    assert hands and hands <= needs_of(asked.scenario, asked.question, asked.solution)  # read, and needed in sight
    shown = _hands("mc.m.legal_plays", "legal")
    assert [(text, masked) for _k, text, masked in shown] == [("Expert Defense", False), ("Preemptive Strike", False)]


def test_a_card_paid_with_or_played_leaves_the_hand_on_the_board_after_the_play() -> None:
    before = [text for _k, text, _m in _hands("mc.d5.legal_allies", "legal")]
    assert before == ["Colossus, Wolverine, Energy"]
    after = [text for _k, text, _m in _hands("mc.d5.cost_colossus", "cost")]  # Colossus played, Energy and Backflip paid
    assert after == ["Wiggle Room"]
