"""Defending an enemy attack: step 2, (defense) labels, and the cards played before damage is dealt.

Initiation cards ("when an enemy attacks") resolve before step 1; "when your hero defends" cards at
step 2; Preemptive Strike as a boost card is turned face up at step 3; prevention at step 5.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.effects import Key
from engine.core.errors import NotModelled
from engine.core.message import Message, msg
from engine.core.trace import Event
from engine.marvel_champions import damage, quantities as Q, rules
from engine.marvel_champions.actions import AllyDefend, BasicDefend, PlayCard
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.damage import icons_phrase
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.rules import retaliate_value as retaliate_value  # re-exported: where it was
from engine.marvel_champions.settings import UNSETTLED
from engine.marvel_champions.state import AttackState, Character
from engine.marvel_champions.steps import advance, require

T = TRACER


def make_defender(state: AttackState, player_id: str, char_id: str, kind: str) -> tuple[AttackState, list[Event]]:
    """MC.def.retarget: the defender becomes the target; its controller the attacked player."""
    player = state.player(player_id)
    char = state.character(char_id)
    hero_defended = state.hero_defended + (((player_id, "basic" if kind == "basic" else "label"),)
                                           if char.is_identity else ())
    new = replace(state, defender=char_id, defense_kind=kind, target=char_id,  # type: ignore[arg-type]
                  target_player=player_id, hero_defended=hero_defended)
    if player_id != state.target_player:
        text = msg("{character} becomes the target, and {player}, who controls {character}, becomes the attacked "
                   "player. The attack is defended.", character=char.name, player=player.name)
    else:
        text = msg("{character} becomes the target; {player} stays the attacked player. The attack is defended.",
                   character=char.name, player=player.name)
    return new, [T.step("MC.def.retarget", text, phase=state.step, at=new, keep=_retargeted(state, new))]


def _retargeted(old: AttackState, new: AttackState) -> tuple[Key, ...]:
    """What MC.def.retarget settles without changing it: whom the attack is against (where the defender already was
    the target), and, where the target changes, the damage the old target will not take and the retaliate it will
    not deal (it is no longer attacked)."""
    n = new.attack_no
    keys: list[Key] = [Q.attack(n, "attacked_player"), Q.attack(n, "target_player"), Q.attack(n, "target")]
    if old.target != new.target and old.has_character(old.target):
        keys.append(Q.character(old.target, "damage"))
        if retaliate_value(old.character(old.target)):
            keys.append(Q.attack(n, "retaliate"))
    return tuple(keys)


def basic_defend(state: AttackState, action: BasicDefend) -> tuple[AttackState, list[Event]]:
    """MC.def.basic: exhaust the hero; it becomes the defender and its DEF will count (MC.def.label_then_basic)."""
    require(rules.can_basic_defend(state, action.player), action, state)
    hero = state.identity_of(action.player)
    player = state.player(action.player)
    state = state.with_character(replace(hero, exhausted=True))
    if not rules.is_label_defender(state, action.player):
        state = replace(state, defense_kind="basic")  # the kind of defense is this step's (the defender comes next)
    steps: list[Event] = [T.step("MC.def.basic", msg("{player} exhausts {hero} to basic defend; {hero}'s DEF "
                                                     "{defense} will reduce the damage.", player=player.name,
                                                     hero=hero.name, defense=hero.defense), phase=2, at=state)]
    if rules.is_label_defender(state, action.player):
        return redeclare_as_basic(state, action.player, steps)
    state, more = make_defender(state, action.player, hero.id, "basic")
    return state, steps + more


def redeclare_as_basic(state: AttackState, player_id: str, steps: list[Event]) -> tuple[AttackState, list[Event]]:
    """MC.def.label_then_basic: the label defender is declared the defender: now a basic defense."""
    hero = state.identity_of(player_id)
    state = replace(state, defense_kind="basic",
                    hero_defended=tuple(h for h in state.hero_defended if h[0] != player_id) + ((player_id, "basic"),))
    return state, steps + [T.step("MC.def.label_then_basic", msg(
        "{hero} was already the defender through a (defense) label; declared the defender now, it makes a basic "
        "defense, so its DEF counts.", hero=hero.name), phase=state.step, at=state)]


def ally_defend(state: AttackState, action: AllyDefend) -> tuple[AttackState, list[Event]]:
    """MC.def.ally: exhaust the ally; it becomes the defender and takes all the damage."""
    ally = state.character(action.ally)
    require(rules.can_ally_defend(state, action.player, ally), action, state)
    player = state.player(action.player)
    state = replace(state.with_character(replace(ally, exhausted=True)), defense_kind="ally")
    steps: list[Event] = [T.step("MC.def.ally", msg("{player} exhausts the ally {ally} to defend; {ally} will take "
                                                    "all the damage.", player=player.name, ally=ally.name), phase=2,
                                 at=state)]
    state, more = make_defender(state, action.player, ally.id, "ally")
    return state, steps + more


# -- (defense) labels ----------------------------------------------------------------------------
def resolve_defense_label(state: AttackState, player_id: str, card: str) -> tuple[AttackState, list[Event]]:
    """MC.def.label / MC.def.label_no_change, after MC.def.label_one_player is checked."""
    player = state.player(player_id)
    state = replace(state, defense_label_player=player_id)
    if state.defender is None:
        hero = state.identity_of(player_id)
        state = replace(state, defense_kind="label")
        steps: list[Event] = [T.step("MC.def.label", msg(
            "{card} has the (defense) label and there is no defender yet, so {hero} becomes the defender without "
            "exhausting; it is not a basic defense, so DEF is not counted.", card=card, hero=hero.name),
            phase=state.step, at=state, keep=(Q.character(hero.id, "exhausted"),))]
        state, more = make_defender(state, player_id, hero.id, "label")
        return state, steps + more
    n = state.attack_no
    held = (Q.attack(n, "attacked_player"), Q.attack(n, "target_player"), Q.attack(n, "target"), Q.attack(n, "defender"),
            Q.attack(n, "defense_kind"))
    return state, [T.step("MC.def.label_no_change", _no_change(state, player.name, card), phase=state.step, at=state,
                          keep=held)]


def _no_change(state: AttackState, player: str, card: str) -> Message:
    """MC.def.label_no_change: the defender stays, however it became the defender."""
    assert state.defender is not None
    defender = state.name_of(state.defender)  # an ally that defended may have left play since
    if state.defense_kind == "ally":
        return msg("{defender} is already the defender, as a defending ally; {player}'s {card} does not change the "
                   "defender, the target or the attacked player.", defender=defender, player=player, card=card)
    if state.defense_kind == "label":
        return msg("{defender} is already the defender, through a (defense) label; {player}'s {card} does not change "
                   "the defender, the target or the attacked player.", defender=defender, player=player, card=card)
    return msg("{defender} is already the defender, through a basic defense; {player}'s {card} does not change the "
               "defender, the target or the attacked player.", defender=defender, player=player, card=card)


# -- at initiation: "when an enemy attacks" ---------------------------------------------------------
def play_all_day(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.all_day: declare your hero the defender without exhausting them (MC.def.declared: a basic defense)."""
    require(rules.can_interrupt_initiation(state, action.card), action, state)
    require(rules.can_declare_own_hero(state, action.player, action.card), action, state)
    player = state.player(action.player)
    hero = state.identity_of(action.player)
    steps: list[Event] = [T.step("MC.card.all_day", msg("{enemy} attacks: {player} plays {card} and declares {hero} "
                                                        "the defender without exhausting {hero}.",
                                                        enemy=state.attacker.name, player=player.name,
                                                        card=action.card, hero=hero.name), phase=0, at=state,
                                 keep=(Q.character(hero.id, "exhausted"),))]
    relabel = rules.is_label_defender(state, action.player)
    state = replace(state, defense_label_player=action.player)
    if relabel:
        return redeclare_as_basic(state, action.player, steps)
    if hero.exhausted:
        declared = msg("A card that declares a hero the defender makes a basic defense: {hero}'s DEF {defense} will "
                       "reduce the damage, though {hero} was exhausted.", hero=hero.name, defense=hero.defense)
    else:
        declared = msg("A card that declares a hero the defender makes a basic defense: {hero}'s DEF {defense} will "
                       "reduce the damage.", hero=hero.name, defense=hero.defense)
    state = replace(state, defense_kind="basic")
    steps.append(T.step("MC.def.declared", declared, phase=0, at=state))
    state, more = make_defender(state, action.player, hero.id, "basic")
    return state, steps + more


