"""Step 6, after the attack (MC.atk.after): forced "after" abilities first, then the players' responses.

Forced: retaliate (MC.kw.retaliate, MC.kw.ranged), Sonic Converter's stun, Tiger Shark's tough card, the
"if you take no damage" halves of Desperate Defense and Never Back Down, Surging Sands. Responses are
plays: Counter-Punch, Indomitable, Morphogenetics. The attack ends with Charge discarded (MC.card.charge).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import NotModelled
from engine.core.message import Listing, msg
from engine.core.trace import Event
from engine.marvel_champions import player_attack, quantities as Q, rules, status
from engine.marvel_champions.actions import PlayCard, UseAbility
from engine.marvel_champions.defense import retaliate_value
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState, Player
from engine.marvel_champions.steps import advance, require

T = TRACER


def forced(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.atk.after: the forced "after" abilities of the attack (they do not depend on each other's order,
    except Tiger Shark's tough card and a retaliate against him: refused)."""
    events: list[Event] = []
    if _retaliates(state) and "tough after attack" in state.attacker.keywords and not state.attacker.tough:
        who = state.name_of(state.target)
        raise NotModelled(f"{state.attacker.name}'s tough card (after he attacks) and {who}'s retaliate both resolve "
                          "after the attack, in an order the first player chooses, which the engine does not ask",
                          state=state.summary())
    before = len(state.triggered)
    for trigger in (retaliate, sonic_converter, tiger_shark, delayed_effects, surging_sands):
        state, more = trigger(state)
        events += more
    fired = tuple(state.triggered[before:])
    if fired:  # MC.atk.forced_first: they are done; only now may players respond
        state = replace(state, forced_done=fired)
        events.append(T.step("MC.atk.forced_first", msg(
            "The forced \"after\" abilities have resolved ({forced}); only now may players respond to the attack.",
            forced=Listing(fired)), phase=6, at=state))
    return state, events


def forced_pending(state: AttackState) -> tuple[str, ...]:
    """The forced "after" abilities still to resolve at step 6 of this attack (none once they have)."""
    if state.step >= 6:
        return ()
    at6, _ = advance(state, 6)
    done, _ = forced(at6)
    return done.forced_done


def check_not_before_forced(state: AttackState, action: PlayCard | UseAbility, card: str) -> None:
    """MC.atk.forced_first: a response the file plays before the forced "after" abilities is refused by name."""
    if action.before_forced:
        require(rules.can_respond_before_forced(card, forced_pending(state)), action, state)


def _retaliates(state: AttackState) -> bool:
    if not state.has_character(state.target) or state.target in state.defeated:
        return False
    return bool(retaliate_value(state.character(state.target))) and "ranged" not in state.attack_keywords


