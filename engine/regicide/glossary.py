"""The Regicide rules glossary: one :class:`Rule` per named rule.

Sources are the section keys of ``shared/rules/regicide.md`` (``OR`` = the official
rules sheet of October 2021, ``INF`` = an inference, ``G1``-``G6`` = project rulings).
"""

from __future__ import annotations

from engine.core.glossary import Glossary, Rule
from engine.core.trace import Tracer

_R = Rule

GLOSSARY = Glossary([
    # Setup.
    _R("REG.setup.castle", "Castle deck",
       "The Castle holds the 12 royals: 4 shuffled Jacks on top, then 4 shuffled Queens, then 4 shuffled Kings; "
       "the top card is the current enemy.", "OR SETUP"),
    _R("REG.setup.tavern", "Tavern deck",
       "The Tavern is the shuffled 2-10s and Aces of every suit plus the Jesters for the player count.",
       "OR SETUP"),
    _R("REG.setup.jesters", "Jesters by player count",
       "The Tavern holds 0 Jesters with 1 or 2 players, 1 with 3 players and 2 with 4 players.", "OR SETUP table"),
    _R("REG.setup.hand_size", "Maximum hand size",
       "Each player is dealt up to the maximum hand size, 8/7/6/5 cards for 1/2/3/4 players, "
       "and no hand may ever exceed it.", "OR SETUP table"),
    _R("REG.setup.first_player", "First player",
       "The first player is chosen by the players (the engine's 0-based first_seat index, default 0: Seat 1).", "OR SETUP"),
    # Turn structure.
    _R("REG.turn.steps", "The four steps",
       "A turn is: 1 play a card or yield, 2 activate the suit power, 3 deal damage and check for defeat, "
       "4 suffer damage.", "OR HOW TO PLAY"),
    _R("REG.turn.clockwise", "Turn order",
       "After Step 4, play passes clockwise to the next player.", "OR STEP FOUR"),
    # Step 1: plays.
    _R("REG.play.single", "Play one card",
       "In Step 1 a player may play any single card from hand face up onto the table.", "OR STEP ONE"),
    _R("REG.play.attack_value", "Attack value",
       "The attack value X of a play is the sum of its cards' values.", "OR STEP ONE, COMBOS"),
    _R("REG.play.royal_value", "Royals in hand",
       "A Jack, Queen or King in hand is worth 10, 15 or 20 and its suit power works normally.",
       "OR DRAWING A DEFEATED ENEMY"),
    _R("REG.play.companion", "Animal companions",
       "An Ace may be played alone or paired with exactly one other non-Jester card, and the pair is worth "
       "1 plus that card's value, with no cap.", "OR ANIMAL COMPANIONS"),
    _R("REG.play.combo", "Combos",
       "Two to four number cards of the same rank may be played together if their total is 10 or less.",
       "OR COMBOS"),
    # Step 2: suit powers.
    _R("REG.suit.total_value", "Powers at the play's total",
       "Each suit in a play grants its power once, at the play's total attack value X.",
       "OR COMBOS, ANIMAL COMPANIONS"),
    _R("REG.suit.order", "Hearts before Diamonds",
       "When Hearts and Diamonds are both active, Hearts resolves first.", "OR ANIMAL COMPANIONS, COMBOS"),
    _R("REG.suit.hearts", "Hearts: heal",
       "Hearts shuffles the discard pile and puts X of its cards face down under the Tavern "
       "(all of them if fewer than X, G5).", "OR HEARTS; G5"),
    _R("REG.suit.diamonds", "Diamonds: draw",
       "Diamonds draws X cards in total, one at a time clockwise from the current player, skipping full hands "
       "and stopping when the Tavern is empty or every hand is full.", "OR DIAMONDS"),
    _R("REG.suit.clubs", "Clubs: double damage",
       "Clubs doubles the damage of the play in Step 3; nothing else is doubled.", "OR CLUBS"),
    _R("REG.suit.spades", "Spades: shield",
       "Spades adds X to the enemy's shield, which lowers its attack until it is defeated.", "OR SPADES"),
    _R("REG.immunity", "Enemy immunity",
       "An enemy ignores the suit power of played cards of its own suit, though their value still counts.",
       "OR ENEMY IMMUNITY"),
    # The Jester.
    _R("REG.jester.alone", "The Jester is played alone",
       "The Jester can only be played in Step 1 and always on its own, never with an Ace.",
       "OR PLAYING THE JESTER, ANIMAL COMPANIONS"),
    _R("REG.jester.cancel_immunity", "The Jester cancels immunity",
       "Playing the Jester cancels the current enemy's immunity until it is defeated.", "OR PLAYING THE JESTER"),
    _R("REG.jester.retro_spades", "Earlier blocked Spades start to count",
       "After a Jester against a spade enemy, the spade plays that immunity blocked earlier add their total "
       "value to the shield (G3).", "OR PLAYING THE JESTER; G3"),
    _R("REG.jester.no_damage", "No damage after a Jester",
       "After the Jester, Steps 3 and 4 are skipped: no damage is dealt and the enemy does not attack.",
       "OR PLAYING THE JESTER"),
    _R("REG.jester.choose_next", "The Jester's player chooses who goes next",
       "The Jester's player names any player, themselves included (G4), to take the next turn.",
       "OR PLAYING THE JESTER; G4"),
    # Step 3: damage.
    _R("REG.damage.enemy_stats", "Enemy statistics",
       "Jacks have 10 attack and 20 health, Queens 15 and 30, Kings 20 and 40.", "OR STEP THREE table"),
    _R("REG.damage.deal", "Deal damage",
       "In Step 3 the enemy takes X damage (2X with Clubs), added to the damage it has already taken.",
       "OR STEP THREE"),
    _R("REG.damage.defeat", "Defeating an enemy",
       "An enemy whose damage reaches its health is defeated: the table goes to the discard pile, the next "
       "Castle card is revealed and the same player starts a new turn, skipping Step 4.", "OR STEP THREE"),
    _R("REG.damage.exact_kill", "Exact kill",
       "An enemy dealt exactly its health goes face down on top of the Tavern instead of the discard pile.",
       "OR STEP THREE (i)"),
    # Step 4: suffer damage.
    _R("REG.suffer.discard", "Suffer damage",
       "In Step 4 the player discards cards worth at least the enemy's attack minus its shield; "
       "overpaying is allowed.", "OR STEP FOUR"),
    _R("REG.suffer.shield_covers", "Shield covers the attack",
       "If the shield is at least the enemy's attack, nothing needs to be discarded.", "OR STEP FOUR; INF"),
    # Yielding.
    _R("REG.yield.skip", "Yield",
       "A player who yields skips Steps 2 and 3 and goes straight to Step 4.", "OR YIELDING"),
    _R("REG.yield.restriction", "Yield restriction",
       "A player may not yield if every other player yielded on their most recent turn (tracked per seat, G2).",
       "OR YIELDING; G2"),
    # Solo.
    _R("REG.solo.setup", "Solo setup",
       "In solo play both jokers are set aside as solo Jesters and the single hand holds up to 8 cards.",
       "OR SOLO PLAY"),
    _R("REG.solo.jester_refill", "Solo Jester power",
       "Flipping a set-aside Jester discards the whole hand and refills it to 8 from the Tavern, at most "
       "once per Jester; it does not cancel immunity and is not a Diamonds draw.", "OR SOLO PLAY"),
    _R("REG.solo.timing", "When the solo Jester may be used",
       "A solo Jester may be flipped only at the start of Step 1 or at the start of Step 4.", "OR SOLO PLAY"),
    _R("REG.solo.no_yield", "No yield in solo",
       "The solo player can never yield (G6).", "OR YIELDING; BGA; G6"),
    _R("REG.solo.medal", "Solo victory grade",
       "A solo win with 0, 1 or 2 Jesters used is Gold, Silver or Bronze.", "OR SOLO PLAY"),
    # Game end.
    _R("REG.end.win", "Victory",
       "The players win when the last King is defeated.", "OR GAME END"),
    _R("REG.end.loss_damage", "Loss by damage",
       "If a player cannot discard enough to suffer the enemy's attack, everyone loses.",
       "OR STEP FOUR, GAME END"),
    _R("REG.end.loss_no_play", "Loss with no play",
       "If a player can neither play a card nor yield on their turn, everyone loses.", "OR GAME END"),
])

TRACER = Tracer(GLOSSARY)
