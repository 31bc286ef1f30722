"""Resolve a position: apply each play in order and record the trace.

``resolve(state, actions)`` is pure: the same state and plays always give the same
:class:`Resolution`. An illegal play stops resolution; the resolution then carries the
:class:`IllegalPlay` naming the rule it breaks, and the trace ends with that rule.

The trace also holds :class:`~engine.core.trace.Mark` events, the moments of each enemy attack:
``initiation`` (the attack is initiated and its interrupts are over, before step 1), ``step1`` …
``step5`` (each step has resolved) and ``after_attack`` (step 6, the "after" abilities, is done);
``start`` (before the first play: after step 1, or at initiation if the first play interrupts the
initiation) and ``play`` after each play. In a player phase, each attack ends with ``after_attack``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from engine.core.errors import IllegalPlay, InvalidAction, NotModelled
from engine.core.message import Listing, msg
from engine.core.effects import legal, merge
from engine.core.trace import Event, Mark, Placed, Step, Trace, place, steps_of
from engine.marvel_champions import after, allies, cost, damage, defense, quantities as Q, reveal, rules, steps, xmen
from engine.marvel_champions.actions import (ACTION_TYPES, Action, AllyDefend, AssignIndirect, BasicDefend,
                                             DiscardAttachment, PlayCard, PlayerAttack, UseAbility)
from engine.marvel_champions.resources import SPEND
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.player_attack import basic_attack
from engine.marvel_champions.quantities import changes, read
from engine.marvel_champions.state import AttackState, BoostCard
from engine.marvel_champions.steps import advance, require

T = TRACER
POINTS = ("start", "initiation", "step1", "step2", "step3", "step4", "step5", "after_attack")
"""The named moments of an attack, in the order they happen."""
Handler = Callable[[AttackState, PlayCard], tuple[AttackState, list[Event]]]


@dataclass(frozen=True, slots=True)
class Resolution:
    """The result of resolving a position: final state, trace, and the illegal play if any.

    ``events`` is the trace with the moments (:class:`Mark`) between its steps;
    ``unresolved`` says why resolution stopped early when the position lacks something
    the rules need (a boost card nobody named, indirect damage nobody assigned) or the
    engine does not model what it needs.
    """

    state: AttackState
    trace: Trace
    illegal: IllegalPlay | None = None
    illegal_index: int | None = None  # which action was illegal
    events: tuple[Event, ...] = ()
    unresolved: NotModelled | None = None

    @property
    def is_legal(self) -> bool:
        return self.illegal is None


CARD_HANDLERS: dict[str, Handler] = {
    "Preemptive Strike": defense.play_preemptive_strike,
    "Expert Defense": defense.play_when_defends,
    "Desperate Defense": defense.play_when_defends,
    "Never Back Down": defense.play_when_defends,
    "Backflip": defense.play_prevention,
    "Wiggle Room": defense.play_prevention,
    "Jump Flip": defense.play_prevention,
    "\"I Can Do This All Day\"": defense.play_all_day,
    "Cuts Both Ways": defense.play_cuts_both_ways,
    "Mutant Protectors": defense.play_mutant_protectors,
    "Counter-Punch": after.play_counter_punch,
    "Aerial Agility": xmen.play_aerial_agility,
}
ABILITY_HANDLERS = {"Indomitable": after.use_indomitable, "Morphogenetics": after.use_morphogenetics,
                    after.MS_MARVEL_ALLY: after.use_ms_marvel_ally,
                    "Angel of Death": xmen.use_angel_of_death, "Berserker Frenzy": xmen.use_berserker_frenzy}


def play_card(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.in_hand, then the card's own rule; every (defense) label checks MC.def.label_one_player."""
    player = state.player(action.player)
    if action.card not in player.hand:
        raise IllegalPlay("MC.card.in_hand", msg("{player} does not hold {card}", player=player.name, card=action.card),
                          action=action, state=state.summary())
    handler = CARD_HANDLERS.get(action.card)
    if handler is None:
        raise InvalidAction(f"the engine does not resolve {action.card!r} as a play", action=action,
                            state=state.summary())
    if action.pay is not None:
        require(cost.can_pay(state, action), action, state)
    if rules.is_defense_labelled(action.card):
        require(rules.can_resolve_defense_label(state, action.player), action, state)
    state, events = handler(state, action)
    state, cut = cost.reduce(state, action)
    state, paid = cost.pay(state, action)
    paid = cut + paid
    events += paid
    # the card leaves the hand once its timing point is reached (a card played at step 5 is in hand at step 4)
    player = state.player(action.player)
    hand = list(player.hand)
    hand.remove(action.card)
    state = state.with_player(replace(player, hand=tuple(hand), played=player.played + (action.card,)))
    return replace(state, last_event=(action.player, action.card)), events


