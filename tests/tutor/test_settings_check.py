"""A file's engine settings are checked alike in every game (tutor/games/settings.py): an unknown name, a value of
another type than the field's, and a value the engine refuses are each reported at the setting's own line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import dungeon_mayhem as dm
from tests.tutor.files import load_text
from tutor.games.settings import SettingError, setting_problems, with_settings

DUNGEON = """\
id: t.dm.settings
game: dungeon_mayhem
title: Settings
source: test
setup:
  players:
    - {character: Sutha, hand: [Brutal Punch, Flex!]}
    - {character: Lia, hand: 3}
  settings: {SETTING}
actions:
  - play: Brutal Punch
questions:
  - {id: q, prompt: HP?, ask: hp_after, of: Lia, expect: 8}
"""

REGICIDE = """\
id: t.rg.settings
game: regicide
title: Settings
source: test
setup:
  players: 1
  enemy: JC
  hands:
    - [7S, 3D]
  settings: {SETTING}
actions:
  - {seat: 1, play: [7S]}
questions:
  - {id: q, prompt: Damage?, ask: damage_dealt, expect: 7}
"""

@pytest.mark.parametrize(("text", "setting", "field", "message"), [
    (DUNGEON, "{overflow: attacker}", "setup.settings.overflow", "unknown setting 'overflow' (settings: "),
    (DUNGEON, "{bearnard_shields: true}", "setup.settings.bearnard_shields", "setting 'bearnard_shields' takes a int"),
    (DUNGEON, "{overflow_order: first}", "setup.settings.overflow_order",
     "Settings.overflow_order must be one of ('attacker', 'played_order', 'newest_first'), not 'first'"),
    (REGICIDE, "{yield_flags: true}", "setup.settings.yield_flags", "unknown setting 'yield_flags' (settings: "),
])
def test_a_wrong_setting_is_reported_at_its_line(tmp_path: Path, text: str, setting: str, field: str,
                                                  message: str) -> None:
    problems = load_text(tmp_path, text.replace("{SETTING}", setting)).problems
    line = text.splitlines().index("  settings: {SETTING}") + 1
    assert [(p.field, p.line) for p in problems] == [(field, line)]
    assert problems[0].message.startswith(message), problems[0].message


@pytest.mark.parametrize("text, setting", [(DUNGEON, "{overflow_order: played_order}"),
                                           (REGICIDE, "{solo_may_yield: true}")])
def test_a_known_setting_loads(tmp_path: Path, text: str, setting: str) -> None:
    assert load_text(tmp_path, text.replace("{SETTING}", setting), "good.yaml").problems == []


def test_with_settings_changes_only_what_is_given() -> None:
    changed = with_settings(dm.DEFAULT, {"overflow_order": "played_order", "bearnard_shields": 1})
    assert (changed.overflow_order, changed.bearnard_shields) == ("played_order", 1)
    assert changed.discard_timing == dm.DEFAULT.discard_timing
    assert with_settings(dm.DEFAULT, {}) == dm.DEFAULT


def test_a_switch_is_not_a_number_nor_a_number_a_switch() -> None:
    assert [k for k, _ in setting_problems(dm.DEFAULT, {"bearnard_shields": True, "ghost_hits_defense": 1})] == \
        ["bearnard_shields", "ghost_hits_defense"]


def test_settings_refused_only_together_name_no_setting() -> None:
    @dataclass(frozen=True)
    class Range:
        low: int = 1
        high: int = 5

        def __post_init__(self) -> None:
            if self.low > self.high:
                raise ValueError("low must not be above high")

    assert setting_problems(Range(), {"low": 3, "high": 2}) == []  # each is taken alone
    with pytest.raises(SettingError) as err:
        with_settings(Range(), {"low": 3, "high": 2})
    assert err.value.key is None and err.value.message == "low must not be above high"
    with pytest.raises(SettingError) as err:
        with_settings(Range(), {"low": 6})
    assert err.value.key == "low"
