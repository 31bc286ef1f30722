"""Captions: one sentence per move, or whose turn it is and what they are about to do."""

from __future__ import annotations

from engine import regicide as rg
from engine.core.errors import IllegalPlay, InvalidAction
from engine.regicide.cards import card_symbol, enemy_name, parse_card
from engine.regicide.state import Phase
from typing import Sequence

from tutor.games.regicide.models import ActionSpec, Scenario
from tutor.games.regicide.position import _seat_name, build_state, seat_index, to_action


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cards_text(texts: list[str]) -> str:
    return _and([card_symbol(parse_card(t)) for t in texts])


def caption(scn: Scenario, actions: Sequence[ActionSpec]) -> str:
    try:
        state = build_state(scn)
    except rg.PositionError:
        return ""
    sentences: list[str] = []
    for act in actions:
        who = _seat_name(scn, state.current)
        if act.play is not None:
            sentences.append(f"{who} plays {_cards_text(act.play)} against {enemy_name(state.enemy)}.")
        elif act.yield_:
            sentences.append(f"{who} yields against {enemy_name(state.enemy)}.")
        elif act.discard is not None:
            sentences.append(f"{who} discards {_cards_text(act.discard)} to suffer the attack.")
        elif act.next is not None:
            sentences.append(f"{who} names {_seat_name(scn, seat_index(act.next)).lower()} to go next.")
        else:
            sentences.append(f"{who} flips a set-aside Jester.")
        try:
            state = rg.apply(state, to_action(act))
        except (IllegalPlay, InvalidAction):
            pass
    if not sentences:
        who, enemy = _seat_name(scn, state.current), enemy_name(state.enemy)
        if state.phase == Phase.PLAY:
            return f"{who} is about to play against {enemy}."
        if state.phase == Phase.DISCARD:
            return f"{who} must discard cards worth at least {state.need} to suffer the attack of {enemy}."
        if state.phase == Phase.JESTER_CHOICE:
            return f"{who} has played the Jester and is about to name the next player."
        if state.phase == Phase.LOST and state.end_rule == "REG.end.loss_damage":
            return f"{who} must suffer the attack of {enemy}."
        if state.phase == Phase.LOST:
            return f"It is {who.lower() if who.startswith('Seat') else who}'s turn against {enemy}, with no cards in hand."
        return f"{_cap(enemy)} has been defeated."
    return " ".join(sentences)
