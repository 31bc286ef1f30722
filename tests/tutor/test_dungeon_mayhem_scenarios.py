"""Dungeon Mayhem scenarios and lessons: every file loads, every expect matches the engine, every ask
is used, and malformed files are reported at the right line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.dungeon_mayhem import CARD_TYPES, CHARACTERS, card_name as dm_card_name
from engine.dungeon_mayhem.cards import character_name
from tests.tutor.files import load_text
from tutor import library
from tutor.games import plugin
from tutor.questions import caption_of
from tutor.boards import BoardView, line_view
from tutor.games.dungeon_mayhem import board as game_board
from ui.boards import draw


def render(scn: object, view: BoardView) -> str:
    """The game's board drawn, as the page draws it."""
    return draw(game_board.render(scn, view))  # type: ignore[arg-type]


def slide_cards(names: list[str]) -> str:
    return draw(game_board.slide_cards(names))

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios" / "dungeon_mayhem"
LESSONS = ROOT / "lessons" / "dungeon_mayhem"

GOOD = """\
id: t.dm.good
game: dungeon_mayhem
title: Good
source: test
setup:
  players:
    - character: Sutha
      hand: [Brutal Punch, Flex!]
    - character: Lia
      hand: 3
      defense: [Fluffy]
actions:
  - play: Brutal Punch
  - {target: Lia, defense: Fluffy}
questions:
  - id: q
    prompt: Is Fluffy destroyed?
    ask: destroyed_defense
    of: "Lia: Fluffy"
    expect: true
"""


@pytest.fixture(scope="module")
def lib() -> library.Library:
    return library.load([SCENARIOS, LESSONS])








def test_every_mighty_power_has_a_scenario(lib: library.Library) -> None:
    played = {a.play for s in lib.scenarios.values() for a in s.actions if a.play}  # type: ignore[attr-defined]
    powers = {t.name for t in CARD_TYPES if t.is_mighty and t.copy_of < 0 and not t.unmodelled}
    assert len(powers) == 11 + 22 and powers - played == set()


def test_every_expansion_character_is_seated_in_a_scenario(lib: library.Library) -> None:
    seated = {character_name(p.character) for s in lib.scenarios_for("dungeon_mayhem") for p in s.setup.players}  # type: ignore[attr-defined]
    assert set(CHARACTERS) <= seated




def test_six_lessons_in_order_with_five_questions_each(lib: library.Library) -> None:
    lessons = lib.lessons_for("dungeon_mayhem")
    assert [l.order for l in lessons] == [1, 2, 3, 4, 5, 6]
    assert lessons[-1].id == "dm.6_expansion_powers" and len(lessons[-1].question_slides) >= 8
    assert lessons[0].id == "dm.1_cards"
    for a, b in zip(lessons, lessons[1:]):
        assert a.next == b.id
    for lesson in lessons:
        assert len(lesson.question_slides) >= 5, lesson.id


def test_illegal_plays_carry_the_rule_in_the_last_step(lib: library.Library) -> None:
    sol = lib.solution("dm.attack.defense_first")
    assert sol.illegal is not None and sol.illegal.rule == "DM.defense.protects"
    assert sol.steps[-1].rule == "DM.defense.protects" and sol.steps[-1].text.startswith("The play is illegal")
    assert lib.solution("dm.zone.neighbour_only").illegal.rule == "DM.zone.regular"  # type: ignore[union-attr]


def test_explanations_come_from_the_engine_trace(lib: library.Library) -> None:
    rules = [s.rule for s in lib.solution("dm.defense.overflow_chain").steps]
    assert rules.index("DM.defense.destroyed") < rules.index("DM.defense.overflow") < rules.index("DM.hp.damage")
    texts = [s.text for s in lib.solution("dm.ghost.haunt").steps]
    assert any("Ann" in t for t in texts)  # the trace uses the scenario's player names


def test_captions_are_derived_from_the_plays(lib: library.Library) -> None:
    assert caption_of(lib.scenarios["dm.defense.overflow_hp"]) == \
        "Sutha plays Big Axe Is Best Axe at Lia's Divine Shield."
    assert caption_of(lib.scenarios["dm.deck.reshuffle_turn_start"]) == "It is Lia's turn."
    assert "The ghost of Cat haunts Ann" in caption_of(lib.scenarios["dm.ghost.haunt"])


def _end(lib: library.Library, sid: str) -> BoardView:
    sol = lib.solution(sid)
    return line_view(sol.outcome, lib.scenarios[sid].actions, sol.illegal, lib.line(sid).illegal_index)


def test_boards_render_before_and_after(lib: library.Library) -> None:
    for sid, scn in lib.scenarios.items():
        before = render(scn, BoardView(None))
        after = render(scn, _end(lib, sid))
        assert 'class="rt-board dm"' in before and 'class="rt-board dm"' in after
    after = render(lib.scenarios["dm.ko.draw"], _end(lib, "dm.ko.draw"))
    assert "A draw" in after and "knocked out" in after
    assert "ghost" in render(lib.scenarios["dm.ghost.haunt"], BoardView(None))
    assert "Fireball" in slide_cards(["Azzan: Fireball", "Fluffy"]) and "Fluffy" in slide_cards(["Fluffy"])


