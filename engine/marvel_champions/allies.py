"""Playing an ally from the hand in a player phase (MC.ally.play): its cost is changed (MC.cost.reduce), then paid
(MC.cost.pay, MC.cost.generate), and the ally enters play ready under its player's control.

What the engine does not model is refused by name: a play that would take a player over the ally limit (three
allies), and an ally whose ability resolves when it enters play (it is refused at load, from the catalogue).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import IllegalPlay, NotModelled, Verdict
from engine.core.message import msg
from engine.core.trace import Event
from engine.marvel_champions import cost
from engine.marvel_champions.actions import PlayCard
from engine.marvel_champions.cards import enters_play_refusal, lookup
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState, Character
from engine.marvel_champions.steps import require

T = TRACER
ALLY_LIMIT = 3


def is_ally(card: str) -> bool:
    c = lookup(card)
    return c is not None and c.type == "ally"


def can_play_ally(state: AttackState, action: PlayCard) -> Verdict:
    """MC.ally.play: in a player phase, from the hand; an ally is unique, so one already in play cannot be played."""
    player = state.player(action.player)
    if action.card not in player.hand:
        return ("MC.card.in_hand", msg("{player} does not hold {card}", player=player.name, card=action.card))
    if any(c.id == action.card or (c.kind == "ally" and c.name == action.card) for c in state.characters):
        return ("MC.ally.play", msg("{card} is a unique ally and is already in play", card=action.card))
    return None


def play_ally(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.ally.play: the cost is changed (MC.cost.reduce) and paid (MC.cost.pay), then the ally enters play."""
    require(can_play_ally(state, action), action, state)
    if action.pay is None:
        raise IllegalPlay("MC.cost.pay", msg("an ally played from the hand must be paid for: give the play a 'pay' "
                                             "list"), action=action, state=state.summary())
    state, events = cost.reduce(state, action)
    require(cost.can_pay(state, action), action, state, events)
    # refused only once the play is known to be legal: what the engine does not model is what follows it
    if refusal := enters_play_refusal(action.card):
        raise NotModelled(refusal, action=action, state=state.summary())
    mine = [c for c in state.characters if c.controller == action.player and c.kind == "ally"]
    if len(mine) >= ALLY_LIMIT:
        raise NotModelled(msg("playing a fourth ally (the ally limit is three) is not modelled"), action=action,
                          state=state.summary())
    state, paid = cost.pay(state, action)
    card = lookup(action.card)
    assert card is not None
    player = state.player(action.player)
    hand = list(player.hand)
    hand.remove(action.card)
    ally = Character(id=card.key, name=card.name, kind="ally", controller=action.player, atk=card.atk, hp=card.hp,
                     keywords=card.keywords, traits=card.traits, atk_cons=card.atk_cons,
                     tough=1 if "toughness" in card.keywords else 0)
    state = state.with_player(replace(player, hand=tuple(hand)))  # in play as a character, not among the played
    state = replace(state, characters=state.characters + (ally,))
    if ally.tough:
        text = msg("{card} enters play ready under {player}'s control. It has toughness: it enters play with a tough "
                   "status card.", card=card.name, player=player.name)
    else:
        text = msg("{card} enters play ready under {player}'s control.", card=card.name, player=player.name)
    return state, events + paid + [T.step("MC.ally.play", text, at=state)]
