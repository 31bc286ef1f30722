"""The deciding step is computed from what each step changed and what the question reads (issue 23, item 3).

Three defects the issue names, each on a small scenario of our own: a Play Again chain's "plays left" is decided by
the step that settled the count, not by "must play 2 more cards"; a player's hit points are never decided by another
player's heal; a discard pile's size is never decided by "Now X must play a card" (where no step changed it, the
explanation says so, under the rule that fixed it)."""

from __future__ import annotations

from pathlib import Path

from engine.core.effects import Key, Value
from engine.core.trace import Step
from engine.dungeon_mayhem import quantities as Q
from tutor import library
from tutor.questions import UNCHANGED, Asked, reads_of

HEAD = """game: dungeon_mayhem
title: Reads
source: a test of our own
"""

CHAIN = HEAD + """id: t.chain
setup:
  players:
    - character: Lia
      hand: [For Justice!, Finger-Wag of Judgment, For Even More Justice!, High Charisma]
    - character: Sutha
      hand: 3
actions:
  - play: For Justice!
  - target: Sutha
  - play: Finger-Wag of Judgment
  - play: For Even More Justice!
  - target: Sutha
questions:
  - {id: left, prompt: How many more cards must Lia play?, ask: plays_left, expect: 1}
"""

HEAL = HEAD + """id: t.heal
setup:
  players:
    - character: Lia
      hp: 7
      hand: [For Justice!, Cure Wounds, High Charisma]
    - character: Sutha
      hp: 6
      hand: 3
    - character: Azzan
      hp: 4
      hand: 3
actions:
  - play: For Justice!
  - target: Sutha
  - play: Cure Wounds
questions:
  - {id: sutha, prompt: Sutha's hit points?, ask: hp_after, of: Sutha, expect: 5}
  - {id: azzan, prompt: Azzan's hit points?, ask: hp_after, of: Azzan, expect: 4}
  - {id: lia, prompt: Lia's hit points?, ask: hp_after, of: Lia, expect: 8}
"""

DISCARD = HEAD + """id: t.discard
setup:
  players:
    - character: Lia
      hand: [For Justice!, Cure Wounds, High Charisma]
      discard: 2
    - character: Sutha
      hand: 3
actions:
  - play: For Justice!
  - target: Sutha
questions:
  - {id: now, prompt: Cards in Lia's discard pile?, ask: discard_size, of: Lia, expect: 2}
  - id: later
    prompt: And once she has played Cure Wounds?
    ask: discard_size
    of: Lia
    then: [{play: Cure Wounds}]
    expect: 4
"""


def _asked(tmp_path: Path, text: str, qid: str) -> Asked:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    lib = library.load([path])
    assert not lib.problems, lib.problems
    (sid,) = lib.scenarios
    asked = lib.asked(sid, qid)
    assert asked.answer == lib.scenarios[sid].question(qid).expect
    return asked


def _changes(step: Step, key: Key) -> list[tuple[Value, Value]]:
    return [(b, a) for k, b, a in step.effects if k == key]


def test_plays_left_is_decided_by_the_step_that_settled_the_count(tmp_path: Path) -> None:
    asked = _asked(tmp_path, CHAIN, "left")
    step = asked.explanation.deciding_step
    assert step is not None and _changes(step, Q.PLAYS_OWED) == [(2, 1)], step
    assert step.rule == "DM.turn.play"  # playing For Even More Justice! uses one of the two plays owed


def test_hit_points_are_not_decided_by_another_players_heal(tmp_path: Path) -> None:
    sutha = _asked(tmp_path, HEAL, "sutha").explanation.deciding_step
    assert sutha is not None and _changes(sutha, Q.hp(2)) == [(6, 5)] and sutha.rule == "DM.attack.target"
    lia = _asked(tmp_path, HEAL, "lia").explanation.deciding_step
    assert lia is not None and lia.rule == "DM.heal.heal" and _changes(lia, Q.hp(1)) == [(7, 8)]
    azzan = _asked(tmp_path, HEAL, "azzan")  # nothing changed Azzan's: it says so, under the set-up's rule
    step = azzan.explanation.deciding_step
    assert step is not None and step.rule == "DM.setup.deal" and step.message is not None
    assert step.message.template == UNCHANGED
    assert not any(Q.hp(3) in {k for k, _b, _a in s.effects} for s in azzan.explanation.steps)


def test_a_discard_pile_is_not_decided_by_the_open_choice(tmp_path: Path) -> None:
    now = _asked(tmp_path, DISCARD, "now")
    assert reads_of(now.scenario, now.question, now.solution) == frozenset({Q.pile(1, "discard")})
    assert any(s.text.startswith("Now Lia must play a card") for s in now.explanation.steps)
    step = now.explanation.deciding_step
    assert step is not None and step.message is not None and step.message.template == UNCHANGED
    later = _asked(tmp_path, DISCARD, "later").explanation.deciding_step
    assert later is not None and later.rule == "DM.turn.discard" and _changes(later, Q.pile(1, "discard")) == [(2, 4)]
