"""One test (or a few) per rule of attack steps 3-6: boost, damage, keywords and statuses."""

from __future__ import annotations

from dataclasses import replace

from engine import marvel_champions as mc
from tests.engine.marvel_champions.helpers import position


def step_text(out: mc.Resolution, rule: str) -> str:
    return next(s.text for s in out.trace.steps if s.rule == rule)


def with_char(state: mc.AttackState, cid: str, **changes: object) -> mc.AttackState:
    return state.with_character(replace(state.character(cid), **changes))  # type: ignore[arg-type]


def test_atk_boost_icons_add_to_atk() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),)), [])
    assert out.state.atk_total == 4 and out.state.damage == 4
    assert "ATK 2 + 2 boost icons = 4" in step_text(out, "MC.dmg.calc")


def test_atk_boost_icons_amplify_adds_one_per_card() -> None:
    state = replace(position(attacker="Klaw", boost=(("Shocker", 2), ("Under Fire", 3))), amplify=1)
    out = mc.resolve(state, [])
    assert out.state.atk_total == 2 + 3 + 4
    assert "(+1 amplify)" in step_text(out, "MC.atk.flip")


def test_atk_boost_icons_star_adds_zero() -> None:
    state = replace(position(), boost=(mc.BoostCard("Concussive Blast", 0, star=True),))
    out = mc.resolve(state, [])
    assert out.state.atk_total == 2


def test_dmg_calc_basic_defense_subtracts_def() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),)), [mc.BasicDefend("p1")])
    assert out.state.damage == 1
    assert step_text(out, "MC.dmg.calc").endswith("basic defense: 4 − DEF 3 = 1 damage to Spider-Man.")


def test_dmg_calc_label_defense_does_not_count_def() -> None:
    out = mc.resolve(position(attacker="Klaw", boost=(("Shocker", 2), ("Under Fire", 3)),
                              p2_hand=("Preemptive Strike",)), [mc.PlayCard("p2", "Preemptive Strike")])
    assert out.state.damage == 5  # 2 + 3 (Shocker's icons cancelled), no DEF
    assert "DEF is not counted" in step_text(out, "MC.dmg.calc")


def test_dmg_calc_expert_defense_and_armored_vest_add_def() -> None:
    state = position(boost=(("Under Fire", 3),), p1_hand=("Expert Defense",))
    state = state.with_player(replace(state.player("p1"), upgrades=("Armored Vest",)))
    out = mc.resolve(state, [mc.BasicDefend("p1"), mc.PlayCard("p1", "Expert Defense")])
    assert out.state.damage == 0  # 5 − (3 + 1 + 3)
    assert "− DEF 7 (3 + 1 Armored Vest + 3 Expert Defense) = 0 damage" in step_text(out, "MC.dmg.calc")


def test_dmg_calc_never_below_zero() -> None:
    state = replace(position(), atk_mods=(("weakened", -5),))
    out = mc.resolve(state, [])
    assert out.state.atk_total == 0 and out.state.damage == 0


def test_dmg_apply_ally_takes_all_and_is_discarded() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),)), [mc.AllyDefend("p2", "Spider-Woman")])
    assert "Spider-Woman" in out.state.defeated and not out.state.has_character("Spider-Woman")
    assert out.state.taken_by("Spider-Woman") == 4  # all of it, no carry-over without overkill
    assert out.state.character("Black Panther").damage == 0
    assert "MC.dmg.apply" in out.trace.rules()


def test_kw_overkill_excess_goes_to_the_allys_controller() -> None:
    state = replace(position(boost=(("Shocker", 2),)), attack_keywords=frozenset({"overkill"}))
    out = mc.resolve(state, [mc.AllyDefend("p2", "Spider-Woman")])
    assert out.state.character("Black Panther").damage == 2  # 4 − Spider-Woman's 2 hit points
    assert "excess 2 damage goes to Black Panther" in step_text(out, "MC.kw.overkill")


def test_status_tough_prevents_all_and_is_discarded() -> None:
    state = with_char(position(boost=(("Shocker", 2),)), "Spider-Man", tough=1)
    out = mc.resolve(state, [])
    assert out.state.character("Spider-Man").damage == 0 and out.state.character("Spider-Man").tough == 0
    assert "Spider-Man" in out.state.tough_used


def test_status_tough_kept_when_def_reduces_damage_to_zero() -> None:
    state = with_char(position(), "Spider-Man", tough=1)
    out = mc.resolve(state, [mc.BasicDefend("p1")])  # 2 − 3 = 0
    assert out.state.character("Spider-Man").tough == 1 and not out.state.tough_used


def test_kw_piercing_discards_tough_first() -> None:
    state = replace(with_char(position(), "Spider-Man", tough=1), attack_keywords=frozenset({"piercing"}))
    out = mc.resolve(state, [])
    assert out.state.character("Spider-Man").damage == 2
    assert out.trace.rules().index("MC.kw.piercing") < out.trace.rules().index("MC.dmg.apply")


