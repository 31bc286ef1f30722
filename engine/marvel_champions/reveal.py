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

from engine.core.errors import IllegalPlay, InvalidAction, NotModelled, Verdict
from engine.core.message import Listing, msg, plural
from engine.core.trace import Event, Mark
from engine.marvel_champions import cost, damage, quantities as Q, rules
from engine.marvel_champions.actions import Action, AllyDefend, BasicDefend, PlayCard, PlayerAttack, UseAbility
from engine.marvel_champions.after import MS_MARVEL_ALLY, use_morphogenetics, use_ms_marvel_ally
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState, Enemy
from engine.marvel_champions.steps import require
from engine.marvel_champions.xmen import use_angel_of_death

T = TRACER
EACH_HERO = {"Shocker": 1}
"""Cards whose When Revealed ability deals damage to each hero (identities in hero form), and how much."""
STUN_EACH_HERO = ("Rhino (III)",)
"""Cards whose When Revealed ability stuns each hero (MarvelCDB 01096, "When Revealed: Stun each hero.")."""
REVEAL_TOP = ("Under Fire",)
"""Cards whose When Revealed ability reveals the top card of the encounter deck (MarvelCDB 01193)."""
SURGE = ("Under Fire",)
"""Revealable cards with surge: once they have resolved, another encounter card is revealed."""
PREVENT_ANY = {"Wiggle Room": 3, "Jump Flip": 2}
"""Prevention interrupts whose trigger is any damage you would take, not only an attack's."""
PREVENT_ATTACK_ONLY = ("Backflip",)
DRAWS = {"Wiggle Room": 1}
"""Cards that also draw when they prevent."""


def is_modelled(key: str) -> bool:
    """Whether the engine resolves this card's When Revealed ability (a scenario may reveal it): a minion with none
    is modelled too (it enters play engaged, MC.enc.minion_engages), unless it has quickstrike."""
    return not_modelled(key) is None


def not_modelled(key: str) -> str | None:
    """Why a scenario may not reveal this card (None: it may), by name.

    >>> not_modelled("Hydra Mercenary") is None, not_modelled("Vulture")
    (True, 'Vulture: its quickstrike attack when it is revealed is not modelled')
    """
    card = lookup(key)
    if key in EACH_HERO or key in STUN_EACH_HERO or key in REVEAL_TOP:
        return None
    if card is not None and card.type == "minion":
        if "quickstrike" in card.keywords:
            return f"{card.name}: its quickstrike attack when it is revealed is not modelled"
        if not any(a.name.startswith("When Revealed") for a in card.abilities):
            return None
    return f"{key}: its When Revealed ability is not modelled"


