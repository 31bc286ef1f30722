"""Dungeon Mayhem: the documents our rules rest on, and the rulings we adopt (D1–D12).

The official rulebooks could not be consulted; the rules rest on the Monster Madness
card-types leaflet, a Vietnamese translation of the base rules with an FAQ, rules
walkthroughs, and open-source implementations (cited as such, for the card lists).
Every glossary rule's ``source`` must resolve here; a test checks it.
"""

from __future__ import annotations

from engine.core.sources import Ruling, Source, Sources

_GH = "https://github.com/"

SOURCES = Sources("dungeon_mayhem", (
    Source("SEED000", "Dungeon Mayhem card-types leaflet", "(Monster Madness, © 2020 Wizards of the Coast)",
           kind="rules",
           url="https://docshare.wps.com/document/card-types-attack-defense-play-again-healing-combinations-"
               "mighty-powers-five-to-six-player-rules/510882/",
           prefixes=("seed rules text 000",)),
    Source("SEED001", "Dungeon Mayhem rules and FAQ", "(Vietnamese edition)", kind="rules",
           url="https://rubikonline.vn/luat-choi-day-du-dungeon-mayhem-board-game-d-d",
           prefixes=("seed rules text 001",)),
    Source("UBG", "Dungeon Mayhem rules, Ultra Board Games", kind="rules",
           url="https://www.ultraboardgames.com/dungeon-mayhem/game-rules.php", prefixes=("UBG",)),
    Source("GH", "How to play Dungeon Mayhem, Geeky Hobbies", kind="walkthrough",
           url="https://www.geekyhobbies.com/dungeon-mayhem-rules/", prefixes=("GH",)),
    Source("LNG", "How to play Dungeon Mayhem, Learn New Games", kind="walkthrough",
           url="https://learnnewgames.com/dungeon-mayhem", prefixes=("LNG",)),
    Source("AM", "How to play Dungeon Mayhem, Assorted Meeples", kind="walkthrough",
           url="https://assortedmeeples.com/how-to-play-dungeon-mayhem", prefixes=("AM",)),
    Source("DF", "Dungeon Fox review of Dungeon Mayhem", kind="review",
           url="http://www.dungeonfox.com/board-and-card-games/the-motion-and-commotion-of-dungeon-mayhem",
           prefixes=("DF",)),
    Source("RPC", "Roleplayers Chronicle review of Monster Madness", kind="review",
           url="http://roleplayerschronicle.com/?p=52106", prefixes=("RPC",)),
    Source("BGGUYS", "Board Game Guys, Monster Madness", kind="review",
           url="https://boardgameguys.com/dungeon-mayhem-monster-madness", prefixes=("BGGUYS",)),
    Source("KU", "Open-source implementation: kuche1/dungeon_mayhem_kotlin", "(card data)", kind="implementation",
           url=_GH + "kuche1/dungeon_mayhem_kotlin", prefixes=("KU",)),
    Source("FIX", "Open-source implementation: Fixxzer/DungeonMayhem", "(card data)", kind="implementation",
           url=_GH + "Fixxzer/DungeonMayhem", prefixes=("FIX",)),
    Source("ZOMIS", "Open-source implementation: Zomis/Server2", "(Dungeon Mayhem)", kind="implementation",
           url=_GH + "Zomis/Server2", prefixes=("ZOMIS",)),
    Source("MAS", "Open-source implementation: mikeasilva/dungeon-mayhem", kind="implementation",
           url=_GH + "mikeasilva/dungeon-mayhem", prefixes=("MAS",)),
    Source("C4451", "Open-source implementation: IndianBoy42/comp4451", "(cards scanned from the game)",
           kind="implementation", url=_GH + "IndianBoy42/comp4451", prefixes=("C4451",)),
    Source("ILI", "Open-source implementation: ilijagrbic/SFOnboarding-DungeonMayhem", kind="implementation",
           url=_GH + "ilijagrbic/SFOnboarding-DungeonMayhem", prefixes=("ILI",)),
    Source("NIK", "Open-source implementation: nikuhkid/dungeon-mayhem", kind="implementation",
           url=_GH + "nikuhkid/dungeon-mayhem", prefixes=("NIK",)),
    Source("MAT", "Open-source implementation: MatWich/DungeonMayhemClone", kind="implementation",
           url=_GH + "MatWich/DungeonMayhemClone", prefixes=("MAT",)),
    Source("PRINCIPLE", "Rules Tutor's principle: what the engine does not model is refused by name, never "
           "approximated", kind="project", prefixes=("Rules Tutor principle",)),
), (
    Ruling("D1", "One target per card",
           "All swords on one card go to one player, or to one Defense card of that player; overflow stays with "
           "that player.", "The leaflet describes an attack card hitting \"a player\"; every implementation "
           "keeps one target per card.", "Some players split swords between targets.",
           "attack_split_per_sword = false", prefixes=("project default D1",)),
    Ruling("D2", "The attacker orders the overflow",
           "When damage runs over from a destroyed Defense card into several others of the same player, the "
           "attacker chooses which takes it next.", "The attacker makes the attack's choices.",
           "Implementations use play order or newest first.", "overflow_order = attacker",
           prefixes=("project default D2",)),
    Ruling("D3", "Defense cards absorb Fireball and Whirling Axes",
           "Damage from these Mighty Powers goes through Defense cards like an attack's.",
           "The cards say they deal damage, and damage always meets Defense cards first.",
           "Some fan rules let area damage skip Defense cards.", "area_damage_hits_defense = true",
           prefixes=("project default D3",)),
    Ruling("D4", "Played cards reach the discard pile at the end of the turn",
           "Until then they sit in a \"played this turn\" zone; Defense cards stay in play.",
           "Rules walkthroughs put played cards away once the turn's plays are done.",
           "Geeky Hobbies discards each card as soon as it has resolved.", "discard_timing = end_of_turn",
           prefixes=("project default D4",)),
    Ruling("D5", "Play Again with nothing left to draw ends the turn",
           "If hand, deck and discard pile are all empty while plays are still owed, the owed plays are lost.",
           "No rule lets a player make a play without a card.", setting="exhausted_play_again = end_turn",
           prefixes=("project default D5",)),
    Ruling("D6", "The empty-hand draw comes after the card resolves",
           "The card that emptied the hand resolves fully, its own Draw symbols included, before the player "
           "draws 2.", "A card's symbols resolve in order once it is played.",
           "Some walkthroughs draw at the moment the hand empties.", "empty_hand_draw = after_card",
           prefixes=("project default D6",)),
    Ruling("D7", "Mighty Toss and Sneak Attack! may hit your own Defense card",
           "Any Defense card in play is a legal choice.", "The cards say \"a\" Defense card, not an opponent's.",
           setting="destroy_own_defense = true", prefixes=("project default D7",)),
    Ruling("D8", "Clever Disguise skips Battle Roar but counts for the Whirling Axes heal",
           "A disguised Oriax neither discards nor draws for Battle Roar; he still counts as an opponent for "
           "Sutha's heal (he takes no Whirling Axes damage).",
           "Disguise stops cards from affecting him; counting opponents does not affect him.",
           "Implementations differ on both points.",
           "disguise_blocks_battle_roar = true; disguise_counts_for_axes_heal = true",
           prefixes=("project default D8",)),
    Ruling("D9", "Pick Pocket on an empty deck reshuffles",
           "If the victim's deck is empty, they first shuffle their discard pile into a new deck, as for a draw.",
           "An empty deck is always reshuffled when a card is needed.", setting="pick_pocket_reshuffles = true",
           prefixes=("project default D9",)),
    Ruling("D10", "A stolen Defense card protects Oriax",
           "A Defense card taken with Pick Pocket stays in front of Oriax and protects him; when destroyed it goes "
           "to its owner's discard pile.", "The FAQ says a played card of another player is used as if it were "
           "yours.", setting="stolen_defense_protects_oriax = true", prefixes=("project default D10",)),
    Ruling("D11", "The Zone of Influence switches off at four players",
           "It applies only in games that started with 5–6 players, and stops once four or fewer are still in; "
           "your neighbours are the nearest living players on each side.",
           "The leaflet's five-to-six-player rules start \"When only four…\" before the text breaks off.",
           "Some implementations keep it on, or count seated neighbours only.",
           "zone_off_at_or_below = 4; neighbours = nearest_living", prefixes=("project default D11",)),
    Ruling("D12", "A Vengeful Ghost deals 1 damage that meets Defense cards",
           "On its turn a ghost deals 1 damage to a living player with at least 2 HP, ignoring the Zone of "
           "Influence; the damage goes through Defense cards like an attack.",
           "Reviews and implementations agree on 1 damage and no lethal haunting.",
           "Implementations differ on Defense cards.",
           "ghost_damage = 1; ghost_min_target_hp = 2; ghost_hits_defense = true",
           prefixes=("project default D12",)),
    Ruling("E1", "Favored Frienemies has a Play Again symbol",
           "Minsc & Boo's Favored Frienemies carries a Play Again symbol besides its Mighty Power.",
           "Every source that lists the card's symbols (Fixxzer, comp4451, nikuhkid) prints it.",
           setting="favored_frienemies_play_again = true", prefixes=("project ruling E1",)),
    Ruling("E2", "Bearnard has 2 shields", "Jaheira's Bearnard is a 2-shield Defense card.",
           "Fixxzer and nikuhkid print 2 shields.", "comp4451 prints 1.", "bearnard_shields = 2",
           prefixes=("project ruling E2",)),
    Ruling("E3", "Cubes Have Feelings Too plays again once", "Blorp's Cubes Have Feelings Too heals 1 and plays again once.",
           "Fixxzer and kuche1 print one Play Again.", "comp4451 prints two.", "cubes_play_again = 1",
           prefixes=("project ruling E3",)),
    Ruling("E4", "Burped-Up Bones: the player it protected attacks when it is destroyed",
           "When Burped-Up Bones is destroyed, the player it protected makes a 2-damage attack on an opponent.",
           "The card prints two swords under 'when this card is destroyed', and swords are always an attack by the "
           "card's player (as comp4451 plays it).",
           "kuche1's code makes the destroyer take 2 damage; Fixxzer attacks for 2 when it is played.",
           "burped_up_bones = holder_attacks", prefixes=("project ruling E4",)),
    Ruling("E5", "Primal Strike is optional", "Jaheira may choose to make an animal noise and strike, or not.",
           "The card text (comp4451) says 'you may'.", "Fixxzer's text makes the strike compulsory.",
           "primal_strike_optional = true", prefixes=("project ruling E5",)),
    Ruling("E6", "Mind Blast and Liquidate Assets deal at most 5", "Each deals 1 damage per card, up to 5.",
           "kuche1 and comp4451 print the cap.", "Fixxzer's texts have no cap.",
           "mind_blast_cap = 5; liquidate_cap = 5", prefixes=("project ruling E6",)),
    Ruling("E7", "For My Next Trick... respects the Zone of Influence",
           "In a 5-6-player game, Hoots' attacks hit every opponent the card could target, not the whole table.",
           "The Zone of Influence limits whom a regular card affects; no source speaks to this.",
           setting="next_trick_respects_zone = true", prefixes=("project ruling E7",)),
    Ruling("E8", "Murders and Acquisitions: Lord Cinderpuff repeats the others' choices",
           "He makes his own choice once and repeats each other player's choice.",
           "'You repeat all choices' reads most naturally as the choices the others made; no source says more.",
           setting="murders_repeat_own = false", prefixes=("project ruling E8",)),
    Ruling("E9", "Attack cards are cards with a printed sword",
           "Effects on 'attack cards' (Favored Frienemies, Here I Come!, For My Next Trick..., Charm Ray) apply to "
           "cards with a printed sword, not to damage a Mighty Power's text deals.",
           "The card texts name attack cards; a Mighty Power that deals damage is not printed with swords.",
           prefixes=("project ruling E9",)),
    Ruling("E10", "Charm Ray chooses among the targets the card allows",
           "Until her next turn, Delilah chooses the target of another player's attack card, from the targets "
           "that card could choose itself.", "Charm Ray redirects who is chosen, not what a card may reach.",
           prefixes=("project ruling E10",)),
    Ruling("E11", "A Mirror is a Mirror again when it leaves play",
           "Definitely Just a Mirror copies another Defense card while in play; destroyed or discarded, it is the "
           "Mirror again.", "A copy lasts only while the card is in play, as for any 'as long as' effect.",
           prefixes=("project ruling E11",)),
    Ruling("E12", "A Mirror copies a Defense card as printed",
           "Definitely Just a Mirror comes into play with all the shields of the card it copies, whatever damage "
           "that card has taken.", "Damage is marked on a card, not printed on it; the Mirror copies the card, and "
           "the damage stays with the card that took it. No source speaks to the case.",
           "None found; an open point.", "mirror_copies_damage = false", prefixes=("project ruling E12",)),
    Ruling("E13", "Hostile Takeover's damage meets Defense cards",
           "All three parts of Hostile Takeover (1 to each opponent, 2 to one, 1 to another) go through Defense "
           "cards before HP.", "It deals damage like Fireball, and damage always meets Defense cards first (D3); "
           "kuche1's and Fixxzer's texts say 'deal damage' and nothing about shields.",
           "None found; an open point.", "hostile_takeover_hits_defense = true",
           prefixes=("project ruling E13",)),
    Ruling("E14", "For My Next Trick...'s own sword hits every opponent",
           "The card's Mighty Power is printed before its sword, so the effect is on when its own 1 damage is dealt: "
           "that damage already hits every opponent the card can reach.",
           "A card's symbols resolve in printed order (LNG), and the power comes first on the card (kuche1, "
           "Fixxzer).", "None found; an open point.", "next_trick_own_attack = true",
           prefixes=("project ruling E14",)),
    Ruling("E15", "Clever Disguise does not stop a Vengeful Ghost",
           "A disguised Oriax may still be chosen by a ghost.",
           "Clever Disguise protects Oriax from cards his opponents play; a ghost plays no card.",
           "None found; an open point.", "disguise_blocks_ghost = false", prefixes=("project ruling E15",)),
))
