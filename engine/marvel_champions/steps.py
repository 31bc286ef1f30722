"""An enemy attack's own progress: initiation and its forced interrupts, step 1, and the steps no play interrupts.

Every function returns the new state and the events it produced: trace steps, and the
:class:`~engine.core.trace.Mark` of each moment it passes (``initiation``, ``step1`` … ``step5``).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import IllegalPlay, NotModelled, Verdict
from engine.core.message import Listing, Message, msg, plural
from engine.core.effects import Key
from engine.core.trace import Event, Mark
from engine.marvel_champions import calc, damage, quantities as Q, rules
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.glossary import TRACER
from engine.marvel_champions.state import AttackState, BoostCard

T = TRACER
ATTACK_KEYWORDS = frozenset({"overkill", "piercing", "ranged"})


def obj(name: str) -> str | Message:
    """A player's name in object position: a player called "You" reads "attacks you"."""
    # TRANSLATORS: a player whose name is "You", in object position: "Rhino attacks you".
    return msg("you") if name == "You" else name


def require(verdict: Verdict, action: object, state: AttackState, passed: list[Event] | None = None) -> None:
    """Raise IllegalPlay if the verdict names a rule the play breaks; ``passed``: the events the play went through
    before it was refused (the steps it advanced)."""
    if verdict is not None:
        rule, reason = verdict
        err = IllegalPlay(rule, reason, action=action, state=state.summary())
        if passed:
            err.events = list(passed)
        raise err


