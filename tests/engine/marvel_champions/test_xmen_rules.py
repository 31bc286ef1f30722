"""Archangel and Wolverine (issue 27 item 1) and a minion revealed outside an attack: one test per rule, in engine
terms (MC.card.aerial_agility, MC.hero.angel_of_death, MC.card.berserker_frenzy, MC.patk.piercing,
MC.enc.minion_engages)."""

from __future__ import annotations

from dataclasses import replace

from engine import marvel_champions as mc
from engine.marvel_champions.reveal import is_modelled, not_modelled
from tests.engine.marvel_champions.helpers import ally, enemy, hero, table


def _archangel(hand: tuple[str, ...] = ("Aerial Agility",), *, tough: int = 0,
               pending: tuple[mc.Pending, ...] = ()) -> mc.AttackState:
    """Rhino (ATK 2, 14 hit points) attacks Archangel (DEF 3, 12 hit points) with one 1-icon boost card."""
    chars = (hero("Archangel", "p1", defense=3, hp=12, tough=tough),)
    return table(enemy("Rhino"), enemy("Hydra Mercenary", "minion", atk=1, hp=3, engaged_with="p1"), chars=chars,
                 hands={"p1": hand}, boost=(("Hydra Mercenary", 1),), pending=pending)


# -- MC.card.aerial_agility -------------------------------------------------------------------------------------
def test_card_aerial_agility_gives_archangel_a_tough_card_and_retaliate_1_for_the_attack() -> None:
    out = mc.resolve(_archangel(), [mc.PlayCard("p1", "Aerial Agility")])
    s = out.state
    assert out.is_legal and s.character("Archangel").damage == 0  # the tough card took all 3 damage
    assert "Archangel" in s.tough_used and s.enemy("Rhino").damage == 1  # retaliate 1 after the attack
    assert s.defense_kind == "label" and "MC.card.aerial_agility" in out.trace.rules()


def test_card_aerial_agility_a_hero_already_tough_gets_no_second_card() -> None:
    out = mc.resolve(_archangel(tough=1), [mc.PlayCard("p1", "Aerial Agility")])
    step = next(s for s in out.trace.steps if s.rule == "MC.card.aerial_agility")
    assert "already has a tough card" in step.text and out.state.character("Archangel").tough == 0


def test_card_aerial_agility_retaliate_lasts_this_attack_only() -> None:
    merc = mc.Pending("Hydra Mercenary", "p1")
    out = mc.resolve(_archangel(pending=(merc,)), [mc.PlayCard("p1", "Aerial Agility")])
    s = out.state
    assert s.attack_no == 2 and mc.rules.retaliate_value(s.character("Archangel")) == 0
    assert s.enemy("Hydra Mercenary").damage == 0  # no retaliate against the second attack
    assert [st.rule for st in out.trace.steps].count("MC.card.aerial_agility") == 3  # tough, retaliate, lost


def test_card_aerial_agility_for_another_hero_is_refused_by_name() -> None:
    state = table(enemy("Rhino"), chars=(hero("Spider-Man", "p1"),), hands={"p1": ("Aerial Agility",)},
                  boost=(("Assault", 0),))
    out = mc.resolve(state, [mc.PlayCard("p1", "Aerial Agility")])
    assert out.unresolved is not None and "only its Archangel part" in str(out.unresolved)


# -- MC.hero.angel_of_death -------------------------------------------------------------------------------------
def test_hero_angel_of_death_deals_the_aerial_events_printed_cost() -> None:
    out = mc.resolve(_archangel(), [mc.PlayCard("p1", "Aerial Agility"), mc.UseAbility("p1", "Angel of Death")])
    assert out.is_legal and out.state.enemy("Rhino").damage == 2  # 1 (Aerial Agility's cost) + retaliate 1
    assert out.trace.rules().index("MC.hero.angel_of_death") < out.trace.rules().index("MC.kw.retaliate")


def test_hero_angel_of_death_at_a_tough_minion_only_discards_its_tough_card() -> None:
    out = mc.resolve(replace(_archangel(), enemies=(enemy("Rhino"), enemy("Sandman", "minion", atk=3, hp=4,
                                                                          tough=1, engaged_with="p1"))),
                     [mc.PlayCard("p1", "Aerial Agility"), mc.UseAbility("p1", "Angel of Death", target="Sandman")])
    assert out.is_legal and out.state.enemy("Sandman").tough == 0 and out.state.enemy("Sandman").damage == 0


def test_hero_angel_of_death_is_once_per_phase_and_needs_an_aerial_event() -> None:
    merc = mc.Pending("Hydra Mercenary", "p1")
    twice = mc.resolve(_archangel(("Aerial Agility", "Aerial Agility"), pending=(merc,)),
                       [mc.PlayCard("p1", "Aerial Agility"), mc.UseAbility("p1", "Angel of Death"),
                        mc.PlayCard("p1", "Aerial Agility", during=2), mc.UseAbility("p1", "Angel of Death")])
    assert twice.illegal is not None and twice.illegal.rule == "MC.hero.angel_of_death" and twice.illegal_index == 3
    other = mc.resolve(_archangel(("Backflip",)),
                       [mc.PlayCard("p1", "Backflip"), mc.UseAbility("p1", "Angel of Death")])
    assert other.illegal is not None and other.illegal.rule == "MC.hero.angel_of_death"


