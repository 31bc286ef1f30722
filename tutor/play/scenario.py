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

from engine.regicide.cards import card_str
from tutor.play.live import Played
from tutor.share import to_yaml


def _regicide(state: Any, action: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    from engine import regicide as rg
    from engine.regicide.state import Phase
    from tutor.practice.sources_rg import setup_of

    setup = setup_of(state)
    if state.phase == Phase.DISCARD:
        setup["phase"], setup["need"] = "discard", state.need
    elif state.phase == Phase.JESTER_CHOICE:
        setup["phase"] = "jester_choice"
    seat = state.current + 1
    if isinstance(action, rg.SoloJester):
        return setup, {"solo_jester": True}
    if isinstance(action, rg.Yield):
        return setup, {"seat": seat, "yield": True}
    if isinstance(action, rg.ChooseNext):
        return setup, {"seat": seat, "next": action.seat + 1}
    kind = "play" if isinstance(action, rg.Play) else "discard"
    return setup, {"seat": seat, kind: [card_str(c) for c in action.cards]}


def scenario_text(line: Sequence[tuple[Any, Any]], game: str, title: str, prompt: str, source: str = "",
                  questions: Sequence[dict[str, Any]] = ()) -> str:
    """The scenario file's text: the position the ``line`` starts from and its moves (each with the position it
    was made from), and the question whether the last move is legal, then ``questions`` (more questions at the
    same moment, as a file writes them). ``source``: the rules it is about (default: the game's rules sheet)."""
    first = line[0][0]
    if game == "regicide":
        setup = _regicide(first, line[0][1])[0]
        acts = [_regicide(state, action)[1] for state, action in line]
        source = source or "OR STEP ONE"
    else:
        from tutor.practice.sources_dm import action_of, setup_of

        setup, acts = setup_of(first), [action_of(state, action) for state, action in line]
        source = source or "UBG"
    data = {"id": "play.position", "game": game, "title": title, "source": source, "setup": setup,
            "actions": acts, "questions": [{"id": "legal", "prompt": prompt, "ask": "is_legal"}, *questions]}
    return to_yaml(data)


def line_to(played: Played, n: int, action: Any = None) -> list[tuple[Any, Any]]:
    """The moves up to move ``n`` (or, with ``action``, up to that attempt after the first ``n`` moves), from the
    last moment a scenario can start at: Regicide, the move itself; Dungeon Mayhem, the card being resolved (a
    scenario starts at a choice of a card to play)."""
    moves = [(e.before, e.action) for e in played.entries[:n]]
    if action is not None:
        moves.append((played.entries[n].before if n < len(played.entries) else played.state, action))
    if played.setup.game == "regicide":
        return moves[-1:]
    start = len(moves) - 1
    while start > 0 and (moves[start][0].pending is None or moves[start][0].pending.kind != "play"):
        start -= 1
    return moves[start:]
