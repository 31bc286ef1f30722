"""Resolve an enemy attack: apply each play in order and record the trace.

``resolve(state, actions)`` is pure: the same state and plays always give the same
:class:`Outcome`. An illegal play stops resolution; the outcome then carries the
:class:`IllegalPlay` naming the rule it breaks, and the trace ends with that rule.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from engine.core.errors import IllegalPlay, InvalidAction
from engine.core.trace import Step, Trace, Tracer
from engine.marvel_champions import damage, rules
from engine.marvel_champions.actions import Action, AllyDefend, BasicDefend, PlayCard
from engine.marvel_champions.glossary import GLOSSARY
from engine.marvel_champions.state import AttackState, BoostCard

T = Tracer(GLOSSARY)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of resolving an attack: final state, trace, and the illegal play if any."""

    state: AttackState
    trace: Trace
    illegal: IllegalPlay | None = None
    illegal_index: int | None = None  # which action was illegal

    @property
    def is_legal(self) -> bool:
        return self.illegal is None


def _obj(name: str) -> str:
    """A player's name in object position: a player called "You" reads "attacks you"."""
    return "you" if name == "You" else name


def _icons(n: int) -> str:
    return f"{n} boost icon" + ("" if n == 1 else "s")


# -- steps 1 and 2 ---------------------------------------------------------------------
def begin(state: AttackState) -> tuple[AttackState, list[Step]]:
    """MC.atk.initiate and MC.atk.boost_dealt."""
    a = state.attacker
    who = state.player(state.attacked_player)
    ident = state.identity_of(who.id)
    if rules.is_stunned(a):
        need = 2 if "steady" in a.keywords else 1
        state = replace(state, attacker=replace(a, stunned=a.stunned - need), replaced_by_stun=True, boost=(),
                        finished=True)
        cards = "both stun cards" if need == 2 else "its stun card"
        return state, [T.step("MC.status.stun_replaces_attack",
                              f"{a.name} is stunned: instead of attacking {_obj(who.name)}, it discards {cards}. No boost "
                              f"card is dealt and the attack never happens.", phase=1)]
    steps = [T.step("MC.atk.initiate", f"{a.name} attacks {_obj(who.name)} ({ident.name}).", phase=1)]
    n = len(state.boost)
    if n:
        extra = ""
        if "extra boost" in a.keywords and n > 1:
            extra = f" ({a.name}'s Forced Interrupt gives him an extra boost card)"
        steps.append(T.step("MC.atk.boost_dealt",
                            f"{a.name} is dealt {n} facedown boost card{'s' if n > 1 else ''}{extra}.", phase=1))
    return replace(state, step=2 if state.step < 2 else state.step), steps


def _make_defender(state: AttackState, player_id: str, char_id: str, kind: str) -> tuple[AttackState, list[Step]]:
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


def basic_defend(state: AttackState, action: BasicDefend) -> tuple[AttackState, list[Step]]:
    """MC.def.basic: exhaust the hero; it becomes the defender and its DEF will count."""
    _raise(rules.can_basic_defend(state, action.player), action, state)
    hero = state.identity_of(action.player)
    player = state.player(action.player)
    state = state.with_character(replace(hero, exhausted=True))
    steps = [T.step("MC.def.basic", f"{player.name} exhausts {hero.name} to basic defend; "
                                    f"{hero.name}'s DEF {hero.defense} will reduce the damage.", phase=2)]
    state, more = _make_defender(state, action.player, hero.id, "basic")
    return state, steps + more


def ally_defend(state: AttackState, action: AllyDefend) -> tuple[AttackState, list[Step]]:
    """MC.def.ally: exhaust the ally; it becomes the defender and takes all the damage."""
    ally = state.character(action.ally)
    _raise(rules.can_ally_defend(state, action.player, ally), action, state)
    player = state.player(action.player)
    state = state.with_character(replace(ally, exhausted=True))
    steps = [T.step("MC.def.ally", f"{player.name} exhausts the ally {ally.name} to defend; "
                                   f"{ally.name} will take all the damage.", phase=2)]
    state, more = _make_defender(state, action.player, ally.id, "ally")
    return state, steps + more


# -- (defense) labels ----------------------------------------------------------------------
def resolve_defense_label(state: AttackState, player_id: str, card: str) -> tuple[AttackState, list[Step]]:
    """MC.def.label / MC.def.label_no_change, after MC.def.label_one_player is checked."""
    player = state.player(player_id)
    state = replace(state, defense_label_player=player_id)
    if state.defender is None:
        hero = state.identity_of(player_id)
        steps = [T.step("MC.def.label", f"{card} has the (defense) label and there is no defender yet, so "
                                        f"{hero.name} becomes the defender without exhausting; "
                                        f"it is not a basic defense, so DEF is not counted.", phase=state.step)]
        state, more = _make_defender(state, player_id, hero.id, "label")
        return state, steps + more
    defender = state.character(state.defender)
    how = {"basic": "through a basic defense", "ally": "as a defending ally",
           "label": "through a (defense) label"}[state.defense_kind or "basic"]
    return state, [T.step("MC.def.label_no_change",
                          f"{defender.name} is already the defender, {how}; {player.name}'s {card} does not "
                          f"change the defender, the target or the attacked player.", phase=state.step)]


