"""Regicide's heuristic bot: what a move is worth to the seat making it, and why (the rules of thumb are listed in
:mod:`tutor.play.bots`). Moved here verbatim from ``tutor/play/bots.py``."""

from __future__ import annotations

from typing import Any

from engine.core.message import Message, msg

# ------------------------------------------------------------------------------------------- Regicide

LOSE = -1_000_000


def _rg_hand_value(state: Any, seat: int) -> int:
    from engine.regicide.cards import card_value

    return sum(card_value(c) for c in state.hands[seat])


def _rg_score(state: Any, action: Any) -> tuple[float, Message]:
    """What a Regicide move is worth to the seat making it, and why (rules of thumb 1-6)."""
    from engine import regicide as rg
    from engine.regicide.cards import card_value
    from engine.regicide.state import Phase

    seat = state.current
    if isinstance(action, rg.ChooseNext):  # rule 6
        size = len(state.hands[action.seat])
        return float(size), msg("hands the turn to the player with the most cards ({n})", n=size)
    spent = sum(card_value(c) for c in getattr(action, "cards", ()))
    after = rg.apply(state, action)
    end = rg.outcome(after)
    if end is not None:
        return (1e9, msg("this wins the game")) if end.won else (LOSE, msg("every other move loses too"))
    if isinstance(action, rg.SoloJester):  # rule 4
        return LOSE / 2, msg("nothing else keeps the game going: a fresh hand from a set-aside Jester")
    if isinstance(action, rg.Discard):  # rule 5
        return -float(spent), msg("pays the attack of {need} with the least card value ({spent})",
                                  need=state.need, spent=spent)
    if after.defeated > state.defeated:  # rule 1
        exact = state.enemy in after.tavern
        if exact:
            return 1e6 - spent, msg("defeats the enemy with exact damage, so it goes on top of the Tavern")
        return 1e5 - spent, msg("defeats the enemy")
    if after.phase == Phase.DISCARD and after.current == seat:  # rule 2
        if _rg_hand_value(after, seat) < after.need:
            return LOSE / 4, msg("no safe move is left: this one cannot pay the attack that follows")
    dealt = after.damage - state.damage
    need = after.need if after.phase == Phase.DISCARD and after.current == seat else 0
    kept = _rg_hand_value(after, seat)
    if need:  # rule 3: what the hand still holds once the attack is paid the cheapest way (rule 5)
        kept -= min(sum(card_value(c) for c in a.cards) for a in rg.legal_actions(after) if isinstance(a, rg.Discard))
    score = 3.0 * dealt + kept + len(after.hands[seat])
    if after.phase == Phase.JESTER_CHOICE:
        return score, msg("cancels the enemy's immunity with the Jester")
    return score, msg("deals {damage} damage and leaves an attack of {need} that the hand can pay",
                      damage=dealt, need=need)