def play_cuts_both_ways(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.cuts_both_ways: your identity gains retaliate 1 until the end of the phase (and the label)."""
    require(rules.can_interrupt_initiation(state, action.card), action, state)
    state, steps = resolve_defense_label(state, action.player, action.card)
    ident = state.identity_of(action.player)
    ident = replace(ident, gained=ident.gained + ("retaliate 1",))
    state = state.with_character(ident)
    total = retaliate_value(ident)
    if total != 1:
        text = msg("Cuts Both Ways: {identity} gains retaliate 1 until the end of the phase (retaliate {total} in "
                   "all).", identity=ident.name, total=total)
    else:
        text = msg("Cuts Both Ways: {identity} gains retaliate 1 until the end of the phase.", identity=ident.name)
    steps.append(T.step("MC.card.cuts_both_ways", text, phase=0, at=state))
    return state, steps


def play_mutant_protectors(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.mutant_protectors: an X-Men ally from your hand enters play exhausted and is declared the defender."""
    require(rules.can_interrupt_initiation(state, action.card), action, state)
    ally_name = action.ally or _only_x_men_ally(state, action.player)
    require(rules.can_play_mutant_protectors(state, action.player, ally_name), action, state)
    assert ally_name is not None
    player = state.player(action.player)
    card = lookup(ally_name)
    assert card is not None
    hand = list(player.hand)
    hand.remove(ally_name)
    state = state.with_player(replace(player, hand=tuple(hand)))
    ally = Character(id=ally_name if not state.has_character(ally_name) else f"{ally_name} (2)", name=card.name,
                     kind="ally", controller=player.id, atk=card.atk, hp=card.hp, exhausted=True,
                     tough=1 if "toughness" in card.keywords else 0, keywords=card.keywords, traits=card.traits,
                     atk_cons=card.atk_cons)
    state = replace(state, characters=state.characters + (ally,), defense_label_player=action.player)
    if ally.tough:
        enters = msg("{enemy} attacks: {player} plays Mutant Protectors; the X-Men ally {ally} enters play from their "
                     "hand with a tough card (toughness), exhausted, and is declared the defender.",
                     enemy=state.attacker.name, player=player.name, ally=ally.name)
    else:
        enters = msg("{enemy} attacks: {player} plays Mutant Protectors; the X-Men ally {ally} enters play from their "
                     "hand, exhausted, and is declared the defender.", enemy=state.attacker.name, player=player.name,
                     ally=ally.name)
    declared = replace(state, defense_kind="ally")
    steps: list[Event] = [
        T.step("MC.card.mutant_protectors", enters, phase=0, at=state),
        T.step("MC.def.declared", msg("A card that declares an ally the defender makes an ally defense: {ally} will "
                                      "take all the damage, and no DEF is used.", ally=ally.name), phase=0, at=declared)]
    state, more = make_defender(declared, player.id, ally.id, "ally")
    return state, steps + more


def _only_x_men_ally(state: AttackState, player_id: str) -> str | None:
    allies = [c for c in dict.fromkeys(state.player(player_id).hand) if rules.has_trait(c, "X-Men")
              and lookup(c).type == "ally"]  # type: ignore[union-attr]
    return allies[0] if len(allies) == 1 else None


# -- step 2: "when your hero defends" --------------------------------------------------------------
def play_when_defends(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.expert_defense, MC.card.desperate_defense, MC.card.never_back_down: +DEF when your hero defends
    (ruling e)."""
    require(rules.can_play_when_hero_defends(state, action.player, action.card), action, state)
    state, steps = resolve_defense_label(state, action.player, action.card)
    hero = state.identity_of(action.player)
    bonus = rules.WHEN_DEFENDS_DEF[action.card]
    state = replace(state, def_mods=state.def_mods + ((action.card, bonus),))
    rule = {"Expert Defense": "MC.card.expert_defense", "Desperate Defense": "MC.card.desperate_defense",
            "Never Back Down": "MC.card.never_back_down"}[action.card]
    if action.card in ("Desperate Defense", "Never Back Down"):
        state = replace(state, delayed=state.delayed + ((action.player, action.card),))
    steps.append(T.step(rule, _def_bonus_text(state, action.card, hero.name, bonus), phase=state.step, at=state))
    return state, steps


def _def_bonus_text(state: AttackState, card: str, hero: str, bonus: int) -> Message:
    """What a "when your hero defends" card gives, whether the DEF counts, and what it will do after the attack."""
    enemy = state.attacker.name
    if state.defense_kind == "basic":
        if card == "Desperate Defense":
            return msg("{card} gives {hero} +{bonus} DEF for this attack (it counts); if {hero} takes no damage from "
                       "the attack, it will ready {hero}.", card=card, hero=hero, bonus=bonus)
        if card == "Never Back Down":
            return msg("{card} gives {hero} +{bonus} DEF for this attack (it counts); if {hero} takes no damage from "
                       "the attack, it will stun {enemy}.", card=card, hero=hero, bonus=bonus, enemy=enemy)
        return msg("{card} gives {hero} +{bonus} DEF for this attack (it counts).", card=card, hero=hero, bonus=bonus)
    if card == "Desperate Defense":
        return msg("{card} gives {hero} +{bonus} DEF for this attack (it counts only on a basic defense); if {hero} "
                   "takes no damage from the attack, it will ready {hero}.", card=card, hero=hero, bonus=bonus)
    if card == "Never Back Down":
        return msg("{card} gives {hero} +{bonus} DEF for this attack (it counts only on a basic defense); if {hero} "
                   "takes no damage from the attack, it will stun {enemy}.", card=card, hero=hero, bonus=bonus,
                   enemy=enemy)
    return msg("{card} gives {hero} +{bonus} DEF for this attack (it counts only on a basic defense).", card=card,
               hero=hero, bonus=bonus)


# -- step 3: Preemptive Strike --------------------------------------------------------------------
def play_preemptive_strike(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.preemptive_strike: interrupt the next boost flip; cancel its icons (MC.card.preemptive_amplify)."""
    require(rules.can_play_preemptive_strike(state), action, state)
    state, steps0 = advance(state, 3)
    idx = rules.next_facedown_boost(state)
    assert idx is not None
    state = replace(state, step=3)
    boost = state.boost[idx]
    if not boost.known:
        raise NotModelled("the boost card turned face up is not given, so its icons are unknown",
                          state=state.summary())
    steps = steps0 + [T.step("MC.atk.flip", msg("Step 3: {boost_card} is turned face up ({icons}); {player} "
                                                "interrupts with Preemptive Strike.", boost_card=boost.name,
                                                icons=icons_phrase(boost.icons),
                                                player=state.player(action.player).name), phase=3, at=state)]
    state, label_steps = resolve_defense_label(state, action.player, action.card)
    steps += label_steps
    cancelled, more = cancelled_icons(state, boost.icons)
    steps += more
    flipped = replace(boost, face_up=True, cancelled=cancelled)
    state = replace(state, boost=state.boost[:idx] + (flipped,) + state.boost[idx + 1:])
    enemy = state.attacker
    if cancelled and enemy.tough:
        state = state.with_enemy(replace(enemy, tough=enemy.tough - 1))
        state = replace(state, tough_used=state.tough_used + (enemy.name,))
        steps.append(T.step("MC.card.preemptive_strike", msg(
            "Preemptive Strike cancels {boost_card}'s {icons}; {enemy}'s tough card prevents the {damage} damage and "
            "is discarded.", boost_card=boost.name, icons=icons_phrase(cancelled), enemy=enemy.name, damage=cancelled),
            phase=3, at=state, keep=(Q.enemy(enemy.name, "damage"),)))
    else:
        state = state.with_enemy(replace(enemy, damage=enemy.damage + cancelled))
        state = replace(state, taken=state.taken + (((enemy.name, cancelled),) if cancelled else ()))
        steps.append(T.step("MC.card.preemptive_strike", msg(
            "Preemptive Strike cancels {boost_card}'s {icons} and deals {damage} damage to {enemy}.",
            boost_card=boost.name, icons=icons_phrase(cancelled), damage=cancelled, enemy=enemy.name), phase=3,
            at=state))
    state, more = damage.boost_ability(state, boost.key or boost.name, boost.star)
    return state, steps + more


def cancelled_icons(state: AttackState, printed: int) -> tuple[int, list[Event]]:
    """MC.card.preemptive_amplify (ruling (h), a setting): with amplify in play, which icons are cancelled."""
    if not state.amplify:
        return printed, []
    reading = state.settings.amplify_with_preemptive_strike
    if reading == UNSETTLED:
        raise NotModelled(f"amplify adds {state.amplify} icon(s) to the boost card Preemptive Strike cancels, and "
                          "whether those are cancelled is not settled (our ruling (h)); choose a reading under "
                          "setup.settings: amplify_with_preemptive_strike: cancelled or kept", state=state.summary())
    if reading == "cancelled":
        n = printed + state.amplify
        return n, [T.step("MC.card.preemptive_amplify", msg(
            "The reading chosen for this scenario: amplify's {icons} are on the card too, so all {total} are "
            "cancelled.", icons=icons_phrase(state.amplify), total=n), phase=3, at=state)]
    return printed, [T.step("MC.card.preemptive_amplify", msg(
        "The reading chosen for this scenario: only the printed icons are cancelled; amplify's {icons} still add to "
        "the ATK.", icons=icons_phrase(state.amplify)), phase=3, at=state)]


# -- step 5: prevention ---------------------------------------------------------------------------
def play_prevention(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.prevent.interrupt (Backflip, Wiggle Room, Jump Flip) at step 5, after tough."""
    state, steps = advance(state, 5)
    label_steps: list[Event] = []
    if rules.is_defense_labelled(action.card):
        state, label_steps = resolve_defense_label(state, action.player, action.card)
    require(rules.can_prevent(state, action.player, action.card, damage.remaining(state)), action, state,
            steps + label_steps)
    state, more = damage.prevent(state, action.player, action.card)
    if action.card == "Wiggle Room":
        player = state.player(action.player)
        state = state.with_player(replace(player, drawn=player.drawn + 1))
    return state, steps + label_steps + more