# -- the When Revealed ability --------------------------------------------------------------------------------------
def reveal(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The revealed card's When Revealed ability resolves (by the card: damage, a stun, another card revealed)."""
    key = state.revealed or ""
    card = lookup(key)
    if card is not None and card.type == "minion":
        state, events = minion_engages(state)
        if key not in EACH_HERO:
            return replace(state, incoming=tuple((c.id, 0) for c in state.characters)), events
        state, more = damage_each_hero(state)
        return state, events + more
    if key in REVEAL_TOP:
        return reveal_top(state)
    if key in STUN_EACH_HERO:
        return stun_each_hero(state)
    return damage_each_hero(state)


def minion_engages(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.enc.minion_engages: a revealed minion enters play engaged with the player who revealed it (a tough card
    if it has toughness); it activates against that player, after the villain, from the next villain phase."""
    key = state.revealed or ""
    card = lookup(key)
    assert card is not None
    if state.has_enemy(card.name) and not state.enemy(card.name).gone:
        raise NotModelled(msg("a second {card} in play is not modelled (each enemy is named by its card)",
                              card=card.name), state=state.summary())
    who = state.player(state.revealed_by)
    tough = 1 if "toughness" in card.keywords else 0
    minion = Enemy(name=card.name, kind="minion", atk=card.atk, hp=card.hp, tough=tough,
                   keywords=card.keywords | ({"atk_star"} if card.atk_star else set()), engaged_with=who.id)
    state = replace(state, enemies=tuple(e for e in state.enemies if e.name != card.name) + (minion,))
    if tough:
        text = msg("{player} reveals {card}, a minion: it enters play engaged with {player}, with a tough card "
                   "(toughness). It will activate against {player} after the villain in each villain phase.",
                   player=who.name, card=card.name)
    else:
        text = msg("{player} reveals {card}, a minion: it enters play engaged with {player}. It will activate against "
                   "{player} after the villain in each villain phase.", player=who.name, card=card.name)
    return state, [T.step("MC.enc.minion_engages", text, at=state)]


def damage_each_hero(state: AttackState) -> tuple[AttackState, list[Event]]:
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


def stun_each_hero(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.enc.stun_each_hero: each hero gets a stun status card; it deals no damage (nothing to prevent). A hero
    already holding as many stun cards as it can (one, a steady one two: MC.status.stun) gets no other."""
    name = _name(state)
    state = replace(state, incoming=tuple((c.id, 0) for c in state.characters))
    heroes = [c for c in state.characters if c.kind == "hero"]
    full = [c for c in heroes if c.stunned >= rules.stun_limit(c.keywords)]
    for c in heroes:
        if c not in full:
            state = state.with_character(replace(c, stunned=c.stunned + 1))
    if heroes:
        text = msg("{card} is revealed. When Revealed: {card} stuns each hero ({heroes}). It deals no damage, and "
                   "alter-egos and allies are not heroes.", card=name, heroes=Listing(tuple(c.name for c in heroes)))
    else:
        text = msg("{card} is revealed. When Revealed: {card} stuns each hero, and no identity is in hero form: "
                   "nobody is stunned.", card=name)
    keep = tuple(Q.character(c.id, "stunned") for c in state.characters if c.kind != "hero")
    events: list[Event] = [T.step("MC.enc.stun_each_hero", text, at=state, keep=keep)]
    for c in full:
        events.append(T.step("MC.status.stun", plural(
            "{character} already holds {count} stun card, as many as it can hold, so it gets no other.",
            "{character} already holds {count} stun cards, as many as it can hold, so it gets no other.", "count",
            character=c.name, count=c.stunned), at=state, keep=(Q.character(c.id, "stunned"),)))
    return state, events


def reveal_top(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.enc.reveal_top: the top card of the encounter deck is revealed and its own When Revealed ability resolves
    now; a card with surge owes another reveal once it has resolved (MC.kw.surge). The scenario names the top
    cards (``deck``); where it names none, the engine cannot say what is revealed and stops, by name."""
    name, who = _name(state), state.player(state.revealed_by).name
    surge = state.surge + (1 if state.revealed in SURGE else 0)
    if not state.encounter:
        raise NotModelled(msg("{card} reveals the top card of the encounter deck, and the scenario does not say which "
                              "card that is (give it in the reveal's 'deck')", card=name), state=state.summary())
    top, rest = state.encounter[0].key or state.encounter[0].name, state.encounter[1:]
    state = replace(state, revealed=top, encounter=rest, surge=surge, reveals=state.reveals + (state.revealed or "",))
    step = T.step("MC.enc.reveal_top", msg(
        "{player} reveals {card}. When Revealed: {card} reveals the top card of the encounter deck, {top}, whose When "
        "Revealed ability resolves now.", player=who, card=name, top=_name(state)), at=state)
    state, more = reveal(state)
    return state, [step] + more


def begin(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The ability resolves up to its damage; ``start`` is marked where the interrupts may be played."""
    state, events = reveal(state)
    return state, events + [Mark("start", state)]


def deal(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.dmg.apply: each hero takes what no tough card and no interrupt prevented."""
    events: list[Event] = []
    for cid, n in state.incoming:
        if n > 0 and state.has_character(cid):
            state, more = damage.damage_character(state, cid, n, phase=None, from_attack=False)
            events += more
    return state, events


def finish(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The damage is dealt, then ``after_reveal``; then each surge owed reveals the next card (MC.kw.surge), which
    resolves with nobody playing (the line's plays are over); where the scenario names no further card, the engine
    stops there, by name."""
    state, events = deal(state)
    if not state.surge:
        state = replace(state, over=True)
        return state, events + [Mark("after_reveal", state)]
    events.append(Mark("after_reveal", state))
    while state.surge:
        state, more = surge(state, events)
        events += more
    state = replace(state, over=True)
    return state, events + [Mark("after_surge", state)]


def surge(state: AttackState, before: list[Event]) -> tuple[AttackState, list[Event]]:
    """MC.kw.surge: the card that resolved had surge, so its player reveals the next encounter card."""
    done, who = _name(state), state.player(state.revealed_by).name
    source = next((k for k in reversed((*state.reveals, state.revealed or "")) if k in SURGE), done)
    card = lookup(source)
    if not state.encounter:
        err = NotModelled(msg("{card}'s surge reveals another encounter card, and the scenario does not say which card "
                              "that is (give it in the reveal's 'deck')", card=card.name if card else source),
                          state=state.summary())
        err.events = list(before)
        raise err
    top, rest = state.encounter[0].key or state.encounter[0].name, state.encounter[1:]
    state = replace(state, revealed=top, encounter=rest, surge=state.surge - 1, incoming=(), reveal_prevented=(),
                    reveals=state.reveals + (state.revealed or "",))
    events: list[Event] = [T.step("MC.kw.surge", msg(
        "Surge: {card} has resolved, so {player} reveals another encounter card, {next}.",
        card=card.name if card else source, player=who, next=_name(state)), at=state)]
    state, more = reveal(state)
    events += more
    state, more = deal(state)
    return state, events + more


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
        if action.ability == MS_MARVEL_ALLY:
            state, events = use_ms_marvel_ally(state, action)
            return replace(state, last_event=None), events
        if action.ability == "Angel of Death":
            return use_angel_of_death(state, action)
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
    state, cut = cost.reduce(state, action)
    state, paid = cost.pay(state, action)
    paid = cut + paid
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
    """The revealed card's name; a villain stage by its key ("Rhino (III)"), as the stage is what is revealed."""
    card = lookup(state.revealed or "")
    if card is not None and card.type == "villain":
        return card.key
    return card.name if card else (state.revealed or "")
