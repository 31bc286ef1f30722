"""One function per rule of an attack's timing, its defenders and the (defense) label, and players' attacks.

Predicates (``is_*``/``can_*``/``has_*``) return a ``Verdict``: ``None`` when the
play is allowed, or ``(rule_id, reason)`` naming the rule that forbids it; the reason is a
language-free message (the phrase after "because"). The resolver turns a verdict into
:class:`engine.core.errors.IllegalPlay`.
"""

from __future__ import annotations

from engine.core.errors import Verdict
from engine.core.message import N_, Listing, msg
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.state import AttackState, Character, Enemy

STEP_NAMES = (N_("Give boost card"), N_("Determine target"), N_("Reveal boost"), N_("Calculate damage"),
              N_("Take damage"))
INITIATION_CARDS = ("\"I Can Do This All Day\"", "Cuts Both Ways", "Mutant Protectors", "Aerial Agility")
"""Cards whose trigger is "when an enemy attacks": they are played at initiation, before step 1."""
WHEN_DEFENDS_DEF = {"Expert Defense": 3, "Desperate Defense": 2, "Never Back Down": 2}
"""'When your hero defends' cards and the DEF they give for the attack."""


def is_defense_labelled(card_name: str) -> bool:
    """MC.def.label: does this card's ability carry the (defense) label?"""
    card = lookup(card_name)
    return bool(card and card.defense_label)


def has_trait(card_name: str, trait: str) -> bool:
    card = lookup(card_name)
    return bool(card and trait in card.traits)


def is_initiation_card(card_name: str) -> bool:
    """MC.atk.initiation: does the card interrupt an enemy's attack as it is initiated ("when an enemy attacks")?"""
    return card_name in INITIATION_CARDS


def can_interrupt_initiation(state: AttackState, card: str) -> Verdict:
    """MC.atk.initiation: "when an enemy attacks" interrupts resolve at initiation, before step 1."""
    if not state.is_enemy_attack:
        return ("MC.atk.initiation", msg("{card} interrupts an enemy's attack, and no enemy is attacking", card=card))
    if state.step > 0:
        return ("MC.atk.initiation", msg("{card} interrupts when an enemy attacks, before step 1 (Give boost card), "
                                         "but the attack is already at step {step}", card=card, step=state.step))
    return None


def can_declare_defender(state: AttackState, player_id: str | None = None) -> Verdict:
    """MC.atk.sequence + MC.def.one_defender: a defender is declared at step 2, once.

    With ``player_id``: MC.def.label_then_basic lets that player's hero, the defender through a (defense)
    label, be declared the defender (ruling (f), a setting)."""
    if state.step > 2:
        return ("MC.atk.sequence", msg("defenders are declared at step 2 (Determine target), but the attack is "
                                       "already at step {step}", step=state.step))
    if state.defender is not None:
        if player_id is not None and is_label_defender(state, player_id):  # the player's own hero: in play
            return can_redeclare_label_defender(state, state.character(state.defender))
        return ("MC.def.one_defender", msg("{defender} is already defending this attack; only one character can be "
                                           "its defender", defender=state.name_of(state.defender)))
    return None


def is_label_defender(state: AttackState, player_id: str) -> bool:
    """Is this player's identity the defender through a (defense) label?"""
    return state.defense_kind == "label" and state.defender == state.player(player_id).identity


def can_redeclare_label_defender(state: AttackState, hero: Character) -> Verdict:
    """MC.def.label_then_basic (ruling (f), RR v1.8 Defend 4-3): the label defender may still be declared the
    defender."""
    if state.settings.label_then_basic_defense:
        return None
    return ("MC.def.label_then_basic",
            msg("{hero} already defends through a (defense) label, and under the older reading chosen here "
                "(label_then_basic_defense: false) no defender can be declared for the attack any more",
                hero=hero.name))


def can_exhaust_to_defend(char: Character) -> Verdict:
    """MC.def.ready: defending exhausts the character, so it must be ready."""
    if char.exhausted:
        return ("MC.def.ready", msg("{character} is exhausted and cannot exhaust again to defend", character=char.name))
    return None


