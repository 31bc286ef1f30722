"""Attack steps 3-6: reveal boost, calculate damage, take damage, and what follows.

Each function returns the new state and the trace steps it produced. Arithmetic is
spelled out in the step text ("ATK 2 + 2 boost icons = 4; basic defense: 4 − DEF 3 = 1").
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import NotModelled
from engine.core.trace import Step, Tracer
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.glossary import GLOSSARY
from engine.marvel_champions.state import AttackState, Character

T = Tracer(GLOSSARY)
PREVENTION = {"Backflip": None, "Wiggle Room": 3, "Jump Flip": 2}  # None = prevent all


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# -- step 3 ----------------------------------------------------------------------------------------
def boost_icons(state: AttackState, index: int) -> int:
    """MC.atk.boost_icons: printed icons plus amplify, minus cancelled ones."""
    b = state.boost[index]
    return max(0, b.icons + state.amplify - b.cancelled)


def flip(state: AttackState, index: int) -> tuple[AttackState, list[Step]]:
    """MC.atk.flip: turn one boost card face up and resolve its Boost ability (MC.atk.boost_ability)."""
    b = state.boost[index]
    if not b.known:
        raise NotModelled(f"{state.attacker.name}'s boost card {index + 1} is not given, so its boost icons "
                          "(and everything from step 3 on) are unknown", state=state.summary())
    state = replace(state, boost=state.boost[:index] + (replace(b, face_up=True),) + state.boost[index + 1:], step=3)
    icons = boost_icons(state, index)
    amp = f" (+{state.amplify} amplify)" if state.amplify else ""
    star = " and a Boost ability (★)" if b.star else ""
    steps = [T.step("MC.atk.flip", f"{b.name} is turned face up: {plural(icons, 'boost icon')}{amp}{star}.", phase=3)]
    if b.star and b.name == "Concussive Blast":
        state, more = concussive_blast(state)
        steps += more
    return state, steps


def concussive_blast(state: AttackState) -> tuple[AttackState, list[Step]]:
    """Boost: deal 1 damage to each character the defending ("you") player controls."""
    state = state.with_trigger("Concussive Blast: Boost")
    you = state.target_player
    steps = [T.step("MC.atk.boost_ability", f"Concussive Blast's Boost ability deals 1 damage to each character "
                                            f"{state.player(you).name} controls; it is not damage from the attack.",
                    phase=3)]
    for c in [c for c in state.characters if c.controller == you]:
        state, more = damage_character(state, c.id, 1, phase=3, from_attack=False)
        steps += more
    if state.defender is not None and not state.has_character(state.defender):
        ident = state.identity_of(you)
        state = replace(state, defender=None, defense_kind=None, target=ident.id)
        steps.append(T.step("MC.def.ally_gone", f"The defending ally has left play, so the attack is undefended and "
                                                f"{ident.name} becomes the target.", phase=3))
    return state, steps


def reveal_all(state: AttackState) -> tuple[AttackState, list[Step]]:
    """MC.atk.flip for every boost card still facedown, in the order dealt."""
    steps: list[Step] = []
    for i, b in enumerate(state.boost):
        if not b.face_up:
            state, more = flip(state, i)
            steps += more
    return state, steps


# -- step 4 ----------------------------------------------------------------------------------------
def defense_value(state: AttackState, char: Character) -> tuple[int, str]:
    """The defending hero's DEF with modifiers, and how it adds up."""
    player = state.player(char.controller)
    mods = [(name, lookup(name).defense) for name in player.upgrades if lookup(name)]  # type: ignore[union-attr]
    if state.def_bonus:
        mods.append(("Expert Defense", state.def_bonus))
    total = char.defense + sum(v for _, v in mods)
    text = f"DEF {char.defense}" + "".join(f" + {v} ({n})" for n, v in mods)
    return total, (text + f" = {total}") if mods else text


