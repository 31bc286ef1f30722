"""Dungeon Mayhem's quantities: the keys a step can change and what a position holds for each.

Keys (:mod:`engine.core.effects`); seats are numbered from 1 (``0``: nobody), cards are engine card ids
(``cards.card_name`` names them), piles list their cards top first:

==================  =============================================================================
``player:N``        ``hp``, ``out`` (knocked out), ``disguised`` (Clever Disguise), ``form`` (Jaheira:
                    ``wolf``, ``bear``, ``""``), ``next_trick`` (For My Next Trick...), ``charm_ray``
``hand:N``          ``size``, ``cards``
``pile:N.deck``     ``size``, ``cards`` — likewise ``pile:N.discard``
``defense:N``       ``cards`` (the Defense cards in front of seat N: ``(card, damage)`` pairs in play
                    order), ``shields`` (the shields still unmarked, all cards together)
``turn``            ``player`` (whose turn), ``number``, ``plays_owed``, ``played`` (cards waiting for
                    the discard, D4), ``bonus`` (Favored Frienemies), ``pierce`` (Here I Come!)
``choice``          ``open`` (``play``, ``target``, ``soak``, ``ghost`` … as in ``state.KINDS``; ``""``
                    when the game is over), ``by`` (the seat that decides), ``amount`` (damage still to
                    deal), ``victim`` (whose Defense card takes it, ``soak``), ``targets`` (the seats the
                    damage may go to: ``target``, ``soak``, ``ghost``; ``()`` otherwise)
``game``            ``over``, ``winner``
``play``/``play:N`` ``legal``: a verdict only (the step refusing a play)
==================  =============================================================================

:func:`snapshot` reads a frozen :class:`~state.State`; :func:`board_snapshot` reads the working
:class:`~state.Board` the same way (without freezing it, which would draw from its rng).

>>> import random
>>> from engine.dungeon_mayhem.game import new_game
>>> s = new_game(["Azzan", "Sutha"], random.Random(1))
>>> read(s, hp(1)), read(s, hand_size(2)), read(s, TURN), read(s, CHOICE)
(10, 3, 1, 'play')
"""

from __future__ import annotations

from typing import Sequence

from engine.core.effects import COMMON, Key, Snapshot, Value, Vocabulary, choice_open, turn_player
from engine.dungeon_mayhem.cards import SHIELDS, TYPE_MASK
from engine.dungeon_mayhem.rules import can_target
from engine.dungeon_mayhem.state import GHOST, SOAK, TARGET, Board, State

STATUSES = ("out", "disguised", "form", "next_trick", "charm_ray")
TURN: Key = turn_player()
TURN_NUMBER: Key = ("turn", "number")
PLAYS_OWED: Key = ("turn", "plays_owed")
PLAYED: Key = ("turn", "played")
BONUS: Key = ("turn", "bonus")
PIERCE: Key = ("turn", "pierce")
CHOICE: Key = choice_open()
CHOICE_BY: Key = ("choice", "by")
CHOICE_AMOUNT: Key = ("choice", "amount")
CHOICE_VICTIM: Key = ("choice", "victim")
CHOICE_TARGETS: Key = ("choice", "targets")
OVER: Key = ("game", "over")
WINNER: Key = ("game", "winner")


def hp(seat: int) -> Key:
    """Seat ``seat``'s (from 1) hit points."""
    return (f"player:{seat}", "hp")


def status(seat: int, name: str) -> Key:
    """One of seat ``seat``'s statuses (:data:`STATUSES`)."""
    assert name in STATUSES, name
    return (f"player:{seat}", name)


def hand_size(seat: int) -> Key:
    return (f"hand:{seat}", "size")


def hand_cards(seat: int) -> Key:
    return (f"hand:{seat}", "cards")


def pile(seat: int, name: str, quantity: str = "size") -> Key:
    """Seat ``seat``'s ``deck`` or ``discard``: its ``size`` or ``cards``."""
    assert name in ("deck", "discard") and quantity in ("size", "cards"), (name, quantity)
    return (f"pile:{seat}.{name}", quantity)


def defense(seat: int, quantity: str = "cards") -> Key:
    """The Defense cards in front of seat ``seat``: ``cards`` or ``shields``."""
    assert quantity in ("cards", "shields"), quantity
    return (f"defense:{seat}", quantity)


