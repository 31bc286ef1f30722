"""The board tree says what things are; ``ui/boards`` says how they look (issue 28, item 3).

Below ``ui/`` a board is an element tree whose elements carry a role (a zone's heading, a stat, a badge, a card …)
and typed fields (which card, face up, played …). No HTML tag and no class name of ``ui/theme.css`` is written in
``tutor/boards`` or in a game's board (``tutor/games/<game>/board.py``, its play hook's ``play.py``, the test game's):
each role is drawn by ``ui/boards/look.py`` and a game's own look (``ui/boards/<game>.py``), and every role stands on
its own line in the browser exactly when the text board breaks its line there.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from tutor.boards import tree
from tutor.boards.tree import BLOCKS, Role
from tutor.games import GAMES
from ui.boards.look import BLOCK_TAGS, LOOK, ROLES, look_of

ROOT = Path(__file__).resolve().parents[2]
THEME = (ROOT / "ui" / "theme.css").read_text(encoding="utf-8")
CLASSES = {c for c in re.findall(r"\.([a-zA-Z][\w-]*)", re.sub(r"/\*.*?\*/", "", THEME, flags=re.S))
           if not c[0].isdigit()}
TAGS = {"div", "span", "section", "p", "ol", "ul", "li", "strong", "em", "b", "i", "br", "table", "tr", "td", "th",
        "h1", "h2", "h3", "h4", "h5", "h6", "figure", "figcaption", "details", "summary", "img", "a"}
PREFIXED = re.compile(r"^(rt|rg|dm|dmc|mc|ttt)-[a-z]")


def board_sources() -> list[Path]:
    """The modules that build boards: ``tutor/boards`` and each game's board and play hook (the test game's too)."""
    games = [ROOT / "tutor" / "games" / g for g in GAMES if (ROOT / "tutor" / "games" / g).is_dir()]
    games.append(ROOT / "tests" / "fourth_game" / "tutor_tic_tac_toe")
    found = sorted((ROOT / "tutor" / "boards").glob("*.py"))
    return found + [p for g in games for p in (g / "board.py", g / "play.py") if p.exists()]


def markup_in(path: Path, root: Path = ROOT) -> list[str]:
    """Every HTML tag or theme class name written in ``path``: a string (outside docstrings) that is a tag's name
    given to an element's builder (``box("div", …)``), holds a tag (``<div``), or whose words are theme classes with
    one of the look's prefixes (``rg-card small``); a keyword argument named ``tag``, ``style`` or ``cls``."""
    src = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.body[0].value) for n in ast.walk(src)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    builders = {"box", "card", "card_box", "zone", "keyed", "label", "lab", "label_with", "shown", "Box", "Zone",
                "Card", "Label", "Keyed", "Field"}
    built = {id(a) for n in ast.walk(src) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
             and n.func.id in builders for a in n.args}  # a builder's arguments: where a tag's name was written
    found = []
    for node in ast.walk(src):
        if isinstance(node, ast.keyword) and node.arg in {"tag", "style", "cls"}:
            found.append(f"{path.relative_to(root)}:{node.value.lineno} {node.arg}=")
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or id(node) in docstrings:
            continue
        words = node.value.split()
        if ((node.value in TAGS and id(node) in built) or re.search(r"<[a-z][a-z0-9]*[\s>/]", node.value)
                or (words and all(w in CLASSES for w in words) and any(PREFIXED.match(w) for w in words))):
            found.append(f"{path.relative_to(root)}:{node.lineno} {node.value!r}")
    return found


