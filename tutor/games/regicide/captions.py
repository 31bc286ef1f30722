"""Captions: one sentence per move, or whose turn it is and what they are about to do."""

from __future__ import annotations

from typing import Sequence

from engine import regicide as rg
from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.message import Listing, Message, msg
from engine.regicide.cards import JOKER, card_arg, enemy_message, parse_card
from engine.regicide.state import Phase
from tutor.games.regicide.models import ActionSpec, Scenario
from tutor.games.regicide.position import build_state, seat_index, seat_message, seat_phrase, to_action


def _cards(texts: list[str]) -> Listing:
    """The cards of a move, listed in a sentence: '4♠ and 4♥'."""
    return Listing(tuple(card_arg(parse_card(t)) for t in texts))


def _move(scn: Scenario, state: rg.State, act: ActionSpec) -> Message:
    """The sentence of one move, made in ``state``."""
    who = seat_message(scn, state.current)
    if act.play is not None:
        if [parse_card(t) for t in act.play] == [JOKER]:
            return msg("{player} plays the Jester against {enemy}.", player=who, enemy=enemy_message(state.enemy))
        return msg("{player} plays {cards} against {enemy}.", player=who, cards=_cards(act.play),
                   enemy=enemy_message(state.enemy))
    if act.yield_:
        return msg("{player} yields against {enemy}.", player=who, enemy=enemy_message(state.enemy))
    if act.discard is not None:
        return msg("{player} discards {cards} to suffer the attack.", player=who, cards=_cards(act.discard))
    if act.next is not None:
        return msg("{player} names {next_player} to go next.", player=who,
                   next_player=seat_phrase(scn, seat_index(act.next)))
    return msg("{player} flips a set-aside Jester.", player=who)


def _position(scn: Scenario, state: rg.State) -> Message:
    """Before any move: whose turn it is and what they are about to do (or how the game stands)."""
    who, enemy = seat_message(scn, state.current), enemy_message(state.enemy)
    if state.phase == Phase.PLAY:
        return msg("{player} is about to play against {enemy}.", player=who, enemy=enemy)
    if state.phase == Phase.DISCARD:
        return msg("{player} must discard cards worth at least {need} to suffer the attack of {enemy}.",
                   player=who, need=state.need, enemy=enemy)
    if state.phase == Phase.JESTER_CHOICE:
        return msg("{player} has played the Jester and is about to name the next player.", player=who)
    if state.phase == Phase.LOST and state.end_rule == "REG.end.loss_damage":
        return msg("{player} must suffer the attack of {enemy}.", player=who, enemy=enemy)
    if state.phase == Phase.LOST:
        return msg("It is {player}'s turn against {enemy}, with no cards in hand.",
                   player=seat_phrase(scn, state.current), enemy=enemy)
    return msg("{enemy} has been defeated.", enemy=enemy)


def caption(scn: Scenario, actions: Sequence[ActionSpec]) -> str | Message:
    """One sentence per move, in order; with no moves, the position ("" if the position cannot be built)."""
    try:
        state = build_state(scn)
    except rg.PositionError:
        return ""
    told: Message | None = None
    for act in actions:
        sentence = _move(scn, state, act)
        # TRANSLATORS: a caption's sentences one after the other: "Seat 1 plays 5♠ against …. Seat 2 yields …."
        told = sentence if told is None else msg("{earlier} {then}", earlier=told, then=sentence)
        try:
            state = rg.apply(state, to_action(act))
        except (IllegalPlay, InvalidAction):
            pass
    return _position(scn, state) if told is None else told