def can_basic_defend(state: AttackState, player_id: str) -> Verdict:
    """MC.def.basic: the player's ready hero (not alter-ego) exhausts to defend."""
    verdict = can_declare_defender(state, player_id)
    if verdict:
        return verdict
    hero = state.identity_of(player_id)
    if hero.kind == "alter_ego":
        return ("MC.def.alter_ego", msg("{identity} is in alter-ego form and cannot basic defend", identity=hero.name))
    return can_exhaust_to_defend(hero)


def can_ally_defend(state: AttackState, player_id: str, ally: Character) -> Verdict:
    """MC.def.ally: any player may exhaust a ready ally they control to defend."""
    verdict = can_declare_defender(state)
    if verdict:
        return verdict
    if ally.kind != "ally":
        return ("MC.def.ally", msg("{character} is not an ally", character=ally.name))
    if ally.controller != player_id:
        return ("MC.def.ally", msg("{character} is not controlled by {player}", character=ally.name,
                                   player=state.player(player_id).name))
    return can_exhaust_to_defend(ally)


def can_resolve_defense_label(state: AttackState, player_id: str) -> Verdict:
    """MC.def.label_one_player: only one player may resolve (defense) labels on an attack."""
    first = state.defense_label_player
    if first is not None and first != player_id:
        return ("MC.def.label_one_player",
                msg("{player} has already resolved a (defense) labelled ability on this attack; only one player can "
                    "play (defense) labelled cards on an attack", player=state.player(first).name))
    return None


def has_hero_defending(state: AttackState, player_id: str) -> bool:
    """MC.def.when_hero_defends: is this player's identity the defender?"""
    return state.defender is not None and state.defender == state.player(player_id).identity


def can_play_when_hero_defends(state: AttackState, player_id: str, card: str) -> Verdict:
    """MC.def.when_hero_defends (ruling (e)): Expert Defense and its kind need your hero to be the defender; after a
    basic defense they are played as it is declared, at step 2 (MarvelCDB Expert Defense ruling)."""
    if not has_hero_defending(state, player_id):
        hero = state.identity_of(player_id)
        if state.defender is None:
            return ("MC.def.when_hero_defends",
                    msg("{card} triggers when your hero defends, so {hero} must be the defender first; {hero} is not "
                        "the defender (nobody has defended)", card=card, hero=hero.name))
        defender = state.name_of(state.defender)  # an ally that defended may have left play since
        return ("MC.def.when_hero_defends",
                msg("{card} triggers when your hero defends, so {hero} must be the defender first; the defender is "
                    "{defender}, not {hero}", card=card, hero=hero.name, defender=defender))
    if state.defense_kind == "basic" and state.step > 2:
        return ("MC.atk.sequence", msg("{card} interrupts your hero's basic defense as it is declared, at step 2 "
                                       "(Determine target), but the attack is already at step {step}", card=card,
                                       step=state.step))
    if state.step > 5:
        return ("MC.atk.sequence", msg("{card} interrupts your hero's defense, but the attack has already dealt its "
                                       "damage", card=card))
    return None


def can_declare_own_hero(state: AttackState, player_id: str, card: str) -> Verdict:
    """MC.def.declared: a card that declares your hero the defender ("I Can Do This All Day")."""
    hero = state.identity_of(player_id)
    if hero.kind == "alter_ego":
        return ("MC.def.alter_ego", msg("{identity} is in alter-ego form: there is no hero to declare the defender",
                                        identity=hero.name))
    if state.defender is None:
        return None
    if is_label_defender(state, player_id):
        return can_redeclare_label_defender(state, hero)
    return ("MC.def.one_defender", msg("{defender} is already defending this attack; only one character can be its "
                                       "defender, so {card} cannot declare {hero}", defender=state.name_of(state.defender), card=card,
                                       hero=hero.name))


