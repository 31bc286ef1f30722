"""A board is an element tree (``tutor.boards.tree``) built below the UI; ``ui.boards.draw`` draws it as HTML and
``tutor.boards.text.board_text`` reads it as text. Both renderings come from the same tree, so they carry the same
keys, and a masked value is in neither: a masked field keeps only its "?" in the tree itself."""

from __future__ import annotations

from html.parser import HTMLParser
from types import SimpleNamespace

import pytest

from engine.regicide.quantities import ENEMY_DAMAGE
from tutor import library
from tutor.boards import BoardView, board, question_view
from tutor.boards.keys import masked_keys, shown_keys, unkeyed
from tutor.boards.markup import box, card, keyed, label, label_with, shown
from tutor.boards.text import board_text
from tutor.boards.tree import Field, Node, Open, Role, Text, Was, Zone, fill, hide, walk
from ui.boards import draw, parse_keys

LIB = library.default_library()


class _Keys(HTMLParser):
    """The keys drawn HTML carries: shown (``data-key``) and masked (``data-masked``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown: set[tuple[str, str]] = set()
        self.masked: set[tuple[str, str]] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("data-masked") is not None:
            self.masked |= set(parse_keys(a["data-masked"] or ""))
        elif a.get("data-key") is not None and "data-label" not in a:
            self.shown |= set(parse_keys(a["data-key"] or ""))


def _drawn_keys(html: str) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    p = _Keys()
    p.feed(html)
    p.close()
    return p.shown, p.masked


def _fields(tree: Node) -> list[Node]:
    return [ev.node for ev in walk(tree) if isinstance(ev, Open) and isinstance(ev.node, (Field, Was))]


def test_every_library_board_draws_the_keys_of_its_tree_and_masks_hold_no_value() -> None:
    """For every question, before and after the answer: the HTML carries exactly the tree's shown and masked keys,
    every masked field of the tree holds no element (only its placeholder), and each zone has a name."""
    checked = 0
    for sid, scn in sorted(LIB.scenarios.items()):
        for q in scn.questions:
            asked = LIB.asked(sid, q.id)
            for masked in (True, False):
                tree = board(scn, question_view(asked, masked=masked))
                drawn_shown, drawn_masked = _drawn_keys(draw(tree))
                assert drawn_shown == shown_keys(tree), (sid, q.id, masked)
                assert drawn_masked == masked_keys(tree), (sid, q.id, masked)
                hidden = [f for f in _fields(tree) if isinstance(f, Field) and f.masked]
                assert all(f.children == () for f in hidden), (sid, q.id)
                if not masked:
                    assert not hidden and masked_keys(tree) == set(), (sid, q.id)
                zones = [ev.node for ev in walk(tree) if isinstance(ev, Open) and isinstance(ev.node, Zone)]
                assert zones and all(z.name for z in zones), (sid, q.id)  # each part of the table is named
                checked += 1
    assert checked > 1000


def test_the_damage_a_question_asks_is_in_neither_rendering_before_the_answer() -> None:
    """A Regicide question about the enemy's damage: 'Damage N / H' (the answer's N) is absent from the drawn board
    and from the text board before the answer (unless as the input the question starts from, "Damage N / H → ?",
    when the plays leave it unchanged), and present in both after it."""
    found = 0
    for scn in LIB.scenarios_for("regicide"):
        sid = scn.id
        for q in scn.questions:
            asked = LIB.asked(sid, q.id)
            if ENEMY_DAMAGE not in asked.mask:
                continue
            state = asked.solution.outcome.state
            words = f"Damage {state.damage} / {state.health}"
            before = board(scn, question_view(asked, masked=True))
            after = board(scn, question_view(asked, masked=False))
            was = f"{words} → ?"
            assert words not in draw(before).replace(was, "") and words not in board_text(before).replace(was, ""), (
                sid, q.id)
            assert ENEMY_DAMAGE in masked_keys(before) and ENEMY_DAMAGE not in shown_keys(before)
            assert words in draw(after) and words in board_text(after), (sid, q.id)
            found += 1
    assert found >= 3


def test_a_masked_field_keeps_only_its_placeholder() -> None:
    keys = (("enemy", "damage"), ("enemy", "card"))
    open_ = shown(keys, frozenset(), box(Role.STAT, "Damage 12 / 20"))
    hidden = shown(keys, frozenset({("enemy", "card")}), box(Role.STAT, "Damage 12 / 20"),
                   before="Damage 7 / 20")
    assert open_.children and not open_.masked
    assert hidden.masked and hidden.children == () and hidden.placeholder == "Damage 7 / 20 → ?"
    assert "12" not in draw(hidden) and "12" not in board_text(hidden)
    assert 'data-masked="enemy|damage;enemy|card"' in draw(hidden) and 'class="rt-masked"' in draw(hidden)
    assert 'data-key="enemy|damage;enemy|card"' in draw(open_) and "Damage 12 / 20" in draw(open_)


def test_the_board_masks_every_field_reading_a_masked_key() -> None:
    """``tutor.boards.board`` runs :func:`hide` on every game's tree: a field a builder left open although the
    question reads its key is masked there, its value dropped; a keyed card and a label are left as they are."""
    damage = ("enemy", "damage")
    tree = box(Role.BOARD, label("Enemy"), keyed(("enemy", "card"), shown(damage, frozenset(), "Damage 12")))
    hidden = hide(tree, frozenset({damage}))
    assert masked_keys(hidden) == {damage} and shown_keys(hidden) == {("enemy", "card")}
    assert "12" not in draw(hidden) and "12" not in board_text(hidden) and "Enemy" in board_text(hidden)
    assert hide(tree, frozenset()) is tree and hide(tree, frozenset({("pile:tavern", "size")})) == tree


def test_every_board_goes_through_the_mask(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose builder forgets the mask still hides the value: ``board`` masks the tree it returns."""
    import tutor.boards as boards

    damage = ("enemy", "damage")
    forgetful = SimpleNamespace(render=lambda scn, view: box(Role.GROUP, shown(damage, frozenset(), "Damage 12")))
    monkeypatch.setattr(boards, "board_module", lambda game: forgetful)
    tree = boards.board(SimpleNamespace(game="forgetful"), BoardView(None, mask=frozenset({damage})))
    assert masked_keys(tree) == {damage} and "12" not in board_text(tree)


