"""An encounter card revealed outside an attack: its When Revealed damage, and what may answer it.

Damage a When Revealed ability deals is not an attack (MC.enc.when_revealed): nobody defends it, no DEF
reduces it, retaliate does not answer it. A tough card prevents it first (status cards outrank interrupts,
MC.status.tough); then each player may interrupt the damage their identity would take with a card whose
trigger is not limited to attacks (Wiggle Room, Jump Flip: MC.prevent.interrupt). Such a (defense) card used
outside an attack does not count as defending (MC.def.label_outside_attack, RR v1.8 Defend 4-8), so "when your
hero defends" and "after your hero defends" cards cannot be played (MC.enc.no_attack). Backflip prevents damage
"from an attack" only.

Every function returns the new state and the events it produced.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import IllegalPlay, InvalidAction, Verdict
from engine.core.message import Listing, msg, plural
from engine.core.trace import Event, Mark
from engine.marvel_champions import cost, damage, rules
from engine.marvel_champions.actions import Action, AllyDefend, BasicDefend, PlayCard, PlayerAttack, UseAbility
from engine.marvel_champions.after import use_morphogenetics
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState
from engine.marvel_champions.steps import require

T = TRACER
EACH_HERO = {"Shocker": 1}
"""Cards whose When Revealed ability deals damage to each hero (identities in hero form), and how much."""
PREVENT_ANY = {"Wiggle Room": 3, "Jump Flip": 2}
"""Prevention interrupts whose trigger is any damage you would take, not only an attack's."""
PREVENT_ATTACK_ONLY = ("Backflip",)
DRAWS = {"Wiggle Room": 1}
"""Cards that also draw when they prevent."""


def is_modelled(key: str) -> bool:
    """Whether the engine resolves this card's When Revealed ability (a scenario may reveal it)."""
    return key in EACH_HERO


