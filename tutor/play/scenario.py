"""Any position of a live game as a scenario (a question at that moment): the position an entry's move was made
from and the move, asked "is this move legal?". The ruling page opens it from a share link (``tutor/share.py``),
where the move can be checked, and compared with another one (its what-if view); ``rules-tutor check`` reads it
as any scenario file.

>>> from tutor.play.live import Setup, start
>>> from engine import regicide as rg
>>> text = scenario_text([(start(Setup("regicide", 1, seed=7)).state, rg.Yield())], "regicide", "A game", "Legal?")
>>> from tutor import ruling
>>> r = ruling.check(text)
>>> r.ok, r.answers[0].value
(True, False)
"""

from __future__ import annotations

from typing import Any, Sequence

from tutor.games import play_hook
from tutor.play.live import Played
from tutor.share import to_yaml


def scenario_text(line: Sequence[tuple[Any, Any]], game: str, title: str, prompt: str, source: str = "",
                  questions: Sequence[dict[str, Any]] = ()) -> str:
    """The scenario file's text: the position the ``line`` starts from and its moves (each with the position it
    was made from), and the question whether the last move is legal, then ``questions`` (more questions at the
    same moment, as a file writes them). ``source``: the rules it is about (default: the game's rules sheet)."""
    hook = play_hook(game)
    if hook is None or hook.scenario is None:
        raise ValueError(f"a position of {game} cannot be written as a scenario (its play hook offers no export)")
    setup, acts, rules = hook.scenario(line)
    source = source or rules
    data = {"id": "play.position", "game": game, "title": title, "source": source, "setup": setup,
            "actions": acts, "questions": [{"id": "legal", "prompt": prompt, "ask": "is_legal"}, *questions]}
    return to_yaml(data)


def line_to(played: Played, n: int, action: Any = None) -> list[tuple[Any, Any]]:
    """The moves up to move ``n`` (or, with ``action``, up to that attempt after the first ``n`` moves), from the
    last moment a scenario can start at (the game's play hook: Regicide, the move itself; Dungeon Mayhem, the card
    being resolved, as a scenario starts at a choice of a card to play)."""
    moves = [(e.before, e.action) for e in played.entries[:n]]
    if action is not None:
        moves.append((played.entries[n].before if n < len(played.entries) else played.state, action))
    return moves[played.setup.hook.line_start(moves):]
