"""Marvel Champions' quantities: the keys of a position and what it holds for each.

The engine's resolution threads frozen states through functions; each step it logs carries the position just
after it (``TRACER.step(..., at=state)``), and :func:`engine.core.trace.place` gives every step the quantities
read here that changed since the step before (its effects). Things are named by their ids on the board: a
character's id, an enemy's name, a player's id; ``attack:N`` is the N-th enemy attack of the phase.

=======================  ========================================================================
``character:ID``         ``hp``, ``damage``, ``exhausted``, ``tough``, ``stunned``, ``confused``,
                         ``retaliate`` (printed and gained), ``in_play`` (an ally defeated has left play),
                         ``keywords`` (printed and gained), ``card`` (its printed card: name, type, printed values)
``enemy:NAME``           ``damage``, ``tough``, ``stunned``, ``confused``, ``engaged_with``,
                         ``attachments``, ``gone``, ``keywords``, ``card``
``player:ID``            ``hand`` (card names), ``played``, ``drawn``, ``upgrades``, ``discarded``, ``paid``
                         (card played -> resources generated to pay for it), ``costs`` (card -> its cost once
                         a modifier changed it), ``exhausted`` (upgrades exhausted, e.g. by a resource
                         ability), ``generated`` (source -> resources a resource ability or a doubling
                         generated)
``attack:N``             ``attacker``, ``attacked_player``, ``target_player``, ``target``, ``defender``,
                         ``defense_kind``, ``step``, ``boost_cards``, ``boost_revealed`` (how many are
                         face up), ``boost_icons``, ``atk``, ``damage``, ``prevented``, ``happens``,
                         ``retaliate`` (damage its target's retaliate dealt), ``keywords`` (overkill, piercing,
                         ...), ``amplify``, ``forced`` (the forced "after" abilities resolved, in order)
``phase``                ``attack`` (which attack is resolving), ``attacks_left``, ``over``, ``triggered``,
                         ``order`` (the phase's activations, (enemy, player), once their order is found legal)
``reveal``               ``card`` (the encounter card whose When Revealed ability resolves)
``reveal:ID``            ``incoming`` (the damage character ID would take from it, after tough and interrupts),
                         ``prevented`` (how much of it interrupts prevented)
``choice``               ``open``: ``play`` (a player may play, or all pass), ``assign`` (indirect damage
                         waits to be assigned), ``""`` once the phase is over
``setup``                ``in_play``: encounter cards in play from the set-up (not read from a position)
=======================  ========================================================================
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core.effects import COMMON, Effect, Key, Snapshot, Value, Vocabulary, diff
from engine.marvel_champions.rules import retaliate_value
from engine.marvel_champions.state import AttackState, Character, Enemy, Player

CHARACTER = ("hp", "damage", "exhausted", "tough", "stunned", "confused", "retaliate", "in_play", "keywords", "card")
ENEMY = ("damage", "tough", "stunned", "confused", "engaged_with", "attachments", "gone", "keywords", "card")
PLAYER = ("hand", "played", "drawn", "upgrades", "discarded", "paid", "costs", "exhausted", "generated")
ATTACK = ("attacker", "attacked_player", "target_player", "target", "defender", "defense_kind", "step",
          "boost_cards", "boost_revealed", "boost_icons", "atk", "damage", "prevented", "happens", "retaliate",
          "keywords", "amplify", "forced")
IN_PLAY: Key = ("setup", "in_play")
"""Encounter cards in play from the set-up (a treachery, a side scheme): the scenario's, not the position's."""
PHASE = ("attack", "attacks_left", "over", "triggered", "order")
REVEAL = ("card",)
REVEALED = ("incoming", "prevented")


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


def reveal(quantity: str) -> Key:
    """A quantity of an encounter card's When Revealed ability resolving outside an attack."""
    assert quantity in REVEAL, quantity
    return ("reveal", quantity)


