"""One test (at least) per Mighty Power of the expansion decks (digest §12) and per new rule."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalPlay
from engine.dungeon_mayhem import (
    ChooseDefense, ChooseOption, ChoosePlayer, ChooseTarget, PlayCard, apply, from_position, legal_actions, new_game,
)
from engine.dungeon_mayhem.cards import Unmodelled, owner_of

from tests.engine.dungeon_mayhem.helpers import P, illegal, names, pos, run


def hps(s: object) -> list[int]:
    return [p.hp for p in s.players]  # type: ignore[attr-defined]


def in_play(s: object, seat: int) -> list[str]:
    return names(tuple(c for c, _ in s.players[seat].defense))  # type: ignore[attr-defined]


# ------------------------------------------------------------------ Minsc & Boo

def test_swapportunity_passes_hp_to_the_right() -> None:  # DM.power.swapportunity
    s = pos(P("Minsc", hp=3, hand=["Swapportunity", "Wrap It Up"]), P("Azzan", hp=7), P("Lia", hp=9))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.swapportunity" in rules
    # seats are clockwise; each gives their HP to the previous seat (their right)
    assert hps(s) == [7, 9, 3]


def test_swapportunity_leaves_a_disguised_opponent_out() -> None:  # DM.power.swapportunity, DM.power.clever_disguise
    s = pos(P("Minsc", hp=3, hand=["Swapportunity", "Wrap It Up"]), P("Oriax", hp=5, disguised=True), P("Lia", hp=9))
    s, _, _ = run(s, PlayCard(0))
    assert hps(s) == [9, 5, 3]


def test_scouting_outing_draws_from_each_opponent() -> None:  # DM.power.scouting_outing, DM.deck.reshuffle
    s = pos(P("Minsc", hand=["Scouting Outing", "Wrap It Up"]), P("Azzan", deck=["Shield", "Charm"]),
            P("Lia", discard=["Fluffy"]), plays_owed=2)
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.scouting_outing" in rules and "DM.deck.reshuffle" in rules
    assert sorted(names(s.players[0].hand)) == ["Fluffy", "Shield", "Wrap It Up"]
    assert names(s.players[1].deck) == ["Charm"] and s.players[2].discard == ()
    assert sorted(owner_of(c) for c in s.players[0].hand) == [0, 1, 2]  # the cards keep their owners


def test_a_scouted_defense_card_protects_minsc_and_goes_home() -> None:  # DM.card.owner, DM.defense.play
    s = pos(P("Minsc", hand=[("Shield", 1), "Wrap It Up"], deck=["Krydle and Shandie"]), P("Azzan", hand=["Lightning Bolt", "Charm"]))
    s, _, _ = run(s, PlayCard(card="Shield"))
    assert in_play(s, 0) == ["Shield"] and owner_of(s.players[0].defense[0][0]) == 1
    s, _, _ = run(s, PlayCard(card="Lightning Bolt"), ChooseTarget(0, 0))
    assert in_play(s, 0) == [] and "Shield" in names(s.players[1].discard) and s.players[0].hp == 8


def test_favored_frienemies_adds_one_to_each_attack_card_this_turn() -> None:  # DM.power.favored_frienemies, DM.card.attack_card
    s = pos(P("Minsc", hand=["Favored Frienemies", "Twice the Smiting!", "Squeaky Wheel Gets the Kick", "Wrap It Up"]),
            P("Azzan", hand=["Burning Hands"]))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.favored_frienemies" in rules and s.bonus == 1 and s.pending.kind == "play"  # E1: P1
    s, _, _ = run(s, PlayCard(card="Squeaky Wheel Gets the Kick"), ChooseTarget(1))
    assert s.players[1].hp == 8  # A1 + 1
    s, _, _ = run(s, PlayCard(card="Twice the Smiting!"), ChooseTarget(1))
    assert s.players[1].hp == 5 and s.active == 1 and s.bonus == 0  # A2 + 1; "this turn" ends


# ------------------------------------------------------------------ Jaheira

def test_primal_strike_is_optional_and_hits_each_opponent() -> None:  # DM.power.primal_strike
    seats = [P("Jaheira", hand=["Primal Strike", "Call Lightning"]), P("Azzan", defense=["Stoneskin"]), P("Lia", hp=6)]
    s, rules, _ = run(pos(*seats), PlayCard(0))
    assert s.pending.kind == "noise" and legal_actions(s) == [ChooseOption("noise"), ChooseOption("pass")]
    s, _, _ = run(s, ChooseOption("noise"))
    assert hps(s) == [10, 10, 5] and s.players[1].defense[0][1] == 1 and s.pending.kind == "play"  # then play again
    s, _, _ = run(pos(*seats), PlayCard(0), ChooseOption("pass"))
    assert hps(s) == [10, 10, 6] and s.players[1].defense[0][1] == 0


def test_commune_with_nature_plays_a_form_card_for_free() -> None:  # DM.power.commune_with_nature, DM.form.shift
    s = pos(P("Jaheira", hand=["Commune with Nature", "Thorn Whip"], deck=["Shapeshift: Wolf Form", "Poochie"]), P("Azzan"))
    s, rules, _ = run(s, PlayCard(0))
    assert s.pending.kind == "free_play" and sorted(names(s.players[0].hand)) == ["Poochie", "Shapeshift: Wolf Form", "Thorn Whip"]
    illegal(s, PlayCard(card="Thorn Whip"), "DM.power.commune_with_nature")
    s, rules, _ = run(s, PlayCard(card="Shapeshift: Wolf Form"), ChooseTarget(1))
    assert "DM.form.shift" in rules and s.players[1].hp == 8
    # the free play used no play: Commune was the turn's one play, so the turn is over now
    assert s.active == 1 and s.players[0].form == "wolf"


def test_commune_with_nature_without_a_form_card_does_nothing_more() -> None:  # DM.power.commune_with_nature
    s = pos(P("Jaheira", hand=["Commune with Nature", "Thorn Whip"], deck=["Poochie", "Call Lightning"]), P("Azzan"))
    s, rules, texts = run(s, PlayCard(0))
    assert s.active == 1 and len(s.players[0].hand) == 3 and "no Form card" in " ".join(texts)


@pytest.mark.parametrize("form, azzan_hp, jaheira_hp", [("", 8, 5), ("bear", 8, 6), ("wolf", 7, 5)])
def test_form_symbol_is_a_heart_or_a_sword(form: str, azzan_hp: int, jaheira_hp: int) -> None:  # DM.form.symbol
    s = pos(P("Jaheira", hp=5, form=form, hand=["Gift of Silvanus", "Thorn Whip"]), P("Azzan"))
    s, rules, _ = run(s, PlayCard(0), ChooseTarget(1))
    if form == "wolf":
        assert s.pending.kind == "target"  # the form symbol is a second attack
        s, _, _ = run(s, ChooseTarget(1))
    assert "DM.form.symbol" in rules and hps(s) == [jaheira_hp, azzan_hp]


def test_bear_form_shapeshift_heals_then_enters_the_form() -> None:  # DM.form.shift
    s, rules, _ = run(pos(P("Jaheira", hp=5, form="wolf", hand=["Shapeshift: Bear Form", "Bearnard"]), P("Azzan")), PlayCard(0))
    assert s.players[0].form == "bear" and s.players[0].hp == 7
    s = pos(P("Jaheira", hp=5, form="bear", hand=["Bearnard", "Thorn Whip"]), P("Azzan"))
    s, _, _ = run(s, PlayCard(0))
    assert in_play(s, 0) == ["Bearnard"] and s.players[0].hp == 6


# ------------------------------------------------------------------ Blorp

def test_hugs_destroys_and_heals_per_printed_shield() -> None:  # DM.power.hugs
    s = pos(P("Blorp", hp=4, hand=["Hugs!", "D6 of Doom"]), P("Lia", defense=[{"card": "Divine Shield", "damage": 2}]))
    s, rules, _ = run(s, PlayCard(0), ChooseDefense(1, 0))
    assert "DM.power.hugs" in rules and s.players[1].defense == () and s.players[0].hp == 7


def test_here_i_come_ignores_defense_this_turn() -> None:  # DM.power.here_i_come
    s = pos(P("Blorp", hand=["Here I Come!", "Acid Burp", "Combat Cubed"]), P("Lia", defense=["Divine Shield"]))
    s, rules, _ = run(s, PlayCard(0))
    assert legal_actions(s) == [ChooseTarget(1)]  # the player, not the Defense card
    illegal(s, ChooseTarget(1, 0), "DM.power.here_i_come")
    s, _, _ = run(s, ChooseTarget(1))
    assert s.players[1].hp == 7 and s.players[1].defense[0][1] == 0 and s.active == 1 and not s.pierce


def test_here_i_come_carries_to_later_attack_cards() -> None:  # DM.power.here_i_come
    s = pos(P("Blorp", hand=["Slime Time", "Here I Come!", "Acid Burp", "Combat Cubed"]), P("Lia", defense=["Fluffy"]))
    s, _, _ = run(s, PlayCard(card="Slime Time"), PlayCard(card="Here I Come!"), ChooseTarget(1),
                  PlayCard(card="Acid Burp"), ChooseTarget(1))
    assert s.players[1].hp == 6 and in_play(s, 1) == ["Fluffy"]


def test_burped_up_bones_attacks_for_its_holder_when_destroyed() -> None:  # DM.power.burped_up_bones
    s = pos(P("Sutha", hand=["RAGE!", "Flex!"]), P("Blorp", defense=["Burped-Up Bones"], deck=["Sugar Rush"]), P("Lia"))
    s, rules, _ = run(s, PlayCard(0), ChooseTarget(1, 0))
    assert "DM.power.burped_up_bones" in rules and s.players[1].hp == 9  # 4 - 3 shields = 1 through
    assert s.pending.kind == "target" and s.pending.by == 1 and s.active == 0
    assert legal_actions(s) == [ChooseTarget(0), ChooseTarget(2)]
    s, _, _ = run(s, ChooseTarget(0))
    assert s.players[0].hp == 8 and s.active == 1 and names(s.players[1].discard) == ["Burped-Up Bones"]


# ------------------------------------------------------------------ Delilah Deathray

def test_death_ray_hits_the_unprotected_then_destroys_all_defense() -> None:  # DM.power.death_ray
    s = pos(P("Delilah", hand=["Death Ray", "Laser Show"], defense=["Fashion Police"]), P("Azzan"),
            P("Lia", defense=["Fluffy"]))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.death_ray" in rules
    assert hps(s) == [10, 8, 10] and all(p.defense == () for p in s.players)


def test_charm_ray_lets_delilah_choose_each_attack_target() -> None:  # DM.power.charm_ray
    s = pos(P("Delilah", hand=["Charm Ray", "Laser Show"]), P("Sutha", hand=["Big Axe Is Best Axe"], deck=["Riff"]),
            P("Azzan"))
    s, rules, _ = run(s, PlayCard(0), PlayCard(card="Big Axe Is Best Axe"))
    assert "DM.power.charm_ray" in rules and s.pending.chooser == 0 and s.active == 1
    assert legal_actions(s) == [ChooseTarget(0), ChooseTarget(2)]  # Sutha's possible targets
    s, _, _ = run(s, ChooseTarget(2))
    assert hps(s) == [10, 10, 7]


def test_charm_ray_ends_at_delilahs_next_turn() -> None:  # DM.power.charm_ray
    s = from_position([{"character": "Azzan", "hand": ["Burning Hands"]},
                       {"character": "Delilah", "charm_ray": True, "deck": ["Laser Show"], "hand": ["Double Trouble"]}])
    s, rules, _ = run(s, PlayCard(0))
    assert s.pending.chooser == 1
    s, rules, _ = run(s, ChooseTarget(1))
    assert s.active == 1 and not s.players[1].charm_ray and "DM.power.charm_ray" in rules


def test_praise_me_each_opponent_praises_or_takes_two() -> None:  # DM.power.praise_me
    s = pos(P("Delilah", hand=["Praise Me", "Laser Show"], deck=["Rays for Days"] * 2 + ["Multitask"]),
            P("Sutha", defense=["Bag of Rats"]), P("Azzan"))
    s, rules, _ = run(s, PlayCard(0))
    assert len(s.players[0].hand) == 4 and s.pending.kind == "praise" and s.pending.by == 1
    s, _, _ = run(s, ChooseOption("refuse"))
    assert s.pending.kind == "praise" and s.pending.by == 2
    s, _, _ = run(s, ChooseOption("praise"))
    assert hps(s) == [10, 9, 10] and s.players[1].defense == () and s.active == 1


# ------------------------------------------------------------------ Dr. Tentaculous

def test_mind_games_swaps_hands() -> None:  # DM.power.mind_games
    s = pos(P("Tentaculous", hand=["Mind Games", "Ego Whip"]), P("Azzan", hand=["Fireball", "Charm", "Shield"]))
    s, rules, _ = run(s, PlayCard(0), ChoosePlayer(1))
    assert "DM.power.mind_games" in rules
    assert sorted(names(s.players[1].hand)) == ["Ego Whip"] and len(s.players[0].hand) == 3


def test_tell_me_about_your_mother_takes_top_discards() -> None:  # DM.power.tell_me_about_your_mother
    s = pos(P("Tentaculous", hand=["Tell Me About Your Mother", "Ego Whip"]),
            P("Azzan", discard=["Charm", "Fireball"], deck=["Shield"]), P("Lia"))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.tell_me_about_your_mother" in rules and names(s.players[1].discard) == ["Charm"]
    assert sorted(names(s.players[0].hand)) == ["Ego Whip", "Fireball"]


def test_mind_blast_one_damage_per_card_capped_at_five() -> None:  # DM.power.mind_blast
    s = pos(P("Tentaculous", hand=["Mind Blast", "Ego Whip"]), P("Azzan", hand=["Lightning Bolt"] * 4 + ["Charm"] * 2 + ["Shield"]),
            P("Lia", hand=["Fluffy", "High Charisma"], defense=["Spinning Parry"]))
    s1, rules, _ = run(s, PlayCard(0), ChoosePlayer(1))
    assert "DM.power.mind_blast" in rules and s1.players[1].hp == 5
    s2, _, _ = run(s, PlayCard(0), ChoosePlayer(2))
    assert s2.players[2].hp == 9 and s2.players[2].defense == ()  # 2 damage: Spinning Parry (1) then Lia


# ------------------------------------------------------------------ Hoots McGoots

def test_for_my_next_trick_attacks_hit_every_opponent() -> None:  # DM.power.for_my_next_trick
    s = pos(P("Hoots", hand=["For My Next Trick...", "Look Out Below!"], deck=["Intermission"]), P("Azzan"),
            P("Lia", defense=["Fluffy"]))
    s, rules, _ = run(s, PlayCard(0))
    assert "DM.power.for_my_next_trick" in rules and hps(s) == [10, 9, 10] and s.players[2].defense[0][1] == 1
    s, _, _ = run(s, PlayCard(card="Look Out Below!"))
    assert hps(s) == [10, 7, 9] and s.players[2].defense == () and s.players[0].next_trick


def test_to_the_face_destroys_then_attacks_for_its_shields() -> None:  # DM.power.to_the_face
    s = pos(P("Hoots", hand=["To the Face!", "Intermission"], defense=["Talk to My Agent"]), P("Azzan"), P("Lia"))
    s, rules, _ = run(s, PlayCard(0), ChooseDefense(0, 0))
    assert "DM.power.to_the_face" in rules and s.pending.kind == "target" and s.pending.amount == 3
    s, _, _ = run(s, ChooseTarget(2))
    assert hps(s) == [10, 10, 7]


def test_owlbear_boogie_dancers_draw_and_hoots_draws_per_dancer() -> None:  # DM.power.owlbear_boogie
    s = pos(P("Hoots", hand=["Owlbear Boogie", "Intermission"], deck=["Wise as an Owl"] * 1 + ["Grand Finale"] * 2),
            P("Azzan", deck=["Shield"]), P("Lia", deck=["Fluffy"]))
    s, rules, _ = run(s, PlayCard(0))
    assert [s.pending.kind, s.pending.by] == ["dance", -1]
    s, _, _ = run(s, ChooseOption("dance"), ChooseOption("dance"), ChooseOption("pass"))
    assert len(s.players[1].hand) == 2 and len(s.players[2].hand) == 1
    assert len(s.players[0].hand) == 1 + 3  # Intermission + 1 for dancing + 1 per dancer (2)


# ------------------------------------------------------------------ Lord Cinderpuff

def test_hostile_takeover_one_each_two_to_one_one_to_another() -> None:  # DM.power.hostile_takeover
    s = pos(P("Cinderpuff", hand=["Hostile Takeover", "Wing Buffet"]), P("Azzan"), P("Lia"), P("Sutha"))
    s, rules, _ = run(s, PlayCard(0))
    assert hps(s) == [10, 9, 9, 9] and s.pending.amount == 2
    s, _, _ = run(s, ChooseTarget(2))
    assert s.pending.amount == 1 and ChooseTarget(2) not in legal_actions(s)
    illegal(s, ChooseTarget(2), "DM.power.hostile_takeover")
    s, _, _ = run(s, ChooseTarget(3))
    assert hps(s) == [10, 9, 7, 8]


def test_liquidate_assets_attacks_for_the_cards_discarded() -> None:  # DM.power.liquidate_assets
    s = pos(P("Cinderpuff", hand=["Liquidate Assets", "Wing Buffet", "Bull Market", "Peaceful Nap"], deck=["Wall of Money"] * 2),
            P("Azzan"))
    s, rules, _ = run(s, PlayCard(0), ChooseTarget(1))
    assert "DM.power.liquidate_assets" in rules and s.players[1].hp == 7
    assert sorted(names(s.players[0].discard)) == ["Bull Market", "Liquidate Assets", "Peaceful Nap", "Wing Buffet"]
    assert sorted(names(s.players[0].hand)) == ["Wall of Money", "Wall of Money"]  # empty hand: draw 2


def test_murders_and_acquisitions_everyone_chooses_and_cinderpuff_repeats() -> None:  # DM.power.murders_and_acquisitions
    s = pos(P("Cinderpuff", hp=5, hand=["Murders and Acquisitions", "Wing Buffet"], deck=["Peaceful Nap"]),
            P("Azzan", deck=["Shield"]), P("Lia"))
    s, rules, _ = run(s, PlayCard(0))
    assert (s.pending.kind, s.pending.by) == ("murder", -1)
    s, _, _ = run(s, ChooseOption("heal"))  # his own choice: once (E8)
    assert s.players[0].hp == 6 and s.pending.by == 2  # then going right: Lia (seat 2)
    s, _, _ = run(s, ChooseOption("attack"))
    assert s.pending.kind == "target" and s.pending.by == 2
    s, _, _ = run(s, ChooseTarget(0))  # Lia attacks Cinderpuff for 1 ...
    assert s.players[0].hp == 5 and s.pending.kind == "target" and s.pending.by == -1
    s, _, _ = run(s, ChooseTarget(2))  # ... and he repeats: attacks for 1
    assert s.players[2].hp == 9 and s.pending.by == 1
    s, _, _ = run(s, ChooseOption("draw"))
    assert names(s.players[1].hand)[-1] == "Shield" and "Peaceful Nap" in names(s.players[0].hand)


# ------------------------------------------------------------------ Mimi LeChaise

def test_its_not_a_trap_sets_one_hp_to_another() -> None:  # DM.power.its_not_a_trap
    s = pos(P("Mimi", hp=2, hand=["It's Not a Trap", "Definitely Not a Trap"]), P("Azzan", hp=4), P("Lia", hp=9))
    s, rules, _ = run(s, PlayCard(0), ChoosePlayer(0))
    assert s.pending.kind == "trap_to" and ChoosePlayer(0) not in legal_actions(s)
    s, _, _ = run(s, ChoosePlayer(2))
    assert "DM.power.its_not_a_trap" in rules and hps(s) == [9, 4, 9]


def test_mirror_copies_a_defense_card_and_returns_as_itself() -> None:  # DM.power.definitely_just_a_mirror
    s = pos(P("Mimi", hand=["Definitely Just a Mirror", "Definitely Not a Trap"], deck=["Completely Safe Door", "Just Another Coat Rack"]),
            P("Azzan", hand=["Lightning Bolt", "Burning Hands"], defense=["Shield"]))
    s, rules, _ = run(s, PlayCard(0), ChooseDefense(1, 0))
    assert "DM.power.definitely_just_a_mirror" in rules
    assert in_play(s, 0) == ["Definitely Just a Mirror"] and "Completely Safe Door" in names(s.players[0].hand)  # D1 copied
    s, _, _ = run(s, PlayCard(card="Lightning Bolt"), ChooseTarget(0, 0))  # 1 shield: destroyed, 2 through
    assert s.players[0].hp == 8 and names(s.players[0].discard) == ["Definitely Just a Mirror"]


def test_a_book_cannot_bite_is_refused_by_name() -> None:  # DM.power.a_book_cannot_bite, DM.card.unmodelled
    with pytest.raises(Unmodelled) as e:
        new_game(["Mimi", "Azzan"], random.Random(1))
    assert str(e.value) == "A Book (Cannot Bite): its use of the first-listed Mighty Power of a neighbour is not modelled"
    with pytest.raises(Unmodelled):
        pos(P("Mimi", hand=["A Book (Cannot Bite)"]), P("Azzan"))
    pos(P("Mimi", hand=["It's Not a Trap"]), P("Azzan"))  # the rest of the deck is modelled


def test_illegal_expansion_choices_name_their_rule() -> None:  # DM.turn.choice
    s = apply(pos(P("Tentaculous", hand=["Mind Games", "Ego Whip"]), P("Oriax", disguised=True), P("Azzan")), PlayCard(0))
    illegal(s, ChoosePlayer(1), "DM.power.mind_games")
    illegal(s, ChooseTarget(2), "DM.turn.choice")
    with pytest.raises(IllegalPlay):
        apply(s, ChoosePlayer(0))
