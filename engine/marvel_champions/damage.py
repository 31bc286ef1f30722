"""Attack steps 3 and 5: reveal boost, take damage (direct or indirect), and placing damage (step 4: calc.py).

Each function returns the new state and the trace steps it produced. Arithmetic is
spelled out in the step text ("ATK 2 + 2 boost icons = 4; basic defense: 4 − DEF 3 = 1"), each
term a message of its own (a translation may write a term its own way; the symbols stay).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from engine.core.effects import Key
from engine.core.errors import NotModelled, Verdict
from engine.core.message import Listing, Message, msg, plural
from engine.core.trace import Event
from engine.marvel_champions import quantities as Q, status
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState

T = TRACER
PREVENTION = {"Backflip": None, "Wiggle Room": 3, "Jump Flip": 2}  # None = prevent all


def icons_phrase(n: int) -> Message:
    """``n`` boost icons, as a phrase inside a sentence ("2 boost icons").

    >>> str(icons_phrase(1)), str(icons_phrase(2))
    ('1 boost icon', '2 boost icons')
    """
    return plural("{n} boost icon", "{n} boost icons", "n", n=n)


# -- step 3 ----------------------------------------------------------------------------------------
def boost_icons(state: AttackState, index: int) -> int:
    """MC.atk.boost_icons: printed icons plus amplify, minus cancelled ones."""
    b = state.boost[index]
    return max(0, b.icons + state.amplify - b.cancelled)


def flip(state: AttackState, index: int) -> tuple[AttackState, list[Event]]:
    """MC.atk.flip: turn one boost card face up and resolve its Boost ability (MC.atk.boost_ability)."""
    b = state.boost[index]
    if not b.known:
        raise NotModelled(f"{state.attacker.name}'s boost card {index + 1} is not given, so its boost icons "
                          "(and everything from step 3 on) are unknown", state=state.summary())
    state = replace(state, boost=state.boost[:index] + (replace(b, face_up=True),) + state.boost[index + 1:], step=3)
    icons = icons_phrase(boost_icons(state, index))
    if state.amplify and b.star:
        text = msg("{card} is turned face up: {icons} (+{amplify} amplify) and a Boost ability (★).", card=b.name,
                   icons=icons, amplify=state.amplify)
    elif state.amplify:
        text = msg("{card} is turned face up: {icons} (+{amplify} amplify).", card=b.name, icons=icons,
                   amplify=state.amplify)
    elif b.star:
        text = msg("{card} is turned face up: {icons} and a Boost ability (★).", card=b.name, icons=icons)
    else:
        text = msg("{card} is turned face up: {icons}.", card=b.name, icons=icons)
    steps = [T.step("MC.atk.flip", text, phase=3, at=state)]
    card = lookup(b.key or b.name)
    if card is not None and "surge" in card.keywords:  # the text above the line is not active on a boost card
        steps.append(T.step("MC.kw.surge", msg(
            "{card} has surge, but surge and its When Revealed ability are not active on a boost card: no other card "
            "is revealed, and only its boost icons count.", card=b.name), phase=3, at=state,
            keep=(Q.attack(state.attack_no, "boost_cards"),)))
    state, more = boost_ability(state, b.key or b.name, b.star)
    return state, steps + more


def boost_ability(state: AttackState, key: str, star: bool) -> tuple[AttackState, list[Event]]:
    """MC.atk.boost_ability: resolve the ★ Boost ability of a flipped card; "you" is the defending (target) player."""
    handler = BOOST_ABILITIES.get(key) if star else None
    if handler is None:
        return state, []
    card = lookup(key)
    name = card.name if card else key
    state = state.with_trigger(f"{name}: Boost")
    return handler(state)


def concussive_blast(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Boost: deal 1 damage to each character the defending ("you") player controls."""
    you = state.target_player
    steps: list[Event] = [T.step("MC.atk.boost_ability", msg(
        "Concussive Blast's Boost ability deals 1 damage to each character {player} controls; it is not damage from "
        "the attack.", player=state.player(you).name), phase=3, at=state)]
    for c in [c for c in state.characters if c.controller == you]:
        state, more = damage_character(state, c.id, 1, phase=3, from_attack=False)
        steps += more
    state, more = ally_gone(state)
    return state, steps + more