def test_text_is_escaped_when_drawn_and_kept_as_written_in_the_text_board() -> None:
    """A name is text in the tree: the HTML escapes it, a slot's braces are never read as a template."""
    name = '<b>Ana</b> & "{seat}"'
    tree = box(Role.ZONE, label_with("{seat} · {n} cards", seat=name, n=shown(("hand:1", "size"),
                                                                                         frozenset(), "3")),
               name=name)
    html = draw(tree)
    assert "<b>" not in html and "&lt;b&gt;Ana&lt;/b&gt; &amp; &quot;{seat}&quot;" in html
    assert board_text(tree) == f"{name} · 3 cards"
    assert fill("{player} plays", player=name) == (Text(name), Text(" plays"))


def test_a_card_reads_as_its_name_and_cards_are_lines() -> None:
    """A card picture with nothing maskable reads as its name on its own line; text outside every key is found."""
    tree = box(Role.BOARD, label("In play", Role.HEADING),
               box(Role.SLOT, card("marvel_champions", "Rhino, the attacking villain", box(Role.CARD_NAME, "Rhino"),
                                   box(Role.CARD_STATS, "ATK 2"), card="Rhino", kind="villain"), line=True),
               keyed(("enemy", "card"), "kept"), box(Role.PARAGRAPH, "loose"))
    assert board_text(tree) == "In play\n  - Rhino, the attacking villain\nkept\nloose"
    assert unkeyed(tree) == ["Rhino, the attacking villain", "Rhino", "ATK 2", "loose"]
    assert 'role="img" aria-label="Rhino, the attacking villain"' in draw(tree)
