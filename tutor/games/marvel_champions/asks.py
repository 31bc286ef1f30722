"""The asks: the questions a Marvel Champions scenario can pose, answered from the attack at a moment.

Each ask names the point where its answer is settled (``at``), the quantities it reads (``reads``: the board
masks them until the learner answers; the last step that changed one of them decides the answer), the inputs it needs
in sight (``needs``), and the rule that fixes the answer where no step changed it (``origin``).
Choice labels built from parts (a play, an ability of a character) are messages; fixed ones are marked ``N_``.
"""

from __future__ import annotations

from typing import Any

from engine import marvel_champions as mc
from engine.core.message import N_, Message, msg
from engine.marvel_champions import rules as mc_rules
from engine.marvel_champions.cards import lookup
from engine.marvel_champions.defense import retaliate_value
from engine.core.effects import Key
from engine.marvel_champions import quantities as Q
from tutor.games.base import Ask, Choice, Solution, verdicts
from tutor.games.marvel_champions.models import Scenario
from tutor.games.marvel_champions.outside import (ENGAGEMENT_ASKS, card_cost, cost_reads, paid_reads, resources_paid,
                                                  retaliate_reads, revealable, revealed_card, revealed_minions)
from tutor.games.marvel_champions.position import allies_in_hand, build_state
from tutor.games.marvel_champions.plays import action_key, action_label, candidate_plays, legal_plays, play_verdicts
from tutor.games.marvel_champions.resolve import View

ATTACK_KEYWORDS = ("overkill", "piercing", "ranged", "indirect")


def _view(sol: Solution) -> View:
    return sol.outcome  # type: ignore[no-any-return]


def _state(sol: Solution) -> mc.AttackState:
    return _view(sol).state


def enemy_of(scn: Scenario, of: str | None) -> str | None:
    """The printed name of the enemy ``of`` names (by catalogue key or name), or None if it names no enemy."""
    names = {e.name for e in build_state(scn).enemies} | set(revealed_minions(scn))
    card = lookup(of or "")
    name = card.name if card is not None and card.is_enemy else of
    return name if name in names else None


def _subject(scn: Scenario, state: mc.AttackState, of: str | None) -> mc.Character | mc.Enemy | None:
    """The character (in play or defeated) or the enemy ``of`` names."""
    name = enemy_of(scn, of)
    if name is not None:
        return state.enemy(name) if state.has_enemy(name) else None
    for c in (*state.characters, *state.left_play):
        if c.id == of:
            return c
    return None


# -- answers -------------------------------------------------------------------------------------
def _hp_after(scn: Scenario, sol: Solution, of: str | None) -> int:
    who = _subject(scn, _state(sol), of)
    if who is None:
        return 0
    return max(0, who.hp - who.damage)


def _step_of(scn: Scenario, sol: Solution, of: str | None) -> int | None:
    return next((s.phase for s in sol.steps if s.rule == of), None)


def _status(kind: str) -> Any:
    def count(scn: Scenario, sol: Solution, of: str | None) -> int:
        who = _subject(scn, _state(sol), of)
        return int(getattr(who, kind, 0)) if who is not None else 0
    return count


def _is_exhausted(scn: Scenario, sol: Solution, of: str | None) -> bool:
    who = _subject(scn, _state(sol), of)
    return bool(getattr(who, "exhausted", False))


def _drawn(scn: Scenario, sol: Solution, of: str | None) -> int:
    state = _state(sol)
    return sum(p.drawn for p in state.players if of is None or p.id == of)