def assign_indirect(state: AttackState, action: AssignIndirect) -> tuple[AttackState, list[Event]]:
    """MC.dmg.indirect: the player the attack is against splits its indirect damage (at step 5, after DEF)."""
    state, events = advance(state, 5)
    require(damage.check_assignment(state, action.player, action.shares), action, state, events)
    shares = tuple(msg("{character} {damage}", character=state.name_of(c), damage=n)
                   for c, n in action.shares if n)
    state = replace(state, assigned=action.shares)
    player, total = state.player(action.player).name, damage.indirect_total(state)
    if shares:
        text = msg("{player} assigns the {total} indirect damage: {shares}.", player=player, total=total,
                   shares=Listing(shares, "comma"))
    else:
        text = msg("{player} assigns the {total} indirect damage: none.", player=player, total=total)
    # the assignment settles who takes nothing (a character left out keeps its damage and tough card), and it does
    # not make anyone attacked (the target and the defender stay)
    spared = [c for c, _cap in damage.indirect_capacity(state, action.player) if not dict(action.shares).get(c)]
    held = (Q.attack(state.attack_no, "target"), Q.attack(state.attack_no, "defender"),
            *(Q.character(c, q) for c in spared for q in ("damage", "tough")))
    return state, events + [T.step("MC.dmg.indirect", text, phase=5, at=state, keep=held)]


def use_ability(state: AttackState, action: UseAbility) -> tuple[AttackState, list[Event]]:
    handler = ABILITY_HANDLERS.get(action.ability)
    if handler is None:
        raise InvalidAction(f"no ability {action.ability!r} the engine resolves", action=action, state=state.summary())
    return handler(state, action)


def _is_initiation_play(action: Action) -> bool:
    return isinstance(action, PlayCard) and rules.is_initiation_card(action.card)


# -- attacks of a phase ---------------------------------------------------------------------------
def begin(state: AttackState, first: Action | None = None) -> tuple[AttackState, list[Event]]:
    """The first attack of the phase is initiated; ``start`` is marked before the first play (``first``)."""
    if state.is_reveal:
        return reveal.begin(state)
    if not state.is_enemy_attack:
        return state, [Mark("start", state)]
    require(rules.can_attack_in_this_order(state), first, state)
    state, ordered = steps.keep_phase_order(state)
    before = state
    state, events = steps.initiate(state)
    if not state.happened:
        return state, ordered + [Mark("start", before)] + events
    events = ordered + events
    if first is not None and _is_initiation_play(first) and first.during in (None, state.attack_no):
        return state, events + [Mark("start", state)]
    state, more = steps.leave_initiation(state)
    return state, events + more + [Mark("start", state)]


