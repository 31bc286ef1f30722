"""Every element a board draws carries the key of the quantity it shows, so nothing can escape the mask.

Every question of the library's board is built at its moment (its element tree, ``tutor.boards.tree``), before
the answer (masked) and after it: each text and card picture must sit inside an element keyed by quantities the
game's vocabulary knows (``engine/<game>/quantities.py``), or be a fixed word (a label). An element with no key fails
here.
"""

from __future__ import annotations

import importlib

import pytest

from tutor import library
from tutor.boards import board, question_view
from tutor.boards.keys import all_keys, read, unkeyed

LIB = library.default_library()
QUESTIONS = [(sid, q.id) for sid, scn in sorted(LIB.scenarios.items()) for q in scn.questions]


def vocabulary(game: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"engine.{game}.quantities").VOCABULARY


@pytest.mark.parametrize("sid,qid", QUESTIONS, ids=[f"{s}:{q}" for s, q in QUESTIONS])
def test_every_element_of_every_board_carries_a_known_key(sid: str, qid: str) -> None:
    asked = LIB.asked(sid, qid)
    scn = asked.scenario
    for masked in (True, False):
        tree = board(scn, question_view(asked, masked=masked))
        assert unkeyed(tree) == [], f"shown with no key ({'before' if masked else 'after'} the answer)"
        unknown = sorted(k for k in all_keys(tree) if not vocabulary(scn.game).knows(k))
        assert unknown == [], f"keys the {scn.game} vocabulary does not know: {unknown}"


def test_a_label_shows_no_quantity() -> None:
    """A fixed word is only a word: a label never wraps a keyed element (which would then read as a label)."""
    from tutor.boards.markup import box, keyed, label
    from tutor.boards.tree import Role

    tree = box(Role.GROUP, label("Tavern"), " ", keyed(("pile:tavern", "size"), "26"), box(Role.PARAGRAPH, "loose"))
    assert unkeyed(tree) == ["loose"]
    assert [e.keys for e in read(tree).elements if not e.label] == [(("pile:tavern", "size"),)]


def test_a_field_showing_several_quantities_hides_when_any_is_read() -> None:
    """'Damage 12 / 20' shows the damage and which enemy: a question reading either hides it, and it reads as it
    was at the question's start; the keys go through the drawn HTML and back unchanged (a name may hold spaces)."""
    from tutor.boards.keys import masked_keys, shown_keys
    from tutor.boards.markup import shown
    from tutor.boards.text import board_text
    from ui.boards import draw, parse_keys

    keys = (("enemy", "damage"), ("character:Black Panther", "hp"))
    assert shown_keys(shown(keys, frozenset(), "12 / 20")) == set(keys)
    hidden = shown(keys, frozenset({("character:Black Panther", "hp")}), "12 / 20", before="7 / 20")
    assert masked_keys(hidden) == set(keys) and board_text(hidden) == "7 / 20 → ?"
    html = draw(hidden)
    assert "12" not in html and "7 / 20 → ?" in html
    assert set(parse_keys(html.split('data-masked="')[1].split('"')[0])) == set(keys)
