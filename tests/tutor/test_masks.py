"""The board before the answer never shows the answer; the board after it does.

Every question of the library is drawn twice at its moment: masked (what the learner sees while
answering) and unmasked (the feedback). For the asks whose answer a board field displays, this
test knows independently of the asks' own ``reveals`` declarations which field shows the answer
and how it reads ("HP 5/", "Tavern 26", a "target" badge). The field must show exactly that after
the answer (so the check cannot pass vacuously) and must be hidden before it.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any, Callable

import pytest

from tutor import library
from tutor.games.base import ILLEGAL
from tutor.questions import Asked
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


def _mc_key(asked: Asked, of: str | None) -> str:
    """The board's key for a character (its id) or an enemy ('enemy:<printed name>'), from the file alone."""
    from engine.marvel_champions.cards import lookup

    card = lookup(of or "")
    return f"enemy:{card.name}" if card is not None and card.is_enemy else str(of)


def _dm_name(asked: Asked, of: str | None) -> str:
    names = [n for n in asked.solution.outcome.names]
    return next(n for n in names if n.lower() == (of or "").lower())


# ask -> (the field that displays the answer, the text it shows for that answer)
TELLS: dict[tuple[str, str], Callable[[Asked, str | None, Any], tuple[str, str]]] = {
    ("marvel_champions", "target"): lambda a, of, v: ("role:target", "target"),
    ("marvel_champions", "defender"): lambda a, of, v: ("role:defender", "defender"),
    ("marvel_champions", "attacked_player"): lambda a, of, v: ("role:attacked_player", "attacked player"),
    ("marvel_champions", "atk_total"): lambda a, of, v: ("atk_total", f"ATK {v} ·"),
    ("marvel_champions", "damage_dealt"): lambda a, of, v: ("atk_total", f"· {v} damage"),
    ("marvel_champions", "hp_after"): lambda a, of, v: (f"hp:{_mc_key(a, of)}", f"HP {v}/"),
    ("marvel_champions", "is_exhausted"): lambda a, of, v: (f"exhausted:{of}", "exhausted") if v else ("", ""),
    ("marvel_champions", "defense_kind"): lambda a, of, v: (
        "role:defender", {"basic": "basic defense", "ally": "ally defense", "label": "(defense) label"}[v]),
    ("marvel_champions", "is_attacked"): lambda a, of, v: ("role:target", "target"),
    ("marvel_champions", "attack_keywords"): lambda a, of, v: (
        ("attack_keywords", "indirect damage" if v[0] == "indirect" else v[0]) if v else ("", "")),
    ("marvel_champions", "retaliate_value"): lambda a, of, v: (f"keywords:{_mc_key(a, of)}", f"retaliate {v}")
    if v else ("", ""),
    ("marvel_champions", "stun_cards"): lambda a, of, v: (f"status:{_mc_key(a, of)}", "stunned") if v else ("", ""),
    ("marvel_champions", "tough_cards"): lambda a, of, v: (f"status:{_mc_key(a, of)}", "tough") if v else ("", ""),
    ("regicide", "tavern_size"): lambda a, of, v: ("pile:tavern", str(v)),
    ("regicide", "max_hand"): lambda a, of, v: ("max_hand", str(v)),
    ("regicide", "discard_size"): lambda a, of, v: ("pile:discard", str(v)),
    ("regicide", "shield_after"): lambda a, of, v: ("enemy:shield", f"Shield {v}"),
    ("regicide", "need_left"): lambda a, of, v: ("need", f"at least {v}") if v else ("", ""),
    ("regicide", "solo_jesters_left"): lambda a, of, v: ("solo_jesters", str(v)),
    ("regicide", "enemy_in_play"): lambda a, of, v: ("enemy", ""),
    ("dungeon_mayhem", "hp_after"): lambda a, of, v: (f"hp:{_dm_name(a, of)}", f"{v}/10"),
    ("dungeon_mayhem", "hand_size"): lambda a, of, v: (f"hand_size:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "deck_size"): lambda a, of, v: (f"deck:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "discard_size"): lambda a, of, v: (f"discard:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "defense_count"): lambda a, of, v: (f"defense:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "whose_turn"): lambda a, of, v: ("turn", ""),
}

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
