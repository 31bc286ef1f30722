"""One test (or a few) per rule of attack steps 1-2 and the (defense) label."""

from __future__ import annotations

import pytest

from engine import marvel_champions as mc
from engine.core.errors import IllegalPlay, InvalidAction
from tests.engine.marvel_champions.helpers import position


def rules_of(outcome: mc.Resolution) -> list[str]:
    return outcome.trace.rules()


def test_atk_initiate_names_the_attacked_player() -> None:
    out = mc.resolve(position(), [])
    assert out.trace.steps[0].rule == "MC.atk.initiate"
    assert "Rhino attacks Player 1" in out.trace.steps[0].text


def test_atk_boost_dealt_counts_the_boost_cards() -> None:
    out = mc.resolve(position(attacker="Klaw", boost=(("Shocker", 2), ("Under Fire", 3))), [])
    step = next(s for s in out.trace.steps if s.rule == "MC.atk.boost_dealt")
    assert "2 facedown boost cards" in step.text and step.phase == 1
    assert "extra boost card" in step.text and len(out.state.boost) == 2


def test_atk_boost_dealt_one_for_a_villain_whatever_is_on_the_deck() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2), ("Under Fire", 3))), [])
    assert [b.name for b in out.state.boost] == ["Shocker"] and out.state.atk_total == 4
    assert [b.name for b in out.state.encounter] == ["Under Fire"]


def test_atk_boost_dealt_none_for_a_minion_without_villainous() -> None:
    out = mc.resolve(position(kind="minion", boost=(("Shocker", 2),)), [])
    assert out.state.boost == () and out.state.atk_total == 2
    assert "dealt no boost card" in next(s.text for s in out.trace.steps if s.rule == "MC.atk.boost_dealt")


def test_atk_boost_dealt_one_for_a_villainous_minion() -> None:
    out = mc.resolve(position(kind="minion", keywords=frozenset({"villainous"}), boost=(("Shocker", 2),)), [])
    assert [b.name for b in out.state.boost] == ["Shocker"]


def test_atk_boost_unknown_card_stops_before_step_3() -> None:
    out = mc.resolve(position(boost=()), [])
    assert out.unresolved is not None and "not given" in out.unresolved.reason
    assert [e.point for e in out.events if isinstance(e, mc.Mark)] == ["initiation", "step1", "start", "step2"]


def test_hero_spider_sense_draws_one_when_the_villain_attacks() -> None:
    from dataclasses import replace as _r

    state = position()
    state = state.with_character(_r(state.character("Spider-Man"), keywords=frozenset({"spider-sense"})))
    out = mc.resolve(state, [])
    assert out.state.player("p1").drawn == 1 and "Spider-Sense (Spider-Man)" in out.state.triggered
    assert out.trace.rules()[:2] == ["MC.atk.initiate", "MC.hero.spider_sense"]
    minion = mc.resolve(state.with_attacker(_r(state.attacker, kind="minion")), [])
    assert minion.state.player("p1").drawn == 0 and "MC.hero.spider_sense" not in minion.trace.rules()


def test_atk_undefended_targets_the_identity() -> None:
    out = mc.resolve(position(), [])
    assert out.state.target == "Spider-Man" and out.state.target_player == "p1"
    assert not out.state.is_defended
    assert "MC.atk.undefended" in rules_of(out)
    assert rules_of(out).index("MC.atk.undefended") < rules_of(out).index("MC.dmg.calc")


def test_def_basic_exhausts_the_hero_and_keeps_the_attacked_player() -> None:
    out = mc.resolve(position(), [mc.BasicDefend("p1")])
    assert out.is_legal
    assert out.state.defender == "Spider-Man" and out.state.defense_kind == "basic"
    assert out.state.character("Spider-Man").exhausted
    assert out.state.target_player == "p1"
    r = rules_of(out)
    assert r.index("MC.def.basic") + 1 == r.index("MC.def.retarget") and "MC.atk.undefended" not in r


def test_def_basic_by_another_player_retargets_to_that_player() -> None:
    out = mc.resolve(position(), [mc.BasicDefend("p2")])
    assert out.state.target == "Black Panther" and out.state.target_player == "p2"
    assert out.state.attacked_player == "p1"  # who the enemy attacked is remembered


