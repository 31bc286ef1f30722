"""Dungeon Mayhem: the pending choice, temporary effects, copies of a card, Defense cards that come into play
during the line, and a deck given as known top cards plus a count."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from engine import dungeon_mayhem as dm
from tests.tutor.files import load_text
from tutor import library
from tutor.boards import line_view
from tutor.games.dungeon_mayhem.board import render as tree
from tutor.boards.text import board_text

TABLE = """\
id: t.dm.more
game: dungeon_mayhem
title: More
source: test
setup:
  players:
    - character: Azzan
      hand: [Lightning Bolt, Charm]
      deck: {top: [Fireball, Shield], rest: 4}
    - character: Delilah
      hand: 3
      charm_ray: true
    - character: Lia
      hand: [Fluffy]
      deck: [Divine Shield, High Charisma]
      discard: []
  turn: Azzan
actions:
  - play: Lightning Bolt
questions:
  - {id: kind, prompt: What?, ask: pending_kind}
  - {id: by, prompt: Who?, ask: pending_by}
  - {id: ray, prompt: Ray?, ask: effect_active, of: "Delilah: Charm Ray"}
  - {id: ray_any, prompt: Ray?, ask: effect_active, of: Charm Ray}
  - {id: disguise, prompt: Disguise?, ask: effect_active, of: Clever Disguise}
  - {id: ray_next, prompt: Ray?, ask: effect_active, of: Charm Ray, then: [{target: Lia}], at: next_turn}
  - {id: copies, prompt: Copies?, ask: card_copies, of: "Lia: Divine Shield"}
  - {id: deck_lia, prompt: Copies?, ask: deck_copies, of: "Lia: Divine Shield"}
  - {id: azzan_deck, prompt: Deck?, ask: deck_size, of: Azzan}
"""


def _lib(tmp_path: Path, text: str = TABLE) -> library.Library:
    lib = load_text(tmp_path, text, "more.yaml")
    assert lib.problems == []
    return lib


def _answer(lib: library.Library, qid: str, sid: str = "t.dm.more") -> object:
    return lib.asked(sid, qid).answer


def _lead(lib: library.Library, qid: str, sid: str = "t.dm.more") -> str:
    step = lib.asked(sid, qid).explanation.deciding_step
    assert step is not None
    return step.rule


def test_the_pending_choice_is_the_engines(tmp_path: Path) -> None:
    lib = _lib(tmp_path)
    assert _answer(lib, "kind") == "target" and _answer(lib, "by") == "Delilah"  # Charm Ray: Delilah chooses
    assert _lead(lib, "by") == "DM.power.charm_ray"
    plain = _lib(tmp_path, TABLE.replace("      charm_ray: true\n", ""))
    assert _answer(plain, "by") == "Azzan" and _lead(plain, "by") == "DM.turn.choice"


def test_effects_are_read_from_the_position_and_end_on_their_turn(tmp_path: Path) -> None:
    lib = _lib(tmp_path)
    assert _answer(lib, "ray") is True and _answer(lib, "ray_any") is True and _answer(lib, "disguise") is False
    assert _answer(lib, "ray_next") is False  # Delilah's own turn has begun: "until your next turn" is over
    assert _lead(lib, "ray") == "DM.power.charm_ray"


def test_copies_in_the_catalogue_and_in_a_listed_draw_pile(tmp_path: Path) -> None:
    lib = _lib(tmp_path)
    assert _answer(lib, "copies") == dm.card_type("Lia", "Divine Shield").count == 2
    assert _answer(lib, "deck_lia") == 1


def test_a_deck_with_known_top_cards_and_a_count(tmp_path: Path) -> None:
    lib = _lib(tmp_path)
    assert _answer(lib, "azzan_deck") == 6
    deck = lib.asked("t.dm.more", "azzan_deck").solution.outcome.before.players[0].deck
    assert [dm.card_name(c) for c in deck[:2]] == ["Fireball", "Shield"]


def test_copies_in_an_unlisted_deck_are_refused_by_name(tmp_path: Path) -> None:
    lib = load_text(tmp_path, TABLE.replace('of: "Lia: Divine Shield"}\n  - {id: azzan_deck',
                                            'of: "Azzan: Fireball"}\n  - {id: azzan_deck'), "more.yaml")
    assert ("t.dm.more", "deck_lia") in lib.refused or not lib.answerable("t.dm.more", "deck_lia")
    assert "not given card by card" in str(lib.refused[("t.dm.more", "deck_lia")])


def test_bad_effects_and_bad_deck_specs_are_reported_at_their_line(tmp_path: Path) -> None:
    (p,) = load_text(tmp_path, TABLE.replace("of: Clever Disguise", "of: Sneaky Hat")).problems
    assert p.field == "questions[4].of" and p.message.startswith("unknown effect 'sneaky hat'")
    (p,) = load_text(tmp_path, TABLE.replace("rest: 4", "rest: -1")).problems
    assert p.line == 9 and p.field.startswith("setup.players[0].deck")
    (p,) = load_text(tmp_path, TABLE.replace("[Fireball, Shield]", "[Fireball, Fluffy]")).problems
    assert p.line == 9 and "Fluffy" in p.message


ENTERS = """\
id: t.dm.enters
game: dungeon_mayhem
title: Enters
source: test
setup:
  players:
    - character: Lia
      hand: [Fluffy, High Charisma]
    - character: Azzan
      hand: [Burning Hands]
      deck: {top: [Lightning Bolt], rest: 3}
  turn: Lia