def play_preemptive_strike(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Step]]:
    """MC.card.preemptive_strike: interrupt the next boost flip; cancel its icons."""
    _raise(rules.can_play_preemptive_strike(state), action, state)
    state, steps0 = advance(state, 3)
    idx = rules.next_facedown_boost(state)
    assert idx is not None
    state = replace(state, step=3)
    boost = state.boost[idx]
    steps = steps0 + [T.step("MC.atk.flip", f"Step 3: {boost.name} is turned face up ({_icons(boost.icons)}); "
                                            f"{state.player(action.player).name} interrupts with Preemptive Strike.",
                             phase=3)]
    state, label_steps = resolve_defense_label(state, action.player, action.card)
    flipped = replace(boost, face_up=True, cancelled=boost.icons)
    state = replace(state, boost=state.boost[:idx] + (flipped,) + state.boost[idx + 1:])
    steps += label_steps
    enemy = state.attacker
    if boost.icons and enemy.tough:
        state = replace(state, attacker=replace(enemy, tough=enemy.tough - 1))
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
        state, more = damage._concussive_blast(state)
        steps += more
    return state, steps


def play_expert_defense(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Step]]:
    """MC.card.expert_defense: +3 DEF when your hero defends (ruling e)."""
    _raise(rules.can_play_expert_defense(state, action.player), action, state)
    state, steps = resolve_defense_label(state, action.player, action.card)
    hero = state.identity_of(action.player)
    state = replace(state, def_bonus=state.def_bonus + 3)
    counts = "it counts" if state.defense_kind == "basic" else "it counts only on a basic defense"
    steps.append(T.step("MC.card.expert_defense",
                        f"Expert Defense gives {hero.name} +3 DEF for this attack ({counts}).", phase=state.step))
    return state, steps


def play_prevention(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Step]]:
    """MC.prevent.interrupt (Backflip, Wiggle Room, Jump Flip) at step 5, after tough."""
    state, steps = advance(state, 5)
    label_steps: list[Step] = []
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


def play_card(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Step]]:
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


def undefended(state: AttackState) -> list[Step]:
    """MC.atk.undefended: with no defender, the attacked identity is the target."""
    who = state.player(state.target_player)
    ident = state.identity_of(who.id)
    return [T.step("MC.atk.undefended", f"Nobody defends, so the attack targets {who.name}'s identity, "
                                        f"{ident.name}, and is undefended.", phase=2)]


def advance(state: AttackState, to: int) -> tuple[AttackState, list[Step]]:
    """Resolve the attack's own steps up to the start of step ``to`` (3, 4 or 5)."""
    steps: list[Step] = []
    if to >= 4 and state.step < 4:
        if state.defender is None:
            steps += undefended(state)
        state, more = damage.reveal_all(state)
        steps += more
    if to >= 5 and state.step < 5:
        state, more = damage.calculate(state)
        steps += more
        state, more = damage.before_interrupts(state)
        steps += more
    if to >= 3 and state.step < 3:
        state = replace(state, step=3)
    return state, steps


def finish(state: AttackState) -> tuple[AttackState, list[Step]]:
    """Steps 3-6 that no play interrupted: reveal, calculate, take damage, retaliate."""
    if state.finished:
        return state, []
    state, steps = advance(state, 5)
    state, more = damage.deal(state)
    steps += more
    state, more = damage.after_attack(state)
    return replace(state, finished=True, step=6), steps + more


def apply(state: AttackState, action: Action) -> tuple[AttackState, list[Step]]:
    """Apply one play; raise IllegalPlay naming the rule it breaks."""
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
    state, steps = begin(state)
    trace = Trace().extend(steps)
    for i, action in enumerate(actions):
        try:
            state, steps = apply(state, action)
        except IllegalPlay as err:
            trace = trace.add(Step(err.rule, f"The play is illegal: {err.reason}.", GLOSSARY[err.rule].source,
                                   phase=state.step))
            return Outcome(state, trace, err, i)
        trace = trace.extend(steps)
    state, steps = finish(state)
    return Outcome(state, trace.extend(steps))


def _raise(verdict: rules.Verdict, action: Action, state: AttackState) -> None:
    if verdict is not None:
        rule, reason = verdict
        raise IllegalPlay(rule, reason, action=action, state=state.summary())


__all__ = ["Outcome", "apply", "resolve", "BoostCard"]