def test_def_ally_makes_the_ally_the_target_and_its_controller_the_attacked_player() -> None:
    state, steps = mc.apply(position(), mc.AllyDefend("p2", "Spider-Woman"))  # just the play, at step 2
    assert state.target == "Spider-Woman" and state.target_player == "p2"
    assert state.defense_kind == "ally" and state.is_defended
    assert state.character("Spider-Woman").exhausted
    assert [s.rule for s in steps] == ["MC.def.ally", "MC.def.retarget"]


def test_def_ally_must_be_controlled_by_the_defending_player() -> None:
    out = mc.resolve(position(), [mc.AllyDefend("p1", "Spider-Woman")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.ally"


def test_def_ready_an_exhausted_hero_cannot_defend() -> None:
    out = mc.resolve(position(exhausted=("Spider-Man",)), [mc.BasicDefend("p1")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.ready"


def test_def_ready_an_exhausted_ally_cannot_defend() -> None:
    out = mc.resolve(position(exhausted=("Spider-Woman",)), [mc.AllyDefend("p2", "Spider-Woman")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.ready"


def test_def_alter_ego_cannot_basic_defend() -> None:
    out = mc.resolve(position(p1_form="alter_ego"), [mc.BasicDefend("p1")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.alter_ego"


def test_def_one_defender_per_attack() -> None:
    out = mc.resolve(position(), [mc.BasicDefend("p1"), mc.AllyDefend("p2", "Spider-Woman")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.one_defender"
    assert out.illegal_index == 1
    assert out.state.defender == "Spider-Man"  # the state before the illegal play


def test_def_retarget_text_names_the_new_attacked_player() -> None:
    out = mc.resolve(position(), [mc.AllyDefend("p2", "Spider-Woman")])
    step = next(s for s in out.trace.steps if s.rule == "MC.def.retarget")
    assert "Player 2" in step.text and "becomes the attacked player" in step.text


def test_def_label_makes_the_identity_defender_without_exhausting() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike",)),
                     [mc.PlayCard("p2", "Preemptive Strike")])
    s = out.state
    assert s.defender == "Black Panther" and s.defense_kind == "label"
    assert not s.character("Black Panther").exhausted
    assert s.target_player == "p2" and s.defense_label_player == "p2"
    assert "MC.def.label" in rules_of(out)


def test_def_label_one_player_second_player_is_illegal() -> None:
    out = mc.resolve(position(attacker="Klaw", boost=(("Shocker", 2), ("Under Fire", 3)),
                              p1_hand=("Preemptive Strike",), p2_hand=("Preemptive Strike",)),
                     [mc.PlayCard("p2", "Preemptive Strike"), mc.PlayCard("p1", "Preemptive Strike")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.label_one_player"
    assert rules_of(out)[-1] == "MC.def.label_one_player"


def test_def_label_one_player_same_player_may_resolve_more() -> None:
    out = mc.resolve(position(attacker="Klaw", boost=(("Shocker", 2), ("Under Fire", 3)),
                              p2_hand=("Preemptive Strike", "Preemptive Strike")),
                     [mc.PlayCard("p2", "Preemptive Strike"), mc.PlayCard("p2", "Preemptive Strike")])
    assert out.is_legal
    assert [b.cancelled for b in out.state.boost] == [2, 3]


def test_def_label_no_change_after_a_basic_defense() -> None:
    out = mc.resolve(position(attacker="Klaw", boost=(("Shocker", 2), ("Under Fire", 3)),
                              p2_hand=("Preemptive Strike",)),
                     [mc.BasicDefend("p1"), mc.PlayCard("p2", "Preemptive Strike")])
    assert out.is_legal
    assert out.state.defender == "Spider-Man" and out.state.target_player == "p1"
    assert "MC.def.label_no_change" in rules_of(out)


def test_def_label_no_change_after_an_ally_defense() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p1_hand=("Preemptive Strike",)),
                     [mc.AllyDefend("p2", "Spider-Woman"), mc.PlayCard("p1", "Preemptive Strike")])
    assert out.is_legal and out.state.defender == "Spider-Woman"


def test_def_when_hero_defends_expert_defense_needs_the_hero_to_defend() -> None:
    out = mc.resolve(position(p1_hand=("Expert Defense",)), [mc.PlayCard("p1", "Expert Defense")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.when_hero_defends"


def test_def_when_hero_defends_not_while_an_ally_defends() -> None:
    out = mc.resolve(position(p2_hand=("Expert Defense",)),
                     [mc.AllyDefend("p2", "Spider-Woman"), mc.PlayCard("p2", "Expert Defense")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.when_hero_defends"


def test_card_expert_defense_after_a_basic_defense_adds_three_def() -> None:
    out = mc.resolve(position(p1_hand=("Expert Defense",)), [mc.BasicDefend("p1"), mc.PlayCard("p1", "Expert Defense")])
    assert out.is_legal and out.state.def_mods == (("Expert Defense", 3),)
    assert "MC.card.expert_defense" in rules_of(out)


def test_card_expert_defense_after_own_label_defense_is_legal() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike", "Expert Defense")),
                     [mc.PlayCard("p2", "Preemptive Strike"), mc.PlayCard("p2", "Expert Defense")])
    assert out.is_legal and out.state.defender == "Black Panther"


def test_card_preemptive_strike_cancels_icons_and_damages_the_villain() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike",)),
                     [mc.PlayCard("p2", "Preemptive Strike")])
    assert out.state.boost[0].face_up and out.state.boost[0].cancelled == 2
    assert ("Rhino", 2) in out.state.taken  # then Black Panther's retaliate 1 adds 1 more
    assert out.state.attacker.damage == 3
    assert "MC.card.preemptive_strike" in rules_of(out)


def test_card_preemptive_strike_needs_a_boost_card() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike", "Preemptive Strike")),
                     [mc.PlayCard("p2", "Preemptive Strike"), mc.PlayCard("p2", "Preemptive Strike")])
    assert out.illegal is not None and out.illegal.rule == "MC.card.preemptive_strike"


def test_atk_flip_happens_at_step_3() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike",)),
                     [mc.PlayCard("p2", "Preemptive Strike")])
    flip = next(s for s in out.trace.steps if s.rule == "MC.atk.flip")
    assert flip.phase == 3 and out.state.step == 6  # resolution ran to the end


def test_atk_sequence_no_defender_after_the_boost_is_revealed() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike",)),
                     [mc.PlayCard("p2", "Preemptive Strike"), mc.BasicDefend("p1")])
    assert out.illegal is not None and out.illegal.rule == "MC.atk.sequence"


def test_card_in_hand_only() -> None:
    out = mc.resolve(position(), [mc.PlayCard("p1", "Expert Defense")])
    assert out.illegal is not None and out.illegal.rule == "MC.card.in_hand"


def test_illegal_play_error_names_rule_input_and_state() -> None:
    state = position(exhausted=("Spider-Man",))
    with pytest.raises(IllegalPlay) as err:
        mc.apply(state, mc.BasicDefend("p1"))
    msg = str(err.value)
    assert "MC.def.ready" in msg and "BasicDefend" in msg and "Rhino attacks p1" in msg


def test_unknown_player_is_invalid_not_illegal() -> None:
    with pytest.raises(InvalidAction):
        mc.apply(position(), mc.BasicDefend("p9"))


def test_every_step_cites_a_glossary_rule_with_a_source() -> None:
    out = mc.resolve(position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike",)),
                     [mc.PlayCard("p2", "Preemptive Strike")])
    for step in out.trace.steps:
        assert step.rule in mc.GLOSSARY and step.source == mc.GLOSSARY[step.rule].source


def test_resolve_is_pure_and_deterministic() -> None:
    state = position(boost=(("Shocker", 2),), p2_hand=("Preemptive Strike",))
    plays = [mc.PlayCard("p2", "Preemptive Strike")]
    assert mc.resolve(state, plays) == mc.resolve(state, plays)
    assert state.players[1].hand == ("Preemptive Strike",)  # the input state is untouched
