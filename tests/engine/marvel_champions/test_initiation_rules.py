"""Initiation (issue 11, item 3): "when an enemy attacks" interrupts, cards that declare the defender, a label
defender declared again, retaliate gained for the phase, and the forced interrupts of Charge and Sandman."""

from __future__ import annotations

from dataclasses import replace

from engine import marvel_champions as mc
from engine.core.trace import Mark
from tests.engine.marvel_champions.helpers import ally, enemy, hero, table

ALL_DAY = "\"I Can Do This All Day\""


def _two_players(hand2: tuple[str, ...] = (), hand1: tuple[str, ...] = (), **kw: object) -> mc.AttackState:
    chars = (hero("Spider-Man", "p1", defense=3), hero("Black Panther", "p2", defense=2, hp=11,
                                                        keywords=frozenset({"retaliate 1"})),
             ally("Hellcat", "p2"))
    return table(enemy("Rhino", atk=4), chars=chars, hands={"p1": hand1, "p2": hand2}, boost=(("Shocker", 2),),
                 **kw)  # type: ignore[arg-type]


def test_atk_initiation_interrupts_resolve_before_step_1() -> None:
    out = mc.resolve(_two_players(hand2=(ALL_DAY,)), [mc.PlayCard("p2", ALL_DAY)])
    points = [e.point for e in out.events if isinstance(e, Mark)]
    assert points[:4] == ["start", "play", "initiation", "step1"]  # played before the boost card is dealt
    assert [s.phase for s in out.trace if s.rule == "MC.card.all_day"] == [0]


def test_atk_initiation_too_late_once_the_boost_card_is_dealt() -> None:
    out = mc.resolve(_two_players(hand2=(ALL_DAY,), hand1=("Expert Defense",)),
                     [mc.BasicDefend("p1"), mc.PlayCard("p2", ALL_DAY)])
    assert out.illegal is not None and out.illegal.rule == "MC.atk.initiation" and out.illegal_index == 1


def test_card_all_day_declares_the_hero_defender_without_exhausting_a_basic_defense() -> None:
    state = _two_players(hand2=(ALL_DAY,))
    state = state.with_character(replace(state.character("Black Panther"), exhausted=True))
    out = mc.resolve(state, [mc.PlayCard("p2", ALL_DAY)])
    s = out.state
    assert out.is_legal and s.defender == "Black Panther" and s.defense_kind == "basic"
    assert s.target_player == "p2" and s.character("Black Panther").exhausted  # stays as it was: no exhausting
    # MC.def.declared: a basic defense, so DEF 2 counts: ATK 4 + 2 icons - 2 = 4
    assert s.damage == 4 and "MC.def.declared" in out.trace.rules()


def test_def_declared_by_mutant_protectors_is_an_ally_defense() -> None:
    chars = (hero("Cyclops", "p1", traits=frozenset({"X-Men"})),)
    state = table(enemy("Rhino", atk=3), chars=chars, hands={"p1": ("Mutant Protectors", "Colossus")},
                  boost=(("Assault", 0),))
    out = mc.resolve(state, [mc.PlayCard("p1", "Mutant Protectors")])
    s = out.state
    colossus = s.character("Colossus")
    assert out.is_legal and s.defender == "Colossus" and s.defense_kind == "ally" and colossus.exhausted
    assert "Colossus" not in s.player("p1").hand
    # Colossus enters with toughness: the tough card prevents all 3 damage
    assert colossus.damage == 0 and colossus.tough == 0 and "Colossus" in s.tough_used
    assert "MC.card.mutant_protectors" in out.trace.rules() and "MC.def.declared" in out.trace.rules()


def test_card_mutant_protectors_needs_an_x_men_identity() -> None:
    chars = (hero("Spider-Man", "p1"),)
    state = table(enemy("Rhino"), chars=chars, hands={"p1": ("Mutant Protectors", "Colossus")})
    out = mc.resolve(state, [mc.PlayCard("p1", "Mutant Protectors")])
    assert out.illegal is not None and out.illegal.rule == "MC.card.mutant_protectors"


def test_card_cuts_both_ways_gains_retaliate_for_the_phase_and_instances_add_up() -> None:
    out = mc.resolve(_two_players(hand2=("Cuts Both Ways",)), [mc.PlayCard("p2", "Cuts Both Ways")])
    s = out.state
    assert s.defender == "Black Panther" and s.defense_kind == "label"  # the (defense) label made him the defender
    assert s.character("Black Panther").gained == ("retaliate 1",)
    assert s.retaliate == 2 and s.attacker.damage == 2  # retaliate 1 + retaliate 1 (MC.kw.retaliate)
    assert "MC.card.cuts_both_ways" in out.trace.rules()


