"""Check a ruling: positioned problems, what-if diffs, one-click variations, and open decisions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import ruling as rl
from tutor.library import ROOT, default_library
from tutor.templates import template

LIB = default_library()


def text_of(sid: str) -> str:
    p = Path(LIB.paths[sid])
    return (p if p.exists() else ROOT / p).read_text(encoding="utf-8")


def with_actions(sid: str, actions: list[dict]) -> str:  # type: ignore[type-arg]
    return rl.edit(text_of(sid), lambda d: d.__setitem__("actions", actions))


PREEMPTIVE_AFTER_BASIC = rl.edit(template("marvel_champions"), lambda d: d.update(actions=[
    {"player": "p1", "defend": "Spider-Man"}, {"player": "p2", "play": "Preemptive Strike"}]) or
    d["setup"]["players"][1].__setitem__("hand", ["Preemptive Strike"]))


# -- problems ---------------------------------------------------------------------------------------
def test_problems_come_with_line_and_column() -> None:
    r = rl.check("id: a\ngame: marvel_champions\nid: b\n")
    assert not r.ok
    assert [str(p) for p in r.problems] == ["situation.yaml:3:1: id: duplicate key 'id' (first defined at line 1)"]


def test_schema_and_reference_problems_are_all_reported_at_their_field() -> None:
    text = template("marvel_champions").replace("identity: Spider-Man", "identity: Spider-Mann").replace(
        "against: p1", "against: p9")
    lines = [str(p) for p in rl.check(text).problems]
    assert any("setup.players[0].identity: unknown card 'Spider-Mann'" in x for x in lines)
    assert any("setup.attack.against: unknown player 'p9'" in x for x in lines)
    assert all(x.startswith("situation.yaml:") for x in lines)


def test_a_lesson_is_not_a_situation() -> None:
    r = rl.check("id: l\nslides: []\n")
    assert [p.message for p in r.problems] == ["this is a lesson file, not a scenario"]


# -- the done-when ruling ------------------------------------------------------------------------------
def test_preemptive_strike_after_a_basic_defense_keeps_the_target() -> None:
    r = rl.check(PREEMPTIVE_AFTER_BASIC)
    assert r.ok and r.solution.is_legal  # type: ignore[union-attr]
    who = next(a for a in r.answers if a.qid == "who")
    assert who.value == {"attacked_player": "p1", "target": "Spider-Man"}
    assert "MC.def.label_no_change" in [s.rule for s in r.solution.steps]  # type: ignore[union-attr]
    assert rl.open_decisions(r) == []  # the plays say who defends


# -- what-if diff ----------------------------------------------------------------------------------------
def test_the_same_situation_has_no_differences() -> None:
    r = rl.check(PREEMPTIVE_AFTER_BASIC)
    d = rl.diff(r, r)
    assert not d.changed and all(s.kind == "same" for s in d.steps)


def test_removing_the_basic_defense_changes_steps_and_answers() -> None:
    a = rl.check(PREEMPTIVE_AFTER_BASIC)
    b = rl.check(rl.edit(PREEMPTIVE_AFTER_BASIC, lambda d: d["actions"].pop(0)))
    d = rl.diff(a, b)
    assert d.changed
    kinds = {(s.kind, (s.left or s.right).rule) for s in d.steps}  # type: ignore[union-attr]
    assert ("removed", "MC.def.basic") in kinds
    assert ("added", "MC.def.label") in kinds or ("changed", "MC.def.label") in kinds
    assert ("same", "MC.atk.initiate") in kinds
    who = next(x for x in d.answers if x.qid == "who")
    assert who.changed and "Black Panther" in who.right and "Spider-Man" in who.left


def test_a_changed_sentence_under_the_same_rule_is_a_changed_step() -> None:
    a = rl.check(template("marvel_champions"))
    b = rl.check(rl.edit(template("marvel_champions"), lambda d: d["setup"]["attack"].__setitem__("atk_modifier", 1)))
    d = rl.diff(a, b)
    changed = [s for s in d.steps if s.kind == "changed"]
    assert changed and all(s.left.rule == s.right.rule for s in changed)  # type: ignore[union-attr]


def test_illegal_rules_are_compared() -> None:
    a = rl.check(text_of("mc.d1.taking_turns"))
    b = rl.check(rl.edit(a.text, lambda d: d["actions"].pop(1)))
    d = rl.diff(a, b)
    assert d.legality == ("MC.def.label_one_player", "")


# -- variations --------------------------------------------------------------------------------------------
def test_variations_remove_a_play_switch_the_defender_and_change_a_stat() -> None:
    labels = [v.label for v in rl.variations(rl.check(text_of("mc.d1.lend_a_hand")))]
    assert "Without play 1 (Player 2 defends with Spider-Woman)" in labels
    assert "Spider-Man defends instead of Spider-Woman" in labels
    assert "Rhino gets +1 ATK" in labels


@pytest.mark.parametrize("sid", sorted(LIB.scenarios))
def test_every_variation_loads_and_differs(sid: str) -> None:
    r = rl.check(text_of(sid))
    for v in rl.variations(r):
        other = rl.check(v.text)
        assert other.ok, (v.label, [str(p) for p in other.problems])
        assert v.text != rl.edit(r.text, lambda d: None)


# -- open decisions ------------------------------------------------------------------------------------------
def test_who_defends_is_asked_with_the_legal_defenders_only() -> None:
    text = rl.edit(text_of("mc.d1.lend_a_hand"), lambda d: d.__setitem__("actions", []))
    text = rl.edit(text, lambda d: d["setup"]["players"][0].__setitem__("identity", {"card": "Spider-Man", "exhausted": True}))
    (d,) = rl.open_decisions(rl.check(text))
    actions = [o.action for o in d.options]
    assert {"player": "p1", "defend": "Spider-Man"} not in actions  # exhausted: MC.def.ready
    assert {"player": "p2", "defend": "Spider-Woman"} in actions and {"player": "p2", "defend": "Black Panther"} in actions
    assert d.options[-1].tag == rl.NOBODY_DEFENDS


def test_answering_the_decision_closes_it() -> None:
    r = rl.check(template("marvel_champions"))
    (d,) = rl.open_decisions(r)
    defend = next(o for o in d.options if o.action)
    settled = rl.check(rl.settle(r.text, d, defend))
    assert settled.scenario.actions[0].defend == defend.action["defend"]  # type: ignore[union-attr, index]
    assert rl.open_decisions(settled) == []
    nobody = rl.check(rl.settle(r.text, d, d.options[-1]))
    assert rl.NOBODY_DEFENDS in nobody.scenario.tags and rl.open_decisions(nobody) == []  # type: ignore[union-attr]


def test_a_stunned_attacker_leaves_nothing_to_decide() -> None:
    text = rl.edit(template("marvel_champions"), lambda d: d["setup"]["attack"].__setitem__(
        "attacker", {"card": "Rhino", "stunned": 1}))
    assert rl.open_decisions(rl.check(text)) == []


def test_regicide_asks_which_cards_to_discard_from_the_legal_actions() -> None:
    r = rl.check(with_actions("rg.turn.basic_attack", [{"seat": 1, "play": ["9H"]}]))
    (d,) = rl.open_decisions(r)
    assert d.required and str(d.question) == "Which cards does seat 1 discard?"
    assert [o.action for o in d.options] == [{"seat": 1, "discard": ["5D", "6C"]}]  # the minimal discard
    for o in d.options:
        assert rl.check(rl.settle(r.text, d, o)).solution.is_legal  # type: ignore[union-attr]


def test_regicide_offers_the_next_play_when_nothing_is_pending() -> None:
    (d,) = rl.open_decisions(rl.check(template("regicide")))
    assert not d.required and {"seat": 1, "play": ["9H"]} in [o.action for o in d.options]


def test_dungeon_mayhem_asks_for_the_attack_target() -> None:
    r = rl.check(with_actions("dm.attack.basic", [{"play": "Big Axe Is Best Axe"}]))
    (d,) = rl.open_decisions(r)
    assert d.required and str(d.question).startswith("Whom does")
    assert {"target": "Lia"} in [o.action for o in d.options]
    assert rl.check(rl.settle(r.text, d, d.options[0])).ok


def test_dungeon_mayhem_asks_another_player_a_named_choice() -> None:
    """Praise Me asks each opponent in turn: the decision names who decides and offers the named options."""
    r = rl.check(with_actions("dm.power.praise_me", [{"play": "Praise Me"}]))
    (d,) = rl.open_decisions(r)
    assert d.required and str(d.question) == "Does Sutha praise Delilah?"
    assert [o.action for o in d.options] == [{"option": "praise"}, {"option": "refuse"}]
    r = rl.check(rl.settle(r.text, d, d.options[1]))
    (d,) = rl.open_decisions(r)
    assert r.ok and str(d.question) == "Does Azzan praise Delilah?"


def test_dungeon_mayhem_asks_which_card_the_mirror_copies() -> None:
    r = rl.check(with_actions("dm.power.definitely_just_a_mirror", [{"play": "Definitely Just a Mirror"}]))
    (d,) = rl.open_decisions(r)
    assert str(d.question).startswith("Which Defense card does Mimi") and {"mirror": "Azzan", "defense": "Shield"} in [
        o.action for o in d.options]
    assert rl.check(rl.settle(r.text, d, d.options[0])).ok