def _triggered(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return sorted(set(_state(sol).triggered))


# -- choices ---------------------------------------------------------------------------------------
def _players(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(p.id, p.name) for p in scn.setup.players]


def _built(key: Any, label: Message) -> Choice:
    """A choice whose label is built from parts (its English, and the message)."""
    return Choice(key, str(label), label)


def _phrase(text: str) -> Message:
    """A fixed phrase marked ``N_`` where it is defined (a step's name), as a parameter of a message."""
    return msg(text)


def _characters(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """The characters on the board, and the allies in hand a card may put into play (Mutant Protectors)."""
    state = build_state(scn)
    chars = [Choice(c.id, c.name) for c in state.characters]
    return chars + [_built(name, msg("{ally} (from the hand)", ally=name)) for name, _ in allies_in_hand(scn)
                    if name not in {c.key for c in chars}]


def _defenders(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return _characters(scn, of) + [Choice("none", N_("No defender"))]


def _steps(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return ([Choice(0, N_("When the attack is initiated, before step 1"))]
            + [_built(i, msg("{number}. {step}", number=i, step=_phrase(name)))
               for i, name in enumerate(mc.STEP_NAMES, start=1)]
            + [Choice(6, N_("After the attack"))])


def _abilities(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    """The abilities on the board that could trigger: the cards' own, keywords like retaliate, boost abilities,
    and every one that has triggered by the moment."""
    state = _state(sol) if sol is not None else build_state(scn)
    names: list[str | Message] = []  # a card's or an ability's own name, or a message
    for c in (*state.characters, *state.left_play):
        if "spider-sense" in c.keywords and c.kind == "hero":
            names.append(msg("Spider-Sense ({hero})", hero=c.name))
        if "morphogenetics" in c.keywords:
            names.append(msg("Morphogenetics ({hero})", hero=c.name))
        x = retaliate_value(c)
        names += [msg("Retaliate {amount} ({character})", amount=n, character=c.name) for n in sorted({1, x}) if x]
    for e in state.enemies:
        names += _enemy_abilities(e)
        if "sand blast" in e.keywords or "sand wave" in e.keywords:
            names.append("Surging Sands (City Streets)")
        names += [a for a in e.attachments if a in ("Charge", "Sonic Converter")]
        x = mc_rules.retaliate_of_enemy(e)
        names += [msg("Retaliate {amount} ({character})", amount=x, character=e.name)] if x else []
    names += [msg("{card}: Boost", card=b.name) for b in state.boost if b.face_up and b.star]
    names += [c for p in state.players for c in (*p.hand, *p.played, *p.upgrades)
              if c in ("Desperate Defense", "Never Back Down", "Indomitable")]
    names += state.triggered  # what triggered is named by its English (AttackState.triggered): the same keys
    choices: dict[str, Choice] = {}
    for n in names:
        if str(n) not in choices:
            choices[str(n)] = _built(str(n), n) if isinstance(n, Message) else Choice(n, n)
    return list(choices.values())


def _enemy_abilities(e: mc.Enemy) -> list[str | Message]:
    """The abilities an enemy's keywords give it, in the order of its keywords."""
    out: list[str | Message] = []
    for k in sorted(e.keywords):
        if k == "extra boost":
            out.append(msg("{enemy}: extra boost card", enemy=e.name))
        elif k == "sand blast":
            out.append("Sand Blast")
        elif k == "sand wave":
            out.append("Sand Wave")
        elif k == "tough after attack":
            out.append(msg("{enemy}: tough card", enemy=e.name))
        elif k == "stuns attacker":
            out.append(msg("{enemy}: stun the attacker", enemy=e.name))
    return out


def _plays(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    state = _state(sol) if sol is not None else build_state(scn)
    return [_built(action_key(state, a), action_label(state, a)) for a in candidate_plays(state)]


def _who(scn: Scenario, of: str | None) -> str:
    """What the state's lists (taken, tough_used, defeated) call ``of``: an enemy's name or a character id."""
    return enemy_of(scn, of) or (of or "")


def _kinds(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice("basic", N_("A basic defense (DEF counts)")), Choice("ally", N_("An ally defends")),
            Choice("label", N_("A (defense) label (no DEF)")), Choice("none", N_("Undefended"))]


_KEYWORD_LABELS = {"overkill": N_("overkill"), "piercing": N_("piercing"), "ranged": N_("ranged"),
                   "indirect": N_("indirect damage")}


def _keyword_choices(scn: Scenario, of: str | None, sol: Solution | None = None) -> list[Choice]:
    return [Choice(k, _KEYWORD_LABELS[k]) for k in ATTACK_KEYWORDS]


def _retaliate_of(scn: Scenario, sol: Solution, of: str | None) -> int:
    who = _subject(scn, _state(sol), of)
    if isinstance(who, mc.Enemy):
        return mc_rules.retaliate_of_enemy(who)
    return retaliate_value(who) if who is not None else 0


def _is_attacked(scn: Scenario, sol: Solution, of: str | None) -> bool:
    state = _state(sol)
    return state.is_enemy_attack and state.happened and state.target == of


def _attacked_player(scn: Scenario, sol: Solution, of: str | None) -> str:
    return _state(sol).target_player


def _target(scn: Scenario, sol: Solution, of: str | None) -> str:
    return _state(sol).target


def _defender(scn: Scenario, sol: Solution, of: str | None) -> str:
    return _state(sol).defender or "none"


def _is_defended(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return _state(sol).is_defended


def _atk_total(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _state(sol).atk_total or 0


def _damage_dealt(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _state(sol).damage or 0


def _damage_taken(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _state(sol).taken_by(_who(scn, of))


def _is_tough_discarded(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return _who(scn, of) in _state(sol).tough_used


def _is_defeated(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return _who(scn, of) in _state(sol).defeated


def _retaliate_damage(scn: Scenario, sol: Solution, of: str | None) -> int:
    return _state(sol).retaliate


def _attack_happens(scn: Scenario, sol: Solution, of: str | None) -> bool:
    """Read at the later moment (a lookahead ask): did the attack take place?"""
    return bool(sol.result.state.happened)


def _boost_cards_dealt(scn: Scenario, sol: Solution, of: str | None) -> int:
    """Read at the later moment (a lookahead ask): the boost cards dealt at step 1."""
    return len(sol.result.state.boost)


def _is_legal(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return sol.is_legal


def _is_illegal(scn: Scenario, sol: Solution, of: str | None) -> bool:
    return not sol.is_legal


def _defense_kind(scn: Scenario, sol: Solution, of: str | None) -> str:
    return _state(sol).defense_kind or "none"


def _forced_done(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return sorted(set(_state(sol).forced_done))


def _attack_keywords(scn: Scenario, sol: Solution, of: str | None) -> list[str]:
    return sorted(_state(sol).attack_keywords & set(ATTACK_KEYWORDS))


# -- what each ask reads (its keys, engine/marvel_champions/quantities.py) --------------------------------------------
def _attack(*quantities: str, later: bool = False) -> Any:
    """``reads`` of an ask about the attack at the moment (``later``: at the moment a lookahead ask reads); none
    where no enemy attack is resolving there."""
    def reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
        state = (sol.result if later else _view(sol)).state
        return tuple(Q.attack(state.attack_no, q) for q in quantities) if state.is_enemy_attack else ()
    return reads


def _of(*quantities: str) -> Any:
    """``reads`` of an ask about the character or enemy ``of`` names: its quantities (an enemy's where it has them)."""
    def reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
        name = enemy_of(scn, of)
        if name is not None:
            return tuple(Q.enemy(name, q) for q in quantities if q in Q.ENEMY)
        state = _state(sol)
        if all(c.id != of for c in state.characters):  # an ally defeated has left play: that is all it holds now
            return (Q.character(of or "", "in_play"),)
        return tuple(Q.character(of or "", q) for q in quantities if q in Q.CHARACTER)
    return reads


def _revealed(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """``reads`` of a damage ask while a card's When Revealed ability resolves: the damage the character ``of``
    would take from it, and how much of it interrupts prevented."""
    state = _state(sol)
    if not state.is_reveal or all(c != of for c, _ in state.incoming):
        return ()
    return (Q.revealed(of or "", "incoming"), Q.revealed(of or "", "prevented"))


def _both(*readers: Any) -> Any:
    return lambda scn, sol, of: tuple(k for r in readers for k in r(scn, sol, of))


def _attack_inputs(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """``needs`` of an ask about the attack's damage: what the attacker brings (its attachments, Charge's +3 ATK)
    and the boost icons revealed by the moment."""
    state = _state(sol)
    if not state.is_enemy_attack or state.attacker_name is None:
        return ()
    return (Q.enemy(state.attacker_name, "attachments"), Q.attack(state.attack_no, "boost_icons"))


def _drawn_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    return tuple(Q.player(p.id, "drawn") for p in _state(sol).players if of is None or p.id == of)


def _table_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """What the legal plays depend on: the attack's step, every hand and who is exhausted."""
    state = _state(sol)
    return (*_attack("step")(scn, sol, of), *(Q.player(p.id, "hand") for p in state.players),
            *(Q.character(c.id, "exhausted") for c in state.characters))


def _table_needs(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """``needs`` of a legal-plays ask: who is exhausted and what each player holds (the attack's step the question
    names)."""
    state = _state(sol)
    return (*(Q.character(c.id, "exhausted") for c in state.characters), *(Q.player(p.id, "hand") for p in state.players))


def _retaliate_reads(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """An enemy's retaliate comes with its attachments; a character's is printed, or played (Cuts Both Ways)."""
    name = enemy_of(scn, of)
    if name is not None:
        return (Q.enemy(name, "attachments"),)
    return tuple(Q.player(p.id, "played") for p in _state(sol).players)


def _order(scn: Scenario, sol: Solution, of: str | None) -> tuple[Key, ...]:
    """A phase of several activations: their order (MC.atk.phase_order records it once no rule refused it); a
    legality question reads it beside the plays' verdicts (the caption lists the activations, the input)."""
    return (Q.phase("order"),) if len(mc_rules.phase_activations(_view(sol).start)) > 1 else ()


_TABLE = ("MC.setup.position",)  # the table as set out: printed values, damage and status cards already there
_ATTACK = ("MC.atk.initiate",)  # whom the attack is against, its keywords, that it happens


def _the_rule(scn: Scenario, of: str | None) -> tuple[str, ...]:
    """``origin`` of ``step_of``: the rule the question names fixes the step it applies in (its step in the trace)."""
    return (of,) if of else ()


ASKS: dict[str, Ask] = {a.name: a for a in [
    Ask("attacked_player", "choice", "Attacked player", _attacked_player, _players,
        at="step2", reads=_attack("attacked_player", "target_player"),
        origin=_ATTACK,
        description="the player the attack is now against (the defender's controller once a defender is declared)"),
    Ask("target", "choice", "Target", _target, _characters,
        at="step2", reads=_attack("target"),
        origin=_ATTACK,
        description="the character the attack targets"),
    Ask("defender", "choice", "Defender", _defender, _defenders,
        at="step2", reads=_attack("defender"),
        origin=_ATTACK,
        description="the defending character, or 'none'"),
    Ask("is_defended", "yes_no", "Defended?", _is_defended,
        at="step2", reads=_attack("defender", "defense_kind"),
        origin=_ATTACK,
        description="whether the attack is considered defended"),
    Ask("atk_total", "number", "ATK", _atk_total,
        at="step4", reads=_attack("atk"), needs=_attack_inputs,
        origin=("MC.dmg.calc",),
        description="the attack's ATK after modifiers and boost icons (step 4)"),
    Ask("damage_dealt", "number", "Damage dealt", _damage_dealt,
        at="step4", reads=_attack("damage"), needs=_attack_inputs,
        origin=("MC.dmg.calc",),
        description="the damage the attack deals to its target at step 4 (after DEF, before tough and prevention)"),
    Ask("damage_taken", "number", "Damage taken", _damage_taken, needs_of=True, at="after_attack",
        reads=_both(_of("damage"), _revealed), needs=_attack_inputs,
        origin=_TABLE,
        description="the damage a character (or the enemy) actually takes during this attack"),
    Ask("hp_after", "number", "Hit points", _hp_after, needs_of=True, at="after_attack",
        reads=_both(_of("damage"), _revealed), needs=_attack_inputs,
        origin=_TABLE,
        description="a character's (or the enemy's) remaining hit points at the moment "
                                           "(by default after the attack)"),
    Ask("is_tough_discarded", "yes_no", "Tough card discarded?", _is_tough_discarded, needs_of=True, at="after_attack",
        reads=_of("tough"),
        origin=_TABLE,
        description="whether the character's (or the enemy's) tough status card is used up"),
    Ask("is_defeated", "yes_no", "Defeated?", _is_defeated, needs_of=True,
        at="after_attack", reads=_both(_of("damage", "in_play", "gone"), _revealed), needs=_attack_inputs,
        origin=_TABLE,
        description="whether the character is defeated by the attack"),
    Ask("retaliate_damage", "number", "Retaliate damage", _retaliate_damage,
        at="after_attack",
        reads=_attack("retaliate"),
        origin=("MC.kw.retaliate",),
        description="damage dealt to the attacking enemies by retaliate"),
    Ask("step_of", "choice", "Step", _step_of, _steps, needs_of=True, at="after_attack",
        reads=lambda scn, sol, of: (),  # read from the rule's own step, which no effect changes: see its origin
        origin=_the_rule,
        description="the attack step in which the rule named by 'of' (a rule id) applies"),
    Ask("attack_happens", "yes_no", "Does the attack happen?",
        _attack_happens, at="after_attack", lookahead=True,
        asked_at="start", reads=_attack("happens", later=True),
        origin=_ATTACK,
        description="whether the attack takes place at all (a stunned enemy's attack is replaced)"),
    Ask("boost_cards_dealt", "number", "Boost cards dealt", _boost_cards_dealt,
        at="step1", lookahead=True, asked_at="initiation", reads=_attack("boost_cards", later=True),
        origin=("MC.atk.boost_dealt",),
        description="how many boost cards the attacker is dealt at step 1 (asked at initiation)"),
    Ask("is_exhausted", "yes_no", "Exhausted?", _is_exhausted, needs_of=True,
        reads=_of("exhausted"),
        origin=_TABLE,
        description="whether the character is exhausted at the moment (defending exhausts; a label does not)"),
    Ask("tough_cards", "number", "Tough cards", _status("tough"), needs_of=True, at="after_attack",
        reads=_both(_of("tough"), _revealed),
        origin=_TABLE,
        description="how many tough status cards the character (or the enemy) has at the moment"),
    Ask("stun_cards", "number", "Stun cards", _status("stunned"), needs_of=True,
        reads=_of("stunned"),
        origin=_TABLE,
        description="how many stun status cards the character (or the enemy) has at the moment"),
    Ask("confused_cards", "number", "Confused cards", _status("confused"), needs_of=True,
        reads=_of("confused"),
        origin=_TABLE,
        description="how many confused status cards the character (or the enemy) has at the moment"),
    Ask("cards_drawn", "number", "Cards drawn", _drawn, at="after_attack",
        reads=_drawn_reads,
        origin=_TABLE,
        description="cards drawn during the attack (Spider-Sense, Wiggle Room); only by the player named in 'of', if given"),
    Ask("abilities_triggered", "multi_select", "Abilities triggered", _triggered, _abilities, at="after_attack",
        choices_at_moment=True, reads=lambda scn, sol, of: (Q.phase("triggered"),),
        origin=_TABLE,
        description="which abilities on the board have triggered by the moment (Spider-Sense, retaliate, Klaw's "
                    "extra boost card, a boost card's Boost ability)"),
    Ask("legal_plays", "multi_select", "Legal plays", legal_plays, _plays, choices_at_moment=True, explain=play_verdicts,
        reads=_table_reads, needs=_table_needs,
        origin=_TABLE,
        description="which plays (defending with each character, each card in hand) are legal at the moment"),
    Ask("is_legal", "yes_no", "Legal?", _is_legal, legal_only=False,
        reads=_both(verdicts, _order),
        origin=_TABLE,
        description="whether every play in the question's line of play is legal"),
    Ask("is_illegal", "yes_no", "Illegal?", _is_illegal, legal_only=False,
        reads=_both(verdicts, _order),
        origin=_TABLE,
        description="whether some play in the question's line of play is illegal (e.g. 'Do you have to defend first?')"),
    Ask("defense_kind", "choice", "Kind of defense", _defense_kind, _kinds,
        at="step2", reads=_attack("defense_kind"),
        origin=_ATTACK,
        description="how the attack is defended: a basic defense (DEF counts), an ally, a (defense) label, or none"),
    Ask("attack_keywords", "multi_select", "The attack has", _attack_keywords, _keyword_choices, at="initiation",
        reads=_attack("keywords"),
        origin=_ATTACK,
        description="the keywords the attack has once it is initiated (overkill, piercing, ranged, indirect damage)"),
    Ask("retaliate_value", "number", "Retaliate", _retaliate_of, needs_of=True,
        reads=_both(_retaliate_reads, retaliate_reads), needs=_retaliate_reads,
        origin=_TABLE,
        description="the character's (or an enemy's) retaliate X at the moment, every instance added up"),
    Ask("card_cost", "number", "Cost", card_cost, needs_of=True, reads=cost_reads,
        origin=("MC.cost.pay", "MC.cost.reduce"),
        description="the cost of the card named in 'of' at the moment (the resources it takes to play it): the "
                    "printed cost, changed by any modifier in force (Colossus costs 1 less for an X-Men)"),
    Ask("resources_paid", "number", "Resources generated", resources_paid, needs_of=True, reads=paid_reads,
        origin=("MC.cost.pay", "MC.cost.generate"),
        description="the resources generated to pay for the card named in 'of': by the cards discarded for it "
                    "(Energy generates two) and by the resource abilities used (an upgrade exhausted); beyond its "
                    "cost they are lost"),
    Ask("forced_first", "multi_select", "Forced abilities first", _forced_done, _abilities, at="after_attack",
        choices_at_moment=True, reads=_attack("forced"),
        origin=("MC.atk.forced_first",),
        description="the forced \"after\" abilities that resolve after the attack, before any player's response "
                    "(retaliate, Sonic Converter, Tiger Shark's tough card)"),
    Ask("revealed_card", "choice", "Revealed card", revealed_card, revealable,
        reads=lambda scn, sol, of: (Q.reveal("card"),) if _state(sol).is_reveal else (),
        origin=("MC.enc.when_revealed",),
        description="the encounter card whose When Revealed ability resolves at the moment (Under Fire reveals the "
                    "top card of the encounter deck)"),
    Ask("is_attacked", "yes_no", "Counts as attacked?", _is_attacked, needs_of=True, at="step2",
        reads=_attack("target", "defender", "happens"),
        origin=_ATTACK,
        description="whether the character counts as attacked (the defender, or the undefended target; a character "
                    "assigned indirect damage is not attacked for that)"),
    *ENGAGEMENT_ASKS,
]}