def whirlwind_boost(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Whirlwind's Boost: deal 1 damage to each hero (identities in hero form, every player's)."""
    heroes = [c for c in state.characters if c.kind == "hero"]
    spared = [c.name for c in state.characters if c.kind != "hero"]
    if spared:
        text = plural("Whirlwind's Boost ability deals 1 damage to each hero; {characters} takes none (not a hero); "
                      "it is not damage from the attack.", "Whirlwind's Boost ability deals 1 damage to each hero; "
                      "{characters} take none (not a hero); it is not damage from the attack.", "n",
                      characters=Listing(tuple(spared)), n=len(spared))
    else:
        text = msg("Whirlwind's Boost ability deals 1 damage to each hero; it is not damage from the attack.")
    steps: list[Event] = [T.step("MC.atk.boost_ability", text, phase=3, at=state,
                                 keep=tuple(Q.character(c.id, "damage") for c in state.characters if c.kind != "hero"))]
    for c in heroes:
        state, more = damage_character(state, c.id, 1, phase=3, from_attack=False)
        steps += more
    return state, steps


def tiger_shark_boost(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Tiger Shark's Boost: give the villain a tough status card (a character holds one)."""
    villain = state.villain
    if villain is None:
        raise NotModelled("Tiger Shark's Boost ability gives the villain a tough card, and the villain is not on "
                          "this board", state=state.summary())
    return status.give_tough(
        state, villain.name, "MC.atk.boost_ability", phase=3,
        gives=msg("Tiger Shark's Boost ability gives {enemy} a tough status card.", enemy=villain.name),
        has_one=msg("Tiger Shark's Boost ability would give {enemy} a tough card, but he already has one.",
                    enemy=villain.name))


