"""The Play page's board and words: what a seat may see of the live game, each move named in the learner's
language, and what the game asks for now.

All of it comes from the game's play hook (``tutor/games/<game>/play.py``, found through the registry), which reuses
the question boards' zones: only the learner's seats show their hands; the others show how many cards they hold,
until the game is over. Deck order is never shown.
"""

from __future__ import annotations

from typing import Any

from tutor.play.live import Played
from ui.boards import draw
from ui.i18n import _, tr


def seat_label(played: Played, seat: int, state: Any = None) -> str:
    """'Seat 2 (you)', 'Lia (bot)'."""
    state = played.state if state is None else state
    who = played.setup.hook.seat_name(state, seat) or _("Seat {n}").format(n=seat + 1)
    if seat in played.setup.mine:
        return _("{seat} (you)").format(seat=who)
    return _("{seat} (bot)").format(seat=who)


def board(played: Played) -> str:
    """The board as the learner's seats see it (every hand once the game is over)."""
    state, over = played.state, played.outcome is not None
    seats = range(played.setup.players)
    shown = frozenset(seats) if over else frozenset(played.setup.mine)
    tree = played.setup.hook.board(state, shown, [seat_label(played, s) for s in seats], played.deciding)
    return draw(tree, played.setup.game)


def move_text(played: Played, state: Any, action: Any) -> str:
    """A move in the learner's language, as read at the position it was made from: 'plays 7♥ 7♠'."""
    return played.setup.hook.move_text(state, action)


def prompt(played: Played) -> str:
    """What the game asks of the learner now."""
    return played.setup.hook.prompt(played.state)


def reason_text(game: str, reason: Any) -> str:
    if reason is None:
        return ""
    if hasattr(reason, "in_"):  # a guided game's scripted bot move: its reason in every language
        from ui.i18n import current

        return str(reason.in_(current()))
    return tr(reason, game, capitalise=False)
