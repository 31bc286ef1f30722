"""The reason, not the result (issue 23, item 3): the step of the rule that settles a quantity records it, as a change
or as a quantity it kept as it was (``(key, v, v)``), so a question that reads it is decided by that rule. One test per
rule whose step now carries the quantity it settles."""

from __future__ import annotations

from typing import Any

from engine import marvel_champions as mc
from engine.core.effects import is_held, legal
from engine.marvel_champions import quantities as Q
from engine.marvel_champions.glossary import GLOSSARY
from engine.marvel_champions.sources import SOURCES
from tests.engine.marvel_champions.helpers import enemy, position, table, hero


def step(out: mc.Resolution, rule: str) -> Any:
    found = [s for s in out.trace.steps if s.rule == rule]
    assert found, f"no {rule} step in {out.trace.rules()}"
    return found[-1]


def holds(s: Any) -> dict[Any, Any]:
    return {k: b for (k, b, a) in s.effects if is_held((k, b, a))}


def changes(s: Any) -> dict[Any, tuple[Any, Any]]:
    return {k: (b, a) for (k, b, a) in s.effects if b != a}


def test_the_attack_is_against_whom_initiation_names() -> None:  # MC.atk.initiate
    held = holds(step(mc.resolve(position(), []), "MC.atk.initiate"))
    assert held == {Q.attack(1, "attacked_player"): "p1", Q.attack(1, "target_player"): "p1",
                    Q.attack(1, "target"): "Spider-Man"}


def test_nobody_defends_settles_the_target_and_no_defender() -> None:  # MC.atk.undefended
    held = holds(step(mc.resolve(position(), []), "MC.atk.undefended"))
    assert held[Q.attack(1, "target")] == "Spider-Man" and held[Q.attack(1, "defender")] is None
    assert held[Q.attack(1, "defense_kind")] is None and held[Q.attack(1, "attacked_player")] == "p1"


def test_the_step_that_chooses_the_defense_sets_its_kind() -> None:  # MC.def.basic, MC.def.ally
    basic = mc.resolve(position(), [mc.BasicDefend("p1")])
    assert changes(step(basic, "MC.def.basic"))[Q.attack(1, "defense_kind")] == (None, "basic")
    assert Q.attack(1, "defense_kind") not in changes(step(basic, "MC.def.retarget"))
    ally = mc.resolve(position(), [mc.AllyDefend("p2", "Spider-Woman")])
    assert changes(step(ally, "MC.def.ally"))[Q.attack(1, "defense_kind")] == (None, "ally")


def test_an_ally_that_becomes_the_target_spares_the_old_one() -> None:  # MC.def.retarget
    out = mc.resolve(position(), [mc.AllyDefend("p2", "Spider-Woman")])
    retarget = step(out, "MC.def.retarget")
    assert changes(retarget)[Q.attack(1, "target")] == ("Spider-Man", "Spider-Woman")
    assert holds(retarget)[Q.character("Spider-Man", "damage")] == 0
    same = step(mc.resolve(position(), [mc.BasicDefend("p1")]), "MC.def.retarget")
    assert holds(same)[Q.attack(1, "target")] == "Spider-Man"  # the defender already was the target
    assert Q.character("Spider-Man", "damage") not in holds(same)  # and it will take the damage


def test_a_retargeted_attack_leaves_the_old_targets_retaliate_out() -> None:  # MC.def.retarget (retaliate)
    panther = hero("Black Panther", "p1", keywords=frozenset({"retaliate 1"}))
    cat = mc.Character("Hellcat", "Hellcat", "ally", "p1", atk=1, hp=3)
    out = mc.resolve(table(enemy("Rhino"), chars=(panther, cat), boost=(("Assault", 0),)), [mc.AllyDefend("p1", "Hellcat")])
    assert holds(step(out, "MC.def.retarget"))[Q.attack(1, "retaliate")] == 0
    assert out.state.enemy("Rhino").damage == 0


def test_without_overkill_the_excess_is_lost_at_the_damage_step() -> None:  # MC.dmg.apply
    out = mc.resolve(position(boost=(("Under Fire", 3),)), [mc.AllyDefend("p2", "Spider-Woman")])
    apply = step(out, "MC.dmg.apply")
    assert changes(apply)[Q.character("Spider-Woman", "in_play")] == (True, False)
    assert holds(apply) == {Q.character("Black Panther", "damage"): 0}


def test_a_tough_card_kept_at_zero_damage() -> None:  # MC.status.tough
    state = position()
    state = state.with_character(mc.Character("Spider-Man", "Spider-Man", "hero", "p1", atk=2, defense=3, hp=10,
                                              tough=1))
    out = mc.resolve(state, [mc.BasicDefend("p1")])
    assert holds(step(out, "MC.status.tough")) == {Q.character("Spider-Man", "tough"): 1}


def test_a_minion_without_villainous_is_dealt_no_boost_and_draws_nobody_a_card() -> None:  # MC.atk.minion
    out = mc.resolve(position(attacker="Vulture", kind="minion"), [])
    assert holds(step(out, "MC.atk.boost_dealt")) == {Q.attack(1, "boost_cards"): ()}
    assert holds(step(out, "MC.atk.minion")) == {Q.player("p1", "drawn"): 0}


def test_a_stunned_enemy_spares_its_target() -> None:  # MC.status.stun_replaces_attack
    state = position()
    state = state.with_enemy(mc.Enemy("Rhino", "villain", atk=2, hp=14, stunned=1))
    held = holds(step(mc.resolve(state, []), "MC.status.stun_replaces_attack"))
    assert held == {Q.attack(1, "boost_cards"): (), Q.character("Spider-Man", "damage"): 0}


def test_an_accepted_play_keeps_its_verdict_on_its_last_step() -> None:  # the verdict on a legal play
    out = mc.resolve(position(), [mc.BasicDefend("p1")])
    marked = [s for s in out.trace.steps if any(k == legal() for k, _b, _a in s.effects)]
    assert [s.rule for s in marked] == ["MC.def.retarget"] and holds(marked[0])[legal()] is True


def test_the_table_as_set_out_is_a_rule_with_a_source() -> None:  # MC.setup.position
    rule = GLOSSARY["MC.setup.position"]
    assert [c.label for c in SOURCES.cite(rule.source)][0].startswith("MarvelCDB card database")
