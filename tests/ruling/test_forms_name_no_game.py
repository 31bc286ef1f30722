"""The ruling checker's Form tab (``ui/ruling_forms.py``) names no game: each game's situation form is data in its
own plugin package (``tutor/games/<game>/form.py``, its ``form`` hook), which the page draws (issue 28). The scan is
the Play page's (``tests/tutor/test_play_names_no_game.py``): no import of a game's package, no game id or name in
a string or a name of the code."""

from __future__ import annotations

from pathlib import Path

from tests.tutor.test_play_names_no_game import _names_of_games
from tutor.games import BUILT_IN, GAMES, form_hook, plugins

ROOT = Path(__file__).resolve().parents[2]
FORMS = ROOT / "ui" / "ruling_forms.py"


def test_the_form_tab_names_no_game() -> None:
    words = tuple(dict.fromkeys([*GAMES, *(p.name.lower() for p in plugins().values())]))
    assert "marvel_champions" in words and "marvel champions" in words
    assert _names_of_games(FORMS.read_text(encoding="utf-8"), words) == []


def test_the_scan_sees_the_per_game_forms_this_module_used_to_hold() -> None:
    words = ("marvel_champions", "regicide")
    old = '_FORMS = {"marvel_champions": _mc_form}\nif scn.game == "marvel_champions":\n    pass\n'
    assert [line for line, _ in _names_of_games(old, words)] == [1, 2]
    assert _names_of_games("from engine.marvel_champions.cards import keys_of_type\n", words) != []


def test_every_built_in_game_declares_its_form_in_its_own_package() -> None:
    for game, module in BUILT_IN.items():
        assert form_hook(game) is not None
        assert str(plugins()[game].form).startswith(module + ".")