def melter_boost(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Melter's Boost: exhaust each ally the defending ("you") player controls."""
    you = state.player(state.target_player)
    allies = [c for c in state.characters if c.controller == you.id and c.kind == "ally" and not c.exhausted]
    for c in allies:
        state = state.with_character(replace(c, exhausted=True))
    if allies:
        text = msg("Melter's Boost ability exhausts each ally {player} controls ({allies}).", player=you.name,
                   allies=Listing(tuple(c.name for c in allies), "comma"))
    else:
        text = msg("Melter's Boost ability exhausts each ally {player} controls (none is ready).", player=you.name)
    return state, [T.step("MC.atk.boost_ability", text, phase=3, at=state)]


def shocker_boost(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Shocker (Sinister Syndicate)'s Boost: stun the character you control with the highest ATK."""
    you = state.player(state.target_player)
    mine = [c for c in state.characters if c.controller == you.id and c.kind != "alter_ego"]
    if not mine:
        return state, [T.step("MC.atk.boost_ability", msg("Shocker's Boost ability has no character of {player}'s to "
                                                          "stun.", player=you.name), phase=3, at=state)]
    top = max(c.atk for c in mine)
    best = [c for c in mine if c.atk == top]
    if len(best) > 1:
        raise NotModelled(f"Shocker's Boost ability stuns {you.name}'s character with the highest ATK, and "
                          f"{' and '.join(c.name for c in best)} tie at ATK {top}: the player chooses, which the "
                          "engine does not ask", state=state.summary())
    steps = [T.step("MC.atk.boost_ability", msg("Shocker's Boost ability stuns the character {player} controls with "
                                                "the highest ATK: {character} (ATK {atk}).", player=you.name,
                                                character=best[0].name, atk=top), phase=3, at=state)]
    state, more = status.stun_character(state, best[0].id, msg("Shocker's Boost"), phase=3)
    return state, steps + more


BOOST_ABILITIES: dict[str, Callable[[AttackState], tuple[AttackState, list[Event]]]] = {
    "Concussive Blast": concussive_blast,
    "Whirlwind": whirlwind_boost,
    "Tiger Shark": tiger_shark_boost,
    "Melter": melter_boost,
    "Shocker (Sinister Syndicate)": shocker_boost,
}


def ally_gone(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.def.ally_gone: a defending ally that left play leaves the attack undefended."""
    if state.defender is None or state.has_character(state.defender):
        return state, []
    ident = state.identity_of(state.target_player)
    state = replace(state, defender=None, defense_kind=None, target=ident.id)
    return state, [T.step("MC.def.ally_gone", msg("The defending ally has left play, so the attack is undefended and "
                                                  "{identity} becomes the target.", identity=ident.name), phase=3,
                          at=state)]


def reveal_all(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.atk.flip for every boost card still facedown, in the order dealt."""
    steps: list[Event] = []
    for i, b in enumerate(state.boost):
        if not b.face_up:
            state, more = flip(state, i)
            steps += more
    return state, steps


# -- step 5 ----------------------------------------------------------------------------------------
def before_interrupts(state: AttackState) -> tuple[AttackState, list[Event]]:
    """Piercing, then tough, both before any interrupt (MC.kw.piercing, MC.status.tough)."""
    state = replace(state, step=5)
    steps: list[Event] = []
    target = state.character(state.target)
    if "piercing" in state.attack_keywords and target.tough:
        state = state.with_character(replace(target, tough=0))
        state = replace(state, tough_used=state.tough_used + (target.id,))
        steps.append(T.step("MC.kw.piercing", msg("{enemy}'s attack has piercing: {character}'s tough card is "
                                                  "discarded before damage.", enemy=state.attacker.name,
                                                  character=target.name), phase=5, at=state))
        target = state.character(state.target)
    if "indirect" in state.attack_keywords:
        return state, steps  # tough applies to each character's share once it is assigned (MC.dmg.indirect)
    if target.tough and (state.damage or 0) > 0:
        state = state.with_character(replace(target, tough=target.tough - 1))
        state = replace(state, prevented=state.damage or 0, tough_used=state.tough_used + (target.id,))
        steps.append(T.step("MC.status.tough", msg("{character} has a tough card: all {damage} damage is prevented "
                                                   "and the tough card is discarded.", character=target.name,
                                                   damage=state.damage or 0), phase=5, at=state,
                            keep=(Q.character(target.id, "damage"),)))
    elif target.tough:
        steps.append(T.step("MC.status.tough", msg("The attack deals 0 damage, so {character} keeps the tough card.",
                                                   character=target.name), phase=5, at=state,
                            keep=(Q.character(target.id, "tough"),)))
    return state, steps


def remaining(state: AttackState) -> int:
    """The attack's damage still to be taken at step 5: dealt minus prevented."""
    return max(0, (state.damage or 0) - state.prevented)


def prevent(state: AttackState, player_id: str, card: str) -> tuple[AttackState, list[Event]]:
    """MC.prevent.interrupt: prevent some or all of the damage your identity would take."""
    if "indirect" in state.attack_keywords:
        raise NotModelled(f"{card} against indirect damage is not modelled (which share it prevents is a choice "
                          "the engine does not ask)", state=state.summary())
    amount = PREVENTION[card]
    left = remaining(state)
    n = left if amount is None else min(amount, left)
    state = replace(state, prevented=state.prevented + n)
    who = state.identity_of(player_id).name
    if amount is None:
        text = msg("{card} prevents all {prevented} of the {damage} damage {identity} would take; {left} damage is "
                   "left.", card=card, prevented=n, damage=left, identity=who, left=remaining(state))
    else:
        text = msg("{card} prevents {prevented} of the {damage} damage {identity} would take; {left} damage is left.",
                   card=card, prevented=n, damage=left, identity=who, left=remaining(state))
    return state, [T.step("MC.prevent.interrupt", text, phase=5, at=state)]


def damage_character(state: AttackState, char_id: str, amount: int, *, phase: int | None,
                     from_attack: bool, keep: tuple[Key, ...] = ()) -> tuple[AttackState, list[Event]]:
    """Place damage on a character (tough first for non-attack damage); defeat it at 0 hit points. ``keep``: other
    quantities the damage leaves as they were (see :func:`engine.core.trace.keep`)."""
    char = state.character(char_id)
    steps: list[Event] = []
    if amount <= 0:
        return state, steps
    if not from_attack and char.tough:
        state = state.with_character(replace(char, tough=char.tough - 1))
        return replace(state, tough_used=state.tough_used + (char.id,)), [T.step(
            "MC.status.tough", msg("{character}'s tough card prevents the {damage} damage and is discarded.",
                                   character=char.name, damage=amount), phase=phase, at=state,
            keep=(Q.character(char.id, "damage"),))]
    before = char.hp_left
    char = replace(char, damage=char.damage + amount)
    state = state.with_character(char)
    state = replace(state, taken=state.taken + ((char.id, amount),))
    if from_attack:
        state = replace(state, attack_damaged=state.attack_damaged + (char.id,))
    text = msg("{character} takes {damage} damage: {before} → {after} hit points.", character=char.name,
               damage=amount, before=before, after=char.hp_left)
    if char.hp_left <= 0:
        state = replace(state, defeated=state.defeated + (char.id,))
        if char.kind == "ally":
            state = replace(state, characters=tuple(c for c in state.characters if c.id != char.id),
                            left_play=state.left_play + (char,))
            text = msg("{character} takes {damage} damage: {before} → {after} hit points. {character} is defeated "
                       "and discarded.", character=char.name, damage=amount, before=before, after=char.hp_left)
        else:
            text = msg("{character} takes {damage} damage: {before} → {after} hit points. {character} is defeated.",
                       character=char.name, damage=amount, before=before, after=char.hp_left)
    steps.append(T.step("MC.dmg.apply", text, phase=phase, at=state, keep=keep))
    return state, steps


def deal(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.dmg.apply and MC.kw.overkill: the target takes what is left (MC.dmg.indirect: the shares assigned)."""
    if "indirect" in state.attack_keywords:
        return deal_indirect(state)
    amount = remaining(state)
    target = state.character(state.target)
    if amount == 0:
        return state, [T.step("MC.dmg.apply", msg("{character} takes no damage.", character=target.name), phase=5,
                              at=state, keep=(Q.character(target.id, "damage"),))]
    excess = max(0, amount - target.hp_left) if target.kind == "ally" else 0
    overkill = bool(excess) and "overkill" in state.attack_keywords
    # MC.kw.overkill: a defeated ally takes only the damage that defeats it; the excess goes on.
    # without overkill the excess is lost: the defeated ally's controller's identity takes none of it
    lost = (Q.character(state.identity_of(target.controller).id, "damage"),) if excess and not overkill else ()
    state, steps = damage_character(state, target.id, amount - excess if overkill else amount, phase=5,
                                    from_attack=True, keep=lost)
    if overkill:  # the rule that moves the excess is the step that changes the identity's damage (the reason)
        ident = state.identity_of(target.controller)
        more: list[Event] = []
        if ident.tough:
            after = state.with_character(replace(ident, tough=ident.tough - 1))
            after = replace(after, tough_used=after.tough_used + (ident.id,))
            more.append(T.step("MC.status.tough", msg("{identity}'s tough card prevents the {damage} overkill damage "
                                                      "and is discarded.", identity=ident.name, damage=excess),
                               phase=5, at=after, keep=(Q.character(ident.id, "damage"),)))
        else:
            after, more = damage_character(state, ident.id, excess, phase=5, from_attack=True)
        steps.append(T.step("MC.kw.overkill", msg("Overkill: {character} had {hp} hit points left, so the excess "
                                                  "{excess} damage goes to {identity}.", character=target.name,
                                                  hp=amount - excess, excess=excess, identity=ident.name), phase=5,
                            at=state if ident.tough else after))
        state = after
        steps += more
    return state, steps


# -- indirect damage (MC.dmg.indirect) -----------------------------------------------------------------
def indirect_capacity(state: AttackState, player_id: str) -> list[tuple[str, int]]:
    """The characters that can be assigned indirect damage, each with the most it can take (its hit points left)."""
    return [(c.id, c.hp_left) for c in state.characters if c.controller == player_id and c.hp_left > 0]


def indirect_total(state: AttackState) -> int:
    """How much indirect damage must be assigned: all of it, or all the characters can take."""
    return min(state.damage or 0, sum(n for _, n in indirect_capacity(state, state.target_player)))


def check_assignment(state: AttackState, player_id: str, shares: tuple[tuple[str, int], ...]) -> Verdict:
    """MC.dmg.indirect: is this a legal split of the attack's indirect damage? (rule id, reason) if not."""
    if "indirect" not in state.attack_keywords:
        return ("MC.dmg.indirect", msg("this attack does not deal indirect damage, so there is nothing to assign"))
    if player_id != state.target_player:
        return ("MC.dmg.indirect", msg("indirect damage is assigned by the player the attack is against, {player}",
                                       player=state.player(state.target_player).name))
    caps = dict(indirect_capacity(state, player_id))
    for cid, n in shares:
        if cid not in caps:
            return ("MC.dmg.indirect", msg("{character} is not a character of {player}'s in play", character=cid,
                                           player=state.player(player_id).name))
        if n > caps[cid]:
            return ("MC.dmg.indirect", msg("{character} has {hp} hit points left, and no character may be assigned "
                                           "more than would defeat it", character=state.name_of(cid),
                                           hp=caps[cid]))
    total, need = sum(n for _, n in shares), indirect_total(state)
    if total != need:
        return ("MC.dmg.indirect", msg("the assignment adds up to {total}, but {needed} indirect damage must be "
                                       "assigned", total=total, needed=need))
    return None


class Unassigned(NotModelled):
    """Indirect damage that the plays do not say how to assign: a decision left open, not a rule the engine
    lacks. ``player`` decides it at ``position`` (the ruling page asks it)."""

    def __init__(self, reason: str, *, player: str, position: AttackState) -> None:
        super().__init__(reason, state=position.summary())
        self.player = player
        self.position = position


def unassigned(state: AttackState) -> Unassigned:
    """The open decision: indirect damage nobody assigned yet (the ruling page asks it)."""
    who = state.player(state.target_player)
    names = ", ".join(state.name_of(c) for c, _ in indirect_capacity(state, who.id))
    return Unassigned(f"the attack deals {state.damage} indirect damage and the plays do not say how {who.name} "
                      f"assigns it among {names}", player=who.id, position=state)


def assignments(state: AttackState, limit: int) -> tuple[list[tuple[tuple[str, int], ...]], int]:
    """MC.dmg.indirect: the legal ways to split the attack's indirect damage (at most ``limit``), and how many
    there are in all. Each is (character id, damage) for every character that can take damage."""
    caps = indirect_capacity(state, state.target_player)
    out: list[tuple[tuple[str, int], ...]] = []
    count = 0

    def split(i: int, left: int, acc: tuple[tuple[str, int], ...]) -> None:
        nonlocal count
        if i == len(caps) - 1:
            if left <= caps[i][1]:
                count += 1
                if len(out) < limit:
                    out.append(acc + ((caps[i][0], left),))
            return
        for n in range(min(left, caps[i][1]), -1, -1):
            split(i + 1, left - n, acc + ((caps[i][0], n),))

    if caps:
        split(0, indirect_total(state), ())
    return out, count


def deal_indirect(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.dmg.indirect: each character takes its share; a tough card prevents that character's whole share."""
    if not state.damage:
        return state, [T.step("MC.dmg.indirect", msg("The attack deals no damage, so there is nothing to assign."),
                              phase=5, at=state)]
    if state.assigned is None:
        raise unassigned(state)
    steps: list[Event] = []
    for cid, n in state.assigned:
        char = state.character(cid)
        if n <= 0:
            continue
        if char.tough:
            state = state.with_character(replace(char, tough=char.tough - 1))
            state = replace(state, tough_used=state.tough_used + (cid,))
            if char.kind == "ally":
                text = msg("{character}'s tough card prevents the {damage} damage assigned to it and is discarded.",
                           character=char.name, damage=n)
            else:
                text = msg("{character}'s tough card prevents the {damage} damage assigned to him and is discarded.",
                           character=char.name, damage=n)
            steps.append(T.step("MC.status.tough", text, phase=5, at=state, keep=(Q.character(cid, "damage"),)))
            continue
        state, more = damage_character(state, cid, n, phase=5, from_attack=True)
        steps += more
    return state, steps
