"""What did *not* happen is traced (issue 23, item 3): a rule that prevents or narrows something logs a step whose
effects hold the quantity it kept as it was, or the choice it narrowed (``(key, v, v)``, engine.core.trace.keep),
with its rule id and a language-free message. One test per rule, in each game."""

from __future__ import annotations

from typing import Any

from engine import marvel_champions as mc
from engine.core.effects import is_held
from engine.core.message import Message
from engine.dungeon_mayhem import apply_explained as dm_apply
from engine.dungeon_mayhem import quantities as dq
from engine.dungeon_mayhem.actions import ChooseTarget, PlayCard
from engine.marvel_champions import quantities as mq
from engine.regicide import Play, apply_explained as rg_apply, from_position
from engine.regicide import quantities as rq
from tests.engine.dungeon_mayhem.helpers import P, pos


def step_of(steps: Any, rule: str, text: str = "") -> Any:
    found = [s for s in steps if s.rule == rule and text in s.text]
    assert found, f"no {rule} step ({text!r}) in {[s.rule for s in steps]}"
    assert isinstance(found[-1].message, Message)  # language-free: a template and its parameters
    assert found[-1].source
    return found[-1]


def effects(step: Any) -> dict[Any, tuple[Any, Any]]:
    return {k: (b, a) for k, b, a in step.effects}


def holds(step: Any) -> dict[Any, Any]:
    return {k: b for (k, b, a) in step.effects if is_held((k, b, a))}


# -- Regicide ---------------------------------------------------------------------------------------------------


def test_immunity_holds_what_the_blocked_power_would_change() -> None:  # REG.immunity
    s = from_position(2, enemy="JS", hands=[["5S", "9C"], ["7H"]])
    _, steps = rg_apply(s, Play.of("5S"))
    assert holds(step_of(steps, "REG.immunity")) == {rq.ENEMY_IMMUNE: True, rq.ENEMY_SHIELD: 0}
    s = from_position(2, enemy="JD", hands=[["5D", "9C"], ["7H"]], tavern=10)
    _, steps = rg_apply(s, Play.of("5D"))
    assert holds(step_of(steps, "REG.immunity")) == {rq.ENEMY_IMMUNE: True, rq.hand_size(1): 1, rq.hand_size(2): 1,
                                                     rq.pile("tavern"): 10}
    s = from_position(2, enemy="JH", hands=[["5H", "9C"], ["7S"]], discard=["2C", "3C"])
    _, steps = rg_apply(s, Play.of("5H"))
    assert holds(step_of(steps, "REG.immunity")) == {rq.ENEMY_IMMUNE: True, rq.pile("discard"): 2,
                                                     rq.pile("tavern"): rq.read(s, rq.pile("tavern"))}


def test_an_earlier_jester_lets_the_blocked_power_work() -> None:  # REG.jester.cancel_immunity
    s = from_position(2, enemy="JS", hands=[["5S", "9C"], ["7H"]], immunity_cancelled=True)
    _, steps = rg_apply(s, Play.of("5S"))
    jester = step_of(steps, "REG.jester.cancel_immunity", "played earlier")
    assert holds(jester) == {rq.ENEMY_IMMUNE: False}
    rules = [st.rule for st in steps]
    assert rules.index("REG.jester.cancel_immunity") < rules.index("REG.suit.spades")
    assert effects(step_of(steps, "REG.suit.spades"))[rq.ENEMY_SHIELD] == (0, 5)
    _, steps = rg_apply(from_position(2, enemy="JS", hands=[["5C", "9C"], ["7H"]], immunity_cancelled=True),
                        Play.of("5C"))
    assert "REG.jester.cancel_immunity" not in [st.rule for st in steps]  # another suit: nothing was blocked


# -- Dungeon Mayhem ---------------------------------------------------------------------------------------------


