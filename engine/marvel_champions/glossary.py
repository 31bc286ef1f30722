"""Marvel Champions rules glossary (enemy attacks and defense).

Texts paraphrase the Rules Reference v1.8 (RR18) as digested in
``shared/rules/marvel_champions.md``; sources use that digest's keys.
"""

from __future__ import annotations

from engine.core.glossary import Glossary, Rule

_WALK = "Danger Room walkthrough \"Defense 1\" (seed 003)"

GLOSSARY = Glossary([
    Rule("MC.atk.sequence", "The steps of an attack",
         "An enemy attack resolves in order: give boost card, declare defender (determine target), "
         "reveal boost, calculate damage, take damage.",
         "RR v1.8 p. 8, Attack (Enemy Activation), steps 1-6"),
    Rule("MC.atk.initiate", "An enemy attacks a player",
         "When an enemy attacks, the player it attacks is the attacked (target) player.",
         "RR v1.8 p. 8, Attack (Enemy Activation) preamble and 1"),
    Rule("MC.atk.boost_dealt", "Give boost card",
         "A villain, or a villainous minion, is dealt a facedown boost card from the encounter deck; "
         "other minions get none. Effects such as Klaw's add extra boost cards.",
         "RR v1.8 p. 8, step 1"),
    Rule("MC.hero.spider_sense", "Spider-Sense",
         "Spider-Man's hero ability: when the villain initiates an attack against you, draw 1 card. It resolves at "
         "initiation, before step 1; a minion's attack does not trigger it.",
         "MarvelCDB 01001a (Spider-Man); RR v1.8 p. 8, Attack (Enemy Activation) 5"),
    Rule("MC.atk.undefended", "By default: the identity, undefended",
         "If no character defends, the attack targets the identity of the attacked player and is undefended.",
         "RR v1.8 p. 15, Defend 6; RR v1.8 p. 8, step 4; " + _WALK),
    Rule("MC.def.basic", "Basic defense",
         "A player may exhaust their ready hero to defend; its DEF then reduces the attack's damage.",
         "RR v1.8 p. 15, Defend 2"),
    Rule("MC.def.ally", "Ally defense",
         "Any player may exhaust a ready ally they control to defend; the ally takes all the damage and DEF is not used.",
         "RR v1.8 p. 15, Defend 3"),
    Rule("MC.def.ready", "Defending exhausts",
         "A character must exhaust to defend, so an exhausted hero or ally cannot defend "
         "unless a card lets it defend without exhausting.",
         "RR v1.8 p. 15, Defend 2, 2-2, 3-3"),
    Rule("MC.def.alter_ego", "Alter-egos do not defend",
         "A player in alter-ego form has no DEF and cannot basic defend (they may still defend with an ally).",
         "RR (v1.5-1.7 text) Basic Power, Ally"),
    Rule("MC.def.one_defender", "One defender per attack",
         "Only one player may defend an attack, and only one character can be its defender.",
         "RR v1.8 p. 15, Defend 1-3"),
    Rule("MC.def.retarget", "The defender becomes the target",
         "The defender becomes the target of the attack, its controller becomes the attacked player, "
         "and the attack is considered defended.",
         "RR v1.8 p. 15, Defend 5; RR v1.8 p. 8, steps 1-2, 2; " + _WALK),
    Rule("MC.def.label", "(defense) labelled abilities",
         "When a player resolves a (defense) labelled ability during an enemy attack and there is no defender yet, "
         "their identity becomes the defender without exhausting; it is not a basic defense, so DEF is not counted.",
         "RR v1.8 p. 15, Defend 4, 4-1, 4-3, 4-4; " + _WALK),
    Rule("MC.def.label_one_player", "Only one player uses (defense) labels",
         "Once a player has resolved a (defense) labelled ability on an attack, no other player may resolve "
         "(defense) labelled abilities on that attack.",
         "RR v1.8 p. 15, Defend 4-5, 4-6; " + _WALK + ", \"Taking turns\"; project ruling (c)"),
    Rule("MC.def.label_no_change", "A label does not change an existing defender",
         "If the attack already has a defender, a (defense) labelled ability resolves its other effects "
         "but does not change the defender, the target or the attacked player.",
         "RR v1.8 p. 15, Defend 4, 4-7; " + _WALK + ", \"Crowded field\"; project ruling (b)"),
    Rule("MC.def.when_hero_defends", "\"When your hero defends\"",
         "Abilities that trigger when your hero defends (Expert Defense) need your hero to be the defender: "
         "through a basic defense, or a (defense) label that made your identity the defender. "
         "Their own label does not supply the trigger.",
         "RR v1.8 p. 15, Defend 4-2; MarvelCDB Expert Defense ruling; " + _WALK + ", \"Brace yourself\"; project ruling (e)"),
    Rule("MC.atk.flip", "Reveal boost",
         "Each boost card is turned face up in the order dealt; its boost icons are added to the attack's ATK.",
         "RR v1.8 p. 8, step 3"),
    Rule("MC.card.preemptive_strike", "Preemptive Strike",
         "Hero Interrupt (defense): when a boost card is turned face up during a villain attack, cancel its "
         "boost icons and deal 1 damage to the villain for each icon cancelled.",
         "MarvelCDB 05014 (Ms. Marvel hero pack)"),
    Rule("MC.card.expert_defense", "Expert Defense",
         "Hero Interrupt (defense): when your hero defends, it gets +3 DEF for this attack.",
         "MarvelCDB 03033 (Captain America pack)"),
    Rule("MC.atk.boost_icons", "Boost icons add to ATK",
         "Each boost icon on a flipped boost card adds 1 to the attack's ATK; a star (★) is not an icon and adds 0. "
         "Each amplify icon in play adds one more icon to every boost card flipped.",
         "RR v1.8 p. 8, step 3; RR (v1.5-1.7 text) Boost, Star Icon, Amplify Icon"),
    Rule("MC.atk.boost_ability", "Boost abilities",
         "A flipped boost card with a star resolves its Boost ability; \"you\" is the defending (target) player. "
         "Damage from a Boost ability is not damage from the attack.",
         "RR (v1.5-1.7 text) Boost; RR v1.8 p. 15, Defend 5-2"),
    Rule("MC.def.ally_gone", "A defending ally that leaves play",
         "If the defending ally is defeated before damage (for example by a Boost ability), the attack is undefended "
         "and the identity of that ally's controller becomes the target.",
         "RR v1.8 p. 15, Defend 6; RR v1.8 p. 9, 3-2; FFG ruling on Concussive Blast"),
    Rule("MC.dmg.calc", "Calculate damage",
         "The attack's damage is its ATK with every modifier and boost icon (never below 0); only a basic defense "
         "subtracts the defending hero's DEF, with its DEF modifiers.",
         "RR v1.8 p. 8, step 4; RR v1.8 p. 29, Modifiers 2-4"),
    Rule("MC.dmg.apply", "Take damage",
         "The target takes the damage: a defending hero or ally, or with no defender the targeted identity. "
         "A character with no hit points left is defeated; a defeated ally is discarded.",
         "RR v1.8 p. 8, step 5; RR (v1.5-1.7 text) Damage, Defeat"),
    Rule("MC.status.tough", "Tough",
         "If a character with a tough card would take any damage, prevent all of it and discard the tough card. "
         "Tough is checked after DEF and before interrupts.",
         "RR (v1.5-1.7 text) Tough, Damage; RR v1.8 p. 9, 2-2"),
    Rule("MC.kw.piercing", "Piercing",
         "An attack with piercing discards every tough card of the attacked character before damage is dealt.",
         "RR (v1.5-1.7 text) Piercing"),
    Rule("MC.kw.overkill", "Overkill",
         "If an attack with overkill defeats an ally, the damage beyond the ally's remaining hit points is dealt "
         "to the identity of the player who controls that ally.",
         "RR (v1.5-1.7 text) Overkill, Attacks Against Allies"),
    Rule("MC.kw.retaliate", "Retaliate X",
         "After a character with retaliate X is attacked, if it is still in play, it deals X damage to the attacker. "
         "Only the character that was attacked (the defender, or the undefended target) retaliates.",
         "RR (v1.5-1.7 text) Retaliate X; RR v1.8 p. 10, 5-1"),
    Rule("MC.kw.ranged", "Ranged",
         "An attack with ranged ignores retaliate.",
         "RR (v1.5-1.7 text) Ranged"),
    Rule("MC.status.stun_replaces_attack", "Stunned",
         "When a stunned enemy would attack, it discards its stun card instead: no boost card is dealt and the "
         "attack never happens (a steady enemy needs two stun cards).",
         "RR (v1.5-1.7 text) Stun, Steady, Status Cards; project ruling (d)"),
    Rule("MC.prevent.interrupt", "Prevention interrupts",
         "Cards such as Backflip (prevent all), Wiggle Room (prevent 3) and Jump Flip (prevent 2) interrupt the "
         "damage you would take; they prevent damage to your identity only, after tough is checked.",
         "RR v1.8 p. 35, Prevent 1-1 to 1-3; MarvelCDB 01003, 05005, 27014"),
    Rule("MC.card.in_hand", "Playing a card",
         "A player can only play a card from their own hand.",
         "RR (v1.5-1.7 text) Play"),
])