def revealed(char_id: str, quantity: str) -> Key:
    """What a When Revealed ability resolving outside an attack does to the character ``char_id``."""
    assert quantity in REVEALED, quantity
    return (f"reveal:{char_id}", quantity)


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
    **{("reveal", q): f"the When Revealed ability's {q}" for q in REVEAL},
    **{("reveal:*", q): f"the When Revealed damage's {q} for a character" for q in REVEALED},
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
        out.update(_character(c, c.id not in gone))
    for c in s.left_play:
        out.setdefault((f"character:{c.id}", "in_play"), False)
    for e in s.enemies:
        out.update(_enemy(e))
    for p in s.players:
        out.update(_player(p))
    out.update(_rest(s))
    return out


def _character(c: Character, in_play: bool) -> Snapshot:
    t = f"character:{c.id}"
    return {(t, "hp"): c.hp, (t, "damage"): c.damage, (t, "exhausted"): c.exhausted, (t, "tough"): c.tough,
            (t, "stunned"): c.stunned, (t, "confused"): c.confused, (t, "retaliate"): retaliate_value(c),
            (t, "in_play"): in_play, (t, "keywords"): (*sorted(c.keywords), *c.gained), (t, "card"): c.name}


def _enemy(e: Enemy) -> Snapshot:
    t = f"enemy:{e.name}"
    return {(t, "damage"): e.damage, (t, "tough"): e.tough, (t, "stunned"): e.stunned, (t, "confused"): e.confused,
            (t, "engaged_with"): e.engaged_with, (t, "attachments"): e.attachments, (t, "gone"): e.gone,
            (t, "keywords"): tuple(sorted(e.keywords)), (t, "card"): e.name}


def _player(p: Player) -> Snapshot:
    t = f"player:{p.id}"
    return {(t, "hand"): p.hand, (t, "played"): p.played, (t, "drawn"): p.drawn, (t, "upgrades"): p.upgrades,
            (t, "discarded"): p.discarded, (t, "paid"): p.paid, (t, "costs"): p.costs, (t, "exhausted"): p.exhausted,
            (t, "generated"): p.generated}


def _rest(s: AttackState) -> Snapshot:
    """The phase's, the open choice's and the resolving attack's quantities."""
    out: Snapshot = {("phase", "attack"): s.attack_no, ("phase", "attacks_left"): len(s.pending),
                     ("phase", "over"): s.over, ("phase", "triggered"): tuple(sorted(set(s.triggered))),
                     ("phase", "order"): s.order,
                     ("choice", "open"): choice(s)}
    if s.is_reveal:
        out[("reveal", "card")] = s.revealed
        for cid, n in s.incoming:
            out[(f"reveal:{cid}", "incoming")] = n
            out[(f"reveal:{cid}", "prevented")] = sum(x for c, x in s.reveal_prevented if c == cid)
    if s.is_enemy_attack:
        t = f"attack:{s.attack_no}"
        out.update({
            (t, "attacker"): s.attacker_name, (t, "attacked_player"): s.attacked_player,
            (t, "target_player"): s.target_player, (t, "target"): s.target, (t, "defender"): s.defender,
            (t, "defense_kind"): s.defense_kind, (t, "step"): s.step,
            (t, "boost_cards"): tuple(b.name for b in s.boost), (t, "boost_revealed"): sum(b.face_up for b in s.boost),
            (t, "boost_icons"): sum([max(0, b.icons - b.cancelled) for b in s.boost]),
            (t, "atk"): s.atk_total, (t, "damage"): s.damage, (t, "prevented"): s.prevented,
            (t, "happens"): s.happened, (t, "retaliate"): s.retaliate,
            (t, "keywords"): tuple(sorted(s.attack_keywords)), (t, "amplify"): s.amplify,
            (t, "forced"): s.forced_done,
        })
    return out