def can_play_mutant_protectors(state: AttackState, player_id: str, ally: str | None) -> Verdict:
    """MC.card.mutant_protectors: play only with an X-Men identity; put an X-Men ally from your hand into play."""
    ident = state.identity_of(player_id)
    if "X-Men" not in ident.traits:
        return ("MC.card.mutant_protectors", msg("Mutant Protectors can be played only if your identity has the X-Men "
                                                 "trait, and {identity} does not", identity=ident.name))
    hand = state.player(player_id).hand
    card = lookup(ally or "")
    if ally is None or ally not in hand or card is None or card.type != "ally" or "X-Men" not in card.traits:
        player = state.player(player_id).name
        if ally is None:
            return ("MC.card.mutant_protectors", msg("Mutant Protectors puts an X-Men ally from your hand into play, "
                                                     "and {player} has none to put there", player=player))
        return ("MC.card.mutant_protectors", msg("Mutant Protectors puts an X-Men ally from your hand into play, and "
                                                 "{player} has {ally} to put there", player=player, ally=ally))
    if state.defender is not None:
        return ("MC.def.one_defender", msg("{defender} is already defending this attack; only one character can be "
                                           "its defender, so Mutant Protectors cannot declare {ally}",
                                           defender=state.name_of(state.defender), ally=ally))
    return None


def can_play_preemptive_strike(state: AttackState) -> Verdict:
    """MC.card.preemptive_strike: it interrupts a boost card being turned face up."""
    if state.step > 3:
        return ("MC.atk.sequence", msg("Preemptive Strike interrupts a boost card being turned face up at step 3, but "
                                       "the attack is already at step {step}", step=state.step))
    if next_facedown_boost(state) is None:
        return ("MC.card.preemptive_strike",
                msg("Preemptive Strike needs a boost card being turned face up, and no facedown boost card is left"))
    return None


def next_facedown_boost(state: AttackState) -> int | None:
    """Index of the next boost card to turn face up (MC.atk.flip: in the order dealt)."""
    for i, b in enumerate(state.boost):
        if not b.face_up:
            return i
    return None


def is_villain_attack(state: AttackState) -> bool:
    """Whether the attacker is the villain (not a minion): "when the villain initiates an attack"."""
    return state.attacker.kind == "villain"


def activation_rank(state: AttackState, attacker: str, against: str) -> tuple[int, int]:
    """MC.atk.phase_order: where an activation falls in the villain phase: by player (in player order), the
    villain's activation against that player (0) before the minions engaged with them (1)."""
    seat = next((i for i, p in enumerate(state.players) if p.id == against), len(state.players))
    return seat, 0 if state.enemy(attacker).kind == "villain" else 1


def phase_activations(state: AttackState) -> list[tuple[str, str]]:
    """MC.atk.phase_order: the phase's activations as the position lists them, (enemy, player id): the attack
    resolving, then those to come, less the attacks a card or quickstrike causes (not activations of the phase)."""
    if not state.is_enemy_attack:
        return []
    listed = [(state.attacker.name, state.attacked_player, state.cause)]
    listed += [(p.attacker, p.against, p.cause) for p in state.pending]
    return [(enemy, against) for enemy, against, cause in listed if not cause]


def can_attack_in_this_order(state: AttackState) -> Verdict:
    """MC.atk.phase_order: in player order, the villain activates against a player, then each minion engaged with
    that player (in the order that player chooses). The phase's activations, as the position lists them (the one
    resolving, then those to come), must keep that order; attacks a card or quickstrike causes are not activations
    of the phase and are not ordered."""
    if not state.is_enemy_attack:
        return None
    acts = phase_activations(state)
    for i, (enemy, against) in enumerate(acts):
        rank = activation_rank(state, enemy, against)
        for first, first_against in acts[i + 1:]:
            if activation_rank(state, first, first_against) >= rank:
                continue
            who, first_who = state.player(against).name, state.player(first_against).name
            if first_against == against:
                return ("MC.atk.phase_order", msg(
                    "{enemy} activates against {player} before the villain, {villain}, does: in the villain phase the "
                    "villain activates against a player first, then the minions engaged with that player",
                    enemy=enemy, player=who, villain=first))
            return ("MC.atk.phase_order", msg(
                "{enemy} activates against {player} before {first} activates against {first_player}: the villain "
                "phase goes in player order, the villain and then the minions for each player in turn",
                enemy=enemy, player=who, first=first, first_player=first_who))
    return None


