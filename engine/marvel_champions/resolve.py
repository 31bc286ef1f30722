"""Resolve an enemy attack: apply each play in order and record the trace.

``resolve(state, actions)`` is pure: the same state and plays always give the same
:class:`Outcome`. An illegal play stops resolution; the outcome then carries the
:class:`IllegalPlay` naming the rule it breaks, and the trace ends with that rule.

The trace also holds :class:`~engine.core.trace.Mark` events, the attack's moments:
``start`` (before the first play), ``initiation`` (the attack is initiated, before
step 1), ``step1`` … ``step5`` (each step has resolved) and ``after_attack`` (step 6,
the "after" triggers, is done), plus ``play`` after each play. A question asked at a
moment reads the position there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from engine.core.errors import IllegalPlay, InvalidAction, NotModelled
from engine.core.trace import Event, Mark, Step, Trace, Tracer
from engine.marvel_champions import damage, rules
from engine.marvel_champions.actions import Action, AllyDefend, BasicDefend, PlayCard
from engine.marvel_champions.glossary import GLOSSARY
from engine.marvel_champions.state import AttackState, BoostCard

T = Tracer(GLOSSARY)
POINTS = ("start", "initiation", "step1", "step2", "step3", "step4", "step5", "after_attack")
"""The named moments of an attack, in the order they happen."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of resolving an attack: final state, trace, and the illegal play if any.

    ``events`` is the trace with the moments (:class:`Mark`) between its steps;
    ``unresolved`` says why resolution stopped early when the position lacks something
    the rules need (a boost card nobody named).
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


def _obj(name: str) -> str:
    """A player's name in object position: a player called "You" reads "attacks you"."""
    return "you" if name == "You" else name


def _icons(n: int) -> str:
    return f"{n} boost icon" + ("" if n == 1 else "s")


