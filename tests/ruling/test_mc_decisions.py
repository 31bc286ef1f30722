"""Check a ruling, Marvel Champions: indirect damage nobody assigned is an open decision, asked with the legal
splits (never guessed); choosing one adds the play and the ruling goes on."""

from __future__ import annotations

from tutor import ruling as rl

SANDMAN = """\
id: my.ruling
game: marvel_champions
title: Sand
source: test
tags: [nobody-defends]
setup:
  players:
    - {id: p1, name: Player 1, identity: Spider-Man, allies: [Hellcat]}
  attack: {attacker: Sandman, against: p1, boost: [Shocker]}
actions: []
questions:
  - {id: hp, prompt: Hellcat's hit points?, ask: hp_after, of: Hellcat}
"""


def test_unassigned_indirect_damage_is_asked_with_the_legal_splits() -> None:
    r = rl.check(SANDMAN)
    assert r.ok  # the question cannot be answered: the engine stops at the decision, and says so in its place
    assert [(a.qid, a.value, a.asked) for a in r.answers] == [("hp", None, None)]
    assert "do not say how Player 1 assigns it" in str(r.answers[0].refused)
    (d,) = rl.open_decisions(r)
    assert str(d.question) == "How does Player 1 assign the 4 indirect damage?" and "MC.dmg.indirect" in str(d.why)
    # Hellcat has 3 hit points, so she takes 0 to 3 and Spider-Man the rest: four legal splits
    assert [o.action["assign"] for o in d.options] == [  # type: ignore[index]
        {"Spider-Man": 4}, {"Spider-Man": 3, "Hellcat": 1}, {"Spider-Man": 2, "Hellcat": 2},
        {"Spider-Man": 1, "Hellcat": 3}]
    assert d.more == 0


def test_choosing_a_split_adds_the_play_and_rules() -> None:
    r = rl.check(SANDMAN)
    (d,) = rl.open_decisions(r)
    settled = rl.check(rl.settle(SANDMAN, d, d.options[2]))
    assert settled.ok and rl.open_decisions(settled) == []
    assert [a.value for a in settled.answers] == [1]


def test_more_splits_than_shown_are_counted() -> None:
    text = SANDMAN.replace("allies: [Hellcat]", "allies: [Hellcat, Jessica Jones, Nick Fury]")
    (d,) = rl.open_decisions(rl.check(text), limit=5)
    assert len(d.options) == 5 and d.more > 0