def boost_cards_due(enemy: Enemy) -> int:
    """MC.atk.boost_dealt: 1 for a villain or a villainous minion, 0 for other minions, +1 per extra-boost effect."""
    base = 1 if enemy.kind == "villain" or "villainous" in enemy.keywords else 0
    return base + (1 if "extra boost" in enemy.keywords else 0)


def retaliate_value(char: Character) -> int:
    """MC.kw.retaliate: every instance adds up (printed, and gained for the phase)."""
    return sum(int(k.split()[1]) for k in (*char.keywords, *char.gained) if k.startswith("retaliate "))


def is_stunned(enemy: Enemy) -> bool:
    """MC.status.stun_replaces_attack: one stun card, or two for a steady enemy."""
    return enemy.stunned >= stun_limit(enemy.keywords)


def stun_limit(keywords: frozenset[str]) -> int:
    """MC.status.stun: a character holds one stun card, a steady one two."""
    return 2 if "steady" in keywords else 1


def can_prevent(state: AttackState, player_id: str, card: str, left: int) -> Verdict:
    """MC.prevent.interrupt: it interrupts damage *your identity* would take from this attack."""
    ident = state.identity_of(player_id)
    if state.target != ident.id:
        return ("MC.prevent.interrupt", msg("{card} prevents damage you would take, but the attack's damage goes to "
                                            "{target}, not {identity}", card=card,
                                            target=state.name_of(state.target), identity=ident.name))
    if left <= 0:
        return ("MC.prevent.interrupt", msg("{identity} would take no damage from this attack, so there is nothing "
                                            "for {card} to prevent", identity=ident.name, card=card))
    return None


def can_play_after_hero_defends(state: AttackState, player_id: str) -> Verdict:
    """MC.def.after_defends: "after your hero defends" needs your hero to have defended this attack; through a
    (defense) label counts (ruling (i), a setting)."""
    how = dict(state.hero_defended).get(player_id)
    hero = state.identity_of(player_id)
    if how is None:
        return ("MC.def.after_defends", msg("{hero} did not defend this attack", hero=hero.name))
    if how == "label" and not state.settings.after_defends_through_label:
        return ("MC.def.after_defends", msg("{hero} became the defender only through a (defense) label, which under "
                                            "the reading chosen here (after_defends_through_label: false) is not "
                                            "defending", hero=hero.name))
    return None


def can_respond_after_attack(state: AttackState, card: str) -> Verdict:
    """MC.atk.sequence: "after" responses come once the attack has dealt its damage (step 6)."""
    if not state.is_enemy_attack:
        return ("MC.atk.sequence", msg("{card} responds to an enemy attack, and no enemy is attacking", card=card))
    if not state.happened:
        return ("MC.status.stun_replaces_attack", msg("{enemy}'s attack did not happen, so nothing responds to it",
                                                      enemy=state.attacker.name))
    return None


def can_respond_before_forced(card: str, forced: tuple[str, ...]) -> Verdict:
    """MC.atk.forced_first: a response comes after every forced "after" ability of the attack; with none left to
    resolve, it may be played."""
    if forced:
        return ("MC.atk.forced_first", msg("{card} is a response, and the forced \"after\" abilities resolve before any "
                                           "response: {forced} first", card=card, forced=Listing(forced)))
    return None


