"""The Play page's guided-game buttons come from the registry (``tutor.play.tutorial.guided``: the games whose play
hook has a guide and whose ``first_game.yaml`` exists), each keyed by a name derived from its game's id."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.play import tutorial as tut
from ui.play_view import tutorial_key


def test_the_keys_derive_from_the_ids() -> None:
    games = ("regicide", "dungeon_mayhem", "tic_tac_toe")
    assert [tutorial_key(g, games) for g in games] == ["play.tutorial", "play.tutorial.dm", "play.tutorial.ttt"]
    clash = ("regicide", "dungeon_mayhem", "dark_mirror")  # the same initials: the whole ids
    assert [tutorial_key(g, clash) for g in clash] == ["play.tutorial", "play.tutorial.dungeon_mayhem",
                                                       "play.tutorial.dark_mirror"]


def test_a_game_is_offered_only_with_its_guide_and_its_first_game_file(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path) -> None:
    assert tut.guided() == ("regicide", "dungeon_mayhem")  # Marvel Champions is not playable: no guide
    guide = tut.guide("dungeon_mayhem")
    assert guide is not None and tut.path_of("dungeon_mayhem") == guide.folder / "first_game.yaml"
    monkeypatch.setattr(guide, "folder", tmp_path)  # its file gone: no button
    assert tut.guided() == ("regicide",)
    assert tut.guide("marvel_champions") is None and tut.guide(None) is None