def test_kw_retaliate_after_being_attacked() -> None:
    out = mc.resolve(position(), [mc.BasicDefend("p2")])
    assert out.state.retaliate == 1 and out.state.attacker.damage == 1


def test_kw_retaliate_only_for_the_attacked_character() -> None:
    out = mc.resolve(position(), [mc.AllyDefend("p2", "Spider-Woman")])  # Black Panther not attacked
    assert out.state.retaliate == 0


def test_kw_ranged_ignores_retaliate() -> None:
    state = replace(position(), attack_keywords=frozenset({"ranged"}))
    out = mc.resolve(state, [mc.BasicDefend("p2")])
    assert out.state.retaliate == 0 and "MC.kw.ranged" in out.trace.rules()


def test_status_stun_replaces_attack() -> None:
    state = position(boost=(("Shocker", 2),)).with_attacker(mc.Enemy("Rhino", "villain", atk=2, hp=14, stunned=1))
    out = mc.resolve(state, [])
    assert out.state.replaced_by_stun and out.state.attacker.stunned == 0
    assert out.trace.rules() == ["MC.status.stun_replaces_attack"]
    assert out.state.character("Spider-Man").damage == 0


def test_status_stun_steady_needs_two() -> None:
    enemy = mc.Enemy("Rhino", "minion", atk=3, hp=8, stunned=1, keywords=frozenset({"steady"}))
    out = mc.resolve(position().with_attacker(enemy), [])
    assert not out.state.replaced_by_stun and out.state.character("Spider-Man").damage == 3


def test_status_stun_no_plays_on_a_replaced_attack() -> None:
    state = position().with_attacker(mc.Enemy("Rhino", "villain", atk=2, hp=14, stunned=1))
    out = mc.resolve(state, [mc.BasicDefend("p1")])
    assert out.illegal is not None and out.illegal.rule == "MC.status.stun_replaces_attack"


def test_prevent_interrupt_backflip_prevents_all() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p1_hand=("Backflip",)), [mc.PlayCard("p1", "Backflip")])
    assert out.is_legal and out.state.character("Spider-Man").damage == 0
    assert "MC.prevent.interrupt" in out.trace.rules()


def test_prevent_interrupt_wiggle_room_prevents_three() -> None:
    out = mc.resolve(position(boost=(("Under Fire", 3),), p1_hand=("Wiggle Room",)), [mc.PlayCard("p1", "Wiggle Room")])
    assert out.state.character("Spider-Man").damage == 2  # 5 − 3


def test_prevent_interrupt_after_tough_has_nothing_to_prevent() -> None:
    state = with_char(position(boost=(("Shocker", 2),), p1_hand=("Jump Flip",)), "Spider-Man", tough=1)
    out = mc.resolve(state, [mc.PlayCard("p1", "Jump Flip")])
    assert out.illegal is not None and out.illegal.rule == "MC.prevent.interrupt"


def test_prevent_interrupt_only_for_your_own_identity() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p1_hand=("Jump Flip",)),
                     [mc.AllyDefend("p2", "Spider-Woman"), mc.PlayCard("p1", "Jump Flip")])
    assert out.illegal is not None and out.illegal.rule == "MC.prevent.interrupt"


def test_atk_boost_ability_concussive_blast_defeats_the_defending_ally() -> None:
    state = replace(position(), boost=(mc.BoostCard("Concussive Blast", 0, star=True),))
    state = with_char(state, "Spider-Woman", damage=1)
    out = mc.resolve(state, [mc.AllyDefend("p2", "Spider-Woman")])
    rules = out.trace.rules()
    assert "MC.atk.boost_ability" in rules and "MC.def.ally_gone" in rules
    assert not out.state.is_defended and out.state.target == "Black Panther"
    assert out.state.character("Black Panther").damage == 1 + 2  # the blast, then the undefended attack


def test_card_preemptive_strike_on_a_tough_villain() -> None:
    enemy = mc.Enemy("Klaw", "villain", atk=2, hp=22, tough=1)
    state = position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike",)).with_attacker(enemy)
    out = mc.resolve(state, [mc.PlayCard("p2", "Preemptive Strike")])
    assert out.state.attacker.damage == 1 and out.state.attacker.tough == 0  # tough absorbed PS, retaliate hits


def test_every_step_six_rule_has_phase_six() -> None:
    out = mc.resolve(position(), [mc.BasicDefend("p2")])
    assert [s.phase for s in out.trace.steps if s.rule == "MC.kw.retaliate"] == [6]


RULES_TESTED_HERE = ["MC.atk.boost_icons", "MC.atk.boost_ability", "MC.def.ally_gone", "MC.dmg.calc", "MC.dmg.apply",
                     "MC.status.tough", "MC.kw.piercing", "MC.kw.overkill", "MC.kw.retaliate", "MC.kw.ranged",
                     "MC.status.stun_replaces_attack", "MC.prevent.interrupt"]