# -- MC.card.berserker_frenzy -----------------------------------------------------------------------------------
def _wolverine(hand: tuple[str, ...] = (), upgrades: tuple[str, ...] = ("Berserker Frenzy",)) -> mc.AttackState:
    return table(enemy("Rhino"), chars=(hero("Wolverine", "p1"),), hands={"p1": hand}, upgrades={"p1": upgrades},
                 boost=(("Shocker", 2),))


def test_card_berserker_frenzy_draws_after_wolverine_takes_attack_damage() -> None:
    out = mc.resolve(_wolverine(), [mc.BasicDefend("p1"), mc.UseAbility("p1", "Berserker Frenzy")])
    assert out.is_legal and out.state.character("Wolverine").damage == 2 and out.state.player("p1").drawn == 1
    assert out.trace.rules()[-1] == "MC.card.berserker_frenzy"


def test_card_berserker_frenzy_needs_damage_taken_and_the_upgrade() -> None:
    prevented = mc.resolve(_wolverine(("Backflip",)), [mc.BasicDefend("p1"), mc.PlayCard("p1", "Backflip"),
                                                      mc.UseAbility("p1", "Berserker Frenzy")])
    assert prevented.illegal is not None and prevented.illegal.rule == "MC.card.berserker_frenzy"
    bare = mc.resolve(_wolverine(upgrades=()), [mc.UseAbility("p1", "Berserker Frenzy")])
    assert bare.illegal is not None and "no Berserker Frenzy" in str(bare.illegal)


# -- MC.patk.piercing -------------------------------------------------------------------------------------------
def test_patk_piercing_discards_the_enemys_tough_card_before_the_damage() -> None:
    chars = (hero("Cyclops", "p1"), ally("Wolverine", "p1", atk=3, hp=4, atk_cons=2, keywords=frozenset({"piercing"})))
    guard = enemy("Armored Guard", "minion", atk=1, hp=3, tough=1, engaged_with="p1")
    out = mc.resolve(table(guard, chars=chars, attacker=None), [mc.PlayerAttack("p1", "Armored Guard", "Wolverine")])
    assert out.state.enemy("Armored Guard").gone and out.trace.rules()[1] == "MC.patk.piercing"
    plain = replace(chars[1], keywords=frozenset())
    kept = mc.resolve(table(guard, chars=(chars[0], plain), attacker=None),
                      [mc.PlayerAttack("p1", "Armored Guard", "Wolverine")])
    assert kept.state.enemy("Armored Guard").damage == 0 and kept.state.enemy("Armored Guard").tough == 0


# -- MC.enc.minion_engages --------------------------------------------------------------------------------------
def _reveal(card: str, deck: tuple[str, ...] = ()) -> mc.AttackState:
    chars = (hero("Wolverine", "p1"), hero("Archangel", "p2", hp=12))
    state = table(enemy("Rhino"), chars=chars, attacker=None)
    return replace(state, revealed=card, revealed_by="p2",
                   encounter=tuple(mc.BoostCard(k, 0, key=k) for k in deck))


def test_enc_minion_engages_the_player_who_revealed_it() -> None:
    out = mc.resolve(_reveal("Armored Guard"), [])
    guard = out.state.enemy("Armored Guard")
    assert guard.engaged_with == "p2" and guard.tough == 1 and out.state.engaged_minions("p2") == [guard]
    assert out.trace.rules() == ["MC.enc.minion_engages"] and out.state.engaged_minions("p1") == []


def test_enc_minion_engages_through_a_surge_then_its_when_revealed_resolves() -> None:
    out = mc.resolve(_reveal("Under Fire", ("Hydra Mercenary", "Shocker")), [])
    s = out.state
    assert {e.name: e.engaged_with for e in s.enemies if e.kind == "minion"} == {"Hydra Mercenary": "p2",
                                                                                "Shocker": "p2"}
    assert s.character("Wolverine").damage == 1 and s.character("Archangel").damage == 1
    assert out.trace.rules()[:5] == ["MC.enc.reveal_top", "MC.enc.minion_engages", "MC.kw.surge",
                                     "MC.enc.minion_engages", "MC.enc.when_revealed"]


def test_enc_minion_engages_refuses_what_it_does_not_model_by_name() -> None:
    assert is_modelled("Hydra Mercenary") and not is_modelled("Vulture")
    assert "quickstrike" in str(not_modelled("Vulture"))
    twice = mc.resolve(replace(_reveal("Hydra Mercenary"), enemies=(enemy("Hydra Mercenary", "minion", atk=1, hp=3,
                                                                          engaged_with="p1"),)), [])
    assert twice.unresolved is not None and "a second Hydra Mercenary" in str(twice.unresolved)
