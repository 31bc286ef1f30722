"""Marvel Champions' quantities: the keys of a position and what it holds for each (read only, for now).

The engine does not yet record effects on its steps (its resolution threads frozen states through
functions rather than logging on a working board); this module is the vocabulary and the reading the asks
and ``why`` will use. Things are named by their ids on the board: a character's id, an enemy's name, a
player's id; ``attack:N`` is the N-th enemy attack of the phase.

=======================  ========================================================================
``character:ID``         ``hp``, ``damage``, ``exhausted``, ``tough``, ``stunned``, ``confused``,
                         ``in_play`` (an ally defeated has left play), ``keywords`` (printed and gained),
                         ``card`` (its printed card: name, type, printed values)
``enemy:NAME``           ``damage``, ``tough``, ``stunned``, ``confused``, ``engaged_with``,
                         ``attachments``, ``gone``, ``keywords``, ``card``
``player:ID``            ``hand`` (card names), ``played``, ``drawn``, ``upgrades``, ``discarded``
``attack:N``             ``attacker``, ``attacked_player``, ``target_player``, ``target``, ``defender``,
                         ``defense_kind``, ``step``, ``boost_cards``, ``boost_icons``, ``atk``,
                         ``damage``, ``prevented``, ``happens``, ``retaliate``,
                         ``keywords`` (overkill, piercing, ...), ``amplify``
``phase``                ``attack`` (which attack is resolving), ``attacks_left``, ``over``, ``triggered``
``setup``                ``in_play``: encounter cards in play from the set-up (not read from a position)
=======================  ========================================================================
"""

from __future__ import annotations

from engine.core.effects import COMMON, Key, Snapshot, Value, Vocabulary
from engine.marvel_champions.state import AttackState

CHARACTER = ("hp", "damage", "exhausted", "tough", "stunned", "confused", "in_play", "keywords", "card")
ENEMY = ("damage", "tough", "stunned", "confused", "engaged_with", "attachments", "gone", "keywords", "card")
PLAYER = ("hand", "played", "drawn", "upgrades", "discarded")
ATTACK = ("attacker", "attacked_player", "target_player", "target", "defender", "defense_kind", "step",
          "boost_cards", "boost_icons", "atk", "damage", "prevented", "happens", "retaliate", "keywords", "amplify")
IN_PLAY: Key = ("setup", "in_play")
"""Encounter cards in play from the set-up (a treachery, a side scheme): the scenario's, not the position's."""
PHASE = ("attack", "attacks_left", "over", "triggered")


def character(char_id: str, quantity: str) -> Key:
    assert quantity in CHARACTER, quantity
    return (f"character:{char_id}", quantity)


def enemy(name: str, quantity: str) -> Key:
    assert quantity in ENEMY, quantity
    return (f"enemy:{name}", quantity)


def player(player_id: str, quantity: str) -> Key:
    assert quantity in PLAYER, quantity
    return (f"player:{player_id}", quantity)


def attack(number: int, quantity: str) -> Key:
    """A quantity of the ``number``-th enemy attack of the phase (from 1)."""
    assert quantity in ATTACK, quantity
    return (f"attack:{number}", quantity)


def phase(quantity: str) -> Key:
    """A quantity of the villain phase: which attack resolves, how many are left, its end, what triggered."""
    assert quantity in PHASE, quantity
    return ("phase", quantity)


VOCABULARY = Vocabulary("marvel_champions", {
    **COMMON,
    **{("character:*", q): f"a hero, alter-ego or ally's {q}" for q in CHARACTER},
    **{("enemy:*", q): f"an enemy's {q}" for q in ENEMY},
    **{("player:*", q): f"a player's {q}" for q in PLAYER},
    **{("attack:N", q): f"the N-th enemy attack's {q}" for q in ATTACK},
    **{("phase", q): f"the phase's {q}" for q in PHASE},
    IN_PLAY: "encounter cards in play from the set-up (a treachery, a side scheme)",
})


def snapshot(s: AttackState) -> Snapshot:
    """Every quantity of the position ``s``.

    >>> from engine.marvel_champions.state import Character, Enemy, Player
    >>> s = AttackState(enemies=(Enemy("Rhino", "villain", atk=2),), players=(Player("p1", "Ana", "sm"),),
    ...                 characters=(Character("sm", "Spider-Man", "hero", "p1", hp=10),), attacker_name="Rhino",
    ...                 attacked_player="p1", target_player="p1", target="sm")
    >>> read(s, character("sm", "hp")), read(s, attack(1, "target")), read(s, enemy("Rhino", "stunned"))
    (10, 'sm', 0)
    """
    out: Snapshot = {}
    gone = {c.id for c in s.left_play}
    for c in s.characters:
        t = f"character:{c.id}"
        out.update({(t, "hp"): c.hp, (t, "damage"): c.damage, (t, "exhausted"): c.exhausted, (t, "tough"): c.tough,
                    (t, "stunned"): c.stunned, (t, "confused"): c.confused, (t, "in_play"): c.id not in gone,
                    (t, "keywords"): (*sorted(c.keywords), *c.gained), (t, "card"): c.name})
    for c in s.left_play:
        out.setdefault((f"character:{c.id}", "in_play"), False)
    for e in s.enemies:
        t = f"enemy:{e.name}"
        out.update({(t, "damage"): e.damage, (t, "tough"): e.tough, (t, "stunned"): e.stunned,
                    (t, "confused"): e.confused, (t, "engaged_with"): e.engaged_with, (t, "attachments"): e.attachments,
                    (t, "gone"): e.gone, (t, "keywords"): tuple(sorted(e.keywords)), (t, "card"): e.name})
    for p in s.players:
        t = f"player:{p.id}"
        out.update({(t, "hand"): p.hand, (t, "played"): p.played, (t, "drawn"): p.drawn, (t, "upgrades"): p.upgrades,
                    (t, "discarded"): p.discarded})
    out.update({("phase", "attack"): s.attack_no, ("phase", "attacks_left"): len(s.pending), ("phase", "over"): s.over})
    out[("phase", "triggered")] = tuple(sorted(set(s.triggered)))
    if s.is_enemy_attack:
        t = f"attack:{s.attack_no}"
        out.update({
            (t, "attacker"): s.attacker_name, (t, "attacked_player"): s.attacked_player,
            (t, "target_player"): s.target_player, (t, "target"): s.target, (t, "defender"): s.defender,
            (t, "defense_kind"): s.defense_kind, (t, "step"): s.step,
            (t, "boost_cards"): tuple(b.name for b in s.boost),
            (t, "boost_icons"): sum([max(0, b.icons - b.cancelled) for b in s.boost]),
            (t, "atk"): s.atk_total, (t, "damage"): s.damage, (t, "prevented"): s.prevented,
            (t, "happens"): s.happened, (t, "retaliate"): s.retaliate,
            (t, "keywords"): tuple(sorted(s.attack_keywords)), (t, "amplify"): s.amplify,
        })
    return out


def read(s: AttackState, key: Key) -> Value:
    """The quantity ``key`` of the position ``s``; KeyError if the position has no such quantity."""
    return snapshot(s)[key]