def calculate(state: AttackState) -> tuple[AttackState, list[Step]]:
    """MC.dmg.calc: ATK with modifiers and boost icons; DEF only for a basic defense."""
    a = state.attacker
    parts = [f"ATK {a.atk}{'★' if 'atk_star' in a.keywords else ''}"]
    total = a.atk
    for name, v in state.atk_mods:
        parts.append(f"{v:+d} ({name})".replace("+", "+ ").replace("-", "− "))
        total += v
    icons = sum(boost_icons(state, i) for i in range(len(state.boost)))
    if state.boost:
        parts.append(f"+ {plural(icons, 'boost icon')}")
        total += icons
    atk = max(0, total)
    text = " ".join(parts) + f" = {atk}"
    target = state.character(state.target)
    if state.defense_kind == "basic":
        dv, dtext = defense_value(state, target)
        dmg = max(0, atk - dv)
        text += f"; basic defense: {atk} − {dtext} = {dmg} damage to {target.name}."
    else:
        why = {"ally": "an ally defends, so DEF is not used", "label": "a (defense) label is not a basic defense, "
               "so DEF is not counted", None: "undefended, so no DEF"}[state.defense_kind]
        dmg = atk
        text += f"; {why}: {dmg} damage to {target.name}."
    return replace(state, atk_total=atk, damage=dmg, step=4), [T.step("MC.dmg.calc", text, phase=4)]


# -- step 5 ----------------------------------------------------------------------------------------
def before_interrupts(state: AttackState) -> tuple[AttackState, list[Step]]:
    """Piercing, then tough, both before any interrupt (MC.kw.piercing, MC.status.tough)."""
    state = replace(state, step=5)
    steps: list[Step] = []
    target = state.character(state.target)
    if "piercing" in state.attack_keywords and target.tough:
        state = state.with_character(replace(target, tough=0))
        state = replace(state, tough_used=state.tough_used + (target.id,))
        steps.append(T.step("MC.kw.piercing", f"The attack has piercing: {target.name}'s tough card is discarded "
                                              "before damage.", phase=5))
        target = state.character(state.target)
    if target.tough and (state.damage or 0) > 0:
        state = state.with_character(replace(target, tough=target.tough - 1))
        state = replace(state, prevented=state.damage or 0, tough_used=state.tough_used + (target.id,))
        steps.append(T.step("MC.status.tough", f"{target.name} has a tough card: all {state.damage} damage is "
                                               "prevented and the tough card is discarded.", phase=5))
    elif target.tough:
        steps.append(T.step("MC.status.tough", f"The attack deals 0 damage, so {target.name} keeps the tough card.",
                            phase=5))
    return state, steps


def remaining(state: AttackState) -> int:
    """The attack's damage still to be taken at step 5: dealt minus prevented."""
    return max(0, (state.damage or 0) - state.prevented)


def prevent(state: AttackState, player_id: str, card: str) -> tuple[AttackState, list[Step]]:
    """MC.prevent.interrupt: prevent some or all of the damage your identity would take."""
    amount = PREVENTION[card]
    left = remaining(state)
    n = left if amount is None else min(amount, left)
    state = replace(state, prevented=state.prevented + n)
    who = state.identity_of(player_id).name
    text = (f"{card} prevents {'all ' if amount is None else ''}{n} of the {left} damage {who} would take; "
            f"{remaining(state)} damage is left.")
    return state, [T.step("MC.prevent.interrupt", text, phase=5)]


