"""Dungeon Mayhem's heuristic bot: the table measured for a seat, looking ahead through its own choices (the rules
of thumb are listed in :mod:`tutor.play.bots`). Moved here verbatim from ``tutor/play/bots.py``."""

from __future__ import annotations

from typing import Any

from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.message import Message, msg

# ------------------------------------------------------------------------------------- Dungeon Mayhem


def _dm_shields(p: Any) -> int:
    from engine.dungeon_mayhem.cards import shields_left

    return sum(shields_left(cid, dmg) for cid, dmg in p.defense)


def _dm_value(state: Any, me: int) -> float:
    """The table measured for seat ``me`` (rules of thumb 1-4)."""
    if state.over:
        return 1e9 if state.winner == me else (0.0 if state.winner is None else -1e9)
    mine = state.players[me]
    if mine.out:
        return -1e8
    rivals = [p for i, p in enumerate(state.players) if i != me and not p.out]
    low = min((p.hp for p in rivals), default=0)
    value: float = 3.0 * mine.hp + _dm_shields(mine) + 0.5 * len(mine.hand)  # rules 3 and 4
    value -= sum(2.0 * p.hp + 0.7 * _dm_shields(p) for p in rivals) + 3.0 * low + 40.0 * len(rivals)  # rules 1, 2
    if state.active == me and state.pending is not None:
        value += state.plays_owed  # rule 4
    return value


def _dm_deciding(state: Any) -> int:
    from engine.dungeon_mayhem.rules import deciding

    return deciding(state)


def _dm_look(state: Any, me: int, depth: int) -> tuple[float, Any]:
    """The best value ``me`` can reach through its own choices of the card being resolved (rule 5), and the
    position it reaches."""
    from engine.dungeon_mayhem import game as dm

    if depth <= 0 or state.over or state.pending is None or state.pending.kind == "play" \
            or _dm_deciding(state) != me:
        return _dm_value(state, me), state
    best: tuple[float, Any] | None = None
    for action in dm.legal_actions(state)[:12]:
        try:
            found = _dm_look(dm.apply(state, action), me, depth - 1)
        except (IllegalPlay, InvalidAction):
            continue
        if best is None or found[0] > best[0]:
            best = found
    return best if best is not None else (_dm_value(state, me), state)


def _dm_reason(before: Any, after: Any, me: int) -> Message:
    """What a move changed that the rules of thumb care about, most important first."""
    if after.over and after.winner == me:
        return msg("knocks out the last opponent and wins")
    names = before.names
    for i, (b, a) in enumerate(zip(before.players, after.players)):
        if i != me and a.out and not b.out:
            return msg("knocks out {player}", player=names[i])
    hits = [(b.hp - a.hp, i) for i, (b, a) in enumerate(zip(before.players, after.players)) if i != me and a.hp < b.hp]
    if hits:
        n, i = max(hits)
        return msg("deals {n} damage to {player}", n=n, player=names[i])
    mine_b, mine_a = before.players[me], after.players[me]
    if mine_a.hp > mine_b.hp:
        return msg("heals {n}", n=mine_a.hp - mine_b.hp)
    if _dm_shields(mine_a) > _dm_shields(mine_b):
        return msg("raises its shields to {n}", n=_dm_shields(mine_a))
    shields = [i for i, (b, a) in enumerate(zip(before.players, after.players)) if i != me and
               _dm_shields(a) < _dm_shields(b)]
    if shields:
        return msg("breaks down {player}'s shields", player=names[shields[0]])
    if after.active == me and after.plays_owed > before.plays_owed:
        return msg("plays again")
    return msg("the choice that leaves the table best for it")