# -- initiation and step 1 -------------------------------------------------------------------
def begin(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.status.stun_replaces_attack, MC.atk.initiate, initiation triggers, then MC.atk.boost_dealt."""
    a = state.attacker
    who = state.player(state.attacked_player)
    ident = state.identity_of(who.id)
    if rules.is_stunned(a):  # ruling (d): the attack never initiates, so "start" is before the stun check
        need = 2 if "steady" in a.keywords else 1
        before = state
        state = replace(state, attacker=replace(a, stunned=a.stunned - need), replaced_by_stun=True, boost=(),
                        finished=True)
        cards = "both stun cards" if need == 2 else "its stun card"
        return state, [Mark("start", before), T.step(
            "MC.status.stun_replaces_attack", f"{a.name} is stunned: instead of attacking {_obj(who.name)}, it "
                                              f"discards {cards}. No boost card is dealt and the attack never happens.",
            phase=1)]
    events: list[Event] = [T.step("MC.atk.initiate", f"{a.name} attacks {_obj(who.name)} ({ident.name}).", phase=1)]
    state, more = initiation_triggers(state)
    events += more
    events.append(Mark("initiation", state))
    state, more = deal_boost(state)
    events += more
    state = replace(state, step=2 if state.step < 2 else state.step)
    events.append(Mark("step1", state))
    return state, events


def initiation_triggers(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.hero.spider_sense: "when the villain initiates an attack against you, draw 1 card"."""
    who = state.player(state.attacked_player)
    ident = state.identity_of(who.id)
    if "spider-sense" not in ident.keywords or ident.kind != "hero" or not rules.is_villain_attack(state):
        return state, []
    state = state.with_player(replace(who, drawn=who.drawn + 1)).with_trigger(f"Spider-Sense ({ident.name})")
    return state, [T.step("MC.hero.spider_sense", f"{state.attacker.name} initiates an attack against {who.name}: "
                                                  f"{ident.name}'s Spider-Sense draws {who.name} 1 card.", phase=1)]


def deal_boost(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.atk.boost_dealt: one card for a villain or villainous minion, plus extra cards from effects."""
    a = state.attacker
    due = rules.boost_cards_due(a) - len(state.boost)
    if due <= 0:
        if not state.boost:
            return state, [T.step("MC.atk.boost_dealt", f"{a.name} is a minion without villainous: it is dealt no "
                                                        "boost card.", phase=1)]
        return state, [T.step("MC.atk.boost_dealt", _dealt_text(state, len(state.boost)), phase=1)]
    known = state.encounter[:due]
    unknown = tuple(BoostCard("?", 0, known=False) for _ in range(due - len(known)))
    state = replace(state, boost=state.boost + known + unknown, encounter=state.encounter[due:])
    if "extra boost" in a.keywords:
        state = state.with_trigger(f"{a.name}: extra boost card")
    return state, [T.step("MC.atk.boost_dealt", _dealt_text(state, len(state.boost)), phase=1)]


def _dealt_text(state: AttackState, n: int) -> str:
    a = state.attacker
    extra = ""
    if "extra boost" in a.keywords and n > 1:
        extra = f" ({a.name}'s Forced Interrupt gives him an extra boost card)"
    return f"{a.name} is dealt {n} facedown boost card{'s' if n != 1 else ''}{extra}."


# -- step 2 -------------------------------------------------------------------------------
def _make_defender(state: AttackState, player_id: str, char_id: str, kind: str) -> tuple[AttackState, list[Event]]:
    """MC.def.retarget: the defender becomes the target; its controller the attacked player."""
    player = state.player(player_id)
    char = state.character(char_id)
    hero_defended = state.hero_defended + ((player_id,) if char.is_identity else ())
    new = replace(state, defender=char_id, defense_kind=kind, target=char_id, target_player=player_id,  # type: ignore[arg-type]
                  hero_defended=hero_defended)
    if player_id != state.target_player:
        text = (f"{char.name} becomes the target, and {player.name}, who controls {char.name}, "
                f"becomes the attacked player. The attack is defended.")
    else:
        text = f"{char.name} becomes the target; {player.name} stays the attacked player. The attack is defended."
    return new, [T.step("MC.def.retarget", text, phase=state.step)]


def basic_defend(state: AttackState, action: BasicDefend) -> tuple[AttackState, list[Event]]:
    """MC.def.basic: exhaust the hero; it becomes the defender and its DEF will count."""
    _raise(rules.can_basic_defend(state, action.player), action, state)
    hero = state.identity_of(action.player)
    player = state.player(action.player)
    state = state.with_character(replace(hero, exhausted=True))
    steps: list[Event] = [T.step("MC.def.basic", f"{player.name} exhausts {hero.name} to basic defend; "
                                                 f"{hero.name}'s DEF {hero.defense} will reduce the damage.", phase=2)]
    state, more = _make_defender(state, action.player, hero.id, "basic")
    return state, steps + more


def ally_defend(state: AttackState, action: AllyDefend) -> tuple[AttackState, list[Event]]:
    """MC.def.ally: exhaust the ally; it becomes the defender and takes all the damage."""
    ally = state.character(action.ally)
    _raise(rules.can_ally_defend(state, action.player, ally), action, state)
    player = state.player(action.player)
    state = state.with_character(replace(ally, exhausted=True))
    steps: list[Event] = [T.step("MC.def.ally", f"{player.name} exhausts the ally {ally.name} to defend; "
                                                f"{ally.name} will take all the damage.", phase=2)]
    state, more = _make_defender(state, action.player, ally.id, "ally")
    return state, steps + more


# -- (defense) labels ----------------------------------------------------------------------
def resolve_defense_label(state: AttackState, player_id: str, card: str) -> tuple[AttackState, list[Event]]:
    """MC.def.label / MC.def.label_no_change, after MC.def.label_one_player is checked."""
    player = state.player(player_id)
    state = replace(state, defense_label_player=player_id)
    if state.defender is None:
        hero = state.identity_of(player_id)
        steps: list[Event] = [T.step("MC.def.label", f"{card} has the (defense) label and there is no defender yet, "
                                                     f"so {hero.name} becomes the defender without exhausting; it is "
                                                     "not a basic defense, so DEF is not counted.", phase=state.step)]
        state, more = _make_defender(state, player_id, hero.id, "label")
        return state, steps + more
    defender = state.character(state.defender)
    how = {"basic": "through a basic defense", "ally": "as a defending ally",
           "label": "through a (defense) label"}[state.defense_kind or "basic"]
    return state, [T.step("MC.def.label_no_change",
                          f"{defender.name} is already the defender, {how}; {player.name}'s {card} does not "
                          f"change the defender, the target or the attacked player.", phase=state.step)]


def play_preemptive_strike(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.preemptive_strike: interrupt the next boost flip; cancel its icons."""
    _raise(rules.can_play_preemptive_strike(state), action, state)
    state, steps0 = advance(state, 3)
    idx = rules.next_facedown_boost(state)
    assert idx is not None
    state = replace(state, step=3)
    boost = state.boost[idx]
    if not boost.known:
        raise NotModelled("the boost card turned face up is not given, so its icons are unknown",
                          state=state.summary())
    steps = steps0 + [T.step("MC.atk.flip", f"Step 3: {boost.name} is turned face up ({_icons(boost.icons)}); "
                                            f"{state.player(action.player).name} interrupts with Preemptive Strike.",
                             phase=3)]
    state, label_steps = resolve_defense_label(state, action.player, action.card)
    flipped = replace(boost, face_up=True, cancelled=boost.icons)
    state = replace(state, boost=state.boost[:idx] + (flipped,) + state.boost[idx + 1:])
    steps += label_steps
    enemy = state.attacker
    if boost.icons and enemy.tough:
        state = replace(state, attacker=replace(enemy, tough=enemy.tough - 1), tough_used=state.tough_used + (enemy.name,))
        steps.append(T.step("MC.card.preemptive_strike", f"Preemptive Strike cancels {boost.name}'s "
                                                         f"{_icons(boost.icons)}; {enemy.name}'s tough card prevents "
                                                         f"the {boost.icons} damage and is discarded.", phase=3))
    else:
        state = replace(state, attacker=replace(enemy, damage=enemy.damage + boost.icons),
                        taken=state.taken + (((enemy.name, boost.icons),) if boost.icons else ()))
        steps.append(T.step("MC.card.preemptive_strike", f"Preemptive Strike cancels {boost.name}'s "
                                                         f"{_icons(boost.icons)} and deals {boost.icons} damage to "
                                                         f"{enemy.name}.", phase=3))
    if boost.star and boost.name == "Concussive Blast":
        state, more = damage.concussive_blast(state)
        steps += more
    return state, steps


def play_expert_defense(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.expert_defense: +3 DEF when your hero defends (ruling e)."""
    _raise(rules.can_play_expert_defense(state, action.player), action, state)
    state, steps = resolve_defense_label(state, action.player, action.card)
    hero = state.identity_of(action.player)
    state = replace(state, def_bonus=state.def_bonus + 3)
    counts = "it counts" if state.defense_kind == "basic" else "it counts only on a basic defense"
    steps.append(T.step("MC.card.expert_defense",
                        f"Expert Defense gives {hero.name} +3 DEF for this attack ({counts}).", phase=state.step))
    return state, steps


def play_prevention(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.prevent.interrupt (Backflip, Wiggle Room, Jump Flip) at step 5, after tough."""
    state, steps = advance(state, 5)
    label_steps: list[Event] = []
    if rules.is_defense_labelled(action.card):
        state, label_steps = resolve_defense_label(state, action.player, action.card)
    _raise(rules.can_prevent(state, action.player, action.card, damage.remaining(state)), action, state)
    state, more = damage.prevent(state, action.player, action.card)
    return state, steps + label_steps + more


CARD_HANDLERS = {
    "Preemptive Strike": play_preemptive_strike,
    "Expert Defense": play_expert_defense,
    "Backflip": play_prevention,
    "Wiggle Room": play_prevention,
    "Jump Flip": play_prevention,
}


def play_card(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.in_hand, then the card's own rule; every (defense) label checks MC.def.label_one_player."""
    player = state.player(action.player)
    if action.card not in player.hand:
        raise IllegalPlay("MC.card.in_hand", f"{player.name} does not hold {action.card}",
                          action=action, state=state.summary())
    handler = CARD_HANDLERS.get(action.card)
    if handler is None:
        raise InvalidAction(f"the engine does not resolve {action.card!r} yet", action=action, state=state.summary())
    if rules.is_defense_labelled(action.card):
        _raise(rules.can_resolve_defense_label(state, action.player), action, state)
    hand = list(player.hand)
    hand.remove(action.card)
    state = state.with_player(replace(player, hand=tuple(hand), played=player.played + (action.card,)))
    return handler(state, action)


def undefended(state: AttackState) -> list[Event]:
    """MC.atk.undefended: with no defender at the end of step 2, the attacked identity is the target."""
    who = state.player(state.target_player)
    ident = state.identity_of(who.id)
    return [T.step("MC.atk.undefended", f"Nobody defends, so the attack targets {who.name}'s identity, "
                                        f"{ident.name}, and is undefended.", phase=2)]


def advance(state: AttackState, to: int) -> tuple[AttackState, list[Event]]:
    """Resolve the attack's own steps up to the start of step ``to`` (3, 4 or 5), marking each step's end."""
    events: list[Event] = []
    if to >= 3 and state.step < 3:
        if state.defender is None:
            events += undefended(state)
        events.append(Mark("step2", state))
        state = replace(state, step=3)
    if to >= 4 and state.step < 4:
        try:
            state, more = damage.reveal_all(state)
        except NotModelled as err:
            err.events = events  # type: ignore[attr-defined]  # the moments reached before it stopped
            raise
        events += more
        events.append(Mark("step3", state))
    if to >= 5 and state.step < 5:
        state, more = damage.calculate(state)
        events += more
        events.append(Mark("step4", state))
        state, more = damage.before_interrupts(state)
        events += more
    return state, events


def finish(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Steps 3-6 that no play interrupted: reveal, calculate, take damage, after the attack."""
    if state.finished:
        return state, [Mark("after_attack", state)]
    state, events = advance(state, 5)
    state, more = damage.deal(state)
    events += more
    state = replace(state, step=6)
    events.append(Mark("step5", state))
    state, more = damage.after_attack(state)
    state = replace(state, finished=True)
    return state, events + more + [Mark("after_attack", state)]


def apply(state: AttackState, action: Action) -> tuple[AttackState, list[Step]]:
    """Apply one play; raise IllegalPlay naming the rule it breaks."""
    state, events = apply_traced(state, action)
    return state, [e for e in events if isinstance(e, Step)]


def apply_traced(state: AttackState, action: Action) -> tuple[AttackState, list[Event]]:
    """Like :func:`apply`, keeping the moments the play passes through."""
    if state.replaced_by_stun:
        raise IllegalPlay("MC.status.stun_replaces_attack", f"{state.attacker.name} was stunned, so there is no "
                          "attack to respond to", action=action, state=state.summary())
    if not state.has_player(action.player):
        raise InvalidAction(f"no player {action.player!r}", action=action, state=state.summary())
    if isinstance(action, BasicDefend):
        return basic_defend(state, action)
    if isinstance(action, AllyDefend):
        if not state.has_character(action.ally):
            raise InvalidAction(f"no character {action.ally!r}", action=action, state=state.summary())
        return ally_defend(state, action)
    if isinstance(action, PlayCard):
        return play_card(state, action)
    raise InvalidAction(f"unknown action {action!r}", action=action, state=state.summary())


def resolve(state: AttackState, actions: Sequence[Action]) -> Outcome:
    """Resolve the attack with these plays, in order, and return the outcome."""
    events: list[Event] = []
    try:
        state, more = begin(state)
    except NotModelled as err:
        return _outcome(state, events, unresolved=err)
    events += more
    if not state.replaced_by_stun:
        events.append(Mark("start", state))
    for i, action in enumerate(actions):
        try:
            state, more = apply_traced(state, action)
        except IllegalPlay as err:
            events.append(Step(err.rule, f"The play is illegal: {err.reason}.", GLOSSARY[err.rule].source,
                               phase=state.step))
            return _outcome(state, events, illegal=err, index=i)
        except NotModelled as err:
            return _outcome(state, events + getattr(err, "events", []), unresolved=err)
        events += more
        events.append(Mark("play", state))
    try:
        state, more = finish(state)
    except NotModelled as err:
        return _outcome(state, events + getattr(err, "events", []), unresolved=err)
    return _outcome(state, events + more)


def _outcome(state: AttackState, events: list[Event], *, illegal: IllegalPlay | None = None,
             index: int | None = None, unresolved: NotModelled | None = None) -> Outcome:
    steps = Trace(tuple(e for e in events if isinstance(e, Step)))
    return Outcome(state, steps, illegal, index, tuple(events), unresolved)


def legal_actions(state: AttackState) -> list[Action]:
    """Every play some player could legally make now, in a stable order: defenses, then cards in hand."""
    candidates: list[Action] = []
    for p in state.players:
        candidates.append(BasicDefend(p.id))
        candidates += [AllyDefend(p.id, c.id) for c in state.characters if c.controller == p.id and c.kind == "ally"]
        candidates += [PlayCard(p.id, card) for card in dict.fromkeys(p.hand) if card in CARD_HANDLERS]
    return [a for a in candidates if is_legal(state, a)]


def is_legal(state: AttackState, action: Action) -> bool:
    """Whether ``apply`` accepts ``action`` now."""
    try:
        apply_traced(state, action)
    except (IllegalPlay, InvalidAction):
        return False
    except NotModelled:
        return True  # legal; only what follows is unknown
    return True


def _raise(verdict: rules.Verdict, action: Action, state: AttackState) -> None:
    if verdict is not None:
        rule, reason = verdict
        raise IllegalPlay(rule, reason, action=action, state=state.summary())


__all__ = ["Outcome", "POINTS", "apply", "apply_traced", "is_legal", "legal_actions", "resolve", "BoostCard"]