def damage_character(state: AttackState, char_id: str, amount: int, *, phase: int,
                     from_attack: bool) -> tuple[AttackState, list[Step]]:
    """Place damage on a character (tough first for non-attack damage); defeat it at 0 hit points."""
    char = state.character(char_id)
    steps: list[Step] = []
    if amount <= 0:
        return state, steps
    if not from_attack and char.tough:
        state = state.with_character(replace(char, tough=char.tough - 1))
        return replace(state, tough_used=state.tough_used + (char.id,)), [T.step(
            "MC.status.tough", f"{char.name}'s tough card prevents the {amount} damage and is discarded.", phase=phase)]
    before = char.hp_left
    char = replace(char, damage=char.damage + amount)
    state = state.with_character(char)
    state = replace(state, taken=state.taken + ((char.id, amount),))
    text = f"{char.name} takes {amount} damage: {before} → {char.hp_left} hit points."
    if char.hp_left <= 0:
        state = replace(state, defeated=state.defeated + (char.id,))
        if char.kind == "ally":
            state = replace(state, characters=tuple(c for c in state.characters if c.id != char.id),
                            left_play=state.left_play + (char,))
            text += f" {char.name} is defeated and discarded."
        else:
            text += f" {char.name} is defeated."
    steps.append(T.step("MC.dmg.apply", text, phase=phase))
    return state, steps


def deal(state: AttackState) -> tuple[AttackState, list[Step]]:
    """MC.dmg.apply and MC.kw.overkill: the target takes what is left."""
    amount = remaining(state)
    target = state.character(state.target)
    if amount == 0:
        return state, [T.step("MC.dmg.apply", f"{target.name} takes no damage.", phase=5)]
    excess = max(0, amount - target.hp_left) if target.kind == "ally" else 0
    overkill = bool(excess) and "overkill" in state.attack_keywords
    # MC.kw.overkill: a defeated ally takes only the damage that defeats it; the excess goes on.
    state, steps = damage_character(state, target.id, amount - excess if overkill else amount, phase=5,
                                    from_attack=True)
    if overkill:
        ident = state.identity_of(target.controller)
        steps.append(T.step("MC.kw.overkill", f"Overkill: {target.name} had {amount - excess} hit points left, so the "
                                              f"excess {excess} damage goes to {ident.name}.", phase=5))
        if ident.tough:
            state = state.with_character(replace(ident, tough=ident.tough - 1))
            state = replace(state, tough_used=state.tough_used + (ident.id,))
            steps.append(T.step("MC.status.tough", f"{ident.name}'s tough card prevents the {excess} overkill damage "
                                                   "and is discarded.", phase=5))
        else:
            state, more = damage_character(state, ident.id, excess, phase=5, from_attack=True)
            steps += more
    return state, steps


# -- step 6 ----------------------------------------------------------------------------------------
def retaliate_value(char: Character) -> int:
    return sum(int(k.split()[1]) for k in char.keywords if k.startswith("retaliate "))


def after_attack(state: AttackState) -> tuple[AttackState, list[Step]]:
    """MC.kw.retaliate / MC.kw.ranged: the attacked character, if still in play, retaliates."""
    if not state.has_character(state.target):
        return state, []
    target = state.character(state.target)
    x = retaliate_value(target)
    if not x or target.id in state.defeated:
        return state, []
    if "ranged" in state.attack_keywords:
        return state, [T.step("MC.kw.ranged", f"The attack has ranged, so {target.name}'s retaliate {x} does not "
                                              "trigger.", phase=6)]
    enemy = state.attacker
    state = state.with_trigger(f"Retaliate {x} ({target.name})")
    if enemy.tough:
        state = replace(state, attacker=replace(enemy, tough=enemy.tough - 1), retaliate=0,
                        tough_used=state.tough_used + (enemy.name,))
        return state, [T.step("MC.kw.retaliate", f"{target.name} was attacked and survived: retaliate {x} would deal "
                                                 f"{x} damage to {enemy.name}, but its tough card prevents it.",
                              phase=6)]
    state = replace(state, attacker=replace(enemy, damage=enemy.damage + x), retaliate=x,
                    taken=state.taken + ((enemy.name, x),))
    return state, [T.step("MC.kw.retaliate", f"{target.name} was attacked and survived: retaliate {x} deals {x} "
                                             f"damage to {enemy.name}.", phase=6)]
