"""The Dungeon Mayhem rules glossary: one :class:`Rule` per rule the engine applies.

Sources are the tags of the rules digest (``shared/rules/dungeon_mayhem.md`` §0);
"project default Dn" cites the digest's adopted rulings, which are engine settings;
"project ruling En" cites this project's rulings on the expansion decks (digest §12),
also settings (see ``settings.py``). "Project ruling" without a number is a reading the
engine applies for which no source was found and no alternative is offered.
"""

from __future__ import annotations

from engine.core.glossary import Glossary, Rule
from engine.core.trace import Tracer

_R = Rule

GLOSSARY = Glossary([
    # Setup and turn (digest §2, §3).
    _R("DM.setup.deal", "Setup", "Each player starts at 10 HP, shuffles their 28-card deck and draws 3 cards.", "UBG; seed rules text 001"),
    _R("DM.setup.order", "Turn order", "The first player goes first and turns pass to the left (clockwise); knocked-out players are skipped.", "UBG; seed rules text 000"),
    _R("DM.turn.draw", "Draw at start of turn", "At the start of your turn, draw 1 card (the first player too).", "UBG; AM"),
    _R("DM.turn.play", "Play a card", "On your turn you must play a card from your hand, even one that hurts you.", "UBG; GH; DF"),
    _R("DM.turn.choice", "Make the pending choice", "When a card asks for a choice, that choice is made before anything else happens.", "seed rules text 000; LNG"),
    _R("DM.turn.play_again", "Play Again", "Each lightning symbol obliges you to play one more card this turn.", "seed rules text 000; DF"),
    _R("DM.turn.empty_hand", "Empty hand", "If your hand is empty during your turn, you immediately draw 2 cards and carry on.", "seed rules text 000; UBG; GH; project default D6"),
    _R("DM.turn.exhausted", "Nothing left to draw", "If you still owe plays but hand, deck and discard are all empty, the owed plays are lost and the turn ends.", "project default D5"),
    _R("DM.turn.discard", "Played cards to the discard", "Played cards go to their owner's discard pile (at the end of the turn), except Defense cards, which stay in play.", "UBG; GH; project default D4"),
    _R("DM.turn.end", "End of turn", "Once every owed play is made, the turn passes to the next player on the left.", "UBG"),
    _R("DM.deck.reshuffle", "Reshuffle", "If you must draw from an empty deck, shuffle your discard pile to form a new deck first.", "UBG; seed rules text 000"),
    _R("DM.deck.empty", "No cards to draw", "If both deck and discard pile are empty, the draw yields nothing.", "project default D5"),
    _R("DM.card.order", "Resolve symbols in order", "All symbols on a card apply, resolved in printed order from top to bottom.", "seed rules text 000; LNG"),
    _R("DM.card.owner", "Cards return to their owner", "A card that is discarded or destroyed always goes to its owner's discard pile.", "seed rules text 001 FAQ"),
    _R("DM.card.attack_card", "Attack cards", "An attack card is a card with a printed sword. Favored Frienemies, Here I Come!, For My Next Trick... and Charm Ray change attack cards only; damage a Mighty Power's text deals is not an attack card's.", "project ruling E9"),
    _R("DM.card.unmodelled", "Not modelled", "A card whose ability the engine does not model is refused by name; the tutor never approximates it.", "Rules Tutor principle"),
    # Attack and Defense (digest §4, §5).
    _R("DM.attack.target", "Attack", "Each sword deals 1 damage to one opponent still in the game, or to one of that opponent's Defense cards.", "seed rules text 000"),
    _R("DM.attack.single_target", "One target per card", "All swords on one card go to the same target.", "seed rules text 000; project default D1"),
    _R("DM.attack.no_target", "No legal target", "If no opponent can be targeted, the attack has no effect.", "seed rules text 000"),
    _R("DM.defense.play", "Defense card", "A Defense card stays in play in front of the player who played it until it is destroyed.", "seed rules text 000; UBG"),
    _R("DM.defense.protects", "Defense first", "While a player has a Defense card in play, attacks must hit a Defense card, not the player.", "seed rules text 000"),
    _R("DM.defense.absorb", "Shields absorb damage", "Each shield absorbs 1 damage; damage stays marked until the card is destroyed.", "seed rules text 000; LNG"),
    _R("DM.defense.destroyed", "Defense destroyed", "When every shield of a Defense card is marked it is destroyed and goes to its owner's discard.", "seed rules text 000; UBG"),
    _R("DM.defense.overflow", "Overflow", "Damage left over after a Defense card is destroyed passes to the same player's other Defense cards, then to the player.", "seed rules text 000"),
    _R("DM.defense.overflow_order", "Overflow order", "When overflow meets several Defense cards, the attacker chooses which takes it next.", "project default D2"),
    _R("DM.hp.damage", "Damage", "Damage that reaches a player lowers their HP, never below 0.", "seed rules text 000"),
    _R("DM.heal.heal", "Heal", "Each heart heals you 1 HP.", "seed rules text 000"),
    _R("DM.heal.cap", "Healing cap", "HP cannot go above 10; extra healing is lost.", "seed rules text 000; UBG"),
    _R("DM.draw.draw", "Draw cards", "Each draw symbol draws 1 card from your own deck.", "seed rules text 000; UBG"),
    # Mighty Powers (digest §6).
    _R("DM.power.mighty", "Mighty Power", "A Mighty Power card does what its text says; in 5-6-player games it may target any player.", "seed rules text 000"),
    _R("DM.power.area_defense", "Area damage and Defense", "Fireball and Whirling Axes damage is handled like attack damage: Defense cards first, then HP.", "ZOMIS; FIX; KU; project default D3"),
    _R("DM.power.fireball", "Fireball", "Every player, the caster included, takes 3 damage.", "KU; FIX"),
    _R("DM.power.charm", "Charm", "Take a Defense card an opponent has in play; it now protects you and keeps its damage.", "KU; seed rules text 001 FAQ"),
    _R("DM.power.vampiric_touch", "Vampiric Touch", "Swap your HP total with an opponent's.", "KU; FIX"),
    _R("DM.power.whirling_axes", "Whirling Axes", "Heal 1 for each opponent, then deal 1 damage to each opponent.", "KU; ZOMIS; project default D8"),
    _R("DM.power.battle_roar", "Battle Roar", "Every player, you included, discards their hand and draws 3.", "KU; FIX; project default D8"),
    _R("DM.power.mighty_toss", "Mighty Toss", "Destroy one Defense card in play, however many shields it has left.", "KU; FIX; project default D7"),
    _R("DM.power.divine_inspiration", "Divine Inspiration", "Put any one card from your discard pile into your hand.", "KU; FIX"),
    _R("DM.power.banishing_smite", "Banishing Smite", "Destroy every Defense card in play, your own included.", "KU; FIX"),
    _R("DM.power.clever_disguise", "Clever Disguise", "Until Oriax's next turn, no card played by an opponent affects Oriax or his Defense cards.", "KU; FIX; ZOMIS; project default D8"),
    _R("DM.power.sneak_attack", "Sneak Attack!", "Destroy one Defense card in play.", "KU; FIX; project default D7"),
    _R("DM.power.pick_pocket", "Pick Pocket", "Take the top card of another player's deck and play it as your own; afterwards it goes to its owner's discard.", "seed rules text 001 FAQ; project default D9; project default D10"),
    # Expansion Mighty Powers (texts paraphrased from KU, FIX and C4451; the decks are 🟡).
    _R("DM.power.swapportunity", "Swapportunity", "Every player gives their HP total to the player on their right (the previous player in turn order); a disguised opponent and knocked-out players are left out of the circle.", "FIX; C4451; NIK"),
    _R("DM.power.scouting_outing", "Scouting Outing", "Draw the top card of each opponent's deck into your hand (an empty deck is reshuffled first, as for any draw); the cards still belong to their owners.", "FIX; C4451"),
    _R("DM.power.favored_frienemies", "Favored Frienemies", "This turn, each attack card you play deals 1 more damage (added to its first sword). The card also has a Play Again symbol.", "FIX; C4451; NIK; project ruling E1"),
    _R("DM.power.primal_strike", "Primal Strike", "You may make an animal noise to deal 1 damage to each opponent, Defense cards first; then play again.", "C4451; FIX; project ruling E5"),
    _R("DM.power.commune_with_nature", "Commune with Nature", "Draw 2, then you may play a Form card (a Shapeshift card) from your hand for free: it does not use up a play.", "FIX; C4451"),
    _R("DM.form.shift", "Shapeshift", "A Shapeshift card puts Jaheira into Wolf Form or Bear Form; she stays in it until she shifts again.", "FIX (ShapeshiftForm); C4451"),
    _R("DM.form.symbol", "Form symbol", "The form symbol counts as a heart in Bear Form and as a sword in Wolf Form; in no form it does nothing.", "FIX; C4451 (DruidFormePower)"),
    _R("DM.power.hugs", "Hugs!", "Destroy a Defense card in play, then heal 1 for each shield printed on it.", "KU; FIX; project default D7"),
    _R("DM.power.here_i_come", "Here I Come!", "Attack for 3; this turn your attack cards ignore Defense cards and hit a player directly, this card's own attack included.", "KU; FIX (attack ignoring shields)"),
    _R("DM.power.burped_up_bones", "Burped-Up Bones", "A 3-shield Defense card; when it is destroyed, the player it protected attacks an opponent for 2, once the damage that destroyed it is dealt.", "C4451; KU; project ruling E4"),
    _R("DM.power.death_ray", "Death Ray", "Deal 2 damage to each opponent with no Defense card in play, then destroy every Defense card in play, yours included.", "KU; FIX"),
    _R("DM.power.charm_ray", "Charm Ray", "Until your next turn, you choose the target of every attack card another player plays (from the targets that card allows).", "KU; FIX; project ruling E10"),
    _R("DM.power.praise_me", "Praise Me", "Draw 3; then each opponent, in turn order, praises you or takes 2 damage.", "KU; FIX"),
    _R("DM.power.mind_games", "Mind Games", "Swap your hand with an opponent's hand.", "KU; FIX; C4451"),
    _R("DM.power.tell_me_about_your_mother", "Tell Me About Your Mother", "Put the top card of each opponent's discard pile into your hand.", "KU; FIX; C4451"),
    _R("DM.power.mind_blast", "Mind Blast", "Attack an opponent for 1 damage per card in their hand, at most 5.", "KU; C4451; project ruling E6"),
    _R("DM.power.for_my_next_trick", "For My Next Trick...", "Attack for 1 and play again; until your next turn, your attacks hit every opponent they can reach.", "KU; FIX; project ruling E7"),
    _R("DM.power.next_trick_own", "For My Next Trick...'s own attack", "The card's Mighty Power resolves before its sword, so its own 1 damage already hits every opponent it can reach.", "LNG; KU; FIX; project ruling E14"),
    _R("DM.power.to_the_face", "To the Face!", "Destroy a Defense card in play, then attack an opponent for as many damage as it had printed shields.", "KU; FIX"),
    _R("DM.power.owlbear_boogie", "Owlbear Boogie", "Each player, you included, may dance and draw 1; you draw 1 more for each player who danced.", "KU; FIX"),
    _R("DM.power.hostile_takeover", "Hostile Takeover", "Deal 1 damage to every opponent, then 2 to one opponent, then 1 to a different opponent.", "KU; FIX"),
    _R("DM.power.hostile_defense", "Hostile Takeover meets Defense cards", "Hostile Takeover's damage goes through Defense cards before HP, like an attack's.", "KU; FIX; project ruling E13"),
    _R("DM.power.liquidate_assets", "Liquidate Assets", "Discard your hand and attack for 1 damage per card discarded, at most 5.", "KU; project ruling E6"),
    _R("DM.power.murders_and_acquisitions", "Murders and Acquisitions", "Starting with you and going right, each player attacks for 1, heals 1 or draws 1; you repeat each other player's choice.", "KU; FIX; project ruling E8"),
    _R("DM.power.its_not_a_trap", "It's Not a Trap", "Choose a player, then another: the first player's HP becomes the second player's.", "FIX"),
    _R("DM.power.definitely_just_a_mirror", "Definitely Just a Mirror", "Play it as a copy of another Defense card in play: it has that card's shields and symbols; when it leaves play it is the Mirror again.", "FIX; project ruling E11"),
    _R("DM.power.mirror_shields", "A Mirror's shields", "A Mirror copies a Defense card as printed: it comes into play with all that card's shields, whatever damage the card has taken.", "project ruling E12"),
    _R("DM.power.a_book_cannot_bite", "A Book (Cannot Bite)", "Use the first-listed Mighty Power of the player on your left or right. Not modelled: no source gives the order of each character's Mighty Powers.", "FIX"),
    # Knock-out and winning (digest §7).
    _R("DM.ko.knockout", "Knocked out", "A player at 0 HP is knocked out and stops taking turns.", "seed rules text 000; UBG"),
    _R("DM.ko.turn_ends", "Knocked out on your own turn", "If the active player is knocked out, the rest of their turn is lost.", "seed rules text 000"),
    _R("DM.ko.win", "Winning", "The game ends as soon as only one player is still in; that player wins.", "seed rules text 000; UBG"),
    _R("DM.ko.draw", "Drawn game", "If every remaining player is knocked out at the same moment, the game is a draw.", "seed rules text 001"),
    # 5-6 players (digest §8).
    _R("DM.zone.regular", "Zone of Influence", "In a 5-6-player game, regular cards may only target your left or right neighbour or their Defense cards.", "seed rules text 000; RPC; BGGUYS"),
    _R("DM.zone.power", "Mighty Powers ignore the Zone", "Mighty Power cards can target any player, and all-player effects hit everyone.", "seed rules text 000"),
    _R("DM.zone.neighbours", "Neighbours", "Your neighbours are the nearest players still in to your left and right.", "seed rules text 000; C4451; ILI; MAS; project default D11"),
    _R("DM.zone.off", "Zone switches off", "The Zone of Influence stops applying once four or fewer players are still in.", "project default D11"),
    _R("DM.ghost.become", "Vengeful Ghost", "In a 5-6-player game a knocked-out player becomes a ghost: no drawing, no cards, no winning.", "seed rules text 000"),
    _R("DM.ghost.turn", "Ghost turn", "On its turn a ghost chooses one player still in, ignoring the Zone of Influence, and deals them 1 damage through their Defense cards.", "C4451; KU; ILI; project default D12; project ruling E15"),
    _R("DM.ghost.target", "Ghosts cannot kill", "A ghost may only choose a player with at least 2 HP, so it never deals lethal damage.", "seed rules text 000; project default D12"),
    _R("DM.ghost.no_target", "Ghost without a target", "If no player may be chosen, the ghost's turn passes.", "project default D12"),
])

TRACER = Tracer(GLOSSARY)
