"""Regicide state: the frozen :class:`State` and the mutable working :class:`Board`.

The public API only hands out frozen ``State`` values. Every transition is computed
on a ``Board`` (plain lists, no allocation of text) that is built from a state and
frozen again; the simulator keeps one ``Board`` per game and skips the freezing, so
the reference API and the fast simulator run the very same transition code.

Pile order in ``State``: ``castle``, ``tavern`` and ``discard`` are tuples with the
top card first. In ``Board`` the same piles are lists with the top card *last*
(so drawing is ``list.pop()``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from engine.regicide.cards import (
    Card,
    MAX_HAND,
    SOLO_JESTERS,
    card_str,
    enemy_attack,
    enemy_health,
)
from engine.regicide.settings import DEFAULT, Settings


class Phase(IntEnum):
    """What the game is waiting for. WON and LOST are terminal (and sort last)."""

    PLAY = 0
    """Step 1: the current seat plays cards or yields (solo: may flip a Jester first)."""
    DISCARD = 1
    """Step 4: the current seat must discard cards worth at least ``need``."""
    JESTER_CHOICE = 2
    """After a Jester: the current seat (who played it) names the next player."""
    WON = 3
    LOST = 4


@dataclass(frozen=True, slots=True)
class State:
    """A complete, immutable Regicide position."""

    players: int
    settings: Settings
    enemy: Card
    """The current enemy (face-up top of the Castle); after a win, the last King."""
    damage: int
    shield: int
    immunity_cancelled: bool
    blocked_spades: int
    """Spade amounts immunity blocked against this enemy; a Jester turns them on (G3)."""
    table: tuple[Card, ...]
    castle: tuple[Card, ...]
    tavern: tuple[Card, ...]
    discard: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, sorted ascending by card int (i.e. by rank)."""
    current: int
    phase: Phase
    need: int
    """In Phase.DISCARD: the value the current seat must discard."""
    yielded: tuple[bool, ...]
    solo_jesters: int
    """Solo: set-aside Jesters not yet used (starts at 2); 0 in multiplayer."""
    aside: tuple[Card, ...]
    """Jokers out of play (unused in 1-2 player games, the solo Jesters)."""
    defeated: int
    end_rule: str = ""
    step: int = 0
    """0 where a seat decides (``phase`` says what); 1-4 at a moment *inside* a turn's resolution, after Step
    ``step`` (a play's cards chosen, before their damage; a discard part-way; the shield covering the attack before
    the turn passes): no choice is open there, so :func:`~engine.regicide.game.legal_actions` is empty and every
    action is refused (REG.turn.steps, REG.solo.timing). Only the explained path (a log) sets it, at its moments;
    a finished action always leaves 0."""

    @property
    def max_hand(self) -> int:
        return MAX_HAND[self.players]

    @property
    def attack(self) -> int:
        return enemy_attack(self.enemy)

    @property
    def health(self) -> int:
        return enemy_health(self.enemy)

    @property
    def solo_jesters_used(self) -> int:
        return SOLO_JESTERS - self.solo_jesters if self.players == 1 else 0

    def summary(self) -> str:
        """One line for error messages."""
        hand = " ".join(card_str(c) for c in self.hands[self.current]) or "-"
        return (f"{self.players}p {self.phase.name.lower()}"
                f"{f'({self.need})' if self.phase == Phase.DISCARD else ''} seat {self.current} "
                f"vs {card_str(self.enemy)} dmg {self.damage}/{self.health} shield {self.shield}"
                f"{' no-immunity' if self.immunity_cancelled else ''} | hand {hand} | "
                f"tavern {len(self.tavern)} discard {len(self.discard)} castle {len(self.castle)} "
                f"yielded {''.join('Y' if y else '.' for y in self.yielded)}"
                f"{f' solo-jesters {self.solo_jesters}' if self.players == 1 else ''}"
                f"{f' inside step {self.step}' if self.step else ''}")

    def all_cards(self) -> list[Card]:
        """Every card in every zone (54 in a consistent state)."""
        out = [self.enemy, *self.table, *self.castle, *self.tavern, *self.discard, *self.aside]
        for h in self.hands:
            out.extend(h)
        return out


class Board:
    """Mutable working copy of a :class:`State` (piles top-last)."""

    __slots__ = ("players", "settings", "max_hand", "enemy", "damage", "shield", "immune",
                 "blocked", "table", "castle", "tavern", "discard", "hands", "current",
                 "phase", "need", "yielded", "solo", "aside", "defeated", "end_rule", "step")

    players: int
    settings: Settings
    max_hand: int
    enemy: Card
    damage: int
    shield: int
    immune: bool
    blocked: int
    table: list[Card]
    castle: list[Card]
    tavern: list[Card]
    discard: list[Card]
    hands: list[list[Card]]
    current: int
    phase: int
    need: int
    yielded: list[bool]
    solo: int
    aside: tuple[Card, ...]
    defeated: int
    end_rule: str
    step: int  # State.step: set only on the explained path, at the engine's moments inside a turn

    @classmethod
    def empty(cls, players: int, settings: Settings = DEFAULT) -> "Board":
        b = cls()
        b.players = players
        b.settings = settings
        b.max_hand = MAX_HAND[players]
        b.enemy = 0
        b.damage = b.shield = b.blocked = b.need = b.current = b.defeated = 0
        b.immune = True
        b.table, b.castle, b.tavern, b.discard = [], [], [], []
        b.hands = [[] for _ in range(players)]
        b.phase = Phase.PLAY
        b.yielded = [False] * players
        b.solo = 0
        b.aside = ()
        b.end_rule = ""
        b.step = 0
        return b

    @classmethod
    def from_state(cls, s: State) -> "Board":
        b = cls()
        b.players = s.players
        b.settings = s.settings
        b.max_hand = MAX_HAND[s.players]
        b.enemy = s.enemy
        b.damage, b.shield, b.blocked = s.damage, s.shield, s.blocked_spades
        b.immune = not s.immunity_cancelled
        b.table = list(s.table)
        b.castle = list(reversed(s.castle))
        b.tavern = list(reversed(s.tavern))
        b.discard = list(reversed(s.discard))
        b.hands = [list(h) for h in s.hands]
        b.current, b.phase, b.need = s.current, int(s.phase), s.need
        b.yielded = list(s.yielded)
        b.solo, b.aside, b.defeated, b.end_rule = s.solo_jesters, s.aside, s.defeated, s.end_rule
        b.step = s.step
        return b

    def freeze(self) -> State:
        return State(
            players=self.players, settings=self.settings, enemy=self.enemy, damage=self.damage,
            shield=self.shield, immunity_cancelled=not self.immune, blocked_spades=self.blocked,
            table=tuple(self.table), castle=tuple(reversed(self.castle)),
            tavern=tuple(reversed(self.tavern)), discard=tuple(reversed(self.discard)),
            hands=tuple([tuple(h) for h in self.hands]), current=self.current, phase=Phase(self.phase), need=self.need,
            yielded=tuple(self.yielded), solo_jesters=self.solo, aside=self.aside,
            defeated=self.defeated, end_rule=self.end_rule, step=self.step)