# -- the When Revealed ability --------------------------------------------------------------------------------------
def reveal(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.enc.when_revealed: the ability resolves; each hero would take its damage. Then MC.status.tough: a tough
    card prevents that damage before any interrupt."""
    key = state.revealed or ""
    card = lookup(key)
    name = card.name if card else key
    amount = EACH_HERO[key]
    who = state.player(state.revealed_by).name
    heroes = [c for c in state.characters if c.kind == "hero"]
    spared = [c.name for c in state.characters if c.kind != "hero"]  # alter-egos and allies: not heroes
    state = replace(state, incoming=tuple((c.id, amount if c.kind == "hero" else 0) for c in state.characters))
    if spared:
        text = plural("{player} reveals {card}. When Revealed: {card} deals {damage} damage to each hero; {others} is "
                      "not a hero and takes none. It is not an attack: nobody can defend it.",
                      "{player} reveals {card}. When Revealed: {card} deals {damage} damage to each hero; {others} are "
                      "not heroes and take none. It is not an attack: nobody can defend it.", "n",
                      player=who, card=name, damage=amount, others=Listing(tuple(spared)), n=len(spared))
    else:
        text = msg("{player} reveals {card}. When Revealed: {card} deals {damage} damage to each hero. It is not an "
                   "attack: nobody can defend it.", player=who, card=name, damage=amount)
    events: list[Event] = [T.step("MC.enc.when_revealed", text, at=state)]
    for c in heroes:
        if c.tough:  # the tough card prevents it all: nothing is left to take
            state = replace(state, incoming=tuple((i, 0 if i == c.id else n) for i, n in state.incoming))
            state, more = damage.damage_character(state, c.id, amount, phase=None, from_attack=False)
            events += more
    return state, events


def begin(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The ability resolves up to its damage; ``start`` is marked where the interrupts may be played."""
    state, events = reveal(state)
    return state, events + [Mark("start", state)]


def finish(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.dmg.apply: each hero takes what no tough card and no interrupt prevented; then ``after_reveal``."""
    events: list[Event] = []
    for cid, n in state.incoming:
        if n > 0 and state.has_character(cid):
            state, more = damage.damage_character(state, cid, n, phase=None, from_attack=False)
            events += more
    state = replace(state, over=True)
    return state, events + [Mark("after_reveal", state)]


# -- plays while it resolves ------------------------------------------------------------------------------------------
def apply(state: AttackState, action: Action) -> tuple[AttackState, list[Event]]:
    """One play while the When Revealed ability resolves: an interrupt to its damage, or a response to an event."""
    name = _name(state)
    if isinstance(action, (BasicDefend, AllyDefend)):
        raise IllegalPlay("MC.enc.no_attack", msg("there is no attack to defend: {card}'s When Revealed damage is not "
                                                  "an attack", card=name), action=action, state=state.summary())
    if isinstance(action, PlayerAttack):
        raise IllegalPlay("MC.enc.no_attack", msg("while {card}'s When Revealed ability resolves, players may only "
                                                  "interrupt or respond to it, not attack", card=name),
                          action=action, state=state.summary())
    if isinstance(action, UseAbility):
        if action.ability == "Morphogenetics":
            state, events = use_morphogenetics(state, action)
            return replace(state, last_event=None), events
        raise IllegalPlay("MC.enc.no_attack", msg("{ability} answers a defense against an attack, and {card}'s When "
                                                  "Revealed damage is not an attack", ability=action.ability,
                                                  card=name), action=action, state=state.summary())
    if not isinstance(action, PlayCard):
        raise InvalidAction(f"unknown action {action!r}", action=action, state=state.summary())
    player = state.player(action.player)
    if action.card not in player.hand:
        raise IllegalPlay("MC.card.in_hand", msg("{player} does not hold {card}", player=player.name, card=action.card),
                          action=action, state=state.summary())
    if action.pay is not None:
        require(cost.can_pay(state, action), action, state)
    require(can_prevent(state, action.player, action.card), action, state)
    state, events = prevent(state, action.player, action.card)
    state, paid = cost.pay(state, action)
    return replace(state, last_event=(action.player, action.card)), events + paid


def can_prevent(state: AttackState, player_id: str, card: str) -> Verdict:
    """MC.prevent.interrupt / MC.enc.no_attack: may this card be played against the When Revealed damage?"""
    name = _name(state)
    if card in PREVENT_ATTACK_ONLY:
        return ("MC.prevent.interrupt", msg("{card} prevents damage you would take from an attack, and {revealed}'s "
                                            "When Revealed damage is not from an attack", card=card, revealed=name))
    if card not in PREVENT_ANY:
        return ("MC.enc.no_attack", msg("{card} answers an enemy attack, and no enemy is attacking: {revealed}'s When "
                                        "Revealed damage is not an attack", card=card, revealed=name))
    ident = state.identity_of(player_id)
    if state.incoming_to(ident.id) <= 0:
        return ("MC.prevent.interrupt", msg("{identity} would take no damage from {revealed}, so there is nothing for "
                                            "{card} to prevent", identity=ident.name, revealed=name, card=card))
    return None


def prevent(state: AttackState, player_id: str, card: str) -> tuple[AttackState, list[Event]]:
    """MC.def.label_outside_attack, then MC.prevent.interrupt: the card prevents some of the damage your identity
    would take; it makes no defender."""
    ident = state.identity_of(player_id)
    before = state.incoming_to(ident.id)
    n = min(PREVENT_ANY[card], before)
    events: list[Event] = []
    if rules.is_defense_labelled(card):
        events.append(T.step("MC.def.label_outside_attack", msg(
            "{card} carries the (defense) label, but it is played outside an attack: {identity} does not become a "
            "defender and has not defended.", card=card, identity=ident.name), at=state))
    player = state.player(player_id)  # the card leaves the hand; Wiggle Room draws a card
    hand = list(player.hand)
    hand.remove(card)
    draws = DRAWS.get(card, 0)
    state = state.with_player(replace(player, hand=tuple(hand), played=player.played + (card,),
                                      drawn=player.drawn + draws))
    state = replace(state, incoming=tuple((c, x - n if c == ident.id else x) for c, x in state.incoming),
                    reveal_prevented=state.reveal_prevented + ((ident.id, n),))
    args: dict[str, str | int] = dict(card=card, prevented=n, damage=before, identity=ident.name, revealed=_name(state),
                                      left=before - n)
    if draws:
        text = plural("{card} prevents {prevented} of the {damage} damage {identity} would take from {revealed}, so "
                      "{identity} takes {left} of it; {player} draws {n} card.", "{card} prevents {prevented} of the "
                      "{damage} damage {identity} would take from {revealed}, so {identity} takes {left} of it; "
                      "{player} draws {n} cards.", "n", player=player.name, n=draws, **args)
    else:
        text = msg("{card} prevents {prevented} of the {damage} damage {identity} would take from {revealed}, so "
                   "{identity} takes {left} of it.", **args)
    events.append(T.step("MC.prevent.interrupt", text, at=state))
    return state, events


def _name(state: AttackState) -> str:
    card = lookup(state.revealed or "")
    return card.name if card else (state.revealed or "")