def test_clever_disguise_narrows_the_targets() -> None:  # DM.power.clever_disguise
    s = pos(P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Oriax", disguised=True), P("Sutha"))
    s2, steps = dm_apply(s, PlayCard(card="Lightning Bolt"))
    step = step_of(steps, "DM.power.clever_disguise", "cannot target")
    assert holds(step) == {dq.CHOICE_TARGETS: (3,)} == {dq.CHOICE_TARGETS: dq.read(s2, dq.CHOICE_TARGETS)}
    opened = step_of(steps, "DM.attack.target")
    assert effects(opened)[dq.CHOICE_TARGETS] == ((), (3,))


def test_zone_of_influence_narrows_the_targets() -> None:  # DM.zone.regular
    seats = [P("Azzan", hand=["Lightning Bolt", "Vampiric Touch"]), P("Sutha"), P("Lia"), P("Oriax"), P("Sutha")]
    _, steps = dm_apply(pos(*seats), PlayCard(card="Lightning Bolt"))
    step = step_of(steps, "DM.zone.regular", "outside the Zone")
    assert holds(step) == {dq.CHOICE_TARGETS: (2, 5)}
    assert "Lia and Oriax" in step.text


def test_a_shield_that_absorbs_it_all_holds_the_hit_points() -> None:  # DM.defense.absorb
    s = pos(P("Azzan", hand=["Burning Hands", "Charm"]), P("Sutha", hand=["Flex!"], defense=["Riff"], deck=["Raff"]))
    s, _ = dm_apply(s, PlayCard(0))
    _, steps = dm_apply(s, ChooseTarget(1, 0))
    absorb = step_of(steps, "DM.defense.absorb")
    assert holds(absorb) == {dq.hp(2): 10} and effects(absorb)[dq.defense(2, "shields")] == (3, 1)


# -- Marvel Champions ---------------------------------------------------------------------------------------------


def attack(*, enemy: mc.Enemy, hero: mc.Character, ally: mc.Character | None = None,
           encounter: tuple[mc.BoostCard, ...] = ()) -> mc.AttackState:
    chars = (hero,) + ((ally,) if ally else ())
    return mc.AttackState(enemies=(enemy,), players=(mc.Player("p1", "Ana", hero.id),), characters=chars,
                          attacker_name=enemy.name, attacked_player="p1", target_player="p1", target=hero.id,
                          encounter=encounter)


PANTHER = mc.Character("bp", "Black Panther", "hero", "p1", atk=2, defense=2, hp=11,
                       keywords=frozenset({"retaliate 1"}))


def test_ranged_attack_holds_what_retaliate_would_deal() -> None:  # MC.kw.ranged
    out = mc.resolve(attack(enemy=mc.Enemy("Klaw", "villain", atk=1, hp=12, keywords=frozenset({"ranged"})),
                            hero=PANTHER, encounter=(mc.BoostCard("Assault", 0),)), [])
    step = step_of(out.trace, "MC.kw.ranged", "does not trigger")
    assert holds(step) == {mq.enemy("Klaw", "damage"): 0, mq.attack(1, "retaliate"): 0}


def test_a_defeated_character_does_not_retaliate() -> None:  # MC.kw.retaliate
    ally = mc.Character("tiger", "Tigra", "ally", "p1", atk=1, hp=1, keywords=frozenset({"retaliate 1"}))
    out = mc.resolve(attack(enemy=mc.Enemy("Rhino", "villain", atk=3, hp=14), hero=PANTHER, ally=ally,
                            encounter=(mc.BoostCard("Assault", 0),)), [mc.AllyDefend("p1", "tiger")])
    step = step_of(out.trace, "MC.kw.retaliate", "defeated")
    assert holds(step) == {mq.enemy("Rhino", "damage"): 0, mq.attack(1, "retaliate"): 0}
    assert out.state.enemy("Rhino").damage == 0


def test_a_defeated_enemy_does_not_retaliate() -> None:  # MC.kw.retaliate (players' attacks)
    hero = mc.Character("bp", "Black Panther", "hero", "p1", atk=3, hp=11)
    enemy = mc.Enemy("Whirlwind", "minion", atk=1, hp=3, keywords=frozenset({"retaliate 1"}))
    phase = mc.AttackState(enemies=(enemy,), players=(mc.Player("p1", "Ana", "bp"),), characters=(hero,))
    out = mc.resolve(phase, [mc.PlayerAttack("p1", "Whirlwind")])
    step = step_of(out.trace, "MC.kw.retaliate", "does not trigger")
    assert holds(step) == {mq.character("bp", "damage"): 0} and out.state.character("bp").damage == 0


def test_one_stun_card_does_not_stop_a_steady_enemy() -> None:  # MC.status.stun_replaces_attack (steady)
    enemy = mc.Enemy("Rhino", "villain", atk=2, hp=14, stunned=1, keywords=frozenset({"steady"}))
    out = mc.resolve(attack(enemy=enemy, hero=PANTHER, encounter=(mc.BoostCard("Assault", 0),)), [])
    step = step_of(out.trace, "MC.status.stun_replaces_attack", "steady")
    assert holds(step) == {mq.enemy("Rhino", "stunned"): 1, mq.attack(1, "happens"): True}
    assert out.state.happened and out.state.enemy("Rhino").stunned == 1


def test_tough_absorbs_the_damage() -> None:  # MC.status.tough
    hero = mc.Character("bp", "Black Panther", "hero", "p1", atk=2, defense=2, hp=11, tough=1)
    out = mc.resolve(attack(enemy=mc.Enemy("Rhino", "villain", atk=3, hp=14), hero=hero,
                            encounter=(mc.BoostCard("Assault", 1),)), [])
    step = step_of(out.trace, "MC.status.tough", "prevented")
    assert effects(step)[mq.character("bp", "tough")] == (1, 0)
    assert holds(step) == {mq.character("bp", "damage"): 0}


def test_overkill_is_the_step_that_moves_the_excess() -> None:  # MC.kw.overkill
    ally = mc.Character("tiger", "Tigra", "ally", "p1", atk=1, hp=1)
    enemy = mc.Enemy("Rhino", "villain", atk=4, hp=14, keywords=frozenset({"overkill"}))
    out = mc.resolve(attack(enemy=enemy, hero=PANTHER, ally=ally, encounter=(mc.BoostCard("Assault", 0),)),
                     [mc.AllyDefend("p1", "tiger")])
    step = step_of(out.trace, "MC.kw.overkill")
    assert effects(step)[mq.character("bp", "damage")] == (0, 3)  # the reason carries the change
    later = [s for s in out.trace if s.rule == "MC.dmg.apply" and "Black Panther" in s.text]
    assert later and not any(k == mq.character("bp", "damage") for k, _b, _a in later[0].effects)

