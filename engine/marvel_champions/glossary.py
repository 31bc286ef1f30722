"""Marvel Champions rules glossary (enemy attacks and defense).

Texts paraphrase the Rules Reference v1.8 (RR18) as digested in
``shared/rules/marvel_champions.md``; sources use that digest's keys.
"""

from __future__ import annotations

from engine.core.glossary import Glossary, Rule
from engine.core.trace import Tracer

_WALK = "Danger Room walkthrough \"Defense 1\" (seed 003)"

GLOSSARY = Glossary([
    Rule("MC.atk.sequence", "The steps of an attack",
         "An enemy attack resolves in order: give boost card, declare defender (determine target), "
         "reveal boost, calculate damage, take damage.",
         "RR v1.8 p. 8, Attack (Enemy Activation), steps 1-6"),
    Rule("MC.setup.position", "The table as set out",
         "A position starts from the table as it is set out: the cards in play with their printed values, and the "
         "damage, status cards and exhaustion already on them. Only a rule that applies changes them.",
         "MarvelCDB printed card values"),
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
         "Only the character that was attacked (the defender, or the undefended target) retaliates; several "
         "instances add up (retaliate 1 and a gained retaliate 1 deal 2).",
         "RR (v1.5-1.7 text) Retaliate X, Keywords; RR v1.8 p. 10, 5-1"),
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
    # -- initiation ------------------------------------------------------------------------------
    Rule("MC.atk.initiation", "Interrupts when an enemy attacks",
         "\"When [enemy] attacks (you)\" and \"when the villain initiates an attack\" interrupts resolve when the "
         "attack is initiated, before step 1: once the boost card is dealt it is too late to play them.",
         "RR v1.8 p. 8, Attack (Enemy Activation) 5; RR (v1.5-1.7 text) FAQ Spider-Man #1A"),
    Rule("MC.def.declared", "A card that declares the defender",
         "A card that declares a hero the defender makes a basic defense, so its DEF counts; one that declares an ally "
         "makes an ally defense. \"Without exhausting\" lets an exhausted character be declared. A (defense) card that "
         "declares a defender makes that character the defender (its label does not make the identity one first).",
         "RR v1.8 p. 15, Defend 2-1, 2-2, 3-2, 3-3"),
    Rule("MC.def.label_then_basic", "A label defender declared again",
         "A hero that became the defender through a (defense) label may still be declared the defender, at step 2 or "
         "by a card; it is then a basic defense and its DEF counts.",
         "RR v1.8 p. 15, Defend 4-3; project ruling (f)"),
    Rule("MC.card.all_day", "\"I Can Do This All Day\"",
         "Hero Interrupt (defense): when an enemy attacks, declare your hero the defender without exhausting them "
         "(a basic defense). Any player may play it, so it can take over an attack on another player.",
         "MarvelCDB 56047 (Civil War)"),
    Rule("MC.card.cuts_both_ways", "Cuts Both Ways",
         "Hero Interrupt (defense): when an enemy attacks, you gain retaliate 1 until the end of the phase. As a "
         "(defense) card it also makes your identity the defender if there is none yet.",
         "MarvelCDB 56050 (Civil War); RR v1.8 p. 15, Defend 4"),
    Rule("MC.card.mutant_protectors", "Mutant Protectors",
         "Play only if your identity has the X-Men trait. Hero Interrupt (defense): when an enemy attacks, put an "
         "X-Men ally into play from your hand, exhaust it and declare it the defender for this attack.",
         "MarvelCDB 32017 (Mutant Genesis)"),
    Rule("MC.card.charge", "Charge",
         "Forced Interrupt: when Rhino attacks, the attack gains overkill. At the end of this attack, discard Charge.",
         "MarvelCDB 01099"),
    # -- indirect damage -------------------------------------------------------------------------
    Rule("MC.villain.sand_blast", "Sand Blast",
         "Sandman (I, II), Forced Interrupt: when Sandman attacks you, that attack deals indirect damage.",
         "MarvelCDB 27061, 27062 (Sinister Motives)"),
    Rule("MC.villain.sand_wave", "Sand Wave",
         "Sandman (III), Forced Interrupt: when Sandman attacks you, that attack gains overkill.",
         "MarvelCDB 27063"),
    Rule("MC.villain.surging_sands", "Surging Sands",
         "If your identity takes any damage from Sandman's attack, City Streets' Surging Sands resolves: a sand "
         "counter is placed there and encounter cards are discarded. It changes the encounter deck, not the attack.",
         "MarvelCDB 27061, 27062, 27063, 27065 (City Streets)"),
    Rule("MC.dmg.indirect", "Indirect damage",
         "Indirect damage is dealt at step 5: the player the attack is against splits it among the characters they "
         "control, no character taking more than would defeat it; a tough character may be assigned damage, which its "
         "tough card then prevents. Only the defender (or, undefended, the identity) counts as attacked.",
         "RR v1.8 p. 24, Indirect Damage 1-5-1"),
    Rule("MC.dmg.indirect_def", "Indirect damage and DEF",
         "The Rules Reference does not say whether a basic defense's DEF reduces indirect damage before it is "
         "assigned; the engine follows the reading the scenario chooses, and refuses to rule otherwise.",
         "RR v1.8 p. 24, Indirect Damage; project ruling (g)"),
    Rule("MC.card.preemptive_amplify", "Preemptive Strike and amplify",
         "It is unclear whether the icons amplify adds to a boost card are \"on that card\" for Preemptive Strike; "
         "the engine follows the reading the scenario chooses, and refuses to rule otherwise.",
         "MarvelCDB 05014; RR (v1.5-1.7 text) Amplify Icon; project ruling (h)"),
    # -- after the attack ------------------------------------------------------------------------
    Rule("MC.def.after_defends", "\"After your hero defends\"",
         "\"After your hero defends\" responses come after the attack (step 6) and need your hero to have defended "
         "it, through a basic defense or a (defense) label (the identity is then considered to have defended).",
         "RR v1.8 p. 15, Defend 4, 7-2; RR v1.8 p. 9, 6; project ruling (i)"),
    Rule("MC.atk.after", "After the attack",
         "At step 6 the forced \"after\" abilities resolve first (retaliate, Sonic Converter, Tiger Shark), then "
         "players' responses such as Counter-Punch and Indomitable. \"Attacks and damages\" counts only the attack's "
         "own damage.",
         "RR v1.8 p. 9, 6, 7, 7-1"),
    Rule("MC.atk.forced_first", "Forced responses first",
         "After an attack, every forced \"after\" ability (retaliate, Sonic Converter, Tiger Shark's tough card, "
         "...) resolves before any player's response (Counter-Punch, Indomitable): a response played before them is "
         "an illegal play. Among themselves the forced ones resolve in the order the first player chooses.",
         "RR v1.8 p. 9, 6; RR (v1.5-1.7 text) Ability - Timing"),
    Rule("MC.card.counter_punch", "Counter-Punch",
         "Response (attack): after your hero defends against an enemy attack, deal damage to that enemy equal to your "
         "hero's ATK. It is an attack by your hero: guard, tough, retaliate and stun apply.",
         "MarvelCDB 01077; RR v1.8 p. 10, Attack (Player Ability Type)"),
    Rule("MC.card.indomitable", "Indomitable",
         "Response: after your hero defends, discard Indomitable to ready your hero.",
         "MarvelCDB 01082"),
    Rule("MC.card.desperate_defense", "Desperate Defense",
         "Hero Interrupt (defense): when your hero defends, it gets +2 DEF for that attack; if you take no damage from "
         "that attack, ready your hero afterwards.",
         "MarvelCDB 09015"),
    Rule("MC.card.never_back_down", "Never Back Down",
         "Hero Interrupt (defense): when you defend, you get +2 DEF for this attack; if you take no damage from it, "
         "stun the attacking enemy afterwards. Like Expert Defense, it needs your hero to be the defender.",
         "MarvelCDB 14014; project ruling (e)"),
    Rule("MC.card.sonic_converter", "Sonic Converter",
         "Klaw gets +1 ATK. Forced Response: after Klaw attacks and damages a character, stun that character. Damage "
         "that tough or a prevention card stops is not damage taken, and a Boost ability's damage is not the attack's.",
         "MarvelCDB 01118; RR v1.8 p. 9, 7, 7-1"),
    Rule("MC.minion.tiger_shark", "Tiger Shark",
         "Forced Response: after Tiger Shark attacks, give him a tough status card (a character holds one).",
         "MarvelCDB 01131; RR (v1.5-1.7 text) Tough"),
    Rule("MC.minion.shocker_stun", "Shocker (Sinister Syndicate)",
         "Forced Response: after Shocker is attacked, stun the attacking character.",
         "MarvelCDB 24045"),
    Rule("MC.status.stun", "Stunning a character",
         "A stunned character holds one stun card (a steady enemy two). A stunned player character that would attack "
         "discards its stun card instead; what it paid to attack (exhausting) stays paid.",
         "RR (v1.5-1.7 text) Stun, Steady, Status Cards"),
    Rule("MC.kw.vulnerable", "Vulnerable",
         "Discard a vulnerable character if it is stunned or confused.",
         "MarvelCDB 50125 (Scientist Supreme)"),
    Rule("MC.hero.morphogenetics", "Morphogenetics",
         "Ms. Marvel, Response: after you play an Attack, Thwart or Defense event, exhaust Ms. Marvel to return that "
         "event to your hand (it can then be played again).",
         "MarvelCDB 05001a (Ms. Marvel)"),
    # -- phases of several attacks, minions and players' attacks -----------------------------------
    Rule("MC.atk.phase", "The next attack",
         "In the villain phase the villain attacks, then each minion engaged with that player. What an attack spent "
         "stays spent for the next (an exhausted defender, a used tough card); \"until the end of the phase\" "
         "effects last.",
         "RR (v1.5-1.7 text) Activation, Villain Phase"),
    Rule("MC.atk.phase_order", "The order of the villain phase",
         "In the villain phase, in player order, the villain activates against each player, then each minion engaged "
         "with that player activates against them, in the order that player chooses. A minion never activates "
         "against a player before the villain has; attacks a card or quickstrike causes are not part of this order.",
         "RR (v1.5-1.7 text) Villain Phase, step 2, Activation"),
    Rule("MC.cost.pay", "Paying a card's cost",
         "To play a card, its player generates at least as many resources as its printed cost, by discarding cards "
         "from their hand (each generates the resources printed at its bottom-left corner); what is generated "
         "beyond the cost is lost.",
         "RR (REFMC v1.6-1.7 text) Resource; MarvelCDB card costs and resource icons"),
    Rule("MC.cost.resource_types", "Resource types",
         "A cost that names resource types, such as an attachment's \"Hero Action: spend [energy][mental][physical] "
         "resources\", is paid with resources of those types: each card discarded generates the type its icon shows, "
         "and a wild resource counts as any type. A Hero Action is taken in your turn, in hero form.",
         "RR (REFMC v1.6-1.7 text) Resource, Hero Action; MarvelCDB 01099, 01118, 01119 and resource icons"),
    Rule("MC.cost.generate", "Generating resources",
         "Resources are generated by discarding cards from the hand, each for the resources printed at its corner "
         "(a resource card such as Energy prints two; The Power of Protection doubles its own while paying for a "
         "Protection card), or by a card's resource ability (Biokinetic Polymer Suit, Super-Soldier Serum: exhaust "
         "it to generate one, so once until it is readied; a Hero Resource only in hero form).",
         "RR (MarvelCDB text) Resource, Resource Ability, Resource Cards; MarvelCDB 01079, 01088-01090, 03010, "
         "05009"),
    Rule("MC.cost.reduce", "A cost changed by a modifier",
         "Before a card's cost is paid, the modifiers in force change it (Colossus and Angel cost 1 less if your "
         "identity has the Mutant or X-Men trait); a cost is never below 0. Only then are resources generated to pay "
         "it.",
         "RR (MarvelCDB text) Initiating Abilities, Playing Cards, Modifiers, Cost; MarvelCDB 32048, 33019"),
    Rule("MC.ally.play", "Playing an ally",
         "In their turn a player may play an ally from their hand: its cost is changed by any modifier, then paid, "
         "and it enters play ready under their control (with a tough card if it has toughness). An ally is unique: "
         "one already in play cannot be played again.",
         "RR (MarvelCDB text) Ally, Ally Limit, Initiating Abilities, Playing Cards; MarvelCDB 32048, 33019"),
    Rule("MC.ally.ms_marvel", "After you play an event: the ally Ms. Marvel",
         "The ally Ms. Marvel (Kamala Khan), Hero Response: after you play an event, exhaust her and deal 1 damage to "
         "her to return that event from your discard pile to your hand. It answers the event once it has resolved, "
         "and only the event just played; once the event is back in the hand, no other response can return it.",
         "MarvelCDB 28002 (Ms. Marvel, ally); RR (MarvelCDB text) Response, Event, Initiating Abilities"),
    # -- an encounter card revealed outside an attack ---------------------------------------------------------
    Rule("MC.enc.when_revealed", "When Revealed damage",
         "When an encounter card is revealed, its When Revealed ability resolves. Damage it deals is not an attack: "
         "nobody defends it, no DEF reduces it and retaliate does not answer it; a tough card still prevents it, and "
         "a player may interrupt the damage their identity would take with a card that is not limited to attacks.",
         "MarvelCDB 01103 (Shocker); RR v1.8 p. 15, Defend 1-3, 4-8; RR (v1.5-1.7 text) Tough, Damage, Boost"),
    Rule("MC.enc.stun_each_hero", "When Revealed: stun each hero",
         "Rhino (III)'s When Revealed ability gives each hero a stun status card. It deals no damage, so nothing "
         "prevents it; alter-egos and allies are not heroes, and a character already holding a stun card gets no "
         "other (a steady one holds two). A stunned hero's next attack is replaced by discarding the stun card.",
         "MarvelCDB 01096 (Rhino III); RR (v1.5-1.7 text) Stun, Status Cards"),
    Rule("MC.enc.reveal_top", "When Revealed: reveal the top card",
         "Under Fire's When Revealed ability reveals the top card of the encounter deck, and that card's own When "
         "Revealed ability resolves at once, with its own interrupts. Used as a boost card, Under Fire has only its "
         "boost icons: neither its When Revealed ability nor its surge is active.",
         "MarvelCDB 01193 (Under Fire); RR (v1.5-1.7 text) Boost"),
    Rule("MC.kw.surge", "Surge",
         "After a card with surge has resolved, its player reveals another encounter card. Surge is not active on a "
         "boost card.",
         "RR (v1.5-1.7 text) Surge, Boost; MarvelCDB 01193 (Under Fire)"),
    Rule("MC.enc.no_attack", "No attack to answer",
         "Defending, and cards that answer an attack (\"when an enemy attacks\", \"when your hero defends\", \"after "
         "your hero defends\"), need an enemy attack; damage from a When Revealed ability is not one.",
         "RR v1.8 p. 15, Defend 1-3, 4-8; RR v1.8 p. 8, Attack (Enemy Activation)"),
    Rule("MC.def.label_outside_attack", "A (defense) card outside an attack",
         "A (defense) labelled ability used outside an attack (Wiggle Room against a treachery's damage) does not "
         "count as defending: no defender is declared and the hero has not defended.",
         "RR v1.8 p. 15, Defend 4-8"),
    Rule("MC.enc.minion_engages", "A revealed minion engages you",
         "A minion revealed from the encounter deck (by a surge, or a card such as Under Fire) enters play engaged "
         "with the player who revealed it, with a tough card if it has toughness; then its When Revealed ability, if "
         "any, resolves. From then on it activates against that player, after the villain, in each villain phase.",
         "RR (v1.5-1.7 text) Minion, Engaged, Encounter Deck, Surge, Toughness; RR (v1.5-1.7 text) Villain Phase, "
         "step 2"),
    # -- Archangel and Wolverine (the Angel and Wolverine hero packs; Mutant Genesis) -------------------------
    Rule("MC.card.aerial_agility", "Aerial Agility",
         "Hero Interrupt (defense): when an enemy attacks, if you are Archangel, your hero gets a tough status card "
         "(a hero holds one) and gains retaliate 1 for this attack only. Its (defense) label works as any other's.",
         "MarvelCDB 42004 (Aerial Agility); RR (v1.5-1.7 text) Tough, Retaliate; RR v1.8 p. 15, Defend 4"),
    Rule("MC.hero.angel_of_death", "Angel of Death",
         "Archangel, Response: after you play an Aerial event, deal damage equal to that event's printed cost to an "
         "enemy (once per phase). It is not an attack: an enemy's tough card prevents it, and retaliate does not "
         "answer it.",
         "MarvelCDB 42001c (Archangel); RR (v1.5-1.7 text) Tough, Damage, Retaliate"),
    Rule("MC.card.berserker_frenzy", "Berserker Frenzy",
         "Hero Response: after Wolverine takes any amount of damage from an enemy attack, draw 1 card. Damage a tough "
         "card or a prevention card stopped is not taken.",
         "MarvelCDB 35005 (Berserker Frenzy); RR v1.8 p. 9, 7-1"),
    Rule("MC.patk.piercing", "A player's piercing attack",
         "When a character whose attacks gain piercing (the ally Wolverine) attacks an enemy, the enemy's tough card "
         "is discarded before the damage, so the damage is dealt.",
         "MarvelCDB 32041 (Wolverine); RR (v1.5-1.7 text) Piercing"),
    Rule("MC.atk.minion", "Minion attacks",
         "A minion attacks the player it is engaged with. It gets no boost card unless it has villainous or a card "
         "gives it one, and \"when the villain attacks\" abilities do not trigger.",
         "RR (v1.5-1.7 text) Activation, Villainous; RR v1.8 p. 8, step 1"),
    Rule("MC.kw.quickstrike", "Quickstrike",
         "When a quickstrike minion engages a player in hero form, it attacks that player at once; against an "
         "alter-ego it does not attack.",
         "RR (v1.5-1.7 text) Quickstrike"),
    Rule("MC.patk.basic", "A player's attack",
         "In their turn a player may exhaust their hero (not an alter-ego) to deal damage equal to its ATK to an enemy "
         "(a basic attack), or exhaust an ally to attack with it.",
         "RR v1.8 p. 10, Attack (Player Ability Type); RR (v1.5-1.7 text) Basic Power, Ally"),
    Rule("MC.kw.guard", "Guard",
         "While a guard minion is engaged with a player, that player's cards cannot attack the villain.",
         "RR (v1.5-1.7 text) Guard"),
    Rule("MC.patk.damage", "Damage to an enemy",
         "An enemy with a tough card prevents all of the damage and discards the tough card; otherwise it takes the "
         "damage, and at 0 hit points it is defeated.",
         "RR (v1.5-1.7 text) Tough, Damage, Defeat"),
    Rule("MC.patk.consequential", "Consequential damage",
         "After an ally attacks, it takes the consequential damage printed under its ATK.",
         "RR (v1.5-1.7 text) Consequential Damage, Ally"),
])

TRACER = Tracer(GLOSSARY)
"""Builds this game's trace steps, each with its rule's source."""
