"""Indirect damage (item 4), after-attack triggers and stun (item 5), and the settings that choose a reading
where the rules are disputed (item 8), each tested both ways."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import marvel_champions as mc
from engine.marvel_champions.damage import Unassigned
from tests.engine.marvel_champions.helpers import ally, enemy, hero, table

SANDMAN = enemy("Sandman", atk=2, keywords=frozenset({"sand blast"}))


def _sand(*plays: mc.Action, settings: mc.Settings = mc.DEFAULT, tough_cat: int = 0) -> mc.Resolution:
    chars = (hero("Spider-Man", "p1", defense=3, hp=10), ally("Hellcat", "p1", hp=3, tough=tough_cat))
    state = table(SANDMAN, chars=chars, boost=(("Shocker", 2),), settings=settings)
    return mc.resolve(state, list(plays))


# -- indirect damage -------------------------------------------------------------------------------
def test_dmg_indirect_each_character_takes_its_share() -> None:
    out = _sand(mc.AssignIndirect("p1", (("Spider-Man", 1), ("Hellcat", 3))))
    s = out.state
    assert out.is_legal and s.damage == 4 and s.character("Spider-Man").damage == 1
    assert "Hellcat" in s.defeated and "MC.dmg.indirect" in out.trace.rules()
    assert s.target == "Spider-Man"  # only the undefended identity counts as attacked


def test_dmg_indirect_no_character_more_than_would_defeat_it() -> None:
    out = _sand(mc.AssignIndirect("p1", (("Spider-Man", 0), ("Hellcat", 4))))
    assert out.illegal is not None and out.illegal.rule == "MC.dmg.indirect" and "3 hit points" in out.illegal.reason


def test_dmg_indirect_must_add_up_to_the_damage() -> None:
    out = _sand(mc.AssignIndirect("p1", (("Spider-Man", 1), ("Hellcat", 1))))
    assert out.illegal is not None and "adds up to 2, but 4" in out.illegal.reason


def test_dmg_indirect_tough_prevents_the_share_assigned_to_it() -> None:
    out = _sand(mc.AssignIndirect("p1", (("Spider-Man", 1), ("Hellcat", 3))), tough_cat=1)
    s = out.state
    assert s.character("Hellcat").damage == 0 and "Hellcat" in s.tough_used and s.character("Spider-Man").damage == 1


def test_dmg_indirect_unassigned_is_an_open_decision() -> None:
    out = _sand()
    assert isinstance(out.unresolved, Unassigned) and out.unresolved.player == "p1"


def test_villain_surging_sands_only_when_the_identity_takes_damage() -> None:
    hit = _sand(mc.AssignIndirect("p1", (("Spider-Man", 2), ("Hellcat", 2))))
    spared = _sand(mc.AssignIndirect("p1", (("Spider-Man", 0), ("Hellcat", 3))))  # 4 damage, Hellcat takes 3 at most
    assert spared.illegal is not None  # 4 must be assigned: at most 3 to Hellcat, so Spider-Man takes some
    assert "Surging Sands (City Streets)" in hit.state.triggered
    tough_hero = replace(table(SANDMAN, chars=(hero("Spider-Man", "p1", tough=1),), boost=(("Assault", 0),)))
    out = mc.resolve(tough_hero, [mc.AssignIndirect("p1", (("Spider-Man", 2),))])
    assert "Surging Sands (City Streets)" not in out.state.triggered  # tough prevented it: no damage taken
    assert "MC.villain.surging_sands" in out.trace.rules()


@pytest.mark.parametrize("reading,shares", [("reduces", (("Spider-Man", 1),)),
                                            ("ignored", (("Spider-Man", 1), ("Hellcat", 3)))])
def test_dmg_indirect_def_follows_the_setting(reading: str, shares: tuple[tuple[str, int], ...]) -> None:
    out = _sand(mc.BasicDefend("p1"), mc.AssignIndirect("p1", shares),
                settings=mc.Settings(indirect_damage_def=reading))
    assert out.is_legal and out.state.damage == sum(n for _, n in shares)  # 4 - DEF 3 = 1, or all 4
    assert "MC.dmg.indirect_def" in out.trace.rules()


def test_dmg_indirect_def_unsettled_by_default_is_refused() -> None:
    out = _sand(mc.BasicDefend("p1"))
    assert out.unresolved is not None and "ruling (g)" in out.unresolved.reason
    assert out.state.defender == "Spider-Man"  # the engine got as far as the defense, then refused to guess


def test_dmg_indirect_with_an_ally_defending_the_player_still_assigns() -> None:
    out = _sand(mc.AllyDefend("p1", "Hellcat"), mc.AssignIndirect("p1", (("Spider-Man", 2), ("Hellcat", 2))))
    assert out.is_legal and out.state.target == "Hellcat" and out.state.character("Spider-Man").damage == 2


# -- amplify and Preemptive Strike (ruling (h)) -------------------------------------------------------
def _strike(reading: str) -> mc.Resolution:
    state = table(enemy("Rhino", atk=2), chars=(hero("Spider-Man", "p1"),), hands={"p1": ("Preemptive Strike",)},
                  boost=(("Shocker", 2),), amplify=1, settings=mc.Settings(amplify_with_preemptive_strike=reading))
    return mc.resolve(state, [mc.PlayCard("p1", "Preemptive Strike")])


def test_card_preemptive_amplify_unsettled_is_refused() -> None:
    out = _strike("unsettled")
    assert out.unresolved is not None and "ruling (h)" in out.unresolved.reason


@pytest.mark.parametrize("reading,villain_damage,atk", [("cancelled", 3, 2), ("kept", 2, 3)])
def test_card_preemptive_amplify_follows_the_setting(reading: str, villain_damage: int, atk: int) -> None:
    out = _strike(reading)
    assert out.state.attacker.damage == villain_damage and out.state.atk_total == atk
    assert "MC.card.preemptive_amplify" in out.trace.rules()


# -- after the attack -------------------------------------------------------------------------------
def _defended(card: str, *, setting: bool = True, label: bool = False, extra: tuple[str, ...] = (),
              upgrades: tuple[str, ...] = ()) -> mc.Resolution:
    chars = (hero("Black Panther", "p1", atk=2, defense=2, hp=11),)
    klaw = enemy("Klaw", atk=1, tough=0)
    state = table(klaw, chars=chars, hands={"p1": (card, "Preemptive Strike") + extra}, upgrades={"p1": upgrades},
                  boost=(("Shocker", 2),), settings=mc.Settings(after_defends_through_label=setting))
    first: mc.Action = mc.PlayCard("p1", "Preemptive Strike") if label else mc.BasicDefend("p1")
    then: mc.Action = mc.UseAbility("p1", card) if card == "Indomitable" else mc.PlayCard("p1", card)
    return mc.resolve(state, [first, then])


def test_card_counter_punch_after_your_hero_defends_deals_its_atk() -> None:
    out = _defended("Counter-Punch")
    assert out.is_legal and out.state.attacker.damage == 2 and "MC.card.counter_punch" in out.trace.rules()
    assert [s.phase for s in out.trace if s.rule == "MC.card.counter_punch"] == [6]


def test_def_after_defends_through_a_label_follows_the_setting() -> None:
    yes = _defended("Counter-Punch", label=True)
    assert yes.is_legal and yes.state.attacker.damage == 2 + 2  # Preemptive Strike's 2, then Counter-Punch's 2
    no = _defended("Counter-Punch", label=True, setting=False)
    assert no.illegal is not None and no.illegal.rule == "MC.def.after_defends"


def test_card_counter_punch_needs_your_hero_to_have_defended() -> None:
    chars = (hero("Black Panther", "p1"),)
    state = table(enemy("Klaw"), chars=chars, hands={"p1": ("Counter-Punch",)}, boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.PlayCard("p1", "Counter-Punch")])
    assert out.illegal is not None and out.illegal.rule == "MC.def.after_defends"


def test_card_indomitable_readies_the_hero_after_it_defends() -> None:
    out = _defended("Indomitable", upgrades=("Indomitable",))
    s = out.state
    assert out.is_legal and not s.character("Black Panther").exhausted and "Indomitable" in s.player("p1").discarded
    assert "MC.card.indomitable" in out.trace.rules()


def test_card_desperate_defense_readies_if_no_damage_taken() -> None:
    chars = (hero("Black Panther", "p1", defense=2),)
    state = table(enemy("Rhino", atk=2), chars=chars, hands={"p1": ("Desperate Defense",)}, boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.BasicDefend("p1"), mc.PlayCard("p1", "Desperate Defense")])
    assert out.state.damage == 0 and not out.state.character("Black Panther").exhausted  # 4 - (2 + 2) = 0
    hurt = mc.resolve(table(enemy("Rhino", atk=4), chars=chars, hands={"p1": ("Desperate Defense",)},
                            boost=(("Shocker", 2),)), [mc.BasicDefend("p1"), mc.PlayCard("p1", "Desperate Defense")])
    assert hurt.state.damage == 2 and hurt.state.character("Black Panther").exhausted
    assert "MC.card.desperate_defense" in out.trace.rules()


def test_card_never_back_down_stuns_the_attacker_if_no_damage_taken() -> None:
    chars = (hero("Black Panther", "p1", defense=2),)
    state = table(enemy("Rhino", atk=2), chars=chars, hands={"p1": ("Never Back Down",)}, boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.BasicDefend("p1"), mc.PlayCard("p1", "Never Back Down")])
    assert out.state.attacker.stunned == 1 and "MC.card.never_back_down" in out.trace.rules()


def test_kw_vulnerable_is_discarded_when_stunned() -> None:
    chars = (hero("Black Panther", "p1", defense=2),)
    supreme = enemy("Scientist Supreme", "minion", atk=1, hp=6, keywords=frozenset({"villainous", "vulnerable"}))
    state = table(supreme, chars=chars, hands={"p1": ("Never Back Down",)}, boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.BasicDefend("p1"), mc.PlayCard("p1", "Never Back Down")])
    assert out.state.enemy("Scientist Supreme").gone and out.state.enemy("Scientist Supreme").stunned == 0
    assert "MC.kw.vulnerable" in out.trace.rules()


def test_card_sonic_converter_stuns_a_character_the_attack_damaged() -> None:
    klaw = enemy("Klaw", atk=0, attachments=("Sonic Converter",), keywords=frozenset({"extra boost"}))
    chars = (hero("Spider-Man", "p1", defense=3, hp=10),)
    out = mc.resolve(table(klaw, chars=chars, boost=(("Shocker", 2), ("Under Fire", 3))), [])
    s = out.state
    assert s.atk_total == 6 and s.character("Spider-Man").stunned == 1  # 0 + 1 (Sonic Converter) + 5
    assert "MC.card.sonic_converter" in out.trace.rules() and "MC.status.stun" in out.trace.rules()


def test_card_sonic_converter_no_stun_when_tough_prevents_the_damage() -> None:
    klaw = enemy("Klaw", atk=0, attachments=("Sonic Converter",), keywords=frozenset({"extra boost"}))
    out = mc.resolve(table(klaw, chars=(hero("Spider-Man", "p1", tough=1),),
                           boost=(("Shocker", 2), ("Under Fire", 3))), [])
    assert out.state.character("Spider-Man").stunned == 0


def test_card_sonic_converter_no_stun_from_a_boost_ability() -> None:
    klaw = enemy("Klaw", atk=0, attachments=("Sonic Converter",), keywords=frozenset({"extra boost"}))
    chars = (hero("Spider-Man", "p1", defense=3), ally("Hellcat", "p1", hp=3))
    state = table(klaw, chars=chars, boost=(("Concussive Blast", 0), ("Assault", 0)))
    state = replace(state, encounter=(mc.BoostCard("Concussive Blast", 0, star=True, key="Concussive Blast"),
                                      mc.BoostCard("Assault", 0)))
    out = mc.resolve(state, [mc.BasicDefend("p1")])
    s = out.state
    assert s.character("Hellcat").damage == 1 and s.character("Hellcat").stunned == 0  # the Boost's damage
    assert s.damage == 0 and s.character("Spider-Man").stunned == 0  # 1 ATK - DEF 3: no attack damage


def test_status_stun_a_stunned_hero_counter_punch_discards_the_stun() -> None:
    klaw = enemy("Klaw", atk=2, attachments=("Sonic Converter",), keywords=frozenset({"extra boost"}))
    chars = (hero("Black Panther", "p1", atk=2, defense=2, hp=11),)
    state = table(klaw, chars=chars, hands={"p1": ("Counter-Punch",)}, boost=(("Shocker", 2), ("Assault", 0)))
    out = mc.resolve(state, [mc.BasicDefend("p1"), mc.PlayCard("p1", "Counter-Punch")])
    s = out.state
    # 2 + 1 + 2 = 5 - DEF 2 = 3 damage: Sonic Converter (forced) stuns him before Counter-Punch (a response)
    assert s.character("Black Panther").damage == 3 and s.character("Black Panther").stunned == 0
    assert s.attacker.damage == 0  # the stun card is discarded instead of attacking
    assert "MC.status.stun" in out.trace.rules()


def test_minion_tiger_shark_gets_a_tough_card_after_attacking() -> None:
    shark = enemy("Tiger Shark", "minion", atk=3, hp=6, keywords=frozenset({"tough after attack"}))
    out = mc.resolve(table(shark, chars=(hero("Spider-Man", "p1"),)), [])
    assert out.state.attacker.tough == 1 and "MC.minion.tiger_shark" in out.trace.rules()


def test_minion_tiger_shark_and_retaliate_order_is_refused() -> None:
    shark = enemy("Tiger Shark", "minion", atk=3, hp=6, keywords=frozenset({"tough after attack"}))
    bp = hero("Black Panther", "p1", hp=11, keywords=frozenset({"retaliate 1"}))
    out = mc.resolve(table(shark, chars=(bp,)), [])
    assert out.unresolved is not None and "order" in out.unresolved.reason


def test_atk_after_forced_abilities_come_before_responses() -> None:
    out = _defended("Counter-Punch")
    rules = out.trace.rules()
    assert rules.index("MC.dmg.apply") < rules.index("MC.card.counter_punch")
    assert "MC.atk.after" in mc.GLOSSARY  # the rule the ordering cites


def test_hero_morphogenetics_returns_the_event_to_hand() -> None:
    chars = (hero("Ms. Marvel", "p1", atk=1, defense=1, keywords=frozenset({"morphogenetics"})),)
    klaw = enemy("Klaw", atk=0, keywords=frozenset({"extra boost"}))
    state = table(klaw, chars=chars, hands={"p1": ("Preemptive Strike",)}, boost=(("Shocker", 2), ("Under Fire", 3)))
    plays = [mc.PlayCard("p1", "Preemptive Strike"), mc.UseAbility("p1", "Morphogenetics"),
             mc.PlayCard("p1", "Preemptive Strike")]
    out = mc.resolve(state, plays)
    s = out.state
    assert out.is_legal and s.attacker.damage == 5 and s.atk_total == 0  # both boost cards cancelled
    assert s.character("Ms. Marvel").exhausted and "MC.hero.morphogenetics" in out.trace.rules()
    twice = mc.resolve(state, plays[:2] + [mc.UseAbility("p1", "Morphogenetics")])
    assert twice.illegal is not None and twice.illegal.rule == "MC.hero.morphogenetics"
