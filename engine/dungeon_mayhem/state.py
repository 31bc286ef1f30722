"""Game state: frozen snapshots (:class:`State`) and the mutable scratch :class:`Board`.

``apply`` thaws a State into a Board, resolves the action on it and freezes the
result; the simulator keeps one Board for a whole game. Both expose the same
attribute names, so the read-only predicates in :mod:`rules` work on either.

Cards are ints (see :mod:`cards`): ``cid >> 8`` is the owner's seat. A Defense card in
play is a pair ``(cid, damage)``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

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
# Expansion decks (digest §12).
PRAISE = "praise"          # Praise Me: the asked opponent praises or refuses
DANCE = "dance"            # Owlbear Boogie: the asked player dances or not
NOISE = "noise"            # Primal Strike: make the animal noise or not (setting E5)
MURDER = "murder"          # Murders and Acquisitions: the asked player attacks, heals or draws
FREE_PLAY = "free_play"    # Commune with Nature: play a Form card for free, or pass
MIRROR = "mirror"          # Definitely Just a Mirror: the Defense card it copies
TRAP = "trap"              # It's Not a Trap: the player whose HP changes
TRAP_TO = "trap_to"        # ... and the player whose HP it becomes
MIND_GAMES = "mind_games"  # Mind Games: the opponent to swap hands with
MIND_BLAST = "mind_blast"  # Mind Blast: the opponent to blast
KINDS = (PLAY, TARGET, SOAK, GHOST, DESTROY, CHARM, SWAP, PICK_POCKET, RECOVER,
         PRAISE, DANCE, NOISE, MURDER, FREE_PLAY, MIRROR, TRAP, TRAP_TO, MIND_GAMES, MIND_BLAST)
OPTIONS: dict[str, tuple[str, ...]] = {
    PRAISE: ("praise", "refuse"), DANCE: ("dance", "pass"), NOISE: ("noise", "pass"),
    MURDER: ("attack", "heal", "draw"), FREE_PLAY: ("pass",),
}
"""The named options of each kind answered with a ChooseOption (FREE_PLAY also takes a PlayCard)."""
PIERCE = 1
"""Pending flag: this attack ignores Defense cards (Here I Come!)."""


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
    by: int = -1
    """The seat the choice is made for (an attack's attacker, the asked player); -1: the active player."""
    chooser: int = -1
    """The seat that decides, when not ``by`` (Charm Ray: Delilah chooses another player's target)."""
    flags: int = 0
    """:data:`PIERCE`."""
    exclude: int = -1
    """A seat that may not be chosen (Hostile Takeover's "a different opponent")."""


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
    form: str = ""
    """Jaheira's form: ``wolf``, ``bear`` or '' (none yet)."""
    next_trick: bool = False
    """For My Next Trick...: this player's attacks hit every opponent until their next turn."""
    charm_ray: bool = False
    """Charm Ray: this player chooses the target of every attack card until their next turn."""


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
    bonus: int = 0
    """Favored Frienemies: extra damage each attack card deals this turn."""
    pierce: bool = False
    """Here I Come!: this turn the active player's attack cards ignore Defense cards."""

    def summary(self) -> str:
        """One line for error messages (see :func:`summary`)."""
        return summary(self)

    def hand_names(self, seat: int) -> list[str]:
        return [card_name(c) for c in self.players[seat].hand]


class PlayerW:
    """Mutable working copy of a :class:`PlayerState`; ``deck`` is stored top LAST."""

    __slots__ = ("character", "hp", "hand", "deck", "discard", "defense", "out", "disguised", "form",
                 "next_trick", "charm_ray")

    def __init__(self, p: PlayerState) -> None:
        self.character = p.character
        self.hp = p.hp
        self.hand = list(p.hand)
        self.deck = list(p.deck[::-1])
        self.discard = list(p.discard)
        self.defense = list(p.defense)
        self.out = p.out
        self.disguised = p.disguised
        self.form = p.form
        self.next_trick = p.next_trick
        self.charm_ray = p.charm_ray

    @classmethod
    def dealt(cls, character: str, deck: list[int], hand_size: int) -> "PlayerW":
        """A new seat at 10 HP holding the top ``hand_size`` cards of ``deck`` (given top first)."""
        p = cls.__new__(cls)
        p.character = character
        p.hp = 10
        p.deck = deck[::-1]
        p.hand = p.deck[:-hand_size - 1:-1] if hand_size else []
        del p.deck[len(p.deck) - hand_size:]
        p.discard = []
        p.defense = []
        p.out = p.disguised = p.next_trick = p.charm_ray = False
        p.form = ""
        return p

    def freeze(self) -> PlayerState:
        return PlayerState(
            self.character, self.hp, tuple(self.hand), tuple(self.deck[::-1]),
            tuple(self.discard), tuple(self.defense), self.out, self.disguised, self.form,
            self.next_trick, self.charm_ray,
        )


class Board:
    """Mutable scratch state with the same attribute names as :class:`State`."""

    __slots__ = (
        "players", "active", "pending", "plays_owed", "played", "queue", "start_players",
        "turn", "seed", "over", "winner", "settings", "names", "n", "rng", "ghosts", "_own_rng",
        "bonus", "pierce",
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
        self.bonus = s.bonus
        self.pierce = s.pierce

    @classmethod
    def dealt(cls, players: list[PlayerW], seed: int, settings: Settings, names: tuple[str, ...],
              rng: random.Random) -> "Board":
        """The board of a new game before the first turn (turn 1, seat 0, nothing pending)."""
        b = cls.__new__(cls)
        b.players = players
        b.n = len(players)
        b.active = 0
        b.pending = None
        b.plays_owed = 0
        b.played = []
        b.queue = []
        b.start_players = b.n
        b.turn = 1
        b.seed = seed
        b.over = False
        b.winner = None
        b.settings = settings
        b.names = names
        b.ghosts = settings.vengeful_ghosts and b.n >= 5
        b.rng = rng
        b._own_rng = False
        b.bonus = 0
        b.pierce = False
        return b

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
            self.over, self.winner, self.settings, self.names, self.bonus, self.pierce,
        )


def summary(s: State | Board) -> str:
    """One line for error messages, of a state or of a working board (the same attribute names)."""
    parts = []
    seats: Sequence[PlayerState | PlayerW] = s.players
    for i, p in enumerate(seats):
        mark = "*" if i == s.active else ""
        flags = " out" if p.out else (" disguised" if p.disguised else "")
        shields = ",".join(f"{card_name(c)}({d})" for c, d in p.defense)
        parts.append(f"{mark}{s.names[i]} {p.hp}HP hand {len(p.hand)}{' [' + shields + ']' if shields else ''}{flags}")
    kind = s.pending.kind if s.pending else ("over" if s.over else "-")
    return f"turn {s.turn}, pending {kind}, owed {s.plays_owed}: " + "; ".join(parts)