def test_def_label_then_basic_makes_the_label_defender_a_basic_defense() -> None:
    state = _two_players(hand2=("Cuts Both Ways",))
    out = mc.resolve(state, [mc.PlayCard("p2", "Cuts Both Ways"), mc.BasicDefend("p2")])
    s = out.state
    assert out.is_legal and s.defense_kind == "basic" and s.character("Black Panther").exhausted
    assert s.damage == 4 and "MC.def.label_then_basic" in out.trace.rules()  # 6 - DEF 2


def test_def_label_then_basic_refused_under_the_older_reading() -> None:
    state = replace(_two_players(hand2=("Cuts Both Ways",)), settings=mc.Settings(label_then_basic_defense=False))
    out = mc.resolve(state, [mc.PlayCard("p2", "Cuts Both Ways"), mc.BasicDefend("p2")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.label_then_basic"
    alone = mc.resolve(state, [mc.PlayCard("p2", "Cuts Both Ways")])
    assert alone.state.defense_kind == "label" and alone.state.damage == 6  # the label alone: no DEF, either way


def test_card_all_day_after_cuts_both_ways_follows_the_setting() -> None:
    plays = [mc.PlayCard("p2", "Cuts Both Ways"), mc.PlayCard("p2", ALL_DAY)]
    yes = mc.resolve(_two_players(hand2=("Cuts Both Ways", ALL_DAY)), plays)
    assert yes.is_legal and yes.state.defense_kind == "basic" and not yes.state.character("Black Panther").exhausted
    no = mc.resolve(replace(_two_players(hand2=("Cuts Both Ways", ALL_DAY)),
                            settings=mc.Settings(label_then_basic_defense=False)), plays)
    assert no.illegal is not None and no.illegal.rule == "MC.def.label_then_basic"


def test_initiation_cards_keep_the_label_one_player_rule() -> None:
    out = mc.resolve(_two_players(hand2=(ALL_DAY,), hand1=("Cuts Both Ways",)),
                     [mc.PlayCard("p2", ALL_DAY), mc.PlayCard("p1", "Cuts Both Ways")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.label_one_player"


def test_card_charge_gains_overkill_at_initiation_and_is_discarded_after() -> None:
    rhino = enemy("Rhino", atk=2, attachments=("Charge",))
    state = table(rhino, chars=(hero("Spider-Man", "p1"),), boost=(("Assault", 0),))
    out = mc.resolve(state, [])
    charge = [s for s in out.trace if s.rule == "MC.card.charge"]
    assert len(charge) == 2 and charge[0].phase == 0  # the Forced Interrupt, then the discard
    assert "Charge" not in out.state.attacker.attachments
    assert out.state.atk_total == 5  # ATK 2 + 3 (Charge)


def test_villain_sand_blast_makes_the_attack_indirect() -> None:
    sandman = enemy("Sandman", atk=2, keywords=frozenset({"sand blast"}))
    state = table(sandman, chars=(hero("Spider-Man", "p1"),), boost=(("Shocker", 2),))
    out = mc.resolve(state, [])
    assert "indirect" in out.state.attack_keywords and out.state.sands_for == "p1"
    assert out.unresolved is not None and "assigns it" in out.unresolved.reason  # the open decision
    assert "MC.villain.sand_blast" in out.trace.rules()


def test_villain_sand_wave_gains_overkill() -> None:
    sandman = enemy("Sandman", atk=3, keywords=frozenset({"sand wave"}))
    chars = (hero("Spider-Man", "p1", hp=10), ally("Hellcat", "p1", hp=3))
    out = mc.resolve(table(sandman, chars=chars, boost=(("Shocker", 2),)), [mc.AllyDefend("p1", "Hellcat")])
    assert "MC.villain.sand_wave" in out.trace.rules()
    assert out.state.character("Spider-Man").damage == 2  # 5 damage: Hellcat takes 3, the excess 2 goes on


def test_stunned_villain_plays_no_initiation_card() -> None:
    state = _two_players(hand2=(ALL_DAY,)).with_attacker(enemy("Rhino", atk=4, stunned=1))
    out = mc.resolve(state, [mc.PlayCard("p2", ALL_DAY)])
    assert out.state.replaced_by_stun and out.illegal is not None
    assert out.illegal.rule == "MC.status.stun_replaces_attack"
