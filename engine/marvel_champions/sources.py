"""Marvel Champions: the documents our rules rest on, and the rulings we adopt.

The baseline is the Rules Reference v1.8 (ruling a). Where its text was not available,
the v1.5–1.7 glossary text is cited as such. Every glossary rule's ``source`` must
resolve here; a test checks it.
"""

from __future__ import annotations

from engine.core.sources import Ruling, Source, Sources

_RR18 = dict(title="Rules Reference", edition="v1.8", kind="rules",
             url="https://www.fantasyflightgames.com/en/products/marvel-champions-the-card-game/")

SOURCES = Sources("marvel_champions", (
    Source("RR18-ATK", where="p. 8, Attack (Enemy Activation)",
           prefixes=("RR v1.8 p. 8, Attack (Enemy Activation),", "RR v1.8 p. 8, Attack (Enemy Activation)",
                     "RR v1.8 p. 8,", "RR v1.8 p. 9,"), **_RR18),
    Source("RR18-PATK", where="p. 10, Attack (Player Ability Type)", prefixes=("RR v1.8 p. 10,",), **_RR18),
    Source("RR18-DEF", where="p. 15, Defend", prefixes=("RR v1.8 p. 15, Defend",), **_RR18),
    Source("RR18-MOD", where="p. 29, Modifiers", prefixes=("RR v1.8 p. 29, Modifiers",), **_RR18),
    Source("RR18-PRV", where="p. 35, Prevent", prefixes=("RR v1.8 p. 35, Prevent",), **_RR18),
    Source("RR18-IND", where="p. 24, Indirect Damage", prefixes=("RR v1.8 p. 24, Indirect Damage",), **_RR18),
    Source("RR-MD", "Rules Reference", "v1.5–1.7 glossary", kind="rules",
           url="https://www.fantasyflightgames.com/en/products/marvel-champions-the-card-game/",
           prefixes=("RR (v1.5-1.7 text)",),
           note="Used only where the v1.8 text was not available; its outcome matches v1.8."),
    Source("REFMC", "Rules Reference (online English text)", "v1.6–1.7 wording", kind="rules",
           url="https://referenciamc.netlify.app/en/recurso", prefixes=("RR (REFMC v1.6-1.7 text)",),
           note="Used where the v1.8 text was not available (the Resource entry)."),
    Source("RR-CDB", "Rules Reference (MarvelCDB's online copy)", "v1.0–1.1 era text", kind="rules",
           url="https://marvelcdb.com/rules", prefixes=("RR (MarvelCDB text)",),
           note="The Cost, Resource, Modifiers and Initiating Abilities entries, where the v1.8 text was not "
                "available."),
    Source("MCDB", "MarvelCDB card database", kind="cards", url="https://marvelcdb.com/",
           prefixes=("MarvelCDB",), note="Card texts and stats (zzorba/marvelsdb-json-data)."),
    Source("MCDB-ED", "MarvelCDB, Expert Defense: developer ruling on timing", kind="faq",
           url="https://marvelcdb.com/card/03033", prefixes=("MarvelCDB Expert Defense ruling",)),
    Source("HOH-OFF", "Official FFG rulings, collected by Hall of Heroes", kind="faq",
           url="https://hallofheroeslcg.com/official-ffg-rulings/", prefixes=("FFG ruling on",)),
    Source("WALK", "Danger Room walkthrough, lesson 6 “Defense 1”", "(revised with RR 1.8)", kind="walkthrough",
           prefixes=('Danger Room walkthrough "Defense 1" (seed 003),', 'Danger Room walkthrough "Defense 1" (seed 003)'),
           note="A web tutorial; our lesson Defense 1 follows its six cases. No public copy is known."),
), (
    Ruling("(a)", "Rules Reference v1.8 is the baseline",
           "The v1.8 text wins over older texts; older text is used only where v1.8 was not available.",
           "The walkthrough our first lesson follows is \"revised with 1.8\", and v1.8 is the current rulebook.",
           "RR v1.0–1.7 and superseded rulings differ on whether a (defense) card counts as defending.",
           prefixes=("project ruling (a)",)),
    Ruling("(b)", "A (defense) label never displaces an existing defender",
           "If the attack already has a defender, another (defense) labelled card resolves its other effects "
           "but the defender, the target and the attacked player do not change.",
           "The walkthrough's \"Crowded field\" case and RR v1.8 Defend 4 (\"if there is no defender yet\") and 4-7.",
           "Reading Defend 1 with Defend 5 suggests such a play is illegal; community comments on Preemptive Strike "
           "read it that way, but no sentence says so.",
           prefixes=("project ruling (b)",)),
    Ruling("(c)", "Only one player may use (defense) labels on one attack",
           "Once a player has resolved a (defense) labelled ability on an attack, another player's (defense) "
           "labelled card on that attack is illegal; the first player may resolve more.",
           "RR v1.8 Defend 4-6 and the walkthrough's \"Taking turns\" case.",
           prefixes=("project ruling (c)",)),
    Ruling("(d)", "A stunned enemy's attack never initiates",
           "The enemy discards its stun card instead: no boost card is dealt, and neither \"when … attacks\" nor "
           "\"after … attacks\" abilities fire (Spider-Sense draws nothing).",
           "The Webbed Up and Norman Osborn FAQ rulings treat a stun as replacing the whole activation.",
           "No text says it for stun directly; it is inferred.",
           prefixes=("project ruling (d)",)),
    Ruling("(e)", "Expert Defense needs your hero to be the defender",
           "\"When your hero defends\" is met by a basic defense or by a (defense) label that made your identity the "
           "defender; the card's own label does not supply the trigger. Its +3 DEF counts only on a basic defense.",
           "The walkthrough's \"Brace yourself\" case and its definition of \"when your hero defends\"; RR v1.8 "
           "Defend 4-2 and 4-3.",
           "The developer ruling on MarvelCDB predates the label rule; v1.8 also allows a label defender to be "
           "declared the defender later (a corner our lessons avoid).",
           prefixes=("project ruling (e)",)),
    Ruling("(f)", "A hero made the defender by a label can still be declared the defender",
           "If a (defense) label made your identity the defender, your hero may still be declared the defender (a "
           "basic defense at step 2, exhausting, or a card such as \"I Can Do This All Day\"); it is then a basic "
           "defense and its DEF counts.",
           "RR v1.8 Defend 4-3 says so in as many words (\"that would be a basic defense\"), and v1.8 is our baseline "
           "(ruling (a)). Our lessons still avoid the corner (ruling (e)) until it is confirmed.",
           "The v1.5-1.7 text does not address it; read strictly (one defender, and a label is not a basic defense), "
           "no defender can be declared once a label has made one.",
           setting="label_then_basic_defense = true", prefixes=("project ruling (f)",)),
    Ruling("(g)", "Indirect damage and a basic defense's DEF: not settled",
           "The engine does not rule on whether DEF reduces indirect damage before it is assigned; a scenario that "
           "needs it must choose a reading (reduces or ignored).",
           "RR v1.8 Indirect Damage does not say, and the digest's question 4 is open; ruling (e) keeps lessons away "
           "from it. Refusing is better than teaching a guess.",
           "Players read it both ways: DEF reduces the attack's damage before anything is assigned, or indirect damage "
           "is assigned in full because it is not dealt to the defender.",
           setting="indirect_damage_def = unsettled", prefixes=("project ruling (g)",)),
    Ruling("(h)", "Amplify icons and Preemptive Strike: not settled",
           "The engine does not rule on whether icons added by amplify are cancelled by Preemptive Strike; a scenario "
           "that needs it must choose a reading (cancelled or kept).",
           "It is unclear whether amplify's icons count as \"on that card\" (digest question 5); ruling (e) keeps "
           "lessons away from it.",
           "Either reading is held: amplify's icons are on the card as it is turned face up (cancelled, and dealt as "
           "damage to the villain), or they are added by another card and stay.",
           setting="amplify_with_preemptive_strike = unsettled", prefixes=("project ruling (h)",)),
    Ruling("(i)", "\"After your hero defends\" counts a defense through a label",
           "Counter-Punch, Indomitable and other \"after your hero defends\" responses trigger after an attack your "
           "hero defended through a (defense) label, as after a basic defense.",
           "RR v1.8 Defend 4: the identity \"is considered to have defended\"; only abilities that need a basic power "
           "need a basic defense (7-2).",
           "A superseded ruling (Hall of Heroes, legacy rulings) said playing a (defense) card was not defending.",
           setting="after_defends_through_label = true", prefixes=("project ruling (i)",)),
))
