"""Attack step 4, calculate damage (MC.dmg.calc): ATK with its modifiers and boost icons, and DEF for a basic defense.

Arithmetic is spelled out in the step text ("ATK 2 + 2 boost icons = 4; basic defense: 4 − DEF 3 = 1"), each term
a message of its own (a translation may write a term its own way; the symbols stay).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import NotModelled
from engine.core.message import Arg, Message, msg
from engine.core.trace import Event
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.damage import boost_icons, icons_phrase
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.settings import UNSETTLED
from engine.marvel_champions.state import AttackState, Character

T = TRACER


# -- step 4 ----------------------------------------------------------------------------------------
def defense_value(state: AttackState, char: Character) -> tuple[int, Message]:
    """The defending hero's DEF with modifiers, and how it adds up ("DEF 4 (3 + 1 Armored Vest)").

    >>> from engine.marvel_champions.state import Player
    >>> hero = Character("Spider-Man", "Spider-Man", "hero", "p1", defense=3)
    >>> player = Player("p1", "Player 1", "Spider-Man", upgrades=("Armored Vest",))
    >>> state = AttackState(enemies=(), players=(player,), characters=(hero,), def_mods=(("Expert Defense", 3),))
    >>> total, how = defense_value(state, hero)
    >>> total, str(how)
    (7, 'DEF 7 (3 + 1 Armored Vest + 3 Expert Defense)')
    """
    player = state.player(char.controller)
    cards = [lookup(name) for name in player.upgrades]
    mods = [(c.name, c.defense) for c in cards if c is not None and c.defense]
    mods += list(state.def_mods)
    total = char.defense + sum(v for _, v in mods)
    if not mods:
        return total, msg("DEF {defense}", defense=char.defense)
    sum_: Arg = char.defense
    for name, v in mods:
        sum_ = msg("{sum} + {amount} {source}", sum=sum_, amount=v, source=name)
    return total, msg("DEF {total} ({sum})", total=total, sum=sum_)


def calculate(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.dmg.calc: ATK with modifiers and boost icons; DEF only for a basic defense (MC.dmg.indirect_def)."""
    a = state.attacker
    sum_ = msg("ATK {atk}★", atk=a.atk) if "atk_star" in a.keywords else msg("ATK {atk}", atk=a.atk)
    total = a.atk
    for name, v in state.atk_mods:
        if v >= 0:
            sum_ = msg("{sum} + {amount} ({source})", sum=sum_, amount=v, source=name)
        else:
            sum_ = msg("{sum} − {amount} ({source})", sum=sum_, amount=-v, source=name)
        total += v
    icons = sum(boost_icons(state, i) for i in range(len(state.boost)))
    if state.boost:
        sum_ = msg("{sum} + {icons}", sum=sum_, icons=icons_phrase(icons))
        total += icons
    atk = max(0, total)
    calc = msg("{sum} = {atk}", sum=sum_, atk=atk)
    target = state.character(state.target)
    reading: Message | None = None
    indirect = "indirect" in state.attack_keywords
    if state.defense_kind == "basic" and indirect:
        dmg, text, reading = indirect_with_def(state, atk, calc, target)
    elif state.defense_kind == "basic":
        dv, dtext = defense_value(state, target)
        dmg = max(0, atk - dv)
        text = msg("{calculation}; basic defense: {atk} − {defense} = {damage} damage to {target}.", calculation=calc,
                   atk=atk, defense=dtext, damage=dmg, target=target.name)
    else:
        dmg = atk
        text = _no_def_text(state, calc, dmg, target)
    state = replace(state, atk_total=atk, damage=dmg, step=4)
    steps: list[Event] = [T.step("MC.dmg.calc", text, phase=4, at=state)]
    if reading is not None:
        steps.append(T.step("MC.dmg.indirect_def", reading, phase=4, at=state))
    return state, steps


def _no_def_text(state: AttackState, calc: Message, dmg: int, target: Character) -> Message:
    """MC.dmg.calc without a basic defense: why no DEF counts, and the damage (indirect: for the player to assign)."""
    if "indirect" in state.attack_keywords:
        who = state.player(state.target_player).name
        if state.defense_kind == "ally":
            return msg("{calculation}; an ally defends, so DEF is not used: {damage} indirect damage for {player} to "
                       "assign.", calculation=calc, damage=dmg, player=who)
        if state.defense_kind == "label":
            return msg("{calculation}; a (defense) label is not a basic defense, so DEF is not counted: {damage} "
                       "indirect damage for {player} to assign.", calculation=calc, damage=dmg, player=who)
        return msg("{calculation}; undefended, so no DEF: {damage} indirect damage for {player} to assign.",
                   calculation=calc, damage=dmg, player=who)
    if state.defense_kind == "ally":
        return msg("{calculation}; an ally defends, so DEF is not used: {damage} damage to {target}.",
                   calculation=calc, damage=dmg, target=target.name)
    if state.defense_kind == "label":
        return msg("{calculation}; a (defense) label is not a basic defense, so DEF is not counted: {damage} damage "
                   "to {target}.", calculation=calc, damage=dmg, target=target.name)
    return msg("{calculation}; undefended, so no DEF: {damage} damage to {target}.", calculation=calc, damage=dmg,
               target=target.name)


def indirect_with_def(state: AttackState, atk: int, calc: Message,
                      target: Character) -> tuple[int, Message, Message]:
    """MC.dmg.indirect_def (ruling (g), a setting): does a basic defense's DEF reduce indirect damage? The damage,
    the calculation, and the reading chosen (the step after the calculation)."""
    reading = state.settings.indirect_damage_def
    if reading == UNSETTLED:
        raise NotModelled(f"{target.name} basic defends an attack that deals indirect damage, and whether DEF reduces "
                          "indirect damage is not settled (our ruling (g)); choose a reading under setup.settings: "
                          "indirect_damage_def: reduces or ignored", state=state.summary())
    who = state.player(state.target_player).name
    if reading == "reduces":
        dv, dtext = defense_value(state, target)
        dmg = max(0, atk - dv)
        text = msg("{calculation}; basic defense: {atk} − {defense} = {damage} indirect damage for {player} to "
                   "assign.", calculation=calc, atk=atk, defense=dtext, damage=dmg, player=who)
        why = msg("The reading chosen for this scenario: DEF reduces indirect damage before it is assigned.")
    else:
        dmg = atk
        text = msg("{calculation}; {damage} indirect damage for {player} to assign.", calculation=calc, damage=dmg,
                   player=who)
        why = msg("The reading chosen for this scenario: DEF does not reduce indirect damage, so all {atk} is "
                  "assigned.", atk=atk)
    return dmg, text, why
