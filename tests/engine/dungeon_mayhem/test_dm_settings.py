"""Each disputed ruling (a Settings field) under both readings."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.dungeon_mayhem import (
    DEFAULT, ChooseDefense, ChooseOption, ChoosePlayer, ChooseTarget, PlayCard, Settings, apply, legal_actions, new_game,
)
from engine.dungeon_mayhem.cards import type_of

from tests.engine.dungeon_mayhem.helpers import P, illegal, names, pos, run


def S(**kw: object) -> Settings:
    return dataclasses.replace(DEFAULT, **kw)


def test_every_field_has_a_test_here() -> None:
    src = open(__file__).read()
    for f in dataclasses.fields(Settings):
        assert f"{f.name}=" in src, f.name


def test_attack_split_per_sword() -> None:  # D1
    seats = [P("Azzan", hand=["Burning Hands", "Charm"]), P("Sutha"), P("Lia")]
    s, _, _ = run(pos(*seats), PlayCard(0), ChooseTarget(1))
    assert [p.hp for p in s.players] == [10, 8, 10]
    s = pos(*seats, settings=S(attack_split_per_sword=True))
    s, _, _ = run(s, PlayCard(0), ChooseTarget(1), ChooseTarget(2))
    assert [p.hp for p in s.players] == [10, 9, 9]


@pytest.mark.parametrize("order, survivor", [("played_order", ["Riff"]), ("newest_first", ["Bag of Rats", "Riff"])])
def test_overflow_order(order: str, survivor: list[str]) -> None:  # D2
    seats = [P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Sutha", defense=["Spiked Shield", "Bag of Rats", "Riff"])]
    s, _, _ = run(pos(*seats), PlayCard(0), ChooseTarget(1, 0))
    assert s.pending.kind == "soak"  # overflow_order="attacker": the attacker chooses
    s, _, _ = run(pos(*seats, settings=S(overflow_order=order)), PlayCard(0), ChooseTarget(1, 0))
    assert s.pending.kind == "play" and names(tuple(c for c, _ in s.players[1].defense)) == survivor


def test_area_damage_hits_defense() -> None:  # D3
    seats = [P("Azzan", hand=["Fireball", "Charm"]), P("Sutha", defense=["Riff"])]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert s.players[1].hp == 10 and s.players[1].defense == ()
    s, _, _ = run(pos(*seats, settings=S(area_damage_hits_defense=False)), PlayCard(0))
    assert s.players[1].hp == 7 and s.players[1].defense


def test_discard_timing() -> None:  # D4
    seats = [P("Azzan", hand=["Magic Missile", "Charm"]), P("Sutha")]
    s, _, _ = run(pos(*seats), PlayCard(0), ChooseTarget(1))
    assert names(s.played) == ["Magic Missile"] and s.players[0].discard == ()
    s, _, _ = run(pos(*seats, settings=S(discard_timing="on_resolve")), PlayCard(0), ChooseTarget(1))
    assert s.played == () and names(s.players[0].discard) == ["Magic Missile"]


def test_exhausted_play_again() -> None:  # D5
    seats = [P("Azzan", hand=["Speed of Thought"]), P("Sutha")]
    s, _, _ = run(pos(*seats, played=["Burning Hands"]), PlayCard(0))
    assert s.active == 1
    s, _, _ = run(pos(*seats, played=["Burning Hands"], settings=S(exhausted_play_again="reshuffle_played")), PlayCard(0))
    assert s.active == 0 and sorted(names(s.players[0].hand)) == ["Burning Hands", "Speed of Thought"]


def test_empty_hand_draw() -> None:  # D6
    seats = [P("Azzan", hand=["Knowledge Is Power"], deck=["Charm", "Shield", "Fireball", "Stoneskin", "Mirror Image"]), P("Sutha")]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert len(s.players[0].hand) == 3
    s, _, _ = run(pos(*seats, settings=S(empty_hand_draw="immediately")), PlayCard(0))
    assert len(s.players[0].hand) == 5


def test_destroy_own_defense() -> None:  # D7
    seats = [P("Sutha", hand=["Mighty Toss", "Flex!"], defense=["Riff"]), P("Azzan", defense=["Stoneskin"])]
    s = apply(pos(*seats), PlayCard(0))
    assert ChooseDefense(0, 0) in legal_actions(s)
    s = apply(pos(*seats, settings=S(destroy_own_defense=False)), PlayCard(0))
    assert legal_actions(s) == [ChooseDefense(1, 0)]
    illegal(s, ChooseDefense(0, 0), "DM.power.mighty_toss")


def test_disguise_blocks_battle_roar() -> None:  # D8
    seats = [P("Sutha", hand=["Battle Roar", "Flex!"]), P("Oriax", disguised=True, hand=["Pick Pocket"], deck=["Cunning Action"] * 2 + ["Winged Serpent"])]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert names(s.players[1].hand) == ["Pick Pocket"]
    s, _, _ = run(pos(*seats, settings=S(disguise_blocks_battle_roar=False)), PlayCard(0))
    assert len(s.players[1].hand) == 3 and "Pick Pocket" not in names(s.players[1].hand)


def test_disguise_counts_for_axes_heal() -> None:  # D8
    seats = [P("Sutha", hp=5, hand=["Whirling Axes", "Flex!"]), P("Oriax", disguised=True), P("Azzan")]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert [p.hp for p in s.players] == [7, 10, 9]
    s, _, _ = run(pos(*seats, settings=S(disguise_counts_for_axes_heal=False)), PlayCard(0))
    assert [p.hp for p in s.players] == [6, 10, 9]


def test_pick_pocket_reshuffles() -> None:  # D9
    seats = [P("Oriax", hand=["Pick Pocket", "Cunning Action"]), P("Azzan", discard=["Evil Sneer"])]
    s = apply(pos(*seats, seed=1), PlayCard(0))
    assert legal_actions(s) == [ChoosePlayer(1)]
    s, rules, _ = run(s, ChoosePlayer(1))
    assert "DM.deck.reshuffle" in rules and s.players[0].hp == 10 and s.pending.kind == "play"
    s, rules, _ = run(pos(*seats, settings=S(pick_pocket_reshuffles=False)), PlayCard(0))
    assert "DM.power.pick_pocket" in rules and s.active == 1  # no one to pick: it does nothing


def test_stolen_defense_protects_oriax() -> None:  # D10
    seats = [P("Oriax", hand=["Pick Pocket", "Cunning Action"]), P("Azzan", deck=["Stoneskin", "Charm"])]
    s, _, _ = run(pos(*seats), PlayCard(0), ChoosePlayer(1))
    assert names(tuple(c for c, _ in s.players[0].defense)) == ["Stoneskin"]
    s, _, _ = run(pos(*seats, settings=S(stolen_defense_protects_oriax=False)), PlayCard(0), ChoosePlayer(1))
    assert s.players[0].defense == () and names(s.players[1].discard) == ["Stoneskin"]


def five(**kw: object) -> object:
    seats = [P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Sutha"), P("Lia"), P("Oriax"), P("Sutha")]
    return pos(*seats, **kw)


def test_zone_of_influence() -> None:  # §8
    assert legal_actions(apply(five(), PlayCard(0))) == [ChooseTarget(1), ChooseTarget(4)]
    assert len(legal_actions(apply(five(settings=S(zone_of_influence=False)), PlayCard(0)))) == 4


def test_zone_off_at_or_below() -> None:  # D11
    seats = [P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Sutha", hp=0, out=True), P("Lia"), P("Oriax"), P("Sutha")]
    assert len(legal_actions(apply(pos(*seats), PlayCard(0)))) == 3
    assert legal_actions(apply(pos(*seats, settings=S(zone_off_at_or_below=0)), PlayCard(0))) == [ChooseTarget(2), ChooseTarget(4)]


def test_neighbours() -> None:  # D11
    seats = [P("Azzan", hand=["Lightning Bolt", "Charm"]), P("Sutha", hp=0, out=True), P("Lia"), P("Oriax"), P("Sutha"), P("Lia")]
    assert legal_actions(apply(pos(*seats), PlayCard(0))) == [ChooseTarget(2), ChooseTarget(5)]
    assert legal_actions(apply(pos(*seats, settings=S(neighbours="seated")), PlayCard(0))) == [ChooseTarget(5)]


def ghost_table(**kw: object) -> object:
    seats = [P("Azzan", hand=["Stoneskin", "Charm"]), P("Sutha", hp=0, out=True), P("Lia", hp=2, defense=["Fluffy"]), P("Oriax", hp=1, disguised=True), P("Sutha", hp=5)]
    return apply(pos(*seats, **kw), PlayCard(0))


def test_vengeful_ghosts() -> None:  # §8
    assert ghost_table().pending.kind == "ghost"
    s = ghost_table(settings=S(vengeful_ghosts=False))
    assert s.active == 2 and s.pending.kind == "play"


def test_ghost_damage() -> None:  # D12
    assert apply(ghost_table(), ChooseTarget(4)).players[4].hp == 4
    assert apply(ghost_table(settings=S(ghost_damage=2)), ChooseTarget(4)).players[4].hp == 3


def test_ghost_min_target_hp() -> None:  # D12
    assert ChooseTarget(3) not in legal_actions(ghost_table())
    s = ghost_table(settings=S(ghost_min_target_hp=1))
    assert ChooseTarget(3) in legal_actions(s)


def test_ghost_hits_defense() -> None:  # D12
    assert ChooseTarget(2, 0) in legal_actions(ghost_table())
    s = ghost_table(settings=S(ghost_hits_defense=False))
    assert ChooseTarget(2) in legal_actions(s)
    assert apply(s, ChooseTarget(2)).players[2].hp == 1


def test_disguise_blocks_ghost() -> None:  # E15
    s = ghost_table(settings=S(ghost_min_target_hp=1))
    assert ChooseTarget(3) in legal_actions(s)
    s = ghost_table(settings=S(ghost_min_target_hp=1, disguise_blocks_ghost=True))
    assert ChooseTarget(3) not in legal_actions(s)
    illegal(s, ChooseTarget(3), "DM.power.clever_disguise")


def test_first_player_draws() -> None:  # §3
    assert len(new_game(["Lia", "Oriax"], random.Random(1)).players[0].hand) == 4
    assert len(new_game(["Lia", "Oriax"], random.Random(1), S(first_player_draws=False)).players[0].hand) == 3


def test_bad_setting_rejected() -> None:
    with pytest.raises(ValueError):
        S(overflow_order="random")


# ---------------------------------------------------------------- expansion decks (E1-E8)

def test_favored_frienemies_play_again() -> None:  # E1
    seats = [P("Minsc", hand=["Favored Frienemies", "Twice the Smiting!"]), P("Azzan")]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert s.active == 0 and s.pending.kind == "play"
    s, _, _ = run(pos(*seats, settings=S(favored_frienemies_play_again=False)), PlayCard(0))
    assert s.active == 1


def test_bearnard_shields() -> None:  # E2
    seats = [P("Jaheira", hand=["Bearnard", "Thorn Whip"]), P("Azzan")]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert s.players[0].defense and type_of(s.players[0].defense[0][0]).shields == 2
    s, _, _ = run(pos(*seats, settings=S(bearnard_shields=1)), PlayCard(0))
    assert type_of(s.players[0].defense[0][0]).shields == 1


def test_cubes_play_again() -> None:  # E3
    seats = [P("Blorp", hand=["Cubes Have Feelings Too", "D6 of Doom", "Sugar Rush"]), P("Azzan")]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert s.plays_owed == 1
    s, _, _ = run(pos(*seats, settings=S(cubes_play_again=2)), PlayCard(0))
    assert s.plays_owed == 2


def test_burped_up_bones() -> None:  # E4
    seats = [P("Sutha", hand=["RAGE!", "Flex!"]), P("Blorp", defense=["Burped-Up Bones"], deck=["Sugar Rush"]), P("Lia")]
    s, _, _ = run(pos(*seats), PlayCard(0), ChooseTarget(1, 0))
    assert s.pending.kind == "target" and s.pending.by == 1  # holder_attacks: Blorp chooses
    s, _, _ = run(pos(*seats, settings=S(burped_up_bones="destroyer_takes")), PlayCard(0), ChooseTarget(1, 0))
    assert s.players[0].hp == 8 and s.active == 1  # Sutha destroyed it and takes 2
    s, _, _ = run(pos(*seats, settings=S(burped_up_bones="attack_on_play")), PlayCard(0), ChooseTarget(1, 0))
    assert s.players[0].hp == 10 and s.active == 1  # nothing on destruction ...
    s = pos(P("Blorp", hand=["Burped-Up Bones", "D6 of Doom"]), P("Azzan"), settings=S(burped_up_bones="attack_on_play"))
    s, _, _ = run(s, PlayCard(0), ChooseTarget(1))
    assert s.players[1].hp == 8 and names(tuple(c for c, _ in s.players[0].defense)) == ["Burped-Up Bones"]  # ... A2 on play


def test_primal_strike_optional() -> None:  # E5
    seats = [P("Jaheira", hand=["Primal Strike", "Thorn Whip"]), P("Azzan")]
    assert apply(pos(*seats), PlayCard(0)).pending.kind == "noise"
    s = apply(pos(*seats, settings=S(primal_strike_optional=False)), PlayCard(0))
    assert s.pending.kind == "play" and s.players[1].hp == 9


def test_mind_blast_and_liquidate_caps() -> None:  # E6
    big = ["Lightning Bolt"] * 4 + ["Burning Hands"] * 3
    seats = [P("Tentaculous", hand=["Mind Blast", "Ego Whip"]), P("Azzan", hand=big)]
    assert run(pos(*seats), PlayCard(0), ChoosePlayer(1))[0].players[1].hp == 5
    assert run(pos(*seats, settings=S(mind_blast_cap=0)), PlayCard(0), ChoosePlayer(1))[0].players[1].hp == 3
    hand = ["Liquidate Assets", "Wing Buffet", "Wing Buffet", "Bull Market", "Bull Market", "Peaceful Nap", "Tooth and Claw"]
    seats = [P("Cinderpuff", hand=hand, deck=["Wall of Money"] * 2), P("Azzan")]
    assert run(pos(*seats), PlayCard(0), ChooseTarget(1))[0].players[1].hp == 5
    assert run(pos(*seats, settings=S(liquidate_cap=0)), PlayCard(0), ChooseTarget(1))[0].players[1].hp == 4


def test_next_trick_respects_zone() -> None:  # E7
    seats = [P("Hoots", hand=["For My Next Trick...", "Look Out Below!", "Intermission"]), P("Azzan"), P("Lia"), P("Sutha"),
             P("Oriax")]
    s, _, _ = run(pos(*seats), PlayCard(0))
    assert [p.hp for p in s.players] == [10, 9, 9, 9, 9]  # its own A1 is on a Mighty Power card: anyone
    s, _, _ = run(s, PlayCard(card="Look Out Below!"))
    assert [p.hp for p in s.players] == [10, 7, 9, 9, 7]  # a regular card reaches only the neighbours
    s, _, _ = run(pos(*seats, settings=S(next_trick_respects_zone=False)), PlayCard(0), PlayCard(card="Look Out Below!"))
    assert [p.hp for p in s.players] == [10, 7, 7, 7, 7]


def test_murders_repeat_own() -> None:  # E8
    seats = [P("Cinderpuff", hp=5, hand=["Murders and Acquisitions", "Wing Buffet"]), P("Azzan")]
    s, _, _ = run(pos(*seats), PlayCard(0), ChooseOption("heal"))
    assert s.players[0].hp == 6 and s.pending.by == 1
    s, _, _ = run(pos(*seats, settings=S(murders_repeat_own=True)), PlayCard(0), ChooseOption("heal"))
    assert s.players[0].hp == 7 and s.pending.by == 1


def test_bad_expansion_settings_rejected() -> None:
    for bad in ({"bearnard_shields": 3}, {"cubes_play_again": 0}, {"burped_up_bones": "explodes"}, {"mind_blast_cap": -1}):
        with pytest.raises(ValueError):
            S(**bad)


def test_mirror_copies_damage() -> None:  # E12
    seats = [P("Mimi", hand=["Definitely Just a Mirror", "Definitely Not a Trap"], deck=["Just Another Coat Rack"] * 2),
             P("Azzan", defense=[{"card": "Mirror Image", "damage": 2}])]
    s, rules, texts = run(pos(*seats), PlayCard(0), ChooseDefense(1, 0))
    assert "DM.power.mirror_shields" in rules and s.players[0].defense[0][1] == 0  # all 3 shields
    assert any("all 3 shields" in t for t in texts)
    s, rules, _ = run(pos(*seats, settings=S(mirror_copies_damage=True)), PlayCard(0), ChooseDefense(1, 0))
    assert "DM.power.mirror_shields" in rules and s.players[0].defense[0][1] == 2  # 1 shield left
    undamaged = [seats[0], P("Azzan", defense=["Mirror Image"])]
    _, rules, _ = run(pos(*undamaged), PlayCard(0), ChooseDefense(1, 0))
    assert "DM.power.mirror_shields" not in rules  # nothing to rule on: the card has taken no damage


def test_hostile_takeover_hits_defense() -> None:  # E13
    seats = [P("Cinderpuff", hand=["Hostile Takeover", "Wing Buffet"]), P("Azzan", defense=["Mirror Image"]), P("Lia")]
    s, rules, _ = run(pos(*seats), PlayCard(0), ChooseTarget(1, 0), ChooseTarget(2))
    assert "DM.power.hostile_defense" in rules
    assert [p.hp for p in s.players] == [10, 10, 8] and s.players[1].defense == ()  # Mirror Image took 1 + 2
    s = pos(*seats, settings=S(hostile_takeover_hits_defense=False))
    assert ChooseTarget(1, 0) not in legal_actions(apply(s, PlayCard(0)))  # no Defense card may be chosen
    s, _, _ = run(s, PlayCard(0), ChooseTarget(1), ChooseTarget(2))
    assert [p.hp for p in s.players] == [10, 7, 8] and s.players[1].defense[0][1] == 0


def test_next_trick_own_attack() -> None:  # E14
    seats = [P("Hoots", hand=["For My Next Trick...", "Look Out Below!"], deck=["Intermission"]), P("Azzan"), P("Lia")]
    s, rules, _ = run(pos(*seats), PlayCard(0))
    assert "DM.power.next_trick_own" in rules and [p.hp for p in s.players] == [10, 9, 9]
    s = pos(*seats, settings=S(next_trick_own_attack=False))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.next_trick_own" in rules and s.pending.kind == "target" and not s.players[0].next_trick
    s, _, _ = run(s, ChooseTarget(1))
    assert [p.hp for p in s.players] == [10, 9, 10] and s.players[0].next_trick  # on once the card has resolved
    s, _, _ = run(s, PlayCard(card="Look Out Below!"))
    assert [p.hp for p in s.players] == [10, 7, 8]
