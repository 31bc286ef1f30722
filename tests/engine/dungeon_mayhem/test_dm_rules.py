"""One test (at least) per glossary rule of the Dungeon Mayhem engine."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import GameOver, IllegalPlay, InvalidAction
from engine.core.game import GameEnd
from engine.dungeon_mayhem import (
    ChooseDefense, ChooseDiscard, ChoosePlayer, ChooseTarget, PlayCard, apply, legal_actions, new_game, outcome,
)

from tests.engine.dungeon_mayhem.helpers import P, illegal, names, pos, run

BOLT = PlayCard(card="Lightning Bolt")


def duel(azzan: dict | None = None, sutha: dict | None = None, **kw) -> object:
    a = {"hand": ["Lightning Bolt", "Burning Hands"], "deck": ["Stoneskin"] * 1, **(azzan or {})}
    s = {"hand": ["Brutal Punch"], "deck": ["Open the Armory"], **(sutha or {})}
    return pos(P("Azzan", **a), P("Sutha", **s), **kw)


# ------------------------------------------------------------------ setup and turn

def test_setup_deal_and_first_draw() -> None:  # DM.setup.deal, DM.turn.draw
    s = new_game(["Azzan", "Sutha", "Lia", "Oriax"], random.Random(7))
    assert [p.hp for p in s.players] == [10] * 4
    assert [len(p.hand) for p in s.players] == [4, 3, 3, 3]
    assert [len(p.deck) for p in s.players] == [24, 25, 25, 25]
    assert s.active == 0 and s.pending.kind == "play"


def test_turn_passes_left_and_skips_knocked_out() -> None:  # DM.setup.order, DM.turn.end, DM.turn.draw
    s = pos(P("Azzan", hand=["Evil Sneer", "Stoneskin"]), P("Sutha", hp=0, out=True), P("Lia", deck=["Fluffy", "High Charisma"]))
    s, rules, _ = run(s, PlayCard(card="Stoneskin"))
    assert s.active == 2 and "DM.turn.end" in rules and "DM.turn.draw" in rules and "DM.setup.order" in rules
    assert names(s.players[2].hand) == ["High Charisma", "Fluffy"]  # deck is top first


def test_turn_play_must_play_from_hand() -> None:  # DM.turn.play
    s = duel()
    assert legal_actions(s) == [PlayCard(0), PlayCard(1)]
    with pytest.raises(InvalidAction):
        apply(s, PlayCard(card="Fireball"))
    with pytest.raises(InvalidAction):
        apply(s, PlayCard(5))
    illegal(s, ChooseTarget(1), "DM.turn.play")


def test_turn_choice_must_be_made_first() -> None:  # DM.turn.choice
    s = apply(duel(), BOLT)
    assert s.pending.kind == "target"
    illegal(s, ChoosePlayer(1), "DM.turn.choice")


def test_play_again_obliges_another_play() -> None:  # DM.turn.play_again
    s = pos(P("Azzan", hand=["Magic Missile", "Lightning Bolt"]), P("Sutha"))
    s, rules, _ = run(s, PlayCard(card="Magic Missile"), ChooseTarget(1))
    assert "DM.turn.play_again" in rules and s.active == 0 and s.pending.kind == "play"
    assert s.players[1].hp == 9


def test_empty_hand_draws_two() -> None:  # DM.turn.empty_hand
    s = pos(P("Azzan", hand=["Lightning Bolt"], deck=["Charm", "Shield", "Fireball"]), P("Sutha", hand=["Flex!"]))
    s, rules, _ = run(s, BOLT, ChooseTarget(1))
    assert "DM.turn.empty_hand" in rules
    assert names(s.players[0].hand) == ["Charm", "Shield"]


def test_exhausted_play_again_ends_turn() -> None:  # DM.turn.exhausted, DM.deck.empty
    s = pos(P("Azzan", hand=["Speed of Thought"]), P("Sutha", deck=["Riff"]))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.deck.empty" in rules and "DM.turn.exhausted" in rules
    assert s.active == 1


def test_played_cards_reach_discard_at_end_of_turn() -> None:  # DM.turn.discard
    s = pos(P("Azzan", hand=["Magic Missile", "Burning Hands"]), P("Sutha"))
    s = apply(apply(s, PlayCard(0)), ChooseTarget(1))
    assert names(s.played) == ["Magic Missile"] and s.players[0].discard == ()
    s, rules, _ = run(s, PlayCard(0), ChooseTarget(1))
    assert "DM.turn.discard" in rules and sorted(names(s.players[0].discard)) == ["Burning Hands", "Magic Missile"]


def test_reshuffle_when_deck_empty() -> None:  # DM.deck.reshuffle
    s = pos(P("Azzan", hand=["Burning Hands"], discard=["Charm", "Shield"]), P("Sutha"), start_turn=True, seed=3)
    assert len(s.players[0].hand) == 2 and len(s.players[0].deck) == 1 and s.players[0].discard == ()
    _, steps = __import__("engine.dungeon_mayhem", fromlist=["apply_explained"]).apply_explained(
        pos(P("Azzan", hand=["Knowledge Is Power"], discard=["Charm", "Shield"]), P("Sutha")), PlayCard(0))
    assert "DM.deck.reshuffle" in [x.rule for x in steps]


def test_symbols_resolve_in_printed_order() -> None:  # DM.card.order
    s = pos(P("Lia", hp=5, hand=["Divine Smite", "Fluffy"]), P("Sutha"))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.card.order" in rules and s.pending.kind == "target" and s.players[0].hp == 5
    s = apply(s, ChooseTarget(1))
    assert s.players[0].hp == 6 and s.players[1].hp == 7


def test_draw_symbol() -> None:  # DM.draw.draw
    s = pos(P("Azzan", hand=["Knowledge Is Power", "Charm"], deck=["Shield"] * 2 + ["Fireball"]), P("Sutha"))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.draw.draw" in rules and len(s.players[0].hand) == 4


# ------------------------------------------------------------------ attack and defense

def test_attack_targets_an_opponent_only() -> None:  # DM.attack.target, DM.ko.knockout
    s = apply(pos(P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Sutha", hp=0, out=True), P("Lia")), BOLT)
    assert legal_actions(s) == [ChooseTarget(2)]
    illegal(s, ChooseTarget(0), "DM.attack.target")
    illegal(s, ChooseTarget(1), "DM.ko.knockout")


def test_one_target_per_card_and_overflow_stays() -> None:  # DM.attack.single_target, DM.defense.overflow_order
    s = pos(P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Sutha", defense=["Bag of Rats", "Riff", "Spiked Shield"]), P("Lia"))
    s, rules, _ = run(s, BOLT, ChooseTarget(1, 0))
    assert s.pending.kind == "soak" and s.pending.victim == 1 and s.pending.amount == 2
    assert "DM.defense.overflow_order" in rules
    assert legal_actions(s) == [ChooseTarget(1, 0), ChooseTarget(1, 1)]
    illegal(s, ChooseTarget(2), "DM.attack.single_target")
    s = apply(s, ChooseTarget(1, 1))  # Spiked Shield (2) takes the 2 and is destroyed
    assert names(tuple(c for c, _ in s.players[1].defense)) == ["Riff"] and s.players[1].hp == 10


def test_attack_with_no_target_does_nothing() -> None:  # DM.attack.no_target
    s = pos(P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Oriax", disguised=True))
    s, rules, _ = run(s, BOLT)
    assert "DM.attack.no_target" in rules and s.players[1].hp == 10 and s.active == 1


def test_defense_card_stays_in_play() -> None:  # DM.defense.play
    s = pos(P("Azzan", hand=["Shield", "Charm"], deck=["Fireball"]), P("Sutha"))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.defense.play" in rules and names(tuple(c for c, _ in s.players[0].defense)) == ["Shield"]
    assert "Fireball" in names(s.players[0].hand)


def test_defense_protects_the_player() -> None:  # DM.defense.protects
    s = apply(duel(sutha={"defense": ["Riff"]}), BOLT)
    assert legal_actions(s) == [ChooseTarget(1, 0)]
    illegal(s, ChooseTarget(1), "DM.defense.protects")


def test_shields_absorb_and_damage_stays() -> None:  # DM.defense.absorb
    s = pos(P("Azzan", hand=["Burning Hands", "Charm"]), P("Sutha", hand=["Flex!"], defense=["Riff"], deck=["Raff"] * 1))
    s, rules, _ = run(s, PlayCard(0), ChooseTarget(1, 0))
    assert "DM.defense.absorb" in rules and s.players[1].defense[0][1] == 2 and s.players[1].hp == 10
    s = apply(s, PlayCard(card="Flex!"))  # a turn later the damage is still marked
    assert s.players[1].defense[0][1] == 2


def test_destroyed_defense_overflows_to_player() -> None:  # DM.defense.destroyed, DM.defense.overflow, DM.hp.damage
    s = apply(duel(sutha={"defense": [{"card": "Spiked Shield", "damage": 0}]}), BOLT)
    s, rules, texts = run(s, ChooseTarget(1, 0))
    assert rules[:4] == ["DM.attack.target", "DM.defense.absorb", "DM.defense.destroyed", "DM.defense.overflow"]
    assert "DM.hp.damage" in rules and s.players[1].hp == 9
    assert names(s.players[1].discard) == ["Spiked Shield"]
    assert "10 → 9 HP" in " ".join(texts)


def test_hp_never_below_zero() -> None:  # DM.hp.damage
    s, rules, _ = run(duel(sutha={"hp": 2}), BOLT, ChooseTarget(1))
    assert s.players[1].hp == 0 and s.players[1].out


def test_heal_and_cap() -> None:  # DM.heal.heal, DM.heal.cap
    s, rules, _ = run(pos(P("Azzan", hp=8, hand=["Evil Sneer", "Charm"]), P("Sutha")), PlayCard(0))
    assert s.players[0].hp == 9 and "DM.heal.heal" in rules and "DM.heal.cap" not in rules
    s, rules, _ = run(pos(P("Azzan", hp=10, hand=["Evil Sneer", "Charm"]), P("Sutha")), PlayCard(0))
    assert s.players[0].hp == 10 and "DM.heal.cap" in rules


# ------------------------------------------------------------------ Mighty Powers

def test_fireball_hits_everyone_through_defense() -> None:  # DM.power.fireball, DM.power.area_defense
    s = pos(P("Azzan", hand=["Fireball", "Charm"]), P("Sutha", defense=["Bag of Rats"]), P("Lia", hp=5))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.fireball" in rules and "DM.power.area_defense" in rules
    assert [p.hp for p in s.players] == [7, 8, 2] and s.players[1].defense == ()


def test_charm_takes_defense_with_damage_and_it_returns_to_owner() -> None:  # DM.power.charm, DM.card.owner
    s = pos(P("Azzan", hand=["Charm", "Burning Hands"]), P("Sutha", hand=["Big Axe Is Best Axe", "Flex!"], defense=[{"card": "Riff", "damage": 1}]))
    s, rules, _ = run(s, PlayCard(0), ChooseDefense(1, 0))
    assert "DM.power.charm" in rules and s.players[1].defense == () and s.players[0].defense[0][1] == 1
    # Sutha's Big Axe (3) hits the charmed Riff (2 shields left): destroyed, back to Sutha's discard (DM.card.owner).
    s, rules, _ = run(s, PlayCard(0), ChooseTarget(0, 0))
    assert s.players[0].defense == () and "Riff" in names(s.players[1].discard) and s.players[0].hp == 9


def test_vampiric_touch_swaps_hp() -> None:  # DM.power.vampiric_touch
    s, rules, _ = run(pos(P("Azzan", hp=3, hand=["Vampiric Touch", "Charm"]), P("Sutha", hp=9, defense=["Riff"])), PlayCard(0), ChoosePlayer(1))
    assert [p.hp for p in s.players] == [9, 3] and "DM.power.vampiric_touch" in rules
    assert s.players[1].defense  # Defense cards do not move


def test_whirling_axes_heals_then_hits_each_opponent() -> None:  # DM.power.whirling_axes
    s = pos(P("Sutha", hp=5, hand=["Whirling Axes", "Flex!"]), P("Azzan"), P("Lia", defense=["Fluffy"]))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.whirling_axes" in rules
    assert [p.hp for p in s.players] == [7, 9, 10] and s.players[2].defense[0][1] == 1


def test_battle_roar_everyone_discards_and_draws_three() -> None:  # DM.power.battle_roar
    s = pos(P("Sutha", hand=["Battle Roar", "Flex!"], deck=["Riff", "Raff", "RAGE!"]),
            P("Azzan", hand=["Charm"], deck=["Shield", "Fireball", "Stoneskin"]))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.battle_roar" in rules
    assert sorted(names(s.players[1].hand)) == ["Fireball", "Shield", "Stoneskin"] and names(s.players[1].discard) == ["Charm"]
    assert len(s.players[0].hand) == 3 and s.pending.kind == "play" and s.active == 0  # then plays again


def test_mighty_toss_destroys_any_defense_then_draws() -> None:  # DM.power.mighty_toss
    s = pos(P("Sutha", hand=["Mighty Toss", "Flex!"], defense=["Riff"], deck=["Raff"]), P("Azzan", defense=[{"card": "Mirror Image", "damage": 0}]))
    s, rules, _ = run(s, PlayCard(0))
    assert legal_actions(s) == [ChooseDefense(0, 0), ChooseDefense(1, 0)]
    s, rules, _ = run(s, ChooseDefense(1, 0))
    assert "DM.power.mighty_toss" in rules and s.players[1].defense == () and "Raff" in names(s.players[0].hand)


def test_sneak_attack_destroys_and_plays_again() -> None:  # DM.power.sneak_attack
    s = pos(P("Oriax", hand=["Sneak Attack!", "Cunning Action"]), P("Azzan", defense=["Stoneskin"]))
    s, rules, _ = run(s, PlayCard(0), ChooseDefense(1, 0))
    assert "DM.power.sneak_attack" in rules and s.players[1].defense == () and s.active == 0


def test_divine_inspiration_recovers_a_card_and_heals() -> None:  # DM.power.divine_inspiration
    s = pos(P("Lia", hp=5, hand=["Divine Inspiration", "Fluffy"], discard=["Divine Smite", "Cure Wounds"]), P("Sutha"))
    s, rules, _ = run(s, PlayCard(0))
    assert legal_actions(s) == [ChooseDiscard(0), ChooseDiscard(1)]
    s, rules, _ = run(s, ChooseDiscard(card="Cure Wounds"))
    assert "DM.power.divine_inspiration" in rules and "Cure Wounds" in names(s.players[0].hand) and s.players[0].hp == 7


def test_banishing_smite_destroys_every_defense() -> None:  # DM.power.banishing_smite
    s = pos(P("Lia", hand=["Banishing Smite", "Fluffy"], defense=["Divine Shield"]), P("Sutha", defense=["Riff", "Raff"]))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.banishing_smite" in rules and all(p.defense == () for p in s.players) and s.active == 0


def test_clever_disguise_until_next_turn() -> None:  # DM.power.clever_disguise
    s = pos(P("Oriax", hand=["Clever Disguise", "Cunning Action"], defense=["The Goon Squad"]), P("Sutha", hand=["Mighty Toss", "Brutal Punch"], deck=["Riff"]))
    s, rules, _ = run(s, PlayCard(0))
    assert s.players[0].disguised and s.active == 1
    s, rules, _ = run(s, PlayCard(card="Mighty Toss"))  # only Sutha's own cards: none -> nothing to destroy
    assert "DM.power.mighty_toss" in rules and s.players[0].defense
    assert s.active == 0 and not s.players[0].disguised and "DM.power.clever_disguise" in rules


def test_pick_pocket_plays_victims_top_card() -> None:  # DM.power.pick_pocket
    s = pos(P("Oriax", hand=["Pick Pocket", "Cunning Action"]), P("Azzan", deck=["Lightning Bolt", "Charm"]))
    s, rules, _ = run(s, PlayCard(0), ChoosePlayer(1))
    assert "DM.power.pick_pocket" in rules and s.pending.kind == "target"
    illegal(s, ChooseTarget(0), "DM.attack.target")  # "you" on the card is Oriax
    s = apply(s, ChooseTarget(1))
    assert s.players[1].hp == 7 and "Lightning Bolt" in names(s.players[1].discard) + names(s.played)
    assert s.active == 1 and "Lightning Bolt" in names(s.players[1].discard)


# ------------------------------------------------------------------ knock-out and winning

def test_knocked_out_on_own_turn_loses_rest_of_turn() -> None:  # DM.ko.turn_ends, DM.ko.knockout
    s = pos(P("Azzan", hp=3, hand=["Fireball", "Charm"]), P("Sutha"), P("Lia"), plays_owed=2)
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.ko.knockout" in rules and "DM.ko.turn_ends" in rules and s.active == 1


def test_last_player_standing_wins() -> None:  # DM.ko.win
    s, rules, _ = run(duel(sutha={"hp": 3}), BOLT, ChooseTarget(1))
    assert outcome(s) == GameEnd("DM.ko.win", winner=0) and "DM.ko.win" in rules and legal_actions(s) == []
    illegal(s, PlayCard(0), "DM.ko.win")
    with pytest.raises(GameOver) as e:
        apply(s, PlayCard(0))
    assert e.value.end == outcome(s) and "the game is over (seat 1 wins)" in str(e.value)


def test_simultaneous_knockout_is_a_draw() -> None:  # DM.ko.draw
    s, rules, _ = run(pos(P("Azzan", hp=2, hand=["Fireball", "Charm"]), P("Sutha", hp=3)), PlayCard(0))
    assert outcome(s) == GameEnd("DM.ko.draw") and "DM.ko.draw" in rules


# ------------------------------------------------------------------ five and six players

def five(**over: dict) -> list[dict]:
    seats = [P("Azzan", hand=["Lightning Bolt", "Vampiric Touch"]), P("Sutha"), P("Lia"), P("Oriax"), P("Sutha")]
    for i, extra in over.items():
        seats[int(i[1:])].update(extra)
    return seats


def test_zone_regular_cards_hit_only_neighbours() -> None:  # DM.zone.regular
    s = apply(pos(*five()), BOLT)
    assert legal_actions(s) == [ChooseTarget(1), ChooseTarget(4)]
    illegal(s, ChooseTarget(2), "DM.zone.regular")


def test_zone_mighty_powers_target_anyone() -> None:  # DM.zone.power, DM.power.mighty
    s = apply(pos(*five()), PlayCard(card="Vampiric Touch"))
    assert legal_actions(s) == [ChoosePlayer(i) for i in (1, 2, 3, 4)]


def test_zone_neighbours_close_the_gap() -> None:  # DM.zone.neighbours
    seats = five() + [P("Lia")]
    seats[1].update(hp=0, out=True)
    s = apply(pos(*seats), BOLT)
    assert legal_actions(s) == [ChooseTarget(2), ChooseTarget(5)]


def test_zone_switches_off_at_four() -> None:  # DM.zone.off
    s = apply(pos(*five(s1={"hp": 0, "out": True})), BOLT)
    assert legal_actions(s) == [ChooseTarget(2), ChooseTarget(3), ChooseTarget(4)]


def test_knocked_out_player_becomes_ghost_and_haunts() -> None:  # DM.ghost.become, DM.ghost.turn
    s = pos(*five(s1={"hp": 2}, s2={"hp": 1}))
    s, rules, _ = run(s, BOLT, ChooseTarget(1))
    assert "DM.ghost.become" in rules and s.players[1].out
    assert s.active == 1 and s.pending.kind == "ghost"


def test_ghost_turn_and_targets() -> None:  # DM.ghost.turn, DM.ghost.target
    s = pos(*five(s0={"hand": ["Stoneskin", "Charm"]}, s1={"hp": 0, "out": True}, s3={"hp": 1}, s4={"defense": ["Riff"]}))
    s, rules, _ = run(s, PlayCard(0))
    assert s.active == 1 and s.pending.kind == "ghost" and "DM.ghost.turn" in rules
    assert legal_actions(s) == [ChooseTarget(0, 0), ChooseTarget(2), ChooseTarget(4, 0)]
    illegal(s, ChooseTarget(3), "DM.ghost.target")
    s, rules, _ = run(s, ChooseTarget(2))
    assert s.players[2].hp == 9 and s.active == 2


def test_ghost_without_target_passes() -> None:  # DM.ghost.no_target
    s = pos(*five(s0={"hand": ["Stoneskin", "Charm"]}, s1={"hp": 0, "out": True}, s2={"hp": 1}, s3={"hp": 1}, s4={"hp": 1}))
    s = pos(*five(s0={"hand": ["Stoneskin", "Charm"], "hp": 1}, s1={"hp": 0, "out": True}, s2={"hp": 1}, s3={"hp": 1}, s4={"hp": 1}))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.ghost.no_target" in rules and s.active == 2


def test_illegal_play_error_carries_state_summary() -> None:
    s = apply(duel(sutha={"defense": ["Riff"]}), BOLT)
    with pytest.raises(IllegalPlay) as e:
        apply(s, ChooseTarget(1))
    assert "DM.defense.protects" in str(e.value) and "Sutha" in str(e.value)