def finish_attack(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The current enemy attack runs to its end: steps 3-6 that no play interrupted, then ``after_attack``."""
    if state.finished:
        return state, [Mark("after_attack", state)]
    state, events = after.to_after(state)
    state, more = after.end(state)
    return state, events + more + [Mark("after_attack", state)]


def goto_attack(state: AttackState, number: int, action: Action) -> tuple[AttackState, list[Event]]:
    """Finish attacks until attack ``number`` of the phase is resolving (MC.atk.phase)."""
    if not state.is_enemy_attack:
        raise InvalidAction(f"there is no enemy attack {number} (a player phase)", action=action, state=state.summary())
    if number < state.attack_no:
        raise IllegalPlay("MC.atk.sequence", msg("attack {number} is over: the plays go in order, and attack "
                                                 "{current} is resolving", number=number, current=state.attack_no),
                          action=action, state=state.summary())
    if number > state.attacks:
        raise InvalidAction(f"there is no attack {number} (the phase has {state.attacks})", action=action,
                            state=state.summary())
    events: list[Event] = []
    while state.attack_no < number:
        state, more = finish_attack(state)
        events += more
        state, more = steps.next_attack(state)
        events += more
    return state, events


def finish(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The rest of the phase: the current attack's end, then every attack still to come."""
    if state.is_reveal:
        return reveal.finish(state)
    if not state.is_enemy_attack:
        return state, []
    state, events = finish_attack(state)
    while state.pending:
        state, more = steps.next_attack(state)
        events += more
        state, more = finish_attack(state)
        events += more
    return state, events


def apply(state: AttackState, action: Action) -> tuple[AttackState, list[Step]]:
    """Apply one play, its steps with their effects; raise IllegalPlay naming the rule it breaks."""
    new, events = apply_traced(state, action)
    return new, list(steps_of(place(events, state, changes, new, read)))


def apply_traced(state: AttackState, action: Action) -> tuple[AttackState, list[Event]]:
    """Like :func:`apply`, keeping the moments the play passes through (an illegal play keeps those it passed
    before it was refused, as ``err.events``: the board then shows where it was refused)."""
    return _apply(state, action)


def _apply(state: AttackState, action: Action) -> tuple[AttackState, list[Event]]:
    if not isinstance(action, ACTION_TYPES):
        raise InvalidAction(f"not a Marvel Champions play: {action!r}", action=action, state=state.summary())
    if not state.has_player(action.player):
        raise InvalidAction(f"no player {action.player!r}", action=action, state=state.summary())
    if state.is_reveal:  # a play against a revealed card keeps its verdict like any other (:func:`accepted`)
        state, more = reveal.apply(state, action)
        return state, accepted(more)
    events: list[Event] = []
    if action.during is not None and action.during != state.attack_no:
        state, events = goto_attack(state, action.during, action)
    if isinstance(action, DiscardAttachment):
        if state.is_enemy_attack:
            raise IllegalPlay("MC.cost.resource_types", msg("{card}'s ability is a Hero Action, taken in your turn, not "
                                                            "during an enemy's attack", card=action.attachment),
                              action=action, state=state.summary())
        if action.attachment not in SPEND:
            raise InvalidAction(f"{action.attachment!r} has no Hero Action the engine resolves", action=action,
                                state=state.summary())
        require(cost.can_spend_to_discard(state, action), action, state)
        state, more = cost.spend_to_discard(state, action)
        return state, events + accepted(more)
    if isinstance(action, PlayerAttack):
        if not state.has_enemy(action.enemy):
            raise InvalidAction(f"no enemy {action.enemy!r}", action=action, state=state.summary())
        if action.character is not None and not state.has_character(action.character):
            raise InvalidAction(f"no character {action.character!r}", action=action, state=state.summary())
        state, more = basic_attack(state, action)
        return state, events + more
    if not state.is_enemy_attack and isinstance(action, PlayCard) and allies.is_ally(action.card):
        state, more = allies.play_ally(state, action)
        return state, events + accepted(more)
    if not state.is_enemy_attack:
        raise IllegalPlay("MC.atk.sequence", msg("no enemy is attacking: in the player phase the plays are the "
                                                 "players' attacks and allies played from the hand"), action=action,
                          state=state.summary())
    if not state.happened and not isinstance(action, UseAbility):
        raise IllegalPlay("MC.status.stun_replaces_attack", msg("{enemy}'s attack did not happen, so there is no "
                                                                "attack to respond to", enemy=state.attacker.name),
                          action=action, state=state.summary())
    if not _is_initiation_play(action):
        state, more = steps.leave_initiation(state)
        events += more
    try:
        state, more = _dispatch(state, action)
    except IllegalPlay as err:
        err.events = events + err.events
        raise
    if not isinstance(action, PlayCard):
        state = replace(state, last_event=None)
    return state, events + accepted(more)


def accepted(events: list[Event]) -> list[Event]:
    """The play's verdict where no rule refused it: its last step, the one that completes it, keeps the play's
    ``legal`` key (``True``), as a refusal changes it (:meth:`~engine.core.trace.Tracer.illegal`)."""
    last = max((i for i, e in enumerate(events) if isinstance(e, Placed)), default=None)
    if last is None:
        return events
    step = events[last]
    return [*events[:last], replace(step, effects=merge(step.effects, ((legal(), True, True),))), *events[last + 1:]]


def _dispatch(state: AttackState, action: Action) -> tuple[AttackState, list[Event]]:
    if isinstance(action, BasicDefend):
        state, more = defense.basic_defend(state, action)
    elif isinstance(action, AllyDefend):
        if not state.has_character(action.ally):
            raise InvalidAction(f"no character {action.ally!r}", action=action, state=state.summary())
        state, more = defense.ally_defend(state, action)
    elif isinstance(action, PlayCard):
        state, more = play_card(state, action)
    elif isinstance(action, AssignIndirect):
        state, more = assign_indirect(state, action)
    elif isinstance(action, UseAbility):
        state, more = use_ability(state, action)
    else:
        raise InvalidAction(f"unknown action {action!r}", action=action, state=state.summary())
    return state, more


def resolve(state: AttackState, actions: Sequence[Action]) -> Resolution:
    """Resolve the position with these plays, in order, and return the outcome; each step carries its effects,
    read from the positions the resolution passes through (:func:`engine.core.trace.place`)."""
    events: list[Event] = []
    start = state
    try:
        state, more = begin(state, actions[0] if actions else None)
    except NotModelled as err:
        return _resolution(start, state, events, unresolved=err)
    except IllegalPlay as err:  # the phase's attacks are out of order (MC.atk.phase_order): refused before any play,
        # so the line never reaches its start (a question at any moment of it gets the verdict)
        events = [Mark("refused", start), T.illegal(err, phase=0)]
        return _resolution(start, state, events, illegal=err, index=0)
    events += more
    for i, action in enumerate(actions):
        try:
            state, more = apply_traced(state, action)
        except IllegalPlay as err:
            events += err.events
            events.append(T.illegal(err, phase=state.step if state.is_enemy_attack else None))
            return _resolution(start, state, events, illegal=err, index=i)
        except NotModelled as err:
            err.at_play = i  # the play it stopped in (a decision goes before it)
            return _resolution(start, state, events + err.events, unresolved=err)
        events += more
        events.append(Mark("play", state))
    try:
        state, more = finish(state)
    except NotModelled as err:
        return _resolution(start, state, events + err.events, unresolved=err)
    return _resolution(start, state, events + more, end=True)


def _resolution(start: AttackState, state: AttackState, events: list[Event], *, illegal: IllegalPlay | None = None,
                index: int | None = None, unresolved: NotModelled | None = None, end: bool = False) -> Resolution:
    """``end``: the line ran to its end, so ``state`` follows the last event (else the events may have gone
    further than ``state``, the position before the play that stopped)."""
    events = place(events, start, changes, state if end else None, read)
    steps_ = Trace(tuple(e for e in events if isinstance(e, Step)))
    return Resolution(state, steps_, illegal, index, tuple(events), unresolved)


def candidate_plays(state: AttackState) -> list[Action]:
    """Every play a player might think of now, in a stable order: defenses, cards in hand, abilities."""
    out: list[Action] = []
    for p in state.players:
        if state.is_reveal:  # defending and the attack's cards are refused by name; the preventions may apply
            out.append(BasicDefend(p.id))
            out += [AllyDefend(p.id, c.id) for c in state.characters if c.controller == p.id and c.kind == "ally"]
            out += [PlayCard(p.id, card) for card in dict.fromkeys(p.hand)
                    if card in CARD_HANDLERS or card in reveal.PREVENT_ANY]
            out += [UseAbility(p.id, "Morphogenetics")] if "morphogenetics" in state.identity_of(p.id).keywords else []
            out += [UseAbility(p.id, after.MS_MARVEL_ALLY) for c in state.characters
                    if c.controller == p.id and c.id == after.MS_MARVEL_ALLY]
            continue
        if not state.is_enemy_attack:
            mine = [c for c in state.characters if c.controller == p.id]
            out += [PlayerAttack(p.id, e.name, None if c.is_identity else c.id)
                    for c in mine for e in state.enemies if not e.gone]
            # an ally from the hand, paid with all the player could pay: legal exactly when some payment is
            out += [PlayCard(p.id, card, pay=cost.fullest_payment(state, p.id, card))
                    for card in dict.fromkeys(p.hand) if allies.is_ally(card)]
            continue
        out.append(BasicDefend(p.id))
        out += [AllyDefend(p.id, c.id) for c in state.characters if c.controller == p.id and c.kind == "ally"]
        out += [PlayCard(p.id, card) for card in dict.fromkeys(p.hand) if card in CARD_HANDLERS]
        out += [UseAbility(p.id, u) for u in p.upgrades if u in ("Indomitable", "Berserker Frenzy")]
        out += [UseAbility(p.id, "Angel of Death")] if state.identity_of(p.id).name == "Archangel" else []
        if "morphogenetics" in state.identity_of(p.id).keywords:
            out.append(UseAbility(p.id, "Morphogenetics"))
        out += [UseAbility(p.id, after.MS_MARVEL_ALLY) for c in state.characters
                if c.controller == p.id and c.id == after.MS_MARVEL_ALLY]
    return out


def legal_actions(state: AttackState) -> list[Action]:
    """Every play some player could legally make now, in a stable order."""
    return [a for a in candidate_plays(state) if is_legal(state, a)]


def is_legal(state: AttackState, action: Action) -> bool:
    """Whether ``apply`` accepts ``action`` now."""
    try:
        apply_traced(state, action)
    except (IllegalPlay, InvalidAction):
        return False
    except NotModelled:
        return True  # legal; only what follows is unknown
    return True


__all__ = ["Resolution", "POINTS", "apply", "apply_traced", "candidate_plays", "is_legal", "legal_actions", "resolve",
           "BoostCard"]