actions:
  - play: Fluffy
questions:
  - {id: shields, prompt: Shields?, ask: shields_left, of: "Lia: Fluffy"}
  - id: gone
    prompt: Destroyed?
    then: [{play: Lightning Bolt}, {target: Lia, defense: Fluffy}]
    ask: destroyed_defense
    of: "Lia: Fluffy"
  - {id: not_yet, prompt: Destroyed?, ask: destroyed_defense, of: "Lia: Fluffy"}
"""


def test_a_defense_card_played_during_the_line_can_be_named(tmp_path: Path) -> None:
    lib = _lib(tmp_path, ENTERS)
    assert _answer(lib, "shields", "t.dm.enters") == 2
    assert _answer(lib, "gone", "t.dm.enters") is True and _answer(lib, "not_yet", "t.dm.enters") is False
    (p,) = load_text(tmp_path, ENTERS.replace('of: "Lia: Fluffy"}\n  - id: gone', 'of: "Lia: Divine Shield"}\n'
                                              '  - id: gone')).problems
    assert p.field == "questions[0].of" and "at any moment of the question's plays" in p.message


def test_the_board_masks_the_effects_and_the_chooser(tmp_path: Path) -> None:
    lib = _lib(tmp_path)
    scn = lib.scenarios["t.dm.more"]
    sol = lib.solution("t.dm.more")
    end = line_view(sol.outcome, scn.actions)
    open_ = board_text(tree(scn, end))
    from engine.dungeon_mayhem.quantities import CHOICE_BY, status

    read = frozenset({CHOICE_BY, *(status(n, "charm_ray") for n in range(1, len(scn.setup.players) + 1))})
    masked = board_text(tree(scn, dataclasses.replace(end, mask=read)))  # what effect_active and pending_by read
    assert "Charm Ray: picks attack targets" in open_ and "choosing" in open_
    assert "Charm Ray: picks attack targets" not in masked and "choosing" not in masked


def test_ruling_e12_leads_both_mirror_questions() -> None:
    """The Mirror's shields and the damaged original's are both ruling E12's: its step keeps the original's Defense
    cards and takes the copy's coming into play (not 'stays in play', nor 'fixed by the set-up')."""
    lib = library.load()
    for qid in ("shields", "original"):
        step = lib.asked("dm.ruling.mirror_damaged", qid).explanation.deciding_step
        assert step is not None and step.rule == "DM.power.mirror_shields", (qid, step)


def test_the_new_asks_read_the_quantities_they_answer_from(tmp_path: Path) -> None:
    from engine.dungeon_mayhem import quantities as Q
    from tutor.questions import reads_of

    lib = _lib(tmp_path)
    scn = lib.scenarios["t.dm.more"]

    def reads(qid: str) -> frozenset[object]:
        return reads_of(scn, scn.question(qid), lib.asked("t.dm.more", qid).solution)

    assert reads("kind") == {Q.CHOICE}
    assert reads("by") == {Q.CHOICE, Q.CHOICE_BY}
    assert reads("ray") == {Q.status(2, "charm_ray")}
    assert reads("ray_any") == {Q.status(s, "charm_ray") for s in (1, 2, 3)}
    assert reads("deck_lia") == {Q.pile(3, "deck", "cards")}
    assert reads("copies") == frozenset()
