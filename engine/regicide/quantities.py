"""Regicide's quantities: the keys a step can change and what a position holds for each.

Keys (:mod:`engine.core.effects`); seats are numbered from 1, cards are engine card ids (``card_str``
names them), piles list their cards top first:

======================  ==========================================================================
``enemy``               ``card`` (the enemy in play), ``damage``, ``shield``, ``immune`` (its
                        immunity still works), ``blocked_spades`` (Spades immunity blocked, G3)
``pile:castle``         ``size``, ``cards`` — likewise ``pile:tavern``, ``pile:discard``,
                        ``pile:table`` (the cards played against this enemy), ``pile:aside``
``hand:N``              ``size``, ``cards`` (sorted by rank)
``seat:N``              ``yielded`` (yielded on their last turn)
``turn``                ``player`` (whose turn), ``need`` (what Step 4 still asks to discard)
``choice``              ``open``: ``play`` (Step 1), ``discard`` (Step 4), ``jester_choice``, ``""``
``solo``                ``jesters`` (solo Jesters left to flip)
``game``                ``defeated`` (enemies defeated), ``result`` (``""``, ``won``, ``lost``),
                        ``max_hand`` (the hand limit, fixed by the number of players)
``play`` / ``play:N``   ``legal``: a verdict only (the step refusing a play); ``value``, ``cards``,
                        ``damage``, ``healed``, ``destination``: the play's own, an effect of the step that settles each only
======================  ==========================================================================

>>> import random
>>> from engine.regicide.game import new_game
>>> s = new_game(2, random.Random(1))
>>> read(s, pile("tavern", "size")), read(s, hand_size(1)), read(s, ENEMY_DAMAGE), read(s, TURN)
(26, 7, 0, 1)
"""

from __future__ import annotations

from engine.core.effects import COMMON, Key, Snapshot, Value, Vocabulary, choice_open, of_play, turn_player
from engine.regicide.state import Phase, State

PILES = ("castle", "tavern", "discard", "table", "aside")
CHOICES = {Phase.PLAY: "play", Phase.DISCARD: "discard", Phase.JESTER_CHOICE: "jester_choice",
           Phase.WON: "", Phase.LOST: ""}
RESULTS = {Phase.WON: "won", Phase.LOST: "lost"}

ENEMY_CARD: Key = ("enemy", "card")
ENEMY_DAMAGE: Key = ("enemy", "damage")
ENEMY_SHIELD: Key = ("enemy", "shield")
ENEMY_IMMUNE: Key = ("enemy", "immune")
ENEMY_BLOCKED: Key = ("enemy", "blocked_spades")
TURN: Key = turn_player()
NEED: Key = ("turn", "need")
CHOICE: Key = choice_open()
SOLO_JESTERS: Key = ("solo", "jesters")
DEFEATED: Key = ("game", "defeated")
RESULT: Key = ("game", "result")
PLAY_VALUE: Key = of_play("value")
PLAY_CARDS: Key = of_play("cards")
PLAY_DAMAGE: Key = of_play("damage")
PLAY_HEALED: Key = of_play("healed")
PLAY_DESTINATION: Key = of_play("destination")
MAX_HAND: Key = ("game", "max_hand")


def pile(name: str, quantity: str = "size") -> Key:
    """A pile's ``size`` or ``cards``: ``castle``, ``tavern``, ``discard``, ``table`` or ``aside``."""
    assert name in PILES and quantity in ("size", "cards"), (name, quantity)
    return (f"pile:{name}", quantity)


def hand_size(seat: int) -> Key:
    """How many cards seat ``seat`` (from 1) holds."""
    return (f"hand:{seat}", "size")


def hand_cards(seat: int) -> Key:
    """The cards seat ``seat`` (from 1) holds."""
    return (f"hand:{seat}", "cards")


def yielded(seat: int) -> Key:
    """Whether seat ``seat`` (from 1) yielded on their last turn."""
    return (f"seat:{seat}", "yielded")


VOCABULARY = Vocabulary("regicide", {
    **COMMON,
    ENEMY_CARD: "the enemy in play (its card id)",
    ENEMY_DAMAGE: "damage dealt to the enemy in play",
    ENEMY_SHIELD: "the shield against the enemy's attack (Spades)",
    ENEMY_IMMUNE: "the enemy's immunity to its own suit still works (no Jester yet)",
    ENEMY_BLOCKED: "Spades blocked by immunity, counted if a Jester cancels it (G3)",
    **{(f"pile:{p}", q): f"the {p} pile's {q} (top first)" for p in PILES for q in ("size", "cards")},
    ("hand:N", "size"): "how many cards seat N holds",
    ("hand:N", "cards"): "the cards seat N holds",
    ("seat:N", "yielded"): "seat N yielded on their last turn",
    NEED: "the value Step 4 still asks the current seat to discard",
    SOLO_JESTERS: "solo Jesters left to flip",
    DEFEATED: "enemies defeated",
    RESULT: "the end of the game: '', 'won' or 'lost'",
    PLAY_VALUE: "the attack value of the play being resolved (an effect of the step that plays it only)",
    PLAY_CARDS: "the cards of the play being resolved (an effect of the step that plays it only)",
    PLAY_DAMAGE: "the damage the play deals in Step 3 (an effect of the step that deals it, or says none is dealt)",
    PLAY_HEALED: "the cards Hearts moves under the Tavern for the play (an effect of the step that heals, or blocks it)",
    PLAY_DESTINATION: "where the enemy the play defeats goes: 'tavern', 'discard' or 'in_play' (the last King)",
    MAX_HAND: "the hand limit (fixed by the number of players)",
})


def snapshot(s: State) -> Snapshot:
    """Every quantity of the position ``s``."""
    out: Snapshot = {
        ENEMY_CARD: s.enemy, ENEMY_DAMAGE: s.damage, ENEMY_SHIELD: s.shield,
        ENEMY_IMMUNE: not s.immunity_cancelled, ENEMY_BLOCKED: s.blocked_spades,
        TURN: s.current + 1, NEED: s.need if s.phase == Phase.DISCARD else 0, CHOICE: "" if s.step else CHOICES[s.phase],
        SOLO_JESTERS: s.solo_jesters, DEFEATED: s.defeated, RESULT: RESULTS.get(s.phase, ""), MAX_HAND: s.max_hand,
    }
    for name, cards in (("castle", s.castle), ("tavern", s.tavern), ("discard", s.discard), ("table", s.table),
                        ("aside", s.aside)):
        out[(f"pile:{name}", "size")] = len(cards)
        out[(f"pile:{name}", "cards")] = cards
    for i, h in enumerate(s.hands, start=1):
        out[(f"hand:{i}", "size")] = len(h)
        out[(f"hand:{i}", "cards")] = h
        out[(f"seat:{i}", "yielded")] = s.yielded[i - 1]
    return out


def read(s: State, key: Key) -> Value:
    """The quantity ``key`` of the position ``s``; KeyError if the position has no such quantity."""
    return snapshot(s)[key]
