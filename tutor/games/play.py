"""What a game plugs into the Play page (``tutor/play``, ``ui/play*``): its play hook.

A game is playable when its plugin names a play hook (:attr:`tutor.games.base.GamePlugin.play`, ``module:name`` of a
:class:`PlayHook`); Marvel Champions names none (its engine resolves one attack, not a whole game), so the Play page
does not offer it. Everything the live game, the bots, the stored moves, the board and the buttons need to know
about one game is here; ``tutor/play`` and ``ui/play*`` read it from the registry (:func:`tutor.games.play_hook`)
and name no game.

The hook is pure (no Streamlit): its words are drawn in the current language (``tutor.speaking``), its controls are
plain data (:class:`Button` in :class:`Group`) that the page draws as buttons.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence

from engine.core.message import Message
from tutor.boards.tree import Node

Line = Sequence[tuple[Any, Any]]
"""Moves as (the position each was made from, the move)."""
Scorer = Callable[[Any], tuple[float, Message]]
Chooser = Callable[[Any, list[Any], random.Random], tuple[Any, Message]]
"""What one legal move is worth to the seat making it, and why in one line (the heuristic bot takes the best)."""


@dataclass(frozen=True)
class Button:
    """One button the learner's seat can press: a move to try (legal or not: the engine rules on it), or
    ``select``, the index of a card to select or unselect before a move made with the selected cards."""

    key: str
    """The widget's key (``play.card.3``): tests and the keyboard script address it."""
    label: str
    action: Any = None
    select: int | None = None
    help: str = ""
    primary: bool = False
    legal: bool = False
    """Part of a legal move now (only set when the page asks for the legal moves)."""


@dataclass(frozen=True)
class Group:
    """Buttons in one row, with a caption above them (empty: none)."""

    key: str
    buttons: tuple[Button, ...]
    caption: str = ""


class GuideHook(Protocol):
    """A game's guided first games (``first_game.yaml`` in :attr:`folder`; the script itself is generic:
    :mod:`tutor.play.tutorial`): how its tutorial files give their stacked deal, the game dealt from it, and a move
    asked for by the names a person reads (a card's name) made into the move the engine lists."""

    field: str
    """The tutorial file's key for the stacked deal (Regicide's ``position``, Dungeon Mayhem's ``table``)."""
    model: type[Any]
    """The strict pydantic model of that deal (unknown fields refused, every value bounded)."""
    folder: Path
    """Where the game's tutorials are: ``first_game.yaml`` is the one the Play page offers."""

    def players(self, deal: Any) -> int:
        """How many seats the deal has."""
        ...

    def mine(self, deal: Any) -> tuple[int, ...]:
        """The learner's seats (a cooperative game's every seat; else seat 0); the bot plays the others."""
        ...

    def options(self, deal: Any) -> tuple[str, ...]:
        """What each seat is dealt, in seat order (:attr:`PlayHook.options`: Dungeon Mayhem's characters), or ()."""
        ...

    def deal(self, deal: Any) -> Any:
        """The engine's position from the stacked deal (raises the engine's error, or ValueError, for one the rules
        do not allow)."""
        ...

    def resolve(self, state: Any, action: Any) -> Any:
        """The move a step asks for (decoded from the file), as the engine lists it at ``state``: a card named in a
        hand becomes its index there, so it equals the move a click makes. Raises ValueError naming what is not
        there."""
        ...


class PlayHook(Protocol):
    """How one game is played on the Play page: seats and set-up, its moves as data, its bots' scoring, what a
    seat may see, and a position as a scenario."""

    order: int
    """Where the Play page lists the game (lower first; the first is the page's default)."""
    players: tuple[int, int]
    """The fewest and most players a game deals."""
    default_players: int
    options: tuple[str, ...]
    """What a seat may be dealt, in menu order (Dungeon Mayhem's characters); ``()``: nothing to choose."""
    actions: Mapping[str, type]
    """Every move type by class name (the codec: ``tutor.play.codec``)."""
    score: Callable[[Any], Scorer] | None
    """``score(state)``: the heuristic bot's measure of each legal move from ``state`` (it takes the best);
    None: no per-move measure (random bots only, unless :attr:`choose` is given)."""
    choose: Chooser | None
    """``choose(state, legal, rng)``: the heuristic bot's whole choice and its reason, for a game whose bot searches
    rather than scoring each move alone (Regicide's looks ahead on seeded shuffles of the hidden Tavern); it comes
    before :attr:`score`. None: the bot takes the best :attr:`score`."""
    scenario: Callable[[Line], tuple[dict[str, Any], list[dict[str, Any]], str]] | None
    """``scenario(line)``: a line of moves as a scenario file's ``setup``, ``actions`` and default ``source``;
    None: positions of this game are not turned into scenarios."""
    guide: GuideHook | None
    """The game's guided first games; None: the Play page offers none."""

    def option_label(self, option: str) -> str:
        """An option as the learner reads it (a character's name)."""
        ...

    def deal(self, players: int, options: tuple[str, ...], rng: random.Random) -> Any:
        """The seeded deal (``options``: one per seat when the game has :attr:`options`, else empty)."""
        ...

    def deciding(self, state: Any) -> int:
        """The seat that makes the next choice in a game not over."""
        ...

    def seat_name(self, state: Any, seat: int) -> str | None:
        """A seat as the table names it (a character), or None: "Seat n"."""
        ...

    def encode(self, name: str, value: Any) -> Any:
        """A move's field as JSON data (Regicide's cards by name); the value as it is for most fields."""
        ...

    def line_start(self, line: Line) -> int:
        """Where a scenario of ``line`` starts (an index into it): the last moment a scenario file can start at."""
        ...

    def board(self, state: Any, shown: frozenset[int], labels: Sequence[str], deciding: int | None) -> Node:
        """The board as the learner sees it (an element tree, :mod:`tutor.boards.tree`, drawn by ``ui``): the hands of the ``shown`` seats face up, the others face
        down; ``labels`` names each seat ('Seat 2 (you)'), ``deciding`` the seat to move (None: the game is over)."""
        ...

    def move_text(self, state: Any, action: Any) -> str:
        """A move in the learner's language, as read at the position it was made from: 'plays 7♥ 7♠'."""
        ...

    def prompt(self, state: Any) -> str:
        """What the game asks of the learner's seat now."""
        ...

    def controls(self, state: Any, seat: int, selected: Sequence[int], legal: Sequence[Any] | None) -> list[Group]:
        """Every choice ``seat`` can try now (legal or not), built from the cards ``selected``; with ``legal`` (the
        legal moves) each button says whether it is part of one."""
        ...

    def questions(self, action: Any) -> list[tuple[str, str, str]]:
        """More questions a position from a game asks beside "is it legal?": (id, prompt in English marked for
        the catalog, ask)."""
        ...


def plain(name: str, value: Any) -> Any:
    """A move's field as JSON data: a tuple as a list (the default :meth:`PlayHook.encode`)."""
    return list(value) if isinstance(value, tuple) else value


def encode(hook: PlayHook, action: Any) -> dict[str, Any]:
    """A move as JSON-ready data: its type and fields."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        out[f.name] = hook.encode(f.name, getattr(action, f.name))
    return out


def has_heuristic(hook: PlayHook) -> bool:
    """Whether the game's heuristic bot can play (its hook chooses or scores moves); else its bots play at random."""
    return hook.choose is not None or hook.score is not None