def test_board_escapes_names(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    path.write_text(GOOD.replace("    - character: Lia\n", "    - character: Lia\n      name: <b>Lia</b>\n")
                    .replace("target: Lia", "target: <b>Lia</b>").replace('"Lia: Fluffy"', '"<b>Lia</b>: Fluffy"'),
                    encoding="utf-8")
    lib = library.load([path])
    assert lib.problems == []
    html = render(lib.scenarios["t.dm.good"], BoardView(None))
    assert "<b>Lia</b>" not in html and "&lt;b&gt;Lia&lt;/b&gt;" in html


def _problems(tmp_path: Path, text: str) -> list:
    return load_text(tmp_path, text).problems


def test_good_file_loads(tmp_path: Path) -> None:
    lib = load_text(tmp_path, GOOD, "good.yaml")
    assert lib.problems == []
    scn = lib.scenarios["t.dm.good"]
    assert lib.asked(scn.id).answer is True


def test_unknown_card_in_a_hand_is_reported_at_its_line(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("[Brutal Punch, Flex!]", "[Brutal Punch, Fireball]"))
    assert (p.line, p.col) == (8, 28)
    assert p.field == "setup.players[0].hand[1]" and p.message.startswith("unknown card 'Fireball'")


def test_unknown_character_is_reported_at_its_line(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("character: Lia", "character: Minsky"))
    assert p.line == 9 and p.field == "setup.players[1].character" and "unknown character 'Minsky'" in p.message


def test_not_a_defense_card_is_reported(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("defense: [Fluffy]", "defense: [Fighting Words]"))
    assert p.line == 11 and p.field == "setup.players[1].defense[0]" and "not a Defense card" in p.message


def test_unknown_player_in_an_action(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("{target: Lia, defense", "{target: Azzan, defense"))
    assert p.line == 14 and p.field == "actions[1].target" and "unknown player 'Azzan'" in p.message


def test_defense_card_not_in_play(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("defense: Fluffy}", "defense: Divine Shield}"))
    assert p.line == 14 and p.field == "actions[1].defense" and "no Defense card called 'Divine Shield'" in p.message


def test_card_not_in_hand(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("play: Brutal Punch", "play: RAGE!"))
    assert p.line == 13 and p.field == "actions[0].play" and "no card called 'RAGE!'" in p.message


def test_wrong_verb_for_the_pending_choice(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("  - {target: Lia, defense: Fluffy}\n", "  - play: Flex!\n"))
    assert p.line == 14 and "waiting for Sutha's 'target'" in p.message


def test_too_many_copies(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("[Brutal Punch, Flex!]", "[Brutal Punch, Brutal Punch, Brutal Punch]"))
    assert p.line == 8 and p.field == "setup.players[0].hand[2]" and "only 2 Brutal Punch" in p.message


def test_unknown_setting(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("actions:\n", "  settings: {overflow: attacker}\nactions:\n"))
    assert p.line == 12 and p.field == "setup.settings.overflow" and "unknown setting" in p.message


def test_unknown_card_named_by_a_question(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace('"Lia: Fluffy"', '"Lia: Riff"'))
    assert p.line == 19 and p.field == "questions[0].of" and "not exactly one Defense card" in p.message


def test_two_verbs_in_one_action(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, GOOD.replace("  - play: Brutal Punch\n", "  - {play: Brutal Punch, choose: Lia}\n"))
    assert p.line == 13 and "exactly one of" in p.message


def test_expect_mismatch_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(GOOD.replace("expect: true", "expect: false"), encoding="utf-8")
    problems, compared = library.check_expectations(library.load([path]))
    assert compared == 1 and problems[0].line == 20 and "the engine computes True" in problems[0].message


def test_a_refused_card_is_named_at_its_line(tmp_path: Path) -> None:  # DM.card.unmodelled
    text = GOOD.replace("character: Sutha\n      hand: [Brutal Punch, Flex!]",
                        "character: Mimi\n      hand: [Definitely Not a Trap, A Book (Cannot Bite)]")
    text = text.replace("play: Brutal Punch", "play: Definitely Not a Trap")
    (p,) = _problems(tmp_path, text)
    assert str(p).endswith(":8:37: A Book (Cannot Bite): its use of the first-listed Mighty Power of a neighbour "
                           "is not modelled"), str(p)


def test_mimi_without_the_refused_card_loads_and_unlisted_piles_skip_it(tmp_path: Path) -> None:
    text = GOOD.replace("character: Sutha\n      hand: [Brutal Punch, Flex!]",
                        "character: Mimi\n      hand: [Definitely Not a Trap, It's Not a Trap]\n      deck: 22")
    text = text.replace("play: Brutal Punch", "play: Definitely Not a Trap")
    lib = load_text(tmp_path, text, "mimi.yaml")
    assert lib.problems == []
    deck = lib.solution("t.dm.good").outcome.before.players[0].deck
    assert len(deck) == 22 and "A Book (Cannot Bite)" not in {dm_card_name(c) for c in deck}


def test_expansion_verbs_resolve_and_caption(tmp_path: Path) -> None:
    text = """\
id: t.dm.praise
game: dungeon_mayhem
title: Praise
source: test
setup:
  players:
    - {character: Delilah, hand: [Praise Me, Laser Show], deck: [Rays for Days, Multitask, Cuter Than You]}
    - {character: Sutha, hand: 2}
    - {character: Jaheira, form: wolf, hand: 2}
actions:
  - play: Praise Me
  - option: refuse
  - option: praise
questions:
  - id: hp
    prompt: Sutha refuses. Sutha's HP?
    ask: hp_after
    of: Sutha
    expect: 8
"""
    lib = load_text(tmp_path, text, "praise.yaml")
    assert lib.problems == []
    scn = lib.scenarios["t.dm.praise"]
    assert str(plugin("dungeon_mayhem").caption(scn, scn.actions)) == \
        "Delilah plays Praise Me; Sutha refuses to praise; Jaheira praises."
    assert lib.solution(scn.id).outcome.before.players[2].form == "wolf"
    bad = load_text(tmp_path, text.replace("option: refuse", "choose: Sutha"), "bad.yaml").problems
    assert "waiting for Sutha's 'option'" in bad[0].message