VOCABULARY = Vocabulary("dungeon_mayhem", {
    **COMMON,
    ("player:N", "hp"): "seat N's hit points",
    ("player:N", "out"): "seat N is knocked out",
    ("player:N", "disguised"): "Clever Disguise protects seat N",
    ("player:N", "form"): "Jaheira's form: wolf, bear or ''",
    ("player:N", "next_trick"): "For My Next Trick...: seat N's attacks hit every opponent",
    ("player:N", "charm_ray"): "Charm Ray: seat N chooses the target of every attack card",
    ("hand:N", "size"): "how many cards seat N holds",
    ("hand:N", "cards"): "the cards seat N holds",
    ("pile:N.deck", "size"): "seat N's deck: how many cards",
    ("pile:N.deck", "cards"): "seat N's deck, top first",
    ("pile:N.discard", "size"): "seat N's discard pile: how many cards",
    ("pile:N.discard", "cards"): "seat N's discard pile",
    ("defense:N", "cards"): "the Defense cards in front of seat N: (card, damage) in play order",
    ("defense:N", "shields"): "the shields still unmarked on seat N's Defense cards",
    TURN_NUMBER: "the turn's number",
    PLAYS_OWED: "plays still owed this turn",
    PLAYED: "cards played this turn waiting for the discard (D4)",
    BONUS: "Favored Frienemies: extra damage per attack card this turn",
    PIERCE: "Here I Come!: attack cards ignore Defense cards this turn",
    CHOICE_BY: "the seat that makes the open choice (0: none)",
    CHOICE_AMOUNT: "damage the open choice still deals",
    CHOICE_VICTIM: "whose Defense card the open choice picks (0: none)",
    CHOICE_TARGETS: "the seats the open choice's damage may go to (target, soak, ghost; () otherwise)",
    OVER: "the game is over",
    WINNER: "the winning seat (0: none)",
})


def _choice(out: Snapshot, s: State | Board) -> None:
    pending = s.pending
    if pending is None:
        out[CHOICE], out[CHOICE_BY], out[CHOICE_AMOUNT], out[CHOICE_VICTIM] = "", 0, 0, 0
        out[CHOICE_TARGETS] = ()
        return
    by = pending.chooser if pending.chooser >= 0 else pending.by if pending.by >= 0 else s.active
    out[CHOICE], out[CHOICE_BY] = pending.kind, by + 1
    out[CHOICE_AMOUNT], out[CHOICE_VICTIM] = pending.amount, pending.victim + 1
    out[CHOICE_TARGETS] = targets(s) if pending.kind in (TARGET, SOAK, GHOST) else ()


def targets(s: State | Board) -> tuple[int, ...]:
    """The seats (from 1) the pending damage may go to, as the engine checks a choice of each (``can_target``)."""
    return tuple(seat + 1 for seat in range(len(s.players)) if can_target(s, seat) is None)


def _seat(out: Snapshot, seat: int, hp_: int, statuses: tuple[Value, ...], hand: Sequence[int],
          deck: tuple[int, ...], discard: Sequence[int], shields: Sequence[tuple[int, int]]) -> None:
    player = f"player:{seat}"
    out[(player, "hp")] = hp_
    for name, value in zip(STATUSES, statuses):
        out[(player, name)] = value
    out[(f"hand:{seat}", "size")] = len(hand)
    out[(f"hand:{seat}", "cards")] = tuple(hand)
    out[(f"pile:{seat}.deck", "size")] = len(deck)
    out[(f"pile:{seat}.deck", "cards")] = deck
    out[(f"pile:{seat}.discard", "size")] = len(discard)
    out[(f"pile:{seat}.discard", "cards")] = tuple(discard)
    out[(f"defense:{seat}", "cards")] = tuple(shields)
    out[(f"defense:{seat}", "shields")] = sum([SHIELDS[c & TYPE_MASK] - d for c, d in shields])


def _table(out: Snapshot, s: State | Board) -> None:
    out[TURN], out[TURN_NUMBER], out[PLAYS_OWED] = s.active + 1, s.turn, s.plays_owed
    out[PLAYED], out[BONUS], out[PIERCE] = tuple(s.played), s.bonus, s.pierce
    out[OVER], out[WINNER] = s.over, 0 if s.winner is None else s.winner + 1
    _choice(out, s)


def snapshot(s: State) -> Snapshot:
    """Every quantity of the position ``s``."""
    out: Snapshot = {}
    _table(out, s)
    for i, p in enumerate(s.players, start=1):
        _seat(out, i, p.hp, (p.out, p.disguised, p.form, p.next_trick, p.charm_ray), p.hand, p.deck, p.discard,
              p.defense)
    return out


def board_snapshot(b: Board) -> Snapshot:
    """Every quantity of the working board ``b`` (the same as :func:`snapshot` of ``b.freeze()``)."""
    out: Snapshot = {}
    _table(out, b)
    for i, p in enumerate(b.players, start=1):
        _seat(out, i, p.hp, (p.out, p.disguised, p.form, p.next_trick, p.charm_ray), p.hand, tuple(p.deck[::-1]),
              p.discard, p.defense)
    return out


def read(s: State, key: Key) -> Value:
    """The quantity ``key`` of the position ``s``; KeyError if the position has no such quantity."""
    return snapshot(s)[key]