def changes(a: AttackState, b: AttackState) -> tuple[Effect, ...]:
    """``diff(snapshot(a), snapshot(b))``, reading only the things that are not the same object in both positions
    (a functional update shares every character, enemy and player it does not change), so placing a step costs
    little (:func:`engine.core.trace.place`)."""
    if a is b:
        return ()
    before: Snapshot = {}
    after: Snapshot = {}
    if a.characters is not b.characters or a.left_play is not b.left_play:
        _changed(a.characters, b.characters, before, after, lambda c: c.id, a, b)
    if a.enemies is not b.enemies:
        _changed(a.enemies, b.enemies, before, after, lambda e: e.name, a, b)
    if a.players is not b.players:
        _changed(a.players, b.players, before, after, lambda p: p.id, a, b)
    if _inputs(a) != _inputs(b):
        before.update(_rest_of(a))
        after.update(_rest_of(b))
    return diff(before, after) if before or after else ()


def _inputs(s: AttackState) -> tuple[Any, ...]:
    """Every field :func:`_rest` reads: where two positions have the same, their rest is the same."""
    return (s.attack_no, len(s.pending), s.over, s.attacker_name, s.attacked_player, s.target_player, s.target,
            s.defender, s.defense_kind, s.step, s.boost, s.atk_total, s.damage, s.prevented, s.replaced_by_stun,
            s.skipped, s.retaliate, s.attack_keywords, s.assigned, s.triggered, s.amplify, s.revealed, s.incoming,
            s.reveal_prevented, s.order, s.forced_done)


_LAST: dict[str, tuple[AttackState, Snapshot]] = {}
"""The last position :func:`changes` read the rest of, and that rest: :func:`engine.core.trace.place` reads each
position twice in a row (as the ``b`` of one step, then the ``a`` of the next)."""


def _rest_of(s: AttackState) -> Snapshot:
    last = _LAST.get("")
    if last is None or last[0] is not s:
        last = _LAST[""] = (s, _rest(s))
    return last[1]


def _changed(old: tuple[Any, ...], new: tuple[Any, ...], before: Snapshot, after: Snapshot,
             ident: Callable[[Any], str], a: AttackState, b: AttackState) -> None:
    """The quantities of the things of one kind that changed (or came, or went) between ``a`` and ``b``."""
    was = {ident(x): x for x in old}
    now = {ident(x): x for x in new}
    for name in list(was) + [n for n in now if n not in was]:
        x, y = was.get(name), now.get(name)
        if x is y:
            if isinstance(x, Character) and (x.id in _gone(a)) != (x.id in _gone(b)):
                before.update(_part(x, a))
                after.update(_part(y, b))
            continue
        before.update(_part(x, a) if x is not None else _left(name, a))
        after.update(_part(y, b) if y is not None else _left(name, b))


def _gone(s: AttackState) -> set[str]:
    return {c.id for c in s.left_play}


def _left(name: str, s: AttackState) -> Snapshot:
    """A character no longer among the characters: out of play if it left play."""
    return {(f"character:{name}", "in_play"): False} if name in _gone(s) else {}


def _part(x: Any, s: AttackState) -> Snapshot:
    if isinstance(x, Character):
        return _character(x, x.id not in _gone(s))
    return _enemy(x) if isinstance(x, Enemy) else _player(x)


def choice(s: AttackState) -> str:
    """The choice the game waits for: indirect damage to assign, else any player's play (or all pass); ``""`` at
    the end."""
    if s.over:
        return ""
    if (s.is_enemy_attack and "indirect" in s.attack_keywords and 5 <= s.step < 6 and s.damage
            and s.assigned is None):
        return "assign"
    return "play"


def read(s: AttackState, key: Key) -> Value:
    """The quantity ``key`` of the position ``s``; KeyError if the position has no such quantity. A step that keeps
    several quantities reads them at one position: its snapshot is taken once (the last one read is kept)."""
    global _last_read
    last = _last_read  # one reference, read once: the position and its snapshot always go together
    if last[0] is not s:
        last = _last_read = (s, snapshot(s))
    return last[1][key]


_last_read: tuple[object, Snapshot] = (None, {})
"""The position :func:`read` read last and its snapshot (a frozen position: one snapshot per position read)."""
