"""Game state: frozen snapshots (:class:`State`) and the mutable scratch :class:`Board`.

``apply`` thaws a State into a Board, resolves the action on it and freezes the
result; the simulator keeps one Board for a whole game. Both expose the same
attribute names, so the read-only predicates in :mod:`rules` work on either.

Cards are ints (see :mod:`cards`): ``cid >> 6`` is the owner's seat. A Defense card in
play is a pair ``(cid, damage)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.dungeon_mayhem.cards import card_name
from engine.dungeon_mayhem.settings import DEFAULT, Settings

# Pending choice kinds (see actions.py for the action each expects).
PLAY = "play"
TARGET = "target"
SOAK = "soak"
GHOST = "ghost"
DESTROY = "destroy"
CHARM = "charm"
SWAP = "swap"
PICK_POCKET = "pick_pocket"
RECOVER = "recover"
KINDS = (PLAY, TARGET, SOAK, GHOST, DESTROY, CHARM, SWAP, PICK_POCKET, RECOVER)


@dataclass(frozen=True, slots=True)
class Pending:
    """The choice the active player (or ghost) must make next."""

    kind: str
    amount: int = 0
    """Damage still to deal (``target``, ``soak``, ``ghost``)."""
    victim: int = -1
    """The player whose Defense card must be chosen (``soak``)."""
    card: int = -1
    """The card instance being resolved (-1 for a ghost)."""
    rest: tuple[int, ...] = ()
    """Players still to be hit by the same area effect, in order."""
    area: int = 0
    """Damage each of ``rest`` takes."""


PENDING_PLAY = Pending(PLAY)


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat. ``deck`` is top first; ``defense`` holds ``(cid, damage)`` pairs in play order."""

    character: str
    hp: int = 10
    hand: tuple[int, ...] = ()
    deck: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    defense: tuple[tuple[int, int], ...] = ()
    out: bool = False
    """Knocked out (a ghost in a game with Vengeful Ghosts)."""
    disguised: bool = False
    """Clever Disguise is active (until this player's next turn begins)."""


@dataclass(frozen=True, slots=True)
class State:
    """A complete, immutable Dungeon Mayhem position."""

    players: tuple[PlayerState, ...]
    active: int
    """Seat whose turn it is (a ghost's seat on a ghost turn)."""
    pending: Pending | None
    """The choice to make next; None only when the game is over."""
    plays_owed: int = 0
    """Plays still owed this turn, not counting the card being resolved."""
    played: tuple[int, ...] = ()
    """Cards played this turn that wait for the discard (D4)."""
    queue: tuple[tuple[int, int | str, int], ...] = ()
    """Effects still to resolve, as a stack (next effect last): (code, value, cid)."""
    start_players: int = 0
    """Players at the start of the game (5-6 switches on the Zone and ghosts)."""
    turn: int = 1
    seed: int = 0
    """Seeds reshuffles when ``apply`` is given no rng."""
    over: bool = False
    winner: int | None = None
    settings: Settings = field(default=DEFAULT)
    names: tuple[str, ...] = ()
    """Display name per seat (the character, disambiguated if repeated)."""

    def summary(self) -> str:
        """One line for error messages."""
        parts = []
        for i, p in enumerate(self.players):
            mark = "*" if i == self.active else ""
            flags = " out" if p.out else (" disguised" if p.disguised else "")
            shields = ",".join(f"{card_name(c)}({d})" for c, d in p.defense)
            parts.append(f"{mark}{self.names[i]} {p.hp}HP hand {len(p.hand)}{' [' + shields + ']' if shields else ''}{flags}")
        kind = self.pending.kind if self.pending else ("over" if self.over else "-")
        return f"turn {self.turn}, pending {kind}, owed {self.plays_owed}: " + "; ".join(parts)

    def hand_names(self, seat: int) -> list[str]:
        return [card_name(c) for c in self.players[seat].hand]


class PlayerW:
    """Mutable working copy of a :class:`PlayerState`; ``deck`` is stored top LAST."""

    __slots__ = ("character", "hp", "hand", "deck", "discard", "defense", "out", "disguised")

    def __init__(self, p: PlayerState) -> None:
        self.character = p.character
        self.hp = p.hp
        self.hand = list(p.hand)
        self.deck = list(p.deck[::-1])
        self.discard = list(p.discard)
        self.defense = list(p.defense)
        self.out = p.out
        self.disguised = p.disguised

    def freeze(self) -> PlayerState:
        return PlayerState(
            self.character, self.hp, tuple(self.hand), tuple(self.deck[::-1]),
            tuple(self.discard), tuple(self.defense), self.out, self.disguised,
        )


class Board:
    """Mutable scratch state with the same attribute names as :class:`State`."""

    __slots__ = (
        "players", "active", "pending", "plays_owed", "played", "queue", "start_players",
        "turn", "seed", "over", "winner", "settings", "names", "n", "rng", "ghosts", "_own_rng",
    )

    def __init__(self, s: State, rng: random.Random | None = None) -> None:
        self.players = [PlayerW(p) for p in s.players]
        self.n = len(self.players)
        self.active = s.active
        self.pending = s.pending
        self.plays_owed = s.plays_owed
        self.played = list(s.played)
        self.queue = list(s.queue)
        self.start_players = s.start_players
        self.turn = s.turn
        self.seed = s.seed
        self.over = s.over
        self.winner = s.winner
        self.settings = s.settings
        self.names = s.names
        self.ghosts = s.settings.vengeful_ghosts and s.start_players >= 5
        self.rng = rng
        self._own_rng = False

    def random(self) -> random.Random:
        """The rng for a reshuffle: the caller's, or one seeded from the state."""
        if self.rng is None:
            self.rng = random.Random(self.seed)
            self._own_rng = True
        return self.rng

    def freeze(self) -> State:
        seed = self.rng.getrandbits(62) if self._own_rng and self.rng is not None else self.seed
        return State(
            tuple(p.freeze() for p in self.players), self.active, self.pending, self.plays_owed,
            tuple(self.played), tuple(self.queue), self.start_players, self.turn, seed,
            self.over, self.winner, self.settings, self.names,
        )