# -- the phase's order -------------------------------------------------------------------------------
def keep_phase_order(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.atk.phase_order: a phase of several activations that keep their order (:func:`rules.can_attack_in_this_order`
    found none out of place) records that order, its effect: a question on the order is decided here."""
    acts = rules.phase_activations(state)
    if len(acts) < 2:
        return state, []
    state = replace(state, order=tuple(acts))
    listed = Listing(tuple(msg("{enemy} against {player}", enemy=enemy, player=obj(state.player(against).name))
                           for enemy, against in acts), "comma")
    return state, [T.step("MC.atk.phase_order", msg(
        "The villain phase's activations come in a legal order: {order}. In player order, the villain activates "
        "against each player, then the minions engaged with that player do.", order=listed), phase=0, at=state)]


# -- initiation ------------------------------------------------------------------------------------
def initiate(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.status.stun_replaces_attack, MC.kw.quickstrike, MC.atk.initiate, then the forced interrupts and
    Spider-Sense at initiation (MC.atk.initiation); the attack is then at step 0, before step 1."""
    a = state.attacker
    who = state.player(state.attacked_player)
    ident = state.identity_of(who.id)
    events: list[Event] = []
    if state.cause == "quickstrike":
        if ident.kind == "alter_ego":
            state = replace(state, skipped="alter_ego", finished=True, step=6)
            return state, [T.step("MC.kw.quickstrike", msg(
                "{enemy} engages {player}, who is in alter-ego form ({alter_ego}): quickstrike attacks only a hero, "
                "so {enemy} does not attack.", enemy=a.name, player=who.name, alter_ego=ident.name), phase=0, at=state)]
        events.append(T.step("MC.kw.quickstrike", msg("{enemy} engages {player}'s hero: with quickstrike he attacks "
                                                      "at once.", enemy=a.name, player=who.name), phase=0, at=state,
                             keep=(Q.attack(state.attack_no, "happens"),)))
    if rules.is_stunned(a):  # ruling (d): the attack never initiates
        need = 2 if "steady" in a.keywords else 1
        state = state.with_enemy(replace(a, stunned=a.stunned - need))
        state = replace(state, replaced_by_stun=True, boost=(), finished=True, step=6)
        if need == 2:
            text = msg("{enemy} is stunned: instead of attacking {player}, it discards both stun cards. No boost card "
                       "is dealt and the attack never happens.", enemy=a.name, player=obj(who.name))
        else:
            text = msg("{enemy} is stunned: instead of attacking {player}, it discards its stun card. No boost card "
                       "is dealt and the attack never happens.", enemy=a.name, player=obj(who.name))
        held = (Q.attack(state.attack_no, "boost_cards"), *_damage_keys(state, state.target))
        return state, events + [T.step("MC.status.stun_replaces_attack", text, phase=0, at=state, keep=held)]
    if a.stunned:  # a stun card that does not stop a steady enemy (it needs two)
        events.append(T.step("MC.status.stun_replaces_attack", msg(
            "{enemy} holds a stun card, but it is steady: it needs two stun cards to be stunned, so it attacks and "
            "keeps its stun card.", enemy=a.name), phase=0, at=state,
            keep=(Q.enemy(a.name, "stunned"), Q.attack(state.attack_no, "happens"))))
    state = replace(state, step=0, attack_keywords=state.attack_keywords | (a.keywords & ATTACK_KEYWORDS),
                    atk_mods=attachment_mods(state) + state.atk_mods)
    events.append(T.step("MC.atk.initiate", msg("{enemy} attacks {player} ({identity}).", enemy=a.name,
                                                player=obj(who.name), identity=ident.name), phase=0, at=state,
                         keep=_against(state)))
    if a.kind == "minion":  # "when the villain attacks" abilities (Spider-Sense) draw nobody
        events.append(T.step("MC.atk.minion", _minion_text(state), phase=0, at=state,
                             keep=(Q.player(who.id, "drawn"),)))
    for trigger in (charge, sand, spider_sense):
        state, more = trigger(state)
        events += more
    return state, events


def _against(state: AttackState) -> tuple[Key, ...]:
    """Whom the attack is against: the attacked player, and the target (until a defender is declared)."""
    n = state.attack_no
    return (Q.attack(n, "attacked_player"), Q.attack(n, "target_player"), Q.attack(n, "target"))


def _damage_keys(state: AttackState, char_id: str | None) -> tuple[Key, ...]:
    """A character's damage, if it is on the table (a rule that keeps it: the damage it did not take)."""
    return (Q.character(char_id, "damage"),) if char_id and state.has_character(char_id) else ()


def _minion_text(state: AttackState) -> Message:
    a = state.attacker
    who = obj(state.player(state.attacked_player).name)
    if "villainous" in a.keywords:
        return msg("{minion} is a minion engaged with {player}: it has villainous, so it gets a boost card, and "
                   "\"when the villain attacks\" abilities do not trigger.", minion=a.name, player=who)
    return msg("{minion} is a minion engaged with {player}: it gets no boost card (it is not villainous), and "
               "\"when the villain attacks\" abilities do not trigger.", minion=a.name, player=who)


def attachment_mods(state: AttackState) -> tuple[tuple[str, int], ...]:
    """MC.dmg.calc: the ATK the attacker's attachments give it (Charge +3, Sonic Converter +1)."""
    out = []
    for name in state.attacker.attachments:
        card = lookup(name)
        if card is not None and card.atk:
            out.append((name, card.atk))
    return tuple(out)


def charge(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.card.charge: "When Rhino attacks, the attack gains overkill" (a Forced Interrupt)."""
    if "Charge" not in state.attacker.attachments:
        return state, []
    state = replace(state, attack_keywords=state.attack_keywords | {"overkill"}).with_trigger("Charge")
    return state, [T.step("MC.card.charge", msg("Charge's Forced Interrupt: {enemy}'s attack gains overkill (Charge "
                                                "is discarded at the end of the attack).", enemy=state.attacker.name),
                          phase=0, at=state)]


def sand(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.villain.sand_blast / MC.villain.sand_wave: Sandman's Forced Interrupt when he attacks you."""
    kws = state.attacker.keywords
    who = state.player(state.attacked_player).name
    if "sand blast" in kws:
        state = replace(state, attack_keywords=state.attack_keywords | {"indirect"}, sands_for=state.attacked_player)
        return state.with_trigger("Sand Blast"), [T.step("MC.villain.sand_blast", msg(
            "Sandman's Sand Blast (Forced Interrupt): his attack on {player} deals indirect damage, which {assigner} "
            "will assign among their characters.", player=obj(who), assigner=who), phase=0, at=state)]
    if "sand wave" in kws:
        state = replace(state, attack_keywords=state.attack_keywords | {"overkill"}, sands_for=state.attacked_player)
        return state.with_trigger("Sand Wave"), [T.step("MC.villain.sand_wave", msg(
            "Sandman's Sand Wave (Forced Interrupt): his attack on {player} gains overkill.", player=obj(who)),
            phase=0, at=state)]
    return state, []


def spider_sense(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.hero.spider_sense: "when the villain initiates an attack against you, draw 1 card"."""
    who = state.player(state.attacked_player)
    ident = state.identity_of(who.id)
    if "spider-sense" not in ident.keywords or ident.kind != "hero" or not rules.is_villain_attack(state):
        return state, []
    state = state.with_player(replace(who, drawn=who.drawn + 1)).with_trigger(f"Spider-Sense ({ident.name})")
    return state, [T.step("MC.hero.spider_sense", msg("{enemy} initiates an attack against {player}: {hero}'s "
                                                      "Spider-Sense draws {player} 1 card.", enemy=state.attacker.name,
                                                      player=who.name, hero=ident.name), phase=0, at=state)]


# -- step 1 -----------------------------------------------------------------------------------------
def leave_initiation(state: AttackState) -> tuple[AttackState, list[Event]]:
    """The initiation interrupts are over: mark the moment, then step 1 (MC.atk.boost_dealt)."""
    if state.step != 0:
        return state, []
    events: list[Event] = [Mark("initiation", state)]
    state, more = deal_boost(state)
    state = replace(state, step=2)
    return state, events + more + [Mark("step1", state)]


def deal_boost(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.atk.boost_dealt: one card for a villain or villainous minion, plus extra cards from effects."""
    a = state.attacker
    due = rules.boost_cards_due(a) - len(state.boost)
    if due <= 0:
        if not state.boost:
            return state, [T.step("MC.atk.boost_dealt", msg("{minion} is a minion without villainous: it is dealt no "
                                                            "boost card.", minion=a.name), phase=1, at=state,
                                  keep=(Q.attack(state.attack_no, "boost_cards"),))]
        return state, [T.step("MC.atk.boost_dealt", _dealt_text(state, len(state.boost)), phase=1, at=state)]
    known = state.encounter[:due]
    unknown = tuple(BoostCard("?", 0, known=False) for _ in range(due - len(known)))
    state = replace(state, boost=state.boost + known + unknown, encounter=state.encounter[due:])
    if "extra boost" in a.keywords:
        state = state.with_trigger(f"{a.name}: extra boost card")
    return state, [T.step("MC.atk.boost_dealt", _dealt_text(state, len(state.boost)), phase=1, at=state)]


def _dealt_text(state: AttackState, n: int) -> Message:
    a = state.attacker
    if "extra boost" in a.keywords and n > 1:
        return plural("{enemy} is dealt {n} facedown boost card ({enemy}'s Forced Interrupt gives him an extra boost "
                      "card).", "{enemy} is dealt {n} facedown boost cards ({enemy}'s Forced Interrupt gives him an "
                      "extra boost card).", "n", enemy=a.name, n=n)
    return plural("{enemy} is dealt {n} facedown boost card.", "{enemy} is dealt {n} facedown boost cards.", "n",
                  enemy=a.name, n=n)


# -- steps 2 to 5 -------------------------------------------------------------------------------------
def undefended(state: AttackState) -> list[Event]:
    """MC.atk.undefended: with no defender at the end of step 2, the attacked identity is the target."""
    who = state.player(state.target_player)
    ident = state.identity_of(who.id)
    return [T.step("MC.atk.undefended", msg("Nobody defends, so the attack targets {player}'s identity, {identity}, "
                                            "and is undefended.", player=who.name, identity=ident.name), phase=2,
                   at=state, keep=(*_against(state), Q.attack(state.attack_no, "defender"),
                                   Q.attack(state.attack_no, "defense_kind")))]


def advance(state: AttackState, to: int) -> tuple[AttackState, list[Event]]:
    """Resolve the attack's own steps up to the start of step ``to`` (2 to 6), marking each step's end."""
    state, events = leave_initiation(state)
    if to >= 3 and state.step < 3:
        if state.defender is None:
            events += undefended(state)
        events.append(Mark("step2", state))
        state = replace(state, step=3)
    if to >= 4 and state.step < 4:
        try:
            state, more = damage.reveal_all(state)
        except NotModelled as err:
            err.events = events  # the moments reached before it stopped
            raise
        events += more
        events.append(Mark("step3", state))
    if to >= 5 and state.step < 5:
        state, more = calc.calculate(state)
        events += more
        events.append(Mark("step4", state))
        state, more = damage.before_interrupts(state)
        events += more
    if to >= 6 and state.step < 6:
        state, more = damage.deal(state)
        events += more
        state = replace(state, step=6)
        events.append(Mark("step5", state))
    return state, events


def next_attack(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.atk.phase: the next enemy attack of the phase begins; what the last one spent stays spent."""
    nxt, rest = state.pending[0], state.pending[1:]
    state, lost = end_attack_gains(state)
    ident = state.identity_of(nxt.against)
    state = replace(
        state, attacker_name=nxt.attacker, attacked_player=nxt.against, target_player=nxt.against, target=ident.id,
        boost=(), encounter=nxt.encounter, defender=None, defense_kind=None, defense_label_player=None, step=1,
        hero_defended=(), def_mods=(), atk_mods=nxt.atk_mods, attack_keywords=nxt.keywords, atk_total=None,
        damage=None, prevented=0, assigned=None, attack_damaged=(), replaced_by_stun=False, skipped="",
        finished=False, delayed=(), last_event=None, sands_for=None, pending=rest, attack_no=state.attack_no + 1,
        cause=nxt.cause, amplify=nxt.amplify, forced_done=())
    spent = [c.name for c in state.characters if c.exhausted]
    enemy, player = state.attacker.name, obj(state.player(nxt.against).name)
    if spent:
        text = plural("The attack is over; next, {enemy} attacks {player}. {characters} stays exhausted.",
                      "The attack is over; next, {enemy} attacks {player}. {characters} stay exhausted.", "n",
                      enemy=enemy, player=player, characters=Listing(tuple(spent)), n=len(spent))
    else:
        text = msg("The attack is over; next, {enemy} attacks {player}.", enemy=enemy, player=player)
    events: list[Event] = [*lost, T.step("MC.atk.phase", text, phase=0, at=state)]
    state, more = initiate(state)
    return state, events + more


def end_attack_gains(state: AttackState) -> tuple[AttackState, list[Event]]:
    """MC.card.aerial_agility: a keyword gained "for this attack" (Aerial Agility's retaliate 1) is lost once the
    attack is over."""
    events: list[Event] = []
    for cid, kw in state.attack_gained:
        if state.has_character(cid):
            char = state.character(cid)
            gained = list(char.gained)
            gained.remove(kw)
            char = replace(char, gained=tuple(gained))
            state = state.with_character(char)
            events.append(T.step("MC.card.aerial_agility", msg(
                "The attack is over: {character} loses the retaliate 1 Aerial Agility gave for that attack only "
                "(retaliate {total} now).", character=char.name, total=rules.retaliate_value(char)), phase=6,
                at=state))
    return replace(state, attack_gained=()), events