def retaliate(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.kw.retaliate / MC.kw.ranged: the attacked character, if still in play, retaliates; where it does not (ranged,
    the character defeated, the enemy's tough card) the step holds the enemy's damage (what did not happen)."""
    left = [c for c in state.left_play if c.id == state.target]
    target = state.character(state.target) if state.has_character(state.target) else left[0] if left else None
    x = retaliate_value(target) if target is not None else 0
    if target is None or not x:
        return state, []
    enemy = state.attacker
    kept = (Q.enemy(enemy.name, "damage"), Q.attack(state.attack_no, "retaliate"))
    if target.id in state.defeated:
        return state, [T.step("MC.kw.retaliate", msg("{character} was defeated by the attack, so their retaliate "
                                                     "{amount} does not trigger.", character=target.name, amount=x),
                              phase=6, at=state, keep=kept)]
    if "ranged" in state.attack_keywords:
        return state, [T.step("MC.kw.ranged", msg("{enemy}'s attack has ranged, so {character}'s retaliate {amount} "
                                                  "does not trigger.", enemy=state.attacker.name, character=target.name,
                                                  amount=x), phase=6, at=state, keep=kept)]
    state = state.with_trigger(f"Retaliate {x} ({target.name})")
    if enemy.tough:
        state = state.with_enemy(replace(enemy, tough=enemy.tough - 1))
        state = replace(state, tough_used=state.tough_used + (enemy.name,))
        return state, [T.step("MC.kw.retaliate", msg("{character} was attacked and survived: retaliate {amount} would "
                                                     "deal {amount} damage to {enemy}, but its tough card prevents it.",
                                                     character=target.name, amount=x, enemy=enemy.name), phase=6,
                              at=state, keep=kept)]
    state = replace(state, retaliate=state.retaliate + x)
    deals = msg("{character} was attacked and survived: retaliate {amount} deals {amount} damage to {enemy}.",
                character=target.name, amount=x, enemy=enemy.name)
    return player_attack.damage_enemy(state, enemy.name, x, phase=6, said=("MC.kw.retaliate", deals))


def sonic_converter(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.card.sonic_converter: after Klaw attacks and damages a character, stun that character."""
    if "Sonic Converter" not in state.attacker.attachments:
        return state, []
    hit = [c for c in dict.fromkeys(state.attack_damaged) if state.has_character(c)]
    if not hit:
        return state, [T.step("MC.card.sonic_converter", msg("{enemy}'s attack damaged no character still in play, so "
                                                             "Sonic Converter stuns nobody.",
                                                             enemy=state.attacker.name), phase=6, at=state,
                              keep=tuple(Q.character(c.id, "stunned") for c in state.characters
                                         if c.controller == state.target_player))]
    events: list[Event] = []
    for cid in hit:
        state = state.with_trigger("Sonic Converter")
        events.append(T.step("MC.card.sonic_converter", msg("{enemy} attacked and damaged {character}: Sonic "
                                                            "Converter's Forced Response stuns them.",
                                                            enemy=state.attacker.name,
                                                            character=state.name_of(cid)), phase=6, at=state))
        state, more = status.stun_character(state, cid, "Sonic Converter", phase=6)
        events += more
    return state, events


def tiger_shark(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.minion.tiger_shark: after Tiger Shark attacks, give him a tough status card."""
    enemy = state.attacker
    if "tough after attack" not in enemy.keywords or enemy.gone:
        return state, []
    state = state.with_trigger(f"{enemy.name}: tough card")
    return status.give_tough(
        state, enemy.name, "MC.minion.tiger_shark", phase=6,
        gives=msg("{enemy} attacked: his Forced Response gives {enemy} a tough status card.", enemy=enemy.name),
        has_one=msg("{enemy} attacked: his Forced Response would give {enemy} a tough card, but he already has one.",
                    enemy=enemy.name))


def delayed_effects(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.card.desperate_defense / MC.card.never_back_down: "if you take no damage from this attack, …"."""
    events: list[Event] = []
    for player_id, card in state.delayed:
        ident = state.identity_of(player_id)
        if ident.id in state.attack_damaged:
            rule = "MC.card.desperate_defense" if card == "Desperate Defense" else "MC.card.never_back_down"
            events.append(T.step(rule, msg("{identity} took damage from the attack, so {card} does nothing more.",
                                           identity=ident.name, card=card), phase=6, at=state))
            continue
        if card == "Desperate Defense":
            state = state.with_character(replace(ident, exhausted=False)).with_trigger("Desperate Defense")
            events.append(T.step("MC.card.desperate_defense", msg("{identity} took no damage from the attack, so "
                                                                  "Desperate Defense readies {identity}.",
                                                                  identity=ident.name), phase=6, at=state))
        else:
            state = state.with_trigger("Never Back Down")
            events.append(T.step("MC.card.never_back_down", msg("{identity} took no damage from the attack, so Never "
                                                                "Back Down stuns {enemy}.", identity=ident.name,
                                                                enemy=state.attacker.name), phase=6, at=state))
            state, more = status.stun_enemy(state, state.attacker.name, "Never Back Down", phase=6)
            events += more
    return state, events


def surging_sands(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.villain.surging_sands: if your identity took damage from Sandman's attack, City Streets' Surging Sands."""
    if state.sands_for is None:
        return state, []
    ident = state.identity_of(state.sands_for)
    if ident.id not in state.attack_damaged:
        return state, [T.step("MC.villain.surging_sands", msg("{identity} took no damage from Sandman's attack, so "
                                                              "Surging Sands does not resolve.", identity=ident.name),
                              phase=6, at=state)]
    state = state.with_trigger("Surging Sands (City Streets)")
    return state, [T.step("MC.villain.surging_sands", msg(
        "{identity} took damage from Sandman's attack, so City Streets' Surging Sands resolves: a sand counter is "
        "placed there and encounter cards are discarded (the encounter deck is not part of this attack).",
        identity=ident.name), phase=6, at=state)]


def to_after(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Everything up to the responses: steps 3-5, then the forced "after" abilities (once)."""
    if state.step >= 6:
        return state, []
    state, events = advance(state, 6)
    state, more = forced(state)
    return state, events + more


def end(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The attack is over: MC.card.charge discards Charge."""
    events: list[Event] = []
    enemy = state.attacker
    if "Charge" in enemy.attachments and state.happened:
        state = state.with_enemy(replace(enemy, attachments=tuple(a for a in enemy.attachments if a != "Charge")))
        events.append(T.step("MC.card.charge", msg("The attack is over, so Charge is discarded."), phase=6, at=state))
    return replace(state, finished=True, step=6), events


# -- responses ------------------------------------------------------------------------------------
def play_counter_punch(state: AttackState, action: PlayCard) -> tuple[AttackState, list[Event]]:
    """MC.card.counter_punch: after your hero defends, deal that enemy damage equal to your hero's ATK (an attack)."""
    require(rules.can_respond_after_attack(state, action.card), action, state)
    check_not_before_forced(state, action, action.card)
    state, events = to_after(state)
    require(rules.can_play_after_hero_defends(state, action.player), action, state, events)
    enemy = state.attacker
    require(rules.can_attack_enemy(state, action.player, enemy), action, state, events)
    hero = state.identity_of(action.player)
    events.append(T.step("MC.card.counter_punch", msg("{hero} defended: Counter-Punch makes {hero} attack {enemy} for "
                                                      "damage equal to {hero}'s ATK, {atk}.", hero=hero.name,
                                                      enemy=enemy.name, atk=hero.atk), phase=6, at=state))
    state, more = player_attack.attack_with(state, hero.id, enemy.name, hero.atk, "Counter-Punch", phase=6)
    return state, events + more


def use_indomitable(state: AttackState, action: UseAbility) -> tuple[AttackState, list[Event]]:
    """MC.card.indomitable: after your hero defends, discard Indomitable → ready your hero."""
    player = state.player(action.player)
    if "Indomitable" not in player.upgrades:
        require(("MC.card.indomitable", msg("{player} has no Indomitable in play", player=player.name)), action, state)
    require(rules.can_respond_after_attack(state, "Indomitable"), action, state)
    check_not_before_forced(state, action, "Indomitable")
    state, events = to_after(state)
    require(rules.can_play_after_hero_defends(state, action.player), action, state, events)
    player = state.player(action.player)
    hero = state.identity_of(action.player)
    ups = list(player.upgrades)
    ups.remove("Indomitable")
    state = state.with_player(replace(player, upgrades=tuple(ups), discarded=player.discarded + ("Indomitable",)))
    state = state.with_character(replace(hero, exhausted=False)).with_trigger("Indomitable")
    if hero.exhausted:
        text = msg("{hero} defended: {player} discards Indomitable to ready {hero}.", hero=hero.name,
                   player=player.name)
    else:
        text = msg("{hero} defended: {player} discards Indomitable to ready {hero} ({hero} was not exhausted, so "
                   "nothing changes).", hero=hero.name, player=player.name)
    events.append(T.step("MC.card.indomitable", text, phase=6, at=state))
    return state, events


def _event_back_to_hand(state: AttackState, pid: str) -> tuple[Player, str]:
    """The player with the event they just played back in hand (its last copy among the cards played), and the
    event. Its ``can_use_*`` check has made sure the last play was that player's event."""
    player, last = state.player(pid), state.last_event
    assert last is not None and last[0] == pid
    k = len(player.played) - 1 - player.played[::-1].index(last[1])
    return replace(player, hand=player.hand + (last[1],), played=player.played[:k] + player.played[k + 1:]), last[1]


def use_morphogenetics(state: AttackState, action: UseAbility) -> tuple[AttackState, list[Event]]:
    """MC.hero.morphogenetics: exhaust Ms. Marvel → the event she just played returns to her hand."""
    require(rules.can_use_morphogenetics(state, action.player), action, state)
    hero = state.identity_of(action.player)
    player, card = _event_back_to_hand(state, action.player)
    state = state.with_player(player)
    state = state.with_character(replace(hero, exhausted=True)).with_trigger(f"Morphogenetics ({hero.name})")
    return state, [T.step("MC.hero.morphogenetics", msg("{player} exhausts {hero} (Morphogenetics): {card} returns to "
                                                        "{player}'s hand and can be played again.", player=player.name,
                                                        hero=hero.name, card=card), phase=state.step, at=state)]


MS_MARVEL_ALLY = "Ms. Marvel (ally)"


def use_ms_marvel_ally(state: AttackState, action: UseAbility) -> tuple[AttackState, list[Event]]:
    """MC.ally.ms_marvel: Hero Response, after you play an event: exhaust the ally Ms. Marvel and deal 1 damage to her
    → that event returns to your hand from your discard pile. Its own step, once the event has resolved."""
    require(rules.can_use_ms_marvel_ally(state, action.player), action, state)
    ally = next(c for c in state.characters if c.controller == action.player and c.id == MS_MARVEL_ALLY)
    if ally.tough or ally.hp_left <= 1:
        raise NotModelled(msg("Ms. Marvel's response when the damage she pays would be prevented by a tough card or "
                              "would defeat her is not modelled"), action=action, state=state.summary())
    player, card = _event_back_to_hand(state, action.player)
    state = state.with_character(replace(ally, exhausted=True, damage=ally.damage + 1))
    state = replace(state, taken=state.taken + ((ally.id, 1),)).with_trigger(f"{ally.name} ({player.name})")
    state = state.with_player(player)
    return state, [T.step("MC.ally.ms_marvel", msg(
        "{player} played {card}: as a response, {player} exhausts the ally {ally} and deals 1 damage to her ({before} "
        "→ {after} hit points), and {card} returns from the discard pile to {player}'s hand.", player=player.name,
        card=card, ally=ally.name, before=ally.hp_left, after=ally.hp_left - 1),
        phase=state.step if state.is_enemy_attack else None, at=state)]