def test_the_scan_finds_a_tag_and_a_class(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text('"""A docstring naming <div> and rg-card is only prose."""\n'
                     'a = box("div", "rg-card small", "7♥")\nb = keyed(k, body, cls="tag")\nc = "<span>x</span>"\n'
                     'd = "Damage 7 / 20"\n', encoding="utf-8")
    assert sorted(markup_in(probe, tmp_path)) == ["probe.py:2 'div'", "probe.py:2 'rg-card small'", "probe.py:3 cls=",
                                                 "probe.py:4 '<span>x</span>'"]


def test_no_board_module_below_the_ui_writes_a_tag_or_a_class_name() -> None:
    assert CLASSES > {"rt-board", "rg-card", "dm-card", "mc-token"}  # the theme's classes were read
    paths = board_sources()
    assert len(paths) >= 10 and all(p.exists() for p in paths)
    assert [hit for p in paths for hit in markup_in(p)] == []


def test_the_tree_elements_have_roles_not_tags() -> None:
    elements = [tree.Box, tree.Zone, tree.Card, tree.Bar, tree.Label, tree.Keyed, tree.Field, tree.Was]
    fields = {f.name for e in elements for f in dataclasses.fields(e)}
    assert not fields & {"tag", "style", "cls", "css", "html"}
    assert {"role", "mark", "game", "card", "face_up", "size", "played"} <= fields


@pytest.mark.parametrize("game", [None, *GAMES])
def test_each_role_is_a_block_in_the_browser_exactly_when_the_text_board_breaks_a_line_there(game: str | None) -> None:
    """Drawn in any game's look, a role in :data:`~tutor.boards.tree.BLOCKS` gets a block tag and any other role an
    inline one, so the text board (``rules-tutor show``, the screen reader's list) breaks its lines where the
    browser does. (Inside a card or a hand chip, a line of its own in the text board, a look may draw a part
    inline: ``Look.within``.)"""
    look = look_of(game) if game else LOOK
    assert set(ROLES) == set(Role)
    drawn = {role: (look.roles.get(role) or ROLES[role])[0] for role in Role}
    wrong = {role.value: tag for role, tag in drawn.items() if (tag in BLOCK_TAGS) != (role in BLOCKS)}
    assert wrong == {}
    if game in ("regicide", "marvel_champions", "dungeon_mayhem"):
        assert look is not LOOK  # the three games draw with their own looks (ui/boards/<game>.py)


def test_a_card_is_what_it_is_and_its_picture_is_drawn_in_the_ui() -> None:
    """A Regicide card in the tree is its number and state (no corner, no pip, no glyph); its game's look draws the
    face from rank and suit. A Marvel Champions card's exhausted state widens its slot, a Dungeon Mayhem seat's
    number and knock-out pick its classes: the look reads the typed fields, never a class written below the UI."""
    from engine.regicide.cards import parse_card
    from tutor.boards.markup import box, card, zone
    from tutor.boards.tree import Size
    from tutor.games.regicide.board import card_html
    from ui.boards import draw

    king = card_html(parse_card("KS"), size=Size.BIG)
    assert king.children == () and king.card == parse_card("KS") and king.face_up and king.game == "regicide"
    assert draw(king) == ('<div class="rg-card big royal" role="img" aria-label="King of Spades, worth 20">'
                          '<span class="rg-i">K<br>♠</span><span class="rg-p">K♠</span>'
                          '<span class="rg-i b">K<br>♠</span></div>')
    assert 'class="rg-card small played red"' in draw(card_html(parse_card("7H"), size=Size.SMALL, played=True))
    tired = box(Role.SLOT, card("marvel_champions", "Spider-Man", kind="hero", exhausted=True), line=True)
    assert draw(tired, "marvel_champions").startswith('<div class="rt-slot wide"><div class="rt-card hero exhausted"')
    seat = zone(Role.SEAT, "Lia", name="Lia", seat=2, out=True)
    assert draw(seat, "dungeon_mayhem").startswith('<section class="rt-zone dm-seat dm-zone-out seat-2"')
    assert draw(seat).startswith('<section class="rt-zone"')  # a game without a look of its own: the shared one


@pytest.mark.parametrize("game", ["regicide", "marvel_champions", "dungeon_mayhem"])
def test_a_board_names_its_game_so_it_draws_in_that_look_unasked(game: str) -> None:
    from tutor import library
    from tutor.boards import board, question_view
    from tutor.boards.tree import Box as tree_box
    from ui.boards import draw

    lib = library.default_library()
    scn = lib.scenarios_for(game)[0]
    tree = board(scn, question_view(lib.asked(scn.id, scn.questions[0].id), masked=True))
    assert isinstance(tree, tree_box) and tree.kind == game
    assert draw(tree) == draw(tree, game) != draw(tree, "no_such_game")  # the shared look differs
