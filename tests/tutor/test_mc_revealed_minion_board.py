"""A minion revealed outside an attack enters play at once (MC.enc.minion_engages): on the board its card is the
revealed card, hidden where a question asks which card is revealed, and shown (engaged) where it does not."""

from __future__ import annotations

from tutor import library
from tutor.boards import board, question_view
from tutor.boards.keys import read

LIB = library.default_library()


def _text(sid: str, qid: str) -> str:
    asked = LIB.asked(sid, qid)
    return " ".join(" ".join(e.text) for e in read(board(asked.scenario, question_view(asked, masked=True))).elements
                    if not e.masked)


def test_the_revealed_minion_is_hidden_when_the_question_asks_which_card_is_revealed() -> None:
    shown = _text("mc.d5.under_fire_reveals", "which")  # Under Fire reveals Shocker: "whose ability?"
    assert "Shocker" not in shown and "Under Fire" not in shown


def test_the_revealed_minion_is_shown_engaged_with_its_revealer_otherwise() -> None:
    shown = _text("mc.xmen.shocker_engages", "archangel")
    assert "Shocker" in shown and "engaged with Player 2" in shown