def can_use_morphogenetics(state: AttackState, player_id: str) -> Verdict:
    """MC.hero.morphogenetics: after you play an Attack, Thwart or Defense event, exhaust Ms. Marvel → return it."""
    hero = state.identity_of(player_id)
    if "morphogenetics" not in hero.keywords or hero.kind != "hero":
        return ("MC.hero.morphogenetics", msg("{identity} has no Morphogenetics (it is Ms. Marvel's hero ability)",
                                              identity=hero.name))
    last = state.last_event
    card = lookup(last[1]) if last is not None else None
    if last is None or last[0] != player_id or card is None or not card.traits & {"Attack", "Thwart", "Defense"}:
        return ("MC.hero.morphogenetics", msg("Morphogenetics responds right after you play an Attack, Thwart or "
                                              "Defense event, and the last play was not one"))
    if hero.exhausted:
        return ("MC.hero.morphogenetics", msg("Morphogenetics costs exhausting {hero}, who is already exhausted",
                                              hero=hero.name))
    return None


def can_use_ms_marvel_ally(state: AttackState, player_id: str) -> Verdict:
    """MC.ally.ms_marvel: a Hero Response (your identity in hero form), right after you play an event, with the ally
    Ms. Marvel ready under your control."""
    ally = next((c for c in state.characters if c.controller == player_id and c.id == "Ms. Marvel (ally)"), None)
    if ally is None:
        return ("MC.ally.ms_marvel", msg("{player} controls no ally Ms. Marvel", player=state.player(player_id).name))
    ident = state.identity_of(player_id)
    if ident.kind != "hero":
        return ("MC.ally.ms_marvel", msg("Ms. Marvel's ability is a Hero Response, and {identity} is in alter-ego "
                                         "form", identity=ident.name))
    last = state.last_event
    card = lookup(last[1]) if last is not None else None
    if last is None or last[0] != player_id or card is None or card.type != "event":
        return ("MC.ally.ms_marvel", msg("Ms. Marvel responds right after you play an event, and the last play was "
                                         "not an event of yours"))
    if ally.exhausted:
        return ("MC.ally.ms_marvel", msg("her response costs exhausting Ms. Marvel, who is already exhausted"))
    return None


# -- a player's attack ------------------------------------------------------------------------------------
def can_attack_now(state: AttackState) -> Verdict:
    """MC.patk.basic: a basic attack is made in its player's turn, not during an enemy attack."""
    if state.is_enemy_attack:
        return ("MC.atk.sequence", msg("a basic attack is an action taken in your own turn, not during an enemy's "
                                       "attack"))
    return None


def can_character_attack(state: AttackState, char: Character, player_id: str) -> Verdict:
    """MC.patk.basic: the hero (not an alter-ego) or an ally its player controls exhausts to attack."""
    if char.controller != player_id:
        return ("MC.patk.basic", msg("{character} is not controlled by {player}", character=char.name,
                                     player=state.player(player_id).name))
    if char.kind == "alter_ego":
        return ("MC.patk.basic", msg("{character} is in alter-ego form and has no ATK to attack with",
                                     character=char.name))
    if char.exhausted:
        return ("MC.patk.basic", msg("{character} is exhausted, and attacking exhausts the character",
                                     character=char.name))
    return None


def can_attack_enemy(state: AttackState, player_id: str, enemy: Enemy) -> Verdict:
    """MC.kw.guard: while a guard minion is engaged with you, you cannot attack the villain."""
    if enemy.gone:
        return ("MC.patk.damage", msg("{enemy} is no longer in play", enemy=enemy.name))
    if enemy.kind == "villain":
        guards = [m.name for m in state.engaged_minions(player_id) if "guard" in m.keywords]
        if guards:
            return ("MC.kw.guard", msg("{minion} has guard and is engaged with {player}, so they cannot attack the "
                                       "villain, {villain}", minion=guards[0], player=state.player(player_id).name,
                                       villain=enemy.name))
    return None


def retaliate_of_enemy(enemy: Enemy) -> int:
    """MC.kw.retaliate: the enemy's retaliate X, its attachments' included (Solid-Sound Body)."""
    x = sum(int(k.split()[1]) for k in enemy.keywords if k.startswith("retaliate "))
    return x + sum(1 for a in enemy.attachments if a == "Solid-Sound Body")
